"""Reading content files: TOML -> pydantic entries -> checks across entries -> model dataclasses.

Three passes. Each file is read (size cap, UTF-8, TOML syntax) and each entry is
validated on its own against :mod:`game.rulesets.seed000.content.schema`, so one broken power does
not hide the problems of the next. Then the entries are checked together, across
every file: references to shared powers, reaction defaults, duplicate ids, minion
damage. Only when nothing at all is wrong are the ``game.rulesets.seed000.model`` objects
built; otherwise every problem found is raised at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.rulesets.seed000.content.schema import (
    CreatureEntry,
    FileEntry,
    OutcomeEntry,
    PowerEntry,
)
from game.content_files import (CONTENT_DIR, ID, ID_RULE, FileReport, content_files, quoted_id, quoted_key, read_toml,
                                shown, suggestion)
from game.errors import ContentError, ContentProblems
from game.rulesets import DEFAULT as DEFAULT_RULESET, unknown_ruleset
from game.rulesets.seed000.model import (
    ActionType,
    ConditionSpec,
    DamageRoll,
    Defenses,
    ForcedKind,
    ForcedMovement,
    Outcome,
    Power,
    PowerId,
    RangeKind,
    Role,
    ReactionDefaults,
    ReactionSpec,
    ReactionTarget,
    Restriction,
    TargetKind,
    Template,
)
from game.rulesets.seed000.preparation import (BUILTIN_REACTIONS, is_limited, is_spontaneous, restriction_fits,
                                    with_builtin_reactions)
from game.rulesets.seed000.translation import translate
from game.rulesets.seed000.triggers import REACTION_KEYWORDS, TRIGGERS


"""Largest content file read."""




class Library(Mapping[str, Template]):
    """Every creature template loaded, by id; ``powers`` holds the shared powers, by id.

    A creature's own powers (written inside its entry) are on its :class:`Template`
    only; shared powers (a file's ``[powers.<id>]`` tables) are in ``powers`` too.
    """

    __slots__ = ("_templates", "_powers", "_sources")

    def __init__(self, templates: Mapping[str, Template], powers: Mapping[str, Power],
                 sources: Mapping[str, str]) -> None:
        self._templates = MappingProxyType(dict(templates))
        self._powers = MappingProxyType(dict(powers))
        self._sources = MappingProxyType(dict(sources))

    def __getitem__(self, template_id: str) -> Template:
        try:
            return self._templates[template_id]
        except KeyError:
            raise KeyError(f"no creature template '{template_id}'"
                           f"{suggestion(template_id, self._templates)}") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._templates)

    def __len__(self) -> int:
        return len(self._templates)

    @property
    def powers(self) -> Mapping[str, Power]:
        """The shared powers, by id."""
        return self._powers

    def source(self, template_id: str) -> str:
        """The file a template was read from, as messages show it."""
        return self._sources[template_id]

    def __repr__(self) -> str:
        return f"Library({len(self._templates)} templates, {len(self._powers)} shared powers)"


def load_content(paths: Iterable[str | Path] | None = None, *, ruleset: str = DEFAULT_RULESET) -> Library:
    """Load creature templates and powers from content files (default: every ``*.toml`` in :data:`CONTENT_DIR`).

    A path may be a file or a folder (its ``*.toml`` files, in name order). Every file's sheets must be for
    ``ruleset`` (a file's top-level ``ruleset`` key; one that names none is seed 000's). Raises
    :class:`ContentError` for one problem, :class:`ContentProblems` for several, each
    naming its file, its entry (creature or power) and the field.
    """
    files = content_files([CONTENT_DIR] if paths is None else list(paths))
    problems: list[ContentError] = []
    read = [_read_file(path, problems, ruleset) for path in files]
    templates, powers, sources = _link(read, problems)
    if problems:
        raise problems[0] if len(problems) == 1 else ContentProblems(problems)
    return Library(templates, powers, sources)


# -- pass 1: one file, entry by entry ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Creature:
    entry: CreatureEntry
    powers: dict[str, PowerEntry | None]
    """Its own powers by id; None for one that failed the schema (already reported)."""


@dataclass
class _File(FileReport):
    """One file's entries by id, in file order; None for an entry that failed the schema."""

    powers: dict[str, PowerEntry | None] = field(default_factory=dict)
    creatures: dict[str, _Creature | None] = field(default_factory=dict)


def _read_file(path: Path, problems: list[ContentError], ruleset: str) -> _File:
    out = _File(shown(path), problems)
    raw = read_toml(path, out.shown, out.problems)
    if raw is None or _foreign(raw, out, ruleset):
        return out
    out.validate(FileEntry, raw, "")
    shared = raw.get("powers")
    for power_id, value in shared.items() if isinstance(shared, dict) else ():
        out.powers[power_id] = _read_power(power_id, value, out, f"power {quoted_id(power_id)}", "")
    creatures = raw.get("creatures")
    for creature_id, value in creatures.items() if isinstance(creatures, dict) else ():
        entry = f"creature {quoted_id(creature_id)}"
        if not ID.fullmatch(creature_id):
            out.problem(ID_RULE, entry)
        if not isinstance(value, dict):
            out.creatures[creature_id] = None  # FileEntry reported it
            continue
        creature = out.validate(CreatureEntry, value, entry)
        raw_powers = value.get("powers")
        powers = {power_id: _read_power(power_id, raw_power, out, entry, f"powers.{quoted_key(power_id)}")
                  for power_id, raw_power in (raw_powers.items() if isinstance(raw_powers, dict) else ())}
        out.creatures[creature_id] = None if creature is None else _Creature(creature, powers)
    return out


def _foreign(raw: dict[str, Any], out: _File, ruleset: str) -> bool:
    """Whether the file's sheets are not for ``ruleset`` (reported once, naming its first entry): its entries
    are then left unread, since another ruleset's sheets have another schema."""
    written = raw.get("ruleset", DEFAULT_RULESET)
    if not isinstance(written, str):
        return False  # FileEntry reports the type
    why = unknown_ruleset(written)
    if not why and written == ruleset:
        return False
    creatures = raw.get("creatures")
    first = next(iter(creatures), None) if isinstance(creatures, dict) else None
    entry = f"creature {quoted_id(first)}" if isinstance(first, str) else ""
    if not why:
        more = len(creatures) - 1 if isinstance(creatures, dict) else 0
        why = (f"the sheets of this file are for {written}" + (f" (this one and {more} more)" if more > 0 else "") +
               f", and this fight plays {ruleset}: a fight uses sheets of its own ruleset only")
    out.problem(why, entry, "ruleset")
    return True


def _read_power(power_id: str, value: object, out: _File, entry: str, prefix: str) -> PowerEntry | None:
    """One power (shared if ``prefix`` is empty, else a creature's own): schema, then its own consistency."""
    if not ID.fullmatch(power_id):
        out.problem(ID_RULE, entry, prefix)
    if not isinstance(value, dict):
        return None  # FileEntry / CreatureEntry reported that it is not a table
    power = out.validate(PowerEntry, value, entry, prefix)
    if power is not None:
        for field_path, detail in _power_problems(power):
            out.problem(detail, entry, f"{prefix}.{field_path}" if prefix else field_path)
    return power


# -- checks within one power -------------------------------------------------------------


def _power_problems(power: PowerEntry) -> Iterator[tuple[str, str]]:
    """(field, detail) for each way the power's fields contradict each other."""
    reaction = power.reaction
    if reaction is not None and power.action is not ActionType.REACTION:
        yield "reaction", (f"only a power with action = \"reaction\" takes a reaction table; "
                           f"this one is a {power.action.value} action")
    if reaction is None and power.action is ActionType.REACTION:
        yield "reaction", "a reaction power needs a reaction table naming its trigger"
    if power.attack is None:
        for name in ("hit", "miss"):
            if getattr(power, name) != OutcomeEntry():
                yield name, f"'{name}' needs an attack roll ('attack = \"+5 vs AC\"'); use 'effect' otherwise"
    if (power.reach.kind is RangeKind.PERSONAL) != (power.targets is TargetKind.SELF):
        yield "targets", "a 'personal' power targets 'self', and a power targeting 'self' is 'personal'"
    if power.reach.kind is RangeKind.PERSONAL and power.attack is not None:
        yield "attack", "a 'personal' power makes no attack roll"
    if power.basic:
        if power.attack is None:
            yield "basic", "a basic attack needs an attack roll"
        if power.reach.kind not in (RangeKind.MELEE, RangeKind.RANGED):
            yield "basic", "a basic attack is melee or ranged"
        if power.action is not ActionType.STANDARD:
            yield "basic", "a basic attack is a standard action"
    for name in ("hit", "miss", "effect"):
        outcome: OutcomeEntry = getattr(power, name)
        if outcome.half_damage and name != "miss":
            yield f"{name}.half_damage", "only a miss deals half damage"
        if outcome.half_damage and power.hit.damage is None:
            yield f"{name}.half_damage", "half damage needs damage on a hit"
    moves = [name for name in ("hit", "miss", "effect") if getattr(power, name).move_self]
    if moves and any(getattr(power, name).shift_self for name in ("hit", "miss", "effect")):
        yield f"{moves[0]}.move_self", "a power moves its user one way: 'shift_self' or 'move_self', not both"
    for index, tag in enumerate(power.keywords):
        if tag in REACTION_KEYWORDS:
            yield f"keywords[{index}]", f"'{tag}' is a reaction keyword: put it in reaction.keywords"


# -- pass 2: across files ----------------------------------------------------------------


def _link(files: list[_File], problems: list[ContentError]
          ) -> tuple[dict[str, Template], dict[str, Power], dict[str, str]]:
    """Check references and ids across files; build the model when nothing is wrong anywhere."""
    shared: dict[str, tuple[_File, PowerEntry | None]] = {}
    for file in files:
        for power_id, power in file.powers.items():
            if power_id in shared:
                file.problem(f"already defined in {shared[power_id][0].shown}", f"power {quoted_id(power_id)}")
            else:
                shared[power_id] = (file, power)
    creatures: dict[str, tuple[_File, _Creature | None]] = {}
    for file in files:
        for creature_id, creature in file.creatures.items():
            if creature_id in creatures:
                file.problem(f"already defined in {creatures[creature_id][0].shown}",
                             f"creature {quoted_id(creature_id)}")
                continue
            creatures[creature_id] = (file, creature)
            if creature is not None:
                for field_path, detail in _creature_problems(creature, shared):
                    file.problem(detail, f"creature {quoted_id(creature_id)}", field_path)
    if problems:
        return {}, {}, {}
    powers = {pid: _power(pid, entry) for pid, (_, entry) in shared.items() if entry is not None}
    templates = {cid: _template(cid, creature, powers)
                 for cid, (_, creature) in creatures.items() if creature is not None}
    sources = {cid: file.shown for cid, (file, _) in creatures.items()}
    return templates, powers, sources


def _creature_problems(creature: _Creature, shared: Mapping[str, tuple[_File, PowerEntry | None]]
                       ) -> Iterator[tuple[str, str]]:
    entry = creature.entry
    own: dict[str, tuple[str, PowerEntry | None]] = {
        pid: (f"powers.{quoted_key(pid)}", power) for pid, power in creature.powers.items()}
    for pid in creature.powers:
        if pid in shared:
            yield f"powers.{quoted_key(pid)}", (f"{quoted_id(pid)} is a shared power (in {shared[pid][0].shown}); "
                                                 f"list it in shared_powers or give this power another id")
    for index, pid in enumerate(entry.shared_powers):
        where = f"shared_powers[{index}]"
        if pid not in shared:
            yield where, f"no shared power '{pid}'{suggestion(pid, shared)}"
        elif pid in own:
            yield where, f"'{pid}' is listed twice"
        else:
            own[pid] = (where, shared[pid][1])
    if not own:
        yield "powers", "a creature needs at least one power"
    yield from _defaults_problems(entry, own)
    if entry.role is Role.MINION and not entry.minion:
        yield "minion", "a creature with role 'minion' is a minion: write minion = true"
    if entry.minion:
        if entry.hp != 1:
            yield "hp", f"a minion has 1 hit point, not {entry.hp}"
        for where, power in own.values():
            for name in ("hit", "miss", "effect"):
                damage: DamageRoll | None = getattr(power, name).damage if power is not None else None
                if damage is not None and damage.count:
                    average = damage.count * (damage.sides + 1) // 2 + damage.bonus
                    place = f"{where}.{name}.damage" if where.startswith("powers.") else where
                    yield place, f"a minion deals fixed damage, like '{average}', not '{damage}'"


def _defaults_problems(creature: CreatureEntry, own: Mapping[str, tuple[str, PowerEntry | None]]
                       ) -> Iterator[tuple[str, str]]:
    """The sheet's default preparation, checked against its powers (built-in opportunity attacks included,
    keywords after the old-action translation)."""
    defaults = creature.reaction_defaults
    prefix = "reaction_defaults"
    powers: dict[str, Power | None] = {pid: None if entry is None else _power(pid, entry) for pid, (_, entry) in own.items()}
    if any(p is not None and p.basic and p.is_melee and p.attack is not None for p in powers.values()):
        for builtin in BUILTIN_REACTIONS:
            powers.setdefault(builtin.id, builtin)

    def known(pid: str, where: str) -> Power | None:
        """The power ``pid`` of this creature (None if unknown: reported, or invalid: reported elsewhere)."""
        if pid not in powers:
            problems.append((where, f"the creature has no power '{pid}'{suggestion(pid, powers)}"))
            return None
        return powers[pid]

    problems: list[tuple[str, str]] = []
    if defaults.limited is not None:
        power = known(defaults.limited, f"{prefix}.limited")
        if power is not None and not is_limited(power):
            problems.append((f"{prefix}.limited", f"'{defaults.limited}' is not a limited (non-spontaneous) reaction"))
    for list_name in ("priority", "disabled"):
        seen: set[str] = set()
        for index, pid in enumerate(getattr(defaults, list_name)):
            where = f"{prefix}.{list_name}[{index}]"
            power = known(pid, where)
            if pid in seen:
                problems.append((where, f"'{pid}' is listed twice"))
            seen.add(pid)
            if power is not None and power.reaction is None:
                problems.append((where, f"'{pid}' is not a reaction"))
            elif power is not None and not is_spontaneous(power):
                problems.append((where, f"'{pid}' is not a spontaneous reaction (the {list_name} list takes only "
                                        f"those; a limited one is prepared as 'limited')"))
    for name in ("basic_attack", "opportunity_attack"):
        pid = getattr(defaults, name)
        power = None if pid is None else known(pid, f"{prefix}.{name}")
        if power is not None and not power.basic:
            problems.append((f"{prefix}.{name}", f"'{pid}' is not a basic attack (basic = true)"))
        elif power is not None and name == "opportunity_attack" and power.reach.kind is not RangeKind.MELEE:
            problems.append((f"{prefix}.{name}", f"'{pid}' is not a melee basic attack"))
    for index, r in enumerate(defaults.restrictions):
        where = f"{prefix}.restrictions[{index}]"
        anchored = r.kind.value.endswith(("_toward", "_away")) or r.kind.value == "only_against"
        if anchored and not r.triggerer:
            problems.append((where, f"'{r.kind.value}' needs an anchor; a sheet can only name the triggering "
                                    f"creature: triggerer = true"))
        if r.triggerer and (not anchored or r.kind.value == "only_against"):
            problems.append((where, f"'{r.kind.value}' takes no triggerer"))
        if r.power is None:
            continue
        power = known(r.power, f"{where}.power")
        if power is not None:
            why = restriction_fits(r.kind, power)
            if why:
                problems.append((f"{where}.power", why))
    yield from problems


# -- pass 3: building the model ----------------------------------------------------------


def _template(creature_id: str, creature: _Creature, shared: Mapping[str, Power]) -> Template:
    entry = creature.entry
    powers = [_power(pid, power) for pid, power in creature.powers.items() if power is not None]
    powers += [shared[pid] for pid in entry.shared_powers]
    d = entry.reaction_defaults
    return with_builtin_reactions(Template(
        id=creature_id, name=entry.name, level=entry.level, role=entry.role, hp=entry.hp,
        defenses=Defenses(entry.defenses.ac, entry.defenses.fortitude, entry.defenses.reflex, entry.defenses.will),
        speed=entry.speed, initiative=entry.initiative, powers=tuple(powers), size=entry.size,
        minion=entry.minion, surges=entry.surges, description=entry.description,
        reaction_defaults=ReactionDefaults(
            limited=_optional_id(d.limited), priority=tuple(PowerId(p) for p in d.priority),
            basic_attack=_optional_id(d.basic_attack), opportunity_attack=_optional_id(d.opportunity_attack),
            disabled=tuple(PowerId(p) for p in d.disabled),
            restrictions=tuple(Restriction(r.kind, _optional_id(r.power), triggerer=r.triggerer)
                               for r in d.restrictions)),
    ))


def _optional_id(value: str | None) -> PowerId | None:
    return None if value is None else PowerId(value)


def _power(power_id: str, entry: PowerEntry) -> Power:
    return Power(
        id=PowerId(power_id), name=entry.name, action=entry.action, frequency=entry.frequency,
        reach=entry.reach, targets=entry.targets, max_targets=entry.max_targets or 1, attack=entry.attack,
        hit=_outcome(entry.hit), miss=_outcome(entry.miss), effect=_outcome(entry.effect),
        keywords=frozenset(entry.keywords), basic=entry.basic, reaction=_reaction_spec(entry),
        marks=entry.marks, description=entry.description,
        limits_area=entry.max_targets is not None and entry.reach.kind in _AREAS,
    )


_AREAS = (RangeKind.CLOSE_BURST, RangeKind.CLOSE_BLAST, RangeKind.AREA_BURST)


def _reaction_spec(power: PowerEntry) -> ReactionSpec | None:
    """The power's reaction: the keywords as written plus those seed 000's translation table gives its
    old action type (``game.rulesets.seed000.translation``), if it names one; its target by default "trigger" for a
    melee or ranged power against enemies whose trigger is an enemy's doing, else "choose"."""
    reaction = power.reaction
    if reaction is None:
        return None
    keywords = set(reaction.keywords)
    if reaction.old_action:
        keywords |= translate(reaction.old_action, reaction.trigger, power.frequency,
                              class_feature=reaction.class_feature)
    target = reaction.target
    if target is None:
        aimed = power.reach.kind in (RangeKind.MELEE, RangeKind.RANGED) and power.targets in (
            TargetKind.ENEMY, TargetKind.CREATURE)
        target = ReactionTarget.TRIGGER if aimed and TRIGGERS[reaction.trigger].by_enemy else ReactionTarget.CHOOSE
    return ReactionSpec(trigger=reaction.trigger, parameter=reaction.canonical_parameter,
                        keywords=frozenset(keywords), old_action=reaction.old_action or "", target=target)


def _outcome(entry: OutcomeEntry) -> Outcome:
    forced = entry.forced
    movement = None
    if forced is not None:
        kind, distance = next((k, d) for k, d in ((ForcedKind.PUSH, forced.push), (ForcedKind.PULL, forced.pull),
                                                   (ForcedKind.SLIDE, forced.slide)) if d is not None)
        movement = ForcedMovement(kind, distance)
    return Outcome(
        damage=entry.damage, half_damage=entry.half_damage,
        conditions=tuple(ConditionSpec(c.condition, c.until, c.value or 0, c.damage) for c in entry.conditions),
        forced=movement, heal_surge=entry.heal_surge, heal_bonus=entry.heal_bonus, shift_self=entry.shift_self,
        move_self=entry.move_self,
    )
