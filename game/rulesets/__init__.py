"""The rulesets by name: the five rules systems files may name, and which of them this program plays.

An encounter file says which rules system its fight is played by (``ruleset = "seed000"``), and a content
file which one its sheets are for. Each name is a seed document in ``../shared/seeds/``. This module holds
only the names; the rulesets themselves join this package as they are built.
"""

from __future__ import annotations

KNOWN: tuple[str, ...] = ("seed000", "seed001", "seed002", "seed003", "seed004")
"""Every ruleset a file may name, one per seed document."""

PLAYABLE: tuple[str, ...] = ("seed000",)
"""The rulesets this program plays now."""

DEFAULT = "seed000"
"""The ruleset of a file that names none: a format 1 encounter file, a content file without ``ruleset``."""


def ruleset_problem(name: str) -> str:
    """Why ``name`` cannot be played ("" when it can), in one line."""
    if name in PLAYABLE:
        return ""
    if name in KNOWN:
        return f"ruleset {name!r} is not playable yet (this program plays: {', '.join(PLAYABLE)})"
    shown = name if len(name) <= 40 and name.isprintable() else name[:37] + "..."
    return f"unknown ruleset {shown!r} (the rulesets are: {', '.join(KNOWN)})"


def unknown_ruleset(name: str) -> str:
    """Why ``name`` is no ruleset at all ("" when it is a known one, playable or not), in one line."""
    return "" if name in KNOWN else ruleset_problem(name)
