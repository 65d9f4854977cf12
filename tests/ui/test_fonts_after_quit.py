"""The window's fonts survive a ``pygame.quit()``: a second window in one process (the next test, a table opened
again) draws text with fonts made for it, never the first window's dead ones."""

from __future__ import annotations

import pygame

from game.ui import board_view


def test_a_font_asked_for_after_pygame_quit_renders() -> None:
    pygame.init()
    board_view.font(13).render("before", True, (0, 0, 0))
    pygame.quit()
    pygame.init()
    try:
        picture = board_view.font(13).render("after", True, (0, 0, 0))
        assert picture.get_width() > 0
    finally:
        pygame.quit()
