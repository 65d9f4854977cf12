"""Seed 004's blow economy (``game.rulesets.seed004.blows``): blows per round, EN per blow, the per-phase cap,
heavy weapons, borrowing, who acted."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from game.rulesets.seed004.blows import Blow, BlowRefused, Blows, Need
from game.rulesets.seed004.sheets import DamageDice, EnDie, Sheet, Weapon


def sheet(el: int = 3, en_die: EnDie = EnDie.AD6, en: int = 20, active: int = 2, reactive: int = 2) -> Sheet:
    sword = Weapon("sword", "Sword", DamageDice(1, 8), to_hit=16, breakage=3)
    return Sheet("tam", "Tam", el=el, en_die=en_die, en=en, bd=10, dx=12, st=12, active_blows=active,
                 reactive_blows=reactive, move=6, recovery=2, ac=10, first_modifier=0, second_modifier=0,
                 weapons=(sword,))


def test_the_first_blow_of_the_round_costs_no_en_and_each_later_one_costs_one() -> None:
    """seed 004, line 17, 1.: "the first blow expended in the round does not involve any EN expenditure; for
    each subsequent blow used, 1EN must be expended"."""
    b = Blows.start(sheet(en=20))
    b = b.spend(Blow.ACTIVE)
    assert (b.en, b.active) == (20, 1)
    b = b.spend(Blow.REACTIVE)
    assert (b.en, b.reactive) == (19, 1)
    b = b.spend(Blow.ACTIVE)
    assert b.en == 18


def test_a_blow_needs_its_kind_left() -> None:
    """seed 004, line 17, 1.: "the character must have available both the appropriate type of blow - active or
    reactive - and any necessary EN"."""
    b = Blows.start(sheet(active=1, reactive=0)).spend(Blow.ACTIVE)
    assert b.why_not(Blow.ACTIVE) == "1 active blow wanted, 0 left"
    with pytest.raises(BlowRefused, match="reactive"):
        b.spend(Blow.REACTIVE)


def test_a_blow_needs_its_en_and_the_last_point_stays() -> None:
    """seed 004, line 17, 1.: a blow needs "any necessary EN" (ours: the last point of EN is never spent)."""
    b = Blows.start(sheet(en=2, active=3)).spend(Blow.ACTIVE).spend(Blow.ACTIVE)
    assert b.en == 1
    assert b.why_not(Blow.ACTIVE) is not None and "available" in (b.why_not(Blow.ACTIVE) or "")


@pytest.mark.parametrize("die, cap", [(EnDie.AD6, 5), (EnDie.AD6_2, 7), (EnDie.AD6_4, 9)])
def test_the_en_spent_in_a_phase_is_capped_by_the_en_die(die: EnDie, cap: int) -> None:
    """seed 004, line 5: "limited to EL+2 for characters with an AD6 of EN per EL, EL+4 for ... AD6+2 per EL,
    and EL+6 for ... AD6+4 per EL" (EL 3 here)."""
    b = Blows.start(sheet(el=3, en_die=die, en=50, active=6, reactive=6))
    spent = 0
    while b.why_not(Blow.ACTIVE if b.active else Blow.REACTIVE) is None:
        b = b.spend(Blow.ACTIVE if b.active else Blow.REACTIVE)
        spent += 1
    assert b.en_phase == min(cap, 11)
    assert spent == min(cap + 1, 12)
    assert b.new_phase().en_phase == 0


def test_a_heavy_weapon_attack_spends_an_active_blow_and_a_second_that_may_be_reactive() -> None:
    """seed 004, line 34, 1.2.5: "Requires expenditure of an active blow; a second blow (which may be reactive)
    must also be expended for attacks with a heavy weapon"."""
    b = Blows.start(sheet(active=1, reactive=1)).attack(heavy=True, second=Blow.REACTIVE)
    assert (b.active, b.reactive, b.spent, b.en) == (0, 0, 2, 19)
    light = Blows.start(sheet(active=1, reactive=1)).attack(heavy=False)
    assert (light.active, light.reactive) == (0, 1)
    assert Blows.start(sheet(active=0, reactive=2)).why_not_attack(heavy=True) is not None


def test_an_option_asking_any_blow_takes_either_kind_and_an_active_one_only_active() -> None:
    """seed 004, line 23, 1.2: "When an option specifies expending a blow, it may be either active or reactive
    unless an active blow is specified"."""
    b = Blows.start(sheet(active=1, reactive=1))
    assert b.kinds_for(Need.ANY) == (Blow.ACTIVE, Blow.REACTIVE)
    assert b.kinds_for(Need.ACTIVE) == (Blow.ACTIVE,)
    assert b.spend_for(Need.ANY).reactive == 0
    with pytest.raises(BlowRefused):
        b.spend_for(Need.ACTIVE, Blow.REACTIVE)


def test_who_spent_a_blow_or_en_has_acted_and_loses_a_cell_of_movement_per_blow() -> None:
    """seed 004, line 15, 1. and line 45, 2.1: those who "did not expend blows or EN in the combat phase" take a
    noncombat option; line 51, 3.: "movement is reduced by 1" per blow expended"."""
    b = Blows.start(sheet())
    assert not b.acted and b.movement_loss == 0
    b = b.spend(Blow.ACTIVE).spend(Blow.REACTIVE)
    assert b.acted and b.movement_loss == 2
    assert Blows.start(sheet()).spend_en(1).acted


def test_a_new_round_restores_blows_less_those_borrowed_and_remembers_the_en_spent() -> None:
    """seed 004, line 56, 3.2.2: "'borrowing' blows from the next round's allowance" (ours: the borrowed blows
    count as spent in the next round, so its next blow costs 1 EN)."""
    b = Blows.start(sheet(active=2, reactive=2)).spend(Blow.ACTIVE).spend(Blow.ACTIVE)
    b = b.spend(Blow.REACTIVE).spend(Blow.REACTIVE)
    assert not b.has_blow
    b = b.new_phase().borrow(Blow.ACTIVE)
    assert b.en == 17
    nxt = b.new_round()
    assert (nxt.active, nxt.reactive, nxt.spent, nxt.en_last_round) == (1, 2, 1, 3)
    assert nxt.cost() == 1
    assert Blows.start(sheet(active=1)).borrow(Blow.ACTIVE).why_not_borrow(Blow.ACTIVE) is not None


def test_damage_takes_en_and_bd_and_a_character_at_zero_is_unconscious() -> None:
    """seed 004, line 43, 1.2.5.3: "The target's EN is reduced by this number. If the hit is critical, the
    target's BD is also reduced" (ours: at 0 EN or BD a character is unconscious)."""
    b = Blows.start(sheet(en=5))
    assert b.damaged(4, 0).conscious
    assert not b.damaged(7, 0).conscious and b.damaged(7, 0).en == 0
    assert not b.damaged(1, 10).conscious
    assert b.damaged(7).why_not(Blow.ACTIVE) == "an unconscious character spends no blows"


OPS = st.lists(st.sampled_from(["active", "reactive", "heavy", "en", "borrow", "phase", "round", "hit"]),
               max_size=40)


@settings(max_examples=200, deadline=None)
@given(OPS, st.integers(1, 8), st.sampled_from(list(EnDie)), st.integers(0, 4), st.integers(0, 4),
       st.integers(1, 30))
def test_blows_never_go_below_zero_and_en_in_a_phase_never_passes_the_cap(
        ops: list[str], el: int, die: EnDie, active: int, reactive: int, en: int) -> None:
    """seed 004, line 5 (the per-phase cap) and line 17, 1. (the first blow free, each later 1 EN): whatever is
    tried, no count goes below zero, the EN spent in a phase stays within EL+2/+4/+6, and a round's first blow
    costs nothing."""
    b = Blows.start(sheet(el=el, en_die=die, en=en, active=active, reactive=reactive))
    for op in ops:
        before = b
        try:
            match op:
                case "active":
                    b = b.spend(Blow.ACTIVE)
                case "reactive":
                    b = b.spend(Blow.REACTIVE)
                case "heavy":
                    b = b.attack(heavy=True)
                case "en":
                    b = b.spend_en(1)
                case "borrow":
                    b = b.borrow(Blow.ACTIVE)
                case "phase":
                    b = b.new_phase()
                case "round":
                    b = b.new_round()
                case _:
                    b = b.damaged(1)
        except BlowRefused:
            assert b == before
            continue
        assert min(b.active, b.reactive, b.en, b.bd, b.en_phase, b.spent) >= 0
        assert b.en_phase <= b.cap == die.phase_cap(el)
        if op in ("active", "reactive") and before.spent == 0:
            assert b.en == before.en
        if op in ("active", "reactive") and before.spent > 0:
            assert b.en == before.en - 1
