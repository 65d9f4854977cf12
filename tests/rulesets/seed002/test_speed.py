"""Seed 002's speed ranks and ways of moving (issue 19 items 2 and 5)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.kernel.dice import Dice
from game.kernel.events import DiceRolled, Event
from game.rulesets.seed002 import checks, speed
from game.rulesets.seed002.speed import Movement


def test_rank_zero_is_thirty_feet_six_squares() -> None:
    """Seed 002, line 70: "Normally this is a rank 0 ground speed for most people (up to 30 feet)"."""
    assert speed.feet(0) == 30
    assert speed.squares(0) == 6


def test_the_documents_own_slow_figures() -> None:
    """Seed 002, line 72: "-1 rank (typically 15 feet)"; line 73: "-3 ranks (typically 5 feet)"; -2 unstated:
    10 feet (our reading)."""
    assert [speed.feet(r) for r in (-1, -2, -3, -4, -9)] == [15, 10, 5, 5, 5]
    assert [speed.squares(r) for r in (-1, -2, -3)] == [3, 2, 1]


def test_positive_ranks_double() -> None:
    """Seed 002, line 71: "increases your speed rank by +1" (each rank up doubles: our reading)."""
    assert [speed.feet(r) for r in (1, 2, 3)] == [60, 120, 240]


@given(st.integers(-20, 30), st.integers(-20, 30))
def test_a_higher_rank_is_never_slower(a: int, b: int) -> None:
    """Seed 002, line 70: speed is a rank; a higher rank never moves fewer squares."""
    low, high = sorted((a, b))
    assert 1 <= speed.squares(low) <= speed.squares(high)


def test_each_way_of_moving_changes_the_rank_as_written() -> None:
    """Seed 002, lines 39, 71-80: charge -1, run +1, squeeze -1, crawl -3, advance and withdraw -3, escape -1."""
    assert Movement.WALK.squares(0) == 6
    assert Movement.RUN.squares(0) == 12
    assert Movement.SQUEEZE.squares(0) == 3
    assert Movement.CRAWL.squares(0) == 1
    assert Movement.CHARGE.squares(0) == 3
    assert Movement.ADVANCE.squares(0) == 1
    assert Movement.WITHDRAW.squares(0) == 1
    assert Movement.ESCAPE.squares(0) == 3
    assert Movement.CHARGE.squares(1) == 6


def test_run_needs_athletics_moderate_dc() -> None:
    """Seed 002, line 71: "a Athletics check with a Moderate DC (DC 10 + Power Level) ... one or more degrees of
    success increases your speed rank by +1"."""
    assert speed.run_dc(3) == 13
    assert speed.runs(checks.resolve(10, 3, 13))
    assert not speed.runs(checks.resolve(9, 3, 13))


def test_successive_rounds_of_running_need_more_degrees_to_resist_fatigue() -> None:
    """Seed 002, line 71: "Running for successive rounds increases the degrees of success needed to resist the
    Fatigue by one degree for each successive round"."""
    two_degrees = checks.resolve(15, 3, 13)
    assert two_degrees.degrees == 2
    assert speed.resists_run_fatigue(two_degrees, 1)
    assert speed.resists_run_fatigue(two_degrees, 2)
    assert not speed.resists_run_fatigue(two_degrees, 3)
    assert not speed.resists_run_fatigue(checks.resolve(1, 3, 13), 1)
    with pytest.raises(ValueError):
        speed.fatigue_degrees_needed(0)


def test_run_checks_are_rolled_and_logged() -> None:
    """Seed 002, line 71: the run's Athletics and Endurance checks are "a free action": rolled, logged."""
    log: list[Event] = []
    dice = Dice(4, log.append)
    ran = speed.roll_run(dice, 5, 2)
    resisted = speed.roll_run_fatigue(dice, 1, 2, 2)
    rolled = [e for e in log if isinstance(e, DiceRolled)]
    assert [e.purpose for e in rolled] == ["run", "run fatigue"]
    assert ran == (rolled[0].total >= 12)
    assert resisted == (rolled[1].total >= 17)
