"""The map window, driven by real pygame events under the dummy video driver."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.grid import Square
from game.tiled import load_board
from game.ui import map_view
from game.ui.viewer import PANEL_WIDTH, Viewer, run_viewer

TILESET_PNG_SIZE = (64, 32)


def _write_map(folder: Path) -> Path:
    """A 6x4 square map: floor, one wall tile, one lava tile, a hero and a monster."""
    pygame.init()
    sheet = pygame.Surface(TILESET_PNG_SIZE)
    sheet.fill((90, 90, 90), (0, 0, 16, 16))
    sheet.fill((20, 20, 20), (16, 0, 16, 16))
    sheet.fill((220, 80, 0), (32, 0, 16, 16))
    pygame.image.save(sheet, str(folder / "t.png"))
    row = lambda *gids: ",".join(str(g) for g in gids)  # noqa: E731
    data = "\n".join([row(1, 1, 1, 1, 1, 2) + ",", row(1, 1, 1, 3, 1, 2) + ",", row(1, 1, 1, 1, 1, 2) + ",",
                      row(1, 1, 1, 1, 1, 1)])
    path = folder / "tiny.tmx"
    path.write_text(f'''<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width="6" height="4" tilewidth="16" tileheight="16" infinite="0">
 <properties><property name="title" value="Tiny Test Room"/></properties>
 <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="8" columns="4">
  <image source="t.png" width="64" height="32"/>
  <tile id="1"><properties><property name="wall" type="bool" value="true"/></properties></tile>
  <tile id="2"><properties><property name="damage" value="1d6 fire"/></properties></tile>
 </tileset>
 <layer id="1" name="ground" width="6" height="4"><data encoding="csv">{data}</data></layer>
 <objectgroup id="2" name="creatures">
  <object id="1" name="Ash" type="creature" x="8" y="8"><properties><property name="side" value="heroes"/><property name="template" value="fighter"/></properties><point/></object>
  <object id="2" name="Goblin 1" type="creature" x="72" y="40"><properties><property name="side" value="monsters"/></properties><point/></object>
 </objectgroup>
</map>''')
    return path


@pytest.fixture()
def viewer(tmp_path: Path) -> Viewer:
    tmap, board = load_board(_write_map(tmp_path))
    pygame.display.init()
    pygame.font.init()
    v = Viewer(tmap, board, (800, 480))
    yield v
    pygame.quit()


def _screen_pos(v: Viewer, cell: Square) -> tuple[int, int]:
    cx, cy = v.board.grid.cell_centre_pixel(cell)
    sx, sy = v.camera.to_screen(cx, cy)
    return round(sx), round(sy)


def test_fit_shows_the_whole_map_inside_the_map_area(viewer: Viewer) -> None:
    vw, vh = viewer.view_size()
    assert vw == 800 - PANEL_WIDTH
    for corner in ((0, 0), viewer.picture.get_size()):
        sx, sy = viewer.camera.to_screen(*corner)
        assert 0 <= sx <= vw and 0 <= sy <= vh


def test_hovering_a_cell_with_a_mouse_event_selects_that_cell(viewer: Viewer) -> None:
    pos = _screen_pos(viewer, Square(3, 1))
    viewer.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    assert viewer.hover == Square(3, 1)
    viewer.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(799, 10), rel=(0, 0), buttons=(0, 0, 0)))
    assert viewer.hover is None, "the panel is not the map"


def test_wheel_zoom_keeps_the_map_point_under_the_cursor(viewer: Viewer) -> None:
    pos = _screen_pos(viewer, Square(2, 2))
    pygame.mouse.set_pos(pos)
    before_zoom = viewer.camera.zoom
    under_before = viewer.camera.to_map(*pygame.mouse.get_pos())
    viewer.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    assert viewer.camera.zoom < before_zoom
    under_after = viewer.camera.to_map(*pygame.mouse.get_pos())
    assert under_after == pytest.approx(under_before)


def test_right_drag_pans_the_camera_by_the_mouse_movement(viewer: Viewer) -> None:
    x0, y0 = viewer.camera.x, viewer.camera.y
    viewer.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(100, 100), button=3))
    viewer.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(140, 120), rel=(40, 20), buttons=(0, 0, 1)))
    viewer.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(140, 120), button=3))
    assert viewer.camera.x == pytest.approx(x0 - 40 / viewer.camera.zoom)
    assert viewer.camera.y == pytest.approx(y0 - 20 / viewer.camera.zoom)


def test_creature_tokens_are_drawn_in_their_side_colour_and_toggle_with_c(viewer: Viewer) -> None:
    hero = next(p for p in viewer.board.placements if p.name == "Ash")
    pos = _screen_pos(viewer, hero.cell)
    viewer.draw()
    # the token's centre carries the label; sample a point between label and rim
    radius = 16 * 0.8 * viewer.camera.zoom / 2
    probe = (pos[0], round(pos[1] + radius * 0.75))
    assert viewer.screen.get_at(probe)[:3] == map_view.side_colour("heroes")
    viewer.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c"))
    viewer.draw()
    assert viewer.screen.get_at(probe)[:3] != map_view.side_colour("heroes")


def test_terrain_tint_marks_the_wall_and_the_lava_cells(viewer: Viewer) -> None:
    viewer.show_grid = False
    viewer.draw()
    wall = viewer.screen.get_at(_screen_pos(viewer, Square(5, 0)))[:3]
    lava = viewer.screen.get_at(_screen_pos(viewer, Square(3, 1)))[:3]
    viewer.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t"))
    viewer.draw()
    assert viewer.screen.get_at(_screen_pos(viewer, Square(5, 0)))[:3] != wall
    assert viewer.screen.get_at(_screen_pos(viewer, Square(3, 1)))[:3] != lava


def test_screenshot_option_writes_a_png_of_the_window(tmp_path: Path) -> None:
    tmap, board = load_board(_write_map(tmp_path))
    out = tmp_path / "shot.png"
    assert run_viewer(tmap, board, screenshot=str(out), size="900x500") == 0
    shot = pygame.image.load(str(out))
    assert shot.get_size() == (900, 500)


def test_no_display_is_one_clear_line_not_a_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.viewer import NoWindowError

    tmap, board = load_board(_write_map(tmp_path))

    def no_display() -> None:
        raise pygame.error("x11 not available")

    monkeypatch.setattr(pygame.display, "init", no_display)
    with pytest.raises(NoWindowError, match="cannot open a window .*render MAP --out"):
        run_viewer(tmap, board)
