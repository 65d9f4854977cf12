"""Issue 23, class 5: every message quotes a value from the file shortened.

A sweep sets each attribute of a few good maps and of a tileset file (each key of a JSON map), one at a time, to a 100,000-character
text, a 100,000-digit number or a 4000-digit one, and runs ``validate`` on every variant in one child process under a memory cap
and a time bound: every line it prints is one short line, never a traceback nor an internal error."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, Iterator

REPO = Path(__file__).resolve().parents[2]
GOOD = REPO / "tests" / "data" / "good_maps"
MAPS = ["embedded.tmx", "groups_and_images.tmx", "hex_flat.tmx", "objects_class.tmx", "templates.tmx",
        "infinite_csv.tmx", "external_tsx.tmx", "embedded.tmj", "groups_and_images.tmj", "templates.tmj"]
LONG = 100_000
LINE = 320
"""Most characters of a line without the user's paths in it (the map's folder): the place and the message,
values quoted cut short (the longest quotes three names of 60 characters: an object's, twice its creature's)."""
MEMORY_CAP = 1024 ** 3
HANG = 300

CHILD = """
import contextlib, io, json, sys, traceback
from game.__main__ import main
out = {}
for name in open(sys.argv[1]).read().split("\\n"):
    if not name:
        continue
    buffer = io.StringIO()
    try:
        with contextlib.redirect_stdout(buffer), contextlib.redirect_stderr(buffer):
            main(["validate", name])
    except BaseException:
        buffer.write("Traceback " + traceback.format_exc().replace("\\n", " | "))
    out[name] = buffer.getvalue()
print(json.dumps(out))
"""


def _cap_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def _xml_variants(path: Path) -> Iterator[str]:
    tree = ET.parse(path)
    elements = list(tree.getroot().iter())
    for i, element in enumerate(elements):
        for attr in list(element.attrib):
            for long in ("x" * LONG, "9" * LONG, "9" * 4000):
                old = element.attrib[attr]
                element.attrib[attr] = long
                yield '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(tree.getroot(), encoding="unicode")
                element.attrib[attr] = old
    text = path.read_text(encoding="utf-8")
    yield text.replace('encoding="UTF-8"', 'encoding="' + "x" * LONG + '"', 1)


def _paths(value: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, at + (k,))
    elif isinstance(value, list):
        for k, v in enumerate(value[:8]):  # a layer's data: its first cells
            yield from _paths(v, at + (k,))
    else:
        yield at


def _json_variants(path: Path) -> Iterator[str]:
    doc = json.loads(path.read_text(encoding="utf-8"))
    for at in _paths(doc):
        holder = doc
        for k in at[:-1]:
            holder = holder[k]
        old = holder[at[-1]]
        holder[at[-1]] = "@@LONG@@"
        text = json.dumps(doc)
        holder[at[-1]] = old
        yield text.replace('"@@LONG@@"', json.dumps("x" * LONG))
        yield text.replace('"@@LONG@@"', "9" * LONG)
        yield text.replace('"@@LONG@@"', "9" * 4000)  # within the digits Python parses


def test_every_line_validate_prints_about_a_long_value_is_short(tmp_path: Path) -> None:
    folder = tmp_path / "maps"
    shutil.copytree(GOOD, folder)
    names = []
    for name in MAPS:
        source = folder / name
        variants = _json_variants(source) if source.suffix == ".tmj" else _xml_variants(source)
        for n, text in enumerate(variants):
            variant = folder / f"{source.stem}_v{n}{source.suffix}"
            variant.write_text(text, encoding="utf-8")
            names.append(str(variant))
    # the attributes of an external tileset: each variant of terrain.tsx is used by a copy of external_tsx.tmx
    map_text = (folder / "external_tsx.tmx").read_text(encoding="utf-8")
    for n, text in enumerate(_xml_variants(folder / "tilesets" / "terrain.tsx")):
        (folder / "tilesets" / f"terrain_v{n}.tsx").write_text(text, encoding="utf-8")
        variant = folder / f"external_tsx_t{n}.tmx"
        variant.write_text(map_text.replace("tilesets/terrain.tsx", f"tilesets/terrain_v{n}.tsx"), encoding="utf-8")
        names.append(str(variant))
    listing = tmp_path / "list.txt"
    listing.write_text("\n".join(names))
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    result = subprocess.run([sys.executable, "-c", CHILD, str(listing)], capture_output=True, text=True, cwd=REPO,
                            env=env, timeout=HANG, preexec_fn=_cap_memory)
    assert result.returncode == 0, result.stderr[-2000:]
    outputs = json.loads(result.stdout)
    assert len(outputs) == len(names) > 200
    bad = []
    for name, output in outputs.items():
        lines = output.splitlines() or [""]
        for line in lines:
            # each line names the file (the map, or the tileset file at fault): one problem, one line; what it
            # says besides the user's own paths (the file's, the root's) is at most LINE characters
            if (not line.startswith(str(folder) + os.sep) or len(line.replace(str(folder), "")) > LINE
                    or "Traceback" in line or "internal error" in line):
                bad.append(f"{Path(name).name}: {line[:300]} ... ({len(line)} characters)")
    assert not bad, f"{len(bad)} long or broken lines:\n" + "\n".join(bad[:40])
