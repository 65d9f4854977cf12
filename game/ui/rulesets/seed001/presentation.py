"""How seed 001's events read in the window (numbers in brackets are seed 001's lines): the log's colours, what an
event shows on the board, and the banner of a reaction (an attack of opportunity [11], an impalement [21], a
dodge, rebuff or deflect [6-8], a stand-up by reaction [34], a dismount [17]).

The fight's and the reactions' events are read by their class name and fields (``NAMED``), so that this part
imports neither module's event classes and an event added later is coloured by the word in its name (a
reaction's orange) rather than left plain.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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


def colour_of(event: object) -> RGB:
    """The colour of an event's log line: an attack by its successes (a reaction's attack in the reaction's
    colour), the fight's events by name, the reactions' by the word in their name."""
    found = KERNEL_COLOURS.get(type(event))
    if found is not None:
        return found
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
    cls = type(event).__name__
    who = getattr(event, "creature", None)
    if not isinstance(who, str):
        return None
    for word, what in (("Dodg", "dodges"), ("Rebuff", "rebuffs"), ("Deflect", "deflects")):
        if word in cls:
            before, after = getattr(event, "before", None), getattr(event, "after", None)
            detail = (f"Body damage {before} -> {after} [6-8]" if before is not None and after is not None
                      else "just before Body damage [6]")
            return BannerText(f"{name(who)} {what}", detail, who)
    if cls == "StoodUp" and getattr(event, "how", "") == "reaction":
        return BannerText(f"{name(who)} stands up", "by reaction, after its delay on the counter [34]", who)
    if cls == "Dismounted" and getattr(event, "how", "") not in ("", "action"):
        return BannerText(f"{name(who)} lands", "thrown, it used its reaction to land [17]", who)
    return None
