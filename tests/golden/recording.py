"""Golden logs: the sample encounters' fights, recorded, and the ways to play them again.

For each encounter in ``maps/*.toml`` and each seed in :data:`SEEDS` (seed 003's: :data:`SEEDS_003`; seed 002's: :data:`SEEDS_002`; seed 001's: :data:`SEEDS_001`; seed 004's: :data:`SEEDS_004`), two files
under ``tests/golden/logs/<encounter>/``:

- ``seed_NN.commands.jsonl``: a header line, then every command the fight
  applied (scripted, the AI's, each end of turn with its preparation), one
  per line in :mod:`game.command_codec`'s form;
- ``seed_NN.events.jsonl``: the event log exactly as
  ``python -m game run maps/<encounter>.toml --auto --seed NN --json`` prints it.

Shared by ``test_golden.py`` and the conftest's ``--regenerate-goldens``
(imported as ``tests.golden.recording``).
"""

from __future__ import annotations

import io
import json
import shutil
from dataclasses import dataclass
from pathlib import Path

from game.command_codec import command_from_line, command_line
from game.kernel.decisions import Answer
from game.rulesets.package import Command
from game.runner import Loaded, ReplayRefusedError, build_encounter, play, replay, write_log

ROOT = Path(__file__).resolve().parents[2]
LOGS = Path(__file__).resolve().parent / "logs"
ENCOUNTERS = ("crypt_skirmish", "crypt_drill", "marsh_ambush", "ridge_crossing", "crypt_vigil_003", "marsh_reeds_003",
              "crypt_wharf_002", "marsh_wharf_002", "reed_ford_001", "barrow_crypt_001", "hall_brawl_004",
              "reed_bank_004")
SEEDS = tuple(range(1, 9))
"""Seed 000's samples' seeds."""
SEEDS_003 = tuple(range(1, 5))
"""Seed 003's samples' seeds (``*_003``)."""
SEEDS_002 = tuple(range(1, 5))
"""Seed 002's samples' seeds (``*_002``)."""
SEEDS_001 = tuple(range(1, 5))
"""Seed 001's samples' seeds (``*_001``)."""
SEEDS_004 = tuple(range(1, 5))
"""Seed 004's samples' seeds (``*_004``)."""
COMMANDS_FORMAT = 1
REGENERATE = "python -m pytest tests/golden --regenerate-goldens"
MAX_LINES = 100_000
"""Most lines read from one golden file."""


@dataclass(frozen=True, slots=True)
class Fight:
    encounter: str
    seed: int

    @property
    def name(self) -> str:
        return f"{self.encounter} seed {self.seed}"

    @property
    def source(self) -> str:
        """The encounter file as the header and ``run`` name it (relative to the repository)."""
        return f"maps/{self.encounter}.toml"

    @property
    def commands_file(self) -> Path:
        return LOGS / self.encounter / f"seed_{self.seed:02d}.commands.jsonl"

    @property
    def events_file(self) -> Path:
        return LOGS / self.encounter / f"seed_{self.seed:02d}.events.jsonl"

    def load(self) -> Loaded:
        return build_encounter(ROOT / self.source, self.seed)


FIGHTS = tuple(Fight(e, s) for e in ENCOUNTERS if not e.endswith(("_001", "_002", "_003", "_004")) for s in SEEDS)
"""Seed 000's fights (what its own tests replay)."""
FIGHTS_003 = tuple(Fight(e, s) for e in ENCOUNTERS if e.endswith("_003") for s in SEEDS_003)
FIGHTS_002 = tuple(Fight(e, s) for e in ENCOUNTERS if e.endswith("_002") for s in SEEDS_002)
FIGHTS_001 = tuple(Fight(e, s) for e in ENCOUNTERS if e.endswith("_001") for s in SEEDS_001)
FIGHTS_004 = tuple(Fight(e, s) for e in ENCOUNTERS if e.endswith("_004") for s in SEEDS_004)
GOLDEN = FIGHTS + FIGHTS_003 + FIGHTS_002 + FIGHTS_001 + FIGHTS_004
"""Every fight pinned by a golden log."""


def play_by_ai(fight: Fight) -> tuple[list[str], str]:
    """Play ``fight`` as ``run --auto`` does (script, then the AI for every side): its command lines (header
    first) and its JSON event log."""
    loaded = fight.load()
    board, rules = loaded.board, loaded.scenario.ruleset
    chosen: list[Command | Answer] = []
    out = io.StringIO()
    write_log(loaded, fight.source, as_json=True, out=out,
              drive=lambda emit: play(loaded, auto=True, emit=emit, chosen=chosen.append))
    header = json.dumps({"format": COMMANDS_FORMAT, "encounter": fight.source, "seed": fight.seed})
    return [header] + [command_line(c, board, rules=rules) for c in chosen], out.getvalue()


def read_lines(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    if len(lines) > MAX_LINES:
        raise ValueError(f"{path}: {len(lines)} lines, more than the limit of {MAX_LINES}")
    return lines


def replay_recorded(fight: Fight) -> tuple[str, str | None]:
    """The JSON event log of ``fight``'s recorded commands applied to a fresh encounter (no AI), and None; or,
    when the engine refuses one, the log up to there and why (naming the command and its line)."""
    loaded = fight.load()
    board, rules = loaded.board, loaded.scenario.ruleset
    lines = read_lines(fight.commands_file)
    commands = [command_from_line(line, board, fight.commands_file, f"line {n}", rules=rules)
                for n, line in enumerate(lines[1:], 2)]
    out = io.StringIO()
    try:
        write_log(loaded, fight.source, as_json=True, out=out, drive=lambda emit: replay(loaded, commands, emit))
    except ReplayRefusedError as exc:
        return out.getvalue(), (f"{fight.commands_file.relative_to(ROOT)} line {exc.index + 2} "
                                f"{lines[exc.index + 1]} refused: {exc.reason}")
    return out.getvalue(), None


def regenerate_all() -> int:
    """Play every fight again and write its two files (stale files removed); the bytes written."""
    if LOGS.exists():
        shutil.rmtree(LOGS)
    written = 0
    for fight in GOLDEN:
        commands, events = play_by_ai(fight)
        fight.commands_file.parent.mkdir(parents=True, exist_ok=True)
        text = "\n".join(commands) + "\n"
        fight.commands_file.write_text(text, encoding="utf-8", newline="\n")
        fight.events_file.write_text(events, encoding="utf-8", newline="\n")
        written += len(text.encode()) + len(events.encode())
    return written


def first_difference(kind: str, fight: Fight, recorded_file: Path, recorded: list[str], now: list[str]) -> str | None:
    """None when the two agree; else one message naming the fight, the file, the first differing line and
    both versions, and how to regenerate on purpose."""
    for i, (a, b) in enumerate(zip(recorded, now), 1):
        if a != b:
            return (f"{kind} golden differs: {fight.name}, {recorded_file.relative_to(ROOT)} line {i}\n"
                    f"  recorded: {a}\n  now:      {b}\n"
                    f"(if the change is meant, regenerate with `{REGENERATE}` in a commit of its own saying why)")
    if len(recorded) != len(now):
        n = min(len(recorded), len(now)) + 1
        extra = ("recorded", recorded) if len(recorded) > len(now) else ("now", now)
        return (f"{kind} golden differs: {fight.name}, {recorded_file.relative_to(ROOT)}: {len(recorded)} lines "
                f"recorded, {len(now)} now; first extra line {n} ({extra[0]}): {extra[1][n - 1]}\n"
                f"(if the change is meant, regenerate with `{REGENERATE}` in a commit of its own saying why)")
    return None
