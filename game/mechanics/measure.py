"""The ruler (issue 18, item 3): how far one creature or cell is from another, in cells and feet, and
whether a line of effect runs between them, cell by cell.

The distance is the grid's as the ruleset counts it: hexes are hex steps; on squares the ruleset's tactics
rules say how diagonals count (:class:`Diagonals`, read with :func:`diagonals_of`: a rules object without a
``diagonals`` attribute counts each diagonal as one step, the engine's own geometry). Feet per cell come
from the map's ``feet_per_cell`` property, else :data:`DEFAULT_FEET_PER_CELL`. Line of effect is
``tactics.line_of_effect``'s (no wall strictly between the two cells on the grid's line); the ruler also
says where along the line the first wall stands, so the window can draw the blocked part apart.
Nothing here imports pygame.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol, runtime_checkable

from game.board import Board
from game.grid import Cell, GridKind, Square
from game.mechanics import tactics
from game.mechanics.tactics.rules import Field

FEET_PER_CELL_PROPERTY = "feet_per_cell"
"""The map's custom property (int or float, more than 0 and at most :data:`MAX_FEET_PER_CELL`)."""
DEFAULT_FEET_PER_CELL = 5.0
MAX_FEET_PER_CELL = 1000.0


class Diagonals(Enum):
    """How a square grid's diagonal step counts (hexes have no diagonals)."""

    ONE = "one"
    """Every diagonal step counts one cell, as a side step does (king moves)."""
    ALTERNATE = "alternate"
    """Diagonal steps count one and two cells in turn (5 ft, 10 ft, 5 ft...)."""


def diagonals_of(rules: object) -> Diagonals:
    """How the ruleset's tactics rules count a diagonal: their ``diagonals`` attribute, else one cell."""
    got = getattr(rules, "diagonals", Diagonals.ONE)
    return got if isinstance(got, Diagonals) else Diagonals.ONE


def cells_apart(board: Board, a: Cell, b: Cell, diagonals: Diagonals = Diagonals.ONE) -> int:
    """The number of cells from ``a`` to ``b`` on ``board``'s grid, diagonals counted as ``diagonals`` says."""
    if board.kind is GridKind.HEX or diagonals is Diagonals.ONE:
        return board.grid.distance(a, b)
    assert isinstance(a, Square) and isinstance(b, Square)
    dx, dy = abs(a.x - b.x), abs(a.y - b.y)
    diagonal, straight = min(dx, dy), abs(dx - dy)
    return straight + diagonal + diagonal // 2


def feet_per_cell(board: Board) -> tuple[float, str]:
    """The map's feet per cell and, when its ``feet_per_cell`` property is unusable, why (the default is used)."""
    raw = board.properties.get(FEET_PER_CELL_PROPERTY)
    if raw is None:
        return DEFAULT_FEET_PER_CELL, ""
    if isinstance(raw, bool) or not isinstance(raw, (int, float)) or not math.isfinite(raw):
        return DEFAULT_FEET_PER_CELL, (f"map property '{FEET_PER_CELL_PROPERTY}' must be a number, found "
                                       f"{type(raw).__name__}: {DEFAULT_FEET_PER_CELL:g} ft used")
    if not 0 < raw <= MAX_FEET_PER_CELL:
        return DEFAULT_FEET_PER_CELL, (f"map property '{FEET_PER_CELL_PROPERTY}' must be more than 0 and at most "
                                       f"{MAX_FEET_PER_CELL:g}, found {raw:g}: {DEFAULT_FEET_PER_CELL:g} ft used")
    return float(raw), ""


@runtime_checkable
class Tactical(Protocol):
    """A fight whose state ``tactics`` reads (both rulesets' fights keep it as ``state``)."""

    @property
    def state(self) -> Field[Any]: ...


def field_of(fight: object) -> Field[Any] | None:
    """The tactics state of a fight, if it keeps one (else the ruler reads the board's walls itself)."""
    if isinstance(fight, Tactical):
        state = fight.state
        if all(hasattr(state, name) for name in ("board", "tactics_rules", "memo", "creatures", "initiative")):
            return state
    return None


@dataclass(frozen=True, slots=True)
class Measure:
    """One measurement: from ``start`` to ``end`` (the nearest cells when a creature's space is measured)."""

    start: Cell
    end: Cell
    cells: int
    """Cells apart, by the grid's and the ruleset's count."""
    feet: float
    line: tuple[Cell, ...]
    """The grid's line from ``start`` to ``end``, both included."""
    blocked_at: int | None
    """The index in ``line`` of the first wall strictly between the ends (None: line of effect)."""

    @property
    def has_line_of_effect(self) -> bool:
        return self.blocked_at is None

    @property
    def clear(self) -> tuple[Cell, ...]:
        """The cells of the line the line of effect reaches (all of it when nothing blocks)."""
        return self.line if self.blocked_at is None else self.line[:self.blocked_at]

    @property
    def blocked(self) -> tuple[Cell, ...]:
        """The blocking wall and the cells of the line beyond it."""
        return () if self.blocked_at is None else self.line[self.blocked_at:]

    def label(self) -> str:
        feet = f"{self.feet:g}"
        return f"{self.cells} cell{'s' if self.cells != 1 else ''} · {feet} ft"


def first_wall(board: Board, line: Sequence[Cell]) -> int | None:
    """The index of the first wall strictly between the ends of ``line`` (off-board cells do not block)."""
    for i in range(1, len(line) - 1):
        cell = line[i]
        if cell in board and board.is_wall(cell):
            return i
    return None


def measure(board: Board, starts: Sequence[Cell], ends: Sequence[Cell], *, diagonals: Diagonals = Diagonals.ONE,
            feet: float = DEFAULT_FEET_PER_CELL, field: Field[Any] | None = None) -> Measure:
    """From the nearest of ``starts`` to the nearest of ``ends`` (a creature's space, or one cell each): the
    fewest cells apart, a pair with line of effect preferred among equally near ones. Line of effect is
    ``tactics.line_of_effect`` on ``field`` when given (the fight's state), else the same test on ``board``.
    A space is at most a few cells (2x2), so every pair is tried."""
    if not starts or not ends:
        raise ValueError("nothing to measure from or to")
    best: tuple[int, int, int, int] | None = None
    pairs = [(a, b) for a in starts[:64] for b in ends[:64]]
    for k, (a, b) in enumerate(pairs):
        apart = cells_apart(board, a, b, diagonals)
        seen = tactics.line_of_effect(field, a, b) if field is not None else first_wall(board, board.grid.line(a, b)) is None
        key = (apart, 0 if seen else 1, k, 0)
        if best is None or key < best:
            best = key
    assert best is not None
    a, b = pairs[best[2]]
    line = board.grid.line(a, b)
    blocked = None if best[1] == 0 else first_wall(board, line)
    return Measure(a, b, best[0], best[0] * feet, line, blocked)
