"""A turn's actions, with the trades between them as data (:class:`ActionEconomy`), and a budget to spend
them from (:class:`ActionBudget`).

Several rules systems give a turn a few kinds of action, and let a better one pay for a lesser one:

* seed 000's 4E-style combat: a standard, a move and a minor action; a standard may be spent as a move or
  a minor, a move as a minor; free actions cost nothing;
* seed 003: "one Quick Action, one Move Action, and one Standard Action. You can also take a handful of
  free actions" (003 line 105), a better action substituting for a lesser one; and "one Interrupt per
  round outside of your turn" (line 119), a count per round rather than per turn;
* seed 002: standard, move, quick, where a standard may become a move, quick or free and a move a quick.

What a ruleset adds on top (seed 000's dazed creature takes one action a turn; reactions cost none of
these) stays in the ruleset.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol


class Spendable(Protocol):
    """What :meth:`ActionEconomy.pay` spends from: whether an action of a kind is left, and using one."""

    def has(self, kind: str) -> bool: ...

    def use(self, kind: str) -> None: ...


@dataclass(frozen=True, slots=True)
class ActionEconomy:
    """The kinds of action a turn has and which pays for which, as data."""

    per_turn: tuple[str, ...]
    """The actions each turn starts with, one of each (seed 000: standard, move, minor)."""
    trades: Mapping[str, tuple[str, ...]]
    """For each kind of action, the actions that may pay for it, the first tried first (its own kind
    first, then the better ones: seed 000's minor is paid by a minor, else a move, else a standard)."""
    free: frozenset[str] = frozenset()
    """Kinds that cost nothing (seed 000 and 003: free actions)."""
    per_round: Mapping[str, int] = field(default_factory=dict)
    """Kinds taken outside one's turn, with how many a round allows (seed 003: one interrupt)."""

    def pay(self, budget: Spendable, kind: str, *, check_only: bool = False) -> str | None:
        """Spend an action of ``kind`` from ``budget``: the kind that paid for it (``kind`` itself for a free
        action, which spends nothing), or None when nothing left may pay. ``check_only``: say what would
        pay, spending nothing."""
        if kind in self.free:
            return kind
        for payer in self.trades.get(kind, ()):
            if budget.has(payer):
                if not check_only:
                    budget.use(payer)
                return payer
        return None

    def new_turn(self) -> ActionBudget:
        """A fresh turn's actions: one of each of :attr:`per_turn`."""
        return ActionBudget({kind: 1 for kind in self.per_turn})

    def new_round(self) -> ActionBudget:
        """A fresh round's actions outside the turn: :attr:`per_round`'s counts."""
        return ActionBudget(dict(self.per_round))


@dataclass(slots=True)
class ActionBudget:
    """Actions left, by kind: a turn's (:meth:`ActionEconomy.new_turn`) or a round's
    (:meth:`ActionEconomy.new_round`)."""

    left: dict[str, int]

    def has(self, kind: str) -> bool:
        return self.left.get(kind, 0) > 0

    def use(self, kind: str) -> None:
        if not self.has(kind):
            raise ValueError(f"no {kind} action left")
        self.left[kind] -= 1
