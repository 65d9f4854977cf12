"""Seed 000 as the table sees a ruleset: :data:`RULESET` (see :class:`game.rulesets.package.Ruleset`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping, Sequence, cast

from game.board import Board
from game.content_files import CONTENT_DIR
from game.errors import EncounterFileError
from game.kernel.engine import Impossible
from game.kernel.events import Event
from game.rulesets.package import Command, Entry, FileSetup, Fight, PublicLine, Sheet, edit_from_json, edit_to_json
from game.rulesets.seed000 import codec, public
from game.rulesets.seed000 import encounter_file as file
from game.rulesets.seed000 import events as ev
from game.rulesets.seed000.commands import EndTurnCommand
from game.rulesets.seed000.encounter import Encounter
from game.rulesets.seed000.model import CreatureId, Template
from game.rulesets.seed000.starting import apply_start
from game.rulesets.seed000.visibility import secrets

_QUIET: tuple[type, ...] = (ev.ActionSpent, ev.BreakPoint, ev.CreatureMoved, ev.StoodUp, ev.PowerUsed,
                            ev.ConditionApplied, ev.ConditionEnded, ev.Healed, ev.SurgeSpent, ev.StepFizzled)
"""Events that reveal nothing hidden when they concern only the commanding creature and its own choices."""


class Seed000Package:
    name = "seed000"
    event_format = ev.EVENT_FORMAT

    def content_dir(self) -> Path:
        return CONTENT_DIR

    def load_content(self, paths: Sequence[Path]) -> Mapping[str, Sheet]:
        from game.rulesets.seed000.content import load_content

        return load_content(paths, ruleset=self.name)

    def encounter_fields(self) -> dict[str, tuple[Any, Any]]:
        return file.encounter_fields()

    def new_fight(self, board: Board, entries: Sequence[Entry], setup: FileSetup) -> Encounter:
        """An :class:`Encounter`, with the file's ``[preparations]`` and ``[start]`` in force. A preparation
        that does not fit its creature's sheet raises :class:`EncounterFileError` naming
        ``preparations.<id>``."""
        roster = [(CreatureId(e.id), e.name, e.side, cast(Template, e.sheet), e.cell) for e in entries]
        encounter = Encounter(board, roster, seed=setup.seed, map_name=setup.map_name, options=dict(setup.options))
        preparations: Mapping[str, file.PreparationSpec] = setup.sections.preparations
        for cid, spec in preparations.items():
            try:
                encounter.set_preparation(CreatureId(cid), file.to_preparation(spec, board))
            except Impossible as exc:
                raise EncounterFileError(setup.path, str(exc), f"preparations.{cid}") from None
        apply_start(encounter, setup.start, setup.path)
        encounter.library = setup.library
        return encounter

    def scripted(self, commands: Any, board: Board, path: Path) -> list[tuple[str, Command]]:
        return list(file.scripted(commands, board, path))

    def ai_command(self, fight: Fight) -> Command | None:
        from game.rulesets.seed000.ai import choose_command

        encounter = cast(Encounter, fight)
        acting = encounter.state.acting
        return None if acting is None else choose_command(encounter, acting)

    def undo_refusal(self, command: Command, events: Sequence[Event]) -> str:
        """It can be taken back when it is not the end of a turn and every event it caused is one of
        :data:`_QUIET`: no dice rolled, no random choice, no trigger or reaction of anyone, no automatic
        decision, no damage, nobody dropped or bloodied."""
        if isinstance(command, EndTurnCommand):
            return "the turn has ended and the table has moved on"
        for event in events:
            if isinstance(event, (ev.DiceRolled, ev.RandomChoice)):
                return "it rolled dice (undoing it would let anyone roll again)"
            if not isinstance(event, _QUIET):
                return "it caused what cannot be taken back (a reaction, damage or a choice of the rules)"
        return ""

    def secrets(self, events: Sequence[Event]) -> list[str | None]:
        return secrets(list(events))

    def public_line(self, event: Event, name: Callable[[str], str]) -> PublicLine | None:
        """How an event reads for players (:class:`game.rulesets.package.PublicTelling`)."""
        return public.public_line(event, name)

    def command_to_json(self, command: Command, board: Board) -> dict[str, Any]:
        return edit_to_json(command, board) or codec.command_to_json(command, board)

    def command_from_json(self, record: Mapping[str, Any], board: Board, path: str | Path, place: str) -> Command:
        edit = edit_from_json(record, board, path, place)
        return edit if edit is not None else codec.command_from_json(record, board, path, place)

    def tally(self, events: Sequence[Event]) -> dict[str, dict[str, int]]:
        """What ``simulate`` counts of one fight (:class:`game.rulesets.package.Tallying`): hit points of
        damage each creature dealt and took (``DamageDealt``: its ``source`` and ``target``; damage with no
        source, such as dangerous terrain, is dealt by nobody), and each reaction power resolved (used:
        ``ReactionResolved``) and fizzled (``ReactionFizzled``)."""
        out: dict[str, dict[str, int]] = {"damage dealt": {}, "damage taken": {}, "reactions fired": {},
                                          "reactions fizzled": {}}

        def add(kind: str, key: str, n: int) -> None:
            out[kind][key] = out[kind].get(key, 0) + n

        for event in events:
            if isinstance(event, ev.DamageDealt):
                add("damage taken", event.target, event.amount)
                if event.source:
                    add("damage dealt", event.source, event.amount)
            elif isinstance(event, ev.ReactionResolved):
                add("reactions fired", event.power, 1)
            elif isinstance(event, ev.ReactionFizzled):
                add("reactions fizzled", event.power, 1)
        return out


RULESET = Seed000Package()
