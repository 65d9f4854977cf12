"""Seed 000's turns: what happens when a turn starts and ends (ongoing damage, dangerous terrain, saving
throws, conditions that run out), the next creature in the initiative order, and the end of the fight.
A part of :class:`game.rulesets.seed000.encounter.Encounter`.

A turn's boundaries are steps on the engine's stack, resolved with their break points like any other (the
kernel's ``StartTurn``, ``EndTurn`` and ``AdvanceClock``, seed 000's ``CloseTurn``), so a ruleset built on
these can stop at one to ask (``Encounter.question``); seed 000 itself never asks. What a boundary sets off
(a reaction to ongoing damage, to a failed death save) resolves before the next boundary: each one is
scheduled only once the stack is empty and no reaction waits (``_turn_goes_on``, asked by
``Encounter.action_complete``), so the order is::

    StartTurn  -> (its reactions) -> the creature's commands, or at once EndTurn if it cannot act
    EndTurn    -> (its reactions) -> CloseTurn -> AdvanceClock -> StartTurn of the next creature

with the end of the fight checked after a start, after a close and after every command.
"""

from __future__ import annotations

from game.kernel.clock import AdvanceClock, EndTurn, StartTurn
from game.mechanics.conditions import is_saved_against, tick
from game.rulesets.seed000 import events as ev
from game.rulesets.seed000.model import ConditionKind, CreatureId
from game.rulesets.seed000.parts import EncounterParts
from game.rulesets.seed000.state import Creature
from game.rulesets.seed000.steps import CloseTurn, Step, TurnStep


class Turns(EncounterParts):
    """The Encounter's turn procedure (a mixin: the encounter is ``self``)."""

    # -- the boundaries as steps ----------------------------------------------------------

    def _end_turn(self) -> None:
        """The acting creature's turn ends now: its end-of-turn steps and whatever follows them resolve."""
        actor = self.state.acting
        assert actor is not None
        self.engine.run([EndTurn(self.new_action(), actor.id)])

    def _resolve_turn(self, step: TurnStep) -> None:
        """Resolve one of a turn's boundaries (seed 000 never asks at one)."""
        st = self.state
        match step:
            case StartTurn():
                self._start_of_turn(st.creatures[step.creature])
            case EndTurn():
                self._end_of_turn(st.creatures[step.creature])
            case CloseTurn():
                actor = st.creatures[step.creature]
                self.ruleset.turn_ended(self, actor)
                self.emit(ev.TurnEnded(actor.id))
            case AdvanceClock():
                self._advance(first=not step.creature)
        self._turn_at = step

    def _turn_goes_on(self) -> list[Step]:
        """The stack is empty and no reaction waits: the turn boundary that comes next, if any (none while the
        acting creature may give commands, or once the fight is over)."""
        last, self._turn_at = self._turn_at, None
        st = self.state
        match last:
            case StartTurn():
                self._check_victory()
                actor = st.creatures[last.creature]
                if not st.ended and (actor.dead or actor.dying or not actor.can_act):
                    return [EndTurn(self.new_action(), actor.id)]
            case EndTurn():
                return [CloseTurn(self.new_action(), last.creature)]
            case CloseTurn():
                self._check_victory()
                if not st.ended:
                    return [AdvanceClock(self.new_action(), last.creature)]
            case AdvanceClock():
                holder = st.acting_id
                assert holder is not None
                return [StartTurn(self.new_action(), holder)]
        return []

    # -- what each boundary does -----------------------------------------------------------

    def _start_of_turn(self, actor: Creature) -> None:
        st = self.state
        st.budget = self.ruleset.new_budget(st, actor)
        self.ruleset.new_occasion()
        self.emit(ev.TurnStarted(actor.id, st.round))
        self.ruleset.turn_started(self, actor)
        self._tick(actor, at_start=True)
        for c in list(actor.conditions):
            if c.kind is ConditionKind.ONGOING_DAMAGE:
                self.damage(actor, c.value, c.damage_kind, c.source, "ongoing damage")
        danger = [st.board.damage_at(cell) for cell in st.space(actor) if st.board.damage_at(cell)]
        if danger and not actor.dead:
            d = danger[0]
            assert d is not None
            roll = self.dice.roll(d.count, d.sides, d.bonus, f"dangerous terrain under {actor.name}")
            self.damage(actor, roll.total, d.kind, actor.id, "starts its turn in dangerous terrain")

    def _end_of_turn(self, actor: Creature) -> None:
        self.ruleset.new_occasion()
        if actor.dying:
            roll = self.dice.d20(0, f"death saving throw of {actor.name}")
            if roll.total >= 20:
                self.heal(actor, 0, spend_surge=True)
            elif roll.total < 10:
                actor.death_saves_failed += 1
                self.emit(ev.SavingThrow(actor.id, "dying", roll.total, False))
                if actor.death_saves_failed >= 3:
                    self._die(actor)
            else:
                self.emit(ev.SavingThrow(actor.id, "dying", roll.total, True))
        for c in list(actor.conditions):
            if is_saved_against(c.duration.lasting) and c in actor.conditions:
                roll = self.dice.d20(0, f"saving throw of {actor.name} against {c.kind.value}")
                success = roll.total >= 10
                self.emit(ev.SavingThrow(actor.id, c.kind.value, roll.total, success))
                if success:
                    actor.conditions.remove(c)
                    self.emit(ev.ConditionEnded(actor.id, c.kind.value, "saved"))
        self._tick(actor, at_start=False)

    def _advance(self, *, first: bool) -> None:
        """The clock moves to the next creature in the order that is not dead (a new round when it comes
        round to the first again); for the ``first`` turn (``start``), the first round begins with the first
        in the order."""
        st = self.state
        if first:
            st.clock.begin(st.clock.order)
            self.emit(ev.RoundStarted(1))
            return

        def passed_over(cid: CreatureId) -> None:
            # A dead creature has no turn, but what it inflicted "until the start / end of its
            # next turn" still ends when that turn would have come.
            skipped = st.creatures[cid]
            self._tick(skipped, at_start=True)
            self._tick(skipped, at_start=False)

        st.clock.advance(lambda cid: st.creatures[cid].dead, passed_over,
                         lambda n: self.emit(ev.RoundStarted(n)))

    def _tick(self, actor: Creature, *, at_start: bool) -> None:
        """Count down the conditions that end at this creature's turn boundary."""
        held = ((target, target.conditions) for target in self.state.creatures.values())
        when = "start" if at_start else "end"
        for target, c in tick(held, actor.id, at_start):
            self.emit(ev.ConditionEnded(target.id, c.kind.value, f"{when} of {actor.name}'s turn"))

    def _check_victory(self) -> None:
        st = self.state
        if st.ended:
            return
        standing: str | None = None  # the one side still standing, if only one is
        for c in st.creatures.values():
            if not (c.dead or c.dying):
                if standing is None:
                    standing = c.side
                elif c.side != standing:
                    return  # two sides still stand
        st.ended = True
        st.winner = standing or ""
        self.emit(ev.EncounterEnded(st.winner, st.round))
