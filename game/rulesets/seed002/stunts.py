"""Seed 002's Stunt [45-53] and Escape [80] (numbers in brackets are seed 002's lines): the attack's
penalty, the opposed check, each option's effect, grabs and the afflictions they and afflict leave.

"Make an attack check with a -1 Disadvantage to the attack check. If the attack succeeds, make an opposed
check of your attack's damage against the defender's Fortitude or Reflex resistance for Combat Attacks [...]
If successful choose one of the following benefits instead of doing Damage to the target" [46]; "If you lose
the opposed check, the defender may immediately make an attempt to use a Stunt on you as a Reaction" [53].

Our readings:

* the option is named with the command (the stunter chooses before rolling; the AI takes its attack's
  ``stunt``): push, pull, grab, disarm or afflict. **Break** [52] needs objects this table does not have:
  not offered;
* the defender resists with the better of its Fortitude and Reflex (its choice; a defender always takes the
  better), the opposed check being the attack's damage rank against it (:func:`game.rulesets.seed002.checks
  .opposed`; a tie goes to the defender);
* **push / pull** [50, 51]: 5 feet, one square, per degree of success: the stunter picks the landing square on
  the board among the forced-movement landings (:func:`game.mechanics.tactics.forced_candidates`, nothing
  provoked, walls and creatures stop it) that go as far as the board allows (:func:`landings`);
* **grab** [49]: the cumulative sustained affliction Held -> Restrained -> Bound (:class:`GrabLevel`), each
  successful grab of the same target by the same grabber one step further. *Held*: it cannot leave its square
  but by escaping; *Restrained*: held and vulnerable; *Bound*: restrained and no standard action. The grabber
  is hindered and vulnerable while it holds. Sustained: the grab ends when the grabber is down, is no longer
  next to its target (a push, its own move) or the target escapes;
* **disarm** [48]: the weapon attack named falls at the defender's feet; a creature left with no armed close
  attack threatens nothing [122]. -2 (not -1) against a weapon held in two hands. Taking it back: a quick
  action in that square [97] (:func:`pick_up_problem`). The grab-it-yourself clause (two free hands) is not
  played: the stunter leaves it on the ground;
* **afflict** [47]: one lesser condition of :data:`AFFLICTIONS`. It lasts until the afflicted creature's
  resistance check at the end of one of its turns [37] (the resistance the stunt was made against, DC 10 +
  the stunt's damage rank) succeeds; a Surge's resistance [131] or Recover's [37] is one check more;
* **stunt back** [53]: a decision of the defender's player (kind :data:`STUNT_BACK`), its reaction of that
  turn: the opposed check of its own best close attack's damage against the stunter's better resistance,
  with the option its attack names (push when it names none); no attack check, as [53] says;
* **escape** [80]: a move action: the better of Might and Acrobatics against the grabber's better of Might
  and Dexterity; success ends the grab and moves the creature at speed -1 rank, provoking no opportunity
  attack from its grabber.
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Any, Callable

from game.grid import Cell
from game.mechanics.tactics import ForcedKind, forced_candidates
from game.mechanics.tactics.rules import Field, Piece
from game.rulesets.seed002 import checks
from game.rulesets.seed002.sheets import Attack, AttackKind, Sheet, StuntOption

STUNT_BACK = "reaction:stunt_back"
"""The kind of decision offering a defender that won the opposed check a stunt back [53]."""
LANDING = "stunt:landing"
"""The kind of decision choosing where a push or pull lands (one option per square)."""

STUNT_PENALTY = 1
""""a -1 Disadvantage to the attack check" [46]."""
HELD_PENALTY = 2
""""If the defender is holding the object in two hands, the attack check penalty is -2" [48]."""
FEET_PER_DEGREE = 5
""""5 feet per degree of success" [50, 51]: a square."""

PLAYED = (StuntOption.PUSH, StuntOption.PULL, StuntOption.GRAB, StuntOption.DISARM, StuntOption.AFFLICT)
"""The options the table plays (break [52] needs objects it does not have)."""

AFFLICTIONS: dict[str, str] = {
    "hindered": "-1 speed rank",
    "vulnerable": "1 rank of Disadvantage on its Defense",
    "impaired": "1 rank of Disadvantage on its attack checks",
}
"""The lesser conditions an afflict may leave (our own short list), with what each does."""


class GrabLevel(enum.IntEnum):
    """A grab's cumulative affliction [49]."""

    HELD = 1
    RESTRAINED = 2
    BOUND = 3

    @property
    def word(self) -> str:
        return self.name.lower()

    def tightened(self) -> GrabLevel:
        """One step further (Bound stays Bound)."""
        return GrabLevel(min(self.value + 1, GrabLevel.BOUND.value))


def option_named(key: str) -> StuntOption | None:
    """The played option of that name, or None."""
    return next((o for o in PLAYED if o.value == key), None)


def stunt_problem(option: str, attack: Attack | None, *, affliction: str = "", disarm: Attack | None = None,
                  target_has_weapon: bool = True) -> str:
    """Why a Stunt with ``attack`` for ``option`` cannot be made ("" when it can). ``disarm``: the target's
    weapon attack aimed at (disarm); ``affliction``: the condition (afflict)."""
    if option == StuntOption.BREAK.value:
        return "break needs objects the table does not have"
    chosen = option_named(option)
    if chosen is None:
        return f"there is no stunt {option!r}; stunts: {', '.join(o.value for o in PLAYED)}"
    if attack is None:
        return "a stunt is made with one of its attacks"
    if chosen is StuntOption.AFFLICT and affliction not in AFFLICTIONS:
        return f"an afflict names a condition: {', '.join(AFFLICTIONS)}"
    if chosen is StuntOption.DISARM and (disarm is None or not disarm.armed or not target_has_weapon):
        return "a disarm aims at a weapon the target holds"
    return ""


def attack_disadvantage(option: StuntOption, disarm: Attack | None = None) -> int:
    """The stunt's Disadvantage on its attack check: 1, or 2 for a disarm of a two-handed weapon [46, 48]."""
    if option is StuntOption.DISARM and disarm is not None and disarm.two_handed:
        return HELD_PENALTY
    return STUNT_PENALTY


def resistance(sheet: Sheet) -> tuple[str, int]:
    """The resistance a defender opposes a combat stunt with: the better of Fortitude and Reflex [46]."""
    return ("Fortitude", sheet.fortitude) if sheet.fortitude >= sheet.reflex else ("Reflex", sheet.reflex)


def squares(degrees: int) -> int:
    """Squares a push or pull moves its target: one per degree of success [50, 51]."""
    return max(0, degrees) * FEET_PER_DEGREE // 5


def landings(state: Field[Any], target: Piece, source: Cell | Collection[Cell], option: StuntOption,
             degrees: int) -> tuple[Cell, ...]:
    """The squares a push or pull of ``degrees`` may leave ``target`` on: the forced-movement landings that go
    as far as the board allows (none when it cannot move at all)."""
    kind = ForcedKind.PUSH if option is StuntOption.PUSH else ForcedKind.PULL
    return forced_candidates(state, target, source, kind, squares(degrees)).farthest


def best_close(sheet: Sheet, dropped: Collection[str] = ()) -> Attack | None:
    """Its close attack of the highest damage (not dropped): what it stunts back with [53]."""
    close = [a for a in sheet.attacks if a.kind is AttackKind.CLOSE and a.id not in dropped]
    return max(close, key=lambda a: (a.damage, a.bonus), default=None)


def stunt_back_option(attack: Attack) -> StuntOption:
    """The option of a stunt back: the attack's own (push when it names none, or names one not played)."""
    return attack.stunt if attack.stunt in PLAYED and attack.stunt is not None else StuntOption.PUSH


def ai_option(attack: Attack, target: Sheet) -> StuntOption | None:
    """The AI stunts with an attack that names a played stunt (a disarm only of an armed target)."""
    if attack.stunt not in PLAYED or attack.stunt is None:
        return None
    if attack.stunt is StuntOption.DISARM and not target.armed:
        return None
    return attack.stunt


# -- grabs and afflictions ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Effects:
    """What a creature's grabs and afflictions do to it."""

    speed_change: int = 0
    defense_disadvantage: int = 0
    attack_disadvantage: int = 0
    held: bool = False
    """It cannot leave its square but by escaping."""
    no_standard: bool = False


def effects(afflictions: Iterable[str], grabbed: GrabLevel | None, grabbing: bool) -> Effects:
    """The effects of ``afflictions`` (names of :data:`AFFLICTIONS`), a grab on it and a grab it holds
    (hindered and vulnerable [49]); the same condition twice counts once."""
    names = set(afflictions)
    if grabbing:
        names |= {"hindered", "vulnerable"}
    if grabbed is not None and grabbed >= GrabLevel.RESTRAINED:
        names.add("vulnerable")
    return Effects(speed_change=-1 if "hindered" in names else 0,
                   defense_disadvantage=1 if "vulnerable" in names else 0,
                   attack_disadvantage=1 if "impaired" in names else 0,
                   held=grabbed is not None,
                   no_standard=grabbed is GrabLevel.BOUND)


@dataclass(frozen=True, slots=True)
class Affliction:
    """A lesser condition from an afflict [47], until a resistance check against ``dc`` succeeds."""

    name: str
    source: str
    """The creature that afflicted it."""
    resistance: str
    """"Fortitude" or "Reflex": what the stunt was against, and what resists it."""
    dc: int


def affliction_dc(damage: int) -> int:
    """The DC of the resistance check against an affliction: 10 + the stunt's damage rank."""
    return checks.passive(damage)


def escape_bonus(sheet: Sheet) -> int:
    """"a Might or Acrobatics skill check" [80]: the better."""
    return max(sheet.might, sheet.acrobatics)


def hold_bonus(sheet: Sheet) -> int:
    """"opposed by a Might or Dexterity skill check chosen by your opponent" [80]: the better."""
    return max(sheet.might, sheet.dexterity)


def pick_up_problem(standing: Cell, dropped_at: Cell | None) -> str:
    """Why a disarmed creature cannot take its weapon back now ("" when it can): a quick action in its
    square [97]."""
    if dropped_at is None:
        return "nothing dropped to pick up"
    if standing != dropped_at:
        return "its weapon lies in another square"
    return ""


# -- events ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StuntTried:
    """``creature`` attempts a stunt on ``target`` (``option``; ``back``: a stunt back [53])."""

    creature: str
    target: str
    option: str
    back: bool = False


@dataclass(frozen=True, slots=True)
class StuntWon:
    creature: str
    target: str
    option: str
    degrees: int


@dataclass(frozen=True, slots=True)
class StuntLost:
    creature: str
    target: str
    option: str


@dataclass(frozen=True, slots=True)
class ForcedMoved:
    """A push or pull moved ``creature`` (provoking nothing)."""

    creature: str
    origin: Cell
    to: Cell
    option: str


@dataclass(frozen=True, slots=True)
class GrabTightened:
    """``grabber`` grabs ``target``: its grab is now ``level``."""

    grabber: str
    target: str
    level: str


@dataclass(frozen=True, slots=True)
class GrabEnded:
    grabber: str
    target: str
    why: str


@dataclass(frozen=True, slots=True)
class WeaponDropped:
    creature: str
    weapon: str
    """The attack's name."""


@dataclass(frozen=True, slots=True)
class WeaponTaken:
    creature: str
    weapon: str


@dataclass(frozen=True, slots=True)
class Afflicted:
    creature: str
    condition: str
    source: str


@dataclass(frozen=True, slots=True)
class AfflictionEnded:
    creature: str
    condition: str


@dataclass(frozen=True, slots=True)
class EscapeTried:
    """``creature`` tries to escape ``grabber``'s grab: ``escaped`` or not."""

    creature: str
    grabber: str
    escaped: bool


def describe(event: object, n: Callable[[str], str], at: Callable[[Cell], tuple[int, int]]) -> str | None:
    """The log line of one of this module's events (``n``: a creature id's name; ``at``: a cell's map
    coordinates), or None."""
    match event:
        case StuntTried():
            back = " back" if event.back else ""
            return f"{n(event.creature)} stunts{back} on {n(event.target)}: {event.option}"
        case StuntWon():
            return (f"{n(event.creature)}'s {event.option} works on {n(event.target)} "
                    f"({event.degrees} degree{'s' if event.degrees > 1 else ''})")
        case StuntLost():
            return f"{n(event.target)} resists {n(event.creature)}'s {event.option}"
        case ForcedMoved():
            verb = "pushed" if event.option == StuntOption.PUSH.value else "pulled"
            return f"{n(event.creature)} is {verb} from {at(event.origin)} to {at(event.to)}"
        case GrabTightened():
            return f"{n(event.grabber)} grabs {n(event.target)}: {event.level}"
        case GrabEnded():
            return f"{n(event.grabber)}'s grab on {n(event.target)} ends: {event.why}"
        case WeaponDropped():
            return f"{n(event.creature)} drops its {event.weapon}"
        case WeaponTaken():
            return f"{n(event.creature)} takes its {event.weapon} back"
        case Afflicted():
            return f"{n(event.creature)} is {event.condition} ({AFFLICTIONS.get(event.condition, '')})"
        case AfflictionEnded():
            return f"{n(event.creature)} is no longer {event.condition}"
        case EscapeTried():
            if event.escaped:
                return f"{n(event.creature)} escapes {n(event.grabber)}'s grab"
            return f"{n(event.creature)} fails to escape {n(event.grabber)}'s grab"
    return None
