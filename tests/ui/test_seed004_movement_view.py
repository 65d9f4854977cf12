"""Seed 004's traces in the window (issue 21 item 7; seed 004, line 53, 3.1: traces plotted secretly; line 54,
3.2: all revealed; lines 55 and 57, 3.2.1 and 3.2.3: resolved by fractions of the traces): each trace is plotted by
a click on a lit end cell, the revealed traces are drawn over the board until the next option is taken, and T
replays the resolution a step at a time with the step and the fraction in the caption.

The fight is ``tests/data/encounters/tie_004.toml`` (Ann plays Ilse Farrow, Bob the Fen Wolf, Cal Fen Wolf 2):
everyone passes, takes no noncombat option, and plots a trace."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.grid import Square
from game.rulesets.seed004.commands import PassOption
from game.rulesets.seed004.phases import MovementStepped, TracesPlotted
from game.ui.modes.decide import DecideMode
from game.ui.rulesets.seed004 import movement_view
from game.ui.rulesets.seed004.parts import Seed004Parts
from game.ui.script import post_key
from game.ui.table import Table
from tests.ui.driving import REPO, click_cell, frames, settle

TIE = REPO / "tests" / "data" / "encounters" / "tie_004.toml"
ENDS = {"ilse_farrow": Square(6, 9), "fen_wolf": Square(8, 9), "fen_wolf_2": Square(9, 9)}


@pytest.fixture()
def table() -> Iterator[Table]:
    pygame.display.init()
    pygame.font.init()
    t = Table((1280, 800), controls={"fen_wolf_2": "Cal"}, skip_setup=True)
    assert t.open(str(TIE)), t.message
    yield t
    pygame.quit()


def to_the_traces(t: Table) -> None:
    """Everyone passes and takes no noncombat option; each trace is then clicked on the board by its player."""
    assert t.session is not None
    s = t.session
    s.apply(PassOption("ilse_farrow"), by="Ann")
    for _ in range(5):  # the tie's two declarations and the three noncombat options: the first option (a pass)
        q = s.question
        assert q is not None and q.kind in ("declare", "noncombat"), q
        s.answer(q.id, q.options[0].key, by=s.controller_of(q.chooser))
    for _ in range(3):
        settle(t)
        if t.screen_state == "handoff":
            post_key(pygame.K_RETURN, 0, "\r")
            frames(t, 3)
        mode = t.mode
        assert isinstance(mode, DecideMode) and mode.prompt_window.decision.kind == "trace"
        who = mode.prompt_window.decision.chooser
        parts = t.parts
        assert isinstance(parts, Seed004Parts)
        lit = parts.decision_cells(t, mode.prompt_window.decision)
        assert lit[ENDS[who]] == f"to:{ENDS[who].x},{ENDS[who].y}"
        assert "trace" in parts.highlights(t)  # lit for its player
        assert click_cell(t, ENDS[who])
        frames(t, 3)
    settle(t)


def test_traces_are_clicked_drawn_when_revealed_and_replayed_step_by_step(table: Table) -> None:
    to_the_traces(table)
    assert table.session is not None
    f = table.session.encounter
    plotted = {e.creature: e.path[-1] for e in f.log if isinstance(e, TracesPlotted)}
    assert plotted == ENDS
    parts = table.parts
    assert isinstance(parts, Seed004Parts)
    got = parts.resolution(table)
    assert got is not None and got.current
    assert {p.mover: p.cells[-1] for p in got.plots} == ENDS
    steps = [e for e in f.log if isinstance(e, MovementStepped)]
    assert len(got.frames) == len(steps) + 1 and got.frames[0].caption == "traces revealed"
    assert got.frames[-1].caption.startswith(f"step {len(steps)} of {len(steps)}: ")
    assert dict(got.frames[-1].positions) == {**dict(steps[-1].positions)}
    settle(table)
    if table.screen_state == "handoff":
        post_key(pygame.K_RETURN, 0, "\r")
        frames(table, 3)
    post_key(pygame.K_t, 0, "t")
    frames(table, 2)
    assert parts.replay is not None and parts.replay.index == 0
    assert table.message.startswith("Movement replay: traces revealed")
    for i in range(1, len(got.frames)):
        post_key(pygame.K_t, 0, "t")
        frames(table, 2)
        assert parts.replay is not None and parts.replay.index == i
        assert f"step {i} of {len(steps)}" in table.message
    post_key(pygame.K_t, 0, "t")
    frames(table, 2)
    assert parts.replay is None  # after the last step: off


def test_the_newest_resolution_is_read_from_the_log_and_ends_being_news_at_the_next_option() -> None:
    """The traces stay the news until an option is taken; a fraction's words are in the caption [55]."""
    from game.rulesets.seed004.events import OptionChosen

    log: list[object] = [TracesPlotted("a", (Square(1, 1), Square(2, 1), Square(3, 1)), "", "", True),
                         TracesPlotted("b", (Square(5, 1), Square(4, 1)), "", "", True),
                         MovementStepped("1/2", ("b",), (("a", Square(2, 1)), ("b", Square(4, 1)))),
                         MovementStepped("1", ("a",), (("a", Square(3, 1)), ("b", Square(4, 1))))]
    got = movement_view.newest(log, str.upper, lambda c: (1, 2, 3))
    assert got is not None and got.current and [p.label for p in got.plots] == ["A", "B"]
    assert [fr.caption for fr in got.frames] == ["traces revealed",
                                                 "step 1 of 2: 1/2 of each remaining trace; ended: B",
                                                 "step 2 of 2: the rest of every trace; ended: A"]
    assert got.frames[2].ended == frozenset({"a", "b"})
    later = movement_view.newest([*log, OptionChosen("a", "pass", "no blow", 0, 10)], str.upper, lambda c: (1, 2, 3))
    assert later is not None and not later.current



def test_an_attack_on_a_mover_between_two_steps_keeps_the_replay_whole() -> None:
    """Seed 004, line 56, 3.2.2: those who just ended may attack one still moving, borrowing blows from the next
    round; the resolution then goes on [57]. The attack is an option chosen inside the movement phase: the
    replay keeps the steps after it (it stopped at the attack, showing "step 1 of 1", before)."""
    from game.rulesets.seed004.events import OptionChosen

    log: list[object] = [TracesPlotted("a", (Square(1, 1), Square(2, 1), Square(3, 1)), "", "", True),
                         TracesPlotted("b", (Square(5, 1), Square(4, 1)), "", "", True),
                         MovementStepped("0", ("b",), (("a", Square(1, 1)), ("b", Square(5, 1)))),
                         OptionChosen("b", "attack a", "1 active", 0, 10, borrowed=True),
                         MovementStepped("1", ("a",), (("a", Square(3, 1)), ("b", Square(5, 1))))]
    got = movement_view.newest(log, str.upper, lambda c: (1, 2, 3))
    assert got is not None and got.current
    assert [fr.caption.split(":")[0] for fr in got.frames] == ["traces revealed", "step 1 of 2", "step 2 of 2"]


def test_the_players_display_draws_the_traces_and_the_replay_too(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 21 item 7: "The window draws the traces and replays their resolution", on the players' display too
    (the public second window), without the traces of creatures hidden from players."""
    from game.ui.players_display import PlayersDisplay
    from game.ui.rulesets.seed004 import traces_view

    to_the_traces(table)
    drawn: list[tuple[str, tuple[str, ...]]] = []
    real_traces, real_frame = traces_view.draw_traces, traces_view.draw_frame
    monkeypatch.setattr(traces_view, "draw_traces", lambda t, r, c, plots, **k: (
        drawn.append(("traces", tuple(p.mover for p in plots))), real_traces(t, r, c, plots, **k))[1])
    monkeypatch.setattr(traces_view, "draw_frame", lambda t, r, c, plots, frame: (
        drawn.append(("frame", tuple(p.mover for p in plots))), real_frame(t, r, c, plots, frame))[1])
    assert table.session is not None
    table.session.hide("fen_wolf_2")
    display = PlayersDisplay(None, (1000, 600))
    try:
        display.render(table)
        assert ("traces", ("ilse_farrow", "fen_wolf")) in drawn  # the hidden wolf's trace is not shown
        drawn.clear()
        parts = table.parts
        assert isinstance(parts, Seed004Parts)
        parts.step_replay(table)
        display.render(table)
        assert ("frame", ("ilse_farrow", "fen_wolf")) in drawn  # the replay's frame: the display drew again
    finally:
        display.close()
