"""Write the corpus of bad maps (the outputs are committed; rerun after changing a case).

    python tests/data/bad_maps/make_bad_maps.py

Each file is one way a map from a stranger can be wrong or hostile; the loader
must refuse every one with one line per problem naming the file, the place and
what is wrong, in well under a second and without a traceback. The expected
messages live in ``tests/tiled/test_bad_maps.py``.

This folder holds its own ``bad_maps.tiled-project`` file, so it is the project
root of these maps: ``../`` paths lead outside it whatever encloses it.
"""

from __future__ import annotations

import base64
import gzip
import json
import os
import struct
import zlib
from pathlib import Path
from typing import Any, Iterable

HERE = Path(__file__).resolve().parent

HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n'
TILESET = ' <tileset firstgid="1" source="tiles.tsx"/>\n'


def png(width: int, height: int) -> bytes:
    """A valid RGB PNG of one flat colour, written without pygame."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    rows = b"".join(b"\x00" + b"\x50\x60\x70" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def tmx(body: str, width: int = 3, height: int = 3, extra: str = "", tileset: str = TILESET,
        orientation: str = "orthogonal") -> str:
    return (HEADER + f'<map version="1.8" tiledversion="1.8.2" orientation="{orientation}" renderorder="right-down" '
            f'width="{width}" height="{height}" tilewidth="16" tileheight="16" infinite="0"{extra} '
            f'nextlayerid="9" nextobjectid="9">\n{tileset}{body}</map>\n')


def csv_layer(gids: list[int] | str, name: str = "ground", width: int = 3, height: int = 3, extra: str = "") -> str:
    text = gids if isinstance(gids, str) else ",".join(str(g) for g in gids)
    return (f' <layer id="1" name="{name}" width="{width}" height="{height}"{extra}>\n'
            f'  <data encoding="csv">\n{text}\n</data>\n </layer>\n')


def b64_layer(payload: bytes, compression: str = "", name: str = "ground", width: int = 3, height: int = 3) -> str:
    attr = f' compression="{compression}"' if compression else ""
    return (f' <layer id="1" name="{name}" width="{width}" height="{height}">\n'
            f'  <data encoding="base64"{attr}>\n   {base64.b64encode(payload).decode()}\n  </data>\n </layer>\n')


def gid_bytes(gids: Iterable[int]) -> bytes:
    return b"".join(g.to_bytes(4, "little") for g in gids)


FLOOR = csv_layer([1] * 9)


def objects(body: str, name: str = "things") -> str:
    return f' <objectgroup id="2" name="{name}">\n{body} </objectgroup>\n'


def creature(oid: int, name: str, x: float, y: float, side: str | None = "heroes", extra: str = "") -> str:
    props = f'    <property name="side" value="{side}"/>\n' if side is not None else ""
    props += extra
    block = f'   <properties>\n{props}   </properties>\n' if props else ""
    label = f' name="{name}"' if name else ""
    return f'  <object id="{oid}"{label} type="creature" x="{x}" y="{y}">\n{block}   <point/>\n  </object>\n'


def tile_props(props: str, tid: int = 1) -> str:
    """An embedded tileset whose tile ``tid`` carries the given property elements."""
    return (' <tileset firstgid="1" name="tiles" tilewidth="16" tileheight="16" tilecount="2" columns="2">\n'
            '  <image source="tiles.png" width="32" height="16"/>\n'
            f'  <tile id="{tid}">\n   <properties>\n{props}   </properties>\n  </tile>\n </tileset>\n')


def json_map(**changes: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "type": "map", "version": "1.8", "tiledversion": "1.8.2", "orientation": "orthogonal",
        "renderorder": "right-down", "width": 3, "height": 3, "tilewidth": 16, "tileheight": 16,
        "infinite": False, "nextlayerid": 2, "nextobjectid": 1,
        "tilesets": [{"firstgid": 1, "source": "tiles.tsx"}],
        "layers": [{"id": 1, "name": "ground", "type": "tilelayer", "width": 3, "height": 3, "x": 0, "y": 0,
                    "opacity": 1, "visible": True, "data": [1] * 9}],
    }
    doc.update(changes)
    return doc


def cases() -> dict[str, str | bytes]:
    files: dict[str, str | bytes] = {}

    # -- support files (good on their own) ------------------------------------------------
    files["tiles.png"] = png(32, 16)
    files["tiles.tsx"] = (HEADER + '<tileset version="1.8" tiledversion="1.8.2" name="tiles" tilewidth="16" '
                          'tileheight="16" tilecount="2" columns="2">\n <image source="tiles.png" width="32" height="16"/>\n'
                          ' <tile id="1">\n  <properties>\n   <property name="wall" type="bool" value="true"/>\n'
                          '  </properties>\n </tile>\n</tileset>\n')
    files["bad_maps.tiled-project"] = json.dumps({"automappingRulesFile": "", "commands": [],
                                                  "extensionsPath": "extensions", "folders": ["."],
                                                  "propertyTypes": []}, indent=4) + "\n"
    files["huge.png"] = (b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR"
                         + struct.pack(">IIBBBBB", 100_000, 100_000, 8, 6, 0, 0, 0) + b"\0\0\0\0")
    files["entities.tsx"] = (HEADER + '<!DOCTYPE tileset [<!ENTITY lol "lol">]>\n'
                             '<tileset name="&lol;" tilewidth="16" tileheight="16" tilecount="2" columns="2">\n'
                             ' <image source="tiles.png" width="32" height="16"/>\n</tileset>\n')
    files["garbage.tsx"] = "this is not a tileset at all\n"
    files["shape_with_gid.tx"] = (HEADER + '<template>\n <object name="orphan" gid="2" width="16" height="16"/>\n</template>\n')

    # -- XML attacks ----------------------------------------------------------------------------
    laughs = "".join(f' <!ENTITY lol{i} "{("&lol" + str(i - 1) + ";") * 10}">\n' for i in range(1, 10))
    files["billion_laughs.tmx"] = (HEADER + '<!DOCTYPE map [\n <!ENTITY lol0 "lol">\n' + laughs + ']>\n'
                                   + tmx(f' <properties>\n  <property name="title" value="&lol9;"/>\n </properties>\n{FLOOR}')
                                   .removeprefix(HEADER))
    files["external_entity.tmx"] = (HEADER + '<!DOCTYPE map [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n'
                                    + tmx(' <properties>\n  <property name="title" value="&xxe;"/>\n </properties>\n'
                                          + FLOOR).removeprefix(HEADER))
    # A bare DOCTYPE naming an external DTD is accepted (old Tiled wrote one) and its DTD never read:
    # an entity it declares stays undefined. Any internal subset is refused, even an empty one.
    files["entities.dtd"] = '<!ENTITY secret "read from the DTD">\n'
    files["doctype_entity_from_dtd.tmx"] = (HEADER + '<!DOCTYPE map SYSTEM "entities.dtd">\n'
                                            + tmx(' <properties>\n  <property name="title" value="&secret;"/>\n'
                                                  ' </properties>\n' + FLOOR).removeprefix(HEADER))
    files["doctype_internal_subset.tmx"] = (HEADER + '<!DOCTYPE map SYSTEM "http://mapeditor.org/dtd/1.0/map.dtd" []>\n'
                                            + tmx(FLOOR).removeprefix(HEADER))
    files["truncated.tmx"] = tmx(FLOOR)[:260]
    files["not_xml_garbage.tmx"] = bytes(range(1, 256)) * 4
    files["empty.tmx"] = ""
    files["invalid_utf8.tmx"] = tmx(' <properties>\n  <property name="title" value="caf\udce9"/>\n </properties>\n'
                                    + FLOOR).encode("utf-8", "surrogateescape")
    files["wrong_root_element.tmx"] = files["tiles.tsx"]
    files["deep_class_property.tmx"] = tmx(
        ' <properties>\n' + '<property name="p" type="class"><properties>' * 3000
        + '</properties></property>' * 3000 + '\n </properties>\n' + FLOOR)
    files["deep_group_nesting.tmx"] = tmx(
        "<group>" * 3000 + "</group>" * 3000 + "\n")

    # -- sizes --------------------------------------------------------------------------------------
    files["huge_100000x100000.tmx"] = tmx(csv_layer([1] * 9), width=100_000, height=100_000)
    files["huge_cells.tmx"] = tmx(csv_layer([1] * 9), width=2048, height=2048)
    files["negative_size.tmx"] = tmx(csv_layer([1] * 9), width=-5, height=3)
    files["non_numeric_size.tmx"] = tmx(FLOOR).replace('width="3" height="3" tilewidth', 'width="ten" height="3" tilewidth')
    chunk = ",".join(["1"] * 256)
    files["huge_infinite_chunks.tmx"] = tmx(
        ' <layer id="1" name="ground" width="16" height="16">\n  <data encoding="csv">\n'
        f'   <chunk x="0" y="0" width="16" height="16">\n{chunk}\n</chunk>\n'
        f'   <chunk x="1000000" y="1000000" width="16" height="16">\n{chunk}\n</chunk>\n'
        '  </data>\n </layer>\n', width=16, height=16).replace('infinite="0"', 'infinite="1"')
    files["infinite_chunk_wrong_length.tmx"] = tmx(
        ' <layer id="1" name="ground" width="16" height="16">\n  <data encoding="csv">\n'
        f'   <chunk x="0" y="0" width="16" height="16">\n{",".join(["1"] * 200)}\n</chunk>\n'
        '  </data>\n </layer>\n', width=16, height=16).replace('infinite="0"', 'infinite="1"')
    files["chunks_in_finite_map.tmx"] = tmx(
        ' <layer id="1" name="ground" width="3" height="3">\n  <data encoding="csv">\n'
        f'   <chunk x="0" y="0" width="3" height="3">\n{",".join(["1"] * 9)}\n</chunk>\n'
        '  </data>\n </layer>\n')
    files["layer_size_mismatch.tmx"] = tmx(csv_layer([1] * 12, width=4, height=3))
    import zstandard

    zeros = zstandard.ZstdCompressor(level=19).compress(bytes(4 * 1024 * 1024))
    layers = "".join(
        f' <layer id="{i + 1}" name="layer {i + 1}" width="1024" height="1024">\n'
        f'  <data encoding="base64" compression="zstd">{base64.b64encode(zeros).decode()}</data>\n </layer>\n'
        for i in range(64))
    files["many_big_layers.tmx"] = tmx(layers, width=1024, height=1024)

    # -- many problems: each must be refused within a second, listing the first 100 and counting the rest --
    side = 1024
    files["million_unknown_tiles.tmx"] = tmx(
        b64_layer(zlib.compress(gid_bytes(range(3, 3 + side * side)), 9), "zlib", width=side, height=side),
        width=side, height=side)
    creatures = "".join(f'  <object id="{i}" name="Ghost {i}" type="creature" x="8" y="8"><point/></object>\n'
                        for i in range(1, 2001))
    files["many_creatures_without_side.tmx"] = tmx(FLOOR + objects(creatures))
    # terrain shapes whose cells would take hours to find: 3000 whole-map rectangles, a 20000-point polygon
    empty_layer = b64_layer(zlib.compress(bytes(4 * side * side), 9), "zlib", width=side, height=side)
    difficult = '<properties><property name="difficult" type="bool" value="true"/></properties>'
    rectangles = "".join(f'  <object id="{i}" x="0" y="0" width="16384" height="16384">{difficult}</object>\n'
                         for i in range(1, 3001))
    files["many_terrain_rectangles.tmx"] = tmx(empty_layer + objects(rectangles), width=side, height=side)
    zigzag = " ".join(f"{i % 2 * 16384},{i * 0.8}" for i in range(20_000))
    files["huge_terrain_polygon.tmx"] = tmx(empty_layer + objects(
        f'  <object id="1" x="0" y="0">{difficult}<polygon points="{zigzag}"/></object>\n'), width=side, height=side)

    # -- layer data ---------------------------------------------------------------------------------
    files["wrong_data_length_csv.tmx"] = tmx(csv_layer([1] * 8))
    files["wrong_data_length_base64.tmx"] = tmx(b64_layer(gid_bytes([1] * 10)))
    files["wrong_data_length_zlib.tmx"] = tmx(b64_layer(zlib.compress(gid_bytes([1] * 8)), "zlib"))
    files["zlib_bomb.tmx"] = tmx(b64_layer(zlib.compress(bytes(4 * 1024 * 1024), 9), "zlib", width=4, height=4),
                                 width=4, height=4)
    files["gzip_bomb.tmx"] = tmx(b64_layer(gzip.compress(bytes(4 * 1024 * 1024), 9, mtime=0), "gzip", width=4, height=4),
                                 width=4, height=4)
    files["zstd_bomb.tmx"] = tmx(b64_layer(zstandard.ZstdCompressor(level=19).compress(bytes(64 * 1024 * 1024)),
                                           "zstd", width=4, height=4), width=4, height=4)
    files["unknown_encoding.tmx"] = tmx(FLOOR.replace('encoding="csv"', 'encoding="base32"'))
    files["unknown_compression.tmx"] = tmx(b64_layer(gid_bytes([1] * 9), "lzma"))
    files["csv_compressed.tmx"] = tmx(FLOOR.replace('encoding="csv"', 'encoding="csv" compression="zlib"'))
    files["bad_base64.tmx"] = tmx(' <layer id="1" name="ground" width="3" height="3">\n'
                                  '  <data encoding="base64">!!! not base64 !!!</data>\n </layer>\n')
    files["bad_zlib.tmx"] = tmx(b64_layer(b"definitely not zlib data", "zlib"))
    files["bad_zstd.tmx"] = tmx(b64_layer(b"definitely not zstd data", "zstd"))
    files["bad_csv_token.tmx"] = tmx(csv_layer("1,1,x,1,1,1,1,1,1"))
    files["gid_too_large.tmx"] = tmx(csv_layer("1,1,1,1,4294967296,1,1,1,1"))
    files["negative_gid.tmx"] = tmx(csv_layer("1,1,1,1,1,-1,1,1,1"))
    files["xml_tile_bad_gid.tmx"] = tmx(' <layer id="1" name="ground" width="3" height="3">\n  <data>\n'
                                        + '   <tile gid="1"/>\n' * 4 + '   <tile gid="abc"/>\n' + '   <tile gid="1"/>\n' * 4
                                        + '  </data>\n </layer>\n')
    files["unknown_gid.tmx"] = tmx(csv_layer([1, 1, 1, 1, 1, 99, 1, 1, 1]))
    files["unknown_gid_object.tmx"] = tmx(FLOOR + objects('  <object id="1" gid="77" x="0" y="16" width="16" height="16"/>\n'))
    files["newline_in_names.tmx"] = tmx(csv_layer([1] * 8, name="ground&#10;second line"))

    # -- paths ----------------------------------------------------------------------------------------
    files["dotdot_tileset.tmx"] = tmx(FLOOR, tileset=' <tileset firstgid="1" source="../../../etc/passwd"/>\n')
    files["absolute_tileset_path.tmx"] = tmx(FLOOR, tileset=' <tileset firstgid="1" source="/etc/passwd"/>\n')
    files["windows_absolute_path.tmx"] = tmx(FLOOR, tileset=' <tileset firstgid="1" source="C:\\Windows\\win.ini"/>\n')
    files["absolute_image_path.tmx"] = tmx(FLOOR, tileset=tile_props("").replace("tiles.png", "/etc/passwd"))
    files["url_image_path.tmx"] = tmx(FLOOR, tileset=tile_props("").replace("tiles.png", "http://example.com/x.png"))
    files["missing_tileset.tmx"] = tmx(FLOOR, tileset=' <tileset firstgid="1" source="nowhere.tsx"/>\n')
    files["missing_image.tmx"] = tmx(FLOOR, tileset=tile_props("").replace("tiles.png", "nowhere.png"))
    files["folder_as_tileset.tmx"] = tmx(FLOOR, tileset=' <tileset firstgid="1" source="."/>\n')
    files["symlink_escape.tmx"] = tmx(FLOOR, tileset=' <tileset firstgid="1" source="escape.tsx"/>\n')
    files["tileset_with_doctype.tmx"] = tmx(FLOOR, tileset=' <tileset firstgid="1" source="entities.tsx"/>\n')
    files["bad_property.tsx"] = files["tiles.tsx"].replace(
        '<property name="wall" type="bool" value="true"/>', '<property name="height" type="int" value="tall"/>')
    files["tileset_bad_property.tmx"] = tmx(FLOOR, tileset=' <tileset firstgid="1" source="bad_property.tsx"/>\n')
    files["tileset_garbage.tmx"] = tmx(FLOOR, tileset=' <tileset firstgid="1" source="garbage.tsx"/>\n')
    files["huge_image_header.tmx"] = tmx(FLOOR, tileset=tile_props("").replace('source="tiles.png" width="32" height="16"',
                                                                              'source="huge.png"'))
    files["template_outside_root.tmx"] = tmx(FLOOR + objects('  <object id="1" template="../good_maps/templates/zone.tx" x="0" y="0"/>\n'))
    files["missing_template.tmx"] = tmx(FLOOR + objects('  <object id="1" template="nowhere.tx" x="0" y="0"/>\n'))
    files["template_not_template.tmx"] = tmx(FLOOR + objects('  <object id="1" template="tiles.tsx" x="0" y="0"/>\n'))
    files["tile_template_without_tileset.tmx"] = tmx(FLOOR + objects('  <object id="1" template="shape_with_gid.tx" x="0" y="16"/>\n'))

    # -- attributes and properties --------------------------------------------------------------------
    files["isometric.tmx"] = tmx(FLOOR, orientation="isometric")
    files["staggered.tmx"] = tmx(FLOOR, orientation="staggered", extra=' staggeraxis="y" staggerindex="odd"')
    files["unknown_orientation.tmx"] = tmx(FLOOR, orientation="oblique")
    files["bad_stagger.tmx"] = tmx(FLOOR, orientation="hexagonal", extra=' hexsidelength="8" staggeraxis="z" staggerindex="odd"')
    files["hex_side_too_long.tmx"] = tmx(FLOOR, orientation="hexagonal", extra=' hexsidelength="100" staggeraxis="y" staggerindex="odd"')
    files["hex_tiles_too_small.tmx"] = tmx(FLOOR, orientation="hexagonal",
                                           extra=' hexsidelength="0" staggeraxis="x" staggerindex="even"').replace(
                                               'tilewidth="16"', 'tilewidth="1"', 1)
    files["opacity_out_of_range.tmx"] = tmx(csv_layer([1] * 9, extra=' opacity="2.5"'))
    files["bad_color.tmx"] = tmx(FLOOR, extra=' backgroundcolor="#zzzzzz"')
    files["firstgid_zero.tmx"] = tmx(FLOOR, tileset=' <tileset firstgid="0" source="tiles.tsx"/>\n')
    files["bad_polygon.tmx"] = tmx(FLOOR + objects('  <object id="4" name="zone" x="0" y="0">\n   <polygon points="0,0 16,0 16"/>\n  </object>\n'))
    files["infinite_coordinate.tmx"] = tmx(FLOOR + objects('  <object id="5" name="far" x="1e999" y="0" width="16" height="16"/>\n'))
    # numbers and text that look ordinary: each once raised from Python itself (issue 23, class 4)
    files["number_400_digits.tmx"] = tmx(FLOOR + objects(f'  <object id="6" name="far" x="{"9" * 400}" y="0"/>\n'))
    files["json_number_400_digits.tmj"] = json.dumps(json_map(layers=[
        {"id": 2, "name": "things", "type": "objectgroup", "objects": [{"id": 6, "name": "far", "x": 10 ** 400, "y": 0}]}]),
        indent=1)
    files["json_int_5000_digits.tmj"] = json.dumps(json_map(width=3), indent=1).replace('"width": 3', '"width": ' + "1" * 5000)
    files["csv_superscript_digit.tmx"] = tmx(csv_layer("1,1,\u00b2,1,1,1,1,1,1"))
    files["unknown_xml_encoding.tmx"] = tmx(FLOOR).replace('encoding="UTF-8"', 'encoding="klingon"', 1)
    files["wrong_property_type.tmx"] = tmx(
        ' <properties>\n  <property name="count" type="int" value="abc"/>\n'
        '  <property name="ratio" type="float" value="half"/>\n  <property name="lit" type="bool" value="yes"/>\n'
        '  <property name="tint" type="color" value="blue"/>\n  <property name="boss" type="object" value="Bob"/>\n'
        '  <property name="shape" type="vector" value="1,2"/>\n </properties>\n'
        + FLOOR, tileset=tile_props('    <property name="wall" value="true"/>\n'))
    files["bad_damage.tmx"] = tmx(FLOOR, tileset=tile_props('    <property name="damage" value="lots"/>\n'
                                                           '    <property name="dangerous" type="bool" value="true"/>\n', tid=0))
    files["dangerous_without_damage.tmx"] = tmx(csv_layer([0, 1, 0, 0, 0, 0, 0, 0, 0], name="lava", extra="")
                                                .replace('>\n  <data', '>\n  <properties>\n   <property name="dangerous" '
                                                         'type="bool" value="true"/>\n  </properties>\n  <data', 1))

    # -- creatures ------------------------------------------------------------------------------------
    files["creature_without_side.tmx"] = tmx(FLOOR + objects(creature(3, "Ghost", 8, 8, side=None)))
    files["creature_without_name.tmx"] = tmx(FLOOR + objects(creature(4, "", 8, 8)))
    files["creatures_same_cell.tmx"] = tmx(FLOOR + objects(creature(1, "Ana", 20, 20) + creature(2, "Bo", 28, 28)))
    files["creature_in_wall.tmx"] = tmx(csv_layer([1, 1, 1, 1, 2, 1, 1, 1, 1]) + objects(creature(6, "Ana", 24, 24)))
    files["creature_outside_map.tmx"] = tmx(FLOOR + objects(creature(7, "Ana", 100, 8)))
    files["creature_template_not_string.tmx"] = tmx(FLOOR + objects(creature(
        8, "Ana", 8, 8, extra='    <property name="template" type="int" value="3"/>\n')))

    # -- JSON -----------------------------------------------------------------------------------------
    files["bad_json.tmj"] = json.dumps(json_map(), indent=1)[:150]
    files["json_not_object.tmj"] = "[1, 2, 3]\n"
    files["json_wrong_types.tmj"] = json.dumps(json_map(width="3"), indent=1)
    files["json_nan.tmj"] = json.dumps(json_map(layers=[{**json_map()["layers"][0], "opacity": float("nan")}]), indent=1)
    files["json_deep_nesting.tmj"] = '{"layers": ' + "[" * 5000 + "]" * 5000 + "}"
    files["json_invalid_utf8.tmj"] = json.dumps(json_map(), indent=1).replace('"1.8.2"', '"1.8.\udcff"').encode(
        "utf-8", "surrogateescape")
    files["json_dotdot_tileset.tmj"] = json.dumps(json_map(tilesets=[{"firstgid": 1, "source": "../../../etc/passwd"}]), indent=1)
    files["json_wrong_data_length.tmj"] = json.dumps(json_map(layers=[{**json_map()["layers"][0], "data": [1] * 7}]), indent=1)
    files["json_tilesets_not_list.tmj"] = json.dumps(json_map(tilesets=5), indent=1)
    files["json_group_layers_not_list.tmj"] = json.dumps(json_map(layers=[{"id": 1, "name": "group", "type": "group", "layers": 5}]), indent=1)
    files["json_objects_not_list.tmj"] = json.dumps(json_map(layers=[{"id": 1, "name": "things", "type": "objectgroup", "objects": 5}]), indent=1)
    files["json_tileoffset_not_object.tmj"] = json.dumps(json_map(tilesets=[{
        "firstgid": 1, "name": "tiles", "tilewidth": 16, "tileheight": 16, "tilecount": 2, "columns": 2,
        "image": "tiles.png", "imagewidth": 32, "imageheight": 16, "tileoffset": 5}]), indent=1)
    files["json_properties_wrong_types.tmj"] = json.dumps(json_map(properties=[
        {"name": "count", "type": "int", "value": "3"}, {"name": "lit", "type": "bool", "value": "true"}]), indent=1)
    return files


def main() -> None:
    for name, content in cases().items():
        target = HERE / name
        if isinstance(content, str):
            target.write_text(content, encoding="utf-8")
        else:
            target.write_bytes(content)
    link = HERE / "escape.tsx"
    if link.is_symlink() or link.exists():
        link.unlink()
    os.symlink("/etc/passwd", link)


if __name__ == "__main__":
    main()
