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
``game.rules.preparation``; the engine checks the command again.

The panel only opens during its player's own turn, after the handoff, and the
sheet shows a creature's preparation only to its own player.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UIWindow

from game.grid import Cell
from game.rules.commands import EndTurnCommand
from game.rules.model import CreatureId, Power, PowerId, Restriction, RestrictionKind
from game.rules.preparation import (FORCED_RESTRICTIONS, MOVE_RESTRICTIONS, RESTRICTION_TEXT, Preparation,
                                    basic_attacks, describe_restriction, full_priority,
                                    is_limited, is_spontaneous, preparation_problems, reaction_powers,
                                    restriction_fits)
from game.rules.state import Creature

if TYPE_CHECKING:
    from game.ui.table import Table

NONE = "none"
RANDOM = "at random (seed 000)"
ANCHORED = FORCED_RESTRICTIONS | MOVE_RESTRICTIONS | {RestrictionKind.ONLY_AGAINST}
KIND_LABEL = {kind: RESTRICTION_TEXT[kind].format(anchor="...") for kind in RestrictionKind}
UPWARD = "#upward_menu"
"""The restriction row's drop-downs open upward: the panel is only as tall as what it holds."""
THEME: dict[str, Any] = {UPWARD: {"misc": {"expand_direction": "up"}}}
"""Added to the window's theme (``Table`` loads it with the theme file)."""


def in_force(table: Table, creature: Creature) -> Preparation:
    """The creature's preparation now, as the engine holds it (before its first turn: its sheet's default)."""
    assert table.session is not None
    return table.session.encounter.preparation(creature.id)


def available(table: Table, actor: Creature) -> bool:
    """A creature with reaction powers prepares at the end of its turn."""
    return bool(reaction_powers(actor.template))


def open_panel(table: Table, actor: Creature) -> PreparationPanel:
    return PreparationPanel(table, actor)


def summary(table: Table, creature: Creature) -> str:
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

    def __init__(self, table: Table, actor: Creature) -> None:
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
        self.buttons: dict[UIButton, Any] = {}
        self.menus: dict[UIDropDownMenu, Any] = {}
        self.build()

    # -- the window --------------------------------------------------------------------

    def kill(self) -> None:
        if self.window is not None:
            self.window.kill()  # type: ignore[no-untyped-call]
            self.window = None

    def build(self) -> None:
        table = self.table
        m = table.manager
        board = table.board_rect
        old = self.window
        rect = pygame.Rect(0, 0, 600, min(board.height, 150 + 34 * (len(self.spontaneous) + len(
            self.draft.restrictions)) + 266))
        if old is not None:
            rect.topleft = old.rect.topleft
            old.kill()  # type: ignore[no-untyped-call]
        else:
            rect.topright = (board.right - 8, board.top + 8)
        self.window = UIWindow(rect, m, window_display_title=f"Prepare reactions: {self.actor.name}",
                               object_id="#preparation")
        win = self.window
        self.buttons = {}
        self.menus = {}
        y = 4
        w = rect.width - 40

        def label(text: str, x: int = 8, width: int = w) -> None:
            UILabel(pygame.Rect(x, y, width, 26), text, m, container=win)

        def button(text: str, x: int, width: int, action: Any, enabled: bool = True) -> UIButton:
            b = UIButton(pygame.Rect(x, y, width, 28), text, m, container=win)
            if not enabled:
                b.disable()  # type: ignore[no-untyped-call]
            self.buttons[b] = action
            return b

        def menu(options: list[str], chosen: str, x: int, width: int, action: Any, upward: bool = False) -> None:
            items: list[str | tuple[str, str]] = list(options)
            d = UIDropDownMenu(items, chosen, pygame.Rect(x, y, width, 28), m, container=win,
                               object_id=UPWARD if upward else None)
            self.menus[d] = action

        label("Limited reaction (only the prepared one triggers, once a round):", width=w)
        y += 28
        options = [NONE] + [p.name for p in self.limited_powers]
        chosen = self.name(self.draft.limited) if self.draft.limited else NONE
        menu(options, chosen if chosen in options else NONE, 8, 320, self.set_limited)
        y += 36
        label("Spontaneous reactions, most wanted first:")
        y += 28
        order = list(self.draft.priority)
        for k, pid in enumerate(order):
            off = pid in self.draft.disabled
            label(f"{k + 1}. {self.name(pid)}" + ("  (disabled)" if off else ""), 16, 300)
            button("up", 320, 50, ("up", pid), k > 0)
            button("down", 374, 60, ("down", pid), k < len(order) - 1)
            button("enable" if off else "disable", 438, 90, ("toggle", pid))
            y += 32
        if not order:
            label("(none)", 16)
            y += 28
        y += 4
        label("Basic attack:", 8, 130)
        menu([RANDOM] + [p.name for p in self.basics], self.name(self.draft.basic_attack) if
             self.draft.basic_attack else RANDOM, 140, 260, self.set_basic)
        y += 32
        label("Opportunity attack:", 8, 130)
        menu([RANDOM] + [p.name for p in self.melee_basics], self.name(self.draft.opportunity_attack) if
             self.draft.opportunity_attack else RANDOM, 140, 260, self.set_opportunity)
        y += 38
        label("Restrictions:")
        y += 28
        assert table.session is not None
        enc = table.session.encounter
        for i, r in enumerate(self.draft.restrictions):
            text = describe_restriction(r, enc.name, enc.offset)
            if r.power is not None and text.startswith(f"{r.power}:"):
                text = self.name(r.power) + text[len(r.power):]
            label(text[:80], 16, w - 80)
            button("remove", w - 60, 70, ("remove", i))
            y += 32
        kinds = [k for k in RestrictionKind if any(not restriction_fits(k, p) for p in self.reactions)]
        if kinds:
            if self.new_kind not in kinds:
                self.new_kind = kinds[0]
            menu([KIND_LABEL[k] for k in kinds], KIND_LABEL[self.new_kind], 16, 300, self.set_kind, upward=True)
            fitting = [p for p in self.reactions if not restriction_fits(self.new_kind, p)]
            if self.new_power not in [p.id for p in fitting]:
                self.new_power = None
            menu(["on all it fits"] + [p.name for p in fitting],
                 self.name(self.new_power) if self.new_power else "on all it fits", 320, 170, self.set_power,
                 upward=True)
            if self.new_kind not in ANCHORED:
                button("add", 494, 90, ("add",))
            y += 36
            if self.new_kind in ANCHORED:
                label("anchored on:", 16, 100)
                button("a creature or cell: pick on map" if not self.picking else "click the map...", 112, 226,
                       ("pick",))
                if self.takes_triggerer(self.new_kind):
                    button("the creature that triggers it", 344, 222, ("triggerer",))
                y += 36
        if self.problem:
            UILabel(pygame.Rect(8, y, w, 26), self.problem[:90], m, container=win, object_id="#problem")
            y += 28
        button("Prepare and end the turn (Enter)", 8, 300, ("accept",))
        button("Back to the turn (Esc)", 316, 200, ("back",))
        # As tall as what it holds, so that it hides as little of the map as it can.
        bottom = max(b.rect.bottom for b in self.buttons)
        win.set_dimensions((rect.width, min(board.height, bottom - win.rect.top + 16)))

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
        (``game.rules.preparation`` says: it finds nothing wrong with one)."""
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
        st = self.table.session.encounter.state
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
