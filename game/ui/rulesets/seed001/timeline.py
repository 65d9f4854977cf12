"""Seed 001's second-counter drawn as a timeline (issue 20 item 1; numbers in brackets are seed 001's lines).

Two rounds across: the current one, 12 on the left counting down to 1, then "around the corner" [34] the next
one, 12 .. 1 again, dimmer. The current second is a lit column; each entry (a creature at its second, a delayed
stand-up where it takes effect) is a dot in its column with its label beside it, in the first row where the label
does not run into the one before it (entries at one second stack; an entry with no row free is left out).
Entries two or more rounds on are drawn at the far right under "later".

It takes plain data (:class:`Mark`: second, rounds after the current one, label, colour): the fight's window part
turns the counter's ``shown()`` into marks; nothing here reads a fight.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ui.board_view import RGB, draw_text

SECONDS = 12
"""Seconds in a round (seed 001's counter: 12 .. 1)."""
MAX_MARKS = 60
"""Most marks drawn (a fight has a handful)."""
BACK = (26, 28, 36)
AXIS = (120, 126, 140)
NOW = (70, 80, 120)
CORNER = (240, 190, 80)
TEXT = (225, 228, 235)
MUTED = (130, 136, 150)
DOT = 6
ROW = 16
LATER_WIDTH = 44
"""Pixels at the right for entries two or more rounds on."""


@dataclass(frozen=True, slots=True)
class Mark:
    """One entry on the timeline: its second (12 .. 1), rounds after the current one, label and colour."""

    second: int
    offset: int
    label: str
    colour: RGB
    short: str = ""
    """A shorter label (a token's initials), used for every mark when the full labels do not all fit."""


def _slot(second: int, offset: int) -> int:
    """Column index: 0 .. 11 for the current round's 12 .. 1, 12 .. 23 for the next round's, 24 for later."""
    if offset >= 2:
        return 2 * SECONDS
    return max(0, offset) * SECONDS + (SECONDS - min(max(second, 1), SECONDS))


def _step(rect: pygame.Rect) -> float:
    return (rect.width - LATER_WIDTH) / (2 * SECONDS)


def slot_x(rect: pygame.Rect, second: int, offset: int) -> int:
    """The x of the column of ``second`` ``offset`` rounds after the current one."""
    slot = _slot(second, offset)
    if slot == 2 * SECONDS:
        return rect.right - LATER_WIDTH // 2
    return rect.x + int((slot + 0.5) * _step(rect))


def corner_x(rect: pygame.Rect) -> int:
    """The x of the corner between this round and the next."""
    return rect.x + int(SECONDS * _step(rect))


def axis_y(rect: pygame.Rect) -> int:
    return rect.y + 34


def draw_timeline(target: pygame.Surface, rect: pygame.Rect, round_now: int, second_now: int,
                  marks: Sequence[Mark]) -> list[tuple[Mark, pygame.Rect]]:
    """Draw the counter in ``rect``; returns each mark drawn with its dot's rectangle (first :data:`MAX_MARKS`)."""
    clip = target.get_clip()
    target.set_clip(rect.clip(clip))
    try:
        return _draw(target, rect, round_now, second_now, marks)
    finally:
        target.set_clip(clip)


def _draw(target: pygame.Surface, rect: pygame.Rect, round_now: int, second_now: int,
          marks: Sequence[Mark]) -> list[tuple[Mark, pygame.Rect]]:
    drawn = _draw_with(target, rect, round_now, second_now, marks, short=False)
    if len(drawn) < min(len(marks), MAX_MARKS) and any(m.short for m in marks):
        drawn = _draw_with(target, rect, round_now, second_now, marks, short=True)
    return drawn


def _draw_with(target: pygame.Surface, rect: pygame.Rect, round_now: int, second_now: int,
               marks: Sequence[Mark], *, short: bool) -> list[tuple[Mark, pygame.Rect]]:
    pygame.draw.rect(target, BACK, rect)
    step = _step(rect)
    y = axis_y(rect)
    now_x = slot_x(rect, second_now, 0)
    pygame.draw.rect(target, NOW, pygame.Rect(now_x - int(step / 2), rect.y + 2, max(2, int(step)), rect.height - 4))
    draw_text(target, f"round {round_now}", (rect.x + 4, rect.y + 2), 12, TEXT)
    draw_text(target, f"round {round_now + 1}", (corner_x(rect) + 4, rect.y + 2), 12, MUTED)
    draw_text(target, "later", (rect.right - LATER_WIDTH // 2, rect.y + 2), 12, MUTED, anchor="midtop")
    pygame.draw.line(target, AXIS, (rect.x + 2, y), (rect.right - LATER_WIDTH - 2, y), 1)
    for offset in (0, 1):
        for second in range(SECONDS, 0, -1):
            x = slot_x(rect, second, offset)
            colour = TEXT if offset == 0 else MUTED
            pygame.draw.line(target, colour, (x, y - 3), (x, y + 3), 1)
            draw_text(target, str(second), (x, y - 5), 11, colour, anchor="midbottom")
    cx = corner_x(rect)
    pygame.draw.line(target, CORNER, (cx, rect.y + 2), (cx, rect.bottom - 3), 2)
    rows = max(1, (rect.bottom - DOT - (y + 14)) // ROW + 1)
    ends = [rect.x - 1000] * rows  # per row, the right end of its last label: labels packed left to right
    stacked: dict[int, int] = {}
    drawn: list[tuple[Mark, pygame.Rect]] = []
    ordered = sorted(marks[:MAX_MARKS], key=lambda m: _slot(m.second, m.offset))  # stable: ties keep their order
    for mark in ordered:
        slot = _slot(mark.second, mark.offset)
        x = slot_x(rect, mark.second, mark.offset)
        if mark.offset >= 2:   # the later column is at the right edge: its labels read leftwards, stacked
            high = stacked.get(slot, 0)
            stacked[slot] = high + 1
            dot_y = y + 14 + high * ROW
            if dot_y + DOT > rect.bottom:
                continue
            draw_text(target, f"{mark.label} (+{mark.offset})", (x - DOT - 3, dot_y), 12, mark.colour,
                      anchor="midright")
            drawn.append((mark, pygame.Rect(x - DOT, dot_y - DOT, 2 * DOT, 2 * DOT)))
            continue
        label = mark.short if short and mark.short else mark.label
        free = next((r for r in range(rows) if ends[r] < x - DOT - 2), None)
        if free is None:
            continue
        row = free
        dot_y = y + 14 + row * ROW
        right = draw_text(target, label, (x + DOT + 3, dot_y), 12, mark.colour, anchor="midleft").right
        ends[row] = max(right, x + DOT) + 4
        drawn.append((mark, pygame.Rect(x - DOT, dot_y - DOT, 2 * DOT, 2 * DOT)))
    drawn.sort(key=lambda d: marks.index(d[0]) if d[0] in marks else 0)
    for mark, dot in drawn:   # dots over every label, so a long label never hides a neighbour's dot
        pygame.draw.circle(target, mark.colour, dot.center, DOT)
    return drawn
