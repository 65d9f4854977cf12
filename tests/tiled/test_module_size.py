"""The Tiled reader stays in modules a reader can hold in mind (issue 14: no engine module over about
600 lines)."""

from __future__ import annotations

from pathlib import Path

TILED = Path(__file__).resolve().parents[2] / "game" / "tiled"
MAX_LINES = 600


def test_no_module_of_the_tiled_reader_is_over_600_lines() -> None:
    sizes = {path.name: len(path.read_text(encoding="utf-8").splitlines()) for path in sorted(TILED.glob("*.py"))}
    assert len(sizes) >= 5, f"the Tiled reader's modules were not found in {TILED}"
    too_long = {name: lines for name, lines in sizes.items() if lines > MAX_LINES}
    assert not too_long, f"over {MAX_LINES} lines: {too_long}"
