"""What a use of a power is worth: the worth of an attack or a heal on a target, and the best use of a power."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.grid import Cell
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.ai import weights
from game.rulesets.seed000.ai.mind import _MindBase
from game.rulesets.seed000.ai.options import _Use
from game.rulesets.seed000.ai.weights import (CONDITION_WORTH, DURATION_FACTOR, DYING_ALLY, FOCUS, PROVOKE_WEIGHT,
                                              _Facts, _MARGIN, _MARKED, _NEVER, _average, _chance_at_least, _facts,
                                              _hit_chance, _is_heal)
from game.rulesets.seed000.model import (ActionType, ConditionKind, ConditionSpec, CreatureId, DamageRoll, Outcome,
                                         Power, RangeKind)
from game.rulesets.seed000.state import Creature


class _Worth(_MindBase):
    """A decision, with what a use of a power is worth."""

    if TYPE_CHECKING:  # a power's upper bound (``bounds._Bounds``), which ``best_good`` asks
        def use_bound(self, power: Power, anchor: Cell | None, budget: int = 0,
                      sight: bool = False) -> tuple[float, float] | None: ...

    # -- what a use of a power is worth ---------------------------------------------------

    def usable(self, action: ActionType) -> list[tuple[int, Power]]:
        """Powers of kind ``action`` the engine lets me use now (``Encounter.usable_powers``: not used up) that the
        AI knows how to value, with their place on the sheet; whether the action is left is the caller's."""
        return [(i, power) for i, power in self.enc.usable_powers(self.me, action)
                if power.attack is not None or _is_heal(power)]  # (not shifts, self effects)

    def has_advantage(self, target: Creature, melee: bool) -> bool:
        """``tactics.has_combat_advantage`` from where I stand (away from melee, where I stand does not count:
        only the target's conditions do)."""
        key = (self.me.cell if melee else None, target.id, melee)
        got = self._advantage.get(key)
        if got is None:
            got = self._advantage[key] = tactics.has_combat_advantage(self.st, self.me, target, melee)[0]
        return got

    def forced_worth(self, power: Power, target: Creature, outcome: Outcome) -> float:
        forced = outcome.forced
        if forced is None or target.side == self.me.side:
            return 0.0
        if self._bounding:  # the most it can be worth, from anywhere: the worst terrain on the board
            if self._worst_danger is None:
                self._worst_danger = max([0.3] + [self.danger_at_cell(c) for c in self.dangerous_cells()])
            return self._worst_danger
        if not self.near_danger(target, forced.distance):
            return 0.3  # nothing to push it into: a little displacement
        key = (self.me.cell, target.id, forced.kind.value, forced.distance)
        got = self._forced.get(key)
        if got is None:
            options = tactics.forced_candidates(self.st, target, self.me.cell, forced.kind, forced.distance)
            dangerous = options.dangerous
            if dangerous:
                got = sum(self.danger_at_cell(c) for c in dangerous) / len(dangerous)
            else:
                got = 0.3 if options.finals else 0.0
            self._forced[key] = got
        return got

    def near_danger(self, target: Creature, distance: int) -> bool:
        """Whether dangerous terrain lies within a forced movement of ``distance`` of ``target``."""
        span = distance + max(1, target.template.size) - 1
        near = self._near_danger.get((target.id, span))
        if near is None:
            near = self._near_danger[(target.id, span)] = any(
                self.grid.distance(target.cell, cell) <= span for cell in self.dangerous_cells())
        return near

    def dangerous_cells(self) -> list[Cell]:
        if self._dangerous is None:
            self._dangerous = list(self.dangers)
        return self._dangerous

    def danger_at_cell(self, cell: Cell) -> float:
        return self.dangers.get(cell, 0.0)

    def condition_worth(self, target: Creature, spec: ConditionSpec) -> float:
        factor = DURATION_FACTOR.get(spec.duration, 1.0)
        if spec.kind is ConditionKind.ONGOING_DAMAGE:
            return spec.value * factor
        if target.has(spec.kind):
            return 0.0
        return CONDITION_WORTH.get(spec.kind, 1.0) * factor

    def outcome_worth(self, power: Power, target: Creature, outcome: Outcome, *, critical: bool = False,
                      missed: bool = False) -> float:
        """What one outcome (hit, miss or effect) of ``power`` does to an enemy ``target``, in hit points."""
        worth = 0.0
        spec: DamageRoll | None = None
        halve = False
        if outcome.damage is not None:
            spec, halve = outcome.damage, outcome.half_damage
        elif outcome.half_damage and power.hit.damage is not None:
            spec, halve = power.hit.damage, True
        if spec is not None and not (missed and target.is_minion):
            scale = (0.5 if halve else 1.0) * (0.5 if self.weakened else 1.0)
            amount = (float(spec.maximum) if critical else _average(spec)) * scale
            left = max(0, target.hp) + target.temp_hp
            if target.is_minion:
                kill = 1.0 if amount >= 1 else 0.0
            elif critical:
                kill = 1.0 if amount >= left else 0.0
            else:
                kill = _chance_at_least(spec, left, scale)
            lost = 1.0 - max(0, target.hp) / max(1, target.max_hp)
            worth += min(amount, left) * (1.0 + FOCUS * lost) + kill * self.worth_of(target)
            if kill >= 1.0:
                return worth  # nothing else matters to the dead
        for cond in outcome.conditions:
            worth += self.condition_worth(target, cond)
        if outcome.forced is not None:
            worth += self.forced_worth(power, target, outcome)
        return worth

    def heal_worth(self, power: Power, target: Creature) -> float:
        """What ``power``'s heals give an ally (or me)."""
        worth = 0.0
        for outcome in (power.hit, power.effect):
            if not (outcome.heal_surge or outcome.heal_bonus):
                continue
            amount = outcome.heal_bonus
            surge = outcome.heal_surge and target.surges > 0
            if surge:
                amount += target.template.surge_value
            missing = target.max_hp - max(0, target.hp)
            gained = min(amount, missing)
            if target.dying:
                worth += DYING_ALLY + gained
            elif target.is_bloodied:
                worth += gained
            else:
                worth += 0.3 * gained - (1.0 if surge and gained * 2 < amount else 0.0)
        return worth

    def target_worth(self, power: Power, target: Creature, bonus: int = 0) -> float:
        """What ``power`` used on ``target`` from where I stand is worth (negative for a friend caught by it).

        Where I stand counts only through combat advantage and, for forced
        movement, where the target can be pushed: the answer is remembered by
        those, and asked again for every cell I could attack from.
        """
        me = self.me
        facts = _facts(power)
        if target.side == me.side:
            return self.heal_worth(power, target) if facts.heal else -_NEVER
        advantage = power.attack is not None and self.has_advantage(target, facts.kind is RangeKind.MELEE)
        key = (id(power), target.id, bonus, advantage, me.cell if facts.forces else None)
        got = self._target_worth.get(key)
        if got is None:
            got = self._target_worth[key] = self._target_worth_now(power, target, bonus, advantage, facts)
        return got

    def _outcome_worths(self, power: Power, target: Creature, facts: _Facts) -> tuple[float, float, float, float]:
        """What the effect, a hit, a critical hit and a miss of ``power`` do to ``target`` (whatever the odds)."""
        key = (id(power), target.id, self.me.cell if facts.forces else None, self._bounding)
        got = self._outcomes.get(key)
        if got is not None:
            return got
        lasting: tuple[object, ...] | None = None
        if not facts.forces:
            # Without forced movement the answer depends only on the power, the target's sheet, hit points
            # and conditions, and whether I am weakened: the same in every decision of the session.
            kinds = tuple([k.kind for k in target.conditions]) if target.conditions else ()
            lasting = (id(power), id(target.template), target.hp, target.temp_hp, kinds, self.weakened)
            kept = self.kept_outcomes.get(lasting)
            if kept is not None and kept[0] is power and kept[1] is target.template:
                got = self._outcomes[key] = kept[2]
                return got
        effect_inert, hit_inert, miss_inert = facts.inert
        effect = 0.0 if effect_inert else self.outcome_worth(power, target, power.effect)
        if power.attack is None:
            got = (effect, 0.0, 0.0, 0.0)
        elif hit_inert:
            got = (effect, 0.0, 0.0, 0.0 if miss_inert else self.outcome_worth(power, target, power.miss,
                                                                              missed=True))
        else:
            got = (effect, self.outcome_worth(power, target, power.hit),
                   self.outcome_worth(power, target, power.hit, critical=True),
                   0.0 if miss_inert else self.outcome_worth(power, target, power.miss, missed=True))
        self._outcomes[key] = got
        if lasting is not None:
            if len(self.kept_outcomes) > 20000:
                self.kept_outcomes.clear()
            self.kept_outcomes[lasting] = (power, target.template, got)
        return got

    def _target_worth_now(self, power: Power, target: Creature, bonus: int, advantage: bool, facts: _Facts) -> float:
        worth, on_hit, on_critical, on_miss = self._outcome_worths(power, target, facts)
        attack = power.attack
        if attack is None:
            return worth
        bonus += attack.bonus
        if advantage:
            bonus += 2
        if self.prone:
            bonus -= 2
        marker = self.marker
        if marker is not None and marker != target.id:
            bonus -= 2
        defense: int = getattr(target.template.defenses, facts.defense or "")
        if facts.kind is not RangeKind.MELEE and target.has(ConditionKind.PRONE):
            defense += 2
        hit = _hit_chance(bonus, defense)
        critical = 1 / 20
        worth += (hit - critical) * on_hit
        worth += critical * on_critical
        worth += (1 - hit) * on_miss
        if power.marks:
            worth += hit * self.condition_worth(target, _MARKED)
        return worth

    def area_worth(self, power: Power, targets: list[Creature]) -> float:
        """The sum over an area's targets; minus infinity if it would hit an ally with an attack."""
        return sum(self.target_worth(power, t) for t in targets)

    def area_choice(self, power: Power, targets: list[Creature]) -> tuple[float, tuple[CreatureId, ...]]:
        """An area's worth and the targets to name: every creature caught (named none: the engine takes
        them all), or, for a power that takes at most N of them (``target_limit``), the N worth the most
        (ties: initiative order), named in initiative order."""
        limit = power.target_limit
        if limit is None or len(targets) <= limit:
            return self.area_worth(power, targets), ()
        ranked = sorted(targets, key=lambda t: (-self.target_worth(power, t), self.rank(t)))[:limit]
        keep = {t.id for t in ranked}
        chosen = [t for t in targets if t.id in keep]
        return self.area_worth(power, chosen), tuple(t.id for t in chosen)

    def provoked_by_shooting(self) -> float:
        """What using a ranged or area power here costs: the opportunity attacks of adjacent enemies."""
        return PROVOKE_WEIGHT * sum(self.oa_cost(e.id) for e in self.enemies if self.distance(e) == 1)

    def best_uses(self, powers: list[tuple[int, Power]]) -> list[_Use]:
        """The best use of each power from where I stand now (only uses worth more than nothing)."""
        out = []
        for order, power in powers:
            use = self.best_use(order, power)
            if use is not None and use.score > 0:
                out.append(use)
        return out

    def best_use(self, order: int, power: Power) -> _Use | None:
        """The best targets (or centre, or direction) for ``power`` from where I stand, if any is worth it."""
        me = self.me
        facts = _facts(power)
        kind = facts.kind
        factor = facts.factor
        best: _Use | None = None
        if facts.personal:
            worth = self.target_worth(power, me)
            return _Use(worth * factor, power, (me.id,), None, order)
        if facts.single:
            if not self._any_in_range(power):
                return None
            scored = []
            for target in self.targets(power):
                worth = self.target_worth(power, target)
                if worth > 0:
                    scored.append((-worth, self.rank(target), target))
            if not scored:
                return None
            if len(scored) > 1:
                scored.sort(key=lambda s: (s[0], s[1]))
            chosen = scored[:max(1, power.max_targets)]
            total = -sum(s[0] for s in chosen)
            penalty = self.provoked_by_shooting() if kind is RangeKind.RANGED else 0.0
            return _Use(total * factor - penalty, power, tuple(s[2].id for s in chosen), None, order)
        penalty = self.provoked_by_shooting() if kind is RangeKind.AREA_BURST else 0.0
        if kind in (RangeKind.CLOSE_BURST, RangeKind.CLOSE_BLAST) and me.cell != self.home and not facts.heal:
            size = power.reach.size
            if sum(1 for e in self.enemies if self.distance(e) <= size) < 2:
                return None  # elsewhere, a close area is worth a look only where it can catch two
        if kind is RangeKind.CLOSE_BURST:
            if not self._any_in_range(power):
                return None
            targets = self.targets(power)
            worth, named = self.area_choice(power, targets)
            if not targets or worth <= 0:
                return None
            return _Use(worth * factor, power, named, None, order)
        if kind is RangeKind.CLOSE_BLAST:
            if not self._any_in_range(power):
                return None
            size = power.reach.size
            for origin in self._blast_origins():
                if not any(self.grid.distance(origin, e.cell) <= size + max(1, e.template.size) - 1
                           for e in self.enemies):
                    continue  # no enemy anywhere near that side
                targets = self.targets(power, origin)
                if not targets:
                    continue
                worth, named = self.area_choice(power, targets)
                worth *= factor
                if worth > 0 and (best is None or worth > best.score):
                    best = _Use(worth, power, named, origin, order)
            return best
        if kind is RangeKind.AREA_BURST:
            if not self._any_in_range(power):
                return None
            for origin in self._burst_centres(power):
                targets = self.burst_targets(power, origin)
                if not targets:
                    continue
                worth, named = self.area_choice(power, targets)
                worth = worth * factor - penalty
                if worth > 0 and (best is None or worth > best.score):
                    best = _Use(worth, power, named, origin, order)
            return best
        return None

    def _any_in_range(self, power: Power) -> bool:
        """A cheap filter: could anyone the power cares about be within its reach from here at all?"""
        facts = _facts(power)
        return facts.heal or self.nearest_enemy(self.me.cell) <= facts.limit

    def nearest(self, friends: bool) -> int:
        """The distance from where I stand to the nearest enemy (or to the nearest of my side, me included)."""
        return 0 if friends else self.nearest_enemy(self.me.cell)

    def _blast_origins(self) -> list[Cell]:
        """The cells next to my space (where a close blast can be aimed), in cell order."""
        space = set(self.st.space(self.me))
        out: dict[Cell, None] = {}
        for cell in sorted(space, key=self.cell_key):
            for near in self.grid.neighbours(cell):
                if near not in space and near in self.st.board:
                    out[near] = None
        return sorted(out, key=self.cell_key)

    def _burst_centres(self, power: Power) -> list[Cell]:
        """Where an area burst is worth centring: on each creature it cares about, and where two or more meet."""
        size = power.reach.size
        pool = [c for c in self.st.living() if c.side == self.me.side] if _is_heal(power) else self.enemies
        count: dict[Cell, int] = {}
        centres: dict[Cell, None] = {}
        for c in pool:
            if self.distance(c) > power.reach.range + size:
                continue
            centres[c.cell] = None
            for cell in self.grid.within(c.cell, size):
                count[cell] = count.get(cell, 0) + 1
        for cell, n in count.items():
            if n >= 2:
                centres[cell] = None
        return sorted(centres, key=self.cell_key)

    def checked(self, use: _Use) -> bool:
        """Whether the engine accepts this use now: its legal-commands query (``Encounter.why_illegal``, apply's
        own checks run dry), not a check of the AI's own."""
        command = use.command(self.me.id)
        if self.enc.why_illegal(command):
            return False
        self.legal = command
        return True

    def first_good(self, uses: list[_Use]) -> _Use | None:
        for use in sorted(uses, key=lambda u: (-u.score, u.order)):
            if self.checked(use):
                return use
        return None

    def best_good(self, powers: list[tuple[int, Power]]) -> _Use | None:
        """``first_good(best_uses(powers))``, working out only the powers whose bound could put them first."""
        found, pending = self.by_bound(powers)
        while True:
            top = min(found, key=lambda u: (-u.score, u.order)) if found else None
            if pending and (top is None or pending[0][0] >= top.score - _MARGIN):
                _, order, power = pending.pop(0)
                use = self.best_use(order, power)
                if use is not None and use.score > 0:
                    found.append(use)
            elif top is None:
                got = None
                break
            elif self.checked(top):
                got = top
                break
            else:
                found.remove(top)
        if weights.CHECK_BOUNDS:
            assert got == self.first_good(self.best_uses(powers)), (self.me.id, got)
        return got

    def by_bound(self, powers: list[tuple[int, Power]]) -> tuple[list[_Use], list[tuple[float, int, Power]]]:
        """From where I stand: the uses (worth something) of the powers that are cheap to work out, and the
        others that could be worth using, best bound first (areas and forced movement: worth a bound first)."""
        found: list[_Use] = []
        pending = []
        for order, power in powers:
            kind = power.reach.kind
            if (kind is RangeKind.MELEE or kind is RangeKind.RANGED) and not _facts(power).forces:
                use = self.best_use(order, power)
                if use is not None and use.score > 0:
                    found.append(use)
                continue
            bound = self.use_bound(power, self.me.cell, sight=True)
            if bound is not None:
                pending.append((bound[0], order, power))
        pending.sort(key=lambda p: (-p[0], p[1]))
        return found, pending
