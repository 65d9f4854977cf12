"""``game.mechanics.tactics`` plays pieces that are not seed 000's, with rules that are not seed 000's.

The pieces here are plain tokens (id, cell, side, dead, a sheet with a size: the shared ``Piece``
protocol) and the rules a seed 003-like object: "Engaged/Next To" is adjacency on the grid, "Nearby"
and "Far" are one and two move actions of walking (003 lines 151-153: "they can be next to/engaged with
each other with one move action", "with two move actions"), and "If an enemy engaged with you ... moves
without attempting to Disengage ... they provoke an Opportunity Attack" (003 line 181). Square and hex.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board import Board, Terrain
from game.grid import Cell, HexGrid, Square, SquareGrid, StaggerAxis, StaggerIndex
from game.mechanics import tactics
from game.mechanics.tactics import PieceId, TacticsMemo, piece_key
from game.mechanics.tactics.rules import WalledGrid

WALL = Terrain(wall=True)


@dataclass(frozen=True, slots=True)
class Sheet:
    size: int = 1
    speed: int = 6


@dataclass(slots=True)
class Token:
    id: PieceId
    cell: Cell
    side: str
    template: Sheet = field(default_factory=Sheet)
    dead: bool = False


@dataclass(frozen=True, slots=True)
class Engagement(WalledGrid):
    """Seed 003-like rules: walk a move action's speed; moving while engaged provokes, disengaging does not;
    everyone engages the pieces next to it; nobody flanks."""

    @property
    def modes(self) -> frozenset[str]:
        return frozenset({"move", "disengaged"})

    def can_move(self, creature: Token, mode: str) -> bool:
        return True

    def budget(self, creature: Token, mode: str) -> int:
        return creature.template.speed

    def threat_reach(self, sheet: Sheet) -> int:
        return 1

    def can_threaten(self, creature: Token) -> bool:
        return True

    def provokes(self, mode: str) -> bool:
        return mode == "move"

    def can_flank_with(self, sheet: Sheet) -> bool:
        return False

    def can_flank(self, creature: Token) -> bool:
        return False

    def route_key(self, mover: Token, creatures: Iterable[Token]) -> tuple[object, ...]:
        return piece_key(mover, creatures)


@dataclass
class Skirmish:
    board: Board
    creatures: dict[PieceId, Token]
    initiative: list[PieceId] = field(default_factory=list)
    tactics_rules: Engagement = field(default_factory=Engagement)
    memo: TacticsMemo = field(default_factory=TacticsMemo)


HEX = HexGrid(32, 36, 18, StaggerAxis.Y, StaggerIndex.ODD)


def square_state(rows: list[str]) -> tuple[Skirmish, dict[str, Token]]:
    """A board drawn in ASCII: ``#`` a wall, a letter a token (upper case one side, lower case the other)."""
    terrain: dict[Cell, Terrain] = {}
    tokens: dict[str, Token] = {}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch == "#":
                terrain[Square(x, y)] = WALL
            elif ch.isalpha():
                tokens[ch] = Token(PieceId(ch), Square(x, y), "heroes" if ch.isupper() else "enemies")
    board = Board(SquareGrid(32, 32), len(rows[0]), len(rows), terrain=terrain)
    return Skirmish(board, {t.id: t for t in tokens.values()}), tokens


def hex_state(width: int, height: int, walls: Iterable[Cell], pieces: dict[str, Cell]) -> tuple[Skirmish, dict[str, Token]]:
    board = Board(HEX, width, height, terrain={c: WALL for c in walls})
    tokens = {k: Token(PieceId(k), cell, "heroes" if k.isupper() else "enemies") for k, cell in pieces.items()}
    return Skirmish(board, {t.id: t for t in tokens.values()}), tokens


def test_engagement_is_the_cells_next_to_a_piece_on_squares_and_hexes() -> None:
    """003 line 151: "Targets who are engaged are at very short range with each other": with a threat
    reach of 1, a piece threatens (engages) the eight squares or six hexes next to it, walls left out."""
    state, t = square_state(["....", ".a#.", "...."])
    assert tactics.threatened_cells(state, t["a"]) == frozenset(
        c for c in state.board.grid.neighbours(Square(1, 1)) if c != Square(2, 1))
    centre = HEX.offset_to_cell(3, 3)
    state, t = hex_state(7, 7, (), {"a": centre})
    assert tactics.threatened_cells(state, t["a"]) == frozenset(HEX.neighbours(centre))
    assert len(tactics.threatened_cells(state, t["a"])) == 6


def test_walking_out_of_engagement_provokes_and_disengaging_does_not() -> None:
    """003 line 181: an engaged enemy that "moves without attempting to Disengage" provokes; line 165: after
    a successful Disengage "you can then move as normal"."""
    state, t = square_state(["......", ".Ab...", "......"])
    assert tactics.provokers_leaving(state, t["A"]) == ("b",)
    walked = tactics.reachable(state, t["A"], "move")
    assert walked[Square(0, 1)].safest_provokers == ("b",)
    popped = tactics.reachable(state, t["A"], "disengaged")
    assert popped[Square(0, 1)].safest_provokers == ()


@pytest.mark.parametrize("grid", ["square", "hex"])
def test_nearby_and_far_are_one_and_two_move_actions_walked_round_walls(grid: str) -> None:
    """003 lines 152-153: Nearby is "next to/engaged with each other with one move action", Far "with two
    move actions": walls and paths count, not the straight line. A wall puts a cell three or four cells
    away out of a token's single move (speed 6) but within two."""
    if grid == "square":
        rows = ["..#...",
                "A.#...",
                "..#..b",
                "..#...",
                "......"]
        state, t = square_state(rows)
        goal: Cell = Square(3, 1)  # three cells from A as the crow flies, eight round the wall
    else:
        walls = [HEX.offset_to_cell(3, r) for r in range(0, 6)]
        state, t = hex_state(8, 8, walls, {"A": HEX.offset_to_cell(1, 2), "b": HEX.offset_to_cell(6, 2)})
        goal = HEX.offset_to_cell(5, 2)
    a = t["A"]
    one = tactics.reachable(state, a, "disengaged", budget=a.template.speed)
    two = tactics.reachable(state, a, "disengaged", budget=2 * a.template.speed)
    assert goal not in one
    assert goal in two
    assert state.board.grid.distance(a.cell, goal) <= 4
    assert two[goal].cost == tactics.distance_field(state, a)[goal] > a.template.speed


def test_rules_without_flanking_flank_nobody() -> None:
    """The rules say who may flank (``can_flank``): seed 003 has no flanking, so two enemies on opposite
    sides of a piece do not flank it."""
    state, t = square_state(["...", "AbC", "..."])
    assert tactics.flanking_pairs(state, t["b"]) == []
    assert tactics.flank_status_at(state, t["A"], Square(0, 1)) == (False, False)


BOARDS = st.lists(st.lists(st.booleans(), min_size=7, max_size=7), min_size=7, max_size=7)


@settings(max_examples=60, deadline=None)
@given(walls=BOARDS, hexes=st.booleans(), budget=st.integers(1, 12))
def test_reachable_agrees_with_the_distance_field_for_any_pieces(walls: list[list[bool]], hexes: bool,
                                                                  budget: int) -> None:
    """With nobody else on the board, the cells a token reaches within ``budget`` are exactly the cells of
    its distance field costing at most ``budget`` (its own cell aside), at the field's cost, on both grids."""
    grid = HEX if hexes else SquareGrid(32, 32)
    cells = {grid.offset_to_cell(c, r): walls[r][c] for r in range(7) for c in range(7)}
    start = grid.offset_to_cell(3, 3)
    board = Board(grid, 7, 7, terrain={c: WALL for c, w in cells.items() if w and c != start})
    token = Token(PieceId("A"), start, "heroes")
    state = Skirmish(board, {token.id: token})
    field_ = tactics.distance_field(state, token)
    routes = tactics.reachable(state, token, "move", budget=budget)
    assert set(routes) == {c for c, d in field_.items() if 0 < d <= budget}
    for cell, route in routes.items():
        assert route.cost == field_[cell] == len(route.path)
        assert route.path[-1] == cell
