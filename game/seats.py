"""Who answers a decision at the table: the AI for its pieces, a player's standing orders, or the player.

Table bookkeeping, not a rule, and the same for every ruleset: a pending decision names the piece whose
player chooses (:class:`game.kernel.decisions.Decision`); the controllers say who plays that piece; a
player's standing orders (always / never / ask me, per kind of decision) answer without stopping the table.
:func:`settle` answers everything that needs no person and returns the events; what is left pending waits
for the player :func:`next_to_answer` names (hot-seat hands the table to that player, not to whoever holds
the turn). Nothing here waits on a timer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Protocol

from game.kernel.decisions import Answer, Decision, StandingOrder, standing_answer
from game.kernel.events import Event

AI = "ai"
"""The controller name of the AI."""

MAX_AUTOMATIC = 10_000
"""Most decisions answered in one :func:`settle` (a ruleset that kept asking its AI forever would hang the
table; this stops it with an error instead)."""


class Asking(Protocol):
    """What :func:`settle` needs of a fight: its open decisions and a way to answer them."""

    @property
    def pending(self) -> tuple[Decision, ...]: ...

    def apply(self, command: Answer) -> list[Event]: ...


@dataclass
class Seats:
    controller_of: Callable[[str], str]
    """A piece's controller: a player's name, or :data:`AI`."""
    orders: dict[str, dict[str, StandingOrder]] = field(default_factory=dict)
    """player -> kind of decision -> standing order (a kind with none asks)."""

    def set_order(self, player: str, kind: str, order: StandingOrder) -> None:
        self.orders.setdefault(player, {})[kind] = order

    def automatic(self, decision: Decision, ai: Callable[[Decision], str]) -> Answer | None:
        """The answer given without asking anyone (the AI's, or a standing order's), or None."""
        who = self.controller_of(decision.chooser)
        if who == AI:
            return Answer(decision.id, ai(decision), "AI")
        key = standing_answer(self.orders.get(who, {}), decision)
        return None if key is None else Answer(decision.id, key, "standing order")

    def next_to_answer(self, pending: tuple[Decision, ...]) -> tuple[str, Decision] | None:
        """The player who must answer next, and what (the first open decision no one answers for them)."""
        for d in pending:
            who = self.controller_of(d.chooser)
            if who != AI and standing_answer(self.orders.get(who, {}), d) is None:
                return who, d
        return None


def settle(fight: Asking, seats: Seats, ai: Callable[[Decision], str]) -> list[Event]:
    """Answer every open decision the AI or a standing order answers, as often as new ones open, until
    none is open or a person must answer; the events of the answers."""
    out: list[Event] = []
    for _ in range(MAX_AUTOMATIC):
        answer = None
        for d in fight.pending:
            answer = seats.automatic(d, ai)
            if answer is not None:
                break
        if answer is None:
            return out
        out += fight.apply(answer)
    raise RuntimeError(f"more than {MAX_AUTOMATIC} decisions answered automatically in a row")
