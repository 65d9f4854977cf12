"""The rulesets by name: the five rules systems files may name, and which of them this program plays.

An encounter file says which rules system its fight is played by (``ruleset = "seed000"``), and a content
file which one its sheets are for. Each name is a seed document in ``../shared/seeds/``. This module holds
the names and finds each playable ruleset's package (:func:`ruleset`); what a package supplies is
:class:`game.rulesets.package.Ruleset`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from game.errors import GameError

if TYPE_CHECKING:
    from game.rulesets.package import Ruleset

KNOWN: tuple[str, ...] = ("seed000", "seed001", "seed002", "seed003", "seed004")
"""Every ruleset a file may name, one per seed document."""

PLAYABLE: tuple[str, ...] = ("seed000", "seed001", "seed002", "seed003", "seed004")
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


def ruleset(name: str) -> Ruleset:
    """The playable ruleset ``name`` (its package's ``RULESET``); raises :class:`GameError` with
    :func:`ruleset_problem`'s line for any other name."""
    why = ruleset_problem(name)
    if why:
        raise GameError(why)
    found: Ruleset = importlib.import_module(f"game.rulesets.{name}.package").RULESET
    return found
