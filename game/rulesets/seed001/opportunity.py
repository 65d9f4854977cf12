"""Seed 001's attack of opportunity as pure rules over plain data (numbers in brackets are seed 001's lines).

"When a creature moves through the adjacent space around someone, without challenging that someone, and that
someone has a melee weapon at the ready as well as an available reaction, this permits an attack of
opportunity" [11]. The other conditions: the reactor "must be stationary and must have been stationary since
the last movement option" [12]; it holds a weapon or has a savage attack [12]; the range is "five feet or
one-hex, even if the armed weapon has a longer reach" [13]; "a maximum of 2d20 ... from a standard attack", no
specialty skills, "the primary hand or savage attack" [14]; damage "the 1 point for that die, the Weapon Wgt
value and any Strength modifier" [14]. Some monster moves never provoke [15]. The flee attack "no longer
exists" [10]: leaving a hex beside someone (a withdrawal above all) is no trigger.

Our readings (the README's "Reactions" lists them):

* **passing through a hex adjacent to you**: the mover *enters* a hex adjacent to the reactor's hex (its last
  hex included; stepping around you from one adjacent hex to the next is entering one). The hex it starts in
  is no trigger, and neither is leaving one (no flee attack [10]).
* **challenging you**: the move comes to fight you: a move-and-attack (or a monster move's strike) whose
  target is you, or a plain move that ends adjacent to you (it comes to engage you). Anyone else it passes is
  not challenged, the creature it ends beside to attack someone else included.
* **stationary since the last movement option** [12]: the reactor has not moved since its own last turn
  began (the fight keeps the record; a creature that has not had a turn yet this fight is stationary).
* A move flagged not provoking (fly-by breath, surface-and-dive, phasing [15]) and a withdrawal (the
  "action to withdraw in a defensive manner" [11]) provoke nobody.
* The first adjacent hex entered is where the attack strikes: the move is interrupted there; a mover
  incapacitated by it stops there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.grid import Cell, Grid
from game.rulesets.seed001 import pools
from game.rulesets.seed001.sheets import OPPORTUNITY_HEXES, Sheet, Weapon

KIND = "reaction:opportunity"
"""The decision kind of an attack of opportunity (standing orders are set per kind)."""

MAX_PATH = 200
"""The longest path looked at (a move is a creature's movement: a few dozen hexes at most)."""


@dataclass(frozen=True, slots=True)
class Bystander:
    """A creature a move might pass, as the rule reads it."""

    id: str
    side: str
    cell: Cell
    sheet: Sheet
    stationary: bool
    """It has not moved since its last movement option [12]."""
    has_reaction: bool
    """Its one reaction of this round is unused [3, 7]."""
    up: bool = True
    """Not incapacitated (an incapacitated creature reacts to nothing)."""
    prone: bool = False
    """Prone (ours: a prone creature makes no attack of opportunity; its weapon is not "at the ready")."""


@dataclass(frozen=True, slots=True)
class Passage:
    """One move of one creature: where it starts, the hexes it enters in order, whom it challenges."""

    mover: str
    side: str
    start: Cell
    path: tuple[Cell, ...]
    """The hexes entered, in order (the start not included)."""
    challenged: frozenset[str] = frozenset()
    """Whom the move challenges: its attack's target, or those a plain move ends adjacent to."""
    provokes: bool = True
    """False for a move flagged not provoking [15]."""
    withdrawal: bool = False
    """A withdrawal "in a defensive manner" [11]: provokes nobody."""


@dataclass(frozen=True, slots=True)
class Provoked:
    """A bystander a passage lets make an attack of opportunity, and where the mover is when it strikes."""

    reactor: str
    weapon: Weapon
    index: int
    """The index in :attr:`Passage.path` of the first hex adjacent to the reactor that the mover enters."""


def challenged_by_plain_move(grid: Grid[Any], end: Cell, enemies: Sequence[tuple[str, Cell]]) -> frozenset[str]:
    """Whom a plain move ending at ``end`` challenges: every enemy it ends adjacent to (our reading)."""
    return frozenset(who for who, cell in enemies if grid.distance(end, cell) <= OPPORTUNITY_HEXES)


def first_entry(grid: Grid[Any], passage: Passage, cell: Cell) -> int | None:
    """The index of the first hex of the path adjacent to ``cell`` that the mover enters (the start is not
    entered), None if it enters none."""
    for i, step in enumerate(passage.path[:MAX_PATH]):
        if grid.distance(step, cell) == OPPORTUNITY_HEXES:
            return i
    return None


def why_not(grid: Grid[Any], reactor: Bystander, passage: Passage) -> str:
    """Why ``passage`` gives ``reactor`` no attack of opportunity ("" if it does), each condition of [10-15]."""
    if reactor.id == passage.mover:
        return "a creature does not attack itself"
    if reactor.side == passage.side:
        return "the mover is an ally"
    if not reactor.up:
        return f"{reactor.sheet.name} is incapacitated"
    if passage.withdrawal:
        return "a withdrawal in a defensive manner provokes nothing; the flee attack no longer exists [10-11]"
    if not passage.provokes:
        return "that move does not provoke an attack of opportunity [15]"
    if reactor.id in passage.challenged:
        return f"the move challenges {reactor.sheet.name}: no attack of opportunity on a foe coming at you [11]"
    if not reactor.has_reaction:
        return f"{reactor.sheet.name} has used its reaction this round [7, 11]"
    if not reactor.stationary:
        return f"{reactor.sheet.name} has moved since its last movement option [12]"
    if reactor.prone:
        return f"{reactor.sheet.name} is prone: no weapon at the ready (ours)"
    if reactor.sheet.opportunity_weapon() is None:
        return (f"{reactor.sheet.name} holds no ready melee weapon in its primary hand and has no savage "
                "attack [12, 14]")
    if first_entry(grid, passage, reactor.cell) is None:
        return "the mover passes through no hex adjacent to it (one hex, whatever the reach [13])"
    return ""


def provoked(grid: Grid[Any], bystanders: Sequence[Bystander], passage: Passage) -> tuple[Provoked, ...]:
    """Every bystander ``passage`` lets make an attack of opportunity, in the order the mover reaches them
    (ties: the order given)."""
    out: list[Provoked] = []
    for b in bystanders:
        if why_not(grid, b, passage):
            continue
        index = first_entry(grid, passage, b.cell)
        weapon = b.sheet.opportunity_weapon()
        assert index is not None and weapon is not None
        out.append(Provoked(b.id, weapon, index))
    return tuple(sorted(out, key=lambda p: p.index))


def dice(sheet: Sheet) -> int:
    """The d20s the attack rolls: its standard pool, at most 2 [14]."""
    return pools.opportunity_dice(sheet.pool)


def damage(pool: pools.Pool, weapon: Weapon, strength: int) -> int:
    """Its Body damage: 1 point for the dice however many succeed, + Weapon Wgt + Strength [14]."""
    return pools.opportunity_damage(pool.successes, weapon.weight, strength)


def question(reactor: Sheet, mover: str, weapon: Weapon, tm: int) -> str:
    """The decision's words, with the odds of a hit (exact)."""
    hit = 1 - pools.success_chances(dice(reactor), tm)[0]
    best = pools.opportunity_damage(1, weapon.weight, reactor.strength)
    return (f"attack of opportunity on {mover} as it passes? {dice(reactor)}d20 with "
            f"{weapon.name} against TM {tm}: {float(hit):.0%} to hit for {best} Body [14]")
