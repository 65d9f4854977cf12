"""Who may see which event of a seed 000 fight (the ruleset's part of "who may see which event").

The window shows a player only what that player may see: here, which events reveal a creature's prepared
reactions (private to that creature's player), and the kernel's secret decisions (private to the
chooser's player until revealed).
"""

from __future__ import annotations

from game.kernel.events import DecisionOpened
from game.rulesets.seed000 import events as ev


def secrets(events: list[ev.Event]) -> list[str | None]:
    """For each event, the creature whose prepared reactions it reveals (None: a public event).

    A reaction that is used is public: everybody sees it happen (its trigger,
    its ``ReactionResolved`` and what it does). Everything else about a
    preparation is private to the player of its creature:

    * the preparation itself (``ReactionsPrepared``);
    * every budget check (``BudgetChecked``): its reason names the Limited
      reaction, a disabled one or a restriction ("restriction met: ...");
    * a reaction that triggered and then came to nothing, turned down by the
      budgets or fizzled before it resolved: its trigger, its checks, its
      ``begin_reaction`` break points and its ``ReactionFizzled`` (the
      opponents never saw it, and its name would tell what was prepared);
    * an automatic decision narrowed by a restriction (its reason quotes the
      restriction), with the random choice it was drawn by.

    Triggers are matched to their outcome in order, per reactor and reaction.
    """
    out: list[str | None] = [None] * len(events)
    waiting: dict[tuple[str, str], list[list[int]]] = {}
    """(reactor, power) -> the event indexes of each triggered reaction not yet concluded, oldest first."""

    def conclude(key: tuple[str, str], index: int, public: bool) -> None:
        chains = waiting.get(key)
        chain = chains.pop(0) if chains else []
        if not public:
            for i in chain + [index]:
                out[i] = key[0]

    for i, event in enumerate(events):
        match event:
            case DecisionOpened() if event.secret:
                out[i] = event.chooser  # its options and question are the chooser's until revealed
            case ev.ReactionsPrepared():
                out[i] = event.creature
            case ev.ReactionTriggered():
                waiting.setdefault((event.reactor, event.power), []).append([i])
            case ev.BudgetChecked():
                out[i] = event.reactor
                key = (event.reactor, event.power)
                if not event.allowed:
                    conclude(key, i, public=False)
                elif waiting.get(key):
                    waiting[key][0].append(i)
            case ev.BreakPoint() if event.step == "begin_reaction":
                for (reactor, power), chains in waiting.items():
                    if reactor == event.actor and chains and event.detail.endswith(f" {power}"):
                        chains[0].append(i)
            case ev.ReactionFizzled():
                conclude((event.reactor, event.power), i, public=False)
            case ev.ReactionResolved():
                conclude((event.reactor, event.power), i, public=True)
            case ev.Decision() if "restriction" in event.reason:
                out[i] = event.actor
                drawn = events[i - 1] if i else None
                if isinstance(drawn, ev.RandomChoice) and drawn.purpose == event.what:
                    out[i - 1] = event.actor
            case _:
                pass
    for key, chains in waiting.items():  # still waiting when the batch ends: nobody saw it happen
        for chain in chains:
            for i in chain:
                out[i] = key[0]
    return out
