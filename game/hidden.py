"""Creatures hidden from players (issue 18 item 2; the players' display, issue 17).

The game master marks a creature hidden, or reveals it, with :class:`HideCreature`: a command of the table's,
not of the rules (a hidden creature takes part in the rules as any other), given as the game master's and kept
in :attr:`game.session.Session.played` like any other command, so a save holds it (its JSON form below, the
``gm_hide`` line) and an undo or a resumed save replays it. Nothing of the fight's log comes of it: the fight
is the same whoever sees it. What players see (the players' display, a player's view of the table, the
players' log lines) leaves out the creatures in :attr:`game.session.Session.hidden`: those the map places
hidden (a ``hidden`` property on the Tiled object, or on a layer around it), then each mark in the order given.

No pygame here, and no ruleset: the session applies these commands itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.board import Board, Placement, creature_ids
from game.errors import EncounterFileError
from game.scenario import Scenario

JSON_DO = "gm_hide"
"""A save line's ``do`` for :class:`HideCreature` (the game master's edits are ``gm_*`` too)."""


@dataclass(frozen=True, slots=True)
class HideCreature:
    """Hide a creature from what players see (``hidden``), or reveal it again (``hidden=False``)."""

    creature: str
    hidden: bool = True


def placed_hidden(board: Board, scenario: Scenario) -> frozenset[str]:
    """The creatures the map places hidden (``hidden`` on the object or a layer around it), by id."""
    placements: list[Placement] = list(board.placements) if scenario.use_map_creatures else []
    if not any(p.hidden for p in placements):
        return frozenset()
    for name, side, template, (col, row) in scenario.creatures:  # ids are made over the whole list
        placements.append(Placement(name, side, template, board.grid.offset_to_cell(col, row)))
    return frozenset(cid for cid, p in zip(creature_ids(placements), placements) if p.hidden)


def hidden_after(placed: Iterable[str], commands: Iterable[object]) -> set[str]:
    """The creatures hidden after ``commands`` (those of them that are :class:`HideCreature`), from ``placed``."""
    out = set(placed)
    for command in commands:
        if isinstance(command, HideCreature):
            (out.add if command.hidden else out.discard)(command.creature)
    return out


def hide_to_json(command: object) -> dict[str, Any] | None:
    """A :class:`HideCreature` as a save line's command object; None for any other command."""
    if not isinstance(command, HideCreature):
        return None
    return {"do": JSON_DO, "creature": command.creature, "hidden": command.hidden}


def hide_from_json(record: Mapping[str, Any], path: str | Path, place: str) -> HideCreature | None:
    """:func:`hide_to_json`'s object read back (None: ``record`` is another command); raises
    ``EncounterFileError`` naming ``path`` and ``place`` for a ``gm_hide`` object that is not right."""
    if not isinstance(record, Mapping) or record.get("do") != JSON_DO:
        return None
    extra = sorted(set(record) - {"do", "creature", "hidden"})
    if extra:
        raise EncounterFileError(path, f"unknown key {extra[0]!r} in a gm_hide command", place)
    creature, hidden = record.get("creature"), record.get("hidden", True)
    if not isinstance(creature, str) or not creature or len(creature) > 200:
        raise EncounterFileError(path, "a gm_hide command names its creature (a creature id)", f"{place}.creature")
    if not isinstance(hidden, bool):
        raise EncounterFileError(path, "hidden is true or false", f"{place}.hidden")
    return HideCreature(creature, hidden)
