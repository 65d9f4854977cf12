"""Seed 001's events and their log lines. Frozen data, past tense; the kernel's own events (dice, decisions,
break points) are described by :func:`game.kernel.events.describe_kernel`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from game.grid import Cell
from game.kernel.events import Event, describe_kernel
from game.rulesets.edits import describe_table

Id = str
EVENT_FORMAT = 1
"""The version of seed 001's events' JSON form."""


@dataclass(frozen=True, slots=True)
class FightStarted:
    seed: int
    map: str
    options: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class Mounted:
    """A rider sits its mount from the start (the encounter file's ``[riders]``)."""

    rider: Id
    mount: Id


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round: int


@dataclass(frozen=True, slots=True)
class SecondsRolled:
    """Each creature's second this round (a d12 each, ours), in the order they act."""

    round: int
    seconds: tuple[tuple[Id, int], ...]


@dataclass(frozen=True, slots=True)
class TurnStarted:
    creature: Id
    round: int
    second: int


@dataclass(frozen=True, slots=True)
class ActionSpent:
    """The creature's one action of the round [3], for ``purpose``."""

    creature: Id
    purpose: str


@dataclass(frozen=True, slots=True)
class CreatureMoved:
    """``creature`` (with ``carrying``, the rider on it, if any) moved one hex."""

    creature: Id
    origin: Cell
    to: Cell
    carrying: Id = ""


@dataclass(frozen=True, slots=True)
class AttackRolled:
    """An attack's pool: its raw faces against the target's Guard (TM), successes after any reaction."""

    creature: Id
    target: Id
    weapon: str
    kind: str
    faces: tuple[int, ...]
    tm: int
    successes: int


@dataclass(frozen=True, slots=True)
class Hurt:
    """Body damage taken: ``body`` is what is left."""

    creature: Id
    amount: int
    body: int


@dataclass(frozen=True, slots=True)
class Incapacitated:
    creature: Id


@dataclass(frozen=True, slots=True)
class StoodUp:
    creature: Id
    how: str
    """"action" or "reaction"."""


@dataclass(frozen=True, slots=True)
class KnockedProne:
    creature: Id
    reason: str


@dataclass(frozen=True, slots=True)
class Dismounted:
    """A rider left its mount for ``to`` (by its action, or thrown)."""

    creature: Id
    mount: Id
    to: Cell
    how: str
    penalty_feet: int


@dataclass(frozen=True, slots=True)
class RiderThrown:
    creature: Id
    mount: Id
    cause: str


@dataclass(frozen=True, slots=True)
class Fell:
    """A thrown rider's fall: ``damage`` Body (after any reaction)."""

    creature: Id
    damage: int


@dataclass(frozen=True, slots=True)
class Scheduled:
    """``label`` for ``creature`` put on the counter for ``second`` of ``round``."""

    creature: Id
    label: str
    round: int
    second: int


@dataclass(frozen=True, slots=True)
class CameDue:
    """Something scheduled on the counter came due."""

    creature: Id
    label: str


@dataclass(frozen=True, slots=True)
class TurnEnded:
    creature: Id


@dataclass(frozen=True, slots=True)
class FightEnded:
    winner: str


def describe(event: Event, name: Callable[[str], str], offset: Callable[[Cell], tuple[int, int]]) -> str:
    """One event as a line of the log."""
    kernel = describe_kernel(event, name)
    if kernel is not None:
        return kernel
    table = describe_table(event)
    if table is not None:
        return table
    match event:
        case FightStarted():
            return f"fight begins on {event.map} (seed {event.seed})"
        case Mounted():
            return f"{name(event.rider)} rides {name(event.mount)}"
        case RoundStarted():
            return f"-- round {event.round} --"
        case SecondsRolled():
            return "seconds: " + ", ".join(f"{name(c)} {s}" for c, s in event.seconds)
        case TurnStarted():
            return f"{name(event.creature)}'s turn (second {event.second})"
        case ActionSpent():
            return f"  {name(event.creature)} uses its action to {event.purpose}"
        case CreatureMoved():
            carried = f" carrying {name(event.carrying)}" if event.carrying else ""
            return f"  {name(event.creature)}{carried} moves {offset(event.origin)} -> {offset(event.to)}"
        case AttackRolled():
            faces = " ".join(str(f) for f in event.faces)
            return (f"  {name(event.creature)} {event.kind} attack with {event.weapon} on {name(event.target)}: "
                    f"[{faces}] vs {event.tm}, {event.successes} success{'es' if event.successes != 1 else ''}")
        case Hurt():
            return f"  {name(event.creature)} takes {event.amount} Body damage (Body {event.body})"
        case Incapacitated():
            return f"  {name(event.creature)} is down"
        case StoodUp():
            return f"  {name(event.creature)} stands up (by {event.how})"
        case KnockedProne():
            return f"  {name(event.creature)} is prone ({event.reason})"
        case Dismounted():
            penalty = f", {event.penalty_feet} ft of movement lost" if event.penalty_feet else ""
            return f"  {name(event.creature)} gets down from {name(event.mount)} to {offset(event.to)} ({event.how}{penalty})"
        case RiderThrown():
            return f"  {name(event.creature)} is thrown from {name(event.mount)} ({event.cause})"
        case Fell():
            return f"  {name(event.creature)} falls: {event.damage} Body damage"
        case Scheduled():
            return f"  {name(event.creature)} {event.label} at second {event.second} of round {event.round}"
        case CameDue():
            return f"{name(event.creature)} {event.label}"
        case TurnEnded():
            return f"  {name(event.creature)} ends its turn"
        case FightEnded():
            return f"fight over: {event.winner or 'nobody'} wins"
    return repr(event)
