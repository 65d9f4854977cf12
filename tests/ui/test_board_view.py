"""The board view's chunk cache: a change of the overlays redraws only what it changed, and exactly.

A chunk patched cell by cell must be, pixel for pixel, the chunk drawn afresh with the new overlays;
the chunks that hold no changed cell must stay as they are (and count as up to date).
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.grid import Cell
from game.tiled import load_board
from game.ui import board_view
from game.ui.board_view import BoardView, Layer

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture()
def view(monkeypatch: pytest.MonkeyPatch) -> BoardView:
    # what is redrawn, not when: no frame budget runs out here however loaded the machine (or the collector)
    monkeypatch.setattr(board_view, "CHUNK_BUDGET_S", 10.0)
    pygame.display.init()
    pygame.display.set_mode((640, 480))
    tmap, board = load_board(REPO / "maps" / "square_crypt.tmx")
    out = BoardView(tmap, board)
    out.camera.zoom = 1.25
    return out


def _layers(view: BoardView, reach: dict[Cell, tuple[int, int, int, int]]) -> dict[str, Layer]:
    cells = list(view.board)
    return {
        "terrain": Layer({c: (200, 60, 60, 90) for c in cells[::7]}, "fill"),
        "reach": Layer(reach, "fill"),
        "threat": Layer({c: (235, 50, 40, 210) for c in cells[3::11]}, "frame"),
        "flanking": Layer({c: (190, 90, 255, 230) for c in cells[5::13]}, "dot"),
        "grid": Layer({c: (255, 255, 255, 60) for c in cells}, "grid"),
    }


def _same_pixels(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_size() == b.get_size() and bytes(pygame.image.tobytes(a, "RGB")) == bytes(
        pygame.image.tobytes(b, "RGB"))


def test_a_patched_chunk_is_pixel_for_pixel_the_chunk_drawn_afresh(view: BoardView) -> None:
    grid = view.grid
    first = {grid.offset_to_cell(x, y): (60, 200, 110, 95) for x in range(2, 7) for y in range(2, 6)}
    view.set_layers(_layers(view, first))
    target = pygame.Surface((640, 480))
    view.draw_board(target)
    assert view.settled
    # The reach moves two cells right and changes colour on one cell: a few cells differ.
    second = {grid.offset_to_cell(x, y): (60, 200, 110, 95) for x in range(4, 9) for y in range(2, 6)}
    second[grid.offset_to_cell(5, 3)] = (245, 150, 30, 110)
    view.set_layers(_layers(view, second))
    stale = [key for key, chunk in view._chunks.items() if chunk.version != view.version]
    assert stale, "the chunks holding the changed cells are stale"
    view.draw_board(target)
    assert view.stats.chunks_patched == len(stale) and view.stats.chunks_drawn == 0
    size = view._chunk_size()
    for (i, j), chunk in view._chunks.items():
        assert _same_pixels(chunk.surface, view._render_chunk(i, j, size, view.camera.zoom)), (i, j)


def test_only_the_chunks_holding_a_changed_cell_go_stale(view: BoardView) -> None:
    grid = view.grid
    view.set_layers(_layers(view, {}))
    target = pygame.Surface((640, 480))
    view.draw_board(target)
    kept = {key: chunk.surface for key, chunk in view._chunks.items()}
    assert len(kept) > 4
    cell = grid.offset_to_cell(1, 1)
    view.set_layers(_layers(view, {cell: (60, 200, 110, 95)}))
    stale = {key for key, chunk in view._chunks.items() if chunk.version != view.version}
    assert stale == {(0, 0)}
    view.draw_board(target)
    assert all(view._chunks[key].surface is surface for key, surface in kept.items() if key != (0, 0))
    assert all(chunk.version == view.version for chunk in view._chunks.values())


def test_a_change_of_the_terrain_or_the_grid_redraws_every_chunk(view: BoardView) -> None:
    layers = _layers(view, {})
    view.set_layers(layers)
    target = pygame.Surface((640, 480))
    view.draw_board(target)
    del layers["grid"]
    view.set_layers(dict(layers))
    assert all(chunk.version != view.version and chunk.dirty is None for chunk in view._chunks.values())


def test_the_areas_a_kept_view_paints_again_do_not_overlap(view: BoardView) -> None:
    """What is drawn over the map is drawn again on each of them: an overlap would draw it twice."""
    view.set_layers(_layers(view, {}))
    target = pygame.Surface((640, 480))
    view.draw_board(target)
    view.pan(-7, -5)
    ring = pygame.Rect(630, 200, 40, 40)  # across the strip that comes into view on the right
    painted = view.draw_board(target, keep=True, dirty=[ring, ring.move(5, 5)])
    covered = sum(r.width * r.height for r in painted)
    union = {(x, y) for r in painted for x in range(r.left, r.right) for y in range(r.top, r.bottom)}
    assert covered == len(union)
    assert {(x, y) for x in range(633, 640) for y in range(0, 480)} <= union, "the strip that came into view"
    for dirty in (ring.clip(target.get_rect()), ring.move(5, 5).clip(target.get_rect())):
        assert {(x, y) for x in range(dirty.left, dirty.right) for y in range(dirty.top, dirty.bottom)} <= union


def test_at_zoom_1_without_terrain_or_grid_an_unmarked_chunk_is_the_map_picture_itself_and_a_mark_never_draws_on_it(
        view: BoardView) -> None:
    """The players' display's view (zoom 1, no terrain nor grid layer): a chunk no overlay marks is the map
    picture's own pixels, not a copy made for it (nothing allocated when a pan brings it into view; allocating
    costs more than anything else a new chunk needs). A mark that comes to it later is drawn on a copy, whether
    the chunk is patched aside (in view) or in place (ahead of the view): the shared picture stays as it was, and
    the chunk is pixel for pixel the one drawn afresh."""
    grid = view.grid
    view.camera.zoom = 1.0
    dark = Layer({grid.offset_to_cell(20, 18): (0, 0, 0, 255)}, "fill")  # in chunk (2, 2) only
    view.set_layers({"sight": dark})
    target = pygame.Surface((640, 480))
    view.draw_board(target)
    size = view._chunk_size()
    picture = pygame.image.tobytes(view._picture_part(0, 0, 2 * size, size), "RGB")
    for key in ((0, 0), (1, 0)):
        assert view._chunks[key].surface.get_parent() is not None, f"chunk {key} is a copy of the picture"
    # in view: a cell of chunk (0, 0) darkens (as the players' darkness is amended), patched aside
    view.amend_layer(dark, {grid.offset_to_cell(1, 1): (0, 0, 0, 255)})
    view.draw_board(target, keep=True)
    assert view._chunks[(0, 0)].surface.get_parent() is None
    # ahead of the view: one of chunk (1, 0), patched in place
    view.amend_layer(dark, {grid.offset_to_cell(9, 1): (0, 0, 0, 150)})
    chunk = view._chunks[(1, 0)]
    assert view._patch(chunk, 1, 0, size, 1.0) is not None
    assert pygame.image.tobytes(view._picture_part(0, 0, 2 * size, size), "RGB") == picture
    fresh = BoardView(view.tmap, view.board)
    fresh.camera.zoom = 1.0
    fresh.set_layers({"sight": Layer(dict(dark.cells), "fill")})
    for i in (0, 1):
        assert _same_pixels(view._chunks[(i, 0)].surface, fresh._draw_chunk(i, 0, size, 1.0, static=False)), i


def test_a_pan_paints_its_column_strip_from_and_to_whole_16_pixel_steps_of_the_surfaces_rows(view: BoardView) -> None:
    """A tall strip whose rows start or end within a cache line is slow to fill or blit (up to 0.8 ms for 24 x
    1080 pixels against 0.005 ms aligned): the strip a pan paints is widened to ALIGN_PX boundaries of the rows of
    the surface's pixels (a subsurface's offset counted), and the view is then what a fresh frame draws."""
    view.set_layers(_layers(view, {}))
    window = pygame.Surface((700, 480))
    target = window.subsurface((5, 0, 640, 480))
    view.draw_board(target)
    for step in (-21, 13, -24):
        view.pan(step, 0)
        painted = view.draw_board(target, keep=True)
        columns = [r for r in painted if r.height == target.get_height()]
        assert columns, step
        for r in columns:
            assert (r.left + 5) % board_view.ALIGN_PX == 0 or r.left == 0, (step, r)
            assert (r.right + 5) % board_view.ALIGN_PX == 0 or r.right == target.get_width(), (step, r)
        fresh = pygame.Surface((640, 480))
        view.draw_board(fresh)
        assert _same_pixels(target, fresh), step
