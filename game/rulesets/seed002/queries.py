"""What the window asks of a seed 002 fight without changing it."""

from __future__ import annotations

from game.kernel.engine import Impossible
from game.rulesets.seed002.commands import Command
from game.rulesets.seed002.fight import Seed002Fight


def would_provoke(fight: Seed002Fight, command: Command) -> tuple[str, ...]:
    """Who ``command`` would provoke if it were carried out now, in the order they would be asked (empty if it
    provokes nobody or is not legal): the window's preview asks this (the same plan the fight carries out)."""
    try:
        return tuple(fight.provokers_of(command))
    except Impossible:
        return ()
