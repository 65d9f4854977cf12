"""Reading a game master's text files, whatever their ruleset: TOML, and messages that quote what was written.

Every ruleset's content loader and the encounter file reader use these: the size cap and UTF-8 check, TOML
parsed with one kind of error, pydantic's errors in a game master's words, and values quoted short and on
one line. Nothing here knows any rules system's sheets.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, Callable, Iterable, TypeVar

from pydantic import BaseModel, PlainValidator, ValidationError

from game.errors import ContentError, quoted
from game.files import UserFileError, read_user_file

CONTENT_DIR = Path(__file__).resolve().parents[1] / "assets" / "content"
"""Where the shipped content lives (seed 000's sheets at the top, each other ruleset's in a folder named for it)."""
MAX_FILE_BYTES = 1024 * 1024
"""Largest content file read."""
ID = re.compile(r"[a-z][a-z0-9_]{0,63}")
"""A creature's or power's id."""
_TOML_PLACE = re.compile(r"\s*\(at (line \d+, column \d+|end of document)\)\s*$")

E = TypeVar("E", bound=Enum)
M = TypeVar("M", bound=BaseModel)


def normalize(text: str) -> str:
    """Lower case, one space between words, ``_`` and ``-`` read as spaces, curly quotes straightened."""
    text = text.replace("\u2019", "'").replace("_", " ").replace("-", " ").lower()
    return " ".join(text.split())


def parse_choice(text: str, choices: type[E], what: str, aliases: dict[str, E] | None = None) -> E:
    """The member of ``choices`` whose value is ``text`` (case, spaces, ``-`` and ``_`` do not matter)."""
    known = {normalize(member.value): member for member in choices}
    for alias, member in (aliases or {}).items():
        known[normalize(alias)] = member
    found = known.get(normalize(text))
    if found is None:
        values = [m.value for m in choices]
        raise ValueError(f"{quoted(text)} is not {what}{suggestion(text, values)}; use one of: {', '.join(values)}")
    return found


def suggestion(word: str, candidates: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` naming the candidate closest to ``word``, or ``""``."""
    names = sorted(candidates)
    close = difflib.get_close_matches(word, names, n=1, cutoff=0.6)
    if not close:
        by_form = {normalize(n): n for n in names}
        close = [by_form[c] for c in difflib.get_close_matches(normalize(word), list(by_form), n=1, cutoff=0.6)]
    return f" (did you mean '{close[0]}'?)" if close else ""


T = TypeVar("T")


def text_field(parse: Callable[[str], T]) -> PlainValidator:
    """A pydantic validator for a field written as text: the TOML string read with ``parse`` (which raises
    ``ValueError`` with a message for people); anything else is a type error naming what was found."""

    def validate(value: Any) -> T:
        if not isinstance(value, str):
            raise ValueError(f"expected text in quotes, found {toml_type(value)} {quoted(value)}")
        return parse(value)

    return PlainValidator(validate)


def toml_type(value: object) -> str:
    """What a TOML value is called in the TOML specification's words."""
    match value:
        case bool():
            return "a boolean"
        case int():
            return "an integer"
        case float():
            return "a float"
        case str():
            return "text"
        case list():
            return "an array"
        case dict():
            return "a table"
        case _:
            return "a date or time"


ID_RULE = "an id is lower-case letters, digits and '_', starting with a letter (at most 64)"


def content_files(paths: list[str | Path], max_files: int | None = None,
                  problems: list[ContentError] | None = None) -> list[Path]:
    """The files to read: each path given, a folder as its ``*.toml`` files in name order (hidden ones left out).

    With ``max_files``, at most that many in all; a folder holding more is reported in ``problems``."""
    files: list[Path] = []
    for given in paths if max_files is None else paths[:max_files]:
        path = Path(given)
        if not path.is_dir():
            files.append(path)
            continue
        found = sorted(p for p in path.glob("*.toml") if not p.name.startswith("."))
        if max_files is not None and len(found) > max_files:
            if problems is not None:
                problems.append(ContentError(shown(path), f"holds {len(found)} content files; at most {max_files} "
                                                          f"are read from one folder"))
            found = found[:max_files]
        files.extend(found)
    return files if max_files is None else files[:max_files]


def shown(path: Path) -> str:
    """The path as messages show it: relative to the working folder when inside it (as given when it cannot
    be resolved: a symlink loop is a RuntimeError in Python 3.11's ``resolve``)."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except (ValueError, OSError, RuntimeError):
        return str(path)


def read_toml(path: Path, name: str, problems: list[ContentError]) -> dict[str, Any] | None:
    """A content file's TOML, or None after adding its one problem to ``problems`` (too large, missing,
    not UTF-8, not TOML), each naming the file as ``name``."""
    try:
        data = read_user_file(path, MAX_FILE_BYTES)
    except UserFileError as exc:
        if exc.too_large:
            problems.append(ContentError(name, f"larger than {MAX_FILE_BYTES // 1024} KiB; content files are small "
                                               "text files"))
        else:
            problems.append(ContentError(name, "no such file" if exc.missing else exc.detail))
        return None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        problems.append(ContentError(name, "not UTF-8 text", f"line {line}"))
        return None
    try:
        return parse_toml(text)
    except TomlSyntaxError as exc:
        problems.append(ContentError(name, exc.detail, exc.place))
    return None


class TomlSyntaxError(ValueError):
    """TOML text that does not parse: ``detail`` says what is wrong, ``place`` where ("line 3, column 7", or
    "" when the parser does not say)."""

    def __init__(self, detail: str, place: str = "") -> None:
        self.detail, self.place = detail, place
        super().__init__(f"{place}: {detail}" if place else detail)


def parse_toml(text: str) -> dict[str, Any]:
    """``tomllib.loads``, its every failure one :class:`TomlSyntaxError`: the parser's message with its place
    apart, and arrays or tables nested too deeply for the parser (a RecursionError inside tomllib) said so.
    Every TOML file the program reads (content, encounters) is parsed here."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        where = _TOML_PLACE.search(message)
        detail = (message[:where.start()] if where else message) or "invalid TOML"
        raise TomlSyntaxError(f"invalid TOML: {detail}", where.group(1) if where else "") from None
    except RecursionError:
        raise TomlSyntaxError("invalid TOML: arrays or tables nested too deeply") from None


def field_path(loc: tuple[str | int, ...]) -> str:
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def explain(model: type[BaseModel], error: Any) -> str:
    """Pydantic's error (one of ``ValidationError.errors()``, validating ``model``) in a game master's words:
    what content files and an encounter file's starting states say."""
    return _explain(model, error)


def _explain(model: type[BaseModel], error: Any) -> str:
    """Pydantic's error in a game master's words."""
    kind, value, ctx = error["type"], error.get("input"), error.get("ctx") or {}
    loc = tuple(error["loc"])
    match kind:
        case "extra_forbidden":
            known = _fields_at(model, loc[:-1])
            hint = suggestion(str(loc[-1]), known)
            return "unknown field" + (hint or (f"; known fields: {', '.join(known)}" if known else ""))
        case "missing":
            return "required field is missing"
        case "value_error":
            return str(ctx.get("error", error["msg"]))
        case "int_type":
            return f"expected a whole number, found {toml_type(value)} {quoted(value)}"
        case "bool_type":
            return f"expected true or false, found {toml_type(value)} {quoted(value)}"
        case "string_type":
            return f"expected text in quotes, found {toml_type(value)} {quoted(value)}"
        case "list_type":
            return f"expected an array [...], found {toml_type(value)} {quoted(value)}"
        case "dict_type" | "model_type" | "model_attributes_type":
            return f"expected a table {{...}}, found {toml_type(value)} {quoted(value)}"
        case "greater_than_equal":
            return f"must be at least {ctx['ge']}, found {quoted(value)}"
        case "less_than_equal":
            return f"must be at most {ctx['le']}, found {quoted(value)}"
        case "too_short":
            return f"needs at least {ctx.get('min_length')} item(s)"
        case "too_long":
            return f"holds at most {ctx.get('max_length')} items"
        case "string_too_short":
            return "must not be empty"
        case "string_too_long":
            return f"must be at most {ctx['max_length']} characters"
        case "string_pattern_mismatch":
            return f"{quoted(value)} is not allowed here: " + (
                "a tag is lower-case words" if "-" in str(ctx.get("pattern")) else ID_RULE)
        case _:
            return str(error["msg"])


def _fields_at(model: type[BaseModel], loc: tuple[str | int, ...]) -> list[str]:
    """The field names of the model found by following ``loc`` from ``model`` ([] if none)."""
    current: Any = model
    for part in loc:
        current = _unwrap(current)
        if isinstance(current, type) and issubclass(current, BaseModel) and isinstance(part, str):
            info = current.model_fields.get(part)
            current = info.annotation if info else None
        elif getattr(current, "__origin__", None) in (dict, list):
            current = current.__args__[-1]
        else:
            return []
    current = _unwrap(current)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return [info.alias or name for name, info in current.model_fields.items()]
    return []


def _unwrap(annotation: Any) -> Any:
    """``X | None`` -> ``X``; anything else as it is."""
    if getattr(annotation, "__origin__", None) in (dict, list):
        return annotation
    args = [a for a in getattr(annotation, "__args__", ()) if a is not type(None)]
    return args[0] if len(args) == 1 else annotation


def _is_plain(key: str) -> bool:
    return key.isprintable() and not any(c in key for c in "'\" .[]") and 0 < len(key) <= 64


def quoted_id(key: str) -> str:
    """An id as messages show it: 'goblin'; repr() with escapes for a key with odd characters."""
    return f"'{key}'" if _is_plain(key) else quoted(key)


def quoted_key(key: str) -> str:
    """A key inside a field path: as is when it is plain."""
    return key if _is_plain(key) else quoted(key)


@dataclass
class FileReport:
    """The problems found in one content file, each a :class:`ContentError` naming it as ``shown``."""

    shown: str
    problems: list[ContentError]

    def problem(self, detail: str, entry: str = "", field_path: str = "") -> None:
        """Adds one problem: ``entry`` (``creature 'goblin'``) and the field, when given, make its place."""
        parts = [entry] if entry else []
        if field_path:
            parts.append(f"field '{field_path}'")
        self.problems.append(ContentError(self.shown, detail, ", ".join(parts)))

    def validate(self, model: type[M], value: object, entry: str, prefix: str = "",
                 max_errors: int | None = None) -> M | None:
        """``value`` as a ``model``, or None after reporting its schema errors (at most ``max_errors``), each
        with its field path after ``prefix``."""
        try:
            return model.model_validate(value)
        except ValidationError as exc:
            for error in exc.errors()[:max_errors]:
                path = field_path(tuple(error["loc"]))
                self.problem(explain(model, error), entry, ".".join(p for p in (prefix, path) if p))
            return None
