"""The short text forms content files use: damage, reach, attack, and named choices.

Each parser takes the text a game master wrote and returns a ``game.rulesets.seed000.model``
value, or raises ``ValueError`` with a one-line message that quotes the text and
shows the expected form. They know nothing about files; the loader adds the place.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import TypeVar

from game.errors import quoted
from game.content_files import suggestion
from game.rulesets.seed000.model import Attack, DamageRoll, Defense, Reach, RangeKind

DAMAGE_TYPES = frozenset({
    "acid", "cold", "fire", "force", "lightning", "necrotic", "poison", "psychic", "radiant", "thunder",
})
"""The damage types a content file may name (empty = untyped damage)."""

MAX_DICE = 40
MAX_SIDES = 100
MAX_BONUS = 999
MAX_DISTANCE = 50
"""Largest reach, range or area size, in cells."""

_DAMAGE = re.compile(
    r"(?:(?P<count>\d{1,3})\s*d\s*(?P<sides>\d{1,3})(?:\s*(?P<sign>[+-])\s*(?P<bonus>\d{1,4}))?"
    r"|(?P<flat>\d{1,4}))"
    r"(?:\s+(?P<kind>[a-z]+))?",
    re.ASCII,
)
_ATTACK = re.compile(r"(?P<bonus>[+-]?\s*\d{1,3})\s+vs\.?\s+(?P<defense>[a-z]+(?: [a-z]+)?)", re.ASCII)
_REACH = re.compile(
    r"(?P<kind>melee|ranged|close burst|close blast|area burst|personal)"
    r"(?:\s+(?P<size>\d{1,3}))?(?:\s+within\s+(?P<within>\d{1,3}))?",
    re.ASCII,
)

_DEFENSES = {
    "ac": Defense.AC, "armor class": Defense.AC,
    "fortitude": Defense.FORTITUDE, "fort": Defense.FORTITUDE,
    "reflex": Defense.REFLEX, "ref": Defense.REFLEX,
    "will": Defense.WILL,
}

E = TypeVar("E", bound=Enum)


def parse_damage(text: str) -> DamageRoll:
    """``"1d8+3 fire"``, ``"2d6"``, ``"1d10-1 cold"``, or a fixed amount ``"4"`` / ``"5 necrotic"``."""
    match = _DAMAGE.fullmatch(" ".join(text.lower().split()))
    if not match:
        raise ValueError(f"{quoted(text)} is not damage like '1d8+3 fire', '2d6' or '4'")
    kind = match["kind"] or ""
    if kind and kind not in DAMAGE_TYPES:
        raise ValueError(f"{quoted(text)}: {quoted(kind)} is not a damage type{suggestion(kind, DAMAGE_TYPES)}; "
                         f"use one of: {', '.join(sorted(DAMAGE_TYPES))}")
    if match["flat"] is not None:
        return DamageRoll(0, 0, _capped(int(match["flat"]), MAX_BONUS, text, "the amount"), kind)
    count = int(match["count"])
    sides = int(match["sides"])
    if not 1 <= count <= MAX_DICE:
        raise ValueError(f"{quoted(text)}: roll between 1 and {MAX_DICE} dice")
    if not 2 <= sides <= MAX_SIDES:
        raise ValueError(f"{quoted(text)}: a die has between 2 and {MAX_SIDES} sides")
    bonus = _capped(int(match["bonus"] or 0), MAX_BONUS, text, "the bonus")
    return DamageRoll(count, sides, -bonus if match["sign"] == "-" else bonus, kind)


def parse_attack(text: str) -> Attack:
    """``"+6 vs AC"``; the defense is AC, Fortitude (Fort), Reflex (Ref) or Will."""
    match = _ATTACK.fullmatch(" ".join(text.lower().split()))
    if not match:
        raise ValueError(f"{quoted(text)} is not an attack like '+5 vs AC' or '+4 vs Will'")
    defense = _DEFENSES.get(match["defense"])
    if defense is None:
        raise ValueError(f"{quoted(text)}: {quoted(match['defense'])} is not a defense; "
                         "use AC, Fortitude, Reflex or Will")
    return Attack(int(match["bonus"].replace(" ", "")), defense)


def parse_reach(text: str) -> Reach:
    """``"melee"``, ``"melee 2"``, ``"ranged 10"``, ``"close burst 1"``, ``"close blast 3"``,
    ``"area burst 1 within 10"``, ``"personal"``."""
    form = ("'melee 1', 'ranged 10', 'close burst 1', 'close blast 3', "
            "'area burst 1 within 10' or 'personal'")
    match = _REACH.fullmatch(" ".join(text.lower().split()))
    if not match:
        raise ValueError(f"{quoted(text)} is not a reach like {form}")
    kind = RangeKind(match["kind"])
    size = None if match["size"] is None else int(match["size"])
    within = None if match["within"] is None else int(match["within"])
    if within is not None and kind is not RangeKind.AREA_BURST:
        raise ValueError(f"{quoted(text)}: only an area burst takes 'within'")
    for value in (size, within):
        if value is not None and not 1 <= value <= MAX_DISTANCE:
            raise ValueError(f"{quoted(text)}: distances run from 1 to {MAX_DISTANCE}")
    match kind:
        case RangeKind.PERSONAL:
            if size is not None:
                raise ValueError(f"{quoted(text)}: 'personal' takes no number")
            return Reach(kind, reach=0)
        case RangeKind.MELEE:
            return Reach(kind, reach=1 if size is None else size)
        case RangeKind.RANGED:
            if size is None:
                raise ValueError(f"{quoted(text)}: say how far, as in 'ranged 10'")
            return Reach(kind, reach=0, range=size)
        case RangeKind.CLOSE_BURST | RangeKind.CLOSE_BLAST:
            if size is None:
                raise ValueError(f"{quoted(text)}: say how big, as in '{kind.value} 1'")
            return Reach(kind, reach=0, size=size)
        case RangeKind.AREA_BURST:
            if size is None or within is None:
                raise ValueError(f"{quoted(text)}: write an area burst as 'area burst 1 within 10'")
            return Reach(kind, reach=0, range=within, size=size)
    raise AssertionError(kind)  # pragma: no cover - every RangeKind is matched above


def _capped(value: int, cap: int, text: str, what: str) -> int:
    if value > cap:
        raise ValueError(f"{quoted(text)}: {what} is at most {cap}")
    return value
