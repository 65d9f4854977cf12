"""Seed 003's AI: takes what it may do from the fight's legal-commands query and weighs it.

It heals a dying or badly hurt ally when it can (else, free, stabilizes a dying one next to it), pops off a lone enemy and walks away when badly hurt,
rallies when badly hurt and free, disengages when badly hurt and engaged, attacks when it can (a coup
de grace first, its
limited abilities once the escalation die is at 2 or more, the staggered and the weakest first, without
provoking when it can help it), takes its melee stance when engaged in a ranged one, and otherwise moves:
a melee creature next to the enemy that provokes least, a ranged one to where it can shoot and is free;
moved and still out of reach, it readies its basic attack for the enemy that comes (and takes it).
"""

from __future__ import annotations

from typing import Mapping

from game.grid import Cell
from game.mechanics import tactics
from game.rulesets.seed003.commands import (BASIC_MELEE, BASIC_RANGED, Command, Disengage, EndTurnCommand, Move, Rally,
                                            Ready, Stabilize, SwitchStance, UseAbility)
from game.rulesets.seed003.fight import Seed003Fight
from game.rulesets.seed003.sheets import Effect, Frequency, Reach, StanceKind
from game.rulesets.seed003.state import ACTIONS, Creature


def choose_command(fight: Seed003Fight) -> Command | None:
    actor = fight.acting
    if actor is None:
        return None
    legal = list(fight.legal_commands())
    state = fight.state
    engaged = state.engaged_with(actor)
    hurt = actor.hp <= actor.max_hp // 4
    if hurt and not engaged and actor.template.pc and actor.recoveries:
        rally = next((c for c in legal if isinstance(c, Rally)), None)
        if rally is not None and ACTIONS.pay(actor.budget, "standard", check_only=True) == "standard":
            return rally
    foes = [c for c in state.creatures.values() if c.side != actor.side and not c.out]
    effects = [c for c in legal if isinstance(c, UseAbility) and _effect(fight, actor, c) is not None]
    for c in effects:  # heal a dying ally, else one badly hurt
        ally = fight.creature(c.targets[0])
        if _effect(fight, actor, c) is Effect.HEAL and (ally.dying or ally.hp <= ally.max_hp // 4):
            return c
    stabilize = next((c for c in legal if isinstance(c, Stabilize)), None)
    if stabilize is not None and not engaged:
        return stabilize
    if engaged and hurt and len(engaged) == 1 and actor.budget.has("move"):
        pop = next((c for c in effects if _effect(fight, actor, c) is Effect.POP_OFF), None)
        if pop is not None:
            return pop
    if engaged and actor.budget.has("move") and {e.id for e in engaged} <= actor.popped:
        away = _free_cells(fight, actor, foes, [c.to for c in legal if isinstance(c, Move)])
        if away:
            return Move(actor.id, away[0])  # popped off: it walks away
    if engaged and not actor.popped and actor.budget.has("move") and (hurt or actor.stance is StanceKind.RANGED):
        away = _free_cells(fight, actor, foes, [c.to for c in legal if isinstance(c, Disengage)])
        if away:
            return Disengage(actor.id, away[0])
    attack = _best_attack(fight, actor, [c for c in legal if isinstance(c, UseAbility) and c not in effects])
    if attack is not None:
        return attack
    if engaged and actor.stance is StanceKind.RANGED:
        switch = next((c for c in legal if isinstance(c, SwitchStance) and c.stance == "melee"), None)
        if switch is not None:
            return switch
    if not engaged and actor.stance is StanceKind.MELEE and actor.template.stances[0].kind is StanceKind.RANGED:
        switch = next((c for c in legal if isinstance(c, SwitchStance) and c.stance == "ranged"), None)
        if switch is not None:
            return switch
    ready = next((c for c in legal if isinstance(c, Ready) and c.ability in (BASIC_MELEE, BASIC_RANGED)), None)
    if ready is not None and not engaged and not actor.budget.has("move") and actor.budget.has("standard"):
        return ready  # moved and still out of reach: wait for them with the basic attack
    move = _best_move(fight, actor, foes, [c for c in legal if isinstance(c, Move)]) if not engaged else None
    if move is not None:
        return move
    if ready is not None and not engaged and actor.budget.has("standard"):
        return ready
    return EndTurnCommand(actor.id)


def _effect(fight: Seed003Fight, actor: Creature, command: UseAbility) -> Effect | None:
    ability = fight.ability_of(actor, command.ability)
    return ability.effect if ability is not None else None


def _best_attack(fight: Seed003Fight, actor: Creature, attacks: list[UseAbility]) -> UseAbility | None:
    if not attacks:
        return None
    big_now = fight.clock.escalation >= 2

    def worth(c: UseAbility) -> tuple[int, int, int, int, int, int]:
        ability = fight.ability_of(actor, c.ability)
        assert ability is not None
        targets = [fight.creature(t) for t in c.targets]
        limited = ability.frequency is not Frequency.AT_WILL
        provokes = fight.provokes(actor, ability) and not fight.state.is_free(actor)
        return (int(c.coup), 0 if provokes else 1, int(limited and big_now) - int(limited and not big_now), len(targets),
                sum(int(t.staggered) for t in targets), -min(t.hp for t in targets))

    return max(attacks, key=worth)


def _fields(fight: Seed003Fight, foes: list[Creature]) -> list[Mapping[Cell, int]]:
    return [fight.field_of(f) for f in foes]


def _free_cells(fight: Seed003Fight, actor: Creature, foes: list[Creature], cells: list[Cell]) -> list[Cell]:
    """Cells among ``cells`` next to no enemy, farthest from them first."""
    grid = fight.state.board.grid
    free = [c for c in cells if all(grid.distance(c, f.cell) > 1 for f in foes)]
    return sorted(free, key=lambda c: -min((grid.distance(c, f.cell) for f in foes), default=0))


def _best_move(fight: Seed003Fight, actor: Creature, foes: list[Creature], moves: list[Move]) -> Move | None:
    if not moves or not foes:
        return None
    routes = tactics.reachable(fight.state, actor, "move")
    grid = fight.state.board.grid
    ranged = actor.stance is StanceKind.RANGED
    if ranged:
        stance = actor.template.stance(StanceKind.RANGED)
        if stance is not None:
            far = stance.reach is Reach.FAR
            spots = []
            for m in moves:
                if any(grid.distance(m.to, f.cell) <= 1 for f in foes):
                    continue
                if any((far or grid.distance(m.to, f.cell) <= fight.nearby)
                       and tactics.line_of_effect(fight.state, m.to, f.cell) for f in foes):
                    spots.append(m)
            if spots:
                return min(spots, key=lambda m: (len(routes[m.to].safest_provokers), routes[m.to].safest_cost))
    fields = _fields(fight, foes)

    def gap(cell: Cell) -> int:
        near = [f.get(cell, 10**6) for f in fields]
        return min(near) if near else 10**6

    here = min((gap(n) for n in fight.state.board.neighbours(actor.cell)), default=10**6) + 1
    beside = [m for m in moves if any(grid.distance(m.to, f.cell) == 1 for f in foes)]
    if beside and not ranged:
        def worth(m: Move) -> tuple[int, int, int]:
            targets = [f for f in foes if grid.distance(m.to, f.cell) == 1]
            return (len(routes[m.to].safest_provokers), -max(int(t.staggered) for t in targets),
                    min(t.hp for t in targets))
        return min(beside, key=worth)
    closer = [m for m in moves if gap(m.to) < here]
    if not closer:
        return None
    return min(closer, key=lambda m: (len(routes[m.to].safest_provokers), gap(m.to), routes[m.to].safest_cost))
