"""What seed 000's window parts keep of the board between frames (the move preview's routes, the aimed
power's targets, flanking), and how its modes reach it and the encounter from the generic table."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

from game.grid import Cell
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.encounter import Encounter
from game.rulesets.seed000.model import ActionType, CreatureId
from game.rulesets.seed000.state import Creature
from game.ui.modes.base import Host
from game.ui.rulesets.seed000.highlights import Flanking


@dataclass
class Seen:
    """The highlights worked out for the state shown (``Seed000Parts.highlights``), which the modes check
    a click against: a highlighted cell or creature is exactly one the engine accepts."""

    routes: dict[Cell, tactics.Route] = field(default_factory=dict)
    """The acting creature's move (or shift) preview: ``tactics.reachable``."""
    forced: tactics.ForcedOptions | None = None
    """Where the target of a forced movement may land."""
    origins: frozenset[Cell] = frozenset()
    """Where the area power being aimed may be aimed."""
    valid: list[CreatureId] = field(default_factory=list)
    """The valid targets of the power being aimed."""
    flank: Flanking = field(default_factory=lambda: Flanking((), frozenset()))
    cheapest: bool = False
    """The move preview shows the cheapest path, not the safest (Tab)."""


def seen(table: Host) -> Seen:
    """Seed 000's highlights of ``table`` (its parts are seed 000's when its modes run)."""
    got = getattr(table.parts, "seen", None)
    assert isinstance(got, Seen), "seed 000's modes run with seed 000's window parts"
    return got


def encounter(table: Host) -> Encounter:
    """The session's fight, which is seed 000's Encounter when these parts are in use (the table takes a
    ruleset's window parts for that ruleset's files only)."""
    assert table.session is not None
    return cast(Encounter, table.session.encounter)


def acting(table: Host) -> Creature | None:
    """The acting creature, as seed 000's state has it."""
    return encounter(table).state.acting if table.session is not None else None


def action_left(table: Host, actor: Creature, action: ActionType) -> bool:
    """An action of that kind is left for ``actor`` this turn (the engine's own check, asked without spending)."""
    return not encounter(table).action_problem(actor, action)
