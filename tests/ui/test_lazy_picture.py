"""The map picture drawn region by region on demand is, pixel for pixel, the picture drawn whole.

``MapPicture`` composes only the draws a region needs; every fixture map (tall and wide tiles,
offsets, opacity, flips, groups, image layers, tile objects, hexagonal staggers, an infinite map)
and the sample maps are cut into chunks of several sizes, each composed alone and compared with
the same rectangle of ``render_map``'s whole picture.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402

from game.tiled import load_map  # noqa: E402
from game.ui.tiled_render import MapPicture, render_map  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "tests" / "data" / "render"
MAPS = sorted(DATA.glob("*.tmx")) + sorted((REPO / "maps").glob("*.tmx"))


def whole_pixels(surface: pygame.Surface) -> np.ndarray:
    w, h = surface.get_size()
    return np.frombuffer(pygame.image.tobytes(surface, "RGBA"), np.uint8).reshape(h, w, 4)


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
@pytest.mark.parametrize("pieces", [2, 5])
def test_each_chunk_drawn_alone_equals_the_whole_picture(path: Path, pieces: int) -> None:
    tmap = load_map(path)
    whole = whole_pixels(render_map(tmap))
    lazy = MapPicture(tmap)
    h, w = whole.shape[:2]
    assert lazy.size == (w, h)
    chunk = max(w, h) // pieces + 3  # not a multiple of the tile size: chunks cut tiles
    for top in range(0, h, chunk):
        for left in range(0, w, chunk):
            cw, ch = min(chunk, w - left), min(chunk, h - top)
            got = lazy.pixels(left, top, cw, ch)
            want = whole[top:top + ch, left:left + cw]
            differ = int(np.any(got != want, axis=-1).sum())
            assert differ == 0, f"{differ} pixels of the chunk at ({left}, {top}) differ from the whole picture"


def test_a_chunk_needs_only_the_draws_near_it() -> None:
    """Laziness is real: on a map whose tiles fit their cells, one cell's chunk composes that cell's draws."""
    tmap = load_map(REPO / "maps" / "square_crypt.tmx")
    lazy = MapPicture(tmap)
    tw, th = tmap.tile_width, tmap.tile_height
    needed = lazy.needed(3 * tw, 2 * th, tw, th)
    tile_layers = [layer for layer in tmap.iter_layers() if hasattr(layer, "data")]
    assert 0 < len(needed) <= len(tile_layers)
    assert lazy.count > 20 * len(needed)


def test_a_region_outside_the_picture_is_transparent() -> None:
    tmap = load_map(REPO / "maps" / "square_crypt.tmx")
    lazy = MapPicture(tmap)
    w, h = lazy.size
    assert not lazy.pixels(w + 5, h + 5, 16, 16).any()
