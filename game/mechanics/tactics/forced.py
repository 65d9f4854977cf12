"""Forced movement: where a push, pull or slide may put its target, with what each landing means."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from game.grid import Cell, Hex, Square
from game.mechanics.tactics.rules import Field, Piece
from game.mechanics.tactics.base import ForcedKind, ForcedOptions, Landing, _size, space_at
from game.mechanics.tactics.topology import _topology
from game.mechanics.tactics.flanking import _flank_status, _occupancy_near


def forced_candidates(state: Field[Any], target: Piece, source: Cell | Collection[Cell],
                      kind: ForcedKind, distance: int) -> ForcedOptions:
    """Every cell a push, pull or slide of up to ``distance`` steps can leave ``target`` on.

    Push: each step ends farther from the source; pull: each step nearer;
    slide: any direction. The distance is a maximum; no step enters a wall
    (a cell the rules make impassable) or an occupied cell; forced movement
    provokes nothing and ignores difficult terrain (seed 000's DESIGN.md
    rulings, the same in every ruleset that pushes). ``source`` is a cell or
    a creature's whole space; distances are between the nearest cells.
    """
    empty = ForcedOptions({}, tuple(frozenset() for _ in range(max(0, distance))))
    topo = _topology(state)
    start = topo.index(target.cell)
    if start is None or distance <= 0 or target.dead:
        return empty
    grid = state.board.grid
    sources: tuple[Cell, ...] = (source,) if isinstance(source, (Square, Hex)) else tuple(source)
    size = _size(state, target)
    occupied = _occupancy_near(state, target.cell, distance + 2 * size + 4, exclude=target.id)
    occupied_idx = {i for i in (topo.index(c) for c in occupied) if i is not None}
    blocked = topo.anchors_covering(occupied_idx, size)
    gaps: dict[int, int] = {}

    def gap(anchor: int) -> int:
        got = gaps.get(anchor)
        if got is None:
            got = min(grid.distance(s, topo.cell(k)) for k in topo.footprint(anchor, size) for s in sources)
            gaps[anchor] = got
        return got

    paths: dict[int, tuple[int, ...]] = {start: ()}
    last_layer: dict[int, int] = {}
    layers: list[frozenset[Cell]] = []
    frontier = [start]
    for k in range(1, distance + 1):
        reached: dict[int, None] = {}
        for here in frontier:
            for there, _ in topo.steps(here, size):
                if there in blocked or there in reached:
                    continue
                if kind is ForcedKind.PUSH and not gap(there) > gap(here):
                    continue
                if kind is ForcedKind.PULL and not gap(there) < gap(here):
                    continue
                reached[there] = None
                if there not in paths:
                    paths[there] = paths[here] + (there,)
        for there in reached:
            last_layer[there] = k
        layers.append(frozenset(topo.cell(i) for i in reached if i != start))
        frontier = list(reached)
    finals: dict[Cell, Landing] = {}
    board = state.board
    for anchor, path in paths.items():
        if anchor == start:
            continue
        cell = topo.cell(anchor)
        space = space_at(state, target, cell)
        flanked, flanking = _flank_status(state, target, space, occupied)
        finals[cell] = Landing(
            cell=cell, steps=len(path), max_steps=last_layer[anchor],
            path=tuple(topo.cell(i) for i in path),
            dangerous=any(board.damage_at(c) is not None for c in space),
            flanked=flanked, flanking=flanking,
        )
    return ForcedOptions(finals, tuple(layers))
