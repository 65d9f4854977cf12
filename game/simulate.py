"""``python -m game simulate ENCOUNTER --runs N``: many AI-against-AI fights of one encounter, summed up.

Fight ``i`` is the encounter with seed ``S + i`` and the AI playing every side to the end (or the round
limit), as ``run --auto`` plays it. The summary: each side's wins with a 95% Wilson score interval, draws and
fights stopped by the round limit, rounds, survivors per side, and what the ruleset counts of its events
(:class:`game.rulesets.package.Tallying`; seed 000: damage dealt and taken per creature, reactions fired and
fizzled). ``--jobs J`` plays the fights in J processes (spawned, so it works where fork does not); the
fights are the same and are summed in seed order, so the summary is the same as with one job.
"""

from __future__ import annotations

import dataclasses
import json
import math
import multiprocessing
import sys
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Sequence, TextIO

from game.errors import escaped

if TYPE_CHECKING:
    from game.session import Source

Opener = Callable[[str], "Source"]
"""Opens the encounter at a path (default: ``game.session.open_source``); a module-level function, so that
``--jobs`` processes can be handed it (tests open the toy ruleset's fight with one)."""

MAX_RUNS = 1_000_000
MAX_JOBS = 64
Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """One simulated fight."""

    seed: int
    winner: str
    """The side that won ("" for a draw or a fight stopped by the round limit)."""
    over: bool
    rounds: int
    standing: Mapping[str, int]
    """side -> creatures still standing at the end."""
    tally: Mapping[str, Mapping[str, int]]
    """The ruleset's counts of the fight's events (empty if it has none)."""


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n`` (95% by default); (0, 1) when ``n`` is 0."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _open(path: str, opener: Opener | None) -> Source:
    from game.session import open_source

    return opener(path) if opener is not None else open_source(path)


def play_seeds(path: str, seeds: Sequence[int], opener: Opener | None = None) -> list[Outcome]:
    """Play the encounter at ``path`` once per seed, the AI on every side; one :class:`Outcome` each. The
    encounter is opened once (by ``opener``, default ``open_source``); each fight is built fresh from it
    (``Source.fresh``)."""
    from game.kernel.events import Event
    from game.runner import Loaded, play

    source = _open(path, opener)
    rules = source.rules
    tally = getattr(rules, "tally", None)
    sides = list(dict.fromkeys(entry.side for entry in source.roster))
    out = []
    for seed in seeds:
        seeded = dataclasses.replace(source, seed=seed)
        loaded = Loaded(seeded.scenario, seeded.fresh(), seeded.board)
        events: list[Event] = []
        fight = play(loaded, auto=True, emit=events.append, rules=rules)
        standing = {side: 0 for side in sides}
        for piece in fight.pieces():
            if not piece.dead:
                standing[piece.side] = standing.get(piece.side, 0) + 1
        counts = {k: dict(v) for k, v in tally(events).items()} if tally is not None else {}
        out.append(Outcome(seed, fight.winner, fight.over, fight.round, standing, counts))
    return out


def _play_chunk(task: tuple[str, list[int], Opener | None]) -> list[Outcome]:
    return play_seeds(*task)


def outcomes(path: str, first: int, runs: int, jobs: int = 1, progress: TextIO | None = None,
             opener: Opener | None = None) -> Iterator[Outcome]:
    """The outcomes of ``runs`` fights, seeds ``first`` on, in seed order, played in ``jobs`` processes;
    a progress bar on ``progress`` (a terminal) as they come."""
    seeds = list(range(first, first + runs))
    size = max(1, min(25, runs // (jobs * 8) or 1))
    chunks = [(path, seeds[i:i + size], opener) for i in range(0, runs, size)]
    bar = ProgressBar(runs, progress)
    if jobs <= 1:
        for chunk in chunks:
            for outcome in _play_chunk(chunk):
                bar.advance()
                yield outcome
    else:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for done in pool.imap(_play_chunk, chunks):
                for outcome in done:
                    bar.advance()
                    yield outcome
    bar.close()


class ProgressBar:
    """A one-line progress bar on a terminal (nothing when ``out`` is not one)."""

    def __init__(self, total: int, out: TextIO | None) -> None:
        self.total, self.done = total, 0
        self.out = out if out is not None and out.isatty() else None
        self.started = time.perf_counter()
        self.shown = -1.0

    def advance(self) -> None:
        self.done += 1
        now = time.perf_counter()
        if self.out is None or (now - self.shown < 0.1 and self.done < self.total):
            return
        self.shown = now
        width = 30
        filled = width * self.done // max(1, self.total)
        rate = self.done / max(1e-9, now - self.started)
        self.out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} "
                       f"{rate:.1f} fights/s")
        self.out.flush()

    def close(self) -> None:
        if self.out is not None:
            self.out.write("\n")
            self.out.flush()


def summarize(found: Sequence[Outcome], names: Mapping[str, str], sides: Sequence[str]) -> dict[str, Any]:
    """The summary of the outcomes, as ``--json`` prints it (``names``: piece id -> name, for the counts)."""
    n = len(found)
    all_sides = list(dict.fromkeys([*sides, *(s for o in found for s in o.standing)]))
    wins = {side: sum(o.winner == side for o in found) for side in all_sides}
    rounds = [o.rounds for o in found]
    tally: dict[str, dict[str, int]] = {}
    for o in found:
        for kind, counts in o.tally.items():
            into = tally.setdefault(kind, {})
            for key, value in counts.items():
                into[key] = into.get(key, 0) + value
    return {
        "runs": n,
        "seeds": [found[0].seed, found[-1].seed] if found else [],
        "sides": {side: {"wins": wins[side], "rate": wins[side] / n if n else 0.0,
                         "ci95": list(wilson(wins[side], n)),
                         "standing_mean": sum(o.standing.get(side, 0) for o in found) / n if n else 0.0}
                  for side in all_sides},
        "draws": sum(o.over and not o.winner for o in found),
        "round_limit": sum(not o.over for o in found),
        "rounds": {"mean": sum(rounds) / n if n else 0.0, "min": min(rounds, default=0),
                   "max": max(rounds, default=0)},
        "tally": {kind: {names.get(key, key): value for key, value in sorted(counts.items())}
                  for kind, counts in tally.items()},
    }


def render(summary: Mapping[str, Any], shown: str) -> str:
    """The summary for people."""
    n = summary["runs"]
    lines = [f"{shown}: {n} fights, seeds {summary['seeds'][0]} to {summary['seeds'][1]}, the AI on every side"
             if n else f"{shown}: no fights"]
    for side, s in summary["sides"].items():
        lo, hi = s["ci95"]
        lines.append(f"  {side}: won {s['wins']} ({100 * s['rate']:.1f}%, 95% CI {100 * lo:.1f}% to {100 * hi:.1f}%)"
                     f", {s['standing_mean']:.2f} standing at the end on average")
    lines.append(f"  draws {summary['draws']}, stopped by the round limit {summary['round_limit']}")
    r = summary["rounds"]
    lines.append(f"  rounds: {r['mean']:.2f} on average, {r['min']} to {r['max']}")
    for kind, counts in summary["tally"].items():
        lines.append(f"  {kind} (total; per fight):")
        for key, value in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
            lines.append(f"    {escaped(key)}: {value} ({value / n if n else 0:.2f})")
    return "\n".join(lines)


def simulate(path: str, *, runs: int, seed: int, jobs: int, as_json: bool, out: TextIO = sys.stdout,
             err: TextIO = sys.stderr, opener: Opener | None = None) -> int:
    """``simulate``: play, sum up, print; the speed goes to ``err`` (it is not part of the results)."""
    source = _open(path, opener)  # a bad file is one line before any process starts
    names = {entry.id: entry.name for entry in source.roster}
    sides = list(dict.fromkeys(entry.side for entry in source.roster))
    started = time.perf_counter()
    found = list(outcomes(path, seed, runs, jobs, progress=err, opener=opener))
    took = time.perf_counter() - started
    summary = summarize(found, names, sides)
    if as_json:
        out.write(json.dumps({"encounter": path, **summary}, separators=(",", ":")) + "\n")
    else:
        out.write(render(summary, path) + "\n")
    err.write(f"{runs} fights in {took:.1f} s ({runs / took:.1f} fights/s, {jobs} job{'s' if jobs > 1 else ''})\n")
    return 0
