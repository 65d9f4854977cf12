"""The table window's movement and aiming (issue 13, items 1-4 and 14), driven by real pygame events
under the dummy driver: what a path costs in damage, waypoints, the player's own shift, how many targets
an area power takes, and why a target is refused."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pygame
import pytest

from game.grid import Cell
from game.rulesets.seed000 import events as ev
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.commands import MoveCommand, UsePowerCommand
from game.rulesets.seed000.model import CreatureId
from game.ui.script import post_click, post_key
from game.ui.table import Table
from game.ui.rulesets.seed000.parts import moving
from game.ui.rulesets.seed000.targeting import usable_powers
from tests.ui.driving import crypt_encounter, frames, settle, pixel

REPO = Path(__file__).resolve().parents[2]
MARSH = REPO / "maps" / "marsh_ambush.toml"


def crypt_fight(tmp_path: Path, creatures: list[tuple[str, str, str, tuple[int, int]]]) -> Table:
    """A fight on the crypt map with these (name, side, template, [col, row]); heroes played by Ann, the
    monsters by the AI; returns the table once it is Ann's turn."""
    path = crypt_encounter(tmp_path / "fight.toml", creatures)
    pygame.display.init()
    pygame.font.init()
    table = Table((1280, 800), controls={}, skip_setup=True)
    assert table.open(path), table.message
    settle(table)
    if table.screen_state == "handoff":
        post_key(pygame.K_RETURN)
        frames(table)
    assert table.my_turn()
    return table


@pytest.fixture(autouse=True)
def _quit() -> Iterator[None]:
    yield
    pygame.key.set_mods(0)
    pygame.quit()


def at(table: Table, col: int, row: int) -> Cell:
    assert table.view is not None
    return table.view.grid.offset_to_cell(col, row)


def test_the_preview_says_what_a_path_costs_in_damage_and_the_reach_keeps_the_red_of_danger(tmp_path: Path) -> None:
    """Issue 13, item 1: a move into the spike pit says "enters dangerous terrain: <damage>", the damage
    the engine rolls; a reachable dangerous cell is framed, not filled, so the terrain's red shows."""
    table = crypt_fight(tmp_path, [("Hedda", "heroes", "fighter", (11, 14)), ("Goblin 1", "monsters", "goblin_cutter", (3, 11))])
    assert table.session is not None and table.view is not None and table.acting is not None
    st = table.session.encounter.state
    pit = at(table, 13, 14)
    damage = st.board.damage_at(pit)
    assert damage is not None and pit in table.routes
    assert pit in table.view.layers["reach_danger"].cells and pit not in table.view.layers["reach"].cells
    safe = next(c for c, r in table.routes.items() if not tactics.path_dangers(st, table.acting, r.safest_path))
    assert safe in table.view.layers["reach"].cells
    post_click(pixel(table, pit))
    frames(table)
    assert f"enters dangerous terrain: {damage}" in table.message
    assert "enters dangerous terrain" not in moving(table).route_text(table, safe)


def test_shift_click_adds_a_waypoint_and_the_move_goes_through_it(tmp_path: Path) -> None:
    """Issue 13, item 2: Shift+click a cell, then click the destination twice: the move the engine gets
    passes the waypoint (a path the safest route would not take), and the preview says so."""
    table = crypt_fight(tmp_path, [("Hedda", "heroes", "fighter", (6, 11)), ("Goblin 1", "monsters", "goblin_cutter", (3, 14))])
    actor = table.acting
    assert actor is not None and table.session is not None
    st = table.session.encounter.state
    goal = at(table, 9, 11)
    waypoint = next(c for c in sorted(table.routes, key=str) if c != goal and c not in table.routes[goal].safest_path
                    and tactics.route_via(st, actor, [c, goal]) is not None)
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    post_click(pixel(table, waypoint))
    frames(table)
    pygame.key.set_mods(0)
    assert moving(table).waypoints == [waypoint]
    post_click(pixel(table, goal))
    frames(table)
    assert "through 1 waypoint" in table.message
    post_click(pixel(table, goal))
    frames(table)
    sent = table.commands_sent[-1]
    assert isinstance(sent, MoveCommand) and sent.path is not None
    assert waypoint in sent.path and sent.path[-1] == goal and actor.cell == goal
    assert moving(table).waypoints == []


def test_waypoints_on_a_hex_map_with_w_and_a_click_on_the_last_goes_there(tmp_path: Path) -> None:
    """Waypoints work on hexes too: W adds the hovered hex; a click on the last waypoint moves there."""
    pygame.display.init()
    pygame.font.init()
    table = Table((1280, 800), controls={"heroes": "Bo", "monsters": "ai"}, skip_setup=True)
    assert table.open(MARSH), table.message
    settle(table)
    post_key(pygame.K_RETURN)
    frames(table)
    actor = table.acting
    assert actor is not None and table.my_turn() and table.session is not None
    st = table.session.encounter.state
    far = max(table.routes, key=lambda c: (table.routes[c].safest_cost, str(c)))
    first = next(c for c in sorted(table.routes, key=str) if c not in table.routes[far].safest_path
                 and tactics.route_via(st, actor, [c, far]) is not None and c != far)
    for stop in (first, far):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pixel(table, stop), rel=(0, 0), buttons=(0, 0, 0)))
        post_key(pygame.K_w)
        frames(table)
    assert moving(table).waypoints == [first, far]
    post_click(pixel(table, far))
    frames(table)
    sent = table.commands_sent[-1]
    assert isinstance(sent, MoveCommand) and sent.path is not None and first in sent.path and actor.cell == far


def test_the_players_own_shift_is_asked_for_never_rolled(tmp_path: Path) -> None:
    """Issue 13, item 3: Slipping Cut's "shift 2" on the player's own turn: the window shows the legal
    shift cells (the engine's), Enter does not leave it to the rules, and the click is the command's
    shift_to; the log says the player chose it."""
    table = crypt_fight(tmp_path, [("Rook", "heroes", "rogue", (12, 12)), ("Goblin 1", "monsters", "goblin_cutter", (12, 11))])
    actor = table.acting
    assert actor is not None and table.session is not None and table.view is not None
    st = table.session.encounter.state
    goblin = st.creatures[CreatureId("goblin_1")]
    if st.distance(actor, goblin) > 1:  # Rook's Quick Start may have shifted it away: walk back first
        beside = next(c for c in sorted(table.routes, key=str) if st.board.grid.distance(c, goblin.cell) == 1)
        post_click(pixel(table, beside))
        post_click(pixel(table, beside))
        frames(table)
        settle(table)
    assert st.distance(actor, goblin) == 1
    powers = [p.id for p in usable_powers(actor)]
    post_key(pygame.K_1 + powers.index("slipping_cut"))
    frames(table)
    post_click(pixel(table, goblin.cell))
    frames(table)
    expected = tactics.reachable(st, actor, "shift", budget=2)
    assert set(table.view.layers["candidates"].cells) == set(expected)
    sent_before = len(table.commands_sent)
    post_key(pygame.K_RETURN)
    frames(table)
    assert len(table.commands_sent) == sent_before, "Enter never leaves the player's shift to the rules"
    cell = sorted(expected, key=lambda c: str(c))[0]
    post_click(pixel(table, cell))
    frames(table)
    sent = table.commands_sent[-1]
    assert isinstance(sent, UsePowerCommand) and sent.shift_to == cell
    decisions = [e for e in table.session.encounter.log if isinstance(e, ev.Decision) and e.what.startswith("shift")]
    assert decisions and decisions[-1].reason == "chosen by the player"


def test_a_one_target_close_burst_asks_for_its_target_and_heals_only_that_one(tmp_path: Path) -> None:
    """Issue 13, item 4: Mending Word ("you or one ally", close burst 5, max_targets 1) rings every hero
    in the burst; one click sends that one target, and one surge is spent."""
    table = crypt_fight(tmp_path, [("Cleo", "heroes", "cleric", (6, 11)), ("Hedda", "heroes", "fighter", (7, 11)),
                                   ("Rook", "heroes", "rogue", (8, 11)), ("Goblin 1", "monsters", "goblin_cutter", (3, 14))])
    assert table.session is not None
    st = table.session.encounter.state
    while table.acting is not None and table.acting.template.id != "cleric":
        post_key(pygame.K_SPACE)
        frames(table)
        if table.prep is not None:
            post_key(pygame.K_RETURN)
            frames(table)
        settle(table)
        if table.screen_state == "handoff":
            post_key(pygame.K_RETURN)
            frames(table)
    actor = table.acting
    assert actor is not None and table.my_turn()
    powers = [p.id for p in usable_powers(actor)]
    post_key(pygame.K_1 + powers.index("mending_word"))
    frames(table)
    heroes = {c.id for c in st.creatures.values() if c.side == "heroes"}
    assert set(table.parts.seen.valid) == heroes
    hedda = st.creatures[CreatureId("hedda")]
    log_before = len(table.session.encounter.log)
    post_click(pixel(table, hedda.cell))
    frames(table)
    sent = table.commands_sent[-1]
    assert isinstance(sent, UsePowerCommand) and sent.targets == (hedda.id,)
    new = table.session.encounter.log[log_before:]
    assert [e.creature for e in new if isinstance(e, ev.SurgeSpent)] == [hedda.id]


def test_a_click_on_an_invalid_target_says_why(tmp_path: Path) -> None:
    """Issue 13, item 14: clicking a creature the power cannot target says why at the top (here: out of
    reach, with the numbers; an ally is not an enemy)."""
    table = crypt_fight(tmp_path, [("Hedda", "heroes", "fighter", (6, 11)), ("Rook", "heroes", "rogue", (8, 11)),
                                   ("Goblin 1", "monsters", "goblin_cutter", (3, 14))])
    actor = table.acting
    assert actor is not None and table.session is not None
    st = table.session.encounter.state
    powers = usable_powers(actor)
    basic = next(p for p in powers if p.basic and p.is_melee)
    post_key(pygame.K_1 + powers.index(basic))
    frames(table)
    goblin = st.creatures[CreatureId("goblin_1")]
    post_click(pixel(table, goblin.cell))
    frames(table)
    gap = st.distance(actor, goblin)
    assert gap > 1 and table.message_error and table.message.endswith(f"out of reach: {gap} cells, reach 1")
    ally = next(c for c in st.creatures.values() if c.side == actor.side and c.id != actor.id)
    post_click(pixel(table, ally.cell))
    frames(table)
    assert table.message.endswith(f"{ally.name} is not an enemy")


def test_waypoints_are_dropped_by_esc_by_shift_mode_and_once_anything_happens(tmp_path: Path) -> None:
    """Waypoints belong to the move being previewed: Esc drops them, so does H (a shift goes one cell),
    and so does any command (the creature is no longer where they were planned from)."""
    table = crypt_fight(tmp_path, [("Hedda", "heroes", "fighter", (6, 11)), ("Goblin 1", "monsters", "goblin_cutter", (3, 14))])
    stop = next(c for c in sorted(table.routes, key=str))

    def add() -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pixel(table, stop), rel=(0, 0), buttons=(0, 0, 0)))
        post_key(pygame.K_w)
        frames(table)
        assert moving(table).waypoints == [stop]

    add()
    post_key(pygame.K_ESCAPE)
    frames(table)
    assert moving(table).waypoints == []
    add()
    post_key(pygame.K_h)
    frames(table)
    assert moving(table).waypoints == []
    post_key(pygame.K_m)
    frames(table)
    add()
    assert table.acting is not None and table.session is not None
    table.send(MoveCommand(table.acting.id, stop))
    frames(table)
    assert moving(table).waypoints == []


def test_a_powers_own_move_is_asked_for_too(tmp_path: Path) -> None:
    """Issue 13, item 3, for a power that moves its user ("move N", move_self) on the player's own turn:
    the window offers the cells such a move reaches (the engine's test of shift_to) and sends the click."""
    from dataclasses import replace

    from game.rulesets.seed000.model import ActionType, Frequency, Outcome, Power, PowerId, Reach, RangeKind, TargetKind

    table = crypt_fight(tmp_path, [("Hedda", "heroes", "fighter", (6, 11)), ("Goblin 1", "monsters", "goblin_cutter", (3, 14))])
    actor = table.acting
    assert actor is not None and table.session is not None and table.view is not None
    stride = Power(id=PowerId("stride"), name="Stride", action=ActionType.MINOR, frequency=Frequency.AT_WILL,
                   reach=Reach(RangeKind.PERSONAL), targets=TargetKind.SELF, effect=Outcome(move_self=3))
    actor.template = replace(actor.template, powers=(*actor.template.powers, stride))
    powers = [p.id for p in usable_powers(actor)]
    post_key(pygame.K_1 + powers.index("stride"))
    frames(table)
    st = table.session.encounter.state
    expected = tactics.reachable(st, actor, "move", budget=3)
    assert set(table.view.layers["candidates"].cells) == set(expected)
    assert "moves to afterwards" in table.message
    cell = sorted(expected, key=lambda c: str(c))[-1]
    post_click(pixel(table, cell))
    frames(table)
    sent = table.commands_sent[-1]
    assert isinstance(sent, UsePowerCommand) and sent.shift_to == cell and actor.cell == cell
