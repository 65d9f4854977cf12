"""Encounter files as a clumsy or hostile user writes them (issue 24, items 1, 4, 5 and part of 7).

Every bad file ends as one line naming the file, the place and what is wrong, never a traceback; hostile
files run in a subprocess under a memory cap and a generous time bound (one that catches a hang, not a
slow machine). Special files are made in a temporary folder.
"""

from __future__ import annotations

import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.board import Board, Placement
from game.rulesets.seed000.content import load_content
from game import errors, scenario as scenario_file
from game.errors import ContentError
from game.grid import Cell, HexGrid, Square, SquareGrid, StaggerAxis, StaggerIndex
from game.board import creature_ids
from game.rulesets.seed000.encounter import Encounter, Impossible
from game.rulesets.seed000.model import CreatureId, Template
from game.runner import build_encounter, play
from game.scenario import EncounterFileError, load_scenario, roster
from game.session import Session, open_source
from game.tiled import load_board
from tests import hostile

REPO = Path(__file__).resolve().parent.parent
CRYPT = REPO / "maps" / "square_crypt.tmx"
MEMORY_CAP = 1536 * 1024 * 1024
"""Address space a hostile input may use in its subprocess: far above a normal run (under 1 GiB)."""


def run_game(*args: str | Path, cwd: Path, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """``python -m game ARGS`` under this file's memory cap; a hang fails the test after ``timeout`` seconds."""
    return hostile.run_game(*args, cwd=cwd, memory=MEMORY_CAP, timeout=timeout)


def one_line_refusal(result: subprocess.CompletedProcess[str], *words: str) -> str:
    """The run was refused with exit code 2 and one line on stderr holding ``words``; that line."""
    return hostile.one_line_refusal(result, *words, code=2)


def encounter(tmp_path: Path, body: str, name: str = "fight.toml", *, map_creatures: bool = False) -> Path:
    path = tmp_path / name
    path.write_text(f'format = 1\nmap = "{CRYPT}"\nuse_map_creatures = {str(map_creatures).lower()}\n{body}',
                    encoding="utf-8")
    return path


def creature(name: str, side: str, template: str, at: tuple[int, int]) -> str:
    return f'[[creatures]]\nname = "{name}"\nside = "{side}"\ntemplate = "{template}"\nat = [{at[0]}, {at[1]}]\n'


# -- item 1: a creature's whole space is checked where it is placed ----------------------------------


def test_crypt_drill_puts_every_creature_whole_on_open_floor() -> None:
    """The sample drill's Bugbear (2x2) used to stand at [10, 13], its cell [10, 14] a wall."""
    source = open_source(REPO / "maps" / "crypt_drill.toml")
    board, filled = source.board, set()
    for entry in source.roster:
        name, sheet, cell = entry.name, entry.sheet, entry.cell
        for part in board.footprint(cell, sheet.size):
            assert part in board and not board.is_wall(part), (name, board.grid.cell_to_offset(part))
            assert part not in filled, (name, board.grid.cell_to_offset(part))
            filled.add(part)
    assert any(entry.sheet.size == 2 for entry in source.roster)


def test_a_large_creature_whose_space_reaches_into_a_wall_is_refused_naming_it_the_cell_and_why(
        tmp_path: Path) -> None:
    path = encounter(tmp_path, creature("Bugbear", "monsters", "bugbear", (10, 13)) +
                     creature("Vex", "heroes", "rogue", (4, 13)))
    with pytest.raises(EncounterFileError) as caught:
        open_source(path)
    assert caught.value.place == "creatures[1] (Bugbear)"
    assert "'Bugbear'" in caught.value.detail and "[10, 13]" in caught.value.detail
    assert "cell [10, 14] of its 2x2 space is a wall" in caught.value.detail


def test_a_creature_on_any_cell_of_a_large_creatures_space_is_refused(tmp_path: Path) -> None:
    path = encounter(tmp_path, creature("Bugbear", "monsters", "bugbear", (11, 13)) +
                     creature("Vex", "heroes", "rogue", (12, 14)))
    with pytest.raises(EncounterFileError) as caught:
        open_source(path)
    assert caught.value.place == "creatures[2] (Vex)"
    assert "its cell is already filled by 'Bugbear'" in caught.value.detail


def test_a_large_creature_over_a_smaller_one_placed_before_it_is_refused(tmp_path: Path) -> None:
    path = encounter(tmp_path, creature("Vex", "heroes", "rogue", (12, 14)) +
                     creature("Bugbear", "monsters", "bugbear", (11, 13)))
    with pytest.raises(EncounterFileError) as caught:
        open_source(path)
    assert caught.value.place == "creatures[2] (Bugbear)"
    assert "cell [12, 14] of its 2x2 space is already filled by 'Vex'" in caught.value.detail


def test_a_content_file_making_a_map_creature_large_is_checked_against_the_maps_other_creatures(
        tmp_path: Path) -> None:
    """``size = 2`` on the rogue: the crypt map's Vex at [10, 18] would fill the wall [11, 18]."""
    content = tmp_path / "content"
    shutil.copytree(REPO / "assets" / "content", content)
    heroes = content / "heroes.toml"
    heroes.write_text(heroes.read_text(encoding="utf-8").replace("[creatures.rogue]\n", "[creatures.rogue]\nsize = 2\n"),
                      encoding="utf-8")
    library = load_content([content])
    assert library["rogue"].size == 2
    path = encounter(tmp_path, "", map_creatures=True)
    scenario = load_scenario(path)
    _, board = load_board(scenario.map_path)
    with pytest.raises(EncounterFileError) as caught:
        roster(scenario, board, dict(library))
    assert caught.value.path == str(CRYPT) and caught.value.place == "layer 'creatures', object 5 'Vex'"
    assert caught.value.detail == ("creature 'Vex' (size 2, template 'rogue') cannot stand at [10, 18]: "
                                   "cell [11, 18] of its 2x2 space is a wall")


def test_the_footprint_off_the_board_is_refused_and_a_hex_creature_fills_one_hex() -> None:
    board = Board(SquareGrid(32, 32), 3, 3)
    assert board.footprint(Square(1, 1), 2) == (Square(1, 1), Square(2, 1), Square(1, 2), Square(2, 2))
    assert board.placement_problem(Square(1, 1), 2, {}) == ""
    assert board.placement_problem(Square(2, 1), 2, {}) == "cell [3, 1] of its 2x2 space is off the map"
    assert board.placement_problem(Square(1, 1), 2, {Square(2, 2): "'Ann'"}) == (
        "cell [2, 2] of its 2x2 space is already filled by 'Ann'")
    hexes = Board(HexGrid(32, 32, 16, StaggerAxis.Y, StaggerIndex.ODD), 3, 3)
    anchor = hexes.grid.offset_to_cell(2, 2)
    assert hexes.footprint(anchor, 2) == (anchor,)
    assert hexes.placement_problem(anchor, 2, {}) == ""


@pytest.mark.parametrize("hexes", [False, True])
def test_the_footprint_is_the_space_the_rules_give_a_creature(hexes: bool) -> None:
    """The space placement checks (Board.footprint) and movement uses (EncounterState.space_at, which asks
    it) is the README's ruling: a large creature fills a 2x2 block toward +x and +y on squares; on hexes
    every creature fills one hex."""
    library = load_content()
    grid = HexGrid(32, 32, 16, StaggerAxis.Y, StaggerIndex.ODD) if hexes else SquareGrid(32, 32)
    board = Board(grid, 5, 5)
    people: list[tuple[CreatureId, str, str, Template, Cell]] = [
        (CreatureId("bugbear"), "Bugbear", "monsters", library["bugbear"], grid.offset_to_cell(0, 0)),
        (CreatureId("vex"), "Vex", "heroes", library["rogue"], grid.offset_to_cell(3, 3))]
    state = Encounter(board, people).state
    for who in state.creatures.values():
        for anchor in board:
            if hexes or who.template.size == 1:
                expected: tuple[Cell, ...] = (anchor,)
            else:
                col, row = grid.cell_to_offset(anchor)
                expected = tuple(grid.offset_to_cell(col + dc, row + dr) for dr in (0, 1) for dc in (0, 1))
            assert board.footprint(anchor, who.template.size) == expected
            assert state.space_at(who, anchor) == expected


def test_the_engine_refuses_a_roster_whose_spaces_overlap() -> None:
    """The same check in ``Encounter`` itself: no fight starts with a creature in another's space."""
    library = load_content()
    board = Board(SquareGrid(32, 32), 6, 6)
    people: list[tuple[CreatureId, str, str, Template, Cell]] = [(CreatureId("bugbear"), "Bugbear", "monsters", library["bugbear"], Square(1, 1)),
              (CreatureId("vex"), "Vex", "heroes", library["rogue"], Square(2, 2))]
    with pytest.raises(Impossible, match="'Vex' cannot start at \\(2, 2\\): its cell is already filled by 'Bugbear'"):
        Encounter(board, people)
    Encounter(board, [people[0], (CreatureId("vex"), "Vex", "heroes", library["rogue"], Square(3, 3))])


def test_validate_reports_an_encounter_placing_a_creature_in_a_wall(tmp_path: Path) -> None:
    bad = encounter(tmp_path, creature("Bugbear", "monsters", "bugbear", (10, 13)))
    result = run_game("validate", REPO / "maps" / "crypt_drill.toml", bad, cwd=tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stderr + result.stdout
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"{REPO / 'maps' / 'crypt_drill.toml'}: OK - encounter 'Crypt drill: reactions'")
    assert lines[1] == (f"{bad}: creatures[1] (Bugbear): creature 'Bugbear' (size 2, template 'bugbear') cannot "
                        f"stand at [10, 13]: cell [10, 14] of its 2x2 space is a wall")


# -- item 4: numbering same-named creatures, and the creature cap ---------------------------------


def test_same_named_creatures_are_numbered_in_linear_time() -> None:
    """20,000 creatures named "G": the old numbering (a list search per candidate suffix) was cubic: 1,000
    took 4.4 s. Run in a subprocess so that the old code fails by the time bound instead of hanging."""
    code = ("from game.board import Placement; from game.grid import Square; "
            "from game.board import creature_ids; "
            "ids = creature_ids([Placement('G', 'm', 't', Square(0, 0))] * 20000); "
            "assert ids[:3] == ['g', 'g_2', 'g_3'] and ids[-1] == 'g_20000' and len(set(ids)) == 20000")
    start = time.monotonic()
    subprocess.run([sys.executable, "-c", code], check=True, timeout=30, cwd=REPO,
                   preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP)))
    assert time.monotonic() - start < 30


def test_numbering_skips_ids_already_taken_as_it_always_did() -> None:
    def ids(*names: str) -> list[str]:
        return [str(c) for c in creature_ids(Placement(n, "m", "t", Square(0, 0)) for n in names)]

    assert ids("G", "G", "G 2", "G") == ["g", "g_2", "g_2_2", "g_3"]
    assert ids("G 2", "G", "G", "G") == ["g_2", "g", "g_3", "g_4"]
    assert ids("Orc", "?!", "", "orc") == ["orc", "creature", "creature_2", "orc_2"]


def test_an_encounter_with_more_creatures_than_the_cap_is_refused_at_once(tmp_path: Path) -> None:
    """4,000 creatures named "G" (a 240 KB file) did not finish in 20 s before the file was refused."""
    path = encounter(tmp_path, "".join(creature("G", "monsters", "goblin_cutter", (4, 13)) for _ in range(4000)))
    start = time.monotonic()
    result = run_game("run", path, cwd=tmp_path, timeout=60)
    one_line_refusal(result, str(path), "creatures", f"4000 entries, more than the limit of {scenario_file.MAX_CREATURES}")
    assert time.monotonic() - start < 20


def test_the_cap_counts_the_maps_creatures_with_the_files(tmp_path: Path) -> None:
    path = encounter(tmp_path, "".join(creature("G", "monsters", "goblin_cutter", (4, 13))
                                       for _ in range(scenario_file.MAX_CREATURES)), map_creatures=True)
    with pytest.raises(EncounterFileError, match=f"10 creatures from the map and {scenario_file.MAX_CREATURES} from the file"):
        open_source(path)


# -- item 5: files that gave a traceback ----------------------------------------------------------


def test_an_encounter_without_creatures_is_one_line(tmp_path: Path) -> None:
    path = encounter(tmp_path, "")
    one_line_refusal(run_game("run", path, cwd=tmp_path), str(path), "creatures", "nobody to fight")


def test_arrays_nested_too_deeply_are_one_line(tmp_path: Path) -> None:
    path = encounter(tmp_path, "title = " + "[" * 2000 + "]" * 2000 + "\n")
    one_line_refusal(run_game("run", path, cwd=tmp_path), str(path), "invalid TOML: arrays or tables nested too deeply")


def test_a_nul_byte_in_the_map_path_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "nul.toml"
    path.write_text('format = 1\nmap = "crypt\\u0000.tmx"\n', encoding="utf-8")
    one_line_refusal(run_game("run", path, cwd=tmp_path), str(path), "map:", "NUL byte")


def test_a_map_path_that_is_a_symlink_loop_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "loop.tmx").symlink_to("loop.tmx")
    path = tmp_path / "loop.toml"
    path.write_text('format = 1\nmap = "loop.tmx"\n', encoding="utf-8")
    one_line_refusal(run_game("run", path, cwd=tmp_path), str(path), "map:", "loop.tmx")


def test_a_symlink_loop_among_the_content_files_is_a_content_error(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(REPO / "assets" / "content", content)
    (content / "loop.toml").symlink_to("loop.toml")
    with pytest.raises(ContentError) as caught:
        load_content([content])
    assert caught.value.path.endswith("loop.toml") and "symbolic links" in caught.value.detail


# -- item 7: long values, odd names, the round limit --------------------------------------------------


LONG = "x" * 6000
GOBLIN = creature("G", "monsters", "goblin_cutter", (4, 13)) + creature("H", "heroes", "fighter", (20, 13))
"""Two creatures: with seed 1 the fighter acts first."""


@pytest.mark.parametrize("body", [
    creature("A" * 100, "monsters", "t" * 100, (4, 13)),
    GOBLIN + f'[creature_control]\n{"k" * 9000} = "Ann"\n',
    GOBLIN + f'[sides.{"s" * 9000}]\ncontrol = ""\n',
    GOBLIN + f'[[commands]]\ndo = "end"\ncreature = "{LONG}"\n',
    GOBLIN + f'[[commands]]\ndo = "power"\ncreature = "h"\npower = "{LONG}"\n',
    GOBLIN + f'[preparations.g]\nlimited = "{LONG}"\n',
    creature(LONG, "monsters", "goblin_cutter", (4, 13)),
    f'map = "{"m/" * 3000}"\n',
], ids=["name-and-template", "control-key", "side-key", "command-creature", "command-power", "preparation",
        "creature-name", "map-path"])
def test_a_long_value_is_shortened_in_the_message(tmp_path: Path, body: str) -> None:
    """A 6-9 KB value in a file used to be echoed whole in its message; now the message stays short."""
    path = encounter(tmp_path, body)
    if body.startswith("map"):
        path.write_text(f"format = 1\n{body}", encoding="utf-8")
    with pytest.raises(EncounterFileError) as caught:
        play(build_encounter(path), auto=False, emit=lambda e: None)
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and "\n" not in message
    assert len(message) - len(str(path)) < 300, message


def test_run_prints_names_with_control_and_bidi_characters_escaped(tmp_path: Path) -> None:
    path = encounter(tmp_path, creature("A\\u001b[2J\\u202eB", "monsters", "goblin_cutter", (4, 13)) +
                     creature("H", "heroes", "fighter", (8, 13)))
    result = run_game("run", path, "--auto", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "\x1b" not in result.stdout and "\u202e" not in result.stdout
    assert "initiative of A\\x1b[2J\\u202eB" in result.stdout
    assert errors.escaped("a\x1b\u202e\u2066\x9b\n") == "a\\x1b\\u202e\\u2066\\x9b\\n"


def test_a_refusal_stays_one_line_whatever_the_files_name(tmp_path: Path) -> None:
    path = encounter(tmp_path, "", name="two\nlines\x1b[2J\u202e.toml")
    result = run_game("run", path, cwd=tmp_path)
    line = one_line_refusal(result, "nobody to fight")
    assert line.startswith(str(tmp_path / "two\\nlines\\x1b[2J\\u202e.toml: creatures: "))


@pytest.mark.parametrize("rounds", [0, -3, 10**6])
def test_max_rounds_outside_one_to_a_thousand_is_refused(tmp_path: Path, rounds: int) -> None:
    path = encounter(tmp_path, f"[options]\nmax_rounds = {rounds}\n" + creature("G", "m", "goblin_cutter", (4, 13)))
    with pytest.raises(EncounterFileError) as caught:
        load_scenario(path)
    assert caught.value.place == "options.max_rounds" and f"found {rounds}" in caught.value.detail


def _past_the_limit(tmp_path: Path) -> Path:
    """max_rounds = 1 and three scripted turn ends: the third comes in round 2 (with seed 1 the fighter acts
    first)."""
    return encounter(tmp_path, "[options]\nmax_rounds = 1\n" + creature("G", "monsters", "goblin_cutter", (4, 13)) +
                     creature("H", "heroes", "fighter", (20, 13)) + "".join(
                         f'[[commands]]\ndo = "end"\ncreature = "{who}"\n' for who in ("h", "g", "h")))


def test_scripted_commands_stop_at_the_round_limit(tmp_path: Path) -> None:
    loaded = build_encounter(_past_the_limit(tmp_path))
    with pytest.raises(EncounterFileError) as caught:
        play(loaded, auto=True, emit=lambda e: None)
    assert caught.value.place == "commands[3] (end h)"
    assert "round limit (options.max_rounds = 1)" in caught.value.detail
    assert loaded.encounter.state.round == 2


def test_the_windows_session_stops_its_script_at_the_round_limit_too(tmp_path: Path) -> None:
    session = Session.open(_past_the_limit(tmp_path))
    with pytest.raises(EncounterFileError) as caught:
        session.run_script()
    assert caught.value.place == "commands[3] (end h)" and "round limit" in caught.value.detail
    assert session.encounter.state.round == 2
