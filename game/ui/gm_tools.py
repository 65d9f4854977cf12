"""The game master's tools in the window: the edit panel (behind the game master's handoff), the dice field
of the top bar (everyone's), and the game master's redo.

* **The edit panel** (``Ctrl+G``, File -> GM tools): only the game master opens it. Anyone else
  pressing ``Ctrl+G`` hides the board and passes the table to the game master first (the handoff), as ``P``
  does; the panel closes at the next handoff. It picks a creature (its list, or a click on the board) and
  applies each edit of :mod:`game.rulesets.edits` through :meth:`game.session.Session.edit`: hit points,
  a condition added or removed, a move to a clicked cell, a creature brought in from the content (or a copy
  of the one picked) at a clicked cell, one taken out, up or down the turn order. A refusal is the ruleset's
  one line in the top bar. While it is open the AI waits and no handoff comes.
* **Dice**: the top bar's field rolls an expression (``2d6+3``) as the player at the table
  (:meth:`game.session.Session.roll`); "GM only" makes the roll private to the game master.
* **Redo**: Ctrl+Shift+Y (File -> Game master's redo) plays again what the game master's undo took back.

The table calls this module through a few hooks (a key, a menu entry, a check in its handoff and AI step).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextEntryLine, UIWindow

from game.errors import GameError
from game.grid import Cell
from game.kernel.engine import Impossible
from game.rulesets import edits as ed
from game.ui.modes.base import Mode

DICE_W = 232
"""The top bar's width the dice field takes (the turn line and messages start after it)."""
DICE_MIN_WIDTH = 900
"""Narrower windows leave the dice field out of the top bar (the turn line and messages need the room)."""
PANEL_W = 380
PANEL_H = 404
ROW = 34
COPY = "(a copy of the one picked)"
"""The first entry of the add list: a copy of the creature picked, on its side."""


@dataclass(eq=False)
class GmPanel(Mode):
    """The game master's edit panel over the fight: its own events first; a click on the board picks the
    creature there, or is the cell of the move or the creature brought in that a button armed."""

    table: Any
    window: UIWindow | None = None
    arming: str = ""
    """"move" or "add": the next click on the board is where."""
    sheet: str = COPY
    condition: str = ""
    lift: str = ""
    side: str = ""
    elements: dict[str, Any] = field(default_factory=dict)
    _picks: dict[str, str] = field(default_factory=dict)
    """The creature list's text -> creature id."""
    _sheets: dict[str, str] = field(default_factory=dict)
    """The add list's text -> sheet id."""

    # -- building -----------------------------------------------------------------------------------

    def build(self) -> None:
        """(Re)build the panel's window from the fight as it stands, where it was."""
        table, session = self.table, self.table.session
        assert session is not None and session.editing is not None
        fight, editing = session.encounter, session.editing
        where = (table.board_rect.left + 8, table.board_rect.top + 8)
        if self.window is not None:  # where the game master dragged it (its rect holds its shadow around it)
            r = self.window.get_relative_rect()
            edge = (r.width - PANEL_W) // 2
            where = (r.x + edge, r.y + edge)
        if self.window is not None:
            _kill(self.window)
        m = table.manager
        win = UIWindow(pygame.Rect(where, (PANEL_W, PANEL_H)), m, window_display_title="Game master's tools (Ctrl+G)",
                       object_id="#gm_tools")
        self.window = win
        e: dict[str, Any] = {}
        order = editing.turn_order()
        living = [p for p in fight.pieces() if p.id in order] + [p for p in fight.pieces() if p.id not in order]
        self._picks = {}
        for p in living:
            text = p.name if p.name not in self._picks else f"{p.name} ({p.id})"
            self._picks[text[:40]] = p.id
        picked = table.selected if table.selected in self._picks.values() else None
        if picked is None and living:
            picked = living[0].id
            table.selected = picked
        names = list(self._picks) or ["(nobody)"]
        shown = next((t for t, pid in self._picks.items() if pid == picked), names[0])
        w = PANEL_W - 32
        y = 4
        e["pick"] = UIDropDownMenu(_options(names), shown, pygame.Rect(4, y, w, 30), m, container=win,
                                   expansion_height_limit=220)
        y += ROW
        view = editing.edit_view(picked) if picked else None
        info = "nobody to edit"
        if view is not None and picked is not None:
            place = order.index(picked) + 1 if picked in order else 0
            conds = ", ".join(view.conditions) or "no conditions"
            hp = (" · ".join(f"{n} {v}/{most}" if most else f"{n} {v}" for n, v, most in view.levels)
                  if view.levels else f"hp {view.hp}/{view.max_hp}")
            info = f"{hp} · {conds}" if view.levels else f"{hp} · {conds} · turn order {place}/{len(order)}"
        e["info"] = UILabel(pygame.Rect(4, y, w, 26), info[:80], m, container=win)
        y += ROW - 4
        e["hp"] = UITextEntryLine(pygame.Rect(4, y, 90, 30), m, container=win)
        if view is not None:
            e["hp"].set_text(" ".join(str(v) for _, v, _ in view.levels) if view.levels else str(view.hp))
        says = ("Set " + ", ".join(n for n, _, _ in view.levels)) if view is not None and view.levels else "Set hit points"
        e["set_hp"] = UIButton(pygame.Rect(98, y, w - 94, 30), says, m, container=win)
        y += ROW
        conditions = list(editing.edit_conditions()) or ["(none)"]
        self.condition = self.condition if self.condition in conditions else conditions[0]
        e["condition"] = UIDropDownMenu(_options(conditions), self.condition, pygame.Rect(4, y, w - 94, 30), m,
                                        container=win, expansion_height_limit=200)
        e["add_condition"] = UIButton(pygame.Rect(w - 86, y, 90, 30), "Add", m, container=win)
        y += ROW
        held = list(view.conditions) if view is not None and view.conditions else ["(none)"]
        self.lift = self.lift if self.lift in held else held[0]
        e["lift"] = UIDropDownMenu(_options(held), self.lift, pygame.Rect(4, y, w - 94, 30), m, container=win)
        e["remove_condition"] = UIButton(pygame.Rect(w - 86, y, 90, 30), "Remove", m, container=win)
        y += ROW
        half = (w - 4) // 2
        e["move"] = UIButton(pygame.Rect(4, y, half, 30), "Move: click a cell", m, container=win)
        e["remove"] = UIButton(pygame.Rect(8 + half, y, half, 30), "Take out", m, container=win)
        y += ROW
        e["up"] = UIButton(pygame.Rect(4, y, half, 30), "Earlier in order", m, container=win)
        e["down"] = UIButton(pygame.Rect(8 + half, y, half, 30), "Later in order", m, container=win)
        y += ROW
        self._sheets = {COPY: ""}
        for sid, name in editing.addable()[:200]:
            text = name if name not in self._sheets else f"{name} ({sid})"
            self._sheets[text[:40]] = sid
        self.sheet = self.sheet if self.sheet in self._sheets else COPY
        e["sheet"] = UIDropDownMenu(_options(list(self._sheets)), self.sheet, pygame.Rect(4, y, w, 30), m, container=win,
                                    expansion_height_limit=200)
        y += ROW
        sides = list(dict.fromkeys(p.side for p in fight.pieces())) or ["heroes"]
        self.side = self.side if self.side in sides else sides[-1]
        e["side"] = UIDropDownMenu(_options(sides), self.side, pygame.Rect(4, y, half, 30), m, container=win)
        e["add"] = UIButton(pygame.Rect(8 + half, y, half, 30), "Bring in: click", m, container=win)
        y += ROW
        e["hint"] = UILabel(pygame.Rect(4, y, w, 26), self.hint()[:80], m, container=win)
        self.elements = e

    def hint(self) -> str:
        if self.arming == "move":
            return "Click a free cell to put the creature there (Esc: not now)"
        if self.arming == "add":
            return "Click a free cell to bring the creature in (Esc: not now)"
        return "Click a creature on the board to pick it"

    # -- input ----------------------------------------------------------------------------------------

    def on_event(self, table: Any, event: pygame.event.Event) -> bool:
        e = self.elements
        if event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE and self.typing():
            return True  # typed into the hit-point field: not the table's keys
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.window:
            close(table, killed=True)
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is e.get("hp"):
            self.set_hp(e["hp"].get_text())
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is e.get("pick"):
                self.pick(self._picks.get(event.text, ""))
            elif event.ui_element is e.get("condition"):
                self.condition = event.text
            elif event.ui_element is e.get("lift"):
                self.lift = event.text
            elif event.ui_element is e.get("sheet"):
                self.sheet = event.text
            elif event.ui_element is e.get("side"):
                self.side = event.text
            else:
                return False
            return True
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        pressed = next((k for k, v in e.items() if v is event.ui_element), None)
        pid = table.selected or ""
        match pressed:
            case "set_hp":
                self.set_hp(e["hp"].get_text())
            case "add_condition":
                self.apply(ed.AddCondition(pid, self.condition))
            case "remove_condition":
                self.apply(ed.RemoveCondition(pid, self.lift))
            case "move" | "add":
                self.arming = "" if self.arming == pressed else pressed
                e["hint"].set_text(self.hint())
            case "remove":
                self.apply(ed.RemoveCreature(pid))
            case "up" | "down":
                self.apply(ed.MoveInOrder(pid, -1 if pressed == "up" else 1))
            case _:
                return False
        return True

    def typing(self) -> bool:
        field = self.elements.get("hp")
        return bool(field is not None and field.is_focused)

    def on_click(self, table: Any, cell: Cell) -> Mode | None:
        assert table.session is not None
        arming, self.arming = self.arming, ""
        if arming == "move":
            self.apply(ed.PlaceCreature(table.selected or "", cell))
        elif arming == "add":
            self.bring_in(cell)
        else:
            who = table.session.encounter.occupant(cell)
            if who is not None:
                self.pick(who.id)
        return None

    def on_key(self, table: Any, key: int) -> Mode | None:
        return None  # the fight's keys wait while the game master edits

    def on_confirm(self, table: Any) -> Mode | None:
        return None

    def on_cancel(self, table: Any) -> Mode | None:
        if self.arming:
            self.arming = ""
            self.elements["hint"].set_text(self.hint())
        else:
            close(table)
        return None

    def prompt(self, table: Any) -> str:
        return "Game master's tools: " + self.hint()

    # -- the edits --------------------------------------------------------------------------------------

    def pick(self, pid: str) -> None:
        if pid:
            self.table.selected = pid
            self.build()

    def set_hp(self, text: str) -> None:
        """Hit points (one number), or a track's levels (seed 002: damage, fatigue, Stress, as three numbers)."""
        session = self.table.session
        view = session.editing.edit_view(self.table.selected or "") if session and session.editing else None
        if view is not None and view.levels:
            names = ", ".join(n for n, _, _ in view.levels)
            try:
                levels = [int(x) for x in text.replace(",", " ").split()[:4]]
            except ValueError:
                levels = []
            if len(levels) != 3:
                self.table.say(f"{names}: three whole numbers, not {text.strip()[:20]!r}", error=True)
                return
            self.apply(ed.SetTrack(self.table.selected or "", *levels))
            return
        try:
            hp = int(text.strip())
        except ValueError:
            self.table.say(f"hit points: a whole number, not {text.strip()[:20]!r}", error=True)
            return
        self.apply(ed.SetHitPoints(self.table.selected or "", hp))

    def bring_in(self, cell: Cell) -> None:
        table = self.table
        sid = self._sheets.get(self.sheet, "")
        if sid:
            self.apply(ed.AddCreature(sid, self.side, cell))
            return
        model = table.piece(table.selected or "")
        if model is None:
            table.say("pick the creature to copy first", error=True)
            return
        sheet = getattr(getattr(model, "template", None), "id", "")
        self.apply(ed.AddCreature(sheet, model.side, cell, copy_of=model.id))

    def apply(self, command: object) -> bool:
        """Give the edit as the game master's; the ruleset's refusal is the top line, never a crash."""
        table = self.table
        session = table.session
        if session is None:
            return False
        table.anim.finish()
        try:
            events = session.edit(command)
        except (Impossible, GameError) as exc:
            table.say(f"Not done: {exc}", error=True)
            self.build()
            return False
        table.took(events)
        if isinstance(command, ed.AddCreature) and events:
            table.selected = getattr(events[-1], "creature", table.selected)
        if table.selected is not None and session.encounter.piece(table.selected) is None:
            table.selected = None
        table.say(session.encounter.describe(events[0]) if events else "")
        table.invalidate(bar=True)
        self.build()
        return True


# -- the table's hooks ----------------------------------------------------------------------------------


def panel(table: Any) -> GmPanel | None:
    """The game master's panel, if it is open."""
    return next((m for m in table.modes if isinstance(m, GmPanel)), None)


def is_open(table: Any) -> bool:
    return panel(table) is not None


def request(table: Any) -> None:
    """``Ctrl+G``: the panel, in the game master's hands only: the board is hidden and the table passed to the
    game master first, unless the game master is at it already (or nobody plays)."""
    session = table.session
    if session is None or table.screen_state != "table":
        return
    if session.editing is None:
        table.say(f"ruleset {session.source.rules.name} has no game master's edits", error=True)
        return
    gm = session.gm
    if gm is None or table.viewer == gm:
        open_panel(table)
        return
    table.start_handoff(gm, for_gm_tools=True)


def handoff_why(table: Any) -> str:
    """What the handoff screen says the game master is called for, when it is for these tools ("" if not)."""
    mode = table.modes[-1] if table.modes else None
    return "edits the fight" if getattr(mode, "for_gm_tools", False) else ""


def open_panel(table: Any) -> None:
    """Open the panel (the game master is at the table)."""
    session = table.session
    if session is None or session.editing is None or is_open(table):
        return
    table.drop_choice()
    mode = GmPanel(table)
    table.modes.append(mode)
    mode.build()
    table.say(mode.prompt(table))


def close(table: Any, *, killed: bool = False) -> None:
    mode = panel(table)
    if mode is None:
        return
    if mode.window is not None and not killed:
        _kill(mode.window)
    table.modes.remove(mode)


def redo(table: Any) -> None:
    """Ctrl+Shift+Y: the game master's redo (``Session.gm_redo``); only with the game master at the table."""
    session = table.session
    if session is None:
        return
    gm = session.gm
    if gm is not None and table.viewer != gm:
        table.say(f"Only the game master ({gm}) redoes: hand the table over (P)", error=True)
        return
    try:
        group = session.gm_redo()
    except (Impossible, GameError) as exc:
        table.say(str(exc), error=True)
        return
    table.relog()
    table.say(f"Game master's redo ({gm or 'the table'}): {table.described(group[0].command)} again")
    mode = panel(table)
    if mode is not None:
        mode.build()


# -- dice --------------------------------------------------------------------------------------------------


@dataclass(eq=False)
class DiceBar:
    """The top bar's dice field, its Roll button and its "GM only" switch."""

    entry: UITextEntryLine
    roll: UIButton
    private: UIButton
    secret: bool = False

    def kill(self) -> None:
        for element in (self.entry, self.roll, self.private):
            _kill(element)


def build_dice(table: Any, x: int) -> DiceBar:
    """The dice field at ``x`` of the top bar (rebuilt with the bar)."""
    m = table.manager
    old = getattr(table, "dice", None)
    text, secret = (old.entry.get_text(), old.secret) if old is not None else ("", False)
    if old is not None:
        old.kill()
    shown = int(table.screen.get_width() >= DICE_MIN_WIDTH)
    entry = UITextEntryLine(pygame.Rect(x, 4, 96, 30), m, placeholder_text="2d6+3", visible=shown)
    entry.set_text_length_limit(ed.MAX_EXPRESSION)
    entry.set_text(text)
    bar = DiceBar(entry, UIButton(pygame.Rect(x + 98, 4, 48, 30), "Roll", m, visible=shown),
                  UIButton(pygame.Rect(x + 148, 4, 78, 30), "GM only" if secret else "Public", m,
                           tool_tip_text="GM only: the roll is seen by the game master alone", visible=shown),
                  secret)
    return bar


def dice_width(table: Any) -> int:
    """The top bar's room the dice field takes in this window (none when it is too narrow for it)."""
    return DICE_W if table.screen.get_width() >= DICE_MIN_WIDTH else 0


def dice_event(table: Any, event: pygame.event.Event) -> bool:
    """The dice field's events (Enter in it, Roll, the switch); True when they were its."""
    bar: DiceBar | None = getattr(table, "dice", None)
    if bar is None:
        return False
    if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is bar.entry:
        roll(table, bar.entry.get_text())
        return True
    if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is bar.roll:
        roll(table, bar.entry.get_text())
        return True
    if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is bar.private:
        bar.secret = not bar.secret
        bar.private.set_text("GM only" if bar.secret else "Public")
        return True
    return False


def typing(table: Any) -> bool:
    """A text field of these tools has the keyboard (the table's keys wait)."""
    bar: DiceBar | None = getattr(table, "dice", None)
    mode = panel(table)
    return bool((bar is not None and bar.entry.is_focused) or (mode is not None and mode.typing()))


def roll(table: Any, text: str, *, private: bool | None = None) -> bool:
    """Roll ``text`` as the player at the table; the roll is logged (a private one only in the game
    master's view of the log)."""
    session = table.session
    if session is None:
        table.say("No fight open: open an encounter to roll at its table", error=True)
        return False
    bar: DiceBar | None = getattr(table, "dice", None)
    secret = private if private is not None else bool(bar is not None and bar.secret)
    who = table.viewer or session.gm or "the table"
    try:
        events = session.roll(text, by=who, private=secret)
    except (Impossible, GameError) as exc:
        table.say(str(exc), error=True)
        return False
    table.took(events)
    mine = [e for e in events if isinstance(e, ed.TableDiceRolled)]
    if mine:
        line = ed.describe_table(mine[0]) or ""
        table.say(line if not secret or table.viewer == session.gm or session.gm is None
                  else f"{who} rolled {mine[0].expression} for the game master's eyes only")
    return True


def _options(texts: list[str]) -> list[str | tuple[str, str]]:
    return list(texts)


def _kill(element: Any) -> None:
    element.kill()
