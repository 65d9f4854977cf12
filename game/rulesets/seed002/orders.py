"""Seed 002's commands checked whole and carried out (:class:`Orders`, a part of the fight object), the
legal-commands query, and who a command would provoke (numbers in brackets are seed 002's lines).

Every check runs before anything changes: :meth:`Orders.plan` works a command out (what it pays, the steps it
puts on the stack, who it provokes) or raises ``Impossible``; :meth:`Orders.carry_out` then does it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Callable, Iterator, Sequence

from game.grid import Cell
from game.kernel.engine import Engine, Impossible
from game.mechanics import tactics
from game.mechanics.tactics.pieces import PieceId
from game.rulesets.seed002 import checks, provoking, speed
from game.rulesets.seed002 import events as ev
from game.rulesets.seed002.commands import (Act, Advance, Aim, Attack, Charge, Command, Defend, Delay, DropProne,
                                            EndTurnCommand, EnterCell, LeaveCell, Move, Provoke, Recover,
                                            RollAttack, Stand, Step, Withdraw)
from game.rulesets.seed002.sheets import Attack as AttackSheet
from game.rulesets.seed002.sheets import AttackKind
from game.rulesets.seed002.catalog import ActionType
from game.rulesets.seed002.state import MAX_AIM, MODES, SQUEEZING_MODES, Creature, FightState, field_for

if TYPE_CHECKING:
    from game.rulesets.seed002.clock import InitiativeClock

def free_stand_dc(power_level: int) -> int:
    """The free stand's Acrobatics check: "a Hard DC (DC 10 + Power Level x 2)" [75]."""
    return checks.hard_dc(power_level)


def free_stand_chance(actor: Creature) -> Fraction:
    """The exact chance ``actor``'s free stand succeeds now [75]."""
    sheet = actor.template
    got = checks.chances(sheet.acrobatics, free_stand_dc(sheet.power_level), advantage=-actor.track.disadvantage)
    return sum((p for degrees, p in got.items() if degrees > 0), Fraction(0))


WAY_MODES = {"walk": "move", "run": "run", "squeeze": "squeeze", "crawl": "crawl"}


@dataclass(frozen=True, slots=True)
class Plan:
    """A command worked out: the action it pays (``kind``, "" for none), what for, who it provokes, and what
    carrying it out does."""

    kind: ActionType | None
    purpose: str
    provokers: tuple[str, ...]
    go: Callable[[], None]
    area: bool = False
    """An Area power: one a round [10]."""


class Orders:
    state: FightState
    engine: Engine[Step, Command]
    clock: InitiativeClock
    phase: str
    turns: int

    def emit(self, event: object) -> None:
        self.engine.emit(event)

    def creature(self, pid: str) -> Creature:
        return self.state.creatures[PieceId(pid)]

    # -- checking ----------------------------------------------------------------------------------------

    def actor_of(self, command: Command) -> Creature:
        actor = self.state.creatures.get(PieceId(command.creature))
        if actor is None:
            raise Impossible(f"no creature {command.creature!r}")
        if self.phase != "acting" or self.clock.holder() != actor.id:
            raise Impossible(f"it is not {actor.name}'s turn")
        return actor

    def modifier(self, what: str, creature: Creature) -> int:
        return 0

    def can_pay(self, actor: Creature, kind: ActionType, area: bool = False) -> None:
        if kind is ActionType.STANDARD and self.modifier("no_standard", actor):
            raise Impossible(f"{actor.name} is bound: no standard action")
        why = actor.economy.why_not(kind, area=area)
        if why is not None:
            raise Impossible(f"{actor.name}: {why}")

    def route(self, actor: Creature, to: Cell, path: Sequence[Cell] | None, mode: str, budget: int,
              fits: Callable[[tuple[Cell, ...]], str] | None = None) -> tuple[Cell, ...]:
        """The path of a move in ``mode`` to ``to`` within ``budget`` squares: ``path`` if given (checked),
        else the cheapest, then the safest path the search found that ``fits`` (a rule of the way of moving:
        "" if the path keeps it)."""
        field = field_for(self.state, mode)
        if not tactics.can_move(field, actor, mode):
            raise Impossible(f"{actor.name} cannot {mode} now" + (" (prone: it may only crawl)" if actor.prone else ""))
        if path is not None:
            walked = tuple(path)
            if not walked or walked[-1] != to:
                raise Impossible("the path must end on the destination")
            if self.state.tight and mode not in SQUEEZING_MODES:
                tight = next((c for c in walked if self.state.board.terrain(c).tight), None)
                if tight is not None:
                    raise Impossible(self.squeeze_only(tight))
            cost = tactics.path_cost(field, actor, walked, mode)
            if cost is None:
                raise Impossible("that path is blocked")
            if cost > budget:
                raise Impossible(f"{actor.name} can {mode} {budget} squares, that path costs {cost}")
            why = fits(walked) if fits is not None else ""
            if why:
                raise Impossible(why)
            return walked
        found = tactics.reachable(field, actor, mode, budget).get(to)
        if found is None and self.state.tight and mode not in SQUEEZING_MODES and self.state.board.terrain(to).tight:
            raise Impossible(self.squeeze_only(to))
        if found is None:
            raise Impossible(f"{actor.name} cannot reach {self.state.board.grid.cell_to_offset(to)} this way")
        why = ""
        for walked in (found.path, found.safest_path):
            why = fits(walked) if fits is not None else ""
            if not why:
                return walked
        raise Impossible(why)

    def squeeze_only(self, cell: Cell) -> str:
        """Why a walk, a run or any way but a squeeze or a crawl may not enter the tight space ``cell`` [72]."""
        return (f"{self.state.board.grid.cell_to_offset(cell)} is a tight space: only a squeeze (or a crawl) "
                "enters it [72]")

    def budget_of(self, actor: Creature, mode: str) -> int:
        return speed.squares(MODES[mode].rank(actor.speed_rank()))

    def monotone(self, actor: Creature, toward: bool) -> Callable[[tuple[Cell, ...]], str]:
        """Advance [77] / withdraw [79]: each step toward (away from) the nearest enemy, its distance measured
        as the fewest squares to any enemy standing (our reading)."""
        def fits(path: tuple[Cell, ...]) -> str:
            here = self.state.nearest_enemy_distance(actor)
            if here is None:
                return "no enemy is left"
            for cell in path:
                there = self.state.nearest_enemy_distance(actor, cell)
                assert there is not None
                if (there >= here) if toward else (there <= here):
                    return (f"each step of an advance must go toward the nearest enemy" if toward else
                            f"each step of a withdraw must go away from the nearest enemy")
                here = there
            return ""
        return fits

    def straight(self, actor: Creature, target: Creature) -> Callable[[tuple[Cell, ...]], str]:
        """A charge's "relatively straight line towards your target" [39], our reading: no step increases the
        distance to the target."""
        def fits(path: tuple[Cell, ...]) -> str:
            here = self.state.gap(actor, target)
            for cell in path:
                there = self.state.gap(actor, target, cell)
                if there > here:
                    return "a charge goes in a roughly straight line: no step may take it farther from its target"
                here = there
            return ""
        return fits

    def attack_of(self, actor: Creature, attack_id: str) -> AttackSheet:
        attack = actor.template.attack(attack_id)
        if attack is None:
            raise Impossible(f"{actor.name} has no attack {attack_id!r}")
        return attack

    def target_of(self, actor: Creature, target_id: str) -> Creature:
        target = self.state.creatures.get(PieceId(target_id))
        if target is None or target.out:
            raise Impossible(f"no opponent {target_id!r} standing")
        if target.side == actor.side:
            raise Impossible(f"{target.name} is on {actor.name}'s side")
        return target

    def in_reach(self, actor: Creature, attack: AttackSheet, target: Creature, at: Cell | None = None) -> str:
        """"" if ``attack`` from ``at`` (else where ``actor`` stands) may target ``target`` [26, 31]."""
        where = actor.cell if at is None else at
        d = self.state.gap(actor, target, at)
        if attack.kind is AttackKind.CLOSE:
            return "" if d <= attack.reach else f"{target.name} is out of {attack.name}'s reach"
        if d <= 1:
            return f"a ranged attack targets a non-adjacent opponent only [31]"
        if d > attack.range:
            return f"{target.name} is out of {attack.name}'s range"
        if not any(tactics.line_of_effect(self.state, x, y)
                   for x in self.state.space(actor, where) for y in self.state.space(target)):
            return f"a wall stands between {actor.name} and {target.name}"
        return ""

    def burst(self, actor: Creature, attack: AttackSheet, target: Creature) -> list[Creature]:
        """Whom an attack on ``target`` strikes: ``target``; an Area power also every other opponent within its
        area of the target's square, each with an attack check of its own (our reading of "any opponent ...
        within the power's ... area of effect" [149])."""
        if not attack.is_area:
            return [target]
        return [target] + [e for e in self.state.enemies(actor)
                           if e is not target and self.state.gap(e, target) <= attack.area]

    # -- plans --------------------------------------------------------------------------------------------

    def extension_plan(self, command: Command) -> Plan | None:
        return None

    def extension_candidates(self, actor: Creature) -> list[Command]:
        return []

    def plan(self, command: Command) -> Plan:
        actor = self.actor_of(command)
        a = actor.id
        planned = self.extension_plan(command)
        if planned is not None:
            return planned
        match command:
            case EndTurnCommand():
                return Plan(None, "end the turn", (), lambda: self.end_turn_now(actor))
            case Delay():
                if actor.acted:
                    raise Impossible(f"{actor.name} has already acted this turn: it cannot delay [144]")
                return Plan(None, "delay", (), lambda: self.delay_now(actor))
            case DropProne():
                if actor.prone:
                    raise Impossible(f"{actor.name} is already prone")
                return Plan(ActionType.FREE, "drop prone", (), lambda: self.drop_prone(actor))
            case Stand() if command.free:
                if not actor.prone:
                    raise Impossible(f"{actor.name} is not prone")
                if actor.free_stand_turn == self.turns:
                    raise Impossible(f"{actor.name} has tried the free stand this turn: one try a turn")
                return Plan(ActionType.FREE, "try a free stand", (),
                            lambda: self.run_steps(actor, "free stand", (), Act(0, a, "free stand")))
            case Stand():
                if not actor.prone:
                    raise Impossible(f"{actor.name} is not prone")
                self.can_pay(actor, ActionType.MOVE)
                who = provoking.provokers(self.state, actor, "STAND")
                return Plan(ActionType.MOVE, "stand", who, lambda: self.run_steps(actor, "stand", who, Act(0, a, "stand")))
            case Move():
                if command.way not in WAY_MODES:
                    raise Impossible(f"no way of moving {command.way!r} (walk, run, squeeze or crawl)")
                mode = WAY_MODES[command.way]
                self.can_pay(actor, ActionType.MOVE)
                path = self.route(actor, command.to, command.path, mode, self.budget_of(actor, mode))
                who = provoking.provokers(self.state, actor, "MOVE", path=path, mode=mode)
                return Plan(ActionType.MOVE, command.way, who, lambda: self.move_now(actor, path, mode))
            case Advance() | Withdraw():
                mode = "advance" if isinstance(command, Advance) else "withdraw"
                self.can_pay(actor, ActionType.MOVE)
                path = self.route(actor, command.to, command.path, mode, self.budget_of(actor, mode),
                                  self.monotone(actor, mode == "advance"))
                who = provoking.provokers(self.state, actor, mode.upper(), path=path, mode=mode)
                return Plan(ActionType.MOVE, mode, who, lambda: self.move_now(actor, path, mode))
            case Attack():
                attack = self.attack_of(actor, command.attack)
                self.can_pay(actor, ActionType.STANDARD, attack.is_area)
                target = self.target_of(actor, command.target)
                why = self.in_reach(actor, attack, target)
                if why:
                    raise Impossible(why)
                heading = "ATTACK, RANGED" if attack.kind is AttackKind.RANGED else "ATTACK, CLOSE"
                who = provoking.provokers(self.state, actor, heading, target=target, armed=attack.armed)
                kind = attack.kind.value
                rolls = [RollAttack(0, a, t.id, attack.id, kind) for t in self.burst(actor, attack, target)]
                return Plan(ActionType.STANDARD, f"{kind} attack", who,
                            lambda: self.run_steps(actor, f"{kind} attack", who, *rolls), attack.is_area)
            case Charge():
                attack = self.attack_of(actor, command.attack)
                self.can_pay(actor, ActionType.STANDARD, attack.is_area)
                if attack.kind is not AttackKind.CLOSE:
                    raise Impossible("a charge ends in a close attack [39]")
                target = self.target_of(actor, command.target)
                path = self.route(actor, command.to, command.path, "charge", self.budget_of(actor, "charge"),
                                  self.straight(actor, target))
                why = self.in_reach(actor, attack, target, path[-1])
                if why:
                    raise Impossible(why)
                who = provoking.provokers(self.state, actor, "CHARGE", path=path, mode="charge")
                return Plan(ActionType.STANDARD, "charge", who, lambda: self.charge_now(actor, path, target, attack),
                            attack.is_area)
            case Defend():
                self.can_pay(actor, ActionType.STANDARD)
                return Plan(ActionType.STANDARD, "defend", (), lambda: self.run_steps(actor, "defend", (), Act(0, a, "defend")))
            case Recover():
                self.can_pay(actor, ActionType.STANDARD)
                if not actor.track.can_recover:
                    raise Impossible(f"{actor.name} has no damage or fatigue to recover from")
                return Plan(ActionType.STANDARD, "recover", (),
                            lambda: self.run_steps(actor, "recover", (), Act(0, a, "recover")))
            case Aim():
                self.can_pay(actor, ActionType.MOVE)
                target = self.target_of(actor, command.target)
                who = provoking.provokers(self.state, actor, "AIM")
                return Plan(ActionType.MOVE, "aim", who, lambda: self.run_steps(actor, "aim", who, Act(0, a, "aim", target.id)))
        raise Impossible(f"unknown command {command!r}")

    def why_illegal(self, command: Command) -> str:
        try:
            self.plan(command)
        except Impossible as exc:
            return str(exc)
        return ""

    def provokers_of(self, command: Command) -> tuple[str, ...]:
        """Who ``command`` would provoke now and may still react (raises ``Impossible`` if it is not legal)."""
        return tuple(p for p in self.plan(command).provokers if self.can_react(self.creature(p)))

    def can_react(self, creature: Creature) -> bool:
        """Up and with its reaction of this turn unused [7, 20] (and no readied action waiting [41])."""
        return not creature.out and creature.economy.why_no_reaction() is None

    def carry_out(self, command: Command) -> None:
        plan = self.plan(command)
        actor = self.creature(command.creature)
        if plan.kind is not None:
            paid = actor.economy.payer(plan.kind)
            assert paid is not None
            actor.economy = actor.economy.spend(plan.kind, area=plan.area)
            actor.acted = True
            self.emit(ev.ActionSpent(actor.id, plan.kind.value, paid.value, plan.purpose))
        plan.go()

    # -- carrying out -------------------------------------------------------------------------------------

    def run_steps(self, actor: Creature, label: str, provokers: tuple[str, ...], *steps: Step) -> None:
        n = self.engine.new_action()
        renumbered = [replace(s, action=n) for s in steps]
        first: list[Step] = [Provoke(n, actor.id, label, provokers)] if provokers else []
        self.engine.run([*first, *renumbered])

    def move_now(self, actor: Creature, path: Sequence[Cell], mode: str) -> None:
        n = self.engine.new_action()
        if mode == "run":
            path = self.run_check(actor, path)
        self.engine.run(self.walk_steps(n, actor, path, mode))

    def walk_steps(self, n: int, actor: Creature, path: Sequence[Cell], mode: str) -> list[Step]:
        steps: list[Step] = []
        here = actor.cell
        for cell in path:
            steps += [LeaveCell(n, actor.id, here, cell, mode), EnterCell(n, actor.id, cell)]
            here = cell
        return steps

    def run_check(self, actor: Creature, path: Sequence[Cell]) -> Sequence[Cell]:
        """The run [71]: an Athletics check (a free action); on a failure the creature walks as far along
        the path as its walk allows. Then, running, the Endurance check against the run's fatigue, harder for
        each round in a row it has run."""
        sheet = actor.template
        adv = -actor.track.disadvantage
        ran = speed.roll_run(self.engine.dice, sheet.athletics, sheet.power_level, advantage=adv)
        self.emit(ev.RunChecked(actor.id, ran))
        if not ran:
            walk = self.budget_of(actor, "move")
            kept: list[Cell] = []
            for cell in path:
                cost = tactics.path_cost(self.state, actor, (*kept, cell), "move")
                if cost is None or cost > walk:
                    break
                kept.append(cell)
            while kept and self.state.occupant(kept[-1]) is not None:
                kept.pop()
            return kept
        actor.run_streak = actor.run_streak + 1 if actor.ran_round == self.clock.round - 1 else 1
        actor.ran_round = self.clock.round
        if not speed.roll_run_fatigue(self.engine.dice, sheet.endurance, sheet.power_level, actor.run_streak,
                                      advantage=adv):
            self.tire(actor, "running")
        return path

    def tire(self, actor: Creature, reason: str) -> None:
        actor.track = actor.track.tire()
        self.emit(ev.Tired(actor.id, reason, actor.track.word))
        if actor.down:
            self.went_down(actor)

    def charge_now(self, actor: Creature, path: Sequence[Cell], target: Creature, attack: AttackSheet) -> None:
        n = self.engine.new_action()
        self.engine.run([*self.walk_steps(n, actor, path, "charge"),
                         RollAttack(n, actor.id, target.id, attack.id, "charge", penalty=1)])

    def drop_prone(self, actor: Creature) -> None:
        actor.prone = True
        self.emit(ev.DroppedProne(actor.id))

    def end_turn_now(self, actor: Creature) -> None:
        self.phase = "end"

    def delay_now(self, actor: Creature) -> None:
        actor.delaying = True
        self.clock.delay(actor.id)
        self.emit(ev.TurnDelayed(actor.id))
        self.phase = "advance"

    def went_down(self, creature: Creature) -> None:
        raise NotImplementedError

    def act(self, step: Act) -> None:
        actor = self.creature(step.creature)
        match step.what:
            case "stand":
                actor.prone = False
                self.emit(ev.StoodUp(actor.id))
            case "free stand":
                actor.free_stand_turn = self.turns
                sheet = actor.template
                outcome = checks.roll(self.engine.dice, sheet.acrobatics, free_stand_dc(sheet.power_level),
                                      "free stand", advantage=-actor.track.disadvantage)
                self.emit(ev.FreeStandTried(actor.id, outcome.success))
                if outcome.success and actor.prone:
                    actor.prone = False
                    self.emit(ev.StoodUp(actor.id))
            case "defend":
                roll = checks.roll(self.engine.dice, actor.template.defense, 0, "defend",
                                   advantage=-actor.track.disadvantage)
                actor.defending = roll.total
                self.emit(ev.Defending(actor.id, roll.total))
            case "recover":
                if actor.track.can_recover:
                    actor.track = actor.track.recover()
                self.emit(ev.Recovered(actor.id, actor.track.word, actor.track.stress))
            case "aim":
                target = PieceId(step.target)
                actor.aim = min(MAX_AIM, actor.aim + 1) if actor.aim_target == target else 1
                actor.aim_target = target
                self.emit(ev.Aimed(actor.id, target, actor.aim))

    # -- what the AI and the window offer -------------------------------------------------------------------

    def legal_commands(self) -> Iterator[Command]:
        """Every legal command of the creature acting now (moves to every reachable cell; each attack on each
        target in reach), the end of the turn last."""
        holder = self.clock.holder()
        if holder is None or self.phase != "acting":
            return
        actor = self.creature(holder)
        a = actor.id
        candidates: list[Command] = []
        enemies = self.state.enemies(actor)
        for attack in actor.template.attacks:
            for e in enemies:
                candidates.append(Attack(a, e.id, attack.id))
        if actor.economy.payer(ActionType.STANDARD) is ActionType.STANDARD and not actor.prone:
            reach = tactics.reachable(self.state, actor, "charge", self.budget_of(actor, "charge"))
            for attack in actor.template.close_attacks():
                for e in enemies:
                    for cell in reach:
                        if self.state.gap(actor, e, cell) <= attack.reach:
                            candidates.append(Charge(a, e.id, attack.id, cell))
        candidates += [Defend(a), Recover(a)]
        if actor.economy.payer(ActionType.MOVE) is not None:
            mode = "crawl" if actor.prone else "move"
            way = "crawl" if actor.prone else "walk"
            walked = tactics.reachable(field_for(self.state, mode), actor, mode, self.budget_of(actor, mode))
            for cell in walked:
                candidates.append(Move(a, cell, way))
            if not actor.prone:
                for cell in tactics.reachable(self.state, actor, "run", self.budget_of(actor, "run")):
                    candidates.append(Move(a, cell, "run"))
                if self.state.tight:  # a squeeze to where a walk does not go (through a tight space) [72]
                    for cell in tactics.reachable(self.state.squeezing, actor, "squeeze",
                                                  self.budget_of(actor, "squeeze")):
                        if cell not in walked:
                            candidates.append(Move(a, cell, "squeeze"))
                for mode_cls, mode in ((Advance, "advance"), (Withdraw, "withdraw")):
                    for cell in tactics.reachable(self.state, actor, mode, self.budget_of(actor, mode)):
                        candidates.append(mode_cls(a, cell))
            candidates += [Stand(a)] + [Aim(a, e.id) for e in enemies]
        candidates += [Stand(a, free=True), DropProne(a), Delay(a)]
        candidates += self.extension_candidates(actor)
        for c in candidates:
            if not self.why_illegal(c):
                yield c
        yield EndTurnCommand(a)

