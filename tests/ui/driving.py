"""Driving the table window in tests: frames on the window's own clock, settling, cells to pixels.

Shared by the UI tests (imported as ``tests.ui.driving``); the conftest beside it has already set the
dummy video driver.
"""

from __future__ import annotations

import pygame

from game.grid import Cell
from game.ui.table import Table


def frames(table: Table, n: int = 2, dt: float = 0.016) -> bool:
    """Run ``n`` frames of ``dt`` seconds of window time, handling the queued input; False if the
    window asked to close."""
    running = True
    for _ in range(n):
        for event in pygame.event.get():
            running = table.handle(event) and running
        table.update(dt)
        table.draw()
    return running


def settle(table: Table, limit: int = 3000) -> None:
    """Run frames until nothing moves and no AI is about to act (the AI plays without pauses)."""
    for _ in range(limit):
        table.play_ai_now()
        frames(table, 1)
        if table.idle():
            return
        table.anim.finish()
    raise AssertionError("the table never settled")


def pixel(table: Table, cell: Cell) -> tuple[int, int]:
    """The window pixel of a board cell's centre (the cell must be on screen)."""
    assert table.view is not None
    pos = table.cell_pixel(*table.view.grid.cell_to_offset(cell))
    assert pos is not None, "cell off screen"
    return pos
