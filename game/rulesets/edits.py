"""The table's own commands, which any ruleset may take: the game master's edits and dice rolled at the table.

A game master overrules the rules engine by hand (issue 18): sets a creature's hit points, adds or removes
a condition, puts a creature on any free cell, brings a creature into the fight or takes one out, moves one
up or down the turn order. Each edit is a command like any other (frozen data, logged, replayed by undo and
saves), but it is carried out at once, as one event, outside the step stack: no break point, so no
reaction. A ruleset that takes them implements :class:`game.rulesets.package.Editing` and routes these
commands from its ``apply`` to its own handlers (it knows what hit points and conditions are); a command it
cannot accept raises :class:`~game.kernel.engine.Impossible` with one line (a wall cell, an unknown
condition).

:class:`RollDice` is anybody's: an expression such as ``2d6+3`` (:func:`parse_dice`, capped), rolled from a
stream of its own seeded by the fight's seed and the number of table rolls before it, so the same seed and
commands give the same log and a table roll never moves the fight's own dice.

Adding a new table command (e.g. a hide/reveal of a creature): a frozen dataclass here, listed in
:data:`GM_EDITS` (or only :data:`TABLE_COMMANDS` if players may give it), its JSON form in
:func:`edit_to_json` / :func:`edit_from_json` (``_FIELDS``), and either a branch of :func:`common_event` (a
command that needs nothing of the rules: every ruleset then takes it) or a case in each ruleset's edit
handler (``game.rulesets.<name>.editing``).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping, Protocol, Union

from game.errors import EncounterFileError
from game.grid import Cell
from game.kernel.engine import Impossible

MAX_DICE = 100
"""Most dice one expression may roll."""
MAX_SIDES = 1000
"""Most sides a die may have."""
MAX_EXPRESSION = 64
"""Longest dice expression, in characters."""
MAX_CONSTANT = 10_000
"""Largest number added or taken away."""
GM_OWNER = "@gm"
"""The owner :meth:`game.session.Session.secrets` gives a private roll: only the game master sees it."""


# -- the commands --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SetHitPoints:
    """Set a creature's hit points (the ruleset says what that means at 0 and below)."""

    creature: str
    hp: int


@dataclass(frozen=True, slots=True)
class SetTrack:
    """Set a creature's damage and fatigue levels and its Stress, for a ruleset that keeps a track in place of
    hit points (seed 002; the ruleset says what the levels mean)."""

    creature: str
    damage: int
    fatigue: int
    stress: int


@dataclass(frozen=True, slots=True)
class AddCondition:
    """Lay a condition (by its name in the ruleset's words) on a creature, until the game master removes it."""

    creature: str
    condition: str


@dataclass(frozen=True, slots=True)
class RemoveCondition:
    """Take every condition of this name off a creature."""

    creature: str
    condition: str


@dataclass(frozen=True, slots=True)
class PlaceCreature:
    """Put a creature on a free cell, anywhere on the map (no movement: nothing provokes)."""

    creature: str
    to: Cell


@dataclass(frozen=True, slots=True)
class AddCreature:
    """Bring a creature into the fight from the content (``sheet``), on ``side``, at ``to``, last in the turn
    order; the ruleset names it and picks a fresh id. ``copy_of``: the creature on the map it copies (its
    sheet and side), for the log."""

    sheet: str
    side: str
    to: Cell
    copy_of: str = ""


@dataclass(frozen=True, slots=True)
class RemoveCreature:
    """Take a creature out of the fight (off the map and the turn order)."""

    creature: str


@dataclass(frozen=True, slots=True)
class MoveInOrder:
    """Move a creature ``by`` places in the turn order (-1: one earlier, +1: one later)."""

    creature: str
    by: int


@dataclass(frozen=True, slots=True)
class RollDice:
    """Roll an expression at the table (``2d6+3``), logged with who rolled; ``private``: only the game master
    sees it."""

    expression: str
    who: str
    private: bool = False


GmEdit = Union[SetHitPoints, SetTrack, AddCondition, RemoveCondition, PlaceCreature, AddCreature, RemoveCreature,
               MoveInOrder]
GM_EDITS: tuple[type, ...] = (SetHitPoints, SetTrack, AddCondition, RemoveCondition, PlaceCreature, AddCreature,
                              RemoveCreature, MoveInOrder)
"""The game master's edits (a player's undo never takes one back)."""
TABLE_COMMANDS: tuple[type, ...] = (*GM_EDITS, RollDice)
"""Every command of this module: what a ruleset's ``apply`` routes to its edit handler."""


def is_table_command(command: object) -> bool:
    return isinstance(command, TABLE_COMMANDS)


def is_asked(pid: str, pending: Any) -> bool:
    """Whether creature ``pid`` chooses, or is an option of, one of the open decisions (``pending``: the
    kernel's ``Decision`` objects): it cannot be taken out before they are answered. Every other edit may
    come while a decision is open: the steps it waits on check their conditions again when they resolve."""
    return any(d.chooser == pid or any(o.key == pid for o in d.options) for d in pending)


# -- the events ----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GmEdited:
    """A game master's edit carried out: its kind (``hp``, ``track``, ``condition``, ``place``, ``add``, ``remove``,
    ``order``), the creature, and what changed in words (cells as map coordinates)."""

    kind: str
    creature: str
    detail: str


@dataclass(frozen=True, slots=True)
class TableDiceRolled:
    who: str
    expression: str
    faces: tuple[int, ...]
    total: int
    private: bool


def describe_table(event: object) -> str | None:
    """The log line of one of this module's events (None for any other event)."""
    if isinstance(event, GmEdited):
        return f"Game master: {event.detail}"
    if isinstance(event, TableDiceRolled):
        faces = "+".join(map(str, event.faces)) or "-"
        return (f"{event.who} rolls {event.expression}: [{faces}] = {event.total}"
                + (" (private to the game master)" if event.private else ""))
    return None


# -- dice ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DiceTerm:
    """``count`` d ``sides`` (``sides`` 0: a plain number ``count``), added (sign 1) or taken away (-1)."""

    sign: int
    count: int
    sides: int


_TERM = re.compile(r"([+-]?)(\d*)(?:([dD])(\d+))?")


class DiceError(ValueError):
    """A dice expression that cannot be rolled: its message says why, in one line."""


def parse_dice(text: str) -> tuple[DiceTerm, ...]:
    """``2d6+3``, ``d20``, ``1d8+1d6-2`` as terms; raises :class:`DiceError` (too long, too many dice, a die
    too big, not dice) with one line."""
    raw = text.strip().replace(" ", "")
    if not raw:
        raise DiceError("empty: write dice as 2d6+3")
    if len(text) > MAX_EXPRESSION:
        raise DiceError(f"{len(text)} characters, more than {MAX_EXPRESSION}")
    terms: list[DiceTerm] = []
    at = 0
    while at < len(raw):  # each pass eats at least one character, at most MAX_EXPRESSION passes
        m = _TERM.match(raw, at)
        if m is None or m.end() == at or (not m.group(2) and not m.group(3)) or (at and not m.group(1)):
            raise DiceError(f"cannot read {raw[at:at + 10]!r} at character {at + 1}: write dice as 2d6+3")
        sign = -1 if m.group(1) == "-" else 1
        if m.group(3):
            count = int(m.group(2) or "1")
            sides = int(m.group(4))
            if not 1 <= count:
                raise DiceError(f"{count}d{sides}: roll at least one die")
            if not 2 <= sides <= MAX_SIDES:
                raise DiceError(f"d{sides}: a die has 2 to {MAX_SIDES} sides")
            terms.append(DiceTerm(sign, count, sides))
        else:
            value = int(m.group(2))
            if value > MAX_CONSTANT:
                raise DiceError(f"{value}: numbers up to {MAX_CONSTANT}")
            terms.append(DiceTerm(sign, value, 0))
        at = m.end()
    dice = sum(t.count for t in terms if t.sides)
    if dice > MAX_DICE:
        raise DiceError(f"{dice} dice, more than {MAX_DICE}")
    return tuple(terms)


def shown(terms: tuple[DiceTerm, ...]) -> str:
    """Terms written back in one form (``2d6+3``)."""
    out = ""
    for i, t in enumerate(terms):
        sign = "-" if t.sign < 0 else ("+" if i else "")
        out += sign + (f"{t.count}d{t.sides}" if t.sides else str(t.count))
    return out


def roll_dice(command: RollDice, seed: int, rolled_before: int) -> TableDiceRolled:
    """Roll a table command's dice: the stream is seeded by the fight's ``seed`` and ``rolled_before`` (table
    rolls earlier in the fight), never the fight's own dice. Raises :class:`DiceError`."""
    terms = parse_dice(command.expression)
    who = command.who.strip()[:40] or "someone"
    stream = random.Random(f"table dice {seed} {rolled_before}")
    faces: list[int] = []
    total = 0
    for t in terms:
        if t.sides:
            got = [stream.randint(1, t.sides) for _ in range(t.count)]
            faces += got
            total += t.sign * sum(got)
        else:
            total += t.sign * t.count
    return TableDiceRolled(who, shown(terms), tuple(faces), total, command.private)


def count_rolls(log: list[Any]) -> int:
    """Table rolls in a fight's log so far."""
    return sum(1 for e in log if isinstance(e, TableDiceRolled))


def common_event(command: object, seed: int, log: list[Any]) -> object | None:
    """The event of a table command that every ruleset carries out alike, reading nothing of its state (a
    table roll); None for an edit the ruleset carries out itself. Raises ``Impossible`` with one line. A
    ruleset's ``apply`` asks this first: a new command of the table that needs no rules and makes an event is
    added here alone. (Hiding a creature from players makes no event and touches no fight: the session
    carries it out itself, for every ruleset, edits or not: ``game.hidden``.)"""
    if isinstance(command, RollDice):
        try:
            return roll_dice(command, seed, count_rolls(log))
        except DiceError as exc:
            raise Impossible(f"cannot roll {command.expression[:MAX_EXPRESSION]!r}: {exc}") from None
    return None


class _Engine(Protocol):
    @property
    def pending(self) -> Any: ...

    def emit(self, event: Any) -> None: ...

    def take(self) -> list[Any]: ...


def carry_out(command: object, *, seed: int, log: list[Any], engine: _Engine, over: str, name: Callable[[str], str],
              edit: Callable[[object], None], settle: Callable[[], object]) -> list[Any]:
    """The shape every ruleset's edit handler shares: a table roll (:func:`common_event`) at any time; else,
    unless the fight is ``over`` (its refusal line, "" while it goes on), a creature with a part in an open
    decision cannot be taken out; ``edit`` carries the edit out (raising ``Impossible``), ``settle`` checks
    whether the fight is over; the engine's new events are returned."""
    common = common_event(command, seed, log)
    if common is not None:
        engine.emit(common)
        return engine.take()
    if over:
        raise Impossible(over)
    if isinstance(command, RemoveCreature) and is_asked(command.creature, engine.pending):
        raise Impossible(f"{name(command.creature)} has a part in the open decision: answer it first")
    edit(command)
    settle()
    return engine.take()


# -- JSON ------------------------------------------------------------------------------------------------------


def edit_to_json(command: object, at: Callable[[Cell], list[int]]) -> dict[str, Any] | None:
    """A table command as a save line's JSON object (``at``: a cell as map coordinates); None if ``command``
    is not one of this module's."""
    match command:
        case SetHitPoints():
            return {"do": "gm_hp", "creature": command.creature, "hp": command.hp}
        case SetTrack():
            return {"do": "gm_track", "creature": command.creature, "damage": command.damage,
                    "fatigue": command.fatigue, "stress": command.stress}
        case AddCondition():
            return {"do": "gm_add_condition", "creature": command.creature, "condition": command.condition}
        case RemoveCondition():
            return {"do": "gm_remove_condition", "creature": command.creature, "condition": command.condition}
        case PlaceCreature():
            return {"do": "gm_place", "creature": command.creature, "to": at(command.to)}
        case AddCreature():
            out: dict[str, Any] = {"do": "gm_add", "sheet": command.sheet, "side": command.side, "to": at(command.to)}
            if command.copy_of:
                out["copy_of"] = command.copy_of
            return out
        case RemoveCreature():
            return {"do": "gm_remove", "creature": command.creature}
        case MoveInOrder():
            return {"do": "gm_order", "creature": command.creature, "by": command.by}
        case RollDice():
            out = {"do": "roll", "expression": command.expression, "who": command.who}
            if command.private:
                out["private"] = True
            return out
    return None


_FIELDS: dict[str, tuple[str, ...]] = {
    "gm_hp": ("creature", "hp"), "gm_track": ("creature", "damage", "fatigue", "stress"), "gm_add_condition": ("creature", "condition"),
    "gm_remove_condition": ("creature", "condition"), "gm_place": ("creature", "to"),
    "gm_add": ("sheet", "side", "to", "copy_of"), "gm_remove": ("creature",), "gm_order": ("creature", "by"),
    "roll": ("expression", "who", "private"),
}
_OPTIONAL = {"copy_of", "private"}


def edit_from_json(record: Mapping[str, Any], cell: Callable[[int, int], Cell | None], path: str | Path,
                   place: str) -> object | None:
    """:func:`edit_to_json`'s object read back (``cell``: map coordinates to a cell, None if off the map); None
    if its ``do`` is none of this module's. Raises :class:`EncounterFileError` naming ``path`` and ``place``."""
    do = record.get("do")
    if not isinstance(do, str) or do not in _FIELDS:
        return None
    fields = _FIELDS[do]
    extra = sorted(set(record) - {"do", *fields})
    if extra:
        raise EncounterFileError(path, f"{extra[0][:40]!r} is not a field of {do!r}", place)

    def text(key: str) -> str:
        value = record.get(key, "")
        if key not in record and key not in _OPTIONAL:
            raise EncounterFileError(path, f"{do!r} needs {key!r}", place)
        if not isinstance(value, str) or len(value) > 200:
            raise EncounterFileError(path, f"{key}: a string of at most 200 characters is needed", place)
        return value

    def number(key: str) -> int:
        value = record.get(key)
        if not isinstance(value, int) or isinstance(value, bool) or abs(value) > 1_000_000:
            raise EncounterFileError(path, f"{key}: a whole number is needed", place)
        return value

    def where(key: str) -> Cell:
        value = record.get(key)
        if (not isinstance(value, list) or len(value) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            raise EncounterFileError(path, f"{key}: a cell [col, row] is needed", place)
        found = cell(value[0], value[1])
        if found is None:
            raise EncounterFileError(path, f"{key}: {value} is off the map", place)
        return found

    match do:
        case "gm_hp":
            return SetHitPoints(text("creature"), number("hp"))
        case "gm_track":
            return SetTrack(text("creature"), number("damage"), number("fatigue"), number("stress"))
        case "gm_add_condition":
            return AddCondition(text("creature"), text("condition"))
        case "gm_remove_condition":
            return RemoveCondition(text("creature"), text("condition"))
        case "gm_place":
            return PlaceCreature(text("creature"), where("to"))
        case "gm_add":
            return AddCreature(text("sheet"), text("side"), where("to"), text("copy_of"))
        case "gm_remove":
            return RemoveCreature(text("creature"))
        case "gm_order":
            return MoveInOrder(text("creature"), number("by"))
    private = record.get("private", False)
    if not isinstance(private, bool):
        raise EncounterFileError(path, "private: true or false", place)
    return RollDice(text("expression"), text("who"), private)
