"""What ``tactics`` reads: the pieces and the state (:class:`Piece`, :class:`Field`), and the rules it is
parameterised by (:class:`TacticsRules`).

``tactics`` knows the geometry (steps between cells, spaces, line of effect,
walls) and the searches (Dijkstra over labels, floods). What a rules system
decides about movement and threat comes from one object held by the
encounter's state (``state.tactics_rules``), supplied by its ruleset:

* which kinds of voluntary movement there are (``modes``), whether a piece
  may use one now (``can_move``) and how much movement it has (``budget``);
* which cells may be entered (``passable``) and what entering one costs
  (``enter_cost``: 1 or 2, the costs the searches' bucket queues are built
  for), and whether a diagonal step may pass a wall corner (``cut_corners``);
* who stops a mover (``blocking``: a closed set, so the searches keep their
  array forms);
* what threatens: how far a sheet threatens (``threat_reach``, 0 for nothing:
  worked out once per sheet) and whether a piece threatens now
  (``can_threaten``: read afresh at each query);
* what provokes: whether leaving a threatened position in a mode provokes
  (``provokes``);
* who may flank (``can_flank``: a ruleset without flanking says no);
* what of the pieces a remembered movement answer depends on (``route_key``).

Written for five rulesets (see the shared ``RULESETS.md``): seed 000's is
``game.rulesets.seed000.tactics_rules.Seed000Tactics``; 002 threatens every
square it can attack into in melee and provokes per action tag (a tag is a mode
here); 003 provokes from engaged creatures moving without disengaging; 001
threatens one hex whatever the reach. A ruleset's object must be immutable and
hashable (a frozen dataclass): the encounter's memo keeps answers worked out
from it (:class:`~game.mechanics.tactics.memo.TacticsMemo`) and the board keeps
its arrays under it (``Board.derived``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import Enum
from typing import Any, Protocol, TypeVar

from game.board import Board, Terrain
from game.mechanics.tactics.memo import TacticsMemo
from game.mechanics.tactics.pieces import Piece, PieceId, Sheet

__all__ = ["Blocking", "Field", "Piece", "PieceId", "Sheet", "TacticsRules", "piece_key"]

P = TypeVar("P", bound=Piece)
P_contra = TypeVar("P_contra", bound=Piece, contravariant=True)
S_contra = TypeVar("S_contra", contravariant=True)


class Blocking(Enum):
    """Whose space a mover may not enter (it never ends a move in anyone's: :func:`~game.mechanics.tactics.
    crowd.can_stand`). Dead pieces never block; every other piece on the board does, as this says."""

    ENEMIES = "enemies"
    """Pieces of another side block; allies may be passed through."""
    OTHERS = "others"
    """Every other piece blocks."""
    NOBODY = "nobody"
    """Anyone may be passed through."""


class TacticsRules(Protocol[P_contra, S_contra]):
    """What a rules system decides about movement, threat and provoking (see the module docstring), for
    its pieces (``P_contra``) and their sheets (``S_contra``)."""

    @property
    def modes(self) -> frozenset[str]:
        """The kinds of voluntary movement (a query in another mode is a ValueError)."""
        ...

    @property
    def blocking(self) -> Blocking:
        """Whose space stops a mover."""
        ...

    @property
    def cut_corners(self) -> bool:
        """Square grids: whether a diagonal step may pass a wall corner (True: walls on the two orthogonal
        cells between do not stop it)."""
        ...

    def passable(self, terrain: Terrain) -> bool:
        """Whether a piece's space may hold a cell of this terrain (a wall: no)."""
        ...

    def enter_cost(self, terrain: Terrain) -> int:
        """What a step costs when a cell of the new space is this terrain: 1 or 2 (the highest of the new
        space's cells counts)."""
        ...

    def can_move(self, creature: P_contra, mode: str) -> bool:
        """Whether ``creature`` may move in ``mode`` at all now."""
        ...

    def budget(self, creature: P_contra, mode: str) -> int:
        """How much movement ``creature`` has for one move in ``mode`` when the caller names none."""
        ...

    def threat_reach(self, sheet: S_contra) -> int:
        """How far a piece with this sheet threatens (cells from its space; 0: it threatens nothing)."""
        ...

    def can_threaten(self, creature: P_contra) -> bool:
        """Whether ``creature`` (alive, with a threat reach) threatens now."""
        ...

    def provokes(self, mode: str) -> bool:
        """Whether moving in ``mode`` out of a threatened position provokes the threatening pieces."""
        ...

    def can_flank_with(self, sheet: S_contra) -> bool:
        """Whether a piece with this sheet can ever flank (worked out once per sheet; False for every sheet
        in a ruleset without flanking)."""
        ...

    def can_flank(self, creature: P_contra) -> bool:
        """Whether ``creature`` (alive, with a sheet that can flank) can flank now."""
        ...

    def route_key(self, mover: P_contra, creatures: Iterable[P_contra]) -> tuple[object, ...]:
        """Everything of the mover and of every piece that a movement answer (``reachable``) depends on:
        at least :func:`piece_key`'s, plus whatever ``can_move``, ``budget`` and ``can_threaten`` read.
        A remembered answer is reused only while this is equal."""
        ...


class WalledGrid:
    """The terrain and blocking rules several rulesets share, as a base for their :class:`TacticsRules`:
    walls cannot be entered, difficult terrain costs 2, enemies block (allies are passed through), and no
    diagonal step passes a wall corner."""

    __slots__ = ()

    @property
    def blocking(self) -> Blocking:
        return Blocking.ENEMIES

    @property
    def cut_corners(self) -> bool:
        return False

    def passable(self, terrain: Terrain) -> bool:
        return not terrain.wall

    def enter_cost(self, terrain: Terrain) -> int:
        return 2 if terrain.difficult else 1


def piece_key(mover: Piece, creatures: Iterable[Piece]) -> tuple[object, ...]:
    """What ``tactics`` itself reads of the pieces for a movement answer (:meth:`TacticsRules.route_key`'s
    least): each piece's id, cell, side, sheet and whether it is dead, the mover's first."""
    return ((mover.id, mover.cell, mover.side, mover.template, mover.dead),
            tuple([(c.id, c.cell, c.side, c.template, c.dead) for c in creatures]))


class Field(Protocol[P]):
    """What ``tactics`` reads of an encounter's state: the board, the pieces, their order, the rules and the
    encounter's memo."""

    @property
    def board(self) -> Board: ...

    @property
    def creatures(self) -> Mapping[PieceId, P]:
        """Every piece, dead ones too, by id (in a fixed order: the answers never depend on hash order)."""
        ...

    @property
    def initiative(self) -> Sequence[PieceId]:
        """The turn order, if there is one (pieces are ranked by it, the others after in creature order)."""
        ...

    @property
    def tactics_rules(self) -> TacticsRules[P, Any]: ...

    @property
    def memo(self) -> TacticsMemo:
        """What ``tactics`` remembers about this encounter: made with the state, dropped with it."""
        ...
