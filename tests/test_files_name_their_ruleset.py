"""Files name their ruleset (issue 14, item 8): encounter files in format 2 (``ruleset``, content files of
their own, ``[start]``), content files' ``ruleset``, and format 1 still read as seed 000.

Every refusal is one line naming the file, the place (the entry) and why; ``validate`` reports what ``run``
and ``play`` refuse. Fights that use none of these keys keep their logs (``tests/golden``).
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from game.errors import ContentError, GameError
from game.rulesets.seed000 import events as ev
from game.rulesets import KNOWN, PLAYABLE, ruleset_problem
from game.runner import build_encounter, play, write_log
from game.scenario import EncounterFileError, load_scenario
from game.session import Session, open_source
from tests import hostile

REPO = Path(__file__).resolve().parent.parent
CRYPT = REPO / "maps" / "square_crypt.tmx"
FORMAT_1 = REPO / "tests" / "data" / "encounters" / "crypt_skirmish_format1.toml"
FROM_PAPER = REPO / "maps" / "from_paper" / "crypt_from_paper.toml"

FIGHTERS = (
    '[[creatures]]\nname = "Brannoc"\nside = "heroes"\ntemplate = "fighter"\nat = [12, 12]\n'
    '[[creatures]]\nname = "Mirela"\nside = "heroes"\ntemplate = "wizard"\nat = [2, 12]\n'
    '[[creatures]]\nname = "Goblin"\nside = "monsters"\ntemplate = "goblin_archer"\nat = [12, 11]\n'
    '[[creatures]]\nname = "Goblin"\nside = "monsters"\ntemplate = "ghoul"\nat = [6, 11]\n'
)
"""Four creatures on the crypt map; the two goblins are ``goblin`` and ``goblin_2``."""

THRALL = """ruleset = "seed000"
[creatures.drowned_thrall]
name = "Drowned Thrall"
level = 2
role = "brute"
hp = 30
defenses = { ac = 14, fortitude = 15, reflex = 12, will = 12 }
speed = 5
initiative = 0
[creatures.drowned_thrall.powers.sodden_fist]
name = "Sodden Fist"
action = "standard"
reach = "melee 1"
attack = "+6 vs AC"
hit = { damage = "1d10+3" }
basic = true
"""


def encounter(tmp_path: Path, body: str, *, head: str = 'format = 2\nruleset = "seed000"\n',
              name: str = "fight.toml") -> Path:
    path = tmp_path / name
    path.write_text(f'{head}map = "{CRYPT}"\nuse_map_creatures = false\nseed = 3\n{body}', encoding="utf-8")
    return path


def refusal(path: Path) -> EncounterFileError:
    with pytest.raises(EncounterFileError) as caught:
        open_source(path).fresh()
    return caught.value


def log_lines(path: Path, seed: int | None = None) -> list[str]:
    loaded = build_encounter(path, seed)
    out = io.StringIO()
    write_log(loaded, "fight", as_json=False, out=out, drive=lambda emit: play(loaded, auto=True, emit=emit))
    return out.getvalue().splitlines()


# -- the registry of names ------------------------------------------------------------------------------


def test_the_registry_knows_five_rulesets_and_plays_them_all() -> None:
    assert KNOWN == ("seed000", "seed001", "seed002", "seed003", "seed004")
    assert PLAYABLE == ("seed000", "seed001", "seed002", "seed003", "seed004")
    assert ruleset_problem("seed000") == ruleset_problem("seed001") == ruleset_problem("seed002") == ""
    assert ruleset_problem("seed003") == ruleset_problem("seed004") == ""
    assert ruleset_problem("4e") == ("unknown ruleset '4e' (the rulesets are: seed000, seed001, seed002, seed003, "
                                     "seed004)")


# -- encounter files: format 2 names the ruleset, format 1 reads as seed 000 ----------------------------


def test_a_format_1_file_still_reads_as_seed_000_and_plays_as_its_format_2_copy() -> None:
    """tests/data keeps the skirmish as it was in format 1; maps/ has it in format 2 with ruleset = seed000."""
    old, new = load_scenario(FORMAT_1), load_scenario(REPO / "maps" / "crypt_skirmish.toml")
    assert "format = 1" in FORMAT_1.read_text(encoding="utf-8") and "\nruleset" not in FORMAT_1.read_text("utf-8")
    assert old.ruleset == new.ruleset == "seed000"
    assert log_lines(FORMAT_1, seed=2) == log_lines(REPO / "maps" / "crypt_skirmish.toml", seed=2)


def test_every_sample_encounter_is_format_2_naming_its_ruleset() -> None:
    """Seed 004's samples end in ``_004``, seed 003's in ``_003``, seed 002's in ``_002``, seed 001's in ``_001``; the others are seed
    000's."""
    for path in sorted((REPO / "maps").rglob("*.toml")):
        text = path.read_text(encoding="utf-8")
        if "format =" in text:
            suffixes = {"_004": "seed004", "_003": "seed003", "_002": "seed002", "_001": "seed001"}
            expected = suffixes.get(path.stem[-4:], "seed000")
            assert "format = 2\n" in text and load_scenario(path).ruleset == expected, path


@pytest.mark.parametrize("ruleset, words", [
    ("seed9", "fight.toml: ruleset: unknown ruleset 'seed9' (the rulesets are: seed000, seed001, seed002, "
              "seed003, seed004)"),
])
def test_run_and_validate_refuse_a_ruleset_this_program_does_not_play_in_one_line(
        tmp_path: Path, ruleset: str, words: str) -> None:
    path = encounter(tmp_path, FIGHTERS, head=f'format = 2\nruleset = "{ruleset}"\n')
    line = hostile.one_line_refusal(hostile.run_game("run", path.name, "--auto", cwd=tmp_path), code=2)
    assert line == words
    checked = hostile.run_game("validate", path.name, cwd=tmp_path)
    assert checked.returncode == 1 and checked.stdout.splitlines() == [words]


@pytest.mark.parametrize("head, place, words", [
    ("format = 2\n", "ruleset", 'a format 2 file names its ruleset: add ruleset = "seed000"'),
    ('format = 1\nruleset = "seed000"\n', "ruleset", "'ruleset' is a key of format 2: write format = 2"),
    ('format = 1\ncontent = ["x.toml"]\n', "content", "'content' is a key of format 2"),
    ("format = 3\n", "format", "format 3 is not supported (this program reads formats 1 and 2)"),
])
def test_the_format_and_the_ruleset_key_go_together(tmp_path: Path, head: str, place: str, words: str) -> None:
    caught = refusal(encounter(tmp_path, FIGHTERS, head=head))
    assert caught.place == place and words in caught.detail


def test_a_content_file_opened_as_an_encounter_is_told_apart(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(THRALL, encoding="utf-8")
    caught = refusal(path)
    assert caught.place == "format" and "this is a content file (creatures and powers), not an encounter" in \
        caught.detail


# -- content files name the ruleset of their sheets -----------------------------------------------------


def test_a_content_file_naming_no_ruleset_reads_as_seed_000(tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text(THRALL.replace('ruleset = "seed000"\n', ""), encoding="utf-8")
    path = encounter(tmp_path, 'content = ["mine.toml"]\n' + FIGHTERS.replace('"ghoul"', '"drowned_thrall"'))
    source = open_source(path)
    assert source.scenario.ruleset == "seed000"
    assert {entry.sheet.id for entry in source.roster} >= {"drowned_thrall"}


@pytest.mark.parametrize("ruleset, words", [
    ("seed003", "mine.toml: creature 'drowned_thrall', field 'ruleset': the sheets of this file are for seed003, "
                "and this fight plays seed000: a fight uses sheets of its own ruleset only"),
    ("d20", "mine.toml: creature 'drowned_thrall', field 'ruleset': unknown ruleset 'd20' (the rulesets are: "
            "seed000, seed001, seed002, seed003, seed004)"),
])
def test_a_content_file_for_another_ruleset_is_refused_naming_the_file_the_entry_and_why(
        tmp_path: Path, ruleset: str, words: str) -> None:
    (tmp_path / "mine.toml").write_text(THRALL.replace('"seed000"', f'"{ruleset}"'), encoding="utf-8")
    path = encounter(tmp_path, 'content = ["mine.toml"]\n' + FIGHTERS.replace('"ghoul"', '"drowned_thrall"'))
    with pytest.raises(ContentError) as caught:
        open_source(path)
    assert str(caught.value).endswith(words)
    line = hostile.one_line_refusal(hostile.run_game("run", path.name, cwd=tmp_path), code=2)
    assert line == words


# -- content files of an encounter's own ----------------------------------------------------------------


def test_an_encounters_own_creature_fights_headless(tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text(THRALL, encoding="utf-8")
    thrall = FIGHTERS.replace('name = "Goblin"\nside = "monsters"\ntemplate = "ghoul"\nat = [6, 11]',
                              'name = "Thrall"\nside = "monsters"\ntemplate = "drowned_thrall"\nat = [11, 11]')
    path = encounter(tmp_path, 'content = ["mine.toml"]\n' + thrall)
    result = hostile.run_game("run", path.name, "--auto", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "  rolled 1d20 for initiative of Thrall: " in result.stdout  # the thrall's initiative is +0
    path.write_text(path.read_text("utf-8") + '[start]\norder = ["thrall", "brannoc", "mirela", "goblin"]\n',
                    encoding="utf-8")
    result = hostile.run_game("run", path.name, "--auto", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Thrall uses Sodden Fist on Brannoc" in result.stdout
    assert "Encounter over" in result.stdout
    checked = hostile.run_game("validate", path.name, cwd=tmp_path)
    assert checked.returncode == 0 and "1 content file of its own" in checked.stdout


def test_the_own_templates_are_for_that_encounter_only(tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text(THRALL, encoding="utf-8")
    encounter(tmp_path, 'content = ["mine.toml"]\n' + FIGHTERS, name="with.toml")
    without = encounter(tmp_path, FIGHTERS.replace('"ghoul"', '"drowned_thrall"'), name="without.toml")
    open_source(tmp_path / "with.toml")
    caught = refusal(without)
    assert "uses template 'drowned_thrall', which no content file defines" in caught.detail


def test_an_own_template_clashing_with_a_built_in_one_is_refused_naming_both_files(tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text(THRALL.replace("drowned_thrall", "ghoul"), encoding="utf-8")
    path = encounter(tmp_path, 'content = ["mine.toml"]\n' + FIGHTERS)
    line = hostile.one_line_refusal(hostile.run_game("run", path.name, cwd=tmp_path), code=2)
    assert line == f"mine.toml: creature 'ghoul': already defined in {REPO / 'assets' / 'content' / 'undead.toml'}"


@pytest.mark.parametrize("written, words", [
    ("../mine.toml", "'../mine.toml' goes up a folder ('..')"),
    ("sub/../../mine.toml", "goes up a folder ('..')"),
    ("/etc/passwd.toml", "'/etc/passwd.toml' is an absolute path"),
    ("mine.txt", "'mine.txt' is not a .toml file"),
    ("link.toml", "'link.toml' leads out of the encounter file's folder (a symlink)"),
    ("fight.toml", "'fight.toml' is this encounter file itself"),
])
def test_an_own_content_path_outside_the_encounters_folder_is_refused(tmp_path: Path, written: str,
                                                                      words: str) -> None:
    folder = tmp_path / "here"
    folder.mkdir()
    (tmp_path / "mine.toml").write_text(THRALL, encoding="utf-8")
    (folder / "link.toml").symlink_to(tmp_path / "mine.toml")
    path = encounter(folder, f'content = ["{written}"]\n' + FIGHTERS)
    caught = refusal(path)
    assert caught.place == "content[1]" and words in caught.detail


def test_an_own_content_file_that_is_missing_or_a_folder_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "folder.toml").mkdir()
    path = encounter(tmp_path, 'content = ["gone.toml", "folder.toml"]\n' + FIGHTERS)
    result = hostile.run_game("run", path.name, cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.splitlines() == ["fight.toml: content[2]: 'folder.toml' is a folder, not a file: name each "
                                          "content file"]
    path.write_text(path.read_text("utf-8").replace(', "folder.toml"', ""), encoding="utf-8")
    line = hostile.one_line_refusal(hostile.run_game("run", path.name, cwd=tmp_path), code=2)
    assert line == "gone.toml: no such file"


def test_an_own_content_file_listed_twice_is_refused(tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text(THRALL, encoding="utf-8")
    caught = refusal(encounter(tmp_path, 'content = ["mine.toml", "./mine.toml"]\n' + FIGHTERS))
    assert caught.place == "content[2]" and caught.detail == "'./mine.toml' is already listed as content[1]"


def test_more_own_content_files_than_the_cap_are_refused(tmp_path: Path) -> None:
    names = ", ".join(f'"c{i}.toml"' for i in range(17))
    caught = refusal(encounter(tmp_path, f"content = [{names}]\n" + FIGHTERS))
    assert caught.place == "content" and caught.detail == "17 entries, more than the limit of 16"


# -- [start]: a fixed turn order ------------------------------------------------------------------------


def test_a_fixed_order_is_the_turn_order_and_nobody_rolls_initiative(tmp_path: Path) -> None:
    path = encounter(tmp_path, FIGHTERS + '[start]\norder = ["goblin_2", "Mirela", "goblin", "brannoc"]\n')
    loaded = build_encounter(path)
    events = loaded.encounter.start()
    fixed = [e for e in events if isinstance(e, ev.InitiativeFixed)]
    assert fixed == [ev.InitiativeFixed(("goblin_2", "mirela", "goblin", "brannoc"))]
    assert not [e for e in events if isinstance(e, ev.InitiativeRolled)]
    assert not [e for e in events if isinstance(e, ev.DiceRolled) and "initiative" in e.purpose]
    turns: list[str] = []
    play(loaded, auto=True, emit=lambda e: turns.append(e.creature) if isinstance(e, ev.TurnStarted) else None)
    assert turns[:4] == ["goblin_2", "mirela", "goblin", "brannoc"]
    lines = log_lines(path)
    assert lines[1] == "Initiative fixed by the encounter file (no roll): Goblin, Mirela, Goblin, Brannoc"
    assert lines[3] == "-- Goblin's turn --"


@pytest.mark.parametrize("order, place, words", [
    ('["goblin_2", "mirela", "goblin"]', "start.order", "1 creature is not in the order: brannoc"),
    ('["goblin_2", "mirela", "goblin", "brannoc", "Brannoc"]', "start.order[5]",
     "'Brannoc' is brannoc, already listed as start.order[4]"),
    ('["goblin_2", "mirela", "Goblin", "brannoc"]', "start.order[3]",
     "2 creatures are named 'Goblin' (goblin, goblin_2): name one by its id"),
    ('["goblin_2", "mirela", "goblin", "brannok"]', "start.order[4]", "no creature has the id or name 'brannok'"),
])
def test_a_fixed_order_lists_every_creature_exactly_once(tmp_path: Path, order: str, place: str,
                                                         words: str) -> None:
    path = encounter(tmp_path, FIGHTERS + f"[start]\norder = {order}\n")
    caught = refusal(path)
    assert caught.place == place and words in caught.detail
    checked = hostile.run_game("validate", path.name, cwd=tmp_path)
    assert checked.returncode == 1 and checked.stdout.splitlines() == [f"{path.name}: {place}: {caught.detail}"]


# -- [start]: each creature's starting state (seed 000: hit points, surges, conditions) -----------------


START = """[start.creatures.brannoc]
hp = 14
surges_used = 3
used_powers = ["wheeling_guard"]
[start.creatures."Mirela"]
temp_hp = 4
conditions = ["prone", { condition = "slowed", until = "save ends" }]
[start.creatures.goblin_2]
conditions = [{ condition = "marked", until = "end of source's next turn", source = "brannoc" }]
"""


def test_starting_hit_points_surges_and_conditions_are_in_force_and_open_the_log(tmp_path: Path) -> None:
    path = encounter(tmp_path, FIGHTERS + START)
    loaded = build_encounter(path)
    st = loaded.encounter.state
    brannoc, mirela, ghoul = (st.creatures[c] for c in ("brannoc", "mirela", "goblin_2"))  # type: ignore[index]
    assert (brannoc.hp, brannoc.surges, brannoc.is_bloodied) == (14, brannoc.template.surges - 3, True)
    assert "wheeling_guard" in brannoc.used_powers
    assert mirela.temp_hp == 4 and [c.describe() for c in mirela.conditions] == ["prone (encounter)",
                                                                                  "slowed (save ends)"]
    assert [(c.kind.value, c.source, c.ends_on) for c in ghoul.conditions] == [("marked", "brannoc", "brannoc")]
    events = loaded.encounter.start()
    assert isinstance(events[0], ev.EncounterStarted)
    carried = events[1:4]
    assert [type(e) for e in carried] == [ev.StateCarriedOver] * 3
    assert carried[0] == ev.StateCarriedOver("brannoc", 14, 33, 0, 5, 8, (), ("wheeling_guard",))
    lines = log_lines(path)
    assert lines[1] == ("Brannoc starts as the encounter file says: 14 of 33 hit points (bloodied), "
                        "5 of 8 healing surges left, used: wheeling_guard")
    assert lines[3] == ("Goblin starts as the encounter file says: 44 of 44 hit points, "
                        "marked (end of source's next turn) by Brannoc")
    assert lines[4].startswith("  rolled 1d20") and "initiative" in lines[4]


def test_a_creature_starting_prone_must_stand_up_before_it_moves(tmp_path: Path) -> None:
    """The engine plays the state: a prone creature cannot move before it stands (seed 000's 4E base)."""
    from game.rulesets.seed000.commands import MoveCommand
    from game.rulesets.seed000.encounter import Impossible

    path = encounter(tmp_path, FIGHTERS + '[start]\norder = ["mirela", "goblin", "goblin_2", "brannoc"]\n'
                     '[start.creatures.mirela]\nconditions = ["prone"]\n')
    loaded = build_encounter(path)
    enc = loaded.encounter
    enc.start()
    mirela = enc.state.creatures["mirela"]  # type: ignore[index]
    with pytest.raises(Impossible, match="prone: stand up first"):
        enc.apply(MoveCommand(mirela.id, enc.state.board.grid.offset_to_cell(3, 12), None))


@pytest.mark.parametrize("table, place, words", [
    ("hp = 0", "start.creatures.brannoc.hp", "Brannoc starts with 1 to 33 hit points"),
    ("hp = 34", "start.creatures.brannoc.hp", "not 34"),
    ('hp = "5"', "start.creatures.brannoc.hp", "expected a whole number, found text '5'"),
    ("surges_used = 9", "start.creatures.brannoc.surges_used", "has 8 healing surges, so it cannot have used 9"),
    ("hit_points = 5", "start.creatures.brannoc.hit_points",
     "unknown field; known fields: hp, temp_hp, surges_used, conditions, used_powers"),
    ('conditions = ["slowed"]', "start.creatures.brannoc.conditions[1]", "'slowed' needs its duration"),
    ('conditions = ["sleepy"]', "start.creatures.brannoc.conditions[1]", "'sleepy' is not a condition"),
    ('conditions = [{ condition = "slowed", until = "tomorrow" }]', "start.creatures.brannoc.conditions[1].until",
     "'tomorrow' is not a duration"),
    ('conditions = [{ condition = "marked", until = "save ends" }]', "start.creatures.brannoc.conditions[1]",
     "'marked' needs its source"),
    ('conditions = [{ condition = "unconscious", until = "save ends" }]',
     "start.creatures.brannoc.conditions[1].condition", "unconscious only while dying"),
    ('used_powers = ["longsword"]', "start.creatures.brannoc.used_powers[1]", "has an at-will power (never used up)"),
    ('used_powers = ["fireball"]', "start.creatures.brannoc.used_powers[1]", "has no power 'fireball'"),
])
def test_a_starting_state_that_does_not_fit_is_refused_naming_the_creature_the_field_and_why(
        tmp_path: Path, table: str, place: str, words: str) -> None:
    path = encounter(tmp_path, FIGHTERS + f"[start.creatures.brannoc]\n{table}\n")
    caught = refusal(path)
    assert caught.place == place and words in caught.detail
    line = hostile.one_line_refusal(hostile.run_game("run", path.name, cwd=tmp_path), code=2)
    assert line == f"{path.name}: {place}: {caught.detail}"


def test_a_starting_state_for_nobody_is_refused(tmp_path: Path) -> None:
    caught = refusal(encounter(tmp_path, FIGHTERS + '[start.creatures."Goblin 9"]\nhp = 3\n'))
    assert caught.place == "start.creatures.Goblin 9" and "no creature has the id or name 'Goblin 9'" in \
        caught.detail


def test_one_creature_has_one_starting_state(tmp_path: Path) -> None:
    caught = refusal(encounter(tmp_path, FIGHTERS + '[start.creatures.mirela]\nhp = 3\n'
                                                    '[start.creatures."Mirela"]\nhp = 4\n'))
    assert caught.place == "start.creatures.Mirela"
    assert caught.detail == "'Mirela' is mirela, whose starting state start.creatures.mirela already sets"


def test_undo_replays_from_the_starting_state(tmp_path: Path) -> None:
    """The window's session rebuilds the fight for undo from the file: the starting state comes back too."""
    path = encounter(tmp_path, FIGHTERS + START + '[sides.heroes]\ncontrol = "Ann"\n'
                     '[start]\norder = ["brannoc", "goblin", "goblin_2", "mirela"]\n')
    session = Session.open(path)
    from game.rulesets.seed000.commands import ShiftCommand

    brannoc = session.encounter.state.creatures["brannoc"]  # type: ignore[index]
    to = session.encounter.state.board.grid.offset_to_cell(12, 13)
    session.apply(ShiftCommand(brannoc.id, to), by="Ann")
    session.undo()
    again = session.encounter.state.creatures["brannoc"]  # type: ignore[index]
    assert again is not brannoc and (again.hp, again.surges) == (14, 5)
    assert session.encounter.state.initiative == ["brannoc", "goblin", "goblin_2", "mirela"]


# -- the sample fight carried over from paper ----------------------------------------------------------


def test_the_sample_fight_from_paper_runs_headless_with_its_order_state_and_own_creatures() -> None:
    result = hostile.run_game("run", FROM_PAPER.relative_to(REPO), "--auto")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1].startswith("Brannoc starts as the encounter file says: 14 of 33 hit points (bloodied)")
    assert lines[5] == ("Initiative fixed by the encounter file (no roll): Vex, Thrall 1, Brannoc, Ghoul, Mirela, "
                        "Thrall 2")
    assert lines[7] == "-- Vex's turn --"
    assert any("Thrall 1 stands up" in line for line in lines)
    assert lines[-1].startswith("Encounter over")
    checked = hostile.run_game("validate", FROM_PAPER.relative_to(REPO))
    assert checked.returncode == 0 and checked.stdout.strip().endswith(
        "1 content file of its own, turn order fixed, 4 starting states")


def test_the_readmes_start_example_is_a_real_one(tmp_path: Path) -> None:
    """The README's ``[start]`` block, in place of the sample's own, loads and opens the log as it says."""
    import re

    readme = (REPO / "README.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```toml\n(.*?)```", readme, re.S) if "[start]" in b)
    base = FROM_PAPER.read_text(encoding="utf-8").split("\n[start]\n")[0]
    for name in ("paper_creatures.toml",):
        (tmp_path / name).write_text((FROM_PAPER.parent / name).read_text(encoding="utf-8"), encoding="utf-8")
    path = tmp_path / "example.toml"
    path.write_text(base.replace('"../square_crypt.tmx"', f'"{CRYPT.as_posix()}"') + "\n" + block, encoding="utf-8")
    lines = log_lines(path)
    assert lines[1] == ("Brannoc starts as the encounter file says: 14 of 33 hit points (bloodied), "
                        "6 of 8 healing surges left, used: wheeling_guard")
    assert "Initiative fixed by the encounter file (no roll): Vex, Thrall 1, Brannoc" in lines[3]


def test_a_problem_found_is_a_game_error_never_a_traceback(tmp_path: Path) -> None:
    """A [start] that is not a table at all: pydantic's refusal, one line."""
    caught = refusal(encounter(tmp_path, 'start = "now"\n' + FIGHTERS))
    assert isinstance(caught, GameError) and caught.place == "start"
