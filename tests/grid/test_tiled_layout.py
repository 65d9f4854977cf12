"""Worked examples: our grids against Tiled's own layout, numbers worked out by hand.

Every ``map_pixel_size`` and ``cell_origin_pixel`` example below was also
checked against the image size and tile positions of ``tmxrasterizer`` 1.8.2
(Tiled's renderer); the formulas are those of ``HexagonalRenderer``
(``src/libtiled/hexagonalrenderer.cpp``): ``RenderParams``,
``tileToScreenCoords`` and ``mapBoundingRect``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


from game.grid import Grid, GridKind, Hex, HexGrid, Square, SquareGrid
from game.grid import StaggerAxis, StaggerIndex

Y, X = StaggerAxis.Y, StaggerAxis.X
ODD, EVEN = StaggerIndex.ODD, StaggerIndex.EVEN

REPO = Path(__file__).resolve().parents[2]


def offsets_of_neighbours(grid: HexGrid, col: int, row: int) -> set[tuple[int, int]]:
    return {grid.cell_to_offset(n) for n in grid.neighbours(grid.offset_to_cell(col, row))}


# -- neighbours in Tiled's offset coordinates ------------------------------------------


def test_stagger_y_odd_shifts_odd_rows_so_row_1_touches_columns_1_and_2_above_and_below() -> None:
    grid = HexGrid(32, 28, 14, Y, ODD)
    assert offsets_of_neighbours(grid, 1, 1) == {
        (0, 1), (2, 1),  # left, right
        (1, 0), (2, 0),  # above: row 0 is not shifted, so up-left is column 1
        (1, 2), (2, 2),  # below
    }  # fmt: skip
    assert offsets_of_neighbours(grid, 1, 2) == {(0, 2), (2, 2), (0, 1), (1, 1), (0, 3), (1, 3)}


def test_stagger_y_even_shifts_even_rows_so_row_1_touches_columns_0_and_1_above_and_below() -> None:
    grid = HexGrid(32, 28, 14, Y, EVEN)
    assert offsets_of_neighbours(grid, 1, 1) == {(0, 1), (2, 1), (0, 0), (1, 0), (0, 2), (1, 2)}
    assert offsets_of_neighbours(grid, 1, 2) == {(0, 2), (2, 2), (1, 1), (2, 1), (1, 3), (2, 3)}


def test_stagger_x_odd_shifts_odd_columns_down_so_column_1_touches_rows_1_and_2_beside() -> None:
    grid = HexGrid(32, 28, 14, X, ODD)
    assert offsets_of_neighbours(grid, 1, 1) == {
        (1, 0), (1, 2),  # above, below
        (0, 1), (0, 2),  # left: column 0 is not shifted, so up-left is row 1
        (2, 1), (2, 2),  # right
    }  # fmt: skip
    assert offsets_of_neighbours(grid, 2, 1) == {(2, 0), (2, 2), (1, 0), (1, 1), (3, 0), (3, 1)}


def test_stagger_x_even_shifts_even_columns_down_so_column_1_touches_rows_0_and_1_beside() -> None:
    grid = HexGrid(32, 28, 14, X, EVEN)
    assert offsets_of_neighbours(grid, 1, 1) == {(1, 0), (1, 2), (0, 0), (0, 1), (2, 0), (2, 1)}
    assert offsets_of_neighbours(grid, 2, 1) == {(2, 0), (2, 2), (1, 1), (1, 2), (3, 1), (3, 2)}


def test_offset_origin_is_axial_origin_in_every_variant() -> None:
    for axis in StaggerAxis:
        for index in StaggerIndex:
            grid = HexGrid(32, 28, 14, axis, index)
            assert grid.offset_to_cell(0, 0) == Hex(0, 0)
            assert grid.offset_to_cell(-1, -1) != grid.offset_to_cell(0, 0)


# -- neighbour, line and ring orders --------------------------------------------------------


def test_square_neighbours_run_east_then_anticlockwise_on_screen() -> None:
    assert SquareGrid(10, 10).neighbours(Square(0, 0)) == (
        Square(1, 0), Square(1, -1), Square(0, -1), Square(-1, -1),
        Square(-1, 0), Square(-1, 1), Square(0, 1), Square(1, 1),
    )  # fmt: skip


def test_hex_neighbours_run_through_the_six_axial_directions() -> None:
    grid = HexGrid(32, 28, 14, Y, ODD)
    assert grid.neighbours(Hex(0, 0)) == (
        Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1),
    )  # fmt: skip
    # Pointy top: E, NE, NW, W, SW, SE: the first one is to the right on screen...
    east = grid.cell_centre_pixel(Hex(1, 0))
    assert east[1] == grid.cell_centre_pixel(Hex(0, 0))[1] and east[0] > 16
    # ...and the flat-top one is down-right.
    flat = HexGrid(32, 28, 14, X, ODD)
    sx, sy = flat.cell_centre_pixel(Hex(1, 0))
    ox, oy = flat.cell_centre_pixel(Hex(0, 0))
    assert sx > ox and sy > oy


def test_square_line_rounds_halfway_samples_towards_positive_coordinates() -> None:
    grid = SquareGrid(10, 10)
    assert grid.line(Square(0, 0), Square(2, 1)) == (Square(0, 0), Square(1, 1), Square(2, 1))
    assert grid.line(Square(2, 1), Square(0, 0)) == (Square(2, 1), Square(1, 1), Square(0, 0))
    assert grid.line(Square(0, 0), Square(3, 0)) == tuple(Square(x, 0) for x in range(4))


def test_hex_line_along_an_edge_breaks_the_tie_the_same_way_both_ways() -> None:
    grid = HexGrid(32, 28, 14, Y, ODD)
    # From (0,0) to (1,1): the segment runs along the edge between (1,0) and (0,1).
    # The nudge (+1, +2, -3)/24 moves the middle sample off the edge, towards (0, 1).
    line = grid.line(Hex(0, 0), Hex(1, 1))
    assert line == (Hex(0, 0), Hex(0, 1), Hex(1, 1))
    assert grid.line(Hex(1, 1), Hex(0, 0)) == tuple(reversed(line))


def test_square_ring_walks_clockwise_from_the_top_left_corner() -> None:
    assert SquareGrid(10, 10).ring(Square(0, 0), 1) == (
        Square(-1, -1), Square(0, -1), Square(1, -1), Square(1, 0),
        Square(1, 1), Square(0, 1), Square(-1, 1), Square(-1, 0),
    )  # fmt: skip


def test_hex_ring_walks_from_the_south_west_neighbour() -> None:
    grid = HexGrid(32, 28, 14, Y, ODD)
    assert grid.ring(Hex(0, 0), 1) == (
        Hex(-1, 1), Hex(0, 1), Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0),
    )  # fmt: skip


# -- pixel layout ---------------------------------------------------------------------


def test_square_cells_start_at_multiples_of_the_tile_size() -> None:
    grid = SquareGrid(33, 17)
    assert grid.cell_origin_pixel(Square(2, 3)) == (66, 51)
    assert grid.cell_centre_pixel(Square(0, 0)) == (16.5, 8.5)
    assert grid.corners(Square(1, 1)) == ((33, 17), (66, 17), (66, 34), (33, 34))


def test_square_pixels_on_an_edge_go_right_and_down_and_outside_the_map_is_fine() -> None:
    grid = SquareGrid(32, 32)
    assert grid.pixel_to_cell(32.0, 31.9) == Square(1, 0)
    assert grid.pixel_to_cell(-0.5, -40.0) == Square(-1, -2)


@pytest.mark.parametrize(
    ("axis", "index", "col", "row", "origin"),
    [
        # tw 32, th 28, side 14. Stagger y: side_offset_y = (28-14)//2 = 7,
        # row_height = 7+14 = 21, column_width = 32//2 = 16.
        (Y, ODD, 1, 1, (1 * 32 + 16, 1 * 21)),  # odd row: shifted
        (Y, ODD, 2, 2, (2 * 32, 2 * 21)),
        (Y, EVEN, 1, 1, (1 * 32, 1 * 21)),
        (Y, EVEN, 0, 0, (16, 0)),  # even row: shifted
        # Stagger x: side_offset_x = (32-14)//2 = 9, column_width = 9+14 = 23,
        # row_height = 28//2 = 14.
        (X, ODD, 1, 1, (1 * 23, 1 * 28 + 14)),  # odd column: shifted
        (X, ODD, 2, 3, (2 * 23, 3 * 28)),
        (X, EVEN, 1, 1, (1 * 23, 1 * 28)),
        (X, EVEN, 0, 0, (0, 14)),  # even column: shifted
        (X, EVEN, -1, -1, (-23, -28)),
    ],
)
def test_hex_cells_start_where_tiled_tile_to_screen_coords_puts_them(
    axis: StaggerAxis, index: StaggerIndex, col: int, row: int, origin: tuple[int, int]
) -> None:
    grid = HexGrid(32, 28, 14, axis, index)
    assert grid.cell_origin_pixel(grid.offset_to_cell(col, row)) == origin


def test_hex_outline_is_tiled_grid_polygon_without_its_repeated_points() -> None:
    pointy = HexGrid(32, 28, 14, Y, ODD)  # side_offset_y = 7
    assert pointy.corners(Hex(0, 0)) == ((0, 21), (0, 7), (16, 0), (32, 7), (32, 21), (16, 28))
    flat = HexGrid(32, 28, 14, X, ODD)  # side_offset_x = 9
    assert flat.corners(Hex(0, 0)) == ((0, 14), (9, 0), (23, 0), (32, 14), (23, 28), (9, 28))


def test_odd_hex_tile_sizes_are_rounded_down_to_even_as_tiled_does() -> None:
    grid = HexGrid(33, 29, 15, Y, ODD)  # laid out as 32 x 28
    assert grid.cell_centre_pixel(Hex(0, 0)) == (16.0, 14.0)
    # side_offset_y = (28-15)//2 = 6, row_height = 6+15 = 21
    assert grid.cell_origin_pixel(grid.offset_to_cell(0, 1)) == (16, 21)


def test_hex_pixel_on_the_drawn_outline_wins_over_tiled_nearest_centre() -> None:
    grid = HexGrid(32, 28, 14, Y, ODD)
    # (12.5, 0.5) lies inside the outline of offset (-1, -1) (its lower-right edge
    # runs from (16, 0) to (0, 7)), but is nearer to the centre (16, 14) of
    # (0, 0) than to the centre (0, -7) of (-1, -1); Tiled's
    # screenToTileCoords answers (0, 0).
    assert grid.cell_to_offset(grid.pixel_to_cell(12.5, 0.5)) == (-1, -1)
    assert grid.cell_to_offset(grid.pixel_to_cell(16.0, 14.0)) == (0, 0)
    assert grid.cell_to_offset(grid.pixel_to_cell(-100.0, -100.0)) == (-4, -5)


# -- map pixel sizes -----------------------------------------------------------------------


def test_orthogonal_map_size_is_cells_times_tile_size() -> None:
    # 7 x 5 tiles of 33 x 17: (7*33, 5*17) = (231, 85)
    assert SquareGrid(33, 17).map_pixel_size(7, 5) == (231, 85)


@pytest.mark.parametrize("index", [ODD, EVEN])
def test_stagger_y_map_size(index: StaggerIndex) -> None:
    # 33 x 29 tiles, side 15 -> 32 x 28; side_offset_y = (28-15)//2 = 6,
    # row_height = 21, column_width = 16.
    # 7 x 5 cells: (7*32 + 16 (height > 1), 5*21 + 6) = (240, 111)
    assert HexGrid(33, 29, 15, Y, index).map_pixel_size(7, 5) == (240, 111)
    # 32 x 28 side 14: side_offset_y 7, row_height 21.
    # 7 x 1 cells: (7*32 (no half-hex for one row), 1*21 + 7) = (224, 28),
    # even for EVEN, whose only row is shifted and so sticks out by 16 pixels.
    assert HexGrid(32, 28, 14, Y, index).map_pixel_size(7, 1) == (224, 28)
    # 20 x 10 side 0 (diamonds): side_offset_y 5, row_height 5, column_width 10.
    # 4 x 3 cells: (4*20 + 10, 3*5 + 5) = (90, 20)
    assert HexGrid(20, 10, 0, Y, index).map_pixel_size(4, 3) == (90, 20)
    # 20 x 10 side 10 (bricks): side_offset_y 0, row_height 10: (4*20 + 10, 3*10 + 0)
    assert HexGrid(20, 10, 10, Y, index).map_pixel_size(4, 3) == (90, 30)


@pytest.mark.parametrize("index", [ODD, EVEN])
def test_stagger_x_map_size(index: StaggerIndex) -> None:
    # 33 x 29 tiles, side 15 -> 32 x 28; side_offset_x = (32-15)//2 = 8,
    # column_width = 23, row_height = 14.
    # 7 x 5 cells: (7*23 + 8, 5*28 + 14 (width > 1)) = (169, 154)
    assert HexGrid(33, 29, 15, X, index).map_pixel_size(7, 5) == (169, 154)
    # 32 x 28 side 14: side_offset_x 9, column_width 23.
    # 1 x 5 cells: (1*23 + 9, 5*28 (no half-hex for one column)) = (32, 140)
    assert HexGrid(32, 28, 14, X, index).map_pixel_size(1, 5) == (32, 140)


def test_map_needs_at_least_one_cell() -> None:
    with pytest.raises(ValueError):
        SquareGrid(32, 32).map_pixel_size(0, 3)
    with pytest.raises(ValueError):
        HexGrid(32, 28, 14, Y, ODD).map_pixel_size(3, 0)


# -- construction -------------------------------------------------------------------------------


def test_grids_refuse_sizes_tiled_cannot_lay_out() -> None:
    with pytest.raises(ValueError):
        SquareGrid(0, 32)
    with pytest.raises(ValueError):
        HexGrid(1, 28, 0, Y, ODD)  # rounds down to 0 pixels wide
    with pytest.raises(ValueError):
        HexGrid(32, 28, 29, Y, ODD)  # the side is longer than the tile
    with pytest.raises(ValueError):
        HexGrid(32, 40, 33, X, ODD)
    with pytest.raises(ValueError):
        HexGrid(32, 28, -1, X, ODD)


def test_grids_are_values_and_know_their_kind() -> None:
    grid: Grid[Hex] = HexGrid(32, 28, 14, Y, ODD)
    square_grid: Grid[Square] = SquareGrid(32, 32)
    assert grid == HexGrid(32, 28, 14, Y, ODD) and hash(grid) == hash(HexGrid(32, 28, 14, Y, ODD))
    assert grid.kind is GridKind.HEX and square_grid.kind is GridKind.SQUARE
    assert Hex(1, 2).s == -3 and Hex(0, 5) < Hex(1, 0) and Square(0, 5) < Square(1, 0)


def test_grid_package_imports_nothing_but_the_standard_library() -> None:
    code = (
        "import sys; before = set(sys.modules); import game.grid; "
        "print(' '.join(sorted(set(sys.modules) - before)))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout.split()
    ours = {name for name in loaded if name == "game" or name.startswith("game.")}
    assert ours == {"game", "game.grid", "game.grid.base", "game.grid.hex", "game.grid.square"}
    others = {name.partition(".")[0] for name in loaded} - {"game"}
    assert others <= sys.stdlib_module_names
