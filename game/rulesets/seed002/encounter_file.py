"""Seed 002's sections of an encounter file (``[options]`` and ``[[commands]]``) and its commands as JSON.

``[options]``: ``max_rounds``. ``[[commands]]``: ``{ do = "move", creature = "kestrel", to = [4, 7] }``,
``do`` one of move (``to``; ``way`` walk, run, squeeze or crawl; ``path`` optional), advance and withdraw (``to``,
``path`` optional), attack (``target``, ``attack``), charge (``target``, ``attack``, ``to``, ``path``
optional), defend, recover, aim (``target``), stand (``free`` optional), prone, delay, end, answer
(``decision``, ``option``, ``by``); s002react's ready (``attack`` or ``to``; ``trigger``, ``within``, ``watch`` optional), surge
(``benefit``, ``trait``), stunt (``target``, ``attack``, ``stunt``; ``weapon`` for a disarm, ``affliction`` for
an afflict), escape (``to`` optional) and pickup. Cells are Tiled offsets ``[col, row]``; the README ("Seed 002") documents them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, Mapping

from pydantic import Field, ValidationError

from game import file_specs
from game.board import Board
from game.errors import EncounterFileError, shown_key
from game.file_specs import (AnswerDecision, AnsweredBy, AnswerOption, Offset, OptionsSpec, ShortId, StrictModel,
                             answer_to_json)
from game.grid import Cell
from game.kernel.decisions import Answer
from game.rulesets.seed002.commands import (Advance, Aim, Attack, Charge, Command, Defend, Delay, DropProne,
                                            EndTurnCommand, Escape, Move, PickUp, Ready, Recover, Stand, Stunt,
                                            Surge, Withdraw)


class Options002(OptionsSpec):
    pass


class CommandSpec(StrictModel):
    do: Literal["move", "advance", "withdraw", "attack", "charge", "defend", "recover", "aim", "stand", "prone",
                "delay", "end", "answer", "ready", "surge", "stunt", "escape", "pickup"]
    creature: ShortId | None = None
    to: Offset | None = None
    way: Literal["walk", "run", "squeeze", "crawl"] = "walk"
    path: list[Offset] | None = Field(default=None, max_length=200)
    target: ShortId | None = None
    attack: ShortId | None = None
    decision: AnswerDecision = None
    option: AnswerOption = None
    by: AnsweredBy = "player"
    trigger: Literal["in_reach", "moves_near", "attacks", "ally_attacked"] = "in_reach"
    within: int = Field(default=2, ge=1, le=12)
    watch: ShortId = ""
    benefit: Literal["additional_action", "boost", "burst", "resistance"] | None = None
    trait: ShortId = ""
    stunt: Literal["push", "pull", "grab", "disarm", "afflict"] | None = None
    weapon: ShortId = ""
    affliction: ShortId = ""
    free: bool = False


def encounter_fields() -> dict[str, tuple[Any, Any]]:
    return {"options": (Options002, Options002()), "commands": (list[CommandSpec], [])}


def scripted(commands: list[CommandSpec], board: Board, path: Path) -> list[tuple[str, Command | Answer]]:
    """The file's scripted commands in engine terms, each with its place in the file."""
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
            return Move(who, cell(spec.to), spec.way, route())
        case "advance":
            return Advance(who, cell(spec.to), route())
        case "withdraw":
            return Withdraw(who, cell(spec.to), route())
        case "attack":
            return Attack(who, need(spec.target, "target"), need(spec.attack, "attack"))
        case "charge":
            return Charge(who, need(spec.target, "target"), need(spec.attack, "attack"), cell(spec.to), route())
        case "defend":
            return Defend(who)
        case "recover":
            return Recover(who)
        case "aim":
            return Aim(who, need(spec.target, "target"))
        case "stand":
            return Stand(who, spec.free)
        case "prone":
            return DropProne(who)
        case "delay":
            return Delay(who)
        case "ready":
            return Ready(who, spec.attack or "", spec.trigger, cell(spec.to) if spec.to is not None else None,
                         spec.within, spec.watch)
        case "surge":
            return Surge(who, need(spec.benefit, "benefit"), spec.trait)
        case "stunt":
            return Stunt(who, need(spec.target, "target"), need(spec.attack, "attack"), need(spec.stunt, "stunt"),
                         spec.weapon, spec.affliction)
        case "escape":
            return Escape(who, cell(spec.to) if spec.to is not None else None)
        case "pickup":
            return PickUp(who)
    return EndTurnCommand(who)


def command_to_json(command: Command | Answer, board: Board) -> dict[str, Any]:
    def at(c: Cell) -> list[int]:
        return list(board.grid.cell_to_offset(c))

    out: dict[str, Any]
    match command:
        case Answer():
            return answer_to_json(command)
        case Move():
            out = {"do": "move", "creature": command.creature, "to": at(command.to)}
            if command.way != "walk":
                out["way"] = command.way
        case Advance():
            out = {"do": "advance", "creature": command.creature, "to": at(command.to)}
        case Withdraw():
            out = {"do": "withdraw", "creature": command.creature, "to": at(command.to)}
        case Attack():
            return {"do": "attack", "creature": command.creature, "target": command.target, "attack": command.attack}
        case Charge():
            out = {"do": "charge", "creature": command.creature, "target": command.target, "attack": command.attack,
                   "to": at(command.to)}
        case Defend():
            return {"do": "defend", "creature": command.creature}
        case Recover():
            return {"do": "recover", "creature": command.creature}
        case Aim():
            return {"do": "aim", "creature": command.creature, "target": command.target}
        case Stand():
            out = {"do": "stand", "creature": command.creature}
            if command.free:
                out["free"] = True
            return out
        case DropProne():
            return {"do": "prone", "creature": command.creature}
        case Delay():
            return {"do": "delay", "creature": command.creature}
        case Ready():
            out = {"do": "ready", "creature": command.creature, "trigger": command.trigger}
            if command.attack:
                out["attack"] = command.attack
            if command.to is not None:
                out["to"] = at(command.to)
            if command.trigger == "moves_near":
                out["within"] = command.within
            if command.watch:
                out["watch"] = command.watch
            return out
        case Surge():
            out = {"do": "surge", "creature": command.creature, "benefit": command.benefit}
            if command.trait:
                out["trait"] = command.trait
            return out
        case Stunt():
            out = {"do": "stunt", "creature": command.creature, "target": command.target, "attack": command.attack,
                   "stunt": command.option}
            if command.weapon:
                out["weapon"] = command.weapon
            if command.affliction:
                out["affliction"] = command.affliction
            return out
        case Escape():
            out = {"do": "escape", "creature": command.creature}
            if command.to is not None:
                out["to"] = at(command.to)
            return out
        case PickUp():
            return {"do": "pickup", "creature": command.creature}
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
