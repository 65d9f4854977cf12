"""Decisions headless: ``run --auto`` lets the AI answer every open decision, logs each answer, and the
commands it chose (answers included) replay to the same log, byte for byte (issue 14 item 4; the
encounter that asks is the test double in tests/asking.py)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from game.kernel.decisions import Answer
from game.rulesets.seed000 import events as ev
from game.rulesets.seed000.commands import Command
from game.runner import build_encounter, play, replay, write_log
from tests.asking import AskingEncounter

CRYPT = Path(__file__).resolve().parents[1] / "maps" / "crypt_skirmish.toml"


def test_the_ai_answers_open_decisions_and_the_answers_replay_to_the_same_log(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("game.rulesets.seed000.package.Encounter", AskingEncounter)
    loaded = build_encounter(CRYPT, 2)
    assert isinstance(loaded.encounter, AskingEncounter)
    chosen: list[Command | Answer] = []
    first = io.StringIO()
    write_log(loaded, "crypt", as_json=True, out=first,
              drive=lambda emit: play(loaded, auto=True, emit=emit, chosen=chosen.append))
    answers = [c for c in chosen if isinstance(c, Answer)]
    assert answers and all(a.by == "AI" for a in answers)
    log = loaded.encounter.log
    assert sum(isinstance(e, ev.DecisionOpened) for e in log) == len(answers)
    assert loaded.encounter.state.ended
    again = build_encounter(CRYPT, 2)
    second = io.StringIO()
    write_log(again, "crypt", as_json=True, out=second, drive=lambda emit: replay(again, chosen, emit))
    assert second.getvalue() == first.getvalue()
