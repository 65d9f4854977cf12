"""Hot-seat at the table window: the file's preparations, who plays what (creature by creature, the game
master's to change), and the camera and small things of a real table (issue 13, items 5, 13, 14).

Driven by real pygame events under the dummy driver, as tests/ui/test_table.py does.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pygame
import pygame_gui
import pytest

from game.rulesets.seed000.model import CreatureId
from game.ui.rulesets.seed000 import preparation
from game.ui.script import post_click, post_key
from game.ui.table import KEYS_HELP, Table
from tests.ui.driving import frames, settle

REPO = Path(__file__).resolve().parents[2]
CRYPT = REPO / "maps" / "crypt_skirmish.toml"
DRILL = REPO / "maps" / "crypt_drill.toml"


def new_table(path: Path, controls: dict[str, str], *, setup: bool = False, size: tuple[int, int] = (1280, 800)) -> Table:
    pygame.display.init()
    pygame.font.init()
    table = Table(size, controls=controls, skip_setup=not setup)
    assert table.open(path), table.message
    return table


def to_player(table: Table, name: str) -> None:
    """Let the AI play until the handoff to ``name``, and confirm it."""
    settle(table)
    assert table.screen_state == "handoff" and table.handoff_to == name, (table.screen_state, table.handoff_to)
    post_key(pygame.K_RETURN)
    frames(table)
    assert table.viewer == name


def drill_with(tmp_path: Path, top: str = "", bottom: str = "") -> Path:
    text = DRILL.read_text(encoding="utf-8").replace('map = "square_crypt.tmx"',
                                                     f'map = "{(REPO / "maps" / "square_crypt.tmx").as_posix()}"')
    path = tmp_path / "drill.toml"
    path.write_text(top + "\n" + text + "\n" + bottom, encoding="utf-8")
    return path


@pytest.fixture(autouse=True)
def _quit() -> Iterator[None]:
    yield
    pygame.quit()


# -- item 5 -----------------------------------------------------------------------------------------


def test_the_window_plays_the_files_preparation_and_shows_it_to_its_player() -> None:
    """crypt_drill.toml prepares Warding Gust for Mirela: her player's sheet says so (not the sheet's
    default, which has no Limited reaction)."""
    table = new_table(DRILL, {"heroes": "Ann", "monsters": "ai"})
    to_player(table, "Ann")
    assert table.session is not None
    mirela = table.session.encounter.state.creatures[CreatureId("mirela")]
    assert "Warding Gust" in preparation.summary(table, mirela)
    assert table.session.encounter.preparation(mirela.id).limited == "warding_gust"


# -- item 13: who plays what -----------------------------------------------------------------------


def test_the_setup_dialog_gives_a_single_creature_its_own_player() -> None:
    table = new_table(DRILL, {"heroes": "Ann", "monsters": "ai"}, setup=True)
    frames(table)
    assert table.screen_state == "setup" and "mirela" in table.setup_creature_entries
    table.setup_creature_entries["mirela"].set_text("Bob")
    post_key(pygame.K_RETURN)
    frames(table)
    session = table.session
    assert session is not None and table.screen_state != "setup"
    assert session.controller_of("mirela") == "Bob" and session.controller_of("brannoc") == "Ann"
    assert session.controller_of("bugbear") == "ai"
    assert "Bob (Mirela)" in table.message


def test_an_empty_name_for_a_side_is_refused_and_the_dialog_stays_open() -> None:
    table = new_table(DRILL, {"heroes": "Ann", "monsters": "ai"}, setup=True)
    frames(table)
    table.setup_entries["heroes"].set_text("   ")
    post_key(pygame.K_RETURN)
    frames(table)
    assert table.session is not None
    assert table.screen_state == "setup" and table.setup_window is not None
    assert table.message_error and "heroes" in table.message
    assert table.session.controller_of_side("heroes") == "Ann", "not silently turned into the AI"


def test_changing_who_plays_what_is_behind_the_game_masters_handoff(tmp_path: Path) -> None:
    """Ann presses P at her turn: the board is hidden and the table passed to Gwen, the game master, before
    the dialog opens; once Gwen is done, the table goes back to Ann by the usual handoff."""
    table = new_table(drill_with(tmp_path, top='gm = "Gwen"'), {"heroes": "Ann", "monsters": "ai"})
    to_player(table, "Ann")
    post_key(pygame.K_p)
    frames(table)
    assert table.screen_state == "handoff" and table.handoff_to == "Gwen" and table.setup_window is None
    r = table.board_rect
    samples = [tuple(table.screen.get_at((x, y)))[:3] for x in range(r.left, r.right, 29) for y in range(r.top, r.bottom, 23)]
    assert samples.count((12, 13, 17)) > 0.9 * len(samples), "the board is hidden"
    post_key(pygame.K_RETURN)
    frames(table)
    assert table.viewer == "Gwen" and table.screen_state == "setup" and table.setup_window is not None
    post_key(pygame.K_RETURN)
    frames(table, 3)
    assert table.screen_state == "handoff" and table.handoff_to == "Ann"


def test_the_players_button_too_and_esc_goes_back_to_the_table(tmp_path: Path) -> None:
    table = new_table(drill_with(tmp_path, top='gm = "Gwen"'), {"heroes": "Ann", "monsters": "ai"})
    to_player(table, "Ann")
    post_click(table.players_button.rect.center)
    frames(table)
    assert table.screen_state == "handoff" and table.handoff_to == "Gwen"
    post_key(pygame.K_ESCAPE)
    frames(table)
    assert table.screen_state == "table" and table.viewer == "Ann" and table.setup_window is None


def test_the_game_master_at_the_table_opens_the_dialog_at_once() -> None:
    """No gm in the file: the first player is the game master."""
    table = new_table(CRYPT, {"heroes": "Ann", "monsters": "ai"})
    to_player(table, "Ann")
    assert table.session is not None and table.session.gm == "Ann"
    post_key(pygame.K_p)
    frames(table)
    assert table.screen_state == "setup"


# -- item 14: camera and small things ----------------------------------------------------------------


def test_a_new_turn_brings_its_creature_into_view() -> None:
    table = new_table(CRYPT, {"heroes": "Ann", "monsters": "ai"})
    to_player(table, "Ann")
    assert table.view is not None and table.acting is not None
    table.view.camera.zoom = 2.0
    table.view.camera.x = table.view.camera.y = 100_000.0  # far off the map
    post_key(pygame.K_SPACE)
    frames(table)
    post_key(pygame.K_RETURN)  # the preparation panel: accept
    frames(table)
    settle(table)
    if table.screen_state == "handoff":
        post_key(pygame.K_RETURN)
        frames(table)
    actor = table.acting
    assert actor is not None
    col, row = table.view.grid.cell_to_offset(actor.cell)
    assert table.cell_pixel(col, row) is not None, f"{actor.name} is off screen"


def test_pan_and_zoom_stay_within_sensible_bounds() -> None:
    table = new_table(CRYPT, {"heroes": "Ann", "monsters": "ai"})
    to_player(table, "Ann")
    view = table.view
    assert view is not None
    r = table.board_rect

    def on_board() -> pygame.Rect:
        left, top = view.camera.to_screen(0, 0)
        shown = pygame.Rect(round(left), round(top), round(view.size[0] * view.camera.zoom),
                            round(view.size[1] * view.camera.zoom))
        return shown.clip(pygame.Rect(0, 0, r.width, r.height))

    for key in (pygame.K_LEFT, pygame.K_UP, pygame.K_RIGHT, pygame.K_DOWN):
        for _ in range(60):
            post_key(key)
        frames(table, 2)
        seen = on_board()
        assert seen.width >= min(r.width / 2, view.size[0] * view.camera.zoom) - 1, (key, seen)
        assert seen.height >= min(r.height / 2, view.size[1] * view.camera.zoom) - 1, (key, seen)
    table.mouse = r.center
    for _ in range(30):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0))
    frames(table, 2)
    zoom_out = view.camera.zoom
    assert max(view.size[0] * zoom_out / r.width, view.size[1] * zoom_out / r.height) >= 0.5, zoom_out
    for _ in range(30):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
    frames(table, 2)
    assert view.camera.zoom <= 4.0
    assert on_board().width >= r.width / 2 - 1


def test_ctrl_q_during_a_fight_asks_before_quitting() -> None:
    table = new_table(CRYPT, {"heroes": "Ann", "monsters": "ai"})
    to_player(table, "Ann")
    post_key(pygame.K_q, pygame.KMOD_CTRL)
    assert frames(table), "not closed at once"
    assert table.quit_dialog is not None
    post_key(pygame.K_ESCAPE)
    assert frames(table) and table.quit_dialog is None
    post_key(pygame.K_q, pygame.KMOD_CTRL)
    assert frames(table)
    post_key(pygame.K_RETURN)
    assert not frames(table), "Enter in the question quits"


def press_close_button() -> None:
    """What SDL sends when the window's close button is pressed: the window's WINDOWCLOSE, then QUIT."""
    pygame.event.post(pygame.event.Event(pygame.WINDOWCLOSE, window=None))
    pygame.event.post(pygame.event.Event(pygame.QUIT))


def test_the_close_button_during_a_fight_asks_and_the_ai_waits_for_the_answer() -> None:
    """The window's close button quit at once, losing an unsaved fight; it now asks as Ctrl+Q does (a second
    press quits), and the AI does not play on behind the question."""
    table = new_table(CRYPT, {"heroes": "ai", "monsters": "ai"})
    frames(table, 3)
    press_close_button()
    assert frames(table), "not closed at once"
    assert table.quit_dialog is not None
    assert table.session is not None
    played = len(table.session.played)
    frames(table, 200, dt=0.1)  # 20 s of play with the question up
    assert len(table.session.played) == played, "the AI played behind the quit question"
    post_key(pygame.K_ESCAPE)
    assert frames(table) and table.quit_dialog is None
    frames(table, 200, dt=0.1)
    assert len(table.session.played) > played, "the AI plays on once the question is answered"
    press_close_button()
    assert frames(table)
    press_close_button()
    assert not frames(table), "a second press of the close button quits"


def test_a_quit_of_its_own_closes_at_once_during_a_fight() -> None:
    """A QUIT with no close button before it (SIGTERM, the desktop logging out, ``timeout``) closes the window
    at once: the autosaves keep the fight. (Asking there left a killed program running.)"""
    table = new_table(CRYPT, {"heroes": "ai", "monsters": "ai"})
    frames(table, 3)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert not frames(table)


def test_ctrl_q_with_no_fight_going_on_quits_at_once() -> None:
    pygame.display.init()
    pygame.font.init()
    table = Table((1024, 700))
    post_key(pygame.K_q, pygame.KMOD_CTRL)
    assert not frames(table)


def test_the_file_dialog_lists_only_maps_and_encounter_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("fight.toml", "crypt.tmx", "marsh.tmj", "hill.json", "token.png", "notes.txt", "tiles.tsx"):
        (tmp_path / name).write_text("x", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    pygame.display.init()
    pygame.font.init()
    table = Table((1280, 800))
    post_key(pygame.K_o, pygame.KMOD_CTRL)
    frames(table)
    assert table.file_dialog is not None
    listed = {item if isinstance(item, str) else item[0] for item in table.file_dialog.current_file_list}
    files = {name for name in listed if "." in name}
    assert files == {"fight.toml", "crypt.tmx", "marsh.tmj", "hill.json"}


def test_opening_a_file_that_is_not_a_map_says_so_in_one_clear_line(tmp_path: Path) -> None:
    table = new_table(CRYPT, {"heroes": "Ann", "monsters": "ai"})
    picture = tmp_path / "token.png"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    assert not table.open(picture)
    assert table.message_error and "not a map or an encounter file" in table.message
    assert "decode" not in table.message and "codec" not in table.message
    assert table.session is not None, "the table keeps what it had"


def test_the_maps_description_is_shown_when_it_opens() -> None:
    table = new_table(CRYPT, {"heroes": "Ann", "monsters": "ai"}, setup=True)
    frames(table)
    assert "A flooded burial hall under the old chapel" in table.message
    assert table.setup_window is not None
    boxes = [e for e in table.manager.get_sprite_group().sprites() if isinstance(e, pygame_gui.elements.UITextBox)]
    assert any("A flooded burial hall" in box.html_text for box in boxes)


def test_the_readme_and_the_n_key_agree() -> None:
    """Names under tokens are shown at start and N hides them: the README, the help and the key say so."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    help_n = dict(KEYS_HELP)["N"]
    row = next(line for line in readme.splitlines() if line.startswith("| `N`"))
    assert help_n in row
    assert "shown at start" in help_n
    table = new_table(CRYPT, {"heroes": "Ann", "monsters": "ai"})
    to_player(table, "Ann")
    assert table.names
    post_key(pygame.K_n)
    frames(table)
    assert not table.names


def test_the_file_menus_tooltip_does_not_cover_the_menu(monkeypatch: pytest.MonkeyPatch) -> None:
    """The mouse rests on File with its menu open: no tooltip lies over the menu."""
    table = new_table(CRYPT, {"heroes": "Ann", "monsters": "ai"})
    to_player(table, "Ann")
    post_click(table.file_button.rect.center)
    frames(table)
    assert table.file_menu.visible
    where = table.file_button.rect.center
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: where)  # pygame_gui hovers by the pointer's position
    for _ in range(12):
        frames(table, 1)
        table.manager.update(0.2)
    tips = [e for e in table.manager.get_sprite_group().sprites() if isinstance(e, pygame_gui.elements.UITooltip)]
    assert not any(tip.rect.colliderect(table.file_menu.rect) for tip in tips)


def test_the_setup_dialog_lists_a_bounded_number_of_creatures_and_keeps_the_rest(tmp_path: Path) -> None:
    """A crowded map: the dialog lists the creatures people play first, at most SETUP_CREATURE_ROWS, and says
    how many more there are; the file's players are kept."""
    from game.session import open_source
    from game.ui.table import SETUP_CREATURE_ROWS

    board = open_source(DRILL).board
    taken = {(12, 12), (2, 12), (9, 14), (12, 11), (10, 13), (6, 11)}
    free = [(col, row) for row in range(board.height) for col in range(board.width)
            if (col, row) not in taken and not board.is_wall(board.grid.offset_to_cell(col, row))]
    extra = "".join(f'[[creatures]]\nname = "Rat {i}"\nside = "monsters"\ntemplate = "goblin_cutter"\nat = [{c}, {r}]\n'
                    for i, (c, r) in enumerate(free[:SETUP_CREATURE_ROWS + 10]))
    last = f"rat_{SETUP_CREATURE_ROWS + 9}"
    path = drill_with(tmp_path, bottom=extra + f'[creature_control]\n{last} = "Bob"\n')
    table = new_table(path, {"heroes": "Ann", "monsters": "ai"}, setup=True)
    frames(table)
    entries = table.setup_creature_entries
    assert len(entries) == SETUP_CREATURE_ROWS
    assert list(entries)[:4] == ["brannoc", "mirela", "vex", last], "the players' creatures first"
    hidden = f"rat_{SETUP_CREATURE_ROWS + 8}"
    assert hidden not in entries
    post_key(pygame.K_RETURN)
    frames(table)
    assert table.session is not None and table.session.controller_of(last) == "Bob"
    assert table.session.controller_of(hidden) == "ai"
