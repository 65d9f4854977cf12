"""Running the program on hostile input in tests: ``python -m game`` in a child process under a memory cap
(``resource.setrlimit``) and a time bound that catches a hang, not noise; and the check that a refusal
is one clear line.

Imported as ``tests.hostile`` by the tests of every input (maps, encounters, content, scripts, flags,
output paths).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Callable

REPO = Path(__file__).resolve().parent.parent
GiB = 1024 ** 3
HANG = 90
"""Seconds: a refusal takes about one; only a hang (or a machine shared by many) takes this long."""


def memory_cap(limit: int = 3 * GiB) -> Callable[[], None]:
    """A ``preexec_fn`` that caps the child's address space at ``limit`` bytes."""

    def cap() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return cap


def run_game(*args: str | Path, cwd: Path = REPO, memory: int = 3 * GiB,
             timeout: float = HANG) -> subprocess.CompletedProcess[str]:
    """``python -m game ARGS`` from ``cwd`` with at most ``memory`` bytes of address space, killed after
    ``timeout`` seconds (``TimeoutExpired`` then fails the test)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-m", "game", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, env=env, timeout=timeout, preexec_fn=memory_cap(memory) if sys.platform != "win32" else None)


def one_line_refusal(result: subprocess.CompletedProcess[str], *needles: str, code: int | None = None) -> str:
    """The run failed (with exit code ``code`` if given) and printed exactly one line on stderr, holding
    every needle, with no traceback and no "internal error"; that line."""
    err = result.stderr.strip()
    assert "Traceback" not in err and "internal error" not in err, err[-2000:]
    if code is None:
        assert result.returncode != 0, result.stdout[-2000:]
    else:
        assert result.returncode == code, (result.returncode, err[-2000:])
    assert err and err.count("\n") == 0, err[-2000:]
    for needle in needles:
        assert needle in err, (needle, err)
    return err


MiB = 1024 ** 2

_LAUNCHER = """
import json, os, resource, sys, time
report, limit, timeout, argv = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4:]
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
started = time.perf_counter()
pid = os.posix_spawn(argv[0], argv, os.environ)
while True:
    done, status, usage = os.wait4(pid, os.WNOHANG)
    if done:
        break
    if time.perf_counter() - started > timeout:
        os.kill(pid, 9)
        os.wait4(pid, 0)
        status = None
        break
    time.sleep(0.01)
with open(report, "w") as out:
    json.dump(None if status is None else [os.waitstatus_to_exitcode(status), usage.ru_maxrss,
                                           time.perf_counter() - started], out)
"""
"""Runs the program and reports its exit code, peak resident memory and wall time. A child's ``ru_maxrss``
counts what it had before ``exec``: a child forked by pytest (hundreds of megabytes after a thousand
tests) would report pytest's size, so the program is started by this small process instead."""


def run_game_measured(*args: str | Path, cwd: Path = REPO, memory: int = 3 * GiB,
                      timeout: float = HANG) -> tuple[subprocess.CompletedProcess[str], int, float]:
    """:func:`run_game`, also giving the program's peak resident memory in bytes (its ``ru_maxrss``, read
    with ``os.wait4`` by a small launcher process, see ``_LAUNCHER``) and its wall time in seconds.

    Resident memory is what a user's machine gives; ``RLIMIT_AS`` (still set, as a safety net) counts address
    space instead, which numpy's and SDL's libraries reserve by the hundred megabytes without touching it.
    """
    import json
    import tempfile

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    argv = [sys.executable, "-m", "game", *map(str, args)]
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.json"
        result = subprocess.run([sys.executable, "-c", _LAUNCHER, str(report), str(memory), str(timeout), *argv],
                                capture_output=True, text=True, cwd=cwd, env=env, timeout=timeout + 30)
        measured = json.loads(report.read_text())
    if measured is None:
        raise subprocess.TimeoutExpired(argv, timeout)
    code, peak, elapsed = measured
    result = subprocess.CompletedProcess(argv, code, result.stdout, result.stderr)
    return result, peak * (1 if sys.platform == "darwin" else 1024), elapsed  # Linux counts in KiB
