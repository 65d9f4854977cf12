"""Seed 003's rules built after the first fight (issue 15 items 3 and 4): disengaging from some of the engaged
enemies, Ready with its triggers and readied moves, interrupts with their triggers, Sustain, Spend X Power,
Dicey Moves. Each test quotes the line it checks (seed 003, ``../shared/seeds/003_c2dc3d650823e22d.txt``)."""

from __future__ import annotations

from game.grid import Square
from game.kernel.decisions import PASS, Answer
from game.rulesets.seed003 import events as ev
from game.rulesets.seed003.commands import Disengage
from game.rulesets.seed003.fight import OPPORTUNITY
from tests.rulesets.seed003.test_seed003_fight import events, fight, rig


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
