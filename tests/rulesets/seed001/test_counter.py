"""Seed 001's second-counter (issue 20 item 1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.kernel.dice import Dice
from game.kernel.engine import Impossible
from game.kernel.events import DiceRolled, Event
from game.rulesets.seed001.counter import SECONDS, Counter, Kind, Moment, Use, roll_seconds, stand_up_delay


def _run(counter: Counter, seconds: int) -> tuple[Counter, list[tuple[Moment, str]]]:
    """Tick ``seconds`` seconds, taking what is due at each (the current second first)."""
    seen: list[tuple[Moment, str]] = []
    for _ in range(seconds + 1):
        counter, due = counter.take_due()
        seen += [(counter.now, e.label) for e in due]
        counter = counter.tick()
    return counter, seen


def test_the_worked_example_stands_at_ten_of_the_next_round() -> None:
    """Seed 001, line 34: "if the reaction is used in second-counter:2 and the delay is 4 seconds, then standing
    will be effective in 10 of the subsequent round"; "In the interim, the prone restriction is still applied"."""
    counter = Counter()
    for _ in range(10):
        counter = counter.tick()
    assert counter.now == Moment(1, 2)
    counter = counter.schedule("Ser Alda", "Ser Alda stands", 4)
    assert counter.entries[0].at == Moment(2, 10)
    _, seen = _run(counter, 20)
    assert seen == [(Moment(2, 10), "Ser Alda stands")]


def test_a_round_counts_down_twelve_to_one_then_turns_the_corner() -> None:
    """Seed 001, line 34: the round's seconds count down and a delay past the end goes "around the corner" into
    the following round (our reading of the labels: 12 .. 1)."""
    counter = Counter()
    seconds = []
    for _ in range(SECONDS + 1):
        seconds.append((counter.now.round, counter.now.second))
        counter = counter.tick()
    assert seconds == [(1, s) for s in range(12, 0, -1)] + [(2, 12)]


@given(st.integers(1, 12), st.integers(0, 60))
def test_wrapping_is_modular_arithmetic_on_twelve_seconds(second: int, delay: int) -> None:
    """Seed 001, line 34: "use an 'around the corner' technique to determine the appropriate second-counter in
    the following round": the second is the count-down modulo 12, the rounds passed its quotient."""
    at = Moment(3, second).later(delay)
    elapsed = (SECONDS - second) + delay
    assert at.second == SECONDS - elapsed % SECONDS
    assert at.round == 3 + elapsed // SECONDS


@given(st.lists(st.tuples(st.integers(0, 40), st.integers(0, 30)), max_size=25))
def test_scheduled_entries_come_due_once_each_at_their_moment(plan: list[tuple[int, int]]) -> None:
    """Seed 001, line 34: a delay wraps into the next round; the counter never loses or repeats an entry:
    each is taken exactly once, at the moment its delay names."""
    counter = Counter()
    expected = []
    plan_sorted = sorted(enumerate(plan), key=lambda p: p[1][0])
    seen: list[tuple[Moment, str]] = []
    for n, (wait, delay) in plan_sorted:
        for _ in range(wait - (counter.now.tick - Moment(1, SECONDS).tick)):
            counter, due = counter.take_due()
            seen += [(counter.now, e.label) for e in due]
            counter = counter.tick()
        label = f"entry {n}"
        expected.append((counter.now.later(delay), label))
        counter = counter.schedule("x", label, delay)
    _, rest = _run(counter, 80)
    seen += rest
    assert sorted(seen, key=lambda s: (s[0].tick, s[1])) == sorted(expected, key=lambda s: (s[0].tick, s[1]))
    assert len({label for _, label in seen}) == len(seen)


def test_ties_at_a_second_scheduled_first_then_creatures_in_rolled_order() -> None:
    """Seed 001, line 34: at the second a delayed stand-up takes effect, the change of position comes first
    (ours); creatures at one second act in the order their seconds were rolled (ours)."""
    counter = Counter().seat([("Bram", 9), ("Ser Alda", 10), ("Cole", 10)])
    counter = counter.tick().schedule("Ser Alda", "Ser Alda stands", 1)   # at 11, due at 10
    counter = counter.advance()
    assert counter.now == Moment(1, 10)
    assert [(e.kind, e.label) for e in counter.due()] == [
        (Kind.SCHEDULED, "Ser Alda stands"), (Kind.ACTS, "Ser Alda"), (Kind.ACTS, "Cole")]
    assert counter.holder() == "Ser Alda"
    counter, _ = counter.take_due()
    counter = counter.advance()
    assert (counter.now, counter.holder()) == (Moment(1, 9), "Bram")


def test_one_action_and_one_reaction_a_round() -> None:
    """Seed 001, line 3: "Like only one action is permitted in a combat round, only one reaction is granted for
    a like duration"; line 7: "only one reaction can be used per round"."""
    counter = Counter().spend("Bram", Use.REACTION)
    assert counter.can("Bram", Use.ACTION) and not counter.can("Bram", Use.REACTION)
    assert counter.can("Cole", Use.REACTION)
    with pytest.raises(Impossible, match="already used its reaction"):
        counter.spend("Bram", Use.REACTION)
    counter = counter.spend("Bram", Use.ACTION)
    for _ in range(SECONDS - 1):
        counter = counter.tick()
        assert not counter.can("Bram", Use.REACTION)
    counter = counter.tick()
    assert counter.now == Moment(2, 12)
    assert counter.can("Bram", Use.REACTION) and counter.can("Bram", Use.ACTION)


def test_a_second_already_past_cannot_be_seated_and_delays_are_bounded() -> None:
    """Seed 001, line 34: the counter counts down, so a creature cannot be placed at a second already gone."""
    counter = Counter().tick().tick()
    with pytest.raises(Impossible, match="second 11"):
        counter.seat([("Bram", 11)])
    with pytest.raises(Impossible, match="delay of -1"):
        counter.schedule("Bram", "x", -1)


def test_the_timeline_view_counts_rounds_past_the_corner() -> None:
    """Seed 001, line 34: what wraps is shown in the following round (offset 1)."""
    counter = Counter().seat([("Bram", 1)])
    for _ in range(10):
        counter = counter.tick()
    counter = counter.schedule("Ser Alda", "Ser Alda stands", 4)
    assert [(s.second, s.offset, s.label, s.kind) for s in counter.shown()] == [
        (1, 0, "Bram", Kind.ACTS), (10, 1, "Ser Alda stands", Kind.SCHEDULED)]
    assert counter.acts_at("Bram") == Moment(1, 1)


def test_seconds_and_the_stand_up_delay_are_logged_dice() -> None:
    """Seed 001, line 34: "there is a d4 delay on the initiative counter"; each creature's second is a d12 (ours)."""
    log: list[Event] = []
    dice = Dice(7, log.append)
    turns = roll_seconds(dice, ["Bram", "Cole"])
    delay = stand_up_delay(dice)
    rolls = [e for e in log if isinstance(e, DiceRolled)]
    assert [r.expression for r in rolls] == ["1d12", "1d12", "1d4"]
    assert [t for _, t in turns] + [delay] == [r.total for r in rolls]
    assert all(1 <= t <= 12 for _, t in turns) and 1 <= delay <= 4


def test_advance_skips_empty_seconds_and_stops_at_the_next_round() -> None:
    """Seed 001, line 34: the counter runs down to what is due next; with nothing due it runs to the round's end
    and around the corner to 12 of the next."""
    counter = Counter().seat([("Bram", 4)]).advance()
    assert counter.now == Moment(1, 4) and counter.holder() == "Bram"
    counter, _ = counter.take_due()
    assert counter.advance().now == Moment(2, 12)
