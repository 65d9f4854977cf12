"""Seed 004's ranges and maneuvers, 1.2.3 and 1.2.3.1-1.2.3.5 (``../shared/seeds/004_683255cd0bfe0fc3.txt``,
lines 28-33), on squares and hexes."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board import Board, Terrain
from game.grid import Cell, Grid, Hex, Square, SquareGrid
from game.grid.hex import HexGrid, StaggerAxis, StaggerIndex
from game.kernel.dice import Dice, Roll
from game.kernel.engine import Impossible
from game.kernel.events import Event
from game.rulesets.seed004.maneuvers import Maneuver, maneuver, why_not
from game.rulesets.seed004.ranges import Ground, destination, range_between
from tests.rulesets.seed004.fighters004 import F, fighter

SQUARES = SquareGrid(32, 32)
HEXES = HexGrid(32, 36, 18, StaggerAxis.Y, StaggerIndex.ODD)
WALL = Terrain(wall=True)


class ScriptedDice(Dice):
    """Dice whose faces are given in order; each roll is still logged."""

    def __init__(self, faces: list[int]) -> None:
        self.log: list[Event] = []
        super().__init__(0, self.log.append)
        self.faces = list(faces)
        self.sides: list[int] = []

    def roll(self, count: int, sides: int, bonus: int, purpose: str, keep: int = 0) -> Roll:
        face = self.faces.pop(0)
        assert 1 <= face <= sides
        self.sides.append(sides)
        return Roll(f"1d{sides}", (face,), 0, face)


def M(id: str, cell: Cell, side: str = "a", alert: bool = True, fallen: bool = False, dx: int = 12) -> F:
    return fighter(id, side=side, alert=alert, fallen=fallen, dx=dx, cell=cell)


def square_ground(*movers: F, walls: tuple[Square, ...] = ()) -> Ground:
    board = Board(SQUARES, 12, 12, terrain={w: WALL for w in walls})
    return Ground.of(board, (m.cell for m in movers))


def test_the_range_is_the_grid_distance_on_squares_and_hexes() -> None:
    """Seed 004, line 28, 1.2.3: ranges between characters run 1..6 (ours: grid distance, one cell an inch)."""
    assert range_between(SQUARES, Square(1, 1), Square(4, 3)) == 3
    assert range_between(HEXES, Hex(0, 0), Hex(2, -1)) == 2


def test_a_made_close_reduces_the_range_by_two_along_the_line() -> None:
    """Seed 004, line 29, 1.2.3.1: "Reduces range to any one other character by two if a D100 DX check is made"."""
    ann, bob = M("ann", Square(1, 5)), M("bob", Square(7, 5), side="b")
    dice = ScriptedDice([9])
    out = maneuver(Maneuver.CLOSE, ann, bob, square_ground(ann, bob), dice)
    assert (out.range_before, out.range_after, out.cell) == (6, 4, Square(3, 5))
    assert dice.sides == [100]


def test_a_missed_close_reduces_the_range_by_one() -> None:
    """Seed 004, line 29, 1.2.3.1: "otherwise reduces the range by one"."""
    ann, bob = M("ann", Square(1, 5)), M("bob", Square(7, 5), side="b")
    out = maneuver(Maneuver.CLOSE, ann, bob, square_ground(ann, bob), ScriptedDice([50]))
    assert (out.range_after, out.cell, out.stumbled) == (5, Square(2, 5), False)


def test_a_close_rolling_91_or_more_stumbles_and_checks_on_a_d20() -> None:
    """Seed 004, line 29, 1.2.3.1: "If a 91 or more is rolled on the DX check, the range is not reduced and a DX
    check must be made to avoid falling, normally on a D20"."""
    ann, bob = M("ann", Square(1, 5)), M("bob", Square(7, 5), side="b")
    dice = ScriptedDice([91, 13])
    out = maneuver(Maneuver.CLOSE, ann, bob, square_ground(ann, bob), dice)
    assert (out.range_after, out.cell, out.stumbled, out.fallen_after) == (6, Square(1, 5), True, True)
    assert dice.sides == [100, 20]
    kept = maneuver(Maneuver.CLOSE, ann, bob, square_ground(ann, bob), ScriptedDice([100, 12]))
    assert kept.stumbled and not kept.fallen_after


def test_an_open_rolling_91_or_more_checks_on_a_d40() -> None:
    """Seed 004, line 30, 1.2.3.2: an open "Increases range ... by two if a D100 DX check is made ... If a 91 or
    more is rolled ... a DX check must be made to avoid falling, normally on a D40"."""
    ann, bob = M("ann", Square(4, 5)), M("bob", Square(5, 5), side="b")
    made = maneuver(Maneuver.OPEN, ann, bob, square_ground(ann, bob), ScriptedDice([3]))
    assert (made.range_after, made.cell) == (3, Square(2, 5))
    dice = ScriptedDice([95, 30])
    out = maneuver(Maneuver.OPEN, ann, bob, square_ground(ann, bob), dice)
    assert dice.sides == [100, 40] and out.range_after == 1 and out.fallen_after


def test_steps_change_the_range_by_one_on_hexes() -> None:
    """Seed 004, lines 31-32, 1.2.3.3-1.2.3.4: step close "Reduces range ... by one", step open "Increases range
    ... by one"; no dice."""
    board = Board(HEXES, 12, 12)
    ann = M("ann", HEXES.offset_to_cell(2, 5))
    bob = M("bob", HEXES.offset_to_cell(6, 5), side="b")
    ground = Ground.of(board, (ann.cell, bob.cell))
    dice = ScriptedDice([])
    near = maneuver(Maneuver.STEP_CLOSE, ann, bob, ground, dice)
    far = maneuver(Maneuver.STEP_OPEN, ann, bob, ground, dice)
    assert (near.range_before, near.range_after, far.range_after) == (4, 3, 5)
    assert range_between(HEXES, near.cell, ann.cell) == 1 and range_between(HEXES, far.cell, ann.cell) == 1
    assert range_between(HEXES, near.cell, bob.cell) == 3 and range_between(HEXES, far.cell, bob.cell) == 5


def test_change_range_sets_any_range_from_1_to_6_to_a_fallen_opponent_only() -> None:
    """Seed 004, line 33, 1.2.3.5: "May change range to any fallen opponent to any range between 1 and 6"."""
    ann = M("ann", Square(1, 1))
    down = M("orc", Square(5, 1), side="b", fallen=True)
    out = maneuver(Maneuver.CHANGE_RANGE, ann, down, square_ground(ann, down), ScriptedDice([]), new_range=1)
    assert (out.range_after, out.cell) == (1, Square(4, 1))
    standing, ally = M("gob", Square(5, 3), side="b"), M("cat", Square(5, 5), fallen=True)
    assert why_not(Maneuver.CHANGE_RANGE, ann, standing, 2) == "change range needs a fallen opponent; gob is not one"
    assert why_not(Maneuver.CHANGE_RANGE, ann, ally, 2) is not None
    assert why_not(Maneuver.CHANGE_RANGE, ann, down, 7) == "change range sets a range from 1 to 6, not 7"


def test_only_alert_characters_maneuver() -> None:
    """Seed 004, line 28, 1.2.3: "Can be used only if alert"."""
    ann, bob = M("ann", Square(1, 1), alert=False), M("bob", Square(3, 1), side="b")
    with pytest.raises(Impossible, match="ann is not alert"):
        maneuver(Maneuver.STEP_CLOSE, ann, bob, square_ground(ann, bob), ScriptedDice([]))


def test_rising_from_fallen_replaces_the_first_range_change() -> None:
    """Seed 004, line 28, 1.2.3: "Rising from a fallen position replaces the first range change": a made close
    by a fallen character rises and closes by one; a step close only rises."""
    ann, bob = M("ann", Square(1, 5), fallen=True), M("bob", Square(7, 5), side="b")
    out = maneuver(Maneuver.CLOSE, ann, bob, square_ground(ann, bob), ScriptedDice([4]))
    assert (out.rose, out.range_after, out.fallen_after) == (True, 5, False)
    step = maneuver(Maneuver.STEP_CLOSE, ann, bob, square_ground(ann, bob), ScriptedDice([]))
    assert (step.rose, step.range_after, step.cell) == (True, 6, ann.cell)


def test_a_wall_on_the_line_moves_the_mover_to_the_nearest_free_cell_at_that_range() -> None:
    """Seed 004, line 31, 1.2.3.3 (ours: the cell): a step close ends at range 5 from Bob; the cell on the
    straight line is a wall, so the free cell at range 5 nearest the mover."""
    ann, bob = M("ann", Square(1, 5)), M("bob", Square(7, 5), side="b")
    out = maneuver(Maneuver.STEP_CLOSE, ann, bob, square_ground(ann, bob, walls=(Square(2, 5),)), ScriptedDice([]))
    assert out.range_after == 5 and out.cell in (Square(2, 4), Square(2, 6)) and not out.short


def test_with_no_free_cell_at_the_earned_range_the_change_is_smaller() -> None:
    """Seed 004, line 28, 1.2.3 ("the Gamesmaster may determine that certain maneuvers may be impossible"; ours):
    a made close earns two, but every cell at range 1 around Bob is a wall: Ann closes to 2."""
    ann, bob = M("ann", Square(5, 1)), M("bob", Square(5, 4), side="b")
    ring = SQUARES.ring(Square(5, 4), 1)
    out = maneuver(Maneuver.CLOSE, ann, bob, square_ground(ann, bob, walls=ring), ScriptedDice([1]))
    assert (out.range_after, out.short) == (2, True)


def test_a_range_above_6_is_a_gm_call_allowed_by_default() -> None:
    """Seed 004, line 28, 1.2.3: "up to a maximum range of 6; check with the gamesmaster for ranges greater than
    6": logged as a GM call whose default allows it."""
    ann, bob = M("ann", Square(1, 1)), M("bob", Square(7, 1), side="b")
    out = maneuver(Maneuver.STEP_OPEN, ann, bob, square_ground(ann, bob), ScriptedDice([]))
    assert out.range_after == 7 and len(out.gm_calls) == 1 and "default: allowed" in out.gm_calls[0]


cells = st.tuples(st.integers(1, 10), st.integers(1, 10))


@settings(max_examples=200, deadline=None)
@given(cells, cells, st.booleans(), st.sampled_from([Maneuver.STEP_CLOSE, Maneuver.STEP_OPEN]),
       st.sets(cells, max_size=12))
def test_a_step_lands_on_a_free_cell_at_the_new_range_or_changes_less(a: tuple[int, int], b: tuple[int, int],
                                                                      hexes: bool, kind: Maneuver,
                                                                      walls: set[tuple[int, int]]) -> None:
    """Seed 004, lines 31-32: a step changes the range by one; the mover ends on a free cell (never a wall, never
    another's cell) at exactly the range it reports, which differs from the earned one only when marked short."""
    grid: Grid[Any] = HEXES if hexes else SQUARES
    ca, cb = grid.offset_to_cell(*a), grid.offset_to_cell(*b)
    if ca == cb:
        return
    wall_cells = {grid.offset_to_cell(*w) for w in walls} - {ca, cb}
    board = Board(grid, 12, 12, terrain={w: WALL for w in wall_cells})
    ground = Ground(board, frozenset({ca, cb}))
    ann, bob = M("ann", ca), M("bob", cb, side="b")
    out = maneuver(kind, ann, bob, ground, ScriptedDice([]))
    assert out.cell == ca or (ground.is_free(out.cell) and out.cell not in wall_cells)
    assert grid.distance(out.cell, cb) == out.range_after
    earned = max(1, out.range_before + (1 if kind is Maneuver.STEP_OPEN else -1))
    assert out.short == (out.range_after != earned)
    if not out.short and out.range_after != out.range_before:
        assert destination(ground, ca, cb, out.range_after) == out.cell
