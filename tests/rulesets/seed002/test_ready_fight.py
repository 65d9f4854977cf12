"""Seed 002's Ready [40-42] in the fight: the command, a trigger firing as the player's decision, the bar on
other reactions and the lapse at the next turn; and the AI's use of it."""

from __future__ import annotations

import pytest

from game.kernel.decisions import PASS
from game.kernel.engine import Impossible
from game.rulesets.seed002 import events as ev
from game.rulesets.seed002 import readying as rd
from game.rulesets.seed002.ai import choose_command
from game.rulesets.seed002.attacks import OPPORTUNITY
from game.rulesets.seed002.commands import EndTurnCommand, Move, Ready
from tests.rulesets.seed002.fighting import answer, answer_all, at, end_turn, events, fight_of, rig

WREN = ("wren", "wren_ashdown", "heroes", (2, 2), {})


def test_a_readied_attack_goes_off_as_an_enemy_comes_within_reach() -> None:
    """seed 002, line 41: "any time before your next turn, you may take the readied action as a Reaction to
    that trigger"; readying is a standard action."""
    f = fight_of(WREN, ("bru", "dock_bruiser", "foes", (6, 2), {}))
    f.apply(Ready("wren", "warden_blade", "in_reach"))
    assert [e.purpose for e in events(f, ev.ActionSpent)] == ["ready"]
    assert "no standard action left" in f.why_illegal(Ready("wren", "warden_blade", "attacks"))
    end_turn(f)
    rig(f, [20])
    f.apply(Move("bru", at(3, 2)))
    answer(f, rd.READIED, "take")
    answer_all(f)
    taken = events(f, rd.ReadiedActionTaken)
    assert taken == [rd.ReadiedActionTaken("wren", "bru", "Warden's Blade")]
    attack = events(f, ev.AttackMade)[0]
    assert attack.creature == "wren" and attack.kind == "readied" and attack.hit
    wren = f.piece("wren")
    assert wren is not None and wren.economy.reacted


def test_keep_waiting_and_lose_it_at_the_next_turn() -> None:
    """seed 002, line 42: "If you come to your next turn and have not yet performed your readied action, you
    don't get to take the readied action, you just lose that action"."""
    f = fight_of(WREN, ("bru", "dock_bruiser", "foes", (6, 2), {}))
    f.apply(Ready("wren", "warden_blade", "in_reach"))
    end_turn(f)
    f.apply(Move("bru", at(3, 2)))
    answer(f, rd.READIED, PASS)
    end_turn(f)
    assert events(f, rd.ReadiedActionLapsed) == [rd.ReadiedActionLapsed("wren", "Warden's Blade")]
    assert f.acting is not None and f.acting.id == "wren"


def test_no_other_reaction_while_a_readied_action_waits() -> None:
    """seed 002, line 41: "until you take your readied action, you cannot take any other Reactions as you are
    concentrating on the trigger": no opportunity attack on an enemy leaving its reach."""
    f = fight_of(WREN, ("bru", "dock_bruiser", "foes", (3, 2), {}))
    f.apply(Ready("wren", "warden_blade", "ally_attacked"))
    end_turn(f)
    f.apply(Move("bru", at(6, 2)))
    assert not any(d.kind == OPPORTUNITY for d in f.pending)
    assert not events(f, ev.Provoked)


def test_a_readied_move_and_a_watched_enemy() -> None:
    """seed 002, line 41: a standard action "which can be exchanged for a move"; the trigger names one enemy."""
    f = fight_of(WREN, ("bru", "dock_bruiser", "foes", (9, 2), {}), ("hook", "gaff_hooker", "foes", (9, 5), {}))
    f.apply(Ready("wren", to=at(1, 6), trigger="moves_near", within=6, watch="hook"))
    assert events(f, rd.ActionReadied)[0].trigger == "Gaff Hooker moves within 6 squares"
    end_turn(f)
    f.apply(Move("bru", at(7, 2)))  # not the watched enemy
    assert not f.pending
    end_turn(f)
    f.apply(Move("hook", at(7, 4)))
    answer(f, rd.READIED, "take")
    answer_all(f)
    wren = f.piece("wren")
    assert wren is not None and wren.cell == at(1, 6)


def test_a_ready_refused_in_one_line() -> None:
    """seed 002, line 41: "specify the action you will take and the trigger"."""
    f = fight_of(WREN, ("bru", "dock_bruiser", "foes", (6, 2), {}))
    with pytest.raises(Impossible, match="no trigger 'sneezes'"):
        f.apply(Ready("wren", "warden_blade", "sneezes"))
    with pytest.raises(Impossible, match="not an enemy"):
        f.apply(Ready("wren", "warden_blade", "attacks", watch="wren"))


def test_the_ai_readies_when_no_enemy_is_in_reach_and_takes_it() -> None:
    """seed 002, line 40: "Readying lets you prepare to take an action later"; the AI's use: a melee creature
    that cannot reach an enemy readies its attack for one coming within reach, and takes it when it fires."""
    f = fight_of(("bru", "dock_bruiser", "foes", (2, 2), {"speed": -3}), ("wren", "wren_ashdown", "heroes", (9, 2), {}))
    for _ in range(6):
        command = choose_command(f)
        assert command is not None
        f.apply(command)
        if isinstance(command, (Ready, EndTurnCommand)):
            break
    assert isinstance(command, Ready) and command.trigger == rd.IN_REACH
    end_turn(f)
    bru = f.piece("bru")
    assert bru is not None
    f.apply(Move("wren", at(bru.cell.x + 1, bru.cell.y)))
    assert f.pending and f.pending[0].kind == rd.READIED
    assert f.ai_answer(f.pending[0]) == "take"


def test_the_scripted_sample_shows_a_ready_firing_a_surge_and_its_fatigue_and_a_push() -> None:
    """seed 002, lines 41 (Ready), 133 (the Surge's fatigue) and 51 (push): ``tests/data/encounters/ready_surge_push_002.toml``
    plays them from its ``[[commands]]``, then the AI plays it to the end."""
    from pathlib import Path

    from game.rulesets.seed002 import stunts as su
    from game.rulesets.seed002 import surge as sg
    from game.runner import build_encounter, play

    path = Path(__file__).resolve().parents[3] / "tests" / "data" / "encounters" / "ready_surge_push_002.toml"
    loaded = build_encounter(path, None)
    seen: list[object] = []
    fight = play(loaded, auto=True, emit=seen.append)
    assert fight.over
    kinds = [type(e).__name__ for e in seen]
    assert kinds.index("ReadiedActionTaken") < kinds.index("ForcedMoved")
    assert sg.SurgeFatigued("wren_ashdown", "fatigued") in seen
    assert su.ForcedMoved("dock_bruiser", at(8, 12), at(9, 12), "push") in seen


def test_a_large_enemy_comes_within_reach_when_any_square_of_its_space_does() -> None:
    """seed 002, line 122: "you threaten all squares into which you can make a melee attack": a 2x2 Clay
    Grasper whose anchor stops two squares from Wren while its near squares stand next to her has come within
    her reach, and the readied blade goes off [41]."""
    f = fight_of(("wren", "wren_ashdown", "heroes", (6, 2), {}), ("clay", "clay_grasper", "foes", (1, 2), {}))
    f.apply(Ready("wren", "warden_blade", "in_reach"))
    end_turn(f)
    f.apply(Move("clay", at(4, 2)))  # fills (4..5, 2..3): (5, 2) is next to Wren at (6, 2); the anchor is not
    assert f.pending and f.pending[0].kind == rd.READIED
