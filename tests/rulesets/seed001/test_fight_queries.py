"""What the window asks of a seed 001 fight without changing it (``queries.py``)."""

from __future__ import annotations

from game.rulesets.seed001 import queries
from game.rulesets.seed001.commands import Attack, Move
from tests.rulesets.seed001.fighting import at, fight_of


def test_asking_changes_nothing_not_even_the_action_numbers() -> None:
    f = fight_of(("a", "road_bandit", "x", (2, 2)), ("b", "road_bandit", "y", (9, 2)), seconds=(12, 1))
    numbered, logged = f.engine._next_action, len(f.log)
    assert queries.legal(f, Attack("a", "b", "hand_axe", at(f, 8, 2))) == ""
    assert "beyond" in queries.legal(f, Attack("a", "b", "hand_axe"))
    assert (f.engine._next_action, len(f.log)) == (numbered, logged)


def test_the_path_shown_is_the_path_the_fight_takes() -> None:
    f = fight_of(("a", "road_bandit", "x", (2, 2)), ("b", "road_bandit", "y", (9, 9)), seconds=(12, 1))
    command = Move("a", at(f, 5, 2))
    shown = queries.path_of(f, command)
    assert shown is not None and shown[-1] == at(f, 5, 2)
    f.apply(command)
    moved = [e.to for e in f.log if type(e).__name__ == "CreatureMoved"]
    assert tuple(moved) == shown
    assert queries.path_of(f, Move("a", at(f, 15, 11))) is None


def test_the_attacks_from_a_hex_are_the_enemies_in_each_attacks_reach() -> None:
    f = fight_of(("a", "road_bandit", "x", (2, 2)), ("b", "road_bandit", "y", (3, 2)),
                 ("c", "road_bandit", "y", (9, 2)), seconds=(12, 1, 1))
    found = [(t, w.id) for t, w in queries.attacks_from(f, "a")]
    assert ("b", "hand_axe") in found and ("c", "short_bow") in found and ("c", "hand_axe") not in found
