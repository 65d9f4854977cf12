"""The ruler's geometry (issue 18 item 3, ``game.mechanics.measure``): its cells are the tactics' distance,
its line of effect is ``tactics.line_of_effect``'s, on squares and hexes."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from game.board import Board, Terrain
from game.grid import Square, SquareGrid
from game.mechanics import tactics
from game.mechanics.measure import (DEFAULT_FEET_PER_CELL, Diagonals, cells_apart, diagonals_of, feet_per_cell,
                                    field_of, measure)
from game.mechanics.tactics import PieceId
from game.rulesets.seed000.tactics_rules import SEED000_TACTICS
from game.rulesets.seed003.tactics_rules import Seed003Tactics
from tests.mechanics.test_shared_tactics import HEX, Skirmish, Token

W, H = 14, 12
WALL = Terrain(wall=True)


def board_of(kind: str, walls: frozenset[tuple[int, int]] = frozenset(),
             properties: dict[str, object] | None = None) -> Board:
    grid = SquareGrid(32, 32) if kind == "square" else HEX
    return Board(grid, W, H, terrain={grid.offset_to_cell(c, r): WALL for c, r in walls}, properties=properties)


offsets = st.tuples(st.integers(0, W - 1), st.integers(0, H - 1))
kinds = st.sampled_from(["square", "hex"])


@settings(max_examples=120, deadline=None)
@given(kinds, offsets, offsets)
def test_the_rulers_cells_are_the_tactics_distance_on_an_open_board(kind: str, a: tuple[int, int],
                                                                    b: tuple[int, int]) -> None:
    """On an open board the ruler's count equals the tactics' distance field (the cells a walk takes: king
    moves on squares, hex steps on hexes), both ways."""
    board = board_of(kind)
    ca, cb = board.grid.offset_to_cell(*a), board.grid.offset_to_cell(*b)
    walker = Token(PieceId("w"), ca, "heroes")
    state = Skirmish(board, {walker.id: walker})
    field = tactics.distance_field(state, walker)
    got = measure(board, [ca], [cb], diagonals=diagonals_of(state.tactics_rules))
    assert got.cells == field[cb] == cells_apart(board, cb, ca)
    assert got.feet == got.cells * DEFAULT_FEET_PER_CELL
    assert got.line[0] == ca and got.line[-1] == cb


@settings(max_examples=150, deadline=None)
@given(kinds, offsets, offsets, st.frozensets(offsets, max_size=40))
def test_the_rulers_line_of_effect_is_the_tactics_one(kind: str, a: tuple[int, int], b: tuple[int, int],
                                                      walls: frozenset[tuple[int, int]]) -> None:
    """With walls about, the ruler says line of effect exactly when ``tactics.line_of_effect`` does, and the
    part it draws blocked starts at a wall with no wall before it on the line."""
    board = board_of(kind, walls)
    ca, cb = board.grid.offset_to_cell(*a), board.grid.offset_to_cell(*b)
    state = Skirmish(board, {})
    for field in (state, None):
        got = measure(board, [ca], [cb], field=field)
        assert got.has_line_of_effect == tactics.line_of_effect(state, ca, cb)
        if got.blocked_at is not None:
            assert board.is_wall(got.line[got.blocked_at])
            assert 0 < got.blocked_at < len(got.line) - 1
            assert not any(board.is_wall(c) for c in got.line[1:got.blocked_at])
            assert got.clear + got.blocked == got.line


def test_a_wall_between_blocks_the_far_part_of_the_line_on_squares_and_hexes() -> None:
    """A wall in the middle of a straight line: the cells before it are clear, the wall and what is behind
    it blocked; the distance still counts the cells (a ruler measures through walls)."""
    for kind in ("square", "hex"):
        board = board_of(kind, frozenset({(5, 4)}))
        a, b = board.grid.offset_to_cell(2, 4), board.grid.offset_to_cell(8, 4)
        got = measure(board, [a], [b])
        assert got.cells == 6 and not got.has_line_of_effect
        assert got.blocked[0] == board.grid.offset_to_cell(5, 4)
        assert len(got.clear) == 3 and got.blocked[-1] == b


def test_from_a_large_creature_the_nearest_cell_of_its_space_counts() -> None:
    """A 2x2 creature is as far as its nearest square (seed 000's distance between spaces)."""
    board = board_of("square")
    space = [Square(2, 2), Square(3, 2), Square(2, 3), Square(3, 3)]
    got = measure(board, space, [Square(9, 3)])
    assert got.cells == 6 and got.start == Square(3, 2) and got.end == Square(9, 3)
    assert got.cells == min(board.grid.distance(s, Square(9, 3)) for s in space)


def test_alternate_diagonals_count_one_then_two() -> None:
    """A ruleset that counts diagonals 5-10-5 ft: two diagonal steps are three cells, three are four."""
    board = board_of("square")
    assert cells_apart(board, Square(0, 0), Square(2, 2), Diagonals.ALTERNATE) == 3
    assert cells_apart(board, Square(0, 0), Square(3, 3), Diagonals.ALTERNATE) == 4
    assert cells_apart(board, Square(0, 0), Square(5, 2), Diagonals.ALTERNATE) == 6
    assert cells_apart(board, Square(0, 0), Square(3, 3), Diagonals.ONE) == 3


@dataclass(frozen=True)
class Alternating:
    diagonals: Diagonals = Diagonals.ALTERNATE


def test_the_diagonal_count_is_asked_of_the_rulesets_tactics_rules() -> None:
    """Seed 000 and seed 003 count a diagonal as one square; a rules object may say otherwise; one that says
    nothing gets the engine's own count (one)."""
    assert diagonals_of(SEED000_TACTICS) is Diagonals.ONE
    assert diagonals_of(Seed003Tactics()) is Diagonals.ONE
    assert diagonals_of(Alternating()) is Diagonals.ALTERNATE
    assert diagonals_of(object()) is Diagonals.ONE


def test_feet_per_cell_come_from_the_map_with_a_reason_when_unusable() -> None:
    assert feet_per_cell(board_of("square")) == (5.0, "")
    assert feet_per_cell(board_of("hex", properties={"feet_per_cell": 10})) == (10.0, "")
    for bad in ("ten", True, -5, 0, float("nan"), 10 ** 9):
        feet, why = feet_per_cell(board_of("square", properties={"feet_per_cell": bad}))
        assert feet == 5.0 and "feet_per_cell" in why
    got = measure(board_of("square"), [Square(0, 0)], [Square(3, 1)], feet=1.5)
    assert got.label() == "3 cells · 4.5 ft"


def test_the_tactics_state_of_a_fight_is_found_when_it_keeps_one() -> None:
    state = Skirmish(board_of("square"), {})

    @dataclass
    class Fight:
        state: Skirmish

    assert field_of(Fight(state)) is state
    assert field_of(object()) is None
