"""Seed 001's core (ours) under the document's figures: pools of d20s against a target number, attack of
opportunity and impalement dice and damage, the d6 adjustment of dodge, rebuff and deflect, Body and
Endurance, the thrown rider, and the exact odds."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from game.kernel.dice import Dice
from game.kernel.events import DiceRolled, Event
from game.rulesets.seed001 import pools
from game.rulesets.seed001.pools import Against, Edge, Vitals, pool_of


def logged() -> tuple[Dice, list[Event]]:
    events: list[Event] = []
    return Dice(7, events.append), events


def test_a_die_succeeds_at_or_above_the_target_number() -> None:
    """Seed 001, line 24: "a glaive would still inflict disadvantage if any raw die score were 18 or higher"
    (high is good); line 17: "a successful Agility check (TM:10)"."""
    pool = pool_of((9, 10, 20), 10)
    assert pool.successful == (1, 2) and pool.successes == 2
    assert pools.check_succeeds(8, 2, pools.DISMOUNT_TM) and not pools.check_succeeds(7, 2, pools.DISMOUNT_TM)
    assert pools.DISMOUNT_TM == 10


def test_a_heavy_weapon_conveys_on_any_raw_face_of_18_or_more() -> None:
    """Seed 001, line 24: "a glaive would still inflict disadvantage if any raw die score were 18 or higher"."""
    assert pool_of((3, 18, 2), 19).heavy      # raw, even when that die fails
    assert not pool_of((17, 17, 17), 5).heavy


def test_an_attack_of_opportunity_rolls_at_most_two_dice_and_its_dice_deal_one_point() -> None:
    """Seed 001, line 14: "it has a maximum of 2d20 that can be used from a standard attack ... even if 2d20s
    can be used and both actually succeed, the damage is limited to the 1 point for that die, the Weapon Wgt
    value and any Strength modifier, making the best damage inflicted somewhere around five points"."""
    assert [pools.opportunity_dice(n) for n in (1, 2, 3, 5)] == [1, 2, 2, 2]
    assert pools.opportunity_damage(2, 3, 1) == pools.opportunity_damage(1, 3, 1) == 5
    assert pools.opportunity_damage(0, 3, 1) == 0
    assert pools.attack_damage(2, 3, 1) == 6      # a standard attack counts every success


def test_impalement_rolls_three_dice_four_with_forte() -> None:
    """Seed 001, line 24: "a total of 3d20 are rolled in the reaction ... if the pikeman has weapon forte in
    the specific polearm being used, then 4d20 are rolled"."""
    assert pools.impalement_dice(False) == 3 and pools.impalement_dice(True) == 4


def test_the_adjustment_is_taken_off_the_lowest_or_highest_successful_die() -> None:
    """Seed 001, line 8: "Sometimes the d6 adjustment roll will be applied against the lowest successful d20,
    while other times it will be compared to the highest roll"."""
    pool = pool_of((12, 4, 19), 11)
    assert pool.adjusted(2, Against.LOWEST).successful == (2,)          # 12 - 2 = 10 < 11: lost
    assert pool.adjusted(1, Against.LOWEST).successful == (0, 2)        # 12 - 1 = 11 stays
    assert pool.adjusted(6, Against.HIGHEST).successful == (0, 2)       # 19 - 6 = 13 stays
    assert pool.adjusted(9, Against.HIGHEST).successful == (0,)         # 19 - 9 = 10 < 11: lost
    assert pool_of((3, 4), 11).adjusted(6, Against.LOWEST).successes == 0


def test_disadvantage_rolls_two_d6_and_keeps_the_lesser() -> None:
    """Seed 001, line 8: "Unless stated otherwise, this would be rolling two d6 and selected the lesser or the
    greater of the two rolls"."""
    dice, events = logged()
    value = pools.roll_adjustment(dice, Edge.DISADVANTAGE, 0, "dodge")
    roll = events[-1]
    assert isinstance(roll, DiceRolled) and roll.expression == "2d6kl1"
    assert value == min(roll.faces)
    pools.roll_adjustment(dice, Edge.ADVANTAGE, 1, "dodge")
    roll = events[-1]
    assert isinstance(roll, DiceRolled) and roll.expression == "2d6kh1+1" and roll.total == max(roll.faces) + 1
    assert Edge.of(True) is Edge.DISADVANTAGE and Edge.of(True, True) is Edge.NONE


def test_a_thrown_rider_lands_halves_the_fall_or_crashes() -> None:
    """Seed 001, line 17: "the rider can choose to use a reaction to land on his or her feet ... a successful
    Agility check (TM:10) must be made to descend safely. Even if failing the save, the rider suffers only half
    the normal damage from the fall and will further roll up to a standing position"."""
    assert pools.thrown_rider_fall(5, reacted=True, landed=True) == 0
    assert pools.thrown_rider_fall(5, reacted=True, landed=False) == 2
    assert pools.thrown_rider_fall(5, reacted=False, landed=False) == 5
    assert not pools.thrown_rider_prone(True) and pools.thrown_rider_prone(False)


def test_body_and_endurance() -> None:
    """Seed 001, line 6: the trigger "is basically suffering Body damage" (our Body: wounds; Endurance:
    stamina, its own track)."""
    v = Vitals.fresh(10, 4)
    assert v.wounded(10).incapacitated and not v.wounded(9).incapacitated
    assert v.tired(9).exhausted and v.tired(9).endurance == 0 and v.tired(9).body == 10
    with pytest.raises(ValueError):
        Vitals.fresh(0, 3)


def test_a_rolled_pool_is_logged_and_seeded() -> None:
    """Seed 001, line 24: "3d20 are rolled" (one logged roll of the pool)."""
    dice, events = logged()
    pool = pools.roll_pool(dice, 3, 11, "impalement")
    again = pools.roll_pool(Dice(7, lambda e: None), 3, 11, "impalement")
    assert pool == again and len(pool.faces) == 3
    roll = events[-1]
    assert isinstance(roll, DiceRolled) and roll.expression == "3d20" and roll.faces == pool.faces
    with pytest.raises(ValueError):
        pools.roll_pool(dice, pools.MAX_POOL + 1, 11, "too many")


# -- exact odds against brute force --------------------------------------------------------------------


def brute_successes(count: int, tm: int) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    faces = [()]  # type: list[tuple[int, ...]]
    for _ in range(count):
        faces = [f + (d,) for f in faces for d in range(1, 21)]
    for f in faces:
        k = pool_of(f, tm).successes
        out[k] = out.get(k, Fraction(0)) + Fraction(1, 20 ** count)
    return out


@pytest.mark.parametrize("count,tm", [(1, 11), (2, 14), (3, 7), (2, 21), (3, 1)])
def test_success_chances_are_exact(count: int, tm: int) -> None:
    """Seed 001, line 14: "even if 2d20s can be used and both actually succeed" (the chance of each count)."""
    expected = brute_successes(count, tm)
    got = {k: p for k, p in pools.success_chances(count, tm).items() if p}
    assert got == expected


@pytest.mark.parametrize("against", list(Against))
@pytest.mark.parametrize("edge", list(Edge))
def test_expected_damage_against_a_reaction_is_exact(against: Against, edge: Edge) -> None:
    """Seed 001, line 8: the d6 adjustment "applied against the lowest successful d20 ... compared to the
    highest roll", rolled under disadvantage as two d6 keep the lesser: brute force over every 2d20 and d6."""
    tm, weight, strength, rank = 12, 2, 1, 1
    total = Fraction(0)
    adjust = pools.adjustment_chances(edge, rank)
    for a in range(1, 21):
        for b in range(1, 21):
            pool = pool_of((a, b), tm)
            for value, p in adjust.items():
                hits = pool.adjusted(value, against).successes
                total += Fraction(1, 400) * p * pools.attack_damage(hits, weight, strength)
    assert pools.expected_damage(2, tm, weight, strength, reaction=against, edge=edge, rank=rank) == total
    assert total < pools.expected_damage(2, tm, weight, strength)


@given(st.integers(0, 6), st.integers(1, 21))
def test_success_chances_sum_to_one(count: int, tm: int) -> None:
    """Seed 001, line 24: a pool of d20s; its outcomes are every count of successes, 0 to all of them."""
    chances = pools.success_chances(count, tm)
    assert sum(chances.values()) == 1 and set(chances) == set(range(count + 1))


@given(st.lists(st.integers(1, 20), min_size=0, max_size=6), st.integers(1, 21), st.integers(0, 12),
       st.sampled_from(list(Against)))
def test_an_adjustment_takes_away_at_most_one_success(faces: list[int], tm: int, adjustment: int,
                                                       against: Against) -> None:
    """Seed 001, line 6: the reaction "has the chance to prevent or lessen the wounding" (never adds)."""
    pool = pool_of(tuple(faces), tm)
    after = pool.adjusted(adjustment, against)
    assert pool.successes - 1 <= after.successes <= pool.successes
    assert set(after.successful) <= set(pool.successful)


@given(st.integers(0, 6), st.integers(0, 5), st.integers(-2, 4))
def test_opportunity_damage_never_exceeds_a_standard_attack(successes: int, weight: int, strength: int) -> None:
    """Seed 001, line 14: "the damage is limited to the 1 point for that die"."""
    assert pools.opportunity_damage(successes, weight, strength) <= pools.attack_damage(successes, weight, strength)


def test_a_heavy_blow_or_exhaustion_puts_the_reaction_under_disadvantage() -> None:
    """Seed 001, line 24: "a glaive would still inflict disadvantage if any raw die score were 18 or higher";
    line 8: "it could be that a character is in under the disadvantage restriction"."""
    assert pools.reaction_edge(exhausted=False, struck_heavy=False) is Edge.NONE
    assert pools.reaction_edge(exhausted=False, struck_heavy=True) is Edge.DISADVANTAGE
    assert pools.reaction_edge(exhausted=True, struck_heavy=False) is Edge.DISADVANTAGE
    assert pools.reaction_edge(exhausted=True, struck_heavy=True, advantage=True) is Edge.NONE


@given(st.integers(0, 5), st.integers(1, 21), st.sampled_from(list(Against)), st.sampled_from(list(Edge)),
       st.integers(0, 3))
def test_more_dice_never_lower_the_expected_damage(count: int, tm: int, against: Against, edge: Edge,
                                                   rank: int) -> None:
    """Seed 001, line 24: "if the pikeman has weapon forte ... then 4d20 are rolled" (a bigger pool is better)."""
    fewer = pools.expected_damage(count, tm, 2, 1, reaction=against, edge=edge, rank=rank)
    more = pools.expected_damage(count + 1, tm, 2, 1, reaction=against, edge=edge, rank=rank)
    assert fewer <= more
    assert 0 <= pools.cancel_chance(count, tm, against, edge, rank) <= 1
