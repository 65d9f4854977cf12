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


# -- in the fight -----------------------------------------------------------------------------------------

import pytest  # noqa: E402

from game.kernel.decisions import PASS  # noqa: E402
from game.kernel.engine import Impossible  # noqa: E402
from game.mechanics import tactics  # noqa: E402
from game.rulesets.seed002 import boosts as bo  # noqa: E402
from game.rulesets.seed002.attacks import OPPORTUNITY  # noqa: E402
from game.rulesets.seed002.commands import EndTurnCommand, Escape, Move, PickUp, Stunt  # noqa: E402
from game.rulesets.seed002.fight import Seed002Fight  # noqa: E402
from tests.rulesets.seed002.fighting import answer, answer_all, at, end_turn, events, fight_of, rig  # noqa: E402


def duel() -> Seed002Fight:
    """Wren (Warden's Blade: +6, damage 6) at (2, 2) next to a Dock Bruiser (cudgel; Fortitude 4) at (3, 2)."""
    return fight_of(("wren", "wren_ashdown", "heroes", (2, 2), {}), ("bru", "dock_bruiser", "foes", (3, 2), {}))


def stunt(f: Seed002Fight, option: str, faces: list[int], **kw: str) -> None:
    """Wren stunts on the bruiser: the bruiser's opportunity attack passed, no raise."""
    rig(f, faces)
    f.apply(Stunt("wren", "bru", "warden_blade", option, **kw))
    answer(f, OPPORTUNITY, PASS)  # a stunt is [OA] [45]
    if f.pending and f.pending[0].kind == bo.RAISE:
        answer(f, bo.RAISE, PASS)


def test_a_push_moves_the_target_a_square_per_degree_to_a_square_the_stunter_picks() -> None:
    """seed 002, line 46: "Make an attack check with a -1 Disadvantage [...] make an opposed check of your
    attack's damage against the defender's Fortitude or Reflex"; line 51: "You push your target 5 feet per
    degree of success"."""
    f = duel()
    stunt(f, "push", [20, 20, 1])  # hit; 26 against 5: 5 degrees
    assert events(f, su.StuntWon)[0].degrees == 5
    assert f.pending[0].kind == su.LANDING
    assert {o.key for o in f.pending[0].options} >= {"8,2"}
    answer(f, su.LANDING, "8,2")
    bru = f.piece("bru")
    assert bru is not None and bru.cell == at(8, 2)
    assert events(f, su.ForcedMoved) == [su.ForcedMoved("bru", at(3, 2), at(8, 2), "push")]
    attack = [e for e in f.log if type(e).__name__ == "AttackMade"][0]
    assert attack.total == 20 + 6 - 1  # the stunt's -1


def test_a_lost_stunt_lets_the_defender_stunt_back() -> None:
    """seed 002, line 53: "If you lose the opposed check, the defender may immediately make an attempt to use a
    Stunt on you as a Reaction; make another opposed damage vs. an appropriate defense check"."""
    f = duel()
    stunt(f, "push", [20, 1, 20, 20, 1])  # hit; 7 against 24: lost; the bruiser pushes back 25 against 6
    assert events(f, su.StuntLost) == [su.StuntLost("wren", "bru", "push")]
    answer(f, su.STUNT_BACK, "stunt")
    assert events(f, su.StuntTried)[-1] == su.StuntTried("bru", "wren", "push", back=True)
    assert events(f, su.StuntWon)[-1].creature == "bru"


def test_a_grab_holds_tightens_hinders_and_is_escaped_without_provoking_the_grabber() -> None:
    """seed 002, line 49: "a special cumulative sustained affliction (Held, Restrained, Bound) [...] You are
    hindered and vulnerable while grabbing"; line 80: "If you succeed, you end the grab and can move [...] You
    do not provoke an OA from your grabber for leaving their threatened square"."""
    f = duel()
    stunt(f, "grab", [20, 20, 1])
    bru, wren = f.piece("bru"), f.piece("wren")
    assert bru is not None and wren is not None
    assert bru.held and events(f, su.GrabTightened)[-1].level == "held"
    assert wren.speed_bonus == -1 and f.modifier("defense", wren) == -1
    end_turn(f)
    assert "cannot move" in f.why_illegal(Move("bru", at(5, 2)))
    rig(f, [20, 1])
    f.apply(Escape("bru", at(5, 2)))
    answer_all(f)
    assert events(f, su.EscapeTried) == [su.EscapeTried("bru", "wren", True)]
    assert not bru.held and bru.cell == at(5, 2) and wren.speed_bonus == 0
    assert not any(type(e).__name__ == "Provoked" and "wren" in e.reactors for e in f.log)


def test_a_second_grab_tightens_it() -> None:
    """seed 002, line 49: "cumulative": Held, then Restrained."""
    f = duel()
    stunt(f, "grab", [20, 20, 1])
    end_turn(f)
    end_turn(f)
    stunt(f, "grab", [20, 20, 1])
    assert [e.level for e in events(f, su.GrabTightened)] == ["held", "restrained"]
    bru = f.piece("bru")
    assert bru is not None and f.modifier("defense", bru) == -1


def test_a_disarmed_creature_threatens_nothing_until_it_picks_its_weapon_up() -> None:
    """seed 002, line 48: "The defender drops a targeted held object"; line 122: "If you're unarmed, you don't
    normally threaten any squares"."""
    f = duel()
    stunt(f, "disarm", [20, 20, 1], weapon="cudgel")
    bru = f.piece("bru")
    assert bru is not None and bru.template.attack("cudgel") is None
    assert events(f, su.WeaponDropped) == [su.WeaponDropped("bru", "Cudgel")]
    assert tactics.threatened_cells(f.state, bru) == frozenset()
    end_turn(f)
    f.apply(PickUp("bru"))
    assert bru.template.attack("cudgel") is not None


def test_an_affliction_lasts_until_a_resistance_check_ends_it() -> None:
    """seed 002, line 47: "You inflict an affliction of your choice on your target instead of damage"; line
    37: "the normal resistance check at the end of your turn"."""
    f = duel()
    stunt(f, "afflict", [20, 20, 1], affliction="hindered")
    bru = f.piece("bru")
    assert bru is not None and bru.speed_bonus == -1
    end_turn(f)
    rig(f, [1])
    f.apply(EndTurnCommand("bru"))
    answer_all(f)
    assert bru.speed_bonus == -1 and not events(f, su.AfflictionEnded)
    end_turn(f)
    rig(f, [20])
    f.apply(EndTurnCommand("bru"))
    answer_all(f)
    assert events(f, su.AfflictionEnded) == [su.AfflictionEnded("bru", "hindered")]
    assert bru.speed_bonus == 0


def test_break_and_an_unknown_option_are_refused_in_one_line() -> None:
    """seed 002, line 52: BREAK needs objects the table does not have."""
    f = duel()
    with pytest.raises(Impossible, match="objects"):
        f.apply(Stunt("wren", "bru", "warden_blade", "break"))
