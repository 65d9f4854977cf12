"""Seed 003's commands checked whole and carried out (:class:`Orders`, a part of the fight object), and the
legal-commands query (numbers in brackets are seed 003's lines).

Every check runs before anything changes: a dry run (``why_illegal``) stops where the first change would be.
"""

from __future__ import annotations

from typing import Iterator, Mapping, Sequence

from game.grid import Cell
from game.kernel.engine import Impossible
from game.mechanics import tactics
from game.mechanics.tactics.pieces import PieceId
from game.rulesets.seed003 import attacks as at
from game.rulesets.seed003 import events as ev
from game.rulesets.seed003.combat import basic_ability, is_ranged
from game.rulesets.seed003.commands import (BASIC_MELEE, BASIC_RANGED, Command, Delay, Disengage, EndTurnCommand,
                                            EnterCell, FightInSpirit, Flee, GrantSave, LeaveCell, Move, Rally, Ready,
                                            ResolveAbility, Stabilize, StartAbility, Sustain, SwitchStance, UseAbility,
                                            DiceyMove)
from game.rulesets.seed003.downed import BENEFITS, Downed
from game.rulesets.seed003.sheets import Ability, ActionKind, Band, Condition, Effect, Frequency, Reach, StanceKind
from game.rulesets.seed003.state import ACTIONS, Creature


class Orders(Downed):
    phase: str
    nearby: int
    _fields: dict[str, Mapping[Cell, int]]
    _fields_where: tuple[tuple[Cell, bool], ...]

    # -- reading the board ----------------------------------------------------------------------------

    def is_nearby(self, a: Creature, b: Creature) -> bool:
        """Nearby: engaged / next to, or one move action from being so [152]: a cell next to ``b`` that
        ``a`` can reach with the Nearby distance of movement, walls and paths counted (the checked note)."""
        if self.state.adjacent(a, b):
            return True
        field = self.field_of(a)
        return any(0 <= field.get(n, -1) <= self.nearby for n in self.state.board.neighbours(b.cell))

    def field_of(self, creature: Creature) -> Mapping[Cell, int]:
        """``tactics.distance_field`` of ``creature``, kept while nobody has moved or died (the fight's own
        table: it goes with the fight)."""
        where = tuple([(c.cell, c.dead) for c in self.state.creatures.values()])
        if where != self._fields_where:
            self._fields_where, self._fields = where, {}
        field = self._fields.get(creature.id)
        if field is None:
            field = self._fields[creature.id] = tactics.distance_field(self.state, creature)
        return field

    def in_reach(self, actor: Creature, ability: Ability, target: Creature) -> bool:
        match ability.reach:
            case Reach.ENGAGED:
                return self.state.adjacent(actor, target)
            case Reach.NEARBY:
                return self.is_nearby(actor, target) and tactics.line_of_effect(self.state, actor.cell, target.cell)
            case Reach.FAR:
                return tactics.line_of_effect(self.state, actor.cell, target.cell)
        return False

    def abilities(self, actor: Creature) -> list[Ability]:
        """The basic attack of its stance, then its sheet's abilities."""
        out: list[Ability] = []
        stance = actor.template.stance(actor.stance) if actor.stance is not None else None
        if stance is not None:
            out.append(basic_ability(stance.kind, stance.reach))
        return out + list(actor.template.abilities)

    def ability_of(self, actor: Creature, ability_id: str) -> Ability | None:
        if ability_id in (BASIC_MELEE, BASIC_RANGED):
            kind = StanceKind.MELEE if ability_id == BASIC_MELEE else StanceKind.RANGED
            stance = actor.template.stance(kind)
            return None if stance is None else basic_ability(kind, stance.reach)
        return actor.template.ability(ability_id)

    def provokes(self, actor: Creature, ability: Ability) -> bool:
        """A Provokes ability [135], or a ranged attack or spell while engaged [159]."""
        return ability.provokes or (is_ranged(ability) and not self.state.is_free(actor))

    # -- checks ----------------------------------------------------------------------------------------

    def actor_of(self, command: Command) -> Creature:
        if self.phase == "over":
            raise Impossible("the fight is over")
        if self.engine.waiting:
            raise Impossible(f"waiting for an answer: {self.engine.pending[0].question}")
        actor: Creature | None = self.state.creatures.get(PieceId(command.creature))
        if actor is None:
            raise Impossible(f"there is no creature {command.creature!r}")
        holder = self.clock.holder()
        if self.phase != "acting" or holder != actor.id:
            who = self.creature(holder).name if holder else "nobody"
            raise Impossible(f"it is {who}'s turn, not {actor.name}'s")
        return actor

    def pay(self, actor: Creature, kind: str, purpose: str, dry: bool) -> None:
        paid = ACTIONS.pay(actor.budget, kind, check_only=dry)
        if paid is None:
            raise Impossible(f"{actor.name} has no {kind} action left this turn")
        if not dry:
            self.emit(ev.ActionSpent(actor.id, kind, paid, purpose))

    def route(self, actor: Creature, to: Cell, path: Sequence[Cell] | None) -> tuple[Cell, ...]:
        if actor.has(Condition.STUCK):
            raise Impossible(f"{actor.name} is stuck and cannot move")
        if path is not None:
            cost = tactics.path_cost(self.state, actor, path)
            if not path or path[-1] != to or cost is None or cost > self.nearby:
                raise Impossible(f"{actor.name} cannot move along that path")
            return tuple(path)
        found = tactics.reachable(self.state, actor, "move").get(to)
        if found is None:
            raise Impossible(f"{actor.name} cannot reach {self.state.board.grid.cell_to_offset(to)} "
                             f"with one move action")
        return found.safest_path

    def why_illegal(self, command: Command) -> str:
        """"" if ``command`` is legal now, else why not (what ``apply`` would refuse it with); changes
        nothing."""
        try:
            self.carry_out(command, dry=True)
        except Impossible as exc:
            return str(exc)
        return ""

    def carry_out(self, command: Command, dry: bool = False) -> None:
        actor = self.actor_of(command)
        if actor.lost and not isinstance(command, (FightInSpirit, EndTurnCommand)):
            raise Impossible(f"{actor.name} is permanently out of the fight: it may only fight in spirit")
        match command:
            case EndTurnCommand():
                if not dry:
                    self.phase = "end"
            case Move():
                path = self.route(actor, command.to, command.path)
                self.pay(actor, "move", "move", dry)
                if not dry:
                    self.walk(actor, path)
            case Disengage():
                self.disengage(actor, command, dry)
            case UseAbility():
                self.use(actor, command, dry)
            case SwitchStance():
                kind = StanceKind(command.stance) if command.stance in ("melee", "ranged") else None
                if kind is None or actor.template.stance(kind) is None:
                    raise Impossible(f"{actor.name} has no {command.stance} stance")
                if actor.stance is kind:
                    raise Impossible(f"{actor.name} is in its {command.stance} stance already")
                self.pay(actor, "quick", f"switch to the {command.stance} stance", dry)
                if not dry:
                    actor.stance = kind
                    self.emit(ev.StanceSwitched(actor.id, kind.value))
            case Rally():
                self.pay(actor, "standard", "rally", dry)
                if not dry:
                    self.rally(actor)
            case Ready():
                self.ready(actor, command, dry)
            case Sustain():
                self.sustain(actor, command, dry)
            case DiceyMove():
                self.dicey_move(actor, command, dry)
            case GrantSave():
                self.grant_save(actor, command, dry)
            case FightInSpirit():
                self.fight_in_spirit(actor, command, dry)
            case Flee():
                self.propose_flee(actor, command, dry)
            case Stabilize():
                target = self.state.creatures.get(PieceId(command.target))
                if (target is None or target.side != actor.side or not target.dying or target.stabilized
                        or target.gasping
                        or not self.state.adjacent(actor, target)):
                    raise Impossible(f"{actor.name} stabilizes a dying ally next to it, not stabilized yet")
                self.pay(actor, "standard", f"stabilize {target.name}", dry)
                if not dry:
                    target.stabilized = True
                    self.emit(ev.Stabilized(target.id, actor.id))
            case Delay():
                band = next((b for b in Band if b.value == command.band), None)
                if band is None:
                    raise Impossible(f"there is no band {command.band!r}")
                why = self.clock.why_no_delay(actor.id, band)
                if not why and actor.budget.left != ACTIONS.new_turn().left:
                    why = "a creature delays before it does anything else on its turn"
                if why:
                    raise Impossible(f"{actor.name} cannot delay: {why}")
                if not dry:
                    self.clock.delay(actor.id, band, self.engine.new_action())
                    self.phase = "advance"

    def walk(self, actor: Creature, path: Sequence[Cell]) -> None:
        n = self.engine.new_action()
        steps: list[object] = []
        here = actor.cell
        for cell in path:
            steps += [LeaveCell(n, actor.id, here, cell), EnterCell(n, actor.id, cell)]
            here = cell
        self.engine.run(steps)  # type: ignore[arg-type]

    def disengage(self, actor: Creature, command: Disengage, dry: bool) -> None:
        """A move action: 3d6 against 11, +1 per enemy past the first [163]; failure loses the move action;
        success pops off them [165] and the creature moves with the same action (our reading)."""
        enemies = self.state.engaged_with(actor)
        if not enemies:
            raise Impossible(f"{actor.name} is engaged with no enemy")
        if command.enemies:  # "You can choose to Disengage from multiple enemies at once" [163]: some of them
            named: dict[str, Creature] = {e.id: e for e in enemies}
            unknown = next((e for e in command.enemies if e not in named), None)
            if unknown is not None:
                raise Impossible(f"{unknown!r} is not an enemy engaged with {actor.name}")
            if len(set(command.enemies)) != len(command.enemies):
                raise Impossible("a disengage names each enemy once")
            enemies = [named[e] for e in command.enemies]
        path = () if command.to == actor.cell else self.route(actor, command.to, None)
        if actor.has(Condition.STUCK):
            raise Impossible(f"{actor.name} is stuck and cannot disengage")
        self.pay(actor, "move", "disengage", dry)
        if dry:
            return
        grabbed = any(g in (e.id for e in enemies) and g not in actor.hit_this_round for g in actor.grabbers())
        net = at.disengage_net(grabbed_by_unhit=grabbed)
        check = at.roll_check(self.engine.dice, net, f"{actor.name}'s disengage check")
        ids = [e.id for e in enemies]
        self.emit(at.disengage_rolled(actor.id, ids, check))
        if at.is_disengaged(check, len(ids)):
            actor.popped.update(ids)
            if path:
                self.walk(actor, path)

    def use(self, actor: Creature, command: UseAbility, dry: bool) -> None:
        ability = self.ability_of(actor, command.ability)
        if ability is None:
            raise Impossible(f"{actor.name} has no ability {command.ability!r}")
        why = self.ability_problem(actor, ability)
        if why:
            raise Impossible(why)
        targets = tuple(self.redirected(actor, t) for t in command.targets)
        if not 1 <= len(targets) <= ability.targets or len(set(targets)) != len(targets):
            raise Impossible(f"{ability.name} takes 1 to {ability.targets} different targets")
        for tid in targets:
            self.target_problem(actor, ability, tid)
        if command.coup:
            self.coup_problem(actor, ability, targets)
        kind = ability.action.value
        self.pay(actor, kind, ability.name, dry)
        if command.coup:
            self.pay(actor, "quick", f"coup de grace with {ability.name}", dry)
            self.pay(actor, "move", f"coup de grace with {ability.name}", dry)
        if dry:
            return
        if ability.frequency is not Frequency.AT_WILL:
            actor.used.add(ability.id)
        self.spend_power(actor, ability)
        n = self.engine.new_action()
        self.engine.run([StartAbility(n, actor.id, ability.id, targets),
                         ResolveAbility(n, actor.id, ability.id, targets, command.coup)])

    def target_problem(self, actor: Creature, ability: Ability, tid: str) -> None:
        """Raises when ``tid`` is no target of ``ability`` for ``actor``: an enemy in reach for an attack; an
        ally in reach (not itself [145]; a dying one too [227]) for a heal; an engaged enemy to pop off."""
        target = self.state.creatures.get(PieceId(tid))
        if ability.effect is Effect.HEAL:
            if target is None or target.dead or target.side != actor.side or target.id == actor.id:
                raise Impossible(f"{tid!r} is not an ally in the fight")
            if target.gasping or target.lost:
                raise Impossible(f"healing cannot bring {target.name} back from Last Gasp saves")  # [233]
        elif (target is None or not target.targetable or target.side == actor.side
              or (target.dying and ability.effect is not None)):
            raise Impossible(f"{tid!r} is not an enemy in the fight")
        if ability.effect is Effect.POP_OFF:
            if not self.state.adjacent(actor, target):
                raise Impossible(f"{target.name} is not engaged with {actor.name}")
        elif not self.in_reach(actor, ability, target):
            raise Impossible(f"{target.name} is out of reach of {ability.name}")

    def ready(self, actor: Creature, command: Ready, dry: bool) -> None:
        """Ready an action [99-101] (``readying.py``)."""
        raise NotImplementedError

    def sustain(self, actor: Creature, command: Sustain, dry: bool) -> None:
        """Roll to keep a sustained ability going [136] (``sustain.py``)."""
        raise NotImplementedError

    def dicey_move(self, actor: Creature, command: DiceyMove, dry: bool) -> None:
        """A Dicey Move [169-171] (``dicey.py``)."""
        raise NotImplementedError

    def dicey_routes(self, actor: Creature) -> dict[Cell, tuple[Cell, ...]]:
        """Where a Dicey Move of ``actor`` may go (``dicey.py``)."""
        raise NotImplementedError

    def spend_power(self, actor: Creature, ability: Ability) -> None:
        """"You have to spend X Power to activate this ability" [137]."""
        if ability.spend:
            actor.power_spent += ability.spend
            self.emit(ev.PowerSpent(actor.id, ability.spend, actor.power, actor.template.power_name, ability.name))

    def coup_problem(self, actor: Creature, ability: Ability, targets: tuple[str, ...]) -> None:
        """"If you use a Standard Action to attack an engaged, helpless enemy and spend your Quick and Move
        actions alongside it, that attack crits as long as the attack only targets that enemy" [197]: the
        quick and move actions themselves (our reading: no standard pays for them)."""
        target = self.state.creatures.get(PieceId(targets[0])) if len(targets) == 1 else None
        if ability.action is not ActionKind.STANDARD or target is None:
            raise Impossible("a coup de grace is a standard action attack on one enemy")
        if Condition.HELPLESS not in target.names() or not self.state.adjacent(actor, target):
            raise Impossible(f"a coup de grace needs an engaged, helpless enemy: {target.name} is not")
        if not (actor.budget.has("quick") and actor.budget.has("move") and actor.budget.has("standard")):
            raise Impossible(f"a coup de grace spends the quick, move and standard actions: {actor.name} has "
                             "not all three left")

    def redirected(self, attacker: Creature, target: str) -> str:
        """The creature an attack meant for ``target`` goes to (an interceptor's: ``reactions.py``)."""
        return target

    def ability_problem(self, actor: Creature, ability: Ability) -> str:
        """Why ``actor`` cannot use ``ability`` now, whatever the target ("" if it can)."""
        if ability.id in actor.used:
            return f"{ability.name} is used up for this encounter"
        if ability.action is ActionKind.INTERRUPT:
            return f"{ability.name} is an interrupt: it is offered outside its user's turn, when its trigger happens"
        if ability.defense is None and ability.effect is None:
            return f"{ability.name} makes no attack (not modelled yet)"
        if ability.escalation and not ability.escalation_special and self.clock.escalation < ability.escalation:
            return f"{ability.name} needs the escalation die at {ability.escalation}+"
        if ability.spend > actor.power:
            return (f"{ability.name} spends {ability.spend} {actor.template.power_name}; {actor.name} has "
                    f"{actor.power} left")
        if actor.has(Condition.HAMPERED) and ability.id not in (BASIC_MELEE, BASIC_RANGED):
            return f"{actor.name} is hampered: basic attacks only"
        if ability.basic is not None and ability.id in (BASIC_MELEE, BASIC_RANGED) and actor.stance is not ability.basic:
            return f"{ability.name} needs the {ability.basic.value} stance"
        if is_ranged(ability) and actor.has(Condition.GRABBED):
            return f"{actor.name} is grabbed: no ranged attacks"
        return ""

    # -- the legal-commands query ------------------------------------------------------------------------

    def legal_commands(self) -> Iterator[Command]:
        """The acting creature's legal commands, worked out lazily: its attacks on each target in reach (a
        many-target ability on the first targets in the fight's order), stance, rally, moves and disengages
        to each cell in reach, delays, ending the turn."""
        holder = self.clock.holder()
        if holder is None or self.phase != "acting" or self.engine.waiting:
            return
        actor = self.creature(holder)
        candidates: list[Command] = []
        foes = [c for c in self.state.creatures.values() if c.side != actor.side and c.targetable]
        for ability in self.abilities(actor):
            if self.ability_problem(actor, ability):
                continue
            if ability.effect is not None:
                pool = ([c for c in self.state.creatures.values() if c.side == actor.side and not c.dead
                         and not c.gasping and not c.lost and c.id != actor.id] if ability.effect is Effect.HEAL else self.state.engaged_with(actor))
                candidates += [UseAbility(actor.id, ability.id, (c.id,)) for c in pool]
                continue
            reach = [f.id for f in foes if self.in_reach(actor, ability, f)]
            if ability.targets > 1 and reach:
                candidates.append(UseAbility(actor.id, ability.id, tuple(reach[:ability.targets])))
            candidates += [UseAbility(actor.id, ability.id, (t,)) for t in reach]
            candidates += [UseAbility(actor.id, ability.id, (f.id,), coup=True) for f in foes
                           if Condition.HELPLESS in f.names() and ability.action is ActionKind.STANDARD
                           and f.id in reach and self.state.adjacent(actor, f)]
            candidates.append(Ready(actor.id, ability.id))
        for stance in actor.template.stances:
            candidates.append(SwitchStance(actor.id, stance.kind.value))
        candidates += [Sustain(actor.id, a) for (user, a) in self.sustained if user == actor.id]
        candidates.append(Rally(actor.id))
        candidates += [Stabilize(actor.id, c.id) for c in self.state.creatures.values()
                       if c.dying and c.side == actor.side and self.state.adjacent(actor, c)]
        candidates += [GrantSave(actor.id, c.id) for c in self.state.creatures.values()
                       if c.gasping and c.side == actor.side and self.state.adjacent(actor, c)]
        candidates += [FightInSpirit(actor.id, c.id, b) for c in self.state.creatures.values()
                       if actor.lost and c.side == actor.side and c.id != actor.id for b in BENEFITS]
        candidates.append(Flee(actor.id))
        candidates += [Delay(actor.id, b.value) for b in Band]
        candidates.append(EndTurnCommand(actor.id))
        for command in candidates:
            if not self.why_illegal(command):
                yield command
        # Every cell in reach is as legal as the first one: the same checks, the destination aside.
        cells = list(tactics.reachable(self.state, actor, "move")) if not actor.has(Condition.STUCK) else []
        if cells and not self.why_illegal(Move(actor.id, cells[0])):
            yield from (Move(actor.id, c) for c in cells)
        dicey = list(self.dicey_routes(actor))
        if dicey and not self.why_illegal(DiceyMove(actor.id, dicey[0])):
            yield from (DiceyMove(actor.id, c) for c in dicey)
        if self.state.engaged_with(actor) and not self.why_illegal(Disengage(actor.id, actor.cell)):
            yield Disengage(actor.id, actor.cell)
            yield from (Disengage(actor.id, c) for c in cells)
