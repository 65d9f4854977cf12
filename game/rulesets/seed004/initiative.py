"""Seed 004's initiative each segment of the combat phase, 1.1.1-1.1.3 (numbers in brackets are the
document's lines, ``../shared/seeds/004_683255cd0bfe0fc3.txt``).

* Eligible [19]: conscious, has not taken a Pass since the most recent option other than a Pass (by anyone),
  and has at least one active or reactive blow left to use this round. Nobody eligible ends the combat phase.
* Who has it [20]: the most active blows left, then the most reactive blows left, then the most current EN.
* A full tie [21] gives simultaneous initiative: the tied characters declare their options secretly and
  simultaneously (one kernel decision each, opened as a secret group), and a weapon used in one's own declared
  option cannot be used in a response (a parry) to another's option of that segment.

What it reads of a character is :class:`Fighter` (a protocol: id, side and the blow economy's
:class:`~game.rulesets.seed004.blows.Blows`). Which passes count is the round's business
(:class:`game.rulesets.seed004.rounds.Round` keeps them).

Our reading of "at least one active or reactive blow remaining to use" [19]: a blow it could spend now, its EN
included (the first blow of a round is free, each later one takes 1 EN within the phase's cap [5, 17]); one whose
blows are left but unpayable is not eligible. The standing [20] counts the blows left, payable or not.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Protocol

from game.kernel.decisions import Option, Question
from game.rulesets.seed004.blows import Blow, Blows

MAX_CONTENDERS = 200
"""Most characters one segment weighs (an encounter has a handful)."""
DECLARE = "declare"
"""The kind of the secret decisions a simultaneous initiative opens (standing orders are set per kind)."""


class Fighter(Protocol):
    """What initiative (and the round) reads of a character."""

    @property
    def id(self) -> str: ...

    @property
    def side(self) -> str: ...

    @property
    def blows(self) -> Blows: ...


def is_eligible(fighter: Fighter, passed: frozenset[str]) -> bool:
    """1.1.1 [19]: conscious, no Pass since the most recent option other than a Pass, a blow left to use."""
    b = fighter.blows
    return (b.conscious and fighter.id not in passed and b.has_blow
            and (b.why_not(Blow.ACTIVE) is None or b.why_not(Blow.REACTIVE) is None))


def _standing(fighter: Fighter) -> tuple[int, int, int]:
    """1.1.2 [20]: what initiative compares, most first: active blows, reactive blows, current EN."""
    b = fighter.blows
    return (b.active, b.reactive, b.en)


def holders(fighters: Sequence[Fighter], passed: frozenset[str]) -> tuple[str, ...]:
    """Who has the initiative this segment [19-21], in the order given: one id, several on a full tie
    (simultaneous initiative [21]), none when nobody is eligible (the combat phase ends [19])."""
    if len(fighters) > MAX_CONTENDERS:
        raise ValueError(f"{len(fighters)} characters in one segment; at most {MAX_CONTENDERS}")
    eligible = [f for f in fighters if is_eligible(f, passed)]
    if not eligible:
        return ()
    best = max(_standing(f) for f in eligible)
    return tuple(f.id for f in eligible if _standing(f) == best)


def declarations(tied: Sequence[Fighter], options_of: Callable[[Fighter], Sequence[Option]]) -> tuple[Question, ...]:
    """The secret questions of a simultaneous initiative [21]: one per tied character, asked together (the kernel
    opens them as one group, keeps the answers hidden until all are in, then reveals them together)."""
    return tuple(Question(c.side, c.id, DECLARE, "declare your option (simultaneous initiative)",
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
