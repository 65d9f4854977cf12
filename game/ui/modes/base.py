"""A mode of the table's input, and what the table offers its modes (``Host``).

The modes, the preparation panel and the scripts are typed against ``Host``, not against
``game.ui.table.Table``: the table imports them and none of them imports the table.
"""

from __future__ import annotations

from typing import ClassVar, Protocol

import pygame
import pygame_gui

from game.grid import Cell
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.commands import Command
from game.rulesets.seed000.model import ActionType, CreatureId
from game.rulesets.seed000.state import Creature
from game.session import Session


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


FIGHT_KEYS = frozenset((pygame.K_SPACE, *range(pygame.K_1, pygame.K_9 + 1), pygame.K_m, pygame.K_h, pygame.K_u,
                        pygame.K_c, pygame.K_w, pygame.K_TAB))
"""The fight's keys (README: the table window): the table sends them to the fight's mode."""


class FightMode(Mode):
    """A mode of the fight itself, at the bottom of the stack: moving, aiming a power or charging."""

    def on_key(self, table: Host, key: int) -> Mode | None:
        """The fight's keys, the same in every fight mode: each starts a mode of its own or acts at once."""
        if key == pygame.K_SPACE:
            table.end_turn()
        elif pygame.K_1 <= key <= pygame.K_9:
            table.pick_power(key - pygame.K_1)
        elif key in (pygame.K_m, pygame.K_h):
            table.set_move_mode("move" if key == pygame.K_m else "shift")
        elif key == pygame.K_u:
            table.stand_up()
        elif key == pygame.K_c:
            table.start_charge()
        elif key == pygame.K_w:
            if table.hover is not None and table.my_turn():
                table.add_waypoint(table.hover)
        elif key == pygame.K_TAB:
            table.cheapest = not table.cheapest
            table.say("previewing the cheapest paths" if table.cheapest else "previewing the safest paths")
        return None

    @property
    def move(self) -> Moving:
        """The moving mode it goes back to (the move or shift kind, the waypoints)."""
        raise NotImplementedError

    def on_click(self, table: Host, cell: Cell) -> Mode | None:
        """Not the viewer's turn: a click selects the creature there; else the mode's ``click``."""
        assert table.session is not None
        who = table.session.encounter.state.occupant(cell)
        actor = table.acting
        if not table.my_turn() or actor is None:
            if who is not None:
                table.selected = who.id
            return None
        return self.click(table, cell, who, actor)

    def click(self, table: Host, cell: Cell, who: Creature | None, actor: Creature) -> Mode | None:
        """A click on the board during the viewer's turn (``who``: the creature there, if any)."""
        return None


class Moving(Protocol):
    """The moving mode (``game.ui.modes.table_mode.MoveMode``) as the other modes see it."""

    kind: str
    """``move`` or ``shift`` (the kinds ``tactics.reachable`` takes)."""
    pending: Cell | None
    """The cell whose move a first click previewed (a second click, or Enter, goes)."""
    waypoints: list[Cell]


class Host(Protocol):
    """The table window, as its modes, its panels and its scripts see it."""

    session: Session | None
    viewer: str | None
    hover: Cell | None
    selected: CreatureId | None
    cheapest: bool
    controls: dict[str, str]
    routes: dict[Cell, tactics.Route]
    forced: tactics.ForcedOptions | None
    origins: frozenset[Cell]
    valid: list[CreatureId]
    manager: pygame_gui.UIManager
    screen: pygame.Surface

    @property
    def board_rect(self) -> pygame.Rect: ...

    @property
    def acting(self) -> Creature | None: ...

    @property
    def fight(self) -> FightMode: ...

    @property
    def screen_state(self) -> str: ...

    def my_turn(self) -> bool: ...

    def say(self, text: str, *, error: bool = False) -> None: ...

    def send(self, command: Command) -> bool: ...

    def prompt(self) -> str: ...

    def invalidate(self, *, bar: bool = False) -> None: ...

    def follow(self, mode: Mode, nxt: Mode | None) -> None: ...

    def description(self) -> str: ...

    def open_setup(self) -> None: ...

    def close_prep(self) -> None: ...

    def cancel(self) -> None: ...

    def end_turn(self) -> None: ...

    def pick_power(self, index: int) -> None: ...

    def set_move_mode(self, mode: str) -> None: ...

    def stand_up(self) -> None: ...

    def start_charge(self) -> None: ...

    def add_waypoint(self, cell: Cell) -> None: ...

    def idle(self) -> bool: ...

    def cell_pixel(self, col: int, row: int) -> tuple[int, int] | None: ...


def action_left(table: Host, actor: Creature, action: ActionType) -> bool:
    """An action of that kind is left for ``actor`` this turn (the engine's own check, asked without spending)."""
    assert table.session is not None
    return not table.session.encounter.action_problem(actor, action)
