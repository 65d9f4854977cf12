"""Seed 003's fight object through the kernel (issue 15 items 3-6): engagement, opportunity attacks as the
reacting player's decisions, disengage, actions and substitutions, staggered / dying / dead, death saves,
the end of a turn, the end of the fight. Each test quotes the line it checks (seed 003,
``../shared/seeds/003_c2dc3d650823e22d.txt``)."""

from __future__ import annotations

from typing import Iterator

import pytest

from game.board import Board
from game.grid import HexGrid, Square, SquareGrid
from game.grid.hex import StaggerAxis, StaggerIndex
from game.kernel.decisions import PASS, Answer
from game.kernel.engine import Impossible
from game.rulesets.package import Entry
from game.rulesets.seed003 import events as ev
from game.rulesets.seed003.commands import (Delay, Disengage, EndTurnCommand, Move, Ready, Stabilize, SwitchStance,
                                            UseAbility)
from game.rulesets.seed003.content import load_sheets
from game.rulesets.seed003.fight import OPPORTUNITY, Seed003Fight
from game.rulesets.seed003.reactions import INTERCEPT, INTERRUPT, READIED
from game.rulesets.seed003.sheets import Band, Condition
from game.rulesets.seed003.state import Held
from game.mechanics.conditions import Lasting

SHEETS = load_sheets()


class Scripted:
    """Stands in for the fight's random stream: ``randint`` gives the faces listed, in order."""

    def __init__(self, faces: list[int]) -> None:
        self.faces: Iterator[int] = iter(faces)

    def randint(self, low: int, high: int) -> int:
        return next(self.faces)


def fight(*placed: tuple[str, str, str, int, int], hexes: bool = False, ambush: str = "") -> Seed003Fight:
    """A fight on an open 12 x 12 board: (id, sheet, side, col, row) per creature, started."""
    grid = HexGrid(32, 36, 18, StaggerAxis.Y, StaggerIndex.ODD) if hexes else SquareGrid(32, 32)
    board = Board(grid, 12, 12)
    entries = [Entry(pid, pid.title(), side, SHEETS[sheet], grid.offset_to_cell(col, row))
               for pid, sheet, side, col, row in placed]
    options: dict[str, object] = {"surprise": ambush} if ambush else {}
    f = Seed003Fight(board, entries, seed=1, options=options)
    f.start()
    return f


def rig(f: Seed003Fight, faces: list[int]) -> None:
    f.engine.dice._random = Scripted(faces)  # type: ignore[assignment]


def events(f: Seed003Fight, kind: type) -> list[object]:
    return [e for e in f.log if isinstance(e, kind)]


def hale_vs_hound() -> Seed003Fight:
    """Hale (a PC, medium band) next to a Cinder Hound (medium band): Hale acts first [83]."""
    return fight(("hale", "hale_varrow", "party", 2, 2), ("hound", "cinder_hound", "foes", 3, 2))


def test_a_basic_melee_attack_needs_an_engaged_target() -> None:
    """003 line 15: "Make an attack vs. AC on an engaged target." Engaged is the next cell (our reading of
    line 151)."""
    f = fight(("hale", "hale_varrow", "party", 2, 2), ("hound", "cinder_hound", "foes", 5, 2))
    assert f.acting is not None and f.acting.id == "hale"
    assert "out of reach" in f.why_illegal(UseAbility("hale", "basic_melee", ("hound",)))
    f.apply(Move("hale", Square(4, 2)))
    assert f.why_illegal(UseAbility("hale", "basic_melee", ("hound",))) == ""


def test_engaged_on_hexes_is_the_six_neighbours() -> None:
    """003 line 151: "Engaged/Next To: Targets who are engaged are at very short range with each other" -
    on hexes the six neighbours (our reading)."""
    f = fight(("hale", "hale_varrow", "party", 2, 2), ("hound", "cinder_hound", "foes", 3, 2), hexes=True)
    hale, hound = f.creature("hale"), f.creature("hound")
    assert f.state.engaged_with(hale) == [hound]
    hound.cell = f.state.board.grid.offset_to_cell(4, 2)
    assert f.state.engaged_with(hale) == [] and f.state.is_free(hale)


def test_moving_away_while_engaged_asks_the_engaged_enemy_about_an_opportunity_attack() -> None:
    """003 line 181: "If an enemy engaged with you ... moves without attempting to Disengage while you're in
    a melee stance, they provoke an Opportunity Attack. This is a free action Basic Melee Attack." The
    reacting creature's player decides (issue 15 item 6)."""
    f = hale_vs_hound()
    f.apply(Move("hale", Square(0, 2)))
    asked = f.pending
    assert len(asked) == 1 and asked[0].kind == OPPORTUNITY and asked[0].chooser == "hound"
    assert {o.key for o in asked[0].options} == {"attack", PASS}
    f.apply(Answer(asked[0].id, "attack"))
    assert events(f, ev.OpportunityAttackMade) == [ev.OpportunityAttackMade("hound", "hale")]
    attack = events(f, ev.AttackRolled)[-1]
    assert attack.attacker == "hound" and attack.ability == "Basic Melee Attack"  # type: ignore[attr-defined]


def test_passing_on_the_opportunity_attack_lets_the_mover_go() -> None:
    """003 line 181 (the opportunity attack is offered, not forced: passing is an option of the decision)."""
    f = hale_vs_hound()
    f.apply(Move("hale", Square(0, 2)))
    f.apply(Answer(f.pending[0].id, PASS))
    assert not events(f, ev.AttackRolled)
    assert f.creature("hale").cell == Square(0, 2)


def test_an_enemy_in_a_ranged_stance_makes_no_opportunity_attack() -> None:
    """003 line 181: "... while you're in a melee stance, they provoke an Opportunity Attack"."""
    f = hale_vs_hound()
    f.creature("hound").stance = None
    f.apply(Move("hale", Square(0, 2)))
    assert not f.pending


def test_a_ranged_attack_while_engaged_provokes() -> None:
    """003 line 159: engaged creatures "can't use Ranged Attacks or Ranged Spells without provoking
    Opportunity attacks"."""
    f = fight(("isra", "isra_quenn", "party", 2, 2), ("hound", "cinder_hound", "foes", 3, 2))
    f.creature("isra").template  # slow band; the hound (medium) acts first
    assert f.acting is not None and f.acting.id == "hound"
    f.apply(EndTurnCommand("hound"))
    assert f.acting is not None and f.acting.id == "isra"
    f.apply(UseAbility("isra", "basic_ranged", ("hound",)))
    assert f.pending and f.pending[0].kind == OPPORTUNITY and f.pending[0].chooser == "hound"


def test_disengaging_pops_off_and_moves_without_provoking() -> None:
    """003 lines 163-165: "roll 3d6 against a Difficulty of 11 for one enemy ... On a successful Disengage
    check, you Pop Off the enemies in question"."""
    f = hale_vs_hound()
    rig(f, [6, 4, 1])  # 11: matches the difficulty
    f.apply(Disengage("hale", Square(0, 2)))
    assert events(f, ev.DisengageRolled)[-1].succeeded  # type: ignore[attr-defined]
    assert not f.pending and f.creature("hale").cell == Square(0, 2)


def test_a_failed_disengage_loses_the_move_action() -> None:
    """003 line 163: "If you fail the check, you lose your move action." """
    f = hale_vs_hound()
    rig(f, [5, 4, 1])  # 10 < 11
    f.apply(Disengage("hale", Square(0, 2)))
    hale = f.creature("hale")
    assert hale.cell == Square(2, 2) and not hale.budget.has("move")


def test_a_standard_action_substitutes_for_a_move_but_not_a_third_time() -> None:
    """003 line 113: "you may substitute better actions for less good ones (Standard for Move, or Move for
    Quick)"; line 105: one Quick, one Move and one Standard action a turn."""
    f = fight(("hale", "hale_varrow", "party", 0, 0), ("hound", "cinder_hound", "foes", 11, 11))
    f.apply(Move("hale", Square(2, 0)))
    f.apply(Move("hale", Square(4, 0)))
    assert "no move action left" in f.why_illegal(Move("hale", Square(5, 0)))
    assert "no quick action left" not in f.why_illegal(SwitchStance("hale", "ranged"))


def test_staggered_at_half_and_an_enemy_dies_at_zero() -> None:
    """003 lines 205-207: "When a character or enemy is at half their hit points, they're Staggered ... When
    an enemy is at 0 hp or less, they're usually dead"."""
    f = hale_vs_hound()
    hound = f.creature("hound")
    f.damage(hound, hound.max_hp - hound.max_hp // 2, "test")
    assert hound.staggered and events(f, ev.Staggered) == [ev.Staggered("hound")]
    f.damage(hound, hound.hp, "test")
    assert hound.dead and not hound.dying


def test_a_pc_at_zero_is_dying_and_rolls_a_13_plus_death_save_on_its_turn() -> None:
    """003 lines 221-223: "When a PC is at 0 hp or less, they're Dying. This means that on their turn, they
    roll a Death Save, which is usually a 13+ Save ... Success: Your character heals using a Recovery from 0
    hp ... They can act on their next turn." """
    f = fight(("hale", "hale_varrow", "party", 2, 2), ("hound", "cinder_hound", "foes", 3, 2),
              ("isra", "isra_quenn", "party", 9, 9))
    hale = f.creature("hale")
    f.damage(hale, hale.hp + 3, "test")
    assert hale.dying and not hale.dead
    for who in ("hale", "hound"):
        f.apply(EndTurnCommand(who))
    assert not events(f, ev.SaveRolled)
    rig(f, [5, 4, 4])  # round 2 starts with Hale's death save: 13
    f.apply(EndTurnCommand("isra"))
    save = events(f, ev.SaveRolled)[-1]
    assert save.against == "death" and save.result == "success"  # type: ignore[attr-defined]
    assert not hale.dying and hale.hp == hale.template.recovery_dice.average
    assert f.acting is not None and f.acting.id == "hound"  # a success acts on its next turn, not now


def test_four_failed_death_saves_kill_and_a_crit_or_minus_half_drop_gives_2_disadvantage() -> None:
    """003 lines 221 and 225: "If the PC is dropped by a crit or put to negative hit points equal to half of
    their maximum, they gain 2 Disadvantage on their first Death Save ... If you fail four Death Saves in one
    encounter, your character dies." """
    f = fight(("hale", "hale_varrow", "party", 2, 2), ("hound", "cinder_hound", "foes", 3, 2),
              ("isra", "isra_quenn", "party", 9, 9))
    hale = f.creature("hale")
    f.damage(hale, hale.hp + hale.max_hp // 2, "test")
    assert hale.hard_first_save
    rig(f, [1] * 100)
    for _ in range(20):
        if hale.dead:
            break
        f.apply(EndTurnCommand(f.acting.id))  # type: ignore[union-attr]
    saves = [e for e in events(f, ev.SaveRolled) if e.against == "death"]  # type: ignore[attr-defined]
    assert len(saves) == 4 and all(s.result == "failure" for s in saves)  # type: ignore[attr-defined]
    assert saves[0].net == -2 and all(s.net == 0 for s in saves[1:])  # type: ignore[attr-defined]
    assert hale.dead and events(f, ev.Died) == [ev.Died("hale", "4 failed death saves")]


def test_the_end_of_a_turn_takes_ongoing_damage_then_saves_on_11() -> None:
    """003 line 107: "At the end of your turn, take any ongoing damage, then make saves for any save ends
    effects." (Our reading: a save is 3d6, 11+.)"""
    f = hale_vs_hound()
    hale = f.creature("hale")
    hale.conditions.append(Held(None, f.creature("hound").id, Lasting.SAVE_ENDS, ongoing=3))
    rig(f, [4, 4, 3])  # 11: saved
    f.apply(EndTurnCommand("hale"))
    took = events(f, ev.DamageTaken)[-1]
    saved = events(f, ev.ConditionEnded)[-1]
    assert f.log.index(took) < f.log.index(saved)
    assert hale.hp == hale.max_hp - 3 and not hale.conditions


def test_conditions_of_different_names_stack_into_disadvantage() -> None:
    """003 line 251: "a character who is Weakened and Dazed has 2 Disadvantage on attacks"; Dazed twice is
    one name."""
    f = hale_vs_hound()
    hale, hound = f.creature("hale"), f.creature("hound")
    f.lay(hale, Condition.DAZED, hound)
    f.lay(hale, Condition.DAZED, hound)
    assert f.net_against(hale, hound) == -1
    f.lay(hale, Condition.WEAKENED, hound)
    assert f.net_against(hale, hound) == -2


def test_the_fight_ends_when_one_side_is_left() -> None:
    """003 line 207 (an enemy at 0 is dead): with the last enemy dead the fight is over, won by the party."""
    f = hale_vs_hound()
    rig(f, [6, 6, 6] + [10] * 10)  # a natural 18: a crit
    f.apply(UseAbility("hale", "basic_melee", ("hound",)))
    assert f.over and f.winner == "party"
    assert events(f, ev.FightEnded) == [ev.FightEnded("party")]
    with pytest.raises(Impossible):
        f.apply(EndTurnCommand("hale"))


def test_the_band_order_is_asked_of_the_players_when_the_clock_advances() -> None:
    """003 line 83: "if there are PCs in that Initiative band, they go in any order"."""
    f = fight(("hale", "hale_varrow", "party", 2, 2), ("seli", "seli_dunmore", "party", 2, 4),
              ("hound", "cinder_hound", "foes", 9, 9))
    asked = f.pending
    assert asked and asked[0].kind == "clock:next_in_band" and {o.key for o in asked[0].options} == {"hale", "seli"}
    f.apply(Answer(asked[0].id, "seli"))
    assert f.acting is not None and f.acting.id == "seli"


def guard_isra_hound(hound_sheet: str = "cinder_hound") -> Seed003Fight:
    """Hale (medium) guards Isra (slow) three cells from a foe (medium): Hale acts, ends; the foe's turn."""
    f = fight(("hale", "hale_varrow", "party", 2, 4), ("isra", "isra_quenn", "party", 2, 2),
              ("hound", hound_sheet, "foes", 6, 2))
    f.apply(EndTurnCommand("hale"))
    assert f.acting is not None and f.acting.id == "hound"
    return f


def test_a_free_creature_may_intercept_an_enemy_trying_to_engage_a_nearby_ally() -> None:
    """003 line 175: "when you are Free and an ally is nearby or next to you and an enemy is trying to become
    engaged with them, you may Intercept that enemy as a Free Action. This stops their movement and puts them
    into engagement range with you." The interceptor's player decides (issue 15 item 6)."""
    f = guard_isra_hound()
    f.apply(Move("hound", Square(3, 2), (Square(5, 2), Square(4, 2), Square(3, 2))))
    asked = f.pending
    assert asked and asked[0].kind == INTERCEPT and asked[0].chooser == "hale"
    f.apply(Answer(asked[0].id, "intercept"))
    hale, hound, isra = f.creature("hale"), f.creature("hound"), f.creature("isra")
    assert hound.cell == Square(4, 2)  # stopped before the step that would have engaged Isra
    assert f.state.engaged_with(hale) == [hound] and f.state.is_free(isra)
    assert [type(e) for e in events(f, ev.Intercepted)] == [ev.Intercepted]


def test_an_attack_meant_for_the_ally_goes_to_the_interceptor() -> None:
    """003 line 175: "In most cases, any attack intended for your ally will now be directed towards you." """
    f = guard_isra_hound()
    f.apply(Move("hound", Square(3, 2)))
    f.apply(Answer(f.pending[0].id, "intercept"))
    f.apply(UseAbility("hound", "basic_melee", ("isra",)))
    assert events(f, ev.AttackRolled)[-1].target == "hale"  # type: ignore[attr-defined]


def test_passing_lets_the_enemy_engage_the_ally() -> None:
    """003 line 175 ("you may Intercept": passing is an option)."""
    f = guard_isra_hound()
    f.apply(Move("hound", Square(3, 2)))
    f.apply(Answer(f.pending[0].id, PASS))
    assert f.creature("hound").cell == Square(3, 2) and not f.state.is_free(f.creature("isra"))


def test_a_flyer_is_intercepted_only_by_flyers() -> None:
    """003 line 256: "Flying/Flight: You can't be intercepted except by enemies who also have Flying/Flight." """
    f = fight(("hale", "hale_varrow", "party", 2, 4), ("isra", "isra_quenn", "party", 2, 2),
              ("kite", "carrion_kite", "foes", 6, 2))
    for _ in range(3):
        if f.acting is not None and f.acting.id == "kite":
            break
        f.apply(EndTurnCommand(f.acting.id))  # type: ignore[union-attr]
    f.apply(Move("kite", Square(3, 2)))
    assert not [d for d in f.pending if d.kind == INTERCEPT] and f.creature("kite").cell == Square(3, 2)


def test_an_engaged_creature_cannot_intercept() -> None:
    """003 line 159: engaged creatures "can't Intercept enemy attacks"; line 175: "when you are Free"."""
    f = fight(("hale", "hale_varrow", "party", 2, 4), ("isra", "isra_quenn", "party", 2, 2),
              ("hound", "cinder_hound", "foes", 6, 2), ("cut", "ditch_cutthroat", "foes", 2, 5))
    for _ in range(5):
        if f.pending:
            f.apply(Answer(f.pending[0].id, "hound"))
        elif f.acting is not None and f.acting.id != "hound":
            f.apply(EndTurnCommand(f.acting.id))
    assert f.acting is not None and f.acting.id == "hound"
    f.apply(Move("hound", Square(3, 2)))
    assert not [d for d in f.pending if d.kind == INTERCEPT]  # (Isra's Kindled Ward may interrupt: not Hale)


def test_a_coup_de_grace_on_an_engaged_helpless_enemy_crits_and_spends_quick_and_move() -> None:
    """003 line 197: "If you use a Standard Action to attack an engaged, helpless enemy and spend your Quick and
    Move actions alongside it, that attack crits as long as the attack only targets that enemy." """
    f = hale_vs_hound()
    hale, hound = f.creature("hale"), f.creature("hound")
    coup = UseAbility("hale", "basic_melee", ("hound",), coup=True)
    assert "helpless" in f.why_illegal(coup)
    f.lay(hound, Condition.HELPLESS, hale)
    rig(f, [2, 2, 3] + [5] * 10)  # a natural 7: a miss but for the coup de grace
    f.apply(coup)
    attack = events(f, ev.AttackRolled)[-1]
    assert attack.result == "critical hit"  # type: ignore[attr-defined]
    assert not hale.budget.has("quick") and not hale.budget.has("move") and not hale.budget.has("standard")


def test_a_coup_de_grace_needs_the_quick_and_move_actions_themselves() -> None:
    """003 line 197 ("spend your Quick and Move actions alongside it")."""
    f = hale_vs_hound()
    hale, hound = f.creature("hale"), f.creature("hound")
    f.lay(hound, Condition.HELPLESS, hale)
    f.apply(SwitchStance("hale", "ranged"))
    f.apply(SwitchStance("hale", "melee"))  # the quick action, then the move paying for a quick
    assert "quick, move and standard" in f.why_illegal(UseAbility("hale", "basic_melee", ("hound",), coup=True))


def test_a_readied_attack_goes_off_when_an_enemy_comes_in_reach_and_takes_its_band_that_round() -> None:
    """003 line 101: "The readied action takes place immediately before the action that triggers it, possibly
    interrupting it depending on your action. If you take the readied action in the same round, your
    Initiative band is set to whatever Initiative band you took the action on"."""
    f = fight(("hale", "hale_varrow", "party", 2, 2), ("sling", "hedge_slinger", "foes", 6, 2))
    f.apply(Ready("hale", "basic_melee"))
    assert not f.creature("hale").budget.has("standard")
    f.apply(EndTurnCommand("hale"))
    assert f.acting is not None and f.acting.id == "sling"
    f.apply(Move("sling", Square(3, 2), (Square(5, 2), Square(4, 2), Square(3, 2))))
    asked = f.pending
    assert asked and asked[0].kind == READIED and asked[0].chooser == "hale"
    f.apply(Answer(asked[0].id, "take"))
    assert events(f, ev.ReadiedActionTaken) == [ev.ReadiedActionTaken("hale", "sling", "Basic Melee Attack", "slow")]
    assert events(f, ev.AttackRolled)[-1].attacker == "hale"  # type: ignore[attr-defined]
    assert f.clock.bands["hale"] is Band.SLOW


def test_a_readied_action_taken_the_next_round_keeps_the_band_and_bars_that_action() -> None:
    """003 line 101: "If you take your readied action in the next round prior to your turn, you can't use the
    type of action you readied during your turn that round, but your Initiative band is reset to the higher
    amount after your turn." """
    f = fight(("hound", "cinder_hound", "foes", 7, 2), ("isra", "isra_quenn", "party", 2, 2))
    f.apply(EndTurnCommand("hound"))
    f.apply(Ready("isra", "basic_ranged"))
    f.apply(EndTurnCommand("isra"))
    assert f.acting is not None and f.acting.id == "hound" and f.round == 2
    f.apply(Move("hound", Square(6, 2)))
    f.apply(Answer(f.pending[0].id, "take"))
    assert events(f, ev.ReadiedActionTaken)[-1].band == ""  # type: ignore[attr-defined]
    f.apply(EndTurnCommand("hound"))
    assert f.acting is not None and f.acting.id == "isra"
    assert f.clock.bands["isra"] is Band.SLOW and not f.creature("isra").budget.has("standard")


def test_a_readied_action_not_triggered_lapses_at_the_start_of_the_next_turn() -> None:
    """003 line 101 (the readied action waits for its trigger until the readier's next turn)."""
    f = fight(("hale", "hale_varrow", "party", 2, 2), ("hound", "cinder_hound", "foes", 9, 9))
    f.apply(Ready("hale", "basic_melee"))
    f.apply(EndTurnCommand("hale"))
    f.apply(EndTurnCommand("hound"))
    assert events(f, ev.ReadiedActionLapsed) == [ev.ReadiedActionLapsed("hale", "Basic Melee Attack")]
    assert f.creature("hale").readied is None


def test_an_interrupt_answers_an_attack_on_an_ally_before_it_and_only_once_until_ones_next_turn() -> None:
    """003 line 109: "When it's not your turn, you may take one Interrupt action before the start of your next
    turn"; line 134: "If this is Interrupt or Free, there's typically a triggering event indicated" (Hold the
    Line: "an enemy engaged with you attacks an ally next to you")."""
    f = fight(("hale", "hale_varrow", "party", 2, 2), ("isra", "isra_quenn", "party", 2, 3),
              ("hound", "cinder_hound", "foes", 3, 2))
    f.apply(EndTurnCommand("hale"))
    f.apply(UseAbility("hound", "scorching_bite", ("isra",)))
    asked = f.pending
    assert asked and asked[0].kind == INTERRUPT and asked[0].chooser == "hale"
    f.apply(Answer(asked[0].id, "interrupt"))
    attackers = [e.attacker for e in events(f, ev.AttackRolled)]  # type: ignore[attr-defined]
    assert attackers[:1] == ["hale"] and (f.creature("hound").out or attackers[1:] == ["hound"])
    hale = f.creature("hale")
    assert not hale.outside.has("interrupt") and "hold_the_line" in hale.used
    f.apply(EndTurnCommand("hound"))
    f.apply(EndTurnCommand("isra"))
    assert f.acting is not None and f.acting.id == "hale" and hale.outside.has("interrupt")


def test_healing_brings_a_dying_ally_back_from_zero() -> None:
    """003 line 227: "Any healing brings a character back from dying (recover from 0 hp) as if they had
    succeeded at a Death Save." (Mending Word: "An ally nearby heals using a recovery.")"""
    f = fight(("seli", "seli_dunmore", "party", 2, 2), ("hale", "hale_varrow", "party", 4, 2),
              ("hound", "cinder_hound", "foes", 9, 9))
    if f.pending:
        f.apply(Answer(f.pending[0].id, "seli"))
    hale = f.creature("hale")
    f.damage(hale, hale.hp + 5, "test")
    assert hale.dying
    f.apply(UseAbility("seli", "mending_word", ("hale",)))
    assert not hale.dying and hale.hp == hale.template.recovery_dice.average
    assert hale.recoveries == hale.template.recoveries - 1


def test_popping_off_without_a_check_lets_the_creature_move_away_unprovoked() -> None:
    """003 line 165: "Some abilities allow you to Pop Off of some enemies, skipping the Disengage check
    entirely." (Slip the Knot.)"""
    f = fight(("tobin", "tobin_marsh", "party", 2, 2), ("hound", "cinder_hound", "foes", 3, 2))
    f.apply(UseAbility("tobin", "slip_the_knot", ("hound",)))
    assert not events(f, ev.DisengageRolled)
    f.apply(Move("tobin", Square(0, 2)))
    assert not f.pending and f.creature("tobin").cell == Square(0, 2)


def test_a_stabilized_pc_fails_death_saves_without_risk() -> None:
    """003 line 227: "A character can also make another character not be at risk from death by taking a
    Standard Action to stabilize them. When stabilized, they still can't act, but failed Death Saves don't
    put them at risk of dying." """
    f = fight(("hale", "hale_varrow", "party", 2, 2), ("seli", "seli_dunmore", "party", 2, 3),
              ("hound", "cinder_hound", "foes", 9, 9))
    if f.pending:
        f.apply(Answer(f.pending[0].id, "seli"))
    hale = f.creature("hale")
    f.damage(hale, hale.hp + 1, "test")
    f.apply(Stabilize("seli", "hale"))
    assert hale.stabilized and not f.creature("seli").budget.has("standard")
    rig(f, [1] * 60)
    for _ in range(12):
        if f.pending:
            f.apply(Answer(f.pending[0].id, f.pending[0].options[0].key))
        else:
            f.apply(EndTurnCommand(f.acting.id))  # type: ignore[union-attr]
    saves = [e for e in events(f, ev.SaveRolled) if e.against == "death"]  # type: ignore[attr-defined]
    assert len(saves) >= 4 and all(s.result == "failure" for s in saves)  # type: ignore[attr-defined]
    assert hale.dying and not hale.dead and hale.death_failures == 0


def test_delay_lowers_the_band_and_the_creature_acts_when_it_comes() -> None:
    """003 line 97: "On your turn, you can choose to delay until a certain Initiative band that's lower than
    your current one. Your Initiative band is set to that one for the rest of the encounter." """
    f = hale_vs_hound()
    f.apply(Delay("hale", "slow"))
    assert f.acting is not None and f.acting.id == "hound" and f.clock.bands["hale"] is Band.SLOW
    f.apply(EndTurnCommand("hound"))
    assert f.acting is not None and f.acting.id == "hale"
    assert "lower than slow" in f.why_illegal(Delay("hale", "medium"))
    f.apply(SwitchStance("hale", "ranged"))
    assert "before it does anything else" in f.why_illegal(Delay("hale", "very slow"))


def test_a_surprise_round_lets_the_ambushers_act_before_round_one() -> None:
    """003 line 79: "Two characters of the ambushing party's choice may act in the Surprise Round. After this
    round, initiative proceeds as normal." """
    f = fight(("hale", "hale_varrow", "party", 2, 2), ("hound", "cinder_hound", "foes", 6, 2), ambush="foes")
    assert f.acting is not None and f.acting.id == "hound" and f.round == 0
    f.apply(EndTurnCommand("hound"))
    assert f.round == 1 and f.acting is not None and f.acting.id == "hale"


def test_an_attack_on_the_invisible_needs_an_11_plus_save_first() -> None:
    """003 line 260: "Invisible: ... Anyone trying to attack you has to roll a 11+ save first; if it fails,
    the attack has no effects." """
    f = hale_vs_hound()
    hale, hound = f.creature("hale"), f.creature("hound")
    f.lay(hound, Condition.INVISIBLE, hound)
    rig(f, [3, 3, 4] + [6, 6, 6] + [9] * 10)  # the save: 10, failed
    f.apply(UseAbility("hale", "basic_melee", ("hound",)))
    assert events(f, ev.SaveRolled)[-1].result == "failure"  # type: ignore[attr-defined]
    assert not events(f, ev.AttackRolled) and hound.hp == hound.max_hp


def test_a_confused_attacker_takes_half_the_damage_it_deals_on_an_odd_natural_roll() -> None:
    """003 line 253: "Confused: If you make any attacks while Confused, on a Natural Odd Hit or Miss, you take
    half of any damage you deal. Calculate this before multiplying/dividing damage"."""
    f = hale_vs_hound()
    hale, hound = f.creature("hale"), f.creature("hound")
    f.lay(hale, Condition.CONFUSED, hound)
    rig(f, [6, 6, 3] + [5, 5])  # a natural 15: odd, a hit; damage 2d10 [5+5] + 3 = 13
    f.apply(UseAbility("hale", "basic_melee", ("hound",)))
    assert hound.hp == hound.max_hp - 13 and hale.hp == hale.max_hp - 6
