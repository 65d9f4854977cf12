"""Seed 002's Ready [40-42]: the triggers a table tests, when a readied action fires, and that it bars other
reactions (``game.rulesets.seed002.readying``)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.grid import Square
from game.rulesets.seed002 import readying as rd
from game.rulesets.seed002.readying import ATTACKING, ENTERED, Happening


def entered(actor: str, side: str, was: int, now: int) -> Happening:
    return Happening(ENTERED, actor, side, distance=now, was=was)


def attacking(actor: str, side: str, target: str, target_side: str) -> Happening:
    return Happening(ATTACKING, actor, side, target=target, target_side=target_side)


def test_a_ready_names_a_trigger_the_table_knows_and_an_attack_or_a_square() -> None:
    """seed 002, line 41: "specify the action you will take and the trigger after which you will take it"."""
    assert rd.ready_problem("in_reach", 2, attack="blade", to=None, has_attack=True) == ""
    assert rd.ready_problem("moves_near", 3, attack="", to=Square(2, 2), has_attack=False) == ""
    assert "no trigger 'sneezes'" in rd.ready_problem("sneezes", 2, attack="blade", to=None, has_attack=True)
    assert "not both" in rd.ready_problem("attacks", 2, attack="blade", to=Square(1, 1), has_attack=True)
    assert "names an attack" in rd.ready_problem("attacks", 2, attack="", to=None, has_attack=False)
    assert "no attack 'axe'" in rd.ready_problem("attacks", 2, attack="axe", to=None, has_attack=False)
    assert "'within' is 1 to" in rd.ready_problem("moves_near", 0, attack="blade", to=None, has_attack=True)


def test_a_readied_move_stands_for_the_standard_exchanged_for_a_move() -> None:
    """seed 002, line 41: "You can ready a single standard action, which can be exchanged for a move or quick
    action, as usual"."""
    assert rd.make("in_reach", attack="blade").kind == "standard"
    moved = rd.make("in_reach", to=Square(3, 3))
    assert moved.kind == "move" and moved.is_move


def test_in_reach_fires_when_an_enemy_comes_into_reach_not_while_it_stays_there() -> None:
    """seed 002, line 41: "any time before your next turn, you may take the readied action as a Reaction to
    that trigger": an enemy entering the reach of the readied attack."""
    r = rd.make("in_reach", attack="spear")
    assert rd.fires(r, "w", "heroes", 2, entered("g", "foes", 3, 2))
    assert not rd.fires(r, "w", "heroes", 2, entered("g", "foes", 2, 1))  # already in reach
    assert not rd.fires(r, "w", "heroes", 2, entered("g", "foes", 4, 3))  # still out of reach


def test_moves_near_attacks_and_ally_attacked() -> None:
    """seed 002, line 41: the trigger is the player's; the table offers the ones a board can tell."""
    near = rd.make("moves_near", attack="bow", within=3)
    assert rd.fires(near, "w", "heroes", 1, entered("g", "foes", 5, 3))
    assert not rd.fires(near, "w", "heroes", 1, entered("g", "foes", 6, 4))
    hit = rd.make("attacks", attack="bow")
    assert rd.fires(hit, "w", "heroes", 1, attacking("g", "foes", "t", "heroes"))
    assert not rd.fires(hit, "w", "heroes", 1, entered("g", "foes", 5, 1))
    ally = rd.make("ally_attacked", attack="bow")
    assert rd.fires(ally, "w", "heroes", 1, attacking("g", "foes", "t", "heroes"))
    assert not rd.fires(ally, "w", "heroes", 1, attacking("g", "foes", "w", "heroes"))  # the readier itself


def test_a_watched_enemy_only() -> None:
    """seed 002, line 41: the trigger the player specifies may name one enemy."""
    r = rd.make("attacks", attack="bow", watch="chief")
    assert rd.fires(r, "w", "heroes", 1, attacking("chief", "foes", "t", "heroes"))
    assert not rd.fires(r, "w", "heroes", 1, attacking("grunt", "foes", "t", "heroes"))


@given(st.sampled_from(sorted(rd.TRIGGERS)), st.integers(0, 8), st.integers(0, 8), st.integers(1, 4))
def test_no_ally_sets_a_readied_action_off(trigger: str, was: int, now: int, reach: int) -> None:
    """seed 002, line 41: a readied action answers the trigger of a foe's doing (our reading: only enemies
    set it off)."""
    r = rd.make(trigger, attack="bow", within=3)
    assert not rd.fires(r, "w", "heroes", reach, entered("a", "heroes", was, now))
    assert not rd.fires(r, "w", "heroes", reach, attacking("a", "heroes", "t", "heroes"))


def test_a_readied_action_bars_every_other_reaction() -> None:
    """seed 002, line 41: "until you take your readied action, you cannot take any other Reactions"."""
    assert rd.barred(rd.make("attacks", attack="bow"))
    assert not rd.barred(None)


def test_log_lines() -> None:
    """seed 002, line 42: "If you come to your next turn and have not yet performed your readied action
    [...] you just lose that action"."""
    names = {"w": "Wren", "g": "Gob"}.__getitem__
    assert rd.describe(rd.ReadiedActionLapsed("w", "Warden's Blade"), names) == (
        "Wren's readied Warden's Blade lapses: its turn has come")
    assert rd.describe(rd.ActionReadied("w", "Warden's Blade", "standard",
                                        rd.trigger_words("moves_near", 3, "Gob")), names) == (
        "Wren readies Warden's Blade (a standard action) for when Gob moves within 3 squares")
    assert rd.describe(object(), names) is None
