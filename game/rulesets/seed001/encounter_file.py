"""Seed 001's sections of an encounter file and its commands as JSON.

``[options]``: ``max_rounds``. ``[preparations]``: a creature's state before the fight, by creature id; seed
001's one preparation is its mount: ``lancer = { rides = "courser" }`` seats the rider on that creature (a
creature whose sheet is a mount, ``mount = "ground"``, carrying nobody else; the rider's own ``at`` is where it
would stand on foot and is otherwise unused). ``[[commands]]``: ``{ do = "move", creature = "wren", to = [4, 7] }``,
``do`` one of move (``to``; ``path`` optional), withdraw (``to``, ``path`` optional), attack (``target``,
``weapon``; ``to`` and ``path`` optional: move and attack), stand, dismount (``to``), end, answer (``decision``,
``option``, ``by``). Cells are Tiled offsets ``[col, row]``; the README ("Seed 001") documents them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, Mapping, Sequence

from pydantic import Field, ValidationError

from game import file_specs
from game.board import Board
from game.errors import EncounterFileError, quoted, shown_key
from game.file_specs import (AnswerDecision, AnsweredBy, AnswerOption, Offset, OptionsSpec, ShortId, StrictModel,
                             answer_to_json)
from game.grid import Cell
from game.kernel.decisions import Answer
from game.rulesets.package import Entry
from game.rulesets.seed001.commands import Attack, Command, Dismount, EndTurnCommand, Move, Stand
from game.rulesets.seed001.sheets import Sheet


class Options001(OptionsSpec):
    pass


class Preparation001(StrictModel):
    rides: ShortId | None = None
    """The creature id of the mount it sits from the start."""


class CommandSpec(StrictModel):
    do: Literal["move", "withdraw", "attack", "stand", "dismount", "end", "answer"]
    creature: ShortId | None = None
    to: Offset | None = None
    path: list[Offset] | None = Field(default=None, max_length=200)
    target: ShortId | None = None
    weapon: ShortId | None = None
    decision: AnswerDecision = None
    option: AnswerOption = None
    by: AnsweredBy = "player"


def encounter_fields() -> dict[str, tuple[Any, Any]]:
    return {"options": (Options001, Options001()), "commands": (list[CommandSpec], []),
            "preparations": (dict[str, Preparation001], {})}


def riders(preparations: Mapping[str, Any], entries: Sequence[Entry], path: Path) -> list[tuple[str, str]]:
    """The (rider, mount) pairs of ``[preparations]``, checked: each mount a mount, carrying one rider, on the
    rider's side; a rider no mount (one line naming the place otherwise)."""
    by_id = {e.id: e for e in entries}
    out: list[tuple[str, str]] = []
    carrying: dict[str, str] = {}
    for rider, prep in preparations.items():
        mount = prep.rides if isinstance(prep, Preparation001) else None
        if mount is None:
            continue
        place = f"preparations.{shown_key(rider)}.rides"
        found = by_id.get(mount)
        if found is None:
            some = ", ".join(sorted(by_id)[:12])
            raise EncounterFileError(path, f"no creature has the id {quoted(mount)} (the ids are: {some})", place)
        sheet: Sheet = found.sheet  # type: ignore[assignment]
        rider_sheet: Sheet = by_id[rider].sheet  # type: ignore[assignment]
        if sheet.mount is None:
            raise EncounterFileError(path, f"{quoted(mount)} is no mount (its sheet {quoted(sheet.id)} has no "
                                           "mount = \"ground\")", place)
        if rider_sheet.mount is not None:
            raise EncounterFileError(path, f"{quoted(rider)} is a mount itself: a mount rides nothing", place)
        if mount == rider or mount in carrying:
            raise EncounterFileError(path, f"{quoted(mount)} already carries {quoted(carrying.get(mount, rider))}",
                                     place)
        if found.side != by_id[rider].side:
            raise EncounterFileError(path, f"{quoted(mount)} is on side {quoted(found.side)}, "
                                           f"{quoted(rider)} on {quoted(by_id[rider].side)}", place)
        if mount in {r for r, _ in out}:
            raise EncounterFileError(path, f"{quoted(mount)} rides a mount itself", place)
        carrying[mount] = rider
        out.append((rider, mount))
    for rider, mount in out:
        if rider in carrying:
            raise EncounterFileError(path, f"{quoted(rider)} carries a rider and rides: not both",
                                     f"preparations.{shown_key(rider)}.rides")
    return out


def scripted(commands: list[CommandSpec], board: Board, path: Path) -> list[tuple[str, Command | Answer]]:
    return file_specs.scripted(commands, board, path, to_command)


def to_command(spec: CommandSpec, board: Board, place: str, path: Path) -> Command | Answer:
    grid = board.grid

    def need(value: Any, what: str) -> Any:
        if value is None:
            raise EncounterFileError(path, f"'{spec.do}' needs '{what}'", place)
        return value

    def cell(value: tuple[int, int] | None) -> Cell:
        col, row = need(value, "to")
        return grid.offset_to_cell(col, row)  # type: ignore[no-any-return]

    def route() -> tuple[Cell, ...] | None:
        return tuple(grid.offset_to_cell(*p) for p in spec.path) if spec.path is not None else None

    if spec.do == "answer":
        return Answer(need(spec.decision, "decision"), need(spec.option, "option"), spec.by)
    who = need(spec.creature, "creature")
    match spec.do:
        case "move":
            return Move(who, cell(spec.to), route())
        case "withdraw":
            return Move(who, cell(spec.to), route(), withdraw=True)
        case "attack":
            return Attack(who, need(spec.target, "target"), need(spec.weapon, "weapon"),
                          cell(spec.to) if spec.to is not None else None, route())
        case "stand":
            return Stand(who)
        case "dismount":
            return Dismount(who, cell(spec.to))
    return EndTurnCommand(who)


def command_to_json(command: Command | Answer, board: Board) -> dict[str, Any]:
    def at(c: Cell) -> list[int]:
        return list(board.grid.cell_to_offset(c))

    out: dict[str, Any]
    match command:
        case Answer():
            return answer_to_json(command)
        case Move():
            out = {"do": "withdraw" if command.withdraw else "move", "creature": command.creature,
                   "to": at(command.to)}
        case Attack():
            out = {"do": "attack", "creature": command.creature, "target": command.target, "weapon": command.weapon}
            if command.to is not None:
                out["to"] = at(command.to)
        case Stand():
            return {"do": "stand", "creature": command.creature}
        case Dismount():
            return {"do": "dismount", "creature": command.creature, "to": at(command.to)}
        case _:
            return {"do": "end", "creature": command.creature}
    if command.path is not None:
        out["path"] = [at(c) for c in command.path]
    return out


def command_from_json(record: Mapping[str, Any], board: Board, path: str | Path, place: str) -> Command | Answer:
    try:
        spec = CommandSpec.model_validate(dict(record))
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(shown_key(x) if isinstance(x, str) else str(x) for x in err["loc"])
        raise EncounterFileError(path, f"{where}: {err['msg']}" if where else str(err["msg"]), place) from None
    return to_command(spec, board, place, Path(path))
