"""Seed 004's maneuvers, 1.2.3 [28] and 1.2.3.1-1.2.3.5 [29-33] (numbers in brackets are the document's
lines): moves on the grid that change the range to one other character.

* Only an alert character may maneuver [28]; it spends a blow (the blow economy's business, not this module's).
* Close / open [29, 30]: a D100 DX check; made, the range changes by two, else by one; a roll of 91 or more
  changes nothing and calls for a DX check to avoid falling, on a D20 after a close, a D40 after an open.
* Step close / step open [31, 32]: the range changes by one.
* Change range [33]: to a fallen opponent, any range from 1 to 6.
* Rising from a fallen position replaces the first range change [28]: a fallen maker stands up and the change
  is one smaller (ours: nothing at all for a change range, nothing after a stumble, in which it stays down).

Our readings, written in README's seed 004 section:

* A DX check "on a Dn" succeeds when a roll of that die is at or below DX (so the D100 check of a close or an
  open is hard, and avoiding a fall is easier on a D20 than on a D40, as the document's dice suggest).
* The range never goes below 1. Where no free cell lies at the new range (walls, other characters), the change
  is as large as free cells allow, down to none (the "maneuvers may be impossible" the GM decides [28]).
* Ranges above 6 [28] before or after: a GM call, logged, whose default is to allow it.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Protocol

from game.grid import Cell
from game.kernel.dice import Dice
from game.kernel.engine import Impossible
from game.rulesets.seed004.initiative import Fighter
from game.rulesets.seed004.ranges import Ground, destination, is_beyond_rules, range_between
from game.rulesets.seed004.sheets import MAX_RANGE, Sheet

STUMBLE = 91
"""A D100 DX check roll at or above this stumbles [29, 30]."""


class Maneuver(enum.Enum):
    CLOSE = "close"
    OPEN = "open"
    STEP_CLOSE = "step close"
    STEP_OPEN = "step open"
    CHANGE_RANGE = "change range"


FALL_DIE = {Maneuver.CLOSE: 20, Maneuver.OPEN: 40}
"""The die of the DX check to avoid falling after a stumble [29, 30]."""


class Mover(Fighter, Protocol):
    """What a maneuver reads of a character: initiative's :class:`Fighter` (alert and fallen are its blows'),
    where it stands and its sheet (DX)."""

    @property
    def cell(self) -> Cell: ...

    @property
    def sheet(self) -> Sheet: ...


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a maneuver did."""

    maneuver: Maneuver
    mover: str
    other: str
    range_before: int
    range_after: int
    cell: Cell
    """Where the mover stands now."""
    rose: bool = False
    """A fallen mover stood up (in place of the first range change [28])."""
    stumbled: bool = False
    """The D100 DX check rolled 91 or more [29, 30]."""
    fell: bool = False
    """It then failed the check to avoid falling."""
    was_fallen: bool = False
    short: bool = False
    """No free cell lay at the range the maneuver earned: it changed less (ours)."""
    gm_calls: tuple[str, ...] = ()
    """What the document leaves to the gamesmaster, each with the default taken."""

    @property
    def fallen_after(self) -> bool:
        """Whether the mover is fallen once the maneuver is over."""
        return self.fell or (self.was_fallen and not self.rose)


def dx_check(dice: Dice, dx: int, sides: int, purpose: str) -> tuple[int, bool]:
    """A DX check on a D``sides`` (ours): the roll and whether it is at or below DX."""
    roll = dice.roll(1, sides, 0, purpose).total
    return roll, roll <= dx


def why_not(maneuver: Maneuver, mover: Mover, other: Mover, new_range: int | None = None) -> str | None:
    """Why ``mover`` may not make this maneuver against ``other`` (None: it may)."""
    if not mover.blows.alert:
        return f"{mover.id} is not alert: only alert characters maneuver"
    if mover.id == other.id:
        return f"{mover.id} cannot maneuver against itself"
    if maneuver is Maneuver.CHANGE_RANGE:
        if not other.blows.fallen or other.side == mover.side:
            return f"change range needs a fallen opponent; {other.id} is not one"
        if new_range is None or not 1 <= new_range <= MAX_RANGE:
            return f"change range sets a range from 1 to {MAX_RANGE}, not {new_range}"
    elif new_range is not None:
        return f"{maneuver.value} changes the range by the dice, not to a chosen {new_range}"
    return None


def maneuver(maneuver: Maneuver, mover: Mover, other: Mover, ground: Ground, dice: Dice,
             new_range: int | None = None) -> Outcome:
    """Make the maneuver [28-33]: roll what it rolls (logged) and say where the mover ends."""
    reason = why_not(maneuver, mover, other, new_range)
    if reason is not None:
        raise Impossible(reason)
    grid = ground.board.grid
    before = range_between(grid, mover.cell, other.cell)
    stumbled = fell = False
    if maneuver in (Maneuver.CLOSE, Maneuver.OPEN):
        roll, made = dx_check(dice, mover.sheet.dx, 100, f"{mover.id}: D100 DX check ({maneuver.value})")
        if roll >= STUMBLE:
            stumbled = True
            amount = 0
            if not mover.blows.fallen:   # one already down stays down and has nothing to avoid
                _, kept = dx_check(dice, mover.sheet.dx, FALL_DIE[maneuver], f"{mover.id}: DX check to avoid falling")
                fell = not kept
        else:
            amount = 2 if made else 1
        wanted = before - amount if maneuver is Maneuver.CLOSE else before + amount
    elif maneuver is Maneuver.STEP_CLOSE:
        wanted = before - 1
    elif maneuver is Maneuver.STEP_OPEN:
        wanted = before + 1
    else:
        assert new_range is not None
        wanted = new_range
    rose = mover.blows.fallen and not stumbled
    if rose:   # rising replaces the first range change [28]
        if maneuver is Maneuver.CHANGE_RANGE:
            wanted = before
        elif wanted != before:
            wanted += 1 if wanted < before else -1
    wanted = max(1, wanted)
    gm_calls = tuple(f"range {r} to {other.id} is above {MAX_RANGE}: the GM may rule the maneuver out or change it "
                     f"(default: allowed)" for r in sorted({before, wanted}) if is_beyond_rules(r))
    got, cell = wanted, destination(ground, mover.cell, other.cell, wanted)
    while cell is None:   # no free cell there: as near the earned range as free cells allow
        got += 1 if got < before else -1
        cell = destination(ground, mover.cell, other.cell, got)
    return Outcome(maneuver, mover.id, other.id, before, got, cell, rose=rose, stumbled=stumbled,
                   fell=fell, was_fallen=mover.blows.fallen, short=got != wanted, gm_calls=gm_calls)
