"""Reactions on the board (issue 13, item 10): banners, floating numbers, and nothing left behind.

Time is the window's own clock: each frame advances it by ``dt`` (``Table.update``), so these tests
drive time frame by frame under the dummy driver, without sleeping.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pygame
import pytest

from game.rulesets.seed000.model import CreatureId
from game.rulesets.seed000 import events as ev
from game.rulesets.seed000 import tactics
from game.ui import animation
from game.ui.animation import Animator, BannerText
from game.ui.rulesets.seed000 import presentation
from game.ui.script import post_click, post_key
from game.ui.table import Table
from tests.ui.driving import frames, settle, pixel

REPO = Path(__file__).resolve().parents[2]
CRYPT = REPO / "maps" / "crypt_skirmish.toml"
BANNER_EDGE = (255, 160, 60)


def open_crypt(size: tuple[int, int] = (1280, 800)) -> Table:
    """The crypt, heroes played by Ann, after the monsters' first turns and the handoff to Ann."""
    pygame.display.init()
    pygame.font.init()
    table = Table(size, controls={"heroes": "Ann", "monsters": "ai"}, skip_setup=True)
    assert table.open(CRYPT), table.message
    settle(table)
    post_key(pygame.K_RETURN)
    frames(table)
    assert table.my_turn()
    return table


def banner_pixels(table: Table) -> int:
    """Pixels of the banner's orange frame on the board."""
    r = table.board_rect
    return sum(1 for x in range(r.left, r.right, 2) for y in range(r.top, r.top + 140)
               if tuple(table.screen.get_at((x, y)))[:3] == BANNER_EDGE)


@pytest.fixture()
def provoked() -> Iterator[tuple[Table, list[ev.Event]]]:
    """Ann's hero steps next to a monster, then walks away from it: its opportunity attack fires.
    Yields the table right after the click that sent the second move, and that move's events."""
    table = open_crypt()
    assert table.session is not None and table.acting is not None
    st = table.session.encounter.state
    threatened = tactics.threat_map(st, table.acting)
    into = next(c for c in table.routes if c in threatened)
    post_click(pixel(table, into))
    post_click(pixel(table, into))
    frames(table)
    settle(table)
    cell = next(c for c, r in table.routes.items() if r.safest_provokers)
    post_click(pixel(table, cell))
    frames(table, 1)
    before = len(table.session.encounter.log)
    post_click(pixel(table, cell))
    frames(table, 1)
    events = table.session.encounter.log[before:]
    assert any(isinstance(e, ev.ReactionResolved) for e in events)
    yield table, events
    pygame.quit()


def test_a_reaction_shows_a_banner_naming_the_reactor_the_reaction_and_the_target(
        provoked: tuple[Table, list[ev.Event]]) -> None:
    table, events = provoked
    assert table.session is not None
    name = table.session.encounter.name
    resolved = next(e for e in events if isinstance(e, ev.ReactionResolved))
    attack = next(e for e in events if isinstance(e, ev.AttackRolled) and e.attacker == resolved.reactor)
    shown = table.anim.banner(table.clock)
    assert shown is not None
    headline = shown.text.headline
    assert name(resolved.reactor) in headline
    assert "Opportunity Attack" in headline and "opportunity_attack" not in headline
    assert headline.endswith(f"on {name(attack.target)}")
    assert banner_pixels(table) > 100, "the banner is drawn on the board"


def test_the_banner_stays_about_a_second_and_then_nothing_is_left_on_the_board(
        provoked: tuple[Table, list[ev.Event]]) -> None:
    """Without any input (the mouse still), the banner stays long enough to read, then goes; the
    numbers float and go; the frames after them show what a whole redraw shows."""
    table, _ = provoked
    assert table.anim.floats, "the damage floats"
    frames(table, 50, 0.016)  # 0.8 s later: still up
    assert table.anim.banner(table.clock) is not None and banner_pixels(table) > 100
    assert not table.idle(), "the AI and the screenshot wait for the banner"
    frames(table, 190, 0.016)  # 3 s in all, no input
    assert table.anim.banner(table.clock) is None and not table.anim.floats
    kept = table.screen.subsurface(table.board_rect).copy()
    table._board_kept = None  # the next frame draws everything afresh
    frames(table, 1, 0.0)
    fresh = table.screen.subsurface(table.board_rect)
    ring = table.pulse_rects()[0] if table.pulse_rects() else pygame.Rect(0, 0, 0, 0)
    r = table.board_rect
    differ = [(x, y) for x in range(0, r.width, 2) for y in range(0, r.height, 2)
              if not ring.collidepoint(x, y) and kept.get_at((x, y)) != fresh.get_at((x, y))]
    assert differ == [], f"{len(differ)} pixels of an old banner or number stayed on the board"
    assert banner_pixels(table) == 0


def test_damage_floats_over_the_creature_that_took_it(provoked: tuple[Table, list[ev.Event]]) -> None:
    table, events = provoked
    assert table.session is not None and table.view is not None
    blow = next(e for e in events if isinstance(e, ev.DamageDealt))
    number = next(f for f in table.anim.floats if f.text == f"-{blow.amount}" and f.creature == blow.target)
    frames(table, 1, number.start - table.clock + 0.05)
    victim = table.session.encounter.state.creatures[CreatureId(blow.target)]
    # where the blow landed: the cell the victim stood on when it was struck, on its way
    struck = [e for e in events[:events.index(blow)] if isinstance(e, ev.CreatureMoved) and e.creature == blow.target]
    cell = struck[-1].to if struck else victim.cell
    assert number.at == table.view.centre(cell)


def test_a_key_skips_the_banner_on_screen(provoked: tuple[Table, list[ev.Event]]) -> None:
    table, _ = provoked
    before = list(table.commands_sent)
    assert table.anim.banner(table.clock) is not None
    post_key(pygame.K_m)
    frames(table, 1)
    assert table.anim.banner(table.clock) is None
    assert banner_pixels(table) == 0
    assert table.commands_sent == before, "the key only skipped the banner"


def _reaction(reactor: str, target: str) -> list[ev.Event]:
    return [ev.ReactionTriggered(reactor, "opportunity_attack", "enemy_leaves_threatened_cell", target, True,
                                 f"{target} leaves"),
            ev.ReactionResolved(reactor, "opportunity_attack", True, ()),
            ev.AttackRolled(reactor, target, "blade", 15, 20, "ac", 14, True, False),
            ev.DamageDealt(target, 4, "", 10, reactor, "blade")]


def _banner(events: list[ev.Event], i: int) -> BannerText | None:
    e = events[i]
    return BannerText(f"{e.reactor} reacts", "", e.reactor) if isinstance(e, ev.ReactionResolved) else None


def test_several_reactions_show_one_after_another_and_a_key_brings_the_next() -> None:
    anim = Animator()
    events = _reaction("a", "x") + _reaction("b", "x") + _reaction("c", "x")
    anim.feed(events, 10.0, lambda cell: (0.0, 0.0), lambda cid: (1.0, 2.0), _banner, presentation.pictures)
    banners = anim.banners
    assert [b.text.headline for b in banners] == ["a reacts", "b reacts", "c reacts"]
    for first, second in zip(banners, banners[1:]):
        assert second.start >= first.end, "one after another, never two at once"
    assert all(b.end - b.start >= 1.0 for b in banners), "each long enough to read"
    # each reaction's damage floats while its own banner is up
    for b, f in zip(banners, anim.floats):
        assert b.start <= f.start < b.end
    now = 10.3
    assert anim.banner(now) is banners[0]
    assert anim.skip(now)
    shown = anim.banner(now)
    assert shown is not None and shown.text.headline == "b reacts"
    assert anim.busy(now)
    anim.prune(now + 2 * animation.BANNER_S + 0.01)
    assert not anim.banners and not anim.busy(now + 2 * animation.BANNER_S + 0.01)


def test_the_window_clock_moves_only_with_update() -> None:
    pygame.display.init()
    pygame.font.init()
    table = Table((800, 600), skip_setup=True)
    start = table.clock
    table.update(0.25)
    table.update(0.25)
    assert table.clock == pytest.approx(start + 0.5)
    pygame.quit()


# -- the preparation panel (issue 13, item 11) ---------------------------------------------------------


def panel_area(table: Table) -> pygame.Rect:
    """The panel as seen: pygame_gui's window rect without its shadow."""
    prep = table.prep
    assert prep is not None and prep.window is not None and prep.placed is not None
    dx, dy = prep.placed
    r = prep.window.rect
    return pygame.Rect(r.left + dx, r.top + dy, r.width - 2 * dx, r.height - 2 * dy)


@pytest.mark.parametrize("size", [(1280, 800), (1024, 600)])
def test_the_preparation_panel_stays_put_and_fits_the_window_while_it_is_used(size: tuple[int, int]) -> None:
    table = open_crypt(size)
    post_key(pygame.K_SPACE)
    frames(table)
    assert table.prep is not None
    first = panel_area(table)
    window = table.screen.get_rect()
    for _ in range(6):  # each click rebuilds the panel
        button = next(b for b, a in table.prep.buttons.items() if a[0] == "toggle")
        post_click(button.rect.center)
        frames(table)
        assert panel_area(table) == first
    assert window.contains(first), "title, close button and all inside the window"
    board = table.board_rect
    covered = first.clip(board)
    assert covered.width * covered.height <= 0.2 * board.width * board.height, "most of the board stays in view"
    accept = next(b for b, a in table.prep.buttons.items() if a == ("accept",))
    assert first.contains(accept.rect), "the panel's own buttons are always in it"
    pygame.quit()


def test_the_panel_names_each_reaction_and_says_what_it_does() -> None:
    from game.rulesets.seed000.preparation import reaction_powers

    table = open_crypt()
    actor = table.acting
    assert actor is not None
    post_key(pygame.K_SPACE)
    frames(table)
    assert table.prep is not None
    texts = table.prep.texts
    for power in reaction_powers(actor.template):
        assert any(power.name in t for t in texts), power.name
        if table.prep.draft.limited == power.id or power.id in table.prep.draft.priority:
            assert power.description and any(power.description in t for t in texts), power.name
        assert not any(power.id in t for t in texts if "_" in power.id), f"{power.id} shown as an id"
    pygame.quit()
