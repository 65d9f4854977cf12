"""The window's saves screens: a save replayed step by step, play on from a step, the save picker, and the
offer to resume after a crash.

Issue 16 item 2: "In the window: step forward and back through a saved fight, and play on from any point (a new
branch, the old save untouched)"; item 1: "an autosave ... offered on the next start after a crash", "Save and
load ... (Ctrl+S, File menu, play --resume SAVE)".
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest

from game import saves
from game.session import AI, Session
from game.ui import replay_view
from game.ui.table import Table
from tests.ui.driving import REPO, frames

CRYPT = REPO / "maps" / "crypt_skirmish.toml"
ALL_AI = {"heroes": AI, "monsters": AI}


def _saved(path: Path, *, steps: int = 20, undo: int = 2, more: int = 5, seed: int = 3) -> Path:
    """A crypt fight the AI played, with a game master's undo in it, saved to ``path``."""
    session = Session.open(CRYPT, dict(ALL_AI))
    session.source.seed = seed
    session = Session(session.source, dict(ALL_AI), gm_name="Cy")
    for _ in range(steps):
        session.step_ai()
    session.gm_undo(undo)
    for _ in range(more):
        session.step_ai()
    return session.save(path)


def _at(save: Path, steps: int) -> Session:
    """The save's fight after ``steps`` of its steps, played headless."""
    replay = Session.open_replay(save)
    session = replay.fresh()
    for i in range(steps):
        replay.play(session, i)
    assert isinstance(session, Session)
    return session


def _event_lines(session: Session) -> list[str]:
    return [session.encounter.describe(e) for e in session.encounter.log if type(e).__name__ != "BreakPoint"]


def _shown(table: Table) -> list[str]:
    return [line for line in table.log.texts(lambda owner: True) if not line.startswith("-- The game master")]


def _cells(session: Session) -> dict[str, object]:
    return {p.id: (p.cell, p.dead) for p in session.encounter.pieces()}


def _key(table: Table, key: int, mod: int = 0) -> bool:
    return table.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))


def _press(table: Table, element: object) -> bool:
    return table.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=element))


@pytest.fixture()
def table(tmp_path: Path) -> Iterator[Table]:
    pygame.display.init()
    pygame.font.init()
    t = Table((1100, 720), skip_setup=True)
    t.save_folder = tmp_path / "saves"
    t.autosave = tmp_path / "autosaves"
    yield t
    pygame.quit()


def test_a_replay_steps_forward_and_back_by_keys_and_buttons_showing_the_fight_at_each_step(
        table: Table, tmp_path: Path) -> None:
    save = _saved(tmp_path / "fight.jsonl")
    assert replay_view.open_replay(table, save), table.message
    view = table.replay_ui.replay
    assert view is not None and view.position == 0 and table.session is view.session
    total = len(view.replay.steps)
    assert total > 20 and table.message.startswith(f"Replay of fight.jsonl: step 0 of {total}")
    for _ in range(7):
        _key(table, pygame.K_RIGHT)
    frames(table, 2)
    assert view.position == 7 and _shown(table) == _event_lines(_at(save, 7))
    assert _cells(table.session) == _cells(_at(save, 7))
    _key(table, pygame.K_LEFT)
    assert view.position == 6 and _shown(table) == _event_lines(_at(save, 6))
    _press(table, view.elements["forward"])
    _press(table, view.elements["forward"])
    assert view.position == 8 and _shown(table) == _event_lines(_at(save, 8))
    _press(table, view.elements["back"])
    assert view.position == 7 and _cells(table.session) == _cells(_at(save, 7))
    _key(table, pygame.K_END)
    resumed = Session.resume(save)
    assert view.position == total and _shown(table) == _event_lines(resumed)
    assert _cells(table.session) == _cells(resumed)
    assert any(line.startswith("-- The game master (Cy) took back 2 commands") for line in table.log.texts(lambda o: True))
    _press(table, view.elements["start"])
    assert view.position == 0 and table.session.played == []
    _press(table, view.elements["end"])
    assert view.position == total
    _key(table, pygame.K_HOME)
    shown = len(table.session.encounter.log)
    frames(table, 40)  # nobody plays a replay: the AI does not move on
    assert view.position == 0 and len(table.session.encounter.log) == shown and table.session.played == []
    assert not table.send(object()) and "A replay is not played" in table.message
    assert not list((tmp_path / "autosaves").glob("*.jsonl"))


def test_play_on_from_a_step_is_a_new_saved_fight_and_the_replayed_save_is_untouched(table: Table,
                                                                                     tmp_path: Path) -> None:
    save = _saved(tmp_path / "fight.jsonl")
    before = save.read_bytes()
    assert replay_view.open_replay(table, save)
    view = table.replay_ui.replay
    assert view is not None
    for _ in range(12):
        _key(table, pygame.K_RIGHT)
    _key(table, pygame.K_RETURN)  # play on from here
    assert table.replay_ui.replay is None and "Playing on from step 12" in table.message
    branch = list((tmp_path / "saves").glob("*.jsonl"))
    assert len(branch) == 1 and "from-step-12" in branch[0].name
    original = save.read_text().splitlines()
    assert branch[0].read_text().splitlines()[1:] == original[1:13]  # its first 12 steps, as the save had them
    live = table.session
    assert live is not None and len(live.history) == 12
    frames(table, 200)  # the AI plays the branch on
    assert len(live.history) > 12 and table.session is live
    assert save.read_bytes() == before
    assert list((tmp_path / "autosaves").glob("*.jsonl")), "the branch autosaves as a live fight does"


def test_closing_a_replay_brings_back_the_fight_shown_before(table: Table, tmp_path: Path) -> None:
    assert table.open(str(CRYPT))
    live = table.session
    save = _saved(tmp_path / "fight.jsonl")
    assert replay_view.open_replay(table, save) and table.session is not live
    _key(table, pygame.K_ESCAPE)
    assert table.replay_ui.replay is None and table.session is live and "Replay closed" in table.message


def test_a_bad_save_opened_as_a_replay_is_refused_in_one_line(table: Table, tmp_path: Path) -> None:
    save = _saved(tmp_path / "fight.jsonl")
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(save.read_bytes()[:-30])
    assert not replay_view.open_replay(table, bad)
    assert table.message.startswith(f"{bad}: line ") and "truncated" in table.message and "\n" not in table.message
    assert table.replay_ui.replay is None


def _with_time(path: Path, when: str) -> Path:
    head, *rest = path.read_text().splitlines()
    header: dict[str, Any] = json.loads(head)
    header["saved"] = when
    path.write_text("\n".join([json.dumps(header, separators=(",", ":")), *rest]) + "\n")
    return path


def test_the_save_picker_lists_the_saves_newest_first_and_resumes_or_replays_the_one_chosen(
        table: Table, tmp_path: Path) -> None:
    folder, auto = tmp_path / "saves", tmp_path / "autosaves"
    folder.mkdir()
    auto.mkdir()
    old = _with_time(_saved(folder / "a.jsonl", steps=10, undo=1, more=0), "2026-11-20 20:00:00")
    new = _with_time(_saved(auto / "b.jsonl", steps=40, undo=1, more=0), "2026-11-26 21:30:00")
    (folder / "broken.jsonl").write_text('{"hello":1}\n')
    os.utime(folder / "broken.jsonl", (1.7e9, 1.7e9))  # November 2023: listed by its file's time, last
    _press(table, table.replay_ui.open_save)
    picker = table.replay_ui.picker
    assert picker is not None and not picker.replaying
    assert [listed.path for listed in picker.saves][:2] == [new, old]
    rounds = Session.resume(new).encounter.round
    assert picker.saves[0].label == f"2026-11-26 21:30:00  crypt_skirmish, round {rounds} (autosave)"
    assert picker.saves[1].label.startswith("2026-11-20 20:00:00  crypt_skirmish, round 1")
    assert "broken.jsonl: cannot be opened" in picker.saves[2].label
    assert picker.listing.get_single_selection() == picker.saves[0].label  # the newest, chosen already
    _key(table, pygame.K_RETURN)
    assert table.replay_ui.picker is None and table.session is not None
    assert len(table.session.history) == len(Session.resume(new).history) and "Resumed b.jsonl" in table.message
    _press(table, table.replay_ui.open_replay)
    picker = table.replay_ui.picker
    assert picker is not None and picker.replaying
    _select(picker, 1)
    _press(table, picker.replay)
    view = table.replay_ui.replay
    assert view is not None and view.replay.path == old and view.position == 0
    _press(table, table.replay_ui.open_save)
    picker = table.replay_ui.picker
    assert picker is not None
    _select(picker, 2)
    _press(table, picker.resume)
    assert table.message.startswith(f"{folder / 'broken.jsonl'}: line 1: not a save") and "\n" not in table.message


def _select(picker: replay_view.Picker, index: int) -> None:
    """Choose line ``index`` of the picker's list, as a click on it does."""
    for i, item in enumerate(picker.listing.item_list):
        item["selected"] = i == index
    assert picker.listing.get_single_selection() == replay_view.labels(picker.saves)[index]


def test_the_next_start_after_a_crash_offers_to_resume_the_newest_autosave(table: Table, tmp_path: Path) -> None:
    auto = _with_time(_saved(tmp_path / "auto.jsonl"), "2026-11-26 23:10:00")
    table.controls = dict(ALL_AI)
    assert table.open(str(CRYPT))
    fresh = table.session
    replay_view.offer_resume(table, auto)
    offer = table.replay_ui.offer
    assert offer is not None and offer.window.alive()
    shown = len(fresh.encounter.log)
    frames(table, 60)
    assert len(fresh.encounter.log) == shown, "the AI played behind the offer"
    _key(table, pygame.K_RETURN)  # Resume
    assert table.replay_ui.offer is None and not offer.window.alive()
    assert table.session is not fresh and table.session is not None
    assert _event_lines(table.session) == _event_lines(Session.resume(auto))
    replay_view.offer_resume(table, auto)
    resumed = table.session
    offer = table.replay_ui.offer
    assert offer is not None
    _press(table, offer.fresh)  # Start fresh: the table keeps what it had
    assert table.replay_ui.offer is None and table.session is resumed and "Started fresh" in table.message


def test_play_offers_the_autosave_a_crash_left_and_opens_replays(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """``play`` hands the window the autosave a crash left (the window offers it); ``play --replay SAVE`` and
    ``replay SAVE --window`` open the save as a replay; a bad one is one line before any window."""
    import game.ui.table
    from game.__main__ import main

    monkeypatch.setenv(saves.DATA_ENV, str(tmp_path))
    got: list[dict[str, Any]] = []
    monkeypatch.setattr(game.ui.table, "run_table", lambda path, **kw: got.append({"path": path, **kw}) or 0)
    saves.autosaves_dir().mkdir(parents=True)
    autosave = _saved(saves.autosaves_dir() / "20261126-230000-000020-crypt_skirmish.jsonl")
    (tmp_path / saves.RUNNING).write_text("999999999")  # a window whose process is gone
    assert main(["play", str(CRYPT)]) == 0
    assert got[-1]["crashed"] == autosave and got[-1]["path"] == str(CRYPT)
    assert main(["play", str(CRYPT)]) == 0
    assert got[-1]["crashed"] is None  # that window closed as it should
    assert main(["play", "--replay", str(autosave)]) == 0
    assert got[-1]["replay"] == str(autosave) and got[-1]["path"] is None
    assert main(["replay", str(autosave), "--window"]) == 0
    assert got[-1]["replay"] == str(autosave)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("nonsense\n")
    calls = len(got)
    assert main(["play", "--replay", str(bad)]) == 2 and len(got) == calls


def test_a_replay_that_parts_from_the_recording_says_so_from_that_step_on(table: Table, tmp_path: Path) -> None:
    """Issue 16 item 2: a replay "names the first command where the replay diverges from what was recorded";
    in the window the top line says so from that step on, and the replay goes on."""
    save = _saved(tmp_path / "fight.jsonl")
    lines = save.read_text().splitlines()
    record = json.loads(lines[5])
    record["events"][0] = "00000000"  # as if the fight now played step 5 differently
    lines[5] = json.dumps(record, separators=(",", ":"))
    save.write_text("\n".join(lines) + "\n")
    assert replay_view.open_replay(table, save)
    view = table.replay_ui.replay
    assert view is not None
    for _ in range(4):
        _key(table, pygame.K_RIGHT)
    assert "parts" not in table.message and not table.message_error
    _key(table, pygame.K_RIGHT)
    assert view.position == 5 and "Note:" in table.message and "line 6: the replay parts from the save" in table.message
    _key(table, pygame.K_END)
    assert view.position == len(view.replay.steps) and "line 6: the replay parts" in table.message
    table.screen = pygame.display.set_mode((900, 640), pygame.RESIZABLE)
    table.relayout()  # the bar is laid out again at the new size
    assert view.panel is not None and view.panel.get_relative_rect().bottom == 640
    _press(table, view.elements["start"])
    assert view.position == 0


def test_quitting_during_a_replay_asks_only_for_the_live_fight_left_behind(table: Table, tmp_path: Path) -> None:
    """A replay is never written: with no live fight behind it Ctrl+Q quits at once (it asked "not saved.
    Quit anyway?" as if a fight were being played); with one left for it, the question names that fight."""
    save = _saved(tmp_path / "fight.jsonl")
    assert replay_view.open_replay(table, save)
    assert not table.ask_quit(), "nothing to lose: quits at once"
    _key(table, pygame.K_ESCAPE)
    assert table.replay_ui.replay is None
    assert table.open(str(CRYPT))
    assert replay_view.open_replay(table, save)
    assert table.ask_quit() and table.quit_dialog is not None
    assert table.quit_question().startswith("A replay is shown; the fight you left for it is not over.")
