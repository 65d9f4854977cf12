"""The automatic player's search shortcuts give the answers of the full search.

The AI skips working out a cell (or a power) whose upper bound cannot beat the
best plan found so far, and finds melee and ranged targets itself rather than
through ``tactics.valid_targets``. Here: its targets are ``valid_targets``'
on random boards, and with ``ai.weights.CHECK_BOUNDS`` set every decision also works
out every reachable cell and every power and asserts that no exact score is
above its bound and that the pruned answer is the full search's, in seeded
sample fights and in random small fights (areas, forced movement, dangerous
terrain, large creatures, conditions).
"""

from __future__ import annotations

import inspect
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game.rulesets.seed000.ai as ai
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.encounter import Encounter
from game.rulesets.seed000.model import (ActionType, Attack, ConditionKind, CreatureId, DamageRoll, Defense, ForcedKind,
                              ForcedMovement, Frequency, Outcome, Power, PowerId, Reach, RangeKind, TargetKind,
                              Template)
from game.rulesets.seed000.state import Condition, EncounterState
from game.runner import Loaded, build_encounter, play

import test_ai  # the AI's own small boards (same folder)

Kit = Any  # the conftest helper object (see conftest.Kit)

MAPS = Path(__file__).resolve().parents[3] / "maps"
SAMPLES = ("crypt_skirmish.toml", "marsh_ambush.toml", "ridge_crossing.toml")


def _power(pid: str, kind: RangeKind, *, reach: int = 1, range_: int = 0, size: int = 0,
           targets: TargetKind = TargetKind.ENEMY, frequency: Frequency = Frequency.AT_WILL,
           max_targets: int = 1, hit: Outcome | None = None, basic: bool = False,
           action: ActionType = ActionType.STANDARD) -> Power:
    return Power(PowerId(pid), pid, action, frequency, Reach(kind, reach=reach, range=range_, size=size),
                 targets=targets, max_targets=max_targets, attack=Attack(6, Defense.AC),
                 hit=hit if hit is not None else Outcome(damage=DamageRoll(1, 8, 3)), basic=basic)


POWERS: tuple[Power, ...] = (
    _power("axe", RangeKind.MELEE, basic=True),
    _power("glaive", RangeKind.MELEE, reach=2, frequency=Frequency.ENCOUNTER),
    _power("shove", RangeKind.MELEE, hit=Outcome(damage=DamageRoll(1, 6), forced=ForcedMovement(ForcedKind.PUSH, 2))),
    _power("daze", RangeKind.MELEE, frequency=Frequency.DAILY,
           hit=Outcome(damage=DamageRoll(2, 8, 2), conditions=(ai.ConditionSpec(ConditionKind.DAZED,
                                                                                ai.Duration.SAVE_ENDS),))),
    _power("bow", RangeKind.RANGED, range_=8),
    _power("twin", RangeKind.RANGED, range_=5, max_targets=2, hit=Outcome(damage=DamageRoll(1, 6))),
    _power("hook", RangeKind.RANGED, range_=6, hit=Outcome(damage=DamageRoll(1, 4),
                                                          forced=ForcedMovement(ForcedKind.PULL, 2))),
    _power("gust", RangeKind.RANGED, range_=6, hit=Outcome(damage=DamageRoll(1, 4),
                                                          forced=ForcedMovement(ForcedKind.SLIDE, 2))),
    _power("fireball", RangeKind.AREA_BURST, range_=6, size=1, frequency=Frequency.ENCOUNTER),
    _power("cloud", RangeKind.AREA_BURST, range_=5, size=2, targets=TargetKind.CREATURE, frequency=Frequency.DAILY),
    _power("sweep", RangeKind.CLOSE_BURST, size=1),
    _power("spray", RangeKind.CLOSE_BLAST, size=3, frequency=Frequency.ENCOUNTER),
    Power(PowerId("mend"), "mend", ActionType.MINOR, Frequency.ENCOUNTER, Reach(RangeKind.CLOSE_BURST, size=3),
          targets=TargetKind.SELF_OR_ALLY, effect=Outcome(heal_surge=True)),
    Power(PowerId("word"), "word", ActionType.STANDARD, Frequency.AT_WILL, Reach(RangeKind.RANGED, range=5),
          targets=TargetKind.ALLY, effect=Outcome(heal_surge=True, heal_bonus=3)),
)


def _sheet(kit: Kit, rng: random.Random, tid: str, size: int) -> Template:
    powers = [POWERS[0]] + rng.sample(POWERS[1:], rng.randint(1, 4))
    made: Template = kit.template(tid, speed=rng.choice([1, 3, 5, 6]), size=size, powers=powers)
    return made


def _board(rng: random.Random, hexes: bool, width: int = 9, height: int = 7) -> tuple[str, dict[str, int]]:
    """An ASCII board with walls, dangerous and difficult cells, 2-4 creatures a side (one 2x2 on squares)."""
    cells = [["." for _ in range(width)] for _ in range(height)]
    for row in cells:
        for x in range(width):
            roll = rng.random()
            row[x] = "#" if roll < 0.12 else "~" if roll < 0.2 else "," if roll < 0.25 else "."
    sizes: dict[str, int] = {}
    letters = list("ABCD")[:rng.randint(2, 4)] + list("abcd")[:rng.randint(2, 4)]
    for letter in letters:
        size = 2 if not hexes and letter in "Aa" and rng.random() < 0.5 else 1
        for _ in range(50):
            x, y = rng.randrange(width - size + 1), rng.randrange(height - size + 1)
            block = [(x + dx, y + dy) for dy in range(size) for dx in range(size)]
            if all(cells[by][bx] in ".,~" for bx, by in block):
                for bx, by in block:
                    cells[by][bx] = letter
                sizes[letter] = size
                break
    if hexes:
        text = "\n".join((" " if r % 2 else "") + " ".join(row) for r, row in enumerate(cells))
    else:
        text = "\n".join("".join(row) for row in cells)
    return text, sizes


def _fight(kit: Kit, seed: int, hexes: bool) -> Encounter:
    rng = random.Random(seed)
    text, sizes = _board(rng, hexes)
    sheets = {letter: _sheet(kit, rng, f"t{letter}", size) for letter, size in sizes.items()}
    state: EncounterState = kit.state_from(text, hexes=hexes, templates=sheets)
    roster = [(c.id, c.name, c.side, c.template, c.cell) for c in state.creatures.values()]
    enc = Encounter(state.board, roster, seed=seed)
    enc.start()
    kinds = [ConditionKind.DAZED, ConditionKind.PRONE, ConditionKind.MARKED, ConditionKind.WEAKENED,
             ConditionKind.GRANTING_ADVANTAGE, ConditionKind.SLOWED]
    for c in enc.state.creatures.values():
        if rng.random() < 0.3:
            source = rng.choice(list(enc.state.creatures))
            c.conditions.append(Condition(rng.choice(kinds), source, ai.Duration.SAVE_ENDS))
        if rng.random() < 0.3:
            c.hp = rng.randint(1, c.hp)
    return enc


@pytest.fixture
def checking(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai.weights, "CHECK_BOUNDS", True)


# -- targets ---------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), hexes=st.booleans())
def test_reach_targets_are_valid_targets_from_every_cell(kit: Kit, seed: int, hexes: bool) -> None:
    enc = _fight(kit, seed, hexes)
    st_ = enc.state
    rng = random.Random(seed)
    for c in list(st_.creatures.values())[:3]:
        if rng.random() < 0.2:
            c.dying = True
    me = st_.creatures[rng.choice(list(st_.creatures))]
    mind = ai._Mind(enc, me)
    powers = [p for p in POWERS if p.reach.kind in (RangeKind.MELEE, RangeKind.RANGED)]
    powers += [replace(p, targets=kind) for p in powers[:2] for kind in TargetKind]
    for anchor in st_.board:
        for power in powers:
            with ai._standing_at(me, anchor):
                expected = tactics.valid_targets(st_, me, power)
            assert mind.reach_targets(power, anchor) == expected, (anchor, power.id, power.targets)
    assert me.cell == mind.home


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), hexes=st.booleans())
def test_area_targets_are_valid_targets(kit: Kit, seed: int, hexes: bool) -> None:
    """Close bursts around me and area bursts on every centre, whatever they target."""
    enc = _fight(kit, seed, hexes)
    st_ = enc.state
    rng = random.Random(seed)
    for c in list(st_.creatures.values())[:4]:
        c.dying, c.dead = rng.random() < 0.3, rng.random() < 0.1
    me = st_.creatures[rng.choice([c for c in st_.creatures if not st_.creatures[c].dead])]
    mind = ai._Mind(enc, me)
    bursts = [_power("near", RangeKind.CLOSE_BURST, size=1), _power("wide", RangeKind.CLOSE_BURST, size=5),
              _power("ball", RangeKind.AREA_BURST, range_=4, size=1), _power("storm", RangeKind.AREA_BURST,
                                                                               range_=6, size=2)]
    for power in [replace(p, targets=kind) for p in bursts for kind in TargetKind]:
        if power.reach.kind is RangeKind.CLOSE_BURST:
            assert mind.area_targets(power, None) == tactics.valid_targets(st_, me, power), power
            continue
        for origin in [*st_.board, st_.board.grid.offset_to_cell(-1, 2)]:
            expected = tactics.valid_targets(st_, me, power, origin)
            assert mind.area_targets(power, origin) == expected, (power.id, power.targets, origin)
            if power.targets is TargetKind.ENEMY:
                with ai._standing_at(me, origin):
                    centred = tactics.valid_targets(st_, me, power, origin)
                assert mind.area_targets(power, origin, centred=True) == centred, (power.id, origin)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), hexes=st.booleans())
def test_the_one_target_test_agrees_with_valid_targets(kit: Kit, seed: int, hexes: bool) -> None:
    """``tactics.is_valid_target`` (the engine's check of one target) is ``target in valid_targets``: every
    kind of power and of target, every creature (dead and dying ones too), every origin on and off the board;
    ``tactics.target_problem`` gives a reason exactly for the others."""
    enc = _fight(kit, seed, hexes)
    st_ = enc.state
    rng = random.Random(seed)
    for c in list(st_.creatures.values())[:4]:
        c.dying, c.dead = rng.random() < 0.3, rng.random() < 0.1
    areas = [_power("near", RangeKind.CLOSE_BURST, size=1), _power("ball", RangeKind.AREA_BURST, range_=4, size=1),
             _power("blast", RangeKind.CLOSE_BLAST, size=2), _power("self", RangeKind.PERSONAL)]
    powers = [replace(p, targets=kind) for p in [*POWERS, *areas] for kind in TargetKind]
    cells = [*st_.board, st_.board.grid.offset_to_cell(-1, 2)]
    for user in rng.sample(list(st_.creatures.values()), 3):
        for power in rng.sample(powers, 12):
            kind = power.reach.kind
            origins: list[Any] = [None]
            if kind in (RangeKind.AREA_BURST, RangeKind.CLOSE_BLAST):
                origins += rng.sample(cells, 6)
                if kind is RangeKind.CLOSE_BLAST:
                    origins += [n for c in st_.space(user) for n in st_.board.grid.neighbours(c)]
            for origin in origins:
                expected = tactics.valid_targets(st_, user, power, origin)
                for c in st_.creatures.values():
                    got = tactics.is_valid_target(st_, user, power, c, origin)
                    assert got == (c in expected), (user.id, power.id, power.targets, origin, c.id)
                    # the reason a player reads is given exactly for the creatures refused (issue 13, item 14)
                    why = tactics.target_problem(st_, user, power, c, origin)
                    assert (why == "") == got, (user.id, power.id, origin, c.id, why)


# -- bounds ------------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), hexes=st.booleans())
def test_bounds_hold_in_random_small_fights(kit: Kit, checking: None, seed: int, hexes: bool) -> None:
    """Three turns of a random small fight, every decision checked against the full search."""
    enc = _fight(kit, seed, hexes)
    for _ in range(12):
        if enc.state.ended:
            break
        actor = enc.state.acting
        assert actor is not None
        enc.apply(ai.choose_command(enc, actor))


@pytest.mark.parametrize("name", SAMPLES)
def test_bounds_hold_in_seeded_sample_fights(checking: None, name: str) -> None:
    loaded = build_encounter(MAPS / name)
    st_ = loaded.encounter.state
    roster = [(c.id, c.name, c.side, c.template, c.cell) for c in st_.creatures.values()]
    for seed in (1, 2):
        enc = Encounter(st_.board, roster, seed=seed, map_name=loaded.encounter.map_name, options=st_.options)
        play(Loaded(loaded.scenario, enc, loaded.board), auto=True, emit=lambda e: None)
        assert enc.state.ended or enc.state.round > int(st_.options.get("max_rounds", 50))


KIT_CASES = [name for name, case in vars(test_ai).items()
             if name.startswith("test_") and list(inspect.signature(case).parameters) == ["kit"]]


@pytest.mark.parametrize("case", KIT_CASES)
def test_the_ai_tests_boards_agree_with_the_full_search(kit: Kit, checking: None, case: str) -> None:
    """Every small-board test of the AI (flanking, charges, archers, bursts, heals), checked as it plays."""
    getattr(test_ai, case)(kit)


def test_a_bound_is_never_below_the_exact_worth(kit: Kit) -> None:
    """The worth bounds: at least the exact worth of every power on every target, wherever I stand."""
    for seed in range(6):
        enc = _fight(kit, seed, hexes=bool(seed % 2))
        me = enc.state.acting
        assert me is not None
        mind = ai._Mind(enc, me)
        for power in me.template.powers:
            for target in enc.state.living():
                for anchor in list(tactics.reachable(enc.state, me))[:10] + [me.cell]:
                    with ai._standing_at(me, anchor):
                        exact = mind.target_worth(power, target)
                        advantage = power.attack is not None and mind.has_advantage(target, power.is_melee)
                    bound = mind.worth_bound(power, target, advantage) if target.side != me.side else exact
                    assert exact <= bound + 1e-9, (power.id, target.id, anchor)


def test_minds_keep_nothing_between_decisions(kit: Kit) -> None:
    """The same state twice gives the same command (what a decision remembers changes no answer)."""
    enc = _fight(kit, 5, hexes=False)
    me = enc.state.acting
    assert me is not None
    first = ai.choose_command(enc, me)
    assert ai.choose_command(enc, me) == first
    assert me.cell == enc.state.creatures[CreatureId(me.id)].cell


def test_a_decision_adopts_the_last_one_only_when_nothing_but_my_cell_changed(kit: Kit) -> None:
    """``_Mind.adopt``: after my own move, the memories of my last decision are taken over; after any change
    of another creature, or for another creature, they are not (each such decision, in the fights above,
    is also made from scratch and must agree: ``CHECK_BOUNDS``)."""
    enc = _fight(kit, 7, hexes=False)
    me = enc.state.acting
    assert me is not None
    prior = ai._Mind(enc, me)
    prior.print = prior.fingerprint()
    prior.gaps(me.cell)  # something worked out
    other = next(c for c in enc.state.creatures.values() if c.id != me.id)
    away = next(iter(tactics.reachable(enc.state, me)))
    me.cell = away  # as a move would

    def adopted(mind: ai._Mind) -> bool:
        mind.adopt(prior)
        return mind._gaps is prior._gaps

    assert adopted(ai._Mind(enc, me))
    other.hp -= 1
    assert not adopted(ai._Mind(enc, me))
    other.hp += 1
    other.conditions.append(Condition(ConditionKind.PRONE, me.id, ai.Duration.SAVE_ENDS))
    assert not adopted(ai._Mind(enc, me))
    other.conditions.pop()
    assert adopted(ai._Mind(enc, me))
    assert not adopted(ai._Mind(enc, other))
    prior.print = None  # the end of a turn: nothing to adopt
    assert not adopted(ai._Mind(enc, me))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), hexes=st.booleans())
def test_worths_remembered_across_decisions_are_the_worths_worked_out_afresh(kit: Kit, seed: int,
                                                                             hexes: bool) -> None:
    """The encounter's ``ai._OUTCOMES`` table keeps what a power does to a target from one decision to the next: whatever the fight
    has done since (hit points, conditions on either side), a remembered answer is the fresh one."""
    enc = _fight(kit, seed, hexes)
    rng = random.Random(seed)
    for _ in range(10):
        if enc.state.ended:
            break
        me = enc.state.acting
        assert me is not None
        for c in enc.state.living():  # the fight's changes, more of them than a few turns make
            if rng.random() < 0.3:
                c.hp = rng.randint(1, c.max_hp)
            if rng.random() < 0.2:
                c.conditions.append(Condition(rng.choice([ConditionKind.WEAKENED, ConditionKind.DAZED,
                                                          ConditionKind.PRONE]), me.id, ai.Duration.SAVE_ENDS))
        for target in enc.state.living():
            if target.side == me.side:
                continue
            for power in me.template.powers:
                facts = ai._facts(power)
                remembered = ai._Mind(enc, me)._outcome_worths(power, target, facts)
                outcomes = ai._Mind(enc, me).kept_outcomes  # the encounter's table, shared by every decision
                kept = dict(outcomes)
                outcomes.clear()
                try:
                    fresh = ai._Mind(enc, me)._outcome_worths(power, target, facts)
                finally:
                    outcomes.update(kept)
                assert remembered == fresh, (power.id, target.id)
        enc.apply(ai.choose_command(enc, me))
