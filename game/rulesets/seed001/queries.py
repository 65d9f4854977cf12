"""What the window (and the AI) asks of a seed 001 fight without changing it: the same plan the fight carries
out, so what a player sees is what happens."""

from __future__ import annotations

from game.grid import Cell
from game.kernel.engine import Impossible
from game.rulesets.seed001.commands import Attack, Command, Move
from game.rulesets.seed001.fight import Seed001Fight, Weaponry, attacks_of


def path_of(fight: Seed001Fight, command: Command) -> tuple[Cell, ...] | None:
    """The hexes a move or a move-and-attack would enter now, in order (its own path, else the cheapest route
    the fight takes); () when it stays put; None when it cannot go there (or is no move)."""
    to = command.to if isinstance(command, (Move, Attack)) else None
    actor = fight.state.everyone.get(command.creature)  # type: ignore[call-overload]
    if to is None or actor is None:
        return None
    try:
        return fight._path(actor, to, command.path)  # type: ignore[union-attr]
    except Impossible:
        return None


def attacks_from(fight: Seed001Fight, pid: str, at: Cell | None = None) -> list[tuple[str, Weaponry]]:
    """Every (target, attack) ``pid`` could make from ``at`` (where it stands, else): enemies standing within each
    attack's reach or range (a missile with a line of effect), nearest first."""
    actor = fight.state.everyone.get(pid)  # type: ignore[call-overload]
    if actor is None:
        return []
    here = fight.state.mover(actor).cell if at is None else at
    out: list[tuple[str, Weaponry]] = []
    for e in sorted(fight.state.enemies(actor), key=lambda e: (fight.state.distance(here, e.cell), e.id)):
        for w in attacks_of(actor.template):
            if fight.reaches(here, e, w):
                out.append((e.id, w))
    return out


def legal(fight: Seed001Fight, command: Command) -> str:
    """Why ``command`` is not allowed now ("" when it is): the fight's own check, changing nothing."""
    return fight.why_illegal(command)
