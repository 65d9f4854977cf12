"""The map renderer draws every fixture map exactly as Tiled 1.8.2's tmxrasterizer.

The maps, their tilesets and the reference pictures are in ``tests/data/render``
(made by ``make_fixtures.py`` there; ``expected/README.txt`` lists the exact
tmxrasterizer command of each reference). Every comparison is byte for byte:
same size, same R, G, B and A of every pixel.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import dataclasses  # noqa: E402
import struct  # noqa: E402
import zlib  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402

from game.errors import MapError  # noqa: E402
from game.tiled import load_map  # noqa: E402
from game.tiled.model import (  # noqa: E402
    Image,
    LayerBase,
    Orientation,
    TiledMap,
    TileLayer,
    Tileset,
)
from game.ui import tiled_render  # noqa: E402
from game.ui.tiled_render import render_map  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "data" / "render"
EXPECTED = DATA / "expected"


def pixels(surface: pygame.Surface) -> np.ndarray:
    w, h = surface.get_size()
    return np.frombuffer(pygame.image.tobytes(surface, "RGBA"), np.uint8).reshape(h, w, 4)


def assert_same_picture(got: pygame.Surface, reference: Path) -> None:
    """Same size and the same RGBA bytes in every pixel as the reference PNG."""
    want = pixels(pygame.image.load(str(reference)))
    have = pixels(got)
    assert have.shape == want.shape, (
        f"picture is {have.shape[1]}x{have.shape[0]}, tmxrasterizer's {reference.name} is "
        f"{want.shape[1]}x{want.shape[0]}")
    differ = np.any(have != want, axis=-1)
    count = int(differ.sum())
    if count:
        ys, xs = np.nonzero(differ)
        x, y = int(xs[0]), int(ys[0])
        pytest.fail(f"{count} of {differ.size} pixels differ from {reference.name}; first at ({x}, {y}): "
                    f"ours RGBA {tuple(int(v) for v in have[y, x])}, "
                    f"tmxrasterizer {tuple(int(v) for v in want[y, x])}")


def check_fixture(name: str, hidden: tuple[str, ...] = ()) -> None:
    tmap = load_map(DATA / f"{name}.tmx")
    assert_same_picture(render_map(tmap, hidden_layers=hidden), EXPECTED / f"{name}.png")


# ---------------------------------------------------------------- orthogonal maps

def test_orthogonal_layers_with_opacity_offsets_and_hidden_layer_match_tmxrasterizer():
    # opacity 1, 0.5, 0.3, 0.7 (an all-opaque tileset), negative and positive layer
    # offsets that grow the picture, a layer with visible="0", margin and spacing
    check_fixture("ortho_layers", hidden=("notes",))


def test_tileset_with_a_margin_on_two_sides_only_matches_tmxrasterizer():
    # margin 4 on the left and top, none on the right or at the bottom: Tiled counts
    # (width - margin + spacing) // (tile + spacing) = 4 columns, not 3, and 3 rows, not 2
    check_fixture("margin")
    tileset = load_map(DATA / "margin.tmx").tilesets[0]
    assert (tileset.columns, tileset.tile_count) == (4, 12)


def test_map_background_colour_is_not_painted_like_tmxrasterizer():
    check_fixture("ortho_background")
    tmap = load_map(DATA / "ortho_background.tmx")
    assert tmap.background is not None
    empty = render_map(dataclasses.replace(tmap, layers=()))
    assert not pixels(empty).any(), "tmxrasterizer leaves the background transparent"


def test_all_eight_tile_flips_match_tmxrasterizer():
    # every H/V/D combination on opaque, gradient, sparse and noisy tiles, at full
    # and partial opacity, with and without tint, from RGB32 and ARGB32 pixmaps
    check_fixture("ortho_flips")


def test_big_tiles_tile_offsets_and_image_collection_match_tmxrasterizer():
    # tiles taller and wider than the grid (bottom-left aligned), tile offsets,
    # an image-collection tileset, flips of non-square tiles, clipping at the edges
    check_fixture("ortho_big_tiles", hidden=("notes",))


def test_render_order_left_up_matches_tmxrasterizer():
    check_fixture("ortho_big_tiles_left_up", hidden=("notes",))


def test_group_layers_image_layers_and_tints_match_tmxrasterizer():
    # nested groups (opacity multiplies, offsets add, tints multiply), image layers
    # with offset and opacity, a colour-keyed image, a hidden group
    check_fixture("groups_images", hidden=("outer_notes", "notes"))


def test_repeated_image_layers_match_tmxrasterizer():
    check_fixture("image_repeat")


def test_infinite_map_with_fractional_offsets_matches_tmxrasterizer():
    check_fixture("ortho_infinite")


def test_tile_objects_match_tmxrasterizer():
    # bottom-left and centre alignment, flips, turns by 90/180/270 degrees, top-down
    # and index draw order, a hidden object, layer opacity, offset and tint
    check_fixture("tile_objects")


# ---------------------------------------------------------------- hexagonal maps

def test_hex_stagger_x_odd_matches_tmxrasterizer():
    check_fixture("hex_x_odd", hidden=("notes",))


def test_hex_stagger_x_even_matches_tmxrasterizer():
    check_fixture("hex_x_even", hidden=("notes",))


def test_hex_stagger_y_odd_matches_tmxrasterizer():
    check_fixture("hex_y_odd", hidden=("notes",))


def test_hex_stagger_y_even_matches_tmxrasterizer():
    check_fixture("hex_y_even", hidden=("notes",))


def test_tileds_own_hex_example_with_turned_tiles_matches_tmxrasterizer():
    # Tiled's examples/test_hexagonal_tile_60x60x30.tmx (copied unchanged): the 60-degree (diagonal
    # flag) and 120-degree turns with every flip: 7,760 pixels differed while turns were approximated
    check_fixture("test_hexagonal_tile_60x60x30")


def test_tileds_own_sewers_example_with_a_doctype_and_colour_key_matches_tmxrasterizer():
    tmap = load_map(DATA.parent / "good_maps" / "tiled_examples" / "sewer_automap" / "sewers.tmx")
    assert_same_picture(render_map(tmap), EXPECTED / "sewers.png")


def test_turned_hex_tiles_on_pointy_map_edges_with_opacity_and_tint_match_tmxrasterizer():
    # non-square tiles turned by 0/60/120/180 degrees with every flip, cut by the picture's edges,
    # and a second layer at opacity 0.5 with a tint and an offset
    check_fixture("hex_turns_y_odd")


def test_turned_hex_tiles_on_flat_map_match_tmxrasterizer():
    check_fixture("hex_turns_x_even")


# ---------------------------------------------------------------- options

def test_hidden_layer_names_are_case_insensitive_like_tmxrasterizer():
    check_fixture("ortho_layers", hidden=("NoTeS",))


def test_hiding_a_group_hides_everything_in_it():
    tmap = load_map(DATA / "groups_images.tmx")
    by_group = render_map(tmap, hidden_layers=("outer", "notes"))
    one_by_one = render_map(tmap, hidden_layers=("outer_tiles", "inner_tiles", "inner_picture",
                                                 "outer_notes", "notes"))
    assert np.array_equal(pixels(by_group), pixels(one_by_one))
    assert not np.array_equal(pixels(by_group), pixels(render_map(tmap, hidden_layers=("notes",))))


def test_shown_object_layer_draws_no_shapes():
    tmap = load_map(DATA / "ortho_layers.tmx")
    assert np.array_equal(pixels(render_map(tmap)), pixels(render_map(tmap, hidden_layers=("notes",))))


def test_scale_two_is_the_scale_one_picture_scaled_nearest_neighbour():
    tmap = load_map(DATA / "hex_y_odd.tmx")
    one = pixels(render_map(tmap, hidden_layers=("notes",)))
    two = pixels(render_map(tmap, hidden_layers=("notes",), scale=2))
    assert two.shape == (one.shape[0] * 2, one.shape[1] * 2, 4)
    assert np.array_equal(two[::2, ::2], one)
    assert np.array_equal(two[1::2, 1::2], one)


def test_renders_without_a_display():
    tmap = load_map(DATA / "ortho_flips.tmx")
    picture = render_map(tmap)
    assert pygame.display.get_surface() is None
    assert picture.get_size() == (128, 64)
    assert picture.get_flags() & pygame.SRCALPHA


# ---------------------------------------------------------------- refused images

def one_tile_map(tmp_path: Path, image: Path) -> TiledMap:
    tileset = Tileset(firstgid=1, name="big", source=None, tile_width=16, tile_height=16,
                      tile_count=1, columns=1, image=Image(image, None, None))
    layer = TileLayer(LayerBase(1, "ground"), 0, 0, 1, 1, (1,))
    return TiledMap(path=tmp_path / "m.tmx", root=tmp_path, orientation=Orientation.ORTHOGONAL,
                    width=1, height=1, tile_width=16, tile_height=16, tilesets=(tileset,), layers=(layer,))


def png_header_only(path: Path, width: int, height: int) -> Path:
    """The start of a PNG whose header claims a size (no pixel data follows)."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    chunk = struct.pack(">I", len(ihdr)) + b"IHDR" + ihdr + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk)
    return path


@pytest.mark.parametrize("width, height", [(20000, 16), (10000, 8000)], ids=["too-wide", "too-many-pixels"])
def test_png_larger_than_the_limits_is_refused_from_its_header(tmp_path, width, height):
    image = png_header_only(tmp_path / "huge.png", width, height)
    with pytest.raises(MapError) as caught:
        render_map(one_tile_map(tmp_path, image))
    message = str(caught.value)
    assert "huge.png" in message and f"{width}x{height}" in message and "\n" not in message


def test_other_image_formats_are_checked_after_loading(tmp_path, monkeypatch):
    image = tmp_path / "tiles.bmp"
    pygame.image.save(pygame.Surface((32, 16)), str(image))
    monkeypatch.setattr(tiled_render, "MAX_IMAGE_SIDE", 20)
    with pytest.raises(MapError, match=r"32x16 pixels"):
        render_map(one_tile_map(tmp_path, image))


def test_unreadable_image_is_a_map_error(tmp_path):
    image = tmp_path / "broken.png"
    image.write_bytes(b"not a picture at all")
    with pytest.raises(MapError, match="image refused: only PNG, GIF, JPEG, BMP and TGA"):
        render_map(one_tile_map(tmp_path, image))
    image.write_bytes(png_header_only(tmp_path / "cut.png", 4, 4).read_bytes())  # a PNG cut after its header
    with pytest.raises(MapError, match="cannot read the image"):
        render_map(one_tile_map(tmp_path, image))

# The sample maps of maps/ are compared with tmxrasterizer in tests/test_sample_maps.py.
