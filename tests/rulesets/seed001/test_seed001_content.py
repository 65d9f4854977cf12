"""Seed 001's sheets and content files (issue 20 item 7-8): the schema the reactions read, the sample company
and foes, and refusals as one line naming the file, the entry and the field."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from game.errors import ContentProblems, GameError
from game.rulesets.seed001.content import load_sheets
from game.rulesets.seed001.pools import Against
from game.rulesets.seed001.sheets import Delivery, MountKind, MoveStyle, Skill, Unhorsing, may_land

GOOD = '''ruleset = "seed001"
[creatures.fen_warden]
name = "Fen Warden"
species = "dwarf"
body = 12
endurance = 9
guard = 12
pool = 3
strength = 1
skills = { polearm_style = true, forte = ["bill"], dodge = 1 }
[creatures.fen_warden.weapons.bill]
name = "Bill"
weight = 2
reach = 10
polearm = true
piercing = true
'''


def write(tmp_path: Path, text: str, name: str = "mine.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def refusals(path: Path) -> list[str]:
    with pytest.raises(GameError) as caught:
        load_sheets([path])
    error = caught.value
    problems = error.problems if isinstance(error, ContentProblems) else [error]
    lines = [str(p) for p in problems]
    assert all("\n" not in line and "Traceback" not in line for line in lines)
    return lines


def test_species_standard_movement_and_the_stand_up_penalty() -> None:
    """Seed 001, line 33: "That penalty is half of the standard movement for the creature's species: 20 feet
    for human, 15 feet for dwarf, etc. It is not half the character's standard movement, as it might be
    enhanced by magic or skills"."""
    sheets = load_sheets()
    human, dwarf = sheets["hollin_pikeman"], sheets["stonebrow_glaive"]
    assert (human.species, human.standard_feet, human.stand_penalty_feet) == ("human", 40, 20)
    assert (dwarf.species, dwarf.standard_feet, dwarf.stand_penalty_feet) == ("dwarf", 30, 15)
    assert human.movement_hexes == 8 and dwarf.movement_hexes == 6


def test_movement_above_the_species_standard_leaves_the_penalty_alone(tmp_path: Path) -> None:
    """Seed 001, line 33: "It is not half the character's standard movement, as it might be enhanced by magic
    or skills; thus, the species standard is used instead"."""
    sheet = load_sheets([write(tmp_path, GOOD.replace('species = "dwarf"', 'species = "dwarf"\nmovement = 45'))])
    warden = sheet["fen_warden"]
    assert warden.movement_feet == 45 and warden.stand_penalty_feet == 15


def test_the_pike_line_may_impale_at_two_hexes_or_three_with_special_weaponry() -> None:
    """Seed 001, line 20: "When wielding a polearm and also having obtained the style: polearms skill ... so
    long as the weapon delivers piercing damage and/or the weapon explicitly permits this reaction"; line 23:
    "ten feet (two-hexes) away with all; with special weaponry the range might be fifteen feet"; line 24:
    "weapon forte in the specific polearm being used"."""
    sheets = load_sheets()
    pikeman, sergeant, glaive = sheets["hollin_pikeman"], sheets["pike_sergeant"], sheets["stonebrow_glaive"]
    pike = pikeman.impaling_weapon()
    assert pike is not None and pike.impalement_range == 2 and not pikeman.impalement_forte(pike)
    spetum = sergeant.impaling_weapon()
    assert spetum is not None and spetum.impalement_range == 3 and sergeant.impalement_forte(spetum)
    cleaver = glaive.impaling_weapon()
    assert cleaver is not None and not cleaver.piercing and cleaver.impales and cleaver.heavy
    lancer = sheets["aldric_lancer"]
    assert lancer.weapon("lance") is not None and lancer.impaling_weapon() is None   # no polearm, no style


def test_attack_of_opportunity_weapon_is_primary_hand_or_savage() -> None:
    """Seed 001, line 12: "the character must have a weapon (or ability to use a savage attack)"; line 14:
    "the attack must come from the the primary hand or savage attack"."""
    sheets = load_sheets()
    lance = sheets["aldric_lancer"].opportunity_weapon()
    assert lance is not None and lance.id == "lance"
    hooves = sheets["grey_courser"].opportunity_weapon()
    assert hooves is not None and hooves.savage
    assert sheets["mere_eel"].opportunity_weapon() is None     # only its surfacing move


def test_reaction_skills_follow_the_delivery() -> None:
    """Seed 001, line 7: "For a melee strike, dodge or rebuff would be used. If struck by an arrow, then one of
    the deflection skills would be used ... the character or creature must have that skill"."""
    sheets = load_sheets()
    wren = sheets["wren_quickstep"]
    assert wren.reaction_skill(Delivery.MELEE) is Skill.DODGE
    assert wren.reaction_skill(Delivery.MISSILE) is Skill.DEFLECT_MISSILES
    assert sheets["aldric_lancer"].reaction_skill(Delivery.MELEE) is Skill.REBUFF
    assert sheets["aldric_lancer"].reaction_skill(Delivery.MISSILE) is None
    assert sheets["hollin_pikeman"].reaction_skill(Delivery.MELEE) is None
    assert Skill.DODGE.against is Against.LOWEST and Skill.REBUFF.against is Against.HIGHEST


def test_monster_moves_that_do_not_provoke() -> None:
    """Seed 001, line 15: "some special attack methods, usually by monsters, will not provoke an attack of
    opportunity. One such example is a low-to-the-ground fly-by breath weapon ... attacking from the surface
    of the water and diving back down; or phasing out of stone or earth"."""
    sheets = load_sheets()
    styles = {m.style: m for s in sheets.values() for m in s.moves}
    assert set(styles) >= {MoveStyle.FLY_BY_BREATH, MoveStyle.SURFACE_AND_DIVE, MoveStyle.PHASING}
    assert not any(m.provokes for m in styles.values())
    breath = sheets["reed_drake"].move("bog_fire")
    assert breath is not None and breath.range == 3


def test_riders_come_on_ground_mounts() -> None:
    """Seed 001, line 18: "this applies only to mounts that traverse the ground"."""
    sheets = load_sheets()
    riders = [s for s in sheets.values() if s.rides is not None]
    assert len(riders) >= 2
    assert all(sheets[s.rides].ground_mount for s in riders if s.rides is not None)
    assert sheets["grey_courser"].mount is MountKind.GROUND


def test_samples_hold_plain_foes_too() -> None:
    """Seed 001, line 14: "if there is a throng of small attackers, a line of fighters using this reaction
    might make a dent in the oncoming attack"."""
    sheets = load_sheets()
    plain = [s for s in sheets.values() if not s.moves and s.mount is None and s.impaling_weapon() is None
             and not s.skills]
    assert len(plain) >= 2


@pytest.mark.parametrize("change,expected", [
    ('species = "dwarf"', "field 'species': unknown species 'dwarve' (did you mean 'dwarf'?)"),
    ('forte = ["bill"]', "field 'skills.forte': weapon forte in 'glaive'"),
    ('piercing = true\n', "field 'weapons.bill.impalement_range': an impalement strikes ten feet away"),
    ('reach = 10', "field 'weapons.bill.reach': 7 feet is not whole hexes"),
    ('pool = 3', "field 'pool': expected a whole number, found text '3'"),
    ('guard = 12', "field 'guard': must be at most 21, found 40"),
])
def test_refusals_name_the_file_entry_and_field(tmp_path: Path, change: str, expected: str) -> None:
    """Seed 001, line 33: the species standard (a sheet that breaks the schema is refused in one line)."""
    replacement = {
        'species = "dwarf"': 'species = "dwarve"',
        'forte = ["bill"]': 'forte = ["glaive"]',
        'piercing = true\n': 'piercing = true\nimpalement_range = 20\n',
        'reach = 10': 'reach = 7',
        'pool = 3': 'pool = "3"',
        'guard = 12': 'guard = 40',
    }[change]
    lines = refusals(write(tmp_path, GOOD.replace(change, replacement, 1)))
    assert any("mine.toml" in line and "fen_warden" in line and expected in line for line in lines), lines


def test_a_creature_without_a_species_writes_its_standard_movement(tmp_path: Path) -> None:
    """Seed 001, line 33: "half of the standard movement for the creature's species" (a beast has its own)."""
    lines = refusals(write(tmp_path, GOOD.replace('species = "dwarf"\n', "")))
    assert any("field 'standard_movement': a creature without a species" in line for line in lines)
    lines = refusals(write(tmp_path, GOOD.replace('species = "dwarf"', 'species = "dwarf"\nstandard_movement = 40')))
    assert any("a dwarf's standard movement is 30 feet" in line for line in lines)


def test_a_rider_rides_a_loaded_mount(tmp_path: Path) -> None:
    """Seed 001, line 16-18: dismounting when "one's mount stops unexpectedly" (the mount must exist)."""
    lines = refusals(write(tmp_path, GOOD.replace("strength = 1", 'strength = 1\nrides = "grey_courser"')))
    assert any("rides: no creature 'grey_courser'" in line for line in lines)
    lines = refusals(write(tmp_path, GOOD.replace("strength = 1", 'strength = 1\nrides = "fen_warden"')))
    assert any("rides: 'fen_warden' is not a mount" in line for line in lines)


def test_a_missile_weapon_has_a_range_not_a_reach(tmp_path: Path) -> None:
    """Seed 001, line 7: "If struck by an arrow, then one of the deflection skills would be used"."""
    text = GOOD + '[creatures.fen_warden.weapons.bow]\nname = "Bow"\nweight = 1\ndelivery = "missile"\nreach = 10\n'
    lines = refusals(write(tmp_path, text))
    assert any("field 'weapons.bow.reach': a missile weapon has a range" in line for line in lines)
    assert any("weapons.bow.range" in line for line in lines)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["body", "endurance", "guard", "pool", "strength"]),
       st.one_of(st.integers(-1000, 1000), st.text(max_size=5), st.booleans()))
def test_any_bad_number_is_one_line_never_a_traceback(tmp_path_factory: pytest.TempPathFactory, key: str,
                                                      value: object) -> None:
    """Seed 001, line 14: "the Weapon Wgt value and any Strength modifier" (numbers a sheet must hold sanely)."""
    shown = f'"{value}"' if isinstance(value, str) else str(value).lower()
    text = "\n".join(f"{key} = {shown}" if line.startswith(f"{key} =") else line for line in GOOD.splitlines())
    path = write(tmp_path_factory.mktemp("bad"), text)
    try:
        load_sheets([path])
    except GameError as error:
        problems = error.problems if isinstance(error, ContentProblems) else [error]
        assert all("\n" not in str(p) for p in problems)


def test_only_a_ground_mount_that_stopped_or_fell_lets_its_rider_land() -> None:
    """Seed 001, line 18: "this applies only to mounts that traverse the ground. This reaction cannot be used
    against special attacks designed to forcefully remove a rider, such as from a ranseur"."""
    courser = load_sheets()["grey_courser"]
    assert may_land(courser, Unhorsing.STOPPED) and may_land(courser, Unhorsing.SLAIN)
    assert not may_land(courser, Unhorsing.UNSEATED)
    assert not may_land(replace(courser, mount=MountKind.FLYING), Unhorsing.STOPPED)
