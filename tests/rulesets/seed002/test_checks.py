"""Seed 002's checks: degrees, Advantage ranks, Raise, opposed checks, Hunch and exact odds (issue 19 item 5)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.kernel.dice import Dice
from game.kernel.events import DiceRolled, Event
from game.rulesets.seed002 import checks
from game.rulesets.seed002.checks import Outcome

bonuses = st.integers(-10, 30)
dcs = st.integers(0, 45)
dies = st.integers(1, 20)


def test_success_meets_the_dc_and_degrees_count_full_fives() -> None:
    """Seed 002, line 55: "Success grants your ally +1 Advantage per degree of success" (degrees undefined:
    our reading, 1 degree plus 1 per full 5 points over or under)."""
    assert checks.degrees(15, 15) == Outcome(True, 1, 15, 15)
    assert checks.degrees(19, 15).signed == 1
    assert checks.degrees(20, 15).signed == 2
    assert checks.degrees(25, 15).signed == 3
    assert checks.degrees(14, 15).signed == -1
    assert checks.degrees(11, 15).signed == -1
    assert checks.degrees(10, 15).signed == -2
    assert checks.degrees(5, 15).signed == -3


@given(dies, dies, bonuses, dcs)
def test_degrees_are_monotone_in_the_roll(a: int, b: int, bonus: int, dc: int) -> None:
    """Seed 002, line 139: degrees of success and failure order outcomes; a higher die never does worse."""
    low, high = sorted((a, b))
    assert checks.resolve(low, bonus, dc).signed <= checks.resolve(high, bonus, dc).signed


@given(dies, bonuses, dcs)
def test_every_outcome_has_at_least_one_degree(die: int, bonus: int, dc: int) -> None:
    """Seed 002, line 55: "One degree of failure" is the least failure; a success is at least one degree."""
    out = checks.resolve(die, bonus, dc)
    assert out.degrees >= 1
    assert out.success == (die + bonus >= dc)


def test_passive_value_adds_ten() -> None:
    """Seed 002, line 35: "Instead of having a passive defense, where you just add 10"."""
    assert checks.passive(4) == 14
    assert checks.passive(-2) == 8


def test_advantage_and_disadvantage_ranks_net_one_point_each() -> None:
    """Seed 002, line 39: "an attack against your opponent with a -1 Disadvantage to the attack check"; line 84:
    "+1 Advantage to your next attack check" (our reading: a rank is 1 point, netted)."""
    assert checks.net_ranks(3, 1) == 2
    assert checks.net_ranks(0, 2) == -2
    assert checks.resolve(10, 2, 13, advantage=1).success
    assert not checks.resolve(10, 2, 13, advantage=0).success
    with pytest.raises(ValueError):
        checks.net_ranks(-1, 0)


def test_moderate_and_hard_dcs() -> None:
    """Seed 002, line 48: "a Moderate DC (DC 10 + Power Level)"; line 59: "a Hard DC (DC 10 + Power level x 2)"."""
    assert checks.moderate_dc(4) == 14
    assert checks.hard_dc(4) == 18


def test_raise_adds_five_to_the_dc_two_degrees_on_success_one_on_failure() -> None:
    """Seed 002, line 139: "increase the DC by +5. If you succeed, the degree of success is increased by +2
    degrees. If you fail, the degree of failure is increased by +1 degree. You can make up to two raises"."""
    assert checks.resolve(15, 0, 10, raises=1) == Outcome(True, 3, 15, 15)
    assert checks.resolve(14, 0, 10, raises=1) == Outcome(False, 2, 14, 15)
    assert checks.resolve(20, 0, 10, raises=2) == Outcome(True, 5, 20, 20)
    assert checks.resolve(19, 0, 10, raises=2) == Outcome(False, 3, 19, 20)
    with pytest.raises(ValueError, match="0 to 2"):
        checks.resolve(19, 0, 10, raises=3)


def test_granted_ranks_one_failure_nothing_then_minus_one_per_additional_degree() -> None:
    """Seed 002, line 141: "Success grants you +1 Advantage per degree of success ... One degree of failure
    provides no modifier, but two or more degrees impose -1 Disadvantage per additional degree of failure"."""
    assert checks.granted_ranks(Outcome(True, 3, 0, 0)) == 3
    assert checks.granted_ranks(Outcome(False, 1, 0, 0)) == 0
    assert checks.granted_ranks(Outcome(False, 2, 0, 0)) == -1
    assert checks.granted_ranks(Outcome(False, 4, 0, 0)) == -3


def test_rolls_go_through_the_kernel_dice_and_are_logged() -> None:
    """Seed 002, line 141: "may attempt an Intuition check vs an Easy DC (DC 10)": rolled, seeded and logged."""
    log: list[Event] = []
    out = checks.roll(Dice(5, log.append), 3, 12, "athletics", advantage=1)
    rolled = [e for e in log if isinstance(e, DiceRolled)]
    assert len(rolled) == 1 and rolled[0].purpose == "athletics"
    assert rolled[0].total == out.total
    again: list[Event] = []
    assert checks.roll(Dice(5, again.append), 3, 12, "athletics", advantage=1) == out
    hunch_log: list[Event] = []
    ranks = checks.hunch(Dice(9, hunch_log.append), 2)
    die = [e for e in hunch_log if isinstance(e, DiceRolled)][0].faces[0]
    assert ranks == checks.granted_ranks(checks.resolve(die, 2, 10))


def test_opposed_ties_go_to_the_higher_bonus_else_to_the_opponent() -> None:
    """Seed 002, line 80: "Make a Might or Acrobatics skill check opposed by a Might or Dexterity skill check"
    (ties unstated: the higher bonus wins, equal bonuses go to the opponent)."""
    assert checks.opposed_outcome(15, 5, 15, 3).success
    assert not checks.opposed_outcome(15, 3, 15, 5).success
    assert not checks.opposed_outcome(15, 4, 15, 4).success
    assert checks.opposed_outcome(21, 4, 15, 4) == Outcome(True, 2, 21, 15)
    assert checks.opposed_outcome(9, 4, 15, 4).signed == -2


def test_opposed_check_rolls_both_sides() -> None:
    """Seed 002, line 80: "opposed by ... a check chosen by your opponent": both roll, both logged."""
    log: list[Event] = []
    out = checks.opposed(Dice(11, log.append), 4, 2, "escape")
    rolled = [e for e in log if isinstance(e, DiceRolled)]
    assert [e.purpose for e in rolled] == ["escape", "escape (opposing)"]
    assert out == checks.opposed_outcome(rolled[0].total, 4, rolled[1].total, 2)


@given(bonuses, dcs, st.integers(-5, 5), st.integers(0, 2))
def test_exact_chances_sum_to_one_and_match_counting(bonus: int, dc: int, adv: int, raises: int) -> None:
    """Seed 002, line 139: every outcome of a (raised) check has an exact chance; they sum to 1."""
    odds = checks.chances(bonus, dc, advantage=adv, raises=raises)
    assert sum(odds.values()) == 1
    for signed, p in odds.items():
        faces = [d for d in range(1, 21) if checks.resolve(d, bonus, dc, advantage=adv, raises=raises).signed == signed]
        assert p == Fraction(len(faces), 20)


def test_chance_of_success_examples() -> None:
    """Seed 002, line 55: "Make an Easy DC (DC 10) skill check": +0 succeeds on 10-20, 11 in 20."""
    assert checks.chance_of_success(0, 10) == Fraction(11, 20)
    assert checks.chance_of_success(0, 10, raises=2) == Fraction(1, 20)
    assert checks.chance_of_success(30, 10) == 1
    assert checks.chance_of_success(-30, 10) == 0


@given(st.integers(-8, 12), st.integers(-8, 12))
def test_opposed_chances_sum_to_one_and_equal_bonuses_favour_the_opponent(a: int, b: int) -> None:
    """Seed 002, line 80: an opposed check; equal bonuses, ties to the opponent, so the actor wins under half."""
    odds = checks.opposed_chances(a, b)
    assert sum(odds.values()) == 1
    if a == b:
        assert sum(p for k, p in odds.items() if k > 0) == Fraction(190, 400)


def test_granted_chances_of_a_hunch() -> None:
    """Seed 002, line 141: a hunch at Intuition +0 vs DC 10: 10-14 gives +1, 6-9 (one degree of failure)
    nothing, 1-5 (two degrees) -1; the chances sum to 1."""
    odds = checks.granted_chances(0, 10)
    assert sum(odds.values()) == 1
    assert odds[1] == Fraction(5, 20)      # 10-14
    assert odds[0] == Fraction(4, 20)      # 6-9: under by 1-4
    assert odds[-1] == Fraction(5, 20)     # 1-5: under by 5-9
