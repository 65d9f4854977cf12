"""Tiled maps (TMX and JSON) read safely into plain data. No pygame here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.tiled.files import DEFAULT_LIMITS, Limits, find_project_root
from game.tiled.loader import load_map
from game.tiled.model import TiledMap

if TYPE_CHECKING:
    from pathlib import Path

    from game.board import Board


def load_board(path: str | Path, root: str | Path | None = None,
               limits: Limits = DEFAULT_LIMITS) -> tuple[TiledMap, Board]:
    """Load a map and build its Board in one call (both checked, their problems reported together)."""
    from game.errors import MapError, MapProblems
    from game.tiled.loader import collect_map, problems_error
    from game.tiled.to_board import board_from_map

    tmap, problems = collect_map(path, root=root, limits=limits)
    try:
        board = board_from_map(tmap, refusing=bool(problems))
    except MapProblems as exc:
        problems += exc.problems
    except MapError as exc:
        problems.append(exc)
    if problems:
        raise problems_error(problems)
    return tmap, board


__all__ = ["DEFAULT_LIMITS", "Limits", "TiledMap", "find_project_root", "load_board", "load_map"]
