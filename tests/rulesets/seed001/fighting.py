"""Seed 001 fights on a plain hex board for the fight's and the reactions' tests (s001fight, s001react)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Callable, Sequence

from game.board import Board, Terrain
from game.grid import Cell
from game.grid.hex import HexGrid, StaggerAxis, StaggerIndex
from game.grid.square import SquareGrid
from game.kernel.decisions import PASS, Answer, Decision
from game.rulesets.package import Entry
from game.rulesets.seed001.content import load_sheets
from game.rulesets.seed001.fight import Seed001Fight


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


def board(hexes: bool = True, width: int = 16, height: int = 12, walls: Sequence[tuple[int, int]] = ()) -> Board:
    """A plain board; ``walls``: offsets that are walls."""
    grid = HexGrid(32, 36, 18, StaggerAxis.Y, StaggerIndex.ODD) if hexes else SquareGrid(32, 32)
    return Board(grid, width, height, terrain={grid.offset_to_cell(c, r): Terrain(wall=True) for c, r in walls})


def fight_of(*who: tuple[str, str, str, tuple[int, int]] | tuple[str, str, str, tuple[int, int], dict[str, Any]],
             seconds: Sequence[int] = (), faces: Sequence[int] = (), riders: Sequence[tuple[str, str]] = (),
             hexes: bool = True, seed: int = 1, start: bool = True,
             walls: Sequence[tuple[int, int]] = ()) -> Seed001Fight:
    """A fight of creatures (id, sheet id, side, (col, row) offset[, sheet fields to change]); ``seconds``: the
    first round's d12 for each creature in the order listed (then ``faces``: the dice after them)."""
    sheets = load_sheets()
    b = board(hexes, walls=walls)
    entries = []
    for item in who:
        pid, sheet_id, side, (col, row) = item[:4]
        changes: dict[str, Any] = item[4] if len(item) > 4 else {}  # type: ignore[misc]
        sheet = replace(sheets[sheet_id], **changes)
        entries.append(Entry(pid, sheet.name, side, sheet, b.grid.offset_to_cell(col, row)))
    f = Seed001Fight(b, entries, seed=seed, map_name="test", riders=riders)
    f.engine.dice._random = Rigged([*seconds, *faces], seed)  # type: ignore[assignment]
    if start:
        f.start()
    return f


def at(fight: Seed001Fight, col: int, row: int) -> Cell:
    return fight.state.board.grid.offset_to_cell(col, row)  # type: ignore[no-any-return]


def where(fight: Seed001Fight, pid: str) -> tuple[int, int]:
    return fight.offset(fight.creature(pid).cell)


def answer_all(fight: Seed001Fight, choose: Callable[[Decision], str] | None = None, limit: int = 200) -> list[Any]:
    """Answer every open decision (``choose``, else pass) until none is open."""
    events: list[Any] = []
    for _ in range(limit):
        if not fight.pending:
            return events
        d = fight.pending[0]
        key = choose(d) if choose is not None else PASS
        if key not in [o.key for o in d.options]:
            key = PASS if d.may_pass else d.options[0].key
        events += fight.apply(Answer(d.id, key, "player"))
    raise AssertionError("decisions kept opening")


def play_ai(fight: Seed001Fight, limit: int = 5000) -> None:
    """The AI plays every side to the end."""
    from game.rulesets.seed001.ai import choose_command

    for _ in range(limit):
        if fight.over:
            return
        if fight.pending:
            d = fight.pending[0]
            fight.apply(Answer(d.id, fight.ai_answer(d), "AI"))
            continue
        command = choose_command(fight)
        assert command is not None
        fight.apply(command)
    raise AssertionError("the fight did not end")


def events(fight: Seed001Fight, kind: type) -> list[Any]:
    return [e for e in fight.log if isinstance(e, kind)]


class Hook:
    """A do-nothing :class:`~game.rulesets.seed001.fight.Extension` for tests to override one method of."""

    def before(self, fight: Seed001Fight, step: Any) -> list[Any]:
        return []

    def question(self, fight: Seed001Fight, step: Any) -> list[Any]:
        return []

    def resolve(self, fight: Seed001Fight, step: Any, answers: Any) -> bool:
        return False

    def after(self, fight: Seed001Fight, step: Any) -> list[Any]:
        return []

    def ai_answer(self, fight: Seed001Fight, decision: Decision) -> str | None:
        return None

    def describe(self, event: Any, name: Any) -> str | None:
        return None
