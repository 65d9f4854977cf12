"""Square cells: king-move topology, laid out as Tiled's orthogonal renderer does."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import NamedTuple

from game.grid.base import GridKind


class Square(NamedTuple):
    """A cell of a square grid; the same numbers as Tiled's tile coordinates.

    A named tuple, not a dataclass: its hash and comparisons run in C (cells are dictionary keys in every
    hot loop of the rules and the AI), and it equals, hashes and orders exactly as the frozen, ordered
    dataclass it replaces (``hash((x, y))``, fields in order). Like every tuple, it also equals a plain
    ``(x, y)`` tuple and a ``Hex`` of the same numbers: never mix them in one mapping.
    """

    x: int
    """Column, growing to the right."""
    y: int
    """Row, growing downwards."""


_DIRECTIONS: tuple[tuple[int, int], ...] = (
    (1, 0),  # east
    (1, -1),  # north-east
    (0, -1),  # north
    (-1, -1),  # north-west
    (-1, 0),  # west
    (-1, 1),  # south-west
    (0, 1),  # south
    (1, 1),  # south-east
)
"""Neighbour steps: east first, then anticlockwise on screen (y grows downwards)."""


_new_square = tuple.__new__
"""``_new_square(Square, (x, y))`` is ``Square(x, y)`` made in C, without the named tuple's Python-level
``__new__`` (the hot loops below make thousands of cells a fight)."""


@dataclass(frozen=True, slots=True)
class SquareGrid:
    """A grid of square cells, ``tile_width`` x ``tile_height`` map pixels each.

    A diagonal step costs 1 (distance is the number of king moves). Pixels
    follow Tiled's ``OrthogonalRenderer``: cell ``(x, y)`` covers the pixels
    ``[x*tw, (x+1)*tw) x [y*th, (y+1)*th)``.
    """

    tile_width: int
    """Width of a cell in map pixels (the map's ``tilewidth``)."""
    tile_height: int
    """Height of a cell in map pixels (the map's ``tileheight``)."""

    def __post_init__(self) -> None:
        if self.tile_width < 1 or self.tile_height < 1:
            raise ValueError(
                f"square tiles need a positive size, got {self.tile_width}x{self.tile_height}"
            )

    @property
    def kind(self) -> GridKind:
        """Always :attr:`GridKind.SQUARE`."""
        return GridKind.SQUARE

    # -- topology -----------------------------------------------------------

    def neighbours(self, cell: Square) -> tuple[Square, ...]:
        """The 8 king-move neighbours: E, NE, N, NW, W, SW, S, SE (anticlockwise on screen).

        Entry ``i`` and entry ``i + 4`` are opposite each other across ``cell``.
        """
        x, y = cell
        return tuple([_new_square(Square, (x + dx, y + dy)) for dx, dy in _DIRECTIONS])

    def distance(self, a: Square, b: Square) -> int:
        """Chebyshev distance: the number of king moves from ``a`` to ``b``."""
        ax, ay = a
        bx, by = b
        dx = ax - bx if ax > bx else bx - ax
        dy = ay - by if ay > by else by - ay
        return dx if dx > dy else dy  # max(abs(dx), abs(dy)) without three calls

    def is_adjacent(self, a: Square, b: Square) -> bool:
        """Whether ``a`` and ``b`` share a side or a corner."""
        return self.distance(a, b) == 1

    def line(self, a: Square, b: Square) -> tuple[Square, ...]:
        """The cells of the straight line from ``a`` to ``b``, both included.

        Samples the segment between the cell centres at ``distance(a, b)``
        even steps and rounds each sample, exactly (integer arithmetic); a
        coordinate exactly halfway between two cells rounds towards +x / +y.
        The samples depend only on the segment, so ``line(b, a)`` is
        ``line(a, b)`` reversed.
        """
        n = self.distance(a, b)
        if n == 0:
            return (a,)
        # sample i is (a * (n - i) + b * i) / n per coordinate, rounded with halves up:
        # (2 * (a * (n - i) + b * i) + n) // (2 * n), whose numerator is 2 * a * n + n + 2 * (b - a) * i
        ax, ay, sx, sy, d = 2 * a.x * n + n, 2 * a.y * n + n, 2 * (b.x - a.x), 2 * (b.y - a.y), 2 * n
        return tuple([_new_square(Square, ((ax + sx * i) // d, (ay + sy * i) // d)) for i in range(n + 1)])

    def within(self, centre: Square, radius: int) -> Iterator[Square]:
        """The ``(2r+1)**2`` cells of the square of radius ``r`` around ``centre``.

        Row by row from the top, left to right. Raises ``ValueError`` for a
        negative radius.
        """
        if radius < 0:
            raise ValueError(f"radius must be >= 0, got {radius}")
        x, y = centre
        columns = range(x - radius, x + radius + 1)
        return (_new_square(Square, (cx, cy)) for cy in range(y - radius, y + radius + 1) for cx in columns)

    def ring(self, centre: Square, radius: int) -> tuple[Square, ...]:
        """The ``8r`` cells at distance exactly ``r``, walking clockwise on screen.

        Starts at the top-left corner and goes east along the top edge, south
        along the right edge, west along the bottom, north along the left.
        Radius 0 gives ``(centre,)``; a negative radius raises ``ValueError``.
        """
        if radius < 0:
            raise ValueError(f"radius must be >= 0, got {radius}")
        if radius == 0:
            return (centre,)
        cells: list[Square] = []
        x, y = centre.x - radius, centre.y - radius
        for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1)):
            for _ in range(2 * radius):
                cells.append(Square(x, y))
                x, y = x + dx, y + dy
        return tuple(cells)

    def opposite(self, cell: Square, centre: Square) -> Square:
        """``2*centre - cell``: where an ally must stand to flank ``centre`` with ``cell``."""
        return Square(2 * centre.x - cell.x, 2 * centre.y - cell.y)

    # -- Tiled's offset coordinates -------------------------------------------

    def offset_to_cell(self, col: int, row: int) -> Square:
        """Orthogonal maps need no conversion: ``Square(col, row)``."""
        return Square(col, row)

    def cell_to_offset(self, cell: Square) -> tuple[int, int]:
        """``(cell.x, cell.y)``."""
        return (cell.x, cell.y)

    # -- pixels ---------------------------------------------------------------

    def cell_origin_pixel(self, cell: Square) -> tuple[int, int]:
        """``(x * tile_width, y * tile_height)``."""
        return (cell.x * self.tile_width, cell.y * self.tile_height)

    def cell_centre_pixel(self, cell: Square) -> tuple[float, float]:
        """The middle of the cell's rectangle."""
        return (
            (cell.x + 0.5) * self.tile_width,
            (cell.y + 0.5) * self.tile_height,
        )

    def corners(self, cell: Square) -> tuple[tuple[float, float], ...]:
        """Top-left, top-right, bottom-right, bottom-left."""
        left, top = self.cell_origin_pixel(cell)
        right, bottom = left + self.tile_width, top + self.tile_height
        return (
            (float(left), float(top)),
            (float(right), float(top)),
            (float(right), float(bottom)),
            (float(left), float(bottom)),
        )

    def pixel_to_cell(self, px: float, py: float) -> Square:
        """The cell whose half-open rectangle holds the pixel position.

        A position on a shared edge belongs to the cell to its right / below,
        as in Tiled's ``OrthogonalRenderer::screenToTileCoords`` (floored).
        """
        return Square(math.floor(px / self.tile_width), math.floor(py / self.tile_height))

    def map_pixel_size(self, width_cells: int, height_cells: int) -> tuple[int, int]:
        """``(width * tile_width, height * tile_height)``, as Tiled's orthogonal renderer.

        Raises ``ValueError`` for a map of fewer than 1x1 cells.
        """
        if width_cells < 1 or height_cells < 1:
            raise ValueError(f"a map has at least 1x1 cells, got {width_cells}x{height_cells}")
        return (width_cells * self.tile_width, height_cells * self.tile_height)
