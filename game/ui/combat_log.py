"""The combat log panel: one readable line per event (``Encounter.describe``, coloured by the ruleset's
window part), scrollable.

Drawn with pygame, not a pygame_gui text box: a fight logs thousands of lines
and pygame_gui re-lays its whole text box out on every append (150 ms at a
thousand lines); here each line is rendered once and a frame blits only the
visible ones. Lines that reveal a creature's prepared reactions carry their
owner and are shown only to a viewer allowed to see them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from game.kernel import events as kev
from game.kernel.events import BreakPoint
from game.ui.board_view import RGB, font

LINE_SIZE = 13
BACKGROUND: RGB = (28, 30, 36)

DEFAULT_COLOUR: RGB = (215, 218, 228)

KERNEL_COLOURS: dict[type, RGB] = {
    kev.DiceRolled: (140, 150, 175),
    kev.RandomChoice: (140, 150, 175),
    kev.BreakPoint: (105, 110, 125),
    kev.StepFizzled: (200, 150, 255),
    kev.DecisionOpened: (110, 210, 230),
    kev.DecisionAnswered: (110, 210, 230),
}
"""The kernel's own events' log colours, the same in every ruleset that logs them (a ruleset's parts start their
colours from these)."""


@dataclass
class Entry:
    text: str
    colour: RGB
    owner: str | None
    """The creature whose secret this line reveals; None for a public line."""
    verbose: bool
    """A break point: shown only in the verbose log."""
    event: object = None
    """The event it tells (the players' display asks the ruleset how it reads for players)."""


class CombatLog:
    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.scroll = 0
        """Rows scrolled up from the bottom (0: following the newest line)."""
        self.verbose = False
        self._rows: list[tuple[str, RGB]] = []
        self._rows_key: tuple[int, int, bool, object] = (-1, -1, False, None)
        """(entries wrapped, width, verbose, viewer) of ``_rows``."""
        self._images: dict[tuple[str, RGB], pygame.Surface] = {}
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.shown: list[str] = []
        """The rows drawn last (the benchmark checks that a frame really showed a line)."""

    def clear(self) -> None:
        self.entries.clear()
        self.scroll = 0
        self._rows = []
        self._rows_key = (-1, -1, False, None)

    def add(self, event: object, text: str, owner: str | None, colour: RGB = DEFAULT_COLOUR) -> None:
        """A line of the log for ``event``, coloured as its ruleset says (a break point: verbose only)."""
        self.entries.append(Entry(text, colour, owner, isinstance(event, BreakPoint), event))

    def _visible_rows(self, width: int, may_see: Callable[[str], bool], viewer: object) -> list[tuple[str, RGB]]:
        """The wrapped rows a viewer sees; new entries are wrapped on their own, not the whole log again."""
        key = (len(self.entries), width, self.verbose, viewer)
        if key == self._rows_key:
            return self._rows
        done, old_width, old_verbose, old_viewer = self._rows_key
        f = font(LINE_SIZE)
        if (old_width, old_verbose, old_viewer) == (width, self.verbose, viewer) and 0 <= done <= len(self.entries):
            rows, todo = self._rows, self.entries[done:]
        else:
            rows, todo = [], self.entries
        for entry in todo:
            if entry.verbose and not self.verbose:
                continue
            if entry.owner is not None and not may_see(entry.owner):
                continue
            rows += [(line, entry.colour) for line in wrap(entry.text, f, width)]
        self._rows, self._rows_key = rows, key
        return rows

    def texts(self, may_see: Callable[[str], bool], viewer: object = None) -> list[str]:
        """The lines a viewer sees (for tests and the screenshot notes)."""
        return [e.text for e in self.entries
                if (self.verbose or not e.verbose) and (e.owner is None or may_see(e.owner))]

    def on_wheel(self, dy: int) -> None:
        self.scroll = max(0, self.scroll + 3 * dy)

    def draw(self, target: pygame.Surface, rect: pygame.Rect, may_see: Callable[[str], bool], viewer: object) -> None:
        self.rect = rect
        pygame.draw.rect(target, BACKGROUND, rect)
        pygame.draw.rect(target, (60, 64, 74), rect, 1)
        rows = self._visible_rows(rect.width - 18, may_see, viewer)
        line_h = font(LINE_SIZE).get_linesize()
        fits = max(1, (rect.height - 8) // line_h)
        self.scroll = min(self.scroll, max(0, len(rows) - fits))
        end = len(rows) - self.scroll
        start = max(0, end - fits)
        y = rect.top + 4
        clip = target.get_clip()
        target.set_clip(rect)
        self.shown = [text for text, _ in rows[start:end]]
        for text, colour in rows[start:end]:
            img = self._images.get((text, colour))
            if img is None:
                if len(self._images) > 6000:
                    self._images.clear()
                # Rendered on the log's own background: the same pixels, about half the time of an
                # alpha-blended line (a click that triggers reactions adds some thirty lines at once).
                img = font(LINE_SIZE).render(text, True, colour, BACKGROUND)
                self._images[(text, colour)] = img
            target.blit(img, (rect.left + 6, y))
            y += line_h
        if len(rows) > fits:
            bar_h = max(16, rect.height * fits // len(rows))
            top = rect.top + (rect.height - bar_h) * start // max(1, len(rows) - fits)
            pygame.draw.rect(target, (90, 96, 110), (rect.right - 7, top, 5, bar_h), border_radius=2)
        target.set_clip(clip)


_WIDTHS: dict[tuple[int, str], int] = {}


def _width(f: pygame.font.Font, text: str) -> int:
    """A word's width in pixels (cached: a log repeats the same names and words)."""
    key = (id(f), text)
    got = _WIDTHS.get(key)
    if got is None:
        if len(_WIDTHS) > 20000:
            _WIDTHS.clear()
        got = _WIDTHS[key] = f.size(text)[0]
    return got


def wrap(text: str, f: pygame.font.Font, width: int) -> list[str]:
    """Word-wrap one line to ``width`` pixels, keeping its leading indent on continuation rows.

    A row's width is the sum of its words' and spaces' widths (each measured once and cached): a
    line of the log is wrapped without measuring each longer prefix of it again."""
    if _width(f, text) <= width:
        return [text]
    stripped = text.lstrip(" ")
    lead = text[:len(text) - len(stripped)]
    space = _width(f, " ")
    rows: list[str] = []
    line = lead
    used = _width(f, lead) if lead else 0
    for word in stripped.split(" "):
        w = _width(f, word)
        if not line.strip():
            line, used = line + word, used + w
        elif used + space + w > width:
            rows.append(line)
            line = lead + "  " + word
            used = _width(f, lead + "  ") + w
        else:
            line, used = f"{line} {word}", used + space + w
    rows.append(line)
    return rows
