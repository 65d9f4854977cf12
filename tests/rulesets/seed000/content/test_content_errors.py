"""Every mistake in a content file is a ContentError naming the file, the entry and the field.

Each case starts from a small valid file (``GOOD``), changes one thing, and checks
the problem reported: which entry, which field, and a phrase of the explanation.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.rulesets.seed000.content import MAX_FILE_BYTES, load_content
from game.errors import ContentError, ContentProblems, GameError

GOOD = """\
[powers.guard]
name = "Guard"
action = "reaction"
reach = "melee 2"
keywords = ["basic attack"]
reaction = { trigger = "enemy_leaves_threatened_cell", keywords = ["spontaneous", "repeatable", "interrupt"] }

[creatures.goblin_cutter]
name = "Goblin Cutter"
level = 1
role = "skirmisher"
hp = 24
defenses = { ac = 16, fortitude = 12, reflex = 14, will = 11 }
speed = 6
initiative = 3
shared_powers = ["guard"]

[creatures.goblin_cutter.reaction_defaults]
limited = "duck"
priority = ["guard"]
basic_attack = "blade"
opportunity_attack = "blade"

[creatures.goblin_cutter.powers.blade]
name = "Blade"
action = "standard"
reach = "melee 1"
attack = "+5 vs AC"
hit = { damage = "1d6+3" }
basic = true

[creatures.goblin_cutter.powers.sling]
name = "Sling"
action = "standard"
reach = "ranged 10"
attack = "+5 vs AC"
hit = { damage = "1d4+3" }
basic = true

[creatures.goblin_cutter.powers.duck]
name = "Duck"
action = "reaction"
reach = "personal"
targets = "self"
effect = { shift_self = 1 }
reaction = { trigger = "targeted_by_attack", keywords = ["interrupt"] }
"""

CREATURE = "creature 'goblin_cutter'"


def write(tmp_path: Path, text: str, name: str = "monsters.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems_of(*paths: Path) -> list[ContentError]:
    with pytest.raises(GameError) as caught:
        load_content(paths)
    error = caught.value
    if isinstance(error, ContentProblems):
        return error.problems
    assert isinstance(error, ContentError), type(error)
    return [error]


def changed(old: str, new: str) -> str:
    assert GOOD.count(old) == 1, f"{old!r} must occur once in GOOD"
    return GOOD.replace(old, new)


def test_the_unchanged_sample_file_loads(tmp_path: Path) -> None:
    library = load_content([write(tmp_path, GOOD)])
    assert list(library) == ["goblin_cutter"]
    assert [p.id for p in library["goblin_cutter"].powers] == ["blade", "sling", "duck", "guard", "opportunity_attack",
                                                              "opportunity_attack_ranged"]


# (what is wrong, old text, new text, entry, field, phrase of the detail)
CASES = [
    ("misspelt key", 'attack = "+5 vs AC"\nhit = { damage = "1d6+3" }',
     'atack = "+5 vs AC"\nhit = { damage = "1d6+3" }', CREATURE, "powers.blade.atack", "did you mean 'attack'"),
    ("misspelt key in an inline table", "fortitude = 12", "fortitud = 12", CREATURE, "defenses.fortitud",
     "did you mean 'fortitude'"),
    ("text for a number", "hp = 24", 'hp = "24"', CREATURE, "hp", "expected a whole number, found text '24'"),
    ("boolean for a number", "speed = 6", "speed = true", CREATURE, "speed", "expected a whole number"),
    ("number for a boolean", "basic = true\n\n[creatures.goblin_cutter.powers.sling]",
     "basic = 1\n\n[creatures.goblin_cutter.powers.sling]", CREATURE, "powers.blade.basic", "expected true or false"),
    ("float for a number", "initiative = 3", "initiative = 3.5", CREATURE, "initiative", "found a float 3.5"),
    ("number out of range", "hp = 24", "hp = 0", CREATURE, "hp", "must be at least 1"),
    ("required field missing", 'name = "Goblin Cutter"\n', "", CREATURE, "name", "required field is missing"),
    ("unknown damage type", '"1d6+3"', '"1d6+3 fier"', CREATURE, "powers.blade.hit.damage",
     "'fier' is not a damage type (did you mean 'fire'?)"),
    ("damage that is not dice", '"1d6+3"', '"d6 and then some"', CREATURE, "powers.blade.hit.damage",
     "is not damage like '1d8+3 fire'"),
    ("bad reach text", 'reach = "melee 1"', 'reach = "melee one"', CREATURE, "powers.blade.reach",
     "is not a reach like 'melee 1'"),
    ("area burst without its range", 'reach = "ranged 10"', 'reach = "area burst 1"', CREATURE,
     "powers.sling.reach", "'area burst 1 within 10'"),
    ("bad attack text", '"+5 vs AC"\nhit = { damage = "1d6+3" }', '"+5 vs Armor"\nhit = { damage = "1d6+3" }',
     CREATURE, "powers.blade.attack", "'armor' is not a defense"),
    ("attack without vs", '"+5 vs AC"\nhit = { damage = "1d6+3" }', '"+5 AC"\nhit = { damage = "1d6+3" }',
     CREATURE, "powers.blade.attack", "is not an attack like '+5 vs AC'"),
    ("unknown role", 'role = "skirmisher"', 'role = "sneak"', CREATURE, "role", "is not a role"),
    ("unknown condition", 'hit = { damage = "1d6+3" }',
     'hit = { damage = "1d6+3", conditions = [{ condition = "confused", until = "save ends" }] }', CREATURE,
     "powers.blade.hit.conditions[0].condition", "is not a condition"),
    ("unknown duration", 'hit = { damage = "1d6+3" }',
     'hit = { damage = "1d6+3", conditions = [{ condition = "dazed", until = "tomorrow" }] }', CREATURE,
     "powers.blade.hit.conditions[0].until", "is not a duration"),
    ("ongoing damage without an amount", 'hit = { damage = "1d6+3" }',
     'hit = { damage = "1d6+3", conditions = [{ condition = "ongoing damage", until = "save ends" }] }', CREATURE,
     "powers.blade.hit.conditions[0]", "ongoing damage needs a value"),
    ("a value on a condition that takes none", 'hit = { damage = "1d6+3" }',
     'hit = { damage = "1d6+3", conditions = [{ condition = "dazed", value = 3, until = "save ends" }] }', CREATURE,
     "powers.blade.hit.conditions[0]", "only ongoing damage takes a value"),
    ("two kinds of forced movement", 'hit = { damage = "1d6+3" }',
     'hit = { damage = "1d6+3", forced = { push = 1, slide = 2 } }', CREATURE, "powers.blade.hit.forced",
     "one of push, pull or slide"),
    ("unknown shared power", 'shared_powers = ["guard"]', 'shared_powers = ["gaurd"]', CREATURE,
     "shared_powers[0]", "no shared power 'gaurd' (did you mean 'guard'?)"),
    ("unknown trigger", '"targeted_by_attack"', '"targeted_by_atack"', CREATURE, "powers.duck.reaction.trigger",
     "'targeted_by_atack' is not a trigger (did you mean 'targeted_by_attack'?)"),
    ("unknown reaction keyword", 'keywords = ["interrupt"]', 'keywords = ["interupt"]', CREATURE,
     "powers.duck.reaction.keywords[0]", "'interupt' is not a reaction keyword (did you mean 'interrupt'?)"),
    ("reaction keyword among the descriptive ones", 'action = "reaction"\nreach = "personal"',
     'action = "reaction"\nkeywords = ["interrupt"]\nreach = "personal"', CREATURE, "powers.duck.keywords[0]",
     "put it in reaction.keywords"),
    ("free without spontaneous", 'keywords = ["interrupt"]', 'keywords = ["free"]', CREATURE,
     "powers.duck.reaction", "add 'spontaneous'"),
    ("trigger missing its parameter", '"targeted_by_attack"', '"suffers_condition"', CREATURE,
     "powers.duck.reaction", "needs a parameter naming the condition"),
    ("parameter that is not a condition", 'trigger = "targeted_by_attack"',
     'trigger = "suffers_condition", parameter = "sleepy"', CREATURE, "powers.duck.reaction", "is not a condition"),
    ("parameter on a trigger that takes none", 'trigger = "targeted_by_attack"',
     'trigger = "targeted_by_attack", parameter = "dazed"', CREATURE, "powers.duck.reaction", "takes no parameter"),
    ("unknown old action type", 'keywords = ["interrupt"]', 'old_action = "sudden interrupt"', CREATURE,
     "powers.duck.reaction.old_action", "is not an old action type"),
    ("non-reaction with a reaction table", 'name = "Duck"\naction = "reaction"', 'name = "Duck"\naction = "minor"',
     CREATURE, "powers.duck.reaction", 'only a power with action = "reaction" takes a reaction table'),
    ("reaction without a reaction table", 'reaction = { trigger = "targeted_by_attack", keywords = ["interrupt"] }',
     "", CREATURE, "powers.duck.reaction", "a reaction power needs a reaction table"),
    ("hit without an attack roll", 'attack = "+5 vs AC"\nhit = { damage = "1d4+3" }', 'hit = { damage = "1d4+3" }',
     CREATURE, "powers.sling.hit", "needs an attack roll"),
    ("reaction defaults naming a missing power", 'limited = "duck"', 'limited = "dodge"', CREATURE,
     "reaction_defaults.limited", "the creature has no power 'dodge'"),
    ("limited reaction that is spontaneous", 'limited = "duck"', 'limited = "guard"', CREATURE,
     "reaction_defaults.limited", "not a limited (non-spontaneous) reaction"),
    ("priority naming a power that is no reaction", 'priority = ["guard"]', 'priority = ["guard", "blade"]', CREATURE,
     "reaction_defaults.priority[1]", "'blade' is not a reaction"),
    ("opportunity attack that is ranged", 'opportunity_attack = "blade"', 'opportunity_attack = "sling"', CREATURE,
     "reaction_defaults.opportunity_attack", "not a melee basic attack"),
    ("default basic attack that is no basic attack", 'basic_attack = "blade"', 'basic_attack = "duck"', CREATURE,
     "reaction_defaults.basic_attack", "not a basic attack"),
    ("own power with a shared power's id", "[creatures.goblin_cutter.powers.sling]",
     "[creatures.goblin_cutter.powers.guard]", CREATURE, "powers.guard", "is a shared power"),
    ("minion with more than 1 hit point", 'role = "skirmisher"', 'role = "skirmisher"\nminion = true', CREATURE, "hp",
     "a minion has 1 hit point"),
    ("role minion without minion = true", 'role = "skirmisher"', 'role = "minion"', CREATURE, "minion",
     "write minion = true"),
    ("id that is not lower case", "[creatures.goblin_cutter.powers.duck]", "[creatures.goblin_cutter.powers.Duck]",
     CREATURE, "powers.Duck", "an id is lower-case letters"),
    ("size of a huge creature", "speed = 6", "speed = 6\nsize = 3", CREATURE, "size", "must be at most 2"),
    ("a power that both shifts and moves its user", "effect = { shift_self = 1 }",
     "effect = { shift_self = 1, move_self = 2 }", CREATURE, "powers.duck.effect.move_self",
     "'shift_self' or 'move_self', not both"),
    ("a move of its user out of range", "effect = { shift_self = 1 }", "effect = { move_self = 21 }", CREATURE,
     "powers.duck.effect.move_self", "must be at most 20"),
]


@pytest.mark.parametrize(("old", "new", "entry", "field", "phrase"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_a_mistake_names_file_entry_field_and_what_is_wrong(
        tmp_path: Path, old: str, new: str, entry: str, field: str, phrase: str) -> None:
    path = write(tmp_path, changed(old, new))
    problems = problems_of(path)
    wanted = f"{entry}, field '{field}'"
    matching = [p for p in problems if p.place == wanted]
    assert matching, f"no problem at {wanted!r}; got:\n" + "\n".join(map(str, problems))
    assert any(phrase in p.detail for p in matching), "\n".join(map(str, matching))
    for problem in problems:
        assert problem.path == "monsters.toml" or problem.path.endswith("monsters.toml")
        assert str(problem).startswith(f"{problem.path}: ")
        assert "\n" not in str(problem)


def test_a_minion_with_dice_damage_is_told_to_deal_fixed_damage(tmp_path: Path) -> None:
    text = changed('hp = 24', 'hp = 1\nminion = true')
    problems = problems_of(write(tmp_path, text))
    details = {p.place: p.detail for p in problems}
    assert "fixed damage, like '6', not '1d6+3'" in details[f"{CREATURE}, field 'powers.blade.hit.damage'"]


def test_a_shared_power_mistake_names_the_power(tmp_path: Path) -> None:
    problems = problems_of(write(tmp_path, changed('reach = "melee 2"', 'reach = "melee two"')))
    assert [p.place for p in problems] == ["power 'guard', field 'reach'"]


def test_an_unknown_top_level_table_is_reported(tmp_path: Path) -> None:
    problems = problems_of(write(tmp_path, GOOD + '\n[creature.orc]\nname = "Orc"\n'))
    assert [(p.place, p.detail) for p in problems] == [
        ("field 'creature'", "unknown field (did you mean 'creatures'?)")]


def test_a_creature_that_is_not_a_table_is_reported(tmp_path: Path) -> None:
    problems = problems_of(write(tmp_path, GOOD + '\n[creatures]\norc = "big"\n'))
    assert [(p.place, p.detail) for p in problems] == [
        ("field 'creatures.orc'", "expected a table {...}, found text 'big'")]


def test_all_problems_of_a_file_are_reported_together(tmp_path: Path) -> None:
    text = (GOOD.replace('hp = 24', 'hp = "24"')
            .replace('"+5 vs AC"\nhit = { damage = "1d6+3" }', '"+5 vs Armour"\nhit = { damage = "1d6+3" }')
            .replace('limited = "duck"', 'limited = "dodge"')
            .replace('reach = "melee 2"', 'reach = "touch"'))
    with pytest.raises(ContentProblems) as caught:
        load_content([write(tmp_path, text)])
    places = [p.place for p in caught.value.problems]
    assert places == [
        "power 'guard', field 'reach'",
        f"{CREATURE}, field 'hp'",
        f"{CREATURE}, field 'powers.blade.attack'",
    ]
    # The creature's own fields failed the schema, so its cross-checks wait for the next load:
    assert len(str(caught.value).splitlines()) == 3


def test_cross_checks_run_beside_schema_errors_of_other_entries(tmp_path: Path) -> None:
    text = (GOOD.replace('reach = "melee 2"', 'reach = "touch"')
            .replace('limited = "duck"', 'limited = "dodge"')
            .replace('"targeted_by_attack"', '"targeted"'))
    problems = problems_of(write(tmp_path, text))
    assert [p.place for p in problems] == [
        "power 'guard', field 'reach'",
        f"{CREATURE}, field 'powers.duck.reaction.trigger'",
        f"{CREATURE}, field 'reaction_defaults.limited'",
    ]


def test_the_same_creature_id_in_two_files_is_reported_on_the_second(tmp_path: Path) -> None:
    first = write(tmp_path, GOOD, "a.toml")
    second = write(tmp_path, "[creatures.goblin_cutter]" + GOOD.split("[creatures.goblin_cutter]", 1)[1], "b.toml")
    problems = problems_of(first, second)
    assert [(Path(p.path).name, p.place) for p in problems] == [("b.toml", CREATURE)]
    assert problems[0].detail.startswith("already defined in ") and problems[0].detail.endswith("a.toml")


def test_the_same_shared_power_id_in_two_files_is_reported(tmp_path: Path) -> None:
    first = write(tmp_path, GOOD, "a.toml")
    second = write(tmp_path, GOOD.split("[creatures.goblin_cutter]")[0], "b.toml")
    problems = problems_of(first, second)
    assert [(Path(p.path).name, p.place) for p in problems] == [("b.toml", "power 'guard'")]


def test_a_shared_power_may_come_from_another_file(tmp_path: Path) -> None:
    shared, creatures = GOOD.split("[creatures.goblin_cutter]", 1)
    library = load_content([write(tmp_path, shared, "a.toml"),
                            write(tmp_path, "[creatures.goblin_cutter]" + creatures, "b.toml")])
    assert library["goblin_cutter"].power("guard") is library.powers["guard"]
    assert library.source("goblin_cutter").endswith("b.toml")


def test_a_toml_syntax_error_names_line_and_column(tmp_path: Path) -> None:
    problems = problems_of(write(tmp_path, changed("speed = 6", "speed = = 6")))
    assert len(problems) == 1
    assert problems[0].place == "line 14, column 9"
    assert problems[0].detail.startswith("invalid TOML: ")


def test_a_duplicate_key_in_one_file_is_a_toml_error(tmp_path: Path) -> None:
    problems = problems_of(write(tmp_path, changed("speed = 6", "speed = 6\nspeed = 7")))
    assert problems[0].place.startswith("line 15") and "invalid TOML" in problems[0].detail


def test_a_file_larger_than_the_cap_is_refused_unread(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD + "#" * MAX_FILE_BYTES)
    problems = problems_of(path)
    assert [p.detail for p in problems] == ["larger than 1024 KiB; content files are small text files"]


def test_a_file_that_is_not_utf8_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "monsters.toml"
    path.write_bytes(GOOD.encode() + b'\n# caf\xe9\n')
    problems = problems_of(path)
    assert [(p.place, p.detail) for p in problems] == [(f"line {GOOD.count(chr(10)) + 2}", "not UTF-8 text")]


def test_deeply_nested_toml_is_refused_without_a_crash(tmp_path: Path) -> None:
    problems = problems_of(write(tmp_path, "a = " + "[" * 100_000))
    assert "nested too deeply" in problems[0].detail


def test_a_missing_file_is_reported(tmp_path: Path) -> None:
    problems = problems_of(tmp_path / "nowhere.toml")
    assert [p.detail for p in problems] == ["no such file"]


def test_a_long_bad_value_is_quoted_shortened(tmp_path: Path) -> None:
    problems = problems_of(write(tmp_path, changed('"1d6+3"', '"' + "x" * 5000 + '"')))
    assert len(str(problems[0])) < 300


def test_a_content_error_is_a_single_line_even_for_odd_keys(tmp_path: Path) -> None:
    problems = problems_of(write(tmp_path, GOOD + '\n[creatures."two\\nlines"]\nname = "x"\n'))
    assert problems and all("\n" not in str(p) for p in problems)
    assert any(p.place.startswith("creature 'two\\nlines'") for p in problems)
