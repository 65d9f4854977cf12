"""The automatic player: the next command for the creature whose turn it is.

``choose_command(encounter, creature)`` is asked again after every command
until it answers :class:`EndTurnCommand`. Each answer is worked out afresh
from the state, so a turn is a short plan re-made after each step (stand up,
heal, move, attack, step back), and the same state always gives the same
answer. (What it remembers between calls changes no answer: after its own
move or shift, when nothing else has changed, a creature's next decision
takes over what the last one worked out, ``_Mind.adopt``; what an attack does
to a target is kept while the target is unchanged, ``_OUTCOMES``; both are kept in the encounter's memo,
``EncounterState.memo``, and dropped with it.) It draws
no random numbers of its own; ties go to the earlier option in a fixed order
(kind of option, then movement cost, then cell order, then the sheet's power
order, then initiative order), so a seed and the commands reproduce a fight.

Everything it knows about the board comes from :mod:`game.rulesets.seed000.tactics`, the
queries the window highlights, and what it may still do from the turn's
budget through the ruleset (``spend(..., check_only=True)``). Every power it
names passes :meth:`Encounter.check_power` first, every move, shift and
charge goes to a cell :func:`tactics.reachable` gave, so a command never
raises :class:`Impossible`; when in doubt it ends the turn.

How it chooses
--------------

* **Worth of an attack** on one target, in hit points: the chance to hit
  (attack bonus with combat advantage, prone, marks; defence with prone
  against ranged) times the hit's worth, plus the miss's and the effect's
  worth. Damage counts up to the target's hit points, weighted up as the
  target is worn down, plus a bonus for a likely kill (the target's own
  damage per round); conditions count from a table (stunned > dazed >
  weakened > ...), for longer if "save ends"; forced movement counts the
  damage of the dangerous terrain it can end in (the automatic decision puts
  enemies there first). A heal counts the hit points it restores (more on a
  bloodied ally; a dying ally back on its feet is worth the most). Encounter
  powers count 90 %, daily powers 75 %: they are kept for a better moment
  only when an at-will power is nearly as good. Area powers add up their
  targets and are never used when an ally would be caught.
* **Where to stand.** Melee creatures look at every reachable cell within
  reach of an enemy; cells where they flank (``tactics.flanking_cells``) add
  a bonus on top of the +2 of combat advantage. Ranged creatures look at the
  safest reachable cells first (not threatened, not dangerous, not
  provoking, farther from enemies). A cell costs the opportunity attacks its
  safest route provokes (``Route.safest_provokers``, each enemy's expected
  damage), the dangerous terrain the route enters and ends in, and, for a
  ranged power, the opportunity attacks of enemies next to that cell.
  Shifting provokes nothing, so an archer next to an enemy shifts away
  before it shoots when it can.
* **Charge** when a melee creature cannot move and then attack (its move
  action is gone, or it is dazed), at +1 with its melee basic attack.
* **Nothing to attack this turn:** close in on the nearest enemy (by walking
  distance, ``tactics.distance_field``) without provoking when possible;
  ranged creatures stop at a useful range. After attacking, a ranged
  creature next to an enemy steps away (shifting when it can), and anyone
  standing in dangerous terrain steps out.
* **Minor actions** (a leader's heal) are used whenever they are worth it.

Hypothetical positions: to ask a query "as if it stood on X", the creature is
put on X for the duration of the query and put back (``_standing_at``). That
is exact for every query (reach, line of effect, flanking, blast shapes) and
leaves the state as it was.

Searching less, same answer
---------------------------

A decision works out each query once (targets per cell and reach, the worth
of a power on a target per combat advantage, forced movement per cell) and
skips what cannot change the answer. Every power and every cell first gets
an upper bound, cheap to work out: the targets within reach (with line of
effect for melee and ranged powers, which it finds itself, exactly as
``tactics.valid_targets`` does), each counted at its best worth (with combat
advantage where a flanking cell or a condition gives it, forced movement into
the worst terrain on the board), an area counting only creatures that fit in
one blast or burst. A cell (or a power) whose bound cannot beat the best plan
found so far is not worked out; with nothing anywhere in reach of a move or
a shift that could beat it, the moves are not even listed. Cells are worked
out most promising first. Scores within ``_MARGIN`` of each other count as
tied, and a tie goes to the earlier kind of option, as above. With
``CHECK_BOUNDS`` set (tests) each decision also runs the full search and
checks it agrees.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from game.board import Board
from game.grid import Cell, GridKind, Square
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.commands import (ChargeCommand, Command, EndTurnCommand, MoveCommand, ShiftCommand,
                                 StandUpCommand, UsePowerCommand)
from game.rulesets.seed000.encounter import Encounter, Impossible
from game.rulesets.seed000.model import (ActionType, ConditionKind, ConditionSpec, CreatureId, DamageRoll, Duration,
                              Frequency, Outcome, Power, RangeKind, Role, TargetKind)
from game.rulesets.seed000.state import Creature, EncounterState

__all__ = ["choose_command"]

# -- weights (hit points are the unit) ------------------------------------------------------

CONDITION_WORTH: dict[ConditionKind, float] = {
    ConditionKind.STUNNED: 8.0,
    ConditionKind.DOMINATED: 8.0,
    ConditionKind.UNCONSCIOUS: 8.0,
    ConditionKind.DAZED: 4.0,
    ConditionKind.WEAKENED: 3.0,
    ConditionKind.IMMOBILIZED: 2.5,
    ConditionKind.BLINDED: 2.5,
    ConditionKind.GRANTING_ADVANTAGE: 2.0,
    ConditionKind.PRONE: 2.0,
    ConditionKind.SLOWED: 1.5,
    ConditionKind.MARKED: 1.0,
}
"""What a condition on an enemy is worth, for a turn (ongoing damage counts its amount)."""

DURATION_FACTOR: dict[Duration, float] = {Duration.SAVE_ENDS: 1.5, Duration.ENCOUNTER: 3.0}
"""How many turns' worth a condition lasts (1 if not listed)."""

FREQUENCY_FACTOR: dict[Frequency, float] = {Frequency.AT_WILL: 1.0, Frequency.ENCOUNTER: 0.9, Frequency.DAILY: 0.75}
"""Limited powers count for less: they are spent for good."""

FOCUS = 0.5
"""Damage counts ``1 + FOCUS * (share of hit points already lost)``: finish what is started."""

KILL_BASE = 3.0
"""A kill is worth this plus the target's own expected damage per round."""

FLANK_BONUS = 1.0
"""Standing where it flanks helps the ally too (its combat advantage)."""

DYING_ALLY = 15.0
"""Getting a dying ally back on its feet, on top of the hit points healed."""

PROVOKE_WEIGHT = 1.2
"""An opportunity attack taken counts its expected damage times this."""

EXPOSED = 1.0
"""A ranged creature ending its move where an enemy threatens it, per such enemy."""

MINOR_THRESHOLD = 3.0
"""A minor-action power is used when it is worth at least this."""

STEP_WORTH = 1.0
"""A cell closer to the quarry, when there is nothing to attack (a closing move never provokes)."""

RANGED_KEEP = 6
"""A ranged creature closing in stops this many cells (walking) from its quarry, if its range allows."""

RANGED_CELLS = 16
"""How many of its safest reachable cells a ranged creature examines for a shot."""

_NEVER = float("inf")

_NEAR = (RangeKind.MELEE, RangeKind.CLOSE_BURST, RangeKind.CLOSE_BLAST)
"""Powers used at arm's length (``melee_cells``)."""

_MARKED = ConditionSpec(ConditionKind.MARKED, Duration.END_OF_SOURCE_NEXT_TURN)
"""The mark a marking power's hit leaves."""

_MARGIN = 1e-6
"""A plan is skipped when its upper bound is below the best score by more than this (rounding)."""

CHECK_BOUNDS = False
"""Tests set this: every decision then also does the full search and checks the shortcuts agree with it."""


# -- small arithmetic ------------------------------------------------------------------------


def _average(roll: DamageRoll) -> float:
    return roll.count * (roll.sides + 1) / 2 + roll.bonus


def _hit_chance(bonus: int, defense: int) -> float:
    """P(hit) of a d20 + ``bonus`` against ``defense``: a natural 20 always hits, a natural 1 always misses."""
    lowest = max(2, defense - bonus)
    count = 20 - lowest if lowest <= 19 else 0
    return (1 + count) / 20


def _chance_at_least(roll: DamageRoll, amount: float, scale: float = 1.0) -> float:
    """Rough P(``scale`` x roll >= amount), as if the total were uniform between its least and its most."""
    low, high = (roll.count + roll.bonus) * scale, roll.maximum * scale
    if amount <= low:
        return 1.0
    if amount > high:
        return 0.0
    return (high - amount + 1) / (high - low + 1)


@dataclass(frozen=True, slots=True)
class _Facts:
    """What the AI asks of a power again and again, worked out once (sheets never change)."""

    power: Power
    heal: bool
    """A hit or effect heals."""
    limit: int
    """How far from its user anyone the power affects can be (0 for personal powers)."""
    forces: bool
    """Some outcome pushes, pulls or slides."""
    kind: RangeKind
    single: bool
    """A melee or ranged power (targets picked one by one, not an area)."""
    factor: float
    """``FREQUENCY_FACTOR`` of its frequency."""
    personal: bool
    """Used on myself only (a personal power, or one targeting ``SELF``)."""
    shape: int
    """Its reach and what it targets, as a small number: two powers with the same shape have the same valid
    targets from the same place (``_SHAPES``)."""
    pool: int
    """What it may target at all (target kind, heal), as a small number (``_Mind.eligible``)."""
    defense: str | None
    """The field of ``Defenses`` its attack is against."""
    inert: tuple[bool, bool, bool]
    """Its effect, hit and miss do nothing :meth:`_Mind.outcome_worth` counts (no damage, condition or forced
    movement): worth 0 on anyone."""


_FACTS: dict[int, _Facts] = {}
"""By the power's id (the entry keeps the power, so a reused id is noticed): facts of immutable sheets, not
state; the same power always gives the same facts."""

_SHAPES: dict[tuple[object, ...], int] = {}
"""The number of each reach-and-targets shape met so far. Never cleared (a number keeps its meaning for the
whole session, so a decision's memory keyed by it cannot mix two shapes); as many entries as distinct
shapes of power in the content."""


def _shape(key: tuple[object, ...]) -> int:
    got = _SHAPES.get(key)
    if got is None:
        got = _SHAPES[key] = len(_SHAPES)
    return got


def _inert(power: Power, outcome: Outcome) -> bool:
    """Whether ``outcome_worth`` is 0 for ``outcome`` whoever the target (no damage, conditions or forcing)."""
    damage = outcome.damage is not None or (outcome.half_damage and power.hit.damage is not None)
    return not damage and not outcome.conditions and outcome.forced is None


def _facts(power: Power) -> _Facts:
    got = _FACTS.get(id(power))
    if got is None or got.power is not power:
        reach = power.reach
        kind = reach.kind
        limit = {RangeKind.MELEE: reach.reach, RangeKind.RANGED: reach.range, RangeKind.CLOSE_BURST: reach.size,
                 RangeKind.CLOSE_BLAST: reach.size,
                 RangeKind.AREA_BURST: reach.range + reach.size}.get(kind, 0)
        outcomes = (power.hit, power.miss, power.effect)
        heal = any(o.heal_surge or o.heal_bonus > 0 for o in outcomes)
        if len(_FACTS) > 4096:
            _FACTS.clear()
        got = _FACTS[id(power)] = _Facts(
            power, heal, limit, any(o.forced is not None for o in outcomes), kind,
            kind is RangeKind.MELEE or kind is RangeKind.RANGED, FREQUENCY_FACTOR[power.frequency],
            kind is RangeKind.PERSONAL or power.targets is TargetKind.SELF,
            _shape((kind, reach.reach, reach.range, reach.size, power.targets, heal)),
            _shape((power.targets, heal)),
            None if power.attack is None else power.attack.defense.value,
            (_inert(power, power.effect), _inert(power, power.hit), _inert(power, power.miss)))
    return got


_OUTCOMES = "ai.outcomes"
"""The name in the encounter's memo (``TacticsMemo.kept``) of what ``_Mind._outcome_worths`` found for a
power without forced movement, by everything it read (the entry keeps the power and the sheet, so a reused
id is noticed): kept across decisions, as the same target is looked at again and again while its hit
points and conditions stay the same."""

_DANGERS = "ai.dangers"
"""The name in the encounter's memo of the board's dangerous cells and the average damage of each, in the
board's order."""


def _average_dangers(board: Board) -> dict[Cell, float]:
    found = {}
    for cell, terrain in board.special_cells().items():
        damage = terrain.damage
        if damage is not None:
            found[cell] = damage.count * (damage.sides + 1) / 2 + damage.bonus
    return found


_CELL_KEYS = "ai.cell_keys"
"""The name in the encounter's memo of the board's cells' (row, column), as ``_Mind.cell_key`` found them (a
cell's offset never changes; at most one entry per cell asked about)."""


def _coords(cell: Cell) -> tuple[int, int]:
    """A cell's two coordinates (``x, y`` on squares, ``q, r`` on hexes): what the distances below use."""
    if isinstance(cell, Square):
        return cell.x, cell.y
    return cell.q, cell.r


def _is_heal(power: Power) -> bool:
    return _facts(power).heal


@contextmanager
def _standing_at(creature: Creature, cell: Cell) -> Iterator[None]:
    """Put ``creature`` on ``cell`` for the queries inside the block, then back where it was."""
    home = creature.cell
    creature.cell = cell
    try:
        yield
    finally:
        creature.cell = home


# -- options ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Use:
    """One way to use a power from where the creature stands, and what it is worth."""

    score: float
    power: Power
    targets: tuple[CreatureId, ...]
    origin: Cell | None
    order: int
    """The power's place on the sheet (ties)."""

    def command(self, creature: CreatureId) -> UsePowerCommand:
        return UsePowerCommand(creature, self.power.id, self.targets, self.origin)


@dataclass(frozen=True, slots=True)
class _Plan:
    """A first command and what the turn it starts is worth, with a tie-break key."""

    score: float
    tie: tuple[int, ...]
    command: Command


@dataclass(frozen=True, slots=True)
class _BoundRows:
    """One power's part of the upper bounds (see ``_Mind.use_bound``), for one decision."""

    factor: float
    limit: int
    melee: bool
    area: bool
    take: int
    two_away: bool
    """A close area, not a heal: away from where I stand, worth a look only where it catches two enemies."""
    size: int
    provokes: bool
    diameter: int | None
    """An area aimed away from me (blast, area burst): how far apart two creatures it catches can be."""
    personal: float | None
    """A power on myself: its exact score, wherever I stand."""
    rows: list[tuple[Creature, float, float, frozenset[Cell]]]
    """Each creature it could be worth using it on: the bound of its worth without combat advantage
    from flanking, with it, and the cells where I would flank it (melee powers)."""


class _Mind:
    """One decision: the creature, the state, and what has been worked out so far (nothing survives the call)."""

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

    def adopt(self, prior: _Mind) -> None:
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
        return self.enc.ruleset.spend(self.st, self.me, action, check_only=True) is not None

    def can_spend_after(self, first: ActionType, then: ActionType) -> bool:
        """Whether ``then`` is still possible once ``first`` is spent (dazed creatures get one action)."""
        saved = self.st.budget
        self.st.budget = saved.copy()
        try:
            if self.enc.ruleset.spend(self.st, self.me, first) is None:
                return False
            return self.enc.ruleset.spend(self.st, self.me, then, check_only=True) is not None
        finally:
            self.st.budget = saved

    def routes(self, mode: str) -> dict[Cell, tactics.Route]:
        got = self._routes.get(mode)
        if got is None:
            got = self._routes[mode] = tactics.reachable(self.st, self.me, mode)
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
            if CHECK_BOUNDS:
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

    # -- what a use of a power is worth ---------------------------------------------------

    def usable(self, action: ActionType) -> list[tuple[int, Power]]:
        """Powers of kind ``action`` the sheet allows now (frequency); the budget is the caller's."""
        me = self.me
        out = []
        for i, power in enumerate(me.template.powers):
            if power.action is not action:
                continue
            if power.frequency is not Frequency.AT_WILL and power.id in me.used_powers:
                continue
            if power.attack is None and not _is_heal(power):
                continue  # nothing the AI knows how to value (shifts, self effects)
            out.append((i, power))
        return out

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
        """Whether the engine accepts this use now (a last guard against ``Impossible``).

        An area burst is not passed through ``check_power``, whose test of the
        centre lists every legal centre: its targets came from
        ``valid_targets`` at that centre, which is empty unless the centre is
        legal (the same rule, see ``tactics``), and the rest is checked here.
        """
        power = use.power
        if not self.can_spend(power.action):
            return False
        if power.frequency is not Frequency.AT_WILL and power.id in self.me.used_powers:
            return False
        kind = power.reach.kind
        if kind is RangeKind.AREA_BURST:
            return use.origin is not None and bool(self.targets(power, use.origin))
        targets = use.targets
        if kind in (RangeKind.CLOSE_BURST, RangeKind.CLOSE_BLAST) and not targets:
            # everyone in the area (an area that takes at most N names them: area_choice)
            targets = tuple(c.id for c in self.targets(power, use.origin))
        try:
            self.enc.check_power(self.me, power, targets, use.origin)
        except Impossible:
            return False
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
        if CHECK_BOUNDS:
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
            if CHECK_BOUNDS:
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
        if CHECK_BOUNDS:
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
        basic = next((p for p in me.template.powers if p.basic and p.is_melee), None)
        if basic is None or me.has(ConditionKind.PRONE) or not self.can_spend(ActionType.STANDARD):
            return []
        if self.nearest(friends=False) > me.speed() + basic.reach.reach + me.template.size:
            return []
        routes = self.routes("move")
        reach = basic.reach.reach
        # Each (cell, target) gets a bound; the most promising are worked out first, and only while they
        # could beat the best so far (a charge worth nothing is never made, so the best starts at 0).
        pairs: list[tuple[float, Cell, Creature]] = []
        for anchor in self.melee_cells(routes, [(0, basic)]):
            route = routes[anchor]
            if len(route.path) < 2:
                continue
            cost = self.route_cost(anchor, route, "move")
            gaps = self.gaps(anchor)
            for target in self.eligible(basic):
                if target.id == me.id or gaps[target.id] > reach:
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
        if CHECK_BOUNDS:
            full = [p for p in self._charge_plans_full(basic, routes) if p.score > 0]
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

    def _charge_plans_full(self, basic: Power, routes: dict[Cell, tactics.Route]) -> list[_Plan]:
        """Every charge plan, worked out one by one (what ``charge_plans`` must agree with; tests)."""
        st, me = self.st, self.me
        plans: list[_Plan] = []
        for anchor in self.melee_cells(routes, [(0, basic)]):
            route = routes[anchor]
            if len(route.path) < 2:
                continue
            with _standing_at(me, anchor):
                targets = self.targets(basic)
                for target in targets:
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


_LAST = "ai.last"
"""The name in the encounter's memo of the last decision's mind (a list of at most one): the next decision
of the same creature adopts what it worked out when nothing but that creature's own cell has changed since
(``_Mind.adopt``)."""


def choose_command(encounter: Encounter, creature: Creature) -> Command:
    """The next command for ``creature``, whose turn it is; :class:`EndTurnCommand` when nothing useful is left.

    Never a command the engine refuses (see the module's docstring for how it chooses). The end of a
    turn carries the creature's preparation of its reactions (``game.rulesets.seed000.ai_preparation``).
    """
    mind = _Mind(encounter, creature)
    last: list[_Mind] = encounter.state.memo.kept(_LAST, list)
    if last:
        mind.adopt(last.pop())
    command = mind.decide()
    if not isinstance(command, EndTurnCommand):  # (after the end of my turn, the next decision is not mine)
        mind.print = mind.fingerprint()  # the state is as it was at the start: a decision changes nothing
        last.append(mind)
    if CHECK_BOUNDS:
        assert _Mind(encounter, creature).decide() == command, "an adopted memory changed the decision"
    if isinstance(command, EndTurnCommand) and command.preparation is None:
        from game.rulesets.seed000.ai_preparation import prepare

        command = EndTurnCommand(creature.id, prepare(encounter, creature))
    return command
