"""Seed 003's commands (imperative, frozen) and the steps they expand into on the kernel's stack.

A command names its creature; the fight checks it whole before anything changes (``why_illegal``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from game.grid import Cell
from game.kernel.clock import AdvanceClock, EndTurn, StartTurn
from game.rulesets.seed003.clock import BeginRound, BeginSurprise, PickAmbusher

BASIC_MELEE = "basic_melee"
BASIC_RANGED = "basic_ranged"
"""The ability ids of the basic attacks every creature has [9-27]."""


@dataclass(frozen=True, slots=True)
class Move:
    """A move action: to ``to`` along ``path`` (else the path that provokes least)."""

    creature: str
    to: Cell
    path: tuple[Cell, ...] | None = None


@dataclass(frozen=True, slots=True)
class UseAbility:
    """An ability (or a basic attack: :data:`BASIC_MELEE`, :data:`BASIC_RANGED`) on ``targets``."""

    creature: str
    ability: str
    targets: tuple[str, ...] = ()
    coup: bool = False
    """A Coup de grace: a standard action attack on one engaged, helpless enemy, spending the quick and move
    actions alongside; it crits [197]."""


@dataclass(frozen=True, slots=True)
class Disengage:
    """A move action: the disengage check against the enemies it names (none named: every enemy engaged with
    the creature); on a success it pops off them and moves to ``to`` [161-165]. Moving away from an engaged
    enemy it did not disengage from still provokes [181]."""

    creature: str
    to: Cell
    enemies: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SwitchStance:
    """A quick action: into its melee or ranged stance [117]."""

    creature: str
    stance: str


@dataclass(frozen=True, slots=True)
class Rally:
    """A standard action: heal using a recovery, then save against one effect [191-193]."""

    creature: str


@dataclass(frozen=True, slots=True)
class Stabilize:
    """A standard action: a dying ally next to the creature is stabilized [227]."""

    creature: str
    target: str


@dataclass(frozen=True, slots=True)
class Delay:
    """Delay to a lower band for the rest of the encounter [95-97]."""

    creature: str
    band: str


@dataclass(frozen=True, slots=True)
class Ready:
    """Ready an attack ability, or a move to ``to``, its action spent now, with a trigger (``readying.py``:
    by default "an enemy comes within its reach"); ``watch``: only that enemy sets it off. It is taken (the
    readier's player decides) just before the triggering action [99-101]."""

    creature: str
    ability: str = ""
    trigger: str = "in_reach"
    to: Cell | None = None
    watch: str = ""


@dataclass(frozen=True, slots=True)
class DiceyMove:
    """A move action across or onto risky terrain, with a check against its Difficulty [169-171]
    (``dicey.py``)."""

    creature: str
    to: Cell


@dataclass(frozen=True, slots=True)
class Sustain:
    """Roll to keep a sustained ability going, with the kind of action that started it [136]."""

    creature: str
    ability: str


@dataclass(frozen=True, slots=True)
class EndTurnCommand:
    creature: str


@dataclass(frozen=True, slots=True)
class GrantSave:
    """A standard action: an ally next to the creature, making Last Gasp saves, makes one now; a failure does
    not count [233] (``downed.py``)."""

    creature: str
    target: str


@dataclass(frozen=True, slots=True)
class FightInSpirit:
    """A PC permanently out of the fight gives an ally ``benefit`` (``attacks``, ``saves`` or ``defense``) for
    1 round [183-185] (``downed.py``)."""

    creature: str
    ally: str
    benefit: str


@dataclass(frozen=True, slots=True)
class Flee:
    """The creature proposes that the party flee; the party decides (``party:flee``) [187-189]."""

    creature: str


Command = Union[Move, UseAbility, Disengage, SwitchStance, Rally, Stabilize, Delay, Ready, Sustain, DiceyMove,
                EndTurnCommand, GrantSave, FightInSpirit, Flee]


# -- steps -------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LeaveCell:
    """Leaving ``cell`` for ``to``: its ``before`` break point is where engaged enemies may strike [181]."""

    action: int
    creature: str
    cell: Cell
    to: Cell


@dataclass(frozen=True, slots=True)
class EnterCell:
    action: int
    creature: str
    cell: Cell


@dataclass(frozen=True, slots=True)
class StartAbility:
    """The ability begins: its ``before`` break point is where a Provokes ability or a ranged attack of an
    engaged creature provokes [135, 159]."""

    action: int
    creature: str
    ability: str
    targets: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ResolveAbility:
    """Its attack rolls, one per target [7], then what each does."""

    action: int
    creature: str
    ability: str
    targets: tuple[str, ...]
    coup: bool = False


@dataclass(frozen=True, slots=True)
class OfferOpportunity:
    """``creature`` (an engaged enemy in a melee stance) may make an opportunity attack on ``target``: a
    decision for its player [181]."""

    action: int
    creature: str
    target: str


@dataclass(frozen=True, slots=True)
class OfferIntercept:
    """``creature`` (Free, with ``ally`` nearby) may intercept ``target``, which is trying to engage the ally:
    a decision for its player [173-177]. An intercept stops the movement action ``move``."""

    action: int
    creature: str
    target: str
    ally: str
    move: int


@dataclass(frozen=True, slots=True)
class OfferReadied:
    """``creature``'s readied action may be taken against ``target``, now in its reach [101]."""

    action: int
    creature: str
    target: str


@dataclass(frozen=True, slots=True)
class OfferInterrupt:
    """``creature`` may answer ``target``'s attack with its interrupt ``ability`` first [109, 119, 134]."""

    action: int
    creature: str
    target: str
    ability: str


@dataclass(frozen=True, slots=True)
class AskFlee:
    """The party's decision on fleeing, proposed by ``proposer`` (``creature`` answers for the party) [189]."""

    action: int
    creature: str
    side: str
    proposer: str


Step = Union[LeaveCell, EnterCell, StartAbility, ResolveAbility, OfferOpportunity, OfferIntercept, OfferReadied,
             OfferInterrupt, AskFlee, StartTurn[str], EndTurn[str],
             AdvanceClock[str], PickAmbusher, BeginSurprise, BeginRound]
