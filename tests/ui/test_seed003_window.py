"""Seed 003 in the window: its window parts (``game.ui.rulesets.seed003``), a first version.

Issue 15 item 8: "The window: the escalation die, the bands of the initiative panel, ... the decision
prompt; everything drawn by 003's UI part, nothing in the shared window that names 003."
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.rulesets.seed003.commands import Move, UseAbility
from game.ui.script import post_click
from game.ui.table import Table
from tests.ui.driving import REPO, frames, pixel, settle


@pytest.fixture()
def table() -> Iterator[Table]:
    pygame.display.init()
    pygame.font.init()
    t = Table((1280, 800), controls={"party": "Ann", "keepers": "ai"}, skip_setup=True)
    assert t.open(str(REPO / "maps" / "crypt_vigil_003.toml")), t.message
    yield t
    pygame.quit()


def _sit_down(t: Table) -> None:
    """The hot-seat handoff screen: the player named presses Enter."""
    if t.screen_state == "handoff":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
        frames(t, 2)


def _to_players_turn(t: Table) -> None:
    """Answer the band-order questions as the player (the first option), until a PC of Ann's acts."""
    for _ in range(20):
        settle(t)
        _sit_down(t)
        assert t.session is not None
        question = t.session.question
        if question is None:
            break
        t.session.answer(question.id, question.options[0].key, by="Ann")
    settle(t)
    _sit_down(t)
    assert t.my_turn(), t.message


def test_the_band_order_is_asked_of_the_player_and_the_panel_shows_bands_and_the_escalation_die(
        table: Table) -> None:
    """Seed 003 line 83: in a band "PCs ... go in any order": the players choose; line 91: the die."""
    settle(table)
    assert table.session is not None
    question = table.session.question
    assert question is not None and question.kind.startswith("clock:")
    assert table.session.acting_controller == "Ann"
    assert table.parts.turn_order_title(table).endswith("escalation die 0")
    rows = table.parts.turn_order(table)
    assert rows and all(row.status.split(" · ")[-1] in ("very fast", "fast", "medium", "slow", "very slow")
                        for row in rows)


def test_the_reach_is_the_legal_moves_and_a_click_moves_the_token_there(table: Table) -> None:
    _to_players_turn(table)
    assert table.session is not None
    fight = table.session.encounter
    actor = fight.acting
    assert actor is not None
    legal = {c.to for c in fight.legal_commands() if isinstance(c, Move)}  # type: ignore[attr-defined]
    reach = table.parts.highlights(table)["reach"].cells
    assert set(reach) == legal and legal
    start = actor.cell
    far = max(legal, key=lambda cell: (abs(cell.x - actor.cell.x) + abs(cell.y - actor.cell.y), cell.x, cell.y))
    post_click(pixel(table, far))
    frames(table, 3)
    settle(table)
    moved = fight.piece(actor.id)
    assert moved is not None
    assert moved.cell != start or any("intercept" in fight.describe(e) for e in fight.log)
    x, y = table.token_centre(moved)
    assert table._token_looks[moved.id][1:3] == (x, y)  # the token is drawn where the creature stands


def test_an_ability_that_cannot_be_used_now_is_refused_with_a_reason_and_targets_are_the_legal_ones(
        table: Table) -> None:
    _to_players_turn(table)
    assert table.session is not None
    fight = table.session.encounter
    actor = table.acting
    entries = [e for e in table.parts.bar_entries(table, actor) if e.role == "ability"]
    assert entries and entries[0].ident == "basic_melee"
    legal = [c for c in fight.legal_commands() if isinstance(c, UseAbility)  # type: ignore[attr-defined]
             and c.ability == "basic_melee"]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1"))
    frames(table, 2)
    if not legal:
        assert table.parts.chosen is None and table.message_error  # type: ignore[attr-defined]
    else:
        cells = set(table.parts.highlights(table)["targets"].cells)
        assert cells == {fight.piece(c.targets[0]).cell for c in legal}
