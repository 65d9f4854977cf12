"""Seed 004's round: combat, noncombat and movement phases (``../shared/seeds/004_683255cd0bfe0fc3.txt``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.kernel.decisions import Option
from game.kernel.engine import Impossible
from game.rulesets.seed004.rounds import (Phase, Round, may_choose_noncombat, noncombat_questions,
                                          resolve_simultaneously)
from tests.rulesets.seed004.fighters004 import F, fighter


def C(id: str, active: int = 1, reactive: int = 1, en: int = 10, conscious: bool = True, side: str = "a",
      spent_in_combat: bool = False) -> F:
    return fighter(id, active, reactive, en, conscious=conscious, side=side, acted=spent_in_combat)


def test_a_round_runs_combat_then_noncombat_then_movement_then_the_next_round() -> None:
    """Seed 004, line 5: "During each round, combat activities are resolved, then noncombat activities, then
    movement"; lines 7-13: segments "until done", then the noncombat phase, then the movement phase."""
    cs = [C("ann", 2, 1), C("bob", 1, 1)]
    r = Round().begin_segment(cs)
    assert (r.phase, r.segment, r.holders) == (Phase.COMBAT, 1, ("ann",))
    assert r.shown() == "round 1 · combat phase · segment 1 · ann"
    r = r.options_taken({"ann": False}).begin_segment([C("ann", 0, 0), C("bob", 1, 1)])
    assert (r.segment, r.holders) == (2, ("bob",))
    r = r.options_taken({"bob": False}).begin_segment([C("ann", 0, 0), C("bob", 0, 0)])
    assert r.phase is Phase.NONCOMBAT and r.shown() == "round 1 · noncombat phase"
    with pytest.raises(Impossible, match="noncombat phase, not its combat phase"):
        r.begin_segment(cs)
    r = r.end_noncombat()
    assert r.phase is Phase.MOVEMENT
    assert r.end_movement() == Round(2)


def test_a_pass_is_forgotten_once_anyone_takes_another_option() -> None:
    """Seed 004, line 19, 1.1.1: eligible is one "who has not taken a Pass option since the most recent option
    other than a Pass was taken (by any character)": Ann passes, Bob attacks, Ann may act again."""
    cs = [C("ann", 1, 2), C("bob", 1, 1)]
    r = Round().begin_segment(cs)
    assert r.holders == ("ann",)
    r = r.options_taken({"ann": True}).begin_segment(cs)
    assert r.holders == ("bob",) and r.passed == {"ann"}
    r = r.options_taken({"bob": False}).begin_segment([C("ann", 1, 2), C("bob", 0, 1)])
    assert r.holders == ("ann",) and r.passed == frozenset()


def test_a_simultaneous_pass_beside_an_attack_is_cleared() -> None:
    """Seed 004, line 21, 1.1.3 with line 19 (ours): tied Ann and Bob declare at once; Ann passes, Bob attacks;
    Bob's option is "the most recent option other than a Pass", so Ann stays eligible."""
    cs = [C("ann"), C("bob")]
    r = Round().begin_segment(cs)
    assert r.holders == ("ann", "bob") and r.shown().endswith("ann + bob (simultaneous)")
    assert r.options_taken({"ann": True, "bob": False}).passed == frozenset()
    assert r.options_taken({"ann": True, "bob": True}).passed == {"ann", "bob"}
    with pytest.raises(Impossible, match="cat did not have the initiative"):
        r.options_taken({"cat": True})


def test_only_those_who_spent_no_blow_or_en_choose_a_noncombat_option_secretly() -> None:
    """Seed 004, line 45, 2.1: "Characters who did not expend blows or EN in the combat phase ... can choose a
    noncombat option ... selected secretly and simultaneously"."""
    cs = [C("ann"), C("bob", spent_in_combat=True), C("cat", conscious=False), C("dan", side="b")]
    assert [may_choose_noncombat(c) for c in cs] == [True, False, False, True]
    qs = noncombat_questions(cs, lambda c: (Option("pass", "nothing"), Option("rest", "rest")))
    assert [(q.chooser, q.secret, q.kind) for q in qs] == [("ann", True, "noncombat"), ("dan", True, "noncombat")]
    assert noncombat_questions(cs, lambda c: (Option("pass", "nothing"),)) == ()


@dataclass(frozen=True, slots=True)
class Rest:
    id: str
    en: int


@settings(max_examples=100, deadline=None)
@given(st.permutations(["ann", "bob", "cat"]))
def test_noncombat_options_take_effect_simultaneously(order: list[str]) -> None:
    """Seed 004, line 49, 2.2: "The effects of noncombat options are considered to take effect simultaneously,
    and thus do not generally affect the execution of other options": each effect reads the phase's start, so the
    order of the choices changes nothing (here Bob's option copies Ann's EN and sees her EN before her rest)."""
    before = {"ann": Rest("ann", en=3), "bob": Rest("bob", en=9), "cat": Rest("cat", en=5)}
    wanted = {"ann": "rest", "bob": "copy ann", "cat": "rest"}
    choices = {who: wanted[who] for who in order}

    def effect(who: str, option: str, now: Mapping[str, Rest]) -> Rest:
        if option == "rest":
            return replace(now[who], en=now[who].en + 2)
        return replace(now[who], en=now["ann"].en)

    after = resolve_simultaneously(before, choices, effect)
    assert {k: v.en for k, v in after.items()} == {"ann": 5, "bob": 3, "cat": 7}
