"""Seed 000's game master's edits (:mod:`game.rulesets.edits`): hit points, conditions, where a creature stands,
who is in the fight and the initiative order, changed by hand.

Each edit changes the state at once and emits one ``GmEdited``, outside the step stack: no break point is
passed, so nothing triggers and no reaction is asked. What seed 000 cannot accept is refused with one line.
Rulings (README, "The game master's tools"): hit points go from minus the creature's bloodied value (dead)
through 0 and below (dying; a minion dies) to its maximum; raising a creature above 0 stands it up from
dying, and a dead one only if its space is free. A condition the game master lays lasts until removed
("encounter"); marked and ongoing damage need a source and an amount, which an edit does not give. A
creature brought in comes last in the initiative order; the acting creature cannot be dropped or removed
(end its turn first).
"""

from __future__ import annotations

from typing import Any, Mapping, Protocol

from game.grid import Cell
from game.rulesets import edits as ed
from game.kernel.engine import Impossible
from game.kernel.events import Event
from game.rulesets.package import EditView
from game.rulesets.seed000.model import ConditionKind, CreatureId, Duration, Template
from game.rulesets.seed000.state import Condition, Creature

from game.kernel.engine import Engine
from game.rulesets.seed000.state import EncounterState


class Encounter(Protocol):
    """What the edits read and change of a seed 000 encounter (``encounter.Encounter``)."""

    state: EncounterState
    engine: Engine[Any, Any]
    seed: int
    library: Mapping[str, object]
    log: list[Event]
    ruleset: Any
    """Seed 000's rules (``seam.Ruleset``): its reaction system keeps a budget per creature."""

    def name(self, cid: str) -> str: ...

    def _check_victory(self) -> None: ...

_NOT_BY_HAND = (ConditionKind.MARKED, ConditionKind.ONGOING_DAMAGE)
"""Conditions an edit cannot lay: they need a source creature (marked) or an amount (ongoing damage)."""
CONDITIONS = tuple(k.value for k in ConditionKind if k not in _NOT_BY_HAND)


def edit_view(encounter: Encounter, pid: str) -> EditView | None:
    c = encounter.state.creatures.get(CreatureId(pid))
    if c is None:
        return None
    return EditView(c.hp, c.max_hp, tuple(dict.fromkeys(k.kind.value for k in c.conditions)))


def addable(encounter: Encounter) -> tuple[tuple[str, str], ...]:
    return tuple((sid, sheet.name if isinstance(sheet, Template) else sid)
                 for sid, sheet in encounter.library.items())


def carry_out(encounter: Encounter, command: object) -> list[Event]:
    """Apply a table command (a game master's edit or a table roll); raises :class:`Impossible`."""
    return ed.carry_out(command, seed=encounter.seed, log=encounter.log, engine=encounter.engine,
                        over="the encounter is over" if encounter.state.ended else "", name=encounter.name,
                        edit=lambda c: _edit(encounter, c), settle=encounter._check_victory)
    if encounter.state.ended:
        raise Impossible("the encounter is over")
    if isinstance(command, ed.RemoveCreature) and ed.is_asked(command.creature, encounter.engine.pending):
        raise Impossible(f"{encounter.name(command.creature)} has a part in the open decision: answer it first")
    _edit(encounter, command)
    encounter._check_victory()
    return encounter.engine.take()


def _creature(encounter: Encounter, pid: str) -> Creature:
    c = encounter.state.creatures.get(CreatureId(pid))
    if c is None:
        raise Impossible(f"no creature {pid[:40]!r} in the fight")
    return c


def _at(encounter: Encounter, cell: Cell) -> str:
    col, row = encounter.state.board.grid.cell_to_offset(cell)
    return f"({col}, {row})"


def _taken(encounter: Encounter, but: Creature | None) -> dict[Cell, str]:
    st = encounter.state
    return {cell: repr(c.name) for c in st.living() if c is not but for cell in st.space(c)}


def _edit(encounter: Encounter, command: object) -> None:
    st = encounter.state
    emit = encounter.engine.emit
    match command:
        case ed.SetHitPoints():
            c = _creature(encounter, command.creature)
            low = -c.template.bloodied_at
            if not low <= command.hp <= c.max_hp:
                raise Impossible(f"{c.name}'s hit points go from {low} (dead) to {c.max_hp}")
            if command.hp <= 0 and st.acting is c:
                raise Impossible(f"{c.name} is acting: end its turn before dropping it")
            if c.dead and command.hp > 0:
                why = st.board.placement_problem(c.cell, c.template.size, _taken(encounter, c))
                if why:
                    raise Impossible(f"{c.name} cannot come back: {why}")
            was, c.hp = c.hp, command.hp
            state = ""
            if command.hp > 0:
                c.dead = c.dying = False
                c.death_saves_failed = 0
            elif command.hp <= low or c.is_minion:
                c.dead, c.dying, state = True, False, " (dead)"
            elif not c.dead:
                c.dying, state = True, " (dying)"
            emit(ed.GmEdited("hp", c.id, f"{c.name}'s hit points set to {command.hp} (were {was}){state}"))
        case ed.AddCondition():
            c = _creature(encounter, command.creature)
            kind = _kind(command.condition)
            if c.has(kind):
                raise Impossible(f"{c.name} is already {kind.value}")
            c.conditions.append(Condition(kind, c.id, Duration.ENCOUNTER))
            emit(ed.GmEdited("condition", c.id, f"{c.name} is {kind.value} (until the game master removes it)"))
        case ed.RemoveCondition():
            c = _creature(encounter, command.creature)
            gone = next((k for k in ConditionKind if k.value == command.condition), None)
            if gone is None or not c.has(gone):
                raise Impossible(f"{c.name} is not {command.condition[:40]}")
            c.conditions[:] = [k for k in c.conditions if k.kind is not gone]
            emit(ed.GmEdited("condition", c.id, f"{c.name} is no longer {gone.value}"))
        case ed.PlaceCreature():
            c = _creature(encounter, command.creature)
            if c.dead:
                raise Impossible(f"{c.name} is dead: set its hit points first")
            why = st.board.placement_problem(command.to, c.template.size, _taken(encounter, c))
            if why:
                raise Impossible(f"{c.name} cannot stand at {_at(encounter, command.to)}: {why}")
            left, c.cell = c.cell, command.to
            st.memo.clear()
            emit(ed.GmEdited("place", c.id, f"{c.name} put at {_at(encounter, command.to)} "
                                            f"(was at {_at(encounter, left)})"))
        case ed.AddCreature():
            sheet = encounter.library.get(command.sheet)
            if not isinstance(sheet, Template):
                raise Impossible(f"no sheet {command.sheet[:40]!r} in the fight's content")
            if not command.side.strip():
                raise Impossible("a creature brought in needs a side")
            why = st.board.placement_problem(command.to, sheet.size, _taken(encounter, None))
            if why:
                raise Impossible(f"{sheet.name} cannot stand at {_at(encounter, command.to)}: {why}")
            n = 1
            while CreatureId(f"{sheet.id}_{n}") in st.creatures or any(
                    c.name == f"{sheet.name} {n}" for c in st.creatures.values()):
                n += 1  # at most one more than the creatures in the fight
            from game.rulesets.seed000.preparation import with_builtin_reactions

            full = with_builtin_reactions(sheet)
            cid = CreatureId(f"{sheet.id}_{n}")
            c = Creature(cid, f"{sheet.name} {n}", command.side, full, command.to, hp=full.hp, surges=full.surges)
            st.creatures[cid] = c
            st.initiative = [*st.initiative, cid]
            reactions = getattr(encounter.ruleset, "reactions", None)
            if reactions is not None:  # its reactions as its sheet prepares them, until its first turn
                from game.rulesets.seed000.preparation import default_preparation
                from game.rulesets.seed000.reaction_tickets import Budget

                reactions.budgets[cid] = Budget(default_preparation(full))
            st.memo.clear()
            copied = f", a copy of {encounter.name(command.copy_of)}" if command.copy_of else ""
            emit(ed.GmEdited("add", cid, f"{c.name} ({command.side}{copied}) joins the fight at "
                                         f"{_at(encounter, command.to)}, last in the initiative order"))
        case ed.RemoveCreature():
            c = _creature(encounter, command.creature)
            if st.acting is c:
                raise Impossible(f"{c.name} is acting: end its turn before removing it")
            acting = st.acting_id
            del st.creatures[c.id]
            st.initiative = [x for x in st.initiative if x != c.id]
            reactions = getattr(encounter.ruleset, "reactions", None)
            if reactions is not None:
                reactions.budgets.pop(c.id, None)
            if acting is not None:
                st.turn_index = st.initiative.index(acting)
            for other in st.creatures.values():
                other.conditions[:] = [k for k in other.conditions if k.source != c.id]
            st.memo.clear()
            emit(ed.GmEdited("remove", c.id, f"{c.name} is taken out of the fight"))
        case ed.MoveInOrder():
            c = _creature(encounter, command.creature)
            order = list(st.initiative)
            if c.id not in order:
                raise Impossible(f"{c.name} is not in the initiative order")
            i = order.index(c.id)
            j = i + command.by
            if command.by == 0 or not 0 <= j < len(order):
                raise Impossible(f"{c.name} is already {'first' if command.by < 0 else 'last'} in the order")
            acting = st.acting_id
            order.insert(j, order.pop(i))
            st.initiative = order
            if acting is not None:
                st.turn_index = order.index(acting)
            emit(ed.GmEdited("order", c.id, f"{c.name} moved to place {j + 1} of {len(order)} in the "
                                            f"initiative order"))
        case _:
            raise Impossible(f"not a game master's edit: {type(command).__name__}")


def _kind(name: str) -> ConditionKind:
    kind = next((k for k in ConditionKind if k.value == name), None)
    if kind is None or kind in _NOT_BY_HAND:
        known = ", ".join(CONDITIONS)
        if kind is not None:
            raise Impossible(f"{name} needs a source or an amount, which an edit does not give (conditions: "
                             f"{known})")
        raise Impossible(f"unknown condition {name[:40]!r} (seed 000's: {known})")
    return kind
