"""A ruleset's sheet files, whatever its schema: the files of a folder read together, each checked for its
``ruleset = "..."`` line, its ``[creatures.<id>]`` tables capped and read one by one by the ruleset's own
reader, and every problem of every file reported together (at most ``max_problems`` lines, then one counting
the rest).

Seed 002's and seed 003's loaders (``game.rulesets.seed00N.content``) supply what differs: their pydantic
models, the checks across a creature's fields and how an entry becomes a sheet. Seed 000's loader reads a
missing ``ruleset`` line as its own on purpose (files older than the rulesets), so it does not use this.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, Generic, Protocol, TypeVar

from pydantic import BaseModel

from game.content_files import (ID, ID_RULE, FileReport, content_files, quoted_id, quoted_key, read_toml, shown,
                                suggestion, toml_type)
from game.errors import ContentError, ContentProblems, quoted
from game.rulesets import unknown_ruleset


class HasId(Protocol):
    @property
    def id(self) -> str: ...


S = TypeVar("S", bound=HasId)
M = TypeVar("M", bound=BaseModel)


class SheetBook(Mapping[str, S], Generic[S]):
    """Every sheet of one ruleset loaded, by id, with the file each came from."""

    __slots__ = ("_sheets", "_sources", "_label")

    def __init__(self, sheets: Mapping[str, S], sources: Mapping[str, str], label: str) -> None:
        self._sheets = MappingProxyType(dict(sheets))
        self._sources = MappingProxyType(dict(sources))
        self._label = label

    def __getitem__(self, sheet_id: str) -> S:
        try:
            return self._sheets[sheet_id]
        except KeyError:
            raise KeyError(f"no {self._label} sheet '{sheet_id}'{suggestion(sheet_id, self._sheets)}") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._sheets)

    def __len__(self) -> int:
        return len(self._sheets)

    def source(self, sheet_id: str) -> str:
        """The file a sheet was read from, as messages show it."""
        return self._sources[sheet_id]


def load_sheet_files(paths: Iterable[str | Path], label: str, read_file: Callable[[Path, FileReport], list[S]], *,
                     max_files: int, max_problems: int) -> SheetBook[S]:
    """The sheets ``read_file`` finds in ``paths`` (a path may be a file or a folder: its ``*.toml`` files in
    name order, at most ``max_files``). Raises :class:`ContentError` for one problem, :class:`ContentProblems`
    for several (at most ``max_problems``, then a line counting the rest)."""
    problems: list[ContentError] = []
    files = content_files(list(paths), max_files, problems)
    sheets: dict[str, S] = {}
    sources: dict[str, str] = {}
    for path in files:
        out = FileReport(shown(path), problems)
        for sheet in read_file(path, out):
            if sheet.id in sheets:
                out.problem(f"already defined in {sources[sheet.id]}", f"creature '{sheet.id}'")
                continue
            sheets[sheet.id], sources[sheet.id] = sheet, out.shown
    if problems:
        if len(problems) > max_problems:
            rest = len(problems) - max_problems
            problems = problems[:max_problems] + [ContentError(problems[max_problems].path,
                                                               f"and {rest} more problems")]
        raise problems[0] if len(problems) == 1 else ContentProblems(problems)
    return SheetBook(sheets, sources, label)


def read_creatures(path: Path, out: FileReport, ruleset: str, label: str, max_creatures: int,
                   read_creature: Callable[[str, dict[str, Any], str], S | None]) -> list[S]:
    """The sheets of one file of ``ruleset``'s: its ruleset line checked, its creatures table capped at
    ``max_creatures``, each creature's table given to ``read_creature(id, table, entry)`` (``entry`` names it
    in messages), which reports its problems to ``out`` and returns None when there were any."""
    raw = read_toml(path, out.shown, out.problems)
    if raw is None or not _is_ours(raw, out, ruleset, label):
        return []
    extra = sorted(set(raw) - {"ruleset", "creatures"})
    for key in extra[:10]:
        out.problem(f"unknown top-level key {quoted(key)}; a {label} file holds 'ruleset' and 'creatures'")
    creatures = raw.get("creatures", {})
    if not isinstance(creatures, dict):
        out.problem(f"expected a table of creatures, found {toml_type(creatures)}", "", "creatures")
        return []
    if len(creatures) > max_creatures:
        out.problem(f"{len(creatures)} creatures in one file; at most {max_creatures}", "", "creatures")
        return []
    sheets: list[S] = []
    for creature_id, value in creatures.items():
        entry = f"creature {quoted_id(creature_id)}"
        if not ID.fullmatch(creature_id):
            out.problem(ID_RULE, entry)
        if not isinstance(value, dict):
            out.problem(f"expected a table, found {toml_type(value)}", entry)
            continue
        sheet = read_creature(creature_id, value, entry)
        if sheet is not None:
            sheets.append(sheet)
    return sheets


def read_parts(raw: object, out: FileReport, entry: str, key: str, model: type[M], cap: int,
               max_errors: int) -> dict[str, M]:
    """A creature's sub-tables under ``key`` (``[creatures.<id>.<key>.<part_id>]``: attacks, abilities), each
    as a ``model``, at most ``cap`` of them. Anything but a table is left to the creature's own model to
    report."""
    if not isinstance(raw, dict):
        return {}
    if len(raw) > cap:
        out.problem(f"{len(raw)} {key}; a creature has at most {cap}", entry, key)
        return {}
    parts: dict[str, M] = {}
    for part_id, value in raw.items():
        where = f"{key}.{quoted_key(part_id)}"
        if not ID.fullmatch(part_id):
            out.problem(ID_RULE, entry, where)
        if not isinstance(value, dict):
            continue
        part = out.validate(model, value, entry, where, max_errors=max_errors)
        if part is not None:
            parts[part_id] = part
    return parts


def _is_ours(raw: dict[str, Any], out: FileReport, ruleset: str, label: str) -> bool:
    written = raw.get("ruleset")
    if written == ruleset:
        return True
    if written is None:
        out.problem(f"a {label} content file starts with ruleset = \"{ruleset}\"", "", "ruleset")
    elif not isinstance(written, str):
        out.problem(f"expected text in quotes, found {toml_type(written)} {quoted(written)}", "", "ruleset")
    else:
        why = unknown_ruleset(written) or (f"the sheets of this file are for {written}; only {ruleset}'s sheets "
                                           f"are read here (each ruleset has its own schema)")
        out.problem(why, "", "ruleset")
    return False
