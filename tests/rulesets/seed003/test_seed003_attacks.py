"""Seed 003's attack arithmetic and its exact odds (issue 15 item 2). Each test quotes the line it checks
(seed 003, ``../shared/seeds/003_c2dc3d650823e22d.txt``)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from game.kernel import events as ev
from game.kernel.dice import Dice
from game.rulesets.seed003.attacks import (
    MAX_NET,
    Result,
    attack_bonus,
    attack_odds,
    check_from,
    crit_threshold,
    dice_count,
    disengage_difficulty,
    disengage_net,
    disengage_odds,
    disengage_summary,
    is_disengaged,
    is_weak_to,
    kept,
    natural_distribution,
    net_advantage,
    resist_threshold,
    resolve_attack,
    roll_attacks,
    roll_check,
)
from game.rulesets.seed003.sheets import DamageType, Resistance

FIRE, COLD, WEAPON = DamageType.FIRE, DamageType.COLD, DamageType.WEAPON


def test_an_attack_adds_level_volition_and_escalation() -> None:
    """Line 5: "every attack involves rolling 3d6 + Level + Volition + Escalation"; line 91: "This number is
    added to all PC attacks (and sometimes NPCs)"; line 262: Shaken "count the escalation die as 0"."""
    assert attack_bonus(2, 3, 4, adds_escalation=True) == 9
    assert attack_bonus(2, 3, 4, adds_escalation=False) == 5  # an NPC whose sheet does not say so
    assert attack_bonus(2, 3, 4, adds_escalation=True, shaken=True) == 5
    assert attack_bonus(2, 3, 0, adds_escalation=True, other=1) == 6


def test_a_roll_that_matches_the_defense_hits_and_one_below_misses() -> None:
    """Line 5: "If your roll matches that value or is higher, you hit. [...] If you roll less than the value,
    you miss.\""""
    hit = resolve_attack(check_from((4, 4, 3), 0), bonus=5, defense=16, hit_damage=7, miss_amount=2)
    assert hit.total == 16 and hit.result is Result.HIT and hit.damage == 7
    miss = resolve_attack(check_from((4, 3, 3), 0), bonus=5, defense=16, hit_damage=7, miss_amount=2)
    assert miss.total == 15 and miss.result is Result.MISS and miss.damage == 2  # miss damage [19]


def test_a_natural_17_crits_for_double_damage() -> None:
    """Line 5: "If you roll a Natural 17+, you Crit, which typically deals double damage.\""""
    crit = resolve_attack(check_from((6, 6, 5), 0), bonus=0, defense=30, hit_damage=9)
    assert crit.result is Result.CRIT and crit.damage == 18  # our reading: a crit hits whatever the total
    sixteen = resolve_attack(check_from((6, 5, 5), 0), bonus=0, defense=10, hit_damage=9)
    assert sixteen.result is Result.HIT and sixteen.damage == 9


def test_a_natural_3_is_a_critical_failure_with_no_miss_effects() -> None:
    """Line 5: "If you roll a Natural 3, you Crit Fail, meaning you have no miss effects\""""
    out = resolve_attack(check_from((1, 1, 1), 0), bonus=40, defense=10, hit_damage=9, miss_amount=2)
    assert out.result is Result.CRIT_FAIL and out.damage == 0 and not out.result.is_hit


def test_weakness_and_vulnerability_lower_the_crit_range() -> None:
    """Line 71: "attacks against them that deal damage of that type (including attacks that deal multiple
    types of damage) crit on a 16+. If they're also Vulnerable, those attacks crit on a 15+"; line 266:
    Vulnerable: "Attacks against you crit on a Natural 16+ instead of a Natural 17+.\""""
    assert crit_threshold() == 17
    assert crit_threshold(weak=True) == 16 and crit_threshold(vulnerable=True) == 16
    assert crit_threshold(weak=True, vulnerable=True) == 15
    assert is_weak_to({COLD}, (FIRE, COLD)) and not is_weak_to({COLD}, (FIRE,))
    sixteen = check_from((6, 5, 5), 0)
    assert resolve_attack(sixteen, bonus=0, defense=30, crit_at=crit_threshold(weak=True),
                          hit_damage=5).result is Result.CRIT
    fifteen = check_from((5, 5, 5), 0)
    assert resolve_attack(fifteen, bonus=0, defense=30, crit_at=crit_threshold(weak=True, vulnerable=True),
                          hit_damage=5).damage == 10


def test_a_resistance_halves_when_the_natural_roll_is_below_its_threshold() -> None:
    """Line 69: "This is noted as Resist [damage type] X+. If an attack's Natural roll result is less than X,
    it deals half damage.\""""
    resist = (Resistance(FIRE, 12),)
    at = resist_threshold(resist, (FIRE,))
    assert at == 12 and resist_threshold(resist, (WEAPON,)) == 0
    below = resolve_attack(check_from((4, 4, 3), 0), bonus=10, defense=15, resist_at=at, hit_damage=9)
    assert below.resisted and below.damage == 4  # 11 < 12: half of 9, rounded down
    at_x = resolve_attack(check_from((4, 4, 4), 0), bonus=10, defense=15, resist_at=at, hit_damage=9)
    assert not at_x.resisted and at_x.damage == 9
    missed = resolve_attack(check_from((2, 2, 2), 0), bonus=0, defense=15, resist_at=at, miss_amount=3)
    assert missed.resisted and missed.damage == 1  # miss damage of that type is halved too (our reading)


def test_several_targets_get_one_roll_each() -> None:
    """Line 7: "If an ability requires you to make attack rolls against multiple targets, roll multiple
    attacks.\""""
    log: list[object] = []
    dice = Dice(7, log.append)
    checks = roll_attacks(dice, ["kite", "hound", "mote"], [0, 1, -2], "Ashfall")
    rolls = [e for e in log if isinstance(e, ev.DiceRolled)]
    assert len(checks) == len(rolls) == 3
    assert [len(r.faces) for r in rolls] == [3, 4, 5] and "against hound" in rolls[1].purpose
    assert [c.faces for c in checks] == [r.faces for r in rolls]


def test_advantage_rolls_an_extra_die_per_count_and_keeps_the_best_three() -> None:
    """Line 251: "a character who is Weakened and Dazed has 2 Disadvantage on attacks": counts that stack.
    The dice are our reading (README, Seed 003): one extra d6 per net count, keep the best (worst) three."""
    assert net_advantage(1, 2) == -1 and dice_count(-2) == 5 and dice_count(3) == 6
    assert kept((1, 6, 3, 5), 1) == (6, 5, 3) and kept((1, 6, 3, 5), -1) == (5, 3, 1)
    log: list[object] = []
    check = roll_check(Dice(3, log.append), 2, "test")
    assert len(check.faces) == 5 and check.natural == sum(sorted(check.faces)[-3:])


def test_the_odds_are_exact() -> None:
    """3d6 without advantage: a natural 17+ is 4 in 216, a natural 3 is 1 in 216."""
    plain = natural_distribution(0)
    assert plain[3] == Fraction(1, 216) and plain[17] + plain[18] == Fraction(4, 216) and plain[10] == Fraction(27, 216)
    odds = attack_odds(bonus=0, defense=30)
    assert odds.crit == Fraction(4, 216) and odds.crit_fail == Fraction(1, 216) and odds.hit == 0
    # two advantage dice: a natural 18 needs three sixes among five dice
    assert natural_distribution(2)[18] == Fraction(1 + 5 * 5 + 10 * 25, 6 ** 5)


def test_the_disengage_check_is_3d6_against_11_plus_one_per_extra_enemy() -> None:
    """Line 163: "roll 3d6 against a Difficulty of 11 for one enemy. You can choose to Disengage from multiple
    enemies at once, in which case you add 1 to the Difficulty for every enemy past the first.\""""
    assert [disengage_difficulty(n) for n in (1, 2, 3)] == [11, 12, 13]
    assert disengage_odds(1) == Fraction(1, 2) and disengage_odds(2) == Fraction(81, 216)
    assert is_disengaged(check_from((4, 4, 3), 0), 1) and not is_disengaged(check_from((4, 4, 3), 0), 2)


def test_grabbed_adds_one_disadvantage_to_disengage_from_an_unhit_grabber() -> None:
    """Line 257: Grabbed: "You gain 1 Disadvantage to Disengage from the enemy grabbing you unless you've hit
    them with an attack this round\""""
    assert disengage_net(grabbed_by_unhit=True) == -1 and disengage_net() == 0
    assert disengage_net(grabbed_by_unhit=True, advantage=1) == 0  # a Dicey Move's Advantage [171] cancels it
    assert disengage_odds(1, -1) < disengage_odds(1) < disengage_odds(1, 1)


def test_the_disengage_odds_read_before_committing() -> None:
    assert disengage_summary(1) == "Disengage from 1 enemy: 3d6 vs 11: 50.0%"
    assert disengage_summary(2, -1) == "Disengage from 2 enemies: 3d6 vs 12, 1 disadvantage: 17.5%"


# -- properties -------------------------------------------------------------------------------------------

nets = st.integers(-MAX_NET, MAX_NET).filter(lambda n: abs(n) <= 5)


@given(nets)
def test_the_odds_of_every_natural_roll_sum_to_one(net: int) -> None:
    dist = natural_distribution(net)
    assert sum(dist.values()) == 1 and min(dist) >= 3 and max(dist) <= 18


@given(st.integers(-10, 25), st.integers(5, 40), nets, st.sampled_from([15, 16, 17]))
def test_the_odds_of_the_four_results_sum_to_one(bonus: int, defense: int, net: int, crit_at: int) -> None:
    odds = attack_odds(bonus, defense, net, crit_at)
    assert odds.crit_fail + odds.miss + odds.hit + odds.crit == 1


@given(st.integers(-10, 25), st.integers(5, 40), st.integers(-5, 4), st.sampled_from([15, 16, 17]))
def test_more_advantage_never_lowers_the_hit_or_crit_chance(bonus: int, defense: int, net: int, crit_at: int) -> None:
    worse, better = attack_odds(bonus, defense, net, crit_at), attack_odds(bonus, defense, net + 1, crit_at)
    assert better.hits >= worse.hits and better.crit >= worse.crit and better.crit_fail <= worse.crit_fail


@given(st.integers(1, 8), st.integers(-4, 4))
def test_more_enemies_never_make_disengaging_easier(enemies: int, net: int) -> None:
    assert disengage_odds(enemies + 1, net) <= disengage_odds(enemies, net)
    assert 0 <= disengage_odds(enemies, net) <= 1


@given(st.lists(st.integers(1, 6), min_size=3, max_size=9), st.integers(-6, 6))
def test_the_kept_dice_are_three_of_those_rolled_and_the_best_or_worst(faces: list[int], net: int) -> None:
    faces = faces[:dice_count(net)] if len(faces) >= dice_count(net) else faces[:3]
    net = 0 if len(faces) == 3 else net
    three = kept(faces, net)
    assert len(three) == 3 and all(three.count(f) <= faces.count(f) for f in three)
    rest = list(faces)
    for f in three:
        rest.remove(f)
    assert all((r <= min(three)) if net >= 0 else (r >= max(three)) for r in rest)


@given(st.integers(3, 18), st.integers(0, 18), st.integers(0, 60), st.booleans())
def test_a_crit_never_deals_less_than_a_hit_and_resistance_never_more(natural: int, resist_at: int, rolled: int,
                                                                         crit: bool) -> None:
    from game.rulesets.seed003.attacks import damage_dealt, is_resisted
    resisted = is_resisted(natural, resist_at)
    assert damage_dealt(rolled, crit=True, resisted=resisted) >= damage_dealt(rolled, crit=False, resisted=resisted)
    assert damage_dealt(rolled, crit=crit, resisted=True) <= damage_dealt(rolled, crit=crit, resisted=False)


def test_a_basic_attack_deals_the_stance_die_per_level_plus_volition_and_the_class_miss_damage() -> None:
    """Line 17: "Hit: X x Level + Volition, where X is the damage die indicated by your stance."; line 19:
    "Miss: None or Damage equal to your Level (see each Class)."; line 11: "When an abilities indicates 'as a
    Basic Melee/Ranged Attack', this refers to the hit and miss damage of your basic attack.\""""
    from game.rulesets.seed003.attacks import DamageRoll, hit_roll, miss_roll
    from game.rulesets.seed003.content import load_sheets
    sheets = load_sheets()
    hale, oriel = sheets["hale_varrow"], sheets["oriel_fenwick"]
    check = hale.ability("shoulder_check")
    assert check is not None
    assert hit_roll(hale, check) == DamageRoll(2, 10, 3, (WEAPON,))  # level 2, melee d10, Volition 3
    assert miss_roll(hale, check) == DamageRoll(0, 0, 2, (WEAPON,))  # his class misses for his level
    shot = oriel.ability("pinning_shot")
    assert shot is not None and hit_roll(oriel, shot) == DamageRoll(2, 8, 4, (WEAPON,))  # ranged stance d8
    assert miss_roll(oriel, shot) is None  # hers for nothing
    lance = sheets["isra_quenn"].ability("cinder_lance")
    assert lance is not None and hit_roll(sheets["isra_quenn"], lance) == DamageRoll(2, 8, 4, (FIRE,))
    assert miss_roll(sheets["isra_quenn"], lance) == DamageRoll(0, 0, 2, (FIRE,))


def test_a_sheet_weak_and_vulnerable_is_critted_on_15_by_its_weakness_only() -> None:
    """Line 71: "If they're also Vulnerable, those attacks crit on a 15+.\""""
    from game.rulesets.seed003.attacks import crit_against
    from game.rulesets.seed003.content import load_sheets
    mote = load_sheets()["frost_mote"]
    assert crit_against(mote, (FIRE,)) == 15 and crit_against(mote, (COLD,)) == 17
    assert crit_against(mote, (COLD,), vulnerable=True) == 16  # the Vulnerable condition [266]


def test_an_attack_line_shows_every_term_and_what_the_escalation_die_added() -> None:
    """Line 5: "3d6 + Level + Volition + Escalation"; line 91: the die "is added to all PC attacks (and
    sometimes NPCs)": the log line says what it added, and leaves it out for an attacker that does not add it."""
    from game.rulesets.seed003.attacks import attack_rolled, disengage_rolled
    from game.rulesets.seed003.content import load_sheets
    from game.rulesets.seed003.events import describe
    from game.rulesets.seed003.sheets import Defense
    sheets = load_sheets()
    hale, hound = sheets["hale_varrow"], sheets["cinder_hound"]
    bonus = attack_bonus(hale.level, hale.volition, 2, adds_escalation=hale.adds_escalation)
    out = resolve_attack(check_from((6, 4, 2), 0), bonus=bonus, defense=hound.ac, hit_damage=8)
    event = attack_rolled(hale, "hale", "hound", "Shoulder Check", out, Defense.AC, escalation=2)
    assert describe(event, lambda i: {"hale": "Hale", "hound": "the Hound"}[i]) == (
        "Hale attacks the Hound with Shoulder Check: 3d6 [6+4+2] = 12 + level 2 + Volition 3 + escalation 2 "
        "= 19 vs AC 16: hit")
    worse = resolve_attack(check_from((6, 4, 2, 1), -1), bonus=hound.level + hound.volition, defense=hale.ac,
                           crit_at=16)
    line = describe(attack_rolled(hound, "hound", "hale", "Scorching Bite", worse, Defense.AC, escalation=None))
    assert line == ("hound attacks hale with Scorching Bite: 4d6 keep worst 3 [4+2+1; dropped 6] = 7 + level 2 "
                    "+ Volition 3 = 12 vs AC 18 (crits on 16+): miss")
    fled = describe(disengage_rolled("tobin", ["m1", "m2"], check_from((5, 4, 3), 0)))
    assert fled == "tobin tries to disengage from m1, m2: 3d6 [5+4+3] = 12 vs 12: pops off"
