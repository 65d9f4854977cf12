"""Seed 001's AI: it closes and attacks, rushes with move-and-attack, holds a pike line, uses the drake's fly-by
breath, withdraws when badly hurt and stands up when prone (numbers in brackets are seed 001's lines)."""

from __future__ import annotations

from game.rulesets.seed001.ai import choose_command
from game.rulesets.seed001.commands import Attack, EndTurnCommand, Move, Stand
from game.rulesets.seed001.pools import Vitals
from tests.rulesets.seed001.fighting import at, fight_of


def test_a_rider_charges_with_one_move_and_attack() -> None:
    f = fight_of(("r", "aldric_lancer", "x", (2, 5)), ("m", "grey_courser", "x", (2, 4)),
                 ("b", "road_bandit", "y", (12, 4)), riders=[("r", "m")], seconds=(12, 2, 1))
    command = choose_command(f)
    assert isinstance(command, Attack) and command.target == "b" and command.to is not None
    f.apply(command)
    assert f.state.distance(f.creature("r").cell, f.creature("b").cell) <= 2
    assert f.creature("m").cell == f.creature("r").cell


def test_a_pikeman_holds_the_line_and_does_not_chase() -> None:
    """Seed 001, line 25: "a line of protectors using polearms can produce serious damage against a brave
    combatant charging into battle": the line waits for the charge."""
    f = fight_of(("p", "hollin_pikeman", "x", (2, 4)), ("g", "marsh_goblin", "y", (8, 4)), seconds=(12, 1))
    assert choose_command(f) == EndTurnCommand("p")


def test_a_pikeman_strikes_what_comes_into_its_reach() -> None:
    f = fight_of(("p", "hollin_pikeman", "x", (2, 4)), ("b", "road_bandit", "y", (4, 4)), seconds=(12, 1))
    assert choose_command(f) == Attack("p", "b", "pike")


def test_a_pike_line_goes_after_enemies_that_can_shoot_once_none_that_must_come_is_left() -> None:
    """A bandit with a bow and an axe need never come to the points: the line goes to it."""
    f = fight_of(("p", "hollin_pikeman", "x", (2, 4)), ("b", "road_bandit", "y", (9, 4)), seconds=(12, 1))
    command = choose_command(f)
    assert isinstance(command, (Move, Attack)) and command.to is not None and command.to != f.creature("p").cell


def test_the_drake_breathes_its_fly_by_out_of_the_pikes_reach() -> None:
    """Seed 001, line 15: "a low-to-the-ground fly-by breath weapon" does not provoke."""
    f = fight_of(("d", "reed_drake", "x", (12, 4)), ("p", "hollin_pikeman", "y", (3, 4)), seconds=(12, 1))
    command = choose_command(f)
    assert isinstance(command, Attack) and command.weapon == "bog_fire" and command.to is not None
    assert f.state.distance(command.to, f.creature("p").cell) == 3


def test_a_badly_hurt_creature_beside_an_enemy_withdraws() -> None:
    """Seed 001, line 11: "an action to withdraw in a defensive manner"."""
    f = fight_of(("a", "road_bandit", "x", (4, 4)), ("b", "road_bandit", "y", (5, 4)), seconds=(12, 1))
    f.creature("a").vitals = Vitals(2, 10, 8, 8)
    command = choose_command(f)
    assert isinstance(command, Move) and command.withdraw
    assert f.state.distance(command.to, f.creature("b").cell) > 1


def test_a_prone_creature_stands_up_by_its_action() -> None:
    """Seed 001, line 32: "to stand one must either sacrifice an action or a reaction"."""
    f = fight_of(("a", "road_bandit", "x", (4, 4)), ("b", "road_bandit", "y", (5, 4)), seconds=(12, 1))
    f.creature("a").prone = True
    assert choose_command(f) == Stand("a")
    f.apply(Stand("a"))
    assert not f.creature("a").prone


def test_a_ridden_mount_does_not_wander_off_under_its_rider() -> None:
    f = fight_of(("m", "grey_courser", "x", (2, 4)), ("r", "aldric_lancer", "x", (2, 6)),
                 ("b", "road_bandit", "y", (12, 4)), riders=[("r", "m")], seconds=(12, 2, 1))
    assert choose_command(f) == EndTurnCommand("m")
    assert at(f, 2, 4) == f.creature("m").cell
