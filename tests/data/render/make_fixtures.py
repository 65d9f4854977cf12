"""Make the renderer's test maps, their tileset images and the reference pictures.

Run from anywhere with the project's venv:

    python tests/data/render/make_fixtures.py            # images + maps only
    python tests/data/render/make_fixtures.py --expected # also run tmxrasterizer

The images are drawn by deterministic numpy code (a seeded generator), so a re-run
writes the same bytes. Many tiles hold partial alpha (every value 0..255 turns up)
and fully transparent pixels with a non-black colour, so that the compositing
arithmetic (Qt's premultiplied 16-bit pipeline and its rounding) is really tested.

The reference PNGs in ``expected/`` come from Tiled 1.8.2's ``tmxrasterizer``
(Debian bookworm package ``tiled`` 1.8.2, Qt 5.15.8) on an x86-64 machine with
AVX2 (AMD EPYC). The exact command for each map is ``tmxrasterizer_command()``
below and is also listed in ``expected/README.txt``; in short:

    QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=/tmp/xdg \\
        tmxrasterizer [--hide-layer NAME ...] MAP.tmx expected/MAP.png

with every object layer of the map hidden, except for ``tile_objects.tmx`` whose
object layers hold only tile objects and are drawn.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

HERE = Path(__file__).resolve().parent
EXPECTED = HERE / "expected"

H, V, D = 0x80000000, 0x40000000, 0x20000000
R120 = 0x10000000
"""Tiled's flag for a hexagonal tile turned by 120 degrees."""
FLIPS = [0, H, V, H | V, D, D | H, D | V, D | H | V]

MAGENTA = (255, 0, 255, 255)


# ---------------------------------------------------------------- images

def save_rgba(name: str, pixels: np.ndarray) -> None:
    """Save an (h, w, 4) uint8 array as a PNG next to this script."""
    pixels = np.ascontiguousarray(pixels, dtype=np.uint8)
    h, w = pixels.shape[:2]
    surface = pygame.image.frombuffer(pixels.tobytes(), (w, h), "RGBA")
    pygame.image.save(surface, str(HERE / name))


def glyph(w: int, h: int) -> np.ndarray:
    """An asymmetric 'F'-like mask so every flip shows."""
    m = np.zeros((h, w), bool)
    m[h // 8: h - h // 8, w // 4: w // 4 + max(2, w // 6)] = True      # stem
    m[h // 8: h // 8 + max(2, h // 8), w // 4: w - w // 8] = True      # top bar
    m[h // 2 - 1: h // 2 + 1, w // 4: w - w // 4] = True               # middle bar
    m[h - 3: h - 1, w - 4: w - 1] = True                               # a dot bottom-right
    return m


def tile_pixels(rng: np.random.Generator, kind: str, w: int, h: int, hue: int) -> np.ndarray:
    """One tile: ``kind`` is 'opaque', 'gradient', 'sparse' or 'noise'."""
    y, x = np.mgrid[0:h, 0:w]
    px = np.zeros((h, w, 4), np.int64)
    base = np.array([(hue * 53) % 256, (hue * 97 + 80) % 256, (hue * 151 + 160) % 256])
    px[..., 0] = (base[0] + x * 9 + y * 3) % 256
    px[..., 1] = (base[1] + y * 11) % 256
    px[..., 2] = (base[2] + (x ^ y) * 7) % 256
    g = glyph(w, h)
    px[g, :3] = [250 - hue * 10 % 200, 30 + hue * 20 % 200, 40]
    if kind == "opaque":
        px[..., 3] = 255
    elif kind == "gradient":
        px[..., 3] = np.clip((x * 255) // max(1, w - 1) + (y * 37) % 64 - 32, 0, 255)
        px[g, 3] = 230
    elif kind == "sparse":
        px[..., 3] = 0
        ring = ((x - w / 2 + 0.5) ** 2 + (y - h / 2 + 0.5) ** 2) < (min(w, h) / 2.2) ** 2
        px[ring, 3] = rng.integers(60, 200, size=int(ring.sum()))
        px[g, 3] = 255
        # invisible pixels keep a colour: Qt drops it when premultiplying
        px[~ring & ~g, :3] = [10, 200, 90]
    elif kind == "noise":
        px[..., :3] = rng.integers(0, 256, size=(h, w, 3))
        px[..., 3] = rng.integers(0, 256, size=(h, w))
        px[g, 3] = 255
    else:
        raise ValueError(kind)
    return px.astype(np.uint8)


def atlas(tiles: list[np.ndarray], columns: int, margin: int = 0, spacing: int = 0,
          fill: tuple[int, int, int, int] = MAGENTA) -> np.ndarray:
    th, tw = tiles[0].shape[:2]
    rows = (len(tiles) + columns - 1) // columns
    W = margin * 2 + columns * tw + (columns - 1) * spacing
    Hh = margin * 2 + rows * th + (rows - 1) * spacing
    img = np.zeros((Hh, W, 4), np.uint8)
    img[...] = fill
    for i, t in enumerate(tiles):
        c, r = i % columns, i // columns
        x0 = margin + c * (tw + spacing)
        y0 = margin + r * (th + spacing)
        img[y0:y0 + th, x0:x0 + tw] = t
    return img


def hex_tile(rng: np.random.Generator, w: int, h: int, side: int, stagger_x: bool, hue: int,
             alpha_scale: float = 1.0) -> np.ndarray:
    """A hexagon with soft (partially transparent) edges on a transparent tile."""
    y, x = np.mgrid[0:h, 0:w].astype(float)
    cx, cy = w / 2, h / 2
    dx, dy = np.abs(x + 0.5 - cx), np.abs(y + 0.5 - cy)
    if stagger_x:   # flat top: corners left and right
        half_side = side / 2
        slope = (w / 2 - half_side) / (h / 2)
        dist = np.maximum(dy - h / 2, dx - (half_side + (h / 2 - dy) * slope))
    else:           # pointy top
        half_side = side / 2
        slope = (h / 2 - half_side) / (w / 2)
        dist = np.maximum(dx - w / 2, dy - (half_side + (w / 2 - dx) * slope))
    alpha = np.clip(0.5 - dist * 1.0, 0, 1)          # about one pixel of soft edge
    alpha = np.where(dist < -3, 0.9, alpha)           # a slightly translucent body
    px = tile_pixels(rng, "opaque", w, h, hue).astype(np.int64)
    px[..., 3] = np.round(alpha * 255 * alpha_scale).astype(np.int64)
    px[dist < -3.5, 3] = np.clip(px[dist < -3.5, 3] - ((x + y)[dist < -3.5].astype(np.int64) % 40), 0, 255)
    return px.astype(np.uint8)


def make_images() -> None:
    rng = np.random.default_rng(20240611)
    # 12 tiles of 16x16 with margin 1 and spacing 2 (magenta between them)
    kinds = ["opaque"] * 4 + ["gradient"] * 3 + ["sparse"] * 3 + ["noise"] * 2
    terrain = [tile_pixels(rng, k, 16, 16, i) for i, k in enumerate(kinds)]
    save_rgba("terrain.png", atlas(terrain, columns=4, margin=1, spacing=2))
    # an all-opaque tileset: Qt keeps it as RGB32 and composes it in 'Source' mode
    opaque = [tile_pixels(rng, "opaque", 16, 16, 20 + i) for i in range(4)]
    save_rgba("opaque.png", atlas(opaque, columns=2))
    # tall tiles (16x32) and wide tiles (32x16) with partial alpha
    tall = [tile_pixels(rng, k, 16, 32, 30 + i) for i, k in enumerate(["gradient", "sparse", "noise", "opaque"])]
    save_rgba("tall.png", atlas(tall, columns=4))
    wide = [tile_pixels(rng, k, 32, 16, 40 + i) for i, k in enumerate(["sparse", "gradient", "noise"])]
    save_rgba("wide.png", atlas(wide, columns=1))
    # an image-collection tileset: three pictures of different sizes
    save_rgba("prop_tree.png", tile_pixels(rng, "sparse", 16, 24, 50))
    save_rgba("prop_log.png", tile_pixels(rng, "gradient", 24, 12, 51))
    save_rgba("prop_gem.png", tile_pixels(rng, "noise", 8, 8, 52))
    # image layers: one with partial alpha, one opaque with a colour key
    save_rgba("overlay.png", tile_pixels(rng, "noise", 40, 28, 60))
    keyed = tile_pixels(rng, "opaque", 36, 20, 61)
    keyed[4:16, 6:30] = (255, 0, 255, 255)
    keyed[0:3, :] = (255, 0, 255, 255)
    save_rgba("keyed.png", keyed)
    # hex tilesets: flat-top for stagger axis x, pointy-top for stagger axis y
    flat = [hex_tile(rng, 32, 28, 16, True, 70 + i) for i in range(3)]
    flat.append(hex_tile(rng, 32, 28, 16, True, 73, alpha_scale=0.6))
    save_rgba("hex_flat.png", atlas(flat, columns=2, fill=(0, 0, 0, 0)))
    pointy = [hex_tile(rng, 28, 32, 16, False, 80 + i) for i in range(3)]
    pointy.append(hex_tile(rng, 28, 32, 16, False, 83, alpha_scale=0.6))
    save_rgba("hex_pointy.png", atlas(pointy, columns=2, fill=(0, 0, 0, 0)))
    make_margin_image()


def make_margin_image() -> None:
    """A tileset image with a margin on its left and top only, as Tiled users' images often are (excalibur-tiled's
    margin.tmx): Tiled counts its columns as (width - margin + spacing) // (tile + spacing)."""
    rng = np.random.default_rng(20261126)
    tiles = [tile_pixels(rng, ["opaque", "gradient", "sparse", "noise"][i % 4], 16, 16, 90 + i) for i in range(12)]
    whole = atlas(tiles, columns=4, margin=4, spacing=2)
    save_rgba("margin_left_top.png", whole[:-4, :-4])  # 74 x 56: no margin on the right or at the bottom


# ---------------------------------------------------------------- maps

def csv(rows: list[list[int]]) -> str:
    return "\n" + ",\n".join(",".join(str(g) for g in row) for row in rows) + "\n"


def tile_layer(lid: int, name: str, rows: list[list[int]], extra: str = "") -> str:
    return (f' <layer id="{lid}" name="{name}" width="{len(rows[0])}" height="{len(rows)}"{extra}>\n'
            f'  <data encoding="csv">{csv(rows)}</data>\n </layer>\n')


def map_xml(body: str, *, w: int, h: int, tw: int = 16, th: int = 16, orientation: str = "orthogonal",
            extra: str = "", tilesets: str = "", renderorder: str = "right-down") -> str:
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<map version="1.8" tiledversion="1.8.2" orientation="{orientation}" renderorder="{renderorder}" '
            f'width="{w}" height="{h}" tilewidth="{tw}" tileheight="{th}" infinite="0"{extra} '
            'nextlayerid="30" nextobjectid="40">\n' + tilesets + body + '</map>\n')


TS_TERRAIN = (' <tileset firstgid="1" name="terrain" tilewidth="16" tileheight="16" spacing="2" margin="1" '
              'tilecount="12" columns="4">\n  <image source="terrain.png" width="70" height="56"/>\n'
              # an animated tile (gid 12): tmxrasterizer draws its first frame, tile 5
              '  <tile id="11">\n   <animation><frame tileid="4" duration="200"/>'
              '<frame tileid="11" duration="200"/></animation>\n  </tile>\n </tileset>\n')
TS_OPAQUE = (' <tileset firstgid="13" name="opaque" tilewidth="16" tileheight="16" tilecount="4" columns="2">\n'
             '  <image source="opaque.png" width="32" height="32"/>\n </tileset>\n')
TS_TALL = (' <tileset firstgid="17" name="tall" tilewidth="16" tileheight="32" tilecount="4" columns="4">\n'
           '  <tileoffset x="2" y="-3"/>\n  <image source="tall.png" width="64" height="32"/>\n </tileset>\n')
TS_WIDE = (' <tileset firstgid="21" name="wide" tilewidth="32" tileheight="16" tilecount="3" columns="1">\n'
           '  <tileoffset x="-4" y="2"/>\n  <image source="wide.png" width="32" height="48"/>\n </tileset>\n')
TS_PROPS = (' <tileset firstgid="24" name="props" tilewidth="24" tileheight="24" tilecount="3" columns="0">\n'
            '  <grid orientation="orthogonal" width="1" height="1"/>\n'
            '  <tile id="0"><image source="prop_tree.png" width="16" height="24"/></tile>\n'
            '  <tile id="1"><image source="prop_log.png" width="24" height="12"/></tile>\n'
            '  <tile id="2"><image source="prop_gem.png" width="8" height="8"/></tile>\n </tileset>\n')
# the same pictures, but objects from this tileset align on their centre
TS_PROPS_CENTRE = (' <tileset firstgid="27" name="props_centre" tilewidth="24" tileheight="24" tilecount="2" '
                   'columns="0" objectalignment="center">\n'
                   '  <grid orientation="orthogonal" width="1" height="1"/>\n'
                   '  <tile id="0"><image source="prop_tree.png" width="16" height="24"/></tile>\n'
                   '  <tile id="1"><image source="prop_log.png" width="24" height="12"/></tile>\n </tileset>\n')

NOTES_LAYER = (' <objectgroup id="20" name="notes">\n'
               '  <object id="1" name="spawn" x="10" y="12" width="20" height="14"/>\n'
               '  <object id="2" name="path" x="5" y="5"><polyline points="0,0 30,20 50,5"/></object>\n'
               '  <object id="3" name="zone" x="40" y="30" width="18" height="18"><ellipse/></object>\n'
               ' </objectgroup>\n')


def grid(w: int, h: int, fn) -> list[list[int]]:
    return [[fn(c, r) for c in range(w)] for r in range(h)]


def ortho_layers() -> str:
    w, h = 6, 5
    ground = grid(w, h, lambda c, r: 0 if (c, r) in {(5, 0), (0, 4)} else 1 + (c + r * 2) % 4)
    glaze = grid(w, h, lambda c, r: 0 if (c + r) % 3 == 0 else 5 + (c * 3 + r) % 7)
    mist = grid(w, h, lambda c, r: 11 + (c + r) % 2 if (c * r) % 2 == 0 else 0)
    solid = grid(w, h, lambda c, r: 13 + (c + 2 * r) % 4 if r in (1, 3) else 0)
    edge = grid(w, h, lambda c, r: 7 + c % 4 if r == 2 else (9 if (c, r) == (5, 0) else 0))
    body = (tile_layer(1, "ground", ground)
            + tile_layer(2, "glaze", glaze, ' opacity="0.5"')
            + tile_layer(3, "mist", mist, ' opacity="0.3"')
            + tile_layer(4, "solid", solid, ' opacity="0.7" offsetx="3" offsety="-2"')
            + tile_layer(5, "hidden", grid(w, h, lambda c, r: 3), ' visible="0"')
            + tile_layer(6, "edge", edge, ' offsetx="-5" offsety="4"')
            + NOTES_LAYER)
    return map_xml(body, w=w, h=h, tilesets=TS_TERRAIN + TS_OPAQUE)


def ortho_background() -> str:
    w, h = 5, 4
    layer = grid(w, h, lambda c, r: 0 if (c + r) % 2 else 5 + (c + r) % 7)
    body = tile_layer(1, "tiles", layer) + tile_layer(2, "faint", layer[::-1], ' opacity="0.5"')
    return map_xml(body, w=w, h=h, tilesets=TS_TERRAIN, extra=' backgroundcolor="#80336699"')


def ortho_flips() -> str:
    w, h = 8, 4
    # row 0: every flip of an opaque tile, row 1: of a gradient tile,
    # row 2: of a sparse tile, row 3: of a noise tile (all on transparent ground)
    base = [2, 6, 9, 11]
    tiles = grid(w, h, lambda c, r: base[r] | FLIPS[c])
    over = grid(w, h, lambda c, r: (12 | FLIPS[(c + r) % 8]) if (c + r) % 2 == 0 else 0)
    solid = grid(w, h, lambda c, r: (13 + r) | FLIPS[(c * 3 + r) % 8] if r in (0, 3) and c % 3 != 1 else 0)
    body = (tile_layer(1, "flips", tiles)
            + tile_layer(2, "flips_half", over, ' opacity="0.5"')
            + tile_layer(3, "solid_flips", solid, ' opacity="0.6"')
            + tile_layer(4, "tinted", grid(w, h, lambda c, r: (13 + c % 4) | FLIPS[(c + r) % 8] if r == 1 else 0),
                         ' tintcolor="#b0ff9060"')
            + tile_layer(5, "tinted_opaque", grid(w, h, lambda c, r: 14 + r % 3 if r == 2 and c % 2 else 0),
                         ' tintcolor="#50a0ff"')
            # every flip of opaque tiles at full opacity: Qt blits the straight and
            # the 90/270-degree ones, the others go through its smooth fetch
            + tile_layer(6, "solid_full", grid(w, h, lambda c, r: (13 + (c + r) % 4) | FLIPS[c] if r == 2 else 0)))
    return map_xml(body, w=w, h=h, tilesets=TS_TERRAIN + TS_OPAQUE)


def ortho_big_tiles(renderorder: str) -> str:
    w, h = 6, 5
    ground = grid(w, h, lambda c, r: 13 + (c + r) % 4 if (c, r) != (2, 2) else 0)
    tall = grid(w, h, lambda c, r: 17 + (c + r) % 4 if (c + 2 * r) % 3 != 2 else 0)
    wide = grid(w, h, lambda c, r: 21 + (c * 2 + r) % 3 if (c + r) % 2 == 1 else 0)
    props = grid(w, h, lambda c, r: 24 + (c + r) % 3 if (c * r) % 3 == 1 else 0)
    flips = [17 | H, 18 | V, 19 | H | V, 22 | H, 23 | V, 25 | H, 24 | V, 26 | H | V,
             17 | D, 18 | D | H, 21 | D | V, 22 | D | H | V, 24 | D, 25 | D | H]
    flipped = grid(w, h, lambda c, r: flips[(c + r * 3) % len(flips)] if r == 4 or c == 0 or (c, r) == (3, 1) else 0)
    body = (tile_layer(1, "ground", ground)
            + tile_layer(2, "tall", tall)
            + tile_layer(3, "wide", wide, ' opacity="0.8"')
            + tile_layer(4, "props", props)
            + tile_layer(5, "flipped", flipped, ' opacity="0.9"')
            + NOTES_LAYER)
    return map_xml(body, w=w, h=h, tilesets=TS_OPAQUE.replace('firstgid="13"', 'firstgid="13"') + TS_TALL + TS_WIDE
                   + TS_PROPS, renderorder=renderorder)


def groups_images() -> str:
    w, h = 6, 5
    ground = grid(w, h, lambda c, r: 1 + (c * 7 + r * 3) % 4 if (c + r) % 5 else 0)
    a = grid(w, h, lambda c, r: 5 + (c + r) % 7 if c % 2 == 0 else 0)
    b = grid(w, h, lambda c, r: 9 + (c * r) % 4 if r % 2 == 1 else 0)
    body = (tile_layer(1, "ground", ground)
            + ' <group id="2" name="outer" opacity="0.8" offsetx="4" offsety="2" tintcolor="#e0ffd0">\n'
            + tile_layer(3, "outer_tiles", a, ' opacity="0.5" tintcolor="#ff8040"')
            + '  <group id="4" name="inner" opacity="0.5" offsetx="-2" offsety="3" tintcolor="#c0a0c0ff">\n'
            + tile_layer(5, "inner_tiles", b)
            + '   <imagelayer id="6" name="inner_picture" offsetx="30" offsety="10" opacity="0.75">\n'
            + '    <image source="overlay.png" width="40" height="28"/>\n   </imagelayer>\n'
            + '  </group>\n'
            + NOTES_LAYER.replace('id="20" name="notes"', 'id="7" name="outer_notes"')
            + ' </group>\n'
            + ' <imagelayer id="8" name="picture" offsetx="52" offsety="41" opacity="0.6" tintcolor="#40c0f0">\n'
            + '  <image source="overlay.png" width="40" height="28"/>\n </imagelayer>\n'
            + ' <imagelayer id="9" name="keyed">\n'
            + '  <image source="keyed.png" trans="ff00ff" width="36" height="20"/>\n </imagelayer>\n'
            + ' <group id="10" name="hidden_group" visible="0">\n'
            + tile_layer(11, "in_hidden_group", grid(w, h, lambda c, r: 2))
            + ' </group>\n'
            + NOTES_LAYER)
    return map_xml(body, w=w, h=h, tilesets=TS_TERRAIN)


def hex_map(axis: str, index: str) -> str:
    w, h = 6, 5
    if axis == "x":
        tw, th, image, iw, ih = 32, 28, "hex_flat.png", 64, 56
    else:
        tw, th, image, iw, ih = 28, 32, "hex_pointy.png", 56, 64
    ts = (f' <tileset firstgid="1" name="hex" tilewidth="{tw}" tileheight="{th}" tilecount="4" columns="2">\n'
          f'  <image source="{image}" width="{iw}" height="{ih}"/>\n </tileset>\n')
    ground = grid(w, h, lambda c, r: 0 if (c, r) == (3, 2) else 1 + (c + 2 * r) % 3)
    top = grid(w, h, lambda c, r: 4 if (c * 2 + r) % 3 == 0 else 0)
    fog = grid(w, h, lambda c, r: (1 + (c + r) % 3) | (H if c % 2 else 0) if r % 2 == 0 else 0)
    body = (tile_layer(1, "ground", ground)
            + tile_layer(2, "top", top)
            + tile_layer(3, "fog", fog, ' opacity="0.5" offsetx="2" offsety="1"')
            + NOTES_LAYER)
    extra = f' hexsidelength="16" staggeraxis="{axis}" staggerindex="{index}"'
    return map_xml(body, w=w, h=h, tw=tw, th=th, orientation="hexagonal", extra=extra, tilesets=ts)


def hex_turns(axis: str, index: str) -> str:
    """Hexagonal tiles turned by Tiled's 60-degree (diagonal flag) and 120-degree flags, with and
    without flips, on every edge of the map (clipped by the picture), at full and half opacity."""
    w, h = 6, 5
    if axis == "x":
        tw, th, image, iw, ih = 32, 28, "hex_flat.png", 64, 56
    else:
        tw, th, image, iw, ih = 28, 32, "hex_pointy.png", 56, 64
    ts = (f' <tileset firstgid="1" name="hex" tilewidth="{tw}" tileheight="{th}" tilecount="4" columns="2">\n'
          f'  <image source="{image}" width="{iw}" height="{ih}"/>\n </tileset>\n')
    turns = [0, D, R120, D | R120]
    flips = [0, H, V, H | V]
    ground = grid(w, h, lambda c, r: (1 + (c + r) % 4) | turns[(c + 2 * r) % 4] | flips[(c // 2 + r) % 4])
    over = grid(w, h, lambda c, r: (4 | turns[(c + r) % 4] | flips[c % 4]) if (c + r) % 2 else 0)
    body = (tile_layer(1, "ground", ground)
            + tile_layer(2, "over", over, ' opacity="0.5" tintcolor="#c0e0ff" offsetx="3" offsety="-2"'))
    extra = f' hexsidelength="16" staggeraxis="{axis}" staggerindex="{index}"'
    return map_xml(body, w=w, h=h, tw=tw, th=th, orientation="hexagonal", extra=extra, tilesets=ts)


def tile_objects() -> str:
    w, h = 6, 5
    ground = grid(w, h, lambda c, r: 13 + (c + r) % 4)
    objs = [
        # (id, gid, x, y, w, h, extra)  -- y is the bottom edge (bottom-left alignment)
        (1, 24, 10, 40, 16, 24, ""),
        (2, 25, 30, 20, 24, 12, ""),
        (3, 26, 50, 70, 8, 8, ""),
        (4, 24 | H, 60, 50, 16, 24, ""),
        (5, 25 | V, 4, 76, 24, 12, ""),
        (6, 24, 20, 44, 16, 24, ""),             # overlaps object 1; drawn after it (larger y)
        (7, 26 | H | V, 80, 12, 8, 8, ""),
        (8, 24, 70, 30, 16, 24, ' visible="0"'),
        (9, 27, 48, 40, 16, 24, ""),            # centre-aligned tileset
        (10, 28 | H, 72, 64, 24, 12, ""),
        (11, 24, 30, 60, 16, 24, ' rotation="90"'),
        (12, 25, 66, 78, 24, 12, ' rotation="180"'),
        (13, 24 | D, 84, 50, 16, 24, ""),     # turned by the diagonal flag: 24 wide, 16 high
        (14, 25, 8, 30, 24, 12, ' rotation="270"'),
        (15, 13, 40, 80, 16, 16, ' rotation="90"'),        # opaque tileset: blitted turned
        (16, 14 | H | V, 60, 36, 16, 16, ' rotation="180"'),  # flips and turn cancel out
        (17, 15 | D | H, 76, 44, 16, 16, ' rotation="180"'),  # 270 degrees in all
        (18, 16 | V, 90, 60, 16, 16, ' rotation="90"'),
    ]
    lines = []
    for oid, gid, x, y, ow, oh, extra in objs:
        lines.append(f'  <object id="{oid}" gid="{gid}" x="{x}" y="{y}" width="{ow}" height="{oh}"{extra}/>')
    body = (tile_layer(1, "ground", ground)
            + ' <objectgroup id="2" name="props">\n' + "\n".join(lines) + "\n </objectgroup>\n"
            + ' <objectgroup id="3" name="more_props" opacity="0.6" offsetx="3" offsety="-2" draworder="index" '
            + 'tintcolor="#ffa0a0">\n'
            + '  <object id="20" gid="26" x="44" y="44" width="8" height="8"/>\n'
            + '  <object id="21" gid="25" x="40" y="60" width="24" height="12"/>\n'
            + '  <object id="22" gid="24" x="46" y="50" width="16" height="24"/>\n'
            + ' </objectgroup>\n')
    return map_xml(body, w=w, h=h, tilesets=TS_OPAQUE + TS_PROPS + TS_PROPS_CENTRE)


def image_repeat() -> str:
    w, h = 5, 4
    ground = grid(w, h, lambda c, r: 1 + (c + r) % 4)
    body = (tile_layer(1, "ground", ground)
            + ' <imagelayer id="2" name="rows" offsetx="7" offsety="5" opacity="0.5" repeatx="1">\n'
            + '  <image source="overlay.png" width="40" height="28"/>\n </imagelayer>\n'
            + ' <imagelayer id="3" name="columns" offsetx="-9" offsety="3" repeaty="1">\n'
            + '  <image source="prop_tree.png" width="16" height="24"/>\n </imagelayer>\n')
    return map_xml(body, w=w, h=h, tilesets=TS_TERRAIN)


def chunk(x: int, y: int, rows: list[list[int]]) -> str:
    return (f'   <chunk x="{x}" y="{y}" width="{len(rows[0])}" height="{len(rows)}">{csv(rows)}   </chunk>\n')


def ortho_infinite() -> str:
    a = grid(4, 4, lambda c, r: 1 + (c + r) % 4)
    b = grid(4, 4, lambda c, r: 5 + (c * r) % 7 if (c + r) % 3 else 0)
    c_ = grid(4, 4, lambda c, r: 9 + (c + 2 * r) % 4 if c != r else 0)
    body = (' <layer id="1" name="ground" width="12" height="8">\n  <data encoding="csv">\n'
            + chunk(-4, -4, a) + chunk(4, 0, a) + chunk(0, -4, b) + '  </data>\n </layer>\n'
            + ' <layer id="2" name="over" width="12" height="8" opacity="0.5" offsetx="2.5" offsety="-1.5">\n'
            + '  <data encoding="csv">\n' + chunk(-4, 0, c_) + chunk(0, -4, c_) + '  </data>\n </layer>\n')
    return map_xml(body, w=12, h=8, tilesets=TS_TERRAIN).replace('infinite="0"', 'infinite="1"')


# map file -> (xml text, object layers to hide)
def margin_map() -> str:
    tileset = (' <tileset firstgid="1" name="margin" tilewidth="16" tileheight="16" spacing="2" margin="4" '
               'tilecount="12" columns="4">\n  <image source="margin_left_top.png" width="74" height="56"/>\n </tileset>\n')
    return map_xml(tile_layer(1, "ground", grid(4, 3, lambda c, r: 1 + c + 4 * r)), w=4, h=3, tilesets=tileset)


def maps() -> dict[str, tuple[str, list[str]]]:
    return {
        "ortho_layers.tmx": (ortho_layers(), ["notes"]),
        "ortho_background.tmx": (ortho_background(), []),
        "ortho_flips.tmx": (ortho_flips(), []),
        "ortho_big_tiles.tmx": (ortho_big_tiles("right-down"), ["notes"]),
        "ortho_big_tiles_left_up.tmx": (ortho_big_tiles("left-up"), ["notes"]),
        "groups_images.tmx": (groups_images(), ["outer_notes", "notes"]),
        "hex_x_odd.tmx": (hex_map("x", "odd"), ["notes"]),
        "hex_x_even.tmx": (hex_map("x", "even"), ["notes"]),
        "hex_y_odd.tmx": (hex_map("y", "odd"), ["notes"]),
        "hex_y_even.tmx": (hex_map("y", "even"), ["notes"]),
        "hex_turns_y_odd.tmx": (hex_turns("y", "odd"), []),
        "hex_turns_x_even.tmx": (hex_turns("x", "even"), []),
        "tile_objects.tmx": (tile_objects(), []),
        "image_repeat.tmx": (image_repeat(), []),
        "ortho_infinite.tmx": (ortho_infinite(), []),
        "margin.tmx": (margin_map(), []),
    }


TILED_EXAMPLES: dict[str, list[str]] = {
    "test_hexagonal_tile_60x60x30.tmx": [],
    "../good_maps/tiled_examples/sewer_automap/sewers.tmx": [],
}
"""Tiled's own example maps, copied unchanged with their images (see TILED_EXAMPLES.txt here and
good_maps/tiled_examples/LICENSE.txt): only their reference pictures are made."""


def tmxrasterizer_command(map_name: str, hidden: list[str]) -> list[str]:
    cmd = ["tmxrasterizer"]
    for name in hidden:
        cmd += ["--hide-layer", name]
    return cmd + [map_name, f"expected/{Path(map_name).stem}.png"]


def write_maps() -> None:
    for name, (text, _hidden) in maps().items():
        (HERE / name).write_text(text, encoding="utf-8")


def write_expected() -> None:
    EXPECTED.mkdir(exist_ok=True)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR="/tmp/xdg")
    Path("/tmp/xdg").mkdir(mode=0o700, exist_ok=True)
    lines = [
        "Reference pictures made by Tiled 1.8.2's tmxrasterizer (Debian bookworm package",
        "'tiled' 1.8.2, Qt 5.15.8, x86-64 with AVX2, AMD EPYC) by make_fixtures.py --expected.",
        "Each was made in tests/data/render/ with the environment",
        "QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=/tmp/xdg and the command:",
        "",
    ]
    references = {name: hidden for name, (_text, hidden) in maps().items()} | TILED_EXAMPLES
    for name, hidden in references.items():
        cmd = tmxrasterizer_command(name, hidden)
        subprocess.run(cmd, cwd=HERE, env=env, check=True)
        lines.append("  " + " ".join(cmd))
    (EXPECTED / "README.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str]) -> int:
    make_images()
    write_maps()
    if "--expected" in argv:
        write_expected()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
