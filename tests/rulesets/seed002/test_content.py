"""Seed 002's sheets and content files (issue 19 item 6): the schema the document's actions read, the sample
heroes and enemies, and refusals as one line naming the file, the entry and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.errors import ContentError, ContentProblems, GameError
from game.rulesets.seed002 import content
from game.rulesets.seed002.content import load_sheets
from game.rulesets.seed002.sheets import AttackKind, StuntOption

GOOD = '''ruleset = "seed002"
[creatures.mill_ghast]
name = "Mill Ghast"
power_level = 3
defense = 3
toughness = 4
fortitude = 3
reflex = 2
will = 5
skills = { might = 4 }
[creatures.mill_ghast.attacks.flail]
name = "Flail"
kind = "close"
bonus = 5
damage = 5
reach = 5
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


def test_the_samples_hold_a_party_and_the_enemy_kinds_the_actions_need() -> None:
    """Seed 002, line 26: "Attacking an armed opponent while unarmed normally provokes"; line 10: "one Area
    Power per round"; line 49: GRAB; line 31: ranged attacks; line 122: "you threaten all squares into which you
    can make a melee attack"."""
    sheets = load_sheets()
    heroes = [s for s in sheets.values() if s.hero]
    enemies = [s for s in sheets.values() if not s.hero]
    assert 4 <= len(heroes) <= 5 and len(enemies) >= 5
    assert all(s.may_surge and s.destiny > 0 for s in heroes)
    assert any(s.armed for s in enemies) and any(not s.armed for s in enemies)
    assert any(s.threat_reach >= 2 for s in enemies)
    assert any(s.ranged_attacks() for s in enemies)
    assert any(a.is_area for s in enemies for a in s.attacks)
    assert any(a.stunt is StuntOption.GRAB for s in enemies for a in s.attacks)


def test_a_sheet_reads_feet_as_squares_and_every_field() -> None:
    """Seed 002, line 70: "a rank 0 ground speed ... (up to 30 feet)"; line 122: "all squares adjacent to your
    space"; line 48: "holding the object in two hands"."""
    sheets = load_sheets()
    odo = sheets["odo_marchbank"]
    glaive = odo.attack("toll_glaive")
    assert glaive is not None and glaive.reach == 2 and glaive.two_handed and glaive.kind is AttackKind.CLOSE
    assert odo.threat_reach == 2 and odo.speed == -1 and odo.might == 5 and odo.power_level == 4
    bow = sheets["tamsin_vell"].attack("ashwood_bow")
    assert bow is not None and bow.range == 20 and bow.reach == 0 and not bow.threatens
    isolde = sheets["isolde_fenwick"]
    assert not isolde.armed and isolde.threat_reach == 0
    bloom = isolde.attack("cinder_bloom")
    assert bloom is not None and bloom.area == 2
    grasper = sheets["clay_grasper"]
    assert grasper.size == 2 and not grasper.armed and grasper.hands == 2
    assert sheets["yard_hound"].armed and sheets["yard_hound"].hands == 0
    assert sheets.source("yard_hound").endswith("foes.toml")


def test_a_file_of_ones_own_loads(tmp_path: Path) -> None:
    """Seed 002, line 26: a close attack "within the attack's reach"."""
    ghast = load_sheets([write(tmp_path, GOOD)])["mill_ghast"]
    assert ghast.might == 4 and ghast.athletics == 0 and not ghast.hero and ghast.threat_reach == 1


@pytest.mark.parametrize("change, place, words", [
    (('reach = 5', 'reach = 7'), "creature 'mill_ghast', field 'attacks.flail.reach'", "multiple of 5"),
    (('reach = 5', 'range = 30'), "field 'attacks.flail.range'", "it has no range"),
    (('kind = "close"', 'kind = "ranged"'), "field 'attacks.flail.reach'", "not a reach"),
    (('kind = "close"\nbonus = 5\ndamage = 5\nreach = 5', 'kind = "ranged"\nbonus = 5\ndamage = 5\nrange = 5'),
     "field 'attacks.flail.range'", "non-adjacent"),
    (('kind = "close"', 'kind = "melee"'), "field 'attacks.flail.kind'", "is not an attack kind"),
    (('will = 5', 'will = "5"'), "field 'will'", "expected a whole number"),
    (('will = 5', 'wil = 5'), "field 'wil'", "did you mean 'will'"),
    (('skills = { might = 4 }', 'skills = { mite = 4 }'), "field 'skills.mite'", "did you mean 'might'"),
    (('reach = 5', 'reach = 5\n[creatures.mill_ghast.x]'), "field 'x'", "unknown"),
    (('power_level = 3', 'power_level = 3\nhands = 1'), "field 'attacks.flail.two_handed'", None),
    (('damage = 5\n', 'damage = 5\nstunt = "trip"\n'), "field 'attacks.flail.stunt'", "is not a stunt"),
    (('[creatures.mill_ghast.attacks.flail]', '[creatures.mill_ghast.attacks.Flail]'),
     "field 'attacks.Flail'", "an id is lower-case"),
])
def test_a_mistake_is_one_line_naming_the_file_the_entry_and_the_field(
        tmp_path: Path, change: tuple[str, str], place: str, words: str | None) -> None:
    """Seed 002, line 48: "If the defender is holding the object in two hands" (a sheet must be playable)."""
    old, new = change
    assert old in GOOD
    text = GOOD.replace(old, new, 1)
    if words is None:
        text = text.replace("reach = 5", "reach = 5\ntwo_handed = true")
        words = "held in two hands, and the creature has 1"
    lines = refusals(write(tmp_path, text))
    assert any("mine.toml" in line for line in lines)
    assert any(place in line and words in line for line in lines), lines


def test_a_creature_needs_an_attack(tmp_path: Path) -> None:
    """Seed 002, line 25: "ATTACK, CLOSE [Standard]": a creature of the table fights."""
    text = GOOD.split("[creatures.mill_ghast.attacks")[0] + "attacks = {}\n"
    (line,) = refusals(write(tmp_path, text))
    assert "field 'attacks'" in line and "at least one attack" in line


def test_every_problem_of_a_file_comes_together(tmp_path: Path) -> None:
    """Seed 002: every problem of a content file is reported at once, each on its line."""
    text = GOOD.replace('will = 5', 'will = "5"').replace('reach = 5', 'reach = 7')
    assert len(refusals(write(tmp_path, text))) == 2


def test_a_file_must_name_seed_002_at_the_top(tmp_path: Path) -> None:
    """Seed 002: its sheets have their own schema, named at the top of a file."""
    (line,) = refusals(write(tmp_path, GOOD.replace('ruleset = "seed002"\n', "")))
    assert "field 'ruleset'" in line and 'starts with ruleset = "seed002"' in line
    (line,) = refusals(write(tmp_path, GOOD.replace('"seed002"', '"seed003"')))
    assert "the sheets of this file are for seed003" in line


def test_the_same_id_twice_is_refused(tmp_path: Path) -> None:
    """Seed 002: a creature id names one sheet."""
    write(tmp_path, GOOD, "a.toml")
    write(tmp_path, GOOD, "b.toml")
    (line,) = refusals(tmp_path)
    assert "b.toml" in line and "already defined in" in line


def test_caps_bound_every_loop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed 002: every loop over a file's contents has a cap (creatures and attacks)."""
    monkeypatch.setattr(content, "MAX_ATTACKS", 0)
    (line,) = refusals(write(tmp_path, GOOD))
    assert "1 attacks; a creature has at most 0" in line
    monkeypatch.setattr(content, "MAX_CREATURES", 0)
    (line,) = refusals(write(tmp_path, GOOD))
    assert "1 creatures in one file; at most 0" in line


def test_a_missing_sheet_is_named_with_a_suggestion() -> None:
    """Seed 002: asking for an unknown creature names it."""
    with pytest.raises(KeyError, match="did you mean"):
        load_sheets()["yard_hund"]


def test_not_toml_is_one_line(tmp_path: Path) -> None:
    """Seed 002: a file that is not TOML is one problem, not a traceback."""
    (line,) = refusals(write(tmp_path, "ruleset = \n"))
    assert "mine.toml" in line
    assert isinstance(ContentError, type)


def test_the_readmes_example_sheet_loads(tmp_path: Path) -> None:
    """Seed 002, line 26: a close attack "within the attack's reach": the README's example file, as written, is
    a sheet the loader reads."""
    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("#### Seed 002 (The Action Round)"):]
    block = section[section.index("```toml\n") + len("```toml\n"):]
    block = block[:block.index("```")]
    ghast = load_sheets([write(tmp_path, block)])["mill_ghast"]
    flail = ghast.attack("flail")
    assert flail is not None and flail.stunt is StuntOption.GRAB and flail.reach == 1 and ghast.athletics == 2
