"""Seed 003's sheets from content files: TOML under ``assets/content/seed003/``, validated at load.

>>> sheets = load_sheets()                  # every assets/content/seed003/*.toml
>>> sheets["hale_varrow"].band
<Band.MEDIUM: 'medium'>

A file starts with ``ruleset = "seed003"`` and holds creatures, ``[creatures.<id>]``, each with its own
abilities, ``[creatures.<id>.abilities.<ability_id>]`` (the format is in the README's "Seed 003"). Every
problem of every file is reported together, each as one line naming the file, the entry and the field
(:class:`game.errors.ContentError`; several: :class:`game.errors.ContentProblems`), never a traceback. Files,
creatures per file, abilities per creature and every list are capped.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, model_validator

from game.content_files import CONTENT_DIR as ALL_CONTENT, FileReport, normalize, parse_choice, text_field
from game.errors import has_controls, quoted
from game.rulesets.sheet_files import SheetBook, load_sheet_files, read_creatures, read_parts
from game.rulesets.seed003.content_text import (
    parse_damage,
    parse_defense,
    parse_dice,
    parse_die,
    parse_recharge,
    parse_resistance,
    parse_threshold,
)
from game.rulesets.seed003.sheets import (
    Ability,
    ActionKind,
    Effect,
    Band,
    Condition,
    Damage,
    DamageType,
    Defense,
    Dice,
    Frequency,
    MissDamage,
    Outcome,
    Reach,
    Resistance,
    Sheet,
    Stance,
    StanceKind,
    Trigger,
)

RULESET = "seed003"
CONTENT_DIR = ALL_CONTENT / RULESET
"""Where seed 003's shipped sheets live."""

MAX_FILES = 200
"""Content files read from one folder."""
MAX_CREATURES = 500
"""Creatures in one file."""
MAX_ABILITIES = 40
"""Abilities of one creature."""
MAX_ERRORS = 20
"""Schema errors reported for one creature or ability."""
MAX_PROBLEMS = 200
"""Problems reported at most (the rest are counted)."""



# -- the schema ---------------------------------------------------------------------------------------


def _one_line(text: str) -> str:
    if has_controls(text):
        raise ValueError(f"{quoted(text)}: a name is one line of printable text")
    return text


Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=80), AfterValidator(_one_line)]
Words = Annotated[str, StringConstraints(strip_whitespace=True, max_length=200)]
Description = Annotated[str, StringConstraints(strip_whitespace=True, max_length=2000)]
DamageText = Annotated[Damage, text_field(parse_damage)]
BandText = Annotated[Band, text_field(lambda t: parse_choice(t, Band, "an initiative band"))]
ActionText = Annotated[ActionKind, text_field(lambda t: parse_choice(t, ActionKind, "an action"))]
ReachText = Annotated[Reach, text_field(lambda t: parse_choice(t, Reach, "a reach"))]
StanceText = Annotated[StanceKind, text_field(lambda t: parse_choice(t, StanceKind, "a stance"))]
ConditionText = Annotated[Condition, text_field(lambda t: parse_choice(t, Condition, "a condition"))]
DamageTypeText = Annotated[DamageType, text_field(lambda t: parse_choice(t, DamageType, "a damage type"))]
MissText = Annotated[MissDamage, text_field(lambda t: parse_choice(t, MissDamage, "a miss damage"))]
DefenseText = Annotated[Defense, text_field(parse_defense)]
DiceText = Annotated[Dice, text_field(parse_dice)]
DieText = Annotated[int, text_field(parse_die)]
ResistText = Annotated[Resistance, text_field(parse_resistance)]
SustainText = Annotated[int, text_field(lambda t: parse_threshold(t, "a sustain roll"))]
TriggerText = Annotated[Trigger, text_field(lambda t: parse_choice(t, Trigger, "a trigger"))]


def _escalation(text: str) -> tuple[int, bool]:
    """``"2+"`` or ``"3+ (see special)"`` [138]."""
    special = text.strip().lower().endswith("(see special)")
    core = text.strip()[: -len("(see special)")] if special else text
    value = parse_threshold(core, "an escalation like '2+' or '3+ (see special)'")
    if value > 6:
        raise ValueError(f"{quoted(text)}: the escalation die runs from 1 to 6 [91]")
    return value, special


def _frequency(text: str) -> tuple[Frequency, int]:
    if normalize(text).startswith("recharge"):
        return Frequency.RECHARGE, parse_recharge(text)
    return parse_choice(text, Frequency, "a frequency ('recharge 11+' too)"), 0


EscalationText = Annotated[tuple[int, bool], text_field(_escalation)]
FrequencyText = Annotated[tuple[Frequency, int], text_field(_frequency)]


class Entry(BaseModel):
    """Strict (no text for numbers), closed (a misspelt key is an error), frozen."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class OutcomeEntry(Entry):
    damage: DamageText | None = None
    conditions: Annotated[list[ConditionText], Field(max_length=8)] = []
    ongoing: Annotated[int, Field(ge=0, le=999)] = 0


class AbilityEntry(Entry):
    name: Name
    type: Annotated[str, StringConstraints(strip_whitespace=True, to_lower=True, max_length=30)] = ""
    frequency: FrequencyText = (Frequency.AT_WILL, 0)
    action: ActionText
    trigger: Words = ""
    on: TriggerText | None = None
    """The trigger as the table reads it (an interrupt's)."""
    provokes: bool = False
    sustain: SustainText | None = None
    spend: Annotated[int, Field(ge=1, le=99)] | None = None
    """Spend X Power [137]."""
    escalation: EscalationText | None = None
    reach: ReachText = Reach.ENGAGED
    targets: Annotated[int, Field(ge=1, le=12)] = 1
    attack: DefenseText | None = None
    as_basic: StanceText | None = None
    hit: OutcomeEntry = OutcomeEntry()
    miss: OutcomeEntry = OutcomeEntry()
    description: Description = ""
    effect: Literal["heal", "pop off", "reroll"] | None = None
    """What an ability that makes no attack does: "heal" (an ally heals using a recovery), "pop off", or
    "reroll" (an interrupt on an ally's failed save: it rerolls the save)."""

    @model_validator(mode="after")
    def _fits_together(self) -> AbilityEntry:
        if self.effect is not None and self.attack is not None:
            raise ValueError("an ability with an 'effect' makes no attack: drop 'attack' or 'effect'")
        if self.action is ActionKind.INTERRUPT and not self.trigger:
            raise ValueError("an interrupt ability names its trigger [119, 134]: trigger = \"...\"")
        if self.on is not None and self.action is not ActionKind.INTERRUPT:
            raise ValueError("'on' is the trigger of an interrupt: action = \"interrupt\"")
        if (self.effect == "reroll") != (self.on is Trigger.ALLY_FAILS_SAVE):
            raise ValueError("an ally's failed save is answered by a reroll: on = \"ally fails save\" goes with "
                             "effect = \"reroll\"")
        if self.on is not None and self.on is not Trigger.ALLY_FAILS_SAVE and self.attack is None:
            raise ValueError(f"an interrupt on {self.on.value!r} makes an attack on the enemy: attack = \"vs AC\"")
        if self.attack is None and self.effect is None:
            raise ValueError("an ability makes an attack (attack = \"vs AC\") or has an effect (effect = \"heal\", "
                             "\"pop off\" or \"reroll\"): the table plays no other kind")
        if self.attack is None and (self.hit != OutcomeEntry() or self.miss != OutcomeEntry()):
            raise ValueError("'hit' and 'miss' need an attack: attack = \"vs AC\"")
        if self.as_basic is not None and self.attack is None:
            raise ValueError("an ability used as a basic attack makes an attack: attack = \"vs AC\"")
        if self.as_basic is not None and self.hit.damage is not None:
            raise ValueError("an ability used 'as a basic attack' deals the basic attack's damage [11]; "
                             "drop hit.damage or as_basic")
        return self


class DefensesEntry(Entry):
    ac: Annotated[int, Field(ge=1, le=60)]
    pd: Annotated[int, Field(ge=1, le=60)]
    md: Annotated[int, Field(ge=1, le=60)]


class StanceEntry(Entry):
    kind: StanceText
    die: DieText
    range: ReachText | None = None

    @model_validator(mode="after")
    def _range_for_ranged_only(self) -> StanceEntry:
        if self.kind is StanceKind.MELEE and self.range not in (None, Reach.ENGAGED):
            raise ValueError("a melee stance reaches engaged targets only [15]; drop 'range'")
        if self.kind is StanceKind.RANGED and self.range in (None, Reach.SELF, Reach.ENGAGED):
            raise ValueError("a ranged stance names its range [23]: range = \"nearby\" or \"far\"")
        return self


class CreatureEntry(Entry):
    name: Name
    pc: bool = False
    class_name: Annotated[str, StringConstraints(strip_whitespace=True, max_length=40)] = Field("", alias="class")
    level: Annotated[int, Field(ge=1, le=10)]
    hp: Annotated[int, Field(ge=1, le=9999)]
    defenses: DefensesEntry
    volition: Annotated[int, Field(ge=-5, le=20)]
    initiative: BandText
    recoveries: Annotated[int, Field(ge=0, le=30)] = 0
    recovery_dice: DiceText | None = None
    miss_damage: MissText = MissDamage.NONE
    stances: Annotated[list[StanceEntry], Field(min_length=1, max_length=2)]
    escalation: bool | None = None
    resist: Annotated[list[ResistText], Field(max_length=10)] = []
    weak: Annotated[list[DamageTypeText], Field(max_length=10)] = []
    vulnerable: bool = False
    flies: bool = False
    power: Annotated[int, Field(ge=0, le=99)] = 0
    """Power at the start of an encounter [137]."""
    power_name: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=30),
                          AfterValidator(_one_line)] = "Power"
    description: Description = ""
    abilities: dict[str, dict[str, Any]] = {}
    """Checked one by one as :class:`AbilityEntry`."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True, populate_by_name=False)


# -- the loader ---------------------------------------------------------------------------------------


Sheets = SheetBook[Sheet]
"""Every seed 003 sheet loaded, by id."""


def load_sheets(paths: Iterable[str | Path] | None = None) -> Sheets:
    """Load seed 003's sheets (default: every ``*.toml`` in :data:`CONTENT_DIR`); a path may be a file or a
    folder (its ``*.toml`` files in name order, at most :data:`MAX_FILES`). Raises :class:`ContentError` for
    one problem, :class:`ContentProblems` for several."""
    return load_sheet_files([CONTENT_DIR] if paths is None else paths, "seed 003", _read_file,
                            max_files=MAX_FILES, max_problems=MAX_PROBLEMS)


def _read_file(path: Path, out: FileReport) -> list[Sheet]:
    def creature(creature_id: str, value: dict[str, Any], entry: str) -> Sheet | None:
        before = len(out.problems)
        creature = out.validate(CreatureEntry, value, entry, max_errors=MAX_ERRORS)
        abilities = read_parts(value.get("abilities"), out, entry, "abilities", AbilityEntry, MAX_ABILITIES, MAX_ERRORS)
        if creature is not None:
            for field_path, detail in _creature_problems(creature, abilities):
                out.problem(detail, entry, field_path)
        if creature is None or len(out.problems) != before:
            return None
        return _sheet(creature_id, creature, abilities)

    return read_creatures(path, out, RULESET, "seed 003", MAX_CREATURES, creature)


# -- checks across a creature's fields ----------------------------------------------------------------


def _creature_problems(creature: CreatureEntry, abilities: Mapping[str, AbilityEntry]) -> Iterator[tuple[str, str]]:
    kinds = [s.kind for s in creature.stances]
    if len(set(kinds)) != len(kinds):
        yield "stances", "one melee and one ranged stance at most [11]"
    if creature.pc:
        if creature.recovery_dice is None:
            yield "recovery_dice", "a PC has recovery dice [211], as in recovery_dice = \"2d8\""
        if creature.escalation is False:
            yield "escalation", "every PC adds the escalation die to its attacks [91]"
    elif creature.recoveries or creature.recovery_dice is not None:
        yield "recoveries", "NPCs have no recoveries; they are healed 1d6 or 1d10 per level [217]"
    types = [r.type for r in creature.resist]
    if len(set(types)) != len(types):
        yield "resist", "a damage type is resisted twice"
    if len(set(creature.weak)) != len(creature.weak):
        yield "weak", "a damage type is listed twice"
    both = set(types) & set(creature.weak)
    if both:
        yield "weak", f"{sorted(t.value for t in both)[0]} is both resisted and a weakness"
    if creature.vulnerable and not creature.weak:
        yield "vulnerable", "vulnerable sharpens a weakness (crit on 15+ [71]): list what it is weak to in 'weak'"
    for ability_id, ability in abilities.items():
        where = f"abilities.{ability_id}"
        if ability.spend and not creature.power:
            yield f"{where}.spend", "it spends Power [137], and the creature has none: power = N"
        if ability.as_basic is not None and ability.as_basic not in kinds:
            yield f"{where}.as_basic", f"the creature has no {ability.as_basic.value} stance"
        for name in ("hit", "miss"):
            damage: Damage | None = getattr(ability, name).damage
            if damage is not None and damage.stance_die:
                needed = _ability(ability_id, ability).stance
                if needed not in kinds:
                    yield f"{where}.{name}.damage", f"dX is the stance's die, and the creature has no " \
                                                    f"{needed.value} stance"


def _sheet(sheet_id: str, entry: CreatureEntry, abilities: Mapping[str, AbilityEntry]) -> Sheet:
    return Sheet(
        id=sheet_id, name=entry.name, pc=entry.pc, level=entry.level, hp=entry.hp, ac=entry.defenses.ac,
        pd=entry.defenses.pd, md=entry.defenses.md, volition=entry.volition, band=entry.initiative,
        stances=tuple(Stance(s.kind, s.die, s.range or Reach.ENGAGED) for s in entry.stances),
        miss_damage=entry.miss_damage, recoveries=entry.recoveries,
        recovery_dice=entry.recovery_dice or Dice(0, 0),
        adds_escalation=entry.pc or bool(entry.escalation), resistances=tuple(entry.resist),
        weaknesses=frozenset(entry.weak), vulnerable=entry.vulnerable, flies=entry.flies, power=entry.power,
        power_name=entry.power_name,
        abilities=tuple(_ability(aid, a) for aid, a in abilities.items()), class_name=entry.class_name,
        description=entry.description)


def _ability(ability_id: str, a: AbilityEntry) -> Ability:
    frequency, recharge = a.frequency
    escalation, special = a.escalation or (0, False)
    return Ability(
        id=ability_id, name=a.name, type=a.type, frequency=frequency, action=a.action, trigger=a.trigger, on=a.on,
        recharge=recharge, provokes=a.provokes, sustain=a.sustain or 0, spend=a.spend or 0, escalation=escalation,
        escalation_special=special, reach=a.reach, targets=a.targets, defense=a.attack, basic=a.as_basic,
        hit=Outcome(a.hit.damage, tuple(a.hit.conditions), a.hit.ongoing),
        miss=Outcome(a.miss.damage, tuple(a.miss.conditions), a.miss.ongoing), description=a.description,
        effect=Effect(a.effect) if a.effect is not None else None)
