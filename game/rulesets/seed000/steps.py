"""The steps actions are made of: data on a stack, each with a break point before and after.

A move is a ``LeaveCell`` and an ``EnterCell`` per cell; a power is a
``StartPower`` and, per target, ``ChooseTarget`` -> ``AttackRoll`` ->
``ResolveAttack`` (hit or miss) and its effects, then a ``SelfMove`` if the power
shifts or moves its user; a reaction starts with ``BeginReaction``; forced movement is one
``LeaveCell``/``EnterCell`` pair per cell too. Every step names the action it
belongs to (``action``), so when an interrupt makes the rest of an action
impossible, the rest is dropped together.

A turn's boundaries are steps too (``game.rulesets.seed000.turns``): the kernel's ``StartTurn``, ``EndTurn``
and ``AdvanceClock``, and seed 000's own ``CloseTurn``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from game.grid import Cell
from game.kernel.clock import AdvanceClock, EndTurn, StartTurn
from game.kernel.steps import step_kind as step_kind
from game.rulesets.seed000.model import CreatureId, PowerId


@dataclass(frozen=True, slots=True)
class LeaveCell:
    action: int
    creature: CreatureId
    cell: Cell
    to: Cell
    mode: str
    """move, shift, charge, push, pull, slide."""


@dataclass(frozen=True, slots=True)
class EnterCell:
    action: int
    creature: CreatureId
    origin: Cell
    cell: Cell
    mode: str


@dataclass(frozen=True, slots=True)
class StartPower:
    action: int
    creature: CreatureId
    power: PowerId
    targets: tuple[CreatureId, ...]
    origin: Cell | None


@dataclass(frozen=True, slots=True)
class ChooseTarget:
    action: int
    creature: CreatureId
    power: PowerId
    target: CreatureId
    bonus: int = 0
    """Extra attack bonus (charge +1)."""


@dataclass(frozen=True, slots=True)
class AttackRoll:
    action: int
    creature: CreatureId
    power: PowerId
    target: CreatureId
    bonus: int = 0


@dataclass(frozen=True, slots=True)
class ResolveAttack:
    action: int
    creature: CreatureId
    power: PowerId
    target: CreatureId
    hit: bool
    critical: bool


@dataclass(frozen=True, slots=True)
class ApplyEffect:
    """A power's ``effect`` on one target (always happens, attack or not)."""

    action: int
    creature: CreatureId
    power: PowerId
    target: CreatureId


@dataclass(frozen=True, slots=True)
class SelfMove:
    """A power's "shift yourself N" (``Outcome.shift_self``) or "move yourself N" (``Outcome.move_self``),
    after its attacks: where to is decided when it resolves (the player's cell if the command named a legal
    one, else seed 000's Movement decision)."""

    action: int
    creature: CreatureId
    power: PowerId
    distance: int
    mode: str = "shift"
    """``shift`` or ``move`` (a move provokes, outside reactions, and costs more in difficult terrain)."""


@dataclass(frozen=True, slots=True)
class BeginReaction:
    """The first step of a reaction: it checks that the trigger still holds (else the reaction fizzles,
    unspent), spends the reaction, takes its decisions and pushes the power's own steps."""

    action: int
    creature: CreatureId
    """The reactor."""
    power: PowerId
    ticket: int
    """The reaction system's record of the trigger (who, where, which step), by number."""


@dataclass(frozen=True, slots=True)
class CloseTurn:
    """The end of a turn once everything its ``EndTurn`` set off has resolved: the creature's new preparation
    takes over and the turn is over (``TurnEnded``)."""

    action: int
    creature: CreatureId


TurnStep = Union[StartTurn[CreatureId], EndTurn[CreatureId], CloseTurn, AdvanceClock[CreatureId]]
"""A turn's boundaries, in the order they come: start, (the creature's commands), end, close, the clock."""

TURN_STEPS = (StartTurn, EndTurn, CloseTurn, AdvanceClock)
"""The classes of :data:`TurnStep`, for ``isinstance``."""

Step = Union[LeaveCell, EnterCell, StartPower, ChooseTarget, AttackRoll, ResolveAttack, ApplyEffect, SelfMove,
             BeginReaction, StartTurn[CreatureId], EndTurn[CreatureId], CloseTurn, AdvanceClock[CreatureId]]
