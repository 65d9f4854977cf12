"""The one family of errors the program reports to people instead of crashing."""

from __future__ import annotations

import reprlib
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


_ESCAPES: dict[int, str] = {i: f"\\x{i:02x}" for i in [*range(32), 127, *range(0x80, 0xA0)]}
_ESCAPES |= {10: "\\n", 13: "\\r", 9: "\\t"}
_ESCAPES |= {i: f"\\u{i:04x}" for i in [0x061C, 0x200E, 0x200F, 0x2028, 0x2029, *range(0x202A, 0x202F),
                                        *range(0x2066, 0x206A)]}
"""Characters that would break a message's line, rewrite the terminal (ESC) or reorder or hide part of it
(bidi controls), and how they are shown instead."""


def has_controls(text: str) -> bool:
    """Whether :func:`escaped` would change ``text``."""
    return any(ord(ch) in _ESCAPES for ch in text)


def escaped(text: str) -> str:
    """``text`` with control, line-separator and bidi characters written as escapes (``\\x1b``, ``\\n``,
    ``\\u202e``): what a file names (a creature, a layer) is shown this way on a terminal, one line, in order.
    The map loader's messages and ``run``'s log lines both go through it."""
    return text.translate(_ESCAPES)


_REPR = reprlib.Repr()
_REPR.maxstring = 60
_REPR.maxother = 60
_REPR.maxlevel = 2


def quoted(value: object) -> str:
    """A value as a message quotes it: ``'1d8+3 fier'``, shortened when long."""
    return _REPR.repr(value)


class EncounterFileError(GameError):
    def __init__(self, path: str | Path, detail: str, place: str = "") -> None:
        self.path, self.place, self.detail = str(path), place, detail
        # one line, whatever the file's name or a value quoted holds (a newline, ESC, bidi controls)
        super().__init__(escaped(f"{path}: {place}: {detail}" if place else f"{path}: {detail}"))


def shown_key(key: str) -> str:
    """A name or id inside a message's place: as written when it is short and printable, else quoted
    (shortened, control and bidi characters escaped), so a place stays one short line."""
    return key if key.isprintable() and 0 < len(key) <= 64 else quoted(key)
