"""The fight's hooks for the reactions (s001react), each asserted on what it hands over (numbers in brackets are
seed 001's lines)."""

from __future__ import annotations

from typing import Any

from game.rulesets.seed001 import events as ev
from game.rulesets.seed001.commands import (Attack, DealDamage, Due, EndTurnCommand, EnterHex, Move, NewRound,
                                            Offer, RollAttack, ThrowRider)
from game.rulesets.seed001.fight import Seed001Fight
from game.rulesets.seed001.pools import pool_of
from tests.rulesets.seed001.fighting import Hook, at, events, fight_of, where


class Seen(Hook):
    def __init__(self, kind: type) -> None:
        self.kind = kind
        self.steps: list[Any] = []

    def before(self, fight: Seed001Fight, step: Any) -> list[Any]:
        if isinstance(step, self.kind):
            self.steps.append(step)
        return []


def test_a_mover_is_stopped_at_every_hex_it_passes_and_a_withdrawal_provokes_nothing() -> None:
    """Seed 001, line 11: "When a creature moves through the adjacent space around someone"; "an action to
    withdraw in a defensive manner" is no flee attack's occasion."""
    f = fight_of(("a", "road_bandit", "x", (2, 2)), ("b", "road_bandit", "y", (9, 9)), seconds=(12, 1))
    seen = Seen(EnterHex)
    f.extensions.append(seen)
    f.apply(Move("a", at(f, 5, 2)))
    assert [f.offset(s.cell) for s in seen.steps] == [(3, 2), (4, 2), (5, 2)]
    assert all(s.provokes for s in seen.steps) and [s.last for s in seen.steps] == [False, False, True]
    f.apply(Move("a", at(f, 6, 2), withdraw=True))
    assert seen.steps[-1].provokes is False
    assert events(f, ev.ActionSpent)[-1].purpose == "withdraw"


def test_a_monster_move_that_does_not_provoke_flags_its_movement() -> None:
    """Seed 001, line 15: "some special attack methods, usually by monsters, will not provoke an attack of
    opportunity. One such example is a low-to-the-ground fly-by breath weapon"."""
    f = fight_of(("d", "reed_drake", "x", (2, 2)), ("b", "road_bandit", "y", (9, 2)), seconds=(12, 1))
    seen = Seen(EnterHex)
    f.extensions.append(seen)
    f.apply(Attack("d", "b", "bog_fire", at(f, 6, 2)))
    assert seen.steps and not any(s.provokes for s in seen.steps)


def test_stationary_since_the_last_movement_option_is_kept_for_each_creature() -> None:
    """Seed 001, line 12: "must be stationary and must have been stationary since the last movement option"."""
    f = fight_of(("a", "road_bandit", "x", (2, 2)), ("b", "road_bandit", "y", (9, 9)), seconds=(12, 6),
                 faces=(12, 1))
    assert f.stationary("a") and f.stationary("b")
    f.apply(Move("a", at(f, 3, 2)))
    assert not f.stationary("a")
    f.apply(EndTurnCommand("a"))
    assert not f.stationary("a")  # still moved since its last movement option
    f.apply(EndTurnCommand("b"))
    assert f.acting is not None and f.acting.id == "a" and f.stationary("a")  # a new turn, a new option


def test_before_the_attack_roll_an_attacker_put_down_loses_its_attack() -> None:
    """Seed 001, line 23: "this reaction interrupts the action prior to the attacker rolling his or her d20s
    ... If the reaction damage incapacitates the attacker first, then the initiating attack is nullified"."""
    f = fight_of(("a", "road_bandit", "x", (2, 2)), ("p", "hollin_pikeman", "y", (9, 2)), seconds=(12, 1))

    class Impale(Hook):
        def before(self, fight: Seed001Fight, step: Any) -> list[Any]:
            if isinstance(step, RollAttack) and step.rush is not None and step.rush.from_feet >= 20:
                return [Offer(fight.engine.new_action(), "p", "impale", step.creature, step.action)]
            return []

        def resolve(self, fight: Seed001Fight, step: Any, answers: Any) -> bool:
            if isinstance(step, Offer):
                fight.wound(fight.creature(step.target), 99)
                return True
            return False

    f.extensions.append(Impale())
    f.apply(Attack("a", "p", "hand_axe", at(f, 8, 2)))
    assert events(f, ev.AttackRolled) == []
    assert f.creature("a").out and f.creature("p").vitals.body == f.creature("p").vitals.body_max


def test_just_before_body_damage_a_reaction_may_change_the_blow() -> None:
    """Seed 001, line 6: "a minimal moment just before receiving the damage, as the reaction has the chance to
    prevent or lessen the wounding"."""
    f = fight_of(("a", "road_bandit", "x", (2, 2)), ("b", "road_bandit", "y", (3, 2)), seconds=(12, 1),
                 faces=(20, 19))

    class Dodge(Hook):
        def before(self, fight: Seed001Fight, step: Any) -> list[Any]:
            if isinstance(step, DealDamage):
                blow = fight.blows[step.action]
                assert blow.pool.successes == 2
                fight.change_blow(step.action, pool_of((20, 1), blow.pool.tm))
            return []

    f.extensions.append(Dodge())
    f.apply(Attack("a", "b", "hand_axe"))
    assert events(f, ev.Hurt) == [ev.Hurt("b", 1 + 2 + 1, f.creature("b").vitals.body_max - 4)]


def test_a_slain_mount_throws_its_rider_who_falls_prone_without_a_reaction() -> None:
    """Seed 001, line 17: "perhaps the beast was suddenly slain ... the rider would be thrown from the mount due
    to momentum"; without the reaction the rider takes the fall and lies prone."""
    f = fight_of(("a", "road_bandit", "x", (2, 2)), ("m", "grey_courser", "y", (3, 2), {"body": 1}),
                 ("r", "aldric_lancer", "y", (4, 4)), riders=[("r", "m")], seconds=(12, 2, 1), faces=(20, 1, 4))
    assert where(f, "r") == (3, 2) and f.creature("r").mount == "m"
    seen = Seen(ThrowRider)
    f.extensions.append(seen)
    f.apply(Attack("a", "m", "hand_axe"))
    assert [(s.creature, s.mount, s.cause) for s in seen.steps] == [("r", "m", "slain")]
    rider = f.creature("r")
    assert rider.mount is None and rider.prone and where(f, "r") == (3, 2)
    assert events(f, ev.Fell) == [ev.Fell("r", 4)]


def test_riders_move_with_their_mounts_on_one_hex() -> None:
    f = fight_of(("m", "grey_courser", "x", (3, 2)), ("r", "aldric_lancer", "x", (4, 4)),
                 ("b", "road_bandit", "y", (12, 9)), riders=[("r", "m")], seconds=(2, 12, 1))
    assert f.acting is not None and f.acting.id == "r"
    f.apply(Move("r", at(f, 7, 2)))
    assert where(f, "r") == where(f, "m") == (7, 2)
    assert f.occupant(at(f, 7, 2)) is f.creature("r") and f.space_of("m") == (at(f, 7, 2),)
    assert f.state.hexes_left(f.creature("m")) == 12 - 4


def test_an_entry_scheduled_on_the_counter_comes_due_around_the_corner_before_the_turns_at_its_second() -> None:
    """Seed 001, line 34: "if the reaction is used in second-counter:2 and the delay is 4 seconds, then standing
    will be effective in 10 of the subsequent round"."""
    f = fight_of(("a", "road_bandit", "x", (2, 2)), ("b", "road_bandit", "y", (9, 9)), seconds=(2, 1),
                 faces=(10, 3))
    assert f.second == 2 and f.round == 1
    seen = Seen(Due)
    news = Seen(NewRound)
    f.extensions += [seen, news]
    at_ = f.schedule("a", "stands", 4)
    assert (at_.round, at_.second) == (2, 10)
    f.apply(EndTurnCommand("a"))
    f.apply(EndTurnCommand("b"))
    assert [(s.creature, s.label) for s in seen.steps] == [("a", "stands")]
    assert [s.round for s in news.steps] == [2]
    assert f.acting is not None and f.acting.id == "a" and f.second == 10
    log = [e for e in f.log if isinstance(e, (ev.CameDue, ev.TurnStarted))]
    assert log[-2:] == [ev.CameDue("a", "stands"), ev.TurnStarted("a", 2, 10)]


def test_a_rider_thrown_mid_charge_loses_the_rest_of_its_action() -> None:
    """Seed 001, line 17: "in such cases, the rider would be thrown from the mount due to momentum": the charge
    ends there (ours: the rest of the action is lost), even for a rider who lands on its feet."""
    f = fight_of(("r", "aldric_lancer", "x", (2, 6)), ("m", "grey_courser", "x", (2, 4), {"body": 1}),
                 ("b", "road_bandit", "y", (12, 4)), riders=[("r", "m")], seconds=(12, 2, 1), faces=(1,))

    class Shot(Hook):
        def before(self, fight: Seed001Fight, step: Any) -> list[Any]:
            if isinstance(step, EnterHex) and fight.offset(step.cell) == (6, 4):
                return [Offer(fight.engine.new_action(), "b", "shot", "m")]
            return []

        def resolve(self, fight: Seed001Fight, step: Any, answers: Any) -> bool:
            if isinstance(step, Offer):
                fight.wound(fight.creature(step.target), 5)
                return True
            if isinstance(step, ThrowRider):  # it reacts and lands on its feet: not prone, still thrown
                fight.land_thrown(step, reacted=True, landed=True)
                return True
            return False

    f.extensions.append(Shot())
    f.apply(Attack("r", "b", "lance", at(f, 10, 4)))
    assert f.creature("m").out and f.creature("r").mount is None and not f.creature("r").prone
    assert events(f, ev.AttackRolled) == [] and where(f, "r") == (5, 4)


def test_an_attack_whose_target_is_out_of_reach_when_it_comes_to_the_roll_is_lost() -> None:
    f = fight_of(("a", "road_bandit", "x", (2, 2)), ("b", "road_bandit", "y", (3, 2)), seconds=(12, 1))

    class Away(Hook):
        def before(self, fight: Seed001Fight, step: Any) -> list[Any]:
            if isinstance(step, RollAttack) and not fight.log_has_offer:  # type: ignore[attr-defined]
                fight.log_has_offer = True  # type: ignore[attr-defined]
                return [Offer(fight.engine.new_action(), "b", "step away", "a")]
            return []

        def resolve(self, fight: Seed001Fight, step: Any, answers: Any) -> bool:
            if isinstance(step, Offer):
                fight.creature("b").cell = at(fight, 6, 2)
                return True
            return False

    f.log_has_offer = False  # type: ignore[attr-defined]
    f.extensions.append(Away())
    f.apply(Attack("a", "b", "hand_axe"))
    assert events(f, ev.AttackRolled) == []
    assert any("out of reach of Hand Axe" in f.describe(e) for e in f.log)


def test_a_mount_stopped_short_throws_its_rider_onto_a_free_hex_beside_it() -> None:
    """Seed 001, line 17: "where one's mount stops unexpectedly, perhaps due to netting or other restraint ... the
    rider would be thrown from the mount due to momentum"."""
    from game.rulesets.seed001.sheets import Unhorsing

    f = fight_of(("m", "grey_courser", "x", (4, 4)), ("r", "aldric_lancer", "x", (6, 6)),
                 ("b", "road_bandit", "y", (12, 9)), riders=[("r", "m")], seconds=(12, 2, 1), faces=(3,))
    f.engine.run(f.throw_rider("r", Unhorsing.STOPPED))
    rider = f.creature("r")
    assert rider.mount is None and f.creature("m").rider is None and not f.creature("m").out
    assert f.state.distance(rider.cell, f.creature("m").cell) == 1 and rider.prone
    assert events(f, ev.RiderThrown) == [ev.RiderThrown("r", "m", "stopped")]
    assert events(f, ev.Fell) == [ev.Fell("r", 3)] and rider.feet_left == 40 - 20
