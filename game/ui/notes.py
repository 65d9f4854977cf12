"""The game master's notes on hover (issue 18, item 5): the map's ``description`` and the Tiled objects'
``note`` properties (``game.tiled.notes``), shown in the game master's window only.

A "Map notes" tag at the right of the bottom bar holds the map's description (and any note the map's file
got wrong); a small amber corner marks each object with a note (on its top row's first cell) and each
creature with one; the pointer over any cell of the object, or over the creature, shows its notes in a box
beside it. Nothing of it is drawn while a player sits at the table (hot-seat: the viewer is
not the game master), and the players' display never draws it. ``game.ui.table`` calls :func:`draw_marks`
(over the map) and :func:`draw_tooltip` (over everything).
"""

from __future__ import annotations

import weakref
from typing import Any

import pygame

from game.tiled.notes import MapNotes, Note, read_notes
from game.ui.board_view import draw_text, font, text_image
from game.ui.combat_log import wrap

AMBER = (255, 196, 70)
TEXT = (235, 235, 240)
MUTED = (170, 176, 190)
ERROR = (255, 120, 110)
TAG = "Map notes"
TOOLTIP_W = 340
TOOLTIP_ROWS = 24
"""At most this many rows in the box (a note is capped anyway; several notes on a cell add up)."""


class Notes:
    """The notes of the fight open in the window, read once per fight (kept on the table, not the module)."""

    def __init__(self) -> None:
        self._for: weakref.ref[object] | None = None
        """The fight's source the notes were read from (weak: the notes keep no fight alive)."""
        self._notes = MapNotes()
        self.tag_rect = pygame.Rect(0, 0, 0, 0)
        """Where the "Map notes" tag is on the screen (empty when not drawn)."""
        self.shown: list[str] = []
        """The lines of the box drawn last frame (tests read them)."""

    def of(self, table: Any) -> MapNotes:
        session = table.session
        if session is None:
            return MapNotes()
        if self._for is None or self._for() is not session.source:
            source = session.source
            self._notes = read_notes(source.tmap, source.board, [(e.id, e.name, e.cell) for e in source.roster])
            self._for = weakref.ref(source)
        return self._notes


def gm_at_table(table: Any) -> bool:
    """Whether the one at the table is the game master (or nobody plays: the table is the game master's)."""
    session = table.session
    if session is None or table.screen_state != "table":
        return False
    gm = session.gm
    return gm is None or table.viewer == gm


def _notes(table: Any) -> Notes:
    got: Notes | None = getattr(table, "notes", None)
    if got is None:
        got = table.notes = Notes()
    return got


def draw_marks(table: Any, board: pygame.Surface) -> None:
    """Over the map, for the game master: an amber corner on each cell and creature with a note."""
    if not gm_at_table(table) or table.view is None:
        return
    notes = _notes(table).of(table)
    if notes.empty:
        return
    view = table.view
    zoom = view.camera.zoom
    size = max(4, round(min(view.cell_w, view.cell_h) * zoom * 0.22))
    area = board.get_clip() if board.get_clip().width else board.get_rect()
    marked = list(notes.marks)
    enc = table.session.encounter
    for cid in notes.creatures:
        piece = enc.piece(cid)
        if piece is not None and not piece.dead:
            marked.append(piece.cell)
    reach = max(view.cell_w, view.cell_h) * zoom
    near = area.inflate(2 * reach, 2 * reach)
    for cell in marked:  # one per note (at most MAX_NOTES) and one per creature with a note
        if not near.collidepoint(view.to_screen(cell)):
            continue
        xs_ys = view.polygon(cell)
        right = max(x for x, _ in xs_ys)
        top = min(y for _, y in xs_ys)
        cx, _ = view.to_screen(cell)
        x = min(right - 2, cx + size * 1.6)
        if not area.colliderect((x - size - 1, top + 1, size + 3, size + 3)):
            continue
        pygame.draw.polygon(board, AMBER, [(x - size, top + 2), (x, top + 2), (x, top + 2 + size)])


def notes_under(table: Any) -> tuple[list[Note], str]:
    """The notes the pointer is on, and a heading: the map's (over the tag), else the creature's and the
    cell's objects' under the pointer."""
    notes = _notes(table).of(table)
    state = _notes(table)
    if state.tag_rect.collidepoint(table.mouse):
        got = [Note("Map", notes.description)] if notes.description else []
        got += [Note("Problem", p) for p in notes.problems]
        return got, table.session.source.title
    cell = table.hover
    if cell is None or not table.board_rect.collidepoint(table.mouse):
        return [], ""
    out: list[Note] = []
    piece = table.session.encounter.occupant(cell)
    if piece is not None and piece.id in notes.creatures:
        out.append(notes.creatures[piece.id])
    out.extend(notes.at(cell))
    return out, ""


def draw_tooltip(table: Any) -> None:
    """The "Map notes" tag, and the box of the notes under the pointer: the game master's only."""
    state = _notes(table)
    state.shown = []
    state.tag_rect = pygame.Rect(0, 0, 0, 0)
    if not gm_at_table(table) or table.view is None or table.message_open or table.show_help or (
            table.ruler.dragging):
        return
    notes = state.of(table)
    screen: pygame.Surface = table.screen
    r: pygame.Rect = table.board_rect
    if notes.description or notes.problems:
        # in the bottom bar, which is painted afresh every frame (on the map it would stop the window from
        # keeping the map drawn the frame before), at the right of the hint when there is room
        label = TAG + (f" ({len(notes.problems)} problem{'s' if len(notes.problems) > 1 else ''})"
                       if notes.problems else "")
        w, h = screen.get_size()
        width = text_image(label, 13, AMBER, True).get_width()
        hint = text_image(table.bottom_hint(), 13, MUTED).get_width() if table.bottom_hint() else 0
        if 8 + hint + 24 + width <= w - 10:
            state.tag_rect = draw_text(screen, label, (w - 10, h - 24), 13, ERROR if notes.problems else AMBER,
                                       bold=True, anchor="topright")
    if table.dragging:  # panning: nothing drawn over the map that would stop it from being kept
        return
    shown, heading = notes_under(table)
    if not shown:
        return
    f = font(13)
    rows: list[tuple[str, tuple[int, int, int], bool]] = []
    if heading:
        rows.append((heading, AMBER, True))
    for note in shown:
        rows.append((note.title, ERROR if note.title == "Problem" else AMBER, True))
        for line in note.text.split("\n"):
            rows.extend((row.strip(), TEXT, False) for row in wrap(line, f, TOOLTIP_W - 20) or [""])
    if len(rows) > TOOLTIP_ROWS:
        rows = rows[:TOOLTIP_ROWS - 1] + [(f"... {len(rows) - TOOLTIP_ROWS + 1} more rows", MUTED, False)]
    rows.append(("notes: the game master's only", MUTED, False))
    line_h = f.get_linesize() + 1
    box = pygame.Rect(0, 0, TOOLTIP_W, len(rows) * line_h + 14)
    mx, my = table.mouse
    w, h = screen.get_size()
    box.topleft = (mx + 18, my + 18)
    if box.right > w - 4:
        box.right = mx - 12
    if box.bottom > h - 4:
        box.bottom = my - 12  # above the pointer
    box.top = max(4, box.top)
    box.left = max(4, box.left)
    plate = pygame.Surface(box.size, pygame.SRCALPHA)
    plate.fill((12, 14, 18, 235))
    screen.blit(plate, box)
    pygame.draw.rect(screen, AMBER, box, 1, border_radius=4)
    y = box.top + 7
    for text, colour, bold in rows:
        draw_text(screen, text, (box.left + 10, y), 13, colour, bold=bold)
        y += line_h
    state.shown = [text for text, _, _ in rows]
    table._board_kept = None  # drawn over the map (and perhaps the panel): both drawn again next frame
    table._side_covered = True
