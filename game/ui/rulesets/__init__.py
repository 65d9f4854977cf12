"""The window's ruleset-specific parts, one package per ruleset; each imports its own ruleset only.

The generic table finds a ruleset's parts (``game.ui.parts.WindowParts``) here, by the name an encounter
file gives in its ``ruleset`` key.
"""

from __future__ import annotations

from game.errors import GameError
from game.ui.parts import WindowParts

DEFAULT = "seed000"
"""The ruleset whose parts the window has before any file is open (and a format 1 file's)."""
KNOWN = ("seed000", "seed001", "seed002", "seed003", "seed004")


def parts_for(ruleset: str) -> WindowParts:
    """New window parts for ``ruleset`` (one per table: they keep what the board highlights)."""
    if ruleset == "seed000":
        from game.ui.rulesets.seed000.parts import Seed000Parts

        return Seed000Parts()
    if ruleset == "seed001":
        from game.ui.rulesets.seed001.parts import Seed001Parts

        return Seed001Parts()
    if ruleset == "seed002":
        from game.ui.rulesets.seed002.parts import Seed002Parts

        return Seed002Parts()
    if ruleset == "seed003":
        from game.ui.rulesets.seed003.parts import Seed003Parts

        return Seed003Parts()
    if ruleset == "seed004":
        from game.ui.rulesets.seed004.parts import Seed004Parts

        return Seed004Parts()
    raise GameError(f"ruleset {ruleset!r}: the window has no parts for it yet (it has: {', '.join(KNOWN)})")
