"""Seed 002's damage and fatigue track (issue 19 item 5): Toughness checks against damage, levels, fatigue,
Recover and the public words."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.kernel.dice import Dice
from game.kernel.events import DiceRolled, Event
from game.rulesets.seed002 import checks
from game.rulesets.seed002.track import (DAMAGE_DOWN, FATIGUE_DOWN, DamageState, FatigueState, Track,
                                         damage_chances, damage_dc, levels_from, resist)

tracks = st.builds(Track, st.integers(0, DAMAGE_DOWN), st.integers(0, FATIGUE_DOWN), st.integers(0, 9))


def test_passive_damage_dc_is_ten_plus_rank_and_smash_rolls_it() -> None:
    """Seed 002, line 135: "Instead of having a passive damage or effect rank, where you just add 10, you make a
    damage or effect rank check"."""
    assert damage_dc(5) == 15
    assert damage_dc(5, rolled=17) == 22
    with pytest.raises(ValueError):
        damage_dc(5, rolled=21)


def test_each_degree_of_failure_is_a_level_of_damage() -> None:
    """Seed 002, line 137: "make a Toughness resistance check against the damage of your attack" (our reading:
    each degree of failure adds a level of damage; a success adds none)."""
    assert levels_from(checks.resolve(12, 3, 15)) == 0
    assert levels_from(checks.resolve(11, 3, 15)) == 1
    assert levels_from(checks.resolve(5, 3, 15)) == 2
    assert levels_from(checks.resolve(1, 3, 15)) == 3
    assert Track().hurt(3).damage_state is DamageState.STAGGERED
    assert Track().hurt(9).damage == DAMAGE_DOWN and Track().hurt(9).is_down


def test_bruises_weaken_toughness_and_staggered_gives_disadvantage() -> None:
    """Seed 002, line 37: "your highest level of damage or fatigue" (levels our reading: -1 Toughness per level,
    staggered and exhausted 1 Disadvantage each)."""
    assert Track(damage=1).toughness_bonus(4) == 3
    assert Track(damage=2).damage_state is DamageState.BRUISED
    assert Track(damage=3).toughness_bonus(4) == 0
    assert Track(damage=3, fatigue=2).disadvantage == 2
    assert Track(fatigue=1).speed_change == -1 and Track().speed_change == 0


def test_fatigue_goes_fatigued_exhausted_incapacitated() -> None:
    """Seed 002, line 133: "the character becomes fatigued. A fatigued character who uses a Surge becomes exhausted
    and an exhausted character who uses a Surge is incapacitated"."""
    t = Track().tire()
    assert t.fatigue_state is FatigueState.FATIGUED
    t = t.tire()
    assert t.fatigue_state is FatigueState.EXHAUSTED and not t.is_down
    t = t.tire()
    assert t.fatigue_state is FatigueState.INCAPACITATED and t.is_down
    assert t.tire() == t


def test_recover_removes_the_highest_level_and_adds_stress() -> None:
    """Seed 002, line 37: "When you use Recover, you gain 1 point of Stress, but remove your highest level of
    damage or fatigue"."""
    assert Track(damage=2, fatigue=1).recover() == Track(damage=1, fatigue=1, stress=1)
    assert Track(damage=1, fatigue=2, stress=3).recover() == Track(damage=1, fatigue=1, stress=4)
    assert Track(damage=1, fatigue=1).recover() == Track(damage=0, fatigue=1, stress=1)
    assert not Track(stress=2).can_recover
    with pytest.raises(ValueError):
        Track().recover()


@given(tracks)
def test_recover_never_raises_a_level_and_always_adds_one_stress(track: Track) -> None:
    """Seed 002, line 37: Recover removes one level and adds one Stress."""
    if track.can_recover:
        after = track.recover()
        assert after.damage + after.fatigue == track.damage + track.fatigue - 1
        assert after.stress == track.stress + 1


def test_public_words() -> None:
    """Seed 002, line 133: fatigued, exhausted, incapacitated: a word per state for the players' display."""
    assert Track().word == "unhurt"
    assert Track(damage=1).word == "bruised"
    assert Track(damage=3, fatigue=1).word == "staggered, fatigued"
    assert Track(fatigue=2).word == "exhausted"
    assert Track(damage=4).word == "down"
    assert Track(fatigue=3).word == "down"


def test_resist_rolls_toughness_with_the_penalties_and_logs_it() -> None:
    """Seed 002, line 137: "make a Toughness resistance check": rolled with the bruised penalty, logged."""
    log: list[Event] = []
    outcome, after = resist(Dice(2, log.append), Track(damage=1), 4, 15)
    rolled = [e for e in log if isinstance(e, DiceRolled)]
    assert len(rolled) == 1 and rolled[0].purpose == "toughness"
    assert outcome == checks.resolve(rolled[0].faces[0], 3, 15)
    assert after.damage == 1 + levels_from(outcome)


@given(tracks, st.integers(-3, 10), st.integers(5, 30))
def test_damage_chances_sum_to_one_and_never_pass_down(track: Track, toughness: int, dc: int) -> None:
    """Seed 002, line 137: a Toughness check's outcome as exact chances of levels added."""
    odds = damage_chances(track, toughness, dc)
    assert sum(odds.values()) == 1
    assert max(odds) <= DAMAGE_DOWN - track.damage


def test_damage_chances_example() -> None:
    """Seed 002, line 135: damage rank 5 against Toughness 5 (passive DC 15): 11 in 20 no damage."""
    odds = damage_chances(Track(), 5, damage_dc(5))
    assert odds[0] == Fraction(11, 20)
    assert odds[1] == Fraction(4, 20) and odds[2] == Fraction(5, 20)


def test_a_track_out_of_range_is_refused() -> None:
    """Seed 002, line 133: incapacitated is the last level of fatigue."""
    with pytest.raises(ValueError):
        Track(fatigue=FATIGUE_DOWN + 1)
