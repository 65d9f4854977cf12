"""Seed 002's Stunt [45-53] and Escape [80] (``game.rulesets.seed002.stunts``)."""

from __future__ import annotations

from game.grid import Square
from game.rulesets.seed002 import stunts as su
from game.rulesets.seed002.sheets import Attack, AttackKind, Sheet, StuntOption
from game.rulesets.seed002.stunts import GrabLevel
from tests.mechanics.test_shared_tactics import square_state

BLADE = Attack("blade", "Blade", AttackKind.CLOSE, 5, 6, stunt=StuntOption.PUSH)
MAUL = Attack("maul", "Maul", AttackKind.CLOSE, 4, 8, two_handed=True)
FIST = Attack("fist", "Fist", AttackKind.CLOSE, 2, 2, armed=False)


def sheet(**kw: object) -> Sheet:
    args: dict[str, object] = dict(id="s", name="S", power_level=4, defense=3, toughness=3, fortitude=2, reflex=4,
                                   will=1, attacks=(BLADE,))
    args.update(kw)
    return Sheet(**args)  # type: ignore[arg-type]


def test_the_options_played_and_break_out() -> None:
    """seed 002, lines 47-52: afflict, disarm, grab, pull, push and break; break needs objects."""
    assert su.stunt_problem("push", BLADE) == ""
    assert "objects" in su.stunt_problem("break", BLADE)
    assert "no stunt 'trip'" in su.stunt_problem("trip", BLADE)
    assert "names a condition" in su.stunt_problem("afflict", BLADE, affliction="cursed")
    assert su.stunt_problem("afflict", BLADE, affliction="hindered") == ""
    assert "weapon" in su.stunt_problem("disarm", BLADE, disarm=FIST)
    assert su.stunt_problem("disarm", BLADE, disarm=MAUL) == ""


def test_the_attack_is_at_minus_one_minus_two_to_disarm_a_two_handed_hold() -> None:
    """seed 002, line 46: "Make an attack check with a -1 Disadvantage"; line 48: "If the defender is holding
    the object in two hands, the attack check penalty is -2 Disadvantage instead"."""
    assert su.attack_disadvantage(StuntOption.PUSH) == 1
    assert su.attack_disadvantage(StuntOption.DISARM, BLADE) == 1
    assert su.attack_disadvantage(StuntOption.DISARM, MAUL) == 2


def test_the_defender_resists_with_the_better_of_fortitude_and_reflex() -> None:
    """seed 002, line 46: "an opposed check of your attack's damage against the defender's Fortitude or Reflex
    resistance for Combat Attacks"."""
    assert su.resistance(sheet()) == ("Reflex", 4)
    assert su.resistance(sheet(fortitude=6)) == ("Fortitude", 6)


def test_a_push_goes_a_square_per_degree_as_far_as_the_board_allows() -> None:
    """seed 002, line 51: "You push your target 5 feet per degree of success"."""
    state, t = square_state([".......", ".Ab....", "......."])
    got = su.landings(state, t["b"], t["A"].cell, StuntOption.PUSH, 2)
    assert got and all(state.board.grid.distance(c, t["A"].cell) == 3 for c in got)
    assert Square(4, 1) in got
    walled, w = square_state(["....#", ".Ab.#", "....#"])
    assert set(su.landings(walled, w["b"], w["A"].cell, StuntOption.PUSH, 3)) == {
        Square(3, 0), Square(3, 1), Square(3, 2)}  # as far as the wall lets it go
    pinned, p = square_state(["...#", ".Ab#", "...#"])
    assert su.landings(pinned, p["b"], p["A"].cell, StuntOption.PUSH, 3) == ()


def test_a_pull_draws_the_target_nearer() -> None:
    """seed 002, line 50: "You pull your target 5 feet per degree of success"."""
    state, t = square_state([".........", ".A....b..", "........."])
    got = su.landings(state, t["b"], t["A"].cell, StuntOption.PULL, 2)
    assert got and all(state.board.grid.distance(c, t["A"].cell) == 3 for c in got)
    assert su.landings(state, t["b"], t["A"].cell, StuntOption.PULL, 0) == ()


def test_grab_is_cumulative_held_restrained_bound() -> None:
    """seed 002, line 49: "a special cumulative sustained affliction (Held, Restrained, Bound)"."""
    level = GrabLevel.HELD
    assert [level := level.tightened() for _ in range(3)] == [GrabLevel.RESTRAINED, GrabLevel.BOUND, GrabLevel.BOUND]


def test_what_grabs_and_afflictions_do() -> None:
    """seed 002, line 49: "You are hindered and vulnerable while grabbing and holding an opponent"."""
    grabber = su.effects((), None, True)
    assert grabber.speed_change == -1 and grabber.defense_disadvantage == 1 and not grabber.held
    held = su.effects((), GrabLevel.HELD, False)
    assert held.held and held.defense_disadvantage == 0 and not held.no_standard
    bound = su.effects((), GrabLevel.BOUND, False)
    assert bound.held and bound.defense_disadvantage == 1 and bound.no_standard
    twice = su.effects(("vulnerable", "impaired"), GrabLevel.RESTRAINED, True)
    assert twice.defense_disadvantage == 1 and twice.attack_disadvantage == 1


def test_escape_and_holding_on_use_the_better_skill() -> None:
    """seed 002, line 80: "Make a Might or Acrobatics skill check opposed by a Might or Dexterity skill check
    chosen by your opponent"."""
    s = sheet(might=2, acrobatics=5, dexterity=7)
    assert su.escape_bonus(s) == 5 and su.hold_bonus(s) == 7


def test_stunt_back_and_the_ai_option() -> None:
    """seed 002, line 53: "If you lose the opposed check, the defender may immediately make an attempt to use a
    Stunt on you as a Reaction"."""
    s = sheet(attacks=(FIST, MAUL, BLADE))
    assert su.best_close(s) == MAUL
    assert su.best_close(s, dropped=("maul",)) == BLADE
    assert su.stunt_back_option(MAUL) is StuntOption.PUSH
    assert su.ai_option(BLADE, sheet()) is StuntOption.PUSH
    assert su.ai_option(MAUL, sheet()) is None
    disarmer = Attack("hook", "Hook", AttackKind.CLOSE, 3, 3, stunt=StuntOption.DISARM)
    assert su.ai_option(disarmer, sheet(attacks=(FIST,))) is None  # nothing to disarm


def test_a_weapon_is_picked_up_in_its_square() -> None:
    """seed 002, line 97: "Picking up or manipulating an object requires a quick action"."""
    assert su.pick_up_problem(Square(1, 1), Square(1, 1)) == ""
    assert "another square" in su.pick_up_problem(Square(1, 2), Square(1, 1))


def test_log_lines() -> None:
    n = {"w": "Wren", "g": "Gob"}.__getitem__
    at = lambda c: (c.x, c.y)  # noqa: E731
    assert su.describe(su.ForcedMoved("g", Square(2, 1), Square(4, 1), "push"), n, at) == (
        "Gob is pushed from (2, 1) to (4, 1)")
    assert su.describe(su.GrabTightened("w", "g", "restrained"), n, at) == "Wren grabs Gob: restrained"
    assert su.describe(su.EscapeTried("g", "w", False), n, at) == "Gob fails to escape Wren's grab"
