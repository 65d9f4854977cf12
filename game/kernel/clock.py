"""Turn order as data: a clock owned by the ruleset says who holds the turn and advances.

A clock answers :class:`Clock`'s two questions for the table; how a clock advances (a cycle, bands, a countdown of
seconds, phases and segments) and whether advancing asks someone (who in this band acts next) is the
ruleset's, done with steps like any other so that it can stop at a decision. :class:`Cycle` is the plain
fixed order round after round that several rulesets use.
"""

from __future__ import annotations

from typing import Callable, Generic, Protocol, Sequence, TypeVar

P = TypeVar("P", bound=str)
"""A ruleset's piece id type."""


class Clock(Protocol):
    def holder(self) -> P | None:
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
