"""Commands as JSON (``game.command_codec``): every command kind reads back as the command written.

The golden logs keep the commands a fight played in this form, and the
engine golden replays them: a command that did not read back exactly would
replay a different fight. The form is the encounter file's ``[[commands]]``
table, read by the same parser.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.board import Board
from game.command_codec import command_from_json, command_from_line, command_line, command_to_json
from game.rulesets.seed000.commands import (ChargeCommand, Command, EndTurnCommand, MoveCommand, ShiftCommand,
                                 StandUpCommand, UsePowerCommand)
from game.rulesets.seed000.model import CreatureId, PowerId, Restriction, RestrictionKind
from game.rulesets.seed000.preparation import Preparation
from game.scenario import EncounterFileError
from tests.golden.recording import FIGHTS, Fight, read_lines

BOARDS: dict[str, Board] = {}


def board_of(encounter: str) -> Board:
    """The board of a sample encounter: crypt (square), marsh and ridge (hex)."""
    if encounter not in BOARDS:
        BOARDS[encounter] = Fight(encounter, 1).load().encounter.state.board
    return BOARDS[encounter]


ids = st.text(st.characters(codec="utf-8"), min_size=1, max_size=100)
offsets = st.tuples(st.integers(-50, 200), st.integers(-50, 200))


def preparations(board: Board) -> st.SearchStrategy[Preparation]:
    cells = offsets.map(lambda o: board.grid.offset_to_cell(*o))
    restriction = st.builds(Restriction, st.sampled_from(RestrictionKind), st.none() | ids.map(PowerId),
                            st.none() | ids.map(CreatureId), st.none() | cells, st.booleans())
    return st.builds(
        Preparation,
        limited=st.none() | ids.map(PowerId),
        priority=st.lists(ids.map(PowerId), max_size=4).map(tuple),
        disabled=st.frozensets(ids.map(PowerId), max_size=3),
        basic_attack=st.none() | ids.map(PowerId),
        opportunity_attack=st.none() | ids.map(PowerId),
        restrictions=st.lists(restriction, max_size=3).map(tuple),
    )


@st.composite
def commands(draw: st.DrawFn, board: Board) -> Command:
    def cell() -> Any:
        return board.grid.offset_to_cell(*draw(offsets))

    who = CreatureId(draw(ids))
    kind = draw(st.sampled_from(["move", "shift", "stand", "power", "charge", "end"]))
    if kind == "move":
        path = draw(st.none() | st.lists(offsets, max_size=5))
        return MoveCommand(who, cell(), None if path is None else tuple(board.grid.offset_to_cell(*p) for p in path))
    if kind == "shift":
        return ShiftCommand(who, cell())
    if kind == "stand":
        return StandUpCommand(who)
    if kind == "charge":
        return ChargeCommand(who, CreatureId(draw(ids)), cell())
    if kind == "power":
        landings = draw(st.dictionaries(ids, offsets, max_size=3))
        return UsePowerCommand(who, draw(ids), tuple(CreatureId(t) for t in draw(st.lists(ids, max_size=3))),
                               cell() if draw(st.booleans()) else None,
                               tuple((CreatureId(k), board.grid.offset_to_cell(*v)) for k, v in landings.items()),
                               cell() if draw(st.booleans()) else None)
    prep = draw(st.none() | preparations(board))
    return EndTurnCommand(who, prep)


@pytest.mark.parametrize("encounter", ["crypt_drill", "marsh_ambush", "ridge_crossing"])
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_every_command_reads_back_as_written(encounter: str, data: st.DataObject) -> None:
    """Any command of any kind (move with or without a path, shift, stand, power with targets, area, landings
    and shift_to, charge, end with or without a preparation) on a square and a hex map: written as a JSON line
    and read back, it is the same command, and writes the same line again."""
    board = board_of(encounter)
    command = data.draw(commands(board))
    line = command_line(command, board)
    assert "\n" not in line
    back = command_from_line(line, board, "golden.jsonl", "line 2")
    assert back == command
    assert command_line(back, board) == line
    assert command_from_json(json.loads(line), board, "golden.jsonl", "line 2") == command


def test_move_without_a_path_and_with_an_empty_one_stay_apart() -> None:
    """``path=None`` (the engine's safest path) and ``path=()`` (refused by the engine: "the path must end at
    the destination") are different commands, and read back as written."""
    board = board_of("crypt_drill")
    to = board.grid.offset_to_cell(3, 4)
    for command in (MoveCommand(CreatureId("vex"), to), MoveCommand(CreatureId("vex"), to, ())):
        assert command_from_line(command_line(command, board), board, "g", "line 2") == command
    assert command_to_json(MoveCommand(CreatureId("vex"), to, ()), board) == {"do": "move", "creature": "vex",
                                                                              "to": [3, 4], "path": []}


@pytest.mark.parametrize("encounter", ["crypt_skirmish", "crypt_drill", "marsh_ambush", "ridge_crossing"])
def test_every_recorded_command_reads_back_to_its_own_line(encounter: str) -> None:
    """The golden logs' command lines are in the codec's one form: each reads back and writes itself again."""
    board = board_of(encounter)
    for fight in (f for f in FIGHTS if f.encounter == encounter):
        for n, line in enumerate(read_lines(fight.commands_file)[1:], 2):
            assert command_line(command_from_line(line, board, fight.commands_file, f"line {n}"), board) == line


@pytest.mark.parametrize("line, detail", [
    ("not json", "g.jsonl: line 7: not JSON: Expecting value at column 1"),
    ('["move"]', "g.jsonl: line 7: a command is a JSON object, found list"),
    ('{"do": "fly", "creature": "vex"}', "g.jsonl: line 7: do: Input should be 'move', 'shift', 'stand', "
                                          "'power', 'charge', 'end' or 'answer'"),
    ('{"do": "move", "creature": "vex"}', "g.jsonl: line 7: 'move' needs 'to'"),
    ('{"do": "move", "creature": "vex", "to": [1, 2], "speed": 3}', "g.jsonl: line 7: speed: Extra inputs are "
                                                                      "not permitted"),
])
def test_a_bad_command_line_is_one_line_naming_the_file_and_the_line(line: str, detail: str) -> None:
    board = board_of("crypt_drill")
    with pytest.raises(EncounterFileError) as caught:
        command_from_line(line, board, "g.jsonl", "line 7")
    assert str(caught.value) == detail
