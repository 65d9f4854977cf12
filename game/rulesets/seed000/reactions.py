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

from game.grid import Cell
from game.rulesets.seed000 import events as ev
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.context import Fight
from game.rulesets.seed000.model import ConditionKind, CreatureId, Power, PowerId, Restriction, Template
from game.rulesets.seed000.preparation import (Preparation, considered_order, default_preparation, describe_restriction,
                                               full_priority, preparation_problems, reaction_powers)
from game.rulesets.seed000.reaction_budgets import Budgets
from game.rulesets.seed000.reaction_resolving import Resolving
from game.rulesets.seed000.reaction_tickets import OPPORTUNITY_TRIGGERS as OPPORTUNITY_TRIGGERS
from game.rulesets.seed000.reaction_tickets import VOLUNTARY, Budget, Hit, Ticket
from game.rulesets.seed000.state import Creature
from game.rulesets.seed000.steps import (AttackRoll, BeginReaction, EnterCell, LeaveCell, ResolveAttack, StartPower, Step)


_TRIGGERING_EVENTS = (ev.Bloodied, ev.DroppedToZero, ev.ConditionApplied, ev.SurgeSpent, ev.InitiativeRolled,
                      ev.ActionSpent)
"""The events ``_on_event`` reacts to (its ``match``): any other triggers nothing, so the encounter
hands ``_on_event`` only these."""


_PreparedText = tuple[str, tuple[str, ...], tuple[str, ...], str, str, tuple[str, ...]]
"""A ``ReactionsPrepared`` event's fields after the creature: limited, priority, disabled, basic attack,
opportunity attack, restrictions."""


class ReactionSystem(Budgets, Resolving):
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
        hits: list[Hit] = []
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
        if isinstance(step, EnterCell) and step.mode in VOLUNTARY and step.action not in self.reaction_actions:
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
            case LeaveCell() | EnterCell() if step.mode in VOLUNTARY and step.action in self.moved \
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
        hits: list[Hit] = []
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
        hits: list[Hit] = []
        for e in st.enemies_of(mover):
            if self._reacts_to(e, "enemy_ends_move_adjacent") and st.is_adjacent(e, mover):
                hits += self._matching(e, "enemy_ends_move_adjacent", mover, f"{mover.name} ends its move next to it")
        if hits:
            self._trigger(encounter, hits)

    def _matching(self, reactor: Creature, trigger: str, by: Creature | None, detail: str, *,
                  cell: Cell | None = None, target: CreatureId | None = None,
                  condition: ConditionKind | None = None) -> list[Hit]:
        return [Hit(reactor, p, trigger, by, detail, cell, target, condition)
                for p in self._triggered_by(reactor).get(trigger, ())]
