"""The pydantic building blocks every ruleset's encounter file sections use.

Strict models (unknown keys refused, no silent conversions), Tiled offsets ``[col, row]``, short ids, and the
options every fight has. :mod:`game.scenario` builds the encounter file's model from these and a ruleset's
own sections (:meth:`game.rulesets.package.Ruleset.encounter_fields`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Callable, Literal, Protocol, Sequence, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from game.board import Board
from game.errors import shown_key
from game.kernel.decisions import Answer


Offset = Annotated[tuple[StrictInt, StrictInt], Field(strict=False)]
"""Tiled offset coordinates ``[col, row]``: TOML writes them as arrays, which strict mode refuses as tuples."""


ShortId = Annotated[str, Field(max_length=100)]
"""A creature or power id as a file writes it: the engine's refusals quote it whole, so it is kept short."""


class StrictModel(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class OptionsSpec(StrictModel):
    """``[options]`` every fight has; a ruleset's own options extend it."""

    max_rounds: int = 50
    """The runner stops a fight that lasts longer (a draw)."""


class StartSpec(StrictModel):
    """``[start]``: where a fight carried over from paper starts. ``order`` is the fixed turn order (creature
    ids or names, everyone exactly once); ``creatures`` each creature's starting state, a table in its
    ruleset's terms (checked by the ruleset), keyed by creature id or name."""

    order: list[ShortId] | None = None
    creatures: dict[str, dict[str, Any]] = {}


AnswerDecision = Annotated[int | None, Field(ge=1, le=10**9)]
"""An answer's ``decision``: the number of the open decision answered (``decision_opened``'s ``decision``)."""
AnswerOption = Annotated[str, Field(min_length=1, max_length=200)] | None
"""An answer's ``option``: the key of the option chosen."""
AnsweredBy = Literal["player", "standing order", "AI"]
"""An answer's ``by``: who gave it."""


def answer_to_json(answer: Answer) -> dict[str, Any]:
    """An answer to a decision in the ``[[commands]]`` form every ruleset shares: ``do = "answer"``, the
    decision's number, the option's key, and who gave it when that is not the player."""
    out: dict[str, Any] = {"do": "answer", "decision": answer.decision, "option": answer.option}
    if answer.by != "player":
        out["by"] = answer.by
    return out


class ScriptedSpec(Protocol):
    """What :func:`scripted` reads of a ruleset's ``[[commands]]`` entry to name its place."""

    @property
    def do(self) -> str: ...

    @property
    def creature(self) -> str | None: ...

    @property
    def decision(self) -> int | None: ...


SpecT = TypeVar("SpecT", bound=ScriptedSpec)
C = TypeVar("C")


def scripted(commands: Sequence[SpecT], board: Board, path: Path,
             to_command: Callable[[SpecT, Board, str, Path], C]) -> list[tuple[str, C]]:
    """A file's scripted commands in engine terms (each ruleset's ``to_command``), each with its place in
    the file: ``commands[3] (move vex)``, or ``commands[4] (answer decision 2)``."""
    out: list[tuple[str, C]] = []
    for i, spec in enumerate(commands, 1):
        what = shown_key(spec.creature) if spec.creature is not None else f"decision {spec.decision}"
        place = f"commands[{i}] ({spec.do} {what})"
        out.append((place, to_command(spec, board, place, path)))
    return out
