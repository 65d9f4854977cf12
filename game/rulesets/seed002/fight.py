"""Seed 002's fight object: the kernel's ``Rules`` (steps, break points, decisions) and the table's ``Fight``
(numbers in brackets are seed 002's lines).

A turn is steps on the kernel's stack: ``AdvanceClock`` (the initiative order hands the turn on; a delayer
reached again loses its delayed turn), ``StartTurn`` (fresh actions; a Defend's total runs out [35]), the
creature's commands, ``EndTurn``, then an offer to each delayer to act now (``OfferDelayed`` [144]). Each is
scheduled once the stack is empty (``action_complete``). A move is ``LeaveCell`` / ``EnterCell`` steps: the
enemies it provokes by exiting their threatened squares are asked at the ``before`` break point of the step
that leaves [39, 68, 122]; an [OA] action's ``Provoke`` step asks the enemies threatening it. Attacks are
``RollAttack`` then ``DealDamage`` (``attacks.py``).

Reactions of other modules (s002react's Ready, Surge, Smash, Slam, Raise, Hunch) hook in through
:attr:`Seed002Fight.extensions`: each :class:`Extension` is asked at every step's break points, questions and
resolution before the fight's own handling, and may own steps of its own classes.
"""

from __future__ import annotations

from typing import Any, Mapping, Protocol, Sequence

from game.board import Board
from game.grid import Cell
from game.kernel.clock import AdvanceClock, EndTurn, StartTurn
from game.kernel.decisions import PASS, Answer, Decision, Option, Question
from game.kernel.engine import Engine, Impossible
from game.kernel.events import Event, to_json
from game.mechanics.tactics.pieces import PieceId
from game.rulesets.edits import is_table_command
from game.rulesets.package import EditView, Entry
from game.rulesets.seed002 import events as ev
from game.rulesets.seed002 import speed
from game.rulesets.seed002.attacks import OPPORTUNITY as OPPORTUNITY
from game.rulesets.seed002.attacks import Attacks
from game.rulesets.seed002.orders import Plan
from game.rulesets.seed002 import boosts, editing, readying, stunts, surge
from game.rulesets.seed002.clock import InitiativeClock, roll_initiative
from game.rulesets.seed002.commands import (Act, Command, DealDamage, EnterCell, LeaveCell, OfferDelayed,
                                            OfferOpportunity, Provoke, RollAttack, Step)
from game.rulesets.seed002.sheets import Sheet
from game.rulesets.seed002.state import Creature, FightState, Seed002Tactics

DELAYED = "delay:act"
"""The decision kind of a delayer's "act now?" [144]."""


class Extension(Protocol):
    """A part of the fight another module adds (reactions): asked first at every step. ``question`` and
    ``resolve`` see every step; ``resolve`` returns True when it has resolved a step of its own (the fight then
    leaves it alone)."""

    def before(self, fight: Seed002Fight, step: Any) -> list[Any]: ...

    def question(self, fight: Seed002Fight, step: Any) -> Sequence[Question]: ...

    def resolve(self, fight: Seed002Fight, step: Any, answers: Sequence[Option]) -> bool: ...

    def after(self, fight: Seed002Fight, step: Any) -> list[Any]: ...

    def plan(self, fight: Seed002Fight, command: Any) -> Plan | None:
        """The plan of a command of its own (None: not one of its commands)."""
        ...

    def candidates(self, fight: Seed002Fight, actor: Creature) -> list[Any]:
        """Its commands the acting creature might give now (the legal-commands query checks them)."""
        ...

    def modifier(self, fight: Seed002Fight, what: str, creature: Creature) -> int:
        """What it adds to ``creature``'s ``what``: "defense", "damage", "toughness", "attack"."""
        ...

    def ranks(self, fight: Seed002Fight, attacker: Creature, target: Creature, advantage: int,
              disadvantage: int) -> tuple[int, int]:
        """An attack check's Advantage and Disadvantage ranks after it (Surge's burst [128])."""
        ...

    def ai_answer(self, fight: Seed002Fight, decision: Decision) -> str | None:
        """The AI's answer to a decision of its own kinds (None: not one of them)."""
        ...

    def ai_command(self, fight: Seed002Fight, actor: Creature, stage: str) -> Any | None:
        """The AI's command of this part ("start": before its usual choice; "end": instead of ending the
        turn), or None."""
        ...


class Seed002Fight(Attacks):
    def __init__(self, board: Board, entries: Sequence[Entry], *, seed: int = 1, map_name: str = "",
                 options: Mapping[str, object] | None = None) -> None:
        self.options = dict(options or {})
        creatures: dict[PieceId, Creature] = {}
        for e in entries:
            sheet: Sheet = e.sheet  # type: ignore[assignment]
            creatures[PieceId(e.id)] = Creature(PieceId(e.id), e.name, e.side, sheet, e.cell)
        self.state = FightState(board, creatures, Seed002Tactics())
        self.engine: Engine[Step, Command] = Engine(seed)
        self.engine.attach(self)
        self.seed = seed
        self.map_name = map_name
        self.clock = InitiativeClock()
        self.phase = "setup"
        """setup, advance, start, acting, end, over (and advancing / starting / ending while a step runs)."""
        self.turns = 0
        self.mods = {}
        self.outcomes = {}
        self._oa_next = []
        self._asked: dict[int, set[str]] = {}
        """Per move action: the enemies already offered an opportunity attack (each provokes once a move)."""
        self.extensions: list[Extension] = []
        self.extensions += [readying.Readying(), surge.Surges(self), boosts.Boosts(), stunts.Stunts()]  # s002react
        self.winner = ""
        self.library: Mapping[str, object] = {}

    # -- the table's Fight --------------------------------------------------------------------------------

    @property
    def log(self) -> list[Event]:
        return self.engine.log

    def start(self) -> list[Event]:
        self.emit(ev.FightStarted(self.seed, self.map_name,
                                  tuple(sorted((k, str(v)) for k, v in self.options.items()))))
        order = roll_initiative(self.engine.dice, [(c.id, c.template.initiative)
                                                   for c in self.state.creatures.values()])
        self.state.initiative = [PieceId(p) for p in order]
        self.clock.begin(order)
        self.emit(ev.InitiativeSet(tuple(order)))
        self.phase = "advance"
        self.engine.drain()
        self._check_over()
        return self.engine.take()

    def apply(self, command: Command | Answer) -> list[Event]:
        if is_table_command(command):
            return editing.carry_out(self, command)
        if self.phase == "over":
            raise Impossible("the fight is over")
        return self.engine.apply(command)

    # -- the game master's edits (game.rulesets.package.Editing; game.rulesets.seed002.editing) ----------

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
        line = (readying.describe(event, self.name) or surge.describe(event, self.name)  # s002react's events
                or boosts.describe(event, self.name) or stunts.describe(event, self.name, self.offset))
        return "  " + line if line is not None else ev.describe(event, self.name, self.offset)

    def event_json(self, event: Event) -> dict[str, Any]:
        return to_json(event, self.offset)

    @property
    def pending(self) -> tuple[Decision, ...]:
        return self.engine.pending

    def ai_answer(self, decision: Decision) -> str:
        """The AI's option for an open decision: an opportunity attack is always taken; a delayer acts now;
        the extensions' decisions as each part's AI answers them."""
        keys = [o.key for o in decision.options]
        for x in self.extensions:  # s002react's reactions and stunts
            got = x.ai_answer(self, decision)
            if got is not None and got in keys:
                return got
        if decision.kind == OPPORTUNITY and "attack" in keys:
            return "attack"
        if decision.kind == DELAYED and "act" in keys:
            return "act"
        return decision.plain_choice

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
        return () if c is None else self.state.space(c)

    def next_up(self) -> Creature | None:
        pid = self.clock.peek(lambda p: self.creature(p).out)
        return self.creature(pid) if pid is not None else None

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
            case LeaveCell():
                mover = self.creature(step.creature)
                if mover.out:
                    return f"{mover.name} is down"
                if mover.cell != step.cell:
                    return f"{mover.name} is no longer at {self.offset(step.cell)}"
                if self.state.occupant(step.to) not in (None, mover) and self._last_step(step):
                    return f"{self.offset(step.to)} is taken"
            case EnterCell() | Provoke() | Act():
                if self.creature(step.creature).out:
                    return f"{self.name(step.creature)} is down"
            case RollAttack() | DealDamage():
                if self.creature(step.creature).out:
                    return f"{self.name(step.creature)} is down"
                if self.creature(step.target).out:
                    return f"{self.name(step.target)} is already down"
        return ""

    def _last_step(self, step: LeaveCell) -> bool:
        return not self.engine.has_pending(step.action, LeaveCell)

    def detail(self, step: Step) -> str | None:
        """None: break points are not logged (as seed 003's); they still happen, and the events the steps
        cause (moves, provoking, attacks) say what happened."""
        return None

    def before(self, step: Step) -> list[Step]:
        out: list[Step] = []
        for x in self.extensions:
            out += x.before(self, step)
        match step:
            case LeaveCell() if self.state.tactics_rules.provokes(step.mode):
                asked = self._asked.setdefault(step.action, set())
                mover = self.creature(step.creature)
                from game.rulesets.seed002 import provoking

                fresh = [r for r in provoking.threatening(self.state, mover, step.cell) if r not in asked]
                asked.update(fresh)
                label = "charge" if step.mode == "charge" else "move"
                return [*self.offers(step.action, mover.id, fresh, label), *out]
            case Provoke():
                return [*self.offers(step.action, step.creature, step.reactors, step.label), *out]
        return out

    def question(self, step: Step) -> Sequence[Question]:
        for x in self.extensions:
            asked = x.question(self, step)
            if asked:
                return asked
        match step:
            case OfferOpportunity():
                return self.ask_opportunity(step)
            case OfferDelayed():
                delayer = self.creature(step.creature)
                if not delayer.delaying or delayer.out or self.phase != "advance":
                    return []
                return [Question(delayer.side, delayer.id, DELAYED,
                                 f"take the delayed turn now, after {self.name(step.after)}?",
                                 (Option("act", "act now"), Option(PASS, "wait")))]
        return []

    def resolve(self, step: Step, answers: Sequence[Option]) -> None:
        for x in self.extensions:
            if x.resolve(self, step, answers):
                return
        match step:
            case EnterCell():
                mover = self.creature(step.creature)
                was, mover.cell = mover.cell, step.cell
                mover.moved_feet += speed.SQUARE_FEET
                self.emit(ev.CreatureMoved(mover.id, was, step.cell))
            case OfferOpportunity():
                self.opportunity(step, answers)
            case RollAttack():
                self.roll_attack(step)
            case DealDamage():
                self.deal_damage(step)
            case Act():
                self.act(step)
            case OfferDelayed():
                if answers and answers[0].key == "act" and self.creature(step.creature).delaying:
                    delayer = self.creature(step.creature)
                    delayer.delaying = False
                    self.clock.act_now(delayer.id)
                    self.emit(ev.DelayTaken(delayer.id, step.after))
                    self.phase = "start"
            case AdvanceClock():
                self._advance()
            case StartTurn():
                self._start_turn(self.creature(step.creature))
            case EndTurn():
                self._end_turn(self.creature(step.creature))

    def after(self, step: Step) -> list[Step]:
        out: list[Step] = []
        for x in self.extensions:
            out += x.after(self, step)
        match step:
            case OfferOpportunity():
                taken, self._oa_next = self._oa_next, []
                return [*taken, *out]
            case RollAttack():
                return [*out, *self.hit(step)]
            case EndTurn():
                n = self.engine.new_action()
                waiting = [p for p in self.clock.delayed if not self.creature(p).out]
                return [*out, *[OfferDelayed(n, p, step.creature) for p in waiting]]
        return out

    def fizzled(self, step: Step, reason: str, dropped: list[Step]) -> None:
        self.engine.report_fizzle(step, reason, len(dropped))

    def action_complete(self) -> list[Step]:
        if self._check_over():
            return []
        holder = self.clock.holder()
        n = self.engine.new_action()
        if self.phase == "acting" and holder is not None and self.creature(holder).out:
            self.phase = "end"
        match self.phase:
            case "start" if holder is not None:
                self.phase = "starting"
                return [StartTurn(n, holder)]
            case "end" if holder is not None:
                self.phase = "ending"
                return [EndTurn(n, holder)]
            case "advance":
                self.phase = "advancing"
                return [AdvanceClock(n, holder or "")]
        return []

    # -- what the extensions add (s002react's reactions and stunts) ----------------------------------------

    def exempt_from_provoking(self, action: int, reactor: str) -> None:
        """The move whose steps carry the number ``action`` provokes no opportunity attack from ``reactor``:
        the catalogue's ``OA from Certain Movement`` [76-80] for one enemy (an escape's grabber [80]). Each
        enemy is offered once a move anyway; this counts ``reactor`` as offered already."""
        self._asked.setdefault(action, set()).add(PieceId(reactor))

    def modifier(self, what: str, creature: Creature) -> int:
        """What the extensions add to ``creature``'s ``what`` (Surge's boost, a grab's vulnerable...)."""
        return sum(x.modifier(self, what, creature) for x in self.extensions)

    def ranks(self, attacker: Creature, target: Creature, advantage: int, disadvantage: int) -> tuple[int, int]:
        for x in self.extensions:
            advantage, disadvantage = x.ranks(self, attacker, target, advantage, disadvantage)
        return advantage, disadvantage

    def extension_plan(self, command: Command) -> Plan | None:
        for x in self.extensions:
            planned = x.plan(self, command)
            if planned is not None:
                return planned
        return None

    def extension_candidates(self, actor: Creature) -> list[Command]:
        return [c for x in self.extensions for c in x.candidates(self, actor)]

    # -- inside ----------------------------------------------------------------------------------------------

    def went_down(self, creature: Creature) -> None:
        self.emit(ev.Incapacitated(creature.id))
        self.clock.drop(creature.id)
        creature.delaying = False

    def _advance(self) -> None:
        def new_round(r: int) -> None:
            for c in self.state.creatures.values():
                c.economy = c.economy.start_round()
            self.emit(ev.RoundStarted(r))

        def lost(pid: str) -> None:
            self.creature(pid).delaying = False
            self.emit(ev.DelayLost(pid))

        got = self.clock.advance(lambda p: self.creature(p).out, new_round, lost)
        self.phase = "start" if got is not None else "over"

    def _start_turn(self, creature: Creature) -> None:
        self.turns += 1
        for c in self.state.creatures.values():
            c.economy = c.economy.start_turn(c is creature)
        creature.acted = False
        creature.defending = None  # a Defend lasts "until the start of your next turn" [35]
        creature.moved_feet = 0
        self.emit(ev.TurnStarted(creature.id, self.clock.round))
        self.phase = "acting"

    def _end_turn(self, creature: Creature) -> None:
        creature.economy = creature.economy.end_turn()
        self.emit(ev.TurnEnded(creature.id))
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
