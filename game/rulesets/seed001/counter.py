"""Seed 001's second-counter (numbers in brackets are seed 001's lines): a round counting down through its
seconds, creatures acting at their second, one action and one reaction each a round [3, 4, 7], and entries
scheduled on the counter that wrap "around the corner" into the next round [34].

Our reading of the length and labels: a round is twelve seconds, counted down 12, 11, ..., 1. The worked example
fixes it: "if the reaction is used in second-counter:2 and the delay is 4 seconds, then standing will be effective
in 10 of the subsequent round" [34]: 2 -> 1 -> (corner) 12 -> 11 -> 10 is four seconds.

How a creature's second is set is ours (the document names the counter, not how one gets a place on it): at the
start of each round every creature rolls a d12 and acts at that second. Ties at one second are ordered: scheduled
entries (a delayed stand-up) land before anyone acts at that second, and within a kind the entry scheduled first
comes first (creatures in the order their seconds were rolled).

:class:`Counter` is a frozen value: every change returns a new counter.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from game.kernel.engine import Impossible

if TYPE_CHECKING:
    from game.kernel.dice import Dice

SECONDS = 12
"""Seconds in a round, counted down from 12 to 1 (our reading of [34])."""
MAX_ENTRIES = 1000
"""Most entries a counter holds at once (a fight has a handful)."""
MAX_DELAY = 10 * SECONDS
"""The longest delay the counter schedules (ten rounds)."""


@dataclass(frozen=True, slots=True)
class Moment:
    """A second of a round: ``round`` from 1, ``second`` from 12 (first) down to 1 (last)."""

    round: int
    second: int

    def __post_init__(self) -> None:
        if not 1 <= self.second <= SECONDS:
            raise ValueError(f"second {self.second} is not on the counter (12 to 1)")

    @property
    def tick(self) -> int:
        """Seconds since second 12 of round 0: moments in time order have rising ticks."""
        return self.round * SECONDS + (SECONDS - self.second)

    @staticmethod
    def at_tick(tick: int) -> Moment:
        """The moment ``tick`` seconds after second 12 of round 0."""
        return Moment(tick // SECONDS, SECONDS - tick % SECONDS)

    def later(self, delay: int) -> Moment:
        """The moment ``delay`` seconds on, around the corner into later rounds [34]."""
        return Moment.at_tick(self.tick + delay)

    def __str__(self) -> str:
        return f"round {self.round}, second {self.second}"


class Kind(enum.Enum):
    """What an entry on the counter is; at one second, scheduled entries come before creatures' turns."""

    SCHEDULED = 0
    """Something with a delay taking effect (a stand-up by reaction [34])."""
    ACTS = 1
    """A creature acting at its second."""


class Use(enum.Enum):
    """What a creature has one of each round [3, 4, 7]."""

    ACTION = "action"
    REACTION = "reaction"


@dataclass(frozen=True, slots=True)
class Entry:
    """One thing due on the counter: ``who`` it concerns, a ``label`` for people (what happens, e.g. "stands": readers
    put the name of ``who`` before it), its moment and order."""

    at: Moment
    kind: Kind
    who: str
    label: str
    seq: int

    @property
    def order(self) -> tuple[int, int, int]:
        """Sort key: time first, then scheduled before acting, then the order of scheduling."""
        return (self.at.tick, self.kind.value, self.seq)


@dataclass(frozen=True, slots=True)
class Shown:
    """An entry as the timeline draws it: its second, rounds after the current one, label and kind."""

    second: int
    offset: int
    label: str
    kind: Kind
    who: str = ""
    """The creature the entry concerns (the timeline names it in the reader's words and colours it by side)."""


@dataclass(frozen=True, slots=True)
class Counter:
    """The second-counter now: the current moment, the entries still to come (in order) and what each
    creature has spent this round."""

    now: Moment = Moment(1, SECONDS)
    entries: tuple[Entry, ...] = ()
    spent: frozenset[tuple[str, Use]] = frozenset()
    next_seq: int = 0

    # -- reading -------------------------------------------------------------------------------------------

    def when(self) -> str:
        """Where the fight is in time, for people."""
        return str(self.now)

    def holder(self) -> str | None:
        """The first creature due to act now, if any."""
        for e in self.due():
            if e.kind is Kind.ACTS:
                return e.who
        return None

    def due(self) -> tuple[Entry, ...]:
        """What is due at or before the current second, in order."""
        return tuple(e for e in self.entries if e.at.tick <= self.now.tick)

    def next_due(self) -> Moment | None:
        """The moment of the next entry (now, if something is due), or None if nothing is scheduled."""
        return self.entries[0].at if self.entries else None

    def acts_at(self, who: str) -> Moment | None:
        """When ``who`` acts next, or None."""
        return next((e.at for e in self.entries if e.kind is Kind.ACTS and e.who == who), None)

    def can(self, who: str, use: Use) -> bool:
        """Whether ``who`` still has its action / reaction this round [3, 7]."""
        return (who, use) not in self.spent

    def shown(self) -> tuple[Shown, ...]:
        """The entries as the timeline draws them: second, rounds after the current one, label, kind, who."""
        return tuple(Shown(e.at.second, e.at.round - self.now.round, e.label, e.kind, e.who) for e in self.entries)

    # -- changing ------------------------------------------------------------------------------------------

    def _with(self, entry_at: Moment, kind: Kind, who: str, label: str) -> Counter:
        if len(self.entries) >= MAX_ENTRIES:
            raise Impossible(f"the counter already holds {MAX_ENTRIES} entries")
        entry = Entry(entry_at, kind, who, label, self.next_seq)
        entries = tuple(sorted((*self.entries, entry), key=lambda e: e.order))
        return replace(self, entries=entries, next_seq=self.next_seq + 1)

    def schedule(self, who: str, label: str, delay: int) -> Counter:
        """``label`` takes effect ``delay`` seconds from now, around the corner if the round ends first [34]."""
        if not 0 <= delay <= MAX_DELAY:
            raise Impossible(f"a delay of {delay} seconds is not on the counter (0 to {MAX_DELAY})")
        return self._with(self.now.later(delay), Kind.SCHEDULED, who, label)

    def seat(self, turns: Iterable[tuple[str, int]]) -> Counter:
        """Each creature acts at its second of the current round (seconds already past are refused)."""
        counter = self
        for who, second in turns:
            if not 1 <= second <= self.now.second:
                raise Impossible(f"{who} cannot act at second {second}: the round is at {self.now.second}")
            counter = counter._with(Moment(self.now.round, second), Kind.ACTS, who, who)
        return counter

    def take_due(self) -> tuple[Counter, tuple[Entry, ...]]:
        """Remove and return what is due now, in order."""
        due = self.due()
        return replace(self, entries=self.entries[len(due):]), due

    def spend(self, who: str, use: Use) -> Counter:
        """``who`` uses its action or reaction; a second one in the round is refused [3, 7]."""
        if not self.can(who, use):
            raise Impossible(f"{who} has already used its {use.value} this round")
        return replace(self, spent=self.spent | {(who, use)})

    def tick(self) -> Counter:
        """One second on; from second 1 around the corner to 12 of the next round, where every creature has its
        action and reaction again."""
        later = self.now.later(1)
        spent = self.spent if later.round == self.now.round else frozenset()
        return replace(self, now=later, spent=spent)

    def advance(self) -> Counter:
        """On to the next second with something due (at most to the end of the round when nothing is: then
        second 12 of the next round)."""
        target = self.next_due()
        end = Moment(self.now.round + 1, SECONDS)
        if target is None or target.tick > end.tick:
            target = end
        counter = self
        for _ in range(max(0, target.tick - self.now.tick)):
            counter = counter.tick()
        return counter


def roll_seconds(dice: Dice, who: Sequence[str]) -> tuple[tuple[str, int], ...]:
    """Each creature's second this round: a d12 each, in the order given (ours)."""
    return tuple((name, dice.roll(1, SECONDS, 0, f"{name}'s second").total) for name in who)


def stand_up_delay(dice: Dice) -> int:
    """Standing up by reaction: "there is a d4 delay on the initiative counter" [34]."""
    return dice.roll(1, 4, 0, "stand-up delay").total
