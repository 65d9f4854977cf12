"""The board as arrays (:class:`_Topology`, kept by the board for every encounter on it), line of effect,
and the threat area around a space."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from game.board import PLAIN, Board, Damage
from game.grid import Cell, GridKind, Hex, Square
from game.mechanics.tactics.memo import TacticsMemo
from game.mechanics.tactics.rules import Field, Piece, Sheet, TacticsRules
from game.mechanics.tactics.base import _memo, _twice_average, space, worst_danger


class _Topology:
    """A board as flat arrays over offset indices, with neighbour steps computed on demand.

    Index ``i`` is the cell at Tiled offset ``(ox + i % width, oy + i // width)``.
    Neighbour offsets depend only on the parity of the offset column and row,
    so they are taken from the grid once. On squares offsets are the cells'
    own coordinates, so a large creature's space is a block of offsets.
    """

    __slots__ = ("board", "grid", "is_square", "width", "height", "ox", "oy", "wall", "closed", "difficult",
                 "cut_corners", "_deltas",
                 "_cells", "_all_cells", "_cell_array", "_positions", "_steps", "_threats", "_areas", "_floods", "_free",
                 "sight", "blasts", "dangers", "_harms")

    def __init__(self, board: Board, rules: TacticsRules[Any, Any]) -> None:
        self.board = board
        self.grid = board.grid
        self.is_square = board.kind is GridKind.SQUARE
        self.width = board.width
        self.height = board.height
        self.ox, self.oy = board.origin
        count = self.width * self.height
        self.wall = bytearray(count)
        """Walls, by index: they block line of effect and nothing stands on them."""
        self.closed = bytearray(count)
        """Cells no space may hold, by index (``rules.passable``)."""
        self.difficult = bytearray(count)
        """Cells that cost 2 to enter, by index (``rules.enter_cost``)."""
        self.cut_corners = rules.cut_corners and self.is_square
        """A diagonal step may pass a wall corner."""
        if not rules.passable(PLAIN) or rules.enter_cost(PLAIN) != 1:
            raise ValueError("tactics rules: plain floor must be passable at a cost of 1")
        self.sight: dict[tuple[Cell, Cell], bool] = {}
        """Line of effect between two cells, memoised: it depends on walls only, which never change."""
        self.blasts: dict[tuple[type, tuple[Cell, ...], type, Cell, int], frozenset[Cell]] = {}
        """:func:`blast_cells` by (cell type, user's space, origin type, origin, size): see there."""
        self.dangers: dict[int, Damage] = {}
        """The damage of each dangerous cell, by index."""
        for cell, terrain in board.special_cells().items():
            i = self.index(cell)
            if i is None:
                continue
            if terrain.wall:
                self.wall[i] = 1
            if not rules.passable(terrain):
                self.closed[i] = 1
            else:
                cost = rules.enter_cost(terrain)
                if cost not in (1, 2):
                    raise ValueError(f"tactics rules: entering {terrain} costs {cost}; the searches take 1 or 2")
                if cost == 2:
                    self.difficult[i] = 1
            if terrain.damage is not None:
                self.dangers[i] = terrain.damage
        deltas: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
        for pc in (0, 1):
            for pr in (0, 1):
                base = self.grid.offset_to_cell(pc, pr)
                steps = []
                for near in self.grid.neighbours(base):
                    col, row = self.grid.cell_to_offset(near)
                    steps.append((col - pc, row - pr))
                deltas[(pc, pr)] = tuple(steps)
        self._deltas = deltas
        self._cells: list[Cell | None] = [None] * count
        self._all_cells: list[Cell] | None = None
        self._cell_array: npt.NDArray[np.object_] | None = None
        self._positions: npt.NDArray[np.intp] | None = None
        self._steps: dict[int, list[tuple[tuple[int, int], ...] | None]] = {}
        self._threats: dict[tuple[int, int, int], tuple[int, ...]] = {}
        self._areas: dict[tuple[int, int, int], frozenset[Cell]] = {}
        self._floods: dict[int, tuple[npt.NDArray[np.intp], npt.NDArray[np.bool_]]] = {}
        self._free: dict[int, bytes] = {}
        self._harms: dict[int, dict[int, int]] = {}

    def harms(self, size: int) -> dict[int, int]:
        """Per anchor of a ``size`` space that has dangerous terrain under it: twice the average damage of
        the terrain entering it deals (:func:`worst_danger`'s), an integer. Memoised per size (terrain never
        changes); empty when the board has no dangerous terrain."""
        got = self._harms.get(size)
        if got is None:
            got = {}
            dangers = self.dangers
            if dangers:
                for anchor in self.anchors_covering(dangers, size):
                    worst = worst_danger(dangers.get(k) for k in self.footprint(anchor, size))
                    if worst is not None:
                        got[anchor] = _twice_average(worst)
            self._harms[size] = got
        return got

    def index(self, cell: Cell) -> int | None:
        """The index of a board cell; None off the board (or for a cell of the other grid kind)."""
        if self.is_square:
            if type(cell) is not Square:
                return None
            c, r = cell.x - self.ox, cell.y - self.oy
        else:
            if type(cell) is not Hex:
                return None
            col, row = self.grid.cell_to_offset(cell)
            c, r = col - self.ox, row - self.oy
        if 0 <= c < self.width and 0 <= r < self.height:
            return r * self.width + c
        return None

    def cell(self, i: int) -> Cell:
        got = self._cells[i]
        if got is None:
            got = self.grid.offset_to_cell(self.ox + i % self.width, self.oy + i // self.width)
            self._cells[i] = got
        return got

    def cells(self) -> list[Cell]:
        """Every cell, by index (made once per board)."""
        got = self._all_cells
        if got is None:
            got = self._all_cells = [self.cell(i) for i in range(self.width * self.height)]
        return got

    def cell_array(self) -> npt.NDArray[np.object_]:
        """:meth:`cells` as a numpy array of objects, to pick many cells at once."""
        got = self._cell_array
        if got is None:
            got = self._cell_array = np.empty(self.width * self.height, dtype=np.object_)
            got[:] = self.cells()
        return got

    def positions(self, count: int) -> npt.NDArray[np.intp]:
        """At least ``0, 1, ..., count - 1`` (kept and grown: every flood needs the same ranges)."""
        got = self._positions
        if got is None or len(got) < count:
            got = self._positions = np.arange(max(count, 2 * len(got) if got is not None else 0), dtype=np.intp)
        return got

    def space_indices(self, anchor: Cell, size: int) -> list[int]:
        """Indices of the cells of a ``size`` space anchored at ``anchor`` that lie on the board."""
        if size == 1 or not self.is_square:
            i = self.index(anchor)
            return [] if i is None else [i]
        assert isinstance(anchor, Square)
        w, h = self.width, self.height
        c0, r0 = anchor.x - self.ox, anchor.y - self.oy
        return [(r0 + dy) * w + c0 + dx for dy in range(size) for dx in range(size)
                if 0 <= c0 + dx < w and 0 <= r0 + dy < h]

    def threatened(self, state: Field[Any], creature: Piece, size: int, reach: int) -> tuple[int, ...]:
        """Indices of :func:`threatened_cells` for a creature that can react, with its space's side and reach.

        Memoised by anchor, side and reach: past that, threat depends on walls only.
        """
        anchor = self.index(creature.cell)
        key = (-1 if anchor is None else anchor, size, reach)
        got = self._threats.get(key) if anchor is not None else None
        if got is None:
            found = (self.index(cell) for cell in self.threat_area(state, creature, size, reach))
            got = tuple(sorted(i for i in found if i is not None))
            if anchor is not None:
                self._threats[key] = got
        return got

    def threat_area(self, state: Field[Any], creature: Piece, size: int, reach: int) -> frozenset[Cell]:
        """:func:`_threat_area` of the creature's space (``size`` its side), memoised by anchor, side and reach
        (past that it depends on walls only): the same frozenset, built once."""
        anchor = self.index(creature.cell)
        if anchor is None:
            return _threat_area(state, space(state, creature), reach)
        key = (anchor, size, reach)
        got = self._areas.get(key)
        if got is None:
            got = self._areas[key] = _threat_area(state, space(state, creature), reach)
        return got

    def flood_tables(self, size: int) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.bool_]]:
        """For :func:`distance_field`: every anchor's legal steps and which anchors cost 2 to enter.

        ``steps[i, k]`` is the anchor a ``size`` creature reaches from ``i`` by
        the grid's ``k``-th neighbour step (:meth:`steps`' rules: the new space
        on the board and wall-free, no wall corner cut on squares), or ``n``
        (the number of cells: a sentinel, never free) where that step is
        illegal. ``hard[j]``: entering ``j`` costs 2. Both have a row for the
        sentinel. Built with numpy from the wall and difficult arrays.
        """
        got = self._floods.get(size)
        if got is None:
            w, h = self.width, self.height
            n = w * h
            wall = np.frombuffer(bytes(self.closed), dtype=np.uint8).reshape(h, w) != 0
            difficult = np.frombuffer(bytes(self.difficult), dtype=np.uint8).reshape(h, w) != 0
            # free[r + 1, c + 1]: the space anchored at offset (c, r) is on the board and wall-free;
            # a margin of one anchor all round (never free) keeps the shifts below inside the array
            free = np.zeros((h + 2, w + 2), dtype=np.bool_)
            whole = np.ones((h, w), dtype=np.bool_)
            hard = np.zeros((h, w), dtype=np.bool_)
            for dy in range(size):
                for dx in range(size):
                    part = np.zeros((h, w), dtype=np.bool_)
                    part[:h - dy, :w - dx] = ~wall[dy:, dx:]
                    whole &= part
                    hard[:h - dy, :w - dx] |= difficult[dy:, dx:]
            free[1:h + 1, 1:w + 1] = whole
            rows = np.arange(h, dtype=np.intp)[:, None]
            cols = np.arange(w, dtype=np.intp)[None, :]
            degree = len(self._deltas[(0, 0)])
            table = np.full((h, w, degree), n, dtype=np.intp)
            for (pc, pr), deltas in self._deltas.items():
                here = ((self.ox + cols) & 1 == pc) & ((self.oy + rows) & 1 == pr)
                for k, (dc, dr) in enumerate(deltas):
                    ok = here & free[1 + dr:1 + dr + h, 1 + dc:1 + dc + w]
                    if self.is_square and dc and dr and not self.cut_corners:
                        ok = ok & free[1:1 + h, 1 + dc:1 + dc + w] & free[1 + dr:1 + dr + h, 1:1 + w]
                    table[:, :, k] = np.where(ok, (rows + dr) * w + cols + dc, table[:, :, k])
            steps = np.concatenate((table.reshape(n, degree), np.full((1, degree), n, dtype=np.intp)))
            got = (steps, np.append(hard.ravel(), False))
            self._floods[size] = got
        return got

    def footprint(self, i: int, size: int) -> list[int]:
        """Indices of the space of an anchor; cells hanging off the board's right or bottom edge are
        left out (they are no cell at all, not the next row's first cells)."""
        if size == 1:
            return [i]
        w, h = self.width, self.height
        c, r = i % w, i // w
        return [(r + dy) * w + c + dx for dy in range(min(size, h - r)) for dx in range(min(size, w - c))]

    def anchors_covering(self, cells: Iterable[int], size: int) -> set[int]:
        """Anchor indices whose ``size`` space would include any of ``cells``."""
        if size == 1:
            return set(cells)
        w, h = self.width, self.height
        out: set[int] = set()
        for i in cells:
            c, r = i % w, i // w
            for dy in range(size):
                for dx in range(size):
                    if 0 <= c - dx < w and 0 <= r - dy < h:
                        out.add((r - dy) * w + (c - dx))
        return out

    def _space_free(self, col: int, row: int, size: int) -> bool:
        """Every cell of the space anchored at offset ``(col, row)`` is on the board and not a wall."""
        w, h, wall = self.width, self.height, self.closed
        c0, r0 = col - self.ox, row - self.oy
        for dy in range(size):
            r = r0 + dy
            if not 0 <= r < h:
                return False
            for dx in range(size):
                c = c0 + dx
                if not 0 <= c < w or wall[r * w + c]:
                    return False
        return True

    def free_anchors(self, size: int) -> bytes:
        """``free[i]``: the ``size`` space anchored at index ``i`` is on the board and wall-free.

        Memoised per size: it depends on walls only, which never change.
        """
        got = self._free.get(size)
        if got is None:
            w, ox, oy = self.width, self.ox, self.oy
            got = self._free[size] = bytes(self._space_free(ox + i % w, oy + i // w, size)
                                           for i in range(w * self.height))
        return got

    def step_table(self, size: int) -> list[tuple[tuple[int, int], ...] | None]:
        """The memo of :meth:`steps` for one creature size (None: not computed yet)."""
        table = self._steps.get(size)
        if table is None:
            table = [None] * (self.width * self.height)
            self._steps[size] = table
        return table

    def steps(self, i: int, size: int) -> tuple[tuple[int, int], ...]:
        """``(anchor index, cost)`` of every legal step of a ``size`` creature from anchor ``i``.

        Legal: the new space is on the board and wall-free, and (squares) a
        diagonal does not cut a wall corner. Cost 2 if any cell of the new
        space is difficult. Creatures are the caller's business.
        """
        table = self.step_table(size)
        got = table[i]
        if got is not None:
            return got
        w = self.width
        col, row = self.ox + i % w, self.oy + i // w
        out: list[tuple[int, int]] = []
        for dc, dr in self._deltas[(col & 1, row & 1)]:
            c2, r2 = col + dc, row + dr
            if not self._space_free(c2, r2, size):
                continue
            if self.is_square and dc and dr and not self.cut_corners and not (
                    self._space_free(col + dc, row, size) and self._space_free(col, row + dr, size)):
                continue
            j = (r2 - self.oy) * w + (c2 - self.ox)
            hard = any(self.difficult[k] for k in self.footprint(j, size))
            out.append((j, 2 if hard else 1))
        result = tuple(out)
        table[i] = result
        return result


class _Kept:
    """What tactics keeps in an encounter's memo besides the memo's own typed tables (``memo.kept``)."""

    __slots__ = ("topology",)

    def __init__(self) -> None:
        self.topology: _Topology | None = None
        """The board as arrays: the board's own (``Board.derived``), shared by the encounters on it; here
        for quick access."""


def _kept(memo: TacticsMemo) -> _Kept:
    return memo.kept("tactics.kept", _Kept)


def _topology(state: Field[Any]) -> _Topology:
    """The state's board as arrays, kept in its memo (a board never changes once built)."""
    kept = _kept(_memo(state))
    got = kept.topology
    if got is None:
        # The arrays depend on the board and the rules alone and hold nothing of an encounter: the board
        # keeps them (``Board.derived``), so every encounter on it shares them, and they go with the board.
        board, rules = state.board, state.tactics_rules
        key = (_Topology, rules)
        known = board.derived.get(key)
        if not isinstance(known, _Topology):
            known = board.derived[key] = _Topology(board, rules)
        got = kept.topology = known
    return got


def _sheet(memo: TacticsMemo, sheet: Sheet) -> tuple[object, int, int]:
    """``(sheet, side of its square space, threat reach)``; sheets are frozen, so this is memoised in the
    encounter's memo (``memo.sheets``: the hot loops below read it directly, without a call, and an entry
    that holds the sheet beside its answers saves them an index)."""
    table = memo.sheets
    got = table.get(id(sheet))
    if got is None or got[0] is not sheet:
        assert memo.rules is not None
        got = table[id(sheet)] = (sheet, max(1, sheet.size), memo.rules.threat_reach(sheet))
    return got


def _threat_area(state: Field[Any], space: Sequence[Cell], reach: int) -> frozenset[Cell]:
    """The board cells, walls excluded, within ``reach`` of ``space`` and not in it (beyond 1: in line of effect)."""
    board = state.board
    grid = board.grid
    seen: set[Cell] = set(space)
    out: set[Cell] = set()
    for origin in space:
        for cell in grid.within(origin, reach):
            if cell in seen:
                continue
            seen.add(cell)
            if cell not in board or board.is_wall(cell):
                continue
            if reach > 1 and not any(line_of_effect(state, s, cell) for s in space):
                continue
            out.add(cell)
    return frozenset(out)


def line_of_effect(state: Field[Any], a: Cell, b: Cell) -> bool:
    """Whether no wall lies strictly between ``a`` and ``b`` on the grid's line (off-board cells do not block)."""
    topo = _topology(state)
    memo = topo.sight
    known = memo.get((a, b))
    if known is None:
        index, wall = topo.index, topo.wall
        known = True
        for cell in topo.grid.line(a, b)[1:-1]:
            i = index(cell)
            if i is not None and wall[i]:
                known = False
                break
        if len(memo) > 1_000_000:
            memo.clear()
        # both ways: line(b, a) is line(a, b) reversed (both grids promise it, tests/grid check it)
        memo[(a, b)] = memo[(b, a)] = known
    return known


def sight_memo(state: Field[Any]) -> dict[tuple[Cell, Cell], bool]:
    """What :func:`line_of_effect` has worked out on ``state``'s board so far, by ``(a, b)``: a hot loop
    reads it first and calls ``line_of_effect`` only on a miss (the same answers; never write to it)."""
    return _topology(state).sight


def _sees(state: Field[Any], space: Sequence[Cell], cell: Cell) -> bool:
    return any(line_of_effect(state, s, cell) for s in space)
