"""Seed 004's traces on the board and the replay of their resolution (issue 21 item 7; seed 004, lines 53-57)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.grid import Cell, Square, SquareGrid
from game.rulesets.seed004.traces import Movement, StopWithin, Trace, resolve
from game.ui import board_view
from game.ui.rulesets.seed004 import traces_view
from game.ui.rulesets.seed004.traces_view import Replay, TracePlot, draw_frame, draw_traces, frames

GRID = SquareGrid(48, 48)
RED = (230, 70, 70)
BLUE = (80, 150, 250)
GREEN = (90, 210, 120)
VIOLET = (190, 110, 240)
BACK = (1, 2, 3)


@pytest.fixture(autouse=True)
def fresh_fonts() -> Iterator[None]:
    """Fonts made before an earlier test's pygame.quit() are dead (as Table.__init__ knows): make them again."""
    pygame.init()
    board_view.font.cache_clear()
    yield


def centres(rect: pygame.Rect) -> dict[Cell, tuple[float, float]]:
    """Cell centres on the target: the board's pixels shifted into ``rect``."""
    out: dict[Cell, tuple[float, float]] = {}
    for x in range(10):
        for y in range(7):
            cx, cy = GRID.cell_centre_pixel(Square(x, y))
            out[Square(x, y)] = (rect.x + cx, rect.y + cy)
    return out


def scene() -> tuple[list[Trace], dict[str, int], list[TracePlot]]:
    traces = [Trace("ann", Square(0, 1), tuple(Square(x, 1) for x in range(1, 9))),
              Trace("cat", Square(0, 5), tuple(Square(x, 5) for x in range(1, 5)), stop=StopWithin("dan", 1)),
              Trace("dan", Square(3, 5)),
              Trace("eve", Square(0, 3), (Square(1, 2), Square(0, 1)), chase="ann")]
    allowances = {"ann": 8, "cat": 4, "dan": 0, "eve": 7}
    colours = {"ann": RED, "cat": BLUE, "dan": GREEN, "eve": VIOLET}
    m = Movement.start(GRID, lambda c: True, traces, allowances)
    plots = [TracePlot(t.mover, t.mover.title(), colours[t.mover], m.paths[t.mover]) for t in traces]
    return traces, allowances, plots


def pixel(surface: pygame.Surface, at: tuple[float, float]) -> tuple[int, int, int]:
    r, g, b, _ = surface.get_at((round(at[0]), round(at[1])))
    return (r, g, b)


def test_each_trace_is_a_line_of_its_colour_through_its_cells() -> None:
    """Seed 004, line 54, 3.2: "All traces are revealed": each drawn through its cells' centres in its mover's
    colour, a chase with the chased one's cells after its start (line 53)."""
    surface = pygame.Surface((560, 400))
    surface.fill(BACK)
    rect = pygame.Rect(40, 30, 480, 336)
    at = centres(rect)
    _, _, plots = scene()
    drawn = draw_traces(surface, rect, at, plots)
    assert [p.mover for p in drawn] == ["ann", "cat", "dan", "eve"]
    a, b = at[Square(4, 1)], at[Square(5, 1)]
    assert pixel(surface, ((a[0] + b[0]) / 2, a[1])) == RED
    c, d = at[Square(1, 5)], at[Square(2, 5)]
    assert pixel(surface, ((c[0] + d[0]) / 2, c[1])) == BLUE
    assert plots[3].cells[-1] == Square(3, 1)   # Eve: 7 - 2 = 5 cells, two to Ann's start, three of Ann's
    e, f = at[Square(2, 1)], at[Square(3, 1)]
    assert pixel(surface, ((e[0] + f[0]) / 2, e[1])) == VIOLET   # drawn after Ann's, over it
    outside = [(x, y) for x in range(0, 560, 3) for y in range(0, 400, 3) if not rect.collidepoint(x, y)]
    assert all(pixel(surface, p) == BACK for p in outside)


def test_the_replay_shows_everyone_where_each_step_leaves_them() -> None:
    """Seed 004, lines 55-57, 3.2.1-3.2.3: one frame per step, tokens where the step leaves each character, a ring
    on those who ended and a gold ring on those who may attack one still moving."""
    traces, allowances, plots = scene()
    m = Movement.start(GRID, lambda c: True, traces, allowances, may_react={"cat", "dan"})
    start = m.positions()
    _, steps = resolve(m)
    replay = Replay(frames(start, steps))
    assert len(replay.frames) == len(steps) + 1 == 4
    assert replay.frame.positions == start and replay.back().index == 0
    second = replay.forward().forward()
    assert second.frame.caption == "step 2 of 3: 1/2 of each remaining trace; ended: cat; may attack: cat"
    surface = pygame.Surface((560, 400))
    surface.fill(BACK)
    rect = pygame.Rect(40, 30, 480, 336)
    at = centres(rect)
    tokens = draw_frame(surface, rect, at, plots, second.frame)
    assert second.frame.positions["ann"] == Square(4, 1) and second.frame.positions["cat"] == Square(2, 5)
    assert tokens["cat"] == (round(at[Square(2, 5)][0]), round(at[Square(2, 5)][1]))
    assert pixel(surface, tokens["ann"]) == RED and pixel(surface, tokens["cat"]) == BLUE
    cx, cy = tokens["cat"]
    assert pixel(surface, (cx + traces_view.TOKEN + 1, cy)) == traces_view.ENDED
    assert pixel(surface, (cx + traces_view.TOKEN + 4, cy)) == traces_view.MAY_ATTACK
    ax, ay = tokens["ann"]
    assert pixel(surface, (ax + traces_view.TOKEN + 1, ay)) != traces_view.ENDED   # Ann is still moving
    last = second.forward().forward()
    assert last.at_end and last.frame.ended == {"ann", "cat", "dan", "eve"}
