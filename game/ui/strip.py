"""A ruleset's strip along the top of the board (``game.ui.parts.Strip``; seed 001: its second-counter as a timeline).

The board gives up the strip's height (``Table.board_rect`` starts below it), so the strip never hides a cell;
the players' display draws it too, above its map, with only the creatures players may see. Parts without a
strip (seeds 000, 002, 003) change nothing: the board keeps the whole height.

The strip's picture is made again only when what it shows changed (the fight's log, the viewer, its size) and is
blitted each frame otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

MAX_HEIGHT = 200
"""The most pixels a strip may take (a ruleset asking more gets this)."""


def height(table: Any) -> int:
    """The strip's height in the table's window now: 0 without a session or a strip in the ruleset's parts."""
    parts = getattr(table, "parts", None)
    ask: Callable[[Any], int] | None = getattr(parts, "strip_height", None)
    if ask is None or getattr(table, "session", None) is None:
        return 0
    return max(0, min(MAX_HEIGHT, int(ask(table))))


class StripPicture:
    """The strip's picture as last drawn, and what it was drawn from."""

    def __init__(self) -> None:
        self.key: object = None
        self.surface: pygame.Surface | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        """Where it was last put on the screen (tests read it)."""

    def draw(self, table: Any, screen: pygame.Surface, top: int) -> None:
        """Draw the ruleset's strip on ``screen`` at ``top``, across the board's width (nothing without one)."""
        h = height(table)
        if h <= 0:
            self.rect = pygame.Rect(0, 0, 0, 0)
            return
        rect = pygame.Rect(0, top, table.board_rect.width, h)
        self.rect = rect
        encounter = table.session.encounter
        key = (id(encounter), len(encounter.log), rect.size, table.viewer, id(table.parts))
        if key != self.key or self.surface is None:
            self.key = key
            if self.surface is None or self.surface.get_size() != rect.size:
                self.surface = pygame.Surface(rect.size)
            table.parts.draw_strip(table, self.surface, self.surface.get_rect(), None)
        screen.blit(self.surface, rect)
