"""What every grid offers: the one interface the board, the rules and the UI use.

Two coordinate systems meet here and are never mixed up:

* a **cell** is a grid coordinate (:class:`~game.grid.square.Square` or
  :class:`~game.grid.hex.Hex`);
* a **pixel** is a position in the *map's* pixel space, laid out exactly as
  Tiled lays out the map (so Tiled's own rendering, ``tmxrasterizer`` and our
  board view agree). Pixel positions are real numbers: ``(x, y)`` with ``y``
  growing downwards; the centre of the screen pixel at column ``i``, row ``j``
  is ``(i + 0.5, j + 0.5)``.

Tiled stores tile layers by **offset** coordinates ``(col, row)``; they meet the
engine only through :meth:`Grid.offset_to_cell` and :meth:`Grid.cell_to_offset`.
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import Enum
from typing import Protocol, TypeVar

CellT = TypeVar("CellT")


class GridKind(Enum):
    """The shape of a grid's cells."""

    SQUARE = "square"
    HEX = "hex"


class Grid(Protocol[CellT]):
    """A grid of cells of type ``CellT``: its topology and its pixel layout.

    Implemented by :class:`~game.grid.square.SquareGrid` (``Grid[Square]``) and
    :class:`~game.grid.hex.HexGrid` (``Grid[Hex]``). The grid is unbounded:
    every method accepts any cell, negative coordinates included; the map's
    size limits the board, not the geometry.
    """

    @property
    def kind(self) -> GridKind:
        """Square or hex."""
        ...

    # -- topology -----------------------------------------------------------

    def neighbours(self, cell: CellT) -> tuple[CellT, ...]:
        """The cells at distance 1, in the grid's fixed, documented order."""
        ...

    def distance(self, a: CellT, b: CellT) -> int:
        """The number of single-cell steps from ``a`` to ``b``."""
        ...

    def is_adjacent(self, a: CellT, b: CellT) -> bool:
        """Whether ``a`` and ``b`` are neighbours (distance exactly 1)."""
        ...

    def line(self, a: CellT, b: CellT) -> tuple[CellT, ...]:
        """The cells on the straight line from ``a`` to ``b``, both included.

        ``distance(a, b) + 1`` cells; each consecutive pair are neighbours;
        ``line(b, a)`` is ``line(a, b)`` reversed.
        """
        ...

    def within(self, centre: CellT, radius: int) -> Iterator[CellT]:
        """Every cell at distance ``<= radius`` from ``centre`` (radius 0: the centre)."""
        ...

    def ring(self, centre: CellT, radius: int) -> tuple[CellT, ...]:
        """The cells at distance exactly ``radius``, in walking order.

        Each consecutive pair (and the last and the first) are neighbours;
        radius 0 gives ``(centre,)``.
        """
        ...

    def opposite(self, cell: CellT, centre: CellT) -> CellT:
        """The point reflection of ``cell`` across ``centre``: the flanking position."""
        ...

    # -- Tiled's offset coordinates -------------------------------------------

    def offset_to_cell(self, col: int, row: int) -> CellT:
        """The cell at Tiled's tile-layer coordinates ``(col, row)``."""
        ...

    def cell_to_offset(self, cell: CellT) -> tuple[int, int]:
        """Tiled's tile-layer coordinates ``(col, row)`` of a cell."""
        ...

    # -- pixels ---------------------------------------------------------------

    def cell_origin_pixel(self, cell: CellT) -> tuple[int, int]:
        """Top-left corner of the cell's bounding box (Tiled's ``tileToScreenCoords``)."""
        ...

    def cell_centre_pixel(self, cell: CellT) -> tuple[float, float]:
        """The centre of the cell's shape."""
        ...

    def corners(self, cell: CellT) -> tuple[tuple[float, float], ...]:
        """The cell's outline, clockwise on screen, as Tiled draws its grid."""
        ...

    def pixel_to_cell(self, px: float, py: float) -> CellT:
        """The cell whose shape contains the map pixel position ``(px, py)``."""
        ...

    def map_pixel_size(self, width_cells: int, height_cells: int) -> tuple[int, int]:
        """The pixel size of a finite map of that many columns and rows, as Tiled computes it."""
        ...
