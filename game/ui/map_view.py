"""Drawing a Board over its Tiled picture: grid outline, terrain tints, creature tokens.

Pure functions of (map, board) -> pygame surfaces; the window and the ``render``
command both use them, so what ``render`` writes is what the window shows.
Everything is drawn in map pixels (Tiled's layout, from the grid) times a scale.
"""

from __future__ import annotations

import hashlib
import io
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

import pygame

from game.board import Board, Placement, Terrain
from game.errors import MapError
from game.grid import Cell
from game.tiled.model import ObjectLayer, TiledMap

if TYPE_CHECKING:
    from game.ui.tiled_render import MapPicture

GRID_COLOUR = (255, 255, 255, 70)
WALL_TINT = (40, 40, 48, 150)
DIFFICULT_TINT = (230, 190, 40, 95)
DANGEROUS_TINT = (235, 60, 30, 120)
TIGHT_TINT = (60, 200, 210, 95)
"""A tight space (seed 002's squeeze [72])."""
SIDE_COLOURS = {
    "heroes": (52, 120, 230),
    "players": (52, 120, 230),
    "party": (52, 120, 230),
    "monsters": (210, 50, 50),
    "enemies": (210, 50, 50),
}
_PALETTE = [(60, 170, 90), (170, 80, 200), (230, 140, 30), (40, 170, 170), (200, 180, 60)]


def side_colour(side: str) -> tuple[int, int, int]:
    """A stable colour per side: the usual names get the usual colours, others a fixed palette entry."""
    known = SIDE_COLOURS.get(side.lower())
    if known:
        return known
    digest = hashlib.sha1(side.lower().encode()).digest()
    return _PALETTE[digest[0] % len(_PALETTE)]


def object_layer_names(tmap: TiledMap) -> tuple[str, ...]:
    return tuple(layer.base.name for layer in tmap.iter_layers() if isinstance(layer, ObjectLayer))


def pixel_origin(tmap: TiledMap, board: Board) -> tuple[float, float]:
    """The map pixel shown at the picture's top-left (non-zero only for infinite maps)."""
    if tmap.origin == (0, 0):
        return 0.0, 0.0
    x, y = board.grid.cell_origin_pixel(board.grid.offset_to_cell(*tmap.origin))
    return float(x), float(y)


def _poly(board: Board, cell: Cell, scale: float, origin: tuple[float, float]) -> list[tuple[float, float]]:
    ox, oy = origin
    return [((x - ox) * scale, (y - oy) * scale) for x, y in board.grid.corners(cell)]


def terrain_tint(terrain: Terrain) -> tuple[int, int, int, int] | None:
    if terrain.wall:
        return WALL_TINT
    if terrain.damage is not None:
        return DANGEROUS_TINT
    if terrain.difficult:
        return DIFFICULT_TINT
    if terrain.tight:
        return TIGHT_TINT
    return None


def draw_overlays(target: pygame.Surface, board: Board, *, scale: float = 1.0,
                  origin: tuple[float, float] = (0.0, 0.0), grid: bool = True, terrain: bool = True) -> None:
    """Tint special cells and outline every cell on ``target`` (which should have per-pixel alpha blending)."""
    layer = pygame.Surface(target.get_size(), pygame.SRCALPHA)
    if terrain:
        for cell, t in board.special_cells().items():
            tint = terrain_tint(t)
            if tint is None:
                continue
            pts = _poly(board, cell, scale, origin)
            pygame.draw.polygon(layer, tint, pts)
            if t.difficult and (t.wall or t.damage is not None):
                pygame.draw.polygon(layer, DIFFICULT_TINT, pts, max(1, int(2 * scale)))
    if grid:
        for cell in board:
            pygame.draw.polygon(layer, GRID_COLOUR, _poly(board, cell, scale, origin), 1)
    target.blit(layer, (0, 0))


def initials(name: str) -> str:
    """Token label: "Goblin 3" -> "G3", "Ash the Bold" -> "AB"."""
    words = name.split()
    if not words:
        return "?"
    if len(words) > 1 and words[-1].isdigit():
        return words[0][0].upper() + words[-1]
    return "".join(w[0].upper() for w in words[:2])


def draw_creatures(target: pygame.Surface, board: Board, placements: Iterable[Placement], *, scale: float = 1.0,
                   origin: tuple[float, float] = (0.0, 0.0), font: pygame.font.Font | None = None) -> None:
    """A round token per creature: side colour, initials, a dark rim."""
    ox, oy = origin
    for p in placements:
        cx, cy = board.grid.cell_centre_pixel(p.cell)
        xs = [x for x, _ in board.grid.corners(p.cell)]
        ys = [y for _, y in board.grid.corners(p.cell)]
        radius = max(3, int(min(max(xs) - min(xs), max(ys) - min(ys)) / 2 * 0.8 * scale))
        centre = (round((cx - ox) * scale), round((cy - oy) * scale))
        colour = side_colour(p.side)
        pygame.draw.circle(target, (15, 15, 20), centre, radius + max(1, radius // 8))
        pygame.draw.circle(target, colour, centre, radius)
        pygame.draw.circle(target, tuple(min(255, c + 70) for c in colour), centre, radius, max(1, radius // 6))
        label_font = font or pygame.font.Font(None, max(10, int(radius * 1.2)))
        label = label_font.render(initials(p.name), True, (255, 255, 255))
        target.blit(label, label.get_rect(center=centre))


def compose(tmap: TiledMap, board: Board | None, *, scale: float = 1.0, hidden_layers: tuple[str, ...] = (),
            show_objects: bool = True, grid: bool = False, terrain: bool = False, creatures: bool = False) -> pygame.Surface:
    """The Tiled picture of the map at ``scale`` with the chosen overlays on top."""
    from game.ui.tiled_render import render_map

    hidden = set(hidden_layers)
    if not show_objects:
        hidden.update(object_layer_names(tmap))
    picture = render_map(tmap, hidden_layers=tuple(sorted(hidden)), scale=scale)
    if board is None or not (grid or terrain or creatures):
        return picture
    if not pygame.font.get_init():
        pygame.font.init()
    picture = picture.copy()
    origin = pixel_origin(tmap, board)
    draw_overlays(picture, board, scale=scale, origin=origin, grid=grid, terrain=terrain)
    if creatures:
        draw_creatures(picture, board, board.placements, scale=scale, origin=origin)
    return picture


def picture_on_demand(tmap: TiledMap) -> MapPicture:
    """The picture ``compose(tmap, board, show_objects=False)`` draws (the Tiled picture without the object
    layers, no overlay), composed region by region when asked: the board view of a big map opens at once."""
    from game.ui.tiled_render import MapPicture

    return MapPicture(tmap, hidden_layers=tuple(sorted(object_layer_names(tmap))))


def png_bytes(surface: pygame.Surface) -> bytes:
    """The surface as a PNG file's bytes."""
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "picture.png")
    return buffer.getvalue()


def render_to_file(tmap: TiledMap, board: Board | None, out: Path, *, scale: float = 1.0,
                   hidden_layers: tuple[str, ...] = (), show_objects: bool = True, grid: bool = False,
                   terrain: bool = False, creatures: bool = False) -> None:
    """Compose and save as PNG with :func:`game.files.write_user_file` (only over a regular file or a new
    name; through a temporary file, so no half-written image is left)."""
    picture = compose(tmap, board, scale=scale, hidden_layers=hidden_layers, show_objects=show_objects,
                      grid=grid, terrain=terrain, creatures=creatures)
    out = Path(out)
    if out.suffix.lower() != ".png":
        raise MapError(out, "the output must be a .png file")
    from game.files import write_user_file

    try:
        data = png_bytes(picture)
    except pygame.error as exc:
        raise MapError(out, f"cannot write the picture: {exc}") from None
    write_user_file(out, data)
