"""Seed 004's content files (``game.rulesets.seed004.content``): the sample fighters and beasts, and refusals as
one line naming the file, the entry and the field."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from game.errors import ContentProblems, GameError
from game.rulesets.seed004.content import MAX_WEAPONS, load_sheets
from game.rulesets.seed004.sheets import AttackMode, DamageDice, EnDie, Hands, Missile

GOOD = '''ruleset = "seed004"
[creatures.tam_reed]
name = "Tam Reed"
el = 2
en_die = "AD6+2"
en = 15
bd = 9
dx = 12
st = 12
active_blows = 2
reactive_blows = 1
move = 6
[creatures.tam_reed.weapons.hatchet]
name = "Hatchet"
damage = "1d6"
to_hit = 15
breakage = 3
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


def test_the_samples_hold_the_fighters_the_issue_names() -> None:
    """seed 004, line 27, 1.2.4 (thrusting weapons and bows) and line 34, 1.2.5 (heavy weapons, melee, thrown and
    missile attacks): a sword and shield, a heavy axe, a spear, an archer, a knife thrower and beasts."""
    sheets = load_sheets()
    oswin, garrick, maren = sheets["oswin_hale"], sheets["garrick_thorne"], sheets["maren_voss"]
    ilse, pell, bear = sheets["ilse_farrow"], sheets["pell_quickhand"], sheets["barrow_bear"]
    assert oswin.shield is not None and oswin.armour_class().first == -2
    axe = garrick.weapon("greataxe")
    assert axe is not None and axe.heavy and axe.hands is Hands.TWO
    spear = maren.weapon("ash_spear")
    assert spear is not None and spear.thrusting and spear.reach == 2 and AttackMode.THROWN in spear.modes()
    bow = ilse.weapon("yew_bow")
    assert bow is not None and bow.bow and bow.reach == 0 and not bow.can_parry and bow.range == 15
    assert [w.missile for w in pell.weapons].count(Missile.THROWN) == 2
    assert all(w.natural and w.breakage == 0 for w in bear.weapons)
    assert sheets["straw_man"].inanimate


def test_a_sheet_reads_its_en_die_damage_and_the_defaults() -> None:
    """seed 004, line 5: the EN die per EL (AD6, AD6+2, AD6+4); line 43, 1.2.5.3: "rolls damage as specified for
    the weapon" (ours: a melee weapon parries at -2 and reaches 1 unless given; AC 10 unless given)."""
    sheet = load_sheets()["garrick_thorne"]
    assert sheet.en_die is EnDie.AD6_4 and sheet.phase_cap == 11
    axe, knife = sheet.weapon("greataxe"), sheet.weapon("belt_knife")
    assert axe is not None and axe.damage == DamageDice(2, 6, 1) and axe.parry == -1
    assert knife is not None and knife.parry == -2 and knife.reach == 1 and not knife.drawn
    assert sheet.ac == 10 and sheet.armour_class().ac == 7


@pytest.mark.parametrize("change, replacement, expected", [
    ('en_die = "AD6+2"', 'en_die = "AD8"', "field 'en_die': 'AD8' is not an EN die"),
    ('damage = "1d6"', 'damage = "1d6+1d4"', "field 'weapons.hatchet.damage': '1d6+1d4': write damage as dice"),
    ('damage = "1d6"', 'damage = "sharp"', "field 'weapons.hatchet.damage': 'sharp': cannot read"),
    ("to_hit = 15", 'to_hit = "15"', "field 'weapons.hatchet.to_hit': expected a whole number, found text '15'"),
    ("breakage = 3", "breakage = 300", "field 'weapons.hatchet.breakage': must be at most 100, found 300"),
    ("breakage = 3", "breakage = 3\nrange = 4", "field 'weapons.hatchet.range': only a weapon that flies"),
    ("breakage = 3", 'breakage = 3\nmissile = "bow"', "field 'weapons.hatchet.range': a thrown or missile weapon"),
    ("breakage = 3", "breakage = 3\nreach = 7", "field 'weapons.hatchet.reach': must be at most 6, found 7"),
    ("breakage = 3", "breakage = 3\nreach = 0", "field 'weapons.hatchet.reach': a weapon that does not fly"),
    ("active_blows = 2\nreactive_blows = 1", "active_blows = 0\nreactive_blows = 0",
     "field 'active_blows': a character has at least one active or reactive blow"),
    ("move = 6", "move = 6\nweapon = 1", "field 'weapon': unknown field (did you mean 'weapons'?)"),
])
def test_refusals_name_the_file_entry_and_field(tmp_path: Path, change: str, replacement: str,
                                                expected: str) -> None:
    """seed 004, line 3: the sheets are "the skill descriptions or information sheet" (ours); a sheet that breaks
    the schema is refused in one line naming the file, the character and the field."""
    lines = refusals(write(tmp_path, GOOD.replace(change, replacement, 1)))
    assert any("mine.toml" in line and "tam_reed" in line and expected in line for line in lines), lines


def test_an_armour_that_takes_the_ac_out_of_the_table_is_refused(tmp_path: Path) -> None:
    """seed 004, line 42, 1.2.5.2: "the critical number required for the target's AC" (our table runs 0..15)."""
    text = GOOD.replace("move = 6", "move = 6\nac = 3\n[creatures.tam_reed.armour]\nname = \"Plate\"\nac = -5")
    lines = refusals(write(tmp_path, text))
    assert any("field 'armour.ac': AC 3 with armour -5 is -2; an AC runs from 0 to 15" in line for line in lines)


def test_every_problem_of_every_file_is_reported_together(tmp_path: Path) -> None:
    """seed 004, line 3 (sheets are ours): two files with a problem each give two lines, each naming its file."""
    write(tmp_path, GOOD.replace("to_hit = 15", "to_hit = 1"), "a.toml")
    write(tmp_path, GOOD.replace("tam_reed", "other").replace('en_die = "AD6+2"', 'en_die = "D6"'), "b.toml")
    lines = refusals(tmp_path)
    assert len(lines) == 2 and "a.toml" in lines[0] and "b.toml" in lines[1]


def test_too_many_weapons_is_one_line(tmp_path: Path) -> None:
    """seed 004, line 34, 1.2.5 (weapons; ours: a character carries at most 12, a cap on the loop)."""
    weapons = "".join(f'[creatures.tam_reed.weapons.w{i}]\nname = "W"\ndamage = "1d4"\nto_hit = 15\nbreakage = 1\n'
                      for i in range(MAX_WEAPONS + 1))  # and the hatchet
    lines = refusals(write(tmp_path, GOOD + weapons))
    assert any(f"{MAX_WEAPONS + 2} weapons; a creature has at most {MAX_WEAPONS}" in line for line in lines)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["el", "en", "bd", "dx", "st", "active_blows", "move", "to_hit", "breakage", "damage"]),
       st.one_of(st.integers(-1000, 1000), st.text(alphabet="abd0123456789+- ", max_size=6), st.booleans()))
def test_any_bad_value_is_one_line_never_a_traceback(tmp_path_factory: pytest.TempPathFactory, key: str,
                                                     value: object) -> None:
    """seed 004, line 17, 1.: blows and EN (numbers a sheet must hold sanely)."""
    shown = f'"{value}"' if isinstance(value, str) else str(value).lower()
    text = "\n".join(f"{key} = {shown}" if line.startswith(f"{key} =") else line for line in GOOD.splitlines())
    path = write(tmp_path_factory.mktemp("bad"), text)
    try:
        load_sheets([path])
    except GameError as error:
        problems = error.problems if isinstance(error, ContentProblems) else [error]
        assert all("\n" not in str(p) for p in problems)
