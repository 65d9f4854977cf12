"""The state of a fight: creatures where they stand, their hit points and conditions, whose turn.

Only ``Encounter.apply`` changes it; everything else reads it. Queries about
space (who stands where, who is adjacent) live here because every part of the
engine needs them; tactical questions (threat, flanking, reach) are in
the package ``tactics``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator

from game.board import Board
from game.grid import Cell
from game.kernel.clock import Cycle
from game.mechanics.tactics.base import can_stand
from game.mechanics.tactics.memo import TacticsMemo
from game.rulesets.seed000.model import HIT_POINTS, ConditionKind, CreatureId, Duration, PowerId, Template
from game.mechanics.tactics.rules import TacticsRules
from game.rulesets.seed000.tactics_rules import SEED000_TACTICS


@dataclass(slots=True)
class Condition:
    """A condition on a creature, and when it ends.

    ``ends_on`` is the creature whose turn boundary counts down ``turns_left``;
    ``at_start`` says whether the start or the end of that creature's turn
    counts. Save-ends and encounter conditions have ``ends_on`` None.
    """

    kind: ConditionKind
    source: CreatureId
    duration: Duration
    ends_on: CreatureId | None = None
    at_start: bool = False
    turns_left: int = 0
    value: int = 0
    damage_kind: str = ""

    def describe(self) -> str:
        if self.kind is ConditionKind.ONGOING_DAMAGE:
            return f"ongoing {self.value} {self.damage_kind}".rstrip() + f" ({self.duration.value})"
        return f"{self.kind.value} ({self.duration.value})"


_CANNOT_ACT = (ConditionKind.STUNNED, ConditionKind.UNCONSCIOUS, ConditionKind.DOMINATED)
"""Conditions that stop a creature acting (a tuple: its test is by identity, no Enum hash)."""


@dataclass(slots=True)
class Creature:
    id: CreatureId
    name: str
    side: str
    template: Template
    cell: Cell
    """The anchor cell: the top-left cell of a large creature's space on squares."""
    hp: int
    surges: int
    temp_hp: int = 0
    conditions: list[Condition] = field(default_factory=list)
    used_powers: set[PowerId] = field(default_factory=set)
    dead: bool = False
    dying: bool = False
    death_saves_failed: int = 0

    @property
    def max_hp(self) -> int:
        return self.template.hp

    @property
    def is_bloodied(self) -> bool:
        return HIT_POINTS.is_half(self.hp, self.template.hp)

    @property
    def is_minion(self) -> bool:
        return self.template.minion

    @property
    def is_out(self) -> bool:
        """Dead or dying: out of the fight until healed."""
        return self.dead or self.dying

    def has(self, kind: ConditionKind) -> bool:
        for c in self.conditions:
            if c.kind is kind:
                return True
        return False

    @property
    def can_act(self) -> bool:
        """Can take actions (and reactions) at all."""
        if self.dead or self.dying:
            return False
        for c in self.conditions:
            if c.kind in _CANNOT_ACT:
                return False
        return True

    @property
    def can_react(self) -> bool:
        """Dazed creatures cannot take reactions (nor opportunity attacks)."""
        return self.can_act and not self.has(ConditionKind.DAZED)

    @property
    def marked_by(self) -> CreatureId | None:
        for c in self.conditions:
            if c.kind is ConditionKind.MARKED:
                return c.source
        return None

    def speed(self) -> int:
        if self.has(ConditionKind.IMMOBILIZED):
            return 0
        if self.has(ConditionKind.SLOWED):
            return min(2, self.template.speed)
        return self.template.speed


@dataclass(slots=True)
class TurnBudget:
    """What the acting creature may still do this turn."""

    standard: bool = True
    move: bool = True
    minor: bool = True
    moved_cells: int = 0

    def has(self, kind: str) -> bool:
        """Whether the action ``kind`` (standard, move or minor) is left (the shared economy's ``Spendable``)."""
        return bool(getattr(self, kind))

    def use(self, kind: str) -> None:
        """Spend the action ``kind`` (the shared economy pays with it: ``ruleset.SEED000_ACTIONS``)."""
        setattr(self, kind, False)

    def copy(self) -> TurnBudget:
        """An independent copy (to spend on in a "what if"): ``dataclasses.replace(budget)``, without its
        walk over the fields."""
        return TurnBudget(self.standard, self.move, self.minor, self.moved_cells)


@dataclass
class EncounterState:
    board: Board
    creatures: dict[CreatureId, Creature]
    clock: Cycle[CreatureId] = field(default_factory=Cycle)
    """The turn order (the kernel's plain cycle: seed 000 rolls it once and keeps it round after round)."""
    budget: TurnBudget = field(default_factory=TurnBudget)
    ended: bool = False
    winner: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    tactics_rules: TacticsRules[Creature, Template] = field(default=SEED000_TACTICS, repr=False, compare=False)
    """The movement and threat rules ``tactics`` applies (the ruleset's; seed 000's by default)."""
    memo: TacticsMemo = field(default_factory=TacticsMemo, repr=False, compare=False)
    """What ``tactics`` (and the AI) remember about this encounter: made with the state, dropped with it."""

    # -- whose turn ---------------------------------------------------------------------

    @property
    def initiative(self) -> list[CreatureId]:
        """The turn order, first to act first."""
        return self.clock.order

    @initiative.setter
    def initiative(self, order: list[CreatureId]) -> None:
        self.clock.order = list(order)

    @property
    def round(self) -> int:
        return self.clock.round

    @round.setter
    def round(self, value: int) -> None:
        self.clock.round = value

    @property
    def turn_index(self) -> int:
        """Where in the order the turn is."""
        return self.clock.index

    @turn_index.setter
    def turn_index(self, value: int) -> None:
        self.clock.index = value

    @property
    def acting_id(self) -> CreatureId | None:
        order = self.clock.order
        if not order or self.ended:
            return None
        return order[self.clock.index]

    @property
    def acting(self) -> Creature | None:
        cid = self.acting_id
        return self.creatures[cid] if cid is not None else None

    # -- who is who ---------------------------------------------------------------------

    def creature(self, cid: CreatureId) -> Creature:
        return self.creatures[cid]

    def living(self) -> Iterator[Creature]:
        """Creatures still on the board (dying ones included: they still fill their cells)."""
        return (c for c in self.creatures.values() if not c.dead)

    def by_initiative(self) -> list[Creature]:
        """Every creature, dead ones too, in initiative order (those not in it after, in creature order)."""
        ordered = [self.creatures[cid] for cid in self.initiative]
        if len(ordered) != len(self.creatures):
            placed = set(self.initiative)
            ordered += [c for c in self.creatures.values() if c.id not in placed]
        return ordered

    def is_enemy(self, a: Creature, b: Creature) -> bool:
        return a.side != b.side

    def enemies_of(self, creature: Creature) -> list[Creature]:
        side = creature.side
        return [c for c in self.creatures.values() if not c.dead and c.side != side]  # living(), inline

    def allies_of(self, creature: Creature) -> list[Creature]:
        """Other creatures of the same side (not the creature itself)."""
        side, cid = creature.side, creature.id
        return [c for c in self.creatures.values() if not c.dead and c.side == side and c.id != cid]

    def sides(self) -> list[str]:
        seen: list[str] = []
        for c in self.creatures.values():
            if c.side not in seen:
                seen.append(c.side)
        return seen

    # -- space --------------------------------------------------------------------------

    def space_at(self, creature: Creature, anchor: Cell) -> tuple[Cell, ...]:
        """The cells a creature would fill with its anchor at ``anchor``.

        Large creatures (size 2) fill 2x2 squares; on hex grids every creature
        fills one hex (a ruling: see the README).
        """
        return self.board.footprint(anchor, creature.template.size)

    def space(self, creature: Creature) -> tuple[Cell, ...]:
        if creature.template.size <= 1:
            return (creature.cell,)  # space_at's first case, without the call
        return self.space_at(creature, creature.cell)

    def occupant(self, cell: Cell) -> Creature | None:
        for c in self.living():
            if cell in self.space(c):
                return c
        return None

    def occupancy(self) -> dict[Cell, Creature]:
        """Every occupied cell and who fills it (one pass; use it in loops)."""
        out: dict[Cell, Creature] = {}
        for c in self.living():
            for cell in self.space(c):
                out[cell] = c
        return out

    def distance(self, a: Creature, b: Creature) -> int:
        """Cells between the nearest cells of two creatures' spaces (adjacent = 1)."""
        grid = self.board.grid
        if a.template.size <= 1 and b.template.size <= 1:
            return grid.distance(a.cell, b.cell)  # one cell each
        return min(grid.distance(x, y) for x in self.space(a) for y in self.space(b))

    def distance_to_cell(self, creature: Creature, cell: Cell) -> int:
        grid = self.board.grid
        if creature.template.size <= 1:
            return grid.distance(creature.cell, cell)  # one cell: the min below, without the generator
        return min(grid.distance(x, cell) for x in self.space(creature))

    def is_adjacent(self, a: Creature, b: Creature) -> bool:
        return a.id != b.id and self.distance(a, b) == 1

    def can_stand(self, creature: Creature, anchor: Cell, occupied: dict[Cell, Creature] | None = None) -> bool:
        """Whether ``creature`` may end a move with its anchor at ``anchor``: on the board, no wall, nobody else
        (the shared ``tactics.can_stand``, with seed 000's rules: a wall is what is not passable)."""
        return can_stand(self, creature, anchor, occupied)
