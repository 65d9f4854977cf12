"""Brief pictures of what just happened: tokens sliding, flashes, floating numbers and labels.

The engine's state is already final when the window gets the events; the
animator only says where to draw a moving token *meanwhile* and what to float
above whom. Everything is short (a cell slides in 60 ms, a number floats for
under a second) and never blocks input: any click or key first
:meth:`Animator.finish`\\ es what is running, so play is never slowed down.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from game.rules import events as ev
from game.grid import Cell

STEP_S = 0.06
"""A token slides one cell in this long."""
FLOAT_S = 0.9
FLASH_S = 0.3


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


@dataclass
class Animator:
    slides: dict[str, list[Slide]] = field(default_factory=dict)
    floats: list[Float] = field(default_factory=list)
    flashes: list[Flash] = field(default_factory=list)
    cursor: float = 0.0

    def feed(self, events: list[ev.Event], now: float, centre: Callable[[Cell], tuple[float, float]],
             where: Callable[[str], tuple[float, float] | None], reaction_label: Callable[[ev.Event], str | None]) -> None:
        """Schedule the pictures of ``events`` (``centre``: a cell's picture position; ``where``: a
        creature's current one; ``reaction_label``: the label of a reaction event, if it is one)."""
        t = max(now, self.cursor)
        places: dict[str, tuple[float, float]] = {}

        def place(cid: str) -> tuple[float, float]:
            got = places.get(cid) or where(cid)
            return got if got is not None else (0.0, 0.0)

        for event in events:
            label = reaction_label(event)
            if label is not None:
                who = getattr(event, "reactor", None) or getattr(event, "creature", None) or getattr(event, "actor", "")
                self.floats.append(Float(t, t + FLOAT_S * 1.4, label, (255, 170, 60), str(who), place(str(who))))
                self.flashes.append(Flash(t, t + FLASH_S, str(who), (255, 170, 60)))
                t += 0.08
                continue
            match event:
                case ev.CreatureMoved():
                    a, b = centre(event.origin), centre(event.to)
                    self.slides.setdefault(event.creature, []).append(Slide(t, t + STEP_S, a, b))
                    places[event.creature] = b
                    t += STEP_S
                case ev.AttackRolled():
                    colour = (255, 60, 50) if event.hit else (170, 170, 180)
                    self.flashes.append(Flash(t, t + FLASH_S, event.target, colour))
                    if not event.hit:
                        self.floats.append(Float(t, t + FLOAT_S, "miss", (200, 200, 210), event.target,
                                                 place(event.target)))
                    elif event.critical:
                        self.floats.append(Float(t, t + FLOAT_S, "critical!", (255, 230, 80), event.target,
                                                 place(event.target)))
                    t += 0.08
                case ev.DamageDealt():
                    self.floats.append(Float(t, t + FLOAT_S, f"-{event.amount}", (255, 80, 70), event.target,
                                             place(event.target)))
                    t += 0.05
                case ev.Healed():
                    self.floats.append(Float(t, t + FLOAT_S, f"+{event.amount}", (110, 235, 120), event.target,
                                             place(event.target)))
                    t += 0.05
                case ev.Died():
                    self.floats.append(Float(t, t + FLOAT_S, "dies", (255, 255, 255), event.creature,
                                             place(event.creature)))
                case ev.ConditionApplied():
                    self.floats.append(Float(t, t + FLOAT_S, event.condition, (210, 160, 255), event.creature,
                                             place(event.creature)))
                case _:
                    pass
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

    def busy(self, now: float) -> bool:
        """Something still slides or flashes (floating numbers do not hold play up)."""
        return any(s[-1].end > now for s in self.slides.values()) or any(f.end > now for f in self.flashes)

    def prune(self, now: float) -> None:
        self.floats = [f for f in self.floats if f.end > now]
        self.flashes = [f for f in self.flashes if f.end > now]

    def finish(self) -> None:
        """Jump to the end of every slide and flash (floating numbers stay a moment)."""
        self.slides.clear()
        self.flashes.clear()
        self.cursor = 0.0
