"""Seed 004's movement phase as the window shows it (numbers in brackets are seed 004's lines): the traces of
the newest resolution, read from the fight's log (``TracesPlotted``: each character's path once all are revealed
[54]; ``MovementStepped``: everyone's cell after each step of the resolution by fractions [55, 57]), as
``traces_view``'s plots and replay frames (the fraction moved and who ended in each caption).

The traces are drawn over the board from their reveal until the next round's first option is taken; T replays
the resolution a step at a time (``parts``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.rulesets.seed004.events import OptionChosen, PhaseBegan
from game.rulesets.seed004.phases import MovementStepped, TracesPlotted
from game.ui.board_view import RGB
from game.ui.rulesets.seed004.traces_view import Frame, TracePlot

LOOK_BACK = 3000
"""Most log events read back for the newest resolution (a round logs a few hundred)."""


@dataclass(frozen=True, slots=True)
class Resolution:
    """The newest movement resolution in the log."""

    at: int
    """The log index of its first revealed trace (a new resolution has another)."""
    plots: tuple[TracePlot, ...]
    frames: tuple[Frame, ...]
    current: bool
    """No option taken since it: the traces are still the news (drawn over the board)."""


def _fraction(text: str) -> str:
    if text in ("0", "0/1"):
        return "nobody moves"
    if text in ("1", "1/1"):
        return "the rest of every trace"
    return f"{text} of each remaining trace"


def newest(log: Sequence[object], name: Callable[[str], str], colour: Callable[[str], RGB]) -> Resolution | None:
    """The newest resolution: its traces, one frame for the reveal and one per step; None if none in reach."""
    start = max(0, len(log) - LOOK_BACK)
    last = next((i for i in range(len(log) - 1, start - 1, -1) if isinstance(log[i], TracesPlotted)), None)
    if last is None:
        return None
    first = last
    while first - 1 >= start and not isinstance(log[first - 1], (MovementStepped, PhaseBegan, OptionChosen)):
        first -= 1
    traces = [e for e in log[first:last + 1] if isinstance(e, TracesPlotted)]
    plots = tuple(TracePlot(t.creature, name(t.creature), colour(t.creature), tuple(t.path)) for t in traces)
    steps = []
    current = True
    for e in log[last + 1:]:
        if isinstance(e, MovementStepped):
            steps.append(e)
        elif isinstance(e, OptionChosen) and not e.borrowed:  # an attack on a mover [56] borrows: still this phase
            current = False
            break
    frames = [Frame("traces revealed", {t.creature: t.path[0] for t in traces if t.path}, frozenset())]
    ended: frozenset[str] = frozenset()
    for i, step in enumerate(steps, 1):
        ended = ended | frozenset(step.ended)
        who = ", ".join(name(c) for c in step.ended) or "nobody"
        frames.append(Frame(f"step {i} of {len(steps)}: {_fraction(step.fraction)}; ended: {who}",
                            dict(step.positions), ended))
    return Resolution(first, plots, tuple(frames), current)
