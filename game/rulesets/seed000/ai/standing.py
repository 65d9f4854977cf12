"""Where to stand: the plans that move, shift or charge, then attack."""

from __future__ import annotations

import heapq
from typing import Callable

from game.grid import Cell, GridKind
from game.rulesets.seed000 import charging, tactics
from game.rulesets.seed000.ai import weights
from game.rulesets.seed000.ai.bounds import _Bounds
from game.rulesets.seed000.ai.options import _Plan, _Use
from game.rulesets.seed000.ai.weights import (EXPOSED, FLANK_BONUS, PROVOKE_WEIGHT, RANGED_CELLS, RANGED_KEEP, _MARGIN,
                                              _NEAR, _NEVER, _is_heal, _standing_at)
from game.rulesets.seed000.commands import ChargeCommand, Command, MoveCommand, ShiftCommand
from game.rulesets.seed000.model import ActionType, ConditionKind, CreatureId, Power, RangeKind, TargetKind
from game.rulesets.seed000.state import Creature


class _Standing(_Bounds):
    """A decision, with where to stand: the plans that move, shift or charge before attacking."""

    # -- where to stand ------------------------------------------------------------------

    def best_use_at(self, anchor: Cell, powers: list[tuple[int, Power]]) -> _Use | None:
        """The best use of ``powers`` if I stood on ``anchor`` (shifts and moves ask about the same cells)."""
        key = (anchor, tuple(order for order, _ in powers))
        if key in self._use_at:
            return self._use_at[key]
        with _standing_at(self.me, anchor):
            found, pending = self.by_bound(powers)
            best = max(found, key=lambda u: (u.score, -u.order), default=None)
            for bound, order, power in pending:
                if best is not None and bound < best.score - _MARGIN:
                    break  # sorted: nothing further can beat it
                use = self.best_use(order, power)
                if use is not None and use.score > 0 and \
                        (best is None or (use.score, -use.order) > (best.score, -best.order)):
                    best = use
            if weights.CHECK_BOUNDS:
                assert best == max(self.best_uses(powers), key=lambda u: (u.score, -u.order), default=None)
        self._use_at[key] = best
        return best

    def flank_cells(self, target: Creature) -> frozenset[Cell]:
        got = self._flanks.get(target.id)
        if got is None:
            got = self._flanks[target.id] = tactics.flanking_cells(self.st, self.me, target)
        return got

    def close_reach(self, powers: list[tuple[int, Power]]) -> int:
        """How far my melee and close attack powers reach (0 if I have none)."""
        reach = 0
        for _, power in powers:
            kind = power.reach.kind
            if kind is RangeKind.MELEE and not _is_heal(power):
                reach = max(reach, power.reach.reach)
            elif kind in (RangeKind.CLOSE_BURST, RangeKind.CLOSE_BLAST) and not _is_heal(power):
                reach = max(reach, power.reach.size)
        return reach

    def enemies_within(self, anchor: Cell, reach: int) -> frozenset[CreatureId]:
        """The enemies within ``reach`` cells of my space if I stood on ``anchor`` (line of effect aside)."""
        grid, st = self.grid, self.st
        space = st.space_at(self.me, anchor)
        return frozenset(e.id for e in self.enemies
                         if min(grid.distance(a, b) for a in space for b in st.space(e)) <= reach)

    def melee_cells(self, routes: dict[Cell, tactics.Route], powers: list[tuple[int, Power]]) -> list[Cell]:
        """Reachable anchors from which some melee or close power of mine could reach an enemy."""
        reach = self.close_reach(powers)
        if not reach:
            return []
        size = 1 if self.st.board.kind is GridKind.HEX else max(1, self.me.template.size)
        out: dict[Cell, None] = {}
        for enemy in self.enemies:
            for cell in self.st.space(enemy):
                for anchor in self.grid.within(cell, reach + size - 1):
                    if anchor in routes and anchor not in out:
                        if min(self.grid.distance(a, b) for a in self.st.space_at(self.me, anchor)
                               for b in self.st.space(enemy)) <= reach:
                            out[anchor] = None
        return list(out)

    def ranged_cells(self, routes: dict[Cell, tactics.Route]) -> list[Cell]:
        """Reachable anchors in the order a ranged creature would rather shoot from: safest first."""
        threat = self.threat
        single = self.single
        threatened_at = self.threatened_at
        danger_at = self.danger_at
        nearest = self.nearest_enemy_distance
        cell_key = self.cell_key
        keyed: list[tuple[tuple[int, int, float, int, int, tuple[int, int]], Cell]] = []
        for anchor, route in routes.items():
            if single:
                ids = threat.get(anchor, ())
                threatened = len(ids) if len(ids) < 2 else len(threatened_at(anchor))
            else:
                threatened = len(threatened_at(anchor))
            keyed.append(((len(route.safest_provokers), threatened, danger_at(anchor),
                           abs(nearest(anchor) - RANGED_KEEP), route.safest_cost, cell_key(anchor)), anchor))
        # sorted(...)[:n]: no more are looked at. No two keys are equal (the last part is the cell's offset).
        return [anchor for _, anchor in heapq.nsmallest(RANGED_CELLS, keyed)]

    def position_score(self, anchor: Cell, use: _Use) -> float:
        """What standing on ``anchor`` adds to a use: flanking for melee, exposure for shooting."""
        if use.power.is_melee:
            if any(anchor in self.flank_cells(self.st.creatures[t]) for t in use.targets):
                return FLANK_BONUS
            return 0.0
        if use.power.provokes_when_adjacent:
            if anchor == self.home:  # the same enemies, without the whole threat map
                return -EXPOSED * len(self.provokers_here())
            return -EXPOSED * len(self.threatened_at(anchor))
        return 0.0

    def moving_plans(self, mode: str, powers: list[tuple[int, Power]], ranged: bool,
                     here: _Use | None = None, floor: float = -_NEVER) -> list[_Plan]:
        """Move (or shift) somewhere, then use the best power from there.

        Melee and close powers: every reachable cell within reach of an enemy
        (when I can already hit someone in melee from here, only the cells
        where I would flank or reach someone new). Ranged ones (``ranged``, or
        when no such cell is reachable): the safest reachable cells first, a
        bounded number of them.

        ``floor``: the best score among the plans already found. A cell whose
        upper bound is below it is not worked out (it could not win), and when
        no cell anywhere could beat it, the moves are not even listed.
        """
        shift = mode == "shift"
        mine = 0 if shift else 1
        bound, possible = self.plan_bound(None, powers, 1 if shift else self.me.speed())
        if not shift:  # every move leaves this cell first: whoever threatens it gets its attack
            bound -= PROVOKE_WEIGHT * sum(self.oa_cost(cid) for cid in sorted(self.provokers_here(), key=self.rank_of))
        if weights.CHECK_BOUNDS:
            self._check_bounds(mode, powers, bound if possible else None)
        if not possible or bound <= floor + _MARGIN:
            return []  # nothing could beat (or, an earlier kind of option, tie) the best plan so far
        routes = self.routes(mode)
        if not routes:
            return []
        close = within_reach = self.melee_cells(routes, powers)
        if here is not None and here.power.is_melee and close:
            reach = self.close_reach(powers)
            now = self.enemies_within(self.me.cell, reach)
            flanks = frozenset().union(*(self.flank_cells(e) for e in self.enemies if e.id in now))
            close = [a for a in close if a in flanks or not self.enemies_within(a, reach) <= now]
        # When all my powers are melee or close attacks and no reachable cell is within their reach of an
        # enemy, no cell has a use: no need to rank them for shooting.
        useless = not within_reach and all(p.reach.kind in _NEAR and p.targets is not TargetKind.SELF
                                           and not _is_heal(p) for _, p in powers)
        far = self.ranged_cells(routes) if ranged or not close and not useless else []
        plans: list[_Plan] = []
        best = floor
        best_tie: tuple[int, ...] = (mine,)

        def hopeless(bound: float, anchor: Cell) -> bool:
            """No plan there can beat the best so far: its bound is below, or ties and the best comes first."""
            if bound < best - _MARGIN:
                return True
            route = routes[anchor]
            return bound <= best + _MARGIN and \
                (mine + 1, route.cost if shift else route.safest_cost, *self.cell_key(anchor)) > best_tie
        near = [(i, p) for i, p in powers if p.reach.kind in _NEAR]
        # Cells within reach: any order gives the same best plan, so the most promising first.
        bounds: list[tuple[float, Cell]] = []
        for anchor in close:
            bound, possible = self.plan_bound(anchor, near)
            if possible:
                bounds.append((bound - self.route_cost(anchor, routes[anchor], mode), anchor))
        bounds.sort(key=lambda b: -b[0])
        for bound, anchor in bounds:
            if bound < best - _MARGIN:
                break
            if hopeless(bound, anchor):
                continue
            plan = self.plan_at(anchor, near, mode, routes)
            if plan is not None:
                plans.append(plan)
                if (plan.score, tuple(-t for t in plan.tie)) > (best, tuple(-t for t in best_tie)):
                    best, best_tie = plan.score, plan.tie
        # Cells to shoot from, safest first, until enough of them have a use.
        seen = set(close)
        found = 0
        for i, anchor in enumerate(far, 1):
            if anchor in seen:
                continue
            seen.add(anchor)
            if i > RANGED_CELLS or (i > 6 and found >= 3):
                break
            bound, possible = self.plan_bound(anchor, powers, sight=True)
            if not possible:
                continue  # no use here (best_use_at would say None)
            if hopeless(bound - self.route_cost(anchor, routes[anchor], mode), anchor):
                if self.best_use_at(anchor, powers) is not None:
                    found += 1
                continue
            plan = self.plan_at(anchor, powers, mode, routes)
            if plan is not None:
                found += 1
                plans.append(plan)
                if (plan.score, tuple(-t for t in plan.tie)) > (best, tuple(-t for t in best_tie)):
                    best, best_tie = plan.score, plan.tie
        return plans

    def _check_bounds(self, mode: str, powers: list[tuple[int, Power]], anywhere: float | None) -> None:
        """The bounds hold on every reachable cell: no exact plan above its cell's bound or the bound anywhere."""
        routes = self.routes(mode)
        near = [(i, p) for i, p in powers if p.reach.kind in _NEAR]
        for anchor in routes:
            cost = self.route_cost(anchor, routes[anchor], mode)
            for group, sight in ((near, False), (powers, True)):
                plan = self.plan_at(anchor, group, mode, routes)
                bound, possible = self.plan_bound(anchor, group, sight=sight)
                if plan is None:
                    continue
                assert possible and plan.score <= bound - cost + _MARGIN, \
                    (self.me.id, mode, anchor, plan, bound - cost)
                assert anywhere is not None and plan.score <= anywhere + _MARGIN, (self.me.id, mode, anchor, plan,
                                                                                    anywhere)

    def plan_at(self, anchor: Cell, powers: list[tuple[int, Power]], mode: str,
                routes: dict[Cell, tactics.Route]) -> _Plan | None:
        """Move (or shift) to ``anchor``, then use the best of ``powers`` from there."""
        use = self.best_use_at(anchor, powers)
        if use is None:
            return None
        route = routes[anchor]
        score = use.score - self.route_cost(anchor, route, mode) + self.position_score(anchor, use)
        command: Command = (ShiftCommand(self.me.id, anchor) if mode == "shift"
                            else MoveCommand(self.me.id, anchor))
        cost = route.cost if mode == "shift" else route.safest_cost
        return _Plan(score, (1 if mode == "shift" else 2, cost, *self.cell_key(anchor)), command)

    def charge_plans(self) -> list[_Plan]:
        """Charge: move at least two cells and make the melee basic attack at +1."""
        me = self.me
        basic = charging.charge_attack(me)
        if basic is None or me.has(ConditionKind.PRONE) or not self.can_spend(ActionType.STANDARD):
            return []
        if self.nearest(friends=False) > me.speed() + basic.reach.reach + me.template.size:
            return []
        routes = self.routes("move")
        reach = basic.reach.reach
        ends = self.charge_ends(routes)
        # Each (cell, target) gets a bound; the most promising are worked out first, and only while they
        # could beat the best so far (a charge worth nothing is never made, so the best starts at 0).
        pairs: list[tuple[float, Cell, Creature]] = []
        for anchor in self.melee_cells(routes, [(0, basic)]):
            route = routes[anchor]
            if len(route.path) < charging.MIN_PATH:
                continue
            cost = self.route_cost(anchor, route, "move")
            gaps = self.gaps(anchor)
            for target in self.eligible(basic):
                if target.id == me.id or gaps[target.id] > reach or anchor not in ends(target):
                    continue
                flank = anchor in self.flank_cells(target)
                worth = self.worth_bound(basic, target, False, 1)
                if flank or self.has_advantage(target, False) or target.has(ConditionKind.PRONE):
                    worth = max(worth, self.worth_bound(basic, target, True, 1))
                pairs.append((worth - cost + (FLANK_BONUS if flank else 0.0), anchor, target))
        pairs.sort(key=lambda p: -p[0])
        plans: list[_Plan] = []
        best = 0.0
        best_tie: tuple[int, ...] = (4,)
        for bound, anchor, target in pairs:
            if bound < best - _MARGIN:
                break
            route = routes[anchor]
            tie = (3, route.safest_cost, *self.cell_key(anchor), self.rank(target))
            if bound <= best + _MARGIN and tie > best_tie:
                continue
            plan = self.charge_at(anchor, target, basic, routes)
            if plan is not None:
                plans.append(plan)
                if (plan.score, tuple(-t for t in plan.tie)) > (best, tuple(-t for t in best_tie)):
                    best, best_tie = plan.score, plan.tie
        if weights.CHECK_BOUNDS:
            full = [p for p in self._charge_plans_full(basic, routes, ends) if p.score > 0]
            for bound, anchor, target in pairs:
                plan = self.charge_at(anchor, target, basic, routes)
                assert plan is None or plan.score <= bound + _MARGIN, (plan, bound)
            assert max(full, key=lambda p: (p.score, tuple(-t for t in p.tie)), default=None) == \
                max((p for p in plans if p.score > 0), key=lambda p: (p.score, tuple(-t for t in p.tie)), default=None)
        return plans

    def charge_at(self, anchor: Cell, target: Creature, basic: Power,
                  routes: dict[Cell, tactics.Route]) -> _Plan | None:
        """Charge ``target`` from ``anchor``, if it can be hit from there and is worth it."""
        me = self.me
        route = routes[anchor]
        with _standing_at(me, anchor):
            if target not in self.targets(basic):
                return None
            worth = self.target_worth(basic, target, bonus=1)
        if worth <= 0:
            return None
        score = worth - self.route_cost(anchor, route, "move")
        if anchor in self.flank_cells(target):
            score += FLANK_BONUS
        return _Plan(score, (3, route.safest_cost, *self.cell_key(anchor), self.rank(target)),
                     ChargeCommand(me.id, target.id, anchor))

    def charge_ends(self, routes: dict[Cell, tactics.Route]) -> Callable[[Creature], dict[Cell, tactics.Route]]:
        """Where the engine lets me end a charge at a creature (``Encounter.charge_cells``), asked once per
        creature and decision: which of those cells are worth it, and whether the attack can be made from
        there (``charge_at``), is mine to weigh."""
        known: dict[CreatureId, dict[Cell, tactics.Route]] = {}

        def ends(target: Creature) -> dict[Cell, tactics.Route]:
            got = known.get(target.id)
            if got is None:
                got = known[target.id] = self.enc.charge_cells(self.me, target, routes)
            return got

        return ends

    def _charge_plans_full(self, basic: Power, routes: dict[Cell, tactics.Route],
                           ends: Callable[[Creature], dict[Cell, tactics.Route]]) -> list[_Plan]:
        """Every charge plan, worked out one by one (what ``charge_plans`` must agree with; tests)."""
        st, me = self.st, self.me
        plans: list[_Plan] = []
        for anchor in self.melee_cells(routes, [(0, basic)]):
            route = routes[anchor]
            if len(route.path) < charging.MIN_PATH:
                continue
            with _standing_at(me, anchor):
                targets = self.targets(basic)
                for target in targets:
                    if anchor not in ends(target):
                        continue
                    space = st.space_at(me, anchor)
                    if min(self.grid.distance(a, b) for a in space for b in st.space(target)) > basic.reach.reach:
                        continue
                    worth = self.target_worth(basic, target, bonus=1)
                    if worth <= 0:
                        continue
                    score = worth - self.route_cost(anchor, route, "move")
                    if anchor in self.flank_cells(target):
                        score += FLANK_BONUS
                    plans.append(_Plan(score, (3, route.safest_cost, *self.cell_key(anchor), self.rank(target)),
                                       ChargeCommand(me.id, target.id, anchor)))
        return plans
