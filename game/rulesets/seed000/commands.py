"""What a player or the AI asks for: imperative, frozen data. ``Encounter.apply`` takes one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from game.grid import Cell
from game.rulesets.seed000.model import CreatureId
from game.rulesets.seed000.preparation import Preparation


@dataclass(frozen=True, slots=True)
class MoveCommand:
    """Move to ``to``; along ``path`` (anchor cells after the start) if given, else the safest cheapest path."""

    creature: CreatureId
    to: Cell
    path: tuple[Cell, ...] | None = None


@dataclass(frozen=True, slots=True)
class ShiftCommand:
    creature: CreatureId
    to: Cell


@dataclass(frozen=True, slots=True)
class StandUpCommand:
    creature: CreatureId


@dataclass(frozen=True, slots=True)
class UsePowerCommand:
    """Use a power on ``targets`` (creature ids), or centred on ``origin`` for an area.

    ``landings`` chooses where forced movement puts each target ``(target, cell)``;
    a target without a choice lands where the automatic decision puts it.
    ``shift_to`` chooses where a power that shifts its user (``shift_self``) puts
    it; without a (legal) choice, seed 000's Movement decision does. For a power
    that moves its user (``move_self``) it is the move's destination: a cell that
    move cannot reach is refused; without one, the Movement decision places it.
    """

    creature: CreatureId
    power: str
    targets: tuple[CreatureId, ...] = ()
    origin: Cell | None = None
    landings: tuple[tuple[CreatureId, Cell], ...] = ()
    shift_to: Cell | None = None


@dataclass(frozen=True, slots=True)
class ChargeCommand:
    """Move at least two cells to ``to`` and make a melee basic attack (+1) on ``target``."""

    creature: CreatureId
    target: CreatureId
    to: Cell


@dataclass(frozen=True, slots=True)
class EndTurnCommand:
    """End the turn; ``preparation`` is the creature's reactions for its next round (seed 000: "at the end
    of turn, a character chooses..."). None keeps the preparation it has (at first, its sheet's default)."""

    creature: CreatureId
    preparation: Preparation | None = None


Command = Union[MoveCommand, ShiftCommand, StandUpCommand, UsePowerCommand, ChargeCommand, EndTurnCommand]
