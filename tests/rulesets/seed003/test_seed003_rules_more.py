"""Seed 003's rules built after the first fight (issue 15 items 3 and 4): disengaging from some of the engaged
enemies, Ready with its triggers and readied moves, interrupts with their triggers, Sustain, Spend X Power,
Dicey Moves. Each test quotes the line it checks (seed 003, ``../shared/seeds/003_c2dc3d650823e22d.txt``)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from game.board import Board, Damage, Terrain
from game.grid import Square, SquareGrid
from game.rulesets.package import Entry
from game.kernel.decisions import PASS, Answer
from game.rulesets.seed003 import events as ev
from game.rulesets.seed003.commands import (DiceyMove, Disengage, EndTurnCommand, Move, Ready, Sustain,
                                            UseAbility)
from game.rulesets.seed003.fight import OPPORTUNITY, Seed003Fight
from game.rulesets.seed003.interrupts import INTERRUPT
from game.rulesets.seed003.readying import READIED
from game.rulesets.seed003.sheets import (Ability, ActionKind, Band, Condition, Defense, Frequency, Sheet, StanceKind,
                                          Trigger)
from tests.rulesets.seed003.test_seed003_fight import SHEETS, events, fight, rig


def test_a_creature_may_disengage_from_only_some_of_the_engaged_enemies() -> None:
    """003 line 163: "Disengaging from an enemy or group of enemies is a move action ... You can choose to
    Disengage from multiple enemies at once, in which case you add 1 to the Difficulty for every enemy past the
    first." Line 165: "you Pop Off the enemies in question": the others still take their opportunity attack
    when it moves away [181]."""
    f = fight(("hale", "hale_varrow", "party", 2, 2), ("hound", "cinder_hound", "foes", 3, 2),
              ("cut", "ditch_cutthroat", "foes", 2, 3))
    rig(f, [6, 4, 1])  # 11: enough against one enemy (11), not against two (12)
    f.apply(Disengage("hale", Square(0, 2), ("hound",)))
    rolled = events(f, ev.DisengageRolled)[-1]
    assert rolled.enemies == ("hound",) and rolled.difficulty == 11 and rolled.succeeded  # type: ignore[attr-defined]
    asked = f.pending
    assert [d.chooser for d in asked] == ["cut"] and asked[0].kind == OPPORTUNITY
    f.apply(Answer(asked[0].id, PASS))
    assert f.creature("hale").cell == Square(0, 2)


def test_a_disengage_names_only_enemies_engaged_with_the_creature() -> None:
    """003 line 165: "you Pop Off the enemies in question (meaning you are no longer engaged with them)": only
    an engaged enemy can be popped off."""
    f = fight(("hale", "hale_varrow", "party", 2, 2), ("hound", "cinder_hound", "foes", 3, 2),
              ("cut", "ditch_cutthroat", "foes", 8, 8))
    assert "not an enemy engaged" in f.why_illegal(Disengage("hale", Square(0, 2), ("cut",)))
    assert "once" in f.why_illegal(Disengage("hale", Square(0, 2), ("hound", "hound")))


def test_a_readied_attack_on_the_trigger_an_enemy_attacks_goes_off_before_that_attack() -> None:
    """003 line 101: "you can choose to Ready a Quick, Move, or Standard action by specifying the action and a
    trigger. The readied action takes place immediately before the action that triggers it" (the trigger here:
    an enemy attacks). "If you take the readied action in the same round, your Initiative band is set to
    whatever Initiative band you took the action on"."""
    f = fight(("tobin", "tobin_marsh", "party", 2, 2), ("isra", "isra_quenn", "party", 2, 3),
              ("hound", "cinder_hound", "foes", 3, 3))
    f.apply(Ready("tobin", "basic_melee", "attacks"))
    f.apply(EndTurnCommand("tobin"))
    f.apply(UseAbility("hound", "scorching_bite", ("isra",)))
    asked = f.pending
    assert [(d.kind, d.chooser) for d in asked] == [(READIED, "tobin")]
    f.apply(Answer(asked[0].id, "take"))
    attackers = [e.attacker for e in events(f, ev.AttackRolled)]  # type: ignore[attr-defined]
    assert attackers[0] == "tobin" and (f.creature("hound").out or attackers[1:] == ["hound"])
    assert f.clock.bands["tobin"] is Band.MEDIUM


def test_a_readied_move_on_the_trigger_an_enemy_moves_goes_first_and_the_band_rises_after_the_next_turn() -> None:
    """003 line 101: "Ready a Quick, Move, or Standard action" (here a move, on "a named enemy starts to move").
    "If you take your readied action in the next round prior to your turn, you can't use the type of action you
    readied during your turn that round, but your Initiative band is reset to the higher amount after your
    turn." """
    f = fight(("hound", "cinder_hound", "foes", 8, 2), ("isra", "isra_quenn", "party", 2, 2))
    f.apply(EndTurnCommand("hound"))
    f.apply(Ready("isra", to=Square(2, 5), trigger="moves", watch="hound"))
    f.apply(EndTurnCommand("isra"))
    assert f.round == 2 and f.acting is not None and f.acting.id == "hound"
    moved_before = len(events(f, ev.CreatureMoved))
    f.apply(Move("hound", Square(6, 2)))
    asked = f.pending
    assert [(d.kind, d.chooser) for d in asked] == [(READIED, "isra")]
    f.apply(Answer(asked[0].id, "take"))
    moved = [e.creature for e in events(f, ev.CreatureMoved)][moved_before:]  # type: ignore[attr-defined]
    assert moved[:3] == ["isra"] * 3 and set(moved[3:]) == {"hound"}
    assert f.creature("isra").cell == Square(2, 5)
    f.apply(EndTurnCommand("hound"))
    assert f.acting is not None and f.acting.id == "isra" and f.clock.bands["isra"] is Band.SLOW
    isra = f.creature("isra")
    assert isra.budget.left["move"] == 0  # its own move action is barred (a standard may still pay: README)
    f.apply(EndTurnCommand("isra"))
    assert f.clock.bands["isra"] is Band.MEDIUM
    assert events(f, ev.ReadiedBandReset) == [ev.ReadiedBandReset("isra", "slow", "medium")]


def test_a_watched_trigger_is_set_off_by_that_enemy_only() -> None:
    """003 line 101: "specifying the action and a trigger": a trigger may name the enemy whose action sets it
    off (our reading); another enemy's action does not."""
    f = fight(("tobin", "tobin_marsh", "party", 2, 2), ("isra", "isra_quenn", "party", 2, 3),
              ("hound", "cinder_hound", "foes", 3, 3), ("roots", "mire_strangler", "foes", 9, 9))
    f.apply(Ready("tobin", "basic_melee", "attacks", watch="roots"))
    f.apply(EndTurnCommand("tobin"))
    f.apply(UseAbility("hound", "scorching_bite", ("isra",)))
    assert not [d for d in f.pending if d.kind == READIED]
    assert f.creature("tobin").readied is not None


def test_a_ready_names_a_trigger_the_table_reads_and_a_watched_enemy() -> None:
    """003 line 101: "by specifying the action and a trigger" (the triggers the table reads: README)."""
    f = fight(("tobin", "tobin_marsh", "party", 2, 2), ("hound", "cinder_hound", "foes", 8, 8))
    assert "no trigger" in f.why_illegal(Ready("tobin", "basic_melee", "sneezes"))
    assert "not an enemy" in f.why_illegal(Ready("tobin", "basic_melee", "attacks", watch="tobin"))
    assert "not an ability" in f.why_illegal(Ready("tobin", "basic_melee", "moves", to=Square(2, 4)))
    assert f.why_illegal(Ready("tobin", to=Square(2, 4), trigger="attacks")) == ""


def test_the_new_command_fields_read_back_from_json() -> None:
    """003 lines 101 and 163 (a ready's trigger, a readied move, a watched enemy; the enemies a disengage names)
    as the encounter file's ``[[commands]]`` and the saves write them: each reads back as written."""
    from game.board import Board, Damage, Terrain
    from game.grid import SquareGrid
    from game.rulesets.seed003.encounter_file import command_from_json, command_to_json

    board = Board(SquareGrid(32, 32), 12, 12)
    for command in (Ready("tobin", "basic_melee", "attacks", watch="hound"), Ready("isra", to=Square(2, 5),
                    trigger="moves"), Ready("tobin", "basic_melee"), Disengage("hale", Square(0, 2), ("hound",)),
                    Disengage("hale", Square(0, 2)), Sustain("seli", "lantern_snare"),
                    DiceyMove("hale", Square(6, 2))):
        record = command_to_json(command, board)
        assert command_from_json(record, board, "x.toml", "commands[1]") == command


# -- interrupts -----------------------------------------------------------------------------------------------


def with_ability(sheet_id: str, ability: Ability) -> Sheet:
    sheet = SHEETS[sheet_id]
    return dataclasses.replace(sheet, abilities=(*sheet.abilities, ability))


def fight_of(*placed: tuple[str, Sheet, str, int, int]) -> Seed003Fight:
    """A fight on an open 12 x 12 square board with the sheets given, started."""
    grid = SquareGrid(32, 32)
    board = Board(grid, 12, 12)
    f = Seed003Fight(board, [Entry(pid, pid.title(), side, sheet, grid.offset_to_cell(col, row))
                             for pid, sheet, side, col, row in placed], seed=1)
    f.start()
    return f


RIPOSTE = Ability("riposte", "Riposte", "melee", Frequency.ENCOUNTER, ActionKind.INTERRUPT,
                  trigger="an enemy attacks you", on=Trigger.ATTACK_ON_YOU, defense=Defense.AC,
                  basic=StanceKind.MELEE)
WARY = Ability("wary", "Wary Blade", "melee", Frequency.AT_WILL, ActionKind.INTERRUPT,
               trigger="an enemy moves next to you", on=Trigger.ENEMY_ENGAGES_YOU, defense=Defense.AC,
               basic=StanceKind.MELEE)


def test_an_interrupt_on_an_attack_on_oneself_goes_before_that_attack() -> None:
    """003 line 119: "Interrupt: You can use one of these per round outside of your turn. These are generally
    limited to powers which specify the conditions under which you can use them as an Interrupt"; line 134: "If
    this is Interrupt or Free, there's typically a triggering event indicated" (here "an enemy attacks you")."""
    f = fight_of(("isra", with_ability("isra_quenn", RIPOSTE), "party", 2, 2),
                 ("hound", SHEETS["cinder_hound"], "foes", 3, 2))
    f.creature("isra").stance = StanceKind.MELEE
    f.apply(UseAbility("hound", "scorching_bite", ("isra",)))
    asked = f.pending
    assert [(d.kind, d.chooser) for d in asked] == [(INTERRUPT, "isra")]
    f.apply(Answer(asked[0].id, "interrupt"))
    attacks = [(e.attacker, e.ability) for e in events(f, ev.AttackRolled)]  # type: ignore[attr-defined]
    assert attacks[0] == ("isra", "Riposte") and (f.creature("hound").out or attacks[1][0] == "hound")
    assert not f.creature("isra").outside.has("interrupt")


def test_an_interrupt_on_an_enemy_moving_next_to_one_is_offered_after_that_step_once_a_round() -> None:
    """003 line 109: "When it's not your turn, you may take one Interrupt action before the start of your next
    turn" (the trigger here: "an enemy moves next to you")."""
    f = fight_of(("isra", with_ability("isra_quenn", WARY), "party", 2, 2),
                 ("hound", SHEETS["cinder_hound"], "foes", 6, 2), ("cut", SHEETS["ditch_cutthroat"], "foes", 6, 4))
    f.creature("isra").stance = StanceKind.MELEE
    if f.pending:
        f.apply(Answer(f.pending[0].id, "hound"))
    f.apply(Move("hound", Square(3, 2), (Square(5, 2), Square(4, 2), Square(3, 2))))
    asked = f.pending
    assert [(d.kind, d.chooser) for d in asked] == [(INTERRUPT, "isra")]
    assert f.creature("hound").cell == Square(3, 2)
    f.apply(Answer(asked[0].id, "interrupt"))
    assert [e.attacker for e in events(f, ev.AttackRolled)] == ["isra"]  # type: ignore[attr-defined]
    f.apply(EndTurnCommand("hound"))
    f.apply(Move("cut", Square(3, 3), (Square(5, 3), Square(4, 3), Square(3, 3))))
    assert not [d for d in f.pending if d.kind == INTERRUPT]  # its one interrupt is spent


def test_an_interrupt_on_an_allys_failed_save_lets_the_ally_reroll_it() -> None:
    """003 line 134: "If this is Interrupt or Free, there's typically a triggering event indicated" (the
    sample's Steady Hands: "an ally nearby fails a save ... The ally rerolls the save"); line 107: "At the end
    of your turn, take any ongoing damage, then make saves for any save ends effects"."""
    f = fight(("hale", "hale_varrow", "party", 2, 2), ("seli", "seli_dunmore", "party", 2, 4),
              ("hound", "cinder_hound", "foes", 9, 9))
    f.apply(Answer(f.pending[0].id, "hale"))
    f.lay_ongoing(f.creature("hale"), 3, f.creature("hound"))
    rig(f, [1, 2, 3, 6, 5, 4])  # the save fails (6), the reroll succeeds (15)
    f.apply(EndTurnCommand("hale"))
    asked = f.pending
    assert [(d.kind, d.chooser) for d in asked] == [(INTERRUPT, "seli")]
    f.apply(Answer(asked[0].id, "interrupt"))
    ended = events(f, ev.ConditionEnded)
    assert ended and "reroll" in ended[-1].reason  # type: ignore[attr-defined]
    assert not [h for h in f.creature("hale").conditions if h.ongoing]
    assert "steady_hands" in f.creature("seli").used


def test_an_interrupt_trigger_in_a_content_file_fits_its_action_and_effect(tmp_path: Path) -> None:
    """003 line 134: "Action: Standard, Move, Quick, Free, or Interrupt. If this is Interrupt or Free, there's
    typically a triggering event indicated": ``on`` is an interrupt's; a reroll answers a failed save."""
    from tests.rulesets.seed003.test_seed003_content import GOOD, refusals, write

    bad = GOOD + '''
[creatures.bog_hag.abilities.snap]
name = "Snap"
action = "standard"
on = "attack on you"
attack = "vs AC"

[creatures.bog_hag.abilities.mend]
name = "Mend"
action = "interrupt"
trigger = "an ally fails a save"
on = "ally fails save"
'''
    lines = refusals(write(tmp_path, bad))
    assert any("snap" in line and "interrupt" in line for line in lines)
    assert any("mend" in line and "reroll" in line for line in lines)


# -- sustain and power ----------------------------------------------------------------------------------------


def test_a_sustained_ability_goes_on_while_its_user_keeps_rolling_and_ends_at_the_end_of_a_turn_it_does_not() -> None:
    """003 line 136: "Sustain: To maintain this ability, roll the noted Sustain using the same action as
    initiating it. Otherwise, it expires at the end of your turn." (the sample's Lantern Snare, Sustain 11+)."""
    f = fight(("seli", "seli_dunmore", "party", 2, 2), ("hound", "cinder_hound", "foes", 5, 2))
    seli, hound = f.creature("seli"), f.creature("hound")
    rig(f, [6, 6, 5])
    f.apply(UseAbility("seli", "lantern_snare", ("hound",)))
    assert hound.has(Condition.STUCK)
    f.apply(EndTurnCommand("seli"))
    f.apply(EndTurnCommand("hound"))
    assert hound.has(Condition.STUCK) and f.acting is seli
    rig(f, [6, 4, 1])  # 11: kept up
    f.apply(Sustain("seli", "lantern_snare"))
    assert not seli.budget.has("standard")  # the same action as initiating it
    assert events(f, ev.SustainRolled)[-1].kept_up  # type: ignore[attr-defined]
    f.apply(EndTurnCommand("seli"))
    f.apply(EndTurnCommand("hound"))
    assert hound.has(Condition.STUCK) and f.acting is seli
    rig(f, [1, 2, 3])  # 6: it ends at the end of this turn
    f.apply(Sustain("seli", "lantern_snare"))
    assert hound.has(Condition.STUCK)
    f.apply(EndTurnCommand("seli"))
    assert not hound.has(Condition.STUCK)
    assert events(f, ev.SustainEnded) == [ev.SustainEnded("seli", "Lantern Snare")]


def test_an_ability_that_spends_power_needs_the_power_left() -> None:
    """003 line 137: "Spend X Power: You have to spend X Power to activate this ability. For characters that
    have a secondary Power resource like Momentum or Command that acts as Power, this is indicated as Spend X
    Secondary/Power." (the sample's Headlong Rush, Spend 1 Momentum; Tobin starts with 2)."""
    f = fight(("tobin", "tobin_marsh", "party", 2, 2), ("hound", "cinder_hound", "foes", 3, 2))
    for left in (1, 0):
        rig(f, [1, 1, 2])  # a miss
        f.apply(UseAbility("tobin", "headlong_rush", ("hound",)))
        assert events(f, ev.PowerSpent)[-1] == ev.PowerSpent("tobin", 1, left, "Momentum", "Headlong Rush")
        f.apply(EndTurnCommand("tobin"))
        f.apply(EndTurnCommand("hound"))
    assert "spends 1 Momentum; Tobin has 0 left" in f.why_illegal(UseAbility("tobin", "headlong_rush", ("hound",)))


def test_a_content_ability_that_spends_power_needs_a_creature_with_power(tmp_path: Path) -> None:
    """003 line 137 ("You have to spend X Power"): a sheet whose ability spends Power has some."""
    from tests.rulesets.seed003.test_seed003_content import GOOD, refusals, write

    bad = GOOD + '''
[creatures.bog_hag.abilities.hex]
name = "Hex"
action = "standard"
spend = 2
attack = "vs MD"
'''
    assert any("hex" in line and "power" in line.lower() for line in refusals(write(tmp_path, bad)))


# -- dicey moves ----------------------------------------------------------------------------------------------


def risky_fight(dicey: int | None) -> Seed003Fight:
    """Hale at (2, 2), a Cinder Hound at (6, 2), and a column of dangerous terrain at x = 4 between them."""
    grid = SquareGrid(32, 32)
    terrain = {grid.offset_to_cell(4, row): Terrain(damage=Damage(1, 6)) for row in range(12)}
    board = Board(grid, 12, 12, terrain=terrain)
    options: dict[str, object] = {"dicey": dicey} if dicey is not None else {}
    f = Seed003Fight(board, [Entry("hale", "Hale", "party", SHEETS["hale_varrow"], Square(2, 2)),
                             Entry("hound", "Hound", "foes", SHEETS["cinder_hound"], Square(7, 2))],
                     seed=1, options=options)
    f.start()
    return f


def test_a_dicey_move_crosses_risky_terrain_on_a_check_and_gives_advantage_on_the_next_attack() -> None:
    """003 line 171: "If you want to do something with movement that might be risky or has a chance of
    failure, your character makes a Dicey Move as a move action. This involves rolling a skill check against an
    appropriate Difficulty for the environment. ... might give the character or an ally 1 Advantage on an attack
    performed right" (risky terrain: the map's dangerous cells, with the encounter's Difficulty; README)."""
    f = risky_fight(12)
    assert "cannot reach" in f.why_illegal(Move("hale", Square(6, 2)))  # a plain move does not cross it
    assert DiceyMove("hale", Square(6, 2)) in list(f.legal_commands())
    rig(f, [6, 5, 1])  # 12: made
    f.apply(DiceyMove("hale", Square(6, 2)))
    assert events(f, ev.DiceyMoveRolled)[-1].made and f.creature("hale").cell == Square(6, 2)  # type: ignore[attr-defined]
    assert f.creature("hale").budget.left["move"] == 0
    rig(f, [1, 1, 1, 2, 4, 2, 2])  # 4d6 keep the best 3: one Advantage
    f.apply(UseAbility("hale", "basic_melee", ("hound",)))
    assert events(f, ev.AttackRolled)[-1].net == 1  # type: ignore[attr-defined]
    assert "hale" not in f.edge  # one attack only


def test_a_failed_dicey_move_loses_the_move_action() -> None:
    """003 line 171 ("a chance of failure"): as a failed disengage, line 163: "If you fail the check, you lose
    your move action"."""
    f = risky_fight(12)
    rig(f, [1, 2, 3])
    f.apply(DiceyMove("hale", Square(6, 2)))
    assert not events(f, ev.DiceyMoveRolled)[-1].made  # type: ignore[attr-defined]
    assert f.creature("hale").cell == Square(2, 2) and f.creature("hale").budget.left["move"] == 0


def test_without_a_difficulty_dangerous_terrain_is_plain_ground_and_no_dicey_move_is_offered() -> None:
    """003 lines 169-171 (a Dicey Move needs "an appropriate Difficulty for the environment": an encounter
    without one has no risky terrain)."""
    f = risky_fight(None)
    assert f.why_illegal(Move("hale", Square(6, 2))) == ""
    assert "no risky terrain" in f.why_illegal(DiceyMove("hale", Square(6, 2)))
    assert not [c for c in f.legal_commands() if isinstance(c, DiceyMove)]


def test_the_dicey_difficulty_comes_from_the_encounter_else_the_map() -> None:
    """003 line 171: "rolling a skill check against an appropriate Difficulty for the environment": the
    encounter's ``dicey`` option, else the map's property ``dicey`` (3-18); a bad one is refused in one line."""
    import pytest

    from game.errors import EncounterFileError
    from game.rulesets.package import FileSetup
    from game.rulesets.seed003.package import RULESET

    entries = [Entry("hale", "Hale", "party", SHEETS["hale_varrow"], Square(1, 1)),
               Entry("hound", "Hound", "foes", SHEETS["cinder_hound"], Square(5, 5))]

    def dicey(options: dict[str, object], properties: dict[str, object]) -> int:
        board = Board(SquareGrid(32, 32), 8, 8, properties=properties)
        setup = FileSetup(Path("f.toml"), "m", 1, {"max_rounds": 50, **options}, None, None)
        return RULESET.new_fight(board, entries, setup).dicey

    assert dicey({}, {}) == 0
    assert dicey({}, {"dicey": 13}) == 13
    assert dicey({"dicey": 11}, {"dicey": 13}) == 11
    with pytest.raises(EncounterFileError, match="dicey"):
        dicey({}, {"dicey": 40})
