"""Seed 003 at the table (issue 15 items 6 and 9): its sample encounters play to the end headless through
the kernel and the table's seam, deterministically; a reaction goes to the reacting creature's player and
a standing order answers it. Lines quoted from seed 003 (``../shared/seeds/003_c2dc3d650823e22d.txt``)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from game.kernel.decisions import PASS, StandingOrder
from game.rulesets import PLAYABLE
from game.rulesets.seed003 import events as ev
from game.rulesets.seed003.commands import Move
from game.rulesets.seed003.fight import OPPORTUNITY
from game.runner import build_encounter, play, run
from game.session import Session

ROOT = Path(__file__).resolve().parents[3]
SAMPLES = ("crypt_vigil_003", "marsh_reeds_003")


def test_seed003_is_playable() -> None:
    assert "seed003" in PLAYABLE


@pytest.mark.parametrize("sample", SAMPLES)
def test_a_sample_plays_to_the_end_with_auto_and_the_same_seed_gives_the_same_log(sample: str) -> None:
    """The issue's "Done when": "Both sample encounters play to the end with --auto" (square and hex)."""
    logs = []
    for _ in range(2):
        out = io.StringIO()
        assert run(str(ROOT / "maps" / f"{sample}.toml"), seed=2, auto=True, as_json=True, out=out) == 0
        logs.append(out.getvalue())
    assert logs[0] == logs[1]
    assert '"event":"fight_ended"' in logs[0] and '"note"' not in logs[0]


def test_the_hex_sample_is_on_hexes_and_the_square_one_on_squares() -> None:
    kinds = {s: build_encounter(ROOT / "maps" / f"{s}.toml").encounter.state.board.kind.value  # type: ignore[attr-defined]
             for s in SAMPLES}
    assert kinds == {"crypt_vigil_003": "square", "marsh_reeds_003": "hex"}


ENCOUNTER = """format = 2
ruleset = "seed003"
map = "{map}"
use_map_creatures = false
[sides.party]
control = "Ann"
[sides.foes]
control = "Bob"
[[creatures]]
name = "Hale"
side = "party"
template = "hale_varrow"
at = [5, 12]
[[creatures]]
name = "Hound"
side = "foes"
template = "cinder_hound"
at = [6, 12]
"""


def _session(tmp_path: Path) -> Session:
    path = tmp_path / "duel.toml"
    path.write_text(ENCOUNTER.format(map=(ROOT / "maps" / "square_crypt.tmx").as_posix()))
    return Session.open(path)


def test_an_opportunity_attack_is_handed_to_the_reacting_creatures_player(tmp_path: Path) -> None:
    """003 line 181 ("they provoke an Opportunity Attack"), issue 15 item 6: "Reactions are the player's
    choice here ... Hot-seat hands the table to the chooser and back"."""
    session = _session(tmp_path)
    hale = session.encounter.acting
    assert hale is not None and hale.name == "Hale" and session.acting_controller == "Ann"
    session.apply(Move(hale.id, session.source.board.grid.offset_to_cell(3, 12)), by="Ann")
    asked = session.question
    assert asked is not None and asked.kind == OPPORTUNITY and session.acting_controller == "Bob"
    session.answer(asked.id, PASS, by="Bob")
    assert session.question is None and session.acting_controller == "Ann"


def test_a_standing_order_answers_the_opportunity_attack(tmp_path: Path) -> None:
    """Issue 15 item 6: "standing orders answer them when set"."""
    session = _session(tmp_path)
    session.seats.set_order("Bob", OPPORTUNITY, StandingOrder.ALWAYS)
    hale = session.encounter.acting
    assert hale is not None
    events = session.apply(Move(hale.id, session.source.board.grid.offset_to_cell(3, 12)), by="Ann")
    assert session.question is None
    assert any(isinstance(e, ev.OpportunityAttackMade) for e in events)
    assert session.played[-1].by == "standing order"


def test_the_ai_plays_every_side_to_the_end() -> None:
    loaded = build_encounter(ROOT / "maps" / "marsh_reeds_003.toml", 4)
    fight = play(loaded, auto=True, emit=lambda e: None)
    assert fight.over and fight.winner


def test_the_benchmark_times_seed_003_fights_beside_seed_000s() -> None:
    """Issue 15 "Done when": "`python -m game bench` reports 003 fights per second beside 000's"."""
    from game.bench import OTHER_RULESET_FIGHTS, ruleset_rates

    assert {f"{s}.toml" for s in SAMPLES} <= set(OTHER_RULESET_FIGHTS)
    rate, rounds, kind = ruleset_rates(ROOT / "maps" / "marsh_reeds_003.toml", 1, 1)
    assert rate > 0 and rounds >= 1 and kind == "hex"


def test_nearby_is_the_encounters_else_the_maps_property_else_6() -> None:
    """003 line 152 ("they can be next to/engaged with each other with one move action"); issue 15 item 4:
    "the nearby distance a documented default, overridable per map or encounter"."""
    from game.board import Board
    from game.errors import EncounterFileError
    from game.grid import Square, SquareGrid
    from game.rulesets.package import Entry, FileSetup
    from game.rulesets.seed003.content import load_sheets
    from game.rulesets.seed003.package import RULESET

    sheets = load_sheets()
    entries = [Entry("hale", "Hale", "party", sheets["hale_varrow"], Square(1, 1)),
               Entry("hound", "Hound", "foes", sheets["cinder_hound"], Square(5, 5))]

    def nearby(options: dict[str, object], properties: dict[str, object]) -> int:
        board = Board(SquareGrid(32, 32), 8, 8, properties=properties)
        setup = FileSetup(Path("f.toml"), "m", 1, {"max_rounds": 50, **options}, None, None)
        return RULESET.new_fight(board, entries, setup).nearby

    assert nearby({}, {}) == 6
    assert nearby({}, {"nearby": 3}) == 3
    assert nearby({"nearby": 5}, {"nearby": 3}) == 5
    with pytest.raises(EncounterFileError, match="nearby"):
        nearby({}, {"nearby": "far"})


def test_every_command_kind_reads_back_from_its_json() -> None:
    """Seed 003's commands as JSON lines (golden logs, replays): each kind, and an answer, read back exactly."""
    from game.command_codec import command_from_line, command_line
    from game.grid import Square
    from game.kernel.decisions import Answer
    from game.rulesets.seed003.commands import (Delay, Disengage, EndTurnCommand, FightInSpirit, Flee, GrantSave,
                                                Rally, Ready, Stabilize, SwitchStance, UseAbility)

    board = build_encounter(ROOT / "maps" / "crypt_vigil_003.toml").board
    commands = [Move("a", Square(3, 4)), Move("a", Square(3, 5), (Square(3, 4), Square(3, 5))),
                UseAbility("a", "basic_melee", ("b",)), UseAbility("a", "ashfall", ("b", "c"), coup=True),
                Disengage("a", Square(2, 2)), SwitchStance("a", "ranged"), Rally("a"), Stabilize("a", "b"),
                Delay("a", "very slow"), Ready("a", "basic_ranged"), EndTurnCommand("a"), Answer(3, "pass", "AI"),
                GrantSave("a", "b"), FightInSpirit("a", "b", "saves"), Flee("a")]
    for command in commands:
        line = command_line(command, board, rules="seed003")
        assert command_from_line(line, board, "x.jsonl", "line 1", rules="seed003") == command, line
