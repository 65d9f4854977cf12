"""A fight at the table: the encounter, who plays each side, every command so far, and undo.

No pygame here: the window (``game.ui.table``) drives a :class:`Session` with
commands and reads events back, and tests drive it the same way without a
window. The rules live in the ruleset's package; what this module adds is table
bookkeeping that is not a rule:

* **Opening** an encounter file or a bare Tiled map (its placed creatures, a
  default setup: see :func:`open_source`).
* **Controllers**: each side is played by the AI or by a named player, and
  that can change during the fight.
* **Undo** (:meth:`Session.undo`). The engine is deterministic: the same seed
  and the same commands give the same log. So undo rebuilds the encounter and
  replays every command but the last. Only a command that revealed nothing
  may be taken back: it drew nothing from the random stream (no roll, no
  random choice: otherwise a player could fish for rolls, and the replay
  would draw the next command's dice from a different place), nobody reacted
  to it (no trigger, no reaction: those would reveal an opponent's prepared
  reactions), and it belongs to the turn still in progress, played by a
  person. See :func:`undo_refusal` for the exact test.
* **Saves** (:meth:`Session.save`, :meth:`Session.resume`): the seed, the setup and every command and
  answer given, in :mod:`game.saves`'s file; resuming plays them again and checks each command's events
  against the recording, so the fight resumes exactly where it stopped, an open decision included. An
  autosave is written at the end of every turn when :attr:`Session.autosave` names a folder.
* **Hidden creatures** (:attr:`Session.hidden`, :meth:`Session.hide`): the game master's marks of who players
  do not see, as commands of the table's kept in :attr:`Session.played` (see :mod:`game.hidden`).
* **Privacy**: which events reveal a creature's secrets (seed 000: its prepared
  reactions), so the window shows them only to the player of that creature
  (:meth:`Session.secrets`, the ruleset's answer).

The rules are the encounter file's ruleset's (:class:`game.rulesets.package.Ruleset`); the session sees the
fight only as a :class:`game.rulesets.package.Fight`.
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from game.board import Board
from game.errors import GameError
from game.hidden import HideCreature, hidden_after, hide_to_json, placed_hidden
from game.kernel.decisions import Answer, Decision, StandingOrder
from game.rulesets.edits import GM_EDITS, GM_OWNER, GmEdited, RollDice, TableDiceRolled, is_table_command
from game.kernel.engine import Impossible
from game.kernel.events import Event
from game.replay import SaveReplay
from game.rulesets import ruleset
from game.rulesets.package import Command, Editing, Entry, FileSetup, Fight, PublicLine, Ruleset, Sheet
from game.saves import (SaveError, SaveFile, SaveHeader, SaveRecord, command_line, content_files,
                        encode, event_digest, file_sha256, prune, undo_line, write_save)
from game.seats import AI as AI  # the controller name of a side the AI plays
from game.seats import Seats, settle
from game.scenario import (EncounterFileError, Scenario, check_creature_ids, check_round_limit, load_scenario,
                           roster)
from game.tiled.model import TiledMap


MAP_SUFFIXES = (".tmx", ".tmj", ".json")
DEFAULT_PLAYER = "Player 1"

Roster = list[Entry]


@dataclass
class Source:
    """Everything needed to build the same fight again from scratch (the undo replays on it)."""

    path: Path
    tmap: TiledMap
    board: Board
    scenario: Scenario
    roster: Roster
    seed: int
    options: dict[str, object]
    title: str
    library: Mapping[str, Sheet] = field(default_factory=dict)
    """Every sheet of the fight's content by id (what the game master may bring into the fight)."""
    package: Ruleset | None = None
    """The ruleset's package itself, for one not among ``game.rulesets`` (a test's toy); None: the file's."""

    @property
    def rules(self) -> Ruleset:
        """The ruleset the fight is played by (the file's ``ruleset``)."""
        return self.package if self.package is not None else ruleset(self.scenario.ruleset)

    def fresh(self) -> Fight:
        """A new, unstarted fight: same board, creatures, seed and options, and the file's sections of the
        ruleset's own (seed 000: ``[preparations]``) and ``[start]`` in force. The one way a fight is built
        from a file: the window's session, its undo and the headless runner all call it. A section that does
        not fit raises :class:`EncounterFileError` naming its place in the file."""
        setup = FileSetup(path=self.scenario.path, map_name=self.scenario.map_path.name, seed=self.seed,
                          options=dict(self.options), sections=self.scenario, start=self.scenario.start,
                          library=self.library)
        return self.rules.new_fight(self.board, list(self.roster), setup)

    def begin(self) -> tuple[Fight, list[Event]]:
        """A started encounter (:meth:`fresh`, then ``start``) and the events of its start."""
        encounter = self.fresh()
        return encounter, encounter.start()

    def scripted(self) -> list[tuple[str, Command]]:
        """The file's scripted commands, each with its place in the file."""
        return self.rules.scripted(self.scenario.commands, self.board, self.scenario.path)


ENCOUNTER_SUFFIX = ".toml"


def open_source(path: str | Path, *, root: str | Path | None = None, seed: int | None = None,
                random_decisions: bool | None = None, loaded: tuple[TiledMap, Board] | None = None) -> Source:
    """Load an encounter file (TOML) or a bare Tiled map; raises :class:`GameError` with one line.

    A bare map is a fight of its placed creatures with a default setup: seed 1,
    the encounter options' defaults, its first side (``heroes`` if there is one)
    played by "Player 1" and every other side by the AI. ``seed`` and
    ``random_decisions`` replace the file's (``run --seed``, ``--random-decisions``). ``loaded``: a bare map's
    ``load_board(path, root=root)``, already done (``play`` reads a map before its window's libraries).
    The content is the built-in library (``assets/content``) and the file's own ``content`` files,
    all for the file's ruleset; an id defined in two of them is refused naming both files.
    Any other kind of file is refused by its name, before it is read.
    """
    from game.tiled import load_board

    path = Path(path)
    suffix = path.suffix.lower()
    if suffix != ENCOUNTER_SUFFIX and suffix not in MAP_SUFFIXES:
        raise EncounterFileError(path, "not a map or an encounter file: open an encounter (.toml) or a Tiled map "
                                       "(.tmx, .tmj, .json)")
    if suffix in MAP_SUFFIXES:
        tmap, board = loaded if loaded is not None else load_board(path, root=root)
        sides: list[str] = []
        for p in board.placements:
            if p.side not in sides:
                sides.append(p.side)
        if not sides:
            raise EncounterFileError(path, "the map places no creatures: there is nobody to fight")
        first = "heroes" if "heroes" in sides else sides[0]
        from game.file_specs import OptionsSpec

        scenario = Scenario(path=path, map_path=path.resolve(), title=board.name or path.stem, seed=1,
                            sides={s: (DEFAULT_PLAYER if s == first else AI) for s in sides}, creatures=[],
                            use_map_creatures=True, options=OptionsSpec().model_dump())
    else:
        scenario = load_scenario(path)
        tmap, board = load_board(scenario.map_path, root=root)
    rules = ruleset(scenario.ruleset)
    library = rules.load_content([rules.content_dir(), *scenario.content])
    people = roster(scenario, board, library)
    check_creature_ids(scenario, [entry.id for entry in people])
    sides_seen = [entry.side for entry in people]
    for side in sides_seen:
        scenario.sides.setdefault(side, AI)
    options = dict(scenario.options)
    if random_decisions is not None:
        options["random_decisions"] = random_decisions
    return Source(path=path, tmap=tmap, board=board, scenario=scenario, roster=list(people),
                  seed=scenario.seed if seed is None else seed, options=options,
                  title=scenario.title or board.name or path.stem, library=library)


# -- the session -------------------------------------------------------------------------------


@dataclass
class Played:
    """One command applied, with what it caused and whether it may be taken back."""

    command: Command
    events: list[Event]
    by: str
    """The controller who gave it: a player's name, ``ai``, or ``script``."""
    round: int
    turn: int
    """With ``round``, the fight's ``turn_mark`` when it was given: which turn it belongs to."""


@dataclass(frozen=True, slots=True)
class GmUndo:
    """A game master's undo (:meth:`Session.gm_undo`): the commands it took back, kept for the record."""

    taken: tuple[Played, ...]
    by: str | None
    """The game master who took them back (None: nobody plays, the table's own)."""


def _groups(taken: Sequence[Played]) -> list[tuple[Played, ...]]:
    """Commands taken back, each with the automatic answers after it."""
    out: list[list[Played]] = []
    for item in taken:
        if out and _automatic(item):
            out[-1].append(item)
        else:
            out.append([item])
    return [tuple(g) for g in out]


@dataclass(frozen=True, slots=True)
class Undone:
    """An undo in the fight's history (:attr:`Session.history`): the last ``count`` commands and answers
    standing were taken back, by a player (:meth:`Session.undo`) or the game master (:meth:`Session.gm_undo`)."""

    count: int
    by: str
    """Who took them back ("" for the table's own game master, when nobody plays)."""
    gm: bool


def _automatic(played: Played) -> bool:
    """An answer nobody gave at the table (the AI's, a standing order's): it goes with the command before."""
    return isinstance(played.command, Answer) and played.by in (AI, "standing order")


class _Answering:
    """A session as :func:`game.seats.settle` sees it: its open decisions, and answers kept in ``played``."""

    def __init__(self, session: Session) -> None:
        self.session = session

    @property
    def pending(self) -> tuple[Decision, ...]:
        return self.session.encounter.pending

    def apply(self, answer: Answer) -> list[Event]:
        return self.session._record(answer, AI if answer.by == "AI" else "standing order")


@dataclass
class Session:
    source: Source
    controllers: dict[str, str]
    """side -> player name, or ``ai``."""
    creature_controllers: dict[str, str] = field(default_factory=dict)
    """creature id -> player name, or ``ai``: who plays that creature, over its side's controller."""
    gm_name: str | None = None
    """The game master as named (the encounter file's ``gm``, or the setup dialog); see :attr:`gm`."""
    encounter: Fight = field(init=False)
    played: list[Played] = field(default_factory=list)
    start_events: list[Event] = field(default_factory=list)
    listeners: list[Callable[[list[Event]], None]] = field(default_factory=list)
    standing_orders: dict[str, dict[str, StandingOrder]] = field(default_factory=dict)
    """player -> kind of decision -> always / never / ask: answers given in advance (see game.seats)."""
    autosave: Path | None = None
    """A folder to autosave in at the end of every turn (the window's: the user's data folder), keeping the
    newest few; None: no autosave."""
    autosave_problem: str = ""
    """Why the last autosave could not be written ("" if it was): the fight goes on regardless."""
    gm_undos: list[GmUndo] = field(default_factory=list)
    """Every game master's undo, oldest first: what was taken back, marked as the game master's."""
    redo: list[tuple[Played, ...]] = field(default_factory=list)
    """What the game master's undos took back, the last undone last: :meth:`gm_redo` plays it again; any new
    command clears it."""
    started: str = field(default_factory=lambda: time.strftime("%Y%m%d-%H%M%S"))
    """When the fight was opened: the autosaves' names begin with it."""
    history: list[Played | Undone] = field(default_factory=list)
    """Everything given, in order: each command and answer, and each undo (what a save holds; :attr:`played` is
    what stands of it now)."""
    _lines: list[str] = field(default_factory=list, repr=False)
    """The save's lines of the first ``len(_lines)`` entries of :attr:`history`, made once each (a save writes
    only the new ones out: an autosave's cost does not grow with the fight)."""
    _files: SaveHeader | None = field(default=None, repr=False)
    """The header's file hashes, read once per session: the files the fight was built from."""
    hidden_on_map: frozenset[str] = field(init=False)
    """The creatures the map places hidden (a ``hidden`` property on the object or a layer around it)."""
    hidden: set[str] = field(init=False)
    """The creatures hidden from players now: placed hidden by the map, then the game master's marks
    (:meth:`hide`) in :attr:`played`, so an undo and a save keep them as the commands they are."""

    def __post_init__(self) -> None:
        self.encounter, self.start_events = self.source.begin()
        self.hidden_on_map = placed_hidden(self.source.board, self.source.scenario)
        self.hidden = set(self.hidden_on_map)

    @property
    def seats(self) -> Seats:
        return Seats(self.controller_of, self.standing_orders)

    @classmethod
    def open(cls, path: str | Path, controllers: dict[str, str] | None = None, *,
             root: str | Path | None = None, loaded: tuple[TiledMap, Board] | None = None) -> Session:
        """Open a file; ``controllers`` (``--control``) name sides or creature ids, over the file's;
        ``loaded`` as :func:`open_source` takes it."""
        source = open_source(path, root=root, loaded=loaded)
        scenario = source.scenario
        chosen = dict(scenario.sides)
        creatures = dict(scenario.creature_control)
        ids = {entry.id for entry in source.roster}
        for key, name in (controllers or {}).items():
            if not name.strip():
                raise GameError(f"--control {key}=: a player's name (or ai) is needed")
            if key in chosen or key not in ids:
                chosen[key] = name
            else:
                creatures[key] = name
        return cls(source, chosen, creatures, scenario.gm)

    # -- who plays what --------------------------------------------------------------------

    def controller_of_side(self, side: str) -> str:
        return self.controllers.get(side, AI)

    def controller_of(self, cid: str) -> str:
        """Who plays a creature: its own controller if it has one, else its side's."""
        own = self.creature_controllers.get(cid)
        if own:
            return own
        creature = self.encounter.piece(cid)
        return self.controller_of_side(creature.side) if creature else AI

    def players(self) -> list[str]:
        """The people at the table, in the order the sides and then the creatures name them."""
        seen: list[str] = []
        for name in [*self.controllers.values(), *self.creature_controllers.values()]:
            if name != AI and name not in seen:
                seen.append(name)
        return seen

    @property
    def gm(self) -> str | None:
        """The game master: who may change who plays what (``P``). The name the file (``gm``) or the setup
        dialog gave, else the first player; None when nobody plays (the AI plays every creature)."""
        if self.gm_name:
            return self.gm_name
        players = self.players()
        return players[0] if players else None

    @property
    def acting_controller(self) -> str | None:
        """Who is to give the next command or answer: a player's name, ``ai``, or None when the fight is over.
        While a decision is open that is its chooser's player (hot-seat hands the table to whoever must
        answer), or ``ai`` while the AI or a standing order still has one to answer."""
        if self.encounter.over:
            return None
        pending = self.encounter.pending
        if pending:
            asked = self.seats.next_to_answer(pending)
            return AI if asked is None else asked[0]
        acting = self.encounter.acting
        return None if acting is None else self.controller_of(acting.id)

    @property
    def question(self) -> Decision | None:
        """The open decision a person must answer now, if any (the window's decision prompt shows it)."""
        asked = self.seats.next_to_answer(self.encounter.pending)
        return None if asked is None else asked[1]

    def sides_of(self, player: str) -> list[str]:
        return [side for side, who in self.controllers.items() if who == player]

    def plays(self, player: str) -> str:
        """What a player plays, for people: "heroes", "heroes, Goblin 1", "Mirela", or "nothing"."""
        pieces = self.encounter.pieces()
        whole = [side for side in self.sides_of(player)
                 if all(self.controller_of(c.id) == player for c in pieces if c.side == side)]
        some = [c.name for c in pieces if c.side not in whole and self.controller_of(c.id) == player]
        return ", ".join(whole + some) or "nothing"

    def may_see_secrets_of(self, player: str | None, cid: str) -> bool:
        """Whether ``player`` may see the prepared reactions of creature ``cid`` (its own creatures only)."""
        if cid == GM_OWNER:
            return player is not None and player == self.gm
        if cid.startswith(GM_OWNER + ":"):  # a game master's edit of a creature: the game master's and its own
            cid = cid[len(GM_OWNER) + 1:]
            if player is not None and player == self.gm:
                return True
        return player is not None and player != AI and self.controller_of(cid) == player

    def secrets(self, events: list[Event]) -> list[str | None]:
        """For each event, the creature whose secrets it reveals (None: a public event): the ruleset says; a
        private table roll is the game master's (:data:`game.rulesets.edits.GM_OWNER`), and the hit points
        (or seed 002's track levels) the game master set are the game master's and the creature's player's (``@gm:<id>``: the players' views
        of an opponent do not show the number)."""
        owners = self.source.rules.secrets(events)
        return [GM_OWNER if isinstance(e, TableDiceRolled) and e.private
                else f"{GM_OWNER}:{e.creature}" if isinstance(e, GmEdited) and e.kind in ("hp", "track") else o
                for e, o in zip(events, owners)]

    def public_line(self, event: Event) -> PublicLine | None:
        """How a public event reads for players (the ruleset's :class:`PublicTelling`; None: players are not
        told of it, or the ruleset has no words for players)."""
        words: Callable[[Event, Callable[[str], str]], PublicLine | None] | None = getattr(
            self.source.rules, "public_line", None)
        return None if words is None else words(event, self.encounter.name)

    # -- playing ---------------------------------------------------------------------------

    def run_script(self) -> list[Event]:
        """Apply the encounter file's scripted commands (a refused one raises EncounterFileError)."""
        out: list[Event] = []
        for place, command in self.source.scripted():
            check_round_limit(self.source.scenario, self.encounter.round, self.source.options, place)
            try:
                out += self.apply(command, by="script")
            except Impossible as exc:
                raise EncounterFileError(self.source.scenario.path, f"impossible: {exc}", place) from None
        return out

    def apply(self, command: Command, *, by: str) -> list[Event]:
        """Apply one command or answer; raises :class:`Impossible` (nothing changed) if the rules refuse it.
        Then the decisions it opened that the AI or a standing order answers are answered, in turn."""
        mark = self.encounter.turn_mark
        if is_table_command(command) and not isinstance(self.encounter, Editing):
            raise Impossible(f"ruleset {self.source.rules.name} takes no game master's edits nor table dice")
        events = self._record(command, by) + self._settle()
        self.redo.clear()
        for listener in self.listeners:
            listener(events)
        self._autosave_after(mark)
        return events

    @property
    def editing(self) -> Editing | None:
        """The fight as the game master edits it (None: its ruleset takes no edits)."""
        return self.encounter if isinstance(self.encounter, Editing) else None

    def edit(self, command: Command) -> list[Event]:
        """A game master's edit (:mod:`game.rulesets.edits`), given as the game master's
        (:attr:`gm`, or ``game master`` when nobody plays); raises :class:`Impossible` with the ruleset's
        reason. The window lets only the game master at the table give one."""
        if not isinstance(command, GM_EDITS):
            raise Impossible(f"not a game master's edit: {type(command).__name__}")
        return self.apply(command, by=self.gm or "game master")

    def roll(self, expression: str, *, by: str, private: bool = False) -> list[Event]:
        """Dice rolled at the table by ``by`` (a player or the game master); ``private``: seen only by the
        game master. Raises :class:`Impossible` for an expression that cannot be rolled."""
        return self.apply(RollDice(expression, by, private), by=by)


    def hide(self, creature: str, hidden: bool = True) -> list[Event]:
        """The game master hides a creature from players (``hidden``) or reveals it: a command given as the game
        master's (:attr:`gm`, or ``game master`` when nobody plays), kept in :attr:`played`; raises
        :class:`Impossible` for a creature not in the fight. The fight's log is unchanged."""
        return self.apply(HideCreature(creature, hidden), by=self.gm or "game master")

    def _record(self, command: Command, by: str) -> list[Event]:
        """Apply one command or answer and keep it in :attr:`played`, with the turn it belongs to."""
        rnd, turn = self.encounter.turn_mark
        if isinstance(command, HideCreature):  # the table's own: no rule, no event
            if self.encounter.piece(command.creature) is None:
                raise Impossible(f"no creature {command.creature!r} in the fight to hide or reveal")
            self.hidden = hidden_after(self.hidden, [command])
            played = Played(command, [], by, rnd, turn)
            self.played.append(played)
            self.history.append(played)
            return []
        events = self.encounter.apply(command)
        played = Played(command, events, by, rnd, turn)
        self.played.append(played)
        self.history.append(played)
        return events

    def answer(self, decision: int, option: str, *, by: str) -> list[Event]:
        """A player's answer to an open decision (``by``: the player)."""
        return self.apply(Answer(decision, option), by=by)

    def _settle(self) -> list[Event]:
        """Answer what the AI and standing orders answer; each answer is kept in :attr:`played` as a
        command (replaying them gives the same fight)."""
        if not self.encounter.pending:
            return []
        return settle(_Answering(self), self.seats, self.encounter.ai_answer)

    def ai_command(self) -> Command | None:
        """The AI's next command for the acting creature, if the AI plays it."""
        acting = self.encounter.acting
        if acting is None or self.controller_of(acting.id) != AI or self.encounter.pending:
            return None
        return self.source.rules.ai_command(self.encounter)

    def step_ai(self) -> list[Event]:
        """Apply one AI command, or the answers the AI and standing orders give to the open decisions
        (none if a person is to act or answer, or the fight is over)."""
        if self.encounter.pending:
            mark = self.encounter.turn_mark
            events = self._settle()
            for listener in self.listeners:
                listener(events)
            self._autosave_after(mark)
            return events
        command = self.ai_command()
        if command is None:
            return []
        return self.apply(command, by=AI)

    # -- undo ------------------------------------------------------------------------------

    def undo_refusal(self) -> str:
        """Why the last command cannot be undone ("" if it can)."""
        if not self.played:
            return "nothing to undo"
        last = self.played[-1]
        if last.by in (AI, "script", "standing order"):
            return "the last command was not a player's"
        if isinstance(last.command, Answer):
            return "an answer to a decision is not taken back"
        if isinstance(last.command, GM_EDITS):
            return "the last command was the game master's edit (the game master takes it back: Ctrl+Shift+Z)"
        if isinstance(last.command, RollDice):
            return "it rolled dice (undoing it would let anyone roll again)"
        if isinstance(last.command, HideCreature):
            return "the last command was the game master's (a creature hidden or revealed)"
        if (last.round, last.turn) != self.encounter.turn_mark or self.encounter.over:
            return "the last command belongs to a turn that is over"
        return self.source.rules.undo_refusal(last.command, last.events)

    def undo(self) -> Played:
        """Take the last command back: rebuild the encounter and replay the rest. Raises Impossible."""
        why = self.undo_refusal()
        if why:
            raise Impossible(f"cannot undo: {why}")
        undone = self.played[-1]
        self._take_back(1, undone.by, gm=False)
        return undone

    def _take_back(self, count: int, by: str, *, gm: bool) -> tuple[Played, ...]:
        """Rebuild the fight without the last ``count`` commands and answers standing, and note the undo in
        :attr:`history` (a player's undo of the last entry there just drops it: it revealed nothing)."""
        cut = len(self.played) - count
        taken = tuple(self.played[cut:])
        self._encode_lines()
        self._rebuild(self.played[:cut])
        if not gm and count == 1 and self.history and self.history[-1] is taken[0]:
            self.history.pop()
            del self._lines[len(self.history):]
        else:
            self.history.append(Undone(count, by, gm))
        return taken

    def _rebuild(self, keep: list[Played]) -> None:
        """Rebuild the fight from its file and replay ``keep`` (a beginning of :attr:`played`), checking
        that the replay gives the same log as far as it goes."""
        encounter, start = self.source.begin()
        for item in keep:
            if not isinstance(item.command, HideCreature):
                encounter.apply(item.command)
        expected = len(self.start_events) + sum(len(p.events) for p in keep)
        if len(encounter.log) != expected or encounter.log != self.encounter.log[:expected]:
            # Cannot happen with a deterministic engine; if it ever does, keep playing the fight as it was.
            raise GameError("undo: the replay did not give the same log; nothing was undone")
        self.encounter = encounter
        self.start_events = start
        self.played = keep
        self.hidden = hidden_after(self.hidden_on_map, (p.command for p in keep))

    def gm_steps(self) -> int:
        """How many steps the game master may take back: every command given (by a player, the AI or the
        script) and every answer a person gave."""
        return sum(not _automatic(p) for p in self.played)

    def gm_undo(self, steps: int = 1) -> GmUndo:
        """The game master's undo: take back the last ``steps`` commands given, whoever gave them, each with
        the answers the AI and standing orders gave after it, past dice, reactions and ends of turn (the
        players' :meth:`undo` keeps its rule that nothing revealed is taken back). The fight is rebuilt by
        replay; the undo is kept in :attr:`gm_undos`, marked as the game master's. Raises Impossible."""
        starts = [i for i, p in enumerate(self.played) if not _automatic(p)]
        if steps < 1 or steps > len(starts):
            raise Impossible(f"cannot undo {steps} step{'s' if steps != 1 else ''}: "
                             f"{len(starts)} command{'s' if len(starts) != 1 else ''} given so far")
        taken = self._take_back(len(self.played) - starts[-steps], self.gm or "", gm=True)
        undo = GmUndo(taken, self.gm)
        self.gm_undos.append(undo)
        self.redo.extend(_groups(taken)[::-1])
        return undo

    def gm_redo(self) -> tuple[Played, ...]:
        """The game master's redo: play again the last command a game master's undo took back (with the
        answers given after it), as it was given; raises Impossible when nothing is left to redo (any new
        command clears what was)."""
        if not self.redo:
            raise Impossible("nothing to redo")
        group = self.redo[-1]
        mark = self.encounter.turn_mark
        out: list[Event] = []
        for n, item in enumerate(group):
            try:
                out += self.replay(item.command, by=item.by)
            except Impossible:
                if n:  # cannot happen with a deterministic engine: keep what was played
                    break
                raise
        self.redo.pop()
        for listener in self.listeners:
            listener(out)
        self._autosave_after(mark)
        return group

    # -- saves -----------------------------------------------------------------------------

    def save_header(self) -> SaveHeader:
        """What a save's first line says of this fight (its files' sha256 as they are now)."""
        source, rules = self.source, self.source.rules
        scenario = source.scenario
        if self._files is None:  # the files' hashes once per session: what the fight was built from
            files = content_files([rules.content_dir(), *scenario.content])
            self._files = SaveHeader(
                program=_program_version(), ruleset=rules.name, event_format=rules.event_format, seed=source.seed,
                options={}, encounter=str(source.path.resolve()), encounter_sha256=file_sha256(source.path),
                map=str(scenario.map_path), map_sha256=file_sha256(scenario.map_path),
                content={str(f.resolve()): file_sha256(f) for f in files}, controllers={}, creature_controllers={},
                gm=None, standing_orders={}, start_events=self._digests(self.start_events))
        return dataclasses.replace(
            self._files, seed=source.seed, options=dict(source.options), controllers=dict(self.controllers),
            creature_controllers=dict(self.creature_controllers), gm=self.gm_name,
            standing_orders={p: {k: o.value for k, o in orders.items()} for p, orders in self.standing_orders.items()},
            round=self.encounter.round, saved=time.strftime("%Y-%m-%d %H:%M:%S"))

    def _digests(self, events: Sequence[Event]) -> tuple[str, ...]:
        return tuple(event_digest(self.encounter.event_json(e)) for e in events)

    def _encode_lines(self) -> None:
        """Make the save's lines of the entries of :attr:`history` that have none yet."""
        rules, board = self.source.rules, self.source.board
        for item in self.history[len(self._lines):]:
            self._lines.append(undo_line(item.by, item.count, item.gm) if isinstance(item, Undone) else
                               command_line(item.by, hide_to_json(item.command)
                                            or rules.command_to_json(item.command, board),
                                            self._digests(item.events)))

    def save_bytes(self) -> bytes:
        """This fight as a save file's bytes (:mod:`game.saves`): its whole :attr:`history`, undos included."""
        self._encode_lines()
        return encode(self.save_header(), self._lines)

    def save(self, path: str | Path) -> Path:
        """Save the fight to ``path``, atomically (the previous file stays whole until the new one is);
        raises :class:`SaveError` with one line."""
        return write_save(path, self.save_bytes())

    def _autosave_after(self, mark: tuple[int, int]) -> None:
        """Autosave if a turn ended since ``mark`` (or the fight did), keeping the newest few."""
        if self.autosave is None or (self.encounter.turn_mark == mark and not self.encounter.over):
            return
        try:
            self.autosave.mkdir(parents=True, exist_ok=True)
            self.save(self.autosave / f"{self.started}-{len(self.history):06d}-{self.source.path.stem[:40]}.jsonl")
            prune(self.autosave)
            self.autosave_problem = ""
        except (GameError, OSError) as exc:
            self.autosave_problem = f"autosave failed: {exc}"

    def replay(self, command: Command, *, by: str) -> list[Event]:
        """Apply a recorded command or answer as it was given, answering nothing it opens (the recording
        holds those answers as they were given); raises :class:`Impossible`."""
        if isinstance(command, Answer):
            command = dataclasses.replace(command, by="AI" if by == AI else
                                          "standing order" if by == "standing order" else "player")
        return self._record(command, by)

    def replay_undo(self, record: SaveRecord) -> None:
        """Take back what a recorded undo took back (a game master's is kept in :attr:`gm_undos` again)."""
        taken = self._take_back(record.undo, record.by, gm=record.gm)
        if record.gm:
            self.gm_undos.append(GmUndo(taken, record.by or None))

    @classmethod
    def resume(cls, path: str | Path, *, opener: Callable[[SaveHeader], Source] | None = None) -> Session:
        """The fight a save holds, resumed exactly where it stopped (an open decision included). Raises
        :class:`SaveError` with one line naming the save and the place: a file that is not a good save, or
        a recording the fight now plays differently (its encounter, map or content changed since).
        ``opener``: builds the fight's source from the header (default: the encounter file it names)."""
        session, parted = cls.replay_save(path, opener=opener)
        if parted is not None:
            raise parted
        return session

    @classmethod
    def open_replay(cls, path: str | Path, *, opener: Callable[[SaveHeader], Source] | None = None) -> SaveReplay:
        """A save opened to be played step by step (:class:`game.replay.SaveReplay`), its sessions this
        class's; raises :class:`SaveError` with one line."""
        def new(source: Any, header: SaveHeader, orders: Mapping[str, Mapping[str, StandingOrder]]) -> Session:
            return cls(source, dict(header.controllers), dict(header.creature_controllers), header.gm,
                       standing_orders={p: dict(o) for p, o in orders.items()})

        return SaveReplay(path, opener=(lambda header, save: opener(header)) if opener else _open_saved, new=new)

    @classmethod
    def replay_save(cls, path: str | Path, *, opener: Callable[[SaveHeader], Source] | None = None,
                    emit: Callable[[Fight, list[Event]], None] | None = None,
                    undone: Callable[[SaveRecord], None] | None = None) -> tuple[Session, SaveError | None]:
        """Play a save's commands again, handing each one's events to ``emit``; the session, and where the
        replay first parted from the recording (None if nowhere): the first command whose events differ,
        with what differed. A command the engine refuses ends the replay there (it is the parting). An undo
        the save holds goes to ``undone`` (its events were emitted when given)."""
        replay = cls.open_replay(path, opener=opener)
        session = replay.fresh()
        assert isinstance(session, Session)
        if emit is not None:
            emit(session.encounter, list(session.start_events))
        if replay.start_parted is not None:
            return session, replay.start_parted
        parted: SaveError | None = None
        for index in range(len(replay.steps)):
            try:
                events, differs = replay.play(session, index)
            except SaveError as refused:
                return session, parted or refused
            if replay.steps[index].command is None:
                if undone is not None:
                    undone(replay.steps[index].record)
            elif emit is not None:
                emit(session.encounter, events)
            parted = parted or differs
        return session, parted

    # -- log -------------------------------------------------------------------------------

    def all_events(self) -> list[Event]:
        return list(self.encounter.log)


def _program_version() -> str:
    try:
        return metadata.version("tactical-table")
    except metadata.PackageNotFoundError:
        return "unknown"


def _open_saved(header: SaveHeader, save: SaveFile | None = None) -> Source:
    """The source a save names: its encounter file (or bare map) with its seed and options."""
    where = save.path if save is not None else Path(header.encounter)
    try:
        source = open_source(header.encounter, seed=header.seed)
    except GameError as exc:
        raise SaveError(where, f"cannot open the fight it saved: {exc}", "line 1: encounter") from None
    if set(header.options) != set(source.options):
        raise SaveError(where, f"its options ({', '.join(sorted(map(str, header.options)))[:200]}) are not the "
                               f"ruleset's ({', '.join(sorted(source.options))})", "line 1: options")
    for key, value in header.options.items():
        if type(value) is not type(source.options[key]):
            raise SaveError(where, f"{type(value).__name__} where the option is a {type(source.options[key]).__name__}",
                            f"line 1: options.{key}")
    source.options = dict(header.options)
    return source
