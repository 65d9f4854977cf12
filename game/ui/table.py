"""The table window: a whole encounter played with the mouse, hot-seat, on square and hex maps.

The window turns input into commands for the session (``game.session``) and
draws the state and the events it gets back. No rule lives here, and no ruleset:
what the action bar offers, what the board highlights, how a sheet, the turn
order, a token and an event read are the ruleset's window parts
(``game.ui.parts.WindowParts``, found by the file's ruleset in
``game.ui.rulesets``), which ask the engine; a command the engine refuses
(``Impossible``) is shown as a one-line message.

Screens: *setup* (who plays each side), *table* (the fight), *handoff* (the
board hidden until the next player confirms). Within the table, the player
whose creature acts is in one of the ruleset's *modes* (seed 000: moving,
aiming a power, charging), with perhaps a panel over it (seed 000: preparing
reactions). Each screen and mode is a small object (``game.ui.modes``, and the
ruleset's own), on a stack the table sends the input to.
"""

from __future__ import annotations

import gc
import math
import os
import time
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Mapping
from typing import Any, Callable, Iterator

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIPanel, UITextEntryLine, UIWindow
from pygame_gui.windows import UIConfirmationDialog, UIFileDialog

from game.board import Board
from game.errors import GameError
from game.grid import Cell
from game.kernel.decisions import Answer
from game.kernel.engine import Impossible
from game.session import AI, ENCOUNTER_SUFFIX, MAP_SUFFIXES, Session
from game.tiled.model import TiledMap
from game.ui import overlays
from game.ui.animation import Animator
from game.ui.board_view import BoardView, Layer, TokenLook, TokenPainter, draw_text, font, text_image
from game.ui.combat_log import CombatLog, wrap
from game.ui.decision_prompt import DecisionPrompt
from game.ui.map_view import side_colour
from game.ui.modes.base import FightMode, Mode, Piece
from game.ui.modes.decide import DecideMode
from game.ui.modes.handoff import HandoffMode
from game.ui.reveals import Reveals, handoff_line
from game.ui.modes.prepare import PreparationMode
from game.ui.modes.setup import SETUP_CREATURE_ROWS as SETUP_CREATURE_ROWS  # the tests read it here
from game.ui.modes.setup import SetupMode
from game.ui import gm_tools, players_display, replay_view
from game.ui import notes as map_notes
from game.ui import ruler
from game.ui import strip as ruleset_strip
from game.ui.parts import BarEntry, WindowParts, nudge
from game.ui.rulesets import DEFAULT as DEFAULT_RULESET
from game.ui.rulesets import parts_for

TOP = 38
BOTTOM = 64
RIGHT = 390
BG = (24, 26, 31)
PANEL = (34, 37, 44)
EDGE = (60, 64, 74)
TEXT = (225, 228, 235)
MUTED = (150, 156, 170)
ACCENT = (250, 210, 90)
ERROR = (255, 110, 100)
MESSAGE_SIZE = 13
MORE = "(click: all of it)"
MORE_NARROW = "(message)"
"""What the top bar shows of a message when the window is too narrow for a row of it: a click opens it whole."""
MESSAGE_BOX_LINES = 200
"""The message box shows at most this many lines of a message (an error may list many problems)."""
LOG_MIN_LINES = 8
LOG_SHARE = 0.28
SHEET_MAX_H = 400
"""The creature sheet is drawn on a surface this tall, then cut to what the panel has room for."""
"""The combat log's least share of the right panel's height."""
INITIATIVE_SHARE = 0.3
"""The initiative list's most share of it."""
LOG_LINE_SIZE = 13
BAR_ARROW_W = 26
NAME_LAYOUTS = 8
"""Name layouts kept (the view's, the next turn's, a few regions panned through)."""
NAME_MIN_RADIUS = 9
"""Names show under tokens from this radius (screen pixels) up."""
NAME_BUCKET = 64
NAME_REGION = 512
"""Names are laid out for the creatures around the view, in squares of this many screen pixels."""
"""The action bar's scroll arrows."""
TOKEN_BUCKET = 256
"""Tokens are filed by squares of this many picture pixels: a frame looks only at those in view."""
AI_PAUSE_S = 0.12
"""Pause between two AI commands, after their animations, so a person can follow."""
OVERLAY_BUDGET_S = 0.005
"""A frame after a change computes the threat and flanking overlays a step at a time (a batch of enemies) while
it has taken less than this since it began (one step in any case); the board view's budgets for its deferred
drawing count from the same start (``board_view.FRAME_BUDGET_S``)."""
THEME = Path(__file__).resolve().parent.parent.parent / "assets" / "ui_theme.json"

KEYS_HELP: tuple[tuple[str, str], ...] = (
    ("Left click", "select / preview a move, click again to go / choose target, landing"),
    ("Right or middle drag, arrows", "pan"),
    ("Wheel, + / -", "zoom toward the cursor;  0: fit the map"),
    ("Enter", "confirm (move preview, targets, preparation, handoff)"),
    ("Esc", "cancel the current choice"),
    ("Ctrl+Z", "undo the last action, when it revealed nothing"),
    ("Ctrl+G", "game master's tools: edit the fight (the table goes to the game master first)"),
    ("Ctrl+Shift+Z / Y", "game master's undo / redo"),
    ("Ctrl+O", "open a map or an encounter file"),
    ("P", "who plays what: the game master's (the table goes to the game master first)"),
    ("N", "names under tokens (shown at start)"),
    ("V", "verbose log (break points)"),
    ("F1", "this help"),
    ("F11", "fullscreen"),
    ("F2 / F6", "players' display (F3 camera, F4 rotate, F7/F8 calibrate) / hide a creature from it"),
    ruler.HELP,
    ("Ctrl+Q", "quit (during a fight, asks first)"),
    ("Left / Right, Home / End", "in a replay (File -> Open replay): step back / forward, start / end; Enter plays on"),
)
"""The window's own keys, for the help (F1); the ruleset's fight keys (``WindowParts.keys_help``) are listed
after the first three."""


@dataclass(frozen=True, slots=True)
class NameLabel:
    """A creature's name placed by ``Table.lay_out_names``."""

    creature: str
    text: str
    """The name, or its first word where the whole did not fit."""
    size: int
    """Its font size (``Table.name_image`` makes the image)."""
    rect: pygame.Rect
    """Where it goes, in zoomed picture pixels."""


class Table:
    def __init__(self, size: tuple[int, int], *, controls: dict[str, str] | None = None,
                 skip_setup: bool = False) -> None:
        font.cache_clear()  # fonts from an earlier pygame.font.init are dead
        if not pygame.font.get_init():
            pygame.font.init()
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption("Tactical table")
        self.manager = pygame_gui.UIManager(size, str(THEME) if THEME.exists() else None)
        self.parts: WindowParts = parts_for(DEFAULT_RULESET)
        """The ruleset's window parts (``game.ui.parts``): those of the open file's ruleset."""
        if self.parts.theme is not None:
            self.manager.get_theme().load_theme(self.parts.theme)
        self.ruleset = DEFAULT_RULESET
        """The ruleset whose window parts the table has (the open file's)."""
        self.controls = dict(controls or {})
        self.root: str | None = None
        self._close_pressed = False
        """The close button asked this frame (its QUIT, which follows, is not a quit)."""
        """``play --root DIR``: the folder the maps opened may take files from (None: the loader's default)."""
        self.skip_setup = skip_setup
        self.session: Session | None = None
        self.autosave: Path | None = None
        """Where a fight opened here autosaves at the end of every turn (``play``: the user's data folder)."""
        self.save_folder: Path | None = None
        self.saved_mark: tuple[int, int] | None = None
        """(the session's id, how many commands it had played) when it was last saved by Ctrl+S."""
        """Where Ctrl+S saves (None: ``game.saves.saves_dir()``)."""
        self.view: BoardView | None = None
        self.tokens: TokenPainter | None = None
        self.log = CombatLog()
        self.reveals = Reveals()
        """Secret groups' reveals, told to each player once (``game.ui.reveals``)."""
        self.anim = Animator()
        self.clock = 0.0
        """The window's own time in seconds, advanced by ``update(dt)``: animations run on it."""
        self.modes: list[Mode] = [self.parts.first_mode()]
        """The input modes (``game.ui.modes``): the fight's at the bottom, then the preparation panel if open,
        then a screen that hides the fight (handoff, setup); the top one takes the input."""
        self.viewer: str | None = None
        """The player looking at the table now (the last one who confirmed a handoff)."""
        self.hover: Cell | None = None
        self.mouse = (0, 0)
        self.selected: str | None = None
        self.dragging = False
        self.show_help = False
        self.names = True
        self.overlay_on = {name: True for name in {**overlays.OVERLAYS, **self.parts.toggles}}
        self.message = ""
        self.message_full = ""
        """The message whole (``message`` is its first line)."""
        self.message_error = False
        self.message_open = False
        """The whole message is shown in a box (a click on the message opens and closes it)."""
        self.message_rect = pygame.Rect(0, 0, 0, 0)
        self.message_cut = False
        self.message_box = pygame.Rect(0, 0, 0, 0)
        self._cache_key: object = None
        self._bar_key: object = None
        self._bar_actor: str | None = None
        """The creature the action bar's buttons last showed (their enabled and selected states)."""
        self._bar_state: object = None
        self._bar_powers: list[tuple[UIButton, BarEntry]] = []
        self.bar_arrows: list[UIButton] = []
        self.bar_first = 0
        """The first action shown when the bar scrolls."""
        self.bar_hidden: list[UIButton] = []
        """Actions scrolled out of the bar."""
        self._token_key: object = None
        self._static_layers: dict[str, tuple[object, Layer]] = {}
        self._overlay_jobs: list[Iterator[None]] = []
        """Overlays of the current state still to compute (see ``refresh``), first first: each a generator that
        computes a step when advanced and shows its overlay after the last."""
        self._frame_started: float | None = None
        """When the frame being made began (``update``; None once it is drawn): the frame's budgets count from it."""
        self._hurried = False
        """The frame being made has no time to spare: the state changed (it draws every token and name after
        the board) or it computed overlays. Its board then draws nothing ahead nor past its budget
        (``BoardView.hurried``), nor lays out names ahead."""
        self._overlays_for: object = None
        """The encounter whose threat and flanking overlays are shown (kept while the next are computed)."""
        self._overlay_version = 0
        """Counts the overlays computed: what is drawn over the map depends on it (see ``board_key``)."""
        self.defer_overlays = True
        """A change of state computes the threat and flanking overlays over the next frames (False: in the
        frame of the change, as the benchmark's reference does)."""
        self._side: pygame.Surface | None = None
        self._side_covered = True
        """Something was drawn over the right panel last frame: put it on the screen again."""
        self._board_kept: object = None
        """``board_key()`` of the map as the screen holds it from the frame before (None: draw it all)."""
        self._board_gui = False
        """pygame_gui drew over the map last frame."""
        self.kept_frames = 0
        """Frames that kept the map drawn the frame before (tests and the benchmark read it)."""
        self.log_rect = pygame.Rect(0, 0, 0, 0)
        """Where the combat log is on the screen (the wheel scrolls it there)."""
        self._side_key: object = None
        self._token_buckets: dict[tuple[int, int], list[tuple[Piece, float, float, TokenLook]]] = {}
        self._token_looks: dict[str, tuple[object, float, float, TokenLook, tuple[int, int]]] = {}
        """Each living creature's place and look, with what they were made from (see ``draw_tokens``)."""
        self._token_looks_for: BoardView | None = None
        """The board view those places are in."""
        self._ai_ready_at = 0.0
        self.commands_sent: list[object] = []
        """Every command this window sent to the engine (tests read it)."""
        self.file_dialog: UIFileDialog | None = None
        self.quit_dialog: UIConfirmationDialog | None = None
        self._followed: object = None
        """(round, turn, creature) of the turn the camera last looked at: a new turn brings its creature into view."""
        self.action_buttons: dict[UIButton, Callable[[], None]] = {}
        self.frame_ms = 0.0
        self.drawn_looks: list[tuple[TokenLook, float, float]] = []
        self.late_labels: list[tuple[str, tuple[int, int]]] = []
        """Labels of the previewed path, drawn after the tokens."""
        """The tokens of the last frame, as drawn (the benchmark checks what a frame really showed)."""
        self._names_key: object = None
        self._names: list[NameLabel] = []
        self._name_layouts: dict[tuple[float, float, str | None, tuple[int, ...]],
                                 tuple[tuple[object, ...], list[NameLabel]]] = {}
        """Name layouts per (zoom, cell size, acting creature, region), with the tokens each was made from."""
        self._names_ahead: object = None
        """What the layout made ahead for the next turn was made for (see ``names_ahead``)."""
        self._name_images: dict[tuple[str, int], pygame.Surface] = {}
        self._name_sizes: dict[tuple[str, int], tuple[int, int]] = {}
        self.name_rects: list[tuple[str, pygame.Rect]] = []
        """The names drawn last frame, with their place on the board (tests read them)."""
        self.strip = ruleset_strip.StripPicture()
        """The ruleset's strip above the board, as last drawn (``game.ui.strip``)."""
        self._laid_out = self.board_rect.size
        """The board's size when the window was last laid out."""
        self.players: players_display.PlayersDisplay | None = None
        """The players' display (F2), if open."""
        self.ruler = ruler.Ruler()
        """The ruler (``L``: ``game.ui.ruler``)."""
        self.notes = map_notes.Notes()
        """The map's notes shown to the game master on hover (``game.ui.notes``)."""
        self.replay_ui = replay_view.SavesUI()
        """A replay shown, the save picker, the offer to resume after a crash (``game.ui.replay_view``)."""
        self.build_chrome()

    # -- input modes ------------------------------------------------------------------------

    @property
    def mode(self) -> Mode:
        """The mode that takes the input now (the top of ``modes``)."""
        return self.modes[-1]

    @property
    def fight(self) -> FightMode:
        """The fight's mode: moving, aiming a power or charging."""
        fight = self.modes[0]
        assert isinstance(fight, FightMode)
        return fight

    def follow(self, mode: Mode, nxt: Mode | None) -> None:
        """Go where ``mode`` answered: nowhere (None), back down to a mode on the stack, or to a new mode in
        ``mode``'s place."""
        if nxt is None or nxt is mode:
            return
        if nxt in self.modes:
            del self.modes[self.modes.index(nxt) + 1:]
        elif mode in self.modes:
            self.modes[self.modes.index(mode)] = nxt

    def show_screen(self, screen: Mode) -> None:
        """Put a screen that hides the fight (handoff, setup) on top, in place of the one there."""
        while len(self.modes) > 1 and self.modes[-1].screen != "table":
            self.modes.pop()
        self.modes.append(screen)

    def drop_choice(self) -> None:
        """Back to the fight at rest: what was being chosen (seed 000: the power being aimed, the charge and
        the previewed move) is dropped."""
        self.modes[0] = self.fight.resting()

    def open_panel(self, mode: Mode) -> None:
        """A ruleset's panel over the fight (seed 000: the reaction preparation)."""
        self.modes.insert(1, mode)

    def fight_key(self, key: int) -> None:
        """A key of the fight (the ruleset's ``fight_keys``), pressed in a mode of the fight."""
        self.parts.fight_key(self, key)

    @property
    def routes(self) -> Mapping[Cell, Any]:
        """The cells the acting creature can move to now, each with its route (the ruleset's move preview)."""
        return self.parts.routes

    @property
    def hidden_from_players(self) -> set[str]:
        """The creatures hidden from players: the session's (``Session.hidden``, the game master's commands)."""
        return self.session.hidden if self.session is not None else set()

    def invalidate(self, *, bar: bool = False) -> None:
        """The highlights (and with ``bar`` the action bar) are worked out again at the next frame."""
        self._cache_key = None
        if bar:
            self._bar_key = None

    @property
    def screen_state(self) -> str:
        """``table`` (the fight), ``handoff`` or ``setup``: the top mode's screen."""
        return self.mode.screen

    @screen_state.setter
    def screen_state(self, screen: str) -> None:
        if screen == "table":
            self.follow(self.mode, self.fight)
        elif screen == "handoff":
            self.start_handoff()
        elif screen == "setup":
            self.open_setup()

    @property
    def prep(self) -> Any:
        """The ruleset's panel open over the fight (seed 000: the reaction preparation), if any."""
        for mode in self.modes:
            if isinstance(mode, PreparationMode):
                return mode.panel
        return None

    @property
    def handoff_to(self) -> str | None:
        """Who the handoff screen passes the table to."""
        return self.mode.to if isinstance(self.mode, HandoffMode) else None

    @property
    def handoff_for_setup(self) -> bool:
        """The handoff screen passes the table to the game master, to change who plays what (``P``)."""
        return isinstance(self.mode, HandoffMode) and self.mode.for_setup

    @property
    def setup_mode(self) -> SetupMode | None:
        return self.mode if isinstance(self.mode, SetupMode) else None

    @property
    def setup_window(self) -> UIWindow | None:
        return self.setup_mode.window if self.setup_mode is not None else None

    @property
    def setup_entries(self) -> dict[str, UITextEntryLine]:
        return self.setup_mode.entries if self.setup_mode is not None else {}

    @property
    def setup_creature_entries(self) -> dict[str, UITextEntryLine]:
        """Creature id -> who plays it (empty: as its side), in the setup dialog."""
        return self.setup_mode.creature_entries if self.setup_mode is not None else {}

    # -- layout -----------------------------------------------------------------------------

    @property
    def board_rect(self) -> pygame.Rect:
        w, h = self.screen.get_size()
        strip = ruleset_strip.height(self)  # the ruleset's strip along the top (seed 001's timeline), if any
        return pygame.Rect(0, TOP + strip, max(1, w - RIGHT), max(1, h - TOP - BOTTOM - strip))

    def build_chrome(self) -> None:
        """The top bar buttons and the file menu (pygame_gui); rebuilt on resize."""
        for element in getattr(self, "_chrome", []):
            element.kill()
        m = self.manager
        self.file_button = UIButton(pygame.Rect(4, 4, 70, 30), "File", m)  # no tooltip: it would cover the menu
        self.undo_button = UIButton(pygame.Rect(78, 4, 120, 30), "Undo (Ctrl+Z)", m)
        self.players_button = UIButton(pygame.Rect(202, 4, 110, 30), "Players (P)", m)
        self.help_button = UIButton(pygame.Rect(316, 4, 90, 30), "Help (F1)", m)
        self.file_menu = UIPanel(pygame.Rect(4, 36, 200, 248), manager=m, starting_height=5, visible=0)
        self.open_button = UIButton(pygame.Rect(4, 4, 188, 30), "Open... (Ctrl+O)", m, container=self.file_menu)
        self.save_button = UIButton(pygame.Rect(4, 38, 188, 30), "Save (Ctrl+S)", m, container=self.file_menu)
        self.full_button = UIButton(pygame.Rect(4, 72, 188, 30), "Fullscreen (F11)", m, container=self.file_menu)
        self.quit_button = UIButton(pygame.Rect(4, 106, 188, 30), "Quit (Ctrl+Q)", m, container=self.file_menu)
        self.projector_button = UIButton(pygame.Rect(4, 140, 188, 30), "Players' display (F2)", m,
                                         container=self.file_menu)
        self.gm_tools_button = UIButton(pygame.Rect(4, 174, 188, 30), "GM tools (Ctrl+G)", m,
                                        container=self.file_menu)
        self.redo_button = UIButton(pygame.Rect(4, 208, 188, 30), "GM redo (Ctrl+Shift+Y)", m,
                                    container=self.file_menu)
        self.dice = gm_tools.build_dice(self, 410)
        self._chrome = [self.file_button, self.undo_button, self.players_button, self.help_button, self.file_menu]
        self._bar_key = None
        replay_view.add_menu(self)  # Open save..., Open replay...

    def relayout(self) -> None:
        """The window changed size: everything is laid out and painted again; the map keeps its centre."""
        size = self.screen.get_size()
        self._side_covered = True
        self._board_kept = None
        self._side_key = None
        self.manager.set_window_resolution(size)
        self.build_chrome()
        board = self.board_rect.size
        if self.view is not None and self._laid_out != board:
            self.view.pan((board[0] - self._laid_out[0]) / 2, (board[1] - self._laid_out[1]) / 2)
        self._laid_out = board
        if self.setup_window is not None:
            self.open_setup()
        if self.prep is not None:
            self.prep.placed = None  # back to its place in the new layout
            self.prep.build()

    # -- opening ----------------------------------------------------------------------------

    def open(self, path: str | Path, loaded: tuple[TiledMap, Board] | Exception | None = None, *,
             resumed: Session | None = None) -> bool:
        """Open an encounter file or a map; a broken file leaves the table as it was, with a message.

        ``loaded``: a bare map's ``load_board``, done before the window (by ``play``), or what it raised.
        ``resumed``: a fight resumed from a save (``play --resume``), shown as it stopped, with no setup."""
        try:
            if isinstance(loaded, Exception):
                raise loaded
            session = resumed or Session.open(path, self.controls, loaded=loaded, root=self.root)
            ruleset = session.source.scenario.ruleset
            try:
                parts = self.parts if ruleset == self.ruleset else parts_for(ruleset)
            except GameError as exc:
                raise GameError(f"{path}: {exc}") from None
            events = [] if resumed else session.run_script()  # a resumed fight is logged from its history
            session.autosave = session.autosave or self.autosave
        except GameError as exc:
            self.say(str(exc), error=True)
            return False
        except Exception as exc:  # a bug of ours must not look like the user's fault, nor close the window
            self.say(f"{path}: internal error while opening ({type(exc).__name__}: {exc}); please report it", error=True)
            return False
        self.session = session
        self.reveals = Reveals()
        if parts is not self.parts:
            self.parts = parts
            if self.parts.theme is not None:
                self.manager.get_theme().load_theme(self.parts.theme)
            self.overlay_on = {name: True for name in {**overlays.OVERLAYS, **self.parts.toggles}}
            self.modes = [self.parts.first_mode()]
            self.ruleset = ruleset
        try:
            self.view = BoardView(session.source.tmap, session.source.board)
        except GameError as exc:
            self.session = None
            self.say(_one_line(str(exc)), error=True)
            return False
        self.tokens = TokenPainter(self.view.cell_w, self.view.cell_h)
        self.view.fit(self.board_rect.size)
        self.log.clear()
        self.anim = Animator()
        if resumed:
            replay_view.relog_with_undos(self, session)  # with the undos it keeps, marked where they took back
        else:
            self._log(session.start_events + events)
        self.viewer = None
        self.close_prep()
        self.modes = [self.fight.resting()]
        self.drop_choice()
        self.selected = None
        self._cache_key = None
        self._bar_key = None
        self._token_looks, self._token_looks_for = {}, None
        self._name_layouts, self._names_ahead = {}, None
        self._overlays_for = None
        pygame.display.set_caption(f"Tactical table - {session.source.title}")
        self._followed = None
        about = self.description()
        self.say(f"Opened {Path(path).name}: {session.source.title}" + (f". {about}" if about else ""))
        if resumed:
            self.say(f"Resumed {Path(path).name}: {session.source.title}, round {session.encounter.round}")
        elif not self.skip_setup:
            self.open_setup()
        freeze_what_opening_made()
        return True

    def open_file_dialog(self) -> None:
        if self.file_dialog is not None:
            return
        w, h = self.screen.get_size()
        start = str(self.session.source.path.parent if self.session else Path.cwd())
        suffixes = {suffix for s in (ENCOUNTER_SUFFIX, *MAP_SUFFIXES) for suffix in (s, s.upper())}
        self.file_dialog = UIFileDialog(pygame.Rect(max(0, w // 2 - 260), max(0, h // 2 - 220), 520, 440),
                                        self.manager, window_title="Open a map (.tmx .tmj .json) or an encounter (.toml)",
                                        initial_file_path=start, allow_existing_files_only=True,
                                        allowed_suffixes=suffixes)

    def description(self) -> str:
        """The map's ``description`` property (README: Map properties), "" if it has none."""
        if self.session is None:
            return ""
        text = self.session.source.board.properties.get("description")
        return " ".join(text.split()) if isinstance(text, str) else ""

    # -- setup: who plays each side ----------------------------------------------------------

    def open_setup(self) -> None:
        """The dialog of who plays what: the game master, each side, and each creature that is not played
        with its side (``game.ui.modes.setup``). Changing it during a fight is the game master's
        (:meth:`request_setup`)."""
        if self.session is None:
            return
        if self.setup_mode is not None:
            kill(self.setup_mode.window)
        propose = self.screen_state != "table" or not self.session.played
        self.show_screen(SetupMode.build(self, propose=propose))

    def accept_setup(self) -> None:
        """Take the dialog's names (``SetupMode.accept``)."""
        if self.setup_mode is not None:
            self.setup_mode.accept(self)

    def request_setup(self) -> None:
        """``P``: who plays what may change, but only in the game master's hands: the board is hidden
        and the table passed to the game master first, unless the game master is already at it (or nobody
        plays). So a player cannot take the monsters and read their preparations."""
        if self.session is None or self.screen_state == "setup":
            return
        gm = self.session.gm
        if gm is None or (self.viewer == gm and self.screen_state == "table"):
            self.open_setup()
            return
        self.start_handoff(gm, for_setup=True)

    # -- messages and the log ----------------------------------------------------------------

    def say(self, text: str, *, error: bool = False) -> None:
        """The message of the top bar: its first line there (wrapped on two rows), all of it in a box
        that a click on it opens (an error's every line)."""
        self.message = _one_line(text)
        self.message_full = text
        self.message_error = error
        self.message_open = False

    def _log(self, events: list[Any]) -> None:
        assert self.session is not None
        describe = self.session.encounter.describe
        colour = self.parts.log_colour
        for event, owner in zip(events, self.session.secrets(events)):
            self.log.add(event, describe(event), owner, colour(event))

    def may_see(self, owner: str) -> bool:
        if self.session is None:
            return False
        return self.session.may_see_secrets_of(self.viewer, owner)

    # -- whose turn ---------------------------------------------------------------------------

    @property
    def acting(self) -> Any:
        """The acting creature (a ``Piece``), as the ruleset's state has it (its own type: the benchmark
        and the ruleset's parts read more of it than the generic window does), or None."""
        return self.session.encounter.acting if self.session else None

    def _acting_id(self) -> str | None:
        acting = self.session.encounter.acting if self.session else None
        return None if acting is None else acting.id

    def my_turn(self) -> bool:
        """A person acts now, and it is the person looking at the table (while a decision is open, nobody
        gives commands: the chooser answers it in its prompt)."""
        if self.session is None or self.screen_state != "table" or self.session.encounter.pending:
            return False
        who = self.session.acting_controller
        return who is not None and who != AI and who == self.viewer

    # -- sending commands ---------------------------------------------------------------------

    def send(self, command: object) -> bool:
        """Give the engine a command; a refusal is a message, never a crash."""
        if self.session is None or replay_view.refuses(self):
            return False
        self.anim.finish()
        try:
            events = self.session.apply(command, by=self.viewer or AI)
        except Impossible as exc:
            self.say(str(exc), error=True)
            return False
        self.commands_sent.append(command)
        self.took(events)
        self.drop_choice()
        self.say("")
        return True

    def took(self, events: list[Any]) -> None:
        """Log and animate what the engine answered."""
        assert self.session is not None and self.view is not None
        view = self.view
        st = self.session.encounter

        def where(cid: str) -> tuple[float, float] | None:
            c = self.piece(cid)
            return self.token_centre(c) if c else None

        self._log(events)
        self.reveals.note(events, st.name, self.reveals.label)
        self.anim.feed(events, self.clock, view.centre, where, lambda got, i: self.parts.banner(self, got, i),
                       self.parts.pictures)
        self._cache_key = None
        self.log.scroll = 0
        if st.over:
            self.say(f"The fight is over: {'victory for ' + st.winner if st.winner else 'nobody is left standing'}")

    def save(self) -> None:
        """Ctrl+S, File -> Save: the fight to a new file in the user's data folder (``game.saves``), named in
        the top line (``play --resume`` it)."""
        from game.saves import saves_dir

        if self.session is None:
            self.say("No fight to save: open an encounter first", error=True)
            return
        folder = self.save_folder or saves_dir()
        name = f"{time.strftime('%Y%m%d-%H%M%S')}-{self.session.source.path.stem[:40]}.jsonl"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            written = self.session.save(folder / name)
        except (GameError, OSError) as exc:
            self.say(f"not saved: {exc}", error=True)
            return
        self.saved_mark = (id(self.session), len(self.session.played))
        self.say(f"Saved to {written} (play --resume it)")

    def undo(self) -> None:
        if self.session is None:
            return
        try:
            undone = self.session.undo()
        except (Impossible, GameError) as exc:
            self.say(str(exc), error=True)
            return
        self.relog()
        self.say(f"Undone: {self.described(undone.command)}")

    def described(self, command: object) -> str:
        assert self.session is not None
        return (f"answer {command.option!r}" if isinstance(command, Answer)
                else players_display.described(command, self.session.encounter.name)
                or self.parts.describe_command(command, self.session.encounter.name))

    def relog(self) -> None:
        """The fight was rebuilt (an undo): the log shown again from its start, with a marked line where a
        game master's undo (or a player's after one) took commands back."""
        assert self.session is not None
        self.anim.finish()
        replay_view.relog_with_undos(self, self.session)
        self.drop_choice()
        self._cache_key = None

    def open_gm_tools(self) -> None:
        """The game master's edit panel (``gm_tools``), after the game master's handoff."""
        gm_tools.open_panel(self)

    def gm_undo(self) -> None:
        """Ctrl+Shift+Z: the game master's undo (``Session.gm_undo``), one command back whoever gave it, past
        dice and reactions; only with the game master at the table (hand it over with P), or nobody playing."""
        session = self.session
        if session is None:
            return
        gm = session.gm
        if gm is not None and self.viewer != gm:
            self.say(f"Only the game master ({gm}) takes back dice and reactions: hand the table over (P)",
                     error=True)
            return
        try:
            undo = session.gm_undo(1)
        except (Impossible, GameError) as exc:
            self.say(str(exc), error=True)
            return
        self.relog()
        more = len(undo.taken) - 1
        self.say(f"Game master's undo ({gm or 'the table'}): took back {self.described(undo.taken[0].command)}"
                 + (f" and {more} answer{'s' if more > 1 else ''} after it" if more else ""))

    def end_turn(self) -> None:
        """The end of the turn, as the ruleset's parts take it (seed 000: the preparation panel first)."""
        self.parts.end_turn(self)

    def piece(self, cid: str) -> Piece | None:
        """The creature ``cid`` of the open fight, if any."""
        if self.session is None:
            return None
        return self.session.encounter.piece(cid)

    def close_prep(self, *, closed: bool = False) -> None:
        """Close the preparation panel (``closed``: its window was closed already)."""
        for mode in self.modes:
            if isinstance(mode, PreparationMode):
                if not closed:
                    self.prep.kill()
                self.modes.remove(mode)
                return

    # -- the fight's modes -------------------------------------------------------------------------

    def prompt(self) -> str:
        """What the fight's mode asks of the player now."""
        return self.fight.prompt(self)

    def click_board(self, cell: Cell) -> None:
        assert self.session is not None
        mode = self.mode
        self.follow(mode, mode.on_click(self, cell))

    def cancel(self) -> None:
        """Esc: the top mode's cancel."""
        mode = self.mode
        self.follow(mode, mode.on_cancel(self))

    # -- overlays ---------------------------------------------------------------------------

    def refresh(self) -> None:
        """Recompute what the board highlights when the state, the mode or the toggles changed.

        What a click needs at once (the ruleset's ``highlights``: seed 000's reachable cells, the aimed
        power's cells) is computed in the frame of the change. The slow overlays, queries about every enemy
        (the ruleset's ``slow_overlays``: seed 000's threat and flanking), are computed by the next frames, a
        step at a time within a budget (see ``run_overlay_jobs``): until each is complete the one of the
        state before stays shown whole, as a stale chunk does, and the view does not count as settled. So
        the frame that shows a change stays short on a big map, and a change of the toggles or the mode alone
        recomputes nothing of the state."""
        if self.session is None or self.view is None:
            return
        st = self.session.encounter
        parts = self.parts
        state_key = (len(self.session.encounter.log), id(self.session.encounter), self.screen_state, self.viewer)
        key = (state_key, parts.choice_key(self), tuple(sorted(self.overlay_on.items())))
        if key == self._cache_key:
            self.run_overlay_jobs(changed=False)
            return
        before = self._cache_key[0] if isinstance(self._cache_key, tuple) else None
        state_changed = before != state_key
        # else nothing of the overlays is kept (not the key before: a command forgets it, the overlays stay)
        same_fight = self._overlays_for is self.session.encounter
        self._overlays_for = self.session.encounter
        self._cache_key = key
        actor = self.acting
        on = self.overlay_on
        layers: dict[str, Layer] = {}
        if on["terrain"]:
            layers["terrain"] = self.static_layer("terrain", overlays.terrain_layer)
        layers.update(parts.highlights(self))
        shown = actor is not None and self.screen_state == "table"
        if on["grid"]:
            layers["grid"] = self.static_layer("grid", overlays.grid_layer)
        layers.update(players_display.gm_layers(self))  # what players do not see, dimmed (players' display open)
        old = self.view.layers
        if state_changed:
            self._hurried = True
        slow = parts.slow_overlays(self, actor) if shown and actor is not None else {}
        # the overlays whose last result the parts keep: computed even while off, shown again at once
        keeps = {name for name in slow if parts.kept_overlay(name) is not None}
        if state_changed or not shown:
            self._overlay_jobs = []
            if not shown or not same_fight:
                parts.clear()
                old = {}
            for name, make in slow.items():
                if on[name] or name in keeps:
                    self._overlay_jobs.append(self.overlay_job(name, make, keeps=name in keeps))
        else:
            for name, make in slow.items():
                if on[name] and name not in old and name not in keeps:
                    self._overlay_jobs.append(self.overlay_job(name, make, keeps=False))
        for name in slow:  # kept until computed again (or turned off)
            if on[name] and name in old:
                layers[name] = old[name]
        for name in keeps:
            kept = parts.kept_overlay(name)
            if on[name] and name not in layers and not self._overlay_jobs and kept is not None:
                layers[name] = kept
        self.view.set_layers(self.ordered(layers))
        self.run_overlay_jobs(changed=True)

    def overlay_job(self, name: str, make: Callable[[], Iterator[Layer | None]], *, keeps: bool) -> Iterator[None]:
        """A slow overlay, a step at a time, shown once complete (if on); dropped if it was turned off
        meanwhile, unless the parts keep its result (``keeps``)."""
        for layer in make():
            if not self.overlay_on[name] and not keeps:
                self.set_overlay(name, None)
                return
            if layer is None:
                yield
            else:
                self.set_overlay(name, layer if self.overlay_on[name] else None)

    def ordered(self, layers: dict[str, Layer]) -> dict[str, Layer]:
        """The layers in the order the board view draws them (the generic ones' and the ruleset's order)."""
        order = {**overlays.LAYER_ORDER, **self.parts.layer_order}
        return dict(sorted(layers.items(), key=lambda item: order.get(item[0], 50)))

    def run_overlay_jobs(self, *, changed: bool) -> None:
        """Advance the overlays still to compute: all of them to the end when ``defer_overlays`` is off;
        else none in the frame of a change, and in later frames steps while the frame has taken less than
        OVERLAY_BUDGET_S (one in any case). An overlay is shown only once its last step is done: until then
        the one before stays shown as it was."""
        if self.view is None:
            return
        jobs = self._overlay_jobs
        if jobs and not self.defer_overlays:
            while jobs:
                for _ in jobs.pop(0):
                    pass
        elif jobs and not changed:
            started = time.perf_counter() if self._frame_started is None else self._frame_started
            steps = 0
            while jobs and (steps == 0 or time.perf_counter() - started < OVERLAY_BUDGET_S):
                if next(jobs[0], False) is False:  # its last step done, its overlay shown
                    jobs.pop(0)
                steps += 1
            self._hurried = True
        self.view.layers_pending = bool(jobs)

    def set_overlay(self, name: str, layer: Layer | None) -> None:
        """Show one overlay computed by ``run_overlay_jobs`` (None: none)."""
        assert self.view is not None
        layers = dict(self.view.layers)
        if layer is None:
            layers.pop(name, None)
        else:
            layers[name] = layer
        self.view.set_layers(self.ordered(layers))
        self._overlay_version += 1

    def static_layer(self, name: str, make: Callable[[Board], Layer]) -> Layer:
        """The terrain and the grid do not change during a fight: made once per board (the same object
        each time, so the board view sees at once that it has not changed)."""
        assert self.session is not None
        board = self.session.source.board
        got = self._static_layers.get(name)
        if got is None or got[0] is not board:
            got = self._static_layers[name] = (board, make(board))
        return got[1]

    # -- events -------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        """Apply one input event; False when the window should close."""
        if event.type == pygame.QUIT:
            # the close button's QUIT follows its WINDOWCLOSE, which asked; a QUIT of its own (SIGTERM, the
            # desktop logging out) closes at once
            return self._close_pressed
        closed = players_display.event(self, event)
        if closed is True:
            return True
        if event.type == pygame.WINDOWCLOSE:  # the game master's window: asks as Ctrl+Q does; again: quits
            self._close_pressed = self.ask_quit()
            return self._close_pressed
        handled = replay_view.event(self, event)  # a replay, the save picker, the offer after a crash
        if handled is not None:
            return handled
        measured = ruler.event(self, event)
        if measured is not None:
            return measured
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.relayout()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        consumed = self.manager.process_events(event)
        if event.type == pygame.KEYDOWN and gm_tools.typing(self) and not event.mod & pygame.KMOD_CTRL:
            return True  # typed into a field of the game master's tools or the dice: not the table's keys
        mode = self.mode
        if mode.on_event(self, event):  # a panel's or a dialog's own events (preparation, setup)
            return True
        if gm_tools.dice_event(self, event):
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.on_button(event.ui_element)
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            self.file_dialog = None
            self.open(event.text)
            return True
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is self.quit_dialog:
            return False
        if event.type == pygame_gui.UI_WINDOW_CLOSE:
            if event.ui_element is self.quit_dialog:
                self.quit_dialog = None
            elif event.ui_element is self.file_dialog:
                self.file_dialog = None
            elif self.prep is not None and event.ui_element is self.prep.window:
                self.close_prep(closed=True)
            return True
        if self.skips_banner(event, consumed):
            return True
        if self.clicks_message(event, consumed):
            return True
        if event.type == pygame.KEYDOWN:
            typing = self.file_dialog is not None or (self.screen_state == "setup" and event.key != pygame.K_RETURN)
            if typing and not (event.mod & pygame.KMOD_CTRL):
                return True
            return self.key(event)
        if consumed or mode.on_pointer(self, event):
            return True
        if event.type == pygame.MOUSEWHEEL:
            if self.bar_hidden and self.mouse[1] >= self.screen.get_height() - BOTTOM:
                self.scroll_action_bar(-1 if event.y > 0 else 1)
            elif self.log_rect.collidepoint(self.mouse):
                self.log.on_wheel(event.y)
            elif self.view is not None and self.board_rect.collidepoint(self.mouse):
                r = self.board_rect
                self.zoom_step(1 if event.y > 0 else -1, self.mouse[0] - r.left, self.mouse[1] - r.top)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (2, 3):
            self.dragging = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (2, 3):
            self.dragging = False
        elif event.type == pygame.MOUSEMOTION:
            if self.dragging and self.view is not None:
                self.view.pan(*event.rel)
                self.clamp_camera()
            self.hover = self.cell_under(event.pos)
            self.follow(mode, mode.on_hover(self, self.hover))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.anim.finish()
            if self.file_menu.visible:
                self.file_menu.hide()
            cell = self.cell_under(event.pos)
            self.hover = cell
            if cell is not None and self.session is not None and self.screen_state == "table":
                self.click_board(cell)
        return True

    def clicks_message(self, event: pygame.event.Event, consumed: bool) -> bool:
        """A click on a cut message opens it whole; a click anywhere, or Esc, closes it again."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.message_open:
            self.message_open = False
            return True
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1 or consumed:
            return False
        if self.message_open:
            self.message_open = False
            return True
        if self.message_cut and self.message_rect.collidepoint(event.pos):
            self.message_open = True
            return True
        return False

    def skips_banner(self, event: pygame.event.Event, consumed: bool) -> bool:
        """A key or a left click while a reaction's banner is up skips to the next banner, and does
        nothing else (Esc drops them all; Ctrl chords and F-keys still work)."""
        if self.screen_state != "table" or self.anim.banner(self.clock) is None:
            return False
        if self.quit_dialog is not None or self.file_dialog is not None:  # their keys are theirs
            return False
        if event.type == pygame.KEYDOWN and not (event.mod & pygame.KMOD_CTRL) and not (
                pygame.K_F1 <= event.key <= pygame.K_F15):
            if event.key == pygame.K_ESCAPE:
                self.anim.finish()
            else:
                self.anim.skip(self.clock)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not consumed:
            self.anim.skip(self.clock)
            return True
        return False

    def cell_pixel(self, col: int, row: int) -> tuple[int, int] | None:
        """The window pixel at the centre of the board cell at Tiled offset ``(col, row)``, if on screen."""
        if self.view is None:
            return None
        cell = self.view.grid.offset_to_cell(col, row)
        if cell not in self.view.board:
            return None
        x, y = self.view.to_screen(cell)
        r = self.board_rect
        pos = (x + r.left, y + r.top)
        return pos if r.collidepoint(pos) else None

    def cell_under(self, pos: tuple[int, int]) -> Cell | None:
        r = self.board_rect
        if self.view is None or not r.collidepoint(pos):
            return None
        return self.view.cell_at(pos[0] - r.left, pos[1] - r.top)

    def on_button(self, element: object) -> bool:
        if element is self.file_button:
            if self.file_menu.visible:
                self.file_menu.hide()
            else:
                self.file_menu.show()
        elif element is self.open_button:
            self.file_menu.hide()
            self.open_file_dialog()
        elif element is self.save_button:
            self.file_menu.hide()
            self.save()
        elif element is self.full_button:
            self.file_menu.hide()
            self.toggle_fullscreen()
        elif element is self.quit_button:
            self.file_menu.hide()
            return self.ask_quit()
        elif element is self.projector_button:
            self.file_menu.hide()
            players_display.toggle_display(self)
        elif element is self.undo_button:
            self.undo()
        elif element in (self.gm_tools_button, self.redo_button):
            self.file_menu.hide()
            gm_tools.request(self) if element is self.gm_tools_button else gm_tools.redo(self)
        elif element is self.players_button:
            self.request_setup()
        elif element is self.help_button:
            self.show_help = not self.show_help
        elif isinstance(element, UIButton) and element in self.action_buttons:
            self.action_buttons[element]()
        return True

    def key(self, event: pygame.event.Event) -> bool:
        k, ctrl = event.key, bool(event.mod & pygame.KMOD_CTRL)
        if self.quit_dialog is not None:
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y) or (ctrl and k == pygame.K_q):
                return False
            if k in (pygame.K_ESCAPE, pygame.K_n):
                kill(self.quit_dialog)
                self.quit_dialog = None
            return True
        if ctrl and k == pygame.K_q:
            return self.ask_quit()
        if ctrl and k == pygame.K_o:
            self.open_file_dialog()
            return True
        if ctrl and k == pygame.K_s:
            self.save()
            return True
        if ctrl and k == pygame.K_z:
            self.gm_undo() if event.mod & pygame.KMOD_SHIFT else self.undo()
            return True
        if ctrl and k == pygame.K_y and event.mod & pygame.KMOD_SHIFT:
            gm_tools.redo(self)
            return True
        if ctrl and k == pygame.K_g:
            gm_tools.request(self)
            return True
        if k == pygame.K_F11:
            self.toggle_fullscreen()
            return True
        if k == pygame.K_F1:
            self.show_help = not self.show_help
            return True
        if players_display.key(self, k):
            return True
        mode = self.mode
        if mode.takes_keys:  # a screen that hides the fight (handoff, setup)
            self.follow(mode, mode.on_key(self, k))
            return True
        self.anim.finish()
        view = self.view
        r = self.board_rect
        if k == pygame.K_ESCAPE:
            if self.show_help:
                self.show_help = False
            else:
                self.cancel()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
        elif k in self.parts.fight_keys:
            self.follow(mode, mode.on_key(self, k))
        elif k == pygame.K_p:
            self.request_setup()
        elif self.overlay_named(k) is not None:
            self.toggle(self.overlay_named(k) or "")
        elif k == pygame.K_n:
            self.names = not self.names
        elif k == pygame.K_v:
            self.log.verbose = not self.log.verbose
        elif view is not None:
            pan = 96
            if k in (pygame.K_0, pygame.K_HOME, pygame.K_KP0):
                view.fit(r.size)
            elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.zoom_step(1, r.width / 2, r.height / 2)
            elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.zoom_step(-1, r.width / 2, r.height / 2)
            elif k == pygame.K_LEFT:
                view.pan(pan, 0)
            elif k == pygame.K_RIGHT:
                view.pan(-pan, 0)
            elif k == pygame.K_UP:
                view.pan(0, pan)
            elif k == pygame.K_DOWN:
                view.pan(0, -pan)
            self.clamp_camera()
        return True

    def ask_quit(self) -> bool:
        """Ctrl+Q, File -> Quit: False (close now) when no fight is going on; during a fight, ask first
        (Enter, Y or Ctrl+Q again quits; Esc or N goes on playing)."""
        session = self.session
        left = replay_view.left_for_replay(self)
        if self.quit_dialog is not None or session is None or session.encounter.over or left is None:
            return False  # (a replay with no live fight behind it has nothing to lose)
        w, h = self.screen.get_size()
        self.quit_dialog = UIConfirmationDialog(
            pygame.Rect(max(0, w // 2 - 200), max(0, h // 2 - 100), 400, 200), self.quit_question(), self.manager,
            window_title="Quit the table?",
            action_short_name="Quit", blocking=True)
        return True

    def quit_question(self) -> str:
        """The quit dialog's question: whether the fight as it stands is saved (Ctrl+S), changed since, or
        never saved."""
        assert self.session is not None
        ask = " (Enter: quit, Esc: go on playing)"
        if replay_view.left_for_replay(self) is not False:
            return "A replay is shown; the fight you left for it is not over. Quit anyway?" + ask
        if self.saved_mark == (id(self.session), len(self.session.played)):
            return "The fight is not over; it is saved as it stands (play --resume the file). Quit?" + ask
        if self.saved_mark is not None and self.saved_mark[0] == id(self.session):
            return "The fight is not over and has changed since it was saved. Quit anyway?" + ask
        return "The fight is not over and is not saved. Quit anyway?" + ask

    # -- camera ---------------------------------------------------------------------------------

    def min_zoom(self) -> float:
        """Zooming out stops before the map would span less than half the board both ways (at 1:1 at the
        latest, for a map smaller than that)."""
        from game.ui.board_view import ZOOMS

        assert self.view is not None
        vw, vh = self.board_rect.size
        pw, ph = self.view.size
        big_enough = [z for z in ZOOMS if pw * z >= vw / 2 or ph * z >= vh / 2]
        return min(min(big_enough) if big_enough else ZOOMS[-1], 1.0)

    def zoom_step(self, direction: int, sx: float, sy: float) -> None:
        """One zoom step toward a view pixel, within :meth:`min_zoom` and the largest zoom; the map kept in view."""
        view = self.view
        if view is None:
            return
        if direction < 0 and view.camera.zoom <= self.min_zoom() + 1e-9:
            return
        view.step_zoom(direction, sx, sy)
        self.clamp_camera()

    def clamp_camera(self) -> None:
        """Keep the map in view: a map smaller than the board stays wholly on it; a larger one always fills
        at least half of the board's width and height (no panning into the void)."""
        view = self.view
        if view is None:
            return
        cam = view.camera
        cam.x, cam.y = self.clamped(cam.x, cam.y)

    def clamped(self, x: float, y: float) -> tuple[float, float]:
        """The camera position (x, y) kept within :meth:`clamp_camera`'s bounds at the current zoom."""
        assert self.view is not None
        view = self.view
        zoom = view.camera.zoom
        out = []
        for value, v, size in ((x, self.board_rect.width, view.size[0]), (y, self.board_rect.height, view.size[1])):
            s = size * zoom
            keep = min(s, v / 2)
            lo, hi = -(v - keep) / zoom, (s - keep) / zoom
            out.append(min(max(value, min(lo, hi)), max(lo, hi)))
        return out[0], out[1]

    def follow_acting(self) -> None:
        """At a new turn, bring the acting creature into view when it is off the board (or at its edge)."""
        session, view = self.session, self.view
        if session is None or view is None or self.screen_state != "table":
            return
        st = session.encounter
        acting = st.acting
        key = None if acting is None else (*st.turn_mark, acting.id)
        if key == self._followed:
            return
        self._followed = key
        if acting is None:
            return
        moved = self.camera_to_follow(acting)
        if moved is not None:
            view.camera.x, view.camera.y = moved

    def camera_to_follow(self, creature: Piece) -> tuple[float, float] | None:
        """Where the camera goes to follow ``creature`` at its turn (centred on it, within bounds), or None
        when it is in view already (not at the board's edge)."""
        assert self.view is not None
        view = self.view
        px, py = self.token_centre(creature)
        sx, sy = view.camera.to_screen(px, py)
        r = self.board_rect
        margin = max(view.cell_w, view.cell_h) * view.camera.zoom
        if margin <= sx <= r.width - margin and margin <= sy <= r.height - margin:
            return None
        return self.clamped(px - r.width / 2 / view.camera.zoom, py - r.height / 2 / view.camera.zoom)

    def next_view(self) -> tuple[float, float] | None:
        """Where the camera will go when the turn passes to the next living creature in the initiative (see
        ``follow_acting``), or None if it stays: the board view draws that part ahead in idle frames."""
        if self.session is None or self.view is None:
            return None
        nxt = self.next_creature()
        return None if nxt is None else self.camera_to_follow(nxt)

    def next_creature(self) -> Piece | None:
        """Who acts after the acting creature: the next living one in the initiative (as the engine passes
        the turn), or None."""
        if self.session is None:
            return None
        return self.session.encounter.next_up()

    def all_overlays(self) -> dict[str, tuple[str, str]]:
        """Every overlay the player turns on and off: the generic ones and the ruleset's (name -> key, what)."""
        return {**overlays.OVERLAYS, **self.parts.toggles}

    def overlay_named(self, key: int) -> str | None:
        """The overlay a key toggles (G, D, and the ruleset's: seed 000's T, R, F), if any."""
        letter = pygame.key.name(key).upper()
        return next((name for name, (k, _) in self.all_overlays().items() if k == letter), None)

    def toggle(self, name: str) -> None:
        self.overlay_on[name] = not self.overlay_on[name]
        key, what = self.all_overlays()[name]
        self.say(f"{key}: {what}: {'on' if self.overlay_on[name] else 'off'}")

    def confirm(self) -> None:
        """Enter: the top mode's confirm."""
        mode = self.mode
        self.follow(mode, mode.on_confirm(self))

    def confirm_handoff(self) -> None:
        """The player the handoff screen waits for is at the table (``HandoffMode.on_confirm``)."""
        mode = self.mode
        if isinstance(mode, HandoffMode):
            self.follow(mode, mode.on_confirm(self))

    def toggle_fullscreen(self) -> None:
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error:
            flags = self.screen.get_flags()
            if flags & pygame.FULLSCREEN:
                self.screen = pygame.display.set_mode((1280, 800), pygame.RESIZABLE)
            else:
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        self.screen = pygame.display.get_surface() or self.screen
        self.relayout()

    # -- time passes ---------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self._frame_started = time.perf_counter()
        self.clock += dt
        self.anim.prune(self.clock)
        self.advance()
        # pygame_gui draws the elements it listed at its last update: it goes last, after this frame made
        # and killed buttons (else a killed action bar is drawn once more where it was, and the frames
        # that keep the map and the right panel keep that ghost).
        self.manager.update(dt)
        self._close_pressed = False

    def advance(self) -> None:
        """The AI's next command, the handoff, the overlays and the action bar, as time passes."""
        now = self.clock
        session = self.session
        if session is None or self.screen_state == "setup" or replay_view.advance(self):  # a replay: nobody plays
            return
        who = session.acting_controller
        if self.handoff_due() and not self.anim.busy(now):
            self.start_handoff()
            return
        self.ask_if_asked()
        if self.screen_state == "table" and who == AI and self.quit_dialog is None \
                and not gm_tools.is_open(self):  # not behind the question, nor while the game master edits
            if self.anim.busy(now):
                self._ai_ready_at = now + AI_PAUSE_S
            elif now >= self._ai_ready_at:
                self.anim.finish()
                events = session.step_ai()
                self.took(events)
                self._ai_ready_at = now + AI_PAUSE_S
        self.follow_acting()
        self.refresh()
        self.update_action_bar()
        if self.screen_state == "table" and (told := self.reveals.lead(self.viewer)):
            self.say(f"{told}  ·  {self.message}" if self.message else told)

    def ask_if_asked(self) -> None:
        """Put the decision prompt up when the engine waits for the player at the table, and take it down
        once that decision is answered (whoever answered it)."""
        assert self.session is not None
        question = self.session.question
        top = self.mode
        if isinstance(top, DecideMode) and (question is None or question.id != top.decision_id):
            top.leave()
            self.modes.pop()
            top = self.mode
        if question is None or self.screen_state != "table" or isinstance(top, DecideMode) \
                or self.session.controller_of(question.chooser) != self.viewer:
            return
        session = self.session
        player = self.viewer
        self.drop_choice()
        cells = getattr(self.parts, "decision_cells", None)  # options that are squares: keep the board in sight
        squares = cells(self, question) if cells is not None else {}
        prompt = DecisionPrompt(self.manager, self.board_rect, question, session.encounter.name(question.chooser),
                                lambda key: self.answer(question.id, key),
                                lambda kind, order: session.seats.set_order(player or "", kind, order),
                                low=bool(squares), on_board=frozenset(squares.values()))
        self.modes.append(DecideMode(prompt))
        self.say(self.mode.prompt(self))

    def answer(self, decision: int, option: str) -> bool:
        """The player's answer to an open decision; a refusal is a message, never a crash."""
        if self.session is None:
            return False
        try:
            self.reveals.see(self.session.encounter.pending)
            events = self.session.answer(decision, option, by=self.viewer or AI)
        except Impossible as exc:
            self.say(str(exc), error=True)
            return False
        self.took(events)
        self.say("")
        return True

    def handoff_due(self) -> bool:
        """A person other than the one looking at the table is to act: hide the board first."""
        if self.session is None or self.screen_state != "table" or gm_tools.is_open(self):
            return False
        who = self.session.acting_controller
        return who is not None and who != AI and who != self.viewer

    def start_handoff(self, to: str | None = None, *, for_setup: bool = False, for_gm_tools: bool = False) -> None:
        """Hide the board until ``to`` (default: the player to act) confirms; ``for_setup``: the game
        master, to change who plays what; ``for_gm_tools``: the game master, to edit (``gm_tools``)."""
        assert self.session is not None
        gm_tools.close(self)
        self.drop_choice()
        self.close_prep()
        self.show_screen(HandoffMode(to if to is not None else self.session.acting_controller, for_setup,
                                     for_gm_tools))
        self.selected = None
        self.hover = None
        self._bar_key = None
        self.update_action_bar()

    def idle(self) -> bool:
        """Nothing moving, no reaction banner up, every chunk drawn, and no AI about to act: a screenshot
        shows a settled table."""
        now = self.clock
        if self.anim.busy(now) or (self.screen_state == "table" and self.view is not None and not self.view.settled):
            return False
        if self.handoff_due():
            return False
        return not (self.session is not None and self.screen_state == "table"
                    and self.session.acting_controller == AI and not self.session.encounter.over)

    def snapshot(self) -> dict[str, Any]:
        """What is on screen, as plain data with window pixels (``--state-file``: drivers for demos and tests)."""
        out: dict[str, Any] = {"screen": self.screen_state, "viewer": self.viewer, "my_turn": self.my_turn(),
                               "message": self.message, "error": self.message_error,
                               "prep": self.prep is not None, "idle": self.idle(),
                               "prep_controls": self.prep.controls() if self.prep is not None else []}
        if self.session is None or self.view is None:
            return out
        st = self.session.encounter
        grid = self.view.grid

        def px(cell: Cell) -> list[int] | None:
            at = self.cell_pixel(*grid.cell_to_offset(cell))
            return list(at) if at is not None else None

        acting = st.acting
        out.update({
            "round": st.round, "ended": st.over, "winner": st.winner,
            "acting": acting.id if acting else None, "acting_side": acting.side if acting else None,
            "log_lines": len(self.log.entries),
            "creatures": [{"id": c.id, "name": c.name, "side": c.side, "dead": c.dead,
                           "cell": list(grid.cell_to_offset(c.cell)), "pixel": px(c.cell)} for c in st.pieces()],
        })  # (a ruleset's parts may tell more of each creature: seed 000's add hit points)
        out.update(self.parts.snapshot(self, px))
        return out

    def play_ai_now(self, limit: int = 10_000) -> None:
        """Let the AI play until a person is to act (tests and scripts; no pause)."""
        if self.session is None:
            return
        for _ in range(limit):
            if self.session.acting_controller != AI:
                break
            self.took(self.session.step_ai())
        self.anim.finish()

    # -- the action bar (pygame_gui buttons) -----------------------------------------------------

    def update_action_bar(self) -> None:
        """Buttons for the acting player's creature, built from the ruleset's entries (``bar_entries``):
        made when the bar's buttons change (another window size, or a creature with other actions), then
        only enabled, disabled and selected as the engine says each is available now (``readiness``); the
        next creature with the same actions keeps them, scrolled back to the start (making pygame_gui
        buttons is slow)."""
        actor = self.acting
        mine = self.my_turn()
        entries = tuple(self.parts.bar_entries(self, actor)) if mine and actor is not None else None
        structure = (mine, entries, self.screen.get_size(), id(self.session))
        if structure != self._bar_key:
            self._bar_key = structure
            self._bar_state = None
            self._bar_actor = None
            for button in self.action_buttons:
                kill(button)
            self.action_buttons = {}
            self._bar_powers = []
            if not mine or actor is None or entries is None:
                return
            self.build_action_bar(entries)
            self._bar_actor = actor.id
        elif actor is not None and actor.id != self._bar_actor:
            self._bar_actor = actor.id  # as if made afresh for it
            self._bar_state = None
            self.bar_first = 0
            self.place_action_bar()
        if not mine or actor is None or self.session is None:
            return
        state = self.parts.bar_key(self, actor)
        if state == self._bar_state:
            return
        self._bar_state = state
        for button, entry in self._bar_powers:
            ready = self.parts.readiness(self, actor, entry)
            if ready.available and not button.is_enabled:
                button.enable()  # type: ignore[no-untyped-call]
            elif not ready.available and button.is_enabled:
                button.disable()  # type: ignore[no-untyped-call]
            if ready.chosen and entry.ident is not None and button in self.bar_hidden:  # chosen by its key: show it
                self.bar_first = [b for b, _ in self._bar_powers].index(button)
                self.place_action_bar()
            if ready.chosen and not button.is_selected:
                button.select()  # type: ignore[no-untyped-call]
            elif not ready.chosen and button.is_selected:
                button.unselect()  # type: ignore[no-untyped-call]

    def build_action_bar(self, entries: tuple[BarEntry, ...]) -> None:
        h = self.screen.get_height()
        y = h - BOTTOM + 6
        m = self.manager
        for entry in entries:
            button = UIButton(pygame.Rect(0, y, entry.width, 30), entry.label, m, tool_tip_text=entry.tip or None)
            self.action_buttons[button] = entry.start
            self._bar_powers.append((button, entry))
        self.bar_arrows = []
        for text, step in (("<", -1), (">", 1)):
            arrow = UIButton(pygame.Rect(0, y, BAR_ARROW_W, 30), text, m,
                             tool_tip_text="more actions" if step > 0 else "the actions before")
            self.action_buttons[arrow] = lambda step=step: self.scroll_action_bar(step)  # type: ignore[misc]
            self.bar_arrows.append(arrow)
        self.bar_first = 0
        self.place_action_bar()

    def scroll_action_bar(self, step: int) -> None:
        self.bar_first = max(0, min(len(self._bar_powers) - 2, self.bar_first + step))
        self.place_action_bar()

    def place_action_bar(self) -> None:
        """Lay the action bar out in the window's width: End turn always at the right end; when the rest
        does not fit, arrows before it scroll the others (every button keeps its key)."""
        if not self._bar_powers:
            return
        w = self.screen.get_width()
        y = self.screen.get_height() - BOTTOM + 6
        end = self._bar_powers[-1][0]
        rest = [b for b, _ in self._bar_powers[:-1]]
        end.set_relative_position((max(6, w - 6 - end.rect.width), y))
        room = end.rect.left - 4 - 6
        fits = sum(b.rect.width + 4 for b in rest) <= room
        first = 0 if fits else max(0, min(self.bar_first, len(rest) - 1))
        if not fits:
            room -= 2 * (BAR_ARROW_W + 4)
            # scrolled to the end: no empty space after the last button
            while first > 0 and sum(b.rect.width + 4 for b in rest[first - 1:]) <= room:
                first -= 1
        self.bar_first = first
        x = 6
        full = False  # once a button does not fit, none after it is shown (a smaller one would skip it)
        for k, button in enumerate(rest):
            shown = k >= first and not full and x + button.rect.width <= 6 + room
            full = full or (k >= first and not shown)
            if shown:
                button.set_relative_position((x, y))
                x += button.rect.width + 4
                if not button.visible:
                    button.show()  # type: ignore[no-untyped-call]
            elif button.visible:
                button.hide()  # type: ignore[no-untyped-call]
        self.bar_hidden = [b for b in rest if not b.visible]
        arrows_x = end.rect.left - 4 - 2 * (BAR_ARROW_W + 4) + 4
        for k, arrow in enumerate(self.bar_arrows):
            if fits:
                arrow.hide()  # type: ignore[no-untyped-call]
                continue
            arrow.set_relative_position((arrows_x + k * (BAR_ARROW_W + 4), y))
            arrow.show()  # type: ignore[no-untyped-call]
            can = first > 0 if k == 0 else bool(rest) and rest[-1] in self.bar_hidden
            if can and not arrow.is_enabled:
                arrow.enable()  # type: ignore[no-untyped-call]
            elif not can and arrow.is_enabled:
                arrow.disable()  # type: ignore[no-untyped-call]

    # -- drawing ------------------------------------------------------------------------------

    def token_centre(self, c: Any) -> tuple[float, float]:
        """The centre of a creature's space in picture pixels."""
        assert self.view is not None and self.session is not None
        cells = self.session.encounter.space_of(c.id)
        dx, dy = nudge(self.parts, c, self.view.cell_w, self.view.cell_h)  # a rider on its mount (seed 001)
        if len(cells) <= 1:
            x, y = self.view.centre(c.cell)
            return x + dx, y + dy
        xs = [self.view.centre(cell)[0] for cell in cells]
        ys = [self.view.centre(cell)[1] for cell in cells]
        return sum(xs) / len(xs) + dx, sum(ys) / len(ys) + dy

    def draw(self) -> None:
        started = time.perf_counter()
        screen = self.screen
        r = self.board_rect
        if self.screen_state == "handoff":
            self._side_covered = True
            self._board_kept = None
            self.draw_handoff()
            self.frame_ms = (time.perf_counter() - started) * 1000
            if self.players is not None:  # the players' display shows the table during a handoff too
                self.players.show(self)
            return
        if self.session is not None and self.view is not None:
            self.draw_board(screen.subsurface(r))
            self.strip.draw(self, screen, TOP)
        else:
            screen.fill(BG, r)
            draw_text(screen, "No encounter open: File -> Open (Ctrl+O)", r.center, 20, MUTED, anchor="center")
            self._board_kept = None
        self.draw_top()
        self.draw_side()
        self.draw_bottom()
        self.manager.draw_ui(screen)
        self.draw_message_box()
        map_notes.draw_tooltip(self)
        if self.show_help:
            self.draw_help()
            self._board_kept = None
        self.frame_ms = (time.perf_counter() - started) * 1000
        if self.players is not None:
            self.players.show(self)

    def board_key(self) -> object:
        """Everything but the camera and the clock that what is drawn over the map depends on."""
        assert self.session is not None
        enc = self.session.encounter
        return (id(enc), len(enc.log), self._cache_key, self._overlay_version, self.hover, self.selected, self.names,
                self.screen_state, self.viewer, self.board_rect.size, self.parts.marks_key(self),
                len(self.session.played))

    def draw_board(self, board: pygame.Surface) -> None:
        """The map, its marks and the tokens. When nothing drawn over the map changed since the frame
        before (only the camera may have moved), the screen keeps that frame: the view scrolls it and
        paints the strips that came into view and the chunks that changed, and only there, plus around
        the acting creature's pulsing ring, are the marks and tokens drawn again. Anything else (a
        click, the mouse on another cell, an animation, a dialog over the map) draws it all."""
        assert self.view is not None and self.session is not None
        key = self.board_key()
        gui = self.gui_over(self.board_rect)
        anim = self.anim
        animating = anim.animating()
        still = (key == self._board_kept and not gui and not self._board_gui and not animating
                 and not self.session.encounter.over
                 and (not self.names or self.names_key() == self._names_key))
        self._board_gui = gui
        self.view.ahead = self.next_view()
        self.view.frame_start = self._frame_started
        self.view.hurried = self._hurried
        self._frame_started = None
        if still:
            self.kept_frames += 1
            for area in self.view.draw_board(board, keep=True, dirty=self.pulse_rects()):
                board.set_clip(area)
                self.draw_overlays(board)
                board.set_clip(None)
        else:
            self.view.draw_board(board)
            self.draw_overlays(board)
        # A frame with a banner, a number or a slide on it is not one to keep: the next frame (perhaps the
        # first without them) draws it all again, or the last picture of the animation would stay.
        self._board_kept = None if animating else key
        if not animating and not self._hurried:
            self.names_ahead()
        self._hurried = False

    def draw_overlays(self, board: pygame.Surface) -> None:
        """What is drawn over the map, in order (within the board's clip, if one is set)."""
        self.late_labels = []
        self.draw_marks(board)
        self.draw_tokens(board)
        self.parts.draw_over_tokens(self, board)
        players_display.mark_hidden(self, board)
        map_notes.draw_marks(self, board)
        ruler.draw(self, board)
        for text, at in self.late_labels:  # over the tokens, so that none hides a word of it
            draw_text(board, text, at, 15, (255, 255, 255), bold=True, background=(0, 0, 0, 190))
        self.draw_floats(board)
        self.draw_banner(board)

    def pulse_rects(self) -> list[pygame.Rect]:
        """Where the acting creature's ring pulses (at its widest): drawn again every frame."""
        assert self.view is not None and self.session is not None
        st = self.session.encounter
        acting = st.acting
        if acting is None:
            return []
        view = self.view
        looks = self._token_looks.get(acting.id)
        size = looks[3].size_cells if looks is not None else 1
        radius = max(6, round(view.cell_w * size * view.camera.zoom * 0.5 + 4)) + 3
        x, y = view.camera.to_screen(*self.token_centre(acting))
        return [pygame.Rect(round(x) - radius, round(y) - radius, 2 * radius + 1, 2 * radius + 1)]

    def draw_marks(self, board: pygame.Surface) -> None:
        """What depends on the mouse: the hover's outline, and around it the ruleset's marks (seed 000: the
        flanking lines under it; the previewed path, the aimed area and the rings over it)."""
        assert self.view is not None and self.session is not None
        self.parts.draw_marks(self, board, under_hover=True)
        if self.hover is not None:
            pygame.draw.polygon(board, ACCENT, self.view.polygon(self.hover), 2)
        self.parts.draw_marks(self, board, under_hover=False)

    def label_spot(self, board: pygame.Surface, label: str, end: tuple[float, float]) -> tuple[int, int]:
        """Where a path's label goes: beside its end, moved left (and down) so that it stays on the board."""
        x, y = math.floor(end[0] + 0.5) + 14, math.floor(end[1] + 0.5) - 26
        width = text_image(label, 15, (255, 255, 255), True).get_width() + 8
        if x + width > board.get_width():
            x = max(4, board.get_width() - width)
            y += 52  # below the end, not over it
        return x, max(4, y)

    def draw_tokens(self, board: pygame.Surface) -> None:
        assert self.view is not None and self.session is not None and self.tokens is not None
        view = self.view
        st = self.session.encounter
        now = self.clock
        cam = view.camera
        margin = view.cell_w * cam.zoom * 2
        looks: list[tuple[TokenLook, float, float]] = []
        acting = self._acting_id()
        sliding = self.anim.slides
        key = (id(self.session.encounter), len(self.session.encounter.log), self.names, len(self.session.played),
               self.viewer)
        if self._token_key != key:
            # Where each living creature stands and how it looks change only with the state: kept, and
            # filed by 256-pixel square of the picture so that a frame looks only at the squares in view.
            # A creature's place and look are made again only when what they show changed (its cell, hit
            # points, conditions...): a change of state touches a few of a thousand creatures.
            self._token_key = key
            self._token_buckets = {}
            kept = self._token_looks if self._token_looks_for is view else {}  # places are the view's
            self._token_looks, self._token_looks_for = {}, view
            bucket_of = self._token_buckets
            shows_of, look_of = self.parts.token_shows, self.parts.token_look
            unshown = set() if players_display.shows_hidden(self) else self.session.hidden  # a player's view
            for c in st.pieces():
                if c.dead or c.id in unshown:
                    continue
                shows = shows_of(self, c)
                got = kept.get(c.id)
                if got is None or got[0] != shows:
                    x, y = self.token_centre(c)
                    look = look_of(self, c)
                    got = (shows, x, y, look, (int(x // TOKEN_BUCKET), int(y // TOKEN_BUCKET)))
                self._token_looks[c.id] = got
                entry: tuple[Piece, float, float, TokenLook] = (c, got[1], got[2], got[3])
                bucket = bucket_of.get(got[4])
                if bucket is None:
                    bucket_of[got[4]] = [entry]
                else:
                    bucket.append(entry)
        area = board.get_clip()  # the whole board, or the part of it painted again this frame
        left, top = cam.to_picture(area.left - margin, area.top - margin)
        right, bottom = cam.to_picture(area.right + margin, area.bottom + margin)
        shown: list[tuple[Piece, float, float, TokenLook]] = []
        buckets = self._token_buckets
        for by in range(int(top // TOKEN_BUCKET), int(bottom // TOKEN_BUCKET) + 1):
            for bx in range(int(left // TOKEN_BUCKET), int(right // TOKEN_BUCKET) + 1):
                for entry in buckets.get((bx, by), ()):
                    if left <= entry[1] <= right and top <= entry[2] <= bottom and entry[0].id not in sliding:
                        shown.append(entry)
        if sliding:
            shown += [entry for entries in buckets.values() for entry in entries if entry[0].id in sliding]
        zoom = cam.zoom
        ox, oy = cam.offset()
        for c, px, py, look in shown:
            pos = (self.anim.position(c.id, now) if c.id in sliding else None) or (px, py)
            sx, sy = pos[0] * zoom - ox, pos[1] * zoom - oy
            looks.append((look, sx, sy))
            if c.id == acting:
                pulse = 0.5 + 0.5 * math.sin(now * 5)
                radius = max(6, round(view.cell_w * look.size_cells * zoom * 0.5 + 2 + 2 * pulse))
                pygame.draw.circle(board, ACCENT, (sx, sy), radius, 3)
            elif c.id == self.selected:
                pygame.draw.circle(board, (255, 255, 255), (sx, sy),
                                   max(6, round(view.cell_w * look.size_cells * zoom * 0.5 + 2)), 2)
        self.view.stats.tokens_drawn = self.tokens.draw(board, looks, cam.zoom)
        self.drawn_looks = looks
        self.name_rects = []
        if self.names:
            for label in self.name_labels(zoom):
                at = label.rect.move(-ox, -oy)
                if label.creature not in sliding and at.colliderect(area):
                    board.blit(self.name_image(label.text, label.size), at)
                    self.name_rects.append((label.creature, at))
        for flash in self.anim.flashes:
            flashed = self.piece(flash.creature)
            if flashed is None or now < flash.start:
                continue
            pos = self.anim.position(flashed.id, now) or self.token_centre(flashed)
            sx, sy = cam.to_screen(*pos)
            k = 1 - (now - flash.start) / (flash.end - flash.start)
            radius = max(6, round(view.cell_w * cam.zoom * (0.45 + 0.25 * (1 - k))))
            pygame.draw.circle(board, flash.colour, (sx, sy), radius, max(2, round(4 * k)))

    def name_labels(self, zoom: float) -> list[NameLabel]:
        """Where each creature's name goes, in zoomed picture pixels: under its token, else above it, to
        its right or its left, else its first word there, else nowhere: never over another name or over
        a token (the sheet names it on hover). The acting creature first, then from the top. Made again
        only when the state or the zoom changes."""
        assert self.view is not None and self.session is not None
        key = self.names_key()
        region = key[-1]
        assert isinstance(region, tuple)
        if key == self._names_key:
            return self._names
        self._names_key = key
        self._names = self.lay_out_names(zoom, self._acting_id(), region)
        return self._names

    def lay_out_names(self, zoom: float, acting: str | None,
                      region: tuple[int, ...]) -> list[NameLabel]:
        """``name_labels``' layout for the creatures in ``region`` with ``acting`` first. Kept per zoom,
        acting creature and region with the tokens it was made from (who, where, how big): a change of
        state that moved none of them, or a layout made ahead for the next turn (``names_ahead``), is
        used as it is."""
        assert self.view is not None
        side = min(self.view.cell_w, self.view.cell_h)
        tokens: list[tuple[Piece, float, float, int]] = []
        left, top, right, bottom = (k * NAME_REGION / zoom for k in region)
        for by in range(int(top // TOKEN_BUCKET), int(bottom // TOKEN_BUCKET) + 1):
            for bx in range(int(left // TOKEN_BUCKET), int(right // TOKEN_BUCKET) + 1):
                for c, x, y, look in self._token_buckets.get((bx, by), ()):
                    if left <= x < right and top <= y < bottom:
                        radius = max(3, int(side * look.size_cells * zoom / 2 * 0.78))
                        tokens.append((c, x * zoom, y * zoom, radius))
        small = max(3, int(side * zoom / 2 * 0.78))
        if not tokens or small < NAME_MIN_RADIUS:
            return []
        where = (zoom, side, acting, region)
        made_from = tuple((c.id, c.name, x, y, radius) for c, x, y, radius in tokens)
        kept = self._name_layouts.get(where)
        if kept is not None and kept[0] == made_from:
            return kept[1]
        names: list[NameLabel] = []
        taken: dict[tuple[int, int], list[pygame.Rect]] = {}

        def cells(r: pygame.Rect) -> list[tuple[int, int]]:
            return [(i, j) for i in range(r.left // NAME_BUCKET, r.right // NAME_BUCKET + 1)
                    for j in range(r.top // NAME_BUCKET, r.bottom // NAME_BUCKET + 1)]

        def take(r: pygame.Rect) -> None:
            for cell in cells(r):
                taken.setdefault(cell, []).append(r)

        def free(r: pygame.Rect) -> bool:
            return not any(r.colliderect(o) for cell in cells(r) for o in taken.get(cell, ()))

        for c, x, y, radius in tokens:
            disc = pygame.Rect(0, 0, 2 * radius + 4, 2 * radius + 4)
            disc.center = (round(x), round(y))
            take(disc)
        tokens.sort(key=lambda t: (t[0].id != acting, t[2], t[1]))
        size = max(9, int(small * 0.55))
        for c, x, y, radius in tokens:
            for text in dict.fromkeys((c.name, c.name.split(" ")[0])):
                rect = pygame.Rect((0, 0), self.name_size(text, size))  # its image is made when first drawn
                cx, cy = round(x), round(y)
                for anchor, at in (("midtop", (cx, cy + radius + 3)), ("midbottom", (cx, cy - radius - 3)),
                                   ("midleft", (cx + radius + 3, cy)), ("midright", (cx - radius - 3, cy))):
                    setattr(rect, anchor, at)
                    if free(rect):
                        break
                else:
                    continue
                take(rect.inflate(2, 2))
                names.append(NameLabel(c.id, text, size, rect.copy()))
                break
        if len(self._name_layouts) >= NAME_LAYOUTS:
            del self._name_layouts[next(iter(self._name_layouts))]  # the oldest
        self._name_layouts[where] = (made_from, names)
        return names

    def names_ahead(self) -> None:
        """In a frame with nothing else to do, lay out the names where the camera goes at the next turn
        (``next_view``), with the next creature first, and render them: the frame of the end of turn then
        finds them made (unless a token there moved meanwhile)."""
        view, session = self.view, self.session
        if (not self.names or view is None or session is None or view.ahead is None or not view.settled
                or not view.within_frame()):
            return
        nxt = self.next_creature()
        zoom = view.camera.zoom
        region = self.names_region(round(view.ahead[0] * zoom), round(view.ahead[1] * zoom))
        key = (self._token_key, zoom, None if nxt is None else nxt.id, region)
        if key != self._names_ahead:
            self._names_ahead = key
            self.lay_out_names(zoom, None if nxt is None else nxt.id, region)

    def names_key(self) -> tuple[object, ...]:
        """What the names' places depend on: the state, the zoom, who acts, and the region around the
        view (half a view more on each side, in steps of NAME_REGION pixels): on a big map a change of
        state lays out the names of the few dozen creatures in sight, not of them all."""
        assert self.view is not None and self.session is not None
        ox, oy = self.view.camera.offset()
        region = self.names_region(ox, oy)
        return (self._token_key, self.view.camera.zoom, self._acting_id(), region)

    def names_region(self, ox: int, oy: int) -> tuple[int, int, int, int]:
        """The region whose names are laid out when the view's top-left is at (ox, oy) (screen pixels of
        the zoomed picture): see ``names_key``."""
        vw, vh = self.board_rect.size
        return (math.floor((ox - vw / 2) / NAME_REGION), math.floor((oy - vh / 2) / NAME_REGION),
                math.ceil((ox + vw * 1.5) / NAME_REGION), math.ceil((oy + vh * 1.5) / NAME_REGION))

    def name_size(self, text: str, size: int) -> tuple[int, int]:
        """The size of ``name_image(text, size)``, without making it (the layout needs only that; a name is
        made when it is drawn: on a big map most names laid out are off screen)."""
        got = self._name_sizes.get((text, size))
        if got is None:
            if len(self._name_sizes) > 4000:
                self._name_sizes.clear()
            got = self._name_sizes[(text, size)] = (font(size).size(text)[0] + 4, font(size).get_linesize())
        return got

    def name_image(self, text: str, size: int) -> pygame.Surface:
        """A name on its dark plate (kept per text and size while the window is open)."""
        got = self._name_images.get((text, size))
        if got is None:
            if len(self._name_images) > 4000:
                self._name_images.clear()
            img = font(size).render(text, True, (240, 240, 240))
            got = pygame.Surface(self.name_size(text, size), pygame.SRCALPHA)  # the size the layout used
            pygame.draw.rect(got, (0, 0, 0, 150), got.get_rect(), border_radius=3)
            got.blit(img, img.get_rect(center=got.get_rect().center))
            self._name_images[(text, size)] = got
        return got

    def draw_floats(self, board: pygame.Surface) -> None:
        """Damage, healing, misses and conditions float up from where they landed."""
        assert self.view is not None
        now = self.clock
        cam = self.view.camera
        stacked: dict[str, int] = {}
        for f in self.anim.floats:
            if now < f.start or now >= f.end:
                continue
            k = (now - f.start) / (f.end - f.start)
            sx, sy = cam.to_screen(*f.at)
            above = stacked[f.creature] = stacked.get(f.creature, -1) + 1  # several on one creature: a stack
            y = sy - self.view.cell_h * cam.zoom * 0.6 - 30 * k - 22 * above
            draw_text(board, f.text, (round(sx), round(y)), 18, f.colour, bold=True, background=(0, 0, 0, 150),
                      anchor="center")

    def draw_banner(self, board: pygame.Surface) -> None:
        """The end of the fight, and the banner of the reaction resolving now (who, what, on whom, why)."""
        assert self.session is not None
        st = self.session.encounter
        y = 40
        if st.over:
            text = f"Victory for {st.winner}" if st.winner else "Nobody is left standing"
            room = board.get_width() - 24
            size = next((n for n in (30, 24, 20) if font(n, True).size(text)[0] <= room), 16)
            y = draw_text(board, fitted(text, size, room, bold=True), (board.get_width() // 2, y), size, ACCENT,
                          bold=True, background=(0, 0, 0, 200), anchor="center").bottom + 34
        banner = self.anim.banner(self.clock)
        if banner is None:
            return
        width = board.get_width()
        head = fitted(banner.text.headline, 22, width - 40, bold=True)
        lines = [(head, 22, (255, 190, 110), True)]
        if banner.text.detail:
            lines.append((fitted(banner.text.detail, 14, width - 40), 14, TEXT, False))
        queued = sum(1 for b in self.anim.banners if b.start >= banner.end)
        lines.append(("a key or a click: next" if queued else "a key or a click: skip", 12, MUTED, False))
        heights = [font(size, bold).get_linesize() for _, size, _, bold in lines]
        box_w = min(width - 16, max(font(size, bold).size(text)[0] for text, size, _, bold in lines) + 32)
        box = pygame.Rect(0, 0, box_w, sum(heights) + 16)
        box.midtop = (width // 2, y - 20)
        plate = pygame.Surface(box.size, pygame.SRCALPHA)
        plate.fill((12, 12, 16, 225))
        board.blit(plate, box)
        pygame.draw.rect(board, (255, 160, 60), box, 2, border_radius=4)
        left = max(0.0, min(1.0, (banner.end - self.clock) / max(1e-6, banner.end - banner.start)))
        pygame.draw.rect(board, (255, 160, 60), (box.left + 2, box.bottom - 5, round((box.width - 4) * left), 3))
        ty = box.top + 8
        for (text, size, colour, bold), h in zip(lines, heights):
            draw_text(board, text, (box.centerx, ty), size, colour, bold=bold, anchor="midtop")
            ty += h

    def draw_top(self) -> None:
        screen = self.screen
        w = screen.get_width()
        pygame.draw.rect(screen, PANEL, (0, 0, w, TOP))
        pygame.draw.line(screen, EDGE, (0, TOP - 1), (w, TOP - 1))
        x = 416 + gm_tools.dice_width(self)
        if self.session is not None:
            st = self.session.encounter
            acting = st.acting
            who = self.session.controller_of(acting.id) if acting is not None else None
            turn = (f"Round {st.round} · {acting.name}'s turn ({'AI' if who == AI else who})" if acting is not None
                    else "The fight is over" if st.over else f"Round {st.round} · between turns")
            question = self.session.question
            if question is not None and acting is not None:
                asked = self.session.controller_of(question.chooser)
                turn += f" · {'AI' if asked == AI else asked} decides"
            x = draw_text(screen, fitted(turn, 15, max(40, w - x - 8), bold=True), (x, 9), 15, ACCENT,
                          bold=True).right + 16
        message = self.message
        previewed = self.parts.hover_message(self) if self.session is not None else None
        if previewed is not None:
            message = previewed
        self.message_rect = pygame.Rect(0, 0, 0, 0)
        self.message_cut = False
        if message:
            colour = ERROR if self.message_error else TEXT
            room = max(40, w - x - 8)
            small = font(MESSAGE_SIZE)
            rows = wrap(message, small, room)
            cut = (len(rows) > 2 or any(small.size(row)[0] > room for row in rows)
                   or (message is self.message and self.message_full != self.message))
            if room < font(MESSAGE_SIZE, True).size(MORE)[0] + 6 + 60:
                # a narrow window: no room for a row of the message and the link to it, so the link alone
                # (the click opens the whole message under the bar)
                self.message_rect = draw_text(screen, fitted(MORE_NARROW, MESSAGE_SIZE, max(20, w - x - 4), bold=True),
                                              (x, 10), MESSAGE_SIZE, ERROR if self.message_error else ACCENT, bold=True)
                self.message_cut = True
            elif font(14).size(message)[0] <= room and not cut:
                self.message_rect = draw_text(screen, message, (x, 10), 14, colour)
            elif len(rows) == 1 and not cut:  # one row of the smaller text
                self.message_rect = draw_text(screen, message, (x, 10), MESSAGE_SIZE, colour)
            else:  # two rows of smaller text, and if that cuts it, a click opens it whole
                rows += [""] * (2 - len(rows))
                more_w = font(MESSAGE_SIZE, True).size(MORE)[0] + 6
                if cut:
                    rows = [rows[0], " ".join(rows[1:]).strip()]
                first = draw_text(screen, fitted(rows[0], MESSAGE_SIZE, room), (x, 2), MESSAGE_SIZE, colour)
                second = draw_text(screen, fitted(rows[1], MESSAGE_SIZE, room - more_w if cut else room), (x, 19),
                                   MESSAGE_SIZE, colour)
                self.message_rect = first.union(second)
                if cut:
                    more = draw_text(screen, MORE, (second.right + 6, 19), MESSAGE_SIZE, ACCENT, bold=True)
                    self.message_rect.union_ip(more)
                    self.message_cut = True
        if not self.message_cut:
            self.message_open = False

    def draw_message_box(self) -> None:
        """The whole message, wrapped, under the top bar (opened by a click on the message)."""
        if not self.message_open:
            return
        screen = self.screen
        w, h = screen.get_size()
        width = min(w - 16, 900)
        f = font(14)
        rows: list[str] = []
        for line in self.message_full.splitlines()[:MESSAGE_BOX_LINES]:
            for row in wrap(line, f, width - 24):
                while f.size(row)[0] > width - 24 and len(row) > 1:  # a word wider than the box (a path)
                    cut = len(row) - 1
                    while cut > 1 and f.size(row[:cut])[0] > width - 24:
                        cut -= 1
                    rows.append(row[:cut])
                    row = "  " + row[cut:]
                rows.append(row)
        line_h = f.get_linesize()
        fits = max(1, (h - TOP - BOTTOM - 40) // line_h)
        if len(rows) > fits:
            rows = rows[:fits - 1] + [f"... and {len(rows) - fits + 1} more rows"]
        box = pygame.Rect(max(8, self.message_rect.left - 12), TOP + 4, width, len(rows) * line_h + 34)
        box.right = min(box.right, w - 8)
        plate = pygame.Surface(box.size, pygame.SRCALPHA)
        plate.fill((10, 12, 16, 240))
        screen.blit(plate, box)
        pygame.draw.rect(screen, ERROR if self.message_error else ACCENT, box, 2, border_radius=4)
        y = box.top + 8
        for row in rows:
            draw_text(screen, row, (box.left + 12, y), 14, ERROR if self.message_error else TEXT)
            y += line_h
        draw_text(screen, "click or Esc to close", (box.right - 10, y + 4), 12, MUTED, anchor="topright")
        self.message_box = box
        self._side_covered = True
        self._board_kept = None

    def draw_bottom(self) -> None:
        screen = self.screen
        w, h = screen.get_size()
        pygame.draw.rect(screen, PANEL, (0, h - BOTTOM, w, BOTTOM))
        pygame.draw.line(screen, EDGE, (0, h - BOTTOM), (w, h - BOTTOM))
        draw_text(screen, self.bottom_hint(), (8, h - 24), 13, MUTED)

    def bottom_hint(self) -> str:
        """The bottom line: what the one at the table can do now, or who is playing."""
        if self.screen_state == "setup":
            hint = "Name who plays each side (ai: the computer), then Play (Enter)"
        elif self.my_turn():
            hint = self.prompt()
        elif isinstance(self.mode, DecideMode):
            n = len(self.mode.prompt_window.decision.options)
            hint = (f"{self.viewer}: answer the question · click an option or press 1-{min(n, 9)} · "
                    "passing is one of the options")
        elif self.session is not None and self.session.acting_controller == AI:
            hint = "The AI is playing..."
        elif self.session is not None and self.session.encounter.over:
            hint = "Ctrl+O opens another fight"
        else:
            hint = ""
        return hint

    def draw_side(self) -> None:
        """The right panel (initiative, sheet, log): painted again only when what it shows changed, and
        put on the screen only then, or when something was drawn over it since (a dialog, a tooltip, the
        help); otherwise the screen keeps it from the frame before."""
        w, h = self.screen.get_size()
        size = (RIGHT, max(1, h - BOTTOM - TOP))
        where = pygame.Rect((w - RIGHT, TOP), size)
        sheet = self.sheet_creature()
        key = (size, id(self.session.encounter) if self.session else None,
               len(self.session.encounter.log) if self.session else 0, sheet.id if sheet else None,
               self.log.scroll, self.log.verbose, len(self.log.entries), self.viewer,
               tuple(sorted(self.session.controllers.items())) if self.session else ())
        if self._side is None or self._side.get_size() != size:
            self._side = pygame.Surface(size)
            self._side_key = None
        changed = key != self._side_key
        if changed:
            self._side_key = key
            self.paint_side(self._side)
            self.log_rect = self.log.rect.move(where.topleft)
        covered = self.show_help or self.gui_over(where)
        if changed or covered or self._side_covered:
            self.screen.blit(self._side, where)
        self._side_covered = covered

    def gui_over(self, rect: pygame.Rect) -> bool:
        """Whether pygame_gui draws something over ``rect`` this frame (a window, a menu, a tooltip)."""
        for sprite in self.manager.get_sprite_group().sprites():
            image = sprite.image
            if sprite.visible and image is not None and image.get_width() and sprite.rect.colliderect(rect):
                return True
        return False

    def paint_side(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        x0 = 0
        screen.fill(PANEL)
        pygame.draw.line(screen, EDGE, (0, 0), (0, h))
        y = 8
        if self.session is None:
            self.log.draw(screen, pygame.Rect(x0 + 8, y, RIGHT - 16, h - y - 8), self.may_see, self.viewer)
            return
        acting = self._acting_id()
        y = draw_text(screen, self.parts.turn_order_title(self), (x0 + 10, y), 15, ACCENT, bold=True).bottom + 2
        order = self.parts.turn_order(self)
        whole = len(order)
        # The log keeps a good share of the panel however small the window: the turn order and the
        # sheet give way first (the list scrolls to the acting creature, the sheet is cut short).
        log_h = max(LOG_MIN_LINES * font(LOG_LINE_SIZE).get_linesize() + 8, int(h * LOG_SHARE))
        rows = max(3, min(12, int(h * INITIATIVE_SHARE) // 17))
        if len(order) > rows:
            at = next((k for k, r in enumerate(order) if r.creature == acting), 0)
            first = max(0, min(len(order) - rows, at - rows // 3))
            order = order[first:first + rows]
            y = draw_text(screen, f"({first + 1}-{first + rows} of {whole})", (x0 + 10, y), 12, MUTED).bottom
        for r in order:
            marker = ">" if r.creature == acting else " "
            colour = side_colour(r.side) if not r.dead else (95, 98, 108)
            row = pygame.Rect(x0 + 8, y, RIGHT - 16, 17)
            if r.creature == acting:
                pygame.draw.rect(screen, (60, 56, 36), row)
            draw_text(screen, f"{marker} {r.name}", (x0 + 12, y), 13, colour, bold=r.creature == acting)
            draw_text(screen, f"{r.status} · {self.session.controller_of(r.creature)}", (x0 + RIGHT - 14, y), 13,
                      MUTED, anchor="topright")
            y += 17
        y += 6
        pygame.draw.line(screen, EDGE, (x0 + 8, y), (w - 8, y))
        y += 6
        room = max(0, h - log_h - 8 - 24 - y)
        sheet = pygame.Surface((w - 1, SHEET_MAX_H))
        sheet.fill(PANEL)
        end = self.draw_sheet(sheet, x0 + 9, 0)
        if end <= room:
            screen.blit(sheet, (1, y), (0, 0, w - 1, end))
            y += end
        else:  # cut short between two rows, and says so
            line_h = font(12).get_linesize()
            cut = max(0, room - line_h)
            while cut > 0 and pygame.transform.average_color(sheet, (0, cut - 1, w - 1, 1))[:3] != PANEL:
                cut -= 1
            screen.blit(sheet, (1, y), (0, 0, w - 1, cut))
            draw_text(screen, "  ... (a larger window shows the whole sheet)", (x0 + 10, y + cut), 12, MUTED)
            y += cut + line_h
        y += 4
        draw_text(screen, "Combat log" + (" (verbose)" if self.log.verbose else "") + " · wheel scrolls",
                  (x0 + 10, y), 13, ACCENT, bold=True)
        y += 20
        self.log.draw(screen, pygame.Rect(x0 + 8, y, RIGHT - 16, h - y - 8), self.may_see, self.viewer)

    def sheet_creature(self) -> Piece | None:
        """The creature the side panel's sheet shows: the one under the pointer, else the selected one,
        else the acting one."""
        if self.session is None:
            return None
        st = self.session.encounter
        if self.hover is not None:
            who = st.occupant(self.hover)
            if who is not None:
                return who
        if self.selected is not None:
            return self.piece(self.selected)
        return st.acting

    def draw_sheet(self, screen: pygame.Surface, x: int, y: int) -> int:
        """The sheet of ``sheet_creature``, as the ruleset's parts draw it; the y below it."""
        c = self.sheet_creature()
        if c is None or self.session is None:
            return y
        return self.parts.draw_sheet(self, c, screen, x, y)

    def draw_help(self) -> None:
        screen = self.screen
        w, h = screen.get_size()
        box = pygame.Rect(0, 0, min(w - 40, 760), min(h - 40, 680))
        box.center = (w // 2, h // 2)
        plate = pygame.Surface(box.size, pygame.SRCALPHA)
        plate.fill((10, 12, 16, 235))
        screen.blit(plate, box)
        pygame.draw.rect(screen, ACCENT, box, 2)
        y = box.top + 12
        y = draw_text(screen, "Keys and mouse", (box.left + 16, y), 18, ACCENT, bold=True).bottom + 4
        for keys, what in (*KEYS_HELP[:3], *self.parts.keys_help, *KEYS_HELP[3:]):
            draw_text(screen, keys, (box.left + 16, y), 13, ACCENT, bold=True)
            draw_text(screen, what, (box.left + 250, y), 13, TEXT)
            y += 18
        y += 8
        y = draw_text(screen, "Overlays (each from the rules' own queries)", (box.left + 16, y), 18,
                      ACCENT, bold=True).bottom + 4
        for name, (key, what) in self.all_overlays().items():
            state = "on" if self.overlay_on[name] else "off"
            draw_text(screen, f"{key}  ({state})", (box.left + 16, y), 13, ACCENT, bold=True)
            draw_text(screen, what, (box.left + 110, y), 13, TEXT)
            y += 18
        for what in (*self.parts.aiming_help, "Press F1 or Esc to close."):
            y = draw_text(screen, what, (box.left + 16, y + 2), 13, MUTED).bottom

    def draw_handoff(self) -> None:
        screen = self.screen
        w, h = screen.get_size()
        screen.fill((12, 13, 17))
        assert self.session is not None
        acting = self.session.encounter.acting
        who = self.handoff_to or ""
        sides = self.session.plays(who)
        draw_text(screen, f"Pass the table to {who}", (w // 2, h // 2 - 60), 34, ACCENT, bold=True, anchor="center")
        if self.handoff_for_setup or gm_tools.handoff_why(self):
            draw_text(screen, f"{who} is the game master: only the game master "
                              f"{gm_tools.handoff_why(self) or 'changes who plays what'} (Esc: not now)",
                      (w // 2, h // 2 - 10), 18, TEXT, anchor="center")
        elif acting is not None:
            draw_text(screen, f"{who} plays {sides}: {acting.name}'s turn, round {self.session.encounter.round}",
                      (w // 2, h // 2 - 10), 18, TEXT, anchor="center")
        draw_text(screen, f"The board stays hidden until {who} is at the table.", (w // 2, h // 2 + 24), 15, MUTED,
                  anchor="center")
        if secret := handoff_line(self.session.encounter.pending, self.session.question) \
                or self.reveals.untold(self.session.players()):
            draw_text(screen, secret, (w // 2, h // 2 + 110), 15, ACCENT, anchor="center")
        draw_text(screen, f"{who}: press Enter or click to continue", (w // 2, h // 2 + 70), 18, (255, 255, 255),
                  bold=True, background=(60, 56, 36, 255), anchor="center")


# -- small helpers ---------------------------------------------------------------------------------


def fitted(text: str, size: int, width: int, *, bold: bool = False) -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels."""
    f = font(size, bold)
    if f.size(text)[0] <= width:
        return text
    while len(text) > 1 and f.size(text + "...")[0] > width:
        text = text[:-1]
    return text + "..."


def _one_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        return text
    return lines[0] + (f" (and {len(lines) - 1} more problems)" if len(lines) > 1 else "")


def kill(element: Any) -> None:
    """Remove a pygame_gui element (its ``kill`` is untyped)."""
    element.kill()




# -- running the window -----------------------------------------------------------------------------


def run_table(path: str | None, *, size: tuple[int, int] = (1280, 800), screenshot: str | None = None,
              script: str | None = None, controls: dict[str, str] | None = None,
              skip_setup: bool = False, max_frames: int | None = None, state_file: str | None = None,
              loaded: tuple[TiledMap, Board] | Exception | None = None, resumed: Session | None = None,
              autosave: Path | None = None, notice: str | None = None,
              projector: int | None = None, root: str | None = None, replay: str | None = None,
              crashed: Path | None = None) -> int:
    """Open the window (on ``path`` if given, with ``loaded`` as :meth:`Table.open` takes it, or on the fight
    ``resumed`` from a save); with ``screenshot``, save a PNG after the script and the first frames, then
    return. ``autosave``: the folder the fights opened autosave in; ``notice``: a line for the top bar once
    open (the autosave a crash left); ``projector``: open the players' display on that display (-1: the
    default); ``root``: ``play --root``; ``replay``: a save to show as a replay (``play --replay``); ``crashed``:
    the autosave a crash left, offered to resume (``game.ui.replay_view``)."""
    from game.files import UserFileError, output_target
    from game.ui.script import Script, load_script
    from game.ui.window import NoWindowError

    for flag, output in (("--screenshot", screenshot), ("--state-file", state_file)):
        try:
            if output is not None:
                output_target(output)  # refused before the window opens, not after the script ran
        except UserFileError as exc:
            raise UserFileError(exc.path, f"{exc.detail} ({flag})") from None
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    try:
        pygame.display.init()
        pygame.font.init()
        table = Table(size, controls=controls, skip_setup=skip_setup)
    except pygame.error as exc:
        pygame.quit()
        raise NoWindowError(f"cannot open a window ({exc}); on a machine without a screen, "
                            "use  python -m game render MAP --out FILE.png") from None
    try:
        steps: Script | None = load_script(script) if script else None
        table.autosave = autosave
        table.root = root
        if resumed is not None:
            table.open(resumed.source.path, resumed=resumed)
        elif path is not None:
            table.open(path, loaded)
        if replay is not None:
            replay_view.open_replay(table, replay)
        if notice:
            table.say(notice)
        if crashed is not None:
            replay_view.offer_resume(table, crashed)
        if projector is not None:  # play --projector [DISPLAY]: -1 for the default
            players_display.toggle_display(table, projector if projector >= 0 else None)
        clock = pygame.time.Clock()
        frames = after = 0
        running = True
        last = time.perf_counter()
        while running:
            for event in pygame.event.get():
                running = table.handle(event) and running
            if steps is not None and not steps.done:
                steps.feed(table)
            now = time.perf_counter()
            table.update(min(0.1, now - last))
            last = now
            table.draw()
            pygame.display.flip()
            frames += 1
            if state_file and frames % 5 == 0:
                write_state(table, state_file)
            if steps is None or steps.done:
                after += 1
            if screenshot and after >= 3 and (table.idle() or after > 240):
                save_screenshot(table.screen, screenshot)
                if table.players is not None:
                    shot = Path(screenshot)
                    save_screenshot(table.players.surface, str(shot.with_name(f"{shot.stem}-players{shot.suffix}")))
                break
            if max_frames is not None and frames >= max_frames:
                break
            clock.tick(60)
    finally:
        pygame.quit()
    return 0


def freeze_what_opening_made() -> None:
    """Let the cyclic garbage collector leave alone what exists once an encounter is open (the map, its
    recorded picture, the session, a thousand creatures: ~170,000 objects on the bench's map), most of which
    lives as long as the encounter: ``gc.freeze``. A full collection then looks only at what was made since,
    so it takes ~12 ms on the bench's map instead of ~110 ms (one such pause in a frame every few dozen
    changes). What was frozen at the previous opening is unfrozen first and collected with the rest, so an
    encounter closed does not stay (README: Benchmark)."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def write_state(table: Table, path: str) -> None:
    """Write what the window shows as JSON (``--state-file``), with :func:`game.files.write_user_file`."""
    import json

    from game.files import write_user_file

    write_user_file(path, json.dumps(table.snapshot()).encode("utf-8"))


def save_screenshot(surface: pygame.Surface, path: str) -> None:
    """Write the window as a PNG (``--screenshot``), with :func:`game.files.write_user_file`."""
    from game.files import write_user_file
    from game.ui.map_view import png_bytes

    write_user_file(path, png_bytes(surface))
    print(f"wrote {path}")
