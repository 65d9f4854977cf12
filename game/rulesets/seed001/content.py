"""Seed 001's sheets from content files: TOML under ``assets/content/seed001/``, validated at load.

>>> sheets = load_sheets()                  # every assets/content/seed001/*.toml
>>> sheets["hollin_pikeman"].polearm_style
True

A file starts with ``ruleset = "seed001"`` and holds creatures, ``[creatures.<id>]``, each with its weapons,
``[creatures.<id>.weapons.<weapon_id>]``, and a monster's moves, ``[creatures.<id>.moves.<move_id>]`` (the
format is in the README's "Seed 001"). Movement, reach, range and impalement range are written in feet
(multiples of 5) and kept in hexes (movement is kept in feet too: the stand-up penalty is in feet [33]).
Every problem of every file is reported together, each as one line naming the file, the entry and the field,
never a traceback. Files, creatures per file, weapons and moves per creature and errors are capped.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

from game.content_files import CONTENT_DIR as ALL_CONTENT, FileReport, parse_choice, suggestion, text_field
from game.errors import ContentError, has_controls, quoted
from game.rulesets.seed001.pools import MAX_POOL
from game.rulesets.seed001.sheets import (HEX_FEET, IMPALEMENT_HEXES, SPECIAL_IMPALEMENT_HEXES, SPECIES_FEET,
                                          Delivery, Hand, MountKind, Move, MoveStyle, Sheet, Skill, Weapon, hexes)
from game.rulesets.sheet_files import SheetBook, load_sheet_files, read_creatures, read_parts

RULESET = "seed001"
CONTENT_DIR = ALL_CONTENT / RULESET
"""Where seed 001's shipped sheets live."""

MAX_FILES = 200
"""Content files read from one folder."""
MAX_CREATURES = 500
"""Creatures in one file."""
MAX_WEAPONS = 12
"""Weapons of one creature."""
MAX_MOVES = 12
"""Moves of one creature."""
MAX_ERRORS = 20
"""Schema errors reported for one creature, weapon or move."""
MAX_PROBLEMS = 200
"""Problems reported at most (the rest are counted)."""


# -- the schema ---------------------------------------------------------------------------------------


def _one_line(text: str) -> str:
    if has_controls(text):
        raise ValueError(f"{quoted(text)}: a name is one line of printable text")
    return text


def _whole_hexes(feet: int) -> int:
    if feet % HEX_FEET:
        raise ValueError(f"{feet} feet is not whole hexes: write a multiple of {HEX_FEET}")
    return feet


Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=80), AfterValidator(_one_line)]
Description = Annotated[str, StringConstraints(strip_whitespace=True, max_length=2000)]
Modifier = Annotated[int, Field(ge=-5, le=10)]
Feet = Annotated[int, Field(ge=0, le=1000), AfterValidator(_whole_hexes)]
"""Feet, checked to be whole hexes; kept in feet here and turned into hexes when the sheet is made."""
Pool = Annotated[int, Field(ge=1, le=MAX_POOL)]
Weight = Annotated[int, Field(ge=0, le=10)]
Rank = Annotated[int, Field(ge=0, le=10)]
DeliveryText = Annotated[Delivery, text_field(lambda t: parse_choice(t, Delivery, "a delivery (melee or missile)"))]
HandText = Annotated[Hand, text_field(lambda t: parse_choice(t, Hand, "a hand"))]
StyleText = Annotated[MoveStyle, text_field(lambda t: parse_choice(t, MoveStyle, "a move style"))]
MountText = Annotated[MountKind, text_field(lambda t: parse_choice(t, MountKind, "a mount kind"))]


class Entry(BaseModel):
    """Strict (no text for numbers), closed (a misspelt key is an error), frozen."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class WeaponEntry(Entry):
    name: Name
    weight: Weight
    delivery: DeliveryText = Delivery.MELEE
    reach: Feet | None = None
    """Feet, melee weapons (5 unless given)."""
    range: Feet | None = None
    """Feet, missile weapons (required)."""
    hand: HandText = Hand.PRIMARY
    piercing: bool = False
    polearm: bool = False
    heavy: bool = False
    impales: bool = False
    impalement_range: Feet | None = None
    """Feet: 10, or 15 for special weaponry [23] (10 unless given); polearms only."""
    savage: bool = False
    drags: bool = False
    """Ours: with 2+ successes it drags a target on foot down prone (a savage attack only)."""
    description: Description = ""


class MoveEntry(Entry):
    name: Name
    style: StyleText
    pool: Pool
    weight: Weight
    range: Feet = HEX_FEET
    provokes: bool | None = None
    """Unless given: a plain move provokes, the document's special styles do not [15]."""
    description: Description = ""


class SkillsEntry(Entry):
    dodge: Rank | None = None
    rebuff: Rank | None = None
    deflect_missiles: Rank | None = None
    polearm_style: bool = False
    forte: list[Annotated[str, StringConstraints(min_length=1, max_length=80)]] = Field(default=[], max_length=12)
    """Weapon ids of this creature it has weapon forte in [24]."""


class CreatureEntry(Entry):
    name: Name
    species: Annotated[str, StringConstraints(min_length=1, max_length=40)] | None = None
    standard_movement: Feet | None = None
    """Feet: a creature without a species writes it (a species' standard is fixed [33])."""
    movement: Feet | None = None
    """Feet: its own movement, if above its standard (magic, skills [33])."""
    body: Annotated[int, Field(ge=1, le=200)]
    endurance: Annotated[int, Field(ge=0, le=200)]
    guard: Annotated[int, Field(ge=1, le=21)]
    pool: Pool
    strength: Modifier = 0
    agility: Modifier = 0
    skills: SkillsEntry = SkillsEntry()
    mount: MountText | None = None
    rides: Annotated[str, StringConstraints(min_length=1, max_length=80)] | None = None
    description: Description = ""
    weapons: dict[str, dict[str, Any]] = {}
    """Checked one by one as :class:`WeaponEntry`."""
    moves: dict[str, dict[str, Any]] = {}
    """Checked one by one as :class:`MoveEntry`."""


# -- the loader ---------------------------------------------------------------------------------------


Sheets = SheetBook[Sheet]
"""Every seed 001 sheet loaded, by id."""


def load_sheets(paths: Iterable[str | Path] | None = None) -> Sheets:
    """Load seed 001's sheets (default: every ``*.toml`` in :data:`CONTENT_DIR`); a path may be a file or a
    folder (its ``*.toml`` files in name order, at most :data:`MAX_FILES`). A rider's mount (``rides``) must
    be a mount among the sheets loaded. Raises :class:`ContentError` for one problem,
    :class:`ContentProblems` for several."""
    book = load_sheet_files([CONTENT_DIR] if paths is None else paths, "seed 001", _read_file,
                            max_files=MAX_FILES, max_problems=MAX_PROBLEMS)
    for sheet_id, sheet in book.items():
        if sheet.rides is None:
            continue
        mount = book.get(sheet.rides)
        where = f"creature '{sheet_id}'"
        if mount is None:
            raise ContentError(book.source(sheet_id), f"{where}, rides: no creature '{sheet.rides}' is loaded"
                                                      f"{suggestion(sheet.rides, book)}")
        if mount.mount is None:
            raise ContentError(book.source(sheet_id), f"{where}, rides: '{sheet.rides}' is not a mount "
                                                      f"(its sheet has no mount = \"ground\")")
    return book


def _read_file(path: Path, out: FileReport) -> list[Sheet]:
    def creature(creature_id: str, value: dict[str, Any], entry: str) -> Sheet | None:
        before = len(out.problems)
        creature = out.validate(CreatureEntry, value, entry, max_errors=MAX_ERRORS)
        weapons = read_parts(value.get("weapons"), out, entry, "weapons", WeaponEntry, MAX_WEAPONS, MAX_ERRORS)
        moves = read_parts(value.get("moves"), out, entry, "moves", MoveEntry, MAX_MOVES, MAX_ERRORS)
        if creature is not None:
            for field_path, detail in _creature_problems(creature, weapons):
                out.problem(detail, entry, field_path)
        if creature is None or len(out.problems) != before:
            return None
        return _sheet(creature_id, creature, weapons, moves)

    return read_creatures(path, out, RULESET, "seed 001", MAX_CREATURES, creature)


# -- checks across a creature's fields ----------------------------------------------------------------


def _creature_problems(creature: CreatureEntry, weapons: Mapping[str, WeaponEntry]) -> Iterator[tuple[str, str]]:
    if not creature.weapons and not creature.moves:
        yield "weapons", "a creature has at least one weapon or move: [creatures.<id>.weapons.<weapon_id>]"
    if creature.species is not None:
        if creature.species not in SPECIES_FEET:
            yield "species", (f"unknown species {quoted(creature.species)}{suggestion(creature.species, SPECIES_FEET)}"
                              f"; one of {', '.join(SPECIES_FEET)}, or none and standard_movement = 40")
        elif creature.standard_movement is not None:
            yield "standard_movement", (f"a {creature.species}'s standard movement is "
                                        f"{SPECIES_FEET[creature.species]} feet [33]: leave it out")
    elif creature.standard_movement is None:
        yield "standard_movement", "a creature without a species writes its standard movement (40 feet)"
    standard = creature.standard_movement or SPECIES_FEET.get(creature.species or "", 0)
    if creature.movement is not None and creature.movement < standard:
        yield "movement", f"{creature.movement} feet is below its standard {standard}: leave it out"
    for weapon_id in creature.skills.forte:
        if weapon_id not in creature.weapons:
            yield "skills.forte", f"weapon forte in '{weapon_id}', which it has not{suggestion(weapon_id, weapons)}"
    if creature.rides is not None and creature.mount is not None:
        yield "rides", "a mount rides nothing"
    for weapon_id, weapon in weapons.items():
        where = f"weapons.{weapon_id}"
        if weapon.delivery is Delivery.MELEE:
            if weapon.range is not None:
                yield f"{where}.range", "a melee weapon reaches (reach = 5), it has no range"
            if weapon.reach == 0:
                yield f"{where}.reach", "a melee weapon reaches at least 5 feet (the adjacent hexes)"
        else:
            if weapon.reach is not None:
                yield f"{where}.reach", "a missile weapon has a range (range = 60), not a reach"
            if weapon.range is None or weapon.range < 2 * HEX_FEET:
                yield f"{where}.range", "a missile weapon shoots past the adjacent hex: range = 10 feet or more"
            if weapon.polearm or weapon.savage:
                yield f"{where}.delivery", "a polearm or savage attack is a melee weapon"
        if weapon.impalement_range is not None:
            if not weapon.polearm:
                yield f"{where}.impalement_range", "only a polearm impales [20]"
            elif hexes(weapon.impalement_range) not in (IMPALEMENT_HEXES, SPECIAL_IMPALEMENT_HEXES):
                yield f"{where}.impalement_range", ("an impalement strikes ten feet away, or fifteen with special "
                                                    "weaponry [23]: write 10 or 15")
        if weapon.impales and not weapon.polearm:
            yield f"{where}.impales", "only a polearm impales [20]"
        if weapon.savage and weapon.hand is Hand.OFF:
            yield f"{where}.hand", "a savage attack is held in no hand"
        if weapon.drags and not weapon.savage:
            yield f"{where}.drags", "only a savage attack drags a foe down (savage = true)"


def _sheet(sheet_id: str, entry: CreatureEntry, weapons: Mapping[str, WeaponEntry],
           moves: Mapping[str, MoveEntry]) -> Sheet:
    standard = entry.standard_movement if entry.species is None else SPECIES_FEET[entry.species]
    assert standard is not None
    s = entry.skills
    ranks = {Skill.DODGE: s.dodge, Skill.REBUFF: s.rebuff, Skill.DEFLECT_MISSILES: s.deflect_missiles}
    return Sheet(
        id=sheet_id, name=entry.name, body=entry.body, endurance=entry.endurance, guard=entry.guard,
        pool=entry.pool, standard_feet=standard, movement_feet=entry.movement or standard,
        weapons=tuple(_weapon(wid, w) for wid, w in weapons.items()), species=entry.species,
        strength=entry.strength, agility=entry.agility,
        skills=MappingProxyType({k: v for k, v in ranks.items() if v is not None}),
        polearm_style=s.polearm_style, forte=tuple(s.forte),
        moves=tuple(_move(mid, m) for mid, m in moves.items()), mount=entry.mount, rides=entry.rides,
        description=entry.description)


def _weapon(weapon_id: str, w: WeaponEntry) -> Weapon:
    melee = w.delivery is Delivery.MELEE
    return Weapon(
        id=weapon_id, name=w.name, weight=w.weight, delivery=w.delivery,
        reach=hexes(w.reach if w.reach is not None else HEX_FEET) if melee else 0,
        range=0 if melee else hexes(w.range or 0), hand=w.hand, piercing=w.piercing, polearm=w.polearm,
        heavy=w.heavy, impales=w.impales,
        impalement_range=hexes(w.impalement_range) if w.impalement_range is not None else IMPALEMENT_HEXES,
        savage=w.savage, drags=w.drags, description=w.description)


def _move(move_id: str, m: MoveEntry) -> Move:
    provokes = m.provokes if m.provokes is not None else m.style is MoveStyle.PLAIN
    return Move(id=move_id, name=m.name, style=m.style, pool=m.pool, weight=m.weight, range=hexes(m.range),
                provokes=provokes, description=m.description)
