"""A tile layer's (or chunk's) data, as written (csv, base64, compressed or not, or a list), -> its gids.

Decoding never allocates more than the layer's size needs: a compressed bomb is
inflated only up to it, CSV text is split a slice at a time.
"""

from __future__ import annotations

import base64
import binascii
import io
import sys
import zlib
from array import array
from pathlib import Path
from typing import Any

from game.errors import MapError
from game.tiled.files import brief, named

def decode_gids(payload: Any, encoding: str, compression: str | None, count: int,
                path: Path, place: str) -> array[int]:
    """Decode one layer's (or chunk's) data into exactly ``count`` raw gids, or raise."""
    if encoding in ("array", "xml"):
        if not isinstance(payload, list):
            raise MapError(path, f"tile data must be a list of numbers, found {type(payload).__name__}", place)
        if len(payload) != count:
            raise MapError(path, f"tile data has {len(payload)} entries, the layer's size needs {count}", place)
        try:
            gids = array("I", payload)
        except (TypeError, OverflowError):
            bad = next((i for i, v in enumerate(payload)
                        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 0xFFFFFFFF), 0)
            raise MapError(path, f"tile {bad}: {brief(payload[bad])} is not a tile id", place) from None
        return gids
    if not isinstance(payload, str):
        raise MapError(path, f"{encoding} tile data must be text", place)
    if encoding == "csv":
        if compression:
            raise MapError(path, f"csv data cannot be compressed ({named(compression)})", place)
        text = payload.strip()
        entries = text.count(",") + 1 if text else 0
        if entries != count:
            raise MapError(path, f"tile data has {entries} entries, the layer's size needs {count}", place)
        gids = array("I")
        start = 0
        while text:  # a slice at a time: a million short strings at once would take 60 MB
            end = text.find(",", start + _CSV_SLICE)
            tokens = (text[start:] if end < 0 else text[start:end]).split(",")
            done = len(gids)
            try:
                gids.extend(map(int, tokens))
            except (ValueError, OverflowError):
                bad = next(i for i, t in enumerate(tokens) if not is_gid_text(t))
                raise MapError(path, f"tile {done + bad}: '{tokens[bad].strip()[:40]}' is not a tile id",
                               place) from None
            if end < 0:
                break
            start = end + 1
        return gids
    if encoding == "base64":
        try:
            raw = base64.b64decode("".join(payload.split()), validate=True)
        except (binascii.Error, ValueError):
            raise MapError(path, "tile data is not valid base64", place) from None
        expected = count * 4
        raw = _decompress(raw, compression, expected, path, place)
        if compression and len(raw) > expected:
            raise MapError(path, f"tile data decompresses to more than the {expected} bytes ({count} tiles) "
                           "the layer's size needs", place)
        if len(raw) != expected:
            raise MapError(path, f"tile data has {len(raw) // 4} entries ({len(raw)} bytes), the layer's size needs {count}", place)
        gids = array("I")
        gids.frombytes(raw)
        if sys.byteorder == "big":
            gids.byteswap()
        return gids
    raise MapError(path, f"unknown encoding {named(encoding)} (Tiled writes csv or base64)", place)


_CSV_SLICE = 1 << 18
"""Characters of CSV tile data split into numbers at once (then up to the next comma)."""


def is_gid_text(token: str) -> bool:
    """Whether ``int(token)`` gives a tile id (from 0 to 2**32 - 1); never raises (``'²'.isdigit()`` is true)."""
    text = token.strip()
    try:
        return len(text) <= 40 and 0 <= int(text) <= 0xFFFFFFFF
    except ValueError:
        return False


def _decompress(raw: bytes, compression: str | None, expected: int, path: Path, place: str) -> bytes:
    """Decompress at most ``expected + 1`` bytes, so a bomb cannot allocate more than the layer needs."""
    limit = expected + 1
    try:
        if not compression:
            return raw
        if compression in ("zlib", "gzip"):
            out = zlib.decompressobj(47).decompress(raw, limit)
            return out
        if compression == "zstd":
            import zstandard

            with zstandard.ZstdDecompressor().stream_reader(io.BytesIO(raw)) as reader:
                return reader.read(limit)
    except (zlib.error, EOFError, OSError) as exc:
        raise MapError(path, f"tile data does not decompress as {compression}: {exc}", place) from None
    except Exception as exc:  # zstandard.ZstdError is not importable without the module
        if type(exc).__name__ == "ZstdError":
            raise MapError(path, f"tile data does not decompress as zstd: {exc}", place) from None
        raise
    raise MapError(path, f"unknown compression {named(compression)} (Tiled writes gzip, zlib or zstd)", place)
