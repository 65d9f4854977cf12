"""What seed 000's window highlights on the board, straight from the tactics queries the engine itself uses.

No rule is decided here: every cell set is the answer of a function of
:mod:`game.rulesets.seed000.tactics` (the same the engine checks commands with and the
automatic decisions choose with), only given a colour. So a highlighted cell
is exactly one the engine accepts. The grid and the terrain are the generic window's
(``game.ui.overlays``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from game.grid import Cell
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.model import ForcedKind, Power, RangeKind
from game.rulesets.seed000.state import Creature, EncounterState
from game.ui.board_view import RGBA, Layer

THREAT: RGBA = (235, 50, 40, 80)
THREAT_FRAME: RGBA = (235, 50, 40, 210)
SAFE: RGBA = (60, 200, 110, 95)
PROVOKING: RGBA = (245, 150, 30, 110)
HURTING: RGBA = (255, 60, 200, 110)
"""Reachable, but the safest path there enters dangerous terrain (on the way)."""
PROVOKING_FRAME: RGBA = (245, 150, 30, 230)
HURTING_FRAME: RGBA = (255, 60, 200, 230)
FLANK: RGBA = (190, 90, 255, 230)
CANDIDATE: RGBA = (40, 210, 230, 120)
CANDIDATE_DANGER: RGBA = (255, 60, 140, 150)
ORIGIN: RGBA = (120, 170, 255, 70)
TARGETABLE: RGBA = (255, 230, 80, 200)
CHARGE: RGBA = (150, 110, 255, 115)

OVERLAYS: dict[str, tuple[str, str]] = {
    "threat": ("T", "cells threatened by the acting creature's enemies (red frame)"),
    "reach": ("R", "reachable cells: green safe, orange only by provoking, pink only through dangerous "
                   "terrain; a dangerous cell is framed, not filled, so its red shows"),
    "flanking": ("F", "flanking near the acting creature: who flanks whom (lines), where it would flank (dots)"),
}
"""Seed 000's overlays: name -> (its key, what it shows); the F1 help lists these after the generic ones."""


def threat_layer(state: EncounterState, actor: Creature) -> Layer:
    """``tactics.threat_map``: every cell an enemy of ``actor`` threatens."""
    return Layer({cell: THREAT_FRAME for cell in tactics.threat_map(state, actor)}, "frame")


THREAT_BATCH = 64
"""Enemies ``threat_steps`` looks at in one step (about 0.5 ms on the bench's map)."""


def threat_steps(state: EncounterState, actor: Creature, batch: int | None = None) -> Iterator[Layer | None]:
    """``threat_layer`` in steps of ``batch`` (default THREAT_BATCH) enemies of ``actor``: yields None after
    each step but the last, then the layer (its cells those of ``threat_layer``). The table runs as many steps
    a frame as its budget allows, so a crowd of enemies does not make one frame long."""
    enemies = [c for c in state.living() if c.side != actor.side]
    batch = max(1, THREAT_BATCH if batch is None else batch)
    cells: dict[Cell, RGBA] = {}
    for start in range(0, len(enemies), batch):
        for enemy in enemies[start:start + batch]:
            for cell in tactics.threatened_cells(state, enemy):
                cells[cell] = THREAT_FRAME
        if start + batch < len(enemies):
            yield None
    yield Layer(cells, "frame")


def reach_layers(state: EncounterState, actor: Creature, routes: dict[Cell, tactics.Route],
                 danger: bool | None = None) -> tuple[Layer, Layer]:
    """``tactics.reachable``, as two layers: cells filled green (the safest path provokes nobody and enters
    no dangerous terrain), orange (it provokes) or pink (it enters dangerous terrain,
    ``tactics.path_dangers``); and the cells whose own terrain is dangerous only framed in those colours,
    so that the terrain's red stays visible under the reach. ``danger``: whether the board has dangerous
    terrain at all (``board_has_danger``; looked up if None)."""
    fills: dict[Cell, RGBA] = {}
    frames: dict[Cell, RGBA] = {}
    if danger is None:
        danger = board_has_danger(state)
    for cell, route in routes.items():
        if danger and tactics.path_dangers(state, actor, route.safest_path):
            if tactics.danger_under(state, actor, cell) is not None:
                frames[cell] = PROVOKING_FRAME if route.provokes else HURTING_FRAME
            else:
                fills[cell] = PROVOKING if route.provokes else HURTING
        else:
            fills[cell] = PROVOKING if route.provokes else SAFE
    return Layer(fills, "fill"), Layer(frames, "frame")


def board_has_danger(state: EncounterState) -> bool:
    """Some cell of the board has dangerous terrain (terrain that deals damage)."""
    return any(t.damage is not None for t in state.board.special_cells().values())


@dataclass(frozen=True)
class Flanking:
    pairs: tuple[tuple[str, str, str], ...]
    """(flanker, flanker, target) for every pair flanking someone now."""
    cells: frozenset[Cell]
    """Where the acting creature would flank an enemy with an ally already in place."""


FLANK_RADIUS = 3
"""Flanking is shown around the acting creature: within its speed plus this many cells."""


def flanking(state: EncounterState, actor: Creature | None) -> Flanking:
    """``tactics.flanking_pairs`` of every creature near the actor (within its speed + FLANK_RADIUS
    cells: a crowd of a thousand tokens would otherwise cost a second), and ``tactics.flanking_cells``
    of the actor against every enemy that near."""
    if actor is None:
        return Flanking((), frozenset())
    grid = state.board.grid
    radius = actor.speed() + FLANK_RADIUS
    near = [c for c in state.living() if grid.distance(actor.cell, c.cell) <= radius]
    pairs: list[tuple[str, str, str]] = []
    for target in near:
        for a, b in tactics.flanking_pairs(state, target):
            pairs.append((a, b, target.id))
    cells: set[Cell] = set()
    for enemy in near:
        if enemy.side != actor.side:
            cells |= tactics.flanking_cells(state, actor, enemy)
    return Flanking(tuple(pairs), frozenset(cells))


FLANK_BATCH = 2
"""Queries ``flanking_steps`` makes in one step (who flanks a creature, or where the actor would flank it: each
scans the crowd, ~0.4 ms on the bench's map)."""


def flanking_steps(state: EncounterState, actor: Creature | None,
                   batch: int | None = None) -> Iterator[Flanking | None]:
    """``flanking`` in steps of ``batch`` (default FLANK_BATCH) queries about the creatures near the actor:
    yields None after each step but the last, then what ``flanking`` answers."""
    if actor is None:
        yield Flanking((), frozenset())
        return
    grid = state.board.grid
    radius = actor.speed() + FLANK_RADIUS
    near = [c for c in state.living() if grid.distance(actor.cell, c.cell) <= radius]
    # one item of work per query: the pairs flanking each creature near, then the actor's cells against each enemy
    work: list[tuple[bool, Creature]] = [(True, c) for c in near] + [(False, c) for c in near if c.side != actor.side]
    pairs: list[tuple[str, str, str]] = []
    cells: set[Cell] = set()
    batch = max(1, FLANK_BATCH if batch is None else batch)
    for start in range(0, len(work), batch):
        for is_target, creature in work[start:start + batch]:
            if is_target:
                pairs.extend((a, b, creature.id) for a, b in tactics.flanking_pairs(state, creature))
            else:
                cells |= tactics.flanking_cells(state, actor, creature)
        if start + batch < len(work):
            yield None
    yield Flanking(tuple(pairs), frozenset(cells))


def flanking_layer(info: Flanking) -> Layer:
    return Layer({cell: FLANK for cell in info.cells}, "dot")


def forced_power(power: Power) -> tuple[ForcedKind, int] | None:
    """The forced movement a power's hit, miss or effect causes (kind, distance), if any."""
    for outcome in (power.hit, power.miss, power.effect):
        if outcome.forced is not None:
            return outcome.forced.kind, outcome.forced.distance
    return None


def forced_options(state: EncounterState, actor: Creature, target: Creature, power: Power) -> tactics.ForcedOptions:
    """``tactics.forced_candidates`` as the engine calls it: from the user's space."""
    forced = forced_power(power)
    if forced is None:
        return tactics.ForcedOptions({}, ())
    kind, distance = forced
    return tactics.forced_candidates(state, target, state.space(actor), kind, distance)


def candidates_layer(options: tactics.ForcedOptions) -> Layer:
    return Layer({cell: (CANDIDATE_DANGER if landing.dangerous else CANDIDATE)
                  for cell, landing in options.finals.items()}, "fill")


def self_movement(power: Power) -> tuple[str, int] | None:
    """How the power moves its user afterwards: ``("shift", N)`` for "shift N" (``shift_self``), ``("move", N)``
    for "move N" (``move_self``); None if it does not. The command's ``shift_to`` names the cell for both."""
    outcomes = (power.hit, power.miss, power.effect)
    shift = max(o.shift_self for o in outcomes)
    if shift:
        return "shift", shift
    move = max(o.move_self for o in outcomes)
    return ("move", move) if move else None


def shift_layer(state: EncounterState, actor: Creature, cells: dict[Cell, tactics.Route]) -> Layer:
    """Where the power's shift (or move) may put the user (``tactics.reachable`` with its mode and distance,
    the cells the engine accepts as ``shift_to``): cyan, pink where the cell is dangerous."""
    return Layer({cell: (CANDIDATE_DANGER if tactics.danger_under(state, actor, cell) is not None else CANDIDATE)
                  for cell in cells}, "fill")


def needs_origin(power: Power) -> bool:
    """Area bursts are centred on a cell; close blasts aimed by a cell next to the user."""
    return power.reach.kind in (RangeKind.AREA_BURST, RangeKind.CLOSE_BLAST)


def origin_cells(state: EncounterState, actor: Creature, power: Power) -> frozenset[Cell]:
    """Where an area power may be aimed: ``tactics.burst_origins``; for a blast, the cells next to the user
    whose ``tactics.blast_cells`` are not empty."""
    if power.reach.kind is RangeKind.AREA_BURST:
        return tactics.burst_origins(state, actor, power)
    if power.reach.kind is RangeKind.CLOSE_BLAST:
        around: set[Cell] = set()
        grid = state.board.grid
        for cell in state.space(actor):
            around.update(grid.neighbours(cell))
        around -= set(state.space(actor))
        return frozenset(c for c in around if tactics.blast_cells(state, actor, c, power.reach.size))
    return frozenset()


def origin_layer(cells: frozenset[Cell]) -> Layer:
    return Layer({cell: ORIGIN for cell in cells}, "fill")


def charge_layer(ends: dict[Cell, tactics.Route]) -> Layer:
    """``charging.charge_ends``: the cells a charge at the chosen enemy may end on."""
    return Layer({cell: CHARGE for cell in ends}, "fill")
