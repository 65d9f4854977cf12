"""How seed 002's events read in the window (numbers in brackets are seed 002's lines): the log's colours, what
an event shows on the board, and the banner of a reaction (an opportunity attack [121], a delayer acting now
[144], and the reactions of ``readying`` / ``surge`` / ``boosts`` / ``stunts`` when they are there), as seed 003's
window part does for its own events.

Events of modules this part does not import (the reactions built beside it) are coloured by their class name
(:data:`NAMED`), so that a new reaction's line never goes uncoloured.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Callable

from game.rulesets.seed002 import boosts, readying, stunts, surge
from game.rulesets.seed002 import events as ev
from game.ui.animation import NOTHING, BannerText, Shown
from game.ui.board_view import RGB
from game.ui.combat_log import DEFAULT_COLOUR, KERNEL_COLOURS

TURN: RGB = (250, 210, 90)
REACTION: RGB = (255, 160, 60)
PROVOKE: RGB = (255, 110, 80)
HURT: RGB = (245, 120, 110)
TIRED: RGB = (230, 170, 250)
HEALED: RGB = (120, 220, 130)
DOWN: RGB = (255, 90, 90)
DEFEND: RGB = (120, 190, 255)
DELAY: RGB = (180, 200, 230)
SPENT: RGB = (130, 135, 150)
HIT: RGB = (240, 170, 120)
MISS: RGB = (165, 170, 185)

COLOURS: dict[type, RGB] = {
    **KERNEL_COLOURS,
    ev.FightStarted: TURN,
    ev.InitiativeSet: TURN,
    ev.RoundStarted: TURN,
    ev.TurnStarted: TURN,
    ev.TurnEnded: (170, 175, 190),
    ev.ActionSpent: SPENT,
    ev.CreatureMoved: (200, 205, 215),
    ev.Tired: TIRED,
    ev.DroppedProne: (210, 190, 140),
    ev.StoodUp: (210, 190, 140),
    ev.FreeStandTried: (210, 190, 140),
    ev.Provoked: PROVOKE,
    ev.Hurt: HURT,
    ev.Incapacitated: DOWN,
    ev.Defending: DEFEND,
    ev.Recovered: HEALED,
    ev.Aimed: (250, 230, 120),
    ev.AimSpoiled: (200, 180, 120),
    ev.TurnDelayed: DELAY,
    ev.DelayTaken: REACTION,
    ev.DelayLost: DELAY,
    ev.FightEnded: TURN,
}

COLOURS.update({
    readying.ActionReadied: DELAY,
    readying.ReadiedActionTaken: REACTION,
    readying.ReadiedActionLapsed: DELAY,
    surge.Surged: REACTION,
    surge.SurgeFatigued: TIRED,
    surge.SurgeFatigueAverted: HEALED,
    surge.SurgeEnded: (170, 175, 190),
    boosts.Smashed: REACTION,
    boosts.Slammed: REACTION,
    boosts.Raised: REACTION,
    boosts.Hunched: REACTION,
    stunts.StuntTried: HIT,
    stunts.StuntWon: (255, 200, 90),
    stunts.StuntLost: MISS,
    stunts.ForcedMoved: REACTION,
    stunts.GrabTightened: (230, 140, 90),
    stunts.GrabEnded: HEALED,
    stunts.WeaponDropped: (230, 140, 90),
    stunts.WeaponTaken: HEALED,
    stunts.Afflicted: TIRED,
    stunts.AfflictionEnded: HEALED,
})
"""The reactions' and stunts' events (``readying``, ``surge``, ``boosts``, ``stunts``)."""
NAMED: dict[str, RGB] = {}
"""Events of a module added later, by class name."""


def colour_of(event: object) -> RGB:
    """The colour of an event's log line: an attack by hit or miss (an opportunity attack as a reaction), a run
    check by whether it ran, a Hurt that adds nothing as a miss."""
    match event:
        case ev.AttackMade():
            if event.kind == "opportunity":
                return REACTION
            return HIT if event.hit else MISS
        case ev.RunChecked():
            return (120, 220, 200) if event.ran else (255, 120, 90)
        case ev.Hurt() if not event.levels:
            return MISS
    found = COLOURS.get(type(event))
    if found is not None:
        return found
    return NAMED.get(type(event).__name__, DEFAULT_COLOUR)


def pictures(event: object) -> Shown:
    """What an event shows on the board: a move slides the token; an attack flashes its target (a miss floats
    "miss", an opportunity attack its name); the track's changes, prone, defend, aim, delay float their word
    over the creature; a provoking action floats "provokes!" over the mover."""
    match event:
        case ev.CreatureMoved():
            return Shown(slide=(event.creature, event.origin, event.to))
        case ev.Provoked():
            return Shown(flash=(event.creature, PROVOKE), floating=(event.creature, "provokes!", PROVOKE), takes=0.1)
        case ev.AttackMade():
            colour = (255, 60, 50) if event.hit else (170, 170, 180)
            said = "opportunity attack" if event.kind == "opportunity" else (None if event.hit else "miss")
            return Shown(flash=(event.target, colour), takes=0.08,
                         floating=None if said is None else (event.target, said, colour_of(event)))
        case ev.Hurt():
            if not event.levels:
                return Shown(floating=(event.creature, "shrugs it off", MISS), takes=0.05)
            return Shown(floating=(event.creature, f"+{event.levels} damage: {event.state}", (255, 80, 70)),
                         takes=0.05)
        case ev.Tired():
            return Shown(floating=(event.creature, event.state, TIRED), takes=0.05)
        case ev.Incapacitated():
            return Shown(flash=(event.creature, DOWN), floating=(event.creature, "down", DOWN), takes=0.1)
        case ev.DroppedProne():
            return Shown(floating=(event.creature, "prone", (210, 190, 140)))
        case ev.StoodUp():
            return Shown(floating=(event.creature, "stands", (210, 190, 140)))
        case ev.FreeStandTried() if not event.stood:
            return Shown(floating=(event.creature, "fails to spring up", (210, 190, 140)))
        case ev.Defending():
            return Shown(floating=(event.creature, f"defends ({event.total})", DEFEND))
        case ev.Recovered():
            return Shown(floating=(event.creature, f"recovers: {event.state}", HEALED))
        case ev.Aimed():
            return Shown(floating=(event.creature, f"aims +{event.bonus}", (250, 230, 120)))
        case ev.TurnDelayed():
            return Shown(floating=(event.creature, "delays", DELAY))
        case ev.DelayTaken():
            return Shown(floating=(event.creature, "acts now", REACTION), takes=0.1)
        case ev.DelayLost():
            return Shown(floating=(event.creature, "delayed turn lost", DELAY))
        case stunts.ForcedMoved():
            return Shown(slide=(event.creature, event.origin, event.to))
        case readying.ActionReadied():
            return Shown(floating=(event.creature, "readies", DELAY))
        case readying.ReadiedActionTaken():
            return Shown(flash=(event.creature, REACTION), floating=(event.creature, "readied action!", REACTION),
                         takes=0.1)
        case readying.ReadiedActionLapsed():
            return Shown(floating=(event.creature, "ready lapses", DELAY))
        case surge.Surged():
            return Shown(flash=(event.creature, REACTION), floating=(event.creature, "SURGE", REACTION), takes=0.1)
        case surge.SurgeFatigued():
            return Shown(floating=(event.creature, f"surge: {event.state}", TIRED), takes=0.08)
        case boosts.Smashed():
            return Shown(floating=(event.creature, "smash!", REACTION), takes=0.08)
        case boosts.Slammed():
            return Shown(floating=(event.creature, f"slam! +{event.bonus}", REACTION), takes=0.08)
        case stunts.StuntWon():
            return Shown(floating=(event.target, event.option, (255, 200, 90)), takes=0.08)
        case stunts.GrabTightened():
            return Shown(floating=(event.target, event.level.lower(), (230, 140, 90)))
        case stunts.Afflicted():
            return Shown(floating=(event.creature, event.condition, TIRED))
        case stunts.WeaponDropped():
            return Shown(floating=(event.creature, "disarmed", (230, 140, 90)))
    creature = getattr(event, "creature", None)
    name = type(event).__name__
    if isinstance(creature, str) and name in NAMED:
        return Shown(floating=(creature, _words(name), NAMED[name]), takes=0.08)
    return NOTHING


def _words(class_name: str) -> str:
    """A reaction event's class name as floating words ("ReadiedTaken" -> "readied taken")."""
    out = "".join(f" {c.lower()}" if c.isupper() else c for c in class_name).strip()
    return out


LOOK_BACK = 200
"""Most events of the fight's log read back for what provoked an opportunity attack."""


def reaction_banner(name: Callable[[str], str], events: list[Any], i: int,
                    history: Sequence[object] = ()) -> BannerText | None:
    """The banner of a reaction as it resolves (``events[i]``): who reacts, with what, on whom, and why (what
    provoked an opportunity attack is looked for in ``events`` before it, then in ``history``, the fight's log)."""
    event = events[i]
    match event:
        case ev.AttackMade() if event.kind == "opportunity":
            before = [*history[-LOOK_BACK:], *events[:i]]
            why = next((f"{name(e.creature)}'s {e.action} provoked it" for e in reversed(before)
                        if isinstance(e, ev.Provoked) and event.creature in e.reactors), "it was provoked")
            return BannerText(f"{name(event.creature)}: opportunity attack on {name(event.target)}", why,
                              event.creature)
        case ev.DelayTaken():
            return BannerText(f"{name(event.creature)} acts now", f"it delayed; {name(event.after)} has acted",
                              event.creature)
        case readying.ReadiedActionTaken():
            return BannerText(f"{name(event.creature)}: readied {event.what}",
                              f"its trigger came: {name(event.target)} acted", event.creature)
        case surge.Surged():
            return BannerText(f"{name(event.creature)} surges: {event.benefit.replace('_', ' ')}"
                              + (f" ({event.trait})" if event.trait else ""),
                              "once a turn; fatigue at the start of the next turn [133]", event.creature)
        case boosts.Smashed():
            return BannerText(f"{name(event.creature)} smashes {name(event.target)}",
                              f"the damage is rolled: DC {event.dc}", event.creature)
        case boosts.Slammed():
            return BannerText(f"{name(event.creature)} slams into {name(event.target)}",
                              f"after {event.feet} ft: +{event.bonus}", event.creature)
        case stunts.StuntTried() if event.back:
            return BannerText(f"{name(event.creature)} stunts back on {name(event.target)}: {event.option}",
                              "it won the opposed check [53]", event.creature)
    return None
