"""The turn: what a decision answers, and what a creature does when there is nothing to hit."""

from __future__ import annotations

from game.grid import Cell
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.ai.options import _Plan
from game.rulesets.seed000.ai.standing import _Standing
from game.rulesets.seed000.ai.weights import EXPOSED, MINOR_THRESHOLD, RANGED_KEEP, STEP_WORTH, _NEVER, _standing_at
from game.rulesets.seed000.commands import Command, EndTurnCommand, MoveCommand, ShiftCommand, StandUpCommand
from game.rulesets.seed000.model import ActionType, ConditionKind, Power, RangeKind
from game.rulesets.seed000.state import Creature


class _Mind(_Standing):
    """One decision: the creature, the state, and what has been worked out so far (nothing survives the call)."""

    # -- when there is nothing to hit ------------------------------------------------------

    def close_in(self) -> Command | None:
        """Walk toward the nearest enemy (by walking distance), not provoking if it can help it."""
        st, me = self.st, self.me
        routes = self.routes("move")
        if not routes or not self.enemies:
            return None
        arounds = [[n for cell in st.space(enemy) for n in self.grid.neighbours(cell)] for enemy in self.enemies]
        # Only the nearest matter: every enemy whose nearest cell costs the least is in ``mine`` with that
        # cost, any other one costs more (or is left out, which reads the same: it is not the quarry).
        mine = tactics.distances_to(st, me, [n for around in arounds for n in around], nearest=True)
        quarry: Creature | None = None
        best = _NEVER
        for enemy, around in zip(self.enemies, arounds):
            d = min((mine[n] for n in around if n in mine), default=_NEVER)
            if d < best:
                best, quarry = d, enemy
        if quarry is None:
            return None
        with _standing_at(me, quarry.cell):
            # The choices below are the cells nearer the quarry than where I stand (gap(a) < start, start > 0,
            # comes to field[a] < field[home]): the flood may stop once it settles my cell, a cell it leaves
            # out counts as unreachable, as one farther than mine would.
            field = tactics.distances_to(st, me, [self.home, *routes], until=self.home)
        keep = 1
        if self.is_ranged():
            keep = min(RANGED_KEEP, max((p.reach.range for _, p in self.usable(ActionType.STANDARD)
                                         if p.reach.kind is RangeKind.RANGED), default=1))

        def gap(anchor: Cell) -> float:
            return max(0.0, field.get(anchor, _NEVER) - keep)

        if gap(me.cell) == 0:
            return None
        start = gap(me.cell)

        def key(anchor: Cell) -> tuple[int, float, float, int, int, tuple[int, int]]:
            route = routes[anchor]
            exposed = len(self.threatened_at(anchor)) if keep > 1 else 0
            price = self.route_cost(anchor, route, "move") + EXPOSED * exposed
            return (len(route.safest_provokers), price - STEP_WORTH * (start - gap(anchor)), gap(anchor), exposed,
                    route.safest_cost, self.cell_key(anchor))

        choices = [a for a in routes if gap(a) < start]
        if not choices:
            return None
        goal_key, goal = min((key(a), a) for a in choices)  # (no two keys are equal: the last part is the cell's)
        if goal_key[0] or goal_key[1] >= 0:
            return None  # every step closer provokes, or costs more than it gains
        return MoveCommand(me.id, goal)

    def step_back(self) -> Command | None:
        """After attacking: a ranged creature next to an enemy, or anyone in dangerous terrain, steps out."""
        me = self.me
        in_danger = self.danger_at(me.cell) > 0
        exposed = self.is_ranged() and bool(self.provokers_here())
        if not (in_danger or exposed):
            return None

        def bad(anchor: Cell) -> tuple[float, int]:
            return self.danger_at(anchor), len(self.threatened_at(anchor)) if exposed else 0

        now = bad(me.cell)
        for mode in ("shift", "move"):
            routes = self.routes(mode)
            choices = [a for a in routes if bad(a) < now
                       and (mode == "shift" or not routes[a].safest_provokers)]
            if choices:
                def key(anchor: Cell) -> tuple[tuple[float, int], float, int, tuple[int, int]]:
                    route = routes[anchor]
                    return (bad(anchor), self.route_cost(anchor, route, mode),
                            -min(self.nearest_enemy_distance(anchor), RANGED_KEEP), self.cell_key(anchor))

                anchor = min(choices, key=key)
                return ShiftCommand(me.id, anchor) if mode == "shift" else MoveCommand(me.id, anchor)
        return None

    # -- the turn --------------------------------------------------------------------------

    def decide(self) -> Command:
        st, me = self.st, self.me
        end = EndTurnCommand(me.id)
        if st.ended or st.acting_id != me.id or not me.can_act:
            return end
        standard = self.can_spend(ActionType.STANDARD)
        move = self.can_spend(ActionType.MOVE)
        attacks = self.usable(ActionType.STANDARD) if standard else []
        prone = me.has(ConditionKind.PRONE)
        if prone and move:
            dazed_shot = me.has(ConditionKind.DAZED) and self.best_good(attacks) is not None
            if not dazed_shot:
                return StandUpCommand(me.id)
        if st.budget.minor:
            minor = self.best_good(self.usable(ActionType.MINOR))
            if minor is not None and minor.score >= MINOR_THRESHOLD:
                return minor.command(me.id)
        can_walk = move and tactics.can_move(st, me)
        if attacks:
            plan = self.attack_plan(attacks, can_walk)
            if plan is not None:
                return plan
        if can_walk:
            if standard:
                command = self.close_in()
            else:
                command = self.step_back()
            if command is not None:
                return command
        return end

    def attack_plan(self, attacks: list[tuple[int, Power]], can_walk: bool) -> Command | None:
        """The best of: attack from here, shift or move then attack, charge."""
        me = self.me
        plans: list[_Plan] = []
        here = self.best_good(attacks)
        if here is not None:
            plans.append(_Plan(here.score + self.position_score(me.cell, here), (0,), here.command(me.id)))
        ranged = self.is_ranged()

        def floor() -> float:
            return max((p.score for p in plans), default=-_NEVER)

        if can_walk and self.can_spend_after(ActionType.MOVE, ActionType.STANDARD):
            threatened = bool(self.provokers_here())
            if here is None or threatened or not ranged:
                plans += self.moving_plans("shift", attacks, ranged, here, floor())
            if here is None or not threatened and not ranged:
                plans += self.moving_plans("move", attacks, ranged, here, floor())
            elif threatened and ranged and not any(p.score > plans[0].score for p in plans[1:]):
                plans += self.moving_plans("move", attacks, ranged, here, floor())
        elif here is None and not me.has(ConditionKind.PRONE) and tactics.can_move(self.st, me):
            plans += self.charge_plans()
        if not plans:
            return None
        best = max(plans, key=lambda p: (p.score, tuple(-t for t in p.tie)))
        if best.score <= 0:
            return None
        return best.command
