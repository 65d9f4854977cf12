"""Seed 001's game master's edits (:mod:`game.rulesets.edits`): Body, prone, where a creature stands, who is in
the fight, changed by hand (numbers in brackets are seed 001's lines).

Each edit changes the state at once and emits one ``GmEdited``, outside the step stack: no break point, so no
reaction (no attack of opportunity for a creature put somewhere, no dodge of Body set lower). Rulings (README,
"The fight"):

* ``SetHitPoints`` sets Body (from minus its maximum to its maximum): at 0 or below the creature is down; a
  mount brought down this way sets its rider down on its hex with no fall (the edit is outside the fight's steps,
  so no "rider thrown" [17]); a creature brought back up waits for the next round's seconds, if its hex is free.
* The one condition is prone [30-35].
* A rider is placed with its mount: placing the mount carries the rider; a rider is not placed alone (dismount
  it first).
* A creature brought in acts at second 1 of this round (last) and rolls its second with everyone from the next;
  a creature taken out leaves the counter (a mount's rider is set down on its hex; a rider leaves its mount).
* The order is the counter's seconds, rolled each round: ``MoveInOrder`` trades the creature's second with its
  neighbour's in the order, both still to act this round (the creature acting keeps its place).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping, Protocol

from game.grid import Cell
from game.kernel.engine import Impossible
from game.kernel.events import Event
from game.mechanics.tactics.pieces import PieceId
from game.rulesets import edits as ed
from game.rulesets.package import EditView
from game.kernel.engine import Engine
from game.rulesets.seed001.counter import Counter, Entry, Kind, Moment
from game.rulesets.seed001.pools import Vitals
from game.rulesets.seed001.sheets import Sheet
from game.rulesets.seed001.state import Creature, FightState

PRONE = "prone"
CONDITIONS = (PRONE,)


class Seed001Fight(Protocol):
    """What the edits read and change of a seed 001 fight (``fight.Seed001Fight``; a protocol, so that the fight
    may import this module)."""

    state: FightState
    counter: Counter
    engine: Engine[Any, Any]
    phase: str
    seed: int
    holder: PieceId | None
    queue: list[Entry]
    seated: bool
    library: Mapping[str, object]

    @property
    def log(self) -> list[Event]: ...

    def emit(self, event: Event) -> None: ...

    def offset(self, cell: Cell) -> tuple[int, int]: ...

    def name(self, pid: str) -> str: ...

    def settled(self) -> None: ...


def edit_view(fight: Seed001Fight, pid: str) -> EditView | None:
    c = fight.state.everyone.get(PieceId(pid))
    if c is None:
        return None
    return EditView(c.vitals.body, c.vitals.body_max, (PRONE,) if c.prone else ())


def turn_order(fight: Seed001Fight) -> tuple[str, ...]:
    """Everyone in the order the counter gives them their turns: the creature acting, those still to act this
    round by their second, then the rest in the order the file lists them."""
    coming = [e.who for e in (*fight.queue, *fight.counter.entries) if e.kind is Kind.ACTS]
    if fight.holder is not None and fight.phase not in ("setup", "over"):
        coming.insert(0, fight.holder)
    seen = list(dict.fromkeys(p for p in coming if PieceId(p) in fight.state.everyone))
    return (*seen, *[p for p in fight.state.everyone if p not in seen])


def addable(library: Mapping[str, object]) -> tuple[tuple[str, str], ...]:
    return tuple((sid, sheet.name if isinstance(sheet, Sheet) else sid) for sid, sheet in library.items())


def carry_out(fight: Seed001Fight, command: object) -> list[Event]:
    """Apply a table command (a game master's edit or a table roll); raises :class:`Impossible`."""
    return ed.carry_out(command, seed=fight.seed, log=fight.log, engine=fight.engine,
                        over="the fight is over" if fight.phase == "over" else "", name=fight.name,
                        edit=lambda c: _edit(fight, c), settle=fight.settled)


def _creature(fight: Seed001Fight, pid: str) -> Creature:
    c = fight.state.everyone.get(PieceId(pid))
    if c is None:
        raise Impossible(f"no creature {pid[:40]!r} in the fight")
    return c


def _at(fight: Seed001Fight, cell: Cell) -> str:
    return "({}, {})".format(*fight.offset(cell))


def _problem(fight: Seed001Fight, cell: Cell, but: Creature | None) -> str:
    taken = {c.cell: repr(c.name) for c in fight.state.creatures.values() if not c.out and c is not but}
    return fight.state.board.placement_problem(cell, 1, taken)


def _acting(fight: Seed001Fight, c: Creature) -> bool:
    return fight.phase not in ("setup", "over") and fight.holder == c.id


def _set_down(fight: Seed001Fight, c: Creature) -> str:
    """Part a rider and its mount where they stand, without a fall (an edit is outside the fight's steps)."""
    if c.mount is not None:
        mount = _creature(fight, c.mount)
        c.mount, mount.rider = None, None
        fight.state.refresh()
        return f"; {c.name} leaves {mount.name}"
    if c.rider is not None:
        rider = _creature(fight, c.rider)
        rider.mount, c.rider = None, None
        fight.state.refresh()
        return f"; {rider.name} is set down on its hex"
    return ""


def _edit(fight: Seed001Fight, command: object) -> None:
    st, emit = fight.state, fight.emit
    match command:
        case ed.SetHitPoints():
            c = _creature(fight, command.creature)
            if not -c.vitals.body_max <= command.hp <= c.vitals.body_max:
                raise Impossible(f"{c.name}'s Body goes from {-c.vitals.body_max} to {c.vitals.body_max}")
            if command.hp <= 0 < c.vitals.body and _acting(fight, c):
                raise Impossible(f"{c.name} is acting: end its turn before bringing it down")
            if c.out and command.hp > 0:
                why = _problem(fight, c.cell, c)
                if why:
                    raise Impossible(f"{c.name} cannot come back: {why}")
            was = c.vitals.body
            c.vitals = replace(c.vitals, body=command.hp)
            more = _set_down(fight, c) if c.out else ""
            st.memo.clear()
            emit(ed.GmEdited("hp", c.id, f"{c.name}'s hit points set to {command.hp} (its Body; was {was})"
                                         + (" (down)" if c.out else "") + more))
        case ed.AddCondition():
            c = _creature(fight, command.creature)
            if command.condition not in CONDITIONS:
                raise Impossible(f"unknown condition {command.condition[:40]!r} (seed 001's: {', '.join(CONDITIONS)})")
            if c.out:
                raise Impossible(f"{c.name} is down: set its Body first")
            if c.prone:
                raise Impossible(f"{c.name} is already prone")
            c.prone = True
            more = _set_down(fight, c)
            emit(ed.GmEdited("condition", c.id, f"{c.name} is prone (until it stands or the game master removes "
                                                f"it){more}"))
        case ed.RemoveCondition():
            c = _creature(fight, command.creature)
            if command.condition != PRONE or not c.prone:
                raise Impossible(f"{c.name} is not {command.condition[:40]}")
            c.prone = False
            emit(ed.GmEdited("condition", c.id, f"{c.name} is no longer prone"))
        case ed.PlaceCreature():
            c = _creature(fight, command.creature)
            if c.out:
                raise Impossible(f"{c.name} is down: set its Body first")
            if c.mount is not None:
                raise Impossible(f"{c.name} rides {fight.name(c.mount)}: place the mount (or dismount it first)")
            why = _problem(fight, command.to, c)
            if why:
                raise Impossible(f"{c.name} cannot stand at {_at(fight, command.to)}: {why}")
            left, c.cell = c.cell, command.to
            if c.rider is not None:
                _creature(fight, c.rider).cell = command.to
            st.memo.clear()
            emit(ed.GmEdited("place", c.id, f"{c.name} put at {_at(fight, command.to)} (was at {_at(fight, left)})"))
        case ed.AddCreature():
            sheet = fight.library.get(command.sheet)
            if not isinstance(sheet, Sheet):
                raise Impossible(f"no sheet {command.sheet[:40]!r} in the fight's content")
            if not command.side.strip():
                raise Impossible("a creature brought in needs a side")
            why = _problem(fight, command.to, None)
            if why:
                raise Impossible(f"{sheet.name} cannot stand at {_at(fight, command.to)}: {why}")
            n = 1
            while PieceId(f"{sheet.id}_{n}") in st.everyone or any(
                    c.name == f"{sheet.name} {n}" for c in st.everyone.values()):
                n += 1  # at most one more than the creatures in the fight
            cid = PieceId(f"{sheet.id}_{n}")
            st.everyone[cid] = Creature(cid, f"{sheet.name} {n}", command.side, sheet, command.to,
                                        Vitals.fresh(sheet.body, sheet.endurance), feet_left=sheet.movement_feet)
            st.initiative.append(cid)
            st.refresh()
            if fight.seated and fight.phase != "over":
                now = fight.counter.now
                fight.counter = fight.counter._with(Moment(now.round, 1), Kind.ACTS, cid, cid)
            st.memo.clear()
            copied = f", a copy of {fight.name(command.copy_of)}" if command.copy_of else ""
            emit(ed.GmEdited("add", cid, f"{sheet.name} {n} ({command.side}{copied}) joins the fight at "
                                         f"{_at(fight, command.to)}, acting at second 1 of this round"))
        case ed.RemoveCreature():
            c = _creature(fight, command.creature)
            if _acting(fight, c):
                raise Impossible(f"{c.name} holds the turn: end its turn before removing it")
            more = _set_down(fight, c)
            fight.counter = replace(fight.counter, entries=tuple(e for e in fight.counter.entries if e.who != c.id))
            fight.queue[:] = [e for e in fight.queue if e.who != c.id]
            del st.everyone[c.id]
            st.initiative[:] = [p for p in st.initiative if p != c.id]
            st.refresh()
            st.memo.clear()
            emit(ed.GmEdited("remove", c.id, f"{c.name} is taken out of the fight{more}"))
        case ed.MoveInOrder():
            c = _creature(fight, command.creature)
            if command.by not in (-1, 1):
                raise Impossible("the order moves one place at a time")
            order = turn_order(fight)
            i = order.index(c.id)
            j = i + command.by
            if not 0 <= j < len(order):
                raise Impossible(f"{c.name} is already {'first' if command.by < 0 else 'last'} in the order")
            other = _creature(fight, order[j])
            entries = list(fight.counter.entries)
            mine = next((k for k, e in enumerate(entries) if e.kind is Kind.ACTS and e.who == c.id), None)
            theirs = next((k for k, e in enumerate(entries) if e.kind is Kind.ACTS and e.who == other.id), None)
            if mine is None or theirs is None:
                raise Impossible(f"only creatures still to act this round trade seconds ({c.name} and "
                                 f"{other.name} do not both wait for theirs)")
            a, b = entries[mine], entries[theirs]
            entries[mine], entries[theirs] = replace(a, at=b.at, seq=b.seq), replace(b, at=a.at, seq=a.seq)
            fight.counter = replace(fight.counter, entries=tuple(sorted(entries, key=lambda e: e.order)))
            emit(ed.GmEdited("order", c.id, f"{c.name} now acts at second {b.at.second}, "
                                            f"{'before' if command.by < 0 else 'after'} {other.name} (at {a.at.second})"))
        case _:
            raise Impossible(f"not a game master's edit: {type(command).__name__}")
