"""What seed 003's window part draws over the map (numbers in brackets are seed 003's lines): engagement as a
relation between creatures, a red link over the tokens of each engaged pair [151, 159]; a green "Free" dot beside every
creature up and engaged with no enemy [157]; the cells within the hovered creature's Nearby distance [152];
the targets picked for an ability of several targets [7]. Every mark is the answer of a read-only query of the
fight (``game.rulesets.seed003.queries``), only given a colour.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.grid import Cell
from game.rulesets.seed003 import queries
from game.rulesets.seed003.state import Creature
from game.ui.modes.base import Host

if TYPE_CHECKING:
    from game.rulesets.seed003.fight import Seed003Fight

ENGAGED = (235, 60, 50)
FREE = (90, 220, 110)
NEARBY = (90, 190, 255, 55)
NEARBY_EDGE = (90, 190, 255)
PICKED = (255, 60, 60)


def hovered_creature(table: Host, fight: Seed003Fight) -> Creature | None:
    """The creature under the pointer, up (the one whose Nearby area is shown), if any."""
    if table.hover is None:
        return None
    who = fight.occupant(table.hover)
    return who if who is not None and not who.out else None


def draw_nearby(table: Host, board: pygame.Surface, cells: frozenset[Cell]) -> None:
    """The Nearby area: its cells tinted, its border outlined."""
    view = table.view
    if view is None or not cells:
        return
    polys = {cell: view.polygon(cell) for cell in cells}
    xs = [x for poly in polys.values() for x, _ in poly]
    ys = [y for poly in polys.values() for _, y in poly]
    left, top = max(0, int(min(xs))), max(0, int(min(ys)))
    right, bottom = min(board.get_width(), int(max(xs)) + 2), min(board.get_height(), int(max(ys)) + 2)
    if right <= left or bottom <= top:
        return
    tint = pygame.Surface((right - left, bottom - top), pygame.SRCALPHA)
    for poly in polys.values():
        pygame.draw.polygon(tint, NEARBY, [(x - left, y - top) for x, y in poly])
    board.blit(tint, (left, top))
    grid = view.grid
    for cell, poly in polys.items():
        # an edge of the area: a side of the cell shared with a neighbour outside it (its midpoint is as far
        # from the neighbour's centre as from the cell's; a diagonal neighbour shares none)
        cx, cy = view.camera.to_screen(*view.centre(cell))
        for n in grid.neighbours(cell):
            if n in cells:
                continue
            nx, ny = view.camera.to_screen(*view.centre(n))
            for i, a in enumerate(poly):
                b = poly[(i + 1) % len(poly)]
                mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
                to_n, to_c = (mx - nx) ** 2 + (my - ny) ** 2, (mx - cx) ** 2 + (my - cy) ** 2
                if abs(to_n - to_c) <= 0.05 * to_c and to_n <= 0.3 * ((nx - cx) ** 2 + (ny - cy) ** 2):
                    pygame.draw.line(board, NEARBY_EDGE, a, b, 2)


def draw_free(table: Host, board: pygame.Surface, fight: Seed003Fight) -> None:
    """A green dot at the top right of each Free creature's cell (beside its token, under nothing)."""
    view = table.view
    if view is None:
        return
    zoom = view.camera.zoom
    radius = max(3, round(min(view.cell_w, view.cell_h) * zoom * 0.13))
    for c in fight.pieces():
        if not queries.is_free(fight, c):
            continue
        x, y = view.camera.to_screen(*table.token_centre(c))
        spot = (x + view.cell_w * zoom * 0.36, y - view.cell_h * zoom * 0.36)
        pygame.draw.circle(board, (10, 30, 10), spot, radius + 1)
        pygame.draw.circle(board, FREE, spot, radius)


def draw_engagement(table: Host, board: pygame.Surface, fight: Seed003Fight) -> None:
    """Over the tokens: a red link across the gap between the tokens of each engaged pair (from 0.3 of
    the way to 0.7), outlined dark so that it reads on any token."""
    view = table.view
    if view is None:
        return
    zoom = view.camera.zoom
    width = max(3, round(min(view.cell_w, view.cell_h) * zoom * 0.16))
    for a, b in queries.engagements(fight):
        ca, cb = fight.piece(a), fight.piece(b)
        if ca is None or cb is None:
            continue
        pa = view.camera.to_screen(*table.token_centre(ca))
        pb = view.camera.to_screen(*table.token_centre(cb))
        start = (pa[0] + (pb[0] - pa[0]) * 0.3, pa[1] + (pb[1] - pa[1]) * 0.3)
        end = (pa[0] + (pb[0] - pa[0]) * 0.7, pa[1] + (pb[1] - pa[1]) * 0.7)
        pygame.draw.line(board, (25, 5, 5), start, end, width + 4)
        pygame.draw.line(board, ENGAGED, start, end, width)
        for p in (start, end):
            pygame.draw.circle(board, (25, 5, 5), p, width // 2 + 2)
            pygame.draw.circle(board, ENGAGED, p, width // 2 + 1)


def draw_picked(table: Host, board: pygame.Surface, fight: Seed003Fight, picked: list[str]) -> None:
    """The targets picked so far for an ability of several targets: red rings, numbered."""
    view = table.view
    if view is None:
        return
    ring = max(6, round(view.cell_w * view.camera.zoom * 0.52))
    for pid in picked:
        c = fight.piece(pid)
        if c is not None:
            pygame.draw.circle(board, PICKED, view.camera.to_screen(*table.token_centre(c)), ring, 3)
