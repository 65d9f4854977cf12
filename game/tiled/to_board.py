"""A loaded :class:`TiledMap` -> the rules' :class:`Board`.

Terrain properties (``wall``, ``difficult``, ``dangerous``, ``damage``, ``tight``) may sit on
tiles, on tile layers, on object layers and on objects. Sources are applied in
the map's drawing order (bottom layer first; within a layer: the layer's own
properties, then the tile's, then the object's), and a later source overrides
only the properties it sets: a bridge tile with ``dangerous = false`` drawn
over lava makes its cells safe. Layer visibility does not matter: a hidden layer
is a common way to keep terrain as pure data.

The cells an object covers, and the cell a creature stands in, are worked out
in ``object_cells``.

Creatures are objects of class ``creature`` or with a ``side`` property.
"""

from __future__ import annotations

from array import array
from dataclasses import replace
from typing import Any, Iterator, Mapping, Sequence

from game.board import PLAIN, Board, Damage, Placement, Terrain
from game.errors import MapError
from game.grid import Cell, Grid, HexGrid, SquareGrid
from game.tiled import model as m
from game.tiled.files import brief, cut_middle, named, short
from game.tiled.hidden import HIDDEN
from game.tiled.loader import one_line, problems_error
from game.tiled.object_cells import ObjectCells
from game.tiled.problems import MAX_PROBLEMS, MoreProblems

TERRAIN_PROPERTIES: dict[str, type] = {"wall": bool, "difficult": bool, "dangerous": bool, "damage": str,
                                       "tight": bool}
"""Every terrain property the rules read from a map, with the Tiled type it must have."""

CREATURE_PROPERTIES: dict[str, type] = {"side": str, "template": str, HIDDEN: bool}
"""Every property a creature object may have, with its Tiled type (its name is the object's name;
``hidden`` is read by the loader, see ``tiled/hidden.py``)."""

TERRAIN_CLASS = "terrain"
CREATURE_CLASS = "creature"
"""Tiled classes (``.tiled-project`` property types) whose members are the properties above. An
object whose class is ``creature`` is a creature. A class property of one of these types (the
only way Tiled 1.8 offers a class's members) counts as its members set one by one."""

TILED_TYPE_NAMES: dict[type, str] = {bool: "bool", str: "string"}

MAX_SHAPE_WORK = 4 * 1024 * 1024
"""The most cell tests the terrain shapes of one map may take, all together: each cell of the
box around a shape counts as many tests as the shape has points (at least 4), or 1 for an
upright rectangle on squares; a polyline counts its steps (one per quarter tile). A 1024 x 1024
map may be covered by four whole-map rectangles. The sum is taken before any cell is looked
for, so a hostile file of a few kilobytes is refused at once instead of keeping the loader
busy for hours (3000 rectangles over a 1024 x 1024 map would need 3 billion tests)."""

_FLAG_COMBINATIONS = tuple(sorted({a | b | c | d for a in (0, m.FLIPPED_HORIZONTALLY) for b in (0, m.FLIPPED_VERTICALLY)
                                   for c in (0, m.FLIPPED_DIAGONALLY) for d in (0, m.ROTATED_HEXAGONAL_120)}))
"""Every combination of Tiled's flip flags: a gid on a layer is a tile's gid with some of them set."""

Partial = dict[str, Any]
_PLAIN: Partial = {}
"""A cell no source has given terrain yet (never changed: :meth:`_Converter.merged` makes new dicts)."""


COMPACT_CELLS = 1 << 16
"""Maps of more cells keep their terrain compactly (one code a cell, see :class:`_CellCodes` and
``Board(codes=...)``) instead of a dict of cells: the rules read a dict a little faster, a million cells
of a dict cost ~200 MB."""


class _CellCodes:
    """Each cell's terrain so far, as a dict of offsets would hold it, in four bytes a cell: a code per
    cell (row by row) indexing the distinct partial dicts met so far (``partials[0]`` is plain)."""

    def __init__(self, origin: tuple[int, int], width: int, height: int) -> None:
        self.origin, self.width, self.height = origin, width, height
        self.codes = array("I", bytes(4 * width * height))
        self.partials: list[Partial] = [_PLAIN]
        self._index: dict[int, int] = {id(_PLAIN): 0}

    def _at(self, offset: tuple[int, int]) -> int:
        return (offset[1] - self.origin[1]) * self.width + offset[0] - self.origin[0]

    def get(self, offset: tuple[int, int], default: Partial) -> Partial:
        code = self.codes[self._at(offset)]
        return self.partials[code] if code else default

    def __setitem__(self, offset: tuple[int, int], partial: Partial) -> None:
        code = self._index.get(id(partial))  # partials are kept alive here, so their ids stay theirs
        if code is None:
            code = self._index[id(partial)] = len(self.partials)
            self.partials.append(partial)
        self.codes[self._at(offset)] = code

    def items(self) -> Iterator[tuple[tuple[int, int], Partial]]:
        """The cells given terrain, row by row (a few: used only when a map is refused anyway)."""
        ox, oy = self.origin
        w = self.width
        for i, code in enumerate(self.codes):
            if code:
                yield (ox + i % w, oy + i // w), self.partials[code]


_SMALL_LAYER = 1 << 16
"""Layers up to this many cells are searched without numpy (importing it costs more than the search)."""
_BLOCK = 1 << 16
"""Cells of a large layer searched at once, so numpy's temporary arrays stay small."""


def _shows_any(data: Sequence[int], tiles: Mapping[int, object]) -> bool:
    """Whether a layer shows any of ``tiles`` (gids without flags), in any flip. Work and memory do not grow
    with the distinct gids of the layer (a hostile one may hold a million) beyond a few megabytes."""
    if not tiles:
        return False
    if len(data) <= _SMALL_LAYER:
        present = set(data)
        return any(gid | flags in present for gid in tiles for flags in _FLAG_COMBINATIONS)
    import numpy as np

    cells = np.asarray(data, dtype=np.uint32)  # a TileData's own buffer, not a copy
    wanted = np.fromiter(tiles, dtype=np.int64, count=len(tiles))
    return any(np.isin(cells[start:start + _BLOCK] & np.uint32(m.GID_MASK), wanted).any()
               for start in range(0, len(cells), _BLOCK))


def grid_for(tmap: m.TiledMap) -> Grid[Any]:
    if tmap.orientation is m.Orientation.HEXAGONAL:
        return HexGrid(tmap.tile_width, tmap.tile_height, tmap.hex_side_length, tmap.stagger_axis, tmap.stagger_index)
    return SquareGrid(tmap.tile_width, tmap.tile_height)


class _Converter:
    def __init__(self, tmap: m.TiledMap) -> None:
        self.tmap = tmap
        self.grid = grid_for(tmap)
        self.problems: list[MapError] = []
        self.more_problems = 0
        self._jobs: list[tuple[m.TileLayer | m.MapObject, Partial, str]] = []
        """What gives cells terrain, in drawing order: tile layers and terrain shapes, with their properties."""
        self.shapes = ObjectCells(tmap, self.grid)
        self.cells: dict[tuple[int, int], Partial] | _CellCodes = (
            {} if tmap.width * tmap.height <= COMPACT_CELLS else _CellCodes(tmap.origin, tmap.width, tmap.height))
        """Each cell's terrain so far. The dicts are shared between cells and never changed in place (a
        million wall cells hold one dict, not a million): see :meth:`merged`."""
        self._merges: dict[tuple[int, int], tuple[Partial, Partial, Partial]] = {}
        self._terrains: dict[tuple[bool, bool, Damage | None, bool], Terrain] = {}
        self.placements: list[Placement] = []
        self._tile_terrain: dict[int, Partial] = {}
        self._tiles: dict[int, m.Tile] = {}
        for ts in tmap.tilesets:
            for tid, tile in ts.tiles.items():
                self._tiles[ts.firstgid + tid] = tile
                where = ts.source or tmap.path
                partial = self.partial(tile.properties, f"tileset {named(ts.name)}, tile {tid}", where)
                if partial:
                    self._tile_terrain[ts.firstgid + tid] = partial

    def problem(self, place: str, detail: str, path: Any = None) -> None:
        if len(self.problems) >= MAX_PROBLEMS:
            self.more_problems += 1  # counted, not kept: a hostile map may have millions
        else:
            self.problems.append(MapError(path or self.tmap.path, detail, place))

    def found(self) -> list[MapError]:
        return self.problems + ([MoreProblems(self.tmap.path, self.more_problems)] if self.more_problems else [])

    def partial(self, props: m.Properties, place: str, path: Any = None) -> Partial:
        """The terrain properties a source sets, type-checked."""
        props = _members_as_properties(props)
        out: Partial = {}
        for name, kind in TERRAIN_PROPERTIES.items():
            if name not in props:
                continue
            value: object = props[name]
            if type(value) is not kind:
                tiled_type = TILED_TYPE_NAMES[kind]
                self.problem(f"{place}, property {named(name)}",
                             f"must be a {tiled_type} property, found {type(value).__name__} {brief(value)}", path)
                continue
            if name == "damage":
                try:
                    value = Damage.parse(str(value))
                except ValueError as exc:
                    self.problem(f"{place}, property 'damage'", cut_middle(str(exc)), path)
                    out.pop("dangerous", None)  # reported once, not again as "dangerous without damage"
                    continue
            out[name] = value
        return out

    def apply(self, offset: tuple[int, int], *partials: Partial) -> None:
        cell = self.cells.get(offset, _PLAIN)
        for partial in partials:
            cell = self.merged(cell, partial)
        self.cells[offset] = cell

    def merged(self, cell: Partial, partial: Partial) -> Partial:
        """``{**cell, **partial}``, made once per pair of dicts (kept alive with it, so their ids stay theirs)."""
        if not partial:
            return cell
        key = (id(cell), id(partial))
        done = self._merges.get(key)
        if done is None:
            done = self._merges[key] = (cell, partial, {**cell, **partial})
        return done[2]

    # -- layers -------------------------------------------------------------------------

    def walk(self, layers: tuple[m.Layer, ...], inherited: Partial, hidden: bool = False) -> None:
        for layer in layers:
            own = {**inherited, **self.partial(layer.base.properties, f"layer {named(layer.base.name)}")}
            if isinstance(layer, m.GroupLayer):
                self.walk(layer.layers, own, hidden or layer.base.hidden)
            elif isinstance(layer, m.TileLayer):
                self._jobs.append((layer, own, ""))
            elif isinstance(layer, m.ObjectLayer):
                self.object_layer(layer, own, hidden or layer.base.hidden)

    def tile_layer(self, layer: m.TileLayer, own: Partial, only: set[tuple[int, int]] | None = None) -> None:
        """Apply a tile layer's terrain to its cells (``only``: to these cells alone)."""
        tiles = self._tile_terrain
        if only is not None:
            for col, row in only:
                cx, cy = col - layer.x, row - layer.y
                if 0 <= cx < layer.width and 0 <= cy < layer.height:
                    gid = layer.data[cy * layer.width + cx] & m.GID_MASK
                    if gid and (own or gid in tiles):
                        self.apply((col, row), own, tiles.get(gid, {}))
            return
        if not own and not _shows_any(layer.data, tiles):
            return
        w = layer.width
        for i, raw in enumerate(layer.data):
            gid = raw & m.GID_MASK
            if gid and (own or gid in tiles):
                self.apply((layer.x + i % w, layer.y + i // w), own, tiles.get(gid, {}))

    def object_layer(self, layer: m.ObjectLayer, own: Partial, hidden: bool = False) -> None:
        for obj in layer.objects:
            place = f"layer {named(layer.base.name)}, object {short(obj.id)}" + (f" {named(obj.name)}" if obj.name else "")
            tile_of = self._tiles.get(obj.gid & m.GID_MASK) if obj.gid else None
            if tile_of is not None:  # as in Tiled, a tile object takes its tile's class and properties by default
                as_drawn = replace(obj, class_name=obj.class_name or tile_of.class_name,
                                   properties={**tile_of.properties, **obj.properties})
            else:
                as_drawn = obj
            as_drawn = replace(as_drawn, properties=_members_as_properties(as_drawn.properties))
            if as_drawn.class_name.lower() == CREATURE_CLASS or "side" in as_drawn.properties:
                self.creature(as_drawn, place, hidden or obj.hidden)
                continue
            mine = self.partial(obj.properties, place)
            tile = self._tile_terrain.get(obj.gid & m.GID_MASK, {}) if obj.gid else {}
            if not (own or tile or mine):
                continue
            self._jobs.append((obj, {**own, **tile, **mine}, place))

    def shape(self, obj: m.MapObject, combined: Partial, only: set[tuple[int, int]] | None = None) -> None:
        """Apply a shape's terrain to the cells it covers (``only``: those of these cells)."""
        cells = self.cells
        for offset in self.shapes.covered(obj):
            if only is None or offset in only:
                cells[offset] = self.merged(cells.get(offset, _PLAIN), combined)

    def check_shape_work(self) -> None:
        """Refuse the map, before any cell is looked for, if its terrain shapes need too much work."""
        total = 0
        for job, _, place in self._jobs:
            if isinstance(job, m.MapObject):
                total += self.shapes.work(job)
                if total > MAX_SHAPE_WORK:
                    raise MapError(self.tmap.path, f"the map's terrain shapes need more than {MAX_SHAPE_WORK} cell "
                                   "tests (their cells times their points, all shapes together); use fewer or "
                                   "smaller shapes, or terrain tiles", place)

    # -- creatures ----------------------------------------------------------------------

    def creature(self, obj: m.MapObject, place: str, hidden: bool = False) -> None:
        side = obj.properties.get("side")
        template = obj.properties.get("template", "")
        ok = True
        if not obj.name.strip():
            self.problem(place, "a creature needs a name (the object's name)")
            ok = False
        if not isinstance(side, str) or not side.strip():
            self.problem(place, "a creature needs a 'side' string property (e.g. heroes, monsters)")
            ok = False
        if not isinstance(template, str):
            self.problem(place + ", property 'template'", f"must be a string property, found {brief(template)}")
            ok = False
        if not ok:
            return
        px, py = self.shapes.anchor(obj)
        cell = self.grid.pixel_to_cell(px, py)
        self.placements.append(Placement(obj.name.strip(), str(side).strip(), str(template).strip(), cell, place,
                                         hidden))

    # -- result -------------------------------------------------------------------------

    def board(self, refusing: bool = False) -> Board:
        """The Board. When the map is refused anyway (``refusing``: its loader found problems; or the
        objects' own checks did), the terrain is worked out only at the creatures' cells: a refusal does
        not pay for rasterising every cell (a million wall cells), and the creatures' problems are the
        same. Dangerous cells without damage are then not looked for."""
        self.walk(self.tmap.layers, {})
        self.check_shape_work()
        only = None
        if refusing or self.problems or self.more_problems:
            only = {self.grid.cell_to_offset(p.cell) for p in self.placements}
        for job, partial, _ in self._jobs:
            if isinstance(job, m.TileLayer):
                self.tile_layer(job, partial, only)
            else:
                self.shape(job, partial, only)
        if isinstance(self.cells, _CellCodes) and only is None:
            return self.placed(self.compact_board(self.cells))
        terrain: dict[Cell, Terrain] = {}
        missing_damage = 0
        for offset, partial in self.cells.items():
            damage = partial.get("damage")
            dangerous = partial.get("dangerous", damage is not None)
            if dangerous and damage is None:
                if only is not None:  # refused anyway: the first such cell may not be among those worked out
                    continue
                missing_damage += 1
                if missing_damage == 1:
                    self.problem(f"cell {offset}", "dangerous terrain needs a 'damage' property such as '1d6 fire'")
                continue
            look = (bool(partial.get("wall", False)), bool(partial.get("difficult", False)),
                    damage if dangerous else None, bool(partial.get("tight", False)))
            if look not in self._terrains:  # one Terrain per kind of cell, not one per cell
                self._terrains[look] = Terrain(wall=look[0], difficult=look[1], damage=look[2], tight=look[3])
            terrain[self.grid.offset_to_cell(*offset)] = self._terrains[look]
        tm = self.tmap
        board = Board(self.grid, tm.width, tm.height, origin=tm.origin, terrain=terrain,
                      properties=tm.properties, name=_title(tm))
        return self.placed(board)

    def look(self, partial: Partial) -> Terrain | None:
        """The Terrain a cell's properties make (one object per kind), or None if dangerous without damage."""
        damage = partial.get("damage")
        dangerous = partial.get("dangerous", damage is not None)
        if dangerous and damage is None:
            return None
        look = (bool(partial.get("wall", False)), bool(partial.get("difficult", False)),
                damage if dangerous else None, bool(partial.get("tight", False)))
        if look not in self._terrains:
            self._terrains[look] = Terrain(wall=look[0], difficult=look[1], damage=look[2], tight=look[3])
        return self._terrains[look]

    def compact_board(self, cells: _CellCodes) -> Board:
        """The Board of a large map, its terrain kept compactly (no dict of cells)."""
        import numpy as np

        palette: list[Terrain] = [PLAIN]
        where: dict[Terrain, int] = {PLAIN: 0}
        table = np.zeros(len(cells.partials), dtype=np.uint32)
        bad = []
        for i, partial in enumerate(cells.partials[1:], 1):
            terrain = self.look(partial)
            if terrain is None:
                bad.append(i)
                continue
            if terrain not in where:
                where[terrain] = len(palette)
                palette.append(terrain)
            table[i] = where[terrain]
        codes = np.frombuffer(cells.codes, dtype=np.uint32)
        if bad:
            first = int(np.flatnonzero(np.isin(codes, np.array(bad, dtype=np.uint32)))[0])
            w = cells.width
            offset = (cells.origin[0] + first % w, cells.origin[1] + first // w)
            self.problem(f"cell {offset}", "dangerous terrain needs a 'damage' property such as '1d6 fire'")
        kind = "H" if len(palette) <= 1 << 16 else "I"
        store = array(kind, table[codes].astype(np.uint16 if kind == "H" else np.uint32).tobytes())
        tm = self.tmap
        return Board(self.grid, tm.width, tm.height, origin=tm.origin, codes=store, palette=palette,
                     properties=tm.properties, name=_title(tm))

    def placed(self, board: Board) -> Board:
        """The board with the creatures that may start where they stand (the others are problems)."""
        seen: dict[Cell, Placement] = {}
        placements = []
        for p in self.placements:
            if p.cell not in board:
                self.problem(p.origin, f"creature {named(p.name)} stands outside the map at {self.grid.cell_to_offset(p.cell)}")
            elif board.is_wall(p.cell):
                self.problem(p.origin, f"creature {named(p.name)} stands in a wall at {self.grid.cell_to_offset(p.cell)}")
            elif p.cell in seen:
                self.problem(p.origin, f"creature {named(p.name)} shares cell {self.grid.cell_to_offset(p.cell)} with {named(seen[p.cell].name)}")
            else:
                seen[p.cell] = p
                placements.append(p)
        board.placements = tuple(placements)
        return board


def _members_as_properties(props: m.Properties) -> m.Properties:
    """Properties with the members of a ``terrain`` or ``creature`` class property set one by one
    (the source's own plain properties win over them)."""
    ours = (TERRAIN_CLASS, CREATURE_CLASS)
    nested = [v for v in props.values() if isinstance(v, m.ClassValue) and v.type_name in ours]
    if not nested:
        return props
    out: dict[str, m.PropertyValue] = {}
    for value in nested:
        out.update(value.members)
    out.update({k: v for k, v in props.items() if not (isinstance(v, m.ClassValue) and v.type_name in ours)})
    return out


def _title(tmap: m.TiledMap) -> str:
    title = tmap.properties.get("title")
    return title if isinstance(title, str) and title else tmap.path.stem


def board_from_map(tmap: m.TiledMap, refusing: bool = False) -> Board:
    """Build the Board; every problem found is reported together (MapError / MapProblems).

    ``refusing``: the caller refuses the map anyway (its loader found problems); only the checks that
    need no terrain are made (see :meth:`_Converter.board`)."""
    conv = _Converter(tmap)
    board = conv.board(refusing)
    if conv.problems:
        raise problems_error([one_line(p) for p in conv.found()])
    return board
