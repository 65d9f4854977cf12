"""Write the generated fixtures of ``tests/data/good_maps`` (the outputs are committed).

    python tests/data/good_maps/make_fixtures.py

* tiny PNGs (drawn with pygame): the terrain tileset image, a token for the
  image-collection tileset, a backdrop for the image layer;
* the maps whose layer data is encoded (base64 with no compression, zlib, gzip,
  zstd; infinite maps with csv and base64 chunks), all showing ``GRID``;
* the JSON fixtures, exported by the real Tiled (``tiled --export-map json``)
  from the TMX ones when ``tiled`` is installed, so they are Tiled's own format.

Everything is deterministic (gzip gets mtime 0).
"""

from __future__ import annotations

import base64
import gzip
import os
import shutil
import subprocess
import sys
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent

H, V, D = 0x80000000, 0x40000000, 0x20000000
"""Tiled's flip flags: horizontal, vertical, diagonal."""

GRID = [
    [1, 2, 2, 2, 1],
    [1, 3 | H, 4, 5 | V, 1],
    [1, 6 | D, 1, 7 | H | V, 1],
    [2, 2, 2, 2, 8],
]
"""The gids (flags included) every encoded finite map shows: 5 columns, 4 rows."""

COLOURS = [(90, 90, 90), (40, 40, 40), (140, 110, 70), (220, 60, 20),
           (150, 100, 50), (60, 120, 60), (200, 200, 60), (60, 60, 200)]
"""One flat colour per tile of terrain.png (local ids 0..7)."""


def write_pngs() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    sheet = pygame.Surface((64, 32))
    for i, colour in enumerate(COLOURS):
        x, y = (i % 4) * 16, (i // 4) * 16
        sheet.fill(colour, (x, y, 16, 16))
        sheet.fill((255, 255, 255), (x, y, 3, 3))  # a corner mark shows flips
    pygame.image.save(sheet, str(HERE / "images" / "terrain.png"))
    token = pygame.Surface((16, 16), pygame.SRCALPHA)
    pygame.draw.circle(token, (200, 30, 30, 255), (8, 8), 7)
    pygame.image.save(token, str(HERE / "images" / "token.png"))
    backdrop = pygame.Surface((48, 32))
    backdrop.fill((30, 50, 80))
    pygame.image.save(backdrop, str(HERE / "images" / "backdrop.png"))


def _flat(rows: list[list[int]]) -> list[int]:
    return [g for row in rows for g in row]


def _base64(gids: list[int], compression: str) -> str:
    raw = b"".join(g.to_bytes(4, "little") for g in gids)
    if compression == "zlib":
        raw = zlib.compress(raw, 9)
    elif compression == "gzip":
        raw = gzip.compress(raw, 9, mtime=0)
    elif compression == "zstd":
        import zstandard

        raw = zstandard.ZstdCompressor(level=3).compress(raw)
    return base64.b64encode(raw).decode("ascii")


def _csv(rows: list[list[int]]) -> str:
    return "\n" + ",\n".join(",".join(str(g) for g in row) for row in rows) + "\n"


HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n'


def _map(width: int, height: int, layers: str, infinite: bool = False, version: str = "1.8") -> str:
    return (HEADER +
            f'<map version="{version}" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" '
            f'width="{width}" height="{height}" tilewidth="16" tileheight="16" infinite="{int(infinite)}" '
            f'nextlayerid="3" nextobjectid="1">\n'
            ' <tileset firstgid="1" source="tilesets/terrain.tsx"/>\n'
            f'{layers}</map>\n')


def write_encoded_maps() -> None:
    gids = _flat(GRID)
    for compression in ("none", "zlib", "gzip", "zstd"):
        attr = "" if compression == "none" else f' compression="{compression}"'
        layer = (f' <layer id="1" name="ground" width="5" height="4">\n'
                 f'  <data encoding="base64"{attr}>\n   {_base64(gids, compression)}\n  </data>\n </layer>\n')
        name = "base64_uncompressed.tmx" if compression == "none" else f"compression_{compression}.tmx"
        (HERE / name).write_text(_map(5, 4, layer), encoding="utf-8")

    # Infinite maps: two 16x16 chunks at (-16, 0) and (16, 16); the bounding box
    # runs from column -16 to 31 and row 0 to 31, the gap between them is empty.
    chunks = {(-16, 0): _chunk(-16, 0), (16, 16): _chunk(16, 16)}
    for encoding in ("csv", "base64"):
        attr = ' encoding="csv"' if encoding == "csv" else ' encoding="base64" compression="zlib"'
        body = ""
        for (cx, cy), rows in chunks.items():
            payload = _csv(rows) if encoding == "csv" else f"\n    {_base64(_flat(rows), 'zlib')}\n   "
            body += f'   <chunk x="{cx}" y="{cy}" width="16" height="16">{payload}</chunk>\n'
        layer = (f' <layer id="1" name="ground" width="30" height="20">\n'
                 f'  <data{attr}>\n{body}  </data>\n </layer>\n')
        (HERE / f"infinite_{encoding}.tmx").write_text(_map(30, 20, layer, infinite=True), encoding="utf-8")


def _chunk(cx: int, cy: int) -> list[list[int]]:
    """A chunk's gids: the chunk's corner cells carry distinct tiles so placement is checkable."""
    rows = [[0] * 16 for _ in range(16)]
    rows[0][0] = 2           # wall at the chunk's top-left
    rows[0][15] = 3 | H      # flipped rubble at its top-right
    rows[15][0] = 4          # lava at its bottom-left
    rows[15][15] = 6 | V     # swamp at its bottom-right
    rows[7][7 + (cx < 0)] = 1
    return rows


JSON_EXPORTS = {
    "embedded.tmx": "embedded.tmj",
    "infinite_csv.tmx": "infinite.tmj",
    "infinite_base64.tmx": "infinite_base64.tmj",
    "compression_zstd.tmx": "compression_zstd.tmj",
    "templates.tmx": "templates.tmj",
    "groups_and_images.tmx": "groups_and_images.tmj",
    "external_tsx.tmx": "external_tsj.tmj",
    "hex_flat.tmx": "hex_flat.tmj",
}


def export_json() -> None:
    tiled = shutil.which("tiled")
    if tiled is None:
        print("tiled is not installed: the JSON fixtures were not re-exported", file=sys.stderr)
        return
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    if not env.get("XDG_RUNTIME_DIR"):
        runtime = Path("/tmp/xdg-tiled-fixtures")
        runtime.mkdir(mode=0o700, exist_ok=True)
        env["XDG_RUNTIME_DIR"] = str(runtime)
    def run(*args: str) -> None:
        subprocess.run([tiled, *args], check=True, env=env, cwd=HERE, capture_output=True)

    run("--export-tileset", "json", "tilesets/terrain.tsx", "tilesets/terrain.tsj")
    for source, target in JSON_EXPORTS.items():
        run("--export-map", "json", source, target)
    # Tiled keeps the map's reference to terrain.tsx; the JSON map is meant to use the JSON tileset.
    tmj = HERE / "external_tsj.tmj"
    tmj.write_text(tmj.read_text(encoding="utf-8").replace("terrain.tsx", "terrain.tsj"), encoding="utf-8")


if __name__ == "__main__":
    write_pngs()
    write_encoded_maps()
    export_json()
