"""The Tiled loader reads every feature the battle maps use, TMX and JSON alike.

Fixtures live in ``tests/data/good_maps`` (see its ``make_fixtures.py``); the
``.tmj``/``.tsj`` files there were exported by Tiled 1.8 from the TMX ones.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.errors import MapError
from game.tiled import DEFAULT_LIMITS, Limits, find_project_root, load_board, load_map
from game.tiled import model as m

GOOD = Path(__file__).resolve().parents[2] / "tests" / "data" / "good_maps"

H, V, D = m.FLIPPED_HORIZONTALLY, m.FLIPPED_VERTICALLY, m.FLIPPED_DIAGONALLY

GRID = (
    1, 2, 2, 2, 1,
    1, 3 | H, 4, 5 | V, 1,
    1, 6 | D, 1, 7 | H | V, 1,
    2, 2, 2, 2, 8,
)
"""The 5x4 ground layer (gids with flip flags) of every map that shows the shared grid."""


def layer(tmap: m.TiledMap, name: str) -> m.Layer:
    (found,) = [x for x in tmap.iter_layers() if x.base.name == name]
    return found


def tile_layer(tmap: m.TiledMap, name: str) -> m.TileLayer:
    found = layer(tmap, name)
    assert isinstance(found, m.TileLayer)
    return found


def objects(tmap: m.TiledMap, name: str) -> dict[int, m.MapObject]:
    found = layer(tmap, name)
    assert isinstance(found, m.ObjectLayer)
    return {o.id: o for o in found.objects}


def tile_properties(tmap: m.TiledMap, gid: int) -> m.Properties:
    ts = tmap.tileset_for(gid)
    assert ts is not None
    tile = ts.tiles.get((gid & m.GID_MASK) - ts.firstgid)
    return tile.properties if tile else {}


# -- tile layers, encodings, tilesets ----------------------------------------------------------

@pytest.mark.parametrize("name", [
    "embedded.tmx", "embedded.tmj", "external_tsx.tmx", "external_tsj.tmj", "tsx_without_image_size.tmx",
    "base64_uncompressed.tmx", "compression_zlib.tmx", "compression_gzip.tmx", "compression_zstd.tmx",
    "compression_zstd.tmj",
])
def test_ground_layer_gids_and_flip_flags_are_read_exactly_from_every_encoding(name: str) -> None:
    tmap = load_map(GOOD / name)
    ground = tile_layer(tmap, "ground")
    assert (ground.x, ground.y, ground.width, ground.height) == (0, 0, 5, 4)
    assert ground.data == GRID


def test_cells_are_addressed_by_column_and_row_with_flags_kept() -> None:
    ground = tile_layer(load_map(GOOD / "compression_zstd.tmx"), "ground")
    assert ground.gid_at(1, 1) == 3 | H
    assert ground.gid_at(3, 1) == 5 | V
    assert ground.gid_at(1, 2) == 6 | D
    assert ground.gid_at(3, 2) == 7 | H | V
    assert ground.gid_at(4, 3) == 8
    assert ground.gid_at(5, 0) == 0 and ground.gid_at(-1, 0) == 0


def test_xml_tile_elements_encoding_is_read() -> None:
    decor = tile_layer(load_map(GOOD / "external_tsx.tmx"), "decor")
    assert decor.gid_at(4, 0) == 9
    assert decor.gid_at(0, 2) == 12
    assert decor.gid_at(4, 3) == 9 | H
    assert sum(1 for g in decor.data if g) == 3


@pytest.mark.parametrize("name", ["embedded.tmx", "external_tsx.tmx", "external_tsj.tmj", "embedded.tmj"])
def test_tile_terrain_properties_are_typed(name: str) -> None:
    tmap = load_map(GOOD / name)
    assert tile_properties(tmap, 2) == {"wall": True}
    assert tile_properties(tmap, 3 | H) == {"difficult": True}
    assert tile_properties(tmap, 4) == {"damage": "1d6 fire", "dangerous": True}
    assert tile_properties(tmap, 5) == {"dangerous": False}
    assert tile_properties(tmap, 1) == {}


@pytest.mark.parametrize("name", ["external_tsx.tmx", "external_tsj.tmj", "embedded.tmx", "embedded.tmj"])
def test_tile_properties_of_every_simple_type_keep_their_tiled_type(name: str) -> None:
    tmap = load_map(GOOD / name)
    props = tile_properties(tmap, 7)
    assert props == {
        "glow": m.Color(0, 255, 0, 255),  # "#ff00ff00" is #AARRGGBB
        "steps": 3,
        "label": "altar",
        "lit": True,
        "lore": m.FileRef(GOOD / "images" / "token.png"),  # resolved against the file that holds it
        "weight": 1.5,
    }
    assert type(props["steps"]) is int and type(props["weight"]) is float and type(props["lit"]) is bool


def test_file_property_resolves_against_the_tileset_file_not_the_map() -> None:
    tsx = load_map(GOOD / "external_tsx.tmx")
    assert tsx.tilesets[0].source == GOOD / "tilesets" / "terrain.tsx"
    assert tile_properties(tsx, 7)["lore"] == m.FileRef(GOOD / "images" / "token.png")


def test_tile_class_comes_from_type_or_class_attribute() -> None:
    old = load_map(GOOD / "objects_type.tmx").tilesets[0].tiles[1]
    new = load_map(GOOD / "objects_class.tmx").tilesets[0].tiles[1]
    assert old.class_name == new.class_name == "Wall"


def test_tileset_geometry_and_image_are_read() -> None:
    (ts,) = load_map(GOOD / "embedded.tmx").tilesets
    assert (ts.firstgid, ts.name, ts.source) == (1, "terrain", None)
    assert (ts.tile_width, ts.tile_height, ts.tile_count, ts.columns) == (16, 16, 8, 4)
    assert ts.image == m.Image(GOOD / "images" / "terrain.png", 64, 32)
    assert ts.contains(1) and ts.contains(8) and not ts.contains(9)


def test_tsx_image_without_width_and_height_takes_its_size_from_the_png_header() -> None:
    (ts,) = load_map(GOOD / "tsx_without_image_size.tmx").tilesets
    assert ts.source == GOOD / "tilesets" / "terrain_nosize.tsx"
    assert ts.image is not None and (ts.image.width, ts.image.height) == (64, 32)
    assert (ts.columns, ts.tile_count) == (4, 8)


def test_json_map_reads_its_external_json_tileset() -> None:
    tmj = load_map(GOOD / "external_tsj.tmj")
    tmx = load_map(GOOD / "external_tsx.tmx")
    assert tmj.tilesets[0].source == GOOD / "tilesets" / "terrain.tsj"
    assert tmj.tilesets[0].tiles == tmx.tilesets[0].tiles
    assert tmj.tilesets[0].image == tmx.tilesets[0].image
    assert [x.data for x in tmj.layers] == [x.data for x in tmx.layers]  # type: ignore[union-attr]


def test_image_collection_tileset_owns_only_the_ids_it_declares() -> None:
    tmap = load_map(GOOD / "groups_and_images.tmx")
    tokens = tmap.tilesets[1]
    assert (tokens.firstgid, tokens.name, tokens.image) == (9, "tokens", None)
    assert tokens.tiles[0].image == m.Image(GOOD / "images" / "token.png", 16, 16)
    assert tokens.tiles[3].image == m.Image(GOOD / "images" / "backdrop.png", 48, 32)
    assert [tokens.contains(g) for g in (9, 10, 11, 12, 13)] == [True, False, False, True, False]
    assert tmap.tileset_for(12 | H) is tokens and tmap.tileset_for(8) is tmap.tilesets[0]
    assert tile_layer(tmap, "floor").gid_at(3, 2) == 12


# -- properties ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["embedded.tmx", "embedded.tmj"])
def test_map_properties_of_every_tiled_type_are_typed(name: str) -> None:
    props = load_map(GOOD / name).properties
    stats = props.pop("stats")  # type: ignore[attr-defined]
    assert props == {
        "boss": m.ObjectRef(2),
        "fog": m.Color(0x11, 0x22, 0x33, 0x80),
        "light": 0.75,
        "music": m.FileRef(GOOD / "images" / "backdrop.png"),
        "night": True,
        "notes": "first line\nsecond line",
        "round_limit": 12,
        "title": "Embedded tileset",
    }
    assert isinstance(stats, m.ClassValue)
    assert dict(stats.members) == {"hp": 30, "name": "Ogre"}
    # Tiled 1.8 does not keep the class name when it does not know the type (no project loaded).
    assert stats.type_name == ("Stats" if name.endswith(".tmx") else "")


@pytest.mark.parametrize("name", ["embedded.tmx", "embedded.tmj"])
def test_object_properties_are_typed(name: str) -> None:
    lamp = objects(load_map(GOOD / name), "things")[1]
    assert (lamp.name, lamp.class_name, lamp.shape, lamp.x, lamp.y) == ("Lamp", "light", m.ObjectShape.POINT, 8, 8)
    assert lamp.properties == {"colour": m.Color(255, 204, 0, 255), "radius": 2.5, "target": m.ObjectRef(2)}


def test_map_header_is_read() -> None:
    tmap = load_map(GOOD / "embedded.tmx")
    assert tmap.path == GOOD / "embedded.tmx" and tmap.root.folders == (GOOD,)
    assert tmap.orientation is m.Orientation.ORTHOGONAL
    assert (tmap.width, tmap.height, tmap.tile_width, tmap.tile_height) == (5, 4, 16, 16)
    assert (tmap.infinite, tmap.origin, tmap.render_order) == (False, (0, 0), "right-down")
    assert tmap.background == m.Color(0x20, 0x20, 0x20)


# -- objects: class= and type=, templates -------------------------------------------------------

def test_object_class_attribute_of_tiled_1_9_and_type_attribute_of_older_tiled_read_alike() -> None:
    new = load_map(GOOD / "objects_class.tmx")
    old = load_map(GOOD / "objects_type.tmx")
    assert {i: o.class_name for i, o in objects(new, "actors").items()} == {1: "creature", 2: "creature", 3: "decoration"}
    assert objects(new, "actors") == objects(old, "actors")
    assert new.class_name == "arena" and layer(new, "actors").base.class_name == "spawns"
    assert layer(new, "ground").base.class_name == "floor" and new.tilesets[0].class_name == "floors"


@pytest.mark.parametrize("name", ["templates.tmx", "templates.tmj"])
def test_shape_template_gives_its_object_and_instances_override_what_they_set(name: str) -> None:
    zones = objects(load_map(GOOD / name), "zones")
    plain, fire = zones[1], zones[2]
    assert plain.template == fire.template == GOOD / "templates" / "zone.tx"
    assert (plain.name, plain.class_name, plain.shape) == ("zone", "hazard", m.ObjectShape.RECTANGLE)
    assert (plain.x, plain.y, plain.width, plain.height) == (0, 0, 32, 16)
    assert plain.properties == {"damage": "1d4 acid", "dangerous": True, "note": "from the template"}
    assert (fire.name, fire.class_name, fire.x, fire.y, fire.width) == ("fire zone", "hazard", 0, 32, 32)
    assert fire.properties == {"damage": "1d8 fire", "dangerous": True, "note": "from the template"}


@pytest.mark.parametrize("name", ["templates.tmx", "templates.tmj"])
def test_tile_template_gid_is_renumbered_into_the_maps_tilesets(name: str) -> None:
    tmap = load_map(GOOD / name)
    props = objects(tmap, "props")
    barrel, patched, flipped, goblin, crate = props[3], props[4], props[5], props[6], props[7]
    # barrel.tx counts gids in its own tileset list (terrain.tsx at 1); the map has terrain.tsx at 5.
    assert (barrel.gid, barrel.shape, barrel.name, barrel.class_name) == (6, m.ObjectShape.TILE, "barrel", "prop")
    assert barrel.properties == {"hp": 5, "wall": True}
    assert patched.gid == 6 and patched.properties == {"hp": 9, "wall": True}
    assert flipped.gid == 6 | H  # an instance's own gid is in the map's numbering, flags included
    assert (goblin.gid, goblin.name, goblin.class_name) == (1, "Snik", "creature")
    assert goblin.properties == {"side": "monsters", "template": "goblin"}
    # crate.tx's tileset is not in the map: it is added after the others.
    nosize = tmap.tilesets[-1]
    assert (nosize.name, nosize.firstgid, nosize.source) == ("terrain_nosize", 13, GOOD / "tilesets" / "terrain_nosize.tsx")
    assert crate.gid == 15 and tmap.tileset_for(crate.gid) is nosize


def test_templates_map_gives_the_same_board_from_tmx_and_json() -> None:
    _, tmx = load_board(GOOD / "templates.tmx")
    _, tmj = load_board(GOOD / "templates.tmj")
    assert tmx.special_cells() == tmj.special_cells()
    assert tmx.placements == tmj.placements


# -- infinite maps ------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["infinite_csv.tmx", "infinite_base64.tmx", "infinite.tmj", "infinite_base64.tmj"])
def test_infinite_map_spans_the_bounding_box_of_its_chunks(name: str) -> None:
    tmap = load_map(GOOD / name)
    assert tmap.infinite
    assert tmap.origin == (-16, 0) and (tmap.width, tmap.height) == (48, 32)
    ground = tile_layer(tmap, "ground")
    assert (ground.x, ground.y, ground.width, ground.height) == (-16, 0, 48, 32)


@pytest.mark.parametrize("name", ["infinite_csv.tmx", "infinite_base64.tmx", "infinite.tmj", "infinite_base64.tmj"])
def test_infinite_map_places_each_chunk_at_its_own_position(name: str) -> None:
    ground = tile_layer(load_map(GOOD / name), "ground")
    # chunk at (-16, 0)
    assert [ground.gid_at(c, r) for c, r in [(-16, 0), (-1, 0), (-16, 15), (-1, 15), (-8, 7)]] == [2, 3 | H, 4, 6 | V, 1]
    # chunk at (16, 16)
    assert [ground.gid_at(c, r) for c, r in [(16, 16), (31, 16), (16, 31), (31, 31), (23, 23)]] == [2, 3 | H, 4, 6 | V, 1]
    # the gap between them is empty
    assert ground.gid_at(0, 0) == 0 and ground.gid_at(5, 20) == 0 and ground.gid_at(-16, 16) == 0
    assert sum(1 for g in ground.data if g) == 10


def test_infinite_board_has_cells_with_negative_columns() -> None:
    _, board = load_board(GOOD / "infinite_csv.tmx")
    assert (board.origin, board.width, board.height) == ((-16, 0), 48, 32)
    assert board.is_wall(board.grid.offset_to_cell(-16, 0))
    assert board.grid.offset_to_cell(-17, 0) not in board
    assert board.counts() == {"wall": 2, "difficult": 4, "dangerous": 4}


# -- layers -------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["groups_and_images.tmx", "groups_and_images.tmj"])
def test_group_layers_nest_in_file_order(name: str) -> None:
    tmap = load_map(GOOD / name)
    assert [type(x).__name__ for x in tmap.layers] == ["ImageLayer", "GroupLayer", "ObjectLayer"]
    assert [x.base.name for x in tmap.iter_layers()] == ["backdrop", "terrain", "floor", "upper", "walls", "hazards", "creatures"]
    terrain = layer(tmap, "terrain")
    assert isinstance(terrain, m.GroupLayer) and terrain.base.properties == {"difficult": True}
    assert layer(tmap, "upper").base.opacity == pytest.approx(0.8)
    assert layer(tmap, "walls").base.visible is False
    assert tile_layer(tmap, "walls").gid_at(3, 0) == 2


@pytest.mark.parametrize("name", ["groups_and_images.tmx", "groups_and_images.tmj"])
def test_image_layer_is_read_with_its_offset_and_opacity(name: str) -> None:
    backdrop = layer(load_map(GOOD / name), "backdrop")
    assert isinstance(backdrop, m.ImageLayer)
    assert backdrop.image == m.Image(GOOD / "images" / "backdrop.png", 48, 32)
    assert backdrop.base.offset == (4, 2) and backdrop.base.opacity == 0.5


@pytest.mark.parametrize("name", ["hex_pointy.tmx", "hex_flat.tmx", "hex_flat.tmj"])
def test_hexagonal_map_keeps_its_stagger_settings(name: str) -> None:
    tmap = load_map(GOOD / name)
    assert tmap.orientation is m.Orientation.HEXAGONAL and tmap.hex_side_length == 8
    expected = ("y", "odd") if "pointy" in name else ("x", "even")
    assert (tmap.stagger_axis.value, tmap.stagger_index.value) == expected


def test_every_good_map_loads_into_a_board() -> None:
    names = sorted(p.name for p in GOOD.iterdir() if p.suffix in (".tmx", ".tmj"))
    assert len(names) >= 20
    for name in names:
        load_board(GOOD / name)


def test_tileds_own_sewers_example_with_its_old_doctype_loads() -> None:
    # Tiled before 0.10 wrote <!DOCTYPE map SYSTEM "http://mapeditor.org/dtd/1.0/map.dtd"> into
    # every map; Tiled's examples/sewer_automap/sewers.tmx still has it (copied unchanged)
    path = GOOD / "tiled_examples" / "sewer_automap" / "sewers.tmx"
    assert b'<!DOCTYPE map SYSTEM "http://mapeditor.org/dtd/1.0/map.dtd">' in path.read_bytes()
    tmap, board = load_board(path)
    assert (tmap.width, tmap.height, len(board)) == (31, 31, 961)
    assert [ts.name for ts in tmap.tilesets] == ["rules_sewers", "sewer_tileset"]
    assert any(gid for gid in tile_layer(tmap, "set").data)


def test_bare_doctype_is_ignored_without_reading_its_dtd(tmp_path: Path) -> None:
    (tmp_path / "local.dtd").write_text('<!ENTITY name "from the DTD">\n')
    body = ('<map orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="8">\n'
            ' <properties><property name="title" value="{}"/></properties>\n'
            ' <layer name="g" width="1" height="1"><data encoding="csv">0</data></layer>\n</map>\n')
    plain = tmp_path / "plain.tmx"
    plain.write_text('<?xml version="1.0"?>\n<!DOCTYPE map SYSTEM "local.dtd">\n' + body.format("a &amp; b"))
    assert load_map(plain).properties["title"] == "a & b"
    public = tmp_path / "public.tmx"
    public.write_text('<!DOCTYPE map PUBLIC "-//x//y" "local.dtd">' + body.format("&lt;ok&gt;"))
    assert load_map(public).properties["title"] == "<ok>"
    uses_dtd = tmp_path / "uses_dtd.tmx"
    uses_dtd.write_text('<?xml version="1.0"?>\n<!DOCTYPE map SYSTEM "local.dtd">\n' + body.format("&name;"))
    with pytest.raises(MapError, match=r"uses_dtd\.tmx: line 4, column \d+: not valid XML: undefined entity"):
        load_map(uses_dtd)


# -- files, roots and limits --------------------------------------------------------------------

def test_project_root_is_the_folders_of_the_nearest_tiled_project_file_holding_the_map(tmp_path: Path) -> None:
    assert find_project_root(GOOD / "embedded.tmx").folders == (GOOD,)
    assert find_project_root(GOOD / "tilesets" / "terrain.tsx").folders == (GOOD,)
    lonely = tmp_path / "maps" / "a.tmx"
    lonely.parent.mkdir()
    assert find_project_root(lonely).folders == (lonely.parent,)


def test_map_without_project_file_may_not_reach_above_its_folder_unless_given_a_root(tmp_path: Path) -> None:
    (tmp_path / "images").mkdir()
    (tmp_path / "maps").mkdir()
    shutil.copy(GOOD / "images" / "terrain.png", tmp_path / "images")
    text = (GOOD / "embedded.tmx").read_text().replace('"images/', '"../images/')
    (tmp_path / "maps" / "up.tmx").write_text(text)
    with pytest.raises(MapError, match=r"tileset 'terrain': '\.\./images/terrain\.png' lies outside the project root .*--root"):
        load_map(tmp_path / "maps" / "up.tmx")
    assert load_map(tmp_path / "maps" / "up.tmx", root=tmp_path).root.folders == (tmp_path.resolve(),)


def test_missing_map_file_is_refused_naming_it(tmp_path: Path) -> None:
    with pytest.raises(MapError, match="file not found"):
        load_map(tmp_path / "nowhere.tmx")


@pytest.mark.parametrize("limits, message", [
    (Limits(max_file_bytes=1000), "larger than the limit of 1000"),
    (Limits(max_side=4), "'width' is 5, more than the limit of 4"),
    (Limits(max_cells=19), "5x4 = 20 cells, more than the limit of 19"),
    (Limits(max_layers=1), "2 layers, more than the limit of 1"),
    (Limits(max_objects=2), "3 objects, more than the limit of 2"),
    (Limits(max_tilesets=0), "1 tilesets, more than the limit of 0"),
    (Limits(max_layer_cells=19), "1 tile layers of 5x4 cells hold 20 cells"),
    (Limits(max_tiles_per_tileset=4), "'tilecount' is 8, more than the limit of 4"),
    (Limits(max_image_side=32), "64x32 pixels, larger than the limit of 32 a side"),
    (Limits(max_image_pixels=2047), "64x32 pixels, larger than the limit of 16384 a side / 2047 pixels"),
])
def test_every_limit_is_checked(limits: Limits, message: str) -> None:
    with pytest.raises(MapError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_map(GOOD / "embedded.tmx", limits=limits)
    load_map(GOOD / "embedded.tmx", limits=DEFAULT_LIMITS)


def test_declared_map_size_is_refused_at_the_map_tag_before_the_layers_are_parsed(tmp_path: Path) -> None:
    """The caps are checked before parsing: the broken XML after the <map> tag is never reached."""
    path = tmp_path / "huge_then_broken.tmx"
    path.write_text('<?xml version="1.0"?>\n<map version="1.8" orientation="orthogonal" width="100000" '
                    'height="100000" tilewidth="16" tileheight="16">\n<layer <<< not xml at all')
    with pytest.raises(MapError) as caught:
        load_map(path)
    assert "'width' is 100000, more than the limit of 2048" in str(caught.value)
    assert "not valid XML" not in str(caught.value)
