"""Seed 001's reactions in the fight, staged with rigged dice: each is a decision put to the reactor's player,
spends its one reaction of the round, and is logged (lines 6-8, 11-15, 17, 21-24, 32-34)."""

from __future__ import annotations

from typing import Any, Sequence

from game.kernel.decisions import PASS, Answer, Decision
from game.rulesets.seed001 import defence, dismount, events as ev, impalement, opportunity, standing
from game.rulesets.seed001 import reaction_events as rev
from game.rulesets.seed001.commands import Attack, EndTurnCommand, Move
from game.rulesets.seed001.counter import Moment, Use
from game.rulesets.seed001.fight import Seed001Fight
from game.rulesets.seed001.reactions import install
from tests.rulesets.seed001.fighting import at, events, fight_of, where


def staged(*who: Any, seconds: Sequence[int], faces: Sequence[int] = (), riders: Sequence[tuple[str, str]] = (),
           prone: Sequence[str] = ()) -> Seed001Fight:
    f = fight_of(*who, seconds=seconds, faces=faces, riders=riders, start=False)
    install(f)
    for pid in prone:
        f.creature(pid).prone = True
    f.start()
    return f


def asked(f: Seed001Fight) -> Decision:
    assert f.pending, "no decision is open"
    return f.pending[0]


def answer(f: Seed001Fight, key: str) -> list[Any]:
    return f.apply(Answer(asked(f).id, key, "player"))


def test_a_stationary_pikeman_gets_an_attack_of_opportunity_on_a_passer_by() -> None:
    """Seed 001, line 11: "When a creature moves through the adjacent space around someone, without challenging
    that someone ... this permits an attack of opportunity"; line 14: "a maximum of 2d20 ... limited to the 1
    point for that die, the Weapon Wgt value and any Strength modifier"."""
    f = staged(("pike", "hollin_pikeman", "company", (6, 4)), ("bandit", "road_bandit", "foes", (2, 5)),
               seconds=(1, 12), faces=(15, 20))
    f.apply(Move("bandit", at(f, 10, 5)))
    d = asked(f)
    assert (d.chooser, d.kind) == ("pike", opportunity.KIND) and "2d20" in d.question
    assert where(f, "bandit") == (5, 5)  # the move waits at the first hex beside the pikeman
    answer(f, "attack")
    rolled = [e for e in events(f, ev.AttackRolled) if e.kind == "opportunity"]
    assert [(e.creature, len(e.faces), e.successes) for e in rolled] == [("pike", 2, 2)]
    if f.pending:  # the bandit's rebuff 0 cannot save it a success it has 15 and 20 against 11: not asked
        answer(f, PASS)
    assert [(e.creature, e.amount) for e in events(f, ev.Hurt)] == [("bandit", 1 + 2 + 1)]
    assert not f.counter.can("pike", Use.REACTION)
    assert [e.what for e in events(f, rev.ReactionUsed)] == ["attack of opportunity"]
    assert where(f, "bandit") == (10, 5)  # then it goes on


def test_a_pikeman_that_moved_since_its_last_movement_option_is_not_offered_one() -> None:
    """Seed 001, line 12: "must be stationary and must have been stationary since the last movement option"."""
    f = staged(("pike", "hollin_pikeman", "company", (6, 3)), ("bandit", "road_bandit", "foes", (2, 5)),
               seconds=(12, 1))
    f.apply(Move("pike", at(f, 6, 4)))
    f.apply(EndTurnCommand("pike"))
    f.apply(Move("bandit", at(f, 10, 5)))
    assert not f.pending and where(f, "bandit") == (10, 5)
    assert not events(f, rev.ReactionUsed)


def test_the_one_a_move_and_attack_comes_for_gets_no_attack_of_opportunity_and_a_withdrawal_provokes_none() -> None:
    """Seed 001, line 11: "without challenging that someone"; and "an action to withdraw in a defensive manner"
    is no trigger (line 10: "the 'flee attack' no longer exists")."""
    f = staged(("pike", "hollin_pikeman", "company", (6, 4)), ("bandit", "road_bandit", "foes", (4, 5)),
               ("wren", "wren_quickstep", "company", (12, 12)), seconds=(1, 12, 1))
    f.apply(Attack("bandit", "pike", "hand_axe", to=at(f, 5, 4)))
    assert all(d.kind != opportunity.KIND for d in f.pending)
    g = staged(("pike", "hollin_pikeman", "company", (6, 4)), ("bandit", "road_bandit", "foes", (2, 5)),
               seconds=(1, 12))
    g.apply(Move("bandit", at(g, 10, 5), withdraw=True))
    assert not g.pending and where(g, "bandit") == (10, 5)


def test_an_impalement_stops_a_rush_two_hexes_out_and_the_attack_is_lost() -> None:
    """Seed 001, line 21: "closes from 20 feet or farther to engage and attack, then an impalement reaction can be
    used"; line 23: "It also occurs ten feet (two-hexes) away ... If the reaction damage incapacitates the
    attacker first, then the initiating attack is nullified"; line 24: "a total of 3d20"."""
    f = staged(("pike", "hollin_pikeman", "company", (7, 4)), ("bandit", "road_bandit", "foes", (0, 4), {"body": 5}),
               seconds=(1, 12), faces=(20, 20, 20))
    f.apply(Attack("bandit", "pike", "hand_axe", to=at(f, 6, 4)))
    d = asked(f)
    assert (d.chooser, d.kind) == ("pike", impalement.KIND) and "3d20" in d.question
    assert f.state.distance(f.creature("bandit").cell, f.creature("pike").cell) == 2
    answer(f, "impale")
    while f.pending:  # the bandit's rebuff: nothing it can do against three 20s
        answer(f, PASS)
    assert f.creature("bandit").out and where(f, "bandit") == (5, 4)
    assert [e.creature for e in events(f, ev.AttackRolled)] == ["pike"]  # the bandit never rolls
    assert f.counter.can("pike", Use.ACTION)  # line 22: "still allowed a normal attack in the same round"


def test_no_impalement_for_a_rush_from_closer_than_twenty_feet() -> None:
    """Seed 001, line 21: "closes from 20 feet or farther"."""
    f = staged(("pike", "hollin_pikeman", "company", (7, 4)), ("bandit", "road_bandit", "foes", (4, 4)),
               seconds=(1, 12), faces=(20, 20))
    f.apply(Attack("bandit", "pike", "hand_axe", to=at(f, 6, 4)))
    assert all(d.kind != impalement.KIND for d in f.pending)


def test_a_dodge_just_before_body_damage_takes_a_success_off() -> None:
    """Seed 001, line 6: "a minimal moment just before receiving the damage, as the reaction has the chance to
    prevent or lessen the wounding"; line 8: "the d6 adjustment roll will be applied against the lowest
    successful d20"."""
    f = staged(("wren", "wren_quickstep", "company", (5, 4)), ("bandit", "road_bandit", "foes", (6, 4)),
               seconds=(1, 12), faces=(15, 18, 4))
    f.apply(Attack("bandit", "wren", "hand_axe"))
    d = asked(f)
    assert (d.chooser, d.kind) == ("wren", defence.KIND)
    assert "d6+2 off its lowest success" in d.question and "5 Body down to 4" in d.question
    answer(f, "dodge")
    got = events(f, rev.Defended)
    assert [(e.skill, e.adjustment, e.cancelled, e.before, e.after) for e in got] == [("dodge", 6, True, 5, 4)]
    assert [(e.creature, e.amount) for e in events(f, ev.Hurt)] == [("wren", 4)]
    assert not f.counter.can("wren", Use.REACTION)


def test_a_creature_without_its_reaction_is_not_asked_to_dodge() -> None:
    """Seed 001, line 7: "only one reaction can be used per round; thus, to dodge the attack, an available
    reaction must exist"."""
    f = staged(("wren", "wren_quickstep", "company", (5, 4)), ("bandit", "road_bandit", "foes", (6, 4)),
               seconds=(1, 12), faces=(15, 18))
    f.counter = f.counter.spend("wren", Use.REACTION)
    f.apply(Attack("bandit", "wren", "hand_axe"))
    assert not f.pending and [e.amount for e in events(f, ev.Hurt)] == [2 + 2 + 1]


def test_a_rider_thrown_at_second_two_stands_by_reaction_at_ten_of_the_next_round() -> None:
    """Seed 001, line 17: thrown when "the beast was suddenly slain"; line 34: "if the reaction is used in
    second-counter:2 and the delay is 4 seconds, then standing will be effective in 10 of the subsequent round";
    line 33: "half of the standard movement for the creature's species"."""
    f = staged(("bandit", "road_bandit", "foes", (6, 4)), ("aldric", "aldric_lancer", "raiders", (5, 4)),
               ("horse", "grey_courser", "raiders", (5, 4), {"body": 1}),
               seconds=(2, 1, 1), faces=(20, 20, 5, 4), riders=[("aldric", "horse")])
    f.apply(Attack("bandit", "horse", "hand_axe"))
    d = asked(f)
    assert (d.chooser, d.kind) == ("aldric", dismount.KIND)
    answer(f, PASS)  # falls: the whole 1d6 (5) and prone
    assert f.creature("aldric").prone and [e.amount for e in events(f, ev.Hurt)][-1] == 5
    d = asked(f)
    assert (d.chooser, d.kind) == ("aldric", standing.KIND)
    answer(f, "stand")  # d4: 4
    assert f.counter.now == Moment(1, 2)
    assert [(e.label, e.round, e.second) for e in events(f, ev.Scheduled)] == [("stands", 2, 10)]
    f.apply(EndTurnCommand("bandit"))
    for _ in range(20):
        if f.creature("aldric").prone is False:
            break
        holder = f.acting
        assert holder is not None and not f.pending
        assert f.creature("aldric").prone
        f.apply(EndTurnCommand(holder.id))
    assert not f.creature("aldric").prone and f.counter.now.round == 2 and f.counter.now.second <= 10
    assert [(e.feet, e.creature) for e in events(f, rev.MovementPenalised)] == [(20, "aldric")]
    assert f.creature("aldric").feet_left == 40 - 20


def test_a_thrown_rider_that_reacts_and_passes_agility_lands_on_its_feet() -> None:
    """Seed 001, line 17: "the rider can choose to use a reaction to land on his or her feet ... a successful
    Agility check (TM:10)"."""
    f = staged(("bandit", "road_bandit", "foes", (6, 4)), ("aldric", "aldric_lancer", "raiders", (5, 4)),
               ("horse", "grey_courser", "raiders", (5, 4), {"body": 1}),
               seconds=(2, 1, 1), faces=(20, 20, 12, 6), riders=[("aldric", "horse")])
    f.apply(Attack("bandit", "horse", "hand_axe"))
    answer(f, "land")
    assert [e.landed for e in events(f, rev.LandingTried)] == [True]
    assert not f.creature("aldric").prone and not [e for e in events(f, ev.Hurt) if e.creature == "aldric"]
    assert not f.pending  # its reaction is spent: no stand-up to offer, and it is not prone anyway


def test_a_prone_creature_is_offered_to_stand_by_reaction_at_the_start_of_the_round() -> None:
    """Seed 001, line 32: "the reaction will be selected, as it can be used at the start of the round": at
    second 12, though nobody acts before second 5, so the d4 (2) brings it up at 10."""
    f = staged(("wren", "wren_quickstep", "company", (5, 4)), ("bandit", "road_bandit", "foes", (9, 4)),
               seconds=(5, 3), faces=(2,), prone=("wren",))
    d = asked(f)
    assert (d.chooser, d.kind) == ("wren", standing.KIND) and f.counter.now == Moment(1, 12)
    answer(f, "stand")
    assert [(e.round, e.second) for e in events(f, ev.Scheduled)] == [(1, 10)]


def test_the_ai_keeps_its_reaction_for_a_dodge_while_a_stronger_foe_is_still_to_act() -> None:
    """Seed 001, line 13: "fighters often choose not to waste their one reaction to swing at a passerby; often
    saving that reaction for a more important event ... This is especially true if said combatant has a dodge
    skill": Wren lets the goblin pass while the drake is still to act this round and can reach her, and swings
    at it once the drake has had its turn."""
    def goblin_passes(drake_second: int, goblin_second: int) -> tuple[Seed001Fight, Decision]:
        f = staged(("wren", "wren_quickstep", "company", (6, 4)), ("goblin", "marsh_goblin", "foes", (2, 5)),
                   ("drake", "reed_drake", "foes", (12, 6)), seconds=(1, goblin_second, drake_second))
        if f.acting is not None and f.acting.id == "drake":
            f.apply(EndTurnCommand("drake"))
        f.apply(Move("goblin", at(f, 8, 5)))
        return f, asked(f)

    f, d = goblin_passes(drake_second=5, goblin_second=12)
    assert d.kind == opportunity.KIND and f.ai_answer(d) == PASS
    f, d = goblin_passes(drake_second=12, goblin_second=11)
    assert d.kind == opportunity.KIND and f.ai_answer(d) == "attack"


def test_every_reaction_decision_has_one_option_to_take_it_so_standing_orders_apply() -> None:
    """Seed 001, line 12: "If these conditions are met and the player (or NPC) chooses": each reaction is the
    player's choice, which standing orders (always / never / ask, per kind) can give in advance."""
    from game.kernel.decisions import StandingOrder, standing_answer

    f = staged(("pike", "hollin_pikeman", "company", (6, 4)), ("bandit", "road_bandit", "foes", (2, 5)),
               seconds=(1, 12), faces=(15, 20))
    f.apply(Move("bandit", at(f, 10, 5)))
    d = asked(f)
    assert standing_answer({opportunity.KIND: StandingOrder.ALWAYS}, d) == "attack"
    assert standing_answer({opportunity.KIND: StandingOrder.NEVER}, d) == PASS
    assert standing_answer({opportunity.KIND: StandingOrder.ASK}, d) is None
    assert standing_answer({impalement.KIND: StandingOrder.ALWAYS}, d) is None  # set per kind


def test_the_ai_stands_by_reaction_when_that_buys_its_action_back_for_an_attack() -> None:
    """Seed 001, line 32: "Most often, the reaction will be selected, as it can be used at the start of the
    round"; line 34: the d4 delay: prone at the start of the round with a foe beside it, the AI stands by
    reaction when its turn comes after the d4 is surely done (its action then goes to an attack), and keeps the
    reaction for its rebuff when its turn comes sooner (it stands by action then)."""
    def offered(second: int) -> tuple[Seed001Fight, Decision]:
        f = staged(("aldric", "aldric_lancer", "raiders", (6, 4)), ("bandit", "road_bandit", "foes", (7, 4)),
                   seconds=(second, 3), prone=("aldric",))
        d = asked(f)
        assert d.kind == standing.KIND
        return f, d

    f, d = offered(5)
    assert f.ai_answer(d) == "stand"
    f, d = offered(11)
    assert f.ai_answer(d) == PASS


def test_an_attack_after_a_free_rush_is_impaled_before_its_roll_where_the_attacker_stands() -> None:
    """Seed 001, line 23: "this reaction interrupts the action prior to the attacker rolling his or her d20s for
    attack": a bandit that ran in with its free movement [32] and then attacks is impaled before its roll."""
    f = staged(("pike", "hollin_pikeman", "company", (7, 4)), ("bandit", "road_bandit", "foes", (0, 4), {"body": 5}),
               seconds=(1, 12), faces=(20, 20, 20))
    f.apply(Move("bandit", at(f, 6, 4)))
    assert not f.pending  # its move ends beside the pikeman: it challenges it, no attack of opportunity [11]
    f.apply(Attack("bandit", "pike", "hand_axe"))
    d = asked(f)
    assert (d.chooser, d.kind) == ("pike", impalement.KIND)
    answer(f, "impale")
    while f.pending:
        answer(f, PASS)
    assert f.creature("bandit").out and where(f, "bandit") == (6, 4)
    assert [e.creature for e in events(f, ev.AttackRolled)] == ["pike"]


def test_the_bog_hounds_bite_drags_a_foe_down_and_it_may_stand_by_reaction_at_once() -> None:
    """Seed 001, line 32: the reaction to stand "can be used at the start of the round or just after being knocked
    down"; the knock-down is our content's own power (the bog hound's bite `drags`: two or more successes left
    after any reaction drag a target on foot down prone)."""
    f = staged(("bandit", "road_bandit", "foes", (5, 4)), ("hound", "bog_hound", "beasts", (6, 4)),
               seconds=(1, 12), faces=(15, 18))
    assert f.creature("hound").template.weapon("bite").drags  # type: ignore[union-attr]
    f.apply(Attack("hound", "bandit", "bite"))
    assert f.creature("bandit").prone
    assert [e.reason for e in events(f, ev.KnockedProne)] == ["dragged down by Bog Hound"]
    d = asked(f)
    assert (d.chooser, d.kind) == ("bandit", standing.KIND)
    g = staged(("bandit", "road_bandit", "foes", (5, 4)), ("hound", "bog_hound", "beasts", (6, 4)),
               seconds=(1, 12), faces=(15, 3))
    g.apply(Attack("hound", "bandit", "bite"))  # one success: bitten, not dragged
    assert asked(g).kind == defence.KIND
    answer(g, PASS)  # the rebuff is not taken: the bite lands
    assert not g.creature("bandit").prone and not g.pending and events(g, ev.Hurt)
