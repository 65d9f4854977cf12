"""Seed 001's encounter file: riders paired with their mounts in ``[preparations]``, ``[[commands]]`` played, and
every mistake refused in one line naming the file and the place."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.errors import EncounterFileError
from game.rulesets.seed001 import events as ev
from game.runner import build_encounter, play

REPO = Path(__file__).resolve().parents[3]

HEAD = f'''format = 2
ruleset = "seed001"
map = "{(REPO / "maps" / "hex_marsh.tmx").as_posix()}"
use_map_creatures = false

[[creatures]]
name = "Lancer"
side = "a"
template = "aldric_lancer"
at = [17, 8]

[[creatures]]
name = "Courser"
side = "a"
template = "grey_courser"
at = [16, 9]

[[creatures]]
name = "Bandit"
side = "b"
template = "road_bandit"
at = [5, 10]
'''


def write(tmp_path: Path, extra: str) -> Path:
    path = tmp_path / "fight.toml"
    path.write_text(HEAD + extra, encoding="utf-8")
    return path


def test_a_rider_named_in_preparations_sits_its_mount_from_the_start(tmp_path: Path) -> None:
    loaded = build_encounter(write(tmp_path, '[preparations]\nlancer = { rides = "courser" }\n'), 1)
    fight = play(loaded, auto=True, emit=lambda e: None)
    assert ev.Mounted("lancer", "courser") in fight.log


@pytest.mark.parametrize("preparations, words", [
    ('lancer = { rides = "nobody" }', "preparations.lancer.rides: no creature has the id 'nobody'"),
    ('lancer = { rides = "bandit" }', "preparations.lancer.rides: 'bandit' is no mount"),
    ('courser = { rides = "courser" }', "preparations.courser.rides: 'courser' is a mount itself"),
    ('lancer = { ride = "courser" }', "preparations.lancer.ride: Extra inputs are not permitted"),
])
def test_a_wrong_rider_is_refused_in_one_line(tmp_path: Path, preparations: str, words: str) -> None:
    with pytest.raises(EncounterFileError) as caught:
        build_encounter(write(tmp_path, f"[preparations]\n{preparations}\n"), 1)
    line = str(caught.value)
    assert "\n" not in line and line.startswith(str(tmp_path / "fight.toml")) and words in line


def test_a_mount_on_the_other_side_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, '[preparations]\nbandit = { rides = "courser" }\n')
    with pytest.raises(EncounterFileError, match="'courser' is on side 'a', 'bandit' on 'b'"):
        build_encounter(path, 1)


def test_scripted_commands_are_read_with_their_places_and_round_trip_as_json(tmp_path: Path) -> None:
    script = '''
[[commands]]
do = "move"
creature = "bandit"
to = [7, 10]

[[commands]]
do = "attack"
creature = "bandit"
target = "lancer"
weapon = "short_bow"
'''
    loaded = build_encounter(write(tmp_path, script), 1)
    from game.rulesets.seed001.package import RULESET

    commands = RULESET.scripted(loaded.scenario.commands, loaded.board, loaded.scenario.path)
    assert [place for place, _ in commands] == ["commands[1] (move bandit)", "commands[2] (attack bandit)"]
    for _, command in commands:
        assert RULESET.command_from_json(RULESET.command_to_json(command, loaded.board), loaded.board,
                                         "x", "y") == command
