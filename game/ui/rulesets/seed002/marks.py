"""What seed 002's window part draws (numbers in brackets are seed 002's lines): the provoking preview over the
map, the damage and fatigue track and the action economy on the sheet, and the squares that answer a decision.

Every mark is the answer of a read-only query of the fight, only given a colour: the path is the fight's own
``route`` for the command (the one it would walk), the provoking squares the shared tactics' threat map of the
fight's tactics rules (which say whether a way of moving provokes for leaving [39, 68, 77, 79]), the enemies
ringed the fight's ``would_provoke``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import pygame

from game.grid import Cell
from game.kernel.decisions import PASS, Decision
from game.kernel.engine import Impossible
from game.mechanics import tactics
from game.rulesets.seed002 import commands as cmd
from game.rulesets.seed002.fight import Seed002Fight
from game.rulesets.seed002.state import Creature
from game.rulesets.seed002.track import DAMAGE_DOWN, FATIGUE_DOWN, Track
from game.ui.board_view import draw_text
from game.ui.modes.base import Host
from game.ui.rulesets.seed002.economy_view import KINDS, EconomyShown

PROVOKED = (255, 50, 40)
EXIT = (255, 70, 60)
PATH = (250, 250, 250)
TEXT = (225, 228, 235)
MUTED = (150, 156, 170)
DAMAGE_ON = (235, 90, 70)
FATIGUE_ON = (190, 130, 250)
OFF = (70, 74, 86)
PIP_LEFT = (110, 220, 130)
PIP_SPENT = (80, 84, 96)
PIP_TRADED = (240, 190, 80)
MAX_LANDINGS = 200
"""Most options of a decision read as squares."""


def path_of(f: Seed002Fight, actor: Creature, command: cmd.Command, mode: str) -> tuple[Cell, ...]:
    """The path the fight would walk for ``command`` (its own route, with the way of moving's rule), or ()."""
    try:
        match command:
            case cmd.Move():
                return tuple(f.route(actor, command.to, command.path, mode, f.budget_of(actor, mode)))
            case cmd.Advance() | cmd.Withdraw():
                return tuple(f.route(actor, command.to, command.path, mode, f.budget_of(actor, mode),
                                     f.monotone(actor, isinstance(command, cmd.Advance))))
            case cmd.Charge():
                target = f.piece(command.target)
                if target is None:
                    return ()
                return tuple(f.route(actor, command.to, command.path, "charge", f.budget_of(actor, "charge"),
                                     f.straight(actor, target)))
    except Impossible:
        return ()
    return ()


def provoking_squares(f: Seed002Fight, actor: Creature, mode: str, cells: Iterable[Cell]) -> frozenset[Cell]:
    """Of ``cells``, those whose exit provokes in ``mode``: threatened by an enemy, in a way of moving that
    provokes for leaving (none for an advance or a withdraw [77, 79])."""
    if not f.state.tactics_rules.provokes(mode):
        return frozenset()
    threatened = tactics.threat_map(f.state, actor)
    return frozenset(c for c in cells if c in threatened)


def provoking_exits(f: Seed002Fight, actor: Creature, path: Sequence[Cell], mode: str) -> tuple[Cell, ...]:
    """The squares a path leaves (its start, then each but its end) whose exit provokes in ``mode``."""
    left = (actor.cell, *path[:-1])
    dots = provoking_squares(f, actor, mode, left)
    return tuple(c for c in left if c in dots)


def _centre(table: Host, cell: Cell) -> tuple[float, float]:
    view = table.view
    assert view is not None
    return view.camera.to_screen(*view.centre(cell))


def draw_path(table: Host, board: pygame.Surface, cells: Sequence[Cell]) -> None:
    """The previewed path, a white line from the mover's square to the end."""
    if table.view is None or len(cells) < 2:
        return
    pts = [_centre(table, c) for c in cells]
    pygame.draw.lines(board, (20, 20, 20), False, pts, 5)
    pygame.draw.lines(board, PATH, False, pts, 2)


def draw_exits(table: Host, board: pygame.Surface, exits: Iterable[Cell]) -> None:
    """A red cross on each square of the path whose exit provokes."""
    view = table.view
    if view is None:
        return
    r = max(4, round(min(view.cell_w, view.cell_h) * view.camera.zoom * 0.22))
    for cell in exits:
        x, y = _centre(table, cell)
        for a, b in (((x - r, y - r), (x + r, y + r)), ((x - r, y + r), (x + r, y - r))):
            pygame.draw.line(board, (30, 5, 5), a, b, 6)
            pygame.draw.line(board, EXIT, a, b, 3)


def draw_provoked(table: Host, board: pygame.Surface, f: Seed002Fight, who: Iterable[str]) -> None:
    """A thick red ring, with "OA" over it, round each enemy the previewed action would provoke."""
    view = table.view
    if view is None:
        return
    ring = max(6, round(view.cell_w * view.camera.zoom * 0.56))
    for pid in who:
        c = f.piece(pid)
        if c is None:
            continue
        x, y = view.camera.to_screen(*table.token_centre(c))
        pygame.draw.circle(board, (30, 5, 5), (x, y), ring + 2, 6)
        pygame.draw.circle(board, PROVOKED, (x, y), ring, 3)
        draw_text(board, "OA", (int(x), int(y - ring - 2)), 12, PROVOKED, bold=True, background=(20, 5, 5, 200),
                  anchor="midbottom")


def draw_track(screen: pygame.Surface, track: Track, x: int, y: int) -> int:
    """The damage track (4 boxes to down) and the fatigue track (3 boxes: fatigued, exhausted, down [133]),
    filled for each level taken, with their words and the Stress; returns the y below."""
    size = 11
    rows = (("damage", track.damage, DAMAGE_DOWN, DAMAGE_ON, track.damage_state.value),
            ("fatigue", track.fatigue, FATIGUE_DOWN, FATIGUE_ON, track.fatigue_state.value))
    for label, level, top, colour, word in rows:
        draw_text(screen, label, (x, y - 1), 12, MUTED)
        bx = x + 58
        for i in range(top):
            box = pygame.Rect(bx + i * (size + 3), y + 1, size, size)
            pygame.draw.rect(screen, colour if i < level else OFF, box, 0 if i < level else 1)
        draw_text(screen, word, (bx + top * (size + 3) + 6, y - 1), 12, colour if level else TEXT)
        y += 15
    return draw_text(screen, f"stress {track.stress}", (x, y - 1), 12, MUTED).bottom


def draw_economy(screen: pygame.Surface, seen: EconomyShown, x: int, y: int) -> int:
    """The economy: a labelled pip per action of the turn (green left, grey spent, amber traded down), then
    the reaction and the Area power; returns the y below."""
    cx = x
    for kind in KINDS:
        cx = draw_text(screen, kind, (cx, y), 12, TEXT).right + 4
        for pip in (p for p in seen.pips if p.kind == kind):
            colour = PIP_LEFT if pip.left else (PIP_TRADED if pip.traded else PIP_SPENT)
            centre = (cx + 6, y + 8)
            pygame.draw.circle(screen, colour, centre, 6, 0 if pip.left or pip.traded else 2)
            if pip.traded:
                draw_text(screen, pip.paid_for[0], (cx + 6, y + 8), 10, (20, 20, 20), bold=True, anchor="center")
            cx += 15
        cx += 8
    y += 18
    reaction_colour = {"free": PIP_LEFT, "used": PIP_SPENT, "held by Ready": PIP_TRADED}[seen.reaction]
    cx = draw_text(screen, f"reaction: {seen.reaction}", (x, y), 12, reaction_colour).right + 12
    draw_text(screen, f"Area power: {seen.area} this round", (cx, y), 12,
              PIP_LEFT if seen.area == "free" else PIP_SPENT)
    y += 16
    for line in (p for p in seen.pips if p.traded):
        y = draw_text(screen, f"  {line.kind} spent on a {line.paid_for} action [10]", (x, y), 11, PIP_TRADED).bottom
    return y


_INTS = re.compile(r"-?\d+")


def decision_cells(f: Seed002Fight, decision: Decision) -> dict[Cell, str]:
    """The squares that answer ``decision``: when every option but passing names a square on the board by its
    (column, row) ("3,4", "land:3:4"), each square with its option's key; else none."""
    out: dict[Cell, str] = {}
    grid = f.state.board.grid
    for option in decision.options[:MAX_LANDINGS]:
        if option.key == PASS:
            continue
        found = _INTS.findall(option.key)
        if len(found) != 2:
            return {}
        out[grid.offset_to_cell(int(found[0]), int(found[1]))] = option.key
    return out
