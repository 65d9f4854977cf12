"""Issue 21, done when: "The samples play to the end ... by mouse with two players hot-seat". Ann plays the
company, Bob the beasts. Every option of theirs is a click: a bar button (an attack's weapon or a maneuver) then
the other character on the board, or the Pass button; each decision (a parry, a tie's declaration, a noncombat
option, a trace) is a click on its prompt's first option; each handoff a click on the table. A plain policy
chooses what to click (the first attack offered, else close on the nearest foe, else pass): the test checks
that the window plays the whole fight to its end this way, not how well."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.rulesets.seed004.commands import AttackOption, ManeuverOption
from game.rulesets.seed004.fight import Seed004Fight
from game.rulesets.seed004.maneuvers import Maneuver
from game.ui.rulesets.seed004.parts import Seed004Parts
from game.ui.table import Table
from tests.ui.driving import REPO, click_bar, click_cell, play_by_mouse

SAMPLES = sorted((REPO / "maps").glob("*_004.toml"))
CLICKS = 4000
"""The most clicks one fight may take here."""


def play_a_turn_step(table: Table, f: Seed004Fight) -> None:
    """The click or two of the player holding the initiative."""
    parts = table.parts
    assert isinstance(parts, Seed004Parts)
    actor = f.acting
    assert actor is not None
    legal = parts.legal(table)
    attack = next((o for o in legal if isinstance(o, AttackOption)), None)
    if attack is not None and click_bar(table, "attack", f"attack:{attack.weapon}"):
        if click_cell(table, f.char(attack.target).cell):
            return
    closes = [o for o in legal if isinstance(o, ManeuverOption) and o.maneuver is Maneuver.CLOSE
              and f.char(o.other).side != actor.side]
    if closes:
        near = min(closes, key=lambda o: f.range_of(actor.id, o.other))
        if click_bar(table, "maneuver", "maneuver:close") and click_cell(table, f.char(near.other).cell):
            return
    assert click_bar(table, "pass", parts.bar_entries(table, actor)[-1].ident)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_a_sample_plays_to_its_end_by_mouse_with_two_players_at_the_table(sample: Path) -> None:
    pygame.display.init()
    pygame.font.init()
    try:
        table = Table((1280, 800), controls={"company": "Ann", "beasts": "Bob"}, skip_setup=True)
        assert table.open(str(sample)), table.message
        assert table.session is not None
        f = table.session.encounter
        assert isinstance(f, Seed004Fight)
        seen_players = play_by_mouse(table, lambda: play_a_turn_step(table, f), CLICKS)
        assert f.over, f"not over after {CLICKS} clicks, round {f.round}"
        assert {"Ann", "Bob"} <= seen_players
        people = {p.by for p in table.session.played}
        assert {"Ann", "Bob"} <= people
    finally:
        pygame.quit()
