"""The window saves a fight (Ctrl+S, File -> Save) and shows a resumed one as it stopped.

Issue 16 item 1: "Save and load an encounter in progress (Ctrl+S, File menu, play --resume SAVE)".
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.rulesets.seed000.commands import EndTurnCommand
from game.session import Session
from game.ui.script import post_key
from game.ui.table import Table
from tests.ui.driving import REPO, frames, settle


@pytest.fixture()
def table(tmp_path: Path) -> Iterator[Table]:
    pygame.display.init()
    pygame.font.init()
    t = Table((1000, 700), controls={"heroes": "Ann", "monsters": "ai"}, skip_setup=True)
    t.save_folder = tmp_path
    assert t.open(str(REPO / "maps" / "crypt_skirmish.toml")), t.message
    yield t
    pygame.quit()


def _log_lines(t: Table) -> list[str]:
    assert t.session is not None
    return [t.session.encounter.describe(e) for e in t.session.all_events()]


def test_ctrl_s_saves_the_fight_mid_turn_and_the_window_resumes_it_as_it_stopped(table: Table,
                                                                                  tmp_path: Path) -> None:
    settle(table)
    assert table.session is not None and table.session.acting_controller == "Ann"
    post_key(pygame.K_s, pygame.KMOD_CTRL)
    frames(table, 2)
    saved = sorted(tmp_path.glob("*.jsonl"))
    assert len(saved) == 1 and "Saved to" in table.message
    resumed = Session.resume(saved[0])
    before = _log_lines(table)
    other = Table((1000, 700), skip_setup=True)
    assert other.open(saved[0], resumed=resumed), other.message
    assert _log_lines(other) == before and other.session is resumed
    assert other.session.acting_controller == "Ann" and "Resumed" in other.message


def test_the_file_menu_has_save(table: Table, tmp_path: Path) -> None:
    table.on_button(table.file_button)
    assert table.file_menu.visible
    table.on_button(table.save_button)
    assert not table.file_menu.visible and len(list(tmp_path.glob("*.jsonl"))) == 1


def test_ctrl_shift_z_is_the_game_masters_undo_past_the_ais_rolls(table: Table) -> None:
    """Issue 16 item 3: GM undo "any number of steps back, including past rolls and reactions, clearly
    marked as the GM's"; Ann plays the heroes and is the game master (the first player)."""
    settle(table)
    post_key(pygame.K_RETURN)  # the handoff screen: Ann takes the table
    frames(table, 2)
    session = table.session
    assert session is not None and table.viewer == "Ann" == session.gm
    post_key(pygame.K_z, pygame.KMOD_CTRL)
    frames(table, 1)
    assert "Undone" not in table.message  # the players' undo refuses the AI's command
    last = session.played[-1]
    assert last.by == "ai"
    table.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL | pygame.KMOD_SHIFT))
    assert session.played[-1] is not last and len(session.gm_undos) == 1
    assert session.gm_undos[0].by == "Ann" and session.gm_undos[0].taken[0] is last
    assert table.message.startswith("Game master's undo (Ann): took back")
    shown = [entry.text for entry in table.log.entries]
    assert "-- The game master (Ann) took back 1 command and answers --" in shown[-3:], shown[-3:]


def test_the_game_masters_undo_waits_for_the_game_master_at_the_table(table: Table) -> None:
    settle(table)
    post_key(pygame.K_RETURN)
    frames(table, 2)
    assert table.session is not None and table.viewer == "Ann"
    table.session.gm_name = "Cy"
    steps = table.session.gm_steps()
    post_key(pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    frames(table, 1)
    assert table.session.gm_steps() == steps and "Only the game master (Cy)" in table.message


def test_the_quit_question_says_whether_the_fight_is_saved_as_it_stands(table: Table) -> None:
    """After Ctrl+S the quit dialog no longer says the fight "is not saved"; once a command is played after
    the save, it says the fight has changed since."""
    settle(table)
    assert "is not saved" in table.quit_question()
    post_key(pygame.K_s, pygame.KMOD_CTRL)
    frames(table, 2)
    assert "saved as it stands" in table.quit_question()
    assert table.session is not None and table.session.acting_controller == "Ann"
    acting = table.session.encounter.acting
    assert acting is not None
    table.send(EndTurnCommand(acting.id))
    assert "changed since it was saved" in table.quit_question()


def test_a_game_masters_undo_in_the_window_is_saved_and_resumed_with_the_fight(table: Table, tmp_path: Path) -> None:
    """Issue 16 items 1 and 3: played, undone by the game master (Ctrl+Shift+Z), saved (Ctrl+S) and resumed,
    the fight shows the same log and state, and keeps the undo as the game master's."""
    settle(table)
    post_key(pygame.K_RETURN)  # the handoff screen: Ann (the game master) takes the table
    frames(table, 2)
    session = table.session
    assert session is not None and table.viewer == "Ann" == session.gm
    table.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL | pygame.KMOD_SHIFT))
    table.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL | pygame.KMOD_SHIFT))
    assert len(session.gm_undos) == 2
    before = _log_lines(table)
    shown = table.log.texts(lambda owner: True)
    cells = {p.id: p.cell for p in session.encounter.pieces()}
    post_key(pygame.K_s, pygame.KMOD_CTRL)
    frames(table, 1)
    saved = sorted(tmp_path.glob("*.jsonl"))
    assert len(saved) == 1
    resumed = Session.resume(saved[0])
    other = Table((1000, 700), skip_setup=True)
    assert other.open(saved[0], resumed=resumed), other.message
    assert _log_lines(other) == before and other.log.texts(lambda owner: True) == shown
    assert [u.by for u in resumed.gm_undos] == ["Ann", "Ann"]
    assert [[p.command for p in u.taken] for u in resumed.gm_undos] == \
        [[p.command for p in u.taken] for u in session.gm_undos]
    assert {p.id: p.cell for p in resumed.encounter.pieces()} == cells
