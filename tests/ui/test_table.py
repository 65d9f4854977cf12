"""The table window, driven by real pygame events (posted clicks at pixels, keys) under the dummy driver.

Each test checks what the engine received (the commands the window sent, the
encounter's state and log) and what was drawn (pixels of the window).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Iterator

import pygame
import pytest

from game.grid import Cell
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.commands import MoveCommand, UsePowerCommand
from game.rulesets.seed000.encounter import Encounter, Impossible
from game.rulesets.seed000.model import CreatureId
from game.session import Session
from game.ui.script import ScriptError, parse_script, post_click, post_key
from game.ui.table import Table
from game.ui.rulesets.seed000.parts import charging_now, chosen, moving
from game.ui.rulesets.seed000.targeting import usable_powers
from tests.ui.driving import crypt_encounter, frames, pass_to_the_heroes, settle, pixel

REPO = Path(__file__).resolve().parents[2]
CRYPT = REPO / "maps" / "crypt_skirmish.toml"
MARSH = REPO / "maps" / "marsh_ambush.toml"


def open_table(path: Path, controls: dict[str, str], size: tuple[int, int] = (1280, 800)) -> Table:
    pygame.display.init()
    pygame.font.init()
    table = Table(size, controls=controls, skip_setup=True)
    assert table.open(path), table.message
    return table


@pytest.fixture()
def crypt() -> Iterator[Table]:
    """The sample encounter, heroes played by Ann; the monsters (AI) act first, then the handoff to Ann."""
    table = open_table(CRYPT, {"heroes": "Ann", "monsters": "ai"})
    settle(table)
    assert table.screen_state == "handoff"
    post_key(pygame.K_RETURN)
    frames(table)
    yield table
    pygame.quit()


def reveal(table: Table, element: object) -> None:
    """Scroll the preparation panel with the mouse wheel until ``element`` is in view (as a player would)."""
    assert table.prep is not None and table.prep.scroller is not None
    view = table.prep.scroller.rect
    if element not in table.prep.scroller.get_container().elements:
        return  # not in the scrolled part (the panel's own buttons)
    for _ in range(60):
        rect = element.rect  # type: ignore[attr-defined]
        if view.contains(rect):
            return
        pygame.mouse.set_pos(view.center)  # pygame_gui asks the mouse where it is, not the events
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=view.center, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1 if rect.bottom > view.bottom else 1,
                                             flipped=False, precise_x=0.0, precise_y=0.0))
        frames(table, 1)
    raise AssertionError("the wheel never brought it into view")


def test_while_players_are_chosen_nobody_plays_and_the_bottom_line_says_what_to_do() -> None:
    """The setup dialog comes first: the AI waits for it (the monsters act first in the crypt), and the
    bottom line asks for the players instead of saying the AI is playing."""
    pygame.display.init()
    pygame.font.init()
    table = Table((1280, 800), controls={"heroes": "Ann", "monsters": "ai"})
    assert table.open(CRYPT), table.message
    assert table.session is not None
    before = len(table.session.encounter.log)
    for _ in range(6):  # longer than the AI's pause between commands (AI_PAUSE_S)
        frames(table, 1)
        time.sleep(0.05)
    assert table.screen_state == "setup"
    assert len(table.session.encounter.log) == before
    assert "AI is playing" not in table.bottom_hint() and "Play (Enter)" in table.bottom_hint()
    post_key(pygame.K_RETURN)
    frames(table)
    assert table.screen_state != "setup"
    assert table.bottom_hint() == "The AI is playing..."
    pygame.quit()


def test_the_handoff_screen_hides_the_board_until_the_player_confirms() -> None:
    table = open_table(CRYPT, {"heroes": "Ann", "monsters": "ai"})
    settle(table)
    assert table.screen_state == "handoff" and table.handoff_to == "Ann"
    r = table.board_rect
    samples = [tuple(table.screen.get_at((x, y)))[:3] for x in range(r.left, r.right, 13) for y in range(r.top, r.bottom, 17)]
    assert samples.count((12, 13, 17)) > 0.9 * len(samples), "nothing of the board shows, only the handoff text"
    tokens_before = table.view.stats.tokens_drawn if table.view else 0
    post_click(r.center)
    frames(table)
    assert table.screen_state == "table" and table.viewer == "Ann"
    assert table.view is not None and table.view.stats.tokens_drawn >= tokens_before
    assert table.my_turn()
    pygame.quit()


def test_a_click_previews_a_move_and_a_second_click_sends_it(crypt: Table) -> None:
    table = crypt
    actor = table.acting
    assert actor is not None
    cell, route = next((c, r) for c, r in table.routes.items() if len(r.safest_path) >= 2)
    post_click(pixel(table, cell))
    frames(table)
    assert table.commands_sent == [] and moving(table).pending == cell
    assert "click again" in table.message
    path_pixel = pixel(table, route.safest_path[0])
    assert table.screen.get_at(path_pixel)[:3] in ((80, 230, 120), (245, 150, 30)), "the previewed path is drawn"
    post_click(pixel(table, cell))
    frames(table)
    assert table.commands_sent == [MoveCommand(actor.id, cell, route.safest_path)]
    assert actor.cell == cell


def test_the_reachable_cells_highlighted_are_exactly_those_the_engine_accepts(crypt: Table) -> None:
    table = crypt
    session = table.session
    assert session is not None
    actor = table.acting
    assert actor is not None
    board = session.encounter.state.board
    near = [c for c in board if board.grid.distance(actor.cell, c) <= actor.speed() + 1]
    accepted = set()
    for cell in near:
        trial = Session(session.source, dict(session.controllers))
        for played in session.played:
            trial.encounter.apply(played.command)
        try:
            trial.encounter.apply(MoveCommand(actor.id, cell))
        except Impossible:
            continue
        accepted.add(cell)
    assert set(table.routes) == accepted
    assert table.view is not None
    # filled, or (dangerous cells, so that the terrain's red shows) framed
    assert set(table.view.layers["reach"].cells) | set(table.view.layers["reach_danger"].cells) == accepted


def test_a_provoking_path_names_who_it_provokes(crypt: Table) -> None:
    table = crypt
    st = table.session.encounter.state if table.session else None
    assert st is not None and table.acting is not None
    threatened = tactics.threat_map(st, table.acting)
    into = next(c for c in table.routes if c in threatened)
    post_click(pixel(table, into))
    post_click(pixel(table, into))
    frames(table)
    settle(table)
    provoking = [(c, r) for c, r in table.routes.items() if r.safest_provokers]
    assert provoking, "from a threatened cell some moves provoke"
    cell, route = provoking[0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pixel(table, cell), rel=(0, 0), buttons=(0, 0, 0)))
    frames(table)
    names = ", ".join(table.session.encounter.name(p) for p in route.safest_provokers)  # type: ignore[union-attr]
    assert f"provokes {len(route.safest_provokers)}: {names}" in moving(table).route_text(table, cell)
    assert table.view is not None
    layers = table.view.layers
    assert layers["reach"].cells.get(cell, layers["reach_danger"].cells.get(cell))[:3] == (245, 150, 30)


def test_an_impossible_command_is_a_message_not_a_crash(crypt: Table) -> None:
    table = crypt
    before = list(table.session.encounter.log)  # type: ignore[union-attr]
    post_key(pygame.K_u)  # stand up, while standing: the engine refuses
    frames(table)
    assert table.message_error and "is not prone" in table.message
    assert table.session is not None and table.session.encounter.log == before


def test_undo_takes_back_a_quiet_move_and_refuses_one_that_rolled(crypt: Table) -> None:
    table = crypt
    session = table.session
    assert session is not None and table.acting is not None
    actor = table.acting
    start = actor.cell
    log_before = list(session.encounter.log)
    cell = next(c for c, r in table.routes.items() if not r.safest_provokers)
    post_click(pixel(table, cell))
    post_click(pixel(table, cell))
    frames(table)
    assert session.encounter.state.creatures[actor.id].cell == cell
    post_key(pygame.K_z, pygame.KMOD_CTRL)
    frames(table)
    assert session.encounter.state.creatures[actor.id].cell == start
    assert session.encounter.log == log_before
    assert table.message.startswith("Undone")
    # A power that rolls dice cannot be undone.
    target = next((c for c in session.encounter.state.enemies_of(actor)
                   if session.encounter.state.distance(actor, c) <= 5), None)
    if target is not None:
        table.send(UsePowerCommand(actor.id, "thrown_dagger", (target.id,)))
        rolled = len(session.encounter.log)
        post_key(pygame.K_z, pygame.KMOD_CTRL)
        frames(table)
        assert table.message_error and "rolled dice" in table.message
        assert len(session.encounter.log) == rolled


def test_a_broken_file_is_one_line_in_the_window_and_the_table_goes_on(crypt: Table, tmp_path: Path) -> None:
    table = crypt
    broken = tmp_path / "broken.toml"
    broken.write_text('format = 1\nmap = "nowhere.tmx"\n')
    session = table.session
    assert not table.open(broken)
    assert table.message_error and "\n" not in table.message and "nowhere.tmx" in table.message
    assert table.session is session
    frames(table)


def test_file_open_opens_pygame_guis_file_dialog(crypt: Table) -> None:
    table = crypt
    post_click(table.file_button.rect.center)
    frames(table)
    assert table.file_menu.visible
    post_click(table.open_button.rect.center)
    frames(table)
    assert table.file_dialog is not None and table.file_dialog.alive()
    post_key(pygame.K_o, pygame.KMOD_CTRL)
    frames(table)


def test_a_forced_movement_landing_is_chosen_among_the_engines_candidates(tmp_path: Path) -> None:
    encounter = crypt_encounter(tmp_path / "push.toml", [("Hedda", "heroes", "fighter", (9, 17)),
                                                          ("Goblin 1", "monsters", "goblin_cutter", (9, 16))])
    table = open_table(encounter, {})
    settle(table)
    if table.screen_state == "handoff":
        post_key(pygame.K_RETURN)
        frames(table)
    assert table.acting is not None and table.acting.name == "Hedda" and table.my_turn()
    powers = [p.id for p in usable_powers(table.acting)]
    post_key(pygame.K_1 + powers.index("shield_check"))
    frames(table)
    assert chosen(table) is not None and table.parts.seen.valid == [CreatureId("goblin_1")]
    st = table.session.encounter.state  # type: ignore[union-attr]
    goblin = st.creatures[CreatureId("goblin_1")]
    post_click(pixel(table, goblin.cell))
    frames(table)
    assert table.parts.seen.forced is not None
    expected = tactics.forced_candidates(st, goblin, st.space(table.acting), tactics.ForcedKind.PUSH, 1)
    assert set(table.parts.seen.forced.finals) == set(expected.finals)
    assert table.view is not None and set(table.view.layers["candidates"].cells) == set(expected.finals)
    landing = sorted(expected.finals, key=lambda c: table.view.grid.cell_to_offset(c))[0]  # type: ignore[union-attr]
    post_click(pixel(table, landing))
    frames(table)
    sent = table.commands_sent[-1]
    assert isinstance(sent, UsePowerCommand) and sent.landings == ((goblin.id, landing),)
    pygame.quit()


def test_a_whole_move_on_a_hex_map(tmp_path: Path) -> None:
    table = open_table(MARSH, {"heroes": "Bo", "monsters": "ai"})
    settle(table)
    post_key(pygame.K_RETURN)
    frames(table)
    assert table.my_turn() and table.acting is not None
    actor = table.acting
    cell = max(table.routes, key=lambda c: len(table.routes[c].safest_path))
    post_click(pixel(table, cell))
    post_click(pixel(table, cell))
    frames(table)
    assert isinstance(table.commands_sent[-1], MoveCommand) and actor.cell == cell
    post_key(pygame.K_SPACE)
    frames(table)
    if table.prep is not None:
        post_key(pygame.K_RETURN)
        frames(table)
    assert table.session is not None and table.session.encounter.state.acting_id != actor.id or \
        table.session.encounter.state.ended
    pygame.quit()


def test_overlay_keys_toggle_the_layers(crypt: Table) -> None:
    table = crypt
    assert table.view is not None and "threat" in table.view.layers
    post_key(pygame.K_t)
    frames(table)
    assert "threat" not in table.view.layers
    post_key(pygame.K_F1)
    frames(table)
    assert table.show_help


def test_scripts_are_checked_line_by_line() -> None:
    pygame.display.init()
    script = parse_script("click 10 20\nkey ctrl+z space\n# note\ncell 3 4 move\nwait 2\nidle\n")
    assert [verb for verb, _, _ in script.lines] == ["click", "key", "cell", "wait", "idle"]
    with pytest.raises(ScriptError, match="line 1: unknown step 'clik'"):
        parse_script("clik 1 2")
    with pytest.raises(ScriptError, match="line 2: unknown key 'nokey'"):
        parse_script("key a\nkey nokey")
    with pytest.raises(ScriptError, match="'x' is not a whole number"):
        parse_script("click x 2")
    pygame.quit()


def test_space_opens_the_preparation_panel_prefilled_and_one_key_accepts_it(crypt: Table) -> None:
    from game.rulesets.seed000.commands import EndTurnCommand
    from game.ui.rulesets.seed000.preparation import in_force

    table = crypt
    actor = table.acting
    assert actor is not None
    post_key(pygame.K_SPACE)
    frames(table)
    assert table.prep is not None
    expected = in_force(table, actor)
    assert table.prep.draft.limited == expected.limited
    assert set(table.prep.draft.priority) >= set(expected.priority)
    draft = table.prep.draft
    post_key(pygame.K_RETURN)
    frames(table)
    assert table.commands_sent[-1] == EndTurnCommand(actor.id, draft)
    assert table.prep is None


def test_the_panel_reorders_disables_and_anchors_a_restriction_on_a_creature_picked_on_the_map(crypt: Table) -> None:
    from game.rulesets.seed000.commands import EndTurnCommand
    from game.rulesets.seed000.model import RestrictionKind
    from game.ui.rulesets.seed000.preparation import KIND_LABEL

    table = crypt
    actor = table.acting
    assert actor is not None and table.session is not None
    post_key(pygame.K_SPACE)
    frames(table)
    prep = table.prep
    assert prep is not None
    first, second = prep.draft.priority[:2]

    def press(action: tuple[object, ...]) -> None:
        assert table.prep is not None
        button = next(b for b, a in table.prep.buttons.items() if a == action)
        reveal(table, button)
        post_click(button.rect.center)
        frames(table)

    press(("down", first))
    assert table.prep.draft.priority[:2] == (second, first)
    press(("toggle", second))
    assert second in table.prep.draft.disabled
    table.prep.set_kind(KIND_LABEL[RestrictionKind.MOVE_TOWARD])
    table.prep.build()
    press(("pick",))
    assert table.prep.picking
    panel = table.prep.window
    assert panel is not None and table.view is not None
    state = table.session.encounter.state
    friend = next(c for c in state.allies_of(actor)
                  if table.cell_pixel(*table.view.grid.cell_to_offset(c.cell)) is not None
                  and not panel.rect.collidepoint(pixel(table, c.cell)))
    post_click(pixel(table, friend.cell))
    frames(table)
    restriction = table.prep.draft.restrictions[-1]
    assert restriction.kind is RestrictionKind.MOVE_TOWARD and restriction.creature == friend.id
    draft = table.prep.draft
    press(("accept",))
    sent = table.commands_sent[-1]
    assert isinstance(sent, EndTurnCommand) and sent.preparation == draft
    prepared = [e for e in table.session.encounter.log if type(e).__name__ == "ReactionsPrepared"][-1]
    assert second in prepared.disabled and prepared.priority[:2] == (second, first)  # type: ignore[attr-defined]


def test_no_player_sees_another_players_prepared_reactions() -> None:
    table = open_table(CRYPT, {"heroes": "Ann", "monsters": "Bob"})
    for _ in range(40):
        settle(table)
        if table.screen_state == "handoff":
            post_key(pygame.K_RETURN)
            frames(table)
        if table.viewer == "Ann":
            break
        post_key(pygame.K_SPACE)  # Bob's monsters wait, keeping their sheet's preparation
        frames(table)
        post_key(pygame.K_RETURN)
        frames(table)
    assert table.viewer == "Ann" and table.acting is not None
    vex = table.acting
    post_key(pygame.K_SPACE)
    frames(table)
    post_key(pygame.K_RETURN)
    frames(table)
    session = table.session
    assert session is not None
    secret = f"{vex.name} prepares reactions"
    assert any(line.strip().startswith(secret) for line in table.log.texts(table.may_see, "Ann"))
    settle(table)
    assert table.screen_state == "handoff" and table.handoff_to == "Bob"
    post_key(pygame.K_RETURN)
    frames(table)
    assert table.viewer == "Bob"
    seen = table.log.texts(table.may_see, "Bob")
    assert not any(line.strip().startswith(secret) for line in seen)
    assert not any("prepares reactions" in line and "Goblin" not in line and "Skeleton" not in line
                   and "Ghoul" not in line and "Necromancer" not in line for line in seen)
    from game.ui.rulesets.seed000.preparation import summary
    assert summary(table, vex) == ""
    pygame.quit()


def test_the_wheel_over_the_combat_log_scrolls_it_and_leaves_the_board_alone(crypt: Table) -> None:
    table = crypt
    frames(table, 5)  # the right panel is not painted again while nothing changes
    assert table.view is not None
    zoom = table.view.camera.zoom
    pos = table.log_rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(table, 3)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
    frames(table)
    assert table.log.scroll > 0 and table.view.camera.zoom == zoom


def _charge_table(tmp_path: Path) -> Table:
    """Hedda's turn on the crypt, three goblins (Bob's, who waits) at different distances."""
    encounter = tmp_path / "charge.toml"
    encounter.write_text(f'''format = 1
map = "{(REPO / 'maps' / 'square_crypt.tmx').as_posix()}"
seed = 4
use_map_creatures = false
[sides.heroes]
control = "Ann"
[sides.monsters]
control = "Bob"
[[creatures]]
name = "Hedda"
side = "heroes"
template = "fighter"
at = [5, 11]
''' + "".join(f'''[[creatures]]
name = "Goblin {i}"
side = "monsters"
template = "goblin_cutter"
at = [{x}, {y}]
''' for i, (x, y) in enumerate(((9, 11), (10, 13), (21, 3)), 1)))
    table = open_table(encounter, {})
    pass_to_the_heroes(table, monsters="Bob", limit=10)
    assert table.acting is not None and table.acting.name == "Hedda" and table.my_turn()
    return table


def _engine_accepts_charge(table: Table, target: CreatureId) -> set[Cell]:
    """Every cell near the charger on which the engine accepts the charge. Each is tried on a copy of
    the encounter, replayed from the session's commands (a refusal changes nothing, as ``Encounter.apply``
    promises, so the copy serves on)."""
    from game.rulesets.seed000.commands import ChargeCommand

    assert table.session is not None and table.acting is not None
    encounter = table.session.encounter
    actor = table.acting
    board = encounter.state.board
    out = set()
    session = table.session

    def replayed() -> Encounter:
        trial = session.source.fresh()
        trial.start()
        for item in session.played:
            trial.apply(item.command)
        assert trial.log == encounter.log
        return trial

    trial = replayed()
    for cell in board:
        if board.grid.distance(actor.cell, cell) > actor.speed() + 1:
            continue
        try:
            trial.apply(ChargeCommand(actor.id, target, cell))
        except Impossible:
            continue
        out.add(cell)
        trial = replayed()
    return out


def test_the_charge_highlights_exactly_the_enemies_and_cells_the_engine_accepts(tmp_path: Path) -> None:
    table = _charge_table(tmp_path)
    session = table.session
    assert session is not None and table.view is not None and table.acting is not None
    st = session.encounter.state
    accepted = {c.id: _engine_accepts_charge(table, c.id) for c in st.enemies_of(table.acting)}
    chargeable = {cid for cid, cells in accepted.items() if cells}
    assert chargeable and len(chargeable) < len(accepted), "the scene has enemies in and out of a charge's reach"
    post_key(pygame.K_c)
    frames(table)
    assert charging_now(table) is not None and set(charging_now(table).targets) == chargeable
    target = sorted(chargeable)[0]
    ends = accepted[target]
    some_end = sorted(ends, key=lambda c: table.view.grid.cell_to_offset(c))[0]  # type: ignore[union-attr]
    before = table.screen.get_at(pixel(table, some_end))
    post_click(pixel(table, st.creatures[target].cell))
    frames(table, 4)
    assert charging_now(table).target == target
    assert set(charging_now(table).ends) == ends
    assert set(table.view.layers["charge"].cells) == ends
    assert "reach" not in table.view.layers, "while charging the move's cells are not offered"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, table.screen.get_height() // 2), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    frames(table, 4)
    assert table.screen.get_at(pixel(table, some_end)) != before, "the cells a charge may end on are tinted"
    for cid in chargeable:
        assert cid in table.snapshot()["charging"]["targets"]
    pygame.quit()


def test_a_charge_is_previewed_then_sent_by_a_second_click(tmp_path: Path) -> None:
    from game.rulesets.seed000.commands import ChargeCommand

    table = _charge_table(tmp_path)
    assert table.session is not None and table.acting is not None
    hedda = table.acting
    post_key(pygame.K_c)
    frames(table)
    assert charging_now(table) is not None
    target = sorted(charging_now(table).targets)[0]
    post_click(pixel(table, table.session.encounter.state.creatures[target].cell))
    frames(table)
    end, route = sorted(charging_now(table).ends.items(), key=lambda kv: (kv[1].safest_cost, kv[0].x, kv[0].y))[0]  # type: ignore[attr-defined]
    post_click(pixel(table, end))
    frames(table)
    assert table.commands_sent == [] and charging_now(table).pending == end
    assert table.message.startswith(f"charge {table.session.encounter.name(target)}: cost {route.safest_cost}")
    post_click(pixel(table, end))
    frames(table)
    assert table.commands_sent == [ChargeCommand(hedda.id, target, end)]
    assert hedda.cell == end and charging_now(table) is None
    rolled = [e for e in table.session.encounter.log if type(e).__name__ == "AttackRolled"][-1]
    assert "+1 charge" in rolled.modifiers  # type: ignore[attr-defined]
    # A charge spends the move too: no cell is offered for a move the engine would refuse.
    assert table.view is not None and not table.routes and "reach" not in table.view.layers
    with pytest.raises(Impossible, match="no move action"):
        table.session.encounter.apply(MoveCommand(hedda.id, route.safest_path[0]))
    pygame.quit()


def test_the_panel_anchors_a_movement_restriction_on_the_creature_that_triggers_it(crypt: Table) -> None:
    from game.rulesets.seed000.commands import EndTurnCommand
    from game.rulesets.seed000.model import Restriction, RestrictionKind
    from game.ui.rulesets.seed000.preparation import KIND_LABEL

    table = crypt
    actor = table.acting
    assert actor is not None and table.session is not None
    post_key(pygame.K_SPACE)
    frames(table)
    assert table.prep is not None

    def buttons() -> dict[tuple[object, ...], object]:
        assert table.prep is not None
        return {a: b for b, a in table.prep.buttons.items()}

    def choose_kind(kind: RestrictionKind) -> None:
        """Open the kind drop-down with a click and click the kind's line in it."""
        assert table.prep is not None
        menu = next(m for m, action in table.prep.menus.items() if action == table.prep.set_kind)
        reveal(table, menu)
        post_click(menu.rect.center)
        frames(table)
        options = menu.current_state.options_selection_list  # type: ignore[attr-defined]
        line = next(b for b in options.item_list_container.elements if b.text == KIND_LABEL[kind])
        post_click(line.rect.center)
        frames(table, 4)  # the list answers the click, then the drop-down, then the panel
        assert table.prep.new_kind is kind

    choose_kind(RestrictionKind.ONLY_AGAINST)
    assert ("triggerer",) not in buttons(), "only-against names a creature: the rules refuse the triggerer"
    choose_kind(RestrictionKind.MOVE_AWAY)
    button = buttons()[("triggerer",)]
    reveal(table, button)
    post_click(button.rect.center)  # type: ignore[attr-defined]
    frames(table)
    restriction = table.prep.draft.restrictions[-1]
    assert restriction == Restriction(RestrictionKind.MOVE_AWAY, table.prep.new_power, triggerer=True)
    shown = table.prep.texts
    assert "all reactions: movement as far as possible from the triggering creature" in shown
    draft = table.prep.draft
    post_key(pygame.K_RETURN)
    frames(table)
    sent = table.commands_sent[-1]
    assert isinstance(sent, EndTurnCommand) and sent.preparation == draft
    assert table.session.encounter.preparation(actor.id).restrictions[-1].triggerer


@pytest.mark.parametrize("wheel", [0, -1, 2], ids=["fit", "0.67", "1.25"])
def test_frames_that_keep_and_scroll_the_map_show_what_a_whole_redraw_shows(crypt: Table, wheel: int) -> None:
    table = crypt
    assert table.view is not None
    r = table.board_rect
    centre = r.center
    if wheel:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)))
        for _ in range(abs(wheel)):
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1 if wheel > 0 else -1, flipped=False,
                                                 precise_x=0.0, precise_y=float(wheel)))
        frames(table, 2)
        assert table.view.camera.zoom == {-1: 0.67, 2: 1.25}[wheel]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=3))
    frames(table, 1)
    kept = table.kept_frames
    x, y = centre
    for step in range(12):  # drag the map with the right button, a frame between moves
        x, y = x - 7, y - 3 if step % 2 else y + 5
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(-7, -3 if step % 2 else 5),
                                             buttons=(0, 0, 1)))
        frames(table, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=3))
    frames(table, 3)
    assert table.kept_frames > kept + 5, "most frames of the pan kept and scrolled the map"
    assert table.view.camera.offset() != (0, 0)
    kept_picture = table.screen.subsurface(r).copy()
    table._board_kept = None  # the next frame draws everything afresh
    frames(table, 1)
    fresh = table.screen.subsurface(r)
    ring = table.pulse_rects()[0] if table.pulse_rects() else pygame.Rect(0, 0, 0, 0)
    differ = [(px, py) for px in range(0, r.width, 3) for py in range(0, r.height, 3)
              if not ring.collidepoint(px, py) and kept_picture.get_at((px, py)) != fresh.get_at((px, py))]
    assert differ == []
