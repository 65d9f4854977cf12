"""Movement: the cells a creature can reach with their cheapest and safest paths, routes through stops,
the cost and the provokers of a path."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.grid import Cell
from game.mechanics.tactics.memo import TacticsMemo
from game.mechanics.tactics.rules import Field, Piece, PieceId
from game.mechanics.tactics.base import Route, _check_mode, _memo
from game.mechanics.tactics.topology import _Topology, _topology
from game.mechanics.tactics.crowd import _Surroundings


def can_move(state: Field[Any], creature: Piece, mode: str = "move") -> bool:
    """Whether ``creature`` may move in ``mode`` at all, by the state's rules (seed 000: not prone,
    immobilized, or unable to act; the same for every mode)."""
    return not creature.dead and state.tactics_rules.can_move(creature, mode)


class _Label:
    """One path in the search: its cost, the enemies it provoked (a bit mask), the dangerous terrain it
    entered, where it is, how it came.

    ``path`` and ``named`` (the provokers in the order provoked) are filled in
    once the search is over, for the labels a route needs.
    """

    __slots__ = ("cost", "provoked", "harm", "at", "parent", "alive", "seq", "path", "named")

    def __init__(self, cost: int, provoked: int, harm: int, at: int, parent: _Label | None, seq: int) -> None:
        self.cost = cost
        self.provoked = provoked
        self.harm = harm
        """Twice the average damage of the dangerous terrain entered on the way."""
        self.at = at
        self.parent = parent
        self.alive = True
        self.seq = seq
        self.path: tuple[Cell, ...] | None = None
        self.named: tuple[PieceId, ...] = ()


def _routes(memo: TacticsMemo) -> list[tuple[tuple[object, ...], dict[Cell, Route]]]:
    """The last answers of :func:`reachable` for an encounter, newest first, each with everything it came
    from."""
    got: list[tuple[tuple[object, ...], dict[Cell, Route]]] = memo.kept("tactics.routes", list)
    return got


def reachable(state: Field[Any], creature: Piece, mode: str = "move",
              budget: int | None = None) -> dict[Cell, Route]:
    """Every cell ``creature`` can end a move (or shift) on, with the cheapest and the safest route.

    ``budget`` defaults to ``creature.speed()`` for a move and 1 for a shift.
    The start is not a key; cells it can only pass through (allies) are not
    keys either, but paths may cross them. See the module's rulings.
    """
    rules = _check_mode(state, mode)
    if not can_move(state, creature, mode):
        return {}
    if budget is None:
        budget = rules.budget(creature, mode)
    if budget <= 0:
        return {}
    key = _movement_key(state, creature, mode, budget)
    kept = _routes(_memo(state))
    for known_key, known in kept:
        if known_key == key:
            return dict(known)
    found = _reachable(state, creature, mode, budget)
    kept.insert(0, (key, found))
    del kept[_ROUTES_KEPT:]
    return dict(found)


def forget_routes(state: Field[Any]) -> None:
    """Drop the answers :func:`reachable` remembers for ``state`` (the benchmark times the search itself)."""
    _routes(state.memo).clear()


_ROUTES_KEPT = 4
"""How many answers of :func:`reachable` an encounter's memo keeps (``TacticsMemo.routes``)."""


def _movement_key(state: Field[Any], creature: Piece, mode: str, budget: int) -> tuple[object, ...]:
    """Everything :func:`reachable` reads: the board, the mode and budget, the initiative, and what the
    rules' ``route_key`` names of the mover and every creature (at least its id, cell, side, sheet and
    whether it is dead; seed 000's adds whether it is dying and its conditions).

    The state is mutable, so a remembered answer is reused only when all of this is equal (sheets and
    the board compared as objects: they never change once built)."""
    return (state.board, mode, budget, tuple(state.initiative),
            state.tactics_rules.route_key(creature, state.creatures.values()))


def _reachable(state: Field[Any], creature: Piece, mode: str, budget: int) -> dict[Cell, Route]:
    topo = _topology(state)
    start = topo.index(creature.cell)
    if start is None:
        return {}
    provoking = state.tactics_rules.provokes(mode)
    around = _Surroundings(state, topo, creature, creature.cell, budget, threats=provoking)
    harms = topo.harms(around.size)
    if not around.masks:
        found = _reachable_unthreatened(topo, around, start, budget, harms)
        if found is not None:
            return found
    return _reachable_labelled(topo, around, start, budget, harms)


def _reachable_labelled(topo: _Topology, around: _Surroundings, start: int, budget: int,
                        harms: dict[int, int]) -> dict[Cell, Route]:
    """:func:`_reachable`'s general search, over (cell, provoked enemies, terrain damage) labels (see the
    module's rulings)."""
    root = _Label(0, 0, 0, start, None, 0)
    root.path = ()
    labels = _label_search(topo, around, [root], budget, harms)
    return _routes_of(topo, around, labels, start)


def _label_search(topo: _Topology, around: _Surroundings, roots: list[_Label], budget: int,
                  harms: dict[int, int]) -> dict[int, list[_Label]]:
    """The labels that are not dominated, per anchor index, of the paths that go on from ``roots`` (one
    root: a move from its cell; several, all on one cell: the labels of a route up to a waypoint) within
    ``budget`` movement in all."""
    size, blocked = around.size, around.blocked
    harm_at = harms.get
    masks = around.masks
    leave_mask = around.leave_mask
    single = size == 1
    table = topo.step_table(size)
    compute = topo.steps
    labels: dict[int, list[_Label]] = {}
    # A bucket queue in the order of a heap on (cost, number provoked, discovery): every step
    # costs at least 1, so a label only ever goes to a later bucket than the one being emptied.
    width = around.count + 1
    queue: dict[int, list[_Label]] = {}
    top = 0
    for root in roots:
        labels.setdefault(root.at, []).append(root)
        key = root.cost * width + root.provoked.bit_count()
        queue.setdefault(key, []).append(root)
        top = max(top, key)
    slot = min(queue) if queue else 1
    seq = max((root.seq for root in roots), default=0)
    labels_at = labels.get
    waiting_at = queue.get
    while slot <= top:
        batch = queue.pop(slot, None)
        slot += 1
        if batch is None:
            continue
        for label in batch:
            if not label.alive:
                continue
            here = label.at
            cost = label.cost
            provoked = label.provoked
            provoked |= masks.get(here, 0) if single else leave_mask(here)
            rank = provoked.bit_count()  # the same for every step from here
            moves = table[here]
            if moves is None:
                moves = compute(here, size)
            for there, step in moves:
                new_cost = cost + step
                if new_cost > budget or there in blocked:
                    continue
                harm = label.harm
                if harms:
                    harm += harm_at(there, 0)
                existing = labels_at(there)
                if existing is None:
                    existing = labels[there] = []
                else:
                    dominated = False
                    killed = False
                    for old in existing:
                        if old.cost <= new_cost and old.harm <= harm and old.provoked | provoked == provoked:
                            dominated = True
                            break
                        if new_cost <= old.cost and harm <= old.harm and provoked | old.provoked == old.provoked:
                            old.alive = False
                            killed = True
                    if dominated:
                        continue
                    if killed:
                        existing[:] = [old for old in existing if old.alive]
                seq += 1
                new = _Label(new_cost, provoked, harm, there, label, seq)
                existing.append(new)
                if new_cost == budget:
                    continue  # no step goes on from here: the label is kept, never taken from the queue
                key = new_cost * width + rank
                waiting = waiting_at(key)
                if waiting is None:
                    queue[key] = [new]
                    if key > top:
                        top = key
                else:
                    waiting.append(new)

    return labels


def _routes_of(topo: _Topology, around: _Surroundings, labels: dict[int, list[_Label]],
               start: int) -> dict[Cell, Route]:
    """The cheapest and the safest route to every anchor the labels reach but ``start`` and occupied ones."""
    cells = topo.cells()
    leaving = around.leaving

    def walk(label: _Label) -> _Label:
        """Fill in the path of a label and whom it provokes in order, sharing the work between labels."""
        chain: list[_Label] = []
        known = label
        while known.path is None:
            chain.append(known)
            assert known.parent is not None
            known = known.parent
        path, named = known.path, known.named
        for step in reversed(chain):
            parent = step.parent
            assert parent is not None
            path = path + (cells[step.at],)
            if step.provoked != parent.provoked:  # leaving the parent's anchor provoked someone new
                named = named + tuple(cid for cid in leaving(parent.at)[0] if cid not in named)
            step.path = path
            step.named = named
        return label

    result: dict[Cell, Route] = {}
    occupied = around.occupied
    new_route = tuple.__new__
    for at, found in labels.items():
        if at == start or at in occupied:
            continue
        here_cell = cells[at]
        if len(found) == 1:  # the commonest case: the one path is both the cheapest and the safest
            cheapest = safest = found[0]
            if cheapest.path is None:
                parent = cheapest.parent
                assert parent is not None
                if parent.path is not None and cheapest.provoked == parent.provoked:
                    # walk's commonest case written out: the parent is done and leaving it provoked no one new
                    cheapest.path = parent.path + (here_cell,)
                    cheapest.named = parent.named
                else:
                    walk(cheapest)
        else:
            cheapest = walk(min(found, key=lambda lb: (lb.cost, lb.provoked.bit_count(), lb.harm, lb.seq)))
            safest = walk(min(found, key=lambda lb: (lb.provoked.bit_count(), lb.harm, lb.cost, lb.seq)))
        assert cheapest.path is not None and safest.path is not None
        # Route(cost, path, provokers, safest_path, safest_cost, safest_provokers), made in C
        result[here_cell] = new_route(Route, (cheapest.cost, cheapest.path, cheapest.named,
                                              safest.path, safest.cost, safest.named))
    return result


def route_via(state: Field[Any], creature: Piece, stops: Sequence[Cell], mode: str = "move",
              budget: int | None = None) -> Route | None:
    """The cheapest and the safest route that passes through each of ``stops`` in order and ends on the
    last (a player's waypoints), weighed as :func:`reachable` weighs paths, over the whole route.

    Exact: every way of reaching a stop that no other beats (cost, terrain damage, provokers) goes on to
    the next leg, so a cheaper first leg that leaves movement for the rest is never lost. None when no
    route fits ``budget`` (default as :func:`reachable`'s), or the last stop is not a cell the creature
    may end on (earlier stops may be allies' cells, passed through).
    """
    rules = _check_mode(state, mode)
    if not stops or not can_move(state, creature, mode):
        return None
    if budget is None:
        budget = rules.budget(creature, mode)
    topo = _topology(state)
    start = topo.index(creature.cell)
    if start is None or budget <= 0:
        return None
    around = _Surroundings(state, topo, creature, creature.cell, budget, threats=rules.provokes(mode))
    harms = topo.harms(around.size)
    root = _Label(0, 0, 0, start, None, 0)
    root.path = ()
    roots = [root]
    stop = start
    for cell in stops:
        i = topo.index(cell)
        if i is None:
            return None
        stop = i
        roots = list(_label_search(topo, around, roots, budget, harms).get(i, ()))
        if not roots:
            return None
    return _routes_of(topo, around, {stop: roots}, start).get(topo.cell(stop))


def _reachable_unthreatened(topo: _Topology, around: _Surroundings, start: int, budget: int,
                            harms: dict[int, int]) -> dict[Cell, Route] | None:
    """:func:`_reachable`'s search when no path can provoke (a shift, or no threatened cell near).

    Every label would then provoke no one, so a cell keeps the first label that reaches it: a step's cost
    depends only on the anchor entered, and labels are taken in order of cost, so no later one is cheaper
    (an equal one is dominated). That first label's path is both the cheapest and the safest. So this is
    the same search, bucket by bucket in the same order, with a path per cell instead of labels.

    That holds only while no path enters dangerous terrain: if a cell reached is dangerous, the answer is
    None and the labelled search decides (a harmless detour may then be the safest path).
    """
    size, blocked = around.size, around.blocked
    table = topo.step_table(size)
    compute = topo.steps
    cells = topo.cells()
    paths: dict[int, tuple[Cell, ...]] = {start: ()}
    costs: dict[int, int] = {start: 0}
    current: list[int] = [start]
    upcoming: list[int] = []
    cost = 0
    while current or upcoming:
        after: list[int] = []
        for here in current:
            path = paths[here]
            moves = table[here]
            if moves is None:
                moves = compute(here, size)
            for there, step in moves:
                new_cost = cost + step
                if new_cost > budget or there in paths or there in blocked:
                    continue
                paths[there] = path + (cells[there],)
                costs[there] = new_cost
                if new_cost < budget:  # at the budget no step goes on: the cell is never expanded
                    (upcoming if step == 1 else after).append(there)
        cost += 1
        current, upcoming = upcoming, after
    if harms and any(at in harms for at in paths if at != start):
        return None
    occupied = around.occupied
    new_route = tuple.__new__
    return {cells[at]: new_route(Route, (costs[at], path, (), path, costs[at], ()))
            for at, path in paths.items() if at != start and at not in occupied}


def path_cost(state: Field[Any], creature: Piece, path: Sequence[Cell],
              mode: str = "move") -> int | None:
    """The movement a path of anchor cells costs, or None if it is not a legal path.

    Legal: each cell a neighbour of the one before (the first of the
    creature's cell), each step allowed by the movement rules (no wall, no
    wall corner, no enemy), and the last cell free to stand on. Conditions
    and budget are the caller's to check (:func:`can_move`, ``speed()``).
    An empty path costs 0.
    """
    rules = _check_mode(state, mode)
    topo = _topology(state)
    here = topo.index(creature.cell)
    if here is None:
        return None
    if not path:
        return 0
    around = _Surroundings(state, topo, creature, creature.cell, len(path), threats=False)
    total = 0
    for cell in path:
        there = topo.index(cell)
        if there is None or there in around.blocked:
            return None
        step = next((cost for j, cost in topo.steps(here, around.size) if j == there), None)
        if step is None:
            return None
        total += step
        here = there
    if here in around.occupied:
        return None
    return total


def path_provokers(state: Field[Any], creature: Piece, path: Sequence[Cell],
                   mode: str = "move") -> tuple[PieceId, ...]:
    """The enemies a path provokes, each once, in the order provoked (shifting provokes nothing).

    Leaving the start and every cell of the path but the last can provoke. The
    path's legality is not checked here (see :func:`path_cost`).
    """
    rules = _check_mode(state, mode)
    if not rules.provokes(mode) or not path:
        return ()
    topo = _topology(state)
    grid = state.board.grid
    radius = max(len(path), max(grid.distance(creature.cell, c) for c in path))
    around = _Surroundings(state, topo, creature, creature.cell, radius, threats=True)
    out: list[PieceId] = []
    for left in (creature.cell, *path[:-1]):
        i = topo.index(left)
        if i is None:
            continue
        for cid in around.leaving(i)[0]:
            if cid not in out:
                out.append(cid)
    return tuple(out)
