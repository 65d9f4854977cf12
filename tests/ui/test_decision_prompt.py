"""The window's one decision prompt (issue 14 item 4): when the engine stops to ask a person, hot-seat hands
the table to the player who must answer (not to whoever holds the turn), the prompt shows the question
and every option, the answer resumes the action, and a standing order set from the prompt answers the next
such decision without stopping the table.

Seed 000 never asks at resolution time, so the fight here runs on an encounter that asks (a test double:
before each cell a hero walks, the monsters' player is asked whether to strike); the table, the session
and the seats are the real ones."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pygame
import pytest

from game.kernel.decisions import PASS, StandingOrder
from game.rulesets.seed000 import tactics
from game.rulesets.seed000 import events as ev
from game.ui.modes.decide import DecideMode
from game.ui.modes.handoff import HandoffMode
from game.ui.script import post_click, post_key
from game.ui.table import Table
from tests.asking import AskingEncounter
from tests.ui.driving import crypt_encounter, frames, pass_to_the_heroes, pixel, settle


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Table]:
    monkeypatch.setattr("game.rulesets.seed000.package.Encounter", AskingEncounter)
    path = crypt_encounter(tmp_path / "fight.toml", [("Vex", "heroes", "rogue", (4, 4)),
                                                     ("Ghoul", "monsters", "ghoul", (12, 12))],
                           heroes="Ann", monsters="Bob")
    pygame.display.init()
    pygame.font.init()
    t = Table((1280, 800), skip_setup=True)
    assert t.open(path), t.message
    yield t


def through_handoff(table: Table, to: str) -> None:
    settle(table)
    assert isinstance(table.mode, HandoffMode) and table.mode.to == to, table.mode
    post_key(pygame.K_RETURN)
    frames(table, 3)


def heroes_turn(table: Table) -> None:
    """Hand the table to Ann with Vex to act (Bob ends the ghoul's turns if it comes first)."""
    settle(table)
    if table.acting is not None and table.acting.side == "monsters":
        through_handoff(table, "Bob")
        pass_to_the_heroes(table, monsters="Bob", limit=3)
    else:
        post_key(pygame.K_RETURN)
    frames(table, 3)
    assert table.viewer == "Ann" and table.acting is not None and table.acting.name == "Vex"


def walk_one(table: Table, *, avoid: tuple[int, int] | None = None) -> tuple[tuple[int, int], tuple[int, int]]:
    """Vex walks to a cell next to it (click, then click again to go): where it was and where it goes."""
    vex = table.acting
    assert vex is not None and table.view is not None and table.session is not None
    grid = table.view.grid
    routes = tactics.reachable(table.session.encounter.state, vex, "move")
    to = min((c for c, r in routes.items() if len(r.path) == 1 and grid.cell_to_offset(c) != avoid),
             key=grid.cell_to_offset)
    start = grid.cell_to_offset(vex.cell)
    post_click(pixel(table, to))
    frames(table, 2)
    post_click(pixel(table, to))
    frames(table, 3)
    return start, grid.cell_to_offset(to)


def answers(table: Table) -> list[ev.DecisionAnswered]:
    assert table.session is not None
    return [e for e in table.session.encounter.log if isinstance(e, ev.DecisionAnswered)]


def test_the_table_goes_to_the_chooser_who_answers_in_the_prompt_and_the_move_resumes(table: Table) -> None:
    heroes_turn(table)
    start, to = walk_one(table)
    assert table.session is not None
    assert table.session.encounter.engine.waiting
    assert table.session.acting_controller == "Bob"  # the chooser's player, though Vex holds the turn
    through_handoff(table, "Bob")
    mode = table.mode
    assert isinstance(mode, DecideMode)
    texts = mode.prompt_window.texts
    assert texts[0] == "Ghoul: strike Vex as it goes?" and texts[1:3] == ["1. Strike it", "2. Let it go"]
    vex = table.acting
    assert vex is not None and table.view is not None
    assert table.view.grid.cell_to_offset(vex.cell) == start  # stopped before leaving
    button = next(b for b, what in mode.prompt_window.buttons.items() if what == ("option", PASS))
    post_click(button.rect.center)
    frames(table, 3)
    assert [(a.option, a.by) for a in answers(table)] == [(PASS, "player")]
    assert table.view.grid.cell_to_offset(vex.cell) == to  # the move went on from where it stopped
    assert not isinstance(table.mode, DecideMode)
    through_handoff(table, "Ann")  # back to the player whose turn it is


def test_a_standing_order_set_in_the_prompt_answers_the_next_one_without_stopping(table: Table) -> None:
    heroes_turn(table)
    start, _ = walk_one(table)
    through_handoff(table, "Bob")
    mode = table.mode
    assert isinstance(mode, DecideMode)
    never = next(b for b, what in mode.prompt_window.buttons.items() if what == ("order", "never"))
    post_click(never.rect.center)
    frames(table, 3)
    through_handoff(table, "Ann")
    assert table.session is not None
    assert table.session.standing_orders == {"Bob": {"test:watch": StandingOrder.NEVER}}
    vex = table.acting
    assert vex is not None and table.view is not None
    _, to = walk_one(table, avoid=start)
    assert table.view.grid.cell_to_offset(vex.cell) == to  # no stop, no handoff
    assert not isinstance(table.mode, (DecideMode, HandoffMode))
    assert [(a.option, a.by) for a in answers(table)] == [(PASS, "player"), (PASS, "standing order")]


def test_number_keys_answer_and_esc_does_not_dismiss(table: Table) -> None:
    heroes_turn(table)
    walk_one(table)
    through_handoff(table, "Bob")
    post_key(pygame.K_ESCAPE)
    frames(table, 2)
    assert isinstance(table.mode, DecideMode)  # passing is an option; nothing dismisses the question
    post_key(pygame.K_1)
    frames(table, 3)
    assert [(a.option, a.by) for a in answers(table)] == [("strike", "player")]


def test_a_secret_decision_is_the_choosers_alone_in_the_log() -> None:
    """A secret decision's question and options are its chooser's until revealed (kernel decisions):
    the window's privacy filter gives the event to the chooser."""
    from game.kernel.events import DecisionOpened
    from game.rulesets.seed000.visibility import secrets

    opened = DecisionOpened(4, "monsters", "ghoul", "test:pace", "fast or slow?", ("fast", "slow"), True, 4)
    public = DecisionOpened(5, "monsters", "ghoul", "test:watch", "strike?", ("strike", "pass"), False, 5)
    assert secrets([opened, public]) == ["ghoul", None]
