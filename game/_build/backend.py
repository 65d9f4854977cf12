"""The project's PEP 517 build backend: setuptools, with the rules engine compiled by mypyc.

``pyproject.toml`` names this module (``backend-path``), because the project's top level is fixed and has no
``setup.py``. Everything is setuptools' own ``build_meta`` except the setup script it runs, which is
``native_setup.py`` beside this file. That script compiles the modules listed there with mypyc only when
``build_ext`` runs (pip's metadata hooks stay quick), and falls back to the plain Python sources, with a
message, when compiling is switched off (``TACTICAL_TABLE_PURE=1``) or fails.
"""

from __future__ import annotations

from pathlib import Path

from setuptools import build_meta

_SETUP = str(Path(__file__).with_name("native_setup.py"))


class _Backend(build_meta._BuildMetaBackend):
    def run_setup(self, setup_script: str = "setup.py") -> None:
        super().run_setup(setup_script=_SETUP)


_BACKEND = _Backend()

get_requires_for_build_wheel = _BACKEND.get_requires_for_build_wheel
get_requires_for_build_sdist = _BACKEND.get_requires_for_build_sdist
prepare_metadata_for_build_wheel = _BACKEND.prepare_metadata_for_build_wheel
build_wheel = _BACKEND.build_wheel
build_sdist = _BACKEND.build_sdist
get_requires_for_build_editable = _BACKEND.get_requires_for_build_editable
prepare_metadata_for_build_editable = _BACKEND.prepare_metadata_for_build_editable
build_editable = _BACKEND.build_editable
