"""A seed 002 fight on a plain square board for the reactions' and stunts' tests (s002react)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from game.board import Board
from game.grid import Square, SquareGrid
from game.kernel.decisions import PASS, Answer, Decision
from game.rulesets.package import Entry
from game.rulesets.seed002.content import load_sheets
from game.rulesets.seed002.fight import Seed002Fight


def fight_of(*who: tuple[str, str, str, tuple[int, int], dict[str, Any]], width: int = 12, height: int = 8,
             seed: int = 1) -> Seed002Fight:
    """A fight of creatures (id, sheet id, side, (x, y), sheet fields to change); the first listed acts
    first (its initiative raised far above the others')."""
    sheets = load_sheets()
    entries = []
    for i, (pid, sheet_id, side, (x, y), changes) in enumerate(who):
        sheet = replace(sheets[sheet_id], initiative=100 - 20 * i, **changes)
        entries.append(Entry(pid, sheet.name, side, sheet, Square(x, y)))
    board = Board(SquareGrid(32, 32), width, height)
    f = Seed002Fight(board, entries, seed=seed, map_name="test")
    f.start()
    return f


def answer_all(fight: Seed002Fight, choose: Callable[[Decision], str] | None = None, limit: int = 200) -> list[Any]:
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


def play_ai(fight: Seed002Fight, limit: int = 3000) -> None:
    """The AI plays every side to the end."""
    from game.rulesets.seed002.ai import choose_command

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


class Scripted:
    """Stands in for the fight's random stream: ``randint`` gives the faces listed, in order, then 10s."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = iter(faces)

    def randint(self, low: int, high: int) -> int:
        return next(self.faces, 10)


def rig(fight: Seed002Fight, faces: list[int]) -> None:
    fight.engine.dice._random = Scripted(faces)  # type: ignore[assignment]


def events(fight: Seed002Fight, kind: type) -> list[Any]:
    return [e for e in fight.log if isinstance(e, kind)]


def at(x: int, y: int) -> Square:
    return Square(x, y)


def answer(fight: Seed002Fight, kind: str, key: str) -> list[Any]:
    """Answer the open decision of ``kind`` (it must be the first open) with ``key``."""
    assert fight.pending, f"no decision open; expected {kind}"
    d = fight.pending[0]
    assert d.kind == kind, f"{d.kind} open, not {kind}: {d.question}"
    return fight.apply(Answer(d.id, key, "player"))


def end_turn(fight: Seed002Fight, passing: bool = True) -> None:
    """End the acting creature's turn, passing every decision that opens on the way."""
    from game.rulesets.seed002.commands import EndTurnCommand

    actor = fight.acting
    assert actor is not None
    fight.apply(EndTurnCommand(actor.id))
    if passing:
        answer_all(fight)
