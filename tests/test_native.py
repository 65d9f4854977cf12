"""The compiled engine (mypyc, at install) and the guard that keeps a stale compiled module from running.

``game/_native.py`` runs the listed modules compiled only when every source is what was compiled; otherwise
all of them from source, saying why once. The guard is tested on a copy of the sources with stand-in
extension files (empty: a test that loaded one would fail at import), so it is checked whether or not this
install compiled anything. Then: the compiled engine plays exactly as the Python source does.
"""

from __future__ import annotations

import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game import _native

REPO = Path(__file__).resolve().parent.parent
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]
PROBE = (
    "import game, game._native as n, game.rules.ai, game.rules.tactics, game.grid.square\n"
    "print(n.COMPILED, repr(n.WHY))\n"
    "for m in ('game.rules.ai', 'game.rules.tactics', 'game.grid.square'):\n"
    "    print(__import__('sys').modules[m].__file__)\n"
)


def _copy(tmp_path: Path, *, manifest: bool = True, stand_ins: bool = True) -> Path:
    """The game package's Python sources under ``tmp_path``, with a manifest of their digests and an empty
    stand-in extension file beside each listed module and for the shared library."""
    root = tmp_path / "copy"
    shutil.copytree(REPO / "game", root / "game", ignore=shutil.ignore_patterns("*.so", "*.pyd", "_native.json",
                                                                                 "__pycache__"))
    if manifest:
        digests = {m: _native.digest(root.joinpath(*m.split(".")).with_suffix(".py")) for m in _native.MODULES}
        (root / "game" / _native.MANIFEST).write_text(json.dumps({"modules": digests}), encoding="utf-8")
    if stand_ins:
        for module in (*_native.MODULES, _native.GROUP + "__mypyc"):
            root.joinpath(*module.split(".")).with_name(module.split(".")[-1] + SUFFIX).write_bytes(b"")
    return root


def _run(root: Path, code: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k != "TACTICAL_TABLE_PURE"}
    environment.update(env, PYTHONPATH=str(root))
    return subprocess.run([sys.executable, "-c", code], cwd=root, env=environment, capture_output=True, text=True)


def _check(root: Path, **env: str) -> tuple[bool, str]:
    out = _run(root, "import game._native as n; print(n.COMPILED); print(n.WHY)", **env)
    assert out.returncode == 0, out.stderr
    compiled, why = out.stdout.splitlines()
    return compiled == "True", why


def test_sources_unchanged_since_compiling_run_compiled(tmp_path: Path) -> None:
    assert _check(_copy(tmp_path)) == (True, "compiled with mypyc")


def test_an_edited_source_runs_every_listed_module_from_its_python_source(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    edited = root / "game" / "rules" / "tactics.py"
    edited.write_text(edited.read_text(encoding="utf-8") + "\n# edited after compiling\n", encoding="utf-8")
    out = _run(root, PROBE)
    assert out.returncode == 0, out.stderr
    first, *files = out.stdout.splitlines()
    assert first == "False 'game/rules/tactics.py has changed since it was compiled'"
    assert all(f.endswith(".py") for f in files), "all or none: the unchanged modules run from source too"
    assert "game/rules/tactics.py has changed" in out.stderr and "pip install -e ." in out.stderr
    assert out.stderr.count("tactical-table:") == 1


def test_a_missing_compiled_module_runs_the_engine_from_source(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    (root / "game" / "rules" / ("ai" + SUFFIX)).unlink()
    assert _check(root) == (False, "game/rules/ai.py has no compiled module")
    out = _run(root, PROBE)
    assert out.returncode == 0 and all(f.endswith(".py") for f in out.stdout.splitlines()[1:]), out.stderr


def test_compiled_files_without_a_manifest_are_not_loaded(tmp_path: Path) -> None:
    """A failed or interrupted compile leaves no manifest; whatever compiled files an older build left behind
    must not shadow the sources."""
    root = _copy(tmp_path, manifest=False)
    out = _run(root, PROBE)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[0] == "False 'the engine was not compiled at install'"
    assert all(f.endswith(".py") for f in out.stdout.splitlines()[1:])


def test_a_malformed_manifest_counts_as_not_compiled(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    (root / "game" / _native.MANIFEST).write_text('{"modules": ["game.rules.ai"]}', encoding="utf-8")
    out = _run(root, PROBE)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[0] == "False 'the engine was not compiled at install'"
    assert all(f.endswith(".py") for f in out.stdout.splitlines()[1:])


def test_the_pure_switch_runs_the_sources_without_a_warning(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    out = _run(root, PROBE, TACTICAL_TABLE_PURE="1")
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[0] == "False 'TACTICAL_TABLE_PURE=1 asks for the Python sources'"
    assert all(f.endswith(".py") for f in out.stdout.splitlines()[1:])
    assert "tactical-table:" not in out.stderr


def test_a_plain_python_install_runs_quietly(tmp_path: Path) -> None:
    root = _copy(tmp_path, manifest=False, stand_ins=False)
    out = _run(root, PROBE)
    assert out.returncode == 0 and out.stderr == "", out.stderr
    assert out.stdout.splitlines()[0] == "False 'the engine was not compiled at install'"


def test_this_install_runs_the_compiled_engine() -> None:
    """The README's install compiles the engine; if the C compiler or mypyc failed, say so here rather than
    run everything at half speed unnoticed. ``TACTICAL_TABLE_PURE=1`` opts out."""
    if os.environ.get("TACTICAL_TABLE_PURE") == "1":
        pytest.skip("TACTICAL_TABLE_PURE=1: the Python sources were asked for")
    assert _native.COMPILED, (f"the engine is not compiled: {_native.WHY}. Compile it with "
                              "`.venv/bin/python -m pip install -e .`, or set TACTICAL_TABLE_PURE=1 to test the "
                              "Python source only")
    import game.rules.ai

    assert not str(game.rules.ai.__file__).endswith(".py")


@pytest.mark.parametrize("encounter, seed", [("crypt_skirmish", 7), ("ridge_crossing", 3)])
def test_the_compiled_engine_plays_exactly_as_its_python_source(encounter: str, seed: int) -> None:
    """Same seed, same commands, same log byte for byte (the determinism promise), whichever way it runs."""
    if not _native.COMPILED:
        pytest.skip(f"nothing compiled to compare: {_native.WHY}")
    command = [sys.executable, "-m", "game", "run", f"maps/{encounter}.toml", "--seed", str(seed), "--auto", "--json"]
    env = {k: v for k, v in os.environ.items() if k != "TACTICAL_TABLE_PURE"}
    compiled = subprocess.run(command, cwd=REPO, env=env, capture_output=True, text=True, check=True)
    source = subprocess.run(command, cwd=REPO, env={**env, "TACTICAL_TABLE_PURE": "1"}, capture_output=True,
                            text=True, check=True)
    assert compiled.stdout.count("\n") > 100 and compiled.stdout == source.stdout
