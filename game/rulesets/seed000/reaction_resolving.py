"""Seed 000's reactions held, resolved or fizzled: whether the trigger still holds, the reaction's
choices and effect, and when each scheduled reaction runs. A part of :class:`ReactionSystem`."""

from __future__ import annotations

from collections.abc import Sequence

from game.grid import Cell
from game.rulesets.seed000 import decisions
from game.rulesets.seed000 import events as ev
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.context import Fight
from game.rulesets.seed000.model import Frequency, Power, RangeKind, ReactionTarget, TargetKind
from game.rulesets.seed000.preparation import basic_attacks, uses_basic_attack
from game.rulesets.seed000.reaction_parts import ReactionParts
from game.rulesets.seed000.reaction_tickets import OPPORTUNITY_TRIGGERS, Ticket
from game.rulesets.seed000.state import Creature
from game.rulesets.seed000.steps import BeginReaction, Step


class Resolving(ReactionParts):
    """A part of the reaction system (a mixin: the system is ``self``)."""

    # -- holding, resolving, fizzling ------------------------------------------------------

    def holds(self, encounter: Fight, t: Ticket) -> str:
        """"" if the ticket's trigger still holds and the reaction has something to do, else why not."""
        st = encounter.state
        reactor = st.creatures[t.reactor]
        unable = self._unable(reactor, t.last_act, t.condition)
        if unable:
            return unable
        by = st.creatures.get(t.by) if t.by else None
        where = "({}, {})".format(*encounter.offset(t.cell)) if t.cell is not None else ""
        match t.trigger:
            case "enemy_leaves_threatened_cell":
                if by is None or by.is_out:
                    return "the mover is down"
                if t.interrupt and by.cell != t.cell:
                    return f"{by.name} is no longer leaving {where}"
            case "adjacent_enemy_uses_ranged_or_area" | "enemy_ends_move_adjacent":
                if by is None or by.is_out:
                    return "the enemy is down"
                if not st.is_adjacent(by, reactor):
                    return f"{by.name} is no longer adjacent"
            case "targeted_by_attack" | "adjacent_ally_attacked":
                if by is None or by.dead:
                    return "the attacker is gone"
                target = st.creatures[t.target] if t.target else None
                if t.interrupt and (target is None or target.dead):
                    return "the attack's target is gone"
            case "hit_by_attack" | "missed_by_attack":
                if by is None or by.dead:
                    return "the attacker is gone"
            case "becomes_bloodied":
                if not reactor.is_bloodied:
                    return f"{reactor.name} is no longer bloodied"
            case "drops_to_zero":
                if reactor.hp > 0:
                    return f"{reactor.name} is no longer at 0 hit points"
            case "suffers_condition":
                if t.condition is not None and not reactor.has(t.condition):
                    return f"{reactor.name} is no longer {t.condition.value}"
        return self._nothing_to_do(encounter, t, reactor, by)

    def _nothing_to_do(self, encounter: Fight, t: Ticket, reactor: Creature, by: Creature | None) -> str:
        st = encounter.state
        power = reactor.template.power(t.power)
        if uses_basic_attack(power):
            if by is None:
                return "no one to attack"
            if not self._usable_basic_attacks(encounter, t, reactor, by):
                return f"no basic attack of {reactor.name} can reach {by.name}"
            return ""
        if power.reach.kind is RangeKind.PERSONAL or power.targets is TargetKind.SELF:
            return ""
        if power.reach.kind in (RangeKind.MELEE, RangeKind.RANGED) and self._aims_at_trigger(power, by):
            assert by is not None
            if not tactics.is_valid_target(st, reactor, power, by):
                return f"{by.name} is not a valid target of {power.name}"
            return ""
        if not self._choices(encounter, reactor, power):
            return f"no valid target for {power.name}"
        return ""

    @staticmethod
    def _aims_at_trigger(power: Power, by: Creature | None) -> bool:
        return by is not None and power.reaction is not None and power.reaction.target is ReactionTarget.TRIGGER

    def _usable_basic_attacks(self, encounter: Fight, t: Ticket, reactor: Creature, by: Creature) -> list[Power]:
        st = encounter.state
        melee = t.trigger in OPPORTUNITY_TRIGGERS
        return [p for p in basic_attacks(reactor.template, melee_only=melee)
                if tactics.is_valid_target(st, reactor, p, by)]

    def _choices(self, encounter: Fight, reactor: Creature,
                 power: Power) -> list[tuple[Cell | None, list[Creature]]]:
        """(origin, targets) options of a power that chooses its targets; areas: each origin that catches
        an enemy (or, for powers for allies, an ally)."""
        st = encounter.state
        kind = power.reach.kind
        if kind in (RangeKind.MELEE, RangeKind.RANGED, RangeKind.CLOSE_BURST):
            valid = tactics.valid_targets(st, reactor, power)
            return [(None, valid)] if valid else []
        if kind is RangeKind.AREA_BURST:
            origins = sorted(tactics.burst_origins(st, reactor, power), key=encounter.offset)
        elif kind is RangeKind.CLOSE_BLAST:
            grid = st.board.grid
            origins = sorted({n for c in st.space(reactor) for n in grid.neighbours(c)
                              if n in st.board and n not in st.space(reactor)}, key=encounter.offset)
        else:
            return []
        friendly = power.targets in (TargetKind.ALLY, TargetKind.SELF_OR_ALLY)
        out: list[tuple[Cell | None, list[Creature]]] = []
        for origin in origins:
            caught = tactics.valid_targets(st, reactor, power, origin)
            if any((c.side == reactor.side) == friendly and c.id != reactor.id for c in caught):
                out.append((origin, caught))
        return out

    def reaction_holds(self, encounter: Fight, step: BeginReaction) -> str:
        return self.holds(encounter, self.tickets[step.ticket])

    def begin(self, encounter: Fight, step: BeginReaction) -> list[Step]:
        """The reaction resolves: it is spent, its decisions are taken, and its power's steps follow."""
        st = encounter.state
        t = self.tickets[step.ticket]
        reactor = st.creatures[t.reactor]
        power = reactor.template.power(t.power)
        budget = self.budgets[reactor.id]
        self._release(t)
        spent: list[str] = []
        whose = self._turn_name(encounter)
        if budget.turn != t.turn:
            budget.turn, budget.nonfree, budget.free = t.turn, False, False
        if t.free:
            budget.free = True
            spent.append(f"its Free reaction of {whose}")
        else:
            budget.nonfree = True
            spent.append(f"its reaction of {whose}")
        if t.limited:
            budget.limited_used = True
            spent.append("its Limited reaction of this round")
        elif not (power.reaction is not None and power.reaction.is_repeatable):
            budget.used.add(power.id)
            spent.append(f"{power.name} for this round")
        if power.frequency is not Frequency.AT_WILL:
            reactor.used_powers.add(power.id)
            spent.append(f"{power.name} ({power.frequency.value})")
        encounter.emit(ev.ReactionResolved(reactor.id, power.id, t.interrupt, tuple(spent)))
        return self._effect(encounter, t, reactor, power)

    def _effect(self, encounter: Fight, t: Ticket, reactor: Creature, power: Power) -> list[Step]:
        st = encounter.state
        by = st.creatures.get(t.by) if t.by else None
        if uses_basic_attack(power):
            assert by is not None
            usable = self._usable_basic_attacks(encounter, t, reactor, by)
            prep = self.budgets[reactor.id].preparation
            opportunity = t.trigger in OPPORTUNITY_TRIGGERS
            default_id = prep.opportunity_attack if opportunity else prep.basic_attack
            default = next((p for p in basic_attacks(reactor.template) if p.id == default_id), None)
            chosen = decisions.basic_attack(encounter, reactor, usable, default,
                                            "opportunity attack" if opportunity else "basic attack")
            return encounter.power_steps(reactor, chosen, (by.id,), None, action=t.action)
        if power.reach.kind is RangeKind.PERSONAL or power.targets is TargetKind.SELF:
            return encounter.power_steps(reactor, power, (reactor.id,), None, action=t.action)
        if power.reach.kind in (RangeKind.MELEE, RangeKind.RANGED) and self._aims_at_trigger(power, by):
            assert by is not None
            return encounter.power_steps(reactor, power, (by.id,), None, action=t.action)
        choices = self._choices(encounter, reactor, power)
        if power.reach.kind in (RangeKind.MELEE, RangeKind.RANGED):
            valid = choices[0][1]
            chosen_targets = decisions.targets(encounter, reactor, power, valid, power.max_targets)
            return encounter.power_steps(reactor, power, tuple(c.id for c in chosen_targets), None, action=t.action)
        if power.reach.kind is RangeKind.CLOSE_BURST:
            caught_here = self._at_most(encounter, reactor, power, choices[0][1])
            return encounter.power_steps(reactor, power, tuple(c.id for c in caught_here), None, action=t.action)
        # a blast or an area burst: where it goes is seed 000's "Other" decision, among the placements that
        # catch someone it is meant for (those catching the triggering creature first)
        if by is not None and any(by in caught for _, caught in choices):
            choices = [ch for ch in choices if by in ch[1]]
        origin, caught = decisions.other(
            encounter, reactor, f"where {power.name} goes", choices,
            lambda ch: "({}, {}): {}".format(*encounter.offset(ch[0]), ", ".join(c.name for c in ch[1]))
            if ch[0] is not None else "-")
        caught = self._at_most(encounter, reactor, power, caught)
        return encounter.power_steps(reactor, power, tuple(c.id for c in caught), origin, action=t.action)

    @staticmethod
    def _at_most(encounter: Fight, reactor: Creature, power: Power, caught: Sequence[Creature]) -> list[Creature]:
        """An area power whose file limits its targets (``max_targets``: "you or one ally in the burst")
        takes at most that many of the creatures it catches, chosen as seed 000, line 101 says: "If multiple
        valid targets are available, choose one at random"."""
        limit = power.target_limit
        if limit is None or len(caught) <= limit:
            return list(caught)
        return decisions.targets(encounter, reactor, power, caught, limit)

    def _release(self, t: Ticket) -> None:
        budget = self.budgets[t.reactor]
        budget.pending = [p for p in budget.pending if p.number != t.number]

    def _take_now(self, encounter: Fight) -> list[Step]:
        if not self.now:
            return []
        now, self.now = self.now, []
        return self._schedule(encounter, now)

    def _schedule(self, encounter: Fight, tickets: list[Ticket]) -> list[Step]:
        steps: list[Step] = []
        for t in tickets:
            t.action = encounter.new_action()
            self.by_action[t.action] = t
            self.reaction_actions.add(t.action)
            if t.last_act:
                encounter.last_acts.add(t.action)
            steps.append(BeginReaction(t.action, t.reactor, t.power, t.number))
        return steps
