"""Which cells of a map a Tiled object covers, and which cell a creature object stands in.

Geometry only: no terrain, no properties. A shape covers the cells whose centre
lies inside it (rectangles, ellipses and polygons, rotation included); a point
covers its cell; a polyline covers the cells it passes through; a tile object
covers the cells under its image. A creature stands in the cell under the centre
of its shape.
"""

from __future__ import annotations

import math
from typing import Any, Iterator

from game.grid import Cell, Grid, SquareGrid
from game.tiled import model as m


class ObjectCells:
    """The cells of one map's grid that its objects cover, clipped to the map."""

    def __init__(self, tmap: m.TiledMap, grid: Grid[Any]) -> None:
        self.tmap = tmap
        self.grid = grid
        self._pixel_box = self._map_pixel_box()

    def work(self, obj: m.MapObject) -> int:
        """The cell tests :meth:`covered` makes for an object (an upper bound; the converter sums them over
        the map's shapes and refuses the map past ``MAX_SHAPE_WORK`` before any cell is looked for)."""
        if obj.shape is m.ObjectShape.POINT:
            return 1
        if obj.shape is m.ObjectShape.POLYLINE:
            return sum(n + 1 for _, _, n in self._segments(obj))
        local = self._outline(obj)
        if not local:
            return 0
        c0, c1, r0, r1 = self._offsets_near([_rotate(obj, x, y) for x, y in local])
        cells = max(0, c1 - c0 + 1) * max(0, r1 - r0 + 1)
        return cells if self._is_upright_rectangle(obj) else cells * max(4, len(local))

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

    def covered(self, obj: m.MapObject) -> Iterator[tuple[int, int]]:
        """Offset coordinates of the map cells an object covers (after :meth:`work` has been summed and capped)."""
        if obj.shape is m.ObjectShape.POINT:
            yield from self._on_map([self.grid.pixel_to_cell(obj.x, obj.y)])
            return
        if obj.shape is m.ObjectShape.POLYLINE:
            yield from self._on_map(self._along(obj))
            return
        local = self._outline(obj)
        if not local:
            return
        inside = _in_ellipse_box if obj.shape is m.ObjectShape.ELLIPSE else _in_polygon
        corners = [_rotate(obj, x, y) for x, y in local]
        c0, c1, r0, r1 = self._offsets_near(corners)
        if self._is_upright_rectangle(obj):
            # the same test, split into columns and rows: one test per column and per row
            (x0, y0), (x1, y1) = local[0], local[2]
            cols = [c for c in range(c0, c1 + 1) if _in_polygon(local, self.grid.cell_centre_pixel(
                self.grid.offset_to_cell(c, r0))[0] - obj.x, (y0 + y1) / 2)]
            rows = [r for r in range(r0, r1 + 1) if _in_polygon(local, (x0 + x1) / 2, self.grid.cell_centre_pixel(
                self.grid.offset_to_cell(c0, r))[1] - obj.y)]
            for row in rows:
                for col in cols:
                    yield col, row
            return
        for row in range(r0, r1 + 1):
            for col in range(c0, c1 + 1):
                cx, cy = self.grid.cell_centre_pixel(self.grid.offset_to_cell(col, row))
                lx, ly = _unrotate(obj, cx, cy)
                if inside(local, lx, ly):
                    yield col, row

    def _outline(self, obj: m.MapObject) -> list[tuple[float, float]]:
        """An area object's points, relative to its position: a polygon's own, else its box's corners."""
        if obj.shape is m.ObjectShape.POLYGON:
            return list(obj.points)
        top = -obj.height if obj.shape is m.ObjectShape.TILE else 0.0  # a tile object's y is its bottom
        return [(0.0, top), (obj.width, top), (obj.width, top + obj.height), (0.0, top + obj.height)]

    def _is_upright_rectangle(self, obj: m.MapObject) -> bool:
        return (obj.shape in (m.ObjectShape.RECTANGLE, m.ObjectShape.TEXT, m.ObjectShape.TILE) and not obj.rotation
                and isinstance(self.grid, SquareGrid))

    def _offsets_near(self, pixels: list[tuple[float, float]]) -> tuple[int, int, int, int]:
        """Columns c0..c1 and rows r0..r1 of the map around the points (the box may be empty)."""
        tm = self.tmap
        ox, oy = tm.origin
        bx0, by0, bx1, by1 = self._pixel_box
        xs = [min(max(x, bx0), bx1) for x, _ in pixels]  # clamped first: a hostile point may lie at 1e300
        ys = [min(max(y, by0), by1) for _, y in pixels]
        offsets = [self.grid.cell_to_offset(self.grid.pixel_to_cell(x, y)) for x in (min(xs), max(xs))
                   for y in (min(ys), max(ys))]
        c0 = max(ox, min(o[0] for o in offsets) - 1)
        c1 = min(ox + tm.width - 1, max(o[0] for o in offsets) + 1)
        r0 = max(oy, min(o[1] for o in offsets) - 1)
        r1 = min(oy + tm.height - 1, max(o[1] for o in offsets) + 1)
        return c0, c1, r0, r1

    def _map_pixel_box(self) -> tuple[float, float, float, float]:
        """A pixel rectangle holding the whole map, with a margin of two tiles."""
        tm = self.tmap
        ox, oy = tm.origin
        corners = [self.grid.cell_centre_pixel(self.grid.offset_to_cell(c, r))
                   for c in (ox, ox + max(0, tm.width - 1)) for r in (oy, oy + max(0, tm.height - 1))]
        margin = 2.0 * max(tm.tile_width, tm.tile_height)
        return (min(x for x, _ in corners) - margin, min(y for _, y in corners) - margin,
                max(x for x, _ in corners) + margin, max(y for _, y in corners) + margin)

    def _segments(self, obj: m.MapObject) -> Iterator[tuple[tuple[float, float], tuple[float, float], int]]:
        """A polyline's segments, each cut to the map (a hostile point may lie at 1e12), with its step count."""
        pts = [_rotate(obj, x, y) for x, y in obj.points]
        step = max(1.0, min(self.tmap.tile_width, self.tmap.tile_height) / 4)
        for a, b in zip(pts, pts[1:]):
            clipped = _clip_segment(a, b, self._pixel_box)
            if clipped is not None:
                (x0, y0), (x1, y1) = clipped
                yield clipped[0], clipped[1], max(1, math.ceil(math.hypot(x1 - x0, y1 - y0) / step))

    def _along(self, obj: m.MapObject) -> list[Cell]:
        cells: list[Cell] = []
        for (x0, y0), (x1, y1), n in self._segments(obj):
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


def _clip_segment(a: tuple[float, float], b: tuple[float, float],
                  box: tuple[float, float, float, float]) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The part of segment a-b inside the box (Liang-Barsky), or None."""
    (x0, y0), (x1, y1) = a, b
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - box[0]), (dx, box[2] - x0), (-dy, y0 - box[1]), (dy, box[3] - y0)):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return (x0 + t0 * dx, y0 + t0 * dy), (x0 + t1 * dx, y0 + t1 * dy)


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
