"""Property test: random small maps written as TMX and as JSON load back to exactly their gids.

Each example draws a map (size, finite or infinite, layers of random gids with
random flip flags, each layer in its own encoding: csv, base64 with no
compression, zlib, gzip or zstd), writes it in both of Tiled's formats, loads
both, and checks the gids round-trip and the two formats give the same layers.
Where pytmx can read the TMX (finite, no zstd, no hex-rotation flag) its gids
must agree too.
"""

from __future__ import annotations

import base64
import gzip
import json
import os
import shutil
import zlib
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.tiled import load_map
from game.tiled import model as m

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
GOOD = Path(__file__).resolve().parents[2] / "tests" / "data" / "good_maps"

FLAGS = [0, m.FLIPPED_HORIZONTALLY, m.FLIPPED_VERTICALLY, m.FLIPPED_DIAGONALLY, m.ROTATED_HEXAGONAL_120,
         m.FLIPPED_HORIZONTALLY | m.FLIPPED_VERTICALLY | m.FLIPPED_DIAGONALLY, m.GID_FLAG_MASK]
ENCODINGS = [("csv", None), ("base64", None), ("base64", "zlib"), ("base64", "gzip"), ("base64", "zstd")]
CHUNK = 4
"""Side of the chunks of infinite maps (Tiled uses 16; any size is valid)."""


@dataclass(frozen=True)
class LayerSpec:
    gids: tuple[int, ...]
    encoding: str
    compression: str | None


@dataclass(frozen=True)
class MapSpec:
    width: int
    height: int
    infinite: bool
    origin: tuple[int, int]
    layers: tuple[LayerSpec, ...]


@st.composite
def maps(draw: st.DrawFn) -> MapSpec:
    width = draw(st.integers(1, 9))
    height = draw(st.integers(1, 9))
    infinite = draw(st.booleans())
    origin = (draw(st.integers(-3, 3)) * CHUNK, draw(st.integers(-3, 3)) * CHUNK) if infinite else (0, 0)
    if infinite:  # whole chunks, so the bounding box is exactly the drawn rectangle
        width, height = -(-width // CHUNK) * CHUNK, -(-height // CHUNK) * CHUNK
    gid = st.builds(lambda tile, flag: (tile | flag) if tile else 0, st.integers(0, 8), st.sampled_from(FLAGS))
    layers = []
    for _ in range(draw(st.integers(1, 3))):
        gids = draw(st.lists(gid, min_size=width * height, max_size=width * height))
        if infinite:  # a chunk Tiled would drop (all empty) stays in the file; keep one tile so the box is fixed
            gids[0] = gids[0] or 1
            gids[-1] = gids[-1] or 1
        encoding, compression = draw(st.sampled_from(ENCODINGS))
        layers.append(LayerSpec(tuple(gids), encoding, compression))
    return MapSpec(width, height, infinite, origin, tuple(layers))


def encode(gids: list[int], encoding: str, compression: str | None) -> str:
    if encoding == "csv":
        return ",".join(map(str, gids))
    raw = b"".join(g.to_bytes(4, "little") for g in gids)
    if compression == "zlib":
        raw = zlib.compress(raw)
    elif compression == "gzip":
        raw = gzip.compress(raw, mtime=0)
    elif compression == "zstd":
        import zstandard

        raw = zstandard.ZstdCompressor().compress(raw)
    return base64.b64encode(raw).decode("ascii")


def pieces(spec: MapSpec, layer: LayerSpec) -> list[tuple[int, int, int, int, list[int]]]:
    """(x, y, width, height, gids) of the layer's chunks, or of the one finite rectangle."""
    rows = [list(layer.gids[r * spec.width:(r + 1) * spec.width]) for r in range(spec.height)]
    if not spec.infinite:
        return [(0, 0, spec.width, spec.height, list(layer.gids))]
    ox, oy = spec.origin
    return [(ox + cx, oy + cy, CHUNK, CHUNK, [g for row in rows[cy:cy + CHUNK] for g in row[cx:cx + CHUNK]])
            for cy in range(0, spec.height, CHUNK) for cx in range(0, spec.width, CHUNK)]


def write_tmx(spec: MapSpec, path: Path) -> None:
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" '
           f'width="{spec.width}" height="{spec.height}" tilewidth="16" tileheight="16" '
           f'infinite="{int(spec.infinite)}" nextlayerid="{len(spec.layers) + 1}" nextobjectid="1">',
           ' <tileset firstgid="1" source="tilesets/terrain.tsx"/>']
    for i, layer in enumerate(spec.layers):
        comp = f' compression="{layer.compression}"' if layer.compression else ""
        out.append(f' <layer id="{i + 1}" name="layer {i}" width="{spec.width}" height="{spec.height}">')
        out.append(f'  <data encoding="{layer.encoding}"{comp}>')
        for x, y, w, h, gids in pieces(spec, layer):
            text = encode(gids, layer.encoding, layer.compression)
            out.append(f'   <chunk x="{x}" y="{y}" width="{w}" height="{h}">{text}</chunk>' if spec.infinite else text)
        out.append('  </data>')
        out.append(' </layer>')
    out.append('</map>')
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


def write_tmj(spec: MapSpec, path: Path) -> None:
    layers = []
    for i, layer in enumerate(spec.layers):
        entry: dict[str, object] = {"id": i + 1, "name": f"layer {i}", "type": "tilelayer", "opacity": 1,
                                    "visible": True, "x": 0, "y": 0, "width": spec.width, "height": spec.height}
        if layer.encoding == "base64":
            entry["encoding"] = "base64"
            entry["compression"] = layer.compression or ""

        def data(gids: list[int]) -> object:
            return gids if layer.encoding == "csv" else encode(gids, layer.encoding, layer.compression)

        if spec.infinite:
            entry["startx"], entry["starty"] = spec.origin
            entry["chunks"] = [{"x": x, "y": y, "width": w, "height": h, "data": data(g)}
                               for x, y, w, h, g in pieces(spec, layer)]
        else:
            entry["data"] = data(list(layer.gids))
        layers.append(entry)
    doc = {"type": "map", "version": "1.8", "tiledversion": "1.8.2", "orientation": "orthogonal",
           "renderorder": "right-down", "width": spec.width, "height": spec.height, "tilewidth": 16,
           "tileheight": 16, "infinite": spec.infinite, "nextlayerid": len(layers) + 1, "nextobjectid": 1,
           "tilesets": [{"firstgid": 1, "source": "tilesets/terrain.tsx"}], "layers": layers}
    path.write_text(json.dumps(doc), encoding="utf-8")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A project with the good maps' terrain tileset and image, for the generated maps to use."""
    root = tmp_path_factory.mktemp("roundtrip")
    shutil.copytree(GOOD / "tilesets", root / "tilesets")
    shutil.copytree(GOOD / "images", root / "images")
    return root


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(spec=maps())
def test_random_maps_round_trip_their_gids_through_tmx_and_json_alike(folder: Path, spec: MapSpec) -> None:
    write_tmx(spec, folder / "random.tmx")
    write_tmj(spec, folder / "random.tmj")
    tmx = load_map(folder / "random.tmx")
    tmj = load_map(folder / "random.tmj")
    for tmap in (tmx, tmj):
        assert (tmap.width, tmap.height, tmap.origin) == (spec.width, spec.height, spec.origin)
        assert [(x.x, x.y) for x in tmap.layers] == [spec.origin] * len(spec.layers)  # type: ignore[union-attr]
        assert [x.data for x in tmap.layers] == [x.gids for x in spec.layers]  # type: ignore[union-attr]
    assert tmx.layers == tmj.layers

    readable = not spec.infinite and all(
        x.compression != "zstd" and not any(g & m.ROTATED_HEXAGONAL_120 for g in x.gids) for x in spec.layers)
    if readable:
        assert_pytmx_agrees(folder / "random.tmx", spec)


def assert_pytmx_agrees(path: Path, spec: MapSpec) -> None:
    pytmx = pytest.importorskip("pytmx")
    theirs = pytmx.TiledMap(str(path))
    flags_of = {gid: flags for (_, flags), (gid, _) in
                ((k, v) for k, v in theirs.imagemap.items() if isinstance(v, tuple))}
    for i, layer in enumerate(spec.layers):
        data = theirs.get_layer_by_name(f"layer {i}").data
        for index, raw in enumerate(layer.gids):
            pgid = data[index // spec.width][index % spec.width]
            if raw == 0:
                assert pgid == 0
                continue
            assert theirs.tiledgidmap[pgid] == raw & m.GID_MASK
            h, v, d = flags_of[pgid]
            assert (bool(h), bool(v), bool(d)) == (bool(raw & m.FLIPPED_HORIZONTALLY), bool(raw & m.FLIPPED_VERTICALLY),
                                                   bool(raw & m.FLIPPED_DIAGONALLY))
