"""The repository's ``.tiled-project``: custom property types for what our maps understand, and a
"Play this map" command (issue 13, item 18).

The property types are checked against the loader's own constants, so that the project file and
the loader cannot drift apart. Tiled 1.8.2 was seen loading the file (Property Types Editor: the
classes ``terrain`` and ``creature`` with their typed members) and running the command (F5 opened
the table on the map being edited).
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

from game.tiled import load_board
from game.tiled.hidden import CLASSES_WITH_HIDDEN, HIDDEN, HIDDEN_CLASS
from game.tiled.to_board import (CREATURE_CLASS, CREATURE_PROPERTIES, TERRAIN_CLASS, TERRAIN_PROPERTIES,
                                 TILED_TYPE_NAMES)

REPO = Path(__file__).resolve().parents[2]
PROJECT = REPO / ".tiled-project"


def project() -> dict[str, object]:
    data = json.loads(PROJECT.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def property_types() -> dict[str, dict[str, object]]:
    types = project()["propertyTypes"]
    assert isinstance(types, list)
    return {t["name"]: t for t in types}


def members(type_name: str) -> dict[str, str]:
    found = property_types()[type_name]
    assert found["type"] == "class"
    listed = found["members"]
    assert isinstance(listed, list)
    return {m["name"]: m["type"] for m in listed}


def test_project_property_types_are_exactly_the_properties_the_loader_reads() -> None:
    assert set(property_types()) == {TERRAIN_CLASS, CREATURE_CLASS, HIDDEN_CLASS}
    assert members(TERRAIN_CLASS) == {name: TILED_TYPE_NAMES[kind] for name, kind in TERRAIN_PROPERTIES.items()}
    assert members(CREATURE_CLASS) == {name: TILED_TYPE_NAMES[kind] for name, kind in CREATURE_PROPERTIES.items()}
    # hidden: a member of the creature class, and a class of its own for layers and other objects (Tiled 1.8
    # has no plain bool property types); the loader reads it from exactly the classes that have it
    assert members(HIDDEN_CLASS) == {HIDDEN: "bool"}
    assert set(CLASSES_WITH_HIDDEN) == {name for name in property_types() if HIDDEN in members(name)}


def test_project_property_types_are_in_tileds_format() -> None:
    types = list(property_types().values())
    ids = [t["id"] for t in types]
    assert all(isinstance(i, int) and i > 0 for i in ids) and len(set(ids)) == len(ids)
    defaults = {"bool": False, "string": ""}
    for t in types:
        for member in t["members"]:  # type: ignore[attr-defined]
            # a default Tiled does not write into maps: an unset member sets nothing, as in the loader
            assert member["value"] == defaults[member["type"]], member
    # Tiled 1.9 and later: a creature object (or token tile) of class "creature" shows side and template
    assert {"object", "tile"} <= set(property_types()[CREATURE_CLASS]["useAs"])  # type: ignore[arg-type]
    assert {"tile", "layer", "object"} <= set(property_types()[TERRAIN_CLASS]["useAs"])  # type: ignore[arg-type]
    assert {"property", "layer", "object"} <= set(property_types()[HIDDEN_CLASS]["useAs"])  # type: ignore[arg-type]
    folders = project()["folders"]
    assert isinstance(folders, list) and all((REPO / f).is_dir() for f in folders)


def tiled_command_line(command: dict[str, object], map_file: Path) -> list[str]:
    """The command as Tiled 1.8 runs it: variables replaced by quoted values, then split like QProcess."""
    line = f"{command['command']} {command['arguments']}"
    line = line.replace("%mapfile", f'"{map_file}"').replace("%projectpath", f'"{REPO}"')
    return shlex.split(line)


def test_play_this_map_command_opens_the_map_in_the_table(tmp_path: Path) -> None:
    commands = project()["commands"]
    assert isinstance(commands, list)
    (play,) = [c for c in commands if c["name"] == "Play this map"]
    assert play["enabled"] is True and play["saveBeforeExecute"] is True
    assert play["workingDirectory"] == "%projectpath"
    argv = tiled_command_line(play, REPO / "maps" / "square_crypt.tmx")
    assert argv[0] == str(REPO / ".venv" / "bin" / "python")  # the project's own venv (README's first command)
    assert argv[1:] == ["-m", "game", "play", str(REPO / "maps" / "square_crypt.tmx")]
    python = argv[0] if Path(argv[0]).exists() else sys.executable
    shot = tmp_path / "table.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    result = subprocess.run([python, *argv[1:], "--no-setup", "--screenshot", str(shot)], cwd=REPO, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert shot.stat().st_size > 0


MAP = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" width="3" height="1"
     tilewidth="16" tileheight="16" infinite="0" nextlayerid="3" nextobjectid="4">
 <layer id="1" name="ground" width="3" height="1"><data encoding="csv">0,0,0</data></layer>
 <objectgroup id="2" name="things">
  <object id="1" x="0" y="0" width="16" height="16">
   <properties>
    <property name="rock" type="class" propertytype="terrain">
     <properties><property name="wall" type="bool" value="true"/></properties>
    </property>
   </properties>
  </object>
  <object id="2" name="Ana" x="24" y="8">
   <properties>
    <property name="who" type="class" propertytype="creature">
     <properties><property name="side" value="heroes"/><property name="template" value="goblin_cutter"/></properties>
    </property>
   </properties>
   <point/>
  </object>
  <object id="3" name="Bo" type="creature" x="40" y="8">
   <properties><property name="side" value="monsters"/></properties>
   <point/>
  </object>
 </objectgroup>
</map>
"""


def test_members_of_a_terrain_or_creature_class_property_count_as_properties(tmp_path: Path) -> None:
    # Tiled 1.8 offers a class's members only inside a property of that class (as written here);
    # Tiled 1.9 and later write an object of class "creature" with plain properties (object 3)
    path = tmp_path / "classes.tmx"
    path.write_text(MAP)
    _, board = load_board(path)
    assert board.counts()["wall"] == 1 and board.is_wall(board.grid.offset_to_cell(0, 0))
    placed = {p.name: (p.side, p.template, board.grid.cell_to_offset(p.cell)) for p in board.placements}
    assert placed == {"Ana": ("heroes", "goblin_cutter", (1, 0)), "Bo": ("monsters", "", (2, 0))}
