"""The board's overlays every ruleset has: the grid and the terrain.

What a ruleset highlights on top (reachable cells, threat, targets...) is its window part's
(``game.ui.parts.WindowParts.highlights``; seed 000's: ``game.ui.rulesets.seed000.highlights``).
"""

from __future__ import annotations

from game.board import Board
from game.grid import Cell
from game.ui.board_view import RGBA, Layer

GRID: RGBA = (255, 255, 255, 60)

OVERLAYS: dict[str, tuple[str, str]] = {
    "grid": ("G", "cell outlines"),
    "terrain": ("D", "dangerous (red), difficult (yellow) and tight (teal) terrain, walls (dark)"),
}
"""The generic overlays: name -> (its key, what it shows); a ruleset's part adds its own (``toggles``)."""

LAYER_ORDER: dict[str, int] = {"terrain": 0, "unseen by players": 1, "grid": 90}
"""Where the generic overlays go among the layers (a ruleset's own are placed by its ``layer_order``)."""


def terrain_layer(board: Board) -> Layer:
    out: dict[Cell, RGBA] = {}
    from game.ui.map_view import terrain_tint

    for cell, terrain in board.special_cells().items():
        tint = terrain_tint(terrain)
        if tint is not None:
            out[cell] = tint
    return Layer(out, "fill")


def grid_layer(board: Board) -> Layer:
    return Layer({cell: GRID for cell in board}, "grid")
