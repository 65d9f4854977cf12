"""How seed 003's events read in the window: the log's colours, what an event shows on the board, and the
banner of a reaction (an opportunity attack, an intercept, an interrupt, a readied action), as seed 000's
window part does for its own events (``game.ui.rulesets.seed000.presentation``)."""

from __future__ import annotations

from typing import Any, Callable

from game.rulesets.seed003 import events as ev
from game.ui.animation import NOTHING, BannerText, Shown
from game.ui.board_view import RGB
from game.ui.combat_log import DEFAULT_COLOUR, KERNEL_COLOURS

TURN: RGB = (250, 210, 90)
REACTION: RGB = (255, 160, 60)
HURT: RGB = (245, 120, 110)
HEALED: RGB = (120, 220, 130)
DOWN: RGB = (255, 90, 90)
CONDITION: RGB = (210, 160, 255)

RESULT_COLOURS: dict[str, RGB] = {
    "critical hit": (255, 220, 60),
    "hit": (240, 170, 120),
    "miss": (165, 170, 185),
    "critical failure": (200, 120, 255),
}
"""An attack's line by its result [5]."""

COLOURS: dict[type, RGB] = {
    **KERNEL_COLOURS,
    ev.RoundBegan: TURN,
    ev.SurpriseRoundBegan: TURN,
    ev.TurnBegan: TURN,
    ev.EscalationDieChanged: (255, 170, 40),
    ev.TurnEnded: (170, 175, 190),
    ev.TurnDelayed: (170, 175, 190),
    ev.ActionSpent: (130, 135, 150),
    ev.OpportunityAttackMade: REACTION,
    ev.Intercepted: REACTION,
    ev.InterruptTaken: REACTION,
    ev.ReadiedActionTaken: REACTION,
    ev.PoppedOff: (120, 220, 200),
    ev.DamageTaken: HURT,
    ev.Staggered: (255, 170, 90),
    ev.Dropped: DOWN,
    ev.Died: DOWN,
    ev.Healed: HEALED,
    ev.Stabilized: HEALED,
    ev.ConditionApplied: CONDITION,
    ev.ConditionEnded: (170, 150, 200),
    ev.FightEnded: TURN,
}


def colour_of(event: object) -> RGB:
    """The colour of an event's log line: an attack by its result, a disengage and a save by success."""
    match event:
        case ev.AttackRolled():
            return RESULT_COLOURS.get(event.result, DEFAULT_COLOUR)
        case ev.DisengageRolled():
            return (120, 220, 200) if event.succeeded else (255, 120, 90)
        case ev.SaveRolled():
            if event.against == "death":
                return HEALED if event.result != "failure" else DOWN
            return (170, 200, 255)
    return COLOURS.get(type(event), DEFAULT_COLOUR)


def pictures(event: object) -> Shown:
    """What an event shows on the board: a move or an intercept slides the token; an attack flashes its target
    (a miss, a crit or a critical failure floats its word); damage, healing, staggered, dying, death, a death
    save, a disengage and a condition float over the creature."""
    match event:
        case ev.CreatureMoved():
            return Shown(slide=(event.creature, event.origin, event.to))
        case ev.Intercepted():
            return Shown(floating=(event.creature, "intercepts!", REACTION), takes=0.1)
        case ev.OpportunityAttackMade():
            return Shown(flash=(event.creature, REACTION), floating=(event.target, "opportunity attack", REACTION),
                         takes=0.08)
        case ev.AttackRolled():
            colour = (255, 60, 50) if event.result in ("hit", "critical hit") else (170, 170, 180)
            words = {"miss": "miss", "critical hit": "critical!", "critical failure": "critical failure"}
            said = words.get(event.result)
            return Shown(flash=(event.target, colour), takes=0.08,
                         floating=None if said is None else (event.target, said, RESULT_COLOURS[event.result]))
        case ev.DisengageRolled():
            return Shown(floating=(event.creature, "pops off" if event.succeeded else "disengage fails",
                                   colour_of(event)), takes=0.1)
        case ev.PoppedOff():
            return Shown(floating=(event.creature, "pops off", (120, 220, 200)))
        case ev.DamageTaken():
            return Shown(floating=(event.creature, f"-{event.amount}", (255, 80, 70)), takes=0.05)
        case ev.Healed():
            return Shown(floating=(event.creature, f"+{event.amount}", (110, 235, 120)), takes=0.05)
        case ev.Staggered():
            return Shown(floating=(event.creature, "staggered", (255, 170, 90)))
        case ev.Dropped():
            return Shown(flash=(event.creature, DOWN), floating=(event.creature, "dying", DOWN), takes=0.1)
        case ev.Died():
            return Shown(floating=(event.creature, "dies", (255, 255, 255)))
        case ev.SaveRolled() if event.against == "death":
            return Shown(floating=(event.creature, f"death save: {event.result}", colour_of(event)), takes=0.1)
        case ev.ConditionApplied():
            return Shown(floating=(event.creature, event.condition, CONDITION))
    return NOTHING


def reaction_banner(name: Callable[[str], str], events: list[Any], i: int) -> BannerText | None:
    """The banner of a reaction as it resolves (``events[i]``): who reacts, with what, on whom, and why."""
    event = events[i]
    match event:
        case ev.OpportunityAttackMade():
            return BannerText(f"{name(event.creature)}: opportunity attack on {name(event.target)}",
                              f"{name(event.target)} moved or acted while engaged with it", event.creature)
        case ev.Intercepted():
            return BannerText(f"{name(event.creature)} intercepts {name(event.target)}",
                              f"{name(event.target)} was trying to engage {name(event.ally)}: its movement stops",
                              event.creature)
        case ev.InterruptTaken():
            return BannerText(f"{name(event.creature)} interrupts {name(event.target)}: {event.ability}",
                              "an interrupt outside its turn", event.creature)
        case ev.ReadiedActionTaken():
            return BannerText(f"{name(event.creature)}: readied {event.ability} on {name(event.target)}",
                              "its trigger came", event.creature)
    return None
