"""What happened: the engine's only output. Frozen data, in the order it happened.

Events name creatures by id and places by engine cells; ``describe`` turns an
event into a line for people and ``to_json`` into the public JSON format
(cells as Tiled offset coordinates ``[col, row]``, what map makers see).
EVENT_FORMAT is bumped whenever a field changes meaning.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Union

from game.grid import Cell
from game.kernel.events import BreakPoint as BreakPoint
from game.kernel.events import DecisionAnswered as DecisionAnswered
from game.kernel.events import DecisionOpened as DecisionOpened
from game.kernel.events import DecisionsRevealed as DecisionsRevealed
from game.kernel.events import DiceRolled as DiceRolled
from game.kernel.events import RandomChoice as RandomChoice
from game.kernel.events import StepFizzled as StepFizzled
from game.kernel.events import describe_kernel
from game.rulesets.edits import describe_table
from game.kernel.events import kind_of as kind_of
from game.kernel.events import to_json as to_json
from game.rulesets.seed000.model import HIT_POINTS

EVENT_FORMAT = 2
"""2: reactions (seed 000) as events of their own; ``decision.candidates`` lists the candidates."""

Id = str


@dataclass(frozen=True, slots=True)
class EncounterStarted:
    seed: int
    map: str
    options: tuple[tuple[str, str], ...] = ()




@dataclass(frozen=True, slots=True)
class InitiativeRolled:
    order: tuple[Id, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class InitiativeFixed:
    """The turn order an encounter file fixed (a fight carried over from paper): nobody rolled for it."""

    order: tuple[Id, ...]


@dataclass(frozen=True, slots=True)
class StateCarriedOver:
    """A creature starts the fight as its encounter file says, not fresh (a fight carried over from paper)."""

    creature: Id
    hp: int
    max_hp: int
    temp_hp: int
    surges: int
    """Healing surges left."""
    max_surges: int
    conditions: tuple[str, ...]
    """Each as people read it: ``slowed (save ends)``."""
    used_powers: tuple[str, ...]


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
class ReactionsPrepared:
    """A creature's preparation for its next round (seed 000, Preparing reactions). Private to its player."""

    creature: Id
    limited: str
    """The one Limited reaction prepared ("" for none)."""
    priority: tuple[str, ...]
    """Spontaneous reactions, most wanted first."""
    disabled: tuple[str, ...]
    basic_attack: str
    opportunity_attack: str
    restrictions: tuple[str, ...]
    """Each restriction as a line for people, e.g. "frost_rebuke: only on attacks by non-minions"."""


@dataclass(frozen=True, slots=True)
class ReactionTriggered:
    """A reaction's trigger happened (seed 000, Trigger); budgets are checked next."""

    reactor: Id
    power: str
    trigger: str
    by: Id
    """The creature whose action triggered it ("" if none, e.g. initiative)."""
    interrupt: bool
    detail: str


@dataclass(frozen=True, slots=True)
class BudgetChecked:
    """Whether a triggered reaction may be used now, and why (keywords, preparation, budgets, restrictions)."""

    reactor: Id
    power: str
    allowed: bool
    reason: str


@dataclass(frozen=True, slots=True)
class ReactionResolved:
    """A reaction resolves now (seed 000, Resolution): it is spent."""

    reactor: Id
    power: str
    interrupt: bool
    spent: tuple[str, ...]
    """What it uses up: "non-free reaction this turn", "limited reaction this round", ..."""


@dataclass(frozen=True, slots=True)
class ReactionFizzled:
    """A reaction whose trigger no longer holds when its turn comes: it does nothing and is not spent."""

    reactor: Id
    power: str
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
    candidates: tuple[str, ...]
    """What it chose among (cells as "(col, row)", creatures and powers by name)."""


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
    EncounterStarted, DiceRolled, RandomChoice, InitiativeRolled, InitiativeFixed, StateCarriedOver, RoundStarted,
    TurnStarted, TurnEnded,
    ActionSpent, BreakPoint, StepFizzled, CreatureMoved, StoodUp, PowerUsed, ReactionsPrepared,
    ReactionTriggered, BudgetChecked, ReactionResolved, ReactionFizzled,
    AttackRolled, DamageDealt, Healed, SurgeSpent, Bloodied, DroppedToZero, Died, ConditionApplied,
    ConditionEnded, SavingThrow, Decision, CommandRefused, EncounterEnded, DecisionOpened, DecisionAnswered,
    DecisionsRevealed,
]


def describe(event: Any, name: Callable[[str], str], offset: Callable[[Cell], tuple[int, int]]) -> str:
    """One readable line (the runner's log and the window's combat log)."""

    def at(cell: Cell | None) -> str:
        return "-" if cell is None else "({}, {})".format(*offset(cell))

    kernel = describe_kernel(event, name)
    if kernel is not None:
        return kernel
    match event:
        case EncounterStarted():
            return f"Encounter on {event.map}, seed {event.seed}"
        case InitiativeRolled():
            order = ", ".join(f"{name(c)} {t}" for c, t in zip(event.order, event.totals))
            return f"Initiative: {order}"
        case InitiativeFixed():
            return f"Initiative fixed by the encounter file (no roll): {', '.join(name(c) for c in event.order)}"
        case StateCarriedOver():
            bloodied = f" ({HIT_POINTS.half_name})" if HIT_POINTS.is_half(event.hp, event.max_hp) else ""
            parts = [f"{event.hp} of {event.max_hp} hit points{bloodied}"]
            if event.temp_hp:
                parts.append(f"{event.temp_hp} temporary hit points")
            if event.max_surges:
                parts.append(f"{event.surges} of {event.max_surges} healing surges left")
            parts += event.conditions
            if event.used_powers:
                parts.append("used: " + ", ".join(event.used_powers))
            return f"{name(event.creature)} starts as the encounter file says: {', '.join(parts)}"
        case RoundStarted():
            return f"== Round {event.round} =="
        case TurnStarted():
            return f"-- {name(event.creature)}'s turn --"
        case TurnEnded():
            return f"{name(event.creature)} ends its turn"
        case ActionSpent():
            traded = f" (as {event.spent_as})" if event.spent_as != event.action else ""
            return f"  {name(event.creature)} spends a {event.action} action{traded} to {event.purpose}"
        case CreatureMoved():
            return f"{name(event.creature)} {event.how}s {at(event.origin)} -> {at(event.to)}"
        case StoodUp():
            return f"{name(event.creature)} stands up"
        case PowerUsed():
            targets = ", ".join(name(t) for t in event.targets) or "no one"
            where = f" at {at(event.origin)}" if event.origin is not None else ""
            return f"{name(event.creature)} uses {event.power_name}{where} on {targets}"
        case ReactionsPrepared():
            parts = [f"limited {event.limited or 'none'}"]
            if event.priority:
                parts.append("priority " + ", ".join(event.priority))
            if event.disabled:
                parts.append("disabled " + ", ".join(event.disabled))
            if event.basic_attack:
                parts.append(f"basic attack {event.basic_attack}")
            if event.opportunity_attack:
                parts.append(f"opportunity attack {event.opportunity_attack}")
            parts += event.restrictions
            return f"  {name(event.creature)} prepares reactions: " + "; ".join(parts)
        case ReactionTriggered():
            kind = "interrupt" if event.interrupt else "reaction"
            return f"  {name(event.reactor)}'s {event.power} triggers ({kind}): {event.detail}"
        case BudgetChecked():
            verdict = "allowed" if event.allowed else "not used"
            return f"  {name(event.reactor)}'s {event.power}: {verdict}: {event.reason}"
        case ReactionResolved():
            kind = "interrupts" if event.interrupt else "reacts"
            spent = f" (spends {', '.join(event.spent)})" if event.spent else ""
            return f"{name(event.reactor)} {kind} with {event.power}{spent}"
        case ReactionFizzled():
            return f"  {name(event.reactor)}'s {event.power} fizzles, not spent: {event.reason}"
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
            count = len(event.candidates)
            return (f"  decision for {name(event.actor)}: {event.what} -> {event.chosen}: {event.reason}"
                    f" ({count} candidate{'s' if count != 1 else ''})")
        case CommandRefused():
            return f"  refused: {name(event.actor)} cannot {event.command}: {event.reason}"
        case EncounterEnded():
            return f"Encounter over after round {event.round}: " + (f"victory for {event.winner}" if event.winner else "nobody is left standing")
    return describe_table(event) or repr(event)
