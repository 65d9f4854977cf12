"""Issue 19, done when: "The samples play to the end with `--auto` and by mouse with two players hot-seat". Ann
plays four of the party, Bob plays Wren Ashdown, the AI the wharf gang (seed 002's samples, as seed 003's
``test_seed003_samples_by_mouse``). Every command of theirs
is a click: a bar button then a target or a cell on the board, or the End turn button; each decision is a
click on the first option of its prompt; each handoff a click on the table. A plain policy chooses what to
click (attack the first target the fight offers, else walk toward the nearest enemy, else end the turn):
the test checks that the window plays the whole fight to its end this way, not how well.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.rulesets.seed002.commands import Attack, EndTurnCommand, Move
from game.rulesets.seed002.fight import Seed002Fight
from game.ui.rulesets.seed002.parts import Seed002Parts
from game.ui.table import Table
from tests.ui.driving import REPO, click_bar, click_cell, play_by_mouse

SAMPLES = [REPO / "maps" / "crypt_wharf_002.toml", REPO / "maps" / "marsh_wharf_002.toml"]
CLICKS = 4000
"""The most clicks one fight may take here (a sample fight takes a few hundred)."""


def play_a_turn_step(table: Table, f: Seed002Fight) -> None:
    """One click (or two) of the player at the table: the first attack offered (its bar button, then the target),
    else a walk toward the nearest enemy while a move action is left, else End turn."""
    parts = table.parts
    assert isinstance(parts, Seed002Parts)
    actor = f.acting
    assert actor is not None
    legal = parts.legal(table)
    attack = next((c for c in legal if isinstance(c, Attack)), None)
    if attack is not None and click_bar(table, "attack", attack.attack):
        target = f.piece(attack.target)
        if target is not None and click_cell(table, target.cell):
            return
    foes = [c for c in f.pieces() if c.side != actor.side and not c.out]
    moves = [c for c in legal if isinstance(c, Move) and c.way in ("walk", "crawl")]
    if moves and foes and actor.economy.move > 0:
        grid = f.state.board.grid
        best = min(moves, key=lambda m: (min(grid.distance(m.to, e.cell) for e in foes), grid.cell_to_offset(m.to)))
        if min(grid.distance(best.to, e.cell) for e in foes) < min(grid.distance(actor.cell, e.cell) for e in foes) \
                and click_cell(table, best.to):
            return
    assert any(isinstance(c, EndTurnCommand) for c in legal)
    assert click_bar(table, "end")


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_a_sample_plays_to_its_end_by_mouse_with_two_players_at_the_table(sample: Path) -> None:
    pygame.display.init()
    pygame.font.init()
    try:
        table = Table((1280, 800), controls={"party": "Ann", "wren_ashdown": "Bob", "wharf": "ai"},
                     skip_setup=True)
        assert table.open(str(sample)), table.message
        assert table.session is not None
        f = table.session.encounter
        assert isinstance(f, Seed002Fight)
        seen_players = play_by_mouse(table, lambda: play_a_turn_step(table, f), CLICKS)
        assert f.over, f"not over after {CLICKS} clicks, round {f.round}"
        assert {"Ann", "Bob"} <= seen_players
        people = {p.by for p in table.session.played}
        assert {"Ann", "Bob", "ai"} <= people
    finally:
        pygame.quit()
