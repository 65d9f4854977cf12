"""The one family of errors the program reports to people instead of crashing."""

from __future__ import annotations

from pathlib import Path


class GameError(Exception):
    """Base of every error that is the user's input, not our bug."""


class MapError(GameError):
    """A map, tileset or template file that cannot be used.

    ``place`` names where in the file (layer, object, cell, line...), ``detail`` says
    what is wrong. ``str(error)`` is a single line meant for people.
    """

    def __init__(self, path: str | Path, detail: str, place: str = "") -> None:
        self.path = str(path)
        self.place = place
        self.detail = detail
        where = f"{self.path}: {place}: " if place else f"{self.path}: "
        super().__init__(where + detail)


class MapProblems(GameError):
    """Several problems found in one map; each is a :class:`MapError`."""

    def __init__(self, problems: list[MapError]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


class ContentError(GameError):
    """A creature or power in a content file that cannot be used.

    ``place`` names the entry and the field (``creature 'goblin_cutter', field
    'powers.slash.attack'``) or the line and column of a syntax error; ``detail``
    says what is wrong. ``str(error)`` is a single line meant for people.
    """

    def __init__(self, path: str | Path, detail: str, place: str = "") -> None:
        self.path = str(path)
        self.place = place
        self.detail = detail
        where = f"{self.path}: {place}: " if place else f"{self.path}: "
        super().__init__(" ".join((where + detail).split()))


class ContentProblems(GameError):
    """Several problems found in content files; each is a :class:`ContentError`."""

    def __init__(self, problems: list[ContentError]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))
