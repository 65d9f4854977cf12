"""The kernel's seeded dice: every draw logged, and a roll that keeps some dice totals only those."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.kernel.dice import Dice
from game.kernel.events import DiceRolled, Event


@given(seed=st.integers(0, 2**32), count=st.integers(1, 8), sides=st.integers(2, 20), bonus=st.integers(-5, 5),
       keep=st.integers(-8, 8))
def test_a_kept_roll_totals_the_kept_dice_and_logs_that_total(seed: int, count: int, sides: int, bonus: int,
                                                               keep: int) -> None:
    """``keep`` N: the N highest dice count (-N: the N lowest); the log's line says so (``kh``/``kl``) and
    gives the same total as the roll, with every die rolled. (Seed 003 rolls 3d6 plus one per Advantage and
    keeps three: its log said "rolled 5d6 ... = 26" beside a natural 15.)"""
    logged: list[Event] = []
    roll = Dice(seed, logged.append).roll(count, sides, bonus, "test", keep=keep)
    (event,) = logged
    assert isinstance(event, DiceRolled) and event.faces == roll.faces and len(roll.faces) == count
    ordered = sorted(roll.faces, reverse=keep > 0)
    counted = ordered[:abs(keep)] if keep and abs(keep) < count else list(roll.faces)
    assert roll.total == event.total == sum(counted) + bonus
    if keep and abs(keep) < count:
        assert f"{count}d{sides}{'kh' if keep > 0 else 'kl'}{abs(keep)}" in event.expression
    else:
        assert "k" not in event.expression


def test_keeping_draws_the_same_dice_as_not_keeping() -> None:
    """Keeping changes only the total: the same seed rolls the same faces (so a fight's later draws do not
    move)."""
    plain = Dice(7, lambda e: None).roll(5, 6, 0, "x")
    best = Dice(7, lambda e: None).roll(5, 6, 0, "x", keep=3)
    assert plain.faces == best.faces and best.total == sum(sorted(plain.faces)[-3:])
