"""Seed 002's events and their log lines. Frozen data, past tense; the kernel's own events (dice, decisions,
break points) are described by :func:`game.kernel.events.describe_kernel`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from game.grid import Cell
from game.kernel.events import Event, describe_kernel
from game.rulesets.edits import describe_table

Id = str
EVENT_FORMAT = 1
"""The version of seed 002's events' JSON form."""


@dataclass(frozen=True, slots=True)
class FightStarted:
    seed: int
    map: str
    options: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class InitiativeSet:
    """The turn order, from the initiative checks (highest total first)."""

    order: tuple[Id, ...]


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round: int


@dataclass(frozen=True, slots=True)
class TurnStarted:
    creature: Id
    round: int


@dataclass(frozen=True, slots=True)
class ActionSpent:
    """An action of the turn used: ``kind`` needed, ``paid`` the one spent for it (a better one [10])."""

    creature: Id
    kind: str
    paid: str
    purpose: str


@dataclass(frozen=True, slots=True)
class CreatureMoved:
    creature: Id
    origin: Cell
    to: Cell


@dataclass(frozen=True, slots=True)
class RunChecked:
    """The run's Athletics check [71]: ``ran`` whether the speed rank rose by 1 for the round."""

    creature: Id
    ran: bool


@dataclass(frozen=True, slots=True)
class Tired:
    """A level of fatigue [71, 133]: ``state`` is the track's word after it."""

    creature: Id
    reason: str
    state: str


@dataclass(frozen=True, slots=True)
class DroppedProne:
    creature: Id


@dataclass(frozen=True, slots=True)
class StoodUp:
    creature: Id


@dataclass(frozen=True, slots=True)
class FreeStandTried:
    """The free stand's Acrobatics check against DC 10 + power level x 2 [75]: ``stood`` whether it got up."""

    creature: Id
    stood: bool


@dataclass(frozen=True, slots=True)
class Provoked:
    """An action provoked opportunity attacks from ``reactors`` [122]."""

    creature: Id
    action: str
    reactors: tuple[Id, ...]


@dataclass(frozen=True, slots=True)
class AttackMade:
    """An attack check: ``total`` against ``dc`` (the target's defense), hit or miss with its degrees."""

    creature: Id
    target: Id
    attack: str
    total: int
    dc: int
    hit: bool
    degrees: int
    kind: str
    """"close", "ranged", "charge" or "opportunity"."""


@dataclass(frozen=True, slots=True)
class Hurt:
    """A Toughness check against damage failed: ``levels`` more damage; ``state`` the track's word after."""

    creature: Id
    levels: int
    state: str


@dataclass(frozen=True, slots=True)
class Incapacitated:
    """Down: out of the fight."""

    creature: Id


@dataclass(frozen=True, slots=True)
class Defending:
    """A Defend check [35]: its total is the creature's defense until its next turn."""

    creature: Id
    total: int


@dataclass(frozen=True, slots=True)
class Recovered:
    """Recover [37]: a level of damage or fatigue off, a point of Stress on."""

    creature: Id
    state: str
    stress: int


@dataclass(frozen=True, slots=True)
class Aimed:
    """Aim [84]: ``bonus`` ranks of Advantage on the next attack at ``target``."""

    creature: Id
    target: Id
    bonus: int


@dataclass(frozen=True, slots=True)
class AimSpoiled:
    """Attacking someone else spoils the aim [86]."""

    creature: Id


@dataclass(frozen=True, slots=True)
class TurnDelayed:
    """Delay [143-144]: the creature will take its turn later."""

    creature: Id


@dataclass(frozen=True, slots=True)
class DelayTaken:
    """A delayer takes its turn now, after ``after``: its new place in the order [144]."""

    creature: Id
    after: Id


@dataclass(frozen=True, slots=True)
class DelayLost:
    """Initiative came round again before the delayer acted: the delayed turn is lost [144]."""

    creature: Id


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
        case InitiativeSet():
            return "initiative: " + ", ".join(name(c) for c in event.order)
        case RoundStarted():
            return f"-- round {event.round} --"
        case TurnStarted():
            return f"{name(event.creature)}'s turn"
        case ActionSpent():
            paid = "" if event.paid == event.kind else f" (paid with the {event.paid} action)"
            return f"  {name(event.creature)} uses a {event.kind} action to {event.purpose}{paid}"
        case CreatureMoved():
            return f"  {name(event.creature)} moves {offset(event.origin)} -> {offset(event.to)}"
        case RunChecked():
            return f"  {name(event.creature)} {'runs' if event.ran else 'fails to run'}"
        case Tired():
            return f"  {name(event.creature)} tires ({event.reason}): {event.state}"
        case DroppedProne():
            return f"  {name(event.creature)} drops prone"
        case StoodUp():
            return f"  {name(event.creature)} stands up"
        case FreeStandTried():
            return f"  {name(event.creature)} {'springs up' if event.stood else 'fails to spring up'} (Acrobatics)"
        case Provoked():
            return (f"  {name(event.creature)}'s {event.action} provokes "
                    + ", ".join(name(r) for r in event.reactors))
        case AttackMade():
            result = f"hits ({event.degrees} degree{'s' if event.degrees != 1 else ''})" if event.hit else "misses"
            return (f"  {name(event.creature)} {event.kind} attack with {event.attack} on {name(event.target)}: "
                    f"{event.total} vs {event.dc}, {result}")
        case Hurt():
            if not event.levels:
                return f"  {name(event.creature)} shrugs it off ({event.state})"
            return f"  {name(event.creature)} takes {event.levels} level{'s' if event.levels != 1 else ''} of damage: {event.state}"
        case Incapacitated():
            return f"  {name(event.creature)} is down"
        case Defending():
            return f"  {name(event.creature)} defends: defense {event.total} until its next turn"
        case Recovered():
            return f"  {name(event.creature)} recovers: {event.state} (stress {event.stress})"
        case Aimed():
            return f"  {name(event.creature)} aims at {name(event.target)}: +{event.bonus}"
        case AimSpoiled():
            return f"  {name(event.creature)}'s aim is spoiled"
        case TurnDelayed():
            return f"  {name(event.creature)} delays"
        case DelayTaken():
            return f"{name(event.creature)} takes its delayed turn after {name(event.after)}"
        case DelayLost():
            return f"  {name(event.creature)} loses its delayed turn"
        case TurnEnded():
            return f"  {name(event.creature)} ends its turn"
        case FightEnded():
            return f"fight over: {event.winner or 'nobody'} wins"
    return repr(event)
