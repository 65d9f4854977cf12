"""Flanking (one implementation: :func:`_flankers` and :func:`_partners`): two allies on opposite sides of an
enemy they are both next to. Who may flank at all is the rules' (``can_flank_with`` a sheet, ``can_flank``
now); the geometry of "opposite" is every ruleset's (see ``game.rulesets.seed000.tactics``' rulings)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.grid import Cell, GridKind, Hex, Square
from game.mechanics.tactics.memo import SideKey
from game.mechanics.tactics.rules import Field, Piece, PieceId
from game.mechanics.tactics.base import _memo, _ranks, _size, can_stand, space, space_at
from game.mechanics.tactics.base import space as _space
from game.mechanics.tactics.crowd import _order_merged


def _sides(state: Field[Any], space: Sequence[Cell]) -> tuple[tuple[Cell, SideKey], ...]:
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


def _sides_of(state: Field[Any], space: Sequence[Cell]) -> list[tuple[Cell, SideKey]]:
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


def _can_flank(state: Field[Any], creature: Piece) -> bool:
    """Able to flank: alive, the rules' ``can_flank`` now and ``can_flank_with`` its sheet (remembered per
    sheet in the encounter's memo; seed 000: can act, and has a melee power aimed at enemies or creatures)."""
    if creature.dead:
        return False
    memo = _memo(state)
    rules = state.tactics_rules
    if not rules.can_flank(creature):
        return False
    sheet = creature.template
    got = memo.melee_sheets.get(id(sheet))
    if got is None or got[0] is not sheet:
        got = memo.melee_sheets[id(sheet)] = (sheet, rules.can_flank_with(sheet))
    return got[1]


def _flankers(state: Field[Any], target: Piece, space: Sequence[Cell],
              who: Callable[[Cell], Piece | None]) -> dict[SideKey, list[Piece]]:
    """The one test of who may flank: the creatures next to ``target`` standing on ``space`` that could
    flank it, grouped by the side of the space they are on (:func:`_sides`' keys); ``who(cell)`` says who
    fills a cell. Could flank: not the target, not of its side, able to attack in melee (:func:`_can_flank`).
    Two of them flank the target when they are on opposite sides (keys ``k`` and ``-k``) and
    :func:`_partners`. Every flanking query (pairs, yes/no, where to stand) is built on these two."""
    by_key: dict[SideKey, list[Piece]] = {}
    for cell, key in _sides(state, space):
        c = who(cell)
        if c is None or c.id == target.id or c.side == target.side or not _can_flank(state, c):
            continue
        group = by_key.setdefault(key, [])
        if all(g.id != c.id for g in group):
            group.append(c)
    return by_key


def _partners(a: Piece, b: Piece) -> bool:
    """Two creatures that can flank together: allies of each other, not the same creature."""
    return a.side == b.side and a.id != b.id


def _flank_pairs(state: Field[Any], victim: Piece, space: Sequence[Cell],
                 who: Callable[[Cell], Piece | None], ranks: dict[PieceId, int]) -> list[tuple[Piece, Piece]]:
    """Unordered pairs (earlier in initiative first) flanking ``victim`` standing on ``space``."""
    by_key = _flankers(state, victim, space, who)
    found: dict[tuple[PieceId, PieceId], tuple[Piece, Piece]] = {}
    for key, group in by_key.items():
        for a in group:
            for b in by_key.get((-key[0], -key[1]), ()):
                if _partners(a, b):
                    first, second = (a, b) if ranks[a.id] < ranks[b.id] else (b, a)
                    found[(first.id, second.id)] = (first, second)
    return sorted(found.values(), key=lambda p: (ranks[p[0].id], ranks[p[1].id]))


def _is_flanked(by_key: dict[SideKey, list[Piece]], flanker: Piece | None = None) -> bool:
    """Whether :func:`_flankers`' groups hold a flanking pair (with ``flanker``: one it is in)."""
    for key, group in by_key.items():
        for a in group:
            if flanker is not None and a.id != flanker.id:
                continue
            for b in by_key.get((-key[0], -key[1]), ()):
                if _partners(a, b):
                    return True
    return False


def _occupancy_near(state: Field[Any], centre: Cell, radius: int,
                    exclude: PieceId | None = None) -> dict[Cell, Piece]:
    """Like ``state.occupancy()``, but only creatures whose space may lie within ``radius`` of ``centre``."""
    grid = state.board.grid
    one_cell = state.board.kind is GridKind.HEX  # everyone fills one hex (see _size)
    out: dict[Cell, Piece] = {}
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
            for cell in space_at(state, c, at):
                out[cell] = c
    return out


def _pairs_now(state: Field[Any], target: Piece) -> list[tuple[Piece, Piece]]:
    if target.dead:
        return []
    occupied = _occupancy_near(state, target.cell, _size(state, target) + 1)
    return _flank_pairs(state, target, space(state, target), occupied.get, _ranks(state))


def flanking_pairs(state: Field[Any], target: Piece) -> list[tuple[PieceId, PieceId]]:
    """The pairs of creatures flanking ``target`` now, each pair once (earlier in initiative first).

    Seed 000's DESIGN.md: "Square grid: flanking: an ally on the cell opposite the attacker
    across the target (for larger creatures: opposite sides or corners of its
    space). Hex: the ally on the hex opposite the attacker across the target."
    "Flanking needs both flankers adjacent to the target and able to attack it."
    """
    return [(a.id, b.id) for a, b in _pairs_now(state, target)]


def flanked_by(state: Field[Any], target: Piece) -> tuple[PieceId, ...]:
    """Every creature that flanks ``target`` now (with some ally), in initiative order."""
    ids = [cid for pair in flanking_pairs(state, target) for cid in pair]
    return _order_merged(state, ids)


def is_flanking(state: Field[Any], attacker: Piece, target: Piece) -> bool:
    """Whether ``attacker`` and one of its allies flank ``target`` now."""
    return any(attacker.id in pair for pair in flanking_pairs(state, target))


def flank_ally(state: Field[Any], attacker: Piece, target: Piece) -> Piece | None:
    """The ally ``attacker`` flanks ``target`` with now (the first pair in initiative order), if any."""
    for a, b in _pairs_now(state, target):
        if a.id == attacker.id:
            return b
        if b.id == attacker.id:
            return a
    return None


def flanking_cells(state: Field[Any], attacker: Piece, target: Piece) -> frozenset[Cell]:
    """Anchor cells where ``attacker`` could stand to flank ``target`` with an ally already in place.

    Only cells where it can stand (:func:`can_stand`); its own cell counts if it flanks already.
    Empty if ``attacker`` could not flank at all (not an enemy of the target, cannot attack in melee).
    """
    if attacker.id == target.id or attacker.side == target.side or not _can_flank(state, attacker) or target.dead:
        return frozenset()
    size = _size(state, attacker)
    occupied = _occupancy_near(state, target.cell, _size(state, target) + 2 * size + 2)
    around = space(state, target)
    ally_keys = {key for key, group in _flankers(state, target, around, occupied.get).items()
                 if any(_partners(attacker, c) for c in group)}
    sides = _sides(state, around)
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
            if anchor not in out and can_stand(state, attacker, anchor, occupied):
                out.add(anchor)
    return frozenset(out)


def _flank_status(state: Field[Any], target: Piece, space: Sequence[Cell],
                  occupied: dict[Cell, Piece]) -> tuple[bool, bool]:
    """(flanked, flanking) for ``target`` if it stood on ``space``; ``occupied`` leaves it out.

    What :func:`_flank_pairs` says (is there a pair flanking the target; is the target in a pair flanking
    an enemy next to it), answered as yes/no from the same groups (:func:`_flankers`), without listing,
    ordering or deduplicating the pairs.
    """
    flanked = _is_flanked(_flankers(state, target, space, occupied.get))
    if not _can_flank(state, target):
        return flanked, False
    mine = set(space)

    def who(cell: Cell) -> Piece | None:
        return target if cell in mine else occupied.get(cell)

    seen: set[PieceId] = set()
    for cell, _ in _sides(state, space):
        enemy = occupied.get(cell)
        if enemy is None or enemy.side == target.side or enemy.id in seen:
            continue
        seen.add(enemy.id)
        if _is_flanked(_flankers(state, enemy, _space(state, enemy), who), target):
            return flanked, True
    return flanked, False


def flank_status_at(state: Field[Any], creature: Piece, anchor: Cell) -> tuple[bool, bool]:
    """``(flanked, flanking)`` for ``creature`` if it stood with its anchor at ``anchor``, everyone else
    where they are: whether two of its enemies would flank it, and whether it would flank an enemy with
    an ally (seed 000's movement and forced-movement decisions ask exactly this)."""
    size = _size(state, creature)
    occupied = _occupancy_near(state, anchor, 2 * size + 4, exclude=creature.id)
    return _flank_status(state, creature, space_at(state, creature, anchor), occupied)
