"""The movement queries against a plain reference written straight from the module's rulings.

``tactics.reachable``, ``distance_field``, ``path_cost``, ``path_provokers``
and ``provokers_leaving`` work on flat index arrays, bit masks, numpy layers
and memos. The reference below works on cells, one rule at a time, with a
textbook Dijkstra (a heap of ``(cost, ..., discovery number)``), and nothing
cached. Hypothesis draws boards with walls, difficult terrain, allies,
enemies, a 2x2 creature, reach-2 and unarmed creatures, dazed, dying and dead
ones, and an initiative order, on squares and on hexes; every answer must be
the reference's exactly, in the same order.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board import Board, Terrain
from game.grid import Cell, GridKind, Hex, HexGrid, Square, SquareGrid, StaggerAxis, StaggerIndex
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.model import ConditionKind, CreatureId, RangeKind
from game.rulesets.seed000.state import Creature, EncounterState

Kit = Any  # the conftest helper object (see conftest.Kit)
EXAMPLES = settings(max_examples=100, deadline=None)

# -- the reference ---------------------------------------------------------------------------


def ref_ranks(state: EncounterState) -> dict[CreatureId, int]:
    """Initiative order if there is one (others after, in creature order), else creature order."""
    ranks = {cid: i for i, cid in enumerate(state.initiative)}
    for cid in state.creatures:
        if cid not in ranks:
            ranks[cid] = len(ranks)
    return ranks


def ref_threatened(state: EncounterState, enemy: Creature) -> set[Cell]:
    """The cells within opportunity reach of any cell of the enemy's space (not its own, no walls;
    beyond reach 1 only with line of effect), if it can react."""
    power = tactics.opportunity_power(state, enemy)
    reach = power.reach.reach if power is not None else 0
    if enemy.dead or not enemy.can_react or reach < 1:
        return set()
    board, grid = state.board, state.board.grid
    space = state.space(enemy)
    out: set[Cell] = set()
    for origin in space:
        for cell in grid.within(origin, reach):
            if cell in space or cell not in board or board.is_wall(cell):
                continue
            if reach > 1 and not any(
                    not any(c in board and board.is_wall(c) for c in grid.line(s, cell)[1:-1]) for s in space):
                continue
            out.add(cell)
    return out


def ref_leaving(state: EncounterState, mover: Creature) -> dict[Cell, tuple[CreatureId, ...]]:
    """For every anchor, the enemies a move provokes by leaving it, in initiative order."""
    ranks = ref_ranks(state)
    who: dict[Cell, set[CreatureId]] = {}
    for enemy in state.living():
        if enemy.side != mover.side:
            for cell in ref_threatened(state, enemy):
                who.setdefault(cell, set()).add(enemy.id)
    out: dict[Cell, tuple[CreatureId, ...]] = {}
    for anchor in state.board:
        ids = {cid for cell in state.space_at(mover, anchor) for cid in who.get(cell, ())}
        if ids:
            out[anchor] = tuple(sorted(ids, key=ranks.__getitem__))
    return out


def ref_free(state: EncounterState, mover: Creature, anchor: Cell) -> bool:
    """Every cell of the space on the board and not a wall."""
    return all(c in state.board and not state.board.is_wall(c) for c in state.space_at(mover, anchor))


def on_board(state: EncounterState, mover: Creature, anchor: Cell) -> bool:
    """Every cell of the space at ``anchor`` is on the board."""
    return all(c in state.board for c in state.space_at(mover, anchor))


def ref_enemy_cells(state: EncounterState, mover: Creature) -> set[Cell]:
    """The cells living enemies of the mover fill (dying ones too)."""
    return {c for e in state.living() if e.side != mover.side and e.id != mover.id for c in state.space(e)}


def ref_step(state: EncounterState, mover: Creature, here: Cell, there: Cell, enemy_cells: set[Cell]) -> int | None:
    """The cost of one step between neighbouring anchors, or None where the rules refuse it."""
    board = state.board
    if not ref_free(state, mover, there):
        return None
    space = state.space_at(mover, there)
    if any(c in enemy_cells for c in space):
        return None
    if isinstance(here, Square) and isinstance(there, Square):
        dx, dy = there.x - here.x, there.y - here.y
        if dx and dy and not (ref_free(state, mover, Square(here.x + dx, here.y))
                              and ref_free(state, mover, Square(here.x, here.y + dy))):
            return None
    return 2 if any(board.is_difficult(c) for c in space) else 1


def ref_ends_free(state: EncounterState, mover: Creature, anchor: Cell) -> bool:
    """No other creature fills any cell of the space there."""
    others = {c for o in state.living() if o.id != mover.id for c in state.space(o)}
    return not any(c in others for c in state.space_at(mover, anchor))


def ref_distance_field(state: EncounterState, mover: Creature) -> dict[Cell, int]:
    """Dijkstra from the mover's anchor; cells listed in the order they are settled."""
    if mover.cell not in state.board:
        return {}
    best: dict[Cell, int] = {mover.cell: 0}
    heap: list[tuple[int, int, Cell]] = [(0, 0, mover.cell)]
    seq = itertools.count(1)
    settled: dict[Cell, int] = {}
    enemy_cells = ref_enemy_cells(state, mover)
    while heap:
        cost, _, here = heapq.heappop(heap)
        if here in settled:
            continue
        settled[here] = cost
        for there in state.board.grid.neighbours(here):
            step = ref_step(state, mover, here, there, enemy_cells)
            if step is not None and cost + step < best.get(there, 1 << 30):
                best[there] = cost + step
                heapq.heappush(heap, (cost + step, next(seq), there))
    return settled


class RefLabel:
    """A path in the reference search: cost, provoked enemies, terrain damage, anchor, parent, discovery number."""

    def __init__(self, cost: int, provoked: frozenset[CreatureId], at: Cell, parent: RefLabel | None,
                 seq: int, harm: float = 0.0) -> None:
        self.cost, self.provoked, self.at, self.parent, self.seq = cost, provoked, at, parent, seq
        self.harm = harm
        self.alive = True

    def path(self) -> tuple[Cell, ...]:
        cells: list[Cell] = []
        label: RefLabel | None = self
        while label is not None and label.parent is not None:
            cells.append(label.at)
            label = label.parent
        return tuple(reversed(cells))


def ref_provokers(leaving: dict[Cell, tuple[CreatureId, ...]], start: Cell,
                  path: Sequence[Cell]) -> tuple[CreatureId, ...]:
    """Who a path provokes, each once, in the order provoked: by leaving the start and every cell but the last."""
    out: list[CreatureId] = []
    for left in (start, *path[:-1]):
        for cid in leaving.get(left, ()):
            if cid not in out:
                out.append(cid)
    return tuple(out)


def ref_harm(state: EncounterState, mover: Creature, anchor: Cell) -> float:
    """The average damage of the terrain entering ``anchor`` deals: of the dangerous cell under the space with
    the highest maximum damage, the first of equals."""
    worst = None
    for cell in state.space_at(mover, anchor):
        d = state.board.damage_at(cell)
        if d is not None and (worst is None or d.count * d.sides + d.bonus > worst.count * worst.sides + worst.bonus):
            worst = d
    return 0.0 if worst is None else worst.count * (worst.sides + 1) / 2 + worst.bonus


def ref_reachable(state: EncounterState, mover: Creature, mode: str, budget: int | None) -> dict[Cell, tactics.Route]:
    """Non-dominated labels (no more cost, no more terrain damage and a subset of the provokers), popped by
    (cost, provokers, discovery); the safest is fewest provokers, then least terrain damage, then cost."""
    if mover.dead or not mover.can_act or mover.has(ConditionKind.PRONE) or mover.has(ConditionKind.IMMOBILIZED):
        return {}
    if budget is None:
        budget = 1 if mode == "shift" else mover.speed()
    if budget <= 0 or mover.cell not in state.board:
        return {}
    leaving = ref_leaving(state, mover) if mode != "shift" else {}
    root = RefLabel(0, frozenset(), mover.cell, None, 0)
    labels: dict[Cell, list[RefLabel]] = {mover.cell: [root]}
    heap: list[tuple[int, int, int, RefLabel]] = [(0, 0, 0, root)]
    seq = itertools.count(1)
    enemy_cells = ref_enemy_cells(state, mover)
    while heap:
        cost, _, _, label = heapq.heappop(heap)
        if not label.alive:
            continue
        provoked = label.provoked | frozenset(leaving.get(label.at, ()))
        for there in state.board.grid.neighbours(label.at):
            step = ref_step(state, mover, label.at, there, enemy_cells)
            if step is None or cost + step > budget:
                continue
            new_cost = cost + step
            harm = label.harm + ref_harm(state, mover, there)
            found = labels.setdefault(there, [])
            if any(old.cost <= new_cost and old.harm <= harm and old.provoked <= provoked for old in found):
                continue
            for old in found:
                if new_cost <= old.cost and harm <= old.harm and provoked <= old.provoked:
                    old.alive = False
            found[:] = [old for old in found if old.alive]
            new = RefLabel(new_cost, provoked, there, label, next(seq), harm)
            found.append(new)
            heapq.heappush(heap, (new_cost, len(provoked), new.seq, new))
    out: dict[Cell, tactics.Route] = {}
    for at, found in labels.items():
        if at == mover.cell or not found or not ref_ends_free(state, mover, at):
            continue
        cheapest = min(found, key=lambda lb: (lb.cost, len(lb.provoked), lb.harm, lb.seq))
        safest = min(found, key=lambda lb: (len(lb.provoked), lb.harm, lb.cost, lb.seq))
        out[at] = tactics.Route(
            cost=cheapest.cost, path=cheapest.path(), provokers=ref_provokers(leaving, mover.cell, cheapest.path()),
            safest_path=safest.path(), safest_cost=safest.cost,
            safest_provokers=ref_provokers(leaving, mover.cell, safest.path()),
        )
    return out


def ref_path_cost(state: EncounterState, mover: Creature, path: Sequence[Cell]) -> int | None:
    """Each step a legal one from the cell before, the last cell free to stand on."""
    if mover.cell not in state.board:
        return None
    total, here = 0, mover.cell
    for there in path:
        if there not in state.board or not state.board.grid.is_adjacent(here, there):
            return None
        step = ref_step(state, mover, here, there, ref_enemy_cells(state, mover))
        if step is None:
            return None
        total, here = total + step, there
    if path and not ref_ends_free(state, mover, here):
        return None
    return total


# -- random scenes ---------------------------------------------------------------------------


@st.composite
def crowds(draw: st.DrawFn, kit: Kit) -> EncounterState:
    """A random board up to 10 x 10: walls, difficult and dangerous cells, up to 9 creatures of both sides (on
    squares maybe a 2x2 one), some with reach 2 or no melee attack, some dazed, dying or dead,
    and maybe an initiative order (possibly leaving some creatures out)."""
    hexes = draw(st.booleans())
    width, height = draw(st.integers(2, 10)), draw(st.integers(2, 10))
    cells = draw(st.lists(st.sampled_from("......,,#~%"), min_size=width * height, max_size=width * height))
    large = ""
    if not hexes and width >= 2 and height >= 2 and draw(st.booleans()):
        large = draw(st.sampled_from("Gg"))
        x, y = draw(st.integers(0, width - 2)), draw(st.integers(0, height - 2))
        for dx, dy in itertools.product((0, 1), (0, 1)):
            cells[(y + dy) * width + x + dx] = large
    free = [i for i, ch in enumerate(cells) if not ch.isalpha()]
    count = draw(st.integers(0 if large else 1, min(8, len(free))))
    spots = draw(st.lists(st.sampled_from(free), min_size=count, max_size=count, unique=True)) if count else []
    letters = draw(st.lists(st.sampled_from("ABCDEFabcdef"), min_size=count, max_size=count, unique=True))
    for spot, letter in zip(spots, letters):
        cells[spot] = letter
    rows = [cells[r * width:(r + 1) * width] for r in range(height)]
    text = "\n".join((" " if r % 2 else "") + " ".join(row) if hexes else "".join(row) for r, row in enumerate(rows))
    everyone = sorted(set(letters) | ({large} if large else set()))
    glaive = kit.power("glaive", reach=2, basic=True)
    bow = kit.power("bow", kind=RangeKind.RANGED, range_=10, basic=True)
    arms = {"sword": (kit.SWORD,), "glaive": (glaive,), "bow": (bow,)}
    many = len(everyone)
    kinds = draw(st.lists(st.sampled_from(["sword", "sword", "glaive", "bow"]), min_size=many, max_size=many))
    speeds = draw(st.lists(st.integers(2, 7), min_size=many, max_size=many))
    troubles = draw(st.lists(st.sampled_from([None] * 8 + list(TROUBLES)), min_size=many, max_size=many))
    fates = draw(st.lists(st.sampled_from(["ok"] * 6 + ["dying", "dead"]), min_size=many, max_size=many))
    templates = {}
    conditions: dict[str, list[ConditionKind]] = {}
    for letter, kind, speed, trouble in zip(everyone, kinds, speeds, troubles):
        size = 2 if letter == large else 1
        templates[letter] = kit.template(f"{kind}{size}", size=size, powers=arms[kind], speed=speed)
        conditions[letter] = [trouble] if trouble else []
    initiative = "".join(draw(st.permutations(everyone))[:draw(st.integers(0, len(everyone)))])
    state = kit.state_from(text, hexes=hexes, templates=templates, conditions=conditions, initiative=initiative)
    for c, fate in zip(state.creatures.values(), fates):
        c.dying = fate == "dying"
        c.dead = fate == "dead"
    return state


TROUBLES = (ConditionKind.DAZED, ConditionKind.SLOWED, ConditionKind.PRONE, ConditionKind.STUNNED)


def movers(state: EncounterState) -> Iterator[Creature]:
    """Every creature as a mover, the dead too (they get nothing, whatever the query)."""
    yield from state.creatures.values()


def walks(state: EncounterState, mover: Creature, draw: st.DrawFn) -> list[tuple[Cell, ...]]:
    """A few random walks of neighbours from the mover's anchor, legal or not."""
    grid = state.board.grid
    degree = len(grid.neighbours(mover.cell))
    out = []
    for turns in draw(st.lists(st.lists(st.integers(0, degree - 1), max_size=5), min_size=3, max_size=3)):
        here, path = mover.cell, []
        for turn in turns:
            here = grid.neighbours(here)[turn]
            path.append(here)
        out.append(tuple(path))
    return out


@contextmanager
def crowd_arrays(on: bool) -> Iterator[None]:
    """With ``on``, queries find nearby creatures through their numpy snapshot and distance_field
    floods with numpy even on small boards with a handful of creatures (normally both are only for
    crowds and large maps), so small boards test those paths too; without, neither is used."""
    saved = tactics.crowd._PREFILTER_FROM, tactics.distance._FLOOD_ARRAYS_FROM
    tactics.crowd._PREFILTER_FROM = tactics.distance._FLOOD_ARRAYS_FROM = 0 if on else 1 << 30
    try:
        yield
    finally:
        tactics.crowd._PREFILTER_FROM, tactics.distance._FLOOD_ARRAYS_FROM = saved


ARRAYS = pytest.mark.parametrize("arrays", [False, True], ids=["plain", "arrays"])

# -- the properties --------------------------------------------------------------------------


@ARRAYS
@EXAMPLES
@given(data=st.data())
def test_distance_field_is_a_dijkstra_over_the_movement_rules_in_settling_order(
        kit: Kit, arrays: bool, data: st.DataObject) -> None:
    """distance_field: the same cells, costs and order as a heap Dijkstra over the rulings (8 or 6
    neighbours, walls, wall corners, enemies block, difficult costs 2, allies passable)."""
    state = data.draw(crowds(kit))
    with crowd_arrays(arrays):
        for mover in movers(state):
            assert list(tactics.distance_field(state, mover).items()) == list(ref_distance_field(state, mover).items())


@ARRAYS
@EXAMPLES
@given(data=st.data(), mode=st.sampled_from(["move", "shift", "charge"]),
       budget=st.one_of(st.none(), st.integers(0, 6)))
def test_reachable_keeps_every_cheapest_and_least_provoking_path_of_the_reference(
        kit: Kit, arrays: bool, data: st.DataObject, mode: str, budget: int | None) -> None:
    """reachable: the same end cells, in the same order, with the same cheapest and safest paths,
    costs and provokers (in the order provoked) as the plain label-setting reference."""
    state = data.draw(crowds(kit))
    with crowd_arrays(arrays):
        for mover in movers(state):
            got = tactics.reachable(state, mover, mode, budget)
            assert list(got.items()) == list(ref_reachable(state, mover, mode, budget).items())


@ARRAYS
@EXAMPLES
@given(data=st.data())
def test_path_cost_and_path_provokers_price_any_walk_as_the_rules_do(
        kit: Kit, arrays: bool, data: st.DataObject) -> None:
    """path_cost: the sum of legal steps ending on a free anchor, else None; path_provokers: who
    leaving the start and each cell but the last provokes, each once; provokers_leaving: who
    threatens any cell of the space at an anchor."""
    state = data.draw(crowds(kit))
    for mover in movers(state):
        if mover.cell not in state.board:
            continue
        with crowd_arrays(arrays):
            check_walks(state, mover, data)


def check_walks(state: EncounterState, mover: Creature, data: st.DataObject) -> None:
    """path_cost, path_provokers and provokers_leaving on a few random walks from the mover."""
    leaving = ref_leaving(state, mover)
    assert tactics.provokers_leaving(state, mover) == leaving.get(mover.cell, ())
    for path in walks(state, mover, data.draw):
        assert tactics.path_cost(state, mover, path) == ref_path_cost(state, mover, path)
        assert tactics.path_provokers(state, mover, path, "shift") == ()
        # path_provokers does not check legality; a space hanging off the board is left out here
        if all(on_board(state, mover, a) for a in (mover.cell, *path)):
            assert tactics.path_provokers(state, mover, path) == (
                ref_provokers(leaving, mover.cell, path) if path else ())
            if path:
                assert tactics.provokers_leaving(state, mover, path[-1]) == leaving.get(path[-1], ())


LAYOUTS = [SquareGrid(32, 32)] + [HexGrid(32, 32, 16, axis, index) for axis in StaggerAxis for index in StaggerIndex]


@ARRAYS
@EXAMPLES
@given(data=st.data(), grid=st.sampled_from(LAYOUTS), origin=st.tuples(st.integers(-3, 3), st.integers(-3, 3)),
       width=st.integers(1, 9), height=st.integers(1, 9))
def test_distance_field_follows_the_grids_neighbours_in_every_tiled_layout_and_origin(
        kit: Kit, arrays: bool, data: st.DataObject, grid: Any, origin: tuple[int, int], width: int,
        height: int) -> None:
    """Hex maps staggered along x or y, odd or even, and boards whose offsets do not start at (0, 0):
    distance_field is still the reference Dijkstra over the grid's own neighbours (large movers too)."""
    marks = data.draw(st.lists(st.sampled_from("....,#"), min_size=width * height, max_size=width * height))
    cells = [grid.offset_to_cell(origin[0] + i % width, origin[1] + i // width) for i in range(width * height)]
    terrain = {c: Terrain(wall=m == "#", difficult=m == ",") for c, m in zip(cells, marks) if m != "."}
    board = Board(grid, width, height, origin=origin, terrain=terrain)
    size = data.draw(st.sampled_from([1, 2, 3])) if isinstance(grid, SquareGrid) else 1
    spots = data.draw(st.lists(st.sampled_from(cells), min_size=1, max_size=4, unique=True))
    people = {}
    for k, spot in enumerate(spots):
        cid = CreatureId(f"c{k}")
        sheet = kit.template(f"size{size}", size=size if k == 0 else 1)
        people[cid] = Creature(cid, cid, "heroes" if k == 0 or data.draw(st.booleans()) else "monsters", sheet, spot,
                               30, 2)
    state = EncounterState(board, people)
    mover = people[CreatureId("c0")]
    with crowd_arrays(arrays):
        assert list(tactics.distance_field(state, mover).items()) == list(ref_distance_field(state, mover).items())


@EXAMPLES
@given(data=st.data())
def test_threat_map_names_every_enemy_threatening_a_cell_in_initiative_order(kit: Kit, data: st.DataObject) -> None:
    """threat_map: each cell some enemy threatens, with those enemies in initiative order."""
    state = data.draw(crowds(kit))
    ranks = ref_ranks(state)
    for mover in movers(state):
        expected: dict[Cell, list[CreatureId]] = {}
        for enemy in sorted((c for c in state.living() if c.side != mover.side), key=lambda c: ranks[c.id]):
            for cell in ref_threatened(state, enemy):
                expected.setdefault(cell, []).append(enemy.id)
        assert tactics.threat_map(state, mover) == {cell: tuple(ids) for cell, ids in expected.items()}


@EXAMPLES
@given(data=st.data())
def test_queries_see_creatures_that_moved_died_changed_side_sheet_or_conditions_since_the_last_query(
        kit: Kit, data: st.DataObject) -> None:
    """The state changes between queries (creatures move, die, fall dazed, change side, take up a whip):
    every query answers for the state as it is now, whatever it remembered from before."""
    state = data.draw(crowds(kit))
    whip = kit.template("whip", powers=(kit.power("whip", reach=3, basic=True),))
    arrays = data.draw(st.booleans())
    with crowd_arrays(arrays):
        for _ in range(6):
            mover = data.draw(st.sampled_from(list(state.creatures.values())))
            budget = data.draw(st.sampled_from([None, 1, 2, 3]))
            assert list(tactics.reachable(state, mover, budget=budget).items()) == list(
                ref_reachable(state, mover, "move", budget).items())
            assert list(tactics.distance_field(state, mover).items()) == list(ref_distance_field(state, mover).items())
            other = data.draw(st.sampled_from(list(state.creatures.values())))
            change = data.draw(st.sampled_from(["move", "die", "daze", "side", "sheet"]))
            if change == "move":
                free = [c for c in state.board if state.can_stand(other, c)]
                if free:
                    other.cell = data.draw(st.sampled_from(free))
            elif change == "die":
                other.dead = not other.dead
            elif change == "daze":
                other.conditions = [] if other.conditions else [kit.condition(ConditionKind.DAZED)]
            elif change == "side":
                other.side = "heroes" if other.side == "monsters" else "monsters"
            elif other.template.size == 1:
                other.template = whip


@ARRAYS
def test_an_enemy_that_takes_up_a_longer_weapon_threatens_farther_at_once(kit: Kit, arrays: bool) -> None:
    """A creature's sheet can change between two queries: its new reach counts at once."""
    state = kit.state_from("""
        .......
        .A..o..
        .......
    """)
    a, o = state.creatures[CreatureId("A")], state.creatures[CreatureId("o")]
    with crowd_arrays(arrays):
        assert tactics.reachable(state, a, budget=1)[Square(0, 1)].provokers == ()
        o.template = kit.template("whip", powers=(kit.power("whip", reach=3, basic=True),))
        assert tactics.reachable(state, a, budget=1)[Square(0, 1)].provokers == ("o",)
        assert tactics.provokers_leaving(state, a) == ("o",)


def test_the_reference_agrees_with_a_drawn_board(kit: Kit) -> None:
    """The reference itself, on a board whose answer is drawn by hand (see test_tactics)."""
    state = kit.state_from("""
        A.#.....
        .,#.b...
        ..#.....
        ........
    """)
    field = ref_distance_field(state, state.creatures[CreatureId("A")])
    assert kit.draw(state, {c: str(v) for c, v in field.items()}) == kit.board_text("""
        A1#88889
        12#7b789
        22#66789
        33456789
    """)
    assert state.board.kind is GridKind.SQUARE and not isinstance(next(iter(field)), Hex)
