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
from typing import Callable, TextIO

from game.errors import escaped
from game.rules import events as ev
from game.rules.encounter import Encounter, Impossible
from game.scenario import EncounterFileError, Scenario, check_round_limit, scripted


@dataclass
class Loaded:
    scenario: Scenario
    encounter: Encounter


def build_encounter(path: str | Path, seed: int | None = None, random_decisions: bool | None = None) -> Loaded:
    """Load an encounter file, its map and the content, and set up (not start) the fight: the window's own
    way (``game.session.open_source`` and ``Source.fresh``), so both play the same encounter, with the
    file's ``[preparations]`` in force."""
    from game.session import open_source

    source = open_source(path, seed=seed, random_decisions=random_decisions)
    return Loaded(source.scenario, source.fresh())


def encounter_summary(path: str | Path, root: str | Path | None = None) -> str:
    """``validate`` on an encounter file: its map, the content, every creature's place (its whole space), the
    ``[preparations]`` and the scripted commands checked as ``run`` and ``play`` check them, in one line;
    raises :class:`game.errors.GameError` for the first problem."""
    from game.session import open_source

    source = open_source(path, root=root)
    source.fresh()
    commands = source.scripted()
    sides: dict[str, int] = {}
    for _, _, side, _, _ in source.roster:
        sides[side] = sides.get(side, 0) + 1
    shown = ", ".join(f"{side} {n}" for side, n in sorted(sides.items()))
    return escaped(f"{path}: OK - encounter {source.title!r} on {source.scenario.map_path.name}, seed {source.seed}: "
                   f"{len(source.roster)} creatures ({shown}), {len(commands)} scripted commands")


def play(loaded: Loaded, *, auto: bool, emit: Callable[[ev.Event], None]) -> Encounter:
    """Start, run the script, then let the AI play; every event goes to ``emit`` as it happens."""
    from game.rules.ai import choose_command

    enc, scenario = loaded.encounter, loaded.scenario
    for event in enc.start():
        emit(event)
    for place, command in scripted(scenario, enc.state.board):
        check_round_limit(scenario, enc.state.round, enc.state.options, place)
        try:
            for event in enc.apply(command):
                emit(event)
        except Impossible as exc:
            raise EncounterFileError(scenario.path, f"impossible: {exc}", place) from None
    max_rounds = int(enc.state.options.get("max_rounds", 50))
    while not enc.state.ended and enc.state.round <= max_rounds:
        actor = enc.state.acting
        assert actor is not None
        if not auto and scenario.control_of(actor.id, actor.side) != "ai":
            break
        command = choose_command(enc, actor)
        for event in enc.apply(command):
            emit(event)
    return enc


def run(path: str, *, seed: int | None, auto: bool, as_json: bool, out: TextIO = sys.stdout,
        random_decisions: bool | None = None) -> int:
    loaded = build_encounter(path, seed, random_decisions)
    enc = loaded.encounter
    counter = iter(range(1, 10**9))

    def emit(event: ev.Event) -> None:
        if as_json:
            record = {"seq": next(counter), **ev.to_json(event, enc.offset)}
            out.write(json.dumps(record, separators=(",", ":")) + "\n")
        else:
            out.write(escaped(enc.describe(event)) + "\n")  # a name may hold ESC or bidi characters

    if as_json:
        out.write(json.dumps({"format": ev.EVENT_FORMAT, "encounter": str(path), "seed": enc.seed}) + "\n")
    play(loaded, auto=auto, emit=emit)
    st = enc.state
    if not st.ended:
        acting = st.acting
        note = (f"stopped in round {st.round}: " +
                (f"round limit {st.options.get('max_rounds')}" if st.round > int(st.options.get("max_rounds", 50))
                 else f"waiting for {acting.name if acting else 'nobody'} ({acting.side if acting else ''})"))
        out.write((json.dumps({"note": note}) if as_json else escaped(note)) + "\n")
    return 0
