"""Walking distances over the whole map (:class:`DistanceField`), and to a few cells."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from game.board import Board
from game.grid import Cell, Hex, Square
from game.mechanics.tactics.rules import Field, Piece
from game.mechanics.tactics.base import _size
from game.mechanics.tactics.topology import _Topology, _topology
from game.mechanics.tactics.crowd import _Surroundings, _enemy_anchors


class DistanceField(Mapping[Cell, int]):
    """A distance field as a read-only mapping Cell -> movement cost, over the flood's arrays.

    A lazy view (like python-chess's legal moves): no dict of every cell is built; a lookup turns the
    cell into its board index and reads the cost. Iteration gives the cells in settling order.
    """

    __slots__ = ("_topo", "_order", "_cost")

    def __init__(self, topo: _Topology, order: list[int], cost: list[int]) -> None:
        self._topo = topo
        self._order = order
        """Board indices of the reached cells, in settling order."""
        self._cost = cost
        """Cost per board index; -1 where not reached."""

    def __getitem__(self, cell: Cell) -> int:
        i = self._topo.index(cell)
        if i is None or self._cost[i] < 0:
            raise KeyError(cell)
        return self._cost[i]

    def __contains__(self, cell: object) -> bool:
        i = self._topo.index(cell) if isinstance(cell, (Square, Hex)) else None
        return i is not None and self._cost[i] >= 0

    def get(self, cell: Cell, default: int | None = None) -> int | None:  # type: ignore[override]
        i = self._topo.index(cell)
        if i is None or self._cost[i] < 0:
            return default
        return self._cost[i]

    def __iter__(self) -> Iterator[Cell]:
        cell = self._topo.cell
        return (cell(i) for i in self._order)

    def __len__(self) -> int:
        return len(self._order)

    def __repr__(self) -> str:
        return f"DistanceField({len(self)} cells)"


def distance_field(state: Field[Any], creature: Piece) -> Mapping[Cell, int]:
    """The movement cost from ``creature`` to every anchor cell it could reach, whole map, no budget.

    The movement rules of :func:`reachable` (walls, wall corners, enemies block,
    difficult terrain costs 2) without conditions, budget or provocation.
    Includes the start (0) and cells the creature can only pass through.
    Cells come in the order a Dijkstra settles them: by cost, then in the
    order found (each cost's cells entered by a 2-step first, then the rest,
    each in the order of the cells they were first reached from and of the
    grid's neighbours). On large boards the answer is a :class:`DistanceField`
    view over the flood's arrays rather than a dict of every cell.
    """
    topo = _topology(state)
    start = topo.index(creature.cell)
    if start is None:
        return {}
    size = _size(state, creature)
    n = topo.width * topo.height
    if n < _FLOOD_ARRAYS_FROM:
        return _dial(state, topo, creature, start, size)
    steps, hard = topo.flood_tables(size)
    # Step costs depend only on the anchor entered, so the first time a cell is reached is the
    # cheapest: a breadth-first flood in layers of equal cost, a cell costing 2 to enter joining
    # the layer after next. Each layer is one numpy pass over its cells' neighbour rows; a cell
    # keeps its first occurrence there (in the order of the layer, then of the grid's neighbours),
    # which is the order in which a bucket-queue Dijkstra would find it.
    mark = np.full(n + 1, np.iinfo(np.intp).max, dtype=np.intp)  # the first position seen; -1: done
    mark[n] = -1
    mark[_enemy_anchors(state, topo, creature, size)] = -1
    mark[start] = -1
    positions = topo.positions(64)
    first_at = np.minimum.at
    layers: list[npt.NDArray[np.intp]] = []
    layer = np.array([start], dtype=np.intp)
    later = layer[:0]  # cells costing 2 to enter, reached from the layer before
    while len(layer) or len(later):
        layers.append(layer)
        reached = steps.take(layer, axis=0).ravel()  # take: quicker than fancy indexing for whole rows
        if len(reached) > len(positions):
            positions = topo.positions(len(reached))
        mine = positions[:len(reached)]
        first_at(mark, reached, mine)
        reached = reached[mark[reached] == mine]
        if len(reached):
            mark[reached] = -1
            costly = hard[reached]
            layer = np.concatenate((later, reached[~costly]))
            later = reached[costly]
        else:
            layer, later = later, later[:0]
    order = np.concatenate(layers)
    cost = np.full(n, -1, dtype=np.intp)
    cost[order] = np.repeat(np.arange(len(layers), dtype=np.intp), [len(x) for x in layers])
    return DistanceField(topo, order.tolist(), cost.tolist())


_FLOOD_ARRAYS_FROM = 2500
"""From this many board cells on, :func:`distance_field` floods with numpy (below, plain Python is quicker)."""


def distances_to(state: Field[Any], creature: Piece, cells: Iterable[Cell], *,
                 nearest: bool = False, until: Cell | None = None) -> dict[Cell, int]:
    """``distance_field``'s cost of each of ``cells`` that it reaches (the others are left out).

    On small boards the flood stops as soon as every one of ``cells`` it can
    reach is settled (a Dijkstra's costs are final once settled), rather than
    flooding the whole map for a few answers.

    Two ways to ask for less, each leaving out (some of) the cells that cost
    more than a threshold; every cell in the answer still has its true cost:

    * ``nearest``: only the cheapest of ``cells`` are sure to be there (all
      of those at the least cost);
    * ``until``: only those of ``cells`` that cost less than ``until`` (a
      cell) are sure to be there, with ``until`` itself (when reached).
    """
    wanted = list(cells)
    topo = _topology(state)
    start = topo.index(creature.cell)
    if start is None:
        return {}
    if topo.width * topo.height >= _FLOOD_ARRAYS_FROM:
        field = distance_field(state, creature)
        if until is not None:
            wanted.append(until)
        return {c: field[c] for c in wanted if c in field}
    indices = {i for i in map(topo.index, wanted) if i is not None}
    stop = None if until is None else topo.index(until)
    if stop is not None:
        indices.add(stop)
    found = _dial(state, topo, creature, start, _size(state, creature), indices, nearest=nearest, stop=stop)
    out = {c: found[c] for c in wanted if c in found}
    if until is not None and until in found:
        out[until] = found[until]
    return out


def _dial(state: Field[Any], topo: _Topology, creature: Piece, start: int, size: int,
          wanted: set[int] | None = None, *, nearest: bool = False, stop: int | None = None) -> dict[Cell, int]:
    """:func:`distance_field` in plain Python: Dijkstra with a bucket queue (Dial's algorithm), step costs 1 or 2.

    With ``wanted`` (board indices): only those cells, and the flood stops once all it can reach are settled;
    with ``nearest`` too, once the bucket where the first of them settles is done (every step costs at least
    1, so that bucket held all the cells of that cost from its start); with ``stop`` (one of them), as soon
    as that cell settles (the cells of lower cost are settled before it).
    """
    table = topo.step_table(size)
    compute = topo.steps
    unseen = 1 << 30
    best = [unseen] * (topo.width * topo.height)
    for i in _Surroundings(state, topo, creature, creature.cell, None, threats=False).blocked:
        best[i] = -1  # never improved, never entered
    best[start] = 0
    left: set[int] | None = None
    if wanted is not None:
        # a blocked anchor, or one whose space is off the board or on a wall, is never settled
        free = topo.free_anchors(size)
        left = {i for i in wanted if i == start or best[i] != -1 and free[i]}
    order: list[int] = []
    # A step's cost depends only on the anchor entered, so the first time a cell is reached is the
    # cheapest (every later reach starts from a bucket no cheaper): each cell joins one bucket, once.
    # Steps cost 1 or 2, so only the buckets of this cost and the next two are ever open.
    current: list[int] = [start]
    upcoming: list[int] = []
    cost = 0
    done = False
    while current or upcoming:
        if done or left is not None and not left:
            break
        after: list[int] = []
        for here in current:
            order.append(here)
            if left is not None:
                if here in left:
                    left.discard(here)
                    if here == stop:
                        done = True
                        break
                    if nearest:
                        done = True  # this bucket is finished first: the others of the same cost
                if not left:
                    break
            if done:
                continue  # no later bucket is looked at: nothing to relax
            moves = table[here]
            if moves is None:
                moves = compute(here, size)
            for there, step in moves:
                if best[there] == unseen:
                    best[there] = cost + step
                    (upcoming if step == 1 else after).append(there)
        cost += 1
        current, upcoming = upcoming, after
    cells = topo.cells()
    if wanted is not None:
        return {cells[i]: best[i] for i in order if i in wanted}
    return {cells[i]: best[i] for i in order}
