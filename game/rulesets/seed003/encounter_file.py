"""Seed 003's sections of an encounter file (``[options]`` and ``[[commands]]``) and its commands as JSON.

``[options]``: ``max_rounds``; ``nearby`` (the cells of one move action, Nearby's distance [152]: else the
map's ``nearby`` property, else 6);
``surprise`` (a side that ambushes: two of its characters act in a surprise round [79]);
``ambush_escalation`` (the escalation die at 1 in the first round, an explicit ambush by the PCs [79]);
``dicey`` (the Difficulty of a Dicey Move: the map's dangerous terrain is risky [169-171]; else the map's
``dicey`` property).
``[[commands]]``: ``{ do = "move", creature = "hale_varrow", to = [4, 7] }``, ``do`` one of move (``path``
optional), ability (``ability``, ``targets``, ``coup``; ``basic_melee`` and ``basic_ranged`` are the basic attacks),
disengage (``to``, ``enemies`` optional), stance (``stance``), rally, stabilize (``target``), delay (``band``),
sustain (``ability``), dicey (``to``), ready (``ability`` or ``to``; ``trigger``, ``watch`` optional), end, answer
(``decision``, ``option``, ``by``), grant_save (``target``), spirit (``target``, ``benefit``), flee. Cells are Tiled
offsets ``[col, row]``; the README ("Seed 003") documents them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, Mapping

from pydantic import Field, ValidationError

from game.board import Board
from game.errors import EncounterFileError, shown_key
from game import file_specs
from game.file_specs import (AnswerDecision, AnsweredBy, AnswerOption, Offset, OptionsSpec, ShortId, StrictModel,
                             answer_to_json)
from game.grid import Cell
from game.kernel.decisions import Answer
from game.rulesets.seed003.commands import (Command, Delay, DiceyMove, Disengage, EndTurnCommand, FightInSpirit,
                                            Flee, GrantSave, Move, Rally, Ready, Stabilize, Sustain, SwitchStance,
                                            UseAbility)


class Options003(OptionsSpec):
    nearby: int | None = Field(default=None, ge=1, le=40)
    """None: the map's ``nearby`` property, else 6."""
    surprise: ShortId | None = None
    dicey: int | None = Field(default=None, ge=3, le=18)
    """The Difficulty of a Dicey Move; set, the map's dangerous terrain is risky [169-171]."""
    ambush_escalation: bool = False


class CommandSpec(StrictModel):
    do: Literal["move", "ability", "disengage", "stance", "rally", "stabilize", "delay", "ready", "sustain", "dicey",
                "end", "answer", "grant_save", "spirit", "flee"]
    creature: ShortId | None = None
    to: Offset | None = None
    path: list[Offset] | None = None
    ability: ShortId | None = None
    targets: list[ShortId] = []
    enemies: list[ShortId] = Field(default=[], max_length=12)
    """disengage: the engaged enemies it disengages from (none: all of them) [163]."""
    target: ShortId | None = None
    """stabilize: the dying ally; grant_save: the ally making Last Gasp saves; spirit: the ally helped."""
    benefit: Literal["attacks", "saves", "defense"] | None = None
    """spirit: what Fight in Spirit gives [185]."""
    coup: bool = False
    """ability: a coup de grace [197]."""
    stance: Literal["melee", "ranged"] | None = None
    band: Literal["very fast", "fast", "medium", "slow", "very slow"] | None = None
    trigger: Literal["in_reach", "moves", "attacks", "ability"] | None = None
    """ready: what sets it off (none: an enemy comes within its reach) [101]."""
    watch: ShortId | None = None
    """ready: only this enemy's action sets it off."""
    decision: AnswerDecision = None
    option: AnswerOption = None
    by: AnsweredBy = "player"


def encounter_fields() -> dict[str, tuple[Any, Any]]:
    return {"options": (Options003, Options003()), "commands": (list[CommandSpec], [])}


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

    if spec.do == "answer":
        return Answer(need(spec.decision, "decision"), need(spec.option, "option"), spec.by)
    who = need(spec.creature, "creature")
    match spec.do:
        case "move":
            route = tuple(grid.offset_to_cell(*p) for p in spec.path) if spec.path is not None else None
            return Move(who, cell(spec.to), route)
        case "ability":
            return UseAbility(who, need(spec.ability, "ability"), tuple(spec.targets), spec.coup)
        case "disengage":
            return Disengage(who, cell(spec.to), tuple(spec.enemies))
        case "stance":
            return SwitchStance(who, need(spec.stance, "stance"))
        case "rally":
            return Rally(who)
        case "delay":
            return Delay(who, need(spec.band, "band"))
        case "ready":
            if spec.to is None:
                need(spec.ability, "ability")
            return Ready(who, spec.ability or "", spec.trigger or "in_reach",
                         cell(spec.to) if spec.to is not None else None, spec.watch or "")
        case "stabilize":
            return Stabilize(who, need(spec.target, "target"))
        case "sustain":
            return Sustain(who, need(spec.ability, "ability"))
        case "dicey":
            return DiceyMove(who, cell(spec.to))
        case "grant_save":
            return GrantSave(who, need(spec.target, "target"))
        case "spirit":
            return FightInSpirit(who, need(spec.target, "target"), need(spec.benefit, "benefit"))
        case "flee":
            return Flee(who)
    return EndTurnCommand(who)


def command_to_json(command: Command | Answer, board: Board) -> dict[str, Any]:
    def at(c: Cell) -> list[int]:
        return list(board.grid.cell_to_offset(c))

    out: dict[str, Any]
    match command:
        case Answer():
            out = answer_to_json(command)
        case Move():
            out = {"do": "move", "creature": command.creature, "to": at(command.to)}
            if command.path is not None:
                out["path"] = [at(c) for c in command.path]
        case UseAbility():
            out = {"do": "ability", "creature": command.creature, "ability": command.ability,
                   "targets": list(command.targets)}
            if command.coup:
                out["coup"] = True
        case Disengage():
            out = {"do": "disengage", "creature": command.creature, "to": at(command.to)}
            if command.enemies:
                out["enemies"] = list(command.enemies)
        case SwitchStance():
            out = {"do": "stance", "creature": command.creature, "stance": command.stance}
        case Rally():
            out = {"do": "rally", "creature": command.creature}
        case Delay():
            out = {"do": "delay", "creature": command.creature, "band": command.band}
        case Ready():
            out = {"do": "ready", "creature": command.creature}
            if command.ability:
                out["ability"] = command.ability
            if command.trigger != "in_reach":
                out["trigger"] = command.trigger
            if command.to is not None:
                out["to"] = at(command.to)
            if command.watch:
                out["watch"] = command.watch
        case Stabilize():
            out = {"do": "stabilize", "creature": command.creature, "target": command.target}
        case Sustain():
            out = {"do": "sustain", "creature": command.creature, "ability": command.ability}
        case DiceyMove():
            out = {"do": "dicey", "creature": command.creature, "to": at(command.to)}
        case GrantSave():
            out = {"do": "grant_save", "creature": command.creature, "target": command.target}
        case FightInSpirit():
            out = {"do": "spirit", "creature": command.creature, "target": command.ally, "benefit": command.benefit}
        case Flee():
            out = {"do": "flee", "creature": command.creature}
        case EndTurnCommand():
            out = {"do": "end", "creature": command.creature}
    return out


def command_from_json(record: Mapping[str, Any], board: Board, path: str | Path, place: str) -> Command | Answer:
    try:
        spec = CommandSpec.model_validate(dict(record))
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(shown_key(x) if isinstance(x, str) else str(x) for x in err["loc"])
        raise EncounterFileError(path, f"{where}: {err['msg']}" if where else str(err["msg"]), place) from None
    return to_command(spec, board, place, Path(path))
