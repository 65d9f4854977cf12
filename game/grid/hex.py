"""Hex cells: axial coordinates inside, Tiled's staggered offsets and pixels at the edge.

Axial ``(q, r)`` (Red Blob Games' convention): the third cube coordinate
``s = -q - r`` is derived, never stored, so ``q + r + s == 0`` cannot break.
On screen, whatever the stagger axis, ``+q`` is the step to the east (pointy
top, stagger axis y) or to the south-east (flat top, stagger axis x) and ``+r``
the step to the south-east (pointy) or to the south (flat).

Pixel layout follows Tiled's ``HexagonalRenderer`` (``src/libtiled/
hexagonalrenderer.cpp``) to the pixel, including its quirks: tile sizes are
rounded down to even numbers (``RenderParams``: ``tileWidth & ~1``), so for an
odd ``tilewidth`` or ``tileheight`` the grid (and this module) uses one pixel
less than the tile images.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple

from game.grid.base import GridKind


class StaggerAxis(Enum):
    """Which hex rows or columns Tiled shifts by half a hex: ``y`` = rows (pointy-top), ``x`` = columns (flat-top)."""

    X = "x"
    Y = "y"


class StaggerIndex(Enum):
    """Whether the odd or the even rows (columns) are the shifted ones."""

    ODD = "odd"
    EVEN = "even"


class Hex(NamedTuple):
    """A cell of a hex grid in axial coordinates.

    A named tuple, for speed, like :class:`~game.grid.square.Square` (see there).
    """

    q: int
    """First axial coordinate (column-like)."""
    r: int
    """Second axial coordinate (row-like)."""

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r


_DIRECTIONS: tuple[tuple[int, int], ...] = (
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, 0),
    (-1, 1),
    (0, 1),
)
"""Axial neighbour steps, anticlockwise on screen.

Pointy top (stagger axis y): E, NE, NW, W, SW, SE.
Flat top (stagger axis x): SE, NE, N, NW, SW, S.
"""


@dataclass(frozen=True, slots=True)
class _Layout:
    """Tiled's ``HexagonalRenderer::RenderParams``, all in map pixels."""

    tile_width: int
    tile_height: int
    side_length_x: int
    side_length_y: int
    side_offset_x: int
    side_offset_y: int
    column_width: int
    row_height: int
    stagger_x: bool
    stagger_even: bool

    def staggers_column(self, col: int) -> bool:
        """Tiled's ``doStaggerX``: is this column shifted down by half a hex?"""
        return self.stagger_x and bool((col & 1) ^ self.stagger_even)

    def staggers_row(self, row: int) -> bool:
        """Tiled's ``doStaggerY``: is this row shifted right by half a hex?"""
        return not self.stagger_x and bool((row & 1) ^ self.stagger_even)

    def origin(self, col: int, row: int) -> tuple[int, int]:
        """Tiled's ``tileToScreenCoords`` for integer tile coordinates."""
        if self.stagger_x:
            y = row * (self.tile_height + self.side_length_y)
            if self.staggers_column(col):
                y += self.row_height
            return (col * self.column_width, y)
        x = col * (self.tile_width + self.side_length_x)
        if self.staggers_row(row):
            x += self.column_width
        return (x, row * self.row_height)

    def octagon(self, col: int, row: int) -> tuple[tuple[int, int], ...]:
        """Tiled's ``tileToScreenPolygon``: 8 points, two pairs of them coincide."""
        x, y = self.origin(col, row)
        w, h = self.tile_width, self.tile_height
        ox, oy = self.side_offset_x, self.side_offset_y
        return (
            (x, y + h - oy),
            (x, y + oy),
            (x + ox, y),
            (x + w - ox, y),
            (x + w, y + oy),
            (x + w, y + h - oy),
            (x + w - ox, y + h),
            (x + ox, y + h),
        )


def _polygon_contains(polygon: tuple[tuple[float, float], ...], px: float, py: float) -> bool:
    """Whether a convex polygon, clockwise on screen, holds the point (its edges included)."""
    count = len(polygon)
    for i in range(count):
        ax, ay = polygon[i]
        bx, by = polygon[(i + 1) % count]
        if (bx - ax) * (py - ay) - (by - ay) * (px - ax) < 0:
            return False
    return True


_new_hex = tuple.__new__
"""``_new_hex(Hex, (q, r))`` is ``Hex(q, r)`` made in C (see ``square._new_square``)."""


def _round_cube(qn: int, rn: int, sn: int, denominator: int) -> Hex:
    """Round the cube point ``(qn, rn, sn) / denominator`` (sum 0) to its hex.

    Red Blob Games' cube rounding, in exact integer arithmetic: round each
    coordinate, then recompute the one that moved most from the other two.
    Callers guarantee there are no ties (see :meth:`HexGrid.line`).
    """
    q = (2 * qn + denominator) // (2 * denominator)
    r = (2 * rn + denominator) // (2 * denominator)
    s = (2 * sn + denominator) // (2 * denominator)
    dq = abs(qn - q * denominator)
    dr = abs(rn - r * denominator)
    ds = abs(sn - s * denominator)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return _new_hex(Hex, (q, r))


@dataclass(frozen=True, slots=True)
class HexGrid:
    """A grid of hexagons laid out like a Tiled ``orientation="hexagonal"`` map.

    ``stagger_axis`` Y: pointy-top hexes, every other row shifted right by half
    a hex; X: flat-top hexes, every other column shifted down by half a hex.
    ``stagger_index`` says which rows (columns) are shifted: ODD ones (1, 3, ...)
    or EVEN ones (0, 2, ...). Only the offset coordinates and the pixel
    origin depend on the stagger index; the axial topology never does.
    """

    tile_width: int
    """The map's ``tilewidth`` (Tiled's grid uses it rounded down to even)."""
    tile_height: int
    """The map's ``tileheight`` (Tiled's grid uses it rounded down to even)."""
    side_length: int
    """The map's ``hexsidelength``: the straight side along the stagger axis."""
    stagger_axis: StaggerAxis
    """Which axis is staggered: Y (pointy top, Tiled's default) or X (flat top)."""
    stagger_index: StaggerIndex
    """Which rows / columns are shifted: ODD (Tiled's default) or EVEN."""
    _layout: _Layout = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        stagger_x = self.stagger_axis is StaggerAxis.X
        tile_width = self.tile_width & ~1
        tile_height = self.tile_height & ~1
        if tile_width < 2 or tile_height < 2:
            raise ValueError(
                f"hex tiles need a size of at least 2x2, got {self.tile_width}x{self.tile_height}"
            )
        along = tile_width if stagger_x else tile_height
        if not 0 <= self.side_length <= along:
            raise ValueError(
                f"hex side length must be between 0 and {along} for "
                f"{self.tile_width}x{self.tile_height} tiles staggered along "
                f"{self.stagger_axis.value}, got {self.side_length}"
            )
        side_x = self.side_length if stagger_x else 0
        side_y = 0 if stagger_x else self.side_length
        offset_x = (tile_width - side_x) // 2
        offset_y = (tile_height - side_y) // 2
        object.__setattr__(
            self,
            "_layout",
            _Layout(
                tile_width=tile_width,
                tile_height=tile_height,
                side_length_x=side_x,
                side_length_y=side_y,
                side_offset_x=offset_x,
                side_offset_y=offset_y,
                column_width=offset_x + side_x,
                row_height=offset_y + side_y,
                stagger_x=stagger_x,
                stagger_even=self.stagger_index is StaggerIndex.EVEN,
            ),
        )

    @property
    def kind(self) -> GridKind:
        """Always :attr:`GridKind.HEX`."""
        return GridKind.HEX

    # -- topology -----------------------------------------------------------

    def neighbours(self, cell: Hex) -> tuple[Hex, ...]:
        """The 6 neighbours, anticlockwise on screen.

        Axial steps (+1,0), (+1,-1), (0,-1), (-1,0), (-1,+1), (0,+1): E, NE, NW,
        W, SW, SE for pointy tops; SE, NE, N, NW, SW, S for flat tops. Entry
        ``i`` and entry ``i + 3`` are opposite each other across ``cell``.
        """
        q, r = cell
        return tuple([_new_hex(Hex, (q + dq, r + dr)) for dq, dr in _DIRECTIONS])

    def distance(self, a: Hex, b: Hex) -> int:
        """Cube distance: the number of single-hex steps from ``a`` to ``b``."""
        aq, ar = a
        bq, br = b
        dq = aq - bq
        dr = ar - br
        # (abs(dq) + abs(dr) + abs(dq + dr)) // 2 (the third term is abs(a.s - b.s)), without the calls:
        # the same for (-dq, -dr), so make dq >= 0; then it is dq + dr if dr >= 0, else max(dq, -dr)
        if dq < 0:
            dq, dr = -dq, -dr
        if dr >= 0:
            return dq + dr
        return dq if dq > -dr else -dr

    def is_adjacent(self, a: Hex, b: Hex) -> bool:
        """Whether ``a`` and ``b`` share a side."""
        return self.distance(a, b) == 1

    def line(self, a: Hex, b: Hex) -> tuple[Hex, ...]:
        """The hexes of the straight line from ``a`` to ``b``, both included.

        Red Blob Games' line: sample the segment between the centres at
        ``n = distance(a, b)`` even steps and round each sample to a hex. To
        break ties (a sample on an edge between two hexes) both ends are
        nudged by ``(+1, +2, -3) / (12 n)`` in cube ``(q, r, s)``; the
        arithmetic is exact (integers over ``12 n``), so no sample is ever a
        tie and the same nudge applies whichever end the line starts from:
        ``line(b, a)`` is ``line(a, b)`` reversed.
        """
        n = self.distance(a, b)
        if n == 0:
            return (a,)
        denominator = 12 * n
        cells: list[Hex] = []
        aq, ar, bq, br = a.q, a.r, b.q, b.r
        as_, bs = -aq - ar, -bq - br
        for i in range(n + 1):
            qn = 12 * (aq * (n - i) + bq * i) + 1
            rn = 12 * (ar * (n - i) + br * i) + 2
            sn = 12 * (as_ * (n - i) + bs * i) - 3
            cells.append(_round_cube(qn, rn, sn, denominator))
        return tuple(cells)

    def within(self, centre: Hex, radius: int) -> Iterator[Hex]:
        """The ``3r(r+1) + 1`` hexes at distance ``<= r``, by increasing ``q`` then ``r``.

        Raises ``ValueError`` for a negative radius.
        """
        if radius < 0:
            raise ValueError(f"radius must be >= 0, got {radius}")
        q, r = centre
        return (
            _new_hex(Hex, (q + dq, r + dr))
            for dq in range(-radius, radius + 1)
            for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1)
        )

    def ring(self, centre: Hex, radius: int) -> tuple[Hex, ...]:
        """The ``6r`` hexes at distance exactly ``r``, walking anticlockwise on screen.

        Starts ``r`` steps south-west of the centre and walks ``r`` steps in
        each of the six :meth:`neighbours` directions in turn (Red Blob
        Games' ring). Radius 0 gives ``(centre,)``; a negative radius raises
        ``ValueError``.
        """
        if radius < 0:
            raise ValueError(f"radius must be >= 0, got {radius}")
        if radius == 0:
            return (centre,)
        start_q, start_r = _DIRECTIONS[4]
        q, r = centre.q + start_q * radius, centre.r + start_r * radius
        cells: list[Hex] = []
        for dq, dr in _DIRECTIONS:
            for _ in range(radius):
                cells.append(Hex(q, r))
                q, r = q + dq, r + dr
        return tuple(cells)

    def opposite(self, cell: Hex, centre: Hex) -> Hex:
        """``2*centre - cell``: where an ally must stand to flank ``centre`` with ``cell``."""
        return Hex(2 * centre.q - cell.q, 2 * centre.r - cell.r)

    # -- Tiled's offset coordinates -------------------------------------------

    def offset_to_cell(self, col: int, row: int) -> Hex:
        """The hex at Tiled's ``(col, row)`` (Red Blob's odd-r/even-r/odd-q/even-q)."""
        even = self._layout.stagger_even
        if not self._layout.stagger_x:
            shift = (row + (row & 1)) // 2 if even else (row - (row & 1)) // 2
            return Hex(col - shift, row)
        shift = (col + (col & 1)) // 2 if even else (col - (col & 1)) // 2
        return Hex(col, row - shift)

    def cell_to_offset(self, cell: Hex) -> tuple[int, int]:
        """Tiled's ``(col, row)`` of a hex; the inverse of :meth:`offset_to_cell`."""
        even = self._layout.stagger_even
        if not self._layout.stagger_x:
            r = cell.r
            shift = (r + (r & 1)) // 2 if even else (r - (r & 1)) // 2
            return (cell.q + shift, r)
        q = cell.q
        shift = (q + (q & 1)) // 2 if even else (q - (q & 1)) // 2
        return (q, cell.r + shift)

    # -- pixels ---------------------------------------------------------------

    def cell_origin_pixel(self, cell: Hex) -> tuple[int, int]:
        """Top-left of the hex's bounding box, as Tiled's ``tileToScreenCoords``.

        Stagger axis y: ``x = col * tw + (column_width if the row is shifted)``,
        ``y = row * row_height``; stagger axis x: ``x = col * column_width``,
        ``y = row * th + (row_height if the column is shifted)``, with Tiled's
        even-rounded ``tw``/``th``, ``column_width = (tw - side_x) // 2 + side_x``
        and ``row_height = (th - side_y) // 2 + side_y``.

        Tiled's grid lines agree, but its tile *images* do not always: with
        stagger axis x and an odd ``tw - side_length``, ``drawTileLayer`` steps
        ``tw + side_length`` per two columns instead of ``2 * column_width``,
        so images drift one pixel right every two columns (seen in
        ``tmxrasterizer`` 1.8.2).
        """
        return self._layout.origin(*self.cell_to_offset(cell))

    def cell_centre_pixel(self, cell: Hex) -> tuple[float, float]:
        """The middle of the hex's bounding box (the hexagon is symmetric about it)."""
        x, y = self.cell_origin_pixel(cell)
        return (x + self._layout.tile_width / 2, y + self._layout.tile_height / 2)

    def corners(self, cell: Hex) -> tuple[tuple[float, float], ...]:
        """The 6 corners of Tiled's grid outline, clockwise on screen.

        Tiled's ``tileToScreenPolygon`` gives 8 points of which two pairs
        coincide; these are the other six. Pointy top: left-lower, left-upper,
        top, right-upper, right-lower, bottom. Flat top: left, top-left,
        top-right, right, bottom-right, bottom-left. With a side length of 0
        the hexagon degenerates to a diamond and two more corners coincide.
        """
        octagon = self._layout.octagon(*self.cell_to_offset(cell))
        keep = (1, 2, 3, 4, 6, 7) if self._layout.stagger_x else (0, 1, 2, 4, 5, 6)
        return tuple((float(octagon[i][0]), float(octagon[i][1])) for i in keep)

    def pixel_to_cell(self, px: float, py: float) -> Hex:
        """The hex whose outline (:meth:`corners`) holds the pixel position.

        Exact point-in-hexagon. Where several outlines hold the position (on a
        shared edge, or in the one-pixel overlap Tiled's rounding leaves when
        the side length and the tile size differ in parity), the nearest
        centre wins, so a cell's own centre is always that cell's, even on
        tiny hexes; on an exact tie, the answer of Tiled's own
        ``screenToTileCoords``. Tiled picks the nearest of four centres, which for
        non-regular hexagons differs from the drawn outline near its slanted
        edges; there the outline wins.
        """
        layout = self._layout
        holders = [
            offset
            for offset in self._candidate_offsets(px, py)
            if _polygon_contains(self._float_octagon(offset), px, py)
        ]
        tiled = self._tiled_screen_to_tile(px, py)
        if not holders or holders == [tiled]:
            return self.offset_to_cell(*tiled)

        def centre_distance(offset: tuple[int, int]) -> tuple[float, int, int, int]:
            x, y = layout.origin(*offset)
            cx, cy = x + layout.tile_width / 2, y + layout.tile_height / 2
            return ((cx - px) ** 2 + (cy - py) ** 2, offset != tiled, offset[1], offset[0])

        return self.offset_to_cell(*min(holders, key=centre_distance))

    def map_pixel_size(self, width_cells: int, height_cells: int) -> tuple[int, int]:
        """The map's pixel size, as Tiled's ``HexagonalRenderer::mapBoundingRect``.

        Stagger axis y: ``(W * tw + (column_width if H > 1), H * row_height +
        side_offset_y)``; stagger axis x: ``(W * column_width + side_offset_x,
        H * th + (row_height if W > 1))``. It does not depend on the stagger
        index, so a one-row even-staggered map (or a one-column one) is cut
        half a hex short, as in Tiled. Raises ``ValueError`` below 1x1 cells.
        """
        if width_cells < 1 or height_cells < 1:
            raise ValueError(f"a map has at least 1x1 cells, got {width_cells}x{height_cells}")
        p = self._layout
        if p.stagger_x:
            width = width_cells * p.column_width + p.side_offset_x
            height = height_cells * (p.tile_height + p.side_length_y)
            if width_cells > 1:
                height += p.row_height
            return (width, height)
        width = width_cells * (p.tile_width + p.side_length_x)
        height = height_cells * p.row_height + p.side_offset_y
        if height_cells > 1:
            width += p.column_width
        return (width, height)

    # -- internals ------------------------------------------------------------

    def _float_octagon(self, offset: tuple[int, int]) -> tuple[tuple[float, float], ...]:
        return tuple((float(x), float(y)) for x, y in self._layout.octagon(*offset))

    def _candidate_offsets(self, px: float, py: float) -> Iterator[tuple[int, int]]:
        """Offsets of every tile whose bounding box may hold the position (a few extra)."""
        p = self._layout
        if p.stagger_x:
            step_y = p.tile_height + p.side_length_y
            for col in range(
                math.floor((px - p.tile_width) / p.column_width),
                math.floor(px / p.column_width) + 1,
            ):
                shift = p.row_height if p.staggers_column(col) else 0
                for row in range(
                    math.floor((py - shift - p.tile_height) / step_y),
                    math.floor((py - shift) / step_y) + 1,
                ):
                    yield (col, row)
        else:
            step_x = p.tile_width + p.side_length_x
            for row in range(
                math.floor((py - p.tile_height) / p.row_height),
                math.floor(py / p.row_height) + 1,
            ):
                shift = p.column_width if p.staggers_row(row) else 0
                for col in range(
                    math.floor((px - shift - p.tile_width) / step_x),
                    math.floor((px - shift) / step_x) + 1,
                ):
                    yield (col, row)

    def _tiled_screen_to_tile(self, px: float, py: float) -> tuple[int, int]:
        """A port of Tiled's ``HexagonalRenderer::screenToTileCoords``: the nearest of 4 centres."""
        p = self._layout
        x, y = px, py
        if p.stagger_x:
            x -= p.tile_width if p.stagger_even else p.side_offset_x
        else:
            y -= p.tile_height if p.stagger_even else p.side_offset_y
        ref_x = math.floor(x / (p.column_width * 2))
        ref_y = math.floor(y / (p.row_height * 2))
        rel_x = x - ref_x * (p.column_width * 2)
        rel_y = y - ref_y * (p.row_height * 2)
        if p.stagger_x:
            ref_x = ref_x * 2 + (1 if p.stagger_even else 0)
            left = p.side_length_x // 2
            centre_x = left + p.column_width
            centre_y = p.tile_height // 2
            centres = (
                (left, centre_y),
                (centre_x, centre_y - p.row_height),
                (centre_x, centre_y + p.row_height),
                (centre_x + p.column_width, centre_y),
            )
            steps = ((0, 0), (1, -1), (1, 0), (2, 0))
        else:
            ref_y = ref_y * 2 + (1 if p.stagger_even else 0)
            top = p.side_length_y // 2
            centre_x = p.tile_width // 2
            centre_y = top + p.row_height
            centres = (
                (centre_x, top),
                (centre_x - p.column_width, centre_y),
                (centre_x + p.column_width, centre_y),
                (centre_x, centre_y + p.row_height),
            )
            steps = ((0, 0), (-1, 1), (0, 1), (0, 2))
        nearest = 0
        best = math.inf
        for i, (cx, cy) in enumerate(centres):
            squared = (cx - rel_x) ** 2 + (cy - rel_y) ** 2
            if squared < best:
                best = squared
                nearest = i
        dx, dy = steps[nearest]
        return (ref_x + dx, ref_y + dy)
