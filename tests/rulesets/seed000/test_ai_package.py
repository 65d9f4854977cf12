"""The automatic player is a package of modules of a readable size, and its test switch still reaches every part.

Issue 14: "no engine module over about 600 lines". The AI was one module of about 1770 lines, one class
``_Mind`` for one decision; it is now ``game.rulesets.seed000.ai``, the decision split along its sections
(bookkeeping, worth, upper bounds, where to stand, the turn) into a chain of classes, one module each.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import game.rulesets.seed000.ai as ai
from game.rulesets.seed000.encounter import Encounter
from game.runner import Loaded, build_encounter, play

SEED000 = Path(__file__).resolve().parents[3] / "game" / "rulesets" / "seed000"
MAPS = Path(__file__).resolve().parents[3] / "maps"
LIMIT = 600


def test_no_module_of_the_ai_is_over_600_lines() -> None:
    """Issue 14: no engine module over about 600 lines (the AI's modules, ``ai.py`` or the ``ai`` package)."""
    modules = sorted(SEED000.glob("ai.py")) + sorted((SEED000 / "ai").glob("*.py"))
    assert modules
    long = {m.name: n for m in modules if (n := len(m.read_text().splitlines())) > LIMIT}
    assert not long, long


def test_setting_check_bounds_on_the_package_switches_the_check_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """``ai.weights.CHECK_BOUNDS = True`` (what tests/rulesets/seed000/test_ai_search.py sets) makes the decision's
    parts run the full search too: here, the check of the moving plans' bounds runs in a sample fight, and
    does not run with the switch off."""
    calls = [0]
    check = ai._Mind._check_bounds

    def counting(self: ai._Mind, *args: object) -> None:
        calls[0] += 1
        check(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(ai._Mind, "_check_bounds", counting)
    loaded = build_encounter(MAPS / "crypt_skirmish.toml")
    state = loaded.encounter.state
    roster = [(c.id, c.name, c.side, c.template, c.cell) for c in state.creatures.values()]

    def fight() -> None:
        enc = Encounter(state.board, roster, seed=1, map_name=loaded.encounter.map_name, options=state.options)
        play(Loaded(loaded.scenario, enc, loaded.board), auto=True, emit=lambda e: None)

    fight()
    assert calls[0] == 0
    monkeypatch.setattr(ai.weights, "CHECK_BOUNDS", True)
    fight()
    assert calls[0] > 0
