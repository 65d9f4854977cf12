"""Upper bounds: what a cell could be worth at most, without the expensive queries."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.grid import Cell
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.ai.options import _BoundRows
from game.rulesets.seed000.ai.weights import FLANK_BONUS, PROVOKE_WEIGHT, _NEVER, _coords, _facts, _is_heal
from game.rulesets.seed000.ai.worth import _Worth
from game.rulesets.seed000.model import ConditionKind, CreatureId, Power, RangeKind
from game.rulesets.seed000.state import Creature


class _Bounds(_Worth):
    """A decision, with the upper bounds of what a cell or a power could be worth."""

    if TYPE_CHECKING:  # where I would flank a target (``standing._Standing``), which the bound rows ask
        def flank_cells(self, target: Creature) -> frozenset[Cell]: ...

    # -- upper bounds: what a cell could be worth at most, without the expensive queries ----
    #
    # A plan is worked out exactly only where its bound could beat the best plan
    # found so far; a bound is never below the exact score (tests check it), and
    # a plan is skipped only when its bound is below the best by a margin, so the
    # answer is the one the full search gives.

    def eligible(self, power: Power) -> list[Creature]:
        """The creatures ``power`` may target at all (``tactics.is_eligible_target``: ``valid_targets`` before
        position), rank order; shared by powers of the same target kind and heal (what eligibility reads)."""
        key = _facts(power).pool
        got = self._eligible.get(key)
        if got is None:
            me = self.me
            got = self._eligible[key] = [c for c in sorted(self.st.living(), key=self.rank)
                                         if tactics.is_eligible_target(me, power, c)]
        return got

    def worth_bound(self, power: Power, target: Creature, advantage: bool, bonus: int = 0) -> float:
        """An upper bound of ``target_worth(power, target, bonus)`` from anywhere, with or without combat
        advantage: exact, but for forced movement, counted at its most."""
        facts = _facts(power)
        if not facts.forces:
            key = (id(power), target.id, bonus, advantage, None)
            got = self._target_worth.get(key)
            if got is None:
                got = self._target_worth[key] = self._target_worth_now(power, target, bonus, advantage, facts)
            return got
        bound_key = (id(power), target.id, advantage, bonus)
        got = self._bounds.get(bound_key)
        if got is None:
            self._bounding = True
            try:
                got = self._bounds[bound_key] = self._target_worth_now(power, target, bonus, advantage, facts)
            finally:
                self._bounding = False
        return got

    def apart(self, a: Creature, b: Creature) -> int:
        """Cells between two creatures' spaces (neither of them me)."""
        key = (a.id, b.id)
        got = self._apart.get(key)
        if got is None:
            got = self._apart[key] = 0 if a.id == b.id else self.st.distance(a, b)
        return got

    def gaps(self, anchor: Cell) -> dict[CreatureId, int]:
        """:meth:`gap` to every creature on the board, were I on ``anchor``."""
        got = self._gaps.get(anchor)
        if got is None:
            others = self._others
            if others is None:
                me = self.me
                others = self._others = [(c.id, tuple(_coords(cell) for cell in self.st.space(c)))
                                         for c in self.st.living() if c.id != me.id]
            got = {self.me.id: 0}
            # grid.distance, written out: the king-move distance on squares, the cube distance on hexes.
            square = self.square
            mine = [_coords(anchor)] if self.single else [_coords(cell) for cell in self.st.space_at(self.me, anchor)]
            for cid, theirs in others:
                best = 1 << 30
                for bx, by in theirs:
                    for ax, ay in mine:
                        dx, dy = ax - bx, ay - by
                        if square:
                            dx, dy = abs(dx), abs(dy)
                            d = dx if dx > dy else dy
                        else:
                            d = (abs(dx) + abs(dy) + abs(dx + dy)) // 2
                        if d < best:
                            best = d
                got[cid] = best
            self._gaps[anchor] = got
        return got

    def nearest_enemy(self, anchor: Cell) -> int:
        """The distance from my space, were I on ``anchor``, to the nearest enemy (``1 << 20`` if none)."""
        got = self._nearest_enemy.get(anchor)
        if got is None:
            got = 1 << 20
            gaps = self._gaps.get(anchor)
            if gaps is not None:
                for e in self.enemies:
                    d = gaps[e.id]
                    if d < got:
                        got = d
            else:  # as gaps() does, on the enemies only
                square = self.square
                mine = [_coords(anchor)] if self.single else [_coords(c) for c in self.st.space_at(self.me, anchor)]
                for theirs in self.enemy_coords:
                    for bx, by in theirs:
                        for ax, ay in mine:
                            dx, dy = ax - bx, ay - by
                            if square:
                                dx, dy = abs(dx), abs(dy)
                                d = dx if dx > dy else dy
                            else:
                                d = (abs(dx) + abs(dy) + abs(dx + dy)) // 2
                            if d < got:
                                got = d
            self._nearest_enemy[anchor] = got
        return got

    def bound_rows(self, power: Power) -> _BoundRows:
        """What :meth:`use_bound` needs of ``power``, worked out once per decision."""
        got = self._bound_rows.get(id(power))
        if got is None:
            me = self.me
            kind = power.reach.kind
            melee = kind is RangeKind.MELEE
            rows: list[tuple[Creature, float, float, frozenset[Cell]]] = []
            farthest = _facts(power).limit + max(1, me.speed())  # from any cell I could stand on
            home = self.gaps(self.home)
            for c in self.eligible(power):
                if home[c.id] > farthest:
                    continue
                flanks: frozenset[Cell] = frozenset()
                if c.side == me.side:
                    without = with_ = self.heal_worth(power, c) if _is_heal(power) else -_NEVER
                elif power.attack is None:
                    without = with_ = self.worth_bound(power, c, False)
                else:
                    if melee:
                        flanks = self.flank_cells(c)  # the flanking bonus, and advantage, only there
                    if self.has_advantage(c, False) or (melee and c.has(ConditionKind.PRONE)):
                        without = with_ = self.worth_bound(power, c, True)  # its conditions: anywhere
                    else:
                        without = with_ = self.worth_bound(power, c, False)
                        if flanks:
                            with_ = self.worth_bound(power, c, True)
                if max(without, with_) > 0:
                    rows.append((c, without, with_, flanks))
            facts = _facts(power)
            # (no dict keyed by an enum here: an Enum's hash is a Python function in 3.11)
            diameter = power.reach.size if kind is RangeKind.CLOSE_BLAST else \
                2 * power.reach.size if kind is RangeKind.AREA_BURST else None
            got = self._bound_rows[id(power)] = _BoundRows(
                factor=facts.factor, limit=facts.limit, melee=melee, area=not facts.single,
                take=max(1, power.max_targets),
                two_away=kind in (RangeKind.CLOSE_BURST, RangeKind.CLOSE_BLAST) and not facts.heal,
                size=power.reach.size, provokes=power.provokes_when_adjacent, diameter=diameter,
                personal=self.target_worth(power, me) * facts.factor if facts.personal else None,
                rows=rows)
        return got

    def use_bound(self, power: Power, anchor: Cell | None, budget: int = 0,
                  sight: bool = False) -> tuple[float, float] | None:
        """An upper bound of ``best_use(power)``'s score standing on ``anchor`` (None: anywhere within
        ``budget`` steps of where I stand), and of the position score that use would add; None when no
        use there can be worth anything. ``sight``: look at line of effect too (melee and ranged powers)."""
        b = self.bound_rows(power)
        if b.personal is not None:
            return (b.personal, 0.0) if b.personal > 0 else None
        where = self.home if anchor is None else anchor
        gaps = self.gaps(where)
        if anchor is not None and b.two_away and anchor != self.home and \
                sum(1 for e in self.enemies if gaps[e.id] <= b.size) < 2:
            return None
        # Line of effect is looked at (once per cell and shape) only when someone is within reach at all.
        look = anchor if sight and not b.area else None
        visible: frozenset[CreatureId] | None = None
        worths: list[float] = []
        caught: list[Creature] = []
        flank = False
        limit = b.limit + (budget if anchor is None else 0)
        for c, without, with_, flanks in b.rows:
            if gaps[c.id] > limit:
                continue
            if look is not None:
                if visible is None:
                    visible = self.reach_ids(power, look)
                if c.id not in visible:
                    continue
            worth = without
            if flanks and (anchor is None or anchor in flanks):
                flank = True
                worth = with_
            if worth > 0:
                worths.append(worth)
                caught.append(c)
        if not worths:
            return None
        if b.diameter is not None and len(worths) > 1:
            # One blast or burst catches only creatures within its width of each other.
            total = max(sum(w for d, w in zip(caught, worths) if self.apart(c, d) <= b.diameter) for c in caught)
        elif b.area:
            total = sum(worths)
        else:
            worths.sort(reverse=True)
            total = sum(worths[:b.take])
        score = total * b.factor
        position = FLANK_BONUS if flank else 0.0
        if b.provokes and anchor is not None:
            score -= PROVOKE_WEIGHT * sum(self.oa_cost(e.id) for e in self.enemies if gaps[e.id] == 1)
            position = 0.0  # at most (exposure only costs)
            if score <= 0:
                return None
        return score, position

    def plan_bound(self, anchor: Cell | None, powers: list[tuple[int, Power]],
                   budget: int = 0, sight: bool = False) -> tuple[float, bool]:
        """An upper bound of the score ``best_use_at(anchor, powers)`` plus its position score could give
        (before the way there is paid), and whether some use there could be worth anything at all.
        ``anchor`` None: anywhere within ``budget`` steps."""
        best = -_NEVER
        for _, power in powers:
            got = self.use_bound(power, anchor, budget, sight)
            if got is not None:
                best = max(best, got[0] + got[1])
        return best, best > -_NEVER
