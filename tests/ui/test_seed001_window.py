"""Seed 001 in the window (issue 20): its window parts (``game.ui.rulesets.seed001``).

Seed 001 is ``../shared/seeds/001_13597638813275a1.txt``; the encounter is
``tests/data/encounters/seed001_window.toml`` (Ann plays the company, Bob the raiders; Wren Quickstep's way east
runs beside the Road Bandit, who has not moved; the Bog Hound starts six hexes from the Hollin Pikeman).
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.grid import Cell
from game.kernel.decisions import PASS
from game.rulesets.seed001 import commands as cmd
from game.rulesets.seed001.counter import Use
from game.rulesets.seed001.fight import Seed001Fight
from game.ui.players_display import PlayersDisplay
from game.ui.rulesets import parts_for
from game.ui.rulesets.seed001 import marks, previews, timeline
from game.ui.rulesets.seed001.parts import STRIP_HEIGHT, Seed001Parts
from game.ui.script import post_click, post_key
from game.ui.table import TOP, Table
from tests.ui.driving import REPO, frames, pixel, settle

HOTSEAT = REPO / "tests" / "data" / "encounters" / "seed001_window.toml"
WREN, PIKEMAN, BANDIT, HOUND = "wren_quickstep", "hollin_pikeman", "road_bandit", "bog_hound"


@pytest.fixture()
def table() -> Iterator[Table]:
    pygame.display.init()
    pygame.font.init()
    t = Table((1280, 800), skip_setup=True)
    assert t.open(str(HOTSEAT)), t.message
    yield t
    pygame.quit()


def fight_of(t: Table) -> Seed001Fight:
    assert t.session is not None
    f = t.session.encounter
    assert isinstance(f, Seed001Fight)
    return f


def parts_of(t: Table) -> Seed001Parts:
    assert isinstance(t.parts, Seed001Parts)
    return t.parts


def sit_down(t: Table) -> None:
    """The hot-seat handoff screen: whoever is named presses Enter."""
    for _ in range(3):
        if t.screen_state != "handoff":
            return
        post_key(pygame.K_RETURN, 0, "\r")
        frames(t, 2)


def to_turn_of(t: Table, who: str) -> None:
    """End every other creature's turn (its player's command; decisions passed) until ``who`` acts, then sit its
    player down."""
    assert t.session is not None
    session = t.session
    for _ in range(40):
        settle(t)
        question = session.question
        if question is not None:
            session.answer(question.id, PASS, by=session.controller_of(question.chooser))
            continue
        acting = t.acting
        if acting is not None and acting.id == who:
            break
        assert acting is not None
        session.apply(cmd.EndTurnCommand(acting.id), by=session.controller_of(acting.id))
    settle(t)
    sit_down(t)
    assert t.my_turn() and t.acting is not None and t.acting.id == who, t.message


def hover(t: Table, cell: Cell) -> None:
    t.hover = cell
    frames(t, 2)


def test_the_window_has_parts_for_seed_001() -> None:
    assert isinstance(parts_for("seed001"), Seed001Parts)


def test_the_counter_is_a_strip_above_the_board_with_everyone_at_their_second(table: Table) -> None:
    """Seed 001, line 34: the second-counter, "around the corner" into the next round: the timeline sits above the
    board (which gives up its height, so it hides no cell), the acting creature at the lit current second, the
    others at the seconds they rolled."""
    f = fight_of(table)
    to_turn_of(table, PIKEMAN)  # the first to act
    frames(table, 2)
    assert table.board_rect.top == TOP + STRIP_HEIGHT
    assert table.strip.rect == pygame.Rect(0, TOP, table.board_rect.width, STRIP_HEIGHT)
    shown = parts_of(table).strip_marks(table, None)
    acting = table.acting
    assert acting is not None
    want = {(f.counter.now.second, 0, f.name(acting.id))} | {
        (e.at.second, 0, f.name(e.who)) for e in f.counter.entries}
    assert {(m.second, m.offset, m.label.removesuffix(" R")) for m in shown} == want
    rect = pygame.Rect(table.strip.rect)
    x = timeline.slot_x(rect, f.counter.now.second, 0)
    assert table.screen.get_at((x, rect.bottom - 4))[:3] == timeline.NOW


def test_a_stand_up_delayed_past_the_corner_is_on_the_strip_in_the_next_round(table: Table) -> None:
    """Seed 001, line 34: "if the reaction is used in second-counter:2 and the delay is 4 seconds, then standing will
    be effective in 10 of the subsequent round": what the fight schedules is drawn past the corner."""
    f = fight_of(table)
    f.counter = f.counter.schedule(WREN, "stands", f.counter.now.second + 2)  # down to 1, the corner, 12, 11, 10
    shown = parts_of(table).strip_marks(table, None)
    stand = next(m for m in shown if m.label.endswith("stands"))
    assert (stand.second, stand.offset, stand.label, stand.colour) == (10, 1, "Wren Quickstep stands",
                                                                      marks.SCHEDULED)


def test_a_creature_out_of_the_fight_leaves_the_counter(table: Table) -> None:
    """Seed 001, line 3: a creature acts at its second; one that is down acts no more, so the strip drops it (the
    window first showed a downed rider still waiting at second 1 after the fight was over)."""
    f = fight_of(table)
    bandit = f.creature(BANDIT)
    assert any(m.label.startswith("Road Bandit") for m in parts_of(table).strip_marks(table, None))
    bandit.vitals = bandit.vitals.wounded(bandit.vitals.body)
    assert bandit.out
    assert not any(m.label.startswith("Road Bandit") for m in parts_of(table).strip_marks(table, None))


def test_the_players_display_draws_the_counter_too(table: Table) -> None:
    """The counter is public: the players' display draws the strip above its map."""
    display = PlayersDisplay(None, (1000, 600))
    try:
        surface = display.render(table)
        assert surface.get_at((4, 4))[:3] == timeline.BACK
    finally:
        display.close()


def test_the_bar_offers_move_the_attacks_withdraw_and_end_and_the_sheet_the_round_s_action_and_reaction(
        table: Table) -> None:
    """Seed 001, line 3: "only one action is permitted in a combat round, only one reaction"; line 32: "Movement is
    free"; line 11: "an action to withdraw in a defensive manner". Once the action is spent, the attacks and
    the withdrawal are refused with why."""
    to_turn_of(table, WREN)
    f = fight_of(table)
    actor = table.acting
    assert actor is not None
    parts = parts_of(table)
    entries = parts.bar_entries(table, actor)
    roles = [e.role for e in entries]
    assert roles[:2] == ["group", "move"] and roles[-1] == "end"
    assert "attack" in roles and "withdraw" in roles
    ready = {e.role: parts.readiness(table, actor, e) for e in entries if e.role != "group"}
    assert ready["move"].available and ready["withdraw"].available and ready["end"].available
    f.counter = f.counter.spend(WREN, Use.ACTION)
    parts.clear()
    ready = {e.role: parts.readiness(table, actor, e) for e in entries if e.role != "group"}
    assert not ready["withdraw"].available and "action" in ready["withdraw"].why
    assert not ready["attack"].available and ready["move"].available
    row = next(r for r in parts.turn_order(table) if r.creature == WREN)
    assert "a R" in row.status


def test_a_move_past_a_stationary_enemy_shows_where_an_attack_of_opportunity_may_come(table: Table) -> None:
    """Seed 001, line 11: "When a creature moves through the adjacent space around someone, without challenging
    that someone ... this permits an attack of opportunity"; line 12: "must have been stationary since the last
    movement option". The hexes beside the Road Bandit carry red dots; pointing past it shows the path, rings the
    bandit and says so."""
    to_turn_of(table, WREN)
    f = fight_of(table)
    parts = parts_of(table)
    bandit = f.creature(BANDIT)
    layers = parts.highlights(table)
    grid = f.state.board.grid
    assert layers["danger"].cells and all(grid.distance(c, bandit.cell) == 1 for c in layers["danger"].cells)
    wren = f.creature(WREN)
    ends = [c for c, m in parts.moves(table).items()
            if grid.distance(c, bandit.cell) >= 2 and grid.distance(c, wren.cell) >= 4
            and any(grid.distance(step, bandit.cell) == 1 for step in previews.path_of(f, wren, m))]
    assert ends, "some move passes beside the bandit"
    hover(table, ends[0])
    message = parts.hover_message(table)
    assert message is not None and "AoO from Road Bandit" in message
    command, path = parts.preview(table)
    seen = previews.foresee(f, wren, command, path)  # type: ignore[arg-type]
    assert [p.reactor for p in seen.opportunity] == [BANDIT]


def test_a_withdrawal_shows_no_attack_of_opportunity(table: Table) -> None:
    """Seed 001, lines 10-11: the flee attack "no longer exists"; a withdrawal "in a defensive manner" is no
    trigger: the same hexes read "provokes nothing" and ring nobody."""
    to_turn_of(table, WREN)
    f = fight_of(table)
    parts = parts_of(table)
    post_key(pygame.K_x)
    frames(table, 2)
    assert parts.chosen == "withdraw"
    assert "danger" not in parts.highlights(table)
    wren, bandit = f.creature(WREN), f.creature(BANDIT)
    grid = f.state.board.grid
    end = next(c for c, m in parts.moves(table).items()
               if any(grid.distance(step, bandit.cell) == 1 for step in previews.path_of(f, wren, m)))
    hover(table, end)
    message = parts.hover_message(table)
    assert message is not None and "provokes nothing" in message and "AoO" not in message


def test_a_rush_from_afar_is_picked_by_clicks_and_shows_the_distance_and_the_pike_that_may_impale_it(
        table: Table) -> None:
    """Seed 001, line 21: an opponent who "closes from 20 feet or farther to engage and attack" may be impaled by a
    polearm wielder adjacent to (or directly behind) the one attacked. The hound's bite, then the pikeman (beyond
    reach): the orange hexes are where the rush may attack from; pointing at one says "Rush 30 ft" and names the
    pikeman; a click there sends one move-and-attack."""
    to_turn_of(table, HOUND)
    f = fight_of(table)
    parts = parts_of(table)
    pikeman = f.creature(PIKEMAN)
    post_key(pygame.K_1)
    frames(table, 2)
    assert parts.chosen is not None and parts.chosen.startswith("attack:")
    post_click(pixel(table, pikeman.cell))
    frames(table, 2)
    assert parts.rush_target == PIKEMAN
    layers = parts.highlights(table)
    rush_cells = layers["rush"].cells
    grid = f.state.board.grid
    assert rush_cells and all(grid.distance(c, pikeman.cell) == 1 for c in rush_cells)
    end = sorted(rush_cells)[0]
    hover(table, end)
    message = parts.hover_message(table)
    feet = grid.distance(f.creature(HOUND).cell, pikeman.cell) * 5
    assert message is not None and message.startswith(f"Rush {feet} ft") and "impaled by Hollin Pikeman" in message
    before = len(table.session.played)  # type: ignore[union-attr]
    post_click(pixel(table, end))
    frames(table, 2)
    sent = table.session.played[before].command  # type: ignore[union-attr]
    assert isinstance(sent, cmd.Attack) and sent.target == PIKEMAN and sent.to == end


RIDERS = REPO / "tests" / "data" / "encounters" / "seed001_riders.toml"


def test_a_rider_and_its_mount_share_a_hex_both_drawn_and_each_targeted_on_its_own() -> None:
    """Seed 001, line 17: a rider is thrown "when one's mount stops unexpectedly, perhaps ... the beast was suddenly
    slain": rider and mount are two creatures, each to be struck. Both tokens show on the hex (the rider up and
    left); a click on the hex attacks the rider, and after T the mount."""
    pygame.display.init()
    pygame.font.init()
    try:
        t = Table((1280, 800), skip_setup=True)
        assert t.open(str(RIDERS)), t.message
        to_turn_of(t, PIKEMAN)
        f = fight_of(t)
        rider, mount = f.creature("aldric_lancer"), f.creature("grey_courser")
        assert rider.mount == mount.id and rider.cell == mount.cell
        assert t.token_centre(rider) != t.token_centre(mount)
        assert t.token_centre(rider)[0] < t.token_centre(mount)[0]
        parts = parts_of(t)
        post_key(pygame.K_1)
        frames(t, 2)
        assert parts.targets(t)[mount.cell].target == rider.id
        post_key(pygame.K_t)
        frames(t, 2)
        assert parts.targets(t)[mount.cell].target == mount.id
        before = len(t.session.played)  # type: ignore[union-attr]
        post_click(pixel(t, mount.cell))
        frames(t, 2)
        sent = t.session.played[before].command  # type: ignore[union-attr]
        assert isinstance(sent, cmd.Attack) and sent.target == mount.id and sent.to is None
    finally:
        pygame.quit()


def test_a_rider_dismounts_by_its_action_to_a_cyan_hex_beside_the_mount() -> None:
    """Seed 001, line 17: "Dismounting has a movement penalty": the rider's bar offers Dismount (the action), the
    free hexes beside the mount are cyan, and a click on one sends the dismount there."""
    pygame.display.init()
    pygame.font.init()
    try:
        t = Table((1280, 800), skip_setup=True)
        assert t.open(str(RIDERS)), t.message
        to_turn_of(t, "aldric_lancer")
        f = fight_of(t)
        parts = parts_of(t)
        rider, mount = f.creature("aldric_lancer"), f.creature("grey_courser")
        assert "dismount" in [e.role for e in parts.bar_entries(t, rider)]
        post_key(pygame.K_d)
        frames(t, 2)
        assert parts.chosen == "dismount"
        cells = parts.highlights(t)["reach"].cells
        grid = f.state.board.grid
        assert cells and all(grid.distance(c, mount.cell) == 1 for c in cells)
        end = sorted(cells)[0]
        before = len(t.session.played)  # type: ignore[union-attr]
        post_click(pixel(t, end))
        frames(t, 2)
        sent = t.session.played[before].command  # type: ignore[union-attr]
        assert sent == cmd.Dismount("aldric_lancer", end)
        assert rider.mount is None and rider.cell == end
    finally:
        pygame.quit()


def test_a_prone_creature_stands_up_by_its_action_from_the_bar(table: Table) -> None:
    """Seed 001, line 33: "selecting the action will not incur the movement penalty and it is effective
    instantly": while prone the bar offers Stand up, and S stands the creature at once."""
    to_turn_of(table, WREN)
    f = fight_of(table)
    parts = parts_of(table)
    wren = f.creature(WREN)
    assert "stand" not in [e.role for e in parts.bar_entries(table, wren)]
    wren.prone = True
    parts.clear()
    assert "stand" in [e.role for e in parts.bar_entries(table, wren)]
    post_key(pygame.K_s)
    frames(table, 2)
    assert not wren.prone and not f.counter.can(WREN, Use.ACTION)


def test_the_turn_order_puts_the_acting_creature_first_then_those_still_to_act_in_counter_order(table: Table) -> None:
    """Seed 001, line 34: the counter decides who acts when: the panel lists the acting creature, then the others
    in the order of their seconds (the window first listed the acting creature among those who had acted)."""
    to_turn_of(table, WREN)
    f = fight_of(table)
    rows = [r.creature for r in parts_of(table).turn_order(table)]
    waiting = [e.who for e in f.counter.entries if e.kind.name == "ACTS"]
    assert rows[0] == WREN and rows[1:1 + len(waiting)] == waiting


def test_the_drakes_fly_by_breath_is_offered_and_read_as_provoking_nothing() -> None:
    """Seed 001, line 15: "some special attack methods, usually by monsters, will not provoke an attack of
    opportunity. One such example is a low-to-the-ground fly-by breath weapon": the bar marks it "no AoO" and a
    hex it would breathe from says so, ringing nobody."""
    pygame.display.init()
    pygame.font.init()
    try:
        t = Table((1280, 800), controls={"company": "Ann", "raiders": "Bob"}, skip_setup=True)
        assert t.open(str(REPO / "maps" / "reed_ford_001.toml")), t.message
        to_turn_of(t, "reed_drake")
        f = fight_of(t)
        parts = parts_of(t)
        drake = f.creature("reed_drake")
        grid = f.state.board.grid
        sergeant = f.creature("pike_sergeant")
        drake.cell = next(c for c in sorted(f.state.board) if grid.distance(c, sergeant.cell) == 6
                          and f._passable(c) and f.occupant(c) is None)  # within a swoop of the line
        parts.clear()
        breath = next(e for e in parts.bar_entries(t, drake) if e.role == "attack" and "no AoO" in e.label)
        parts.choose(t, f"attack:{breath.ident}")
        sweep = next(c for c in parts.legal(t) if isinstance(c, cmd.Attack) and c.weapon == breath.ident
                     and c.to is not None)
        parts.rush_target = sweep.target
        assert sweep.to is not None
        hover(t, sweep.to)
        message = parts.hover_message(t)
        assert message is not None and "no attack of opportunity" in message
        command, path = parts.preview(t)
        assert command == sweep or isinstance(command, cmd.Attack)
        seen = previews.foresee(f, drake, command, path)  # type: ignore[arg-type]
        assert seen.opportunity == () and seen.impalement == ()
    finally:
        pygame.quit()
