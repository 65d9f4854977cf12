"""The shared action economy (``game.mechanics.actions``): a turn's actions, and the trades between them
as data."""

from __future__ import annotations

import pytest

from game.mechanics.actions import ActionBudget, ActionEconomy
from game.rulesets.seed000.ruleset import SEED000_ACTIONS
from game.rulesets.seed000.state import TurnBudget

SEED003_ACTIONS = ActionEconomy(
    per_turn=("standard", "move", "quick"),
    trades={"standard": ("standard",), "move": ("move", "standard"), "quick": ("quick", "move", "standard"),
            "interrupt": ("interrupt",)},
    free=frozenset({"free"}),
    per_round={"interrupt": 1},
)
"""Seed 003's, as its ruleset would write them (003 lines 105, 113, 119)."""


def spend_all(economy: ActionEconomy, budget: ActionBudget | TurnBudget, kinds: list[str]) -> list[str | None]:
    return [economy.pay(budget, kind) for kind in kinds]


def test_seed003_a_turn_has_a_quick_a_move_and_a_standard_and_better_pays_for_lesser() -> None:
    """Seed 003 line 105: "one Quick Action, one Move Action, and one Standard Action"; line 113: "you may
    substitute better actions for less good ones (Standard for Move, or Move for Quick)"."""
    turn = SEED003_ACTIONS.new_turn()
    assert spend_all(SEED003_ACTIONS, turn, ["quick", "quick", "quick", "quick"]) == ["quick", "move", "standard", None]
    turn = SEED003_ACTIONS.new_turn()
    assert spend_all(SEED003_ACTIONS, turn, ["move", "move", "standard"]) == ["move", "standard", None]


def test_free_actions_cost_nothing() -> None:
    """Seed 003 line 105: "You can also take a handful of free actions as well"."""
    turn = SEED003_ACTIONS.new_turn()
    assert spend_all(SEED003_ACTIONS, turn, ["free"] * 5) == ["free"] * 5
    assert turn.left == {"standard": 1, "move": 1, "quick": 1}


def test_seed003_one_interrupt_a_round() -> None:
    """Seed 003 line 119: "Interrupt: You can use one of these per round outside of your turn"."""
    round_ = SEED003_ACTIONS.new_round()
    assert spend_all(SEED003_ACTIONS, round_, ["interrupt", "interrupt"]) == ["interrupt", None]
    assert SEED003_ACTIONS.pay(SEED003_ACTIONS.new_round(), "interrupt", check_only=True) == "interrupt"
    assert SEED003_ACTIONS.pay(SEED003_ACTIONS.new_turn(), "interrupt") is None  # not one of the turn's

@pytest.mark.parametrize(("kinds", "paid"), [
    (["minor", "minor", "minor", "minor"], ["minor", "move", "standard", None]),
    (["move", "move", "standard"], ["move", "standard", None]),
    (["standard", "move", "minor", "minor"], ["standard", "move", "minor", None]),
])
def test_seed000_standard_pays_for_move_or_minor_and_move_for_minor(kinds: list[str], paid: list[str | None]) -> None:
    """Seed 000 (README ruling "Actions": "A standard, a move and a minor action per turn; a standard can be
    spent as a move or a minor, a move as a minor"), on seed 000's own budget."""
    assert spend_all(SEED000_ACTIONS, TurnBudget(), kinds) == paid


def test_checking_spends_nothing() -> None:
    budget = TurnBudget(standard=False)
    assert SEED000_ACTIONS.pay(budget, "minor", check_only=True) == "minor"
    assert (budget.standard, budget.move, budget.minor) == (False, True, True)
    assert SEED000_ACTIONS.pay(budget, "standard", check_only=True) is None
