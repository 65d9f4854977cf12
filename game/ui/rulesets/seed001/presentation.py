"""How seed 001's events read in the window (numbers in brackets are seed 001's lines): the log's colours, what an
event shows on the board, and the banner of a reaction (an attack of opportunity [11], an impalement [21], a
dodge, rebuff or deflect [6-8], a stand-up by reaction [34], a dismount [17]).

The fight's events are read by their class name (``NAMED``) and the reactions' by their classes
(``reaction_events``); an event added later is coloured by the word in its name (a reaction's orange) rather than
left plain.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.rulesets.seed001 import reaction_events as rev
from game.ui.animation import NOTHING, BannerText, Shown
from game.ui.board_view import RGB
from game.ui.combat_log import DEFAULT_COLOUR, KERNEL_COLOURS

TURN: RGB = (250, 210, 90)
REACTION: RGB = (255, 160, 60)
OPPORTUNITY: RGB = (255, 110, 80)
IMPALE: RGB = (255, 140, 40)
DEFENCE: RGB = (120, 190, 255)
HURT: RGB = (245, 120, 110)
DOWN: RGB = (255, 90, 90)
PRONE: RGB = (210, 190, 140)
SCHEDULED: RGB = (110, 230, 140)
SPENT: RGB = (130, 135, 150)
MOVE: RGB = (200, 205, 215)
HIT: RGB = (240, 170, 120)
MISS: RGB = (165, 170, 185)

NAMED: dict[str, RGB] = {
    "FightStarted": TURN, "RoundStarted": TURN, "SecondsRolled": TURN, "TurnStarted": TURN,
    "TurnEnded": (170, 175, 190), "FightEnded": TURN, "ActionSpent": SPENT, "CreatureMoved": MOVE,
    "Mounted": MOVE, "Hurt": HURT, "Incapacitated": DOWN, "StoodUp": PRONE, "KnockedProne": PRONE,
    "Dismounted": PRONE, "RiderThrown": DOWN, "Fell": HURT, "Scheduled": SCHEDULED, "CameDue": SCHEDULED,
}
"""The fight's events by class name."""
WORDS: tuple[tuple[str, RGB], ...] = (("Opportunity", OPPORTUNITY), ("Impal", IMPALE), ("Dodg", DEFENCE),
                                      ("Rebuff", DEFENCE), ("Deflect", DEFENCE), ("Defen", DEFENCE),
                                      ("Dismount", REACTION), ("Stand", REACTION), ("Land", REACTION),
                                      ("React", REACTION))
"""Reaction events by a word of their class name (the reactions' module names its own): their colour."""
KINDS: dict[str, RGB] = {"opportunity": OPPORTUNITY, "impalement": IMPALE}
"""An attack rolled as a reaction, by its kind."""


USED: dict[str, RGB] = {"attack of opportunity": OPPORTUNITY, "impalement": IMPALE, "dodge": DEFENCE,
                        "rebuff": DEFENCE, "deflect missiles": DEFENCE}
"""A reaction used, by what it was used for (others: the reaction's orange)."""


def colour_of(event: object) -> RGB:
    """The colour of an event's log line: an attack by its successes (a reaction's attack in the reaction's
    colour), the fight's events by name, the reactions' by what they are."""
    found = KERNEL_COLOURS.get(type(event))
    if found is not None:
        return found
    match event:
        case rev.ReactionUsed():
            return USED.get(event.what, REACTION)
        case rev.Defended():
            return DEFENCE if event.cancelled else MISS
        case rev.LandingTried():
            return REACTION if event.landed else HURT
        case rev.MovementPenalised():
            return PRONE
    name = type(event).__name__
    if name == "AttackRolled":
        kind = getattr(event, "kind", "")
        if kind in KINDS:
            return KINDS[kind]
        return HIT if getattr(event, "successes", 0) > 0 else MISS
    if name in NAMED:
        return NAMED[name]
    for word, colour in WORDS:
        if word in name:
            return colour
    return DEFAULT_COLOUR


def _words(class_name: str) -> str:
    """A class name as floating words ("ImpalementMade" -> "impalement made")."""
    return "".join(f" {c.lower()}" if c.isupper() else c for c in class_name).strip()


def pictures(event: object) -> Shown:
    """What an event shows on the board: a move slides the token; an attack flashes its target (no success floats
    "miss"; an attack of opportunity or an impalement floats its name); Body damage floats "-N Body"; prone, a
    stand-up, a dismount, a thrown rider and what the counter scheduled float their words."""
    match event:
        case rev.ReactionUsed():
            colour = colour_of(event)
            return Shown(flash=(event.creature, colour), floating=(event.creature, event.what, colour), takes=0.1)
        case rev.Defended():
            words = (f"{event.skill.replace('_', ' ')}: {event.before} -> {event.after} Body" if event.cancelled
                     else f"{event.skill.replace('_', ' ')} fails")
            return Shown(floating=(event.creature, words, colour_of(event)), takes=0.1)
        case rev.LandingTried():
            return Shown(floating=(event.creature, "lands on its feet" if event.landed else "lands badly",
                                   colour_of(event)), takes=0.08)
        case rev.MovementPenalised():
            return Shown(floating=(event.creature, f"-{event.feet} ft", PRONE))
    name = type(event).__name__
    creature = getattr(event, "creature", None)
    match name:
        case "CreatureMoved":
            return Shown(slide=(event.creature, event.origin, event.to))  # type: ignore[attr-defined]
        case "AttackRolled":
            kind = getattr(event, "kind", "")
            target = getattr(event, "target", "")
            hit = getattr(event, "successes", 0) > 0
            colour = (255, 60, 50) if hit else (170, 170, 180)
            said = {"opportunity": "attack of opportunity", "impalement": "IMPALED" if hit else "impale misses"}.get(
                kind, None if hit else "miss")
            return Shown(flash=(target, colour), takes=0.08,
                         floating=None if said is None else (target, said, colour_of(event)))
        case "Hurt":
            return Shown(floating=(creature, f"-{getattr(event, 'amount', 0)} Body", (255, 80, 70)), takes=0.05) \
                if isinstance(creature, str) else NOTHING
        case "Incapacitated":
            return Shown(flash=(creature, DOWN), floating=(creature, "down", DOWN), takes=0.1)  # type: ignore[arg-type]
        case "KnockedProne":
            return Shown(floating=(creature, "prone", PRONE))  # type: ignore[arg-type]
        case "StoodUp":
            how = getattr(event, "how", "")
            return Shown(floating=(creature, "stands" + (" (reaction)" if how == "reaction" else ""), PRONE))  # type: ignore[arg-type]
        case "RiderThrown":
            return Shown(flash=(creature, DOWN), floating=(creature, "thrown!", DOWN), takes=0.1)  # type: ignore[arg-type]
        case "Dismounted":
            to = getattr(event, "to", None)
            mount_cell = getattr(event, "origin", None)
            if to is not None and mount_cell is not None:
                return Shown(slide=(creature, mount_cell, to))  # type: ignore[arg-type]
            return Shown(floating=(creature, "dismounts", PRONE))  # type: ignore[arg-type]
        case "Scheduled":
            return Shown(floating=(creature, f"{getattr(event, 'label', '')}: second {getattr(event, 'second', '?')}",
                                   SCHEDULED))  # type: ignore[arg-type]
        case "CameDue":
            return Shown(floating=(creature, str(getattr(event, "label", "")), SCHEDULED), takes=0.08)  # type: ignore[arg-type]
    if isinstance(creature, str) and colour_of(event) in (OPPORTUNITY, IMPALE, DEFENCE, REACTION):
        return Shown(flash=(creature, colour_of(event)), floating=(creature, _words(name), colour_of(event)),
                     takes=0.1)
    return NOTHING


def reaction_banner(name: Callable[[str], str], events: list[Any], i: int) -> BannerText | None:
    """The banner of a reaction as it resolves (``events[i]``): who reacts, with what, on whom, and why."""
    event = events[i]
    kind = getattr(event, "kind", "")
    if type(event).__name__ == "AttackRolled" and kind in KINDS:
        who, target = getattr(event, "creature", ""), getattr(event, "target", "")
        if kind == "opportunity":
            return BannerText(f"{name(who)}: attack of opportunity on {name(target)}",
                              f"{name(target)} passed beside it without challenging it [11]", who)
        return BannerText(f"{name(who)} impales {name(target)}", "it rushed in from 20 feet or farther [21]", who)
    match event:
        case rev.Defended():
            skill = event.skill.replace("_", " ")
            if event.cancelled:
                return BannerText(f"{name(event.creature)}: {skill} against {name(event.attacker)}",
                                  f"{event.dice} gave {event.adjustment}: a success lost, Body damage {event.before} "
                                  f"-> {event.after} [6-8]", event.creature)
            return BannerText(f"{name(event.creature)}: {skill} against {name(event.attacker)}",
                              f"{event.dice} gave {event.adjustment}: no success lost, {event.before} Body [6-8]",
                              event.creature)
        case rev.ReactionUsed() if event.what == "stand up":
            return BannerText(f"{name(event.creature)} stands up by reaction",
                              "prone until its d4 seconds on the counter have passed [34]", event.creature)
        case rev.LandingTried():
            return BannerText(f"{name(event.creature)} tries to land on its feet",
                              "thrown from its mount: Agility, TM 10 [17]", event.creature)
    return None
