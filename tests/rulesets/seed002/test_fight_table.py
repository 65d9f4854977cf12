"""Seed 002 at the table (issue 19 items 4 and 6): an opportunity attack goes to the reacting creature's player
and a standing order answers it; the file's commands read back from JSON; a bad command is one line naming
the file and the place; the bench times seed 002 (seed 002, ``../shared/seeds/002_1e58761ab2413878.txt``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.errors import GameError
from game.grid import Square
from game.kernel.decisions import PASS, Answer, StandingOrder
from game.rulesets.seed002 import events as ev
from game.rulesets.seed002.commands import (Advance, Aim, Attack, Charge, Defend, Delay, DropProne, EndTurnCommand,
                                            Move, Recover, Stand, Withdraw)
from game.rulesets.seed002.fight import OPPORTUNITY
from game.runner import build_encounter, play
from game.session import Session

ROOT = Path(__file__).resolve().parents[3]

ENCOUNTER = """format = 2
ruleset = "seed002"
map = "{map}"
use_map_creatures = false
seed = 2
[sides.party]
control = "Ann"
[sides.wharf]
control = "Bob"
[[creatures]]
name = "Wren"
side = "party"
template = "wren_ashdown"
at = [5, 12]
[[creatures]]
name = "Bruiser"
side = "wharf"
template = "dock_bruiser"
at = [6, 12]
{more}"""


def _file(tmp_path: Path, more: str = "") -> Path:
    path = tmp_path / "duel.toml"
    path.write_text(ENCOUNTER.format(map=(ROOT / "maps" / "square_crypt.tmx").as_posix(), more=more))
    return path


def test_an_opportunity_attack_is_handed_to_the_reacting_creatures_player(tmp_path: Path) -> None:
    """seed 002, line 122: an enemy leaving a threatened square "provokes an Opportunity Attack from you" (the
    reactor's player decides: issue 19 item 4, "Each is the player's decision")."""
    session = Session.open(_file(tmp_path))  # seed 2: Wren's initiative is the higher
    wren = session.encounter.acting
    assert wren is not None and session.acting_controller == "Ann"
    session.apply(Move(wren.id, session.source.board.grid.offset_to_cell(3, 12)), by="Ann")
    asked = session.question
    assert asked is not None and asked.kind == OPPORTUNITY and session.acting_controller == "Bob"
    session.answer(asked.id, PASS, by="Bob")
    assert session.question is None and session.acting_controller == "Ann"


def test_a_standing_order_answers_the_opportunity_attack(tmp_path: Path) -> None:
    """Issue 19 item 4: "Each is the player's decision, with standing orders"."""
    session = Session.open(_file(tmp_path))  # seed 2: Wren's initiative is the higher
    session.seats.set_order("Bob", OPPORTUNITY, StandingOrder.ALWAYS)
    wren = session.encounter.acting
    assert wren is not None
    events = session.apply(Move(wren.id, session.source.board.grid.offset_to_cell(3, 12)), by="Ann")
    assert session.question is None
    assert any(isinstance(e, ev.AttackMade) and e.kind == "opportunity" for e in events)
    assert session.played[-1].by == "standing order"


def test_every_command_kind_reads_back_from_its_json() -> None:
    """Seed 002's commands as JSON lines (golden logs, replays): each kind, and an answer, read back exactly."""
    from game.command_codec import command_from_line, command_line

    board = build_encounter(ROOT / "maps" / "crypt_wharf_002.toml").board
    commands = [Move("a", Square(3, 4)), Move("a", Square(3, 5), "run", (Square(3, 4), Square(3, 5))),
                Move("a", Square(3, 4), "crawl"), Advance("a", Square(2, 2)), Withdraw("a", Square(1, 1)),
                Attack("a", "b", "bow"), Charge("a", "b", "axe", Square(4, 4), (Square(4, 4),)), Defend("a"),
                Recover("a"), Aim("a", "b"), Stand("a"), DropProne("a"), Delay("a"), EndTurnCommand("a"),
                Answer(3, "pass", "AI")]
    for command in commands:
        line = command_line(command, board, rules="seed002")
        assert command_from_line(line, board, "x.jsonl", "line 1", rules="seed002") == command, line


def test_the_files_commands_are_played_and_a_bad_one_is_one_line(tmp_path: Path) -> None:
    """The file's ``[[commands]]`` play before the AI; a command missing its target is refused in one line
    naming the file and the command's place."""
    good = _file(tmp_path, '[[commands]]\ndo = "defend"\ncreature = "wren"\n')
    fight = play(build_encounter(good), auto=True, emit=lambda e: None)
    assert fight.log.index(next(e for e in fight.log if isinstance(e, ev.Defending) and e.creature == "wren")) < \
        fight.log.index(next(e for e in fight.log if isinstance(e, ev.ActionSpent) and e.creature == "bruiser"))
    bad = _file(tmp_path, '[[commands]]\ndo = "attack"\ncreature = "wren"\nattack = "warden_blade"\n')
    with pytest.raises(GameError) as err:
        play(build_encounter(bad), auto=True, emit=lambda e: None)
    text = str(err.value)
    assert "duel.toml" in text and "commands[1]" in text and "'attack' needs 'target'" in text
    assert "\n" not in text


def test_the_benchmark_times_seed_002_fights() -> None:
    """Issue 19 "Done when": "bench reports 002 fights per second"."""
    from game.bench import OTHER_RULESET_FIGHTS, ruleset_rates

    assert {"crypt_wharf_002.toml", "marsh_wharf_002.toml"} <= set(OTHER_RULESET_FIGHTS)
    rate, rounds, kind = ruleset_rates(ROOT / "maps" / "marsh_wharf_002.toml", 1, 1)
    assert rate > 0 and rounds >= 1 and kind == "hex"
