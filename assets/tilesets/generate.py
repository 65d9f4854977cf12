"""Draw the battle-map tilesets and write their Tiled tileset files.

Run from anywhere with the project's Python (pygame-ce is the only dependency):

    python assets/tilesets/generate.py            # (re)write the PNG + TSX files
    python assets/tilesets/generate.py --check    # exit 1 if the files on disk differ

Three tilesets hold the same 40 tiles, in the same order, so a tile has the same
local id whatever the grid:

* ``square.png`` / ``square.tsx``: 32x32 squares, 8 columns, ``margin="1"
  spacing="2"`` (the gutters are transparent).
* ``hex_pointy.png`` / ``hex_pointy.tsx``: pointy-top hexes for maps with
  ``staggeraxis="y"``: tiles 32x36, ``hexsidelength`` 18 (row height 27).
* ``hex_flat.png`` / ``hex_flat.tsx``: flat-top hexes for maps with
  ``staggeraxis="x"``: tiles 36x32, ``hexsidelength`` 18 (column width 27).

A hex tile is transparent outside its hexagon. A pixel belongs to the hexagon
when its centre does; the hexagon's corners are on integer coordinates and no
pixel centre lies on an edge, so the hexagons of a Tiled hex map cover every
pixel exactly once: no gaps, no overlaps.

Every pixel is fully opaque or fully transparent (alpha 0 or 255), so any two
renderers agree pixel for pixel. Textures are periodic on the lattice of the
map's cells (noise, Voronoi stones and wrapped shapes are computed on the
torus of that lattice), so a field of one ground tile shows no seams. Ground
tiles that are not walls darken their top and left edge pixels: together they
draw a one-pixel grid between cells.

Terrain lives in custom properties of the tiles (typed, as Tiled writes them):
``wall`` (bool), ``difficult`` (bool), ``dangerous`` (bool) with ``damage``
(string: dice and damage type, e.g. ``"1d6 fire"``). Tiles without terrain
(floors, decoration) have no properties.

Everything is deterministic: each tile draws from its own ``random.Random``
seeded with a string; nothing touches the global random state.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator
from xml.sax.saxutils import quoteattr

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

HERE = Path(__file__).resolve().parent
COLUMNS = 8

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
TRANSPARENT: RGBA = (0, 0, 0, 0)


# --------------------------------------------------------------------------
# Colours


def clamp8(v: float) -> int:
    return 0 if v < 0 else 255 if v > 255 else int(round(v))


def mix(c1: RGB, c2: RGB, t: float) -> RGB:
    t = 0.0 if t < 0 else 1.0 if t > 1 else t
    return (
        clamp8(c1[0] + (c2[0] - c1[0]) * t),
        clamp8(c1[1] + (c2[1] - c1[1]) * t),
        clamp8(c1[2] + (c2[2] - c1[2]) * t),
    )


def mul(c: RGB, f: float) -> RGB:
    return (clamp8(c[0] * f), clamp8(c[1] * f), clamp8(c[2] * f))


def ramp(palette: list[RGB], v: float) -> RGB:
    """The palette entry for v in [0, 1] (clamped)."""
    i = int(v * len(palette))
    return palette[0 if i < 0 else len(palette) - 1 if i >= len(palette) else i]


# --------------------------------------------------------------------------
# Tile shapes and the lattice of a map's cells


@dataclass
class Shape:
    """The pixel footprint of one cell and the lattice its copies tile."""

    name: str
    width: int
    height: int
    corners: list[tuple[float, float]]
    """Convex outline, clockwise in screen coordinates (y down)."""
    a: tuple[float, float]
    b: tuple[float, float]
    """Two lattice vectors: the cell at (x, y) looks the same at (x, y) + a and + b."""

    def __post_init__(self) -> None:
        det = self.a[0] * self.b[1] - self.a[1] * self.b[0]
        self._inv = (self.b[1] / det, -self.b[0] / det, -self.a[1] / det, self.a[0] / det)
        self.mask = [[self._contains(x + 0.5, y + 0.5) for x in range(self.width)] for y in range(self.height)]
        self.cx = self.width / 2
        self.cy = self.height / 2

    def _contains(self, px: float, py: float) -> bool:
        n = len(self.corners)
        for i in range(n):
            x1, y1 = self.corners[i]
            x2, y2 = self.corners[(i + 1) % n]
            cross = (x2 - x1) * (py - y1) - (y2 - y1) * (px - x1)
            if cross < 0:
                return False
            assert cross != 0, f"{self.name}: pixel centre ({px}, {py}) on an edge"
        return True

    def inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height and self.mask[y][x]

    def pixels(self) -> Iterator[tuple[int, int]]:
        for y in range(self.height):
            for x in range(self.width):
                if self.mask[y][x]:
                    yield x, y

    def is_grid_edge(self, x: int, y: int) -> bool:
        """Top/left boundary pixel: across a map these draw each cell border once."""
        return self.inside(x, y) and (not self.inside(x - 1, y) or not self.inside(x, y - 1))

    def torus(self, px: float, py: float) -> tuple[float, float]:
        """Lattice coordinates (s, t) in [0, 1) of a point: p = s*a + t*b (mod lattice)."""
        i = self._inv
        s = i[0] * px + i[1] * py
        t = i[2] * px + i[3] * py
        return s - math.floor(s), t - math.floor(t)

    def from_torus(self, s: float, t: float) -> tuple[float, float]:
        return s * self.a[0] + t * self.b[0], s * self.a[1] + t * self.b[1]

    def wrap_delta(self, px: float, py: float, qx: float, qy: float) -> tuple[float, float]:
        """Shortest vector from q to p when points a lattice vector apart are the same."""
        best = (0.0, 0.0)
        bd = math.inf
        dx0, dy0 = px - qx, py - qy
        for m in (-2, -1, 0, 1, 2):
            for n in (-2, -1, 0, 1, 2):
                dx = dx0 + m * self.a[0] + n * self.b[0]
                dy = dy0 + m * self.a[1] + n * self.b[1]
                d = dx * dx + dy * dy
                if d < bd:
                    bd, best = d, (dx, dy)
        return best


def square_shape() -> Shape:
    return Shape("square", 32, 32, [(0, 0), (32, 0), (32, 32), (0, 32)], (32, 0), (0, 32))


def pointy_shape() -> Shape:
    # staggeraxis y: tilewidth 32, tileheight 36, hexsidelength 18.
    # Row height (36 - 18) / 2 + 18 = 27; odd rows shift by 16.
    return Shape(
        "hex_pointy", 32, 36,
        [(16, 0), (32, 9), (32, 27), (16, 36), (0, 27), (0, 9)],
        (32, 0), (16, 27),
    )


def flat_shape() -> Shape:
    # staggeraxis x: tilewidth 36, tileheight 32, hexsidelength 18.
    # Column width (36 - 18) / 2 + 18 = 27; staggered columns shift by 16.
    return Shape(
        "hex_flat", 36, 32,
        [(9, 0), (27, 0), (36, 16), (27, 32), (9, 32), (0, 16)],
        (27, 16), (0, 32),
    )


# --------------------------------------------------------------------------
# Periodic texture primitives


class WrapNoise:
    """Value noise on the lattice torus: seamless across cells by construction."""

    def __init__(self, rng: random.Random, n: int) -> None:
        self.n = n
        self.v = [[rng.random() for _ in range(n)] for _ in range(n)]

    def __call__(self, s: float, t: float) -> float:
        n = self.n
        fs, ft = s * n, t * n
        i, j = int(math.floor(fs)), int(math.floor(ft))
        u, w = fs - i, ft - j
        u = u * u * (3 - 2 * u)
        w = w * w * (3 - 2 * w)
        i0, i1, j0, j1 = i % n, (i + 1) % n, j % n, (j + 1) % n
        top = self.v[j0][i0] + (self.v[j0][i1] - self.v[j0][i0]) * u
        bot = self.v[j1][i0] + (self.v[j1][i1] - self.v[j1][i0]) * u
        return top + (bot - top) * w


class Fbm:
    def __init__(self, rng: random.Random, sizes: tuple[int, ...] = (3, 6, 12), gain: float = 0.5) -> None:
        self.layers = [WrapNoise(rng, n) for n in sizes]
        self.amps = [gain**k for k in range(len(sizes))]
        self.total = sum(self.amps)

    def __call__(self, s: float, t: float) -> float:
        return sum(a * layer(s, t) for a, layer in zip(self.amps, self.layers)) / self.total


@dataclass
class Cell:
    """The Voronoi cell a pixel falls in."""

    index: int
    dx: float
    dy: float
    """Vector from the cell's seed to the pixel."""
    border: float
    """Distance from the pixel to the cell's border."""


class Voronoi:
    """Voronoi cells of seeds on the lattice torus (jittered k x k grid)."""

    def __init__(self, shape: Shape, rng: random.Random, k: int, jitter: float = 0.8) -> None:
        self.shape = shape
        base: list[tuple[float, float]] = []
        for j in range(k):
            for i in range(k):
                s = (i + 0.5 + (rng.random() - 0.5) * jitter) / k
                t = (j + 0.5 + (rng.random() - 0.5) * jitter) / k
                base.append(shape.from_torus(s % 1.0, t % 1.0))
        self.count = len(base)
        # Copies of every seed in the neighbouring lattice cells.
        self.points: list[tuple[int, float, float]] = []
        for m in (-1, 0, 1, 2):
            for n in (-1, 0, 1, 2):
                for idx, (x, y) in enumerate(base):
                    self.points.append((idx, x + m * shape.a[0] + n * shape.b[0], y + m * shape.a[1] + n * shape.b[1]))

    def nearest_gap(self, index: int) -> float:
        """Distance from seed ``index`` to the nearest other seed (copies included)."""
        me = next(p for p in self.points if p[0] == index)
        return min(math.hypot(p[1] - me[1], p[2] - me[2]) for p in self.points if p is not me)

    def cell(self, px: float, py: float) -> Cell:
        best = None
        bd = math.inf
        for p in self.points:
            d = (px - p[1]) ** 2 + (py - p[2]) ** 2
            if d < bd:
                bd, best = d, p
        assert best is not None
        border = math.inf
        for p in self.points:
            if p is best:
                continue
            ex, ey = p[1] - best[1], p[2] - best[2]
            el = math.hypot(ex, ey)
            if el < 1e-9:
                continue
            d2 = (px - p[1]) ** 2 + (py - p[2]) ** 2
            border = min(border, (d2 - bd) / (2 * el))
        return Cell(best[0], px - best[1], py - best[2], border)


# --------------------------------------------------------------------------
# Canvas: one tile being drawn


class Canvas:
    def __init__(self, shape: Shape, rng: random.Random) -> None:
        self.shape = shape
        self.rng = rng
        self.w, self.h = shape.width, shape.height
        self.cx, self.cy = shape.cx, shape.cy
        self.px: list[list[RGBA]] = [[TRANSPARENT] * self.w for _ in range(self.h)]

    # pixel access -----------------------------------------------------
    def set(self, x: int, y: int, c: RGB | RGBA) -> None:
        if self.shape.inside(x, y):
            self.px[y][x] = (c[0], c[1], c[2], 255) if len(c) == 3 else c  # type: ignore[misc]

    def get(self, x: int, y: int) -> RGBA:
        return self.px[y][x]

    def opaque(self, x: int, y: int) -> bool:
        return self.shape.inside(x, y) and self.px[y][x][3] == 255

    def pixels(self) -> Iterator[tuple[int, int]]:
        return self.shape.pixels()

    def torus(self, x: int, y: int) -> tuple[float, float]:
        return self.shape.torus(x + 0.5, y + 0.5)

    def jitter(self, amount: float) -> float:
        return (self.rng.random() - 0.5) * 2 * amount

    # shapes in tile coordinates (relative to the tile centre) ----------
    def fill_where(self, test: Callable[[float, float], bool], colour: Callable[[int, int, float, float], RGB]) -> None:
        """Paint pixels whose centre (relative to the tile centre) passes ``test``."""
        for x, y in self.pixels():
            rx, ry = x + 0.5 - self.cx, y + 0.5 - self.cy
            if test(rx, ry):
                self.set(x, y, colour(x, y, rx, ry))

    def blob(self, bx: float, by: float, r: float, colour: Callable[[int, int, float, float], RGB],
             wobble: float = 0.0, squash: float = 1.0) -> None:
        """A roundish blob centred (bx, by) from the tile centre; colour gets offsets from the blob centre."""
        phase = [self.rng.random() * math.tau for _ in range(3)]
        amps = [wobble * self.rng.uniform(0.5, 1.0) for _ in range(3)]

        def radius(ang: float) -> float:
            return r * (1 + sum(a * math.sin((k + 2) * ang + p) for k, (a, p) in enumerate(zip(amps, phase))))

        for x, y in self.pixels():
            dx, dy = x + 0.5 - self.cx - bx, (y + 0.5 - self.cy - by) / squash
            if math.hypot(dx, dy) <= radius(math.atan2(dy, dx)):
                self.set(x, y, colour(x, y, dx, dy))

    def outline(self, colour: RGB, source: list[list[RGBA]] | None = None) -> None:
        """Darken transparent pixels 4-adjacent to opaque ones (inside the cell)."""
        src = source if source is not None else [row[:] for row in self.px]
        for x, y in self.pixels():
            if src[y][x][3] == 0:
                for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    if self.shape.inside(nx, ny) and src[ny][nx][3] == 255:
                        self.set(x, y, colour)
                        break

    def grid_edges(self, factor: float = 0.72) -> None:
        for x, y in self.pixels():
            if self.shape.is_grid_edge(x, y):
                r, g, b, _ = self.px[y][x]
                self.set(x, y, mul((r, g, b), factor))


# --------------------------------------------------------------------------
# Ground tiles (opaque, fill the whole cell)


STONE_FLOOR = [(88, 90, 98), (101, 103, 111), (114, 116, 124), (127, 129, 136)]
STONE_MORTAR = (56, 56, 63)


def _flagstones(c: Canvas, seed_rng: random.Random, moss: bool) -> None:
    vor = Voronoi(c.shape, seed_rng, 2, 0.7)
    tints = [seed_rng.uniform(-0.12, 0.12) for _ in range(vor.count)]
    grain = Fbm(seed_rng, (4, 8, 16))
    moss_n = Fbm(seed_rng, (3, 6))
    for x, y in c.pixels():
        cell = vor.cell(x + 0.5, y + 0.5)
        s, t = c.torus(x, y)
        if cell.border < 0.8:
            col = STONE_MORTAR
        else:
            v = 0.5 + tints[cell.index] + (grain(s, t) - 0.5) * 0.9 + c.jitter(0.12)
            if cell.border < 1.8 and (cell.dx + cell.dy) < 0:
                v += 0.25  # worn, lit edge
            col = ramp(STONE_FLOOR, v)
        if moss:
            rim = math.hypot(x + 0.5 - c.cx, y + 0.5 - c.cy) / 16.0
            m = moss_n(s, t) + c.jitter(0.05) - max(0.0, rim - 0.6) * 0.35
            if m > 0.56:
                col = mix(col, (70, 100, 52), 0.55 if cell.border >= 0.8 else 0.8)
            if m > 0.64:
                col = mix(col, (86, 122, 60), 0.6)
        c.set(x, y, col)


def paint_stone_floor(c: Canvas) -> None:
    _flagstones(c, random.Random(f"{c.shape.name}:flagstones"), moss=False)
    c.grid_edges(0.7)


def paint_stone_floor_mossy(c: Canvas) -> None:
    _flagstones(c, random.Random(f"{c.shape.name}:flagstones"), moss=True)
    # a crack or two
    for _ in range(2):
        x, y = c.rng.randrange(6, c.w - 6), c.rng.randrange(6, c.h - 6)
        for _ in range(9):
            c.set(x, y, STONE_MORTAR)
            x += c.rng.choice((-1, 0, 1))
            y += c.rng.choice((0, 1))
    c.grid_edges(0.7)


def paint_wood_floor(c: Canvas) -> None:
    rng = c.rng
    planks = 3 if c.shape.name == "hex_pointy" else 4
    offsets = [rng.random() for _ in range(planks)]
    tints = [rng.uniform(-0.1, 0.1) for _ in range(planks * 2)]
    grain = WrapNoise(rng, 24)
    pal = [(112, 76, 44), (128, 88, 52), (144, 101, 60), (160, 114, 70)]
    for x, y in c.pixels():
        s, t = c.torus(x, y)
        row = int(t * planks) % planks
        within = t * planks - int(t * planks)
        if c.shape.a[1] == 0:
            # rows are horizontal: butt joints are vertical, every 16 px (a period of the lattice)
            along = 0.0  # one tint per row: a 32 px period would not survive the (16, 27) lattice vector
            joint = (x + int(offsets[row] * 16)) % 16 == 0
        else:
            along = (s * 2 + offsets[row]) % 2.0
            joint = (along % 1.0) < 0.035
        seg = int(along) % 2
        seam = within < 1.0 / (c.h / planks)
        if seam or joint:
            c.set(x, y, (70, 46, 26))
            continue
        g = grain((s * 0.15) % 1.0, t)  # streaky grain along the planks
        v = 0.5 + tints[row * 2 + seg] + (g - 0.5) * 0.9 + c.jitter(0.1)
        c.set(x, y, ramp(pal, v))
    c.grid_edges(0.72)


GRASS = [(50, 92, 40), (62, 110, 46), (75, 128, 54), (92, 146, 64)]


def _grass(c: Canvas, rng: random.Random) -> None:
    n = Fbm(rng, (3, 6, 12))
    for x, y in c.pixels():
        s, t = c.torus(x, y)
        v = n(s, t) + c.jitter(0.16)
        col = ramp(GRASS, (v - 0.2) * 1.6)
        if c.rng.random() < 0.06:
            col = (104, 160, 72)  # blade tip
        elif c.rng.random() < 0.05:
            col = (42, 78, 34)
        c.set(x, y, col)


def paint_grass(c: Canvas) -> None:
    _grass(c, random.Random(f"{c.shape.name}:grass"))
    c.grid_edges(0.8)


def paint_grass_flowers(c: Canvas) -> None:
    _grass(c, random.Random(f"{c.shape.name}:grass"))
    colours = [(246, 226, 90), (244, 244, 240), (206, 132, 226)]
    spots: list[tuple[float, float]] = []
    while len(spots) < 9:
        fx, fy = c.rng.uniform(-11, 11), c.rng.uniform(-11, 11)
        if any(abs(fx - a) < 3.5 and abs(fy - b) < 3.5 for a, b in spots):
            continue
        spots.append((fx, fy))
    for fx, fy in spots:
        col = c.rng.choice(colours)
        x, y = int(c.cx + fx), int(c.cy + fy)
        for dx, dy in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
            c.set(x + dx, y + dy, col if (dx, dy) != (0, 0) else (230, 170, 40))
    c.grid_edges(0.8)


def _earthy(c: Canvas, pal: list[RGB], rng: random.Random, pebbles: float, spread: float = 1.4) -> None:
    n = Fbm(rng, (3, 7, 14))
    for x, y in c.pixels():
        s, t = c.torus(x, y)
        v = (n(s, t) - 0.5) * spread + 0.5 + c.jitter(0.18)
        col = ramp(pal, v)
        r = c.rng.random()
        if r < pebbles:
            col = mix(pal[-1], (200, 190, 170), 0.35)
        elif r < pebbles * 2:
            col = mul(pal[0], 0.8)
        c.set(x, y, col)


def paint_dirt(c: Canvas) -> None:
    _earthy(c, [(100, 76, 52), (116, 89, 60), (131, 102, 70), (146, 117, 82)], c.rng, 0.025)
    c.grid_edges(0.76)


def paint_rock_ground(c: Canvas) -> None:
    _earthy(c, [(84, 80, 76), (97, 93, 87), (111, 106, 99), (125, 119, 110)], c.rng, 0.03)
    vor = Voronoi(c.shape, c.rng, 2, 0.9)
    for x, y in c.pixels():
        cell = vor.cell(x + 0.5, y + 0.5)
        if cell.border < 0.6:
            r, g, b, _ = c.get(x, y)
            c.set(x, y, mul((r, g, b), 0.7))
    c.grid_edges(0.74)


def paint_ash(c: Canvas) -> None:
    _earthy(c, [(54, 50, 49), (66, 62, 60), (79, 74, 71), (93, 87, 82)], c.rng, 0.02)
    for _ in range(5):
        x, y = c.rng.randrange(3, c.w - 3), c.rng.randrange(3, c.h - 3)
        c.set(x, y, c.rng.choice([(150, 52, 24), (196, 90, 30), (110, 40, 24)]))
    c.grid_edges(0.76)


def paint_mud(c: Canvas) -> None:
    rng = c.rng
    n = Fbm(rng, (3, 6, 12))
    wet = Fbm(rng, (4, 8))
    pal = [(62, 45, 30), (74, 54, 36), (86, 64, 43), (98, 74, 50)]
    for x, y in c.pixels():
        s, t = c.torus(x, y)
        v = n(s, t) + c.jitter(0.15)
        col = ramp(pal, (v - 0.2) * 1.6)
        w = wet(s, t)
        if w > 0.58:
            col = (56, 52, 44) if w < 0.64 else (66, 64, 58)
            if c.rng.random() < 0.08:
                col = (130, 124, 108)  # glint on the puddle
        c.set(x, y, col)
    # footprints / ridges
    for _ in range(4):
        x, y = rng.randrange(4, c.w - 4), rng.randrange(4, c.h - 4)
        for dx in range(3):
            c.set(x + dx, y, (48, 34, 22))
            c.set(x + dx, y - 1, (112, 86, 58))
    c.grid_edges(0.76)


def _water(c: Canvas, pal: list[RGB], crest: RGB, arcs: int, rng: random.Random) -> None:
    n = Fbm(rng, (2, 4, 8))
    for x, y in c.pixels():
        s, t = c.torus(x, y)
        v = n(s, t) + c.jitter(0.08)
        c.set(x, y, ramp(pal, (v - 0.25) * 2.0))
    # wavelets: short arcs, wrapped across cell borders
    waves = []
    for _ in range(arcs):
        wx, wy = c.shape.from_torus(rng.random(), rng.random())
        waves.append((wx, wy, rng.uniform(3.0, 5.0)))
    for x, y in c.pixels():
        for wx, wy, r in waves:
            dx, dy = c.shape.wrap_delta(x + 0.5, y + 0.5, wx, wy)
            d = math.hypot(dx, dy)
            if dy > 0 and abs(dx) < r * 0.85 and abs(d - r) < 0.6:
                c.set(x, y, crest)
            elif dy > 0 and abs(dx) < r * 0.6 and abs(d - r - 1.0) < 0.5:
                c.set(x, y, mix(crest, pal[0], 0.55))


def paint_shallow_water(c: Canvas) -> None:
    _water(c, [(58, 118, 150), (66, 130, 162), (76, 142, 172), (88, 154, 180)], (178, 216, 228), 5, c.rng)
    c.grid_edges(0.8)


def paint_deep_water(c: Canvas) -> None:
    _water(c, [(22, 50, 96), (28, 60, 108), (34, 70, 120), (42, 80, 130)], (100, 142, 180), 3, c.rng)
    c.grid_edges(0.78)


def paint_lava(c: Canvas) -> None:
    """Plates of dark crust floating on glowing rock."""
    vor = Voronoi(c.shape, c.rng, 2, 0.8)
    n = Fbm(c.rng, (4, 8))
    hot = Fbm(c.rng, (3, 6))
    crust = [(70, 26, 22), (86, 32, 24), (104, 40, 26)]
    for x, y in c.pixels():
        cell = vor.cell(x + 0.5, y + 0.5)
        s, t = c.torus(x, y)
        d = cell.border + (n(s, t) - 0.5) * 1.6 + c.jitter(0.3)
        d -= max(0.0, hot(s, t) - 0.62) * 8  # molten pools eat into the plates
        if d < 0.9:
            col = (255, 226, 98)
        elif d < 1.8:
            col = (252, 150, 38)
        elif d < 2.7:
            col = (214, 74, 24)
        elif d < 3.4:
            col = (146, 42, 22)
        else:
            col = ramp(crust, n(s, t) * 1.2 - 0.1 + c.jitter(0.25))
            if c.rng.random() < 0.02:
                col = (200, 64, 24)  # glowing pinhole
        c.set(x, y, col)
    c.grid_edges(0.8)


def paint_bog(c: Canvas) -> None:
    """Poisonous green muck with fat bubbles."""
    rng = c.rng
    n = Fbm(rng, (3, 6, 12))
    pal = [(52, 76, 34), (64, 92, 38), (80, 110, 40), (100, 130, 44)]
    for x, y in c.pixels():
        s, t = c.torus(x, y)
        v = n(s, t)
        col = ramp(pal, (v - 0.25) * 2.0 + c.jitter(0.12))
        if 0.47 < v < 0.53:
            col = mix(col, (150, 186, 64), 0.5)  # scum swirl
        c.set(x, y, col)
    spots: list[tuple[float, float, float]] = []
    while len(spots) < 4:
        bx, by, r = rng.uniform(-9, 9), rng.uniform(-9, 9), rng.choice((2.2, 2.8, 3.4))
        if all(math.hypot(bx - sx, by - sy) > r + sr + 1.5 for sx, sy, sr in spots):
            spots.append((bx, by, r))
    for bx, by, r in spots:
        c.blob(bx, by, r, lambda x, y, dx, dy: (170, 208, 80) if dx + dy < -r * 0.6 else (124, 164, 56))
        c.fill_where(lambda rx, ry, bx=bx, by=by, r=r: r - 0.9 < math.hypot(rx - bx, ry - by) < r + 0.1
                     and (rx - bx) + (ry - by) > 0, lambda *_: (40, 58, 28))
    for bx, by, r in spots:
        c.set(int(c.cx + bx - r * 0.45), int(c.cy + by - r * 0.45), (232, 246, 176))
    c.grid_edges(0.8)


def _masonry(c: Canvas, vor: Voronoi, pal: tuple[RGB, RGB, RGB, RGB], mortar: RGB, gap: float, bevel: float,
             rng: random.Random) -> None:
    """Stones of a Voronoi diagram, lit from the top left."""
    base, lit, shade, deep = pal
    tints = [rng.uniform(-0.12, 0.12) for _ in range(vor.count)]
    n = Fbm(rng, (4, 8, 16))
    for x, y in c.pixels():
        cell = vor.cell(x + 0.5, y + 0.5)
        s, t = c.torus(x, y)
        if cell.border < gap:
            c.set(x, y, mortar)
            continue
        col = mul(base, 1 + tints[cell.index] + (n(s, t) - 0.5) * 0.35 + c.jitter(0.05))
        if cell.border < gap + bevel:
            d = math.hypot(cell.dx, cell.dy) or 1.0
            light = -(cell.dx + cell.dy) / (d * math.sqrt(2))
            if light > 0.25:
                col = lit
            elif light < -0.25:
                col = shade if cell.border > gap + 0.8 else deep
        c.set(x, y, col)


def paint_stone_wall(c: Canvas) -> None:
    vor = Voronoi(c.shape, c.rng, 4, 0.6)
    _masonry(c, vor, ((92, 84, 76), (134, 124, 112), (62, 56, 50), (48, 43, 39)), (30, 28, 28), 0.9, 1.8, c.rng)


def paint_cliff(c: Canvas) -> None:
    vor = Voronoi(c.shape, c.rng, 2, 1.0)
    _masonry(c, vor, ((84, 74, 64), (120, 108, 94), (54, 47, 41), (40, 35, 31)), (24, 20, 18), 0.7, 4.5, c.rng)
    # scattered dark fissures inside the facets
    for x, y in c.pixels():
        if c.rng.random() < 0.03:
            r, g, b, _ = c.get(x, y)
            c.set(x, y, mul((r, g, b), 0.7))


def paint_wood_wall(c: Canvas) -> None:
    """A palisade seen from above: packed round log ends with growth rings."""
    vor = Voronoi(c.shape, c.rng, 3, 0.3)
    radius = [vor.nearest_gap(i) * 0.64 for i in range(vor.count)]
    phase = [c.rng.uniform(0, 3) for _ in range(vor.count)]
    for x, y in c.pixels():
        cell = vor.cell(x + 0.5, y + 0.5)
        d = math.hypot(cell.dx, cell.dy)
        r = radius[cell.index]
        if cell.border < 0.6 or d > r + 0.3:
            c.set(x, y, (36, 26, 19))  # gap between logs
            continue
        if d > r - 1.4:
            c.set(x, y, (84, 58, 36) if (cell.dx + cell.dy) > 0 else (116, 82, 48))  # bark
            continue
        ring = int((d + phase[cell.index]) / 1.6) % 2
        col = (172, 128, 78) if ring else (150, 108, 64)
        if d < 1.0:
            col = (118, 80, 46)
        c.set(x, y, mul(col, 1 + c.jitter(0.04)))


# --------------------------------------------------------------------------
# Features (transparent around the drawing; lie over a ground tile)


def _stone_colour(base: RGB) -> Callable[[int, int, float, float], RGB]:
    def colour(x: int, y: int, dx: float, dy: float) -> RGB:
        d = math.hypot(dx, dy) or 1.0
        light = -(dx + dy) / (d * math.sqrt(2))
        f = 1.0 + 0.3 * light * min(1.0, d / 3.0)
        speckle = ((x * 73856093) ^ (y * 19349663)) % 7 - 3  # fixed per pixel, no RNG needed
        return mul(base, f * (1 + speckle * 0.015))
    return colour


def paint_rubble(c: Canvas) -> None:
    stones = []
    for _ in range(40):
        if len(stones) >= 9:
            break
        bx, by = c.rng.uniform(-11, 11), c.rng.uniform(-11, 11)
        r = c.rng.uniform(2.2, 4.2)
        if all(math.hypot(bx - sx, by - sy) > r + sr + 0.8 for sx, sy, sr in stones):
            stones.append((bx, by, r))
    for bx, by, r in stones:
        grey = c.rng.randrange(104, 150)
        c.blob(bx, by, r, _stone_colour((grey, grey - 4, grey - 10)), wobble=0.15)
    c.outline((34, 32, 30))
    # pebbles
    for _ in range(10):
        x, y = int(c.cx + c.rng.uniform(-13, 13)), int(c.cy + c.rng.uniform(-13, 13))
        if not c.opaque(x, y):
            c.set(x, y, (96, 92, 86))


def _leafy(c: Canvas, pal: list[RGB]) -> Callable[[int, int, float, float], RGB]:
    def colour(x: int, y: int, dx: float, dy: float) -> RGB:
        d = math.hypot(dx, dy) or 1.0
        light = -(dx + dy) / (d * math.sqrt(2)) * min(1.0, d / 4.0)
        v = 0.45 + light * 0.4 + c.jitter(0.3)
        return ramp(pal, v)
    return colour


def paint_undergrowth(c: Canvas) -> None:
    pal = [(34, 70, 30), (46, 92, 36), (62, 116, 44), (86, 140, 56)]
    spots = [(-7, -6), (6, -7), (-8, 6), (7, 6), (0, 0), (0, -11), (-11, 0), (11, 0), (0, 11)]
    for bx, by in spots:
        c.blob(bx + c.jitter(1.5), by + c.jitter(1.5), c.rng.uniform(3.6, 5.2), _leafy(c, pal), wobble=0.2)
    c.outline((26, 48, 22))
    # berries / thorns
    for _ in range(6):
        x, y = int(c.cx + c.rng.uniform(-10, 10)), int(c.cy + c.rng.uniform(-10, 10))
        if c.opaque(x, y):
            c.set(x, y, (150, 40, 48))


def paint_reeds(c: Canvas) -> None:
    rng = c.rng
    for _ in range(16):
        x0 = c.cx + rng.uniform(-12, 12)
        y0 = c.cy + rng.uniform(-6, 13)
        length = rng.uniform(7, 13)
        lean = rng.uniform(-0.35, 0.35)
        col = rng.choice([(96, 130, 52), (118, 146, 60), (140, 150, 72), (84, 112, 46)])
        steps = int(length)
        for k in range(steps):
            x, y = int(x0 + lean * k), int(y0 - k)
            if c.shape.inside(x, y):
                c.set(x, y, col)
        if rng.random() < 0.45:
            x, y = int(x0 + lean * steps), int(y0 - steps)
            for dy in range(3):
                c.set(x, y - dy, (104, 66, 34))
                c.set(x + 1, y - dy, (84, 52, 28))
    c.outline((40, 56, 28))


def paint_web(c: Canvas) -> None:
    silk = (226, 226, 222)
    spokes = 8
    ang0 = c.rng.uniform(0, math.pi / 4)
    for x, y in c.pixels():
        rx, ry = x + 0.5 - c.cx, y + 0.5 - c.cy
        d = math.hypot(rx, ry)
        if d > 15:
            continue
        a = (math.atan2(ry, rx) - ang0) % (math.tau / spokes)
        gap = min(a, math.tau / spokes - a) * d
        # polygonal rings: distance measured towards the spoke
        ring_d = d * math.cos(a - math.pi / spokes) / math.cos(math.pi / spokes)
        on_ring = any(abs(ring_d - rr) < 0.45 for rr in (3.5, 7.0, 10.5, 14.0))
        if gap < 0.55 or (on_ring and d > 2):
            c.set(x, y, silk)
    c.outline((70, 70, 70))
    c.set(int(c.cx), int(c.cy), (40, 30, 30))


def paint_bones(c: Canvas) -> None:
    bone = (224, 216, 192)
    bone_dark = (184, 174, 150)
    # long bones with knobbly ends
    for ax, ay, ang, half in ((3.5, 5.0, 0.5, 7.0), (-5.0, 7.5, 2.6, 5.5), (7.5, -4.0, 1.9, 5.0)):
        ux, uy = math.cos(ang), math.sin(ang)
        c.fill_where(lambda rx, ry: abs((rx - ax) * uy - (ry - ay) * ux) < 1.1
                     and abs((rx - ax) * ux + (ry - ay) * uy) < half,
                     lambda x, y, rx, ry: bone if (rx - ax) * uy - (ry - ay) * ux < 0.2 else bone_dark)
        for sgn in (-1, 1):
            for side in (-1, 1):
                c.blob(ax + sgn * half * ux + side * uy * 1.1, ay + sgn * half * uy - side * ux * 1.1, 1.4,
                       lambda *_: bone)
    # skull
    sx, sy = -4.0, -4.0
    c.blob(sx, sy, 5.0, lambda x, y, dx, dy: bone if dx + dy < 2 else bone_dark)
    c.blob(sx, sy + 4.2, 3.0, lambda *_: bone_dark)
    for ex in (-2.0, 2.0):
        c.blob(sx + ex, sy + 0.6, 1.3, lambda *_: (40, 34, 30))
    c.set(int(c.cx + sx), int(c.cy + sy + 3), (60, 52, 44))
    for tx in (-1, 0, 1):
        c.set(int(c.cx + sx + tx), int(c.cy + sy + 5), (60, 52, 44))
    c.outline((56, 50, 42))


def paint_fire(c: Canvas) -> None:
    layers = [((196, 44, 20), 1.0), ((246, 128, 30), 0.68), ((255, 214, 80), 0.38)]
    flames = [(0, 2, 9.5), (-7, 5, 6.5), (7, 5, 6.5), (-4, -6, 5.5), (5, -5, 5.5), (0, 10, 5)]
    for colour, scale in layers:
        for fx, fy, r in flames:
            rr = r * scale
            # a teardrop pointing up: circle below, narrowing tongue above
            c.fill_where(
                lambda rx, ry, fx=fx, fy=fy, rr=rr: (
                    math.hypot(rx - fx, ry - fy) < rr * 0.75
                    or (fy - rr * 1.7 < ry < fy and abs(rx - fx) < rr * 0.75 * (ry - (fy - rr * 1.7)) / (rr * 1.7))
                ),
                lambda *_, col=colour: col,
            )
    for _ in range(6):
        x, y = int(c.cx + c.rng.uniform(-12, 12)), int(c.cy + c.rng.uniform(-13, 4))
        if not c.opaque(x, y):
            c.set(x, y, (255, 190, 60))
    c.outline((110, 24, 14))


def paint_spikes(c: Canvas) -> None:
    half = 11.5
    c.fill_where(lambda rx, ry: abs(rx) < half and abs(ry) < half, lambda *_: (30, 26, 26))
    for gy in range(-9, 10, 6):
        for gx in range(-9, 10, 6):
            # a four-sided spike: lit top-left faces, dark bottom-right
            c.fill_where(
                lambda rx, ry, gx=gx, gy=gy: abs(rx - gx) + abs(ry - gy) < 2.6,
                lambda x, y, rx, ry, gx=gx, gy=gy: (196, 196, 204) if (rx - gx) + (ry - gy) < 0 else (110, 110, 120),
            )
            c.set(int(c.cx + gx), int(c.cy + gy), (236, 236, 240))
    # rim
    c.fill_where(lambda rx, ry: half - 1.2 < max(abs(rx), abs(ry)) < half, lambda *_: (84, 76, 70))
    c.outline((20, 18, 18))


def paint_tree(c: Canvas) -> None:
    pal = [(26, 62, 30), (36, 80, 36), (50, 100, 42), (68, 122, 50), (92, 144, 62)]
    leafy = _leafy(c, pal)
    c.blob(0, 0, 14.2, leafy, wobble=0.06)
    # lumpy canopy: clusters lit from the top left
    for _ in range(7):
        ang = c.rng.uniform(0, math.tau)
        d = c.rng.uniform(3, 8)
        c.blob(math.cos(ang) * d, math.sin(ang) * d, c.rng.uniform(4.0, 5.5), leafy, wobble=0.15)
    c.blob(-3, -3, 3.5, lambda *_: (92, 144, 62) if c.rng.random() < 0.6 else (68, 122, 50))
    c.outline((18, 40, 20))


def paint_boulder(c: Canvas) -> None:
    c.blob(0.5, 1, 12.5, _stone_colour((118, 112, 104)), wobble=0.12, squash=0.9)
    c.blob(-3.5, -3.5, 4, lambda *_: (150, 144, 134), wobble=0.2)
    for _ in range(12):
        x, y = int(c.cx + c.rng.uniform(-9, 9)), int(c.cy + c.rng.uniform(-8, 9))
        if c.opaque(x, y):
            r, g, b, _ = c.get(x, y)
            c.set(x, y, mul((r, g, b), 0.8))
    c.outline((36, 33, 30))


def paint_crate(c: Canvas) -> None:
    half = 11.5
    wood = [(138, 96, 54), (156, 110, 62), (170, 124, 72)]

    def colour(x: int, y: int, rx: float, ry: float) -> RGB:
        m = max(abs(rx), abs(ry))
        if m > half - 2.5:
            return (110, 74, 40) if (rx + ry) > 0 else (182, 136, 82)  # frame
        if abs(rx - ry) < 1.6 or abs(rx + ry) < 1.6:
            return (120, 82, 44)  # cross brace
        plank = int((ry + half) / 4.5)
        if (ry + half) % 4.5 < 0.9:
            return (92, 62, 34)
        return mul(wood[plank % 3], 1 + c.jitter(0.05))

    c.fill_where(lambda rx, ry: abs(rx) < half and abs(ry) < half, colour)
    for sx in (-1, 1):
        for sy in (-1, 1):
            c.set(int(c.cx + sx * (half - 1.5)), int(c.cy + sy * (half - 1.5)), (60, 60, 64))
    c.outline((40, 28, 18))


def paint_barrel(c: Canvas) -> None:
    r = 11.2

    def colour(x: int, y: int, rx: float, ry: float) -> RGB:
        d = math.hypot(rx, ry)
        if d > r - 1.6 or abs(d - (r - 4.2)) < 0.7:
            return (86, 88, 96) if (rx + ry) > 0 else (150, 152, 160)  # iron hoops
        if d < 2.0:
            return (96, 66, 38)  # bung
        ang = math.atan2(ry, rx)
        stave = int((ang + math.pi) / (math.tau / 10))
        edge = ((ang + math.pi) % (math.tau / 10)) * d
        if edge < 0.8 and d > r - 4.2:
            return (84, 56, 32)
        base = (150, 104, 58) if stave % 2 else (138, 94, 52)
        if d < r - 4.9:
            # the lid: boards across
            board = int((ry + r) / 3.4)
            base = (160, 116, 66) if board % 2 else (146, 104, 58)
            if (ry + r) % 3.4 < 0.7:
                base = (100, 68, 38)
        return base

    c.fill_where(lambda rx, ry: math.hypot(rx, ry) < r, colour)
    c.outline((38, 28, 20))


def paint_brazier(c: Canvas) -> None:
    # three legs peeking out
    for k in range(3):
        ang = math.pi / 2 + k * math.tau / 3
        lx, ly = math.cos(ang) * 11.5, math.sin(ang) * 11.5
        c.blob(lx, ly, 1.8, lambda *_: (54, 52, 56))
    c.fill_where(lambda rx, ry: math.hypot(rx, ry) < 10.2,
                 lambda x, y, rx, ry: (124, 122, 130) if (rx + ry) < -4 else (70, 68, 74))
    c.fill_where(lambda rx, ry: math.hypot(rx, ry) < 7.8,
                 lambda *_: c.rng.choice([(60, 24, 18), (120, 34, 18), (186, 64, 20), (90, 28, 18)]))
    for colour, r in (((236, 112, 28), 5.0), ((255, 200, 70), 3.0), ((255, 244, 180), 1.3)):
        c.blob(0, 0.5, r, lambda *_, col=colour: col, wobble=0.25)
    c.outline((24, 22, 26))


def paint_pillar(c: Canvas) -> None:
    def colour(x: int, y: int, rx: float, ry: float) -> RGB:
        d = math.hypot(rx, ry)
        light = -(rx + ry) / ((d or 1) * math.sqrt(2))
        if d > 10.5:  # plinth ring
            return (150, 146, 140) if light > 0 else (96, 92, 88)
        if d > 9.5:
            return (72, 70, 68)
        v = 0.5 + light * 0.35 * (d / 9.5) + c.jitter(0.07)
        return ramp([(128, 124, 118), (146, 142, 134), (164, 160, 152), (184, 180, 170)], v)

    c.fill_where(lambda rx, ry: math.hypot(rx, ry) < 13.0, colour)
    c.outline((34, 32, 32))


def paint_sarcophagus(c: Canvas) -> None:
    hw, hh = 8.0, 12.5

    def colour(x: int, y: int, rx: float, ry: float) -> RGB:
        edge = min(hw - abs(rx), hh - abs(ry))
        if edge < 1.6:
            return (170, 164, 150) if (rx < 0 or ry < 0) and not (rx > 0 and ry > 0) else (90, 86, 80)
        # carved cross on the lid
        if (abs(rx) < 1.0 and -8 < ry < 8) or (abs(ry + 3.5) < 1.0 and abs(rx) < 4.5):
            return (100, 96, 90)
        return mul((136, 130, 120), 1 + c.jitter(0.06))

    c.fill_where(lambda rx, ry: abs(rx) < hw and abs(ry) < hh, colour)
    c.outline((30, 28, 26))


def _door(c: Canvas, vertical: bool) -> None:
    frame = (78, 72, 66)

    def inside(rx: float, ry: float) -> bool:
        a, b = (ry, rx) if vertical else (rx, ry)
        return abs(b) < 3.5 or (abs(a) > 11 and abs(b) < 6.5)

    def colour(x: int, y: int, rx: float, ry: float) -> RGB:
        a, b = (ry, rx) if vertical else (rx, ry)
        if abs(a) > 11:
            return frame if abs(b) < 5.5 else (58, 54, 50)
        if abs(b) > 2.5:
            return (92, 60, 32)
        if int(a + 11) % 6 == 0:
            return (96, 64, 36)
        if abs(a - 6) < 1 and abs(b) < 1:
            return (190, 170, 90)  # latch
        return (150, 102, 56) if int(a + 11) % 6 < 3 else (138, 94, 50)

    c.fill_where(inside, colour)
    c.outline((30, 22, 16))


def paint_door_h(c: Canvas) -> None:
    _door(c, vertical=False)


def paint_door_v(c: Canvas) -> None:
    _door(c, vertical=True)


def paint_stairs(c: Canvas) -> None:
    """Steps going down towards the top of the cell, between two low side walls."""
    steps = 6
    top, bottom = 1.0, c.h - 1.0
    step_h = (bottom - top) / steps
    for x, y in c.pixels():
        rx = x + 0.5 - c.cx
        if abs(rx) > c.w / 2 - 4:
            c.set(x, y, (70, 66, 62) if rx < 0 else (58, 54, 50))
            continue
        k = (y + 0.5 - top) / step_h
        i = max(0, min(steps - 1, int(k)))
        depth = 1.0 - i / steps  # 1 at the top (deepest)
        base = mix((140, 136, 128), (60, 58, 56), depth * 0.9)
        frac = k - int(k)
        if frac < 0.2:
            col = mix(base, (190, 186, 176), 0.5)  # lit nosing of the step
        elif frac > 0.8:
            col = mul(base, 0.7)
        else:
            col = mul(base, 1 + c.jitter(0.05))
        c.set(x, y, col)
    c.grid_edges(0.72)


def paint_gravel(c: Canvas) -> None:
    """Loose stones over the whole cell (decoration: scree, a gravel path)."""
    placed: list[tuple[float, float, float]] = []
    for _ in range(200):
        if len(placed) >= 22:
            break
        bx, by, r = c.rng.uniform(-13, 13), c.rng.uniform(-13, 13), c.rng.uniform(1.2, 2.2)
        if all(math.hypot(bx - x, by - y) > r + pr + 1.2 for x, y, pr in placed):
            placed.append((bx, by, r))
    for bx, by, r in placed:
        grey = c.rng.randrange(108, 160)
        c.blob(bx, by, r, _stone_colour((grey, grey - 6, grey - 14)))
    c.outline((48, 44, 40))


def paint_lily_pads(c: Canvas) -> None:
    pads = [(-5.5, -4.5, 5.0), (5.5, -1.0, 4.2), (-1.0, 7.0, 4.6)]
    for px, py, r in pads:
        notch = c.rng.uniform(0, math.tau)

        def colour(x: int, y: int, dx: float, dy: float) -> RGB:
            light = -(dx + dy) / ((math.hypot(dx, dy) or 1) * math.sqrt(2))
            return (92, 150, 60) if light > 0.3 else (72, 128, 48) if light > -0.4 else (58, 106, 40)

        for x, y in c.pixels():
            dx, dy = x + 0.5 - c.cx - px, y + 0.5 - c.cy - py
            d = math.hypot(dx, dy)
            a = (math.atan2(dy, dx) - notch) % math.tau
            if d < r and not (a < 0.5 and d > 0.8):
                c.set(x, y, colour(x, y, dx, dy))
    c.blob(5.5, -1.0, 2.2, lambda x, y, dx, dy: (240, 170, 206) if dx + dy < 0 else (214, 120, 170))
    c.set(int(c.cx + 5.5), int(c.cy - 1.0), (250, 220, 90))
    c.outline((34, 66, 44))


def paint_mushrooms(c: Canvas) -> None:
    caps = [(-5, -3, 3.4, "red"), (2, -6, 2.6, "tan"), (5, 3, 3.0, "red"), (-2, 6, 2.4, "tan"), (-8, 5, 2.0, "tan")]
    for bx, by, r, kind in caps:
        if kind == "red":
            c.blob(bx, by, r, lambda x, y, dx, dy: (214, 70, 52) if dx + dy < 0 else (170, 44, 36))
            for ox, oy in ((-1, -1), (1, 0), (0, 1)):
                c.set(int(c.cx + bx + ox), int(c.cy + by + oy), (240, 236, 226))
        else:
            c.blob(bx, by, r, lambda x, y, dx, dy: (200, 170, 120) if dx + dy < 0 else (160, 128, 86))
            c.set(int(c.cx + bx), int(c.cy + by), (120, 92, 60))
    c.outline((50, 30, 24))


def paint_dead_tree(c: Canvas) -> None:
    """A bare, bleached tree seen from above: thick trunk, forked limbs."""
    bark = (156, 140, 120)
    branches = 6
    ang0 = c.rng.uniform(0, math.tau)
    for k in range(branches):
        ang = ang0 + k * math.tau / branches + c.rng.uniform(-0.2, 0.2)
        length = c.rng.uniform(11.5, 14.5)
        ux, uy = math.cos(ang), math.sin(ang)
        fork = c.rng.uniform(0.45, 0.65) * length
        fang = ang + c.rng.choice((-0.7, 0.7))
        fx, fy = math.cos(fang), math.sin(fang)

        def on_branch(rx: float, ry: float) -> bool:
            along = rx * ux + ry * uy
            across = abs(rx * uy - ry * ux)
            if 0 < along < length and across < 2.3 - 1.5 * along / length:
                return True
            qx, qy = rx - ux * fork, ry - uy * fork
            along2 = qx * fx + qy * fy
            return 0 < along2 < length * 0.5 and abs(qx * fy - qy * fx) < 0.9

        c.fill_where(on_branch, lambda x, y, rx, ry: bark if rx + ry < 0 else mul(bark, 0.72))
    c.fill_where(lambda rx, ry: math.hypot(rx, ry) < 5.5,
                 lambda x, y, rx, ry: (132, 104, 76) if math.hypot(rx, ry) > 4.3
                 else (190, 162, 122) if int(math.hypot(rx, ry) * 1.1) % 2 else (168, 140, 104))
    c.outline((40, 32, 26))


def paint_altar(c: Canvas) -> None:
    hw, hh = 12.0, 7.5

    def colour(x: int, y: int, rx: float, ry: float) -> RGB:
        edge = min(hw - abs(rx), hh - abs(ry))
        if edge < 1.5:
            return (182, 176, 164) if (rx < 0 and ry < 0) or (ry < -hh + 1.5) or (rx < -hw + 1.5) else (104, 100, 94)
        if abs(rx) < 3.5:
            return (212, 170, 70) if abs(rx) > 2.6 else (150, 32, 44)  # cloth with a gold hem
        return mul((150, 146, 138), 1 + c.jitter(0.05))

    c.fill_where(lambda rx, ry: abs(rx) < hw and abs(ry) < hh, colour)
    for sx in (-8, 8):
        c.set(int(c.cx + sx), int(c.cy), (240, 236, 220))
        c.set(int(c.cx + sx), int(c.cy - 1), (255, 210, 90))
    c.outline((34, 32, 30))


def paint_table(c: Canvas) -> None:
    """A plank table with a plate, a mug and a candle."""
    hw, hh = 12.5, 8.5

    def colour(x: int, y: int, rx: float, ry: float) -> RGB:
        if min(hw - abs(rx), hh - abs(ry)) < 1.3:
            return (176, 128, 76) if (rx < 0 and ry < 0) or ry < -hh + 1.3 else (98, 66, 36)
        if int(ry + hh) % 4 == 0:
            return (104, 70, 40)  # gap between boards
        return mul((150, 106, 60), 1 + c.jitter(0.05))

    c.fill_where(lambda rx, ry: abs(rx) < hw and abs(ry) < hh, colour)
    c.blob(-5, 0, 3.4, lambda x, y, dx, dy: (226, 222, 210) if math.hypot(dx, dy) > 2.0 else (196, 190, 176))
    c.blob(-5.5, 0.5, 1.2, lambda *_: (170, 80, 50))  # an apple on the plate
    c.blob(4, -2.5, 2.3, lambda x, y, dx, dy: (112, 76, 44) if math.hypot(dx, dy) > 1.2 else (60, 36, 20))
    c.fill_where(lambda rx, ry: 6.2 < rx < 7.6 and -3.4 < ry < -1.6, lambda *_: (112, 76, 44))  # handle
    c.set(int(c.cx + 6), int(c.cy + 4), (240, 236, 220))
    c.set(int(c.cx + 6), int(c.cy + 3), (255, 210, 90))
    c.outline((40, 28, 18))


def paint_campfire(c: Canvas) -> None:
    for k in range(9):
        ang = k * math.tau / 9
        c.blob(math.cos(ang) * 9.5, math.sin(ang) * 9.5, 2.4,
               _stone_colour((126, 120, 112)), wobble=0.1)
    c.fill_where(lambda rx, ry: math.hypot(rx, ry) < 7.0,
                 lambda *_: c.rng.choice([(52, 40, 34), (70, 50, 40), (120, 40, 24)]))
    for ang in (0.5, 2.2, 3.9):
        ux, uy = math.cos(ang), math.sin(ang)
        c.fill_where(lambda rx, ry: abs(rx * uy - ry * ux) < 1.2 and abs(rx * ux + ry * uy) < 6.0,
                     lambda *_: (108, 72, 40))
    for colour, r in (((220, 70, 24), 4.6), ((250, 150, 36), 3.2), ((255, 226, 100), 1.6)):
        c.blob(0, 0, r, lambda *_, col=colour: col, wobble=0.3)
    c.outline((30, 26, 24))


# --------------------------------------------------------------------------
# The tile list (order = local tile id, the same in every tileset)


Prop = bool | str


@dataclass(frozen=True)
class TileSpec:
    key: str
    paint: Callable[[Canvas], None]
    terrain: dict[str, Prop] = field(default_factory=dict)
    ground: bool = True
    """Ground tiles fill their cell; features are transparent around the drawing."""


WALL: dict[str, Prop] = {"wall": True}
DIFFICULT: dict[str, Prop] = {"difficult": True}


def dangerous(damage: str, difficult: bool = False) -> dict[str, Prop]:
    props: dict[str, Prop] = {"dangerous": True, "damage": damage}
    if difficult:
        props["difficult"] = True
    return props


TILES: list[TileSpec] = [
    # row 0: floors
    TileSpec("stone_floor", paint_stone_floor),
    TileSpec("stone_floor_mossy", paint_stone_floor_mossy),
    TileSpec("wood_floor", paint_wood_floor),
    TileSpec("grass", paint_grass),
    TileSpec("grass_flowers", paint_grass_flowers),
    TileSpec("dirt", paint_dirt),
    TileSpec("rock_ground", paint_rock_ground),
    TileSpec("ash", paint_ash),
    # row 1: wet and hot ground, walls
    TileSpec("mud", paint_mud, DIFFICULT),
    TileSpec("shallow_water", paint_shallow_water, DIFFICULT),
    TileSpec("deep_water", paint_deep_water, dangerous("1d6 bludgeoning", difficult=True)),
    TileSpec("lava", paint_lava, dangerous("2d6 fire")),
    TileSpec("bog", paint_bog, dangerous("1d4 poison", difficult=True)),
    TileSpec("stone_wall", paint_stone_wall, WALL),
    TileSpec("wood_wall", paint_wood_wall, WALL),
    TileSpec("cliff", paint_cliff, WALL),
    # row 2: features that slow or hurt
    TileSpec("rubble", paint_rubble, DIFFICULT, ground=False),
    TileSpec("undergrowth", paint_undergrowth, DIFFICULT, ground=False),
    TileSpec("reeds", paint_reeds, DIFFICULT, ground=False),
    TileSpec("web", paint_web, DIFFICULT, ground=False),
    TileSpec("bones", paint_bones, ground=False),
    TileSpec("fire", paint_fire, dangerous("1d6 fire"), ground=False),
    TileSpec("spikes", paint_spikes, dangerous("1d6 piercing"), ground=False),
    TileSpec("brazier", paint_brazier, dangerous("1d4 fire", difficult=True), ground=False),
    # row 3: obstacles and doors
    TileSpec("tree", paint_tree, WALL, ground=False),
    TileSpec("boulder", paint_boulder, WALL, ground=False),
    TileSpec("crate", paint_crate, WALL, ground=False),
    TileSpec("barrel", paint_barrel, WALL, ground=False),
    TileSpec("pillar", paint_pillar, WALL, ground=False),
    TileSpec("sarcophagus", paint_sarcophagus, WALL, ground=False),
    TileSpec("door_h", paint_door_h, ground=False),
    TileSpec("door_v", paint_door_v, ground=False),
    # row 4: more decoration and cover
    TileSpec("stairs", paint_stairs),
    TileSpec("gravel", paint_gravel, ground=False),
    TileSpec("lily_pads", paint_lily_pads, ground=False),
    TileSpec("mushrooms", paint_mushrooms, ground=False),
    TileSpec("dead_tree", paint_dead_tree, WALL, ground=False),
    TileSpec("altar", paint_altar, WALL, ground=False),
    TileSpec("table", paint_table, WALL, ground=False),
    TileSpec("campfire", paint_campfire, dangerous("1d4 fire"), ground=False),
]

TILE_IDS: dict[str, int] = {spec.key: i for i, spec in enumerate(TILES)}


# --------------------------------------------------------------------------
# Tilesets


@dataclass(frozen=True)
class TilesetSpec:
    name: str
    shape: Callable[[], Shape]
    margin: int = 0
    spacing: int = 0


TILESETS = [
    TilesetSpec("square", square_shape, margin=1, spacing=2),
    TilesetSpec("hex_pointy", pointy_shape),
    TilesetSpec("hex_flat", flat_shape),
]


def draw_tile(shape: Shape, spec: TileSpec) -> list[list[RGBA]]:
    canvas = Canvas(shape, random.Random(f"{shape.name}:{spec.key}"))
    spec.paint(canvas)
    for y in range(shape.height):
        for x in range(shape.width):
            a = canvas.px[y][x][3]
            if not shape.mask[y][x]:
                canvas.px[y][x] = TRANSPARENT
            else:
                assert a in (0, 255), f"{shape.name}/{spec.key}: alpha {a} at ({x}, {y})"
                if spec.ground:
                    assert a == 255, f"{shape.name}/{spec.key}: ground tile has a hole at ({x}, {y})"
    return canvas.px


def image_size(ts: TilesetSpec, shape: Shape) -> tuple[int, int]:
    rows = math.ceil(len(TILES) / COLUMNS)
    w = 2 * ts.margin + COLUMNS * shape.width + (COLUMNS - 1) * ts.spacing
    h = 2 * ts.margin + rows * shape.height + (rows - 1) * ts.spacing
    return w, h


def render_tileset(ts: TilesetSpec) -> pygame.Surface:
    shape = ts.shape()
    w, h = image_size(ts, shape)
    surf = pygame.Surface((w, h), pygame.SRCALPHA, 32)
    surf.fill(TRANSPARENT)
    for i, spec in enumerate(TILES):
        col, row = i % COLUMNS, i // COLUMNS
        ox = ts.margin + col * (shape.width + ts.spacing)
        oy = ts.margin + row * (shape.height + ts.spacing)
        px = draw_tile(shape, spec)
        for y in range(shape.height):
            for x in range(shape.width):
                if px[y][x][3]:
                    surf.set_at((ox + x, oy + y), px[y][x])
    return surf


def tsx_text(ts: TilesetSpec, shape: Shape) -> str:
    """The tileset file as Tiled 1.8 writes it."""
    w, h = image_size(ts, shape)
    attrs = [
        ("version", "1.8"),
        ("tiledversion", "1.8.2"),
        ("name", ts.name),
        ("tilewidth", str(shape.width)),
        ("tileheight", str(shape.height)),
    ]
    if ts.spacing:
        attrs.append(("spacing", str(ts.spacing)))
    if ts.margin:
        attrs.append(("margin", str(ts.margin)))
    rows = math.ceil(len(TILES) / COLUMNS)
    attrs += [("tilecount", str(COLUMNS * rows)), ("columns", str(COLUMNS))]
    out = ['<?xml version="1.0" encoding="UTF-8"?>']
    out.append("<tileset " + " ".join(f"{k}={quoteattr(v)}" for k, v in attrs) + ">")
    out.append(f' <image source="{ts.name}.png" width="{w}" height="{h}"/>')
    for i, spec in enumerate(TILES):
        if not spec.terrain:
            continue
        out.append(f' <tile id="{i}">')
        out.append("  <properties>")
        for name in sorted(spec.terrain):
            value = spec.terrain[name]
            if isinstance(value, bool):
                out.append(f'   <property name="{name}" type="bool" value="{"true" if value else "false"}"/>')
            else:
                out.append(f"   <property name={quoteattr(name)} value={quoteattr(value)}/>")
        out.append("  </properties>")
        out.append(" </tile>")
    out.append("</tileset>")
    return "\n".join(out) + "\n"


def write_all(out_dir: Path) -> list[Path]:
    pygame.init()
    written = []
    for ts in TILESETS:
        shape = ts.shape()
        surf = render_tileset(ts)
        png = out_dir / f"{ts.name}.png"
        pygame.image.save(surf, str(png))
        tsx = out_dir / f"{ts.name}.tsx"
        tsx.write_text(tsx_text(ts, shape), encoding="utf-8")
        written += [png, tsx]
    return written


def _same_pixels(a: Path, b: Path) -> bool:
    sa, sb = pygame.image.load(str(a)), pygame.image.load(str(b))
    if sa.get_size() != sb.get_size():
        return False
    return bool(pygame.image.tobytes(sa, "RGBA") == pygame.image.tobytes(sb, "RGBA"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=HERE, help="output folder (default: beside this script)")
    parser.add_argument("--check", action="store_true",
                        help="compare with the files in --out instead of writing; exit 1 on a difference")
    args = parser.parse_args(argv)
    if not args.check:
        for path in write_all(args.out):
            print(f"wrote {path}")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        fresh = write_all(Path(tmp))
        stale = []
        for path in fresh:
            old = args.out / path.name
            if not old.exists():
                stale.append(old)
            elif path.suffix == ".png":
                if not _same_pixels(path, old):
                    stale.append(old)
            elif path.read_bytes() != old.read_bytes():
                stale.append(old)
    for path in stale:
        print(f"out of date: {path}", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
