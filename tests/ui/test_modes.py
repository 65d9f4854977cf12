"""The table's input modes (``game.ui.modes``), one test per module, driven by posted events.

Each test checks which mode takes the input (``Table.mode``, the top of ``Table.modes``), where each
key or click leads, and what the board highlights after it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pygame
import pytest

from game.rulesets.seed000.model import CreatureId, RangeKind, TargetKind
from game.ui.rulesets.seed000.charge import ChargeMode
from game.ui.modes.handoff import HandoffMode
from game.ui.modes.prepare import PreparationMode
from game.ui.modes.setup import SetupMode
from game.ui.rulesets.seed000.moving import MoveMode
from game.ui.rulesets.seed000.targeting import TargetingMode
from game.ui.script import post_click, post_key
from game.ui.table import Table
from game.ui.rulesets.seed000.parts import charging_now, chosen
from game.ui.rulesets.seed000.targeting import power_ready, usable_powers
from tests.ui.driving import crypt_encounter, frames, pass_to_the_heroes, pixel, settle

REPO = Path(__file__).resolve().parents[2]
CRYPT = REPO / "maps" / "crypt_skirmish.toml"


def open_table(path: Path, controls: dict[str, str], *, setup: bool = False) -> Table:
    pygame.display.init()
    pygame.font.init()
    table = Table((1280, 800), controls=controls, skip_setup=not setup)
    assert table.open(path), table.message
    return table


def to_the_heroes(table: Table) -> None:
    settle(table)
    if isinstance(table.mode, HandoffMode):
        post_key(pygame.K_RETURN)
        frames(table)
    assert table.my_turn()


@pytest.fixture()
def crypt() -> Iterator[Table]:
    """The sample encounter at Ann's first hero's turn, past the handoff."""
    table = open_table(CRYPT, {"heroes": "Ann", "monsters": "ai"})
    to_the_heroes(table)
    yield table
    pygame.quit()


def test_move_mode_previews_on_a_click_goes_on_enter_and_esc_drops_the_waypoints_first(crypt: Table) -> None:
    table = crypt
    moving = table.mode
    assert isinstance(moving, MoveMode) and table.modes == [moving] and table.routes
    cell = next(c for c, r in table.routes.items() if len(r.safest_path) >= 2)
    post_click(pixel(table, cell))
    frames(table)
    assert table.mode is moving and moving.pending == cell and table.commands_sent == []
    post_key(pygame.K_ESCAPE)
    frames(table)
    assert table.mode is moving and moving.pending is None
    stop = next(c for c, r in table.routes.items() if len(r.safest_path) == 1)
    post_click(pixel(table, stop))
    post_key(pygame.K_w)  # the pointer is on ``stop``: a waypoint there
    frames(table)
    assert moving.waypoints == [stop]
    post_key(pygame.K_ESCAPE)
    frames(table)
    assert moving.waypoints == [] and table.mode is moving
    post_click(pixel(table, cell))
    post_key(pygame.K_RETURN)
    frames(table)
    assert len(table.commands_sent) == 1 and table.mode is moving and moving.pending is None


def test_targeting_mode_starts_on_a_power_key_and_esc_returns_to_the_move_mode_and_clears_highlights(
        tmp_path: Path) -> None:
    path = crypt_encounter(tmp_path / "aim.toml", [("Hedda", "heroes", "fighter", (9, 17)),
                                                    ("Goblin 1", "monsters", "goblin_cutter", (9, 16))])
    table = open_table(path, {})
    to_the_heroes(table)
    actor = table.acting
    assert actor is not None and actor.name == "Hedda" and table.view is not None
    moving = table.mode
    assert isinstance(moving, MoveMode) and "reach" in table.view.layers
    powers = usable_powers(actor)
    index = next(i for i, p in enumerate(powers[:9]) if power_ready(table, actor, p)
                 and p.reach.kind is RangeKind.MELEE and p.targets is not TargetKind.SELF)
    post_key(pygame.K_1 + index)
    frames(table)
    aiming = table.mode
    assert isinstance(aiming, TargetingMode) and aiming.back is moving
    assert chosen(table) is aiming.choice and aiming.choice.power == powers[index]
    assert "reach" not in table.view.layers and not table.routes, "while aiming no move is offered"
    assert table.parts.seen.valid == [CreatureId("goblin_1")], "the goblin is ringed as the power's target"
    post_key(pygame.K_ESCAPE)
    frames(table)
    assert table.mode is moving and table.modes == [moving] and chosen(table) is None
    assert table.parts.seen.valid == [] and table.parts.seen.forced is None and table.parts.seen.origins == frozenset()
    assert "reach" in table.view.layers and table.routes, "the move's cells are offered again"
    assert table.commands_sent == []
    pygame.quit()


def test_charge_mode_esc_drops_the_target_first_then_the_charge(tmp_path: Path) -> None:
    path = crypt_encounter(tmp_path / "charge.toml", [("Hedda", "heroes", "fighter", (5, 11)),
                                                       ("Goblin 1", "monsters", "goblin_cutter", (9, 11))],
                           monsters="Bob")
    table = open_table(path, {})
    pass_to_the_heroes(table, monsters="Bob", limit=10)
    assert table.my_turn() and table.view is not None and table.session is not None
    moving = table.mode
    post_key(pygame.K_c)
    frames(table)
    charging = table.mode
    assert isinstance(charging, ChargeMode) and charging.back is moving and charging.charge.targets
    target = sorted(charging.charge.targets)[0]
    post_click(pixel(table, table.session.encounter.state.creatures[target].cell))
    frames(table)
    assert charging.charge.target == target and "charge" in table.view.layers
    post_key(pygame.K_ESCAPE)
    frames(table)
    assert table.mode is charging and charging.charge.target is None and "charge" not in table.view.layers
    post_key(pygame.K_ESCAPE)
    frames(table)
    assert table.mode is moving and charging_now(table) is None and "reach" in table.view.layers
    pygame.quit()


def test_preparation_mode_sits_over_the_fight_and_esc_closes_it_alone(crypt: Table) -> None:
    table = crypt
    moving = table.mode
    post_key(pygame.K_SPACE)
    frames(table)
    assert len(table.modes) == 2 and table.modes[0] is moving
    preparing = table.mode
    assert isinstance(preparing, PreparationMode) and table.prep is preparing.panel
    post_key(pygame.K_h)  # the fight's keys still reach the fight's mode under the panel
    frames(table)
    assert table.mode is preparing and moving.kind == "shift"
    post_key(pygame.K_ESCAPE)
    frames(table)
    assert table.modes == [moving] and table.prep is None and table.commands_sent == []


def test_handoff_mode_takes_every_key_and_click_until_the_player_confirms() -> None:
    table = open_table(CRYPT, {"heroes": "Ann", "monsters": "ai"})
    settle(table)
    handoff = table.mode
    assert isinstance(handoff, HandoffMode) and handoff.to == "Ann" and table.screen_state == "handoff"
    assert table.viewer is None and table.view is not None
    zoom = table.view.camera.zoom
    post_key(pygame.K_m)
    post_key(pygame.K_PLUS)  # the board's own keys do nothing while it is hidden
    frames(table)
    assert table.mode is handoff and table.view.camera.zoom == zoom
    post_click(table.board_rect.center)
    frames(table)
    assert isinstance(table.mode, MoveMode) and table.modes == [table.mode] and table.viewer == "Ann"
    assert table.screen_state == "table" and table.my_turn()
    pygame.quit()


def test_setup_mode_keeps_the_keys_for_its_entries_and_enter_plays() -> None:
    table = open_table(CRYPT, {"heroes": "Ann", "monsters": "ai"}, setup=True)
    frames(table)
    setup = table.mode
    assert isinstance(setup, SetupMode) and table.setup_window is setup.window
    assert setup.entries["heroes"].get_text() == "Ann"
    post_key(pygame.K_g)  # the grid's key: here a letter for the entries, not a toggle
    frames(table)
    assert table.mode is setup and table.overlay_on["grid"]
    post_key(pygame.K_RETURN)
    frames(table)
    assert isinstance(table.mode, MoveMode) and table.setup_window is None and table.screen_state == "table"
    assert not setup.window.alive()
    pygame.quit()


def test_closing_the_preparation_window_by_its_cross_leaves_the_fight_mode_as_it_was(crypt: Table) -> None:
    table = crypt
    moving = table.mode
    post_key(pygame.K_SPACE)
    frames(table)
    preparing = table.mode
    assert isinstance(preparing, PreparationMode)
    preparing.panel.window.on_close_window_button_pressed()  # type: ignore[attr-defined]
    frames(table)
    assert table.modes == [moving] and table.prep is None and table.commands_sent == []
    assert table.my_turn() and "reach" in table.view.layers  # type: ignore[union-attr]


def test_closing_the_setup_window_by_its_cross_keeps_who_plays_what() -> None:
    table = open_table(CRYPT, {"heroes": "Ann", "monsters": "ai"}, setup=True)
    frames(table)
    setup = table.mode
    assert isinstance(setup, SetupMode) and table.session is not None
    before = dict(table.session.controllers)
    setup.entries["heroes"].set_text("Zed")
    setup.window.on_close_window_button_pressed()
    frames(table)
    assert isinstance(table.mode, MoveMode) and table.screen_state == "table" and table.setup_window is None
    assert table.session.controllers == before
    pygame.quit()
