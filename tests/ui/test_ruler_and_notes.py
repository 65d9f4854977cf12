"""The ruler and the game master's notes (issue 18 items 3 and 5), driven by real pygame events under the
dummy driver: hold L and drag to measure (cells, feet, the wall that blocks line of effect) on squares and
hexes, in seed 000 and seed 003; the map's notes shown on hover to the game master only."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pygame
import pytest

from game.grid import Cell
from game.mechanics import tactics
from game.mechanics.measure import field_of
from game.ui.script import post_click, post_key
from game.ui.table import Table
from tests.ui.driving import crypt_encounter, frames, pixel, settle

REPO = Path(__file__).resolve().parents[2]
MAPS = REPO / "maps"


@pytest.fixture(autouse=True)
def _quit() -> Iterator[None]:
    yield
    pygame.quit()


def new_table(path: Path) -> Table:
    pygame.display.init()
    pygame.font.init()
    table = Table((1280, 800), controls={}, skip_setup=True)
    assert table.open(path), table.message
    frames(table, 2)
    return table


def at(table: Table, col: int, row: int) -> Cell:
    assert table.view is not None
    return table.view.grid.offset_to_cell(col, row)


def key(k: int, down: bool) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=k, mod=0, unicode="",
                                         scancode=0))


def drag(table: Table, a: Cell, b: Cell) -> None:
    """A left-button drag from cell ``a`` to cell ``b``, through the pixels between."""
    pa, pb = pixel(table, a), pixel(table, b)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pa, button=1, touch=False))
    for k in range(1, 5):
        p = (pa[0] + (pb[0] - pa[0]) * k // 4, pa[1] + (pb[1] - pa[1]) * k // 4)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0), touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pb, button=1, touch=False))


def hover(table: Table, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False))
    frames(table, 2)


def test_holding_l_and_dragging_measures_and_gives_no_command_on_squares(tmp_path: Path) -> None:
    """Hold L, drag from Hedda along row 14: 6 cells, 30 ft (5 ft a cell, the default), and the pillar at
    [10, 14] blocks line of effect (the engine's ``line_of_effect`` agrees); the clicks moved nobody; letting
    L go puts the ruler away."""
    path = crypt_encounter(tmp_path / "fight.toml", [("Hedda", "heroes", "fighter", (11, 14)),
                                                     ("Goblin 1", "monsters", "goblin_cutter", (3, 11))])
    table = new_table(path)
    settle(table)
    if table.screen_state == "handoff":
        post_key(pygame.K_RETURN)
        frames(table)
    assert table.my_turn() and table.session is not None
    played, hedda = len(table.session.played), at(table, 11, 14)
    key(pygame.K_l, True)
    drag(table, hedda, at(table, 5, 14))
    frames(table, 2)
    got = table.ruler.last
    assert got is not None and table.ruler.out
    assert (got.cells, got.feet, got.start, got.end) == (6, 30.0, hedda, at(table, 5, 14))
    assert got.blocked_at is not None and got.line[got.blocked_at] == at(table, 10, 14)
    assert not tactics.line_of_effect(field_of(table.session.encounter), hedda, at(table, 5, 14))
    assert "6 cells · 30 ft · no line of effect: wall at [10, 14]" in table.message
    reachable = at(table, 12, 13)
    assert reachable in table.routes
    post_click(pixel(table, reachable))
    post_click(pixel(table, reachable))
    frames(table, 2)
    assert len(table.session.played) == played and table.acting is not None and table.acting.cell == hedda
    key(pygame.K_l, False)
    frames(table, 2)
    assert not table.ruler.out and table.ruler.last is None


def test_a_tap_of_l_keeps_the_ruler_out_until_escape_and_measures_on_hexes() -> None:
    """Seed 000's marsh (hex): a tap of L keeps the ruler out; a drag counts hex steps (the grid's distance)
    and the hut's wall at [17, 13] blocks the line to the shaman's corner; Esc puts it away."""
    table = new_table(MAPS / "marsh_ambush.toml")
    assert table.view is not None
    key(pygame.K_l, True)
    key(pygame.K_l, False)
    frames(table, 1)
    assert table.ruler.latched
    a, b = at(table, 12, 11), at(table, 19, 14)
    drag(table, a, b)
    frames(table, 1)
    got = table.ruler.last
    assert got is not None and got.cells == table.view.grid.distance(a, b) == 8 and got.feet == 40
    assert got.blocked_at is not None and got.line[got.blocked_at] == at(table, 17, 13)
    clear = at(table, 4, 12), at(table, 12, 8)
    drag(table, *clear)
    frames(table, 1)
    got = table.ruler.last
    assert got is not None and got.has_line_of_effect and got.cells == 10 and "line of effect" in table.message
    post_key(pygame.K_ESCAPE)
    frames(table, 1)
    assert not table.ruler.out


@pytest.mark.parametrize("encounter", ["crypt_vigil_003.toml", "marsh_reeds_003.toml"])
def test_the_ruler_measures_in_seed_003_on_both_grids(encounter: str) -> None:
    """Seed 003 asks the same: its tactics rules count a diagonal as one square; the ruler's count is the
    grid's distance and its line of effect the engine's."""
    table = new_table(MAPS / encounter)
    assert table.view is not None and table.session is not None
    a, b = at(table, 3, 10), at(table, 9, 13)
    key(pygame.K_l, True)
    drag(table, a, b)
    frames(table, 1)
    got = table.ruler.last
    assert got is not None
    starts = table.session.encounter.space_of(table.session.encounter.occupant(a).id) if (
        table.session.encounter.occupant(a)) else (a,)
    assert got.cells == min(table.view.grid.distance(s, b) for s in starts)
    assert got.has_line_of_effect == tactics.line_of_effect(field_of(table.session.encounter), got.start, got.end)


def test_a_noted_cell_and_a_noted_creature_show_their_notes_on_hover_to_the_game_master() -> None:
    """The crypt's pyre and the ghoul carry notes (``note`` properties): hovering the pyre shows its note; the
    ghoul's note follows the ghoul wherever it stands; the tag shows the map's description."""
    table = new_table(MAPS / "crypt_skirmish.toml")
    assert table.session is not None
    hover(table, pixel(table, at(table, 14, 14)))
    assert table.notes.shown[0] == "Smouldering pyre" and "necromancer" in " ".join(table.notes.shown)
    ghoul = table.session.encounter.piece("ghoul")
    assert ghoul is not None
    hover(table, pixel(table, ghoul.cell))
    assert table.notes.shown[0] == "Ghoul" and "Starving" in table.notes.shown[1]
    hover(table, table.notes.tag_rect.center)
    assert "A flooded burial hall" in " ".join(table.notes.shown)
    hover(table, pixel(table, at(table, 3, 10)))
    assert table.notes.shown == []


def test_notes_are_hidden_while_a_player_sits_at_the_table_and_never_reach_the_players_display() -> None:
    """Hot-seat: with the game master Gia named and Ann at the table, no note, no mark and no tag; with Gia
    back, the note shows. The players' display (F2) shows none of it."""
    table = new_table(MAPS / "marsh_ambush.toml")
    assert table.session is not None
    table.session.gm_name = "Gia"
    table.viewer = "Ann"
    mire = at(table, 18, 21)
    hover(table, pixel(table, mire))
    assert table.notes.shown == [] and table.notes.tag_rect.width == 0
    table.viewer = "Gia"
    hover(table, pixel(table, mire))
    assert table.notes.shown[0] == "Sucking mire"
    post_key(pygame.K_F2)
    frames(table, 3)
    assert table.players is not None and table.players.texts
    shown = " ".join(table.players.texts)
    assert "goblin cache" not in shown and "Map notes" not in shown and "bone whistle" not in shown
