"""Hidden creatures as the game master's command (issue 18 item 2): kept in the session's commands, so undo,
saves and resume keep them; bad ``gm_hide`` lines in a save are one line naming the place."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.hidden import HideCreature
from game.kernel.engine import Impossible
from game.saves import SaveError
from game.session import AI, Session

CRYPT = Path(__file__).resolve().parents[1] / "maps" / "crypt_skirmish.toml"


def test_hide_and_reveal_replay_through_a_save_and_the_fight_is_unchanged(tmp_path: Path) -> None:
    session = Session.open(CRYPT, {"heroes": "Ann", "monsters": AI})
    log = list(session.encounter.log)
    session.hide("ghoul")
    session.hide("skeleton_1")
    session.hide("ghoul", False)
    assert session.hidden == {"skeleton_1"} and session.encounter.log == log  # no rule, no event
    assert [p.by for p in session.played[-3:]] == ["Ann"] * 3  # the game master's (the first player)
    resumed = Session.resume(session.save(tmp_path / "s.jsonl"))
    assert resumed.hidden == {"skeleton_1"}
    assert [p.command for p in resumed.played] == [HideCreature("ghoul"), HideCreature("skeleton_1"),
                                                   HideCreature("ghoul", False)]


def test_hiding_a_creature_not_in_the_fight_is_refused() -> None:
    session = Session.open(CRYPT, {"heroes": "Ann", "monsters": AI})
    with pytest.raises(Impossible, match="no creature 'nobody'"):
        session.hide("nobody")
    assert session.played == []


def test_a_bad_gm_hide_line_in_a_save_is_one_line_naming_it(tmp_path: Path) -> None:
    session = Session.open(CRYPT, {"heroes": "Ann", "monsters": AI})
    session.hide("ghoul")
    path = session.save(tmp_path / "s.jsonl")
    lines = path.read_text(encoding="utf-8").splitlines()
    record = json.loads(lines[1])
    record["command"]["hidden"] = "yes"
    path.write_text("\n".join([lines[0], json.dumps(record)]) + "\n", encoding="utf-8")
    with pytest.raises(SaveError) as caught:
        Session.resume(path)
    assert "line 2: command.hidden" in str(caught.value) and "\n" not in str(caught.value)
