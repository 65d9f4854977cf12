"""Issue 23, class 7: "A named pipe as tileset blocks ``validate`` and ``render`` forever (a downloaded
archive can carry one). Open only regular files; refuse anything else with a line."

Every file a map names (tilesets, their images) is read through ``game.files.read_user_file``, which
opens regular files only; these tests put a FIFO where a stranger's archive could, in a temporary
folder, and run the commands in a subprocess under a memory cap and a time bound that catches a hang.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.hostile import run_game as hostile
from tests.test_user_files import needs_fifo

MAP = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width="2" height="2" tilewidth="32"
     tileheight="32" infinite="0" nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" source="{tileset}"/>
 <layer id="1" name="ground" width="2" height="2">
  <data encoding="csv">1,1,1,1</data>
 </layer>
</map>
"""

TILESET = """<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" name="t" tilewidth="32" tileheight="32" tilecount="1" columns="1">
 <image source="{image}" width="32" height="32"/>
</tileset>
"""


def _map_with(folder: Path, fifo_tileset: bool) -> Path:
    if fifo_tileset:
        os.mkfifo(folder / "t.tsx")
    else:
        (folder / "t.tsx").write_text(TILESET.format(image="t.png"), encoding="utf-8")
        os.mkfifo(folder / "t.png")
    path = folder / "m.tmx"
    path.write_text(MAP.format(tileset="t.tsx"), encoding="utf-8")
    return path


@needs_fifo
@pytest.mark.parametrize("fifo", ["tileset", "image"])
def test_validate_refuses_a_named_pipe_named_by_a_map_in_one_line(tmp_path: Path, fifo: str) -> None:
    path = _map_with(tmp_path, fifo == "tileset")
    result = hostile("validate", str(path))
    assert result.returncode == 1, result.stdout
    assert "Traceback" not in result.stderr and "internal error" not in result.stdout + result.stderr
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1 and f"t.{'tsx' if fifo == 'tileset' else 'png'}" in lines[0], result.stdout
    assert ("FIFO" in lines[0]) if fifo == "tileset" else ("image" in lines[0]), lines[0]


@needs_fifo
@pytest.mark.parametrize("fifo", ["tileset", "image"])
def test_render_refuses_a_named_pipe_named_by_a_map_in_one_line(tmp_path: Path, fifo: str) -> None:
    path = _map_with(tmp_path, fifo == "tileset")
    result = hostile("render", str(path), "--out", str(tmp_path / "out.png"))
    assert result.returncode != 0
    err = (result.stderr + result.stdout).strip()
    assert "Traceback" not in err and "internal error" not in err, err
    assert err.count("\n") == 0 and "t." in err, err
    assert not (tmp_path / "out.png").exists()
