"""Seed 000's tactical queries: the shared ``game.mechanics.tactics`` (movement, distance fields, threat and
provoking, flanking, forced movement, line of effect) with seed 000's rules
(:class:`~game.rulesets.seed000.tactics_rules.Seed000Tactics`, the state's ``tactics_rules``), and what is
seed 000's own: valid targets and the areas of its powers (``targets``), combat advantage and the
opportunity attack's power (``advantage``).

Every function here is a pure function of an :class:`EncounterState`: it reads
the state and never changes it. The engine, the automatic decisions and the
monster AI call the same functions the window highlights, so what a player sees
is what the engine decides on. How the rules are parameters, and what is
remembered where: see ``game.mechanics.tactics``.

Rulings (where DESIGN.md's geometry rulings leave something open)
-------------------------------------------------------------------

Threat

* A creature's opportunity power is its sheet's default opportunity attack
  (``reaction_defaults.opportunity_attack``) if that is a melee power, else its
  first melee basic attack. Its reach is that power's ``reach``.
* It threatens the board cells within that reach of any cell of its space,
  its own space excluded, walls excluded (nothing can stand there), and, for a
  reach above 1, only cells with line of effect from some cell of its space.
  Only while it ``can_react`` (dazed, stunned, unconscious, dominated, dying
  and dead creatures threaten nothing).

Movement

* A step enters a neighbouring anchor cell. It costs 1, or 2 if any cell of the
  new space is difficult terrain (so a shift of 1 cannot enter difficult
  terrain). Every cell of the new space must be on the board, not a wall and
  not occupied by an enemy (dying enemies still fill their cells). Allies may
  be passed through; a move never *ends* on a cell another creature fills.
* Squares: no diagonal step past a wall corner: both orthogonal cells between
  (for a large creature: its space shifted one cell along each axis) must be
  free of walls; off-board cells count as walls. Creatures do not block a
  diagonal. The same holds for forced movement.
* A move (or a charge) provokes from an enemy when it *leaves* a position in
  which any cell of the mover's space is threatened by that enemy: a large
  creature moves as a unit, so a step leaves its whole old space. Each enemy is
  provoked at most once per move. Shifting provokes nothing.
* Prone, immobilized, and creatures that cannot act (stunned, unconscious,
  dominated, dying, dead) cannot move or shift: :func:`reachable` is empty.
* Dangerous terrain: a step whose new space holds dangerous terrain deals the
  worst of it (:func:`worst_danger`: the highest maximum, the first of equals),
  as the engine rolls it; a path's *terrain damage* is the sum of those
  damages' averages over its steps (the start is not entered).
* :func:`reachable` is a Dijkstra over (cell, set of provoked enemies, terrain
  damage) labels that keeps, per cell, every label not dominated by another (no
  more cost, no more terrain damage and a subset of the provokers). So both the
  cheapest path and the safest path are exact, even though "each enemy at most
  once" makes provocation a set, not a sum. The *safest* path provokes fewest
  enemies, then enters the least terrain damage, then costs least (a path
  through lava that provokes nobody loses to a harmless one within the budget;
  an opportunity attack counts before terrain, see the README's ruling). Equal
  cheapest paths are told apart by fewer provokers, then less terrain damage,
  then by discovery order (deterministic).
* :func:`distance_field` floods the same movement rules over the whole map,
  without budget, conditions or provocation; it includes the start (cost 0)
  and cells the creature can only pass through (occupied by allies).

Flanking

* Two creatures flank a target when both are its enemies, allies of each
  other, able to attack it (``can_act`` and a melee power that targets
  enemies or creatures), adjacent to its space, and on opposite sides of it.
* Opposite sides, squares: each cell adjacent to the target's space lies on a
  side of the space's bounding box, ``(sx, sy)`` with ``sx`` -1 left / 0 within
  the columns / +1 right (``sy`` likewise): W, E, N, S sides or the NW, NE, SW,
  SE corners. Cells on sides ``k`` and ``-k`` are opposite. For a one-cell
  target that is exactly :meth:`Grid.opposite` (4 pairs). For a 2x2 target the
  point reflection through the space's centre, ``(x, y) -> (2*x0+1-x,
  2*y0+1-y)``, always lands on the opposite side, but so does the cell next to
  it; 4e's test (the line between the flankers' centres crosses opposite sides
  or opposite corners of the space) accepts both, so we do: any cell on the W
  side flanks with any on the E side (4 pairs), N with S (4), and each corner
  with the opposite corner (2): 10 pairs around a 2x2 space.
* Hex: every creature fills one hex, and the flanking cell is
  :meth:`Grid.opposite` (3 pairs).
* A large flanker flanks if any cell of its space adjacent to the target is
  opposite any such cell of its ally.

Combat advantage: flanking (melee only); a target that is stunned, dazed,
dominated, unconscious, dying, blinded (it cannot see the attacker), granting
combat advantage, or prone against a melee attack.

Forced movement

* Push: each step must end with the target's space strictly farther from the
  source (nearest cell of the target's space to the nearest source cell);
  pull: strictly nearer; slide: any direction. Walls, occupied cells and wall
  corners (squares) block; difficult terrain is ignored; nothing is provoked.
* The target's starting cell is never a landing (a forced movement ending
  where it began is no movement). ``by_step[k-1]`` is every anchor the target
  can be on after exactly ``k`` legal steps (a slide may wander, so a cell can
  appear for several ``k``); :attr:`Landing.steps` is the fewest steps to a
  landing and :attr:`Landing.max_steps` the most. For push and pull they are
  equal; for a slide "the maximum forced movement distance" means ``steps``
  (see :attr:`ForcedOptions.farthest`), since almost any cell near the start
  can be reached by a slide of the full distance that doubles back.

Targets

* Line of effect between two cells: no wall on the board strictly between them
  on :meth:`Grid.line` (off-board cells do not block). Between creatures: from
  any cell of one space to any cell of the other.
* Melee: within reach (distance between spaces) with line of effect; ranged:
  within range with line of effect; close burst: creatures with a cell within
  ``size`` of the user's space and line of effect from it, the user excluded;
  area burst: the centre must be a board cell (not a wall) within ``range`` of
  the user with line of effect, targets have a cell within ``size`` of it with
  line of effect from the centre; close blast: creatures with a cell in
  :func:`blast_cells`. Personal and ``SELF`` powers target the user.
* The user is a target only of ``SELF_OR_ALLY`` powers and of ``CREATURE``
  area bursts that cover it. Dead creatures never are; dying ones only for a
  heal (a power whose hit or effect heals) used by an ally.
* Close blast, squares: ``origin`` is a cell adjacent to the user's space; the
  blast is the ``size`` x ``size`` square on that side: beside a side, it
  starts next to the space and is centred on the origin across that side (an
  even size grows towards +x / +y); at a corner, it grows away from that
  corner. Hex: the cells ``c`` with ``1 <= distance(user, c) <= size`` within
  30 degrees either side of the direction from the user to ``origin``
  (boundaries included, exact integer test in cube coordinates): 1, 4, 7, 12
  hexes for sizes 1-4 (squares: 1, 4, 9, 16). Walls and cells without line of
  effect from the user are left out. An origin that is not adjacent gives
  nothing.

Orders: creatures are listed in initiative order when the state has one (the
others after, in creature order), else in creature order; results never depend
on hash order, so the same state gives the same answers run after run.

This package re-exports every shared query and its own, so callers write ``tactics.reachable(...)``.
"""

from __future__ import annotations

from game.mechanics.tactics.base import ForcedKind as ForcedKind
from game.mechanics.tactics.base import ForcedOptions as ForcedOptions
from game.mechanics.tactics.base import Landing as Landing
from game.mechanics.tactics.base import Route as Route
from game.mechanics.tactics.base import _memo as _memo
from game.mechanics.tactics.base import _ranks as _ranks
from game.mechanics.tactics.base import _size as _size
from game.mechanics.tactics.base import can_stand as can_stand
from game.mechanics.tactics.base import danger_under as danger_under
from game.mechanics.tactics.base import memo_of as memo_of
from game.mechanics.tactics.base import path_dangers as path_dangers
from game.mechanics.tactics.base import path_harm as path_harm
from game.mechanics.tactics.base import space as space
from game.mechanics.tactics.base import space_at as space_at
from game.mechanics.tactics.base import worst_danger as worst_danger
from game.mechanics.tactics.topology import _Kept as _Kept
from game.mechanics.tactics.topology import _Topology as _Topology
from game.mechanics.tactics.topology import _kept as _kept
from game.mechanics.tactics.topology import _topology as _topology
from game.mechanics.tactics.topology import line_of_effect as line_of_effect
from game.mechanics.tactics.topology import sight_memo as sight_memo
from game.mechanics.tactics.crowd import _Crowd as _Crowd
from game.mechanics.tactics.crowd import _Surroundings as _Surroundings
from game.mechanics.tactics.crowd import _crowd as _crowd
from game.mechanics.tactics.crowd import _crowds as _crowds
from game.mechanics.tactics.threat import provokers_leaving as provokers_leaving
from game.mechanics.tactics.threat import threat_map as threat_map
from game.mechanics.tactics.threat import threat_reach as threat_reach
from game.mechanics.tactics.threat import threatened_cells as threatened_cells
from game.mechanics.tactics.flanking import _can_flank as _can_flank
from game.mechanics.tactics.flanking import _flank_pairs as _flank_pairs
from game.mechanics.tactics.flanking import _flankers as _flankers
from game.mechanics.tactics.flanking import _occupancy_near as _occupancy_near
from game.mechanics.tactics.flanking import _sides as _sides
from game.mechanics.tactics.flanking import _sides_of as _sides_of
from game.mechanics.tactics.flanking import flank_ally as flank_ally
from game.mechanics.tactics.flanking import flank_status_at as flank_status_at
from game.mechanics.tactics.flanking import flanked_by as flanked_by
from game.mechanics.tactics.flanking import flanking_cells as flanking_cells
from game.mechanics.tactics.flanking import flanking_pairs as flanking_pairs
from game.mechanics.tactics.flanking import is_flanking as is_flanking
from game.mechanics.tactics.movement import _reachable as _reachable
from game.mechanics.tactics.movement import _reachable_labelled as _reachable_labelled
from game.mechanics.tactics.movement import _reachable_unthreatened as _reachable_unthreatened
from game.mechanics.tactics.movement import _routes as _routes
from game.mechanics.tactics.movement import can_move as can_move
from game.mechanics.tactics.movement import forget_routes as forget_routes
from game.mechanics.tactics.movement import path_cost as path_cost
from game.mechanics.tactics.movement import path_provokers as path_provokers
from game.mechanics.tactics.movement import reachable as reachable
from game.mechanics.tactics.movement import route_via as route_via
from game.mechanics.tactics.distance import DistanceField as DistanceField
from game.mechanics.tactics.distance import distance_field as distance_field
from game.mechanics.tactics.distance import distances_to as distances_to
from game.mechanics.tactics.forced import forced_candidates as forced_candidates
from game.rulesets.seed000.tactics.targets import _blast_cells as _blast_cells
from game.rulesets.seed000.tactics.targets import area_cells as area_cells
from game.rulesets.seed000.tactics.targets import blast_cells as blast_cells
from game.rulesets.seed000.tactics.targets import burst_origins as burst_origins
from game.rulesets.seed000.tactics.targets import is_burst_origin as is_burst_origin
from game.rulesets.seed000.tactics.targets import is_eligible_target as is_eligible_target
from game.rulesets.seed000.tactics.targets import is_valid_target as is_valid_target
from game.rulesets.seed000.tactics.targets import origin_problem as origin_problem
from game.rulesets.seed000.tactics.targets import target_problem as target_problem
from game.rulesets.seed000.tactics.targets import target_test as target_test
from game.rulesets.seed000.tactics.targets import valid_targets as valid_targets
from game.rulesets.seed000.tactics.advantage import has_combat_advantage as has_combat_advantage
from game.rulesets.seed000.tactics.advantage import opportunity_power as opportunity_power
from game.rulesets.seed000.tactics_rules import SEED000_TACTICS as _SEED000_TACTICS

MOVE_MODES = _SEED000_TACTICS.modes
"""Seed 000's kinds of voluntary movement: ``shift`` provokes nothing, ``move`` and ``charge`` do (a state's
own are ``state.tactics_rules.modes``)."""

from game.mechanics.tactics import (base as base, crowd as crowd, distance as distance, flanking as flanking,
                                    forced as forced, movement as movement, threat as threat,
                                    topology as topology)
from game.rulesets.seed000.tactics import advantage as advantage, targets as targets
