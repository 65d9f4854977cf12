"""Threat: who threatens which cells, and who a creature provokes by leaving."""

from __future__ import annotations

from typing import Any

from game.grid import Cell, Square
from game.mechanics.tactics.rules import Field, Piece, PieceId
from game.mechanics.tactics.base import _memo, _ranks, _size
from game.mechanics.tactics.topology import _sheet, _topology


def threat_reach(state: Field[Any], creature: Piece) -> int:
    """How far ``creature`` threatens, by the state's rules (``threat_reach`` of its sheet; 0: not at all)."""
    return _sheet(_memo(state), creature.template)[2]


def threatened_cells(state: Field[Any], creature: Piece) -> frozenset[Cell]:
    """The cells ``creature`` could make an opportunity attack into, now.

    The board cells, walls excluded, within its threat reach (the rules' ``threat_reach`` of its sheet) of
    its space and not in it (beyond 1: in line of effect from it), while the rules say it can threaten.
    """
    if creature.dead or not state.tactics_rules.can_threaten(creature):
        return frozenset()
    reach = threat_reach(state, creature)
    if reach < 1:
        return frozenset()
    return _topology(state).threat_area(state, creature, _size(state, creature), reach)


def threat_map(state: Field[Any], against: Piece) -> dict[Cell, tuple[PieceId, ...]]:
    """Every cell an enemy of ``against`` threatens, with who threatens it (initiative order)."""
    ranks = _ranks(state)
    enemies = sorted((c for c in state.creatures.values() if not c.dead and c.side != against.side), key=lambda c: ranks[c.id])
    out: dict[Cell, list[PieceId]] = {}
    for enemy in enemies:
        for cell in threatened_cells(state, enemy):
            out.setdefault(cell, []).append(enemy.id)
    return {cell: tuple(ids) for cell, ids in out.items()}


def provokers_leaving(state: Field[Any], creature: Piece, anchor: Cell | None = None) -> tuple[PieceId, ...]:
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
    found: list[Piece] = []
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
