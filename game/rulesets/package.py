"""What a ruleset package supplies, and what the table (session, runner, window) reads of a fight.

The session, the headless runner, undo, replays and the encounter file reader speak to a rules system only
through :class:`Ruleset` (one object per package: ``game.rulesets.<name>.RULESET``, found by
:func:`game.rulesets.ruleset`) and to a fight only through :class:`Fight`. Commands and events are the
ruleset's own frozen dataclasses; the table passes them along without looking inside, apart from an
:class:`~game.kernel.decisions.Answer`, which is the kernel's.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping, Protocol, Sequence, runtime_checkable

from game.board import Board
from game.file_specs import StartSpec
from game.grid import Cell
from game.kernel.decisions import Decision
from game.kernel.events import Event

Command = Any
"""A ruleset's command (or a kernel ``Answer``): frozen data the table hands to :meth:`Fight.apply`."""


class Sheet(Protocol):
    """What the table reads of a creature's sheet: its id (for messages) and its size in cells across."""

    @property
    def id(self) -> str: ...

    @property
    def size(self) -> int: ...


class Piece(Protocol):
    """A creature in a fight, as the table knows it: who, on which side, where (its anchor cell), and whether
    it has left the fight."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def side(self) -> str: ...

    @property
    def cell(self) -> Cell: ...

    @property
    def dead(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class Entry:
    """One creature of a fight as the file and map set it up: its id, name, side, sheet and cell."""

    id: str
    name: str
    side: str
    sheet: Sheet
    cell: Cell


@dataclass(frozen=True, slots=True)
class FileSetup:
    """What an encounter file sets up for a fight, beyond its creatures: handed to :meth:`Ruleset.new_fight`."""

    path: Path
    """The encounter file (or the bare map), for messages."""
    map_name: str
    seed: int
    options: Mapping[str, object]
    sections: Any
    """The file as read (``game.scenario.Scenario``): its sections of the ruleset's own
    (:meth:`Ruleset.encounter_fields`: seed 000 reads ``preparations``) are attributes of it."""
    start: StartSpec | None
    """``[start]``: a fixed turn order and starting states, in the ruleset's terms."""
    library: Mapping[str, Sheet] = dataclasses.field(default_factory=dict)
    """Every sheet of the fight's content by id: what the game master may bring into the fight
    (:class:`Editing`, ``AddCreature``)."""


class Fight(Protocol):
    """A fight in progress, as the table sees it: it applies commands and answers, keeps the log, and says
    who acts, what is asked, and whether it is over."""

    @property
    def seed(self) -> int: ...

    @property
    def log(self) -> list[Event]: ...

    def start(self) -> list[Event]:
        """Begin the fight (roll or set the turn order, the first turn): its events."""
        ...

    def apply(self, command: Command) -> list[Event]:
        """Apply a command or an answer; raises ``game.kernel.engine.Impossible``, changing nothing."""
        ...

    def describe(self, event: Event) -> str:
        """One event as a line of the log, for people."""
        ...

    def event_json(self, event: Event) -> dict[str, Any]:
        """One event in the public JSON form (cells as map coordinates)."""
        ...

    @property
    def pending(self) -> tuple[Decision, ...]:
        """The decisions open now, unanswered."""
        ...

    def ai_answer(self, decision: Decision) -> str:
        """The AI's choice (an option's key) for an open decision."""
        ...

    @property
    def over(self) -> bool: ...

    @property
    def acting(self) -> Piece | None:
        """The creature whose turn it is (None before the start or once the fight is over)."""
        ...

    def piece(self, pid: str) -> Piece | None: ...

    def pieces(self) -> Sequence[Piece]: ...

    def name(self, pid: str) -> str:
        """A piece's name (its id if there is no such piece), for messages."""
        ...

    def occupant(self, cell: Cell) -> Piece | None:
        """The piece whose space holds ``cell``, if any."""
        ...

    def space_of(self, pid: str) -> tuple[Cell, ...]:
        """Every cell of a piece's space (one for a piece of size 1)."""
        ...

    def next_up(self) -> Piece | None:
        """Who the clock gives the turn to after the piece acting now, as far as it can say (the window
        brings it into view ahead of time); None if nobody or it cannot tell."""
        ...

    @property
    def winner(self) -> str:
        """The side that won ("" while the fight goes on, or if nobody is left standing)."""
        ...

    @property
    def turn_mark(self) -> tuple[int, int]:
        """Which turn the fight is in, as (round, turn): a command belongs to the turn it was given in."""
        ...

    @property
    def round(self) -> int:
        """The round now (0 before the start): the round limit counts it."""
        ...


class Ruleset(Protocol):
    """One rules system, as a package supplies it."""

    @property
    def name(self) -> str:
        """Its name in files: ``seed000`` ... ``seed004``."""
        ...

    @property
    def event_format(self) -> int:
        """The version of its events' JSON form (bumped when a field changes meaning)."""
        ...

    def content_dir(self) -> Path:
        """Where its shipped sheets lie."""
        ...

    def load_content(self, paths: Sequence[Path]) -> Mapping[str, Sheet]:
        """Its sheets by id from these content files and folders; raises ``ContentError``/``ContentProblems``
        naming each file, entry and field."""
        ...

    def encounter_fields(self) -> dict[str, tuple[Any, Any]]:
        """Its own encounter file sections as pydantic fields (name -> (annotation, default)): they replace
        the reader's placeholders of the same name (``options``, ``preparations``, ``commands``, ``start``)."""
        ...

    def new_fight(self, board: Board, entries: Sequence[Entry], setup: FileSetup) -> Fight:
        """A fight, not started, with the file's sections in force (raises ``EncounterFileError`` naming the
        section of the file that does not fit)."""
        ...

    def scripted(self, sections: Any, board: Board, path: Path) -> list[tuple[str, Command]]:
        """The file's scripted commands in engine terms, each with its place in the file."""
        ...

    def ai_command(self, fight: Fight) -> Command | None:
        """The AI's command for the creature acting now (None if none is acting)."""
        ...

    def undo_refusal(self, command: Command, events: Sequence[Event]) -> str:
        """Why a command, with the events it caused, cannot be taken back ("" if it can)."""
        ...

    def secrets(self, events: Sequence[Event]) -> list[str | None]:
        """For each event, the creature whose secrets it reveals (None: a public event)."""
        ...

    def command_to_json(self, command: Command, board: Board) -> dict[str, Any]:
        """A command (or answer) as a JSON object (cells as map coordinates): the replay file's lines."""
        ...

    def command_from_json(self, record: Mapping[str, Any], board: Board, path: str | Path, place: str) -> Command:
        """:meth:`command_to_json` read back; raises ``GameError`` naming ``path`` and ``place``."""
        ...


class Tallying(Protocol):
    """What a ruleset may add to :class:`Ruleset` for ``simulate`` (optional: a ruleset without it is
    simulated for wins, rounds and survivors only): how its events read as counts."""

    def tally(self, events: Sequence[Event]) -> Mapping[str, Mapping[str, int]]:
        """One fight's events as counts by kind and key, e.g. ``{"damage dealt": {"brannoc": 14}}``: keys
        that are piece ids are shown by name. Summed over the fights simulated."""
        ...


@dataclass(frozen=True, slots=True)
class EditView:
    """What the game master's panel shows of a creature to edit: its hit points and its conditions."""

    hp: int
    max_hp: int
    conditions: tuple[str, ...]
    """The conditions on it, by the names :class:`~game.rulesets.edits.RemoveCondition` takes."""
    levels: tuple[tuple[str, int, int], ...] = ()
    """A track kept in place of hit points (seed 002): (name, level, the level that puts it down, 0: none), as
    :class:`~game.rulesets.edits.SetTrack` sets them; empty for a ruleset of hit points."""


@runtime_checkable
class Editing(Protocol):
    """What a fight may add to :class:`Fight` for the game master's edits and the table's dice (optional: the
    table refuses both, in one line, for a fight without it). Its ``apply`` takes the commands of
    :mod:`game.rulesets.edits` (``is_table_command``): each is carried out at once as one event, outside the
    step stack (no break point, no reaction), or refused with ``Impossible`` and one line."""

    def edit_view(self, pid: str) -> EditView | None:
        """A creature's hit points and conditions as the game master edits them (None: no such creature)."""
        ...

    def edit_conditions(self) -> tuple[str, ...]:
        """The conditions the game master may lay on a creature (``AddCondition``'s names)."""
        ...

    def turn_order(self) -> tuple[str, ...]:
        """Every creature in the fight in turn order, as ``MoveInOrder`` moves them."""
        ...

    def addable(self) -> tuple[tuple[str, str], ...]:
        """The sheets the game master may bring into the fight (``AddCreature``), as (sheet id, name)."""
        ...


def edit_to_json(command: Command, board: Board) -> dict[str, Any] | None:
    """A table command (:mod:`game.rulesets.edits`) in a save's JSON form, None for any other command: a
    ruleset's ``command_to_json`` asks it first."""
    from game.rulesets.edits import edit_to_json as to_json

    return to_json(command, lambda cell: list(board.grid.cell_to_offset(cell)))


def edit_from_json(record: Mapping[str, Any], board: Board, path: str | Path, place: str) -> Command | None:
    """:func:`edit_to_json` read back (None: ``record`` is not a table command); raises
    ``EncounterFileError`` naming ``path`` and ``place``."""
    from game.rulesets.edits import edit_from_json as from_json

    def cell(col: int, row: int) -> Cell | None:
        found = board.grid.offset_to_cell(col, row)
        return found if found in board else None

    return from_json(record, cell, path, place)


@dataclass(frozen=True, slots=True)
class PublicLine:
    """An event as players read it (the players' display's log): ``text``, and the creatures it names (a line
    naming a creature hidden from players is not shown to them)."""

    text: str
    creatures: tuple[str, ...] = ()


class PublicTelling(Protocol):
    """What a ruleset may add to :class:`Ruleset` for the players' display (optional: without it, players read
    no log lines): how each public event reads for players. It leaves out what is the game master's (an
    opponent's hit points, defences, the AI's reasoning), whatever ``describe`` tells the game master."""

    def public_line(self, event: Event, name: Callable[[str], str]) -> PublicLine | None:
        """``event``'s line for players (``name``: a creature's name by id); None: players are not told of it
        (bookkeeping, dice, the AI's choices)."""
        ...
