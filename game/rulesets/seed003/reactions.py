"""Seed 003's reactions, each a decision of the reacting creature's player (issue 15 item 6): opportunity
attacks [179-181] and intercepts [173-177] (numbers in brackets are seed 003's lines).

:class:`Reactions` is a part of the fight object: the fight's ``before`` asks it for the offers a step
opens, its ``question`` / ``resolve`` / ``precondition`` hand it the offers.
"""

from __future__ import annotations

from game.grid import Cell
from game.kernel.decisions import PASS, Decision, Option, Question
from game.mechanics import tactics
from game.mechanics.tactics.pieces import PieceId
from game.rulesets.seed003 import events as ev
from game.rulesets.seed003.combat import basic_ability
from game.rulesets.seed003.downed import FLEE
from game.rulesets.seed003.commands import (EnterCell, LeaveCell, OfferIntercept, OfferInterrupt, OfferOpportunity,
                                            OfferReadied, ResolveAbility, StartAbility)
from game.rulesets.seed003.orders import Orders
from game.rulesets.seed003.sheets import Ability, ActionKind, Condition, Frequency, StanceKind
from game.rulesets.seed003.state import Creature

OPPORTUNITY = "reaction:opportunity_attack"
"""The kind of decision an opportunity attack opens (standing orders are set per kind)."""
INTERCEPT = "reaction:intercept"
READIED = "reaction:readied"
INTERRUPT = "reaction:interrupt"


class Reactions(Orders):
    _provoked: dict[int, set[str]]
    """Per movement action, the enemies already offered an opportunity attack (each once a move)."""
    _offered: dict[int, set[str]]
    """Per movement action, the creatures already offered an intercept of it."""
    _stopped: set[int]
    """Movement actions stopped by an intercept."""
    _redirect: dict[tuple[str, str], str]
    """(attacker, ally) -> the interceptor its attacks on the ally go to, until the attacker's turn ends."""
    _taking: dict[int, tuple[str, str, str]]
    """Readied actions taken, by the offer's action: (readier, ability, target), pushed after the offer."""
    _asked: dict[tuple[str, str], tuple[str, str]]
    """(chooser, kind) -> (the other creature, the ally) of the offer asked last: what the AI weighs."""

    # -- opportunity attacks -----------------------------------------------------------------------------

    def offers_leaving(self, step: LeaveCell) -> list[OfferOpportunity]:
        """Moving out of a cell next to an enemy without disengaging [159, 181]: each enemy once a move."""
        mover = self.creature(step.creature)
        already = self._provoked.setdefault(step.action, set())
        out: list[OfferOpportunity] = []
        for pid in tactics.provokers_leaving(self.state, mover, step.cell):
            if pid not in already and pid not in mover.popped:
                already.add(pid)
                out.append(OfferOpportunity(self.engine.new_action(), pid, mover.id))
        return out

    def offers_provoking(self, step: StartAbility) -> list[OfferOpportunity]:
        """A Provokes ability, or a ranged attack while engaged [135, 159]."""
        actor = self.creature(step.creature)
        ability = self.ability_of(actor, step.ability)
        if ability is None or not self.provokes(actor, ability):
            return []
        return [OfferOpportunity(self.engine.new_action(), e.id, actor.id)
                for e in self.state.engaged_with(actor) if not self.opportunity_problem(e, actor)]

    def opportunity_problem(self, reactor: Creature, target: Creature) -> str:
        """Whether ``reactor`` may still make an opportunity attack on ``target``: up, in a melee stance
        [181], not Grabbed [257], engaged with it."""
        if reactor.out or target.out:
            return "someone is down"
        if reactor.stance is not StanceKind.MELEE:
            return f"{reactor.name} is not in a melee stance"
        if reactor.has(Condition.GRABBED):
            return f"{reactor.name} is grabbed"
        if not self.state.adjacent(reactor, target):
            return f"{target.name} is out of reach"
        return ""

    def ask_opportunity(self, step: OfferOpportunity) -> Question:
        reactor, target = self.creature(step.creature), self.creature(step.target)
        self._asked[(reactor.id, OPPORTUNITY)] = (target.id, "")
        return Question(reactor.side, reactor.id, OPPORTUNITY,
                        f"{reactor.name}: an opportunity attack on {target.name}?",
                        (Option("attack", f"attack {target.name}"), Option(PASS, "let it go")))

    def opportunity(self, step: OfferOpportunity, answers: list[Option]) -> None:
        """"This is a free action Basic Melee Attack" [181]."""
        if answers and answers[0].key != PASS:
            reactor, target = self.creature(step.creature), self.creature(step.target)
            self.emit(ev.OpportunityAttackMade(reactor.id, target.id))
            self.attack(reactor, basic_ability(StanceKind.MELEE), [target])

    # -- intercepts ---------------------------------------------------------------------------------------

    def offers_entering(self, step: EnterCell) -> list[OfferIntercept]:
        """"When you are Free and an ally is nearby or next to you and an enemy is trying to become engaged
        with them, you may Intercept that enemy" [175]; flyers only by flyers [256]."""
        mover = self.creature(step.creature)
        if step.action in self._stopped or mover.out:
            return []
        grid = self.state.board.grid
        offered = self._offered.setdefault(step.action, set())
        out: list[OfferIntercept] = []
        for ally in self.state.creatures.values():
            if (ally.side == mover.side or ally.out or grid.distance(step.cell, ally.cell) != 1
                    or grid.distance(mover.cell, ally.cell) == 1):
                continue
            for guard in self.state.creatures.values():
                if guard.side != ally.side or guard.id == ally.id or guard.id in offered:
                    continue
                if self.intercept_problem(guard, mover, ally):
                    continue
                offered.add(guard.id)
                out.append(OfferIntercept(self.engine.new_action(), guard.id, mover.id, ally.id, step.action))
        return out

    def intercept_problem(self, guard: Creature, mover: Creature, ally: Creature) -> str:
        if guard.out or mover.out or ally.out:
            return "someone is down"
        if mover.template.flies and not guard.template.flies:
            return f"{mover.name} flies"
        if not self.state.is_free(guard):
            return f"{guard.name} is not free"
        if not self.is_nearby(guard, ally):
            return f"{ally.name} is not nearby"
        if self.intercept_cell(guard, mover) is None:
            return f"{guard.name} cannot get next to {mover.name}"
        return ""

    def intercept_cell(self, guard: Creature, mover: Creature) -> Cell | None:
        """Where the interceptor stands to engage the mover: the cell next to it that its move reaches most
        cheaply (our reading: the intercept takes it there, provoking nothing, as a free action)."""
        routes = tactics.reachable(self.state, guard, "move")
        near = [c for c in self.state.board.neighbours(mover.cell) if c in routes]
        return min(near, key=lambda c: routes[c].safest_cost) if near else None

    def ask_intercept(self, step: OfferIntercept) -> Question:
        guard, mover, ally = (self.creature(step.creature), self.creature(step.target),
                              self.creature(step.ally))
        self._asked[(guard.id, INTERCEPT)] = (mover.id, ally.id)
        return Question(guard.side, guard.id, INTERCEPT,
                        f"{guard.name}: intercept {mover.name}, who is trying to engage {ally.name}?",
                        (Option("intercept", f"intercept {mover.name}"), Option(PASS, "let it come")))

    def intercept(self, step: OfferIntercept, answers: list[Option]) -> None:
        """"This stops their movement and puts them into engagement range with you. In most cases, any
        attack intended for your ally will now be directed towards you" [175]."""
        if not answers or answers[0].key == PASS:
            return
        guard, mover = self.creature(step.creature), self.creature(step.target)
        cell = self.intercept_cell(guard, mover)
        if cell is None:
            return
        guard.cell = cell
        self._stopped.add(step.move)
        self._redirect[(mover.id, step.ally)] = guard.id
        self.emit(ev.Intercepted(guard.id, mover.id, step.ally, cell))

    def redirected(self, attacker: Creature, target: str) -> str:
        """The creature an attack meant for ``target`` goes to: its interceptor, while up and in reach."""
        guard = self._redirect.get((attacker.id, target))
        if guard is None or self.creature(guard).out:
            return target
        return guard

    def forget_redirects(self, attacker: str) -> None:
        for key in [k for k in self._redirect if k[0] == attacker]:
            del self._redirect[key]

    # -- readied actions --------------------------------------------------------------------------------

    def offers_arriving(self, step: EnterCell) -> list[OfferReadied]:
        """The readied actions whose trigger, "an enemy comes within its reach", this step fired [101]."""
        mover = self.creature(step.creature)
        if mover.out:
            return []
        out: list[OfferReadied] = []
        for ready in self.state.creatures.values():
            if ready.readied is None or ready.out or ready.side == mover.side or ready.id == self.clock.holder():
                continue
            ability = self.ability_of(ready, ready.readied[0])
            if ability is not None and not self.ability_problem(ready, ability) and self.in_reach(ready, ability, mover):
                out.append(OfferReadied(self.engine.new_action(), ready.id, mover.id))
        return out

    def readied_problem(self, step: OfferReadied) -> str:
        ready, target = self.creature(step.creature), self.creature(step.target)
        if ready.readied is None or ready.out or target.out:
            return "no longer ready" if ready.readied is None else "someone is down"
        ability = self.ability_of(ready, ready.readied[0])
        if ability is None or self.ability_problem(ready, ability) or not self.in_reach(ready, ability, target):
            return f"{target.name} is out of reach"
        return ""

    def ask_readied(self, step: OfferReadied) -> Question:
        ready, target = self.creature(step.creature), self.creature(step.target)
        ability = self.ability_of(ready, ready.readied[0]) if ready.readied else None
        what = ability.name if ability is not None else "its readied action"
        self._asked[(ready.id, READIED)] = (target.id, "")
        return Question(ready.side, ready.id, READIED, f"{ready.name}: take the readied {what} against {target.name}?",
                        (Option("take", f"{what} on {target.name}"), Option(PASS, "keep waiting")))

    def take_readied(self, step: OfferReadied, answers: list[Option]) -> None:
        """Taken in the round it was readied in, the readier's band becomes the triggering creature's for the
        rest of the encounter; taken the next round before its turn, its band stays and it may not use that
        kind of action on its turn [101]."""
        ready, target = self.creature(step.creature), self.creature(step.target)
        if not answers or answers[0].key == PASS or ready.readied is None:
            return
        ability_id, kind, readied_in = ready.readied
        ready.readied = None
        ability = self.ability_of(ready, ability_id)
        assert ability is not None
        if ability.frequency is not Frequency.AT_WILL:
            ready.used.add(ability.id)
        band = ""
        if readied_in == self.clock.round:
            if self.clock.bands[ready.id] is not self.clock.bands[target.id]:
                self.clock.bands[ready.id] = self.clock.bands[target.id]
                band = self.clock.bands[target.id].value
        else:
            ready.barred = kind
        self.emit(ev.ReadiedActionTaken(ready.id, target.id, ability.name, band))
        self._taking[step.action] = (ready.id, ability.id, target.id)

    def readied_steps(self, step: OfferReadied | OfferInterrupt) -> list[StartAbility | ResolveAbility]:
        """The attack of a readied action or an interrupt taken, as an action of its own."""
        taking = self._taking.pop(step.action, None)
        if taking is None:
            return []
        n, (ready, ability, target) = self.engine.new_action(), taking
        return [StartAbility(n, ready, ability, (target,)), ResolveAbility(n, ready, ability, (target,))]

    # -- interrupts ----------------------------------------------------------------------------------------

    def offers_interrupting(self, step: StartAbility) -> list[OfferInterrupt]:
        """An enemy engaged with a creature attacks an ally next to it: the creature's interrupt attack whose
        trigger is an attack (Hold the Line's "an enemy engaged with you attacks an ally next to you") is
        offered before the attack, one interrupt outside its turn until its next turn starts [109, 119]."""
        attacker = self.creature(step.creature)
        ability = self.ability_of(attacker, step.ability)
        if ability is None or ability.defense is None:
            return []
        out: list[OfferInterrupt] = []
        for guard in self.state.creatures.values():
            if (guard.side == attacker.side or guard.out or guard.id == self.clock.holder()
                    or not self.state.adjacent(guard, attacker)):
                continue
            allies = [self.creature(t) for t in step.targets]
            if not any(a.id != guard.id and a.side == guard.side and self.state.adjacent(a, guard) for a in allies):
                continue
            answer = next((a for a in guard.template.abilities if not self.interrupt_problem(guard, a)), None)
            if answer is not None:
                out.append(OfferInterrupt(self.engine.new_action(), guard.id, attacker.id, answer.id))
        return out

    def interrupt_problem(self, guard: Creature, ability: Ability) -> str:
        if ability.action is not ActionKind.INTERRUPT or ability.defense is None or "attacks" not in ability.trigger:
            return f"{ability.name} is no interrupt attack on an attack"
        if ability.id in guard.used or not guard.outside.has("interrupt") or guard.out:
            return f"{guard.name} cannot interrupt now"
        if ability.escalation and not ability.escalation_special and self.clock.escalation < ability.escalation:
            return f"{ability.name} needs the escalation die at {ability.escalation}+"
        if guard.has(Condition.HAMPERED):
            return f"{guard.name} is hampered"
        return ""

    def ask_interrupt(self, step: OfferInterrupt) -> Question:
        guard, attacker = self.creature(step.creature), self.creature(step.target)
        ability = guard.template.ability(step.ability)
        what = ability.name if ability is not None else step.ability
        self._asked[(guard.id, INTERRUPT)] = (attacker.id, "")
        return Question(guard.side, guard.id, INTERRUPT, f"{guard.name}: interrupt {attacker.name} with {what}?",
                        (Option("interrupt", f"{what} on {attacker.name}"), Option(PASS, "let it be")))

    def take_interrupt(self, step: OfferInterrupt, answers: list[Option]) -> None:
        guard = self.creature(step.creature)
        ability = guard.template.ability(step.ability)
        if not answers or answers[0].key == PASS or ability is None or self.interrupt_problem(guard, ability):
            return
        guard.outside.use("interrupt")
        if ability.frequency is not Frequency.AT_WILL:
            guard.used.add(ability.id)
        self.emit(ev.InterruptTaken(guard.id, step.target, ability.name))
        self._taking[step.action] = (guard.id, ability.id, step.target)

    # -- the AI's answers ------------------------------------------------------------------------------

    def ai_answer(self, decision: Decision) -> str:
        """Every opportunity attack is taken; an intercept when the interceptor is above half and the ally
        is staggered or has fewer hit points at most (protecting a wounded or weaker ally); any other
        decision: its first option (the band order as listed, the first ambushers)."""
        taking = [o.key for o in decision.options if o.key != PASS]
        if decision.kind == FLEE:
            return "flee" if self.beaten(decision.side) else PASS
        if decision.kind == INTERCEPT and taking:
            _, ally_id = self._asked.get((decision.chooser, INTERCEPT), ("", ""))
            guard = self.state.creatures.get(PieceId(decision.chooser))
            ally = self.state.creatures.get(PieceId(ally_id))
            if guard is None or ally is None or guard.staggered or not (ally.staggered or ally.max_hp < guard.max_hp):
                return PASS
        return taking[0] if taking else PASS
