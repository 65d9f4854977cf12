"""The headless side (geometry, board, Tiled reading, rules engine, content, runner) never imports pygame or pytmx.

`import pytmx` imports pygame, so both are checked. Run in a fresh interpreter so
that other tests' imports cannot hide a leak.
"""

from __future__ import annotations

import subprocess
import sys

HEADLESS = ["game.grid", "game.board", "game.tiled", "game.tiled.to_board", "game.errors", "game.rulesets.seed000.model",
            "game.rulesets.seed000.state", "game.rulesets.seed000.tactics", "game.rulesets.seed000.encounter", "game.rulesets.seed000.ai", "game.rulesets.seed000.decisions",
            "game.rulesets.seed000.reactions", "game.rulesets.seed000.ruleset", "game.rulesets.seed000.content", "game.scenario", "game.runner",
            "game.rulesets", "game.rulesets.seed000.starting", "game.rulesets.package"]


def test_headless_packages_import_neither_pygame_nor_pytmx() -> None:
    code = (
        "import sys\n"
        + "".join(f"import {name}\n" for name in HEADLESS)
        + "from game.tiled import load_board\n"
        + "load_board('maps/square_crypt.tmx')\n"
        + "from game.runner import build_encounter, play\n"
        + "play(build_encounter('maps/crypt_skirmish.toml'), auto=True, emit=lambda e: None)\n"
        + "leaked = sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pytmx', 'pygame_gui'))\n"
        + "print(','.join(leaked))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "", f"headless import pulled in: {result.stdout.strip()}"
