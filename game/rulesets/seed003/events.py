"""Seed 003's events (so far, its clock's) and their log lines. Frozen data, past tense; the kernel's own
events (dice, decisions, break points) are described by :func:`game.kernel.events.describe_kernel`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from game.kernel.events import Event, describe_kernel

Id = str


@dataclass(frozen=True, slots=True)
class AmbusherChosen:
    """One of the two characters of the ambushing party that act in the surprise round [79]."""

    creature: Id
    side: str


@dataclass(frozen=True, slots=True)
class SurpriseRoundBegan:
    side: str
    actors: tuple[Id, ...]


@dataclass(frozen=True, slots=True)
class RoundBegan:
    round: int
    escalation: int
    """The escalation die for this round [91]: 0 in the first round."""


@dataclass(frozen=True, slots=True)
class EscalationDieChanged:
    """The escalation die was put on the table or raised [91]."""

    value: int
    was: int


@dataclass(frozen=True, slots=True)
class TurnBegan:
    creature: Id
    band: str
    round: int
    """0 in the surprise round."""


@dataclass(frozen=True, slots=True)
class TurnDelayed:
    """Delay: the creature's band is lowered for the rest of the encounter [96-97]."""

    creature: Id
    was: str
    band: str


def describe(event: Event, name: Callable[[str], str] = str) -> str:
    """The readable log line of an event of seed 003 or of the kernel."""
    match event:
        case AmbusherChosen():
            return f"{name(event.creature)} will act in the surprise round"
        case SurpriseRoundBegan():
            return f"Surprise round: {', '.join(name(a) for a in event.actors)} of {event.side} act"
        case RoundBegan():
            return f"Round {event.round} (escalation die {event.escalation})"
        case EscalationDieChanged():
            return f"The escalation die goes from {event.was} to {event.value}"
        case TurnBegan():
            when = "the surprise round" if event.round == 0 else f"round {event.round}"
            return f"{name(event.creature)}'s turn ({event.band} band, {when})"
        case TurnDelayed():
            return f"{name(event.creature)} delays from the {event.was} band to the {event.band} band"
    kernel = describe_kernel(event, name)
    return kernel if kernel is not None else repr(event)
