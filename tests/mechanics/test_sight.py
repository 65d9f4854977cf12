"""Line of sight for the players' display (issue 17, item 4), against hand-worked examples on square and hex.

A cell is seen when no wall lies strictly between it and the viewer on the grid's line (``Grid.line``), within
``SIGHT_RADIUS`` cells (README: The players' display)."""

from __future__ import annotations

from game.board import Board, Terrain
from game.grid import HexGrid, SquareGrid, StaggerAxis, StaggerIndex
from game.mechanics.sight import SIGHT_RADIUS, Sight, field_of_view, sees

SQUARE = SquareGrid(32, 32)
HEX = HexGrid(32, 36, 18, StaggerAxis.Y, StaggerIndex.ODD)
WALL = Terrain(wall=True)


def square_board(*walls: tuple[int, int], size: int = 7) -> Board:
    return Board(SQUARE, size, size, terrain={SQUARE.offset_to_cell(*w): WALL for w in walls})


def sq(col: int, row: int) -> object:
    return SQUARE.offset_to_cell(col, row)


def test_a_wall_hides_what_is_behind_it_and_is_seen_itself() -> None:
    board = square_board((3, 3))
    assert not sees(board, sq(1, 3), sq(5, 3))  # (2,3) (3,3)wall (4,3) between
    assert sees(board, sq(1, 3), sq(3, 3))  # the wall itself
    assert sees(board, sq(1, 3), sq(5, 1))  # line (2,3) (3,2) (4,2): clear of the wall


def test_around_a_corner() -> None:
    board = square_board((1, 0))
    assert not sees(board, sq(0, 0), sq(2, 0))  # straight through the wall at (1,0)
    assert sees(board, sq(0, 0), sq(2, 1))  # line (0,0) (1,1) (2,1): past the corner


def test_a_diagonal_gap_between_two_walls_lets_sight_through() -> None:
    """Walls at (2,1) and (1,2): the line from (1,1) to (3,3) goes (2,2), between their corners."""
    board = square_board((2, 1), (1, 2))
    assert sees(board, sq(1, 1), sq(3, 3))
    assert not sees(board, sq(1, 1), sq(3, 1))  # through (2,1)


def test_sight_reaches_its_radius_and_no_further() -> None:
    board = square_board(size=2 * SIGHT_RADIUS + 5)
    seen = field_of_view(board, sq(0, 0))
    assert sq(SIGHT_RADIUS, SIGHT_RADIUS) in seen and sq(SIGHT_RADIUS + 1, 0) not in seen


def test_hex_a_wall_on_the_line_hides_the_far_cell() -> None:
    a, b = HEX.offset_to_cell(1, 3), HEX.offset_to_cell(6, 3)
    line = HEX.line(a, b)
    assert len(line) == 6
    board = Board(HEX, 8, 8, terrain={line[3]: WALL})
    assert not sees(board, a, b)
    assert sees(board, a, line[3]) and sees(board, a, line[2])
    open_board = Board(HEX, 8, 8)
    assert sees(open_board, a, b)


def test_explored_cells_are_remembered() -> None:
    board = square_board((3, 0), (3, 1), (3, 2), (3, 4), (3, 5), (3, 6), size=7)  # a wall with a door at (3,3)
    sight = Sight(board, radius=3)
    sight.update([sq(0, 0)])
    first = set(sight.seen)
    assert sq(1, 1) in first and sq(5, 5) not in first
    sight.update([sq(6, 6)])
    now = sight.seen
    assert sq(1, 1) not in now and sq(1, 1) in sight.explored and sq(5, 5) in now


def test_sight_kept_up_to_date_as_creatures_move_equals_sight_worked_out_afresh() -> None:
    """The incremental update (counts per cell, only the fields of the cells left and reached) gives what the
    union of every field of view gives, move after move, with two creatures on one cell and one leaving it."""
    board = square_board((3, 0), (3, 1), (3, 2), (3, 4), (3, 5), (3, 6), (5, 5), size=9)
    sight = Sight(board, radius=4)
    steps = [[sq(0, 0), sq(0, 0)], [sq(0, 0), sq(6, 6)], [sq(2, 3), sq(6, 6)], [sq(8, 8)], [], [sq(4, 3), sq(1, 1)]]
    before: set = set()
    for cells in steps:
        change = sight.update(cells)
        fresh = set().union(*(field_of_view(board, c, 4) for c in cells)) if cells else set()
        assert sight.seen == fresh
        assert change.gained == fresh - before and change.lost == before - fresh
        before = fresh
    assert sight.explored >= before


def test_the_fast_field_of_view_is_the_line_by_line_one_on_the_sample_maps_square_and_hex() -> None:
    """``Sight``'s field of view (offsets worked out once, walls hiding what lies behind them) gives exactly
    :func:`field_of_view`'s cells (a line to every cell) on the crypt (square) and the marsh (hex)."""
    from pathlib import Path

    from game.tiled import load_board

    maps = Path(__file__).resolve().parents[2] / "maps"
    for name in ("square_crypt.tmx", "hex_marsh.tmx"):
        _, board = load_board(maps / name)
        sight = Sight(board, radius=7)
        cells = list(board)
        for origin in cells[:: max(1, len(cells) // 60)]:
            assert sight.field(origin) == field_of_view(board, origin, 7), (name, origin)
