"""Seed 003's interrupts [109, 119, 134] (numbers in brackets are seed 003's lines): :class:`Interrupts`, a part
of the fight object.

"Interrupt: You can use one of these per round outside of your turn. These are generally limited to powers
which specify the conditions under which you can use them as an Interrupt" [119]; "When it's not your turn,
you may take one Interrupt action before the start of your next turn" [109]. An interrupt ability's trigger is
read from its ``on`` (:class:`Trigger`): an enemy engaged with the creature attacks an ally next to it, an
enemy attacks the creature (both before the attack rolls), an enemy moves next to it (after that step), an
ally nearby fails a save at the end of its turn (after the turn's saves; the ally rerolls it). Each is offered
to the creature's player (``reaction:interrupt``) outside its turn, while it has its interrupt left; an
interrupt attack's target is the triggering enemy, in its reach.
"""

from __future__ import annotations

from typing import Sequence

from game.grid import Cell
from game.kernel.decisions import PASS, Option, Question
from game.rulesets.seed003 import events as ev
from game.rulesets.seed003.combat import SAVE
from game.rulesets.seed003.commands import EnterCell, OfferInterrupt, StartAbility
from game.rulesets.seed003.readying import Readying
from game.rulesets.seed003.sheets import Ability, ActionKind, Condition, Effect, Frequency, Trigger
from game.rulesets.seed003.state import Creature, Held

INTERRUPT = "reaction:interrupt"
"""The kind of decision an interrupt's trigger opens."""


class Interrupts(Readying):
    _came_from: dict[str, Cell]
    """Where a creature stood before the step it is taking (to tell who it comes next to)."""
    _failed_saves: list[tuple[str, Held]]
    """The saves failed at the end of the turn now ending: (who, against what)."""
    _save_offers: dict[int, Held]
    """By offer: the failed save an interrupt would have rerolled."""
    _rerolling: dict[str, Held]
    """By creature: the failed save an interrupt taken lets it reroll."""

    # -- the triggers ---------------------------------------------------------------------------------------

    def _guards(self, side_of: Creature, *, enemies: bool) -> list[Creature]:
        """The creatures that may interrupt now: up, outside their turn, enemies (or allies) of ``side_of``."""
        holder = self.clock.holder()
        return [c for c in self.state.creatures.values()
                if not c.out and c.id != holder and (c.side != side_of.side) == enemies and c.id != side_of.id]

    def _interrupt(self, guard: Creature, on: Trigger, target: Creature) -> Ability | None:
        """``guard``'s first interrupt ability on ``on`` it may use now on ``target``."""
        for ability in guard.template.abilities:
            if ability.on is on and not self.interrupt_problem(guard, ability) and self.in_reach(guard, ability,
                                                                                                  target):
                return ability
        return None

    def offers_interrupting(self, step: StartAbility) -> list[OfferInterrupt]:
        """Before an enemy's attack: the interrupts on "an enemy engaged with you attacks an ally next to you"
        (Hold the Line) and on "an enemy attacks you"."""
        attacker = self.creature(step.creature)
        ability = self.ability_of(attacker, step.ability)
        if ability is None or ability.defense is None:
            return []
        targets = [self.creature(t) for t in step.targets]
        out: list[OfferInterrupt] = []
        for guard in self._guards(attacker, enemies=True):
            answer = None
            if guard.id in step.targets:
                answer = self._interrupt(guard, Trigger.ATTACK_ON_YOU, attacker)
            if answer is None and self.state.adjacent(guard, attacker) and any(
                    a.id != guard.id and a.side == guard.side and self.state.adjacent(a, guard) for a in targets):
                answer = self._interrupt(guard, Trigger.ATTACK_ON_ALLY, attacker)
            if answer is not None:
                out.append(OfferInterrupt(self.engine.new_action(), guard.id, attacker.id, answer.id))
        return out

    def note_entering(self, step: EnterCell) -> None:
        self._came_from[step.creature] = self.creature(step.creature).cell

    def offers_engaging(self, step: EnterCell) -> list[OfferInterrupt]:
        """After an enemy's step that brings it next to a creature it was not next to: the interrupts on "an
        enemy moves next to you"."""
        mover = self.creature(step.creature)
        was = self._came_from.pop(mover.id, None)
        if mover.out or was is None:
            return []
        grid = self.state.board.grid
        out: list[OfferInterrupt] = []
        for guard in self._guards(mover, enemies=True):
            if not self.state.adjacent(guard, mover) or grid.distance(was, guard.cell) == 1:
                continue
            answer = self._interrupt(guard, Trigger.ENEMY_ENGAGES_YOU, mover)
            if answer is not None:
                out.append(OfferInterrupt(self.engine.new_action(), guard.id, mover.id, answer.id))
        return out

    def save_failed(self, creature: Creature, held: Held) -> None:
        self._failed_saves.append((creature.id, held))

    def offers_failed_saves(self) -> list[OfferInterrupt]:
        """After the saves at the end of a turn: the interrupts of its allies on "an ally nearby fails a
        save", one offer per failed save and ally."""
        failed, self._failed_saves = self._failed_saves, []
        out: list[OfferInterrupt] = []
        for pid, held in failed:
            ally = self.creature(pid)
            if ally.out:
                continue
            for guard in self._guards(ally, enemies=False):
                answer = self._interrupt(guard, Trigger.ALLY_FAILS_SAVE, ally)
                if answer is not None:
                    offer = OfferInterrupt(self.engine.new_action(), guard.id, ally.id, answer.id)
                    self._save_offers[offer.action] = held
                    out.append(offer)
        return out

    # -- the decision -------------------------------------------------------------------------------------

    def interrupt_problem(self, guard: Creature, ability: Ability) -> str:
        if ability.action is not ActionKind.INTERRUPT or ability.on is None:
            return f"{ability.name} is no interrupt the table reads"
        if ability.id in guard.used or not guard.outside.has("interrupt") or guard.out:
            return f"{guard.name} cannot interrupt now"
        if ability.escalation and not ability.escalation_special and self.clock.escalation < ability.escalation:
            return f"{ability.name} needs the escalation die at {ability.escalation}+"
        if guard.has(Condition.HAMPERED):
            return f"{guard.name} is hampered"
        if ability.spend > guard.power:
            return f"{guard.name} has not {ability.spend} {guard.template.power_name} left"
        return ""

    def interrupt_offer_problem(self, step: OfferInterrupt) -> str:
        guard, target = self.creature(step.creature), self.creature(step.target)
        ability = guard.template.ability(step.ability)
        if ability is None or target.out:
            return "someone is down"
        held = self._save_offers.get(step.action)
        if held is not None and held not in target.conditions:
            return f"{target.name} is no longer {held.label}"
        return self.interrupt_problem(guard, ability)

    def ask_interrupt(self, step: OfferInterrupt) -> Question:
        guard, other = self.creature(step.creature), self.creature(step.target)
        ability = guard.template.ability(step.ability)
        what = ability.name if ability is not None else step.ability
        self._asked[(guard.id, INTERRUPT)] = (other.id, "")
        held = self._save_offers.get(step.action)
        if held is not None:
            return Question(guard.side, guard.id, INTERRUPT,
                            f"{guard.name}: {what} for {other.name}, who failed a save against {held.label}?",
                            (Option("interrupt", f"{what}: {other.name} rerolls"), Option(PASS, "let it be")))
        return Question(guard.side, guard.id, INTERRUPT, f"{guard.name}: interrupt {other.name} with {what}?",
                        (Option("interrupt", f"{what} on {other.name}"), Option(PASS, "let it be")))

    def take_interrupt(self, step: OfferInterrupt, answers: list[Option]) -> None:
        guard = self.creature(step.creature)
        ability = guard.template.ability(step.ability)
        held = self._save_offers.pop(step.action, None)
        if not answers or answers[0].key == PASS or ability is None or self.interrupt_problem(guard, ability):
            return
        guard.outside.use("interrupt")
        if ability.frequency is not Frequency.AT_WILL:
            guard.used.add(ability.id)
        self.emit(ev.InterruptTaken(guard.id, step.target, ability.name))
        self.spend_power(guard, ability)
        if held is not None:
            self._rerolling[step.target] = held
        self._taking[step.action] = (guard.id, ability.id, step.target)

    def take_effect(self, actor: Creature, ability: Ability, targets: Sequence[Creature]) -> None:
        """A reroll: the ally rerolls the save it failed (11+ [107]); else as any ability with an effect."""
        if ability.effect is not Effect.REROLL:
            super().take_effect(actor, ability, targets)
            return
        for target in targets:
            held = self._rerolling.pop(target.id, None)
            if held is None or held not in target.conditions or target.dead:
                continue
            if self.save(target, held.label, SAVE).natural >= SAVE:
                target.conditions.remove(held)
                self.emit(ev.ConditionEnded(target.id, held.label, f"saved on a reroll ({ability.name})"))
