"""Reactions at break points.

This first version resolves the one reaction every creature has, the
opportunity attack, the way seed 000 translates it: Reaction, Interrupt,
Spontaneous, Repeatable. It triggers when an enemy leaves a cell the creature
threatens by moving (not shifting, not forced movement) and when an adjacent
enemy uses a ranged or area power; it resolves before the step that provoked it.

Budgets (DESIGN rulings 2, 8 and 14): during any one creature's turn a reactor
takes at most one (non-Free) reaction; nothing that happens while a reaction
resolves triggers another; one action provokes a given reactor at most once.
Prepared (Limited) reactions and the other keywords come with the full
reaction system.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import events as ev
from game.rules import tactics
from game.rules.model import CreatureId
from game.rules.state import Creature
from game.rules.steps import LeaveCell, StartPower, Step

if TYPE_CHECKING:
    from game.rules.encounter import Encounter


class ReactionSystem:
    def __init__(self) -> None:
        self.used_this_turn: set[CreatureId] = set()
        """Reactors that took their (non-Free) reaction during the current creature's turn."""
        self.provoked: set[tuple[int, CreatureId]] = set()
        """(action, reactor) pairs already provoked: one action provokes a reactor once."""
        self.reaction_actions: set[int] = set()
        """Actions that are reactions: their steps trigger nothing (no chains)."""
        self.pending: dict[int, CreatureId] = {}
        """Reactions triggered but not yet resolved, by action: spent only when they resolve (ruling 10)."""

    def on_initiative(self, encounter: Encounter) -> None:
        pass

    def turn_started(self, encounter: Encounter, actor: Creature) -> None:
        self.used_this_turn.clear()

    def turn_ended(self, encounter: Encounter, actor: Creature) -> None:
        self.used_this_turn.clear()

    def after(self, encounter: Encounter, step: Step) -> None:
        # Ruling 10: a reaction is spent when it resolves (its first step past StartPower: a target
        # chosen); one that fizzles first (its target gone or out of reach) is not spent.
        if step.action in self.pending and not isinstance(step, StartPower):
            self.used_this_turn.add(self.pending.pop(step.action))

    def action_complete(self, encounter: Encounter) -> None:
        self.provoked.clear()
        self.reaction_actions.clear()
        self.pending.clear()

    def before(self, encounter: Encounter, step: Step) -> list[Step]:
        if step.action in self.reaction_actions:
            return []
        st = encounter.state
        mover = st.creatures[step.creature]
        reactors: list[tuple[Creature, str]] = []
        if isinstance(step, LeaveCell) and step.mode in ("move", "charge"):
            threats = tactics.provokers_leaving(st, mover, step.cell)
            reactors = [(st.creatures[r], f"leaves {encounter.offset(step.cell)}, which it threatens") for r in threats]
        elif isinstance(step, StartPower):
            power = mover.template.power(step.power)
            if power.provokes_when_adjacent:
                reactors = [(e, f"uses {power.name} ({power.reach.kind.value}) next to it")
                            for e in self._in_order(encounter, st.enemies_of(mover)) if st.is_adjacent(e, mover)]
        steps: list[Step] = []
        for reactor, reason in reactors:
            if (step.action, reactor.id) in self.provoked or not reactor.can_react:
                continue
            attack_power = tactics.opportunity_power(st, reactor)
            if attack_power is None:
                continue
            self.provoked.add((step.action, reactor.id))
            encounter.emit(ev.OpportunityProvoked(mover.id, reactor.id, reason))
            if reactor.id in self.used_this_turn:
                encounter.emit(ev.Decision(reactor.id, "opportunity attack", "none",
                                           "already reacted during this turn", 0))
                continue
            attack = encounter.power_steps(reactor, attack_power, (mover.id,), None)
            self.reaction_actions.add(attack[0].action)
            self.pending[attack[0].action] = reactor.id
            steps += attack
        return steps

    @staticmethod
    def _in_order(encounter: Encounter, creatures: list[Creature]) -> list[Creature]:
        order = {cid: i for i, cid in enumerate(encounter.state.initiative)}
        return sorted(creatures, key=lambda c: order.get(c.id, len(order)))
