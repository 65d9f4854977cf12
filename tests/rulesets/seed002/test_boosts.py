"""Seed 002's Smash [135], Slam [137], Raise [139] and Hunch [141]: what each does and when the AI takes it
(``game.rulesets.seed002.boosts``)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from game.rulesets.seed002 import boosts as bo
from game.rulesets.seed002 import checks
from game.rulesets.seed002.track import DAMAGE_DOWN, Track


@given(st.integers(0, 200), st.integers(0, 200))
def test_slam_gives_one_advantage_per_ten_feet_at_most_five(a: int, b: int) -> None:
    """seed 002, line 137: "You gain +1 Advantage per 10' moved that round before your attack, gaining up to a
    maximum bonus of +5 Advantage"."""
    lo, hi = sorted((a, b))
    assert bo.slam_advantage(lo) <= bo.slam_advantage(hi) <= 5
    assert bo.slam_advantage(hi) == min(5, hi // 10)


def test_slam_self_damage_is_against_the_attack_without_the_bonus() -> None:
    """seed 002, line 137: "make a Toughness resistance check against the damage of your attack without the
    bonus gained for using slam"."""
    assert bo.slam_self_dc(6) == 16


def test_smash_odds_are_exact() -> None:
    """seed 002, line 135: "you make a damage or effect rank check to determine your damage": the expected
    levels of a smashed hit, counted die by die."""
    track, toughness, rank = Track(damage=1), 4, 6
    total = Fraction(0)
    for attacker in range(1, 21):
        for defender in range(1, 21):
            out = checks.resolve(defender, track.toughness_bonus(toughness), attacker + rank)
            added = 0 if out.success else min(out.degrees, DAMAGE_DOWN - track.damage)
            total += Fraction(added, 400)
    assert bo.smashed_levels(track, toughness, rank) == total
    assert bo.smash_gain(track, toughness, rank) == total - bo.expected_levels(track, toughness, 16)


def test_the_ai_smashes_only_for_a_gain() -> None:
    """seed 002, line 135: a Smash trades the sure 10 for a roll; the AI takes it when the odds favour it."""
    for rank in range(0, 12):
        for toughness in range(0, 10):
            gain = bo.smash_gain(Track(), toughness, rank)
            assert bo.ai_smashes(Track(), toughness, rank) == (gain >= bo.SMASH_WORTH)


def test_raise_on_an_opposed_check() -> None:
    """seed 002, line 139: "increase the DC by +5. If you succeed, the degree of success is increased by +2
    degrees. If you fail, the degree of failure is increased by +1 degree"."""
    won = bo.opposed_raised(25, 5, 12, 2, 1)  # 25 against 12 + 5: 2 degrees, +2
    assert won.success and won.degrees == 4
    lost = bo.opposed_raised(15, 5, 12, 2, 1)  # 15 against 17: 1 degree of failure, +1
    assert not lost.success and lost.degrees == 2
    assert sum(bo.opposed_raised_chances(3, 3, 2).values()) == 1


def test_the_ai_raises_only_when_the_odds_favour_it() -> None:
    """seed 002, line 139: "You can make up to two raises on a single check"; the AI's exact odds."""
    # only a hit counts: a raise lowers the chance and adds nothing
    assert bo.best_raises(bo.check_odds(5, 15), bo.hit_worth) == 0
    # a sure success whose degrees count (a push): two raises
    assert bo.best_raises(bo.check_odds(30, 10), bo.push_worth) == 2
    assert bo.best_raises(bo.opposed_odds(40, 0), bo.push_worth) == 2
    # an even opposed push: raising costs more pushes than it gains
    even = bo.best_raises(bo.opposed_odds(4, 4), bo.push_worth)
    values = [bo.worth_of(bo.opposed_raised_chances(4, 4, r), bo.push_worth) for r in range(3)]
    assert values[even] == max(values)


def test_hunch_gain_and_the_ai() -> None:
    """seed 002, line 141: "Success grants you +1 Advantage per degree of success [...] two or more degrees
    impose -1 Disadvantage per additional degree of failure"."""
    assert bo.hunch_gain(4) > bo.hunch_gain(0) > 0
    assert bo.hunch_gain(-10) < 0
    assert not bo.ai_hunches(-10) and bo.ai_hunches(4)


def test_log_lines() -> None:
    n = {"w": "Wren", "g": "Gob"}.__getitem__
    assert bo.describe(bo.Slammed("w", "g", 30, 3, 16), n) == (
        "Wren slams into Gob after 30 ft: +3 damage, and its own Toughness check against DC 16")
    assert bo.describe(bo.Hunched("w", "escape", -1), n) == "Wren follows a hunch on its escape: 1 Disadvantage"
    assert bo.describe(bo.Raised("w", "stunt", 2), n) == "Wren raises its stunt (2 raises)"


# -- in the fight -----------------------------------------------------------------------------------------

from game.kernel.decisions import PASS  # noqa: E402
from game.rulesets.seed002 import stunts as su  # noqa: E402
from game.rulesets.seed002.attacks import OPPORTUNITY  # noqa: E402
from game.rulesets.seed002.commands import Attack, Charge, Escape, Stunt  # noqa: E402
from tests.rulesets.seed002.fighting import answer, answer_all, at, end_turn, events, fight_of, rig  # noqa: E402


def test_smash_is_offered_after_a_hit_and_rolls_the_damage() -> None:
    """seed 002, line 135: "When you hit with an attack [...] you make a damage or effect rank check to
    determine your damage or effect rank for this attack"."""
    f = fight_of(("wren", "wren_ashdown", "heroes", (2, 2), {}), ("bru", "dock_bruiser", "foes", (3, 2), {}))
    rig(f, [20, 17, 10])  # the hit; the smash's die; the Toughness check
    f.apply(Attack("wren", "bru", "warden_blade"))
    assert f.pending[0].kind == bo.SMASH
    answer(f, bo.SMASH, "smash")
    assert events(f, bo.Smashed) == [bo.Smashed("wren", "bru", 17 + 6)]
    hurt = [e for e in f.log if type(e).__name__ == "Hurt"][-1]
    assert hurt.levels == 1 + (23 - (10 + 4)) // 5  # Toughness 4 + 10 against DC 23
    wren = f.piece("wren")
    assert wren is not None and wren.economy.reacted  # its reaction of the turn


def test_slam_after_a_charge_adds_damage_and_the_slammer_checks_its_own_toughness() -> None:
    """seed 002, line 137: "You gain +1 Advantage per 10' moved that round before your attack [...] make a
    Toughness resistance check against the damage of your attack without the bonus gained for using slam"."""
    g = fight_of(("wren", "wren_ashdown", "heroes", (2, 2), {}), ("bru", "dock_bruiser", "foes", (6, 2), {}))
    rig(g, [20, 10, 10])
    g.apply(Charge("wren", "bru", "warden_blade", at(5, 2)))  # a charge moves at speed -1 rank: 15 ft
    answer(g, bo.SLAM, "slam")
    answer_all(g)
    assert events(g, bo.Slammed) == [bo.Slammed("wren", "bru", 15, 1, 16)]
    opened = [e.kind for e in g.log if type(e).__name__ == "DecisionOpened"]
    assert bo.SLAM in opened and bo.SMASH not in opened  # the reaction is spent on the slam
    rolls = [e.purpose for e in g.log if type(e).__name__ == "DiceRolled"]
    assert "toughness (Wren Ashdown, slam)" in rolls


def test_raise_before_a_stunts_opposed_check() -> None:
    """seed 002, line 139: "When you make a check, but before you roll any dice, you can voluntarily increase
    the DC by +5. If you succeed, the degree of success is increased by +2 degrees"."""
    f = fight_of(("wren", "wren_ashdown", "heroes", (2, 2), {}), ("bru", "dock_bruiser", "foes", (3, 2), {}))
    rig(f, [20, 20, 1])
    f.apply(Stunt("wren", "bru", "warden_blade", "push"))
    answer(f, OPPORTUNITY, PASS)
    answer(f, bo.RAISE, "raise")
    answer(f, bo.RAISE, PASS)  # a second raise is offered, not taken
    assert events(f, bo.Raised) == [bo.Raised("wren", "push", 1)]
    assert events(f, su.StuntWon)[0].degrees == 1 + (26 - 10) // 5 + 2  # 26 against 5 + 5


def test_hunch_before_an_escape() -> None:
    """seed 002, line 141: "the character, as a Reaction before making a skill check, may attempt an Intuition
    check vs an Easy DC (DC 10). Success grants you +1 Advantage per degree of success"."""
    f = fight_of(("wren", "wren_ashdown", "heroes", (2, 2), {}), ("bru", "dock_bruiser", "foes", (3, 2), {}))
    rig(f, [20, 20, 1])
    f.apply(Stunt("wren", "bru", "warden_blade", "grab"))
    answer(f, OPPORTUNITY, PASS)
    answer(f, bo.RAISE, PASS)
    end_turn(f)
    rig(f, [20, 1, 1])  # the hunch: 20 + 0 against 10: 3 degrees
    f.apply(Escape("bru"))
    answer(f, bo.HUNCH, "hunch")
    assert events(f, bo.Hunched) == [bo.Hunched("bru", "escape", 3)]
    escape = [e for e in f.log if type(e).__name__ == "DiceRolled"][-2]
    assert escape.total == 1 + 4 + 3  # Might 4, +3 Advantage
