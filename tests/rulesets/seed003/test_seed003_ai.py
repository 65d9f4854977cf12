"""Seed 003's AI in constructed positions (issue 15 item 7): it engages, disengages when the exact odds pay,
intercepts to protect a wounded ally, and keeps its big abilities for a high escalation die. Each test quotes
the line the choice rests on (seed 003, ``../shared/seeds/003_c2dc3d650823e22d.txt``)."""

from __future__ import annotations

from fractions import Fraction

from game.grid import Square
from game.kernel.decisions import Answer
from game.rulesets.seed003.ai import DISENGAGE_ODDS, choose_command, disengage_chance
from game.rulesets.seed003.commands import Disengage, EndTurnCommand, Move, UseAbility
from game.rulesets.seed003.fight import Seed003Fight
from game.rulesets.seed003.reactions import INTERCEPT
from tests.rulesets.seed003.test_seed003_fight import fight, guard_isra_hound


def test_the_ai_engages_the_nearest_enemy() -> None:
    """003 line 152: "If two characters are Nearby each other, they can be next to/engaged with each other with
    one move action": the hound's move ends next to Hale."""
    f = fight(("hale", "hale_varrow", "party", 2, 2), ("hound", "cinder_hound", "foes", 6, 2))
    f.apply(EndTurnCommand("hale"))
    command = choose_command(f)
    assert isinstance(command, Move) and f.state.board.grid.distance(command.to, f.creature("hale").cell) == 1


def hurt_hale_among(*foes: tuple[int, int]) -> Seed003Fight:
    """Hale, badly hurt, on his turn, engaged with a Ditch Cutthroat at each of ``foes``."""
    f = fight(("hale", "hale_varrow", "party", 5, 5),
              *((f"cut{i}", "ditch_cutthroat", "foes", c, r) for i, (c, r) in enumerate(foes)))
    f.creature("hale").hp = 8
    assert f.acting is not None and f.acting.id == "hale"
    return f


def test_the_ai_disengages_when_the_odds_pay() -> None:
    """003 line 163: "roll 3d6 against a Difficulty of 11 for one enemy ... add 1 to the Difficulty for every
    enemy past the first. If you fail the check, you lose your move action." Against one enemy (even odds)
    the badly hurt Hale disengages."""
    f = hurt_hale_among((6, 5))
    assert disengage_chance(f, f.creature("hale")) == Fraction(1, 2)
    assert isinstance(choose_command(f), Disengage)


def test_the_ai_stays_when_the_odds_do_not_pay() -> None:
    """003 line 163 (three enemies: 3d6 vs 13, 7 in 27): Hale stays and fights."""
    f = hurt_hale_among((6, 5), (4, 5), (5, 6))
    assert disengage_chance(f, f.creature("hale")) == Fraction(7, 27) < DISENGAGE_ODDS
    command = choose_command(f)
    assert not isinstance(command, Disengage) and isinstance(command, UseAbility)


def intercept_decision(f: Seed003Fight) -> str:
    f.apply(Move("hound", Square(3, 2)))
    asked = f.pending
    assert asked and asked[0].kind == INTERCEPT and asked[0].chooser == "hale"
    return f.ai_answer(asked[0])


def test_the_ai_intercepts_to_protect_a_wounded_ally() -> None:
    """003 line 175: "when you are Free and an ally is nearby or next to you and an enemy is trying to become
    engaged with them, you may Intercept that enemy": Hale, unhurt, steps in for the staggered Isra."""
    f = guard_isra_hound()
    f.creature("isra").hp = 10
    assert intercept_decision(f) == "intercept"


def test_the_ai_does_not_intercept_when_staggered_itself() -> None:
    """003 line 175 ("you may Intercept"): a staggered Hale lets the hound come."""
    f = guard_isra_hound()
    f.creature("hale").hp = 15
    assert intercept_decision(f) == "pass"


def oriel_facing_two(escalation: int) -> Seed003Fight:
    """Oriel (fast; Two in Flight, daily) with two hounds far off, the escalation die at ``escalation``."""
    f = fight(("oriel", "oriel_fenwick", "party", 1, 1), ("a", "cinder_hound", "foes", 9, 9),
              ("b", "cinder_hound", "foes", 10, 9))
    f.clock.escalation = escalation
    assert f.acting is not None and f.acting.id == "oriel"
    return f


def test_the_ai_keeps_a_daily_ability_for_a_high_escalation_die() -> None:
    """003 line 91: "At the start of the second round, the Escalation Die is put on the table. At the beginning
    of each subsequent round, it's increased by 1 ... This number is added to all PC attacks": the AI keeps
    its daily Two in Flight while the die is below 3, and uses it from 3."""
    low = choose_command(oriel_facing_two(2))
    assert isinstance(low, UseAbility) and low.ability != "two_in_flight"
    high = choose_command(oriel_facing_two(3))
    assert isinstance(high, UseAbility) and high.ability == "two_in_flight"


def test_the_ai_spends_an_encounter_ability_from_escalation_2() -> None:
    """003 lines 91 and 133 ("Encounter means it's replenished at the next Quick Rest"): Isra's Ashfall waits
    for the die at 2."""
    def isra(escalation: int) -> UseAbility:
        f = fight(("isra", "isra_quenn", "party", 2, 2), ("a", "ditch_cutthroat", "foes", 5, 2),
                  ("b", "ditch_cutthroat", "foes", 5, 3))
        for who in ("a", "b"):
            if f.pending:
                f.apply(Answer(f.pending[0].id, who))
            f.apply(EndTurnCommand(f.acting.id))  # type: ignore[union-attr]
        f.clock.escalation = escalation
        assert f.acting is not None and f.acting.id == "isra"
        command = choose_command(f)
        assert isinstance(command, UseAbility)
        return command

    assert isra(1).ability != "ashfall"
    assert isra(2).ability == "ashfall"
