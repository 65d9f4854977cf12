"""Events: the engine's only output, frozen data in the order it happened.

Every ruleset's events are frozen dataclasses; their public JSON form is ``{"event": kind, ...fields}``
(``kind`` is the class name in snake case), with cells turned into map coordinates by the caller. The
kernel's own events are here: dice, random choices, break points, fizzled steps and decisions.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum
from typing import Any, Callable

from game.grid import Cell, Hex, Square

Id = str
Event = Any
"""Any frozen dataclass instance; each ruleset lists its own (the kernel cannot name them)."""


@dataclass(frozen=True, slots=True)
class DiceRolled:
    expression: str
    faces: tuple[int, ...]
    total: int
    purpose: str


@dataclass(frozen=True, slots=True)
class RandomChoice:
    purpose: str
    options: tuple[str, ...]
    chosen: int
    """Index into ``options``; -1 for a shuffle (``options`` is then the new order)."""


@dataclass(frozen=True, slots=True)
class BreakPoint:
    """A moment in an action where reactions may hook in: before or after a step."""

    moment: str
    """"before" or "after"."""
    step: str
    """The step's kind, e.g. "leave_cell", "enter_cell"."""
    actor: Id
    detail: str


@dataclass(frozen=True, slots=True)
class StepFizzled:
    step: str
    actor: Id
    reason: str


@dataclass(frozen=True, slots=True)
class DecisionOpened:
    """The engine stopped to ask: who chooses, the question and every option (passing is one when allowed).
    A secret decision's options are seen only by its chooser's side."""

    decision: int
    side: str
    chooser: Id
    kind: str
    question: str
    options: tuple[str, ...]
    secret: bool
    group: int


@dataclass(frozen=True, slots=True)
class DecisionAnswered:
    """A decision answered: the option chosen and by what (a player, a standing order, the AI). A secret
    answer is logged with ``option`` empty until its whole group is in (then DecisionsRevealed)."""

    decision: int
    chooser: Id
    option: str
    by: str


@dataclass(frozen=True, slots=True)
class DecisionsRevealed:
    """A secret group's answers, opened together once every one is in."""

    group: int
    answers: tuple[tuple[Id, str], ...]


_KINDS: dict[type, str] = {}


def snake(name: str) -> str:
    """``CreatureMoved`` -> ``creature_moved``."""
    return "".join("_" + ch.lower() if ch.isupper() else ch for ch in name).lstrip("_")


def kind_of(event: Event) -> str:
    """The event's kind as its JSON names it: its class name in snake case."""
    cls = type(event)
    kind = _KINDS.get(cls)
    if kind is None:
        kind = _KINDS[cls] = snake(cls.__name__)
    return kind


def to_json(event: Event, offset: Callable[[Cell], tuple[int, int]]) -> dict[str, Any]:
    """The public JSON form: ``{"event": kind, ...fields}``, cells as ``[col, row]``."""
    out: dict[str, Any] = {"event": kind_of(event)}
    for f in dataclasses.fields(event):
        out[f.name] = _plain(getattr(event, f.name), offset)
    return out


def _plain(value: Any, offset: Callable[[Cell], tuple[int, int]]) -> Any:
    if isinstance(value, (Square, Hex)):
        return list(offset(value))
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [_plain(v, offset) for v in value]
    return value


def describe_kernel(event: Event, name: Callable[[str], str]) -> str | None:
    """The readable line of a kernel event, or None if ``event`` is not one of the kernel's."""
    match event:
        case DiceRolled():
            faces = "+".join(map(str, event.faces)) if event.faces else "max"
            return f"  rolled {event.expression} for {event.purpose}: [{faces}] = {event.total}"
        case RandomChoice():
            if event.chosen < 0:
                return f"  random order for {event.purpose}: {', '.join(event.options)}"
            return (f"  random choice for {event.purpose}: {event.options[event.chosen]} "
                    f"(1 of {len(event.options)})")
        case BreakPoint():
            return f"    [{event.moment} {event.step}] {event.detail}"
        case StepFizzled():
            return f"  {event.step} of {name(event.actor)} fizzles: {event.reason}"
        case DecisionOpened():
            shown = "a secret choice" if event.secret else " / ".join(event.options)
            return f"  {name(event.chooser)} is asked: {event.question} ({shown})"
        case DecisionAnswered():
            chosen = event.option or "(secret)"
            return f"  {name(event.chooser)} answers: {chosen} (by {event.by})"
        case DecisionsRevealed():
            return "  revealed together: " + "; ".join(f"{name(c)}: {o}" for c, o in event.answers)
    return None
