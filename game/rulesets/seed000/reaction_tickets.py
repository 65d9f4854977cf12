"""Seed 000's reaction system's records: a triggered reaction (:class:`Ticket`), a creature's budget and
preparation (:class:`Budget`), a trigger met before its budget check (:class:`Hit`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.grid import Cell
from game.rulesets.seed000.model import ConditionKind, CreatureId, Power, PowerId, Restriction
from game.rulesets.seed000.preparation import Preparation
from game.rulesets.seed000.state import Creature


OPPORTUNITY_TRIGGERS = frozenset({"enemy_leaves_threatened_cell", "adjacent_enemy_uses_ranged_or_area"})
"""Triggers whose basic attack is an opportunity attack (melee, the preparation's opportunity attack)."""

VOLUNTARY = ("move", "shift", "charge")
"""Movement a creature makes of its own will (not forced)."""


@dataclass(slots=True)
class Ticket:
    """One triggered reaction, from its trigger to its resolution or fizzle."""

    number: int
    reactor: CreatureId
    power: PowerId
    trigger: str
    by: CreatureId | None
    """The creature whose action triggered it (None: no one, e.g. initiative)."""
    interrupt: bool
    free: bool
    limited: bool
    turn: int
    """Which creature turn's budget it uses (0: before the first turn)."""
    occasion: int
    cell: Cell | None = None
    """enemy_leaves_threatened_cell: the cell being left."""
    target: CreatureId | None = None
    """Attack triggers: who is attacked."""
    condition: ConditionKind | None = None
    last_act: bool = False
    restrictions: tuple[Restriction, ...] = ()
    action: int = 0
    """The action number of its ``BeginReaction`` step (0 until scheduled)."""
    detail: str = ""


@dataclass(slots=True)
class Budget:
    """One creature's preparation and what it has used."""

    preparation: Preparation
    staged: Preparation | None = None
    """Given with the end-turn command; it takes over when the turn ends."""
    limited_used: bool = False
    used: set[PowerId] = field(default_factory=set)
    """Spontaneous powers used this round."""
    turn: int = -1
    nonfree: bool = False
    free: bool = False
    """Whether a non-Free / Free reaction was used during creature turn ``turn``."""
    pending: list[Ticket] = field(default_factory=list)
    """Scheduled, not yet resolved: they hold their budget (released if they fizzle)."""


@dataclass(slots=True)
class Hit:
    """A reaction power whose trigger just happened, before its budget check."""

    reactor: Creature
    power: Power
    trigger: str
    by: Creature | None
    detail: str
    cell: Cell | None = None
    target: CreatureId | None = None
    condition: ConditionKind | None = None
