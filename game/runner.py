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

from game.rules import events as ev
from game.rules.encounter import Encounter, Impossible
from game.rules.model import CreatureId
from game.scenario import EncounterFileError, Scenario, load_scenario, roster, to_command, to_preparation


@dataclass
class Loaded:
    scenario: Scenario
    encounter: Encounter


def build_encounter(path: str | Path, seed: int | None = None, random_decisions: bool | None = None) -> Loaded:
    """Load an encounter file, its map and the content, and set up (not start) the fight."""
    from game.content import load_content
    from game.tiled import load_board

    scenario = load_scenario(path)
    _, board = load_board(scenario.map_path)
    library = load_content()
    options = dict(scenario.options)
    if random_decisions is not None:
        options["random_decisions"] = random_decisions
    encounter = Encounter(board, roster(scenario, board, dict(library)),
                          seed=scenario.seed if seed is None else seed,
                          map_name=scenario.map_path.name, options=options)
    for cid, spec in scenario.preparations.items():
        try:
            encounter.set_preparation(CreatureId(cid), to_preparation(spec, board))
        except Impossible as exc:
            raise EncounterFileError(scenario.path, str(exc), f"preparations.{cid}") from None
    return Loaded(scenario, encounter)


def play(loaded: Loaded, *, auto: bool, emit: Callable[[ev.Event], None]) -> Encounter:
    """Start, run the script, then let the AI play; every event goes to ``emit`` as it happens."""
    from game.rules.ai import choose_command

    enc, scenario = loaded.encounter, loaded.scenario
    for event in enc.start():
        emit(event)
    for i, spec in enumerate(scenario.commands, 1):
        place = f"commands[{i}] ({spec.do} {spec.creature})"
        command = to_command(spec, enc.state.board, place, scenario.path)
        try:
            for event in enc.apply(command):
                emit(event)
        except Impossible as exc:
            raise EncounterFileError(scenario.path, f"impossible: {exc}", place) from None
    max_rounds = int(enc.state.options.get("max_rounds", 50))
    while not enc.state.ended and enc.state.round <= max_rounds:
        actor = enc.state.acting
        assert actor is not None
        if not auto and scenario.sides.get(actor.side, "ai") != "ai":
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
            out.write(enc.describe(event) + "\n")

    if as_json:
        out.write(json.dumps({"format": ev.EVENT_FORMAT, "encounter": str(path), "seed": enc.seed}) + "\n")
    play(loaded, auto=auto, emit=emit)
    st = enc.state
    if not st.ended:
        acting = st.acting
        note = (f"stopped in round {st.round}: " +
                (f"round limit {st.options.get('max_rounds')}" if st.round > int(st.options.get("max_rounds", 50))
                 else f"waiting for {acting.name if acting else 'nobody'} ({acting.side if acting else ''})"))
        out.write((json.dumps({"note": note}) if as_json else note) + "\n")
    return 0
