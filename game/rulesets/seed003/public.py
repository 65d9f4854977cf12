"""How seed 003's events read for players (the players' display's log: :class:`game.rulesets.package.PublicTelling`).

As a game master would say it at the table: who acts, moves, attacks with what and the outcome, damage done,
who is staggered, drops, dies, the conditions, the escalation die (the document's round counter everyone
watches). Not what is the game master's: hit points left, defences and their values, the dice of every roll,
recoveries left, readied actions not yet taken (an ability readied is the enemy's plan), the AI's choices.
"""

from __future__ import annotations

from typing import Any, Callable

from game.rulesets.package import PublicLine
from game.rulesets.seed003 import events as ev


def public_line(event: Any, name: Callable[[str], str]) -> PublicLine | None:
    """``event``'s line for players, and the creatures it names; None: players are not told of it."""

    def line(text: str, *creatures: str) -> PublicLine:
        return PublicLine(text, tuple(creatures))

    match event:
        case ev.SurpriseRoundBegan():
            return line("Surprise round", *event.actors)
        case ev.RoundBegan():
            return line(f"Round {event.round} (escalation die {event.escalation})")
        case ev.EscalationDieChanged():
            return line(f"The escalation die is now {event.value}")
        case ev.TurnBegan():
            return line(f"{name(event.creature)}'s turn", event.creature)
        case ev.TurnDelayed():
            return line(f"{name(event.creature)} delays", event.creature)
        case ev.CreatureMoved():
            return line(f"{name(event.creature)} moves", event.creature)
        case ev.StanceSwitched():
            return line(f"{name(event.creature)} takes a {event.stance} stance", event.creature)
        case ev.AbilityUsed():
            whom = f" on {', '.join(name(t) for t in event.targets)}" if event.targets else ""
            return line(f"{name(event.creature)} uses {event.ability}{whom}", event.creature, *event.targets)
        case ev.OpportunityAttackMade():
            return line(f"{name(event.creature)} makes an opportunity attack on {name(event.target)}",
                        event.creature, event.target)
        case ev.Intercepted():
            return line(f"{name(event.creature)} intercepts {name(event.target)}", event.creature, event.target)
        case ev.Stabilized():
            return line(f"{name(event.by)} stabilizes {name(event.creature)}", event.by, event.creature)
        case ev.PoppedOff():
            return line(f"{name(event.creature)} pops off {name(event.enemy)}", event.creature, event.enemy)
        case ev.InterruptTaken():
            return line(f"{name(event.creature)} interrupts {name(event.target)} with {event.ability}",
                        event.creature, event.target)
        case ev.ReadiedActionTaken():
            return line(f"{name(event.creature)} takes its readied {event.ability} against {name(event.target)}",
                        event.creature, event.target)
        case ev.AttackRolled():
            resisted = ", resisted" if event.resisted else ""
            return line(f"{name(event.attacker)} attacks {name(event.target)} with {event.ability}: "
                        f"{event.result}{resisted}", event.attacker, event.target)
        case ev.DisengageRolled():
            how = "pops off" if event.succeeded else "fails"
            return line(f"{name(event.creature)} tries to disengage: {how}", event.creature)
        case ev.DamageTaken():
            return line(f"{name(event.creature)} takes {event.amount} damage", event.creature)
        case ev.Staggered():
            return line(f"{name(event.creature)} is staggered", event.creature)
        case ev.Dropped():
            return line(f"{name(event.creature)} drops, dying", event.creature)
        case ev.Died():
            return line(f"{name(event.creature)} dies", event.creature)
        case ev.SaveRolled():
            return line(f"{name(event.creature)} saves against {event.against}: {event.result}", event.creature)
        case ev.Healed():
            return line(f"{name(event.creature)} heals", event.creature)
        case ev.ConditionApplied():
            return line(f"{name(event.creature)} is {event.condition}", event.creature)
        case ev.ConditionEnded():
            return line(f"{name(event.creature)} is no longer {event.condition}", event.creature)
        case ev.FightEnded():
            return line(f"The fight is over: {event.winner or 'nobody'} won")
    return None
