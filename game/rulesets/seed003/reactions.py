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
from game.rulesets.seed003.commands import EnterCell, LeaveCell, OfferIntercept, OfferOpportunity, StartAbility
from game.rulesets.seed003.interrupts import INTERRUPT as INTERRUPT
from game.rulesets.seed003.interrupts import Interrupts
from game.rulesets.seed003.readying import READIED as READIED
from game.rulesets.seed003.sheets import Condition, StanceKind
from game.rulesets.seed003.state import Creature

OPPORTUNITY = "reaction:opportunity_attack"
"""The kind of decision an opportunity attack opens (standing orders are set per kind)."""
INTERCEPT = "reaction:intercept"


class Reactions(Interrupts):
    _provoked: dict[int, set[str]]
    """Per movement action, the enemies already offered an opportunity attack (each once a move)."""
    _offered: dict[int, set[str]]
    """Per movement action, the creatures already offered an intercept of it."""
    _stopped: set[int]
    """Movement actions stopped by an intercept."""
    _redirect: dict[tuple[str, str], str]
    """(attacker, ally) -> the interceptor its attacks on the ally go to, until the attacker's turn ends."""
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

    # -- the AI's answers ------------------------------------------------------------------------------

    def ai_answer(self, decision: Decision) -> str:
        """Every opportunity attack is taken; an intercept when the interceptor is above half and the ally
        is staggered or has fewer hit points at most (protecting a wounded or weaker ally); any other
        decision: its first option (the band order as listed, the first ambushers)."""
        taking = decision.taking
        if decision.kind == FLEE:
            return "flee" if self.beaten(decision.side) else PASS
        if decision.kind == INTERCEPT and taking:
            _, ally_id = self._asked.get((decision.chooser, INTERCEPT), ("", ""))
            guard = self.state.creatures.get(PieceId(decision.chooser))
            ally = self.state.creatures.get(PieceId(ally_id))
            if guard is None or ally is None or guard.staggered or not (ally.staggered or ally.max_hp < guard.max_hp):
                return PASS
        return taking[0] if taking else PASS
