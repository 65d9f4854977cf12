"""Seed 003's clock through the kernel (issue 15 item 3): initiative bands with the players choosing their
order in a band, enemies after them, the surprise round, the escalation die each round, Delay. Each test
quotes the line it checks (seed 003, ``../shared/seeds/003_c2dc3d650823e22d.txt``).

The fight object is not built yet; :class:`ClockOnly` is the smallest ``Rules`` around the clock (commands:
end the turn, delay), as ``tests/kernel/toy.py`` is for the kernel."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence, Union

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.kernel import events as ev
from game.kernel.decisions import Answer, Option, Question
from game.kernel.engine import Engine, Impossible
from game.rulesets.seed003 import events as e3
from game.rulesets.seed003.clock import (BandClock, ClockStep, Combatant, escalation_allows, escalation_for, is_even,
                                         is_odd)
from game.rulesets.seed003.sheets import Band

FAST, MEDIUM, SLOW = Band.FAST, Band.MEDIUM, Band.SLOW


@dataclass(frozen=True, slots=True)
class EndTurn:
    creature: str


@dataclass(frozen=True, slots=True)
class Delay:
    creature: str
    band: Band


Command = Union[EndTurn, Delay]


class ClockOnly:
    """A fight with nothing in it but seed 003's clock."""

    def __init__(self, combatants: Sequence[Combatant], *, ambushers: str | None = None, ambush: bool = False) -> None:
        self.engine: Engine[ClockStep, Command] = Engine(1)
        self.engine.attach(self)
        self.out: set[str] = set()
        self.clock = BandClock(combatants, self.engine.emit, lambda c: c in self.out, ambush_escalation=ambush)
        self.engine.run(self.clock.start(self.engine.new_action(), ambushers))

    def perform(self, command: Command) -> None:
        n = self.engine.new_action()
        try:
            match command:
                case EndTurn():
                    steps = self.clock.end_turn(command.creature, n)
                case Delay():
                    steps = self.clock.delay(command.creature, command.band, n)
        except ValueError as exc:
            raise Impossible(str(exc)) from None
        self.engine.run(steps)

    def settled(self) -> None:
        pass

    def precondition(self, step: ClockStep) -> str:
        return ""

    def detail(self, step: ClockStep) -> str:
        return type(step).__name__

    def before(self, step: ClockStep) -> list[ClockStep]:
        return []

    def question(self, step: ClockStep) -> Sequence[Question]:
        return self.clock.question(step)

    def resolve(self, step: ClockStep, answers: Sequence[Option]) -> None:
        self.clock.resolve(step, answers)

    def after(self, step: ClockStep) -> list[ClockStep]:
        return self.clock.after(step)

    def fizzled(self, step: ClockStep, reason: str, dropped: list[ClockStep]) -> None:
        self.engine.report_fizzle(step, reason, len(dropped))

    def action_complete(self) -> list[ClockStep]:
        return []

    # -- driving -----------------------------------------------------------------------------------

    def answer(self, key: str, by: str = "player") -> list[object]:
        (d,) = self.engine.pending
        return self.engine.apply(Answer(d.id, key, by))

    def turns(self) -> list[str]:
        return [x.creature for x in self.engine.log if isinstance(x, e3.TurnBegan)]


def pc(cid: str, band: Band) -> Combatant:
    return Combatant(cid, cid.title(), "party", True, band)


def foe(cid: str, band: Band) -> Combatant:
    return Combatant(cid, cid.title(), "foes", False, band)


def the_documents_example() -> list[Combatant]:
    """Line 85: "five PCs (one Fast, two Medium, two Slow) and five enemies (two Medium, three Slow)"; listed
    enemies first, to show the listing does not decide."""
    return [foe("m1", MEDIUM), foe("m2", MEDIUM), foe("s1", SLOW), foe("s2", SLOW), foe("s3", SLOW),
            pc("ann", FAST), pc("bo", MEDIUM), pc("cy", MEDIUM), pc("di", SLOW), pc("ed", SLOW)]


def test_the_players_choose_their_order_in_a_band_and_the_enemies_follow() -> None:
    """Line 83: "For each initiative band, if there are PCs in that Initiative band, they go in any order,
    then any enemies in that Initiative band go in any order."; line 85: "The Fast Initiative PC acts first,
    then the two Medium Initiative PCs act in an order of their choosing, then the two Medium Initiative
    enemies act, then the two Slow Initiative PCs act, and finally the three Slow Initiative enemies act.\""""
    fight = ClockOnly(the_documents_example())
    assert fight.clock.holder() == "ann" and not fight.engine.waiting  # alone in Fast: nobody is asked
    events = fight.engine.apply(EndTurn("ann"))
    (asked,) = [x for x in events if isinstance(x, ev.DecisionOpened)]
    assert (asked.side, asked.chooser, asked.kind, asked.options) == ("party", "bo", "clock:next_in_band",
                                                                      ("bo", "cy"))
    fight.answer("cy")  # the players send Cy first
    assert fight.clock.holder() == "cy"
    fight.engine.apply(EndTurn("cy"))
    assert fight.clock.holder() == "bo"  # the last PC of the band: no question
    fight.engine.apply(EndTurn("bo"))
    (d,) = fight.engine.pending  # the enemies' order is their side's to choose (the AI's, here)
    assert (d.side, d.options[0].key, d.options[1].key) == ("foes", "m1", "m2")
    fight.answer("m2", "AI")
    for who in ("m2", "m1"):
        fight.engine.apply(EndTurn(who))
    fight.answer("ed")
    for who in ("ed", "di"):
        fight.engine.apply(EndTurn(who))
    fight.answer("s3", "AI")
    fight.engine.apply(EndTurn("s3"))
    fight.answer("s1", "AI")
    fight.engine.apply(EndTurn("s1"))
    assert fight.turns() == ["ann", "cy", "bo", "m2", "m1", "ed", "di", "s3", "s1", "s2"]
    fight.engine.apply(EndTurn("s2"))
    assert fight.clock.round == 2 and fight.clock.holder() == "ann"


def test_the_escalation_die_at_each_round() -> None:
    """Line 91: "At the start of the second round, the Escalation Die is put on the table. At the beginning
    of each subsequent round, it's increased by 1, to a maximum of 6.\""""
    fight = ClockOnly([pc("ann", FAST), foe("orc", SLOW)])
    for _ in range(8):
        fight.engine.apply(EndTurn("ann"))
        fight.engine.apply(EndTurn("orc"))
    rounds = [(x.round, x.escalation) for x in fight.engine.log if isinstance(x, e3.RoundBegan)]
    assert rounds == [(1, 0), (2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (7, 6), (8, 6), (9, 6)]
    changes = [(x.was, x.value) for x in fight.engine.log if isinstance(x, e3.EscalationDieChanged)]
    assert changes == [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6)]  # nothing past 6
    assert e3.describe(e3.RoundBegan(2, 1)) == "Round 2 (escalation die 1)"


@given(st.integers(0, 40), st.booleans())
def test_the_escalation_die_never_leaves_0_to_6_and_never_falls(round_number: int, ambush: bool) -> None:
    die = escalation_for(round_number, ambush=ambush)
    assert 0 <= die <= 6 and escalation_for(round_number + 1, ambush=ambush) >= die
    assert escalation_for(round_number, ambush=True) >= escalation_for(round_number)


def test_even_and_odd_escalation_with_0_neither() -> None:
    """Line 93: "Some abilities key off the escalation die being even or odd. When the escalation die is 0, it
    counts as neither."; line 138: "Escalation X+: This can only be used if the Escalation die is X or
    higher. If (see special) [...] it's usable below the indicated Escalation\""""
    assert [(is_even(d), is_odd(d)) for d in range(4)] == [(False, False), (False, True), (True, False),
                                                           (False, True)]
    assert not escalation_allows(3, 2) and escalation_allows(3, 3) and escalation_allows(3, 0, special=True)


def test_two_ambushers_of_their_sides_choice_act_in_the_surprise_round() -> None:
    """Line 79: "Two characters of the ambushing party's choice may act in the Surprise Round. After this
    round, initiative proceeds as normal.\""""
    fight = ClockOnly([pc("ann", FAST), pc("bo", SLOW), pc("cy", MEDIUM), foe("orc", FAST)], ambushers="party")
    (d,) = fight.engine.pending
    assert (d.kind, d.side, d.chooser, [o.key for o in d.options]) == ("clock:surprise", "party", "ann",
                                                                       ["ann", "bo", "cy"])
    fight.answer("bo")
    (d,) = fight.engine.pending
    assert [o.key for o in d.options] == ["ann", "cy"]
    fight.answer("cy")
    assert fight.clock.holder() == "bo" and fight.clock.when() == "the surprise round"
    fight.engine.apply(EndTurn("bo"))
    fight.engine.apply(EndTurn("cy"))
    assert fight.clock.round == 1 and fight.clock.escalation == 0
    assert fight.turns() == ["bo", "cy", "ann"]  # then the first round from the top: Fast PC first
    began = [x for x in fight.engine.log if isinstance(x, e3.SurpriseRoundBegan)]
    assert began == [e3.SurpriseRoundBegan("party", ("bo", "cy"))]


def test_an_ambush_by_the_pcs_may_start_the_escalation_die_at_1() -> None:
    """Line 79: "If this is an explicit ambush performed by PCs, it might be appropriate to start the
    Escalation die at 1 in the first real combat round.\""""
    fight = ClockOnly([pc("ann", FAST), foe("orc", FAST)], ambushers="party", ambush=True)
    fight.engine.apply(EndTurn("ann"))  # the party's only character: picked without asking
    assert (fight.clock.round, fight.clock.escalation) == (1, 1)


def test_delay_lowers_the_band_for_the_rest_of_the_encounter() -> None:
    """Line 96-97: "On your turn, you can choose to delay until a certain Initiative band that's lower than
    your current one. Your Initiative band is set to that one for the rest of the encounter.\""""
    fight = ClockOnly([pc("ann", FAST), foe("orc", MEDIUM), foe("imp", SLOW)])
    with pytest.raises(Impossible, match="lower than fast"):
        fight.engine.apply(Delay("ann", Band.VERY_FAST))
    with pytest.raises(Impossible, match="does not hold the turn"):
        fight.engine.apply(Delay("orc", SLOW))
    events = fight.engine.apply(Delay("ann", SLOW))
    assert e3.TurnDelayed("ann", "fast", "slow") in events and fight.clock.holder() == "orc"
    fight.engine.apply(EndTurn("orc"))
    assert fight.clock.holder() == "ann"  # a PC in the slow band: before the slow enemy
    fight.engine.apply(EndTurn("ann"))
    fight.engine.apply(EndTurn("imp"))
    fight.engine.apply(EndTurn("orc"))  # round 2: still slow
    assert fight.clock.holder() == "ann" and fight.turns() == ["ann", "orc", "ann", "imp", "orc", "ann"]


def test_a_creature_out_of_the_fight_is_passed_over() -> None:
    fight = ClockOnly([pc("ann", FAST), foe("orc", MEDIUM), foe("imp", MEDIUM)])
    fight.out.add("orc")
    fight.engine.apply(EndTurn("ann"))
    assert fight.clock.holder() == "imp" and not fight.engine.waiting  # one enemy left in its band: no question


def test_creatures_that_are_not_pcs_choose_side_by_side() -> None:
    """Line 83 names PCs and enemies only; our reading: a band's creatures that are not PCs act after its PCs,
    one side's group after another, and each side orders its own (a hireling of the party is not asked about
    by the enemies' side)."""
    hireling = Combatant("mule", "Mule", "party", False, MEDIUM)
    fight = ClockOnly([foe("m1", MEDIUM), hireling, foe("m2", MEDIUM), pc("ann", MEDIUM)])
    assert fight.clock.holder() == "ann"
    fight.engine.apply(EndTurn("ann"))
    (d,) = fight.engine.pending
    assert d.side == "foes" and [o.key for o in d.options] == ["m1", "m2"]
    fight.answer("m2", "AI")
    fight.engine.apply(EndTurn("m2"))
    fight.engine.apply(EndTurn("m1"))
    assert fight.clock.holder() == "mule"


def test_hot_seat_hands_the_band_order_to_the_pcs_player_and_the_ai_orders_the_enemies() -> None:
    """Line 83: the PCs "go in any order" (their players choose), "then any enemies [...] in any order" (the
    enemies' side: here the AI). The table stops only for the player."""
    from game.seats import AI, Seats, settle

    fight = ClockOnly([foe("m1", MEDIUM), foe("m2", MEDIUM), pc("bo", MEDIUM), pc("cy", MEDIUM)])
    clock = fight.clock
    seats = Seats(lambda cid: "Ann" if cid in ("bo", "cy") else AI)
    assert settle(fight.engine, seats, lambda d: d.options[-1].key) == []  # the PCs' order: Ann's to give
    player, d = seats.next_to_answer(fight.engine.pending) or ("", None)
    assert player == "Ann" and d is not None and d.kind == "clock:next_in_band"
    fight.engine.apply(Answer(d.id, "cy"))
    fight.engine.apply(EndTurn("cy"))
    fight.engine.apply(EndTurn("bo"))
    answered = settle(fight.engine, seats, lambda d: d.options[-1].key)
    assert [(x.chooser, x.option, x.by) for x in answered if isinstance(x, ev.DecisionAnswered)] == [
        ("m1", "m2", "AI")]
    assert clock.holder() == "m2" and clock.when() == "round 1"


@given(st.lists(st.tuples(st.sampled_from(list(Band)), st.booleans(), st.booleans()), min_size=1, max_size=7),
       st.integers(0, 2 ** 32 - 1), st.integers(1, 4))
def test_every_round_gives_each_creature_still_in_one_turn_in_band_order_pcs_first(
        specs: list[tuple[Band, bool, bool]], seed: int, rounds: int) -> None:
    """Lines 83 and 91 over any party: whatever the answers, each round every creature acts once, the bands
    in order, a band's PCs before its others; the die follows the round. Some creatures delay."""
    import random
    rng = random.Random(seed)
    combatants = [Combatant(f"c{i}", f"C{i}", "party" if is_pc else "foes", is_pc, band)
                  for i, (band, is_pc, _) in enumerate(specs)]
    delays = {f"c{i}" for i, (_, _, d) in enumerate(specs) if d}
    fight = ClockOnly(combatants)
    for _ in range(rounds * len(combatants) * 2):
        while fight.engine.pending:
            d = fight.engine.pending[0]
            fight.answer(rng.choice(d.options).key)
        holder = fight.clock.holder()
        assert holder is not None
        lower = [b for b in Band if b.is_lower_than(fight.clock.bands[holder])]
        if holder in delays and lower:
            delays.discard(holder)
            fight.engine.apply(Delay(holder, rng.choice(lower)))
        else:
            fight.engine.apply(EndTurn(holder))
        if fight.clock.round > rounds:
            break
    by_round: dict[int, list[tuple[str, int, bool]]] = {}
    current = 0
    for x in fight.engine.log:
        if isinstance(x, e3.RoundBegan):
            current = x.round
            assert x.escalation == min(6, x.round - 1)
        elif isinstance(x, e3.TurnBegan):
            by_round.setdefault(current, []).append((x.creature, Band(x.band).rank, fight.clock.combatants[x.creature].pc))
        elif isinstance(x, e3.TurnDelayed):
            by_round[current].pop()  # the turn given up; it comes again in the lower band
    for r, turns in by_round.items():
        if r > rounds:
            continue
        assert sorted(t[0] for t in turns) == sorted(c.id for c in combatants)
        keys = [(rank, not is_pc) for _, rank, is_pc in turns]
        assert keys == sorted(keys)
