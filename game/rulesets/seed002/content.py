"""Seed 002's sheets from content files: TOML under ``assets/content/seed002/``, validated at load.

>>> sheets = load_sheets()                  # every assets/content/seed002/*.toml
>>> sheets["wren_ashdown"].hero
True

A file starts with ``ruleset = "seed002"`` and holds creatures, ``[creatures.<id>]``, each with its attacks,
``[creatures.<id>.attacks.<attack_id>]`` (the format is in the README's "Seed 002"). Reach, range and area are
written in feet (multiples of 5) and kept in squares. Every problem of every file is reported together, each as
one line naming the file, the entry and the field (:class:`game.errors.ContentError`; several:
:class:`game.errors.ContentProblems`), never a traceback. Files, creatures per file, attacks per creature and
errors are capped.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

from game.content_files import CONTENT_DIR as ALL_CONTENT, FileReport, parse_choice, text_field
from game.errors import has_controls, quoted
from game.rulesets.sheet_files import SheetBook, load_sheet_files, read_creatures, read_parts
from game.rulesets.seed002.sheets import Attack, AttackKind, Sheet, StuntOption

RULESET = "seed002"
CONTENT_DIR = ALL_CONTENT / RULESET
"""Where seed 002's shipped sheets live."""

MAX_FILES = 200
"""Content files read from one folder."""
MAX_CREATURES = 500
"""Creatures in one file."""
MAX_ATTACKS = 12
"""Attacks of one creature."""
MAX_ERRORS = 20
"""Schema errors reported for one creature or attack."""
MAX_PROBLEMS = 200
"""Problems reported at most (the rest are counted)."""
SQUARE_FEET = 5


# -- the schema ---------------------------------------------------------------------------------------


def _one_line(text: str) -> str:
    if has_controls(text):
        raise ValueError(f"{quoted(text)}: a name is one line of printable text")
    return text


def _squares(feet: int) -> int:
    if feet % SQUARE_FEET:
        raise ValueError(f"{feet} feet is not whole squares: write a multiple of {SQUARE_FEET}")
    return feet // SQUARE_FEET


Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=80), AfterValidator(_one_line)]
Description = Annotated[str, StringConstraints(strip_whitespace=True, max_length=2000)]
Rank = Annotated[int, Field(ge=-5, le=30)]
Feet = Annotated[int, Field(ge=0, le=1000), AfterValidator(_squares)]
KindText = Annotated[AttackKind, text_field(lambda t: parse_choice(t, AttackKind, "an attack kind"))]
StuntText = Annotated[StuntOption, text_field(lambda t: parse_choice(t, StuntOption, "a stunt"))]


class Entry(BaseModel):
    """Strict (no text for numbers), closed (a misspelt key is an error), frozen."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class AttackEntry(Entry):
    name: Name
    kind: KindText
    bonus: Rank
    damage: Annotated[int, Field(ge=0, le=30)]
    armed: bool = True
    reach: Feet | None = None
    """Feet, close attacks (5 unless given); kept as squares."""
    range: Feet | None = None
    """Feet, ranged attacks (required); kept as squares."""
    two_handed: bool = False
    area: Feet = 0
    """An Area power's burst radius in feet; kept as squares."""
    stunt: StuntText | None = None
    description: Description = ""


class SkillsEntry(Entry):
    athletics: Rank = 0
    acrobatics: Rank = 0
    might: Rank = 0
    dexterity: Rank = 0
    endurance: Rank = 0
    intuition: Rank = 0
    insight: Rank = 0


class CreatureEntry(Entry):
    name: Name
    hero: bool = False
    destiny: Annotated[int, Field(ge=0, le=20)] = 0
    power_level: Annotated[int, Field(ge=0, le=20)]
    defense: Rank
    toughness: Rank
    fortitude: Rank
    reflex: Rank
    will: Rank
    initiative: Rank = 0
    speed: Annotated[int, Field(ge=-3, le=10)] = 0
    skills: SkillsEntry = SkillsEntry()
    hands: Annotated[int, Field(ge=0, le=8)] = 2
    size: Annotated[int, Field(ge=1, le=4)] = 1
    description: Description = ""
    attacks: dict[str, dict[str, Any]]
    """Checked one by one as :class:`AttackEntry`."""


# -- the loader ---------------------------------------------------------------------------------------


Sheets = SheetBook[Sheet]
"""Every seed 002 sheet loaded, by id."""


def load_sheets(paths: Iterable[str | Path] | None = None) -> Sheets:
    """Load seed 002's sheets (default: every ``*.toml`` in :data:`CONTENT_DIR`); a path may be a file or a
    folder (its ``*.toml`` files in name order, at most :data:`MAX_FILES`). Raises :class:`ContentError` for
    one problem, :class:`ContentProblems` for several."""
    return load_sheet_files([CONTENT_DIR] if paths is None else paths, "seed 002", _read_file,
                            max_files=MAX_FILES, max_problems=MAX_PROBLEMS)


def _read_file(path: Path, out: FileReport) -> list[Sheet]:
    def creature(creature_id: str, value: dict[str, Any], entry: str) -> Sheet | None:
        before = len(out.problems)
        creature = out.validate(CreatureEntry, value, entry, max_errors=MAX_ERRORS)
        attacks = read_parts(value.get("attacks"), out, entry, "attacks", AttackEntry, MAX_ATTACKS, MAX_ERRORS)
        if creature is not None:
            for field_path, detail in _creature_problems(creature, attacks):
                out.problem(detail, entry, field_path)
        if creature is None or len(out.problems) != before:
            return None
        return _sheet(creature_id, creature, attacks)

    return read_creatures(path, out, RULESET, "seed 002", MAX_CREATURES, creature)


# -- checks across a creature's fields ----------------------------------------------------------------


def _creature_problems(creature: CreatureEntry, attacks: Mapping[str, AttackEntry]) -> Iterator[tuple[str, str]]:
    if not creature.attacks:
        yield "attacks", "a creature has at least one attack: [creatures.<id>.attacks.<attack_id>]"
    for attack_id, attack in attacks.items():
        where = f"attacks.{attack_id}"
        if attack.kind is AttackKind.CLOSE:
            if attack.range is not None:
                yield f"{where}.range", "a close attack reaches (reach = 5), it has no range [26]"
            if attack.reach == 0:
                yield f"{where}.reach", "a close attack reaches at least 5 feet (the adjacent squares [122])"
        else:
            if attack.reach is not None:
                yield f"{where}.reach", "a ranged attack has a range (range = 60), not a reach [31]"
            if attack.range is None or attack.range < 2:
                yield f"{where}.range", ("a ranged attack is made against a non-adjacent opponent [31]: "
                                         "range = 10 feet or more")
        if attack.two_handed and creature.hands < 2:
            yield f"{where}.two_handed", f"held in two hands, and the creature has {creature.hands}"
        if attack.two_handed and not attack.armed:
            yield f"{where}.two_handed", "an unarmed attack holds nothing in its hands"
        if attack.stunt is StuntOption.GRAB and creature.hands < 1:
            yield f"{where}.stunt", "a grab holds with a limb [49]: the creature has no hands (hands = 1 or more)"


def _sheet(sheet_id: str, entry: CreatureEntry, attacks: Mapping[str, AttackEntry]) -> Sheet:
    skills = entry.skills
    return Sheet(
        id=sheet_id, name=entry.name, power_level=entry.power_level, defense=entry.defense,
        toughness=entry.toughness, fortitude=entry.fortitude, reflex=entry.reflex, will=entry.will,
        attacks=tuple(_attack(aid, a) for aid, a in attacks.items()), hero=entry.hero, destiny=entry.destiny,
        initiative=entry.initiative, speed=entry.speed, athletics=skills.athletics, acrobatics=skills.acrobatics,
        might=skills.might, dexterity=skills.dexterity, endurance=skills.endurance, intuition=skills.intuition,
        insight=skills.insight, hands=entry.hands, size=entry.size, description=entry.description)


def _attack(attack_id: str, a: AttackEntry) -> Attack:
    close = a.kind is AttackKind.CLOSE
    return Attack(
        id=attack_id, name=a.name, kind=a.kind, bonus=a.bonus, damage=a.damage, armed=a.armed,
        reach=(a.reach if a.reach is not None else 1) if close else 0, range=0 if close else (a.range or 0),
        two_handed=a.two_handed, area=a.area, stunt=a.stunt, description=a.description)
