"""A ruleset's panel open over the fight (seed 000: the reaction preparation at the end of a turn,
``game.ui.rulesets.seed000.preparation``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from game.grid import Cell
from game.ui.modes.base import Host, Mode


class Panel(Protocol):
    """The panel as this mode uses it (seed 000's ``PreparationPanel``)."""

    picking: bool
    """The next click on the board anchors a restriction."""

    def handle(self, event: pygame.event.Event) -> bool: ...

    def picked(self, cell: Cell, who: Any) -> None: ...


@dataclass(eq=False)
class PreparationMode(Mode):
    """The panel takes its own events first (its buttons, Enter, Space, Esc); a click on the board anchors
    a restriction while it picks one, else selects the creature there. The fight's keys still reach the
    fight's mode below."""

    panel: Panel

    def on_event(self, table: Host, event: pygame.event.Event) -> bool:
        return self.panel.handle(event)

    def on_click(self, table: Host, cell: Cell) -> Mode | None:
        assert table.session is not None
        who = table.session.encounter.occupant(cell)
        if self.panel.picking:
            self.panel.picked(cell, who)
        elif who is not None:
            table.selected = who.id
        return None

    def on_key(self, table: Host, key: int) -> Mode | None:
        fight = table.fight
        table.follow(fight, fight.on_key(table, key))
        return None

    def on_confirm(self, table: Host) -> Mode | None:
        fight = table.fight
        table.follow(fight, fight.on_confirm(table))
        return None

    def on_cancel(self, table: Host) -> Mode | None:
        table.close_prep()
        return None

    def prompt(self, table: Host) -> str:
        return table.fight.prompt(table)
