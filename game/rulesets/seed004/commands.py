"""Seed 004's commands (the options of 1.2 [23-34]) and the fight's steps (numbers in brackets are seed 004's
lines).

An option is what the character with the initiative chooses [16, 23]; it is the command the table applies when
one character holds the initiative, and the answer (by its :func:`key`) to a declaration when several do [21].
:func:`key` and :func:`parse` turn one into the other: ``pass``, ``pass:alert``, ``pass:unalert``,
``pass:fall``, ``pass:drop=<weapon>`` (flags joined by ``:``), ``draw:<weapon>``, ``grab:<item>``,
``prepare:<weapon>[:one|two]``, ``maneuver:<close|open|step-close|step-open|change-range>:<other>[:<range>]``,
``attack:<target>:<weapon>`` (``:active``: a heavy weapon's second blow active).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from game.rulesets.seed004.blows import Blow
from game.rulesets.seed004.maneuvers import Maneuver
from game.rulesets.seed004.sheets import Hands

MAX_KEY = 200
"""The longest option key read."""


@dataclass(frozen=True, slots=True)
class PassOption:
    """1.2.1 [24]: drop items in hand, fall to the ground, become alert; no blow. Ours: a pass may also become
    unalert (ignoring attacks takes no effort), which a missile needs [34]."""

    creature: str
    drop: tuple[str, ...] = ()
    fall: bool = False
    alert: bool | None = None
    """True: become alert; False: become unalert (ours); None: unchanged."""


@dataclass(frozen=True, slots=True)
class DrawWeapon:
    """1.2.2 [25]: a blow (active for a heavy weapon) to wield a sheathed weapon."""

    creature: str
    weapon: str


@dataclass(frozen=True, slots=True)
class GrabObject:
    """1.2.3 [26]: an active blow to take an item within reach; a D20 DX check if alert."""

    creature: str
    item: str
    """The item's key on the map (:attr:`Lying.key`)."""


@dataclass(frozen=True, slots=True)
class PrepareBlow:
    """1.2.4 [27]: an active blow; the weapon and its mode of use."""

    creature: str
    weapon: str
    mode: Hands | None = None


@dataclass(frozen=True, slots=True)
class ManeuverOption:
    """1.2.3 [28-33]: a blow, only alert; the range to one other character."""

    creature: str
    maneuver: Maneuver
    other: str
    new_range: int | None = None


@dataclass(frozen=True, slots=True)
class AttackOption:
    """1.2.5 [34]: an active blow (and a second for a heavy weapon); melee only alert, missiles only unalert."""

    creature: str
    target: str
    weapon: str
    second: Blow = Blow.REACTIVE
    """A heavy weapon's second blow."""


Command = Union[PassOption, DrawWeapon, GrabObject, PrepareBlow, ManeuverOption, AttackOption]
OPTIONS = (PassOption, DrawWeapon, GrabObject, PrepareBlow, ManeuverOption, AttackOption)


def key(option: Command) -> str:
    """The option as a decision's option key (see the module)."""
    match option:
        case PassOption():
            flags = [f"drop={w}" for w in option.drop]
            if option.fall:
                flags.append("fall")
            if option.alert is not None:
                flags.append("alert" if option.alert else "unalert")
            return ":".join(["pass", *flags])
        case DrawWeapon():
            return f"draw:{option.weapon}"
        case GrabObject():
            return f"grab:{option.item}"
        case PrepareBlow():
            return f"prepare:{option.weapon}" + (f":{option.mode.value}" if option.mode is not None else "")
        case ManeuverOption():
            out = f"maneuver:{option.maneuver.value.replace(' ', '-')}:{option.other}"
            return out + (f":{option.new_range}" if option.new_range is not None else "")
        case AttackOption():
            return f"attack:{option.target}:{option.weapon}" + (":active" if option.second is Blow.ACTIVE else "")


def parse(creature: str, text: str) -> Command:
    """:func:`key` read back for ``creature``; raises ``ValueError`` with one line saying what is wrong."""
    if len(text) > MAX_KEY:
        raise ValueError(f"an option key is at most {MAX_KEY} characters")
    head, *rest = text.split(":")
    if head == "pass":
        drop = tuple(f[5:] for f in rest if f.startswith("drop="))
        unknown = [f for f in rest if not f.startswith("drop=") and f not in ("fall", "alert", "unalert")]
        if unknown:
            raise ValueError(f"unknown pass flag {unknown[0]!r} (drop=<weapon>, fall, alert, unalert)")
        alert = True if "alert" in rest else (False if "unalert" in rest else None)
        return PassOption(creature, drop, "fall" in rest, alert)
    if head == "draw" and len(rest) == 1:
        return DrawWeapon(creature, rest[0])
    if head == "grab" and len(rest) == 1:
        return GrabObject(creature, rest[0])
    if head == "prepare" and len(rest) in (1, 2):
        modes = {"one": Hands.ONE, "two": Hands.TWO}
        if len(rest) == 2 and rest[1] not in modes:
            raise ValueError(f"a mode of use is 'one' or 'two', not {rest[1]!r}")
        return PrepareBlow(creature, rest[0], modes[rest[1]] if len(rest) == 2 else None)
    if head == "maneuver" and len(rest) in (2, 3):
        kinds = {m.value.replace(" ", "-"): m for m in Maneuver}
        if rest[0] not in kinds:
            raise ValueError(f"unknown maneuver {rest[0]!r} ({', '.join(kinds)})")
        if len(rest) == 3 and not rest[2].isdigit():
            raise ValueError(f"a range is a whole number, not {rest[2]!r}")
        return ManeuverOption(creature, kinds[rest[0]], rest[1], int(rest[2]) if len(rest) == 3 else None)
    if head == "attack" and len(rest) in (2, 3):
        if len(rest) == 3 and rest[2] != "active":
            raise ValueError(f"an attack's third part is 'active', not {rest[2]!r}")
        return AttackOption(creature, rest[0], rest[1], Blow.ACTIVE if len(rest) == 3 else Blow.REACTIVE)
    raise ValueError(f"not an option: {text!r}")


# -- steps ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NextSegment:
    """1.1 [19-21]: determine the initiative (or end the combat phase)."""

    action: int
    creature: str = ""


@dataclass(frozen=True, slots=True)
class Declare:
    """1.1.3 [21]: the tied characters declare their options secretly and simultaneously (one secret group)."""

    action: int
    holders: tuple[str, ...]
    creature: str = ""


@dataclass(frozen=True, slots=True)
class TakeOption:
    """An option carried out: its blows spent (unless ``paid``: a simultaneous declaration's were spent when
    revealed) and its effect."""

    action: int
    creature: str
    option: Command
    paid: bool = False
    borrowed: bool = False
    """An attack out of the combat phase with blows borrowed from the next round [51, 56]."""


@dataclass(frozen=True, slots=True)
class Parries:
    """1.2.5 [34]: every possible parrier is asked (one group, each its own player's decision)."""

    action: int
    creature: str
    """The attacker."""


@dataclass(frozen=True, slots=True)
class Strike:
    """1.2.5.1-1.2.5.3 [36-43]: the hit procedure, with the parries made."""

    action: int
    creature: str


@dataclass(frozen=True, slots=True)
class BeginPhase:
    """The noncombat or the movement phase begins [10-13]: extensions add its steps."""

    action: int
    phase: str
    creature: str = ""


@dataclass(frozen=True, slots=True)
class EndPhase:
    """The noncombat or the movement phase is over; after the movement phase a new round begins."""

    action: int
    phase: str
    creature: str = ""


Step = Union[NextSegment, Declare, TakeOption, Parries, Strike, BeginPhase, EndPhase]
