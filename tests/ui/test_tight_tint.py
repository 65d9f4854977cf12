"""Tight spaces (the map's ``tight``, seed 002's squeeze [72]) show in the terrain overlay, teal, in the window
and in ``render --terrain``."""

from __future__ import annotations

import pygame

from game.board import Board, Terrain
from game.grid import Square, SquareGrid
from game.ui.map_view import TIGHT_TINT, draw_overlays
from game.ui.overlays import terrain_layer


def test_a_tight_space_is_tinted_teal_in_the_terrain_overlay() -> None:
    board = Board(SquareGrid(32, 32), 3, 1, terrain={Square(1, 0): Terrain(tight=True)})
    assert terrain_layer(board).cells == {Square(1, 0): TIGHT_TINT}
    target = pygame.Surface((96, 32), pygame.SRCALPHA)
    target.fill((255, 255, 255, 255))
    draw_overlays(target, board, grid=False)
    r, g, b, _ = target.get_at((48, 16))
    assert r < g and r < b  # teal over white
    assert tuple(target.get_at((16, 16)))[:3] == (255, 255, 255)  # a plain square is left as it is
