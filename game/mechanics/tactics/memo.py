"""What ``tactics`` (and a ruleset's AI) work out once and keep: per encounter (:class:`TacticsMemo`), per
immutable object.

Nothing here is a module global: every table belongs to an encounter's state
(``EncounterState.memo``), is made with it and dropped with it, so no board,
sheet or creature of a finished fight stays reachable from a module (see
``tests/mechanics/tactics/test_memo.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, TypeVar, cast

from game.mechanics.tactics.pieces import PieceId

if TYPE_CHECKING:
    from game.board import Board
    from game.grid import Cell

T = TypeVar("T")
O = TypeVar("O")


def per_object(table: dict[int, tuple[O, T]], obj: O, make: Callable[[O], T], limit: int = 4096) -> T:
    """``table``'s answer for ``obj``, made by ``make(obj)`` on first use; the table is emptied when it
    reaches ``limit`` entries.

    The table is keyed by ``id(obj)`` (hashing a frozen dataclass would walk all its fields) and each
    entry keeps the object itself, so an id reused by a later object is noticed and not mistaken for it.
    Keep such a table in an encounter's :class:`TacticsMemo` (``kept``), never in a module global."""
    got = table.get(id(obj))
    if got is None or got[0] is not obj:
        if len(table) >= limit:
            table.clear()
        got = table[id(obj)] = (obj, make(obj))
    return got[1]


SideKey = tuple[int, int]


class TacticsMemo:
    """Everything ``tactics`` (and the AI through ``kept``) remembers about one encounter.

    Owned by the encounter's state (``EncounterState.memo``): made with it, dropped with it. Valid for
    one board and one :class:`~game.mechanics.tactics.rules.TacticsRules`; ``tactics`` empties it
    (:meth:`clear`) when the state's board or rules are no longer the ones it was filled for. The state
    is mutable, so each table either depends only on immutable things (the board, the rules, sheets,
    cells) or keeps, beside its answer, everything the answer was worked out from.
    """

    __slots__ = ("board", "rules", "sheets", "ranks", "sides_hex", "sides_square", "melee_sheets", "tables")

    def __init__(self) -> None:
        self.board: Board | None = None
        """The board the tables below were filled for (None: nothing filled yet)."""
        self.rules: Any = None
        """The rules the tables below were filled for (a ``TacticsRules``; None: nothing filled yet)."""
        self.sheets: dict[int, tuple[object, int, int]] = {}
        """Per creature sheet (by identity, the sheet kept): its square size and threat reach."""
        self.ranks: list[tuple[tuple[PieceId, ...], tuple[PieceId, ...], dict[PieceId, int]]] = []
        """The last ranks worked out, with the initiative and the creature ids they came from."""
        self.sides_hex: dict[tuple[Cell, ...], tuple[tuple[Cell, SideKey], ...]] = {}
        """``tactics._sides`` per space, hex grids."""
        self.sides_square: dict[tuple[Cell, ...], tuple[tuple[Cell, SideKey], ...]] = {}
        """``tactics._sides`` per space, square grids (a Hex and a Square with the same numbers are equal)."""
        self.melee_sheets: dict[int, tuple[object, bool]] = {}
        """Per sheet: whether a piece with it can ever flank (the rules' ``can_flank_with``)."""
        self.tables: dict[str, Any] = {}
        """Tables of their own types, by name (``kept``): tactics' arrays, crowds and routes
        (``tactics._Kept``: kept by name so that this module need not import tactics' types), the AI's."""

    def clear(self) -> None:
        """Forget everything (the board or the rules changed)."""
        self.board = None
        self.rules = None
        self.sheets = {}
        self.ranks = []
        self.sides_hex = {}
        self.sides_square = {}
        self.melee_sheets = {}
        self.tables = {}

    def kept(self, name: str, make: Callable[[], T]) -> T:
        """The table (or any value) called ``name`` for this encounter, made by ``make()`` on first use.

        For modules other than ``tactics`` (the AI): names are ``module.what``. The value is dropped with
        the encounter (and when the board or rules change)."""
        got = self.tables.get(name)
        if got is None:
            got = self.tables[name] = make()
        return cast(T, got)
