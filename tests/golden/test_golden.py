"""Golden logs of the sample encounters: the safety net under any change to the engine or the AI.

Seed 000 (``../shared/seeds/000_286d0557333318ee.txt``) is played by the
engine deterministically: "the same seed and the same commands give the same
event log, byte for byte" (README, "Determinism"). Each sample fight in
``tests/golden/logs`` (see ``recording.py``) is checked two ways:

- the *engine golden* applies the recorded commands (not the AI) to a fresh
  encounter with the recorded seed and must print the recorded JSON event log
  byte for byte;
- the *AI golden* lets the AI play every side from the same seed, as
  ``python -m game run --auto`` does, and must choose exactly the recorded
  commands.

A meant change regenerates them: ``python -m pytest tests/golden
--regenerate-goldens``, committed on its own with a message saying why.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.golden.recording import (ENCOUNTERS, FIGHTS, GOLDEN, LOGS, REGENERATE, ROOT, Fight, first_difference,
                                    play_by_ai, read_lines, replay_recorded)


def _id(fight: Fight) -> str:
    return f"{fight.encounter}-{fight.seed}"


def _recorded(path: os.PathLike[str]) -> list[str]:
    try:
        return read_lines(ROOT / path)
    except FileNotFoundError:
        pytest.fail(f"golden file {path} is missing: regenerate with `{REGENERATE}`", pytrace=False)


def test_every_sample_encounter_has_golden_logs_and_nothing_else() -> None:
    """Every encounter file in ``maps/`` is pinned, and no file is left over from an older seed list."""
    assert sorted(p.stem for p in (ROOT / "maps").glob("*.toml")) == sorted(ENCOUNTERS)
    expected = {f.commands_file for f in GOLDEN} | {f.events_file for f in GOLDEN}
    present = set(LOGS.rglob("*.jsonl"))
    assert not expected - present, f"missing golden files (regenerate with `{REGENERATE}`): " + ", ".join(
        sorted(str(p.relative_to(ROOT)) for p in expected - present))
    assert not present - expected, "golden files no fight writes: " + ", ".join(
        sorted(str(p.relative_to(ROOT)) for p in present - expected))


@pytest.mark.parametrize("fight", GOLDEN, ids=_id)
def test_engine_replays_the_recorded_commands_to_the_recorded_log(fight: Fight) -> None:
    """Engine golden: recorded seed + recorded commands -> the recorded event log, byte for byte."""
    recorded = _recorded(fight.events_file)
    _recorded(fight.commands_file)
    log, refused = replay_recorded(fight)
    now = log.splitlines()
    if refused is None:
        problem = first_difference("engine", fight, fight.events_file, recorded, now)
    else:  # the log up to the refusal, then the refusal: the first difference is the likelier cause
        problem = first_difference("engine", fight, fight.events_file, recorded[:len(now)], now)
        problem = (problem + "\nthen " if problem else f"engine golden differs: {fight.name}: ") + (
            f"the engine refused a command it took when the log was recorded: {refused}")
    if problem:
        pytest.fail(problem, pytrace=False)


@pytest.mark.parametrize("fight", GOLDEN, ids=_id)
def test_ai_chooses_the_recorded_commands(fight: Fight) -> None:
    """AI golden: from the recorded seed, the AI playing every side chooses exactly the recorded commands."""
    recorded = _recorded(fight.commands_file)
    now, _ = play_by_ai(fight)
    problem = first_difference("AI", fight, fight.commands_file, recorded, now)
    if problem:
        pytest.fail(problem, pytrace=False)


@pytest.mark.parametrize("hash_seed", ["0", "2718281"])
def test_the_command_line_prints_the_golden_log_whatever_the_hash_seed(hash_seed: str) -> None:
    """Determinism does not hang on Python's string hashing (set and dict order of str): ``run --auto --json``
    in a fresh interpreter with another ``PYTHONHASHSEED`` prints a recorded log byte for byte."""
    fight = FIGHTS[1]
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    done = subprocess.run([sys.executable, "-m", "game", "run", fight.source, "--auto", "--seed", str(fight.seed),
                           "--json"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    problem = first_difference(f"PYTHONHASHSEED={hash_seed}", fight, fight.events_file,
                               _recorded(fight.events_file), done.stdout.splitlines())
    if problem:
        pytest.fail(problem, pytrace=False)
