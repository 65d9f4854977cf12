"""How seed 000's steps resolve: attack rolls, hits and misses, forced movement, a power moving its user,
damage, dropping and dying, healing and conditions. A part of :class:`game.rulesets.seed000.encounter.Encounter`."""

from __future__ import annotations

from game.grid import Cell
from game.mechanics.conditions import Stacking, add, countdown
from game.rulesets.seed000 import events as ev
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.model import (HIT_POINTS, ConditionKind, ConditionSpec, Duration, ForcedKind,
                                        Outcome, Power)
from game.rulesets.seed000.parts import EncounterParts
from game.rulesets.seed000.state import Condition, Creature
from game.rulesets.seed000.steps import (ApplyEffect, AttackRoll, BeginReaction, ChooseTarget, EnterCell, LeaveCell,
                              ResolveAttack, SelfMove, StartPower, Step)



def _kind_of(condition: Condition) -> ConditionKind:
    """A condition's name, as the shared stacking rules compare it."""
    return condition.kind

class Resolution(EncounterParts):
    """The Encounter's resolution of its steps (a mixin: the encounter is ``self``)."""

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
                if step.mode in ("move", "shift", "charge") and actor.id == st.acting_id:  # its turn's budget,
                    st.budget.moved_cells += 1  # not what a reactor moved during someone else's turn
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
        from game.rulesets.seed000 import decisions

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
        from game.rulesets.seed000 import decisions

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
        from game.rulesets.seed000 import decisions

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
        before = target.hp
        absorbed = min(target.temp_hp, amount)
        target.temp_hp -= absorbed
        target.hp -= amount - absorbed
        if target.is_minion:
            target.hp = min(target.hp, 0)
        self.emit(ev.DamageDealt(target.id, amount, kind, target.hp, source, reason))
        if HIT_POINTS.reached_half(before, target.hp, target.max_hp):
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
        duration = spec.duration
        timer = countdown(duration.lasting, source.id if duration.on_source else target.id, self.state.acting_id)
        condition = Condition(spec.kind, source.id, duration, timer.ends_on, timer.at_start, timer.turns,
                              spec.value, spec.damage_kind)
        # a creature has one marker at a time (a new mark replaces the old); other conditions all stay
        add(target.conditions, condition, _kind_of,
            Stacking.REPLACE if spec.kind is ConditionKind.MARKED else Stacking.KEEP_BOTH)
        label = condition.describe().rsplit(" (", 1)[0]
        self.emit(ev.ConditionApplied(target.id, label, source.id, spec.duration.value))
