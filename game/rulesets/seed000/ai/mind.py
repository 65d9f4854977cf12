"""A decision's state and its bookkeeping: memory from the last decision, routes, threats, targets."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.grid import Cell, Square
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.ai import weights
from game.rulesets.seed000.ai.options import _BoundRows, _Use
from game.rulesets.seed000.ai.weights import (KILL_BASE, PROVOKE_WEIGHT, _CELL_KEYS, _DANGERS, _OUTCOMES, _average,
                                              _average_dangers, _coords, _facts, _hit_chance)
from game.rulesets.seed000.commands import Command
from game.rulesets.seed000.encounter import Encounter
from game.rulesets.seed000.model import ActionType, ConditionKind, CreatureId, Power, RangeKind, Role, TargetKind
from game.rulesets.seed000.state import Creature, EncounterState


class _MindBase:
    """One decision: the creature, the state, and what has been worked out so far (nothing survives the call)."""

    if TYPE_CHECKING:  # the upper bounds' queries (``bounds._Bounds``), which the bookkeeping below asks too
        def eligible(self, power: Power) -> list[Creature]: ...

        def gaps(self, anchor: Cell) -> dict[CreatureId, int]: ...

        def nearest_enemy(self, anchor: Cell) -> int: ...

    def __init__(self, encounter: Encounter, me: Creature) -> None:
        self.enc = encounter
        self.st: EncounterState = encounter.state
        self.me = me
        self.home = me.cell
        """Where I stand now (queries about other cells move me there and back)."""
        self.grid = self.st.board.grid
        self.ranks = {cid: i for i, cid in enumerate(self.st.initiative)}
        self._routes: dict[str, dict[Cell, tactics.Route]] = {}
        self._threat: dict[Cell, tuple[CreatureId, ...]] | None = None
        self._oa: dict[CreatureId, float] = {}
        self._advantage: dict[tuple[Cell | None, CreatureId, bool], bool] = {}
        self._forced: dict[tuple[Cell | None, CreatureId, str, int], float] = {}
        self._flanks: dict[CreatureId, frozenset[Cell]] = {}
        self._worth: dict[str, float] = {}
        self._targets: dict[tuple[object, ...], list[Creature]] = {}
        self._reach_ids: dict[tuple[Cell, int], frozenset[CreatureId]] = {}
        self._dangerous: list[Cell] | None = None
        self._use_at: dict[tuple[Cell, tuple[int, ...]], _Use | None] = {}
        self._target_worth: dict[tuple[int, CreatureId, int, bool, Cell | None], float] = {}
        self.enemies = sorted((c for c in self.st.living() if c.side != me.side and not c.is_out), key=self.rank)
        self._bounding = False
        """While set, forced movement is worth its most (``forced_worth``): the upper bounds below."""
        self._worst_danger: float | None = None
        self._bounds: dict[tuple[int, CreatureId, bool, int], float] = {}
        self._eligible: dict[int, list[Creature]] = {}
        self._bound_rows: dict[int, _BoundRows] = {}
        self._gaps: dict[Cell, dict[CreatureId, int]] = {}
        self._apart: dict[tuple[CreatureId, CreatureId], int] = {}
        self._outcomes: dict[tuple[int, CreatureId, Cell | None, bool], tuple[float, float, float, float]] = {}
        self._near_danger: dict[tuple[CreatureId, int], bool] = {}
        self._threatened: dict[Cell, tuple[CreatureId, ...]] = {}
        self._here: frozenset[CreatureId] | None = None
        self._others: list[tuple[CreatureId, tuple[tuple[int, int], ...]]] | None = None
        self._danger: dict[Cell, float] = {}
        self.square = isinstance(self.home, Square)
        self.single = len(self.st.space(me)) == 1
        """I fill one cell (wherever I stand)."""
        self.weakened = me.has(ConditionKind.WEAKENED)
        self.prone = me.has(ConditionKind.PRONE)
        marker = me.marked_by
        if marker is not None and (marker not in self.st.creatures or self.st.creatures[marker].is_out):
            marker = None
        self.marker = marker
        """Who marks me (when it is still in the fight): attacks on anyone else are at -2."""
        self.sight = tactics.sight_memo(self.st)
        memo = tactics.memo_of(self.st)
        board = self.st.board
        self.dangers: dict[Cell, float] = memo.kept(_DANGERS, lambda: _average_dangers(board))
        self.keys: dict[Cell, tuple[int, int]] = memo.kept(_CELL_KEYS, dict)
        self.kept_outcomes: dict[tuple[object, ...], tuple[Power, object, tuple[float, float, float, float]]] = \
            memo.kept(_OUTCOMES, dict)
        """What this encounter's decisions found so far (``_OUTCOMES``)."""
        """Line of effect known so far (``tactics.line_of_effect``'s memo, read before asking it)."""
        self._nearest_enemy: dict[Cell, int] = {}
        self.enemy_coords = [tuple(_coords(cell) for cell in self.st.space(e)) for e in self.enemies]
        self.legal: Command | None = None
        """The last command of this decision the engine's query accepted (it need not be asked again)."""
        self.print: tuple[object, ...] | None = None
        """The state this decision was made on (``adopt``), when a decision of mine may follow it."""

    # -- memory from the last decision -----------------------------------------------------

    _ADOPTED = ("_threat", "_oa", "_advantage", "_forced", "_flanks", "_worth", "_targets", "_reach_ids",
                "_dangerous", "_target_worth", "_worst_danger", "_bounds", "_eligible", "_gaps", "_apart",
                "_outcomes", "_near_danger", "_threatened", "_others", "_danger", "_nearest_enemy")
    """What a decision works out that does not depend on where I actually stand (every query about a cell
    puts me there first, and each memory is keyed by that cell where it matters) nor on my turn's budget,
    only on the rest of the state that :meth:`fingerprint` takes. Left out: my routes, who threatens me
    where I stand, and what depends on how far a cell is from where I stand (bound rows, uses at a cell:
    a close area away from home is looked at only where it catches two)."""

    def fingerprint(self) -> tuple[object, ...]:
        """Everything the memories in ``_ADOPTED`` read from the state, but my own cell."""
        st, me = self.st, self.me
        return (st.board, tuple(st.initiative), [
            (c.id, c.side, c.template, c.cell if c is not me else None, c.hp, c.temp_hp, c.surges, c.dead,
             c.dying, [(k.kind, k.source, k.duration, k.value, k.ends_on, k.at_start, k.turns_left)
                       for k in c.conditions] if c.conditions else None)
            for c in st.creatures.values()])

    def adopt(self, prior: _MindBase) -> None:
        """Take over ``prior``'s memories when it was a decision of mine in this encounter and nothing it
        read has changed since but my cell (the step after a move or a shift, a missed attack): the same
        questions then have the same answers, and the step does not work them out again."""
        if prior.enc is not self.enc or prior.me is not self.me or prior.print is None or \
                prior.print != self.fingerprint():
            return
        for name in self._ADOPTED:
            setattr(self, name, getattr(prior, name))

    # -- bookkeeping ---------------------------------------------------------------------

    def rank(self, c: Creature) -> int:
        return self.ranks.get(c.id, len(self.ranks))

    def rank_of(self, cid: CreatureId) -> int:
        return self.ranks.get(cid, len(self.ranks))

    def cell_key(self, cell: Cell) -> tuple[int, int]:
        """Row, then column: the cell order of ties."""
        got = self.keys.get(cell)
        if got is None:
            col, row = self.grid.cell_to_offset(cell)
            got = self.keys[cell] = (row, col)
        return got

    def can_spend(self, action: ActionType) -> bool:
        """Whether I may still take an action of kind ``action`` this turn: the engine's answer
        (``Encounter.action_problem``, the check every command makes before it spends one)."""
        return not self.enc.action_problem(self.me, action)

    def can_spend_after(self, first: ActionType, then: ActionType) -> bool:
        """Whether ``then`` is still possible once ``first`` is spent (dazed creatures get one action): the
        engine's answer in a copy of my turn's budget with ``first`` spent."""
        saved = self.st.budget
        self.st.budget = saved.copy()
        try:
            if self.enc.ruleset.spend(self.st, self.me, first) is None:
                return False
            return not self.enc.action_problem(self.me, then)
        finally:
            self.st.budget = saved

    def routes(self, mode: str) -> dict[Cell, tactics.Route]:
        """Where a ``mode`` from where I stand may end: the destinations the engine's query offers
        (``Encounter.move_routes``)."""
        got = self._routes.get(mode)
        if got is None:
            got = self._routes[mode] = self.enc.move_routes(self.me, mode)
        return got

    @property
    def threat(self) -> dict[Cell, tuple[CreatureId, ...]]:
        """Cells my enemies threaten, and who threatens each."""
        if self._threat is None:
            self._threat = tactics.threat_map(self.st, self.me)
        return self._threat

    def threatened_at(self, anchor: Cell) -> tuple[CreatureId, ...]:
        """The enemies threatening my space, were I on ``anchor``."""
        got = self._threatened.get(anchor)
        if got is None:
            out: list[CreatureId] = []
            for cell in self.st.space_at(self.me, anchor):
                for cid in self.threat.get(cell, ()):
                    if cid not in out:
                        out.append(cid)
            got = self._threatened[anchor] = tuple(out)
        return got

    def provokers_here(self) -> frozenset[CreatureId]:
        """Who threatens my space where I stand (``threatened_at(home)`` as a set), without the whole threat
        map when it is not there yet: ``tactics.provokers_leaving`` looks only at the enemies nearby."""
        if self._here is None:
            if self._threat is not None:
                self._here = frozenset(self.threatened_at(self.home))
            else:
                self._here = frozenset(tactics.provokers_leaving(self.st, self.me, self.home))
            if weights.CHECK_BOUNDS:
                assert self._here == frozenset(self.threatened_at(self.home))
        return self._here

    def oa_cost(self, cid: CreatureId) -> float:
        """The damage I expect from one opportunity attack of ``cid``."""
        got = self._oa.get(cid)
        if got is None:
            enemy = self.st.creatures[cid]
            power = tactics.opportunity_power(self.st, enemy)
            got = 0.0
            if power is not None and power.attack is not None and enemy.can_react and power.hit.damage is not None:
                defense = self.me.template.defenses.against(power.attack.defense)
                got = _hit_chance(power.attack.bonus, defense) * _average(power.hit.damage)
            self._oa[cid] = got
        return got

    def danger_at(self, anchor: Cell) -> float:
        """The average damage of the worst dangerous terrain under my space at ``anchor`` (0 if none)."""
        dangers = self.dangers
        if not dangers:
            return 0.0
        if self.single:
            worst = dangers.get(anchor)
            return 0.0 if worst is None else max(0.0, worst)
        got = self._danger.get(anchor)
        if got is None:
            got = 0.0
            for cell in self.st.space_at(self.me, anchor):
                damage = dangers.get(cell)
                if damage is not None:
                    got = max(got, damage)
            self._danger[anchor] = got
        return got

    def route_cost(self, anchor: Cell, route: tactics.Route | None, mode: str) -> float:
        """What reaching ``anchor`` costs me: provoked attacks, terrain entered, terrain stood in next turn."""
        cost = 0.0
        if route is not None:
            if mode != "shift":
                provokers = route.safest_provokers
                if provokers:  # (none: adds 0)
                    cost += PROVOKE_WEIGHT * sum(self.oa_cost(cid) for cid in provokers)
            if self.dangers:
                danger_at = self.danger_at
                cost += sum(danger_at(cell) for cell in route.safest_path)  # the path the engine takes
        return cost + self.danger_at(anchor)

    def nearest_enemy_distance(self, anchor: Cell) -> int:
        return self.nearest_enemy(anchor) if self.enemies else 99

    def is_ranged(self) -> bool:
        """A creature that fights from afar: artillery, or its basic attack is ranged."""
        sheet = self.me.template
        if sheet.role is Role.ARTILLERY:
            return True
        basic = sheet.reaction_defaults.basic_attack
        for power in sheet.powers:
            if power.id == basic:
                return not power.is_melee
        return False

    def worth_of(self, c: Creature) -> float:
        """What removing ``c`` from the fight is worth: its best expected damage per round, plus a base."""
        got = self._worth.get(c.template.id)
        if got is None:
            best = 0.0
            for power in c.template.powers:
                if power.attack is not None and power.hit.damage is not None and power.action is not ActionType.REACTION:
                    best = max(best, 0.6 * _average(power.hit.damage) * max(1, power.max_targets))
            got = self._worth[c.template.id] = KILL_BASE + best
        return got

    def targets(self, power: Power, origin: Cell | None = None) -> list[Creature]:
        """``tactics.valid_targets`` from where I stand, shared by powers of the same reach and target kind."""
        facts = _facts(power)
        if facts.single:
            return self.reach_targets(power, self.me.cell)
        key = (self.me.cell, facts.shape, origin)
        got = self._targets.get(key)
        if got is None:
            kind = facts.kind
            if kind is RangeKind.CLOSE_BURST or kind is RangeKind.AREA_BURST:
                got = self.area_targets(power, origin)
            else:
                got = tactics.valid_targets(self.st, self.me, power, origin)
            self._targets[key] = got
        return got

    def area_targets(self, power: Power, origin: Cell | None, centred: bool = False) -> list[Creature]:
        """``tactics.valid_targets`` of a close burst, or of an area burst centred on ``origin``, from where
        I stand (``centred``: as if I stood on ``origin``, which only drops the test of range and sight).

        ``tactics.target_test`` (the one implementation of the targeting rulings) over the candidates
        :meth:`eligible` lists once per decision, in the same order.
        """
        me = self.me
        if me.dead:
            return []
        if power.reach.kind is RangeKind.PERSONAL or power.targets is TargetKind.SELF:
            return [me]
        at = origin if centred and power.reach.kind is RangeKind.AREA_BURST else None
        test = tactics.target_test(self.st, me, power, origin, at=at)
        return [c for c in self.eligible(power) if test(c)]

    def reach_targets(self, power: Power, anchor: Cell) -> list[Creature]:
        """``tactics.valid_targets`` of a melee or ranged power, were I on ``anchor``, without moving me there.

        ``tactics.target_test`` (the one implementation of the targeting rulings) as if I stood on
        ``anchor``, over the candidates :meth:`eligible` lists once per decision, in the same order.
        """
        facts = _facts(power)
        key = (anchor, facts.shape, None)
        got = self._targets.get(key)
        if got is None:
            me = self.me
            if me.dead or power.targets is TargetKind.SELF:
                got = self._targets[key] = [] if me.dead else [me]
                return got
            test = tactics.target_test(self.st, me, power, at=anchor)
            got = self._targets[key] = [c for c in self.eligible(power) if test(c)]
        return got

    def reach_ids(self, power: Power, anchor: Cell) -> frozenset[CreatureId]:
        """The ids of :meth:`reach_targets` (a creature is in it when its id is: ids are unique)."""
        key = (anchor, _facts(power).shape)
        got = self._reach_ids.get(key)
        if got is None:
            got = self._reach_ids[key] = frozenset(c.id for c in self.reach_targets(power, anchor))
        return got

    def burst_targets(self, power: Power, origin: Cell) -> list[Creature]:
        """Who an area burst centred on ``origin`` would hit, if I can centre it there from where I stand.

        What the burst covers does not depend on where I stand (I am never the
        target of a power aimed at enemies), only whether I may centre it
        there, so the cover is asked once per centre, as if standing on it.
        """
        reach = power.reach
        if power.targets is not TargetKind.ENEMY:
            return self.targets(power, origin)
        me, st = self.me, self.st
        if st.distance_to_cell(me, origin) > reach.range or \
                not any(tactics.line_of_effect(st, cell, origin) for cell in st.space(me)):
            return []
        key = ("burst", reach.size, _facts(power).heal, origin)
        got = self._targets.get(key)
        if got is None:
            got = self._targets[key] = self.area_targets(power, origin, centred=True)
        return got

    def distance(self, c: Creature) -> int:
        """Cells between my space (where I stand now) and ``c``'s."""
        return self.gaps(self.me.cell)[c.id]
