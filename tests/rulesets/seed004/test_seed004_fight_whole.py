"""Seed 004's samples as wholes: they play to the end with --auto on squares and hexes, whole fights keep the
initiative's and the blow economy's rules over many seeds (Hypothesis), and the benchmark times them (numbers in
brackets are seed 004's lines)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rulesets.seed004 import events as ev
from game.rulesets.seed004.fight import Seed004Fight
from game.runner import build_encounter, play

REPO = Path(__file__).resolve().parents[3]
SAMPLES = ("hall_brawl_004", "reed_bank_004")


def _fight(sample: str, seed: int) -> Seed004Fight:
    fight = play(build_encounter(REPO / "maps" / f"{sample}.toml", seed), auto=True, emit=lambda e: None)
    assert isinstance(fight, Seed004Fight)
    return fight


def test_the_samples_are_one_square_and_one_hex_and_play_to_a_winner() -> None:
    """Issue 21, "Done when": the samples play to the end with --auto."""
    kinds = {build_encounter(REPO / "maps" / f"{s}.toml").board.kind.value for s in SAMPLES}
    assert kinds == {"square", "hex"}
    for s in SAMPLES:
        fight = _fight(s, 1)
        assert fight.over and fight.winner in {"company", "beasts"}


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(1, 10_000), sample=st.sampled_from(SAMPLES))
def test_every_segment_goes_to_an_eligible_best_standing_and_en_never_goes_below_zero(seed: int,
                                                                                      sample: str) -> None:
    """Seed 004, line 19, 1.1.1: each segment's holder has a blow left; line 17: a blow after the first costs
    1 EN; line 5: no more than the phase's cap of EN in one phase; ours: EN and BD never below 0, the winner the
    only side with anyone conscious."""
    fight = _fight(sample, seed)
    segments = 0
    for e in fight.log:
        if isinstance(e, ev.SegmentBegan) and e.holders:
            segments += 1
        if isinstance(e, ev.OptionChosen):
            assert e.en_left >= 1 and e.en_spent >= 0
        if isinstance(e, ev.AttackResolved):
            assert e.en_left >= 0 and e.bd_left >= 0
    assert segments > 0
    for c in fight.pieces():
        b = c.blows
        assert 0 <= b.en <= c.sheet.en and 0 <= b.bd <= c.sheet.bd
        assert b.active >= 0 and b.reactive >= 0 and b.en_phase <= b.cap
    if fight.over:
        standing = {c.side for c in fight.pieces() if not c.dead}
        assert standing == ({fight.winner} if fight.winner else set())


def test_the_benchmark_times_seed_004_fights() -> None:
    """Issue 21 "Done when": "bench reports 004 fights per second"."""
    from game.bench import OTHER_RULESET_FIGHTS, ruleset_rates

    assert {f"{s}.toml" for s in SAMPLES} <= set(OTHER_RULESET_FIGHTS)
    rate, rounds, kind = ruleset_rates(REPO / "maps" / "reed_bank_004.toml", 1, 1)
    assert rate > 0 and rounds >= 1 and kind == "hex"
