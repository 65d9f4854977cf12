"""Conditions with durations, and how conditions of one name stack.

Several rules systems put conditions on creatures that last until a turn boundary, until saved against, or
for the encounter: seed 000's 4E-style combat ("until the end of your next turn", "save ends"), seed 003
("At the end of your turn, take any ongoing damage, then make saves for any save ends effects", 003 line
107; "a one-round effect", line 193). How a ruleset rolls a save (seed 000: d20, 10+; seed 003: 11+) and
what each condition does are its own; here are when one ends (:class:`Lasting`, :func:`countdown`) and how
conditions of one name stack (:class:`Stacking`, :func:`add`, :func:`names`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Protocol, TypeVar

from game.mechanics.tactics.pieces import PieceId

C = TypeVar("C")
H = TypeVar("H")


class Lasting(Enum):
    """How long a condition lasts."""

    END_OF_NEXT_TURN = "until the end of a creature's next turn"
    """Ends when the named creature's next turn ends (if it is acting now: the end of its next turn, not
    of this one)."""
    START_OF_NEXT_TURN = "until the start of a creature's next turn"
    """Ends when the named creature's next turn starts."""
    SAVE_ENDS = "save ends"
    """Ends on a successful save (the ruleset says when saves are made and on what roll)."""
    ENCOUNTER = "encounter"
    """Lasts the encounter (or until something ends it)."""


@dataclass(frozen=True, slots=True)
class Countdown:
    """The turn boundaries a new condition waits for: each time :attr:`ends_on`'s turn starts
    (:attr:`at_start`) or ends, one of :attr:`turns` is used up; at 0 the condition ends."""

    ends_on: PieceId | None
    """Whose turn boundary counts (None: no turn boundary ends it: save ends, the encounter)."""
    at_start: bool
    """The start of that creature's turn counts (else its end)."""
    turns: int
    """How many such boundaries pass before it ends (0 when no boundary ends it)."""


def countdown(lasting: Lasting, whose: PieceId | None, acting: PieceId | None) -> Countdown:
    """When a condition put on now with ``lasting`` ends: ``whose`` is the creature whose next turn it
    names (the source's or the target's, as the ruleset's text says), ``acting`` who holds the turn now.

    The end of ``whose``'s next turn is two turn ends away while it is acting (the end of this turn does
    not count), else one; the start of its next turn is always the next start of its turn."""
    match lasting:
        case Lasting.END_OF_NEXT_TURN:
            return Countdown(whose, False, 2 if acting == whose else 1)
        case Lasting.START_OF_NEXT_TURN:
            return Countdown(whose, True, 1)
    return Countdown(None, False, 0)


class Timed(Protocol):
    """A condition with a :class:`Countdown` running: whose turn boundary counts and how many are left."""

    ends_on: PieceId | None
    at_start: bool
    turns_left: int


T = TypeVar("T", bound=Timed)


def tick(held: Iterable[tuple[H, list[T]]], whose: PieceId, at_start: bool) -> list[tuple[H, T]]:
    """The turn of ``whose`` starts (``at_start``) or ends: count down every condition waiting for that
    boundary, on whoever holds it (``held``: each holder with its conditions, changed in place), and
    return those that ended, each with its holder, in order."""
    ended: list[tuple[H, T]] = []
    for holder, conditions in held:
        for c in list(conditions):
            if c.ends_on == whose and c.at_start == at_start:
                c.turns_left -= 1
                if c.turns_left <= 0:
                    conditions.remove(c)
                    ended.append((holder, c))
    return ended


def is_saved_against(lasting: Lasting) -> bool:
    """Whether a condition lasting so ends on a save (a ruleset's end-of-turn saves roll for these)."""
    return lasting is Lasting.SAVE_ENDS


class Stacking(Enum):
    """What a new condition does to those of its name already on the creature."""

    KEEP_BOTH = "keep both"
    """Both stay, each with its own duration (seed 000's conditions; seed 003's, whose effects count once
    per name: :func:`names`)."""
    REPLACE = "replace"
    """The new one replaces those of its name (seed 000's mark: a creature has one marker at a time)."""


def add(conditions: list[C], new: C, name: Callable[[C], Hashable], stacking: Stacking) -> None:
    """Add ``new`` after ``conditions`` (in place), as ``stacking`` says for those named as it is."""
    if stacking is Stacking.REPLACE:
        key = name(new)
        conditions[:] = [c for c in conditions if name(c) != key]
    conditions.append(new)


def names(conditions: Iterable[C], name: Callable[[C], Hashable]) -> list[Hashable]:
    """The different names among ``conditions``, first seen first: what stacks when "conditions with
    different names stack with each other" (003 line 251: Weakened and Dazed give 2 Disadvantage; Dazed
    twice gives 1)."""
    out: list[Hashable] = []
    for c in conditions:
        key = name(c)
        if key not in out:
            out.append(key)
    return out
