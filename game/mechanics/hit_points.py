"""A hit-point track: hit points counting down from a maximum, with a half state and a zero state.

Several rules systems share it under their own words: seed 000's 4E-style combat calls the half state
*bloodied* (and drops a creature at 0), seed 003 calls it *staggered* ("When a character or enemy is at
half their hit points, they're Staggered", 003 line 205) and a creature at 0 or less is dying or dead
(line 207). What happens at 0 (dying, dead, unconscious) is each ruleset's; this track only says where a
creature stands.

Our reading where the documents say "half": half of an odd maximum rounds down (a 25 hit-point creature
is at half from 12), and the half state holds above 0 only (at 0 or less the zero state is what counts).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class HitPointState(Enum):
    """Where a creature stands on its track."""

    ABOVE_HALF = "above half"
    HALF = "half"
    """At or below half its maximum, above 0 (seed 000: bloodied; seed 003: staggered)."""
    ZERO = "zero"
    """At 0 or less (seed 000: dropped, dying or dead; seed 003: dying, or dead for enemies)."""


@dataclass(frozen=True, slots=True)
class HitPointTrack:
    """A ruleset's hit-point track: its words for the half and zero states, and the tests on them."""

    half_name: str
    """The ruleset's word for :attr:`HitPointState.HALF` ("bloodied", "staggered")."""
    zero_name: str
    """The ruleset's word for :attr:`HitPointState.ZERO` ("dropped", "dying")."""

    @staticmethod
    def half(maximum: int) -> int:
        """The hit points at and below which a creature with ``maximum`` is at half (rounded down)."""
        return maximum // 2

    @staticmethod
    def is_half(hp: int, maximum: int) -> bool:
        """At half: above 0 and at most half the maximum."""
        return 0 < hp <= maximum // 2

    @staticmethod
    def is_zero(hp: int) -> bool:
        """At 0 or less."""
        return hp <= 0

    def state(self, hp: int, maximum: int) -> HitPointState:
        """Where ``hp`` of ``maximum`` stands."""
        if hp <= 0:
            return HitPointState.ZERO
        if hp <= maximum // 2:
            return HitPointState.HALF
        return HitPointState.ABOVE_HALF

    def reached_half(self, before: int, after: int, maximum: int) -> bool:
        """Whether going from ``before`` to ``after`` hit points put a creature at half (it was not, it is
        now, and it is still above 0): the moment seed 000 logs "bloodied" and seed 003 "staggered"."""
        return self.is_half(after, maximum) and not self.is_half(before, maximum)

    def describe(self, hp: int, maximum: int) -> str:
        """The ruleset's word for where ``hp`` stands ("" above half)."""
        match self.state(hp, maximum):
            case HitPointState.HALF:
                return self.half_name
            case HitPointState.ZERO:
                return self.zero_name
        return ""
