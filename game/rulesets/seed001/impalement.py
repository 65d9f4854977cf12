"""Seed 001's impalement as pure rules over plain data (numbers in brackets are seed 001's lines).

A wielder of a polearm that pierces or permits it, with the polearm style [20], may impale "an opponent using
some method of melee attack" who "closes from 20 feet or farther to engage and attack", even when the one
engaged is not the wielder, so long as "the wielder of the pole must be adjacent or directly behind the intended
target" [21]. It is a reaction, and the wielder keeps its normal attack [22]. It "interrupts the action prior to
the attacker rolling his or her d20s for attack" and "occurs ten feet (two-hexes) away", fifteen with special
weaponry [23]; it rolls 3d20, 4d20 with weapon forte, and heavy conveys [24]; "If the reaction damage
incapacitates the attacker first, then the initiating attack is nullified" [23].

Our readings (the README's "Reactions" lists them):

* **a rush**: a move-and-attack with a melee weapon or savage attack (monster moves are not rushes) whose
  starting hex is 4 hexes (20 feet) or more from the hex of the creature it attacks.
* **directly behind** (hexes and squares alike): the wielder stands two cells from the target in a straight
  line with the target between it and the rusher: ``distance(wielder, target) == 2`` and the target lies on a
  shortest way from the rusher's engaging cell to the wielder (``distance(engage, wielder) ==
  distance(engage, target) + 2``), so a second-rank pike reaches past the front rank.
* **adjacent**: one cell from the target (the target itself may be the wielder).
* **where it strikes** ("ten feet away" [23]): the first hex of the rush within the weapon's impalement range
  (2 hexes, 3 with special weaponry) of the target of the rush. The rush is interrupted there: every impalement
  is resolved with the rusher standing at its own point of the path, the longer ranges first; a rusher
  incapacitated stops there and its attack is lost [23]; otherwise it goes on to its attack.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.grid import Cell, Grid
from game.rulesets.seed001 import pools
from game.rulesets.seed001.sheets import HEX_FEET, Sheet, Weapon

KIND = "reaction:impalement"
"""The decision kind of an impalement (standing orders are set per kind)."""

RUSH_FEET = 20
""""closes from 20 feet or farther" [21]."""
RUSH_HEXES = RUSH_FEET // HEX_FEET
MAX_PATH = 200


@dataclass(frozen=True, slots=True)
class Rush:
    """A move-and-attack as the rule reads it."""

    rusher: str
    side: str
    start: Cell
    """Where the move began (remembered by the move-and-attack)."""
    path: tuple[Cell, ...]
    """The hexes entered, in order (the start not included); the last is where it attacks from."""
    target: str
    target_cell: Cell
    melee: bool = True
    """A melee weapon, savage or unarmed attack [21] (not a missile, not a monster move)."""


@dataclass(frozen=True, slots=True)
class Pikeman:
    """A creature that might impale, as the rule reads it."""

    id: str
    side: str
    cell: Cell
    sheet: Sheet
    has_reaction: bool
    up: bool = True
    prone: bool = False


@dataclass(frozen=True, slots=True)
class Impaler:
    """A pikeman a rush lets impale: its weapon, its dice and where on the path it strikes."""

    reactor: str
    weapon: Weapon
    dice: int
    index: int
    """The index in :attr:`Rush.path` where the rusher stands when struck."""


def closes_far(grid: Grid[Any], rush: Rush) -> bool:
    """Whether the rush "closes from 20 feet or farther" [21]: it began 4 hexes or more from its target."""
    return grid.distance(rush.start, rush.target_cell) >= RUSH_HEXES


def directly_behind(grid: Grid[Any], wielder: Cell, target: Cell, engage: Cell) -> bool:
    """Whether ``wielder`` stands directly behind ``target`` as seen from ``engage`` (our reading: two cells
    from the target with the target on a shortest way from ``engage`` to it)."""
    return (grid.distance(wielder, target) == 2
            and grid.distance(engage, wielder) == grid.distance(engage, target) + 2)


def guards(grid: Grid[Any], wielder: Cell, target: Cell, engage: Cell) -> bool:
    """Whether a wielder at ``wielder`` may impale for ``target``: it is the target, adjacent to it, or
    directly behind it [21]."""
    return grid.distance(wielder, target) <= 1 or directly_behind(grid, wielder, target, engage)


def strike_index(grid: Grid[Any], rush: Rush, hexes: int) -> int:
    """Where on the path the impalement strikes: the first hex within ``hexes`` of the target [23] (the last
    hex if none is, which a rush from 4 hexes never leaves)."""
    for i, step in enumerate(rush.path[:MAX_PATH]):
        if grid.distance(step, rush.target_cell) <= hexes:
            return i
    return max(0, len(rush.path) - 1)


def why_not(grid: Grid[Any], pikeman: Pikeman, rush: Rush) -> str:
    """Why ``rush`` gives ``pikeman`` no impalement ("" if it does), each condition of [20-23]."""
    name = pikeman.sheet.name
    if pikeman.side == rush.side:
        return "the rusher is an ally"
    if not pikeman.up:
        return f"{name} is incapacitated"
    if not rush.melee:
        return "only a melee attack (savage or unarmed too) is impaled, not a missile or a monster's move [21]"
    if not rush.path:
        return "the attacker does not move: no rush"
    if not closes_far(grid, rush):
        return f"the attacker closes from less than {RUSH_FEET} feet [21]"
    if not pikeman.sheet.polearm_style:
        return f"{name} lacks the polearm style [20]"
    if pikeman.sheet.impaling_weapon() is None:
        return f"{name} holds no polearm that pierces or permits impalement [20]"
    if not pikeman.has_reaction:
        return f"{name} has used its reaction this round [7]"
    if pikeman.prone:
        return f"{name} is prone (ours: no set polearm)"
    if not guards(grid, pikeman.cell, rush.target_cell, rush.path[-1]):
        return f"{name} is neither adjacent to nor directly behind the one attacked [21]"
    return ""


def impalers(grid: Grid[Any], pikemen: Sequence[Pikeman], rush: Rush) -> tuple[Impaler, ...]:
    """Every pikeman ``rush`` lets impale, in the order they strike along the path (ties: the order given)."""
    out: list[Impaler] = []
    for p in pikemen:
        if why_not(grid, p, rush):
            continue
        weapon = p.sheet.impaling_weapon()
        assert weapon is not None
        out.append(Impaler(p.id, weapon, pools.impalement_dice(p.sheet.impalement_forte(weapon)),
                           strike_index(grid, rush, weapon.impalement_range)))
    return tuple(sorted(out, key=lambda i: i.index))


def damage(pool: pools.Pool, weapon: Weapon, strength: int) -> int:
    """An impalement's Body damage: the standard rule (successes + Weapon Wgt + Strength)."""
    return pools.attack_damage(pool.successes, weapon.weight, strength)


def question(reactor: Sheet, rusher: str, impaler: Impaler, tm: int) -> str:
    """The decision's words, with the exact chance of a hit and the expected damage."""
    hit = 1 - pools.success_chances(impaler.dice, tm)[0]
    mean = pools.expected_damage(impaler.dice, tm, impaler.weapon.weight, reactor.strength)
    return (f"impale {rusher} as it rushes in? {impaler.dice}d20 with {impaler.weapon.name} "
            f"against TM {tm}: {float(hit):.0%} to hit, {float(mean):.1f} Body on average; the action stays [22-24]")
