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
from game.grid import Cell, GridKind, Square, SquareGrid

from game.tiled.model import TiledMap
from game.ui import map_view
from game.ui.tiled_render import MapPicture

RGBA = tuple[int, int, int, int]
RGB = tuple[int, int, int]

ZOOMS = (0.1, 0.125, 0.167, 0.25, 0.33, 0.5, 0.67, 0.75, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 4.0)
CHUNK = 256
"""A chunk's side in screen pixels."""
BACKGROUND = (24, 26, 31)
CHUNK_BUDGET_S = 0.004
"""Time a frame may spend redrawing stale chunks (the rest wait for the next frames)."""
PREFETCH_BUDGET_S = 0.001
"""A settled frame draws chunks just outside the view, ahead of a pan, while it has taken less than this
(one chunk takes ~0.5 ms at 1920x1080: a pan of 8 px a frame needs one every 4 frames)."""
AHEAD_BUDGET_S = 0.008
"""A frame with no stale chunk in view draws the view the camera is expected to jump to next (the next turn's
creature, off screen) while it has taken less than this (and within the frame's budget, FRAME_BUDGET_S): the
frame of the end of turn finds it ready."""
PICTURE_BLOCK = 256
"""The map picture is composed in blocks of this many picture pixels a side, each when a chunk first needs it."""
PICTURE_BLOCKS_MIN = 16
"""Blocks of the picture the view's first frame composes in any case (a small map's whole picture: its first
frame shows it all; a later frame composes one in any case). Beyond that (a jump of the camera to a part of a
big map not seen yet), only within PICTURE_BUDGET_S, and the chunks still waiting for their picture show the
background until a later frame."""
PICTURE_BUDGET_S = 0.008
"""Time a frame may spend composing the blocks of the picture the view needs (about 2.5 ms a block)."""
FRAME_BUDGET_S = 0.006
"""When the caller says when its frame began (``BoardView.frame_start``), every budget above also ends this
long after that: work deferred to later frames (stale chunks, chunks and picture drawn ahead) starts only
within the first 6 ms of a 16 ms frame, whatever the frame did before drawing the board (the table's overlays,
computed a step at a time under the same budget), so that the rest of the frame (tokens, panels, ~4 ms on the
bench's map) and the one piece of work started last still fit in the frame. A frame redraws one stale chunk in
any case, so that the view settles however long its frames, and patches up to PATCH_CELLS cells in any case."""
PATCH_CELLS = 512
"""Cells of stale chunks a frame patches whatever its budget (see :meth:`BoardView._patch`; a few microseconds a
cell): a change's own marks (the reachable cells moving with the creature) are drawn by the frame of the change
even when what came before the board took the frame's budget."""


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """pygame_gui's bundled Noto Sans (never a system font), cached per size until ``pygame.quit()``."""
    _forget_fonts_at_quit()
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    path = resources.files("pygame_gui.data") / name
    with resources.as_file(path) as real:
        return pygame.font.Font(str(real), max(6, size))


_FORGETTING: list[bool] = []
"""Whether a ``pygame.quit()`` will empty the font cache (pygame forgets its quit functions once it has called
them, so the first font made after each quit asks again)."""


def _forget_fonts_at_quit() -> None:
    """A font made before ``pygame.quit()`` is dead after it ("font module quit since font created"): the cache
    empties with it, so a window opened again (the next test, a second table in one process) makes its fonts
    again."""
    if not _FORGETTING:
        _FORGETTING.append(True)
        pygame.register_quit(_forget_fonts)


def _forget_fonts() -> None:
    font.cache_clear()
    _FORGETTING.clear()


@dataclass
class Camera:
    """Which picture pixel sits at the view's top-left, and how many screen pixels a picture pixel takes."""

    x: float = 0.0
    y: float = 0.0
    zoom: float = 1.0

    def offset(self) -> tuple[int, int]:
        """The screen pixel of the picture's top-left, negated: whole pixels, so that everything drawn
        on the map moves by exactly as many pixels as the camera (a kept view can then be scrolled)."""
        return round(self.x * self.zoom), round(self.y * self.zoom)

    def to_screen(self, px: float, py: float) -> tuple[float, float]:
        ox, oy = self.offset()
        return px * self.zoom - ox, py * self.zoom - oy

    def to_picture(self, sx: float, sy: float) -> tuple[float, float]:
        ox, oy = self.offset()
        return (sx + ox) / self.zoom, (sy + oy) / self.zoom

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
    """Up to date when it equals :attr:`BoardView.version`."""
    dirty: set[Cell] | None = field(default_factory=set)
    """While stale: the cells whose marks changed since it was drawn (None: redraw it whole)."""
    pending: pygame.Surface | None = None
    """While stale and in view: its picture at ``pending_version``, made aside, put on the screen (it becomes
    ``surface``) only when every chunk in view has its picture at the current version: the screen never shows
    an overlay half old, half new."""
    pending_version: int = -1


@dataclass
class Stats:
    chunks_drawn: int = 0
    chunks_patched: int = 0
    chunks_stale: int = 0
    tokens_drawn: int = 0
    extra: dict[str, float] = field(default_factory=dict)


class BoardView:
    """Draws a board and its overlays through a camera; holds the per-zoom caches."""

    def __init__(self, tmap: TiledMap, board: Board, picture: pygame.Surface | None = None, *,
                 same_picture_as: BoardView | None = None) -> None:
        """``picture``: the map's picture drawn already; by default it is composed block by block as the view
        first needs each (see :class:`game.ui.tiled_render.MapPicture`), the same pixels. ``same_picture_as``:
        another view of the same map picture (composed on demand), whose recorded draws and composed blocks this
        one shares (the players' display beside the game master's view, when nothing of the map is hidden)."""
        self.tmap = tmap
        self.board = board
        self.grid = board.grid
        self._lazy: MapPicture | None = None
        self._blocks: dict[tuple[int, int], pygame.Surface] = {}
        """The blocks of the picture composed so far, when it is composed on demand (not one surface of the
        whole picture: merely allocating that takes 0.6 s for a 200 x 200 map)."""
        self._blocks_made = 0
        """Blocks composed during the current frame."""
        self._first_frame = True
        """The frame being drawn is the view's first."""
        self._whole: pygame.Surface | None = None
        """The whole picture, when it was given."""
        display = pygame.display.get_surface() is not None
        self._convert = display
        self._format: pygame.Surface
        """The picture's pixel format (the display's), as a surface."""
        if picture is None and same_picture_as is not None and same_picture_as._lazy is not None:
            self._lazy = same_picture_as._lazy
            self._blocks = same_picture_as._blocks  # one dict: a block either view composes serves both
            size = self._lazy.size
            self._format = same_picture_as._format
        elif picture is None:
            self._lazy = map_view.picture_on_demand(tmap)
            size = self._lazy.size
            like = pygame.image.frombytes(bytes(4), (1, 1), "RGBA")  # render_map's format,
            self._format = like.convert() if display else like  # converted to the display's as the blocks are
        else:
            self._whole = picture.convert() if display else picture
            size = picture.get_size()
            self._format = self._whole
        self.origin = map_view.pixel_origin(tmap, board)
        self.camera = Camera()
        self.layers: dict[str, Layer] = {}
        self.layers_pending = False
        self.ahead: tuple[float, float] | None = None
        """Where the camera is expected to jump next (its top-left corner in picture pixels; set by the
        table: the next creature's turn), or None: see :meth:`_draw_ahead`."""
        """Some overlays are still being computed (by the table, over the next frames): not settled yet."""
        self.version = 0
        self._chunks: OrderedDict[tuple[int, int], _Chunk] = OrderedDict()
        self._chunk_zoom = -1.0
        self._chunk_cells: dict[tuple[float, int, int], list[Cell]] = {}
        self._corners: dict[Cell, tuple[tuple[float, float], ...]] = {}
        self._centres: dict[Cell, tuple[float, float]] = {}
        self.stats = Stats()
        self._view_pos = (0, 0)
        self._kept: object = None
        """The zoom and view size of the last frame drawn (a kept view is scrolled only within them)."""
        self._heading = (0, 0)
        """The last pan's direction (screen pixels): prefetching starts on that side."""
        self._budget_start = 0.0
        self._deadline = math.inf
        """``FRAME_BUDGET_S`` after the caller's frame began (``frame_start``), or never."""
        self._stale_redrawn = 0
        """Stale chunks redrawn or patched during the current frame."""
        self._cells_patched = 0
        """Cells patched during the current frame."""
        self._hurried = False
        """``hurried``, for the frame being drawn."""
        self.hurried = False
        """The frame has no time to spare (set by the table: the frame of a change of state, which draws every
        token and name after the board, or one that computed overlays): it leaves every piece of deferred work to
        the next frames (stale chunks, blocks of the picture, drawing ahead) but the patches of a few cells
        (PATCH_CELLS): the change's own marks. Used by the next ``draw_board`` only."""
        self.frame_start: float | None = None
        """When the caller's frame began (``time.perf_counter()``), if it says so: the frame's budgets then also
        end FRAME_BUDGET_S after it, so that what the frame did before ``draw_board`` (the table's overlays)
        leaves less of them. Used by the next ``draw_board`` only."""
        self._bases: dict[tuple[int, int, float], pygame.Surface] = {}
        self._geometries: dict[tuple[int, int], dict[Cell, pygame.Rect]] = {}
        self._tiles: dict[tuple[str, RGBA, int, int], pygame.Surface] = {}
        self._bboxes: dict[Cell, tuple[float, float, float, float]] = {}
        self._cell_chunks: tuple[int, dict[Cell, tuple[tuple[int, int], ...]]] = (0, {})
        self._layer_chunks: dict[int, tuple[Layer, int, dict[tuple[int, int], list[Cell]]]] = {}
        """The cells of each layer shown, filed by chunk (see :meth:`_mark_stale`), kept while it is shown."""
        """The chunk side these are for, and each cell's chunks at it (see :meth:`_mark_stale`)."""
        self._buckets: dict[int, tuple[Layer, int, dict[tuple[int, int], dict[Cell, RGBA]]]] = {}
        self._grid_paints: dict[tuple[RGBA, tuple[int, ...], tuple[int, ...], tuple[int, int]], pygame.Surface] = {}
        self._uniforms: dict[int, tuple[Layer, RGBA | None]] = {}
        self._cell_count = sum(1 for _ in board)
        self.size = size
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
        ox, oy = cam.offset()
        zoom = cam.zoom
        return [(x * zoom - ox, y * zoom - oy) for x, y in self.corners(cell)]

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
        """Replace the overlays. Only the chunks holding a cell whose marks differ become stale, and on a
        square grid each of those is later patched cell by cell (see :meth:`_patch`), not redrawn whole."""
        old, layers = self.layers, dict(layers)
        if any(not _same_layer(layers.get(k), old.get(k)) for k in self.STATIC):
            self.layers = layers
            self.version += 1
            self._bases.clear()
            for chunk in self._chunks.values():
                chunk.dirty = None
            return
        dirty: set[Cell] = set()
        whole: list[Layer] = []
        for name in layers.keys() | old.keys():
            if name in self.STATIC:
                continue
            a, b = old.get(name), layers.get(name)
            if a is b:
                continue
            if a is None or b is None or a.style != b.style:
                whole += [x for x in (a, b) if x is not None and x.cells]  # every cell of it
            else:
                dirty.update(cell for cell, _ in a.cells.items() ^ b.cells.items())
        self.layers = layers
        if dirty or whole:
            self.version += 1
            self._mark_stale(dirty, whole)
        live = {id(x) for x in layers.values()}
        for key in [k for k in self._layer_chunks if k not in live]:
            del self._layer_chunks[key]

    def _mark_stale(self, cells: set[Cell], whole: Sequence[Layer] = ()) -> None:
        """The kept chunks that hold one of ``cells`` or of the ``whole`` layers' cells become stale (with
        those cells to patch); the others are up to date with the new version as they are."""
        if self.camera.zoom != self._chunk_zoom:
            for chunk in self._chunks.values():
                chunk.dirty = None
            return
        size = self._chunk_size()
        touched = self._filed(cells, size)
        for layer in whole:  # a layer shown or taken away whole: its cells filed once, when it came
            got = self._layer_chunks.get(id(layer))
            if got is None or got[0] is not layer or got[1] != size:
                got = self._layer_chunks[id(layer)] = (layer, size, self._filed(layer.cells, size))
            for key, filed in got[2].items():
                theirs = touched.get(key)
                if theirs is None:
                    touched[key] = list(filed)
                else:
                    theirs += filed
        previous = self.version - 1
        for key, chunk in self._chunks.items():
            mine = touched.get(key)
            if chunk.version == previous and mine is None:
                chunk.version = self.version
            elif mine is not None and chunk.dirty is not None:
                chunk.dirty.update(mine)  # (relative to the picture shown: a pending one is made again)
            if chunk.pending is not None and chunk.pending_version == previous and mine is None:
                chunk.pending_version = self.version

    def _filed(self, cells: Iterable[Cell], size: int) -> dict[tuple[int, int], list[Cell]]:
        """``cells`` filed by the chunks (of side ``size``) that their bounding boxes touch."""
        if self._cell_chunks[0] != size:
            self._cell_chunks = (size, {})
        keys_of = self._cell_chunks[1]
        touched: dict[tuple[int, int], list[Cell]] = {}
        for cell in cells:
            keys = keys_of.get(cell)
            if keys is None:
                keys = keys_of[cell] = self._chunks_of_cell(cell, size)
            for key in keys:
                mine = touched.get(key)
                if mine is None:
                    touched[key] = [cell]
                else:
                    mine.append(cell)
        return touched

    def _chunks_of_cell(self, cell: Cell, size: int) -> tuple[tuple[int, int], ...]:
        """The keys of the chunks (of side ``size``) that ``cell``'s bounding box touches."""
        left, top, right, bottom = self.bbox(cell)
        i0, i1 = math.floor(left / size), math.floor(right / size)
        j0, j1 = math.floor(top / size), math.floor(bottom / size)
        if i0 == i1 and j0 == j1:
            return ((i0, j0),)
        return tuple([(i, j) for j in range(j0, j1 + 1) for i in range(i0, i1 + 1)])

    # -- drawing -------------------------------------------------------------------------

    def bbox(self, cell: Cell) -> tuple[float, float, float, float]:
        """The cell's bounding box in picture pixels (left, top, right, bottom; cached)."""
        got = self._bboxes.get(cell)
        if got is None and isinstance(self.grid, SquareGrid) and isinstance(cell, Square):  # its corners' box
            x, y = self.grid.cell_origin_pixel(cell)
            left, top = float(x) - self.origin[0], float(y) - self.origin[1]
            got = self._bboxes[cell] = (left, top, left + self.grid.tile_width, top + self.grid.tile_height)
        elif got is None:
            pts = self.corners(cell)
            xs = [x for x, _ in pts]
            ys = [y for _, y in pts]
            got = self._bboxes[cell] = (min(xs), min(ys), max(xs), max(ys))
        return got

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

    def _geometry(self, i: int, j: int, size: int, zoom: float) -> dict[Cell, pygame.Rect]:
        """Square grids: each cell meeting the chunk, with its rectangle in the chunk's pixels (per zoom).
        Neighbouring rectangles share no pixel, so a cell can be redrawn alone."""
        got = self._geometries.get((i, j))
        if got is None:
            grid = self.grid
            assert isinstance(grid, SquareGrid)
            tw, th = grid.tile_width, grid.tile_height
            ox, oy = self.origin
            x0, y0 = round(i * size * zoom), round(j * size * zoom)
            bx0, by0 = self.board.origin
            c0 = max(bx0, math.floor((i * size + ox) / tw))
            c1 = min(bx0 + self.board.width - 1, math.ceil(((i + 1) * size + ox) / tw) - 1)
            r0 = max(by0, math.floor((j * size + oy) / th))
            r1 = min(by0 + self.board.height - 1, math.ceil(((j + 1) * size + oy) / th) - 1)
            xs = [round((col * tw - ox) * zoom - x0) for col in range(c0, c1 + 2)]
            ys = [round((row * th - oy) * zoom - y0) for row in range(r0, r1 + 2)]
            at = grid.offset_to_cell
            got = {}
            for r in range(r1 - r0 + 1):
                y, h = ys[r], ys[r + 1] - ys[r]
                for c in range(c1 - c0 + 1):
                    got[at(c0 + c, r0 + r)] = pygame.Rect(xs[c], y, xs[c + 1] - xs[c], h)
            if len(self._geometries) > 1200:
                self._geometries.clear()
            self._geometries[(i, j)] = got
        return got

    def _tile(self, style: str, colour: RGBA, w: int, h: int) -> pygame.Surface:
        """One square cell's mark of a layer style, ``w`` x ``h`` pixels (cached per zoom)."""
        key = (style, colour, w, h)
        got = self._tiles.get(key)
        if got is None:
            got = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
            zoom = self.camera.zoom
            if style == "fill":
                got.fill(colour)
            elif style == "grid":
                pygame.draw.rect(got, colour, got.get_rect(), 1)
            elif style == "frame":
                cx, cy = w / 2, h / 2
                inset = [(cx + (x - cx) * 0.86, cy + (y - cy) * 0.86) for x, y in ((0, 0), (w, 0), (w, h), (0, h))]
                pygame.draw.polygon(got, colour, inset, max(2, round(3 * zoom)))
            elif style == "dot":
                r = max(2, round(min(self.cell_w, self.cell_h) * 0.16 * zoom))
                pygame.draw.circle(got, colour, (w / 2, h / 2), r)
            if len(self._tiles) > 256:
                self._tiles.clear()
            self._tiles[key] = got
        return got

    def _picture_ready(self, i: int, j: int, size: int, *, budget: float | None, floor: int = 0) -> bool:
        """Compose the blocks of the picture under chunk ``(i, j)`` that are not yet: all of them if
        ``budget`` is None, else ``floor`` blocks this frame in any case and more while the frame has taken
        less than ``budget`` seconds. True when the chunk's whole picture is there."""
        lazy = self._lazy
        if lazy is None:
            return True
        pw, ph = self.size
        left, top = i * size, j * size
        right, bottom = min(pw, left + size), min(ph, top + size)
        if right <= left or bottom <= top:
            return True
        b = PICTURE_BLOCK
        for bj in range(top // b, (bottom - 1) // b + 1):
            for bi in range(left // b, (right - 1) // b + 1):
                if (bi, bj) in self._blocks:
                    continue
                if budget is not None and self._blocks_made >= floor and not self._within(budget):
                    return False
                self._make_block(bi, bj)
        return True

    def _make_block(self, bi: int, bj: int) -> None:
        """Compose block ``(bi, bj)`` of the picture."""
        assert self._lazy is not None
        b = PICTURE_BLOCK
        pw, ph = self.size
        x, y = bi * b, bj * b
        block = self._lazy.surface(x, y, min(b, pw - x), min(b, ph - y))
        self._blocks[(bi, bj)] = block.convert(self._format) if self._convert else block
        self._blocks_made += 1

    def _picture_part(self, left: int, top: int, right: int, bottom: int) -> pygame.Surface:
        """The picture's pixels in a rectangle (within it), as a surface in the picture's format."""
        if self._whole is not None:
            return self._whole.subsurface((left, top, right - left, bottom - top))
        b = PICTURE_BLOCK
        i0, i1, j0, j1 = left // b, (right - 1) // b, top // b, (bottom - 1) // b
        if i0 == i1 and j0 == j1:
            return self._blocks[(i0, j0)].subsurface((left - i0 * b, top - j0 * b, right - left, bottom - top))
        like = self._format
        part = pygame.Surface((right - left, bottom - top), like.get_flags() & pygame.SRCALPHA, like.get_bitsize(),
                              like.get_masks())
        # the part is transparent black: adding a block onto it copies the block's bytes as they are
        flags = pygame.BLEND_RGBA_ADD if like.get_flags() & pygame.SRCALPHA else 0
        for bj in range(j0, j1 + 1):
            for bi in range(i0, i1 + 1):
                part.blit(self._blocks[(bi, bj)], (bi * b - left, bj * b - top), special_flags=flags)
        return part

    def _base(self, i: int, j: int, size: int, zoom: float) -> pygame.Surface:
        """The chunk's picture with the static layers (terrain, grid), kept per zoom. At zoom 1 without static
        layers (the players' display) it is the map picture's own pixels, borrowed: nothing drawn nor kept."""
        if zoom == 1 and not any(layer.cells for name, layer in self.layers.items() if name in self.STATIC):
            left, top = i * size, j * size
            if left + size <= self.size[0] and top + size <= self.size[1]:  # (else the background around it)
                self._picture_ready(i, j, size, budget=None)
                part = self._picture_part(left, top, left + size, top + size)
                if not part.get_flags() & pygame.SRCALPHA:  # (drawn over the background, a part with alpha would
                    return part  # change)
        base = self._bases.get((i, j, zoom))
        if base is None:
            if len(self._bases) > 600:
                self._bases.clear()
            base = self._bases[(i, j, zoom)] = self._draw_chunk(i, j, size, zoom, static=True)
        return base

    def _render_chunk(self, i: int, j: int, size: int, zoom: float) -> pygame.Surface:
        """The chunk's base with the changing overlays on a copy; the base itself, shared, when no changing
        overlay marks a cell of it (nothing is drawn on a shared one: :meth:`_patch` copies it first)."""
        base = self._base(i, j, size, zoom)
        if not self._marked(i, j, size):
            return base
        out = base.copy()
        self._draw_layers(out, i, j, size, zoom, static=False)
        return out

    def _marked(self, i: int, j: int, size: int) -> bool:
        """Whether a changing overlay (not terrain nor grid) marks a cell of chunk ``(i, j)``."""
        chosen = [layer for name, layer in self.layers.items() if name not in self.STATIC and layer.cells]
        if not chosen:
            return False
        if self.board.kind is GridKind.SQUARE:
            return any(self._bucket(layer, size).get((i, j)) for layer in chosen)
        cells = self._cells_of_chunk(size, i, j)
        return any(cell in layer.cells for layer in chosen for cell in cells)

    def _draw_chunk(self, i: int, j: int, size: int, zoom: float, *, static: bool) -> pygame.Surface:
        x0, y0 = round(i * size * zoom), round(j * size * zoom)
        w = round((i + 1) * size * zoom) - x0
        h = round((j + 1) * size * zoom) - y0
        out = pygame.Surface((max(1, w), max(1, h)), 0, self._format)  # the picture's (the display's) format
        out.fill(BACKGROUND)
        pw, ph = self.size
        left, top = i * size, j * size
        right, bottom = min(pw, left + size), min(ph, top + size)
        if right > left and bottom > top:
            self._picture_ready(i, j, size, budget=None)
            part = self._picture_part(left, top, right, bottom)
            sw = round(right * zoom) - x0
            sh = round(bottom * zoom) - y0
            if (sw, sh) == part.get_size():
                out.blit(part, (0, 0))
            elif sw > 0 and sh > 0:
                out.blit(pygame.transform.scale(part, (sw, sh)), (0, 0))
        self._draw_layers(out, i, j, size, zoom, static=static)
        return out

    def _draw_layers(self, out: pygame.Surface, i: int, j: int, size: int, zoom: float, *, static: bool) -> None:
        """The static layers (terrain, grid) or the others, onto a chunk."""
        chosen = [layer for name, layer in self.layers.items() if (name in self.STATIC) == static and layer.cells]
        if not chosen:
            return
        if self.board.kind is GridKind.SQUARE:
            geometry = self._geometry(i, j, size, zoom)
            tile = self._tile
            for layer in chosen:
                if layer.style == "grid" and static:
                    out.blit(self._grid_paint(layer, geometry, i, j, size, zoom, out.get_size()), (0, 0))
                    continue
                style = layer.style
                out.fblits([(tile(style, colour, rect.w, rect.h), rect.topleft)
                            for cell, colour in self._bucket(layer, size).get((i, j), {}).items()
                            if (rect := geometry.get(cell)) is not None])
            return
        x0, y0 = round(i * size * zoom), round(j * size * zoom)
        cells = self._cells_of_chunk(size, i, j)
        for layer in chosen:
            marks = layer.cells
            present = [c for c in cells if c in marks]
            if not present:
                continue
            paint = pygame.Surface(out.get_size(), pygame.SRCALPHA)
            for cell in present:
                colour = marks[cell]
                pts = [(x * zoom - x0, y * zoom - y0) for x, y in self.corners(cell)]
                if layer.style == "fill":
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

    def _bucket(self, layer: Layer, size: int) -> dict[tuple[int, int], dict[Cell, RGBA]]:
        """A layer's marked cells filed by the chunk(s) they lie in (square grids; kept per layer and
        chunk size), so that drawing a chunk looks only at its own marks."""
        got = self._buckets.get(id(layer))
        if got is None or got[0] is not layer or got[1] != size:
            out: dict[tuple[int, int], dict[Cell, RGBA]] = {}
            keys = self._bucket_keys
            for cell, colour in layer.cells.items():
                for chunk in keys(cell, size):
                    mine = out.get(chunk)
                    if mine is None:
                        out[chunk] = {cell: colour}
                    else:
                        mine[cell] = colour
            live = {id(x) for x in self.layers.values()}
            for key in [k for k in self._buckets if k not in live]:
                del self._buckets[key]
            got = self._buckets[id(layer)] = (layer, size, out)
        return got[2]

    def _bucket_keys(self, cell: Cell, size: int) -> list[tuple[int, int]]:
        """The chunks (of side ``size``) a square cell's marks are drawn on."""
        left, top, right, bottom = self.bbox(cell)
        floor = math.floor
        i0, i1 = floor(left / size), floor((right - 1e-9) / size)
        j0, j1 = floor(top / size), floor((bottom - 1e-9) / size)
        return [(i, j) for j in range(j0, j1 + 1) for i in range(i0, i1 + 1)]

    def amend_layer(self, layer: Layer, changes: Mapping[Cell, RGBA | None]) -> None:
        """Change some cells of ``layer`` in place (a new mark, or None: no mark), shown or not: only the chunks
        of the cells that changed become stale, and the layer's other cells are neither compared again (as
        :meth:`set_layers` compares two layers) nor filed again. ``layer.cells`` must be a dict; the caller
        owns it (the players' display's darkness, which changes around the creatures that moved)."""
        cells = layer.cells
        assert isinstance(cells, dict), "amend_layer changes a layer whose cells are a dict"
        changed: list[Cell] = []
        for cell, colour in changes.items():
            if cells.get(cell) == colour:
                continue
            if colour is None:
                del cells[cell]
            else:
                cells[cell] = colour
            changed.append(cell)
        if not changed:
            return
        self._uniforms.pop(id(layer), None)
        self._layer_chunks.pop(id(layer), None)  # filed again only if it is ever shown or taken away whole
        filed = self._buckets.get(id(layer))
        if filed is not None and filed[0] is layer:
            size, buckets = filed[1], filed[2]
            for cell in changed:
                colour = cells.get(cell)
                for key in self._bucket_keys(cell, size):
                    mine = buckets.get(key)
                    if colour is None:
                        if mine is not None:
                            mine.pop(cell, None)
                    elif mine is None:
                        buckets[key] = {cell: colour}
                    else:
                        mine[cell] = colour
        if any(shown is layer for shown in self.layers.values()):
            self.version += 1
            self._mark_stale(set(changed))

    def _grid_paint(self, layer: Layer, geometry: dict[Cell, pygame.Rect], i: int, j: int, size: int, zoom: float,
                    chunk: tuple[int, int]) -> pygame.Surface:
        """A grid layer's outlines over one chunk, on one layer so that a shared edge is blended once. When
        the layer outlines every cell in one colour (the grid overlay), the lines are drawn once per
        pattern and shared by every chunk with the same cell edges (at zoom 1, all the inner ones)."""
        colour = self._uniform(layer)
        if colour is None:
            paint = pygame.Surface(chunk, pygame.SRCALPHA)
            for cell, rect in geometry.items():
                mark = layer.cells.get(cell)
                if mark is not None:
                    pygame.draw.rect(paint, mark, (rect.x, rect.y, rect.w + 1, rect.h + 1), 1)
            return paint
        xs = sorted({r.left for r in geometry.values()} | {r.right for r in geometry.values()})
        ys = sorted({r.top for r in geometry.values()} | {r.bottom for r in geometry.values()})
        key = (colour, tuple(xs), tuple(ys), chunk)
        got = self._grid_paints.get(key)
        if got is None:
            got = pygame.Surface(chunk, pygame.SRCALPHA)
            if xs and ys:
                for x in xs:
                    pygame.draw.line(got, colour, (x, ys[0]), (x, ys[-1]))
                for y in ys:
                    pygame.draw.line(got, colour, (xs[0], y), (xs[-1], y))
            if len(self._grid_paints) > 64:
                self._grid_paints.clear()
            self._grid_paints[key] = got
        return got

    def _uniform(self, layer: Layer) -> RGBA | None:
        """The one colour of a layer that marks every cell of the board, else None (kept per layer)."""
        got = self._uniforms.get(id(layer))
        if got is None or got[0] is not layer:
            colours = set(layer.cells.values())
            one = next(iter(colours)) if len(colours) == 1 and len(layer.cells) == self._cell_count else None
            if len(self._uniforms) > 16:
                self._uniforms.clear()
            got = self._uniforms[id(layer)] = (layer, one)
        return got[1]

    def _patch(self, chunk: _Chunk, i: int, j: int, size: int, zoom: float, *,
               aside: bool = False) -> pygame.Surface | None:
        """Bring a stale chunk of a square grid up to date by redrawing only its changed cells: each cell's
        rectangle is copied back from the base and the changing layers' marks of that cell drawn on it.
        None when that would not pay (most of the chunk changed): then it is redrawn whole. ``aside``: on a
        copy, returned, the chunk left as it was (see ``_Chunk.pending``); else the chunk itself."""
        dirty = chunk.dirty
        if dirty is None or self.board.kind is not GridKind.SQUARE:
            return None
        geometry = self._geometry(i, j, size, zoom)
        cells = [(cell, rect) for cell in dirty if (rect := geometry.get(cell)) is not None]
        if len(cells) * 2 > len(geometry):
            return None
        base = self._base(i, j, size, zoom)
        shared = chunk.surface is base or chunk.surface.get_parent() is not None  # (see _render_chunk)
        surface = chunk.surface.copy() if aside or shared else chunk.surface
        self._cells_patched += len(cells)
        for _, rect in cells:
            surface.blit(base, rect, rect)
        tile = self._tile
        for name, layer in self.layers.items():
            if name in self.STATIC or not layer.cells:
                continue
            marks, style = layer.cells, layer.style
            blits = []
            for cell, rect in cells:
                colour = marks.get(cell)
                if colour is not None:
                    blits.append((tile(style, colour, rect.w, rect.h), rect.topleft))
            surface.fblits(blits)
        if not aside:
            chunk.surface, chunk.version, chunk.dirty, chunk.pending = surface, self.version, set(), None
        return surface

    def draw_board(self, target: pygame.Surface, *, keep: bool = False,
                   dirty: Sequence[pygame.Rect] = ()) -> list[pygame.Rect]:
        """Draw the visible map with its overlays onto ``target`` (the view's surface); returns the
        rectangles of ``target`` painted afresh (whatever was drawn over them must be drawn again).

        ``keep``: ``target`` still holds the map as this view left it the frame before, except within
        ``dirty`` (rectangles the caller wants painted again). Then, as pyscroll does with its buffer,
        a pan scrolls it and paints only the strips that came into view, and a still camera paints
        only the chunks that changed and ``dirty``. Otherwise every visible chunk is blitted.

        A chunk missing is drawn at once; a stale one is patched or redrawn within a time budget per
        frame (its old picture stays up meanwhile); what is left of the budget draws the chunks just
        outside the view, those the pan heads for first.
        """
        cam = self.camera
        zoom = cam.zoom
        if zoom != self._chunk_zoom:
            self._chunks.clear()
            self._bases.clear()
            self._geometries.clear()
            self._tiles.clear()
            self._buckets.clear()
            self._grid_paints.clear()
            self._chunk_zoom = zoom
        vw, vh = target.get_size()
        sx0, sy0 = cam.offset()
        self._budget_start = time.perf_counter()
        first = self._kept is None  # the view's first frame: as before, whatever the caller's frame did
        self._deadline = math.inf if self.frame_start is None or first else self.frame_start + FRAME_BUDGET_S
        self.frame_start = None
        self._hurried, self.hurried = self.hurried and not first, False
        self._stale_redrawn = 0
        self._cells_patched = 0
        self._blocks_made = 0
        self._first_frame = first
        stats = self.stats
        stats.chunks_drawn = stats.chunks_stale = stats.chunks_patched = 0
        size = self._chunk_size()
        pw, ph = self.size
        last_i, last_j = math.ceil(pw / size) - 1, math.ceil(ph / size) - 1
        i0, j0 = max(0, math.floor(sx0 / zoom / size)), max(0, math.floor(sy0 / zoom / size))
        i1 = min(last_i, math.floor((sx0 + vw - 1) / zoom / size))
        j1 = min(last_j, math.floor((sy0 + vh - 1) / zoom / size))
        changed: list[pygame.Rect] = []
        full_rect = target.get_rect()
        ready: list[tuple[int, int]] = []
        waiting = 0
        for j in range(j0, j1 + 1):
            for i in range(i0, i1 + 1):
                got = self._chunk(i, j, size, zoom)
                if got == "drawn":  # nothing of it was on the screen: shown at once
                    changed.append(self._chunk_rect(i, j, size, zoom, sx0, sy0).clip(full_rect))
                elif got == "ready":
                    ready.append((i, j))
                elif got == "waiting":
                    waiting += 1
        if waiting:  # the chunks made aside wait for the others, their older pictures shown meanwhile
            stats.chunks_stale += waiting + len(ready)
        else:  # all of them at once
            for i, j in ready:
                chunk = self._chunks[(i, j)]
                assert chunk.pending is not None
                chunk.surface, chunk.pending = chunk.pending, None
                chunk.version, chunk.dirty = self.version, set()
                changed.append(self._chunk_rect(i, j, size, zoom, sx0, sy0).clip(full_rect))
        dx, dy = sx0 - self._view_pos[0], sy0 - self._view_pos[1]
        if not keep or self._kept != (zoom, (vw, vh)) or abs(dx) >= vw or abs(dy) >= vh:
            painted = [full_rect]
        else:
            painted = []
            if dx or dy:
                target.scroll(-dx, -dy)
                if dx:
                    painted.append(_aligned(pygame.Rect(0 if dx < 0 else vw - dx, 0, abs(dx), vh), target))
                if dy:
                    painted.append(pygame.Rect(0, 0 if dy < 0 else vh - dy, vw, abs(dy)))
            painted += [r.clip(full_rect) for r in (*changed, *dirty)]
            painted = _disjoint(_merge([r for r in painted if r.width > 0 and r.height > 0]))
        for area in painted:
            self._paint(target, area, sx0, sy0, size, zoom)
        while len(self._chunks) > 600:
            self._chunks.popitem(last=False)
        if dx or dy:
            self._heading = (dx, dy)
        self._view_pos = (sx0, sy0)
        self._kept = (zoom, (vw, vh))
        if stats.chunks_stale == 0 and not self._hurried:
            self._prefetch(i0, j0, i1, j1, last_i, last_j, size, zoom)
            if self.ahead is not None:  # (also while the table computes overlays: within the same budget)
                self._draw_ahead(self.ahead, vw, vh, last_i, last_j, size, zoom)
        return painted

    def _draw_ahead(self, at: tuple[float, float], vw: int, vh: int, last_i: int, last_j: int, size: int,
                    zoom: float) -> None:
        """Draw the chunks of the view the camera is expected to jump to (``at``: its top-left corner in
        picture pixels), the middle first, within AHEAD_BUDGET_S of the frame: a frame with nothing else
        to do prepares the next turn's view, so that the frame of the end of turn finds it drawn."""
        ax, ay = at
        i0, j0 = max(0, math.floor(ax / size)), max(0, math.floor(ay / size))
        i1 = min(last_i, math.floor((ax + (vw - 1) / zoom) / size))
        j1 = min(last_j, math.floor((ay + (vh - 1) / zoom) / size))
        ci, cj = (i0 + i1) / 2, (j0 + j1) / 2
        keys = sorted(((i, j) for j in range(j0, j1 + 1) for i in range(i0, i1 + 1)),
                      key=lambda ij: (ij[0] - ci) ** 2 + (ij[1] - cj) ** 2)
        for i, j in keys:
            chunk = self._chunks.get((i, j))
            if chunk is not None and chunk.version == self.version:
                continue
            if not self._within(AHEAD_BUDGET_S):
                return
            if chunk is not None and self._patch(chunk, i, j, size, zoom) is not None:
                continue
            if not self._picture_ready(i, j, size, budget=AHEAD_BUDGET_S):
                return
            self._chunks[(i, j)] = _Chunk(self._render_chunk(i, j, size, zoom), self.version)

    def _chunk_rect(self, i: int, j: int, size: int, zoom: float, sx0: int, sy0: int) -> pygame.Rect:
        """Where chunk ``(i, j)`` lies on the view (screen pixels)."""
        x0, y0 = round(i * size * zoom), round(j * size * zoom)
        return pygame.Rect(x0 - sx0, y0 - sy0, round((i + 1) * size * zoom) - x0, round((j + 1) * size * zoom) - y0)

    def _paint(self, target: pygame.Surface, area: pygame.Rect, sx0: int, sy0: int, size: int, zoom: float) -> None:
        """Blit the chunks over ``area`` of the view (background where the picture does not reach)."""
        pw, ph = self.size
        left, top = (sx0 + area.left) / zoom, (sy0 + area.top) / zoom
        right, bottom = (sx0 + area.right - 1) / zoom, (sy0 + area.bottom - 1) / zoom
        i0, j0 = max(0, math.floor(left / size)), max(0, math.floor(top / size))
        i1 = min(math.ceil(pw / size) - 1, math.floor(right / size))
        j1 = min(math.ceil(ph / size) - 1, math.floor(bottom / size))
        blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
        waiting = False
        for j in range(j0, j1 + 1):
            for i in range(i0, i1 + 1):
                chunk = self._chunks.get((i, j))
                if chunk is None:  # its picture is not composed yet (see _chunk): the background meanwhile
                    waiting = True
                    continue
                blits.append((chunk.surface, (round(i * size * zoom) - sx0, round(j * size * zoom) - sy0)))
        covered = pygame.Rect(round(i0 * size * zoom) - sx0, round(j0 * size * zoom) - sy0,
                              round((i1 + 1) * size * zoom) - round(i0 * size * zoom),
                              round((j1 + 1) * size * zoom) - round(j0 * size * zoom))
        target.set_clip(area)
        if not blits or waiting or not covered.contains(area):
            target.fill(BACKGROUND, area)
        target.fblits(blits)
        target.set_clip(None)

    def _prefetch(self, i0: int, j0: int, i1: int, j1: int, last_i: int, last_j: int, size: int,
                  zoom: float) -> None:
        """Draw the chunks of the ring just outside the view (first those the last pan heads for), with what
        is left of the frame's budget: a pan then finds them ready."""
        hx, hy = self._heading
        ring = [(i, j) for j in range(max(0, j0 - 1), min(last_j, j1 + 1) + 1)
                for i in range(max(0, i0 - 1), min(last_i, i1 + 1) + 1)
                if not (i0 <= i <= i1 and j0 <= j <= j1)]
        ring.sort(key=lambda ij: -((ij[0] - (i0 + i1) / 2) * hx + (ij[1] - (j0 + j1) / 2) * hy))
        for i, j in ring:
            chunk = self._chunks.get((i, j))
            if chunk is not None and chunk.version == self.version:
                continue
            if not self._within(PREFETCH_BUDGET_S):
                return
            if chunk is not None and self._patch(chunk, i, j, size, zoom) is not None:
                continue
            if not self._picture_ready(i, j, size, budget=PREFETCH_BUDGET_S):
                return
            self._chunks[(i, j)] = _Chunk(self._render_chunk(i, j, size, zoom), self.version)
        if self._within(PREFETCH_BUDGET_S):
            self._compose_ahead(i0, j0, i1, j1, size)

    def _compose_ahead(self, i0: int, j0: int, i1: int, j1: int, size: int) -> None:
        """A frame with nothing else to do composes one block of the picture not composed yet, the nearest
        to the view: left alone, the view composes the whole picture in the background, and a later jump
        of the camera finds it ready."""
        lazy = self._lazy
        if lazy is None:
            return
        if self.picture_composed:
            return
        b = PICTURE_BLOCK
        pw, ph = self.size
        columns, rows = -(-pw // b), -(-ph // b)
        ci = min(columns - 1, max(0, (i0 + i1 + 1) * size // (2 * b)))
        cj = min(rows - 1, max(0, (j0 + j1 + 1) * size // (2 * b)))
        for r in range(max(columns, rows)):
            for bj in range(max(0, cj - r), min(rows - 1, cj + r) + 1):
                for bi in range(max(0, ci - r), min(columns - 1, ci + r) + 1):
                    if max(abs(bi - ci), abs(bj - cj)) == r and (bi, bj) not in self._blocks:
                        self._make_block(bi, bj)
                        return

    def _chunk(self, i: int, j: int, size: int, zoom: float) -> str:
        """Bring a visible chunk of the current zoom up to date, as the frame's budget allows. A missing one
        is drawn now once its part of the map picture is composed ("drawn"; if that does not fit in the
        frame's budget, "missing": the chunk waits for a later frame, the background shows). A stale one is
        patched or redrawn aside ("ready": its new picture waits in ``pending`` for the other chunks in view,
        see ``draw_board``), or waits for a later frame ("waiting": its older picture stays up); else
        "current"."""
        key = (i, j)
        chunk = self._chunks.get(key)
        if chunk is None:
            if not self._picture_ready(i, j, size, budget=PICTURE_BUDGET_S,
                                       floor=PICTURE_BLOCKS_MIN if self._first_frame else 0 if self._hurried else 1):
                self.stats.chunks_stale += 1
                return "missing"
            self._chunks[key] = _Chunk(self._render_chunk(i, j, size, zoom), self.version)
            self.stats.chunks_drawn += 1
            return "drawn"
        self._chunks.move_to_end(key)
        if chunk.version == self.version:
            return "current"
        if chunk.pending is not None and chunk.pending_version == self.version:
            return "ready"
        # one a frame in any case (the view settles however long its frames), and a few cells' patches; a hex
        # map's chunks are never patched: a hurried frame redraws them whole within its budget
        within = (not self._stale_redrawn and not self._hurried
                  or self._within(CHUNK_BUDGET_S, hurried=self.board.kind is not GridKind.SQUARE))
        small = chunk.dirty is not None and self._cells_patched + len(chunk.dirty) <= PATCH_CELLS
        made = self._patch(chunk, i, j, size, zoom, aside=True) if within or small else None
        if made is not None:
            self.stats.chunks_patched += 1
        elif within:
            made = self._render_chunk(i, j, size, zoom)
            self.stats.chunks_drawn += 1
        else:
            return "waiting"
        self._stale_redrawn += 1
        chunk.pending, chunk.pending_version = made, self.version
        return "ready"

    def _within(self, budget: float, *, hurried: bool = False) -> bool:
        """The current frame has time left for one more piece of deferred work: it is not hurried (unless
        ``hurried``: that work is done by a hurried frame too), less than ``budget`` since ``draw_board``
        began, and before the frame's deadline (``frame_start`` + FRAME_BUDGET_S)."""
        if self._hurried and not hurried:
            return False
        now = time.perf_counter()
        return now - self._budget_start < budget and now < self._deadline

    def within_frame(self) -> bool:
        """Before the deadline of the frame the last ``draw_board`` drew (always, if its caller gave no
        ``frame_start``): the table asks before other work that can wait (names laid out ahead)."""
        return time.perf_counter() < self._deadline

    @property
    def picture_composed(self) -> bool:
        """The whole map picture is composed (drawn up front, or block by block since)."""
        if self._lazy is None:
            return True
        pw, ph = self.size
        return len(self._blocks) >= -(-pw // PICTURE_BLOCK) * -(-ph // PICTURE_BLOCK)

    @property
    def settled(self) -> bool:
        """No visible chunk is waiting to be redrawn (or for its part of the map picture), and no overlay
        to be computed."""
        return self.stats.chunks_stale == 0 and not self.layers_pending


ALIGN_PX = 16
"""A column strip a pan paints is widened to start and end on a multiple of this many pixels of its surface's rows
(64 bytes: a cache line). Filling or blitting a tall strip whose rows start or end within a line cost up to 0.8 ms
for 24 x 1080 pixels here (SDL's SIMD stores), against 0.005 ms aligned: a pan of 20 to 40 pixels a picture (the
players' display following every third frame) hit it on every picture."""


def _aligned(strip: pygame.Rect, target: pygame.Surface) -> pygame.Rect:
    """``strip`` widened to ALIGN_PX boundaries of the rows of ``target``'s pixels (a subsurface's offset
    counted), within ``target``."""
    ox = target.get_abs_offset()[0]
    left = (strip.left + ox) // ALIGN_PX * ALIGN_PX - ox
    right = -(-(strip.right + ox) // ALIGN_PX) * ALIGN_PX - ox
    return pygame.Rect(left, strip.top, right - left, strip.height).clip(target.get_rect())


def _merge(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Rectangles whose union covers no more than they do apart joined into it (a rectangle painted
    twice is only painted twice: each paint starts again from the chunks)."""
    out: list[pygame.Rect] = []
    for rect in rects:
        rect = rect.copy()
        merged = True
        while merged:
            merged = False
            for other in out:
                union = rect.union(other)
                if union.width * union.height <= rect.width * rect.height + other.width * other.height:
                    out.remove(other)
                    rect = union
                    merged = True
                    break
        out.append(rect)
    return out


def _disjoint(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """The same area in rectangles that do not overlap: what is drawn over the map is then drawn once
    on each pixel painted again (a label's translucent plate drawn twice would come out darker)."""
    out: list[pygame.Rect] = []
    for rect in rects:
        pieces = [rect]
        for other in out:
            pieces = [piece for p in pieces for piece in _minus(p, other)]
        out += pieces
    return out


def _minus(rect: pygame.Rect, other: pygame.Rect) -> list[pygame.Rect]:
    """``rect`` less ``other``: up to four rectangles."""
    if not rect.colliderect(other):
        return [rect]
    out = []
    if other.top > rect.top:
        out.append(pygame.Rect(rect.left, rect.top, rect.width, other.top - rect.top))
    if other.bottom < rect.bottom:
        out.append(pygame.Rect(rect.left, other.bottom, rect.width, rect.bottom - other.bottom))
    top, bottom = max(rect.top, other.top), min(rect.bottom, other.bottom)
    if other.left > rect.left:
        out.append(pygame.Rect(rect.left, top, other.left - rect.left, bottom - top))
    if other.right < rect.right:
        out.append(pygame.Rect(other.right, top, rect.right - other.right, bottom - top))
    return out


def _same_layer(a: Layer | None, b: Layer | None) -> bool:
    if a is b:
        return True
    if a is None or b is None:
        return False
    return a.style == b.style and a.cells == b.cells


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
            # Half a pixel up, never to the even (as round() does): a token lands on the same pixel of the
            # map wherever the camera is, so a scrolled frame and a fresh one agree.
            left, top = math.floor(x - img.get_width() / 2 + 0.5), math.floor(y - r - 4 + 0.5)
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
