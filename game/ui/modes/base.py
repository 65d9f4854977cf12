"""A mode of the table's input, and what the table offers its modes (``Host``).

The modes, the preparation panel and the scripts are typed against ``Host``, not against
``game.ui.table.Table``: the table imports them and none of them imports the table.
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol

import pygame
import pygame_gui

from game.grid import Cell
from game.rulesets.package import Piece as Piece  # a creature on the board as the generic window sees it
from game.session import Session
from game.ui.board_view import BoardView


class Mode:
    """One state of the table's input. Each ``on_`` method answers with the next mode, or None to stay;
    the table goes there with ``Host.follow`` (a mode already on the stack: back down to it)."""

    screen: ClassVar[str] = "table"
    """The screen it shows: ``table`` (the fight), ``handoff`` or ``setup``."""
    takes_keys: ClassVar[bool] = False
    """Every key is the mode's (a screen that hides the fight): the table's own keys do not apply."""

    def on_event(self, table: Host, event: pygame.event.Event) -> bool:
        """A raw event before anything else looks at it (a panel's buttons); True when it was the mode's."""
        return False

    def on_key(self, table: Host, key: int) -> Mode | None:
        """A key the table left to the mode (all of them when ``takes_keys``)."""
        return None

    def on_pointer(self, table: Host, event: pygame.event.Event) -> bool:
        """A mouse event that no window element took, before the table pans, zooms or clicks the board
        with it; True when it was the mode's."""
        return False

    def on_click(self, table: Host, cell: Cell) -> Mode | None:
        """A left click on a board cell."""
        return None

    def on_hover(self, table: Host, cell: Cell | None) -> Mode | None:
        """The pointer moved onto ``cell`` (None: off the board). The previews are drawn from the table's
        ``hover``: no mode needs more today."""
        return None

    def on_confirm(self, table: Host) -> Mode | None:
        """Enter."""
        return None

    def on_cancel(self, table: Host) -> Mode | None:
        """Esc."""
        return None

    def prompt(self, table: Host) -> str:
        """The line that tells the player what to do in this mode."""
        return ""


class FightMode(Mode):
    """A mode of the fight itself, at the bottom of the stack (a ruleset's: moving, aiming, charging...)."""

    def on_key(self, table: Host, key: int) -> Mode | None:
        """The fight's keys (the ruleset's ``fight_keys``), the same in every mode of its fight."""
        table.fight_key(key)
        return None

    def sat_down(self) -> None:
        """A player sat down at the table (after a handoff): the fight at rest starts afresh."""

    def resting(self) -> FightMode:
        """The fight's mode at rest that this one goes back to when its choice is dropped (itself if at rest);
        what it had previewed is dropped."""
        return self

    def on_click(self, table: Host, cell: Cell) -> Mode | None:
        """Not the viewer's turn: a click selects the creature there; else the mode's ``click``."""
        assert table.session is not None
        who = table.session.encounter.occupant(cell)
        actor = table.acting
        if not table.my_turn() or actor is None:
            if who is not None:
                table.selected = who.id
            return None
        return self.click(table, cell, who, actor)

    def click(self, table: Host, cell: Cell, who: Any, actor: Any) -> Mode | None:
        """A click on the board during the viewer's turn (``who``: the creature there, if any; ``actor``:
        the acting one, as the ruleset's own modes type them)."""
        return None


class Host(Protocol):
    """The table window, as its modes, its panels and its scripts see it."""

    session: Session | None
    viewer: str | None
    hover: Cell | None
    selected: str | None
    controls: dict[str, str]
    manager: pygame_gui.UIManager
    screen: pygame.Surface
    view: BoardView | None
    overlay_on: dict[str, bool]
    modes: list[Mode]
    late_labels: list[tuple[str, tuple[int, int]]]
    """Labels drawn over the tokens this frame (a previewed path's)."""

    @property
    def parts(self) -> object:
        """The ruleset's window parts (``game.ui.parts.WindowParts``; its own modes know their type)."""
        ...

    @property
    def prep(self) -> Any:
        """The ruleset's panel open over the fight (seed 000: the reaction preparation), if any."""
        ...

    @property
    def board_rect(self) -> pygame.Rect: ...

    @property
    def acting(self) -> Piece | None: ...

    @property
    def fight(self) -> FightMode: ...

    @property
    def screen_state(self) -> str: ...

    def my_turn(self) -> bool: ...

    def open_gm_tools(self) -> None:
        """The game master's edit panel (after the game master's handoff)."""
        ...

    def say(self, text: str, *, error: bool = False) -> None: ...

    def send(self, command: object) -> bool: ...

    def prompt(self) -> str: ...

    def invalidate(self, *, bar: bool = False) -> None: ...

    def follow(self, mode: Mode, nxt: Mode | None) -> None: ...

    def description(self) -> str: ...

    def open_setup(self) -> None: ...

    def close_prep(self) -> None: ...

    def cancel(self) -> None: ...

    def drop_choice(self) -> None: ...

    def fight_key(self, key: int) -> None: ...

    def open_panel(self, mode: Mode) -> None: ...

    def token_centre(self, c: Any) -> tuple[float, float]: ...

    def label_spot(self, board: pygame.Surface, label: str, end: tuple[float, float]) -> tuple[int, int]: ...

    def idle(self) -> bool: ...

    def cell_pixel(self, col: int, row: int) -> tuple[int, int] | None: ...
