"""How seed 000's events read for players (the players' display's log: :class:`game.rulesets.package.PublicTelling`).

Players hear what happens at the table as a game master would say it: who moves, attacks, hits or misses, how
much damage a blow does, who is bloodied, drops or dies, the conditions. Not what is the game master's: an
opponent's hit points left (nor anyone's: the initiative panel gives the players' own), defences and their
values, the dice of the AI's choices, its reasoning (``Decision``), the bookkeeping of actions and surges.
The secrets (prepared reactions) are left out before this is asked (``Session.secrets``).
"""

from __future__ import annotations

from typing import Any, Callable

from game.rulesets.package import PublicLine
from game.rulesets.seed000 import events as ev


def public_line(event: Any, name: Callable[[str], str]) -> PublicLine | None:
    """``event``'s line for players, and the creatures it names; None: players are not told of it."""

    def line(text: str, *creatures: str) -> PublicLine:
        return PublicLine(text, tuple(creatures))

    match event:
        case ev.RoundStarted():
            return line(f"Round {event.round}")
        case ev.TurnStarted():
            return line(f"{name(event.creature)}'s turn", event.creature)
        case ev.CreatureMoved():
            return line(f"{name(event.creature)} {event.how}s", event.creature)
        case ev.StoodUp():
            return line(f"{name(event.creature)} stands up", event.creature)
        case ev.PowerUsed():
            targets = ", ".join(name(t) for t in event.targets)
            return line(f"{name(event.creature)} uses {event.power_name}" + (f" on {targets}" if targets else ""),
                        event.creature, *event.targets)
        case ev.ReactionResolved():
            kind = "interrupts" if event.interrupt else "reacts"
            return line(f"{name(event.reactor)} {kind} with {event.power}", event.reactor)
        case ev.AttackRolled():
            result = "critical hit!" if event.critical else ("hit" if event.hit else "miss")
            return line(f"{name(event.attacker)} attacks {name(event.target)}: {result}", event.attacker, event.target)
        case ev.DamageDealt():
            kind = f" {event.kind}" if event.kind else ""
            return line(f"{name(event.target)} takes {event.amount}{kind} damage", event.target)
        case ev.Healed():
            return line(f"{name(event.target)} is healed", event.target)
        case ev.Bloodied():
            return line(f"{name(event.creature)} is bloodied", event.creature)
        case ev.DroppedToZero():
            return line(f"{name(event.creature)} falls" + (", dying" if event.dying else ""), event.creature)
        case ev.Died():
            return line(f"{name(event.creature)} dies", event.creature)
        case ev.ConditionApplied():
            return line(f"{name(event.creature)} is {event.condition}", event.creature)
        case ev.ConditionEnded():
            return line(f"{name(event.creature)} is no longer {event.condition}", event.creature)
        case ev.SavingThrow():
            verdict = "saves against" if event.success else "fails to save against"
            return line(f"{name(event.creature)} {verdict} {event.condition}", event.creature)
        case ev.EncounterEnded():
            return line("The fight is over: " + (f"victory for {event.winner}" if event.winner else "nobody is left"))
    return None
