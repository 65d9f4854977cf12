"""Seed 002's game master's edits (game.rulesets.seed002.editing): the track in place of hit points, prone,
the afflictions and grab states, placing, bringing in, taking out, the order; each one GmEdited, undone,
saved and replayed like the other seeds' (tests/test_gm_edits.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.grid import Cell
from game.kernel.engine import Impossible
from game.rulesets import edits as ed
from game.saves import read_save
from game.session import AI, Session

MAP = "maps/crypt_wharf_002.toml"


def _ready() -> Session:
    s = Session.open(MAP)
    s.controllers = {k: AI for k in s.controllers}
    for _ in range(20):
        if not s.encounter.pending:
            break
        s.step_ai()
    assert not s.encounter.pending
    return s


def _free(s: Session, near: Cell | None = None) -> Cell:
    board = s.source.board
    cells = [c for c in board if not board.is_wall(c) and s.encounter.occupant(c) is None]
    if near is not None:
        cells.sort(key=lambda c: board.grid.distance(c, near))
    return cells[0]


def _not_acting(s: Session) -> str:
    acting = s.encounter.acting
    return next(p.id for p in s.encounter.pieces() if not p.dead and (acting is None or p.id != acting.id)
                and p.template.size == 1)


def _state(s: Session) -> list[tuple[Any, ...]]:
    f: Any = s.encounter
    out: list[tuple[Any, ...]] = [(p.id, p.name, p.side, p.cell, p.track, p.prone, f.edit_view(p.id).conditions)
                                  for p in f.pieces()]
    return out + [("order", *f.turn_order())]


def test_the_track_is_set_in_place_of_hit_points_as_one_edit() -> None:
    """Seed 002 keeps damage and fatigue levels and Stress, not hit points (seed 002, line 37: "your highest
    level of damage or fatigue"; line 133: "fatigued ... exhausted ... incapacitated"): the game master sets
    all three as one GmEdited; hit points are refused in one line."""
    s = _ready()
    f: Any = s.encounter
    pid = _not_acting(s)
    before = len(s.played)
    events = s.edit(ed.SetTrack(pid, 2, 1, 3))
    assert [type(e) for e in events] == [ed.GmEdited]
    t = f.piece(pid).track
    assert (t.damage, t.fatigue, t.stress) == (2, 1, 3)
    assert f.edit_view(pid).levels == (("damage", 2, 4), ("fatigue", 1, 3), ("stress", 3, 0))
    assert s.played[before].command == ed.SetTrack(pid, 2, 1, 3)
    assert "damage 2, fatigue 1, stress 3" in f.describe(events[0])
    for command, why in ((ed.SetHitPoints(pid, 3), "no hit points"), (ed.SetTrack(pid, 5, 0, 0), "damage goes"),
                         (ed.SetTrack(pid, 0, 4, 0), "fatigue from 0 to 3"), (ed.SetTrack(pid, 0, 0, -1), "Stress")):
        with pytest.raises(Impossible, match=why):
            s.edit(command)


def test_a_creature_brought_down_leaves_the_fight_and_comes_back_up() -> None:
    """Down at 4 damage or 3 fatigue (our track, README; seed 002, line 133): it neither blocks nor is
    offered a turn; set back up, it stands and takes its turns again."""
    s = _ready()
    f: Any = s.encounter
    pid = _not_acting(s)
    s.edit(ed.SetTrack(pid, 0, 3, 0))
    assert f.piece(pid).out and f.occupant(f.piece(pid).cell) is None
    s.edit(ed.SetTrack(pid, 1, 0, 0))
    assert not f.piece(pid).out and f.occupant(f.piece(pid).cell) is f.piece(pid)
    if f.acting is not None:
        with pytest.raises(Impossible, match="end its turn"):
            s.edit(ed.SetTrack(f.acting.id, 4, 0, 0))


def test_prone_and_a_hand_laid_affliction_last_until_removed() -> None:
    """Prone [39] and the afflictions of a stunt (seed 002, line 47) may be laid by hand; the game master's
    affliction is not ended by the end-of-turn resistance check [37] (README's ruling): it lasts until removed."""
    s = _ready()
    f: Any = s.encounter
    pid = _not_acting(s)
    s.edit(ed.AddCondition(pid, "prone"))
    s.edit(ed.AddCondition(pid, "hindered"))
    assert f.piece(pid).prone and f.edit_view(pid).conditions == ("prone", "hindered")
    assert f.piece(pid).speed_bonus == -1
    for _ in range(60):
        if f.over or not s.step_ai():
            break
    if f.piece(pid) is not None and not f.piece(pid).out:
        assert "hindered" in f.edit_view(pid).conditions
    s2 = _ready()
    s2.edit(ed.AddCondition(pid, "hindered"))
    s2.edit(ed.RemoveCondition(pid, "hindered"))
    assert s2.encounter.edit_view(pid).conditions == () and s2.encounter.piece(pid).speed_bonus == 0  # type: ignore[attr-defined]


def test_a_grab_state_needs_the_one_enemy_beside_it_as_grabber() -> None:
    """Held, restrained, bound (seed 002, line 49) need a grabber: laid by hand, the one enemy next to the
    creature; none beside it is refused in one line; removing it ends the grab."""
    s = _ready()
    f: Any = s.encounter
    pid = _not_acting(s)
    me = f.piece(pid)
    s.edit(ed.PlaceCreature(pid, _free(s, s.source.board.grid.offset_to_cell(0, 0))))
    if any(f.state.adjacent(e, me) for e in f.state.enemies(me)):
        pytest.skip("the corner is next to an enemy on this map")
    with pytest.raises(Impossible, match="needs a grabber"):
        s.edit(ed.AddCondition(pid, "held"))
    enemy = next(e for e in f.state.enemies(me) if e.template.size == 1 and e.id != getattr(f.acting, "id", ""))
    s.edit(ed.PlaceCreature(enemy.id, _free(s, me.cell)))
    s.edit(ed.AddCondition(pid, "restrained"))
    assert me.held and "restrained" in f.edit_view(pid).conditions
    s.edit(ed.RemoveCondition(pid, "restrained"))
    assert not me.held and f.edit_view(pid).conditions == ()


def test_bring_in_copy_take_out_and_order() -> None:
    s = _ready()
    f: Any = s.encounter
    pid = _not_acting(s)
    model = f.piece(pid)
    count = len(f.pieces())
    events = s.edit(ed.AddCreature(model.template.id, model.side, _free(s, model.cell), copy_of=pid))
    assert [type(e) for e in events] == [ed.GmEdited]
    added = f.pieces()[-1]
    assert len(f.pieces()) == count + 1 and added.template is model.template and f.turn_order()[-1] == added.id
    sheet, name = f.addable()[0]
    s.edit(ed.AddCreature(sheet, "wharf", _free(s)))
    assert f.pieces()[-1].name.startswith(name)
    order = f.turn_order()
    s.edit(ed.MoveInOrder(order[-1], -1))
    assert f.turn_order()[-2] == order[-1]
    s.edit(ed.RemoveCreature(added.id))
    assert f.piece(added.id) is None and added.id not in f.turn_order()


def test_an_edited_saved_and_resumed_fight_replays_to_the_same_state(tmp_path: Path) -> None:
    """Issue 18: an edited, saved and resumed fight replays to the same state; undo takes an edit back."""
    s = _ready()
    for _ in range(4):
        s.step_ai()
    f: Any = s.encounter
    pid = _not_acting(s)
    s.edit(ed.SetTrack(pid, 1, 1, 2))
    s.edit(ed.AddCondition(pid, "vulnerable"))
    s.edit(ed.AddCondition(pid, "prone"))
    s.edit(ed.RemoveCondition(pid, "prone"))
    s.edit(ed.PlaceCreature(pid, _free(s, f.piece(pid).cell)))
    s.edit(ed.AddCreature(f.addable()[0][0], "wharf", _free(s)))
    s.roll("2d6+3", by="Ann")
    for _ in range(4):
        s.step_ai()
    saved = s.save(tmp_path / "edited.jsonl")
    kinds = {r.command["do"] for r in read_save(saved).records}
    assert {"gm_track", "gm_add_condition", "gm_remove_condition", "gm_place", "gm_add", "roll"} <= kinds
    back = Session.resume(saved)
    assert back.encounter.log == s.encounter.log and _state(back) == _state(s)
    for session in (s, back):
        for _ in range(300):
            if session.encounter.over or not session.step_ai():
                break
    assert back.encounter.log == s.encounter.log
    u = _ready()
    q = _not_acting(u)
    u.edit(ed.SetTrack(q, 2, 0, 0))
    u.gm_undo(1)
    assert u.encounter.piece(q).track.damage == 0  # type: ignore[union-attr,attr-defined]


def test_the_track_the_game_master_sets_is_seen_only_by_the_creatures_player() -> None:
    """As hit points set by hand (issue 17): players see an opponent's track as a word only (seed 002's
    players' display), so the edit's numbers are the game master's and the creature's player's."""
    s = _ready()
    s.controllers = {"party": "Ann", "wharf": AI}
    s.gm_name = "Gwen"
    acting = getattr(s.encounter.acting, "id", "")
    foe = next(p for p in s.encounter.pieces() if p.side == "wharf" and p.id != acting)
    hero = next(p for p in s.encounter.pieces() if p.side == "party" and p.id != acting)
    events = s.edit(ed.SetTrack(foe.id, 1, 0, 0)) + s.edit(ed.SetTrack(hero.id, 1, 0, 0))
    events += s.edit(ed.AddCondition(foe.id, "prone"))
    owners = s.secrets(events)
    assert owners[2] is None
    assert [s.may_see_secrets_of("Ann", o) for o in owners[:2]] == [False, True]
    assert [s.may_see_secrets_of("Gwen", o) for o in owners[:2]] == [True, True]
