"""Commands as JSON lines, in their ruleset's form: what golden logs, replays and saves keep.

Each ruleset writes and reads its own commands (seed 000: :mod:`game.rulesets.seed000.codec`, the encounter
file's ``[[commands]]`` form); this module adds the one-line form and its refusal of a line that is not JSON.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping

from game.board import Board
from game.errors import EncounterFileError
from game.rulesets import DEFAULT, ruleset
from game.rulesets.package import Command


def command_to_json(command: Command, board: Board, *, rules: str = DEFAULT) -> dict[str, Any]:
    """``command`` (or an answer) as a JSON object in ruleset ``rules``'s form."""
    return ruleset(rules).command_to_json(command, board)


def command_line(command: Command, board: Board, *, rules: str = DEFAULT) -> str:
    """``command`` as one compact JSON line (no newline), the form golden logs keep."""
    return json.dumps(command_to_json(command, board, rules=rules), separators=(",", ":"), ensure_ascii=False)


def command_from_json(record: Mapping[str, Any], board: Board, path: str | Path, place: str, *,
                      rules: str = DEFAULT) -> Command:
    """The command a JSON object (``command_to_json``'s form) describes; raises :class:`EncounterFileError`
    naming ``path`` and ``place`` (e.g. ``line 12``) for anything wrong."""
    if not isinstance(record, Mapping):
        raise EncounterFileError(path, f"a command is a JSON object, found {type(record).__name__}", place)
    return ruleset(rules).command_from_json(record, board, path, place)


def command_from_line(line: str, board: Board, path: str | Path, place: str, *, rules: str = DEFAULT) -> Command:
    """``command_line``'s inverse, with one clear line for a line that is not JSON."""
    try:
        record = json.loads(line)
    except json.JSONDecodeError as exc:
        raise EncounterFileError(path, f"not JSON: {exc.msg} at column {exc.colno}", place) from None
    return command_from_json(record, board, path, place, rules=rules)
