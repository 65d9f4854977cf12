"""Seed 003's read-only queries for the window (``game.rulesets.seed003.queries``): engagement pairs and Free,
the Nearby area, and the odds shown before a player commits to a disengage or an attack. Each answer must be
what the fight itself would do (seed 003, ``../shared/seeds/003_c2dc3d650823e22d.txt``)."""

from __future__ import annotations

from fractions import Fraction

from game.grid import Square
from game.mechanics.conditions import Lasting
from game.mechanics.tactics.pieces import PieceId
from game.rulesets.seed003 import attacks as at
from game.rulesets.seed003 import events as ev
from game.rulesets.seed003 import queries as q
from game.rulesets.seed003.commands import Disengage, EndTurnCommand, UseAbility
from game.rulesets.seed003.sheets import Condition
from game.rulesets.seed003.state import Held
from tests.rulesets.seed003.test_seed003_fight import events, fight, rig


def test_engagements_pair_the_enemies_on_next_cells_and_free_is_engaged_with_no_enemy() -> None:
    """003 line 151 "Engaged/Next To ... For two allies, Next To is used" and line 157 "A character is
    considered Free if not engaged with any enemies": two allies side by side are no pair; each is Free
    until an enemy stands next to it."""
    f = fight(("hale", "hale_varrow", "party", 2, 2), ("isra", "isra_quenn", "party", 1, 3),
              ("hound", "cinder_hound", "foes", 3, 2), ("ash", "ditch_cutthroat", "foes", 9, 9))
    assert q.engagements(f) == [("hale", "hound")]
    assert not q.is_free(f, f.creature("hale")) and not q.is_free(f, f.creature("hound"))
    assert q.is_free(f, f.creature("isra"))  # next to Hale, its ally: Free
    assert q.is_free(f, f.creature("ash"))
    f.creature("hound").cell = Square(6, 6)
    assert q.engagements(f) == [] and q.is_free(f, f.creature("hale"))


def test_the_nearby_area_is_what_one_move_action_reaches_and_nearby_creatures_are_the_fights_own() -> None:
    """003 line 152: "If two characters are Nearby each other, they can be next to/engaged with each other
    with one move action" (our reading: the encounter's ``nearby`` cells of movement)."""
    f = fight(("hale", "hale_varrow", "party", 0, 0), ("hound", "cinder_hound", "foes", 11, 11),
              ("ash", "ditch_cutthroat", "foes", 6, 0))
    hale = f.creature("hale")
    cells = q.nearby_cells(f, hale)
    assert Square(6, 1) in cells and Square(7, 1) not in cells and Square(0, 0) in cells
    assert all(Square(x, y) in cells for x in range(7) for y in range(7) if (x, y) != (6, 0))
    assert q.nearby_creatures(f, hale) == [c.id for c in f.pieces() if c.id != "hale" and f.is_nearby(hale, c)]
    assert q.nearby_creatures(f, hale) == ["ash"]
    f.nearby = 2
    assert Square(3, 0) not in q.nearby_cells(f, hale)


def test_the_disengage_outlook_is_the_check_the_fight_rolls() -> None:
    """003 line 163: "roll 3d6 against a Difficulty of 11 for one enemy ... add 1 to the Difficulty for every
    enemy past the first"; line 257, Grabbed: "You gain 1 Disadvantage to Disengage from the enemy grabbing
    you unless you've hit them with an attack this round"."""
    f = fight(("hale", "hale_varrow", "party", 2, 2), ("hound", "cinder_hound", "foes", 3, 2),
              ("ash", "ditch_cutthroat", "foes", 2, 3))
    hale = f.creature("hale")
    one = q.disengage_outlook(f, hale)
    assert one is not None and one.difficulty == 12 and one.net == 0 and set(one.enemies) == {"hound", "ash"}
    assert one.chance == Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) for c in range(1, 7)
                                      if a + b + c >= 12), 216)
    assert one.text == "Disengage: 12+ on 3d6 (+1 per extra enemy), 2 enemies: 37.5%"
    hale.conditions.append(Held(Condition.GRABBED, PieceId("ash"), Lasting.SAVE_ENDS))
    grabbed = q.disengage_outlook(f, hale)
    assert grabbed is not None and grabbed.net == -1 and grabbed.chance < one.chance
    assert "4d6 keep worst 3" in grabbed.text and "1 disadvantage" in grabbed.text
    rig(f, [6, 6, 6, 6])
    f.apply(Disengage("hale", Square(0, 2)))
    rolled = events(f, ev.DisengageRolled)[-1]
    assert (rolled.difficulty, rolled.net) == (grabbed.difficulty, grabbed.net)  # type: ignore[attr-defined]
    f2 = fight(("hale", "hale_varrow", "party", 2, 2), ("hound", "cinder_hound", "foes", 9, 9))
    assert q.disengage_outlook(f2, f2.creature("hale")) is None


def test_the_attack_outlook_has_the_terms_and_odds_of_the_attack_the_fight_rolls() -> None:
    """003 line 5: "rolling 3d6 + Level + Volition + Escalation ... If your roll matches that value or is
    higher, you hit. If you roll a Natural 17+, you Crit"; line 267, Weakened: "attacks against you gain 1
    Advantage"."""
    f = fight(("hale", "hale_varrow", "party", 2, 2), ("hound", "cinder_hound", "foes", 3, 2))
    hale, hound = f.creature("hale"), f.creature("hound")
    got = q.attack_outlook(f, hale, "basic_melee", "hound")
    assert got is not None
    bonus = hale.template.level + hale.volition + f.clock.escalation
    assert (got.bonus, got.defense, got.value, got.net, got.crit_at) == (bonus, "AC", hound.template.ac, 0, 17)
    assert got.odds == at.attack_odds(bonus, hound.template.ac)
    rig(f, [5, 5, 5, 1, 1, 1, 1])
    f.apply(UseAbility("hale", "basic_melee", ("hound",)))
    rolled = events(f, ev.AttackRolled)[-1]
    assert rolled.total == 15 + got.bonus and rolled.defense_value == got.value  # type: ignore[attr-defined]
    hound.conditions.append(Held(Condition.WEAKENED, PieceId("hale"), Lasting.SAVE_ENDS))
    weakened = q.attack_outlook(f, hale, "basic_melee", "hound")
    assert weakened is not None and weakened.net == 1 and weakened.odds.hits > got.odds.hits
    assert weakened.text("Hound").startswith(f"vs Hound: 3d6+{bonus} vs AC {hound.template.ac}, 1 advantage: hit ")
    assert q.attack_outlook(f, hale, "no_such_ability", "hound") is None
    f.apply(EndTurnCommand("hale"))
