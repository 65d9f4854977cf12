"""Seed 004's movement phase, 3 and 3.1-3.2.3, and the AI of the noncombat and movement phases
(``../shared/seeds/004_683255cd0bfe0fc3.txt``, lines 45-58)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.grid import Cell, Square, SquareGrid
from game.grid.hex import HexGrid, StaggerAxis, StaggerIndex
from game.kernel.decisions import PASS, Question
from game.kernel.engine import Impossible
from game.rulesets.seed004.ai_movement import attack_choice, noncombat_choice, trace_choice
from game.rulesets.seed004.blows import Blow, Blows
from game.rulesets.seed004.movement_phase import (ATTACK_MOVER, Ground, Mover, attack_question, begin, overlaps, plans,
                                                  questions, run)
from game.rulesets.seed004.noncombat import Fit
from game.rulesets.seed004.noncombat_phase import Standing
from game.rulesets.seed004.noncombat_phase import questions as noncombat_questions
from game.rulesets.seed004.sheets import Armour
from game.rulesets.seed004.traces import Movement
from tests.rulesets.seed004.fighters004 import sheet

SQUARES = SquareGrid(16, 16)
OPEN = Ground(SQUARES, lambda c: isinstance(c, Square) and 0 <= c.x < 16 and 0 <= c.y < 16)


def mover(id: str, x: int, y: int = 0, *, side: str = "a", alert: bool = False, move: int = 6, en: int = 20,
          bd: int = 10, noncombat: bool = False, spent: int = 0) -> Mover:
    s = replace(sheet(en=20), id=id, name=id.title(), move=move)
    b = replace(Blows.start(s, alert=alert), en=en, bd=bd)
    for _ in range(spent):
        b = b.spend(Blow.REACTIVE if b.reactive else Blow.ACTIVE)
    return Mover(id, side, s, b, Square(x, y), noncombat)


def test_options_are_end_cells_within_the_movement_stay_chase_and_stop_within_reach() -> None:
    """Seed 004, line 53, 3.1: "a movement 'trace' with a length equal to their available movement speed"; line
    58: orders like "end my trace when I get to within weapon reach of so-and-so"."""
    ann, bo = mover("ann", 2, 2), mover("bo", 6, 2, side="b")
    got = plans(ann, [ann, bo], OPEN)
    assert "stay" in got and "stay unalert" not in got
    assert "to:8,2" in got and "to:9,2" not in got              # 6" on king moves
    assert "to:6,2" not in got                                   # bo's cell is no end cell
    assert got["chase:bo"].trace.cells[-1] == Square(6, 2)       # to bo's starting cell [53]
    assert got["stop:bo"].trace.stop is not None and got["stop:bo"].trace.stop.reach == 1
    far = mover("bo", 7, 2, side="b")
    assert "chase:bo" not in plans(ann, [ann, far], OPEN)        # 5" to its start; 6" less the chase's 2"
    assert all(q.secret and q.kind == "trace" for q in questions([ann, bo], OPEN))


def test_an_alert_character_moves_half_unless_it_ceases_to_be_alert() -> None:
    """Seed 004, line 51, 3: "Characters may cease to be alert ... Alert characters ... are limited to half the
    normal movement distance"; "After any halving, movement is reduced by 1" per blow expended"."""
    ann = mover("ann", 2, 2, alert=True)
    got = plans(ann, [ann], OPEN)
    assert got["to:5,2"].alert and not got["to:6,2"].alert     # 3" keeps alertness, 4" drops it
    assert not got["stay unalert"].alert
    q = questions([ann], OPEN)[0]
    assert "ceases to be alert" in next(o.label for o in q.options if o.key == "to:6,2")
    tired = mover("cy", 2, 2, spent=2, noncombat=True)
    assert "to:3,2" in plans(tired, [tired], OPEN) and "to:4,2" not in plans(tired, [tired], OPEN)  # 6/2 - 2


def test_one_after_a_noncombat_action_cannot_react_to_movement() -> None:
    """Seed 004, line 51, 3: "characters who performed a noncombat action during the round are limited to half the
    normal movement distance and cannot react to others' movement"."""
    ann, bo = mover("ann", 2, 2, alert=True), mover("bo", 4, 4, alert=True, noncombat=True)
    movement, _ = begin([ann, bo], {"ann": "stay", "bo": "stay"}, OPEN)
    assert movement.may_react == frozenset({"ann"})


def test_a_chaser_follows_the_chased_ones_trace_after_its_starting_cell() -> None:
    """Seed 004, line 53, 3.1: "A character who wishes to chase another character loses 2" of movement and must
    draw a trace to that other character's starting location; thereafter, the chasing character's trace is
    considered to follow that of the character being chased"."""
    ann, bo = mover("ann", 0, 0, move=8), mover("bo", 2, 0, side="b", move=6)
    movement, _ = begin([ann, bo], {"ann": "chase:bo", "bo": "to:2,6"}, OPEN)
    assert movement.paths["ann"][:3] == (Square(0, 0), Square(1, 0), Square(2, 0))
    assert movement.paths["ann"][-1] == Square(2, 4)     # 8 - 2 = 6 cells: 2 to bo's start, 4 along bo's trace
    final, frames = run(movement, {"ann": ann, "bo": bo}, lambda m, q: PASS, lambda a, t, m: ((), False))
    assert final.positions() == {"ann": Square(2, 4), "bo": Square(2, 6)}
    assert [f.ended for f in frames] == [("ann", "bo")]


def test_one_who_ends_may_attack_a_mover_borrowing_and_the_steps_are_logged_for_replay() -> None:
    """Seed 004, lines 55-57, 3.2.1-3.2.3: "The character or characters selecting an end point after the smallest
    fraction of their remaining traces end movement at those points ... The characters who just ended movement can
    immediately execute an attack against any character who has not yet ended movement ... 'borrowing' blows from
    the next round's allowance ... If there are characters who have not yet ended movement, return to 3.2.1"."""
    guard, runner = mover("guard", 4, 2, alert=True), mover("runner", 0, 0, side="b", move=8)
    everyone = {"guard": guard, "runner": runner}
    movement, _ = begin([guard, runner], {"guard": "stop:runner", "runner": "to:8,0"}, OPEN)
    asked: list[Question] = []

    def choose(m: Movement, q: Question) -> str:
        asked.append(q)
        return "attack:runner"

    struck: list[tuple[str, str]] = []

    def strike(a: str, t: str, m: Movement) -> tuple[tuple[str, ...], bool]:
        struck.append((a, t))
        return (f"{a} hits {t}",), True

    final, frames = run(movement, everyone, choose, strike)
    assert [q.kind for q in asked] == [ATTACK_MOVER] and struck == [("guard", "runner")]
    stopped = final.positions()["runner"]
    assert frames[0].ended == ("guard",)
    assert frames[0].lines[1:] == ("guard hits runner", f"Runner stops at {tuple(stopped)}")
    assert OPEN.grid.distance(frames[0].positions["guard"], frames[0].positions["runner"]) <= 1
    assert final.done and stopped == frames[0].positions["runner"] and stopped != Square(8, 0)
    assert len(frames) == 1 and frames[-1].positions == final.positions()   # the halt ended the last mover
    broke = replace(guard, blows=replace(guard.blows, borrowed_active=2, borrowed_reactive=2))
    _, step = movement.step()
    assert attack_question(movement.step()[0], step, broke, {**everyone, "guard": broke}) is None


def test_a_choice_not_offered_is_refused_in_one_line() -> None:
    """Seed 004, line 53, 3.1: a trace no longer than the available movement."""
    ann = mover("ann", 2, 2)
    with pytest.raises(Impossible, match="ann cannot plot 'to:15,15' now"):
        begin([ann], {"ann": "to:15,15"}, OPEN)


def _walls(seed: int) -> frozenset[Cell]:
    r = random.Random(seed)
    return frozenset(Square(r.randrange(12), r.randrange(12)) for _ in range(14))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 7), st.booleans())
def test_movement_ends_with_nobody_sharing_a_cell_and_nobody_past_its_trace(seed: int, count: int, hexes: bool) -> None:
    """Seed 004, lines 53-57, 3.1-3.2.3, over seeded fights: the AI (and random choices) plot, the resolution runs
    with attacks that sometimes stop their targets; at the end nobody stands with another, and each stands on a
    cell of its own trace, no farther along it than its trace goes (ours: :mod:`traces`' blocking)."""
    r = random.Random(seed)
    grid = HexGrid(32, 36, 18, StaggerAxis.Y, StaggerIndex.ODD) if hexes else SquareGrid(12, 12)
    walls = _walls(seed)
    cells = [c for c in (grid.offset_to_cell(x, y) for x in range(12) for y in range(12)) if c not in walls]
    board = frozenset(cells)
    ground = Ground(grid, lambda c: c in board)
    r.shuffle(cells)
    movers = [replace(mover(f"m{i}", 0, side="ab"[i % 2], alert=r.random() < 0.5, en=r.randint(2, 20),
                            noncombat=r.random() < 0.2, spent=r.randint(0, 2)), cell=cells[i]) for i in range(count)]
    everyone = {m.id: m for m in movers}
    choices = {}
    for m in movers:
        keys = list(plans(m, movers, ground))
        choices[m.id] = trace_choice(m, movers, ground) if r.random() < 0.6 else r.choice(keys)
    movement, _ = begin(movers, choices, ground)
    final, frames = run(movement, everyone, lambda m, q: r.choice([o.key for o in q.options]),
                        lambda a, t, m: ((), r.random() < 0.5))
    assert final.done and len(frames) <= count
    where = final.positions()
    assert not overlaps(where)
    for m in movers:
        path = movement.paths[m.id]
        reached = final.at[m.id]
        assert reached <= len(path) - 1                                   # never past its trace's end
        if where[m.id] in path:
            assert where[m.id] in path[:reached + 1]                      # where it came to, or short of it
        else:   # ours: every cell of its path was held, so it took the nearest free cell
            assert all(c in set(where.values()) - {where[m.id]} for c in path)


MAIL = Armour("mail", ac=-3, enc=9, wt=4)


def test_the_ai_rests_when_spent_and_adjusts_armour_when_it_has_time() -> None:
    """Seed 004, lines 46 and 48, 2.1.1 and 2.1.3: rest and adjust armour (the AI's choice of them is ours)."""
    s = replace(sheet(en=20), recovery=3, armour=MAIL)
    tired = Standing("ann", "a", s, replace(Blows.start(s, alert=False), en=8, en_last_round=5), Fit(True, 9))
    fresh = replace(tired, id="bo", blows=replace(tired.blows, en=20))
    q_tired, q_fresh = noncombat_questions([tired, fresh])
    assert noncombat_choice(tired, q_tired.options, foe_distance=2) == "rest"
    assert noncombat_choice(fresh, q_fresh.options, foe_distance=20) == "adjust armour"
    assert noncombat_choice(fresh, q_fresh.options, foe_distance=2) == PASS


def test_the_ai_closes_flees_chases_and_waits_for_movers() -> None:
    """Seed 004, lines 53 and 58: the AI plots toward the foe it wants, away when badly hurt, chases a fleeing foe,
    and takes "stop within reach" when alert to attack movers (3.2.2, line 56)."""
    ann, bo = mover("ann", 2, 2), mover("bo", 10, 2, side="b")
    assert trace_choice(ann, [ann, bo], OPEN) == "to:8,2"                       # its whole 6" toward bo
    hurt = replace(ann, blows=replace(ann.blows, en=3))
    assert OPEN.grid.distance(plans(hurt, [hurt, bo], OPEN)[trace_choice(hurt, [hurt, bo], OPEN)].trace.cells[-1],
                            bo.cell) > 8
    weak = replace(mover("bo", 5, 2, side="b"), blows=replace(bo.blows, en=2))
    assert trace_choice(ann, [ann, weak], OPEN) == "chase:bo"
    alert = mover("ann", 2, 2, alert=True)
    assert trace_choice(alert, [alert, bo], OPEN) == "stop:bo"
    guard, runner = mover("guard", 4, 2, alert=True), mover("runner", 0, 0, side="b", move=8)
    movement, _ = begin([guard, runner], {"guard": "stop:runner", "runner": "to:8,0"}, OPEN)
    after, step = movement.step()
    q = attack_question(after, step, guard, {"guard": guard, "runner": runner})
    assert q is not None and attack_choice(guard, q.options, {"guard": guard, "runner": runner}) == "attack:runner"


def test_a_mover_stopped_by_one_attacker_is_not_offered_to_the_next() -> None:
    """Seed 004, line 56, 3.2.2: an attack "against any character who has not yet ended movement": once the first
    of two who just ended stops the runner, the runner has ended, so the second is not asked about it."""
    g1, g2 = mover("g1", 4, 1, alert=True), mover("g2", 4, 3, alert=True)
    runner = mover("runner", 0, 2, side="b", move=8)
    everyone = {"g1": g1, "g2": g2, "runner": runner}
    movement, _ = begin([g1, g2, runner], {"g1": "stop:runner", "g2": "stop:runner", "runner": "to:8,2"}, OPEN)
    asked: list[str] = []

    def choose(m: Movement, q: Question) -> str:
        asked.append(q.chooser)
        return "attack:runner"

    final, frames = run(movement, everyone, choose, lambda a, t, m: ((f"{a} hits {t}",), True))
    assert frames[0].ended == ("g1", "g2") and asked == ["g1"]
    assert final.done


def test_the_ai_flees_only_while_a_foe_is_fitter() -> None:
    """Seed 004, line 53, 3.1 (the AI's use of it, ours): badly hurt, it runs from a fresh foe but closes on a foe
    as spent as itself (two spent sides running from each other would never end the fight)."""
    hurt = mover("ann", 2, 2, en=3)
    spent = mover("bo", 10, 2, side="b", en=3)
    assert trace_choice(hurt, [hurt, spent], OPEN) == "to:8,2"


def _through_combat_and_noncombat(f: Any) -> None:
    from game.kernel.decisions import Answer
    from game.rulesets.seed004.commands import PassOption

    for _ in range(10):
        acting = f.acting
        if acting is None:
            break
        f.apply(PassOption(acting.id))
    for d in f.pending:
        if d.kind == "noncombat":
            f.apply(Answer(d.id, PASS))


def test_in_the_fight_traces_are_secret_revealed_together_and_one_who_ends_attacks_a_mover() -> None:
    """Seed 004, line 53, 3.1: traces determined simultaneously; line 54, 3.2: "All traces are revealed"; line 56,
    3.2.2: one who just ended attacks one still moving, "'borrowing' blows from the next round's allowance"."""
    from game.kernel.decisions import Answer
    from game.rulesets.seed004 import events as ev
    from game.rulesets.seed004.phases import MovementStepped, Phases, TracesPlotted
    from tests.rulesets.seed004.fight004 import at, events, fight_of

    f = fight_of(("oswin", "oswin_hale", "company", (4, 3)), ("wolf", "fen_wolf", "beasts", (0, 2)), start=False,
                 faces=(9, 9, 1, 8))
    f.extensions.append(Phases())
    f.start()
    _through_combat_and_noncombat(f)
    asked = f.pending
    assert [(d.chooser, d.kind, d.secret) for d in asked] == [("oswin", "trace", True), ("wolf", "trace", True)]
    f.apply(Answer(asked[0].id, "stop:wolf"))
    assert not events(f, TracesPlotted)
    f.apply(Answer(asked[1].id, "to:10,2"))
    plotted = events(f, TracesPlotted)
    assert [(e.creature, e.stop) for e in plotted] == [("oswin", "wolf"), ("wolf", "")]
    assert len(plotted[0].path) == 4 and f.board.grid.distance(plotted[0].path[-1], at(f, 0, 2)) == 1  # alert: 3"
    assert plotted[1].path[-1] == at(f, 10, 2)
    attack = f.pending
    assert [(d.chooser, d.kind) for d in attack] == [("oswin", "attack mover")]
    assert "attack:wolf" in [o.key for o in attack[0].options]
    f.apply(Answer(attack[0].id, "attack:wolf"))
    for _ in range(5):
        for d in f.pending:
            f.apply(Answer(d.id, PASS))
    chosen = events(f, ev.OptionChosen)
    assert chosen[-1].creature == "oswin" and chosen[-1].borrowed
    steps = events(f, MovementStepped)
    assert steps[0].ended == ("oswin",) and steps[-1].ended in (("wolf",), ())
    assert f.rnd.number == 2 and f.char("oswin").blows.spent == 1   # the borrowed blow counts in round 2


@settings(max_examples=16, deadline=None)
@given(st.integers(1, 10**6), st.sampled_from(["maps/hall_brawl_004.toml", "maps/reed_bank_004.toml"]))
def test_seeded_fights_end_every_movement_phase_with_nobody_sharing_a_cell(seed: int, encounter: str) -> None:
    """Seed 004, lines 53-57, 3.1-3.2.3, over whole seeded fights of the samples (square, hex) played by the AI:
    after every step of every movement phase nobody stands in another's cell, and each stands on its revealed
    trace (or, every cell of it held, beside it: ours), never past its end."""
    from game.rulesets.seed004.phases import MovementStepped, MoverStopped, TracesPlotted
    from game.runner import build_encounter, play

    loaded = build_encounter(encounter, seed)
    seen: list[Any] = []
    play(loaded, auto=True, emit=seen.append)
    assert any(isinstance(e, MovementStepped) for e in seen)
    paths: dict[str, tuple[Cell, ...]] = {}
    ended: set[str] = set()
    for e in seen:
        if isinstance(e, TracesPlotted):
            if not ended.isdisjoint(paths):   # a new movement phase
                paths, ended = {}, set()
            paths[e.creature] = e.path
        elif isinstance(e, MoverStopped):
            ended.add(e.creature)
        elif isinstance(e, MovementStepped):
            ended.update(e.ended)
            where = {w: c for w, c in e.positions if w in ended}   # movers pass through others' cells (ours)
            assert not overlaps(where)
            for who, cell in where.items():
                if who in paths and cell not in paths[who]:
                    held = set(where.values()) - {cell}
                    assert all(c in held for c in paths[who]), (who, cell)
            assert all(c in paths[w] for w, c in e.positions if w in paths and w not in ended)
