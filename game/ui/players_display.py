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
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable

import pygame

from game.board import Placement, creature_ids
from game.grid import Cell
from game.mechanics.sight import SIGHT_PROPERTY, Sight
from game.session import AI, Session
from game.tiled.hidden import players_view
from game.ui.board_view import BoardView, Layer, TokenLook, TokenPainter, draw_text, font
from game.ui.combat_log import wrap

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


HIT_POINTS = re.compile(r",? *\(?\b\d+ *(?:/ *\d+ *)?hp(?: left)?\)?", re.IGNORECASE)
"""A number of hit points in a log line ("17 hp left", "12/30 hp"): players' lines leave it out (the initiative
gives their own creatures' hit points and everyone else's in words)."""


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


def placed_hidden(session: Session) -> set[str]:
    """The creatures the map places hidden (``hidden`` on the object or a layer around it), by id."""
    source = session.source
    placements: list[Placement] = list(source.board.placements) if source.scenario.use_map_creatures else []
    if not any(p.hidden for p in placements):
        return set()
    for name, side, template, (col, row) in source.scenario.creatures:  # ids are made over the whole list
        placements.append(Placement(name, side, template, source.board.grid.offset_to_cell(col, row)))
    return {cid for cid, p in zip(creature_ids(placements), placements) if p.hidden}


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


# -- the display -------------------------------------------------------------------------------------


class PlayersDisplay:
    """The players' window: :meth:`render` draws what players may see; :meth:`show` puts it in the window."""

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
        self.locked: tuple[float, float, float] | None = None
        """The locked camera's centre (picture pixels) and zoom."""
        self.view: BoardView | None = None
        self.tokens: TokenPainter | None = None
        self._view_for: object = None
        self.surface = pygame.Surface(self.size)
        self.drawn: list[TokenLook] = []
        """The tokens drawn last frame (tests read them)."""
        self.texts: list[str] = []
        """The text drawn last frame (tests read it)."""
        self.shown_frames = 0
        """Frames put in the window (one per change of picture)."""
        self._drawn_key: object = None
        """What :attr:`surface` was last drawn for (see :meth:`render`)."""
        self._side: tuple[object, pygame.Surface | None, list[str]] = (None, None, [])
        self._side_on: pygame.Surface | None = None
        """The surface the side panel was last put on (it stays there until the next change)."""
        """The side panel as last drawn, what for, and its text."""
        self._sight: Sight | None = None
        """What the players' creatures have seen this fight (None: line of sight is off, or no fight)."""
        self.visible: frozenset[Cell] | None = None
        """The cells the players' creatures see now (None: everything; tests read it)."""
        self._lit_for: object = None
        self._map: pygame.Surface | None = None
        """The map alone as the view left it (nothing drawn over it): a pan scrolls it (``keep``)."""
        self._places: tuple[object, list[tuple[str, TokenLook, float, float]]] = (None, [])
        """Each creature players see, its token and its place in picture pixels, with what they were made for."""

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
        before = self._drawn_key
        self.render(table)
        if self._drawn_key is not before:
            self.window.flip()
            self.shown_frames += 1

    def render(self, table: Any) -> pygame.Surface:
        """Draw what players may see into :attr:`surface` (rotated as set) and return it. When nothing it shows
        changed since the last frame (the state, the camera, who is hidden...), the surface is kept as it is."""
        key = self._key(table)
        if key == self._drawn_key:
            return self.surface
        self._drawn_key = key
        w, h = self.size
        upright = (h, w) if self.rotation in (90, 270) else (w, h)
        canvas = self.surface if upright == self.size and self.rotation == 0 else pygame.Surface(upright)
        self.drawn, self.texts = [], []
        session: Session | None = table.session
        if session is None or table.view is None:
            canvas.fill(BG)
            self._text(canvas, "Waiting for the game master", (upright[0] // 2, upright[1] // 2), TITLE_SIZE,
                       MUTED, anchor="center")
        else:
            side_w = max(220, int(upright[0] * SIDE_SHARE))
            board = pygame.Rect(0, 0, upright[0] - side_w, upright[1])
            self._draw_board(table, session, canvas.subsurface(board))
            side = pygame.Rect(board.right, 0, side_w, upright[1])
            side_key = (self._state(table, session), side.size)  # not the camera
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

    def _key(self, table: Any) -> object:
        """Everything the display's picture depends on."""
        session: Session | None = table.session
        if session is None or table.view is None:
            return (None, self.size)
        cam = table.view.camera
        return (self._state(table, session), table.board_rect.size, cam.x, cam.y, cam.zoom, self.camera, self.locked,
                self.calibration, self.rotation, self.size)

    @staticmethod
    def _state(table: Any, session: Session) -> tuple[object, ...]:
        """What the display shows of the fight (not the camera): the state, the log, who sees what."""
        enc = session.encounter
        return (id(enc), len(enc.log), len(table.log.entries), session.gm, tuple(sorted(hidden_from_players(table))),
                tuple(session.controllers.items()), tuple(session.creature_controllers.items()), id(table.parts))

    def _text(self, target: pygame.Surface, text: str, pos: tuple[int, int], size: int, colour: tuple[int, int, int],
              *, bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
        self.texts.append(text)
        return draw_text(target, text, pos, size, colour, bold=bold, anchor=anchor)

    def _board_view(self, table: Any, session: Session) -> BoardView:
        if self._view_for is not session or self.view is None:
            self.view = BoardView(players_view(session.source.tmap), session.source.board)
            self._map = None
            self._sight = None if session.source.tmap.properties.get(SIGHT_PROPERTY) is False else \
                Sight(session.source.board)
            self._lit_for = None
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

    def _draw_board(self, table: Any, session: Session, board: pygame.Surface) -> None:
        view = self._board_view(table, session)
        self._place_camera(table, view, board.get_size())
        kept = self._map is not None and self._map.get_size() == board.get_size()
        if not kept:
            self._map = pygame.Surface(board.get_size()).convert() if pygame.display.get_surface() else \
                pygame.Surface(board.get_size())
        assert self._map is not None
        self._light(table, session, view)
        view.hurried = True  # the second window: it composes and prefetches nothing ahead of what it shows
        view.draw_board(self._map, keep=kept)
        board.blit(self._map, (0, 0))
        cam = view.camera
        looks: list[tuple[TokenLook, float, float]] = []
        acting = session.encounter.acting
        width, height = board.get_size()
        margin = max(view.cell_w, view.cell_h) * 2
        left, top = cam.to_picture(0, 0)
        right, bottom = cam.to_picture(width, height)
        left, top, right, bottom = left - margin, top - margin, right + margin, bottom + margin
        for cid, look, px, py in self._token_places(table, session, view):
            if not (left <= px <= right and top <= py <= bottom):
                continue
            sx, sy = cam.to_screen(px, py)
            looks.append((look, sx, sy))
            if acting is not None and cid == acting.id:
                radius = max(6, round(view.cell_w * look.size_cells * cam.zoom * 0.5 + 3))
                pygame.draw.circle(board, ACCENT, (sx, sy), radius, 4)
        assert self.tokens is not None
        self.tokens.draw(board, looks, cam.zoom)
        self.drawn = [look for look, _, _ in looks]
        if self.camera == "calibrated":
            self._draw_ruler(board)

    def _light(self, table: Any, session: Session, view: BoardView) -> None:
        """Line of sight: the cells no players' creature sees are dark, those seen before dimmed (layers of the
        display's own view, made again when the state changes)."""
        state = self._state(table, session)
        if self._sight is None or self._lit_for == state:
            return
        self._lit_for = state
        enc = session.encounter
        mine = players_creatures(session)
        if not mine:
            self.visible = None
            view.set_layers({})
            return
        spaces = [cell for c in enc.pieces() if c.id in mine and not c.dead for cell in enc.space_of(c.id)]
        self.visible = seen = self._sight.update(spaces)
        explored = self._sight.explored
        dark: dict[Cell, tuple[int, int, int, int]] = {}
        dim: dict[Cell, tuple[int, int, int, int]] = {}
        for cell in session.source.board:
            if cell not in seen:
                if cell in explored:
                    dim[cell] = (0, 0, 0, 150)
                else:
                    dark[cell] = (0, 0, 0, 255)
        view.set_layers({"unexplored": Layer(dark), "explored": Layer(dim)})

    def _token_places(self, table: Any, session: Session,
                      view: BoardView) -> list[tuple[str, TokenLook, float, float]]:
        """The tokens players see and where (picture pixels): made again only when the state or who is hidden
        changed, not each frame."""
        hidden = hidden_from_players(table)
        enc = session.encounter
        key = (self._state(table, session), view, self.visible)
        if self._places[0] == key:
            return self._places[1]
        mine = players_creatures(session)
        places: list[tuple[str, TokenLook, float, float]] = []
        seen = self.visible
        for c in enc.pieces():
            if c.dead or c.id in hidden:
                continue
            if seen is not None and c.id not in mine and not any(cell in seen for cell in enc.space_of(c.id)):
                continue  # in the dark
            look = replace(table.parts.token_look(table, c), names=True)
            if c.id not in mine:
                look = replace(look, hp=0, max_hp=0)  # no bar: the exact share is the game master's
            cells = enc.space_of(c.id) or (c.cell,)
            xs = [view.centre(cell)[0] for cell in cells]
            ys = [view.centre(cell)[1] for cell in cells]
            places.append((c.id, look, sum(xs) / len(xs), sum(ys) / len(ys)))
        self._places = (key, places)
        return places

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
        if acting is None:
            line = "The fight is over" if st.over else f"Round {st.round} · between turns"
        elif acting.id in hidden:
            line = f"Round {st.round} · a hidden creature acts"
        else:
            line = f"Round {st.round} · {acting.name}'s turn"
        for row in wrap(line, font(TITLE_SIZE, True), room)[:2]:
            y = self._text(canvas, row, (x, y), TITLE_SIZE, ACCENT, bold=True).bottom + 2
        question = session.question
        if question is not None:
            chooser = st.piece(question.chooser)
            who = "a hidden creature" if chooser is None or chooser.id in hidden else chooser.name
            y = self._text(canvas, f"{who} decides", (x, y + 2), ROW_SIZE, TEXT).bottom + 2
        y += 12
        y = self._text(canvas, "Initiative", (x, y), ROW_SIZE, MUTED, bold=True).bottom + 4
        mine = players_creatures(session)
        rows = [row for row in table.parts.turn_order(table) if row.creature not in hidden]
        log_top = rect.bottom - (LOG_LINES + 1) * font(LOG_SIZE).get_linesize() - 16
        for row in rows:
            if y + font(ROW_SIZE).get_linesize() > log_top:
                break
            piece = st.piece(row.creature)
            if row.dead:
                status = "dead"
            elif piece is None or row.creature in mine:
                status = row.status
            else:
                status = public_health(table.parts, piece)
            colour = MUTED if row.dead else (ACCENT if acting is not None and row.creature == acting.id else TEXT)
            text = f"{row.name}: {status}"
            y = self._text(canvas, text if font(ROW_SIZE).size(text)[0] <= room else row.name, (x, y), ROW_SIZE,
                           colour).bottom
        y = log_top
        pygame.draw.line(canvas, MUTED, (rect.left + 8, y - 6), (rect.right - 8, y - 6))
        lines: list[str] = []
        for text in public_log(table)[-LOG_LINES:]:
            lines += wrap(text, font(LOG_SIZE), room)
        for text in lines[-LOG_LINES:]:
            y = self._text(canvas, text, (x, y), LOG_SIZE, TEXT).bottom


def public_log(table: Any) -> list[str]:
    """The log's lines players may read: public events only (no one's secret), no break points, none that
    names a creature hidden from players."""
    session: Session | None = table.session
    hidden = hidden_from_players(table)
    names = [p.name for p in session.encounter.pieces() if p.id in hidden] if session is not None and hidden else []
    return [HIT_POINTS.sub("", e.text) for e in table.log.entries
            if e.owner is None and not e.verbose and not any(name in e.text for name in names)]


def mark_hidden(table: Any, board: pygame.Surface) -> None:
    """In the game master's window: a dashed white ring and "hidden" on each creature hidden from players."""
    if table.view is None or table.session is None:
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
    """The creatures players must not see: placed hidden on the map, and toggled so by the game master."""
    got: set[str] | None = getattr(table, "hidden_from_players", None)
    return got if got is not None else set()


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
    table.say("Players' display open: F3 camera, F4 rotate, F6 hide/show the creature under the pointer, "
              "F7/F8 calibrate, F2 closes it")


def key(table: Any, k: int) -> bool:
    """The game master's keys for the players' display; True when ``k`` was one of them."""
    if k == pygame.K_F2:
        toggle_display(table)
        return True
    if k == pygame.K_F6:
        toggle_hidden(table)
        return True
    shown: PlayersDisplay | None = table.players
    if shown is None or k not in (pygame.K_F3, pygame.K_F4, pygame.K_F7, pygame.K_F8):
        return False
    if k == pygame.K_F3:
        table.say(f"Players' display camera: {shown.next_camera(table)}")
    elif k == pygame.K_F4:
        table.say(f"Players' display rotated {shown.rotate()} degrees")
    else:
        cal = shown.calibrate(1 / 1.02 if k == pygame.K_F7 else 1.02)
        table.say(f"Players' display: {cal.px_per_mm:.2f} pixels per mm (kept for {shown.display_key})")
    return True


def toggle_hidden(table: Any) -> None:
    """F6: the creature under the pointer (else the one selected) hidden from players, or shown again."""
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
    hidden = table.hidden_from_players
    if piece.id in hidden:
        hidden.discard(piece.id)
        table.say(f"{piece.name} is shown to players")
    else:
        hidden.add(piece.id)
        table.say(f"{piece.name} is hidden from players")
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
