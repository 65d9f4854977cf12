"""The table's saves screens: a save replayed step by step, the save picker, and the offer to resume after a crash.

* **Replay** (``play --replay SAVE``, ``replay SAVE --window``, File -> Open replay...): the save's fight shown
  as it stood after any number of its steps (each command, answer and undo given). Left / Right step back and
  forward, Home / End jump to the start and the end, and so do the buttons of the bar at the bottom; the
  board and the log show the fight at that step. Nobody plays while it is shown (no AI, no commands).
  **Play on from here** (Enter) branches: the fight at that step becomes a live one, saved at once as a new
  file; the save replayed is never written.
* **Save picker** (File -> Open save... / Open replay...): the saves and autosaves of the data folder, newest
  first, each with its encounter, round and when it was saved; resume one, or replay it.
* **After a crash**: the next start offers to resume the newest autosave (Resume / Start fresh).

The table keeps one :class:`SavesUI` and calls :func:`event`, :func:`advance`, :func:`refuses` and
:func:`add_menu` from small hooks; this module sees the table as ``Any`` (as the players' display does).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel, UISelectionList, UIWindow

from game.errors import GameError
from game.saves import Listed, SaveError, list_saves, read_header, saves_dir
from game.session import Played, Session, Undone

BAR_HEIGHT = 64
"""The replay bar covers the action bar's strip (nobody acts during a replay)."""
RIGHT_PANEL = 390
"""The table's right panel (``table.RIGHT``): the bar stops at it."""


class ReplayView:
    """A save shown step by step in the table (see the module's doc)."""

    def __init__(self, path: str | Path) -> None:
        self.replay = Session.open_replay(path)
        first = self.replay.fresh()
        assert isinstance(first, Session)
        self.session: Session = first
        self.position = 0
        """How many of the save's steps the fight shown has had."""
        self.end = len(self.replay.steps)
        """The last step it can show (a command the engine now refuses stops it there)."""
        self.parted: SaveError | None = self.replay.start_parted
        """The first place found where the fight now plays differently from the recording."""
        self.checked = 0
        """The steps played once already, their events compared with the recording (a step back plays them
        again from the start without comparing them again)."""
        self.elements: dict[str, UIButton] = {}
        self.panel: UIPanel | None = None
        self.label: UILabel | None = None

    @property
    def name(self) -> str:
        return self.replay.path.name

    def go(self, target: int) -> None:
        """Show the fight after ``target`` steps (within 0 and :attr:`end`): forward by playing the steps
        after the one shown, back by playing the save again from its start."""
        target = max(0, min(self.end, target))
        if target == self.position:
            return
        if target < self.position:
            fresh = self.replay.fresh()
            assert isinstance(fresh, Session)
            session, pos = fresh, 0
        else:
            session, pos = self.session, self.position
        while pos < target:
            try:
                _, differs = self.replay.play(session, pos, check=pos >= self.checked)
            except SaveError as refused:
                self.end = pos
                self.parted = self.parted or refused
                break
            self.parted = self.parted or differs
            pos += 1
            self.checked = max(self.checked, pos)
        self.session, self.position = session, pos

    def step_text(self, table: Any) -> str:
        """What the step shown was, for people."""
        if self.position == 0:
            return "the start of the fight"
        step = self.replay.steps[self.position - 1]
        record = step.record
        if step.command is None:
            who = (f"game master's undo ({record.by})" if record.by else "game master's undo") if record.gm \
                else f"{record.by}'s undo"
            return f"{who}: took back {record.undo} command{'s' if record.undo > 1 else ''} and answers"
        try:
            what = table.described(step.command)
        except Exception:  # a describer's bug must not end the replay
            what = type(step.command).__name__
        return f"{record.by}: {what}"

    def status(self, table: Any) -> str:
        enc = self.session.encounter
        where = "over" if enc.over else f"round {enc.round}"
        return (f"Replay of {self.name}: step {self.position} of {len(self.replay.steps)} ({where}), "
                f"{self.step_text(table)}")

    # -- the bar ------------------------------------------------------------------------------------------

    def build(self, table: Any) -> None:
        """The bar of buttons over the action bar's strip (rebuilt when the window changes size)."""
        self.kill()
        w, h = table.screen.get_size()
        width = max(200, w - RIGHT_PANEL)
        self.panel = UIPanel(pygame.Rect(0, h - BAR_HEIGHT, width, BAR_HEIGHT), starting_height=3,
                             manager=table.manager)
        x = 4
        for key, text, wide in (("start", "|< Start (Home)", 120), ("back", "< Back (Left)", 110),
                                ("forward", "Forward (Right) >", 130), ("end", "End (End) >|", 100),
                                ("play_on", "Play on from here (Enter)", 200), ("close", "Close (Esc)", 100)):
            self.elements[key] = UIButton(pygame.Rect(x, 2, wide, 28), text, table.manager, container=self.panel)
            x += wide + 4
        self.label = UILabel(pygame.Rect(4, 32, width - 14, 24), "", table.manager, container=self.panel)
        self.show(table)

    def kill(self) -> None:
        if self.panel is not None:
            _untyped(self.panel).kill()
        self.panel, self.label, self.elements = None, None, {}

    def show(self, table: Any) -> None:
        """Put the fight after :attr:`position` steps on the table: board, log, the bar's state and line."""
        table.anim.finish()
        table.session = self.session
        table.viewer = None
        table.relog()
        table.invalidate(bar=True)
        text = self.status(table)
        if self.label is not None:
            self.label.set_text(text[:200])
        for key, on in (("start", self.position > 0), ("back", self.position > 0),
                        ("forward", self.position < self.end), ("end", self.position < self.end)):
            button = self.elements.get(key)
            if button is not None:
                _untyped(button).enable() if on else _untyped(button).disable()
        parted = f"  Note: {self.parted}" if self.parted is not None and self.position >= self._parted_at() else ""
        table.say(text + parted, error=bool(parted))

    def _parted_at(self) -> int:
        """The step at which the replay parted from the recording (shown from there on)."""
        if self.parted is None:
            return len(self.replay.steps) + 1
        place = self.parted.place
        for i, step in enumerate(self.replay.steps):
            if place.startswith(f"line {step.record.line}"):
                return i + 1
        return 0

    def to(self, table: Any, target: int) -> None:
        self.go(target)
        self.show(table)


UNDO_COLOUR = (236, 190, 120)


def relog_with_undos(table: Any, session: Session) -> None:
    """The log shown again from the start: what stands of the fight's history, with a line where each undo
    took commands back (after what it left standing), the game master's marked as the game master's."""
    shown: list[Played | Undone] = []
    for item in session.history:
        if isinstance(item, Undone):
            left, i = item.count, len(shown)
            while left and i:
                i -= 1
                if isinstance(shown[i], Played):
                    del shown[i]
                    left -= 1
        shown.append(item)
    table.log.clear()
    table._log(session.start_events)
    for item in shown:
        if isinstance(item, Played):
            table._log(item.events)
        else:
            who = (f"The game master ({item.by})" if item.by else "The game master") if item.gm else item.by
            table.log.add(None, f"-- {who} took back {item.count} command{'s' if item.count > 1 else ''} "
                                f"and answers --", None, UNDO_COLOUR)


# -- the picker and the offer after a crash ---------------------------------------------------------------


@dataclass
class Picker:
    """File -> Open save... / Open replay...: the data folder's saves, newest first."""

    window: UIWindow
    listing: UISelectionList
    saves: list[Listed]
    resume: UIButton
    replay: UIButton
    cancel: UIButton
    replaying: bool
    """Opened as Open replay... (Enter replays; else Enter resumes)."""

    def chosen(self) -> Listed | None:
        picked = self.listing.get_single_selection()
        for listed, label in zip(self.saves, labels(self.saves)):
            if picked is not None and label == picked:
                return listed
        return None


def labels(saves: list[Listed]) -> list[str]:
    """The picker's lines: each save's label, with its file name where two labels are alike."""
    plain = [listed.label for listed in saves]
    return [label if plain.count(label) == 1 else f"{label}  [{listed.path.name}]"
            for label, listed in zip(plain, saves)]


@dataclass
class CrashOffer:
    """The offer to resume the autosave a crash left (Resume / Start fresh)."""

    window: UIWindow
    path: Path
    resume: UIButton
    fresh: UIButton


@dataclass
class SavesUI:
    """What the table keeps of this module's screens."""

    replay: ReplayView | None = None
    picker: Picker | None = None
    offer: CrashOffer | None = None
    open_save: UIButton | None = None
    open_replay: UIButton | None = None
    shown_before: Any = field(default=None, repr=False)
    """The live fight the table showed before a replay opened (shown again when the replay closes)."""


def _untyped(element: object) -> Any:
    """A pygame_gui element, whose ``kill``, ``disable`` and the like are untyped."""
    return element


def ui(table: Any) -> SavesUI:
    saves: SavesUI = table.replay_ui
    return saves


def add_menu(table: Any) -> None:
    """The File menu's Open save... and Open replay... (``build_chrome``), and the replay bar again at the new
    window size."""
    saves = ui(table)
    menu = table.file_menu
    rect = menu.get_relative_rect()
    top = rect.height - 6
    menu.set_dimensions((rect.width, rect.height + 68))
    saves.open_save = UIButton(pygame.Rect(4, top, 188, 30), "Open save...", table.manager, container=menu)
    saves.open_replay = UIButton(pygame.Rect(4, top + 34, 188, 30), "Open replay...", table.manager, container=menu)
    if saves.replay is not None:
        saves.replay.build(table)


def open_replay(table: Any, path: str | Path) -> bool:
    """Show a save as a replay, from its start; a bad save is one line in the top bar (False)."""
    saves = ui(table)
    try:
        view = ReplayView(path)
    except GameError as exc:
        table.say(str(exc), error=True)
        return False
    previous = saves.shown_before if saves.replay is not None else table.session
    close_replay(table, restore=False)
    if not table.open(view.replay.path, resumed=view.session):
        return False
    view.session.autosave = None  # a replay is never written
    saves.replay, saves.shown_before = view, previous
    view.build(table)
    return True


def close_replay(table: Any, *, restore: bool = True) -> None:
    """Close the replay; the live fight shown before it comes back (else the table is empty)."""
    saves = ui(table)
    view, before = saves.replay, saves.shown_before
    if view is None:
        return
    view.kill()
    saves.replay, saves.shown_before = None, None
    if not restore:
        return
    if before is not None:
        table.open(before.source.path, resumed=before)
        table.say(f"Replay closed; back to {before.source.title}, round {before.encounter.round}")
    else:
        table.session, table.view = None, None
        table.log.clear()
        table.say("Replay closed")


def play_on(table: Any) -> None:
    """The fight at the step shown becomes a live one, saved at once as a new file (the replayed save is not
    touched); the table plays it on."""
    saves = ui(table)
    view = saves.replay
    if view is None:
        return
    session = view.session
    session.started = time.strftime("%Y%m%d-%H%M%S")
    session.autosave = table.autosave
    folder = table.save_folder or saves_dir()
    name = f"{session.started}-{session.source.path.stem[:40]}-from-step-{view.position}.jsonl"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        written = session.save(folder / name)
    except (GameError, OSError) as exc:
        table.say(f"cannot play on: the new fight could not be saved ({exc})", error=True)
        return
    view.kill()
    saves.replay, saves.shown_before = None, None
    table.invalidate(bar=True)
    table.saved_mark = (id(session), len(session.played))
    table.say(f"Playing on from step {view.position} of {view.name} as a new fight, saved to {written} "
              f"({view.name} is unchanged)")


def open_picker(table: Any, *, replaying: bool) -> None:
    """File -> Open save... (``replaying`` False) or Open replay...: the saves of the data folder."""
    saves = ui(table)
    close_picker(table)
    listed = list_saves([(table.save_folder or saves_dir(), False), (autosaves(table), True)])
    w, h = table.screen.get_size()
    width, height = min(760, w - 40), min(460, h - 80)
    window = UIWindow(pygame.Rect((w - width) // 2, (h - height) // 2, width, height), table.manager,
                      window_display_title="Open replay" if replaying else "Open save", object_id="#save_picker")
    inner = window.get_container().get_size()
    items: list[str | tuple[str, str]] = [*labels(listed)] or ["(no saves yet: Ctrl+S saves the fight)"]
    listing = UISelectionList(pygame.Rect(8, 8, inner[0] - 16, inner[1] - 56), items, table.manager,
                              container=window, default_selection=items[0] if listed else None)
    y = inner[1] - 42
    resume = UIButton(pygame.Rect(8, y, 150, 32), "Resume" + (" (Enter)" if not replaying else ""), table.manager,
                      container=window)
    replay = UIButton(pygame.Rect(166, y, 150, 32), "Replay" + (" (Enter)" if replaying else ""), table.manager,
                      container=window)
    cancel = UIButton(pygame.Rect(inner[0] - 158, y, 150, 32), "Cancel (Esc)", table.manager, container=window)
    if not listed:
        for button in (resume, replay):
            _untyped(button).disable()
    saves.picker = Picker(window, listing, listed, resume, replay, cancel, replaying)
    table.say(f"{len(listed)} save{'s' if len(listed) != 1 else ''} in {(table.save_folder or saves_dir()).parent}"
              if listed else "No saves yet: Ctrl+S saves the fight")


def autosaves(table: Any) -> Path:
    from game.saves import autosaves_dir

    folder: Path | None = table.autosave
    return folder if folder is not None else autosaves_dir()


def close_picker(table: Any) -> None:
    saves = ui(table)
    if saves.picker is not None:
        _untyped(saves.picker.window).kill()
        saves.picker = None


def pick(table: Any, *, replaying: bool) -> None:
    """Open the save chosen in the picker: resume it, or replay it."""
    saves = ui(table)
    picker = saves.picker
    if picker is None:
        return
    listed = picker.chosen()
    if listed is None:
        table.say("Choose a save in the list first", error=True)
        return
    if listed.header is None:
        table.say(listed.problem, error=True)
        return
    close_picker(table)
    if replaying:
        open_replay(table, listed.path)
    else:
        resume(table, listed.path)


def resume(table: Any, path: Path) -> bool:
    """Resume a save in the table; a bad one is one line in the top bar."""
    try:
        session = Session.resume(path)
    except GameError as exc:
        table.say(str(exc), error=True)
        return False
    close_replay(table, restore=False)
    return bool(table.open(path, resumed=session))


def offer_resume(table: Any, path: Path) -> None:
    """After a crash: offer to resume the newest autosave (Enter: Resume, Esc: Start fresh)."""
    saves = ui(table)
    try:
        header = read_header(path)
        about = (f"{Path(header.encounter).stem}, round {header.round if header.round is not None else '?'}, "
                 f"saved {header.saved or 'at an unknown time'}")
    except SaveError as exc:
        table.say(f"The last window closed without quitting, and its newest autosave cannot be opened: {exc}",
                  error=True)
        return
    w, h = table.screen.get_size()
    width, height = min(560, w - 40), 190
    window = UIWindow(pygame.Rect((w - width) // 2, (h - height) // 2, width, height), table.manager,
                      window_display_title="Resume the last fight?", object_id="#crash_offer")
    inner = window.get_container().get_size()
    UILabel(pygame.Rect(10, 8, inner[0] - 20, 24), "The table closed without quitting last time.", table.manager,
            container=window)
    UILabel(pygame.Rect(10, 34, inner[0] - 20, 24), f"Its newest autosave: {about}.", table.manager,
            container=window)
    y = inner[1] - 44
    resume_button = UIButton(pygame.Rect(10, y, 170, 34), "Resume (Enter)", table.manager, container=window)
    fresh = UIButton(pygame.Rect(inner[0] - 190, y, 180, 34), "Start fresh (Esc)", table.manager, container=window)
    saves.offer = CrashOffer(window, path, resume_button, fresh)
    table.say(f"The last window closed without quitting: resume {path.name}?")


def answer_offer(table: Any, resume_it: bool) -> None:
    saves = ui(table)
    offer = saves.offer
    if offer is None:
        return
    _untyped(offer.window).kill()
    saves.offer = None
    if resume_it:
        resume(table, offer.path)
    else:
        table.say(f"Started fresh ({offer.path.name} stays in the autosaves: File -> Open save...)")


# -- the table's hooks ------------------------------------------------------------------------------------


def event(table: Any, ev: pygame.event.Event) -> bool | None:
    """An input event for the replay, the picker or the crash offer (True: handled, keep running); None:
    not theirs."""
    saves = ui(table)
    if ev.type == pygame_gui.UI_BUTTON_PRESSED:
        return _button(table, ev.ui_element)
    if table.quit_dialog is not None or table.file_dialog is not None:
        return None
    if ev.type == pygame_gui.UI_WINDOW_CLOSE:
        if saves.picker is not None and ev.ui_element is saves.picker.window:
            saves.picker = None
            return True
        if saves.offer is not None and ev.ui_element is saves.offer.window:
            saves.offer = None
            return True
        return None
    if ev.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and saves.picker is not None:
        pick(table, replaying=saves.picker.replaying)
        return True
    if ev.type != pygame.KEYDOWN:
        return None
    k = ev.key
    if saves.offer is not None:
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            answer_offer(table, k != pygame.K_ESCAPE)
            return True
        return None
    if saves.picker is not None:
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            pick(table, replaying=saves.picker.replaying)
            return True
        if k == pygame.K_ESCAPE:
            close_picker(table)
            return True
        return None
    view = saves.replay
    if view is None or table.screen_state != "table":
        return None
    steps = {pygame.K_LEFT: view.position - 1, pygame.K_RIGHT: view.position + 1, pygame.K_HOME: 0,
             pygame.K_END: len(view.replay.steps)}
    if k in steps:
        view.to(table, steps[k])
        return True
    if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
        play_on(table)
        return True
    if k == pygame.K_ESCAPE:
        close_replay(table)
        return True
    if ev.mod & pygame.KMOD_CTRL and k in (pygame.K_s, pygame.K_z):
        table.say("A replay is not played: Enter plays on from here as a new fight", error=True)
        return True
    return None


def _button(table: Any, element: object) -> bool | None:
    saves = ui(table)
    if element is saves.open_save or element is saves.open_replay:
        table.file_menu.hide()
        open_picker(table, replaying=element is saves.open_replay)
        return True
    picker = saves.picker
    if picker is not None and element in (picker.resume, picker.replay, picker.cancel):
        if element is picker.cancel:
            close_picker(table)
        else:
            pick(table, replaying=element is picker.replay)
        return True
    offer = saves.offer
    if offer is not None and element in (offer.resume, offer.fresh):
        answer_offer(table, element is offer.resume)
        return True
    view = saves.replay
    if view is not None:
        for key, button in list(view.elements.items()):
            if element is button:
                if key == "play_on":
                    play_on(table)
                elif key == "close":
                    close_replay(table)
                else:
                    view.to(table, {"start": 0, "back": view.position - 1, "forward": view.position + 1,
                                    "end": len(view.replay.steps)}[key])
                return True
    return None


def advance(table: Any) -> bool:
    """The table's frame while a replay is shown, or the picker or the offer after a crash is up: the camera,
    highlights and bar, and nobody plays (True; the AI waits for the question to be answered); False when
    none of them is."""
    saves = ui(table)
    if saves.replay is None and saves.picker is None and saves.offer is None:
        return False
    table.follow_acting()
    table.refresh()
    table.update_action_bar()
    return True


def refuses(table: Any) -> bool:
    """A command sent while a replay is shown is refused with a line (True)."""
    if ui(table).replay is None:
        return False
    table.say("A replay is not played: Enter plays on from here as a new fight", error=True)
    return True


def left_for_replay(table: Any) -> Session | None | bool:
    """What quitting during a replay would lose: False when no replay is shown; else the live fight left for
    the replay (shown again when it closes), or None when there was none (nothing to lose: a replay is
    never written)."""
    saves = ui(table)
    if saves.replay is None:
        return False
    before = saves.shown_before
    return before if isinstance(before, Session) and not before.encounter.over else None
