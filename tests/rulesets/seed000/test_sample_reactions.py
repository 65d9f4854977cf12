"""The sample encounters show seed 000 at work: every keyword and every restriction fires in them.

Issue: "Sample content uses every keyword and every restriction at least once,
and the sample encounters show them firing." Each sample encounter is played
as ``python -m game run ENCOUNTER --auto --seed N`` plays it (the AI on both
sides, its ``[preparations]``) for seeds 1 to 5, and the twenty logs together
must show: a reaction with each keyword resolving; each trigger restriction
deciding a budget check; each toward / away restriction narrowing a decision.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.rulesets.seed000 import events as ev
from game.rulesets.seed000.encounter import Encounter
from game.rulesets.seed000.model import RestrictionKind
from game.rulesets.seed000.preparation import RESTRICTION_TEXT
from game.runner import build_encounter, play

REPO = Path(__file__).resolve().parents[3]
SAMPLES = ("crypt_skirmish.toml", "marsh_ambush.toml", "ridge_crossing.toml", "crypt_drill.toml")


SEEDS = range(1, 6)


@pytest.fixture(scope="module")
def fights() -> dict[str, Encounter]:
    return {f"{name} seed {seed}": play(build_encounter(REPO / "maps" / name, seed), auto=True, emit=lambda e: None)
            for name in SAMPLES for seed in SEEDS}


def _phrase(kind: RestrictionKind) -> str:
    """How a restriction of this kind reads in a log line, up to its anchor."""
    return RESTRICTION_TEXT[kind].split("{anchor}")[0].strip()


def test_every_sample_encounter_plays_to_a_winner(fights: dict[str, Encounter]) -> None:
    for name, enc in fights.items():
        assert enc.state.ended and enc.state.winner, name


def test_every_reaction_keyword_resolves_in_the_sample_encounters(fights: dict[str, Encounter]) -> None:
    """Seed 000's keywords Spontaneous, Free, Repeatable, Personal, Interrupt, and Limited (none of the
    first), each on a reaction that resolves in some sample encounter."""
    seen: set[str] = set()
    for enc in fights.values():
        for e in enc.log:
            if isinstance(e, ev.ReactionResolved):
                spec = enc.state.creatures[e.reactor].template.power(e.power).reaction
                assert spec is not None
                seen |= spec.keywords | ({"limited"} if spec.is_limited else set())
    assert seen == {"spontaneous", "free", "repeatable", "personal", "interrupt", "limited"}


def test_every_restriction_decides_something_in_the_sample_encounters(fights: dict[str, Encounter]) -> None:
    """Seed 000, "Restricting decisions during preparation": each restriction of its list (and the
    table's extra "only against") turns a reaction down, lets one through, or narrows where a movement
    or a forced movement ends, in some sample encounter."""
    lines = [e.reason for enc in fights.values() for e in enc.log if isinstance(e, (ev.BudgetChecked, ev.Decision))]
    missing = []
    for kind in RestrictionKind:
        phrase = _phrase(kind)
        if kind in (RestrictionKind.MOVE_TOWARD, RestrictionKind.MOVE_AWAY):
            pattern = re.compile(r"restriction: \w+: " + re.escape(phrase))
        elif kind in (RestrictionKind.FORCED_TOWARD, RestrictionKind.FORCED_AWAY):
            pattern = re.compile(r"restriction: \w+: " + re.escape(phrase))
        else:
            pattern = re.compile(re.escape(phrase))
        if not any(pattern.search(line) for line in lines):
            missing.append(kind.value)
    assert not missing


def test_the_json_log_shows_triggers_budget_checks_decisions_with_reasons_and_fizzles() -> None:
    """Done when: "python -m game run ... --json shows triggers, budget checks, decisions with their
    reasons and fizzles" (the sample encounters together)."""
    kinds: dict[str, dict[str, object]] = {}
    for name in SAMPLES:
        out = subprocess.run([sys.executable, "-m", "game", "run", str(REPO / "maps" / name), "--auto", "--json"],
                             capture_output=True, text=True, check=True, cwd=REPO).stdout
        for line in out.splitlines()[1:]:
            record = json.loads(line)
            kinds.setdefault(record.get("event", ""), record)
    for kind in ("reaction_triggered", "budget_checked", "reaction_resolved", "reaction_fizzled", "decision",
                 "reactions_prepared"):
        assert kind in kinds, kind
    assert kinds["decision"]["reason"] and isinstance(kinds["decision"]["candidates"], list)
    assert kinds["budget_checked"]["reason"] and kinds["reaction_fizzled"]["reason"]
