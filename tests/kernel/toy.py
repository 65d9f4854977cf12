"""A toy ruleset, about a hundred lines, that proves the kernel's seam without any rules system in it.

Pieces stand on a track of numbered cells. Each round starts with both sides declaring, secretly and
together, "fast" or "slow" (a clock with a choice: the fast side acts first; a tie goes to red). A turn is
one action: step one cell, strike an adjacent enemy (3+ on a d6 takes one of its two wounds), or wait. A piece that steps away from
an adjacent enemy opens a reaction window: that enemy's player is asked whether to strike it as it leaves
(passing is an option). Last side with pieces standing wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Sequence, Union

from game.kernel.clock import AdvanceClock, Cycle
from game.kernel.decisions import PASS, Decision, Option, Question
from game.kernel.engine import Engine, Impossible


@dataclass(frozen=True, slots=True)
class Step_:
    action: int
    creature: str
    to: int = 0


class Leave(Step_):
    """Leaving a cell (its ``before`` break point is the reaction window)."""


class Enter(Step_):
    pass


class Strike(Step_):
    pass


class OfferStrike(Step_):
    """A reaction window: ``creature`` may strike whoever leaves cell ``to``."""


@dataclass(frozen=True, slots=True)
class Go:
    piece: str
    what: str  # "step", "strike" or "wait"
    to: int = 0  # the cell stepped to, or the cell of the piece struck


ToyStep = Union[Leave, Enter, Strike, OfferStrike, AdvanceClock[str]]
"""The clock moving on is the kernel's step, as seed 000's is: here it asks both sides' pace at a new round."""


@dataclass
class Piece:
    id: str
    side: str
    cell: int
    hp: int = 2
    """Wounds it can take."""


@dataclass(frozen=True, slots=True)
class Moved:
    creature: str
    to: int


@dataclass(frozen=True, slots=True)
class Struck:
    creature: str
    target: str
    hp: int


class Toy:
    def __init__(self, pieces: Sequence[Piece], seed: int = 1, length: int = 8) -> None:
        self.engine: Engine[ToyStep, Go] = Engine(seed)
        self.engine.attach(self)
        self.pieces = {p.id: p for p in pieces}
        self.clock: Cycle[str] = Cycle()
        self.length, self.acted = length, False

    def start(self) -> list[object]:
        self.engine.run([AdvanceClock(self.engine.new_action(), "")])
        return self.engine.take()

    def standing(self, side: str) -> list[Piece]:
        return [p for p in self.pieces.values() if p.side == side and p.hp > 0]

    def at(self, cell: int) -> Piece | None:
        return next((p for p in self.pieces.values() if p.cell == cell and p.hp > 0), None)

    # -- the legal-commands query ----------------------------------------------------------
    def legal_commands(self) -> Iterator[Go]:
        me = self.pieces.get(self.clock.holder() or "")
        if me is None or self.engine.waiting or self.acted or self.winner() is not None:
            return
        yield Go(me.id, "wait")
        for cell in (me.cell - 1, me.cell + 1):
            other = self.at(cell)
            if other is None and 0 <= cell < self.length:
                yield Go(me.id, "step", cell)
            elif other is not None and other.side != me.side:
                yield Go(me.id, "strike", cell)

    def why_illegal(self, command: Go) -> str:
        return "" if command in set(self.legal_commands()) else f"{command} is not allowed now"

    # -- the kernel's Rules ---------------------------------------------------------------
    def perform(self, command: Go) -> None:
        if why := self.why_illegal(command):
            raise Impossible(why)
        self.acted, n, me = True, self.engine.new_action(), self.pieces[command.piece]
        if command.what == "step":
            self.engine.run([Leave(n, me.id, command.to), Enter(n, me.id, command.to)])
        elif command.what == "strike":
            self.engine.run([Strike(n, me.id, command.to)])

    def settled(self) -> None:
        if not self.acted or self.winner() is not None:
            return
        self.acted = False
        self.engine.run([AdvanceClock(self.engine.new_action(), self.clock.holder() or "")])

    def round_over(self) -> bool:
        return not any(self.pieces[pid].hp > 0 for pid in self.clock.order[self.clock.index + 1:])

    def precondition(self, step: ToyStep) -> str:
        return "" if isinstance(step, AdvanceClock) or self.pieces[step.creature].hp > 0 else "it is down"

    def detail(self, step: ToyStep) -> str:
        return f"{type(step).__name__} {step.creature} {getattr(step, 'to', '')}"

    def before(self, step: ToyStep) -> list[ToyStep]:
        if not isinstance(step, Leave):
            return []
        me = self.pieces[step.creature]
        return [OfferStrike(self.engine.new_action(), o.id, me.cell) for o in self.pieces.values()
                if o.hp > 0 and o.side != me.side and abs(o.cell - me.cell) == 1 and o.cell != step.to]

    def question(self, step: ToyStep) -> Sequence[Question]:
        if isinstance(step, OfferStrike):
            return [Question(self.pieces[step.creature].side, step.creature, "reaction:strike",
                             f"strike the piece leaving cell {step.to}?",
                             (Option("strike", "strike it"), Option(PASS, "let it go")))]
        if isinstance(step, AdvanceClock) and self.round_over():
            pace = (Option("fast", "act first"), Option("slow", "act last"))
            return [Question(s, self.standing(s)[0].id, "clock:pace", "fast or slow this round?", pace, True)
                    for s in ("red", "blue")]
        return []

    def resolve(self, step: ToyStep, answers: Sequence[Option]) -> None:
        me = self.pieces.get(step.creature, Piece("", "", 0))
        if isinstance(step, Enter):
            me.cell = step.to
            self.engine.emit(Moved(me.id, step.to))
        elif isinstance(step, (Strike, OfferStrike)) and answers[:1] != [Option(PASS, "let it go")]:
            target = self.at(step.to)
            if target is not None and self.engine.dice.roll(1, 6, 0, f"{me.id} strikes").total >= 3:
                target.hp -= 1
                self.engine.emit(Struck(me.id, target.id, target.hp))
        elif isinstance(step, AdvanceClock) and not answers:
            self.clock.advance(lambda pid: self.pieces[pid].hp <= 0)
        elif isinstance(step, AdvanceClock):
            first = "blue" if [a.key for a in answers] == ["slow", "fast"] else "red"
            order = [p.id for s in (first, "blue" if first == "red" else "red") for p in self.standing(s)]
            rnd = self.clock.round
            self.clock.begin(order)
            self.clock.round = rnd + 1

    def after(self, step: ToyStep) -> list[ToyStep]:
        return []

    def fizzled(self, step: ToyStep, reason: str, dropped: list[ToyStep]) -> None:
        self.engine.report_fizzle(step, reason, len(dropped))

    def action_complete(self) -> list[ToyStep]:
        return []

    def winner(self) -> str | None:
        sides = {p.side for p in self.pieces.values() if p.hp > 0}
        return sides.pop() if len(sides) == 1 else None

    def ai_answer(self, decision: Decision) -> str:
        """The toy's AI: strikes whenever it may, always plays fast."""
        return decision.options[0].key
