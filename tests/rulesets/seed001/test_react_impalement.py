"""Seed 001's impalement as pure rules: each condition of lines 20-24 holding and failing."""

from __future__ import annotations

from dataclasses import replace

from game.grid import Hex, HexGrid, Square, SquareGrid, StaggerAxis, StaggerIndex
from game.rulesets.seed001 import impalement as imp
from game.rulesets.seed001 import pools
from game.rulesets.seed001.content import load_sheets
from game.rulesets.seed001.impalement import Pikeman, Rush

SHEETS = load_sheets()
HEXES = HexGrid(32, 36, 18, StaggerAxis.Y, StaggerIndex.ODD)


def rush(**kw: object) -> Rush:
    """A bandit rushing east along r = 0 from (0, 0) to (5, 0), to attack Wren at (6, 0)."""
    base = Rush("bandit", "foes", Hex(0, 0), tuple(Hex(q, 0) for q in range(1, 6)), "wren", Hex(6, 0))
    return replace(base, **kw)  # type: ignore[arg-type]


def pike(**kw: object) -> Pikeman:
    base = Pikeman("pike", "company", Hex(6, -1), SHEETS["hollin_pikeman"], has_reaction=True)  # beside Wren
    return replace(base, **kw)  # type: ignore[arg-type]


def test_a_pikeman_adjacent_to_the_one_attacked_may_impale_a_rush_from_twenty_feet() -> None:
    """Seed 001, line 21: "that opponent closes from 20 feet or farther to engage and attack, then an impalement
    reaction can be used. This is true even if the target of engagement is not the wielder of the polearm"."""
    got = imp.impalers(HEXES, [pike()], rush())
    assert [(i.reactor, i.weapon.id, i.dice) for i in got] == [("pike", "pike", 3)]


def test_no_impalement_against_a_rush_from_less_than_twenty_feet() -> None:
    """Seed 001, line 21: "closes from 20 feet or farther" (4 hexes of 5 feet)."""
    short = rush(start=Hex(3, 0), path=(Hex(4, 0), Hex(5, 0)))
    assert HEXES.distance(short.start, short.target_cell) == 3
    assert "less than 20 feet" in imp.why_not(HEXES, pike(), short)
    assert imp.why_not(HEXES, pike(), rush(start=Hex(2, 0), path=(Hex(3, 0), Hex(4, 0), Hex(5, 0)))) == ""


def test_impalement_needs_the_polearm_style_and_a_polearm_that_pierces_or_permits_it() -> None:
    """Seed 001, line 20: "When wielding a polearm and also having obtained the style: polearms skill ... so long
    as the weapon delivers piercing damage and/or the weapon explicitly permits this reaction"."""
    assert "polearm style" in imp.why_not(HEXES, pike(sheet=SHEETS["wren_quickstep"]), rush())
    styled = replace(SHEETS["aldric_lancer"], polearm_style=True)  # a lance pierces but is no polearm
    assert "no polearm" in imp.why_not(HEXES, pike(sheet=styled), rush())
    glaive = SHEETS["stonebrow_glaive"]  # no piercing, but `impales = true` (the ula's exception)
    assert not glaive.weapons[0].piercing and imp.why_not(HEXES, pike(sheet=glaive), rush()) == ""


def test_the_wielder_must_be_adjacent_to_or_directly_behind_the_one_attacked() -> None:
    """Seed 001, line 21: "the wielder of the pole must be adjacent or directly behind the intended target for the
    reaction to still be valid"."""
    behind = pike(cell=Hex(8, 0))  # two hexes beyond Wren, on the rusher's line
    assert imp.directly_behind(HEXES, Hex(8, 0), Hex(6, 0), Hex(5, 0))
    assert imp.why_not(HEXES, behind, rush()) == ""
    aside = pike(cell=Hex(6, -2))  # two hexes from Wren, off to the side
    assert not imp.directly_behind(HEXES, Hex(6, -2), Hex(6, 0), Hex(5, 0))
    assert "neither adjacent" in imp.why_not(HEXES, aside, rush())
    # on squares: two squares beyond, the target between
    assert imp.directly_behind(SquareGrid(32, 32), Square(8, 0), Square(6, 0), Square(5, 0))
    assert not imp.directly_behind(SquareGrid(32, 32), Square(4, 2), Square(6, 0), Square(5, 0))


def test_the_wielder_itself_may_be_the_one_attacked() -> None:
    """Seed 001, line 21: "even if the target of engagement is not the wielder" (so the wielder may be)."""
    assert imp.why_not(HEXES, pike(cell=Hex(6, 0)), rush(target="pike")) == ""


def test_impalement_strikes_two_hexes_out_or_three_with_special_weaponry() -> None:
    """Seed 001, line 23: "It also occurs ten feet (two-hexes) away with all; with special weaponry the range
    might be fifteen feet"."""
    got = imp.impalers(HEXES, [pike(), pike(id="sergeant", cell=Hex(7, -1), sheet=SHEETS["pike_sergeant"])], rush())
    by = {i.reactor: i for i in got}
    assert HEXES.distance(rush().path[by["pike"].index], Hex(6, 0)) == 2
    assert HEXES.distance(rush().path[by["sergeant"].index], Hex(6, 0)) == 3
    assert [i.reactor for i in got] == ["sergeant", "pike"]  # the longer range strikes first


def test_impalement_rolls_three_dice_four_with_forte_and_deals_the_standard_damage() -> None:
    """Seed 001, line 24: "a total of 3d20 are rolled ... if the pikeman has weapon forte in the specific polearm
    being used, then 4d20 are rolled"."""
    sergeant = pike(id="sergeant", cell=Hex(7, -1), sheet=SHEETS["pike_sergeant"])
    assert [i.dice for i in imp.impalers(HEXES, [sergeant, pike()], rush())] == [4, 3]
    spear = SHEETS["pike_sergeant"].weapons[0]
    assert imp.damage(pools.pool_of((12, 15, 3, 20), 11), spear, 1) == 3 + spear.weight + 1


def test_no_impalement_without_a_reaction_against_an_ally_or_a_missile() -> None:
    """Seed 001, line 22: "this is a reaction" (one a round, line 7); line 21: "an opponent using some method of
    melee attack, including savage fighting or unarmed combat"."""
    assert "reaction" in imp.why_not(HEXES, pike(has_reaction=False), rush())
    assert "ally" in imp.why_not(HEXES, pike(side="foes"), rush())
    assert "melee" in imp.why_not(HEXES, pike(), rush(melee=False))
    assert "prone" in imp.why_not(HEXES, pike(prone=True), rush())


def test_several_pikemen_may_each_impale_one_rush() -> None:
    """Seed 001, line 25: "a line of protectors using polearms can produce serious damage against a brave
    combatant charging into battle"."""
    line = [pike(id=f"pike{i}", cell=c) for i, c in enumerate((Hex(6, -1), Hex(7, -1), Hex(6, 1)))]
    assert len(imp.impalers(HEXES, line, rush())) == 3
