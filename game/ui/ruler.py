"""The ruler (issue 18, item 3): measure from a creature or a cell to another, for anyone at the table.

Hold ``L`` and drag with the left button from one creature or cell to another; letting ``L`` go puts the
ruler away. A tap of ``L`` (no drag while it was down) keeps the ruler out until ``L`` or Esc: then drags
measure one after another. While the ruler is out, left clicks on the board measure and give no command.

What it shows comes from ``game.mechanics.measure``: cells apart by the grid and the ruleset's count
(hex steps; squares' diagonals as the ruleset's tactics rules say), feet by the map's ``feet_per_cell``
(else 5), and the cells of the line, those the line of effect reaches in cyan, the first wall and what
lies behind it in magenta (``tactics.line_of_effect``, the engine's own). A creature at either end is
measured from its nearest cell. ``game.ui.table`` calls :func:`event` first with every input event and
:func:`draw` over the tokens.
"""

from __future__ import annotations

import math
import weakref
from dataclasses import dataclass
from typing import Any

import pygame
from pygame_gui.elements import UITextEntryLine

from game.grid import Cell
from game.mechanics.measure import Measure, diagonals_of, feet_per_cell, field_of, measure
from game.ui.board_view import draw_text, text_image

KEY = pygame.K_l
CLEAR = (90, 210, 255)
BLOCKED = (240, 90, 230)
HELP = ("L held + left drag", "ruler: cells, feet, line of effect (a tap of L keeps it out; Esc)")


@dataclass(slots=True)
class Ruler:
    """The ruler's state in one window."""

    held: bool = False
    """``L`` is down."""
    latched: bool = False
    """``L`` was tapped: the ruler stays out."""
    used: bool = False
    """A drag began while ``L`` was down (letting it go puts the ruler away)."""
    dragging: bool = False
    start: Cell | None = None
    end: Cell | None = None
    session: weakref.ref[object] | None = None
    """The fight the ends belong to (another fight drops them); weak: the ruler keeps no fight alive."""
    last: Measure | None = None
    """The measurement drawn last (tests read it)."""

    @property
    def out(self) -> bool:
        return self.held or self.latched

    def put_away(self) -> None:
        self.held = self.latched = self.used = self.dragging = False
        self.start = self.end = self.last = None


def _ruler(table: Any) -> Ruler:
    got: Ruler | None = getattr(table, "ruler", None)
    if got is None:
        got = table.ruler = Ruler()
    return got


def _typing(table: Any) -> bool:
    """A text field has the keyboard, or a dialog is open: the ruler's key is someone else's letter."""
    if table.file_dialog is not None or table.quit_dialog is not None:
        return True
    return any(isinstance(element, UITextEntryLine) for element in table.manager.get_focus_set() or ())


def event(table: Any, ev: pygame.event.Event) -> bool | None:
    """An input event the ruler takes (True: handled, the window goes on), else None."""
    ruler = _ruler(table)
    session = table.session
    if session is None or table.view is None or table.screen_state != "table":
        if ruler.out:
            ruler.put_away()
        return None
    if ruler.session is None or ruler.session() is not session:
        ruler.put_away()
        ruler.session = weakref.ref(session)
    if ev.type == pygame.KEYDOWN and ev.key == KEY and not ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
        if _typing(table):
            return None
        if ruler.latched:
            _put_away(table, ruler)
        elif not ruler.held:
            ruler.held, ruler.used = True, False
            table.say("Ruler: drag from a creature or a cell to another (tap L to keep it out, Esc puts it away)")
        return True
    if ev.type == pygame.KEYUP and ev.key == KEY and ruler.held:
        ruler.held = False
        if ruler.used:
            _put_away(table, ruler)
        else:
            ruler.latched = True
        return True
    if not ruler.out:
        return None
    if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
        _put_away(table, ruler)
        return True
    if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
        cell = table.cell_under(ev.pos)
        if cell is None:
            return None
        ruler.start = ruler.end = cell
        ruler.dragging = ruler.used = True
        table.mouse, table.hover = ev.pos, cell
        _changed(table, ruler)
        return True
    if ev.type == pygame.MOUSEMOTION and ruler.dragging:
        table.mouse = ev.pos
        cell = table.cell_under(ev.pos)
        if cell is not None and cell != ruler.end:
            ruler.end = table.hover = cell
            _changed(table, ruler)
        return True
    if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and ruler.dragging:
        ruler.dragging = False
        _changed(table, ruler)
        return True
    return None


def _put_away(table: Any, ruler: Ruler) -> None:
    ruler.put_away()
    table._board_kept = None
    table.say("Ruler put away")


def _changed(table: Any, ruler: Ruler) -> None:
    table._board_kept = None  # what is drawn over the map changed: no kept frame
    got = current(table)
    if got is not None:
        table.say(f"Ruler: {describe(table, got)}")


def _space(table: Any, cell: Cell) -> tuple[Cell, ...]:
    """A creature's whole space when one stands on ``cell`` (and the one at the table may see it), else the cell."""
    enc = table.session.encounter
    piece = enc.occupant(cell)
    if piece is None or piece.dead:
        return (cell,)
    hidden: set[str] = getattr(table, "hidden_from_players", set())
    gm = table.session.gm
    if piece.id in hidden and gm is not None and table.viewer != gm:
        return (cell,)
    return tuple(enc.space_of(piece.id)) or (cell,)


def current(table: Any) -> Measure | None:
    """The measurement between the ruler's ends now (None when it has none)."""
    ruler = _ruler(table)
    if not ruler.out or ruler.start is None or ruler.end is None or table.session is None:
        return None
    board = table.session.source.board
    field = field_of(table.session.encounter)
    diagonals = diagonals_of(field.tactics_rules) if field is not None else diagonals_of(None)
    feet, _ = feet_per_cell(board)
    ruler.last = measure(board, _space(table, ruler.start), _space(table, ruler.end), diagonals=diagonals, feet=feet,
                         field=field)
    return ruler.last


def describe(table: Any, got: Measure) -> str:
    """The measurement in words: "6 cells · 30 ft · line of effect" or "... · blocked by a wall at [c, r]"."""
    if got.blocked_at is None:
        return f"{got.label()} · line of effect"
    col, row = table.session.source.board.grid.cell_to_offset(got.line[got.blocked_at])
    return f"{got.label()} · no line of effect: wall at [{col}, {row}]"


def draw(table: Any, board: pygame.Surface) -> None:
    """The ruler over the map: the line's cells (clear cyan, blocked magenta), the line, its ends and its label."""
    got = current(table)
    if got is None or table.view is None:
        return
    table._board_kept = None  # its label keeps to the board's edge: no kept frame while the ruler is out
    view = table.view
    polygons = [(cell, view.polygon(cell)) for cell in got.line]
    xs = [x for _, poly in polygons for x, _ in poly]
    ys = [y for _, poly in polygons for _, y in poly]
    box = pygame.Rect(math.floor(min(xs)) - 2, math.floor(min(ys)) - 2, math.ceil(max(xs) - min(xs)) + 5,
                      math.ceil(max(ys) - min(ys)) + 5).clip(board.get_rect())
    if box.width and box.height:
        tint = pygame.Surface(box.size, pygame.SRCALPHA)
        wall = got.blocked_at
        for i, (cell, poly) in enumerate(polygons):
            local = [(x - box.left, y - box.top) for x, y in poly]
            colour = (*CLEAR, 70) if wall is None or i < wall else (*BLOCKED, 150 if i == wall else 60)
            pygame.draw.polygon(tint, colour, local)
            pygame.draw.polygon(tint, (*(CLEAR if wall is None or i < wall else BLOCKED), 200), local, 1)
        board.blit(tint, box)
    centres = [view.to_screen(cell) for cell in got.line]
    a, b = centres[0], centres[-1]
    if got.blocked_at is None:
        pygame.draw.line(board, CLEAR, a, b, 3)
    else:
        stop = centres[got.blocked_at]
        pygame.draw.line(board, CLEAR, a, stop, 3)
        _dashed(board, BLOCKED, stop, b)
    pygame.draw.circle(board, CLEAR, a, 5)
    pygame.draw.circle(board, CLEAR if got.blocked_at is None else BLOCKED, b, 5)
    head = got.label()
    tail = describe(table, got)[len(head) + 3:]
    width = max(text_image(head, 15, (255, 255, 255), True).get_width(),
                text_image(tail, 13, CLEAR, True).get_width())
    x, y = b[0] + 14, b[1] - 30
    if x + width > board.get_width() - 6:  # keep the label on the board: left of the end
        x = max(4, b[0] - 14 - width)
    y = max(4, y)
    draw_text(board, head, (x, y), 15, (255, 255, 255), bold=True, background=(0, 0, 0, 200))
    draw_text(board, tail, (x, y + 19), 13, CLEAR if got.blocked_at is None else BLOCKED, bold=True,
              background=(0, 0, 0, 200))


def _dashed(board: pygame.Surface, colour: tuple[int, int, int], a: tuple[int, int], b: tuple[int, int]) -> None:
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    steps = max(1, int(length // 8))
    for i in range(0, steps, 2):
        p = (a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps)
        q = (a[0] + (b[0] - a[0]) * min(steps, i + 1) / steps, a[1] + (b[1] - a[1]) * min(steps, i + 1) / steps)
        pygame.draw.line(board, colour, p, q, 3)
