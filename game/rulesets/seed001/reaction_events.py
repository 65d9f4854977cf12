"""The events of seed 001's reactions and their log lines (numbers in brackets are seed 001's lines). Frozen
data, past tense; the decisions themselves are the kernel's events."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from game.kernel.events import Event

Id = str


@dataclass(frozen=True, slots=True)
class ReactionUsed:
    """``creature`` spent its one reaction of the round [3, 7] on ``what`` (against ``target``, if any)."""

    creature: Id
    what: str
    target: Id = ""


@dataclass(frozen=True, slots=True)
class Defended:
    """A dodge, rebuff or deflect [6-8]: the adjustment (``dice``: d6, 2d6kl1) taken off the attacker's lowest or
    highest success, whether it took the success away, and the damage before and after."""

    creature: Id
    attacker: Id
    skill: str
    dice: str
    adjustment: int
    cancelled: bool
    before: int
    after: int


@dataclass(frozen=True, slots=True)
class LandingTried:
    """A thrown rider's Agility check, TM 10, to land on its feet [17]."""

    creature: Id
    landed: bool


@dataclass(frozen=True, slots=True)
class MovementPenalised:
    """``feet`` of movement lost this round: standing up by reaction [33]."""

    creature: Id
    feet: int
    why: str


REACTION_EVENTS = (ReactionUsed, Defended, LandingTried, MovementPenalised)


def describe(event: Event, name: Callable[[str], str]) -> str | None:
    """One of these events as a line of the log (None: not one of them)."""
    match event:
        case ReactionUsed():
            on = f" on {name(event.target)}" if event.target else ""
            return f"  {name(event.creature)} uses its reaction: {event.what}{on}"
        case Defended():
            skill = event.skill.replace("_", " ")
            result = (f"a success is lost: {event.before} -> {event.after} Body" if event.cancelled
                      else f"no success lost: {event.before} Body")
            return (f"  {name(event.creature)} answers {name(event.attacker)}'s blow with {skill}: {event.dice} gives "
                    f"{event.adjustment}, {result}")
        case LandingTried():
            return (f"  {name(event.creature)} tries to land on its feet (Agility, TM 10): "
                    f"{'lands' if event.landed else 'fails, half the fall'}")
        case MovementPenalised():
            return f"  {name(event.creature)} loses {event.feet} ft of movement this round ({event.why})"
    return None
