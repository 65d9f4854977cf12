"""Seed 002's AI: one command at a time for the creature acting now, and its answers to decisions.

A turn, as it plays it: if prone, try the free stand when it succeeds at least half the time, then stand up
as a move action if still prone; a creature staggered or worse next to an enemy withdraws, then
recovers; a ranged creature next to an enemy withdraws before it shoots; attack a target in reach (never one that provokes when another does not; then the
best exact chance to put its targets down, then the most damage on average, by ``odds.py``); else charge a
target a charge reaches without provoking; else move toward the nearest enemy (squeezing through a tight space
when a walk does not reach the square [72]; a melee creature to a square
from which it reaches one, a ranged one to a square in range not next to any), by the path that provokes
least (an advance instead, when walking would provoke and an advance brings an enemy into reach), not moving at all when every way provokes and it already stands next to an enemy; then attack; a
melee creature with its standard action left and an enemy next to it defends; end the turn. It answers
decisions through ``Seed002Fight.ai_answer``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from game.grid import Cell
from game.mechanics import tactics
from game.rulesets.seed002 import odds
from game.rulesets.seed002.catalog import ActionType
from game.rulesets.seed002.commands import (Advance, Attack, Charge, Command, Defend, EndTurnCommand, Move, Recover,
                                            Stand, Withdraw)
from game.rulesets.seed002.fight import Seed002Fight
from game.rulesets.seed002.sheets import Attack as AttackSheet
from game.rulesets.seed002.sheets import AttackKind
from game.rulesets.seed002.orders import free_stand_chance
from game.rulesets.seed002.state import Creature, field_for

FREE_STAND_ODDS = Fraction(1, 2)
"""The AI tries the free stand [75] first when it succeeds at least this often (else it stands as a move)."""
from game.rulesets.seed002.track import DamageState


def choose_command(fight: Seed002Fight) -> Command | None:
    actor = fight.acting
    if actor is None:
        return None
    for x in fight.extensions:  # s002react's: surge, stunt, escape first
        extra = x.ai_command(fight, actor, "start")
        if extra is not None:
            return extra  # type: ignore[no-any-return]
    chosen = _choose(fight, actor)
    if isinstance(chosen, EndTurnCommand):
        for x in fight.extensions:  # s002react's: ready instead of ending the turn
            extra = x.ai_command(fight, actor, "end")
            if extra is not None:
                return extra  # type: ignore[no-any-return]
    return chosen


def _choose(fight: Seed002Fight, actor: Creature) -> Command:
    a = actor.id
    eco = actor.economy
    has_standard = eco.payer(ActionType.STANDARD) is not None
    has_move = eco.payer(ActionType.MOVE) is not None
    enemies = fight.state.enemies(actor)
    if not enemies:
        return EndTurnCommand(a)
    near = [e for e in enemies if fight.state.adjacent(actor, e)]
    ranged = _prefers_ranged(actor)
    if actor.prone and free_stand_chance(actor) >= FREE_STAND_ODDS:
        spring = Stand(a, free=True)
        if not fight.why_illegal(spring):
            return spring
    if actor.prone and has_move:
        stand = Stand(a)
        if not fight.why_illegal(stand):
            return stand
    hurt = actor.track.damage_state in (DamageState.STAGGERED,) or actor.track.disadvantage > 0
    if near and eco.move > 0 and (hurt or ranged):
        away = _withdraw(fight, actor)
        if away is not None:
            return away
    if has_standard:
        if hurt and not near and actor.track.can_recover and eco.standard > 0:
            return Recover(a)
        best = _best_attack(fight, actor, enemies)
        if best is not None:
            return best
        if eco.move > 0 and eco.standard > 0 and not ranged:
            charge = _best_charge(fight, actor, enemies)
            if charge is not None:
                return charge
    if eco.move > 0:
        step = _approach(fight, actor, enemies, ranged, bool(near))
        if step is not None:
            return step
    if has_standard and eco.standard > 0:
        if near and not ranged:
            return Defend(a)
        if actor.track.can_recover:
            return Recover(a)
    return EndTurnCommand(a)


def _prefers_ranged(actor: Creature) -> bool:
    attacks = actor.template.attacks
    best = max(attacks, key=lambda x: (x.bonus + x.damage, x.kind is AttackKind.CLOSE), default=None)
    return best is not None and best.kind is AttackKind.RANGED


def _odds(actor: Creature, attack: AttackSheet, target: Creature, penalty: int = 0) -> tuple[Fraction, Fraction]:
    """The exact chance ``attack`` puts ``target`` down, and the damage levels it adds on average
    (``odds.py``): against its Defend total when it defends, else 10 + Defense."""
    aim = actor.aim if actor.aim_target == target.id else 0
    defense = target.passive_defense() - 10
    got = odds.attack_odds(attack.bonus, defense, attack.damage, target.track, target.template.toughness,
                           advantage=aim - penalty - actor.track.disadvantage)
    return odds.down_chance(got, target.track), got.expected_levels


def _best_attack(fight: Seed002Fight, actor: Creature, enemies: Sequence[Creature]) -> Command | None:
    """The attack in reach that provokes fewest, then is likeliest to put its targets down, then does the most
    damage on average (an Area power's odds summed over the opponents it strikes)."""
    found: list[tuple[tuple[int, Fraction, Fraction, str, str], Command]] = []
    for attack in actor.template.attacks:
        for e in enemies:
            command = Attack(actor.id, e.id, attack.id)
            if fight.why_illegal(command):
                continue
            provokes = len(fight.provokers_of(command))
            down, levels = Fraction(0), Fraction(0)
            for struck in fight.burst(actor, attack, e):
                d, n = _odds(actor, attack, struck)
                down, levels = down + d, levels + n
            found.append(((-provokes, down, levels, e.id, attack.id), command))
    if not found:
        return None
    return max(found, key=lambda x: x[0])[1]


def _best_charge(fight: Seed002Fight, actor: Creature, enemies: Sequence[Creature]) -> Command | None:
    budget = fight.budget_of(actor, "charge")
    if budget < 1:
        return None
    reach = tactics.reachable(fight.state, actor, "charge", budget)
    found: list[tuple[tuple[Fraction, Fraction, int, str], Command]] = []
    for attack in actor.template.close_attacks():
        for e in enemies:
            for cell, route in reach.items():
                if fight.state.gap(actor, e, cell) > attack.reach or route.safest_provokers:
                    continue
                command = Charge(actor.id, e.id, attack.id, cell, route.safest_path)
                if fight.why_illegal(command):
                    continue
                down, levels = _odds(actor, attack, e, penalty=1)
                found.append(((down, levels, -route.safest_cost, e.id), command))
    if not found:
        return None
    return max(found, key=lambda x: x[0])[1]


def _range_of(actor: Creature) -> AttackSheet | None:
    return max(actor.template.ranged_attacks(), key=lambda x: (x.bonus + x.damage, x.range), default=None)


def _approach(fight: Seed002Fight, actor: Creature, enemies: Sequence[Creature], ranged: bool,
              near: bool) -> Command | None:
    """A move toward the enemies: to the best square it reaches, by the path that provokes least."""
    mode = "crawl" if actor.prone else "move"
    way = "crawl" if actor.prone else "walk"
    reach = tactics.reachable(field_for(fight.state, mode), actor, mode, fight.budget_of(actor, mode))
    ways = dict.fromkeys(reach, way)
    if fight.state.tight and not actor.prone:  # a squeeze where a walk does not go [72]
        squeezed = tactics.reachable(fight.state.squeezing, actor, "squeeze", fight.budget_of(actor, "squeeze"))
        for cell, got in squeezed.items():
            if cell not in reach:
                reach[cell], ways[cell] = got, "squeeze"
    if not reach:
        return None
    bow = _range_of(actor) if ranged else None
    melee = max((x.reach for x in actor.template.close_attacks()), default=1)
    ground = fight.state.squeezing if fight.state.tight else fight.state  # distances through tight spaces too
    field = [tactics.distance_field(ground, e) for e in enemies]

    def gap(cell: Cell) -> int:
        return min((f.get(cell, 999) for f in field), default=999)

    def score(cell: Cell) -> tuple[int, int, int]:
        route = reach[cell]
        d = min(fight.state.gap(actor, e, cell) for e in enemies)
        if bow is not None:
            good = 1 < d <= bow.range and any(
                1 < fight.state.gap(actor, e, cell) <= bow.range
                and tactics.line_of_effect(fight.state, cell, e.cell) for e in enemies)
            return (int(good), -len(route.safest_provokers), -abs(d - min(bow.range, 4)))
        good = d <= melee
        return (int(good), -len(route.safest_provokers), -gap(cell))

    best = max(reach, key=lambda c: (score(c), -reach[c].safest_cost))
    route = reach[best]
    here_good = score_here(fight, actor, enemies, bow, melee)
    if route.safest_provokers and bow is None and not actor.prone:
        advance = _advance_into_reach(fight, actor, enemies, melee)
        if advance is not None:
            return advance
    if route.safest_provokers and near:
        return None
    if here_good and score(best)[0] <= 1 and not route.safest_provokers and bow is None:
        return None
    if bow is not None and here_good:
        return None
    if gap(best) >= gap(actor.cell) and not score(best)[0]:
        return None
    return Move(actor.id, best, ways[best], route.safest_path)


def _advance_into_reach(fight: Seed002Fight, actor: Creature, enemies: Sequence[Creature],
                        melee: int) -> Command | None:
    """An advance [77] (which never provokes) to a square from which a close attack reaches an enemy."""
    for cell in sorted(tactics.reachable(fight.state, actor, "advance", fight.budget_of(actor, "advance")),
                       key=lambda c: fight.offset(c)):
        if min(fight.state.gap(actor, e, cell) for e in enemies) <= melee:
            command = Advance(actor.id, cell)
            if not fight.why_illegal(command):
                return command
    return None


def score_here(fight: Seed002Fight, actor: Creature, enemies: Sequence[Creature], bow: AttackSheet | None,
               melee: int) -> bool:
    d = min(fight.state.gap(actor, e) for e in enemies)
    if bow is not None:
        return 1 < d <= bow.range and any(tactics.line_of_effect(fight.state, actor.cell, e.cell) for e in enemies)
    return d <= melee


def _withdraw(fight: Seed002Fight, actor: Creature) -> Command | None:
    """Withdraw [79] to the square farthest from the nearest enemy, if one is legal."""
    budget = fight.budget_of(actor, "withdraw")
    found: list[tuple[int, str, Command]] = []
    for cell in tactics.reachable(fight.state, actor, "withdraw", budget):
        command = Withdraw(actor.id, cell)
        if fight.why_illegal(command):
            continue
        d = fight.state.nearest_enemy_distance(actor, cell) or 0
        found.append((d, str(fight.offset(cell)), command))
    if not found:
        return None
    return max(found, key=lambda x: (x[0], x[1]))[2]



