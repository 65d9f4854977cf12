"""Seed 003's sheets and content files (issue 15 item 1): the schema the document's words name, the sample
party and enemies, and refusals as one line naming the file, the entry and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import content_files
from game.errors import ContentError, ContentProblems, GameError
from game.rulesets.seed003 import content
from game.rulesets.seed003.content import load_sheets
from game.rulesets.seed003.sheets import (ActionKind, Band, Condition, DamageType, Defense, Frequency, MissDamage,
                                          Reach, Resistance, StanceKind)

GOOD = '''ruleset = "seed003"
[creatures.bog_hag]
name = "Bog Hag"
level = 2
hp = 30
defenses = { ac = 15, pd = 14, md = 13 }
volition = 2
initiative = "slow"
stances = [{ kind = "melee", die = "d8" }]
resist = ["Resist fire 12+"]
[creatures.bog_hag.abilities.claw]
name = "Claw"
type = "melee"
action = "standard"
attack = "vs AC"
as_basic = "melee"
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


def test_the_sample_party_is_five_pcs_and_at_least_six_enemy_kinds() -> None:
    sheets = load_sheets()
    pcs = [s for s in sheets.values() if s.pc]
    enemies = [s for s in sheets.values() if not s.pc]
    assert len(pcs) == 5 and len(enemies) >= 6
    assert any(s.flies for s in enemies)
    assert any(Condition.GRABBED in a.hit.conditions for s in enemies for a in s.abilities)
    assert any(s.resistances for s in enemies)
    assert all(s.adds_escalation and s.recovery_dice.count for s in pcs)  # every PC adds it [91]


def test_a_sheet_holds_every_field_the_document_names() -> None:
    """Seed 003 line 125-126: "Type, Frequency, Action / Provokes, Sustain X, Spend X Power, Escalation X+";
    line 69: "Resist [damage type] X+"; line 71: weak and vulnerable; line 215: the average of recovery
    dice rounds each die down."""
    sheets = load_sheets()
    isra = sheets["isra_quenn"]
    assert (isra.level, isra.hp, isra.ac, isra.pd, isra.md, isra.volition, isra.band) == (2, 26, 14, 12, 16, 4,
                                                                                          Band.SLOW)
    assert isra.stances[0].kind is StanceKind.RANGED and isra.stances[0].die == 6 and isra.stances[0].reach is Reach.FAR
    assert isra.miss_damage is MissDamage.NONE and sheets["hale_varrow"].miss_damage is MissDamage.LEVEL
    lance = isra.ability("cinder_lance")
    assert lance is not None and lance.provokes and lance.defense is Defense.PD
    assert lance.hit.damage is not None and lance.hit.damage.types == (DamageType.FIRE,)
    assert lance.hit.damage.dice(isra.level, 0).count == 2 and lance.hit.damage.volition
    snare = sheets["seli_dunmore"].ability("lantern_snare")
    assert snare is not None and snare.sustain == 11 and snare.frequency is Frequency.ENCOUNTER
    knot = sheets["tobin_marsh"].ability("slip_the_knot")
    assert knot is not None and knot.action is ActionKind.QUICK
    ward = isra.ability("kindled_ward")
    assert ward is not None and ward.action is ActionKind.INTERRUPT and ward.defense is Defense.PD
    steady = sheets["seli_dunmore"].ability("steady_hands")
    assert steady is not None and steady.frequency is Frequency.RECHARGE and steady.recharge == 11
    assert steady.action is ActionKind.INTERRUPT and steady.trigger
    volley = sheets["oriel_fenwick"].ability("two_in_flight")
    assert volley is not None and (volley.escalation, volley.escalation_special, volley.targets) == (2, True, 2)
    assert sheets["cinder_hound"].resistances == (Resistance(DamageType.FIRE, 13),)
    mote = sheets["frost_mote"]
    assert mote.weaknesses == {DamageType.FIRE} and mote.vulnerable and mote.flies
    assert sheets["hale_varrow"].recovery_dice.average == 10  # 2d10: 2 x 5
    assert sheets["barrow_warden"].adds_escalation and not sheets["cinder_hound"].adds_escalation



def test_a_file_of_ones_own_loads_and_reads_resist_text(tmp_path: Path) -> None:
    sheets = load_sheets([write(tmp_path, GOOD)])
    hag = sheets["bog_hag"]
    assert hag.resistances == (Resistance(DamageType.FIRE, 12),) and not hag.pc
    claw = hag.ability("claw")
    assert claw is not None and claw.basic is StanceKind.MELEE and claw.frequency is Frequency.AT_WILL


@pytest.mark.parametrize("change, place, words", [
    (('initiative = "slow"', 'initiative = "sluggish"'), "creature 'bog_hag', field 'initiative'",
     "is not an initiative band"),
    (('resist = ["Resist fire 12+"]', 'resist = ["fire twelve"]'), "field 'resist[0]'", "is not a resistance"),
    (('resist = ["Resist fire 12+"]', 'resist = ["firey 12+"]'), "field 'resist[0]'", "did you mean 'fire'"),
    (('volition = 2', 'volition = "2"'), "field 'volition'", "expected a whole number"),
    (('volition = 2', 'volitoin = 2'), "field 'volitoin'", "did you mean 'volition'"),
    (('action = "standard"', 'action = "minor"'), "field 'abilities.claw.action'", "is not an action"),
    (('action = "standard"', 'action = "interrupt"'), "field 'abilities.claw'", "names its trigger"),
    (('as_basic = "melee"', 'as_basic = "ranged"'), "field 'abilities.claw.as_basic'", "has no ranged stance"),
    (('attack = "vs AC"', 'attack = "vs Fortitude"'), "field 'abilities.claw.attack'", "is not a defense"),
    (('type = "melee"', 'type = "melee"\nescalation = "7+"'), "field 'abilities.claw.escalation'", "1 to 6"),
    (('type = "melee"', 'type = "melee"\nfrequency = "recharge"'), "field 'abilities.claw.frequency'",
     "recharge 11+"),
    (('die = "d8"', 'die = "d7"'), "field 'stances[0].die'", "is not a die"),
    (('level = 2', 'pc = true\nlevel = 2'), "field 'recovery_dice'", "a PC has recovery dice"),
])
def test_a_mistake_is_one_line_naming_the_file_the_entry_and_the_field(
        tmp_path: Path, change: tuple[str, str], place: str, words: str) -> None:
    old, new = change
    assert old in GOOD
    lines = refusals(write(tmp_path, GOOD.replace(old, new, 1)))
    assert any(line.startswith(str(tmp_path / "mine.toml")) or "mine.toml: " in line for line in lines)
    assert any(place in line and words in line for line in lines), lines


def test_every_problem_of_a_file_comes_together(tmp_path: Path) -> None:
    text = GOOD.replace('volition = 2', 'volition = "2"').replace('die = "d8"', 'die = "d7"')
    assert len(refusals(write(tmp_path, text))) == 2


def test_a_file_must_name_seed_003_at_the_top(tmp_path: Path) -> None:
    (line,) = refusals(write(tmp_path, GOOD.replace('ruleset = "seed003"\n', "")))
    assert "field 'ruleset'" in line and 'starts with ruleset = "seed003"' in line
    (line,) = refusals(write(tmp_path, GOOD.replace('"seed003"', '"seed000"')))
    assert "the sheets of this file are for seed000" in line
    (line,) = refusals(write(tmp_path, GOOD.replace('"seed003"', '"seed999"')))
    assert "unknown ruleset 'seed999'" in line


def test_a_broken_toml_file_names_its_line(tmp_path: Path) -> None:
    (line,) = refusals(write(tmp_path, GOOD + "name = = 3\n"))
    assert "mine.toml: line 17, column 8" in line and "invalid TOML" in line


def test_sizes_and_counts_are_capped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(content_files, "MAX_FILE_BYTES", 100)
    (line,) = refusals(write(tmp_path, GOOD))
    assert "larger than" in line
    monkeypatch.setattr(content_files, "MAX_FILE_BYTES", 1 << 20)
    monkeypatch.setattr(content, "MAX_CREATURES", 1)
    many = GOOD + GOOD.split("\n", 1)[1].replace("bog_hag", "bog_hag_2")
    (line,) = refusals(write(tmp_path, many))
    assert "2 creatures in one file; at most 1" in line
    monkeypatch.setattr(content, "MAX_ABILITIES", 0)
    (line,) = refusals(write(tmp_path, GOOD))
    assert "1 abilities; a creature has at most 0" in line


def test_an_id_defined_twice_names_both_files(tmp_path: Path) -> None:
    first = write(tmp_path, GOOD, "a.toml")
    second = write(tmp_path, GOOD, "b.toml")
    with pytest.raises(ContentError, match=r"b\.toml: creature 'bog_hag': already defined in .*a\.toml"):
        load_sheets([first, second])


@pytest.mark.parametrize("text, words", [
    ('ruleset = "seed003"\nx = ' + "[" * 5000 + "]" * 5000, "nested too deeply"),
    ('ruleset = "seed003"\n[creatures."bad\\u001bid"]\nname = "x"\n', "creature 'bad\\x1bid': an id is"),
    (GOOD.replace('name = "Bog Hag"', 'name = "Bog\\nHag"'), "a name is one line of printable text"),
    (GOOD.replace("level = 2", "level = 1979-05-27"), "expected a whole number, found a date or time"),
    ('ruleset = "seed003"\ncreatures = 3\n', "expected a table of creatures"),
    ('ruleset = "seed003"\npowers = {}\n', "unknown top-level key 'powers'"),
])
def test_hostile_content_is_refused_in_one_line_each(tmp_path: Path, text: str, words: str) -> None:
    lines = refusals(write(tmp_path, text))
    assert any(words in line for line in lines), lines
    assert all(line.isprintable() for line in lines)


def test_an_ability_that_is_not_a_table_is_reported_once(tmp_path: Path) -> None:
    text = GOOD.replace("[creatures.bog_hag.abilities.claw]", "[creatures.bog_hag.abilities]\nbite = 3\n"
                                                              "[creatures.bog_hag.abilities.claw]")
    (line,) = refusals(write(tmp_path, text))
    assert "field 'abilities.bite': expected a table" in line


def test_a_fifo_or_a_file_that_is_not_utf8_is_refused_without_waiting(tmp_path: Path) -> None:
    import os
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    (line,) = refusals(fifo)
    assert "is a FIFO (named pipe), not a regular file" in line
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b'ruleset = "seed003"\n\xff\n')
    (line,) = refusals(bad)
    assert "bad.toml: line 2: not UTF-8 text" in line


def test_a_folder_holding_more_files_than_the_cap_is_refused_in_one_line(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(content, "MAX_FILES", 1)
    write(tmp_path, GOOD, "a.toml")
    write(tmp_path, GOOD.replace("bog_hag", "bog_hag_2"), "b.toml")
    (line,) = refusals(tmp_path)
    assert "holds 2 content files; at most 1 are read from one folder" in line


def test_an_ability_with_neither_an_attack_nor_an_effect_is_refused(tmp_path: Path) -> None:
    """An ability the table cannot play (no attack, no effect: the sample's first Kindled Ward, a self spell
    whose ring of flame nothing carried out) was loaded and then never offered; its file is now refused in one
    line naming the ability."""
    text = GOOD + '[creatures.bog_hag.abilities.glow]\nname = "Glow"\naction = "quick"\nreach = "self"\n'
    (line,) = refusals(write(tmp_path, text))
    assert "abilities.glow" in line and "makes an attack" in line and "effect" in line
