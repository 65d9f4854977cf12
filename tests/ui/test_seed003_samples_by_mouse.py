"""Issue 15, done when: "Both sample encounters play to the end ... by mouse in the window with two players
hot-seat". Ann plays four of the party, Bob plays Hale Varrow, the AI the other side. Every command of theirs
is a click: a bar button then a target or a cell on the board, or the End turn button; each decision is a
click on the first option of its prompt; each handoff a click on the table. A plain policy chooses what to
click (attack the first target the fight offers, else walk toward the nearest enemy, else end the turn):
the test checks that the window plays the whole fight to its end this way, not how well.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.rulesets.seed003.commands import EndTurnCommand, Move, UseAbility
from game.rulesets.seed003.fight import Seed003Fight
from game.ui.rulesets.seed003.parts import Seed003Parts
from game.ui.table import Table
from tests.ui.driving import REPO, click_bar, click_cell, play_by_mouse

SAMPLES = [REPO / "maps" / "crypt_vigil_003.toml", REPO / "maps" / "marsh_reeds_003.toml"]
CLICKS = 4000
"""The most clicks one fight may take here (a sample fight takes a few hundred)."""


def play_a_turn_step(table: Table, f: Seed003Fight) -> None:
    """One click (or two) of the player at the table: the first attack offered, else a walk toward the nearest
    enemy (once a turn), else End turn."""
    parts = table.parts
    assert isinstance(parts, Seed003Parts)
    actor = f.acting
    assert actor is not None
    legal = parts.legal(table)
    attack = next((c for c in legal if isinstance(c, UseAbility) and len(c.targets) == 1 and not c.coup
                   and f.ability_of(actor, c.ability) is not None and f.ability_of(actor, c.ability).effect is None),
                  None)
    if attack is not None and click_bar(table, "ability", attack.ability):
        target = f.piece(attack.targets[0])
        if target is not None and click_cell(table, target.cell):
            return
    foes = [c for c in f.pieces() if c.side != actor.side and not c.out]
    moves = [c for c in legal if isinstance(c, Move)]
    if moves and foes and actor.budget.has("move") and not f.state.engaged_with(actor):
        grid = f.state.board.grid
        best = min(moves, key=lambda m: (min(grid.distance(m.to, e.cell) for e in foes), grid.cell_to_offset(m.to)))
        if click_cell(table, best.to):
            return
    assert any(isinstance(c, EndTurnCommand) for c in legal)
    assert click_bar(table, "end")


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_a_sample_plays_to_its_end_by_mouse_with_two_players_at_the_table(sample: Path) -> None:
    pygame.display.init()
    pygame.font.init()
    try:
        table = Table((1280, 800), controls={"party": "Ann", "hale_varrow": "Bob", "keepers": "ai", "mire": "ai"},
                     skip_setup=True)
        assert table.open(str(sample)), table.message
        assert table.session is not None
        f = table.session.encounter
        assert isinstance(f, Seed003Fight)
        seen_players = play_by_mouse(table, lambda: play_a_turn_step(table, f), CLICKS)
        assert f.over, f"not over after {CLICKS} clicks, round {f.round}"
        assert {"Ann", "Bob"} <= seen_players
        people = {p.by for p in table.session.played}
        assert {"Ann", "Bob", "ai"} <= people
    finally:
        pygame.quit()
