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

from game.tiled import load_board, load_map  # noqa: E402
from game.ui import board_view, map_view  # noqa: E402
from game.ui.board_view import PICTURE_BLOCK, BoardView  # noqa: E402
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


def _board_view_pair(name: str, display: bool) -> tuple[BoardView, BoardView]:
    pygame.display.init()
    if display:
        pygame.display.set_mode((640, 480))
    tmap, board = load_board(REPO / "maps" / name)
    whole = map_view.compose(tmap, board, show_objects=False)
    return BoardView(tmap, board), BoardView(tmap, board, picture=whole)


@pytest.mark.parametrize("display", [True, False], ids=["display", "no display"])
@pytest.mark.parametrize("name", ["square_crypt.tmx", "hex_marsh.tmx"])
def test_the_board_view_composes_its_picture_on_demand_with_the_same_pixels(name: str, display: bool) -> None:
    lazy, eager = _board_view_pair(name, display)
    try:
        assert lazy.size == eager.size
        assert not lazy._blocks, "nothing is composed before the view needs it"
        for zoom in (1.0, 0.67, 1.25):
            lazy.camera.zoom = eager.camera.zoom = zoom
            target = pygame.Surface((300, 200))
            lazy.draw_board(target)
            eager.draw_board(target)
            size = lazy._chunk_size()
            for (i, j), chunk in lazy._chunks.items():
                want = eager._render_chunk(i, j, size, zoom)
                assert pygame.image.tobytes(chunk.surface, "RGBA") == pygame.image.tobytes(want, "RGBA"), (zoom, i, j)
        w, h = lazy.size
        assert len(lazy._blocks) < -(-w // PICTURE_BLOCK) * -(-h // PICTURE_BLOCK), "only what was in view"
        lazy._picture_ready(0, 0, max(w, h), budget=None)
        whole = lazy._picture_part(0, 0, w, h)
        assert whole.get_masks() == eager._format.get_masks() and whole.get_bitsize() == eager._format.get_bitsize()
        assert whole.get_flags() & pygame.SRCALPHA == eager._format.get_flags() & pygame.SRCALPHA
        assert pygame.image.tobytes(whole, "RGBA") == pygame.image.tobytes(eager._picture_part(0, 0, w, h), "RGBA")
    finally:
        pygame.display.quit()


def test_a_view_larger_than_a_frame_budget_fills_in_over_frames_and_then_settles(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The chunks whose picture is not composed yet show the background and count as stale; later frames
    compose them, and a frame kept and filled in that way equals one drawn from the whole picture."""
    lazy, eager = _board_view_pair("square_crypt.tmx", True)
    try:
        lazy.camera.zoom = eager.camera.zoom = 0.25
        target = pygame.Surface((300, 200))
        monkeypatch.setattr(board_view, "PICTURE_BLOCKS_MIN", 1)
        monkeypatch.setattr(board_view, "PICTURE_BUDGET_S", 0.0)
        lazy.draw_board(target)
        assert not lazy.settled and len(lazy._blocks) == 1
        for _ in range(40):
            if lazy.settled:
                break
            lazy.draw_board(target, keep=True)
        assert lazy.settled
        fresh = pygame.Surface((300, 200))
        eager.draw_board(fresh)
        assert pygame.image.tobytes(target, "RGB") == pygame.image.tobytes(fresh, "RGB")
    finally:
        pygame.display.quit()


def test_random_regions_equal_the_whole_picture() -> None:
    """Regions of any size and place (seeded), on the maps whose draws overlap their neighbours most."""
    rng = np.random.default_rng(19)
    for name in ("ortho_big_tiles", "ortho_layers", "ortho_infinite", "hex_y_odd", "groups_images"):
        tmap = load_map(DATA / f"{name}.tmx")
        whole = whole_pixels(render_map(tmap))
        lazy = MapPicture(tmap)
        h, w = whole.shape[:2]
        for _ in range(25):
            left, top = int(rng.integers(0, w)), int(rng.integers(0, h))
            cw, ch = int(rng.integers(1, w - left + 1)), int(rng.integers(1, h - top + 1))
            assert np.array_equal(lazy.pixels(left, top, cw, ch), whole[top:top + ch, left:left + cw]), \
                (name, left, top, cw, ch)


def test_a_translucent_picture_over_the_whole_map_does_not_make_every_chunk_need_the_whole_map(
        tmp_path: Path) -> None:
    """A fog image layer over everything, drawn last at half opacity: a chunk still needs only the draws
    under it and a few pixels around (Qt reads pixels by groups of 8 along a row), and is exact."""
    import dataclasses

    from game.tiled.model import Image, ImageLayer, LayerBase

    tmap = load_map(REPO / "maps" / "square_crypt.tmx")
    plain = MapPicture(tmap)
    w, h = plain.size
    fog = pygame.Surface((w - 5, h - 3), pygame.SRCALPHA)
    fog.fill((40, 60, 200, 150))
    pygame.draw.circle(fog, (255, 255, 255, 30), (w // 2, h // 2), min(w, h) // 3)
    pygame.image.save(fog, str(tmp_path / "fog.png"))
    layer = ImageLayer(LayerBase(id=999, name="fog", opacity=0.5, offset=(3.0, 1.0)),
                       Image(tmp_path / "fog.png", w - 5, h - 3))
    foggy = dataclasses.replace(tmap, layers=tuple(tmap.layers) + (layer,))
    lazy = MapPicture(foggy)
    tw, th = tmap.tile_width, tmap.tile_height
    needed = lazy.needed(5 * tw, 4 * th, 2 * tw, 2 * th)
    assert lazy.count - 1 in needed, "the fog is drawn there"
    assert len(needed) <= 3 * len(plain.needed(4 * tw, 4 * th, 4 * tw, 2 * th)) + 1
    whole = whole_pixels(render_map(foggy))
    for left, top in ((0, 0), (5 * tw + 3, 4 * th), (w - 70, h - 50)):
        assert np.array_equal(lazy.pixels(left, top, 64, 48), whole[top:top + 48, left:left + 64])


def test_a_still_view_composes_the_rest_of_the_picture_in_the_background(monkeypatch: pytest.MonkeyPatch) -> None:
    """What is off screen is composed by frames with nothing else to do, the blocks nearest the view first;
    a jump of the camera then finds its part of the picture composed (and the same pixels)."""
    lazy, eager = _board_view_pair("square_crypt.tmx", True)
    try:
        monkeypatch.setattr(board_view, "PREFETCH_BUDGET_S", 10.0)  # the machine's load must not decide
        lazy.camera.zoom = eager.camera.zoom = 2.0
        target = pygame.Surface((200, 150))
        lazy.draw_board(target)
        assert (0, 0) in lazy._blocks
        w, h = lazy.size
        columns, rows = -(-w // PICTURE_BLOCK), -(-h // PICTURE_BLOCK)
        assert len(lazy._blocks) < columns * rows
        seen = [len(lazy._blocks)]
        for _ in range(columns * rows + 5):
            lazy.draw_board(target, keep=True)
            seen.append(len(lazy._blocks))
        assert seen[-1] == columns * rows, "all of them in the end"
        assert all(b - a <= 1 for a, b in zip(seen, seen[1:])), "one block a frame"
        assert list(lazy._blocks)[-1] == (columns - 1, rows - 1), "the farthest last"
        lazy.camera.x = eager.camera.x = w - 100
        lazy.camera.y = eager.camera.y = h - 75
        made = len(lazy._blocks)
        lazy.draw_board(target)
        assert lazy.settled and len(lazy._blocks) == made
        fresh = pygame.Surface((200, 150))
        eager.draw_board(fresh)
        assert pygame.image.tobytes(target, "RGB") == pygame.image.tobytes(fresh, "RGB")
    finally:
        pygame.display.quit()
