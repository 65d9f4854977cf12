"""Seed 002's speed ranks (numbers in brackets are seed 002's lines): feet and squares of a rank, the rank each
way of moving uses, and the run's check and its fatigue [71].

"Normally this is a rank 0 ground speed for most people (up to 30 feet)" [70]; the document's own figures
are "-1 rank (typically 15 feet)" [72] and "-3 ranks (typically 5 feet)" [73, 77]: not a plain halving.
Our reading: rank -2 is 10 feet (whole squares); -3 and below 5 feet (the slowest figure the document gives:
a creature that may move at all moves one square); each rank above 0 doubles (rank 1 = 60 feet).
A square is 5 feet.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from game.rulesets.seed002 import checks

if TYPE_CHECKING:
    from game.kernel.dice import Dice

SQUARE_FEET = 5
"""Feet across one square."""
MAX_RANK = 12
"""The fastest rank a table counts (anything faster crosses any map)."""
_SLOW = {0: 30, -1: 15, -2: 10}
"""Rank 0 [70], -1 [72] and -2 (our reading); -3 and below are 5 feet [73]."""


def feet(rank: int) -> int:
    """Feet a move at speed ``rank`` covers: 30 at rank 0, 15 at -1, 10 at -2, 5 at -3 and below, doubling per
    rank above 0 (ranks above :data:`MAX_RANK` count as it)."""
    if rank <= -3:
        return 5
    if rank <= 0:
        return _SLOW[rank]
    return 30 << min(rank, MAX_RANK)


def squares(rank: int) -> int:
    """Squares a move at speed ``rank`` covers (5 feet each): 6 at rank 0."""
    return feet(rank) // SQUARE_FEET


class Movement(enum.Enum):
    """A way of moving, with the change to the mover's speed rank [70-80]."""

    WALK = ("walk", 0)
    """"up to your normal speed rank" [70]."""
    RUN = ("run", 1)
    """"increases your speed rank by +1 for one round" after an Athletics check [71]."""
    SQUEEZE = ("squeeze", -1)
    """"your normal speed -1 rank (typically 15 feet)" [72]."""
    CRAWL = ("crawl", -3)
    """"your normal speed -3 ranks (typically 5 feet)" [73]."""
    CHARGE = ("charge", -1)
    """"at -1 to your speed rank in a relatively straight line" [39]."""
    ADVANCE = ("advance", -3)
    """"up to your normal speed -3 ranks" [77]."""
    WITHDRAW = ("withdraw", -3)
    """"up to your normal speed -3 ranks" [79]."""
    ESCAPE = ("escape", -1)
    """"move at your normal ground speed -1 rank" after escaping a grab [80]."""

    def __init__(self, word: str, change: int) -> None:
        self.word = word
        self.change = change

    def rank(self, speed_rank: int) -> int:
        """The speed rank a mover of ``speed_rank`` moves at this way."""
        return speed_rank + self.change

    def squares(self, speed_rank: int) -> int:
        """Squares a mover of ``speed_rank`` covers this way."""
        return squares(self.rank(speed_rank))


def run_dc(power_level: int) -> int:
    """The run's Athletics check: "a Moderate DC (DC 10 + Power Level)" [71]."""
    return checks.moderate_dc(power_level)


def runs(outcome: checks.Outcome) -> bool:
    """Whether an Athletics check lets the creature run: "one or more degrees of success increases your speed
    rank by +1 for one round" [71]."""
    return outcome.success


def fatigue_degrees_needed(successive: int) -> int:
    """Degrees of success the Endurance check needs to resist the run's fatigue in the ``successive``-th round
    running in a row (1 the first): "Running for successive rounds increases the degrees of success needed to
    resist the Fatigue by one degree for each successive round" [71]."""
    if successive < 1:
        raise ValueError("the first round of running is round 1")
    return successive


def resists_run_fatigue(outcome: checks.Outcome, successive: int) -> bool:
    """Whether an Endurance check resists the run's fatigue in the ``successive``-th round running in a row
    (our reading of "can cause Fatigue" [71]: a run always tires unless this check resists it)."""
    return outcome.success and outcome.degrees >= fatigue_degrees_needed(successive)


def roll_run(dice: Dice, athletics: int, power_level: int, *, advantage: int = 0) -> bool:
    """Roll the run's Athletics check (logged as "run"): whether the creature runs this round."""
    return runs(checks.roll(dice, athletics, run_dc(power_level), "run", advantage=advantage))


def roll_run_fatigue(dice: Dice, endurance: int, power_level: int, successive: int, *, advantage: int = 0) -> bool:
    """Roll the Endurance check against the run's fatigue (logged as "run fatigue"): whether it is resisted."""
    outcome = checks.roll(dice, endurance, checks.moderate_dc(power_level), "run fatigue", advantage=advantage)
    return resists_run_fatigue(outcome, successive)
