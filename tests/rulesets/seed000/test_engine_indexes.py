"""The engine's shortcuts give the answers of the plain scans they replace.

Each shortcut here (an index worked out once, a cheaper test) is checked against
the straightforward computation, on the sample encounters' real sheets and
positions, through whole fights played by the AI.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.grid import Cell
from game.rulesets.seed000 import events as ev
from game.rulesets.seed000.encounter import Encounter
from game.rulesets.seed000.model import RangeKind
from game.rulesets.seed000.state import Creature
from game.rulesets.seed000.steps import EnterCell, LeaveCell
from game.rulesets.seed000.triggers import TRIGGERS
from game.runner import build_encounter, play

MAPS = Path(__file__).resolve().parents[3] / "maps"
SAMPLES = ["crypt_skirmish.toml", "marsh_ambush.toml", "ridge_crossing.toml", "crypt_drill.toml"]


def _played(name: str, seed: int = 3) -> Encounter:
    loaded = build_encounter(MAPS / name, seed=seed)
    return play(loaded, auto=True, emit=lambda e: None)


@pytest.mark.parametrize("name", SAMPLES)
def test_reactions_by_trigger_are_the_sheet_scanned(name: str) -> None:
    """``ReactionSystem._matching`` (through its index of powers by trigger) finds, for every creature and
    trigger, the reaction powers of the sheet with that trigger, in sheet order."""
    enc = build_encounter(MAPS / name).encounter
    system = enc.ruleset.reactions  # type: ignore[attr-defined]
    for c in enc.state.creatures.values():
        for trigger in TRIGGERS:
            scanned = [p for p in c.template.powers if p.reaction is not None and p.reaction.trigger == trigger]
            assert [h.power for h in system._matching(c, trigger, None, "")] == scanned
            assert system._reacts_to(c, trigger) == bool(scanned)


def test_has_pending_is_a_scan_of_the_pending_steps() -> None:
    """``Encounter.has_pending(action, kind)`` agrees with ``pending_steps`` at every break point of a fight."""
    loaded = build_encounter(MAPS / "crypt_skirmish.toml", seed=5)
    enc = loaded.encounter
    checked = [0]

    def watch(event: ev.Event) -> None:
        if isinstance(event, ev.BreakPoint):
            pending = enc.pending_steps()
            for action in {s.action for s in pending} | {0, 10**6}:
                for kind in (LeaveCell, EnterCell):
                    assert enc.has_pending(action, kind) == any(
                        isinstance(s, kind) and s.action == action for s in pending)
            checked[0] += 1

    enc.listen(watch)
    play(loaded, auto=True, emit=lambda e: None)
    assert checked[0] > 100


@pytest.mark.parametrize("name", SAMPLES)
def test_can_stand_without_an_occupancy_dict(name: str) -> None:
    """``can_stand`` on its own equals ``can_stand`` given everyone else's cells, everywhere on the board,
    for every creature, dead ones left out, after a fight (some dead, some dying)."""
    enc = _played(name)
    st = enc.state
    cells = list(st.board) + [st.board.grid.offset_to_cell(-1, 0)]

    def others(me: Creature) -> dict[Cell, Creature]:
        return {cell: c for c in st.living() if c.id != me.id for cell in st.space(c)}

    for me in st.creatures.values():
        occupied = others(me)
        for cell in cells:
            assert st.can_stand(me, cell) == st.can_stand(me, cell, occupied), (me.id, cell)


@pytest.mark.parametrize("name", SAMPLES)
def test_by_initiative_is_the_rank_order(name: str) -> None:
    """``state.by_initiative()``: every creature once, in the order ``tactics`` ranks them (initiative, then
    the others in creature order), before the start and after a fight."""
    from game.rulesets.seed000 import tactics

    for enc in (build_encounter(MAPS / name).encounter, _played(name)):
        st = enc.state
        ranks = tactics._ranks(st)
        assert [c.id for c in st.by_initiative()] == sorted(st.creatures, key=lambda cid: ranks[cid])


@pytest.mark.parametrize("name", SAMPLES)
def test_area_targets_one_at_a_time_are_valid_targets(name: str) -> None:
    """The engine lists an area's targets by testing each creature in initiative order
    (``Encounter._use_power``, with ``tactics.target_test``): the same list as ``tactics.valid_targets``,
    for every power of every creature and every origin on the board, after a fight."""
    from game.rulesets.seed000 import tactics

    def _valid_targets(st: Any, user: Any, power: Any, origin: Any) -> list[Any]:
        test = tactics.target_test(st, user, power, origin)
        return [c for c in st.by_initiative() if test(c)]

    enc = _played(name, seed=7)
    st = enc.state
    cells = list(st.board)
    for user in st.creatures.values():
        for power in user.template.powers:
            origins = [None] + (cells if power.reach.kind in (RangeKind.AREA_BURST, RangeKind.CLOSE_BLAST) else [])
            for origin in origins:
                assert _valid_targets(st, user, power, origin) == tactics.valid_targets(st, user, power, origin)


@pytest.mark.parametrize("name", SAMPLES)
def test_remembered_preparation_work_is_the_work_done_afresh(name: str) -> None:
    """What the reaction system remembers per preparation (its problems when it has none, its
    announcement's fields, its reactions' order) equals the work done afresh, for every creature after a
    fight, with its preparation in force and the sheet's default."""
    from game.rulesets.seed000.preparation import (considered_order, default_preparation, describe_restriction,
                                        full_priority, preparation_problems)

    enc = _played(name)
    st = enc.state
    system = enc.ruleset.reactions  # type: ignore[attr-defined]
    for c in st.creatures.values():
        for prep in (system.preparation(c.id), default_preparation(c.template)):
            for _ in range(2):  # afresh, then remembered
                fresh = preparation_problems(c.template, prep, is_creature=lambda cid: cid in st.creatures,
                                             is_cell=lambda cell: cell in st.board)
                assert system._problems(enc, c.template, prep) == fresh
                assert system._order(c, prep) == {p.id: i for i, p in enumerate(considered_order(c.template, prep))}
        announced = system._announced.get(c.id)
        if announced is not None:
            _, prep, text = announced
            assert text == (prep.limited or "", full_priority(c.template, prep), tuple(sorted(prep.disabled)),
                            prep.basic_attack or "", prep.opportunity_attack or "",
                            tuple(describe_restriction(r, enc.name, enc.offset) for r in prep.restrictions))


def test_a_budget_copy_is_dataclasses_replace() -> None:
    """``TurnBudget.copy`` (the AI's "what if" spending) copies every field, and the copy is independent."""
    import dataclasses

    from game.rulesets.seed000.state import TurnBudget

    fields = dataclasses.fields(TurnBudget)
    budget = TurnBudget(**{f.name: (not f.default if isinstance(f.default, bool) else 7) for f in fields})
    copy = budget.copy()
    assert copy == dataclasses.replace(budget) and copy is not budget
    assert all(getattr(copy, f.name) != f.default for f in fields)  # every field, none left at its default
    copy.move = not copy.move
    assert budget.move != copy.move
