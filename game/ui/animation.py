"""Brief pictures of what just happened: tokens sliding, flashes, floating numbers and reaction banners.

The engine's state is already final when the window gets the events; the
animator only says where to draw a moving token *meanwhile*, what to float
above whom and which reaction banner to show. Times are the window's own clock
(``Table.update(dt)`` advances it), so a test drives time frame by frame.

A reaction is shown by a banner that names the reactor, the reaction and its
target, for ``BANNER_S`` (long enough to read); several reactions show one
after another, and the pictures of each reaction's own events (the attack's
flash, the damage) play while its banner is up. A key or a click skips the
banner on screen (:meth:`Animator.skip`); the AI and the handoff wait for the
banners (:meth:`Animator.busy`). Slides and flashes are short (a cell slides in
60 ms), and a key or click first :meth:`Animator.finish`\\ es them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from game.grid import Cell

STEP_S = 0.06
"""A token slides one cell in this long."""
FLOAT_S = 1.2
"""A damage or healing number floats this long over the creature it struck."""
FLASH_S = 0.3
BANNER_S = 1.2
"""A reaction's banner stays this long (skipped by a key or a click)."""
BANNER_LEAD_S = 0.25
"""A reaction's own pictures (its attack, its damage) start this long after its banner."""


@dataclass
class Slide:
    start: float
    end: float
    origin: tuple[float, float]
    to: tuple[float, float]


@dataclass
class Float:
    start: float
    end: float
    text: str
    colour: tuple[int, int, int]
    creature: str
    at: tuple[float, float]
    """Picture pixel position (the creature's place when it happened)."""


@dataclass
class Flash:
    start: float
    end: float
    creature: str
    colour: tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Shown:
    """What one event shows on the board, as a ruleset's window part says (``WindowParts.pictures``): a
    token sliding from a cell to another (one ``STEP_S``), a flash on a creature, a text floating over one;
    ``takes``: how long before the next event's pictures start (a slide takes ``STEP_S``)."""

    slide: tuple[str, Cell, Cell] | None = None
    flash: tuple[str, tuple[int, int, int]] | None = None
    floating: tuple[str, str, tuple[int, int, int]] | None = None
    """(creature, text, colour)."""
    takes: float = 0.0


NOTHING = Shown()
"""An event that shows nothing."""


@dataclass(frozen=True, slots=True)
class BannerText:
    """What a reaction's banner says: ``headline`` ("Skeleton 1: Opportunity Attack on Vex") and why."""

    headline: str
    detail: str
    reactor: str


@dataclass
class Banner:
    start: float
    end: float
    text: BannerText


@dataclass
class Animator:
    slides: dict[str, list[Slide]] = field(default_factory=dict)
    floats: list[Float] = field(default_factory=list)
    flashes: list[Flash] = field(default_factory=list)
    banners: list[Banner] = field(default_factory=list)
    cursor: float = 0.0
    now: float = 0.0
    """The clock at the last :meth:`prune` (the window's frame)."""

    def feed(self, events: list[Any], now: float, centre: Callable[[Cell], tuple[float, float]],
             where: Callable[[str], tuple[float, float] | None],
             banner: Callable[[list[Any], int], BannerText | None],
             pictures: Callable[[Any], Shown]) -> None:
        """Schedule the pictures of ``events`` (``centre``: a cell's picture position; ``where``: a
        creature's current one; ``banner``: what the banner of ``events[i]`` says, if it opens a reaction;
        ``pictures``: what an event shows, the ruleset's window part says)."""
        t = max(now, self.cursor)
        places: dict[str, tuple[float, float]] = {}

        def place(cid: str) -> tuple[float, float]:
            got = places.get(cid) or where(cid)
            return got if got is not None else (0.0, 0.0)

        for i, event in enumerate(events):
            text = banner(events, i)
            if text is not None:
                start = max(t, self.banners[-1].end if self.banners else t)
                self.banners.append(Banner(start, start + BANNER_S, text))
                self.flashes.append(Flash(start, start + FLASH_S * 2, text.reactor, (255, 170, 60)))
                t = start + BANNER_LEAD_S
                continue
            shown = pictures(event)
            if shown.slide is not None:
                who, origin, to = shown.slide
                a, b = centre(origin), centre(to)
                self.slides.setdefault(who, []).append(Slide(t, t + STEP_S, a, b))
                places[who] = b
            if shown.flash is not None:
                self.flashes.append(Flash(t, t + FLASH_S, shown.flash[0], shown.flash[1]))
            if shown.floating is not None:
                who, words, colour = shown.floating
                self.floats.append(Float(t, t + FLOAT_S, words, colour, who, place(who)))
            t += STEP_S if shown.slide is not None else shown.takes
        self.cursor = t

    def position(self, cid: str, now: float) -> tuple[float, float] | None:
        """Where to draw a creature now, if it is sliding (None: where the state says)."""
        slides = self.slides.get(cid)
        if not slides:
            return None
        if now >= slides[-1].end:
            del self.slides[cid]
            return None
        if now < slides[0].start:
            return slides[0].origin
        for s in slides:
            if now < s.start:
                return s.origin
            if now < s.end:
                k = (now - s.start) / (s.end - s.start)
                return (s.origin[0] + (s.to[0] - s.origin[0]) * k, s.origin[1] + (s.to[1] - s.origin[1]) * k)
        return slides[-1].to

    def banner(self, now: float) -> Banner | None:
        """The reaction banner on screen now, if any."""
        return next((b for b in self.banners if b.start <= now < b.end), None)

    def busy(self, now: float) -> bool:
        """Something still slides or flashes, or a reaction's banner is still to be read (floating
        numbers do not hold play up)."""
        return (any(s[-1].end > now for s in self.slides.values()) or any(f.end > now for f in self.flashes)
                or any(b.end > now for b in self.banners))

    def animating(self) -> bool:
        """Anything at all is still to be drawn (the window then draws the board afresh each frame)."""
        return bool(self.slides or self.flashes or self.floats or self.banners)

    def prune(self, now: float) -> None:
        self.now = now
        self.floats = [f for f in self.floats if f.end > now]
        self.flashes = [f for f in self.flashes if f.end > now]
        self.banners = [b for b in self.banners if b.end > now]

    def skip(self, now: float) -> bool:
        """A key or a click while a banner is up: that banner ends now, and everything scheduled after
        it comes that much earlier (the next banner shows at once). False when no banner was up."""
        shown = self.banner(now)
        if shown is None:
            return False
        gain = shown.end - now
        shown.end = now
        for b in self.banners:
            if b.start > now:
                b.start, b.end = b.start - gain, b.end - gain
        for group in (self.floats, self.flashes):
            for f in group:
                if f.start > now:
                    f.start, f.end = f.start - gain, f.end - gain
        for slides in self.slides.values():
            for s in slides:
                if s.start > now:
                    s.start, s.end = s.start - gain, s.end - gain
        self.cursor = max(now, self.cursor - gain)
        self.prune(now)
        return True

    def finish(self) -> None:
        """Jump to the end of every slide, flash and banner (floating numbers stay a moment: those not
        shown yet start now)."""
        for f in self.floats:
            if f.start > self.now:
                f.start, f.end = self.now, self.now + (f.end - f.start)
        self.slides.clear()
        self.flashes.clear()
        self.banners.clear()
        self.cursor = 0.0
