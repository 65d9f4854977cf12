"""Seed 001's game master's edits: Body, prone, placing (riders with their mounts), bringing in and taking out;
each one event outside the fight's steps, refused in one line when it cannot be."""

from __future__ import annotations

import pytest

from game.kernel.engine import Impossible
from game.rulesets import edits as ed
from game.rulesets.package import Editing
from game.rulesets.seed001 import events as ev
from game.rulesets.seed001.commands import EndTurnCommand
from game.rulesets.seed001.content import load_sheets
from tests.rulesets.seed001.fighting import at, events, fight_of, where


def test_a_seed_001_fight_takes_the_game_masters_edits() -> None:
    f = fight_of(("a", "road_bandit", "x", (2, 2)), ("b", "road_bandit", "y", (9, 2)), seconds=(12, 1))
    assert isinstance(f, Editing)
    view = f.edit_view("b")
    assert view is not None and (view.hp, view.max_hp, view.conditions) == (10, 10, ())


def test_setting_body_to_zero_puts_a_creature_down_and_can_end_the_fight() -> None:
    f = fight_of(("a", "road_bandit", "x", (2, 2)), ("b", "road_bandit", "y", (9, 2)), seconds=(12, 1))
    f.apply(ed.SetHitPoints("b", 0))
    assert f.creature("b").out and f.over and f.winner == "x"
    assert events(f, ed.GmEdited)[-1].detail == "Road Bandit's hit points set to 0 (its Body; was 10) (down)"


def test_the_acting_creature_is_not_brought_down_nor_taken_out() -> None:
    f = fight_of(("a", "road_bandit", "x", (2, 2)), ("b", "road_bandit", "y", (9, 2)), seconds=(12, 1))
    with pytest.raises(Impossible, match="is acting"):
        f.apply(ed.SetHitPoints("a", 0))
    with pytest.raises(Impossible, match="holds the turn"):
        f.apply(ed.RemoveCreature("a"))


def test_placing_a_mount_carries_its_rider_and_a_rider_is_not_placed_alone() -> None:
    f = fight_of(("m", "grey_courser", "x", (3, 2)), ("r", "aldric_lancer", "x", (4, 4)),
                 ("b", "road_bandit", "y", (12, 9)), riders=[("r", "m")], seconds=(12, 2, 1))
    with pytest.raises(Impossible, match="place the mount"):
        f.apply(ed.PlaceCreature("r", at(f, 6, 6)))
    f.apply(ed.PlaceCreature("m", at(f, 6, 6)))
    assert where(f, "m") == where(f, "r") == (6, 6)


def test_prone_is_laid_and_lifted_and_a_prone_rider_is_set_down() -> None:
    f = fight_of(("m", "grey_courser", "x", (3, 2)), ("r", "aldric_lancer", "x", (4, 4)),
                 ("b", "road_bandit", "y", (12, 9)), riders=[("r", "m")], seconds=(12, 2, 1))
    f.apply(ed.AddCondition("r", "prone"))
    assert f.creature("r").prone and f.creature("r").mount is None
    with pytest.raises(Impossible, match="already prone"):
        f.apply(ed.AddCondition("r", "prone"))
    with pytest.raises(Impossible, match="unknown condition 'dazed'"):
        f.apply(ed.AddCondition("b", "dazed"))
    f.apply(ed.RemoveCondition("r", "prone"))
    assert not f.creature("r").prone


def test_a_creature_brought_in_acts_last_this_round_and_one_taken_out_leaves_the_counter() -> None:
    f = fight_of(("a", "road_bandit", "x", (2, 2)), ("b", "road_bandit", "y", (9, 2)),
                 ("c", "road_bandit", "y", (9, 5)), seconds=(12, 6, 3))
    f.library = load_sheets()
    f.apply(ed.AddCreature("bog_hound", "x", at(f, 2, 5)))
    assert f.turn_order()[:4] == ("a", "b", "c", "bog_hound_1")
    f.apply(ed.RemoveCreature("c"))
    assert "c" not in f.turn_order() and f.piece("c") is None
    f.apply(EndTurnCommand("a"))
    f.apply(EndTurnCommand("b"))
    assert f.acting is not None and f.acting.id == "bog_hound_1" and f.second == 1


def test_moving_one_in_the_order_trades_seconds_with_its_neighbour_still_to_act() -> None:
    f = fight_of(("a", "road_bandit", "x", (2, 2)), ("b", "road_bandit", "y", (9, 2)),
                 ("c", "road_bandit", "y", (9, 5)), seconds=(12, 6, 3))
    f.apply(ed.MoveInOrder("c", -1))
    assert f.turn_order() == ("a", "c", "b")
    assert f.counter.acts_at("c").second == 6 and f.counter.acts_at("b").second == 3  # type: ignore[union-attr]
    with pytest.raises(Impossible, match="do not both wait"):
        f.apply(ed.MoveInOrder("c", -1))  # a holds the turn: its entry is taken
    f.apply(EndTurnCommand("a"))
    assert f.acting is not None and f.acting.id == "c" and f.second == 6


def test_a_table_roll_is_anybodys() -> None:
    f = fight_of(("a", "road_bandit", "x", (2, 2)), ("b", "road_bandit", "y", (9, 2)), seconds=(12, 1))
    got = f.apply(ed.RollDice("2d6+3", "Ann"))
    assert len(got) == 1 and isinstance(got[0], ed.TableDiceRolled)
    assert not events(f, ev.Hurt)
