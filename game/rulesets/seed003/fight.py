"""Seed 003's fight object: the kernel's ``Rules`` (steps, break points, decisions) and the table's
``Fight`` (numbers in brackets are seed 003's lines).

A turn is steps on the kernel's stack: ``AdvanceClock`` (the band clock hands the turn on, asking the players
the order inside a band), ``StartTurn`` (fresh actions; a dying PC's death save), the creature's commands,
``EndTurn`` (ongoing damage, then saves [107]). Each is scheduled once the stack is empty
(``action_complete``), so what a step sets off resolves first. Opportunity attacks are decisions of the
reacting creature's player (``reaction:opportunity_attack``), opened at the ``before`` break point of a
step that leaves an engaged position or of an ability that provokes [135, 159, 181]; intercepts
(``reaction:intercept``) at the ``before`` break point of a step that would engage someone [175]
(``reactions.py``); readied actions [99-101] (``readying.py``) and interrupts [109, 119] (``interrupts.py``) at the
break points their triggers name; Sustain [136] (``sustain.py``) and Dicey Moves [169-171] (``dicey.py``).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from game.board import Board
from game.grid import Cell
from game.kernel.clock import AdvanceClock, EndTurn, StartTurn
from game.kernel.decisions import Answer, Decision, Option, Question
from game.rulesets.edits import is_table_command
from game.kernel.engine import Engine, Impossible
from game.kernel.events import Event, to_json
from game.mechanics.tactics.pieces import PieceId
from game.rulesets.package import EditView, Entry
from game.rulesets.seed003 import editing
from game.rulesets.seed003 import events as ev
from game.rulesets.seed003.clock import BandClock, BeginRound, BeginSurprise, ClockStep, Combatant, NextTurn, \
    PickAmbusher
from game.rulesets.seed003.commands import (AskFlee, Command, EnterCell, LeaveCell, OfferIntercept, OfferInterrupt,
                                            OfferOpportunity, OfferReadied, ResolveAbility, StartAbility, Step)
from game.rulesets.seed003.reactions import OPPORTUNITY as OPPORTUNITY
from game.rulesets.seed003.reactions import Reactions
from game.rulesets.seed003.sheets import Band, Condition, Sheet
from game.rulesets.seed003.state import ACTIONS, Creature, FightState, Held
from game.rulesets.seed003.tactics_rules import NEARBY, Seed003Tactics


class Seed003Fight(Reactions):
    def __init__(self, board: Board, entries: Sequence[Entry], *, seed: int = 1, map_name: str = "",
                 options: dict[str, object] | None = None) -> None:
        self.options = dict(options or {})
        self.nearby = int(self.options.get("nearby", NEARBY))  # type: ignore[call-overload]
        self.dicey = int(self.options.get("dicey", 0))  # type: ignore[call-overload]
        creatures: dict[PieceId, Creature] = {}
        for e in entries:
            sheet: Sheet = e.sheet  # type: ignore[assignment]
            stance = sheet.stances[0].kind if sheet.stances else None
            creatures[PieceId(e.id)] = Creature(PieceId(e.id), e.name, e.side, sheet, e.cell, sheet.hp,
                                                sheet.recoveries, stance)
        self.state = FightState(board, creatures, Seed003Tactics(self.nearby, risky=bool(self.dicey)))
        self._dicey_state: FightState | None = None
        self.edge: set[str] = set()
        self.engine: Engine[Step, Command] = Engine(seed)  # type: ignore[assignment]
        self.engine.attach(self)
        self.seed = seed
        self.map_name = map_name
        self.clock = BandClock([Combatant(c.id, c.name, c.side, c.template.pc, c.template.band)
                                for c in creatures.values()], self.engine.emit,
                               lambda pid: self.state.creatures[PieceId(pid)].dead,
                               ambush_escalation=bool(self.options.get("ambush_escalation", False)))
        self.phase = "setup"
        """setup, advance (the clock moves on), start, acting (commands), end (the turn ends), over."""
        self.turns = 0
        self._provoked: dict[int, set[str]] = {}
        self._offered: dict[int, set[str]] = {}
        self._stopped: set[int] = set()
        self._redirect: dict[tuple[str, str], str] = {}
        self._asked: dict[tuple[str, str], tuple[str, str]] = {}
        self._taking: dict[int, tuple[str, str, str]] = {}
        self._band_after: dict[str, Band] = {}
        self._ready_seen: set[tuple[int, str]] = set()
        self._moving_to: dict[int, Cell] = {}
        self._came_from: dict[str, Cell] = {}
        self._failed_saves: list[tuple[str, Held]] = []
        self._save_offers: dict[int, Held] = {}
        self._rerolling: dict[str, Held] = {}
        self.sustained: dict[tuple[str, str], int] = {}
        self._fields: dict[str, Mapping[Cell, int]] = {}
        self._fields_where: tuple[tuple[Cell, bool], ...] = ()
        self.winner = ""
        self.library: Mapping[str, object] = {}
        """The fight's content by sheet id: what the game master may bring in (``editing``)."""

    # -- the table's Fight --------------------------------------------------------------------------------

    @property
    def log(self) -> list[Event]:
        return self.engine.log

    def start(self) -> list[Event]:
        self.emit(ev.FightStarted(self.seed, self.map_name,
                                  tuple(sorted((k, str(v)) for k, v in self.options.items()))))
        surprise = str(self.options.get("surprise", "")) or None
        steps = self.clock.start(self.engine.new_action(), surprise)
        self.engine.run([self._clock_step(s) for s in steps])
        return self.engine.take()

    def apply(self, command: Command | Answer) -> list[Event]:
        if is_table_command(command):
            return editing.carry_out(self, command)
        if self.phase == "over":
            raise Impossible("the fight is over")
        return self.engine.apply(command)

    # -- the game master's edits (game.rulesets.package.Editing; game.rulesets.seed003.editing) ----------

    def edit_view(self, pid: str) -> EditView | None:
        return editing.edit_view(self, pid)

    def edit_conditions(self) -> tuple[str, ...]:
        return editing.CONDITIONS

    def turn_order(self) -> tuple[str, ...]:
        return editing.turn_order(self)

    def addable(self) -> tuple[tuple[str, str], ...]:
        return editing.addable(self.library)

    def name(self, pid: str) -> str:
        c = self.state.creatures.get(PieceId(pid))
        return c.name if c is not None else pid

    def offset(self, cell: Cell) -> tuple[int, int]:
        col, row = self.state.board.grid.cell_to_offset(cell)
        return col, row

    def describe(self, event: Event) -> str:
        return ev.describe(event, self.name, self.offset)

    def event_json(self, event: Event) -> dict[str, Any]:
        return to_json(event, self.offset)

    @property
    def pending(self) -> tuple[Decision, ...]:
        return self.engine.pending

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def acting(self) -> Creature | None:
        holder = self.clock.holder()
        return self.creature(holder) if holder is not None and self.phase == "acting" else None

    def piece(self, pid: str) -> Creature | None:
        return self.state.creatures.get(PieceId(pid))

    def pieces(self) -> list[Creature]:
        return list(self.state.creatures.values())

    def occupant(self, cell: Cell) -> Creature | None:
        return self.state.occupant(cell)

    def space_of(self, pid: str) -> tuple[Cell, ...]:
        c = self.state.creatures.get(PieceId(pid))
        return () if c is None else (c.cell,)

    def next_up(self) -> Creature | None:
        group = self.clock.up_next()
        return self.creature(group[0]) if group else None

    @property
    def turn_mark(self) -> tuple[int, int]:
        return self.clock.round, self.turns

    @property
    def round(self) -> int:
        return self.clock.round

    # -- the kernel's Rules --------------------------------------------------------------------------------

    def perform(self, command: Command) -> None:
        self.carry_out(command)
        if self.phase != "acting":
            self.engine.drain()

    def settled(self) -> None:
        self._check_over()

    def precondition(self, step: Step) -> str:
        match step:
            case LeaveCell() | EnterCell() if step.action in self._stopped:
                return f"{self.name(step.creature)} was intercepted"
            case LeaveCell():
                mover = self.creature(step.creature)
                if mover.out:
                    return f"{mover.name} is down"
                if mover.cell != step.cell:
                    return f"{mover.name} is no longer at {self.offset(step.cell)}"
            case EnterCell():
                if self.creature(step.creature).out:
                    return f"{self.name(step.creature)} is down"
            case StartAbility() | ResolveAbility():
                if self.creature(step.creature).out:
                    return f"{self.name(step.creature)} can no longer act"
            case OfferOpportunity():
                return self.opportunity_problem(self.creature(step.creature), self.creature(step.target))
            case OfferReadied():
                return self.readied_problem(step)
            case OfferInterrupt():
                return self.interrupt_offer_problem(step)
            case OfferIntercept():
                if step.move in self._stopped:
                    return f"{self.name(step.target)} was intercepted already"
                return self.intercept_problem(self.creature(step.creature), self.creature(step.target),
                                              self.creature(step.ally))
        return ""

    def detail(self, step: Step) -> str | None:
        return None

    def before(self, step: Step) -> list[Step]:
        match step:
            case LeaveCell():
                return [*self.offers_moving(step), *self.offers_leaving(step)]
            case EnterCell():
                self.note_entering(step)
                return list(self.offers_entering(step))
            case StartAbility():
                return [*self.offers_acting(step), *self.offers_provoking(step), *self.offers_interrupting(step)]
        return []

    def question(self, step: Step) -> Sequence[Question]:
        match step:
            case OfferOpportunity():
                return [self.ask_opportunity(step)]
            case OfferIntercept():
                return [self.ask_intercept(step)]
            case OfferReadied():
                return [self.ask_readied(step)]
            case OfferInterrupt():
                return [self.ask_interrupt(step)]
            case AskFlee():
                return self.ask_flee(step)
            case AdvanceClock():
                return self.clock.question(NextTurn(step.action))
            case PickAmbusher():
                return self.clock.question(step)
        return []

    def resolve(self, step: Step, answers: Sequence[Option]) -> None:
        match step:
            case EnterCell():
                mover = self.creature(step.creature)
                was, mover.cell = mover.cell, step.cell
                self.emit(ev.CreatureMoved(mover.id, was, step.cell))
            case StartAbility():
                actor = self.creature(step.creature)
                ability = self.ability_of(actor, step.ability)
                assert ability is not None
                self.emit(ev.AbilityUsed(actor.id, ability.name, step.targets, self.provokes(actor, ability)))
            case ResolveAbility():
                actor = self.creature(step.creature)
                ability = self.ability_of(actor, step.ability)
                assert ability is not None
                if ability.effect is not None:
                    self.take_effect(actor, ability, [self.creature(t) for t in step.targets])
                    return
                self.attack(actor, ability, [self.creature(t) for t in step.targets if self.creature(t).targetable],
                            coup=step.coup)
            case OfferOpportunity():
                self.opportunity(step, list(answers))
            case OfferIntercept():
                self.intercept(step, list(answers))
            case OfferReadied():
                self.take_readied(step, list(answers))
            case OfferInterrupt():
                self.take_interrupt(step, list(answers))
            case AskFlee():
                self.flee_answered(step, list(answers))
            case AdvanceClock():
                self.clock.resolve(NextTurn(step.action), answers)
                if self.clock.holder() is not None:
                    self.phase = "start"
            case StartTurn():
                self._start_turn(self.creature(step.creature))
            case EndTurn():
                self._end_turn(self.creature(step.creature), step.action)
            case PickAmbusher() | BeginSurprise() | BeginRound():
                if isinstance(step, BeginRound):
                    for c in self.state.creatures.values():
                        c.hit_this_round.clear()
                self.clock.resolve(step, answers)

    def after(self, step: Step) -> list[Step]:
        match step:
            case AdvanceClock():
                return [self._clock_step(s) for s in self.clock.after(NextTurn(step.action))]
            case EnterCell():
                return [*self.offers_arriving(step), *self.offers_engaging(step)]
            case EndTurn():
                return list(self.offers_failed_saves())
            case OfferReadied() | OfferInterrupt():
                return list(self.readied_steps(step))
        return []

    def fizzled(self, step: Step, reason: str, dropped: list[Step]) -> None:
        if isinstance(step, OfferIntercept) and step.move in self._stopped:
            return  # the others' offers to intercept a mover already stopped: nothing happened
        self.engine.report_fizzle(step, reason, len(dropped))

    def action_complete(self) -> list[Step]:
        """The stack is empty: the next turn boundary, unless the fight is over or a creature acts."""
        if self._check_over():
            return []
        holder = self.clock.holder()
        n = self.engine.new_action()
        if self.phase == "acting" and holder is not None and self.creature(holder).out and not self.creature(holder).lost:
            self.phase = "end"  # dropped during its own turn: it can do nothing more
        match self.phase:
            case "start" if holder is not None:
                self.phase = "starting"
                return [StartTurn(n, holder)]
            case "end" if holder is not None:
                self.phase = "ending"
                return [EndTurn(n, holder)]
            case "advance":
                self.phase = "advancing"
                return [AdvanceClock(n, "")]
        return []

    # -- inside ----------------------------------------------------------------------------------------------

    def _clock_step(self, step: ClockStep) -> Step:
        """The band clock's steps, its NextTurn as the kernel's AdvanceClock."""
        return AdvanceClock(step.action, "") if isinstance(step, NextTurn) else step

    def _start_turn(self, creature: Creature) -> None:
        self.turns += 1
        creature.budget = ACTIONS.new_turn()
        creature.outside = ACTIONS.new_round()
        creature.popped.clear()
        self.spirit_turn_starts(creature)
        self.phase = "acting"
        if creature.readied is not None:
            label = self.readied_label(creature)
            creature.readied = None
            self.emit(ev.ReadiedActionLapsed(creature.id, label))
        if creature.barred:
            creature.budget.left[creature.barred] = 0  # readied and taken before its turn [101]
            creature.barred = ""
        if Condition.STUNNED in creature.names() and not creature.dying:
            creature.budget.left["move"] = 0  # Stunned: "you lose your move action" [265]
        if creature.dying and not self.death_save(creature):
            self.phase = "end"

    def _end_turn(self, creature: Creature, action: int) -> None:
        self.end_of_turn(creature)
        self.forget_redirects(creature.id)
        self.readied_turn_over(creature)
        self.sustain_turn_over(creature)
        self.dicey_turn_over(creature)
        self.emit(ev.TurnEnded(creature.id))
        self.clock.end_turn(creature.id, action)
        self.phase = "advance"

    def _check_over(self) -> bool:
        if self.phase == "over":
            return True
        sides = {c.side for c in self.state.creatures.values() if not c.out}
        if len(sides) > 1:
            return False
        self.winner = sides.pop() if sides else ""
        self.phase = "over"
        self.emit(ev.FightEnded(self.winner))
        return True

