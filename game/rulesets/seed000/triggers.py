"""The names of reaction triggers, as content files write them.

Each trigger is a moment the engine already marks with an event or a break
point; the reaction system (seed 000) matches prepared reactions against them.
``parameter`` says what, if anything, a trigger takes in ``ReactionSpec.parameter``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TriggerInfo:
    name: str
    description: str
    parameter: str = ""
    """What ``ReactionSpec.parameter`` names for this trigger ("" = none)."""
    on_attack_roll: bool = False
    """Triggered by an attack roll (seed 000: translated powers add Interrupt)."""
    by_enemy: bool = False
    """An enemy's action triggers it, and that enemy is the reaction's natural target ("the triggerer");
    the restrictions "only on attacks by non-minions" and "only against" look at it."""
    spontaneous: bool = False
    """Seed 000's special cases: a translated reaction with this trigger adds Spontaneous."""


TRIGGERS: dict[str, TriggerInfo] = {t.name: t for t in (
    TriggerInfo("enemy_leaves_threatened_cell", "an enemy leaves a cell you threaten (not by shifting or forced movement)",
                by_enemy=True),
    TriggerInfo("adjacent_enemy_uses_ranged_or_area", "an enemy adjacent to you uses a ranged or area power",
                by_enemy=True),
    TriggerInfo("targeted_by_attack", "an enemy targets you with an attack", on_attack_roll=True, by_enemy=True),
    TriggerInfo("hit_by_attack", "an enemy hits you with an attack", on_attack_roll=True, by_enemy=True),
    TriggerInfo("missed_by_attack", "an enemy misses you with an attack", on_attack_roll=True, by_enemy=True),
    TriggerInfo("adjacent_ally_attacked", "an enemy attacks an ally adjacent to you", on_attack_roll=True,
                by_enemy=True),
    TriggerInfo("enemy_ends_move_adjacent", "an enemy ends its move adjacent to you", by_enemy=True),
    TriggerInfo("becomes_bloodied", "you become bloodied", spontaneous=True),
    TriggerInfo("drops_to_zero", "you drop to 0 hit points or fewer", spontaneous=True),
    TriggerInfo("suffers_condition", "you suffer a named condition", parameter="condition", spontaneous=True),
    TriggerInfo("spends_surge", "you spend a healing surge", spontaneous=True),
    TriggerInfo("initiative_rolled", "initiative is rolled", spontaneous=True),
    TriggerInfo("own_action", "you take an action of a given kind yourself", parameter="action"),
)}

REACTION_KEYWORDS = frozenset({"spontaneous", "free", "repeatable", "personal", "interrupt"})
"""Seed 000's keywords of reaction powers."""
