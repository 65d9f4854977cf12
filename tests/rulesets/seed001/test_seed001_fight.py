"""Seed 001's fight through the kernel seam: the second-counter as its clock, moving, attacking, Body damage,
incapacitation and the winner (numbers in brackets are seed 001's lines)."""

from __future__ import annotations

import pytest

from game.kernel.engine import Impossible
from game.rulesets.seed001 import events as ev
from game.rulesets.seed001.commands import Attack, EndTurnCommand, Move
from tests.rulesets.seed001.fighting import at, events, fight_of, play_ai, where


def test_the_creature_with_the_highest_second_acts_first_and_the_count_runs_down() -> None:
    """Seed 001, line 34: "if the reaction is used in second-counter:2 ... standing will be effective in 10 of
    the subsequent round": the counter counts down; each creature acts at its d12 second (ours)."""
    f = fight_of(("a", "road_bandit", "x", (2, 2)), ("b", "road_bandit", "y", (8, 2)),
                 ("c", "road_bandit", "y", (8, 4)), seconds=(3, 11, 7))
    assert events(f, ev.SecondsRolled)[0].seconds == (("b", 11), ("c", 7), ("a", 3))
    order = []
    for _ in range(3):
        actor = f.acting
        assert actor is not None
        order.append((actor.id, f.second))
        f.apply(EndTurnCommand(actor.id))
    assert order == [("b", 11), ("c", 7), ("a", 3)]
    assert f.round == 2 and len(events(f, ev.RoundStarted)) == 2


def test_one_action_a_round_and_movement_is_free_within_the_movement_for_the_round() -> None:
    """Seed 001, line 3: "only one action is permitted in a combat round"; line 32: "Movement is free"."""
    f = fight_of(("a", "road_bandit", "x", (2, 2)), ("b", "road_bandit", "y", (3, 2)), seconds=(12, 1))
    f.apply(Move("a", at(f, 2, 4)))
    f.apply(Move("a", at(f, 2, 3)))
    assert where(f, "a") == (2, 3)
    f.apply(Attack("a", "b", "hand_axe"))
    with pytest.raises(Impossible, match="used its action"):
        f.apply(Attack("a", "b", "hand_axe"))
    with pytest.raises(Impossible, match="hexes of movement left|cannot reach"):
        f.apply(Move("a", at(f, 12, 3)))


def test_damage_is_successes_plus_weight_plus_strength_and_body_at_zero_puts_a_creature_down() -> None:
    """Seed 001, line 14: damage "the 1 point for that die, the Weapon Wgt value and any Strength modifier";
    ours: a standard attack's successes + Weight + Strength, out at Body 0."""
    f = fight_of(("a", "road_bandit", "x", (2, 2)), ("b", "road_bandit", "y", (3, 2), {"body": 5}),
                 seconds=(12, 1), faces=(20, 19))
    f.apply(Attack("a", "b", "hand_axe"))
    hurt = events(f, ev.Hurt)
    assert hurt == [ev.Hurt("b", 2 + 2 + 1, 0)]
    assert events(f, ev.Incapacitated) == [ev.Incapacitated("b")]
    assert f.over and f.winner == "x"


def test_a_move_and_attack_remembers_where_the_rush_began() -> None:
    """Seed 001, line 21: impalement needs an opponent who "closes from 20 feet or farther to engage and
    attack": the attack step carries its rush."""
    from game.rulesets.seed001.commands import RollAttack

    f = fight_of(("a", "road_bandit", "x", (2, 2)), ("b", "road_bandit", "y", (8, 2)), seconds=(12, 1))
    seen = []

    class Watch:
        def before(self, fight, step):  # type: ignore[no-untyped-def]
            if isinstance(step, RollAttack):
                seen.append(step.rush)
            return []

        def question(self, fight, step):  # type: ignore[no-untyped-def]
            return []

        def resolve(self, fight, step, answers):  # type: ignore[no-untyped-def]
            return False

        def after(self, fight, step):  # type: ignore[no-untyped-def]
            return []

        def ai_answer(self, fight, decision):  # type: ignore[no-untyped-def]
            return None

        def describe(self, event, name):  # type: ignore[no-untyped-def]
            return None

    f.extensions.append(Watch())
    f.apply(Attack("a", "b", "hand_axe", at(f, 7, 2)))
    assert len(seen) == 1 and seen[0] is not None
    assert seen[0].start == at(f, 2, 2) and seen[0].from_feet == 30 and seen[0].closed_feet == 25


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_ai_plays_a_fight_to_the_end_with_a_winner(seed: int) -> None:
    f = fight_of(("p", "hollin_pikeman", "x", (3, 4)), ("w", "wren_quickstep", "x", (2, 5)),
                 ("d", "reed_drake", "y", (12, 4)), ("g", "marsh_goblin", "y", (12, 6)), seed=seed)
    play_ai(f)
    assert f.over and f.winner in ("x", "y")


def test_movement_comes_back_at_the_next_round_with_the_action() -> None:
    """Seed 001, line 3: "only one action is permitted in a combat round"; movement is the round's (ours)."""
    f = fight_of(("a", "road_bandit", "x", (1, 2)), ("b", "road_bandit", "y", (14, 10)), seconds=(12, 1),
                 faces=(12, 1))
    f.apply(Move("a", at(f, 9, 2)))
    assert f.creature("a").feet_left == 0
    f.apply(EndTurnCommand("a"))
    f.apply(EndTurnCommand("b"))
    assert f.acting is not None and f.acting.id == "a" and f.creature("a").feet_left == 40


def test_a_withdrawal_takes_the_action() -> None:
    """Seed 001, line 11: "an action to withdraw in a defensive manner"."""
    f = fight_of(("a", "road_bandit", "x", (4, 2)), ("b", "road_bandit", "y", (5, 2)), seconds=(12, 1))
    f.apply(Move("a", at(f, 2, 2), withdraw=True))
    with pytest.raises(Impossible, match="used its action"):
        f.apply(Attack("a", "b", "short_bow"))


def test_a_prone_creature_stands_up_by_action_at_once_and_cannot_move_before() -> None:
    """Seed 001, line 33: "selecting the action will not incur the movement penalty and it is effective
    instantly"."""
    from game.rulesets.seed001.commands import Stand

    f = fight_of(("a", "road_bandit", "x", (4, 2)), ("b", "road_bandit", "y", (9, 9)), seconds=(12, 1))
    f.creature("a").prone = True
    with pytest.raises(Impossible, match="prone"):
        f.apply(Move("a", at(f, 5, 2)))
    f.apply(Stand("a"))
    assert not f.creature("a").prone and f.creature("a").feet_left == 40
    assert events(f, ev.StoodUp) == [ev.StoodUp("a", "action")]
    f.apply(Move("a", at(f, 5, 2)))


def test_dismounting_by_action_costs_the_movement_penalty() -> None:
    """Seed 001, line 17: "Dismounting has a movement penalty" (ours: half the species standard, as [33])."""
    from game.rulesets.seed001.commands import Dismount

    f = fight_of(("r", "aldric_lancer", "x", (4, 6)), ("m", "grey_courser", "x", (4, 4)),
                 ("b", "road_bandit", "y", (12, 9)), riders=[("r", "m")], seconds=(12, 2, 1))
    with pytest.raises(Impossible, match="not a free hex beside"):
        f.apply(Dismount("r", at(f, 9, 9)))
    f.apply(Dismount("r", at(f, 5, 4)))
    rider = f.creature("r")
    assert rider.mount is None and where(f, "r") == (5, 4) and rider.feet_left == 40 - 20
    assert f.occupant(at(f, 4, 4)) is f.creature("m")


@pytest.mark.parametrize("what, words", [
    ("out of turn", "it is Road Bandit's turn, not "),
    ("no such attack", "has no attack 'claws'"),
    ("out of reach", "beyond Hand Axe's reach"),
    ("too far", "cannot reach"),
    ("a friend", "on Road Bandit's side"),
])
def test_commands_the_rules_do_not_allow_are_refused_in_one_line(what: str, words: str) -> None:
    f = fight_of(("a", "road_bandit", "x", (2, 2)), ("b", "road_bandit", "y", (9, 2)),
                 ("c", "road_bandit", "y", (9, 4)), seconds=(1, 12, 2))
    command = {"out of turn": Attack("a", "b", "short_bow"), "no such attack": Attack("b", "a", "claws"),
               "out of reach": Attack("b", "a", "hand_axe"), "too far": Move("b", at(f, 2, 9)),
               "a friend": Attack("b", "c", "short_bow")}[what]
    with pytest.raises(Impossible) as caught:
        f.apply(command)
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_a_missile_needs_a_line_of_effect_and_the_ai_walks_round_the_wall() -> None:
    """Ours (the document gives none): no wall strictly between the shooter and its target."""
    from game.rulesets.seed001.ai import choose_command

    wall = [(5, r) for r in range(0, 8)]
    f = fight_of(("a", "road_bandit", "x", (3, 3)), ("b", "marsh_goblin", "y", (8, 3)), seconds=(12, 1),
                 walls=wall)
    with pytest.raises(Impossible, match="a wall stands between"):
        f.apply(Attack("a", "b", "short_bow"))
    command = choose_command(f)
    assert isinstance(command, (Move, Attack)) and command.to is not None  # it goes round: no shot from here
