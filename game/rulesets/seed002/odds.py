"""Exact odds of an attack for the AI and the window (numbers in brackets are seed 002's lines): the chance it
hits and the levels of damage it adds, counted over every face of the dice, never sampled.

An attack check is d20 + attack bonus (Advantage netted in) against the target's passive Defense, 10 + rank
[35], or, when the target Defends, against its defense check, d20 + rank ("you make a defense check to
determine your defense versus each attack" [35]; a hit still needs total >= that DC). A hit makes the target
roll Toughness against 10 + damage rank, or against the attacker's d20 + rank with a Smash [135]
(:mod:`game.rulesets.seed002.track`). Attacks hit or miss: their degrees of success change nothing here.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.rulesets.seed002 import checks
from game.rulesets.seed002.track import DAMAGE_DOWN, Track, damage_chances, damage_dc

_FACE = Fraction(1, checks.DIE)


@dataclass(frozen=True, slots=True)
class AttackOdds:
    """What one attack may do, exactly."""

    hit: Fraction
    """The chance it hits."""
    levels: dict[int, Fraction]
    """The chance of each number of damage levels it adds (0: a miss or a resisted hit); sums to 1."""

    @property
    def expected_levels(self) -> Fraction:
        """The damage levels it adds on average."""
        return sum((n * p for n, p in self.levels.items()), Fraction(0))

    def at_least(self, levels: int) -> Fraction:
        """The chance it adds ``levels`` levels or more."""
        return sum((p for n, p in self.levels.items() if n >= levels), Fraction(0))


def hit_chance(attack_bonus: int, defense: int, *, advantage: int = 0, defended: bool = False) -> Fraction:
    """The chance an attack check hits a target of Defense rank ``defense``: against 10 + rank, or (``defended``)
    against the target's defense check d20 + rank."""
    if not defended:
        return checks.chance_of_success(attack_bonus, checks.passive(defense), advantage=advantage)
    return sum((checks.chance_of_success(attack_bonus, face + defense, advantage=advantage)
                for face in range(1, checks.DIE + 1)), Fraction(0)) * _FACE


def hit_levels(track: Track, toughness: int, damage: int, *, smash: bool = False) -> dict[int, Fraction]:
    """The chance of each number of levels a hit of damage rank ``damage`` adds to a target in state ``track``
    with ``toughness``: against 10 + rank, or (``smash``) against the attacker's d20 + rank."""
    if not smash:
        return damage_chances(track, toughness, damage_dc(damage))
    out: dict[int, Fraction] = {}
    for face in range(1, checks.DIE + 1):
        for levels, p in damage_chances(track, toughness, damage_dc(damage, rolled=face)).items():
            out[levels] = out.get(levels, Fraction(0)) + p * _FACE
    return out


def attack_odds(attack_bonus: int, defense: int, damage: int, track: Track, toughness: int, *, advantage: int = 0,
                defended: bool = False, smash: bool = False) -> AttackOdds:
    """The exact odds of one attack: its chance to hit and of each number of levels it adds."""
    hit = hit_chance(attack_bonus, defense, advantage=advantage, defended=defended)
    levels = {n: p * hit for n, p in hit_levels(track, toughness, damage, smash=smash).items()}
    levels[0] = levels.get(0, Fraction(0)) + 1 - hit
    return AttackOdds(hit, levels)


def down_chance(odds: AttackOdds, track: Track) -> Fraction:
    """The chance the attack puts a target in state ``track`` down (to :data:`DAMAGE_DOWN` levels)."""
    if track.is_down:
        return Fraction(1)
    return odds.at_least(DAMAGE_DOWN - track.damage)


def stunt_chances(attack_bonus: int, defense: int, damage: int, resistance: int, *, advantage: int = 0,
                  penalty: int = 1, defended: bool = False) -> dict[int, Fraction]:
    """The exact chance of each number of degrees of success a Stunt [45-46] wins by (0: the attack missed or the
    opposed check was lost): an attack check at ``penalty`` ranks of Disadvantage (1; 2 for a disarm of a
    two-handed hold or a break of a held object [48, 52]), then, on a hit, an opposed check of the attack's
    damage rank against the defender's ``resistance`` (Fortitude or Reflex). Push and pull move the target
    5 feet a degree [50-51]."""
    hit = hit_chance(attack_bonus, defense, advantage=advantage - penalty, defended=defended)
    out: dict[int, Fraction] = {0: 1 - hit}
    for signed, p in checks.opposed_chances(damage, resistance).items():
        key = max(0, signed)
        out[key] = out.get(key, Fraction(0)) + p * hit
    return out
