"""Seed 002's Surge [123-133]: once a turn, one benefit, and the fatigue at the start of the next turn
(``game.rulesets.seed002.surge``)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.rulesets.seed002 import surge as sg
from game.rulesets.seed002.surge import Benefit, Surging
from game.rulesets.seed002.track import FatigueState, Track


def problem(state: Surging = Surging(), **kw: object) -> str:
    args: dict[str, object] = dict(may_surge=True, turn=3, own_turn=True, reaction_left=True, readied=False,
                                   benefit="boost", trait="defense")
    args.update(kw)
    return sg.surge_problem(state, **args)  # type: ignore[arg-type]


def test_only_heroes_once_a_turn_and_as_the_turns_reaction() -> None:
    """seed 002, line 124: "Players can have their heroes use a Surge [...] Using a Surge is a Reaction and can
    be performed at any time, but is limited to once per turn"."""
    assert problem() == ""
    assert problem(may_surge=False) == "only heroes surge"
    assert problem(sg.surged(Surging(), 3, Benefit.BURST)) == "one Surge a turn"
    assert problem(sg.surged(Surging(), 2, Benefit.BURST)) == ""
    assert problem(reaction_left=False) == "its reaction of this turn is spent"
    assert "readied action waits" in problem(readied=True)


def test_the_benefits_played_and_those_out_of_scope() -> None:
    """seed 002, lines 125-132: additional action, boost, burst and resistance are played; alternate effect,
    edge, counter and retry need powers the table does not have."""
    assert problem(benefit="additional_action") == ""
    assert "own turn" in problem(benefit="additional_action", own_turn=False)
    assert "names a trait" in problem(benefit="boost", trait="luck")
    assert problem(benefit="resistance", trait="hindered", ongoing=("hindered",)) == ""
    assert problem(benefit="resistance", trait="hindered") == "no ongoing effect to resist"
    for benefit in sg.OUT_OF_SCOPE:
        assert "needs powers" in problem(benefit=benefit)


def test_the_fatigue_lands_at_the_start_of_the_next_turn_in_the_order() -> None:
    """seed 002, line 133: "At the start of the turn immediately after using a Surge, the character becomes
    fatigued" (our reading: the next turn to start, whoever's)."""
    state = sg.surged(Surging(), 5, Benefit.ADDITIONAL_ACTION)
    assert state.fatigue_due
    after, track = sg.turn_starts(state, Track(), own=False, destiny_spent=False)
    assert track.fatigue_state is FatigueState.FATIGUED and not after.fatigue_due
    again, same = sg.turn_starts(after, track, own=True, destiny_spent=False)
    assert same == track  # once


def test_fatigued_exhausted_incapacitated() -> None:
    """seed 002, line 133: "A fatigued character who uses a Surge becomes exhausted and an exhausted character
    who uses a Surge is incapacitated"."""
    state, track = Surging(), Track()
    words = []
    for turn in (1, 2, 3):
        state = sg.surged(state, turn, Benefit.BURST)
        state, track = sg.turn_starts(state, track, own=False, destiny_spent=False)
        words.append(track.fatigue_state)
    assert words == [FatigueState.FATIGUED, FatigueState.EXHAUSTED, FatigueState.INCAPACITATED]
    assert track.is_down


def test_destiny_spent_before_the_next_turn_removes_the_fatigue() -> None:
    """seed 002, line 133: "If you spend Destiny before the start of the turn following the Surge to remove the
    fatigue (preemptive Recover), the character suffers no adverse effects"."""
    state = sg.surged(Surging(), 1, Benefit.ADDITIONAL_ACTION)
    after, track = sg.turn_starts(state, Track(), own=False, destiny_spent=True)
    assert track == Track() and not after.fatigue_due


def test_a_boost_lasts_until_the_end_of_the_surgers_next_turn() -> None:
    """seed 002, line 127: "Increase one of your character's Traits by +1 rank until the end of the character's
    next turn" (surged on its own turn: its following turn)."""
    state = sg.surged(Surging(), 1, Benefit.BOOST, "defense")
    assert state.boosted("defense") == 1 and state.boosted("attack") == 0
    state = sg.own_turn_ends(state)  # the turn it surged in
    assert state.boosted("defense") == 1
    state, _ = sg.turn_starts(state, Track(), own=False, destiny_spent=False)
    state, _ = sg.turn_starts(state, Track(), own=True, destiny_spent=False)
    assert state.boosted("defense") == 1
    state = sg.own_turn_ends(state)
    assert state.boosted("defense") == 0 and not state.lasting


@given(st.integers(0, 5), st.integers(0, 5), st.booleans(), st.booleans())
def test_a_burst_negates_own_disadvantages_and_opponents_advantages(adv: int, dis: int, mine: bool,
                                                                    theirs: bool) -> None:
    """seed 002, line 128: "Negate Disadvantages or opponents Advantages until the end of the character's
    next turn"."""
    got_adv, got_dis = sg.burst_ranks(adv, dis, own_burst=mine, opponent_burst=theirs)
    assert got_dis == (0 if mine else dis)
    assert got_adv == (0 if theirs else adv)


def test_the_ai_surges_for_an_extra_action_only_when_it_can_afford_the_fatigue() -> None:
    """seed 002, line 125: "Gain an additional standard action during your turn"; the AI's use of it."""
    kw = dict(own_turn=True, standard_spent=True, enemy_in_reach=True)
    assert sg.ai_surge(Surging(), Track(), destiny=0, **kw) == "additional_action"
    assert sg.ai_surge(Surging(), Track(fatigue=1), destiny=0, **kw) == ""
    assert sg.ai_surge(Surging(), Track(fatigue=1), destiny=1, **kw) == "additional_action"
    assert sg.ai_surge(Surging(), Track(), destiny=0, own_turn=True, standard_spent=False,
                       enemy_in_reach=True) == ""


def test_log_lines() -> None:
    """seed 002, line 133: the fatigue, in words."""
    n = {"w": "Wren"}.__getitem__
    assert sg.describe(sg.Surged("w", "boost", "defense"), n) == "Wren surges: +1 rank to Defense"
    assert sg.describe(sg.SurgeFatigued("w", "fatigued"), n) == "Wren pays for its Surge: fatigued"
    assert sg.describe(sg.SurgeFatigueAverted("w", 1), n) == (
        "Wren spends Destiny: no fatigue from its Surge (1 left)")


# -- in the fight -----------------------------------------------------------------------------------------

import pytest  # noqa: E402

from game.kernel.decisions import PASS  # noqa: E402
from game.kernel.engine import Impossible  # noqa: E402
from game.rulesets.seed002 import events as ev  # noqa: E402
from game.rulesets.seed002.commands import Attack, EndTurnCommand, Surge  # noqa: E402
from game.rulesets.seed002.fight import Seed002Fight  # noqa: E402
from tests.rulesets.seed002.fighting import answer, answer_all, events, fight_of, rig  # noqa: E402


def duel() -> Seed002Fight:
    return fight_of(("wren", "wren_ashdown", "heroes", (2, 2), {}), ("bru", "dock_bruiser", "foes", (3, 2), {}))


def test_a_surge_gives_an_additional_standard_action_once_a_turn() -> None:
    """seed 002, line 125: "Gain an additional standard action during your turn"; line 124: "limited to once
    per turn"."""
    f = duel()
    rig(f, [1])  # a miss
    f.apply(Attack("wren", "bru", "warden_blade"))
    assert "no standard action left" in f.why_illegal(Attack("wren", "bru", "warden_blade"))
    f.apply(Surge("wren", "additional_action"))
    assert f.why_illegal(Attack("wren", "bru", "warden_blade")) == ""
    with pytest.raises(Impossible, match="one Surge a turn"):
        f.apply(Surge("wren", "burst"))


def test_only_heroes_surge_in_the_fight() -> None:
    """seed 002, line 124: "Players can have their heroes use a Surge"."""
    f = fight_of(("bru", "dock_bruiser", "foes", (3, 2), {}), ("wren", "wren_ashdown", "heroes", (2, 2), {}))
    assert "only heroes surge" in f.why_illegal(Surge("bru", "burst"))


def test_the_fatigue_lands_as_the_next_turn_starts_unless_destiny_is_spent() -> None:
    """seed 002, line 133: "At the start of the turn immediately after using a Surge, the character becomes
    fatigued [...] If you spend Destiny before the start of the turn following the Surge to remove the fatigue
    (preemptive Recover), the character suffers no adverse effects"."""
    f = duel()
    f.apply(Surge("wren", "burst"))
    f.apply(EndTurnCommand("wren"))
    answer(f, sg.DESTINY, PASS)
    wren = f.piece("wren")
    assert wren is not None and wren.track.fatigue == 1
    kinds = [type(e).__name__ for e in f.log]
    assert kinds.index("SurgeFatigued") < max(i for i, k in enumerate(kinds) if k == "TurnStarted")
    assert events(f, ev.TurnStarted)[-1].creature == "bru"

    g = duel()
    g.apply(Surge("wren", "burst"))
    g.apply(EndTurnCommand("wren"))
    answer(g, sg.DESTINY, "spend")
    wren = g.piece("wren")
    assert wren is not None and wren.track.fatigue == 0
    assert events(g, sg.SurgeFatigueAverted) == [sg.SurgeFatigueAverted("wren", 1)]


def test_a_boost_to_defense_raises_what_attacks_must_meet() -> None:
    """seed 002, line 127: "Increase one of your character's Traits by +1 rank until the end of the character's
    next turn"."""
    f = duel()
    f.apply(Surge("wren", "boost", "defense"))
    f.apply(EndTurnCommand("wren"))
    answer_all(f)
    rig(f, [10])
    f.apply(Attack("bru", "wren", "cudgel"))
    answer_all(f)
    assert events(f, ev.AttackMade)[-1].dc == 10 + 5 + 1


def test_a_burst_negates_the_attackers_disadvantage() -> None:
    """seed 002, line 128: "Negate Disadvantages or opponents Advantages"."""
    f = duel()
    wren = f.piece("wren")
    assert wren is not None
    wren.track = wren.track.hurt(3)  # staggered: 1 rank of Disadvantage
    f.apply(Surge("wren", "burst"))
    rig(f, [10])
    f.apply(Attack("wren", "bru", "warden_blade"))
    assert events(f, ev.AttackMade)[-1].total == 10 + 6


def test_a_hero_attacked_outside_its_turn_may_surge_before_the_attack_check() -> None:
    """seed 002, line 124: "Using a Surge is a Reaction and can be performed at any time, but is limited to once
    per turn": offered as the hero is attacked, before the roll (a boost to Defense or a burst)."""
    f = duel()
    f.apply(EndTurnCommand("wren"))
    answer_all(f)
    rig(f, [10])
    f.apply(Attack("bru", "wren", "cudgel"))
    assert f.pending[0].kind == sg.SURGE
    assert [o.key for o in f.pending[0].options] == [sg.GUARD_BOOST, "burst", PASS]
    answer(f, sg.SURGE, sg.GUARD_BOOST)
    answer_all(f)
    assert events(f, sg.Surged) == [sg.Surged("wren", "boost", "defense")]
    assert events(f, ev.AttackMade)[-1].dc == 10 + 5 + 1
    wren = f.piece("wren")
    assert wren is not None and wren.economy.reacted
