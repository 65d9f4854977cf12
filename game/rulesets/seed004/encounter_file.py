"""Seed 004's sections of an encounter file and its commands as JSON.

``[options]``: ``max_rounds``. ``[preparations]``: a character's state as the fight begins, by creature id:
``alert`` (default true), ``fallen`` (default false), ``in_hand`` (the weapons it wields, default: those its
sheet has drawn; natural weapons always). ``[[commands]]``: ``{ do = "option", creature = "oswin", option =
"attack:garrick:arming_sword" }`` (the option keys of :mod:`game.rulesets.seed004.commands`), or ``answer``
(``decision``, ``option``, ``by``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, Mapping, Sequence

from pydantic import Field, ValidationError

from game import file_specs
from game.board import Board
from game.errors import EncounterFileError, quoted, shown_key
from game.file_specs import (AnswerDecision, AnsweredBy, OptionsSpec, ShortId, StrictModel,
                             answer_to_json)
from game.kernel.decisions import Answer
from game.rulesets.package import Entry
from game.rulesets.seed004.commands import Command, key, parse
from game.rulesets.seed004.sheets import Sheet


class Options004(OptionsSpec):
    pass


class Preparation004(StrictModel):
    alert: bool = True
    fallen: bool = False
    in_hand: list[ShortId] | None = Field(default=None, max_length=20)


class CommandSpec(StrictModel):
    do: Literal["option", "answer"]
    creature: ShortId | None = None
    option: str | None = Field(default=None, max_length=200)
    decision: AnswerDecision = None
    by: AnsweredBy = "player"


def encounter_fields() -> dict[str, tuple[Any, Any]]:
    return {"options": (Options004, Options004()), "commands": (list[CommandSpec], []),
            "preparations": (dict[str, Preparation004], {})}


def starts(preparations: Mapping[str, Any], entries: Sequence[Entry], path: Path) -> dict[str, dict[str, Any]]:
    """``[preparations]`` checked against the fight's characters: id -> alert, fallen, in_hand."""
    ids = {e.id: e for e in entries}
    out: dict[str, dict[str, Any]] = {}
    for cid, spec in preparations.items():
        place = f"preparations.{shown_key(cid)}"
        entry = ids.get(cid)
        if entry is None:
            raise EncounterFileError(path, f"no creature {quoted(cid)} in this fight", place)
        sheet: Sheet = entry.sheet  # type: ignore[assignment]
        if spec.in_hand is not None:
            for w in spec.in_hand:
                if sheet.weapon(w) is None:
                    raise EncounterFileError(path, f"{quoted(cid)} has no weapon {quoted(w)}", place + ".in_hand")
        out[cid] = {"alert": spec.alert, "fallen": spec.fallen,
                    "in_hand": tuple(spec.in_hand) if spec.in_hand is not None else None}
    return out


def scripted(commands: list[CommandSpec], board: Board, path: Path) -> list[tuple[str, Command | Answer]]:
    return file_specs.scripted(commands, board, path, to_command)


def to_command(spec: CommandSpec, board: Board, place: str, path: Path) -> Command | Answer:
    def need(value: Any, what: str) -> Any:
        if value is None:
            raise EncounterFileError(path, f"'{spec.do}' needs '{what}'", place)
        return value

    if spec.do == "answer":
        return Answer(need(spec.decision, "decision"), need(spec.option, "option"), spec.by)
    try:
        return parse(need(spec.creature, "creature"), need(spec.option, "option"))
    except ValueError as exc:
        raise EncounterFileError(path, str(exc), place) from None


def command_to_json(command: Command | Answer, board: Board) -> dict[str, Any]:
    if isinstance(command, Answer):
        return answer_to_json(command)
    return {"do": "option", "creature": command.creature, "option": key(command)}


def command_from_json(record: Mapping[str, Any], board: Board, path: str | Path, place: str) -> Command | Answer:
    try:
        spec = CommandSpec.model_validate(dict(record))
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(shown_key(x) if isinstance(x, str) else str(x) for x in err["loc"])
        raise EncounterFileError(path, f"{where}: {err['msg']}" if where else str(err["msg"]), place) from None
    return to_command(spec, board, place, Path(path))
