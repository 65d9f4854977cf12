"""The window's fonts survive ``pygame.quit()``: a window opened again in one process (the next test, a table
opened again) draws text with fonts made for it, never an earlier window's dead ones, however many times."""

from __future__ import annotations

import pygame

from game.ui import board_view


def test_a_font_asked_for_after_each_pygame_quit_renders() -> None:
    for time in range(3):
        pygame.init()
        try:
            picture = board_view.font(13).render(f"window {time}", True, (0, 0, 0))
            assert picture.get_width() > 0
        finally:
            pygame.quit()
