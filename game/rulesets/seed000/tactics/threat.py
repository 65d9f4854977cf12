"""Threat: who threatens which cells, and who a creature provokes by leaving."""

from __future__ import annotations


from game.grid import Cell, Square
from game.rulesets.seed000.model import CreatureId, Power
from game.rulesets.seed000.state import Creature, EncounterState
from game.rulesets.seed000.tactics_rules import opportunity_power_of
from game.rulesets.seed000.tactics.base import _memo, _ranks, _size
from game.rulesets.seed000.tactics.topology import _sheet, _topology


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
