"""Seed 000's movement and threat rules (:class:`Seed000Tactics`), which the shared ``tactics``
(``game.mechanics.tactics``) applies: see :class:`~game.mechanics.tactics.rules.TacticsRules` for what a
rules system decides there, and ``game.rulesets.seed000.tactics``' docstring for seed 000's rulings.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Protocol

from game.mechanics.measure import Diagonals
from game.mechanics.tactics.rules import Piece, TacticsRules, WalledGrid
from game.rulesets.seed000.model import ConditionKind, Power, TargetKind, Template


class _Kinded(Protocol):
    @property
    def kind(self) -> ConditionKind: ...


class Creature(Piece, Protocol):
    """What the rules here read of a creature (``game.rulesets.seed000.state.Creature`` has it; the state module
    imports this one, so this one names a protocol rather than importing it back)."""

    @property
    def template(self) -> Template: ...

    @property
    def dying(self) -> bool: ...

    @property
    def conditions(self) -> Sequence[_Kinded]: ...

    @property
    def can_act(self) -> bool: ...

    @property
    def can_react(self) -> bool: ...

    def has(self, kind: ConditionKind) -> bool: ...

    def speed(self) -> int: ...


def opportunity_power_of(sheet: Template) -> Power | None:
    """Seed 000: the melee power a creature with this sheet makes an opportunity attack with, if any: its
    sheet's default opportunity attack when that is a melee power, else its first melee basic attack."""
    chosen = sheet.reaction_defaults.opportunity_attack
    if chosen is not None:
        for power in sheet.powers:
            if power.id == chosen and power.is_melee:
                return power
    for power in sheet.powers:
        if power.basic and power.is_melee:
            return power
    return None


@dataclass(frozen=True, slots=True)
class Seed000Tactics(WalledGrid):
    """Seed 000's rules (and its 4E-style combat's): see ``tactics``' module docstring for the rulings.

    Move, shift and charge; a shift has 1 cell of movement, the others the creature's speed. Walls
    cannot be entered, difficult terrain costs 2, no diagonal past a wall corner, enemies block (allies
    are passed through). A creature threatens the reach of its opportunity power while it can react
    (not dazed, stunned, unconscious, dominated, dying or dead). Moving and charging provoke; shifting
    does not. Prone, immobilized and creatures that cannot act do not move.
    """

    diagonals: ClassVar[Diagonals] = Diagonals.ONE
    """A diagonal counts one square (DESIGN's geometry rulings: distance is the number of king moves), for
    ranges and the ruler alike (``game.mechanics.measure``)."""

    @property
    def modes(self) -> frozenset[str]:
        return _SEED000_MODES

    def can_move(self, creature: Creature, mode: str) -> bool:
        return (not creature.dead and creature.can_act and not creature.has(ConditionKind.PRONE)
                and not creature.has(ConditionKind.IMMOBILIZED))

    def budget(self, creature: Creature, mode: str) -> int:
        return 1 if mode == "shift" else creature.speed()

    def threat_reach(self, sheet: Template) -> int:
        power = opportunity_power_of(sheet)
        return power.reach.reach if power is not None else 0

    def can_threaten(self, creature: Creature) -> bool:
        return creature.can_react

    def provokes(self, mode: str) -> bool:
        return mode != "shift"

    def can_flank_with(self, sheet: Template) -> bool:
        return any(p.is_melee and p.targets in (TargetKind.ENEMY, TargetKind.CREATURE) for p in sheet.powers)

    def can_flank(self, creature: Creature) -> bool:
        return creature.can_act

    def route_key(self, mover: Creature, creatures: Iterable[Creature]) -> tuple[object, ...]:
        return (mover.id, mover.cell, mover.side, mover.template, mover.dead, mover.dying,
                tuple([c.kind for c in mover.conditions]),
                tuple([(c.id, c.cell, c.side, c.template, c.dead, c.dying, tuple([k.kind for k in c.conditions]))
                       for c in creatures]))


_SEED000_MODES = frozenset({"move", "shift", "charge"})

SEED000_TACTICS: TacticsRules[Creature, Template] = Seed000Tactics()
"""Seed 000's rules: the default of every encounter state."""
