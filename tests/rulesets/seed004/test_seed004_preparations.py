"""Seed 004's great-blow preparations (``game.rulesets.seed004.preparations``), 1.2.4."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from game.rulesets.seed004.preparations import (PrepareRefused, Use, after, after_attack, applicable, prepare,
                                                why_not_prepare)
from game.rulesets.seed004.sheets import DamageDice, Hands, Missile, Weapon

SWORD = Weapon("sword", "Sword", DamageDice(1, 8), 15, 3, hands=Hands.EITHER)
AXE = Weapon("axe", "Axe", DamageDice(1, 6), 15, 3)
SPEAR = Weapon("spear", "Spear", DamageDice(1, 6, 1), 15, 3, reach=2, thrusting=True, missile=Missile.THROWN,
               range=6)
BOW = Weapon("bow", "Bow", DamageDice(1, 8), 15, 2, reach=0, missile=Missile.BOW, range=15, hands=Hands.TWO)
FLAIL = Weapon("flail", "Flail", DamageDice(1, 6, 1), 15, 3, flexible=True)
SLING = Weapon("sling", "Sling", DamageDice(1, 4), 15, 1, reach=0, missile=Missile.OTHER, range=10, flexible=True)
STAFF_SLING = Weapon("staff_sling", "Staff Sling", DamageDice(1, 6), 15, 2, reach=0, missile=Missile.OTHER,
                     range=14, hands=Hands.TWO)


@given(st.integers(1, 8))
def test_preparations_are_cumulative(n: int) -> None:
    """seed 004, line 27, 1.2.4: "makes the next attack with the specified weapon cumulatively -1 to hit, +1 to
    critical, +2 damage, and x(+1) to break"."""
    p = None
    for _ in range(n):
        p = prepare(p, SWORD)
    assert p is not None
    assert (p.count, p.to_hit, p.critical, p.damage, p.breakage) == (n, -n, n, 2 * n, n)
    assert applicable(p, SWORD) == n and applicable(p, AXE) == 0


def test_a_missiles_ranges_are_multiplied_by_one_more_than_the_preparations() -> None:
    """seed 004, line 27, 1.2.4: "For a missile weapon, the ranges are also multiplied by one more than the number
    of preparations"."""
    p = prepare(prepare(None, BOW), BOW)
    assert p.missile_range(BOW.range) == 45


def test_flexible_weapons_cannot_be_prepared_but_a_staff_sling_can() -> None:
    """seed 004, line 27, 1.2.4: "Cannot be used with flexible weapons (including slings but not including staff
    slings)"."""
    for weapon in (FLAIL, SLING):
        assert "flexible" in (why_not_prepare(weapon) or "")
        with pytest.raises(PrepareRefused):
            prepare(None, weapon)
    assert why_not_prepare(STAFF_SLING) is None


def test_the_mode_of_use_is_specified_and_another_mode_starts_again() -> None:
    """seed 004, line 27, 1.2.4: "The weapon and mode of use (one handed or two handed) are specified" (ours: the
    other mode, or another weapon, starts a new preparation)."""
    one = prepare(prepare(None, SWORD, Hands.ONE), SWORD, Hands.ONE)
    two = prepare(one, SWORD, Hands.TWO)
    assert (two.count, two.mode) == (1, Hands.TWO)
    assert applicable(two, SWORD, Hands.ONE) == 0 and applicable(two, SWORD, Hands.TWO) == 1
    assert why_not_prepare(AXE, Hands.TWO) == "Axe is not used two handed"
    assert why_not_prepare(BOW) is None and prepare(None, BOW).mode is Hands.TWO


def test_a_preparation_is_lost_to_any_other_blow_or_the_rounds_end() -> None:
    """seed 004, line 27, 1.2.4: "The effects of the preparation are lost if the character uses a blow other than
    for a prepare or attack option, or if the round ends"."""
    p = prepare(None, AXE)
    assert after(p, Use.OTHER_BLOW) is None
    assert after(p, Use.ROUND_END) is None
    assert after(p, Use.PASS) == p
    assert after_attack(p, SWORD) == p
    assert after_attack(p, AXE) is None


@pytest.mark.parametrize("weapon", [SPEAR, BOW])
def test_a_thrusting_weapon_or_bow_must_go_straight_on_to_a_preparation_or_the_attack(weapon: Weapon) -> None:
    """seed 004, line 27, 1.2.4: "If used with a thrusting weapon or bow, must be immediately followed by another
    preparation or an attack or the effects are lost"."""
    p = prepare(None, weapon)
    assert p.chained
    assert after(p, Use.PASS) is None
    assert after_attack(p, AXE) is None
    assert prepare(p, weapon).count == 2
