"""How seed 001's events read for players (the players' display's log: :class:`game.rulesets.package.PublicTelling`).

Who acts at which second, moves, attacks and how many dice succeed, who is hurt (not the Body left), down, prone,
stands, is thrown or dismounts, what is scheduled on the counter. Not the game master's: the dice's faces, the
Guard, the Body left, the AI's choices.
"""

from __future__ import annotations

from typing import Any, Callable

from game.rulesets.package import PublicLine
from game.rulesets.seed001 import events as ev


def public_line(event: Any, name: Callable[[str], str]) -> PublicLine | None:
    """``event``'s line for players, and the creatures it names; None: players are not told of it."""

    def line(text: str, *creatures: str) -> PublicLine:
        return PublicLine(text, tuple(creatures))

    match event:
        case ev.RoundStarted():
            return line(f"Round {event.round}")
        case ev.TurnStarted():
            return line(f"{name(event.creature)} acts (second {event.second})", event.creature)
        case ev.CreatureMoved():
            return line(f"{name(event.creature)} moves", event.creature)
        case ev.AttackRolled():
            what = "hits" if event.successes else "misses"
            return line(f"{name(event.creature)} attacks {name(event.target)}: {what}", event.creature, event.target)
        case ev.Hurt():
            return line(f"{name(event.creature)} is hurt", event.creature)
        case ev.Incapacitated():
            return line(f"{name(event.creature)} is down", event.creature)
        case ev.KnockedProne():
            return line(f"{name(event.creature)} is prone", event.creature)
        case ev.StoodUp():
            return line(f"{name(event.creature)} stands up", event.creature)
        case ev.RiderThrown():
            return line(f"{name(event.creature)} is thrown from {name(event.mount)}", event.creature, event.mount)
        case ev.Dismounted():
            return line(f"{name(event.creature)} gets down from {name(event.mount)}", event.creature, event.mount)
        case ev.Scheduled():
            return line(f"{name(event.creature)} {event.label} at second {event.second}", event.creature)
        case ev.FightEnded():
            return line(f"The fight is over: {event.winner or 'nobody'} wins")
    return None
