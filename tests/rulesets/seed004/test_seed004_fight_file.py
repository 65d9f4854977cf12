"""Seed 004's encounter file: ``[preparations]`` (alert, fallen, weapons in hand), ``[[commands]]`` played by
their option keys, and every mistake refused in one line naming the file and the place."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.errors import EncounterFileError
from game.rulesets.seed004 import events as ev
from game.rulesets.seed004.fight import Seed004Fight
from game.runner import build_encounter, play

REPO = Path(__file__).resolve().parents[3]

HEAD = f'''format = 2
ruleset = "seed004"
map = "{(REPO / "maps" / "square_crypt.tmx").as_posix()}"
use_map_creatures = false

[[creatures]]
name = "Oswin"
side = "a"
template = "oswin_hale"
at = [6, 11]

[[creatures]]
name = "Wolf"
side = "b"
template = "fen_wolf"
at = [7, 11]
'''


def _file(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "fight.toml"
    path.write_text(HEAD + body, encoding="utf-8")
    return path


def test_preparations_set_alertness_fallen_and_the_weapons_in_hand(tmp_path: Path) -> None:
    path = _file(tmp_path, '[preparations]\noswin = { alert = false, fallen = true, in_hand = [] }\n')
    fight = build_encounter(path, 1).encounter
    assert isinstance(fight, Seed004Fight)
    o = fight.char("oswin")
    assert not o.alert and o.blows.fallen and o.in_hand == () and o.sheathed == ("arming_sword",)


def test_scripted_options_are_played_by_their_keys(tmp_path: Path) -> None:
    path = _file(tmp_path, '[[commands]]\ndo = "option"\ncreature = "oswin"\noption = "pass:fall"\n')
    loaded = build_encounter(path, 1)
    fight = play(loaded, auto=False, emit=lambda e: None)
    assert [e for e in fight.log if isinstance(e, ev.Passed)][0] == ev.Passed("oswin", (), True, None)


@pytest.mark.parametrize("body, words", [
    ('[preparations]\nnobody = { alert = false }\n', "preparations.nobody: no creature has the id 'nobody'"),
    ('[preparations]\noswin = { in_hand = ["axe"] }\n', "preparations.oswin.in_hand: 'oswin' has no weapon 'axe'"),
    ('[[commands]]\ndo = "option"\ncreature = "oswin"\noption = "dance"\n', "not an option: 'dance'"),
    ('[[commands]]\ndo = "option"\ncreature = "oswin"\noption = "attack:wolf:axe"\n', "impossible: "),
])
def test_mistakes_are_refused_in_one_line_naming_the_file_and_the_place(tmp_path: Path, body: str,
                                                                         words: str) -> None:
    path = _file(tmp_path, body)
    with pytest.raises(EncounterFileError) as err:
        play(build_encounter(path, 1), auto=False, emit=lambda e: None)
    text = str(err.value)
    assert "fight.toml" in text and words in text and "\n" not in text
