"""How seed 000's events and commands read in the window: the log's colours, what an event shows on the
board, a reaction's banner, a command and a power for people."""

from __future__ import annotations

from typing import Callable, cast

from game.rulesets.seed000 import events as ev
from game.rulesets.seed000.encounter import Encounter
from game.rulesets.seed000.commands import (ChargeCommand, Command, MoveCommand, ShiftCommand, StandUpCommand,
                                            UsePowerCommand)
from game.rulesets.seed000.model import CreatureId, Power, RangeKind
from game.rulesets.seed000.state import Creature
from game.session import Session
from game.ui.animation import NOTHING, BannerText, Shown
from game.ui.board_view import RGB
from game.ui.combat_log import DEFAULT_COLOUR
from game.ui.rulesets.seed000.highlights import forced_power

COLOURS: dict[type, RGB] = {
    ev.DiceRolled: (140, 150, 175),
    ev.RandomChoice: (140, 150, 175),
    ev.BreakPoint: (105, 110, 125),
    ev.RoundStarted: (250, 210, 90),
    ev.TurnStarted: (250, 210, 90),
    ev.TurnEnded: (170, 175, 190),
    ev.AttackRolled: (235, 225, 160),
    ev.DamageDealt: (245, 120, 110),
    ev.Healed: (120, 220, 130),
    ev.ReactionTriggered: (255, 190, 110),
    ev.BudgetChecked: (230, 170, 120),
    ev.ReactionResolved: (255, 160, 60),
    ev.ReactionFizzled: (200, 150, 255),
    ev.ReactionsPrepared: (255, 170, 60),
    ev.Decision: (110, 210, 230),
    ev.CommandRefused: (255, 90, 90),
    ev.StepFizzled: (200, 150, 255),
    ev.Died: (255, 90, 90),
    ev.EncounterEnded: (250, 210, 90),
}
REACTION_COLOUR: RGB = (255, 160, 60)


def colour_of(event: ev.Event) -> RGB:
    got = COLOURS.get(type(event))
    if got is not None:
        return got
    kind = ev.kind_of(event)
    if "reaction" in kind or "trigger" in kind or "budget" in kind:
        return REACTION_COLOUR
    return DEFAULT_COLOUR




def pictures(event: ev.Event) -> Shown:
    """What an event shows on the board: a move slides, an attack flashes (a miss or a critical floats),
    damage, healing, a death and a condition float over the creature."""
    match event:
        case ev.CreatureMoved():
            return Shown(slide=(event.creature, event.origin, event.to))
        case ev.AttackRolled():
            colour = (255, 60, 50) if event.hit else (170, 170, 180)
            words = None if event.hit and not event.critical else (
                ("miss", (200, 200, 210)) if not event.hit else ("critical!", (255, 230, 80)))
            return Shown(flash=(event.target, colour),
                         floating=None if words is None else (event.target, words[0], words[1]), takes=0.08)
        case ev.DamageDealt():
            return Shown(floating=(event.target, f"-{event.amount}", (255, 80, 70)), takes=0.05)
        case ev.Healed():
            return Shown(floating=(event.target, f"+{event.amount}", (110, 235, 120)), takes=0.05)
        case ev.Died():
            return Shown(floating=(event.creature, "dies", (255, 255, 255)))
        case ev.ConditionApplied():
            return Shown(floating=(event.creature, event.condition, (210, 160, 255)))
        case _:
            return NOTHING


def reaction_banner(session: Session, events: list[ev.Event], i: int) -> BannerText | None:
    """The banner of a reaction as it resolves (``events[i]``): who reacts, with what, on whom, and
    why ("Skeleton 1: Opportunity Attack (Rusted Blade) on Vex" / "Vex leaves (10, 17), ..."), or None."""
    event = events[i]
    if not isinstance(event, ev.ReactionResolved):
        return None
    enc = cast(Encounter, session.encounter)
    reactor = enc.state.creatures.get(CreatureId(event.reactor))
    what = power_name(reactor, event.power)
    detail, by = "", ""
    for before in reversed(events[max(0, i - 50):i]):  # its trigger, a few events back
        if isinstance(before, ev.ReactionTriggered) and (before.reactor, before.power) == (event.reactor,
                                                                                            event.power):
            detail, by = before.detail, before.by
            break
    targets: tuple[str, ...] = ()
    used = ""
    for after in events[i + 1:i + 200]:  # what it does, up to the next reaction or the turn's end
        if isinstance(after, (ev.ReactionResolved, ev.TurnEnded)):
            break
        if isinstance(after, ev.PowerUsed) and after.creature == event.reactor:
            used = after.power_name if after.power != event.power else ""
            targets = after.targets
            break
        if isinstance(after, ev.AttackRolled) and after.attacker == event.reactor:
            targets = (after.target,)
            break
        if isinstance(after, ev.Healed):
            targets = (after.target,)
            break
    if not targets and by:
        targets = (by,)
    headline = f"{enc.name(event.reactor)} {'interrupts' if event.interrupt else 'reacts'}: {what}"
    if used and used != what:
        headline += f" ({used})"
    if targets:
        headline += " on " + ", ".join(enc.name(t) for t in targets)
    return BannerText(headline, detail, event.reactor)



def power_name(creature: Creature | None, power: str) -> str:
    """A power's name for people: the sheet's name, else its id in words ("opportunity_attack" ->
    "Opportunity Attack": the rules' own reactions are on no sheet)."""
    if creature is not None:
        try:
            return creature.template.power(power).name
        except KeyError:
            pass
    return power.replace("_", " ").title()


def reach_text(power: Power) -> str:
    r = power.reach
    match r.kind:
        case RangeKind.MELEE:
            return f"melee {r.reach}"
        case RangeKind.RANGED:
            return f"ranged {r.range}"
        case RangeKind.CLOSE_BURST | RangeKind.CLOSE_BLAST:
            return f"{r.kind.value} {r.size}"
        case RangeKind.AREA_BURST:
            return f"area burst {r.size} within {r.range}"
        case _:
            return str(r.kind.value)


def power_tip(power: Power) -> str:
    parts = [f"{power.action.value}, {power.frequency.value}, {reach_text(power)}"]
    if power.attack is not None:
        parts.append(f"+{power.attack.bonus} vs {power.attack.defense.value}")
    if power.hit.damage is not None:
        parts.append(f"hit {power.hit.damage}")
    forced = forced_power(power)
    if forced is not None:
        parts.append(f"{forced[0].value} {forced[1]}")
    if power.description:
        parts.append(power.description)
    return "<br>".join(parts)


def describe_command(command: Command, name: Callable[[str], str]) -> str:
    """A command for people, as the undo names it ("Vex's move")."""
    match command:
        case MoveCommand():
            return f"{name(command.creature)}'s move"
        case ShiftCommand():
            return f"{name(command.creature)}'s shift"
        case StandUpCommand():
            return f"{name(command.creature)} standing up"
        case UsePowerCommand():
            return f"{name(command.creature)}'s {command.power}"
        case ChargeCommand():
            return f"{name(command.creature)}'s charge at {name(command.target)}"
        case _:
            return type(command).__name__
