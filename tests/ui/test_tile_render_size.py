"""Tiled 1.9's tile render size and fill mode (``tilerendersize``, ``fillmode`` on a tileset) are applied as
Tiled's CellRenderer applies them (src/libtiled/maprenderer.cpp): "grid" scales each tile of a tile layer to the
map's cell; "stretch" fills the cell, "preserve-aspect-fit" scales by the smaller factor and centres the tile.
(tmxrasterizer 1.8, the reference of the other render tests, predates both, so the geometry is asserted.)"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402

from game.tiled import load_map  # noqa: E402
from game.ui.tiled_render import render_map  # noqa: E402

RED, BLUE = (200, 0, 0, 255), (0, 0, 200, 255)


def two_colour_tile_map(tmp_path: Path, attributes: str) -> Path:
    """A 2x1 map of 16x16 cells whose first cell shows a 32x16 opaque tile, red on its left half, blue on its right."""
    image = np.zeros((16, 32, 4), np.uint8)
    image[:, :16] = RED
    image[:, 16:] = BLUE
    surface = pygame.image.frombuffer(image.tobytes(), (32, 16), "RGBA")
    pygame.image.save(surface, str(tmp_path / "wide.png"))
    (tmp_path / "m.tmx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" '
        'renderorder="right-down" width="2" height="1" tilewidth="16" tileheight="16" infinite="0">\n'
        f' <tileset firstgid="1" name="wide" tilewidth="32" tileheight="16" tilecount="1" columns="1"{attributes}>\n'
        '  <image source="wide.png" width="32" height="16"/>\n </tileset>\n'
        ' <layer id="1" name="ground" width="2" height="1"><data encoding="csv">1,0</data></layer>\n</map>\n')
    return tmp_path / "m.tmx"


def drawn(path: Path) -> np.ndarray:
    surface = render_map(load_map(path))
    return np.transpose(pygame.surfarray.pixels3d(surface), (1, 0, 2)).copy(), \
        np.transpose(pygame.surfarray.pixels_alpha(surface), (1, 0)).copy()


def test_tile_render_size_tile_draws_a_tile_at_its_own_size_over_the_next_cell(tmp_path: Path) -> None:
    rgb, alpha = drawn(two_colour_tile_map(tmp_path, ""))
    assert (alpha == 255).all()
    assert (rgb[:, :16] == RED[:3]).all() and (rgb[:, 16:32] == BLUE[:3]).all()


def test_tile_render_size_grid_stretches_a_tile_into_its_cell(tmp_path: Path) -> None:
    rgb, alpha = drawn(two_colour_tile_map(tmp_path, ' tilerendersize="grid"'))
    assert (alpha[:, :16] == 255).all() and (alpha[:, 16:] == 0).all()
    assert (rgb[:, :8] == RED[:3]).all() and (rgb[:, 8:16] == BLUE[:3]).all()


def test_fill_mode_preserve_aspect_fit_keeps_the_tiles_shape_centred_in_its_cell(tmp_path: Path) -> None:
    rgb, alpha = drawn(two_colour_tile_map(tmp_path, ' tilerendersize="grid" fillmode="preserve-aspect-fit"'))
    assert (alpha[4:12, :16] == 255).all()  # 32x16 scaled by 1/2: 16x8, centred on the 16x16 cell
    assert (alpha[:4] == 0).all() and (alpha[12:] == 0).all() and (alpha[:, 16:] == 0).all()
    assert (rgb[4:12, :8] == RED[:3]).all() and (rgb[4:12, 8:16] == BLUE[:3]).all()


@pytest.mark.parametrize("attributes", [' tilerendersize="cell"', ' fillmode="fill"'])
def test_unknown_render_size_or_fill_mode_means_the_default_as_in_tiled(tmp_path: Path, attributes: str) -> None:
    tileset = load_map(two_colour_tile_map(tmp_path, attributes)).tilesets[0]
    assert (tileset.render_size, tileset.fill_mode) == ("tile", "stretch")


def tile_object_map(tmp_path: Path, attributes: str) -> Path:
    """The 32x16 red-and-blue tile as a 32x32 tile object filling a 2x2 map of 16x16 cells."""
    path = two_colour_tile_map(tmp_path, attributes)
    text = path.read_text().replace('width="2" height="1" tilewidth', 'width="2" height="2" tilewidth')
    text = text.replace('<layer id="1" name="ground" width="2" height="1"><data encoding="csv">1,0</data></layer>',
                        '<objectgroup id="2" name="props"><object id="1" gid="1" x="0" y="32" width="32" height="32"/>'
                        '</objectgroup>')
    path.write_text(text)
    return path


def test_a_tile_object_is_stretched_to_its_size_by_default(tmp_path: Path) -> None:
    rgb, alpha = drawn(tile_object_map(tmp_path, ""))
    assert (alpha == 255).all()
    assert (rgb[:, :16] == RED[:3]).all() and (rgb[:, 16:] == BLUE[:3]).all()


def test_fill_mode_preserve_aspect_fit_centres_a_tile_object_in_its_rectangle(tmp_path: Path) -> None:
    rgb, alpha = drawn(tile_object_map(tmp_path, ' fillmode="preserve-aspect-fit"'))
    assert (alpha[8:24] == 255).all() and (alpha[:8] == 0).all() and (alpha[24:] == 0).all()
    assert (rgb[8:24, :16] == RED[:3]).all() and (rgb[8:24, 16:] == BLUE[:3]).all()
