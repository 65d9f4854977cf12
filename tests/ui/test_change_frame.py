"""The frame of a change redoes only what the change touched (issue 13, item 19).

The action bar is made again only when the buttons it shows change; the tokens' looks only for the
creatures whose look changed; frames with nothing else to do prepare the view the camera jumps to at the
next turn (its chunks, its names); and what is drawn that way is exactly what a table drawing everything
afresh draws.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pygame
import pytest

from game.rulesets.seed000.commands import EndTurnCommand, MoveCommand
from game.ui.table import Table
from tests.ui.driving import crypt_encounter, frames

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture()
def table(tmp_path: Path) -> Iterator[Table]:
    """Two goblins (the same powers) and a wizard (other powers) across the crypt, every side played by Ann."""
    encounter = crypt_encounter(tmp_path / "same_powers.toml", [("Goblin 1", "monsters", "goblin_cutter", (5, 3)),
                                                                 ("Goblin 2", "monsters", "goblin_cutter", (8, 3)),
                                                                 ("Wenna", "heroes", "wizard", (20, 14))],
                                monsters="Ann")
    pygame.display.init()
    pygame.font.init()
    out = Table((1280, 800), skip_setup=True)
    assert out.open(encounter), out.message
    assert out.session is not None
    out.viewer = "Ann"
    frames(out, 3)
    yield out
    pygame.quit()


def end_turn(table: Table) -> None:
    assert table.acting is not None
    assert table.send(EndTurnCommand(table.acting.id))
    table.anim.finish()
    frames(table, 2)


def test_the_action_bar_is_kept_for_the_next_creature_with_the_same_powers(table: Table) -> None:
    seen: list[tuple[str, str, set[int]]] = []
    alive = []  # the buttons themselves, so that no id is given again to a button made later
    for _ in range(7):  # more than two rounds of three
        actor = table.acting
        assert actor is not None and table.my_turn() and table.action_buttons
        seen.append((actor.id, actor.template.id, {id(b) for b in table.action_buttons}))
        alive += list(table.action_buttons)
        end_turn(table)
    pairs = list(zip(seen, seen[1:]))
    same = [(a, b) for a, b in pairs if a[1] == b[1] and a[0] != b[0]]
    other = [(a, b) for a, b in pairs if a[1] != b[1]]
    assert same and other, "the order gives both cases"
    for a, b in same:
        assert a[2] == b[2], f"{b[0]} has {a[0]}'s powers: the same buttons, not made again"
    for a, b in other:
        assert not a[2] & b[2], f"{b[0]} has other powers than {a[0]}: its own buttons"


def test_a_kept_action_bar_shows_what_a_bar_made_afresh_shows(table: Table) -> None:
    for _ in range(7):
        end_turn(table)
        kept = [(b.text, b.visible, b.is_enabled, b.is_selected, b.rect.topleft) for b in table.action_buttons]
        table._bar_key = None  # made afresh
        frames(table, 1)
        fresh = [(b.text, b.visible, b.is_enabled, b.is_selected, b.rect.topleft) for b in table.action_buttons]
        assert kept == fresh


def drawn_afresh(table: Table) -> pygame.Surface:
    """The window drawn with nothing kept from the frames before: no kept token looks, names, action bar
    or board picture."""
    table._token_key = None
    table._token_looks, table._token_looks_for = {}, None
    table._names_key = None
    table._name_layouts, table._names_ahead = {}, None
    table._bar_key = None
    table._board_kept = None
    table._side_covered = True
    assert table.view is not None
    table.view._cell_chunks = (0, {})
    for chunk in table.view._chunks.values():
        chunk.dirty = None
    table.update(0.0)  # the same moment as the frame before (the acting ring pulses with the clock)
    table.draw()
    return table.screen.copy()


def test_after_a_move_and_an_end_of_turn_the_window_is_what_a_fresh_draw_draws(table: Table) -> None:
    for move in (True, False, True, False):
        actor = table.acting
        assert actor is not None
        if move:
            cell = next((c for c, r in table.routes.items() if r.cost >= 2 and not r.provokes), None)
            assert cell is not None
            assert table.send(MoveCommand(actor.id, cell, table.routes[cell].safest_path))
        else:
            assert table.send(EndTurnCommand(actor.id))
        table.anim.finish()
        for _ in range(30):
            frames(table, 1)
            if table.view is not None and table.view.settled:
                break
        kept = table.screen.copy()
        fresh = drawn_afresh(table)
        same = pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(fresh, "RGB")
        assert same, f"the window drawn after {'a move' if move else 'an end of turn'} differs from a fresh draw"


def test_a_move_makes_again_only_the_look_of_the_creature_that_moved(table: Table) -> None:
    def looks() -> dict[str, object]:
        return {c.id: look for bucket in table._token_buckets.values() for c, _, _, look in bucket}

    before = looks()
    actor = table.acting
    assert actor is not None and len(before) == 3
    cell = next((c for c, r in table.routes.items() if r.cost >= 2 and not r.provokes), None)
    assert cell is not None
    assert table.send(MoveCommand(actor.id, cell, table.routes[cell].safest_path))
    table.anim.finish()
    frames(table, 1)
    after = looks()
    for cid, look in after.items():
        if cid == actor.id:
            assert look is not before[cid], "the mover's place is made again"
        else:
            assert look is before[cid], f"{cid} did not change: its look is kept"


def test_idle_frames_prepare_the_next_turns_view_so_that_the_end_of_turn_draws_no_chunk_nor_name(table: Table) -> None:
    view = table.view
    assert view is not None
    view.camera.zoom = 2.0  # the crypt is then larger than the board: the camera follows the acting creature
    table.clamp_camera()
    ahead = None
    for _ in range(6):
        frames(table, 3)
        ahead = table.next_view()
        if ahead is not None:
            break
        end_turn(table)
    assert ahead is not None, "a turn passes to a creature off screen"
    for _ in range(40):  # a player thinking: frames with nothing else to do
        frames(table, 1)
    made_ahead = [layout for _, layout in table._name_layouts.values()]
    actor = table.acting
    assert actor is not None
    assert table.send(EndTurnCommand(actor.id))
    table.anim.finish()
    frames(table, 1)
    assert (view.camera.x, view.camera.y) == ahead, "the camera went where it was expected"
    assert view.stats.chunks_drawn == 0 and view.stats.chunks_stale == 0, "its chunks were drawn ahead"
    assert table._names and any(table._names is layout for layout in made_ahead), "its names were laid out ahead"
    kept = table.screen.copy()
    fresh = drawn_afresh(table)
    assert pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(fresh, "RGB")
