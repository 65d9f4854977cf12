"""Seed 003's AI: takes what it may do from the fight's legal-commands query and weighs it.

It heals a dying or badly hurt ally when it can (else, free, stabilizes a dying one next to it), pops off a lone enemy and walks away when badly hurt,
rallies when badly hurt and free, disengages when badly hurt and engaged, attacks when it can (a coup
de grace first, its
limited abilities once the escalation die is at 2 or more, the staggered and the weakest first, without
provoking when it can help it), takes its melee stance when engaged in a ranged one, and otherwise moves:
a melee creature next to the enemy that provokes least, a ranged one to where it can shoot and is free;
moved and still out of reach, it readies its basic attack for the enemy that comes (and takes it).

Downed PCs (``downed.py``): it attacks a standing enemy before a dying PC, and finishes a dying PC only when
nothing standing is in reach of the attack, or when free of standing enemies and the attack kills it (a coup
de grace on one with two failed death saves, any hit on one with three). It disengages only when it pays:
when it wants out (badly hurt, or engaged in a ranged stance) and the exact odds of the check
(``attacks.disengage_odds``) are at least even. It saves its big abilities for the escalation die: an
encounter or recharge ability from 2, a daily one from 3. A PC calls a retreat when the party is beaten
(``Downed.beaten``); a PC lost for good fights in spirit for the ally most in need.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping

from game.grid import Cell
from game.mechanics import tactics
from game.rulesets.seed003 import attacks as at
from game.rulesets.seed003.commands import (BASIC_MELEE, BASIC_RANGED, Command, Disengage, EndTurnCommand,
                                            FightInSpirit, Flee, GrantSave, Move, Rally, Ready, Stabilize,
                                            SwitchStance, UseAbility)
from game.rulesets.seed003.fight import Seed003Fight
from game.rulesets.seed003.sheets import Ability, Effect, Frequency, Reach, StanceKind
from game.rulesets.seed003.state import ACTIONS, DEATH_FAILURES, Creature

DISENGAGE_ODDS = Fraction(1, 2)
"""The least chance of a disengage check the AI tries (3d6 vs 11: 50%; vs 12: 37.5%; vs 13: 25.9%)."""
BIG_AT = {Frequency.ENCOUNTER: 2, Frequency.RECHARGE: 2, Frequency.DAILY: 3}
"""The escalation die from which the AI spends a limited ability of each frequency."""


def choose_command(fight: Seed003Fight) -> Command | None:
    actor = fight.acting
    if actor is None:
        return None
    legal = list(fight.legal_commands())
    state = fight.state
    if actor.lost:
        return _spirit(fight, actor, legal)
    flee = next((c for c in legal if isinstance(c, Flee)), None)
    if flee is not None and fight.beaten(actor.side):
        return flee
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
    stabilize = next((c for c in legal if isinstance(c, (Stabilize, GrantSave))), None)
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
    if (engaged and not actor.popped and actor.budget.has("move") and (hurt or actor.stance is StanceKind.RANGED)
            and disengage_chance(fight, actor) >= DISENGAGE_ODDS):
        away = _free_cells(fight, actor, foes, [c.to for c in legal if isinstance(c, Disengage)])
        if away:
            return Disengage(actor.id, away[0])
    attack = _best_attack(fight, actor, _worth_attacking(fight, actor, [c for c in legal if isinstance(c, UseAbility)
                                                                        and c not in effects]))
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


def disengage_chance(fight: Seed003Fight, actor: Creature) -> Fraction:
    """The exact chance that disengaging from every engaged enemy succeeds now [163, 257]."""
    enemies = fight.state.engaged_with(actor)
    grabbed = any(g in {e.id for e in enemies} and g not in actor.hit_this_round for g in actor.grabbers())
    return at.disengage_odds(len(enemies), at.disengage_net(grabbed_by_unhit=grabbed))


def _spirit(fight: Seed003Fight, actor: Creature, legal: list[Command]) -> Command:
    """Fight in Spirit [185] for the ally most in need: a staggered one engaged gets disadvantage to attacks
    against it; else an engaged one advantage to attacks; else advantage to saves for one with save ends."""
    helps = [c for c in legal if isinstance(c, FightInSpirit)]

    def need(c: FightInSpirit) -> tuple[int, int, int]:
        ally = fight.creature(c.ally)
        engaged = bool(fight.state.engaged_with(ally))
        fits = {"defense": engaged and ally.staggered, "attacks": engaged and not ally.staggered,
                "saves": any(h.ongoing for h in ally.conditions)}[c.benefit]
        return (int(not ally.out), int(fits), -ally.hp)

    return max(helps, key=need) if helps else EndTurnCommand(actor.id)


def _worth_attacking(fight: Seed003Fight, actor: Creature, attacks: list[UseAbility]) -> list[UseAbility]:
    """Attacks on standing enemies; an attack on a dying PC only when none is in reach, or when free of
    standing enemies and the attack finishes it (a coup de grace's crit marks two failures)."""
    standing = [c for c in attacks if not any(fight.creature(t).dying for t in c.targets)]
    free = not fight.state.engaged_with(actor)

    def finishes(c: UseAbility) -> bool:
        downed = [fight.creature(t) for t in c.targets]
        return free and all(d.death_failures + (2 if c.coup else 1) >= DEATH_FAILURES for d in downed)

    return [c for c in attacks if c in standing or finishes(c)] if standing else attacks


def _held_back(ability: Ability, escalation: int) -> bool:
    """A limited ability kept for a higher escalation die."""
    return escalation < BIG_AT.get(ability.frequency, 0)


def _effect(fight: Seed003Fight, actor: Creature, command: UseAbility) -> Effect | None:
    ability = fight.ability_of(actor, command.ability)
    return ability.effect if ability is not None else None


def _best_attack(fight: Seed003Fight, actor: Creature, attacks: list[UseAbility]) -> UseAbility | None:
    if not attacks:
        return None
    def worth(c: UseAbility) -> tuple[int, int, int, int, int, int]:
        ability = fight.ability_of(actor, c.ability)
        assert ability is not None
        targets = [fight.creature(t) for t in c.targets]
        limited = ability.frequency is not Frequency.AT_WILL
        provokes = fight.provokes(actor, ability) and not fight.state.is_free(actor)
        held = _held_back(ability, fight.clock.escalation)
        return (int(c.coup), 0 if provokes else 1, int(limited and not held) - int(held), len(targets),
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
