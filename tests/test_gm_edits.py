"""The game master's edits, the table's dice and the game master's redo (issue 18 items 1, 4, 6), through a
real :class:`Session` in both rulesets, on a square and a hex map.

Seed 000's rules document is about reactions only (hit points and conditions are the README's rulings); seed
003's clauses are quoted where a test checks one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.grid import Cell
from game.rulesets import edits as ed
from game.kernel.engine import Impossible
from game.saves import read_save
from game.session import AI, Session

MAPS = {
    "seed000 square": "maps/crypt_skirmish.toml",
    "seed000 hex": "maps/marsh_ambush.toml",
    "seed003 square": "maps/crypt_vigil_003.toml",
    "seed003 hex": "maps/marsh_reeds_003.toml",
}


def _ready(path: str) -> Session:
    """A fight with every side played by the AI, settled until no decision is open (seed 003 may open with
    a band question)."""
    s = Session.open(path)
    s.controllers = {k: AI for k in s.controllers}
    for _ in range(20):
        if not s.encounter.pending:
            break
        s.step_ai()
    assert not s.encounter.pending
    return s


def _free(s: Session, near: Cell | None = None) -> Cell:
    """A free floor cell (the nearest to ``near`` if given)."""
    board = s.source.board
    cells = [c for c in board if not board.is_wall(c) and s.encounter.occupant(c) is None]
    if near is not None:
        cells.sort(key=lambda c: board.grid.distance(c, near))
    return cells[0]


def _not_acting(s: Session) -> str:
    acting = s.encounter.acting
    return next(p.id for p in s.encounter.pieces() if not p.dead and (acting is None or p.id != acting.id))


def _state(s: Session) -> list[tuple[Any, ...]]:
    f = s.encounter
    out: list[tuple[Any, ...]] = []
    for p in f.pieces():
        view = f.edit_view(p.id)  # type: ignore[attr-defined]
        out.append((p.id, p.name, p.side, p.cell, p.dead, view.hp, view.conditions))
    return out + [("order", *f.turn_order())]  # type: ignore[attr-defined]


def _edit_everything(s: Session) -> None:
    """One of every edit, on creatures that do not hold the turn."""
    f = s.encounter
    pid = _not_acting(s)
    s.edit(ed.SetHitPoints(pid, 3))
    condition = f.edit_conditions()[1]  # type: ignore[attr-defined]
    s.edit(ed.AddCondition(pid, condition))
    other = next(p for p in f.pieces() if p.id != pid and not p.dead)
    s.edit(ed.AddCondition(other.id, condition))
    s.edit(ed.RemoveCondition(other.id, condition))
    s.edit(ed.PlaceCreature(pid, _free(s, f.piece(pid).cell)))
    sheet = f.addable()[0][0]  # type: ignore[attr-defined]
    foe = next(p for p in f.pieces() if p.side != other.side and not p.dead)
    s.edit(ed.AddCreature(sheet, foe.side, _free(s, foe.cell), copy_of=""))
    order = f.turn_order()  # type: ignore[attr-defined]
    last = order[-1]
    try:
        s.edit(ed.MoveInOrder(last, -1))
    except Impossible:
        s.edit(ed.MoveInOrder(order[0], 1))
    victim = next(p.id for p in f.pieces() if p.id not in (pid, getattr(f.acting, "id", None)) and p.side == other.side)
    s.edit(ed.RemoveCreature(victim))
    s.roll("2d6+3", by="Ann")
    s.roll("1d20", by=s.gm or "game master", private=True)


@pytest.mark.parametrize("name", list(MAPS))
def test_each_edit_is_one_event_logged_as_the_game_masters(name: str) -> None:
    """Every edit changes the fight as it says, as one GmEdited event and nothing else (no break point, no
    reaction, no dice), recorded as the game master's command."""
    s = _ready(MAPS[name])
    f = s.encounter
    pid = _not_acting(s)
    before = len(s.played)
    events = s.edit(ed.SetHitPoints(pid, 2))
    assert [type(e) for e in events] == [ed.GmEdited]
    assert f.edit_view(pid).hp == 2  # type: ignore[attr-defined]
    assert s.played[before].by == (s.gm or "game master") and s.played[before].command == ed.SetHitPoints(pid, 2)
    condition = f.edit_conditions()[0]  # type: ignore[attr-defined]
    assert [type(e) for e in s.edit(ed.AddCondition(pid, condition))] == [ed.GmEdited]
    assert condition in f.edit_view(pid).conditions  # type: ignore[attr-defined]
    s.edit(ed.RemoveCondition(pid, condition))
    assert condition not in f.edit_view(pid).conditions  # type: ignore[attr-defined]
    # Moved right beside an enemy and away again: no opportunity attack, no break point.
    enemy = next(p for p in f.pieces() if p.side != f.piece(pid).side and not p.dead)
    beside = _free(s, enemy.cell)
    assert [type(e) for e in s.edit(ed.PlaceCreature(pid, beside))] == [ed.GmEdited]
    assert f.piece(pid).cell == beside
    far = _free(s, s.source.board.grid.offset_to_cell(0, 0))
    assert [type(e) for e in s.edit(ed.PlaceCreature(pid, far))] == [ed.GmEdited]
    sheet, sheet_name = f.addable()[0]  # type: ignore[attr-defined]
    count = len(f.pieces())
    s.edit(ed.AddCreature(sheet, enemy.side, _free(s, enemy.cell)))
    added = f.pieces()[-1]
    assert len(f.pieces()) == count + 1 and added.name.startswith(sheet_name) and added.side == enemy.side
    assert added.id in f.turn_order()  # type: ignore[attr-defined]
    s.edit(ed.RemoveCreature(added.id))
    assert f.piece(added.id) is None and added.id not in f.turn_order()  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", list(MAPS))
def test_an_edit_the_ruleset_cannot_take_is_refused_with_one_line(name: str) -> None:
    s = _ready(MAPS[name])
    f = s.encounter
    pid = _not_acting(s)
    board = s.source.board
    wall = next(c for c in board if board.is_wall(c))
    taken = next(p for p in f.pieces() if p.id != pid and not p.dead)
    log = list(f.log)
    cases = [
        (ed.PlaceCreature(pid, wall), "is a wall"),
        (ed.PlaceCreature(pid, taken.cell), "already filled by"),
        (ed.AddCondition(pid, "bewitched"), "unknown condition 'bewitched'"),
        (ed.RemoveCondition(pid, "dazed"), "is not dazed"),
        (ed.SetHitPoints(pid, 10_000), "hit points go from"),
        (ed.AddCreature("no_such_sheet", "heroes", _free(s)), "no sheet 'no_such_sheet'"),
        (ed.RemoveCreature("nobody"), "no creature 'nobody'"),
    ]
    if f.acting is not None:
        cases.append((ed.RemoveCreature(f.acting.id), "end its turn"))
    for command, reason in cases:
        with pytest.raises(Impossible) as refused:
            s.edit(command)
        assert reason in str(refused.value) and "\n" not in str(refused.value)
    assert f.log == log  # nothing changed


def test_seed003_a_bands_enemies_do_not_pass_its_pcs() -> None:
    """Seed 003 line 83: "For each initiative band, if there are PCs in that Initiative band, they go in any
    order, then any enemies in that Initiative band go in any order." Moving an enemy ahead of a PC of its
    own band is refused; moving a creature past a neighbour of another band puts it in that band."""
    s = _ready(MAPS["seed003 square"])
    f = s.encounter
    order = f.turn_order()  # type: ignore[attr-defined]
    clock = f.clock  # type: ignore[attr-defined]
    pair = next((a, b) for a, b in zip(order, order[1:]) if clock.bands[a] is clock.bands[b]
                and clock.combatants[a].pc and not clock.combatants[b].pc)
    with pytest.raises(Impossible, match=r"PCs act before its other creatures \[83\]"):
        s.edit(ed.MoveInOrder(pair[1], -1))
    a, b = next((a, b) for a, b in zip(order, order[1:]) if clock.bands[a] is not clock.bands[b])
    s.edit(ed.MoveInOrder(b, -1))
    assert clock.bands[b] is clock.bands[a]


def test_seed003_an_enemy_set_to_0_hit_points_is_dead_a_pc_dying() -> None:
    """Seed 003 line 207: "When a character is at 0 hp or less, they're Dying. When an enemy is at 0 hp or
    less, they're usually dead"."""
    s = _ready(MAPS["seed003 hex"])
    f = s.encounter
    acting = f.acting.id if f.acting else ""
    pc = next(c for c in f.pieces() if c.template.pc and c.id != acting)  # type: ignore[attr-defined]
    foe = next(c for c in f.pieces() if not c.template.pc and c.id != acting)  # type: ignore[attr-defined]
    s.edit(ed.SetHitPoints(pc.id, 0))
    s.edit(ed.SetHitPoints(foe.id, 0))
    assert pc.dying and not pc.dead  # type: ignore[attr-defined]
    assert foe.dead


def test_a_players_undo_leaves_a_game_master_edit_and_the_gm_undo_takes_it_back() -> None:
    s = _ready(MAPS["seed000 square"])
    pid = _not_acting(s)
    was = s.encounter.edit_view(pid).hp  # type: ignore[attr-defined]
    s.edit(ed.SetHitPoints(pid, 1))
    assert "game master's edit" in s.undo_refusal()
    s.gm_undo(1)
    assert s.encounter.edit_view(pid).hp == was  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", list(MAPS))
def test_gm_redo_plays_again_what_the_gm_undo_took_back(name: str) -> None:
    s = _ready(MAPS[name])
    for _ in range(6):
        s.step_ai()
    pid = _not_acting(s)
    s.edit(ed.SetHitPoints(pid, 4))
    s.step_ai()
    log = list(s.encounter.log)
    s.gm_undo(2)
    assert len(s.encounter.log) < len(log)
    s.gm_redo()
    s.gm_redo()
    assert s.encounter.log == log
    with pytest.raises(Impossible, match="nothing to redo"):
        s.gm_redo()


def test_a_new_command_clears_the_redo() -> None:
    s = _ready(MAPS["seed000 square"])
    pid = _not_acting(s)
    s.edit(ed.SetHitPoints(pid, 4))
    s.gm_undo(1)
    assert s.redo
    s.roll("1d6", by="Ann")
    assert not s.redo
    with pytest.raises(Impossible, match="nothing to redo"):
        s.gm_redo()


@pytest.mark.parametrize("name", list(MAPS))
def test_an_edited_saved_and_resumed_fight_replays_to_the_same_state(name: str, tmp_path: Path) -> None:
    """Issue 18: "an edited, saved and resumed fight replays to the same state"; played on to its end, the
    resumed fight and the one that never stopped give the same log."""
    s = _ready(MAPS[name])
    for _ in range(4):
        s.step_ai()
    _edit_everything(s)
    for _ in range(4):
        s.step_ai()
    saved = s.save(tmp_path / "edited.jsonl")
    kinds = [r.command["do"] for r in read_save(saved).records]
    assert {"gm_hp", "gm_add_condition", "gm_remove_condition", "gm_place", "gm_add", "gm_remove", "gm_order",
            "roll"} <= set(kinds)
    back = Session.resume(saved)
    assert back.encounter.log == s.encounter.log
    assert _state(back) == _state(s)
    for session in (s, back):
        for _ in range(400):
            if session.encounter.over or not session.step_ai():
                break
    assert back.encounter.log == s.encounter.log


def test_a_save_with_a_bad_edit_line_is_refused_naming_the_line(tmp_path: Path) -> None:
    s = _ready(MAPS["seed000 square"])
    s.edit(ed.SetHitPoints(_not_acting(s), 4))
    text = s.save_bytes().decode().replace('"hp":4', '"hp":"four"')
    bad = tmp_path / "bad.jsonl"
    bad.write_text(text)
    from game.saves import SaveError

    with pytest.raises(SaveError, match=r"line \d+: command: hp: a whole number is needed"):
        Session.resume(bad)


# -- dice ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text, shown", [("2d6+3", "2d6+3"), ("d20", "1d20"), ("1d8 + 1d6 - 2", "1d8+1d6-2"),
                                         ("4", "4")])
def test_dice_expressions_read(text: str, shown: str) -> None:
    assert ed.shown(ed.parse_dice(text)) == shown


@pytest.mark.parametrize("text, why", [("101d6", "101 dice, more than 100"), ("2d1001", "2 to 1000 sides"),
                                       ("1d6+" * 20, "more than 64"), ("2x6", "cannot read"), ("", "empty"),
                                       ("2d6++3", "cannot read"), ("0d6", "at least one die"),
                                       ("60d6+50d6", "110 dice")])
def test_dice_expressions_past_the_caps_are_refused_in_one_line(text: str, why: str) -> None:
    with pytest.raises(ed.DiceError, match=why):
        ed.parse_dice(text)


@pytest.mark.parametrize("name", list(MAPS))
def test_table_dice_are_seeded_logged_with_who_and_leave_the_fights_dice_alone(name: str) -> None:
    one, two, plain = _ready(MAPS[name]), _ready(MAPS[name]), _ready(MAPS[name])
    rolls = []
    for s in (one, two):
        rolls.append([s.roll("3d6+1", by="Ann"), s.roll("1d20", by="Bo")])
    assert rolls[0] == rolls[1]
    first = rolls[0][0][0]
    assert isinstance(first, ed.TableDiceRolled) and first.who == "Ann" and first.expression == "3d6+1"
    assert first.total == sum(first.faces) + 1 and len(first.faces) == 3
    assert one.encounter.describe(first).startswith("Ann rolls 3d6+1: [")
    for s in (one, plain):
        for _ in range(10):
            s.step_ai()
    fight_only = [e for e in one.encounter.log if not isinstance(e, ed.TableDiceRolled)]
    assert fight_only == plain.encounter.log


def test_a_private_roll_is_the_game_masters_secret() -> None:
    s = _ready(MAPS["seed003 square"])
    s.gm_name = "Gwen"
    events = s.roll("1d20", by="Gwen", private=True) + s.roll("1d20", by="Ann")
    owners = s.secrets(events)
    assert owners == [ed.GM_OWNER, None]
    assert s.may_see_secrets_of("Gwen", ed.GM_OWNER) and not s.may_see_secrets_of("Ann", ed.GM_OWNER)
    with pytest.raises(Impossible, match="cannot roll '2d0'"):
        s.roll("2d0", by="Ann")


def test_hit_points_the_game_master_sets_are_seen_only_by_the_creatures_player() -> None:
    """Issue 17 hides opponents' hit points from players' views: the game master's edit of them is seen by the
    game master and the creature's player only, while a condition laid is public like the token that shows
    it."""
    s = _ready(MAPS["seed000 square"])
    s.controllers = {"heroes": "Ann", "monsters": AI}
    s.gm_name = "Gwen"
    foe = next(p for p in s.encounter.pieces() if p.side == "monsters" and p.id != getattr(s.encounter.acting, "id", ""))
    hero = next(p for p in s.encounter.pieces() if p.side == "heroes" and p.id != getattr(s.encounter.acting, "id", ""))
    events = s.edit(ed.SetHitPoints(foe.id, 5)) + s.edit(ed.SetHitPoints(hero.id, 5))
    events += s.edit(ed.AddCondition(foe.id, "dazed"))
    owners = s.secrets(events)
    assert owners[2] is None
    assert [s.may_see_secrets_of("Ann", o) for o in owners[:2]] == [False, True]
    assert [s.may_see_secrets_of("Gwen", o) for o in owners[:2]] == [True, True]
