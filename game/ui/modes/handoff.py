"""The handoff screen: the board hidden until the next player (or the game master) confirms."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.modes.base import Host, Mode


@dataclass(eq=False)
class HandoffMode(Mode):
    """Enter, Space or a click: ``to`` is at the table. Esc, when the game master was called to change who
    plays what: not now, back to the table as it was."""

    screen = "handoff"
    takes_keys = True
    to: str | None
    """Who the table passes to."""
    for_setup: bool = False
    """The table goes to the game master, to change who plays what (``P``)."""
    for_gm_tools: bool = False
    """The table goes to the game master, to edit the fight (``Ctrl+G``: ``game.ui.gm_tools``)."""

    def on_key(self, table: Host, key: int) -> Mode | None:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return self.on_confirm(table)
        if key == pygame.K_ESCAPE:
            return self.on_cancel(table)
        return None

    def on_pointer(self, table: Host, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            table.follow(self, self.on_confirm(table))
        return True  # the board is hidden: no pan, zoom or click reaches it

    def on_confirm(self, table: Host) -> Mode | None:
        table.viewer = self.to
        table.follow(self, table.fight)
        if self.for_setup:
            table.open_setup()
            return None
        table.fight.resting().sat_down()
        table.invalidate(bar=True)
        table.say(table.prompt())
        if self.for_gm_tools:
            table.open_gm_tools()
        return None

    def on_cancel(self, table: Host) -> Mode | None:
        return table.fight if self.for_setup or self.for_gm_tools else None
