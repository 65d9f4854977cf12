"""The tactical queries: threat, flanking, movement, forced movement, targets.

Boards are drawn as ASCII (see ``conftest.py``): ``#`` wall, ``,`` difficult,
``~`` dangerous, ``.`` floor, uppercase letters heroes, lowercase monsters.
Expected answers are drawn the same way, with ``*`` (or a digit) on the cells
a query returns. Hypothesis draws random small boards, square and hex.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board import Board, Terrain
from game.grid import Cell, HexGrid, StaggerAxis, StaggerIndex
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.model import ConditionKind, CreatureId, Duration, ForcedKind, RangeKind, TargetKind
from game.rulesets.seed000.state import Condition, Creature, EncounterState

PROPERTY = settings(max_examples=120, deadline=None)
Kit = Any  # the conftest helper object (see conftest.Kit)


def at(state: EncounterState, col: int, row: int) -> Cell:
    """The cell at offset (col, row): what the ASCII drawing shows there."""
    cell: Cell = state.board.grid.offset_to_cell(col, row)
    return cell


def cid(letter: str) -> CreatureId:
    return CreatureId(letter)


# -- random boards -------------------------------------------------------------------------


@st.composite
def scenes(draw: st.DrawFn, *, hexes: bool | None = None, large: bool = True,
           max_side: int = 7, creatures: int = 5) -> tuple[str, bool]:
    """An ASCII board with random terrain and creatures; squares may hold a 2x2 creature ``G``."""
    if hexes is None:
        hexes = draw(st.booleans())
    width = draw(st.integers(3, max_side))
    height = draw(st.integers(3, max_side))
    cells = draw(st.lists(st.sampled_from("......,,#~"), min_size=width * height, max_size=width * height))
    if large and not hexes and draw(st.booleans()):
        x, y = draw(st.integers(0, width - 2)), draw(st.integers(0, height - 2))
        for dx, dy in itertools.product((0, 1), (0, 1)):
            cells[(y + dy) * width + x + dx] = "G"
    free = [i for i, ch in enumerate(cells) if ch != "G"]
    count = draw(st.integers(1, min(creatures, len(free))))
    spots = draw(st.lists(st.sampled_from(free), min_size=count, max_size=count, unique=True))
    letters = draw(st.lists(st.sampled_from("ABCDEabcde"), min_size=count, max_size=count, unique=True))
    for spot, letter in zip(spots, letters):
        cells[spot] = letter
    rows = [cells[r * width:(r + 1) * width] for r in range(height)]
    if hexes:
        text = "\n".join((" " if r % 2 else "") + " ".join(row) for r, row in enumerate(rows))
    else:
        text = "\n".join("".join(row) for row in rows)
    return text, hexes


def free_for(state: EncounterState, creature: Any, anchor: Cell) -> bool:
    """On the board, no wall and nobody else in the space: where a creature may end any movement."""
    return state.can_stand(creature, anchor)


# -- threat --------------------------------------------------------------------------------


def test_opportunity_power_is_the_sheets_default_else_the_first_melee_basic(kit: Kit) -> None:
    """The opportunity power: the sheet's default opportunity attack if melee, else its first melee basic."""
    bow = kit.power("bow", kind=RangeKind.RANGED, range_=10, basic=True)
    axe = kit.power("axe", basic=True)
    halberd = kit.power("halberd", reach=2)
    state = kit.state_from("a.b.c.d", templates={
        "a": kit.template(powers=(bow, axe)),
        "b": kit.template(powers=(axe, halberd), opportunity="halberd"),
        "c": kit.template(powers=(bow, axe), opportunity="bow"),
        "d": kit.template(powers=(bow,)),
    })
    got = {c: tactics.opportunity_power(state, state.creatures[cid(c)]) for c in "abcd"}
    assert {c: p.id if p else None for c, p in got.items()} == {"a": "axe", "b": "halberd", "c": "axe", "d": None}
    assert [tactics.threat_reach(state, state.creatures[cid(c)]) for c in "abcd"] == [1, 2, 1, 0]


def test_threatened_cells_are_the_cells_within_opportunity_reach(kit: Kit) -> None:
    """DESIGN.md: "A creature threatens the cells it could make an opportunity attack into: its
    melee reach for such attacks (normally adjacent), only while it can act and holds a weapon
    or an attack that allows it." """
    state = kit.state_from("""
        .......
        .......
        ...o...
        .......
        .......
    """)
    o = state.creatures[cid("o")]
    assert kit.draw(state, tactics.threatened_cells(state, o)) == kit.board_text("""
        .......
        ..***..
        ..*o*..
        ..***..
        .......
    """)


def test_reach_two_threatens_only_cells_in_line_of_effect_and_never_walls(kit: Kit) -> None:
    """Threat reaches as far as the opportunity power, but not through walls (line of effect)."""
    state = kit.state_from("""
        .......
        .#####.
        ...o...
        .......
        .......
    """, templates={"o": kit.template(powers=(kit.power("glaive", reach=2, basic=True),))})
    o = state.creatures[cid("o")]
    assert kit.draw(state, tactics.threatened_cells(state, o)) == kit.board_text("""
        .......
        .#####.
        .**o**.
        .*****.
        .*****.
    """)


@pytest.mark.parametrize("kind", [ConditionKind.DAZED, ConditionKind.STUNNED, ConditionKind.UNCONSCIOUS,
                                  ConditionKind.DOMINATED])
def test_a_creature_that_cannot_react_threatens_nothing(kit: Kit, kind: ConditionKind) -> None:
    """DESIGN.md: threat holds "only while it can act"; dazed creatures take no opportunity attacks."""
    state = kit.state_from("A.o", conditions={"o": [kind]})
    assert tactics.threatened_cells(state, state.creatures[cid("o")]) == frozenset()


def test_a_creature_without_a_melee_attack_threatens_nothing(kit: Kit) -> None:
    """DESIGN.md: threat needs "a weapon or an attack that allows it"."""
    bow = kit.power("bow", kind=RangeKind.RANGED, range_=10, basic=True)
    state = kit.state_from("A.o", templates={"o": kit.template(powers=(bow,))})
    assert tactics.threatened_cells(state, state.creatures[cid("o")]) == frozenset()


def test_a_large_creature_threatens_around_its_whole_space(kit: Kit) -> None:
    """A 2x2 creature threatens every cell adjacent to any cell of its space."""
    state = kit.state_from("""
        ......
        .oo...
        .oo...
        ......
        ......
    """)
    assert kit.draw(state, tactics.threatened_cells(state, state.creatures[cid("o")])) == kit.board_text("""
        ****..
        *oo*..
        *oo*..
        ****..
        ......
    """)


def test_threat_map_lists_threatening_enemies_in_initiative_order(kit: Kit) -> None:
    """The threat map names every enemy threatening a cell, in initiative order; allies are left out."""
    state = kit.state_from("""
        a.b
        .A.
        .B.
    """, initiative="Bba")
    threats = tactics.threat_map(state, state.creatures[cid("A")])
    assert threats[at(state, 1, 0)] == ("b", "a")
    assert threats[at(state, 0, 1)] == ("a",)
    assert at(state, 1, 2) not in threats  # B's cell is threatened by nobody
    assert all(set(ids) <= {"a", "b"} for ids in threats.values())


# -- movement ------------------------------------------------------------------------------


def costs(routes: dict[Cell, tactics.Route]) -> dict[Cell, str]:
    return {cell: str(route.cost) for cell, route in routes.items()}


def test_difficult_terrain_costs_two_per_step(kit: Kit) -> None:
    """A step into a difficult cell costs 2 squares of movement."""
    state = kit.state_from("A,,...")
    routes = tactics.reachable(state, state.creatures[cid("A")])
    assert kit.draw(state, costs(routes)) == "A2456."


def test_a_shift_cannot_enter_difficult_terrain(kit: Kit) -> None:
    """A shift of 1 cannot pay the 2 squares a difficult cell costs."""
    state = kit.state_from("A,.")
    assert tactics.reachable(state, state.creatures[cid("A")], "shift") == {}


def test_a_large_creature_pays_double_when_any_cell_of_its_new_space_is_difficult(kit: Kit) -> None:
    """Ruling: a 2x2 creature's step costs 2 if any cell of the new space is difficult."""
    state = kit.state_from("""
        GG..
        GG.,
    """, templates={"G": kit.template(size=2)})
    routes = tactics.reachable(state, state.creatures[cid("G")])
    assert routes[at(state, 1, 0)].cost == 1
    assert routes[at(state, 2, 0)].cost == 3


def test_a_move_passes_through_an_ally_but_never_ends_on_it(kit: Kit) -> None:
    """Allies can be moved through; no move ends on an occupied cell."""
    state = kit.state_from("""
        #####
        #AB.#
        #####
    """)
    routes = tactics.reachable(state, state.creatures[cid("A")])
    assert set(routes) == {at(state, 3, 1)}
    assert routes[at(state, 3, 1)].path == (at(state, 2, 1), at(state, 3, 1))


def test_a_move_never_passes_through_an_enemy(kit: Kit) -> None:
    """Enemies block movement."""
    state = kit.state_from("""
        #####
        #Ab.#
        #####
    """)
    assert tactics.reachable(state, state.creatures[cid("A")]) == {}
    assert tactics.path_cost(state, state.creatures[cid("A")], [at(state, 2, 1), at(state, 3, 1)]) is None


def test_a_diagonal_step_past_a_wall_corner_is_refused(kit: Kit) -> None:
    """Squares: no diagonal step past a wall corner (both orthogonal cells between must be free of walls)."""
    state = kit.state_from("""
        A#.
        ...
    """)
    a = state.creatures[cid("A")]
    assert kit.draw(state, costs(tactics.reachable(state, a))) == kit.board_text("""
        A#4
        123
    """)
    assert tactics.path_cost(state, a, [at(state, 1, 1)]) is None
    assert tactics.path_cost(state, a, [at(state, 0, 1), at(state, 1, 1), at(state, 2, 0)]) is None
    assert tactics.path_cost(state, a, [at(state, 0, 1), at(state, 1, 1), at(state, 2, 1), at(state, 2, 0)]) == 4
    assert tactics.reachable(state, a, "shift").keys() == {at(state, 0, 1)}


def test_shift_reaches_the_neighbours_only(kit: Kit) -> None:
    """A shift moves one cell (budget 1)."""
    state = kit.state_from("""
        .....
        .....
        ..A..
        .....
        .....
    """)
    routes = tactics.reachable(state, state.creatures[cid("A")], "shift")
    assert kit.draw(state, routes) == kit.board_text("""
        .....
        .***.
        .*A*.
        .***.
        .....
    """)


def test_a_slowed_creature_moves_two(kit: Kit) -> None:
    """Slowed: speed 2."""
    state = kit.state_from("""
        .......
        .......
        .......
        ...A...
        .......
        .......
        .......
    """, conditions={"A": [ConditionKind.SLOWED]})
    routes = tactics.reachable(state, state.creatures[cid("A")])
    assert max(r.cost for r in routes.values()) == 2
    assert len(routes) == 24


@pytest.mark.parametrize("kind", [ConditionKind.IMMOBILIZED, ConditionKind.PRONE, ConditionKind.STUNNED])
@pytest.mark.parametrize("mode", ["move", "shift"])
def test_immobilized_prone_or_stunned_creatures_cannot_move(kit: Kit, kind: ConditionKind, mode: str) -> None:
    """Immobilized and prone creatures cannot move or shift (a prone one stands up first); nor can the stunned."""
    state = kit.state_from("A..", conditions={"A": [kind]})
    assert tactics.reachable(state, state.creatures[cid("A")], mode) == {}
    assert not tactics.can_move(state, state.creatures[cid("A")])


def test_leaving_a_threatened_cell_provokes_the_threatening_enemy_once(kit: Kit) -> None:
    """Moving out of a cell an enemy threatens provokes it; each enemy at most once per move."""
    state = kit.state_from("""
        .....
        .A...
        ..o..
        .....
    """)
    a = state.creatures[cid("A")]
    path = [at(state, 2, 1), at(state, 3, 1), at(state, 4, 1)]  # leaves three cells o threatens
    assert tactics.path_provokers(state, a, path) == ("o",)
    assert tactics.path_provokers(state, a, path, "shift") == ()
    assert tactics.reachable(state, a)[at(state, 4, 1)].provokers == ("o",)
    assert tactics.provokers_leaving(state, a) == ("o",)


def test_a_path_around_the_threatened_area_does_not_provoke(kit: Kit) -> None:
    """The safest path avoids leaving threatened cells, at a higher cost than the cheapest."""
    state = kit.state_from("""
        .......
        ...o...
        .A.....
        .......
        .......
    """)
    a = state.creatures[cid("A")]
    route = tactics.reachable(state, a)[at(state, 5, 1)]
    assert (route.cost, route.provokers) == (4, ("o",))
    assert (route.safest_cost, route.safest_provokers) == (5, ())
    threatened = tactics.threatened_cells(state, state.creatures[cid("o")])
    assert not any(cell in threatened for cell in route.safest_path[:-1])
    assert tactics.path_provokers(state, a, route.safest_path) == ()
    assert tactics.path_cost(state, a, route.safest_path) == 5


def test_the_safest_path_goes_round_dangerous_terrain_when_a_harmless_path_is_within_reach(kit: Kit) -> None:
    """DESIGN.md's dangerous terrain "deals its damage to a creature that enters it": the safest path
    (README, movement rulings: fewest provokers, then least terrain damage, then cost) walks round the lava
    at cost 5 rather than through it at cost 4, and says what the cheapest one would cost in damage."""
    state = kit.state_from("""
        .###.
        A~~~.
        .,...
    """)
    a = state.creatures[cid("A")]
    route = tactics.reachable(state, a)[at(state, 4, 1)]
    assert (route.cost, route.safest_cost) == (4, 5)
    assert tactics.path_dangers(state, a, route.safest_path) == ()
    assert tactics.path_harm(state, a, route.safest_path) == 0
    entered = tactics.path_dangers(state, a, route.path)
    assert entered and all(c in route.path and state.board.damage_at(c) is not None for c, _ in entered)
    assert tactics.path_harm(state, a, route.path) == 3.5 * len(entered)
    assert str(entered[0][1]) == "1d6 fire"


def test_a_shift_round_dangerous_terrain_is_the_safest_when_both_cost_the_same(kit: Kit) -> None:
    """A shift provokes nobody, so the least terrain damage decides between paths of equal cost; on hex a
    move takes the dry detour (cost 4) rather than the lava (cost 3)."""
    state = kit.state_from("A~.\n...")
    a = state.creatures[cid("A")]
    route = tactics.reachable(state, a, "shift", budget=2)[at(state, 2, 0)]
    assert tactics.path_dangers(state, a, route.safest_path) == ()
    assert route.safest_cost == 2
    state = kit.state_from("A ~ ~ .\n . . . .", hexes=True)
    a = state.creatures[cid("A")]
    route = tactics.reachable(state, a)[at(state, 3, 0)]
    assert tactics.path_dangers(state, a, route.safest_path) == ()
    assert (route.cost, route.safest_cost) == (3, 4)


def test_the_fewest_provokers_count_before_terrain_damage(kit: Kit) -> None:
    """The ruling's order: a path through lava that provokes nobody is safer than a dry one that
    provokes (an opportunity attack counts first)."""
    state = kit.state_from("""
        A~~~.
        .....
        .o...
    """)
    a = state.creatures[cid("A")]
    route = tactics.reachable(state, a)[at(state, 4, 0)]
    assert route.safest_provokers == ()
    assert tactics.path_dangers(state, a, route.safest_path)


def test_moving_away_from_an_enemy_that_cannot_react_provokes_nothing(kit: Kit) -> None:
    """A dazed enemy threatens nothing, so leaving its reach provokes nothing."""
    state = kit.state_from("oA...", conditions={"o": [ConditionKind.DAZED]})
    assert tactics.path_provokers(state, state.creatures[cid("A")], [at(state, 2, 0)]) == ()


def test_a_large_mover_provokes_when_any_cell_of_its_space_is_threatened(kit: Kit) -> None:
    """Ruling: a large creature moves as a unit; a step leaves its whole old space."""
    state = kit.state_from("""
        .....
        GGa..
        GG...
        .....
    """, templates={"G": kit.template(size=2)})
    g = state.creatures[cid("G")]
    assert tactics.path_provokers(state, g, [at(state, 0, 2)]) == ("a",)
    assert tactics.reachable(state, g)[at(state, 0, 2)].provokers == ("a",)


@pytest.mark.parametrize("initiative", ["abG", "baG"])
def test_provokers_of_a_large_mover_come_in_initiative_order(kit: Kit, initiative: str) -> None:
    """Enemies threatening different cells of a large mover's space are listed in initiative order."""
    state = kit.state_from("""
        b....
        GG...
        GG...
        ..a..
    """, templates={"G": kit.template(size=2)}, initiative=initiative)
    g = state.creatures[cid("G")]
    assert tactics.provokers_leaving(state, g) == tuple(initiative[:2])
    assert tactics.path_provokers(state, g, [at(state, 1, 1)]) == tuple(initiative[:2])


def test_a_large_space_hanging_off_the_right_edge_does_not_wrap_onto_the_next_row(kit: Kit) -> None:
    """A 2x2 space anchored in the last column is not on the board; asked about it anyway,
    ``provokers_leaving`` counts only the cells that exist, never the next row's first cell."""
    state = kit.state_from("""
        ...G
        .a..
        ....
    """, templates={"G": kit.template(size=1)})
    big = replace(state.creatures[cid("G")], template=kit.template(size=2))
    state.creatures[big.id] = big
    # The space at (3, 0) would be (3..4, 0..1); (4, 0) and (4, 1) are off the board. Wrapping
    # would read (0, 1) and (0, 2) instead, both threatened by "a".
    assert tactics.provokers_leaving(state, big) == ()


def test_a_large_creature_cannot_squeeze_through_a_one_cell_gap(kit: Kit) -> None:
    """A 2x2 creature needs its whole space free of walls at every step."""
    state = kit.state_from("""
        GG#...
        GG....
        ..#...
    """, templates={"G": kit.template(size=2, speed=8)})
    routes = tactics.reachable(state, state.creatures[cid("G")])
    assert set(routes) == {at(state, 0, 1)}


def test_path_cost_refuses_illegal_paths(kit: Kit) -> None:
    """path_cost: None for a jump, a wall, an enemy, or ending on an ally."""
    state = kit.state_from("""
        A.#..
        .Bb..
    """)
    a = state.creatures[cid("A")]
    assert tactics.path_cost(state, a, []) == 0
    assert tactics.path_cost(state, a, [at(state, 1, 0)]) == 1
    assert tactics.path_cost(state, a, [at(state, 2, 1)]) is None  # not adjacent, and an enemy
    assert tactics.path_cost(state, a, [at(state, 1, 0), at(state, 2, 0)]) is None  # wall
    assert tactics.path_cost(state, a, [at(state, 1, 1)]) is None  # ends on an ally
    assert tactics.path_cost(state, a, [at(state, 1, 1), at(state, 0, 1)]) == 2  # through an ally


def test_distance_field_floods_the_whole_map_around_enemies_and_walls(kit: Kit) -> None:
    """distance_field: movement costs with no budget; the start costs 0."""
    state = kit.state_from("""
        A.#.....
        .,#.b...
        ..#.....
        ........
    """)
    field = tactics.distance_field(state, state.creatures[cid("A")])
    assert kit.draw(state, {c: str(v) for c, v in field.items()}) == kit.board_text("""
        A1#88889
        12#7b789
        22#66789
        33456789
    """)  # b blocks; no diagonal past the wall's end at (2, 2)
    assert field[state.creatures[cid("A")].cell] == 0


@pytest.mark.parametrize("axis", list(StaggerAxis))
@pytest.mark.parametrize("index", list(StaggerIndex))
def test_movement_steps_are_the_grids_own_neighbours_in_every_tiled_hex_layout(
        kit: Kit, axis: StaggerAxis, index: StaggerIndex) -> None:
    """Hex: 6 neighbours whatever the stagger axis and index, also on a board not at offset (0, 0)."""
    grid = HexGrid(32, 32, 16, axis, index)
    origin = (-3, 5)
    board = Board(grid, 6, 5, origin=origin, terrain={grid.offset_to_cell(origin[0] + 1, origin[1] + 1): Terrain(wall=True)})
    sheet = kit.template(speed=3)
    for cell in board:
        if board.is_wall(cell):
            continue
        mover = Creature(cid("A"), "A", "heroes", sheet, cell, 30, 2)
        state = EncounterState(board, {mover.id: mover})
        expected = {n for n in grid.neighbours(cell) if n in board and not board.is_wall(n)}
        assert set(tactics.reachable(state, mover, "shift")) == expected
        field = tactics.distance_field(state, mover)
        assert all(field[c] == 1 for c in expected)
        assert len(field) == 6 * 5 - 1


# -- movement properties -------------------------------------------------------------------


@PROPERTY
@given(scene=scenes(), mode=st.sampled_from(["move", "shift"]), budget=st.one_of(st.none(), st.integers(0, 5)))
def test_reachable_cells_are_free_within_budget_and_reached_by_neighbour_chains(
        kit: Kit, scene: tuple[str, bool], mode: str, budget: int | None) -> None:
    """No reachable cell is a wall, off the board or occupied; costs stay within the budget; each
    path is a chain of neighbours from the start; path_cost and path_provokers agree."""
    state = kit.state_from(scene[0], hexes=scene[1])
    grid = state.board.grid
    for mover in state.creatures.values():
        routes = tactics.reachable(state, mover, mode, budget)
        limit = budget if budget is not None else (1 if mode == "shift" else mover.speed())
        for cell, route in routes.items():
            assert cell != mover.cell
            assert free_for(state, mover, cell)
            for path, cost, provokers in ((route.path, route.cost, route.provokers),
                                          (route.safest_path, route.safest_cost, route.safest_provokers)):
                assert path[-1] == cell
                assert 0 < cost <= limit
                assert all(grid.is_adjacent(a, b) for a, b in zip((mover.cell, *path), path))
                assert tactics.path_cost(state, mover, path, mode) == cost
                assert tactics.path_provokers(state, mover, path, mode) == provokers
            if mode == "shift":
                assert route.provokers == ()


@PROPERTY
@given(scene=scenes(), data=st.data())
def test_reachable_remembers_answers_but_never_a_stale_one(kit: Kit, scene: tuple[str, bool], data: st.DataObject) -> None:
    """Asked again after the state changed (someone moved, fell, died, got a condition or changed side),
    reachable answers what a fresh search answers; a caller changing an answer changes no later one."""
    state = kit.state_from(scene[0], hexes=scene[1])
    creatures = list(state.creatures.values())
    for _ in range(4):
        for mover in creatures:
            for mode in ("move", "shift"):
                got = tactics.reachable(state, mover, mode)
                assert got == tactics.reachable(state, mover, mode)
                budget = 1 if mode == "shift" else mover.speed()
                fresh = tactics._reachable(state, mover, mode, budget) if tactics.can_move(state, mover) \
                    and budget > 0 else {}
                assert got == fresh and list(got) == list(fresh)
                got.clear()
        who = data.draw(st.sampled_from(creatures))
        change = data.draw(st.sampled_from(["move", "condition", "dead", "dying", "side", "nothing"]))
        if change == "move":
            free = [c for c in state.board if state.can_stand(who, c)]
            if free:
                who.cell = data.draw(st.sampled_from(free))
        elif change == "condition":
            kind = data.draw(st.sampled_from([ConditionKind.SLOWED, ConditionKind.DAZED, ConditionKind.PRONE,
                                              ConditionKind.STUNNED, ConditionKind.MARKED]))
            who.conditions.append(Condition(kind, who.id, Duration.ENCOUNTER))
        elif change == "dead":
            who.dead = not who.dead
        elif change == "dying":
            who.dying = not who.dying
        elif change == "side":
            who.side = "other" if who.side != "other" else "heroes"


@PROPERTY
@given(scene=scenes(), data=st.data())
def test_a_route_through_waypoints_passes_them_in_order_and_one_stop_is_reachables_route(
        kit: Kit, scene: tuple[str, bool], data: st.DataObject) -> None:
    """route_via (the player's waypoints, issue 13 item 2): with one stop it is exactly reachable's route;
    through two it passes the first, ends on the second, and its cost and provokers are what path_cost and
    path_provokers say of its paths, within the budget, the safest provoking no more than the cheapest."""
    state = kit.state_from(scene[0], hexes=scene[1])
    mover = data.draw(st.sampled_from(list(state.creatures.values())))
    mode = data.draw(st.sampled_from(["move", "shift"]))
    routes = tactics.reachable(state, mover, mode, budget=None if mode == "move" else 3)
    for cell, route in routes.items():
        assert tactics.route_via(state, mover, [cell], mode, None if mode == "move" else 3) == route
    if not routes:
        return
    first = data.draw(st.sampled_from(sorted(routes, key=lambda c: (len(routes[c].path), str(c)))))
    last = data.draw(st.sampled_from(sorted(routes, key=lambda c: (len(routes[c].path), str(c)))))
    budget = mover.speed() if mode == "move" else 3
    got = tactics.route_via(state, mover, [first, last], mode, budget)
    if got is None:
        return
    for path, cost, provokers in ((got.path, got.cost, got.provokers),
                                  (got.safest_path, got.safest_cost, got.safest_provokers)):
        assert first in path and path[-1] == last
        assert tactics.path_cost(state, mover, path, mode) == cost <= budget
        assert tactics.path_provokers(state, mover, path, mode) == provokers
    assert len(got.safest_provokers) <= len(got.provokers)


def test_a_waypoint_routes_the_move_where_the_player_wants_it(kit: Kit) -> None:
    """A player who would rather walk through the lava than round it routes through a waypoint in it."""
    state = kit.state_from("""
        .###.
        A~~~.
        .,...
    """)
    a = state.creatures[cid("A")]
    route = tactics.route_via(state, a, [at(state, 2, 1), at(state, 4, 1)])
    assert route is not None
    assert at(state, 2, 1) in route.safest_path and route.safest_path[-1] == at(state, 4, 1)
    assert at(state, 2, 1) in [c for c, _ in tactics.path_dangers(state, a, route.safest_path)]
    assert tactics.route_via(state, a, [at(state, 0, 2), at(state, 4, 1)], budget=4) is None  # 2 + 4 > 4


@PROPERTY
@given(scene=scenes(), data=st.data())
def test_provokers_leaving_is_who_threatens_the_space_left(kit: Kit, scene: tuple[str, bool],
                                                         data: st.DataObject) -> None:
    """provokers_leaving, from any anchor on the board, is every enemy that can react and threatens a cell of the
    mover's space there (threatened_cells), in initiative order; reach 2 and conditions included."""
    state = kit.state_from(scene[0], hexes=scene[1])
    creatures = list(state.creatures.values())
    for c in creatures:
        if data.draw(st.booleans()):
            c.conditions.append(Condition(data.draw(st.sampled_from([ConditionKind.DAZED, ConditionKind.SLOWED])),
                                          c.id, Duration.ENCOUNTER))
    order = data.draw(st.permutations([c.id for c in creatures]))
    state.initiative = list(order)
    ranks = {c: i for i, c in enumerate(order)}
    for mover in creatures:
        for anchor in state.board:
            space = state.space_at(mover, anchor)
            if not all(cell in state.board for cell in space):
                continue  # a space off the board's edge: nowhere a creature stands
            expected = sorted((e.id for e in state.living() if e.side != mover.side
                               and set(space) & tactics.threatened_cells(state, e)), key=ranks.__getitem__)
            assert tactics.provokers_leaving(state, mover, anchor) == tuple(expected), (mover.id, anchor)


@PROPERTY
@given(scene=scenes())
def test_the_safest_path_never_provokes_more_than_the_cheapest(kit: Kit, scene: tuple[str, bool]) -> None:
    """The safest path provokes no more enemies than the cheapest, and costs no less."""
    state = kit.state_from(scene[0], hexes=scene[1])
    for mover in state.creatures.values():
        for route in tactics.reachable(state, mover).values():
            assert len(route.safest_provokers) <= len(route.provokers)
            assert route.safest_cost >= route.cost


@PROPERTY
@given(scene=scenes(), shift_budget=st.integers(1, 2))
def test_a_shift_reaches_only_neighbours_and_the_distance_field_agrees_with_reachable(
        kit: Kit, scene: tuple[str, bool], shift_budget: int) -> None:
    """A shift of 1 reaches neighbours only; reachable's cheapest costs equal distance_field's."""
    state = kit.state_from(scene[0], hexes=scene[1])
    grid = state.board.grid
    for mover in state.creatures.values():
        for cell in tactics.reachable(state, mover, "shift"):
            assert grid.is_adjacent(mover.cell, cell)
        field = tactics.distance_field(state, mover)
        for cell, route in tactics.reachable(state, mover).items():
            assert field[cell] == route.cost


@PROPERTY
@given(scene=scenes(), data=st.data())
def test_distances_to_a_few_cells_are_the_distance_fields(kit: Kit, scene: tuple[str, bool],
                                                         data: st.DataObject) -> None:
    """distances_to (a flood that stops once the cells asked for are settled) gives distance_field's cost
    of each cell asked for that the field reaches, and leaves out the others (walls, off the board, blocked)."""
    state = kit.state_from(scene[0], hexes=scene[1])
    grid = state.board.grid
    cells = [*state.board, grid.offset_to_cell(-1, 0), grid.offset_to_cell(0, 99)]
    for mover in state.creatures.values():
        field = tactics.distance_field(state, mover)
        wanted = data.draw(st.lists(st.sampled_from(cells), max_size=6))
        assert tactics.distances_to(state, mover, wanted) == {c: field[c] for c in wanted if c in field}


@PROPERTY
@given(scene=scenes(), data=st.data())
def test_distances_to_the_nearest_or_until_a_cell_keep_what_they_promise(kit: Kit, scene: tuple[str, bool],
                                                                        data: st.DataObject) -> None:
    """``nearest``: all the cheapest cells asked for are there; ``until``: all those cheaper than that cell, and
    the cell itself; and whatever is there has distance_field's cost (the AI's close_in relies on this)."""
    state = kit.state_from(scene[0], hexes=scene[1])
    grid = state.board.grid
    cells = [*state.board, grid.offset_to_cell(-1, 0), grid.offset_to_cell(0, 99)]
    for mover in state.creatures.values():
        field = tactics.distance_field(state, mover)
        wanted = data.draw(st.lists(st.sampled_from(cells), max_size=12))
        near = tactics.distances_to(state, mover, wanted, nearest=True)
        assert all(c in wanted and field[c] == cost for c, cost in near.items())
        costs = [field[c] for c in wanted if c in field]
        assert {c for c in wanted if c in field and field[c] == min(costs)} <= set(near) if costs else not near
        until = data.draw(st.sampled_from(cells))
        upto = tactics.distances_to(state, mover, wanted, until=until)
        assert all((c in wanted or c == until) and field[c] == cost for c, cost in upto.items())
        limit = field[until] if until in field else 1 << 30
        assert {c for c in wanted if c in field and field[c] < limit} <= set(upto)
        assert (until in upto) == (until in field)


def brute_force(state: EncounterState, mover: Any, budget: int) -> dict[Cell, tuple[int, int]]:
    """Every walk within the budget, enumerated: for each end cell, (least cost, fewest provokers)."""
    best: dict[Cell, tuple[int, int]] = {}
    grid = state.board.grid
    threats = tactics.threat_map(state, mover)
    occupied = state.occupancy()

    def threatened_by(anchor: Cell) -> set[str]:
        return {t for cell in state.space_at(mover, anchor) for t in threats.get(cell, ())}

    def step_cost(here: Cell, there: Cell) -> int | None:
        space = state.space_at(mover, there)
        for cell in space:
            if cell not in state.board or state.board.is_wall(cell):
                return None
            other = occupied.get(cell)
            if other is not None and other.id != mover.id and other.side != mover.side:
                return None
        dx, dy = there.x - here.x, there.y - here.y  # type: ignore[union-attr]
        if dx and dy:
            for corner in (type(here)(here.x + dx, here.y), type(here)(here.x, here.y + dy)):  # type: ignore[union-attr, call-arg]
                if any(c not in state.board or state.board.is_wall(c) for c in state.space_at(mover, corner)):
                    return None
        return 2 if any(state.board.is_difficult(c) for c in space) else 1

    def walk(here: Cell, cost: int, provoked: frozenset[str]) -> None:
        if here != mover.cell and state.can_stand(mover, here, occupied):
            old = best.get(here, (99, 99))
            best[here] = (min(old[0], cost), min(old[1], len(provoked)))
        for there in grid.neighbours(here):
            step = step_cost(here, there)
            if step is not None and cost + step <= budget:
                walk(there, cost + step, provoked | threatened_by(here))

    walk(mover.cell, 0, frozenset())
    return best


@settings(max_examples=80, deadline=None)
@given(scene=scenes(hexes=False, max_side=5), budget=st.integers(1, 3))
def test_reachable_matches_an_exhaustive_search_of_every_walk(kit: Kit, scene: tuple[str, bool], budget: int) -> None:
    """On small square boards, reachable's cheapest cost and the safest path's provoker count are
    exactly the best over every legal walk (provoking = leaving a threatened cell, each enemy once)."""
    state = kit.state_from(scene[0], hexes=scene[1])
    for mover in state.creatures.values():
        routes = tactics.reachable(state, mover, budget=budget)
        expected = brute_force(state, mover, budget)
        assert {c: (r.cost, len(r.safest_provokers)) for c, r in routes.items()} == expected


# -- flanking ------------------------------------------------------------------------------


@PROPERTY
@given(hexes=st.booleans(), width=st.integers(3, 7), height=st.integers(3, 7), data=st.data())
def test_a_lone_one_cell_target_has_4_flanking_pairs_on_squares_and_3_on_hexes(
        kit: Kit, hexes: bool, width: int, height: int, data: st.DataObject) -> None:
    """DESIGN.md: "a one-cell target has 4 flanking pairs on squares, 3 on hexes." Surrounded by
    enemies, it is flanked by exactly those pairs, each on opposite cells across it."""
    col, row = data.draw(st.integers(1, width - 2)), data.draw(st.integers(1, height - 2))
    rows = [["."] * width for _ in range(height)]
    rows[row][col] = "T"
    text = "\n".join((" " if r % 2 else "") + " ".join(cells) if hexes else "".join(cells)
                     for r, cells in enumerate(rows))
    state = kit.state_from(text, hexes=hexes)
    grid = state.board.grid
    target = state.creatures[cid("T")]
    around = grid.neighbours(target.cell)
    opposite_pairs = {frozenset((n, grid.opposite(n, target.cell))) for n in around}
    assert len(opposite_pairs) == (3 if hexes else 4)
    assert all(pair <= set(around) for pair in opposite_pairs)
    letters = "abcdefgh"
    for n, letter in zip(around, letters):
        c, r = grid.cell_to_offset(n)
        rows[r][c] = letter
    text = "\n".join((" " if r % 2 else "") + " ".join(cells) if hexes else "".join(cells)
                     for r, cells in enumerate(rows))
    state = kit.state_from(text, hexes=hexes)
    pairs = tactics.flanking_pairs(state, state.creatures[cid("T")])
    assert len(pairs) == len(opposite_pairs)
    cells = {p: state.creatures[p].cell for pair in pairs for p in pair}
    assert {frozenset((cells[a], cells[b])) for a, b in pairs} == opposite_pairs


def test_flanking_needs_an_ally_on_the_opposite_cell(kit: Kit) -> None:
    """DESIGN.md: "Square grid: flanking: an ally on the cell opposite the attacker across the target." """
    state = kit.state_from("""
        A..
        .o.
        .BC
    """, names={"C": "Ilsa"})
    o = state.creatures[cid("o")]
    assert tactics.flanking_pairs(state, o) == [("A", "C")]
    assert tactics.is_flanking(state, state.creatures[cid("A")], o)
    assert not tactics.is_flanking(state, state.creatures[cid("B")], o)
    assert tactics.flanked_by(state, o) == ("A", "C")
    assert tactics.has_combat_advantage(state, state.creatures[cid("A")], o, melee=True) == (True, "flanking with Ilsa")
    assert tactics.has_combat_advantage(state, state.creatures[cid("A")], o, melee=False) == (False, "")


def test_flanking_on_hexes_needs_the_opposite_hex(kit: Kit) -> None:
    """DESIGN.md: "Hex: the ally on the hex opposite the attacker across the target." """
    state = kit.state_from("""
        . . . . .
         . A B . .
        . . o . .
         . . C . .
    """, hexes=True)
    o = state.creatures[cid("o")]
    grid = state.board.grid
    a, c = state.creatures[cid("A")], state.creatures[cid("C")]
    assert grid.opposite(a.cell, o.cell) == c.cell
    assert tactics.flanking_pairs(state, o) == [("A", "C")]


@pytest.mark.parametrize("trouble", ["stunned", "no melee power", "not adjacent", "same side as the target"])
def test_flanking_needs_both_flankers_adjacent_and_able_to_attack(kit: Kit, trouble: str) -> None:
    """DESIGN.md: "Flanking needs both flankers adjacent to the target and able to attack it." """
    bow = kit.power("bow", kind=RangeKind.RANGED, range_=10, basic=True)
    boards: dict[str, tuple[str, dict[str, Any], dict[str, list[ConditionKind]]]] = {
        "stunned": ("A..\n.o.\n..B", {}, {"B": [ConditionKind.STUNNED]}),
        "no melee power": ("A..\n.o.\n..B", {"B": kit.template(powers=(bow,))}, {}),
        "not adjacent": ("A...\n.o..\n....\n...B", {}, {}),
        "same side as the target": ("A..\n.O.\n..B", {}, {}),
    }
    text, templates, conditions = boards[trouble]
    state = kit.state_from(text, templates=templates, conditions=conditions)
    target = next(c for c in state.creatures.values() if c.id in ("o", "O"))
    assert tactics.flanking_pairs(state, target) == []


def test_flanking_cells_are_the_free_cells_opposite_an_ally_already_adjacent(kit: Kit) -> None:
    """Where an attacker could stand to flank: opposite an ally already adjacent to the target."""
    state = kit.state_from("""
        .....
        .A...
        ..oC.
        ...#.
        B....
    """)
    o, b = state.creatures[cid("o")], state.creatures[cid("B")]
    assert kit.draw(state, tactics.flanking_cells(state, b, o)) == kit.board_text("""
        .....
        .A...
        .*oC.
        ...#.
        B....
    """)  # opposite A is a wall
    assert tactics.flanking_cells(state, o, state.creatures[cid("A")]) == frozenset()  # o has no ally


@pytest.mark.parametrize(("hero", "ally", "flanks"), [
    ((1, 2), (4, 3), True),   # W side and E side, different rows
    ((1, 2), (4, 2), True),   # W side and E side, same row
    ((2, 1), (3, 4), True),   # N side and S side
    ((1, 1), (4, 4), True),   # opposite corners
    ((4, 1), (1, 4), True),   # the other opposite corners
    ((1, 1), (4, 3), False),  # a corner and a side
    ((2, 1), (4, 2), False),  # N side and E side
    ((1, 3), (2, 4), False),  # W side and S side
])
def test_flanking_a_large_target_needs_opposite_sides_or_opposite_corners(
        kit: Kit, hero: tuple[int, int], ally: tuple[int, int], flanks: bool) -> None:
    """DESIGN.md: "(for larger creatures: opposite sides or corners of its space)". Ruling: any cell
    of one side flanks with any cell of the opposite side; corners with the opposite corner."""
    rows = [list("......") for _ in range(6)]
    for x, y in ((2, 2), (3, 2), (2, 3), (3, 3)):
        rows[y][x] = "o"
    rows[hero[1]][hero[0]] = "A"
    rows[ally[1]][ally[0]] = "B"
    state = kit.state_from("\n".join("".join(r) for r in rows), templates={"o": kit.template(size=2)})
    assert state.space(state.creatures[cid("o")]) == tuple(at(state, x, y) for y in (2, 3) for x in (2, 3))
    assert tactics.is_flanking(state, state.creatures[cid("A")], state.creatures[cid("o")]) is flanks


def test_a_2x2_target_surrounded_by_enemies_has_10_flanking_pairs(kit: Kit) -> None:
    """Around a 2x2 space: W-E 4 pairs, N-S 4 pairs, 2 pairs of opposite corners."""
    state = kit.state_from("""
        ......
        .ABCD.
        .EooF.
        .GooH.
        .IJKL.
        ......
    """, templates={"o": kit.template(size=2)})
    pairs = tactics.flanking_pairs(state, state.creatures[cid("o")])
    assert len(pairs) == 10
    assert ("A", "L") in pairs and ("D", "I") in pairs and ("E", "H") in pairs and ("B", "K") in pairs


def test_a_large_flanker_flanks_from_any_cell_of_its_space(kit: Kit) -> None:
    """A 2x2 attacker flanks with an ally opposite any of its cells adjacent to the target."""
    state = kit.state_from("""
        GG...
        GG...
        ..o..
        ...B.
    """, templates={"G": kit.template(size=2)})
    assert tactics.flanking_pairs(state, state.creatures[cid("o")]) == [("B", "G")]


# -- combat advantage ----------------------------------------------------------------------


@pytest.mark.parametrize(("kind", "melee", "expected"), [
    (ConditionKind.DAZED, False, (True, "target is dazed")),
    (ConditionKind.STUNNED, False, (True, "target is stunned")),
    (ConditionKind.UNCONSCIOUS, True, (True, "target is unconscious")),
    (ConditionKind.BLINDED, False, (True, "target is blinded")),
    (ConditionKind.DOMINATED, True, (True, "target is dominated")),
    (ConditionKind.GRANTING_ADVANTAGE, False, (True, "target grants combat advantage")),
    (ConditionKind.PRONE, True, (True, "target is prone")),
    (ConditionKind.PRONE, False, (False, "")),
    (ConditionKind.SLOWED, True, (False, "")),
])
def test_combat_advantage_from_the_targets_conditions(kit: Kit, kind: ConditionKind, melee: bool,
                                                       expected: tuple[bool, str]) -> None:
    """Conditions that grant combat advantage; prone only against melee attacks."""
    state = kit.state_from("Ao", conditions={"o": [kind]})
    assert tactics.has_combat_advantage(state, state.creatures[cid("A")], state.creatures[cid("o")], melee) == expected


def test_a_dying_target_grants_combat_advantage(kit: Kit) -> None:
    state = kit.state_from("aO")
    state.creatures[cid("O")].dying = True
    assert tactics.has_combat_advantage(state, state.creatures[cid("a")], state.creatures[cid("O")], False) == (
        True, "target is dying")


# -- forced movement -----------------------------------------------------------------------


def landing_steps(options: tactics.ForcedOptions) -> dict[Cell, str]:
    return {cell: str(land.steps) for cell, land in options.finals.items()}


def test_push_each_step_ends_farther_from_the_source(kit: Kit) -> None:
    """DESIGN.md: "Push: each step ends farther from the source ... The distance is a maximum." """
    state = kit.state_from("""
        .......
        .......
        ..aB...
        .......
        .......
    """)
    b, a = state.creatures[cid("B")], state.creatures[cid("a")]
    options = tactics.forced_candidates(state, b, a.cell, ForcedKind.PUSH, 2)
    assert kit.draw(state, landing_steps(options)) == kit.board_text("""
        .....2.
        ....12.
        ..aB12.
        ....12.
        .....2.
    """)
    assert all(land.max_steps == land.steps for land in options.finals.values())
    assert options.by_step[0] == frozenset(at(state, 4, y) for y in (1, 2, 3))
    assert set(options.farthest) == {at(state, 5, y) for y in range(5)}


def test_pull_each_step_ends_nearer_the_source(kit: Kit) -> None:
    """DESIGN.md: "pull: each step nearer"."""
    state = kit.state_from("""
        .......
        .......
        ..a..B.
        .......
        .......
    """)
    options = tactics.forced_candidates(state, state.creatures[cid("B")], state.creatures[cid("a")].cell,
                                        ForcedKind.PULL, 3)
    assert kit.draw(state, landing_steps(options)) == kit.board_text("""
        .......
        ...21..
        ..a21B.
        ...21..
        .......
    """)


def test_slide_goes_any_direction_and_ignores_difficult_terrain(kit: Kit) -> None:
    """DESIGN.md: "slide: any direction ... forced movement provokes nothing and ignores difficult terrain." """
    state = kit.state_from("""
        ,,,,,
        ,,#,,
        ,,B,a
        ,,,,,
    """)
    options = tactics.forced_candidates(state, state.creatures[cid("B")], state.creatures[cid("a")].cell,
                                        ForcedKind.SLIDE, 2)
    assert kit.draw(state, landing_steps(options)) == kit.board_text("""
        ,,,,,
        22#22
        21B1a
        21112
    """)  # row 0 is 2 steps away only past the wall's corners
    near = options.finals[at(state, 1, 2)]
    assert (near.steps, near.max_steps) == (1, 2)  # a slide of 2 can double back


def test_forced_movement_never_enters_walls_or_occupied_cells(kit: Kit) -> None:
    """DESIGN.md: "no step enters a wall or an occupied cell"."""
    state = kit.state_from("""
        ####
        aBC#
        ####
    """)
    options = tactics.forced_candidates(state, state.creatures[cid("B")], state.creatures[cid("a")].cell,
                                        ForcedKind.PUSH, 3)
    assert options.finals == {}
    assert options.by_step == (frozenset(), frozenset(), frozenset())


def test_a_landing_knows_dangerous_terrain_flanked_and_flanking(kit: Kit) -> None:
    """Landing flags the automatic decisions of seed 000 use: dangerous, flanked, flanking."""
    state = kit.state_from("""
        ...c..~
        ..B...~
        ...d...
        .......
        .......
        De.....
    """)
    b = state.creatures[cid("B")]
    options = tactics.forced_candidates(state, b, at(state, 0, 0), ForcedKind.SLIDE, 5)
    between = options.finals[at(state, 3, 1)]  # between c and d
    assert between.flanked and not between.flanking and not between.dangerous
    assert options.finals[at(state, 6, 0)].dangerous and options.finals[at(state, 6, 1)].dangerous
    beside = options.finals[at(state, 2, 5)]  # opposite D across e
    assert beside.flanking and not beside.flanked
    assert at(state, 3, 1) in options.flanked_not_flanking
    assert set(options.dangerous) == {at(state, 6, 0), at(state, 6, 1)}


def test_push_from_a_large_source_measures_from_its_whole_space(kit: Kit) -> None:
    """The distance of a push is between the nearest cells of the source's space and the target's."""
    state = kit.state_from("""
        ......
        GG....
        GGB...
        ......
    """, templates={"G": kit.template(size=2)})
    g, b = state.creatures[cid("G")], state.creatures[cid("B")]
    options = tactics.forced_candidates(state, b, state.space(g), ForcedKind.PUSH, 1)
    assert set(options.finals) == {at(state, 3, 1), at(state, 3, 2), at(state, 3, 3)}


@PROPERTY
@given(scene=scenes(), kind=st.sampled_from(ForcedKind), distance=st.integers(1, 4), data=st.data())
def test_forced_movement_keeps_to_free_cells_and_push_pull_keep_their_direction(
        kit: Kit, scene: tuple[str, bool], kind: ForcedKind, distance: int, data: st.DataObject) -> None:
    """DESIGN.md: "Push: each step ends farther from the source; pull: each step nearer; slide: any
    direction. The distance is a maximum; no step enters a wall or an occupied cell." A push never
    ends nearer than it started, a pull never farther; no landing is a wall, off the board or occupied."""
    state = kit.state_from(scene[0], hexes=scene[1])
    grid = state.board.grid
    cells = list(state.board)
    source = data.draw(st.sampled_from(cells))
    for target in state.creatures.values():
        options = tactics.forced_candidates(state, target, source, kind, distance)

        def gap(anchor: Cell) -> int:
            return min(grid.distance(source, c) for c in state.space_at(target, anchor))  # noqa: B023

        assert len(options.by_step) == distance
        for cell, land in options.finals.items():
            assert cell != target.cell and land.cell == cell
            assert 1 <= land.steps <= land.max_steps <= distance
            assert len(land.path) == land.steps and land.path[-1] == cell
            assert cell in options.by_step[land.steps - 1] and cell in options.by_step[land.max_steps - 1]
            previous = target.cell
            for step in land.path:
                assert grid.is_adjacent(previous, step)
                assert free_for(state, target, step)
                if kind is ForcedKind.PUSH:
                    assert gap(step) > gap(previous)
                elif kind is ForcedKind.PULL:
                    assert gap(step) < gap(previous)
                previous = step
            if kind is ForcedKind.PUSH:
                assert gap(cell) >= gap(target.cell) + land.steps
            elif kind is ForcedKind.PULL:
                assert gap(cell) <= gap(target.cell) - land.steps
        for layer in options.by_step:
            assert all(cell in options.finals for cell in layer)


# -- targets -------------------------------------------------------------------------------


def ids(creatures: list[Any]) -> list[str]:
    return [c.id for c in creatures]


def test_line_of_effect_is_blocked_only_by_walls_strictly_between(kit: Kit) -> None:
    """Line of effect: no wall strictly between the two cells on the grid's line."""
    state = kit.state_from("""
        A.#.b
        .....
        ..c..
    """)
    a, b, c = (state.creatures[cid(x)].cell for x in "Abc")
    assert not tactics.line_of_effect(state, a, b)
    assert tactics.line_of_effect(state, a, c)
    assert tactics.line_of_effect(state, a, at(state, 2, 0))  # the wall itself is not between


def test_melee_targets_are_within_reach(kit: Kit) -> None:
    """Melee: enemies within the power's reach (distance between spaces)."""
    state = kit.state_from("""
        ....c
        .b...
        A.d..
    """)
    a = state.creatures[cid("A")]
    assert ids(tactics.valid_targets(state, a, kit.power("sword"))) == ["b"]
    assert ids(tactics.valid_targets(state, a, kit.power("glaive", reach=2))) == ["b", "d"]


def test_ranged_targets_need_range_and_line_of_effect(kit: Kit) -> None:
    """Ranged: within range, with line of effect (a wall between blocks it)."""
    state = kit.state_from("""
        A.#.b.
        ......
        ..c..d
    """)
    bow = kit.power("bow", kind=RangeKind.RANGED, range_=4)
    assert ids(tactics.valid_targets(state, state.creatures[cid("A")], bow)) == ["c"]


def test_close_burst_targets_every_creature_within_size_but_the_user(kit: Kit) -> None:
    """Close burst: creatures within ``size`` of the user, the user excluded, filtered by target kind."""
    state = kit.state_from("""
        .....
        .bA..
        ..Bc.
        ....d
    """)
    a = state.creatures[cid("A")]
    assert ids(tactics.valid_targets(state, a, kit.power("nova", kind=RangeKind.CLOSE_BURST, size=1))) == ["b", "c"]
    everyone = kit.power("quake", kind=RangeKind.CLOSE_BURST, size=1, targets=TargetKind.CREATURE)
    assert ids(tactics.valid_targets(state, a, everyone)) == ["B", "b", "c"]
    heal = kit.power("word", kind=RangeKind.CLOSE_BURST, size=2, targets=TargetKind.SELF_OR_ALLY, heal=True)
    assert ids(tactics.valid_targets(state, a, heal)) == ["A", "B"]


def test_area_burst_centre_must_be_in_range_and_line_of_effect(kit: Kit) -> None:
    """Area burst: centred on a cell within range and line of effect; hits creatures within ``size`` of it."""
    state = kit.state_from("""
        A.....#.
        ......#c
        ..b...#.
        .d.B....
    """)
    a = state.creatures[cid("A")]
    fireball = kit.power("fireball", kind=RangeKind.AREA_BURST, range_=5, size=1, targets=TargetKind.CREATURE)
    assert ids(tactics.valid_targets(state, a, fireball, at(state, 2, 3))) == ["B", "b", "d"]
    assert ids(tactics.valid_targets(state, a, fireball, at(state, 7, 2))) == []  # out of range
    assert ids(tactics.valid_targets(state, a, fireball, None)) == []
    origins = tactics.burst_origins(state, a, fireball)
    assert at(state, 5, 1) in origins and at(state, 6, 1) not in origins and at(state, 7, 1) not in origins
    assert len(tactics.area_cells(state, a, fireball, at(state, 0, 0))) == 4  # a corner of the board


def test_close_blast_on_squares_is_a_square_beside_the_user(kit: Kit) -> None:
    """Ruling: a close blast is the size x size square adjacent to the user on the origin's side."""
    state = kit.state_from("""
        .......
        .......
        ..A....
        .......
        .......
    """)
    a = state.creatures[cid("A")]
    east = tactics.blast_cells(state, a, at(state, 3, 2), 3)
    assert kit.draw(state, east) == kit.board_text("""
        .......
        ...***.
        ..A***.
        ...***.
        .......
    """)
    corner = tactics.blast_cells(state, a, at(state, 1, 3), 2)
    assert kit.draw(state, corner) == kit.board_text("""
        .......
        .......
        ..A....
        **.....
        **.....
    """)
    assert tactics.blast_cells(state, a, at(state, 4, 2), 3) == frozenset()  # origin not adjacent


def test_close_blast_targets_the_creatures_in_its_cells(kit: Kit) -> None:
    state = kit.state_from("""
        ......
        ......
        ..Ac..
        ...b.d
    """)
    cone = kit.power("cone", kind=RangeKind.CLOSE_BLAST, size=2)
    assert ids(tactics.valid_targets(state, state.creatures[cid("A")], cone, at(state, 3, 2))) == ["b", "c"]
    assert tactics.valid_targets(state, state.creatures[cid("A")], cone, None) == []


@pytest.mark.parametrize(("size", "count"), [(1, 1), (2, 4), (3, 7), (4, 12)])
def test_close_blast_on_hexes_is_a_60_degree_cone(kit: Kit, size: int, count: int) -> None:
    """Ruling: on hexes, a close blast covers the hexes within ``size`` of the user and within 30
    degrees of the direction of the origin: 1, 4, 7, 12 hexes for sizes 1 to 4, in every direction."""
    rows = [["."] * 11 for _ in range(11)]
    rows[5][5] = "A"
    text = "\n".join((" " if r % 2 else "") + " ".join(cells) for r, cells in enumerate(rows))
    state = kit.state_from(text, hexes=True)
    a = state.creatures[cid("A")]
    grid = state.board.grid
    for origin in grid.neighbours(a.cell):
        cells = tactics.blast_cells(state, a, origin, size)
        assert len(cells) == count
        assert origin in cells
        assert all(1 <= grid.distance(a.cell, c) <= size for c in cells)
        mirrored = {grid.opposite(c, a.cell) for c in cells}
        assert tactics.blast_cells(state, a, grid.opposite(origin, a.cell), size) == mirrored


def test_target_kinds_and_the_dead_and_dying(kit: Kit) -> None:
    """Dead creatures are never targets; dying ones only of an ally's heal; personal powers target the user."""
    state = kit.state_from("""
        bAC
        .Dd
    """)
    a = state.creatures[cid("A")]
    state.creatures[cid("C")].dying = True
    state.creatures[cid("d")].dying = True
    state.creatures[cid("b")].dead = True
    strike = kit.power("strike")
    heal = kit.power("lay_on_hands", targets=TargetKind.ALLY, heal=True)
    assert ids(tactics.valid_targets(state, a, strike)) == []
    assert ids(tactics.valid_targets(state, a, heal)) == ["C", "D"]
    assert ids(tactics.valid_targets(state, a, kit.power("rally", targets=TargetKind.SELF_OR_ALLY))) == ["A", "D"]
    assert ids(tactics.valid_targets(state, a, kit.power("focus", kind=RangeKind.PERSONAL,
                                                         targets=TargetKind.SELF))) == ["A"]
    assert ids(tactics.valid_targets(state, a, kit.power("shove", targets=TargetKind.CREATURE))) == ["D"]


def test_the_remembered_sides_of_a_space_are_the_ones_worked_out_on_each_grid(kit: Kit) -> None:
    """tactics._sides remembers its answer per space in the encounter's memo, one table per grid kind (a
    Hex and a Square with the same numbers are equal tuples, so one table would mix them up)."""
    square = kit.state_from("....\n....\n....\n....")
    hexes = kit.state_from("""
        . . . .
         . . . .
        . . . .
         . . . .
    """, hexes=True)
    spaces: list[tuple[EncounterState, tuple[Cell, ...]]] = []
    for y in range(4):
        for x in range(4):
            spaces.append((hexes, (at(hexes, x, y),)))
            spaces.append((square, (at(square, x, y),)))
            big = tuple(at(square, x + dx, y + dy) for dy in range(2) for dx in range(2))
            spaces.append((square, big))
    for _ in range(2):  # worked out, then remembered
        for state, space in spaces:
            assert tactics._sides(state, space) == tuple(tactics._sides_of(state, space))
            assert tactics._sides(state, list(space)) == tuple(tactics._sides_of(state, space))
    assert len(hexes.memo.sides_hex) == 16 and len(square.memo.sides_square) == 32
    assert not hexes.memo.sides_square and not square.memo.sides_hex


def test_flanking_sees_a_sheet_swapped_for_one_without_melee_powers(kit: Kit) -> None:
    """Whether a sheet has a melee power is remembered per sheet (tactics._can_flank); a creature given
    another sheet is judged by the new one, and a flanker that cannot act does not flank."""
    state = kit.state_from("""
        .....
        .AoB.
        .....
    """)
    a, o, b = (state.creatures[cid(x)] for x in "AoB")
    assert tactics.is_flanking(state, a, o)
    melee = b.template
    b.template = kit.template("archer", powers=(kit.power("bow", kind=RangeKind.RANGED, range_=10),))
    assert not tactics.is_flanking(state, a, o)
    b.template = melee
    assert tactics.is_flanking(state, a, o)
    b.conditions.append(kit.condition(ConditionKind.STUNNED))
    assert not tactics.is_flanking(state, a, o)


@pytest.mark.parametrize("hexes", [False, True])
def test_remembered_line_of_effect_is_the_wall_scan_whichever_way_it_was_first_asked(kit: Kit, hexes: bool) -> None:
    """line_of_effect remembers (a, b) and (b, a) together; each answer is the plain scan of the line,
    with cells off the board (asked about too) never blocking."""
    rows = ["..#..", ".#...", "...#.", "#...."]
    state = kit.state_from("\n".join((" " if hexes and y % 2 else "") + " ".join(r) if hexes else r
                                     for y, r in enumerate(rows)), hexes=hexes)
    board, grid = state.board, state.board.grid
    cells = [at(state, x, y) for y in range(-1, 5) for x in range(-1, 6)]
    blocked = 0
    for n, (a, b) in enumerate(itertools.product(cells, cells)):
        first, second = ((a, b), (b, a)) if n % 2 else ((b, a), (a, b))
        plain = not any(c in board and board.is_wall(c) for c in grid.line(a, b)[1:-1])
        assert tactics.line_of_effect(state, *first) is plain
        assert tactics.line_of_effect(state, *second) is plain
        blocked += not plain
    assert blocked > 100
