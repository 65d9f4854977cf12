"""Seed 002's turn order: initiative and Delay (numbers in brackets are seed 002's lines).

The document gives no initiative rule. Our reading: each creature makes an initiative check, d20 + its
sheet's initiative bonus, once at the start; the order is highest total first, ties to the higher bonus, then
to the creature listed first in the file. Rounds repeat that order.

Delay [143-144]: a creature whose turn it is and who has taken no action may delay; it leaves its place in
the order. After every later turn ends, the delayer's player is asked whether it acts now; if it does, it
moves to the place right after the creature whose turn just ended and takes a whole turn there. If the order
comes round to its old place first, its delayed turn is lost and it keeps that place (and takes that turn).
"""

from __future__ import annotations

from typing import Callable, Sequence

from game.kernel.dice import Dice
from game.rulesets.seed002 import checks


def roll_initiative(dice: Dice, bonuses: Sequence[tuple[str, int]]) -> list[str]:
    """The order from one initiative check each (``bonuses``: id and bonus, in file order)."""
    rolled = []
    for index, (pid, bonus) in enumerate(bonuses):
        total = dice.roll(1, checks.DIE, bonus, f"initiative ({pid})").total
        rolled.append((-total, -bonus, index, pid))
    return [pid for *_, pid in sorted(rolled)]


class InitiativeClock:
    """Who holds the turn, the round, and the delayers."""

    def __init__(self) -> None:
        self.order: list[str] = []
        self.index = -1
        self.round = 0
        self.delayed: list[str] = []
        """Delayers waiting to act, in the order they delayed."""

    def holder(self) -> str | None:
        if not self.round or not 0 <= self.index < len(self.order):
            return None
        return self.order[self.index]

    def when(self) -> str:
        return f"round {self.round}" if self.round else "before the first round"

    def begin(self, order: Sequence[str]) -> None:
        self.order, self.index, self.round = list(order), len(order) - 1, 0

    def advance(self, out: Callable[[str], bool], on_round: Callable[[int], None],
                on_lost: Callable[[str], None]) -> str | None:
        """The next creature in the order that is not out (a new round when the order wraps); a delayer
        reached again loses its delayed turn (``on_lost``) and takes this one. None if all are out."""
        for _ in range(len(self.order) + 1):
            self.index += 1
            if self.index >= len(self.order):
                self.index = 0
                self.round += 1
                on_round(self.round)
            pid = self.order[self.index]
            if out(pid):
                continue
            if pid in self.delayed:
                self.delayed.remove(pid)
                on_lost(pid)
            return pid
        return None

    def peek(self, out: Callable[[str], bool]) -> str | None:
        """Who :meth:`advance` would give the turn to, without moving."""
        n = len(self.order)
        for k in range(1, n + 1):
            pid = self.order[(self.index + k) % n]
            if not out(pid):
                return pid
        return None

    def delay(self, pid: str) -> None:
        """The holder delays: it waits to be put back in (:meth:`act_now`)."""
        self.delayed.append(pid)

    def act_now(self, pid: str) -> None:
        """A delayer takes its turn now, after the creature whose turn has just ended: it moves to the place
        after the current index and holds the turn."""
        self.delayed.remove(pid)
        old = self.order.index(pid)
        self.order.pop(old)
        if old <= self.index:
            self.index -= 1
        self.index += 1
        self.order.insert(self.index, pid)

    def drop(self, pid: str) -> None:
        if pid in self.delayed:
            self.delayed.remove(pid)
