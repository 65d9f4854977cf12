"""Targets and areas: bursts and blasts, their origins, and valid targets (one implementation:
:func:`target_test`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.board import Board
from game.grid import Cell, GridKind, Hex, Square
from game.rulesets.seed000.model import Power, RangeKind, TargetKind
from game.rulesets.seed000.state import Creature, EncounterState
from game.mechanics.tactics.base import _ranks
from game.mechanics.tactics.topology import _sees, _topology, line_of_effect
from game.mechanics.tactics.flanking import _sides


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
