"""A loaded :class:`TiledMap` -> the rules' :class:`Board`.

Terrain properties (``wall``, ``difficult``, ``dangerous``, ``damage``) may sit on
tiles, on tile layers, on object layers and on objects. Sources are applied in
the map's drawing order (bottom layer first; within a layer: the layer's own
properties, then the tile's, then the object's), and a later source overrides
only the properties it sets: a bridge tile with ``dangerous = false`` drawn
over lava makes its cells safe. Layer visibility does not matter: a hidden layer
is a common way to keep terrain as pure data.

A shape covers the cells whose centre lies inside it (rectangles, ellipses and
polygons, rotation included); a point covers its cell; a polyline covers the
cells it passes through; a tile object covers the cells under its image.

Creatures are objects of class ``creature`` or with a ``side`` property.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any, Callable, Iterator

from game.board import Board, Damage, Placement, Terrain
from game.errors import MapError
from game.grid import Cell, Grid, HexGrid, SquareGrid
from game.tiled import model as m
from game.tiled.loader import one_line, problems_error

TERRAIN_PROPERTIES: dict[str, type] = {"wall": bool, "difficult": bool, "dangerous": bool, "damage": str}
"""Every property the rules read from a map, with the Tiled type it must have."""

CREATURE_CLASS = "creature"

Partial = dict[str, Any]


def grid_for(tmap: m.TiledMap) -> Grid[Any]:
    if tmap.orientation is m.Orientation.HEXAGONAL:
        return HexGrid(tmap.tile_width, tmap.tile_height, tmap.hex_side_length, tmap.stagger_axis, tmap.stagger_index)
    return SquareGrid(tmap.tile_width, tmap.tile_height)


class _Converter:
    def __init__(self, tmap: m.TiledMap) -> None:
        self.tmap = tmap
        self.grid = grid_for(tmap)
        self.problems: list[MapError] = []
        self.cells: dict[tuple[int, int], Partial] = {}
        self.placements: list[Placement] = []
        self._tile_terrain: dict[int, Partial] = {}
        self._tiles: dict[int, m.Tile] = {}
        for ts in tmap.tilesets:
            for tid, tile in ts.tiles.items():
                self._tiles[ts.firstgid + tid] = tile
                where = ts.source or tmap.path
                partial = self.partial(tile.properties, f"tileset '{ts.name}', tile {tid}", where)
                if partial:
                    self._tile_terrain[ts.firstgid + tid] = partial

    def problem(self, place: str, detail: str, path: Any = None) -> None:
        self.problems.append(MapError(path or self.tmap.path, detail, place))

    def partial(self, props: m.Properties, place: str, path: Any = None) -> Partial:
        """The terrain properties a source sets, type-checked."""
        out: Partial = {}
        for name, kind in TERRAIN_PROPERTIES.items():
            if name not in props:
                continue
            value: object = props[name]
            if type(value) is not kind:
                tiled_type = "bool" if kind is bool else "string"
                self.problem(f"{place}, property '{name}'",
                             f"must be a {tiled_type} property, found {type(value).__name__} {value!r}", path)
                continue
            if name == "damage":
                try:
                    value = Damage.parse(str(value))
                except ValueError as exc:
                    self.problem(f"{place}, property 'damage'", str(exc), path)
                    out.pop("dangerous", None)  # reported once, not again as "dangerous without damage"
                    continue
            out[name] = value
        return out

    def apply(self, offset: tuple[int, int], *partials: Partial) -> None:
        cell = self.cells.setdefault(offset, {})
        for partial in partials:
            cell.update(partial)

    # -- layers -------------------------------------------------------------------------

    def walk(self, layers: tuple[m.Layer, ...], inherited: Partial) -> None:
        for layer in layers:
            own = {**inherited, **self.partial(layer.base.properties, f"layer '{layer.base.name}'")}
            if isinstance(layer, m.GroupLayer):
                self.walk(layer.layers, own)
            elif isinstance(layer, m.TileLayer):
                self.tile_layer(layer, own)
            elif isinstance(layer, m.ObjectLayer):
                self.object_layer(layer, own)

    def tile_layer(self, layer: m.TileLayer, own: Partial) -> None:
        tiles = self._tile_terrain
        gids = {g & m.GID_MASK for g in set(layer.data)} - {0}
        if not own and not gids & tiles.keys():
            return
        w = layer.width
        for i, raw in enumerate(layer.data):
            gid = raw & m.GID_MASK
            if gid and (own or gid in tiles):
                self.apply((layer.x + i % w, layer.y + i // w), own, tiles.get(gid, {}))

    def object_layer(self, layer: m.ObjectLayer, own: Partial) -> None:
        for obj in layer.objects:
            place = f"layer '{layer.base.name}', object {obj.id}" + (f" '{obj.name}'" if obj.name else "")
            tile_of = self._tiles.get(obj.gid & m.GID_MASK) if obj.gid else None
            if tile_of is not None:  # as in Tiled, a tile object takes its tile's class and properties by default
                as_drawn = replace(obj, class_name=obj.class_name or tile_of.class_name,
                                   properties={**tile_of.properties, **obj.properties})
            else:
                as_drawn = obj
            if as_drawn.class_name.lower() == CREATURE_CLASS or "side" in as_drawn.properties:
                self.creature(as_drawn, place)
                continue
            mine = self.partial(obj.properties, place)
            tile = self._tile_terrain.get(obj.gid & m.GID_MASK, {}) if obj.gid else {}
            if not (own or tile or mine):
                continue
            for offset in self.covered(obj):
                self.apply(offset, own, tile, mine)

    # -- creatures ----------------------------------------------------------------------

    def creature(self, obj: m.MapObject, place: str) -> None:
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
            self.problem(place + ", property 'template'", f"must be a string property, found {template!r}")
            ok = False
        if not ok:
            return
        px, py = self.anchor(obj)
        cell = self.grid.pixel_to_cell(px, py)
        self.placements.append(Placement(obj.name.strip(), str(side).strip(), str(template).strip(), cell, place))

    def anchor(self, obj: m.MapObject) -> tuple[float, float]:
        """The pixel that decides a creature's cell: the centre of its shape."""
        if obj.shape is m.ObjectShape.POINT:
            return obj.x, obj.y
        if obj.shape in (m.ObjectShape.POLYGON, m.ObjectShape.POLYLINE) and obj.points:
            cx = sum(p[0] for p in obj.points) / len(obj.points)
            cy = sum(p[1] for p in obj.points) / len(obj.points)
            return _rotate(obj, cx, cy)
        top = -obj.height if obj.shape is m.ObjectShape.TILE else 0.0
        return _rotate(obj, obj.width / 2, top + obj.height / 2)

    # -- shapes -------------------------------------------------------------------------

    def covered(self, obj: m.MapObject) -> Iterator[tuple[int, int]]:
        """Offset coordinates of the map cells an object covers."""
        if obj.shape is m.ObjectShape.POINT:
            yield from self._on_map([self.grid.pixel_to_cell(obj.x, obj.y)])
            return
        if obj.shape is m.ObjectShape.POLYLINE:
            yield from self._on_map(self._along(obj))
            return
        if obj.shape in (m.ObjectShape.POLYGON,):
            local = list(obj.points)
            inside: Callable[[list[tuple[float, float]], float, float], bool] = _in_polygon
        elif obj.shape is m.ObjectShape.ELLIPSE:
            local = [(0.0, 0.0), (obj.width, 0.0), (obj.width, obj.height), (0.0, obj.height)]
            inside = _in_ellipse_box
        else:  # rectangle, text, tile
            top = -obj.height if obj.shape is m.ObjectShape.TILE else 0.0
            local = [(0.0, top), (obj.width, top), (obj.width, top + obj.height), (0.0, top + obj.height)]
            inside = _in_polygon
        if not local:
            return
        corners = [_rotate(obj, x, y) for x, y in local]
        for offset in self._offsets_near(corners):
            cx, cy = self.grid.cell_centre_pixel(self.grid.offset_to_cell(*offset))
            lx, ly = _unrotate(obj, cx, cy)
            if inside(local, lx, ly):
                yield offset

    def _offsets_near(self, pixels: list[tuple[float, float]]) -> Iterator[tuple[int, int]]:
        offsets = [self.grid.cell_to_offset(self.grid.pixel_to_cell(x, y)) for x, y in pixels]
        tm = self.tmap
        ox, oy = tm.origin
        c0 = max(ox, min(o[0] for o in offsets) - 1)
        c1 = min(ox + tm.width - 1, max(o[0] for o in offsets) + 1)
        r0 = max(oy, min(o[1] for o in offsets) - 1)
        r1 = min(oy + tm.height - 1, max(o[1] for o in offsets) + 1)
        for row in range(r0, r1 + 1):
            for col in range(c0, c1 + 1):
                yield col, row

    def _along(self, obj: m.MapObject) -> list[Cell]:
        cells: list[Cell] = []
        pts = [_rotate(obj, x, y) for x, y in obj.points]
        step = max(1.0, min(self.tmap.tile_width, self.tmap.tile_height) / 4)
        for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
            n = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0) / step))
            for i in range(n + 1):
                cell = self.grid.pixel_to_cell(x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n)
                if not cells or cells[-1] != cell:
                    cells.append(cell)
        return cells

    def _on_map(self, cells: list[Cell]) -> Iterator[tuple[int, int]]:
        tm = self.tmap
        ox, oy = tm.origin
        for cell in cells:
            col, row = self.grid.cell_to_offset(cell)
            if ox <= col < ox + tm.width and oy <= row < oy + tm.height:
                yield col, row

    # -- result -------------------------------------------------------------------------

    def board(self) -> Board:
        self.walk(self.tmap.layers, {})
        terrain: dict[Cell, Terrain] = {}
        missing_damage = 0
        for offset, partial in self.cells.items():
            damage = partial.get("damage")
            dangerous = partial.get("dangerous", damage is not None)
            if dangerous and damage is None:
                missing_damage += 1
                if missing_damage == 1:
                    self.problem(f"cell {offset}", "dangerous terrain needs a 'damage' property such as '1d6 fire'")
                continue
            terrain[self.grid.offset_to_cell(*offset)] = Terrain(
                wall=bool(partial.get("wall", False)),
                difficult=bool(partial.get("difficult", False)),
                damage=damage if dangerous else None,
            )
        tm = self.tmap
        board = Board(self.grid, tm.width, tm.height, origin=tm.origin, terrain=terrain,
                      properties=tm.properties, name=_title(tm))
        seen: dict[Cell, Placement] = {}
        placements = []
        for p in self.placements:
            if p.cell not in board:
                self.problem(p.origin, f"creature '{p.name}' stands outside the map at {self.grid.cell_to_offset(p.cell)}")
            elif board.is_wall(p.cell):
                self.problem(p.origin, f"creature '{p.name}' stands in a wall at {self.grid.cell_to_offset(p.cell)}")
            elif p.cell in seen:
                self.problem(p.origin, f"creature '{p.name}' shares cell {self.grid.cell_to_offset(p.cell)} with '{seen[p.cell].name}'")
            else:
                seen[p.cell] = p
                placements.append(p)
        board.placements = tuple(placements)
        return board


def _title(tmap: m.TiledMap) -> str:
    title = tmap.properties.get("title")
    return title if isinstance(title, str) and title else tmap.path.stem


def _rotate(obj: m.MapObject, lx: float, ly: float) -> tuple[float, float]:
    """Object-local offset -> map pixel, rotating clockwise by the object's rotation about (x, y)."""
    if not obj.rotation:
        return obj.x + lx, obj.y + ly
    a = math.radians(obj.rotation)
    return obj.x + lx * math.cos(a) - ly * math.sin(a), obj.y + lx * math.sin(a) + ly * math.cos(a)


def _unrotate(obj: m.MapObject, px: float, py: float) -> tuple[float, float]:
    dx, dy = px - obj.x, py - obj.y
    if not obj.rotation:
        return dx, dy
    a = math.radians(-obj.rotation)
    return dx * math.cos(a) - dy * math.sin(a), dx * math.sin(a) + dy * math.cos(a)


def _in_polygon(points: list[tuple[float, float]], x: float, y: float) -> bool:
    inside = False
    j = len(points) - 1
    for i, (xi, yi) in enumerate(points):
        xj, yj = points[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def _in_ellipse_box(box: list[tuple[float, float]], x: float, y: float) -> bool:
    w, h = box[2]
    if w <= 0 or h <= 0:
        return False
    nx, ny = (x - w / 2) / (w / 2), (y - h / 2) / (h / 2)
    return nx * nx + ny * ny <= 1.0


def board_from_map(tmap: m.TiledMap) -> Board:
    """Build the Board; every problem found is reported together (MapError / MapProblems)."""
    conv = _Converter(tmap)
    board = conv.board()
    if conv.problems:
        raise problems_error([one_line(p) for p in conv.problems])
    return board
