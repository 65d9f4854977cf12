"""Charging queries: the cells a charge may end on are exactly those ``Encounter`` accepts."""

from __future__ import annotations

from typing import Any

import pytest

from game.rulesets.seed000.charging import charge_ends, charge_targets
from game.rulesets.seed000.commands import ChargeCommand
from game.rulesets.seed000.encounter import Encounter, Impossible
from game.rulesets.seed000.model import ConditionKind, CreatureId, RangeKind

Kit = Any


def started(kit: Kit, text: str, *, hexes: bool = False, templates: dict[str, Any] | None = None,
            prone: str = "") -> Encounter:
    """A started encounter on ``text`` where the first creature in alphabetical order (a hero) acts."""
    state = kit.state_from(text, hexes=hexes, templates=templates)
    roster = [(c.id, c.name, c.side, c.template, c.cell) for c in state.creatures.values()]
    encounter = Encounter(state.board, roster, seed=3)
    encounter.start()
    encounter.state.initiative.sort(key=lambda cid: cid)
    encounter.state.turn_index = 0
    for letter in prone:
        encounter.state.creatures[CreatureId(letter)].conditions.append(kit.condition(ConditionKind.PRONE))
    return encounter


def accepted(kit: Kit, text: str, charger: str, target: str, **options: Any) -> set[Any]:
    """Every cell of the board on which the engine accepts the charge (each tried on a fresh fight)."""
    board = started(kit, text, **options).state.board
    out = set()
    for cell in board:
        encounter = started(kit, text, **options)
        try:
            encounter.apply(ChargeCommand(CreatureId(charger), CreatureId(target), cell))
        except Impossible:
            continue
        out.add(cell)
    return out


BOARDS = [
    ("""
        A.....
        .,,#..
        ...#.b
        ..c...
     """, False),
    ("""
        . A . . .
         . , # . b
        . . . . .
         c . . . .
     """, True),
]


@pytest.mark.parametrize(("text", "hexes"), BOARDS, ids=["square", "hex"])
def test_the_cells_a_charge_may_end_on_are_exactly_those_the_engine_accepts(kit: Kit, text: str,
                                                                          hexes: bool) -> None:
    encounter = started(kit, text, hexes=hexes)
    st = encounter.state
    hero = st.creatures[CreatureId("A")]
    for target in ("b", "c"):
        ends = charge_ends(st, hero, st.creatures[CreatureId(target)])
        assert set(ends) == accepted(kit, text, "A", target, hexes=hexes), target
    assert set(charge_targets(st, hero)) == {CreatureId("b"), CreatureId("c")}


def test_a_charge_moves_at_least_two_cells_and_ends_where_its_attack_reaches(kit: Kit) -> None:
    text = """
        .A.b..
        ......
    """
    encounter = started(kit, text)
    st = encounter.state
    ends = charge_ends(st, st.creatures[CreatureId("A")], st.creatures[CreatureId("b")])
    assert kit.draw(st, ends) == kit.board_text("""
        .A.b*.
        ...**.
    """)
    assert set(ends) == accepted(kit, text, "A", "b")


def test_a_longer_reach_charges_from_farther(kit: Kit) -> None:
    spear = kit.power("spear", reach=2, basic=True)
    text = """
        A......b
        ........
    """
    templates = {"A": kit.template(powers=(spear,))}
    encounter = started(kit, text, templates=templates)
    st = encounter.state
    ends = charge_ends(st, st.creatures[CreatureId("A")], st.creatures[CreatureId("b")])
    assert kit.draw(st, ends) == kit.board_text("""
        A....**b
        .....**.
    """), "within reach 2 of b and speed 6 of A"
    assert set(ends) == accepted(kit, text, "A", "b", templates=templates)


def test_nobody_can_be_charged_by_a_prone_creature_or_one_without_a_melee_basic_attack(kit: Kit) -> None:
    text = "A...b"
    encounter = started(kit, text, prone="A")
    st = encounter.state
    assert charge_targets(st, st.creatures[CreatureId("A")]) == {}
    assert accepted(kit, text, "A", "b", prone="A") == set()
    bow_only = {"A": kit.template(powers=(kit.power("bow", kind=RangeKind.RANGED, range_=10, basic=True),))}
    encounter = started(kit, text, templates=bow_only)
    assert charge_targets(encounter.state, encounter.state.creatures[CreatureId("A")]) == {}
    assert accepted(kit, text, "A", "b", templates=bow_only) == set()


def test_allies_and_creatures_out_of_reach_are_not_offered(kit: Kit) -> None:
    encounter = started(kit, """
        A.B........b
    """)
    st = encounter.state
    assert charge_targets(st, st.creatures[CreatureId("A")]) == {}
