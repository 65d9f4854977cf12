"""The players' display (issue 17): its cost when panning, line of sight kept up to date, dimming in the game
master's window, the players' initiative, a second ruleset (seed 003), and hidden creatures (issue 18 item 2)
as the game master's command."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

import pygame
import pytest

from game.hidden import HideCreature
from game.ui import players_display
from game.ui.board_view import BoardView
from game.ui.players_display import PlayersDisplay
from game.ui.script import post_key
from game.ui.table import Table
from tests.ui.driving import frames

REPO = Path(__file__).resolve().parents[2]
CRYPT = REPO / "maps" / "crypt_skirmish.toml"
VIGIL = REPO / "maps" / "crypt_vigil_003.toml"
WHARF = REPO / "maps" / "crypt_wharf_002.toml"


def new_table(path: Path, controls: dict[str, str] | None = None) -> Table:
    pygame.display.init()
    pygame.font.init()
    table = Table((1280, 800), controls=controls or {}, skip_setup=True)
    assert table.open(path), table.message
    return table


@pytest.fixture(autouse=True)
def _quit() -> Iterator[None]:
    yield
    pygame.quit()


@pytest.fixture(autouse=True)
def _settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("TACTICAL_TABLE_DATA", str(tmp_path / "data"))


def open_display(table: Table) -> PlayersDisplay:
    post_key(pygame.K_F2)
    frames(table)
    assert table.players is not None
    return table.players


# -- item 1: the cost -------------------------------------------------------------------------------------


def test_a_pan_scrolls_the_players_map_and_paints_only_the_strips_that_came_into_view(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A pan of 8 x 4 pixels: the display's view paints two thin strips, not its whole map (which it did
    before, blitting a whole copy of it every frame), and the tokens players see stay where a fresh frame
    puts them."""
    table = new_table(CRYPT, {"heroes": "Ann"})
    shown = open_display(table)
    shown.pace = 1
    painted: list[list[pygame.Rect]] = []
    targets: list[pygame.Surface | None] = []
    draw = BoardView.draw_board

    def spy(self: BoardView, target: pygame.Surface, **kw: object) -> list[pygame.Rect]:
        out = draw(self, target, **kw)  # type: ignore[arg-type]
        if self is shown.view:
            painted.append(out)
            targets.append(target.get_parent())
        return out

    monkeypatch.setattr(BoardView, "draw_board", spy)
    assert table.view is not None
    table.view.pan(-8, -4)
    frames(table, 1)
    assert painted, "the players' display drew no frame for the pan"
    area = sum(r.width * r.height for r in painted[-1])
    board_w, board_h = shown.size[0] - max(220, int(shown.size[0] * players_display.SIDE_SHARE)), shown.size[1]
    assert 0 < area < 0.05 * board_w * board_h
    assert targets[-1] is shown.surface  # drawn in the window itself: no whole copy of the map blitted into it
    scrolled = shown.surface.copy()
    shown._board_on = None  # a fresh frame, drawn whole
    shown._drawn_key = None
    assert (pygame.image.tobytes(shown.render(table), "RGB") == pygame.image.tobytes(scrolled, "RGB"))


def test_while_the_camera_keeps_moving_the_display_follows_every_fourth_frame_and_catches_up_when_it_stops() -> None:
    table = new_table(CRYPT)
    shown = open_display(table)
    assert shown.pace == players_display.PAN_EVERY == 4
    assert table.view is not None
    before = shown.shown_frames
    for _ in range(8):
        table.view.pan(-8, 0)
        frames(table, 1)
    assert shown.shown_frames - before == 2
    frames(table, 1)  # the camera stopped: shown at once
    cam = table.view.camera
    assert shown._drawn_key[2:5] == (cam.x, cam.y, cam.zoom)  # type: ignore[index]


def test_while_the_camera_keeps_moving_a_change_of_the_fight_is_shown_in_the_frame_it_happens() -> None:
    """The pace spares only pictures where the camera alone moved: hidden on a frame the pace would leave as it
    was, the ghoul is gone from the display that very frame."""
    table = new_table(CRYPT)
    shown = open_display(table)
    assert table.view is not None and table.session is not None
    frames(table, 1)
    assert "Ghoul" in {look.name for look in shown.drawn}
    table.view.pan(-8, 0)
    frames(table, 1)
    before = shown.shown_frames
    table.view.pan(-8, 0)
    frames(table, 1)
    assert shown.shown_frames == before, "the camera alone moved: a frame the pace leaves as it was"
    table.session.hide("ghoul")
    table.view.pan(-8, 0)
    frames(table, 1)
    assert shown.shown_frames == before + 1
    assert "Ghoul" not in {look.name for look in shown.drawn}
    cam = table.view.camera
    assert shown._drawn_key[2:5] == (cam.x, cam.y, cam.zoom)  # type: ignore[index]


def test_nothing_is_drawn_again_while_nothing_changes() -> None:
    """A still camera and a still fight: the display's window is neither drawn nor flipped again."""
    table = new_table(CRYPT)
    shown = open_display(table)
    frames(table, 2)
    before = shown.shown_frames
    assert shown.window is not None
    marker = (1, 2, 3)
    shown.surface.set_at((0, 0), marker)  # drawn again, the map's corner would cover it
    frames(table, 5)
    assert shown.shown_frames == before
    assert tuple(shown.surface.get_at((0, 0)))[:3] == marker


def test_darkness_that_comes_after_the_display_opened_is_drawn_within_a_few_frames() -> None:
    """Opened while nobody but the AI plays (the setup dialog's moment: players see the whole map), then Ann takes
    the heroes: the necromancer's cell, behind walls, turns dark on the display within a few frames, whichever
    chunks are redrawn whole (before, a chunk too changed to patch waited for a frame with time to spare, which the
    display's frames never had: the whole map stayed in view)."""
    table = new_table(CRYPT)
    shown = open_display(table)
    frames(table, 2)
    session = table.session
    assert session is not None and shown.visible is None
    necro = session.encounter.piece("necromancer")
    assert necro is not None
    session.controllers["heroes"] = "Ann"
    frames(table, 6)
    assert shown.visible is not None and necro.cell not in shown.visible
    view = shown.view
    assert view is not None and view.settled
    at = tuple(round(v) for v in view.camera.to_screen(*view.centre(necro.cell)))
    assert shown.surface.get_at(at)[:3] == (0, 0, 0)


def test_a_move_amends_the_darkness_around_the_creature_and_leaves_the_rest_of_the_board_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """After the first frame the darkness is one layer, amended where sight changed: a hero's move neither
    sets the layers again (which compared and filed every cell of the board) nor works out the other
    creatures' fields of view again; what is dark then is what sight worked out afresh says."""
    from game.mechanics.sight import field_of_view

    table = new_table(CRYPT, {"heroes": "Ann"})
    shown = PlayersDisplay(window=False)
    shown.render(table)
    assert shown.darkness is not None and shown.view is not None
    layer = shown.view.layers["sight"]
    set_calls: list[object] = []
    set_layers = BoardView.set_layers

    def spy(self: BoardView, layers: dict[str, object]) -> None:
        if self is shown.view:
            set_calls.append(layers)
        set_layers(self, layers)  # type: ignore[arg-type]

    monkeypatch.setattr(BoardView, "set_layers", spy)
    session = table.session
    assert session is not None
    for _ in range(30):  # the monsters (the AI) play until a hero acts
        if session.encounter.acting is not None and session.encounter.acting.side == "heroes":
            break
        table.play_ai_now()
        frames(table, 1)
        table.anim.finish()
    hero = session.encounter.acting
    assert hero is not None and hero.side == "heroes"
    shown.render(table)
    fields = dict(shown.darkness.sight._fields)
    from game.rulesets.seed000.commands import MoveCommand

    if table.screen_state == "handoff":
        post_key(pygame.K_RETURN)  # Ann takes the table
    frames(table, 2)
    assert table.routes, (hero.name, table.viewer, table.screen_state)
    target = max((c for c in table.routes if not table.routes[c].provokes), key=lambda c: table.routes[c].cost)
    assert table.send(MoveCommand(hero.id, target, table.routes[target].safest_path))
    table.anim.finish()
    shown.render(table)
    assert not set_calls and shown.view.layers["sight"] is layer
    new = set(shown.darkness.sight._fields) - set(fields)
    assert new and new <= {target} | set(session.encounter.space_of(hero.id))  # only where the hero came to
    heroes = [c for c in session.encounter.pieces() if c.side == "heroes" and not c.dead]
    seen = set().union(*(field_of_view(session.source.board, c.cell) for c in heroes))
    dark = {cell for cell in session.source.board if cell not in seen}
    assert set(layer.cells) == dark


# -- item 2: dimming in the game master's window, the players' initiative ----------------------------------


def test_the_gm_window_dims_what_players_cannot_see_while_the_display_is_open_and_f9_turns_it_off() -> None:
    table = new_table(CRYPT, {"heroes": "Ann"})
    assert table.view is not None
    assert "unseen by players" not in table.view.layers  # no display: nothing dimmed
    open_display(table)
    session = table.session
    assert session is not None
    necro = session.encounter.piece("necromancer")
    vex = session.encounter.piece("vex")
    assert necro is not None and vex is not None
    layer = table.view.layers.get("unseen by players")
    assert layer is not None and necro.cell in layer.cells and vex.cell not in layer.cells
    frames(table, 10)
    shot = table.screen.copy()
    post_key(pygame.K_F9)
    frames(table, 10)
    assert "unseen by players" not in table.view.layers
    occupied = {c.cell for c in session.encounter.pieces()}
    board = table.board_rect
    spots = [(board.left + x, board.top + y) for cell in layer.cells if cell not in occupied
             for x, y in [table.view.to_screen(cell)] if board.collidepoint(board.left + x, board.top + y)]
    assert spots
    brighter = [at for at in spots if sum(table.screen.get_at(at)[:3]) > sum(shot.get_at(at)[:3])]
    assert len(brighter) > 0.9 * len(spots)  # undimmed


def test_the_players_initiative_leaves_out_creatures_they_cannot_see() -> None:
    table = new_table(CRYPT, {"heroes": "Ann"})
    shown = PlayersDisplay(window=False)
    shown.render(table)
    session = table.session
    assert session is not None and shown.visible is not None
    rows = {text.split(": ")[0] for text in shown.texts if ": " in text}
    for c in session.encounter.pieces():
        if c.side == "heroes" or c.cell in shown.visible:
            assert c.name in rows, c.name
        else:
            assert c.name not in rows, c.name
    assert "Necromancer" not in rows
    assert "Necromancer" in {row.name for row in table.parts.turn_order(table)}  # the game master's has it


# -- item 3: a second ruleset -----------------------------------------------------------------------------


def test_seed003_on_the_players_display_shows_its_words_for_health_and_no_enemy_hit_points() -> None:
    """Seed 003 (crypt_vigil_003): opponents read "unhurt" / "staggered" / "down" (seed 003 line 205's states,
    its parts' ``public_health``), the players' own creatures their hit points; no line of its log for players
    names hit points left."""
    table = new_table(VIGIL)
    session = table.session
    assert session is not None
    for _ in range(40):
        table.play_ai_now()
        frames(table, 1)
        table.anim.finish()
    shown = PlayersDisplay(window=False)
    shown.render(table)
    mine = players_display.players_creatures(session)
    rows = {text.split(": ")[0]: text.split(": ", 1)[1] for text in shown.texts if ": " in text}
    enemies = {c.name for c in session.encounter.pieces() if c.id not in mine}
    assert enemies & set(rows), "no opponent in the players' initiative"
    for name in enemies & set(rows):
        assert rows[name] in ("unhurt", "staggered", "down", "dead"), (name, rows[name])
    lines = shown.public_lines(table)
    assert lines and not any(re.search(r"\bhp\b|vs (AC|PD|MD)", line) for line in lines), lines


def test_seed002_on_the_players_display_calls_an_incapacitated_creature_down_not_dead() -> None:
    """Seed 002 (crypt_wharf_002): a creature at the damage track's last level is incapacitated ("down",
    seed 002 line 133's words for the Surge's track), not dead: the players' initiative shows its parts' word
    for it, as for the standing ones, never "dead"."""
    from dataclasses import replace

    table = new_table(WHARF)
    session = table.session
    assert session is not None
    mine = players_display.players_creatures(session)
    enemy = next(c for c in session.encounter.pieces() if c.id not in mine)
    enemy.track = replace(enemy.track, damage=4)  # type: ignore[attr-defined]
    assert enemy.track.is_down  # type: ignore[attr-defined]
    table.relog()
    shown = PlayersDisplay(window=False)
    shown.render(table)
    rows = {text.split(": ")[0]: text.split(": ", 1)[1] for text in shown.texts if ": " in text}
    assert rows[enemy.name] == "down", rows


# -- item 5: hidden creatures as the game master's command ------------------------------------------------


def test_hiding_is_the_game_masters_command_kept_by_a_save_and_taken_back_by_the_gm_undo(tmp_path: Path) -> None:
    table = new_table(CRYPT, {"heroes": "Ann", "monsters": "Gia"})
    session = table.session
    assert session is not None
    session.gm_name = "Gia"
    session.hide("ghoul")
    last = session.played[-1]
    assert last.command == HideCreature("ghoul", True) and last.by == "Gia" and last.events == []
    assert session.hidden == {"ghoul"}
    assert "game master" in session.undo_refusal()  # a player's undo does not take it back
    saved = session.save(tmp_path / "s.jsonl")
    assert '"do":"gm_hide"' in saved.read_text(encoding="utf-8")
    resumed = type(session).resume(saved)
    assert resumed.hidden == {"ghoul"}
    table.viewer = "Gia"
    table.gm_undo()  # Ctrl+Shift+Z
    assert session.hidden == set() and "took back hiding Ghoul" in table.message


def test_a_hidden_creature_is_on_the_gm_window_absent_from_the_players_and_a_players_view_until_revealed() -> None:
    """Gia (the game master) hides the ghoul: the players' display, Ann's view of the table (a handoff) and the
    players' log lines leave it out; the game master's window shows it ringed; revealed, it is back."""
    table = new_table(CRYPT, {"heroes": "Ann", "monsters": "Gia"})
    session = table.session
    assert session is not None
    session.gm_name = "Gia"
    table.viewer = "Gia"
    shown = PlayersDisplay(window=False)
    shown.render(table)
    shown.darkness, shown.visible = None, None  # line of sight off: only hiding keeps the ghoul away
    session.hide("ghoul")
    from game.rulesets.seed000 import events as ev

    table._log([ev.CreatureMoved("ghoul", session.encounter.piece("ghoul").cell,  # type: ignore[union-attr]
                                 session.encounter.piece("ghoul").cell, "shift")])  # type: ignore[union-attr]
    shown.render(table)
    assert "Ghoul" not in {look.name for look in shown.drawn}
    assert not any("Ghoul" in text for text in shown.texts)
    frames(table, 1)
    assert table.screen_state == "table"
    assert "Ghoul" in {look.name for look, _, _ in table.drawn_looks}  # the game master's view (the ghoul's turn)
    from game.rulesets.seed000.commands import EndTurnCommand

    while session.acting_controller == "Gia":  # the monsters' turns end: a hero's, Ann's view of the table
        acting = session.encounter.acting
        assert acting is not None
        assert table.send(EndTurnCommand(acting.id))
    table.anim.finish()
    table.viewer = "Ann"
    frames(table, 2)
    assert table.screen_state == "table" and table.viewer == "Ann"
    assert "Ghoul" not in {look.name for look, _, _ in table.drawn_looks}
    assert "Skeleton 1" in {look.name for look, _, _ in table.drawn_looks}
    session.hide("ghoul", False)
    shown.render(table)
    assert "Ghoul" in {look.name for look in shown.drawn}
    assert any("Ghoul" in text for text in shown.texts)


def test_the_display_shares_the_gm_views_map_picture_unless_the_map_hides_something(tmp_path: Path) -> None:
    """Nothing hidden on the map: the display's view uses the game master's view's recorded picture and its
    composed blocks (its first frame neither records the map again nor composes what the table has); a map
    with a hidden object gets a picture of its own, without it."""
    from tests.ui.test_players_display import crypt_with_hidden

    table = new_table(CRYPT)
    shown = PlayersDisplay(window=False)
    shown.render(table)
    assert shown.view is not None and table.view is not None
    assert shown.view._lazy is table.view._lazy and shown.view._blocks is table.view._blocks
    pygame.quit()
    hidden = new_table(crypt_with_hidden(tmp_path))
    other = PlayersDisplay(window=False)
    other.render(hidden)
    assert other.view is not None and hidden.view is not None and other.view._lazy is not hidden.view._lazy
