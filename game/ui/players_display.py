"""The players' display (issue 17): a second window, for a TV or a projector, showing only what players may see.

It is drawn each frame from the table's session into a Surface of its own (:meth:`PlayersDisplay.render`,
which the tests check) and a ``pygame.Window`` only shows that surface. What never reaches it:

* the layers and objects the map marks ``hidden`` (the map is drawn from :func:`players_view`);
* creatures hidden from players: placed hidden on the map, or toggled by the game master (F6 on the
  creature under the pointer or selected, in the game master's window);
* an opponent's exact hit points: its token has no hit-point bar and its initiative row says the
  ruleset's words (``WindowParts.public_health`` when the parts have it, else :func:`default_health`);
* every event the ruleset marks as someone's secret (``Session.secrets``: prepared reactions, budget
  checks...), verbose break points, the creatures' sheets (nothing of a preparation is drawn);
* a pending decision's options: only whose decision it is.

The players' creatures are those a person other than the game master plays (when the game master plays
them all, every creature a person plays): their own hit points are no secret to them.

Its camera follows the game master's view, or stays where the game master locked it, or is
**calibrated**: one cell is ``cell_mm`` millimetres on that screen, from the screen's pixels per
millimetre the game master sets against a real ruler (the 100 mm ruler drawn at the bottom), kept per
display in the user's settings folder (platformdirs). It may be rotated by 90, 180 or 270 degrees.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable

import pygame

from game.board import Board
from game.grid import Cell
from game.hidden import HideCreature
from game.hidden import placed_hidden as placed_hidden
from game.mechanics.sight import SIGHT_PROPERTY, Sight
from game.kernel.engine import Impossible
from game.rulesets.package import PublicLine
from game.session import AI, Session
from game.tiled.hidden import players_view
from game.ui.board_view import BoardView, Camera, Layer, TokenLook, TokenPainter, draw_text, font
from game.ui.combat_log import wrap
from game.ui import strip as ruleset_strip
from game.ui.parts import nudge

BG = (16, 17, 20)
PANEL = (30, 32, 38)
TEXT = (235, 237, 242)
MUTED = (160, 165, 178)
ACCENT = (250, 210, 90)
TITLE_SIZE = 30
ROW_SIZE = 24
LOG_SIZE = 22
LOG_LINES = 6
"""The last public lines of the log the display shows."""
SIDE_SHARE = 0.3
"""The share of the display's width its panel takes (the map has the rest)."""
CAMERAS = ("follow", "locked", "calibrated")
ROTATIONS = (0, 90, 180, 270)
DEFAULT_PX_PER_MM = 96 / 25.4
"""A screen of 96 dots per inch, until the game master calibrates it."""
DEFAULT_CELL_MM = 25.0
SETTINGS_FILE = "players_display.json"
MAX_SETTINGS = 64
"""Displays the settings file keeps (a bigger file is read up to this many)."""


DARK = (0, 0, 0, 255)
"""A cell no players' creature has seen this fight, on the players' display."""
EXPLORED = (0, 0, 0, 150)
"""A cell seen before but not now, on the players' display."""
GM_DIM = (0, 0, 0, 105)
"""A cell no players' creature sees now, in the game master's window (``dim_gm``)."""
PAN_EVERY = 4
"""While the game master pans or zooms (the camera moves frame after frame, nothing else changes), the players'
display follows every PAN_EVERY-th frame: 15 pictures a second for a 60 one, on a TV across the table. It shows
where the camera stopped the frame it stops, and any change of the fight at once. Each picture costs a scroll of
its whole map, as a frame of the game master's window does (the pixels a pan moves, 1344 x 1080 of them on a
1920 x 1080 display: about half the game master's whole frame while panning, on the bench): following every
second frame would add about a quarter to the game master's frame time, the issue's limit. Every third frame
measured 1.25 to 1.47 on a quiet machine (the scroll costs more than its share), every fourth 1.18 to 1.25."""
TOKEN_BUCKET = 256
"""The players' tokens are filed by squares of this many picture pixels (a frame looks only at those in view)."""
TokenPlaces = dict[tuple[int, int], list[tuple[str, TokenLook, float, float]]]
"""Each creature players see, its token and its place in picture pixels, filed by TOKEN_BUCKET square."""


def default_health(hp: int, max_hp: int) -> str:
    """The words any ruleset's players see for an opponent's health (a ruleset's parts may say better)."""
    if hp <= 0:
        return "down"
    if hp >= max_hp:
        return "unhurt"
    return "hurt" if hp * 2 > max_hp else "badly hurt"


def public_health(parts: object, piece: Any) -> str:
    """The ruleset's words for a creature's health, as players see it (``WindowParts.public_health``)."""
    words: Callable[[Any], str] | None = getattr(parts, "public_health", None)
    if words is not None:
        return words(piece)
    return default_health(int(getattr(piece, "hp", 0)), int(getattr(piece, "max_hp", 0)))


def players_creatures(session: Session) -> set[str]:
    """The creatures whose exact state players see: those a person other than the game master plays (when
    the game master plays every creature a person plays, all of those)."""
    gm = session.gm
    people = {c.id: session.controller_of(c.id) for c in session.encounter.pieces()}
    theirs = {cid for cid, who in people.items() if who != AI and who != gm}
    return theirs or {cid for cid, who in people.items() if who != AI}


# -- settings ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Calibration:
    px_per_mm: float = DEFAULT_PX_PER_MM
    cell_mm: float = DEFAULT_CELL_MM


def settings_path() -> Path:
    import platformdirs

    return Path(platformdirs.user_config_dir("tactical-table")) / SETTINGS_FILE


def load_calibration(display: str) -> Calibration:
    """The calibration kept for a display (its name and size), or the default; a broken file is ignored."""
    try:
        data = json.loads(settings_path().read_text("utf-8"))
        entry = dict(list(data.items())[:MAX_SETTINGS]).get(display)
        if isinstance(entry, dict):
            px, mm = float(entry["px_per_mm"]), float(entry["cell_mm"])
            if 0.1 <= px <= 100 and 1 <= mm <= 200:
                return Calibration(px, mm)
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        pass
    return Calibration()


def save_calibration(display: str, calibration: Calibration) -> None:
    path = settings_path()
    try:
        data = json.loads(path.read_text("utf-8"))
        data = dict(list(data.items())[:MAX_SETTINGS]) if isinstance(data, dict) else {}
    except (OSError, ValueError):
        data = {}
    data[display] = {"px_per_mm": calibration.px_per_mm, "cell_mm": calibration.cell_mm}
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1), "utf-8")
    os.replace(tmp, path)


# -- line of sight -----------------------------------------------------------------------------------


class Darkness:
    """Line of sight over one fight, for the players' display and the game master's window: what the players'
    creatures see (:class:`Sight`, kept up to date as they move) and, for each view that shows it, a layer of
    the cells they do not see, made whole once and then amended only where sight changed
    (:meth:`BoardView.amend_layer`): a move darkens and lights the cells around the creature that moved, not
    the whole board."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.sight = Sight(board)
        self.state: object = None
        """What :meth:`update` last saw (the fight's state, who plays and who is hidden)."""
        self._views: dict[str, tuple[BoardView, Layer, bool]] = {}
        """For each consumer ("players", "gm"): its view, its layer there, and whether it tells explored cells."""
        self._pending: dict[str, dict[Cell, bool]] = {}
        """For each consumer, the cells whose sight changed since it last amended its layer (True: seen now)."""

    def update(self, session: Session, state: object, mine: set[str]) -> None:
        """See from where the players' creatures (``mine``) stand now (once per ``state``)."""
        if state == self.state:
            return
        self.state = state
        enc = session.encounter
        change = self.sight.update(cell for c in enc.pieces() if c.id in mine and not c.dead
                                   for cell in enc.space_of(c.id))
        if change.gained or change.lost:
            for pending in self._pending.values():
                pending.update(dict.fromkeys(change.gained, True))
                pending.update(dict.fromkeys(change.lost, False))

    def layer(self, name: str, view: BoardView, *, explored: bool, colour: tuple[int, int, int, int]) -> Layer:
        """The layer of the unseen cells ``view`` shows (made whole for a view it has not seen, then amended where
        sight changed): dark, and dimmed where explored (``explored``), or all ``colour``."""
        got = self._views.get(name)
        if got is None or got[0] is not view:
            seen, known = self.sight.seen, self.sight.explored
            if explored:
                cells = {cell: (EXPLORED if cell in known else DARK) for cell in self.board if cell not in seen}
            else:
                cells = {cell: colour for cell in self.board if cell not in seen}
            got = self._views[name] = (view, Layer(cells), explored)
            self._pending[name] = {}
            return got[1]
        pending = self._pending[name]
        if pending:
            marks = {cell: None if now else (EXPLORED if explored else colour) for cell, now in pending.items()}
            self._pending[name] = {}
            view.amend_layer(got[1], marks)
        return got[1]


# -- the display -------------------------------------------------------------------------------------


class PlayersDisplay:
    """The players' window: :meth:`render` draws what players may see; :meth:`show` puts it in the window.

    A pan costs about what it costs the game master's window: the map is drawn straight into the window and
    kept there between frames (``BoardView.draw_board(keep=True)``: scrolled, only the strips that came into
    view painted), and the tokens are drawn again only within what was painted; the side panel is drawn only
    when the state changes."""

    def __init__(self, display: int | None = None, size: tuple[int, int] = (1280, 800), *,
                 window: bool = True) -> None:
        sizes = pygame.display.get_desktop_sizes() if pygame.display.get_init() else []
        self.display = display if display is not None and 0 <= display < len(sizes) else None
        self.window: pygame.Window | None = None
        if window:
            if self.display is not None and len(sizes) > 1:
                # several displays: fullscreen on the chosen one
                pos = pygame.WINDOWPOS_CENTERED_DISPLAY(self.display)  # type: ignore[attr-defined]
                self.window = pygame.Window("Tactical table - players", sizes[self.display], pos)
                self.window.set_fullscreen(desktop=True)
            else:
                self.window = pygame.Window("Tactical table - players", size, resizable=True)
        self.size = self.window.size if self.window is not None else size
        self.display_key = f"display {self.display or 0} {'x'.join(map(str, self.size))}"
        self.calibration = load_calibration(self.display_key)
        self.camera = "follow"
        self.rotation = 0
        self.dim_gm = True
        """Cells no players' creature sees are dimmed in the game master's window (F9 toggles it)."""
        self.locked: tuple[float, float, float] | None = None
        """The locked camera's centre (picture pixels) and zoom."""
        self.view: BoardView | None = None
        self.tokens: TokenPainter | None = None
        self._view_for: object = None
        self.surface = pygame.Surface(self.size)
        self._drawn: list[TokenLook] | None = []
        """The tokens in view in the last picture (None: not worked out yet, see :attr:`drawn`)."""
        self._in_view: tuple[TokenPlaces, Camera, pygame.Rect, float] | None = None
        """What the last picture's tokens were drawn from: their places, the camera, the map's area and the margin
        around it within which a token shows."""
        self.texts: list[str] = []
        """The text drawn last frame (tests read it)."""
        self.shown_frames = 0
        """Frames put in the window (one per change of picture)."""
        self._drawn_key: object = None
        """What :attr:`surface` was last drawn for (see :meth:`render`)."""
        self._side: tuple[object, pygame.Surface | None, list[str]] = (None, None, [])
        """The side panel as last drawn, what for, and its text."""
        self._side_on: pygame.Surface | None = None
        """The surface the side panel was last put on (it stays there until the next change)."""
        self._board_on: object = None
        """The surface, size and state the map and tokens were last drawn on and for: the next frame keeps them."""
        self._strip_on: object = None
        """The surface, size and state the ruleset's strip was last drawn on and for (``game.ui.strip``)."""
        self._upright: pygame.Surface | None = None
        """The picture before it is rotated (a rotated display's), kept between frames as the window is."""
        self.darkness: Darkness | None = None
        """Line of sight this fight (None: it is off, or no fight)."""
        self.visible: set[Cell] | None = None
        """The cells the players' creatures see now (None: everything; tests read it)."""
        self._places: tuple[object, TokenPlaces] = (None, {})
        """Each creature players see, its token and its place in picture pixels, filed by TOKEN_BUCKET square, with
        what they were made for."""
        self._public: list[tuple[object, PublicLine | None]] = []
        self._mine: tuple[object, set[str]] = (None, set())
        self.pace = PAN_EVERY
        """See PAN_EVERY (1: every frame)."""
        self._paced = 0
        """Frames in a row the window was left as it was while the camera moved."""
        self._gm_camera: tuple[float, float, float] | None = None
        """The game master's camera the frame before (drawn or not)."""
        """The players' creatures, and the state they were worked out for."""
        """The log's entries read so far, each with its line for players (None: none)."""

    @property
    def drawn(self) -> list[TokenLook]:
        """The tokens in view in the last picture (tests read them): worked out when asked, since a picture looks
        only at the tokens near the strips it paints."""
        if self._drawn is None:
            assert self._in_view is not None
            places, cam, area, margin = self._in_view
            self._drawn = [look for _, look, _, _ in tokens_in(places, cam, area, margin)]
        return self._drawn

    @property
    def window_id(self) -> int | None:
        return self.window.id if self.window is not None else None

    def close(self) -> None:
        if self.window is not None:
            self.window.destroy()
            self.window = None

    # -- the game master's controls ----------------------------------------------------------------

    def next_camera(self, table: Any) -> str:
        self.camera = CAMERAS[(CAMERAS.index(self.camera) + 1) % len(CAMERAS)]
        if self.camera == "locked" and table.view is not None:
            cam, r = table.view.camera, table.board_rect
            cx, cy = cam.to_picture(r.width / 2, r.height / 2)
            self.locked = (cx, cy, cam.zoom)  # where the game master's view is now
        return self.camera

    def rotate(self) -> int:
        self.rotation = ROTATIONS[(ROTATIONS.index(self.rotation) + 1) % len(ROTATIONS)]
        return self.rotation

    def calibrate(self, factor: float) -> Calibration:
        """Scale the screen's pixels per millimetre (the ruler grows with it), and keep it for this display."""
        px = min(100.0, max(0.1, self.calibration.px_per_mm * factor))
        self.calibration = replace(self.calibration, px_per_mm=px)
        save_calibration(self.display_key, self.calibration)
        return self.calibration

    # -- drawing -------------------------------------------------------------------------------------

    def show(self, table: Any) -> None:
        """Put the picture in the window (drawn straight into it, and flipped only when it changed)."""
        if self.window is None:
            return
        target = self.window.get_surface()
        if target.get_size() != self.size or target is not self.surface:
            self.size = target.get_size()
            self.surface = target
            self._drawn_key = None
            self._side_on = None
            self._board_on = self._strip_on = None
        if self._paced_out(table):
            return
        before = self._drawn_key
        self.render(table)
        if self._drawn_key is not before:
            self.window.flip()
            self.shown_frames += 1

    def _paced_out(self, table: Any) -> bool:
        """Whether this frame leaves the window as it is because only the game master's camera moved, and moved
        the frame before too, and the display followed it less than ``pace`` frames ago (see PAN_EVERY)."""
        session: Session | None = table.session
        if session is None or table.view is None or self.camera != "follow" or self.pace <= 1:
            self._paced = 0
            return False
        cam = table.view.camera
        now = (cam.x, cam.y, cam.zoom)
        moving, self._gm_camera = now != self._gm_camera, now
        drawn = self._drawn_key
        if (moving and self._paced + 1 < self.pace and isinstance(drawn, tuple) and len(drawn) > 1
                and drawn[0] == self._state(table, session) and drawn[1] == table.board_rect.size):
            self._paced += 1
            return True
        self._paced = 0
        return False

    def render(self, table: Any) -> pygame.Surface:
        """Draw what players may see into :attr:`surface` (rotated as set) and return it. When nothing it shows
        changed since the last frame (the state, the camera, who is hidden...), the surface is kept as it is;
        when only the camera moved, the map is scrolled (see the class)."""
        session: Session | None = table.session
        state = None if session is None or table.view is None else self._state(table, session)
        key = self._key(table, state)
        if key == self._drawn_key and (self.view is None or self.view.settled):
            return self.surface  # (else chunks of the last picture wait to be redrawn: drawn again, kept)
        self._drawn_key = key
        w, h = self.size
        upright = (h, w) if self.rotation in (90, 270) else (w, h)
        if upright == self.size and self.rotation == 0:
            canvas = self.surface
        else:
            if self._upright is None or self._upright.get_size() != upright:
                self._upright = pygame.Surface(upright)
            canvas = self._upright
        self.texts = []
        if session is None or table.view is None:
            canvas.fill(BG)
            self._board_on = self._side_on = None
            self._drawn, self._in_view = [], None
            self._text(canvas, "Waiting for the game master", (upright[0] // 2, upright[1] // 2), TITLE_SIZE,
                       MUTED, anchor="center")
        else:
            side_w = max(220, int(upright[0] * SIDE_SHARE))
            strip_h = ruleset_strip.height(table)  # the ruleset's strip (seed 001's timeline): public, above the map
            board = pygame.Rect(0, strip_h, upright[0] - side_w, max(1, upright[1] - strip_h))
            self._draw_board(table, session, state, canvas, board)
            self._draw_strip(table, session, state, canvas, pygame.Rect(0, 0, board.width, strip_h))
            side = pygame.Rect(board.right, 0, side_w, upright[1])
            side_key = (state, side.size)  # not the camera
            fresh = self._side[0] != side_key or self._side[1] is None
            if fresh:
                panel = pygame.Surface(side.size)
                texts = self.texts
                self.texts = []
                self._draw_side(table, session, panel, panel.get_rect())
                self._side = (side_key, panel, self.texts)
                self.texts = texts
            _, drawn, texts_drawn = self._side
            assert drawn is not None
            if fresh or canvas is not self._side_on:  # the window keeps the panel from the frame before
                canvas.blit(drawn, side)
                self._side_on = canvas
            self.texts += texts_drawn
        if canvas is not self.surface:
            self.surface.blit(pygame.transform.rotate(canvas, self.rotation), (0, 0))
        return self.surface

    def _draw_strip(self, table: Any, session: Session, state: object, canvas: pygame.Surface,
                    rect: pygame.Rect) -> None:
        """The ruleset's strip over the map, with the creatures players see only (drawn again when the fight
        changed)."""
        if rect.height <= 0:
            self._strip_on = None
            return
        on = (id(canvas), rect.size, state)
        if on == self._strip_on:
            return
        self._strip_on = on
        hidden = hidden_from_players(table)
        mine = self.mine(session, self._state(table, session))
        table.parts.draw_strip(table, canvas.subsurface(rect), pygame.Rect((0, 0), rect.size),
                               lambda cid: cid not in hidden and self.sees(session, cid, mine))

    def _key(self, table: Any, state: object) -> object:
        """Everything the display's picture depends on."""
        if state is None:
            return (None, self.size)
        cam = table.view.camera
        return (state, table.board_rect.size, cam.x, cam.y, cam.zoom, self.camera, self.locked,
                self.calibration, self.rotation, self.size)

    @staticmethod
    def _state(table: Any, session: Session) -> tuple[object, ...]:
        """What the display shows of the fight (not the camera): the state, the log, who sees what."""
        enc = session.encounter
        return (id(enc), len(enc.log), len(table.log.entries), len(session.played), session.gm,
                tuple(sorted(session.hidden)), tuple(session.controllers.items()),
                tuple(session.creature_controllers.items()), id(table.parts),
                getattr(table.parts, "public_key", lambda t: None)(table))

    def _text(self, target: pygame.Surface, text: str, pos: tuple[int, int], size: int, colour: tuple[int, int, int],
              *, bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
        self.texts.append(text)
        return draw_text(target, text, pos, size, colour, bold=bold, anchor=anchor)

    def _board_view(self, table: Any, session: Session) -> BoardView:
        if self._view_for is not session or self.view is None:
            tmap = session.source.tmap
            shown = players_view(tmap)
            gm_view = table.view if shown.layers == tmap.layers and table.view is not None \
                and table.view.tmap is tmap else None  # nothing hidden: the game master's map picture, shared
            self.view = BoardView(shown, session.source.board, same_picture_as=gm_view)
            self.darkness = None if session.source.tmap.properties.get(SIGHT_PROPERTY) is False else \
                Darkness(session.source.board)
            self.visible = None
            self._board_on = None
            self._places = (None, {})
            self._public = []
            self.tokens = TokenPainter(self.view.cell_w, self.view.cell_h)
            self._view_for = session
        return self.view

    def _place_camera(self, table: Any, view: BoardView, size: tuple[int, int]) -> None:
        gm_cam, r = table.view.camera, table.board_rect
        cx, cy = gm_cam.to_picture(r.width / 2, r.height / 2)
        zoom = gm_cam.zoom
        if self.camera == "locked" and self.locked is not None:
            cx, cy, zoom = self.locked
        elif self.camera == "calibrated":
            zoom = self.calibration.cell_mm * self.calibration.px_per_mm / max(1.0, min(view.cell_w, view.cell_h))
        cam = view.camera
        cam.zoom = zoom
        cam.x, cam.y = cx - size[0] / 2 / zoom, cy - size[1] / 2 / zoom

    def _draw_board(self, table: Any, session: Session, state: object, canvas: pygame.Surface,
                    rect: pygame.Rect) -> None:
        view = self._board_view(table, session)
        self._place_camera(table, view, rect.size)
        self._light(session, view, state)
        board = canvas.subsurface(rect)
        on = (id(canvas), rect.size, state)
        keep = on == self._board_on  # the map and tokens of the frame before are there: scrolled if need be
        self._board_on = on
        ruler = self._ruler_rect(board) if self.camera == "calibrated" else None
        # the second window: it composes and prefetches nothing ahead of what it shows, nor redraws stale chunks
        # within the frame's budget, unless the picture before left some waiting (too changed to patch)
        view.hurried = view.settled
        areas = view.draw_board(board, keep=keep, dirty=[ruler] if ruler is not None else [])
        cam = view.camera
        margin = max(view.cell_w, view.cell_h) * cam.zoom * 2
        places = self._token_places(table, session, view)
        self._in_view = (places, cam, board.get_rect(), margin)
        self._drawn = None
        acting = session.encounter.acting
        assert self.tokens is not None
        for area in areas:
            board.set_clip(area)
            looks: list[tuple[TokenLook, float, float]] = []
            for cid, look, sx, sy in tokens_in(places, cam, area, margin):
                looks.append((look, sx, sy))
                if acting is not None and cid == acting.id:
                    radius = max(6, round(view.cell_w * look.size_cells * cam.zoom * 0.5 + 3))
                    pygame.draw.circle(board, ACCENT, (sx, sy), radius, 4)
            self.tokens.draw(board, looks, cam.zoom)
        board.set_clip(None)
        public = getattr(table.parts, "draw_public", None)  # a ruleset's public marks (seed 004's traces)
        if public is not None:
            public(table, board, view, hidden_from_players(table))
        if ruler is not None:
            self._draw_ruler(board)

    def _light(self, session: Session, view: BoardView, state: object) -> None:
        """Line of sight: the cells no players' creature sees are dark on the display, those seen before dimmed
        (a layer of the display's own view, amended where sight changed)."""
        darkness = self.darkness
        if darkness is None:
            return
        mine = self.mine(session, state)
        if not mine:
            self.visible = None
            view.set_layers({})
            return
        darkness.update(session, state, mine)
        self.visible = darkness.sight.seen
        layer = darkness.layer("players", view, explored=True, colour=DARK)
        if view.layers.get("sight") is not layer:
            view.set_layers({"sight": layer})

    def gm_layer(self, table: Any) -> Layer | None:
        """The game master's window's layer of the cells players do not see (None: dimming is off or nothing
        is dark), brought up to date with the state."""
        session: Session | None = table.session
        if not self.dim_gm or session is None or table.view is None:
            return None
        self._board_view(table, session)
        state = self._state(table, session)
        mine = self.mine(session, state)
        if self.darkness is None or not mine:
            return None
        self.darkness.update(session, state, mine)
        return self.darkness.layer("gm", table.view, explored=False, colour=GM_DIM)

    def _token_places(self, table: Any, session: Session,
                      view: BoardView) -> TokenPlaces:
        """The tokens players see and where (picture pixels), filed by TOKEN_BUCKET square: made again only when
        the state or who is hidden changed, not each frame."""
        state = self._state(table, session)
        key = (state, view)
        if self._places[0] == key:
            return self._places[1]
        hidden = hidden_from_players(table)
        enc = session.encounter
        mine = self.mine(session, state)
        places: TokenPlaces = {}
        for c in enc.pieces():
            if c.dead or c.id in hidden or not self.sees(session, c.id, mine):
                continue
            look = replace(table.parts.token_look(table, c), names=True)
            if c.id not in mine:
                look = replace(look, hp=0, max_hp=0)  # no bar: the exact share is the game master's
            cells = enc.space_of(c.id) or (c.cell,)
            xs = [view.centre(cell)[0] for cell in cells]
            ys = [view.centre(cell)[1] for cell in cells]
            dx, dy = nudge(table.parts, c, view.cell_w, view.cell_h)  # a rider on its mount (seed 001)
            x, y = sum(xs) / len(xs) + dx, sum(ys) / len(ys) + dy
            places.setdefault((int(x // TOKEN_BUCKET), int(y // TOKEN_BUCKET)), []).append((c.id, look, x, y))
        self._places = (key, places)
        return places

    def sees(self, session: Session, cid: str, mine: set[str] | None = None) -> bool:
        """Whether players see creature ``cid`` now: one of theirs, or standing where one of theirs sees (always,
        with line of sight off). Hidden creatures are the caller's to leave out."""
        seen = self.visible
        if seen is None:
            return True
        if cid in (players_creatures(session) if mine is None else mine):  # (the caller passes them in a loop)
            return True
        piece = session.encounter.piece(cid)
        cells = session.encounter.space_of(cid) or ((piece.cell,) if piece is not None else ())
        return any(cell in seen for cell in cells)

    def mine(self, session: Session, state: object) -> set[str]:
        """:func:`players_creatures`, worked out once per state (a thousand creatures' controllers)."""
        if self._mine[0] != state:
            self._mine = (state, players_creatures(session))
        return self._mine[1]

    def _ruler_rect(self, board: pygame.Surface) -> pygame.Rect:
        px = self.calibration.px_per_mm
        x0, y = 24, board.get_height() - 40
        return pygame.Rect(x0 - 6, y - 26, round(100 * px) + 12, 50).clip(board.get_rect())

    def _draw_ruler(self, board: pygame.Surface) -> None:
        """100 mm at this display's calibration, a tick every 10 mm: to hold a real ruler against."""
        px = self.calibration.px_per_mm
        x0, y = 24, board.get_height() - 40
        length = round(100 * px)
        pygame.draw.rect(board, (245, 245, 245), (x0 - 6, y - 26, length + 12, 50))
        pygame.draw.line(board, (0, 0, 0), (x0, y), (x0 + length, y), 2)
        for mm in range(0, 101, 10):
            x = x0 + round(mm * px)
            pygame.draw.line(board, (0, 0, 0), (x, y - (14 if mm % 50 == 0 else 8)), (x, y), 2)
        self._text(board, f"100 mm · cell {self.calibration.cell_mm:g} mm", (x0, y + 4), 16, (0, 0, 0))

    def _draw_side(self, table: Any, session: Session, canvas: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(canvas, PANEL, rect)
        x, y, room = rect.left + 16, 14, rect.width - 32
        st = session.encounter
        acting = st.acting
        hidden = hidden_from_players(table)
        mine = self.mine(session, self._state(table, session))

        def unseen(cid: str) -> bool:
            return cid in hidden or not self.sees(session, cid, mine)

        if acting is None:
            line = "The fight is over" if st.over else f"Round {st.round} · between turns"
        elif unseen(acting.id):
            line = f"Round {st.round} · a creature out of sight acts"
        else:
            line = f"Round {st.round} · {acting.name}'s turn"
        for row in wrap(line, font(TITLE_SIZE, True), room)[:2]:
            y = self._text(canvas, row, (x, y), TITLE_SIZE, ACCENT, bold=True).bottom + 2
        question = session.question
        if question is not None:
            chooser = st.piece(question.chooser)
            who = "a creature out of sight" if chooser is None or unseen(chooser.id) else chooser.name
            y = self._text(canvas, f"{who} decides", (x, y + 2), ROW_SIZE, TEXT).bottom + 2
        y += 12
        y = self._text(canvas, "Initiative", (x, y), ROW_SIZE, MUTED, bold=True).bottom + 4
        rows = [row for row in table.parts.turn_order(table) if not unseen(row.creature)]
        log_top = rect.bottom - (LOG_LINES + 1) * font(LOG_SIZE).get_linesize() - 16
        for row in rows:
            if y + font(ROW_SIZE).get_linesize() > log_top:
                break
            piece = st.piece(row.creature)
            if row.dead:  # out of the fight: the ruleset's word (seed 002's incapacitated are "down", not dead)
                status = "dead" if piece is None else public_health(table.parts, piece)
            elif piece is None or row.creature in mine:
                status = row.status
            else:
                status = public_health(table.parts, piece)
            colour = MUTED if row.dead else (ACCENT if acting is not None and row.creature == acting.id else TEXT)
            y = self._text(canvas, fitted(row.name, status, font(ROW_SIZE), room), (x, y), ROW_SIZE, colour).bottom
        y = log_top
        pygame.draw.line(canvas, MUTED, (rect.left + 8, y - 6), (rect.right - 8, y - 6))
        lines: list[str] = []
        for text in self.public_lines(table)[-LOG_LINES:]:
            lines += wrap(text, font(LOG_SIZE), room)
        for text in lines[-LOG_LINES:]:
            y = self._text(canvas, text, (x, y), LOG_SIZE, TEXT).bottom

    def public_lines(self, table: Any) -> list[str]:
        """:func:`public_log`, each entry's line read once (the log grows by a few entries a change), and none
        that names a creature players cannot see now (in the dark)."""
        session: Session | None = table.session
        if session is None:
            return []
        entries = table.log.entries
        kept = self._public
        if len(kept) > len(entries) or (kept and (kept[0][0] is not entries[0] or kept[-1][0] is not entries[len(kept) - 1])):
            kept = []  # the log was shown again from its start (an undo)
        for entry in entries[len(kept):]:
            kept.append((entry, public_entry(session, entry)))
        self._public = kept
        hidden = hidden_from_players(table)
        mine = self.mine(session, self._state(table, session))
        out: list[str] = []
        for _, line in kept:
            if line is None or any(c in hidden or not self.sees(session, c, mine) for c in line.creatures):
                continue
            if not out or out[-1] != line.text:  # a walk of several steps told once
                out.append(line.text)
        return out


def fitted(name: str, status: str, f: pygame.font.Font, room: int) -> str:
    """``name: status`` in one row of ``room`` pixels: a status too long loses its last " · " parts first (Body
    before the round's marks), and the name stands alone only when no part fits."""
    parts = status.split(" · ")
    while parts:
        text = f"{name}: {' · '.join(parts)}"
        if f.size(text)[0] <= room:
            return text
        parts.pop()
    return name


def tokens_in(places: TokenPlaces, cam: Camera, area: pygame.Rect,
              margin: float) -> list[tuple[str, TokenLook, float, float]]:
    """The tokens of ``places`` near ``area`` (screen pixels of the map, within ``margin``), each with its screen
    place: only the TOKEN_BUCKET squares over it are looked at."""
    left, top = cam.to_picture(area.left - margin, area.top - margin)
    right, bottom = cam.to_picture(area.right + margin, area.bottom + margin)
    out: list[tuple[str, TokenLook, float, float]] = []
    for by in range(int(top // TOKEN_BUCKET), int(bottom // TOKEN_BUCKET) + 1):
        for bx in range(int(left // TOKEN_BUCKET), int(right // TOKEN_BUCKET) + 1):
            for cid, look, px, py in places.get((bx, by), ()):
                if left <= px <= right and top <= py <= bottom:
                    sx, sy = cam.to_screen(px, py)
                    out.append((cid, look, sx, sy))
    return out


def public_entry(session: Session, entry: Any) -> PublicLine | None:
    """A log entry's line for players: the ruleset's (``Session.public_line``) for a public event; None for a
    secret, a break point, or an event the ruleset does not tell players (nor any line at all when the
    ruleset has no words for players)."""
    if entry.owner is not None or entry.verbose or entry.event is None:
        return None
    return session.public_line(entry.event)


def public_log(table: Any) -> list[str]:
    """The log's lines players may read: the ruleset's words for players of its public events, none that names
    a creature hidden from players."""
    session: Session | None = table.session
    if session is None:
        return []
    hidden = hidden_from_players(table)
    lines = (public_entry(session, e) for e in table.log.entries)
    return [line.text for line in lines if line is not None and not hidden.intersection(line.creatures)]


def mark_hidden(table: Any, board: pygame.Surface) -> None:
    """In the game master's window: a dashed white ring and "hidden" on each creature hidden from players."""
    if table.view is None or table.session is None or not shows_hidden(table):
        return
    view, cam = table.view, table.view.camera
    for cid in hidden_from_players(table):
        piece = table.session.encounter.piece(cid)
        if piece is None or piece.dead:
            continue
        sx, sy = cam.to_screen(*table.token_centre(piece))
        radius = max(6, round(min(view.cell_w, view.cell_h) * cam.zoom * 0.5))
        for k in range(0, 12, 2):
            start = k * 3.14159 / 6
            pygame.draw.arc(board, (255, 255, 255), (sx - radius, sy - radius, 2 * radius, 2 * radius),
                            start, start + 3.14159 / 6, 2)
        draw_text(board, "hidden", (round(sx), round(sy - radius - 8)), 12, (255, 255, 255), bold=True,
                  background=(0, 0, 0, 170), anchor="center")


def hidden_from_players(table: Any) -> set[str]:
    """The creatures players must not see: placed hidden on the map, and marked so by the game master
    (``Session.hidden``)."""
    session: Session | None = table.session
    return session.hidden if session is not None else set()


def shows_hidden(table: Any) -> bool:
    """Whether the game master's window shows hidden creatures now: to the game master (and when nobody plays),
    not while a player who is not the game master has the table (a handoff's view)."""
    session: Session | None = table.session
    if session is None:
        return True
    gm = session.gm
    return gm is None or table.viewer in (None, gm)


def described(command: object, name: Callable[[str], str]) -> str:
    """A hide or reveal of the game master's for people, as the undo names it ("" for another command)."""
    if not isinstance(command, HideCreature):
        return ""
    return f"{'hiding' if command.hidden else 'revealing'} {name(command.creature)}"


def gm_layers(table: Any) -> dict[str, Layer]:
    """The game master's window's layers from the players' display (``Table.refresh`` adds them): the cells no
    players' creature sees, dimmed, while the display is open and its dimming on (F9)."""
    shown: PlayersDisplay | None = table.players
    layer = shown.gm_layer(table) if shown is not None else None
    return {} if layer is None else {"unseen by players": layer}


# -- the game master's window's hooks (``game.ui.table`` calls these) ------------------------------------


def toggle_display(table: Any, display: int | None = None) -> None:
    """Open the players' display (F2, File menu, ``play --projector``), or close it when it is open."""
    if table.players is not None:
        table.players.close()
        table.players = None
        table.say("Players' display closed (F2 opens it)")
        return
    try:
        table.players = PlayersDisplay(display)
    except pygame.error as exc:
        table.say(f"cannot open the players' display: {exc}", error=True)
        return
    table.invalidate()  # the game master's window dims what players do not see
    table.say("Players' display open: F3 camera, F4 rotate, F6 hide/show the creature under the pointer, "
              "F7/F8 calibrate, F9 dimming here, F2 closes it")


def key(table: Any, k: int) -> bool:
    """The game master's keys for the players' display; True when ``k`` was one of them."""
    if k == pygame.K_F2:
        toggle_display(table)
        return True
    if k == pygame.K_F6:
        toggle_hidden(table)
        return True
    shown: PlayersDisplay | None = table.players
    if shown is None or k not in (pygame.K_F3, pygame.K_F4, pygame.K_F7, pygame.K_F8, pygame.K_F9):
        return False
    if k == pygame.K_F9:
        shown.dim_gm = not shown.dim_gm
        table.invalidate()
        table.say("Cells players do not see: " + ("dimmed here" if shown.dim_gm else "not dimmed here"))
    elif k == pygame.K_F3:
        table.say(f"Players' display camera: {shown.next_camera(table)}")
    elif k == pygame.K_F4:
        table.say(f"Players' display rotated {shown.rotate()} degrees")
    else:
        cal = shown.calibrate(1 / 1.02 if k == pygame.K_F7 else 1.02)
        table.say(f"Players' display: {cal.px_per_mm:.2f} pixels per mm (kept for {shown.display_key})")
    return True


def toggle_hidden(table: Any) -> None:
    """F6: the creature under the pointer (else the one selected) hidden from players, or revealed: the game
    master's command (``Session.hide``, kept by undo and saves)."""
    session: Session | None = table.session
    if session is None:
        return
    st = session.encounter
    piece = st.occupant(table.hover) if table.hover is not None else None
    if piece is None and table.selected is not None:
        piece = st.piece(table.selected)
    if piece is None:
        table.say("F6: point at a creature to hide it from players (or show it again)")
        return
    if not shows_hidden(table):
        table.say(f"Only the game master ({session.gm}) hides and reveals creatures: hand the table over (P)",
                  error=True)
        return
    reveal = piece.id in session.hidden
    try:
        session.hide(piece.id, not reveal)
    except Impossible as exc:
        table.say(str(exc), error=True)
        return
    table.say(f"{piece.name} is {'shown to' if reveal else 'hidden from'} players (the game master's command)")
    table.invalidate()


def event(table: Any, ev: pygame.event.Event) -> bool | None:
    """A window event of the players' display: closing it closes it alone (True: handled). None: not its."""
    shown: PlayersDisplay | None = table.players
    if shown is None:
        return None
    ours = getattr(ev, "window", None) is shown.window
    if ours and ev.type in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED,
                            pygame.WINDOWSIZECHANGED, pygame.WINDOWMAXIMIZED):
        shown._drawn_key = None  # the system may have cleared the window: drawn again next frame
        shown._side_on = None
        return True
    if ev.type != pygame.WINDOWCLOSE:
        return None
    if ours:
        shown.close()
        table.players = None
        table.say("Players' display closed (F2 opens it)")
        return True
    return False  # the game master's window: the game closes
