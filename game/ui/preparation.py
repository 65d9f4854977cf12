"""The reaction preparation panel, opened at the end of a player's turn (seed 000).

Waits for the engine's preparation API (issue 4); until then no panel opens
and a turn ends with a plain EndTurnCommand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rules.state import Creature

if TYPE_CHECKING:
    from game.ui.table import Table


def available(table: Table, actor: Creature) -> bool:
    return False


def open_panel(table: Table, actor: Creature) -> Any:
    return None


def summary(table: Table, creature: Creature) -> str:
    return ""
