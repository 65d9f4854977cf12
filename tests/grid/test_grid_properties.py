"""Properties every grid must have, checked with hypothesis on square and hex grids.

Hex grids are drawn in all four Tiled variants (stagger axis x/y x index
odd/even) with tile sizes from 2 to 80 pixels (odd ones included, which Tiled
rounds down to even) and every side length Tiled's layout allows.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.grid import Grid, Hex, HexGrid, Square, SquareGrid
from game.grid import StaggerAxis, StaggerIndex

CHEAP = settings(max_examples=150, deadline=None)
COSTLY = settings(max_examples=60, deadline=None)

coordinates = st.integers(-60, 60)
squares = st.builds(Square, coordinates, coordinates)
hexes = st.builds(Hex, coordinates, coordinates)
radii = st.integers(0, 12)

square_grids = st.builds(SquareGrid, st.integers(1, 80), st.integers(1, 80))


@st.composite
def hex_grids(draw: st.DrawFn) -> HexGrid:
    axis = draw(st.sampled_from(StaggerAxis))
    index = draw(st.sampled_from(StaggerIndex))
    tile_width = draw(st.integers(2, 80))
    tile_height = draw(st.integers(2, 80))
    along = (tile_width if axis is StaggerAxis.X else tile_height) & ~1
    side_length = draw(st.integers(0, along))
    return HexGrid(tile_width, tile_height, side_length, axis, index)


@st.composite
def grids_with_cells(draw: st.DrawFn, count: int) -> tuple[Grid[Any], list[Any]]:
    """A square or a hex grid and ``count`` cells of its kind."""
    if draw(st.booleans()):
        return draw(square_grids), [draw(squares) for _ in range(count)]
    return draw(hex_grids()), [draw(hexes) for _ in range(count)]


def neighbour_count(grid: Grid[Any]) -> int:
    return 8 if isinstance(grid, SquareGrid) else 6


def is_overlap_free(grid: Grid[Any]) -> bool:
    """Whether Tiled's outlines tile the plane without overlap.

    For hexes the straight sides are ``along - 2 * ((along - side) // 2)``
    long, one pixel longer than ``side`` when the parities differ, and then
    neighbouring outlines overlap in a one-pixel sliver.
    """
    if isinstance(grid, HexGrid):
        along = grid.tile_width if grid.stagger_axis is StaggerAxis.X else grid.tile_height
        return ((along & ~1) - grid.side_length) % 2 == 0
    return True


def edges(polygon: tuple[tuple[float, float], ...]) -> list[tuple[float, float, float, float]]:
    points = list(polygon)
    pairs = zip(points, points[1:] + points[:1])
    return [(ax, ay, bx, by) for (ax, ay), (bx, by) in pairs if (ax, ay) != (bx, by)]


def side(edge: tuple[float, float, float, float], x: float, y: float) -> float:
    """Positive on the inner side of an edge of a polygon that is clockwise on screen."""
    ax, ay, bx, by = edge
    return (bx - ax) * (y - ay) - (by - ay) * (x - ax)


def is_strictly_inside(polygon: tuple[tuple[float, float], ...], x: float, y: float) -> bool:
    return all(side(e, x, y) > 0 for e in edges(polygon))


def is_inside_or_on(polygon: tuple[tuple[float, float], ...], x: float, y: float) -> bool:
    return all(side(e, x, y) >= 0 for e in edges(polygon))


# -- distance and neighbours ---------------------------------------------------


@CHEAP
@given(grids_with_cells(1))
def test_distance_from_a_cell_to_itself_is_zero(case: tuple[Grid[Any], list[Any]]) -> None:
    grid, (a,) = case
    assert grid.distance(a, a) == 0


@CHEAP
@given(grids_with_cells(2))
def test_distance_is_symmetric(case: tuple[Grid[Any], list[Any]]) -> None:
    grid, (a, b) = case
    assert grid.distance(a, b) == grid.distance(b, a)
    assert (grid.distance(a, b) == 0) == (a == b)


@CHEAP
@given(grids_with_cells(3))
def test_distance_obeys_the_triangle_inequality(case: tuple[Grid[Any], list[Any]]) -> None:
    grid, (a, b, c) = case
    assert grid.distance(a, c) <= grid.distance(a, b) + grid.distance(b, c)


@CHEAP
@given(grids_with_cells(1))
def test_neighbours_are_8_or_6_distinct_cells_at_distance_one(
    case: tuple[Grid[Any], list[Any]],
) -> None:
    grid, (cell,) = case
    neighbours = grid.neighbours(cell)
    assert len(neighbours) == len(set(neighbours)) == neighbour_count(grid)
    assert all(grid.distance(cell, n) == 1 for n in neighbours)
    assert all(grid.is_adjacent(cell, n) and grid.is_adjacent(n, cell) for n in neighbours)


@CHEAP
@given(grids_with_cells(1))
def test_neighbours_are_all_the_cells_at_distance_one(case: tuple[Grid[Any], list[Any]]) -> None:
    grid, (cell,) = case
    assert set(grid.within(cell, 1)) - {cell} == set(grid.neighbours(cell))
    assert not grid.is_adjacent(cell, cell)


@CHEAP
@given(grids_with_cells(1))
def test_neighbour_i_and_neighbour_i_plus_half_are_opposite(
    case: tuple[Grid[Any], list[Any]],
) -> None:
    grid, (cell,) = case
    neighbours = grid.neighbours(cell)
    half = len(neighbours) // 2
    for i in range(half):
        assert grid.opposite(neighbours[i], cell) == neighbours[i + half]


@CHEAP
@given(grids_with_cells(1))
def test_consecutive_neighbours_in_the_order_are_adjacent(
    case: tuple[Grid[Any], list[Any]],
) -> None:
    grid, (cell,) = case
    neighbours = grid.neighbours(cell)
    assert all(grid.is_adjacent(a, b) for a, b in zip(neighbours, neighbours[1:] + neighbours[:1]))


# -- lines ---------------------------------------------------------------------


@CHEAP
@given(grids_with_cells(2))
def test_line_has_distance_plus_one_cells_from_start_to_end(
    case: tuple[Grid[Any], list[Any]],
) -> None:
    grid, (a, b) = case
    line = grid.line(a, b)
    assert len(line) == grid.distance(a, b) + 1
    assert line[0] == a and line[-1] == b
    assert len(set(line)) == len(line)


@CHEAP
@given(grids_with_cells(2))
def test_line_steps_between_neighbours(case: tuple[Grid[Any], list[Any]]) -> None:
    grid, (a, b) = case
    line = grid.line(a, b)
    assert all(grid.is_adjacent(p, n) for p, n in zip(line, line[1:]))


@CHEAP
@given(grids_with_cells(2))
def test_line_backwards_is_the_line_reversed(case: tuple[Grid[Any], list[Any]]) -> None:
    grid, (a, b) = case
    assert grid.line(b, a) == tuple(reversed(grid.line(a, b)))


@CHEAP
@given(grids_with_cells(2))
def test_line_cells_lie_on_a_shortest_path(case: tuple[Grid[Any], list[Any]]) -> None:
    grid, (a, b) = case
    for i, cell in enumerate(grid.line(a, b)):
        assert grid.distance(a, cell) == i
        assert grid.distance(cell, b) == grid.distance(a, b) - i


# -- areas -----------------------------------------------------------------------


@CHEAP
@given(grids_with_cells(1), radii)
def test_within_holds_every_cell_up_to_the_radius_once(
    case: tuple[Grid[Any], list[Any]], radius: int
) -> None:
    grid, (centre,) = case
    cells = list(grid.within(centre, radius))
    if isinstance(grid, SquareGrid):
        expected = (2 * radius + 1) ** 2
    else:
        expected = 3 * radius * (radius + 1) + 1
    assert len(cells) == len(set(cells)) == expected
    assert all(grid.distance(centre, c) <= radius for c in cells)
    assert list(grid.within(centre, 0)) == [centre]


@CHEAP
@given(grids_with_cells(1), radii)
def test_ring_holds_the_cells_at_exactly_the_radius_in_walking_order(
    case: tuple[Grid[Any], list[Any]], radius: int
) -> None:
    grid, (centre,) = case
    ring = grid.ring(centre, radius)
    per_step = 8 if isinstance(grid, SquareGrid) else 6
    assert len(ring) == len(set(ring)) == max(1, per_step * radius)
    assert all(grid.distance(centre, c) == radius for c in ring)
    if radius > 0:
        assert all(grid.is_adjacent(c, n) for c, n in zip(ring, ring[1:] + ring[:1]))


@CHEAP
@given(grids_with_cells(1), st.integers(0, 8))
def test_rings_up_to_the_radius_make_up_within(
    case: tuple[Grid[Any], list[Any]], radius: int
) -> None:
    grid, (centre,) = case
    rings = [c for r in range(radius + 1) for c in grid.ring(centre, r)]
    assert sorted(rings) == sorted(grid.within(centre, radius))


def test_ring_of_radius_zero_is_the_centre() -> None:
    assert SquareGrid(10, 10).ring(Square(3, 4), 0) == (Square(3, 4),)
    grid = HexGrid(14, 12, 6, StaggerAxis.Y, StaggerIndex.ODD)
    assert grid.ring(Hex(3, 4), 0) == (Hex(3, 4),)


def test_negative_radius_is_refused() -> None:
    square_grid = SquareGrid(10, 10)
    hex_grid = HexGrid(14, 12, 6, StaggerAxis.Y, StaggerIndex.ODD)
    with pytest.raises(ValueError):
        square_grid.within(Square(0, 0), -1)
    with pytest.raises(ValueError):
        square_grid.ring(Square(0, 0), -1)
    with pytest.raises(ValueError):
        hex_grid.within(Hex(0, 0), -1)
    with pytest.raises(ValueError):
        hex_grid.ring(Hex(0, 0), -1)


# -- opposite (flanking) ------------------------------------------------------------


@CHEAP
@given(grids_with_cells(2))
def test_opposite_is_an_involution(case: tuple[Grid[Any], list[Any]]) -> None:
    grid, (cell, centre) = case
    assert grid.opposite(grid.opposite(cell, centre), centre) == cell


@CHEAP
@given(grids_with_cells(2))
def test_opposite_is_as_far_from_the_centre(case: tuple[Grid[Any], list[Any]]) -> None:
    grid, (cell, centre) = case
    far = grid.opposite(cell, centre)
    assert grid.distance(far, centre) == grid.distance(cell, centre)
    assert grid.distance(far, cell) == 2 * grid.distance(cell, centre)


@CHEAP
@given(grids_with_cells(1))
def test_opposite_of_a_neighbour_is_a_neighbour(case: tuple[Grid[Any], list[Any]]) -> None:
    grid, (centre,) = case
    neighbours = set(grid.neighbours(centre))
    assert {grid.opposite(n, centre) for n in neighbours} == neighbours


def flanking_pairs(grid: Grid[Any], target: Any) -> set[frozenset[Any]]:
    """Pairs of cells adjacent to ``target`` and opposite each other across it."""
    return {frozenset((n, grid.opposite(n, target))) for n in grid.neighbours(target)}


def test_one_cell_target_has_four_flanking_pairs_on_squares_and_three_on_hexes() -> None:
    square_grid = SquareGrid(32, 32)
    hex_grid = HexGrid(32, 28, 14, StaggerAxis.X, StaggerIndex.EVEN)
    square_pairs = flanking_pairs(square_grid, Square(5, 5))
    hex_pairs = flanking_pairs(hex_grid, Hex(5, 5))
    assert len(square_pairs) == 4 and len(hex_pairs) == 3
    assert all(len(pair) == 2 for pair in square_pairs | hex_pairs)
    assert square_grid.opposite(Square(4, 5), Square(5, 5)) == Square(6, 5)
    assert square_grid.opposite(Square(4, 4), Square(5, 5)) == Square(6, 6)
    assert hex_grid.opposite(Hex(6, 4), Hex(5, 5)) == Hex(4, 6)


# -- Tiled's offset coordinates ---------------------------------------------------


@CHEAP
@given(st.one_of(square_grids, hex_grids()), coordinates, coordinates)
def test_offset_to_cell_to_offset_round_trips(grid: Grid[Any], col: int, row: int) -> None:
    assert grid.cell_to_offset(grid.offset_to_cell(col, row)) == (col, row)


@CHEAP
@given(hex_grids(), hexes)
def test_hex_to_offset_to_hex_round_trips(grid: HexGrid, cell: Hex) -> None:
    assert grid.offset_to_cell(*grid.cell_to_offset(cell)) == cell


@CHEAP
@given(square_grids, squares)
def test_square_offsets_are_the_cell_coordinates(grid: SquareGrid, cell: Square) -> None:
    assert grid.cell_to_offset(cell) == (cell.x, cell.y)
    assert grid.offset_to_cell(cell.x, cell.y) == cell


def tiled_adjacent_offsets(grid: HexGrid, col: int, row: int) -> set[tuple[int, int]]:
    """The six tiles Tiled treats as adjacent, after its ``HexagonalRenderer``.

    ``topLeft``/``topRight``/``bottomLeft``/``bottomRight`` test
    ``(y & 1) ^ staggerIndex`` (``(x & 1)`` for stagger axis x), with
    ``StaggerOdd == 0`` and ``StaggerEven == 1``; the other two neighbours are
    left/right on the same row (stagger axis y) or above/below in the same
    column (stagger axis x).
    """
    index = 1 if grid.stagger_index is StaggerIndex.EVEN else 0
    x, y = col, row
    if grid.stagger_axis is StaggerAxis.Y:
        if (y & 1) ^ index:
            diagonal = {(x, y - 1), (x + 1, y - 1), (x, y + 1), (x + 1, y + 1)}
        else:
            diagonal = {(x - 1, y - 1), (x, y - 1), (x - 1, y + 1), (x, y + 1)}
        return diagonal | {(x - 1, y), (x + 1, y)}
    if (x & 1) ^ index:
        diagonal = {(x - 1, y), (x + 1, y), (x - 1, y + 1), (x + 1, y + 1)}
    else:
        diagonal = {(x - 1, y - 1), (x + 1, y - 1), (x - 1, y), (x + 1, y)}
    return diagonal | {(x, y - 1), (x, y + 1)}


@CHEAP
@given(hex_grids(), coordinates, coordinates)
def test_hex_neighbours_in_offsets_are_the_tiles_tiled_calls_adjacent(
    grid: HexGrid, col: int, row: int
) -> None:
    neighbours = grid.neighbours(grid.offset_to_cell(col, row))
    assert {grid.cell_to_offset(n) for n in neighbours} == tiled_adjacent_offsets(grid, col, row)


# -- pixels ---------------------------------------------------------------------------


@CHEAP
@given(grids_with_cells(1))
def test_centre_pixel_maps_back_to_its_cell(case: tuple[Grid[Any], list[Any]]) -> None:
    grid, (cell,) = case
    assert grid.pixel_to_cell(*grid.cell_centre_pixel(cell)) == cell


@CHEAP
@given(grids_with_cells(1))
def test_outline_is_inside_the_bounding_box_and_symmetric_about_the_centre(
    case: tuple[Grid[Any], list[Any]],
) -> None:
    grid, (cell,) = case
    corners = grid.corners(cell)
    assert len(corners) == (4 if isinstance(grid, SquareGrid) else 6)
    left, top = grid.cell_origin_pixel(cell)
    cx, cy = grid.cell_centre_pixel(cell)
    assert min(x for x, _ in corners) == left and min(y for _, y in corners) == top
    assert {(2 * cx - x, 2 * cy - y) for x, y in corners} == set(corners)
    assert is_strictly_inside(corners, cx, cy)


@COSTLY
@given(grids_with_cells(1), st.floats(0, 1), st.floats(0, 1))
def test_point_strictly_inside_an_outline_maps_to_its_cell(
    case: tuple[Grid[Any], list[Any]], u: float, v: float
) -> None:
    grid, (cell,) = case
    corners = grid.corners(cell)
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    px = min(xs) + u * (max(xs) - min(xs))
    py = min(ys) + v * (max(ys) - min(ys))
    if not is_strictly_inside(corners, px, py):
        return
    found = grid.pixel_to_cell(px, py)
    if is_overlap_free(grid):
        assert found == cell
    else:  # a one-pixel sliver two outlines share: either answer is fine
        assert found == cell or is_inside_or_on(grid.corners(found), px, py)


@COSTLY
@given(grids_with_cells(1), st.floats(-3, 3), st.floats(-3, 3))
def test_every_point_maps_to_a_cell_whose_outline_holds_it(
    case: tuple[Grid[Any], list[Any]], u: float, v: float
) -> None:
    grid, (cell,) = case
    cx, cy = grid.cell_centre_pixel(cell)
    left, top = grid.cell_origin_pixel(cell)
    px, py = cx + u * (cx - left), cy + v * (cy - top)
    assert is_inside_or_on(grid.corners(grid.pixel_to_cell(px, py)), px, py)


@COSTLY
@given(grids_with_cells(1))
def test_neighbour_outlines_meet_halfway_between_the_centres(
    case: tuple[Grid[Any], list[Any]],
) -> None:
    grid, (cell,) = case
    cx, cy = grid.cell_centre_pixel(cell)
    for n in grid.neighbours(cell):
        nx, ny = grid.cell_centre_pixel(n)
        mx, my = (cx + nx) / 2, (cy + ny) / 2
        assert is_inside_or_on(grid.corners(cell), mx, my)
        assert is_inside_or_on(grid.corners(n), mx, my)
        found = grid.pixel_to_cell(mx, my)
        if isinstance(grid, HexGrid) and grid.side_length > 0 and is_overlap_free(grid):
            assert found in (cell, n)
        else:  # a corner of four squares (or diamonds), or an overlap sliver
            assert is_inside_or_on(grid.corners(found), mx, my)


FIXED_GRIDS: list[Grid[Any]] = [SquareGrid(7, 5), SquareGrid(32, 32)] + [
    HexGrid(tile_width, tile_height, side, axis, index)
    for axis in StaggerAxis
    for index in StaggerIndex
    for tile_width, tile_height, side in ((32, 28, 14), (14, 12, 6), (20, 10, 0), (31, 27, 12))
]


@pytest.mark.parametrize("grid", FIXED_GRIDS, ids=repr)
def test_every_pixel_strictly_inside_an_outline_maps_to_its_cell(grid: Grid[Any]) -> None:
    square = isinstance(grid, SquareGrid)
    cells = (Square(0, 0), Square(-3, 2)) if square else (Hex(0, 0), Hex(-3, 2))
    for cell in cells:
        corners = grid.corners(cell)
        left, top = grid.cell_origin_pixel(cell)
        right = int(max(x for x, _ in corners))
        bottom = int(max(y for _, y in corners))
        for y in range(top, bottom + 1):
            for x in range(left, right + 1):
                for px, py in ((float(x), float(y)), (x + 0.5, y + 0.5)):
                    if is_strictly_inside(corners, px, py):
                        assert grid.pixel_to_cell(px, py) == cell, (px, py)
