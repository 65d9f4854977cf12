"""Seed 004's movement phase and its trace system, 3 and 3.1-3.2.3 [50-58] (numbers in brackets are the
document's lines).

* Available movement [51, 53]: the normal movement, halved (rounded down, ours) for an alert character or one
  who took a noncombat action this round (halved once if both), then 1" less per blow expended, never below 0.
  One inch is one cell (ours).
* A trace [53] is a path of cells, each a step from the one before, no longer than the available movement.
  A chase costs 2": the chaser's own cells run to the chased one's starting cell, and from there its trace
  follows the chased one's trace until either's movement is used up (a chase of a chaser follows that one's
  trace in turn).
* Resolution [54-57], :class:`Movement`: everyone still moving finds where it would end on its remaining
  trace if nobody else ended first: the trace's end, or where an order such as "stop when within reach of X"
  [58] is met, X taken where it would be at the same fraction of its own remaining trace (one standing still
  ends at once, or with an order waits until it is met). Those ending after the smallest fraction of their
  remaining traces end there; everyone else moves through that fraction of theirs (rounded down to whole
  cells, ours: nobody is past a cell it has not reached). Those who just ended may attack one still moving
  [56] (:attr:`Step.may_attack`: the fight asks them, and may :meth:`Movement.halt` a mover). Repeat until
  nobody moves: each step ends at least one mover, so there are at most as many steps as movers.

Blocking (ours): traces pass through others' cells, but two characters never end in one cell. A mover whose end
cell is held by one who has ended (one standing still ends first) ends on the last free cell before it on its
path; of two movers ending in one cell at one step, the first in the order given keeps it; with every cell of
its path held, a mover takes the nearest open free cell. Every character on the board takes part (an empty
trace stands still), so nobody ends on one who does not move.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from game.grid import Cell, Grid
from game.rulesets.seed004.blows import Blows
from game.rulesets.seed004.sheets import Sheet

CHASE_COST = 2
"""Inches a chase costs [53]."""
MAX_TRACE = 200
"""Longest trace taken, in cells (a character moves a dozen or so)."""
MAX_MOVERS = 200
"""Most characters one movement phase resolves."""
SEARCH_RADIUS = 12
"""How far from its end a mover with every cell of its path held looks for a free cell."""


def available_movement(normal: int, *, alert: bool, noncombat: bool, blows_expended: int) -> int:
    """3 [51], 3.1 [53]: the inches a character may move this movement phase."""
    halved = normal // 2 if (alert or noncombat) else normal
    return max(0, halved - blows_expended)


def allowance(sheet: Sheet, blows: Blows, *, noncombat: bool) -> int:
    """A character's available movement [51] from its sheet's movement and its round so far (alert as it
    stands now: it "may cease to be alert" before plotting)."""
    return available_movement(sheet.move, alert=blows.alert, noncombat=noncombat,
                              blows_expended=blows.movement_loss)


@dataclass(frozen=True, slots=True)
class StopWithin:
    """An order for where a trace ends [58]: as soon as the mover is within ``reach`` cells of ``target``."""

    target: str
    reach: int


@dataclass(frozen=True, slots=True)
class Trace:
    """One character's plotted movement [53]."""

    mover: str
    start: Cell
    cells: tuple[Cell, ...] = ()
    """The steps after ``start``, in order; for a chase, to the chased one's starting cell."""
    chase: str | None = None
    """Whom this trace chases [53]."""
    stop: StopWithin | None = None
    """An order ending the trace early [58]."""


def trace_problem(trace: Trace, allowance: int, grid: Grid[Any], is_open: Callable[[Cell], bool],
                  starts: Mapping[str, Cell]) -> str | None:
    """Why ``trace`` cannot be plotted with ``allowance`` inches (None: it can)."""
    own = len(trace.cells)
    budget = allowance - (CHASE_COST if trace.chase is not None else 0)
    if own > MAX_TRACE:
        return f"{trace.mover}'s trace has {own} cells; at most {MAX_TRACE}"
    if own > budget:
        chase = f" after the chase's {CHASE_COST}\"" if trace.chase is not None else ""
        return f"{trace.mover}'s trace is {own}\" long; it may move {max(budget, 0)}\"{chase}"
    before = trace.start
    for i, cell in enumerate(trace.cells, 1):
        if grid.distance(before, cell) != 1:
            return f"{trace.mover}'s trace: step {i} to {tuple(cell)} is not next to {tuple(before)}"
        if not is_open(cell):
            return f"{trace.mover}'s trace: step {i} to {tuple(cell)} is a wall or off the board"
        before = cell
    if trace.chase is not None:
        if trace.chase not in starts or trace.chase == trace.mover:
            return f"{trace.mover} chases {trace.chase}, who is not moving with it"
        if before != starts[trace.chase]:
            return f"{trace.mover}'s chase must run to {trace.chase}'s starting cell {tuple(starts[trace.chase])}"
    if trace.stop is not None and trace.stop.reach < 0:
        return f"{trace.mover}'s order: a reach of {trace.stop.reach}"
    return None


def planned_paths(traces: Sequence[Trace], allowances: Mapping[str, int]) -> dict[str, tuple[Cell, ...]]:
    """Each mover's whole path, start first [53]: its own cells, and for a chase the chased one's path after
    its start, as far as the chaser's movement (less the chase's 2") goes."""
    if len(traces) > MAX_MOVERS:
        raise ValueError(f"{len(traces)} traces; at most {MAX_MOVERS}")
    by_id = {t.mover: t for t in traces}

    def follow(mover: str, budget: int, depth: int) -> tuple[Cell, ...]:
        trace = by_id[mover]
        own = trace.cells[:budget]
        if trace.chase is None or trace.chase not in by_id or depth > len(traces) or len(own) >= budget:
            return own
        return own + follow(trace.chase, budget - len(own), depth + 1)

    out: dict[str, tuple[Cell, ...]] = {}
    for t in traces:
        budget = allowances.get(t.mover, len(t.cells)) - (CHASE_COST if t.chase is not None else 0)
        if t.chase is None:
            out[t.mover] = (t.start,) + t.cells[:max(budget, 0)]
        else:
            # the chased one's own path after its start: its first cell is the chaser's own last cell
            out[t.mover] = (t.start,) + follow(t.mover, max(budget, 0), 0)
    return out


@dataclass(frozen=True, slots=True)
class Step:
    """One pass of 3.2.1-3.2.2 [55-56]."""

    fraction: Fraction
    """The fraction of their remaining traces the movers went through."""
    ended: tuple[str, ...]
    """Who ended movement at this step, in the order given."""
    positions: Mapping[str, Cell]
    """Where everyone stands after it."""
    still_moving: tuple[str, ...]
    may_attack: tuple[str, ...]
    """Of those who just ended, who may attack one still moving [56] (borrowing blows from the next round):
    those who may react to movement (not after a noncombat action [51]), when anyone is still moving."""


@dataclass(frozen=True, slots=True)
class Movement:
    """The trace system's state between steps: a frozen value; :meth:`step` and :meth:`halt` return new ones."""

    grid: Grid[Any]
    is_open: Callable[[Cell], bool]
    order: tuple[str, ...]
    """Every character in the phase, in the order ties are settled (the fight's)."""
    paths: Mapping[str, tuple[Cell, ...]]
    """Each character's whole path, start first (one cell: standing still)."""
    at: Mapping[str, int] = field(default_factory=dict)
    """How far along its path each has come (an index into it)."""
    ended: Mapping[str, Cell] = field(default_factory=dict)
    """Those who have ended movement, and where."""
    orders: Mapping[str, StopWithin] = field(default_factory=dict)
    may_react: frozenset[str] = frozenset()
    """Who may react to others' movement [51]: alert, no noncombat action this round."""

    @staticmethod
    def start(grid: Grid[Any], is_open: Callable[[Cell], bool], traces: Sequence[Trace],
              allowances: Mapping[str, int], may_react: Iterable[str] = ()) -> Movement:
        """All traces revealed [54]: the resolution begins."""
        paths = planned_paths(traces, allowances)
        orders = {t.mover: t.stop for t in traces if t.stop is not None}
        return Movement(grid, is_open, tuple(t.mover for t in traces), paths, {t.mover: 0 for t in traces}, {},
                        orders, frozenset(may_react))

    def position(self, who: str) -> Cell:
        if who in self.ended:
            return self.ended[who]
        return self.paths[who][self.at[who]]

    def positions(self) -> dict[str, Cell]:
        return {who: self.position(who) for who in self.order}

    @property
    def moving(self) -> tuple[str, ...]:
        return tuple(w for w in self.order if w not in self.ended)

    @property
    def done(self) -> bool:
        return not self.moving

    def remaining(self, who: str) -> int:
        """Cells left on who's trace."""
        return len(self.paths[who]) - 1 - self.at[who]

    def _at_fraction(self, who: str, fraction: Fraction) -> Cell:
        """Where ``who`` would be after ``fraction`` of its remaining trace (itself if it has ended)."""
        if who in self.ended:
            return self.ended[who]
        return self.paths[who][self.at[who] + int(fraction * self.remaining(who))]

    def end_fraction(self, who: str) -> Fraction:
        """3.2.1 [55]: after what fraction of its remaining trace ``who`` would end if nobody else ended first:
        1 (its trace's end; 0 for one standing still with no order), or the first fraction at which its order
        [58] is met, everyone taken where they would be at that same fraction of their own remaining traces (so
        one standing still with an order waits until its target comes within reach, else to the end)."""
        left = self.remaining(who)
        order = self.orders.get(who)
        if order is None or order.target not in self.paths or order.target == who:
            return Fraction(1) if left else Fraction(0)
        moments = {Fraction(0), Fraction(1)}
        for mover in (who, order.target):
            cells = 0 if mover in self.ended else self.remaining(mover)
            moments.update(Fraction(k, cells) for k in range(1, cells))
        for moment in sorted(moments):
            if self.grid.distance(self._at_fraction(who, moment), self._at_fraction(order.target, moment)) <= order.reach:
                return moment
        return Fraction(1)

    def step(self) -> tuple[Movement, Step]:
        """3.2.1-3.2.2 [55-56]: one pass. Raises ValueError when nobody is moving."""
        moving = self.moving
        if not moving:
            raise ValueError("movement is resolved: nobody is moving")
        fractions = {w: self.end_fraction(w) for w in moving}
        least = min(fractions.values())
        stopping = [w for w in moving if fractions[w] == least]
        at = dict(self.at)
        for w in moving:
            at[w] = self.at[w] + int(least * self.remaining(w))
        after = replace(self, at=at)
        ended = dict(self.ended)
        for w in stopping:   # in the order given: the first keeps a contested cell
            ended[w] = after._settle(w, at[w], ended)
        after = replace(after, ended=ended)
        still = after.moving
        may_attack = tuple(w for w in stopping if w in self.may_react) if still else ()
        return after, Step(least, tuple(stopping), after.positions(), still, may_attack)

    def halt(self, who: str) -> Movement:
        """The fight ends ``who``'s movement where it stands (felled, knocked down, chose to stop [51])."""
        if who in self.ended or who not in self.paths:
            return self
        ended = dict(self.ended)
        ended[who] = self._settle(who, self.at[who], ended)
        return replace(self, ended=ended)

    def _settle(self, who: str, index: int, ended: Mapping[str, Cell]) -> Cell:
        """Where ``who`` ends, wanting its path's cell ``index``: that cell, else the last one before it that
        nobody has ended on, else the nearest open cell nobody has ended on (ours)."""
        held = set(ended.values())
        path = self.paths[who]
        for i in range(index, -1, -1):
            if path[i] not in held:
                return path[i]
        want = path[index]
        for radius in range(1, SEARCH_RADIUS + 1):
            for cell in sorted(self.grid.ring(want, radius)):
                if cell not in held and self.is_open(cell):
                    return cell  # type: ignore[no-any-return]
        raise ValueError(f"no free cell within {SEARCH_RADIUS} of {tuple(want)} for {who} to end on")


def resolve(movement: Movement) -> tuple[Movement, tuple[Step, ...]]:
    """Every step until nobody moves, with nobody attacking (the fight drives :meth:`Movement.step` itself to
    ask its attacks); at most one step per mover."""
    steps: list[Step] = []
    for _ in range(len(movement.order)):
        if movement.done:
            break
        movement, step = movement.step()
        steps.append(step)
    return movement, tuple(steps)
