"""Seed 001's standing up by reaction as pure rules over plain data (numbers in brackets are seed 001's lines).

"to stand one must either sacrifice an action or a reaction" [32]; the reaction "can be used at the start of the
round or just after being knocked down" [32]; it costs "half of the standard movement for the creature's
species" [33]; "there is a d4 delay on the initiative counter for when the new position changes. In the interim,
the prone restriction is still applied", wrapping "around the corner" into the next round [34]; by action,
standing "happens immediately" and costs no movement [33-34].

Our readings (the README's "Reactions" lists them):

* **when it is offered**: to a prone creature with its reaction, at second 12 of each round before anyone acts,
  and just after it is knocked down (thrown from a mount, a fall, a hound's drag).
* **the movement penalty**: half the species standard comes off the creature's movement for the round in which
  it gets up, the round the stand-up comes due; if the d4 wraps around the corner, that is the next round (it
  cannot use the movement of this round while prone anyway, and it gets up with the penalty on the next).
* A creature may not stand by reaction while a stand-up of its own is already scheduled.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rulesets.seed001.counter import Counter, Moment

KIND = "reaction:stand"
"""The decision kind of standing up by reaction (standing orders are set per kind)."""

LABEL = "stands"
"""The counter entry's label suffix: "<name> stands"."""


@dataclass(frozen=True, slots=True)
class Rising:
    """A stand-up by reaction, scheduled: when it takes effect, and the round whose movement pays for it."""

    at: Moment
    penalty_round: int
    penalty_feet: int


def why_not(name: str, prone: bool, has_reaction: bool, rising: bool, up: bool = True) -> str:
    """Why a creature may not stand by reaction now ("" if it may) [31-34]."""
    if not up:
        return f"{name} is incapacitated"
    if not prone:
        return f"{name} is not prone [35]"
    if rising:
        return f"{name} is already getting up"
    if not has_reaction:
        return f"{name} has used its reaction this round [7]"
    return ""


def schedule(counter: Counter, who: str, delay: int, standard_feet: int) -> tuple[Counter, Rising]:
    """Stand ``who`` up by reaction: the counter with ``who``'s "stands" ``delay`` seconds on (around the corner
    [34]) and the round whose movement loses half the species standard [33]."""
    after = counter.schedule(who, LABEL, delay)
    at = counter.now.later(delay)
    return after, Rising(at, at.round, penalty(standard_feet))


def penalty(standard_feet: int) -> int:
    """Half the species standard movement, in feet [33] (rounded down to whole hexes of 5 feet: ours)."""
    return (standard_feet // 2) // 5 * 5


def movement_left(movement_feet: int, penalties: int) -> int:
    """A creature's movement in feet after this round's penalties (never below 0)."""
    return max(0, movement_feet - penalties)
