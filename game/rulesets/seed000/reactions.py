"""Seed 000's reactions: triggers, budgets, preparation, scheduling and resolution, all automatic.

"A prepared Reaction is automatically activated when its trigger condition is
met. The player has no input at this point." This module watches the engine's
break points and events, finds every reaction power whose trigger they meet,
checks each against its keywords, its creature's preparation and budgets, and
schedules the ones allowed; each trigger, each check, each resolution and each
fizzle is an event. Nothing here waits for input.

Where triggers are caught
-------------------------

==================================  ==========================================================
trigger                             moment
==================================  ==========================================================
enemy_leaves_threatened_cell        before a ``leave_cell`` step of a move or a charge
adjacent_enemy_uses_ranged_or_area  before the ``start_power`` step of a ranged or area burst power
targeted_by_attack                  before the ``attack_roll`` step (target chosen, not rolled)
adjacent_ally_attacked              before the ``attack_roll`` step, for each ally next to the target
hit_by_attack / missed_by_attack    before the ``resolve_attack`` step (rolled, not resolved)
enemy_ends_move_adjacent            after the last ``enter_cell`` of a move, shift or charge (or where a
                                    stopped one ends)
becomes_bloodied, drops_to_zero,    when the event happens (inside a step, or at the start or end
suffers_condition, spends_surge     of a turn)
initiative_rolled                   when initiative is rolled
own_action                          when the creature spends an action of that kind
==================================  ==========================================================

Budgets (seed 000 and DESIGN rulings 1-5)
-----------------------------------------

* A **round**, for each creature, runs from the end of one of its turns (when
  it prepares) to the end of its next turn (ruling 1); before its first turn it
  runs from the start of the encounter.
* **Only during other creatures' turns**, every reaction but a Personal one
  (seed 000: "Reactions can only be used during other character's turns";
  Personal is its one stated exception): triggered during its owner's own
  turn, it is turned down (the budget check says so) and stays unspent.
* **Limited** (no Spontaneous): only the prepared one, once per round.
* **Spontaneous**: needs no preparation and does not count against the Limited
  one; each power once per round unless **Repeatable**; can be disabled at
  preparation.
* **Per creature turn** (ruling 2) a reactor uses at most one non-Free and one
  **Free** reaction; initiative, before the first turn, counts as a turn of its own.
* **Personal**: only during its owner's own turn and only triggered by its
  owner's own actions. Ruling: that replaces the general "only during other
  characters' turns"; a Personal reaction without Spontaneous is otherwise
  Limited (it must be the prepared one, once per round).
* **Fight** and **daily** reaction powers are used once.
* One action's steps trigger a given reaction of a given creature at most
  once (ruling 14); nothing that happens while a reaction resolves triggers a
  reaction (no chains, ruling 8).
* A creature that cannot act, or is dazed, takes no reactions, except a
  reaction to its own drop to 0 hit points: that is its **last act**, taken
  even while dying (a monster dies once it is done); and a reaction to
  suffering a condition is not stopped by that condition (seed 000's examples
  are "stunned, dominated").

Scheduling (ruling 9): when one moment triggers several reactions of one
creature, its order (the prepared Limited reaction, then the Spontaneous ones
by priority) picks those that fit the budgets, and those picked resolve in a
random order (logged). Different creatures go in initiative order, starting
after the acting creature. **Interrupts** resolve at once, before the step
that triggered them; the others wait until the whole triggering action is
over, in the order they triggered. A reaction is spent only when it resolves:
if, when its turn comes, its trigger no longer holds or it has nothing to do,
it **fizzles** unspent (ruling 10).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.grid import Cell
from game.rulesets.seed000 import decisions
from game.rulesets.seed000 import events as ev
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.context import Fight
from game.rulesets.seed000.model import (ConditionKind, CreatureId, Frequency, Power, PowerId, RangeKind,
                              ReactionTarget, Restriction, RestrictionKind, TargetKind, Template)
from game.rulesets.seed000.preparation import (Preparation, basic_attacks, considered_order, default_preparation,
                                    describe_restriction, full_priority, preparation_problems, reaction_powers,
                                    restrictions_for, uses_basic_attack)
from game.rulesets.seed000.state import Creature, EncounterState
from game.rulesets.seed000.steps import (AttackRoll, BeginReaction, EnterCell, LeaveCell, ResolveAttack, StartPower, Step)


OPPORTUNITY_TRIGGERS = frozenset({"enemy_leaves_threatened_cell", "adjacent_enemy_uses_ranged_or_area"})
"""Triggers whose basic attack is an opportunity attack (melee, the preparation's opportunity attack)."""

_VOLUNTARY = ("move", "shift", "charge")

_TRIGGERING_EVENTS = (ev.Bloodied, ev.DroppedToZero, ev.ConditionApplied, ev.SurgeSpent, ev.InitiativeRolled,
                      ev.ActionSpent)
"""The events ``_on_event`` reacts to (its ``match``): any other triggers nothing, so the encounter
hands ``_on_event`` only these."""


_PreparedText = tuple[str, tuple[str, ...], tuple[str, ...], str, str, tuple[str, ...]]
"""A ``ReactionsPrepared`` event's fields after the creature: limited, priority, disabled, basic attack,
opportunity attack, restrictions."""


@dataclass(slots=True)
class Ticket:
    """One triggered reaction, from its trigger to its resolution or fizzle."""

    number: int
    reactor: CreatureId
    power: PowerId
    trigger: str
    by: CreatureId | None
    """The creature whose action triggered it (None: no one, e.g. initiative)."""
    interrupt: bool
    free: bool
    limited: bool
    turn: int
    """Which creature turn's budget it uses (0: before the first turn)."""
    occasion: int
    cell: Cell | None = None
    """enemy_leaves_threatened_cell: the cell being left."""
    target: CreatureId | None = None
    """Attack triggers: who is attacked."""
    condition: ConditionKind | None = None
    last_act: bool = False
    restrictions: tuple[Restriction, ...] = ()
    action: int = 0
    """The action number of its ``BeginReaction`` step (0 until scheduled)."""
    detail: str = ""


@dataclass(slots=True)
class Budget:
    """One creature's preparation and what it has used."""

    preparation: Preparation
    staged: Preparation | None = None
    """Given with the end-turn command; it takes over when the turn ends."""
    limited_used: bool = False
    used: set[PowerId] = field(default_factory=set)
    """Spontaneous powers used this round."""
    turn: int = -1
    nonfree: bool = False
    free: bool = False
    """Whether a non-Free / Free reaction was used during creature turn ``turn``."""
    pending: list[Ticket] = field(default_factory=list)
    """Scheduled, not yet resolved: they hold their budget (released if they fizzle)."""


@dataclass(slots=True)
class _Hit:
    """A reaction power whose trigger just happened, before its budget check."""

    reactor: Creature
    power: Power
    trigger: str
    by: Creature | None
    detail: str
    cell: Cell | None = None
    target: CreatureId | None = None
    condition: ConditionKind | None = None


class ReactionSystem:
    def __init__(self) -> None:
        self.budgets: dict[CreatureId, Budget] = {}
        self.tickets: dict[int, Ticket] = {}
        self.by_action: dict[int, Ticket] = {}
        self.reaction_actions: set[int] = set()
        """Action numbers of reactions being resolved: their steps and events trigger nothing."""
        self.now: list[Ticket] = []
        """Scheduled interrupts (and reactions with nothing to interrupt) to resolve at the next moment."""
        self.queue: list[Ticket] = []
        """Scheduled reactions waiting for the triggering action to end, in the order triggered."""
        self.turn = 0
        self.occasion = 0
        self.seen: set[tuple[int, CreatureId, PowerId]] = set()
        """(occasion, reactor, power) already triggered: one action triggers a reaction once (ruling 14)."""
        self.moved: set[int] = set()
        """Voluntary movement actions that have entered at least one cell."""
        self.doomed: list[CreatureId] = []
        """Monsters at 0 hit points kept on the board until their last act is done."""
        self._next = 0
        self._powers: dict[int, list[Power]] = {}
        self._triggers: dict[int, dict[str, list[Power]]] = {}
        self._fine: dict[Preparation, list[Template]] = {}
        """Preparations checked without a problem, with the sheets they were checked for. A preparation fine
        for a sheet stays fine all encounter long: what else it is checked against (the creatures, the
        board's cells) never goes away."""
        self._announced: dict[CreatureId, tuple[Template, Preparation, _PreparedText]] = {}
        """Per creature, its last preparation announced and the announcement's fields (the same again for an
        equal preparation: names and cells are the encounter's own, which never change)."""
        self._orders: dict[CreatureId, tuple[Template, Preparation, dict[PowerId, int]]] = {}
        """Per creature, the rank of each reaction power in ``considered_order`` for one preparation."""

    # -- wiring ---------------------------------------------------------------------------

    def attach(self, encounter: Fight) -> None:
        for c in encounter.state.creatures.values():
            self.budgets[c.id] = Budget(default_preparation(c.template))
        encounter.listen(lambda event: self._on_event(encounter, event), _TRIGGERING_EVENTS)

    def preparation(self, cid: CreatureId) -> Preparation:
        """The preparation in force for a creature (before its first turn: its sheet's default)."""
        return self.budgets[cid].preparation

    def new_occasion(self) -> None:
        """A new command, or a turn's start or end: ruling 14's "one action" starts afresh."""
        self.occasion += 1
        self.seen.clear()
        self.moved.clear()

    def _powers_of(self, creature: Creature) -> list[Power]:
        got = self._powers.get(id(creature.template))
        if got is None:
            got = self._powers[id(creature.template)] = reaction_powers(creature.template)
        return got

    def _triggered_by(self, creature: Creature) -> dict[str, list[Power]]:
        """The creature's reaction powers by trigger, each list in sheet order (by sheet, worked out once;
        a sheet never changes, and the creatures keep theirs alive)."""
        got = self._triggers.get(id(creature.template))
        if got is None:
            got = {}
            for p in self._powers_of(creature):
                if p.reaction is not None:
                    got.setdefault(p.reaction.trigger, []).append(p)
            self._triggers[id(creature.template)] = got
        return got

    def _reacts_to(self, creature: Creature, trigger: str) -> bool:
        """Whether the creature has a reaction power with this trigger (a cheap test before the rest)."""
        return trigger in self._triggered_by(creature)

    # -- turns and preparation ------------------------------------------------------------

    def turn_started(self, encounter: Fight, actor: Creature) -> None:
        self.turn += 1

    def prepare(self, encounter: Fight, actor: Creature, preparation: Preparation | None) -> list[str]:
        """Check a preparation handed in with the end of ``actor``'s turn; [] if fine (then it is staged)."""
        if preparation is None:
            return []
        problems = self._problems(encounter, actor.template, preparation)
        if not problems:
            self.budgets[actor.id].staged = preparation
        return problems

    def preparation_problems(self, encounter: Fight, actor: Creature, preparation: Preparation | None) -> list[str]:
        """What ``prepare`` would refuse, changing nothing."""
        return [] if preparation is None else self._problems(encounter, actor.template, preparation)

    def _problems(self, encounter: Fight, template: Template, preparation: Preparation) -> list[str]:
        """``preparation_problems`` in this encounter (remembered when there are none)."""
        fine = self._fine.get(preparation)
        if fine is not None and any(t is template for t in fine):
            return []
        st = encounter.state
        problems = preparation_problems(template, preparation, is_creature=lambda cid: cid in st.creatures,
                                        is_cell=lambda cell: cell in st.board)
        if not problems:
            self._fine.setdefault(preparation, []).append(template)
        return problems

    def set_preparation(self, encounter: Fight, creature: Creature, preparation: Preparation) -> list[str]:
        """Replace a creature's preparation now (before the encounter starts); its problems, else []."""
        st = encounter.state
        problems = preparation_problems(creature.template, preparation, is_creature=lambda cid: cid in st.creatures,
                                        is_cell=lambda cell: cell in st.board)
        if not problems:
            self.budgets[creature.id].preparation = preparation
        return problems

    def turn_ended(self, encounter: Fight, actor: Creature) -> None:
        """Seed 000: "At the end of turn, a character chooses..." The new preparation takes over and a new
        round of the creature's reaction budget begins (ruling 1)."""
        budget = self.budgets[actor.id]
        if budget.staged is not None:
            budget.preparation, budget.staged = budget.staged, None
        budget.limited_used = False
        budget.used.clear()
        if self._powers_of(actor) and not actor.dead:
            p = budget.preparation
            known = self._announced.get(actor.id)
            if known is not None and known[0] is actor.template and known[1] == p:
                text = known[2]
            else:
                text = (p.limited or "", full_priority(actor.template, p), tuple(sorted(p.disabled)),
                        p.basic_attack or "", p.opportunity_attack or "",
                        tuple(describe_restriction(r, encounter.name, encounter.offset) for r in p.restrictions))
                self._announced[actor.id] = (actor.template, p, text)
            encounter.emit(ev.ReactionsPrepared(actor.id, *text))

    # -- break points ---------------------------------------------------------------------

    def busy(self, encounter: Fight) -> bool:
        """Whether a reaction is resolving now (its steps and what they cause trigger nothing)."""
        step = encounter.current_step
        return step is not None and step.action in self.reaction_actions

    def before(self, encounter: Fight, step: Step) -> list[Step]:
        if step.action in self.reaction_actions:
            return []
        st = encounter.state
        mover = st.creatures[step.creature]
        hits: list[_Hit] = []
        match step:
            # Each detail line is written only for a creature that has a reaction with that trigger.
            case LeaveCell() if step.mode in ("move", "charge"):
                provokers = tactics.provokers_leaving(st, mover, step.cell)
                if provokers:
                    where = "({}, {})".format(*encounter.offset(step.cell))
                    for rid in provokers:
                        reactor = st.creatures[rid]
                        if self._reacts_to(reactor, "enemy_leaves_threatened_cell"):
                            hits += self._matching(reactor, "enemy_leaves_threatened_cell", mover,
                                                   f"{mover.name} leaves {where}, which it threatens", cell=step.cell)
            case StartPower():
                power = mover.template.power(step.power)
                if power.provokes_when_adjacent:
                    for e in st.enemies_of(mover):
                        if self._reacts_to(e, "adjacent_enemy_uses_ranged_or_area") and st.is_adjacent(e, mover):
                            hits += self._matching(e, "adjacent_enemy_uses_ranged_or_area", mover,
                                                   f"{mover.name} uses {power.name} ({power.reach.kind.value}) "
                                                   f"next to it")
            case AttackRoll():
                target = st.creatures[step.target]
                if st.is_enemy(mover, target):
                    power = mover.template.power(step.power)
                    if self._reacts_to(target, "targeted_by_attack"):
                        hits += self._matching(target, "targeted_by_attack", mover,
                                               f"{mover.name} attacks it with {power.name}", target=target.id)
                    for ally in st.allies_of(target):
                        if ally.id != mover.id and self._reacts_to(ally, "adjacent_ally_attacked") \
                                and st.is_adjacent(ally, target):
                            hits += self._matching(ally, "adjacent_ally_attacked", mover,
                                                   f"{mover.name} attacks {target.name}, next to it, with "
                                                   f"{power.name}", target=target.id)
            case ResolveAttack():
                target = st.creatures[step.target]
                trigger = "hit_by_attack" if step.hit else "missed_by_attack"
                if st.is_enemy(mover, target) and self._reacts_to(target, trigger):
                    power = mover.template.power(step.power)
                    verb = "hits" if step.hit else "misses"
                    hits += self._matching(target, trigger, mover, f"{mover.name} {verb} it with {power.name}",
                                           target=target.id)
        if hits:
            self._trigger(encounter, hits)
        return self._take_now(encounter)

    def after(self, encounter: Fight, step: Step) -> list[Step]:
        if isinstance(step, EnterCell) and step.mode in _VOLUNTARY and step.action not in self.reaction_actions:
            self.moved.add(step.action)
            if not encounter.has_pending(step.action, LeaveCell):
                self._move_ended(encounter, step.creature)
        return self._take_now(encounter)

    def fizzled(self, encounter: Fight, step: Step, reason: str) -> None:
        match step:
            case BeginReaction():
                ticket = self.tickets[step.ticket]
                self._release(ticket)
                encounter.emit(ev.ReactionFizzled(ticket.reactor, ticket.power, reason))
            case LeaveCell() | EnterCell() if step.mode in _VOLUNTARY and step.action in self.moved \
                    and step.action not in self.reaction_actions:
                self._move_ended(encounter, step.creature)

    def action_complete(self, encounter: Fight) -> list[Step]:
        """The stack is empty: the triggering action is over. Its waiting reactions resolve now, each as
        an action of its own; once none is left, the monsters whose last act is done die."""
        steps = self._take_now(encounter)
        waiting, self.queue = self.queue, []
        steps += self._schedule(encounter, waiting)
        if not steps:
            self.reaction_actions.clear()
            self.tickets.clear()
            self.by_action.clear()
            doomed, self.doomed = self.doomed, []
            for cid in doomed:
                encounter.die(encounter.state.creatures[cid])
        return steps

    def delays_death(self, encounter: Fight, creature: Creature) -> bool:
        """Whether a monster that just dropped to 0 keeps its place until its last act resolves."""
        if any(t.last_act for t in self.budgets[creature.id].pending):
            self.doomed.append(creature.id)
            return True
        return False

    def restrictions_of(self, action: int) -> tuple[tuple[Restriction, ...], CreatureId | None]:
        """The restrictions of the reaction resolving as ``action`` and its triggering creature."""
        t = self.by_action.get(action)
        return (t.restrictions, t.by) if t is not None else ((), None)

    # -- events ---------------------------------------------------------------------------

    def _on_event(self, encounter: Fight, event: ev.Event) -> None:
        if not isinstance(event, _TRIGGERING_EVENTS) or self.busy(encounter):
            return  # most events (break points, dice, moves) trigger nothing
        st = encounter.state
        hits: list[_Hit] = []
        cause = st.creatures.get(CreatureId(encounter.cause)) if encounter.cause else None
        match event:  # (a creature without a reaction to the event is skipped before its detail is written)
            case ev.Bloodied():
                c = st.creatures[CreatureId(event.creature)]
                if self._reacts_to(c, "becomes_bloodied"):
                    hits = self._matching(c, "becomes_bloodied", cause, f"{c.name} is bloodied")
            case ev.DroppedToZero():
                c = st.creatures[CreatureId(event.creature)]
                if self._reacts_to(c, "drops_to_zero"):
                    hits = self._matching(c, "drops_to_zero", cause, f"{c.name} drops to 0 hit points")
            case ev.ConditionApplied():
                c = st.creatures[CreatureId(event.creature)]
                if self._reacts_to(c, "suffers_condition"):
                    kind = c.conditions[-1].kind if c.conditions else None
                    hits = [h for h in self._matching(c, "suffers_condition", cause,
                                                      f"{c.name} is {event.condition}", condition=kind)
                            if kind is not None and h.power.reaction is not None
                            and h.power.reaction.parameter == kind.value]
            case ev.SurgeSpent():
                c = st.creatures[CreatureId(event.creature)]
                if self._reacts_to(c, "spends_surge"):
                    hits = self._matching(c, "spends_surge", cause, f"{c.name} spends a healing surge")
            case ev.InitiativeRolled():
                for cid in event.order:
                    hits += self._matching(st.creatures[CreatureId(cid)], "initiative_rolled", None,
                                           "initiative is rolled")
            case ev.ActionSpent():
                c = st.creatures[CreatureId(event.creature)]
                if self._reacts_to(c, "own_action"):
                    hits = [h for h in self._matching(c, "own_action", c, f"{c.name} takes a {event.action} action "
                                                                              f"({event.purpose})")
                            if h.power.reaction is not None and h.power.reaction.parameter == event.action]
        for h in hits:
            if h.trigger != "own_action" and h.by is not None and h.by.side == h.reactor.side:
                h.by = None  # a creature's own doing or an ally's: no triggering enemy
        if hits:
            self._trigger(encounter, hits)

    def _move_ended(self, encounter: Fight, cid: CreatureId) -> None:
        st = encounter.state
        mover = st.creatures[cid]
        if mover.is_out:
            return
        hits: list[_Hit] = []
        for e in st.enemies_of(mover):
            if self._reacts_to(e, "enemy_ends_move_adjacent") and st.is_adjacent(e, mover):
                hits += self._matching(e, "enemy_ends_move_adjacent", mover, f"{mover.name} ends its move next to it")
        if hits:
            self._trigger(encounter, hits)

    def _matching(self, reactor: Creature, trigger: str, by: Creature | None, detail: str, *,
                  cell: Cell | None = None, target: CreatureId | None = None,
                  condition: ConditionKind | None = None) -> list[_Hit]:
        return [_Hit(reactor, p, trigger, by, detail, cell, target, condition)
                for p in self._triggered_by(reactor).get(trigger, ())]

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

    def _trigger(self, encounter: Fight, hits: list[_Hit]) -> None:
        st = encounter.state
        by_reactor: dict[CreatureId, list[_Hit]] = {}
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

    def _ticket(self, h: _Hit, budget: Budget) -> Ticket:
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
            return encounter.power_steps(reactor, power, tuple(c.id for c in choices[0][1]), None, action=t.action)
        # a blast or an area burst: where it goes is seed 000's "Other" decision, among the placements that
        # catch someone it is meant for (those catching the triggering creature first)
        if by is not None and any(by in caught for _, caught in choices):
            choices = [ch for ch in choices if by in ch[1]]
        origin, caught = decisions.other(
            encounter, reactor, f"where {power.name} goes", choices,
            lambda ch: "({}, {}): {}".format(*encounter.offset(ch[0]), ", ".join(c.name for c in ch[1]))
            if ch[0] is not None else "-")
        return encounter.power_steps(reactor, power, tuple(c.id for c in caught), origin, action=t.action)

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

