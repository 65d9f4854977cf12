"""The shared hit-point track (``game.mechanics.hit_points``): a half state and a zero state, under each
ruleset's words."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.mechanics.hit_points import HitPointState, HitPointTrack
from game.rulesets.seed000.model import HIT_POINTS as SEED000

STAGGERED = HitPointTrack(half_name="staggered", zero_name="dying")
"""Seed 003's words for the same track."""


@pytest.mark.parametrize(("hp", "maximum", "state"), [
    (26, 26, HitPointState.ABOVE_HALF), (14, 26, HitPointState.ABOVE_HALF), (13, 26, HitPointState.HALF),
    (1, 26, HitPointState.HALF), (0, 26, HitPointState.ZERO), (-5, 26, HitPointState.ZERO),
    (13, 25, HitPointState.ABOVE_HALF), (12, 25, HitPointState.HALF),
])
def test_half_is_at_most_half_the_maximum_above_zero(hp: int, maximum: int, state: HitPointState) -> None:
    """Seed 003 line 205: "When a character or enemy is at half their hit points, they're Staggered";
    line 207: "When a character is at 0 hp or less, they're Dying". Seed 000 line 150, "Become bloodied"
    (README ruling: bloodied at half maximum). Half of an odd maximum rounds down (our reading)."""
    assert STAGGERED.state(hp, maximum) is state
    assert SEED000.state(hp, maximum) is state
    assert STAGGERED.is_half(hp, maximum) == (state is HitPointState.HALF)
    assert STAGGERED.is_zero(hp) == (state is HitPointState.ZERO)


def test_each_ruleset_names_the_states_in_its_own_words() -> None:
    """Seed 000 calls the half state bloodied (line 118: "only while bloodied"), seed 003 staggered (line
    205); the track is one."""
    assert SEED000.describe(10, 26) == "bloodied"
    assert STAGGERED.describe(10, 26) == "staggered"
    assert STAGGERED.describe(0, 26) == "dying"
    assert STAGGERED.describe(20, 26) == ""


@given(maximum=st.integers(1, 500), before=st.integers(-100, 500), after=st.integers(-100, 500))
def test_reaching_half_is_the_one_moment_a_creature_becomes_bloodied(maximum: int, before: int, after: int) -> None:
    """Seed 000 line 150: "Become bloodied" triggers once, when a creature goes from above half to at half
    (not when it drops straight to 0 or was already bloodied)."""
    reached = SEED000.reached_half(before, after, maximum)
    assert reached == (0 < after <= maximum // 2 and not 0 < before <= maximum // 2)

