"""Seed 000's sections of an encounter file: options, preparations and scripted commands.

The encounter file reader (:mod:`game.scenario`) validates the sections every ruleset shares (map, sides,
creatures, content, ``[start]``'s order) and puts these in place of its placeholders
(:meth:`game.rulesets.package.Ruleset.encounter_fields`), so one validation pass reports the first problem
anywhere in the file. This module turns them into seed 000's objects; the README ("Encounter files")
documents them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal


from game.board import Board
from game import file_specs
from game.file_specs import AnswerDecision, AnsweredBy, AnswerOption, Offset, ShortId, StrictModel
from game.errors import EncounterFileError
from game.grid import Cell
from game.kernel.decisions import Answer
from game.rulesets.seed000.commands import (ChargeCommand, Command, EndTurnCommand, MoveCommand, ShiftCommand,
                                            StandUpCommand, UsePowerCommand)
from game.rulesets.seed000.model import CreatureId, PowerId, Restriction, RestrictionKind
from game.rulesets.seed000.preparation import Preparation


class RestrictionSpec(StrictModel):
    """``{ kind = "forced_toward", power = "hex_recoil", at = [4, 7] }``: one anchor at most (creature, at or
    triggerer), as the kind needs."""

    kind: Literal["non_minion_attackers", "while_bloodied", "forced_toward", "forced_away", "move_toward",
                  "move_away", "only_against"]
    power: ShortId | None = None
    creature: ShortId | None = None
    at: Offset | None = None
    triggerer: bool = False


class PreparationSpec(StrictModel):
    """Seed 000's preparation: the Limited reaction, the Spontaneous ones' priority, the disabled ones,
    the default basic and opportunity attacks, restrictions. What is left out: none / the sheet's order."""

    limited: ShortId | None = None
    priority: list[ShortId] = []
    disabled: list[ShortId] = []
    basic_attack: ShortId | None = None
    opportunity_attack: ShortId | None = None
    restrictions: list[RestrictionSpec] = []


class CommandSpec(StrictModel):
    do: Literal["move", "shift", "stand", "power", "charge", "end", "answer"]
    creature: ShortId | None = None
    """Every command's creature (an answer has none: it names its decision)."""
    to: Offset | None = None
    path: list[Offset] | None = None
    power: ShortId | None = None
    targets: list[ShortId] = []
    target: ShortId | None = None
    at: Offset | None = None
    landings: dict[ShortId, Offset] = {}
    shift_to: Offset | None = None
    """power: where a power that shifts its user puts it (else seed 000's Movement decision)."""
    prepare: PreparationSpec | None = None
    """end: the creature's reactions for its next round (else it keeps the preparation it has)."""
    decision: AnswerDecision = None
    """answer: the number of the open decision answered (``decision_opened``'s ``decision``)."""
    option: AnswerOption = None
    """answer: the key of the option chosen."""
    by: AnsweredBy = "player"
    """answer: who gave it."""


class OptionsSpec(StrictModel):
    random_decisions: bool = False
    """Seed 000's simpler rule: every automatic choice at random."""
    max_rounds: int = 50
    """The runner stops a fight that lasts longer (a draw)."""


def encounter_fields() -> dict[str, tuple[Any, Any]]:
    """Seed 000's own sections, as :meth:`game.rulesets.package.Ruleset.encounter_fields` gives them."""
    return {"options": (OptionsSpec, OptionsSpec()), "preparations": (dict[str, PreparationSpec], {}),
            "commands": (list[CommandSpec], [])}


def scripted(commands: list[CommandSpec], board: Board, path: Path) -> list[tuple[str, Command | Answer]]:
    """The file's scripted commands in engine terms, each with its place in the file."""
    return file_specs.scripted(commands, board, path, to_command)


def to_command(spec: CommandSpec, board: Board, place: str, path: Path) -> Command | Answer:
    """A scripted command (or an answer to a decision) in engine terms (cells from [col, row])."""
    grid = board.grid
    if spec.do == "answer":
        if spec.decision is None or spec.option is None:
            raise EncounterFileError(path, "'answer' needs 'decision' and 'option'", place)
        return Answer(spec.decision, spec.option, spec.by)
    if spec.creature is None:
        raise EncounterFileError(path, f"'{spec.do}' needs 'creature'", place)

    def cell(value: tuple[int, int] | None, what: str) -> Cell:
        if value is None:
            raise EncounterFileError(path, f"'{spec.do}' needs '{what}'", place)
        return grid.offset_to_cell(*value)  # type: ignore[no-any-return]

    who = CreatureId(spec.creature)
    match spec.do:
        case "move":
            route = tuple(grid.offset_to_cell(*p) for p in spec.path) if spec.path is not None else None
            return MoveCommand(who, cell(spec.to, "to"), route)
        case "shift":
            return ShiftCommand(who, cell(spec.to, "to"))
        case "stand":
            return StandUpCommand(who)
        case "end":
            return EndTurnCommand(who, to_preparation(spec.prepare, board) if spec.prepare is not None else None)
        case "charge":
            if spec.target is None:
                raise EncounterFileError(path, "'charge' needs 'target'", place)
            return ChargeCommand(who, CreatureId(spec.target), cell(spec.to, "to"))
        case "power":
            if spec.power is None:
                raise EncounterFileError(path, "'power' needs 'power'", place)
            origin = grid.offset_to_cell(*spec.at) if spec.at is not None else None
            landings = tuple((CreatureId(k), grid.offset_to_cell(*v)) for k, v in spec.landings.items())
            shift_to = grid.offset_to_cell(*spec.shift_to) if spec.shift_to is not None else None
            return UsePowerCommand(who, spec.power, tuple(CreatureId(t) for t in spec.targets), origin, landings,
                                   shift_to)
    raise EncounterFileError(path, f"unknown command '{spec.do}'", place)


def to_preparation(spec: PreparationSpec, board: Board) -> Preparation:
    """A preparation in engine terms (cells from [col, row]); the engine checks it against the sheet."""
    grid = board.grid
    return Preparation(
        limited=PowerId(spec.limited) if spec.limited else None,
        priority=tuple(PowerId(p) for p in spec.priority), disabled=frozenset(PowerId(p) for p in spec.disabled),
        basic_attack=PowerId(spec.basic_attack) if spec.basic_attack else None,
        opportunity_attack=PowerId(spec.opportunity_attack) if spec.opportunity_attack else None,
        restrictions=tuple(Restriction(RestrictionKind(r.kind), PowerId(r.power) if r.power else None,
                                       CreatureId(r.creature) if r.creature else None,
                                       grid.offset_to_cell(*r.at) if r.at is not None else None, r.triggerer)
                           for r in spec.restrictions),
    )
