"""Seed 001's fight state (numbers in brackets are seed 001's lines): each creature as it stands now (Body and
Endurance, prone, its movement left this round, whether it has been stationary since its last movement option
[12], the mount it rides) and the board as the shared tactics read it.

Riders (ours): a rider is carried on its mount's hex. Both are pieces of the fight, each with its own second,
Body and reactions, targeted separately; the rider's cell is always its mount's. The shared tactics see only
the mount (:attr:`FightState.creatures` leaves carried riders out), so the board never holds two pieces in one
hex for a search; the table draws and finds the rider on the mount's hex.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Mapping

from game.board import Board, Terrain
from game.grid import Cell
from game.mechanics.measure import Diagonals
from game.mechanics.tactics.memo import TacticsMemo
from game.mechanics.tactics.pieces import PieceId
from game.mechanics.tactics.rules import WalledGrid
from game.rulesets.seed001.pools import Vitals
from game.rulesets.seed001.sheets import HEX_FEET, Sheet


@dataclass(eq=False, slots=True)
class Creature:
    id: PieceId
    name: str
    side: str
    template: Sheet
    cell: Cell
    vitals: Vitals = field(default_factory=lambda: Vitals(1, 1, 0, 0))
    prone: bool = False
    feet_left: int = 0
    """Movement left this round, in feet (movement is free within it [32]; a mount's carries its rider)."""
    stationary: bool = True
    """It has not moved since its last movement option (the start of its turn) [12]: an attack of opportunity
    needs it."""
    moved_this_turn: bool = False
    turn_start: Cell | None = None
    """Where it stood when its turn began: a rush toward an attack is measured from here [21]."""
    mount: PieceId | None = None
    """The mount it rides (its cell is the mount's)."""
    rider: PieceId | None = None
    """The rider it carries (a mount)."""

    @property
    def sheet(self) -> Sheet:
        return self.template

    @property
    def out(self) -> bool:
        """Incapacitated: Body at 0 or below (ours)."""
        return self.vitals.incapacitated

    @property
    def dead(self) -> bool:
        """Out of the fight (neither blocks nor is targeted)."""
        return self.vitals.incapacitated

    @property
    def carried(self) -> bool:
        return self.mount is not None


class FightState:
    """The board and the creatures, as the shared tactics read a state (``tactics.Field``)."""

    def __init__(self, board: Board, creatures: Mapping[PieceId, Creature]) -> None:
        self.board = board
        self.everyone: dict[PieceId, Creature] = dict(creatures)
        """Every creature, riders too, in file order."""
        self.initiative: list[PieceId] = list(creatures)
        self.tactics_rules = Seed001Tactics()
        self.memo = TacticsMemo()
        self.creatures: dict[PieceId, Creature] = {}
        """What the shared tactics read: every creature but carried riders (:meth:`refresh`)."""
        self.refresh()

    def refresh(self) -> None:
        """After a rider mounts or leaves its mount: the pieces the tactics see."""
        self.creatures = {k: c for k, c in self.everyone.items() if not c.carried}

    def standing(self, side: str) -> list[Creature]:
        return [c for c in self.everyone.values() if c.side == side and not c.out]

    def occupant(self, cell: Cell) -> Creature | None:
        """Who stands on ``cell``: a mount's hex answers the rider (the one who steers; the mount is the rider's
        :attr:`Creature.mount`)."""
        found = None
        for c in self.everyone.values():
            if not c.out and c.cell == cell:
                if c.carried:
                    return c
                found = c
        return found

    def distance(self, a: Cell, b: Cell) -> int:
        return int(self.board.grid.distance(a, b))

    def gap(self, a: Creature, b: Creature, a_at: Cell | None = None) -> int:
        return self.distance(a.cell if a_at is None else a_at, b.cell)

    def adjacent(self, a: Creature, b: Creature) -> bool:
        return self.gap(a, b) == 1

    def enemies(self, creature: Creature) -> list[Creature]:
        return [c for c in self.everyone.values() if c.side != creature.side and not c.out]

    def allies(self, creature: Creature) -> list[Creature]:
        return [c for c in self.everyone.values() if c.side == creature.side and not c.out and c is not creature]

    def mover(self, creature: Creature) -> Creature:
        """Who carries ``creature`` across the board: its mount, else itself."""
        if creature.mount is not None:
            mount = self.everyone.get(creature.mount)
            if mount is not None:
                return mount
        return creature

    def hexes_left(self, creature: Creature) -> int:
        """Hexes ``creature`` may still move this round (a rider: its mount's)."""
        return max(0, self.mover(creature).feet_left) // HEX_FEET


@dataclass(frozen=True, slots=True)
class Seed001Tactics(WalledGrid):
    """Movement on the board for the shared tactics: walls stop, difficult terrain costs 2 hexes, enemies block
    and allies may be passed through. Provoking is not the tactics' leaving-a-threatened-hex geometry: an attack
    of opportunity is for passing through a hex adjacent to someone [11] (the fight asks at each hex entered), so
    the tactics threaten nothing and the cheapest path is the path."""

    @property
    def modes(self) -> frozenset[str]:
        return _MODES

    def passable(self, terrain: Terrain) -> bool:
        return not terrain.wall

    def can_move(self, creature: Creature, mode: str) -> bool:
        return not creature.out and not creature.prone

    def budget(self, creature: Creature, mode: str) -> int:
        return max(0, creature.feet_left) // HEX_FEET

    def threat_reach(self, sheet: Any) -> int:
        return 0

    def can_threaten(self, creature: Creature) -> bool:
        return False

    def provokes(self, mode: str) -> bool:
        return False

    def can_flank_with(self, sheet: Any) -> bool:
        return False

    def can_flank(self, creature: Creature) -> bool:
        return False

    def route_key(self, mover: Creature, creatures: Iterable[Creature]) -> tuple[object, ...]:
        return ((mover.id, mover.cell, mover.side, mover.template, mover.dead, mover.prone, mover.feet_left),
                tuple([(c.id, c.cell, c.side, c.template, c.dead) for c in creatures]))

    diagonals: ClassVar[Diagonals] = Diagonals.ONE


_MODES = frozenset({"move"})
