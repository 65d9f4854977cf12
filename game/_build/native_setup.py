"""The setup script ``backend.py`` runs: the project as ``pyproject.toml`` declares it, plus the rules engine
compiled by mypyc.

Compiling happens inside ``build_ext`` (so pip's metadata hooks do not pay for it) and writes
``game/_native.json``, the sources' digests that ``game/_native.py`` checks at import. When
``TACTICAL_TABLE_PURE=1`` is set, or mypyc or the C compiler fails, the project installs as plain Python and
says so; it then runs about half as fast and behaves the same.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from setuptools import Distribution, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parents[2]


def _native() -> ModuleType:
    """``game/_native.py``, loaded by path: the list of modules lives there, once."""
    spec = importlib.util.spec_from_file_location("_tactical_table_native", ROOT / "game" / "_native.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _say(message: str) -> None:
    print(f"tactical-table: {message}", file=sys.stderr, flush=True)


NATIVE = _native()
WANTED = not NATIVE.pure_requested()


BUILDING = {"build", "build_ext", "bdist_wheel", "editable_wheel", "install", "develop"}
"""Commands that compile; pip's metadata hooks run ``egg_info``/``dist_info`` only, and must stay quick."""


class BuildNative(build_ext):
    """``build_ext`` that first has mypyc write the C for the engine's modules."""

    digests: dict[str, str] | None = None
    """The compiled sources' SHA-256, taken when mypyc read them (a class attribute: setuptools sets this
    command up afresh more than once per build, and mypyc runs only the first time)."""

    tried = False

    def finalize_options(self) -> None:
        if WANTED and not BuildNative.tried and BUILDING & set(self.distribution.commands):
            BuildNative.tried = True
            BuildNative.digests = {m: NATIVE.digest(NATIVE.source_of(m)) for m in NATIVE.MODULES}
            self.distribution.ext_modules = self._mypycify()
        super().finalize_options()

    def run(self) -> None:
        # In place (editable): beside the sources. Otherwise: into the wheel's tree.
        manifest = (ROOT if self.inplace else Path(self.build_lib)) / "game" / NATIVE.MANIFEST
        manifest.unlink(missing_ok=True)  # until this build has succeeded, nothing counts as compiled
        super().run()
        if self.digests is None or not self.extensions:
            return
        missing = [e.name for e in self.extensions if not self._built(e.name).exists()]
        if missing:
            which = "any of them" if len(missing) == len(self.extensions) else ", ".join(missing)
            _say(f"the C compiler did not build {which}; the engine will run from its Python source, about "
                 "half as fast")
            return
        manifest.parent.mkdir(parents=True, exist_ok=True)
        partial = manifest.with_name(manifest.name + ".partial")  # written whole, then renamed into place
        partial.write_text(json.dumps({"modules": self.digests}, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        os.replace(partial, manifest)
        _say(f"compiled {len(self.extensions) - 1} engine modules")

    def _built(self, name: str) -> Path:
        if self.inplace:
            return ROOT / self.get_ext_filename(name)
        return Path(self.get_ext_fullpath(name))

    def _mypycify(self) -> list[Any]:
        sources = [str(NATIVE.source_of(m).relative_to(ROOT)) for m in NATIVE.MODULES]
        target = os.path.join("build", "mypyc")  # setuptools wants paths relative to the project
        _say(f"compiling {len(sources)} engine modules with mypyc (a minute or two) ...")
        try:
            from mypyc.build import mypycify

            extensions = mypycify(sources, opt_level="2", debug_level="0", group_name=NATIVE.GROUP,
                                  target_dir=target)
        except (Exception, SystemExit) as error:  # mypy reports type errors by exiting
            _say(f"mypyc could not compile the engine ({error!r}); installing it as plain Python, "
                 "which runs about half as fast")
            return []
        for extension in extensions:
            extension.optional = True  # a missing C compiler leaves the plain Python install working
        return list(extensions)


class NativeDistribution(Distribution):
    def has_ext_modules(self) -> bool:
        return WANTED or bool(self.ext_modules)


setup(distclass=NativeDistribution, cmdclass={"build_ext": BuildNative},
      options={"build_ext": {"parallel": os.cpu_count() or 1}})
