"""The options a decision weighs: a use of a power, a plan that starts a turn, a power's part of the upper bounds."""

from __future__ import annotations

from dataclasses import dataclass

from game.grid import Cell
from game.rulesets.seed000.commands import Command, UsePowerCommand
from game.rulesets.seed000.model import CreatureId, Power
from game.rulesets.seed000.state import Creature


# -- options ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Use:
    """One way to use a power from where the creature stands, and what it is worth."""

    score: float
    power: Power
    targets: tuple[CreatureId, ...]
    origin: Cell | None
    order: int
    """The power's place on the sheet (ties)."""

    def command(self, creature: CreatureId) -> UsePowerCommand:
        return UsePowerCommand(creature, self.power.id, self.targets, self.origin)


@dataclass(frozen=True, slots=True)
class _Plan:
    """A first command and what the turn it starts is worth, with a tie-break key."""

    score: float
    tie: tuple[int, ...]
    command: Command


@dataclass(frozen=True, slots=True)
class _BoundRows:
    """One power's part of the upper bounds (see ``_Mind.use_bound``), for one decision."""

    factor: float
    limit: int
    melee: bool
    area: bool
    take: int
    two_away: bool
    """A close area, not a heal: away from where I stand, worth a look only where it catches two enemies."""
    size: int
    provokes: bool
    diameter: int | None
    """An area aimed away from me (blast, area burst): how far apart two creatures it catches can be."""
    personal: float | None
    """A power on myself: its exact score, wherever I stand."""
    rows: list[tuple[Creature, float, float, frozenset[Cell]]]
    """Each creature it could be worth using it on: the bound of its worth without combat advantage
    from flanking, with it, and the cells where I would flank it (melee powers)."""
