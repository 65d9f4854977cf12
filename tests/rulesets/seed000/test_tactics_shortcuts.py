"""The shortcuts in the tactics package give exactly what the general code they stand in for gives.

* :func:`tactics._reachable_unthreatened` (a search by first reach, used when no path can provoke) against
  the general labelled search, :func:`tactics._reachable_labelled`, on the same surroundings.
* :func:`tactics.flank_status_at` (yes/no answers) against the pairs :func:`tactics._flank_pairs` lists (both
  are made of ``tactics._flankers``; ``test_flanking_reference.py`` checks them against the rulings).
"""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from game.grid import Cell
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.state import Creature, EncounterState
from tests.rulesets.seed000.test_tactics import PROPERTY, scenes

Kit = Any  # the conftest helper object (see conftest.Kit)


@PROPERTY
@given(scene=scenes(), budget=st.integers(1, 6))
def test_the_unthreatened_search_is_the_labelled_search_when_nothing_can_provoke(
        kit: Kit, scene: tuple[str, bool], budget: int) -> None:
    """Same cells in the same order, same costs, paths and (no) provokers, for a shift's surroundings
    (no threats looked at) and for a move's when no threatened cell is near, unless a path enters
    dangerous terrain (the quick search then gives way)."""
    state = kit.state_from(scene[0], hexes=scene[1])
    topo = tactics._topology(state)
    for mover in state.creatures.values():
        start = topo.index(mover.cell)
        assert start is not None
        for threats in (False, True):
            around = tactics._Surroundings(state, topo, mover, mover.cell, budget, threats=threats)
            if around.masks:
                continue  # someone could be provoked: only the labelled search applies
            harms = topo.harms(around.size)
            quick = tactics._reachable_unthreatened(topo, around, start, budget, harms)
            general = tactics._reachable_labelled(topo, around, start, budget, harms)
            if quick is None:  # a path entered dangerous terrain (maybe passing through): the labelled search decides
                assert harms
            else:
                assert list(quick.items()) == list(general.items())


def flank_status_by_pairs(state: EncounterState, creature: Creature, anchor: Cell) -> tuple[bool, bool]:
    """``flank_status_at`` worked out from the listed pairs: flanked when a pair flanks the creature there;
    flanking when it is in a pair flanking an enemy next to it (the creature filling its new space)."""
    size = tactics._size(state, creature)
    occupied = tactics._occupancy_near(state, anchor, 2 * size + 4, exclude=creature.id)
    ranks = tactics._ranks(state)
    space = state.space_at(creature, anchor)
    flanked = bool(tactics._flank_pairs(state, creature, space, occupied.get, ranks))
    if not tactics._can_flank(state, creature):
        return flanked, False
    mine = set(space)

    def who(cell: Cell) -> Creature | None:
        return creature if cell in mine else occupied.get(cell)

    for cell, _ in tactics._sides(state, space):
        enemy = occupied.get(cell)
        if enemy is None or enemy.side == creature.side:
            continue
        for a, b in tactics._flank_pairs(state, enemy, state.space(enemy), who, ranks):
            if creature.id in (a.id, b.id):
                return flanked, True
    return flanked, False


@PROPERTY
@given(scene=scenes(creatures=8))
def test_flank_status_at_is_what_the_flanking_pairs_say(kit: Kit, scene: tuple[str, bool]) -> None:
    """For every creature and every board cell as its anchor (even one it could not stand on)."""
    state = kit.state_from(scene[0], hexes=scene[1])
    for creature in state.creatures.values():
        for anchor in state.board:
            assert tactics.flank_status_at(state, creature, anchor) == flank_status_by_pairs(state, creature, anchor)


@PROPERTY
@given(scene=scenes(), size=st.integers(1, 3), data=st.data())
def test_blast_cells_remembered_are_the_blast_worked_out_afresh(
        kit: Kit, scene: tuple[str, bool], size: int, data: st.DataObject) -> None:
    """Asked twice, with the user moved in between, blast_cells answers what working it out answers."""
    state = kit.state_from(scene[0], hexes=scene[1])
    grid = state.board.grid
    for _ in range(2):
        for user in state.creatures.values():
            space = state.space(user)
            origins = {near for cell in space for near in grid.neighbours(cell) if near not in space}
            for origin in sorted(origins):
                assert tactics.blast_cells(state, user, origin, size) == tactics._blast_cells(state, space, origin, size)
        user = data.draw(st.sampled_from(list(state.creatures.values())))
        free = [c for c in state.board if state.can_stand(user, c)]
        if free:
            user.cell = data.draw(st.sampled_from(free))
