"""Seed 002's action economy (issue 19 item 1): the turn's standard, move and quick actions with their trades,
free actions, one reaction per turn (anyone's), one Area power per round, the quick action in a reaction."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rulesets.seed002.catalog import ActionType
from game.rulesets.seed002.economy import SEED002_ACTIONS, Economy

S, M, Q, F, N = ActionType.STANDARD, ActionType.MOVE, ActionType.QUICK, ActionType.FREE, ActionType.NONE


def turn() -> Economy:
    return Economy().start_turn(own=True)


def test_a_turn_has_one_standard_one_move_one_quick() -> None:
    """Seed 002, lines 3-5: "ONE STANDARD ACTION - ONE MOVE ACTION - ONE QUICK ACTIONS"."""
    e = turn().spend(S).spend(M).spend(Q)
    assert e.pips == (0, 0, 0)
    for kind in (S, M, Q):
        assert e.why_not(kind) == f"no {kind.value} action left this turn"
        with pytest.raises(ValueError):
            e.spend(kind)


def test_a_standard_may_be_a_move_and_a_move_a_quick() -> None:
    """Seed 002, line 10: "a move action (or substitute an additional move action for your standard action), and a
    quick action (or substitute an additional quick action for your move action)"."""
    e = turn().spend(M)
    assert e.payer(M) is S
    e = e.spend(M)
    assert e.pips == (0, 0, 1)
    e = turn().spend(Q)
    assert e.payer(Q) is M
    e = e.spend(Q).spend(Q)
    assert e.pips == (0, 0, 0)
    assert turn().spend(S).payer(S) is None  # a move or a quick never pays for a standard


def test_free_actions_and_no_action_cost_nothing() -> None:
    """Seed 002, line 6: "FREE ACTIONS As many as the GM allows"; line 8: "NO ACTION No Limit"; line 22:
    resistance checks "are not considered actions at all"."""
    e = turn().spend(S).spend(M).spend(Q)
    assert e.spend(F).spend(F) == e
    assert Economy().why_not(N) is None and Economy().why_not(F) is None
    assert Economy().why_not(S) == "a standard action is taken on one's own turn"


def test_one_reaction_per_turn_any_creatures_turn() -> None:
    """Seed 002, line 7: "REACTIONS One per turn"; line 20: "you can react as often as the circumstances dictate,
    up to one per turn"."""
    e = Economy().start_turn(own=False).react()
    assert e.why_no_reaction() == "one reaction per turn [seed 002, line 7]"
    e = e.start_turn(own=False)  # the next creature's turn: the reaction is back
    assert e.why_no_reaction() is None
    e = e.react().start_turn(own=True)
    assert e.why_no_reaction() is None


def test_one_area_power_per_round_whatever_its_action_type() -> None:
    """Seed 002, line 10: "you can only use one Area Power per round, regardless of action type used"."""
    e = turn().spend(S, area=True)
    assert e.why_not(M, area=True) == "one Area power a round [seed 002, line 10]"
    assert e.why_not(M) is None
    e = e.end_turn().start_turn(own=False)
    assert e.why_no_reaction(area=True) is not None
    e = e.start_round().start_turn(own=True)
    assert e.why_not(Q, area=True) is None


def test_a_quick_action_in_a_reaction_only_if_unused_during_the_last_turn() -> None:
    """Seed 002, line 16: "may even use it as part of a reaction, so long as you did not use it during your last
    turn"."""
    unused = turn().spend(S).end_turn().start_turn(own=False)
    assert unused.can_use_quick_in_reaction()
    after = unused.react(quick=True)
    assert not after.spare_quick
    used = turn().spend(Q).end_turn().start_turn(own=False)
    assert used.why_no_reaction(quick=True) == "the quick action was used during the last turn [seed 002, line 16]"
    assert used.why_no_reaction() is None
    mine = turn()
    assert mine.react(quick=True).quick == 0
    assert not turn().spend(Q).can_use_quick_in_reaction()
    assert not unused.start_turn(own=True).spare_quick  # lost when its next turn begins


def test_ready_blocks_other_reactions_until_taken_and_is_lost_at_the_next_turn() -> None:
    """Seed 002, line 41: "until you take your readied action, you cannot take any other Reactions"; line 42: "If
    you come to your next turn and have not yet performed your readied action ... you just lose that action"."""
    e = turn().spend(S).ready().end_turn().start_turn(own=False)
    assert e.why_no_reaction() == "waiting with a readied action, no other reactions [seed 002, line 41]"
    fired = e.react(readied=True)
    assert not fired.readied and fired.reacted
    assert fired.start_turn(own=False).why_no_reaction() is None
    assert not e.start_turn(own=True).readied
    assert turn().why_no_reaction(readied=True) == "no action is readied"


def test_surge_additional_action_is_a_second_standard() -> None:
    """Seed 002, line 125: "ADDITIONAL ACTION: Gain an additional standard action during your turn, which can be
    exchanged for a move, quick, or free action"."""
    e = turn().spend(S).gain_standard()
    assert e.why_not(S) is None
    assert e.spend(M).spend(M).spend(Q).pips == (0, 0, 0)


def test_the_trades_are_the_shared_mechanics_data() -> None:
    """Seed 002, line 10: the substitutions as data in game.mechanics.actions."""
    assert SEED002_ACTIONS.per_turn == ("standard", "move", "quick")
    assert SEED002_ACTIONS.trades["quick"] == ("quick", "move", "standard")
    with pytest.raises(ValueError):
        Economy().payer(ActionType.REACTION)


OPS = st.lists(st.sampled_from(["S", "M", "Q", "F", "area", "react", "react_quick", "surge_none", "other_turn",
                                "round"]), max_size=40)


@given(OPS)
def test_never_two_standard_actions_in_a_turn_nor_two_reactions_nor_two_areas_a_round(ops: list[str]) -> None:
    """Seed 002, line 12: "You're limited to one standard action each round"; line 7: one reaction per turn;
    line 10: one Area power per round."""
    e = turn()
    standards = reactions = areas = 0
    kinds = {"S": S, "M": M, "Q": Q, "F": F}
    for op in ops:
        if op in kinds:
            kind = kinds[op]
            if e.why_not(kind) is None:
                if e.payer(kind) is S:
                    standards += 1
                e = e.spend(kind)
        elif op == "area":
            if e.why_not(Q, area=True) is None:
                areas += 1
                if e.payer(Q) is S:
                    standards += 1
                e = e.spend(Q, area=True)
        elif op in ("react", "react_quick"):
            if e.why_no_reaction(quick=op == "react_quick") is None:
                reactions += 1
                e = e.react(quick=op == "react_quick")
        elif op == "other_turn":
            e = e.end_turn().start_turn(own=False).start_turn(own=True) if e.on_turn else e.start_turn(own=True)
            standards = reactions = 0
        elif op == "round":
            e = e.start_round()
            areas = 0
        assert standards <= 1 and reactions <= 1 and areas <= 1
        assert min(e.pips) >= 0 and sum(e.pips) <= 3
