"""Seed 002's squeeze through tight spaces [72], the free stand [75], and sparing one enemy a move's provoking
[76-80] (``../shared/seeds/002_1e58761ab2413878.txt``; each test quotes the line it checks)."""

from __future__ import annotations

from game.rulesets.seed002 import events as ev
from game.rulesets.seed002.fight import OPPORTUNITY
from game.rulesets.seed002.provoking import threatening
from tests.rulesets.seed002.test_fight import at, duel, events

# -- sparing an enemy a move's provoking ------------------------------------------------------------------------


def test_a_move_can_spare_one_enemy_its_opportunity_attack() -> None:
    """seed 002, line 76: "ADVANCE [Move, OA from Certain Movement]"; line 80: "You do not provoke an OA from
    your grabber for leaving their threatened square": the fight's named way to exempt one enemy from a move's
    provoking, which Escape uses."""
    f = duel()
    wren = f.piece("wren")
    assert wren is not None and threatening(f.state, wren) == ("bruiser",)
    n = f.engine.new_action()
    f.exempt_from_provoking(n, "bruiser")
    f.engine.run(f.walk_steps(n, wren, (at(f, 1, 2),), "move"))
    assert not any(d.kind == OPPORTUNITY for d in f.pending)
    assert wren.cell == at(f, 1, 2) and events(f, ev.CreatureMoved)
    g = duel()  # the same move, nobody spared: the bruiser is asked
    wren = g.piece("wren")
    assert wren is not None
    n = g.engine.new_action()
    g.engine.run(g.walk_steps(n, wren, (at(g, 1, 2),), "move"))
    assert [d.chooser for d in g.pending if d.kind == OPPORTUNITY] == ["bruiser"]
