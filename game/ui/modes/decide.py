"""Answering a decision: the one prompt for whatever a ruleset asks (``game.ui.decision_prompt``).

The table puts this mode on top when the engine waits for the player looking at the table (after the
handoff to them: hot-seat follows the chooser). The prompt takes its own buttons and number keys; the
board stays visible and hovering still works, but clicks on the board and the fight's keys wait until the
decision is answered, except that where the ruleset's window parts read the decision's options as squares
(``game.ui.parts.DecisionCells``: a push's landing), a click on one of those squares chooses its option. It
leaves when the decision is no longer open.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.grid import Cell
from game.ui.decision_prompt import DecisionPrompt
from game.ui.modes.base import Host, Mode


@dataclass(eq=False)
class DecideMode(Mode):
    prompt_window: DecisionPrompt

    @property
    def decision_id(self) -> int:
        return self.prompt_window.decision.id

    def on_event(self, table: Host, event: pygame.event.Event) -> bool:
        return self.prompt_window.handle(event)

    def on_key(self, table: Host, key: int) -> Mode | None:
        return None  # the fight's keys wait for the answer

    def on_click(self, table: Host, cell: Cell) -> Mode | None:
        """A click on a square that answers the decision (the parts' ``decision_cells``) chooses its option;
        any other click waits."""
        cells = getattr(table.parts, "decision_cells", None)
        if cells is not None:
            key = cells(table, self.prompt_window.decision).get(cell)
            if key is not None:
                self.prompt_window.choose(key)
        return None

    def on_cancel(self, table: Host) -> Mode | None:
        table.say("a decision is open: choose one of its options (passing is one of them)")
        return None

    def prompt(self, table: Host) -> str:
        return self.prompt_window.asked()

    def leave(self) -> None:
        self.prompt_window.kill()
