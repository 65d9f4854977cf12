"""The game master's edits on a seed 004 fight (:mod:`game.rulesets.edits`): EN, fallen and unalert, placing,
bringing in and taking out, and no turn order to move (numbers in brackets are seed 004's lines)."""

from __future__ import annotations

import pytest

from game.kernel.engine import Impossible
from game.rulesets import edits as ed
from game.rulesets.package import Editing
from game.rulesets.seed004.content import load_sheets
from tests.rulesets.seed004.fight004 import at, fight_of


def test_en_set_to_0_puts_a_character_out_and_may_end_the_fight() -> None:
    """Ours: a character at EN 0 is unconscious; the fight ends when one side is left standing."""
    f = fight_of(("oswin", "oswin_hale", "company", (2, 2)), ("wolf", "fen_wolf", "beasts", (5, 2)))
    assert isinstance(f, Editing)
    view = f.edit_view("wolf")
    assert view is not None and (view.hp, view.max_hp) == (16, 16)
    f.apply(ed.SetHitPoints("wolf", 0))
    assert f.char("wolf").dead and f.over and f.winner == "company"


def test_the_holder_of_the_initiative_is_not_brought_down_and_there_is_no_order_to_move() -> None:
    """Seed 004, lines 19-21: the initiative is worked out every segment, so no turn order to move."""
    f = fight_of(("oswin", "oswin_hale", "company", (2, 2)), ("wolf", "fen_wolf", "beasts", (5, 2)))
    with pytest.raises(Impossible, match="holds the initiative"):
        f.apply(ed.SetHitPoints("oswin", 0))
    with pytest.raises(Impossible, match="no turn order"):
        f.apply(ed.MoveInOrder("wolf", -1))
    assert f.turn_order() == ("oswin", "wolf")


def test_fallen_and_unalert_are_the_conditions_and_an_unalert_target_is_doubled() -> None:
    """Seed 004, line 4 (alert and unalert), line 24 (fall), line 39: a target not alert or fallen doubles the
    hit roll."""
    f = fight_of(("oswin", "oswin_hale", "company", (2, 2)), ("wolf", "fen_wolf", "beasts", (5, 2)))
    f.apply(ed.AddCondition("wolf", "unalert"))
    f.apply(ed.AddCondition("wolf", "fallen"))
    w = f.char("wolf")
    assert not w.alert and w.blows.fallen
    view = f.edit_view("wolf")
    assert view is not None and view.conditions == ("fallen", "unalert")
    f.apply(ed.RemoveCondition("wolf", "fallen"))
    assert not f.char("wolf").blows.fallen
    with pytest.raises(Impossible, match="seed 004's: fallen, unalert"):
        f.apply(ed.AddCondition("wolf", "prone"))


def test_a_character_placed_brought_in_and_taken_out() -> None:
    f = fight_of(("oswin", "oswin_hale", "company", (2, 2)), ("wolf", "fen_wolf", "beasts", (5, 2)))
    f.library = dict(load_sheets())
    f.apply(ed.PlaceCreature("wolf", at(f, 3, 2)))
    assert f.range_of("oswin", "wolf") == 1
    with pytest.raises(Impossible, match="cannot stand"):
        f.apply(ed.PlaceCreature("wolf", at(f, 2, 2)))
    f.apply(ed.AddCreature("fen_wolf", "beasts", at(f, 3, 3)))
    assert f.char("fen_wolf_1").blows.active == 2
    f.apply(ed.RemoveCreature("fen_wolf_1"))
    assert "fen_wolf_1" not in f.chars
