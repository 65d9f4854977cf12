"""Seed 003's events (so far, its clock's) and their log lines. Frozen data, past tense; the kernel's own
events (dice, decisions, break points) are described by :func:`game.kernel.events.describe_kernel`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from game.grid import Cell
from game.kernel.events import Event, describe_kernel
from game.rulesets.edits import describe_table

Id = str
EVENT_FORMAT = 1
"""The version of seed 003's events' JSON form."""


@dataclass(frozen=True, slots=True)
class FightStarted:
    seed: int
    map: str
    options: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class ActionSpent:
    """An action of the turn used: ``kind`` needed, ``paid`` the one spent for it (a better one [113])."""

    creature: Id
    kind: str
    paid: str
    purpose: str


@dataclass(frozen=True, slots=True)
class CreatureMoved:
    creature: Id
    origin: Cell
    to: Cell


@dataclass(frozen=True, slots=True)
class StanceSwitched:
    creature: Id
    stance: str


@dataclass(frozen=True, slots=True)
class AbilityUsed:
    creature: Id
    ability: str
    targets: tuple[Id, ...]
    provokes: bool


@dataclass(frozen=True, slots=True)
class OpportunityAttackMade:
    """A free basic melee attack on an enemy that provoked it [181]."""

    creature: Id
    target: Id


@dataclass(frozen=True, slots=True)
class Intercepted:
    """``creature`` intercepted ``target`` on its way to ``ally``: it stands at ``to``, engaged with it, and the
    target's movement stops [175]."""

    creature: Id
    target: Id
    ally: Id
    to: Cell


@dataclass(frozen=True, slots=True)
class Stabilized:
    creature: Id
    by: Id


@dataclass(frozen=True, slots=True)
class PoppedOff:
    """Popped off an enemy without a disengage check [165]: moving away from it provokes nothing this turn."""

    creature: Id
    enemy: Id
    ability: str


@dataclass(frozen=True, slots=True)
class InterruptTaken:
    """An interrupt outside one's turn, its one until its next turn starts [109, 119]."""

    creature: Id
    target: Id
    ability: str


@dataclass(frozen=True, slots=True)
class ActionReadied:
    creature: Id
    ability: str
    """The ability readied, or "a move to (col, row)"."""
    kind: str
    trigger: str
    """What sets it off, in words [99]."""


@dataclass(frozen=True, slots=True)
class ReadiedActionTaken:
    """The readied action goes off against ``target``; ``band``: the readier's band from now on ("" when it
    keeps its own: taken in the next round, before its turn [101])."""

    creature: Id
    target: Id
    ability: str
    band: str


@dataclass(frozen=True, slots=True)
class ReadiedBandReset:
    """After the turn of a creature that took its readied action the next round before that turn, its band
    becomes the higher one it took the action on [101]."""

    creature: Id
    was: str
    band: str


@dataclass(frozen=True, slots=True)
class ReadiedActionLapsed:
    creature: Id
    ability: str


@dataclass(frozen=True, slots=True)
class PowerSpent:
    """Spend X Power [137]: ``amount`` of the creature's Power (its sheet's name for it), ``left`` after."""

    creature: Id
    amount: int
    left: int
    power: str
    ability: str


@dataclass(frozen=True, slots=True)
class SustainRolled:
    """A roll to sustain an ability [136]: 3d6 against ``target``; ``kept``: it goes on."""

    creature: Id
    ability: str
    faces: tuple[int, ...]
    target: int
    kept_up: bool


@dataclass(frozen=True, slots=True)
class SustainEnded:
    """A sustained ability expired at the end of its user's turn [136]: what it laid ends with it."""

    creature: Id
    ability: str


@dataclass(frozen=True, slots=True)
class DiceyMoveRolled:
    """A Dicey Move's check [171]: 3d6 against the Difficulty; made, the creature moves to ``to``."""

    creature: Id
    to: Cell
    faces: tuple[int, ...]
    difficulty: int
    made: bool


@dataclass(frozen=True, slots=True)
class DamageTaken:
    creature: Id
    amount: int
    hp: int
    cause: str


@dataclass(frozen=True, slots=True)
class Staggered:
    """At half its hit points [205]."""

    creature: Id


@dataclass(frozen=True, slots=True)
class Dropped:
    """A PC at 0 hit points or less: dying [207, 221]."""

    creature: Id
    hp: int
    hard_first_save: bool


@dataclass(frozen=True, slots=True)
class Died:
    creature: Id
    reason: str


@dataclass(frozen=True, slots=True)
class SaveRolled:
    """A save (3d6, ``target``+; the death save 13+ [221]) and whether it succeeded."""

    creature: Id
    against: str
    faces: tuple[int, ...]
    kept: tuple[int, ...]
    net: int
    bonus: int
    target: int
    result: str
    """"success", "failure" or (a death save) "critical success"."""


@dataclass(frozen=True, slots=True)
class Healed:
    creature: Id
    amount: int
    hp: int
    recoveries: int
    """Recoveries left."""
    how: str


@dataclass(frozen=True, slots=True)
class ConditionApplied:
    creature: Id
    condition: str
    source: Id


@dataclass(frozen=True, slots=True)
class ConditionEnded:
    creature: Id
    condition: str
    reason: str


@dataclass(frozen=True, slots=True)
class TurnEnded:
    creature: Id


@dataclass(frozen=True, slots=True)
class FightEnded:
    winner: str
    """The side left ("" if nobody is)."""


@dataclass(frozen=True, slots=True)
class AmbusherChosen:
    """One of the two characters of the ambushing party that act in the surprise round [79]."""

    creature: Id
    side: str


@dataclass(frozen=True, slots=True)
class SurpriseRoundBegan:
    side: str
    actors: tuple[Id, ...]


@dataclass(frozen=True, slots=True)
class RoundBegan:
    round: int
    escalation: int
    """The escalation die for this round [91]: 0 in the first round."""


@dataclass(frozen=True, slots=True)
class EscalationDieChanged:
    """The escalation die was put on the table or raised [91]."""

    value: int
    was: int


@dataclass(frozen=True, slots=True)
class TurnBegan:
    creature: Id
    band: str
    round: int
    """0 in the surprise round."""


@dataclass(frozen=True, slots=True)
class TurnDelayed:
    """Delay: the creature's band is lowered for the rest of the encounter [96-97]."""

    creature: Id
    was: str
    band: str


@dataclass(frozen=True, slots=True)
class AttackRolled:
    """One attack roll against one target [5, 7], with every term of its total, so that its log line shows
    what the escalation die added."""

    attacker: Id
    target: Id
    ability: str
    faces: tuple[int, ...]
    kept: tuple[int, ...]
    net: int
    """Net Advantage (positive) or Disadvantage (negative) the dice were rolled with."""
    level: int
    volition: int
    escalation: int | None
    """The escalation die as added; None for an attacker that does not add it [91]."""
    other: int
    total: int
    defense: str
    defense_value: int
    result: str
    """"hit", "miss", "critical hit" or "critical failure"."""
    crit_at: int
    resisted: bool


@dataclass(frozen=True, slots=True)
class DisengageRolled:
    """A disengage check [163]: the dice, the difficulty and whether the creature popped off."""

    creature: Id
    enemies: tuple[Id, ...]
    faces: tuple[int, ...]
    kept: tuple[int, ...]
    net: int
    difficulty: int
    succeeded: bool


@dataclass(frozen=True, slots=True)
class DownedHit:
    """Damage on a dying PC: ``marked`` failed death saves (2 for a crit), ``failures`` of 4 now (our reading
    of [221-225]); a stabilized PC is at risk again."""

    creature: Id
    marked: int
    failures: int


@dataclass(frozen=True, slots=True)
class LastGaspBegan:
    """The PC starts making Last Gasp saves: death saves, as if dropped below 0 [231-233]."""

    creature: Id
    source: Id
    hp: int
    """The hit points it keeps on a success [233]."""


@dataclass(frozen=True, slots=True)
class LastGaspEnded:
    """The PC's Last Gasp saves are over: ``saved`` (back with its hit points) or lost for good."""

    creature: Id
    saved: bool
    hp: int


@dataclass(frozen=True, slots=True)
class SaveGranted:
    """An ally's standard action grants a Last Gasp save; its failure does not count [233]."""

    creature: Id
    by: Id


@dataclass(frozen=True, slots=True)
class FoughtInSpirit:
    """A PC permanently out of the fight gives ``ally`` ``benefit`` for 1 round [183-185]."""

    creature: Id
    ally: Id
    benefit: str


@dataclass(frozen=True, slots=True)
class FleeProposed:
    creature: Id
    side: str


@dataclass(frozen=True, slots=True)
class FleeDeclined:
    side: str


@dataclass(frozen=True, slots=True)
class PartyFled:
    """The party retreats with its downed, and receives a Campaign Loss [187-189]."""

    side: str
    downed: tuple[Id, ...]


def _dice_text(faces: tuple[int, ...], kept: tuple[int, ...], net: int) -> str:
    """"3d6 [6+4+2]", or with advantage "4d6 keep best 3 [6+4+2; dropped 1]"."""
    shown = "+".join(map(str, kept))
    if not net:
        return f"3d6 [{shown}]"
    dropped = list(faces)
    for f in kept:
        dropped.remove(f)
    which = "best" if net > 0 else "worst"
    return f"{len(faces)}d6 keep {which} 3 [{shown}; dropped {'+'.join(map(str, sorted(dropped, reverse=True)))}]"


def _plain_offset(cell: Cell) -> tuple[int, int]:
    return cell[0], cell[1]


def describe(event: Event, name: Callable[[str], str] = str,
             offset: Callable[[Cell], tuple[int, int]] = _plain_offset) -> str:
    """The readable log line of an event of seed 003 or of the kernel."""
    match event:
        case AmbusherChosen():
            return f"{name(event.creature)} will act in the surprise round"
        case SurpriseRoundBegan():
            return f"Surprise round: {', '.join(name(a) for a in event.actors)} of {event.side} act"
        case RoundBegan():
            return f"Round {event.round} (escalation die {event.escalation})"
        case EscalationDieChanged():
            return f"The escalation die goes from {event.was} to {event.value}"
        case TurnBegan():
            when = "the surprise round" if event.round == 0 else f"round {event.round}"
            return f"{name(event.creature)}'s turn ({event.band} band, {when})"
        case AttackRolled():
            terms = [f"{_dice_text(event.faces, event.kept, event.net)} = {sum(event.kept)}", f"level {event.level}",
                     f"Volition {event.volition}"]
            if event.escalation is not None:
                terms.append(f"escalation {event.escalation}")
            if event.other:
                terms.append(f"other {event.other}")
            crit = "" if event.crit_at == 17 else f" (crits on {event.crit_at}+)"
            resisted = ", resisted: half damage" if event.resisted else ""
            return (f"{name(event.attacker)} attacks {name(event.target)} with {event.ability}: "
                    f"{' + '.join(terms)} = {event.total} vs {event.defense} {event.defense_value}{crit}: "
                    f"{event.result}{resisted}")
        case DisengageRolled():
            foes = ", ".join(name(e) for e in event.enemies)
            how = "pops off" if event.succeeded else "fails and loses the move action"
            return (f"{name(event.creature)} tries to disengage from {foes}: {_dice_text(event.faces, event.kept, event.net)} = "
                    f"{sum(event.kept)} vs {event.difficulty}: {how}")
        case TurnDelayed():
            return f"{name(event.creature)} delays from the {event.was} band to the {event.band} band"
        case FightStarted():
            return f"Encounter on {event.map} (seed {event.seed})"
        case ActionSpent():
            paid = "" if event.paid == event.kind else f" (paid with the {event.paid} action)"
            return f"  {name(event.creature)} spends a {event.kind} action{paid}: {event.purpose}"
        case CreatureMoved():
            return f"{name(event.creature)} moves to {offset(event.to)}"
        case StanceSwitched():
            return f"{name(event.creature)} takes a {event.stance} stance"
        case AbilityUsed():
            whom = f" on {', '.join(name(t) for t in event.targets)}" if event.targets else ""
            provokes = " (provokes)" if event.provokes else ""
            return f"{name(event.creature)} uses {event.ability}{whom}{provokes}"
        case OpportunityAttackMade():
            return f"{name(event.creature)} makes an opportunity attack on {name(event.target)}"
        case Intercepted():
            return (f"{name(event.creature)} intercepts {name(event.target)} on its way to {name(event.ally)}, "
                    f"at {offset(event.to)}")
        case Stabilized():
            return f"{name(event.by)} stabilizes {name(event.creature)}: failed death saves no longer count"
        case PoppedOff():
            return f"{name(event.creature)} pops off {name(event.enemy)} ({event.ability})"
        case InterruptTaken():
            return f"{name(event.creature)} interrupts {name(event.target)} with {event.ability}"
        case ActionReadied():
            return f"{name(event.creature)} readies {event.ability} (a {event.kind} action) for when {event.trigger}"
        case ReadiedActionTaken():
            band = f"; it acts in the {event.band} band from now on" if event.band else ""
            if event.ability == "move":
                return f"{name(event.creature)} takes its readied move as {name(event.target)} acts{band}"
            return f"{name(event.creature)} takes its readied {event.ability} against {name(event.target)}{band}"
        case ReadiedBandReset():
            return (f"{name(event.creature)} acts in the {event.band} band from now on (it took its readied action "
                    f"there; was {event.was})")
        case ReadiedActionLapsed():
            return f"{name(event.creature)}'s readied {event.ability} lapses"
        case DiceyMoveRolled():
            how = ("makes it, with 1 Advantage on its next attack this turn" if event.made
                   else "fails and loses the move action")
            return (f"{name(event.creature)} tries a dicey move to {offset(event.to)}: 3d6 "
                    f"[{'+'.join(map(str, event.faces))}] = {sum(event.faces)} vs {event.difficulty}: {how}")
        case PowerSpent():
            return (f"{name(event.creature)} spends {event.amount} {event.power} on {event.ability}: "
                    f"{event.left} left")
        case SustainRolled():
            how = "it goes on" if event.kept_up else "it ends at the end of the turn"
            return (f"{name(event.creature)} sustains {event.ability}: 3d6 [{'+'.join(map(str, event.faces))}] = "
                    f"{sum(event.faces)} vs {event.target}+: {how}")
        case SustainEnded():
            return f"{name(event.creature)}'s {event.ability} ends (not sustained)"
        case DamageTaken():
            return f"{name(event.creature)} takes {event.amount} damage ({event.cause}): {event.hp} hp left"
        case Staggered():
            return f"{name(event.creature)} is staggered"
        case Dropped():
            hard = " (2 disadvantage on the first death save)" if event.hard_first_save else ""
            return f"{name(event.creature)} drops at {event.hp} hp and is dying{hard}"
        case Died():
            return f"{name(event.creature)} dies ({event.reason})"
        case SaveRolled():
            bonus = f" + {event.bonus}" if event.bonus else ""
            return (f"{name(event.creature)} saves against {event.against}: {_dice_text(event.faces, event.kept, event.net)}"
                    f" = {sum(event.kept)}{bonus} vs {event.target}+: {event.result}")
        case Healed():
            return (f"{name(event.creature)} heals {event.amount} ({event.how}): {event.hp} hp, "
                    f"{event.recoveries} recoveries left")
        case ConditionApplied():
            return f"{name(event.creature)} is {event.condition} (by {name(event.source)})"
        case ConditionEnded():
            return f"{name(event.creature)} is no longer {event.condition} ({event.reason})"
        case TurnEnded():
            return f"{name(event.creature)}'s turn ends"
        case DownedHit():
            return (f"{name(event.creature)} is hit while dying: {event.marked} failed death "
                    f"save{'s' if event.marked > 1 else ''} marked ({event.failures} of 4)")
        case LastGaspBegan():
            return (f"{name(event.creature)} starts making Last Gasp saves ({name(event.source)}'s effect; "
                    f"{event.hp} hp kept on a success)")
        case LastGaspEnded():
            if event.saved:
                return f"{name(event.creature)} shakes off the effect: {event.hp} hp"
            return f"{name(event.creature)} is lost to the effect: permanently out of the fight"
        case SaveGranted():
            return f"{name(event.by)} grants {name(event.creature)} a Last Gasp save (a failure does not count)"
        case FoughtInSpirit():
            what = {"attacks": "advantage to attacks", "saves": "advantage to saves",
                    "defense": "disadvantage to attacks against it"}.get(event.benefit, event.benefit)
            return f"{name(event.creature)} fights in spirit: {name(event.ally)} has {what} for 1 round"
        case FleeProposed():
            return f"{name(event.creature)} calls on the {event.side} side to flee"
        case FleeDeclined():
            return f"The {event.side} side fights on"
        case PartyFled():
            carried = f", carrying {', '.join(name(d) for d in event.downed)}" if event.downed else ""
            return (f"The {event.side} side flees{carried}. Campaign Loss: something major goes wrong in a way that simply "
                    f"trying again won't fix")
        case FightEnded():
            return f"The fight is over: {event.winner or 'nobody'} won"
    kernel = describe_kernel(event, name)
    return kernel if kernel is not None else describe_table(event) or repr(event)
