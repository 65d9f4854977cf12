"""Seed 004 as the table sees a ruleset: :data:`RULESET` (see :class:`game.rulesets.package.Ruleset`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping, Sequence, cast

from game.board import Board
from game.errors import EncounterFileError
from game.kernel.events import DiceRolled, Event, RandomChoice
from game.rulesets.package import (Command, Entry, FileSetup, Fight, PublicLine, Sheet, edit_from_json,
                                   edit_to_json)
from game.rulesets.seed004 import encounter_file as file
from game.rulesets.seed004 import events as ev
from game.rulesets.seed004.commands import PassOption
from game.rulesets.seed004.fight import Seed004Fight


class Seed004Package:
    name = "seed004"
    event_format = ev.EVENT_FORMAT

    def content_dir(self) -> Path:
        from game.rulesets.seed004.content import CONTENT_DIR

        return CONTENT_DIR

    def load_content(self, paths: Sequence[Path]) -> Mapping[str, Sheet]:
        from game.rulesets.seed004.content import load_sheets

        return load_sheets(paths)

    def encounter_fields(self) -> dict[str, tuple[Any, Any]]:
        return file.encounter_fields()

    def new_fight(self, board: Board, entries: Sequence[Entry], setup: FileSetup) -> Seed004Fight:
        if setup.start is not None:
            raise EncounterFileError(setup.path, "seed 004 does not read a fixed start", "start")
        options = {k: v for k, v in dict(setup.options).items() if v is not None and v is not False}
        preparations = getattr(setup.sections, "preparations", {}) or {}
        starts = file.starts(preparations, entries, setup.path)
        fight = Seed004Fight(board, entries, seed=setup.seed, map_name=setup.map_name, options=options,
                             starts=starts)
        fight.library = setup.library
        from game.rulesets.seed004.ai import answer

        fight.ai_answerer = answer
        from game.rulesets.seed004.phases import Phases

        fight.extensions.append(Phases())   # the noncombat and movement phases [44-58]
        return fight

    def scripted(self, sections: Any, board: Board, path: Path) -> list[tuple[str, Command]]:
        return list(file.scripted(sections, board, path))

    def ai_command(self, fight: Fight) -> Command | None:
        from game.rulesets.seed004.ai import choose_command

        return choose_command(cast(Seed004Fight, fight))

    def undo_refusal(self, command: Command, events: Sequence[Event]) -> str:
        """A pass that rolled nothing may be taken back; anything that rolled dice or spent a blow is kept."""
        for event in events:
            if isinstance(event, (DiceRolled, RandomChoice)):
                return "it rolled dice (undoing it would let anyone roll again)"
        if not isinstance(command, PassOption):
            return "it spent a blow and moved the combat phase on"
        return ""

    def secrets(self, events: Sequence[Event]) -> list[str | None]:
        return [None for _ in events]

    def public_line(self, event: Event, name: Callable[[str], str]) -> PublicLine | None:
        """How an event reads for players (:class:`game.rulesets.package.PublicTelling`)."""
        from game.rulesets.seed004.public import public_line

        return public_line(event, name)

    def command_to_json(self, command: Command, board: Board) -> dict[str, Any]:
        return edit_to_json(command, board) or file.command_to_json(command, board)

    def command_from_json(self, record: Mapping[str, Any], board: Board, path: str | Path, place: str) -> Command:
        edit = edit_from_json(record, board, path, place)
        return edit if edit is not None else file.command_from_json(record, board, path, place)


RULESET = Seed004Package()
