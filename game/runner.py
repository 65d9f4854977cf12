"""``python -m game run ENCOUNTER``: play an encounter headless and print its log.

The scripted commands run first, in order; then the AI plays the sides it
controls until a player's side is to act; with ``--auto`` it plays every side
to the end (or to the round limit). Output is one readable line per event,
or one JSON object per line with ``--json`` (the event format of the README).
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence, TextIO

from game.board import Board
from game.errors import GameError, escaped
from game.kernel.decisions import Answer
from game.kernel.engine import Impossible
from game.kernel.events import Event
from game.rulesets import ruleset
from game.rulesets.package import Command, Fight, Ruleset
from game.scenario import EncounterFileError, Scenario, check_round_limit


class ReplayRefusedError(GameError):
    """:func:`replay`: the engine refused the command at ``index`` (from 0) of the list, for ``reason``."""

    def __init__(self, index: int, reason: str) -> None:
        self.index, self.reason = index, reason
        super().__init__(f"command {index + 1} refused: {reason}")


@dataclass
class Loaded:
    scenario: Scenario
    encounter: Fight
    board: Board


def build_encounter(path: str | Path, seed: int | None = None, random_decisions: bool | None = None) -> Loaded:
    """Load an encounter file, its map and the content, and set up (not start) the fight: the window's own
    way (``game.session.open_source`` and ``Source.fresh``), so both play the same encounter, with the
    file's ``[preparations]`` in force."""
    from game.session import open_source

    source = open_source(path, seed=seed, random_decisions=random_decisions)
    return Loaded(source.scenario, source.fresh(), source.board)


def encounter_summary(path: str | Path, root: str | Path | None = None) -> str:
    """``validate`` on an encounter file: its ruleset, its map, the content (its own files too), every
    creature's place (its whole space), the ``[preparations]``, the ``[start]`` and the scripted commands
    checked as ``run`` and ``play`` check them, in one line;
    raises :class:`game.errors.GameError` for the first problem."""
    from game.session import open_source

    source = open_source(path, root=root)
    source.fresh()
    commands = source.scripted()
    sides: dict[str, int] = {}
    for entry in source.roster:
        sides[entry.side] = sides.get(entry.side, 0) + 1
    shown = ", ".join(f"{side} {n}" for side, n in sorted(sides.items()))
    scenario = source.scenario
    extra = [f"{len(scenario.content)} content file{'s' if len(scenario.content) > 1 else ''} of its own"
             ] if scenario.content else []
    if scenario.start is not None and scenario.start.order is not None:
        extra.append("turn order fixed")
    if scenario.start is not None and scenario.start.creatures:
        extra.append(f"{len(scenario.start.creatures)} starting states")
    return escaped(f"{path}: OK - encounter {source.title!r} on {scenario.map_path.name}, {scenario.ruleset}, "
                   f"seed {source.seed}: {len(source.roster)} creatures ({shown}), {len(commands)} scripted commands"
                   + "".join(f", {e}" for e in extra))


def play(loaded: Loaded, *, auto: bool, emit: Callable[[Event], None],
         chosen: Callable[[Command], None] | None = None, rules: Ruleset | None = None) -> Fight:
    """Start, run the script, then let the AI play; every event goes to ``emit`` as it happens, and every
    command (scripted or the AI's, before it is applied) to ``chosen``. An open decision is answered by the
    AI when it plays the chooser (with ``auto``, always); else the run stops there, as for a command.
    ``rules``: the ruleset's package (default: the one the file names)."""
    enc, scenario = loaded.encounter, loaded.scenario
    rules = rules if rules is not None else ruleset(scenario.ruleset)
    for event in enc.start():
        emit(event)
    for place, command in rules.scripted(scenario.commands, loaded.board, scenario.path):  # scenario.scripted's
        check_round_limit(scenario, enc.round, scenario.options, place)
        if chosen is not None:
            chosen(command)
        try:
            for event in enc.apply(command):
                emit(event)
        except Impossible as exc:
            raise EncounterFileError(scenario.path, f"impossible: {exc}", place) from None
    max_rounds = int(scenario.options.get("max_rounds", 50))
    while not enc.over and enc.round <= max_rounds:
        pending = enc.pending
        if pending:
            asked = pending[0]
            chooser = enc.piece(asked.chooser)
            assert chooser is not None
            if not auto and scenario.control_of(chooser.id, chooser.side) != "ai":
                break
            answer = Answer(asked.id, enc.ai_answer(asked), "AI")
            if chosen is not None:
                chosen(answer)
            for event in enc.apply(answer):
                emit(event)
            continue
        actor = enc.acting
        assert actor is not None
        if not auto and scenario.control_of(actor.id, actor.side) != "ai":
            break
        command = rules.ai_command(enc)
        if chosen is not None:
            chosen(command)
        for event in enc.apply(command):
            emit(event)
    return enc


def replay(loaded: Loaded, commands: Sequence[Command], emit: Callable[[Event], None]) -> Fight:
    """Start, then apply ``commands`` in order (no script, no AI): what ``play`` did, given what it chose.
    A command the engine refuses raises :class:`ReplayRefusedError` with its index."""
    enc = loaded.encounter
    for event in enc.start():
        emit(event)
    for i, command in enumerate(commands):
        try:
            events = enc.apply(command)
        except Impossible as exc:
            raise ReplayRefusedError(i, str(exc)) from None
        for event in events:
            emit(event)
    return enc


def run(path: str, *, seed: int | None, auto: bool, as_json: bool, out: TextIO = sys.stdout,
        random_decisions: bool | None = None) -> int:
    loaded = build_encounter(path, seed, random_decisions)
    write_log(loaded, str(path), as_json=as_json, out=out, drive=lambda emit: play(loaded, auto=auto, emit=emit))
    return 0


def write_log(loaded: Loaded, shown: str, *, as_json: bool, out: TextIO,
              drive: Callable[[Callable[[Event], None]], Fight]) -> None:
    """The log ``run`` prints, of the fight ``drive`` plays (handed the emitter): one readable line per event,
    or ``--json``'s lines (a header naming the encounter as ``shown``, one object per event, a closing note
    when the fight did not end)."""
    enc = loaded.encounter
    counter = iter(range(1, 10**9))

    def emit(event: Event) -> None:
        if as_json:
            record = {"seq": next(counter), **enc.event_json(event)}
            out.write(json.dumps(record, separators=(",", ":")) + "\n")
        else:
            out.write(escaped(enc.describe(event)) + "\n")  # a name may hold ESC or bidi characters

    if as_json:
        out.write(json.dumps({"format": ruleset(loaded.scenario.ruleset).event_format, "encounter": shown,
                              "seed": enc.seed}) + "\n")
    drive(emit)
    if not enc.over:
        acting = enc.acting
        options = loaded.scenario.options
        note = (f"stopped in round {enc.round}: " +
                (f"round limit {options.get('max_rounds')}" if enc.round > int(options.get("max_rounds", 50))
                 else f"waiting for {acting.name if acting else 'nobody'} ({acting.side if acting else ''})"))
        out.write((json.dumps({"note": note}) if as_json else escaped(note)) + "\n")


def replay_save(path: str, *, as_json: bool, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """``replay SAVE``: play a save's commands again headless and print the log as ``run`` does (``--json``
    too); then, on ``err``, the first command where the replay parts from the recording and what differed
    (exit code 1), or a note of the files changed since the save when the replay still matches."""
    from game.saves import SaveRecord, changed_files, read_save
    from game.session import Session

    header = read_save(path).header
    counter = iter(range(1, 10**9))
    if as_json:
        out.write(json.dumps({"format": header.event_format, "save": path, "seed": header.seed}) + "\n")

    def emit(fight: Fight, events: list[Event]) -> None:
        for event in events:
            if as_json:
                out.write(json.dumps({"seq": next(counter), **fight.event_json(event)}, separators=(",", ":")) + "\n")
            else:
                out.write(escaped(fight.describe(event)) + "\n")

    def undone(record: SaveRecord) -> None:
        who = f"the game master ({record.by})" if record.gm and record.by else "the game master" if record.gm \
            else record.by
        note = f"{who} took back the last {record.undo} command{'s' if record.undo > 1 else ''} and answers"
        out.write((json.dumps({"note": note}) if as_json else escaped(f"-- {note}")) + "\n")

    session, parted = Session.replay_save(path, emit=emit, undone=undone)
    enc = session.encounter
    note = ("the fight is over" if enc.over else
            f"the save stops in round {enc.round}, " + (f"{session.question.chooser} to answer"
                                                       if session.question else
                                                       f"{enc.acting.name if enc.acting else 'nobody'} to act"))
    out.write((json.dumps({"note": note}) if as_json else escaped(note)) + "\n")
    out.flush()
    if parted is not None:
        err.write(str(parted) + "\n")
        return 1
    changed = changed_files(header, session.save_header())
    if changed:
        err.write(f"{path}: note: changed since the save ({', '.join(changed)}), and the replay still gives the "
                  "recorded events\n")
    return 0
