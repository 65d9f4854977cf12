"""Seed 004's game master's edits (:mod:`game.rulesets.edits`): EN, fallen and unalert, where a character
stands, who is in the fight, changed by hand (numbers in brackets are seed 004's lines).

Each edit changes the state at once and emits one ``GmEdited``, outside the step stack. Rulings (README, "The
fight"):

* ``SetHitPoints`` sets EN (0 to the sheet's): at 0 the character is unconscious (ours); the one holding the
  initiative is not brought down (let it take its option first). BD is not edited here.
* The conditions are ``fallen`` and ``unalert`` [4, 24].
* A character brought in has its full blows and is weighed for the initiative from the next segment [19-20].
* There is no turn order to move: the initiative is worked out every segment [19-21] (``MoveInOrder`` is
  refused); :func:`turn_order` lists who would have it now, best standing first.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping, Protocol

from game.board import Board
from game.grid import Cell
from game.kernel.engine import Engine, Impossible
from game.kernel.events import Event
from game.rulesets import edits as ed
from game.rulesets.package import EditView
from game.rulesets.seed004.blows import Blows
from game.rulesets.seed004.sheets import Sheet
from game.rulesets.seed004.state import Character

FALLEN = "fallen"
UNALERT = "unalert"
CONDITIONS = (FALLEN, UNALERT)


class Seed004Fight(Protocol):
    """What the edits read and change of a seed 004 fight (``fight.Seed004Fight``; a protocol, so that the fight
    may import this module)."""

    chars: dict[str, Character]
    holder: str | None
    finished: bool
    seed: int
    board: Board
    engine: Engine[Any, Any]
    library: Mapping[str, object]

    @property
    def log(self) -> list[Event]: ...

    def emit(self, event: Event) -> None: ...

    def offset(self, cell: Cell) -> tuple[int, int]: ...

    def name(self, pid: str) -> str: ...

    def put(self, c: Character) -> None: ...

    def settled(self) -> None: ...


def edit_view(fight: Seed004Fight, pid: str) -> EditView | None:
    c = fight.chars.get(pid)
    if c is None:
        return None
    conditions = ((FALLEN,) if c.blows.fallen else ()) + (() if c.alert else (UNALERT,))
    return EditView(c.blows.en, c.sheet.en, conditions)


def turn_order(fight: Seed004Fight) -> tuple[str, ...]:
    """Everyone by initiative standing now [20] (active blows, reactive blows, EN), the unconscious last."""
    return tuple(c.id for c in sorted(fight.chars.values(),
                                      key=lambda c: (c.dead, -c.blows.active, -c.blows.reactive, -c.blows.en)))


def addable(library: Mapping[str, object]) -> tuple[tuple[str, str], ...]:
    return tuple((sid, sheet.name if isinstance(sheet, Sheet) else sid) for sid, sheet in library.items())


def carry_out(fight: Seed004Fight, command: object) -> list[Event]:
    """Apply a table command (a game master's edit or a table roll); raises :class:`Impossible`."""
    return ed.carry_out(command, seed=fight.seed, log=fight.log, engine=fight.engine,
                        over="the fight is over" if fight.finished else "", name=fight.name,
                        edit=lambda c: _edit(fight, c), settle=fight.settled)


def _char(fight: Seed004Fight, pid: str) -> Character:
    c = fight.chars.get(pid)
    if c is None:
        raise Impossible(f"no character {pid[:40]!r} in the fight")
    return c


def _at(fight: Seed004Fight, cell: Cell) -> str:
    return "({}, {})".format(*fight.offset(cell))


def _problem(fight: Seed004Fight, cell: Cell, but: Character | None) -> str:
    taken = {c.cell: repr(c.name) for c in fight.chars.values() if not c.dead and c is not but}
    return fight.board.placement_problem(cell, 1, taken)


def _edit(fight: Seed004Fight, command: object) -> None:
    emit = fight.emit
    match command:
        case ed.SetHitPoints():
            c = _char(fight, command.creature)
            if not 0 <= command.hp <= c.sheet.en:
                raise Impossible(f"{c.name}'s EN goes from 0 to {c.sheet.en}")
            if command.hp == 0 and fight.holder == c.id:
                raise Impossible(f"{c.name} holds the initiative: let it take its option first")
            if c.dead and command.hp > 0:
                why = _problem(fight, c.cell, c)
                if why:
                    raise Impossible(f"{c.name} cannot come back: {why}")
            was = c.blows.en
            c = replace(c, blows=replace(c.blows, en=command.hp))
            fight.put(c)
            emit(ed.GmEdited("hp", c.id, f"{c.name}'s EN set to {command.hp} (was {was})"
                                         + (" (unconscious)" if c.dead else "")))
        case ed.AddCondition() | ed.RemoveCondition():
            c = _char(fight, command.creature)
            if command.condition not in CONDITIONS:
                raise Impossible(f"unknown condition {command.condition[:40]!r} (seed 004's: {', '.join(CONDITIONS)})")
            on = isinstance(command, ed.AddCondition)
            has = c.blows.fallen if command.condition == FALLEN else not c.alert
            if has == on:
                raise Impossible(f"{c.name} is {'already' if on else 'not'} {command.condition}")
            b = c.blows.with_fallen(on) if command.condition == FALLEN else c.blows.with_alert(not on)
            fight.put(replace(c, blows=b))
            emit(ed.GmEdited("condition", c.id, f"{c.name} is {'now' if on else 'no longer'} {command.condition}"))
        case ed.PlaceCreature():
            c = _char(fight, command.creature)
            if c.dead:
                raise Impossible(f"{c.name} is unconscious: set its EN first")
            why = _problem(fight, command.to, c)
            if why:
                raise Impossible(f"{c.name} cannot stand at {_at(fight, command.to)}: {why}")
            left = c.cell
            fight.put(replace(c, cell=command.to))
            emit(ed.GmEdited("place", c.id, f"{c.name} put at {_at(fight, command.to)} (was at {_at(fight, left)})"))
        case ed.AddCreature():
            sheet = fight.library.get(command.sheet)
            if not isinstance(sheet, Sheet):
                raise Impossible(f"no sheet {command.sheet[:40]!r} in the fight's content")
            if not command.side.strip():
                raise Impossible("a character brought in needs a side")
            why = _problem(fight, command.to, None)
            if why:
                raise Impossible(f"{sheet.name} cannot stand at {_at(fight, command.to)}: {why}")
            n = 1
            while f"{sheet.id}_{n}" in fight.chars or any(c.name == f"{sheet.name} {n}" for c in fight.chars.values()):
                n += 1  # at most one more than the characters in the fight
            cid = f"{sheet.id}_{n}"
            in_hand = tuple(w.id for w in sheet.weapons if w.natural or w.drawn)
            fight.put(Character(cid, f"{sheet.name} {n}", command.side, sheet, command.to, Blows.start(sheet),
                                in_hand, tuple(w.id for w in sheet.weapons if w.id not in in_hand)))
            copied = f", a copy of {fight.name(command.copy_of)}" if command.copy_of else ""
            emit(ed.GmEdited("add", cid, f"{sheet.name} {n} ({command.side}{copied}) joins the fight at "
                                         f"{_at(fight, command.to)}"))
        case ed.RemoveCreature():
            c = _char(fight, command.creature)
            if fight.holder == c.id:
                raise Impossible(f"{c.name} holds the initiative: let it take its option first")
            del fight.chars[c.id]
            emit(ed.GmEdited("remove", c.id, f"{c.name} is taken out of the fight"))
        case ed.MoveInOrder():
            raise Impossible("seed 004 has no turn order: the initiative is worked out every segment [19-21]")
        case _:
            raise Impossible(f"not a game master's edit: {type(command).__name__}")
