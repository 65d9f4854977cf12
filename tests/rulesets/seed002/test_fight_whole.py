"""Seed 002's whole fights: any legal play keeps the action economy (a Hypothesis property), the AI plays both
samples to the end, the same seed gives the same log (seed 002, ``../shared/seeds/002_1e58761ab2413878.txt``)."""

from __future__ import annotations

import io
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from game.kernel.decisions import Answer
from game.rulesets.seed002.surge import Surged
from game.rulesets.seed002 import events as ev
from game.rulesets.seed002.fight import Seed002Fight
from game.runner import build_encounter, play, write_log

ROOT = Path(__file__).resolve().parents[3]
SAMPLES = (ROOT / "maps" / "crypt_wharf_002.toml", ROOT / "maps" / "marsh_wharf_002.toml")


@settings(max_examples=8, deadline=None)
@given(st.integers(1, 10_000), st.lists(st.integers(0, 10_000), min_size=10, max_size=40))
def test_no_turn_takes_two_standard_actions_whatever_is_played(seed: int, picks: list[int]) -> None:
    """seed 002, line 12: "You're limited to one standard action each round"; line 10: a move may take the
    standard's place, a quick the move's. Any sequence of legal commands (and answers) spends at most one
    standard, two moves and three actions in all in a turn."""
    fight = build_encounter(SAMPLES[0], seed).encounter
    assert isinstance(fight, Seed002Fight)
    fight.start()
    for pick in picks:
        if fight.over:
            break
        if fight.pending:
            d = fight.pending[0]
            fight.apply(Answer(d.id, d.options[pick % len(d.options)].key))
            continue
        legal = list(fight.legal_commands())
        fight.apply(legal[pick % len(legal)])
    per_turn: dict[int, list[str]] = {}
    surged: dict[int, int] = {}
    turn = 0
    for event in fight.log:
        if isinstance(event, ev.TurnStarted):
            turn += 1
        elif isinstance(event, ev.ActionSpent) and event.paid != "free":
            per_turn.setdefault(turn, []).append(event.paid)
        elif isinstance(event, Surged) and event.benefit == "additional_action":
            surged[turn] = surged.get(turn, 0) + 1  # a Surge's additional standard action [125]
    for turn, paid in per_turn.items():
        assert paid.count("standard") <= 1 + surged.get(turn, 0)
        assert paid.count("move") <= 1 and paid.count("quick") <= 1


def _log(path: Path, seed: int) -> list[str]:
    loaded = build_encounter(path, seed)
    out = io.StringIO()
    write_log(loaded, "fight", as_json=True, out=out, drive=lambda emit: play(loaded, auto=True, emit=emit))
    return out.getvalue().splitlines()


def test_the_ai_plays_each_sample_to_the_end_and_the_same_seed_gives_the_same_log() -> None:
    """The engine is deterministic: seeded dice, logged (README, "Determinism"); the AI plays every side."""
    for path in SAMPLES:
        for seed in (1, 2):
            first = _log(path, seed)
            assert first == _log(path, seed)
            assert any('"event":"fight_ended"' in line and '"winner":""' not in line for line in first[-3:])


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 5), min_size=5, max_size=80))
def test_delay_never_gives_a_creature_two_turns_in_a_round(picks: list[int]) -> None:
    """seed 002, line 144: the delayer "take[s] your normal allocation of actions" where it acts, and "If you do
    not act before your initiative comes up in the next round, your turn ends, you lose your delayed turn":
    whatever is delayed and answered, no creature takes two turns in one round (a turn it
    delayed is not taken), and the order keeps everyone
    once."""
    from game.rulesets.seed002.commands import Delay, EndTurnCommand
    from tests.rulesets.seed002.test_fight import fight

    f = fight(("a", "wren_ashdown", "party", 0, 0), ("b", "tamsin_vell", "party", 0, 4),
              ("c", "dock_bruiser", "wharf", 11, 11), ("d", "yard_hound", "wharf", 11, 7))
    for pick in picks:
        if f.pending:
            d = f.pending[0]
            f.apply(Answer(d.id, d.options[pick % len(d.options)].key))
            continue
        actor = f.acting
        assert actor is not None
        f.apply(Delay(actor.id) if pick % 2 and not actor.acted else EndTurnCommand(actor.id))
        assert sorted(f.clock.order) == ["a", "b", "c", "d"]
    seen: set[str] = set()
    for event in f.log:
        if isinstance(event, ev.RoundStarted):
            seen = set()
        elif isinstance(event, ev.TurnStarted):
            assert event.creature not in seen, f"{event.creature} has two turns in round {event.round}"
            seen.add(event.creature)
        elif isinstance(event, ev.TurnDelayed):
            seen.discard(event.creature)  # a turn delayed is not taken: the delayer takes it later
