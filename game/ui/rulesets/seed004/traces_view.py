"""Seed 004's movement traces drawn on the board, and their resolution replayed step by step (issue 21 item 7;
numbers in brackets are seed 004's lines).

Every revealed trace [54] is a line of its mover's colour from its start (a ring) through the centres of its
cells to its end (an arrowhead), with the mover's label at the start. A replay frame [55-57] draws the traces
dimmed and a token for each character where it stands after that step: a filled disc while still moving, a
disc with a white ring once it has ended, a gold ring on those who may attack a mover now [56]; a caption says
the step, the fraction moved and who ended.

It takes plain data: each trace's cells, and where each cell's centre is on the target (``centres``); the window
part turns a board's cells into screen pixels. :func:`frames` turns the engine's steps into replay frames.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import pygame

from game.grid import Cell
from game.rulesets.seed004.traces import Step
from game.ui.board_view import RGB, draw_text

MAX_TRACES = 60
"""Most traces drawn (an encounter has a handful of characters)."""
MAX_CELLS = 200
"""Most cells of one trace drawn."""
TOKEN = 9
LINE = 3
BACK = (24, 26, 34)
TEXT = (228, 230, 238)
ENDED = (250, 250, 250)
MAY_ATTACK = (250, 200, 70)

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class TracePlot:
    """One revealed trace: whose, its label and colour, and its cells from the start."""

    mover: str
    label: str
    colour: RGB
    cells: tuple[Cell, ...]
    """The start first, then each cell of the trace (for a chase, as planned: with the chased one's)."""


@dataclass(frozen=True, slots=True)
class Frame:
    """Everyone's place after one step of the resolution (the first frame: before any)."""

    caption: str
    positions: Mapping[str, Cell]
    ended: frozenset[str]
    may_attack: tuple[str, ...] = ()


def frames(start: Mapping[str, Cell], steps: Sequence[Step]) -> tuple[Frame, ...]:
    """The replay of a resolution: the traces as revealed, then one frame per step [55-57]."""
    out = [Frame("traces revealed", dict(start), frozenset())]
    ended: frozenset[str] = frozenset()
    for i, step in enumerate(steps, 1):
        ended = ended | frozenset(step.ended)
        caption = f"step {i} of {len(steps)}: {_moved(step.fraction)}; ended: {', '.join(step.ended)}"
        if step.may_attack:
            caption += f"; may attack: {', '.join(step.may_attack)}"
        out.append(Frame(caption, dict(step.positions), ended, step.may_attack))
    return tuple(out)


def _moved(f: Fraction) -> str:
    if f == 0:
        return "nobody moves"
    if f == 1:
        return "the rest of every trace"
    return f"{f.numerator}/{f.denominator} of each remaining trace"


def _dim(colour: RGB) -> RGB:
    r, g, b = colour
    return (r // 2 + 20, g // 2 + 20, b // 2 + 20)


def _points(plot: TracePlot, centres: Mapping[Cell, Point]) -> list[tuple[int, int]]:
    out = []
    for cell in plot.cells[:MAX_CELLS + 1]:
        centre = centres.get(cell)
        if centre is not None:
            out.append((round(centre[0]), round(centre[1])))
    return out


def _arrowhead(target: pygame.Surface, colour: RGB, tail: tuple[int, int], tip: tuple[int, int]) -> None:
    dx, dy = tip[0] - tail[0], tip[1] - tail[1]
    length = max((dx * dx + dy * dy) ** 0.5, 1.0)
    ux, uy = dx / length, dy / length
    back = (tip[0] - ux * 11, tip[1] - uy * 11)
    left = (back[0] - uy * 6, back[1] + ux * 6)
    right = (back[0] + uy * 6, back[1] - ux * 6)
    pygame.draw.polygon(target, colour, [tip, left, right])


def draw_traces(target: pygame.Surface, rect: pygame.Rect, centres: Mapping[Cell, Point],
                plots: Sequence[TracePlot], *, dim: bool = False) -> list[TracePlot]:
    """Draw the revealed traces [54] inside ``rect``; returns those drawn (the first :data:`MAX_TRACES`)."""
    clip = target.get_clip()
    target.set_clip(rect.clip(clip))
    try:
        drawn = []
        for plot in plots[:MAX_TRACES]:
            points = _points(plot, centres)
            if not points:
                continue
            colour = _dim(plot.colour) if dim else plot.colour
            if len(points) > 1:
                pygame.draw.lines(target, colour, False, points, LINE)
                _arrowhead(target, colour, points[-2], points[-1])
            pygame.draw.circle(target, colour, points[0], TOKEN - 2, 2)
            if not dim:
                draw_text(target, plot.label, (points[0][0], points[0][1] - TOKEN - 2), 12, colour,
                          anchor="midbottom", background=(0, 0, 0, 140))
            drawn.append(plot)
        return drawn
    finally:
        target.set_clip(clip)


def draw_frame(target: pygame.Surface, rect: pygame.Rect, centres: Mapping[Cell, Point],
               plots: Sequence[TracePlot], frame: Frame) -> dict[str, tuple[int, int]]:
    """One replay frame [55-57]: dimmed traces, everyone's token where the frame has it, and the caption at the
    top of ``rect``. Returns each token's centre."""
    draw_traces(target, rect, centres, plots, dim=True)
    clip = target.get_clip()
    target.set_clip(rect.clip(clip))
    try:
        tokens: dict[str, tuple[int, int]] = {}
        for plot in plots[:MAX_TRACES]:
            cell = frame.positions.get(plot.mover)
            centre = centres.get(cell) if cell is not None else None
            if centre is None:
                continue
            at = (round(centre[0]), round(centre[1]))
            pygame.draw.circle(target, plot.colour, at, TOKEN)
            if plot.mover in frame.ended:
                pygame.draw.circle(target, ENDED, at, TOKEN + 2, 2)
            if plot.mover in frame.may_attack:
                pygame.draw.circle(target, MAY_ATTACK, at, TOKEN + 5, 2)
            tokens[plot.mover] = at
        draw_text(target, frame.caption, (rect.x + 6, rect.y + 4), 13, TEXT, background=(0, 0, 0, 170))
        return tokens
    finally:
        target.set_clip(clip)


@dataclass(frozen=True, slots=True)
class Replay:
    """Where a replay of the resolution is: a frozen value the window keeps and steps with its keys."""

    frames: tuple[Frame, ...]
    index: int = 0

    @property
    def frame(self) -> Frame:
        return self.frames[self.index]

    def forward(self) -> Replay:
        return Replay(self.frames, min(self.index + 1, len(self.frames) - 1))

    def back(self) -> Replay:
        return Replay(self.frames, max(self.index - 1, 0))

    @property
    def at_end(self) -> bool:
        return self.index == len(self.frames) - 1
