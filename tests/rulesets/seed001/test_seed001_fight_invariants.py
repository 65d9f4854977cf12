"""Seed 001's fight, property-tested over seeds: whole fights keep the counter's and the round's rules
(numbers in brackets are seed 001's lines)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rulesets.seed001 import events as ev
from game.rulesets.seed001.fight import Seed001Fight
from game.runner import build_encounter, play

REPO = Path(__file__).resolve().parents[3]


def _fight(sample: str, seed: int) -> Seed001Fight:
    fight = play(build_encounter(REPO / "maps" / f"{sample}.toml", seed), auto=True, emit=lambda e: None)
    assert isinstance(fight, Seed001Fight)
    return fight


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(1, 10_000), sample=st.sampled_from(["reed_ford_001", "barrow_crypt_001"]))
def test_turns_count_down_the_seconds_and_each_creature_acts_once_a_round(seed: int, sample: str) -> None:
    """Seed 001, lines 3 and 34: one action a round; the counter counts down 12 .. 1."""
    fight = _fight(sample, seed)
    round_, last_second, acted, actions = 0, 13, set(), {}
    for e in fight.log:
        match e:
            case ev.RoundStarted():
                round_, last_second, acted = e.round, 13, set()
            case ev.TurnStarted():
                assert e.round == round_ and 1 <= e.second <= last_second
                assert e.creature not in acted
                acted.add(e.creature)
                last_second = e.second
            case ev.ActionSpent():
                actions[(round_, e.creature)] = actions.get((round_, e.creature), 0) + 1
    assert all(n == 1 for n in actions.values())
    assert fight.over or fight.round > 30


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(1, 10_000))
def test_a_rider_is_always_on_its_mounts_hex_and_the_winner_is_the_side_left_standing(seed: int) -> None:
    fight = _fight("reed_ford_001", seed)
    for c in fight.pieces():
        if c.mount is not None:
            assert c.cell == fight.creature(c.mount).cell and fight.creature(c.mount).rider == c.id
    if fight.over:
        standing = {c.side for c in fight.pieces() if not c.out}
        assert standing == ({fight.winner} if fight.winner else set())
