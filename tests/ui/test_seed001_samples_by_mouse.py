"""Issue 20, done when: "The samples play to the end with `--auto` and by mouse hot-seat". Ann plays the company
but Wren Quickstep, Bob plays Wren, the AI the raiders (seed 001's samples, as seed 002's
``test_seed002_samples_by_mouse``). Every command of theirs is a click: a bar button then a target (and, for a
move-and-attack, the hex it attacks from) or a hex on the board, or the End turn button; each decision is a click on
the first option of its prompt; each handoff a click on the table. A plain policy chooses what to click (attack
from here if a target is in reach, else rush the first target offered, else move toward the nearest enemy, else
end the turn): the test checks that the window plays the whole fight to its end this way, not how well.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.rulesets.seed001.commands import Attack, EndTurnCommand, Move
from game.rulesets.seed001.fight import Seed001Fight
from game.ui.rulesets.seed001.parts import Seed001Parts
from game.ui.table import Table
from tests.ui.driving import REPO, click_bar, click_cell, play_by_mouse

SAMPLES = sorted((REPO / "maps").glob("*_001.toml"))
CLICKS = 4000
"""The most clicks one fight may take here (a sample fight takes a few hundred)."""


def play_a_turn_step(table: Table, f: Seed001Fight) -> None:
    """One click (or two or three) of the player at the table."""
    parts = table.parts
    assert isinstance(parts, Seed001Parts)
    actor = f.acting
    assert actor is not None
    legal = parts.legal(table)
    attacks = [c for c in legal if isinstance(c, Attack)]
    here = next((c for c in attacks if c.to is None), None)
    if here is not None and click_bar(table, "attack", here.weapon):
        target = f.piece(here.target)
        if target is not None and click_cell(table, target.cell):
            return
    rush = next((c for c in attacks if c.to is not None), None)
    if rush is not None and click_bar(table, "attack", rush.weapon):
        target = f.piece(rush.target)
        if target is not None and click_cell(table, target.cell) and parts.rush_target == rush.target \
                and click_cell(table, rush.to):
            return
    parts.drop()
    foes = [c for c in f.pieces() if c.side != actor.side and not c.out]
    moves = [c for c in legal if isinstance(c, Move) and not c.withdraw]
    here_cell = f.state.mover(actor).cell
    grid = f.state.board.grid
    if moves and foes and actor.rider is None:
        best = min(moves, key=lambda m: (min(grid.distance(m.to, e.cell) for e in foes), grid.cell_to_offset(m.to)))
        if min(grid.distance(best.to, e.cell) for e in foes) < min(grid.distance(here_cell, e.cell) for e in foes) \
                and click_cell(table, best.to):
            return
    assert any(isinstance(c, EndTurnCommand) for c in legal)
    assert click_bar(table, "end")


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_a_sample_plays_to_its_end_by_mouse_with_two_players_at_the_table(sample: Path) -> None:
    pygame.display.init()
    pygame.font.init()
    try:
        table = Table((1280, 800), controls={"company": "Ann", "wren_quickstep": "Bob", "raiders": "ai"},
                     skip_setup=True)
        assert table.open(str(sample)), table.message
        assert table.session is not None
        f = table.session.encounter
        assert isinstance(f, Seed001Fight)
        seen_players = play_by_mouse(table, lambda: play_a_turn_step(table, f), CLICKS)
        assert f.over, f"not over after {CLICKS} clicks, round {f.round}"
        assert {"Ann", "Bob"} <= seen_players
        people = {p.by for p in table.session.played}
        assert {"Ann", "Bob", "ai"} <= people
    finally:
        pygame.quit()
