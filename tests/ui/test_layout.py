"""The window at every size (issue 13, item 12): the action bar, the log, the message, a resize.

Under the dummy driver, as the other UI tests; sizes from the issue: 1280 x 800, 1024 x 600, and a
window grown from one to the other.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pygame
import pytest
from pygame_gui.elements import UIButton

from game.ui.script import post_click, post_key
from game.ui.table import Table
from game.ui.rulesets.seed000.targeting import usable_powers
from tests.ui.driving import crypt_encounter, frames, pass_to_the_heroes, settle

REPO = Path(__file__).resolve().parents[2]
CRYPT = REPO / "maps" / "crypt_skirmish.toml"


def start(path: Path, size: tuple[int, int], controls: dict[str, str] | None = None) -> Table:
    pygame.display.init()
    pygame.font.init()
    table = Table(size, controls=controls, skip_setup=True)
    assert table.open(path), table.message
    return table


@pytest.fixture()
def wizard_table(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Table]:
    """Ann's weather wizard (seven powers on the action bar) on her turn, at the size asked for."""
    encounter = crypt_encounter(tmp_path / "wizard.toml", [("Wenna", "heroes", "wizard", (5, 11)),
                                                            ("Goblin", "monsters", "goblin_cutter", (21, 3))],
                                seed=4, monsters="Bob")
    table = start(encounter, request.param)
    pass_to_the_heroes(table, monsters="Bob", limit=4)
    assert table.acting is not None and table.acting.name == "Wenna" and table.my_turn()
    assert len(usable_powers(table.acting)) == 7
    yield table
    pygame.quit()


def bar(table: Table) -> dict[str, UIButton]:
    return {b.text: b for b in table.action_buttons}


@pytest.mark.parametrize("wizard_table", [(1280, 800), (1024, 600), (800, 600)], indirect=True,
                         ids=["1280x800", "1024x600", "800x600"])
def test_end_turn_is_always_on_the_bar_and_every_action_can_be_reached(wizard_table: Table) -> None:
    table = wizard_table
    window = table.screen.get_rect()
    end = bar(table)["Space: End turn"]
    assert end.visible and window.contains(end.rect), "End turn whole, inside the window"
    seen: set[str] = set()
    for _ in range(12):  # the arrows scroll the rest of the bar
        shown = [b for b in table.action_buttons if b.visible]
        for k, b in enumerate(shown):
            assert window.contains(b.rect), f"{b.text} cut off the bar"
            assert not any(b.rect.colliderect(o.rect) for o in shown[k + 1:]), f"{b.text} overlaps a button"
        seen |= {b.text for b in shown}
        forward = next((b for b in table.bar_arrows if b.text == ">"), None)
        if forward is None or not forward.visible or not forward.is_enabled:
            break
        post_click(forward.rect.center)
        frames(table)
    assert table.acting is not None
    powers = [f"{i + 1} {p.name}" for i, p in enumerate(usable_powers(table.acting))]
    assert set(powers) <= seen, "every power shows on the bar, at once or by scrolling it"


def test_the_log_keeps_a_good_share_of_the_right_panel_at_1024x600() -> None:
    """On Ann's turn the sheet of her hero (nine lines of powers) and ten creatures of initiative
    are shown too: they give way to the log, not the log to them."""
    table = start(CRYPT, (1024, 600), {"heroes": "Ann", "monsters": "ai"})
    settle(table)
    post_key(pygame.K_RETURN)
    frames(table, 3)
    assert table.my_turn() and table.sheet_creature() is not None
    assert len(table.log.shown) >= 8, f"the log shows {len(table.log.shown)} lines"
    pygame.quit()


def test_growing_the_window_repaints_everything_and_keeps_no_ghost_of_the_old_bar() -> None:
    table = start(CRYPT, (1024, 600), {"heroes": "Ann", "monsters": "ai"})
    settle(table)
    post_key(pygame.K_RETURN)
    frames(table, 3)
    assert table.my_turn() and table.action_buttons
    table.screen = pygame.display.set_mode((1280, 800), pygame.RESIZABLE)  # what pygame does on a resize
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1280, y=800))
    frames(table, 4)
    kept = table.screen.copy()
    table._board_kept = None  # a frame that draws everything afresh
    table._side_covered = True
    frames(table, 1, 0.0)
    fresh = table.screen
    ring = table.pulse_rects()[0].move(table.board_rect.topleft) if table.pulse_rects() else pygame.Rect(0, 0, 0, 0)
    differ = [(x, y) for x in range(0, 1280, 3) for y in range(0, 800, 3)
              if not ring.collidepoint(x, y) and kept.get_at((x, y)) != fresh.get_at((x, y))]
    assert differ == [], f"{len(differ)} pixels of an old picture stayed, first at {differ[:3]}"
    end = bar(table)["Space: End turn"]
    assert end.rect.bottom <= 800 and end.rect.top >= 800 - 64
    pygame.quit()


def test_a_message_cut_short_opens_whole_with_a_click(tmp_path: Path) -> None:
    table = start(CRYPT, (1024, 600))
    frames(table)
    missing = "a_map_with_a_long_name_" + "x" * 60 + ".tmx"
    broken = tmp_path / "broken.toml"
    broken.write_text(f'format = 1\nmap = "{missing}"\n')
    assert not table.open(broken)
    frames(table)
    assert table.message_error and missing in table.message_full
    assert table.message_cut, "the message does not fit the top bar"
    assert not table.message_open
    post_click(table.message_rect.center)
    frames(table)
    assert table.message_open
    box = table.message_box
    assert table.screen.get_rect().contains(box)
    lines = sum(1 for line in table.message_full.splitlines())
    assert box.height >= lines * 18, "the box holds every line"
    post_click(table.board_rect.center)
    frames(table)
    assert not table.message_open
    pygame.quit()


@pytest.mark.parametrize("name", ["crypt_skirmish.toml", "marsh_ambush.toml", "ridge_crossing.toml"])
def test_names_under_tokens_overlap_no_other_name_and_no_token_at_the_default_zoom(name: str) -> None:
    table = start(REPO / "maps" / name, (1280, 800), {})
    frames(table, 2)
    table._board_kept = None  # a whole frame, every name in it
    frames(table, 1, 0.0)
    assert table.view is not None and table.session is not None
    side = min(table.view.cell_w, table.view.cell_h)
    zoom = table.view.camera.zoom
    discs = []
    for look, x, y in table.drawn_looks:
        radius = max(3, int(side * look.size_cells * zoom / 2 * 0.78))
        disc = pygame.Rect(0, 0, 2 * radius, 2 * radius)
        disc.center = (round(x), round(y))
        discs.append(disc)
    names = [rect for _, rect in table.name_rects]
    for k, rect in enumerate(names):
        assert not any(rect.colliderect(other) for other in names[k + 1:]), "two names overlap"
        assert not any(rect.colliderect(disc) for disc in discs), "a name covers a token"
    if int(side * zoom / 2 * 0.78) >= 9:  # names show at this zoom
        assert len(names) >= 0.7 * len(discs), f"only {len(names)} names for {len(discs)} tokens"
    pygame.quit()


@pytest.mark.parametrize("wizard_table", [(800, 600)], indirect=True, ids=["800x600"])
def test_a_power_chosen_by_its_key_scrolls_into_view_and_the_wheel_scrolls_the_bar(wizard_table: Table) -> None:
    table = wizard_table
    assert table.acting is not None
    hidden = [b for b in table.bar_hidden if b.text[0].isdigit()]
    assert hidden, "at 800 pixels some powers are scrolled away"
    last = hidden[-1]
    post_key(pygame.K_0 + int(last.text.split(" ")[0]))
    frames(table)
    assert last.visible and table.screen.get_rect().contains(last.rect)
    post_key(pygame.K_ESCAPE)
    frames(table)
    first = table.bar_first
    bar_y = table.screen.get_height() - 30
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(200, bar_y), rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
    frames(table)
    assert table.bar_first < first, "the wheel over the bar scrolls it back"
