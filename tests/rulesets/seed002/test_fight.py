"""Seed 002's fight through the kernel (issue 19 items 1-4): initiative and turns on the action economy, the
actions on the board, provoking by tag, opportunity attacks as the reacting player's decisions, Delay. Each
test quotes the line it checks (seed 002, ``../shared/seeds/002_1e58761ab2413878.txt``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Iterator

import pytest

from game.board import Board
from game.grid import HexGrid, SquareGrid
from game.grid.hex import StaggerAxis, StaggerIndex
from game.kernel.decisions import PASS, Answer
from game.kernel.engine import Impossible
from game.rulesets.package import Entry
from game.rulesets.seed002 import events as ev
from game.rulesets.seed002.commands import (Advance, Aim, Attack, Charge, Defend, Delay, DropProne, EndTurnCommand,
                                            Move, Recover, Stand, Withdraw)
from game.rulesets.seed002.boosts import Boosts
from game.rulesets.seed002.content import load_sheets
from game.rulesets.seed002.fight import DELAYED, OPPORTUNITY, Seed002Fight
from game.rulesets.seed002.queries import would_provoke
from game.rulesets.seed002.sheets import Sheet
from game.rulesets.seed002.track import Track

SHEETS = load_sheets()


class Scripted:
    """Stands in for the fight's random stream: ``randint`` gives the faces listed, in order, then 10s."""

    def __init__(self, faces: list[int]) -> None:
        self.faces: Iterator[int] = iter(faces)

    def randint(self, low: int, high: int) -> int:
        return next(self.faces, 10)


def fight(*placed: tuple[str, str | Sheet, str, int, int], hexes: bool = False,
          initiative: list[int] | None = None) -> Seed002Fight:
    """A fight on an open 12 x 12 board: (id, sheet, side, col, row) per creature, started; ``initiative``: the
    initiative dice in file order (default: the first listed acts first)."""
    grid = HexGrid(32, 36, 18, StaggerAxis.Y, StaggerIndex.ODD) if hexes else SquareGrid(32, 32)
    board = Board(grid, 12, 12)
    entries = [Entry(pid, pid.title(), side, SHEETS[sheet] if isinstance(sheet, str) else sheet,
                     grid.offset_to_cell(col, row)) for pid, sheet, side, col, row in placed]
    f = Seed002Fight(board, entries, seed=1)
    # s002react's Smash and Slam offers after each hit are left out here (test_boosts.py plays them)
    f.extensions = [x for x in f.extensions if not isinstance(x, Boosts)]
    rig(f, initiative if initiative is not None else [20 - 6 * i for i in range(len(entries))])
    f.start()
    return f


def rig(f: Seed002Fight, faces: list[int]) -> None:
    f.engine.dice._random = Scripted(faces)  # type: ignore[assignment]


def at(f: Seed002Fight, col: int, row: int):  # type: ignore[no-untyped-def]
    return f.state.board.grid.offset_to_cell(col, row)


def events(f: Seed002Fight, kind: type) -> list[object]:
    return [e for e in f.log if isinstance(e, kind)]


def duel(**kw: object) -> Seed002Fight:
    """Wren (armed, reach 1) at (2, 2) next to a Dock Bruiser (armed) at (3, 2); Wren acts first."""
    return fight(("wren", "wren_ashdown", "party", 2, 2), ("bruiser", "dock_bruiser", "wharf", 3, 2), **kw)  # type: ignore[arg-type]


# -- initiative and turns ---------------------------------------------------------------------------------


def test_initiative_is_d20_plus_bonus_highest_first() -> None:
    """seed 002, line 10: "Each character's portion of the round is called their turn" (no initiative rule:
    our reading is d20 + the sheet's initiative bonus, highest first)."""
    f = duel(initiative=[3, 15])  # wren 3 + 2 = 5; bruiser 15 + 1 = 16
    assert events(f, ev.InitiativeSet) == [ev.InitiativeSet(("bruiser", "wren"))]
    assert f.acting is not None and f.acting.id == "bruiser"


def test_initiative_ties_go_to_the_higher_bonus() -> None:
    """seed 002, line 10 (our reading of initiative): equal totals go to the higher initiative bonus."""
    f = duel(initiative=[10, 11])  # both 12: wren's bonus 2 beats the bruiser's 1
    assert f.clock.order == ["wren", "bruiser"]


def test_one_standard_action_a_turn_but_a_standard_may_pay_for_a_move() -> None:
    """seed 002, line 10: "you can take a standard, a move action (or substitute an additional move action for
    your standard action), and a quick action"."""
    f = fight(("wren", "wren_ashdown", "party", 2, 2), ("bruiser", "dock_bruiser", "wharf", 9, 9))
    f.apply(Move("wren", at(f, 3, 2)))
    f.apply(Move("wren", at(f, 4, 2)))  # the standard pays for a second move
    spent = events(f, ev.ActionSpent)
    assert [(e.kind, e.paid) for e in spent] == [("move", "move"), ("move", "standard")]  # type: ignore[attr-defined]
    with pytest.raises(Impossible):
        f.apply(Defend("wren"))  # no standard action left


def test_the_turn_passes_and_rounds_count() -> None:
    """seed 002, line 10: "Combat uses six-second rounds" and each character has a turn in it."""
    f = duel()
    f.apply(EndTurnCommand("wren"))
    assert f.acting is not None and f.acting.id == "bruiser" and f.round == 1
    f.apply(EndTurnCommand("bruiser"))
    assert f.acting is not None and f.acting.id == "wren" and f.round == 2


# -- provoking ----------------------------------------------------------------------------------------------


def test_moving_out_of_a_threatened_square_asks_the_threatening_enemy() -> None:
    """seed 002, line 69: "Exiting out of a square threatened by another creature provokes an Opportunity
    Action from that creature"; line 122: the reactor "may make a melee attack as if you had taken the Close
    Attack action"."""
    f = duel()
    move = Move("wren", at(f, 0, 2))
    assert would_provoke(f, move) == ("bruiser",)
    f.apply(move)
    (d,) = f.pending
    assert d.kind == OPPORTUNITY and d.chooser == "bruiser" and {o.key for o in d.options} == {"attack", PASS}
    rig(f, [20, 1])
    f.apply(Answer(d.id, "attack"))
    made = events(f, ev.AttackMade)
    assert made and made[0].kind == "opportunity" and made[0].creature == "bruiser"  # type: ignore[attr-defined]


def test_passing_lets_the_mover_go_on() -> None:
    """seed 002, line 122: "you may make a melee attack" (a choice: passing is an option)."""
    f = duel()
    f.apply(Move("wren", at(f, 0, 2)))
    f.apply(Answer(f.pending[0].id, PASS))
    assert f.piece("wren").cell == at(f, 0, 2)  # type: ignore[union-attr]
    assert not events(f, ev.AttackMade)


def test_advance_toward_the_nearest_enemy_does_not_provoke() -> None:
    """seed 002, line 77: "As long as you are moving towards the nearest enemy you do not provoke an OA for
    leaving a threatened square"."""
    f = fight(("wren", "wren_ashdown", "party", 2, 2), ("hooker", "gaff_hooker", "wharf", 4, 2))  # reach 2
    advance = Advance("wren", at(f, 3, 2))
    assert would_provoke(f, advance) == ()
    walk = Move("wren", at(f, 2, 3))  # walking sideways out of a threatened square
    with pytest.raises(Impossible):
        f.apply(Advance("wren", at(f, 2, 3)))
    assert would_provoke(f, walk) == ("hooker",)
    f.apply(advance)
    assert not f.pending and f.piece("wren").cell == at(f, 3, 2)  # type: ignore[union-attr]


def test_advance_away_from_the_nearest_enemy_is_refused() -> None:
    """seed 002, line 77: an advance moves "towards the nearest enemy"."""
    f = duel()
    with pytest.raises(Impossible, match="toward the nearest enemy"):
        f.apply(Advance("wren", at(f, 1, 2)))


def test_withdraw_away_does_not_provoke_and_covers_speed_minus_3() -> None:
    """seed 002, line 79: "You can move up to your normal speed -3 ranks (typically 5 feet). As long as you are
    moving away from the nearest enemy you do not provoke"."""
    f = duel()
    with pytest.raises(Impossible):
        f.apply(Withdraw("wren", at(f, 0, 2)))  # two squares: more than 5 feet
    f.apply(Withdraw("wren", at(f, 1, 2)))
    assert not f.pending and f.piece("wren").cell == at(f, 1, 2)  # type: ignore[union-attr]


def test_an_unarmed_creature_threatens_nothing() -> None:
    """seed 002, line 122: "If you're unarmed, you don't normally threaten any squares and thus can't make
    Opportunity Attacks"."""
    f = fight(("wren", "wren_ashdown", "party", 2, 2), ("grasper", "clay_grasper", "wharf", 3, 2))
    assert would_provoke(f, Move("wren", at(f, 0, 2))) == ()
    f.apply(Move("wren", at(f, 0, 2)))
    assert not f.pending


def test_a_ranged_attack_provokes_the_threatening_enemies() -> None:
    """seed 002, line 30: "ATTACK, RANGED [Standard, OA]"."""
    f = fight(("tamsin", "tamsin_vell", "party", 2, 2), ("bruiser", "dock_bruiser", "wharf", 3, 3),
              ("slinger", "roof_slinger", "wharf", 8, 2))
    shot = Attack("tamsin", "slinger", "ashwood_bow")
    assert would_provoke(f, shot) == ("bruiser",)
    f.apply(shot)
    assert [d.chooser for d in f.pending] == ["bruiser"]


def test_a_ranged_attack_targets_non_adjacent_opponents_only() -> None:
    """seed 002, line 31: "an attack check against any non-adjacent opponent within the attack's range"."""
    f = fight(("tamsin", "tamsin_vell", "party", 2, 2), ("bruiser", "dock_bruiser", "wharf", 3, 2))
    with pytest.raises(Impossible, match="non-adjacent"):
        f.apply(Attack("tamsin", "bruiser", "ashwood_bow"))


def test_a_close_attack_provokes_nothing_but_unarmed_on_armed_does() -> None:
    """seed 002, line 26: "Attacking an armed opponent while unarmed normally provokes an Opportunity
    Attack"."""
    f = fight(("brannoc", "brannoc_tull", "party", 2, 2), ("bruiser", "dock_bruiser", "wharf", 3, 2),
              ("wren", "wren_ashdown", "party", 9, 9))
    assert would_provoke(f, Attack("brannoc", "bruiser", "iron_grip")) == ("bruiser",)
    g = duel()
    assert would_provoke(g, Attack("wren", "bruiser", "warden_blade")) == ()


def test_one_reaction_per_turn() -> None:
    """seed 002, line 7: "REACTIONS One per turn"; line 20: "up to one per turn"."""
    f = fight(("wren", "wren_ashdown", "party", 2, 2), ("tamsin", "tamsin_vell", "party", 2, 3),
              ("bruiser", "dock_bruiser", "wharf", 3, 2), ("slinger", "roof_slinger", "wharf", 9, 9),
              initiative=[20, 5, 3, 1])
    rig(f, [1])
    f.apply(Move("wren", at(f, 0, 2)))
    f.apply(Answer(f.pending[0].id, "attack"))  # the bruiser's reaction of this turn
    f.apply(EndTurnCommand("wren"))
    assert f.acting is not None and f.acting.id == "tamsin"
    f.apply(Move("tamsin", at(f, 0, 4)))  # a new turn: the bruiser may react again
    assert [d.chooser for d in f.pending] == ["bruiser"]


def test_the_same_turn_offers_no_second_reaction() -> None:
    """seed 002, line 10: reactions "with a limit of one per Turn"."""
    f = fight(("wren", "wren_ashdown", "party", 2, 2), ("bruiser", "dock_bruiser", "wharf", 3, 2))
    rig(f, [1])
    f.apply(Move("wren", at(f, 2, 1)))  # out of a threatened square, into another
    f.apply(Answer(f.pending[0].id, "attack"))  # the bruiser's reaction of this turn
    assert f.piece("wren").cell == at(f, 2, 1)  # type: ignore[union-attr]
    assert would_provoke(f, Move("wren", at(f, 1, 0))) == ()
    f.apply(Move("wren", at(f, 1, 0)))  # paid by the standard: leaving again, the reaction is spent
    assert not f.pending and f.piece("wren").cell == at(f, 1, 0)  # type: ignore[union-attr]


# -- actions ------------------------------------------------------------------------------------------------


def test_charge_moves_straight_at_speed_minus_1_and_attacks_at_minus_1() -> None:
    """seed 002, line 39: "You move as if you had taken the move action, but at -1 to your speed rank in a
    relatively straight line towards your target ... an attack against your opponent with a -1
    Disadvantage"."""
    f = fight(("wren", "wren_ashdown", "party", 2, 2), ("bruiser", "dock_bruiser", "wharf", 6, 2))
    with pytest.raises(Impossible):
        f.apply(Charge("wren", "bruiser", "warden_blade", at(f, 5, 2), (at(f, 1, 2), at(f, 2, 3), at(f, 3, 3),
                                                                        at(f, 4, 2), at(f, 5, 2))))
    rig(f, [10, 10])
    f.apply(Charge("wren", "bruiser", "warden_blade", at(f, 5, 2)))
    (made,) = events(f, ev.AttackMade)
    assert made.kind == "charge" and made.total == 10 + 6 - 1  # type: ignore[attr-defined]
    with pytest.raises(Impossible):
        f.apply(Charge("wren", "bruiser", "warden_blade", at(f, 9, 2)))  # 4 squares: more than speed -1 (15 ft)


def test_defend_uses_the_check_until_the_next_turn() -> None:
    """seed 002, line 35: "you make a defense check to determine your defense versus each attack made on you
    until the start of your next turn"."""
    f = duel()
    rig(f, [17])
    f.apply(Defend("wren"))
    wren = f.piece("wren")
    assert wren is not None and wren.passive_defense() == 17 + 5
    f.apply(EndTurnCommand("wren"))
    rig(f, [16])
    f.apply(Attack("bruiser", "wren", "cudgel"))  # 16 + 5 = 21 < 22: a miss
    f.apply(Answer(f.pending[0].id, PASS))  # no Surge as it is attacked (s002react)
    assert not events(f, ev.AttackMade)[0].hit  # type: ignore[attr-defined]
    f.apply(EndTurnCommand("bruiser"))
    assert wren.passive_defense() == 10 + 5


def test_recover_removes_a_level_and_adds_stress() -> None:
    """seed 002, line 37: "you gain 1 point of Stress, but remove your highest level of damage or fatigue"."""
    f = duel()
    wren = f.piece("wren")
    assert wren is not None
    with pytest.raises(Impossible):
        f.apply(Recover("wren"))
    wren.track = Track(damage=2)
    f.apply(Recover("wren"))
    assert wren.track == Track(damage=1, stress=1)


def test_aim_adds_one_rank_a_move_and_attacking_another_spoils_it() -> None:
    """seed 002, lines 84 and 86: "a +1 Advantage to your next attack check" ... "Attacking someone else spoils
    your aim and you lose the bonus"."""
    f = fight(("tamsin", "tamsin_vell", "party", 2, 2), ("slinger", "roof_slinger", "wharf", 8, 2),
              ("hound", "yard_hound", "wharf", 8, 6))
    f.apply(Aim("tamsin", "slinger"))
    f.apply(Aim("tamsin", "slinger"))  # the standard pays for the second
    tamsin = f.piece("tamsin")
    assert tamsin is not None and tamsin.aim == 2
    f2 = fight(("tamsin", "tamsin_vell", "party", 2, 2), ("slinger", "roof_slinger", "wharf", 8, 2),
               ("hound", "yard_hound", "wharf", 8, 6))
    f2.apply(Aim("tamsin", "slinger"))
    rig(f2, [10, 10])
    f2.apply(Attack("tamsin", "hound", "ashwood_bow"))
    assert events(f2, ev.AimSpoiled) and events(f2, ev.AttackMade)[0].total == 10 + 7  # type: ignore[attr-defined]


def test_dropping_prone_is_free_and_a_prone_creature_only_crawls_then_stands_provoking() -> None:
    """seed 002, line 109: "Dropping to a prone position ... is a free action"; line 73: "While prone, you can
    only move by crawling ... -3 ranks"; line 74: "STAND [Move, OA]"."""
    f = duel()
    f.apply(DropProne("wren"))
    wren = f.piece("wren")
    assert wren is not None and wren.prone and wren.economy.pips == (1, 1, 1)
    with pytest.raises(Impossible):
        f.apply(Move("wren", at(f, 1, 2)))
    assert would_provoke(f, Stand("wren")) == ("bruiser",)
    f.apply(Move("wren", at(f, 1, 2), "crawl"))
    assert f.pending and f.pending[0].chooser == "bruiser"


def test_run_adds_a_rank_on_a_success() -> None:
    """seed 002, line 71: "one or more degrees of success increases your speed rank by +1 for one round"."""
    f = fight(("wren", "wren_ashdown", "party", 0, 0), ("bruiser", "dock_bruiser", "wharf", 11, 11))
    rig(f, [20, 20])  # the Athletics check, then the Endurance check against the fatigue
    f.apply(Move("wren", at(f, 10, 0), "run"))
    assert events(f, ev.RunChecked) == [ev.RunChecked("wren", True)]
    assert f.piece("wren").cell == at(f, 10, 0)  # type: ignore[union-attr]
    g = fight(("wren", "wren_ashdown", "party", 0, 0), ("bruiser", "dock_bruiser", "wharf", 11, 11))
    rig(g, [1])
    g.apply(Move("wren", at(g, 10, 0), "run"))  # failed: it walks its 6 squares
    assert g.piece("wren").cell == at(g, 6, 0)  # type: ignore[union-attr]


def test_one_area_power_a_round() -> None:
    """seed 002, line 10: "you can only use one Area Power per round, regardless of action type used"."""
    f = fight(("isolde", "isolde_fenwick", "party", 0, 0), ("bruiser", "dock_bruiser", "wharf", 8, 0),
              ("hound", "yard_hound", "wharf", 8, 1))
    rig(f, [20, 1, 20, 1])
    f.apply(Attack("isolde", "bruiser", "cinder_bloom"))
    assert {e.target for e in events(f, ev.AttackMade)} == {"bruiser", "hound"}  # type: ignore[attr-defined]
    isolde = f.piece("isolde")
    assert isolde is not None and isolde.economy.area_used


# -- Delay --------------------------------------------------------------------------------------------------


def three() -> Seed002Fight:
    return fight(("wren", "wren_ashdown", "party", 0, 0), ("tamsin", "tamsin_vell", "party", 0, 2),
                 ("bruiser", "dock_bruiser", "wharf", 11, 11))


def test_delay_then_act_after_another_creature() -> None:
    """seed 002, line 144: "At any point after any other character in the conflict has acted, you can choose to
    take your turn. Your initiative moves into the new place in the order where you act"."""
    f = three()
    f.apply(Delay("wren"))
    assert f.acting is not None and f.acting.id == "tamsin"
    f.apply(EndTurnCommand("tamsin"))
    (d,) = f.pending
    assert d.kind == DELAYED and d.chooser == "wren"
    f.apply(Answer(d.id, "act"))
    assert f.acting is not None and f.acting.id == "wren"
    assert f.clock.order == ["tamsin", "wren", "bruiser"]
    f.apply(EndTurnCommand("wren"))
    assert f.acting is not None and f.acting.id == "bruiser"


def test_a_delayed_turn_is_lost_when_initiative_comes_round() -> None:
    """seed 002, line 144: "If you do not act before your initiative comes up in the next round, your turn
    ends, you lose your delayed turn, and your initiative remains where it is"."""
    f = three()
    f.apply(Delay("wren"))
    f.apply(EndTurnCommand("tamsin"))
    f.apply(Answer(f.pending[0].id, PASS))
    f.apply(EndTurnCommand("bruiser"))
    f.apply(Answer(f.pending[0].id, PASS))
    assert events(f, ev.DelayLost) == [ev.DelayLost("wren")]
    assert f.acting is not None and f.acting.id == "wren" and f.round == 2
    assert f.clock.order == ["wren", "tamsin", "bruiser"]


def test_no_delay_after_acting() -> None:
    """seed 002, line 144: "You cannot delay if you have already taken an action on your turn"."""
    f = three()
    f.apply(Move("wren", at(f, 1, 0)))
    with pytest.raises(Impossible, match="already acted"):
        f.apply(Delay("wren"))


# -- hexes, the end ------------------------------------------------------------------------------------------


def test_on_hexes_leaving_a_threatened_hex_provokes() -> None:
    """seed 002, line 122: "you threaten all squares into which you can make a melee attack" (hexes: the six
    next hexes)."""
    f = fight(("wren", "wren_ashdown", "party", 4, 4), ("bruiser", "dock_bruiser", "wharf", 5, 4), hexes=True)
    assert would_provoke(f, Move("wren", at(f, 2, 4))) == ("bruiser",)
    assert would_provoke(f, Withdraw("wren", at(f, 3, 4))) == ()


def test_a_creature_down_leaves_the_fight_and_the_last_side_standing_wins() -> None:
    """seed 002, line 133 (fatigue's last step, incapacitated) and the track's reading: a creature down is out
    of the fight; the fight ends when one side is left."""
    f = duel()
    bruiser = f.piece("bruiser")
    assert bruiser is not None
    bruiser.track = Track(damage=3)
    rig(f, [20, 1])
    f.apply(Attack("wren", "bruiser", "warden_blade"))
    assert bruiser.down and f.over and f.winner == "party"


def test_the_opportunity_attack_uses_an_armed_attack_that_reaches() -> None:
    """seed 002, line 122: "You may make a melee attack as if you had taken the Close Attack action" (a close
    attack reaches only opponents within its reach [26]): with a short and a long weapon, the one that
    reaches."""
    from game.rulesets.seed002.sheets import Attack as AttackSheet
    from game.rulesets.seed002.sheets import AttackKind

    base = SHEETS["dock_bruiser"]
    two = replace(base, attacks=(AttackSheet("knife", "Knife", AttackKind.CLOSE, 9, 2),
                                 AttackSheet("pike", "Pike", AttackKind.CLOSE, 3, 4, reach=2)))
    f = fight(("wren", "wren_ashdown", "party", 2, 2), ("pikeman", two, "wharf", 4, 2))
    f.apply(Move("wren", at(f, 2, 5)))
    f.apply(Answer(f.pending[0].id, "attack"))
    (made,) = events(f, ev.AttackMade)
    assert made.attack == "Pike"  # type: ignore[attr-defined]


def test_reach_is_counted_from_a_large_creatures_whole_space() -> None:
    """seed 002, line 26: a close attack "against any opponent within the attack's reach"; line 122: "all
    squares adjacent to your space (including diagonally)": the Clay Grasper fills 2 x 2 squares, and a
    sword reaches it from beside any of them."""
    f = fight(("wren", "wren_ashdown", "party", 5, 3), ("grasper", "clay_grasper", "wharf", 3, 2))
    assert f.occupant(at(f, 4, 3)) is f.piece("grasper")
    assert f.space_of("grasper") == (at(f, 3, 2), at(f, 4, 2), at(f, 3, 3), at(f, 4, 3))
    assert not f.why_illegal(Attack("wren", "grasper", "warden_blade"))
