"""Seed 004's sheets from content files: TOML under ``assets/content/seed004/``, validated at load.

>>> sheets = load_sheets()                  # every assets/content/seed004/*.toml
>>> sheets["oswin_hale"].phase_cap
8

A file starts with ``ruleset = "seed004"`` and holds characters, ``[creatures.<id>]``, each with its weapons,
``[creatures.<id>.weapons.<weapon_id>]``, and at most one ``[creatures.<id>.armour]`` and one
``[creatures.<id>.shield]`` (the format is in the README's "Seed 004"). Distances (reach, range, move) are
inches, one cell each. Every problem of every file is reported together, each as one line naming the file,
the entry and the field, never a traceback. Files, characters per file, weapons per character and errors are
capped.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

from game.content_files import CONTENT_DIR as ALL_CONTENT, FileReport, parse_choice, text_field
from game.errors import has_controls, quoted
from game.rulesets.edits import DiceError, parse_dice
from game.rulesets.seed004.sheets import (AC_RANGE, MAX_RANGE, Armour, DamageDice, EnDie, Hands, Missile, Sheet,
                                          Shield, Weapon)
from game.rulesets.sheet_files import SheetBook, load_sheet_files, read_creatures, read_parts

RULESET = "seed004"
CONTENT_DIR = ALL_CONTENT / RULESET
"""Where seed 004's shipped sheets live."""

MAX_FILES = 200
"""Content files read from one folder."""
MAX_CREATURES = 500
"""Characters in one file."""
MAX_WEAPONS = 12
"""Weapons of one character."""
MAX_ERRORS = 20
"""Schema errors reported for one character, weapon, armour or shield."""
MAX_PROBLEMS = 200
"""Problems reported at most (the rest are counted)."""
MAX_DICE = 10
"""Dice in one damage roll."""
MAX_MISSILE_RANGE = 60
"""The farthest a thrown or missile weapon reaches, in cells."""


# -- the schema ---------------------------------------------------------------------------------------


def _one_line(text: str) -> str:
    if has_controls(text):
        raise ValueError(f"{quoted(text)}: a name is one line of printable text")
    return text


def parse_damage(text: str) -> DamageDice:
    """``"1d8"``, ``"2d6+1"``, ``"1d4-1"``: a weapon's damage roll [43], one kind of die and a number."""
    form = "write damage as dice and a number, like 1d8 or 2d6+1"
    try:
        terms = parse_dice(text)
    except DiceError as error:
        raise ValueError(f"{quoted(text)}: {error}") from None
    dice = [t for t in terms if t.sides]
    numbers = [t for t in terms if not t.sides]
    if len(dice) != 1 or dice[0].sign < 0 or len(numbers) > 1 or terms[0] is not dice[0]:
        raise ValueError(f"{quoted(text)}: {form}")
    die = dice[0]
    bonus = numbers[0].sign * numbers[0].count if numbers else 0
    if die.count > MAX_DICE or die.sides > 100 or not -10 <= bonus <= 20:
        raise ValueError(f"{quoted(text)}: at most {MAX_DICE} dice of up to 100 sides, a number from -10 to +20")
    return DamageDice(die.count, die.sides, bonus)


Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=80), AfterValidator(_one_line)]
Description = Annotated[str, StringConstraints(strip_whitespace=True, max_length=2000)]
Attribute = Annotated[int, Field(ge=1, le=30)]
"""DX and ST (3-18 for people; beasts may go past)."""
BlowCount = Annotated[int, Field(ge=0, le=6)]
Modifier = Annotated[int, Field(ge=-10, le=10)]
Breakage = Annotated[int, Field(ge=0, le=100)]
DamageText = Annotated[DamageDice, text_field(parse_damage)]
EnDieText = Annotated[EnDie, text_field(lambda t: parse_choice(t, EnDie, "an EN die"))]
MissileText = Annotated[Missile, text_field(lambda t: parse_choice(t, Missile, "a kind of missile"))]
HandsText = Annotated[Hands, text_field(lambda t: parse_choice(t, Hands, "a way to hold a weapon"))]


class Entry(BaseModel):
    """Strict (no text for numbers), closed (a misspelt key is an error), frozen."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class WeaponEntry(Entry):
    name: Name
    damage: DamageText
    to_hit: Annotated[int, Field(ge=2, le=60)]
    """The number the hit roll must exceed [40]."""
    breakage: Breakage
    reach: Annotated[int, Field(ge=0, le=MAX_RANGE)] | None = None
    """1..6; 1 unless given, 0 for a bow or other launcher unless given."""
    missile: MissileText | None = None
    range: Annotated[int, Field(ge=1, le=MAX_MISSILE_RANGE)] | None = None
    heavy: bool = False
    thrusting: bool = False
    flexible: bool = False
    hands: HandsText = Hands.ONE
    parry: Annotated[int, Field(ge=-10, le=0)] | None = None
    """Added to the first AC modifier when it parries; -2 for a melee weapon unless given; 0: it cannot."""
    natural: bool = False
    drawn: bool = True
    description: Description = ""


class ArmourEntry(Entry):
    name: Name
    ac: Annotated[int, Field(ge=-10, le=0)] = 0
    first: Annotated[int, Field(ge=-10, le=0)] = 0
    second: Annotated[int, Field(ge=0, le=10)] = 0
    enc: Annotated[int, Field(ge=0, le=100)] = 0
    wt: Annotated[int, Field(ge=0, le=100)] = 0
    description: Description = ""


class ShieldEntry(Entry):
    name: Name
    first: Annotated[int, Field(ge=-10, le=-1)]
    breakage: Breakage
    description: Description = ""


class CreatureEntry(Entry):
    name: Name
    el: Annotated[int, Field(ge=1, le=30)]
    en_die: EnDieText
    en: Annotated[int, Field(ge=1, le=500)]
    bd: Annotated[int, Field(ge=1, le=200)]
    dx: Attribute
    st: Attribute
    active_blows: BlowCount
    reactive_blows: BlowCount
    move: Annotated[int, Field(ge=0, le=40)]
    recovery: Annotated[int, Field(ge=0, le=100)] = 0
    ac: Annotated[int, Field(ge=AC_RANGE.start, le=AC_RANGE.stop - 1)] = 10
    first_modifier: Modifier = 0
    second_modifier: Modifier = 0
    inanimate: bool = False
    description: Description = ""
    weapons: dict[str, dict[str, Any]] = {}
    """Checked one by one as :class:`WeaponEntry`."""
    armour: ArmourEntry | None = None
    shield: ShieldEntry | None = None


# -- the loader ---------------------------------------------------------------------------------------


Sheets = SheetBook[Sheet]
"""Every seed 004 sheet loaded, by id."""


def load_sheets(paths: Iterable[str | Path] | None = None) -> Sheets:
    """Load seed 004's sheets (default: every ``*.toml`` in :data:`CONTENT_DIR`); a path may be a file or a
    folder (its ``*.toml`` files in name order, at most :data:`MAX_FILES`). Raises ``ContentError`` for one
    problem, ``ContentProblems`` for several."""
    return load_sheet_files([CONTENT_DIR] if paths is None else paths, "seed 004", _read_file,
                            max_files=MAX_FILES, max_problems=MAX_PROBLEMS)


def _read_file(path: Path, out: FileReport) -> list[Sheet]:
    def creature(creature_id: str, value: dict[str, Any], entry: str) -> Sheet | None:
        before = len(out.problems)
        creature = out.validate(CreatureEntry, value, entry, max_errors=MAX_ERRORS)
        weapons = read_parts(value.get("weapons"), out, entry, "weapons", WeaponEntry, MAX_WEAPONS, MAX_ERRORS)
        if creature is not None:
            for field_path, detail in _creature_problems(creature, weapons):
                out.problem(detail, entry, field_path)
        if creature is None or len(out.problems) != before:
            return None
        return _sheet(creature_id, creature, weapons)

    return read_creatures(path, out, RULESET, "seed 004", MAX_CREATURES, creature)


# -- checks across a character's fields ---------------------------------------------------------------


def _creature_problems(creature: CreatureEntry, weapons: Mapping[str, WeaponEntry]) -> Iterator[tuple[str, str]]:
    if not creature.inanimate:
        if not creature.weapons:
            yield "weapons", "a character has at least one weapon: [creatures.<id>.weapons.<weapon_id>]"
        if creature.active_blows + creature.reactive_blows == 0:
            yield "active_blows", "a character has at least one active or reactive blow a round [15]"
    if creature.armour is not None and creature.ac + creature.armour.ac not in AC_RANGE:
        yield "armour.ac", (f"AC {creature.ac} with armour {creature.armour.ac:+d} is {creature.ac + creature.armour.ac}"
                            f"; an AC runs from {AC_RANGE.start} to {AC_RANGE.stop - 1}")
    for weapon_id, weapon in weapons.items():
        where = f"weapons.{weapon_id}"
        if weapon.missile is None:
            if weapon.range is not None:
                yield f"{where}.range", "only a weapon that flies has a range: missile = \"thrown\", \"bow\" or \"other\""
            if weapon.reach == 0:
                yield f"{where}.reach", "a weapon that does not fly reaches at least 1 (reach = 1..6)"
        else:
            if weapon.range is None:
                yield f"{where}.range", "a thrown or missile weapon has a range in cells (range = 6)"
            if weapon.natural:
                yield f"{where}.missile", "a natural weapon (teeth, claws) does not fly"
            if weapon.missile is Missile.BOW and weapon.flexible:
                yield f"{where}.flexible", "a bow is not a flexible weapon (a sling is: missile = \"other\")"
        if weapon.parry is not None and weapon.parry < 0 and _reach(weapon) == 0:
            yield f"{where}.parry", "only a weapon that reaches (reach 1..6) parries"
        if weapon.natural and not weapon.drawn:
            yield f"{where}.drawn", "a natural weapon is never sheathed"
        if weapon.natural and weapon.hands is not Hands.ONE:
            yield f"{where}.hands", "a natural weapon is held in no hands: leave hands out"


def _reach(w: WeaponEntry) -> int:
    if w.reach is not None:
        return w.reach
    return 0 if w.missile in (Missile.BOW, Missile.OTHER) else 1


def _sheet(sheet_id: str, entry: CreatureEntry, weapons: Mapping[str, WeaponEntry]) -> Sheet:
    armour = entry.armour
    shield = entry.shield
    return Sheet(
        id=sheet_id, name=entry.name, el=entry.el, en_die=entry.en_die, en=entry.en, bd=entry.bd, dx=entry.dx,
        st=entry.st, active_blows=entry.active_blows, reactive_blows=entry.reactive_blows, move=entry.move,
        recovery=entry.recovery, ac=entry.ac, first_modifier=entry.first_modifier,
        second_modifier=entry.second_modifier, weapons=tuple(_weapon(wid, w) for wid, w in weapons.items()),
        armour=None if armour is None else Armour(armour.name, armour.ac, armour.first, armour.second, armour.enc,
                                                  armour.wt),
        shield=None if shield is None else Shield(shield.name, shield.first, shield.breakage),
        inanimate=entry.inanimate, description=entry.description)


def _weapon(weapon_id: str, w: WeaponEntry) -> Weapon:
    reach = _reach(w)
    parry = w.parry if w.parry is not None else (-2 if reach else 0)
    return Weapon(
        id=weapon_id, name=w.name, damage=w.damage, to_hit=w.to_hit, breakage=w.breakage, reach=reach,
        missile=w.missile, range=w.range or 0, heavy=w.heavy, thrusting=w.thrusting, flexible=w.flexible,
        hands=w.hands, parry=parry or None, natural=w.natural, drawn=w.drawn,
        description=w.description)
