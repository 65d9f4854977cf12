"""Seed 003's clock: initiative bands, the players' order inside a band, the surprise round, the escalation
die and Delay [75-97] (numbers in brackets are seed 003's lines).

Each round plays the bands Very Fast, Fast, Medium, Slow, Very Slow [83]; in a band the PCs act first "in any
order", then the enemies "in any order" [83-85]. Who acts next in a band is a decision of the kernel
(``clock:next_in_band``), asked of that group's side whenever more than one of them is still waiting: the
players choose their order one pick at a time, and the enemies' side (its player or the AI) theirs. Before
the first round, a surprise round lets two characters of the ambushing party's choice act [79]
(``clock:surprise``, two picks). The escalation die is 0 in round 1, 1 at the start of round 2, then +1 a
round to 6 [91]. Delay lowers a creature's band for the rest of the encounter [96-97].

The clock advances with steps (:data:`ClockStep`), so that it can stop at a decision: the fight object puts
them on the kernel's stack (:meth:`BandClock.start`, :meth:`BandClock.next_turn`) and hands them back to
:meth:`BandClock.question`, :meth:`BandClock.resolve` and :meth:`BandClock.after` from its ``Rules``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence, Union

from game.kernel.decisions import Option, Question
from game.kernel.events import Event
from game.rulesets.seed003.events import (AmbusherChosen, EscalationDieChanged, RoundBegan, SurpriseRoundBegan,
                                          TurnBegan, TurnDelayed)
from game.rulesets.seed003.sheets import Band

ESCALATION_MAX = 6
SURPRISE_ACTORS = 2
"""Characters of the ambushing party that act in the surprise round [79]."""


def escalation_for(round_number: int, *, ambush: bool = False) -> int:
    """The escalation die in round ``round_number``: 0 in the first round, put on the table at 1 at the start
    of the second, +1 a round, at most 6 [91]; with ``ambush`` (an explicit ambush by the PCs) it starts at
    1 in the first real round [79]. The surprise round (round 0) has none."""
    if round_number <= 0:
        return 0
    return min(ESCALATION_MAX, round_number - 1 + int(ambush))


def is_even(die: int) -> bool:
    """"When the escalation die is 0, it counts as neither" even nor odd [93]."""
    return die > 0 and die % 2 == 0


def is_odd(die: int) -> bool:
    return die % 2 == 1


def escalation_allows(needed: int, die: int, *, special: bool = False) -> bool:
    """Escalation X+: "This can only be used if the Escalation die is X or higher", unless "(see special)"
    [138]."""
    return special or die >= needed


@dataclass(frozen=True, slots=True)
class Combatant:
    """What the clock knows of a creature: its side, whether it is a PC, its band at the start."""

    id: str
    name: str
    side: str
    pc: bool
    band: Band


@dataclass(frozen=True, slots=True)
class PickAmbusher:
    """The ambushing side picks one more character to act in the surprise round."""

    action: int
    creature: str
    """The side's chooser."""
    side: str


@dataclass(frozen=True, slots=True)
class BeginSurprise:
    action: int
    creature: str = ""


@dataclass(frozen=True, slots=True)
class BeginRound:
    action: int
    creature: str = ""


@dataclass(frozen=True, slots=True)
class NextTurn:
    """Hand the turn to the next creature: in the surprise round the next ambusher, else the next in the
    highest band with creatures still waiting (asking its group's side when several wait); at the round's
    end, a new round."""

    action: int
    creature: str = ""


ClockStep = Union[PickAmbusher, BeginSurprise, BeginRound, NextTurn]


class BandClock:
    """Who holds the turn, by bands; answers the kernel's :class:`game.kernel.clock.Clock`."""

    def __init__(self, combatants: Sequence[Combatant], emit: Callable[[Event], None],
                 is_out: Callable[[str], bool] = lambda _: False, *, ambush_escalation: bool = False) -> None:
        self.combatants = {c.id: c for c in combatants}
        """In the encounter's listing order."""
        self.bands: dict[str, Band] = {c.id: c.band for c in combatants}
        """Each creature's band now (Delay lowers it for the rest of the encounter [97])."""
        self.round = 0
        self.escalation = 0
        self.surprise = False
        self.ambushers: list[str] = []
        self.acted: set[str] = set()
        self.ambush_escalation = ambush_escalation
        self._holder: str | None = None
        self._round_over = False
        self._emit = emit
        self._is_out = is_out

    # -- the kernel's Clock -------------------------------------------------------------------------

    def holder(self) -> str | None:
        return self._holder

    def when(self) -> str:
        if self.surprise:
            return "the surprise round"
        return f"round {self.round}" if self.round else "before the first round"

    # -- what the fight calls ----------------------------------------------------------------------

    def start(self, action: int, ambushers: str | None = None) -> list[ClockStep]:
        """The steps that open the fight: with ``ambushers`` (a side), its two picks and the surprise round
        first [79]; then the first round."""
        if ambushers is None:
            return [BeginRound(action), NextTurn(action)]
        picks = [PickAmbusher(action, self._chooser(ambushers), ambushers) for _ in range(SURPRISE_ACTORS)]
        return [*picks, BeginSurprise(action), NextTurn(action)]

    def end_turn(self, creature: str, action: int) -> list[ClockStep]:
        """The holder's turn is over: the steps that hand the turn on."""
        self._check_holder(creature)
        self.acted.add(creature)
        self._holder = None
        return [NextTurn(action)]

    def delay(self, creature: str, band: Band, action: int) -> list[ClockStep]:
        """The holder delays to ``band``, lower than its own, for the rest of the encounter [96-97]; it takes
        its turn when that band comes, this round. Raises ValueError when not allowed (the fight words it)."""
        self._check_holder(creature)
        why = self.why_no_delay(creature, band)
        if why:
            raise ValueError(why)
        was = self.bands[creature]
        self.bands[creature] = band
        self._holder = None
        self._emit(TurnDelayed(creature, was.value, band.value))
        return [NextTurn(action)]

    def why_no_delay(self, creature: str, band: Band) -> str:
        """"" if ``creature`` may delay to ``band`` now, else why not."""
        if self.surprise:
            return "no delaying in the surprise round"
        if self._holder != creature:
            return "only on one's own turn"
        if not band.is_lower_than(self.bands[creature]):
            return f"delay goes to a band lower than {self.bands[creature].value}"
        return ""

    def waiting(self) -> list[str]:
        """Who may still act this round, in the order bands play: inside a band the PCs, then the others side
        by side (sides in the order they are first listed), each group in listing order."""
        if self.surprise:
            return [a for a in self.ambushers if a not in self.acted and not self._is_out(a)]
        left = [c for c in self.combatants.values() if c.id not in self.acted and c.id != self._holder
                and not self._is_out(c.id)]
        sides = list(dict.fromkeys(c.side for c in self.combatants.values()))
        left.sort(key=lambda c: (self.bands[c.id].rank, not c.pc, sides.index(c.side)))
        return [c.id for c in left]

    def up_next(self) -> list[str]:
        """The group the next turn goes to: the waiting PCs of the highest band still waiting, else its
        other creatures of one side [83]; in the surprise round, the next ambusher in the order picked."""
        waiting = self.waiting()
        if not waiting:
            return []
        if self.surprise:
            return waiting[:1]
        first = self.combatants[waiting[0]]
        band = self.bands[first.id]
        return [w for w in waiting if self.bands[w] is band and self.combatants[w].pc == first.pc
                and self.combatants[w].side == first.side]

    # -- the steps ------------------------------------------------------------------------------------

    def question(self, step: ClockStep) -> list[Question]:
        match step:
            case PickAmbusher():
                options = self._ambush_options(step.side)
                if len(options) < 2:
                    return []
                return [Question(step.side, step.creature, "clock:surprise",
                                 f"Who acts in the surprise round (pick {len(self.ambushers) + 1} of "
                                 f"{SURPRISE_ACTORS})?", options)]
            case NextTurn():
                group = self.up_next()
                if len(group) < 2:
                    return []
                first = self.combatants[group[0]]
                who = "PCs" if first.pc else "enemies"
                return [Question(first.side, first.id, "clock:next_in_band",
                                 f"Which of the {who} in the {self.bands[first.id].value} band acts next?",
                                 tuple(Option(g, self.combatants[g].name) for g in group))]
        return []

    def resolve(self, step: ClockStep, answers: Sequence[Option]) -> None:
        match step:
            case PickAmbusher():
                options = self._ambush_options(step.side)
                if options:
                    chosen = answers[0].key if answers else options[0].key
                    self.ambushers.append(chosen)
                    self._emit(AmbusherChosen(chosen, step.side))
            case BeginSurprise():
                self.surprise = True
                side = self.combatants[self.ambushers[0]].side if self.ambushers else ""
                self._emit(SurpriseRoundBegan(side, tuple(self.ambushers)))
            case BeginRound():
                self.surprise = False
                self.round += 1
                self.acted.clear()
                was, self.escalation = self.escalation, escalation_for(self.round, ambush=self.ambush_escalation)
                self._emit(RoundBegan(self.round, self.escalation))
                if self.escalation != was:
                    self._emit(EscalationDieChanged(self.escalation, was))
            case NextTurn():
                group = self.up_next()
                self._round_over = not group
                if group:
                    chosen = answers[0].key if answers else group[0]
                    self._holder = chosen
                    self._emit(TurnBegan(chosen, self.bands[chosen].value, 0 if self.surprise else self.round))

    def after(self, step: ClockStep) -> list[ClockStep]:
        """A round over: the next one begins, unless nobody is left to act in it."""
        if isinstance(step, NextTurn) and self._round_over:
            self._round_over = False
            if any(not self._is_out(c) for c in self.combatants):
                return [BeginRound(step.action), NextTurn(step.action)]
        return []

    # -- inside --------------------------------------------------------------------------------------

    def _chooser(self, side: str) -> str:
        """Who answers for ``side``: its first PC listed, else its first creature (our reading: the players
        agree at the table and one of them answers)."""
        mine = [c for c in self.combatants.values() if c.side == side]
        return next((c.id for c in mine if c.pc), mine[0].id if mine else "")

    def _ambush_options(self, side: str) -> tuple[Option, ...]:
        return tuple(Option(c.id, c.name) for c in self.combatants.values()
                     if c.side == side and c.id not in self.ambushers and not self._is_out(c.id))

    def _check_holder(self, creature: str) -> None:
        if self._holder != creature:
            raise ValueError(f"{creature} does not hold the turn")
