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
from types import MappingProxyType
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

from game.content_files import (CONTENT_DIR as ALL_CONTENT, ID, ID_RULE, FileReport, content_files, parse_choice,
                                quoted_id, quoted_key, read_toml, shown, suggestion, text_field, toml_type)
from game.errors import ContentError, ContentProblems, has_controls, quoted
from game.rulesets import unknown_ruleset
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


class Sheets(Mapping[str, Sheet]):
    """Every seed 002 sheet loaded, by id."""

    __slots__ = ("_sheets", "_sources")

    def __init__(self, sheets: Mapping[str, Sheet], sources: Mapping[str, str]) -> None:
        self._sheets = MappingProxyType(dict(sheets))
        self._sources = MappingProxyType(dict(sources))

    def __getitem__(self, sheet_id: str) -> Sheet:
        try:
            return self._sheets[sheet_id]
        except KeyError:
            raise KeyError(f"no seed 002 sheet '{sheet_id}'{suggestion(sheet_id, self._sheets)}") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._sheets)

    def __len__(self) -> int:
        return len(self._sheets)

    def source(self, sheet_id: str) -> str:
        """The file a sheet was read from, as messages show it."""
        return self._sources[sheet_id]


def load_sheets(paths: Iterable[str | Path] | None = None) -> Sheets:
    """Load seed 002's sheets (default: every ``*.toml`` in :data:`CONTENT_DIR`); a path may be a file or a
    folder (its ``*.toml`` files in name order, at most :data:`MAX_FILES`). Raises :class:`ContentError` for
    one problem, :class:`ContentProblems` for several."""
    problems: list[ContentError] = []
    files = content_files([CONTENT_DIR] if paths is None else list(paths), MAX_FILES, problems)
    sheets: dict[str, Sheet] = {}
    sources: dict[str, str] = {}
    for path in files:
        out = FileReport(shown(path), problems)
        for sheet in _read_file(path, out):
            if sheet.id in sheets:
                out.problem(f"already defined in {sources[sheet.id]}", f"creature '{sheet.id}'")
                continue
            sheets[sheet.id], sources[sheet.id] = sheet, out.shown
    if problems:
        if len(problems) > MAX_PROBLEMS:
            rest = len(problems) - MAX_PROBLEMS
            problems = problems[:MAX_PROBLEMS] + [ContentError(problems[MAX_PROBLEMS].path,
                                                               f"and {rest} more problems")]
        raise problems[0] if len(problems) == 1 else ContentProblems(problems)
    return Sheets(sheets, sources)


def _read_file(path: Path, out: FileReport) -> list[Sheet]:
    raw = read_toml(path, out.shown, out.problems)
    if raw is None or not _is_ours(raw, out):
        return []
    extra = sorted(set(raw) - {"ruleset", "creatures"})
    for key in extra[:10]:
        out.problem(f"unknown top-level key {quoted(key)}; a seed 002 file holds 'ruleset' and 'creatures'")
    creatures = raw.get("creatures", {})
    if not isinstance(creatures, dict):
        out.problem(f"expected a table of creatures, found {toml_type(creatures)}", "", "creatures")
        return []
    if len(creatures) > MAX_CREATURES:
        out.problem(f"{len(creatures)} creatures in one file; at most {MAX_CREATURES}", "", "creatures")
        return []
    sheets: list[Sheet] = []
    for creature_id, value in creatures.items():
        entry = f"creature {quoted_id(creature_id)}"
        before = len(out.problems)
        if not ID.fullmatch(creature_id):
            out.problem(ID_RULE, entry)
        if not isinstance(value, dict):
            out.problem(f"expected a table, found {toml_type(value)}", entry)
            continue
        creature = out.validate(CreatureEntry, value, entry, max_errors=MAX_ERRORS)
        attacks = _read_attacks(value.get("attacks"), out, entry)
        if creature is not None:
            for field_path, detail in _creature_problems(creature, attacks):
                out.problem(detail, entry, field_path)
        if creature is not None and len(out.problems) == before:
            sheets.append(_sheet(creature_id, creature, attacks))
    return sheets


def _is_ours(raw: dict[str, Any], out: FileReport) -> bool:
    written = raw.get("ruleset")
    if written == RULESET:
        return True
    if written is None:
        out.problem(f"a seed 002 content file starts with ruleset = \"{RULESET}\"", "", "ruleset")
    elif not isinstance(written, str):
        out.problem(f"expected text in quotes, found {toml_type(written)} {quoted(written)}", "", "ruleset")
    else:
        why = unknown_ruleset(written) or (f"the sheets of this file are for {written}; only {RULESET}'s sheets "
                                           f"are read here (each ruleset has its own schema)")
        out.problem(why, "", "ruleset")
    return False


def _read_attacks(raw: object, out: FileReport, entry: str) -> dict[str, AttackEntry]:
    if not isinstance(raw, dict):
        return {}  # CreatureEntry reports anything but a table
    if len(raw) > MAX_ATTACKS:
        out.problem(f"{len(raw)} attacks; a creature has at most {MAX_ATTACKS}", entry, "attacks")
        return {}
    attacks: dict[str, AttackEntry] = {}
    for attack_id, value in raw.items():
        where = f"attacks.{quoted_key(attack_id)}"
        if not ID.fullmatch(attack_id):
            out.problem(ID_RULE, entry, where)
        if not isinstance(value, dict):
            continue  # CreatureEntry reports it
        attack = out.validate(AttackEntry, value, entry, where, max_errors=MAX_ERRORS)
        if attack is not None:
            attacks[attack_id] = attack
    return attacks


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
