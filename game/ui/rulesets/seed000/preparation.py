"""The reaction preparation panel, at the end of a player's turn (seed 000, "Preparing reactions").

Space (or the End turn button) opens it, pre-filled with the creature's
preparation in force (before its first turn, its sheet's default), so one more
Enter or Space accepts it and ends the turn with
``EndTurnCommand(creature, preparation)``. In it the player chooses the one
Limited reaction, orders the Spontaneous ones (up / down) and disables or
enables them, sets the default basic attack and opportunity attack, and adds
restrictions, anchored on a creature or a cell picked on the map, or on the
creature that triggers the reaction (toward / away restrictions). Which
reactions exist, which are Limited or Spontaneous, which restriction fits which
reaction and what is wrong with a preparation all come from
``game.rulesets.seed000.preparation``; the engine checks the command again.

The panel only opens during its player's own turn, after the handoff, and the
sheet shows a creature's preparation only to its own player.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UIScrollingContainer, UIWindow

from game.grid import Cell
from game.rulesets.seed000.commands import EndTurnCommand
from game.rulesets.seed000.model import CreatureId, Power, PowerId, Restriction, RestrictionKind
from game.rulesets.seed000.preparation import (FORCED_RESTRICTIONS, MOVE_RESTRICTIONS, RESTRICTION_TEXT, Preparation,
                                    basic_attacks, describe_restriction, full_priority,
                                    is_limited, is_spontaneous, preparation_problems, reaction_powers,
                                    restriction_fits)
from game.rulesets.seed000.state import Creature
from game.rulesets.seed000.triggers import TRIGGERS
from game.ui.board_view import font
from game.ui.combat_log import wrap
from game.ui.rulesets.seed000.seen import encounter

if TYPE_CHECKING:
    from game.ui.modes.base import Host

NONE = "none"
RANDOM = "at random (seed 000)"
ANCHORED = FORCED_RESTRICTIONS | MOVE_RESTRICTIONS | {RestrictionKind.ONLY_AGAINST}
KIND_LABEL = {kind: RESTRICTION_TEXT[kind].format(anchor="...") for kind in RestrictionKind}
UPWARD = "#upward_menu"
"""The restriction row's drop-downs open upward: the panel is only as tall as what it holds."""
NOTE = "#reaction_note"
TEXT = "#reaction_text"
NOTE_SIZE = 12
MAX_NOTE_ROWS = 6
TEXT_SIZE = 14
PANEL_W = 470
WINDOW_EDGE_W = 4
"""The window's border, left and right."""
WINDOW_CHROME_H = 31
"""The window's title bar and borders."""
SCROLLBAR_W = 20
FOOTER_H = 40
THEME: dict[str, Any] = {
    UPWARD: {"misc": {"expand_direction": "up"}},
    NOTE: {"font": {"name": "noto_sans", "size": str(NOTE_SIZE), "style": "regular"},
           "colours": {"normal_text": "#aab2c4"}, "misc": {"text_horiz_alignment": "left"}},
    TEXT: {"misc": {"text_horiz_alignment": "left"}},
}
"""Added to the window's theme (``Table`` loads it with the theme file)."""


def what_it_does(power: Power) -> str:
    """A reaction in words: when it triggers, its keywords, and what it does ("When an enemy targets you
    with an attack (interrupt): shift 1 before the attack lands")."""
    spec = power.reaction
    if spec is None:
        return power.description
    info = TRIGGERS.get(spec.trigger)
    when = info.description if info is not None else spec.trigger.replace("_", " ")
    if spec.parameter:
        when += f" ({spec.parameter})"
    keywords = sorted(k for k in spec.keywords if k != "spontaneous")
    head = f"When {when}" + (f" [{', '.join(keywords)}]" if keywords else "")
    return f"{head}: {power.description}" if power.description else head


def in_force(table: Host, creature: Creature) -> Preparation:
    """The creature's preparation now, as the engine holds it (before its first turn: its sheet's default)."""
    assert table.session is not None
    return encounter(table).preparation(creature.id)


def available(table: Host, actor: Creature) -> bool:
    """A creature with reaction powers prepares at the end of its turn."""
    return bool(reaction_powers(actor.template))


def open_panel(table: Host, actor: Creature) -> PreparationPanel:
    return PreparationPanel(table, actor)


def summary(table: Host, creature: Creature) -> str:
    """The sheet's line about a creature's preparation: only for its own player."""
    if table.session is None or not table.session.may_see_secrets_of(table.viewer, creature.id):
        return ""
    if not reaction_powers(creature.template):
        return ""
    p = in_force(table, creature)
    name = _namer(creature)
    parts = [f"limited {name(p.limited) if p.limited else 'none'}"]
    if p.disabled:
        parts.append("off: " + ", ".join(name(x) for x in sorted(p.disabled)))
    return "Prepared: " + "; ".join(parts)


def _namer(creature: Creature) -> Any:
    names = {p.id: p.name for p in creature.template.powers}
    return lambda pid: names.get(pid, str(pid))


class PreparationPanel:
    """A pygame_gui window holding a draft preparation; rebuilt whenever the draft changes."""

    def __init__(self, table: Host, actor: Creature) -> None:
        self.table = table
        self.actor = actor
        sheet = actor.template
        self.reactions = reaction_powers(sheet)
        self.limited_powers = [p for p in self.reactions if is_limited(p)]
        self.spontaneous = [p for p in self.reactions if is_spontaneous(p)]
        self.basics = basic_attacks(sheet)
        self.melee_basics = basic_attacks(sheet, melee_only=True)
        current = in_force(table, actor)
        self.draft = replace(current, priority=full_priority(sheet, current))
        self.name = _namer(actor)
        self.new_kind: RestrictionKind = RestrictionKind.NON_MINION_ATTACKERS
        self.new_power: PowerId | None = None
        self.picking = False
        self.problem = ""
        self.window: UIWindow | None = None
        self.scroller: UIScrollingContainer | None = None
        self.placed: tuple[int, int] | None = None
        """Where the panel's contents sit in pygame_gui's window rect (its shadow's width)."""
        self.texts: list[str] = []
        """Every line of text the panel shows (tests read them)."""
        self.buttons: dict[UIButton, Any] = {}
        self.menus: dict[UIDropDownMenu, Any] = {}
        self.build()

    # -- the window --------------------------------------------------------------------

    def kill(self) -> None:
        if self.window is not None:
            self.window.kill()  # type: ignore[no-untyped-call]
            self.window = None

    def rect(self) -> pygame.Rect:
        """Where the panel goes: over the right panel (initiative, sheet, log), as tall as the board and no
        more, so that it hides as little of the map as it can, whatever the window's size. A panel the
        player dragged stays where it was put, inside the window."""
        table = self.table
        board = table.board_rect
        w = table.screen.get_width()
        width = min(PANEL_W, w - 8)
        rect = pygame.Rect(w - width - 4, board.top + 4, width, max(120, board.height - 8))
        if self.window is not None and self.placed is not None:
            rect.topleft = (self.window.rect.left + self.placed[0], self.window.rect.top + self.placed[1])
        return rect.clamp(pygame.Rect(0, board.top, w, board.height)) if rect.height <= board.height else rect

    def build(self) -> None:
        table = self.table
        m = table.manager
        old = self.window
        rect = self.rect()
        scrolled = 0.0
        if old is not None:
            bar = self.scroller.vert_scroll_bar if self.scroller is not None else None
            scrolled = bar.start_percentage if bar is not None else 0.0
            old.kill()  # type: ignore[no-untyped-call]
        # As tall as what it holds (and no taller than the board), so that it hides as little as it can:
        # the contents are laid out once without making anything, to measure them.
        width = rect.width - WINDOW_EDGE_W
        content = self.lay_out(None, width - SCROLLBAR_W)
        rect.height = min(rect.height, content + WINDOW_CHROME_H + FOOTER_H)
        self.window = UIWindow(rect, m, window_display_title=f"Prepare reactions: {self.actor.name}",
                               object_id="#preparation")
        win = self.window
        # pygame_gui's window rect is larger than the rect asked for (its shadow): remember by how much, so
        # that the next build puts the panel back exactly where it is (not 15 px up and left each time).
        self.placed = (rect.left - win.rect.left, rect.top - win.rect.top)
        inner = win.get_container().get_rect()
        view_h = max(40, inner.height - FOOTER_H)
        self.scroller = UIScrollingContainer(pygame.Rect(0, 0, inner.width, view_h), m, container=win,
                                             allow_scroll_x=False)
        self.buttons = {}
        self.menus = {}
        self.texts = []
        self.lay_out(self.scroller, inner.width - SCROLLBAR_W)
        self.scroller.set_scrollable_area_dimensions((inner.width - SCROLLBAR_W, content))
        foot = view_h + 6
        accept_w = min(280, inner.width // 2 + 40)
        self._button("Prepare and end the turn (Enter)", 8, foot, accept_w, ("accept",), win)
        self._button("Back (Esc)", accept_w + 16, foot, max(80, min(160, inner.width - accept_w - 24)), ("back",),
                     win)
        if scrolled and self.scroller.vert_scroll_bar is not None:
            self.scroller.vert_scroll_bar.set_scroll_from_start_percentage(scrolled)

    def _button(self, text: str, x: int, y: int, width: int, action: Any, into: Any,
                enabled: bool = True) -> UIButton:
        b = UIButton(pygame.Rect(x, y, width, 28), text, self.table.manager, container=into)
        if not enabled:
            b.disable()  # type: ignore[no-untyped-call]
        self.buttons[b] = action
        return b

    def lay_out(self, box: UIScrollingContainer | None, width: int) -> int:
        """Make the panel's contents in ``box`` (None: only measure them); returns their height."""
        table = self.table
        m = table.manager
        y = 4
        w = width - 8
        note_font = font(NOTE_SIZE)
        text_font = font(TEXT_SIZE)

        def label(text: str, x: int = 8, width: int = w, note: bool = False) -> None:
            if box is None:
                return
            if not note:
                self.texts.append(text)
            UILabel(pygame.Rect(x, y, width, 18 if note else 26), text, m, container=box,
                    object_id=NOTE if note else TEXT)

        def notes(text: str, x: int) -> None:
            """A paragraph of small text, wrapped (``texts`` holds it whole)."""
            nonlocal y
            if box is not None:
                self.texts.append(text)
            for line in wrap(text, note_font, w - x - 4)[:MAX_NOTE_ROWS]:
                label(line, x, w - x, note=True)
                y += 17

        def button(text: str, x: int, width: int, action: Any, enabled: bool = True) -> None:
            if box is not None:
                self._button(text, x, y, width, action, box, enabled)

        def menu(options: list[str], chosen: str, x: int, width: int, action: Any, upward: bool = False) -> None:
            if box is None:
                return
            items: list[str | tuple[str, str]] = list(options)
            d = UIDropDownMenu(items, chosen, pygame.Rect(x, y, width, 28), m, container=box,
                               object_id=UPWARD if upward else None)
            self.menus[d] = action
        label("Limited reaction (only the prepared one triggers, once a round):")
        y += 26
        options = [NONE] + [p.name for p in self.limited_powers]
        chosen = self.name(self.draft.limited) if self.draft.limited else NONE
        menu(options, chosen if chosen in options else NONE, 8, min(320, w - 8), self.set_limited)
        y += 32
        limited = next((p for p in self.limited_powers if p.id == self.draft.limited), None)
        if limited is not None:
            notes(what_it_does(limited), 12)
        y += 6
        label("Spontaneous reactions, most wanted first:")
        y += 28
        order = list(self.draft.priority)
        powers = {p.id: p for p in self.reactions}
        for k, pid in enumerate(order):
            off = pid in self.draft.disabled
            buttons_x = w - 188
            title = f"{k + 1}. {self.name(pid)}" + ("  (disabled)" if off else "")
            if text_font.size(title)[0] > buttons_x - 16:  # a long name: a row of its own
                label(title, 8, w - 8)
                y += 26
            else:
                label(title, 8, buttons_x - 12)
            button("up", buttons_x, 44, ("up", pid), k > 0)
            button("down", buttons_x + 48, 56, ("down", pid), k < len(order) - 1)
            button("enable" if off else "disable", buttons_x + 108, 80, ("toggle", pid))
            y += 30
            if pid in powers:
                notes(what_it_does(powers[pid]), 24)
            y += 4
        if not order:
            label("(none)", 16)
            y += 28
        y += 4
        label("Basic attack:", 8, 150)
        menu([RANDOM] + [p.name for p in self.basics], self.name(self.draft.basic_attack) if
             self.draft.basic_attack else RANDOM, 160, min(260, w - 160), self.set_basic)
        y += 32
        label("Opportunity attack:", 8, 150)
        menu([RANDOM] + [p.name for p in self.melee_basics], self.name(self.draft.opportunity_attack) if
             self.draft.opportunity_attack else RANDOM, 160, min(260, w - 160), self.set_opportunity)
        y += 38
        label("Restrictions:")
        y += 28
        assert table.session is not None
        enc = encounter(table)
        for i, r in enumerate(self.draft.restrictions):
            text = describe_restriction(r, enc.name, enc.offset)
            if r.power is not None and text.startswith(f"{r.power}:"):
                text = self.name(r.power) + text[len(r.power):]
            rows = wrap(text, note_font, w - 100)[:MAX_NOTE_ROWS]
            if box is not None:
                self.texts.append(text)
            button("remove", w - 76, 76, ("remove", i))
            for line in rows:
                label(line, 16, w - 100, note=True)
                y += 17
            y += max(0, 32 - 17 * len(rows))
        kinds = [k for k in RestrictionKind if any(not restriction_fits(k, p) for p in self.reactions)]
        if kinds:
            if self.new_kind not in kinds:
                self.new_kind = kinds[0]
            menu([KIND_LABEL[k] for k in kinds], KIND_LABEL[self.new_kind], 16, w - 16, self.set_kind, upward=True)
            y += 32
            fitting = [p for p in self.reactions if not restriction_fits(self.new_kind, p)]
            if self.new_power not in [p.id for p in fitting]:
                self.new_power = None
            menu(["on all it fits"] + [p.name for p in fitting],
                 self.name(self.new_power) if self.new_power else "on all it fits", 16, w - 116, self.set_power,
                 upward=True)
            if self.new_kind not in ANCHORED:
                button("add", w - 92, 92, ("add",))
            y += 36
            if self.new_kind in ANCHORED:
                label("anchored on:", 16, 110)
                y += 26
                button("a creature or cell: pick on the map" if not self.picking else "click the map...", 16,
                       w - 16, ("pick",))
                y += 32
                if self.takes_triggerer(self.new_kind):
                    button("the creature that triggers it", 16, w - 16, ("triggerer",))
                    y += 32
                y += 4
        if self.problem:
            notes(self.named(self.problem), 8)
            y += 4
        return y + 4

    def named(self, text: str) -> str:
        """A line of the rules with this creature's reaction ids put in words."""
        for p in self.reactions:
            text = text.replace(f"'{p.id}'", p.name).replace(p.id, p.name)
        return text

    # -- changes -------------------------------------------------------------------------

    def _power_named(self, name: str, among: list[Power]) -> PowerId | None:
        return next((p.id for p in among if p.name == name), None)

    def set_limited(self, text: str) -> None:
        self.draft = replace(self.draft, limited=self._power_named(text, self.limited_powers))

    def set_basic(self, text: str) -> None:
        self.draft = replace(self.draft, basic_attack=self._power_named(text, self.basics))

    def set_opportunity(self, text: str) -> None:
        self.draft = replace(self.draft, opportunity_attack=self._power_named(text, self.melee_basics))

    def set_kind(self, text: str) -> None:
        self.new_kind = next(k for k in RestrictionKind if KIND_LABEL[k] == text)
        self.picking = False

    def set_power(self, text: str) -> None:
        self.new_power = self._power_named(text, self.reactions)

    def act(self, action: tuple[Any, ...]) -> None:
        what = action[0]
        order = list(self.draft.priority)
        if what in ("up", "down"):
            i = order.index(action[1])
            j = i - 1 if what == "up" else i + 1
            order[i], order[j] = order[j], order[i]
            self.draft = replace(self.draft, priority=tuple(order))
        elif what == "toggle":
            self.draft = replace(self.draft, disabled=self.draft.disabled ^ {action[1]})
        elif what == "remove":
            rs = list(self.draft.restrictions)
            del rs[action[1]]
            self.draft = replace(self.draft, restrictions=tuple(rs))
        elif what == "add":
            self.add(Restriction(self.new_kind, self.new_power))
        elif what == "triggerer":
            self.add(Restriction(self.new_kind, self.new_power, triggerer=True))
        elif what == "pick":
            self.picking = not self.picking
            self.table.say("Click a creature or a cell on the map to anchor the restriction" if self.picking else "")
        elif what == "accept":
            self.accept()
            return
        elif what == "back":
            self.table.close_prep()
            return
        self.build()

    def takes_triggerer(self, kind: RestrictionKind) -> bool:
        """Whether a restriction of ``kind`` may anchor on the creature that triggers the reaction
        (``game.rulesets.seed000.preparation`` says: it finds nothing wrong with one)."""
        trial = Restriction(kind, self.new_power, triggerer=True)
        problems = preparation_problems(self.actor.template, replace(self.draft, restrictions=(trial,)))
        return not any(p.startswith("restrictions[0]") for p in problems)

    def add(self, restriction: Restriction) -> None:
        self.draft = replace(self.draft, restrictions=self.draft.restrictions + (restriction,))
        self.picking = False
        self.problem = ""

    def picked(self, cell: Cell, who: Creature | None) -> None:
        """A click on the board while picking an anchor: a creature if one stands there, else the cell."""
        if who is not None:
            self.add(Restriction(self.new_kind, self.new_power, creature=CreatureId(who.id)))
        else:
            self.add(Restriction(self.new_kind, self.new_power, cell=cell))
        self.table.say("")
        self.build()

    def problems(self) -> list[str]:
        assert self.table.session is not None
        st = encounter(self.table).state
        return preparation_problems(self.actor.template, self.draft, is_creature=lambda cid: cid in st.creatures,
                                    is_cell=lambda cell: cell in st.board)

    def accept(self) -> None:
        problems = self.problems()
        if problems:
            self.problem = problems[0]
            self.table.say(problems[0], error=True)
            self.build()
            return
        table = self.table
        draft = self.draft
        table.close_prep()
        table.send(EndTurnCommand(self.actor.id, draft))

    def controls(self) -> list[dict[str, Any]]:
        """The panel's buttons, drop-downs and open drop-down lines, with their window pixels
        (``--state-file``: drivers click them like a person)."""
        roles = {self.set_limited: "limited", self.set_basic: "basic", self.set_opportunity: "opportunity",
                 self.set_kind: "kind", self.set_power: "power"}
        out: list[dict[str, Any]] = []
        for b, action in self.buttons.items():
            out.append({"kind": "button", "text": b.text, "action": list(map(str, action)),
                        "pixel": list(b.rect.center)})
        for menu, setter in self.menus.items():
            out.append({"kind": "menu", "role": roles.get(setter, ""), "text": menu.selected_option[0],
                        "pixel": list(menu.rect.center)})
            options = getattr(menu.current_state, "options_selection_list", None)
            if options is not None:
                for line in options.item_list_container.elements:
                    out.append({"kind": "option", "text": line.text, "pixel": list(line.rect.center)})
        return out

    # -- input ---------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        """Take the panel's own events; True when the event was the panel's."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.act(self.buttons[event.ui_element])
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.menus:
            self.menus[event.ui_element](event.text)
            self.build()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.accept()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.picking:
                self.picking = False
                self.build()
            else:
                self.table.close_prep()
            return True
        return False
