"""The Board a Tiled map becomes: terrain from tiles, layers and shapes; creatures; queries.

Maps are written as TMX into a temporary folder from ASCII, and boards are drawn
back as ASCII, one character per cell, rows in Tiled's offset order:

    ``#`` wall, ``~`` dangerous, ``,`` difficult, ``%`` dangerous and difficult, ``.`` plain.

Hex boards put a space between cells and indent the rows Tiled shifts right
(pointy-top maps, stagger axis y); flat-top maps (axis x) shift columns down,
which a text grid cannot show, so their rows are not indented.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from textwrap import dedent

import pytest

from game.board import Board, Damage, Placement, Terrain
from game.errors import GameError
from game.grid import GridKind, Hex, HexGrid, Square, SquareGrid
from game.tiled import load_board
from game.tiled.model import StaggerAxis, StaggerIndex

GOOD = Path(__file__).resolve().parent / "data" / "good_maps"

GID = {"_": 0, ".": 1, "#": 2, ",": 3, "~": 4, "=": 5, "%": 6, "!": 7, "T": 8}
"""Map characters -> gids of the test tileset: no tile, floor, wall, rubble (difficult), lava (1d6 fire),
bridge (dangerous = false), swamp (difficult, 2d4+1 poison), acid (damage 1d4 acid, no 'dangerous'),
a skeleton token tile (class creature, side monsters, template skeleton)."""

TILESET = """\
 <tileset firstgid="1" name="terrain" tilewidth="16" tileheight="16" tilecount="8" columns="4">
  <image source="terrain.png" width="64" height="32"/>
  <tile id="1"><properties><property name="wall" type="bool" value="true"/></properties></tile>
  <tile id="2"><properties><property name="difficult" type="bool" value="true"/></properties></tile>
  <tile id="3"><properties><property name="damage" value="1d6 fire"/><property name="dangerous" type="bool" value="true"/></properties></tile>
  <tile id="4"><properties><property name="dangerous" type="bool" value="false"/></properties></tile>
  <tile id="5"><properties><property name="damage" value="2d4+1 poison"/><property name="dangerous" type="bool" value="true"/><property name="difficult" type="bool" value="true"/></properties></tile>
  <tile id="6"><properties><property name="damage" value="1d4 acid"/></properties></tile>
  <tile id="7" type="creature"><properties><property name="side" value="monsters"/><property name="template" value="skeleton"/></properties></tile>
 </tileset>
"""

Props = dict[str, "bool | int | str"]


def properties(props: Props) -> str:
    if not props:
        return ""
    out = []
    for name, value in props.items():
        kind = "bool" if isinstance(value, bool) else "int" if isinstance(value, int) else "string"
        text = str(value).lower() if isinstance(value, bool) else str(value)
        out.append(f'<property name="{name}" type="{kind}" value="{text}"/>')
    return "<properties>" + "".join(out) + "</properties>"


def tiles(name: str, ascii_rows: str, props: Props | None = None, visible: bool = True) -> str:
    rows = dedent(ascii_rows).strip("\n").split("\n")
    csv = ",\n".join(",".join(str(GID[ch]) for ch in row) for row in rows)
    hidden = "" if visible else ' visible="0"'
    return (f' <layer name="{name}" width="{len(rows[0])}" height="{len(rows)}"{hidden}>{properties(props or {})}'
            f'<data encoding="csv">\n{csv}\n</data></layer>\n')


def shapes(name: str, *objects: str, props: Props | None = None) -> str:
    return f' <objectgroup name="{name}">{properties(props or {})}\n{"".join(objects)} </objectgroup>\n'


def group(name: str, *layers: str, props: Props | None = None, visible: bool = True) -> str:
    hidden = "" if visible else ' visible="0"'
    return f' <group name="{name}"{hidden}>{properties(props or {})}\n{"".join(layers)} </group>\n'


_next_id = iter(range(1, 1_000_000))


def obj(x: float, y: float, w: float = 0, h: float = 0, *, props: Props | None = None, inner: str = "",
        name: str = "", cls: str = "", gid: int = 0, rotation: float = 0) -> str:
    attrs = f'id="{next(_next_id)}" x="{x}" y="{y}"'
    attrs += f' width="{w}" height="{h}"' if w or h else ""
    attrs += f' name="{name}"' if name else ""
    attrs += f' type="{cls}"' if cls else ""
    attrs += f' gid="{gid}"' if gid else ""
    attrs += f' rotation="{rotation}"' if rotation else ""
    return f'  <object {attrs}>{properties(props or {})}{inner}</object>\n'


def point(x: float, y: float, **kw: object) -> str:
    return obj(x, y, inner="<point/>", **kw)  # type: ignore[arg-type]


def polygon(x: float, y: float, points: str, kind: str = "polygon", **kw: object) -> str:
    return obj(x, y, inner=f'<{kind} points="{points}"/>', **kw)  # type: ignore[arg-type]


def creature(x: float, y: float, name: str, side: str, template: str = "", **kw: object) -> str:
    props: Props = {"side": side}
    if template:
        props["template"] = template
    return point(x, y, name=name, cls="creature", props=props, **kw)


def board_of(folder: Path, width: int, height: int, *layers: str, hexagonal: str = "",
             map_props: Props | None = None) -> Board:
    """Write a TMX map of ``layers`` (16x16 px cells) and load its Board; ``hexagonal`` is e.g. "y odd"."""
    shutil.copy(GOOD / "images" / "terrain.png", folder / "terrain.png")
    header = 'orientation="orthogonal"'
    if hexagonal:
        axis, index = hexagonal.split()
        header = f'orientation="hexagonal" hexsidelength="8" staggeraxis="{axis}" staggerindex="{index}"'
    text = (f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" tiledversion="1.8.2" {header} '
            f'renderorder="right-down" width="{width}" height="{height}" tilewidth="16" tileheight="16" '
            f'infinite="0" nextlayerid="99" nextobjectid="999">{properties(map_props or {})}\n'
            f'{TILESET}{"".join(layers)}</map>\n')
    path = folder / "map.tmx"
    path.write_text(text, encoding="utf-8")
    return load_board(path)[1]


def draw(board: Board) -> str:
    """The board's terrain as ASCII (see the module docstring)."""
    grid = board.grid
    ox, oy = board.origin
    lines = []
    for row in range(oy, oy + board.height):
        chars = []
        for col in range(ox, ox + board.width):
            t = board.terrain(grid.offset_to_cell(col, row))
            chars.append("#" if t.wall else "%" if t.is_dangerous and t.difficult else
                         "~" if t.is_dangerous else "," if t.difficult else ".")
        if isinstance(grid, HexGrid):
            shifted = grid.stagger_axis is StaggerAxis.Y and (row % 2 == 1) == (grid.stagger_index is StaggerIndex.ODD)
            lines.append((" " if shifted else "") + " ".join(chars))
        else:
            lines.append("".join(chars))
    return "\n".join(lines)


def picture(text: str) -> str:
    return dedent(text).strip("\n")


def offsets(board: Board) -> dict[str, tuple[str, str, tuple[int, int]]]:
    return {p.name: (p.side, p.template, board.grid.cell_to_offset(p.cell)) for p in board.placements}


FLOOR_6x4 = tiles("ground", """
    ......
    ......
    ......
    ......
""")

WALL: Props = {"wall": True}


# -- terrain from tiles and tile layers ---------------------------------------------------------

def test_tile_properties_make_walls_difficult_and_dangerous_cells(tmp_path: Path) -> None:
    board = board_of(tmp_path, 5, 4, tiles("ground", """
        #####
        #.,~#
        #%!=#
        #####
    """))
    assert draw(board) == picture("""
        #####
        #.,~#
        #%~.#
        #####
    """)
    assert board.damage_at(Square(3, 1)) == Damage(1, 6, 0, "fire")
    assert board.damage_at(Square(1, 2)) == Damage(2, 4, 1, "poison") and board.is_difficult(Square(1, 2))
    assert board.damage_at(Square(2, 2)) == Damage(1, 4, 0, "acid")  # a damage alone makes a cell dangerous
    assert board.terrain(Square(3, 2)) == Terrain()  # dangerous = false alone is plain floor


def test_tile_layer_properties_apply_to_the_cells_where_that_layer_has_a_tile(tmp_path: Path) -> None:
    board = board_of(tmp_path, 5, 3, tiles("ground", """
        .....
        .....
        .....
    """), tiles("mud", """
        ..___
        _..._
        ____.
    """, props={"difficult": True}))
    assert draw(board) == picture("""
        ,,...
        .,,,.
        ....,
    """)


def test_group_layer_properties_reach_the_layers_inside_it(tmp_path: Path) -> None:
    ice = tiles("ice", """
        ..___
        ..___
    """)
    board = board_of(tmp_path, 5, 2, tiles("ground", """
        .....
        .....
    """), group("frozen", group("deeper", ice), props={"dangerous": True, "damage": "1d4 cold"}))
    assert draw(board) == picture("""
        ~~...
        ~~...
    """)
    assert board.damage_at(Square(1, 1)) == Damage(1, 4, 0, "cold")


def test_bridge_drawn_over_lava_makes_it_safe_and_keeps_what_it_does_not_set(tmp_path: Path) -> None:
    board = board_of(tmp_path, 5, 2, tiles("ground", """
        ~~~~~
        %%%%%
    """), tiles("bridge", """
        __=__
        __=__
    """))
    # the bridge sets only dangerous = false: the swamp under it stays difficult
    assert draw(board) == picture("""
        ~~.~~
        %%,%%
    """)


def test_lava_drawn_over_a_bridge_wins(tmp_path: Path) -> None:
    board = board_of(tmp_path, 3, 1, tiles("bridge", "==="), tiles("lava", "_~_"))
    assert draw(board) == ".~."


def test_layer_property_false_clears_the_walls_of_the_tiles_below(tmp_path: Path) -> None:
    board = board_of(tmp_path, 4, 1, tiles("ground", "####"), tiles("doors", "_.._", props={"wall": False}))
    assert draw(board) == "#..#"


def test_hidden_layers_still_count_for_terrain(tmp_path: Path) -> None:
    board = board_of(tmp_path, 4, 2, tiles("ground", """
        ....
        ....
    """), tiles("secret walls", """
        #___
        ___#
    """, visible=False), group("hidden group", shapes("pits", obj(16, 0, 16, 16, props={"damage": "1d10"})), visible=False))
    assert draw(board) == picture("""
        #~..
        ...#
    """)


# -- terrain from object shapes on a square map -------------------------------------------------

@pytest.mark.parametrize("shape, expected", [
    pytest.param(obj(16, 16, 48, 32, props=WALL), """
        ......
        .###..
        .###..
        ......
    """, id="rectangle"),
    pytest.param(obj(48, 16, 48, 16, rotation=90, props=WALL), """
        ......
        ..#...
        ..#...
        ..#...
    """, id="rectangle rotated 90 degrees clockwise about its top-left corner"),
    pytest.param(obj(48, 8, 40, 40, rotation=45, props=WALL), """
        ......
        ..##..
        .####.
        ..##..
    """, id="square rotated 45 degrees is a diamond"),
    pytest.param(obj(0, 0, 96, 64, inner="<ellipse/>", props=WALL), """
        .####.
        ######
        ######
        .####.
    """, id="ellipse"),
    pytest.param(polygon(0, 0, "0,0 72,0 0,72", props=WALL), """
        ####..
        ###...
        ##....
        #.....
    """, id="triangle polygon"),
    pytest.param(polygon(16, 0, "0,0 48,0 48,16 16,16 16,48 0,48", props=WALL), """
        .###..
        .#....
        .#....
        ......
    """, id="concave polygon offset by its position"),
    pytest.param(polygon(8, 8, "0,0 64,0 64,32", kind="polyline", props=WALL), """
        #####.
        ....#.
        ....#.
        ......
    """, id="polyline covers the cells it passes through"),
    pytest.param(point(40, 24, props=WALL), """
        ......
        ..#...
        ......
        ......
    """, id="point"),
    pytest.param(obj(16, 48, 16, 16, gid=GID["."], props=WALL), """
        ......
        ......
        .#....
        ......
    """, id="tile object is anchored at its bottom-left corner"),
    pytest.param(obj(32, 64, 32, 32, gid=GID["."], props=WALL), """
        ......
        ......
        ..##..
        ..##..
    """, id="scaled tile object covers every cell under it"),
    pytest.param(obj(64, 32, 16, 16, gid=GID["~"]), """
        ......
        ....~.
        ......
        ......
    """, id="tile object carries its tile's terrain"),
    pytest.param(obj(64, 32, 64, 64, props=WALL), """
        ......
        ......
        ....##
        ....##
    """, id="shape reaching off the map covers only cells on it"),
])
def test_object_shape_covers_the_cells_whose_centre_lies_inside_it(tmp_path: Path, shape: str, expected: str) -> None:
    board = board_of(tmp_path, 6, 4, FLOOR_6x4, shapes("zones", shape))
    assert draw(board) == picture(expected)


def test_object_layer_properties_apply_to_its_shapes_and_an_object_overrides_them(tmp_path: Path) -> None:
    board = board_of(tmp_path, 6, 4, FLOOR_6x4, shapes(
        "fire", obj(0, 0, 32, 16), obj(0, 32, 96, 16), obj(48, 32, 16, 16, props={"dangerous": False}),
        props={"dangerous": True, "damage": "2d6 fire"}))
    assert draw(board) == picture("""
        ~~....
        ......
        ~~~.~~
        ......
    """)
    assert board.damage_at(Square(0, 0)) == Damage(2, 6, 0, "fire")


def test_difficult_shape_over_a_wall_tile_keeps_the_wall(tmp_path: Path) -> None:
    board = board_of(tmp_path, 3, 1, tiles("ground", ".#."), shapes("mud", obj(0, 0, 48, 16, props={"difficult": True})))
    assert board.terrain(Square(1, 0)) == Terrain(wall=True, difficult=True)
    assert draw(board) == ",#,"


# -- terrain from object shapes on hex maps -----------------------------------------------------

HEX_FLOOR = tiles("ground", """
    ....
    ....
    ....
""")


def test_rectangle_on_a_pointy_hex_map_covers_the_hexes_whose_centre_it_holds(tmp_path: Path) -> None:
    # pointy-top, 16x16 px, side 8: rows are 12 px apart, odd rows shifted 8 px right
    board = board_of(tmp_path, 4, 3, HEX_FLOOR, shapes("zones", obj(0, 0, 36, 30, props=WALL)), hexagonal="y odd")
    assert board.kind is GridKind.HEX
    assert draw(board) == picture("""
        # # . .
         # # . .
        . . . .
    """)


def test_polygon_and_point_on_a_pointy_hex_map_cover_the_hexes_whose_centre_they_hold(tmp_path: Path) -> None:
    board = board_of(tmp_path, 4, 3, HEX_FLOOR, shapes(
        "zones", polygon(0, 0, "0,0 66,0 0,40", props={"difficult": True}), point(64, 20, props=WALL)),
        hexagonal="y odd")
    assert draw(board) == picture("""
        , , , .
         , , . #
        , . . .
    """)


def test_rectangle_on_a_flat_hex_map_covers_the_hexes_whose_centre_it_holds(tmp_path: Path) -> None:
    # flat-top, side 8: columns are 12 px apart, even columns shifted 8 px down
    board = board_of(tmp_path, 4, 3, HEX_FLOOR, shapes("zones", obj(0, 0, 26, 30, props=WALL)), hexagonal="x even")
    assert draw(board) == picture("""
        # # . .
        . # . .
        . . . .
    """)


def test_hex_tile_terrain_lands_on_the_hex_of_the_same_offset(tmp_path: Path) -> None:
    board = board_of(tmp_path, 4, 3, tiles("ground", """
        #...
        .~..
        ..,.
    """), hexagonal="y even")
    assert draw(board) == picture("""
         # . . .
        . ~ . .
         . . , .
    """)
    assert board.is_wall(board.grid.offset_to_cell(0, 0))
    assert board.damage_at(board.grid.offset_to_cell(1, 1)) == Damage(1, 6, 0, "fire")


# -- creatures ----------------------------------------------------------------------------------

def test_creatures_are_placed_from_point_tile_and_shape_objects_on_a_square_map(tmp_path: Path) -> None:
    board = board_of(tmp_path, 6, 4, FLOOR_6x4, shapes(
        "creatures",
        creature(8, 8, "Ana", "heroes", "fighter"),
        point(40, 24, name="Rat", props={"side": "monsters"}),  # a side alone makes a creature
        obj(32, 64, 16, 16, gid=GID["."], name="Goblin", props={"side": "monsters", "template": "goblin"}),
        obj(64, 0, 32, 16, name="Ogre", cls="Creature", props={"side": "monsters", "template": "ogre"}),
    ))
    assert offsets(board) == {
        "Ana": ("heroes", "fighter", (0, 0)),
        "Rat": ("monsters", "", (2, 1)),
        "Goblin": ("monsters", "goblin", (2, 3)),  # the centre of the tile, which hangs above its anchor
        "Ogre": ("monsters", "ogre", (5, 0)),  # the centre of the rectangle
    }
    ana = board.placements[0]
    assert ana == Placement("Ana", "heroes", "fighter", Square(0, 0), ana.origin)
    assert "layer 'creatures', object" in ana.origin and "'Ana'" in ana.origin
    assert draw(board) == picture("""
        ......
        ......
        ......
        ......
    """)  # creatures are not terrain


def test_tile_object_takes_its_tiles_class_and_properties_and_may_override_them(tmp_path: Path) -> None:
    """Tiled's rule: a tile object's class and properties default to its tile's."""
    board = board_of(tmp_path, 6, 4, FLOOR_6x4, shapes(
        "creatures",
        obj(0, 16, 16, 16, gid=GID["T"], name="Skeleton 1"),
        obj(32, 16, 16, 16, gid=GID["T"], name="Skeleton Captain", props={"template": "skeleton_captain"}),
    ))
    assert offsets(board) == {
        "Skeleton 1": ("monsters", "skeleton", (0, 0)),
        "Skeleton Captain": ("monsters", "skeleton_captain", (2, 0)),
    }


def test_wall_tile_object_makes_the_cells_under_it_walls(tmp_path: Path) -> None:
    board = board_of(tmp_path, 6, 4, FLOOR_6x4, shapes("props", obj(16, 48, 32, 16, gid=GID["#"])))
    assert draw(board) == picture("""
        ......
        ......
        .##...
        ......
    """)


def test_creatures_are_placed_on_pointy_and_flat_hex_maps(tmp_path: Path) -> None:
    pointy = board_of(tmp_path, 4, 3, HEX_FLOOR, shapes(
        "creatures", creature(8, 8, "Ana", "heroes"), creature(48, 20, "Rat", "monsters"),
        creature(56, 32, "Bat", "monsters"),
        obj(32, 40, 16, 16, gid=GID["."], name="Imp", props={"side": "monsters"})), hexagonal="y odd")
    # the tile object's centre (40, 32) lies in the hex of row 2, column 2
    assert {n: o for n, (_, _, o) in offsets(pointy).items()} == {"Ana": (0, 0), "Rat": (2, 1), "Bat": (3, 2), "Imp": (2, 2)}
    assert isinstance(pointy.placements[1].cell, Hex)
    flat = board_of(tmp_path, 4, 3, HEX_FLOOR, shapes(
        "creatures", creature(8, 16, "Ana", "heroes"), creature(20, 24, "Rat", "monsters")), hexagonal="x even")
    assert {n: o for n, (_, _, o) in offsets(flat).items()} == {"Ana": (0, 0), "Rat": (1, 1)}


def test_creature_in_a_dangerous_object_layer_does_not_make_its_cell_dangerous(tmp_path: Path) -> None:
    board = board_of(tmp_path, 6, 4, FLOOR_6x4, shapes(
        "fire", creature(8, 8, "Ana", "heroes"), obj(32, 0, 16, 16), props={"damage": "1d6 fire"}))
    assert draw(board).split("\n")[0] == "..~..."
    assert offsets(board) == {"Ana": ("heroes", "", (0, 0))}


def test_creature_problems_are_reported_together(tmp_path: Path) -> None:
    with pytest.raises(GameError) as caught:
        board_of(tmp_path, 3, 1, tiles("ground", ".#."), shapes(
            "creatures", creature(8, 8, "Ana", "heroes"), creature(9, 9, "Bo", "heroes"),
            creature(24, 8, "Cy", "monsters"), point(40, 8, name="Dee", cls="creature")))
    message = str(caught.value)
    assert "'Bo' shares cell (0, 0) with 'Ana'" in message
    assert "'Cy' stands in a wall at (1, 0)" in message
    assert "'Dee': a creature needs a 'side'" in message


# -- map-level data -----------------------------------------------------------------------------

def test_board_takes_its_name_and_properties_from_the_map(tmp_path: Path) -> None:
    board = board_of(tmp_path, 6, 4, FLOOR_6x4, map_props={"title": "The Crypt", "round_limit": 10})
    assert board.name == "The Crypt"
    assert board.properties == {"title": "The Crypt", "round_limit": 10}
    assert board_of(tmp_path, 6, 4, FLOOR_6x4).name == "map"  # no title: the file's name


# -- damage expressions -------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("1d6 fire", Damage(1, 6, 0, "fire")),
    ("2d4+1 poison", Damage(2, 4, 1, "poison")),
    ("1d8", Damage(1, 8, 0, "")),
    ("3d10 - 2 cold iron", Damage(3, 10, -2, "cold iron")),
    ("  1D6 FIRE ", Damage(1, 6, 0, "fire")),
    ("10d12+15", Damage(10, 12, 15, "")),
])
def test_damage_expression_is_parsed(text: str, expected: Damage) -> None:
    assert Damage.parse(text) == expected


@pytest.mark.parametrize("text", ["1d6 fire", "2d4+1 poison", "1d8", "3d10-2 cold iron"])
def test_damage_prints_back_as_it_parses(text: str) -> None:
    assert str(Damage.parse(text)) == text


@pytest.mark.parametrize("text", [
    "lots", "", "d6", "1d", "0d6", "1d0", "6", "1d6+", "1d6 2", "1d6 fire!", "1000d6", "1d6+10000",
    "1d6 fire; rm -rf /", "\u0661d\u0666 fire",  # Arabic-Indic digits are not dice
    "1d6 \u017f",  # a long s is not an ASCII letter, even ignoring case
])
def test_bad_damage_expression_is_refused_saying_what_is_expected(text: str) -> None:
    with pytest.raises(ValueError, match="damage expression like '1d6 fire'|must be at least 1"):
        Damage.parse(text)


# -- Board queries ------------------------------------------------------------------------------

@pytest.fixture()
def small() -> Board:
    return Board(SquareGrid(16, 16), 3, 2, terrain={
        Square(1, 0): Terrain(wall=True),
        Square(2, 1): Terrain(difficult=True, damage=Damage(1, 6)),
        Square(0, 1): Terrain(),
    })


def test_board_contains_exactly_its_rectangle_of_cells(small: Board) -> None:
    assert len(small) == 6
    assert list(small) == [Square(0, 0), Square(1, 0), Square(2, 0), Square(0, 1), Square(1, 1), Square(2, 1)]
    assert Square(2, 1) in small
    assert Square(3, 0) not in small and Square(-1, 0) not in small and Square(0, 2) not in small
    assert "not a cell" not in small


def test_cell_off_the_board_counts_as_a_wall(small: Board) -> None:
    assert small.terrain(Square(7, 7)) == Terrain(wall=True)
    assert small.is_wall(Square(-1, 0)) and not small.is_difficult(Square(-1, 0))
    assert small.damage_at(Square(-1, 0)) is None


def test_terrain_queries_answer_per_cell(small: Board) -> None:
    assert small.is_wall(Square(1, 0)) and not small.is_wall(Square(0, 0))
    assert small.is_difficult(Square(2, 1)) and small.damage_at(Square(2, 1)) == Damage(1, 6)
    assert small.terrain(Square(0, 0)) == Terrain() and small.terrain(Square(0, 0)).is_plain
    assert draw(small) == ".#.\n..%"


def test_only_special_cells_are_stored_and_counted(small: Board) -> None:
    assert set(small.special_cells()) == {Square(1, 0), Square(2, 1)}  # plain terrain given is dropped
    assert small.counts() == {"wall": 1, "difficult": 1, "dangerous": 1}


def test_neighbours_are_limited_to_the_board(small: Board) -> None:
    assert set(small.neighbours(Square(0, 0))) == {Square(1, 0), Square(0, 1), Square(1, 1)}
    assert len(small.neighbours(Square(1, 1))) == 5


def test_terrain_outside_the_board_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="outside the board"):
        Board(SquareGrid(16, 16), 2, 2, terrain={Square(5, 5): Terrain(wall=True)})


def test_hex_board_with_an_origin_holds_the_hexes_of_its_offset_rectangle() -> None:
    grid = HexGrid(16, 16, 8, StaggerAxis.Y, StaggerIndex.ODD)
    board = Board(grid, 3, 2, origin=(-1, -1))
    assert board.kind is GridKind.HEX and len(board) == 6
    assert {grid.cell_to_offset(c) for c in board if isinstance(c, Hex)} == {(c, r) for c in (-1, 0, 1) for r in (-1, 0)}
    assert grid.offset_to_cell(1, 0) in board and grid.offset_to_cell(2, 0) not in board
    assert board.is_wall(grid.offset_to_cell(0, 1))
