"""Seed 001's commands (imperative, frozen) and the steps they expand into on the kernel's stack (numbers in
brackets are seed 001's lines).

A turn is one action [3] and free movement within the creature's movement for the round [32]. A command names
its creature; the fight checks it whole before anything changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from game.grid import Cell
from game.kernel.clock import AdvanceClock, EndTurn, StartTurn


@dataclass(frozen=True, slots=True)
class Move:
    """Move to ``to`` along ``path`` (else the cheapest path): free, within the movement left this round [32].
    ``withdraw``: the document's "action to withdraw in a defensive manner" [11]: it costs the action and
    provokes nothing on the way."""

    creature: str
    to: Cell
    path: tuple[Cell, ...] | None = None
    withdraw: bool = False


@dataclass(frozen=True, slots=True)
class Attack:
    """The action: attack ``target`` with ``weapon`` (a weapon, a savage attack, or a monster's move by its id).
    With ``to``: "move and attack", one declared action that moves to ``to`` (along ``path``) and then attacks;
    it remembers where the rush began and how far it closed (impalement [21]). A monster's move [15] does not
    provoke on its way."""

    creature: str
    target: str
    weapon: str
    to: Cell | None = None
    path: tuple[Cell, ...] | None = None


@dataclass(frozen=True, slots=True)
class Stand:
    """The action: stand up from prone, at once, with no movement penalty [32-34]."""

    creature: str


@dataclass(frozen=True, slots=True)
class Dismount:
    """The action: get down from the mount to ``to`` (a free hex beside it), with the dismount's movement
    penalty [17] (ours: half the species standard, as standing up's [33])."""

    creature: str
    to: Cell


@dataclass(frozen=True, slots=True)
class EndTurnCommand:
    creature: str


Command = Union[Move, Attack, Stand, Dismount, EndTurnCommand]


# -- steps ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Rush:
    """Where a move-and-attack's rush began and how far it came: "closes from 20 feet or farther to engage and
    attack" [21] reads :attr:`from_feet`."""

    start: Cell
    """The hex the attacker's movement began from (its turn's start)."""
    from_feet: int
    """Feet between that hex and the target when the rush began."""
    closed_feet: int
    """Feet of the distance to the target the rush closed."""


@dataclass(frozen=True, slots=True)
class EnterHex:
    """The mover (with whoever it carries) enters ``cell`` from ``origin``: its ``before`` break point is where a
    creature it passes may react (an attack of opportunity [11]); ``provokes`` is False for a withdrawal and
    for a monster's special move [15]. ``last``: the move's final hex."""

    action: int
    creature: str
    cell: Cell
    origin: Cell
    provokes: bool = True
    last: bool = False


@dataclass(frozen=True, slots=True)
class RollAttack:
    """An attack's d20 pool. Its ``before`` break point is "before the attacker rolls his or her d20s" [23]
    (impalement); ``rush`` is set for an attack at the end of a rush. ``dice``: the pool's size (0: the sheet's
    or the move's); ``opportunity``: an attack of opportunity's damage rule [14]."""

    action: int
    creature: str
    target: str
    weapon: str
    kind: str
    """"melee", "missile", "savage", "move" (a monster's move) or "opportunity"/"impalement" (reactions)."""
    rush: Rush | None = None
    dice: int = 0
    opportunity: bool = False


@dataclass(frozen=True, slots=True)
class DealDamage:
    """A hit's Body damage: its ``before`` break point is "a minimal moment just before receiving the damage"
    [6] (dodge, rebuff, deflect). The blow (its pool, which a reaction may change) is the fight's
    ``blows[action]``."""

    action: int
    creature: str
    target: str
    weapon: str


@dataclass(frozen=True, slots=True)
class Act:
    """An action that is not movement or an attack: ``what`` is "stand" or "dismount"."""

    action: int
    creature: str
    what: str
    to: Cell | None = None


@dataclass(frozen=True, slots=True)
class Due:
    """Something scheduled on the counter comes due (a stand-up by reaction [34]): ``label`` says what."""

    action: int
    creature: str
    label: str


@dataclass(frozen=True, slots=True)
class NewRound:
    """A round has begun (second 12, everyone's seconds rolled, actions and reactions back): its break points are
    where what may happen "at the start of the round" is asked (a stand-up by reaction [32])."""

    action: int
    creature: str
    round: int


@dataclass(frozen=True, slots=True)
class ThrowRider:
    """``creature``'s mount stopped short or was slain and throws it [17]: ``cause`` is
    :class:`~game.rulesets.seed001.sheets.Unhorsing`'s value. Its question is the rider's dismount reaction
    (s001react); resolved without one, the rider falls (1d6 Body) and lies prone beside or on the mount."""

    action: int
    creature: str
    mount: str
    cause: str


@dataclass(frozen=True, slots=True)
class Offer:
    """A reaction offered to ``creature``'s player (s001react's reactions): ``kind`` is the decision's kind,
    ``target`` the other creature, ``about`` the action it answers, ``detail`` what the module remembers."""

    action: int
    creature: str
    kind: str
    target: str = ""
    about: int = 0
    detail: str = ""


Step = Union[EnterHex, RollAttack, DealDamage, Act, Due, NewRound, ThrowRider, Offer, StartTurn[str], EndTurn[str],
             AdvanceClock[str]]
