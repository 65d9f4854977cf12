"""What the automatic player counts, in hit points, and the small sums and facts about powers it works out once."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from game.board import Board
from game.grid import Cell, Square
from game.rulesets.seed000.model import (ConditionKind, ConditionSpec, DamageRoll, Duration, Frequency, Outcome, Power,
                                         RangeKind, TargetKind)
from game.rulesets.seed000.state import Creature


# -- weights (hit points are the unit) ------------------------------------------------------

CONDITION_WORTH: dict[ConditionKind, float] = {
    ConditionKind.STUNNED: 8.0,
    ConditionKind.DOMINATED: 8.0,
    ConditionKind.UNCONSCIOUS: 8.0,
    ConditionKind.DAZED: 4.0,
    ConditionKind.WEAKENED: 3.0,
    ConditionKind.IMMOBILIZED: 2.5,
    ConditionKind.BLINDED: 2.5,
    ConditionKind.GRANTING_ADVANTAGE: 2.0,
    ConditionKind.PRONE: 2.0,
    ConditionKind.SLOWED: 1.5,
    ConditionKind.MARKED: 1.0,
}
"""What a condition on an enemy is worth, for a turn (ongoing damage counts its amount)."""

DURATION_FACTOR: dict[Duration, float] = {Duration.SAVE_ENDS: 1.5, Duration.ENCOUNTER: 3.0}
"""How many turns' worth a condition lasts (1 if not listed)."""

FREQUENCY_FACTOR: dict[Frequency, float] = {Frequency.AT_WILL: 1.0, Frequency.ENCOUNTER: 0.9, Frequency.DAILY: 0.75}
"""Limited powers count for less: they are spent for good."""

FOCUS = 0.5
"""Damage counts ``1 + FOCUS * (share of hit points already lost)``: finish what is started."""

KILL_BASE = 3.0
"""A kill is worth this plus the target's own expected damage per round."""

FLANK_BONUS = 1.0
"""Standing where it flanks helps the ally too (its combat advantage)."""

DYING_ALLY = 15.0
"""Getting a dying ally back on its feet, on top of the hit points healed."""

PROVOKE_WEIGHT = 1.2
"""An opportunity attack taken counts its expected damage times this."""

EXPOSED = 1.0
"""A ranged creature ending its move where an enemy threatens it, per such enemy."""

MINOR_THRESHOLD = 3.0
"""A minor-action power is used when it is worth at least this."""

STEP_WORTH = 1.0
"""A cell closer to the quarry, when there is nothing to attack (a closing move never provokes)."""

RANGED_KEEP = 6
"""A ranged creature closing in stops this many cells (walking) from its quarry, if its range allows."""

RANGED_CELLS = 16
"""How many of its safest reachable cells a ranged creature examines for a shot."""

_NEVER = float("inf")

_NEAR = (RangeKind.MELEE, RangeKind.CLOSE_BURST, RangeKind.CLOSE_BLAST)
"""Powers used at arm's length (``melee_cells``)."""

_MARKED = ConditionSpec(ConditionKind.MARKED, Duration.END_OF_SOURCE_NEXT_TURN)
"""The mark a marking power's hit leaves."""

_MARGIN = 1e-6
"""A plan is skipped when its upper bound is below the best score by more than this (rounding)."""

CHECK_BOUNDS = False
"""Tests set this: every decision then also does the full search and checks the shortcuts agree with it."""


# -- small arithmetic ------------------------------------------------------------------------


def _average(roll: DamageRoll) -> float:
    return roll.count * (roll.sides + 1) / 2 + roll.bonus


def _hit_chance(bonus: int, defense: int) -> float:
    """P(hit) of a d20 + ``bonus`` against ``defense``: a natural 20 always hits, a natural 1 always misses."""
    lowest = max(2, defense - bonus)
    count = 20 - lowest if lowest <= 19 else 0
    return (1 + count) / 20


def _chance_at_least(roll: DamageRoll, amount: float, scale: float = 1.0) -> float:
    """Rough P(``scale`` x roll >= amount), as if the total were uniform between its least and its most."""
    low, high = (roll.count + roll.bonus) * scale, roll.maximum * scale
    if amount <= low:
        return 1.0
    if amount > high:
        return 0.0
    return (high - amount + 1) / (high - low + 1)


@dataclass(frozen=True, slots=True)
class _Facts:
    """What the AI asks of a power again and again, worked out once (sheets never change)."""

    power: Power
    heal: bool
    """A hit or effect heals."""
    limit: int
    """How far from its user anyone the power affects can be (0 for personal powers)."""
    forces: bool
    """Some outcome pushes, pulls or slides."""
    kind: RangeKind
    single: bool
    """A melee or ranged power (targets picked one by one, not an area)."""
    factor: float
    """``FREQUENCY_FACTOR`` of its frequency."""
    personal: bool
    """Used on myself only (a personal power, or one targeting ``SELF``)."""
    shape: int
    """Its reach and what it targets, as a small number: two powers with the same shape have the same valid
    targets from the same place (``_SHAPES``)."""
    pool: int
    """What it may target at all (target kind, heal), as a small number (``_Mind.eligible``)."""
    defense: str | None
    """The field of ``Defenses`` its attack is against."""
    inert: tuple[bool, bool, bool]
    """Its effect, hit and miss do nothing :meth:`_Mind.outcome_worth` counts (no damage, condition or forced
    movement): worth 0 on anyone."""


_FACTS: dict[int, _Facts] = {}
"""By the power's id (the entry keeps the power, so a reused id is noticed): facts of immutable sheets, not
state; the same power always gives the same facts."""

_SHAPES: dict[tuple[object, ...], int] = {}
"""The number of each reach-and-targets shape met so far. Never cleared (a number keeps its meaning for the
whole session, so a decision's memory keyed by it cannot mix two shapes); as many entries as distinct
shapes of power in the content."""


def _shape(key: tuple[object, ...]) -> int:
    got = _SHAPES.get(key)
    if got is None:
        got = _SHAPES[key] = len(_SHAPES)
    return got


def _inert(power: Power, outcome: Outcome) -> bool:
    """Whether ``outcome_worth`` is 0 for ``outcome`` whoever the target (no damage, conditions or forcing)."""
    damage = outcome.damage is not None or (outcome.half_damage and power.hit.damage is not None)
    return not damage and not outcome.conditions and outcome.forced is None


def _facts(power: Power) -> _Facts:
    got = _FACTS.get(id(power))
    if got is None or got.power is not power:
        reach = power.reach
        kind = reach.kind
        limit = {RangeKind.MELEE: reach.reach, RangeKind.RANGED: reach.range, RangeKind.CLOSE_BURST: reach.size,
                 RangeKind.CLOSE_BLAST: reach.size,
                 RangeKind.AREA_BURST: reach.range + reach.size}.get(kind, 0)
        outcomes = (power.hit, power.miss, power.effect)
        heal = any(o.heal_surge or o.heal_bonus > 0 for o in outcomes)
        if len(_FACTS) > 4096:
            _FACTS.clear()
        got = _FACTS[id(power)] = _Facts(
            power, heal, limit, any(o.forced is not None for o in outcomes), kind,
            kind is RangeKind.MELEE or kind is RangeKind.RANGED, FREQUENCY_FACTOR[power.frequency],
            kind is RangeKind.PERSONAL or power.targets is TargetKind.SELF,
            _shape((kind, reach.reach, reach.range, reach.size, power.targets, heal)),
            _shape((power.targets, heal)),
            None if power.attack is None else power.attack.defense.value,
            (_inert(power, power.effect), _inert(power, power.hit), _inert(power, power.miss)))
    return got


_OUTCOMES = "ai.outcomes"
"""The name in the encounter's memo (``TacticsMemo.kept``) of what ``_Mind._outcome_worths`` found for a
power without forced movement, by everything it read (the entry keeps the power and the sheet, so a reused
id is noticed): kept across decisions, as the same target is looked at again and again while its hit
points and conditions stay the same."""

_DANGERS = "ai.dangers"
"""The name in the encounter's memo of the board's dangerous cells and the average damage of each, in the
board's order."""


def _average_dangers(board: Board) -> dict[Cell, float]:
    found = {}
    for cell, terrain in board.special_cells().items():
        damage = terrain.damage
        if damage is not None:
            found[cell] = damage.count * (damage.sides + 1) / 2 + damage.bonus
    return found


_CELL_KEYS = "ai.cell_keys"
"""The name in the encounter's memo of the board's cells' (row, column), as ``_Mind.cell_key`` found them (a
cell's offset never changes; at most one entry per cell asked about)."""


def _coords(cell: Cell) -> tuple[int, int]:
    """A cell's two coordinates (``x, y`` on squares, ``q, r`` on hexes): what the distances below use."""
    if isinstance(cell, Square):
        return cell.x, cell.y
    return cell.q, cell.r


def _is_heal(power: Power) -> bool:
    return _facts(power).heal


@contextmanager
def _standing_at(creature: Creature, cell: Cell) -> Iterator[None]:
    """Put ``creature`` on ``cell`` for the queries inside the block, then back where it was."""
    home = creature.cell
    creature.cell = cell
    try:
        yield
    finally:
        creature.cell = home
