"""The toy ruleset (``toy.py``) as a ruleset package: what the table (session, undo, standing orders) needs.

It proves that the session plays any ruleset through :class:`game.rulesets.package.Ruleset` and
:class:`game.rulesets.package.Fight`, with nothing of seed 000 in the way. The pieces stand on the track in
the cell of the track their column says.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from game.board import Board
from game.grid import Square, SquareGrid
from game.kernel.decisions import Answer, Decision
from game.kernel.events import Event, to_json
from game.rulesets.package import Command, Entry, FileSetup, Fight
from game.scenario import Scenario
from game.session import Source
from tests.kernel.toy import Go, Piece, Toy


@dataclass(frozen=True)
class Sheet:
    id: str
    size: int = 1


@dataclass(frozen=True)
class Seen:
    """A toy piece as the table sees it (:class:`game.rulesets.package.Piece`)."""

    id: str
    name: str
    side: str
    cell: Square
    dead: bool


class ToyFight:
    def __init__(self, toy: Toy, seed: int) -> None:
        self.toy, self.seed = toy, seed

    @property
    def log(self) -> list[Event]:
        return self.toy.engine.log

    def start(self) -> list[Event]:
        return self.toy.start()

    def apply(self, command: Command) -> list[Event]:
        return self.toy.engine.apply(command)

    def describe(self, event: Event) -> str:
        return repr(event)

    def event_json(self, event: Event) -> dict[str, Any]:
        return to_json(event, lambda cell: (cell.x, cell.y))

    @property
    def pending(self) -> tuple[Decision, ...]:
        return self.toy.engine.pending

    def ai_answer(self, decision: Decision) -> str:
        return self.toy.ai_answer(decision)

    @property
    def over(self) -> bool:
        return self.toy.winner() is not None

    @property
    def winner(self) -> str:
        return self.toy.winner() or ""

    @property
    def acting(self) -> Seen | None:
        holder = self.toy.clock.holder()
        return None if holder is None or self.over else self.piece(holder)

    def piece(self, pid: str) -> Seen | None:
        p = self.toy.pieces.get(pid)
        return None if p is None else _seen(p)

    def pieces(self) -> list[Seen]:
        return [_seen(p) for p in self.toy.pieces.values()]

    @property
    def turn_mark(self) -> tuple[int, int]:
        return self.toy.clock.round, self.toy.clock.index

    @property
    def round(self) -> int:
        return self.toy.clock.round


def _seen(p: Piece) -> Seen:
    return Seen(p.id, p.id.title(), p.side, Square(p.cell, 0), p.hp <= 0)


class ToyPackage:
    name = "toy"
    event_format = 1

    def content_dir(self) -> Path:
        return Path(".")

    def load_content(self, paths: Sequence[Path]) -> Mapping[str, Sheet]:
        return {"piece": Sheet("piece")}

    def encounter_fields(self) -> dict[str, tuple[Any, Any]]:
        return {}

    def new_fight(self, board: Board, entries: Sequence[Entry], setup: FileSetup) -> Fight:
        return ToyFight(Toy([Piece(e.id, e.side, e.cell.x) for e in entries], seed=setup.seed), setup.seed)

    def scripted(self, sections: Any, board: Board, path: Path) -> list[tuple[str, Command]]:
        return []

    def ai_command(self, fight: Fight) -> Command | None:
        """Strike if it can, else step toward the nearest enemy, else wait."""
        toy: Toy = fight.toy  # type: ignore[attr-defined]
        commands = list(toy.legal_commands())
        if not commands:
            return None
        me = toy.pieces[commands[0].piece]
        foes = [p.cell for p in toy.pieces.values() if p.side != me.side and p.hp > 0]

        def worth(c: Go) -> tuple[int, int]:
            gap = min(abs(f - (c.to if c.what == "step" else me.cell)) for f in foes) if foes else 0
            return (0 if c.what == "strike" else 1, gap)

        return min(commands, key=worth)

    def undo_refusal(self, command: Command, events: Sequence[Event]) -> str:
        return "it rolled dice" if events else ""

    def secrets(self, events: Sequence[Event]) -> list[str | None]:
        return [None for _ in events]

    def command_to_json(self, command: Command, board: Board) -> dict[str, Any]:
        if isinstance(command, Answer):
            return {"do": "answer", "decision": command.decision, "option": command.option}
        return {"do": command.what, "piece": command.piece, "to": command.to}

    def command_from_json(self, record: Mapping[str, Any], board: Board, path: str | Path, place: str) -> Command:
        if record["do"] == "answer":
            return Answer(record["decision"], record["option"])
        return Go(record["piece"], record["do"], record.get("to", 0))


def toy_source(sides: dict[str, str], seed: int = 1) -> Source:
    """A toy fight on a track of 8 cells: red ``a`` at 1 beside blue ``c`` at 2, red ``b`` at 6 beside blue
    ``d`` at 7; its sides played as ``sides`` says."""
    board = Board(SquareGrid(16, 16), 8, 1)
    entries = [Entry(pid, pid.title(), side, Sheet("piece"), Square(x, 0))
               for pid, side, x in (("a", "red", 1), ("b", "red", 6), ("c", "blue", 2), ("d", "blue", 7))]
    path = Path("toy.toml")
    scenario = Scenario(path=path, map_path=path, title="toy", seed=seed, sides=dict(sides), creatures=[],
                        use_map_creatures=False, options={"max_rounds": 50}, ruleset="toy")
    return Source(path=path, tmap=None, board=board, scenario=scenario,  # type: ignore[arg-type]
                  roster=entries, seed=seed, options={"max_rounds": 50}, title="toy", package=ToyPackage())


def toy_encounter(path: str) -> Source:
    """``simulate``'s opener for the toy (``path`` unused): its fight with the AI on both sides. A module-level
    function, so ``--jobs`` processes can be handed it."""
    return toy_source({"red": "ai", "blue": "ai"})
