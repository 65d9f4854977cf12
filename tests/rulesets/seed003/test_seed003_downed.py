"""Seed 003's downed PCs (issue 15 items 5 and 9): attacks on a dying PC, Last Gasp saves, Fighting in Spirit
and Fleeing, and the AI's choices about them. Each test quotes the line it checks (seed 003,
``../shared/seeds/003_c2dc3d650823e22d.txt``)."""

from __future__ import annotations

from game.grid import Square
from game.kernel.decisions import PASS, Answer, Decision, Option
from game.mechanics.tactics.pieces import PieceId
from game.rulesets.seed003 import events as ev
from game.rulesets.seed003.ai import choose_command
from game.rulesets.seed003.commands import EndTurnCommand, FightInSpirit, Flee, GrantSave, Move, UseAbility
from game.rulesets.seed003.downed import FLEE
from game.rulesets.seed003.fight import Seed003Fight
from game.rulesets.seed003.sheets import Condition
from game.rulesets.seed003.state import Creature
from tests.rulesets.seed003.test_seed003_fight import events, fight, rig


def hound_beside_dying_hale() -> Seed003Fight:
    """Hale dying next to a Cinder Hound, on the hound's turn (Isra far off keeps the party in the fight)."""
    f = fight(("hale", "hale_varrow", "party", 2, 2), ("hound", "cinder_hound", "foes", 3, 2),
              ("isra", "isra_quenn", "party", 9, 9))
    hale = f.creature("hale")
    f.damage(hale, hale.hp, "test")
    assert hale.dying
    f.apply(EndTurnCommand("hale"))
    assert f.acting is not None and f.acting.id == "hound"
    return f


def test_a_dying_pc_can_be_attacked_and_is_helpless() -> None:
    """003 line 227: a dying character "can't act"; line 259: "Helpless: You're Stunned and you can be the
    target of a Coup de Grace"; line 265: Stunned: "attacks against you gain 1 Advantage". (Our reading: a
    dying PC is Helpless.)"""
    f = hound_beside_dying_hale()
    hale, hound = f.creature("hale"), f.creature("hound")
    legal = list(f.legal_commands())
    assert UseAbility("hound", "basic_melee", ("hale",)) in legal
    assert UseAbility("hound", "basic_melee", ("hale",), coup=True) in legal
    assert f.net_against(hound, hale) == 1


def test_a_hit_on_a_dying_pc_marks_a_failed_death_save_and_a_crit_two() -> None:
    """003 line 225: "Failure: Mark a failed Death Save down. If you fail four Death Saves in one encounter,
    your character dies." (Our reading: damage on a dying PC marks one failure, a crit two.)"""
    f = hound_beside_dying_hale()
    hale = f.creature("hale")
    rig(f, [6, 6, 5, 1] + [4] * 10)  # advantage: 4d6 keep best 3 = 17, a crit
    f.apply(UseAbility("hound", "basic_melee", ("hale",)))
    assert events(f, ev.DownedHit) == [ev.DownedHit("hale", 2, 2)]
    assert hale.death_failures == 2 and hale.dying and not hale.dead


def test_a_coup_de_grace_on_a_dying_pc_with_two_failures_kills_it() -> None:
    """003 line 197: "If you use a Standard Action to attack an engaged, helpless enemy and spend your Quick
    and Move actions alongside it, that attack crits"; line 225: four failed death saves and "your character
    dies"."""
    f = hound_beside_dying_hale()
    hale = f.creature("hale")
    hale.death_failures = 2
    rig(f, [2, 2, 2, 1] + [4] * 10)  # a natural 6: a crit all the same
    f.apply(UseAbility("hound", "basic_melee", ("hale",), coup=True))
    assert events(f, ev.AttackRolled)[-1].result == "critical hit"  # type: ignore[attr-defined]
    assert hale.dead and events(f, ev.Died) == [ev.Died("hale", "4 failed death saves")]


def test_a_hit_puts_a_stabilized_pc_at_risk_again() -> None:
    """003 line 227: "When stabilized, they still can't act, but failed Death Saves don't put them at risk of
    dying." (Our reading: a hit ends the stabilization and marks a failure.)"""
    f = hound_beside_dying_hale()
    hale = f.creature("hale")
    hale.stabilized = True
    rig(f, [6, 5, 5, 1] + [4] * 10)  # 16: a hit
    f.apply(UseAbility("hound", "basic_melee", ("hale",)))
    assert not hale.stabilized and hale.death_failures == 1


def test_the_ai_attacks_a_standing_enemy_before_a_dying_one() -> None:
    """003 line 227 (a dying PC can't act: the AI strikes the one who can)."""
    f = fight(("hale", "hale_varrow", "party", 2, 2), ("hound", "cinder_hound", "foes", 3, 2),
              ("tobin", "tobin_marsh", "party", 4, 2))
    hale = f.creature("hale")
    f.damage(hale, hale.hp, "test")
    while f.acting is not None and f.acting.id != "hound":
        f.apply(EndTurnCommand(f.acting.id))
    command = choose_command(f)
    assert isinstance(command, UseAbility) and command.targets == ("tobin",)


def test_the_ai_finishes_a_dying_pc_when_nothing_standing_is_in_reach() -> None:
    """003 lines 197 and 225: with no standing enemy in reach, the AI finishes the dying PC (a coup de grace
    when it has its three actions)."""
    f = hound_beside_dying_hale()
    command = choose_command(f)
    assert isinstance(command, UseAbility) and command.targets == ("hale",) and command.coup


def test_the_ai_engaged_with_a_standing_pc_finishes_a_dying_one_only_if_the_hit_kills() -> None:
    """003 line 225 ("If you fail four Death Saves in one encounter, your character dies"): while a standing
    PC is engaged with it, the AI leaves the dying one alone; it is hit only when one failure more kills it
    and the AI is free of standing enemies."""
    f = fight(("hale", "hale_varrow", "party", 2, 2), ("hound", "cinder_hound", "foes", 3, 2),
              ("tobin", "tobin_marsh", "party", 4, 3))
    hale = f.creature("hale")
    f.damage(hale, hale.hp, "test")
    rig(f, [1, 1, 2] * 3)  # Hale's death save on his turn fails
    while f.acting is not None and f.acting.id != "hound":
        f.apply(EndTurnCommand(f.acting.id))
    hale.death_failures = 3
    assert hale.dying
    command = choose_command(f)
    assert isinstance(command, UseAbility) and command.targets == ("tobin",)
    f.creature("tobin").cell = Square(9, 9)
    command = choose_command(f)
    assert isinstance(command, UseAbility) and command.targets == ("hale",)


# -- Last Gasp saves -----------------------------------------------------------------------------------


def gasping_hale() -> Seed003Fight:
    """Hale (hurt to 30) starts Last Gasp saves from the hound's effect; Seli next to him; Isra keeps the
    party in the fight."""
    f = fight(("hale", "hale_varrow", "party", 2, 2), ("seli", "seli_dunmore", "party", 2, 3),
              ("hound", "cinder_hound", "foes", 9, 9))
    if f.pending:
        f.apply(Answer(f.pending[0].id, "hale"))
    hale = f.creature("hale")
    hale.hp = 30
    f.lay(hale, Condition.LAST_GASP, f.creature("hound"))
    return f


def test_last_gasp_saves_are_death_saves_that_keep_the_hp_on_a_success() -> None:
    """003 line 233: "your character starts making Death Saves as if they were dropped below 0 ... On a
    success, they maintain the HP they had at the start of the effect." """
    f = gasping_hale()
    hale = f.creature("hale")
    assert hale.gasping and hale.dying and hale.out
    assert events(f, ev.LastGaspBegan) == [ev.LastGaspBegan("hale", "hound", 30)]
    while f.acting is not None and f.acting.id != "hound":
        f.apply(EndTurnCommand(f.acting.id))
    rig(f, [5, 4, 4])  # 13: a success at the start of Hale's next turn
    f.apply(EndTurnCommand("hound"))
    if f.pending:
        f.apply(Answer(f.pending[0].id, "hale"))
    save = events(f, ev.SaveRolled)[-1]
    assert save.against == "last gasp" and save.result == "success"  # type: ignore[attr-defined]
    assert not hale.dying and not hale.gasping and hale.hp == 30


def test_four_failed_last_gasp_saves_put_the_pc_out_of_the_fight_for_good() -> None:
    """003 lines 225 and 233: "starts making Death Saves as if they were dropped below 0, and suffer the
    consequences from the effect" (four failures: the effect takes the PC for good, our reading)."""
    f = gasping_hale()
    hale = f.creature("hale")
    hale.death_failures = 3
    while f.acting is not None and f.acting.id != "hound":
        f.apply(EndTurnCommand(f.acting.id))
    rig(f, [1, 1, 2] + [3] * 40)
    f.apply(EndTurnCommand("hound"))
    if f.pending:
        f.apply(Answer(f.pending[0].id, "hale"))
    assert hale.lost and not hale.dead and not hale.dying and hale.out
    assert events(f, ev.LastGaspEnded)[-1] == ev.LastGaspEnded("hale", False, 30)


def test_healing_does_not_bring_back_from_last_gasp_but_a_granted_save_does_not_count() -> None:
    """003 line 233: "Allies can't bring someone back from Last Gasp saves with healing, but they can grant a
    save with a standard action that doesn't count against the 4 total if it fails." """
    f = gasping_hale()
    hale = f.creature("hale")
    while f.acting is not None and f.acting.id != "seli":
        f.apply(EndTurnCommand(f.acting.id))
    assert "Last Gasp" in f.why_illegal(UseAbility("seli", "mending_word", ("hale",)))
    rig(f, [1, 2, 2])
    f.apply(GrantSave("seli", "hale"))
    assert events(f, ev.SaveGranted) == [ev.SaveGranted("hale", "seli")]
    assert hale.gasping and hale.death_failures == 0
    assert not f.creature("seli").budget.has("standard")


# -- Fight in Spirit ----------------------------------------------------------------------------------


def test_a_pc_lost_for_good_fights_in_spirit_on_its_turn_for_one_round() -> None:
    """003 line 185: "If your character is permanently out of a fight (like if they're petrified ...) they
    can Fight in Spirit on their turn. This involves giving an ally advantage to attacks, advantage to saves,
    or disadvantage to attacks against that ally for 1 round"."""
    f = fight(("hale", "hale_varrow", "party", 2, 2), ("tobin", "tobin_marsh", "party", 3, 3),
              ("hound", "cinder_hound", "foes", 4, 3))
    hale, tobin, hound = f.creature("hale"), f.creature("tobin"), f.creature("hound")
    hale.lost = "petrified"
    f.apply(EndTurnCommand("tobin"))  # fast band first
    assert f.acting is hale
    assert "fight in spirit" in f.why_illegal(Move("hale", Square(1, 1)))
    assert f.net_against(tobin, hound) == 0
    f.apply(FightInSpirit("hale", "tobin", "attacks"))
    assert f.net_against(tobin, hound) == 1
    assert f.why_illegal(FightInSpirit("hale", "tobin", "defense"))  # once a turn: its standard action
    f.apply(EndTurnCommand("hale"))
    f.apply(EndTurnCommand("hound"))
    assert f.net_against(tobin, hound) == 1  # still this round (Tobin's turn, round 2)
    f.apply(EndTurnCommand("tobin"))
    assert f.acting is hale and f.net_against(tobin, hound) == 0  # the spirit's next turn: over


def test_the_ai_fights_in_spirit_for_an_engaged_ally() -> None:
    """003 line 185 (the AI gives the benefit to the ally who needs it: the one engaged)."""
    f = fight(("hale", "hale_varrow", "party", 2, 2), ("tobin", "tobin_marsh", "party", 3, 3),
              ("seli", "seli_dunmore", "party", 8, 8), ("hound", "cinder_hound", "foes", 4, 3))
    f.creature("hale").lost = "petrified"
    f.apply(EndTurnCommand("tobin"))
    if f.pending:
        f.apply(Answer(f.pending[0].id, "hale"))
    command = choose_command(f)
    assert command == FightInSpirit("hale", "tobin", "attacks")


# -- Flee -------------------------------------------------------------------------------------------


def party_of_two() -> Seed003Fight:
    f = fight(("tobin", "tobin_marsh", "party", 2, 2), ("oriel", "oriel_fenwick", "party", 2, 4),
              ("hale", "hale_varrow", "party", 1, 1), ("hound", "cinder_hound", "foes", 9, 9))
    if f.pending:
        f.apply(Answer(f.pending[0].id, "tobin"))
    return f


def test_fleeing_is_the_partys_decision_and_ends_the_fight_with_a_campaign_loss() -> None:
    """003 line 189: "Fleeing is an action that the entire party can decide on at a given time. If the party
    comes to a consensus, every character can decide to retreat (along with any downed characters), but they
    receive a Campaign Loss"."""
    f = party_of_two()
    hale = f.creature("hale")
    f.damage(hale, hale.hp, "test")
    f.apply(Flee("tobin"))
    asked = f.pending
    assert len(asked) == 1 and asked[0].kind == FLEE and asked[0].chooser == "oriel"
    assert {o.key for o in asked[0].options} == {"flee", PASS}
    f.apply(Answer(asked[0].id, "flee"))
    assert events(f, ev.PartyFled) == [ev.PartyFled("party", ("hale",))]
    assert f.over and f.winner == "foes"
    assert "Campaign Loss" in f.describe(events(f, ev.PartyFled)[0])


def test_the_party_may_decline_and_nobody_proposes_again_that_round() -> None:
    """003 line 189 ("If the party comes to a consensus"): without it the fight goes on."""
    f = party_of_two()
    f.apply(Flee("tobin"))
    f.apply(Answer(f.pending[0].id, PASS))
    assert not f.over and events(f, ev.FleeDeclined) == [ev.FleeDeclined("party")]
    assert "fight on" in f.why_illegal(Flee("tobin"))


def test_the_ai_flees_only_when_the_party_is_beaten() -> None:
    """003 line 189 (the AI answers the party's decision for an AI side: it agrees only when the party is
    beaten)."""
    f = party_of_two()
    decision = Decision(9, "party", "oriel", FLEE, "flee?", (Option("flee", "flee"), Option(PASS, "fight on")))
    assert f.ai_answer(decision) == PASS
    for pid in ("hale", "oriel"):
        f.damage(f.creature(pid), 100, "test")
    f.creature("tobin").hp = 5
    f.state.creatures[PieceId("hound2")] = Creature(PieceId("hound2"), "Hound 2", "foes", f.creature("hound").template,
                                                    Square(9, 7), 30, 0, None)
    assert f.ai_answer(decision) == "flee"
    assert choose_command(f) == Flee("tobin")


def test_the_hollow_watchers_stone_gaze_starts_last_gasp_saves_on_a_hit() -> None:
    """003 line 233: "When something tells you to start making Last Gasp saves, your character starts making
    Death Saves as if they were dropped below 0" (the sample's Stone Gaze, vs MD)."""
    f = fight(("hale", "hale_varrow", "party", 2, 2), ("eye", "hollow_watcher", "foes", 5, 2),
              ("isra", "isra_quenn", "party", 9, 9))
    f.apply(EndTurnCommand("hale"))
    assert f.acting is not None and f.acting.id == "eye"
    rig(f, [6, 5, 5] + [3] * 10)  # 16 + 6 = 22 vs MD 12: a hit
    f.apply(UseAbility("eye", "stone_gaze", ("hale",)))
    hale = f.creature("hale")
    assert hale.gasping and hale.dying and hale.hp == hale.max_hp


def test_simulate_counts_fled_fights_and_lost_pcs() -> None:
    """003 lines 189 and 233, as ``simulate`` sums them (the package's tally)."""
    from game.rulesets.seed003.package import RULESET

    counted = RULESET.tally([ev.PartyFled("party", ()), ev.LastGaspEnded("hale", False, 3),
                             ev.LastGaspEnded("tobin", True, 9), ev.Died("hale", "4 failed death saves")])
    assert counted == {"endings": {"party fled": 1}, "downed": {"lost to Last Gasp": 1, "died (PCs)": 1}}
