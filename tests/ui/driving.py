"""Driving the table window in tests: frames on the window's own clock, settling, cells to pixels.

Shared by the UI tests (imported as ``tests.ui.driving``); the conftest beside it has already set the
dummy video driver.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pygame

from game.grid import Cell
from game.ui.modes.decide import DecideMode
from game.ui.script import post_click, post_key
from game.ui.table import Table


def frames(table: Table, n: int = 2, dt: float = 0.016) -> bool:
    """Run ``n`` frames of ``dt`` seconds of window time, handling the queued input; False if the
    window asked to close."""
    running = True
    for _ in range(n):
        for event in pygame.event.get():
            running = table.handle(event) and running
        table.update(dt)
        table.draw()
    return running


def settle(table: Table, limit: int = 3000) -> None:
    """Run frames until nothing moves and no AI is about to act (the AI plays without pauses)."""
    for _ in range(limit):
        table.play_ai_now()
        frames(table, 1)
        if table.idle():
            return
        table.anim.finish()
    raise AssertionError("the table never settled")


def pixel(table: Table, cell: Cell) -> tuple[int, int]:
    """The window pixel of a board cell's centre (the cell must be on screen)."""
    assert table.view is not None
    pos = table.cell_pixel(*table.view.grid.cell_to_offset(cell))
    assert pos is not None, "cell off screen"
    return pos


REPO = Path(__file__).resolve().parents[2]
CRYPT_MAP = REPO / "maps" / "square_crypt.tmx"

Placed = tuple[str, str, str, tuple[int, int]]
"""A creature of a test fight: (name, side, template, [column, row])."""


def crypt_encounter(path: Path, creatures: list[Placed], *, seed: int = 3, heroes: str = "Ann",
                    monsters: str = "ai") -> Path:
    """Write an encounter file at ``path``: these creatures alone on the crypt map, the heroes and the
    monsters played as named (a player's name or ``ai``); returns ``path``."""
    lines = [f'format = 1\nmap = "{CRYPT_MAP.as_posix()}"\nseed = {seed}\nuse_map_creatures = false\n'
             f'[sides.heroes]\ncontrol = "{heroes}"\n[sides.monsters]\ncontrol = "{monsters}"\n']
    for name, side, template, (col, row) in creatures:
        lines.append(f'[[creatures]]\nname = "{name}"\nside = "{side}"\ntemplate = "{template}"\nat = [{col}, {row}]\n')
    path.write_text("".join(lines))
    return path


def pass_to_the_heroes(table: Table, *, monsters: str, limit: int) -> None:
    """End the monsters' turns (played by ``monsters``, at most ``limit`` of them) until someone else
    acts, then settle and press Enter through the handoff screen."""
    from game.rulesets.seed000.commands import EndTurnCommand

    assert table.session is not None
    for _ in range(limit):
        acting = table.acting
        if acting is None or acting.side != "monsters":
            break
        table.session.apply(EndTurnCommand(acting.id), by=monsters)
    settle(table)
    post_key(pygame.K_RETURN)
    frames(table)


# -- a whole fight by mouse (the samples' hot-seat tests, one per ruleset) ------------------------------------


def centre(element: object) -> tuple[int, int]:
    rect = element.get_abs_rect()  # type: ignore[attr-defined]
    return (rect.centerx, rect.centery)


def click_cell(table: Table, cell: object) -> bool:
    """A click on a board cell (the camera brought to it first when it is off the window)."""
    assert table.view is not None
    col, row = table.view.grid.cell_to_offset(cell)  # type: ignore[arg-type]
    pos = table.cell_pixel(col, row)
    if pos is None or not table.board_rect.collidepoint(pos):
        table.camera_to_follow(table.session.encounter.piece(table.acting.id))  # type: ignore[union-attr, arg-type]
        frames(table, 1)
        pos = table.cell_pixel(col, row)
    if pos is None or not table.board_rect.collidepoint(pos):
        return False
    post_click(pos)
    frames(table, 1)
    return True


def click_bar(table: Table, role: str, ident: object = None) -> bool:
    """A click on the action bar's button of ``role`` (``ident``: which ability), scrolled into view."""
    for _ in range(20):
        for button, entry in table._bar_powers:
            if entry.role == role and (ident is None or entry.ident == ident):
                if not button.visible:
                    break
                post_click(centre(button))
                frames(table, 1)
                return True
        else:
            return False
        table.scroll_action_bar(1)
        table.place_action_bar()
    return False


def play_by_mouse(table: Table, turn_step: Callable[[], None], clicks: int) -> set[str]:
    """Play the open fight to its end, at most ``clicks`` clicks: each handoff a click on the table, each decision
    a click on its prompt's first option, a person's turn ``turn_step`` (its clicks), the AI's turns the AI's.
    Returns the people who clicked."""
    assert table.session is not None
    f = table.session.encounter
    seen_players: set[str] = set()
    for _ in range(clicks):
        if f.over:
            break
        table.anim.finish()
        if table.screen_state == "handoff":
            post_click(table.board_rect.center)
            frames(table, 2)
            continue
        if isinstance(table.mode, DecideMode):
            prompt = table.mode.prompt_window
            first = next(b for b, (what, _) in prompt.buttons.items() if what == "option")
            seen_players.add(table.viewer or "")
            post_click(centre(first))
            frames(table, 2)
            continue
        if table.my_turn() and table.idle():
            seen_players.add(table.viewer or "")
            before = len(table.session.played)
            turn_step()
            frames(table, 1)
            if len(table.session.played) == before:
                frames(table, 5)
            continue
        table.play_ai_now()
        frames(table, 2)
    return seen_players
