"""Valid targets against a plain reference written straight from the rulings.

``tactics.valid_targets``, ``is_valid_target``, ``target_problem`` and the AI's target lists are all made of
one implementation, ``tactics.target_test``. The reference below is written from the rulings, one rule at a
time, cell by cell, with nothing cached and no tactics helper:

* seed 000 (``/work/shared/seeds/000_286d0557333318ee.txt``) line 100-101: "Targeting: If multiple valid
  targets are available, choose one at random": which targets are *valid* is the engine's (the rulings
  below); the seed's lines 176-179 ("Partial attack / Target / Hit roll") make targeting a step of its own;
* DESIGN.md, geometry rulings (lines 144-149): squares count king moves, hexes six neighbours;
* README, "Rulings" (lines 597-599, close blasts; 611-615, how many targets; line 135: a refused target is
  told why, ``target_problem``) and ``tactics``' module docstring, "Targets": line of effect is "no wall on
  the board strictly between them on Grid.line"; melee within reach, ranged within range, both with line of
  effect; a close burst covers the cells within its size of the user's space in line of effect from it, the
  user left out; an area burst is centred on a board cell that is no wall, within range, in line of effect,
  and covers the cells within its size of the centre in line of effect from it; the user is a target only
  of SELF_OR_ALLY powers and of CREATURE area bursts that cover it; dead creatures never are, dying ones
  only for a heal by an ally.

Hypothesis draws boards (``test_movement_reference.crowds``: walls, allies, enemies, a 2x2 creature, dying
and dead ones, an initiative order) and every kind of power and target; every answer must be the
reference's, in initiative order. A few boards are drawn with their answers written out.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game.rulesets.seed000.ai as ai
from game.grid import Cell, Hex, Square
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.encounter import Encounter
from game.rulesets.seed000.model import CreatureId, Power, RangeKind, TargetKind
from game.rulesets.seed000.state import Creature, EncounterState

from test_movement_reference import crowds, ref_ranks  # same folder

Kit = Any  # the conftest helper object
EXAMPLES = settings(max_examples=100, deadline=None)

# -- the reference ---------------------------------------------------------------------------


def ref_line_of_effect(state: EncounterState, a: Cell, b: Cell) -> bool:
    """No wall of the board strictly between ``a`` and ``b`` on the grid's line (off-board cells do not block)."""
    board = state.board
    return not any(c in board and board.is_wall(c) for c in board.grid.line(a, b)[1:-1])


def ref_sees(state: EncounterState, mine: tuple[Cell, ...], theirs: tuple[Cell, ...]) -> bool:
    """Between spaces: from any cell of one to any cell of the other."""
    return any(ref_line_of_effect(state, a, b) for a in mine for b in theirs)


def ref_gap(state: EncounterState, mine: tuple[Cell, ...], theirs: tuple[Cell, ...]) -> int:
    grid = state.board.grid
    return min(grid.distance(a, b) for a in mine for b in theirs)


def ref_open(state: EncounterState, cell: Cell) -> bool:
    return cell in state.board and not state.board.is_wall(cell)


def ref_heals(power: Power) -> bool:
    return any(o.heal_surge or o.heal_bonus > 0 for o in (power.hit, power.miss, power.effect))


def ref_kind_ok(user: Creature, power: Power, c: Creature) -> bool:
    """The kind of creature the power targets, position aside."""
    if c.dead or c.dying and not (ref_heals(power) and c.side == user.side):
        return False
    return {
        TargetKind.ENEMY: c.side != user.side,
        TargetKind.ALLY: c.side == user.side and c.id != user.id,
        TargetKind.SELF_OR_ALLY: c.side == user.side,
        TargetKind.CREATURE: True,
        TargetKind.SELF: c.id == user.id,
    }[power.targets]


def ref_blast(state: EncounterState, user: Creature, origin: Cell, size: int) -> set[Cell]:
    """README 597-599: squares, a size x size square next to the user on the side of ``origin`` (beside a side,
    centred on ``origin`` along it, an even size growing towards +x / +y; at a corner, away from it); hexes,
    the hexes within ``size`` lying within 30 degrees either side of the direction to ``origin`` (measured
    here as an angle between centres in the plane, in floating point). Walls and cells out of the user's line
    of effect are left out; ``origin`` must be next to the user's space."""
    space = state.space(user)
    grid = state.board.grid
    if origin in space or min(grid.distance(s, origin) for s in space) != 1 or size < 1:
        return set()
    cells: set[Cell] = set()
    if isinstance(origin, Square):
        xs = [c.x for c in space if isinstance(c, Square)]
        ys = [c.y for c in space if isinstance(c, Square)]

        def span(at: int, low: int, high: int) -> range:
            if at > high:
                return range(high + 1, high + 1 + size)
            if at < low:
                return range(low - size, low)
            return range(at - (size - 1) // 2, at - (size - 1) // 2 + size)

        cells = {Square(x, y) for x in span(origin.x, min(xs), max(xs)) for y in span(origin.y, min(ys), max(ys))}
    else:
        (centre,) = space
        assert isinstance(centre, Hex) and isinstance(origin, Hex)

        def plane(h: Hex) -> tuple[float, float]:
            return math.sqrt(3) * (h.q - centre.q + (h.r - centre.r) / 2), 1.5 * (h.r - centre.r)

        dx, dy = plane(origin)
        for c in grid.within(centre, size):
            assert isinstance(c, Hex)
            if c == centre:
                continue
            vx, vy = plane(c)
            angle = math.degrees(math.acos(max(-1.0, min(1.0, (vx * dx + vy * dy) / math.hypot(vx, vy)
                                                        / math.hypot(dx, dy)))))
            if angle <= 30 + 1e-9:
                cells.add(c)
    return {c for c in cells if ref_open(state, c) and ref_sees(state, space, (c,))}


def ref_targets(state: EncounterState, user: Creature, power: Power, origin: Cell | None) -> list[CreatureId]:
    """The valid targets, in initiative order (the module docstring's "Orders")."""
    if user.dead:
        return []
    reach = power.reach
    if reach.kind is RangeKind.PERSONAL or power.targets is TargetKind.SELF:
        return [user.id]
    ranks = ref_ranks(state)
    mine = state.space(user)
    grid = state.board.grid
    out = []
    for c in sorted(state.creatures.values(), key=lambda c: ranks[c.id]):
        if not ref_kind_ok(user, power, c):
            continue
        theirs = state.space(c)
        match reach.kind:
            case RangeKind.MELEE | RangeKind.RANGED:
                limit = reach.reach if reach.kind is RangeKind.MELEE else reach.range
                ok = (power.targets is TargetKind.SELF_OR_ALLY if c.id == user.id
                      else ref_gap(state, mine, theirs) <= limit and ref_sees(state, mine, theirs))
            case RangeKind.CLOSE_BURST:
                ok = power.targets is TargetKind.SELF_OR_ALLY if c.id == user.id else any(
                    ref_open(state, x) and x not in mine and ref_gap(state, mine, (x,)) <= reach.size
                    and ref_sees(state, mine, (x,)) for x in theirs)
            case RangeKind.AREA_BURST:
                if origin is None or not ref_open(state, origin) or ref_gap(state, mine, (origin,)) > reach.range \
                        or not ref_sees(state, mine, (origin,)):
                    return []
                covered = any(ref_open(state, x) and grid.distance(origin, x) <= reach.size
                              and ref_line_of_effect(state, origin, x) for x in theirs)
                ok = covered and (c.id != user.id or power.targets in (TargetKind.CREATURE, TargetKind.SELF_OR_ALLY))
            case RangeKind.CLOSE_BLAST:
                blast = ref_blast(state, user, origin, reach.size) if origin is not None else set()
                if not blast:
                    return []
                ok = power.targets is TargetKind.SELF_OR_ALLY if c.id == user.id else bool(blast & set(theirs))
            case _:
                ok = False
        if ok:
            out.append(c.id)
    return out


# -- the properties ----------------------------------------------------------------------------


def powers(kit: Kit) -> list[Power]:
    """Every range kind (with a heal among them), each aimed at every kind of target."""
    shapes = [
        kit.power("stab", reach=1), kit.power("glaive", reach=2), kit.power("shot", kind=RangeKind.RANGED, range_=4),
        kit.power("cure", kind=RangeKind.RANGED, range_=5, heal=True),
        kit.power("ring", kind=RangeKind.CLOSE_BURST, size=1), kit.power("wave", kind=RangeKind.CLOSE_BURST, size=3),
        kit.power("ball", kind=RangeKind.AREA_BURST, range_=4, size=1),
        kit.power("fan", kind=RangeKind.CLOSE_BLAST, size=2), kit.power("cone", kind=RangeKind.CLOSE_BLAST, size=3),
        kit.power("self", kind=RangeKind.PERSONAL),
    ]
    return [p.__class__(**{**{f: getattr(p, f) for f in p.__dataclass_fields__}, "targets": kind})
            for p in shapes for kind in TargetKind]


@EXAMPLES
@given(data=st.data())
def test_valid_targets_are_the_references_for_every_power_and_origin(kit: Kit, data: st.DataObject) -> None:
    """valid_targets is the reference, in initiative order; is_valid_target says the same of every
    creature, and target_problem gives a reason exactly for the others (README line 135)."""
    state = data.draw(crowds(kit))
    if not state.creatures:
        return
    grid = state.board.grid
    user = data.draw(st.sampled_from(list(state.creatures.values())))
    near = sorted({n for s in state.space(user) for n in grid.neighbours(s)}, key=repr)
    for power in data.draw(st.lists(st.sampled_from(powers(kit)), min_size=1, max_size=8, unique_by=repr)):
        origins: list[Cell | None] = [None]
        if power.reach.kind is RangeKind.AREA_BURST:
            origins += data.draw(st.lists(st.sampled_from(list(state.board)), max_size=3))
        if power.reach.kind is RangeKind.CLOSE_BLAST:
            origins += near
        for origin in origins:
            expected = ref_targets(state, user, power, origin)
            assert [c.id for c in tactics.valid_targets(state, user, power, origin)] == expected, (power.id, origin)
            for c in state.creatures.values():
                valid = tactics.is_valid_target(state, user, power, c, origin)
                assert valid == (c.id in expected), (power.id, origin, c.id)
                assert (tactics.target_problem(state, user, power, c, origin) == "") == valid


@EXAMPLES
@given(data=st.data())
def test_the_ais_target_lists_are_the_references_from_any_cell(kit: Kit, data: st.DataObject) -> None:
    """The AI asks "who could I target from there" without moving: the reference with the user moved there."""
    state = data.draw(crowds(kit))
    living = [c for c in state.creatures.values() if not c.dead]
    if not living:
        return
    me = data.draw(st.sampled_from(living))
    roster = [(c.id, c.name, c.side, c.template, c.cell) for c in state.creatures.values()]
    encounter = Encounter(state.board, roster)
    encounter.state = state  # the drawn state, dying and dead creatures as drawn
    mind = ai._Mind(encounter, me)
    home = me.cell
    for power in data.draw(st.lists(st.sampled_from(powers(kit)), min_size=1, max_size=6, unique_by=repr)):
        for anchor in data.draw(st.lists(st.sampled_from(list(state.board)), min_size=1, max_size=4)):
            if not state.can_stand(me, anchor):
                continue
            me.cell = anchor
            try:
                expected = ref_targets(state, me, power, None)
                burst = ref_targets(state, me, power, anchor) if power.reach.kind is RangeKind.AREA_BURST else None
            finally:
                me.cell = home
            kind = power.reach.kind
            if kind in (RangeKind.MELEE, RangeKind.RANGED):
                assert [c.id for c in mind.reach_targets(power, anchor)] == expected, (power.id, anchor)
            if kind is RangeKind.AREA_BURST and power.targets is TargetKind.ENEMY:
                assert [c.id for c in mind.area_targets(power, anchor, centred=True)] == burst, (power.id, anchor)
    assert me.cell == home


# -- boards drawn with their answers -------------------------------------------------------------


def ids(creatures: list[Creature]) -> str:
    return "".join(sorted(c.id for c in creatures))


def test_melee_reaches_adjacent_cells_diagonals_included_and_a_wall_between_blocks_reach_two(kit: Kit) -> None:
    """DESIGN.md line 144 (king moves); line of effect is no wall strictly between: adjacent cells always
    see each other, so a diagonal past a wall corner is a melee target; reach 2 over a wall is not."""
    state = kit.state_from("""
        b#..
        .Ac.
        ....
        #d.e
    """)
    a = state.creatures[CreatureId("A")]
    assert ids(tactics.valid_targets(state, a, kit.power("stab", reach=1))) == "bc"
    assert ids(tactics.valid_targets(state, a, kit.power("glaive", reach=2))) == "bcde"
    state = kit.state_from("""
        A#b
        ...
    """)
    a = state.creatures[CreatureId("A")]
    assert ids(tactics.valid_targets(state, a, kit.power("glaive", reach=2))) == ""
    assert tactics.target_problem(state, a, kit.power("glaive", reach=2), state.creatures[CreatureId("b")]) \
        == "no line of effect"


def test_a_close_burst_leaves_out_the_user_unless_it_targets_self_or_allies(kit: Kit) -> None:
    """Module docstring, "Targets": the user is a target only of SELF_OR_ALLY powers (and of CREATURE area
    bursts that cover it); a close burst covers the cells within its size in line of effect."""
    state = kit.state_from("""
        a....
        .BAc.
        ..#..
        ..e..
    """)
    a = state.creatures[CreatureId("A")]
    ring = kit.power("ring", kind=RangeKind.CLOSE_BURST, size=1)
    wave = kit.power("wave", kind=RangeKind.CLOSE_BURST, size=2, targets=TargetKind.CREATURE)
    mend = kit.power("mend", kind=RangeKind.CLOSE_BURST, size=1, targets=TargetKind.SELF_OR_ALLY, heal=True)
    assert ids(tactics.valid_targets(state, a, ring)) == "c"
    assert ids(tactics.valid_targets(state, a, wave)) == "Bac"  # e: the wall at (2,2) is between
    assert ids(tactics.valid_targets(state, a, mend)) == "AB"


def test_an_area_burst_needs_a_centre_in_range_and_sight_and_covers_its_user_only_for_creatures(kit: Kit) -> None:
    """Module docstring, "Targets": the centre is a board cell, no wall, within range with line of effect;
    a CREATURE burst catches its user too."""
    state = kit.state_from("""
        A.b..#c
        .....#.
    """)
    a = state.creatures[CreatureId("A")]
    ball = kit.power("ball", kind=RangeKind.AREA_BURST, range_=6, size=1)
    everyone = kit.power("storm", kind=RangeKind.AREA_BURST, range_=6, size=1, targets=TargetKind.CREATURE)
    assert ids(tactics.valid_targets(state, a, ball, Square(2, 1))) == "b"
    assert ids(tactics.valid_targets(state, a, everyone, Square(1, 0))) == "Ab"
    assert ids(tactics.valid_targets(state, a, ball, Square(6, 1))) == ""  # the wall: no line of effect
    assert ids(tactics.valid_targets(state, a, ball, Square(5, 0))) == ""  # a wall is no centre
    assert ids(tactics.valid_targets(state, a, kit.power("ball3", kind=RangeKind.AREA_BURST, range_=3, size=2),
                                     Square(4, 1))) == ""  # out of range: 4 cells


@pytest.mark.parametrize(("origin", "drawn"), [
    ((3, 2), """
        .......
        ...***.
        ..A***.
        ...***.
        .......
    """),  # beside the east side: centred on the origin's row, 3 wide
    ((3, 3), """
        .......
        .......
        ..A....
        ...***.
        ...***.
        ...***.
    """),  # at the south-east corner: away from the corner
])
def test_a_close_blast_on_squares_is_the_square_on_the_origins_side(kit: Kit, origin: tuple[int, int],
                                                                    drawn: str) -> None:
    """README lines 597-598: "On squares: a size x size square next to the user on the side of the chosen
    cell"."""
    rows = len(kit.board_text(drawn).splitlines())
    state = kit.state_from("\n".join(["......."] * 2 + ["..A...."] + ["......."] * (rows - 3)))
    a = state.creatures[CreatureId("A")]
    assert kit.draw(state, tactics.blast_cells(state, a, Square(*origin), 3)) == kit.board_text(drawn)
    assert tactics.blast_cells(state, a, Square(*origin), 3) == ref_blast(state, a, Square(*origin), 3)


def test_a_close_blast_on_hexes_counts_one_four_seven_twelve_hexes(kit: Kit) -> None:
    """README lines 598-599: "On hexes: the hexes within the size that lie within 30 degrees either side of
    the chosen direction (1, 4, 7, 12 hexes for sizes 1-4)"."""
    state = kit.state_from("\n".join(
        (" " if r % 2 else "") + " ".join("A" if (c, r) == (5, 5) else "." for c in range(11)) for r in range(11)),
        hexes=True)
    a = state.creatures[CreatureId("A")]
    centre = a.cell
    for direction in state.board.grid.neighbours(centre):
        counts = [len(tactics.blast_cells(state, a, direction, size)) for size in (1, 2, 3, 4)]
        assert counts == [1, 4, 7, 12], direction
        for size in (1, 2, 3, 4):
            assert tactics.blast_cells(state, a, direction, size) == ref_blast(state, a, direction, size)


def test_every_target_query_is_made_of_the_one_test(kit: Kit, monkeypatch: pytest.MonkeyPatch) -> None:
    """One implementation of valid targets (issue 14, item 7): with ``tactics.target_test`` also refusing b,
    nobody offers b any more: valid_targets, is_valid_target, target_problem, the AI's target lists (from
    where it stands and from another cell, melee and bursts)."""
    state = kit.state_from("""
        .....
        .Abc.
        .....
    """)
    a, b = state.creatures[CreatureId("A")], state.creatures[CreatureId("b")]
    stab = kit.power("stab")
    ring = kit.power("ring", kind=RangeKind.CLOSE_BURST, size=2)
    ball = kit.power("ball", kind=RangeKind.AREA_BURST, range_=5, size=1)
    assert ids(tactics.valid_targets(state, a, stab)) == "b"
    one_test = tactics.target_test

    def refusing_b(*args: Any, **kwargs: Any) -> Any:
        test = one_test(*args, **kwargs)
        return lambda c: c.id != b.id and test(c)

    monkeypatch.setattr(tactics.targets, "target_test", refusing_b)  # what tactics' own queries call
    monkeypatch.setattr(tactics, "target_test", refusing_b)  # what the AI calls
    assert ids(tactics.valid_targets(state, a, stab)) == ""
    assert ids(tactics.valid_targets(state, a, ring)) == "c"
    assert not tactics.is_valid_target(state, a, stab, b)
    assert tactics.target_problem(state, a, stab, b) != ""
    roster = [(c.id, c.name, c.side, c.template, c.cell) for c in state.creatures.values()]
    encounter = Encounter(state.board, roster)
    encounter.state = state
    mind = ai._Mind(encounter, a)
    assert ids(mind.reach_targets(stab, a.cell)) == "" and ids(mind.reach_targets(stab, Square(2, 0))) == "c"
    assert ids(mind.area_targets(ring, None)) == "c"
    assert ids(mind.area_targets(ball, Square(2, 1), centred=True)) == "c"
