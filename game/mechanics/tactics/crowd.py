"""Where the creatures stand, as arrays (:class:`_Crowd`), who is near a cell, and a mover's surroundings
(:class:`_Surroundings`: blocking, threat, danger) for the searches."""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter
from typing import Any

import numpy as np
import numpy.typing as npt

from game.grid import Cell, Hex, Square
from game.mechanics.tactics.memo import TacticsMemo
from game.mechanics.tactics.rules import Blocking, Field, Piece, PieceId, Sheet
from game.mechanics.tactics.base import _NO_IDS, _memo, _ranks, _size
from game.mechanics.tactics.topology import _Topology, _sheet


_CELL_OF = attrgetter("cell")


_SHEET_OF = attrgetter("template")


_SIDE_OF = attrgetter("side")


_DEAD_OF = attrgetter("dead")


_ID_OF = attrgetter("id")


_PREFILTER_FROM = 48
"""From this many creatures on, queries find the creatures near a cell with :class:`_Crowd`'s arrays."""


class _Crowd:
    """Where a state's creatures stand, as arrays: valid while the list of cells and sheets is the same.

    Only positions and sizes are kept: whether a creature is dead, its side
    and its conditions are read afresh by every query. ``index[k]`` is the
    board index of creature ``k``'s anchor (-1 off the board); ``big`` lists
    the creatures whose space is more than one cell; ``extent`` is the
    largest extra size plus opportunity reach, to bound "near".
    """

    __slots__ = ("topo", "cells", "sheets", "sides", "a", "b", "index", "big", "extent")

    def __init__(self, memo: TacticsMemo, topo: _Topology, cells: list[Cell], sheets: list[Sheet]) -> None:
        self.topo = topo
        self.cells = cells
        self.sheets = sheets
        count = len(cells)
        extent = 0
        big: list[int] = []
        for k, sheet in enumerate(sheets):
            _, side, reach = _sheet(memo, sheet)
            if not topo.is_square:
                side = 1
            if side > 1:
                big.append(k)
            extent = max(extent, side - 1 + reach)
        self.big = big
        self.sides = [_sheet(memo, sheets[k])[1] for k in big]
        """The side of each of :attr:`big`'s spaces."""
        self.extent = extent
        kind = Square if topo.is_square else Hex
        a: npt.NDArray[np.int64] | None = None
        b: npt.NDArray[np.int64] | None = None
        if all(type(c) is kind for c in cells):
            first, second = ("x", "y") if topo.is_square else ("q", "r")
            a = np.fromiter(map(attrgetter(first), cells), dtype=np.int64, count=count)
            b = np.fromiter(map(attrgetter(second), cells), dtype=np.int64, count=count)
        self.a, self.b = a, b
        if a is not None and b is not None and topo.is_square:
            col, row = a - topo.ox, b - topo.oy
            inside = (col >= 0) & (col < topo.width) & (row >= 0) & (row < topo.height)
            self.index = np.where(inside, row * topo.width + col, -1).astype(np.intp)
        else:
            self.index = np.fromiter((-1 if i is None else i for i in map(topo.index, cells)),
                                     dtype=np.intp, count=count)

    def near(self, centre: Cell, bound: int) -> npt.NDArray[np.intp] | None:
        """Positions of the creatures whose anchor is within ``bound`` of ``centre`` (None: cannot tell)."""
        a, b = self.a, self.b
        if a is None or b is None:
            return None
        if isinstance(centre, Square) and self.topo.is_square:
            dx, dy = a - centre.x, b - centre.y
            return np.flatnonzero(np.maximum(np.abs(dx), np.abs(dy)) <= bound)
        if isinstance(centre, Hex) and not self.topo.is_square:
            dq, dr = a - centre.q, b - centre.r
            return np.flatnonzero(np.abs(dq) + np.abs(dr) + np.abs(dq + dr) <= 2 * bound)
        return None


def _crowds(memo: TacticsMemo) -> list[_Crowd]:
    """The last few :class:`_Crowd` of an encounter (where the creatures stand, as arrays), newest first."""
    got: list[_Crowd] = memo.kept("tactics.crowds", list)
    return got


def _crowd(state: Field[Any], topo: _Topology) -> tuple[_Crowd, list[Piece]]:
    """The state's :class:`_Crowd` (remade when a creature moved, came, went or changed sheet) and its creatures."""
    creatures = list(state.creatures.values())
    cells = list(map(_CELL_OF, creatures))
    sheets = list(map(_SHEET_OF, creatures))
    memo = _memo(state)
    crowds = _crowds(memo)
    for crowd in crowds:
        # list == list compares items by identity first: unmoved creatures cost next to nothing
        if crowd.topo is topo and crowd.cells == cells and crowd.sheets == sheets:
            return crowd, creatures
    crowd = _Crowd(memo, topo, cells, sheets)
    crowds.insert(0, crowd)
    del crowds[4:]
    return crowd, creatures


def _nearby(state: Field[Any], topo: _Topology, centre: Cell, radius: int, size: int) -> list[Piece]:
    """The creatures, in order, whose anchor may lie within ``radius`` plus any reach and size of ``centre``.

    A cheap filter that keeps at least every creature the exact test in
    :class:`_Surroundings` keeps (anchors farther than ``radius`` plus the
    mover's and the largest creature's extra size plus the longest reach
    cannot matter).
    """
    if len(state.creatures) < _PREFILTER_FROM:
        return list(state.creatures.values())
    crowd, creatures = _crowd(state, topo)
    near = crowd.near(centre, radius + size - 1 + crowd.extent)
    if near is None:
        return creatures
    return [creatures[k] for k in near.tolist()]


def _enemy_anchors(state: Field[Any], topo: _Topology, mover: Piece, size: int) -> npt.NDArray[np.intp]:
    """Every anchor a ``size`` mover cannot enter because a living creature that blocks it (the rules'
    ``blocking``: seed 000, an enemy) fills a cell of it (may repeat)."""
    crowd, creatures = _crowd(state, topo)
    count = len(creatures)
    side = mover.side
    blocking = state.tactics_rules.blocking
    if blocking is Blocking.ENEMIES:
        enemy = np.fromiter(map(side.__ne__, map(_SIDE_OF, creatures)), dtype=np.bool_, count=count)
    else:
        enemy = np.full(count, blocking is Blocking.OTHERS, dtype=np.bool_)
    enemy &= ~np.fromiter(map(_DEAD_OF, creatures), dtype=np.bool_, count=count)
    ids = list(map(_ID_OF, creatures))
    k = -1
    while mover.id in ids[k + 1:]:
        k = ids.index(mover.id, k + 1)
        enemy[k] = False
    cells: list[npt.NDArray[np.intp]] = []
    if crowd.big:
        alone = enemy.copy()
        alone[crowd.big] = False
        extra = [i for k, span in zip(crowd.big, crowd.sides) if enemy[k]
                 for i in topo.space_indices(crowd.cells[k], span)]
        cells.append(np.array(extra, dtype=np.intp))
        enemy = alone
    found = crowd.index[enemy]
    cells.append(found[found >= 0])
    filled = np.concatenate(cells) if len(cells) > 1 else cells[0]
    if size == 1 or not len(filled):
        return filled
    w = topo.width
    col, row = filled % w, filled // w
    anchors = []
    for dy in range(size):
        for dx in range(size):
            ok = (col >= dx) & (row >= dy)
            anchors.append(filled[ok] - dy * w - dx)
    return np.concatenate(anchors)


class _Surroundings:
    """Who is near a mover: blocked anchors, occupied anchors and threats, as indices.

    Only creatures that can matter within ``radius`` steps of ``centre`` are
    looked at (``radius`` None: the whole map), so a query costs what the
    explored area holds, plus one cheap pass over the creature list.
    Threatening enemies (those that can react, with reach, near enough) are
    numbered in initiative order; :meth:`leave_mask` gives who leaving an
    anchor provokes as a bit mask over those numbers.
    """

    __slots__ = ("topo", "size", "ranks", "blocked", "occupied", "threat", "masks", "count", "_leaving")

    def __init__(self, state: Field[Any], topo: _Topology, mover: Piece, centre: Cell,
                 radius: int | None, threats: bool) -> None:
        self.topo = topo
        size = self.size = _size(state, mover)
        square = topo.is_square
        grid = state.board.grid
        mover_id, mover_side = mover.id, mover.side
        grow = size - 1
        cx = cy = 0
        if isinstance(centre, Square):
            cx, cy = centre.x, centre.y
        memo = _memo(state)
        sheets = memo.sheets
        rules = state.tactics_rules
        blocking = rules.blocking
        block_enemies, block_all = blocking is Blocking.ENEMIES, blocking is Blocking.OTHERS
        enemy_cells: list[int] = []
        other_cells: list[int] = []
        threatening: list[tuple[Piece, int, int]] = []
        space_indices = topo.space_indices
        everyone = list(state.creatures.values()) if radius is None else _nearby(state, topo, centre, radius, size)
        for other in everyone:
            if other.dead or other.id == mover_id:
                continue
            sheet = other.template
            info = sheets.get(id(sheet))
            if info is None or info[0] is not sheet:
                info = _sheet(memo, sheet)
            osize = info[1] if square else 1
            at = other.cell
            if radius is None:
                near = 0
            else:
                if isinstance(at, Square):
                    near = max(abs(at.x - cx), abs(at.y - cy))
                else:
                    near = grid.distance(centre, at)
                near -= grow + osize - 1
            enemy = other.side != mover_side
            if radius is None or near <= radius:
                here = space_indices(at, osize)
                other_cells += here
                if block_all or enemy and block_enemies:
                    enemy_cells += here
            if threats and enemy:
                reach = info[2]
                if reach and (radius is None or near <= radius + reach) and rules.can_threaten(other):
                    threatening.append((other, osize, reach))
        self.blocked = topo.anchors_covering(enemy_cells, size)
        self.occupied = topo.anchors_covering(other_cells, size)
        threat: dict[int, list[PieceId]] = {}
        masks: dict[int, int] = {}
        ranks: dict[PieceId, int] = {}
        if threatening:
            ranks = _ranks(state)
            threatening.sort(key=lambda t: ranks[t[0].id])
            for bit, (enemy_creature, osize, reach) in enumerate(threatening):
                flag = 1 << bit
                for i in topo.threatened(state, enemy_creature, osize, reach):
                    ids = threat.get(i)
                    if ids is None:
                        threat[i] = [enemy_creature.id]
                        masks[i] = flag
                    else:
                        ids.append(enemy_creature.id)
                        masks[i] |= flag
        self.ranks = ranks
        self.threat = threat
        self.masks = masks
        self.count = len(threatening)
        self._leaving: dict[int, tuple[tuple[PieceId, ...], frozenset[PieceId]]] = {}

    def leave_mask(self, anchor: int) -> int:
        """Who a move provokes by leaving ``anchor``, as a bit mask over the threatening enemies."""
        masks = self.masks
        if not masks:
            return 0
        if self.size == 1:
            return masks.get(anchor, 0)
        out = 0
        for k in self.topo.footprint(anchor, self.size):
            out |= masks.get(k, 0)
        return out

    def leaving(self, anchor: int) -> tuple[tuple[PieceId, ...], frozenset[PieceId]]:
        """Who a move provokes by leaving ``anchor``: in order, and as a set."""
        got = self._leaving.get(anchor)
        if got is None:
            ordered: list[PieceId] = []
            if self.threat:
                for k in self.topo.footprint(anchor, self.size):
                    for cid in self.threat.get(k, ()):
                        if cid not in ordered:
                            ordered.append(cid)
            if len(ordered) > 1 and self.size > 1:
                ordered.sort(key=self.ranks.__getitem__)  # several cells' lists: back to initiative order
            got = (tuple(ordered), frozenset(ordered) if ordered else _NO_IDS)
            self._leaving[anchor] = got
        return got


def _order_merged(state: Field[Any], ids: Iterable[PieceId]) -> tuple[PieceId, ...]:
    ranks = _ranks(state)
    return tuple(sorted(set(ids), key=lambda cid: ranks[cid]))
