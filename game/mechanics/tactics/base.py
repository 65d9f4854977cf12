"""The value types tactics answers with (routes, landings), dangerous terrain along a path, and the small
helpers every other part uses (sizes, spaces, ranks, the encounter's memo)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, NamedTuple

from game.board import Damage
from game.grid import Cell, GridKind
from game.mechanics.tactics.memo import TacticsMemo
from game.mechanics.tactics.rules import Field, Piece, PieceId, TacticsRules

_NO_IDS: frozenset[PieceId] = frozenset()


class ForcedKind(Enum):
    """The three kinds of forced movement (:func:`~game.mechanics.tactics.forced.forced_candidates`)."""

    PUSH = "push"
    """Each step ends farther from the source."""
    PULL = "pull"
    """Each step ends nearer the source."""
    SLIDE = "slide"
    """Any direction."""


class Route(NamedTuple):
    """How a creature gets to one cell: the cheapest path and the safest path.

    A named tuple (immutable, compared and hashed by its fields, repr like a dataclass's) because
    :func:`reachable` builds one for every cell in reach, and a tuple is made in C.
    """

    cost: int
    """Movement spent along :attr:`path` (difficult cells count 2)."""
    path: tuple[Cell, ...]
    """Anchor cells from the start (excluded) to the destination (included): the cheapest path."""
    provokers: tuple[PieceId, ...]
    """Enemies whose opportunity attack :attr:`path` provokes, each once, in the order provoked."""
    safest_path: tuple[Cell, ...]
    """The path that provokes fewest enemies, then enters the least dangerous terrain (average damage), then
    costs least, then was found first (see the module's rulings)."""
    safest_cost: int
    """Movement spent along :attr:`safest_path`."""
    safest_provokers: tuple[PieceId, ...]
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


def _ranks(state: Field[Any]) -> dict[PieceId, int]:
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


def _size(state: Field[Any], creature: Piece) -> int:
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


def space_at(state: Field[Any], creature: Piece, anchor: Cell) -> tuple[Cell, ...]:
    """The cells a piece would fill with its anchor at ``anchor``: an n x n square from the anchor (its sheet's
    size) on squares; one hex on hex grids, whatever the size."""
    return state.board.footprint(anchor, creature.template.size)


def space(state: Field[Any], creature: Piece) -> tuple[Cell, ...]:
    """The cells a piece fills where it stands (:func:`space_at` its anchor)."""
    if creature.template.size <= 1:
        return (creature.cell,)  # space_at's first case, without the call
    return state.board.footprint(creature.cell, creature.template.size)


def can_stand(state: Field[Any], creature: Piece, anchor: Cell, occupied: Mapping[Cell, Piece] | None = None) -> bool:
    """Whether ``creature`` may end a move with its anchor at ``anchor``: every cell of its space there on
    the board and passable by the rules (off the board is a wall), and nobody else in it (``occupied``:
    cell -> who fills it, if the caller has it; else every other living piece, with its whole space)."""
    cells = space_at(state, creature, anchor)
    terrain = state.board.terrain
    passable = state.tactics_rules.passable
    for cell in cells:
        if not passable(terrain(cell)):  # off the board counts as a wall
            return False
    if occupied is None:
        # Everyone else, each with its whole space (not an occupancy map: where two pieces overlap, it
        # keeps only one of them).
        one_cell = state.board.kind is GridKind.HEX
        for c in state.creatures.values():
            if c.dead or c.id == creature.id:
                continue
            if one_cell or c.template.size <= 1:
                if c.cell in cells:
                    return False
            elif any(cell in cells for cell in space(state, c)):
                return False
        return True
    for cell in cells:
        other = occupied.get(cell)
        if other is not None and other.id != creature.id:
            return False
    return True


def danger_under(state: Field[Any], creature: Piece, anchor: Cell | None = None) -> Damage | None:
    """The dangerous terrain ``creature`` takes damage from with its anchor at ``anchor`` (default: where it
    stands): :func:`worst_danger` of its space there."""
    board = state.board
    cells = space(state, creature) if anchor is None else space_at(state, creature, anchor)
    return worst_danger(board.damage_at(c) for c in cells)


def path_dangers(state: Field[Any], creature: Piece, path: Sequence[Cell]) -> tuple[tuple[Cell, Damage], ...]:
    """Every step of ``path`` (anchor cells after the start) that enters dangerous terrain, with the damage the
    engine rolls there, in order (a move's preview: "enters lava: 1d6 fire")."""
    out: list[tuple[Cell, Damage]] = []
    for cell in path:
        d = danger_under(state, creature, cell)
        if d is not None:
            out.append((cell, d))
    return tuple(out)


def path_harm(state: Field[Any], creature: Piece, path: Sequence[Cell]) -> float:
    """The average damage of the dangerous terrain ``path`` enters (what the safest path keeps least)."""
    return sum(_twice_average(d) for _, d in path_dangers(state, creature, path)) / 2


def _twice_average(d: Damage) -> int:
    return d.count * (d.sides + 1) + 2 * d.bonus


def _check_mode(state: Field[Any], mode: str) -> TacticsRules[Any, Any]:
    """The state's rules, once ``mode`` is known to be one of their modes."""
    rules = state.tactics_rules
    if mode not in rules.modes:
        raise ValueError(f"movement mode must be one of {sorted(rules.modes)}, got {mode!r}")
    return rules


def _memo(state: Field[Any]) -> TacticsMemo:
    """The state's memo, emptied first if it was filled for another board or other rules."""
    memo = state.memo
    if memo.board is not state.board or memo.rules is not state.tactics_rules:
        memo.clear()
        memo.board, memo.rules = state.board, state.tactics_rules
    return memo


def memo_of(state: Field[Any]) -> TacticsMemo:
    """``state.memo``, emptied first if it was filled for another board or other rules: what other modules
    keep their own tables of this encounter in (``TacticsMemo.kept``)."""
    return _memo(state)
