"""A change is drawn within one frame: the work it leaves is spread over the next frames under one budget
that counts from the frame's start (issue 13, item 19).

The threat and flanking overlays are computed a step (a batch of queries) at a time, as many steps a frame
as its budget allows and one in any case; the overlay of the state before stays shown whole until the new
one is complete. The board view's budgets end a fixed time after the frame began, whatever the frame did
before drawing; a hurried frame (the frame of a change, or one that computed overlays) leaves its deferred
drawing to the next frames but for the patches of a few cells. Work is counted in queries, chunks and
cells here, never in milliseconds: how fast is the benchmark's to say.
"""

from __future__ import annotations

import gc
import time
import weakref
from pathlib import Path
from typing import Any, Iterator

import pygame
import pytest

from game.bench import crowded_state
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.commands import EndTurnCommand, MoveCommand
from game.ui import board_view
from game.ui.rulesets.seed000 import highlights as overlays
from game.ui import table as table_module
from game.ui.board_view import BoardView, Layer
from game.ui.table import Table
from tests.ui.driving import frames

REPO = Path(__file__).resolve().parents[2]
CRYPT = REPO / "maps" / "crypt_skirmish.toml"


@pytest.fixture()
def table() -> Iterator[Table]:
    """The crypt, both sides played by people, looked at from the acting creature's seat."""
    pygame.display.init()
    pygame.font.init()
    out = Table((1280, 800), controls={"heroes": "Ann", "monsters": "Bob"}, skip_setup=True)
    assert out.open(CRYPT), out.message
    assert out.session is not None
    out.viewer = out.session.acting_controller
    frames(out, 5)
    yield out
    pygame.quit()
    gc.unfreeze()


def settle(table: Table) -> None:
    assert table.view is not None
    for _ in range(400):
        frames(table, 1)
        if table.view.settled:
            return
    raise AssertionError("the view never settled")


@pytest.mark.parametrize("batch", [1, 2, 3, 1000])
def test_the_overlays_computed_a_step_at_a_time_equal_those_computed_at_once(batch: int) -> None:
    """A crowded map (300 creatures on 30 x 30): whatever the batch, None until the last step, then the very
    threat layer and flanking that the one-call functions give."""
    state, mover = crowded_state(size=30, creatures=300)
    enemies = [c for c in state.living() if c.side != mover.side]
    threat = list(overlays.threat_steps(state, mover, batch))
    assert len(threat) == -(-len(enemies) // batch)
    assert all(step is None for step in threat[:-1])
    whole = overlays.threat_layer(state, mover)
    last = threat[-1]
    assert isinstance(last, Layer) and last.cells == whole.cells and last.style == whole.style
    flank = list(overlays.flanking_steps(state, mover, batch))
    assert all(step is None for step in flank[:-1])
    at_once = overlays.flanking(state, mover)
    assert at_once.pairs or at_once.cells, "the crowd gives something to compare"
    assert flank[-1] == at_once


def test_frames_after_an_end_of_turn_look_at_one_enemy_each_and_show_the_overlays_before_until_complete(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """One query a step and no budget: each frame after the change makes one query about an enemy (not all
    of them, as one frame did before), and until the last of them the frames show the threat overlay and
    the flanking of the state before, whole and unchanged; then those of the new state."""
    assert table.session is not None and table.view is not None
    monkeypatch.setattr(overlays, "THREAT_BATCH", 1, raising=False)
    monkeypatch.setattr(overlays, "FLANK_BATCH", 1, raising=False)
    monkeypatch.setattr(table_module, "OVERLAY_BUDGET_S", 0.0, raising=False)
    view = table.view
    for _ in range(10):  # to the last creature of a side: its end of turn passes to the other side
        settle(table)
        actor, following = table.acting, table.next_creature()
        assert actor is not None and following is not None
        if following.side != actor.side:
            break
        end_turn(table)
    before_threat, before_flank = view.layers["threat"], table.parts.flank
    end_turn(table)
    st = table.session.encounter.state
    now = st.acting
    assert now is not None
    new_threat = overlays.threat_layer(st, now)
    assert new_threat.cells != before_threat.cells, "the end of turn changes the threat overlay"
    enemies = [c for c in st.living() if c.side != now.side]
    queries: list[str] = []
    real = tactics.threatened_cells

    def counted(state: Any, creature: Any) -> Any:
        queries.append(creature.id)
        return real(state, creature)

    monkeypatch.setattr(tactics, "threatened_cells", counted)
    frames(table, 1)  # the frame of the change
    assert queries == [], "the frame of the change asks nothing about every enemy"
    per_frame: list[int] = []
    while view.layers.get("threat") is before_threat:
        assert table.parts.flank is before_flank, "the flanking before stays until the threat overlay is done"
        queries.clear()
        frames(table, 1)
        per_frame.append(len(queries))
        assert len(per_frame) <= len(enemies) + 5, "the threat overlay never came"
    assert per_frame and max(per_frame) <= 1, per_frame
    assert len(per_frame) == len(enemies), "one frame per enemy"
    assert view.layers["threat"].cells == new_threat.cells, "then the new state's overlay, complete"
    steps = 0
    while view.layers_pending:
        assert table.parts.flank is before_flank, "the flanking before stays until the new one is complete"
        frames(table, 1)
        steps += 1
        assert steps < 200
    monkeypatch.undo()
    assert table.parts.flank == overlays.flanking(st, now)


def test_a_frame_with_time_left_takes_several_steps(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """The budget is the limit, not one step: with time to spare, the frame after a move makes the threat
    overlay of every enemy (one query a step) and the flanking in one go."""
    assert table.session is not None and table.view is not None
    monkeypatch.setattr(overlays, "THREAT_BATCH", 1)
    monkeypatch.setattr(table_module, "OVERLAY_BUDGET_S", 60.0)
    settle(table)
    actor = table.acting
    assert actor is not None
    cell = next(c for c, r in table.routes.items() if r.cost >= 2 and not r.provokes)
    assert table.send(MoveCommand(actor.id, cell, table.routes[cell].safest_path))
    table.anim.finish()
    frames(table, 2)  # the change, then the frame that computes what it left
    assert not table.view.layers_pending


def test_the_frames_of_a_change_and_of_its_overlays_are_hurried_a_quiet_one_is_not(table: Table) -> None:
    """What the table tells its board view (``BoardView.hurried``): no time to spare in the frame of a change
    (every token and name to draw) nor in a frame that computed overlays; time to spare once settled."""
    assert table.session is not None and table.view is not None
    settle(table)
    frames(table, 1)
    assert not table.view._hurried
    end_turn(table)
    frames(table, 1)
    assert table.view._hurried and table.view.layers_pending
    frames(table, 1)
    assert table.view._hurried, "the next frame computed overlays"
    settle(table)
    frames(table, 1)
    assert not table.view._hurried


def end_turn(table: Table) -> None:
    assert table.session is not None and table.acting is not None
    assert table.send(EndTurnCommand(table.acting.id))
    table.viewer = table.session.acting_controller
    table.anim.finish()


def _stale_view() -> tuple[BoardView, pygame.Surface]:
    """The crypt's view drawn whole, then the grid overlay changed: every chunk in view stale."""
    from game.tiled import load_board

    pygame.display.init()
    pygame.display.set_mode((640, 480))
    tmap, board = load_board(REPO / "maps" / "square_crypt.tmx")
    view = BoardView(tmap, board)
    view.camera.zoom = 1.25
    target = pygame.Surface((640, 480))
    view.draw_board(target)
    assert view.settled
    view.set_layers({"grid": Layer({cell: (255, 255, 255, 60) for cell in board}, "grid")})
    return view, target


def test_a_frame_whose_budget_went_before_drawing_redraws_one_stale_chunk_and_the_rest_follow() -> None:
    """``frame_start``: the view's budgets end FRAME_BUDGET_S after it. A frame that has taken a second
    before drawing still redraws one stale chunk (so the view settles however long its frames); the next
    frames redraw the others, and the picture is then the one drawn afresh."""
    try:
        view, target = _stale_view()
        view.frame_start = time.perf_counter() - 1.0
        view.draw_board(target, keep=True)
        assert view.frame_start is None, "used by one draw only"
        assert view.stats.chunks_drawn + view.stats.chunks_patched == 1 and view.stats.chunks_stale > 0
        for _ in range(100):
            if view.settled:
                break
            view.frame_start = time.perf_counter() - 1.0
            view.draw_board(target, keep=True)
        assert view.settled
        fresh = pygame.Surface(target.get_size())
        view._chunks.clear()
        view.draw_board(fresh)
        assert pygame.image.tobytes(target, "RGB") == pygame.image.tobytes(fresh, "RGB")
    finally:
        pygame.display.quit()


def test_a_hurried_frame_leaves_its_stale_chunks_to_the_next_but_patches_a_few_cells(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The frame of a change (``hurried``) redraws no stale chunk whatever its budget, but patches a change
    of a few cells (the change's own marks); the next frame, not hurried, redraws the rest."""
    monkeypatch.setattr(board_view, "CHUNK_BUDGET_S", 60.0)
    try:
        view, target = _stale_view()
        view.hurried = True
        view.draw_board(target, keep=True)
        assert view.stats.chunks_drawn == view.stats.chunks_patched == 0 and view.stats.chunks_stale > 0
        view.draw_board(target, keep=True)
        assert view.settled, "the next frame has the budget"
        cells = list(view.board)[:5]
        layers = dict(view.layers)
        layers["threat"] = Layer({cell: (235, 50, 40, 210) for cell in cells}, "frame")
        view.set_layers(layers)
        view.hurried = True
        view.draw_board(target, keep=True)
        assert view.stats.chunks_patched >= 1 and view.stats.chunks_stale == 0, "a few cells: patched at once"
    finally:
        pygame.display.quit()


def test_a_change_of_the_overlays_is_shown_in_every_chunk_at_once_never_half(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A mark on every cell of the view, one chunk redrawn a frame: the frames show the picture before, whole,
    until every chunk in view has the new one, then the new one everywhere at once (what a view drawn
    afresh shows)."""
    monkeypatch.setattr(board_view, "CHUNK_BUDGET_S", 0.0)
    try:
        view, target = _stale_view()
        for _ in range(100):  # the grid change, a chunk a frame
            view.draw_board(target, keep=True)
            if view.settled:
                break
        assert view.settled
        before = pygame.image.tobytes(target, "RGB")
        layers = dict(view.layers)
        layers["threat"] = Layer({cell: (235, 50, 40, 210) for cell in view.board}, "frame")
        view.set_layers(layers)
        shown: list[bytes] = []
        for _ in range(100):
            view.draw_board(target, keep=True)
            shown.append(pygame.image.tobytes(target, "RGB"))
            if view.settled:
                break
        assert view.settled and len(shown) > 2, "one chunk a frame: several frames"
        fresh = pygame.Surface(target.get_size())
        view._chunks.clear()
        view.draw_board(fresh)
        after = pygame.image.tobytes(fresh, "RGB")
        assert after != before
        assert all(picture == before for picture in shown[:-1]), "the picture before, whole, meanwhile"
        assert shown[-1] == after, "then the new one everywhere at once"
    finally:
        pygame.display.quit()


def test_on_a_hex_map_a_hurried_frame_still_redraws_its_stale_chunks_within_its_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A hex map's chunks are never patched cell by cell: the frame of a change redraws them whole (within the
    budget, here ample), or a move's reachable cells would come a frame late."""
    monkeypatch.setattr(board_view, "CHUNK_BUDGET_S", 60.0)
    from game.tiled import load_board

    pygame.display.init()
    pygame.display.set_mode((640, 480))
    try:
        tmap, board = load_board(REPO / "maps" / "hex_marsh.tmx")
        view = BoardView(tmap, board)
        target = pygame.Surface((640, 480))
        view.draw_board(target)
        view.set_layers({"reach": Layer({cell: (60, 200, 110, 95) for cell in list(board)[:40]}, "fill")})
        view.hurried = True
        view.draw_board(target, keep=True)
        assert view.stats.chunks_drawn > 0 and view.settled
    finally:
        pygame.display.quit()


def test_a_hurried_frame_draws_nothing_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    """The frame of a change draws the view only: not the next turn's view (``ahead``) nor the ring around
    the view, which the next frame, not hurried, draws."""
    monkeypatch.setattr(board_view, "AHEAD_BUDGET_S", 60.0)
    monkeypatch.setattr(board_view, "PREFETCH_BUDGET_S", 60.0)
    from game.tiled import load_board

    pygame.display.init()
    pygame.display.set_mode((640, 480))
    try:
        tmap, board = load_board(REPO / "maps" / "square_crypt.tmx")
        view = BoardView(tmap, board)
        view.camera.zoom = 2.0
        target = pygame.Surface((300, 200))
        view.hurried = True  # (not the view's first frame: that one is never hurried)
        view.draw_board(target)
        in_view = set(view._chunks)
        view.ahead = (view.size[0] - 150.0, view.size[1] - 100.0)  # the far corner of the picture
        view.hurried = True
        view.draw_board(target, keep=True)
        assert set(view._chunks) == in_view, "nothing drawn ahead"
        view.draw_board(target, keep=True)
        assert set(view._chunks) > in_view, "the next frame draws ahead"
    finally:
        pygame.display.quit()


def test_names_are_laid_out_without_their_images_which_are_made_when_drawn(table: Table) -> None:
    """Laying out the names of a region (a big map's: most of them off screen) makes no image; drawing
    makes the images of the names drawn, and the layout's places are the images' sizes."""
    assert table.session is not None and table.view is not None
    settle(table)
    table._name_images.clear()
    table._name_layouts.clear()
    table._names_key = None
    zoom = table.view.camera.zoom
    ox, oy = table.view.camera.offset()
    layout = table.lay_out_names(zoom, table.session.encounter.state.acting_id, table.names_region(ox, oy))
    assert layout and table._name_images == {}
    table._board_kept = None
    frames(table, 1)
    assert table.name_rects, "names were drawn"
    assert set(table._name_images) <= {(label.text, label.size) for label in layout}
    for label in layout:
        image = table.name_image(label.text, label.size)
        assert image.get_size() == label.rect.size


def test_opening_freezes_what_it_made_and_releases_the_encounter_before(table: Table) -> None:
    """``gc.freeze`` after opening (the collector then leaves the encounter's objects alone); opening
    another encounter unfreezes and collects, so the one before is not kept."""
    assert table.session is not None
    assert gc.get_freeze_count() > 0
    before = weakref.ref(table.session)
    assert table.open(REPO / "maps" / "marsh_ambush.toml"), table.message
    assert before() is None, "the encounter before was released"
    assert gc.get_freeze_count() > 0
