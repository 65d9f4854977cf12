"""Provoking by tag (numbers in brackets are seed 002's lines), and the query the window's preview asks,
who would this action provoke, is :func:`game.rulesets.seed002.queries.would_provoke`.

Threatened squares are those a creature can make a close attack into with an armed attack, within its reach;
an unarmed creature threatens nothing [122] (``Seed002Tactics``; the shared tactics' threat geometry).

* ``[OA]`` actions (ranged attack [30], stand [74], aim [83]...) provoke from every enemy threatening the
  actor's space when it acts.
* ``[OA from movement]`` actions (move [68], charge [39]) provoke from each enemy whose threatened square the
  mover exits, once per move (``tactics.path_provokers``).
* ``[OA from certain movement]``: advance and withdraw never provoke for leaving [77, 79] (they are legal only
  toward / away from the nearest enemy); escape does not provoke the grabber [80]: a move spares one enemy
  through ``Seed002Fight.exempt_from_provoking(action, reactor)``.
* untagged actions (close attack [25], defend [34], recover [36]) provoke nothing, except that "attacking an
  armed opponent while unarmed normally provokes" [26]: our reading, from that opponent only, if it threatens
  the attacker.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from game.grid import Cell
from game.mechanics import tactics
from game.mechanics.tactics.pieces import PieceId
from game.rulesets.seed002 import catalog

if TYPE_CHECKING:
    from game.rulesets.seed002.state import Creature, FightState


def provokers(state: FightState, actor: Creature, name: str, *, path: Sequence[Cell] = (), mode: str = "move",
              target: Creature | None = None, armed: bool = True) -> tuple[PieceId, ...]:
    """Who the catalogue's action ``name`` (its heading) provokes, by its tag: ``OA`` the enemies threatening
    the actor; ``OA from movement`` those whose threatened squares ``path`` exits; ``OA from certain
    movement`` nobody for leaving (advance, withdraw); no tag nobody, but an unarmed close attack on an armed
    ``target`` [26]."""
    tag = catalog.action(name).provokes
    if tag is catalog.Provoking.ON_USE:
        return threatening(state, actor)
    if tag is catalog.Provoking.LEAVING:
        return path_provokers(state, actor, path, mode)
    if tag is catalog.Provoking.NEVER and catalog.action(name).unarmed_provokes and target is not None:
        return unarmed_on_armed(state, actor, target, armed)
    return ()


def threatening(state: FightState, actor: Creature, at: Cell | None = None) -> tuple[PieceId, ...]:
    """The enemies that threaten ``actor``'s space (at ``at``, else where it stands), in initiative order."""
    return tactics.provokers_leaving(state, actor, at)


def unarmed_on_armed(state: FightState, actor: Creature, target: Creature, armed: bool) -> tuple[PieceId, ...]:
    """An unarmed close attack on an armed opponent provokes that opponent, if it threatens the attacker [26]."""
    if armed or not target.template.armed:
        return ()
    return (target.id,) if target.id in threatening(state, actor) else ()


def path_provokers(state: FightState, actor: Creature, path: Sequence[Cell], mode: str) -> tuple[PieceId, ...]:
    """The enemies a path in ``mode`` provokes by exiting their threatened squares, once each."""
    return tactics.path_provokers(state, actor, path, mode)

