"""The shape of a content file, as pydantic models: types, ranges, closed choices, no unknown keys.

These models only say what each entry may hold; the text forms (damage, reach,
attack) are parsed here too, so one validation pass reports every such problem of
an entry. What an entry means together with the rest (references between powers
and creatures, a reaction power that has no trigger...) is checked by the loader.
"""

from __future__ import annotations

from enum import Enum
from typing import Annotated, Any, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, PlainValidator, StringConstraints, model_validator

from game.content_files import normalize, parse_choice, suggestion, text_field
from game.errors import quoted
from game.rulesets.seed000.content.text import DAMAGE_TYPES, parse_attack, parse_damage, parse_reach
from game.rulesets.seed000.model import (
    ActionType,
    Attack,
    ConditionKind,
    DamageRoll,
    Duration,
    Frequency,
    Reach,
    ReactionTarget,
    RestrictionKind,
    Role,
    TargetKind,
)
from game.rulesets.seed000.translation import OLD_ACTIONS
from game.rulesets.seed000.triggers import REACTION_KEYWORDS, TRIGGERS

E = TypeVar("E", bound=Enum)


def _choice(choices: type[E], what: str, aliases: dict[str, E] | None = None) -> PlainValidator:
    return text_field(lambda text: parse_choice(text, choices, what, aliases))


def _one_of(names: frozenset[str] | tuple[str, ...], what: str, spaces: str = " ") -> AfterValidator:
    """One of ``names``, compared in :func:`normalize` form with words joined by ``spaces``."""

    def check(text: str) -> str:
        key = normalize(text).replace(" ", spaces)
        if key not in names:
            raise ValueError(f"{quoted(text)} is not {what}{suggestion(text, names)}; "
                             f"use one of: {', '.join(sorted(names))}")
        return key

    return AfterValidator(check)


Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=80)]
Description = Annotated[str, StringConstraints(strip_whitespace=True, max_length=2000)]
Tag = Annotated[str, StringConstraints(strip_whitespace=True, to_lower=True, pattern=r"^[a-z][a-z -]{0,39}$")]
Id = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]{0,63}$")]
Count = Annotated[int, Field(ge=0, le=999)]

DamageText = Annotated[DamageRoll, text_field(parse_damage)]
ReachText = Annotated[Reach, text_field(parse_reach)]
AttackText = Annotated[Attack, text_field(parse_attack)]
ActionText = Annotated[ActionType, _choice(ActionType, "an action")]
FrequencyText = Annotated[Frequency, _choice(Frequency, "a frequency")]
TargetText = Annotated[TargetKind, _choice(TargetKind, "a kind of target", {
    "enemies": TargetKind.ENEMY, "allies": TargetKind.ALLY, "creatures": TargetKind.CREATURE,
    "you": TargetKind.SELF, "you or an ally": TargetKind.SELF_OR_ALLY, "self or allies": TargetKind.SELF_OR_ALLY,
})]
RoleText = Annotated[Role, _choice(Role, "a role")]
ConditionText = Annotated[ConditionKind, _choice(ConditionKind, "a condition", {
    "combat advantage": ConditionKind.GRANTING_ADVANTAGE, "grants combat advantage": ConditionKind.GRANTING_ADVANTAGE,
    "ongoing": ConditionKind.ONGOING_DAMAGE,
})]
DurationText = Annotated[Duration, _choice(Duration, "a duration", {
    "end of your next turn": Duration.END_OF_SOURCE_NEXT_TURN,
    "start of your next turn": Duration.START_OF_SOURCE_NEXT_TURN,
    "end of its next turn": Duration.END_OF_TARGET_NEXT_TURN,
    "end of the target's next turn": Duration.END_OF_TARGET_NEXT_TURN,
    "end of encounter": Duration.ENCOUNTER,
})]
TriggerName = Annotated[str, _one_of(frozenset(TRIGGERS), "a trigger", spaces="_")]
ReactionKeyword = Annotated[str, _one_of(REACTION_KEYWORDS, "a reaction keyword")]
OldAction = Annotated[str, _one_of(OLD_ACTIONS, "an old action type")]
ReactionTargetText = Annotated[ReactionTarget, _choice(ReactionTarget, "a reaction target")]
RestrictionText = Annotated[RestrictionKind, _choice(RestrictionKind, "a restriction", {
    "non-minion attackers": RestrictionKind.NON_MINION_ATTACKERS, "only while bloodied": RestrictionKind.WHILE_BLOODIED,
})]


class Entry(BaseModel):
    """Strict (no text for numbers, no 0/1 for booleans), closed (a misspelt key is an error), frozen."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class ConditionEntry(Entry):
    """``{ condition = "slowed", until = "save ends" }``; ongoing damage adds ``value`` and ``damage``."""

    condition: ConditionText
    until: DurationText
    value: Annotated[int, Field(ge=1, le=999)] | None = None
    """Ongoing damage: how much each turn."""
    damage: Annotated[str, StringConstraints(to_lower=True, strip_whitespace=True)] = ""
    """Ongoing damage: its type (fire, poison...); empty for untyped."""

    @model_validator(mode="after")
    def _ongoing_damage_alone_takes_value_and_type(self) -> ConditionEntry:
        if self.condition is ConditionKind.ONGOING_DAMAGE:
            if self.value is None:
                raise ValueError('ongoing damage needs a value, as in { condition = "ongoing damage", value = 5, '
                                 'until = "save ends" }')
            if self.damage and self.damage not in DAMAGE_TYPES:
                raise ValueError(f"{quoted(self.damage)} is not a damage type{suggestion(self.damage, DAMAGE_TYPES)}; "
                                 f"use one of: {', '.join(sorted(DAMAGE_TYPES))}")
        elif self.value is not None or self.damage:
            raise ValueError("only ongoing damage takes a value and a damage type")
        return self


class ForcedEntry(Entry):
    """``{ push = 2 }``, ``{ pull = 1 }`` or ``{ slide = 3 }``: exactly one of them."""

    push: Annotated[int, Field(ge=1, le=20)] | None = None
    pull: Annotated[int, Field(ge=1, le=20)] | None = None
    slide: Annotated[int, Field(ge=1, le=20)] | None = None

    @model_validator(mode="after")
    def _exactly_one(self) -> ForcedEntry:
        if sum(d is not None for d in (self.push, self.pull, self.slide)) != 1:
            raise ValueError("forced movement is one of push, pull or slide, as in { push = 2 }")
        return self


class OutcomeEntry(Entry):
    """What a hit, a miss or the effect does to each target."""

    damage: DamageText | None = None
    half_damage: bool = False
    conditions: list[ConditionEntry] = []
    forced: ForcedEntry | None = None
    heal_surge: bool = False
    heal_bonus: Count = 0
    shift_self: Annotated[int, Field(ge=0, le=20)] = 0
    move_self: Annotated[int, Field(ge=0, le=20)] = 0


class ReactionEntry(Entry):
    """``{ trigger = "hit_by_attack", keywords = ["interrupt"] }`` or ``{ trigger = ..., old_action = ... }``."""

    trigger: TriggerName
    parameter: str = ""
    keywords: list[ReactionKeyword] = []
    old_action: OldAction | None = None
    class_feature: bool = False
    """An at-will class feature (a defender's mark...): input of the old-action translation."""
    target: ReactionTargetText | None = None
    """"trigger" (the creature that triggered it) or "choose" (seed 000's Targeting decision); by default
    "trigger" for melee and ranged powers against enemies with a trigger caused by an enemy."""

    @model_validator(mode="after")
    def _parameter_fits_trigger(self) -> ReactionEntry:
        trigger_parameter(self.trigger, self.parameter)
        return self

    @property
    def canonical_parameter(self) -> str:
        """The parameter as the engine names it (``"dazed"``, ``"standard"``)."""
        return trigger_parameter(self.trigger, self.parameter)

    @model_validator(mode="after")
    def _keywords_fit_together(self) -> ReactionEntry:
        if len(set(self.keywords)) != len(self.keywords):
            raise ValueError("a reaction keyword is listed twice")
        for keyword in ("free", "repeatable"):
            if keyword in self.keywords and "spontaneous" not in self.keywords:
                raise ValueError(f"'{keyword}' is a kind of spontaneous reaction: add 'spontaneous' to the keywords")
        return self


_PARAMETERS: dict[str, tuple[type[Enum], str]] = {
    "condition": (ConditionKind, "a condition"),
    "action": (ActionType, "an action"),
}
"""How to read ``reaction.parameter`` for each kind of parameter in ``TRIGGERS``."""


def trigger_parameter(trigger: str, text: str) -> str:
    """``text`` as the parameter of ``trigger`` (a condition or action name), or ``""`` if it takes none."""
    info = TRIGGERS[trigger]
    if info.parameter and not text:
        raise ValueError(f"trigger '{info.name}' needs a parameter naming the {info.parameter}")
    if not info.parameter:
        if text:
            raise ValueError(f"trigger '{info.name}' takes no parameter")
        return ""
    if info.parameter not in _PARAMETERS:
        return text
    choices, what = _PARAMETERS[info.parameter]
    return str(parse_choice(text, choices, what).value)


class PowerEntry(Entry):
    name: Name
    action: ActionText
    frequency: FrequencyText = Frequency.AT_WILL
    reach: ReachText
    targets: TargetText = TargetKind.ENEMY
    max_targets: Annotated[int, Field(ge=1, le=20)] | None = None
    """Melee and ranged: default 1. Area and close powers: at most this many in the area (default: all)."""
    attack: AttackText | None = None
    hit: OutcomeEntry = OutcomeEntry()
    miss: OutcomeEntry = OutcomeEntry()
    effect: OutcomeEntry = OutcomeEntry()
    keywords: list[Tag] = []
    basic: bool = False
    marks: bool = False
    reaction: ReactionEntry | None = None
    description: Description = ""


class DefensesEntry(Entry):
    ac: Annotated[int, Field(ge=1, le=99)]
    fortitude: Annotated[int, Field(ge=1, le=99)]
    reflex: Annotated[int, Field(ge=1, le=99)]
    will: Annotated[int, Field(ge=1, le=99)]


class RestrictionEntry(Entry):
    """A restriction of the sheet's default preparation: ``{ kind = "while_bloodied", power = "second_breath" }``.

    A sheet knows no creature or cell of an encounter, so its toward / away restrictions can only anchor
    on the triggering creature: ``{ kind = "move_away", power = "slip_aside", triggerer = true }``.
    """

    kind: RestrictionText
    power: Id | None = None
    triggerer: bool = False


class ReactionDefaultsEntry(Entry):
    limited: Id | None = None
    priority: list[Id] = []
    basic_attack: Id | None = None
    opportunity_attack: Id | None = None
    disabled: list[Id] = []
    restrictions: list[RestrictionEntry] = []


class CreatureEntry(Entry):
    name: Name
    level: Annotated[int, Field(ge=0, le=40)]
    role: RoleText
    hp: Annotated[int, Field(ge=1, le=9999)]
    defenses: DefensesEntry
    speed: Annotated[int, Field(ge=0, le=30)]
    initiative: Annotated[int, Field(ge=-20, le=50)]
    size: Annotated[int, Field(ge=1, le=2)] = 1
    minion: bool = False
    surges: Annotated[int, Field(ge=0, le=30)] = 0
    description: Description = ""
    shared_powers: list[Id] = []
    powers: dict[str, dict[str, Any]] = {}
    """The creature's own powers by id, each checked as a :class:`PowerEntry` on its own."""
    reaction_defaults: ReactionDefaultsEntry = ReactionDefaultsEntry()


class FileEntry(Entry):
    """A whole file: the ruleset its sheets are for (none: seed 000, checked by the loader), then shared powers
    and creatures, each a table keyed by its id (checked one by one)."""

    ruleset: str | None = None
    powers: dict[str, dict[str, Any]] = {}
    creatures: dict[str, dict[str, Any]] = {}
