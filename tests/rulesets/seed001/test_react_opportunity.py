"""Seed 001's attack of opportunity as pure rules: each condition of lines 10-15 holding and failing."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, strategies as st

from game.grid import Hex, HexGrid, Square, SquareGrid, StaggerAxis, StaggerIndex
from game.rulesets.seed001 import opportunity as oa
from game.rulesets.seed001 import pools
from game.rulesets.seed001.content import load_sheets
from game.rulesets.seed001.opportunity import Bystander, Passage

SHEETS = load_sheets()
HEXES = HexGrid(32, 36, 18, StaggerAxis.Y, StaggerIndex.ODD)


def line(q0: int, q1: int) -> tuple[Hex, ...]:
    """The hexes entered walking east along r = 0 from q0 to q1."""
    return tuple(Hex(q, 0) for q in range(q0 + 1, q1 + 1))


def pikeman(**kw: object) -> Bystander:
    base = Bystander("pike", "company", Hex(3, 1), SHEETS["hollin_pikeman"], stationary=True, has_reaction=True)
    return replace(base, **kw)  # type: ignore[arg-type]


def passing(**kw: object) -> Passage:
    base = Passage("bandit", "foes", Hex(0, 0), line(0, 6))
    return replace(base, **kw)  # type: ignore[arg-type]


def test_a_creature_passing_through_an_adjacent_hex_provokes_a_stationary_armed_creature() -> None:
    """Seed 001, line 11: "When a creature moves through the adjacent space around someone, without challenging
    that someone, and that someone has a melee weapon at the ready as well as an available reaction, this permits
    an attack of opportunity"."""
    got = oa.provoked(HEXES, [pikeman()], passing())
    assert [(p.reactor, p.weapon.id) for p in got] == [("pike", "pike")]
    assert HEXES.distance(passing().path[got[0].index], Hex(3, 1)) == 1
    assert all(HEXES.distance(c, Hex(3, 1)) > 1 for c in passing().path[:got[0].index])


def test_a_creature_that_moved_since_its_last_movement_option_makes_no_attack_of_opportunity() -> None:
    """Seed 001, line 12: "the character with the potential to use the reaction must be stationary and must have
    been stationary since the last movement option"."""
    assert "moved since" in oa.why_not(HEXES, pikeman(stationary=False), passing())
    assert oa.provoked(HEXES, [pikeman(stationary=False)], passing()) == ()


def test_no_attack_of_opportunity_without_a_reaction() -> None:
    """Seed 001, line 11: "an available reaction"; line 7: "only one reaction can be used per round"."""
    assert "reaction" in oa.why_not(HEXES, pikeman(has_reaction=False), passing())


def test_no_attack_of_opportunity_without_a_ready_melee_weapon_in_the_primary_hand_or_savage_attack() -> None:
    """Seed 001, line 12: "the character must have a weapon (or ability to use a savage attack)"; line 14: "the
    attack must come from the the primary hand or savage attack"."""
    eel = SHEETS["mere_eel"]  # moves only: no weapon, no savage attack
    assert eel.opportunity_weapon() is None
    assert "no ready melee weapon" in oa.why_not(HEXES, pikeman(sheet=eel), passing())
    courser = SHEETS["grey_courser"]  # hooves: savage
    assert oa.why_not(HEXES, pikeman(sheet=courser), passing()) == ""
    aldric = SHEETS["aldric_lancer"]  # lance (primary) and buckler (off hand)
    assert aldric.opportunity_weapon() is not None and aldric.opportunity_weapon().id == "lance"  # type: ignore[union-attr]


def test_an_attack_of_opportunity_reaches_one_hex_even_with_a_longer_reach() -> None:
    """Seed 001, line 13: "the range for this attack is five feet or one-hex, even if the armed weapon has a
    longer reach"."""
    far = pikeman(cell=Hex(3, 2))  # the pike reaches 10 feet; the path passes 2 hexes away
    assert SHEETS["hollin_pikeman"].weapons[0].reach == 2
    assert min(HEXES.distance(c, far.cell) for c in passing().path) == 2
    assert "no hex adjacent" in oa.why_not(HEXES, far, passing())


def test_a_move_that_challenges_the_reactor_provokes_no_attack_of_opportunity_from_it() -> None:
    """Seed 001, line 11: "moves through the adjacent space around someone, without challenging that
    someone"."""
    challenged = passing(challenged=frozenset({"pike"}))
    assert "challenges" in oa.why_not(HEXES, pikeman(), challenged)
    # a plain move ending beside the pikeman challenges it (our reading); ending beside someone else does not
    assert oa.challenged_by_plain_move(HEXES, Hex(3, 0), [("pike", Hex(3, 1)), ("wren", Hex(9, 9))]) == {"pike"}


def test_moves_flagged_not_provoking_and_a_withdrawal_provoke_nothing() -> None:
    """Seed 001, line 15: "some special attack methods, usually by monsters, will not provoke an attack of
    opportunity. One such example is a low-to-the-ground fly-by breath weapon"; line 10: "the 'flee attack' no
    longer exists"; line 11: "a retreating (fleeing) foe who has not moved away using an action to withdraw in a
    defensive manner ... is not a valid form of an attack of opportunity"."""
    assert "does not provoke" in oa.why_not(HEXES, pikeman(), passing(provokes=False))
    assert "flee attack" in oa.why_not(HEXES, pikeman(), passing(withdrawal=True))
    breath = SHEETS["reed_drake"].move("bog_fire")
    assert breath is not None and not breath.provokes


def test_leaving_an_adjacent_hex_is_no_trigger_there_is_no_flee_attack() -> None:
    """Seed 001, line 10: "the 'flee attack' no longer exists due to the changes in the movement system"."""
    away = Passage("bandit", "foes", Hex(3, 0), (Hex(2, 0), Hex(1, 0), Hex(0, 0)))  # starts beside it, walks off west
    assert HEXES.distance(Hex(3, 0), Hex(3, 1)) == 1
    assert oa.why_not(HEXES, pikeman(), away) != ""


def test_allies_prone_and_incapacitated_creatures_make_no_attack_of_opportunity() -> None:
    """Seed 001, line 11 (an attack on a foe passing) and line 12 (a weapon "in the moment the reaction is
    called": ours, a prone creature has none at the ready)."""
    assert "ally" in oa.why_not(HEXES, pikeman(side="foes"), passing())
    assert "prone" in oa.why_not(HEXES, pikeman(prone=True), passing())
    assert "incapacitated" in oa.why_not(HEXES, pikeman(up=False), passing())


def test_an_attack_of_opportunity_rolls_at_most_two_dice_and_deals_one_point_for_them() -> None:
    """Seed 001, line 14: "it has a maximum of 2d20 that can be used from a standard attack ... the damage is
    limited to the 1 point for that die, the Weapon Wgt value and any Strength modifier"."""
    sheet = SHEETS["hollin_pikeman"]
    assert sheet.pool == 3 and oa.dice(sheet) == 2
    pike = sheet.weapons[0]
    assert oa.damage(pools.pool_of((20, 20), 11), pike, sheet.strength) == 1 + pike.weight + sheet.strength
    assert oa.damage(pools.pool_of((20, 3), 11), pike, sheet.strength) == 1 + pike.weight + sheet.strength
    assert oa.damage(pools.pool_of((2, 3), 11), pike, sheet.strength) == 0
    assert "2d20" in oa.question(sheet, "Road Bandit", pike, 11)


def test_on_squares_the_same_rule_holds_with_king_move_adjacency() -> None:
    """Seed 001, line 13: "five feet or one-hex": one cell on a square map too (diagonals included)."""
    grid = SquareGrid(32, 32)
    by = pikeman(cell=Square(3, 1))
    walk = Passage("bandit", "foes", Square(0, 0), tuple(Square(x, 0) for x in range(1, 7)))
    got = oa.provoked(grid, [by], walk)
    assert [p.index for p in got] == [1]  # Square(2, 0) is diagonal to (3, 1)


@given(st.lists(st.integers(0, 5), min_size=1, max_size=12), st.integers(-3, 8), st.integers(-3, 3))
def test_a_provoked_attack_strikes_at_the_first_adjacent_hex_entered(steps: list[int], q: int, r: int) -> None:
    """Seed 001, line 11: the attack comes as the creature "moves through the adjacent space": the first hex
    entered beside the reactor is where it strikes, and no earlier hex is adjacent."""
    here = Hex(0, 0)
    path = []
    for s in steps:
        here = HEXES.neighbours(here)[s]
        path.append(here)
    by = pikeman(cell=Hex(q, r))
    walk = Passage("bandit", "foes", Hex(0, 0), tuple(path))
    got = oa.provoked(HEXES, [by], walk)
    adjacent = [i for i, c in enumerate(path) if HEXES.distance(c, by.cell) == 1]
    assert [p.index for p in got] == adjacent[:1]
