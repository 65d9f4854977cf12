"""Issue 14, item 2: no compile step. The project builds with plain setuptools from ``pyproject.toml``, needs
no C compiler, and installs as the Python source that runs (one way, no compiled copy to fall out of step)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_the_build_backend_is_setuptools_alone() -> None:
    """No backend of our own and nothing to compile with: the build needs setuptools and nothing else."""
    system = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["build-system"]
    assert system["build-backend"] == "setuptools.build_meta"
    assert "backend-path" not in system
    assert [r.split(">")[0].split("=")[0].split("<")[0].strip() for r in system["requires"]] == ["setuptools"]


def test_a_wheel_builds_without_a_c_compiler_and_is_pure_python(tmp_path: Path) -> None:
    """A build with every C compiler made to fail gives one pure-Python wheel (``py3-none-any``) holding the
    engine's sources and no compiled module."""
    source = tmp_path / "src"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(REPO / name, source / name)
    shutil.copytree(REPO / "game", source / "game", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    fail = tmp_path / "no-compiler"
    fail.write_text("#!/bin/sh\necho 'no C compiler here' >&2\nexit 1\n", encoding="utf-8")
    fail.chmod(0o755)
    env = {**os.environ, "CC": str(fail), "CXX": str(fail), "LDSHARED": str(fail)}
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path / "out"),
                           str(source)], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    wheels = list((tmp_path / "out").glob("*.whl"))
    assert len(wheels) == 1 and wheels[0].name.endswith("-py3-none-any.whl"), wheels
    with zipfile.ZipFile(wheels[0]) as wheel:
        names = wheel.namelist()
    assert "game/rulesets/seed000/encounter.py" in names and "game/__main__.py" in names
    assert not [n for n in names if n.endswith((".so", ".pyd", ".c")) or n.startswith("game/_build")]


def test_no_compiled_module_is_left_beside_the_sources() -> None:
    """Python prefers ``x.cpython-*.so`` to ``x.py`` in the same folder, and nothing checks any more whether one
    is current: a compiled module left in the checkout by an install from before this change would run
    instead of its edited source. Delete them: ``find game -name '*.so' -delete``."""
    left = sorted(str(p.relative_to(REPO)) for pattern in ("*.so", "*.pyd") for p in (REPO / "game").rglob(pattern))
    assert not left, f"compiled modules would run instead of their sources: {left[:5]}"
