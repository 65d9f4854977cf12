"""Differential test: on every map pytmx can read, we read the same tiles, flags and properties.

pytmx renumbers gids: ``layer.data[y][x]`` is its own gid, ``tiledgidmap`` maps it
back to Tiled's gid and ``imagemap`` holds the flip flags it split off. Its
property values are plain (a colour or file stays the text written in the file),
so ours are compared by meaning: a colour parses to our Color, a file path
resolves to our FileRef, an object reference is the same id.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
pytmx = pytest.importorskip("pytmx")

from game.tiled import load_map  # noqa: E402
from game.tiled import model as m  # noqa: E402
from game.tiled.build import parse_color  # noqa: E402

GOOD = Path(__file__).resolve().parents[2] / "tests" / "data" / "good_maps"

PYTMX_READABLE = [
    "base64_uncompressed.tmx", "compression_zlib.tmx", "compression_gzip.tmx",
    "groups_and_images.tmx", "hex_pointy.tmx", "hex_flat.tmx", "templates.tmx",
]
"""Our fixtures pytmx 3.32 loads. It refuses the others: zstd, infinite maps, XML tile
elements, ``class`` properties without a project, a ``.tsx`` image without a size, and a
custom property named ``template`` on an object (a reserved name for pytmx)."""

PYTMX_OWN_KEYS = {"id", "type", "class", "width", "height", "frames", "source", "trans", "colliders", "probability"}
"""Keys pytmx adds to a tile's properties from the tile's attributes."""


def same_value(ours: m.PropertyValue, theirs: Any, base_dir: Path) -> bool:
    if isinstance(ours, m.Color):
        return parse_color(str(theirs), Path("pytmx"), "") == ours
    if isinstance(ours, m.FileRef):
        return (base_dir / str(theirs)).resolve() == ours.path
    if isinstance(ours, m.ObjectRef):
        return int(theirs) == ours.id
    return type(ours) is type(theirs) and ours == theirs


def assert_same_properties(ours: m.Properties, theirs: dict[str, Any], base_dir: Path, ignore: set[str] = set()) -> None:
    custom = {k: v for k, v in theirs.items() if k not in ignore}
    assert set(ours) == set(custom)
    for name, value in ours.items():
        assert same_value(value, custom[name], base_dir), (name, value, custom[name])


def our_cells(tmap: m.TiledMap, layer: m.TileLayer) -> dict[tuple[int, int], tuple[int, tuple[bool, bool, bool], str, m.Properties, Path]]:
    out = {}
    for i, raw in enumerate(layer.data):
        gid = raw & m.GID_MASK
        if not gid:
            continue
        ts = tmap.tileset_for(gid)
        assert ts is not None
        tile = ts.tiles.get(gid - ts.firstgid)
        flags = (bool(raw & m.FLIPPED_HORIZONTALLY), bool(raw & m.FLIPPED_VERTICALLY), bool(raw & m.FLIPPED_DIAGONALLY))
        base_dir = ts.source.parent if ts.source else tmap.path.parent
        out[(i % layer.width, i // layer.width)] = (gid, flags, tile.class_name if tile else "",
                                                    tile.properties if tile else {}, base_dir)
    return out


@pytest.mark.parametrize("name", PYTMX_READABLE)
def test_tile_layers_show_the_same_tiles_flags_and_tile_properties_as_pytmx(name: str) -> None:
    ours = load_map(GOOD / name)
    theirs = pytmx.TiledMap(str(GOOD / name))
    flags_of = {gid: flags for (_, flags), (gid, _) in
                ((k, v) for k, v in theirs.imagemap.items() if isinstance(v, tuple))}
    layers = [x for x in ours.iter_layers() if isinstance(x, m.TileLayer)]
    assert {x.base.name for x in layers} == {x.name for x in theirs.layers if isinstance(x, pytmx.TiledTileLayer)}
    for layer in layers:
        cells = our_cells(ours, layer)
        their_layer = theirs.get_layer_by_name(layer.base.name)
        assert (their_layer.width, their_layer.height) == (layer.width, layer.height)
        for y, row in enumerate(their_layer.data):
            for x, pgid in enumerate(row):
                if not pgid:
                    assert (x, y) not in cells
                    continue
                gid, flags, class_name, props, base_dir = cells[(x, y)]
                assert theirs.tiledgidmap[pgid] == gid
                assert tuple(bool(f) for f in flags_of[pgid]) == flags
                their_props = theirs.tile_properties.get(pgid, {})
                assert class_name == (their_props.get("type") or their_props.get("class") or "")
                assert_same_properties(props, their_props, base_dir, ignore=PYTMX_OWN_KEYS)


@pytest.mark.parametrize("name", PYTMX_READABLE)
def test_map_and_layer_properties_equal_pytmx(name: str) -> None:
    ours = load_map(GOOD / name)
    theirs = pytmx.TiledMap(str(GOOD / name))
    assert ours.orientation.value == theirs.orientation
    assert (ours.width, ours.height, ours.tile_width, ours.tile_height) == (
        theirs.width, theirs.height, theirs.tilewidth, theirs.tileheight)
    assert_same_properties(ours.properties, theirs.properties, GOOD)
    for layer in ours.iter_layers():
        assert_same_properties(layer.base.properties, theirs.get_layer_by_name(layer.base.name).properties, GOOD)


@pytest.mark.parametrize("name", [n for n in PYTMX_READABLE if n != "templates.tmx"])  # pytmx resolves no templates
def test_objects_equal_pytmx(name: str) -> None:
    ours = load_map(GOOD / name)
    theirs = pytmx.TiledMap(str(GOOD / name))
    for layer in ours.iter_layers():
        if not isinstance(layer, m.ObjectLayer):
            continue
        their_objects = {o.id: o for o in theirs.get_layer_by_name(layer.base.name)}
        assert set(their_objects) == {o.id for o in layer.objects}
        for obj in layer.objects:
            other = their_objects[obj.id]
            # pytmx moves a tile object's y from its bottom edge (Tiled's anchor) to its top edge
            top = obj.y - obj.height if obj.shape is m.ObjectShape.TILE else obj.y
            assert (obj.name, obj.class_name, obj.x, top) == (other.name, other.type or "", other.x, other.y)
            expected = dict(obj.properties)
            if obj.gid:
                assert theirs.tiledgidmap[other.gid] == obj.gid & m.GID_MASK
                # pytmx (like Tiled's editor) shows a tile object with its tile's properties underneath
                ts = ours.tileset_for(obj.gid)
                tile = ts.tiles.get((obj.gid & m.GID_MASK) - ts.firstgid) if ts else None
                expected = {**(tile.properties if tile else {}), **expected}
            assert_same_properties(expected, other.properties, GOOD, ignore=PYTMX_OWN_KEYS if obj.gid else set())
