"""Seed 001's second-counter timeline (issue 20 item 1): plain marks drawn in their seconds' columns."""

from __future__ import annotations

import pygame

from game.rulesets.seed001.counter import Counter, Kind
from game.ui.board_view import font
from game.ui.rulesets.seed001 import timeline
from game.ui.rulesets.seed001.timeline import Mark

RED = (230, 60, 60)
GREEN = (80, 220, 120)
BLUE = (80, 140, 250)
GOLD = (250, 210, 60)


def _draw(marks: list[Mark], second_now: int = 2) -> tuple[pygame.Surface, pygame.Rect,
                                                            list[tuple[Mark, pygame.Rect]]]:
    pygame.init()
    font.cache_clear()  # fonts from an earlier pygame.init (a window test's) are dead
    surface = pygame.Surface((900, 140))
    rect = pygame.Rect(10, 10, 880, 120)
    drawn = timeline.draw_timeline(surface, rect, 1, second_now, marks)
    return surface, rect, drawn


def test_each_mark_is_a_dot_in_its_seconds_column() -> None:
    """Seed 001, line 34: creatures and delayed changes sit at their seconds, counting down 12 .. 1."""
    marks = [Mark(9, 0, "Bram", RED), Mark(4, 0, "Cole", BLUE)]
    surface, rect, drawn = _draw(marks)
    assert [m for m, _ in drawn] == marks
    for mark, dot in drawn:
        assert dot.centerx == timeline.slot_x(rect, mark.second, 0)
        assert tuple(surface.get_at(dot.center))[:3] == mark.colour
    assert timeline.slot_x(rect, 12, 0) < timeline.slot_x(rect, 9, 0) < timeline.slot_x(rect, 1, 0)


def test_the_next_round_is_drawn_past_the_corner() -> None:
    """Seed 001, line 34: "if the reaction is used in second-counter:2 and the delay is 4 seconds, then standing
    will be effective in 10 of the subsequent round": drawn at 10 past the corner, not at this round's 10."""
    surface, rect, drawn = _draw([Mark(10, 1, "Ser Alda stands", GREEN)])
    (_, dot), = drawn
    assert dot.centerx > timeline.corner_x(rect) > timeline.slot_x(rect, 10, 0)
    assert tuple(surface.get_at(dot.center))[:3] == GREEN
    assert tuple(surface.get_at((timeline.slot_x(rect, 10, 0), dot.centery)))[:3] != GREEN


def test_the_current_second_is_lit_and_ties_stack() -> None:
    """Seed 001, line 34: the counter's current second is marked; two entries at one second both show."""
    marks = [Mark(7, 0, "A", RED), Mark(7, 0, "B", BLUE)]
    surface, rect, drawn = _draw(marks, second_now=5)
    (_, a), (_, b) = drawn
    assert a.centerx == b.centerx and b.centery > a.centery
    below = rect.bottom - 6
    assert tuple(surface.get_at((timeline.slot_x(rect, 5, 0), below)))[:3] == timeline.NOW
    assert tuple(surface.get_at((timeline.slot_x(rect, 8, 0), below)))[:3] == timeline.BACK


def test_the_counters_view_feeds_it() -> None:
    """Seed 001, line 34: the counter's own shown() entries, coloured by kind, land past the corner when wrapped."""
    counter = Counter().seat([("Bram", 1)])
    for _ in range(10):
        counter = counter.tick()
    counter = counter.schedule("Ser Alda", "Ser Alda stands", 4)
    colour = {Kind.ACTS: RED, Kind.SCHEDULED: GOLD}
    marks = [Mark(s.second, s.offset, s.label, colour[s.kind]) for s in counter.shown()]
    surface, rect, drawn = _draw(marks, counter.now.second)
    assert [(d.centerx > timeline.corner_x(rect)) for _, d in drawn] == [False, True]


def test_nothing_is_drawn_outside_its_rectangle() -> None:
    """Seed 001, line 34: entries far "around the corner" (two rounds on) sit at the right edge, labels inside."""
    pygame.init()
    font.cache_clear()
    surface = pygame.Surface((400, 100))
    surface.fill((1, 2, 3))
    rect = pygame.Rect(50, 10, 300, 80)
    marks = [Mark(6, 2, "a very long label for the later column", GOLD), Mark(1, 1, "x" * 80, RED)]
    drawn = timeline.draw_timeline(surface, rect, 1, 12, marks)
    assert len(drawn) == 2 and all(rect.contains(dot) for _, dot in drawn)
    outside = [(x, y) for x in range(400) for y in range(100) if not rect.collidepoint(x, y)]
    assert all(tuple(surface.get_at(p))[:3] == (1, 2, 3) for p in outside)
    assert surface.get_clip() == surface.get_rect()


def test_labels_of_near_seconds_never_run_into_each_other() -> None:
    """Seed 001, line 34: who acts at which second must read; a long name at 5 and others at 3 and 2 (a column
    or two apart) go to rows of their own instead of writing over one another (as the window first showed)."""
    marks = [Mark(5, 0, "Wren Quickstep R", BLUE), Mark(3, 0, "Pike Sergeant R", BLUE),
             Mark(2, 0, "Hollin Pikeman 2 R", BLUE), Mark(9, 0, "Orc R", RED)]
    surface, rect, drawn = _draw(marks, second_now=10)
    assert [m for m, _ in drawn] == marks
    rows = {m.second: dot.centery for m, dot in drawn}
    assert len({rows[5], rows[3], rows[2]}) == 3
    assert rows[9] == min(rows.values())   # alone in its part of the axis: the first row


def test_a_crowded_counter_falls_back_to_short_labels_so_that_no_entry_is_left_out() -> None:
    """Seed 001, line 34: every creature on the counter shows, however many share its part of the round: when the
    full names do not all fit, every mark reads by its short label (the token's initials)."""
    marks = [Mark(9 - i, 0, f"A Creature With A Long Name {i} R", BLUE, f"C{i} R") for i in range(7)]
    surface, rect, drawn = _draw(marks, second_now=10)
    assert [m for m, _ in drawn] == marks
