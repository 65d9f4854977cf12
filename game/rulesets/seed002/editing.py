"""Seed 002's game master's edits (:mod:`game.rulesets.edits`): the damage and fatigue track and Stress (in place
of hit points), conditions, where a creature stands, who is in the fight and the initiative order, changed by
hand (numbers in brackets are seed 002's lines).

Each edit changes the state at once and emits one ``GmEdited`` (a grab the edit breaks adds its
``GrabEnded``), outside the step stack: no break point, so no opportunity attack or readied action is set off.
Rulings (README, "The game master's edits"):

* ``SetTrack`` sets damage (0 to 4, 4 down), fatigue (0 to 3, 3 down [133]) and Stress (0 or more); a
  creature brought down leaves the turn order as a hit would; one brought back up takes its turns again, if
  its space is free. ``SetHitPoints`` is refused: seed 002 has no hit points.
* Conditions: prone [39]; the afflictions of a stunt (hindered, vulnerable, impaired [47]), laid by hand
  until the game master removes them (no resistance check ends them); the grab states held, restrained and
  bound [49]: on a creature already grabbed they set its grab's level; else the one enemy standing next to it
  becomes its grabber (refused when there is none, or more than one). Removing a grab state ends the grab.
* A creature brought in comes last in the initiative order (it acts this round, after everyone else); a
  creature removed leaves the order, its grabs and afflictions. The acting creature cannot be brought down
  or removed, nor moved in the order (end its turn first).
"""

from __future__ import annotations

from typing import Any, Mapping, Protocol

from game.grid import Cell
from game.kernel.engine import Engine, Impossible
from game.kernel.events import Event
from game.mechanics.tactics.pieces import PieceId
from game.rulesets import edits as ed
from game.rulesets.package import EditView
from game.rulesets.seed002.clock import InitiativeClock
from game.rulesets.seed002.readying import Readying, maybe_part, refresh
from game.rulesets.seed002.sheets import Sheet
from game.rulesets.seed002.state import Creature, FightState
from game.rulesets.seed002.stunts import AFFLICTIONS, Affliction, GrabLevel, Stunts
from game.rulesets.seed002.surge import Surges
from game.rulesets.seed002.track import DAMAGE_DOWN, FATIGUE_DOWN, Track

PRONE = "prone"
GRAB_STATES = {level.name.lower(): level for level in GrabLevel}
"""held, restrained, bound [49]."""
CONDITIONS = (PRONE, *AFFLICTIONS, *GRAB_STATES)
MAX_STRESS = 1000
"""Most Stress the game master may set."""


class Seed002Fight(Protocol):
    """What the edits read and change of a seed 002 fight (``fight.Seed002Fight``)."""

    state: FightState
    clock: InitiativeClock
    engine: Engine[Any, Any]
    phase: str
    seed: int
    library: Mapping[str, object]
    extensions: list[Any]

    @property
    def log(self) -> list[Event]: ...

    def emit(self, event: object) -> None: ...

    def offset(self, cell: Cell) -> tuple[int, int]: ...

    def name(self, pid: str) -> str: ...

    def settled(self) -> None: ...


def _stunts(fight: Seed002Fight) -> Stunts | None:
    return maybe_part(fight, Stunts)  # type: ignore[arg-type]


def conditions_of(fight: Seed002Fight, c: Creature) -> tuple[str, ...]:
    out = [PRONE] if c.prone else []
    stunts = _stunts(fight)
    if stunts is not None:
        out += [a.name for a in stunts.afflictions.get(c.id, ())]
        grab = stunts.grabs.get(c.id)
        if grab is not None:
            out.append(grab[1].name.lower())
    return tuple(dict.fromkeys(out))


def edit_view(fight: Seed002Fight, pid: str) -> EditView | None:
    c = fight.state.creatures.get(PieceId(pid))
    if c is None:
        return None
    t = c.track
    levels = (("damage", t.damage, DAMAGE_DOWN), ("fatigue", t.fatigue, FATIGUE_DOWN), ("stress", t.stress, 0))
    return EditView(DAMAGE_DOWN - t.damage, DAMAGE_DOWN, conditions_of(fight, c), levels)


def turn_order(fight: Seed002Fight) -> tuple[str, ...]:
    """Everyone in the fight in initiative order (down or not)."""
    return tuple(p for p in fight.clock.order if PieceId(p) in fight.state.creatures)


def addable(library: Mapping[str, object]) -> tuple[tuple[str, str], ...]:
    return tuple((sid, sheet.name if isinstance(sheet, Sheet) else sid) for sid, sheet in library.items())


def carry_out(fight: Seed002Fight, command: object) -> list[Event]:
    """Apply a table command (a game master's edit or a table roll); raises :class:`Impossible`."""
    return ed.carry_out(command, seed=fight.seed, log=fight.log, engine=fight.engine,
                        over="the fight is over" if fight.phase == "over" else "", name=fight.name,
                        edit=lambda c: _edit(fight, c), settle=lambda: _settle(fight))


def _settle(fight: Seed002Fight) -> None:
    stunts = _stunts(fight)
    if stunts is not None:
        stunts.check_grabs(fight)  # type: ignore[arg-type]
    fight.settled()


def _creature(fight: Seed002Fight, pid: str) -> Creature:
    c = fight.state.creatures.get(PieceId(pid))
    if c is None:
        raise Impossible(f"no creature {pid[:40]!r} in the fight")
    return c


def _taken(fight: Seed002Fight, but: Creature | None) -> dict[Cell, str]:
    st = fight.state
    return {cell: repr(c.name) for c in st.creatures.values() if not c.out and c is not but for cell in st.space(c)}


def _at(fight: Seed002Fight, cell: Cell) -> str:
    return "({}, {})".format(*fight.offset(cell))


def _holder(fight: Seed002Fight) -> str | None:
    return fight.clock.holder() if fight.phase not in ("setup", "over") else None


def _edit(fight: Seed002Fight, command: object) -> None:
    st, clock, emit = fight.state, fight.clock, fight.emit
    match command:
        case ed.SetHitPoints():
            raise Impossible("seed 002 has no hit points: set damage, fatigue and Stress")
        case ed.SetTrack():
            c = _creature(fight, command.creature)
            if not (0 <= command.damage <= DAMAGE_DOWN and 0 <= command.fatigue <= FATIGUE_DOWN
                    and 0 <= command.stress <= MAX_STRESS):
                raise Impossible(f"damage goes from 0 to {DAMAGE_DOWN}, fatigue from 0 to {FATIGUE_DOWN}, "
                                 f"Stress from 0 to {MAX_STRESS}")
            new = Track(command.damage, command.fatigue, command.stress)
            if new.is_down and not c.out and c.id == _holder(fight):
                raise Impossible(f"{c.name} is acting: end its turn before bringing it down")
            if c.out and not new.is_down:
                why = st.board.placement_problem(c.cell, c.template.size, _taken(fight, c))
                if why:
                    raise Impossible(f"{c.name} cannot come back: {why}")
            was, c.track = c.track, new
            if new.is_down and not was.is_down:
                clock.drop(c.id)
                c.delaying = False
            refresh(fight, c)  # type: ignore[arg-type]
            st.memo.clear()
            emit(ed.GmEdited("track", c.id, f"{c.name}'s track set to {_track(new)} (was {_track(was)})"))
        case ed.AddCondition():
            c = _creature(fight, command.creature)
            _lay(fight, c, command.condition)
        case ed.RemoveCondition():
            c = _creature(fight, command.creature)
            _lift(fight, c, command.condition)
        case ed.PlaceCreature():
            c = _creature(fight, command.creature)
            if c.out:
                raise Impossible(f"{c.name} is down: set its track first")
            why = st.board.placement_problem(command.to, c.template.size, _taken(fight, c))
            if why:
                raise Impossible(f"{c.name} cannot stand at {_at(fight, command.to)}: {why}")
            left, c.cell = c.cell, command.to
            st.memo.clear()
            emit(ed.GmEdited("place", c.id, f"{c.name} put at {_at(fight, command.to)} (was at {_at(fight, left)})"))
        case ed.AddCreature():
            sheet = fight.library.get(command.sheet)
            if not isinstance(sheet, Sheet):
                raise Impossible(f"no sheet {command.sheet[:40]!r} in the fight's content")
            if not command.side.strip():
                raise Impossible("a creature brought in needs a side")
            why = st.board.placement_problem(command.to, sheet.size, _taken(fight, None))
            if why:
                raise Impossible(f"{sheet.name} cannot stand at {_at(fight, command.to)}: {why}")
            n = 1
            while PieceId(f"{sheet.id}_{n}") in st.creatures or any(
                    c.name == f"{sheet.name} {n}" for c in st.creatures.values()):
                n += 1  # at most one more than the creatures in the fight
            cid = PieceId(f"{sheet.id}_{n}")
            new_one = Creature(cid, f"{sheet.name} {n}", command.side, sheet, command.to)
            st.creatures[cid] = new_one
            st.initiative.append(cid)
            clock.order.append(cid)
            surges = maybe_part(fight, Surges)  # type: ignore[arg-type]
            if surges is not None:
                surges.destiny[cid] = sheet.destiny
            st.memo.clear()
            copied = f", a copy of {fight.name(command.copy_of)}" if command.copy_of else ""
            emit(ed.GmEdited("add", cid, f"{new_one.name} ({command.side}{copied}) joins the fight at "
                                         f"{_at(fight, command.to)}, last in the initiative order"))
        case ed.RemoveCreature():
            c = _creature(fight, command.creature)
            if c.id == _holder(fight):
                raise Impossible(f"{c.name} holds the turn: end its turn before removing it")
            stunts = _stunts(fight)
            if stunts is not None:
                for tid, (gid, _) in sorted(stunts.grabs.items()):
                    if c.id in (tid, gid):
                        stunts.end_grab(fight, _creature(fight, tid), f"{c.name} is taken out")  # type: ignore[arg-type]
                stunts.afflictions.pop(c.id, None)
                stunts.dropped.pop(c.id, None)
            readying = maybe_part(fight, Readying)  # type: ignore[arg-type]
            if readying is not None:
                readying.readied.pop(c.id, None)
            i = clock.order.index(c.id) if c.id in clock.order else -1
            if 0 <= i <= clock.index:
                clock.index -= 1
            clock.order[:] = [p for p in clock.order if p != c.id]
            clock.drop(c.id)
            del st.creatures[c.id]
            st.initiative[:] = [p for p in st.initiative if p != c.id]
            st.memo.clear()
            emit(ed.GmEdited("remove", c.id, f"{c.name} is taken out of the fight"))
        case ed.MoveInOrder():
            c = _creature(fight, command.creature)
            order = clock.order
            i = order.index(c.id)
            j = i + command.by
            if command.by not in (-1, 1) or not 0 <= j < len(order):
                raise Impossible(f"{c.name} is already {'first' if command.by < 0 else 'last'} in the order"
                                 if command.by in (-1, 1) else "the order moves one place at a time")
            if _holder(fight) in (order[i], order[j]):
                raise Impossible("the creature acting keeps its place: end its turn first")
            order[i], order[j] = order[j], order[i]
            st.initiative[:] = [PieceId(p) for p in order]
            emit(ed.GmEdited("order", c.id, f"{c.name} now acts {'before' if command.by < 0 else 'after'} "
                                            f"{fight.name(order[i])}"))
        case _:
            raise Impossible(f"not a game master's edit: {type(command).__name__}")


def _track(t: Track) -> str:
    return f"damage {t.damage}, fatigue {t.fatigue}, stress {t.stress}" + (" (down)" if t.is_down else "")


def _lay(fight: Seed002Fight, c: Creature, name: str) -> None:
    if name not in CONDITIONS:
        raise Impossible(f"unknown condition {name[:40]!r} (seed 002's: {', '.join(CONDITIONS)})")
    if c.out:
        raise Impossible(f"{c.name} is down: set its track first")
    if name in conditions_of(fight, c):
        raise Impossible(f"{c.name} is already {name}")
    stunts = _stunts(fight)
    if name == PRONE:
        c.prone = True
        fight.state.memo.clear()
        fight.emit(ed.GmEdited("condition", c.id, f"{c.name} is prone (until it stands or the game master "
                                                  "removes it)"))
        return
    if stunts is None:
        raise Impossible(f"this fight has no stunts: {name} cannot be laid")
    if name in AFFLICTIONS:
        stunts.afflictions.setdefault(c.id, []).append(Affliction(name, ed.GM_OWNER, "", 0))
        stunts._refresh(fight, c)  # type: ignore[arg-type]
        fight.state.memo.clear()
        fight.emit(ed.GmEdited("condition", c.id, f"{c.name} is {name} (until the game master removes it)"))
        return
    level = GRAB_STATES[name]
    grab = stunts.grabs.get(c.id)
    if grab is not None:
        grabber = _creature(fight, grab[0])
    else:
        near = [e for e in fight.state.enemies(c) if fight.state.adjacent(e, c)]
        if len(near) != 1:
            raise Impossible(f"{name} needs a grabber: the one enemy next to {c.name} "
                             f"({'none is' if not near else 'several are'})")
        grabber = near[0]
    stunts.grabs[c.id] = (grabber.id, level)
    stunts._refresh(fight, c, grabber)  # type: ignore[arg-type]
    fight.state.memo.clear()
    fight.emit(ed.GmEdited("condition", c.id, f"{c.name} is {name} by {grabber.name}"))


def _lift(fight: Seed002Fight, c: Creature, name: str) -> None:
    if name not in conditions_of(fight, c):
        raise Impossible(f"{c.name} is not {name[:40]}")
    stunts = _stunts(fight)
    if name == PRONE:
        c.prone = False
    elif name in AFFLICTIONS and stunts is not None:
        stunts.afflictions[c.id] = [a for a in stunts.afflictions.get(c.id, ()) if a.name != name]
        stunts._refresh(fight, c)  # type: ignore[arg-type]
    elif stunts is not None:
        gid = stunts.grabs.pop(c.id)[0]
        stunts._refresh(fight, c, _creature(fight, gid))  # type: ignore[arg-type]
    fight.state.memo.clear()
    fight.emit(ed.GmEdited("condition", c.id, f"{c.name} is no longer {name}"))

