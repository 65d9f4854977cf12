"""``tactics`` applies the rules its state holds (``EncounterState.tactics_rules``), not seed 000's alone.

A toy rules object, unlike seed 000's on every point (diagonals may cut wall
corners, difficult terrain costs nothing extra, lava cannot be entered, allies
block, everyone threatens two cells unless prone, "dash" does not provoke and
"walk" does), against seed 000's on the same boards, on both of the queries'
forms (plain Python and the numpy arrays used for crowds and large maps).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import pytest

from game.board import Terrain
from game.grid import Square
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.encounter import Encounter
from game.rulesets.seed000.model import ConditionKind, CreatureId, Template
from game.rulesets.seed000.seam import default_ruleset
from game.rulesets.seed000.state import Creature
from game.mechanics.tactics.rules import Blocking, piece_key
from game.rulesets.seed000.tactics_rules import SEED000_TACTICS

from test_movement_reference import ARRAYS, crowd_arrays  # same folder

Kit = Any  # the conftest helper object


@dataclass(frozen=True, slots=True)
class Toy:
    """Rules unlike seed 000's on every point ``tactics`` takes from them."""

    @property
    def modes(self) -> frozenset[str]:
        return frozenset({"walk", "dash"})

    @property
    def blocking(self) -> Blocking:
        return Blocking.OTHERS

    @property
    def cut_corners(self) -> bool:
        return True

    def passable(self, terrain: Terrain) -> bool:
        return not terrain.wall and terrain.damage is None

    def enter_cost(self, terrain: Terrain) -> int:
        return 1

    def can_move(self, creature: Creature, mode: str) -> bool:
        return not (mode == "dash" and creature.has(ConditionKind.SLOWED))

    def budget(self, creature: Creature, mode: str) -> int:
        return 4 if mode == "dash" else 2

    def threat_reach(self, sheet: Template) -> int:
        return 2

    def can_threaten(self, creature: Creature) -> bool:
        return not creature.has(ConditionKind.PRONE)

    def provokes(self, mode: str) -> bool:
        return mode == "walk"

    def can_flank_with(self, sheet: Template) -> bool:
        return False

    def can_flank(self, creature: Creature) -> bool:
        return False

    def route_key(self, mover: Creature, creatures: Iterable[Creature]) -> tuple[object, ...]:
        everyone = list(creatures)
        return piece_key(mover, everyone), tuple(tuple(k.kind for k in c.conditions) for c in [mover, *everyone])


TOY = Toy()


def cid(letter: str) -> CreatureId:
    return CreatureId(letter)


@ARRAYS
def test_movement_costs_passability_corners_and_blocking_come_from_the_rules(kit: Kit, arrays: bool) -> None:
    """distance_field and reachable: seed 000 forbids the diagonal past a wall corner, charges 2 for
    difficult terrain and lets allies be passed; the toy rules cut corners, charge 1 and block on allies
    and lava."""
    state = kit.state_from("""
        .#..
        A,#.
        B..~
    """)
    a = state.creatures[cid("A")]
    with crowd_arrays(arrays):
        seed000 = dict(tactics.distance_field(state, a))
        state.tactics_rules = TOY
        toy = dict(tactics.distance_field(state, a))
        walk = tactics.reachable(state, a, "walk")
    # seed 000: (1,1) is difficult (2); (2,0) only round by the right, corners forbidding both diagonals
    assert seed000[Square(1, 1)] == 2 and seed000[Square(0, 2)] == 1
    assert seed000[Square(2, 0)] == 6 and seed000[Square(3, 2)] == 3
    # toy: (1,1) costs 1, the diagonal (1,1) -> (2,0) past two wall corners is a step, B blocks, lava is closed
    assert toy[Square(1, 1)] == 1 and toy[Square(2, 0)] == 2
    assert Square(0, 2) not in toy and Square(3, 2) not in toy
    assert toy[Square(3, 1)] == 3  # (2,0) -> (3,1), past the wall at (2,1)
    # reachable: the toy's budget for a walk is 2, whatever the speed (6)
    assert set(walk) == {c for c, cost in toy.items() if 0 < cost <= 2}


def test_what_threatens_and_what_provokes_come_from_the_rules(kit: Kit) -> None:
    """Seed 000: b's reach-1 sword does not threaten A two cells away, and a move provokes; the toy: everyone
    not prone threatens two cells, a walk provokes and a dash does not; "move" is no toy mode."""
    state = kit.state_from("""
        A.b..
        .....
    """)
    a, b = state.creatures[cid("A")], state.creatures[cid("b")]
    assert tactics.provokers_leaving(state, a) == ()
    assert tactics.threat_reach(state, b) == 1
    state.tactics_rules = TOY
    assert tactics.threat_reach(state, b) == 2
    assert tactics.provokers_leaving(state, a) == (cid("b"),)
    assert Square(0, 0) in tactics.threatened_cells(state, b)
    walk, dash = tactics.reachable(state, a, "walk"), tactics.reachable(state, a, "dash")
    assert walk[Square(0, 1)].provokers == (cid("b"),)
    assert dash[Square(0, 1)].provokers == () and max(r.cost for r in dash.values()) == 4
    assert tactics.path_provokers(state, a, [Square(0, 1)], "walk") == (cid("b"),)
    assert tactics.path_provokers(state, a, [Square(0, 1)], "dash") == ()
    with pytest.raises(ValueError, match="walk"):
        tactics.reachable(state, a, "move")
    b.conditions.append(kit.condition(ConditionKind.PRONE))  # prone: seed 000 would still threaten
    assert tactics.provokers_leaving(state, a) == ()
    assert tactics.threatened_cells(state, b) == frozenset()
    a.conditions.append(kit.condition(ConditionKind.SLOWED))
    assert not tactics.can_move(state, a, "dash") and tactics.can_move(state, a, "walk")
    assert tactics.reachable(state, a, "dash") == {}


def test_the_memo_is_emptied_when_the_state_is_given_other_rules(kit: Kit) -> None:
    """Answers remembered under one rules object are not given under another (same state, same board)."""
    state = kit.state_from("""
        A,.
    """)
    a = state.creatures[cid("A")]
    assert tactics.reachable(state, a, "move", 2)[Square(1, 0)].cost == 2
    state.tactics_rules = TOY
    assert tactics.reachable(state, a, "walk", 2)[Square(1, 0)].cost == 1
    state.tactics_rules = SEED000_TACTICS
    assert dict(tactics.distance_field(state, a))[Square(2, 0)] == 3


def test_an_encounter_takes_its_rulesets_tactics_rules(kit: Kit) -> None:
    """The ruleset supplies the rules: an encounter's state holds its ruleset's object."""
    state = kit.state_from("A.b")
    roster = [(c.id, c.name, c.side, c.template, c.cell) for c in state.creatures.values()]
    ruleset = default_ruleset()
    encounter = Encounter(state.board, roster, ruleset=ruleset)
    assert encounter.state.tactics_rules is ruleset.tactics_rules is SEED000_TACTICS
