"""What happened: the engine's only output. Frozen data, in the order it happened.

Events name creatures by id and places by engine cells; ``describe`` turns an
event into a line for people and ``to_json`` into the public JSON format
(cells as Tiled offset coordinates ``[col, row]``, what map makers see).
EVENT_FORMAT is bumped whenever a field changes meaning.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum
from typing import Any, Callable, Union

from game.grid import Cell, Hex, Square

EVENT_FORMAT = 1

Id = str


@dataclass(frozen=True, slots=True)
class EncounterStarted:
    seed: int
    map: str
    options: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class DiceRolled:
    expression: str
    faces: tuple[int, ...]
    total: int
    purpose: str


@dataclass(frozen=True, slots=True)
class RandomChoice:
    purpose: str
    options: tuple[str, ...]
    chosen: int
    """Index into ``options``; -1 for a shuffle (``options`` is then the new order)."""


@dataclass(frozen=True, slots=True)
class InitiativeRolled:
    order: tuple[Id, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round: int


@dataclass(frozen=True, slots=True)
class TurnStarted:
    creature: Id
    round: int


@dataclass(frozen=True, slots=True)
class TurnEnded:
    creature: Id


@dataclass(frozen=True, slots=True)
class ActionSpent:
    creature: Id
    action: str
    """standard / move / minor; ``as_`` says what a traded action was spent as."""
    spent_as: str
    purpose: str


@dataclass(frozen=True, slots=True)
class BreakPoint:
    """A moment in an action where reactions may hook in: before or after a step."""

    moment: str
    """"before" or "after"."""
    step: str
    """The step's kind, e.g. "leave_cell", "enter_cell", "attack_roll"."""
    actor: Id
    detail: str


@dataclass(frozen=True, slots=True)
class StepFizzled:
    step: str
    actor: Id
    reason: str


@dataclass(frozen=True, slots=True)
class CreatureMoved:
    creature: Id
    origin: Cell
    to: Cell
    how: str
    """move, shift, charge, push, pull, slide; return (a move stopped on an ally goes back)."""


@dataclass(frozen=True, slots=True)
class StoodUp:
    creature: Id


@dataclass(frozen=True, slots=True)
class PowerUsed:
    creature: Id
    power: str
    power_name: str
    targets: tuple[Id, ...]
    origin: Cell | None = None


@dataclass(frozen=True, slots=True)
class OpportunityProvoked:
    """A step gave an enemy the chance of an opportunity attack (the ruleset decides what follows)."""

    provoker: Id
    reactor: Id
    reason: str


@dataclass(frozen=True, slots=True)
class AttackRolled:
    attacker: Id
    target: Id
    power: str
    natural: int
    total: int
    defense: str
    defense_value: int
    hit: bool
    critical: bool
    modifiers: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class DamageDealt:
    target: Id
    amount: int
    kind: str
    hp: int
    source: Id
    reason: str


@dataclass(frozen=True, slots=True)
class Healed:
    target: Id
    amount: int
    hp: int
    surge_spent: bool


@dataclass(frozen=True, slots=True)
class SurgeSpent:
    creature: Id
    surges_left: int


@dataclass(frozen=True, slots=True)
class Bloodied:
    creature: Id


@dataclass(frozen=True, slots=True)
class DroppedToZero:
    creature: Id
    dying: bool
    """False: it died outright (monsters, minions, or past its negative bloodied value)."""


@dataclass(frozen=True, slots=True)
class Died:
    creature: Id


@dataclass(frozen=True, slots=True)
class ConditionApplied:
    creature: Id
    condition: str
    source: Id
    duration: str


@dataclass(frozen=True, slots=True)
class ConditionEnded:
    creature: Id
    condition: str
    reason: str


@dataclass(frozen=True, slots=True)
class SavingThrow:
    creature: Id
    condition: str
    roll: int
    success: bool


@dataclass(frozen=True, slots=True)
class Decision:
    """An automatic choice, with its reason and what it chose among."""

    actor: Id
    what: str
    chosen: str
    reason: str
    candidates: int


@dataclass(frozen=True, slots=True)
class CommandRefused:
    actor: Id
    command: str
    reason: str


@dataclass(frozen=True, slots=True)
class EncounterEnded:
    winner: str
    round: int


Event = Union[
    EncounterStarted, DiceRolled, RandomChoice, InitiativeRolled, RoundStarted, TurnStarted, TurnEnded,
    ActionSpent, BreakPoint, StepFizzled, CreatureMoved, StoodUp, PowerUsed, OpportunityProvoked,
    AttackRolled, DamageDealt, Healed, SurgeSpent, Bloodied, DroppedToZero, Died, ConditionApplied,
    ConditionEnded, SavingThrow, Decision, CommandRefused, EncounterEnded,
]

_KINDS: dict[type, str] = {}


def kind_of(event: Any) -> str:
    """``CreatureMoved`` -> ``creature_moved``."""
    cls = type(event)
    if cls not in _KINDS:
        name = cls.__name__
        _KINDS[cls] = "".join("_" + ch.lower() if ch.isupper() else ch for ch in name).lstrip("_")
    return _KINDS[cls]


def to_json(event: Any, offset: Callable[[Cell], tuple[int, int]]) -> dict[str, Any]:
    """The public JSON form: ``{"event": kind, ...fields}``, cells as ``[col, row]``."""
    out: dict[str, Any] = {"event": kind_of(event)}
    for f in dataclasses.fields(event):
        out[f.name] = _plain(getattr(event, f.name), offset)
    return out


def _plain(value: Any, offset: Callable[[Cell], tuple[int, int]]) -> Any:
    if isinstance(value, (Square, Hex)):
        return list(offset(value))
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [_plain(v, offset) for v in value]
    return value


def describe(event: Any, name: Callable[[str], str], offset: Callable[[Cell], tuple[int, int]]) -> str:
    """One readable line (the runner's log and the window's combat log)."""

    def at(cell: Cell | None) -> str:
        return "-" if cell is None else "({}, {})".format(*offset(cell))

    match event:
        case EncounterStarted():
            return f"Encounter on {event.map}, seed {event.seed}"
        case DiceRolled():
            faces = "+".join(map(str, event.faces)) if event.faces else "max"
            return f"  rolled {event.expression} for {event.purpose}: [{faces}] = {event.total}"
        case RandomChoice():
            if event.chosen < 0:
                return f"  random order for {event.purpose}: {', '.join(event.options)}"
            return (f"  random choice for {event.purpose}: {event.options[event.chosen]} "
                    f"(1 of {len(event.options)})")
        case InitiativeRolled():
            order = ", ".join(f"{name(c)} {t}" for c, t in zip(event.order, event.totals))
            return f"Initiative: {order}"
        case RoundStarted():
            return f"== Round {event.round} =="
        case TurnStarted():
            return f"-- {name(event.creature)}'s turn --"
        case TurnEnded():
            return f"{name(event.creature)} ends its turn"
        case ActionSpent():
            traded = f" (as {event.spent_as})" if event.spent_as != event.action else ""
            return f"  {name(event.creature)} spends a {event.action} action{traded} to {event.purpose}"
        case BreakPoint():
            return f"    [{event.moment} {event.step}] {event.detail}"
        case StepFizzled():
            return f"  {event.step} of {name(event.actor)} fizzles: {event.reason}"
        case CreatureMoved():
            return f"{name(event.creature)} {event.how}s {at(event.origin)} -> {at(event.to)}"
        case StoodUp():
            return f"{name(event.creature)} stands up"
        case PowerUsed():
            targets = ", ".join(name(t) for t in event.targets) or "no one"
            where = f" at {at(event.origin)}" if event.origin is not None else ""
            return f"{name(event.creature)} uses {event.power_name}{where} on {targets}"
        case OpportunityProvoked():
            return f"{name(event.provoker)} provokes {name(event.reactor)}: {event.reason}"
        case AttackRolled():
            mods = f" ({', '.join(event.modifiers)})" if event.modifiers else ""
            result = "CRITICAL HIT" if event.critical else ("hit" if event.hit else "miss")
            return (f"  {name(event.attacker)} attacks {name(event.target)}: d20 {event.natural}, total {event.total}"
                    f"{mods} vs {event.defense} {event.defense_value}: {result}")
        case DamageDealt():
            kind = f" {event.kind}" if event.kind else ""
            return f"  {name(event.target)} takes {event.amount}{kind} damage ({event.reason}), {event.hp} hp left"
        case Healed():
            surge = ", spending a surge" if event.surge_spent else ""
            return f"  {name(event.target)} regains {event.amount} hp{surge} ({event.hp} hp)"
        case SurgeSpent():
            return f"  {name(event.creature)} spends a healing surge ({event.surges_left} left)"
        case Bloodied():
            return f"  {name(event.creature)} is bloodied"
        case DroppedToZero():
            return f"  {name(event.creature)} drops to 0 hp" + (" and is dying" if event.dying else "")
        case Died():
            return f"  {name(event.creature)} dies"
        case ConditionApplied():
            return f"  {name(event.creature)} is {event.condition} ({event.duration})"
        case ConditionEnded():
            return f"  {name(event.creature)} is no longer {event.condition} ({event.reason})"
        case SavingThrow():
            return (f"  {name(event.creature)} saves against {event.condition}: {event.roll} -> "
                    f"{'success' if event.success else 'failure'}")
        case Decision():
            return (f"  decision for {name(event.actor)}: {event.what} -> {event.chosen}: {event.reason}"
                    f" ({event.candidates} candidate{'s' if event.candidates != 1 else ''})")
        case CommandRefused():
            return f"  refused: {name(event.actor)} cannot {event.command}: {event.reason}"
        case EncounterEnded():
            return f"Encounter over after round {event.round}: " + (f"victory for {event.winner}" if event.winner else "nobody is left standing")
    return repr(event)
