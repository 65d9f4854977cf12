"""The bundled sample maps: they load, they are real battle maps, Tiled's own export of
them loads to the same board, and we draw them exactly as Tiled's renderer does."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.grid import GridKind, StaggerAxis
from game.tiled import load_board, load_map

REPO = Path(__file__).resolve().parent.parent
MAPS = sorted((REPO / "maps").glob("*.tmx")) + sorted((REPO / "maps").glob("*.tmj"))
SAMPLES = REPO / "tests" / "data" / "samples"


def test_there_is_a_square_a_pointy_top_and_a_flat_top_sample_map() -> None:
    kinds = set()
    for path in MAPS:
        tmap, board = load_board(path)
        kinds.add(board.kind if board.kind is GridKind.SQUARE else (board.kind, tmap.stagger_axis))
    assert GridKind.SQUARE in kinds
    assert (GridKind.HEX, StaggerAxis.Y) in kinds, "pointy-top hex map missing"
    assert (GridKind.HEX, StaggerAxis.X) in kinds, "flat-top hex map missing"


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_sample_map_has_walls_difficult_and_dangerous_terrain_and_two_sides(path: Path) -> None:
    _, board = load_board(path)
    counts = board.counts()
    assert counts["wall"] > 0 and counts["difficult"] > 0 and counts["dangerous"] > 0, counts
    sides = {p.side for p in board.placements}
    assert len(sides) >= 2, sides
    for p in board.placements:
        assert p.cell in board and not board.is_wall(p.cell), p


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_sample_map_terrain_comes_from_tiles_and_from_object_shapes(path: Path) -> None:
    """Both documented sources are used, so a map maker has a working example of each."""
    from game.tiled.model import ObjectLayer
    from game.tiled.to_board import TERRAIN_PROPERTIES

    tmap = load_map(path)
    tile_terrain = any(set(t.properties) & TERRAIN_PROPERTIES.keys() for ts in tmap.tilesets for t in ts.tiles.values())
    shape_terrain = any(set(o.properties) & TERRAIN_PROPERTIES.keys()
                        for layer in tmap.iter_layers() if isinstance(layer, ObjectLayer) for o in layer.objects)
    assert tile_terrain and shape_terrain


def _board_facts(path: Path) -> tuple[object, ...]:
    # the exports under tests/ name the tilesets in assets/: the repository's project folders do not hold them
    tmap, board = load_board(path, root=REPO)
    return (board.kind, board.width, board.height, dict(board.special_cells()),
            sorted((p.name, p.side, p.template, p.cell) for p in board.placements),
            dict(board.properties), tmap.stagger_axis, tmap.stagger_index)


@pytest.mark.parametrize("path", [p for p in MAPS if p.suffix == ".tmx"], ids=lambda p: p.name)
def test_tiled_json_export_of_the_sample_map_gives_the_same_board(path: Path) -> None:
    """The .tmj was written by the real Tiled 1.8.2 (`tiled --export-map json`)."""
    exported = SAMPLES / "exported" / (path.stem + ".tmj")
    assert exported.exists(), f"export {path.name} with: tiled --export-map json {path} {exported}"
    assert _board_facts(exported) == _board_facts(path)
    ours, theirs = load_map(path), load_map(exported, root=REPO)
    assert [getattr(layer, "data", None) for layer in ours.layers] == [getattr(layer, "data", None) for layer in theirs.layers]


@pytest.mark.skipif(shutil.which("tiled") is None, reason="the Tiled editor (Debian package 'tiled') is not installed")
@pytest.mark.parametrize("path", [p for p in MAPS if p.suffix == ".tmx"], ids=lambda p: p.name)
def test_the_real_tiled_editor_opens_and_exports_the_sample_map(path: Path, tmp_path: Path) -> None:
    runtime = tmp_path / "xdg"
    runtime.mkdir(mode=0o700)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_RUNTIME_DIR": str(runtime)}
    out = REPO / "tests" / "data" / "samples" / f".live_{path.stem}.tmj"
    try:
        subprocess.run(["tiled", "--export-map", "json", str(path), str(out)], env=env, check=True,
                       capture_output=True, timeout=60)
        assert _board_facts(out) == _board_facts(path)
    finally:
        out.unlink(missing_ok=True)


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_sample_map_renders_pixel_identical_to_tmxrasterizer(path: Path) -> None:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    import pygame

    from game.ui.map_view import compose

    expected_png = SAMPLES / "expected" / (path.stem + ".png")
    ours = compose(load_map(path), None, show_objects=False)
    expected = pygame.image.load(str(expected_png))
    assert ours.get_size() == expected.get_size()
    a, b = pygame.image.tobytes(ours, "RGBA"), pygame.image.tobytes(expected, "RGBA")
    differing = sum(1 for i in range(0, len(a), 4) if a[i:i + 4] != b[i:i + 4]) if a != b else 0
    assert differing == 0, f"{differing} pixels differ from tmxrasterizer's picture"


def test_validate_command_accepts_every_sample_map() -> None:
    result = subprocess.run([sys.executable, "-m", "game", "validate", *map(str, MAPS)],
                            capture_output=True, text=True, cwd=REPO)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count(": OK - ") == len(MAPS)
