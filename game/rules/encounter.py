"""The fight: state plus the single entry point ``apply(command) -> events``.

A command is checked whole before anything changes (a refusal raises
:class:`Impossible` and changes nothing, not even the dice). It then expands
into steps on a stack. The loop pops a step, re-checks it (a step whose
preconditions no longer hold fizzles, with the rest of its action), fires the
``before`` break point (where the ruleset's reaction system may push interrupt
steps on top, which then resolve first), resolves it (which may push follow-up
steps) and fires ``after``. When the stack is empty the reactions queued for
"after the action" run, each as an action of its own.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Callable, Iterable

from game.board import Board, Placement
from game.errors import GameError
from game.grid import Cell
from game.rules import events as ev
from game.rules import charging, tactics
from game.rules.commands import (ChargeCommand, Command, EndTurnCommand, MoveCommand, ShiftCommand,
                                 StandUpCommand, UsePowerCommand)
from game.rules.dice import Dice
from game.rules.model import (ActionType, ConditionKind, ConditionSpec, CreatureId, Duration, ForcedKind, Frequency,
                              Outcome, Power, RangeKind, TargetKind, Template)
from game.rules.preparation import Preparation, with_builtin_reactions
from game.rules.state import Condition, Creature, EncounterState
from game.rules.steps import (ApplyEffect, AttackRoll, BeginReaction, ChooseTarget, EnterCell, LeaveCell,
                              ResolveAttack, SelfMove, StartPower, Step, step_kind)


if TYPE_CHECKING:
    from game.rules.rulesets import Ruleset


class Impossible(GameError):
    """A command the rules do not allow now; the message says why, for the player."""


class _Frame:
    __slots__ = ("step", "announced", "detail")

    def __init__(self, step: Step, announced: bool = False, detail: str = "") -> None:
        self.step = step
        self.announced = announced
        self.detail = detail
        """The break points' text for the step, once worked out (its ``before`` and ``after`` say the same)."""


def _self_move_distance(power: Power) -> int:
    """How far a power moves its user (``move_self``, not a shift), 0 if it does not."""
    return max(o.move_self for o in (power.hit, power.miss, power.effect))


def creature_ids(placements: Iterable[Placement]) -> list[CreatureId]:
    """Stable ids from names: "Goblin 1" -> "goblin_1" (made unique with a suffix: the second "Goblin" is
    "goblin_2", the third "goblin_3", skipping an id already taken). Linear time: the ids taken are a set,
    and each name's next suffix is remembered (ids are never given back, so the search resumes there)."""
    out: list[CreatureId] = []
    taken: set[str] = set()
    next_suffix: dict[str, int] = {}
    for p in placements:
        base = re.sub(r"[^a-z0-9]+", "_", p.name.lower()).strip("_") or "creature"
        cid = base
        if cid in taken:
            n = next_suffix.get(base, 2)
            cid = f"{base}_{n}"
            while cid in taken:
                n += 1
                cid = f"{base}_{n}"
            next_suffix[base] = n + 1
        taken.add(cid)
        out.append(CreatureId(cid))
    return out


class Encounter:
    def __init__(self, board: Board, roster: list[tuple[CreatureId, str, str, Template, Cell]], *,
                 seed: int = 0, ruleset: Ruleset | None = None, map_name: str = "",
                 options: dict[str, object] | None = None) -> None:
        """``roster``: (id, name, side, template, cell) per creature, in placement order."""
        from game.rules.rulesets import default_ruleset

        creatures = {}
        completed: dict[int, Template] = {}
        taken: dict[Cell, str] = {}
        for cid, name, side, template, cell in roster:
            # Every part of everyone's space on open floor, nobody on anyone (the file loaders say where first).
            why = board.placement_problem(cell, template.size, taken)
            if why:
                raise Impossible(f"{name!r} cannot start at {board.grid.cell_to_offset(cell)}: {why}")
            for part in board.footprint(cell, template.size):
                taken[part] = repr(name)
            sheet = completed.get(id(template))
            if sheet is None:
                sheet = completed[id(template)] = with_builtin_reactions(template)
            creatures[cid] = Creature(cid, name, side, sheet, cell, hp=sheet.hp, surges=sheet.surges)
        self.state = EncounterState(board, creatures, options=dict(options or {}))
        self.log: list[ev.Event] = []
        self._out: list[ev.Event] = []
        self.seed = seed
        self.dice = Dice(seed, self.emit)
        self.ruleset: Ruleset = ruleset if ruleset is not None else default_ruleset()
        self.state.tactics_rules = self.ruleset.tactics_rules
        self.map_name = map_name
        self._stack: list[_Frame] = []
        self._next_action = 0
        self._listeners: list[tuple[Callable[[ev.Event], None], tuple[type, ...] | None]] = []
        self._origins: dict[int, Cell | None] = {}
        """Where each power action is centred, by action number (area powers)."""
        self._landings: dict[CreatureId, Cell] = {}
        """The player's forced-movement landing choices for the command being applied."""
        self._trails: dict[int, list[Cell]] = {}
        """The cells each movement of the command being applied has stood on, by action, start first."""
        self._shift_to: Cell | None = None
        """The player's choice of where a power that shifts its user puts it, for the command being applied."""
        self.current_step: Step | None = None
        """The step being resolved (None between steps): what an event happening now is part of."""
        self.cause: CreatureId | None = None
        """The creature whose command or step is being resolved (None at the start or end of a turn)."""
        self.last_acts: set[int] = set()
        """Actions whose creature acts although it is down: a reaction to its own drop to 0 hit points."""
        self.ruleset.attach(self)

    # -- output -------------------------------------------------------------------------

    def emit(self, event: ev.Event) -> None:
        self.log.append(event)
        self._out.append(event)
        for listener, kinds in self._listeners:
            if kinds is None or isinstance(event, kinds):
                listener(event)

    def listen(self, listener: Callable[[ev.Event], None], kinds: tuple[type, ...] | None = None) -> None:
        """Call ``listener`` with every event as it happens (the reaction system's trigger feed); with
        ``kinds``, only with the events of those classes (listeners are called in the order they came)."""
        self._listeners.append((listener, kinds))

    def _take(self) -> list[ev.Event]:
        out, self._out = self._out, []
        return out

    def name(self, cid: str) -> str:
        c = self.state.creatures.get(CreatureId(cid))
        return c.name if c else cid

    def offset(self, cell: Cell) -> tuple[int, int]:
        col, row = self.state.board.grid.cell_to_offset(cell)
        return col, row

    def describe(self, event: ev.Event) -> str:
        return ev.describe(event, self.name, self.offset)

    # -- preparations -------------------------------------------------------------------

    def preparation(self, cid: CreatureId) -> Preparation:
        """The reactions a creature has prepared (private to the player of its side)."""
        return self.ruleset.preparation(cid)

    def set_preparation(self, cid: CreatureId, preparation: Preparation) -> None:
        """A creature's preparation before the encounter starts (an encounter file's ``[preparations]``);
        raises Impossible, changing nothing, if it does not fit the creature's sheet."""
        creature = self.state.creatures.get(cid)
        if creature is None:
            raise Impossible(f"there is no creature '{cid}'")
        if self.state.round:
            raise Impossible("preparations are set this way only before the encounter starts")
        problems = self.ruleset.set_preparation(self, creature, preparation)
        if problems:
            raise Impossible("; ".join(problems))

    # -- start --------------------------------------------------------------------------

    def start(self) -> list[ev.Event]:
        st = self.state
        self.emit(ev.EncounterStarted(self.seed, self.map_name,
                                      tuple(sorted((k, str(v)) for k, v in st.options.items()))))
        rolls = []
        for c in st.creatures.values():
            roll = self.dice.d20(c.template.initiative, f"initiative of {c.name}")
            rolls.append((roll.total, c.template.initiative, c))
        ties = self.dice.shuffle([r[2].id for r in rolls], "initiative ties", self.name)
        tie_rank = {cid: i for i, cid in enumerate(ties)}
        rolls.sort(key=lambda r: (-r[0], -r[1], tie_rank[r[2].id]))
        st.initiative = [r[2].id for r in rolls]
        self.ruleset.new_occasion()
        self.emit(ev.InitiativeRolled(tuple(st.initiative), tuple(r[0] for r in rolls)))
        self.ruleset.on_initiative(self)
        self._drain()
        st.round = 1
        self.emit(ev.RoundStarted(1))
        st.turn_index = 0
        self._begin_turn()
        return self._take()

    # -- commands -----------------------------------------------------------------------

    def apply(self, command: Command) -> list[ev.Event]:
        """Apply one command; returns the events it caused. Raises Impossible, changing nothing."""
        st = self.state
        if st.ended:
            raise Impossible("the encounter is over")
        actor = st.creatures.get(command.creature)
        if actor is None:
            raise Impossible(f"there is no creature '{command.creature}'")
        if actor.id != st.acting_id:
            acting = st.acting
            raise Impossible(f"it is {acting.name if acting else 'nobody'}'s turn, not {actor.name}'s")
        self.ruleset.new_occasion()
        self.cause = actor.id
        try:
            self._apply(actor, command)
            self._drain()  # reactions to a command with no steps of its own (standing up: own_action "move")
        finally:
            self.cause = None
        self._check_victory()
        if not st.ended and st.acting_id == actor.id and not isinstance(command, EndTurnCommand) \
                and (actor.dead or actor.dying or not actor.can_act):
            # Dropped, killed or stunned during its own turn (an interrupt, dangerous terrain):
            # it can do nothing more, so its turn ends, as a turn that starts that way does.
            self._end_turn()
        return self._take()

    def _apply(self, actor: Creature, command: Command) -> None:
        match command:
            case EndTurnCommand():
                problems = self.ruleset.prepare(self, actor, command.preparation)
                if problems:
                    raise Impossible(f"{actor.name}'s preparation: " + "; ".join(problems))
                self._end_turn()
            case MoveCommand():
                self._move(actor, command)
            case ShiftCommand():
                self._shift(actor, command)
            case StandUpCommand():
                self._stand_up(actor)
            case UsePowerCommand():
                self._use_power(actor, command)
            case ChargeCommand():
                self._charge(actor, command)

    def _spend(self, actor: Creature, action: ActionType, purpose: str, check_only: bool = False) -> None:
        if not actor.can_act:
            raise Impossible(f"{actor.name} cannot act")
        spent_as = self.ruleset.spend(self.state, actor, action, check_only=check_only)
        if spent_as is None:
            raise Impossible(f"{actor.name} has no {action.value} action left this turn")
        if not check_only:
            self.emit(ev.ActionSpent(actor.id, action.value, spent_as, purpose))

    def new_action(self) -> int:
        """A fresh action number (steps of one action fizzle together)."""
        self._next_action += 1
        return self._next_action

    def pending_steps(self) -> list[Step]:
        """The steps still on the stack, the next to resolve last."""
        return [f.step for f in self._stack]

    def has_pending(self, action: int, kind: type) -> bool:
        """Whether a step of class ``kind`` (e.g. ``LeaveCell``) of action ``action`` is still on the stack."""
        for f in self._stack:
            if f.step.action == action and isinstance(f.step, kind):
                return True
        return False

    def _move(self, actor: Creature, command: MoveCommand) -> None:
        st = self.state
        if actor.has(ConditionKind.PRONE):
            raise Impossible(f"{actor.name} is prone: stand up first")
        routes = tactics.reachable(st, actor, "move")
        if command.path is not None:
            path = tuple(command.path)
            if not path or path[-1] != command.to:
                raise Impossible("the path must end at the destination")
            cost = tactics.path_cost(st, actor, path, "move")
            if cost is None or cost > actor.speed():
                raise Impossible(f"{actor.name} cannot move along that path (speed {actor.speed()})")
        else:
            route = routes.get(command.to)
            if route is None:
                raise Impossible(f"{actor.name} cannot reach ({', '.join(map(str, self.offset(command.to)))})"
                                 f" with speed {actor.speed()}")
            path = route.safest_path
        self._spend(actor, ActionType.MOVE, "move")
        self._run(self._path_steps(actor, path, "move"))

    def _path_steps(self, actor: Creature, path: tuple[Cell, ...], mode: str, action: int | None = None) -> list[Step]:
        if action is None:
            action = self.new_action()
        steps: list[Step] = []
        here = actor.cell
        for cell in path:
            steps.append(LeaveCell(action, actor.id, here, cell, mode))
            steps.append(EnterCell(action, actor.id, here, cell, mode))
            here = cell
        return steps

    def _shift(self, actor: Creature, command: ShiftCommand) -> None:
        st = self.state
        if actor.has(ConditionKind.PRONE):
            raise Impossible(f"{actor.name} is prone: stand up first")
        route = tactics.reachable(st, actor, "shift").get(command.to)
        if route is None:
            raise Impossible(f"{actor.name} cannot shift there")
        self._spend(actor, ActionType.MOVE, "shift")
        self._run(self._path_steps(actor, route.safest_path, "shift"))

    def _stand_up(self, actor: Creature) -> None:
        if not actor.has(ConditionKind.PRONE):
            raise Impossible(f"{actor.name} is not prone")
        self._spend(actor, ActionType.MOVE, "stand up")
        actor.conditions = [c for c in actor.conditions if c.kind is not ConditionKind.PRONE]
        self.emit(ev.StoodUp(actor.id))

    def check_power(self, actor: Creature, power: Power, targets: tuple[CreatureId, ...],
                    origin: Cell | None, *, test: Callable[[Creature], bool] | None = None) -> None:
        """Raise Impossible unless ``actor`` may use ``power`` on ``targets`` / at ``origin`` now.

        ``test``: ``tactics.target_test`` of these arguments, if already made in this state."""
        st = self.state
        if power.action is ActionType.REACTION:
            raise Impossible(f"{power.name} is a reaction: it is used only when its trigger happens")
        if power.frequency is not Frequency.AT_WILL and power.id in actor.used_powers:
            raise Impossible(f"{actor.name} has already used {power.name} ({power.frequency.value})")
        if power.reach.kind is RangeKind.AREA_BURST:
            if origin is None:
                raise Impossible(f"{power.name} needs a cell to centre on")
            if not tactics.is_burst_origin(st, actor, power, origin):
                raise Impossible(f"{power.name} cannot be centred there")
        if power.reach.kind in (RangeKind.MELEE, RangeKind.RANGED) and not targets:
            raise Impossible(f"{power.name} needs a target")
        limit = power.target_limit
        if limit is not None and (len(targets) > limit or len(set(targets)) != len(targets)):
            raise Impossible(f"{power.name} takes at most {limit} different target{'s' if limit > 1 else ''}")
        valid = test if test is not None else tactics.target_test(st, actor, power, origin)
        for t in targets:
            target = st.creatures.get(t)
            if target is None:
                raise Impossible(f"there is no creature '{t}'")
            if not valid(target):
                why = tactics.target_problem(st, actor, power, target, origin)
                raise Impossible(f"{target.name} is not a valid target of {power.name}: {why or 'not in the area'}")

    def _use_power(self, actor: Creature, command: UsePowerCommand) -> None:
        st = self.state
        power = next((p for p in actor.template.powers if p.id == command.power), None)
        if power is None:
            raise Impossible(f"{actor.name} has no power '{command.power}'")
        targets = command.targets
        test: Callable[[Creature], bool] | None = None
        if power.reach.kind in (RangeKind.CLOSE_BURST, RangeKind.CLOSE_BLAST, RangeKind.AREA_BURST):
            if power.reach.kind is RangeKind.CLOSE_BLAST and command.origin is None:
                raise Impossible(f"{power.name} needs a direction (a cell next to {actor.name})")
            # tactics.valid_targets, one creature at a time: target_test(c) is "c in valid_targets" (and tells
            # the dead apart), so testing every creature in initiative order gives the same list, without
            # working out every cell of a burst
            test = tactics.target_test(st, actor, power, command.origin)
            caught = tuple(c.id for c in st.by_initiative() if test(c))
            limit = power.target_limit
            if limit is None:
                targets = caught
            elif targets:
                # the user's choice among those caught (check_power refuses too many, or one not caught)
                chosen = set(targets)
                targets = tuple(t for t in caught if t in chosen) + tuple(t for t in targets if t not in caught)
            elif len(caught) > limit:
                names = ", ".join(self.name(t) for t in caught)
                raise Impossible(f"{power.name} takes at most {limit} of the {len(caught)} creatures in its area "
                                 f"({names}): name which")
            else:
                targets = caught
        elif power.reach.kind is RangeKind.PERSONAL or power.targets is TargetKind.SELF:
            targets = (actor.id,)
        self.check_power(actor, power, targets, command.origin, test=test)
        self._check_move_to(actor, power, command.shift_to)
        self._spend(actor, power.action, power.name, check_only=True)
        self._spend(actor, power.action, power.name)
        if power.frequency is not Frequency.AT_WILL:
            actor.used_powers.add(power.id)
        self._landings = dict(command.landings)
        self._shift_to = command.shift_to
        self._run(self.power_steps(actor, power, targets, command.origin))

    def _check_move_to(self, actor: Creature, power: Power, to: Cell | None) -> None:
        """Refuse the cell a command names for a power that moves its user (``move_self``) if it is not
        where that move can end now (the power's shift_self keeps its own rule)."""
        distance = _self_move_distance(power)
        if to is None or not distance:
            return
        routes = tactics.reachable(self.state, actor, "move", budget=min(distance, actor.speed()))
        if to in routes:
            return
        st = self.state
        where = self._cell_label(to)
        if not tactics.can_move(st, actor):
            raise Impossible(f"{actor.name} cannot move now, so {power.name} cannot take it to {where}")
        if to not in st.board or st.board.is_wall(to):
            why = "a wall" if to in st.board else "off the map"
        elif to == actor.cell or not st.can_stand(actor, to):
            why = "where it stands" if to == actor.cell else "taken"
        else:
            why = f"out of reach of a move of up to {min(distance, actor.speed())}"
        raise Impossible(f"{power.name} cannot move {actor.name} to {where}: {why}")

    def power_steps(self, actor: Creature, power: Power, targets: tuple[CreatureId, ...],
                    origin: Cell | None, bonus: int = 0, action: int | None = None) -> list[Step]:
        """The steps of one use of a power (also used by reactions, with their own action number)."""
        if action is None:
            action = self.new_action()
        steps: list[Step] = [StartPower(action, actor.id, power.id, targets, origin)]
        for t in targets:
            if power.attack is not None:
                steps.append(ChooseTarget(action, actor.id, power.id, t, bonus))
            if not power.effect.is_empty or power.attack is None:
                steps.append(ApplyEffect(action, actor.id, power.id, t))
        shift = max(o.shift_self for o in (power.hit, power.miss, power.effect))
        if shift:
            steps.append(SelfMove(action, actor.id, power.id, shift))
        move = _self_move_distance(power)
        if move:
            steps.append(SelfMove(action, actor.id, power.id, move, "move"))
        return steps

    def _charge(self, actor: Creature, command: ChargeCommand) -> None:
        st = self.state
        target = st.creatures.get(command.target)
        if target is None or target.is_out:
            raise Impossible("there is no such target")
        if not st.is_enemy(actor, target):
            raise Impossible(f"{actor.name} charges enemies only, and {target.name} is not one")
        power = charging.charge_attack(actor)
        if power is None:
            raise Impossible(f"{actor.name} has no melee basic attack to charge with")
        if actor.has(ConditionKind.PRONE):
            raise Impossible(f"{actor.name} is prone: stand up first")
        route = tactics.reachable(st, actor, "move").get(command.to)
        if route is None or len(route.path) < charging.MIN_PATH:
            raise Impossible(f"a charge must move at least {charging.MIN_PATH} cells to a reachable cell")
        if command.to not in charging.charge_ends(st, actor, target, {command.to: route}):
            raise Impossible(f"from there {actor.name} could not reach {target.name}")
        self._spend(actor, ActionType.STANDARD, "charge")
        st.budget.move = False
        st.budget.minor = False
        self._landings = {}
        self._shift_to = None
        steps = self._path_steps(actor, route.safest_path, "charge")
        action = self.new_action()
        steps += [StartPower(action, actor.id, power.id, (target.id,), None),
                  ChooseTarget(action, actor.id, power.id, target.id, 1)]
        self._run(steps)

    # -- the step loop ------------------------------------------------------------------

    def _run(self, steps: list[Step]) -> None:
        self._trails = {}
        self._stack.extend(_Frame(s) for s in reversed(steps))
        self._drain()

    def _drain(self) -> None:
        """Resolve the stack, then whatever the ruleset schedules once it is empty (reactions that wait
        for the end of the triggering action), until nothing is left."""
        while True:
            while self._stack:
                self._step(self._stack.pop())
            more = self.ruleset.action_complete(self)
            if not more:
                return
            self.push(more)

    def _step(self, frame: _Frame) -> None:
        step = frame.step
        reason = self._precondition(step)
        if reason:
            self._fizzle(step, reason)
            return
        detail = frame.detail
        if not frame.announced:
            detail = self._detail(step)
            self.emit(ev.BreakPoint("before", step_kind(step), step.creature, detail))
            interrupts = self.ruleset.before(self, step)
            if interrupts:
                frame.announced, frame.detail = True, detail  # it resolves once the interrupts are done
                self._stack.append(frame)
                self.push(interrupts)
                return
        cause, self.cause = self.cause, step.creature
        self.current_step = step
        try:
            self._resolve(step)
        finally:
            self.current_step = None
            self.cause = cause
        self.emit(ev.BreakPoint("after", step_kind(step), step.creature, detail or self._detail(step)))
        follow = self.ruleset.after(self, step)
        if follow:
            self.push(follow)

    def push(self, steps: list[Step]) -> None:
        """Put steps on top of the stack (they resolve next)."""
        self._stack.extend([_Frame(s) for s in reversed(steps)])

    def _fizzle(self, step: Step, reason: str) -> None:
        """A step that cannot happen any more: it and the rest of its action are lost."""
        dropped = [f for f in self._stack if f.step.action == step.action]
        self._stack = [f for f in self._stack if f.step.action != step.action]
        rest = f" (and {len(dropped)} later step{'s' if len(dropped) != 1 else ''} of the action)" if dropped else ""
        if not isinstance(step, BeginReaction):  # the ruleset says why a reaction fizzles
            self.emit(ev.StepFizzled(step_kind(step), step.creature, reason + rest))
        if isinstance(step, (LeaveCell, EnterCell)):
            self._settle(self.state.creatures[step.creature], step.action)
        self.ruleset.fizzled(self, step, reason)

    def _settle(self, creature: Creature, action: int) -> None:
        """A movement stopped where its creature may not stay (passing an ally when an interrupt
        dropped or immobilized it): it goes back to the last cell of its way it may stand on."""
        st = self.state
        if creature.dead or st.can_stand(creature, creature.cell):
            return
        for cell in reversed(self._trails.get(action, [])[:-1]):
            if st.can_stand(creature, cell):
                here, creature.cell = creature.cell, cell
                self.emit(ev.CreatureMoved(creature.id, here, cell, "return"))
                return

    def _detail(self, step: Step) -> str:
        who = self.name(step.creature)
        match step:
            case LeaveCell():
                return f"{who} leaves {self.offset(step.cell)} ({step.mode})"
            case EnterCell():
                return f"{who} enters {self.offset(step.cell)} ({step.mode})"
            case StartPower():
                return f"{who} starts {step.power}"
            case ChooseTarget():
                return f"{who} targets {self.name(step.target)} with {step.power}"
            case AttackRoll():
                return f"{who} rolls to hit {self.name(step.target)}"
            case ResolveAttack():
                return f"{who} {'hits' if step.hit else 'misses'} {self.name(step.target)}"
            case ApplyEffect():
                return f"{step.power} takes effect on {self.name(step.target)}"
            case SelfMove():
                return f"{who} {step.mode}s up to {step.distance} ({step.power})"
            case BeginReaction():
                return f"{who} reacts with {step.power}"
        return who

    def _precondition(self, step: Step) -> str:
        st = self.state
        actor = st.creatures[step.creature]
        match step:
            case LeaveCell():
                if actor.dead or actor.dying:
                    return f"{actor.name} is down"
                if actor.cell != step.cell:
                    return f"{actor.name} is no longer at {self.offset(step.cell)}"
                if step.mode in ("move", "shift", "charge"):
                    if not actor.can_act:
                        return f"{actor.name} can no longer move"
                    if actor.has(ConditionKind.IMMOBILIZED) or actor.has(ConditionKind.PRONE):
                        return f"{actor.name} can no longer move"
                if not st.can_stand(actor, step.to) and not self._may_pass(actor, step):
                    return f"{self.offset(step.to)} is blocked"
            case EnterCell():
                if actor.dead:
                    return f"{actor.name} is dead"
            case StartPower() | ChooseTarget() | AttackRoll() | ResolveAttack():
                if isinstance(step, ResolveAttack) and st.creatures[step.target].dead:
                    return f"{st.creatures[step.target].name} is gone"
                if not actor.can_act and not (step.action in self.last_acts and not actor.dead):
                    return f"{actor.name} can no longer act"
                if isinstance(step, (ChooseTarget, AttackRoll, ResolveAttack)):
                    # Ruling 14: an interrupt that takes the target out of reach, range or the area
                    # (or kills it) makes the rest of the attack on it impossible.
                    target = st.creatures[step.target]
                    if target.dead:
                        return f"{target.name} is gone"
                    power = actor.template.power(step.power)
                    if not tactics.is_valid_target(st, actor, power, target, self._origin_of(step)):
                        return f"{target.name} is out of reach"
            case SelfMove():
                if actor.dead or actor.dying:
                    return f"{actor.name} is down"
            case BeginReaction():
                return self.ruleset.reaction_holds(self, step)
        return ""

    def _origin_of(self, step: Step) -> Cell | None:
        for f in self._stack:
            if isinstance(f.step, StartPower) and f.step.action == step.action:
                return f.step.origin
        return self._origins.get(step.action)

    def _may_pass(self, actor: Creature, step: LeaveCell) -> bool:
        """Moving through an ally's cell is allowed mid-move (the path was checked when commanded)."""
        if step.mode not in ("move", "charge"):
            return False
        st = self.state
        occupancy: dict[Cell, Creature] | None = None
        for cell in st.space_at(actor, step.to):
            if cell not in st.board or st.board.is_wall(cell):
                return False
            if occupancy is None:
                occupancy = st.occupancy()
            other = occupancy.get(cell)
            if other is not None and other.id != actor.id and st.is_enemy(actor, other):
                return False
        return True

    # -- resolving steps ----------------------------------------------------------------

    def _resolve(self, step: Step) -> None:
        st = self.state
        actor = st.creatures[step.creature]
        match step:
            case BeginReaction():
                self.push(self.ruleset.begin_reaction(self, step))
            case SelfMove():
                if step.mode == "move":
                    self._move_self(actor, step)
                else:
                    self._self_move(actor, step)
            case LeaveCell():
                pass
            case EnterCell():
                self._trails.setdefault(step.action, [step.origin]).append(step.cell)
                actor.cell = step.cell
                if step.mode in ("move", "shift", "charge"):
                    st.budget.moved_cells += 1
                self.emit(ev.CreatureMoved(actor.id, step.origin, step.cell, step.mode))
                damage = tactics.danger_under(st, actor)  # the worst dangerous terrain under it
                if damage is not None:
                    roll = self.dice.roll(damage.count, damage.sides, damage.bonus,
                                          f"dangerous terrain under {actor.name}")
                    self.damage(actor, roll.total, damage.kind, actor.id, "entered dangerous terrain")
            case StartPower():
                power = actor.template.power(step.power)
                self._origins[step.action] = step.origin
                self.emit(ev.PowerUsed(actor.id, power.id, power.name, step.targets, step.origin))
            case ChooseTarget():
                self.push([AttackRoll(step.action, actor.id, step.power, step.target, step.bonus)])
            case AttackRoll():
                self._attack_roll(actor, step)
            case ResolveAttack():
                power = actor.template.power(step.power)
                target = st.creatures[step.target]
                outcome = power.hit if step.hit else power.miss
                self._outcome(actor, power, target, outcome, step.critical, hit=step.hit, action=step.action)
                if step.hit and power.marks:
                    self.apply_condition(target, ConditionSpec(ConditionKind.MARKED, Duration.END_OF_SOURCE_NEXT_TURN),
                                         actor)
            case ApplyEffect():
                power = actor.template.power(step.power)
                target = st.creatures[step.target]
                self._outcome(actor, power, target, power.effect, False, hit=True, action=step.action)
                if power.marks and power.attack is None:
                    self.apply_condition(target, ConditionSpec(ConditionKind.MARKED, Duration.END_OF_SOURCE_NEXT_TURN),
                                         actor)

    def _attack_roll(self, actor: Creature, step: AttackRoll) -> None:
        st = self.state
        power = actor.template.power(step.power)
        target = st.creatures[step.target]
        assert power.attack is not None
        modifiers: list[str] = []
        bonus = power.attack.bonus + step.bonus
        if step.bonus:
            modifiers.append(f"+{step.bonus} charge")
        advantage, why = tactics.has_combat_advantage(st, actor, target, power.is_melee)
        if advantage:
            bonus += 2
            modifiers.append(f"+2 combat advantage: {why}")
        if actor.has(ConditionKind.PRONE):
            bonus -= 2
            modifiers.append("-2 attacker prone")
        marker = actor.marked_by
        if marker is not None and marker != target.id and marker in st.creatures and not st.creatures[marker].is_out:
            bonus -= 2
            modifiers.append(f"-2 marked by {st.creatures[marker].name}")
        defense_value = target.template.defenses.against(power.attack.defense)
        if target.has(ConditionKind.PRONE) and not power.is_melee:
            defense_value += 2
            modifiers.append("+2 defense: target prone against a ranged attack")
        roll = self.dice.d20(bonus, f"{actor.name}'s {power.name} against {target.name}")
        natural = roll.faces[0]
        critical = natural == 20
        hit = critical or (natural != 1 and roll.total >= defense_value)
        self.emit(ev.AttackRolled(actor.id, target.id, power.id, natural, roll.total,
                                  power.attack.defense.value, defense_value, hit, critical, tuple(modifiers)))
        self.push([ResolveAttack(step.action, actor.id, power.id, target.id, hit, critical)])

    def _outcome(self, actor: Creature, power: Power, target: Creature, outcome: Outcome, critical: bool,
                 *, hit: bool, action: int) -> None:
        if outcome.damage is not None:
            spec = outcome.damage
            roll = self.dice.damage(spec, f"{power.name} damage to {target.name}", critical)
            amount = roll.total
            if outcome.half_damage:
                amount //= 2
            if actor.has(ConditionKind.WEAKENED):
                amount //= 2
            if target.is_minion and not hit:
                pass  # a missed attack never damages a minion
            else:
                self.damage(target, amount, spec.kind, actor.id, power.name)
        elif outcome.half_damage and power.hit.damage is not None and not target.is_minion:
            roll = self.dice.damage(power.hit.damage, f"{power.name} half damage to {target.name}")
            amount = roll.total // 2
            if actor.has(ConditionKind.WEAKENED):
                amount //= 2
            self.damage(target, amount, power.hit.damage.kind, actor.id, power.name + " (miss: half)")
        if target.dead:
            return
        for cond in outcome.conditions:
            self.apply_condition(target, cond, actor)
        if outcome.heal_surge or outcome.heal_bonus:
            self.heal(target, outcome.heal_bonus, spend_surge=outcome.heal_surge)
        if outcome.forced is not None and not target.is_out:
            self._forced(actor, target, outcome.forced.kind, outcome.forced.distance, action)

    def _cell_label(self, cell: Cell) -> str:
        return "({}, {})".format(*self.offset(cell))

    def _forced(self, actor: Creature, target: Creature, kind: ForcedKind, distance: int, action: int) -> None:
        st = self.state
        from game.rules import decisions

        what = f"{kind.value} {target.name}"
        options = tactics.forced_candidates(st, target, st.space(actor), kind, distance)
        if not options.finals:
            self.emit(ev.Decision(actor.id, what, "stays put", "no legal landing cell", ()))
            return
        chosen = self._landings.get(target.id) if action not in self.ruleset_reactions() else None
        if chosen is not None and chosen in options.finals:
            landing = chosen
            self.emit(ev.Decision(actor.id, what, self._cell_label(landing), "chosen by the player",
                                  tuple(self._cell_label(c) for c in sorted(options.finals, key=self.offset))))
        else:
            restrictions, by = self.ruleset.restrictions_of(action)
            landing = decisions.forced_landing(self, actor, target, kind, options, restrictions,
                                               st.creatures.get(by) if by else None)
        path = options.finals[landing].path
        steps: list[Step] = []
        here = target.cell
        for cell in path:
            steps.append(LeaveCell(action, target.id, here, cell, kind.value))
            steps.append(EnterCell(action, target.id, here, cell, kind.value))
            here = cell
        self.push(steps)

    # -- hit points and conditions ------------------------------------------------------

    def _self_move(self, actor: Creature, step: SelfMove) -> None:
        """A power's "shift yourself": to the player's cell if legal, else seed 000's Movement decision."""
        from game.rules import decisions

        st = self.state
        routes = tactics.reachable(st, actor, "shift", budget=step.distance)
        chosen = self._shift_to if step.action not in self.ruleset_reactions() else None
        if chosen is not None and chosen in routes:
            self.emit(ev.Decision(actor.id, f"shift {actor.name}", self._cell_label(chosen), "chosen by the player",
                                  tuple(self._cell_label(c) for c in sorted(routes, key=self.offset))))
            cell: Cell | None = chosen
        else:
            restrictions, by = self.ruleset.restrictions_of(step.action)
            cell = decisions.destination(self, actor, routes, "shift", restrictions, st.creatures.get(by) if by else None)
        if cell is None:
            return
        self.push(self._path_steps(actor, routes[cell].safest_path, "shift", step.action))

    def _move_self(self, actor: Creature, step: SelfMove) -> None:
        """A power's "move yourself N" (``move_self``), at most the user's speed: on its own turn to the cell the
        command named (checked legal when commanded), as a real move (leaving a threatened cell provokes);
        else, and always during a reaction, where seed 000's Movement decision puts it. During a reaction
        the move provokes nothing (no chains), yet the decision refuses destinations that only provoking
        paths reach."""
        from game.rules import decisions

        st = self.state
        routes = tactics.reachable(st, actor, "move", budget=min(step.distance, actor.speed()))
        chosen = self._shift_to if step.action not in self.ruleset_reactions() else None
        what = f"move {actor.name}"
        every = tuple(self._cell_label(c) for c in sorted(routes, key=self.offset))
        cell: Cell | None
        if chosen is not None and chosen in routes:
            self.emit(ev.Decision(actor.id, what, self._cell_label(chosen), "chosen by the player", every))
            cell = chosen
        elif chosen is not None:
            # legal when commanded; an interrupt has changed things since, and the user does not choose
            # again (ruling 14): the move is lost
            self.emit(ev.Decision(actor.id, what, "stays put",
                                  f"the cell chosen, {self._cell_label(chosen)}, can no longer be reached", every))
            return
        else:
            restrictions, by = self.ruleset.restrictions_of(step.action)
            cell = decisions.destination(self, actor, routes, "move", restrictions, st.creatures.get(by) if by else None)
        if cell is None:
            return
        self.push(self._path_steps(actor, routes[cell].safest_path, "move", step.action))

    def ruleset_reactions(self) -> set[int]:
        """Action numbers of the reactions being resolved (their choices are never the player's)."""
        return self.ruleset.reaction_actions()

    def damage(self, target: Creature, amount: int, kind: str, source: str, reason: str) -> None:
        if target.dead or amount <= 0:
            return
        was_bloodied = target.is_bloodied
        absorbed = min(target.temp_hp, amount)
        target.temp_hp -= absorbed
        target.hp -= amount - absorbed
        if target.is_minion:
            target.hp = min(target.hp, 0)
        self.emit(ev.DamageDealt(target.id, amount, kind, target.hp, source, reason))
        if target.hp > 0 and target.is_bloodied and not was_bloodied:
            self.emit(ev.Bloodied(target.id))
        if target.hp <= 0 and not target.dying:
            self._drop(target)
        elif target.dying and target.hp <= -target.template.bloodied_at:
            self._die(target)

    def _drop(self, target: Creature) -> None:
        is_hero = target.template.surges > 0 and not target.is_minion
        if is_hero and target.hp > -target.template.bloodied_at:
            target.dying = True
            self.emit(ev.DroppedToZero(target.id, True))
            if not target.has(ConditionKind.PRONE):
                target.conditions.append(Condition(ConditionKind.PRONE, target.id, Duration.ENCOUNTER))
            target.conditions.append(Condition(ConditionKind.UNCONSCIOUS, target.id, Duration.ENCOUNTER))
        else:
            self.emit(ev.DroppedToZero(target.id, False))
            if self.ruleset.delays_death(self, target):
                target.dying = True  # its last act comes first; it dies when that is done
                return
            self._die(target)

    def die(self, target: Creature) -> None:
        """The creature dies now (a monster whose last act is done)."""
        if not target.dead:
            self._die(target)

    def _die(self, target: Creature) -> None:
        target.dead = True
        target.dying = False
        target.conditions.clear()
        self.emit(ev.Died(target.id))

    def heal(self, target: Creature, bonus: int, *, spend_surge: bool) -> None:
        if target.dead:
            return
        amount = bonus
        surge = False
        if spend_surge:
            if target.surges <= 0:
                self.emit(ev.Decision(target.id, "spend a healing surge", "none", "no healing surges left", ()))
                if not bonus:
                    return
            else:
                target.surges -= 1
                surge = True
                amount += target.template.surge_value
                self.emit(ev.SurgeSpent(target.id, target.surges))
        if target.hp < 0:
            target.hp = 0
        before = target.hp
        target.hp = min(target.max_hp, target.hp + amount)
        if target.dying and target.hp > 0:
            target.dying = False
            target.death_saves_failed = 0
            target.conditions = [c for c in target.conditions if c.kind is not ConditionKind.UNCONSCIOUS]
        self.emit(ev.Healed(target.id, target.hp - before, target.hp, surge))

    def apply_condition(self, target: Creature, spec: ConditionSpec, source: Creature) -> None:
        if target.dead:
            return
        acting = self.state.acting_id
        ends_on: CreatureId | None = None
        at_start = False
        turns = 0
        if spec.duration is Duration.END_OF_SOURCE_NEXT_TURN:
            ends_on, turns = source.id, 2 if acting == source.id else 1
        elif spec.duration is Duration.END_OF_TARGET_NEXT_TURN:
            ends_on, turns = target.id, 2 if acting == target.id else 1
        elif spec.duration is Duration.START_OF_SOURCE_NEXT_TURN:
            ends_on, at_start, turns = source.id, True, 1
        if spec.kind is ConditionKind.MARKED:
            target.conditions = [c for c in target.conditions if c.kind is not ConditionKind.MARKED]
        condition = Condition(spec.kind, source.id, spec.duration, ends_on, at_start, turns, spec.value,
                              spec.damage_kind)
        target.conditions.append(condition)
        label = condition.describe().rsplit(" (", 1)[0]
        self.emit(ev.ConditionApplied(target.id, label, source.id, spec.duration.value))

    # -- turns --------------------------------------------------------------------------

    def _begin_turn(self) -> None:
        st = self.state
        actor = st.acting
        assert actor is not None
        st.budget = self.ruleset.new_budget(st, actor)
        self.ruleset.new_occasion()
        self.emit(ev.TurnStarted(actor.id, st.round))
        self.ruleset.turn_started(self, actor)
        self._tick(actor, at_start=True)
        for c in list(actor.conditions):
            if c.kind is ConditionKind.ONGOING_DAMAGE:
                self.damage(actor, c.value, c.damage_kind, c.source, "ongoing damage")
        danger = [st.board.damage_at(cell) for cell in st.space(actor) if st.board.damage_at(cell)]
        if danger and not actor.dead:
            d = danger[0]
            assert d is not None
            roll = self.dice.roll(d.count, d.sides, d.bonus, f"dangerous terrain under {actor.name}")
            self.damage(actor, roll.total, d.kind, actor.id, "starts its turn in dangerous terrain")
        self._drain()
        self._check_victory()
        if not st.ended and (actor.dead or actor.dying or not actor.can_act):
            self._end_turn()

    def _end_turn(self) -> None:
        st = self.state
        actor = st.acting
        assert actor is not None
        self.ruleset.new_occasion()
        if actor.dying:
            roll = self.dice.d20(0, f"death saving throw of {actor.name}")
            if roll.total >= 20:
                self.heal(actor, 0, spend_surge=True)
            elif roll.total < 10:
                actor.death_saves_failed += 1
                self.emit(ev.SavingThrow(actor.id, "dying", roll.total, False))
                if actor.death_saves_failed >= 3:
                    self._die(actor)
            else:
                self.emit(ev.SavingThrow(actor.id, "dying", roll.total, True))
        for c in list(actor.conditions):
            if c.duration is Duration.SAVE_ENDS and c in actor.conditions:
                roll = self.dice.d20(0, f"saving throw of {actor.name} against {c.kind.value}")
                success = roll.total >= 10
                self.emit(ev.SavingThrow(actor.id, c.kind.value, roll.total, success))
                if success:
                    actor.conditions.remove(c)
                    self.emit(ev.ConditionEnded(actor.id, c.kind.value, "saved"))
        self._tick(actor, at_start=False)
        self._drain()
        self.ruleset.turn_ended(self, actor)
        self.emit(ev.TurnEnded(actor.id))
        self._check_victory()
        if st.ended:
            return
        self._advance()

    def _advance(self) -> None:
        st = self.state
        for _ in range(len(st.initiative) + 1):
            st.turn_index += 1
            if st.turn_index >= len(st.initiative):
                st.turn_index = 0
                st.round += 1
                self.emit(ev.RoundStarted(st.round))
            skipped = st.creatures[st.initiative[st.turn_index]]
            if not skipped.dead:
                break
            # A dead creature has no turn, but what it inflicted "until the start / end of its
            # next turn" still ends when that turn would have come.
            self._tick(skipped, at_start=True)
            self._tick(skipped, at_start=False)
        self._begin_turn()

    def _tick(self, actor: Creature, *, at_start: bool) -> None:
        """Count down the conditions that end at this creature's turn boundary."""
        for target in self.state.creatures.values():
            for c in list(target.conditions):
                if c.ends_on == actor.id and c.at_start == at_start:
                    c.turns_left -= 1
                    if c.turns_left <= 0:
                        target.conditions.remove(c)
                        when = "start" if at_start else "end"
                        self.emit(ev.ConditionEnded(target.id, c.kind.value, f"{when} of {actor.name}'s turn"))

    def _check_victory(self) -> None:
        st = self.state
        if st.ended:
            return
        standing: str | None = None  # the one side still standing, if only one is
        for c in st.creatures.values():
            if not (c.dead or c.dying):
                if standing is None:
                    standing = c.side
                elif c.side != standing:
                    return  # two sides still stand
        st.ended = True
        st.winner = standing or ""
        self.emit(ev.EncounterEnded(st.winner, st.round))
