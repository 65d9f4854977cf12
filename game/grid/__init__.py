"""Pure grid geometry: square and hex cells, their topology and Tiled's pixel layout.

Standard library only; nothing here knows about pygame, maps or rules. See
:class:`Grid` for the one interface both grids implement.
"""

from __future__ import annotations

from game.grid.base import Grid, GridKind
from game.grid.hex import Hex, HexGrid, StaggerAxis, StaggerIndex
from game.grid.square import Square, SquareGrid

Cell = Square | Hex
"""Any grid cell."""

__all__ = [
    "Cell",
    "Grid",
    "GridKind",
    "Hex",
    "HexGrid",
    "Square",
    "SquareGrid",
    "StaggerAxis",
    "StaggerIndex",
]
