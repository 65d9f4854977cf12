"""Seed 004's strip along the top of the board (``game.ui.strip``): the round, phase and segment, who holds the
initiative and why, and one row per character with its blows and EN left (``presentation`` makes the words).
The holder's row is lit; a character not eligible for initiative now is dimmed."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.ui.board_view import RGB, draw_text
from game.ui.rulesets.seed004.presentation import Row

BACKGROUND: RGB = (22, 24, 30)
HEAD: RGB = (250, 210, 90)
REASON: RGB = (200, 205, 215)
HOLDS: RGB = (255, 255, 255)
HOLDS_BACK = (70, 62, 30, 255)
PLAIN: RGB = (215, 218, 226)
DIMMED: RGB = (120, 125, 138)
LINE = 17
COLUMNS = 2


def height(rows: int) -> int:
    """Pixels for the headline, the reason and ``rows`` rows in two columns."""
    return 8 + 2 * (LINE + 2) + ((rows + COLUMNS - 1) // COLUMNS) * LINE + 6


def draw(target: pygame.Surface, rect: pygame.Rect, head: str, reason: str, rows: Sequence[Row],
         colour: Callable[[str], RGB]) -> None:
    """The strip in ``rect``: ``colour`` gives a character's side colour (its name's tick)."""
    pygame.draw.rect(target, BACKGROUND, rect)
    pygame.draw.line(target, (60, 64, 74), (rect.left, rect.bottom - 1), (rect.right, rect.bottom - 1))
    x, y = rect.left + 8, rect.top + 5
    draw_text(target, head, (x, y), 15, HEAD, bold=True)
    y += LINE + 2
    if reason:
        draw_text(target, "why: " + reason, (x, y), 13, REASON)
    y += LINE + 2
    column = max(1, (rect.width - 16) // COLUMNS)
    for i, row in enumerate(rows):
        cx, cy = x + (i % COLUMNS) * column, y + (i // COLUMNS) * LINE
        if row.id:
            pygame.draw.rect(target, colour(row.id), (cx, cy + 4, 4, LINE - 8))
        text_colour = HOLDS if row.holds else DIMMED if row.out else PLAIN
        draw_text(target, ("> " if row.holds else "") + row.text, (cx + 8, cy), 13, text_colour,
                  background=HOLDS_BACK if row.holds else None)
