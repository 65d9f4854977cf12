"""Seed 003's game master's edits (:mod:`game.rulesets.edits`): hit points, conditions, where a creature stands,
who is in the fight and the band order, changed by hand (numbers in brackets are seed 003's lines).

Each edit changes the state at once and emits one ``GmEdited``, outside the step stack: no break point, so
no opportunity attack, intercept or interrupt is offered. Rulings (README, "The game master's tools"): a
PC's hit points go down to minus half its maximum (dying at 0 or below [207, 221]), an enemy's to 0 (dead
at 0 [207]); raising a creature above 0 ends dying, and brings a dead one back only if its cell is free. A
condition the game master lays lasts the encounter, until removed; grabbed needs a grabber, which an edit
does not give. The turn order is the band clock's (bands, then a band's PCs before its other creatures
[83], then listing order): moving a creature past a neighbour of another band puts it in that band;
past a neighbour of its own band swaps their places; a band's PCs and enemies do not swap. A creature
brought in joins its sheet's band and acts this round if its band has not passed. The creature acting
cannot be dropped or removed (end its turn first).
"""

from __future__ import annotations

from typing import Any, Mapping, Protocol

from game.grid import Cell
from game.rulesets import edits as ed
from game.kernel.engine import Impossible
from game.kernel.events import Event
from game.mechanics.conditions import Lasting
from game.mechanics.tactics.pieces import PieceId
from game.rulesets.package import EditView
from game.rulesets.seed003.clock import Combatant
from game.rulesets.seed003.sheets import Condition, Sheet
from game.rulesets.seed003.state import Creature, Held

from game.kernel.engine import Engine
from game.rulesets.seed003.clock import BandClock
from game.rulesets.seed003.state import FightState


class Seed003Fight(Protocol):
    """What the edits read and change of a seed 003 fight (``fight.Seed003Fight``)."""

    state: FightState
    clock: BandClock
    engine: Engine[Any, Any]
    phase: str
    seed: int
    library: Mapping[str, object]

    @property
    def log(self) -> list[Event]: ...

    def emit(self, event: object) -> None: ...

    def offset(self, cell: Cell) -> tuple[int, int]: ...

    def name(self, pid: str) -> str: ...

    def settled(self) -> None: ...

_NOT_BY_HAND = (Condition.GRABBED,)
CONDITIONS = tuple(c.value for c in Condition if c not in _NOT_BY_HAND)


def edit_view(fight: Seed003Fight, pid: str) -> EditView | None:
    c = fight.state.creatures.get(PieceId(pid))
    if c is None:
        return None
    return EditView(c.hp, c.max_hp, tuple(dict.fromkeys(h.label for h in c.conditions)))


def turn_order(fight: Seed003Fight) -> tuple[str, ...]:
    """Everyone in the fight in the band clock's order (acted or not)."""
    clock = fight.clock
    sides = list(dict.fromkeys(c.side for c in clock.combatants.values()))
    ordered = sorted(clock.combatants.values(), key=lambda c: (clock.bands[c.id].rank, not c.pc, sides.index(c.side)))
    return tuple(c.id for c in ordered if PieceId(c.id) in fight.state.creatures)


def addable(library: Mapping[str, object]) -> tuple[tuple[str, str], ...]:
    return tuple((sid, sheet.name if isinstance(sheet, Sheet) else sid) for sid, sheet in library.items())


def carry_out(fight: Seed003Fight, command: object) -> list[Event]:
    """Apply a table command (a game master's edit or a table roll); raises :class:`Impossible`."""
    return ed.carry_out(command, seed=fight.seed, log=fight.log, engine=fight.engine,
                        over="the fight is over" if fight.phase == "over" else "", name=fight.name,
                        edit=lambda c: _edit(fight, c), settle=fight.settled)
    if fight.phase == "over":
        raise Impossible("the fight is over")
    if isinstance(command, ed.RemoveCreature) and ed.is_asked(command.creature, fight.engine.pending):
        raise Impossible(f"{fight.name(command.creature)} has a part in the open decision: answer it first")
    _edit(fight, command)
    fight.settled()
    return fight.engine.take()


def _creature(fight: Seed003Fight, pid: str) -> Creature:
    c = fight.state.creatures.get(PieceId(pid))
    if c is None:
        raise Impossible(f"no creature {pid[:40]!r} in the fight")
    return c


def _taken(fight: Seed003Fight, but: Creature | None) -> dict[Cell, str]:
    return {c.cell: repr(c.name) for c in fight.state.creatures.values() if not c.dead and c is not but}


def _at(fight: Seed003Fight, cell: Cell) -> str:
    return "({}, {})".format(*fight.offset(cell))


def _edit(fight: Seed003Fight, command: object) -> None:
    st, clock, emit = fight.state, fight.clock, fight.emit
    acting = clock.holder() if fight.phase == "acting" else None
    match command:
        case ed.SetHitPoints():
            c = _creature(fight, command.creature)
            low = -(c.max_hp // 2) if c.template.pc else 0
            if not low <= command.hp <= c.max_hp:
                raise Impossible(f"{c.name}'s hit points go from {low} to {c.max_hp}")
            if command.hp <= 0 and c.id == acting:
                raise Impossible(f"{c.name} is acting: end its turn before dropping it")
            if c.dead and command.hp > 0:
                why = st.board.placement_problem(c.cell, 1, _taken(fight, c))
                if why:
                    raise Impossible(f"{c.name} cannot come back: {why}")
            was, c.hp = c.hp, command.hp
            state = ""
            if command.hp > 0:
                c.dead = c.dying = c.stabilized = False
            elif c.template.pc:
                if not c.dead:
                    c.dying, state = True, " (dying)"
            else:
                c.dead, c.dying, state = True, False, " (dead)"
            emit(ed.GmEdited("hp", c.id, f"{c.name}'s hit points set to {command.hp} (were {was}){state}"))
        case ed.AddCondition():
            c = _creature(fight, command.creature)
            name = next((k for k in Condition if k.value == command.condition), None)
            if name is None or name in _NOT_BY_HAND:
                known = ", ".join(CONDITIONS)
                raise Impossible(f"grabbed needs a grabber, which an edit does not give (conditions: {known})"
                                 if name is not None else
                                 f"unknown condition {command.condition[:40]!r} (seed 003's: {known})")
            if c.has(name):
                raise Impossible(f"{c.name} is already {name.value}")
            c.conditions.append(Held(name, c.id, Lasting.ENCOUNTER))
            emit(ed.GmEdited("condition", c.id, f"{c.name} is {name.value} (until the game master removes it)"))
        case ed.RemoveCondition():
            c = _creature(fight, command.creature)
            kept = [h for h in c.conditions if h.label != command.condition]
            if len(kept) == len(c.conditions):
                raise Impossible(f"{c.name} is not {command.condition[:40]}")
            c.conditions[:] = kept
            emit(ed.GmEdited("condition", c.id, f"{c.name} is no longer {command.condition}"))
        case ed.PlaceCreature():
            c = _creature(fight, command.creature)
            if c.dead:
                raise Impossible(f"{c.name} is dead: set its hit points first")
            why = st.board.placement_problem(command.to, 1, _taken(fight, c))
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
            why = st.board.placement_problem(command.to, 1, _taken(fight, None))
            if why:
                raise Impossible(f"{sheet.name} cannot stand at {_at(fight, command.to)}: {why}")
            n = 1
            while PieceId(f"{sheet.id}_{n}") in st.creatures or any(
                    c.name == f"{sheet.name} {n}" for c in st.creatures.values()):
                n += 1  # at most one more than the creatures in the fight
            cid = PieceId(f"{sheet.id}_{n}")
            stance = sheet.stances[0].kind if sheet.stances else None
            new = Creature(cid, f"{sheet.name} {n}", command.side, sheet, command.to, sheet.hp, sheet.recoveries,
                           stance)
            st.creatures[cid] = new
            st.initiative.append(cid)
            clock.combatants[cid] = Combatant(cid, new.name, new.side, sheet.pc, sheet.band)
            clock.bands[cid] = sheet.band
            st.memo.clear()
            copied = f", a copy of {fight.name(command.copy_of)}" if command.copy_of else ""
            emit(ed.GmEdited("add", cid, f"{new.name} ({command.side}{copied}) joins the fight at "
                                         f"{_at(fight, command.to)}, in the {sheet.band.value} band"))
        case ed.RemoveCreature():
            c = _creature(fight, command.creature)
            if c.id == acting or c.id == clock.holder():
                raise Impossible(f"{c.name} holds the turn: end its turn before removing it")
            del st.creatures[c.id]
            st.initiative[:] = [x for x in st.initiative if x != c.id]
            clock.combatants.pop(c.id, None)
            clock.bands.pop(c.id, None)
            clock.acted.discard(c.id)
            clock.ambushers[:] = [x for x in clock.ambushers if x != c.id]
            for other in st.creatures.values():
                other.conditions[:] = [h for h in other.conditions if h.source != c.id]
            st.memo.clear()
            emit(ed.GmEdited("remove", c.id, f"{c.name} is taken out of the fight"))
        case ed.MoveInOrder():
            c = _creature(fight, command.creature)
            order = turn_order(fight)
            i = order.index(c.id)
            j = i + command.by
            if command.by not in (-1, 1) or not 0 <= j < len(order):
                raise Impossible(f"{c.name} is already {'first' if command.by < 0 else 'last'} in the order"
                                 if command.by in (-1, 1) else "the order moves one place at a time")
            passed = clock.combatants[order[j]]
            mine = clock.combatants[c.id]
            if clock.bands[passed.id] is not clock.bands[c.id]:
                band, clock.bands[c.id] = clock.bands[c.id], clock.bands[passed.id]
                emit(ed.GmEdited("order", c.id, f"{c.name} moved from the {band.value} band to the "
                                                f"{clock.bands[c.id].value} band"))
                return
            if (passed.pc, passed.side) != (mine.pc, mine.side):
                raise Impossible(f"a band's PCs act before its other creatures [83]: {c.name} cannot pass "
                                 f"{passed.name} in the {clock.bands[c.id].value} band")
            ids = list(clock.combatants)
            a, b = ids.index(c.id), ids.index(passed.id)
            ids[a], ids[b] = ids[b], ids[a]
            clock.combatants = {x: clock.combatants[x] for x in ids}
            emit(ed.GmEdited("order", c.id, f"{c.name} now acts {'before' if command.by < 0 else 'after'} "
                                            f"{passed.name} in the {clock.bands[c.id].value} band"))
        case _:
            raise Impossible(f"not a game master's edit: {type(command).__name__}")
