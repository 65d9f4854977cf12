"""Seed 002's commands (imperative, frozen) and the steps they expand into on the kernel's stack (numbers in
brackets are seed 002's lines).

A command names its creature; the fight checks it whole before anything changes (``Orders.why_illegal``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from game.grid import Cell
from game.kernel.clock import AdvanceClock, EndTurn, StartTurn

WAYS = ("walk", "run", "squeeze", "crawl")
"""The ways a Move command moves [70-73]."""


@dataclass(frozen=True, slots=True)
class Move:
    """A move action [68-73]: walk, run (an Athletics check first [71]), squeeze (through tight spaces, at
    speed -1 rank [72]) or crawl (while prone [73]) to ``to``
    along ``path`` (else the path that provokes least)."""

    creature: str
    to: Cell
    way: str = "walk"
    path: tuple[Cell, ...] | None = None


@dataclass(frozen=True, slots=True)
class Advance:
    """A move action: up to speed -3 ranks, each step toward the nearest enemy; no OA for leaving [77]."""

    creature: str
    to: Cell
    path: tuple[Cell, ...] | None = None


@dataclass(frozen=True, slots=True)
class Withdraw:
    """A move action: up to speed -3 ranks, each step away from the nearest enemy; no OA for leaving [79]."""

    creature: str
    to: Cell
    path: tuple[Cell, ...] | None = None


@dataclass(frozen=True, slots=True)
class Attack:
    """A standard action: a close attack on an opponent in reach [25-26] or a ranged attack on a non-adjacent
    opponent in range [30-31], with the sheet's attack ``attack``."""

    creature: str
    target: str
    attack: str


@dataclass(frozen=True, slots=True)
class Charge:
    """A standard action: move at speed -1 rank in a roughly straight line to ``to``, then a close attack at
    -1 [38-39]."""

    creature: str
    target: str
    attack: str
    to: Cell
    path: tuple[Cell, ...] | None = None


@dataclass(frozen=True, slots=True)
class Defend:
    """A standard action: a Defend check, the creature's defense until its next turn [34-35]."""

    creature: str


@dataclass(frozen=True, slots=True)
class Recover:
    """A standard action: a level of damage or fatigue off, a point of Stress on [36-37]."""

    creature: str


@dataclass(frozen=True, slots=True)
class Aim:
    """A move action: +1 Advantage on the next attack at ``target``, at most +5 [83-86]."""

    creature: str
    target: str


@dataclass(frozen=True, slots=True)
class Stand:
    """A move action: up from prone [74], provoking; ``free``: the free stand instead, a free action that
    provokes nothing, on an Acrobatics check against DC 10 + power level x 2, once a turn [75]."""

    creature: str
    free: bool = False


@dataclass(frozen=True, slots=True)
class DropProne:
    """A free action [108-109]."""

    creature: str


@dataclass(frozen=True, slots=True)
class Delay:
    """No action: take the turn later, after any other creature's turn [143-144]."""

    creature: str


@dataclass(frozen=True, slots=True)
class EndTurnCommand:
    creature: str


# -- s002react's commands (carried out by readying.py, surge.py, stunts.py through the fight's extensions) ----


@dataclass(frozen=True, slots=True)
class Ready:
    """A standard action: ready the attack ``attack``, or a move to ``to`` (the standard exchanged for a move),
    taken as a reaction when ``trigger`` fires before the creature's next turn [40-42] (``readying.py``);
    ``within``: squares for ``moves_near``; ``watch``: only that enemy sets it off."""

    creature: str
    attack: str = ""
    trigger: str = "in_reach"
    to: Cell | None = None
    within: int = 2
    watch: str = ""


@dataclass(frozen=True, slots=True)
class Surge:
    """A reaction on the creature's own turn: one benefit of a Surge [123-133] (``surge.py``): ``benefit`` is
    additional_action, boost (``trait``: what it raises), burst or resistance (``trait``: the condition)."""

    creature: str
    benefit: str
    trait: str = ""


@dataclass(frozen=True, slots=True)
class Stunt:
    """A standard action [OA]: an attack at -1 with ``attack`` on ``target``; on a hit, the opposed check of
    its damage against the target's better of Fortitude and Reflex; on a success ``option`` (push, pull,
    grab, disarm with ``weapon`` the target's attack aimed at, afflict with ``affliction``) [45-53]
    (``stunts.py``)."""

    creature: str
    target: str
    attack: str
    option: str
    weapon: str = ""
    affliction: str = ""


@dataclass(frozen=True, slots=True)
class Escape:
    """A move action: the opposed check against the grabber; on a success the grab ends and the creature may
    move to ``to`` at speed -1 rank, provoking nothing from its grabber [80] (``stunts.py``)."""

    creature: str
    to: Cell | None = None


@dataclass(frozen=True, slots=True)
class PickUp:
    """A quick action: take back a weapon dropped in the creature's square [97] (``stunts.py``)."""

    creature: str


Command = Union[Move, Advance, Withdraw, Attack, Charge, Defend, Recover, Aim, Stand, DropProne, Delay,
                EndTurnCommand, Ready, Surge, Stunt, Escape, PickUp]


# -- steps ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LeaveCell:
    """The mover leaves ``cell`` for ``to``: at its ``before`` break point the enemies it provokes are asked
    (only the first step of a move provokes for the start; each later one for its own cell)."""

    action: int
    creature: str
    cell: Cell
    to: Cell
    mode: str


@dataclass(frozen=True, slots=True)
class EnterCell:
    action: int
    creature: str
    cell: Cell


@dataclass(frozen=True, slots=True)
class Provoke:
    """An [OA] action is about to happen: at its ``before`` break point the threatening enemies are asked
    [122]. ``label`` names the action."""

    action: int
    creature: str
    label: str
    reactors: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class OfferOpportunity:
    """``creature`` may make an opportunity attack on ``provoker`` (its player's decision) [121-122]."""

    action: int
    creature: str
    provoker: str


@dataclass(frozen=True, slots=True)
class RollAttack:
    """An attack check. Its ``before`` break point is "before the roll" (Raise, Hunch), its ``after`` one
    "after the roll" (Smash on a hit); the damage follows as :class:`DealDamage`. ``penalty`` is ranks of
    Disadvantage the action brings (charge -1 [39])."""

    action: int
    creature: str
    target: str
    attack: str
    kind: str
    """"close", "ranged", "charge" or "opportunity"."""
    penalty: int = 0


@dataclass(frozen=True, slots=True)
class DealDamage:
    """A hit's damage: the target's Toughness check against 10 + the damage rank (or a rolled DC) [135, 137]."""

    action: int
    creature: str
    target: str
    attack: str


@dataclass(frozen=True, slots=True)
class Act:
    """The rest of an action that is not movement or an attack (defend, recover, aim, stand), resolved after
    its provoking window: ``what`` names it, ``target`` its target if any."""

    action: int
    creature: str
    what: str
    target: str = ""


@dataclass(frozen=True, slots=True)
class OfferDelayed:
    """A delayer may take its turn now, after ``after``'s turn [144] (its player's decision)."""

    action: int
    creature: str
    after: str


# -- s002react's steps ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Offer:
    """A reaction or choice offered to ``creature``'s player (``readying.py``, ``surge.py``, ``boosts.py``,
    ``stunts.py``): ``kind`` is the decision's kind, ``target`` the other creature, ``about`` the action
    it concerns (an attack's action number, "" when none), ``detail`` what the module needs to remember."""

    action: int
    creature: str
    kind: str
    target: str = ""
    about: int = 0
    detail: str = ""


@dataclass(frozen=True, slots=True)
class StuntCheck:
    """A stunt's opposed check, after its attack hit (or a stunt back [53]): ``creature`` on ``target``."""

    action: int
    creature: str
    target: str
    attack: str
    option: str
    detail: str = ""
    back: bool = False


@dataclass(frozen=True, slots=True)
class EscapeCheck:
    """An escape's opposed check against the grabber [80]."""

    action: int
    creature: str
    grabber: str


Step = Union[LeaveCell, EnterCell, Provoke, OfferOpportunity, RollAttack, DealDamage, Act, OfferDelayed,
             StartTurn[str], EndTurn[str], AdvanceClock[str], Offer, StuntCheck, EscapeCheck]
