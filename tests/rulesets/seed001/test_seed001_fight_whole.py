"""Seed 001's samples as whole fights: they play to the end, and the same seed gives the same log whatever the
hash seed (README, "Determinism")."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.runner import build_encounter, play

REPO = Path(__file__).resolve().parents[3]
SAMPLES = ("reed_ford_001", "barrow_crypt_001")


@pytest.mark.parametrize("sample", SAMPLES)
def test_a_sample_plays_to_the_end_with_a_winner(sample: str) -> None:
    loaded = build_encounter(REPO / "maps" / f"{sample}.toml", 3)
    fight = play(loaded, auto=True, emit=lambda e: None)
    assert fight.over and fight.winner in ("company", "raiders", "barrow")


def test_the_hex_sample_is_on_hexes_and_the_other_on_squares() -> None:
    assert build_encounter(REPO / "maps" / "reed_ford_001.toml").board.kind.value == "hex"
    assert build_encounter(REPO / "maps" / "barrow_crypt_001.toml").board.kind.value == "square"


@pytest.mark.parametrize("sample", SAMPLES)
def test_the_same_seed_prints_the_same_log_whatever_the_hash_seed(sample: str) -> None:
    runs = []
    for hash_seed in ("0", "2718281"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed, SDL_VIDEODRIVER="dummy")
        done = subprocess.run([sys.executable, "-m", "game", "run", f"maps/{sample}.toml", "--auto", "--seed", "2",
                               "--json"], cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        runs.append(done.stdout)
    assert runs[0] == runs[1] and runs[0].count("\n") > 50
