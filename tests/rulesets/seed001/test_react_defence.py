"""Seed 001's dodge, rebuff and deflect, standing up by reaction, the dismount and the AI's reaction answers as
pure rules (lines 6-8, 13, 17-18, 32-34)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, strategies as st

from game.rulesets.seed001 import ai_reactions as ai
from game.rulesets.seed001 import defence, dismount, pools, standing
from game.rulesets.seed001.content import load_sheets
from game.rulesets.seed001.counter import Counter, Moment
from game.rulesets.seed001.defence import Blow, Defender
from game.rulesets.seed001.sheets import Delivery, Skill, Unhorsing

SHEETS = load_sheets()
WREN = SHEETS["wren_quickstep"]  # dodge 2, deflect missiles 1


def wren(has_reaction: bool = True, exhausted: bool = False) -> Defender:
    return Defender(WREN.name, WREN.skills, has_reaction, exhausted)


def test_a_melee_blow_is_answered_by_dodge_a_missile_by_deflect() -> None:
    """Seed 001, line 7: "For a melee strike, dodge or rebuff would be used. If struck by an arrow, then one of the
    deflection skills would be used"."""
    melee = Blow(pools.pool_of((12, 15), 13), 2, 1, Delivery.MELEE)
    missile = Blow(pools.pool_of((12, 15), 13), 1, 0, Delivery.MISSILE)
    got_melee, got_missile = defence.offer(wren(), melee), defence.offer(wren(), missile)
    assert got_melee is not None and got_melee.skill is Skill.DODGE and got_melee.rank == 2
    assert got_missile is not None and got_missile.skill is Skill.DEFLECT_MISSILES and got_missile.rank == 1
    bandit = SHEETS["road_bandit"]  # rebuff only: no deflection
    assert "deflection" in defence.why_not(Defender(bandit.name, bandit.skills, True), missile)


def test_only_with_the_skill_and_an_unused_reaction() -> None:
    """Seed 001, line 7: "the character or creature must have that skill ... only one reaction can be used per
    round; thus, to dodge the attack, an available reaction must exist"."""
    blow = Blow(pools.pool_of((15,), 13), 2, 1, Delivery.MELEE)
    assert "used its reaction" in defence.why_not(wren(has_reaction=False), blow)
    goblin = SHEETS["marsh_goblin"]
    assert "lacks dodge or rebuff" in defence.why_not(Defender(goblin.name, goblin.skills, True), blow)


def test_the_trigger_is_body_damage_about_to_be_dealt() -> None:
    """Seed 001, line 6: "the event or trigger is basically suffering Body damage ... a minimal moment just before
    receiving the damage"."""
    miss = Blow(pools.pool_of((3, 5), 13), 2, 1, Delivery.MELEE)
    assert "no Body damage" in defence.why_not(wren(), miss)


def test_the_adjustment_comes_off_the_lowest_or_highest_success_and_the_odds_are_exact() -> None:
    """Seed 001, line 8: "Sometimes the d6 adjustment roll will be applied against the lowest successful d20,
    while other times it will be compared to the highest roll"."""
    blow = Blow(pools.pool_of((14, 19), 13), 2, 1, Delivery.MELEE)
    offer = defence.offer(wren(), blow)
    assert offer is not None
    # dodge works on the 14: d6 + 2 must reach 2 (14 - 13 + 1): always
    assert offer.chance == 1 and offer.damage == 2 + 2 + 1 and offer.reduced == 1 + 2 + 1
    assert defence.resolve(blow, Skill.DODGE, 2).successes == 1
    # rebuff works on the 19: d6 + 0 must reach 7: never
    assert defence.chance(blow.pool, pools.Against.HIGHEST, pools.Edge.NONE, 0) == 0
    assert defence.chance(blow.pool, pools.Against.HIGHEST, pools.Edge.NONE, 2) == Fraction(2, 6)
    assert "2d6kl1" not in defence.question(wren(), "Road Bandit", offer)


def test_under_disadvantage_the_adjustment_is_two_d6_keep_the_lesser() -> None:
    """Seed 001, line 8: "under the disadvantage restriction ... rolling two d6 and selected the lesser"; line 24:
    heavy "would still inflict disadvantage if any raw die score were 18 or higher"."""
    heavy = Blow(pools.pool_of((16, 18), 13), 3, 2, Delivery.MELEE, heavy=True)
    offer = defence.offer(wren(), heavy)
    assert offer is not None and offer.edge is pools.Edge.DISADVANTAGE
    assert "2d6kl1" in defence.question(wren(), "Stonebrow Glaive-Bearer", offer)
    tired = defence.offer(wren(exhausted=True), Blow(pools.pool_of((16,), 13), 1, 0, Delivery.MELEE))
    assert tired is not None and tired.edge is pools.Edge.DISADVANTAGE
    # need 16 - 13 + 1 = 4 from d6 + 2: a d6 of 2+; two d6 keep the lesser: (5/6)^2
    assert tired.chance == Fraction(25, 36)


@given(st.lists(st.integers(1, 20), min_size=1, max_size=6), st.integers(2, 20), st.integers(0, 3),
       st.sampled_from(list(pools.Edge)), st.sampled_from(list(pools.Against)))
def test_the_shown_odds_match_every_adjustment_brute_force(faces: list[int], tm: int, rank: int, edge: pools.Edge,
                                                           against: pools.Against) -> None:
    """Seed 001, line 8: the odds a player is shown are the exact share of adjustments that take the success off."""
    pool = pools.pool_of(tuple(faces), tm)
    wins = Fraction(0)
    for a, p in pools.adjustment_chances(edge, rank).items():
        if pool.adjusted(a, against).successes < pool.successes:
            wins += p
    assert defence.chance(pool, against, edge, rank) == wins


def test_standing_up_by_reaction_is_scheduled_a_d4_on_and_wraps_around_the_corner() -> None:
    """Seed 001, line 34: "if the reaction is used in second-counter:2 and the delay is 4 seconds, then standing
    will be effective in 10 of the subsequent round"; line 33: "half of the standard movement for the creature's
    species: 20 feet for human"."""
    counter = Counter(now=Moment(1, 2))
    after, rising = standing.schedule(counter, "aldric", 4, SHEETS["aldric_lancer"].standard_feet)
    assert rising.at == Moment(2, 10) and rising.penalty_round == 2 and rising.penalty_feet == 20
    assert [(e.at, e.label) for e in after.entries] == [(Moment(2, 10), "stands")]
    _, early = standing.schedule(Counter(now=Moment(1, 12)), "w", 3, WREN.standard_feet)
    assert early.penalty_round == 1 and early.penalty_feet == 15
    assert standing.movement_left(40, 20) == 20 and standing.movement_left(10, 20) == 0


def test_standing_up_by_reaction_needs_prone_and_the_reaction() -> None:
    """Seed 001, line 31: "When one is in the prone position, a reaction can be used to stand"; line 35: "applies
    only from a prone position"."""
    assert "not prone" in standing.why_not("Wren", prone=False, has_reaction=True, rising=False)
    assert "reaction" in standing.why_not("Wren", prone=True, has_reaction=False, rising=False)
    assert "already" in standing.why_not("Wren", prone=True, has_reaction=True, rising=True)
    assert standing.why_not("Wren", prone=True, has_reaction=True, rising=False) == ""


def test_a_thrown_rider_lands_by_reaction_halves_the_fall_on_a_failure_and_is_never_prone_then() -> None:
    """Seed 001, line 17: "a successful Agility check (TM:10) must be made to descend safely. Even if failing the
    save, the rider suffers only half the normal damage from the fall and will further roll up to a standing
    position ... Either way, the movement penalty for dismounting will still apply"."""
    rider, horse = SHEETS["aldric_lancer"], SHEETS["grey_courser"]
    assert dismount.why_not(rider, horse, Unhorsing.SLAIN, True) == ""
    assert dismount.landing(rider, 5, reacted=True, landed=True) == dismount.Landing(True, True, 0, False, 20)
    assert dismount.landing(rider, 5, reacted=True, landed=False) == dismount.Landing(True, False, 2, False, 20)
    assert dismount.landing(rider, 5, reacted=False, landed=False) == dismount.Landing(False, False, 5, True, 20)
    assert "60%" in dismount.question(rider, horse)  # d20 + 1 >= 10: faces 9-20, 12 of 20


def test_no_dismount_reaction_against_an_unseating_attack_or_off_a_mount_that_does_not_walk() -> None:
    """Seed 001, line 18: "this applies only to mounts that traverse the ground. This reaction cannot be used
    against special attacks designed to forcefully remove a rider, such as from a ranseur"."""
    rider, horse = SHEETS["aldric_lancer"], SHEETS["grey_courser"]
    assert "unseat" in dismount.why_not(rider, horse, Unhorsing.UNSEATED, True)
    from dataclasses import replace
    from game.rulesets.seed001.sheets import MountKind
    assert "ground" in dismount.why_not(rider, replace(horse, mount=MountKind.FLYING), Unhorsing.SLAIN, True)
    assert "reaction" in dismount.why_not(rider, horse, Unhorsing.STOPPED, False)


def test_the_ai_keeps_its_reaction_for_a_dodge_when_a_stronger_foe_is_coming() -> None:
    """Seed 001, line 13: "fighters often choose not to waste their one reaction to swing at a passerby; often
    saving that reaction for a more important event ... This is especially true if said combatant has a dodge
    skill"."""
    drake = ai.Threat(pool=3, weight=2, strength=2)
    keeping = ai.keeping_worth(WREN.skills, WREN.guard, False, [drake])
    assert keeping > 0
    blade = WREN.weapons[0]
    assert not ai.take_opportunity(2, 11, blade.weight, WREN.strength, keeping)
    assert ai.take_opportunity(2, 11, blade.weight, WREN.strength, ai.keeping_worth(WREN.skills, 13, False, []))
    goblin = SHEETS["marsh_goblin"]  # no skill: nothing to keep it for
    assert ai.keeping_worth(goblin.skills, goblin.guard, False, [drake]) == 0
    assert ai.take_stand(Fraction(0)) and not ai.take_stand(keeping)
    assert ai.take_impalement(3, 11, 2, 1, keeping)
    assert ai.take_defence(Fraction(1, 6)) and not ai.take_defence(Fraction(0))


def test_only_a_savage_attack_may_drag_a_foe_down(tmp_path: object) -> None:
    """Ours (the bog hound's bite): `drags` belongs to a savage attack; on a weapon it is one line naming the
    place."""
    from pathlib import Path

    import pytest

    from game.errors import ContentError

    assert tmp_path is not None
    path = Path(str(tmp_path)) / "bad.toml"
    path.write_text('ruleset = "seed001"\n[creatures.x]\nname = "X"\nspecies = "human"\nbody = 5\nendurance = 5\n'
                    'guard = 10\npool = 2\n[creatures.x.weapons.club]\nname = "Club"\nweight = 1\ndrags = true\n')
    with pytest.raises(ContentError) as err:
        load_sheets([path])
    assert "weapons.club.drags" in str(err.value) and "savage" in str(err.value)
