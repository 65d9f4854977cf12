"""What seed 004 marks on the board for a decision: a movement trace is plotted as a decision whose options are
the reachable end cells, "stay", "chase <who>" and "stop within reach of <who>" (seed 004, line 58, 3.2.4; our
reading (b) in README): the end cells are picked on the board, lit, and the rest in the prompt."""

from __future__ import annotations

import re

from game.board import Board
from game.grid import Cell
from game.kernel.decisions import Decision

MAX_CELLS = 400
"""Most squares one decision lights (a trace's reach is a few dozen cells)."""
_CELL = re.compile(r"^(?:[a-z_]+:)?(\d{1,4}),(\d{1,4})$")
"""An option that names a square: "3,4" or "to:3,4" (column, row)."""


def decision_cells(board: Board, decision: Decision) -> dict[Cell, str]:
    """The squares that answer ``decision`` (each with its option's key): every option whose key names a square
    by (column, row); the others (stay, chase, stop within reach) are the prompt's. Squares off the board are
    left out."""
    out: dict[Cell, str] = {}
    for option in decision.options[:MAX_CELLS]:
        found = _CELL.match(option.key)
        if found is None:
            continue
        cell = board.grid.offset_to_cell(int(found.group(1)), int(found.group(2)))
        if cell in board:
            out[cell] = option.key
    return out
