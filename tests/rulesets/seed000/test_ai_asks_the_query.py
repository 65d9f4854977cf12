"""The AI takes what it may do from the engine's legal-commands query (issue 14 item 6), not from checks of its
own: where a move or a shift may end (``Encounter.move_routes``), where a charge may end (``charge_cells``),
whether an action of a kind is left (``Encounter.action_problem``), which powers it may use
(``usable_powers``) and whether a command is legal (``why_illegal``). Shown with house rules that only the
engine knows: whatever the engine refuses, the
AI never tries (``play`` would stop at the first refused command), and it still plays each fight to its end.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.grid import Cell
from game.kernel.decisions import Answer
from game.rulesets.seed000 import events as ev
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.commands import ChargeCommand, Command, ShiftCommand
from game.rulesets.seed000.encounter import Encounter, Impossible
from game.rulesets.seed000.model import ActionType
from game.rulesets.seed000.state import Creature
from game.runner import build_encounter, play

CRYPT = Path(__file__).resolve().parents[3] / "maps" / "crypt_skirmish.toml"
SEEDS = (1, 3, 4)
"""Fights in which seed 000's AI shifts, charges and takes minor actions (tests/golden/logs/crypt_skirmish)."""


class NoShifting(Encounter):
    """A house rule: nobody shifts (a shift may end nowhere)."""

    def move_routes(self, actor: Creature, mode: str) -> dict[Cell, tactics.Route]:
        return {} if mode == "shift" else super().move_routes(actor, mode)


class NoCharging(Encounter):
    """A house rule: nobody charges (a charge may end nowhere)."""

    def charge_cells(self, actor: Creature, target: Creature,
                     routes: dict[Cell, tactics.Route] | None = None) -> dict[Cell, tactics.Route]:
        return {}


class NoMinorActions(Encounter):
    """A house rule: no minor actions (a leader's heal included)."""

    def _spend(self, actor: Creature, action: ActionType, purpose: str, check_only: bool = False) -> None:
        if action is ActionType.MINOR:
            raise Impossible(f"{actor.name} takes no minor actions at this table")
        super()._spend(actor, action, purpose, check_only)


def played(seed: int) -> tuple[Encounter, list[Command | Answer]]:
    loaded = build_encounter(CRYPT, seed)
    chosen: list[Command | Answer] = []
    enc = play(loaded, auto=True, emit=lambda e: None, chosen=chosen.append)
    return enc, chosen


def test_the_ai_plays_seed_000_as_before_with_shifts_and_minor_actions() -> None:
    """The fights below are ones where the house rules bite."""
    for seed in SEEDS:
        enc, chosen = played(seed)
        assert any(isinstance(c, ShiftCommand) for c in chosen), seed
        assert any(isinstance(c, ChargeCommand) for c in chosen), seed
        assert any(isinstance(e, ev.ActionSpent) and e.action == "minor" for e in enc.log), seed


@pytest.mark.parametrize("seed", SEEDS)
def test_the_ai_never_shifts_where_the_engine_says_no_shift_may_end(monkeypatch: pytest.MonkeyPatch,
                                                                     seed: int) -> None:
    monkeypatch.setattr("game.rulesets.seed000.package.Encounter", NoShifting)
    enc, chosen = played(seed)  # a refused command would raise here
    assert isinstance(enc, NoShifting) and enc.state.ended
    assert not any(isinstance(c, ShiftCommand) for c in chosen)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_ai_never_charges_where_the_engine_says_no_charge_may_end(monkeypatch: pytest.MonkeyPatch,
                                                                      seed: int) -> None:
    monkeypatch.setattr("game.rulesets.seed000.package.Encounter", NoCharging)
    enc, chosen = played(seed)  # a refused command would raise here
    assert isinstance(enc, NoCharging) and enc.state.ended
    assert not any(isinstance(c, ChargeCommand) for c in chosen)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_ai_takes_no_action_the_engine_says_is_not_left(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    monkeypatch.setattr("game.rulesets.seed000.package.Encounter", NoMinorActions)
    enc, chosen = played(seed)  # a refused command would raise here
    assert isinstance(enc, NoMinorActions) and enc.state.ended
    assert not any(isinstance(e, ev.ActionSpent) and e.action == "minor" for e in enc.log)
