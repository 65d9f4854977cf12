"""Seed 001's timeline marks from the fight's counter (issue 20 item 1; ``game.ui.rulesets.seed001.marks``)."""

from __future__ import annotations

import pygame

from game.rulesets.seed001.counter import SECONDS, Counter, Moment, Use
from game.ui.board_view import font
from game.ui.rulesets.seed001 import marks

NAMES = {"alda": "Ser Alda", "cole": "Cole", "orc": "Orc"}
COLOURS = {"alda": (80, 140, 250), "cole": (80, 140, 250), "orc": (230, 60, 60)}


def _marks(counter: Counter, seen: set[str] | None = None) -> list[marks.Mark]:
    return marks.timeline_marks(counter.shown(), NAMES.__getitem__, COLOURS.__getitem__,
                                lambda who: counter.can(who, Use.REACTION),
                                None if seen is None else seen.__contains__)


def test_each_creature_is_marked_at_its_second_with_its_reaction_of_the_round() -> None:
    """Seed 001, line 3: "only one reaction is granted for a like duration": a creature whose reaction of the round
    is spent reads "r", one who still has it "R", each at the second it acts, in its side's colour."""
    counter = Counter().seat([("alda", 9), ("orc", 4)]).spend("alda", Use.REACTION)
    got = _marks(counter)
    assert [(m.second, m.offset, m.label, m.colour) for m in got] == [
        (9, 0, "Ser Alda r", COLOURS["alda"]), (4, 0, "Orc R", COLOURS["orc"])]


def test_a_stand_up_delayed_past_the_round_is_marked_at_its_second_of_the_next_round() -> None:
    """Seed 001, line 34: "if the reaction is used in second-counter:2 and the delay is 4 seconds, then standing will
    be effective in 10 of the subsequent round": the mark is at 10, one round on, named and green."""
    counter = Counter(now=Moment(1, 2)).schedule("alda", "stands", 4)
    (mark,) = _marks(counter)
    assert (mark.second, mark.offset, mark.label, mark.colour) == (10, 1, "Ser Alda stands", marks.SCHEDULED)


def test_the_players_display_leaves_out_the_creatures_players_do_not_see() -> None:
    counter = Counter().seat([("alda", 9), ("orc", 4)]).schedule("orc", "stands", 3)
    assert [m.label for m in _marks(counter, seen={"alda"})] == ["Ser Alda R"]
    assert len(_marks(counter)) == 3


def test_the_action_and_the_reaction_of_the_round_are_drawn_free_or_used() -> None:
    """Seed 001, line 3: "Like only one action is permitted in a combat round, only one reaction": a green pip while
    free, a hollow grey one once used; the row's small form says "A R" / "a r"."""
    pygame.init()
    font.cache_clear()  # fonts from an earlier pygame.init are dead
    surface = pygame.Surface((400, 30))
    surface.fill((0, 0, 0))
    marks.draw_uses(surface, True, False, 0, 0)
    assert surface.get_at((6, 8))[:3] == marks.PIP_LEFT
    reaction_pip = next(x for x in range(40, 300) if surface.get_at((x, 8))[:3] == marks.PIP_SPENT)
    assert surface.get_at((reaction_pip + 6, 8))[:3] != marks.PIP_SPENT   # hollow: a ring, not a dot
    assert marks.uses_text(True, False) == "A r" and marks.uses_text(False, True) == "a R"
    assert SECONDS == 12


def test_a_scheduled_label_that_names_its_creature_is_not_named_twice() -> None:
    """The reactions schedule "Ser Alda stands" for Ser Alda: the timeline reads "Ser Alda stands", once (the window
    first showed "Aldric Lancer Aldric Lancer stands")."""
    counter = Counter(now=Moment(1, 2)).schedule("alda", "Ser Alda stands", 4)
    (mark,) = _marks(counter)
    assert mark.label == "Ser Alda stands" and mark.short == "SA stands"
