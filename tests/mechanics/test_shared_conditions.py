"""Shared conditions (``game.mechanics.conditions``): when a condition ends, and how those of one name
stack."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from game.mechanics.conditions import Countdown, Lasting, Stacking, add, countdown, is_saved_against, names, tick
from game.mechanics.tactics import PieceId
from game.rulesets.seed000.model import Duration

A, B = PieceId("a"), PieceId("b")


@dataclass(frozen=True, slots=True)
class Tag:
    name: str
    source: str = ""


def test_until_the_end_of_a_creatures_next_turn_skips_the_turn_it_is_taking() -> None:
    """Seed 000 (README ruling "Durations": "Until the end of X's next turn" applied during X's own turn
    lasts through X's next turn): two turn ends of X while X acts, else one."""
    assert countdown(Lasting.END_OF_NEXT_TURN, A, acting=A) == Countdown(A, False, 2)
    assert countdown(Lasting.END_OF_NEXT_TURN, A, acting=B) == Countdown(A, False, 1)
    assert countdown(Lasting.END_OF_NEXT_TURN, A, acting=None) == Countdown(A, False, 1)


def test_until_the_start_of_a_creatures_next_turn_is_its_next_start() -> None:
    """Seed 003 line 109: "one Interrupt action before the start of your next turn": a start-of-turn
    boundary is the next start of that creature's turn, whoever is acting."""
    assert countdown(Lasting.START_OF_NEXT_TURN, A, acting=A) == Countdown(A, True, 1)
    assert countdown(Lasting.START_OF_NEXT_TURN, A, acting=B) == Countdown(A, True, 1)


@pytest.mark.parametrize("lasting", [Lasting.SAVE_ENDS, Lasting.ENCOUNTER])
def test_save_ends_and_encounter_conditions_end_at_no_turn_boundary(lasting: Lasting) -> None:
    """Seed 003 line 107: "At the end of your turn, take any ongoing damage, then make saves for any save
    ends effects": only save-ends conditions are saved against; neither counts down on turns."""
    assert countdown(lasting, A, acting=A) == Countdown(None, False, 0)
    assert is_saved_against(lasting) == (lasting is Lasting.SAVE_ENDS)


def test_seed000_durations_are_the_shared_ones_with_whose_turn() -> None:
    """Seed 000's durations name whose turn counts ("end of source's next turn", "end of target's next
    turn", "start of source's next turn") over the shared ones."""
    assert Duration.END_OF_SOURCE_NEXT_TURN.lasting is Lasting.END_OF_NEXT_TURN
    assert Duration.END_OF_SOURCE_NEXT_TURN.on_source
    assert Duration.END_OF_TARGET_NEXT_TURN.lasting is Lasting.END_OF_NEXT_TURN
    assert not Duration.END_OF_TARGET_NEXT_TURN.on_source
    assert Duration.START_OF_SOURCE_NEXT_TURN.lasting is Lasting.START_OF_NEXT_TURN
    assert Duration.SAVE_ENDS.lasting is Lasting.SAVE_ENDS
    assert Duration.ENCOUNTER.lasting is Lasting.ENCOUNTER


def test_a_new_mark_replaces_the_old_and_other_conditions_stay() -> None:
    """Seed 000 (README ruling "Durations": "A new mark replaces an old one"): REPLACE drops those of the
    new one's name; KEEP_BOTH keeps every one, each with its own duration."""
    held = [Tag("marked", "ogre"), Tag("slowed", "ogre")]
    add(held, Tag("marked", "knight"), lambda t: t.name, Stacking.REPLACE)
    assert held == [Tag("slowed", "ogre"), Tag("marked", "knight")]
    add(held, Tag("slowed", "knight"), lambda t: t.name, Stacking.KEEP_BOTH)
    assert held == [Tag("slowed", "ogre"), Tag("marked", "knight"), Tag("slowed", "knight")]


def test_conditions_with_different_names_stack_and_the_same_name_counts_once() -> None:
    """Seed 003 line 251: "Conditions with different names stack with each other (for example, a character
    who is Weakened and Dazed has 2 Disadvantage on attacks)"."""
    held = [Tag("weakened"), Tag("dazed"), Tag("dazed")]
    assert names(held, lambda t: t.name) == ["weakened", "dazed"]
    assert len(names([Tag("dazed"), Tag("dazed")], lambda t: t.name)) == 1


@dataclass
class Timer:
    name: str
    ends_on: PieceId | None
    at_start: bool
    turns_left: int


def test_a_turn_boundary_counts_down_only_the_conditions_waiting_for_it_on_every_holder() -> None:
    """Seed 000 (README ruling "Durations"): "until the end of X's next turn" put on during X's own turn
    lasts through X's next turn; the countdown is kept per condition and ends it at 0, whoever holds it."""
    on_a = [Timer("dazed", B, False, 2), Timer("slowed", B, True, 1), Timer("marked", A, False, 1)]
    on_b = [Timer("weakened", B, False, 1), Timer("prone", None, False, 0)]
    held = [("a", on_a), ("b", on_b)]
    ended = tick(held, B, at_start=False)  # the end of B's turn
    assert [(who, c.name) for who, c in ended] == [("b", "weakened")]
    assert [c.name for c in on_a] == ["dazed", "slowed", "marked"] and on_a[0].turns_left == 1
    assert [c.name for c in on_b] == ["prone"]
    ended = tick(held, B, at_start=True)  # the start of B's next turn
    assert [(who, c.name) for who, c in ended] == [("a", "slowed")]
    ended = tick(held, B, at_start=False)  # the end of B's next turn
    assert [(who, c.name) for who, c in ended] == [("a", "dazed")] and [c.name for c in on_a] == ["marked"]
