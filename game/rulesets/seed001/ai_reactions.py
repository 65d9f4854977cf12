"""How seed 001's AI answers its reaction decisions (numbers in brackets are seed 001's lines).

"fighters often choose not to waste their one reaction to swing at a passerby; often saving that reaction for a
more important event once engaging the desired target. This is especially true if said combatant has a dodge
skill" [13]. Our rule, in numbers from :mod:`game.rulesets.seed001.pools`' exact odds:

* **a dodge is likely needed this round** when the creature has a skill answering some foe's blows and a foe
  still to act this round can reach it (its movement + reach): a *threat*. What keeping the reaction is worth is
  the most Body a dodge (rebuff, deflect) saves on average against one threat's full attack.
* **attack of opportunity**: taken only when it is worth more than keeping the reaction, i.e. its expected
  damage (at most 2d20, 1 point for the dice [14]) exceeds that saving; with no threat (or no skill), always.
  So a foe stronger than a passer-by (a full pool's attack to come) keeps the reaction for the dodge.
* **impalement** [24]: 3d20 or 4d20 at full damage, taken when its expected damage exceeds that saving.
* **dodge, rebuff, deflect**: taken whenever it may take a success off (the blow is here; a later one is less
  sure than this one).
* **stand up by reaction** [32]: taken when no dodge is likely needed, or when its turn comes after the d4
  is surely done (4 seconds or more from now) and its best attack's expected damage is worth more than
  keeping the reaction (the reaction buys the action back for the attack); otherwise the creature keeps its
  reaction and stands by action on its turn.
* **dismount** [17]: always taken (nothing better is likely to come this round for a thrown rider).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from game.rulesets.seed001 import pools
from game.rulesets.seed001.sheets import Delivery, Skill


@dataclass(frozen=True, slots=True)
class Threat:
    """A foe still to act this round that can reach the creature: its attack as the odds read it."""

    pool: int
    weight: int
    strength: int
    delivery: Delivery = Delivery.MELEE


def skill_for(skills: Mapping[Skill, int], delivery: Delivery) -> Skill | None:
    fits = [s for s in Skill if s.delivery is delivery and s in skills]
    return max(fits, key=lambda s: (skills[s], s is Skill.DODGE), default=None)


def dodge_saving(skills: Mapping[Skill, int], guard: int, exhausted: bool, threat: Threat) -> Fraction:
    """The Body a defence saves on average against ``threat``'s full attack (0 without a skill answering it)."""
    skill = skill_for(skills, threat.delivery)
    if skill is None:
        return Fraction(0)
    edge = pools.reaction_edge(exhausted, False)
    plain = pools.expected_damage(threat.pool, guard, threat.weight, threat.strength)
    dodged = pools.expected_damage(threat.pool, guard, threat.weight, threat.strength, reaction=skill.against,
                                   edge=edge, rank=skills[skill])
    return plain - dodged


def keeping_worth(skills: Mapping[Skill, int], guard: int, exhausted: bool, threats: Sequence[Threat]) -> Fraction:
    """What keeping the reaction for a defence is worth this round: the most any threat's dodge saves."""
    return max((dodge_saving(skills, guard, exhausted, t) for t in threats[:50]), default=Fraction(0))


def take_opportunity(dice: int, tm: int, weight: int, strength: int, keeping: Fraction) -> bool:
    """Spend the reaction on an attack of opportunity: only when it is worth more than keeping it [13]."""
    return pools.expected_damage(dice, tm, weight, strength, opportunity=True) > keeping


def take_impalement(dice: int, tm: int, weight: int, strength: int, keeping: Fraction) -> bool:
    """Spend the reaction on an impalement when it is worth more than keeping it (nearly always)."""
    return pools.expected_damage(dice, tm, weight, strength) > keeping


def take_defence(chance: Fraction) -> bool:
    """Dodge (rebuff, deflect) whenever the adjustment may take a success off."""
    return chance > 0


def take_stand(keeping: Fraction, action_worth: Fraction = Fraction(0)) -> bool:
    """Stand by reaction when no dodge is likely needed this round, or when the action it saves is worth more
    than keeping the reaction [32-33]: ``action_worth`` is its best attack's expected damage when its turn
    comes after the stand-up is surely due (else 0: it would stand by action anyway)."""
    return keeping == 0 or action_worth > keeping


def take_dismount() -> bool:
    """Always try to land on one's feet [17]."""
    return True
