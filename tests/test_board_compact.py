"""Issue 23: a large map's terrain is kept compactly (``Board(codes=..., palette=...)``), so a valid map of a
million wall cells costs a few megabytes, not the ~300 MB of a dict entry, a cell and an offset per cell."""

from __future__ import annotations

import tempfile
import tracemalloc
from array import array
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board import PLAIN, Board, Damage, Terrain
from game.grid import Hex, HexGrid, Square, SquareGrid
from game.tiled import load_board
from game.tiled import to_board
from game.tiled.model import StaggerAxis, StaggerIndex
from tests.tiled.test_refusal_memory import walls_and_one_fault

MiB = 1024 * 1024
MILLION_WALLS_PEAK = 40 * MiB
"""Measured: building the Board of 1024x1024 wall cells through the Tiled loader peaks at 22 MB of Python
allocations (tracemalloc) and keeps 12 MB; it peaked at 318 MB and kept 162 MB with a dict of cells."""

TERRAINS = [Terrain(wall=True), Terrain(difficult=True), Terrain(damage=Damage(1, 6, 0, "fire")),
            Terrain(difficult=True, damage=Damage(2, 4, 1, "poison"))]


def test_a_million_wall_cells_from_a_tiled_map_fit_in_a_few_megabytes() -> None:
    folder = Path(tempfile.mkdtemp())
    path = walls_and_one_fault(folder)  # the same million walls, without the faulty creature
    path.write_text(path.read_text().replace('<object id="1" name="Ghost" type="creature" x="8" y="8">'
                                             '<point/></object>', ''))
    tracemalloc.start()
    try:
        _, board = load_board(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert board.counts() == {"wall": 1024 * 1024, "difficult": 0, "dangerous": 0}
    assert board.is_wall(Square(1023, 1023)) and board.is_wall(Square(0, 0)) and board.is_wall(Square(1024, 0))
    assert peak < MILLION_WALLS_PEAK, f"{peak / MiB:.0f} MB"


grids = st.sampled_from([SquareGrid(16, 16), HexGrid(16, 16, 8, StaggerAxis.Y, StaggerIndex.ODD),
                         HexGrid(16, 16, 8, StaggerAxis.X, StaggerIndex.EVEN)])


@settings(max_examples=60, deadline=None)
@given(grids, st.integers(1, 9), st.integers(1, 9), st.tuples(st.integers(-3, 3), st.integers(-3, 3)),
       st.data())
def test_the_compact_store_answers_as_a_dict_of_cells(grid: SquareGrid | HexGrid, width: int, height: int,
                                                      origin: tuple[int, int], data: st.DataObject) -> None:
    palette = [PLAIN, *data.draw(st.permutations(TERRAINS))]
    codes = data.draw(st.lists(st.integers(0, len(palette) - 1), min_size=width * height,
                               max_size=width * height))
    ox, oy = origin
    cells = [grid.offset_to_cell(ox + i % width, oy + i // width) for i in range(width * height)]
    reference = Board(grid, width, height, origin=origin,
                      terrain={c: palette[k] for c, k in zip(cells, codes) if k})
    compact = Board(grid, width, height, origin=origin, codes=array("H", codes), palette=palette)
    probes = [grid.offset_to_cell(c, r) for r in range(oy - 2, oy + height + 2) for c in range(ox - 2, ox + width + 2)]
    for cell in probes:
        assert compact.terrain(cell) == reference.terrain(cell), cell
        assert compact.is_wall(cell) == reference.is_wall(cell)
        assert compact.is_difficult(cell) == reference.is_difficult(cell)
        assert compact.damage_at(cell) == reference.damage_at(cell)
        assert (cell in compact) == (cell in reference)
    other = Hex(0, 0) if isinstance(grid, SquareGrid) else Square(0, 0)
    assert compact.terrain(other) == reference.terrain(other) == Terrain(wall=True)
    assert compact.special_cells() == reference.special_cells()
    assert compact.counts() == reference.counts()


@pytest.mark.parametrize("name", ["square_crypt.tmx", "hex_marsh.tmx", "hex_ridge.tmx"])
def test_a_map_built_compactly_has_the_same_board(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    path = Path(__file__).parent.parent / "maps" / name
    _, reference = load_board(path)
    monkeypatch.setattr(to_board, "COMPACT_CELLS", 0)
    _, compact = load_board(path)
    assert compact._codes is not None and reference._codes is None
    assert compact.special_cells() == reference.special_cells() and compact.counts() == reference.counts()
    assert [compact.terrain(c) for c in compact] == [reference.terrain(c) for c in reference]
    assert compact.placements == reference.placements


def test_compact_terrain_must_cover_the_board_and_its_palette() -> None:
    with pytest.raises(ValueError):
        Board(SquareGrid(16, 16), 2, 2, codes=array("H", [0, 1, 0]), palette=[PLAIN, TERRAINS[0]])
    with pytest.raises(ValueError):
        Board(SquareGrid(16, 16), 2, 1, codes=array("H", [0, 2]), palette=[PLAIN, TERRAINS[0]])


@pytest.mark.parametrize("name", ["dangerous_without_damage.tmx", "creature_in_wall.tmx"])
def test_a_map_refused_compactly_gets_the_same_message(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.errors import GameError

    path = Path(__file__).parent / "data" / "bad_maps" / name
    with pytest.raises(GameError) as reference:
        load_board(path)
    monkeypatch.setattr(to_board, "COMPACT_CELLS", 0)
    with pytest.raises(GameError) as compact:
        load_board(path)
    assert str(compact.value) == str(reference.value)
