"""A ruleset's strip along the top of the board (``game.ui.strip``, ``game.ui.parts.Strip``): the board gives up its
height, so the strip hides no cell, and the players' display draws it too with only what players may see.

Checked with seed 000's parts given a strip by a test double (seed 001's timeline is the real one: see
``test_seed001_window.py``), so that the generic hook is tested apart from any ruleset.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from game.ui import strip
from game.ui.players_display import PlayersDisplay
from game.ui.table import TOP, Table
from tests.ui.driving import REPO, frames

CRYPT = REPO / "maps" / "crypt_skirmish.toml"
RED = (200, 30, 40)
HEIGHT = 70


class WithStrip:
    """Seed 000's parts with a red strip whose every creature seen is written down."""

    def __init__(self, parts: object) -> None:
        self._parts = parts
        self.seen_asked: list[set[str]] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._parts, name)

    def strip_height(self, table: object) -> int:
        return HEIGHT

    def draw_strip(self, table: Any, target: pygame.Surface, rect: pygame.Rect,
                   seen: Callable[[str], bool] | None) -> None:
        target.fill(RED, rect)
        ids = {c.id for c in table.session.encounter.pieces()}
        self.seen_asked.append(ids if seen is None else {i for i in ids if seen(i)})


@pytest.fixture()
def table() -> Iterator[Table]:
    pygame.display.init()
    pygame.font.init()
    t = Table((1280, 800), skip_setup=True)
    assert t.open(str(CRYPT)), t.message
    yield t
    pygame.quit()


def test_parts_without_a_strip_leave_the_board_its_whole_height(table: Table) -> None:
    assert strip.height(table) == 0
    assert table.board_rect.top == TOP


def test_a_strip_takes_its_height_off_the_top_of_the_board_and_is_drawn_there(table: Table) -> None:
    whole = table.board_rect
    table.parts = WithStrip(table.parts)  # type: ignore[assignment]
    board = table.board_rect
    assert board.top == TOP + HEIGHT and board.bottom == whole.bottom and board.width == whole.width
    frames(table, 2)
    assert table.strip.rect == pygame.Rect(0, TOP, board.width, HEIGHT)
    assert table.screen.get_at((board.width // 2, TOP + HEIGHT // 2))[:3] == RED
    assert table.screen.get_at((board.width // 2, board.top + 5))[:3] != RED   # the board below is the board's


def test_the_players_display_draws_the_strip_above_its_map_with_what_players_see(table: Table) -> None:
    parts = WithStrip(table.parts)
    table.parts = parts  # type: ignore[assignment]
    assert table.session is not None
    hidden = next(iter(c.id for c in table.session.encounter.pieces() if c.side != "heroes"))
    table.session.hidden.add(hidden)
    display = PlayersDisplay(None, (1000, 600))
    try:
        surface = display.render(table)
        assert surface.get_at((100, HEIGHT // 2))[:3] == RED
        assert surface.get_at((100, HEIGHT + 20))[:3] != RED
        assert parts.seen_asked and hidden not in parts.seen_asked[-1]
    finally:
        display.close()
