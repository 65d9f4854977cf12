"""A save played back one step at a time: the fight after any number of its commands, answers and undos.

:meth:`game.session.Session.replay_save` (``play --resume``, ``replay SAVE``) plays a save through to its end;
the window's replay (``game.ui.replay_view``) steps forward and back through it and may play on from any
step as a new fight. Both read the save here: the header checked against the files the fight is built from
now, every command decoded before the first is played (a bad line is one line naming its place), then each
step applied with its events checked against the recording. Ruleset-free, like the session.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Mapping, Protocol, Sequence

from game.errors import escaped
from game.hidden import hide_from_json
from game.kernel.decisions import StandingOrder
from game.kernel.engine import Impossible
from game.kernel.events import Event
from game.rulesets.package import Command, Fight, Ruleset
from game.saves import SaveError, SaveFile, SaveHeader, SaveRecord, changed_files, read_save
from game.scenario import EncounterFileError, Scenario
from game.board import Board

MAX_STEPS = 100_000
"""Most steps a replay holds (the save's own cap on commands)."""


class Source(Protocol):
    """What a replay reads of :class:`game.session.Source` (this module imports no session)."""

    @property
    def rules(self) -> Ruleset: ...

    board: Board
    scenario: Scenario


class Replaying(Protocol):
    """What a replay does with :class:`game.session.Session`: builds one at the fight's start, then plays the
    save's steps on it."""

    @property
    def encounter(self) -> Fight: ...

    start_events: list[Event]

    def save_header(self) -> SaveHeader: ...

    def replay(self, command: Command, *, by: str) -> list[Event]: ...

    def replay_undo(self, record: SaveRecord) -> None: ...

    def _digests(self, events: Sequence[Event]) -> tuple[str, ...]: ...


NewSession = Callable[[Source, SaveHeader, Mapping[str, Mapping[str, StandingOrder]]], Replaying]
"""Builds the session at a fight's start: its source, the save's header, the standing orders."""


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a save: a command or answer (decoded), or an undo (``command`` None)."""

    record: SaveRecord
    command: Command | None


class SaveReplay:
    """A save opened for replaying: its header checked, its commands decoded, and a way to build the fight
    after any number of its steps. Raises :class:`SaveError` (one line) for a file that is not a good save,
    or a fight that cannot be opened."""

    def __init__(self, path: str | Path, *, opener: Callable[[SaveHeader, SaveFile], Source],
                 new: NewSession) -> None:
        self.save: SaveFile = read_save(path)
        header = self.save.header
        self.source: Source = opener(header, self.save)
        self.new = new
        if self.source.scenario.ruleset != header.ruleset:
            raise SaveError(self.save.path, f"the save is of ruleset {header.ruleset!r}, its encounter file is now "
                                            f"of {self.source.scenario.ruleset!r}", "line 1: ruleset")
        try:
            self.orders = {p: {k: StandingOrder(v) for k, v in kinds.items()}
                           for p, kinds in header.standing_orders.items()}
        except ValueError as exc:
            raise SaveError(self.save.path, f"{exc} (a standing order is always, never or ask)",
                            "line 1: standing_orders") from None
        self.steps: tuple[Step, ...] = tuple(self._decode(r) for r in self.save.records[:MAX_STEPS])
        self.why = ""
        """What changed since the save, as a tail for messages (" (changed since the save: map ...)")."""
        first = self.fresh()
        now = first.save_header()
        changed = changed_files(header, now)
        if header.event_format != now.event_format:
            changed.append(f"event format {header.event_format} -> {now.event_format}")
        self.why = f" (changed since the save: {', '.join(changed)})" if changed else ""
        self.start_parted: SaveError | None = None
        """Set when the fight now starts differently from the save's."""
        if first._digests(first.start_events) != header.start_events:
            self.start_parted = SaveError(self.save.path, "the fight now starts differently from the save's"
                                          + self.why, "line 1: start_events")
        self._first: Replaying | None = first

    @property
    def path(self) -> Path:
        return self.save.path

    def _decode(self, record: SaveRecord) -> Step:
        if record.command is None:
            return Step(record, None)
        place = f"line {record.line}"
        rules, board, path = self.source.rules, self.source.board, self.save.path
        try:
            hidden = hide_from_json(record.command, path, f"{place}: command")  # the table's own command
            return Step(record, hidden or rules.command_from_json(record.command, board, path, f"{place}: command"))
        except EncounterFileError as exc:
            raise SaveError(path, exc.detail, exc.place) from None
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise SaveError(path, f"not a command of ruleset {self.save.header.ruleset} ({type(exc).__name__})",
                            f"{place}: command") from None

    def fresh(self) -> Replaying:
        """The fight at its start, before any step, played by whom the save says (its first session is
        handed out once, then each call builds a new one)."""
        if getattr(self, "_first", None) is not None:
            first, self._first = self._first, None
            assert first is not None
            return first
        return self.new(self.source, self.save.header, self.orders)

    def play(self, session: Replaying, index: int, *, check: bool = True) -> tuple[list[Event], SaveError | None]:
        """Apply step ``index`` (from 0) to ``session``, which stands after the steps before it: its events
        (none for an undo), and a :class:`SaveError` if they are not what the save recorded (``check``
        False: not compared, for a step already played once). Raises :class:`SaveError` if the engine now
        refuses the command (the replay cannot go past it)."""
        step = self.steps[index]
        record = step.record
        if step.command is None:
            session.replay_undo(record)
            return [], None
        place = f"line {record.line}"
        try:
            events = session.replay(step.command, by=record.by)
        except Impossible as exc:
            raise SaveError(self.save.path, f"the engine now refuses this command ({record.by}): {exc}{self.why}",
                            place) from None
        if not check:
            return events, None
        digests = session._digests(events)
        if digests == record.events:
            return events, None
        return events, SaveError(self.save.path, parting(session.encounter, events, digests, record) + self.why, place)


def parting(fight: Fight, events: list[Event], digests: tuple[str, ...], record: SaveRecord) -> str:
    """What differs between a command's events now and as recorded, in one line."""
    recorded = record.events
    for j, (a, b) in enumerate(zip(digests, recorded)):
        if a != b:
            return (f"the replay parts from the save at this command ({record.by}): its event {j + 1} is now "
                    f"{escaped(fight.describe(events[j]))!r}, not what was recorded")
    if len(digests) > len(recorded):
        return (f"the replay parts from the save at this command ({record.by}): {len(digests)} events where the "
                f"save recorded {len(recorded)} (event {len(recorded) + 1} is now "
                f"{escaped(fight.describe(events[len(recorded)]))!r})")
    return (f"the replay parts from the save at this command ({record.by}): {len(digests)} events where the save "
            f"recorded {len(recorded)}")
