"""Seed 000's commands checked and expanded into steps: move, shift, stand up, use a power, charge; and the
candidates the legal-commands query tries. Every check comes before the first change (a dry run stops
there). A part of :class:`game.rulesets.seed000.encounter.Encounter`."""

from __future__ import annotations

import itertools
from typing import Callable, Iterator

from game.grid import Cell
from game.kernel.engine import Impossible
from game.rulesets.seed000 import events as ev
from game.rulesets.seed000 import charging, tactics
from game.rulesets.seed000.commands import (ChargeCommand, Command, EndTurnCommand, MoveCommand, ShiftCommand,
                                 StandUpCommand, UsePowerCommand)
from game.rulesets.seed000.model import ActionType, ConditionKind, CreatureId, Frequency, Power, RangeKind, TargetKind
from game.rulesets.seed000.parts import EncounterParts
from game.rulesets.seed000.state import Creature
from game.rulesets.seed000.steps import ApplyEffect, ChooseTarget, EnterCell, LeaveCell, SelfMove, StartPower, Step


def self_move_distance(power: Power) -> int:
    """How far a power moves its user (``move_self``, not a shift), 0 if it does not."""
    return max(o.move_self for o in (power.hit, power.miss, power.effect))


class Commanding(EncounterParts):
    """The Encounter's handling of each kind of command (a mixin: the encounter is ``self``)."""

    # -- the parts of the legal-commands query that the AI asks too ----------------------------

    def usable_powers(self, actor: Creature, action: ActionType | None = None) -> Iterator[tuple[int, Power]]:
        """The powers on ``actor``'s sheet a command may use now as far as the power goes (not a reaction, not
        used up: the check a command to use it makes), each with its place on the sheet; only those taken with
        an action of kind ``action`` when it is given. Whether such an action is left: ``action_problem``."""
        for i, power in enumerate(actor.template.powers):
            if (action is None or power.action is action) and not self._power_spent(actor, power):
                yield i, power

    def move_routes(self, actor: Creature, mode: str) -> dict[Cell, tactics.Route]:
        """Where a ``mode`` ("move" or "shift") from where ``actor`` stands may end, and the routes there: the
        destinations a move, a shift or a charge command may name (each command also needs its action and
        its creature on its feet)."""
        return tactics.reachable(self.state, actor, mode)

    def charge_cells(self, actor: Creature, target: Creature,
                     routes: dict[Cell, tactics.Route] | None = None) -> dict[Cell, tactics.Route]:
        """Where a charge of ``actor`` at ``target`` may end now, each with its route: ``target`` an enemy still
        in the fight, reached from the cell after a move of at least two cells (``charging.charge_ends``, over
        ``routes`` or else every ``move_routes``); the command also needs the standard action."""
        st = self.state
        if target.is_out or not st.is_enemy(actor, target):
            return {}
        return charging.charge_ends(st, actor, target, self.move_routes(actor, "move") if routes is None else routes)

    def _candidates(self, actor: Creature) -> Iterator[Command]:
        st = self.state
        yield EndTurnCommand(actor.id)
        if actor.has(ConditionKind.PRONE):
            yield StandUpCommand(actor.id)
        elif tactics.can_move(st, actor):
            for mode, make in (("move", MoveCommand), ("shift", ShiftCommand)):
                for cell in sorted(self.move_routes(actor, mode), key=st.board.grid.cell_to_offset):
                    yield make(actor.id, cell)
        for _, power in self.usable_powers(actor):
            kind = power.reach.kind
            if kind is RangeKind.AREA_BURST:
                origins: list[Cell | None] = sorted(tactics.burst_origins(st, actor, power),
                                                    key=st.board.grid.cell_to_offset)
            elif kind is RangeKind.CLOSE_BLAST:
                origins = sorted(st.board.grid.neighbours(actor.cell), key=st.board.grid.cell_to_offset)
            else:
                origins = [None]
            for origin in origins:
                if kind in (RangeKind.MELEE, RangeKind.RANGED) and power.targets is not TargetKind.SELF:
                    valid = [c.id for c in st.by_initiative() if tactics.is_valid_target(st, actor, power, c, origin)]
                    limit = power.target_limit or len(valid)
                    for n in range(1, min(limit, len(valid)) + 1):
                        for targets in itertools.combinations(valid, n):
                            yield UsePowerCommand(actor.id, power.id, targets, origin)
                else:
                    yield UsePowerCommand(actor.id, power.id, (), origin)
        charger = charging.charge_attack(actor)
        if charger is not None and not actor.has(ConditionKind.PRONE):
            routes = self.move_routes(actor, "move")
            for target in st.by_initiative():
                for cell in sorted(self.charge_cells(actor, target, routes), key=st.board.grid.cell_to_offset):
                    yield ChargeCommand(actor.id, target.id, cell)

    def _move(self, actor: Creature, command: MoveCommand, dry: bool = False) -> None:
        st = self.state
        if actor.has(ConditionKind.PRONE):
            raise Impossible(f"{actor.name} is prone: stand up first")
        routes = self.move_routes(actor, "move")
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
        self._spend(actor, ActionType.MOVE, "move", check_only=dry)
        if dry:
            return
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

    def _shift(self, actor: Creature, command: ShiftCommand, dry: bool = False) -> None:
        if actor.has(ConditionKind.PRONE):
            raise Impossible(f"{actor.name} is prone: stand up first")
        route = self.move_routes(actor, "shift").get(command.to)
        if route is None:
            raise Impossible(f"{actor.name} cannot shift there")
        self._spend(actor, ActionType.MOVE, "shift", check_only=dry)
        if dry:
            return
        self._run(self._path_steps(actor, route.safest_path, "shift"))

    def _stand_up(self, actor: Creature, dry: bool = False) -> None:
        if not actor.has(ConditionKind.PRONE):
            raise Impossible(f"{actor.name} is not prone")
        self._spend(actor, ActionType.MOVE, "stand up", check_only=dry)
        if dry:
            return
        actor.conditions = [c for c in actor.conditions if c.kind is not ConditionKind.PRONE]
        self.emit(ev.StoodUp(actor.id))

    def _power_spent(self, actor: Creature, power: Power) -> str:
        """Why ``power`` cannot be used at all ("" if it can be): a reaction, or spent for the encounter or
        the day."""
        if power.action is ActionType.REACTION:
            return f"{power.name} is a reaction: it is used only when its trigger happens"
        if power.frequency is not Frequency.AT_WILL and power.id in actor.used_powers:
            return f"{actor.name} has already used {power.name} ({power.frequency.value})"
        return ""

    def action_problem(self, actor: Creature, action: ActionType) -> str:
        """Why ``actor`` cannot take an action of kind ``action`` now ("" if it can): the check every command
        makes before it spends one (``_spend``), asked without spending (the window's action bar)."""
        try:
            self._spend(actor, action, "", check_only=True)
        except Impossible as e:
            return str(e)
        return ""

    def power_problem(self, actor: Creature, power: Power) -> str:
        """Why ``actor`` cannot use ``power`` now whatever its targets ("" if it can): the same checks, with
        the same words, as a command to use it makes (the window's action bar asks this)."""
        return self._power_spent(actor, power) or self.action_problem(actor, power.action)

    def check_power(self, actor: Creature, power: Power, targets: tuple[CreatureId, ...],
                    origin: Cell | None, *, test: Callable[[Creature], bool] | None = None) -> None:
        """Raise Impossible unless ``actor`` may use ``power`` on ``targets`` / at ``origin`` now.

        ``test``: ``tactics.target_test`` of these arguments, if already made in this state."""
        st = self.state
        spent = self._power_spent(actor, power)
        if spent:
            raise Impossible(spent)
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

    def _use_power(self, actor: Creature, command: UsePowerCommand, dry: bool = False) -> None:
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
        if dry:
            return
        self._spend(actor, power.action, power.name)
        if power.frequency is not Frequency.AT_WILL:
            actor.used_powers.add(power.id)
        self._landings = dict(command.landings)
        self._shift_to = command.shift_to
        self._run(self.power_steps(actor, power, targets, command.origin))

    def _check_move_to(self, actor: Creature, power: Power, to: Cell | None) -> None:
        """Refuse the cell a command names for a power that moves its user (``move_self``) if it is not
        where that move can end now (the power's shift_self keeps its own rule)."""
        distance = self_move_distance(power)
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
        move = self_move_distance(power)
        if move:
            steps.append(SelfMove(action, actor.id, power.id, move, "move"))
        return steps

    def _charge(self, actor: Creature, command: ChargeCommand, dry: bool = False) -> None:
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
        route = self.move_routes(actor, "move").get(command.to)
        if route is None or len(route.path) < charging.MIN_PATH:
            raise Impossible(f"a charge must move at least {charging.MIN_PATH} cells to a reachable cell")
        if command.to not in self.charge_cells(actor, target, {command.to: route}):
            raise Impossible(f"from there {actor.name} could not reach {target.name}")
        self._spend(actor, ActionType.STANDARD, "charge", check_only=dry)
        if dry:
            return
        st.budget.move = False
        st.budget.minor = False
        self._landings = {}
        self._shift_to = None
        steps = self._path_steps(actor, route.safest_path, "charge")
        action = self.new_action()
        steps += [StartPower(action, actor.id, power.id, (target.id,), None),
                  ChooseTarget(action, actor.id, power.id, target.id, 1)]
        self._run(steps)
