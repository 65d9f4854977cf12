"""Seed 004's hit procedure (``game.rulesets.seed004.hit``), 1.2.5.1-1.2.5.3, and its exact odds."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings, strategies as st

from game.kernel.dice import Dice, Roll
from game.kernel.events import DiceRolled, Event
from game.rulesets.seed004.hit import (Attack, Item, Outcome, Parry, Surprise, critical_chance, hit_chance, odds,
                                       resolve)
from game.rulesets.seed004.sheets import ArmourClass, DamageDice, Shield, Weapon


class Scripted:
    """Dice with chosen faces: the 2D10, the D12, the damage dice, D100s in turn (then 50) and D20s (7)."""

    def __init__(self, hit: tuple[int, int], crit: int = 1, damage: tuple[int, ...] = (), d100: tuple[int, ...] = (),
                 d20: int = 7) -> None:
        self.hit, self.crit, self.damage, self.d100, self.d20 = hit, crit, damage, list(d100), d20
        self.rolls: list[tuple[str, tuple[int, ...]]] = []

    def roll(self, count: int, sides: int, bonus: int, purpose: str, keep: int = 0) -> Roll:
        if purpose == "hit roll":
            faces: tuple[int, ...] = self.hit
        elif purpose == "critical roll":
            faces = (self.crit,)
        elif purpose == "damage":
            faces = self.damage or (1,) * count
        elif sides == 100:
            faces = (self.d100.pop(0) if self.d100 else 50,)
        else:
            faces = (self.d20,)
        self.rolls.append((purpose, faces))
        return Roll(f"{count}d{sides}", faces, bonus, sum(faces) + bonus)

    def purposes(self) -> list[str]:
        return [p for p, _ in self.rolls]


SWORD = Weapon("sword", "Sword", DamageDice(1, 8), to_hit=15, breakage=3)
AXE = Weapon("axe", "Greataxe", DamageDice(2, 6, 1), to_hit=16, breakage=4, heavy=True)
BUCKLER = Shield("Buckler", first=-2, breakage=5)


def attack(**changes: object) -> Attack:
    fields: dict[str, object] = dict(weapon=SWORD, attacker_st=12, target_ac=ArmourClass(8, -1, 1),
                                     critical_number=11)
    fields.update(changes)
    return Attack(**fields)  # type: ignore[arg-type]


def test_two_ones_miss_whatever_the_numbers_with_a_d20_and_a_gm_call() -> None:
    """seed 004, line 37, 1.2.5.1.1: "If a one is rolled on each die, the player rolls a D20 and consults the
    gamesmaster. The attack misses"."""
    dice = Scripted((1, 1))
    result = resolve(attack(target_ac=ArmourClass(15, 10, 0), weapon=replace(SWORD, to_hit=2)), dice)
    assert result.outcome is Outcome.FUMBLE and not result.hit and result.total is None
    assert dice.purposes() == ["hit roll", "two ones: consult the gamesmaster"]
    assert [(c.clause, c.roll) for c in result.gm_calls] == [("1.2.5.1.1", 7)]


def test_two_tens_hit_whatever_the_numbers_and_go_to_the_critical_roll() -> None:
    """seed 004, line 38, 1.2.5.1.2: "If a ten is rolled on each die, the player rolls a D20 and consults the
    gamesmaster. The attack hits; go to section 1.2.5.2"."""
    dice = Scripted((10, 10), crit=12, damage=(5,))
    result = resolve(attack(weapon=replace(SWORD, to_hit=60)), dice)
    assert result.outcome is Outcome.SURE_HIT and result.hit and result.breakages == ()
    assert dice.purposes() == ["hit roll", "two tens: consult the gamesmaster", "critical roll", "damage"]
    assert result.gm_calls[0].clause == "1.2.5.1.2" and result.en_damage == 5


@pytest.mark.parametrize("alert, fallen, stationary, conscious, inanimate, surprise", [
    (True, False, False, True, False, Surprise.NONE),
    (False, False, False, True, False, Surprise.PARTIAL),
    (True, True, False, True, False, Surprise.PARTIAL),
    (False, True, False, False, False, Surprise.PARTIAL),
    (False, True, True, False, False, Surprise.FULL),
    (True, False, True, True, True, Surprise.FULL),
    (True, False, False, True, True, Surprise.NONE),
])
def test_surprise_doubles_or_triples_the_hit_roll(alert: bool, fallen: bool, stationary: bool, conscious: bool,
                                                  inanimate: bool, surprise: Surprise) -> None:
    """seed 004, line 39, 1.2.5.1.3: "If the target of the attack is not alert or is fallen, double the 2D10 hit
    roll (partial surprise); if the target is stationary and unconscious, or stationary and inanimate, triple the
    2D10 hit roll instead (full surprise)"."""
    assert Surprise.of(alert=alert, fallen=fallen, stationary=stationary, conscious=conscious,
                       inanimate=inanimate) is surprise
    result = resolve(attack(surprise=surprise), Scripted((3, 4)))
    assert result.total == 7 * surprise.value + 8 - 1


def test_the_hit_roll_adds_ac_and_first_modifier_with_parries_and_takes_off_preparations() -> None:
    """seed 004, line 39, 1.2.5.1.3: "Add the target's AC, including the first modifier (... parries and shields
    affect this modifier). Subtract the number of preparations applicable to the attack"."""
    parries = (Parry("Ann", "Dagger", 2, -2), Parry("Bo", "Staff", 3, -1))
    result = resolve(attack(parries=parries, preparations=2), Scripted((6, 5)))
    assert result.total == 11 + 8 - 1 - 2 - 1 - 2


@pytest.mark.parametrize("faces, outcome", [((9, 9), Outcome.HIT), ((5, 4), Outcome.HIT), ((4, 4), Outcome.EDGE_HIT),
                                            ((4, 3), Outcome.NEAR_MISS), ((3, 3), Outcome.MISS)])
def test_above_the_required_number_hits_equal_hits_one_less_misses(faces: tuple[int, int],
                                                                   outcome: Outcome) -> None:
    """seed 004, line 40: "If the result exceeds the number required ... the attack hits. If the result equals
    the required number, the attack hits ... If the result is exactly one less than the required number, the
    attack misses ... If the attack is less than the required number by more than one, it misses" (required 15;
    AC 8 and first modifier -1 add 7)."""
    result = resolve(attack(), Scripted(faces))
    assert result.outcome is outcome and result.hit is outcome.hit


def test_a_clear_hit_or_clear_miss_rolls_no_breakage() -> None:
    """seed 004, line 40: breakage checks come only on the required number or one less."""
    for faces in ((9, 9), (2, 2)):
        dice = Scripted(faces)
        result = resolve(attack(parries=(Parry("Ann", "Dagger", 2, -2),), shield=BUCKLER), dice)
        assert result.breakages == () and not any("breakage" in p for p in dice.purposes())


def test_equal_checks_the_attacking_and_parrying_weapons_and_the_shield_only_if_no_parry_held() -> None:
    """seed 004, line 40: "If the result equals the required number, the attack hits and a D100 breakage check is
    made for the attacking weapon and each parrying weapon; if there was no parry or all parrying weapons break,
    a D100 breakage check is rolled for any shield the target has"."""
    parry = Parry("Ann", "Dagger", 2, -2)
    held = resolve(attack(parries=(parry,), shield=BUCKLER), Scripted((5, 5), d100=(90, 90)))
    assert held.outcome is Outcome.EDGE_HIT
    assert [b.item for b in held.breakages] == [Item.ATTACKING, Item.PARRYING]
    broke = resolve(attack(parries=(parry,), shield=BUCKLER), Scripted((5, 5), d100=(90, 2, 5)))
    assert [(b.item, b.broke) for b in broke.breakages] == [(Item.ATTACKING, False), (Item.PARRYING, True),
                                                             (Item.SHIELD, True)]
    none = resolve(attack(shield=BUCKLER), Scripted((4, 4), d100=(4, 6)))
    assert [(b.item, b.number, b.broke) for b in none.breakages] == [(Item.ATTACKING, 3, False),
                                                                      (Item.SHIELD, 5, False)]


def test_one_less_checks_the_attacking_weapon_and_each_parrier_rolls_a_d100_for_the_gm() -> None:
    """seed 004, line 40: "If the result is exactly one less than the required number, the attack misses, a D100
    breakage check is rolled for the attacking weapon, and any parrying the attack roll a D100 and consult the
    gamesmaster" (ours: that D100 is the parrying weapon's breakage check unless the GM rules otherwise)."""
    parry = Parry("Ann", "Dagger", 2, -1)
    result = resolve(attack(parries=(parry,), shield=BUCKLER), Scripted((4, 4), d100=(40, 1)))
    assert result.outcome is Outcome.NEAR_MISS and not result.hit
    assert [(b.item, b.broke) for b in result.breakages] == [(Item.ATTACKING, False), (Item.PARRYING, True)]
    assert [(c.clause, c.roll) for c in result.gm_calls] == [("1.2.5.1.3", 1)]
    assert result.critical_roll is None and result.en_damage == 0


@pytest.mark.parametrize("st, preps, number", [(12, 0, 3), (12, 2, 9), (15, 0, 6), (17, 1, 12), (3, 0, 0)])
def test_the_breakage_number_grows_with_preparations_and_strength(st: int, preps: int, number: int) -> None:
    """seed 004, line 41: "add one to the number of preparations applicable to the attack, add one if the
    attacker's ST is 15-16, add 2 if the attacker's ST is 17 or greater, subtract 1 if the attacker's ST is 3 or
    less, and multiply by the weapon's breakage number; if the D100 roll does not exceed this number, the weapon
    breaks"."""
    a = attack(attacker_st=st, preparations=preps)
    assert a.breakage_number(SWORD.breakage) == number
    faces = (4, 3 + preps)  # one less every time: only the attacking weapon is checked
    result = resolve(a, Scripted(faces, d100=(number,)))
    assert result.outcome is Outcome.NEAR_MISS
    if number:
        assert result.breakages[0].broke and result.breakages[0].roll == number
    else:
        assert not result.breakages[0].broke and result.breakages[0].roll == 0
    missed = resolve(a, Scripted(faces, d100=(number + 1,)))
    assert not missed.breakages[0].broke


def test_a_breakage_number_over_100_is_a_gm_call_before_the_attack() -> None:
    """seed 004, line 41: "Check with the gamesmaster before resolving the attack if the modified breakage number
    would exceed 100" (ours: the number stands)."""
    heavy = replace(SWORD, breakage=30)
    result = resolve(attack(weapon=heavy, attacker_st=17, preparations=1), Scripted((9, 9)))
    assert [(c.clause, c.roll) for c in result.gm_calls] == [("1.2.5.1.3", 0)]
    assert "120" in result.gm_calls[0].question


@pytest.mark.parametrize("face, surprise, preps, critical", [
    (12, Surprise.NONE, 0, True), (11, Surprise.NONE, 0, False), (10, Surprise.NONE, 2, True),
    (6, Surprise.FULL, 0, True), (5, Surprise.FULL, 0, False), (12, Surprise.PARTIAL, 0, True),
    (11, Surprise.PARTIAL, 0, False)])
def test_the_critical_roll_doubles_on_full_surprise_less_the_second_modifier_plus_preparations(
        face: int, surprise: Surprise, preps: int, critical: bool) -> None:
    """seed 004, line 42, 1.2.5.2: "The player rolls a D12. If the target is stationary and unconscious, or
    stationary and inanimate, double the D12 roll (full surprise). Subtract the target's second AC Modifier and
    add the number of preparations ... If the result equals or exceeds the critical number ..., the hit is
    critical" (second modifier 1, critical number 11)."""
    result = resolve(attack(surprise=surprise, preparations=preps), Scripted((9, 9), crit=face, damage=(4,)))
    assert result.hit and result.critical_roll == face and result.critical is critical


def test_damage_adds_two_per_preparation_to_en_and_to_bd_on_a_critical() -> None:
    """seed 004, line 43, 1.2.5.3: "rolls damage as specified for the weapon, adding two for each preparation
    applicable to the attack. The target's EN is reduced by this number. If the hit is critical, the target's BD
    is also reduced by this number"."""
    plain = resolve(attack(preparations=1), Scripted((9, 9), crit=2, damage=(5,)))
    assert (plain.damage_roll, plain.en_damage, plain.bd_damage) == (5, 7, 0)
    crit = resolve(attack(preparations=1), Scripted((9, 9), crit=12, damage=(5,)))
    assert (crit.en_damage, crit.bd_damage) == (7, 7)


@pytest.mark.parametrize("weapon, damage, face, called", [
    (SWORD, (8,), 12, True), (SWORD, (8,), 11, False), (SWORD, (7,), 12, False),
    (AXE, (6, 5), 11, True), (AXE, (6, 6), 11, True), (AXE, (5, 5), 12, False)])
def test_a_critical_with_the_best_damage_roll_is_a_gm_call(weapon: Weapon, damage: tuple[int, ...], face: int,
                                                          called: bool) -> None:
    """seed 004, line 43, 1.2.5.3: "If the original damage roll is also the maximum possible, or within one of the
    maximum possible for a heavy weapon, and the unmodified critical roll was even for a light weapon, the
    attacker rolls a D20 and consults the gamesmaster" (critical number 1 here: every hit is critical)."""
    dice = Scripted((9, 9), crit=face, damage=damage)
    result = resolve(attack(weapon=weapon, critical_number=1), dice)
    assert result.critical
    assert any(c.clause == "1.2.5.3" for c in result.gm_calls) is called
    assert ("a telling blow: consult the gamesmaster" in dice.purposes()) is called


def test_every_roll_goes_through_the_fights_logged_dice() -> None:
    """seed 004, line 36, 1.2.5.1: "The player of the attacking character rolls a hit roll on two dice (normally
    2D10)": each roll is a logged kernel die."""
    events: list[Event] = []
    dice = Dice(4, events.append)
    result = resolve(attack(), dice)
    rolled = [e for e in events if isinstance(e, DiceRolled)]
    assert rolled[0].expression == "2d10" and rolled[0].purpose == "hit roll"
    assert tuple(rolled[0].faces) == result.faces
    if result.hit:
        assert [e.purpose for e in rolled][-2:] == ["critical roll", "damage"]


# -- exact odds against brute force --------------------------------------------------------------------------


def brute(a: Attack) -> tuple[Fraction, Fraction, Fraction, Fraction, Fraction]:
    """Every face of the 2D10, the D12 and the damage dice through :func:`resolve`; the attacking weapon's
    breakage over every face of the 2D10 and the D100."""
    d = a.weapon.damage
    hits = crits = en = bd = cases = 0
    for h1, h2, c in product(range(1, 11), range(1, 11), range(1, 13)):
        for faces in product(range(1, d.sides + 1), repeat=d.count):
            r = resolve(a, Scripted((h1, h2), crit=c, damage=faces))
            cases += 1
            hits += r.hit
            crits += r.critical
            en += r.en_damage
            bd += r.bd_damage
    broke = sum(resolve(a, Scripted((h1, h2), d100=(x,) + (100,) * 4)).breakages[0].broke
                for h1, h2, x in product(range(1, 11), range(1, 11), range(1, 101))
                if resolve(a, Scripted((h1, h2))).breakages)
    return (Fraction(hits, cases), Fraction(crits, cases), Fraction(en, cases), Fraction(bd, cases),
            Fraction(broke, 100 * 100))


@settings(max_examples=8, deadline=None)
@given(st.integers(8, 30), st.integers(0, 15), st.integers(-4, 0), st.integers(0, 3), st.integers(0, 3),
       st.sampled_from(list(Surprise)), st.integers(1, 8), st.integers(-1, 2), st.integers(0, 40),
       st.integers(3, 18))
def test_the_exact_odds_match_brute_force(required: int, ac: int, first: int, second: int, preps: int,
                                          surprise: Surprise, sides: int, bonus: int, breakage: int,
                                          strength: int) -> None:
    """seed 004, lines 36-43, 1.2.5.1-1.2.5.3: the AI's chance to hit, to critical, the expected EN and BD damage
    and the chance the weapon breaks are the procedure's own, face by face."""
    weapon = Weapon("w", "W", DamageDice(1, max(2, sides), bonus), to_hit=required, breakage=breakage)
    a = attack(weapon=weapon, target_ac=ArmourClass(ac, first, second), preparations=preps, surprise=surprise,
               attacker_st=strength)
    hit, crit, en, bd, broke = brute(a)
    o = odds(a)
    assert (o.hit, o.critical, o.en_damage, o.bd_damage, o.weapon_breaks) == (hit, crit, en, bd, broke)
    assert o.hit == hit_chance(a) and o.critical == hit * critical_chance(a)


def test_the_odds_of_a_heavy_axe_match_brute_force() -> None:
    """seed 004, line 43, 1.2.5.3: "rolls damage as specified for the weapon" (two dice and a bonus here)."""
    a = attack(weapon=AXE, preparations=1, attacker_st=17)
    assert tuple(getattr(odds(a), f) for f in ("hit", "critical", "en_damage", "bd_damage", "weapon_breaks")) \
        == brute(a)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 40), st.integers(0, 15), st.integers(-6, 0), st.integers(0, 4),
       st.sampled_from(list(Surprise)), st.integers(0, 2), st.booleans(), st.integers(0, 60))
def test_whatever_is_rolled_damage_is_never_negative_and_checks_come_only_on_equal_or_one_less(
        seed: int, required: int, ac: int, first: int, preps: int, surprise: Surprise, parries: int,
        shield: bool, breakage: int) -> None:
    """seed 004, line 40: breakage checks on "equals" and "exactly one less" only, the shield only on a hit;
    line 43, 1.2.5.3: EN always takes the damage, BD only on a critical."""
    a = attack(weapon=replace(SWORD, to_hit=required, breakage=breakage), target_ac=ArmourClass(ac, first, 1),
               preparations=preps, surprise=surprise, shield=BUCKLER if shield else None,
               parries=tuple(Parry(f"P{i}", "Dagger", 2, -1) for i in range(parries)))
    r = resolve(a, Dice(seed, lambda event: None))
    assert r.en_damage >= 0 and r.bd_damage in (0, r.en_damage)
    assert r.hit == (r.critical_roll is not None) and (r.bd_damage > 0) <= r.critical
    if r.hit:
        assert r.en_damage == (r.damage_roll or 0) + 2 * preps
    if r.breakages:
        assert r.outcome in (Outcome.EDGE_HIT, Outcome.NEAR_MISS)
    if any(b.item is Item.SHIELD for b in r.breakages):
        assert r.outcome is Outcome.EDGE_HIT
        assert all(b.broke for b in r.breakages if b.item is Item.PARRYING)
