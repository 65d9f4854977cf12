"""Pending decisions: the engine stops partway through an action and asks.

A :class:`Decision` names who chooses (a side, and the piece whose player answers), the question, its kind
(what standing orders are set for) and every legal option. Passing is an option like any other, never
implicit: a decision that may be declined offers ``PASS``. Decisions may be secret and opened together as a
group (declared simultaneously): the answers are kept hidden until the whole group is in, then revealed
together. The engine then takes only an :class:`Answer` to an open decision, and resumes exactly where it
stopped. Nothing waits on a timer.

Standing orders are a player's answers given in advance, per kind of decision: ``always`` takes the one
option that is not passing, ``never`` passes, ``ask`` stops the table. They are the session's (who plays
what); :func:`standing_answer` is how one is read.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Mapping

PASS = "pass"
"""The key of the option that declines a decision."""


@dataclass(frozen=True, slots=True)
class Option:
    key: str
    """Stable and unique within its decision: what an answer names (and a log line records)."""
    label: str
    """What the chooser reads."""


@dataclass(frozen=True, slots=True)
class Decision:
    id: int
    side: str
    chooser: str
    """The piece whose player answers (the reactor, the mover...)."""
    kind: str
    """What kind of decision this is, e.g. "reaction:parry", "landing", "next_in_band": standing orders
    are set per kind."""
    question: str
    options: tuple[Option, ...]
    secret: bool = False
    group: int = 0
    """Decisions opened together share a group (the first one's id); a lone decision is its own group."""

    def option(self, key: str) -> Option | None:
        for o in self.options:
            if o.key == key:
                return o
        return None

    @property
    def may_pass(self) -> bool:
        return self.option(PASS) is not None

    @property
    def taking(self) -> tuple[str, ...]:
        """The keys of the options that are not passing, in their order."""
        return tuple(o.key for o in self.options if o.key != PASS)

    @property
    def plain_choice(self) -> str:
        """The first option that is not passing, else the first: the answer when nothing better is known."""
        taking = self.taking
        return taking[0] if taking else self.options[0].key


@dataclass(frozen=True, slots=True)
class Question:
    """What a ruleset asks at a step (the engine numbers it and makes it a :class:`Decision`)."""

    side: str
    chooser: str
    kind: str
    question: str
    options: tuple[Option, ...]
    secret: bool = False


@dataclass(frozen=True, slots=True)
class Answer:
    """The command that answers an open decision."""

    decision: int
    option: str
    by: str = "player"
    """"player", "standing order" or "AI": logged with the answer."""


class StandingOrder(Enum):
    ALWAYS = "always"
    NEVER = "never"
    ASK = "ask"


def standing_answer(orders: Mapping[str, StandingOrder], decision: Decision) -> str | None:
    """The option a player's standing orders pick for ``decision``, or None if the player must be asked.

    ``always`` takes the single option that is not passing (with several, the player must choose);
    ``never`` passes (when passing is offered). A kind with no order asks."""
    order = orders.get(decision.kind, StandingOrder.ASK)
    if order is StandingOrder.NEVER and decision.may_pass:
        return PASS
    if order is StandingOrder.ALWAYS:
        taking = decision.taking
        if len(taking) == 1:
            return taking[0]
    return None
