"""Seed 004's initiative each segment, 1.1.1-1.1.3 (``../shared/seeds/004_683255cd0bfe0fc3.txt``, lines 19-21)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.kernel.decisions import Option
from game.rulesets.seed004.initiative import declarations, free_to_respond, holders, is_eligible, parry_weapons
from game.rulesets.seed004.rounds import Phase, Round
from tests.rulesets.seed004.fighters004 import F, fighter


def C(id: str, active: int, reactive: int, en: int, conscious: bool = True, side: str = "a") -> F:
    return fighter(id, active, reactive, en, conscious=conscious, side=side)


def test_most_active_blows_wins() -> None:
    """Seed 004, line 20, 1.1.2: "initiative goes to the eligible character with the greatest number of active
    blows remaining"."""
    assert holders([C("ann", 1, 5, 30), C("bob", 2, 0, 1)], frozenset()) == ("bob",)


def test_a_tie_on_active_blows_goes_to_most_reactive_blows() -> None:
    """Seed 004, line 20, 1.1.2: "If more than one of these exist, the one of these with the greatest number of
    reactive blows has initiative"."""
    assert holders([C("ann", 1, 1, 30), C("bob", 1, 2, 1)], frozenset()) == ("bob",)


def test_a_tie_on_both_blows_goes_to_most_current_en() -> None:
    """Seed 004, line 20, 1.1.2: "If more than one still exist, the one with the highest current EN"."""
    assert holders([C("ann", 1, 1, 12), C("bob", 1, 1, 11)], frozenset()) == ("ann",)


def test_a_full_tie_gives_simultaneous_initiative() -> None:
    """Seed 004, line 21, 1.1.3: tied "for active blows, reactive blows, and current EN, the characters have
    simultaneous initiative"."""
    got = holders([C("ann", 1, 1, 12), C("cat", 0, 3, 50), C("bob", 1, 1, 12)], frozenset())
    assert got == ("ann", "bob")


def test_the_unconscious_those_who_passed_and_those_without_blows_are_not_eligible() -> None:
    """Seed 004, line 19, 1.1.1: "a conscious character who has not taken a Pass option since the most recent
    option other than a Pass ... and who has at least one active or reactive blow remaining"."""
    passed = frozenset({"bob"})
    assert not is_eligible(C("ann", 3, 3, 10, conscious=False), passed)
    assert not is_eligible(C("bob", 3, 3, 10), passed)
    assert not is_eligible(C("cat", 0, 0, 10), passed)
    assert is_eligible(C("dan", 0, 1, 1), passed)
    assert holders([C("ann", 3, 3, 10, conscious=False), C("bob", 3, 3, 10), C("dan", 0, 1, 1)], passed) == ("dan",)


def test_blows_left_that_cannot_be_paid_for_do_not_make_one_eligible() -> None:
    """Seed 004, line 19, 1.1.1 ("at least one active or reactive blow remaining to use") with line 17 ("for each
    subsequent blow used, 1EN must be expended"; ours: the last point of EN stays): Eve spent a blow and has 1 EN
    left, so her two blows left cannot be used; Fay's first blow of the round is free."""
    assert not is_eligible(fighter("eve", 1, 1, 1, acted=True), frozenset())
    assert is_eligible(fighter("fay", 1, 1, 1), frozenset())


def test_a_simultaneous_initiative_asks_every_tied_character_secretly() -> None:
    """Seed 004, line 21, 1.1.3: the tied characters "must declare their options simultaneously": one secret
    question each, opened together as a kernel decision group."""
    tied = [C("ann", 1, 1, 12, side="a"), C("bob", 1, 1, 12, side="b")]
    questions = declarations(tied, lambda c: (Option("pass", "pass"), Option("attack", f"{c.id} attacks")))
    assert [(q.chooser, q.side, q.secret) for q in questions] == [("ann", "a", True), ("bob", "b", True)]
    assert [o.label for o in questions[1].options] == ["pass", "bob attacks"]


def test_a_weapon_used_in_ones_own_simultaneous_option_cannot_parry() -> None:
    """Seed 004, line 21, 1.1.3: "Only weapons not used in one's own option can be used in responses to others'
    options": Ann attacked with her sword, so she parries Bob's simultaneous blow with her dagger or not at all."""
    declared = {"ann": frozenset({"sword"}), "bob": frozenset({"axe"})}
    assert parry_weapons("ann", ["sword", "dagger"], declared) == ("dagger",)
    assert parry_weapons("ann", ["sword"], declared) == ()
    assert parry_weapons("cat", ["sword"], declared) == ("sword",)
    assert free_to_respond(["spear"], []) == ("spear",)


characters = st.lists(st.builds(C, id=st.sampled_from("abcdefgh"), active=st.integers(0, 3),
                                reactive=st.integers(0, 3), en=st.integers(1, 20), conscious=st.booleans()),
                      max_size=8, unique_by=lambda c: c.id)


@settings(max_examples=200, deadline=None)
@given(characters, st.frozensets(st.sampled_from("abcdefgh")))
def test_initiative_goes_only_to_the_eligible_and_nobody_eligible_ends_the_phase(cs: list[F],
                                                                                 passed: frozenset[str]) -> None:
    """Seed 004, line 19, 1.1.1: "Initiative must go to a conscious character who has not taken a Pass ...
    If no character is eligible for initiative, the combat phase terminates"."""
    got = holders(cs, passed)
    by_id = {c.id: c for c in cs}
    assert all(is_eligible(by_id[i], passed) for i in got)
    eligible = [c for c in cs if is_eligible(c, passed)]
    assert bool(got) == bool(eligible)
    after = Round(passed=passed).begin_segment(cs)
    assert (after.phase is Phase.NONCOMBAT) == (not eligible)
    for c in eligible:   # nobody eligible beats a holder
        best = by_id[got[0]]
        assert (c.blows.active, c.blows.reactive, c.blows.en) <= (best.blows.active, best.blows.reactive,
                                                                  best.blows.en)


@settings(max_examples=200, deadline=None)
@given(characters)
def test_a_pass_by_everyone_ends_the_combat_phase(cs: list[F]) -> None:
    """Seed 004, line 19, 1.1.1 and line 24, 1.2.1: a pass spends no blow, and a character who passed is not
    eligible until someone takes another option: when every holder in turn passes, the combat phase ends within
    as many segments as there are characters."""
    r = Round()
    for _ in range(len(cs) + 1):
        r = r.begin_segment(cs)
        if r.phase is not Phase.COMBAT:
            break
        r = r.options_taken({h: True for h in r.holders})
    assert r.phase is Phase.NONCOMBAT
    assert r.segment <= len(cs)
