"""Seed 002's exact attack odds for the AI (issue 19 item 6): hit chance and damage levels, against passive and
active defense, with and without Smash."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from game.rulesets.seed002 import checks, odds
from game.rulesets.seed002.track import DAMAGE_DOWN, Track, levels_from


def test_hit_chance_against_passive_defense() -> None:
    """Seed 002, line 35: "Instead of having a passive defense, where you just add 10": +6 against Defense 4 needs
    a 8 (13 of 20)."""
    assert odds.hit_chance(6, 4) == Fraction(13, 20)
    assert odds.hit_chance(6, 4, advantage=-1) == Fraction(12, 20)


def test_hit_chance_against_a_defend_check_counts_both_dice() -> None:
    """Seed 002, line 35: "you make a defense check to determine your defense versus each attack made on you"."""
    brute = Fraction(sum(1 for a, d in product(range(1, 21), repeat=2) if a + 6 >= d + 4), 400)
    assert odds.hit_chance(6, 4, defended=True) == brute


def test_levels_by_brute_force_with_and_without_smash() -> None:
    """Seed 002, line 135: "Instead of having a passive damage or effect rank, where you just add 10, you make a
    damage or effect rank check"; line 137: "make a Toughness resistance check against the damage"."""
    track = Track(damage=1)
    toughness, damage = 4, 5
    passive: dict[int, Fraction] = {}
    for t in range(1, 21):
        n = min(DAMAGE_DOWN - 1, levels_from(checks.resolve(t, toughness - 1, 15)))
        passive[n] = passive.get(n, Fraction(0)) + Fraction(1, 20)
    assert odds.hit_levels(track, toughness, damage) == passive
    smashed: dict[int, Fraction] = {}
    for s, t in product(range(1, 21), repeat=2):
        n = min(DAMAGE_DOWN - 1, levels_from(checks.resolve(t, toughness - 1, s + damage)))
        smashed[n] = smashed.get(n, Fraction(0)) + Fraction(1, 400)
    assert odds.hit_levels(track, toughness, damage, smash=True) == smashed


@given(st.integers(-2, 12), st.integers(0, 8), st.integers(0, 10), st.integers(0, 3), st.integers(-2, 8),
       st.booleans(), st.booleans())
def test_attack_odds_sum_to_one_and_misses_add_nothing(bonus: int, defense: int, damage: int, hurt: int,
                                                       toughness: int, defended: bool, smash: bool) -> None:
    """Seed 002, line 26: "make a close attack check against any opponent": a miss adds no damage."""
    track = Track(damage=hurt)
    result = odds.attack_odds(bonus, defense, damage, track, toughness, defended=defended, smash=smash)
    assert sum(result.levels.values()) == 1
    assert result.levels.get(0, Fraction(0)) >= 1 - result.hit
    assert result.expected_levels <= result.hit * (DAMAGE_DOWN - hurt)
    assert odds.down_chance(result, track) == result.at_least(DAMAGE_DOWN - hurt)


def test_down_chance_of_a_staggered_target() -> None:
    """Seed 002, line 37: "your highest level of damage": a staggered target (3 levels) goes down on any
    failed Toughness check after a hit."""
    track = Track(damage=3)
    result = odds.attack_odds(6, 4, 6, track, 4)
    assert odds.down_chance(result, track) == result.hit * (1 - checks.chance_of_success(4 - 3 - 1, 16))
    assert odds.down_chance(result, Track(damage=4)) == 1


def test_stunt_chances_count_the_attack_at_minus_one_and_the_opposed_damage_check() -> None:
    """Seed 002, line 46: "Make an attack check with a -1 Disadvantage to the attack check. If the attack succeeds,
    make an opposed check of your attack's damage against the defender's Fortitude or Reflex"; line 51: "You push
    your target 5 feet per degree of success"."""
    result = odds.stunt_chances(6, 4, 5, 3)
    assert sum(result.values()) == 1
    hit = odds.hit_chance(5, 4)
    won = checks.opposed_chances(5, 3)
    assert result[0] == 1 - hit + hit * sum(p for k, p in won.items() if k < 0)
    assert result[2] == hit * won[2]
    assert odds.stunt_chances(6, 4, 5, 3, penalty=2)[0] > result[0]
