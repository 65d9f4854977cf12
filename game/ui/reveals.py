"""Secret choices at a hot-seat table: what the handoff screen says of them, and their reveal to every player.

The kernel keeps a secret group's answers hidden until the whole group is in (``DecisionAnswered`` with its
option empty), then reveals them together (``DecisionsRevealed``); the session hands the table to each member's
player in turn, behind a handoff screen. This module adds what a person at the table needs of it: the handoff
screen says that the choice to be made is secret and how many of the group are in (never what); once the group
is revealed, the handoff screens show the answers until every player has been told them, and each player is
told them once at the head of the top line when next at the table. Nothing
here knows a rules system.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

from game.kernel.decisions import Decision
from game.kernel.events import DecisionsRevealed

MAX_SHOWN = 8
"""Most answers the line names (a bigger group ends with "and n more"; the log has them all)."""


@dataclass
class Reveals:
    """One table's: the newest reveal and the players already told of it."""

    text: str = ""
    """ "Revealed together: Vex: slow; Ghoul: fast", or "" before any reveal."""
    number: int = 0
    """How many reveals this table has seen (a new one is told to everybody again)."""
    told: set[str] = field(default_factory=set)
    labels: dict[tuple[str, str], str] = field(default_factory=dict)
    """(chooser, option key) -> the option's words, for the decisions seen open (others read as their key)."""

    def see(self, pending: Sequence[Decision]) -> None:
        """Keep the words of the open secret decisions' options (the reveal names options by key)."""
        for d in pending:
            if d.secret:
                for o in d.options:
                    self.labels[d.chooser, o.key] = o.label

    def label(self, chooser: str, key: str) -> str:
        return self.labels.get((chooser, key), key)

    def note(self, events: Sequence[object], name: Callable[[str], str], labels: Callable[[str, str], str]) -> None:
        """Take the reveals among ``events`` (the newest wins); ``labels`` turns (chooser, option key) into
        words."""
        for event in events:
            if isinstance(event, DecisionsRevealed):
                shown = [f"{name(c)}: {labels(c, o)}" for c, o in event.answers[:MAX_SHOWN]]
                more = len(event.answers) - MAX_SHOWN
                self.text = "Revealed together: " + "; ".join(shown) + (f" and {more} more" if more > 0 else "")
                self.number += 1
                self.told = set()
                self.labels = {}

    def lead(self, viewer: str | None) -> str:
        """The reveal, once per player: "" if there is none or ``viewer`` was told it already."""
        if not self.text or viewer is None or viewer in self.told:
            return ""
        self.told.add(viewer)
        return self.text


    def untold(self, players: Sequence[str]) -> str:
        """The reveal while some player at the table has not been told it yet (the handoff screen shows it:
        everyone sees that screen), else ""."""
        return self.text if self.text and any(p not in self.told for p in players) else ""


def handoff_line(pending: Sequence[Decision], asked: Decision | None) -> str:
    """What the handoff screen says of a secret choice (public: everyone sees that screen): that it is
    secret and how many of its group are in, never what anyone chose; "" for any other handoff."""
    if asked is None or not asked.secret:
        return ""
    group = [d for d in pending if d.group == asked.group]
    return (f"A secret choice, made by each player behind this screen: answers stay hidden until all are in "
            f"({len(group)} still to answer).")
