"""Seed 003's movement and threat rules for the shared tactics (:class:`Seed003Tactics`).

Engaged is being on the next cell of an enemy (8 neighbours on squares, 6 on hexes) [151]; a creature
threatens (makes opportunity attacks) while it is up and in a melee stance [181], and not Grabbed [257];
moving out of an engaged position provokes [159] (a disengaged creature moves without provoking those it
popped off, which the fight tells apart). A move action moves up to the encounter's Nearby distance
[152]; walls stop, difficult terrain costs 2, enemies block, allies may be passed; Stuck creatures do not
move [264]. (Numbers in brackets are seed 003's lines.)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from game.board import Terrain
from game.mechanics.tactics.rules import WalledGrid
from game.mechanics.measure import Diagonals
from game.rulesets.seed003.sheets import Condition, Sheet, StanceKind
from game.rulesets.seed003.state import Creature

NEARBY = 6
"""The default Nearby distance: the cells one move action covers (an encounter's ``options.nearby``
overrides it)."""


@dataclass(frozen=True, slots=True)
class Seed003Tactics(WalledGrid):
    nearby: int = NEARBY
    risky: bool = False
    """The map's dangerous terrain is risky terrain: only a Dicey Move enters it [169-171] (``dicey.py``)."""

    def passable(self, terrain: Terrain) -> bool:
        return not terrain.wall and not (self.risky and terrain.is_dangerous)

    @property
    def modes(self) -> frozenset[str]:
        return _MODES

    def can_move(self, creature: Creature, mode: str) -> bool:
        return not creature.out and not creature.has(Condition.STUCK)

    def budget(self, creature: Creature, mode: str) -> int:
        return self.nearby

    def threat_reach(self, sheet: Sheet) -> int:
        return 1 if sheet.stance(StanceKind.MELEE) is not None else 0

    def can_threaten(self, creature: Creature) -> bool:
        return (not creature.out and creature.stance is StanceKind.MELEE
                and not creature.has(Condition.GRABBED))

    def provokes(self, mode: str) -> bool:
        return mode == "move"

    def can_flank_with(self, sheet: Sheet) -> bool:
        return False

    def can_flank(self, creature: Creature) -> bool:
        return False

    def route_key(self, mover: Creature, creatures: Iterable[Creature]) -> tuple[object, ...]:
        return ((mover.id, mover.cell, mover.side, mover.template, mover.dead, mover.dying, mover.stance,
                 tuple(sorted(c.value for c in mover.names()))),
                tuple([(c.id, c.cell, c.side, c.template, c.dead, c.dying, c.stance,
                        c.has(Condition.GRABBED)) for c in creatures]))

    diagonals: ClassVar[Diagonals] = Diagonals.ONE
    """A diagonal counts one square: engaged is any of the 8 next squares [151] and Nearby is counted in
    cells of movement [152], where a diagonal step costs one (the ruler, ``game.mechanics.measure``, asks)."""


_MODES = frozenset({"move"})
