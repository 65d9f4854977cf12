"""Issue 23, class 3: every image format the program decodes has its size read from the file's header before
decoding, or is refused (GIF frames, JPEG markers, OS/2 BMP headers, TGA; SVG, PPM, WebP... refused).

Each hostile image is the tileset image of a small map; ``validate`` and ``render`` run on it in a subprocess
under a memory cap and a time bound, and must refuse it in one line, naming the image and the limit."""

from __future__ import annotations

import io
import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from tests import hostile  # noqa: E402
from tests.hostile import memory_cap  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
MEMORY_CAP = 1024 ** 3
"""1 GiB of address space: the images below decode to 0.4-2.6 GB."""
HANG = 60
"""Seconds: a refusal takes about one; only a hang (or a machine shared by many) takes this long."""


def run_game(*args: str) -> subprocess.CompletedProcess[str]:
    return hostile.run_game(*args, memory=MEMORY_CAP, timeout=HANG)


def one_line(result: subprocess.CompletedProcess[str], *needles: str) -> None:
    err = (result.stdout + result.stderr).strip()  # validate reports on stdout, render on stderr
    assert result.returncode in (1, 2), err  # validate: 1 (problems found), render: 2 (refused)
    assert "Traceback" not in err and "internal error" not in err, err
    for needle in needles:
        assert needle in err, err


def png_header(w: int, h: int) -> bytes:
    """A PNG that is its header only (valid up to IHDR)."""
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + ihdr + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr))


def gif(screen: tuple[int, int], frames: list[tuple[int, int, int, int]]) -> bytes:
    """A GIF with a 2-colour table and frames (left, top, w, h) of a tiny LZW stream each."""
    out = b"GIF89a" + struct.pack("<HHBBB", *screen, 0x80, 0, 0) + b"\x00\x00\x00\xff\xff\xff"
    for left, top, w, h in frames:
        out += b"," + struct.pack("<HHHHB", left, top, w, h, 0) + b"\x02\x02\x44\x01\x00"
    return out + b";"


def jpeg(w: int, h: int, comments: int) -> bytes:
    """A baseline JPEG header of w x h whose frame marker comes after ``comments`` comment markers."""
    com = b"\xff\xfe\x00\x02" * comments
    sof = b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, h, w, 1) + b"\x01\x11\x00"
    return b"\xff\xd8" + com + sof + b"\xff\xd9"


def bmp_os2(w: int, h: int) -> bytes:
    """An OS/2 1.x BMP: a 12-byte BITMAPCOREHEADER with 16-bit sizes."""
    return b"BM" + struct.pack("<IHHI", 26 + 4, 0, 0, 26) + struct.pack("<IHHHH", 12, w, h, 1, 24) + bytes(4)


def tga_rle(w: int, h: int) -> bytes:
    """A run-length encoded true-colour TGA: one packet repeating a pixel (over the whole picture, to SDL)."""
    return struct.pack("<BBBHHBHHHHBB", 0, 0, 10, 0, 0, 0, 0, 0, w, h, 24, 0) + b"\xff\x00\x00\xff"


HOSTILE: dict[str, tuple[bytes, list[str]]] = {
    "frame.gif": (gif((1, 1), [(0, 0, 20000, 20000)]), ["20000x20000 pixels", "16384"]),
    "second_frame.gif": (gif((1, 1), [(0, 0, 1, 1), (0, 0, 16000, 16000)]), ["16000x16000 pixels", "16384"]),
    "comments.jpg": (jpeg(16000, 16000, 10_001), ["16000x16000 pixels", "16384"]),
    "markers.jpg": (jpeg(16, 16, 100_001), ["over the limit of 100000 (MAX_HEADER_STEPS)"]),
    "os2.bmp": (bmp_os2(16000, 16000), ["16000x16000 pixels", "16384"]),
    "rle.tga": (tga_rle(16000, 16000), ["16000x16000 pixels", "16384"]),
    "tiny.svg": (b'<svg xmlns="http://www.w3.org/2000/svg" width="30000" height="30000"><rect width="30000" '
                 b'height="30000"/></svg>', ["only PNG, GIF, JPEG, BMP and TGA images are read"]),
    "svg_in_jpeg.jpg": (b"\xff\xd8\xff\xfe\x00\x10<svg width='9e4'" + b"\xff\xd9",
                        ["only PNG, GIF, JPEG, BMP and TGA images are read", "as AVIF or SVG"]),
    "big.ppm": (b"P6 16000 16000 255\n" + bytes(3), ["only PNG, GIF, JPEG, BMP and TGA images are read"]),
    "big.webp": (b"RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00\x2f\x7f\xff\xff\x0f" + bytes(9),
                 ["only PNG, GIF, JPEG, BMP and TGA images are read"]),
}


def tileset_map(folder: Path, images: list[str], tile: int = 16) -> Path:
    """A 2x2 map with one single-image tileset per image, its first tile drawn on a cell each."""
    tilesets = "".join(
        f' <tileset firstgid="{1 + i}" name="t{i}" tilewidth="{tile}" tileheight="{tile}" tilecount="1" columns="1">'
        f'<image source="{name}"/></tileset>\n' for i, name in enumerate(images))
    cells = ",".join(str(1 + i % len(images)) for i in range(4))
    path = folder / "m.tmx"
    path.write_text(f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="orthogonal" '
                    f'renderorder="right-down" width="2" height="2" tilewidth="{tile}" tileheight="{tile}" '
                    f'infinite="0">\n{tilesets} <layer name="ground" width="2" height="2"><data encoding="csv">'
                    f'{cells}</data></layer>\n</map>\n')
    return path


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_image_is_refused_from_its_header_by_validate_and_render(tmp_path: Path, name: str) -> None:
    data, needles = HOSTILE[name]
    (tmp_path / name).write_bytes(data)
    tmx = tileset_map(tmp_path, [name])
    one_line(run_game("validate", str(tmx)), "m.tmx", name, *needles)
    one_line(run_game("render", str(tmx), "--out", str(tmp_path / "out.png")), name, *needles)
    assert not (tmp_path / "out.png").exists()


def test_render_refuses_a_hostile_image_even_when_the_map_was_loaded_without_its_check(tmp_path: Path) -> None:
    """The renderer reads every image's header again before decoding (a TiledMap may be built by hand)."""
    code = (
        "import sys; from pathlib import Path\n"
        "from game.tiled import load_map\nfrom game.errors import MapError\nfrom game.ui.tiled_render import render_map\n"
                "tmap = load_map(sys.argv[1])\n"
        "Path(sys.argv[2]).write_bytes(Path(sys.argv[3]).read_bytes())\n"
        "try:\n    render_map(tmap)\nexcept MapError as e:\n    print(e)\n")
    (tmp_path / "ok.gif").write_bytes(gif((1, 1), [(0, 0, 1, 1)]))
    tmx = tileset_map(tmp_path, ["ok.gif"], tile=1)
    (tmp_path / "bad.gif").write_bytes(HOSTILE["tiny.svg"][0])
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, "-c", code, str(tmx), str(tmp_path / "ok.gif"), str(tmp_path / "bad.gif")],
                            capture_output=True, text=True, cwd=REPO, env=env, timeout=HANG, preexec_fn=memory_cap(MEMORY_CAP))
    assert "only PNG, GIF, JPEG, BMP and TGA images are read" in result.stdout, (result.stdout, result.stderr)


def test_the_images_of_a_map_have_one_pixel_budget(tmp_path: Path) -> None:
    """Five 8192x8192 images are each allowed (64 Mpx) but together over Limits.max_map_image_pixels."""
    from game.tiled.files import DEFAULT_LIMITS

    names = [f"i{k}.png" for k in range(5)]
    for name in names:
        (tmp_path / name).write_bytes(png_header(8192, 8192))
    tmx = tileset_map(tmp_path, names)
    assert 4 * 8192 * 8192 <= DEFAULT_LIMITS.max_map_image_pixels < 5 * 8192 * 8192
    one_line(run_game("validate", str(tmx)), "i4.png", f"over the limit of {DEFAULT_LIMITS.max_map_image_pixels}",
             "Limits.max_map_image_pixels")


@pytest.mark.parametrize("ext", ["png", "jpg", "bmp", "tga", "gif"])
def test_each_allowed_format_is_read_and_drawn(tmp_path: Path, ext: str) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.tiled import load_map
    from game.tiled.files import image_header
    from game.ui.tiled_render import render_map

    if ext == "gif":
        data = gif((1, 1), [(0, 0, 1, 1)])
        size = 1
    else:
        surface = pygame.Surface((16, 16))
        surface.fill((200, 40, 40))
        buffer = io.BytesIO()
        pygame.image.save(surface, buffer, f"x.{ext}")
        data, size = buffer.getvalue(), 16
    (tmp_path / f"t.{ext}").write_bytes(data)
    assert image_header(io.BytesIO(data), f"t.{ext}")[1:] == (size, size)
    picture = render_map(load_map(tileset_map(tmp_path, [f"t.{ext}"], tile=size)))
    assert picture.get_size() == (2 * size, 2 * size)
    if ext != "gif":
        r, g, b, a = picture.get_at((3, 3))
        assert a == 255 and abs(r - 200) < 8 and abs(g - 40) < 8
