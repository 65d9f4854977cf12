"""Seed 002's AI (issue 19 item 6): it attacks, charges, withdraws when hurt, advances rather than provoke, and
answers opportunity attacks (seed 002, ``../shared/seeds/002_1e58761ab2413878.txt``)."""

from __future__ import annotations

from game.kernel.decisions import Answer
from game.rulesets.seed002.ai import choose_command
from game.rulesets.seed002.commands import Advance, Attack, Charge, Move, Withdraw
from game.rulesets.seed002.fight import OPPORTUNITY
from game.rulesets.seed002.track import Track
from tests.rulesets.seed002.test_fight import at, fight


def test_the_ai_attacks_an_enemy_in_reach() -> None:
    """seed 002, line 26: "you can make a close attack check against any opponent within the attack's reach"."""
    f = fight(("wren", "wren_ashdown", "party", 2, 2), ("bruiser", "dock_bruiser", "wharf", 3, 2))
    assert choose_command(f) == Attack("wren", "bruiser", "warden_blade")


def test_the_ai_charges_an_enemy_a_charge_reaches() -> None:
    """seed 002, line 39: "You rush forward to attack"."""
    f = fight(("wren", "wren_ashdown", "party", 2, 2), ("bruiser", "dock_bruiser", "wharf", 5, 2))
    got = choose_command(f)
    assert isinstance(got, Charge) and got.target == "bruiser"
    f.apply(got)
    assert f.state.distance(f.piece("wren").cell, f.piece("bruiser").cell) == 1  # type: ignore[union-attr]


def test_the_ai_withdraws_when_staggered_next_to_an_enemy() -> None:
    """seed 002, line 79: "As long as you are moving away from the nearest enemy you do not provoke"."""
    f = fight(("wren", "wren_ashdown", "party", 2, 2), ("bruiser", "dock_bruiser", "wharf", 3, 2))
    wren = f.piece("wren")
    assert wren is not None
    wren.track = Track(damage=3)
    got = choose_command(f)
    assert isinstance(got, Withdraw)


def test_the_ai_advances_into_reach_rather_than_walk_out_of_a_threatened_square() -> None:
    """seed 002, line 77: advancing "towards the nearest enemy you do not provoke an OA for leaving a threatened
    square" (a walk would)."""
    f = fight(("wren", "wren_ashdown", "party", 2, 2), ("hooker", "gaff_hooker", "wharf", 4, 2))
    got = choose_command(f)
    assert isinstance(got, (Advance, Charge)) and not isinstance(got, Move)
    assert f.provokers_of(got) == ()


def test_the_ai_takes_its_opportunity_attacks() -> None:
    """seed 002, line 122: an enemy that takes certain actions in a threatened square "provokes an Opportunity
    Attack from you"."""
    f = fight(("wren", "wren_ashdown", "party", 2, 2), ("bruiser", "dock_bruiser", "wharf", 3, 2))
    f.apply(Move("wren", at(f, 0, 2)))
    (d,) = f.pending
    assert d.kind == OPPORTUNITY and f.ai_answer(d) == "attack"
    f.apply(Answer(d.id, f.ai_answer(d), "AI"))
