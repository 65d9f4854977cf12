"""Seed 001 as the table sees a ruleset: :data:`RULESET` (see :class:`game.rulesets.package.Ruleset`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping, Sequence, cast

from game.board import Board
from game.errors import EncounterFileError
from game.kernel.events import DiceRolled, Event, RandomChoice
from game.rulesets.package import Command, Entry, FileSetup, Fight, PublicLine, Sheet, edit_from_json, edit_to_json
from game.rulesets.seed001 import encounter_file as file
from game.rulesets.seed001 import events as ev
from game.rulesets.seed001 import public
from game.rulesets.seed001.commands import EndTurnCommand
from game.rulesets.seed001.fight import Seed001Fight
from game.rulesets.seed001.reactions import install as install_reactions


class Seed001Package:
    name = "seed001"
    event_format = ev.EVENT_FORMAT

    def content_dir(self) -> Path:
        from game.rulesets.seed001.content import CONTENT_DIR

        return CONTENT_DIR

    def load_content(self, paths: Sequence[Path]) -> Mapping[str, Sheet]:
        from game.rulesets.seed001.content import load_sheets

        return load_sheets(paths)

    def encounter_fields(self) -> dict[str, tuple[Any, Any]]:
        return file.encounter_fields()

    def new_fight(self, board: Board, entries: Sequence[Entry], setup: FileSetup) -> Seed001Fight:
        if setup.start is not None:
            raise EncounterFileError(setup.path, "seed 001 does not read a fixed start yet", "start")
        options = {k: v for k, v in dict(setup.options).items() if v is not None and v is not False}
        preparations = getattr(setup.sections, "preparations", {}) or {}
        pairs = file.riders(preparations, entries, setup.path)
        fight = Seed001Fight(board, entries, seed=setup.seed, map_name=setup.map_name, options=options,
                             riders=pairs)
        fight.library = setup.library
        install_reactions(fight)
        return fight

    def scripted(self, sections: Any, board: Board, path: Path) -> list[tuple[str, Command]]:
        return list(file.scripted(sections, board, path))

    def ai_command(self, fight: Fight) -> Command | None:
        from game.rulesets.seed001.ai import choose_command

        return choose_command(cast(Seed001Fight, fight))

    def undo_refusal(self, command: Command, events: Sequence[Event]) -> str:
        """A command that rolled dice or ended the turn is kept; a move that set nothing off may be taken back."""
        if isinstance(command, EndTurnCommand):
            return "the turn has ended and the table has moved on"
        quiet = (ev.ActionSpent, ev.CreatureMoved, ev.StoodUp, ev.Dismounted)
        for event in events:
            if isinstance(event, (DiceRolled, RandomChoice)):
                return "it rolled dice (undoing it would let anyone roll again)"
            if not isinstance(event, quiet) and type(event).__module__ == ev.__name__:
                return "it caused what cannot be taken back (a reaction, damage or a choice)"
        return ""

    def secrets(self, events: Sequence[Event]) -> list[str | None]:
        return [None for _ in events]

    def public_line(self, event: Event, name: Callable[[str], str]) -> PublicLine | None:
        """How an event reads for players (:class:`game.rulesets.package.PublicTelling`)."""
        return public.public_line(event, name)

    def command_to_json(self, command: Command, board: Board) -> dict[str, Any]:
        return edit_to_json(command, board) or file.command_to_json(command, board)

    def command_from_json(self, record: Mapping[str, Any], board: Board, path: str | Path, place: str) -> Command:
        edit = edit_from_json(record, board, path, place)
        return edit if edit is not None else file.command_from_json(record, board, path, place)


RULESET = Seed001Package()
