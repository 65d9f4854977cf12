"""Seed 001's AI: one command at a time for the creature acting now (numbers in brackets are seed 001's lines).

A turn, as it plays it:

* prone: stand up by its action (s001react may stand it by reaction first);
* a rider steers: its mount's movement carries both; a mount that carries a rider does not move on its own
  turn (the rider steers it), it only strikes what is beside it;
* badly hurt (a quarter of its Body or less) beside an enemy: withdraw, the action that provokes nothing [11],
  to the reachable hex farthest from its enemies;
* attack what it reaches now (the target most likely to fall, then the nearest), with its best attack by exact
  expected damage (``pools.expected_damage``);
* else "move and attack" in one declared action: the hex in its movement from which an attack reaches an enemy
  (a rush from afar: riders charge, the drake swoops with its fly-by breath, which provokes nothing [15]);
* a pike line holds: a creature with the polearm style does not leave its hex to chase; it strikes what comes
  into its reach, stepping one hex out of the line at most to do it;
* else move toward the nearest enemy (a missile user to the nearest hex in range), then end the turn.
"""

from __future__ import annotations

from fractions import Fraction

from game.grid import Cell
from game.mechanics import tactics
from game.rulesets.seed001 import pools
from game.rulesets.seed001.commands import Attack, Command, EndTurnCommand, Move, Stand
from game.rulesets.seed001.counter import Use
from game.rulesets.seed001.fight import Seed001Fight, Weaponry, attacks_of
from game.rulesets.seed001.state import Creature

HURT = Fraction(1, 4)
"""At this share of its Body or less, a creature beside an enemy withdraws."""


def choose_command(fight: Seed001Fight) -> Command | None:
    actor = fight.acting
    if actor is None:
        return None
    a = actor.id
    state = fight.state
    enemies = state.enemies(actor)
    if not enemies:
        return EndTurnCommand(a)
    has_action = fight.counter.can(a, Use.ACTION)
    if not has_action:
        return EndTurnCommand(a)
    if actor.prone:
        return Stand(a)
    carrier = state.mover(actor)
    steering = actor.rider is None  # a mount with a rider on it lets the rider steer
    near = [e for e in enemies if state.distance(carrier.cell, e.cell) == 1]
    if near and steering and Fraction(actor.vitals.body, actor.vitals.body_max) <= HURT:
        away = _withdraw(fight, actor)
        if away is not None:
            return away
    best = _best_attack(fight, actor, carrier.cell, enemies)
    if best is not None:
        target, weapon = best
        return Attack(a, target.id, weapon.id)
    if not steering:
        return EndTurnCommand(a)
    if _holds(fight, actor, enemies):
        step = _rush(fight, actor, enemies, within=1)
        return step if step is not None else EndTurnCommand(a)
    rush = _rush(fight, actor, enemies)
    if rush is not None:
        return rush
    step = _close(fight, actor, enemies)
    return step if step is not None else EndTurnCommand(a)


def _holds(fight: Seed001Fight, actor: Creature, enemies: list[Creature]) -> bool:
    """A pike line holds its hexes: a creature with the polearm style does not leave its hex to chase while an
    enemy that can only fight hand to hand still stands (the charge will come to the points [25]); once only
    those who can shoot are left (they need not come), it goes after them."""
    if not actor.template.polearm_style:
        return False
    return any(all(w.kind != "missile" for w in attacks_of(e.template)) for e in enemies)


def _danger(fight: Seed001Fight, actor: Creature, cell: Cell, enemies: list[Creature]) -> int:
    """Enemies that could strike ``cell`` hand to hand where they stand (what a rush's end hex walks into)."""
    return sum(1 for e in enemies
               if any(w.kind != "missile" and fight.state.distance(cell, e.cell) <= w.reach
                      for w in attacks_of(e.template)))


def _value(fight: Seed001Fight, actor: Creature, target: Creature, w: Weaponry) -> Fraction:
    """The exact expected Body damage (no reaction counted), remembered by the fight (one entry per pool, Guard,
    Weight and Strength met in it)."""
    key = (w.pool, target.template.guard, w.weight, actor.template.strength)
    known = fight.ai_memo.get(key)
    if known is None:
        known = fight.ai_memo[key] = pools.expected_damage(*key)
    return known


Option = tuple[Creature, Weaponry, Fraction]
"""An enemy, an attack on it and that attack's expected damage (worked out once a choice)."""


def _options(fight: Seed001Fight, actor: Creature, enemies: list[Creature]) -> list[Option]:
    attacks = attacks_of(actor.template)
    return [(e, w, _value(fight, actor, e, w)) for e in enemies for w in attacks]


def _best_attack(fight: Seed001Fight, actor: Creature, at: Cell,
                 enemies: list[Creature], options: list[Option] | None = None) -> tuple[Creature, Weaponry] | None:
    """The attack from ``at`` likeliest to put its target down, then the most expected damage, then the nearest
    and weakest target."""
    best: tuple[tuple[object, ...], Creature, Weaponry] | None = None
    for e, w, value in options if options is not None else _options(fight, actor, enemies):
        if not fight.reaches(at, e, w):
            continue
        key = (value >= e.vitals.body, value, -fight.state.distance(at, e.cell), -e.vitals.body, e.id, w.id)
        if best is None or key > best[0]:
            best = (key, e, w)
    return None if best is None else (best[1], best[2])


def _routes(fight: Seed001Fight, actor: Creature) -> dict[Cell, tactics.Route]:
    carrier = fight.state.mover(actor)
    budget = fight.state.hexes_left(actor)
    if budget <= 0 or carrier.prone:
        return {}
    return tactics.reachable(fight.state, carrier, "move", budget)


def _rush(fight: Seed001Fight, actor: Creature, enemies: list[Creature], within: int | None = None) -> Command | None:
    """Move and attack: the hex in reach from which its best attack does most, the hex fewest enemies can strike
    first (the drake's fly-by breath ends out of the pikes' reach), then the shortest way; ``within``: only hexes
    that near (a pikeman's step out of the line to strike)."""
    best: tuple[tuple[object, ...], Command] | None = None
    routes = _routes(fight, actor)
    options = _options(fight, actor, enemies)
    values = {(e.id, w.id): v for e, w, v in options}
    far = 1 + max((w.reach for _, w, _ in options), default=0)
    for cell, route in routes.items():
        if within is not None and route.cost > within:
            continue
        if all(fight.state.distance(cell, e.cell) > far for e in enemies) or not fight._free(cell, actor):
            continue
        found = _best_attack(fight, actor, cell, enemies, options)
        if found is None:
            continue
        target, w = found
        key = (values[(target.id, w.id)], -_danger(fight, actor, cell, enemies), -route.cost, fight.offset(cell))
        if best is None or key > best[0]:
            best = (key, Attack(actor.id, target.id, w.id, cell))
    return None if best is None else best[1]


def _close(fight: Seed001Fight, actor: Creature, enemies: list[Creature]) -> Command | None:
    routes = _routes(fight, actor)
    carrier = fight.state.mover(actor)
    missile = max((w.reach for w in attacks_of(actor.template) if w.kind == "missile"), default=0)

    def score(cell: Cell) -> tuple[int, int]:
        d = min(fight.state.distance(cell, e.cell) for e in enemies)
        if missile:
            clear = any(1 < fight.state.distance(cell, e.cell) <= missile
                        and tactics.line_of_effect(fight.state, cell, e.cell) for e in enemies)
            return (0 if clear else 1, abs(d - missile) if clear else d)
        return (0, d)

    now = score(carrier.cell)
    options = [(score(c), r.cost, c) for c, r in routes.items() if fight._free(c, actor)]
    if not options:
        return None
    best = min(options, key=lambda o: (o[0], o[1], fight.offset(o[2])))
    if best[0] >= now:
        return None
    return Move(actor.id, best[2])


def _withdraw(fight: Seed001Fight, actor: Creature) -> Command | None:
    routes = _routes(fight, actor)
    enemies = fight.state.enemies(actor)
    if not routes:
        return None

    def far(cell: Cell) -> int:
        return min(fight.state.distance(cell, e.cell) for e in enemies)

    cell = max((c for c in routes if fight._free(c, actor)),
               key=lambda c: (far(c), -routes[c].cost, fight.offset(c)), default=None)
    if cell is None or far(cell) <= 1:
        return None
    return Move(actor.id, cell, withdraw=True)
