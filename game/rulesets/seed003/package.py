"""Seed 003 as the table sees a ruleset: :data:`RULESET` (see :class:`game.rulesets.package.Ruleset`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping, Sequence, cast

from game.board import Board
from game.errors import EncounterFileError
from game.kernel.events import DiceRolled, Event, RandomChoice
from game.rulesets.package import Command, Entry, FileSetup, Fight, PublicLine, Sheet, edit_from_json, edit_to_json
from game.rulesets.seed003 import encounter_file as file
from game.rulesets.seed003 import public
from game.rulesets.seed003 import events as ev
from game.rulesets.seed003.commands import EndTurnCommand
from game.rulesets.seed003.fight import Seed003Fight


class Seed003Package:
    name = "seed003"
    event_format = ev.EVENT_FORMAT

    def content_dir(self) -> Path:
        from game.rulesets.seed003.content import CONTENT_DIR

        return CONTENT_DIR

    def load_content(self, paths: Sequence[Path]) -> Mapping[str, Sheet]:
        from game.rulesets.seed003.content import load_sheets

        return load_sheets(paths)

    def encounter_fields(self) -> dict[str, tuple[Any, Any]]:
        return file.encounter_fields()

    def new_fight(self, board: Board, entries: Sequence[Entry], setup: FileSetup) -> Seed003Fight:
        if setup.start is not None:
            raise EncounterFileError(setup.path, "seed 003 does not read a fixed start yet", "start")
        options = dict(setup.options)
        surprise = options.get("surprise")
        if surprise is not None and surprise not in {e.side for e in entries}:
            raise EncounterFileError(setup.path, f"no side {surprise!r} is in the fight", "options.surprise")
        options = {k: v for k, v in options.items() if v is not None and v is not False}
        if "nearby" not in options and "nearby" in board.properties:
            nearby = board.properties["nearby"]
            if not isinstance(nearby, int) or isinstance(nearby, bool) or not 1 <= nearby <= 40:
                raise EncounterFileError(setup.path, f"the map's property 'nearby' must be a whole number from 1 "
                                                     f"to 40, found {nearby!r}"[:200], "map")
            options["nearby"] = nearby
        if "dicey" not in options and "dicey" in board.properties:
            dicey = board.properties["dicey"]
            if not isinstance(dicey, int) or isinstance(dicey, bool) or not 3 <= dicey <= 18:
                raise EncounterFileError(setup.path, f"the map's property 'dicey' must be a whole number from 3 "
                                                     f"to 18, found {dicey!r}"[:200], "map")
            options["dicey"] = dicey
        fight = Seed003Fight(board, entries, seed=setup.seed, map_name=setup.map_name, options=options)
        fight.library = setup.library
        return fight

    def scripted(self, sections: Any, board: Board, path: Path) -> list[tuple[str, Command]]:
        return list(file.scripted(sections, board, path))

    def ai_command(self, fight: Fight) -> Command | None:
        from game.rulesets.seed003.ai import choose_command

        return choose_command(cast(Seed003Fight, fight))

    def undo_refusal(self, command: Command, events: Sequence[Event]) -> str:
        """A command that rolled dice or ended the turn is kept; a move that provoked nothing, a stance
        switched, may be taken back."""
        if isinstance(command, EndTurnCommand):
            return "the turn has ended and the table has moved on"
        quiet = (ev.ActionSpent, ev.CreatureMoved, ev.StanceSwitched, ev.ActionReadied)
        for event in events:
            if isinstance(event, (DiceRolled, RandomChoice)):
                return "it rolled dice (undoing it would let anyone roll again)"
            if not isinstance(event, quiet):
                return "it caused what cannot be taken back (a reaction, damage or a choice)"
        return ""

    def tally(self, events: Sequence[Event]) -> Mapping[str, Mapping[str, int]]:
        """For ``simulate``: how fights ended (a side that fled [189]) and what became of downed PCs (died,
        lost to a Last Gasp effect [233])."""
        endings: dict[str, int] = {}
        downed: dict[str, int] = {}
        for event in events:
            if isinstance(event, ev.PartyFled):
                endings[f"{event.side} fled"] = endings.get(f"{event.side} fled", 0) + 1
            elif isinstance(event, ev.Dropped):
                downed["dropped (PCs)"] = downed.get("dropped (PCs)", 0) + 1
            elif isinstance(event, ev.DownedHit):
                downed["hit while dying"] = downed.get("hit while dying", 0) + 1
            elif isinstance(event, ev.LastGaspEnded) and not event.saved:
                downed["lost to Last Gasp"] = downed.get("lost to Last Gasp", 0) + 1
            elif isinstance(event, ev.Died) and "death saves" in event.reason:
                downed["died (PCs)"] = downed.get("died (PCs)", 0) + 1
        return {"endings": endings, "downed": downed}

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


RULESET = Seed003Package()
