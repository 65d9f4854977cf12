"""The players' display (issue 17): a second window in the same process, showing only what players may see.

Driven by real pygame events under the dummy driver (where a second ``pygame.Window`` can be made); what the
display shows is checked on the Surface it draws (``PlayersDisplay.render``) and in the text and tokens it drew.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Iterator

import pygame
import pytest

from game.ui import board_view, players_display
from game.ui.players_display import PlayersDisplay, load_calibration
from game.ui.script import post_key
from game.ui.table import Table
from tests.ui.driving import frames, pixel, settle

REPO = Path(__file__).resolve().parents[2]
CRYPT = REPO / "maps" / "crypt_skirmish.toml"


def new_table(path: Path, controls: dict[str, str] | None = None) -> Table:
    pygame.display.init()
    pygame.font.init()
    table = Table((1280, 800), controls=controls or {}, skip_setup=True)
    assert table.open(path), table.message
    return table


def crypt_with_hidden(tmp_path: Path, name: str = "Skeleton 1") -> Path:
    """The sample encounter on a copy of its map where ``name``'s object has ``hidden = true``."""
    text = (REPO / "maps" / "square_crypt.tmx").read_text(encoding="utf-8")
    head = f'name="{name}" type="creature"'
    assert head in text
    at = text.index("<properties>", text.index(head)) + len("<properties>")
    text = text[:at] + '\n    <property name="hidden" type="bool" value="true"/>' + text[at:]
    shutil.copytree(REPO / "assets", tmp_path / "assets")  # the map's tilesets and content, as beside the repo's map
    shutil.copy(REPO / ".tiled-project", tmp_path / ".tiled-project")
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "square_crypt.tmx").write_text(text, encoding="utf-8")
    enc = tmp_path / "maps" / "crypt.toml"
    enc.write_text(CRYPT.read_text(encoding="utf-8"), encoding="utf-8")
    return enc


@pytest.fixture(autouse=True)
def _quit() -> Iterator[None]:
    yield
    pygame.quit()


@pytest.fixture(autouse=True)
def _settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # platformdirs' settings folder


def test_f2_opens_a_second_window_and_closing_it_keeps_the_game() -> None:
    table = new_table(CRYPT)
    post_key(pygame.K_F2)
    assert frames(table)
    shown = table.players
    assert shown is not None and shown.window is not None
    assert shown.window.get_surface() is not pygame.display.get_surface()  # a window of its own
    assert shown.texts, "the players' display drew nothing"
    pygame.event.post(pygame.event.Event(pygame.WINDOWCLOSE, window=shown.window))
    assert frames(table), "closing the players' display closed the game"
    assert table.players is None
    table.projector_button.visible = True  # the File menu's entry opens it again
    assert table.on_button(table.projector_button)
    assert table.players is not None


def test_a_creature_placed_hidden_is_on_the_gm_window_and_not_on_the_players(tmp_path: Path) -> None:
    table = new_table(crypt_with_hidden(tmp_path))
    assert table.session is not None and table.session.hidden == {"skeleton_1"}
    post_key(pygame.K_F2)
    frames(table)
    assert table.players is not None
    surface = table.players.render(table)
    drawn = {look.name for look in table.players.drawn}
    assert "Skeleton 2" in drawn and "Skeleton 1" not in drawn
    assert "Skeleton 1" in {look.name for look, _, _ in table.drawn_looks}
    assert not any("Skeleton 1" in text for text in table.players.texts)
    # the pixels: the hidden creature's cell on the players' surface is what it is with nobody there
    skeleton = table.session.encounter.piece("skeleton_1")  # type: ignore[union-attr]
    view = table.players.view
    assert view is not None and skeleton is not None
    at = tuple(round(v) for v in view.camera.to_screen(*view.centre(skeleton.cell)))
    with_it = surface.get_at(at)
    table.session.hide("skeleton_1", False)  # revealed: its token is there
    assert table.players.render(table).get_at(at) != with_it


def test_f6_hides_the_creature_under_the_pointer_from_players() -> None:
    table = new_table(CRYPT)
    post_key(pygame.K_F2)
    frames(table)
    ghoul = table.session.encounter.piece("ghoul")  # type: ignore[union-attr]
    assert ghoul is not None
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pixel(table, ghoul.cell), rel=(0, 0), buttons=(0, 0, 0)))
    post_key(pygame.K_F6)
    frames(table)
    assert table.session is not None and table.session.hidden == {"ghoul"}
    assert table.players is not None
    assert "Ghoul" not in {look.name for look in table.players.drawn}
    assert not any("Ghoul" in text for text in table.players.texts)
    post_key(pygame.K_F6)
    frames(table)
    assert "Ghoul" in {look.name for look in table.players.drawn}


def test_no_opponent_hit_point_number_reaches_the_players() -> None:
    """The heroes are Ann's, the monsters the game master's (Gia): the monsters' hit points are words, the
    heroes' numbers; no log line gives hp."""
    table = new_table(CRYPT, {"heroes": "Ann", "monsters": "Gia"})
    session = table.session
    assert session is not None
    session.gm_name = "Gia"
    skeleton = session.encounter.piece("skeleton_1")
    assert skeleton is not None
    skeleton.hp = skeleton.max_hp // 2  # type: ignore[attr-defined]  # bloodied
    shown = PlayersDisplay(window=False)
    shown.render(table)
    rows = {text.split(": ")[0]: text.split(": ")[1] for text in shown.texts if ": " in text}
    assert rows["Skeleton 1"] == "bloodied"
    others = [c.name for c in session.encounter.pieces() if c.side == "monsters" and c.name in rows and c.id != "skeleton_1"]
    assert all(rows[name] == "unhurt" for name in others)
    assert re.fullmatch(r"\d+/\d+ hp", rows["Vex"])  # Ann's own
    monsters = {c.name for c in session.encounter.pieces() if c.side == "monsters"}
    for look in shown.drawn:
        if look.name in monsters:
            assert look.max_hp == 0  # no hit-point bar
    from game.rulesets.seed000 import events as ev

    table.log.add(ev.DamageDealt("skeleton_1", 13, "", 17, "vex", "Anvil Blow"),
                  "Skeleton 1 takes 13 damage (Anvil Blow), 17 hp left", None)
    shown.render(table)
    heroes = {c.name for c in session.encounter.pieces() if c.side == "heroes"}
    numbers = [text for text in shown.texts if re.search(r"\d+ hp|\d+/\d+", text)]
    assert numbers and all(text.split(": ")[0] in heroes for text in numbers), numbers
    assert "Skeleton 1 takes 13 damage" in shown.texts  # the ruleset's line for players: no hp left


def test_private_events_never_reach_the_players() -> None:
    table = new_table(CRYPT)
    for _ in range(12):
        table.play_ai_now()
        frames(table, 1)
        table.anim.finish()
    private = [e.text for e in table.log.entries if e.owner is not None]
    assert private, "the fight logged no secret to check"
    public = {e.text for e in table.log.entries if e.owner is None}
    shown = PlayersDisplay(window=False)
    for n in range(1, len(table.log.entries) + 1):  # every moment of the log, as the last lines
        entries = table.log.entries
        table.log.entries = entries[:n]
        shown.render(table)
        table.log.entries = entries
        for text in shown.texts:
            assert not any(text and text in line and text not in "".join(public) for line in private), text


def test_public_health_seed000_and_generic() -> None:
    table = new_table(CRYPT)
    ghoul = table.session.encounter.piece("ghoul")  # type: ignore[union-attr]
    assert players_display.public_health(table.parts, ghoul) == "unhurt"
    ghoul.hp = 1  # type: ignore[union-attr]
    assert players_display.public_health(table.parts, ghoul) == "bloodied"
    assert players_display.public_health(object(), ghoul) == "badly hurt"  # parts without the words
    assert players_display.default_health(0, 10) == "down"


def test_calibration_is_kept_per_display_across_a_restart() -> None:
    pygame.display.init()
    first = PlayersDisplay(window=False)
    px = first.calibrate(1.25).px_per_mm
    again = PlayersDisplay(window=False)  # as after a restart: read from the settings folder
    assert again.calibration.px_per_mm == pytest.approx(px)
    assert load_calibration("another display 640x480").px_per_mm != pytest.approx(px)


def test_camera_modes_and_rotation() -> None:
    table = new_table(CRYPT)
    shown = PlayersDisplay(window=False, size=(1000, 600))
    shown.render(table)
    assert shown.view is not None and shown.view.camera.zoom == table.view.camera.zoom  # type: ignore[union-attr]
    assert shown.next_camera(table) == "locked"
    table.view.camera.zoom *= 2  # type: ignore[union-attr]
    shown.render(table)
    assert shown.view.camera.zoom != table.view.camera.zoom  # type: ignore[union-attr]
    assert shown.next_camera(table) == "calibrated"
    shown.render(table)
    cell_px = shown.view.cell_w * shown.view.camera.zoom
    assert cell_px == pytest.approx(shown.calibration.cell_mm * shown.calibration.px_per_mm)
    assert any(text.startswith("100 mm") for text in shown.texts)  # the ruler
    shown.rotate()
    assert shown.render(table).get_size() == (1000, 600)


def test_line_of_sight_darkens_what_the_heroes_cannot_see_and_hides_who_stands_there() -> None:
    """Ann plays the heroes (and is the game master: the only person): the necromancer, far up the crypt
    behind walls, is dark on the players' display and not drawn there; Vex, a hero, is in the light."""
    table = new_table(CRYPT, {"heroes": "Ann"})
    shown = PlayersDisplay(window=False)
    surface = shown.render(table)
    assert shown.visible is not None
    necro = table.session.encounter.piece("necromancer")  # type: ignore[union-attr]
    assert necro is not None and necro.cell not in shown.visible
    assert "Necromancer" not in {look.name for look in shown.drawn}
    vex = table.session.encounter.piece("vex")  # type: ignore[union-attr]
    assert vex is not None and vex.cell in shown.visible
    view = shown.view
    assert view is not None
    at = tuple(round(v) for v in view.camera.to_screen(*view.centre(necro.cell)))
    assert surface.get_at(at)[:3] == (0, 0, 0)  # dark: never explored



def test_a_row_too_long_for_the_panel_keeps_what_fits_of_its_status() -> None:
    """Bob's turn comes first at the ford: his own Grey Courser 2's row ("Body 16/16 · A R · 8") is wider than the
    panel: it keeps its Body and drops the round's marks; before, the row was cut to the creature's name and Bob
    lost its Body."""
    table = new_table(REPO / "maps" / "reed_ford_001.toml", {"company": "Ann", "raiders": "Bob"})
    shown = PlayersDisplay(window=False)
    shown.render(table)
    row = next(text for text in shown.texts if text.startswith("Grey Courser 2"))
    assert row.startswith("Grey Courser 2: Body 16/16")


def test_a_status_loses_its_last_parts_first_and_the_name_stands_alone_last() -> None:
    pygame.font.init()
    f = board_view.font(players_display.ROW_SIZE)
    whole = "Wren: Body 9/9 · A R · 4"
    assert players_display.fitted("Wren", "Body 9/9 · A R · 4", f, f.size(whole)[0]) == whole
    assert players_display.fitted("Wren", "Body 9/9 · A R · 4", f, f.size(whole)[0] - 1) == "Wren: Body 9/9 · A R"
    assert players_display.fitted("Wren", "Body 9/9 · A R · 4", f, f.size("Wren: Body 9/9")[0]) == "Wren: Body 9/9"
    assert players_display.fitted("Wren", "Body 9/9 · A R · 4", f, 10) == "Wren"
