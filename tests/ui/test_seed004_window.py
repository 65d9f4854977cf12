"""Seed 004 in the window (issue 21 items 1, 2, 4 and 5): its window parts (``game.ui.rulesets.seed004``) on
``maps/hall_brawl_004.toml`` with Ann playing the company and Bob the beasts.

Seed 004 is ``../shared/seeds/004_683255cd0bfe0fc3.txt``: the round's phases [5, 7-13], initiative each
segment (1.1.1-1.1.3, lines 19-21), the options of 1.2 [22-34]."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.rulesets.seed004 import events as ev
from game.rulesets.seed004.fight import Seed004Fight
from game.ui.rulesets.seed004.parts import Seed004Parts
from game.ui.script import post_key
from game.ui.table import Table
from tests.ui.driving import REPO, click_bar, click_cell, frames, settle

HALL = REPO / "maps" / "hall_brawl_004.toml"


@pytest.fixture()
def table() -> Iterator[Table]:
    pygame.display.init()
    pygame.font.init()
    t = Table((1280, 800), controls={"company": "Ann", "beasts": "Bob"}, skip_setup=True)
    assert t.open(str(HALL)), t.message
    yield t
    pygame.quit()


def parts_of(t: Table) -> tuple[Seed004Fight, Seed004Parts]:
    assert t.session is not None and isinstance(t.session.encounter, Seed004Fight)
    assert isinstance(t.parts, Seed004Parts)
    return t.session.encounter, t.parts


def sit_down(t: Table) -> None:
    for _ in range(3):
        settle(t)
        if t.screen_state != "handoff":
            return
        post_key(pygame.K_RETURN, 0, "\r")
        frames(t, 2)


def test_the_strip_shows_the_segment_won_on_reactive_blows_and_everyones_blows(table: Table) -> None:
    """Line 20, 1.1.2: every character has 2 active blows; the bear alone has 2 reactive (the others 1): the first
    segment is the bear's, on reactive blows, and the strip says so; each row has its blows and EN this phase."""
    sit_down(table)
    f, parts = parts_of(table)
    head, why, rows = parts.strip_rows(table, None)
    assert head == "Round 1 · combat phase · segment 1 · initiative: Barrow Bear"
    assert why.startswith("most reactive blows")
    bear = next(r for r in rows if r.id == "barrow_bear")
    assert bear.holds and bear.text.startswith("Barrow Bear  A 2/2 · R 2/2 · EN 40")
    ilse = next(r for r in rows if r.id == "ilse_farrow")
    assert ilse.text.endswith("unalert") and not ilse.holds
    assert parts.strip_height(table) > 0 and table.board_rect.top >= parts.strip_height(table)
    assert "unalert" in parts.token_look(table, f.char("ilse_farrow")).conditions


def test_a_maneuver_is_chosen_on_the_bar_and_aimed_by_a_click_on_the_other_character(table: Table) -> None:
    """Line 28, 1.2.3: close on another character; the bar offers it, a click on Garrick ringed sends it."""
    sit_down(table)
    f, parts = parts_of(table)
    assert table.viewer == "Bob" and f.acting is not None and f.acting.id == "barrow_bear"
    roles = [e.role for e in parts.bar_entries(table, f.acting)]
    assert "maneuver" in roles and roles[-1] == "pass"
    assert click_bar(table, "maneuver", "maneuver:close")
    frames(table, 2)
    assert parts.chosen == "maneuver:close" and table.message.startswith("maneuver: click a character ringed")
    targets = parts.targets(table)
    garrick = f.char("garrick_thorne")
    assert garrick.cell in targets and targets[garrick.cell] in parts.legal(table)
    before = len(f.log)
    assert click_cell(table, garrick.cell)
    moved = [e for e in f.log[before:] if isinstance(e, ev.Maneuvered)]
    assert [(e.creature, e.maneuver, e.other) for e in moved] == [("barrow_bear", "close", "garrick_thorne")]


def test_change_range_sets_the_range_chosen_on_the_bar_from_one_to_six(table: Table) -> None:
    """Line 33, 1.2.3.5: "May change range to any fallen opponent to any range between 1 and 6 inclusive". The
    bar's "Change range" sets range 1; choosing it again steps it on; a click on the fallen one sends it (before,
    a click always sent range 1)."""
    from game.rulesets.edits import AddCondition

    sit_down(table)
    f, parts = parts_of(table)
    f.apply(AddCondition("garrick_thorne", "fallen"))  # the game master's edit: Garrick is down on the floor
    frames(table, 2)
    garrick = f.char("garrick_thorne")
    assert garrick.blows.fallen
    assert click_bar(table, "maneuver", "maneuver:change-range")
    frames(table, 2)
    assert parts.chosen == "maneuver:change-range" and parts.change_to == 1
    assert table.message.startswith("change range to 1")
    for _ in range(2):
        assert click_bar(table, "maneuver", "maneuver:change-range")
        frames(table, 2)
    frames(table, 2)
    assert parts.change_to == 3 and table.message.startswith("change range to 3")
    assert garrick.cell in parts.targets(table)
    before = len(f.log)
    assert click_cell(table, garrick.cell)
    moved = [e for e in f.log[before:] if isinstance(e, ev.Maneuvered)]
    assert [(e.maneuver, e.other, e.range_after) for e in moved] == [("change range", "garrick_thorne", 3)]
