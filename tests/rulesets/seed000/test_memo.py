"""``game.mechanics.tactics.memo.per_object``: one answer per object, kept by identity, never another object's."""

from __future__ import annotations

import gc
import sys
import types
import weakref
from typing import Any

import game.rulesets.seed000.ai as ai
from game.grid import Square
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.encounter import Encounter
from game.mechanics.tactics.memo import per_object
from game.rulesets.seed000.model import CreatureId, ForcedKind

Kit = Any  # the conftest helper object


class _Thing:
    def __init__(self, name: str) -> None:
        self.name = name


def test_an_answer_is_made_once_per_object_and_never_given_to_another() -> None:
    table: dict[int, tuple[_Thing, str]] = {}
    made: list[str] = []

    def make(thing: _Thing) -> str:
        made.append(thing.name)
        return thing.name.upper()

    a, b = _Thing("a"), _Thing("b")
    assert per_object(table, a, make) == "A" and per_object(table, a, make) == "A"
    assert per_object(table, b, make) == "B"
    assert made == ["a", "b"]  # each worked out once
    impostor = _Thing("c")
    table[id(impostor)] = table.pop(id(a))  # as if ``a`` had died and ``impostor`` reused its id
    assert per_object(table, impostor, make) == "C"


def test_the_table_is_emptied_at_its_limit() -> None:
    table: dict[int, tuple[_Thing, int]] = {}
    things = [_Thing(str(i)) for i in range(5)]
    for thing in things:
        per_object(table, thing, lambda t: int(t.name), limit=3)
        assert len(table) <= 3
    assert per_object(table, things[0], lambda t: int(t.name), limit=3) == 0


# -- nothing of a finished encounter outlives it -------------------------------------------------


def _held_by_modules(targets: dict[int, str]) -> list[str]:
    """Which of ``targets`` (ids of live objects, with a name) can be reached from a global of a ``game``
    module: through containers, instances, class attributes and functions' defaults and closures (not
    through other modules, nor a function's module globals, which are roots themselves)."""
    roots = [(f"{name}.{key}", value) for name, module in list(sys.modules.items())
             if name == "game" or name.startswith("game.") for key, value in list(vars(module).items())]
    seen: set[int] = set()
    found: list[str] = []
    stack = roots
    while stack:
        where, obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if id(obj) in targets:
            found.append(f"{targets[id(obj)]} from {where}")
            continue
        if isinstance(obj, types.ModuleType):
            continue
        if isinstance(obj, type):
            inner: list[object] = list(vars(obj).values())
        elif isinstance(obj, types.FunctionType):
            inner = [obj.__defaults__, obj.__kwdefaults__, *(c.cell_contents for c in obj.__closure__ or ())]
        else:
            inner = gc.get_referents(obj)
        stack.extend((where, o) for o in inner)
    return found


def test_an_encounter_dropped_leaves_nothing_of_it_reachable_from_a_module(kit: Kit) -> None:
    """No module-level cache outlives an encounter (the team's rule; issue 14 item 7): after a fight the AI
    played and every tactics query looked at, dropping the encounter frees its state, and neither its
    board nor its creatures stay reachable from any ``game`` module's globals."""
    state = kit.state_from("""
        .........
        .A..#..b.
        .,,.#....
        .B...~.a.
        .........
    """)
    roster = [(c.id, c.name, c.side, c.template, c.cell) for c in state.creatures.values()]
    board = state.board
    encounter = Encounter(board, roster, seed=3)
    encounter.start()
    st = encounter.state
    for _ in range(12):  # the AI's turns fill its memos; every query below fills tactics' own
        actor = st.acting
        if actor is None or st.ended:
            break
        encounter.apply(ai.choose_command(encounter, actor))
    for c in list(st.creatures.values()):
        tactics.reachable(st, c)
        tactics.distance_field(st, c)
        tactics.threat_map(st, c)
        tactics.flanking_pairs(st, c)
        tactics.forced_candidates(st, c, Square(0, 0), ForcedKind.SLIDE, 2)
        for power in c.template.powers:
            tactics.valid_targets(st, c, power)
        tactics.line_of_effect(st, c.cell, Square(8, 4))
    creatures = list(st.creatures.values())
    alive = weakref.ref(encounter), weakref.ref(st)
    del encounter, st, actor, c
    gc.collect()
    assert [ref() for ref in alive] == [None, None]
    targets = {id(board): "the board", **{id(c): f"creature {c.id}" for c in creatures}}
    assert _held_by_modules(targets) == []


def test_encounters_on_one_board_share_its_arrays_and_nothing_of_each_other(kit: Kit) -> None:
    """The board's arrays (steps, floods, line of effect) depend on the board and the rules alone: the board
    keeps them (``Board.derived``), so a second encounter on it does not work them out again; other rules
    get arrays of their own; the encounters' memos stay apart."""
    from game.rulesets.seed000.tactics_rules import Seed000Tactics

    first = kit.state_from("""
        A..#.
        ..,.b
    """)
    second = kit.state_from("A....")
    second.board = first.board
    for state in (first, second):
        tactics.distance_field(state, state.creatures[CreatureId("A")])
    assert tactics._topology(first) is tactics._topology(second)
    assert first.memo is not second.memo and tactics._crowds(first.memo) is not tactics._crowds(second.memo)

    class Other(Seed000Tactics):  # equal to no seed 000 rules object: other arrays
        __slots__ = ()

        def __eq__(self, other: object) -> bool:
            return other is self

        def __hash__(self) -> int:
            return id(self)

    second.tactics_rules = Other()
    assert tactics._topology(first) is not tactics._topology(second)
