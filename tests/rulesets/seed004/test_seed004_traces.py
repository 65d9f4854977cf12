"""Seed 004's movement phase and trace system, 3 and 3.1-3.2.3 (``../shared/seeds/004_683255cd0bfe0fc3.txt``,
lines 51-58)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from game.grid import Cell, Grid, Square, SquareGrid
from game.grid.hex import HexGrid, StaggerAxis, StaggerIndex
from game.rulesets.seed004.blows import Blow
from game.rulesets.seed004.traces import (Movement, StopWithin, Trace, allowance, available_movement, planned_paths,
                                          resolve, trace_problem)
from tests.rulesets.seed004.fighters004 import fighter, sheet

SQUARES = SquareGrid(32, 32)
HEXES = HexGrid(32, 36, 18, StaggerAxis.Y, StaggerIndex.ODD)


def row(x0: int, x1: int, y: int = 0) -> tuple[Square, ...]:
    """The squares from x0 to x1 (both included) along row y, in walking order."""
    step = 1 if x1 >= x0 else -1
    return tuple(Square(x, y) for x in range(x0, x1 + step, step))


def is_open(cell: Cell) -> bool:
    return True


def test_movement_is_halved_when_alert_or_after_a_noncombat_action_then_less_one_per_blow() -> None:
    """Seed 004, line 51, 3: "Alert characters ... are limited to half the normal movement distance; characters
    who performed a noncombat action ... are limited to half ... After any halving, movement is reduced by 1" per
    blow expended, but cannot go below 0"."""
    assert available_movement(12, alert=False, noncombat=False, blows_expended=0) == 12
    assert available_movement(12, alert=True, noncombat=False, blows_expended=2) == 4
    assert available_movement(12, alert=True, noncombat=True, blows_expended=0) == 6
    assert available_movement(12, alert=False, noncombat=True, blows_expended=1) == 5
    assert available_movement(7, alert=True, noncombat=False, blows_expended=9) == 0
    spent = fighter("ann", 2, 2, 10).blows.spend(Blow.ACTIVE).spend(Blow.REACTIVE)
    s = replace(sheet(), move=9)
    assert allowance(s, spent, noncombat=False) == 2   # 9 halved to 4 (alert), less 2 blows
    assert allowance(s, spent.with_alert(False), noncombat=False) == 7


def test_a_trace_is_no_longer_than_the_movement_and_runs_cell_by_cell() -> None:
    """Seed 004, line 53, 3.1: "a movement 'trace' with a length equal to their available movement speed"."""
    starts = {"ann": Square(0, 0)}
    assert trace_problem(Trace("ann", Square(0, 0), row(1, 4)), 4, SQUARES, is_open, starts) is None
    assert trace_problem(Trace("ann", Square(0, 0), row(1, 5)), 4, SQUARES, is_open,
                         starts) == "ann's trace is 5\" long; it may move 4\""
    assert "is not next to" in (trace_problem(Trace("ann", Square(0, 0), (Square(2, 0),)), 4, SQUARES, is_open,
                                              starts) or "")
    assert "wall" in (trace_problem(Trace("ann", Square(0, 0), row(1, 2)), 4, SQUARES,
                                    lambda c: c != Square(2, 0), starts) or "")


def test_a_chase_costs_two_runs_to_the_chased_start_then_follows_its_trace() -> None:
    """Seed 004, line 53, 3.1: "A character who wishes to chase another character loses 2" of movement and must
    draw a trace to that other character's starting location; thereafter, the chasing character's trace is
    considered to follow that of the character being chased up to the point where one of the characters'
    movement distance is exhausted"."""
    bob = Trace("bob", Square(3, 0), row(4, 9))
    ann = Trace("ann", Square(0, 0), row(1, 3), chase="bob")
    starts = {"ann": ann.start, "bob": bob.start}
    assert trace_problem(ann, 5, SQUARES, is_open, starts) is None
    assert trace_problem(ann, 4, SQUARES, is_open, starts) == "ann's trace is 3\" long; it may move 2\" after the chase's 2\""
    assert "must run to bob's starting cell" in (trace_problem(Trace("ann", Square(0, 0), row(1, 2), chase="bob"),
                                                               8, SQUARES, is_open, starts) or "")
    paths = planned_paths([ann, bob], {"ann": 8, "bob": 6})
    assert paths["ann"] == row(0, 6)   # 8 - 2 = 6 cells: three to Bob's start, then three of Bob's
    assert paths["bob"] == row(3, 9)
    assert planned_paths([ann, bob], {"ann": 20, "bob": 6})["ann"] == row(0, 9)   # Bob's trace runs out


def test_chasing_in_a_circle_ends() -> None:
    """Seed 004, line 53, 3.1: two characters chasing each other follow each other's traces only as far as their
    own movement goes."""
    ann = Trace("ann", Square(0, 0), row(1, 3), chase="bob")
    bob = Trace("bob", Square(3, 0), row(2, 0), chase="ann")
    paths = planned_paths([ann, bob], {"ann": 9, "bob": 9})
    assert len(paths["ann"]) == 8 and len(paths["bob"]) == 8


def test_traces_end_at_the_smallest_fraction_and_the_others_move_through_the_same_fraction() -> None:
    """Seed 004, line 55, 3.2.1: "The character or characters selecting an end point after the smallest fraction
    of their remaining traces end movement at those points; characters who have not yet ended their movement are
    moved through the same fraction of their remaining traces": Cat stops within reach 1 of Dan after half of her
    trace; Ann, with eight cells, has gone four; then the rest end together."""
    traces = [Trace("ann", Square(0, 0), row(1, 8)),
              Trace("cat", Square(0, 5), row(1, 4, 5), stop=StopWithin("dan", 1)),
              Trace("dan", Square(3, 5))]
    m = Movement.start(SQUARES, is_open, traces, {"ann": 8, "cat": 4, "dan": 0}, may_react={"cat", "dan"})
    m, first = m.step()
    assert first.fraction == 0 and first.ended == ("dan",)   # Dan stands still: he ends at once
    assert first.may_attack == ("dan",) and first.still_moving == ("ann", "cat")
    m, second = m.step()
    assert (second.fraction, second.ended) == (Fraction(1, 2), ("cat",))
    assert second.positions["cat"] == Square(2, 5) and second.positions["ann"] == Square(4, 0)
    assert second.may_attack == ("cat",) and second.still_moving == ("ann",)
    m, third = m.step()
    assert third.ended == ("ann",) and third.positions["ann"] == Square(8, 0) and third.may_attack == ()
    assert m.done


def test_one_standing_still_with_an_order_waits_until_its_target_comes_within_reach() -> None:
    """Seed 004, lines 56 and 58, 3.2.2: "end my trace when I get to within weapon reach of so-and-so": a guard who
    does not move ends when the runner passes within reach, and may then attack the runner, still moving."""
    traces = [Trace("runner", Square(0, 0), row(1, 10)), Trace("guard", Square(6, 1), stop=StopWithin("runner", 1))]
    m = Movement.start(SQUARES, is_open, traces, {"runner": 10, "guard": 0}, may_react={"guard"})
    m, first = m.step()
    assert first.ended == ("guard",) and first.fraction == Fraction(1, 2)
    assert first.positions["runner"] == Square(5, 0) and first.may_attack == ("guard",)
    m = m.halt("runner")   # the guard's blow felled it: it ends where it is
    assert m.done and m.position("runner") == Square(5, 0)


def test_two_characters_never_end_in_one_cell() -> None:
    """Seed 004, line 55, 3.2.1 (ours: blocking): Ann and Bob both plot to end on one cell; the first in the order
    keeps it, the other ends on the last free cell of its trace before it; a trace ending on a character who
    stands still ends short of it."""
    traces = [Trace("ann", Square(0, 0), row(1, 3)), Trace("bob", Square(6, 0), row(5, 3)),
              Trace("cat", Square(3, 3), (Square(3, 2), Square(3, 1))), Trace("dan", Square(3, 1))]
    m, steps = resolve(Movement.start(SQUARES, is_open, traces, {"ann": 3, "bob": 3, "cat": 2, "dan": 0}))
    assert m.positions() == {"ann": Square(3, 0), "bob": Square(4, 0), "cat": Square(3, 2), "dan": Square(3, 1)}


def test_those_after_a_noncombat_action_may_not_attack_at_their_end() -> None:
    """Seed 004, line 51, 3: characters who performed a noncombat action "cannot react to others' movement"."""
    traces = [Trace("ann", Square(0, 0)), Trace("bob", Square(5, 5), row(6, 8, 5))]
    m = Movement.start(SQUARES, is_open, traces, {"ann": 0, "bob": 3}, may_react=())
    _, first = m.step()
    assert first.ended == ("ann",) and first.may_attack == ()


def random_walk(grid: Grid[Any], start: Cell, turns: list[int]) -> tuple[Cell, ...]:
    cells: list[Cell] = []
    here = start
    for t in turns:
        here = grid.neighbours(here)[t % len(grid.neighbours(here))]
        cells.append(here)
    return tuple(cells)


movers = st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8), st.lists(st.integers(0, 7), max_size=8),
                            st.none() | st.tuples(st.integers(0, 5), st.integers(0, 2)),
                            st.none() | st.integers(0, 5)),
                  min_size=1, max_size=6, unique_by=lambda m: (m[0], m[1]))


@settings(max_examples=300, deadline=None)
@given(movers, st.booleans())
def test_everyone_ends_within_their_traces_in_at_most_one_step_each(spec: list[Any], hexes: bool) -> None:
    """Seed 004, lines 55-57, 3.2.1-3.2.3: the steps repeat "until all characters' movement is resolved": every
    character ends, in no more steps than there are characters; nobody goes past its trace (each position is a
    cell of its path, never going back but to end on a free cell); nobody ends on another's cell."""
    grid: Grid[Any] = HEXES if hexes else SQUARES
    ids = [f"m{i}" for i in range(len(spec))]
    traces = []
    for i, (x, y, turns, order, chase) in enumerate(spec):
        start = grid.offset_to_cell(x, y)
        stop = StopWithin(ids[order[0] % len(ids)], order[1]) if order is not None else None
        traces.append(Trace(ids[i], start, random_walk(grid, start, turns), stop=stop))
    allowances = {t.mover: len(t.cells) for t in traces}
    for i, (_, _, _, _, chase) in enumerate(spec):   # a chase: run to the chased start, then follow
        target = chase % len(ids) if chase is not None else i
        if target != i:
            lead = grid.line(traces[i].start, traces[target].start)[1:]
            traces[i] = Trace(ids[i], traces[i].start, lead, chase=ids[target])
            allowances[ids[i]] = len(lead) + 2 + 3
    paths = planned_paths(traces, allowances)
    m = Movement.start(grid, is_open, traces, allowances, may_react=ids)
    seen = {w: 0 for w in ids}
    for count in range(1, len(ids) + 1):
        m, step = m.step()
        assert step.ended and set(step.ended).isdisjoint(step.still_moving)
        for w in step.still_moving:   # movers are on their paths, never going back
            index = paths[w].index(step.positions[w], seen[w])
            assert index >= seen[w]
            seen[w] = index
        if m.done:
            break
    assert m.done and count <= len(ids)
    ends = m.positions()
    assert len(set(ends.values())) == len(ends)
    for w in ids:   # an end on the path is within the trace; off it only when every cell of the path was held
        assert ends[w] in paths[w] or all(c in ends.values() for c in paths[w])
