"""Seed 000's commands as JSON: one readable, stable form for every command kind, read back exactly.

The form is the encounter file's ``[[commands]]`` table (README, "Encounter
files"): ``{"do": "move", "creature": "vex", "to": [4, 7], "path": [[3, 7], [4, 7]]}``,
cells as Tiled offset ``[col, row]``, keys in a fixed order, fields at their
default left out. Reading goes through the encounter file's own parser
(:class:`game.rulesets.seed000.encounter_file.CommandSpec` and its ``to_command``), so a
command written here reads back the same in an encounter file and in a golden
log (``tests/golden``).

``path`` is written when the command has one, even an empty one (which the
engine refuses), so that ``MoveCommand(path=())`` and ``MoveCommand(path=None)``
stay apart. ``landings`` is a JSON object keyed by creature id, in the
command's order; a target chosen twice keeps its last landing, as the engine
does.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from pydantic import ValidationError

from game.board import Board
from game.errors import EncounterFileError, shown_key
from game.file_specs import answer_to_json
from game.grid import Cell
from game.kernel.decisions import Answer
from game.rulesets.seed000.commands import (ChargeCommand, Command, EndTurnCommand, MoveCommand, ShiftCommand,
                                            StandUpCommand, UsePowerCommand)
from game.rulesets.seed000.encounter_file import CommandSpec, to_command
from game.rulesets.seed000.preparation import Preparation


def command_to_json(command: Command | Answer, board: Board) -> dict[str, Any]:
    """``command`` as a JSON object in the encounter file's form (see the module's docstring)."""

    def at(cell: Cell) -> list[int]:
        return list(board.grid.cell_to_offset(cell))

    out: dict[str, Any]
    match command:
        case Answer():
            out = answer_to_json(command)
        case MoveCommand():
            out = {"do": "move", "creature": command.creature, "to": at(command.to)}
            if command.path is not None:
                out["path"] = [at(c) for c in command.path]
        case ShiftCommand():
            out = {"do": "shift", "creature": command.creature, "to": at(command.to)}
        case StandUpCommand():
            out = {"do": "stand", "creature": command.creature}
        case UsePowerCommand():
            out = {"do": "power", "creature": command.creature, "power": command.power}
            if command.targets:
                out["targets"] = list(command.targets)
            if command.origin is not None:
                out["at"] = at(command.origin)
            if command.landings:
                out["landings"] = {who: at(cell) for who, cell in command.landings}
            if command.shift_to is not None:
                out["shift_to"] = at(command.shift_to)
        case ChargeCommand():
            out = {"do": "charge", "creature": command.creature, "target": command.target, "to": at(command.to)}
        case EndTurnCommand():
            out = {"do": "end", "creature": command.creature}
            if command.preparation is not None:
                out["prepare"] = _preparation_to_json(command.preparation, board)
    return out


def _preparation_to_json(prep: Preparation, board: Board) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if prep.limited is not None:
        out["limited"] = prep.limited
    if prep.priority:
        out["priority"] = list(prep.priority)
    if prep.disabled:
        out["disabled"] = sorted(prep.disabled)
    if prep.basic_attack is not None:
        out["basic_attack"] = prep.basic_attack
    if prep.opportunity_attack is not None:
        out["opportunity_attack"] = prep.opportunity_attack
    if prep.restrictions:
        rows: list[dict[str, Any]] = []
        for r in prep.restrictions:
            row: dict[str, Any] = {"kind": r.kind.value}
            if r.power is not None:
                row["power"] = r.power
            if r.creature is not None:
                row["creature"] = r.creature
            if r.cell is not None:
                row["at"] = list(board.grid.cell_to_offset(r.cell))
            if r.triggerer:
                row["triggerer"] = True
            rows.append(row)
        out["restrictions"] = rows
    return out


def command_from_json(record: Mapping[str, Any], board: Board, path: str | Path, place: str) -> Command | Answer:
    """The command a JSON object (``command_to_json``'s form) describes; raises :class:`EncounterFileError`
    naming ``path`` and ``place`` (e.g. ``line 12``) for anything wrong."""
    try:
        spec = CommandSpec.model_validate(dict(record))
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(shown_key(x) if isinstance(x, str) else str(x) for x in err["loc"])
        raise EncounterFileError(path, f"{where}: {err['msg']}" if where else str(err["msg"]), place) from None
    return to_command(spec, board, place, Path(path))
