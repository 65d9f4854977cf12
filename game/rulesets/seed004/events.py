"""Seed 004's events and their log lines (numbers in brackets are seed 004's lines). Frozen data, past tense;
the kernel's own events (dice, decisions, break points) are described by
:func:`game.kernel.events.describe_kernel`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from game.grid import Cell
from game.kernel.events import Event, describe_kernel
from game.rulesets.edits import describe_table

Id = str
EVENT_FORMAT = 1
"""The version of seed 004's events' JSON form."""


@dataclass(frozen=True, slots=True)
class FightStarted:
    seed: int
    map: str
    options: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class RoundBegan:
    round: int


@dataclass(frozen=True, slots=True)
class PhaseBegan:
    """A phase of the round began [5, 7-13]: combat, noncombat or movement."""

    round: int
    phase: str


@dataclass(frozen=True, slots=True)
class SegmentBegan:
    """1.1 [19-21]: who has the initiative in this segment, and why."""

    round: int
    segment: int
    holders: tuple[Id, ...]
    why: str


@dataclass(frozen=True, slots=True)
class OptionChosen:
    """The option a character took, and what it spent: blows ("1 active"), EN, EN left."""

    creature: Id
    option: str
    blows: str
    en_spent: int
    en_left: int
    borrowed: bool = False


@dataclass(frozen=True, slots=True)
class Passed:
    """1.2.1 [24]."""

    creature: Id
    dropped: tuple[str, ...]
    fell: bool
    alert: bool | None


@dataclass(frozen=True, slots=True)
class WeaponDrawn:
    creature: Id
    weapon: str


@dataclass(frozen=True, slots=True)
class ObjectGrabbed:
    """1.2.3 [26]: ``got`` False when the DX check failed."""

    creature: Id
    item: str
    got: bool


@dataclass(frozen=True, slots=True)
class BlowPrepared:
    """1.2.4 [27]: preparations now stacked on the weapon."""

    creature: Id
    weapon: str
    count: int


@dataclass(frozen=True, slots=True)
class PreparationLost:
    creature: Id
    weapon: str
    why: str


@dataclass(frozen=True, slots=True)
class Maneuvered:
    """1.2.3 [28-33]."""

    creature: Id
    maneuver: str
    other: Id
    range_before: int
    range_after: int
    to: Cell
    rose: bool
    stumbled: bool
    fell: bool


@dataclass(frozen=True, slots=True)
class AttackMade:
    """1.2.5 [34]: who attacks whom, with what, how (melee, thrown, missile)."""

    attacker: Id
    target: Id
    weapon: str
    mode: str
    range: int
    preparations: int
    surprise: str


@dataclass(frozen=True, slots=True)
class ParryMade:
    """[34]: a parry, its weapon and what it adds to the first AC modifier [39]."""

    parrier: Id
    attacker: Id
    weapon: str
    modifier: int


@dataclass(frozen=True, slots=True)
class AttackResolved:
    """[36-43]: the hit roll and what came of it."""

    attacker: Id
    target: Id
    faces: tuple[int, ...]
    total: int | None
    required: int
    outcome: str
    critical: bool
    en_damage: int
    bd_damage: int
    en_left: int
    bd_left: int


@dataclass(frozen=True, slots=True)
class ItemBroke:
    """[40-41]: a weapon or shield broke on its breakage check."""

    owner: Id
    item: str
    kind: str


@dataclass(frozen=True, slots=True)
class GmCalled:
    """Where the document says to consult the gamesmaster: the clause, the die (0: none), the question, and the
    default the engine played."""

    clause: str
    roll: int
    question: str
    default: str


@dataclass(frozen=True, slots=True)
class FellUnconscious:
    """EN or BD at 0: out of the fight (ours)."""

    creature: Id


@dataclass(frozen=True, slots=True)
class FightEnded:
    winner: str
    """The side left standing ("" if nobody)."""


def describe(event: Event, name: Callable[[str], str], offset: Callable[[Cell], tuple[int, int]]) -> str:
    """One event as a log line for the game master."""
    kernel = describe_kernel(event, name)
    if kernel is not None:
        return kernel
    table = describe_table(event)
    if table is not None:
        return table
    match event:
        case FightStarted():
            return f"Fight begins (seed {event.seed}, map {event.map})"
        case RoundBegan():
            return f"== Round {event.round} =="
        case PhaseBegan():
            return f"-- {event.phase} phase --"
        case SegmentBegan() if not event.holders:
            return f"Nobody is eligible for the initiative: the combat phase ends ({event.why})"
        case SegmentBegan():
            who = " + ".join(name(h) for h in event.holders)
            return f"Segment {event.segment}: {who} {'have' if len(event.holders) > 1 else 'has'} the initiative ({event.why})"
        case OptionChosen():
            spent = f"{event.blows}, {event.en_spent} EN" if event.blows != "no blow" else "no blow"
            borrowed = " borrowed from next round" if event.borrowed else ""
            return f"{name(event.creature)} takes {event.option} ({spent}{borrowed}; EN {event.en_left})"
        case Passed():
            parts = [f"drops {', '.join(event.dropped)}"] if event.dropped else []
            if event.fell:
                parts.append("falls")
            if event.alert is not None:
                parts.append("becomes alert" if event.alert else "becomes unalert")
            return f"{name(event.creature)} passes" + (f": {', '.join(parts)}" if parts else "")
        case WeaponDrawn():
            return f"{name(event.creature)} draws {event.weapon}"
        case ObjectGrabbed():
            return f"{name(event.creature)} {'grabs' if event.got else 'fails to grab'} {event.item}"
        case BlowPrepared():
            return f"{name(event.creature)} prepares a great blow with {event.weapon} (x{event.count})"
        case PreparationLost():
            return f"{name(event.creature)} loses the great blow prepared with {event.weapon} ({event.why})"
        case Maneuvered():
            how = " (rises)" if event.rose else ""
            how += " (stumbles" + (" and falls)" if event.fell else ")") if event.stumbled else ""
            col, row = offset(event.to)
            return (f"{name(event.creature)} maneuvers ({event.maneuver}) on {name(event.other)}: range "
                    f"{event.range_before} -> {event.range_after}, to ({col}, {row}){how}")
        case AttackMade():
            extra = f", {event.preparations} prepared" if event.preparations else ""
            extra += f", {event.surprise} surprise" if event.surprise != "none" else ""
            return (f"{name(event.attacker)} attacks {name(event.target)} with {event.weapon} ({event.mode}, range "
                    f"{event.range}{extra})")
        case ParryMade():
            return f"{name(event.parrier)} parries {name(event.attacker)}'s attack with {event.weapon} ({event.modifier:+d})"
        case AttackResolved():
            roll = f"{'+'.join(map(str, event.faces))}" + (f" -> {event.total}" if event.total is not None else "")
            if event.en_damage or event.bd_damage or event.outcome in ("hit", "exactly", "two tens"):
                crit = " CRITICAL" if event.critical else ""
                return (f"{name(event.attacker)} hits {name(event.target)} (roll {roll} vs {event.required}, "
                        f"{event.outcome}){crit}: {event.en_damage} EN" + (f", {event.bd_damage} BD" if event.bd_damage else "")
                        + f" (EN {event.en_left}, BD {event.bd_left})")
            return f"{name(event.attacker)} misses {name(event.target)} (roll {roll} vs {event.required}, {event.outcome})"
        case ItemBroke():
            return f"{name(event.owner)}'s {event.item} breaks ({event.kind})"
        case GmCalled():
            rolled = f", rolled {event.roll}" if event.roll else ""
            return f"  GM call ({event.clause}{rolled}): {event.question}; default: {event.default}"
        case FellUnconscious():
            return f"{name(event.creature)} falls unconscious"
        case FightEnded():
            return f"Fight over: {event.winner} win" if event.winner else "Fight over: nobody is left standing"
    return repr(event)
