"""Maps from strangers (issue 23): ordinary-looking input that once raised from Python itself, valid Tiled
files once refused or drawn wrong, and where a map may read.

Hostile files run in a child process under a memory cap (``resource.setrlimit``) and a time bound that
catches a hang, not noise.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
GOOD = REPO / "tests" / "data" / "good_maps"

MEMORY_CAP = 1 << 30
"""Address space of a child process reading hostile files: 1 GiB."""


def run_game(*args: str, cwd: Path = REPO, timeout: float = 120, prelude: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m game ARGS`` in a child process capped at :data:`MEMORY_CAP` (``prelude`` runs first)."""
    code = (f"import resource, sys; resource.setrlimit(resource.RLIMIT_AS, ({MEMORY_CAP}, {MEMORY_CAP}))\n"
            f"{prelude}\nfrom game.__main__ import main\nsys.exit(main(sys.argv[1:]))")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.run([sys.executable, "-c", code, *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout)


# -- class 4: tracebacks from ordinary-looking input ---------------------------------------------------

HUGE_XML = ["9" * 400, "9" * 5000]
HUGE_JSON = [10 ** 400, -10 ** 400]
SWEPT = ["embedded.tmx", "templates.tmx", "groups_and_images.tmx", "infinite_base64.tmx", "hex_flat.tmx",
         "embedded.tmj", "groups_and_images.tmj", "infinite.tmj"]
"""The good maps whose every number (of TMX: every attribute) is swept; between them they use every element."""


def damaged_copies(folder: Path) -> list[Path]:
    """Each attribute of each good TMX map, and each number of each good JSON map, set in turn to a whole
    number of hundreds or thousands of digits: one map file per change, beside the original."""
    made: list[Path] = []
    for source in sorted(p for p in folder.glob("*.tmx") if p.name in SWEPT):
        text = source.read_text()
        elements = list(ET.fromstring(text).iter())
        for index, element in enumerate(elements):
            for key in element.attrib:
                for n, value in enumerate(HUGE_XML):
                    root = ET.fromstring(text)
                    list(root.iter())[index].set(key, value)
                    target = folder / f"{source.stem}__{index}_{key}_{n}.tmx"
                    target.write_bytes(ET.tostring(root, encoding="utf-8", xml_declaration=True))
                    made.append(target)
    for source in sorted(p for p in folder.glob("*.tmj") if p.name in SWEPT):
        original = json.loads(source.read_text())
        numbers: list[tuple[object, ...]] = []

        def walk(node: object, prefix: tuple[object, ...]) -> None:
            items = node.items() if isinstance(node, dict) else enumerate(node[:2]) if isinstance(node, list) else []
            for key, value in items:
                if isinstance(value, (int, float)) and not isinstance(value, bool):
                    numbers.append((*prefix, key))
                walk(value, (*prefix, key))

        walk(original, ())
        for i, where in enumerate(numbers):
            for n, value in enumerate(HUGE_JSON):
                doc = json.loads(json.dumps(original))
                parent = doc
                for key in where[:-1]:
                    parent = parent[key]  # type: ignore[index]
                parent[where[-1]] = value  # type: ignore[index]
                target = folder / f"{source.stem}__{i}_{n}.tmj"
                target.write_text(json.dumps(doc))
                made.append(target)
    return made


def test_numbers_of_hundreds_of_digits_anywhere_in_a_map_give_one_line_never_an_internal_error(tmp_path: Path) -> None:
    project = tmp_path / "good"
    shutil.copytree(GOOD, project, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    files = damaged_copies(project)
    assert len(files) > 300
    result = run_game("validate", *map(str, files), timeout=300)
    output = result.stdout + result.stderr
    assert "Traceback" not in output
    assert "internal error" not in output, [line for line in output.splitlines() if "internal error" in line][:3]
    for line in output.splitlines()[:-1]:
        assert line.startswith(str(project)), line


@pytest.mark.parametrize("command", ["render", "play"])
def test_render_and_play_end_an_unexpected_error_in_one_line_naming_the_file(tmp_path: Path, command: str) -> None:
    """The last resort ``validate`` has per map: a MemoryError (or a bug of ours) is one line, never a traceback."""
    target = "game.ui.map_view.render_to_file" if command == "render" else "game.ui.table.run_table"
    module, name = target.rsplit(".", 1)
    prelude = (f"import {module}\ndef boom(*a, **k):\n    raise MemoryError()\n{module}.{name} = boom\n"
               f"import game.__main__\n")
    if command == "play":
        prelude += "import game.ui.table as t; t.run_table = boom\n"
    args = ["render", "maps/square_crypt.tmx", "--out", str(tmp_path / "out.png")] if command == "render" else \
        ["play", "maps/square_crypt.tmx", "--no-setup"]
    result = run_game(*args, prelude=prelude)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith("maps/square_crypt.tmx: out of memory while "), result.stderr
