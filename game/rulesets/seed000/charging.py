"""Charging: whom a creature can charge now and on which cells each charge may end.

``Encounter.apply(ChargeCommand(creature, target, to))`` accepts a charge when
the creature is not prone and has a melee basic attack (the first one its
sheet lists is the one it charges with), the target is an enemy on the board and not
out of the fight, ``to`` is a cell ``tactics.reachable`` gives for a move
whose path is at least 2 cells long, and from ``to`` the attack reaches the
target: the distance from ``to`` to the target's anchor cell, or from some
cell of the charger's space there to some cell of the target's, is at most
the attack's reach. The charge then costs the standard action (and the move
and minor ones) and moves along the route's safest path.

The engine asks these functions (``Encounter._charge``), so a table that
highlights their answers highlights what the engine accepts. They
decide nothing the engine does not: whether a standard action is left is the
ruleset's to say (``Ruleset.spend(..., check_only=True)``).
"""

from __future__ import annotations

from game.grid import Cell
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.model import ConditionKind, CreatureId, Power
from game.rulesets.seed000.state import Creature, EncounterState

MIN_PATH = 2
"""A charge moves at least this many cells."""


def charge_attack(creature: Creature) -> Power | None:
    """The attack a charge makes: the creature's first melee basic attack, as the engine picks it."""
    return next((p for p in creature.template.powers if p.basic and p.is_melee), None)


def can_charge(creature: Creature) -> bool:
    """Not prone, and a melee basic attack to charge with (the action economy aside)."""
    return charge_attack(creature) is not None and not creature.has(ConditionKind.PRONE)


def charge_ends(state: EncounterState, creature: Creature, target: Creature,
                routes: dict[Cell, tactics.Route] | None = None) -> dict[Cell, tactics.Route]:
    """Every cell a charge of ``creature`` at ``target`` may end on, with its route (the charger moves
    along ``Route.safest_path``). ``routes``: ``tactics.reachable(state, creature, "move")`` if already
    at hand."""
    power = charge_attack(creature)
    if power is None or creature.has(ConditionKind.PRONE) or target.is_out:
        return {}
    if routes is None:
        routes = tactics.reachable(state, creature, "move")
    reach = power.reach.reach
    distance = state.board.grid.distance
    target_space = state.space(target)
    out: dict[Cell, tactics.Route] = {}
    for cell, route in routes.items():
        if len(route.path) < MIN_PATH:
            continue
        if distance(cell, target.cell) <= reach or min(
                distance(x, y) for x in state.space_at(creature, cell) for y in target_space) <= reach:
            out[cell] = route
    return out


def charge_targets(state: EncounterState, creature: Creature,
                   routes: dict[Cell, tactics.Route] | None = None) -> dict[CreatureId, dict[Cell, tactics.Route]]:
    """The enemies ``creature`` can charge now (those with at least one cell to end on), each with
    :func:`charge_ends`, in the order of ``state.creatures``."""
    if not can_charge(creature):
        return {}
    if routes is None:
        routes = tactics.reachable(state, creature, "move")
    if not routes:
        return {}
    power = charge_attack(creature)
    assert power is not None
    # Only enemies that near can be reached at all: the charger ends within its speed of where it
    # stands, and attacks from there within reach (large creatures: across their spaces).
    near = creature.speed() + power.reach.reach + 2 * (creature.template.size + 1)
    distance = state.board.grid.distance
    out: dict[CreatureId, dict[Cell, tactics.Route]] = {}
    for enemy in state.enemies_of(creature):
        if enemy.is_out or distance(creature.cell, enemy.cell) > near + 2 * enemy.template.size:
            continue
        ends = charge_ends(state, creature, enemy, routes)
        if ends:
            out[enemy.id] = ends
    return out
