"""The table window's camera and its automation, driven by real pygame events under the dummy driver.

A tiny bare map (6 x 4 squares: floor, a wall, a lava cell, a hero and a monster)
opened in the table: fitting, zooming about the cursor, panning by dragging,
``--screenshot``, and what happens without a screen.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ui.table import Table, run_table
from game.ui.window import NoWindowError

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
  <object id="2" name="Goblin 1" type="creature" x="72" y="40"><properties><property name="side" value="monsters"/><property name="template" value="goblin_cutter"/></properties><point/></object>
 </objectgroup>
</map>''')
    return path



@pytest.fixture()
def table(tmp_path: Path) -> Iterator[Table]:
    pygame.display.init()
    pygame.font.init()
    t = Table((900, 600), controls={"heroes": "Ann", "monsters": "ai"}, skip_setup=True)
    assert t.open(str(_write_map(tmp_path))), t.message
    yield t
    pygame.quit()


def _board_point(t: Table, pos: tuple[int, int]) -> tuple[float, float]:
    """The map-picture point under a window pixel."""
    assert t.view is not None
    r = t.board_rect
    return t.view.camera.to_picture(pos[0] - r.left, pos[1] - r.top)


def test_the_map_is_fitted_whole_inside_the_board_area_when_it_opens(table: Table) -> None:
    assert table.view is not None
    r = table.board_rect
    w, h = table.view.size
    for corner in ((0, 0), (w, h)):
        sx, sy = table.view.camera.to_screen(*corner)
        assert 0 <= sx <= r.width and 0 <= sy <= r.height


def test_the_wheel_zooms_about_the_point_under_the_cursor(table: Table) -> None:
    assert table.view is not None
    pos = table.board_rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for event in pygame.event.get():
        table.handle(event)
    before_zoom, under = table.view.camera.zoom, _board_point(table, pos)
    table.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))  # the tiny map opens at the largest zoom
    assert table.view.camera.zoom < before_zoom
    assert _board_point(table, pos) == pytest.approx(under, abs=1 / table.view.camera.zoom)


def test_a_right_drag_pans_the_map_by_the_mouse_movement(table: Table) -> None:
    assert table.view is not None
    x0, y0 = table.view.camera.x, table.view.camera.y
    start = table.board_rect.center
    table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=3))
    table.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] + 40, start[1] + 20), rel=(40, 20),
                                    buttons=(0, 0, 1)))
    table.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0] + 40, start[1] + 20), button=3))
    assert table.view.camera.x == pytest.approx(x0 - 40 / table.view.camera.zoom)
    assert table.view.camera.y == pytest.approx(y0 - 20 / table.view.camera.zoom)


def test_the_screenshot_option_writes_a_png_of_the_window(tmp_path: Path) -> None:
    out = tmp_path / "shot.png"
    assert run_table(str(_write_map(tmp_path)), size=(900, 500), screenshot=str(out), skip_setup=True,
                     controls={"heroes": "ai", "monsters": "ai"}, max_frames=600) == 0
    shot = pygame.image.load(str(out))
    assert shot.get_size() == (900, 500)


def test_no_display_is_one_clear_line_not_a_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_display() -> None:
        raise pygame.error("x11 not available")

    monkeypatch.setattr(pygame.display, "init", no_display)
    with pytest.raises(NoWindowError, match="cannot open a window .*render MAP --out"):
        run_table(str(_write_map(tmp_path)))
