"""Line of sight for the players' display (issue 17, item 4): which cells a creature sees.

A cell is seen from a creature's cell when no wall lies strictly between them on the grid's line (the test of
``tactics.line_of_effect``: a wall is seen, what is behind it is not), within :data:`SIGHT_RADIUS` cells.
Square and hex alike (``Grid.line`` and ``Grid.within``). Nothing here imports pygame.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.board import Board
from game.grid import Cell

SIGHT_RADIUS = 12
"""How far a creature sees, in cells (the rules say nothing of sight: the smallest reading that plays)."""

SIGHT_PROPERTY = "line_of_sight"
"""A map's bool property: ``false`` turns line of sight off (players see the whole map)."""


def sees(board: Board, a: Cell, b: Cell) -> bool:
    """Whether ``b`` is seen from ``a``: no wall strictly between them on the grid's line."""
    return not any(cell in board and board.is_wall(cell) for cell in board.grid.line(a, b)[1:-1])


def field_of_view(board: Board, origin: Cell, radius: int = SIGHT_RADIUS) -> frozenset[Cell]:
    """The board cells seen from ``origin`` within ``radius`` (walls in view included)."""
    return frozenset(cell for cell in board.grid.within(origin, radius)
                     if cell in board and sees(board, origin, cell))


class Sight:
    """What the players' creatures see now and have seen (explored) during one fight: each creature's field of
    view is worked out again only when it stands on another cell."""

    def __init__(self, board: Board, radius: int = SIGHT_RADIUS) -> None:
        self.board = board
        self.radius = radius
        self.explored: set[Cell] = set()
        self._fields: dict[Cell, frozenset[Cell]] = {}

    def update(self, cells: Iterable[Cell]) -> frozenset[Cell]:
        """The cells seen from any of ``cells`` (the players' creatures' spaces); they are explored from now on."""
        seen: set[Cell] = set()
        for cell in cells:
            got = self._fields.get(cell)
            if got is None:
                if len(self._fields) > 100_000:
                    self._fields.clear()
                got = self._fields[cell] = field_of_view(self.board, cell, self.radius)
            seen |= got
        self.explored |= seen
        return frozenset(seen)
