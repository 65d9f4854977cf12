"""What seed 001's window part draws (numbers in brackets are seed 001's lines): the second-counter's marks for the
timeline, Body and Endurance on the sheet, the action and the reaction of the round, and the preview's rings.

Every mark is a read-only answer of the fight (its counter's ``shown()``, its queries), only given a colour here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import pygame

from game.grid import Cell
from game.rulesets.seed001.counter import Kind, Shown
from game.ui.board_view import RGB, draw_text, text_image
from game.ui.map_view import initials
from game.ui.modes.base import Host
from game.ui.rulesets.seed001.timeline import Mark

TEXT = (225, 228, 235)
MUTED = (150, 156, 170)
SCHEDULED: RGB = (110, 230, 140)
"""A scheduled entry on the timeline (a stand-up taking effect [34])."""
BODY_ON = (235, 90, 70)
ENDURANCE_ON = (240, 200, 90)
OFF = (70, 74, 86)
PIP_LEFT = (110, 220, 130)
PIP_SPENT = (80, 84, 96)
PATH = (250, 250, 250)
OPPORTUNITY = (255, 60, 50)
"""An attack of opportunity a move would allow [11-12]: the hexes and the ring."""
IMPALE = (255, 150, 40)
"""A pike that would impale a rush [21]: its ring."""
MAX_BOXES = 20
"""Body or Endurance drawn as boxes up to this; a larger track as a bar."""


def timeline_marks(shown: Sequence[Shown], name: Callable[[str], str], colour: Callable[[str], RGB],
                   reaction_free: Callable[[str], bool], seen: Callable[[str], bool] | None = None) -> list[Mark]:
    """The counter's entries as the timeline's marks: a creature at its second in its side's colour, with "R" when
    its reaction of this round is still free (a small "r" when spent) [3, 7]; a scheduled entry (a delayed
    stand-up [34]) at its second, green, labelled "<name> <what>"; each with its token's initials for a short
    label (a crowded counter). ``seen`` leaves out the creatures players do
    not see (the players' display)."""
    out: list[Mark] = []
    for entry in shown:
        who = entry.who
        if seen is not None and not seen(who):
            continue
        if entry.kind is Kind.ACTS:
            letter = ("R" if reaction_free(who) else "r") if entry.offset == 0 else ""
            out.append(Mark(entry.second, entry.offset, f"{name(who)} {letter}".strip(), colour(who),
                            f"{initials(name(who))} {letter}".strip()))
        else:  # a label is what happens ("stands"); an older one may name the creature
            what = entry.label.removeprefix(name(who)).strip() or entry.label
            out.append(Mark(entry.second, entry.offset, f"{name(who)} {what}", SCHEDULED,
                            f"{initials(name(who))} {what}"))
    return out


def draw_boxes(screen: pygame.Surface, label: str, value: int, top: int, colour: RGB, x: int, y: int) -> int:
    """A track (Body, Endurance) as boxes filled for what is left, with "value/top"; a bar past
    :data:`MAX_BOXES`; returns the y below."""
    draw_text(screen, label, (x, y - 1), 12, MUTED)
    bx = x + 70
    size = 10
    left = max(0, value)
    if top <= MAX_BOXES:
        for i in range(top):
            box = pygame.Rect(bx + i * (size + 2), y + 1, size, size)
            pygame.draw.rect(screen, colour if i < left else OFF, box, 0 if i < left else 1)
        end = bx + top * (size + 2)
    else:
        width = MAX_BOXES * (size + 2)
        pygame.draw.rect(screen, OFF, pygame.Rect(bx, y + 1, width, size), 1)
        pygame.draw.rect(screen, colour, pygame.Rect(bx, y + 1, width * left // max(1, top), size))
        end = bx + width
    draw_text(screen, f"{value}/{top}", (end + 6, y - 1), 12, colour if value < top else TEXT)
    return y + 15


def draw_uses(screen: pygame.Surface, action_free: bool, reaction_free: bool, x: int, y: int) -> int:
    """The round's one action and one reaction [3, 7]: a green pip while free, a grey ring once used; returns the
    y below."""
    cx = x
    for word, free in (("action", action_free), ("reaction", reaction_free)):
        pygame.draw.circle(screen, PIP_LEFT if free else PIP_SPENT, (cx + 6, y + 8), 6, 0 if free else 2)
        cx = draw_text(screen, f"{word}: {'free' if free else 'used'}", (cx + 16, y), 12,
                       PIP_LEFT if free else PIP_SPENT).right + 14
    return y + 18


def uses_text(action_free: bool, reaction_free: bool) -> str:
    """The turn-order row's small form: "A R" free, "a r" used (a letter each) [3, 7]."""
    return ("A" if action_free else "a") + " " + ("R" if reaction_free else "r")


def _centre(table: Host, cell: Cell) -> tuple[float, float]:
    view = table.view
    assert view is not None
    return view.camera.to_screen(*view.centre(cell))


def draw_path(table: Host, board: pygame.Surface, cells: Sequence[Cell]) -> None:
    """The previewed path, a white line from the mover's hex to the end."""
    if table.view is None or len(cells) < 2:
        return
    pts = [_centre(table, c) for c in cells]
    pygame.draw.lines(board, (20, 20, 20), False, pts, 5)
    pygame.draw.lines(board, PATH, False, pts, 2)


def draw_crosses(table: Host, board: pygame.Surface, cells: Iterable[Cell], colour: RGB = OPPORTUNITY) -> None:
    """A cross on each hex of the path where an attack of opportunity may come [11]."""
    view = table.view
    if view is None:
        return
    r = max(4, round(min(view.cell_w, view.cell_h) * view.camera.zoom * 0.2))
    for cell in cells:
        x, y = _centre(table, cell)
        for a, b in (((x - r, y - r), (x + r, y + r)), ((x - r, y + r), (x + r, y - r))):
            pygame.draw.line(board, (30, 5, 5), a, b, 6)
            pygame.draw.line(board, colour, a, b, 3)


def draw_rings(table: Host, board: pygame.Surface, centres: Iterable[tuple[float, float]], word: str,
               colour: RGB) -> None:
    """A thick ring with ``word`` over it round each creature centre given (picture pixels)."""
    view = table.view
    if view is None:
        return
    ring = max(6, round(view.cell_w * view.camera.zoom * 0.56))
    spots = [view.camera.to_screen(px, py) for px, py in centres]
    taken = [pygame.Rect(int(x) - ring, int(y) - ring, 2 * ring, 2 * ring) for x, y in spots]  # the rings
    size = text_image(word, 12, colour, True).get_size()
    for x, y in spots:
        pygame.draw.circle(board, (30, 5, 5), (x, y), ring + 2, 6)
        pygame.draw.circle(board, colour, (x, y), ring, 3)
    for x, y in spots:  # the word above its ring, else left, below or right: where no ring or word is
        places = (("midbottom", (int(x), int(y - ring - 2))), ("midright", (int(x - ring - 3), int(y))),
                  ("midtop", (int(x), int(y + ring + 2))), ("midleft", (int(x + ring + 3), int(y))))
        for anchor, at in places:
            box = pygame.Rect((0, 0), (size[0] + 8, size[1] + 4))
            setattr(box, anchor, at)
            if box.collidelist(taken) < 0:
                break
        taken.append(box)
        draw_text(board, word, at, 12, colour, bold=True, background=(20, 5, 5, 200), anchor=anchor)
