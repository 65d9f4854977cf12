"""Where a fight starts: an encounter file's ``[start]``, for a fight carried over from paper.

:func:`apply_start` is the one function that puts it in force, on an encounter that is built and not yet
started (seed 000's ``new_fight`` calls it, from ``Source.fresh``, so ``play``, ``run``, ``validate`` and undo's replay all see it):

* ``order``: the fixed turn order, every creature exactly once (ids or names). ``Encounter.start`` takes it
  instead of rolling initiative, and says so (``initiative_fixed``; nobody rolls, so reactions that
  trigger on initiative being rolled do not).
* ``creatures``: each creature's starting state in its ruleset's terms. Seed 000's terms
  (:class:`Seed000Start`): hit points, temporary hit points, healing surges used, conditions from seed
  000's list, encounter and daily powers already used. Each creature so set shows in the log's opening
  lines (``state_carried_over``), right after ``encounter_started``.

A creature is named by its id (``goblin_1``) or by its name when no other creature has it (``"Goblin 1"``).
Every problem is one line naming the encounter file, the place (``start.creatures.Goblin 1.hp``) and why.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError

from game.content_files import explain, parse_choice
from game.rulesets.seed000.content.schema import ConditionEntry, Id
from game.rulesets.seed000 import events as ev
from game.rulesets.seed000.encounter import Encounter
from game.rulesets.seed000.model import ConditionKind, CreatureId, Duration, Frequency, PowerId
from game.rulesets.seed000.state import Condition, Creature
from game.errors import EncounterFileError, quoted, shown_key
from game.file_specs import StartSpec

M = TypeVar("M", bound=BaseModel)

MAX_CONDITIONS = 20
"""Most conditions one creature starts with."""


class StartCondition(ConditionEntry):
    """A condition a creature starts with: ``{ condition = "slowed", until = "save ends" }``; ``source`` is
    the creature that put it on (default: the creature itself), needed for ``marked`` and for durations that
    end on the source's turn."""

    source: Id | None = None


class Seed000Start(BaseModel):
    """A creature's starting state in seed 000's terms; what is left out is as its sheet has it."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    hp: StrictInt | None = None
    temp_hp: Annotated[int, Field(ge=0, le=999)] = 0
    surges_used: Annotated[int, Field(ge=0, le=30)] = 0
    conditions: Annotated[list[Any], Field(max_length=MAX_CONDITIONS)] = []
    """``"prone"`` (until it stands up), or a :class:`StartCondition` table with its duration (each read by
    :func:`_condition`)."""
    used_powers: Annotated[list[Id], Field(max_length=100)] = []
    """Encounter and daily powers already used."""


def apply_start(encounter: Encounter, start: StartSpec | None, path: Path) -> None:
    """Put the file's ``[start]`` in force on ``encounter`` (built, not started); nothing if it has none.
    ``path``: the encounter file, for messages."""
    if start is None or encounter.state.round:
        return
    creatures = encounter.state.creatures
    seen: dict[CreatureId, str] = {}
    for key, table in start.creatures.items():
        place = f"start.creatures.{shown_key(key)}"
        creature = creatures[_creature(path, creatures, key, place)]
        if creature.id in seen:
            raise EncounterFileError(path, f"{quoted(key)} is {creature.id}, whose starting state "
                                                    f"{seen[creature.id]} already sets", place)
        seen[creature.id] = place
        encounter.opening.append(_seed000_state(path, encounter, creature, table, place))
    if start.order is not None:
        encounter.fixed_order = _order(path, creatures, start)


def _creature(path: Path, creatures: dict[CreatureId, Creature], key: str, place: str) -> CreatureId:
    """The creature ``key`` names: its id, else the one creature of that name."""
    if CreatureId(key) in creatures:
        return CreatureId(key)
    named = [c.id for c in creatures.values() if c.name == key]
    if len(named) == 1:
        return named[0]
    if named:
        raise EncounterFileError(path, f"{len(named)} creatures are named {quoted(key)} "
                                       f"({', '.join(named[:6])}): name one by its id", place)
    some = ", ".join(sorted(creatures)[:12]) + (", ..." if len(creatures) > 12 else "")
    raise EncounterFileError(path, f"no creature has the id or name {quoted(key)} (the ids are: {some})", place)


def _order(path: Path, creatures: dict[CreatureId, Creature], start: StartSpec) -> tuple[CreatureId, ...]:
    order: list[CreatureId] = []
    seen: dict[CreatureId, int] = {}
    for i, key in enumerate(start.order or (), 1):
        cid = _creature(path, creatures, key, f"start.order[{i}]")
        if cid in seen:
            raise EncounterFileError(path, f"{quoted(key)} is {cid}, already listed as start.order[{seen[cid]}]: "
                                           "every creature takes one place in the order", f"start.order[{i}]")
        seen[cid] = i
        order.append(cid)
    missing = [cid for cid in creatures if cid not in seen]
    if missing:
        shown = ", ".join(missing[:12]) + (", ..." if len(missing) > 12 else "")
        raise EncounterFileError(path, f"{len(missing)} creature{'s are' if len(missing) > 1 else ' is'} not in "
                                       f"the order: {shown} (every creature takes one place in it)", "start.order")
    return tuple(order)


def _seed000_state(path: Path, encounter: Encounter, creature: Creature, table: dict[str, Any],
                   place: str) -> ev.StateCarriedOver:
    """Seed 000's starting state of ``creature`` from its ``[start.creatures.<id>]`` table, in force, and the
    event that tells it."""
    spec = _validated(path, Seed000Start, table, place)
    sheet = creature.template
    if spec.hp is not None:
        if not 1 <= spec.hp <= sheet.hp:
            raise EncounterFileError(path, f"{creature.name} starts with 1 to {sheet.hp} hit points (its sheet's "
                                           f"most), not {spec.hp}: a creature at 0 or below is out of the fight, "
                                           "leave it out", f"{place}.hp")
        creature.hp = spec.hp
    if spec.surges_used > sheet.surges:
        raise EncounterFileError(path, f"{creature.name} has {sheet.surges} healing surges, so it cannot have used "
                                       f"{spec.surges_used}", f"{place}.surges_used")
    creature.surges = sheet.surges - spec.surges_used
    creature.temp_hp = spec.temp_hp
    for i, written in enumerate(spec.conditions, 1):
        creature.conditions.append(_condition(path, encounter, creature, written, f"{place}.conditions[{i}]"))
    for i, pid in enumerate(spec.used_powers, 1):
        powers = {p.id: p for p in sheet.powers}
        power = powers.get(PowerId(pid))
        if power is None or power.frequency is Frequency.AT_WILL:
            why = "has no power" if power is None else "has an at-will power (never used up)"
            raise EncounterFileError(path, f"{creature.name} {why} {quoted(pid)}; used_powers lists its encounter "
                                           "and daily powers already used", f"{place}.used_powers[{i}]")
        creature.used_powers.add(power.id)
    return ev.StateCarriedOver(creature.id, creature.hp, sheet.hp, creature.temp_hp, creature.surges, sheet.surges,
                               tuple(_label(encounter, creature, c) for c in creature.conditions),
                               tuple(sorted(creature.used_powers)))


def _label(encounter: Encounter, creature: Creature, condition: Condition) -> str:
    """A starting condition as the log says it: ``marked (end of source's next turn) by Brannoc``."""
    by = encounter.state.creatures[condition.source]
    return condition.describe() + (f" by {by.name}" if by is not creature else "")


def _validated(path: Path, model: type[M], value: object, place: str) -> M:
    """``value`` as a ``model``, or one line for its first problem, in content files' words."""
    try:
        return model.model_validate(value)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(x) if isinstance(x, str) else f"[{x}]" for x in err["loc"]).replace(".[", "[")
        raise EncounterFileError(path, explain(model, err), f"{place}.{where}" if where else place) from None


def _condition(path: Path, encounter: Encounter, creature: Creature, item: object, place: str) -> Condition:
    """One starting condition, as the engine holds it: its turn-bound durations end on the source's (or the
    creature's) first turn boundary of this fight, as if put on before anyone's turn."""
    if not isinstance(item, (str, dict)):
        raise EncounterFileError(path, f'expected a condition, "prone" or a table such as {{ condition = "slowed", '
                                       f'until = "save ends" }}, found {quoted(item)}', place)
    if isinstance(item, str):
        text = item
        try:
            kind = parse_choice(text, ConditionKind, "a condition")
        except ValueError as exc:
            raise EncounterFileError(path, str(exc), place) from None
        if kind is not ConditionKind.PRONE:
            raise EncounterFileError(path, f"{quoted(text)} needs its duration, as in "
                                           f'{{ condition = "{kind.value}", until = "save ends" }} (only "prone" '
                                           "is written alone: it lasts until the creature stands up)", place)
        return Condition(kind, creature.id, Duration.ENCOUNTER)
    written: StartCondition = _validated(path, StartCondition, item, place)
    kind, duration = written.condition, written.until
    if kind is ConditionKind.UNCONSCIOUS:
        raise EncounterFileError(path, "a creature is unconscious only while dying at 0 hit points, which a fight "
                                       "does not start with", f"{place}.condition")
    source = creature.id
    if written.source is not None:
        if CreatureId(written.source) not in encounter.state.creatures:
            raise EncounterFileError(path, f"no creature has the id {quoted(written.source)}", f"{place}.source")
        source = CreatureId(written.source)
    if kind in (ConditionKind.MARKED, ConditionKind.DOMINATED) and source == creature.id:
        raise EncounterFileError(path, f"'{kind.value}' needs its source, the creature that put it on "
                                       f'(source = "<id>")', place)
    if kind is ConditionKind.MARKED and creature.has(ConditionKind.MARKED):
        raise EncounterFileError(path, "a creature is marked by one creature at a time", place)
    match duration:
        case Duration.END_OF_SOURCE_NEXT_TURN:
            return Condition(kind, source, duration, source, False, 1, written.value or 0, written.damage)
        case Duration.START_OF_SOURCE_NEXT_TURN:
            return Condition(kind, source, duration, source, True, 1, written.value or 0, written.damage)
        case Duration.END_OF_TARGET_NEXT_TURN:
            return Condition(kind, source, duration, creature.id, False, 1, written.value or 0, written.damage)
        case _:
            return Condition(kind, source, duration, None, False, 0, written.value or 0, written.damage)
