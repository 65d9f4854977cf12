"""Which modules mypyc compiles, and the guard that keeps a stale compiled module from running.

The install (``game/_build/native_setup.py``) compiles the rules engine's hot modules with mypyc, about twice
as fast, and writes ``_native.json`` beside this file with the SHA-256 of every source it compiled. With an
editable install the compiled modules sit next to their ``.py`` sources, and Python prefers them, so an edited
source would silently not run. On ``import game`` this module checks: the engine runs compiled only when
every listed source is byte for byte what was compiled and every compiled module is there. Otherwise it runs
every listed module from its Python source (all or none: compiled modules call each other directly, so a
mix would run old code) and says once, on stderr, which file changed and how to recompile.
``TACTICAL_TABLE_PURE=1`` asks for the Python sources outright (profiling, stepping through in a debugger).

Standard library only: ``game.grid`` promises to import nothing else.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

MODULES: tuple[str, ...] = (
    "game.board",
    "game.grid.base",
    "game.grid.hex",
    "game.grid.square",
    "game.rules.ai",
    "game.rules.ai_preparation",
    "game.rules.charging",
    "game.rules.commands",
    "game.rules.decisions",
    "game.rules.dice",
    "game.rules.encounter",
    "game.rules.events",
    "game.rules.memo",
    "game.rules.model",
    "game.rules.preparation",
    "game.rules.reactions",
    "game.rules.rulesets.seed000",
    "game.rules.state",
    "game.rules.steps",
    "game.rules.tactics",
    "game.rules.translation",
    "game.rules.triggers",
)
"""Compiled by mypyc: every module of the rules engine and the geometry it stands on."""

GROUP = "game._compiled"
"""The shared library all compiled modules live in (``game/_compiled__mypyc*.so``)."""

MANIFEST = "_native.json"
"""Written by the install beside this file: ``{"modules": {name: sha256 of its source}}``."""

ROOT = Path(__file__).resolve().parent.parent


def pure_requested() -> bool:
    """``TACTICAL_TABLE_PURE=1``: run (or install) the engine as its Python source."""
    return os.environ.get("TACTICAL_TABLE_PURE") == "1"


def source_of(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def compiled_files(module: str) -> list[Path]:
    """The extension files Python would load for ``module`` instead of its source."""
    base = ROOT.joinpath(*module.split("."))
    candidates = (base.with_name(base.name + suffix) for suffix in importlib.machinery.EXTENSION_SUFFIXES)
    return [path for path in candidates if path.exists()]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Finds the listed modules' ``.py`` sources ahead of their compiled files."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MODULES:
            return None
        return importlib.util.spec_from_file_location(fullname, source_of(fullname))


def check() -> tuple[bool, str]:
    """``(compiled, why)``: whether the compiled engine is current, and a sentence saying why not."""
    if pure_requested():
        return False, "TACTICAL_TABLE_PURE=1 asks for the Python sources"
    manifest = ROOT / "game" / MANIFEST
    try:
        recorded = json.loads(manifest.read_text(encoding="utf-8"))["modules"]
    except (OSError, ValueError, KeyError, TypeError):
        recorded = None
    if not isinstance(recorded, dict) or not compiled_files(GROUP + "__mypyc"):
        return False, "the engine was not compiled at install"
    for module in MODULES:
        source = source_of(module)
        if recorded.get(module) != digest(source):
            return False, f"{source.relative_to(ROOT)} has changed since it was compiled"
        if not compiled_files(module):
            return False, f"{source.relative_to(ROOT)} has no compiled module"
    return True, "compiled with mypyc"


COMPILED, WHY = False, ""


def guard() -> None:
    """Called once by ``import game``: run the listed modules from source unless the compiled set is current."""
    global COMPILED, WHY
    COMPILED, WHY = check()
    if COMPILED:
        return
    if any(compiled_files(module) for module in MODULES):
        sys.meta_path.insert(0, _SourceFinder())
        if not pure_requested():
            print(f"tactical-table: {WHY}; running the rules engine from its Python source, about half as "
                  "fast. To compile it again: .venv/bin/python -m pip install -e .", file=sys.stderr)
