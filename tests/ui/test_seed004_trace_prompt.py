"""A movement trace picked on the board (issue 21 item 7; seed 004, line 53, 3.2: each character plots a trace;
line 58, 3.2.4: chase, or stop within reach): its decision's options are the reachable end cells, stay, chase and
stop within reach. The end cells are squares lit on the board (``marks.decision_cells``), and when they are too
many for one page of the prompt, the prompt lists only the others (a click on a lit square picks a cell), with
number keys for what it lists."""

from __future__ import annotations

from typing import Iterator

import pygame
import pygame_gui
import pytest

from game.board import Board
from game.grid import Square, SquareGrid
from game.kernel.decisions import Decision, Option
from game.ui.board_view import font
from game.ui.decision_prompt import MAX_OPTIONS, DecisionPrompt
from game.ui.rulesets.seed004.marks import decision_cells

CELLS = tuple(Option(f"{x},{y}", f"to ({x}, {y})") for x in range(2, 7) for y in range(2, 6))
TRACE = Decision(7, "heroes", "ann", "movement:trace", "where does Ann go?",
                 (Option("stay", "Stay"), *CELLS, Option("chase:orc", "Chase the orc"),
                  Option("stop:orc", "Stop within reach of the orc"), Option("99,99", "off the board")),
                 secret=True, group=7)


@pytest.fixture
def manager() -> Iterator[pygame_gui.UIManager]:
    font.cache_clear()  # pygame.register_quit runs once: fonts of an earlier test's pygame.quit are dead
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((800, 600))
    yield pygame_gui.UIManager((800, 600))
    pygame.quit()


def test_the_end_cells_are_squares_on_the_board_and_the_rest_are_not() -> None:
    board = Board(SquareGrid(32, 32), 10, 10)
    cells = decision_cells(board, TRACE)
    assert len(cells) == len(CELLS) and cells[Square(3, 4)] == "3,4"
    assert set(cells.values()) == {o.key for o in CELLS}  # not stay, chase, stop, nor a square off the board


def test_the_prompt_lists_only_what_is_not_on_the_board_when_the_cells_are_many(
        manager: pygame_gui.UIManager) -> None:
    assert len(TRACE.options) > MAX_OPTIONS
    board = Board(SquareGrid(32, 32), 10, 10)
    chosen: list[str] = []
    prompt = DecisionPrompt(manager, pygame.Rect(0, 0, 800, 600), TRACE, "Ann", chosen.append, lambda k, o: None,
                            on_board=frozenset(decision_cells(board, TRACE).values()))
    assert prompt.texts == ["Ann: where does Ann go?", f"Click one of the {len(CELLS)} lit squares, or:", "1. Stay",
                            "2. Chase the orc", "3. Stop within reach of the orc", "4. off the board"]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2, mod=0, unicode="2"))
    for event in pygame.event.get():
        prompt.handle(event)
    assert chosen == ["chase:orc"]


def test_a_short_list_keeps_every_option_as_a_button(manager: pygame_gui.UIManager) -> None:
    """A decision that fits one page (seed 002's landings) is listed whole, its squares lit too."""
    few = Decision(8, "heroes", "ann", "landing", "where?", (Option("3,4", "(3, 4)"), Option("stay", "Stay")))
    prompt = DecisionPrompt(manager, pygame.Rect(0, 0, 800, 600), few, "Ann", lambda k: None, lambda k, o: None,
                            on_board=frozenset({"3,4"}))
    assert prompt.texts == ["Ann: where?", "1. (3, 4)", "2. Stay"]


def test_the_movement_phase_trace_question_lights_its_end_cells_and_leaves_the_rest_to_the_prompt(
        manager: pygame_gui.UIManager) -> None:
    """Seed 004, line 53, 3.1 and line 58: the real trace question (``movement_phase.questions``): every
    ``to:<col>,<row>`` option is a lit square, stay / chase / stop within reach are the prompt's buttons."""
    from game.kernel.decisions import Decision
    from game.rulesets.seed004.movement_phase import questions
    from tests.rulesets.seed004.test_seed004_movement_phase import OPEN, mover

    ann, bo = mover("ann", 2, 2), mover("bo", 6, 2, side="b")
    q = next(q for q in questions([ann, bo], OPEN) if q.chooser == "ann")
    d = Decision(3, q.side, q.chooser, q.kind, q.question, q.options, q.secret, 3)
    cells = decision_cells(Board(SquareGrid(32, 32), 16, 16), d)
    assert cells and all(key.startswith("to:") for key in cells.values())
    assert {o.key for o in d.options} - set(cells.values()) >= {"stay", "chase:bo", "stop:bo"}
    prompt = DecisionPrompt(manager, pygame.Rect(0, 0, 800, 600), d, "Ann", lambda k: None, lambda k, o: None,
                            on_board=frozenset(cells.values()))
    assert len(prompt.texts) - 2 == len(d.options) - len(cells)  # the question, the "click" line, the rest


def test_a_long_list_on_a_short_board_pages_within_the_prompt(manager: pygame_gui.UIManager) -> None:
    """Seed 004's tie declaration (line 21, 1.1.3) offers a character's every option (14 here): on a board area
    too short for 12 buttons, a page shows what fits, the page buttons included, and every option is on a page."""
    many = Decision(9, "beasts", "wolf", "declare", "Fen Wolf: declare your option",
                    tuple(Option(f"o{i}", f"option {i}") for i in range(14)), secret=True, group=9)
    prompt = DecisionPrompt(manager, pygame.Rect(0, 0, 800, 420), many, "Fen Wolf", lambda k: None,
                            lambda k, o: None)
    assert prompt.window is not None
    inside = prompt.window.get_container().get_abs_rect()
    seen: set[str] = set()
    for _ in range(5):
        for button, (what, value) in prompt.buttons.items():
            assert inside.contains(button.get_abs_rect()), (button.text, button.get_abs_rect(), inside)
            if what == "option":
                seen.add(value)
        prompt.page += 1
        if prompt.page * prompt.per_page >= len(many.options):
            break
        prompt.build()
    assert prompt.per_page < 12 and seen == {o.key for o in many.options}
