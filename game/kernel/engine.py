"""The engine: a stack of steps with break points, stopping where a decision is pending.

:meth:`Engine.run` puts an action's steps on the stack and resolves them. The loop pops a step, asks the
rules whether it still holds (a step that no longer does fizzles with the rest of its action), announces
its ``before`` break point (where the rules may push interrupt steps, which then resolve first), asks the
rules whether the step needs a decision, resolves it (which may push follow-up steps), and announces its
``after`` break point. When the stack is empty the rules may schedule more (what waits for the end of an
action). A step that needs a decision puts the engine in waiting: :meth:`apply` then accepts only answers to
the open decisions and, once they are all in, resumes with that very step.

Every choice is a step boundary: a ruleset asks only through :meth:`Rules.question`, before the step has
changed anything, so stopping and resuming never repeats or loses a part of a step.
"""

from __future__ import annotations

from typing import Callable, Generic, Iterable, Iterator, Protocol, Sequence, TypeVar

from game.errors import GameError
from game.kernel import events as ev
from game.kernel.decisions import Answer, Decision, Option, Question
from game.kernel.dice import Dice
from game.kernel.steps import Step, step_kind

S = TypeVar("S", bound=Step)
"""A ruleset's step type."""
C = TypeVar("C")
"""A ruleset's command type."""
C_in = TypeVar("C_in", contravariant=True)


class Impossible(GameError):
    """A command the rules do not allow now; the message says why, for the player."""


class Rules(Protocol[S, C_in]):
    """What the engine asks of a ruleset while it runs."""

    def perform(self, command: C_in) -> None:
        """Check ``command`` whole (raise :class:`Impossible`, changing nothing) and carry it out, usually
        by :meth:`Engine.run` with its steps."""
        ...

    def settled(self) -> None:
        """A command (or the answers that resumed it) has run to the end with nothing pending: what
        follows a command (is the fight over, does the turn pass) happens here."""
        ...

    def precondition(self, step: S) -> str:
        """"" if ``step`` may still happen, else why not (it fizzles, with the rest of its action)."""
        ...

    def detail(self, step: S) -> str | None:
        """The step in words, for its break points' events; None keeps them out of the log (the break points
        still happen: ``before``, ``question`` and ``after`` are asked as for any step)."""
        ...

    def before(self, step: S) -> list[S]:
        """The ``before`` break point: interrupt steps to resolve first (may be empty)."""
        ...

    def question(self, step: S) -> Sequence[Question]:
        """What must be decided before ``step`` resolves (empty: nothing). Several questions are opened
        together; secret ones are revealed together once all are answered."""
        ...

    def resolve(self, step: S, answers: Sequence[Option]) -> None:
        """Resolve ``step`` with the answers to its questions (in their order)."""
        ...

    def after(self, step: S) -> list[S]:
        """The ``after`` break point: steps to resolve next, before the rest of the action."""
        ...

    def fizzled(self, step: S, reason: str, dropped: list[S]) -> None:
        """``step`` could not happen and was dropped with ``dropped`` (the rest of its action)."""
        ...

    def action_complete(self) -> list[S]:
        """The stack is empty: steps to resolve now (what waits for the action's end), or []."""
        ...


class _Frame(Generic[S]):
    __slots__ = ("step", "announced", "detail", "answers")

    def __init__(self, step: S) -> None:
        self.step = step
        self.announced = False
        self.detail: str | None = None
        """The break points' text for the step, once worked out (its ``before`` and ``after`` say the same;
        None: they are not logged)."""
        self.answers: list[Option] | None = None


class Engine(Generic[S, C]):
    """Runs one fight's steps for its rules; owns the log, the dice and the pending decisions."""

    def __init__(self, seed: int, dice: Callable[[int, Callable[[ev.Event], None]], Dice] = Dice) -> None:
        self.rules: Rules[S, C] | None = None
        self.seed = seed
        self.log: list[ev.Event] = []
        self._out: list[ev.Event] = []
        self._listeners: list[tuple[Callable[[ev.Event], None], tuple[type, ...] | None]] = []
        self.dice = dice(seed, self.emit)
        self._stack: list[_Frame[S]] = []
        self._next_action = 0
        self._next_decision = 0
        self._open: list[Decision] = []
        self._answers: dict[int, Answer] = {}
        self._asking: _Frame[S] | None = None
        self.current_step: S | None = None
        """The step being resolved (None between steps): what an event happening now is part of."""

    def attach(self, rules: Rules[S, C]) -> None:
        self.rules = rules

    def _rules(self) -> Rules[S, C]:
        assert self.rules is not None, "the engine has no rules attached"
        return self.rules

    # -- output -------------------------------------------------------------------------

    def emit(self, event: ev.Event) -> None:
        self.log.append(event)
        self._out.append(event)
        for listener, kinds in self._listeners:
            if kinds is None or isinstance(event, kinds):
                listener(event)

    def listen(self, listener: Callable[[ev.Event], None], kinds: tuple[type, ...] | None = None) -> None:
        """Call ``listener`` with every event as it happens; with ``kinds``, only with the events of those
        classes (listeners are called in the order they came)."""
        self._listeners.append((listener, kinds))

    def take(self) -> list[ev.Event]:
        """The events since the last take."""
        out, self._out = self._out, []
        return out

    # -- commands and answers ------------------------------------------------------------

    @property
    def pending(self) -> tuple[Decision, ...]:
        """The decisions the engine waits for, not yet answered (empty when it waits for nobody)."""
        return tuple(d for d in self._open if d.id not in self._answers)

    def apply(self, command: C | Answer) -> list[ev.Event]:
        """Apply one command, or one answer to an open decision; returns the events it caused. Raises
        :class:`Impossible`, changing nothing."""
        rules = self._rules()
        if self._open:
            if not isinstance(command, Answer):
                d = self._open[0]
                raise Impossible(f"waiting for an answer: {d.question}")
            self._answer(command)
            if self._open:
                return self.take()
            if self.drain():
                rules.settled()
            return self.take()
        if isinstance(command, Answer):
            raise Impossible("no decision is open")
        rules.perform(command)
        if not self._open:
            rules.settled()
        return self.take()

    def _answer(self, answer: Answer) -> None:
        decision = next((d for d in self._open if d.id == answer.decision), None)
        if decision is None:
            raise Impossible(f"decision {answer.decision} is not open")
        if answer.decision in self._answers:
            raise Impossible(f"decision {answer.decision} is already answered")
        if decision.option(answer.option) is None:
            keys = ", ".join(o.key for o in decision.options)
            raise Impossible(f"{answer.option!r} is not an option of decision {decision.id} (options: {keys})")
        self._answers[decision.id] = answer
        self.emit(ev.DecisionAnswered(decision.id, decision.chooser, "" if decision.secret else answer.option,
                                      answer.by))
        if any(d.id not in self._answers for d in self._open):
            return
        opened, self._open = self._open, []
        if any(d.secret for d in opened):
            self.emit(ev.DecisionsRevealed(opened[0].group,
                                           tuple((d.chooser, self._answers[d.id].option) for d in opened)))
        frame = self._asking
        assert frame is not None
        frame.answers = [d.option(self._answers[d.id].option) or d.options[0] for d in opened]
        self._answers = {}
        self._asking = None

    # -- the step loop ------------------------------------------------------------------

    def new_action(self) -> int:
        """A fresh action number (steps of one action fizzle together)."""
        self._next_action += 1
        return self._next_action

    def run(self, steps: Iterable[S]) -> bool:
        """Put ``steps`` on the stack (the first resolves first) and resolve until settled or waiting."""
        self.push(list(steps))
        return self.drain()

    def push(self, steps: list[S]) -> None:
        """Put steps on top of the stack (they resolve next, the first first)."""
        self._stack.extend([_Frame(s) for s in reversed(steps)])

    @property
    def waiting(self) -> bool:
        return bool(self._open)

    def drain(self) -> bool:
        """Resolve the stack, then whatever the rules schedule once it is empty, until nothing is left
        (True) or a decision is pending (False)."""
        rules = self._rules()
        while True:
            while self._stack:
                if self._open:
                    return False
                self._step(self._stack.pop())
            if self._open:
                return False
            more = rules.action_complete()
            if not more:
                return True
            self.push(more)

    def _step(self, frame: _Frame[S]) -> None:
        rules = self._rules()
        step = frame.step
        reason = rules.precondition(step)
        if reason:
            self._fizzle(step, reason)
            return
        detail = frame.detail
        if not frame.announced:
            detail = rules.detail(step)
            if detail is not None:
                self.emit(ev.BreakPoint("before", step_kind(step), step.creature, detail))
            interrupts = rules.before(step)
            if interrupts:
                frame.announced, frame.detail = True, detail  # it resolves once the interrupts are done
                self._stack.append(frame)
                self.push(interrupts)
                return
        answers: list[Option] = []
        if frame.answers is None:
            questions = rules.question(step)
            if questions:
                frame.announced, frame.detail = True, detail
                self._stack.append(frame)
                self._ask(frame, questions)
                return
        else:
            answers = frame.answers
        self.current_step = step
        try:
            rules.resolve(step, answers)
        finally:
            self.current_step = None
        if detail is not None:
            self.emit(ev.BreakPoint("after", step_kind(step), step.creature, detail))
        follow = rules.after(step)
        if follow:
            self.push(follow)

    def _ask(self, frame: _Frame[S], questions: Sequence[Question]) -> None:
        group = self._next_decision + 1
        for q in questions:
            if not q.options:
                raise ValueError(f"a decision with no options: {q.question}")
            self._next_decision += 1
            d = Decision(self._next_decision, q.side, q.chooser, q.kind, q.question, q.options, q.secret, group)
            self._open.append(d)
            self.emit(ev.DecisionOpened(d.id, d.side, d.chooser, d.kind, d.question,
                                        tuple(o.key for o in d.options), d.secret, d.group))
        self._asking = frame

    def report_fizzle(self, step: S, reason: str, dropped: int) -> None:
        """Log that ``step`` fizzled (and how many later steps of its action went with it)."""
        rest = f" (and {dropped} later step{'s' if dropped != 1 else ''} of the action)" if dropped else ""
        self.emit(ev.StepFizzled(step_kind(step), step.creature, reason + rest))

    def _fizzle(self, step: S, reason: str) -> None:
        """A step that cannot happen any more: it and the rest of its action are lost."""
        action = step.action
        dropped = [f.step for f in self._stack if f.step.action == action]
        self._stack = [f for f in self._stack if f.step.action != action]
        self._rules().fizzled(step, reason, dropped)

    # -- what is on the stack -------------------------------------------------------------

    def pending_steps(self) -> list[S]:
        """The steps still on the stack, the next to resolve last."""
        return [f.step for f in self._stack]

    def steps_of(self, action: int) -> Iterator[S]:
        """The steps of ``action`` still on the stack."""
        for f in self._stack:
            if f.step.action == action:
                yield f.step

    def has_pending(self, action: int, kind: type) -> bool:
        """Whether a step of class ``kind`` of action ``action`` is still on the stack."""
        return any(isinstance(s, kind) for s in self.steps_of(action))
