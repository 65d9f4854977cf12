# mypy: disable-error-code="no-any-return"
"""Draw a loaded Tiled map into a pygame Surface, pixel for pixel as Tiled does.

``render_map(tmap)`` gives, at scale 1, exactly the picture Tiled 1.8.2's
``tmxrasterizer`` writes for the same map (same size, same RGBA bytes) when the
same layers are hidden: orthogonal and hexagonal maps (all four stagger
variants), tile layers, image layers (also repeated) and tile objects; flips,
tile offsets, margin and spacing, image-collection tilesets, animated tiles
(first frame), layer opacity, offsets and tint colours, group layers, colour
keys, infinite maps. Shapes, texts and points of object layers are data for the
game and are never drawn.

Why not simply ``Surface.blit``: Tiled paints with Qt 5.15 into a
non-premultiplied ARGB32 image, which Qt composes through a 16-bit-per-channel
premultiplied pipeline with its own roundings. We compose with numpy integer
arithmetic that follows Qt's raster engine step by step (``_blend``):

* images are premultiplied once, 8-bit: ``c' = (c*a + (c*a >> 8) + 0x80) >> 8``;
  an image without any transparent pixel stays RGB32 in Qt;
* the painter opacity ``o`` becomes the span coverage ``(255 * int(o * 256)) >> 8``;
* every drawn rectangle is one span per row; for each span Qt
  - reads the destination as 16-bit premultiplied (AVX2, groups of 8 pixels from
    the span start: ``x = (c16*a16) >> 16; x += x >> 15``, unless the group is
    all opaque or all transparent), the source as ``c8 * 257``;
  - blends Source-over: ``s = s*ca16/65535; d = s + d*(65535 - sa)/65535``, or,
    for an RGB32 image drawn straight, Source: ``d = (s*ca16 + d*(65535-ca16))/65535``,
    each ``/65535`` being ``(t + (t >> 16) + 0x8000) >> 16``;
  - writes back non-premultiplied 8-bit (SSE4.1, groups of 4 pixels): a group that
    is not all opaque goes through single floats, ``round_even(c16 * ia)`` where
    ``ia`` is the CPU's ``rcpps(a16)`` refined by one Newton step, times 255; the
    last ``len % 4`` pixels through 16 bits (``ia`` times 65535) then ``/257``;
* an RGB32 image at full opacity, straight or turned by exactly 90/270 degrees,
  is blitted (its bytes copied);
* flipped and turned tiles go through Qt's smooth transformed fetch, which
  samples 1/65536 pixel off the pixel centres: every 16-bit source channel loses
  2 (``max(v - 2, 0)``), and the blend is always Source-over;
* hexagonal tiles turned by 60 or 120 degrees (the diagonal flag, Tiled's
  120-degree flag) are drawn as Qt does it step by step (``_turned_spans``): the
  rectangle rasterized as a thick line, one span per row, each pixel fetched
  bilinearly in 16.16 fixed point through the inverted matrix.

``rcpps`` is an approximation whose exact values differ between CPU makers: we
carry the table of the machine that made the reference pictures (AMD EPYC, AVX2).
tmxrasterizer run on another CPU may differ from us in rare partly transparent
pixels, never in opaque ones.

Tiled's geometry, as 1.8.2 does it: the picture is the map's bounding rectangle
(an infinite map's: its 16x16 chunks holding tiles) grown by the layer offsets of
all non-group layers, shown or not; the map background colour is NOT painted;
tiles are drawn at their own size with their bottom-left corner on their cell's,
plus the tileset's tile offset; orthogonal layers follow the map's render order;
hexagonal ones go row by row and, for stagger axis x, draw each row's unshifted
columns before its shifted ones; a diagonal flip is a transpose before the
horizontal and vertical flips (a turned non-square tile keeps its bottom-left
corner); tile objects are aligned by their tileset's object alignment
(bottom-left by default) and turned about their position; object layers in
top-down order are sorted by y; fractional positions round half up.

At another ``scale`` the scale-1 picture is scaled, nearest neighbour.

Differences and limits:

* layer names in ``hidden_layers`` are compared case-insensitively, as
  ``--hide-layer`` does, but naming a group hides everything in it
  (tmxrasterizer's ``--hide-layer GROUP`` hides nothing: a group draws nothing);
* not identical, only close: tile objects scaled to another size or turned by
  other than a multiple of 90 degrees (hexagonal tile objects with the turn
  flags included), animation frames of another size than their tile (Tiled
  filters smoothly, we take nearest pixels);
* a tile missing from its tileset image is skipped (Tiled draws a red cross);
* parallax factors are ignored (tmxrasterizer ignores them too);
* 16-bit-per-channel PNGs are reduced to 8 bits by SDL_image, which may round
  differently from Qt.
"""

from __future__ import annotations

import base64
import bisect
from array import array
import io
import math
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence

import numpy as np
import pygame

from game.errors import MapError
from game.files import UserFileError, read_user_file
from game.tiled.files import named, short
from game.tiled.files import DEFAULT_LIMITS, ImageFormatError, image_header, image_header_size
from game.tiled.model import (
    FLIPPED_DIAGONALLY,
    FLIPPED_HORIZONTALLY,
    FLIPPED_VERTICALLY,
    GID_MASK,
    ROTATED_HEXAGONAL_120,
    GroupLayer,
    Image,
    ImageLayer,
    Layer,
    MapObject,
    ObjectLayer,
    Orientation,
    StaggerAxis,
    StaggerIndex,
    TiledMap,
    TileLayer,
    Tileset,
)

__all__ = ["MAX_IMAGE_PIXELS", "MAX_IMAGE_SIDE", "MapPicture", "render_map"]

MAX_IMAGE_SIDE = DEFAULT_LIMITS.max_image_side
"""Largest width or height of an image we agree to load (16384, the map loader's limit)."""
MAX_IMAGE_PIXELS = DEFAULT_LIMITS.max_image_pixels
"""Largest pixel count (64 Mpx) of an image we agree to load (the map loader's limit)."""
MAX_MAP_IMAGE_PIXELS = DEFAULT_LIMITS.max_map_image_pixels
"""Largest sum of the pixel counts of all the distinct image files one picture reads (256 Mpx)."""
MAX_IMAGE_FILE_BYTES = 32 * 1024 * 1024
"""Largest image file read (as the map files' cap, ``Limits.max_file_bytes``)."""

MAX_PICTURE_SIDE = 65536
"""Largest width or height of a map's picture at scale 1 (the map's bounds grown by its layer offsets): ``render``
composes it in strips and ``play`` in blocks, never whole, but their plans of the draws grow with it."""
MAX_DRAWS = 1 << 24
"""Most pictures drawn for one map (tiles of all layers, tile objects, copies of repeated images)."""
_STRIPS_OVER = MAX_IMAGE_PIXELS
"""``render`` composes a picture larger than this at scale 1 (it is then drawn smaller) in strips."""
_STRIP_PIXELS = 1 << 23
"""``render`` of a picture over :data:`MAX_IMAGE_PIXELS` at scale 1 composes at most this many of its pixels at
once (32 MiB), a strip of rows."""

_BUCKET_ENTRIES = 1 << 24
"""At most this many (draw, bucket) pairs in a :class:`MapPicture`'s plan (beyond MAX_DRAWS: one each)."""

_BATCH_PIXELS = 1 << 20
"""At most this many pixels are composed in one numpy pass (bounds the memory)."""


# ---------------------------------------------------------------------------
# Qt's arithmetic
# ---------------------------------------------------------------------------

# rcpps of this CPU family for a float whose mantissa starts with the 12 bits i:
# the result is K[i] * 2**-13 (times 2**-exponent), K[0] = 8190 and the table
# below holds K[i-1] - K[i], zlib-compressed. Measured on an AMD EPYC (Zen).
_RCP_DELTAS = (
    "eNrNkgsOAiEMRKfF+5/ZGHaVj9KddFBZAnm8KRCybl5bnW/ec/G19yBfgjw7m5gfU9tLwE76LJuYMZ9n5q+vkOykZ9lIz/K5"
    "cPaRS+CzbKTPMubznqn6MHvZxJ5lzP4Idem2bOnVDLFHXN+1d2srH+UtmWcbJFUY7ovLeTVjv8ew1rEHPqo3cT3I+jiPfiAZ"
    "m+tZz+fPJ0GzvI8hzrN+zqPvf85I+onRvko8O5nfvR9096nDwBYwvuwhrj9+mfbfkTJ+vB+u+Y/bsD6bV9dHfAcSQg//"
)


def _reciprocal_tables() -> tuple[np.ndarray, np.ndarray]:
    """Qt's ``reciprocal_mul_ps(a, 255)`` and ``(a, 65535)`` for every 16-bit alpha."""
    deltas = np.frombuffer(zlib.decompress(base64.b64decode(_RCP_DELTAS)), np.uint8).astype(np.int64)
    k = np.empty(4096, np.int64)
    k[0] = 8190
    k[1:] = 8190 - np.cumsum(deltas)
    a = np.arange(1, 65536, dtype=np.float32)
    bits = a.view(np.uint32)
    exponent = (bits >> 23).astype(np.int64) - 127
    index = (bits >> 11) & 0xFFF
    # exact: a 13-bit integer times a power of two
    r = np.ldexp(k[index].astype(np.float64), -13 - exponent).astype(np.float32)
    ia = (r + r) - r * (r * a)  # one Newton-Raphson step, in float32 like SSE
    t255 = np.zeros(65536, np.float32)
    t65535 = np.zeros(65536, np.float32)
    t255[1:] = ia * np.float32(255.0)
    t65535[1:] = ia * np.float32(65535.0)
    return t255, t65535


_IA255, _IA65535 = _reciprocal_tables()


def _div65535(t: np.ndarray) -> np.ndarray:
    """Qt's ``qt_div_65535`` on uint32 values (t <= 65535 * 65535)."""
    return (t + (t >> 16) + 0x8000) >> 16


def _div257(v: np.ndarray) -> np.ndarray:
    """16-bit to 8-bit channel, as Qt's ``toArgb32``."""
    v = v + 128
    return (v - (v >> 8)) >> 8


def _premultiply8(rgba: np.ndarray) -> np.ndarray:
    """Qt's ``qPremultiply`` on an (..., 4) uint8 array (alpha kept)."""
    px = rgba.astype(np.uint32)
    a = px[..., 3:4]
    t = px[..., :3] * a
    out = np.empty_like(rgba)
    out[..., :3] = (t + (t >> 8) + 0x80) >> 8
    out[..., 3] = rgba[..., 3]
    return out


def _div255(t: np.ndarray) -> np.ndarray:
    """Qt's ``qt_div_255`` / ``BYTE_MUL`` rounding."""
    return (t + (t >> 8) + 0x80) >> 8


def _tinted(picture: "_Picture", tint: tuple[int, int, int, int]) -> "_Picture":
    """Tiled's ``tinted()``: paint the tint colour (opaque) over a copy of the
    pixmap in Multiply mode, then DestinationIn the pixmap's own alpha, then
    DestinationIn the tint's alpha, all in Qt's 8-bit premultiplied arithmetic."""
    px = picture.pixels.astype(np.uint32)
    a = px[..., 3:4]
    t = np.array(tint[:3], np.uint32)
    out = np.empty_like(px)
    multiplied = _div255(t * px[..., :3] + t * (255 - a))      # Multiply, alpha becomes 255
    out[..., :3] = _div255(multiplied * a)                       # DestinationIn the pixmap
    out[..., 3:4] = a
    if tint[3] != 255:                                           # DestinationIn the colour
        out = _div255(out * tint[3])
        # Tiled 1.8.2 tints an RGB32 pixmap in place: it stays RGB32, so its colours
        # darken and its alpha byte (ignored when Qt reads RGB32, copied by blits)
        # holds the tint's alpha
    return _Picture(out.astype(np.uint8), picture.opaque, picture.transform)


def _group_flags(alpha: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray]:
    """For spans along the last axis: per pixel, whether its group of ``size``
    pixels (counted from the span start; the last group may be short) is all
    transparent, and whether it is all opaque (``alpha`` is 0 / full)."""
    width = alpha.shape[-1]
    groups = -(-width // size)
    pad = groups * size - width
    shape = alpha.shape[:-1] + (groups, size)
    zero = alpha == 0
    full = alpha == 0xFFFF
    if pad:
        widths = [(0, 0)] * (alpha.ndim - 1) + [(0, pad)]
        zero = np.pad(zero, widths, constant_values=True)
        full = np.pad(full, widths, constant_values=True)
    all_zero = np.repeat(zero.reshape(shape).all(axis=-1), size, axis=-1)[..., :width]
    all_full = np.repeat(full.reshape(shape).all(axis=-1), size, axis=-1)[..., :width]
    return all_zero, all_full


def _fetch_dest(dst: np.ndarray) -> np.ndarray:
    """Non-premultiplied uint8 (..., w, 4) to Qt's 16-bit premultiplied, as
    ``convertARGB32ToRGBA64PM_avx2`` does span by span (groups of 8)."""
    d16 = dst.astype(np.uint32) * 257
    all_zero, all_full = _group_flags(d16[..., 3], 8)
    c = d16[..., :3]
    x = (c * d16[..., 3:4]) >> 16
    x += x >> 15
    mixed = ~(all_zero | all_full)
    d16[..., :3] = np.where(mixed[..., None], x, c)
    d16[all_zero] = 0
    return d16


def _store_dest(r: np.ndarray) -> np.ndarray:
    """Qt's 16-bit premultiplied back to non-premultiplied uint8, as
    ``convertARGBFromRGBA64PM_sse4`` does span by span (groups of 4, then
    one pixel at a time for the last ``width % 4``)."""
    width = r.shape[-2]
    out = np.empty(r.shape, np.uint8)
    a = r[..., 3]
    vec = width - width % 4
    if vec:
        rv, av = r[..., :vec, :], a[..., :vec]
        all_zero, all_full = _group_flags(av, 4)
        c = np.rint(rv[..., :3].astype(np.float32) * _IA255[av][..., None])
        c = np.clip(c, 0, 255).astype(np.uint32)
        c[av == 0] = 0
        res = np.empty(rv.shape, np.uint32)
        res[..., :3] = c
        res[..., 3] = _div257(av)
        res = np.where(all_full[..., None], _div257(rv), res)
        res[all_zero] = 0
        out[..., :vec, :] = res
    if vec < width:
        rt, at = r[..., vec:, :], a[..., vec:]
        c = np.rint(rt[..., :3].astype(np.float32) * _IA65535[at][..., None])
        c = np.clip(c, 0, 65535).astype(np.uint32)
        res = np.empty(rt.shape, np.uint32)
        res[..., :3] = _div257(c)
        res[..., 3] = _div257(at)
        res = np.where((at == 0xFFFF)[..., None], _div257(rt), res)
        res[at == 0] = 0
        out[..., vec:, :] = res
    return out


def _blend(dst: np.ndarray, src_pm: np.ndarray, const_alpha: int, opaque: bool,
           transform: str = "none") -> np.ndarray:
    """One Qt image draw: ``src_pm`` (premultiplied uint8) over ``dst``
    (non-premultiplied uint8), both (..., w, 4), each row a span.

    ``opaque``: the pixmap is RGB32 (no alpha channel). ``transform``: "none"
    (drawn straight), "turn" (turned by exactly 90 or 270 degrees) or "filter"
    (any other flip or turn, drawn through Qt's smooth transformed fetch).

    * An RGB32 pixmap at full opacity, straight or turned by 90/270 degrees, is
      blitted: its bytes are copied as they are (``canUseImageBlitting``).
    * A straight RGB32 pixmap at lower opacity blends in Source mode.
    * Through the smooth transformed fetch Qt samples 1/65536 pixel off the pixel
      centre (``QSpanData::setupMatrix`` nudges the matrix by that much): weights
      65535/65536 on the right pixel and 1/65536 on its neighbours, which with
      ``_mm_mulhi_epu16`` takes 1 off twice: ``v16 -> max(v16 - 2, 0)``; such a
      draw always blends Source-over.
    """
    if opaque and const_alpha == 255 and transform != "filter":
        return src_pm.copy()
    d = _fetch_dest(dst)
    s = src_pm.astype(np.uint32) * 257
    if opaque:
        s[..., 3] = 0xFFFF
    filtered = transform != "none"
    if filtered:
        s = np.where(s >= 2, s - 2, 0).astype(np.uint32)
    if opaque and not filtered:
        # an RGB32 pixmap drawn straight: Qt switches Source-over to Source
        ca = const_alpha * 257
        r = _div65535(s * ca + d * (0xFFFF - ca))
    else:
        if const_alpha != 255:
            s = _div65535(s * (const_alpha * 257))
        r = s + _div65535(d * (0xFFFF - s[..., 3:4]))
    return _store_dest(r)


def _const_alpha(opacity: float) -> int:
    """Painter opacity to the 0..255 span coverage Qt uses."""
    opacity = min(1.0, max(0.0, opacity))
    return (255 * int(opacity * 256)) >> 8


def _tint8(tint: tuple[float, float, float, float]) -> tuple[int, int, int, int] | None:
    """An effective tint (0..1 floats) as the 8-bit colour Qt uses; None for white."""
    out = []
    for v in tint:
        c16 = int(math.floor(min(1.0, max(0.0, v)) * 65535 + 0.5))
        out.append((c16 + 128 - ((c16 + 128) >> 8)) >> 8)
    color = (out[0], out[1], out[2], out[3])
    return None if color == (255, 255, 255, 255) else color


def _round_half_up(v: float) -> int:
    return math.floor(v + 0.5)


# ---------------------------------------------------------------------------
# Images
# ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class _Picture:
    pixels: np.ndarray
    """(h, w, 4) uint8, premultiplied."""
    opaque: bool
    """No pixel is (partly) transparent: Qt keeps such a pixmap as RGB32."""
    transform: str = "none"
    """How Qt draws it: "none" (straight), "turn" (exactly 90/270 degrees), "filter"."""
    approximate: bool = False
    """Turned by an angle that is not a multiple of 90 degrees: placed by its centre."""
    base_size: tuple[int, int] = (0, 0)
    """For an approximate picture: the (w, h) it had before being turned."""
    turn: tuple[float, float, float, float] | None = None
    """A hexagonal tile turned by 60 or 120 degrees: ``pixels`` are the tile as it is and this
    the matrix (m11, m12, m21, m22) Tiled draws it with about its centre (``draw_turned``)."""
    turn_by: tuple[int, int] = (0, 0)
    """For a turned tile: the angle in degrees and the flip flags its matrix holds."""
    spans: np.ndarray | None = None
    """One draw of a turned tile: its spans and their source pixels (``_pack_spans``), relative to
    the top-left of their bounding box; ``pixels`` is then a stand-in of the box's size (no memory)."""


def _check_size(path: Path, w: int, h: int, place: str) -> None:
    if max(w, h) > MAX_IMAGE_SIDE or w * h > MAX_IMAGE_PIXELS:
        raise MapError(path, f"image is {w}x{h} pixels, larger than the limit of {MAX_IMAGE_SIDE} pixels a side "
                             f"and {MAX_IMAGE_PIXELS // (1024 * 1024)} Mpx", place)


class _ImageCache:
    """Images loaded once per render call, premultiplied as Qt does."""

    def __init__(self) -> None:
        self._images: dict[tuple[Path, tuple[int, int, int] | None], _Picture] = {}
        self._pieces: dict[tuple[object, ...], _Picture | None] = {}
        self._pixels: dict[Path, int] = {}
        """Width x height of each image file read (see :data:`MAX_MAP_IMAGE_PIXELS`)."""
        self._total = 0

    def load(self, image: Image, place: str) -> _Picture:
        trans = (image.trans.r, image.trans.g, image.trans.b) if image.trans is not None else None
        key = (image.source, trans)
        picture = self._images.get(key)
        if picture is None:
            picture = self._images[key] = self._read(image.source, trans, place)
        return picture

    def _read(self, path: Path, trans: tuple[int, int, int] | None, place: str) -> _Picture:
        try:
            data = read_user_file(path, MAX_IMAGE_FILE_BYTES)
        except UserFileError as exc:
            raise MapError(path, f"cannot read the image: {exc.detail}", place) from None
        try:
            kind, hw, hh = image_header(io.BytesIO(data), path.name)
        except ImageFormatError as exc:
            raise MapError(path, f"image refused: {exc}", place) from None
        _check_size(path, hw, hh, place)
        if path not in self._pixels:
            self._pixels[path] = hw * hh
            self._total += hw * hh
        if self._total > MAX_MAP_IMAGE_PIXELS:
            raise MapError(path, f"the map's images come to {self._total} pixels, over the limit of "
                                 f"{MAX_MAP_IMAGE_PIXELS} pixels for all the images of a map "
                                 f"(Limits.max_map_image_pixels)", place)
        try:
            # decoded as the format whose header was read (see image_header)
            surface = pygame.image.load(io.BytesIO(data), "image." + ("jpg" if kind == "JPEG" else kind.lower()))
        except (pygame.error, OSError, ValueError) as exc:
            raise MapError(path, f"cannot read the image: {exc}", place) from None
        del data
        w, h = surface.get_size()
        _check_size(path, w, h, place)
        rgba = np.frombuffer(pygame.image.tobytes(surface, "RGBA"), np.uint8).reshape(h, w, 4).copy()
        del surface
        if trans is not None:
            key = (rgba[..., 0] == trans[0]) & (rgba[..., 1] == trans[1]) & (rgba[..., 2] == trans[2])
            rgba[key & (rgba[..., 3] == 255), 3] = 0
        opaque = bool((rgba[..., 3] == 255).all())
        # premultiplied in bands of rows, in place: the arithmetic's uint32 temporaries stay small
        band = max(1, _BATCH_PIXELS // max(1, w))
        for y in range(0, h, band):
            rgba[y:y + band] = _premultiply8(rgba[y:y + band])
        return _Picture(rgba, opaque)

    def piece(self, key: tuple[object, ...], make: Callable[[], _Picture | None]) -> _Picture | None:
        """A derived picture (a tile cut out, flipped...), made once."""
        if key not in self._pieces:
            self._pieces[key] = make()
        return self._pieces[key]


def _transformed(pixels: np.ndarray, flags: int) -> np.ndarray:
    """Tiled's flips: diagonal (a transpose) first, then horizontal, then vertical."""
    if flags & FLIPPED_DIAGONALLY:
        pixels = pixels.transpose(1, 0, 2)
    if flags & FLIPPED_HORIZONTALLY:
        pixels = pixels[:, ::-1]
    if flags & FLIPPED_VERTICALLY:
        pixels = pixels[::-1]
    return np.ascontiguousarray(pixels)


def _flip_matrix(flags: int) -> tuple[int, int, int, int]:
    """The 2x2 matrix (m11, m12, m21, m22; x' = m11 x + m12 y) Tiled's CellRenderer
    draws a cell with: a diagonal flip is rotate(90) with the other flips swapped."""
    h, v = bool(flags & FLIPPED_HORIZONTALLY), bool(flags & FLIPPED_VERTICALLY)
    if flags & FLIPPED_DIAGONALLY:
        sx, sy = (-1 if v else 1), (1 if h else -1)
        return 0, -sy, sx, 0
    return (-1 if h else 1), 0, 0, (-1 if v else 1)


def _transform_kind(m: tuple[int, int, int, int]) -> str:
    if m == (1, 0, 0, 1):
        return "none"
    if m in ((0, -1, 1, 0), (0, 1, -1, 0)):
        return "turn"
    return "filter"


class _Tiles:
    """Tile pictures by gid (flip flags included), from a map's tilesets."""

    def __init__(self, tmap: TiledMap, images: _ImageCache) -> None:
        self.tmap = tmap
        self.images = images
        self.hex = tmap.orientation is Orientation.HEXAGONAL

    def picture(self, gid: int, tint: tuple[int, int, int, int] | None = None) -> tuple[_Picture, Tileset] | None:
        tileset = self.tmap.tileset_for(gid)
        if tileset is None:
            return None
        flags = gid & (FLIPPED_HORIZONTALLY | FLIPPED_VERTICALLY | FLIPPED_DIAGONALLY | ROTATED_HEXAGONAL_120)
        if not self.hex:
            flags &= ~ROTATED_HEXAGONAL_120
        local = (gid & GID_MASK) - tileset.firstgid
        pic = self.images.piece(("tile", tileset.firstgid, local, flags, tint),
                                lambda: self._make(tileset, local, flags, tint))
        return None if pic is None else (pic, tileset)

    def _make(self, tileset: Tileset, local: int, flags: int,
              tint: tuple[int, int, int, int] | None) -> _Picture | None:
        found = self._cut(tileset, local)
        if found is None:
            return None
        pixels, opaque = found
        transform = "none"
        tile = tileset.tiles.get(local)
        if tile is not None and tile.animation:
            # Tiled draws an animation's first frame, at the size of the tile itself
            frame = self._cut(tileset, tile.animation[0].tile_id)
            if frame is None:
                return None
            size = (pixels.shape[1], pixels.shape[0])
            pixels, opaque = frame
            if (pixels.shape[1], pixels.shape[0]) != size:
                pixels, transform = _resize_nearest(pixels, size), "filter"
        picture = _Picture(pixels, opaque, transform)
        if tint is not None:
            picture = _tinted(picture, tint)
        if self.hex and flags & (FLIPPED_DIAGONALLY | ROTATED_HEXAGONAL_120):
            # Tiled turns hexagonal tiles by 60 degrees for the diagonal flag and 120 for its own
            angle = (60 if flags & FLIPPED_DIAGONALLY else 0) + (120 if flags & ROTATED_HEXAGONAL_120 else 0)
            flags &= FLIPPED_HORIZONTALLY | FLIPPED_VERTICALLY
            if angle == 180:  # rotate(180) is the matrix of both flips: drawn as a flipped tile
                flags ^= FLIPPED_HORIZONTALLY | FLIPPED_VERTICALLY
            elif transform == "none":
                return _Picture(picture.pixels, picture.opaque, "turn-exact", turn=_turn_matrix(angle, flags),
                                turn_by=(angle, flags))
            else:  # an animation frame of another size: approximated
                flipped = _transformed(picture.pixels, flags)
                h, w = flipped.shape[:2]
                if (w + h) ** 2 > MAX_IMAGE_PIXELS:  # turned, it may take up to (w + h) pixels a side
                    raise MapError(self.tmap.path, f"a {w}x{h} hexagonal tile turned by {angle} degrees would be over "
                                                   f"the limit of {MAX_IMAGE_PIXELS // (1024 * 1024)} megapixels of one "
                                                   f"picture (MAX_IMAGE_PIXELS)", f"tileset {named(tileset.name)}, tile {local}")
                return _Picture(_rotate_pygame(flipped, angle), False, "filter", approximate=True, base_size=(w, h))
        kind = _transform_kind(_flip_matrix(flags)) if transform == "none" else transform
        return _Picture(_transformed(picture.pixels, flags), picture.opaque, kind)

    def _cut(self, tileset: Tileset, local: int) -> tuple[np.ndarray, bool] | None:
        """A tile's own pixels (premultiplied) and whether its whole image is opaque."""
        image = _tile_image(tileset, local)
        if image is None:
            return None
        place = f"tileset {named(tileset.name)}" + ("" if tileset.image is not None else f", tile {local}")
        whole = self.images.load(image, place)
        ih, iw = whole.pixels.shape[:2]
        box = _tile_box(tileset, local, iw, ih)
        if box is None:
            return None
        x, y, w, h = box
        return whole.pixels[y:y + h, x:x + w], whole.opaque


def _tile_image(tileset: Tileset, local: int) -> Image | None:
    """The image a tile is cut from: its tileset's, or (an image collection) its own."""
    if tileset.image is not None:
        return tileset.image
    tile = tileset.tiles.get(local)
    return None if tile is None else tile.image


def _tile_box(tileset: Tileset, local: int, iw: int, ih: int) -> tuple[int, int, int, int] | None:
    """Where a tile lies (x, y, w, h) in its image (:func:`_tile_image`) of ``iw`` x ``ih`` pixels; None if it
    has no pixels there. Both the drawing (:meth:`_Tiles._cut`) and the sizing (:func:`size_picture`) cut here."""
    if tileset.image is not None:
        tw, th, sp, mg = tileset.tile_width, tileset.tile_height, tileset.spacing, tileset.margin
        # Tiled cuts as many tiles as the actual image holds, counting the margin once (left, top)
        columns = max(0, (iw - mg + sp) // (tw + sp))
        rows = max(0, (ih - mg + sp) // (th + sp))
        if local < 0 or columns == 0 or local >= columns * rows:
            return None
        x, y, w, h = mg + (local % columns) * (tw + sp), mg + (local // columns) * (th + sp), tw, th
    else:
        tile = tileset.tiles.get(local)
        x, y, w, h = (0, 0, iw, ih) if tile is None or tile.rect is None else tile.rect
    w, h = max(0, min(x + w, iw) - x), max(0, min(y + h, ih) - y)  # numpy's slicing, as _cut takes it
    return None if w == 0 or h == 0 else (x, y, w, h)


# ---------------------------------------------------------------------------
# The canvas: draws queued and composed in batches
# ---------------------------------------------------------------------------

_DrawKey = tuple[int, int, int, bool, str]
"""A draw's (width, height, const_alpha, opaque, transform) once clipped: draws with the same key may be
composed together."""


def _place(picture: _Picture, x: float, y: float, const_alpha: int, width: int,
           height: int) -> tuple[int, int, np.ndarray, _DrawKey] | None:
    """Where a draw of ``picture`` with its top-left corner at device (x, y) lands on a ``width`` x
    ``height`` picture: its clipped top-left, pixels and key; None if it draws nothing."""
    if const_alpha <= 0:
        return None
    px = picture.pixels
    h, w = px.shape[:2]
    x0, y0 = _round_half_up(x), _round_half_up(y)
    if picture.spans is not None:  # a turned tile's spans, already cut to the picture
        return x0, y0, picture.spans, (w, h, const_alpha, False, "spans")
    # clip to the picture: each clipped row is a shorter span starting at the edge
    cx0, cy0 = max(x0, 0), max(y0, 0)
    cx1, cy1 = min(x0 + w, width), min(y0 + h, height)
    if cx0 >= cx1 or cy0 >= cy1:
        return None
    src = px[cy0 - y0:cy1 - y0, cx0 - x0:cx1 - x0]
    return cx0, cy0, src, (cx1 - cx0, cy1 - cy0, const_alpha, picture.opaque, picture.transform)


class _Canvas:
    """A non-premultiplied RGBA picture that Qt-style draws are composed onto.

    Draws that neither overlap nor differ in size, opacity or kind are composed
    together in one numpy pass; the result is the same as drawing them one by one.
    """

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.pixels = np.zeros((height, width, 4), np.uint8)
        self._touched = np.zeros((height, width), bool)
        self._key: _DrawKey | None = None
        self._items: list[tuple[int, int, np.ndarray]] = []
        self._area = 0
        # turned tiles, queued apart: their spans, their pixels, and the opacity they share
        self._turned: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = []
        self._turned_alpha = 0
        self._turned_touched = np.zeros((height, width), bool)
        self._turned_pixels: list[tuple[np.ndarray, np.ndarray]] = []

    def draw(self, picture: _Picture, x: float, y: float, const_alpha: int) -> None:
        """Draw ``picture`` with its top-left corner at device (x, y)."""
        placed = _place(picture, x, y, const_alpha, self.width, self.height)
        if placed is not None:
            self.put(*placed)

    def put(self, cx0: int, cy0: int, src: np.ndarray, key: _DrawKey) -> None:
        """Compose a draw as :func:`_place` cut it (``src`` at (cx0, cy0), wholly inside the canvas)."""
        if key[4] == "spans":
            self._put_turned(cx0, cy0, src, key[2])
            return
        cx1, cy1 = cx0 + key[0], cy0 + key[1]
        if self._turned and self._turned_touched[cy0:cy1, cx0:cx1].any():
            self._flush_turned()
        if self._key != key or self._touched[cy0:cy1, cx0:cx1].any() \
                or self._area + src.shape[0] * src.shape[1] > _BATCH_PIXELS:
            self._flush_items()
            self._key = key
        self._touched[cy0:cy1, cx0:cx1] = True
        self._items.append((cx0, cy0, src))
        self._area += src.shape[0] * src.shape[1]

    def flush(self) -> None:
        """Compose every draw still queued."""
        self._flush_items()
        self._flush_turned()

    def _flush_items(self) -> None:
        if not self._items:
            return
        assert self._key is not None
        w, h, const_alpha, opaque, transform = self._key
        if opaque and const_alpha == 255 and transform != "filter":
            # what _blend does then: the bytes copied as they are (no two items of a batch overlap)
            for x0, y0, src in self._items:
                self.pixels[y0:y0 + h, x0:x0 + w] = src
        else:
            xs = np.array([it[0] for it in self._items])
            ys = np.array([it[1] for it in self._items])
            rows = ys[:, None, None] + np.arange(h)[None, :, None]
            cols = xs[:, None, None] + np.arange(w)[None, None, :]
            src = np.stack([it[2] for it in self._items])
            self.pixels[rows, cols] = _blend(self.pixels[rows, cols], src, const_alpha, opaque, transform)
        for x0, y0, _ in self._items:
            self._touched[y0:y0 + h, x0:x0 + w] = False
        self._items.clear()
        self._key = None
        self._area = 0

    def _put_turned(self, cx0: int, cy0: int, packed: np.ndarray, const_alpha: int) -> None:
        """Queue a turned tile's spans (packed by :func:`_pack_spans`, placed at (cx0, cy0)). Turned
        tiles that cover no pixel of each other (nor of queued rectangles) are composed together."""
        ys, x0s, lens, src = _unpack_spans(packed)
        ys, x0s = ys + cy0, x0s + cx0
        rows = np.repeat(ys, lens)
        cols = np.repeat(x0s, lens) + np.arange(rows.size) - np.repeat(np.cumsum(lens) - lens, lens)
        if self._items and self._touched[rows, cols].any():
            self._flush_items()
        if self._turned and (self._turned_alpha != const_alpha or self._turned_touched[rows, cols].any()):
            self._flush_turned()
        self._turned.append((ys, x0s, lens, src))
        self._turned_pixels.append((rows, cols))
        self._turned_alpha = const_alpha
        self._turned_touched[rows, cols] = True

    def _flush_turned(self) -> None:
        if not self._turned:
            return
        ys, x0s, lens, src = (np.concatenate(parts) for parts in zip(*self._turned))
        _compose_spans(self.pixels, ys, x0s, lens, src, self._turned_alpha)
        for rows, cols in self._turned_pixels:
            self._turned_touched[rows, cols] = False
        self._turned.clear()
        self._turned_pixels.clear()

    def surface(self) -> pygame.Surface:
        self.flush()
        return pygame.image.frombytes(self.pixels.tobytes(), (self.width, self.height), "RGBA")


class _Recorder:
    """Stands in for the canvas while the renderer runs: keeps every draw, in order, uncomposed."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.pictures: list[_Picture] = []
        """Each distinct picture drawn, once."""
        # compact arrays, not lists: a map may make millions of draws
        self.which = array("q")
        """Per draw: its picture's index in :attr:`pictures`."""
        self.xs = array("d")
        self.ys = array("d")
        self.alphas = array("H")
        self._index: dict[int, int] = {}

    def draw(self, picture: _Picture, x: float, y: float, const_alpha: int) -> None:
        index = self._index.get(id(picture))
        if index is None:
            index = self._index[id(picture)] = len(self.pictures)
            self.pictures.append(picture)
        self.which.append(index)
        self.xs.append(x)
        self.ys.append(y)
        self.alphas.append(const_alpha)


class MapPicture:
    """A map's picture composed region by region when asked: each pixel exactly as :func:`render_map`'s.

    Opening records the draws (no pixel is composed) and files them by the
    *buckets* (a grid of the map's tile size) their pictures may cover. A region
    is then composed from the draws it needs, in their order. Which are needed:
    every draw that covers the region, and the earlier draws its result there
    depends on: Qt's arithmetic on a pixel reads the destination pixels of its
    group of 8 in the span (see ``_blend``), so the draws under those pixels
    before it, and so on (a draw copied as it is reads nothing). A bucket counts
    as a whole, which may take a few draws more than needed, never fewer. For a
    map whose tiles fit their cells, a region needs just its own cells; a
    translucent picture over the whole map adds a few pixels, not the whole map.
    """

    def __init__(self, tmap: TiledMap, *, hidden_layers: Iterable[str] = ()) -> None:
        names = (hidden_layers,) if isinstance(hidden_layers, str) else tuple(hidden_layers)
        plan = _Renderer(tmap, names).record()
        self.size = (plan.width, plan.height)
        self._plan = plan
        self.count = len(plan.which)
        # Each draw's rectangle, in buckets, wherever _place rounds it to: its left pixel is between
        # floor(x) and ceil(x) (likewise for y). A bucket's size changes only the work, never the pixels:
        # at most 2048 x 2048 buckets, grown until the draws' bucket entries are at most _BUCKET_ENTRIES.
        which = np.asarray(plan.which, np.intp)
        sizes = np.array([p.pixels.shape[:2] for p in plan.pictures] or [(0, 0)], np.int64)[which]
        xs, ys = np.asarray(plan.xs, np.float64), np.asarray(plan.ys, np.float64)
        bw, bh = max(8, tmap.tile_width, -(-plan.width // 2048)), max(8, tmap.tile_height, -(-plan.height // 2048))
        while True:
            self._columns = -(-plan.width // bw)
            rows = -(-plan.height // bh)
            bx0 = np.clip(np.floor(xs).astype(np.int64) // bw, 0, self._columns - 1)
            bx1 = np.clip((np.ceil(xs).astype(np.int64) + sizes[:, 1] - 1) // bw, 0, self._columns - 1)
            by0 = np.clip(np.floor(ys).astype(np.int64) // bh, 0, rows - 1)
            by1 = np.clip((np.ceil(ys).astype(np.int64) + sizes[:, 0] - 1) // bh, 0, rows - 1)
            bx1, by1 = np.maximum(bx0, bx1), np.maximum(by0, by1)
            across = bx1 - bx0 + 1
            counts = across * (by1 - by0 + 1)
            if int(counts.sum()) <= max(_BUCKET_ENTRIES, self.count) or (self._columns == 1 and rows == 1):
                break
            bw, bh = bw * 2, bh * 2
        self.bucket = (bw, bh)
        # The draws of each bucket, in drawing order (compressed rows: bucket b holds members[ptr[b]:ptr[b + 1]]).
        draw = np.repeat(np.arange(self.count), counts)
        nth = np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)
        bucket = (by0[draw] + nth // across[draw]) * self._columns + bx0[draw] + nth % across[draw]
        order = np.lexsort((draw, bucket))
        self._members = array("q", draw[order].astype(np.int64).tobytes())
        self._ptr = array("q", np.concatenate(
            ([0], np.cumsum(np.bincount(bucket, minlength=self._columns * rows)))).astype(np.int64).tobytes())

    def needed(self, left: int, top: int, width: int, height: int) -> list[int]:
        """The draws (indices, in drawing order) the picture's pixels in the rectangle depend on."""
        return [k for k, _ in self._needed(left, top, width, height)]

    def _needed(self, left: int, top: int, width: int,
                height: int) -> list[tuple[int, tuple[int, int, np.ndarray, _DrawKey]]]:
        """:meth:`needed`, each with where :func:`_place` puts it.

        A bucket is needed up to a bound: its draws before the bound are. A draw that covers a needed
        bucket is needed; unless it copies its pixels as they are (then it reads nothing under it), the
        pixels it reads there are needed before it: Qt reads the destination by groups of 8 pixels
        counted from the span's start, so the bucket's columns under the draw grown to whole groups, in
        the same rows."""
        bw, bh = self.bucket
        columns, rows = self._columns, (len(self._ptr) - 1) // self._columns
        i0, i1 = max(0, left // bw), min(columns - 1, (left + width - 1) // bw)
        j0, j1 = max(0, top // bh), min(rows - 1, (top + height - 1) // bh)
        bound: dict[int, int] = {}
        walked: dict[int, int] = {}
        work: list[int] = []
        for j in range(j0, j1 + 1):
            for i in range(i0, i1 + 1):
                bound[j * columns + i] = self.count
                work.append(j * columns + i)
        members, ptr = self._members, self._ptr
        plan = self._plan
        placed: dict[int, tuple[int, int, np.ndarray, _DrawKey] | None] = {}
        needed: dict[int, tuple[int, int, np.ndarray, _DrawKey]] = {}
        while work:
            b = work.pop()
            start = walked.get(b, ptr[b])
            stop = bisect.bisect_left(members, bound[b], start, ptr[b + 1])
            if stop <= start:
                continue
            walked[b] = stop
            j, i = divmod(b, columns)
            x0, x1, y0, y1 = i * bw, (i + 1) * bw, j * bh, (j + 1) * bh
            for k in members[start:stop]:
                if k in placed:
                    got = placed[k]
                else:
                    got = placed[k] = _place(plan.pictures[plan.which[k]], plan.xs[k], plan.ys[k], plan.alphas[k],
                                             plan.width, plan.height)
                if got is None:
                    continue
                cx, cy, _, key = got
                w, h, const_alpha, opaque, transform = key
                if cx >= x1 or cx + w <= x0 or cy >= y1 or cy + h <= y0:
                    continue  # the bucket spans are a draw's widest: this one misses the bucket
                needed[k] = got
                if opaque and const_alpha == 255 and transform != "filter":
                    continue  # copied as is (see _blend)
                if transform == "spans":  # a turned tile: groups of 8 count from each span's own start
                    g0 = max(cx, max(x0, cx) - 7)
                    g1 = min(cx + w, min(x1, cx + w) + 7)
                else:
                    g0 = cx + (max(x0, cx) - cx) // 8 * 8
                    g1 = min(cx + w, cx - (-(min(x1, cx + w) - cx) // 8) * 8)
                for c in range(j * columns + g0 // bw, j * columns + (g1 - 1) // bw + 1):
                    if bound.get(c, -1) < k:
                        bound[c] = k
                        work.append(c)
        return sorted(needed.items())

    def pixels(self, left: int, top: int, width: int, height: int) -> np.ndarray:
        """The picture's RGBA pixels (``(height, width, 4)`` uint8) in the rectangle, composed now; transparent
        black outside the picture, as :func:`render_map`'s canvas starts."""
        out = np.zeros((height, width, 4), np.uint8)
        placed = [got for _, got in self._needed(left, top, width, height)]
        if not placed:
            return out
        x0 = min(p[0] for p in placed)
        y0 = min(p[1] for p in placed)
        x1 = max(p[0] + p[3][0] for p in placed)
        y1 = max(p[1] + p[3][1] for p in placed)
        canvas = _Canvas(x1 - x0, y1 - y0)
        for cx, cy, src, key in placed:
            canvas.put(cx - x0, cy - y0, src, key)
        canvas.flush()
        ox0, oy0 = max(left, x0), max(top, y0)
        ox1, oy1 = min(left + width, x1), min(top + height, y1)
        if ox0 < ox1 and oy0 < oy1:
            out[oy0 - top:oy1 - top, ox0 - left:ox1 - left] = canvas.pixels[oy0 - y0:oy1 - y0, ox0 - x0:ox1 - x0]
        return out

    def surface(self, left: int, top: int, width: int, height: int) -> pygame.Surface:
        """:meth:`pixels` as a surface in :func:`render_map`'s format."""
        return pygame.image.frombytes(self.pixels(left, top, width, height).tobytes(), (width, height), "RGBA")


# ---------------------------------------------------------------------------
# Hexagonal tiles turned by 60 or 120 degrees, as Qt 5.15.8's raster engine draws them
# ---------------------------------------------------------------------------
#
# Tiled's CellRenderer draws such a tile about its centre with the painter matrix
# translate(centre) * rotate(angle) [* scale(+-1, +-1) when flipped], target rect
# (-w/2, -h/2, w, h). QRasterPaintEngine::drawImage then (no shear, no antialiasing)
# rasterizes that rectangle as a thick line between the midpoints of its left and
# right edges (QRasterizer::rasterizeLine, aliased: one span per row), and fills the
# spans with the image fetched bilinearly through the inverted matrix in 16.16 fixed
# point (fetchTransformedBilinear64_uint32, interpolate_4_pixels_rgb64 in SSE2), composed
# Source-over in the 64-bit pipeline. Every step below follows that code, double for
# double and integer for integer.

_DEG2RAD = 0.017453292519943295769
"""Qt's ``deg2rad`` (qtransform.cpp)."""


def _turn_matrix(angle: float, flags: int) -> tuple[float, float, float, float]:
    """``QTransform().rotate(angle)`` then ``.scale(sx, sy)`` for the flips: (m11, m12, m21, m22)."""
    b = _DEG2RAD * angle
    sina, cosa = math.sin(b), math.cos(b)
    m11, m12, m21, m22 = cosa, sina, -sina, cosa
    sx = -1.0 if flags & FLIPPED_HORIZONTALLY else 1.0
    sy = -1.0 if flags & FLIPPED_VERTICALLY else 1.0
    return m11 * sx, m12 * sx, m21 * sy, m22 * sy


def _q16(x: float) -> int:
    """``qSafeFloatToQ16Dot16``: truncation toward zero, saturating."""
    t = x * 65536.0
    if t > 2147483647.0:
        return 2147483647
    if t < -2147483648.0:
        return -2147483647
    return int(t)


def _safe_divide(x: float, y: float) -> float:
    if y == 0:
        return 1e20 if x > 0 else -1e20
    return x / y


def _snap26(x: float, y: float) -> tuple[float, float]:
    return math.floor(x * 64) * (1 / 64.0), math.floor(y * 64) * (1 / 64.0)


def _same26(p1: float, p2: float) -> bool:
    return int((p2 - p1) * 64.0) == 0


def _rect_contains(rect: tuple[float, float, float, float], x: float, y: float) -> bool:
    """``QRectF::contains(QPointF)`` of a rect given as (left, top, right, bottom)."""
    l, t, r, b = rect
    if l == r or t == b:
        return False
    return l <= x <= r and t <= y <= b


def _raster_line(a: tuple[float, float], b: tuple[float, float], width: float,
                 clip: tuple[int, int, int, int]) -> list[tuple[int, int, int]]:
    """``QRasterizer::rasterizeLine(a, b, width)``, aliased, no legacy rounding: (y, x, len) spans.

    ``clip`` is the device rect (left, top, right, bottom), inclusive like a QRect.
    """
    spans: list[tuple[int, int, int]] = []
    cl, ct, cr, cb = clip
    if a == b or not width > 0.0 or cr < cl or cb < ct:
        return spans

    def add(x: int, length: int, y: int) -> None:
        if length:
            spans.append((y, x, length))

    pa, pb = a, b
    ox, oy = abs(b[1] - a[1]) * width * 0.5, abs(b[0] - a[0]) * width * 0.5
    crect = (cl - ox, ct - oy, cr + 1 + ox, cb + 1 + oy)
    if not _rect_contains(crect, *pa) or not _rect_contains(crect, *pb):
        t1, t2 = 0.0, 1.0
        o = (pa[0], pa[1])
        d = (pb[0] - pa[0], pb[1] - pa[1])
        low, high = (crect[0], crect[1]), (crect[2], crect[3])
        for i in range(2):
            if d[i] == 0:
                if o[i] <= low[i] or o[i] >= high[i]:
                    return spans
                continue
            d_inv = 1 / d[i]
            t_low = (low[i] - o[i]) * d_inv
            t_high = (high[i] - o[i]) * d_inv
            if t_low > t_high:
                t_low, t_high = t_high, t_low
            t1 = max(t1, t_low)
            t2 = min(t2, t_high)
            if t1 >= t2:
                return spans
        pa = (pa[0] + (pb[0] - pa[0]) * t1, pa[1] + (pb[1] - pa[1]) * t1)
        pb = (a[0] + (b[0] - a[0]) * t2, a[1] + (b[1] - a[1]) * t2)
    d0 = (a[0] - b[0], a[1] - b[1])
    w0 = d0[0] * d0[0] + d0[1] * d0[1]
    dd = (pa[0] - pb[0], pa[1] - pb[1])
    w = dd[0] * dd[0] + dd[1] * dd[1]
    if w == 0:
        return spans
    width *= math.sqrt(w0 / w)

    if _same26(pa[1], pb[1]):
        mx = (pa[0] + pb[0]) * 0.5
        dx = abs(pb[0] - pa[0]) * 0.5
        my = pa[1]
        dy = width * dx
        pa, pb = (mx, my - dy), (mx, my + dy)
        width = 1 / width

    if _same26(pa[0], pb[0]):
        if pa[1] > pb[1]:
            pa, pb = pb, pa
        dy = pb[1] - pa[1]
        half = 0.5 * width * dy
        left = min(max(float(cl), pa[0] - half), float(cr + 1))
        right = min(max(float(cl), pa[0] + half), float(cr + 1))
        pa = (pa[0], min(max(float(ct), pa[1]), float(cb + 1)))
        pb = (pb[0], min(max(float(ct), pb[1]), float(cb + 1)))
        if _same26(left, right) or _same26(pa[1], pb[1]):
            return spans
        i_top = int(pa[1] + 0.5)
        i_bottom = -1 if pb[1] < 0.5 else int(pb[1] - 0.5)
        i_left = int(left + 0.5)
        i_right = -1 if right < 0.5 else int(right - 0.5)
        for yy in range(i_top, i_bottom + 1):
            add(i_left, i_right - i_left + 1, yy)
        return spans

    if pa[1] > pb[1]:
        pa, pb = pb, pa
    k = 0.5 * width
    delta = ((pb[0] - pa[0]) * k, (pb[1] - pa[1]) * k)
    perp = (delta[1], -delta[0])
    if pa[0] < pb[0]:
        top = (pa[0] + perp[0], pa[1] + perp[1])
        left_p = (pa[0] - perp[0], pa[1] - perp[1])
        right_p = (pb[0] + perp[0], pb[1] + perp[1])
        bottom = (pb[0] - perp[0], pb[1] - perp[1])
    else:
        top = (pa[0] - perp[0], pa[1] - perp[1])
        left_p = (pb[0] - perp[0], pb[1] - perp[1])
        right_p = (pa[0] + perp[0], pa[1] + perp[1])
        bottom = (pb[0] + perp[0], pb[1] + perp[1])
    top, bottom, left_p, right_p = _snap26(*top), _snap26(*bottom), _snap26(*left_p), _snap26(*right_p)

    top_left_slope = _safe_divide(left_p[0] - top[0], left_p[1] - top[1])
    bottom_left_slope = _safe_divide(bottom[0] - left_p[0], bottom[1] - left_p[1])
    top_right_slope = _safe_divide(right_p[0] - top[0], right_p[1] - top[1])
    bottom_right_slope = _safe_divide(bottom[0] - right_p[0], bottom[1] - right_p[1])
    tls, trs = _q16(top_left_slope), _q16(top_right_slope)
    bls, brs = _q16(bottom_left_slope), _q16(bottom_right_slope)

    i_top = int(top[1] + 0.5)
    i_left = -1 if left_p[1] < 0.5 else int(left_p[1] - 0.5)
    i_right = -1 if right_p[1] < 0.5 else int(right_p[1] - 0.5)
    i_bottom = -1 if bottom[1] < 0.5 else int(bottom[1] - 0.5)
    i_middle = min(i_left, i_right)

    # (in C, iTop + 0.5f is a float sum: exact for these sizes)
    state = {
        "la": _q16(top[0] + 0.5 + (i_top + 0.5 - top[1]) * top_left_slope),
        "lb": _q16(left_p[0] + 0.5 + (i_left + 1.5 - left_p[1]) * bottom_left_slope),
        "ra": _q16(top[0] - 0.5 + (i_top + 0.5 - top[1]) * top_right_slope),
        "rb": _q16(right_p[0] - 0.5 + (i_right + 1.5 - right_p[1]) * bottom_right_slope),
    }
    y = i_top

    def segment(nxt: int, li: str, ri: str, ls: int, rs: int) -> None:
        nonlocal y
        ny = min(nxt + 1, ct)
        if y < ny:
            state[li] += ls * (ny - y)
            state[ri] += rs * (ny - y)
            y = ny
        nxt = min(nxt, cb)
        while y <= nxt:
            x1 = max(state[li] >> 16, cl)
            x2 = min(state[ri] >> 16, cr)
            if x2 >= x1:
                add(x1, x2 - x1 + 1, y)
            state[li] += ls
            state[ri] += rs
            y += 1

    segment(i_middle, "la", "ra", tls, trs)
    segment(i_right, "lb", "ra", bls, trs)
    segment(i_left, "la", "rb", tls, brs)
    segment(i_bottom, "lb", "rb", bls, brs)
    return spans


def _turned_spans(picture: _Picture, cx: float, cy: float, width: int,
                  height: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
    """The spans Qt fills for a turned tile, as arrays: rows, first columns, lengths, and the
    16-bit premultiplied source pixels of all spans one after the other (None: nothing to fill)."""
    assert picture.turn is not None
    m11, m12, m21, m22 = picture.turn
    src = picture.pixels
    h, w = src.shape[:2]
    # the painter matrix (translate(centre) * rotate [* scale]) and the target rect
    rx, ry, rw, rh = -0.5 * w, -0.5 * h, float(w), float(h)

    def mapped(px: float, py: float) -> tuple[float, float]:
        return m11 * px + m21 * py + cx, m12 * px + m22 * py + cy

    # QRasterPaintEngine::drawImage: a thick line through the middles of the left and right edges
    a = mapped(*(((rx + rx) * 0.5), ((ry + (ry + rh)) * 0.5)))
    b = mapped(*((((rx + rw) + (rx + rw)) * 0.5), ((ry + (ry + rh)) * 0.5)))
    spans = _raster_line(a, b, rh / rw, (0, 0, width - 1, height - 1))
    if not spans:
        return None
    # copy = matrix.translate(r.x, r.y); QSpanData::setupMatrix: inverse of translate(1/65536) * copy
    dx = cx + (rx * m11 + ry * m21)
    dy = cy + (ry * m22 + rx * m12)
    e = 1.0 / 65536
    t31 = e * m11 + e * m21 + dx
    t32 = e * m12 + e * m22 + dy
    det = m11 * m22 - m12 * m21
    dinv = 1.0 / det
    i11, i12, i21, i22 = m22 * dinv, -m12 * dinv, -m21 * dinv, m11 * dinv
    idx = (m21 * t32 - m22 * t31) * dinv
    idy = (m12 * t31 - m11 * t32) * dinv
    fdx, fdy = int(i11 * 65536), int(i12 * 65536)
    s16 = src.astype(np.int64) * 257
    if picture.opaque:
        s16[..., 3] = 0xFFFF
    table = np.array(spans, dtype=np.int64)
    ys, x0s, lens = table[:, 0], table[:, 1], table[:, 2]
    # fetchTransformedBilinear64_uint32, span by span: the start in 16.16 fixed point, then steps
    qcx, qcy = x0s + 0.5, ys + 0.5
    fx0 = np.trunc((i21 * qcy + i11 * qcx + idx) * 65536).astype(np.int64) - 32768
    fy0 = np.trunc((i22 * qcy + i12 * qcx + idy) * 65536).astype(np.int64) - 32768
    starts = np.cumsum(lens) - lens
    steps = np.arange(int(lens.sum()), dtype=np.int64) - np.repeat(starts, lens)
    fx = np.repeat(fx0, lens) + steps * fdx
    fy = np.repeat(fy0, lens) + steps * fdy
    x1, y1 = fx >> 16, fy >> 16
    # fetchTransformedBilinear_pixelBounds: clamp to the image, then the neighbour
    x2 = np.where(x1 < 0, 0, np.where(x1 >= w - 1, w - 1, x1 + 1))
    x1 = np.clip(x1, 0, w - 1)
    y2 = np.where(y1 < 0, 0, np.where(y1 >= h - 1, h - 1, y1 + 1))
    y1 = np.clip(y1, 0, h - 1)
    distx = (fx & 0xFFFF)[:, None]
    disty = (fy & 0xFFFF)[:, None]
    tl, tr = s16[y1, x1], s16[y1, x2]
    bl, br = s16[y2, x1], s16[y2, x2]
    # interpolate_4_pixels_rgb64 (SSE2): _mm_mulhi_epu16, each step skipped when its weight is 0
    has_y = disty != 0
    left = np.where(has_y, ((tl * ((0x10000 - disty) & 0xFFFF)) >> 16) + ((bl * disty) >> 16), tl) & 0xFFFF
    right = np.where(has_y, ((tr * ((0x10000 - disty) & 0xFFFF)) >> 16) + ((br * disty) >> 16), tr) & 0xFFFF
    has_x = distx != 0
    out = np.where(has_x, ((left * ((0x10000 - distx) & 0xFFFF)) >> 16) + ((right * distx) >> 16), left) & 0xFFFF
    return ys, x0s, lens, out.astype(np.uint32)


def _pack_spans(ys: np.ndarray, x0s: np.ndarray, lens: np.ndarray, src: np.ndarray) -> np.ndarray:
    """Spans and their 16-bit source pixels as one int32 array: a header row [rows, pixels, 0, 0],
    a row [y, x, len, 0] per span, then the pixels."""
    table = np.zeros((1 + ys.size + src.shape[0], 4), np.int32)
    table[0, :2] = ys.size, src.shape[0]
    table[1:1 + ys.size, 0], table[1:1 + ys.size, 1], table[1:1 + ys.size, 2] = ys, x0s, lens
    table[1 + ys.size:] = src
    return table


def _unpack_spans(table: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    rows = int(table[0, 0])
    head = table[1:1 + rows].astype(np.int64)
    return head[:, 0], head[:, 1], head[:, 2], table[1 + rows:].astype(np.uint32)


def _span_draw(picture: _Picture, cx: float, cy: float, width: int,
               height: int) -> tuple[_Picture, int, int] | None:
    """A turned tile drawn about (cx, cy) on a ``width`` x ``height`` picture as one draw: a picture
    holding its spans, and the top-left of their bounding box (None: it covers no pixel)."""
    found = _turned_spans(picture, cx, cy, width, height)
    if found is None:
        return None
    ys, x0s, lens, src = found
    left, top = int(x0s.min()), int(ys.min())
    box_w, box_h = int((x0s + lens).max()) - left, int(ys.max()) + 1 - top
    stand_in = np.broadcast_to(np.zeros((1, 1, 4), np.uint8), (box_h, box_w, 4))
    packed = _pack_spans(ys - top, x0s - left, lens, src)
    return _Picture(stand_in, False, "spans", spans=packed), left, top


def _group_all(mask: np.ndarray, size: int) -> np.ndarray:
    """Per pixel: whether ``mask`` holds for its whole group of ``size`` along the last axis
    (groups counted from index 0; the last may be short)."""
    width = mask.shape[-1]
    groups = -(-width // size)
    pad = groups * size - width
    if pad:
        mask = np.pad(mask, [(0, 0)] * (mask.ndim - 1) + [(0, pad)], constant_values=True)
    whole = mask.reshape(mask.shape[:-1] + (groups, size)).all(axis=-1)
    return np.repeat(whole, size, axis=-1)[..., :width]


def _compose_spans(canvas: np.ndarray, ys: np.ndarray, x0s: np.ndarray, lens: np.ndarray,
                   src: np.ndarray, const_alpha: int) -> None:
    """Source-over of 16-bit premultiplied ``src`` on spans of different lengths, each composed as
    Qt composes one span (``_fetch_dest``, ``_blend``, ``_store_dest``), all in one numpy pass:
    the rows are padded to the longest and the padding is neutral in every group test."""
    longest = int(lens.max())
    col = np.arange(longest)
    valid = col[None, :] < lens[:, None]
    xs = np.where(valid, x0s[:, None] + col[None, :], x0s[:, None])
    rows = np.broadcast_to(ys[:, None], xs.shape)
    s = np.zeros(xs.shape + (4,), np.uint32)
    s[valid] = src
    # the destination as Qt reads it: 16-bit premultiplied, groups of 8 from the span start
    d16 = canvas[rows, xs].astype(np.uint32) * 257
    a = d16[..., 3]
    all_zero = _group_all((a == 0) | ~valid, 8)
    all_full = _group_all((a == 0xFFFF) | ~valid, 8)
    c = d16[..., :3]
    x = (c * d16[..., 3:4]) >> 16
    x += x >> 15
    d16[..., :3] = np.where((~(all_zero | all_full))[..., None], x, c)
    d16[all_zero] = 0
    if const_alpha != 255:
        s = _div65535(s * (const_alpha * 257))
    r = s + _div65535(d16 * (0xFFFF - s[..., 3:4]))
    # written back non-premultiplied: groups of 4 (floats), then the last len % 4 pixels (16 bits)
    a = r[..., 3]
    in_vec = col[None, :] < (lens - lens % 4)[:, None]
    vec = np.rint(r[..., :3].astype(np.float32) * _IA255[a][..., None])
    vec = np.clip(vec, 0, 255).astype(np.uint32)
    vec[a == 0] = 0
    grouped = np.empty(r.shape, np.uint32)
    grouped[..., :3] = vec
    grouped[..., 3] = _div257(a)
    zero4 = _group_all((a == 0) | ~in_vec, 4)
    full4 = _group_all((a == 0xFFFF) | ~in_vec, 4)
    grouped = np.where(full4[..., None], _div257(r), grouped)
    grouped[zero4] = 0
    tail = np.rint(r[..., :3].astype(np.float32) * _IA65535[a][..., None])
    tail = np.clip(tail, 0, 65535).astype(np.uint32)
    single = np.empty(r.shape, np.uint32)
    single[..., :3] = _div257(tail)
    single[..., 3] = _div257(a)
    single = np.where((a == 0xFFFF)[..., None], _div257(r), single)
    single[a == 0] = 0
    out = np.where(in_vec[..., None], grouped, single).astype(np.uint8)
    canvas[rows[valid], xs[valid]] = out[valid]


# ---------------------------------------------------------------------------
# Geometry: Tiled's renderers
# ---------------------------------------------------------------------------

class _Geometry:
    """Cell positions, map size and tile drawing order of Tiled's renderers."""

    def __init__(self, tmap: TiledMap) -> None:
        self.tmap = tmap
        self.hex = tmap.orientation is Orientation.HEXAGONAL
        if self.hex:
            self.tw = tmap.tile_width & ~1
            self.th = tmap.tile_height & ~1
            self.stagger_x = tmap.stagger_axis is StaggerAxis.X
            self.stagger_even = tmap.stagger_index is StaggerIndex.EVEN
            side = tmap.hex_side_length
            self.side_x = side if self.stagger_x else 0
            self.side_y = 0 if self.stagger_x else side
            self.side_off_x = (self.tw - self.side_x) // 2
            self.side_off_y = (self.th - self.side_y) // 2
            self.column_width = self.side_off_x + self.side_x
            self.row_height = self.side_off_y + self.side_y
        else:
            self.tw, self.th = tmap.tile_width, tmap.tile_height

    # -- hexagonal helpers ------------------------------------------------------------

    def _stagger_x(self, x: int) -> bool:
        return self.stagger_x and bool((x & 1) ^ self.stagger_even)

    def _stagger_y(self, y: int) -> bool:
        return not self.stagger_x and bool((y & 1) ^ self.stagger_even)

    def cell_top_left(self, col: int, row: int) -> tuple[int, int]:
        """Screen position of a cell's top-left corner (``tileToScreenCoords``)."""
        if not self.hex:
            return col * self.tw, row * self.th
        if self.stagger_x:
            y = row * (self.th + self.side_y) + (self.row_height if self._stagger_x(col) else 0)
            return col * self.column_width, y
        x = col * (self.tw + self.side_x) + (self.column_width if self._stagger_y(row) else 0)
        return x, row * self.row_height

    def bounds(self) -> tuple[int, int, int, int]:
        """The map's pixel rectangle (x, y, w, h): Tiled's ``mapBoundingRect``."""
        ox, oy = 0, 0
        w, h = self.tmap.width, self.tmap.height
        if self.tmap.infinite:
            ox, oy, w, h = _chunk_bounds(self.tmap.layers)
        if not self.hex:
            return ox * self.tw, oy * self.th, w * self.tw, h * self.th
        if self.stagger_x:
            width = w * self.column_width + self.side_off_x
            height = h * (self.th + self.side_y)
            if w > 1:
                height += self.row_height
            return ox * self.column_width, oy * (self.th + self.side_y), width, height
        width = w * (self.tw + self.side_x)
        height = h * self.row_height + self.side_off_y
        if h > 1:
            width += self.column_width
        return ox * (self.tw + self.side_x), oy * self.row_height, width, height

    def cell_order(self, layer: TileLayer) -> Iterator[tuple[int, int]]:
        """The cells of a layer, (col, row) in map coordinates, in Tiled's drawing order."""
        cols = range(layer.x, layer.x + layer.width)
        rows = range(layer.y, layer.y + layer.height)
        if self.hex:
            if self.stagger_x:
                for row in rows:
                    for shifted in (False, True):
                        for col in cols:
                            if self._stagger_x(col) == shifted:
                                yield col, row
            else:
                for row in rows:
                    for col in cols:
                        yield col, row
            return
        order = self.tmap.render_order
        if order in ("right-up", "left-up"):
            rows = rows[::-1]
        if order in ("left-down", "left-up"):
            cols = cols[::-1]
        for row in rows:
            for col in cols:
                yield col, row


_CHUNK = 16
"""Tiled keeps infinite layers in 16x16 chunks, and a layer's bounds are its chunks'."""


def _chunk_bounds(layers: Iterable[Layer]) -> tuple[int, int, int, int]:
    """(col, row, w, h) of all chunks holding a tile, over every tile layer shown or
    not (Tiled's ``mapBoundingRect`` of an infinite map); 1x1 if there is none."""
    rects: list[tuple[int, int, int, int]] = []

    def walk(items: Iterable[Layer]) -> None:
        for layer in items:
            if isinstance(layer, GroupLayer):
                walk(layer.layers)
            elif isinstance(layer, TileLayer) and layer.width and layer.height:
                cells = np.asarray(layer.data, dtype=np.uint32).reshape(layer.height, layer.width)
                rows, cols = np.nonzero(cells & GID_MASK)
                if rows.size:
                    rects.append((
                        (int(cols.min()) + layer.x) // _CHUNK * _CHUNK,
                        (int(rows.min()) + layer.y) // _CHUNK * _CHUNK,
                        ((int(cols.max()) + layer.x) // _CHUNK + 1) * _CHUNK,
                        ((int(rows.max()) + layer.y) // _CHUNK + 1) * _CHUNK,
                    ))

    walk(layers)
    if not rects:
        return 0, 0, 1, 1
    x0, y0 = min(r[0] for r in rects), min(r[1] for r in rects)
    x1, y1 = max(r[2] for r in rects), max(r[3] for r in rects)
    return x0, y0, x1 - x0, y1 - y0


def _offset_margins(layers: Iterable[Layer], parent: tuple[float, float] = (0.0, 0.0),
                    acc: list[int] | None = None) -> list[int]:
    """Tiled's ``computeLayerOffsetMargins``: (left, top, right, bottom)."""
    acc = acc if acc is not None else [0, 0, 0, 0]
    for layer in layers:
        ox = parent[0] + layer.base.offset[0]
        oy = parent[1] + layer.base.offset[1]
        if isinstance(layer, GroupLayer):
            _offset_margins(layer.layers, (ox, oy), acc)
            continue
        for i, v in enumerate((math.ceil(-ox), math.ceil(-oy), math.ceil(ox), math.ceil(oy))):
            acc[i] = max(acc[i], v)
    return acc


# ---------------------------------------------------------------------------
# Sizing: every limit of a picture, checked before anything is read or drawn
# ---------------------------------------------------------------------------

def _picture_frame(tmap: TiledMap, geometry: _Geometry) -> tuple[int, int, int, int]:
    """The picture's width and height at scale 1 (the map's bounds grown by its layer offsets, as Tiled's) and
    the shift from map pixels to picture pixels; refused over :data:`MAX_PICTURE_SIDE`."""
    bx, by, bw, bh = geometry.bounds()
    left, top, right, bottom = _offset_margins(tmap.layers)
    width, height = max(1, bw + left + right), max(1, bh + top + bottom)
    if max(width, height) > MAX_PICTURE_SIDE:
        raise MapError(tmap.path, f"the map's picture would be {width}x{height} pixels at scale 1 (the map "
                                  f"grown by its layer offsets), over the limit of {MAX_PICTURE_SIDE} pixels a side "
                                  f"(MAX_PICTURE_SIDE) that it is drawn from whatever the --scale", "map")
    return width, height, left - bx, top - by


def _check_drawn(path: Path, w: float, h: float, what: str) -> None:
    """Refuse a picture to be made ``w`` x ``h`` (scaled or turned) over the size of one image."""
    if not (math.isfinite(w) and math.isfinite(h)) or max(w, h) > MAX_IMAGE_SIDE or w * h > MAX_IMAGE_PIXELS:
        shown = f"{w:.0f}x{h:.0f}" if math.isfinite(w * h) and max(w, h) < 1e12 else "over a trillion"
        raise MapError(path, f"{what} would be drawn {shown} pixels, over the limit of {MAX_IMAGE_SIDE} "
                             f"pixels a side and {MAX_IMAGE_PIXELS // (1024 * 1024)} megapixels of one "
                             f"picture (MAX_IMAGE_SIDE, MAX_IMAGE_PIXELS)")


def _check_draws(path: Path, draws: int, layer: ImageLayer | None = None, copies: int = 0) -> None:
    """Refuse a map that draws more than :data:`MAX_DRAWS` pictures (``draws`` so far, the ``copies`` of a
    repeated image ``layer`` included)."""
    if draws <= MAX_DRAWS:
        return
    if layer is not None:
        raise MapError(path, f"the image is repeated {copies} times, over the limit of {MAX_DRAWS} pictures "
                             f"drawn for a map (MAX_DRAWS)", f"image layer {named(layer.base.name)}")
    raise MapError(path, f"the map draws more than {MAX_DRAWS} pictures (tiles, tile objects, copies "
                         f"of repeated images), over the limit (MAX_DRAWS)", "map")


def _check_object(path: Path, obj: MapObject, iw: int, ih: int) -> tuple[float, float]:
    """A tile object's size (its own, else its tile's ``iw`` x ``ih``), refused when it or its bounding box
    turned is over one picture's limits."""
    w = obj.width or iw
    h = obj.height or ih
    _check_drawn(path, w, h, f"tile object {short(obj.id)}")
    if obj.rotation % 360:
        rad = math.radians(obj.rotation % 360)
        _check_drawn(path, abs(w * math.cos(rad)) + abs(h * math.sin(rad)),
                     abs(w * math.sin(rad)) + abs(h * math.cos(rad)), f"tile object {short(obj.id)}, turned,")
    return w, h


def _check_turned_hex_object(path: Path, obj: MapObject, w: int, h: int) -> None:
    """A tile object of a hexagonal tile turned by 60 or 120 degrees: turned, up to (w + h) pixels a side."""
    _check_drawn(path, w + h, w + h, f"tile object {short(obj.id)}, a turned hexagonal tile,")


def _grid_size(path: Path, g: _Geometry, tileset: Tileset, gid: int, pw: int,
               ph: int) -> tuple[tuple[int, int], float, float]:
    """A ``pw`` x ``ph`` tile picture of a ``tilerendersize="grid"`` tileset scaled to the map's cell: its size
    (refused over one picture's limits) and the scale factors."""
    diagonal = bool(gid & FLIPPED_DIAGONALLY)
    iw, ih = (ph, pw) if diagonal else (pw, ph)  # the tile's own (unturned) size
    sx, sy = g.tw / iw, g.th / ih
    if tileset.fill_mode == "preserve-aspect-fit":
        sx = sy = min(sx, sy)
    sw, sh = (ih * sy, iw * sx) if diagonal else (iw * sx, ih * sy)
    size = (max(1, round(sw)), max(1, round(sh)))
    if size != (pw, ph):
        _check_drawn(path, size[0], size[1], f"a tile of tileset {named(tileset.name)} scaled to the map's cell")
    return size, sx, sy


def _copies(layer: ImageLayer, dx: float, dy: float, w: int, h: int, width: int,
            height: int) -> tuple[Sequence[int], Sequence[int]]:
    """Where an image layer's ``w`` x ``h`` image is drawn on a ``width`` x ``height`` picture: once, or
    (repeated) as many times as it takes to cover the picture. Qt's tiled fill restarts its spans at every
    copy, so drawing copy by copy composes the same."""
    x0, y0 = _round_half_up(dx), _round_half_up(dy)
    xs: Sequence[int] = range(x0 - (x0 + w - 1) // w * w, width, w) if layer.repeat_x else [x0]
    ys: Sequence[int] = range(y0 - (y0 + h - 1) // h * h, height, h) if layer.repeat_y else [y0]
    return xs, ys


@dataclass(frozen=True, slots=True)
class PictureSize:
    """What :func:`size_picture` found: the picture's size at scale 1 and the most pictures it draws."""

    width: int
    height: int
    draws: int


def size_picture(tmap: TiledMap, *, hidden_layers: Iterable[str] = ()) -> PictureSize:
    """Size the map's picture without reading an image's pixels or drawing anything, and refuse it (a
    :class:`MapError`, one line) as drawing it would: the picture's size (:data:`MAX_PICTURE_SIDE`), each
    tile object scaled and turned and each tile scaled to the map's cell (:data:`MAX_IMAGE_SIDE`,
    :data:`MAX_IMAGE_PIXELS`), the pictures drawn (:data:`MAX_DRAWS`: every non-zero cell of the shown tile
    layers, every shown tile object, every copy of a repeated image, whether or not it lands on the
    picture). Images are sized from their files' headers. ``render``, ``play`` and ``validate`` call it."""
    names = (hidden_layers,) if isinstance(hidden_layers, str) else tuple(hidden_layers)
    hidden = {name.casefold() for name in names}
    geometry = _Geometry(tmap)
    width, height, shift_x, shift_y = _picture_frame(tmap, geometry)
    path = tmap.path
    hexagonal = tmap.orientation is Orientation.HEXAGONAL
    headers: dict[Path, tuple[int, int] | None] = {}

    def image_size(image: Image) -> tuple[int, int] | None:
        if image.source not in headers:
            try:
                headers[image.source] = image_header_size(image.source)
            except MapError:
                headers[image.source] = None  # refused when it is read, by the image's own line
        return headers[image.source]

    def tile_size(tileset: Tileset, local: int) -> tuple[int, int] | None:
        """A tile's (w, h) as :meth:`_Tiles._make` draws it (an animated tile keeps its own size)."""
        image = _tile_image(tileset, local)
        size = None if image is None else image_size(image)
        box = None if size is None else _tile_box(tileset, local, *size)
        return None if box is None else (box[2], box[3])

    draws = 0

    def walk(layers: Sequence[Layer], offset: tuple[float, float]) -> None:
        nonlocal draws
        for layer in layers:
            base = layer.base
            if not base.visible or base.name.casefold() in hidden:
                continue
            off = (offset[0] + base.offset[0], offset[1] + base.offset[1])
            if isinstance(layer, GroupLayer):
                walk(layer.layers, off)
            elif isinstance(layer, TileLayer):
                draws += len(layer.data) - layer.data.count(0)
                _check_draws(path, draws)
                cell_over = (max(geometry.tw, geometry.th) > MAX_IMAGE_SIDE
                             or geometry.tw * geometry.th > MAX_IMAGE_PIXELS)
                if cell_over and any(ts.render_size == "grid" for ts in tmap.tilesets):
                    for gid in set(layer.data):  # a cell this large: a map of few cells
                        tileset = tmap.tileset_for(gid)
                        if tileset is None or tileset.render_size != "grid":
                            continue
                        size = tile_size(tileset, (gid & GID_MASK) - tileset.firstgid)
                        turned = hexagonal and gid & (FLIPPED_DIAGONALLY | ROTATED_HEXAGONAL_120)
                        if size is not None and not turned:
                            pw, ph = size[::-1] if gid & FLIPPED_DIAGONALLY else size
                            _grid_size(path, geometry, tileset, gid, pw, ph)
            elif isinstance(layer, ImageLayer):
                size = None if layer.image is None else image_size(layer.image)
                if size is None or 0 in size:
                    continue
                xs, ys = _copies(layer, off[0] + shift_x, off[1] + shift_y, size[0], size[1], width, height)
                draws += len(xs) * len(ys)
                _check_draws(path, draws, layer, len(xs) * len(ys))
            elif isinstance(layer, ObjectLayer):
                for obj in layer.objects:
                    if not (obj.gid & GID_MASK and obj.visible):
                        continue
                    tileset = tmap.tileset_for(obj.gid)
                    size = None if tileset is None else tile_size(tileset, (obj.gid & GID_MASK) - tileset.firstgid)
                    if size is None:
                        continue
                    draws += 1
                    turns = obj.gid & (FLIPPED_DIAGONALLY | ROTATED_HEXAGONAL_120)
                    if hexagonal and turns and turns != FLIPPED_DIAGONALLY | ROTATED_HEXAGONAL_120:
                        _check_turned_hex_object(path, obj, *size)  # (both: 180 degrees, drawn as flips)
                    else:
                        _check_object(path, obj, *size)
                _check_draws(path, draws)

    walk(tmap.layers, (0.0, 0.0))
    return PictureSize(width, height, draws)


_ALIGN = {
    "topleft": (0.0, 0.0), "top": (0.5, 0.0), "topright": (1.0, 0.0),
    "left": (0.0, 0.5), "center": (0.5, 0.5), "right": (1.0, 0.5),
    "bottomleft": (0.0, 1.0), "bottom": (0.5, 1.0), "bottomright": (1.0, 1.0),
}


# ---------------------------------------------------------------------------
# The renderer
# ---------------------------------------------------------------------------

class _Renderer:
    def __init__(self, tmap: TiledMap, hidden: Sequence[str]) -> None:
        self.tmap = tmap
        self.hidden = {name.casefold() for name in hidden}
        self.geometry = _Geometry(tmap)
        self.images = _ImageCache()
        self.tiles = _Tiles(tmap, self.images)
        # every limit is checked before anything is read or drawn (the checks below, while drawing, are the
        # same functions applied to the decoded images)
        size_picture(tmap, hidden_layers=hidden)
        self.width, self.height, shift_x, shift_y = _picture_frame(tmap, self.geometry)
        self.draws = 0
        self.canvas: _Canvas | _Recorder = _Recorder(self.width, self.height)
        # device = map pixel + shift
        self.shift = (shift_x, shift_y)

    def run(self) -> pygame.Surface:
        canvas = self.canvas = _Canvas(self.width, self.height)
        self._layers(self.tmap.layers, 1.0, (0.0, 0.0), (1.0, 1.0, 1.0, 1.0))
        return canvas.surface()

    def record(self) -> _Recorder:
        """Every draw of the picture, in order, kept to be composed later region by region."""
        recorder = self.canvas = _Recorder(self.width, self.height)
        self._layers(self.tmap.layers, 1.0, (0.0, 0.0), (1.0, 1.0, 1.0, 1.0))
        return recorder

    def _draw(self, picture: _Picture, x: float, y: float, const_alpha: int) -> None:
        """One draw on the canvas (or the recorder); one that cannot touch the picture is left out."""
        if not (math.isfinite(x) and math.isfinite(y)):
            return
        h, w = picture.pixels.shape[:2]
        x0, y0 = _round_half_up(x), _round_half_up(y)
        if x0 >= self.width or y0 >= self.height or x0 + w <= 0 or y0 + h <= 0:
            return
        self._count()
        self.canvas.draw(picture, x, y, const_alpha)

    def _count(self) -> None:
        self.draws += 1
        _check_draws(self.tmap.path, self.draws)

    def _layers(self, layers: Sequence[Layer], opacity: float, offset: tuple[float, float],
                tint: tuple[float, float, float, float]) -> None:
        for layer in layers:
            base = layer.base
            if not base.visible or base.name.casefold() in self.hidden:
                continue
            eff = base.opacity * opacity
            off = (offset[0] + base.offset[0], offset[1] + base.offset[1])
            own = base.tint
            eff_tint = tint if own is None else (own.r / 255 * tint[0], own.g / 255 * tint[1],
                                                 own.b / 255 * tint[2], own.a / 255 * tint[3])
            if isinstance(layer, GroupLayer):
                self._layers(layer.layers, eff, off, eff_tint)
                continue
            ca = _const_alpha(eff)
            dx, dy = off[0] + self.shift[0], off[1] + self.shift[1]
            tint8 = _tint8(eff_tint)
            if isinstance(layer, TileLayer):
                self._tile_layer(layer, ca, dx, dy, tint8)
            elif isinstance(layer, ImageLayer):
                self._image_layer(layer, ca, dx, dy, tint8)
            elif isinstance(layer, ObjectLayer):
                self._object_layer(layer, ca, dx, dy, tint8)

    def _draw_tile(self, picture: _Picture, left: float, bottom: float, ca: int) -> None:
        """A tile picture with its bottom-left corner at (left, bottom)."""
        if picture.turn is not None:
            h, w = picture.pixels.shape[:2]
            if ca > 0:
                drawn = _span_draw(picture, left + w / 2, bottom - h / 2, self.width, self.height)
                if drawn is not None:
                    self._count()
                    self.canvas.draw(drawn[0], drawn[1], drawn[2], ca)
        elif picture.approximate:
            bw, bh = picture.base_size
            rh, rw = picture.pixels.shape[:2]
            self._draw(picture, left + bw / 2 - rw / 2, bottom - bh / 2 - rh / 2, ca)
        else:
            self._draw(picture, left, bottom - picture.pixels.shape[0], ca)

    def _tile_layer(self, layer: TileLayer, ca: int, dx: float, dy: float,
                    tint: tuple[int, int, int, int] | None) -> None:
        g = self.geometry
        data, lw = layer.data, layer.width
        for col, row in g.cell_order(layer):
            gid = data[(row - layer.y) * lw + (col - layer.x)]
            if not gid & GID_MASK:
                continue
            found = self.tiles.picture(gid, tint)
            if found is None:
                continue
            picture, tileset = found
            cx, cy = g.cell_top_left(col, row)
            if tileset.render_size == "grid" and not picture.approximate and picture.turn is None:
                self._grid_sized_tile(picture, tileset, gid, dx + cx, dy + cy + g.th, ca)
                continue
            tx, ty = tileset.tile_offset
            # bottom-left of the picture on the bottom-left of the cell, plus the tile offset
            self._draw_tile(picture, dx + cx + tx, dy + cy + g.th + ty, ca)

    def _grid_sized_tile(self, picture: _Picture, tileset: Tileset, gid: int, left: float, bottom: float,
                         ca: int) -> None:
        """A tile of a tileset with ``tilerendersize="grid"`` (Tiled 1.9), as Tiled's CellRenderer draws it:
        scaled to the map's cell, stretched or (``fillmode="preserve-aspect-fit"``) by the smaller of the two
        factors and centred on the cell; its tile offset is scaled with it."""
        g = self.geometry
        ph, pw = picture.pixels.shape[:2]
        size, sx, sy = _grid_size(self.tmap.path, g, tileset, gid, pw, ph)
        if size != (pw, ph):
            picture = self._scaled(picture, size)
        tx, ty = tileset.tile_offset
        centre_x, centre_y = left + g.tw / 2 + tx * sx, bottom - g.th / 2 + ty * sy
        self._draw(picture, centre_x - size[0] / 2, centre_y - size[1] / 2, ca)

    def _image_layer(self, layer: ImageLayer, ca: int, dx: float, dy: float,
                     tint: tuple[int, int, int, int] | None) -> None:
        if layer.image is None:
            return
        picture = self.images.load(layer.image, f"image layer {named(layer.base.name)}")
        if tint is not None:
            key = ("tinted", layer.image, tint)
            plain = picture
            picture = self.images.piece(key, lambda: _tinted(plain, tint))  # type: ignore[assignment]
        h, w = picture.pixels.shape[:2]
        xs, ys = _copies(layer, dx, dy, w, h, self.canvas.width, self.canvas.height)
        _check_draws(self.tmap.path, self.draws + len(xs) * len(ys), layer, len(xs) * len(ys))
        for y in ys:
            for x in xs:
                self._draw(picture, x, y, ca)

    def _object_layer(self, layer: ObjectLayer, ca: int, dx: float, dy: float,
                      tint: tuple[int, int, int, int] | None) -> None:
        objects: list[MapObject] = [o for o in layer.objects if o.gid & GID_MASK and o.visible]
        if layer.draw_order != "index":
            objects.sort(key=lambda o: o.y)  # stable, like Tiled's std::stable_sort
        for obj in objects:
            self._tile_object(obj, ca, dx, dy, tint)

    def _tile_object(self, obj: MapObject, ca: int, dx: float, dy: float,
                     tint: tuple[int, int, int, int] | None) -> None:
        found = self.tiles.picture(obj.gid, tint)
        if found is None:
            return
        picture, tileset = found
        if picture.turn is not None:  # tile objects are not drawn Qt-exact when turned: approximated
            angle, flips = picture.turn_by
            flipped = _transformed(picture.pixels, flips)
            h, w = flipped.shape[:2]
            _check_turned_hex_object(self.tmap.path, obj, w, h)
            picture = _Picture(_rotate_pygame(flipped, angle), False, "filter", approximate=True, base_size=(w, h))
        if picture.approximate:  # a turned hexagonal tile: placed by its centre, not scaled
            bw, bh = picture.base_size
            ax, ay = _ALIGN.get(tileset.object_alignment, _ALIGN["bottomleft"])
            w, h = obj.width or bw, obj.height or bh
            self._draw_tile(picture, dx + obj.x - ax * w + tileset.tile_offset[0],
                            dy + obj.y - ay * h + h + tileset.tile_offset[1], ca)
            return
        ph, pw = picture.pixels.shape[:2]
        diagonal = bool(obj.gid & FLIPPED_DIAGONALLY)
        iw, ih = (ph, pw) if diagonal else (pw, ph)  # the tile's own (unturned) size
        w, h = _check_object(self.tmap.path, obj, iw, ih)
        ax, ay = _ALIGN.get(tileset.object_alignment, _ALIGN["bottomleft"])
        tx, ty = tileset.tile_offset
        if tileset.fill_mode == "preserve-aspect-fit" and w / iw != h / ih:
            # Tiled 1.9's fill mode: scaled by the smaller factor, keeping its shape, centred on the object
            fit = min(w / iw, h / ih)
            fw, fh = iw * fit, ih * fit
            size = (max(1, round(fh)), max(1, round(fw))) if diagonal else (max(1, round(fw)), max(1, round(fh)))
            left = obj.x - ax * w + (w - size[0]) / 2 + tx * fit
            top = obj.y - ay * h + (h - size[1]) / 2 + ty * fit
        else:
            left = obj.x - ax * w + tx * (w / iw)
            top = obj.y - ay * h + ty * (h / ih)
            # on screen the picture is w x h, or h x w when turned by the diagonal flag,
            # with its bottom-left corner on the object's bottom-left corner
            size = (max(1, round(h)), max(1, round(w))) if diagonal else (max(1, round(w)), max(1, round(h)))
            top += h - size[1]
        scaled = size != (pw, ph)
        if scaled:
            picture = self._scaled(picture, size)
        if obj.rotation % 360:
            self._rotated_object(picture, obj, left, top, ca, dx, dy, scaled)
        else:
            self._draw(picture, dx + left, dy + top, ca)

    def _scaled(self, picture: _Picture, size: tuple[int, int]) -> _Picture:
        def make() -> _Picture:
            return _Picture(_resize_nearest(picture.pixels, size), picture.opaque, "filter")
        return self.images.piece(("scaled", id(picture.pixels), size), make)  # type: ignore[return-value]

    def _rotated_object(self, picture: _Picture, obj: MapObject, left: float, top: float,
                        ca: int, dx: float, dy: float, scaled: bool) -> None:
        """A rotated tile object: turned clockwise about the object's position."""
        angle = obj.rotation % 360
        px = picture.pixels
        h, w = px.shape[:2]
        rad = math.radians(angle)
        cos, sin = math.cos(rad), math.sin(rad)
        corners = [(left - obj.x + cx, top - obj.y + cy) for cx in (0, w) for cy in (0, h)]
        turned = [(x * cos - y * sin, x * sin + y * cos) for x, y in corners]
        min_x, max_x = min(p[0] for p in turned), max(p[0] for p in turned)
        min_y, max_y = min(p[1] for p in turned), max(p[1] for p in turned)
        quarter = angle / 90
        if abs(quarter - round(quarter)) < 1e-9:
            k = int(round(quarter)) % 4
            pixels = np.ascontiguousarray(np.rot90(px, -k))
            kind = "filter"
            if not scaled:
                c, s_ = [(1, 0), (0, 1), (-1, 0), (0, -1)][k]     # cos, sin of k quarter turns
                m11, m12, m21, m22 = _flip_matrix(obj.gid)
                kind = _transform_kind((c * m11 - s_ * m21, c * m12 - s_ * m22,
                                        s_ * m11 + c * m21, s_ * m12 + c * m22))
            rotated = _Picture(pixels, picture.opaque, kind)
        else:
            rotated = _Picture(_rotate_pygame(px, angle), False, "filter")
            rh, rw = rotated.pixels.shape[:2]
            min_x += (max_x - min_x - rw) / 2
            min_y += (max_y - min_y - rh) / 2
        self._draw(rotated, dx + obj.x + min_x, dy + obj.y + min_y, ca)


def _resize_nearest(pixels: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    w, h = size
    ys = (np.arange(h) * pixels.shape[0] // h).clip(0, pixels.shape[0] - 1)
    xs = (np.arange(w) * pixels.shape[1] // w).clip(0, pixels.shape[1] - 1)
    return np.ascontiguousarray(pixels[ys][:, xs])


def _rotate_pygame(pixels: np.ndarray, angle: float) -> np.ndarray:
    """Rotate premultiplied pixels clockwise by ``angle`` degrees (approximate)."""
    h, w = pixels.shape[:2]
    surface = pygame.image.frombytes(np.ascontiguousarray(pixels).tobytes(), (w, h), "RGBA")
    turned = pygame.transform.rotate(surface, -angle)
    tw, th = turned.get_size()
    return np.frombuffer(pygame.image.tobytes(turned, "RGBA"), np.uint8).reshape(th, tw, 4).copy()


def render_map(tmap: TiledMap, *, hidden_layers: Iterable[str] = (), scale: float = 1) -> pygame.Surface:
    """The map's picture as Tiled's ``tmxrasterizer`` draws it.

    ``hidden_layers`` names layers not to draw (case-insensitive; a group's
    whole content). At ``scale`` 1 the result is pixel-identical to
    ``tmxrasterizer --hide-layer NAME... map.tmx out.png`` (see the module
    notes); at another scale it is that picture scaled, nearest neighbour.
    Works without a display. Raises :class:`MapError` for an image that cannot
    be read or is larger than ``MAX_IMAGE_SIDE`` / ``MAX_IMAGE_PIXELS``.
    """
    names = (hidden_layers,) if isinstance(hidden_layers, str) else tuple(hidden_layers)
    if scale <= 0 or not math.isfinite(scale):
        raise ValueError(f"scale must be a positive number, not {scale!r}")
    renderer = _Renderer(tmap, names)
    w, h = renderer.width, renderer.height
    check_picture_size(tmap, w, h, scale)
    if w * h > _STRIPS_OVER:
        return _render_in_strips(tmap, names, scale)
    picture = renderer.run()
    if scale != 1:
        picture = pygame.transform.scale(picture, scaled_size(w, h, scale))
    return picture


def _stretch_indices(src: int, dst: int) -> np.ndarray:
    """For each of ``dst`` pixels, the one of ``src`` pixels that ``pygame.transform.scale`` takes (SDL's
    nearest-neighbour stretch, 16.16 fixed point from the first pixel's centre)."""
    step = (src << 16) // dst
    return np.minimum((step // 2 + np.arange(dst, dtype=np.int64) * step) >> 16, src - 1)


def _render_in_strips(tmap: TiledMap, names: tuple[str, ...], scale: float) -> pygame.Surface:
    """:func:`render_map` of a picture over :data:`MAX_IMAGE_PIXELS` at scale 1 (so drawn smaller): the scale-1
    picture is never whole; its rows are composed by :class:`MapPicture` a strip of at most
    :data:`_STRIP_PIXELS` at a time and scaled as ``pygame.transform.scale`` would scale the whole."""
    lazy = MapPicture(tmap, hidden_layers=names)
    w, h = lazy.size
    dw, dh = scaled_size(w, h, scale)
    xs, ys = _stretch_indices(w, dw), _stretch_indices(h, dh)
    out = np.zeros((dh, dw, 4), np.uint8)
    rows = max(1, _STRIP_PIXELS // w)
    start = 0
    while start < dh:
        stop = int(np.searchsorted(ys, ys[start] + rows, side="left"))
        stop = max(stop, start + 1)
        top, bottom = int(ys[start]), int(ys[stop - 1]) + 1
        strip = lazy.pixels(0, top, w, bottom - top)
        out[start:stop] = strip[ys[start:stop] - top][:, xs]
        start = stop
    return pygame.image.frombytes(out.tobytes(), (dw, dh), "RGBA")


def scaled_size(w: int, h: int, scale: float) -> tuple[int, int]:
    """The size of a ``w`` x ``h`` picture drawn at ``scale``."""
    return max(1, round(w * scale)), max(1, round(h * scale))


def check_picture_size(tmap: TiledMap, w: int, h: int, scale: float) -> None:
    """Refuse (one line) a picture that would be over the image budget at ``scale``: at most
    :data:`MAX_IMAGE_SIDE` pixels a side and :data:`MAX_IMAGE_PIXELS` pixels, as the images a map may use."""
    if max(w, h) * scale < 1e9:  # else too large to be worth rounding (and maybe no integer at all)
        sw, sh = scaled_size(w, h, scale)
        if max(sw, sh) <= MAX_IMAGE_SIDE and sw * sh <= MAX_IMAGE_PIXELS:
            return
        shown = f"{sw}x{sh} pixels"
    else:
        shown = "over a billion pixels a side"
    largest = min(MAX_IMAGE_SIDE / max(w, h), math.sqrt(MAX_IMAGE_PIXELS / (w * h)))
    raise MapError(tmap.path, f"at scale {scale:g} the picture would be {shown}, over the limit of "
                              f"{MAX_IMAGE_SIDE} pixels a side and {MAX_IMAGE_PIXELS // (1024 * 1024)} megapixels; "
                              f"use a smaller --scale (at most {math.floor(largest * 1000) / 1000:g} for this map)")
