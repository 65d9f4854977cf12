"""Seed 002's squeeze through tight spaces [72], the free stand [75], and sparing one enemy a move's provoking
[76-80] (``../shared/seeds/002_1e58761ab2413878.txt``; each test quotes the line it checks)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board import Board, Terrain
from game.grid import Cell, HexGrid, SquareGrid
from game.grid.hex import StaggerAxis, StaggerIndex
from game.kernel.engine import Impossible
from game.mechanics import tactics
from game.mechanics.tactics.pieces import PieceId
from game.rulesets.package import Entry
from game.rulesets.seed002 import events as ev
from game.rulesets.seed002.ai import choose_command
from game.rulesets.seed002.commands import Advance, Charge, DropProne, EndTurnCommand, Move, Stand
from game.rulesets.seed002.encounter_file import CommandSpec, command_from_json, command_to_json
from game.rulesets.seed002.fight import OPPORTUNITY, Seed002Fight
from game.rulesets.seed002.provoking import threatening
from game.rulesets.seed002.queries import would_provoke
from game.rulesets.seed002.state import field_for
from game.tiled import load_board
from tests.rulesets.seed002.test_fight import SHEETS, at, duel, events, fight, rig

# -- sparing an enemy a move's provoking ------------------------------------------------------------------------


def test_a_move_can_spare_one_enemy_its_opportunity_attack() -> None:
    """seed 002, line 76: "ADVANCE [Move, OA from Certain Movement]"; line 80: "You do not provoke an OA from
    your grabber for leaving their threatened square": the fight's named way to exempt one enemy from a move's
    provoking, which Escape uses."""
    f = duel()
    wren = f.piece("wren")
    assert wren is not None and threatening(f.state, wren) == ("bruiser",)
    n = f.engine.new_action()
    f.exempt_from_provoking(n, "bruiser")
    f.engine.run(f.walk_steps(n, wren, (at(f, 1, 2),), "move"))
    assert not any(d.kind == OPPORTUNITY for d in f.pending)
    assert wren.cell == at(f, 1, 2) and events(f, ev.CreatureMoved)
    g = duel()  # the same move, nobody spared: the bruiser is asked
    wren = g.piece("wren")
    assert wren is not None
    n = g.engine.new_action()
    g.engine.run(g.walk_steps(n, wren, (at(g, 1, 2),), "move"))
    assert [d.chooser for d in g.pending if d.kind == OPPORTUNITY] == ["bruiser"]


# -- squeeze -----------------------------------------------------------------------------------------------------

GAP = (5, 5)
"""The one way through the wall down column 5: a tight space."""


def walled(*placed: tuple[str, str, str, int, int], hexes: bool = False) -> Seed002Fight:
    """A 12 x 12 board split by a wall down column 5 but for the tight space at :data:`GAP`; (id, sheet, side,
    col, row) per creature, the first listed acting first."""
    grid = HexGrid(32, 36, 18, StaggerAxis.Y, StaggerIndex.ODD) if hexes else SquareGrid(32, 32)
    terrain = {grid.offset_to_cell(5, r): Terrain(wall=True) for r in range(12) if (5, r) != GAP}
    terrain[grid.offset_to_cell(*GAP)] = Terrain(tight=True)
    board = Board(grid, 12, 12, terrain=terrain)
    entries = [Entry(pid, pid.title(), side, SHEETS[sheet], grid.offset_to_cell(col, row))
               for pid, sheet, side, col, row in placed]
    f = Seed002Fight(board, entries, seed=1)
    rig(f, [20 - 6 * i for i in range(len(entries))])
    f.start()
    return f


@pytest.mark.parametrize("hexes", [False, True])
def test_a_squeeze_goes_through_a_tight_space_at_speed_minus_1_rank(hexes: bool) -> None:
    """seed 002, line 72: "SQUEEZE: You can squeeze through tight spaces, half your normal space. You squeeze
    at your normal speed -1 rank (typically 15 feet)": 3 squares at rank 0, through the tight space."""
    f = walled(("wren", "wren_ashdown", "party", 3, 5), ("bruiser", "dock_bruiser", "wharf", 11, 0), hexes=hexes)
    assert "can squeeze 3 squares" in f.why_illegal(Move("wren", at(f, 7, 5), "squeeze", (
        at(f, 4, 5), at(f, 5, 5), at(f, 6, 5), at(f, 7, 5))))
    assert not f.why_illegal(Move("wren", at(f, 6, 5), "squeeze"))
    f.apply(Move("wren", at(f, 6, 5), "squeeze"))
    wren = f.piece("wren")
    assert wren is not None and wren.cell == at(f, 6, 5)
    assert [e.to for e in events(f, ev.CreatureMoved)][-2:] == [at(f, 5, 5), at(f, 6, 5)]  # type: ignore[attr-defined]


@pytest.mark.parametrize("hexes", [False, True])
def test_a_walk_or_a_run_refuses_a_tight_space(hexes: bool) -> None:
    """seed 002, line 72: "You can squeeze through tight spaces": a tight space is entered only squeezing; a
    walk or a run (and a charge, an advance) does not go through it."""
    f = walled(("wren", "wren_ashdown", "party", 3, 5), ("bruiser", "dock_bruiser", "wharf", 8, 5), hexes=hexes)
    through = (at(f, 4, 5), at(f, 5, 5), at(f, 6, 5))
    for way in ("walk", "run"):
        assert "tight space" in f.why_illegal(Move("wren", at(f, 6, 5), way, through))
        assert "tight space" in f.why_illegal(Move("wren", at(f, 5, 5), way))
        assert f.why_illegal(Move("wren", at(f, 6, 5), way))  # no walk around the wall either
    assert f.why_illegal(Charge("wren", "bruiser", "warden_blade", at(f, 7, 5)))
    assert f.why_illegal(Advance("wren", at(f, 5, 5)))
    assert not f.why_illegal(Move("wren", at(f, 4, 5)))  # up to it is a walk
    assert not f.why_illegal(Move("wren", at(f, 6, 5), "squeeze", through))


def test_leaving_a_tight_space_is_a_walk_and_a_crawl_goes_through_one() -> None:
    """seed 002, line 72: squeeze "through tight spaces" (entering one is the squeeze; walking out of one is a
    walk); line 73: "While prone, you can only move by crawling" (our reading: a crawl goes where a squeeze
    goes)."""
    f = walled(("wren", "wren_ashdown", "party", 4, 5), ("bruiser", "dock_bruiser", "wharf", 11, 0))
    f.apply(Move("wren", at(f, 5, 5), "squeeze"))
    f.apply(EndTurnCommand("wren"))
    f.apply(EndTurnCommand("bruiser"))
    assert not f.why_illegal(Move("wren", at(f, 9, 5)))
    g = walled(("wren", "wren_ashdown", "party", 4, 5), ("bruiser", "dock_bruiser", "wharf", 11, 0))
    g.apply(DropProne("wren"))
    g.apply(Move("wren", at(g, 5, 5), "crawl"))
    assert g.piece("wren").cell == at(g, 5, 5)  # type: ignore[union-attr]


def test_the_ai_squeezes_when_that_is_its_way() -> None:
    """seed 002, line 72: "You can squeeze through tight spaces": the AI, its enemy across the wall, squeezes
    through the tight space toward it."""
    f = walled(("bruiser", "dock_bruiser", "wharf", 3, 5), ("wren", "wren_ashdown", "party", 9, 5))
    command = choose_command(f)
    assert isinstance(command, Move) and command.way == "squeeze" and command.to == at(f, 6, 5)
    f.apply(command)
    assert f.piece("bruiser").cell == at(f, 6, 5)  # type: ignore[union-attr]


def test_a_squeeze_in_an_encounter_file_and_its_json() -> None:
    """seed 002, line 72: the squeeze is a way of the move command: ``{ do = "move", way = "squeeze" }``."""
    f = walled(("wren", "wren_ashdown", "party", 3, 5), ("bruiser", "dock_bruiser", "wharf", 11, 0))
    board = f.state.board
    command = command_from_json({"do": "move", "creature": "wren", "to": [6, 5], "way": "squeeze"}, board,
                                "test.toml", "commands[1]")
    assert command == Move("wren", at(f, 6, 5), "squeeze")
    assert command_to_json(command, board)["way"] == "squeeze"
    assert CommandSpec.model_validate({"do": "move", "to": [1, 1], "way": "squeeze"}).way == "squeeze"


MAP = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="{orientation}" renderorder="right-down" width="6" height="3"
     tilewidth="32" tileheight="32" infinite="0"{hexes} nextlayerid="3" nextobjectid="3">
 <objectgroup id="1" name="terrain">
  <object id="1" x="64" y="32" width="32" height="32">
   <properties><property name="tight" type="bool" value="true"/></properties>
  </object>
 </objectgroup>
</map>
"""


@pytest.mark.parametrize("hexes", [False, True])
def test_a_tiled_map_marks_tight_spaces(tmp_path: Path, hexes: bool) -> None:
    """seed 002, line 72: "tight spaces": the Tiled terrain property ``tight = true`` marks them, on squares
    and on hexes."""
    path = tmp_path / "tight.tmx"
    path.write_text(MAP.format(orientation="hexagonal" if hexes else "orthogonal",
                               hexes=' hexsidelength="16" staggeraxis="y" staggerindex="odd"' if hexes else ""))
    _, board = load_board(path)
    tight = [board.grid.cell_to_offset(c) for c, t in board.special_cells().items() if t.tight]
    assert len(tight) == 1 and not board.terrain(board.grid.offset_to_cell(*tight[0])).wall


# -- the free stand ----------------------------------------------------------------------------------------------

def prone_duel(**changes: object) -> Seed002Fight:
    """:func:`duel` with Wren's sheet changed by ``changes``, Wren prone next to the bruiser, on its turn."""
    f = fight(("wren", replace(SHEETS["wren_ashdown"], **changes), "party", 2, 2),  # type: ignore[arg-type]
              ("bruiser", "dock_bruiser", "wharf", 3, 2))
    f.apply(DropProne("wren"))
    return f


def needed(f: Seed002Fight) -> int:
    """The die the free stand needs: DC 10 + power level x 2, less Acrobatics."""
    wren = f.piece("wren")
    assert wren is not None
    return 10 + 2 * wren.template.power_level - wren.template.acrobatics


def test_the_free_stand_is_free_provokes_nothing_and_needs_the_hard_dc() -> None:
    """seed 002, line 75: "You can go from prone to standing as a free action (with no Opportunity Action) by
    making an Acrobatics check with a Hard DC (DC 10 + Power Level x 2)"."""
    f = prone_duel(acrobatics=3, power_level=4)
    assert would_provoke(f, Stand("wren", free=True)) == () and would_provoke(f, Stand("wren")) == ("bruiser",)
    rig(f, [needed(f)])
    f.apply(Stand("wren", free=True))
    wren = f.piece("wren")
    assert wren is not None and not wren.prone and not f.pending
    assert events(f, ev.FreeStandTried) == [ev.FreeStandTried("wren", True)]
    assert wren.economy.pips == (1, 1, 1)  # its standard, move and quick actions are all left


def test_a_failed_free_stand_leaves_it_prone_once_a_turn_and_the_move_stand_stays() -> None:
    """seed 002, line 75: "You can go from prone to standing as a free action (with no Opportunity Action) by
    making an Acrobatics check with a Hard DC (DC 10 + Power Level x 2)"; on a failure it is still prone, one try a turn
    (our reading); line 74: "STAND [Move, OA]"."""
    f = prone_duel(acrobatics=3, power_level=4)
    rig(f, [needed(f) - 1])
    f.apply(Stand("wren", free=True))
    wren = f.piece("wren")
    assert wren is not None and wren.prone and events(f, ev.FreeStandTried) == [ev.FreeStandTried("wren", False)]
    assert "one try a turn" in f.why_illegal(Stand("wren", free=True))
    f.apply(Stand("wren"))
    assert [d.chooser for d in f.pending if d.kind == OPPORTUNITY] == ["bruiser"]


def test_a_free_stand_command_in_an_encounter_file_and_its_json() -> None:
    """seed 002, line 75: "You can go from prone to standing as a free action (with no Opportunity Action) by
    making an Acrobatics check with a Hard DC (DC 10 + Power Level x 2)": ``{ do = "stand", free = true }``."""
    f = prone_duel()
    board = f.state.board
    command = command_from_json({"do": "stand", "creature": "wren", "free": True}, board, "t.toml", "commands[1]")
    assert command == Stand("wren", free=True)
    assert command_to_json(command, board) == {"do": "stand", "creature": "wren", "free": True}
    assert command_to_json(Stand("wren"), board) == {"do": "stand", "creature": "wren"}


@pytest.mark.parametrize(("acrobatics", "free"), [(8, True), (-4, False)])
def test_the_ai_tries_the_free_stand_when_its_odds_are_good(acrobatics: int, free: bool) -> None:
    """seed 002, line 75: "You can go from prone to standing as a free action (with no Opportunity Action) by
    making an Acrobatics check with a Hard DC (DC 10 + Power Level x 2)": the AI tries it when it succeeds at least half
    the time, else stands as a move."""
    f = prone_duel(acrobatics=acrobatics, power_level=4)  # needs 10 + 8 - 8 = 10 (11 in 20) / 22 (never)
    command = choose_command(f)
    assert command == Stand("wren", free=free)


def test_squeezing_out_of_a_threatened_square_provokes() -> None:
    """seed 002, line 68: "MOVE [Move, OA from Movement]" (a squeeze [72] is one of the move's ways): squeezing
    out of a threatened square provokes as a walk does [69]."""
    f = walled(("wren", "wren_ashdown", "party", 4, 5), ("bruiser", "dock_bruiser", "wharf", 4, 4))
    move = Move("wren", at(f, 6, 5), "squeeze")
    assert would_provoke(f, move) == ("bruiser",)
    f.apply(move)
    assert [d.chooser for d in f.pending if d.kind == OPPORTUNITY] == ["bruiser"]


@settings(max_examples=40, deadline=None)
@given(st.sets(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=20),
       st.sets(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=12))
def test_only_a_squeeze_or_a_crawl_enters_a_tight_space(tight: set[tuple[int, int]],
                                                         walls: set[tuple[int, int]]) -> None:
    """seed 002, line 72: "You can squeeze through tight spaces [...] at your normal speed -1 rank": on any
    board, no walk, run, charge, advance or withdraw route enters a tight square, and every squeeze route costs
    at most 3 squares (rank 0); a squeeze is offered only to where a walk does not go."""
    grid = SquareGrid(32, 32)
    start, foe = (0, 0), (7, 7)
    terrain: dict[Cell, Terrain] = {grid.offset_to_cell(*c): Terrain(tight=True) for c in tight - {start, foe}}
    terrain |= {grid.offset_to_cell(*c): Terrain(wall=True) for c in walls - tight - {start, foe}}
    board = Board(grid, 8, 8, terrain=terrain)
    entries = [Entry("wren", "Wren", "party", SHEETS["wren_ashdown"], grid.offset_to_cell(*start)),
               Entry("bruiser", "Bruiser", "wharf", SHEETS["dock_bruiser"], grid.offset_to_cell(*foe))]
    f = Seed002Fight(board, entries, seed=1)
    rig(f, [20, 1])
    f.start()
    wren = f.state.creatures[PieceId("wren")]
    for mode in ("move", "run", "charge", "advance", "withdraw", "squeeze"):
        found = tactics.reachable(field_for(f.state, mode), wren, mode, f.budget_of(wren, mode))
        for route in found.values():
            for path in (route.path, route.safest_path):
                if mode == "squeeze":
                    assert tactics.path_cost(f.state.squeezing, wren, path, mode) <= 3  # type: ignore[operator]
                else:
                    assert not any(board.terrain(c).tight for c in path), (mode, path)
    walks = tactics.reachable(f.state, wren, "move", f.budget_of(wren, "move"))
    for command in f.legal_commands():
        if isinstance(command, Move) and command.way == "squeeze":  # offered only where a walk does not go
            assert command.to not in walks and not f.why_illegal(command)


def test_a_board_says_whether_it_has_a_tight_space_without_a_walk_over_its_cells() -> None:
    """seed 002, line 72: "tight spaces": a squeeze is offered only on a board that has one (a compact board
    answers from its palette)."""
    from array import array

    from game.board import PLAIN
    from game.rulesets.seed002.state import has_tight

    grid = SquareGrid(32, 32)
    assert not has_tight(Board(grid, 4, 4, terrain={grid.offset_to_cell(1, 1): Terrain(wall=True)}))
    assert has_tight(Board(grid, 4, 4, terrain={grid.offset_to_cell(1, 1): Terrain(tight=True)}))
    codes = array("I", [0] * 16)
    codes[5] = 1
    compact = Board(grid, 4, 4, codes=codes, palette=(PLAIN, Terrain(tight=True)))
    assert has_tight(compact) and compact.terrains() == {Terrain(tight=True)}
