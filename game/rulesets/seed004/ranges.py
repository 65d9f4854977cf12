"""Seed 004's ranges between pairs of characters on the grid (numbers in brackets are the document's lines).

The document counts the range between two characters 1..6 and asks the gamesmaster beyond [28]. Ours: the range
is the grid distance between their cells (king moves on squares, hex steps on hexes; one cell is one inch), so it
is never 0 (two characters never share a cell) and needs no bookkeeping of its own: a maneuver changes it by
moving its maker on the grid, which changes its ranges to everyone else too (the "may affect ranges to other
characters" of [28], decided by the geometry).

:class:`Ground` is what a destination needs to know: the board (walls, its edges) and the cells characters stand
on. :func:`destination` picks where a range change puts its maker.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from game.board import Board
from game.grid import Cell, Grid
from game.rulesets.seed004.sheets import MAX_RANGE


def range_between(grid: Grid[Any], a: Cell, b: Cell) -> int:
    """The range between characters standing at ``a`` and ``b``: their grid distance (ours)."""
    return int(grid.distance(a, b))


def is_beyond_rules(range_: int) -> bool:
    """Whether a range is above 6, where the document says to check with the gamesmaster [28]."""
    return range_ > MAX_RANGE


@dataclass(frozen=True, slots=True)
class Ground:
    """The board and who stands where, as a maneuver's destination reads them."""

    board: Board
    taken: frozenset[Cell]
    """Cells characters stand on (the mover's own included or not: :func:`destination` frees it)."""

    @staticmethod
    def of(board: Board, cells: Iterable[Cell]) -> Ground:
        return Ground(board, frozenset(cells))

    def is_open(self, cell: Cell) -> bool:
        """On the board and not a wall (ours: any other terrain can be stood on)."""
        return cell in self.board and not self.board.terrain(cell).wall

    def is_free(self, cell: Cell, mover: Cell | None = None) -> bool:
        """Open and nobody stands there (``mover``'s own cell counts as free for it)."""
        return self.is_open(cell) and (cell == mover or cell not in self.taken)


def ray_cell(grid: Grid[Any], origin: Cell, through: Cell, distance: int) -> Cell:
    """The cell ``distance`` steps from ``origin`` on the straight line from ``origin`` through ``through``
    (extended past it when ``distance`` is the larger): the ideal place to stand at that range. Both grids' cells
    are linear coordinates, so the line is extended by scaling the difference."""
    if origin == through:
        raise ValueError("a ray needs two different cells")
    span = int(grid.distance(origin, through))
    scale = distance // span + 1
    far = type(origin)(origin[0] + (through[0] - origin[0]) * scale, origin[1] + (through[1] - origin[1]) * scale)
    line = grid.line(origin, far)
    return line[distance]  # type: ignore[no-any-return]


def destination(ground: Ground, mover: Cell, other: Cell, new_range: int) -> Cell | None:
    """Where a maneuver that sets the range between ``mover`` and ``other`` to ``new_range`` puts the mover (ours:
    the smallest reading): among the free cells exactly ``new_range`` from ``other``, the one fewest steps from
    the mover; on a tie, the one nearest the straight line from ``other`` through the mover (the cell on that
    line at ``new_range``); then the least cell. None when no cell at that range is free."""
    grid = ground.board.grid
    if new_range < 1:
        raise ValueError(f"range {new_range}: two characters never share a cell")
    if range_between(grid, mover, other) == new_range:
        return mover
    ideal = ray_cell(grid, other, mover, new_range)
    best: tuple[int, int, Cell] | None = None
    for cell in grid.ring(other, new_range):
        if not ground.is_free(cell, mover):
            continue
        key = (int(grid.distance(mover, cell)), int(grid.distance(ideal, cell)), cell)
        if best is None or key < best:
            best = key
    return None if best is None else best[2]
