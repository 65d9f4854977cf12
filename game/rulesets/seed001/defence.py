"""Seed 001's dodge, rebuff and deflect as pure rules over plain data (numbers in brackets are seed 001's lines).

"the event or trigger is basically suffering Body damage ... a minimal moment just before receiving the damage"
[6]; "For a melee strike, dodge or rebuff would be used. If struck by an arrow, then one of the deflection
skills" [7]; the creature "must have that skill" and "an available reaction" [7]; the d6 adjustment is "applied
against the lowest successful d20" or "compared to the highest roll", and under disadvantage "two d6 and
selected the lesser" [8]. :mod:`game.rulesets.seed001.pools` rolls the adjustment and takes it off; this module
says who may, what it would do to this blow (the exact odds a player is shown), and what it did.

Our readings: the reaction is asked when a blow with at least one success is about to deal Body damage, once
the attacker's pool is rolled (the defender sees the faces, so the odds are those of this very pool). It
answers any attack that deals Body, an attack of opportunity and an impalement too. The d6 is rolled under
disadvantage when the defender is exhausted or the blow was a heavy weapon's with a raw 18+ [24].
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from game.rulesets.seed001 import pools
from game.rulesets.seed001.sheets import Delivery, Skill, Weapon

KIND = "reaction:defence"
"""The decision kind of a dodge, rebuff or deflect (standing orders are set per kind: one for the three, as a
creature has at most one that answers a given blow)."""


@dataclass(frozen=True, slots=True)
class Blow:
    """A blow about to deal Body damage: its rolled pool, its weapon's weight and heaviness, the attacker's
    Strength, how it arrives, and whether it is an attack of opportunity (1 point for the dice [14])."""

    pool: pools.Pool
    weight: int
    strength: int
    delivery: Delivery
    heavy: bool = False
    opportunity: bool = False

    @staticmethod
    def of(pool: pools.Pool, weapon: Weapon, strength: int, opportunity: bool = False) -> Blow:
        return Blow(pool, weapon.weight, strength, weapon.delivery, weapon.heavy, opportunity)

    def damage(self, pool: pools.Pool | None = None) -> int:
        p = self.pool if pool is None else pool
        rule = pools.opportunity_damage if self.opportunity else pools.attack_damage
        return rule(p.successes, self.weight, self.strength)

    @property
    def heavy_struck(self) -> bool:
        """A heavy weapon's raw 18+: the reaction is rolled under disadvantage [24]."""
        return self.heavy and self.pool.heavy


@dataclass(frozen=True, slots=True)
class Defender:
    """What the rule reads of the one struck."""

    name: str
    skills: Mapping[Skill, int]
    has_reaction: bool
    exhausted: bool = False

    def skill_for(self, delivery: Delivery) -> Skill | None:
        """The higher-ranked skill answering ``delivery`` (dodge on a tie with rebuff) [7]."""
        fits = [s for s in Skill if s.delivery is delivery and s in self.skills]
        return max(fits, key=lambda s: (self.skills[s], s is Skill.DODGE), default=None)


@dataclass(frozen=True, slots=True)
class Offer:
    """A defence a defender may make against a blow, with what it would do."""

    skill: Skill
    rank: int
    edge: pools.Edge
    chance: Fraction
    """The exact chance the adjustment takes a success off this pool."""
    damage: int
    """The blow's damage if it does not."""
    reduced: int
    """The blow's damage if it does."""


def why_not(defender: Defender, blow: Blow) -> str:
    """Why ``defender`` may not answer ``blow`` ("" if it may) [6-7]."""
    if blow.damage() <= 0:
        return "no Body damage is coming: nothing to dodge [6]"
    if defender.skill_for(blow.delivery) is None:
        what = "dodge or rebuff" if blow.delivery is Delivery.MELEE else "a deflection skill"
        return f"{defender.name} lacks {what} against a {blow.delivery.value} blow [7]"
    if not defender.has_reaction:
        return f"{defender.name} has used its reaction this round [7]"
    return ""


def chance(pool: pools.Pool, against: pools.Against, edge: pools.Edge, rank: int) -> Fraction:
    """The exact chance that an adjustment (d6 as ``edge`` rolls it, + ``rank``) takes the lowest or highest
    successful die of this very pool below its TM."""
    index = pool.pick(against)
    if index is None:
        return Fraction(0)
    need = pool.faces[index] - pool.tm + 1
    return sum((p for a, p in pools.adjustment_chances(edge, rank).items() if a >= need), Fraction(0))


def offer(defender: Defender, blow: Blow) -> Offer | None:
    """The defence ``defender`` may make against ``blow``, with its odds, or None [6-8]."""
    if why_not(defender, blow):
        return None
    skill = defender.skill_for(blow.delivery)
    assert skill is not None
    rank = defender.skills[skill]
    edge = pools.reaction_edge(defender.exhausted, blow.heavy_struck)
    index = blow.pool.pick(skill.against)
    assert index is not None
    reduced = blow.damage(pools.Pool(blow.pool.faces, blow.pool.tm, blow.pool.lost + (index,)))
    return Offer(skill, rank, edge, chance(blow.pool, skill.against, edge, rank), blow.damage(), reduced)


def resolve(blow: Blow, skill: Skill, adjustment: int) -> pools.Pool:
    """The blow's pool after the adjustment is taken off the skill's die [8]."""
    return blow.pool.adjusted(adjustment, skill.against)


def question(defender: Defender, attacker: str, made: Offer) -> str:
    """The decision's words: the skill, the die it works against, the exact odds and the damage either way."""
    dice = {pools.Edge.NONE: "d6", pools.Edge.DISADVANTAGE: "2d6kl1", pools.Edge.ADVANTAGE: "2d6kh1"}[made.edge]
    die = "lowest" if made.skill.against is pools.Against.LOWEST else "highest"
    word = made.skill.value.replace("_", " ")
    return (f"{word} {attacker}'s blow? {dice}+{made.rank} off its {die} success: "
            f"{float(made.chance):.0%} to take {made.damage} Body down to {made.reduced} [6-8]")
