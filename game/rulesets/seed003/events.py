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


@dataclass(frozen=True, slots=True)
class AttackRolled:
    """One attack roll against one target [5, 7], with every term of its total, so that its log line shows
    what the escalation die added."""

    attacker: Id
    target: Id
    ability: str
    faces: tuple[int, ...]
    kept: tuple[int, ...]
    net: int
    """Net Advantage (positive) or Disadvantage (negative) the dice were rolled with."""
    level: int
    volition: int
    escalation: int | None
    """The escalation die as added; None for an attacker that does not add it [91]."""
    other: int
    total: int
    defense: str
    defense_value: int
    result: str
    """"hit", "miss", "critical hit" or "critical failure"."""
    crit_at: int
    resisted: bool


@dataclass(frozen=True, slots=True)
class DisengageRolled:
    """A disengage check [163]: the dice, the difficulty and whether the creature popped off."""

    creature: Id
    enemies: tuple[Id, ...]
    faces: tuple[int, ...]
    kept: tuple[int, ...]
    net: int
    difficulty: int
    succeeded: bool


def _dice_text(faces: tuple[int, ...], kept: tuple[int, ...], net: int) -> str:
    """"3d6 [6+4+2]", or with advantage "4d6 keep best 3 [6+4+2; dropped 1]"."""
    shown = "+".join(map(str, kept))
    if not net:
        return f"3d6 [{shown}]"
    dropped = list(faces)
    for f in kept:
        dropped.remove(f)
    which = "best" if net > 0 else "worst"
    return f"{len(faces)}d6 keep {which} 3 [{shown}; dropped {'+'.join(map(str, sorted(dropped, reverse=True)))}]"


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
        case AttackRolled():
            terms = [f"{_dice_text(event.faces, event.kept, event.net)} = {sum(event.kept)}", f"level {event.level}",
                     f"Volition {event.volition}"]
            if event.escalation is not None:
                terms.append(f"escalation {event.escalation}")
            if event.other:
                terms.append(f"other {event.other}")
            crit = "" if event.crit_at == 17 else f" (crits on {event.crit_at}+)"
            resisted = ", resisted: half damage" if event.resisted else ""
            return (f"{name(event.attacker)} attacks {name(event.target)} with {event.ability}: "
                    f"{' + '.join(terms)} = {event.total} vs {event.defense} {event.defense_value}{crit}: "
                    f"{event.result}{resisted}")
        case DisengageRolled():
            foes = ", ".join(name(e) for e in event.enemies)
            how = "pops off" if event.succeeded else "fails and loses the move action"
            return (f"{name(event.creature)} tries to disengage from {foes}: {_dice_text(event.faces, event.kept, event.net)} = "
                    f"{sum(event.kept)} vs {event.difficulty}: {how}")
        case TurnDelayed():
            return f"{name(event.creature)} delays from the {event.was} band to the {event.band} band"
    kernel = describe_kernel(event, name)
    return kernel if kernel is not None else repr(event)
