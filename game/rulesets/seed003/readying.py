"""Seed 003's readied actions [99-101] (numbers in brackets are seed 003's lines): :class:`Readying`, a part of
the fight object.

"On your turn, you can choose to Ready a Quick, Move, or Standard action by specifying the action and a
trigger. The readied action takes place immediately before the action that triggers it" [101]. The action
readied is an attack ability (its action spent now) or a move to a named cell (a move action spent now). The
document lets a player name any trigger; the table reads the ones a board can tell (:data:`TRIGGERS`), each
set off by an enemy's action, or only by the one enemy the ready names (``watch``):

- ``in_reach``: an enemy comes within the readied attack's reach (a readied move: comes next to the readier),
  offered at the ``after`` break point of the step that brings it there, before it does anything more;
- ``moves``: an enemy starts a move action, offered at the ``before`` break point of its first step;
- ``attacks``: an enemy starts an attack (an ability that rolls to hit), at the ``before`` break point of
  the ability, before its attack rolls;
- ``ability``: an enemy starts any ability, as ``attacks``.

A readied attack needs the triggering enemy in its reach then (it is the attack's target). Each time the
trigger fires the readier's player is asked (``reaction:readied``): take it, or keep waiting. Taken in the
round it was readied, the readier's band becomes the triggering creature's for the rest of the encounter;
taken the next round before its turn, that kind of action is barred on its turn and, after its turn, its
band becomes the higher of its own and the triggering creature's [101]. Not taken, it lapses when the
readier's next turn starts.
"""

from __future__ import annotations

from game.grid import Cell
from game.kernel.decisions import PASS, Option, Question
from game.kernel.engine import Impossible
from game.mechanics.tactics.pieces import PieceId
from game.rulesets.seed003 import events as ev
from game.rulesets.seed003.commands import (EnterCell, LeaveCell, OfferInterrupt, OfferReadied, Ready, ResolveAbility,
                                            StartAbility, Step)
from game.rulesets.seed003.dicey import DiceyMoves
from game.rulesets.seed003.sustain import Sustaining
from game.rulesets.seed003.sheets import ActionKind, Band, Frequency
from game.rulesets.seed003.state import Creature, Readied

READIED = "reaction:readied"
"""The kind of decision a readied action's trigger opens."""

IN_REACH = "in_reach"
TRIGGERS = {
    IN_REACH: "an enemy comes within its reach",
    "moves": "an enemy starts to move",
    "attacks": "an enemy attacks",
    "ability": "an enemy uses an ability",
}
"""The triggers a readied action may name, with their words for the log."""

MOVE = "move"
"""How a readied move is named where an ability's name would go."""


class Readying(Sustaining, DiceyMoves):
    _taking: dict[int, tuple[str, str, str]]
    """Readied actions and interrupts taken, by the offer's action: (creature, ability, target); a readied move:
    (creature, "", "")."""
    _asked: dict[tuple[str, str], tuple[str, str]]
    _band_after: dict[str, Band]
    """Readiers that took their action the round after readying it, before their turn: the band they take
    once that turn is over [101]."""
    _ready_seen: set[tuple[int, str]]
    """(a move action, a readier) already asked about that move (the ``moves`` trigger asks once a move)."""
    _moving_to: dict[int, Cell]
    """Readied moves taken, by the offer's action: where the readier goes."""

    # -- the command ---------------------------------------------------------------------------------------

    def ready(self, actor: Creature, command: Ready, dry: bool) -> None:
        """Ready a quick, move or standard action with a trigger [99-101]: an attack ability, or a move to
        ``command.to``; its action is spent now."""
        trigger = TRIGGERS.get(command.trigger)
        if trigger is None:
            raise Impossible(f"there is no trigger {command.trigger!r}; triggers: {', '.join(TRIGGERS)}")
        if command.watch:
            foe = self.state.creatures.get(PieceId(command.watch))
            if foe is None or foe.out or foe.side == actor.side:
                raise Impossible(f"{command.watch!r} is not an enemy in the fight")
        if command.to is not None:
            if command.ability not in ("", MOVE):
                raise Impossible("a readied move names where it goes, not an ability")
            self.route(actor, command.to, None)
            kind, label = "move", f"a move to {self._at(command.to)}"
        else:
            ability = self.ability_of(actor, command.ability)
            if ability is None:
                raise Impossible(f"{actor.name} has no ability {command.ability!r}")
            why = self.ability_problem(actor, ability)
            if why:
                raise Impossible(why)
            if (ability.action not in (ActionKind.STANDARD, ActionKind.MOVE, ActionKind.QUICK)
                    or ability.defense is None):
                raise Impossible("a readied ability is a quick, move or standard attack (or ready a move: 'to')")
            kind, label = ability.action.value, ability.name
        if actor.readied is not None:
            raise Impossible(f"{actor.name} has an action readied already")
        if self.clock.surprise:
            raise Impossible("no readying in the surprise round")
        self.pay(actor, kind, f"ready {label}", dry)
        if not dry:
            actor.readied = Readied(command.ability if command.to is None else "", kind, self.clock.round,
                                    command.trigger, command.to, command.watch)
            whom = self.creature(command.watch).name if command.watch else ""
            self.emit(ev.ActionReadied(actor.id, label, kind, trigger.replace("an enemy", whom) if whom else trigger))

    def _at(self, cell: Cell) -> tuple[int, int]:
        col, row = self.state.board.grid.cell_to_offset(cell)
        return col, row

    def readied_label(self, creature: Creature) -> str:
        """What ``creature`` has readied, in words ("" when nothing)."""
        r = creature.readied
        if r is None:
            return ""
        if r.to is not None:
            return MOVE
        ability = self.ability_of(creature, r.ability)
        return ability.name if ability is not None else r.ability

    # -- the triggers ---------------------------------------------------------------------------------------

    def _watching(self, trigger: str, actor: Creature) -> list[Creature]:
        """The creatures whose readied action ``trigger`` of ``actor`` sets off: enemies of it, up, outside
        their own turn, watching it or any enemy."""
        if actor.out:
            return []
        holder = self.clock.holder()
        return [c for c in self.state.creatures.values()
                if c.readied is not None and c.readied.trigger == trigger and not c.out and c.side != actor.side
                and c.id != holder and c.readied.watch in ("", actor.id)]

    def _can_answer(self, ready: Creature, target: Creature) -> bool:
        """Whether ``ready``'s readied action can go off now against ``target`` (the triggering enemy)."""
        r = ready.readied
        if r is None or ready.out or target.out:
            return False
        if r.to is not None:
            try:
                self.route(ready, r.to, None)
            except Impossible:
                return False
            return True
        ability = self.ability_of(ready, r.ability)
        return (ability is not None and not self.ability_problem(ready, ability)
                and self.in_reach(ready, ability, target))

    def offers_arriving(self, step: EnterCell) -> list[OfferReadied]:
        """``in_reach``: the step brought an enemy within the readied attack's reach (a readied move: next to
        the readier) [101]."""
        mover = self.creature(step.creature)
        out: list[OfferReadied] = []
        for ready in self._watching(IN_REACH, mover):
            assert ready.readied is not None
            if ready.readied.to is not None and not self.state.adjacent(ready, mover):
                continue
            if self._can_answer(ready, mover):
                out.append(OfferReadied(self.engine.new_action(), ready.id, mover.id))
        return out

    def offers_moving(self, step: LeaveCell) -> list[OfferReadied]:
        """``moves``: an enemy starts a move action; asked once for that move, before its first step."""
        mover = self.creature(step.creature)
        out: list[OfferReadied] = []
        for ready in self._watching("moves", mover):
            if (step.action, ready.id) in self._ready_seen:
                continue
            self._ready_seen.add((step.action, ready.id))
            if self._can_answer(ready, mover):
                out.append(OfferReadied(self.engine.new_action(), ready.id, mover.id))
        return out

    def offers_acting(self, step: StartAbility) -> list[OfferReadied]:
        """``attacks`` and ``ability``: an enemy starts an attack, or any ability, before its attack rolls."""
        actor = self.creature(step.creature)
        ability = self.ability_of(actor, step.ability)
        if ability is None:
            return []
        ready = self._watching("ability", actor)
        if ability.defense is not None:
            ready += self._watching("attacks", actor)
        return [OfferReadied(self.engine.new_action(), r.id, actor.id) for r in ready if self._can_answer(r, actor)]

    # -- the decision -------------------------------------------------------------------------------------

    def readied_problem(self, step: OfferReadied) -> str:
        ready, target = self.creature(step.creature), self.creature(step.target)
        if ready.readied is None:
            return "no longer ready"
        if ready.out or target.out:
            return "someone is down"
        if not self._can_answer(ready, target):
            return f"{target.name} is out of reach" if ready.readied.to is None else f"{ready.name} cannot move there"
        return ""

    def ask_readied(self, step: OfferReadied) -> Question:
        ready, target = self.creature(step.creature), self.creature(step.target)
        r = ready.readied
        self._asked[(ready.id, READIED)] = (target.id, "")
        if r is not None and r.to is not None:
            where = self._at(r.to)
            return Question(ready.side, ready.id, READIED,
                            f"{ready.name}: take the readied move to {where} before {target.name} acts?",
                            (Option("take", f"move to {where}"), Option(PASS, "keep waiting")))
        what = self.readied_label(ready) or "its readied action"
        return Question(ready.side, ready.id, READIED, f"{ready.name}: take the readied {what} against {target.name}?",
                        (Option("take", f"{what} on {target.name}"), Option(PASS, "keep waiting")))

    def take_readied(self, step: OfferReadied, answers: list[Option]) -> None:
        """Taken in the round it was readied in, the readier's band becomes the triggering creature's for the
        rest of the encounter; taken the next round before its turn, it may not use that kind of action on its
        turn, and after that turn its band becomes the higher of the two [101]."""
        ready, target = self.creature(step.creature), self.creature(step.target)
        r = ready.readied
        if not answers or answers[0].key == PASS or r is None:
            return
        label = self.readied_label(ready)
        ready.readied = None
        if r.to is None:
            ability = self.ability_of(ready, r.ability)
            assert ability is not None
            if ability.frequency is not Frequency.AT_WILL:
                ready.used.add(ability.id)
            self.spend_power(ready, ability)
        band = ""
        mine, theirs = self.clock.bands[ready.id], self.clock.bands[target.id]
        if r.round == self.clock.round:
            if mine is not theirs:
                self.clock.bands[ready.id] = theirs
                band = theirs.value
        else:
            ready.barred = r.kind
            if theirs.rank < mine.rank:
                self._band_after[ready.id] = theirs
        self.emit(ev.ReadiedActionTaken(ready.id, target.id, label, band))
        self._taking[step.action] = (ready.id, r.ability, target.id) if r.to is None else (ready.id, "", "")
        if r.to is not None:
            self._moving_to[step.action] = r.to

    def readied_steps(self, step: OfferReadied | OfferInterrupt) -> list[Step]:
        """The attack of a readied action or an interrupt taken, or a readied move's steps, as an action of its
        own (before the triggering one)."""
        taking = self._taking.pop(step.action, None)
        if taking is None:
            return []
        n, (ready, ability, target) = self.engine.new_action(), taking
        to = self._moving_to.pop(step.action, None)
        if to is not None:
            mover = self.creature(ready)
            steps: list[Step] = []
            here = mover.cell
            try:
                path = self.route(mover, to, None)
            except Impossible:
                return []  # checked just before it was asked; nothing has moved since
            for cell in path:
                steps += [LeaveCell(n, mover.id, here, cell), EnterCell(n, mover.id, cell)]
                here = cell
            return steps
        return [StartAbility(n, ready, ability, (target,)), ResolveAbility(n, ready, ability, (target,))]

    def readied_turn_over(self, creature: Creature) -> None:
        """After the turn of a creature that took its readied action before it: "your Initiative band is reset
        to the higher amount after your turn" [101]."""
        band = self._band_after.pop(creature.id, None)
        if band is not None and band.rank < self.clock.bands[creature.id].rank:
            was = self.clock.bands[creature.id]
            self.clock.bands[creature.id] = band
            self.emit(ev.ReadiedBandReset(creature.id, was.value, band.value))

