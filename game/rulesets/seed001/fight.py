"""Seed 001's fight object: the kernel's ``Rules`` (steps, break points, decisions) and the table's ``Fight``
(numbers in brackets are seed 001's lines).

The clock is the second-counter (:mod:`game.rulesets.seed001.counter`): at second 12 of each round every
creature standing rolls its d12 second (logged) and the counter counts down to 1; at its second a creature takes
its turn: one action [3] and free movement within its movement for the round [32], until it ends the turn.
Entries scheduled on the counter (a stand-up by reaction [34]) come due at their second, before anyone acting at
it, and wrap around the corner into the next round. The round ends at the corner; at second 12 of the next every
creature has its action and its reaction again.

A turn's boundaries are the kernel's steps: ``AdvanceClock`` (the counter moves on to what is due next),
``StartTurn``, the creature's commands, ``EndTurn``; each is scheduled once the stack is empty
(``action_complete``). A move is ``EnterHex`` steps, one a hex; an attack is ``RollAttack`` then, on a success,
``DealDamage``.

Hooks for the reactions (s001react), all through :attr:`Seed001Fight.extensions`, each :class:`Extension` asked
at every step before the fight's own handling:

* ``EnterHex``'s ``before``: the mover passes through a hex (attack of opportunity [11]); ``step.provokes`` is
  False for a withdrawal and a monster's special move [15]; :meth:`Seed001Fight.stationary` is the record of who
  has stood still since its last movement option [12];
* ``RollAttack``'s ``before``: before the attack roll; ``step.rush`` is the rush of a move-and-attack (where it
  began, from how far, how far it closed [21, 23]); an attacker put down there loses the attack (its steps
  fizzle);
* ``DealDamage``'s ``before``: just before Body damage [6]; the blow is ``fight.blows[step.action]``, whose pool
  a dodge may change (:meth:`Seed001Fight.change_blow`);
* ``ThrowRider``: "rider thrown" [17] (:meth:`Seed001Fight.throw_rider` pushes it): its question and
  resolution are the dismount reaction's;
* :meth:`Seed001Fight.schedule`: put something on the counter (stand-up's d4 [34]); it comes due as a ``Due``
  step;
* ``NewRound``: a round has begun, everyone's action and reaction are back ("at the start of the round" [32]).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Mapping, Protocol, Sequence

from game.board import Board
from game.grid import Cell
from game.kernel.clock import AdvanceClock, EndTurn, StartTurn
from game.kernel.decisions import Answer, Decision, Option, Question
from game.kernel.engine import Engine, Impossible
from game.kernel.events import Event, to_json
from game.mechanics import tactics
from game.mechanics.tactics.pieces import PieceId
from game.rulesets import edits
from game.rulesets.package import EditView, Entry
from game.rulesets.seed001 import events as ev
from game.rulesets.seed001 import editing, pools
from game.rulesets.seed001.commands import (Act, Attack, Command, DealDamage, Dismount, Due, EndTurnCommand, EnterHex,
                                            Move, NewRound, RollAttack, Rush, Stand, Step, ThrowRider)
from game.rulesets.seed001.counter import Counter, Kind, Moment, Use, roll_seconds
from game.rulesets.seed001.counter import Entry as CounterEntry
from game.rulesets.seed001.sheets import HEX_FEET, Delivery, MoveStyle, Sheet, Unhorsing
from game.rulesets.seed001.state import Creature, FightState

MAX_PATH = 200
"""Most hexes one move's path may name."""
ATTACK_KINDS = ("melee", "missile", "savage", "move")
"""The kinds of attack an action makes (a reaction's attacks have kinds of their own)."""


class Extension(Protocol):
    """A part of the fight another module adds (reactions): asked first at every step. ``resolve`` returns True
    when it has resolved the step itself (the fight then leaves it alone)."""

    def before(self, fight: Seed001Fight, step: Any) -> list[Any]: ...

    def question(self, fight: Seed001Fight, step: Any) -> Sequence[Question]: ...

    def resolve(self, fight: Seed001Fight, step: Any, answers: Sequence[Option]) -> bool: ...

    def after(self, fight: Seed001Fight, step: Any) -> list[Any]: ...

    def ai_answer(self, fight: Seed001Fight, decision: Decision) -> str | None:
        """The AI's answer to a decision of its own kinds (None: not one of them)."""
        ...

    def describe(self, event: Event, name: Any) -> str | None:
        """Its own events' log lines (None: not one of them)."""
        ...


@dataclass(frozen=True, slots=True)
class Weaponry:
    """What an attack is made with, whatever its source: a weapon, a savage attack or a monster's move."""

    id: str
    name: str
    pool: int
    weight: int
    delivery: Delivery
    reach: int
    """Hexes it strikes at (a missile's range, a move's range)."""
    kind: str
    provokes: bool = True
    """Whether the move before it may provoke (a monster's special move does not [15])."""
    heavy: bool = False


@dataclass(frozen=True, slots=True)
class Blow:
    """A hit on its way to Body damage: the pool (which a reaction may change) and what the damage adds."""

    attacker: str
    target: str
    weapon: str
    pool: pools.Pool
    weight: int
    strength: int
    delivery: Delivery
    heavy: bool
    opportunity: bool = False

    @property
    def damage(self) -> int:
        rule = pools.opportunity_damage if self.opportunity else pools.attack_damage
        return rule(self.pool.successes, self.weight, self.strength)


def weaponry(sheet: Sheet, wid: str) -> Weaponry | None:
    """``wid`` of ``sheet`` as an attack (a weapon or a move), None if it has none of that id."""
    w = sheet.weapon(wid)
    if w is not None:
        kind = "savage" if w.savage else ("melee" if w.melee else "missile")
        return Weaponry(w.id, w.name, sheet.pool, w.weight, w.delivery, w.reach if w.melee else w.range, kind,
                        heavy=w.heavy)
    m = sheet.move(wid)
    if m is not None:
        return Weaponry(m.id, m.name, m.pool, m.weight, Delivery.MELEE, m.range, "move",
                        provokes=m.provokes or m.style is MoveStyle.PLAIN)
    return None


def attacks_of(sheet: Sheet) -> list[Weaponry]:
    out = [weaponry(sheet, w.id) for w in sheet.weapons] + [weaponry(sheet, m.id) for m in sheet.moves]
    return [w for w in out if w is not None]


class Seed001Fight:
    def __init__(self, board: Board, entries: Sequence[Entry], *, seed: int = 1, map_name: str = "",
                 options: Mapping[str, object] | None = None,
                 riders: Sequence[tuple[str, str]] = ()) -> None:
        self.options = dict(options or {})
        creatures: dict[PieceId, Creature] = {}
        for e in entries:
            sheet: Sheet = e.sheet  # type: ignore[assignment]
            creatures[PieceId(e.id)] = Creature(PieceId(e.id), e.name, e.side, sheet, e.cell,
                                                pools.Vitals.fresh(sheet.body, sheet.endurance),
                                                feet_left=sheet.movement_feet)
        self.state = FightState(board, creatures)
        self.riders = tuple(riders)
        """(rider, mount) pairs the file set up."""
        self.engine: Engine[Step, Command] = Engine(seed)
        self.engine.attach(self)
        self.seed = seed
        self.map_name = map_name
        self.counter = Counter()
        self.phase = "setup"
        """setup, advance, start, acting, end, over (and advancing / starting / ending while a step runs)."""
        self.holder: PieceId | None = None
        self.second = 0
        """The second the holder's turn came at."""
        self.turns = 0
        self.queue: list[CounterEntry] = []
        """Counter entries taken due and not yet resolved, in order."""
        self.blows: dict[int, Blow] = {}
        """Hits on their way to Body damage, by action number (the ``DealDamage`` step's)."""
        self.ai_memo: dict[tuple[int, int, int, int], Fraction] = {}
        """What the AI works out once a fight: expected damage by (pool, Guard, Weight, Strength)."""
        self.thrown: set[str] = set()
        """Riders thrown since the last command began: what is left of their action is lost (a rush thrown short
        strikes nothing)."""
        self.seated = False
        """Whether the first round's seconds have been rolled."""
        self.round_began = False
        """A round began at the last ``AdvanceClock``: a ``NewRound`` step follows it."""
        self.extensions: list[Extension] = []
        self.winner = ""
        self.library: Mapping[str, object] = {}

    # -- the table's Fight --------------------------------------------------------------------------------

    @property
    def log(self) -> list[Event]:
        return self.engine.log

    def start(self) -> list[Event]:
        self.emit(ev.FightStarted(self.seed, self.map_name,
                                  tuple(sorted((k, str(v)) for k, v in self.options.items()))))
        for rider, mount in self.riders:
            self.mount(self.creature(rider), self.creature(mount))
        self.phase = "advance"
        self.engine.drain()
        self._check_over()
        return self.engine.take()

    def apply(self, command: Command | Answer) -> list[Event]:
        if edits.is_table_command(command):
            return editing.carry_out(self, command)
        if self.phase == "over":
            raise Impossible("the fight is over")
        return self.engine.apply(command)

    # -- the game master's edits (game.rulesets.package.Editing; game.rulesets.seed001.editing) ----------

    def edit_view(self, pid: str) -> EditView | None:
        return editing.edit_view(self, pid)

    def edit_conditions(self) -> tuple[str, ...]:
        return editing.CONDITIONS

    def turn_order(self) -> tuple[str, ...]:
        return editing.turn_order(self)

    def addable(self) -> tuple[tuple[str, str], ...]:
        return editing.addable(self.library)

    def emit(self, event: Event) -> None:
        self.engine.emit(event)

    def creature(self, pid: str) -> Creature:
        c = self.state.everyone.get(PieceId(pid))
        if c is None:
            raise Impossible(f"no creature '{pid}' in this fight")
        return c

    def name(self, pid: str) -> str:
        c = self.state.everyone.get(PieceId(pid))
        return c.name if c is not None else pid

    def offset(self, cell: Cell) -> tuple[int, int]:
        col, row = self.state.board.grid.cell_to_offset(cell)
        return col, row

    def describe(self, event: Event) -> str:
        for x in self.extensions:
            line = x.describe(event, self.name)
            if line is not None:
                return line
        return ev.describe(event, self.name, self.offset)

    def event_json(self, event: Event) -> dict[str, Any]:
        return to_json(event, self.offset)

    @property
    def pending(self) -> tuple[Decision, ...]:
        return self.engine.pending

    def ai_answer(self, decision: Decision) -> str:
        keys = [o.key for o in decision.options]
        for x in self.extensions:
            got = x.ai_answer(self, decision)
            if got is not None and got in keys:
                return got
        return decision.plain_choice

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def acting(self) -> Creature | None:
        if self.phase != "acting" or self.holder is None:
            return None
        return self.creature(self.holder)

    def piece(self, pid: str) -> Creature | None:
        return self.state.everyone.get(PieceId(pid))

    def pieces(self) -> list[Creature]:
        return list(self.state.everyone.values())

    def occupant(self, cell: Cell) -> Creature | None:
        return self.state.occupant(cell)

    def space_of(self, pid: str) -> tuple[Cell, ...]:
        c = self.state.everyone.get(PieceId(pid))
        return () if c is None else (c.cell,)

    def next_up(self) -> Creature | None:
        for e in (*self.queue, *self.counter.entries):
            if e.kind is Kind.ACTS and not self.creature(e.who).out and e.who != self.holder:
                return self.creature(e.who)
        return None

    @property
    def turn_mark(self) -> tuple[int, int]:
        return self.counter.now.round, self.turns

    @property
    def round(self) -> int:
        return self.counter.now.round if self.phase != "setup" else 0

    # -- the kernel's Rules --------------------------------------------------------------------------------

    def perform(self, command: Command) -> None:
        self.carry_out(command)
        if self.phase != "acting":
            self.engine.drain()

    def settled(self) -> None:
        self._check_over()

    def precondition(self, step: Step) -> str:
        match step:
            case EnterHex():
                mover = self.creature(step.creature)
                if mover.out:
                    return f"{mover.name} is down"
                if mover.id in self.thrown:
                    return f"{mover.name} was thrown from its mount"
                if mover.prone:
                    return f"{mover.name} is prone"
                if self.state.mover(mover).cell != step.origin:
                    return f"{mover.name} is no longer at {self.offset(step.origin)}"
                if step.last and not self._free(step.cell, mover):
                    return f"{self.offset(step.cell)} is taken"
            case RollAttack() | DealDamage():
                if self.creature(step.creature).out:
                    return f"{self.name(step.creature)} is down"
                if self.creature(step.target).out:
                    return f"{self.name(step.target)} is already down"
                if isinstance(step, RollAttack) and step.kind in ATTACK_KINDS:
                    if step.creature in self.thrown:
                        return f"{self.name(step.creature)} was thrown from its mount"
                    return self._out_of_reach(step)
            case Act():
                if self.creature(step.creature).out:
                    return f"{self.name(step.creature)} is down"
        return ""

    def reaches(self, at: Cell, target: Creature, weapon: Weaponry) -> bool:
        """Whether ``weapon`` strikes ``target`` from ``at``: within its reach (melee) or range (a missile, a
        monster's move); a missile or a move that strikes from afar needs a line of effect (no wall strictly
        between, ours)."""
        d = self.state.distance(at, target.cell)
        if d > weapon.reach:
            return False
        if weapon.delivery is Delivery.MISSILE or (weapon.kind == "move" and d > 1):
            return bool(tactics.line_of_effect(self.state, at, target.cell))
        return True

    def _out_of_reach(self, step: RollAttack) -> str:
        """An action's attack whose target is no longer in reach when it comes to the roll (the attacker was
        thrown from its mount on the way, the target was moved): it is lost."""
        attacker, target = self.creature(step.creature), self.creature(step.target)
        weapon = weaponry(attacker.template, step.weapon)
        if weapon is not None and not self.reaches(attacker.cell, target, weapon):
            return f"{target.name} is out of reach of {weapon.name}"
        return ""

    def detail(self, step: Step) -> str | None:
        """None: break points are not logged (as seeds 002's and 003's); they still happen."""
        return None

    def before(self, step: Step) -> list[Step]:
        out: list[Step] = []
        for x in self.extensions:
            out += x.before(self, step)
        return out

    def question(self, step: Step) -> Sequence[Question]:
        for x in self.extensions:
            asked = x.question(self, step)
            if asked:
                return asked
        return []

    def resolve(self, step: Step, answers: Sequence[Option]) -> None:
        for x in self.extensions:
            if x.resolve(self, step, answers):
                return
        match step:
            case EnterHex():
                self._enter(step)
            case RollAttack():
                self._roll_attack(step)
            case DealDamage():
                self._deal_damage(step)
            case Act():
                self._act(step)
            case ThrowRider():
                self.land_thrown(step, reacted=False, landed=False)
            case Due():
                self.emit(ev.CameDue(step.creature, step.label))
            case AdvanceClock():
                self._advance()
            case StartTurn():
                self._start_turn(self.creature(step.creature))
            case EndTurn():
                self._end_turn(self.creature(step.creature))

    def after(self, step: Step) -> list[Step]:
        out: list[Step] = []
        for x in self.extensions:
            out += x.after(self, step)
        if isinstance(step, RollAttack) and step.action in self.blows:
            return [DealDamage(step.action, step.creature, step.target, step.weapon), *out]
        if isinstance(step, AdvanceClock) and self.round_began:
            self.round_began = False
            return [NewRound(self.engine.new_action(), "", self.counter.now.round), *out]
        return out

    def fizzled(self, step: Step, reason: str, dropped: list[Step]) -> None:
        self.engine.report_fizzle(step, reason, len(dropped))
        self.blows.pop(step.action, None)

    def action_complete(self) -> list[Step]:
        if self._check_over():
            return []
        holder = self.holder
        n = self.engine.new_action()
        if self.phase == "acting" and holder is not None and self.creature(holder).out:
            self.phase = "end"
        match self.phase:
            case "start" if holder is not None:
                self.phase = "starting"
                return [StartTurn(n, holder)]
            case "end" if holder is not None:
                self.phase = "ending"
                return [EndTurn(n, holder)]
            case "advance":
                self.phase = "advancing"
                return [AdvanceClock(n, holder or "")]
            case "due":
                self.phase = "advance"
                entry = self.queue.pop(0)
                return [Due(n, entry.who, entry.label)]
        return []

    # -- hooks for the reactions (s001react) -----------------------------------------------------------------

    def stationary(self, pid: str) -> bool:
        """Whether ``pid`` has been stationary since its last movement option [12] (carried by a mount that
        moved: not)."""
        c = self.creature(pid)
        return c.stationary and self.state.mover(c).stationary

    def schedule(self, who: str, label: str, delay: int) -> Moment:
        """Put ``label`` for ``who`` on the counter ``delay`` seconds from now, around the corner if the round
        ends first [34]; it comes due as a ``Due`` step (the extension that scheduled it resolves it)."""
        self.counter = self.counter.schedule(who, label, delay)
        at = self.counter.now.later(delay)
        self.emit(ev.Scheduled(who, label, at.round, at.second))
        return at

    def can_react(self, pid: str) -> bool:
        return self.counter.can(pid, Use.REACTION) and not self.creature(pid).out

    def spend_reaction(self, pid: str) -> None:
        self.counter = self.counter.spend(pid, Use.REACTION)

    def change_blow(self, action: int, pool: pools.Pool) -> None:
        """A reaction changed the pool of the blow about to deal damage (dodge, rebuff, deflect [6-8])."""
        self.blows[action] = replace(self.blows[action], pool=pool)

    def attack_steps(self, action: int, attacker: str, target: str, weapon: str, kind: str, *, dice: int = 0,
                     opportunity: bool = False) -> list[Step]:
        """The steps of an attack a reaction makes (an attack of opportunity [14], an impalement [24])."""
        return [RollAttack(action, attacker, target, weapon, kind, None, dice, opportunity)]

    def throw_rider(self, rider: str, cause: Unhorsing) -> list[Step]:
        """The "rider thrown" step for ``rider`` (its mount stopped short or was slain [17]): push or return it."""
        c = self.creature(rider)
        assert c.mount is not None
        return [ThrowRider(self.engine.new_action(), rider, c.mount, cause.value)]

    def land_thrown(self, step: ThrowRider, *, reacted: bool, landed: bool) -> None:
        """A thrown rider comes down [17]: off its mount onto the mount's hex if it fell (slain), else a free hex
        beside it; a 1d6 fall (none, half or all as :func:`pools.thrown_rider_fall` says) and prone unless it
        reacted. Its dismounting's movement penalty applies either way."""
        rider = self.creature(step.creature)
        mount = self.creature(step.mount)
        self.thrown.add(rider.id)
        self.emit(ev.RiderThrown(rider.id, mount.id, step.cause))
        to = self._landing(rider, mount)
        self.unmount(rider, mount, to, "thrown")
        fall = self.engine.dice.roll(1, pools.MOUNT_FALL, 0, "fall").total
        damage = pools.thrown_rider_fall(fall, reacted, landed)
        self.emit(ev.Fell(rider.id, damage))
        if damage:
            self.wound(rider, damage)
        if pools.thrown_rider_prone(reacted) and not rider.out:
            rider.prone = True
            self.emit(ev.KnockedProne(rider.id, "thrown"))

    # -- riders ---------------------------------------------------------------------------------------------

    def mount(self, rider: Creature, mount: Creature) -> None:
        rider.mount, mount.rider = mount.id, rider.id
        rider.cell = mount.cell
        self.state.refresh()
        self.emit(ev.Mounted(rider.id, mount.id))

    def unmount(self, rider: Creature, mount: Creature, to: Cell, how: str) -> None:
        rider.mount, mount.rider = None, None
        rider.cell = to
        rider.stationary = False
        penalty = rider.template.stand_penalty_feet
        rider.feet_left = max(0, rider.feet_left - penalty)
        self.state.refresh()
        self.emit(ev.Dismounted(rider.id, mount.id, to, how, penalty))

    def _landing(self, rider: Creature, mount: Creature) -> Cell:
        if mount.out:
            return mount.cell
        grid = self.state.board.grid
        for cell in sorted(grid.neighbours(mount.cell), key=lambda c: self.offset(c)):
            if cell in self.state.board and not self.state.board.is_wall(cell) and self._free(cell, rider):
                return cell  # type: ignore[no-any-return]
        return mount.cell

    # -- carrying out commands -------------------------------------------------------------------------------

    def why_illegal(self, command: Command) -> str:
        """Why ``command`` is not allowed now ("" when it is), changing nothing (not even the action numbers: the
        window asks)."""
        try:
            self._plan(command, 0)
        except Impossible as exc:
            return str(exc)
        return ""

    def carry_out(self, command: Command) -> None:
        steps, purpose = self._plan(command, self.engine.new_action())
        self.thrown.clear()
        actor = self.creature(command.creature)
        if isinstance(command, EndTurnCommand):
            self.phase = "end"
            return
        if purpose:
            self.counter = self.counter.spend(actor.id, Use.ACTION)
            self.emit(ev.ActionSpent(actor.id, purpose))
        if steps:
            self.engine.run(steps)

    def _plan(self, command: Command, n: int) -> tuple[list[Step], str]:
        """The steps of ``command`` (action number ``n``) and the purpose of the action it spends ("": none);
        raises Impossible."""
        if self.phase != "acting" or self.holder is None:
            raise Impossible("nobody is acting now")
        actor = self.creature(command.creature)
        if actor.id != self.holder:
            raise Impossible(f"it is {self.name(self.holder)}'s turn, not {actor.name}'s")
        has_action = self.counter.can(actor.id, Use.ACTION)
        match command:
            case EndTurnCommand():
                return [], ""
            case Move():
                if command.withdraw and not has_action:
                    raise Impossible(f"{actor.name} has used its action this round (a withdrawal takes it)")
                path = self._path(actor, command.to, command.path)
                return self._walk(n, actor, path, provokes=not command.withdraw), (
                    "withdraw" if command.withdraw else "")
            case Attack():
                if not has_action:
                    raise Impossible(f"{actor.name} has used its action this round")
                return self._attack_plan(n, actor, command), f"attack {self.name(command.target)}"
            case Stand():
                if not has_action:
                    raise Impossible(f"{actor.name} has used its action this round")
                if not actor.prone:
                    raise Impossible(f"{actor.name} is not prone")
                return [Act(n, actor.id, "stand")], "stand up"
            case Dismount():
                if not has_action:
                    raise Impossible(f"{actor.name} has used its action this round")
                if actor.mount is None:
                    raise Impossible(f"{actor.name} rides nothing")
                mount = self.creature(actor.mount)
                if self.state.distance(mount.cell, command.to) != 1 or not self._passable(command.to) \
                        or not self._free(command.to, actor):
                    raise Impossible(f"{self.offset(command.to)} is not a free hex beside {mount.name}")
                return [Act(n, actor.id, "dismount", command.to)], "dismount"
        raise Impossible(f"not a seed 001 command: {command!r}")

    def _passable(self, cell: Cell) -> bool:
        return cell in self.state.board and not self.state.board.is_wall(cell)

    def _free(self, cell: Cell, mover: Creature) -> bool:
        who = self.state.occupant(cell)
        if who is None:
            return True
        carrier = self.state.mover(mover)
        return who is mover or who is carrier or (who.mount is not None and who.mount == carrier.id)

    def _path(self, actor: Creature, to: Cell, given: tuple[Cell, ...] | None) -> tuple[Cell, ...]:
        if actor.prone:
            raise Impossible(f"{actor.name} is prone: it stands up first")
        carrier = self.state.mover(actor)
        if carrier.out:
            raise Impossible(f"{carrier.name} is down")
        if to == carrier.cell:
            return ()
        budget = self.state.hexes_left(actor)
        if given is not None:
            if len(given) > MAX_PATH:
                raise Impossible(f"a path of {len(given)} hexes is longer than {MAX_PATH}")
            if not given or given[-1] != to:
                raise Impossible("the path does not end where the move does")
            cost, at = 0, carrier.cell
            for cell in given:
                if self.state.distance(at, cell) != 1 or not self._passable(cell):
                    raise Impossible(f"the path cannot step to {self.offset(cell)}")
                who = self.state.occupant(cell)
                if who is not None and who.side != actor.side and not self._free(cell, actor):
                    raise Impossible(f"{who.name} blocks {self.offset(cell)}")
                cost += 2 if self.state.board.is_difficult(cell) else 1
                at = cell
            if cost > budget:
                raise Impossible(f"{actor.name} has {budget} hexes of movement left this round")
            if not self._free(to, actor):
                raise Impossible(f"{self.offset(to)} is taken")
            return given
        routes = tactics.reachable(self.state, carrier, "move", budget)
        route = routes.get(to)
        if route is None:
            raise Impossible(f"{actor.name} cannot reach {self.offset(to)} this round "
                             f"({budget} hexes of movement left)")
        return route.path

    def _walk(self, n: int, actor: Creature, path: tuple[Cell, ...], provokes: bool) -> list[Step]:
        steps: list[Step] = []
        at = self.state.mover(actor).cell
        for i, cell in enumerate(path):
            steps.append(EnterHex(n, actor.id, cell, at, provokes, i == len(path) - 1))
            at = cell
        return steps

    def _attack_plan(self, n: int, actor: Creature, command: Attack) -> list[Step]:
        target = self.creature(command.target)
        if target.out:
            raise Impossible(f"{target.name} is down")
        if target.side == actor.side:
            raise Impossible(f"{target.name} is on {actor.name}'s side")
        weapon = weaponry(actor.template, command.weapon)
        if weapon is None:
            raise Impossible(f"{actor.name} has no attack '{command.weapon}'")
        if actor.prone and weapon.delivery is Delivery.MISSILE:
            raise Impossible(f"{actor.name} is prone")
        steps: list[Step] = []
        start = self.state.mover(actor).cell
        at = start
        if command.to is not None and command.to != at:
            path = self._path(actor, command.to, command.path)
            steps = self._walk(n, actor, path, provokes=weapon.provokes)
            at = command.to
        if self.state.distance(at, target.cell) > weapon.reach:
            raise Impossible(f"{target.name} is beyond {weapon.name}'s reach from {self.offset(at)}")
        if not self.reaches(at, target, weapon):
            raise Impossible(f"a wall stands between {self.offset(at)} and {target.name}")
        rush = self._rush(actor, target, at)
        steps.append(RollAttack(n, actor.id, target.id, weapon.id, weapon.kind, rush))
        return steps

    def _rush(self, actor: Creature, target: Creature, at: Cell) -> Rush | None:
        """The rush an attack from ``at`` ends: from where the attacker's movement began this turn (a free move
        then an attack in one turn is one rush, as a declared move-and-attack is); None if it has not moved."""
        start = actor.turn_start if actor.turn_start is not None else at
        if start == at:
            return None
        before = self.state.distance(start, target.cell) * HEX_FEET
        after = self.state.distance(at, target.cell) * HEX_FEET
        return Rush(start, before, max(0, before - after))

    # -- resolving steps --------------------------------------------------------------------------------------

    def _enter(self, step: EnterHex) -> None:
        actor = self.creature(step.creature)
        carrier = self.state.mover(actor)
        cost = 2 if self.state.board.is_difficult(step.cell) else 1
        carrier.feet_left -= cost * HEX_FEET
        was = carrier.cell
        carrier.cell = step.cell
        carrier.stationary = False
        carrier.moved_this_turn = True
        rider = ""
        if carrier.rider is not None:
            r = self.creature(carrier.rider)
            r.cell, r.stationary = step.cell, False
            rider = r.id
        self.emit(ev.CreatureMoved(carrier.id, was, step.cell, rider))

    def _roll_attack(self, step: RollAttack) -> None:
        attacker = self.creature(step.creature)
        target = self.creature(step.target)
        weapon = weaponry(attacker.template, step.weapon)
        assert weapon is not None
        count = step.dice or weapon.pool
        pool = pools.roll_pool(self.engine.dice, count, target.template.guard,
                               f"{attacker.id}'s {step.kind} attack")
        self.emit(ev.AttackRolled(attacker.id, target.id, weapon.id, step.kind, pool.faces, pool.tm, pool.successes))
        if pool.successes:
            self.blows[step.action] = Blow(attacker.id, target.id, weapon.id, pool, weapon.weight,
                                           attacker.template.strength, weapon.delivery, weapon.heavy,
                                           step.opportunity)

    def _deal_damage(self, step: DealDamage) -> None:
        blow = self.blows.pop(step.action, None)
        if blow is None:
            return
        target = self.creature(step.target)
        self.wound(target, blow.damage)

    def wound(self, creature: Creature, amount: int) -> None:
        """Body damage [6]; at 0 or below the creature is incapacitated (ours), and a mount that falls throws its
        rider [17]."""
        if amount <= 0:
            return
        creature.vitals = creature.vitals.wounded(amount)
        self.emit(ev.Hurt(creature.id, amount, creature.vitals.body))
        if creature.out:
            self.went_down(creature)

    def went_down(self, creature: Creature) -> None:
        self.emit(ev.Incapacitated(creature.id))
        if creature.mount is not None:  # a fallen rider slides off: it no longer rides
            mount = self.creature(creature.mount)
            creature.mount, mount.rider = None, None
            self.state.refresh()
        if creature.rider is not None:
            self.engine.push(self.throw_rider(creature.rider, Unhorsing.SLAIN))

    def _act(self, step: Act) -> None:
        actor = self.creature(step.creature)
        if step.what == "stand":
            actor.prone = False
            self.emit(ev.StoodUp(actor.id, "action"))
        elif step.what == "dismount" and step.to is not None and actor.mount is not None:
            self.unmount(actor, self.creature(actor.mount), step.to, "action")

    # -- the clock --------------------------------------------------------------------------------------------

    def _advance(self) -> None:
        """On to what is due next on the counter: a scheduled entry (resolved as a ``Due`` step) or a creature's
        turn; a new round at the corner (everyone's seconds rolled, movement afresh)."""
        for _ in range(4 * 12 + len(self.state.everyone) * 4 + 8):
            if self.queue:
                entry = self.queue[0]
                if entry.kind is Kind.SCHEDULED:
                    self.phase = "due"
                    return
                self.queue.pop(0)
                who = self.creature(entry.who)
                if who.out:
                    continue
                self.holder, self.second = who.id, entry.at.second
                self.phase = "start"
                return
            if not self.seated:
                self._new_round()
                self.phase = "advance"  # NewRound's break point comes at second 12, before anything moves on
                return
            if not self.counter.due():
                was = self.counter.now.round
                self.counter = self.counter.advance()
                if self.counter.now.round != was:
                    self._new_round()
                    self.phase = "advance"
                    return
            self.counter, due = self.counter.take_due()
            self.queue.extend(due)
        self.phase = "over"

    def _new_round(self) -> None:
        self.seated = True
        self.round_began = True
        r = self.counter.now.round
        self.emit(ev.RoundStarted(r))
        standing = [c.id for c in self.state.everyone.values() if not c.out]
        seconds = roll_seconds(self.engine.dice, standing)
        self.counter = self.counter.seat(seconds)
        order = sorted(range(len(seconds)), key=lambda i: (-seconds[i][1], i))
        self.emit(ev.SecondsRolled(r, tuple(seconds[i] for i in order)))
        for c in self.state.everyone.values():
            c.feet_left = c.template.movement_feet

    def _start_turn(self, creature: Creature) -> None:
        self.turns += 1
        creature.stationary = True
        creature.moved_this_turn = False
        creature.turn_start = self.state.mover(creature).cell
        self.emit(ev.TurnStarted(creature.id, self.counter.now.round, self.second))
        self.phase = "acting"

    def _end_turn(self, creature: Creature) -> None:
        creature.turn_start = None
        self.emit(ev.TurnEnded(creature.id))
        self.holder = None
        self.phase = "advance"

    def _check_over(self) -> bool:
        if self.phase == "over":
            return True
        sides = {c.side for c in self.state.everyone.values() if not c.out}
        if len(sides) > 1:
            return False
        self.winner = sides.pop() if sides else ""
        self.phase = "over"
        self.emit(ev.FightEnded(self.winner))
        return True
