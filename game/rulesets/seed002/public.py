"""How seed 002's events read for players (the players' display's log: :class:`game.rulesets.package.PublicTelling`).

Who acts, moves, attacks and whether it hits, the track's public word after a hit (bruised, staggered, down),
who tires, defends, recovers, delays, the opportunity attacks provoked. Not the game master's: the dice, the
totals and defenses, the AI's choices.
"""

from __future__ import annotations

from typing import Any, Callable

from game.rulesets.package import PublicLine
from game.rulesets.seed002 import events as ev


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
            return line(f"{name(event.creature)} moves", event.creature)
        case ev.Provoked():
            return line(f"{name(event.creature)} provokes {', '.join(name(r) for r in event.reactors)}",
                        event.creature, *event.reactors)
        case ev.AttackMade():
            what = "hits" if event.hit else "misses"
            return line(f"{name(event.creature)} attacks {name(event.target)} with {event.attack}: {what}",
                        event.creature, event.target)
        case ev.Hurt():
            return line(f"{name(event.creature)} is {event.state}", event.creature)
        case ev.Tired():
            return line(f"{name(event.creature)} tires: {event.state}", event.creature)
        case ev.Incapacitated():
            return line(f"{name(event.creature)} is down", event.creature)
        case ev.DroppedProne():
            return line(f"{name(event.creature)} drops prone", event.creature)
        case ev.StoodUp():
            return line(f"{name(event.creature)} stands up", event.creature)
        case ev.FreeStandTried() if not event.stood:
            return line(f"{name(event.creature)} fails to spring up", event.creature)
        case ev.Defending():
            return line(f"{name(event.creature)} defends", event.creature)
        case ev.Recovered():
            return line(f"{name(event.creature)} recovers", event.creature)
        case ev.Aimed():
            return line(f"{name(event.creature)} aims at {name(event.target)}", event.creature, event.target)
        case ev.TurnDelayed():
            return line(f"{name(event.creature)} delays", event.creature)
        case ev.DelayTaken():
            return line(f"{name(event.creature)} acts", event.creature)
        case ev.FightEnded():
            return line(f"The fight is over: {event.winner or 'nobody'} wins")
    return None
