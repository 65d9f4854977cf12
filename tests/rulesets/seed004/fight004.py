"""Seed 004 fights on a plain board for the fight's tests (s004fight): characters from the shipped content (or
changed sheets), rigged dice."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Sequence

from game.board import Board, Terrain
from game.grid import Cell
from game.grid.hex import HexGrid, StaggerAxis, StaggerIndex
from game.grid.square import SquareGrid
from game.rulesets.package import Entry
from game.rulesets.seed004.ai import answer
from game.rulesets.seed004.content import load_sheets
from game.rulesets.seed004.fight import Seed004Fight


class Rigged:
    """Stands in for the fight's random stream: ``randint`` gives the faces listed, in order, then those of a
    seeded random stream."""

    def __init__(self, faces: Sequence[int], seed: int = 1) -> None:
        self.faces = list(faces)
        self.rest = random.Random(seed)

    def randint(self, low: int, high: int) -> int:
        if self.faces:
            return self.faces.pop(0)
        return self.rest.randint(low, high)

    def randrange(self, n: int) -> int:
        return self.rest.randrange(n)


def board(hexes: bool = False, width: int = 16, height: int = 12, walls: Sequence[tuple[int, int]] = ()) -> Board:
    grid = HexGrid(32, 36, 18, StaggerAxis.Y, StaggerIndex.ODD) if hexes else SquareGrid(32, 32)
    return Board(grid, width, height, terrain={grid.offset_to_cell(c, r): Terrain(wall=True) for c, r in walls})


Who = tuple[str, str, str, tuple[int, int]] | tuple[str, str, str, tuple[int, int], dict[str, Any]]


def fight_of(*who: Who, faces: Sequence[int] = (), hexes: bool = False, seed: int = 1, start: bool = True,
             starts: dict[str, dict[str, Any]] | None = None) -> Seed004Fight:
    """A fight of characters (id, sheet id, side, (col, row)[, sheet fields to change]); ``faces``: the dice."""
    sheets = load_sheets()
    b = board(hexes)
    entries = []
    for item in who:
        pid, sheet_id, side, (col, row) = item[:4]
        changes: dict[str, Any] = item[4] if len(item) > 4 else {}
        sheet = replace(sheets[sheet_id], **changes)
        entries.append(Entry(pid, sheet.name, side, sheet, b.grid.offset_to_cell(col, row)))
    f = Seed004Fight(b, entries, seed=seed, map_name="test", starts=starts)
    f.ai_answerer = answer
    f.engine.dice._random = Rigged(faces, seed)  # type: ignore[assignment]
    if start:
        f.start()
    return f


def at(fight: Seed004Fight, col: int, row: int) -> Cell:
    return fight.board.grid.offset_to_cell(col, row)  # type: ignore[no-any-return]


def events(fight: Seed004Fight, kind: type) -> list[Any]:
    return [e for e in fight.log if isinstance(e, kind)]
