"""The commands the acting creature of seed 001 may give now (numbers in brackets are seed 001's lines): what the
window offers on its action bar and board. Each candidate is a command of the fight's own, kept only when the
fight's ``why_illegal`` finds nothing wrong with it, so the window never offers what the fight would refuse.

Candidates: a move to each hex in reach (free within the round's movement [32]) and a withdrawal there (the
action [11]); an attack with each weapon, savage attack or monster move [15] on each enemy in its reach from here,
and a move-and-attack from each hex in reach from which it reaches that enemy (one action that remembers where
the rush began [21]); standing up [32-34]; a dismount to each free hex beside the mount [17]; the end of the turn.
"""

from __future__ import annotations

from collections.abc import Iterator

from game.mechanics import tactics
from game.rulesets.seed001.commands import Attack, Command, Dismount, EndTurnCommand, Move, Stand
from game.rulesets.seed001.counter import Use
from game.rulesets.seed001.fight import Seed001Fight, attacks_of

MAX_OFFERS = 5000
"""Most commands offered at once (a creature's reach times its attacks and foes stays well under)."""


def candidates(f: Seed001Fight) -> Iterator[Command]:
    """The commands worth asking the fight about for its acting creature (not yet checked)."""
    actor = f.acting
    if actor is None:
        return
    yield EndTurnCommand(actor.id)
    state = f.state
    carrier = state.mover(actor)
    has_action = f.counter.can(actor.id, Use.ACTION)
    budget = state.hexes_left(actor)
    routes = tactics.reachable(state, carrier, "move", budget) if budget > 0 and not actor.prone else {}
    for cell, route in sorted(routes.items(), key=lambda kv: kv[0]):
        yield Move(actor.id, cell, route.path)
        if has_action:
            yield Move(actor.id, cell, route.path, withdraw=True)
    if not has_action:
        return
    if actor.prone:
        yield Stand(actor.id)
    if actor.mount is not None:
        for cell in state.board.grid.neighbours(carrier.cell):
            yield Dismount(actor.id, cell)
    enemies = state.enemies(actor)
    for weapon in attacks_of(actor.template):
        for enemy in enemies:
            if state.distance(carrier.cell, enemy.cell) <= weapon.reach:
                yield Attack(actor.id, enemy.id, weapon.id)
            if weapon.kind == "missile":
                continue
            for cell, route in sorted(routes.items(), key=lambda kv: kv[0]):
                if state.distance(cell, enemy.cell) <= weapon.reach:
                    yield Attack(actor.id, enemy.id, weapon.id, cell, route.path)


def legal_commands(f: Seed001Fight) -> list[Command]:
    """The acting creature's commands the fight accepts now (at most :data:`MAX_OFFERS`)."""
    out: list[Command] = []
    for command in candidates(f):
        if len(out) >= MAX_OFFERS:
            break
        if not f.why_illegal(command):
            out.append(command)
    return out
