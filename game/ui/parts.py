"""What the generic table needs from a ruleset's window parts (issue 14 items 6 and 9).

The table (``game.ui.table``) draws the board, the tokens, the panels, the log and the action bar,
and routes the input to modes; what any of it *means* is the ruleset's: which actions the bar offers
and whether each is available now (and why not), what the board highlights for the acting creature
and the choice being made, how a creature's sheet, its row of the turn order and its token read, how
an event reads in the log and animates, and the fight's own modes and panels. A ruleset supplies one
object of this protocol (seed 000's: ``game.ui.rulesets.seed000.parts``), found by the encounter
file's ``ruleset`` (``game.ui.rulesets.parts_for``); the generic modules import no ruleset.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

import pygame

from game.grid import Cell
from game.kernel.decisions import Decision
from game.ui.animation import BannerText, Shown
from game.ui.board_view import Layer, TokenLook
from game.ui.modes.base import FightMode, Host, Piece

__all__ = ["BarEntry", "DecisionCells", "Piece", "PublicHealth", "Shown", "Readiness", "SlowOverlay", "Strip", "TokenNudge",
           "TurnRow", "WindowParts", "nudge"]

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class BarEntry:
    """One button of the action bar, built from the ruleset's commands: its label (with its key), what it
    is (``role``: ``move``, ``power``, ``end``...; ``ident``: which one, e.g. the power), its tooltip, and
    what clicking it starts (a target pick, a move mode, or a command at once)."""

    label: str
    role: str
    ident: object = None
    width: int = 80
    tip: str = ""
    start: Callable[[], None] = field(default=lambda: None, compare=False)


@dataclass(frozen=True, slots=True)
class Readiness:
    """Whether an action-bar entry is available now (the engine's answer), why not, and whether it is the
    one being chosen."""

    available: bool
    why: str = ""
    chosen: bool = False


@dataclass(frozen=True, slots=True)
class TurnRow:
    """A row of the turn-order panel: a creature and what the ruleset says of its state."""

    creature: str
    name: str
    side: str
    dead: bool
    status: str


SlowOverlay = Callable[[], Iterator[Layer | None]]
"""An overlay computed a step at a time: yields None after each step but the last, then its layer."""


class WindowParts(Protocol):
    """A ruleset's window parts, as the generic table asks them. ``table`` is the window (``Host``)."""

    toggles: Mapping[str, tuple[str, str]]
    """The ruleset's overlays the player turns on and off: name -> (its key, what it shows)."""
    layer_order: Mapping[str, int]
    """Where each of its layers is drawn among the others (the generic: terrain 0, grid 90)."""
    keys_help: tuple[tuple[str, str], ...]
    """The fight's keys, for the help (F1)."""
    aiming_help: tuple[str, ...]
    """What the highlights of its choices mean, for the help."""
    fight_keys: frozenset[int]
    """The keys the table sends to the fight's mode."""
    theme: dict[str, Any] | None
    """What its panels add to the window's pygame_gui theme."""

    def first_mode(self) -> FightMode:
        """The fight's mode at rest (seed 000: moving)."""
        ...

    def fight_key(self, table: Host, key: int) -> None:
        """One of ``fight_keys``, pressed in a mode of the fight: it starts a mode or acts at once."""
        ...

    # -- the board ---------------------------------------------------------------------------------

    @property
    def routes(self) -> Mapping[Cell, Any]:
        """The cells the acting creature can move to now, each with its route (the move preview)."""
        ...

    def clear(self) -> None:
        """Another fight: nothing of the highlights worked out before is kept."""
        ...

    def choice_key(self, table: Host) -> object:
        """What the highlights depend on besides the state: the choice being made (its mode, its picks)."""
        ...

    def highlights(self, table: Host) -> dict[str, Layer]:
        """The layers a click needs at once, for the acting creature and the choice being made (reachable
        cells, valid targets, landings, origins...), from the engine's own queries."""
        ...

    def slow_overlays(self, table: Host, actor: Piece) -> dict[str, SlowOverlay]:
        """The overlays about every enemy (threat, flanking), computed over the next frames."""
        ...

    def kept_overlay(self, name: str) -> Layer | None:
        """The layer of a slow overlay as last computed (shown at once when turned back on), if any."""
        ...

    def marks_key(self, table: Host) -> object:
        """What the marks drawn over the map depend on besides the state and the hover."""
        ...

    def draw_marks(self, table: Host, board: pygame.Surface, *, under_hover: bool) -> None:
        """What the choice being made draws over the map: under the hover's outline (``under_hover``) and
        over it (the previewed path, the rings of targets, the aimed area)."""
        ...

    def draw_over_tokens(self, table: Host, board: pygame.Surface) -> None:
        """What must show over the tokens (drawn after them, before the labels; seed 003: the engagement
        links between engaged creatures). Parts with nothing to draw there do nothing."""
        ...

    def hover_message(self, table: Host) -> str | None:
        """The top bar's message for the cell under the pointer (a move's or a charge's preview), if any."""
        ...

    # -- the action bar ----------------------------------------------------------------------------

    def bar_entries(self, table: Host, actor: Piece) -> list[BarEntry]:
        """The action bar for the acting creature, built from the ruleset's commands (End turn last)."""
        ...

    def bar_key(self, table: Host, actor: Piece) -> object:
        """What the entries' readiness depends on (the spent actions, the choice being made)."""
        ...

    def readiness(self, table: Host, actor: Piece, entry: BarEntry) -> Readiness:
        """Whether ``entry`` is available now (the engine's legal-commands query) and why not."""
        ...

    # -- the panels and the log --------------------------------------------------------------------

    def token_shows(self, table: Host, creature: Piece) -> object:
        """What a creature's token shows (its look is made again only when this changes)."""
        ...

    def token_look(self, table: Host, creature: Piece) -> TokenLook:
        """A creature's token: its name, side, state and size."""
        ...

    def turn_order_title(self, table: Host) -> str:
        ...

    def turn_order(self, table: Host) -> list[TurnRow]:
        """The turn-order panel's rows, in order."""
        ...

    def draw_sheet(self, table: Host, creature: Piece, screen: pygame.Surface, x: int, y: int) -> int:
        """A creature's sheet in the side panel (its state, conditions, actions); the y below it."""
        ...

    def log_colour(self, event: object) -> RGB:
        """How an event's line of the log is coloured."""
        ...

    def pictures(self, event: object) -> Shown:
        """What an event shows on the board."""
        ...

    def banner(self, table: Host, events: list[Any], i: int) -> BannerText | None:
        """The banner ``events[i]`` opens (a reaction: headline, why, who reacts), if any."""
        ...

    def describe_command(self, command: object, name: Callable[[str], str]) -> str:
        """A command for people ("Vex's move"), as the undo names it."""
        ...

    def snapshot(self, table: Host, px: Callable[[Cell], list[int] | None]) -> dict[str, Any]:
        """The ruleset's part of what the window shows, as plain data (``--state-file``)."""
        ...

    def end_turn(self, table: Host) -> None:
        """The end of the turn as the player asks it (a panel may open first)."""
        ...


class PublicHealth(Protocol):
    """What a ruleset's window parts may add for the players' display (``game.ui.players_display``): the words
    players see for an opponent's health instead of its hit points (seed 000: unhurt / bloodied / down). Parts
    without it get the generic ``players_display.default_health`` (unhurt / hurt / badly hurt / down)."""

    def public_health(self, creature: Piece) -> str:
        ...


class DecisionCells(Protocol):
    """What a ruleset's window parts may add for decisions whose options are squares of the board (seed 002: where
    a push or pull lands): each square with its option's key. The decision mode (``game.ui.modes.decide``) answers
    with the option of a square clicked; parts without it answer decisions in the prompt only."""

    def decision_cells(self, table: Host, decision: Decision) -> Mapping[Cell, str]:
        ...


class Strip(Protocol):
    """What a ruleset's window parts may add along the top of the board (seed 001: its second-counter as a timeline,
    ``game.ui.strip``): its height now (0: none), taken off the board so that it hides no cell, and how it is drawn
    in a rectangle of the board's width. The players' display draws it too, with ``seen`` saying which creatures
    players may see (None: all, the game master's window)."""

    def strip_height(self, table: Host) -> int:
        ...

    def draw_strip(self, table: Host, target: pygame.Surface, rect: pygame.Rect,
                   seen: Callable[[str], bool] | None) -> None:
        ...


class TokenNudge(Protocol):
    """What a ruleset's window parts may add where two creatures share a cell (seed 001: a rider on its mount): how
    far a creature's token is drawn off its space's centre, in cells (x, y). Parts without it draw every token at
    its space's centre."""

    def token_nudge(self, creature: Piece) -> tuple[float, float]:
        ...


def nudge(parts: object, creature: Piece, cell_w: float, cell_h: float) -> tuple[float, float]:
    """The offset of ``creature``'s token in picture pixels (``TokenNudge``; (0, 0) for parts without it)."""
    ask = getattr(parts, "token_nudge", None)
    if ask is None:
        return 0.0, 0.0
    fx, fy = ask(creature)
    return fx * cell_w, fy * cell_h
