"""Save files: a fight in progress as its seed, its setup and every command and answer given (JSON lines).

The engine is deterministic (the same seed and commands give the same log), so a save holds no state, only
what it takes to play the fight again: a header line (format, program, ruleset and its event format, seed,
options, the encounter file and map with their sha256, the content files' sha256, who plays what, the
standing orders, and from format 2 the round it stopped in and when it was saved), then one line per command
or answer in the order given, with who gave it and a short digest of each event it caused (so a replay can
say where and how it parts from the recording); from format 2 an undo is a line too (``{"by", "undo", "gm"}``:
how many of the commands and answers before it were taken back, and whether by the game master), so a save
holds the fight's whole history and a resumed one keeps what was undone, and by whom.
:meth:`game.session.Session.save` writes one, :meth:`game.session.Session.resume` plays one back. Never
pickled: a save is data, read under caps, and anything wrong in it is one line naming the file and place.
This module knows nothing of sessions or rulesets: it reads and writes the file.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from game.errors import GameError, escaped, quoted
from game.files import UserFileError, read_user_file, write_user_file

SAVE_FORMAT = 2
"""The save format this program writes, and the newest it reads (1: no undo lines, no round or time)."""
MAGIC = "tactical-table save"
MAX_SAVE_BYTES = 32 * 1024 * 1024
"""Largest save file read (a fight of 10,000 commands takes ~2 MB)."""
MAX_LINE = 256 * 1024
"""Longest line of a save."""
MAX_RECORDS = 100_000
"""Most commands and answers in one save."""
MAX_EVENTS = 10_000
"""Most events one command may have caused."""
MAX_NAMES = 1_000
"""Most entries in any of the header's tables (controllers, content files, options, standing orders)."""
MAX_TEXT = 4_096
"""Longest string in the header."""
AUTOSAVES_KEPT = 5
"""How many autosaves the data folder keeps (the newest)."""
DATA_ENV = "TACTICAL_TABLE_DATA"
"""An environment variable naming the user's data folder instead of platformdirs' (tests set it)."""

_DIGEST = re.compile(r"[0-9a-f]{8}")
_SHA = re.compile(r"[0-9a-f]{64}")


class SaveError(GameError):
    """A save file that cannot be used: one line naming the file, the place and what is wrong."""

    def __init__(self, path: str | Path, detail: str, place: str = "") -> None:
        self.path, self.place, self.detail = str(path), place, detail
        super().__init__(escaped(f"{self.path}: {place}: {detail}" if place else f"{self.path}: {detail}"))


@dataclass(frozen=True, slots=True)
class SaveHeader:
    """The first line of a save: what the fight is and how it was set up."""

    program: str
    """The program's version that wrote it."""
    ruleset: str
    event_format: int
    seed: int
    options: Mapping[str, object]
    """The fight's options as played (the file's, and ``--random-decisions``)."""
    encounter: str
    """The encounter file (or bare map) the fight was opened from, as an absolute path."""
    encounter_sha256: str | None
    map: str
    map_sha256: str | None
    content: Mapping[str, str | None]
    """Every content file the fight's sheets came from (the ruleset's own and the encounter's) -> sha256."""
    controllers: Mapping[str, str]
    creature_controllers: Mapping[str, str]
    gm: str | None
    standing_orders: Mapping[str, Mapping[str, str]]
    """player -> kind of decision -> always / never / ask."""
    start_events: tuple[str, ...]
    """The digest of each event of the fight's start."""
    format: int = SAVE_FORMAT
    round: int | None = None
    """The round the fight stood in when saved (None in a format 1 save)."""
    saved: str = ""
    """When it was saved, local time as ``YYYY-MM-DD HH:MM:SS`` ("" in a format 1 save)."""


@dataclass(frozen=True, slots=True)
class SaveRecord:
    """One command or answer as given: by whom, in the ruleset's JSON form, and its events' digests; or an
    undo (``undo`` > 0, ``command`` None): how many commands and answers it took back."""

    by: str
    """Who gave it ("" for an undo by the table's own game master, when nobody plays)."""
    command: Mapping[str, Any] | None
    events: tuple[str, ...]
    line: int
    """Its line in the file (1 is the header), for messages."""
    undo: int = 0
    gm: bool = False
    """An undo by the game master (past dice and reactions), not a player's."""


@dataclass(frozen=True, slots=True)
class SaveFile:
    path: Path
    header: SaveHeader
    records: tuple[SaveRecord, ...]


def event_digest(record: Mapping[str, Any]) -> str:
    """A short digest of one event's JSON form (its public form, keys sorted): what a save keeps of it."""
    text = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def file_sha256(path: str | Path) -> str | None:
    """The sha256 of a file's bytes (None if it cannot be read)."""
    try:
        return hashlib.sha256(read_user_file(path, MAX_SAVE_BYTES)).hexdigest()
    except (UserFileError, OSError):
        return None


def content_files(paths: Iterable[Path]) -> list[Path]:
    """The content files these paths (files or folders) stand for, as the content loader lists them, at most
    :data:`MAX_NAMES`."""
    from game.content_files import content_files as listed

    return listed(list(paths))[:MAX_NAMES]


def command_line(by: str, command: Mapping[str, Any], events: Sequence[str]) -> str:
    """A save's line for a command or answer given (its JSON form and its events' digests), without its newline."""
    return json.dumps({"by": by, "command": dict(command), "events": list(events)}, ensure_ascii=False,
                      separators=(",", ":"))


def undo_line(by: str, count: int, gm: bool) -> str:
    """A save's line for an undo of the last ``count`` commands and answers ("" ``by``: the table's own)."""
    return json.dumps({"by": by or None, "undo": count, "gm": gm}, ensure_ascii=False, separators=(",", ":"))


def encode(header: SaveHeader, lines: Sequence[str]) -> bytes:
    """The bytes of a save: its header line, then ``lines`` (:func:`command_line`, :func:`undo_line`)."""
    head = {"save": MAGIC, "format": header.format, "program": header.program, "ruleset": header.ruleset,
            "event_format": header.event_format, "seed": header.seed, "options": dict(header.options),
            "encounter": header.encounter, "encounter_sha256": header.encounter_sha256, "map": header.map,
            "map_sha256": header.map_sha256, "content": dict(header.content),
            "controllers": dict(header.controllers), "creature_controllers": dict(header.creature_controllers),
            "gm": header.gm, "standing_orders": {p: dict(o) for p, o in header.standing_orders.items()},
            "start_events": list(header.start_events), "commands": len(lines)}
    if header.format >= 2:
        head["round"], head["saved"] = header.round, header.saved
    return ("\n".join([json.dumps(head, ensure_ascii=False, separators=(",", ":")), *lines]) + "\n").encode("utf-8")


def write_save(path: str | Path, data: bytes) -> Path:
    """Write a save atomically (a temporary file in the same folder, flushed to disk, then renamed over
    ``path``): a crash or a kill while writing leaves the previous file as it was."""
    try:
        return write_user_file(path, data)
    except UserFileError as exc:
        raise SaveError(exc.path, exc.detail) from None


def _text(value: object, path: Path, place: str, *, empty: bool = True) -> str:
    if not isinstance(value, str):
        raise SaveError(path, f"a string is needed, found {_kind(value)}", place)
    if len(value) > MAX_TEXT or (not empty and not value):
        raise SaveError(path, "empty" if not value else f"{len(value)} characters, more than {MAX_TEXT}", place)
    return value


def _kind(value: object) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "true/false", int: "a number",
            float: "a number", type(None): "null"}.get(type(value), type(value).__name__)


def _int(value: object, path: Path, place: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise SaveError(path, f"a whole number is needed, found {_kind(value)}", place)
    if abs(value) > 2**63:
        raise SaveError(path, "a number out of range", place)
    return value


def _table(value: object, path: Path, place: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise SaveError(path, f"an object is needed, found {_kind(value)}", place)
    if len(value) > MAX_NAMES:
        raise SaveError(path, f"{len(value)} entries, more than the limit of {MAX_NAMES}", place)
    return value


def _names(value: object, path: Path, place: str) -> dict[str, str]:
    table = _table(value, path, place)
    return {_text(k, path, place): _text(v, path, f"{place}.{k}", empty=False) for k, v in table.items()}


def _digests(value: object, path: Path, place: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise SaveError(path, f"a list of event digests is needed, found {_kind(value)}", place)
    if len(value) > MAX_EVENTS:
        raise SaveError(path, f"{len(value)} events, more than the limit of {MAX_EVENTS}", place)
    for i, item in enumerate(value, 1):
        if not isinstance(item, str) or not _DIGEST.fullmatch(item):
            raise SaveError(path, f"event {i}: an event digest is 8 hexadecimal digits", place)
    return tuple(value)


def _sha(value: object, path: Path, place: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not _SHA.fullmatch(value):
        raise SaveError(path, "a sha256 is 64 hexadecimal digits (or null)", place)
    return value


def _json(line: str, path: Path, place: str) -> Any:
    try:
        return json.loads(line)
    except json.JSONDecodeError as exc:
        raise SaveError(path, f"not JSON: {exc.msg} at column {exc.colno}", place) from None
    except RecursionError:
        raise SaveError(path, "nested too deeply to be a save", place) from None


def read_save(path: str | Path) -> SaveFile:
    """Read and check a save (under :data:`MAX_SAVE_BYTES`, every line, table and string capped); raises
    :class:`SaveError` with one line for anything wrong: not a save, truncated, corrupt, from a newer
    program, or a value of the wrong kind."""
    path = Path(path)
    try:
        data = read_user_file(path, MAX_SAVE_BYTES)
    except UserFileError as exc:
        raise SaveError(exc.path, exc.detail) from None
    except OSError as exc:
        raise SaveError(path, f"cannot read: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(path, f"not a save (byte {exc.start} is not UTF-8 text)") from None
    if not text:
        raise SaveError(path, "empty: not a save (the file holds nothing)")
    if not text.endswith("\n"):
        raise SaveError(path, "truncated: the last line is cut off (a save ends with a complete line)",
                        f"line {text.count(chr(10)) + 1}")
    lines = text[:-1].split("\n")
    if len(lines) > MAX_RECORDS + 1:
        raise SaveError(path, f"{len(lines) - 1} commands, more than the limit of {MAX_RECORDS}")
    for n, line in enumerate(lines, 1):
        if len(line) > MAX_LINE:
            raise SaveError(path, f"{len(line)} characters, more than the limit of {MAX_LINE} for a line",
                            f"line {n}")
    header = _head(lines[0], path)
    head = _json(lines[0], path, "line 1")
    count = _int(head.get("commands"), path, "line 1: commands")
    if count != len(lines) - 1:
        raise SaveError(path, f"truncated or corrupt: the header says {count} commands, the file holds "
                              f"{len(lines) - 1}", "line 1: commands")
    records: list[SaveRecord] = []
    standing = 0
    """Commands and answers given and not taken back so far."""
    for n, line in enumerate(lines[1:], 2):
        place = f"line {n}"
        item = _json(line, path, place)
        if header.format >= 2 and isinstance(item, dict) and set(item) == {"by", "undo", "gm"}:
            records.append(_undo(item, path, place, n, standing))
            standing -= records[-1].undo
            continue
        standing += 1
        if not isinstance(item, dict) or set(item) != {"by", "command", "events"}:
            raise SaveError(path, "a command line is an object with 'by', 'command' and 'events'"
                            + (" (an undo line: 'by', 'undo' and 'gm')" if header.format >= 2 else ""), place)
        command = item["command"]
        if not isinstance(command, dict):
            raise SaveError(path, f"a command is an object, found {_kind(command)}", f"{place}: command")
        records.append(SaveRecord(_text(item["by"], path, f"{place}: by", empty=False), command,
                                  _digests(item["events"], path, f"{place}: events"), n))
    return SaveFile(path, header, tuple(records))


def _undo(item: dict[str, Any], path: Path, place: str, n: int, given: int) -> SaveRecord:
    """An undo line, checked against the ``given`` commands and answers still standing before it."""
    by = item["by"]
    count = _int(item["undo"], path, f"{place}: undo")
    if not 1 <= count <= given:
        raise SaveError(path, f"an undo of {count} command{'s' if count != 1 else ''} where "
                              f"{given} stand before it", f"{place}: undo")
    if not isinstance(item["gm"], bool):
        raise SaveError(path, f"true or false is needed, found {_kind(item['gm'])}", f"{place}: gm")
    return SaveRecord("" if by is None else _text(by, path, f"{place}: by", empty=False), None, (), n,
                      undo=count, gm=item["gm"])


def _head(line: str, path: Path) -> SaveHeader:
    """A save's first line read and checked (format, then every key)."""
    head = _json(line, path, "line 1")
    if not isinstance(head, dict) or head.get("save") != MAGIC:
        raise SaveError(path, "not a save of this program (its first line names no 'tactical-table save')",
                        "line 1")
    fmt = _int(head.get("format"), path, "line 1: format")
    if fmt > SAVE_FORMAT:
        raise SaveError(path, f"save format {fmt} was written by a newer program (this one reads formats up to "
                              f"{SAVE_FORMAT}): update the program to open it", "line 1: format")
    if fmt < 1:
        raise SaveError(path, f"save format {fmt} does not exist", "line 1: format")
    return _header(head, path)


def read_header(path: str | Path) -> SaveHeader:
    """Only a save's first line, read and checked as :func:`read_save` checks it (the save picker lists saves
    by it without reading their commands); raises :class:`SaveError` with one line."""
    path = Path(path)
    try:
        with path.open("rb") as file:
            first = file.readline(MAX_LINE + 1)
    except OSError as exc:
        raise SaveError(path, f"cannot read: {exc.strerror or exc}") from None
    if len(first) > MAX_LINE:
        raise SaveError(path, f"more than the limit of {MAX_LINE} characters for a line", "line 1")
    if not first.endswith(b"\n"):
        raise SaveError(path, "empty: not a save (the file holds nothing)" if not first else
                        "truncated: the last line is cut off (a save ends with a complete line)", "line 1")
    try:
        text = first[:-1].decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(path, f"not a save (byte {exc.start} is not UTF-8 text)") from None
    return _head(text, path)


def _header(head: dict[str, Any], path: Path) -> SaveHeader:
    def at(key: str) -> str:
        return f"line 1: {key}"

    known = {"save", "format", "program", "ruleset", "event_format", "seed", "options", "encounter",
             "encounter_sha256", "map", "map_sha256", "content", "controllers", "creature_controllers", "gm",
             "standing_orders", "start_events", "commands"}
    if head.get("format", 1) >= 2:
        known |= {"round", "saved"}
    missing = sorted(known - set(head))
    if missing:
        raise SaveError(path, f"the header lacks {', '.join(map(repr, missing))}", "line 1")
    extra = sorted(set(head) - known)
    if extra:
        raise SaveError(path, f"unknown key {quoted(extra[0])} in the header", "line 1")
    options = _table(head["options"], path, at("options"))
    for key, value in options.items():
        if (value is not None and not isinstance(value, (bool, int, float, str))) or (
                isinstance(value, str) and len(value) > MAX_TEXT):  # null: an option left unset (seed 003's surprise)
            raise SaveError(path, f"an option is true/false, a number, a short string or null, found {_kind(value)}",
                            at(f"options.{key}"))
    content = _table(head["content"], path, at("content"))
    orders = _table(head["standing_orders"], path, at("standing_orders"))
    gm = head["gm"]
    return SaveHeader(
        program=_text(head["program"], path, at("program")),
        ruleset=_text(head["ruleset"], path, at("ruleset"), empty=False),
        event_format=_int(head["event_format"], path, at("event_format")),
        seed=_int(head["seed"], path, at("seed")), options=options,
        encounter=_text(head["encounter"], path, at("encounter"), empty=False),
        encounter_sha256=_sha(head["encounter_sha256"], path, at("encounter_sha256")),
        map=_text(head["map"], path, at("map"), empty=False), map_sha256=_sha(head["map_sha256"], path, at("map_sha256")),
        content={_text(k, path, at("content")): _sha(v, path, at(f"content.{k}")) for k, v in content.items()},
        controllers=_names(head["controllers"], path, at("controllers")),
        creature_controllers=_names(head["creature_controllers"], path, at("creature_controllers")),
        gm=None if gm is None else _text(gm, path, at("gm"), empty=False),
        standing_orders={_text(p, path, at("standing_orders")): _names(o, path, at(f"standing_orders.{p}"))
                         for p, o in orders.items()},
        start_events=_digests(head["start_events"], path, at("start_events")), format=_int(head["format"], path, at("format")),
        round=None if head.get("round") is None else _int(head["round"], path, at("round")),
        saved=_text(head.get("saved", ""), path, at("saved")))


def changed_files(header: SaveHeader, now: SaveHeader) -> list[str]:
    """The files whose bytes differ between the save's header and the same fight's header now, for messages
    ("map square_crypt.tmx", "content monsters.toml")."""
    out = []
    if header.encounter_sha256 != now.encounter_sha256 and header.encounter != header.map:
        out.append(f"encounter file {Path(header.encounter).name}")
    if header.map_sha256 != now.map_sha256:
        out.append(f"map {Path(header.map).name}")
    for name in sorted(set(header.content) | set(now.content)):
        if header.content.get(name) != now.content.get(name):
            out.append(f"content {Path(name).name}")
    return out[:10]


# -- the user's data folder ---------------------------------------------------------------------------


def data_dir() -> Path:
    """The user's data folder for this program (platformdirs'; :data:`DATA_ENV` names another)."""
    given = os.environ.get(DATA_ENV)
    if given:
        return Path(given)
    import platformdirs

    return Path(platformdirs.user_data_dir("tactical-table", appauthor=False))


def saves_dir() -> Path:
    """Where Ctrl+S saves (made when first needed)."""
    return data_dir() / "saves"


def autosaves_dir() -> Path:
    """Where the autosaves at the end of every turn go (made when first needed)."""
    return data_dir() / "autosaves"


def prune(folder: Path, keep: int = AUTOSAVES_KEPT) -> None:
    """Remove all but the newest ``keep`` saves in ``folder`` (by name: autosave names sort by time)."""
    try:
        found = sorted(p for p in folder.glob("*.jsonl") if p.is_file())
    except OSError:
        return
    for old in found[:max(0, len(found) - keep)]:
        try:
            old.unlink()
        except OSError:
            pass


def newest(folder: Path) -> Path | None:
    """The newest save in ``folder`` (by name), if any."""
    try:
        found = sorted(p for p in folder.glob("*.jsonl") if p.is_file())
    except OSError:
        return None
    return found[-1] if found else None


RUNNING = "window.pid"
"""A file in the data folder naming the process of the window open now (removed when it closes)."""


def left_by_a_crash() -> Path | None:
    """The newest autosave, if the last window did not close (its :data:`RUNNING` file is still there and
    its process is gone): what the next start offers to resume."""
    marker = data_dir() / RUNNING
    try:
        pid = int(marker.read_text(encoding="ascii").strip()[:20])
    except (OSError, ValueError):
        return None
    try:
        os.kill(pid, 0)
        return None  # that window is still open
    except ProcessLookupError:
        pass
    except OSError:
        return None
    return newest(autosaves_dir())


def mark_running() -> None:
    """Note this process as the window open now (see :func:`left_by_a_crash`); quietly nothing if the data
    folder cannot be written."""
    try:
        data_dir().mkdir(parents=True, exist_ok=True)
        (data_dir() / RUNNING).write_text(str(os.getpid()), encoding="ascii")
    except OSError:
        pass


def mark_closed() -> None:
    try:
        (data_dir() / RUNNING).unlink(missing_ok=True)
    except OSError:
        pass


# -- the save picker's list -----------------------------------------------------------------------------

MAX_LISTED = 200
"""Most saves the picker lists (the newest by file time)."""


@dataclass(frozen=True, slots=True)
class Listed:
    """A save in the data folder as the picker lists it: read by its first line only."""

    path: Path
    header: SaveHeader | None
    """None: the file is not a save this program can open (``problem`` says why, in one line)."""
    problem: str
    autosave: bool
    when: str
    """When it was saved (the header's time, else the file's), ``YYYY-MM-DD HH:MM:SS``: the list's order."""

    @property
    def label(self) -> str:
        """One line for the list: when, encounter, round, and whether an autosave."""
        kind = " (autosave)" if self.autosave else ""
        if self.header is None:
            return f"{self.when}  {self.path.name}: cannot be opened{kind}"
        name = Path(self.header.encounter).stem
        where = f"round {self.header.round}" if self.header.round is not None else "round ?"
        return f"{self.when}  {name}, {where}{kind}"


def list_saves(folders: Sequence[tuple[Path, bool]] | None = None, limit: int = MAX_LISTED) -> list[Listed]:
    """The saves in ``folders`` (each with whether it holds autosaves; default: the data folder's saves and
    autosaves), newest first, at most ``limit``; each read by its first line only."""
    import time

    found: list[tuple[float, Path, bool]] = []
    for folder, auto in folders if folders is not None else ((saves_dir(), False), (autosaves_dir(), True)):
        try:
            for n, path in enumerate(folder.glob("*.jsonl")):
                if n >= 10 * MAX_LISTED:
                    break
                try:
                    found.append((path.stat().st_mtime, path, auto))
                except OSError:
                    continue
        except OSError:
            continue
    found.sort(key=lambda item: item[0], reverse=True)
    out = []
    for mtime, path, auto in found[:max(0, limit)]:
        file_time = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(mtime))
        try:
            header: SaveHeader | None = read_header(path)
            problem = ""
        except SaveError as exc:
            header, problem = None, str(exc)
        out.append(Listed(path, header, problem, auto, (header.saved if header is not None else "") or file_time))
    out.sort(key=lambda listed: listed.when, reverse=True)
    return out
