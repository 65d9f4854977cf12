"""The one decision prompt: whatever a ruleset asks, shown the same way.

When the engine waits for a person (``Session.question``), the window hands the table to that player and
shows this prompt: who is asked, the question, and one button per option, passing included (a decision is
never dismissed: passing is chosen like any option). Number keys 1-9 choose too. Where standing orders apply
(a decision with one option besides passing), a row of buttons sets the player's standing order for that
kind of decision - always, never, ask me - and answers this one by it, so the table is not stopped at every
such decision again. Nothing here knows a rules system.
"""

from __future__ import annotations

from typing import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIWindow

from game.kernel.decisions import PASS, Decision, Option, StandingOrder
from game.ui.board_view import font
from game.ui.combat_log import wrap

WIDTH = 420
ROW = 34
TITLE = 28
"""pygame_gui's window title bar."""
MAX_OPTIONS = 12
QUESTION_ROWS = 3
"""Most rows the question is wrapped on (a longer one is cut; the top bar shows it whole)."""
LABEL_SIZE = 14
"""pygame_gui's default label font size: the question is wrapped by the bundled font's measure at that size,
which errs on the wide side (a row is never cut)."""
LINE = 22
"""The height of a row of the question."""
"""Most option buttons shown at once; a longer list scrolls by pages (◀ ▶)."""


class _Unclosable(UIWindow):
    """A window with no close button (the theme's ``enable_close_button``), which nothing closes but an
    answer (``on_close_window_button_pressed`` is pygame_gui's documented override point)."""

    def on_close_window_button_pressed(self) -> None:
        return


class DecisionPrompt:
    def __init__(self, manager: pygame_gui.UIManager, area: pygame.Rect, decision: Decision, chooser: str,
                 answer: Callable[[str], object], standing: Callable[[str, StandingOrder], object],
                 *, low: bool = False, on_board: frozenset[str] = frozenset()) -> None:
        self.manager, self.area, self.decision, self.chooser = manager, area, decision, chooser
        self.low = low
        """Put at the bottom of the area, not its centre (its options are also squares on the board, which the
        player should see: ``game.ui.parts.DecisionCells``)."""
        self.answer, self.standing = answer, standing
        self.on_board = on_board if len(decision.options) > MAX_OPTIONS else frozenset()
        """The options picked on the board (their squares lit: ``game.ui.parts.DecisionCells``), left out of the
        buttons when all the options would not fit in one page (seed 004's traces: every reachable end cell)."""
        self.page = 0
        self.per_page = MAX_OPTIONS
        """Option buttons a page shows (:meth:`fitting`)."""
        self.window: _Unclosable | None = None
        self.buttons: dict[UIButton, tuple[str, str]] = {}
        """button -> ("option", key) | ("order", always/never/ask) | ("page", +1/-1)."""
        self.texts: list[str] = []
        """Every line the prompt shows (tests read them)."""
        manager.get_theme().load_theme({"#decision_prompt": {"misc": {"enable_close_button": "0"}}})
        self.build()

    @property
    def orders_apply(self) -> bool:
        return self.decision.may_pass and len(self.decision.options) == 2

    def build(self) -> None:
        self.kill()
        d = self.decision
        listed = self.listed
        width = min(WIDTH, self.area.width - 8) - 40
        asked = self.asked()
        lines = [row.strip() for row in wrap(asked, font(LABEL_SIZE), width - 8)][:QUESTION_ROWS]
        self.per_page = self.fitting(len(lines))
        per = self.per_page
        shown = listed[self.page * per:(self.page + 1) * per]
        paged = len(listed) > per
        rows = 1 + len(shown) + (1 if paged else 0) + (2 if self.orders_apply else 0) + (1 if self.on_board else 0)
        height = min(self.area.height - 8, TITLE + 16 + rows * ROW + (len(lines) - 1) * LINE)
        rect = pygame.Rect(0, 0, min(WIDTH, self.area.width - 8), height)
        rect.center = self.area.center
        if self.low:
            rect.bottom = self.area.bottom - 4
        # no way around answering (passing is an option), so its close button does nothing
        self.window = _Unclosable(rect, self.manager, window_display_title=f"{self.chooser} decides",
                                  object_id="#decision_prompt", resizable=False, draggable=True)
        inner = self.window.get_container()
        y = 6
        self.texts = [asked]
        for n, line in enumerate(lines):
            UILabel(pygame.Rect(10, y, width, ROW - 6), line, self.manager, container=inner)
            y += ROW if n == len(lines) - 1 else LINE
        if self.on_board:
            text = f"Click one of the {len(self.on_board)} lit squares, or:"
            self.texts.append(text)
            UILabel(pygame.Rect(10, y, width, ROW - 6), text, self.manager, container=inner)
            y += ROW
        for n, option in enumerate(shown, self.page * per + 1):
            label = f"{n}. {option.label}" if n <= 9 else option.label
            self.texts.append(label)
            b = UIButton(pygame.Rect(10, y, width, ROW - 4), label, self.manager, container=inner)
            self.buttons[b] = ("option", option.key)
            y += ROW
        if paged:
            for x, step, text in ((10, -1, "◀ earlier"), (width // 2 + 10, 1, "later ▶")):
                b = UIButton(pygame.Rect(x, y, width // 2 - 10, ROW - 4), text, self.manager, container=inner)
                self.buttons[b] = ("page", str(step))
            y += ROW
        if self.orders_apply:
            text = f"Every time ({d.kind}):"
            self.texts.append(text)
            UILabel(pygame.Rect(10, y, width, ROW - 6), text, self.manager, container=inner)
            y += ROW
            third = width // 3
            for i, (order, label) in enumerate(((StandingOrder.ALWAYS, "Always"), (StandingOrder.NEVER, "Never"),
                                                (StandingOrder.ASK, "Ask me"))):
                b = UIButton(pygame.Rect(10 + i * third, y, third - 6, ROW - 4), label, self.manager, container=inner)
                self.buttons[b] = ("order", order.value)

    def fitting(self, question_rows: int) -> int:
        """How many option buttons a page shows: at most :data:`MAX_OPTIONS`, and no more than fit in the area
        with the question, the page row and the standing orders' rows (a tall list on a short board was cut,
        its last options and page buttons below the prompt's edge)."""
        listed = len(self.listed)
        fixed = 1 + (2 if self.orders_apply else 0) + (1 if self.on_board else 0)
        room = (self.area.height - 8 - TITLE - 16 - (question_rows - 1) * LINE) // ROW - fixed
        if listed <= min(MAX_OPTIONS, room):
            return max(1, listed)
        return max(1, min(MAX_OPTIONS, room - 1))  # a row for the page buttons

    @property
    def listed(self) -> tuple[Option, ...]:
        """The options the prompt has buttons for (all but those picked on the board)."""
        return tuple(o for o in self.decision.options if o.key not in self.on_board)

    def asked(self) -> str:
        """The question as the prompt heads it: "chooser: question", unless the question names its chooser
        first already."""
        question = self.decision.question
        return question if question.startswith(f"{self.chooser}:") else f"{self.chooser}: {question}"

    def kill(self) -> None:
        if self.window is not None:
            self.window.kill()  # type: ignore[no-untyped-call]
            self.window = None
        self.buttons = {}

    def choose(self, key: str) -> None:
        self.kill()
        self.answer(key)

    def handle(self, event: pygame.event.Event) -> bool:
        """Act on one input event; True if it was the prompt's."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            what, value = self.buttons[event.ui_element]
            if what == "option":
                self.choose(value)
            elif what == "page":
                pages = (len(self.listed) - 1) // self.per_page
                self.page = max(0, min(pages, self.page + int(value)))
                self.build()
            else:
                order = StandingOrder(value)
                self.standing(self.decision.kind, order)
                if order is StandingOrder.ALWAYS:
                    self.choose(next(o.key for o in self.decision.options if o.key != PASS))
                elif order is StandingOrder.NEVER:
                    self.choose(PASS)
            return True
        if event.type == pygame.KEYDOWN and pygame.K_1 <= event.key <= pygame.K_9:
            index = event.key - pygame.K_1
            if index < len(self.listed):
                self.choose(self.listed[index].key)
            return True
        return False
