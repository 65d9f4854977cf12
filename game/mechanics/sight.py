"""Line of sight for the players' display (issue 17, item 4): which cells a creature sees.

A cell is seen from a creature's cell when no wall lies strictly between them on the grid's line (the test of
``tactics.line_of_effect``: a wall is seen, what is behind it is not), within :data:`SIGHT_RADIUS` cells.
Square and hex alike (``Grid.line`` and ``Grid.within``). Nothing here imports pygame.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

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


@dataclass(frozen=True, slots=True)
class SightChange:
    """What one :meth:`Sight.update` changed: the cells seen now that were not (``gained``) and those seen before
    that are not now (``lost``: explored from now on)."""

    gained: frozenset[Cell]
    lost: frozenset[Cell]


class Sight:
    """What the players' creatures see now (:attr:`seen`) and have seen (:attr:`explored`) during one fight,
    kept up to date incrementally: each cell counts the creatures' cells it is seen from, so a creature that
    moves costs its old and new fields of view only (each worked out once per cell it stands on), never the
    whole board nor every other creature's field again."""

    def __init__(self, board: Board, radius: int = SIGHT_RADIUS) -> None:
        self.board = board
        self.radius = radius
        self._walls: frozenset[tuple[int, int]] | None = None
        self._inside: frozenset[tuple[int, int]] = frozenset()
        """The board's cells as plain pairs (a ``Square`` or ``Hex`` equals the pair of its numbers)."""
        self._reach: tuple[tuple[tuple[int, int], ...], dict[tuple[int, int], frozenset[tuple[int, int]]]] | None = None
        """The offsets within the radius, and for each offset the offsets whose line from the origin crosses it."""
        self.explored: set[Cell] = set()
        self.seen: set[Cell] = set()
        """The cells seen now (from any of the cells last given to :meth:`update`)."""
        self._fields: dict[Cell, frozenset[Cell]] = {}
        self._from: Counter[Cell] = Counter()
        """The cells seen from, each with how many of the creatures' spaces are on it."""
        self._counts: Counter[Cell] = Counter()
        """Each cell seen now, with how many of the cells in ``_from`` see it."""

    def field(self, cell: Cell) -> frozenset[Cell]:
        """:func:`field_of_view` from ``cell`` (the same cells), worked out once per cell."""
        got = self._fields.get(cell)
        if got is None:
            if len(self._fields) > 100_000:
                self._fields.clear()
            got = self._fields[cell] = self._field(cell)
        return got

    def _field(self, origin: Cell) -> frozenset[Cell]:
        """The grids' lines are the same from any origin, moved (integer arithmetic on the coordinates): the
        offsets each offset's line crosses are worked out once, and a field of view is then every offset less
        those behind the walls near the origin, not a line drawn to every cell of the radius."""
        board = self.board
        if self._walls is None:
            self._walls = frozenset((c[0], c[1]) for c in board if board.is_wall(c))
            self._inside = frozenset((c[0], c[1]) for c in board)
            zero = type(origin)(0, 0)
            targets = tuple((c[0], c[1]) for c in board.grid.within(zero, self.radius))
            behind: dict[tuple[int, int], set[tuple[int, int]]] = {}
            for t in targets:
                for crossed in board.grid.line(zero, type(origin)(*t))[1:-1]:
                    behind.setdefault((crossed[0], crossed[1]), set()).add(t)
            self._reach = (targets, {k: frozenset(v) for k, v in behind.items()})
        assert self._reach is not None
        targets, behind_of = self._reach
        walls = self._walls
        x, y = origin
        hidden: set[tuple[int, int]] = set()
        for dx, dy in targets:
            if (x + dx, y + dy) in walls:
                crossed = behind_of.get((dx, dy))
                if crossed:
                    hidden |= crossed
        make, inside = type(origin), self._inside
        return frozenset([make(x + dx, y + dy) for dx, dy in targets
                          if (x + dx, y + dy) in inside and (dx, dy) not in hidden])

    def update(self, cells: Iterable[Cell]) -> SightChange:
        """See from ``cells`` now (the players' creatures' spaces, instead of those given before); what that
        changed. The cells seen are explored from now on."""
        now = Counter(cells)
        gained: set[Cell] = set()
        lost: set[Cell] = set()
        counts = self._counts
        for cell in now.keys() | self._from.keys():
            delta = now[cell] - self._from[cell]
            if not delta:
                continue
            for seen in self.field(cell):
                before = counts[seen]
                after = before + delta
                if after <= 0:
                    del counts[seen]
                    if before > 0:
                        lost.add(seen)
                else:
                    counts[seen] = after
                    if before <= 0:
                        gained.add(seen)
        self._from = now
        both = gained & lost  # lost and seen again (or the other way round) within this update: no change
        gained -= both
        lost -= both
        self.seen |= gained
        self.seen -= lost
        self.explored |= gained
        return SightChange(frozenset(gained), frozenset(lost))
