"""The value types tactics answers with (routes, landings), dangerous terrain along a path, and the small
helpers every other part uses (sizes, ranks, the encounter's memo)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from game.board import Damage
from game.grid import Cell, GridKind
from game.rulesets.seed000.memo import TacticsMemo
from game.rulesets.seed000.model import CreatureId
from game.rulesets.seed000.state import Creature, EncounterState
from game.rulesets.seed000.tactics_rules import SEED000_TACTICS, TacticsRules



MOVE_MODES = SEED000_TACTICS.modes
"""Seed 000's kinds of voluntary movement: ``shift`` provokes nothing, ``move`` and ``charge`` do (a state's
own are ``state.tactics_rules.modes``)."""


_NO_IDS: frozenset[CreatureId] = frozenset()


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
