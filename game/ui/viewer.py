"""The table window, for now a map viewer: the Tiled picture, terrain, grid and creatures.

Pan with the right or middle mouse button (or the arrow keys / WASD), zoom with
the wheel (about the cursor) or +/-, fit with 0 or Home, toggle the grid (G),
terrain (T) and creatures (C). Hovering a cell shows its coordinates, its
terrain and who stands there. Q or Escape quits.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.board import Board, Placement
from game.errors import GameError
from game.grid import Cell, GridKind, Hex
from game.tiled.model import TiledMap
from game.ui import map_view

PANEL_WIDTH = 320


class NoWindowError(GameError):
    """The window cannot open (no display)."""

BACKGROUND = (24, 26, 31)
PANEL_BG = (34, 37, 44)
TEXT = (225, 228, 235)
MUTED = (150, 156, 170)
ACCENT = (250, 210, 90)
ZOOMS = (0.25, 0.33, 0.5, 0.67, 0.75, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 4.0)


@dataclass
class Camera:
    """Which map pixel sits at the view's top-left, and how many screen pixels a map pixel takes."""

    x: float = 0.0
    y: float = 0.0
    zoom: float = 1.0

    def to_screen(self, mx: float, my: float) -> tuple[float, float]:
        return (mx - self.x) * self.zoom, (my - self.y) * self.zoom

    def to_map(self, sx: float, sy: float) -> tuple[float, float]:
        return sx / self.zoom + self.x, sy / self.zoom + self.y

    def zoom_about(self, new_zoom: float, sx: float, sy: float) -> None:
        mx, my = self.to_map(sx, sy)
        self.zoom = new_zoom
        self.x, self.y = mx - sx / new_zoom, my - sy / new_zoom


class Viewer:
    def __init__(self, tmap: TiledMap, board: Board, size: tuple[int, int]) -> None:
        self.tmap = tmap
        self.board = board
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption(f"Tactical table - {board.name}")
        self.picture = map_view.compose(tmap, board, show_objects=False)
        self.origin = map_view.pixel_origin(tmap, board)
        self.camera = Camera()
        self.show_grid = True
        self.show_terrain = True
        self.show_creatures = True
        self.hover: Cell | None = None
        self.dragging = False
        self.font = pygame.font.Font(None, 22)
        self.small = pygame.font.Font(None, 18)
        self.title_font = pygame.font.Font(None, 30)
        self.by_cell: dict[Cell, Placement] = {p.cell: p for p in board.placements}
        self.fit()

    # -- camera ------------------------------------------------------------------------

    def view_size(self) -> tuple[int, int]:
        w, h = self.screen.get_size()
        return max(1, w - PANEL_WIDTH), h

    def fit(self) -> None:
        vw, vh = self.view_size()
        pw, ph = self.picture.get_size()
        fitting = [z for z in ZOOMS if pw * z <= vw - 16 and ph * z <= vh - 16]
        self.camera.zoom = max(fitting) if fitting else ZOOMS[0]
        self.camera.x = -(vw / self.camera.zoom - pw) / 2
        self.camera.y = -(vh / self.camera.zoom - ph) / 2

    def step_zoom(self, direction: int, sx: float, sy: float) -> None:
        nearest = min(range(len(ZOOMS)), key=lambda i: abs(ZOOMS[i] - self.camera.zoom))
        index = max(0, min(len(ZOOMS) - 1, nearest + direction))
        self.camera.zoom_about(ZOOMS[index], sx, sy)

    def cell_at(self, sx: float, sy: float) -> Cell | None:
        if sx >= self.view_size()[0]:
            return None
        mx, my = self.camera.to_map(sx, sy)
        cell = self.board.grid.pixel_to_cell(mx + self.origin[0], my + self.origin[1])
        return cell if cell in self.board else None

    # -- events ------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        """Apply one event; False when the window should close."""
        if event.type == pygame.QUIT:
            return False
        if event.type == pygame.KEYDOWN:
            return self.key(event.key)
        if event.type == pygame.MOUSEWHEEL:
            sx, sy = pygame.mouse.get_pos()
            self.step_zoom(1 if event.y > 0 else -1, sx, sy)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (2, 3):
            self.dragging = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (2, 3):
            self.dragging = False
        elif event.type == pygame.MOUSEMOTION:
            if self.dragging:
                dx, dy = event.rel
                self.camera.x -= dx / self.camera.zoom
                self.camera.y -= dy / self.camera.zoom
            self.hover = self.cell_at(*event.pos)
        return True

    def key(self, key: int) -> bool:
        pan = 64 / self.camera.zoom
        vw, vh = self.view_size()
        if key in (pygame.K_ESCAPE, pygame.K_q):
            return False
        if key == pygame.K_g:
            self.show_grid = not self.show_grid
        elif key == pygame.K_t:
            self.show_terrain = not self.show_terrain
        elif key == pygame.K_c:
            self.show_creatures = not self.show_creatures
        elif key in (pygame.K_0, pygame.K_HOME, pygame.K_KP0):
            self.fit()
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.step_zoom(1, vw / 2, vh / 2)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.step_zoom(-1, vw / 2, vh / 2)
        elif key in (pygame.K_LEFT, pygame.K_a):
            self.camera.x -= pan
        elif key in (pygame.K_RIGHT, pygame.K_d):
            self.camera.x += pan
        elif key in (pygame.K_UP, pygame.K_w):
            self.camera.y -= pan
        elif key in (pygame.K_DOWN, pygame.K_s):
            self.camera.y += pan
        return True

    # -- drawing -----------------------------------------------------------------------

    def visible_cells(self) -> list[Cell]:
        vw, vh = self.view_size()
        grid = self.board.grid
        ox, oy = self.origin
        corners = [self.camera.to_map(x, y) for x, y in ((0, 0), (vw, 0), (0, vh), (vw, vh))]
        offsets = [grid.cell_to_offset(grid.pixel_to_cell(x + ox, y + oy)) for x, y in corners]
        c0, c1 = min(o[0] for o in offsets) - 1, max(o[0] for o in offsets) + 1
        r0, r1 = min(o[1] for o in offsets) - 1, max(o[1] for o in offsets) + 1
        cells = []
        for row in range(r0, r1 + 1):
            for col in range(c0, c1 + 1):
                cell = grid.offset_to_cell(col, row)
                if cell in self.board:
                    cells.append(cell)
        return cells

    def draw_map(self) -> None:
        vw, vh = self.view_size()
        view = self.screen.subsurface((0, 0, vw, vh))
        view.fill(BACKGROUND)
        cam = self.camera
        pw, ph = self.picture.get_size()
        left, top = max(0, int(cam.x)), max(0, int(cam.y))
        right = min(pw, int(cam.x + vw / cam.zoom) + 2)
        bottom = min(ph, int(cam.y + vh / cam.zoom) + 2)
        if right > left and bottom > top:
            part = self.picture.subsurface((left, top, right - left, bottom - top))
            size = (round((right - left) * cam.zoom), round((bottom - top) * cam.zoom))
            scaled = pygame.transform.scale(part, size)
            sx, sy = cam.to_screen(left, top)
            view.blit(scaled, (round(sx), round(sy)))
        cells = self.visible_cells()
        overlay = pygame.Surface((vw, vh), pygame.SRCALPHA)
        ox, oy = self.origin

        def to_screen(x: float, y: float) -> tuple[float, float]:
            return cam.to_screen(x - ox, y - oy)

        for cell in cells:
            pts = [to_screen(x, y) for x, y in self.board.grid.corners(cell)]
            if self.show_terrain:
                tint = map_view.terrain_tint(self.board.terrain(cell))
                if tint:
                    pygame.draw.polygon(overlay, tint, pts)
            if self.show_grid:
                pygame.draw.polygon(overlay, map_view.GRID_COLOUR, pts, 1)
        if self.hover is not None:
            pts = [to_screen(x, y) for x, y in self.board.grid.corners(self.hover)]
            pygame.draw.polygon(overlay, (*ACCENT, 255), pts, 2)
        view.blit(overlay, (0, 0))
        if self.show_creatures:
            shown = [p for p in self.board.placements if p.cell in set(cells)]
            map_view.draw_creatures(view, self.board, shown, scale=cam.zoom,
                                    origin=(cam.x + ox, cam.y + oy))

    def text(self, surface: pygame.Surface, text: str, pos: tuple[int, int], font: pygame.font.Font,
             colour: tuple[int, int, int] = TEXT, width: int = PANEL_WIDTH - 32) -> int:
        """Draw word-wrapped text; returns the y below it."""
        x, y = pos
        for paragraph in text.splitlines() or [""]:
            line = ""
            for word in paragraph.split(" "):
                trial = f"{line} {word}".strip()
                if font.size(trial)[0] > width and line:
                    surface.blit(font.render(line, True, colour), (x, y))
                    y += font.get_linesize()
                    line = word
                else:
                    line = trial
            surface.blit(font.render(line, True, colour), (x, y))
            y += font.get_linesize()
        return y

    def draw_panel(self) -> None:
        vw, vh = self.view_size()
        panel = self.screen.subsurface((vw, 0, self.screen.get_width() - vw, vh))
        panel.fill(PANEL_BG)
        pygame.draw.line(panel, (60, 64, 74), (0, 0), (0, vh))
        y = self.text(panel, self.board.name, (16, 14), self.title_font, ACCENT)
        tm = self.tmap
        grid = "square" if self.board.kind is GridKind.SQUARE else (
            f"hex, {'pointy' if tm.stagger_axis.value == 'y' else 'flat'}-top")
        y = self.text(panel, f"{grid} grid, {self.board.width} x {self.board.height} cells", (16, y + 2), self.small, MUTED)
        description = self.board.properties.get("description")
        if isinstance(description, str) and description:
            y = self.text(panel, description, (16, y + 8), self.small, TEXT)
        y += 14
        y = self.text(panel, "Cell", (16, y), self.font, ACCENT)
        if self.hover is None:
            y = self.text(panel, "Point at the map.", (16, y), self.small, MUTED)
        else:
            col, row = self.board.grid.cell_to_offset(self.hover)
            where = f"column {col}, row {row}"
            if isinstance(self.hover, Hex):
                where += f"  (axial q {self.hover.q}, r {self.hover.r})"
            y = self.text(panel, where, (16, y), self.small)
            y = self.text(panel, describe_terrain(self.board, self.hover), (16, y), self.small)
            who = self.by_cell.get(self.hover)
            if who is not None:
                template = f", template {who.template}" if who.template else ""
                y = self.text(panel, f"{who.name} ({who.side}{template})", (16, y), self.small, map_view.side_colour(who.side))
        y += 14
        y = self.text(panel, "Creatures", (16, y), self.font, ACCENT)
        sides: dict[str, list[str]] = {}
        for p in self.board.placements:
            sides.setdefault(p.side, []).append(p.name)
        for side, names in sorted(sides.items()):
            y = self.text(panel, f"{side}: {', '.join(names)}", (16, y), self.small, map_view.side_colour(side))
        y += 14
        y = self.text(panel, "Legend", (16, y), self.font, ACCENT)
        for label, tint in (("wall", map_view.WALL_TINT), ("difficult", map_view.DIFFICULT_TINT),
                            ("dangerous", map_view.DANGEROUS_TINT)):
            swatch = pygame.Surface((14, 14), pygame.SRCALPHA)
            swatch.fill((*tint[:3], 230))
            pygame.draw.rect(swatch, MUTED, swatch.get_rect(), 1)
            panel.blit(swatch, (16, y + 2))
            y = self.text(panel, label, (38, y), self.small)
        keys = ("Wheel / + -: zoom   0: fit\nRight-drag / arrows: pan\n"
                f"G grid {'on' if self.show_grid else 'off'} · T terrain {'on' if self.show_terrain else 'off'}"
                f" · C creatures {'on' if self.show_creatures else 'off'}\nQ / Esc: quit")
        self.text(panel, keys, (16, vh - 4 * self.small.get_linesize() - 12), self.small, MUTED)

    def draw(self) -> None:
        self.screen.fill(BACKGROUND)
        self.draw_map()
        self.draw_panel()


def describe_terrain(board: Board, cell: Cell) -> str:
    t = board.terrain(cell)
    parts = []
    if t.wall:
        parts.append("wall")
    if t.difficult:
        parts.append("difficult terrain")
    if t.damage is not None:
        parts.append(f"dangerous ({t.damage})")
    return ", ".join(parts) if parts else "open ground"


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise GameError(f"--size must look like 1280x800, not {text!r}") from None
    return max(480, w), max(320, h)


def run_viewer(tmap: TiledMap, board: Board, *, screenshot: str | None = None, size: str = "1280x800") -> int:
    """Open the window; with ``screenshot``, save a PNG after the first frames and return."""
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    try:
        pygame.display.init()
        pygame.font.init()
        viewer = Viewer(tmap, board, parse_size(size))
    except pygame.error as exc:
        pygame.quit()
        raise NoWindowError(f"cannot open a window ({exc}); on a machine without a screen, "
                            "use  python -m game render MAP --out FILE.png") from None
    try:
        clock = pygame.time.Clock()
        frames = 0
        running = True
        while running:
            for event in pygame.event.get():
                if event.type == pygame.VIDEORESIZE:
                    continue
                running = viewer.handle(event) and running
            viewer.draw()
            pygame.display.flip()
            frames += 1
            if screenshot and frames >= 3:
                target = Path(screenshot)
                tmp = target.with_name(f".{target.name}.tmp.png")
                pygame.image.save(viewer.screen, str(tmp))
                tmp.replace(target)
                print(f"wrote {target}")
                break
            clock.tick(60)
    finally:
        pygame.quit()
    return 0
