"""Turn order as data: a clock owned by the ruleset says who holds the turn and advances.

A clock answers :class:`Clock`'s two questions for the table; how a clock advances (a cycle, bands, a countdown of
seconds, phases and segments) and whether advancing asks someone (who in this band acts next) is the
ruleset's. :class:`Cycle` is the plain fixed order round after round that several rulesets use.

The turn boundaries are steps like any other (:class:`StartTurn`, :class:`EndTurn`, :class:`AdvanceClock`):
the engine resolves them from its stack with their break points, so a ruleset can stop at one to ask
(``Rules.question``: which of your characters in this band acts next, before :class:`AdvanceClock`; a save
at :class:`EndTurn`), and what they set off (reactions to damage at the start of a turn) resolves as it
does after any step. What each boundary does, and which one follows which, is the ruleset's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Generic, Protocol, Sequence, TypeVar

P = TypeVar("P", bound=str)
"""A ruleset's piece id type."""


P_co = TypeVar("P_co", bound=str, covariant=True)


class Clock(Protocol[P_co]):
    def holder(self) -> P_co | None:
        """The piece that holds the turn now (None between turns or before the start)."""
        ...

    def when(self) -> str:
        """Where the fight is in time, for people ("round 3")."""
        ...


class Cycle(Generic[P]):
    """A fixed order, repeated round after round; pieces that have left the fight are skipped."""

    def __init__(self, order: Sequence[P] = ()) -> None:
        self.order: list[P] = list(order)
        self.index = 0
        self.round = 0

    def holder(self) -> P | None:
        if not self.round or not self.order:
            return None
        return self.order[self.index]

    def when(self) -> str:
        return f"round {self.round}" if self.round else "before the first round"

    def begin(self, order: Sequence[P]) -> None:
        self.order, self.index, self.round = list(order), 0, 1

    def advance(self, out: Callable[[P], bool], on_skip: Callable[[P], None] | None = None,
                on_round: Callable[[int], None] | None = None) -> P | None:
        """The next piece in the order that is not ``out``; ``on_round`` is told when a new round begins and
        ``on_skip`` of each piece passed over. None if everyone is out (at most one lap)."""
        for _ in range(len(self.order) + 1):
            self.index += 1
            if self.index >= len(self.order):
                self.index = 0
                self.round += 1
                if on_round is not None:
                    on_round(self.round)
            piece = self.order[self.index]
            if not out(piece):
                return piece
            if on_skip is not None:
                on_skip(piece)
        return None


@dataclass(frozen=True, slots=True)
class StartTurn(Generic[P]):
    """A piece's turn starts: what the ruleset does then (its actions afresh, harm that goes on)."""

    action: int
    creature: P
    """The piece whose turn it is."""


@dataclass(frozen=True, slots=True)
class EndTurn(Generic[P]):
    """A piece's turn ends: what the ruleset does then (saves, effects that run out)."""

    action: int
    creature: P
    """The piece whose turn it was."""


@dataclass(frozen=True, slots=True)
class AdvanceClock(Generic[P]):
    """The clock moves on to the next holder of the turn (passing over pieces out of the fight, opening a new
    round): where a clock that asks (who in this band acts next, who is fast this round) asks."""

    action: int
    creature: P
    """The piece whose turn is over ("" before the first turn)."""
