"""Seed 000's reactions triggered and checked against their budgets: who reacts in which order, which
reaction each may use, what its preparation's restrictions allow. A part of :class:`ReactionSystem`."""

from __future__ import annotations

from game.rulesets.seed000 import events as ev
from game.rulesets.seed000.context import Fight
from game.rulesets.seed000.model import ConditionKind, CreatureId, Frequency, PowerId, Restriction, RestrictionKind
from game.rulesets.seed000.preparation import Preparation, considered_order, describe_restriction, restrictions_for
from game.rulesets.seed000.reaction_parts import ReactionParts
from game.rulesets.seed000.reaction_tickets import Budget, Hit, Ticket
from game.rulesets.seed000.state import Creature


class Budgets(ReactionParts):
    """A part of the reaction system (a mixin: the system is ``self``)."""

    # -- triggering and budgets ------------------------------------------------------------

    def _reactor_order(self, encounter: Fight, ids: list[CreatureId]) -> list[CreatureId]:
        """Initiative order, starting with the creature after the acting one (ruling 9)."""
        if len(ids) <= 1:
            return ids
        st = encounter.state
        order = st.initiative or list(st.creatures)
        start = st.turn_index + 1 if self.turn else 0
        rank = {cid: (i - start) % len(order) for i, cid in enumerate(order)}
        return sorted(ids, key=lambda cid: rank.get(cid, len(order)))

    def _trigger(self, encounter: Fight, hits: list[Hit]) -> None:
        st = encounter.state
        by_reactor: dict[CreatureId, list[Hit]] = {}
        for h in hits:
            key = (self.occasion, h.reactor.id, h.power.id)
            if key in self.seen:
                continue  # ruling 14: one action triggers a given reaction of a creature once
            self.seen.add(key)
            by_reactor.setdefault(h.reactor.id, []).append(h)
        for rid in self._reactor_order(encounter, list(by_reactor)):
            reactor = st.creatures[rid]
            budget = self.budgets[rid]
            rank = self._order(reactor, budget.preparation)
            found = sorted(by_reactor[rid], key=lambda h: rank[h.power.id])
            for h in found:
                assert h.power.reaction is not None
                encounter.emit(ev.ReactionTriggered(rid, h.power.id, h.trigger, h.by.id if h.by else "",
                                                    h.power.reaction.is_interrupt, h.detail))
            picked: list[Ticket] = []
            for h in found:
                ticket = self._ticket(h, budget)
                denied = self._denied(encounter, ticket, budget, picked)
                if denied:
                    encounter.emit(ev.BudgetChecked(rid, h.power.id, False, denied))
                    continue
                encounter.emit(ev.BudgetChecked(rid, h.power.id, True, self._allowed(encounter, ticket)))
                picked.append(ticket)
            if len(picked) > 1:
                picked = encounter.dice.shuffle(picked, f"order of {reactor.name}'s reactions",
                                                lambda t: str(t.power))
            for ticket in picked:
                self.tickets[ticket.number] = ticket
                budget.pending.append(ticket)
                (self.now if ticket.interrupt else self.queue).append(ticket)

    def _order(self, reactor: Creature, preparation: Preparation) -> dict[PowerId, int]:
        """Each reaction power's rank in ``considered_order`` (remembered for the preparation in force)."""
        known = self._orders.get(reactor.id)
        if known is not None and known[0] is reactor.template and known[1] is preparation:
            return known[2]
        rank = {p.id: i for i, p in enumerate(considered_order(reactor.template, preparation))}
        self._orders[reactor.id] = (reactor.template, preparation, rank)
        return rank

    def _ticket(self, h: Hit, budget: Budget) -> Ticket:
        spec = h.power.reaction
        assert spec is not None
        self._next += 1
        return Ticket(self._next, h.reactor.id, h.power.id, h.trigger, h.by.id if h.by else None,
                      interrupt=spec.is_interrupt, free=spec.is_free, limited=spec.is_limited, turn=self.turn,
                      occasion=self.occasion, cell=h.cell, target=h.target, condition=h.condition,
                      last_act=h.trigger == "drops_to_zero",
                      restrictions=tuple(restrictions_for(budget.preparation, h.power.id)), detail=h.detail)

    def _denied(self, encounter: Fight, t: Ticket, budget: Budget, picked: list[Ticket]) -> str:
        """Why a triggered reaction may not be used now ("" if it may)."""
        st = encounter.state
        reactor = st.creatures[t.reactor]
        power = reactor.template.power(t.power)
        spec = power.reaction
        assert spec is not None
        prep = budget.preparation
        acting = st.acting_id if self.turn else None
        own_turn = acting == reactor.id
        unable = self._unable(reactor, t.last_act, t.condition)
        if unable:
            return unable
        if spec.is_spontaneous and power.id in prep.disabled:
            return "Spontaneous, but disabled at preparation"
        if own_turn and not spec.is_personal:
            return f"not during {reactor.name}'s own turn: only a Personal reaction is"
        if spec.is_limited:
            if prep.limited != power.id:
                prepared = reactor.template.power(prep.limited).name if prep.limited else "none"
                return f"Limited: not the prepared reaction (prepared: {prepared})"
            if budget.limited_used or any(p.limited for p in budget.pending + picked):
                return "Limited: its one Limited reaction of this round is already used"
        if spec.is_personal:
            if not own_turn:
                return "Personal: only during its own turn"
            if encounter.cause != reactor.id:
                return "Personal: only its own actions trigger it"
        if spec.is_spontaneous and not spec.is_repeatable and (
                power.id in budget.used or any(p.power == power.id for p in budget.pending + picked)):
            return "Spontaneous: each power once per round, and this one is not Repeatable"
        if power.frequency is not Frequency.AT_WILL and (power.id in reactor.used_powers
                                                         or any(p.power == power.id for p in budget.pending)):
            return f"already used ({power.frequency.value} power)"
        for r in t.restrictions:
            broken = self._restriction_broken(encounter, r, t, reactor)
            if broken:
                return broken
        holds = self.holds(encounter, t)
        if holds:
            return f"nothing to do: {holds}"
        whose = self._turn_name(encounter)
        kind = "Free" if t.free else "non-Free"
        used = budget.free if t.free else budget.nonfree
        if budget.turn == t.turn and used:
            return f"already used its {kind} reaction during {whose}"
        if any(p.free == t.free and p.turn == t.turn for p in budget.pending):
            return f"its {kind} reaction of {whose} is already waiting to resolve"
        if any(p.free == t.free for p in picked):
            return f"a reaction ahead of it in its order takes the {kind} reaction of {whose}"
        return ""

    def _allowed(self, encounter: Fight, t: Ticket) -> str:
        st = encounter.state
        power = st.creatures[t.reactor].template.power(t.power)
        spec = power.reaction
        assert spec is not None
        keys = ", ".join(k.title() for k in ("spontaneous", "free", "repeatable", "personal", "interrupt")
                         if spec.has(k)) or "Limited"
        parts = [keys]
        if spec.is_limited:
            parts.append("the prepared Limited reaction, unused this round")
        parts.append(f"its {'Free' if t.free else 'non-Free'} reaction of {self._turn_name(encounter)} is unused")
        met = [describe_restriction(r, encounter.name, encounter.offset).split(": ", 1)[1] for r in t.restrictions
               if r.kind in (RestrictionKind.NON_MINION_ATTACKERS, RestrictionKind.WHILE_BLOODIED,
                             RestrictionKind.ONLY_AGAINST)]
        if met:
            parts.append("restriction met: " + ", ".join(met))
        return "; ".join(parts)

    def _turn_name(self, encounter: Fight) -> str:
        acting = encounter.state.acting
        return f"{acting.name}'s turn" if acting is not None and self.turn else "the start of the encounter"

    @staticmethod
    def _unable(reactor: Creature, last_act: bool, suffered: ConditionKind | None = None) -> str:
        """Why ``reactor`` cannot react now ("" if it can). A reaction to suffering a condition is not
        stopped by that condition (seed 000 names "stunned, dominated" as such triggers)."""
        if reactor.dead:
            return f"{reactor.name} is dead"
        for kind in (ConditionKind.STUNNED, ConditionKind.DOMINATED, ConditionKind.DAZED):
            if kind is not suffered and reactor.has(kind):
                return f"{reactor.name} is {kind.value}: no reactions"
        if last_act:
            return ""  # its last act: dying or falling, it still acts
        if reactor.dying:
            return f"{reactor.name} is dying"
        if reactor.has(ConditionKind.UNCONSCIOUS):
            return f"{reactor.name} is unconscious"
        return ""

    def _restriction_broken(self, encounter: Fight, r: Restriction, t: Ticket, reactor: Creature) -> str:
        st = encounter.state
        by = st.creatures.get(t.by) if t.by else None
        text = describe_restriction(r, encounter.name, encounter.offset)
        match r.kind:
            case RestrictionKind.NON_MINION_ATTACKERS:
                if by is not None and by.is_minion:
                    return f"restriction {text}: {by.name} is a minion"
            case RestrictionKind.WHILE_BLOODIED:
                if not reactor.is_bloodied:
                    return f"restriction {text}: {reactor.name} is not bloodied"
            case RestrictionKind.ONLY_AGAINST:
                if by is None or by.id != r.creature:
                    return f"restriction {text}: {by.name if by else 'nobody'} triggered it"
        return ""
