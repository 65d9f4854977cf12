"""Seed 004's round as a frozen value (numbers in brackets are the document's lines): a combat phase of
initiative segments until nobody is eligible [7-8, 19], then a noncombat phase whose options are chosen secretly
and simultaneously by those who spent no blow or EN in the combat phase [10-12, 45] and resolved simultaneously
[49], then the movement phase [13, 50-58].

:class:`Round` says where the round is (phase, segment, who holds the initiative: what the window shows) and keeps
the passes that count for eligibility [19]; every change returns a new round. What a phase's options do is
elsewhere (the options, :mod:`noncombat`, :mod:`traces`).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from game.kernel.decisions import Option, Question
from game.kernel.engine import Impossible
from game.rulesets.seed004.initiative import Fighter, holders

NONCOMBAT = "noncombat"
"""The kind of the secret decisions of the noncombat phase [45]."""
MAX_SEGMENTS = 1000
"""Most segments one combat phase runs (each one spends a blow or is a pass, so a real phase has a few dozen)."""

T = TypeVar("T")


class Phase(enum.Enum):
    """The three phases of a round, in order [5, 7-13]."""

    COMBAT = "combat"
    NONCOMBAT = "noncombat"
    MOVEMENT = "movement"


@dataclass(frozen=True, slots=True)
class Round:
    """Where a round is now."""

    number: int = 1
    """Rounds from 1."""
    phase: Phase = Phase.COMBAT
    segment: int = 0
    """Initiative segments begun in this round's combat phase (0 before the first)."""
    holders: tuple[str, ...] = ()
    """Who has the initiative in the current segment: one, or several declaring simultaneously [21]."""
    passed: frozenset[str] = frozenset()
    """Who has passed since the most recent option other than a pass [19]."""

    def begin_segment(self, fighters: Sequence[Fighter]) -> Round:
        """The next segment [16, 19-21]: initiative goes to the eligible character with the best standing
        (several on a full tie); with nobody eligible the combat phase ends and the noncombat phase begins."""
        self._must_be(Phase.COMBAT)
        if self.segment >= MAX_SEGMENTS:
            raise Impossible(f"round {self.number}: more than {MAX_SEGMENTS} segments in one combat phase")
        got = holders(fighters, self.passed)
        if not got:
            return replace(self, phase=Phase.NONCOMBAT, holders=())
        return replace(self, segment=self.segment + 1, holders=got)

    def options_taken(self, passes: Mapping[str, bool]) -> Round:
        """Record the segment's options once resolved: ``passes`` is each holder's id -> whether its option was
        a pass [19]. An option other than a pass (by anyone) clears every earlier pass; with simultaneous
        initiative, a pass declared in a segment in which another holder took any other option is cleared too
        (ours: the passer could not know of it)."""
        self._must_be(Phase.COMBAT)
        strangers = sorted(set(passes) - set(self.holders))
        if strangers:
            raise Impossible(f"{', '.join(strangers)} did not have the initiative in segment {self.segment}")
        if not all(passes.values()):
            return replace(self, passed=frozenset())
        return replace(self, passed=self.passed | frozenset(passes))

    def end_noncombat(self) -> Round:
        """The noncombat phase's options are resolved [49]: the movement phase begins."""
        self._must_be(Phase.NONCOMBAT)
        return replace(self, phase=Phase.MOVEMENT)

    def end_movement(self) -> Round:
        """Movement is resolved [54-57]: the next round begins with its combat phase, passes forgotten."""
        self._must_be(Phase.MOVEMENT)
        return Round(self.number + 1)

    def shown(self) -> str:
        """What the window shows: "round 2 · combat phase · segment 3 · Ann" (names are ids here)."""
        text = f"round {self.number} · {self.phase.value} phase"
        if self.phase is Phase.COMBAT and self.segment:
            text += f" · segment {self.segment}"
            if self.holders:
                text += " · " + (" + ".join(self.holders) if len(self.holders) > 1 else self.holders[0])
                if len(self.holders) > 1:
                    text += " (simultaneous)"
        return text

    def _must_be(self, phase: Phase) -> None:
        if self.phase is not phase:
            raise Impossible(f"round {self.number} is in its {self.phase.value} phase, not its {phase.value} phase")


def may_choose_noncombat(fighter: Fighter) -> bool:
    """2.1 [45]: only those who expended no blow and no EN in the combat phase (and, ours, are conscious)."""
    return fighter.blows.conscious and not fighter.blows.acted


def noncombat_questions(fighters: Iterable[Fighter],
                        options_of: Callable[[Fighter], Sequence[Option]]) -> tuple[Question, ...]:
    """2.1 [45]: one secret question per character who may choose, asked together (a secret group: answers
    hidden until all are in). Everyone may pass (keep no option); characters offered only that are not asked."""
    out: list[Question] = []
    for c in fighters:
        if not may_choose_noncombat(c):
            continue
        options = tuple(options_of(c))
        if not any(o.key != "pass" for o in options):
            continue
        out.append(Question(c.side, c.id, NONCOMBAT, "choose a noncombat option", options, secret=True))
    return tuple(out)


def resolve_simultaneously(before: Mapping[str, T], choices: Mapping[str, str],
                           effect: Callable[[str, str, Mapping[str, T]], T]) -> dict[str, T]:
    """2.2 [49]: every chosen option takes effect at once: ``effect(who, option, before)`` gives who's new value
    from the values as they stood before any option of the phase, so no option sees another's effect and the
    order choices are listed in changes nothing. Characters who chose nothing keep their value."""
    unknown = sorted(set(choices) - set(before))
    if unknown:
        raise Impossible(f"noncombat options chosen for unknown characters: {', '.join(unknown)}")
    after = dict(before)
    for who, option in sorted(choices.items()):
        after[who] = effect(who, option, before)
    return after
