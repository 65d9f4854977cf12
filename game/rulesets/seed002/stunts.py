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
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Callable, Sequence

from game.grid import Cell
from game.kernel.clock import EndTurn, StartTurn
from game.kernel.decisions import PASS, Decision, Option, Question
from game.kernel.engine import Impossible
from game.mechanics.tactics import ForcedKind, forced_candidates
from game.mechanics.tactics.rules import Field, Piece
from game.rulesets.edits import GM_OWNER
from game.rulesets.seed002 import checks, provoking, speed
from game.rulesets.seed002.catalog import ActionType
from game.rulesets.seed002.commands import EnterCell, EscapeCheck, Offer, PickUp, RollAttack, StuntCheck
from game.rulesets.seed002.commands import Escape as EscapeCommand
from game.rulesets.seed002.commands import Stunt as StuntCommand
from game.rulesets.seed002.orders import Plan
from game.rulesets.seed002.boosts import Boosts, opposed_raised
from game.rulesets.seed002.readying import Part, Seed002Fight, maybe_part, refresh
from game.rulesets.seed002.sheets import Attack, AttackKind, Sheet, StuntOption

if TYPE_CHECKING:
    from game.rulesets.seed002.state import Creature

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


# -- in the fight -----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Spec:
    """A stunt in progress: its option and what the option names."""

    option: StuntOption
    weapon: str = ""
    affliction: str = ""


class Stunts(Part):
    """Stunts, grabs, escapes, disarms and afflictions in the fight."""

    def __init__(self) -> None:
        self.grabs: dict[str, tuple[str, GrabLevel]] = {}
        """Grabbed creature -> (its grabber, the grab's level)."""
        self.afflictions: dict[str, list[Affliction]] = {}
        self.dropped: dict[str, tuple[Attack, Cell]] = {}
        """Disarmed creature -> (the weapon attack it dropped, where it lies)."""
        self._current: dict[str, Spec] = {}
        """Stunter -> the stunt whose attack is being made."""
        self._checks: dict[int, Spec] = {}
        """A StuntCheck's action -> its stunt."""
        self._landings: dict[int, tuple[str, str, tuple[Cell, ...]]] = {}
        """A landing decision's action -> (the stunter, the moved creature, the squares it may land on)."""
        self._next: dict[int, list[Any]] = {}
        self._escape_to: dict[str, Cell] = {}

    # -- what grabs and afflictions do --------------------------------------------------------------------

    def grabbing(self, creature: Creature) -> bool:
        return any(grabber == creature.id for grabber, _ in self.grabs.values())

    def effects_on(self, creature: Creature) -> Effects:
        grab = self.grabs.get(creature.id)
        return effects((a.name for a in self.afflictions.get(creature.id, ())), grab[1] if grab else None,
                       self.grabbing(creature))

    def modifier(self, fight: Seed002Fight, what: str, creature: Creature) -> int:
        if what not in ("defense", "attack_disadvantage", "no_standard"):
            return 0
        e = self.effects_on(creature)
        return {"defense": -e.defense_disadvantage, "attack_disadvantage": e.attack_disadvantage,
                "no_standard": int(e.no_standard)}[what]

    def speed(self, fight: Seed002Fight, creature: Creature) -> int:
        return self.effects_on(creature).speed_change

    def _refresh(self, fight: Seed002Fight, *creatures: Creature) -> None:
        for c in creatures:
            c.held = c.id in self.grabs
            refresh(fight, c)

    def end_grab(self, fight: Seed002Fight, target: Creature, why: str) -> None:
        grab = self.grabs.pop(target.id, None)
        if grab is None:
            return
        grabber = fight.creature(grab[0])
        fight.emit(GrabEnded(grabber.id, target.id, why))
        self._refresh(fight, target, grabber)

    def check_grabs(self, fight: Seed002Fight) -> None:
        """Sustained [49]: a grab ends when its grabber is down or no longer next to its target."""
        for tid, (gid, _) in sorted(self.grabs.items()):
            target, grabber = fight.creature(tid), fight.creature(gid)
            if grabber.out or target.out:
                self.end_grab(fight, target, "someone is down")
            elif not fight.state.adjacent(grabber, target):
                self.end_grab(fight, target, "they are no longer next to each other")

    # -- the commands -----------------------------------------------------------------------------------------

    def plan(self, fight: Seed002Fight, command: Any) -> Plan | None:
        if isinstance(command, StuntCommand):
            return self._plan_stunt(fight, command)
        if isinstance(command, EscapeCommand):
            return self._plan_escape(fight, command)
        if isinstance(command, PickUp):
            actor = fight.actor_of(command)
            fight.can_pay(actor, ActionType.QUICK)
            lying = self.dropped.get(actor.id)
            why = pick_up_problem(actor.cell, lying[1] if lying else None)
            if why:
                raise Impossible(f"{actor.name}: {why}")
            return Plan(ActionType.QUICK, "pick up", (), lambda: self._pick_up(fight, actor))
        return None

    def _plan_stunt(self, fight: Seed002Fight, command: StuntCommand) -> Plan:
        actor = fight.actor_of(command)
        fight.can_pay(actor, ActionType.STANDARD)
        attack = actor.template.attack(command.attack)
        target = fight.target_of(actor, command.target)
        weapon = target.template.attack(command.weapon) if command.weapon else None
        why = stunt_problem(command.option, attack, affliction=command.affliction, disarm=weapon,
                            target_has_weapon=weapon is not None)
        if why:
            raise Impossible(why)
        assert attack is not None
        why = fight.in_reach(actor, attack, target)
        if why:
            raise Impossible(why)
        option = option_named(command.option)
        assert option is not None
        spec = Spec(option, command.weapon, command.affliction)
        who = provoking.provokers(fight.state, actor, "STUNT")

        def go() -> None:
            self._current[actor.id] = spec
            fight.emit(StuntTried(actor.id, target.id, option.value))
            fight.run_steps(actor, "stunt", who, RollAttack(0, actor.id, target.id, attack.id, "stunt",
                                                            penalty=attack_disadvantage(option, weapon)))

        return Plan(ActionType.STANDARD, "stunt", who, go)

    def _plan_escape(self, fight: Seed002Fight, command: EscapeCommand) -> Plan:
        actor = fight.actor_of(command)
        grab = self.grabs.get(actor.id)
        if grab is None:
            raise Impossible(f"{actor.name} is not grabbed")
        fight.can_pay(actor, ActionType.MOVE)
        if command.to is not None:
            actor.held = False
            try:
                fight.route(actor, command.to, None, "move", self.escape_budget(fight, actor))
            finally:
                actor.held = True

        def go() -> None:
            if command.to is not None:
                self._escape_to[actor.id] = command.to
            fight.run_steps(actor, "escape", (), EscapeCheck(0, actor.id, grab[0]))

        return Plan(ActionType.MOVE, "escape", (), go)

    def escape_budget(self, fight: Seed002Fight, creature: Creature) -> int:
        """"you [...] can move at your normal ground speed -1 rank" [80]."""
        return speed.Movement.ESCAPE.squares(creature.speed_rank())

    def _pick_up(self, fight: Seed002Fight, actor: Creature) -> None:
        attack, _ = self.dropped.pop(actor.id)
        actor.template = replace(actor.template, attacks=(*actor.template.attacks, attack))
        fight.emit(WeaponTaken(actor.id, attack.name))

    def candidates(self, fight: Seed002Fight, actor: Creature) -> list[Any]:
        a = actor.id
        out: list[Any] = []
        if actor.id in self.grabs:
            out.append(EscapeCommand(a))
        if actor.id in self.dropped:
            out.append(PickUp(a))
        for attack in actor.template.attacks:
            for e in fight.state.enemies(actor):
                if fight.in_reach(actor, attack, e):
                    continue
                out += [StuntCommand(a, e.id, attack.id, o.value) for o in (StuntOption.PUSH, StuntOption.PULL,
                                                                            StuntOption.GRAB)]
                out.append(StuntCommand(a, e.id, attack.id, StuntOption.AFFLICT.value, affliction="hindered"))
                out += [StuntCommand(a, e.id, attack.id, StuntOption.DISARM.value, weapon=w.id)
                        for w in e.template.attacks if w.armed]
        return out

    # -- the steps ------------------------------------------------------------------------------------------

    def before(self, fight: Seed002Fight, step: Any) -> list[Any]:
        boosts = maybe_part(fight, Boosts)
        if boosts is None:
            return []
        if isinstance(step, StuntCheck) and not step.back:
            me, foe = fight.creature(step.creature), fight.creature(step.target)
            spec = self._checks.get(step.action)
            if spec is None:
                return []
            bonus, opponent = self._bonuses(fight, me, foe, step.attack)
            worth = "push" if spec.option in (StuntOption.PUSH, StuntOption.PULL) else "hit"
            return boosts.offer_raise(fight, me, foe, step.action, f"{spec.option.value}", bonus, opponent, worth)
        if isinstance(step, EscapeCheck):
            return boosts.offer_hunch(fight, fight.creature(step.creature), step.action, "escape")
        return []

    def _bonuses(self, fight: Seed002Fight, me: Creature, foe: Creature, attack_id: str) -> tuple[int, int]:
        """The opposed check's bonuses: the attack's damage rank; the better of Fortitude and Reflex [46]."""
        attack = me.template.attack(attack_id)
        damage = (attack.damage if attack is not None else 0) + fight.modifier("damage", me)
        return damage - me.track.disadvantage, resistance(foe.template)[1] - foe.track.disadvantage

    def after(self, fight: Seed002Fight, step: Any) -> list[Any]:
        if isinstance(step, RollAttack) and step.kind == "stunt":
            spec = self._current.pop(step.creature, None)
            outcome = fight.outcomes.get(step.action)
            if spec is None or outcome is None or not outcome.success:
                return []
            n = fight.engine.new_action()
            self._checks[n] = spec
            return [StuntCheck(n, step.creature, step.target, step.attack, spec.option.value)]
        if isinstance(step, EnterCell) and self.grabs:
            self.check_grabs(fight)
        return self._next.pop(step.action, []) if isinstance(step, (StuntCheck, EscapeCheck, Offer)) else []

    def question(self, fight: Seed002Fight, step: Any) -> Sequence[Question]:
        if not isinstance(step, Offer):
            return []
        if step.kind == STUNT_BACK:
            me, foe = fight.creature(step.creature), fight.creature(step.target)
            attack = best_close(me.template)
            if attack is None or me.out or foe.out or me.economy.why_no_reaction() is not None:
                return []
            option = stunt_back_option(attack)
            return [Question(me.side, me.id, STUNT_BACK, f"{me.name}: stunt back on {foe.name} ({option.value})?",
                             (Option("stunt", f"{option.value} {foe.name}"), Option(PASS, "no")))]
        if step.kind == LANDING:
            stunter, moved, cells = self._landings[step.action]
            me = fight.creature(stunter)
            return [Question(me.side, me.id, LANDING, f"{me.name}: where does {fight.name(moved)} land?",
                             tuple(Option(_key(fight.offset(c)), str(fight.offset(c))) for c in cells))]
        return []

    def resolve(self, fight: Seed002Fight, step: Any, answers: Sequence[Option]) -> bool:
        if isinstance(step, StuntCheck):
            self._stunt_check(fight, step)
            return True
        if isinstance(step, EscapeCheck):
            self._escape_check(fight, step)
            return True
        if isinstance(step, EndTurn):
            self._resistance_checks(fight, fight.creature(step.creature))
            return False
        if isinstance(step, StartTurn):
            self.check_grabs(fight)
            return False
        if isinstance(step, Offer) and step.kind == STUNT_BACK:
            me, foe = fight.creature(step.creature), fight.creature(step.target)
            attack = best_close(me.template)
            if not answers or answers[0].key != "stunt" or attack is None or me.economy.why_no_reaction():
                return True
            me.economy = me.economy.react()
            option = stunt_back_option(attack)
            spec = Spec(option, *self._back_names(foe, option))
            fight.emit(StuntTried(me.id, foe.id, option.value, back=True))
            n = fight.engine.new_action()
            self._checks[n] = spec
            self._next[step.action] = [StuntCheck(n, me.id, foe.id, attack.id, option.value, back=True)]
            return True
        if isinstance(step, Offer) and step.kind == LANDING:
            stunter, moved, cells = self._landings.pop(step.action)
            chosen = next((c for c in cells if answers and _key(fight.offset(c)) == answers[0].key), cells[0])
            self._force(fight, fight.creature(moved), chosen, option_named(step.detail) or StuntOption.PUSH)
            return True
        return False

    def _back_names(self, foe: Creature, option: StuntOption) -> tuple[str, str]:
        if option is StuntOption.DISARM:
            weapon = next((a for a in foe.template.attacks if a.armed), None)
            return (weapon.id if weapon is not None else ""), ""
        if option is StuntOption.AFFLICT:
            return "", "hindered"
        return "", ""

    def _stunt_check(self, fight: Seed002Fight, step: StuntCheck) -> None:
        """The opposed check of the stunt's damage against the defender's resistance [46], with its raises."""
        me, foe = fight.creature(step.creature), fight.creature(step.target)
        spec = self._checks.pop(step.action, None)
        if spec is None or me.out or foe.out:
            return
        boosts = maybe_part(fight, Boosts)
        raises = boosts.raises.pop(step.action, 0) if boosts is not None else 0
        bonus, opponent = self._bonuses(fight, me, foe, step.attack)
        mine = fight.engine.dice.roll(1, checks.DIE, bonus, f"stunt ({me.name}'s {spec.option.value})")
        theirs = fight.engine.dice.roll(1, checks.DIE, opponent, f"stunt ({foe.name} resisting)")
        outcome = opposed_raised(mine.total, bonus, theirs.total, opponent, raises)
        if not outcome.success:
            fight.emit(StuntLost(me.id, foe.id, spec.option.value))
            if not step.back and best_close(foe.template) is not None:
                self._next[step.action] = [Offer(fight.engine.new_action(), foe.id, STUNT_BACK, me.id, step.action)]
            return
        fight.emit(StuntWon(me.id, foe.id, spec.option.value, outcome.degrees))
        attack = me.template.attack(step.attack)
        damage = attack.damage if attack is not None else 0
        match spec.option:
            case StuntOption.PUSH | StuntOption.PULL:
                cells = landings(fight.state, foe, me.cell, spec.option, outcome.degrees)
                if len(cells) == 1:
                    self._force(fight, foe, cells[0], spec.option)
                elif cells:
                    n = fight.engine.new_action()
                    ordered = tuple(sorted(cells, key=fight.offset))
                    self._landings[n] = (me.id, foe.id, ordered)
                    self._next[step.action] = [Offer(n, me.id, LANDING, foe.id, step.action, spec.option.value)]
            case StuntOption.GRAB:
                held = self.grabs.get(foe.id)
                level = held[1].tightened() if held is not None and held[0] == me.id else GrabLevel.HELD
                self.grabs[foe.id] = (me.id, level)
                fight.emit(GrabTightened(me.id, foe.id, level.word))
                self._refresh(fight, foe, me)
            case StuntOption.DISARM:
                weapon = foe.template.attack(spec.weapon)
                if weapon is not None and foe.id not in self.dropped:
                    foe.template = replace(foe.template, attacks=tuple(a for a in foe.template.attacks
                                                                        if a.id != weapon.id))
                    self.dropped[foe.id] = (weapon, foe.cell)
                    fight.emit(WeaponDropped(foe.id, weapon.name))
            case StuntOption.AFFLICT:
                name, kind = spec.affliction, resistance(foe.template)[0]
                if all(a.name != name for a in self.afflictions.get(foe.id, ())):
                    self.afflictions.setdefault(foe.id, []).append(Affliction(name, me.id, kind, affliction_dc(damage)))
                    fight.emit(Afflicted(foe.id, name, me.id))
                    self._refresh(fight, foe)

    def _force(self, fight: Seed002Fight, moved: Creature, to: Cell, option: StuntOption) -> None:
        """A push or pull moves ``moved`` to ``to``, provoking nothing [50, 51]."""
        was, moved.cell = moved.cell, to
        fight.emit(ForcedMoved(moved.id, was, to, option.value))
        self.check_grabs(fight)

    def _escape_check(self, fight: Seed002Fight, step: EscapeCheck) -> None:
        """Escape [80]: the better of Might and Acrobatics against the grabber's better of Might and
        Dexterity; on a success the grab ends and the creature may move at speed -1 rank, not provoking its
        grabber."""
        me, grabber = fight.creature(step.creature), fight.creature(step.grabber)
        to = self._escape_to.pop(me.id, None)
        grab = self.grabs.get(me.id)
        if grab is None or grab[0] != grabber.id:
            return
        boosts = maybe_part(fight, Boosts)
        hunch = boosts.hunches.pop(step.action, 0) if boosts is not None else 0
        outcome = checks.opposed(fight.engine.dice, escape_bonus(me.template) - me.track.disadvantage,
                                 hold_bonus(grabber.template) - grabber.track.disadvantage, f"escape ({me.name})",
                                 advantage=hunch)
        fight.emit(EscapeTried(me.id, grabber.id, outcome.success))
        if not outcome.success:
            return
        self.end_grab(fight, me, "escaped")
        if to is None:
            return
        try:
            path = fight.route(me, to, None, "move", self.escape_budget(fight, me))
        except Impossible:
            return
        n = fight.engine.new_action()
        fight.exempt_from_provoking(n, grabber.id)  # no OA from the grabber for leaving [80]
        self._next[step.action] = list(fight.walk_steps(n, me, path, "move"))

    def _resistance_checks(self, fight: Seed002Fight, creature: Creature) -> None:
        """At the end of its turn the afflicted creature checks against each affliction [37]."""
        for affliction in list(self.afflictions.get(creature.id, ())):
            self.resist(fight, creature, affliction.name)

    def resist(self, fight: Seed002Fight, creature: Creature, name: str) -> None:
        """One resistance check against the affliction ``name``; a success ends it."""
        found = [a for a in self.afflictions.get(creature.id, ()) if a.name == name and a.source != GM_OWNER]
        if not found or creature.out:  # the game master's affliction lasts until removed (seed002.editing)
            return
        affliction = found[0]
        rank = creature.template.fortitude if affliction.resistance == "Fortitude" else creature.template.reflex
        outcome = checks.roll(fight.engine.dice, rank - creature.track.disadvantage, affliction.dc,
                              f"{affliction.resistance} against {name} ({creature.name})")
        if outcome.success:
            self.afflictions[creature.id].remove(affliction)
            fight.emit(AfflictionEnded(creature.id, name))
            self._refresh(fight, creature)

    # -- the AI ---------------------------------------------------------------------------------------------

    def ai_answer(self, fight: Seed002Fight, decision: Decision) -> str | None:
        """A stunt back is always tried; a landing: the first square offered."""
        if decision.kind == STUNT_BACK:
            return "stunt"
        return None

    def ai_command(self, fight: Seed002Fight, actor: Creature, stage: str) -> Any | None:
        """Held: escape first. Else, with its standard action left, the stunt its attack names on an enemy in
        reach: a grab until the grab is Bound, a push or pull and an afflict on an unhurt enemy, a disarm of an
        armed one."""
        if stage != "start":
            return None
        if actor.id in self.grabs and actor.economy.payer(ActionType.MOVE) is not None:
            escape = EscapeCommand(actor.id)
            if not fight.why_illegal(escape):
                return escape
        if actor.economy.standard < 1:
            return None
        for attack in sorted(actor.template.attacks, key=lambda a: (-a.damage, a.id)):
            for foe in sorted(fight.state.enemies(actor), key=lambda e: e.id):
                option = ai_option(attack, foe.template)
                if option is None or fight.in_reach(actor, attack, foe):
                    continue
                grab = self.grabs.get(foe.id)
                if option is StuntOption.GRAB and grab is not None and grab[1] is GrabLevel.BOUND:
                    continue
                if option in (StuntOption.PUSH, StuntOption.PULL, StuntOption.AFFLICT) and foe.track.damage:
                    continue
                weapon = next((w.id for w in foe.template.attacks if w.armed), "")
                command = StuntCommand(actor.id, foe.id, attack.id, option.value,
                                       weapon=weapon if option is StuntOption.DISARM else "",
                                       affliction="hindered" if option is StuntOption.AFFLICT else "")
                if not fight.why_illegal(command):
                    return command
        return None


def _key(offset: tuple[int, int]) -> str:
    return f"{offset[0]},{offset[1]}"
