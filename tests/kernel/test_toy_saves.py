"""Saves are ruleset-free: a toy fight saved with a decision open resumes in the toy ruleset, asking it.

Issue 16 item 1: "Loading resumes exactly where it stopped, pending decision included"; item 5: "a save made
in one ruleset resumes in it".
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.rulesets.package import Ruleset
from game.saves import SaveError, SaveHeader
from game.session import Session, Source
from tests.kernel.toy import Go
from tests.kernel.toy_package import ToyPackage, toy_source


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    import game.session

    package: Ruleset = ToyPackage()
    real = game.session.ruleset
    monkeypatch.setattr(game.session, "ruleset", lambda name: package if name == "toy" else real(name))


def _toy(header: SaveHeader) -> Source:
    return toy_source(dict(header.controllers), seed=header.seed)


def _log(session: Session) -> list[str]:
    return [repr(e) for e in session.encounter.log]


def test_a_toy_fight_saved_with_a_question_open_resumes_asking_the_same_player(tmp_path: Path) -> None:
    sides = {"red": "Ann", "blue": "Bob"}
    session = Session(toy_source(sides, seed=4), dict(sides))
    while session.question is not None:  # both declare "fast"
        asked = session.question
        session.answer(asked.id, "fast", by=session.acting_controller or "")
    session.apply(Go("a", "step", 0), by="Ann")  # c's player is asked whether to strike
    asked = session.question
    assert asked is not None and session.acting_controller == "Bob"
    resumed = Session.resume(session.save(tmp_path / "toy.jsonl"), opener=_toy)
    assert resumed.source.rules.name == "toy"
    assert resumed.question == asked and resumed.acting_controller == "Bob"
    assert _log(resumed) == _log(session)
    for s in (session, resumed):
        s.answer(asked.id, "strike", by="Bob")
        for _ in range(200):
            s.step_ai() if s.acting_controller == "ai" else None
    assert _log(resumed) == _log(session)


def test_a_toy_save_does_not_resume_in_another_ruleset(tmp_path: Path) -> None:
    session = Session(toy_source({"red": "ai", "blue": "ai"}), {"red": "ai", "blue": "ai"})
    for _ in range(10):
        session.step_ai()
    path = session.save(tmp_path / "toy.jsonl")
    crypt = Path(__file__).resolve().parents[2] / "maps" / "crypt_skirmish.toml"
    from game.session import open_source

    with pytest.raises(SaveError, match="line 1: ruleset: the save is of ruleset 'toy'"):
        Session.resume(path, opener=lambda header: open_source(crypt))
    assert len(Session.resume(path, opener=_toy).played) == len(session.played) > 10
