"""The short text forms seed 003's content files use: damage, "Resist fire 12+", "recharge 11+", "vs PD",
dice, and named choices. Each parser returns a :mod:`game.rulesets.seed003.sheets` value or raises
``ValueError`` with one line that quotes the text and shows the expected form; the loader adds the place.
"""

from __future__ import annotations

import re

from game.content_files import normalize, parse_choice
from game.errors import quoted
from game.rulesets.seed003.sheets import Damage, DamageType, Defense, Dice, Resistance

MAX_DICE = 40
MAX_BONUS = 999
DIE_SIDES = (4, 6, 8, 10, 12, 20)
"""The dice a content file may name (the document's averages chart: d4 to d12 [39]; d20 for good measure)."""


def parse_dice(text: str) -> Dice:
    """``"2d8"``: recovery dice [211-215]."""
    match = re.fullmatch(r"(\d{1,2})\s*d\s*(\d{1,2})", text.strip().lower(), re.ASCII)
    if not match or not 1 <= int(match[1]) <= MAX_DICE or int(match[2]) not in DIE_SIDES:
        raise ValueError(f"{quoted(text)} is not dice like '2d8' (1 to {MAX_DICE} dice of "
                         f"{', '.join(f'd{s}' for s in DIE_SIDES)})")
    return Dice(int(match[1]), int(match[2]))


def parse_die(text: str) -> int:
    """``"d8"``: a stance's damage die [17]; returns its sides."""
    match = re.fullmatch(r"d\s*(\d{1,2})", text.strip().lower(), re.ASCII)
    if not match or int(match[1]) not in DIE_SIDES:
        raise ValueError(f"{quoted(text)} is not a die; use one of: {', '.join(f'd{s}' for s in DIE_SIDES)}")
    return int(match[1])


def parse_threshold(text: str, what: str) -> int:
    """``"11+"``: a roll to meet (Sustain, Escalation X+), 1 to 18."""
    match = re.fullmatch(r"(\d{1,2})\s*\+", text.strip(), re.ASCII)
    if not match or not 1 <= int(match[1]) <= 18:
        raise ValueError(f"{quoted(text)} is not {what} like '11+'")
    return int(match[1])


def parse_recharge(text: str) -> int:
    """``"recharge 11+"`` [133]: returns the roll (9+, 11+ or 13+ in the document; 2 to 18 here)."""
    match = re.fullmatch(r"recharge\s+(\d{1,2})\s*\+", normalize(text), re.ASCII)
    if not match or not 2 <= int(match[1]) <= 18:
        raise ValueError(f"{quoted(text)} is not a frequency; use at-will, encounter, daily or 'recharge 11+'")
    return int(match[1])


def parse_resistance(text: str) -> Resistance:
    """``"fire 12+"`` or ``"Resist fire 12+"`` [69]."""
    match = re.fullmatch(r"(?:resist\s+)?([a-z]+)\s+(\d{1,2})\s*\+", text.strip().lower(), re.ASCII)
    if not match:
        raise ValueError(f"{quoted(text)} is not a resistance like 'Resist fire 12+'")
    threshold = int(match[2])
    if not 2 <= threshold <= 18:
        raise ValueError(f"{quoted(text)}: the threshold runs from 2+ to 18+ (12 or less is low, 13-14 medium, "
                         f"15 heavy)")
    return Resistance(parse_choice(match[1], DamageType, "a damage type"), threshold)


def parse_defense(text: str) -> Defense:
    """``"vs PD"`` or ``"PD"``: the defense an attack is against [5]."""
    words = normalize(text).removeprefix("vs ").removeprefix("vs. ").strip()
    try:
        return Defense(words.upper())
    except ValueError:
        raise ValueError(f"{quoted(text)} is not a defense; use 'vs AC', 'vs PD' or 'vs MD'") from None


_DICE_TERM = re.compile(r"(\d{1,2})?d(x|\d{1,2})(\s+per\s+level)?", re.ASCII)
_DAMAGE_FORM = "'dX per level + volition' (X: the stance's die), '2d6 per level fire', '1d10 + 4' or 'level'"


def parse_damage(text: str) -> Damage:
    """Damage as terms joined by ``+``: at most one dice term (``d8``, ``2d6``, ``d8 per level``, ``dX per
    level`` with X the stance's die [17]), ``volition``, ``level``, a number; then the damage types, if any
    (``fire``, ``fire and cold``; none: weapon [63])."""
    words = normalize(text).split()
    types: list[DamageType] = []
    while words and (words[-1] in _TYPE_NAMES or (words[-1] == "and" and types)):
        word = words.pop()
        if word != "and":
            types.insert(0, DamageType(word))
    terms = [t.strip() for t in " ".join(words).split("+")]
    if not terms or any(not t for t in terms):
        raise ValueError(f"{quoted(text)} is not damage like {_DAMAGE_FORM}")
    dice: re.Match[str] | None = None
    volition = level = False
    flat = 0
    for term in terms[:8]:
        if (match := _DICE_TERM.fullmatch(term)) is not None:
            if dice is not None:
                raise ValueError(f"{quoted(text)}: one dice term at most")
            dice = match
        elif term == "volition" and not volition:
            volition = True
        elif term == "level" and not level:
            level = True
        elif term.isdigit() and len(term) <= 3 and not flat:
            flat = int(term)
        else:
            raise ValueError(f"{quoted(text)}: {quoted(term)} is not part of damage like {_DAMAGE_FORM}")
    if len(terms) > 8:
        raise ValueError(f"{quoted(text)}: too many terms")
    if len(set(types)) != len(types):
        raise ValueError(f"{quoted(text)}: a damage type is named twice")
    out = Damage(volition=volition, flat=flat, level=level, types=tuple(types) or (DamageType.WEAPON,))
    if dice is None:
        return out
    count = int(dice[1] or 1)
    stance = dice[2] == "x"
    sides = 0 if stance else int(dice[2])
    if not 1 <= count <= MAX_DICE or (not stance and sides not in DIE_SIDES):
        raise ValueError(f"{quoted(text)}: 1 to {MAX_DICE} dice of {', '.join(f'd{s}' for s in DIE_SIDES)} or dX")
    per_level = bool(dice[3])
    if stance and not per_level:
        raise ValueError(f"{quoted(text)}: the stance's die is rolled per level, as in 'dX per level + volition'")
    return Damage(per_level=count if per_level else 0, fixed_dice=0 if per_level else count, sides=sides,
                  stance_die=stance, volition=volition, flat=flat, level=level, types=out.types)


_TYPE_NAMES = frozenset(t.value for t in DamageType)
