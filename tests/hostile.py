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
