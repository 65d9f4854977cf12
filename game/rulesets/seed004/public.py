"""How seed 004's fight events read for players (the players' display's log:
:class:`game.rulesets.package.PublicTelling`; numbers in brackets are seed 004's lines).

Rounds and phases, who holds the initiative and why [19-21] (the blows left are visible at the table), the
options taken, parries, attacks and whether they hit, what broke, who fell unconscious, the end. Not the game
master's: the dice's faces, the EN and BD left, the damage dealt, the GM calls, the AI's choices. The noncombat
and movement phases' own events are their module's to tell.
"""

from __future__ import annotations

from typing import Any, Callable

from game.rulesets.package import PublicLine
from game.rulesets.seed004 import events as ev


def public_line(event: Any, name: Callable[[str], str]) -> PublicLine | None:
    """``event``'s line for players, and the creatures it names; None: players are not told of it."""

    def line(text: str, *creatures: str) -> PublicLine:
        return PublicLine(text, tuple(creatures))

    match event:
        case ev.RoundBegan():
            return line(f"Round {event.round}")
        case ev.PhaseBegan():
            return line(f"{event.phase.capitalize()} phase")
        case ev.SegmentBegan() if not event.holders:
            return line("Nobody is eligible for the initiative: the combat phase ends")
        case ev.SegmentBegan():
            who = " + ".join(name(h) for h in event.holders)
            return line(f"Segment {event.segment}: {who} ({event.why})", *event.holders)
        case ev.OptionChosen():
            return line(f"{name(event.creature)}: {event.option}", event.creature)
        case ev.Maneuvered():
            return line(f"{name(event.creature)} {event.maneuver}s on {name(event.other)}: range {event.range_after}"
                        + (", falls" if event.fell else ""), event.creature, event.other)
        case ev.ParryMade():
            return line(f"{name(event.parrier)} parries with {event.weapon}", event.parrier)
        case ev.AttackResolved():
            what = "hits" + (" critically" if event.critical else "") if event.en_damage or event.bd_damage or \
                event.outcome in ("hit", "exactly", "two tens") else "misses"
            return line(f"{name(event.attacker)} {what} {name(event.target)}", event.attacker, event.target)
        case ev.ItemBroke():
            return line(f"{name(event.owner)}'s {event.item} breaks", event.owner)
        case ev.FellUnconscious():
            return line(f"{name(event.creature)} falls unconscious", event.creature)
        case ev.FightEnded():
            return line(f"The fight is over: {event.winner or 'nobody'} wins")
    return None
