"""The setup dialog: who plays what (the game master, each side, each creature not played with its side)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIScrollingContainer, UITextBox, UITextEntryLine, UIWindow

from game.session import AI, DEFAULT_PLAYER
from game.ui.modes.base import Host, Mode

SETUP_CREATURE_ROWS = 24
"""The setup dialog lists at most this many creatures (those the players play first): a map of a
thousand would take seconds to lay out (pygame_gui: about 7 ms a row)."""


@dataclass(eq=False)
class SetupMode(Mode):
    """The dialog is open: every key but Enter (Play) and the Ctrl chords is its entries'."""

    screen = "setup"
    takes_keys = True
    window: UIWindow
    ok: UIButton
    entries: dict[str, UITextEntryLine] = field(default_factory=dict)
    """Side -> who plays it."""
    creature_entries: dict[str, UITextEntryLine] = field(default_factory=dict)
    """Creature id -> who plays it (empty: as its side)."""
    gm_entry: UITextEntryLine | None = None

    @classmethod
    def build(cls, table: Host, *, propose: bool) -> SetupMode:
        """Lay the dialog out in the window; ``propose``: a side for a person when the AI plays them all
        (before the fight, or from a screen other than the table)."""
        session = table.session
        assert session is not None
        manager = table.manager
        sides = list(session.controllers)
        proposal = dict(session.controllers)
        if propose and all(v == AI for v in proposal.values()) and sides and not table.controls:
            proposal[sides[0]] = DEFAULT_PLAYER
        alive = [c for c in session.encounter.pieces() if not c.dead]
        alive.sort(key=lambda c: session.controller_of(c.id) == AI)  # the players' creatures first
        creatures, untold = alive[:SETUP_CREATURE_ROWS], len(alive) - SETUP_CREATURE_ROWS
        about = table.description()
        w, h = table.screen.get_size()
        width = min(w, 560)
        rows = 1 + len(sides) + len(creatures) + (1 if untold > 0 else 0)
        top = 40 + (76 if about else 0)
        height = min(max(200, h - 20), top + 40 * rows + 100)
        window = UIWindow(pygame.Rect(max(0, w // 2 - width // 2), max(0, h // 2 - height // 2), width, height),
                          manager, window_display_title="Who plays what?", object_id="#setup")
        inner = width - 32
        UILabel(pygame.Rect(10, 6, inner, 24), "A player's name, or ai for the computer; a creature left empty "
                "plays with its side.", manager, container=window)
        if about:
            UITextBox(about, pygame.Rect(10, 34, inner, 70), manager, container=window)
        scroller = UIScrollingContainer(pygame.Rect(0, top, width - 30, height - top - 96), manager,
                                        container=window, allow_scroll_x=False)
        scroller.set_scrollable_area_dimensions((width - 50, 40 * rows + 4))

        def row(k: int, label: str, text: str, placeholder: str = "") -> UITextEntryLine:
            UILabel(pygame.Rect(10, 4 + 40 * k, 190, 32), label, manager, container=scroller)
            entry = UITextEntryLine(pygame.Rect(210, 4 + 40 * k, width - 280, 32), manager, container=scroller,
                                    initial_text=text, placeholder_text=placeholder)
            return entry

        gm_entry = row(0, "Game master", session.gm_name or "", "(empty: the first player)")
        entries = {side: row(k, f"side {side}", proposal[side]) for k, side in enumerate(sides, 1)}
        creature_entries: dict[str, UITextEntryLine] = {}
        for k, c in enumerate(creatures, 1 + len(sides)):
            own = session.creature_controllers.get(c.id, "")
            creature_entries[c.id] = row(k, f"  {c.name} ({c.side})", own, "(empty: as its side)")
        if untold > 0:
            UILabel(pygame.Rect(10, 4 + 40 * (rows - 1), width - 70, 32), f"and {untold} more: see the file's "
                    "[creature_control]", manager, container=scroller)
        ok = UIButton(pygame.Rect(width - 170, height - 90, 130, 32), "Play (Enter)", manager, container=window)
        return cls(window, ok, entries, creature_entries, gm_entry)

    def on_event(self, table: Host, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.ok:
            self.accept(table)
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.window:
            table.follow(self, table.fight)  # closed: the controllers stay as they were
            return True
        return False

    def on_key(self, table: Host, key: int) -> Mode | None:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.accept(table)
        return None

    def accept(self, table: Host) -> None:
        """Take the dialog's names. An empty side is refused (the dialog stays open with the reason): the AI
        plays a side only when it says ``ai``."""
        session = table.session
        if session is None:
            return
        chosen: dict[str, str] = {}
        for side, entry in self.entries.items():
            name = entry.get_text().strip()
            if not name:
                table.say(f"side {side}: write who plays it, a player's name or ai", error=True)
                return
            chosen[side] = AI if name.lower() == AI else name
        creatures: dict[str, str] = {}
        pieces = {c.id: c for c in session.encounter.pieces()}
        for cid, entry in self.creature_entries.items():
            name = entry.get_text().strip()
            creature = pieces[cid]
            if name and (AI if name.lower() == AI else name) != chosen.get(creature.side, AI):
                creatures[cid] = AI if name.lower() == AI else name
        for cid, name in session.creature_controllers.items():  # the dead keep theirs (their log lines)
            if cid not in self.creature_entries:
                creatures[cid] = name
        gm = self.gm_entry.get_text().strip() if self.gm_entry is not None else ""
        session.controllers = chosen
        session.creature_controllers = creatures
        session.gm_name = gm or None
        kill(self.window)
        table.follow(self, table.fight)
        if table.viewer is not None and table.viewer not in session.players() and table.viewer != session.gm:
            table.viewer = None
        table.invalidate(bar=True)
        players = session.players()
        gm_note = f"; game master {session.gm}" if session.gm else ""
        table.say("Players: " + (", ".join(f"{p} ({session.plays(p)})" for p in players)
                                 if players else "the AI plays every side") + gm_note)


def kill(element: Any) -> None:
    """Remove a pygame_gui element (its ``kill`` is untyped)."""
    element.kill()
