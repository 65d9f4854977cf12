"""Seed 002's Ready [40-42] (numbers in brackets are seed 002's lines): what a readied action is, the
triggers a table can test, and when a readied action fires, lapses or bars other reactions.

"You can ready a single standard action, which can be exchanged for a move or quick action, as usual. To do
so, specify the action you will take and the trigger after which you will take it. Then, any time before your
next turn, you may take the readied action as a Reaction to that trigger. However, until you take your
readied action, you cannot take any other Reactions [...]" [41]; "If you come to your next turn and have not
yet performed your readied action, [...] you just lose that action" [42].

Our readings:

* the action readied is an attack (a standard action; the attack the command names) or a move to a named
  square (the standard exchanged for a move, [41] "as usual"); readying spends the turn's standard action;
* the document lets a player name any trigger; a table tests only what a board can tell, so the player picks
  from :data:`TRIGGERS` (``in_reach``: an enemy comes within the readied attack's reach, a readied move's
  reach being the squares next to the readier; ``moves_near``: an enemy moves to within ``within`` squares;
  ``attacks``: an enemy attacks anyone; ``ally_attacked``: an enemy attacks one of the readier's allies),
  optionally only for the one enemy ``watch`` names;
* each time the trigger fires the readier's player decides (a decision of kind :data:`READIED`, with
  standing orders; the AI for its sides): take it now, or keep waiting. Taking it is the readier's reaction
  of that turn; a readied attack needs its target in reach then, a readied move its square still reachable;
* "until you take your readied action, you cannot take any other Reactions" [41]: :func:`barred` — no
  opportunity attack, Surge, Smash, Slam, Raise or Hunch while it waits;
* not taken, it lapses when the readier's next turn starts [42] (:class:`ReadiedActionLapsed`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Callable, Protocol, Sequence, TypeVar

from game.grid import Cell
from game.kernel.clock import StartTurn
from game.kernel.decisions import PASS, Decision, Option, Question
from game.kernel.engine import Impossible
from game.mechanics.tactics.pieces import PieceId
from game.rulesets.seed002.catalog import ActionType
from game.rulesets.seed002.commands import EnterCell, LeaveCell, Offer, Ready, RollAttack
from game.rulesets.seed002.orders import Plan
from game.rulesets.seed002.sheets import AttackKind

if TYPE_CHECKING:
    from game.kernel.engine import Engine
    from game.rulesets.seed002.attacks import AttackMods
    from game.rulesets.seed002.checks import Outcome
    from game.rulesets.seed002.clock import InitiativeClock
    from game.rulesets.seed002.commands import Command, Step
    from game.rulesets.seed002.sheets import Attack
    from game.rulesets.seed002.state import Creature, FightState

P = TypeVar("P", bound="Part")


class Seed002Fight(Protocol):
    """What the parts read and use of seed 002's fight (``game.rulesets.seed002.fight.Seed002Fight``, which
    imports them: they name it by this protocol so that no import goes back to it)."""

    state: FightState
    engine: Engine[Step, Command]
    clock: InitiativeClock
    phase: str
    turns: int
    extensions: list[Any]
    outcomes: dict[int, Outcome]

    def creature(self, pid: str) -> Creature: ...

    def emit(self, event: object) -> None: ...

    def name(self, pid: str) -> str: ...

    def offset(self, cell: Cell) -> tuple[int, int]: ...

    def actor_of(self, command: Command) -> Creature: ...

    def can_pay(self, actor: Creature, kind: ActionType, area: bool = False) -> None: ...

    def route(self, actor: Creature, to: Cell, path: Sequence[Cell] | None, mode: str, budget: int,
              fits: Callable[[tuple[Cell, ...]], str] | None = None) -> tuple[Cell, ...]: ...

    def budget_of(self, actor: Creature, mode: str) -> int: ...

    def in_reach(self, actor: Creature, attack: Attack, target: Creature, at: Cell | None = None) -> str: ...

    def target_of(self, actor: Creature, target_id: str) -> Creature: ...

    def walk_steps(self, n: int, actor: Creature, path: Sequence[Cell], mode: str) -> list[Step]: ...

    def exempt_from_provoking(self, action: int, reactor: str) -> None: ...

    def run_steps(self, actor: Creature, label: str, provokers: tuple[str, ...], *steps: Step) -> None: ...

    def mods_of(self, action: int) -> AttackMods: ...

    def modifier(self, what: str, creature: Creature) -> int: ...

    def went_down(self, creature: Creature) -> None: ...

    def why_illegal(self, command: Command) -> str: ...

READIED = "reaction:readied"
"""The kind of decision a readied action's trigger opens (standing orders are set per kind)."""

IN_REACH = "in_reach"
MOVES_NEAR = "moves_near"
ATTACKS = "attacks"
ALLY_ATTACKED = "ally_attacked"
TRIGGERS: dict[str, str] = {
    IN_REACH: "an enemy comes within its reach",
    MOVES_NEAR: "an enemy moves within {within} squares",
    ATTACKS: "an enemy attacks",
    ALLY_ATTACKED: "an ally is attacked",
}
"""The triggers a player may name, with their words for the log."""

DEFAULT_WITHIN = 2
"""``moves_near``'s distance when the command names none."""
MAX_WITHIN = 12
"""The farthest ``moves_near`` may watch (squares)."""

ENTERED = "entered"
"""A :class:`Happening`: a creature entered a square."""
ATTACKING = "attacking"
"""A :class:`Happening`: a creature starts an attack (before its attack check)."""


@dataclass(frozen=True, slots=True)
class Readied:
    """An action a creature has readied [41]."""

    attack: str
    """The attack readied (its id), or "" for a readied move."""
    to: Cell | None
    """A readied move's square (None for an attack)."""
    trigger: str
    """A key of :data:`TRIGGERS`."""
    within: int
    """``moves_near``: how near the enemy must come (squares)."""
    watch: str
    """Only this enemy sets it off ("" for any)."""
    kind: str
    """The action it stands for: "standard" (an attack) or "move" (the standard exchanged [41])."""

    @property
    def is_move(self) -> bool:
        return self.to is not None


def trigger_words(trigger: str, within: int = DEFAULT_WITHIN, watched: str = "") -> str:
    """The trigger in words for the log ("an enemy moves within 2 squares"; with ``watched``, that
    creature's name in place of "an enemy")."""
    words = TRIGGERS[trigger].format(within=within)
    return words.replace("an enemy", watched) if watched else words


def ready_problem(trigger: str, within: int, *, attack: str, to: Cell | None, has_attack: bool) -> str:
    """Why a Ready with these parts cannot be made ("" when it can): a known trigger, a sensible distance,
    exactly one of an attack the creature has and a square."""
    if trigger not in TRIGGERS:
        return f"there is no trigger {trigger!r}; triggers: {', '.join(TRIGGERS)}"
    if trigger == MOVES_NEAR and not 1 <= within <= MAX_WITHIN:
        return f"'within' is 1 to {MAX_WITHIN} squares, not {within}"
    if to is not None and attack:
        return "a readied action is an attack or a move to a square, not both"
    if to is None and not attack:
        return "a readied action names an attack or a square to move to"
    if to is None and not has_attack:
        return f"there is no attack {attack!r} to ready"
    return ""


def make(trigger: str, *, attack: str = "", to: Cell | None = None, within: int = DEFAULT_WITHIN,
         watch: str = "") -> Readied:
    """The readied action of a valid Ready (see :func:`ready_problem`)."""
    return Readied(attack, to, trigger, within, watch, "move" if to is not None else "standard")


@dataclass(frozen=True, slots=True)
class Happening:
    """Something on the board a readied action may answer, as the fight tells it."""

    what: str
    """:data:`ENTERED` (``actor`` entered a square; ``distance`` is from there, ``was`` from where it came)
    or :data:`ATTACKING` (``actor`` starts an attack on ``target``)."""
    actor: str
    actor_side: str
    distance: int = 0
    """Squares between the actor and the readier now."""
    was: int = 0
    """Squares between them before the step (``entered``)."""
    target: str = ""
    target_side: str = ""


def fires(readied: Readied, readier: str, side: str, reach: int, happening: Happening) -> bool:
    """Whether ``happening`` is ``readied``'s trigger, for a readier ``readier`` of ``side`` whose readied
    attack reaches ``reach`` squares (a readied move: 1). Only enemies set a readied action off, and with
    ``watch`` only that one."""
    h = happening
    if h.actor_side == side or h.actor == readier or (readied.watch and h.actor != readied.watch):
        return False
    match readied.trigger:
        case "in_reach":
            return h.what == ENTERED and h.distance <= reach < h.was
        case "moves_near":
            return h.what == ENTERED and h.distance <= readied.within
        case "attacks":
            return h.what == ATTACKING
        case "ally_attacked":
            return h.what == ATTACKING and h.target_side == side and h.target != readier
    return False


def barred(readied: Readied | None) -> bool:
    """"until you take your readied action, you cannot take any other Reactions" [41]: whether a creature
    with ``readied`` waiting may take no reaction but it."""
    return readied is not None


# -- events ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ActionReadied:
    """``creature`` readies ``what`` (an attack's name, or "a move to (c, r)") for ``trigger`` (in words)."""

    creature: str
    what: str
    kind: str
    trigger: str


@dataclass(frozen=True, slots=True)
class ReadiedActionTaken:
    """The readied action goes off, as ``target`` (the creature that set it off) acts."""

    creature: str
    target: str
    what: str


@dataclass(frozen=True, slots=True)
class ReadiedActionLapsed:
    """"If you come to your next turn and have not yet performed your readied action [...] you just lose that
    action" [42]."""

    creature: str
    what: str


def describe(event: object, n: Callable[[str], str]) -> str | None:
    """The log line of one of this module's events (``n``: a creature id's name), or None."""
    match event:
        case ActionReadied():
            return f"{n(event.creature)} readies {event.what} (a {event.kind} action) for when {event.trigger}"
        case ReadiedActionTaken():
            return f"{n(event.creature)} takes its readied {event.what} as {n(event.target)} acts"
        case ReadiedActionLapsed():
            return f"{n(event.creature)}'s readied {event.what} lapses: its turn has come"
    return None


# -- in the fight: the parts s002react adds through the fight's extensions ------------------------------------


class Part:
    """A part of the fight added through :attr:`game.rulesets.seed002.fight.Seed002Fight.extensions`: asked
    at every step's break points, questions and resolution first, and for its own commands, their candidates,
    modifiers, the AI's answers and commands. Each method's default does nothing."""

    def before(self, fight: Seed002Fight, step: Any) -> list[Any]:
        return []

    def question(self, fight: Seed002Fight, step: Any) -> Sequence[Question]:
        return []

    def resolve(self, fight: Seed002Fight, step: Any, answers: Sequence[Option]) -> bool:
        return False

    def after(self, fight: Seed002Fight, step: Any) -> list[Any]:
        return []

    def plan(self, fight: Seed002Fight, command: Any) -> Plan | None:
        return None

    def candidates(self, fight: Seed002Fight, actor: Creature) -> list[Any]:
        return []

    def modifier(self, fight: Seed002Fight, what: str, creature: Creature) -> int:
        return 0

    def speed(self, fight: Seed002Fight, creature: Creature) -> int:
        """Ranks it adds to ``creature``'s speed rank (kept in ``Creature.speed_bonus`` by :func:`refresh`)."""
        return 0

    def ranks(self, fight: Seed002Fight, attacker: Creature, target: Creature, advantage: int,
              disadvantage: int) -> tuple[int, int]:
        return advantage, disadvantage

    def ai_answer(self, fight: Seed002Fight, decision: Decision) -> str | None:
        return None

    def ai_command(self, fight: Seed002Fight, actor: Creature, stage: str) -> Any | None:
        """The AI's command of this part for ``actor`` (None: none): ``stage`` is "start" (before its usual
        choice) or "end" (instead of ending its turn)."""
        return None


def refresh(fight: Seed002Fight, creature: Creature) -> None:
    """Set ``creature``'s speed change from every part (a boost, hindered), which the shared tactics read."""
    creature.speed_bonus = sum(x.speed(fight, creature) for x in fight.extensions if isinstance(x, Part))


def part(fight: Seed002Fight, kind: type[P]) -> P:
    """The fight's part of class ``kind``."""
    found = maybe_part(fight, kind)
    if found is None:
        raise LookupError(kind.__name__)
    return found


def maybe_part(fight: Seed002Fight, kind: type[P]) -> P | None:
    """The fight's part of class ``kind``, None when the fight has left it out."""
    return next((x for x in fight.extensions if isinstance(x, kind)), None)


class Readying(Part):
    """Ready in the fight: the command, the triggers at their break points, the decision, the lapse."""

    def __init__(self) -> None:
        self.readied: dict[str, Readied] = {}
        self._from: dict[tuple[int, str], Cell] = {}
        """(move action, mover) -> the square its step leaves: how far it was before entering."""
        self._seen: set[tuple[int, str]] = set()
        """(move action, readier) already offered for ``moves_near`` (once a move)."""
        self._taking: dict[int, list[Any]] = {}

    # -- the command ----------------------------------------------------------------------------------------

    def plan(self, fight: Seed002Fight, command: Any) -> Plan | None:
        if not isinstance(command, Ready):
            return None
        actor = fight.actor_of(command)
        fight.can_pay(actor, ActionType.STANDARD)
        attack = actor.template.attack(command.attack) if command.attack else None
        why = ready_problem(command.trigger, command.within, attack=command.attack, to=command.to,
                            has_attack=attack is not None)
        if why:
            raise Impossible(why)
        watched = ""
        if command.watch:
            foe = fight.state.creatures.get(PieceId(command.watch))
            if foe is None or foe.out or foe.side == actor.side:
                raise Impossible(f"{command.watch!r} is not an enemy standing")
            watched = foe.name
        if command.to is not None:
            fight.route(actor, command.to, None, "move", fight.budget_of(actor, "move"))
            what = f"a move to {fight.offset(command.to)}"
        else:
            assert attack is not None
            what = attack.name
        readied = make(command.trigger, attack=command.attack, to=command.to, within=command.within,
                       watch=command.watch)
        words = trigger_words(command.trigger, command.within, watched)

        def go() -> None:
            self.readied[actor.id] = readied
            actor.economy = actor.economy.ready()
            fight.emit(ActionReadied(actor.id, what, readied.kind, words))

        return Plan(ActionType.STANDARD, "ready", (), go)

    def candidates(self, fight: Seed002Fight, actor: Creature) -> list[Any]:
        return [Ready(actor.id, a.id, trigger) for a in actor.template.attacks for trigger in (IN_REACH, ATTACKS)]

    def what(self, fight: Seed002Fight, creature: Creature) -> str:
        r = self.readied.get(creature.id)
        if r is None:
            return ""
        if r.to is not None:
            return f"move to {fight.offset(r.to)}"
        attack = creature.template.attack(r.attack)
        return attack.name if attack is not None else r.attack

    # -- the triggers ---------------------------------------------------------------------------------------

    def _reach(self, fight: Seed002Fight, ready: Creature, r: Readied) -> int:
        if r.to is not None:
            return 1
        attack = ready.template.attack(r.attack)
        if attack is None:
            return 0
        return attack.reach if attack.kind is AttackKind.CLOSE else attack.range

    def can_answer(self, fight: Seed002Fight, ready: Creature, target: Creature) -> bool:
        """Whether ``ready``'s readied action may go off now against ``target``: its attack reaches it, or its
        move's square is still reachable; its reaction is free; it is not its own turn."""
        r = self.readied.get(ready.id)
        if r is None or ready.out or target.out or fight.clock.holder() == ready.id:
            return False
        if ready.economy.why_no_reaction(readied=True) is not None:
            return False
        if r.to is not None:
            try:
                fight.route(ready, r.to, None, "move", fight.budget_of(ready, "move"))
            except Impossible:
                return False
            return True
        attack = ready.template.attack(r.attack)
        return attack is not None and not fight.in_reach(ready, attack, target)

    def _offers(self, fight: Seed002Fight, happening: Happening, actor: Creature, move: int = 0,
                was: Cell | None = None) -> list[Any]:
        """Offers to each readier whose trigger ``happening`` is (``was``: where an entering mover came from)."""
        out: list[Any] = []
        for rid, r in list(self.readied.items()):
            ready = fight.creature(rid)
            if happening.what == ENTERED:
                happening = replace(happening, distance=fight.state.gap(actor, ready),
                                    was=fight.state.gap(actor, ready, was) if was is not None else MAX_WITHIN + 99)
            if not fires(r, rid, ready.side, self._reach(fight, ready, r), happening):
                continue
            if r.trigger == MOVES_NEAR:
                if (move, rid) in self._seen:
                    continue
                self._seen.add((move, rid))
            if self.can_answer(fight, ready, actor):
                out.append(Offer(fight.engine.new_action(), rid, READIED, actor.id))
        return out

    def before(self, fight: Seed002Fight, step: Any) -> list[Any]:
        if isinstance(step, LeaveCell):
            self._from[(step.action, step.creature)] = step.cell
        elif isinstance(step, RollAttack) and self.readied:
            actor, target = fight.creature(step.creature), fight.creature(step.target)
            return self._offers(fight, Happening(ATTACKING, actor.id, actor.side, target=target.id,
                                                 target_side=target.side), actor)
        return []

    def after(self, fight: Seed002Fight, step: Any) -> list[Any]:
        if isinstance(step, EnterCell):
            was = self._from.pop((step.action, step.creature), None)
            if not self.readied:
                return []
            mover = fight.creature(step.creature)
            return self._offers(fight, Happening(ENTERED, mover.id, mover.side), mover, step.action, was)
        if isinstance(step, Offer) and step.kind == READIED:
            return self._taking.pop(step.action, [])
        return []

    # -- the decision ---------------------------------------------------------------------------------------

    def question(self, fight: Seed002Fight, step: Any) -> Sequence[Question]:
        if not (isinstance(step, Offer) and step.kind == READIED):
            return []
        ready, target = fight.creature(step.creature), fight.creature(step.target)
        if not self.can_answer(fight, ready, target):
            return []
        what = self.what(fight, ready)
        take = what if self.readied[ready.id].to is not None else f"{what} on {target.name}"
        return [Question(ready.side, ready.id, READIED,
                         f"{ready.name}: take the readied {what} now, as {target.name} acts?",
                         (Option("take", take), Option(PASS, "keep waiting")))]

    def resolve(self, fight: Seed002Fight, step: Any, answers: Sequence[Option]) -> bool:
        if isinstance(step, StartTurn):
            self._lapse(fight, fight.creature(step.creature))
            return False
        if not (isinstance(step, Offer) and step.kind == READIED):
            return False
        ready, target = fight.creature(step.creature), fight.creature(step.target)
        if not answers or answers[0].key != "take" or not self.can_answer(fight, ready, target):
            return True
        what = self.what(fight, ready)
        r = self.readied.pop(ready.id)
        ready.economy = ready.economy.react(readied=True)
        fight.emit(ReadiedActionTaken(ready.id, target.id, what if r.to is None else "move"))
        n = fight.engine.new_action()
        if r.to is not None:
            path = fight.route(ready, r.to, None, "move", fight.budget_of(ready, "move"))
            self._taking[step.action] = list(fight.walk_steps(n, ready, path, "move"))
        else:
            self._taking[step.action] = [RollAttack(n, ready.id, target.id, r.attack, "readied")]
        return True

    def _lapse(self, fight: Seed002Fight, creature: Creature) -> None:
        """"If you come to your next turn and have not yet performed your readied action [...] you just lose
        that action" [42]."""
        if creature.id in self.readied:
            what = self.what(fight, creature)
            del self.readied[creature.id]
            fight.emit(ReadiedActionLapsed(creature.id, what))

    # -- the AI ---------------------------------------------------------------------------------------------

    def ai_answer(self, fight: Seed002Fight, decision: Decision) -> str | None:
        """The AI takes its readied action whenever it fires."""
        if decision.kind == READIED:
            return "take"
        return None

    def ai_command(self, fight: Seed002Fight, actor: Creature, stage: str) -> Any | None:
        """Instead of ending its turn with its standard action unspent and no enemy in reach, a creature with
        a close attack readies it for an enemy coming within its reach."""
        if stage != "end" or actor.id in self.readied or actor.economy.standard < 1:
            return None
        close = [a for a in actor.template.close_attacks() if a.armed]
        if not close or any(fight.state.gap(actor, e) <= max(a.reach for a in close)
                            for e in fight.state.enemies(actor)):
            return None
        best = max(close, key=lambda a: (a.bonus + a.damage, a.id))
        command = Ready(actor.id, best.id, IN_REACH)
        return None if fight.why_illegal(command) else command
