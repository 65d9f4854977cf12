"""Seed 004's initiative each segment of the combat phase, 1.1.1-1.1.3 (numbers in brackets are the
document's lines, ``../shared/seeds/004_683255cd0bfe0fc3.txt``).

* Eligible [19]: conscious, has not taken a Pass since the most recent option other than a Pass (by anyone),
  and has at least one active or reactive blow left to use this round. Nobody eligible ends the combat phase.
* Who has it [20]: the most active blows left, then the most reactive blows left, then the most current EN.
* A full tie [21] gives simultaneous initiative: the tied characters declare their options secretly and
  simultaneously (one kernel decision each, opened as a secret group), and a weapon used in one's own declared
  option cannot be used in a response (a parry) to another's option of that segment.

What it reads of a character is :class:`Contender` (a protocol: the blow economy's state satisfies it). Which
passes count is the round's business (:class:`game.rulesets.seed004.rounds.Round` keeps them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Protocol

from game.kernel.decisions import Option, Question

MAX_CONTENDERS = 200
"""Most characters one segment weighs (an encounter has a handful)."""
DECLARE = "declare"
"""The kind of the secret decisions a simultaneous initiative opens (standing orders are set per kind)."""


class Contender(Protocol):
    """What initiative reads of a character [19, 20]."""

    @property
    def id(self) -> str: ...

    @property
    def side(self) -> str: ...

    @property
    def conscious(self) -> bool: ...

    @property
    def active_left(self) -> int:
        """Active blows the character could still use this round."""
        ...

    @property
    def reactive_left(self) -> int:
        """Reactive blows the character could still use this round."""
        ...

    @property
    def en(self) -> int:
        """Current EN."""
        ...


def is_eligible(contender: Contender, passed: frozenset[str]) -> bool:
    """1.1.1 [19]: conscious, no Pass since the most recent option other than a Pass, a blow left to use."""
    return (contender.conscious and contender.id not in passed
            and contender.active_left + contender.reactive_left > 0)


def _standing(contender: Contender) -> tuple[int, int, int]:
    """1.1.2 [20]: what initiative compares, most first: active blows, reactive blows, current EN."""
    return (contender.active_left, contender.reactive_left, contender.en)


def holders(contenders: Sequence[Contender], passed: frozenset[str]) -> tuple[str, ...]:
    """Who has the initiative this segment [19-21], in the order given: one id, several on a full tie
    (simultaneous initiative [21]), none when nobody is eligible (the combat phase ends [19])."""
    if len(contenders) > MAX_CONTENDERS:
        raise ValueError(f"{len(contenders)} characters in one segment; at most {MAX_CONTENDERS}")
    eligible = [c for c in contenders if is_eligible(c, passed)]
    if not eligible:
        return ()
    best = max(_standing(c) for c in eligible)
    return tuple(c.id for c in eligible if _standing(c) == best)


def declarations(tied: Sequence[Contender], options_of: Callable[[Contender], Sequence[Option]]) -> tuple[Question, ...]:
    """The secret questions of a simultaneous initiative [21]: one per tied character, asked together (the kernel
    opens them as one group, keeps the answers hidden until all are in, then reveals them together)."""
    return tuple(Question(c.side, c.id, DECLARE, f"{c.id}: declare your option (simultaneous initiative)",
                          tuple(options_of(c)), secret=True) for c in tied)


def free_to_respond(weapons: Iterable[str], own_option_used: Iterable[str]) -> tuple[str, ...]:
    """The weapons a character with simultaneous initiative may still respond with [21] (a parry against another
    tied character's option): those its own declared option did not use, in the order given.

    Our reading: "used in one's own option" is the weapon an attack, a great-blow preparation or a draw names
    (with a heavy weapon's both hands); a character whose option used no weapon (a pass, a maneuver) may
    respond with any. The "reduced effectiveness" [21] is left to the GM (no change by default)."""
    used = frozenset(own_option_used)
    return tuple(w for w in weapons if w not in used)


def parry_weapons(responder: str, weapons: Iterable[str], declared: Mapping[str, frozenset[str]]) -> tuple[str, ...]:
    """The weapons ``responder`` may parry with in a segment whose tied characters declared options using
    ``declared`` (id -> weapons its option uses); a responder who declared nothing this segment keeps all [21]."""
    return free_to_respond(weapons, declared.get(responder, frozenset()))
