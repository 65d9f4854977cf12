"""Seed 004's strip (issue 21 item 1; seed 004, line 5 (the per-phase EN cap), lines 7-8 and 19-21, 1.1.1-1.1.3:
initiative to the eligible character with the most active blows, then the most reactive blows, then the most
EN; a full tie declares simultaneously): the round, the phase and the segment, who holds the initiative and
why, each character's blows and EN left this phase, alert / unalert and fallen."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from game.rulesets.seed004.blows import Blows
from game.rulesets.seed004.rounds import Phase, Round
from game.ui.rulesets.seed004 import presentation as p
from game.ui.rulesets.seed004 import strip_view


@dataclass(frozen=True)
class F:
    id: str
    side: str
    blows: Blows


def blows(active: int, reactive: int, en: int, **kw: object) -> Blows:
    return replace(Blows(2, 3, active, reactive, en, 10, 5), **kw)  # type: ignore[arg-type]


NAMES = {"ann": "Ann", "orc": "Orc", "bo": "Bo"}


def test_a_segment_won_on_reactive_blows_says_so() -> None:
    """Line 20, 1.1.2: active blows tied at 1, Ann has 3 reactive to the orc's 2: hers, on reactive blows."""
    fighters = [F("ann", "heroes", blows(1, 3, 8)), F("orc", "monsters", blows(1, 2, 20))]
    rnd = Round(2).begin_segment(fighters)
    assert rnd.holders == ("ann",)
    assert p.headline(rnd, NAMES.__getitem__) == "Round 2 · combat phase · segment 1 · initiative: Ann"
    assert p.initiative_reason(rnd, fighters) == "most reactive blows: 3 to 2 (active blows tied) (1.1.2)"


def test_the_reason_is_the_first_standing_that_differs() -> None:
    """Line 20: active blows first, current EN last."""
    on_active = [F("ann", "heroes", blows(2, 0, 1)), F("orc", "monsters", blows(1, 3, 20))]
    assert p.initiative_reason(Round().begin_segment(on_active), on_active).startswith("most active blows: 2 to 1")
    on_en = [F("ann", "heroes", blows(1, 2, 9)), F("orc", "monsters", blows(1, 2, 20))]
    rnd = Round().begin_segment(on_en)
    assert rnd.holders == ("orc",)
    assert p.initiative_reason(rnd, on_en) == "most EN: 20 to 9 (blows tied) (1.1.2)"


def test_a_full_tie_declares_simultaneously_and_a_lone_eligible_is_named() -> None:
    """Line 21, 1.1.3 (a full tie), and line 19, 1.1.1 (one who passed is not eligible)."""
    tied = [F("ann", "heroes", blows(1, 2, 9)), F("orc", "monsters", blows(1, 2, 9))]
    rnd = Round().begin_segment(tied)
    assert p.headline(rnd, NAMES.__getitem__).endswith("initiative: Ann + Orc")
    assert "simultaneously" in p.initiative_reason(rnd, tied)
    alone = Round(passed=frozenset({"orc"})).begin_segment(tied)
    assert alone.holders == ("ann",) and p.initiative_reason(alone, tied) == "the only one eligible (1.1.1)"
    rows = p.rows(alone, tied, NAMES.__getitem__)
    assert [(r.holds, r.out) for r in rows] == [(True, False), (False, True)]
    assert rows[1].text.endswith("passed")


def test_rows_show_blows_and_en_left_this_phase_alert_and_fallen() -> None:
    """Line 5: EN spent per phase is capped; the row shows what is left of the cap (no more than the EN)."""
    fighters = [F("ann", "heroes", blows(1, 2, 9, en_phase=3)),
                F("orc", "monsters", blows(0, 1, 2, alert=False, fallen=True))]
    rnd = Round().begin_segment(fighters)
    rows = p.rows(rnd, fighters, NAMES.__getitem__)
    assert rows[0].text == "Ann  A 1/2 · R 2/3 · EN 9 (2 this phase) · alert"
    assert rows[1].text == "Orc  A 0/2 · R 1/3 · EN 2 (2 this phase) · unalert, fallen"
    later = replace(rnd, phase=Phase.NONCOMBAT, holders=())
    assert p.initiative_reason(later, fighters) == "" and p.headline(later, NAMES.__getitem__) == \
        "Round 1 · noncombat phase"


def test_the_strip_draws_the_holder_lit() -> None:
    from game.ui.board_view import font

    font.cache_clear()  # pygame.register_quit runs once: fonts of an earlier test's pygame.quit are dead
    pygame.init()
    fighters = [F("ann", "heroes", blows(1, 3, 8)), F("orc", "monsters", blows(1, 2, 20))]
    rnd = Round().begin_segment(fighters)
    rows = p.rows(rnd, fighters, NAMES.__getitem__)
    surface = pygame.Surface((700, strip_view.height(len(rows))))
    strip_view.draw(surface, surface.get_rect(), p.headline(rnd, NAMES.__getitem__),
                    p.initiative_reason(rnd, fighters), rows, lambda cid: (200, 60, 60))
    lit = strip_view.HOLDS_BACK[:3]
    y = 8 + 2 * (strip_view.LINE + 2) + strip_view.LINE // 2
    assert any(surface.get_at((x, y))[:3] == lit for x in range(20, 300))  # the holder's row (first column)
    assert not any(surface.get_at((x, y))[:3] == lit for x in range(380, 690))  # not the orc's
    pygame.quit()


def test_a_gm_call_has_its_own_colour_in_the_log() -> None:
    """Issue 21 item 6 (seed 004, 1.2.5: "consult the gamesmaster"): a GM call is logged in a colour of its own,
    whatever its event is called (s004fight names it), and other events are not in that colour."""
    from game.kernel.events import DecisionOpened

    @dataclass(frozen=True)
    class GmCalled:
        rule: str

    @dataclass(frozen=True)
    class Parried:
        who: str

    assert p.colour_of(GmCalled("1.2.5.1.1")) == p.GM
    assert p.colour_of(Parried("ann")) == p.PARRY != p.GM
    assert p.colour_of(DecisionOpened(1, "a", "b", "k", "q", ("x",), True, 1)) != p.GM
