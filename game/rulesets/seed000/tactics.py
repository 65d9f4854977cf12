"""Tactical queries: threat, flanking, movement, forced movement and targeting.

Every function here is a pure function of an :class:`EncounterState`: it reads
the state and never changes it. The engine, the automatic decisions and the
monster AI call the same functions the window highlights, so what a player sees
is what the engine decides on.

Rules as parameters
-------------------

What a rules system decides about movement and threat is not written here: it
comes from the state's :class:`~game.rulesets.seed000.tactics_rules.TacticsRules`
(``state.tactics_rules``, supplied by the ruleset as ``Ruleset.tactics_rules``;
seed 000's by default). Its parts, and where the searches use them:

* ``modes`` (the kinds of voluntary movement: a query in another mode is a
  ValueError), ``can_move(creature, mode)`` and ``budget(creature, mode)``
  (the movement a query gets when it names none): :func:`reachable`,
  :func:`route_via`, :func:`can_move`;
* ``passable(terrain)`` and ``enter_cost(terrain)`` (1 or 2: the bucket
  queues and the numpy flood are built for those two), read once per board
  cell into the board's arrays; ``cut_corners`` (squares: may a diagonal pass
  a wall corner); ``blocking`` (whose space stops a mover: enemies, every
  other creature, or nobody; a closed set, so the array forms stay arrays);
* ``threat_reach(sheet)`` (how far a sheet threatens, worked out once per
  sheet) and ``can_threaten(creature)`` (read at every query): the threatened
  cells are those within that reach of the creature's space (the geometry
  below), for enemies of the mover;
* ``provokes(mode)``: whether leaving a threatened position in that mode
  provokes (the geometry of *leaving* is below and the same for every ruleset).

The rulings below are seed 000's readings of those parts where they name them
(``Seed000Tactics``); the geometry (spaces, steps, line of effect, blasts,
flanking's "opposite") is every ruleset's. Flanking, combat advantage and
targets are seed 000's and its 4E-style combat's.

Memory
------

Everything worked out once and kept (sheets' reach, ranks, where the creatures
stand as arrays, the last answers of :func:`reachable`) lives in the
encounter's memo, ``state.memo`` (:class:`~game.rulesets.seed000.memo.TacticsMemo`): made
with the state, dropped with it, emptied if the state's board or rules change.
What depends on the board and the rules alone (the board as arrays, steps and
floods, line of effect, blasts, threat areas: ``_Topology``, nothing of an
encounter in it) is kept by the board itself (``Board.derived``, keyed by the
rules object, which must be hashable), so the encounters of one board share it
and it goes with the board. No module global holds a board, a sheet or a
creature. Other modules keep their tables of an encounter in the memo too
(:func:`memo_of`, ``TacticsMemo.kept``).

Rulings (where DESIGN.md's geometry rulings leave something open)
-------------------------------------------------------------------

Threat

* A creature's opportunity power is its sheet's default opportunity attack
  (``reaction_defaults.opportunity_attack``) if that is a melee power, else its
  first melee basic attack. Its reach is that power's ``reach``.
* It threatens the board cells within that reach of any cell of its space,
  its own space excluded, walls excluded (nothing can stand there), and, for a
  reach above 1, only cells with line of effect from some cell of its space.
  Only while it ``can_react`` (dazed, stunned, unconscious, dominated, dying
  and dead creatures threaten nothing).

Movement

* A step enters a neighbouring anchor cell. It costs 1, or 2 if any cell of the
  new space is difficult terrain (so a shift of 1 cannot enter difficult
  terrain). Every cell of the new space must be on the board, not a wall and
  not occupied by an enemy (dying enemies still fill their cells). Allies may
  be passed through; a move never *ends* on a cell another creature fills.
* Squares: no diagonal step past a wall corner: both orthogonal cells between
  (for a large creature: its space shifted one cell along each axis) must be
  free of walls; off-board cells count as walls. Creatures do not block a
  diagonal. The same holds for forced movement.
* A move (or a charge) provokes from an enemy when it *leaves* a position in
  which any cell of the mover's space is threatened by that enemy: a large
  creature moves as a unit, so a step leaves its whole old space. Each enemy is
  provoked at most once per move. Shifting provokes nothing.
* Prone, immobilized, and creatures that cannot act (stunned, unconscious,
  dominated, dying, dead) cannot move or shift: :func:`reachable` is empty.
* Dangerous terrain: a step whose new space holds dangerous terrain deals the
  worst of it (:func:`worst_danger`: the highest maximum, the first of equals),
  as the engine rolls it; a path's *terrain damage* is the sum of those
  damages' averages over its steps (the start is not entered).
* :func:`reachable` is a Dijkstra over (cell, set of provoked enemies, terrain
  damage) labels that keeps, per cell, every label not dominated by another (no
  more cost, no more terrain damage and a subset of the provokers). So both the
  cheapest path and the safest path are exact, even though "each enemy at most
  once" makes provocation a set, not a sum. The *safest* path provokes fewest
  enemies, then enters the least terrain damage, then costs least (a path
  through lava that provokes nobody loses to a harmless one within the budget;
  an opportunity attack counts before terrain, see the README's ruling). Equal
  cheapest paths are told apart by fewer provokers, then less terrain damage,
  then by discovery order (deterministic).
* :func:`distance_field` floods the same movement rules over the whole map,
  without budget, conditions or provocation; it includes the start (cost 0)
  and cells the creature can only pass through (occupied by allies).

Flanking

* Two creatures flank a target when both are its enemies, allies of each
  other, able to attack it (``can_act`` and a melee power that targets
  enemies or creatures), adjacent to its space, and on opposite sides of it.
* Opposite sides, squares: each cell adjacent to the target's space lies on a
  side of the space's bounding box, ``(sx, sy)`` with ``sx`` -1 left / 0 within
  the columns / +1 right (``sy`` likewise): W, E, N, S sides or the NW, NE, SW,
  SE corners. Cells on sides ``k`` and ``-k`` are opposite. For a one-cell
  target that is exactly :meth:`Grid.opposite` (4 pairs). For a 2x2 target the
  point reflection through the space's centre, ``(x, y) -> (2*x0+1-x,
  2*y0+1-y)``, always lands on the opposite side, but so does the cell next to
  it; 4e's test (the line between the flankers' centres crosses opposite sides
  or opposite corners of the space) accepts both, so we do: any cell on the W
  side flanks with any on the E side (4 pairs), N with S (4), and each corner
  with the opposite corner (2): 10 pairs around a 2x2 space.
* Hex: every creature fills one hex, and the flanking cell is
  :meth:`Grid.opposite` (3 pairs).
* A large flanker flanks if any cell of its space adjacent to the target is
  opposite any such cell of its ally.

Combat advantage: flanking (melee only); a target that is stunned, dazed,
dominated, unconscious, dying, blinded (it cannot see the attacker), granting
combat advantage, or prone against a melee attack.

Forced movement

* Push: each step must end with the target's space strictly farther from the
  source (nearest cell of the target's space to the nearest source cell);
  pull: strictly nearer; slide: any direction. Walls, occupied cells and wall
  corners (squares) block; difficult terrain is ignored; nothing is provoked.
* The target's starting cell is never a landing (a forced movement ending
  where it began is no movement). ``by_step[k-1]`` is every anchor the target
  can be on after exactly ``k`` legal steps (a slide may wander, so a cell can
  appear for several ``k``); :attr:`Landing.steps` is the fewest steps to a
  landing and :attr:`Landing.max_steps` the most. For push and pull they are
  equal; for a slide "the maximum forced movement distance" means ``steps``
  (see :attr:`ForcedOptions.farthest`), since almost any cell near the start
  can be reached by a slide of the full distance that doubles back.

Targets

* Line of effect between two cells: no wall on the board strictly between them
  on :meth:`Grid.line` (off-board cells do not block). Between creatures: from
  any cell of one space to any cell of the other.
* Melee: within reach (distance between spaces) with line of effect; ranged:
  within range with line of effect; close burst: creatures with a cell within
  ``size`` of the user's space and line of effect from it, the user excluded;
  area burst: the centre must be a board cell (not a wall) within ``range`` of
  the user with line of effect, targets have a cell within ``size`` of it with
  line of effect from the centre; close blast: creatures with a cell in
  :func:`blast_cells`. Personal and ``SELF`` powers target the user.
* The user is a target only of ``SELF_OR_ALLY`` powers and of ``CREATURE``
  area bursts that cover it. Dead creatures never are; dying ones only for a
  heal (a power whose hit or effect heals) used by an ally.
* Close blast, squares: ``origin`` is a cell adjacent to the user's space; the
  blast is the ``size`` x ``size`` square on that side: beside a side, it
  starts next to the space and is centred on the origin across that side (an
  even size grows towards +x / +y); at a corner, it grows away from that
  corner. Hex: the cells ``c`` with ``1 <= distance(user, c) <= size`` within
  30 degrees either side of the direction from the user to ``origin``
  (boundaries included, exact integer test in cube coordinates): 1, 4, 7, 12
  hexes for sizes 1-4 (squares: 1, 4, 9, 16). Walls and cells without line of
  effect from the user are left out. An origin that is not adjacent gives
  nothing.

Orders: creatures are listed in initiative order when the state has one (the
others after, in creature order), else in creature order; results never depend
on hash order, so the same state gives the same answers run after run.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple
from operator import attrgetter

import numpy as np
import numpy.typing as npt

from game.board import PLAIN, Board, Damage
from game.grid import Cell, GridKind, Hex, Square
from game.rulesets.seed000.memo import SideKey, TacticsMemo
from game.rulesets.seed000.model import ConditionKind, CreatureId, ForcedKind, Power, RangeKind, TargetKind, Template
from game.rulesets.seed000.state import Creature, EncounterState
from game.rulesets.seed000.tactics_rules import SEED000_TACTICS, Blocking, TacticsRules, opportunity_power_of

__all__ = [
    "ForcedOptions",
    "Landing",
    "MOVE_MODES",
    "Route",
    "area_cells",
    "blast_cells",
    "burst_origins",
    "can_move",
    "DistanceField",
    "distance_field",
    "distances_to",
    "flanked_by",
    "flanking_cells",
    "flank_status_at",
    "flanking_pairs",
    "forced_candidates",
    "has_combat_advantage",
    "is_eligible_target",
    "is_valid_target",
    "is_flanking",
    "line_of_effect",
    "memo_of",
    "opportunity_power",
    "origin_problem",
    "danger_under",
    "path_cost",
    "path_dangers",
    "path_harm",
    "path_provokers",
    "provokers_leaving",
    "reachable",
    "route_via",
    "target_problem",
    "target_test",
    "threat_map",
    "threat_reach",
    "threatened_cells",
    "valid_targets",
    "worst_danger",
]

MOVE_MODES = SEED000_TACTICS.modes
"""Seed 000's kinds of voluntary movement: ``shift`` provokes nothing, ``move`` and ``charge`` do (a state's
own are ``state.tactics_rules.modes``)."""

_NO_IDS: frozenset[CreatureId] = frozenset()


# -- value types ----------------------------------------------------------------------------


class Route(NamedTuple):
    """How a creature gets to one cell: the cheapest path and the safest path.

    A named tuple (immutable, compared and hashed by its fields, repr like a dataclass's) because
    :func:`reachable` builds one for every cell in reach, and a tuple is made in C.
    """

    cost: int
    """Movement spent along :attr:`path` (difficult cells count 2)."""
    path: tuple[Cell, ...]
    """Anchor cells from the start (excluded) to the destination (included): the cheapest path."""
    provokers: tuple[CreatureId, ...]
    """Enemies whose opportunity attack :attr:`path` provokes, each once, in the order provoked."""
    safest_path: tuple[Cell, ...]
    """The path that provokes fewest enemies, then enters the least dangerous terrain (average damage), then
    costs least, then was found first (see the module's rulings)."""
    safest_cost: int
    """Movement spent along :attr:`safest_path`."""
    safest_provokers: tuple[CreatureId, ...]
    """Enemies :attr:`safest_path` provokes, in the order provoked."""

    @property
    def provokes(self) -> bool:
        """Whether even the safest path provokes an opportunity attack."""
        return bool(self.safest_provokers)


@dataclass(frozen=True, slots=True)
class Landing:
    """A cell a forced movement can end on, and what it means for the target there."""

    cell: Cell
    """The target's anchor cell on landing."""
    steps: int
    """The fewest steps that end here."""
    max_steps: int
    """The most steps (at most the forced movement's distance) that end here."""
    path: tuple[Cell, ...]
    """A path of :attr:`steps` anchor cells from the start (excluded) to here."""
    dangerous: bool
    """Some cell of the target's space here is dangerous terrain."""
    flanked: bool
    """The target would be flanked by two of its enemies here."""
    flanking: bool
    """The target would flank one of its enemies here (with an ally of its own)."""


@dataclass(frozen=True, slots=True)
class ForcedOptions:
    """Every way a push, pull or slide can end."""

    finals: dict[Cell, Landing]
    """Every landing cell (1 to ``distance`` steps), in the order found."""
    by_step: tuple[frozenset[Cell], ...]
    """``by_step[k-1]``: the anchor cells the target can be on after exactly ``k`` steps."""

    @property
    def farthest(self) -> tuple[Cell, ...]:
        """The landings farthest from the start: those with the most :attr:`Landing.steps`."""
        if not self.finals:
            return ()
        most = max(land.steps for land in self.finals.values())
        return tuple(cell for cell, land in self.finals.items() if land.steps == most)

    @property
    def dangerous(self) -> tuple[Cell, ...]:
        """The landings in dangerous terrain."""
        return tuple(cell for cell, land in self.finals.items() if land.dangerous)

    @property
    def flanked_not_flanking(self) -> tuple[Cell, ...]:
        """The landings where the target is flanked and does not flank (seed 000's second tier)."""
        return tuple(cell for cell, land in self.finals.items() if land.flanked and not land.flanking)


# -- ordering and sizes ---------------------------------------------------------------------


def _ranks(state: EncounterState) -> dict[CreatureId, int]:
    """Initiative order if there is one (others after, in creature order), else creature order.

    Memoised on the initiative list and the creature ids (all it depends on):
    the answer is shared, so callers only read it.
    """
    initiative = tuple(state.initiative)
    ids = tuple(state.creatures)
    kept = _memo(state).ranks
    if kept:
        known_initiative, known_ids, known = kept[0]
        if known_initiative == initiative and known_ids == ids:
            return known
    ranks = {cid: i for i, cid in enumerate(initiative)}
    n = len(ranks)
    for cid in ids:
        if cid not in ranks:
            ranks[cid] = n
            n += 1
    kept[:] = [(initiative, ids, ranks)]
    return ranks


def _size(state: EncounterState, creature: Creature) -> int:
    """The side of a creature's square space (1 on hex grids, where everyone fills one hex)."""
    size = creature.template.size
    if size <= 1 or state.board.kind is GridKind.HEX:
        return 1
    return size


def worst_danger(damages: Iterable[Damage | None]) -> Damage | None:
    """The dangerous terrain that hurts a creature whose space holds these cells' terrain: the one with the
    highest maximum, the first of equals (None: no dangerous terrain). What the engine rolls on entering."""
    worst: Damage | None = None
    for d in damages:
        if d is not None and (worst is None or d.count * d.sides + d.bonus > worst.count * worst.sides + worst.bonus):
            worst = d
    return worst


def danger_under(state: EncounterState, creature: Creature, anchor: Cell | None = None) -> Damage | None:
    """The dangerous terrain ``creature`` takes damage from with its anchor at ``anchor`` (default: where it
    stands): :func:`worst_danger` of its space there."""
    board = state.board
    space = state.space(creature) if anchor is None else state.space_at(creature, anchor)
    return worst_danger(board.damage_at(c) for c in space)


def path_dangers(state: EncounterState, creature: Creature, path: Sequence[Cell]) -> tuple[tuple[Cell, Damage], ...]:
    """Every step of ``path`` (anchor cells after the start) that enters dangerous terrain, with the damage the
    engine rolls there, in order (a move's preview: "enters lava: 1d6 fire")."""
    out: list[tuple[Cell, Damage]] = []
    for cell in path:
        d = danger_under(state, creature, cell)
        if d is not None:
            out.append((cell, d))
    return tuple(out)


def path_harm(state: EncounterState, creature: Creature, path: Sequence[Cell]) -> float:
    """The average damage of the dangerous terrain ``path`` enters (what the safest path keeps least)."""
    return sum(_twice_average(d) for _, d in path_dangers(state, creature, path)) / 2


def _twice_average(d: Damage) -> int:
    return d.count * (d.sides + 1) + 2 * d.bonus


def _check_mode(state: EncounterState, mode: str) -> TacticsRules:
    """The state's rules, once ``mode`` is known to be one of their modes."""
    rules = state.tactics_rules
    if mode not in rules.modes:
        raise ValueError(f"movement mode must be one of {sorted(rules.modes)}, got {mode!r}")
    return rules


# -- the board as arrays ---------------------------------------------------------------------


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

    def __init__(self, board: Board, rules: TacticsRules) -> None:
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

    def threatened(self, state: EncounterState, creature: Creature, size: int, reach: int) -> tuple[int, ...]:
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

    def threat_area(self, state: EncounterState, creature: Creature, size: int, reach: int) -> frozenset[Cell]:
        """:func:`_threat_area` of the creature's space (``size`` its side), memoised by anchor, side and reach
        (past that it depends on walls only): the same frozenset, built once."""
        anchor = self.index(creature.cell)
        if anchor is None:
            return _threat_area(state, state.space(creature), reach)
        key = (anchor, size, reach)
        got = self._areas.get(key)
        if got is None:
            got = self._areas[key] = _threat_area(state, state.space(creature), reach)
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


def _memo(state: EncounterState) -> TacticsMemo:
    """The state's memo, emptied first if it was filled for another board or other rules."""
    memo = state.memo
    if memo.board is not state.board or memo.rules is not state.tactics_rules:
        memo.clear()
        memo.board, memo.rules = state.board, state.tactics_rules
    return memo


def memo_of(state: EncounterState) -> TacticsMemo:
    """``state.memo``, emptied first if it was filled for another board or other rules: what other modules
    keep their own tables of this encounter in (``TacticsMemo.kept``)."""
    return _memo(state)


class _Kept:
    """What tactics keeps in an encounter's memo besides the memo's own typed tables (``memo.kept``)."""

    __slots__ = ("topology", "crowds", "routes")

    def __init__(self) -> None:
        self.topology: _Topology | None = None
        """The board as arrays: the board's own (``Board.derived``), shared by the encounters on it; here
        for quick access."""
        self.crowds: list[_Crowd] = []
        """The last few :class:`_Crowd` (where the creatures stand, as arrays), newest first."""
        self.routes: list[tuple[tuple[object, ...], dict[Cell, Route]]] = []
        """The last answers of :func:`reachable`, newest first, each with everything it came from."""


def _kept(memo: TacticsMemo) -> _Kept:
    return memo.kept("tactics.kept", _Kept)


def _topology(state: EncounterState) -> _Topology:
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


def _sheet(memo: TacticsMemo, sheet: Template) -> tuple[Template, int, int]:
    """``(sheet, side of its square space, threat reach)``; sheets are frozen, so this is memoised in the
    encounter's memo (``memo.sheets``: the hot loops below read it directly, without a call, and an entry
    that holds the sheet beside its answers saves them an index)."""
    table = memo.sheets
    got = table.get(id(sheet))
    if got is None or got[0] is not sheet:
        assert memo.rules is not None
        got = table[id(sheet)] = (sheet, max(1, sheet.size), memo.rules.threat_reach(sheet))
    return got


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

    def __init__(self, memo: TacticsMemo, topo: _Topology, cells: list[Cell], sheets: list[Template]) -> None:
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


def _crowd(state: EncounterState, topo: _Topology) -> tuple[_Crowd, list[Creature]]:
    """The state's :class:`_Crowd` (remade when a creature moved, came, went or changed sheet) and its creatures."""
    creatures = list(state.creatures.values())
    cells = list(map(_CELL_OF, creatures))
    sheets = list(map(_SHEET_OF, creatures))
    memo = _memo(state)
    crowds = _kept(memo).crowds
    for crowd in crowds:
        # list == list compares items by identity first: unmoved creatures cost next to nothing
        if crowd.topo is topo and crowd.cells == cells and crowd.sheets == sheets:
            return crowd, creatures
    crowd = _Crowd(memo, topo, cells, sheets)
    crowds.insert(0, crowd)
    del crowds[4:]
    return crowd, creatures


def _nearby(state: EncounterState, topo: _Topology, centre: Cell, radius: int, size: int) -> list[Creature]:
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


def _enemy_anchors(state: EncounterState, topo: _Topology, mover: Creature, size: int) -> npt.NDArray[np.intp]:
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

    def __init__(self, state: EncounterState, topo: _Topology, mover: Creature, centre: Cell,
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
        threatening: list[tuple[Creature, int, int]] = []
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
        threat: dict[int, list[CreatureId]] = {}
        masks: dict[int, int] = {}
        ranks: dict[CreatureId, int] = {}
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
        self._leaving: dict[int, tuple[tuple[CreatureId, ...], frozenset[CreatureId]]] = {}

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

    def leaving(self, anchor: int) -> tuple[tuple[CreatureId, ...], frozenset[CreatureId]]:
        """Who a move provokes by leaving ``anchor``: in order, and as a set."""
        got = self._leaving.get(anchor)
        if got is None:
            ordered: list[CreatureId] = []
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


def _order_merged(state: EncounterState, ids: Iterable[CreatureId]) -> tuple[CreatureId, ...]:
    ranks = _ranks(state)
    return tuple(sorted(set(ids), key=lambda cid: ranks[cid]))


# -- threat --------------------------------------------------------------------------------


def opportunity_power(state: EncounterState, creature: Creature) -> Power | None:
    """The melee power ``creature`` would make an opportunity attack with, if any.

    Its sheet's default opportunity attack when that is a melee power, else its
    first melee basic attack.
    """
    return opportunity_power_of(creature.template)


def threat_reach(state: EncounterState, creature: Creature) -> int:
    """How far ``creature`` threatens, by the state's rules (seed 000: the reach of its opportunity power;
    0 if it has none)."""
    return _sheet(_memo(state), creature.template)[2]


def threatened_cells(state: EncounterState, creature: Creature) -> frozenset[Cell]:
    """The cells ``creature`` could make an opportunity attack into, now.

    DESIGN.md: "A creature threatens the cells it could make an opportunity
    attack into: its melee reach for such attacks (normally adjacent), only
    while it can act and holds a weapon or an attack that allows it."
    """
    if creature.dead or not state.tactics_rules.can_threaten(creature):
        return frozenset()
    reach = threat_reach(state, creature)
    if reach < 1:
        return frozenset()
    return _topology(state).threat_area(state, creature, _size(state, creature), reach)


def _threat_area(state: EncounterState, space: Sequence[Cell], reach: int) -> frozenset[Cell]:
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


def threat_map(state: EncounterState, against: Creature) -> dict[Cell, tuple[CreatureId, ...]]:
    """Every cell an enemy of ``against`` threatens, with who threatens it (initiative order)."""
    ranks = _ranks(state)
    enemies = sorted((c for c in state.living() if c.side != against.side), key=lambda c: ranks[c.id])
    out: dict[Cell, list[CreatureId]] = {}
    for enemy in enemies:
        for cell in threatened_cells(state, enemy):
            out.setdefault(cell, []).append(enemy.id)
    return {cell: tuple(ids) for cell, ids in out.items()}


def provokers_leaving(state: EncounterState, creature: Creature, anchor: Cell | None = None) -> tuple[CreatureId, ...]:
    """The enemies a move provokes by leaving ``anchor`` (default: where ``creature`` stands).

    Any cell of the creature's space at ``anchor`` being threatened counts (a
    large creature moves as a unit). In initiative order.
    """
    anchor = creature.cell if anchor is None else anchor
    topo = _topology(state)
    i = topo.index(anchor)
    if i is None:
        return ()
    # What _Surroundings(..., radius 0, threats=True).leaving(i) finds, without the rest of it: the enemies
    # that can react whose threatened cells meet the mover's space there, in initiative order.
    square = topo.is_square
    size = _size(state, creature)
    footprint = topo.footprint(i, size)
    grid = state.board.grid
    mover_id, mover_side = creature.id, creature.side
    found: list[Creature] = []
    memo = _memo(state)
    sheets = memo.sheets
    can_threaten = state.tactics_rules.can_threaten
    for other in state.creatures.values():
        if other.dead or other.side == mover_side or other.id == mover_id:
            continue
        sheet = other.template
        info = sheets.get(id(sheet))  # _sheet(sheet), without the call when known
        if info is None or info[0] is not sheet:
            info = _sheet(memo, sheet)
        reach = info[2]
        if not reach:
            continue
        osize = info[1] if square else 1
        at = other.cell
        if isinstance(at, Square) and isinstance(anchor, Square):
            near = max(abs(at.x - anchor.x), abs(at.y - anchor.y))
        else:
            near = grid.distance(anchor, at)
        if near - (size - 1 + osize - 1) > reach or not can_threaten(other):
            continue
        threatened = topo.threatened(state, other, osize, reach)
        if any(k in threatened for k in footprint):
            found.append(other)
    if len(found) > 1:
        ranks = _ranks(state)
        found.sort(key=lambda c: ranks[c.id])
    return tuple(c.id for c in found)


# -- flanking ------------------------------------------------------------------------------

def _sides(state: EncounterState, space: Sequence[Cell]) -> tuple[tuple[Cell, SideKey], ...]:
    """The cells adjacent to a space, each with the side of the space it lies on.

    Two cells flank across the space when their keys are negatives of each
    other. Squares: ``(sx, sy)`` against the space's bounding box; hex: the
    axial step from the (one-hex) space to the cell.

    Remembered per space (the grids are unbounded, so the answer depends only on the grid's kind and
    the cells), one table per kind: a Hex and a Square with the same numbers are equal tuples.
    """
    key = tuple(space)
    memo = _memo(state)
    known = memo.sides_hex if state.board.kind is GridKind.HEX else memo.sides_square
    found = known.get(key)
    if found is None:
        if len(known) >= _SIDES_KEPT:
            known.clear()
        found = known[key] = tuple(_sides_of(state, key))
    return found


_SIDES_KEPT = 1 << 14
"""At most this many spaces remembered per kind (more than a large board's anchors for both sizes)."""


def _sides_of(state: EncounterState, space: Sequence[Cell]) -> list[tuple[Cell, SideKey]]:
    """:func:`_sides` worked out."""
    grid = state.board.grid
    if state.board.kind is GridKind.HEX:
        centre = space[0]
        assert isinstance(centre, Hex)
        out: list[tuple[Cell, SideKey]] = []
        for near in grid.neighbours(centre):
            assert isinstance(near, Hex)
            out.append((near, (near.q - centre.q, near.r - centre.r)))
        return out
    squares = [c for c in space if isinstance(c, Square)]
    x0, x1 = min(c.x for c in squares), max(c.x for c in squares)
    y0, y1 = min(c.y for c in squares), max(c.y for c in squares)
    result: list[tuple[Cell, SideKey]] = []
    for y in range(y0 - 1, y1 + 2):
        sy = -1 if y < y0 else 1 if y > y1 else 0
        for x in range(x0 - 1, x1 + 2):
            sx = -1 if x < x0 else 1 if x > x1 else 0
            if sx or sy:
                result.append((Square(x, y), (sx, sy)))
    return result


def _can_flank(memo: TacticsMemo, creature: Creature) -> bool:
    """Able to attack in melee: can act and has a melee power aimed at enemies or creatures."""
    if not creature.can_act or creature.dead:
        return False
    sheet = creature.template
    got = memo.melee_sheets.get(id(sheet))
    if got is None or got[0] is not sheet:
        got = memo.melee_sheets[id(sheet)] = (sheet, _has_melee_attack(sheet))
    return got[1]


def _has_melee_attack(sheet: Template) -> bool:
    return any(p.is_melee and p.targets in (TargetKind.ENEMY, TargetKind.CREATURE) for p in sheet.powers)


def _flankers(state: EncounterState, target: Creature, space: Sequence[Cell],
              who: Callable[[Cell], Creature | None]) -> dict[SideKey, list[Creature]]:
    """The one test of who may flank: the creatures next to ``target`` standing on ``space`` that could
    flank it, grouped by the side of the space they are on (:func:`_sides`' keys); ``who(cell)`` says who
    fills a cell. Could flank: not the target, not of its side, able to attack in melee (:func:`_can_flank`).
    Two of them flank the target when they are on opposite sides (keys ``k`` and ``-k``) and
    :func:`_partners`. Every flanking query (pairs, yes/no, where to stand) is built on these two."""
    memo = state.memo
    by_key: dict[SideKey, list[Creature]] = {}
    for cell, key in _sides(state, space):
        c = who(cell)
        if c is None or c.id == target.id or c.side == target.side or not _can_flank(memo, c):
            continue
        group = by_key.setdefault(key, [])
        if all(g.id != c.id for g in group):
            group.append(c)
    return by_key


def _partners(a: Creature, b: Creature) -> bool:
    """Two creatures that can flank together: allies of each other, not the same creature."""
    return a.side == b.side and a.id != b.id


def _flank_pairs(state: EncounterState, victim: Creature, space: Sequence[Cell],
                 who: Callable[[Cell], Creature | None], ranks: dict[CreatureId, int]) -> list[tuple[Creature, Creature]]:
    """Unordered pairs (earlier in initiative first) flanking ``victim`` standing on ``space``."""
    by_key = _flankers(state, victim, space, who)
    found: dict[tuple[CreatureId, CreatureId], tuple[Creature, Creature]] = {}
    for key, group in by_key.items():
        for a in group:
            for b in by_key.get((-key[0], -key[1]), ()):
                if _partners(a, b):
                    first, second = (a, b) if ranks[a.id] < ranks[b.id] else (b, a)
                    found[(first.id, second.id)] = (first, second)
    return sorted(found.values(), key=lambda p: (ranks[p[0].id], ranks[p[1].id]))


def _is_flanked(by_key: dict[SideKey, list[Creature]], flanker: Creature | None = None) -> bool:
    """Whether :func:`_flankers`' groups hold a flanking pair (with ``flanker``: one it is in)."""
    for key, group in by_key.items():
        for a in group:
            if flanker is not None and a.id != flanker.id:
                continue
            for b in by_key.get((-key[0], -key[1]), ()):
                if _partners(a, b):
                    return True
    return False


def _occupancy_near(state: EncounterState, centre: Cell, radius: int,
                    exclude: CreatureId | None = None) -> dict[Cell, Creature]:
    """Like ``state.occupancy()``, but only creatures whose space may lie within ``radius`` of ``centre``."""
    grid = state.board.grid
    one_cell = state.board.kind is GridKind.HEX  # everyone fills one hex (see _size)
    out: dict[Cell, Creature] = {}
    for c in state.creatures.values():  # state.living(), written out
        if c.dead or c.id == exclude:
            continue
        at = c.cell
        if isinstance(at, Square) and isinstance(centre, Square):
            near = max(abs(at.x - centre.x), abs(at.y - centre.y))  # the square grid's distance, written out
        else:
            near = grid.distance(centre, at)
        size = c.template.size
        if size <= 1 or one_cell:  # _size and state.space, written out for the commonest case
            if near <= radius:
                out[at] = c
        elif near - (size - 1) <= radius:
            for cell in state.space_at(c, at):
                out[cell] = c
    return out


def _pairs_now(state: EncounterState, target: Creature) -> list[tuple[Creature, Creature]]:
    if target.dead:
        return []
    occupied = _occupancy_near(state, target.cell, _size(state, target) + 1)
    return _flank_pairs(state, target, state.space(target), occupied.get, _ranks(state))


def flanking_pairs(state: EncounterState, target: Creature) -> list[tuple[CreatureId, CreatureId]]:
    """The pairs of creatures flanking ``target`` now, each pair once (earlier in initiative first).

    DESIGN.md: "Square grid: flanking: an ally on the cell opposite the attacker
    across the target (for larger creatures: opposite sides or corners of its
    space). Hex: the ally on the hex opposite the attacker across the target."
    "Flanking needs both flankers adjacent to the target and able to attack it."
    """
    return [(a.id, b.id) for a, b in _pairs_now(state, target)]


def flanked_by(state: EncounterState, target: Creature) -> tuple[CreatureId, ...]:
    """Every creature that flanks ``target`` now (with some ally), in initiative order."""
    ids = [cid for pair in flanking_pairs(state, target) for cid in pair]
    return _order_merged(state, ids)


def is_flanking(state: EncounterState, attacker: Creature, target: Creature) -> bool:
    """Whether ``attacker`` and one of its allies flank ``target`` now."""
    return any(attacker.id in pair for pair in flanking_pairs(state, target))


def _flank_ally(state: EncounterState, attacker: Creature, target: Creature) -> Creature | None:
    for a, b in _pairs_now(state, target):
        if a.id == attacker.id:
            return b
        if b.id == attacker.id:
            return a
    return None


def flanking_cells(state: EncounterState, attacker: Creature, target: Creature) -> frozenset[Cell]:
    """Anchor cells where ``attacker`` could stand to flank ``target`` with an ally already in place.

    Only cells where it can stand (``state.can_stand``); its own cell counts if it flanks already.
    Empty if ``attacker`` could not flank at all (not an enemy of the target, cannot attack in melee).
    """
    if attacker.id == target.id or attacker.side == target.side or not _can_flank(state.memo, attacker) or target.dead:
        return frozenset()
    size = _size(state, attacker)
    occupied = _occupancy_near(state, target.cell, _size(state, target) + 2 * size + 2)
    space = state.space(target)
    ally_keys = {key for key, group in _flankers(state, target, space, occupied.get).items()
                 if any(_partners(attacker, c) for c in group)}
    sides = _sides(state, space)
    out: set[Cell] = set()
    for cell, key in sides:
        if (-key[0], -key[1]) not in ally_keys:
            continue
        if size == 1:
            anchors: list[Cell] = [cell]
        else:
            assert isinstance(cell, Square)
            anchors = [Square(cell.x - dx, cell.y - dy) for dy in range(size) for dx in range(size)]
        for anchor in anchors:
            if anchor not in out and state.can_stand(attacker, anchor, occupied):
                out.add(anchor)
    return frozenset(out)


# -- combat advantage -----------------------------------------------------------------------

_ADVANTAGE_CONDITIONS: tuple[tuple[ConditionKind, str], ...] = (
    (ConditionKind.UNCONSCIOUS, "target is unconscious"),
    (ConditionKind.STUNNED, "target is stunned"),
    (ConditionKind.DAZED, "target is dazed"),
    (ConditionKind.DOMINATED, "target is dominated"),
    (ConditionKind.BLINDED, "target is blinded"),
    (ConditionKind.GRANTING_ADVANTAGE, "target grants combat advantage"),
)


def has_combat_advantage(state: EncounterState, attacker: Creature, target: Creature,
                         melee: bool) -> tuple[bool, str]:
    """Whether ``attacker`` has combat advantage against ``target``, and why.

    Flanking (melee attacks only) first, then the target's conditions: dying,
    unconscious, stunned, dazed, dominated, blinded (it cannot see the
    attacker), granting combat advantage, prone (melee attacks only). The
    reason reads like "flanking with Ilsa" or "target is dazed"; "" without
    advantage.
    """
    if melee:
        ally = _flank_ally(state, attacker, target)
        if ally is not None:
            return True, f"flanking with {ally.name}"
    if target.dying:
        return True, "target is dying"
    for kind, reason in _ADVANTAGE_CONDITIONS:
        if target.has(kind):
            return True, reason
    if melee and target.has(ConditionKind.PRONE):
        return True, "target is prone"
    return False, ""


# -- movement ------------------------------------------------------------------------------


def can_move(state: EncounterState, creature: Creature, mode: str = "move") -> bool:
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
        self.named: tuple[CreatureId, ...] = ()


def reachable(state: EncounterState, creature: Creature, mode: str = "move",
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
    kept = _kept(_memo(state)).routes
    for known_key, known in kept:
        if known_key == key:
            return dict(known)
    found = _reachable(state, creature, mode, budget)
    kept.insert(0, (key, found))
    del kept[_ROUTES_KEPT:]
    return dict(found)


def forget_routes(state: EncounterState) -> None:
    """Drop the answers :func:`reachable` remembers for ``state`` (the benchmark times the search itself)."""
    _kept(state.memo).routes.clear()


_ROUTES_KEPT = 4
"""How many answers of :func:`reachable` an encounter's memo keeps (``TacticsMemo.routes``)."""


def _movement_key(state: EncounterState, creature: Creature, mode: str, budget: int) -> tuple[object, ...]:
    """Everything :func:`reachable` reads: the board, the mode and budget, the initiative, and for the
    mover and every creature its id, cell, side, sheet, whether it is dead or dying and its conditions.

    The state is mutable, so a remembered answer is reused only when all of this is equal (sheets and
    the board compared as objects: they never change once built)."""
    return (state.board, mode, budget, tuple(state.initiative),
            creature.id, creature.cell, creature.side, creature.template, creature.dead, creature.dying,
            tuple([c.kind for c in creature.conditions]),
            tuple([(c.id, c.cell, c.side, c.template, c.dead, c.dying, tuple([k.kind for k in c.conditions]))
                   for c in state.creatures.values()]))


def _reachable(state: EncounterState, creature: Creature, mode: str, budget: int) -> dict[Cell, Route]:
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


def route_via(state: EncounterState, creature: Creature, stops: Sequence[Cell], mode: str = "move",
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


def distance_field(state: EncounterState, creature: Creature) -> Mapping[Cell, int]:
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


def distances_to(state: EncounterState, creature: Creature, cells: Iterable[Cell], *,
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


def _dial(state: EncounterState, topo: _Topology, creature: Creature, start: int, size: int,
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


def path_cost(state: EncounterState, creature: Creature, path: Sequence[Cell],
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


def path_provokers(state: EncounterState, creature: Creature, path: Sequence[Cell],
                   mode: str = "move") -> tuple[CreatureId, ...]:
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
    out: list[CreatureId] = []
    for left in (creature.cell, *path[:-1]):
        i = topo.index(left)
        if i is None:
            continue
        for cid in around.leaving(i)[0]:
            if cid not in out:
                out.append(cid)
    return tuple(out)


# -- forced movement ------------------------------------------------------------------------


def _flank_status(state: EncounterState, target: Creature, space: Sequence[Cell],
                  occupied: dict[Cell, Creature]) -> tuple[bool, bool]:
    """(flanked, flanking) for ``target`` if it stood on ``space``; ``occupied`` leaves it out.

    What :func:`_flank_pairs` says (is there a pair flanking the target; is the target in a pair flanking
    an enemy next to it), answered as yes/no from the same groups (:func:`_flankers`), without listing,
    ordering or deduplicating the pairs.
    """
    flanked = _is_flanked(_flankers(state, target, space, occupied.get))
    if not _can_flank(state.memo, target):
        return flanked, False
    mine = set(space)

    def who(cell: Cell) -> Creature | None:
        return target if cell in mine else occupied.get(cell)

    seen: set[CreatureId] = set()
    for cell, _ in _sides(state, space):
        enemy = occupied.get(cell)
        if enemy is None or enemy.side == target.side or enemy.id in seen:
            continue
        seen.add(enemy.id)
        if _is_flanked(_flankers(state, enemy, state.space(enemy), who), target):
            return flanked, True
    return flanked, False


def forced_candidates(state: EncounterState, target: Creature, source: Cell | Collection[Cell],
                      kind: ForcedKind, distance: int) -> ForcedOptions:
    """Every cell a push, pull or slide of up to ``distance`` steps can leave ``target`` on.

    DESIGN.md: "Push: each step ends farther from the source; pull: each step
    nearer; slide: any direction. The distance is a maximum; no step enters a
    wall or an occupied cell; forced movement provokes nothing and ignores
    difficult terrain." ``source`` is a cell or a creature's whole space;
    distances are between the nearest cells.
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
        space = state.space_at(target, cell)
        flanked, flanking = _flank_status(state, target, space, occupied)
        finals[cell] = Landing(
            cell=cell, steps=len(path), max_steps=last_layer[anchor],
            path=tuple(topo.cell(i) for i in path),
            dangerous=any(board.damage_at(c) is not None for c in space),
            flanked=flanked, flanking=flanking,
        )
    return ForcedOptions(finals, tuple(layers))


# -- targets -------------------------------------------------------------------------------


def line_of_effect(state: EncounterState, a: Cell, b: Cell) -> bool:
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


def sight_memo(state: EncounterState) -> dict[tuple[Cell, Cell], bool]:
    """What :func:`line_of_effect` has worked out on ``state``'s board so far, by ``(a, b)``: a hot loop
    reads it first and calls ``line_of_effect`` only on a miss (the same answers; never write to it)."""
    return _topology(state).sight


def _sees(state: EncounterState, space: Sequence[Cell], cell: Cell) -> bool:
    return any(line_of_effect(state, s, cell) for s in space)


def _cells_around(state: EncounterState, space: Sequence[Cell], radius: int) -> list[Cell]:
    """Board cells, walls excluded, within ``radius`` of any cell of ``space``, without repeats."""
    board = state.board
    grid = board.grid
    seen: set[Cell] = set()
    out: list[Cell] = []
    for centre in space:
        for cell in grid.within(centre, radius):
            if cell not in seen:
                seen.add(cell)
                if cell in board and not board.is_wall(cell):
                    out.append(cell)
    return out


def _is_heal(power: Power) -> bool:
    return any(o.heal_surge or o.heal_bonus > 0 for o in (power.hit, power.miss, power.effect))


def is_eligible_target(user: Creature, power: Power, c: Creature) -> bool:
    """Whether ``c`` is the kind of creature ``power`` may target (position aside): :func:`target_test`'s
    first test, for lists made before positions are known (the AI's). Dead creatures never are; dying ones
    only for a heal used by an ally."""
    if c.dead or c.dying and not (c.side == user.side and _is_heal(power)):
        return False
    kind = power.targets
    if kind is TargetKind.ENEMY:
        return c.side != user.side
    if kind is TargetKind.ALLY:
        return c.side == user.side and c.id != user.id
    if kind is TargetKind.SELF_OR_ALLY:
        return c.side == user.side
    if kind is TargetKind.CREATURE:
        return True
    return c.id == user.id  # SELF


_eligible = is_eligible_target


def _ineligible(user: Creature, power: Power, c: Creature) -> str:
    """Why ``c`` is not the kind of creature ``power`` may target (position aside), in a few words; "" if it
    is. The verdict is :func:`is_eligible_target`'s; only the wording is worked out here."""
    if is_eligible_target(user, power, c):
        return ""
    if c.dead:
        return f"{c.name} is dead"
    if c.dying and not (_is_heal(power) and c.side == user.side):
        return f"{c.name} is dying"
    match power.targets:
        case TargetKind.ENEMY:
            return "" if c.side != user.side else f"{c.name} is not an enemy"
        case TargetKind.ALLY:
            if c.id == user.id:
                return f"{power.name} targets allies, not {user.name}"
            return "" if c.side == user.side else f"{c.name} is not an ally"
        case TargetKind.SELF_OR_ALLY:
            return "" if c.side == user.side else f"{c.name} is not {user.name} or an ally"
        case TargetKind.CREATURE:
            return ""
        case TargetKind.SELF:
            return "" if c.id == user.id else f"{power.name} targets {user.name} only"
    return "not a target"  # pragma: no cover


def burst_origins(state: EncounterState, user: Creature, power: Power) -> frozenset[Cell]:
    """The cells an area burst may be centred on: within range of the user, not walls, in line of effect."""
    if power.reach.kind is not RangeKind.AREA_BURST:
        return frozenset()
    space = state.space(user)
    return frozenset(c for c in _cells_around(state, space, power.reach.range) if _sees(state, space, c))


def is_burst_origin(state: EncounterState, user: Creature, power: Power, origin: Cell) -> bool:
    """Whether an area burst may be centred on ``origin`` (the test behind :func:`burst_origins`, for one cell)."""
    return power.reach.kind is RangeKind.AREA_BURST and _burst_origin_ok(state, user, power, origin)


def origin_problem(state: EncounterState, user: Creature, power: Power, origin: Cell) -> str:
    """Why an area burst cannot be centred on ``origin``, or a close blast aimed by it, in a few words
    ("out of range: 12 cells, range 10", "no line of effect"); "" when it can."""
    board = state.board
    match power.reach.kind:
        case RangeKind.AREA_BURST:
            if _burst_origin_ok(state, user, power, origin):
                return ""
            if origin not in board:
                return "off the map"
            if board.is_wall(origin):
                return "a wall"
            gap = state.distance_to_cell(user, origin)
            if gap > power.reach.range:
                return f"out of range: {gap} cells, range {power.reach.range}"
            return "no line of effect"
        case RangeKind.CLOSE_BLAST:
            if blast_cells(state, user, origin, power.reach.size):
                return ""
            if origin in state.space(user) or min(board.grid.distance(s, origin) for s in state.space(user)) != 1:
                return f"a blast is aimed by a cell next to {user.name}"
            return "the blast would cover no cell there (walls, no line of effect)"
    return f"{power.name} is not aimed at a cell"


def _burst_origin_ok(state: EncounterState, user: Creature, power: Power, origin: Cell,
                     space: Sequence[Cell] | None = None) -> bool:
    """Whether an area burst may be centred on ``origin`` by ``user`` standing on ``space`` (default: its
    own): a board cell, no wall, within range, in line of effect."""
    board = state.board
    if origin not in board or board.is_wall(origin):
        return False
    if space is None:
        space = state.space(user)
        gap = state.distance_to_cell(user, origin)
    else:
        gap = _gap(state, space, (origin,))
    return gap <= power.reach.range and _sees(state, space, origin)


def _gap(state: EncounterState, mine: Sequence[Cell], theirs: Sequence[Cell]) -> int:
    """Cells between the nearest cells of two spaces (``EncounterState.distance``'s, for spaces)."""
    distance = state.board.grid.distance
    if len(mine) == 1 and len(theirs) == 1:
        return distance(mine[0], theirs[0])
    return min(distance(x, y) for x in mine for y in theirs)


def blast_cells(state: EncounterState, user: Creature, origin: Cell, size: int) -> frozenset[Cell]:
    """The cells of a close blast ``size`` aimed by ``origin``, a cell adjacent to the user's space.

    Squares: the ``size`` x ``size`` square beside the user on ``origin``'s
    side, centred on ``origin`` along that side (even sizes grow towards +x /
    +y), or growing away from the corner at a corner. Hex: the hexes within
    ``size`` of the user and within 30 degrees of the direction to ``origin``.
    Walls and cells without line of effect from the user are left out; an
    origin not adjacent to the user's space gives nothing.
    """
    if size < 1:
        return frozenset()
    return _blast_from(state, state.space(user), origin, size)


def _blast_from(state: EncounterState, space: tuple[Cell, ...], origin: Cell, size: int) -> frozenset[Cell]:
    """:func:`blast_cells` of a user standing on ``space``."""
    # Memoised per board: the answer depends on the board (its kind, walls and lines of effect, which never
    # change), the user's space, the origin and the size, all in the key; the types are in it because a Hex
    # and a Square with the same numbers are equal tuples.
    memo = _topology(state).blasts
    key = (type(space[0]), space, type(origin), origin, size)
    got = memo.get(key)
    if got is None:
        if len(memo) >= _BLASTS_KEPT:
            memo.clear()
        got = memo[key] = _blast_cells(state, space, origin, size)
    return got


_BLASTS_KEPT = 1 << 16
"""At most this many blasts remembered per board."""


def _blast_cells(state: EncounterState, space: tuple[Cell, ...], origin: Cell, size: int) -> frozenset[Cell]:
    """:func:`blast_cells` worked out, for a user on ``space``."""
    grid = state.board.grid
    cells: list[Cell] = []
    if state.board.kind is GridKind.HEX:
        centre = space[0]
        assert isinstance(centre, Hex) and isinstance(origin, Hex)
        if not grid.is_adjacent(centre, origin):
            return frozenset()
        dq, dr = origin.q - centre.q, origin.r - centre.r
        ds = -dq - dr
        norm_d = dq * dq + dr * dr + ds * ds
        for cell in grid.within(centre, size):
            assert isinstance(cell, Hex)
            vq, vr = cell.q - centre.q, cell.r - centre.r
            vs = -vq - vr
            dot = vq * dq + vr * dr + vs * ds
            norm_v = vq * vq + vr * vr + vs * vs
            # cos(angle) >= cos(30 degrees), in the cube-coordinate plane (an isometry of the hex plane)
            if norm_v and dot > 0 and 4 * dot * dot >= 3 * norm_v * norm_d:
                cells.append(cell)
    else:
        if not isinstance(origin, Square):
            return frozenset()
        sides = dict(_sides(state, space))
        key = sides.get(origin)
        if key is None:
            return frozenset()
        squares = [c for c in space if isinstance(c, Square)]
        x0, x1 = min(c.x for c in squares), max(c.x for c in squares)
        y0, y1 = min(c.y for c in squares), max(c.y for c in squares)

        def span(s: int, low: int, high: int, at: int) -> range:
            if s > 0:
                return range(high + 1, high + 1 + size)
            if s < 0:
                return range(low - size, low)
            first = at - (size - 1) // 2
            return range(first, first + size)

        cells = [Square(x, y) for y in span(key[1], y0, y1, origin.y) for x in span(key[0], x0, x1, origin.x)]
    board = state.board
    return frozenset(c for c in cells if c in board and not board.is_wall(c) and _sees(state, space, c))


def area_cells(state: EncounterState, user: Creature, power: Power, origin: Cell | None = None) -> frozenset[Cell]:
    """The cells an area power covers: close burst around the user, area burst around ``origin``,
    close blast towards ``origin``. Empty for other powers and for an illegal ``origin``."""
    space = state.space(user)
    match power.reach.kind:
        case RangeKind.CLOSE_BURST:
            mine = set(space)
            return frozenset(c for c in _cells_around(state, space, power.reach.size)
                             if c not in mine and _sees(state, space, c))
        case RangeKind.AREA_BURST:
            if origin is None or not _burst_origin_ok(state, user, power, origin):
                return frozenset()
            return frozenset(c for c in _cells_around(state, (origin,), power.reach.size)
                             if line_of_effect(state, origin, c))
        case RangeKind.CLOSE_BLAST:
            if origin is None:
                return frozenset()
            return blast_cells(state, user, origin, power.reach.size)
        case _:
            return frozenset()


def valid_targets(state: EncounterState, user: Creature, power: Power,
                  origin: Cell | None = None) -> list[Creature]:
    """The creatures ``power`` may target now (areas: every creature it would hit), initiative order.

    ``origin``: the centre of an area burst, or the adjacent cell a close blast
    is aimed at; ignored otherwise. See the module's rulings. The creatures
    :func:`target_test` accepts (the one implementation of the rulings).
    """
    if user.dead:
        return []
    test = target_test(state, user, power, origin)
    ranks = _ranks(state)
    return sorted((c for c in state.living() if test(c)), key=lambda c: ranks[c.id])


def target_test(state: EncounterState, user: Creature, power: Power,
                origin: Cell | None = None, *, at: Cell | None = None) -> Callable[[Creature], bool]:
    """A test of one creature at a time: ``test(c)`` is ``c in valid_targets(state, user, power, origin)``.

    The one implementation of the targeting rulings (the module docstring's "Targets"):
    :func:`valid_targets`, :func:`is_valid_target`, :func:`target_problem`'s verdict and the AI's target
    lists are all made of it. ``at``: as if ``user`` stood with its anchor on ``at`` (everyone else where
    they are), without moving it. The area, if any, is worked out once, when the test is made; the test
    reads the state when called, so make it afresh after the state changes.
    """
    if user.dead:
        return _never
    reach = power.reach
    kind = reach.kind
    if kind is RangeKind.PERSONAL or power.targets is TargetKind.SELF:
        return lambda c: c.id == user.id
    user_id = user.id
    self_ok = power.targets is TargetKind.SELF_OR_ALLY
    space = state.space(user) if at is None else state.space_at(user, at)
    match kind:
        case RangeKind.MELEE | RangeKind.RANGED:
            limit = reach.reach if kind is RangeKind.MELEE else reach.range
            distance = state.board.grid.distance
            sight = _topology(state).sight
            one = space[0] if len(space) == 1 else None

            def in_reach(c: Creature) -> bool:
                if not _eligible(user, power, c):
                    return False
                if c.id == user_id:
                    return self_ok
                theirs = state.space(c)
                if one is not None and len(theirs) == 1:  # the commonest case, written out
                    there = theirs[0]
                    if distance(one, there) > limit:
                        return False
                    seen = sight.get((one, there))  # line_of_effect's memo first
                    return line_of_effect(state, one, there) if seen is None else seen
                if _gap(state, space, theirs) > limit:
                    return False
                return any(_sees(state, space, cell) for cell in theirs)

            return in_reach
        case RangeKind.CLOSE_BURST | RangeKind.CLOSE_BLAST | RangeKind.AREA_BURST:
            # area_cells, one cell at a time for bursts (a blast is a few cells: worked out whole)
            board = state.board
            grid = board.grid
            covers: Callable[[Cell], bool]
            if kind is RangeKind.AREA_BURST:
                # the centre is always in its own burst, so the area is empty exactly when the centre is illegal
                if origin is None or not _burst_origin_ok(state, user, power, origin, space):
                    return _never
                user_ok = power.targets in (TargetKind.CREATURE, TargetKind.SELF_OR_ALLY)
                centre, size = origin, reach.size

                def covers(cell: Cell) -> bool:
                    return (grid.distance(centre, cell) <= size and cell in board and not board.is_wall(cell)
                            and line_of_effect(state, centre, cell))
            elif kind is RangeKind.CLOSE_BURST:
                user_ok = self_ok
                size = reach.size

                def covers(cell: Cell) -> bool:
                    return (cell not in space and min(grid.distance(s, cell) for s in space) <= size
                            and cell in board and not board.is_wall(cell) and _sees(state, space, cell))
            else:
                cells = _blast_from(state, space, origin, reach.size) if origin is not None and reach.size >= 1 \
                    else frozenset()
                if not cells:
                    return _never
                user_ok = self_ok
                covers = cells.__contains__

            def in_area(c: Creature) -> bool:
                if not _eligible(user, power, c):
                    return False
                if c.id == user_id:
                    if kind is not RangeKind.AREA_BURST or not user_ok:
                        return user_ok
                    return any(covers(cell) for cell in space)
                return any(covers(cell) for cell in state.space(c))

            return in_area
    return _never


def _never(c: Creature) -> bool:
    return False


def target_problem(state: EncounterState, user: Creature, power: Power, target: Creature,
                   origin: Cell | None = None) -> str:
    """Why ``target`` is not one of :func:`valid_targets` (same arguments), in a few words for a player
    ("Goblin 2 is not an enemy", "out of range: 7 cells, range 5", "no line of effect"); "" when it is one.

    The answer is :func:`target_test`'s (the engine's own test); only the wording is worked out here,
    from the same rulings, so a reason is never given for a valid target."""
    if target_test(state, user, power, origin)(target):
        return ""
    if user.dead:
        return f"{user.name} is dead"
    why = _ineligible(user, power, target)
    if why:
        return why
    reach = power.reach
    kind = reach.kind
    if kind is RangeKind.PERSONAL or power.targets is TargetKind.SELF:
        return f"{power.name} targets {user.name} only"
    space = state.space(user)

    def seen_from(cells: Sequence[Cell]) -> bool:
        return any(_sees(state, cells, cell) for cell in state.space(target))

    if target.id == user.id:
        return f"{power.name} cannot target {user.name}"
    match kind:
        case RangeKind.MELEE | RangeKind.RANGED:
            limit = reach.reach if kind is RangeKind.MELEE else reach.range
            gap = state.distance(user, target)
            if gap > limit:
                what = "reach" if kind is RangeKind.MELEE else "range"
                return f"out of {what}: {gap} cells, {what} {limit}"
            if not seen_from(space):
                return "no line of effect"
        case RangeKind.CLOSE_BURST:
            if min(state.distance_to_cell(user, c) for c in state.space(target)) > reach.size:
                return f"out of the burst: {state.distance(user, target)} cells, burst {reach.size}"
            if not seen_from(space):
                return "no line of effect"
        case RangeKind.AREA_BURST:
            if origin is None:
                return f"{power.name} needs a cell to centre on"
            if not _burst_origin_ok(state, user, power, origin):
                return "the burst cannot be centred there (out of range or no line of effect)"
            grid = state.board.grid
            if min(grid.distance(origin, c) for c in state.space(target)) > reach.size:
                return "not in the burst"
            if not seen_from((origin,)):
                return "no line of effect from the burst's centre"
        case RangeKind.CLOSE_BLAST:
            if origin is None:
                return f"{power.name} needs a direction"
            return "not in the blast"
    return "not in the area"


def is_valid_target(state: EncounterState, user: Creature, power: Power, target: Creature,
                    origin: Cell | None = None) -> bool:
    """Whether ``target`` is one of :func:`valid_targets` (same arguments), without listing them all."""
    return target_test(state, user, power, origin)(target)


def flank_status_at(state: EncounterState, creature: Creature, anchor: Cell) -> tuple[bool, bool]:
    """``(flanked, flanking)`` for ``creature`` if it stood with its anchor at ``anchor``, everyone else
    where they are: whether two of its enemies would flank it, and whether it would flank an enemy with
    an ally (seed 000's movement and forced-movement decisions ask exactly this)."""
    size = _size(state, creature)
    occupied = _occupancy_near(state, anchor, 2 * size + 4, exclude=creature.id)
    return _flank_status(state, creature, state.space_at(creature, anchor), occupied)
