"""``python -m game bench``: figures measured against a reference in the same run.

Never a pass/fail test: it prints numbers and ratios for people to read.
"""

from __future__ import annotations

import base64
import os
import random
import tempfile
import time
import zlib
from pathlib import Path
from typing import Callable


def generate_map(folder: Path, size: int = 256, layers: int = 3, encoding: str = "csv", seed: int = 7) -> Path:
    """Write a ``size`` x ``size`` orthogonal map with ``layers`` tile layers and a 64-tile tileset."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    tiles = pygame.Surface((8 * 32, 8 * 32))
    rng = random.Random(seed)
    for i in range(64):
        tiles.fill((rng.randrange(256), rng.randrange(256), rng.randrange(256)), ((i % 8) * 32, (i // 8) * 32, 32, 32))
    pygame.image.save(tiles, str(folder / "bench_tiles.png"))
    props = "\n".join(
        f'  <tile id="{i}"><properties><property name="{name}" type="bool" value="true"/></properties></tile>'
        for i, name in ((1, "wall"), (2, "difficult"), (3, "wall"))
    )
    body = []
    for n in range(layers):
        gids = [rng.randrange(0, 65) if n else rng.randrange(1, 65) for _ in range(size * size)]
        if encoding == "csv":
            rows = ",\n".join(",".join(map(str, gids[r * size:(r + 1) * size])) for r in range(size))
            data = f'<data encoding="csv">\n{rows}\n</data>'
        else:
            raw = b"".join(g.to_bytes(4, "little") for g in gids)
            data = f'<data encoding="base64" compression="zlib">{base64.b64encode(zlib.compress(raw)).decode()}</data>'
        body.append(f' <layer id="{n + 1}" name="layer{n}" width="{size}" height="{size}">\n  {data}\n </layer>')
    path = folder / f"bench_{size}_{encoding}.tmx"
    path.write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" '
        f'width="{size}" height="{size}" tilewidth="32" tileheight="32" infinite="0" nextlayerid="{layers + 1}" nextobjectid="1">\n'
        f' <tileset firstgid="1" name="bench" tilewidth="32" tileheight="32" tilecount="64" columns="8">\n'
        f'  <image source="bench_tiles.png" width="256" height="256"/>\n{props}\n </tileset>\n'
        + "\n".join(body) + "\n</map>\n"
    )
    return path


def best_of(repeats: int, fn: Callable[[], object]) -> float:
    """The fastest of ``repeats`` runs, in seconds (the least disturbed by the machine)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def bench_map_loading(repeats: int) -> None:
    import pytmx  # type: ignore[import-untyped]

    from game.tiled import load_map
    from game.tiled.to_board import board_from_map

    with tempfile.TemporaryDirectory() as tmp:
        for encoding in ("csv", "base64-zlib"):
            path = generate_map(Path(tmp), encoding=encoding)
            reference = best_of(repeats, lambda: pytmx.TiledMap(str(path)))
            ours_map = best_of(repeats, lambda: load_map(path))
            ours_board = best_of(repeats, lambda: board_from_map(load_map(path)))
            print(f"map load, 256x256, 3 tile layers, {encoding}:")
            print(f"  pytmx.TiledMap (reference)      {reference * 1000:8.1f} ms")
            print(f"  load_map (checked TiledMap)     {ours_map * 1000:8.1f} ms   ratio {ours_map / reference:5.2f}")
            print(f"  load_map + Board (terrain)      {ours_board * 1000:8.1f} ms   ratio {ours_board / reference:5.2f}   (goal <= 1.3)")


def run_benchmarks(repeats: int = 5) -> None:
    print(f"benchmarks: best of {repeats} runs each; ratios are ours / reference, lower is better")
    bench_map_loading(repeats)
