"""The board as the table window draws it: the Tiled picture, cell overlays and tokens, fast.

What changes rarely is cached per zoom; what changes every frame is small.

* The map picture (``render``'s, pixel for pixel at zoom 1) is cut into
  *chunks* of about 256 x 256 screen pixels. A chunk is scaled once per zoom
  with the cell overlays baked in (terrain, threat, reach, flanking...), and
  kept until the zoom or the overlays change. A frame blits the visible
  chunks: a pan costs only the chunks that scroll in. After a change of the
  overlays, stale chunks are redrawn within a time budget per frame (the old
  picture stays up meanwhile), so a click never waits for a whole screen of
  overlays.
* Tokens are sprites cached per zoom and per look (side, name, hit points,
  conditions); a frame blits the visible ones.

Coordinates: *picture pixels* (the rendered map, top-left 0, 0) differ from
the grid's *map pixels* by :attr:`BoardView.origin` (non-zero only for
infinite maps); *screen pixels* are relative to the view's rectangle.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Iterable, Mapping, Sequence

import pygame

from game.board import Board
from game.grid import Cell, GridKind
from game.tiled.model import TiledMap
from game.ui import map_view

RGBA = tuple[int, int, int, int]
RGB = tuple[int, int, int]

ZOOMS = (0.1, 0.125, 0.167, 0.25, 0.33, 0.5, 0.67, 0.75, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 4.0)
CHUNK = 256
"""A chunk's side in screen pixels."""
BACKGROUND = (24, 26, 31)
CHUNK_BUDGET_S = 0.004
"""Time a frame may spend redrawing stale chunks (the rest wait for the next frames)."""
PREFETCH_BUDGET_S = 0.002
"""Time a settled frame may spend drawing the chunks just outside the view, ahead of a pan."""


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """pygame_gui's bundled Noto Sans (never a system font), cached per size."""
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    path = resources.files("pygame_gui.data") / name
    with resources.as_file(path) as real:
        return pygame.font.Font(str(real), max(6, size))


@dataclass
class Camera:
    """Which picture pixel sits at the view's top-left, and how many screen pixels a picture pixel takes."""

    x: float = 0.0
    y: float = 0.0
    zoom: float = 1.0

    def to_screen(self, px: float, py: float) -> tuple[float, float]:
        return (px - self.x) * self.zoom, (py - self.y) * self.zoom

    def to_picture(self, sx: float, sy: float) -> tuple[float, float]:
        return sx / self.zoom + self.x, sy / self.zoom + self.y

    def zoom_about(self, new_zoom: float, sx: float, sy: float) -> None:
        px, py = self.to_picture(sx, sy)
        self.zoom = new_zoom
        self.x, self.y = px - sx / new_zoom, py - sy / new_zoom


@dataclass
class Layer:
    """Cells to mark on the board, each with a colour; ``style`` says how."""

    cells: Mapping[Cell, RGBA]
    style: str = "fill"
    """fill (the whole cell), frame (an inset border), dot (a disc at the centre), grid (the outline)."""


@dataclass
class _Chunk:
    surface: pygame.Surface
    version: int


@dataclass
class Stats:
    chunks_drawn: int = 0
    chunks_stale: int = 0
    tokens_drawn: int = 0
    extra: dict[str, float] = field(default_factory=dict)


class BoardView:
    """Draws a board and its overlays through a camera; holds the per-zoom caches."""

    def __init__(self, tmap: TiledMap, board: Board, picture: pygame.Surface | None = None) -> None:
        self.tmap = tmap
        self.board = board
        self.grid = board.grid
        self.picture = picture if picture is not None else map_view.compose(tmap, board, show_objects=False)
        if pygame.display.get_surface() is not None:
            self.picture = self.picture.convert()
        self.origin = map_view.pixel_origin(tmap, board)
        self.camera = Camera()
        self.layers: dict[str, Layer] = {}
        self.version = 0
        self._chunks: OrderedDict[tuple[int, int], _Chunk] = OrderedDict()
        self._chunk_zoom = -1.0
        self._chunk_cells: dict[tuple[float, int, int], list[Cell]] = {}
        self._corners: dict[Cell, tuple[tuple[float, float], ...]] = {}
        self._centres: dict[Cell, tuple[float, float]] = {}
        self.stats = Stats()
        self._view: pygame.Surface | None = None
        self._view_key: object = None
        self._view_pos = (0, 0)
        self._view_complete = False
        self._budget_start = 0.0
        self._bases: dict[tuple[int, int, float], pygame.Surface] = {}
        self._static_key: object = None
        w, h = self.picture.get_size()
        self.size = (w, h)
        c0 = next(iter(board))
        xs = [x for x, _ in self.grid.corners(c0)]
        ys = [y for _, y in self.grid.corners(c0)]
        self.cell_w, self.cell_h = max(xs) - min(xs), max(ys) - min(ys)

    # -- geometry ------------------------------------------------------------------------

    def corners(self, cell: Cell) -> tuple[tuple[float, float], ...]:
        """The cell's outline in picture pixels (cached)."""
        got = self._corners.get(cell)
        if got is None:
            ox, oy = self.origin
            got = tuple((x - ox, y - oy) for x, y in self.grid.corners(cell))
            self._corners[cell] = got
        return got

    def centre(self, cell: Cell) -> tuple[float, float]:
        got = self._centres.get(cell)
        if got is None:
            cx, cy = self.grid.cell_centre_pixel(cell)
            got = (cx - self.origin[0], cy - self.origin[1])
            self._centres[cell] = got
        return got

    def cell_at(self, sx: float, sy: float) -> Cell | None:
        """The board cell under a screen position (relative to the view), or None."""
        px, py = self.camera.to_picture(sx, sy)
        cell = self.grid.pixel_to_cell(px + self.origin[0], py + self.origin[1])
        return cell if cell in self.board else None

    def to_screen(self, cell: Cell) -> tuple[int, int]:
        """The screen position (relative to the view) of a cell's centre."""
        sx, sy = self.camera.to_screen(*self.centre(cell))
        return round(sx), round(sy)

    def polygon(self, cell: Cell) -> list[tuple[float, float]]:
        cam = self.camera
        return [((x - cam.x) * cam.zoom, (y - cam.y) * cam.zoom) for x, y in self.corners(cell)]

    def cells_in_rect(self, left: float, top: float, right: float, bottom: float) -> list[Cell]:
        """Board cells whose shape may meet the picture-pixel rectangle (a margin of one cell)."""
        grid, board = self.grid, self.board
        ox, oy = self.origin
        offsets = [grid.cell_to_offset(grid.pixel_to_cell(x + ox, y + oy))
                   for x, y in ((left, top), (right, top), (left, bottom), (right, bottom))]
        bx0, by0 = board.origin
        c0 = max(bx0, min(o[0] for o in offsets) - 1)
        c1 = min(bx0 + board.width - 1, max(o[0] for o in offsets) + 1)
        r0 = max(by0, min(o[1] for o in offsets) - 1)
        r1 = min(by0 + board.height - 1, max(o[1] for o in offsets) + 1)
        return [grid.offset_to_cell(col, row) for row in range(r0, r1 + 1) for col in range(c0, c1 + 1)]

    # -- camera --------------------------------------------------------------------------

    def fit(self, view: tuple[int, int]) -> None:
        vw, vh = view
        pw, ph = self.size
        fitting = [z for z in ZOOMS if pw * z <= vw - 16 and ph * z <= vh - 16]
        self.camera.zoom = max(fitting) if fitting else ZOOMS[0]
        self.camera.x = -(vw / self.camera.zoom - pw) / 2
        self.camera.y = -(vh / self.camera.zoom - ph) / 2

    def step_zoom(self, direction: int, sx: float, sy: float) -> None:
        nearest = min(range(len(ZOOMS)), key=lambda i: abs(ZOOMS[i] - self.camera.zoom))
        index = max(0, min(len(ZOOMS) - 1, nearest + direction))
        self.camera.zoom_about(ZOOMS[index], sx, sy)

    def pan(self, dx_screen: float, dy_screen: float) -> None:
        self.camera.x -= dx_screen / self.camera.zoom
        self.camera.y -= dy_screen / self.camera.zoom

    # -- overlays ------------------------------------------------------------------------

    STATIC = ("terrain", "grid")
    """Layers that do not change during a fight (only their toggles): kept in each chunk's base."""

    def set_layers(self, layers: dict[str, Layer]) -> None:
        """Replace the baked-in overlays; chunks are redrawn only if something differs."""
        if layers.keys() == self.layers.keys() and all(
                layers[k].style == self.layers[k].style and layers[k].cells == self.layers[k].cells for k in layers):
            return
        static = [(k, layers[k].style, len(layers[k].cells)) for k in self.STATIC if k in layers]
        if static != self._static_key:
            self._static_key = static
            self._bases.clear()
        self.layers = layers
        self.version += 1

    # -- drawing -------------------------------------------------------------------------

    def _chunk_size(self) -> int:
        """A chunk's side in picture pixels at the current zoom."""
        return max(8, round(CHUNK / self.camera.zoom))

    def _cells_of_chunk(self, size: int, i: int, j: int) -> list[Cell]:
        key = (float(size), i, j)
        got = self._chunk_cells.get(key)
        if got is None:
            got = self.cells_in_rect(i * size, j * size, (i + 1) * size, (j + 1) * size)
            if len(self._chunk_cells) > 4096:
                self._chunk_cells.clear()
            self._chunk_cells[key] = got
        return got

    def _render_chunk(self, i: int, j: int, size: int, zoom: float) -> pygame.Surface:
        """The chunk's base (picture, terrain, grid; kept per zoom) with the changing overlays on a copy."""
        base = self._bases.get((i, j, zoom))
        if base is None:
            if len(self._bases) > 600:
                self._bases.clear()
            base = self._bases[(i, j, zoom)] = self._draw_chunk(i, j, size, zoom, static=True)
        out = base.copy()
        self._draw_layers(out, i, j, size, zoom, static=False)
        return out

    def _draw_chunk(self, i: int, j: int, size: int, zoom: float, *, static: bool) -> pygame.Surface:
        x0, y0 = round(i * size * zoom), round(j * size * zoom)
        w = round((i + 1) * size * zoom) - x0
        h = round((j + 1) * size * zoom) - y0
        out = pygame.Surface((max(1, w), max(1, h)))
        out.fill(BACKGROUND)
        pw, ph = self.size
        left, top = i * size, j * size
        right, bottom = min(pw, left + size), min(ph, top + size)
        if right > left and bottom > top:
            part = self.picture.subsurface((left, top, right - left, bottom - top))
            sw = round(right * zoom) - x0
            sh = round(bottom * zoom) - y0
            if sw > 0 and sh > 0:
                out.blit(pygame.transform.scale(part, (sw, sh)), (0, 0))
        if pygame.display.get_surface() is not None:
            out = out.convert()
        self._draw_layers(out, i, j, size, zoom, static=static)
        return out

    def _draw_layers(self, out: pygame.Surface, i: int, j: int, size: int, zoom: float, *, static: bool) -> None:
        """The static layers (terrain, grid) or the others, onto a chunk."""
        x0, y0 = round(i * size * zoom), round(j * size * zoom)
        chosen = [layer for name, layer in self.layers.items() if (name in self.STATIC) == static]
        if chosen:
            cells = self._cells_of_chunk(size, i, j)
            square = self.board.kind is GridKind.SQUARE
            for layer in chosen:
                marks = layer.cells
                if not marks:
                    continue
                present = [c for c in cells if c in marks]
                if not present:
                    continue
                paint = pygame.Surface(out.get_size(), pygame.SRCALPHA)
                for cell in present:
                    colour = marks[cell]
                    pts = [(x * zoom - x0, y * zoom - y0) for x, y in self.corners(cell)]
                    if layer.style == "fill":
                        if square:
                            xs = [p[0] for p in pts]
                            ys = [p[1] for p in pts]
                            paint.fill(colour, (round(min(xs)), round(min(ys)),
                                                round(max(xs)) - round(min(xs)), round(max(ys)) - round(min(ys))))
                        else:
                            pygame.draw.polygon(paint, colour, pts)
                    elif layer.style == "grid":
                        pygame.draw.polygon(paint, colour, pts, 1)
                    elif layer.style == "frame":
                        cx, cy = self.centre(cell)
                        cx, cy = cx * zoom - x0, cy * zoom - y0
                        inset = [(cx + (x - cx) * 0.86, cy + (y - cy) * 0.86) for x, y in pts]
                        pygame.draw.polygon(paint, colour, inset, max(2, round(3 * zoom)))
                    elif layer.style == "dot":
                        cx, cy = self.centre(cell)
                        r = max(2, round(min(self.cell_w, self.cell_h) * 0.16 * zoom))
                        pygame.draw.circle(paint, colour, (cx * zoom - x0, cy * zoom - y0), r)
                out.blit(paint, (0, 0))

    def draw_board(self, target: pygame.Surface) -> None:
        """Draw the visible map with its overlays onto ``target`` (the view's surface).

        The composed view is kept between frames, as pyscroll keeps its buffer: a
        still frame is one blit; a pan scrolls it and paints only the strips that
        came into view; stale chunks are redrawn within a time budget per frame.
        """
        cam = self.camera
        zoom = cam.zoom
        if zoom != self._chunk_zoom:
            self._chunks.clear()
            self._bases.clear()
            self._chunk_zoom = zoom
        vw, vh = target.get_size()
        sx0, sy0 = round(cam.x * zoom), round(cam.y * zoom)
        key = (zoom, self.version, (vw, vh))
        self._budget_start = time.perf_counter()
        self.stats.chunks_drawn = self.stats.chunks_stale = 0
        view = self._view
        if view is None or view.get_size() != (vw, vh):
            view = self._view = pygame.Surface((vw, vh)).convert() if pygame.display.get_surface() else \
                pygame.Surface((vw, vh))
            self._view_key = None
        if self._view_key != key or not self._view_complete:
            self._paint(view, sx0, sy0, pygame.Rect(0, 0, vw, vh))
        elif (sx0, sy0) != self._view_pos:
            dx, dy = self._view_pos[0] - sx0, self._view_pos[1] - sy0
            if abs(dx) >= vw or abs(dy) >= vh:
                self._paint(view, sx0, sy0, pygame.Rect(0, 0, vw, vh))
            else:
                view.scroll(dx, dy)
                if dx:
                    self._paint(view, sx0, sy0, pygame.Rect(0 if dx > 0 else vw + dx, 0, abs(dx), vh))
                if dy:
                    self._paint(view, sx0, sy0, pygame.Rect(0, 0 if dy > 0 else vh + dy, vw, abs(dy)))
        self._view_key = key
        self._view_pos = (sx0, sy0)
        self._view_complete = self.stats.chunks_stale == 0
        target.blit(view, (0, 0))
        if self._view_complete:
            self._prefetch(sx0, sy0, vw, vh)

    def _prefetch(self, sx0: int, sy0: int, vw: int, vh: int) -> None:
        """Draw the chunks one ring around the view ahead of a pan, with what is left of the frame's budget."""
        zoom = self.camera.zoom
        size = self._chunk_size()
        pw, ph = self.size
        i0, j0 = math.floor(sx0 / zoom / size) - 1, math.floor(sy0 / zoom / size) - 1
        i1, j1 = math.floor((sx0 + vw) / zoom / size) + 1, math.floor((sy0 + vh) / zoom / size) + 1
        last_i, last_j = math.ceil(pw / size) - 1, math.ceil(ph / size) - 1
        for j in range(max(0, j0), min(last_j, j1) + 1):
            for i in range(max(0, i0), min(last_i, i1) + 1):
                if i not in (i0, i1) and j not in (j0, j1):
                    continue
                chunk = self._chunks.get((i, j))
                if chunk is not None and chunk.version == self.version:
                    continue
                if time.perf_counter() - self._budget_start >= PREFETCH_BUDGET_S:
                    return
                self._chunks[(i, j)] = _Chunk(self._render_chunk(i, j, size, zoom), self.version)

    def _paint(self, view: pygame.Surface, sx0: int, sy0: int, area: pygame.Rect) -> None:
        """Paint the chunks overlapping ``area`` (view pixels) onto the kept view, clipped to it."""
        zoom = self.camera.zoom
        size = self._chunk_size()
        pw, ph = self.size
        view.set_clip(area)
        view.fill(BACKGROUND, area)
        left, top = (sx0 + area.left) / zoom, (sy0 + area.top) / zoom
        right, bottom = (sx0 + area.right) / zoom, (sy0 + area.bottom) / zoom
        i0, j0 = max(0, math.floor(left / size)), max(0, math.floor(top / size))
        i1 = min(math.ceil(pw / size) - 1, math.floor(right / size))
        j1 = min(math.ceil(ph / size) - 1, math.floor(bottom / size))
        blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
        for j in range(j0, j1 + 1):
            for i in range(i0, i1 + 1):
                chunk = self._chunk(i, j, size, zoom)
                blits.append((chunk.surface, (round(i * size * zoom) - sx0, round(j * size * zoom) - sy0)))
        view.fblits(blits)
        view.set_clip(None)
        while len(self._chunks) > 600:
            self._chunks.popitem(last=False)

    def _chunk(self, i: int, j: int, size: int, zoom: float) -> _Chunk:
        """A chunk of the current zoom; a stale one is redrawn if the frame's budget allows."""
        key = (i, j)
        chunk = self._chunks.get(key)
        if chunk is None or chunk.version != self.version:
            if chunk is None or time.perf_counter() - self._budget_start < CHUNK_BUDGET_S:
                chunk = _Chunk(self._render_chunk(i, j, size, zoom), self.version)
                self._chunks[key] = chunk
                self.stats.chunks_drawn += 1
            else:
                self.stats.chunks_stale += 1
        self._chunks.move_to_end(key)
        return chunk

    @property
    def settled(self) -> bool:
        """No visible chunk is waiting to be redrawn."""
        return self.stats.chunks_stale == 0


# -- tokens ----------------------------------------------------------------------------------

CONDITION_BADGES: dict[str, tuple[str, RGB]] = {
    "prone": ("Pr", (150, 110, 60)),
    "dazed": ("Dz", (200, 170, 40)),
    "stunned": ("St", (230, 120, 20)),
    "immobilized": ("Im", (120, 120, 200)),
    "slowed": ("Sl", (90, 160, 210)),
    "marked": ("Mk", (220, 60, 160)),
    "weakened": ("Wk", (140, 140, 140)),
    "blinded": ("Bl", (60, 60, 60)),
    "dominated": ("Do", (160, 40, 200)),
    "granting combat advantage": ("CA", (240, 90, 60)),
    "ongoing damage": ("On", (230, 40, 40)),
    "unconscious": ("Un", (80, 80, 110)),
}


@dataclass(frozen=True)
class TokenLook:
    """Everything a token's picture depends on (its cache key, with the zoom)."""

    name: str
    side: str
    hp: int
    max_hp: int
    conditions: tuple[str, ...]
    bloodied: bool
    out: bool
    """Dying (or dead: dead creatures are not drawn)."""
    size_cells: int
    names: bool


def hp_colour(hp: int, max_hp: int) -> RGB:
    share = hp / max_hp if max_hp else 0
    if share > 0.5:
        return (70, 200, 90)
    if share > 0.25:
        return (230, 190, 40)
    return (230, 60, 50)


class TokenPainter:
    """Token sprites per zoom: a disc in the side's colour with initials, a hit-point bar, badges and a name."""

    def __init__(self, cell_w: float, cell_h: float) -> None:
        self.cell_w, self.cell_h = cell_w, cell_h
        self._cache: dict[tuple[TokenLook, float], pygame.Surface] = {}

    def sprite(self, look: TokenLook, zoom: float) -> pygame.Surface:
        key = (look, zoom)
        got = self._cache.get(key)
        if got is None:
            if len(self._cache) > 4000:
                self._cache.clear()
            got = self._draw(look, zoom)
            self._cache[key] = got
        return got

    def _draw(self, look: TokenLook, zoom: float) -> pygame.Surface:
        span = min(self.cell_w, self.cell_h) * look.size_cells * zoom
        radius = max(3, int(span / 2 * 0.78))
        label_h = font(max(9, int(radius * 0.55))).get_linesize() if look.names and radius >= 9 else 0
        width = max(2 * radius + 8, 1)
        height = 2 * radius + 8 + label_h
        if label_h:
            name_font = font(max(9, int(radius * 0.55)))
            name_img = name_font.render(look.name, True, (240, 240, 240))
            width = max(width, name_img.get_width() + 6)
        surf = pygame.Surface((width, height), pygame.SRCALPHA)
        cx, cy = width // 2, radius + 4
        colour = map_view.side_colour(look.side)
        if look.out:
            colour = tuple(c // 2 + 40 for c in colour)  # type: ignore[assignment]
        pygame.draw.circle(surf, (15, 15, 20), (cx, cy), radius + max(1, radius // 8))
        pygame.draw.circle(surf, colour, (cx, cy), radius)
        rim = (200, 30, 30) if look.bloodied else tuple(min(255, c + 70) for c in colour)
        pygame.draw.circle(surf, rim, (cx, cy), radius, max(1, radius // 6))
        if radius >= 6:
            initials = font(max(8, int(radius * 0.8)), bold=True).render(map_view.initials(look.name), True,
                                                                          (255, 255, 255))
            surf.blit(initials, initials.get_rect(center=(cx, cy - (radius // 8))))
        if radius >= 5 and look.max_hp > 0:
            bar_w, bar_h = int(radius * 1.6), max(2, radius // 5)
            bx, by = cx - bar_w // 2, cy + radius - bar_h - max(1, radius // 6)
            pygame.draw.rect(surf, (20, 20, 20), (bx - 1, by - 1, bar_w + 2, bar_h + 2))
            share = max(0.0, min(1.0, look.hp / look.max_hp))
            pygame.draw.rect(surf, hp_colour(look.hp, look.max_hp), (bx, by, round(bar_w * share), bar_h))
        if look.conditions and radius >= 8:
            bsize = max(9, int(radius * 0.5))
            badge_font = font(max(7, int(bsize * 0.7)), bold=True)
            for k, cond in enumerate(look.conditions[:4]):
                text, bg = CONDITION_BADGES.get(cond, (cond[:2].title(), (120, 120, 120)))
                angle = -math.pi / 4 + k * math.pi / 3.2
                bxc = cx + int(math.cos(angle) * radius)
                byc = cy + int(math.sin(angle) * radius * -1)
                rect = pygame.Rect(0, 0, bsize + 4, bsize)
                rect.center = (bxc, byc)
                pygame.draw.rect(surf, bg, rect, border_radius=3)
                pygame.draw.rect(surf, (15, 15, 15), rect, 1, border_radius=3)
                img = badge_font.render(text, True, (255, 255, 255))
                surf.blit(img, img.get_rect(center=rect.center))
        if label_h:
            back = pygame.Rect(0, 0, name_img.get_width() + 4, label_h)
            back.midtop = (cx, 2 * radius + 6)
            pygame.draw.rect(surf, (0, 0, 0, 150), back, border_radius=3)
            surf.blit(name_img, name_img.get_rect(center=back.center))
        return surf

    def draw(self, target: pygame.Surface, looks: Sequence[tuple[TokenLook, float, float]], zoom: float) -> int:
        """Blit tokens centred at screen positions ``(x, y)``; returns how many were on screen."""
        w, h = target.get_size()
        blits = []
        for look, x, y in looks:
            img = self.sprite(look, zoom)
            r = self._radius(look, zoom)
            left, top = round(x - img.get_width() / 2), round(y - r - 4)
            if left > w or top > h or left + img.get_width() < 0 or top + img.get_height() < 0:
                continue
            blits.append((img, (left, top)))
        target.fblits(blits)
        return len(blits)

    def _radius(self, look: TokenLook, zoom: float) -> int:
        span = min(self.cell_w, self.cell_h) * look.size_cells * zoom
        return max(3, int(span / 2 * 0.78))


_TEXTS: dict[tuple[str, int, RGB, bool], pygame.Surface] = {}


def text_image(text: str, size: int, colour: RGB, bold: bool = False) -> pygame.Surface:
    """A rendered line of text, cached (panels redraw the same lines every frame)."""
    key = (text, size, colour, bold)
    img = _TEXTS.get(key)
    if img is None:
        if len(_TEXTS) > 3000:
            _TEXTS.clear()
        img = font(size, bold).render(text, True, colour)
        _TEXTS[key] = img
    return img


def draw_text(target: pygame.Surface, text: str, pos: tuple[int, int], size: int = 14,
              colour: RGB = (235, 235, 235), *, bold: bool = False, background: RGBA | None = None,
              anchor: str = "topleft") -> pygame.Rect:
    img = text_image(text, size, colour, bold)
    rect = img.get_rect(**{anchor: pos})
    if background is not None:
        back = rect.inflate(8, 4)
        plate = pygame.Surface(back.size, pygame.SRCALPHA)
        plate.fill(background)
        target.blit(plate, back)
    target.blit(img, rect)
    return rect


def outline(target: pygame.Surface, points: Iterable[tuple[float, float]], colour: RGB, width: int = 2) -> None:
    pygame.draw.polygon(target, colour, list(points), width)
