"""``--regenerate-goldens``: play the sample fights again and rewrite ``tests/golden/logs`` before the tests
compare (README, "Golden logs"). Give it only with ``tests/golden`` on the command line, so this conftest is
read first: ``python -m pytest tests/golden --regenerate-goldens``."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--regenerate-goldens", action="store_true", default=False,
                     help="rewrite tests/golden/logs from the current engine and AI (a commit of its own, saying why)")


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--regenerate-goldens"):
        from tests.golden.recording import regenerate_all

        written = regenerate_all()
        config.stash[_WRITTEN] = written


_WRITTEN = pytest.StashKey[int]()


def pytest_report_header(config: pytest.Config) -> str | None:
    written = config.stash.get(_WRITTEN, None)
    return None if written is None else f"golden logs regenerated: {written} bytes written under tests/golden/logs"
