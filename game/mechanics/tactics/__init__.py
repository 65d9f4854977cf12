"""Tactical queries every ruleset can opt into: movement, distance fields, threat and provoking, flanking,
forced movement, line of effect.

Every function here is a pure function of a state (a :class:`~game.mechanics.tactics.rules.Field`: the
board, the pieces, their order, the rules and the encounter's memo): it reads the state and never changes
it. A ruleset's engine, its automatic decisions, its AI and the window's highlights call the same
functions, so what a player sees is what the engine decides on. Pieces are read through a small protocol
(:class:`~game.mechanics.tactics.pieces.Piece`: id, cell, side, dead, sheet with a size); everything else
a rules system decides comes through its rules object.

Rules as parameters
-------------------

What a rules system decides about movement and threat is not written here: it
comes from the state's :class:`~game.mechanics.tactics.rules.TacticsRules`
(``state.tactics_rules``, supplied by the ruleset). Its parts, and where the searches use them:

* ``modes`` (the kinds of voluntary movement: a query in another mode is a
  ValueError), ``can_move(creature, mode)`` and ``budget(creature, mode)``
  (the movement a query gets when it names none): :func:`reachable`,
  :func:`route_via`, :func:`can_move`;
* ``passable(terrain)`` and ``enter_cost(terrain)`` (1 or 2: the bucket
  queues and the numpy flood are built for those two), read once per board
  cell into the board's arrays; ``cut_corners`` (squares: may a diagonal pass
  a wall corner); ``blocking`` (whose space stops a mover: enemies, every
  other creature, or nobody; a closed set, so the array forms stay arrays);
* ``threat_reach(sheet)`` (how far a sheet threatens, worked out once per
  sheet) and ``can_threaten(creature)`` (read at every query): the threatened
  cells are those within that reach of the creature's space (the geometry
  below), for enemies of the mover;
* ``provokes(mode)``: whether leaving a threatened position in that mode
  provokes (the geometry of *leaving* is the same for every ruleset: any cell
  of the mover's space threatened by an enemy, each enemy once per move);
* ``can_flank_with(sheet)`` and ``can_flank(creature)``: who may flank
  (:func:`flanking_pairs`, :func:`flank_status_at`, forced-movement landings);
* ``route_key(mover, creatures)``: what a remembered :func:`reachable` answer
  depends on, beyond the board, the mode, the budget and the order.

Memory
------

Everything worked out once and kept (sheets' reach, ranks, where the creatures
stand as arrays, the last answers of :func:`reachable`) lives in the
encounter's memo, ``state.memo`` (:class:`~game.mechanics.tactics.memo.TacticsMemo`): made
with the state, dropped with it, emptied if the state's board or rules change.
What depends on the board and the rules alone (the board as arrays, steps and
floods, line of effect, blasts, threat areas: ``_Topology``, nothing of an
encounter in it) is kept by the board itself (``Board.derived``, keyed by the
rules object, which must be hashable), so the encounters of one board share it
and it goes with the board. No module global holds a board, a sheet or a
creature. Other modules keep their tables of an encounter in the memo too
(:func:`memo_of`, ``TacticsMemo.kept``).

Orders: pieces are listed in initiative order when the state has one (the
others after, in creature order), else in creature order; results never depend
on hash order, so the same state gives the same answers run after run.

Seed 000's readings of the geometry (spaces, steps, wall corners, leaving a threatened position,
flanking's "opposite", forced movement) are written in ``game.rulesets.seed000.tactics``' docstring; they
are what this package does for every ruleset, with the rules object's answers.

Where the parts are (each imports only those above it): ``pieces``, ``memo`` and ``rules`` (what is read),
``base`` (routes, landings, dangers along a path, sizes, spaces and ranks, the encounter's memo),
``topology`` (the board as arrays, line of effect), ``crowd`` (where the pieces stand; a mover's
surroundings), ``threat``, ``flanking``, then ``movement``, ``distance`` and ``forced``. This package
re-exports every query, so callers write ``tactics.reachable(...)``.
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
from game.mechanics.tactics.memo import TacticsMemo as TacticsMemo
from game.mechanics.tactics.memo import per_object as per_object
from game.mechanics.tactics.rules import Blocking as Blocking
from game.mechanics.tactics.rules import Field as Field
from game.mechanics.tactics.rules import Piece as Piece
from game.mechanics.tactics.rules import PieceId as PieceId
from game.mechanics.tactics.rules import Sheet as Sheet
from game.mechanics.tactics.rules import TacticsRules as TacticsRules
from game.mechanics.tactics.rules import piece_key as piece_key
from game.mechanics.tactics import (base as base, crowd as crowd, distance as distance, flanking as flanking,
                                    forced as forced, memo as memo, movement as movement, pieces as pieces,
                                    rules as rules, threat as threat, topology as topology)
