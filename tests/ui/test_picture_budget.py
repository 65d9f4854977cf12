"""Issue 23, class 2: a map's picture is checked before anything is allocated for it.

The picture's size (the map grown by its layer offsets), each tile object's drawn size (scaled, turned), the
number of pictures drawn (repeated images included) are refused over their limits with one line, for ``render``
and ``play`` alike; a picture over the output budget at scale 1 is drawn smaller in strips, within a memory cap.
Hostile maps run in a subprocess under a memory cap and a time bound."""

from __future__ import annotations

import base64
import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import numpy as np
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.tiled import load_map  # noqa: E402
from game.ui import tiled_render  # noqa: E402
from game.ui.tiled_render import render_map  # noqa: E402
from tests import hostile  # noqa: E402
from tests.hostile import memory_cap  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "tests" / "data" / "render"
MEMORY_CAP = 1024 ** 3
"""1 GiB of address space: the maps below asked numpy or pygame for 1.2 GB to 3.47 EiB."""
HANG = 90
"""Seconds: a refusal takes about one, the strips of a 92-megapixel picture about ten; only a hang (or a
machine shared by many) takes this long."""


def run_game(*args: str) -> subprocess.CompletedProcess[str]:
    return hostile.run_game(*args, memory=MEMORY_CAP, timeout=HANG)


def one_line(result: subprocess.CompletedProcess[str], *needles: str) -> None:
    err = (result.stdout + result.stderr).strip()
    assert result.returncode != 0, err
    assert "Traceback" not in err and "internal error" not in err and "MemoryError" not in err, err
    for needle in needles:
        assert needle in err, err


def write_map(folder: Path, *, cells: tuple[int, int] = (2, 2), tile: int = 16, layer_attrs: str = "",
              extra: str = "", image: int = 0, tileset_attrs: str = "") -> Path:
    """A map of one tile layer (base64-zlib, every cell the first tile) over a 1-tile tileset whose image is
    ``image`` pixels square (by default: tile), plus ``extra`` layers."""
    side = image or tile
    surface = pygame.Surface((side, side))
    surface.fill((90, 160, 60))
    pygame.draw.rect(surface, (20, 20, 120), (0, 0, max(1, side // 2), max(1, side // 2)))
    pygame.image.save(surface, str(folder / "t.png"))
    w, h = cells
    data = base64.b64encode(zlib.compress(struct.pack(f"<{w * h}I", *([1] * (w * h))))).decode()
    path = folder / "m.tmx"
    path.write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="orthogonal" renderorder="right-down" '
        f'width="{w}" height="{h}" tilewidth="{tile}" tileheight="{tile}" infinite="0" nextobjectid="9">\n'
        f' <tileset firstgid="1" name="t" tilewidth="{side}" tileheight="{side}" tilecount="1" columns="1" '
        f'{tileset_attrs}>'
        f'<image source="t.png" width="{side}" height="{side}"/></tileset>\n'
        f' <layer name="ground" width="{w}" height="{h}" {layer_attrs}><data encoding="base64" compression="zlib">'
        f'{data}</data></layer>\n{extra}</map>\n')
    return path


def tile_object(width: str, height: str, rotation: str = "0") -> str:
    return (f' <objectgroup name="things"><object id="1" gid="1" x="0" y="32" width="{width}" height="{height}" '
            f'rotation="{rotation}"/></objectgroup>\n')


HOSTILE = {
    "layer offset 1e9": (dict(layer_attrs='offsetx="1e9"'),
                         ["1000000032x32 pixels at scale 1", "65536 pixels a side (MAX_PICTURE_SIDE)", "--scale"]),
    "16384-px tiles": (dict(cells=(8, 8), tile=16384, image=16), ["131072x131072 pixels", "MAX_PICTURE_SIDE"]),
    "tile object 1e5 wide": (dict(extra=tile_object("100000", "16")),
                             ["tile object 1 would be drawn 100000x16 pixels", "MAX_IMAGE_SIDE"]),
    "tile object 1e300 wide": (dict(extra=tile_object("1e300", "16")),
                               ["tile object 1 would be drawn over a trillion pixels", "MAX_IMAGE_SIDE"]),
    "tile object 7000 square turned 45": (dict(extra=tile_object("7000", "7000", "45")),
                                           ["tile object 1, turned, would be drawn 9899x9899", "MAX_IMAGE_PIXELS"]),
    "1x1 image repeated over 65536x1024": (
        dict(cells=(2048, 32), tile=32,
             extra=' <imagelayer name="sky" repeatx="1" repeaty="1"><image source="dot.png"/></imagelayer>\n'),
        ["image layer 'sky'", "repeated 67108864 times", "16777216", "MAX_DRAWS"]),
    "16-px tile drawn to a 16384-px cell": (dict(tile=16384, image=16, tileset_attrs='tilerendersize="grid"'),
                                            ["tile of tileset 't' scaled to the map's cell", "16384x16384",
                                             "MAX_IMAGE_PIXELS"]),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_render_refuses_a_picture_over_its_limits_in_one_line(tmp_path: Path, case: str) -> None:
    kwargs, needles = HOSTILE[case]
    tmx = write_map(tmp_path, **kwargs)  # type: ignore[arg-type]
    pygame.image.save(pygame.Surface((1, 1)), str(tmp_path / "dot.png"))
    # at a scale where the repeated layer's 65536x1024 map is within the output budget
    result = run_game("render", str(tmx), "--out", str(tmp_path / "out.png"), "--scale", "0.25")
    one_line(result, "m.tmx", *needles)
    assert not (tmp_path / "out.png").exists()


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_validate_refuses_what_render_refuses_with_the_same_line(tmp_path: Path, case: str) -> None:
    """``validate`` sizes the picture as ``render`` and ``play`` do before drawing (``size_picture``): a map it
    passes is not refused by them for its picture, and the line is the one ``render`` prints."""
    kwargs, needles = HOSTILE[case]
    tmx = write_map(tmp_path, **kwargs)  # type: ignore[arg-type]
    pygame.image.save(pygame.Surface((1, 1)), str(tmp_path / "dot.png"))
    validated = run_game("validate", str(tmx))
    one_line(validated, "m.tmx", *needles)
    rendered = run_game("render", str(tmx), "--out", str(tmp_path / "out.png"), "--scale", "0.25")
    one_line(rendered, "m.tmx", *needles)
    assert validated.stdout.strip() == rendered.stderr.strip()
    assert len(validated.stdout.strip().splitlines()) == 1


PEAK = """
import sys
from game.__main__ import main
code = main(sys.argv[1:])
# this process's own peak (getrusage's ru_maxrss keeps the forking parent's size across exec)
peak = [line.split()[1] for line in open("/proc/self/status") if line.startswith("VmHWM:")][0]
print("peak", peak, file=sys.stderr)
sys.exit(code)
"""


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the peak from /proc")
def test_a_repeated_image_over_the_draws_is_refused_before_any_is_drawn(tmp_path: Path) -> None:
    """Issue 23, every refusal within 1 s and 100 MB: the copies of a repeated image are counted before
    anything is drawn (it was refused after the map's tile layer was drawn: 2.45 s, 374 MB). Peak memory,
    not time, is asserted (a shared machine makes time noisy): well under what drawing the layer took."""
    kwargs, needles = HOSTILE["1x1 image repeated over 65536x1024"]
    tmx = write_map(tmp_path, **kwargs)  # type: ignore[arg-type]
    pygame.image.save(pygame.Surface((1, 1)), str(tmp_path / "dot.png"))
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    result = subprocess.run([sys.executable, "-c", PEAK, "render", str(tmx), "--out", str(tmp_path / "out.png"),
                             "--scale", "0.25"], capture_output=True, text=True, cwd=REPO, env=env, timeout=HANG,
                            preexec_fn=memory_cap(MEMORY_CAP))
    one_line(result, "m.tmx", *needles)
    peak_kib = int(result.stderr.rsplit("peak ", 1)[1])
    assert peak_kib < 150 * 1024, f"{peak_kib} KiB"


def test_validate_passes_a_map_whose_picture_render_draws(tmp_path: Path) -> None:
    """The sizing refuses no more than drawing does: a tile object turned, scaled within the limits, a repeated
    image within the count of draws."""
    extra = (tile_object("4000", "16", "30") +
             ' <imagelayer name="sky" repeatx="1" repeaty="1"><image source="dot.png"/></imagelayer>\n')
    tmx = write_map(tmp_path, cells=(64, 64), tile=16, extra=extra)
    pygame.image.save(pygame.Surface((1, 1)), str(tmp_path / "dot.png"))
    validated = run_game("validate", str(tmx))
    assert validated.returncode == 0 and ": OK - " in validated.stdout, validated.stdout + validated.stderr
    rendered = run_game("render", str(tmx), "--out", str(tmp_path / "out.png"))
    assert rendered.returncode == 0, rendered.stderr


BOARD_VIEW = """
import sys
from game.errors import GameError
from game.tiled import load_map
from game.tiled.to_board import board_from_map
from game.ui.board_view import BoardView
tmap = load_map(sys.argv[1])
try:
    BoardView(tmap, board_from_map(tmap))
except GameError as exc:
    sys.exit(str(exc))
"""


@pytest.mark.parametrize("case", ["layer offset 1e9", "16384-px tiles", "1x1 image repeated over 65536x1024"])
def test_play_refuses_a_picture_over_its_limits_in_one_line(tmp_path: Path, case: str) -> None:
    """The window composes the picture in blocks, but plans its draws for the whole: the same limits hold. The
    board view refuses the map with the line, which ``play`` shows at the top of its window (and goes on)."""
    kwargs, needles = HOSTILE[case]
    half = int(kwargs.get("tile", 16)) // 2  # type: ignore[call-overload]
    fighters = "".join(
        f'  <object id="{5 + k}" name="{name}" type="creature" x="{half + 2 * k * half}" y="{half}"><properties>'
        f'<property name="side" value="{side}"/><property name="template" value="fighter"/></properties><point/>'
        f'</object>\n'
        for k, (name, side) in enumerate([("Ann", "heroes"), ("Orc", "monsters")]))
    extra = str(kwargs.get("extra", "")) + f' <objectgroup name="creatures">\n{fighters} </objectgroup>\n'
    tmx = write_map(tmp_path, **{**kwargs, "extra": extra})  # type: ignore[arg-type]
    pygame.image.save(pygame.Surface((1, 1)), str(tmp_path / "dot.png"))
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    view = subprocess.run([sys.executable, "-c", BOARD_VIEW, str(tmx)], capture_output=True, text=True, cwd=REPO,
                          env=env, timeout=HANG, preexec_fn=memory_cap(MEMORY_CAP))
    one_line(view, "m.tmx", *needles)
    script = tmp_path / "s.txt"
    script.write_text("wait 1\n")
    result = run_game("play", str(tmx), "--size", "640x480", "--script", str(script),
                      "--screenshot", str(tmp_path / "shot.png"))
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert (tmp_path / "shot.png").stat().st_size > 0  # the line at its top (seen in a screenshot under Xvfb)


def test_render_of_a_picture_over_the_output_budget_names_the_largest_scale_and_draws_at_it(tmp_path: Path) -> None:
    """300 x 300 cells of 32 px: 9600 x 9600 pixels (92 Mpx) at scale 1, over the 64 Mpx a picture may have;
    at scale 0.5 it is composed in strips (never the whole scale-1 picture) under the 1 GiB cap."""
    tmx = write_map(tmp_path, cells=(300, 300), tile=32)
    one_line(run_game("render", str(tmx), "--out", str(tmp_path / "out.png")),
             "at scale 1 the picture would be 9600x9600 pixels", "16384 pixels a side and 64 megapixels",
             "--scale (at most 0.853")
    result = run_game("render", str(tmx), "--out", str(tmp_path / "out.png"), "--scale", "0.5")
    assert result.returncode == 0, result.stderr
    picture = pygame.image.load(str(tmp_path / "out.png"))
    assert picture.get_size() == (4800, 4800)
    assert picture.get_at((1, 1))[:3] == (20, 20, 120) and picture.get_at((12, 12))[:3] == (90, 160, 60)
    assert picture.get_at((4799, 4799))[:3] == (90, 160, 60)


MAPS = sorted(DATA.glob("*.tmx")) + [REPO / "maps" / "square_crypt.tmx"]


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
@pytest.mark.parametrize("scale", [1, 0.5, 1.7])
def test_a_picture_drawn_in_strips_equals_the_picture_drawn_whole(path: Path, scale: float,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    tmap = load_map(path)
    whole = render_map(tmap, scale=scale)
    monkeypatch.setattr(tiled_render, "_STRIPS_OVER", 0)
    monkeypatch.setattr(tiled_render, "_STRIP_PIXELS", 4099)  # strips of a few rows, cut anywhere
    strips = render_map(tmap, scale=scale)
    assert strips.get_size() == whole.get_size()
    a = np.frombuffer(pygame.image.tobytes(whole, "RGBA"), np.uint8)
    b = np.frombuffer(pygame.image.tobytes(strips, "RGBA"), np.uint8)
    assert np.array_equal(a, b)
