"""Seed 004's sheets (``game.rulesets.seed004.sheets``): the EN die's cap, AC with its two modifiers, the
critical table, ST in breakage, weapons' modes, armour adjusting."""

from __future__ import annotations

import pytest

from game.rulesets.seed004.sheets import (CRITICAL_NUMBERS, ArmourClass, Armour, AttackMode, DamageDice, EnDie,
                                          Missile, Shield, Sheet, Weapon, critical_number, strength_breakage)


def fighter(**changes: object) -> Sheet:
    sword = Weapon("sword", "Sword", DamageDice(1, 8), to_hit=16, breakage=3)
    fields: dict[str, object] = dict(id="tam", name="Tam", el=4, en_die=EnDie.AD6_2, en=20, bd=10, dx=12, st=12,
                                     active_blows=2, reactive_blows=1, move=6, recovery=2, ac=10,
                                     first_modifier=0, second_modifier=0, weapons=(sword,))
    fields.update(changes)
    return Sheet(**fields)  # type: ignore[arg-type]


@pytest.mark.parametrize("die, el, cap", [(EnDie.AD6, 1, 3), (EnDie.AD6_2, 4, 8), (EnDie.AD6_4, 7, 13)])
def test_the_phase_cap_is_el_plus_two_four_or_six_by_the_en_die(die: EnDie, el: int, cap: int) -> None:
    """seed 004, line 5: "EL+2 for characters with an AD6 of EN per EL, EL+4 for characters with an AD6+2 per
    EL, and EL+6 for characters with an AD6+4 per EL"."""
    assert die.phase_cap(el) == cap
    assert fighter(el=el, en_die=die).phase_cap == cap


def test_armour_and_a_shield_change_the_ac_and_its_modifiers() -> None:
    """seed 004, line 39, 1.2.5.1.3: "Add the target's AC, including the first modifier (... parries and shields
    affect this modifier)"; line 42: "Subtract the target's second AC Modifier" (ours: armour changes all
    three, a shield the first)."""
    mail = Armour("Mail", ac=-3, first=-1, second=2, enc=6, wt=4)
    buckler = Shield("Buckler", first=-2, breakage=4)
    s = fighter(armour=mail, shield=buckler)
    assert s.armour_class() == ArmourClass(7, -3, 2)
    assert s.armour_class(shield=False) == ArmourClass(7, -1, 2)
    assert s.armour_class(armour_worn=False) == ArmourClass(10, -2, 0)
    assert s.armour_class().parried(-2) == ArmourClass(7, -5, 2)
    assert s.critical_number() == CRITICAL_NUMBERS[7] == 11


def test_the_critical_table_needs_more_against_a_lower_ac() -> None:
    """seed 004, line 42, 1.2.5.2: "If the result equals or exceeds the critical number required for the target's
    AC, the hit is critical" (the table is ours)."""
    numbers = [critical_number(ac) for ac in range(0, 16)]
    assert numbers == sorted(numbers, reverse=True)
    assert critical_number(10) == 10
    assert critical_number(-3) == critical_number(0) and critical_number(40) == critical_number(15)


@pytest.mark.parametrize("st, add", [(3, -1), (4, 0), (14, 0), (15, 1), (16, 1), (17, 2), (25, 2)])
def test_the_attackers_strength_changes_the_breakage_multiplier(st: int, add: int) -> None:
    """seed 004, line 41: "add one if the attacker's ST is 15-16, add 2 if the attacker's ST is 17 or greater,
    subtract 1 if the attacker's ST is 3 or less"."""
    assert strength_breakage(st) == add


def test_a_weapon_attacks_in_its_modes_and_a_thrusting_weapon_or_bow_must_chain() -> None:
    """seed 004, line 34, 1.2.5 (melee, thrown and missile attacks) and line 27, 1.2.4 ("If used with a thrusting
    weapon or bow, must be immediately followed ..."; "Cannot be used with flexible weapons")."""
    dagger = Weapon("dagger", "Dagger", DamageDice(1, 4), 15, 2, reach=1, missile=Missile.THROWN, range=4)
    bow = Weapon("bow", "Bow", DamageDice(1, 6), 16, 2, reach=0, missile=Missile.BOW, range=12, parry=None)
    spear = Weapon("spear", "Spear", DamageDice(1, 6, 1), 16, 2, reach=2, thrusting=True)
    flail = Weapon("flail", "Flail", DamageDice(1, 6, 1), 16, 2, flexible=True)
    assert dagger.modes() == (AttackMode.MELEE, AttackMode.THROWN)
    assert bow.modes() == (AttackMode.MISSILE,) and not bow.can_parry and bow.must_chain
    assert spear.must_chain and spear.may_prepare and not dagger.must_chain
    assert not flail.may_prepare


def test_damage_dice_know_their_maximum_and_every_total() -> None:
    """seed 004, line 43, 1.2.5.3: "If the original damage roll is also the maximum possible"."""
    d = DamageDice(2, 4, 1)
    assert (d.maximum, d.minimum) == (9, 3)
    dist = d.distribution()
    assert sum(dist.values()) == 16 and dist[9] == 1 and dist[6] == 4
    assert DamageDice(1, 4, -2).distribution() == {0: 2, 1: 1, 2: 1}


def test_adjusting_armour_takes_half_its_wt_off_its_enc_down_to_half_the_basic_enc() -> None:
    """seed 004, line 48, 2.1.3: "reduces ENC of the armor by WT/2, not to go below a minimum of half the basic
    armor ENC"."""
    plate = Armour("Plate", ac=-5, enc=9, wt=6)
    assert plate.adjusted_enc(9) == 6
    assert plate.adjusted_enc(6) == 5
    assert plate.adjusted_enc(5) == 5
