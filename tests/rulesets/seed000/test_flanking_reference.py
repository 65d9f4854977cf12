"""Flanking against a plain reference written straight from the rulings.

``tactics.flanking_pairs``, ``flanked_by``, ``is_flanking``, ``flanking_cells``, ``flank_status_at``,
``has_combat_advantage`` and the landings of ``forced_candidates`` are all made of one implementation
(``tactics._flankers`` and ``_partners``). The reference below is written from the rulings, pair by pair,
with nothing cached and no tactics helper:

* DESIGN.md, geometry rulings: "Square grid: [...] Flanking: an ally on the cell opposite the attacker across
  the target (for larger creatures: opposite sides or corners of its space)" (lines 144-146); "Hex grid:
  [...] Flanking: the ally on the hex opposite the attacker across the target" (lines 147-149); "Flanking
  needs both flankers adjacent to the target and able to attack it; a one-cell target has 4 flanking pairs
  on squares, 3 on hexes" (lines 156-157);
* README, "Rulings", lines 556-559: "An ally on the cell opposite the attacker across the target, both
  adjacent and able to make melee attacks. Around a 2x2 target, cells on opposite sides or at opposite
  corners flank. Flanking gives combat advantage to melee attacks only.";
* seed 000 (``/work/shared/seeds/000_286d0557333318ee.txt``) lines 83-84 and 93-94, the forced-movement and
  movement decisions, ask where a creature "is flanked and not flanking" / "is flanking and not flanked":
  ``flank_status_at`` and ``Landing.flanked`` / ``Landing.flanking``.

Hypothesis draws boards (``test_movement_reference.crowds``: allies, enemies, a 2x2 creature, ranged-only,
stunned, dazed, dying and dead creatures, an initiative order); every answer must be the reference's.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.grid import Cell, Hex, Square
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.model import ConditionKind, CreatureId, ForcedKind, RangeKind, TargetKind
from game.rulesets.seed000.state import Creature, EncounterState

from test_movement_reference import crowds, ref_ranks  # same folder

Kit = Any  # the conftest helper object
EXAMPLES = settings(max_examples=100, deadline=None)

# -- the reference ---------------------------------------------------------------------------


def ref_able(c: Creature) -> bool:
    """Able to attack in melee: alive, able to act, a melee power aimed at enemies or at any creature."""
    return not c.dead and c.can_act and any(
        p.reach.kind is RangeKind.MELEE and p.targets in (TargetKind.ENEMY, TargetKind.CREATURE)
        for p in c.template.powers)


def ref_opposite(state: EncounterState, target: Creature, a: Cell, b: Cell) -> bool:
    """Whether ``a`` and ``b``, both next to ``target``'s space, lie opposite each other across it.

    One cell (and every hex): ``b`` is ``a`` mirrored through the target's cell. A 2x2 target: ``a`` and
    ``b`` on opposite sides (west and east, north and south: beyond the space's columns / rows on
    opposite ends, within it along the other axis) or at opposite corners."""
    space = state.space(target)
    if len(space) == 1:
        (t,) = space
        if isinstance(t, Hex):
            assert isinstance(a, Hex) and isinstance(b, Hex)
            return (b.q, b.r) == (2 * t.q - a.q, 2 * t.r - a.r)
        assert isinstance(t, Square) and isinstance(a, Square) and isinstance(b, Square)
        return (b.x, b.y) == (2 * t.x - a.x, 2 * t.y - a.y)
    squares = [c for c in space if isinstance(c, Square)]
    x0, x1 = min(c.x for c in squares), max(c.x for c in squares)
    y0, y1 = min(c.y for c in squares), max(c.y for c in squares)
    assert isinstance(a, Square) and isinstance(b, Square)

    def where(c: Square) -> tuple[str, str]:
        return ("W" if c.x < x0 else "E" if c.x > x1 else "-", "N" if c.y < y0 else "S" if c.y > y1 else "-")

    flip = {"W": "E", "E": "W", "N": "S", "S": "N", "-": "-"}
    wa, wb = where(a), where(b)
    return wb == (flip[wa[0]], flip[wa[1]])


def ref_next_to(state: EncounterState, cell: Cell, target: Creature) -> bool:
    grid = state.board.grid
    space = state.space(target)
    return cell not in space and min(grid.distance(cell, t) for t in space) == 1


def ref_flank(state: EncounterState, x: Creature, y: Creature, target: Creature) -> bool:
    """Whether ``x`` and ``y`` flank ``target``: two allies (not the same creature), enemies of the target,
    both able to attack in melee, each with a cell next to the target's space, two of them opposite."""
    if target.dead or x.id == y.id or x.side != y.side or x.side == target.side:
        return False
    if not (ref_able(x) and ref_able(y)):
        return False
    return any(ref_next_to(state, a, target) and ref_next_to(state, b, target) and ref_opposite(state, target, a, b)
               for a in state.space(x) for b in state.space(y))


def ref_pairs(state: EncounterState, target: Creature) -> list[tuple[CreatureId, CreatureId]]:
    ranks = ref_ranks(state)
    everyone = sorted((c for c in state.creatures.values() if not c.dead), key=lambda c: ranks[c.id])
    return [(x.id, y.id) for i, x in enumerate(everyone) for y in everyone[i + 1:] if ref_flank(state, x, y, target)]


@contextmanager
def standing(creature: Creature, anchor: Cell) -> Iterator[None]:
    home = creature.cell
    creature.cell = anchor
    try:
        yield
    finally:
        creature.cell = home


def ref_status_at(state: EncounterState, creature: Creature, anchor: Cell) -> tuple[bool, bool]:
    """Seed 000 lines 83-84 and 93-94: (flanked, flanking) were ``creature`` on ``anchor``."""
    with standing(creature, anchor):
        living = [c for c in state.creatures.values() if not c.dead]
        flanked = bool(ref_pairs(state, creature))
        flanking = any(ref_flank(state, creature, ally, enemy) for enemy in living for ally in living)
    return flanked, flanking


def ref_flanking_cells(state: EncounterState, attacker: Creature, target: Creature) -> set[Cell]:
    """Anchors where ``attacker`` can stand and would flank ``target`` with an ally where it is."""
    out = set()
    for anchor in state.board:
        if not state.can_stand(attacker, anchor):
            continue
        with standing(attacker, anchor):
            if any(ref_flank(state, attacker, ally, target) for ally in state.creatures.values() if not ally.dead):
                out.add(anchor)
    return out


# -- the properties ----------------------------------------------------------------------------


@EXAMPLES
@given(data=st.data())
def test_flanking_pairs_and_everything_said_of_them_are_the_references(kit: Kit, data: st.DataObject) -> None:
    """flanking_pairs (in initiative order), flanked_by, is_flanking, combat advantage from flanking (melee
    only, README line 558-559) and flanking_cells, for every creature as the target."""
    state = data.draw(crowds(kit))
    ranks = ref_ranks(state)
    for target in state.creatures.values():
        pairs = ref_pairs(state, target)
        assert tactics.flanking_pairs(state, target) == pairs, target.id
        by = sorted({cid for pair in pairs for cid in pair}, key=ranks.__getitem__)
        assert tactics.flanked_by(state, target) == tuple(by)
        for attacker in state.creatures.values():
            partners = [b if a == attacker.id else a for a, b in pairs if attacker.id in (a, b)]
            assert tactics.is_flanking(state, attacker, target) == bool(partners)
            advantage, why = tactics.has_combat_advantage(state, attacker, target, melee=True)
            if partners:
                assert why == f"flanking with {state.creatures[partners[0]].name}"
            else:
                assert not why.startswith("flanking")
            assert not tactics.has_combat_advantage(state, attacker, target, melee=False)[1].startswith("flanking")
            assert tactics.flanking_cells(state, attacker, target) == ref_flanking_cells(state, attacker, target), \
                (attacker.id, target.id)


@EXAMPLES
@given(data=st.data())
def test_flank_status_at_every_cell_and_every_landing_is_the_references(kit: Kit, data: st.DataObject) -> None:
    """flank_status_at on every cell a creature can stand on, and the flanked / flanking of each landing of a
    slide (seed 000 lines 83-84: "where the target is flanked and not flanking")."""
    state = data.draw(crowds(kit))
    for creature in state.creatures.values():
        if creature.dead:
            continue
        for anchor in state.board:
            if state.can_stand(creature, anchor):
                assert tactics.flank_status_at(state, creature, anchor) == ref_status_at(state, creature, anchor), \
                    (creature.id, anchor)
        options = tactics.forced_candidates(state, creature, creature.cell, ForcedKind.SLIDE, 2)
        for cell, landing in options.finals.items():
            assert (landing.flanked, landing.flanking) == ref_status_at(state, creature, cell), (creature.id, cell)


# -- boards drawn with their answers -------------------------------------------------------------


def cid(letter: str) -> CreatureId:
    return CreatureId(letter)


@pytest.mark.parametrize("hexes", [False, True])
def test_a_one_cell_target_has_four_pairs_on_squares_and_three_on_hexes(kit: Kit, hexes: bool) -> None:
    """DESIGN.md lines 156-157: "a one-cell target has 4 flanking pairs on squares, 3 on hexes"."""
    if hexes:
        state = kit.state_from("""
            . A B .
             C o D .
            . E F .
        """, hexes=True, initiative="ABCDEFo")
        expected = [("A", "F"), ("B", "E"), ("C", "D")]
    else:
        state = kit.state_from("""
            ABC
            DoE
            FGH
        """, initiative="ABCDEFGHo")
        expected = [("A", "H"), ("B", "G"), ("C", "F"), ("D", "E")]
    o = state.creatures[cid("o")]
    assert tactics.flanking_pairs(state, o) == [(cid(a), cid(b)) for a, b in expected]
    assert tactics.flanking_pairs(state, o) == ref_pairs(state, o)


def test_a_two_by_two_target_has_ten_pairs_sides_with_sides_and_corners_with_corners(kit: Kit) -> None:
    """README lines 557-558: "Around a 2x2 target, cells on opposite sides or at opposite corners flank":
    each of the 2 west cells with each of the 2 east ones, north with south likewise, and the two pairs of
    opposite corners: 10 pairs; a corner does not flank with a side."""
    state = kit.state_from("""
        ABCD
        EooK
        FooL
        GHIJ
    """, initiative="ABCDEFGHIJKLo")
    o = state.creatures[cid("o")]
    expected = ["AJ", "BH", "BI", "CH", "CI", "DG", "EK", "EL", "FK", "FL"]
    assert tactics.flanking_pairs(state, o) == [(cid(a), cid(b)) for a, b in expected]
    assert tactics.flanking_pairs(state, o) == ref_pairs(state, o)


def test_flankers_must_be_allies_of_each_other_able_to_attack_in_melee(kit: Kit) -> None:
    """DESIGN.md line 156: "both flankers adjacent to the target and able to attack it"; README line 557:
    "able to make melee attacks": B is stunned, D has only a bow, b and c are the target's allies: only A
    and C flank."""
    bow = kit.template("archer", powers=(kit.power("bow", kind=RangeKind.RANGED, range_=10),))
    state = kit.state_from("""
        bBc
        AoC
        .D.
    """, templates={"D": bow}, conditions={"B": [ConditionKind.STUNNED]})
    o = state.creatures[cid("o")]
    assert tactics.flanking_pairs(state, o) == [(cid("A"), cid("C"))] == ref_pairs(state, o)
    a = state.creatures[cid("A")]
    assert tactics.has_combat_advantage(state, a, o, melee=True) == (True, "flanking with C")
    assert tactics.has_combat_advantage(state, a, o, melee=False) == (False, "")


def test_flanking_cells_are_where_the_attacker_would_stand_opposite_an_ally(kit: Kit) -> None:
    """Opposite an ally already next to the target, where the attacker can stand: A's opposite is a wall,
    so nowhere; once c is a hero, the cell opposite it across o."""
    state = kit.state_from("""
        .....
        .A.c.
        ..o..
        ...#.
        B....
    """)
    b, o = state.creatures[cid("B")], state.creatures[cid("o")]
    assert tactics.flanking_cells(state, b, o) == frozenset() == ref_flanking_cells(state, b, o)
    state.creatures[cid("c")].side = "heroes"
    assert kit.draw(state, tactics.flanking_cells(state, b, o)) == kit.board_text("""
        .....
        .A.c.
        ..o..
        .*.#.
        B....
    """)
    assert tactics.flanking_cells(state, b, o) == ref_flanking_cells(state, b, o)
    assert tactics.flank_status_at(state, b, Square(1, 3)) == (False, True) == ref_status_at(state, b, Square(1, 3))


def test_a_creature_flanks_only_in_a_pair_of_its_own(kit: Kit) -> None:
    """Seed 000 lines 93-94 ("where the character is flanking"): D north of o, with nobody south, does not
    flank, though its allies B and C flank o; south of o, opposite nobody either; it flanks once E stands
    south."""
    state = kit.state_from("""
        D..
        BoC
        ...
        ..E
    """)
    d = state.creatures[cid("D")]
    assert tactics.flank_status_at(state, d, Square(1, 0)) == (False, False) == ref_status_at(state, d, Square(1, 0))
    state.creatures[cid("E")].cell = Square(1, 2)
    assert tactics.flank_status_at(state, d, Square(1, 0)) == (False, True) == ref_status_at(state, d, Square(1, 0))


def test_every_flanking_query_is_made_of_the_one_test(kit: Kit, monkeypatch: pytest.MonkeyPatch) -> None:
    """One implementation of flanking (issue 14, item 7): with ``tactics._flankers`` saying nobody can flank,
    no query finds flanking any more: pairs, is_flanking, combat advantage, flanking_cells, flank_status_at
    and the landings of forced movement."""
    state = kit.state_from("""
        .....
        .AoB.
        ..C..
    """)
    a, o, b, c = (state.creatures[cid(x)] for x in "AoBC")
    assert tactics.flanking_pairs(state, o) and tactics.flank_status_at(state, o, o.cell) == (True, False)
    monkeypatch.setattr(tactics.flanking, "_flankers", lambda *args: {})
    assert tactics.flanking_pairs(state, o) == [] and not tactics.is_flanking(state, a, o)
    assert tactics.flanked_by(state, o) == ()
    assert tactics.has_combat_advantage(state, a, o, melee=True) == (False, "")
    assert tactics.flanking_cells(state, c, o) == frozenset()
    assert tactics.flank_status_at(state, o, o.cell) == (False, False)
    landings = tactics.forced_candidates(state, b, a.cell, ForcedKind.SLIDE, 2).finals.values()
    assert not any(land.flanked or land.flanking for land in landings)
