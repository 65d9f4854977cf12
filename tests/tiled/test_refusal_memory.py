"""Issue 23: every refusal comes within 1 s and 100 MB, whatever the file.

Measured as a user meets it: ``python -m game validate / render / play`` in a child process, its peak
resident memory (``ru_maxrss``) and wall time, the interpreter and every library it imports included.
The whole corpus of ``tests/data/bad_maps`` is refused by one ``validate`` process (a process's peak over
many files is at least each file's own); the largest files, and the larger ones this module writes, each
by its own ``validate``, ``render`` and ``play`` process. ``play`` shows a refusal in its window and goes
on: it runs under ``SDL_VIDEODRIVER=dummy`` with a one-frame script and a screenshot, then ends.

The time bound here is generous (it catches a hang or work that grows with the file, not a slow or shared
machine); the memory bound is the limit itself, which does not depend on the machine's speed.
"""

from __future__ import annotations

import base64
import json
import struct
import zlib
from pathlib import Path

import pytest

from tests.hostile import MiB, REPO, run_game_measured

BAD = REPO / "tests" / "data" / "bad_maps"
MEMORY_LIMIT = 100 * MiB
"""README, "Maps from strangers": a refusal's peak resident memory, the whole process."""
SLOW = 10.0
"""Seconds: the promise is 1 s; a machine shared by many may take a few times longer, a hang far more."""
SIDE = 1024

LARGEST = ["million_unknown_tiles.tmx", "many_terrain_rectangles.tmx", "huge_terrain_polygon.tmx",
           "deep_class_property.tmx", "many_creatures_without_side.tmx"]
"""The corpus files that cost the most to refuse (each over 150 kB)."""


def head(width: int = SIDE, height: int = SIDE, body: str = "") -> str:
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" orientation="orthogonal" '
            f'width="{width}" height="{height}" tilewidth="16" tileheight="16">\n{body}')


def png(width: int, height: int) -> bytes:
    """A grey PNG, written without pygame."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + b"\x80" * 3 * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def distinct_ids() -> range:
    """A million different tile ids, none in a tileset (the map has none)."""
    return range(1, 1 + SIDE * SIDE)


def csv_million(folder: Path) -> Path:
    path = folder / "csv_million_unknown.tmx"
    path.write_text(head(body=f' <layer name="ground" width="{SIDE}" height="{SIDE}"><data encoding="csv">\n'
                         + ",".join(map(str, distinct_ids())) + "\n</data></layer>\n</map>\n"))
    return path


def base64_million(folder: Path) -> Path:
    from array import array

    data = base64.b64encode(array("I", distinct_ids()).tobytes()).decode()
    path = folder / "base64_million_unknown.tmx"
    path.write_text(head(body=f' <layer name="ground" width="{SIDE}" height="{SIDE}"><data encoding="base64">'
                         f'{data}</data></layer>\n</map>\n'))
    return path


def json_million(folder: Path) -> Path:
    path = folder / "json_million_unknown.tmj"
    path.write_text(json.dumps({"type": "map", "orientation": "orthogonal", "width": SIDE, "height": SIDE,
                                "tilewidth": 16, "tileheight": 16, "tilesets": [], "layers": [
                                    {"type": "tilelayer", "name": "ground", "width": SIDE, "height": SIDE,
                                     "data": list(distinct_ids())}]}))
    return path


def infinite_million(folder: Path) -> Path:
    """The same million ids in 4096 chunks of an infinite map."""
    from array import array

    chunks = "".join(
        f'<chunk x="{x}" y="{y}" width="16" height="16">'
        + base64.b64encode(array("I", (1 + (y + r) * SIDE + x + c for r in range(16) for c in range(16))).tobytes()).decode()
        + "</chunk>" for y in range(0, SIDE, 16) for x in range(0, SIDE, 16))
    path = folder / "infinite_million_unknown.tmx"
    path.write_text(head().replace('<map ', '<map infinite="1" ')
                    + f' <layer name="ground" width="{SIDE}" height="{SIDE}"><data encoding="base64">{chunks}'
                    + "</data></layer>\n</map>\n")
    return path


def walls_and_one_fault(folder: Path) -> Path:
    """A million wall cells (a valid layer) and one creature without a side: refused after the board is built."""
    (folder / "wall.png").write_bytes(png(16, 16))
    from array import array

    data = base64.b64encode(array("I", [1]).tobytes() * (SIDE * SIDE)).decode()
    path = folder / "walls_and_one_fault.tmx"
    path.write_text(head(body=' <tileset firstgid="1" name="w" tilewidth="16" tileheight="16" tilecount="1" columns="1">'
                         '<image source="wall.png" width="16" height="16"/><tile id="0"><properties>'
                         '<property name="wall" type="bool" value="true"/></properties></tile></tileset>\n'
                         f' <layer name="ground" width="{SIDE}" height="{SIDE}"><data encoding="base64">{data}</data>'
                         '</layer>\n <objectgroup name="things"><object id="1" name="Ghost" type="creature" x="8" y="8">'
                         '<point/></object></objectgroup>\n</map>\n'))
    return path


def nested_unknown_elements(folder: Path) -> Path:
    """Four million nested elements of no Tiled meaning (28 MB, within the 32 MB file cap)."""
    path = folder / "nested.tmx"
    path.write_text(head(2, 2, ' <layer name="g" width="2" height="2"><data encoding="csv">0,0,0,0</data></layer>')
                    + "<x>" * 4_000_000 + "</x>" * 4_000_000 + "</map>\n")
    return path


def many_unknown_elements(folder: Path) -> Path:
    """A million sibling elements of no Tiled meaning (27 MB) and an unknown tile id."""
    path = folder / "unknown_elements.tmx"
    path.write_text(head(2, 2, ' <layer name="g" width="2" height="2"><data encoding="csv">0,0,0,9</data></layer>')
                    + '<future a="1"><x/></future>' * 1_000_000 + "</map>\n")
    return path


def one_tileset_used_256_times(folder: Path) -> Path:
    """A 2 MB tileset of 20000 described tiles, named by 256 entries of the map."""
    n = 20_000
    tiles = "".join(f' <tile id="{i}"><properties><property name="difficult" type="bool" value="true"/>'
                    '</properties></tile>\n' for i in range(n))
    (folder / "many.tsx").write_text(f'<tileset name="many" tilewidth="16" tileheight="16" tilecount="{n}" '
                                     f'columns="0">\n{tiles}</tileset>\n')
    refs = "".join(f' <tileset firstgid="{1 + i * n}" source="many.tsx"/>\n' for i in range(256))
    path = folder / "refs.tmx"
    path.write_text(head(3, 3, refs + ' <layer name="g" width="3" height="3"><data encoding="csv">0,0,0,0,0,0,0,0,0'
                                      '</data></layer>\n</map>\n'))
    return path


GENERATED = {f.__name__: f for f in (csv_million, base64_million, json_million, infinite_million,
                                     walls_and_one_fault, nested_unknown_elements, many_unknown_elements,
                                     one_tileset_used_256_times)}

OVER_THE_LIMIT: dict[str, str] = {}
"""Known to break the promise, each with why: expected to fail, and to be noticed when fixed (strict)."""

DRAWN = ["million_unknown_tiles.tmx", "many_terrain_rectangles.tmx", "json_million", "csv_million",
         "nested_unknown_elements"]
"""Also refused by ``render`` and ``play`` in their own processes: the costliest of each kind (tile data,
terrain shapes, JSON, CSV, a file near the 32 MB cap)."""


def arguments(command: str, path: Path, folder: Path) -> list[str | Path]:
    if command == "render":
        return ["render", path, "--out", folder / "out.png"]
    if command == "play":
        script = folder / "frames.txt"
        script.write_text("wait 6\n")
        return ["play", path, "--size", "640x480", "--script", script, "--screenshot", folder / "shot.png",
                "--state-file", folder / "state.json"]
    return ["validate", path]


def assert_refused_cheaply(command: str, path: Path, folder: Path) -> None:
    result, peak, elapsed = run_game_measured(*arguments(command, path, folder))
    output = result.stdout + result.stderr
    assert "Traceback" not in output and "internal error" not in output, output[-2000:]
    if command == "play":  # the window shows the refusal at its top and goes on; the screenshot ends it
        assert result.returncode == 0, output[-2000:]
        shown = json.loads((folder / "state.json").read_text())
        assert shown["error"] and shown["message"].startswith(f"{path}: "), shown["message"][:300]
    else:
        assert result.returncode != 0 and f"{path}: " in output, output[-2000:]
    assert peak < MEMORY_LIMIT, f"{command} {path.name}: peak resident memory {peak / MiB:.0f} MB"
    assert elapsed < SLOW, f"{command} {path.name}: {elapsed:.1f} s"


def test_validate_refuses_the_whole_corpus_within_the_memory_limit() -> None:
    paths = sorted(p for p in BAD.iterdir() if p.suffix in (".tmx", ".tmj"))
    result, peak, elapsed = run_game_measured("validate", *paths, timeout=300)
    assert result.stdout.splitlines()[-1] == f"0 of {len(paths)} maps OK", result.stdout[-2000:]
    assert peak < MEMORY_LIMIT, f"validating the corpus peaked at {peak / MiB:.0f} MB"
    assert elapsed < SLOW * len(paths) / 4, f"{elapsed:.1f} s"


@pytest.mark.parametrize("name", LARGEST)
def test_a_large_corpus_file_is_refused_by_validate_within_a_second_and_100_mb(name: str, tmp_path: Path) -> None:
    assert_refused_cheaply("validate", BAD / name, tmp_path)


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.xfail(reason=OVER_THE_LIMIT[n], strict=True))
                                  if n in OVER_THE_LIMIT else n for n in sorted(GENERATED)])
def test_a_large_generated_file_is_refused_by_validate_within_a_second_and_100_mb(name: str, tmp_path: Path) -> None:
    assert_refused_cheaply("validate", GENERATED[name](tmp_path), tmp_path)


@pytest.mark.parametrize("command", ["render", "play"])
@pytest.mark.parametrize("name", DRAWN)
def test_render_and_play_refuse_a_large_file_within_a_second_and_100_mb(name: str, command: str,
                                                                       tmp_path: Path) -> None:
    """``play`` reads a bare map before it imports its window (~80 MB of libraries): the refusal costs
    what ``validate``'s does, then the window shows it."""
    path = GENERATED[name](tmp_path) if name in GENERATED else BAD / name
    assert_refused_cheaply(command, path, tmp_path)


def test_play_knows_the_map_suffixes_of_the_session() -> None:
    from game.__main__ import MAP_FILES
    from game.session import MAP_SUFFIXES

    assert MAP_FILES == MAP_SUFFIXES
