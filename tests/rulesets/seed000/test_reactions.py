"""Golden scenarios for seed 000, "Rules for Reactions": one or more per clause.

Each test is a scenario: a board drawn in ASCII, creatures with reaction
powers, their preparations, scripted dice, commands; and the events that must
follow. Each names the clause it pins by line of ``seeds/000_286d0557333318ee.txt``
("seed 000, line N") or the DESIGN.md / README ruling ("ruling N").

The dice are scripted (``ScriptedRandom`` from ``test_encounter``): after the
start every d20 and damage die a test does not script fails it, so each test
also pins which rolls happen. Random *choices* (a decision among several
candidates, the order of a creature's reactions) come from the seeded stream
and are logged; tests check them through their events.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

import pytest

from game.rulesets.seed000 import events as ev
from game.rulesets.seed000.commands import EndTurnCommand, StandUpCommand
from game.rulesets.seed000.encounter import Encounter, Impossible
from game.rulesets.seed000.model import (ActionType, Attack, ConditionKind, ConditionSpec, CreatureId, DamageRoll, Defense,
                              Duration, ForcedKind, ForcedMovement, Frequency, Outcome, Power, PowerId, Reach,
                              ReactionDefaults, ReactionSpec, ReactionTarget, RangeKind, Restriction,
                              RestrictionKind, TargetKind, Template)
from game.rulesets.seed000.preparation import Preparation
from game.rulesets.seed000.state import Condition
from test_encounter import (HERO, HIT_AND_RUN, MACE, MONSTER, attack, end, fight, move, names, of, use, use_and_move,
                            where, who)

Kit = Any


# -- building scenarios ----------------------------------------------------------------------


def reaction(pid: str, trigger: str, keywords: str = "", *, hits: DamageRoll | None = None, effect: Outcome = Outcome(),
             hit: Outcome | None = None, parameter: str = "", personal: bool = False,
             reach: Reach = Reach(RangeKind.MELEE), target: ReactionTarget = ReactionTarget.TRIGGER,
             frequency: Frequency = Frequency.AT_WILL, tags: Iterable[str] = ()) -> Power:
    """A reaction power. ``hits``: it makes a +5 vs AC attack dealing that damage (``hit`` for more);
    ``personal``: it acts on its user (``effect``); else ``effect`` falls on its target."""
    attacks = hits is not None or hit is not None
    return Power(
        id=PowerId(pid), name=pid.replace("_", " ").title(), action=ActionType.REACTION, frequency=frequency,
        reach=Reach(RangeKind.PERSONAL) if personal else reach,
        targets=TargetKind.SELF if personal else TargetKind.ENEMY,
        attack=Attack(5, Defense.AC) if attacks else None,
        hit=hit if hit is not None else Outcome(damage=hits), effect=effect, keywords=frozenset(tags),
        reaction=ReactionSpec(trigger, parameter, frozenset(keywords.split()), target=target),
    )


def with_powers(base: Template, *powers: Power, **defaults: Any) -> Template:
    """``base`` with more powers and, optionally, reaction defaults."""
    return replace(base, id=base.id + "+" + "+".join(p.id for p in powers), powers=base.powers + powers,
                   reaction_defaults=ReactionDefaults(**defaults) if defaults else base.reaction_defaults)


scenario = fight
"""A started encounter with preparations in force before the first turn (``test_encounter.fight``)."""


def checks(events: Iterable[ev.Event], reactor: str | None = None) -> list[tuple[str, str, bool, str]]:
    return [(b.reactor, b.power, b.allowed, b.reason) for b in of(events, ev.BudgetChecked)
            if reactor is None or b.reactor == reactor]


def verdicts(events: Iterable[ev.Event], reactor: str | None = None) -> list[tuple[str, bool]]:
    """(power, allowed) of each budget check, for one reactor or all."""
    return [(power, ok) for who_, power, ok, _ in checks(events, reactor)]


def resolved(events: Iterable[ev.Event]) -> list[tuple[str, str]]:
    return [(r.reactor, r.power) for r in of(events, ev.ReactionResolved)]


def triggered(events: Iterable[ev.Event]) -> list[tuple[str, str]]:
    return [(t.reactor, t.power) for t in of(events, ev.ReactionTriggered)]


def prepare(enc: Encounter, letter: str, preparation: Preparation) -> list[ev.Event]:
    return enc.apply(EndTurnCommand(CreatureId(letter), preparation))


def decisions(events: Iterable[ev.Event], what: str = "") -> list[ev.Decision]:
    return [d for d in of(events, ev.Decision) if what in d.what]


# -- the powers the scenarios use ------------------------------------------------------------

RIPOSTE = reaction("riposte", "hit_by_attack", hits=DamageRoll(1, 4))
"""Limited: when hit, strike back (+5 vs AC, 1d4)."""
COUNTER = reaction("counter", "missed_by_attack", hits=DamageRoll(1, 4))
"""Limited: when missed, strike back."""
SCURRY = reaction("scurry", "missed_by_attack", "spontaneous", effect=Outcome(shift_self=1), personal=True)
"""Spontaneous: when missed, shift 1."""
SPIKES = reaction("spikes", "hit_by_attack", "spontaneous free repeatable", effect=Outcome(damage=DamageRoll(0, 0, 2)))
"""Spontaneous, Free, Repeatable: when hit, 2 damage to the attacker."""
SIDESTEP = reaction("sidestep", "targeted_by_attack", "interrupt", effect=Outcome(shift_self=1), personal=True)
"""Limited interrupt: when targeted, shift 1 before the roll."""
DUCK = reaction("duck", "hit_by_attack", "interrupt", effect=Outcome(shift_self=1), personal=True)
"""Limited interrupt: when hit, shift 1 before the hit resolves."""
SNARE = reaction("snare", "enemy_leaves_threatened_cell", "interrupt", hit=Outcome(
    conditions=(ConditionSpec(ConditionKind.IMMOBILIZED, Duration.END_OF_TARGET_NEXT_TURN),)))
"""Limited interrupt: when an enemy leaves a threatened cell, +5 vs AC: immobilized."""
AWAY = ("enemy_leaves_threatened_cell", "adjacent_enemy_uses_ranged_or_area")


# -- seed 000, lines 6-12: one reaction per round, during others' turns, only the prepared one ---------


def test_each_character_uses_one_limited_reaction_per_round(kit: Kit) -> None:
    """Seed 000, line 6: "Each character can use one Reaction per round." b's prepared riposte answers
    A's hit; B's hit in the same round finds it spent; after b's turn (ruling 1: its round ends when it
    prepares) it answers again."""
    b = with_powers(MONSTER, RIPOSTE, limited=PowerId("riposte"))
    enc, rng = scenario(kit, "AbB", sheets={"b": b}, order="ABb")
    rng.script(15, 3, 15, 2)  # A's mace hits b (5); riposte hits A (2)
    first = use(enc, "A", "mace", "b")
    assert verdicts(first, "b") == [("riposte", True)] and resolved(first) == [("b", "riposte")]
    end(enc, "A")
    rng.script(15, 3)  # B's mace hits b; no riposte
    second = use(enc, "B", "mace", "b")
    assert checks(second, "b") == [("b", "riposte", False, "Limited: its one Limited reaction of this round is already used")]
    end(enc, "B")
    end(enc, "b")
    rng.script(15, 3, 15, 2)
    assert resolved(use(enc, "A", "mace", "b")) == [("b", "riposte")]


def test_a_limited_reaction_is_used_only_during_other_characters_turns(kit: Kit) -> None:
    """Seed 000, line 7: "Reactions can only be used during other character's turns." A's prepared
    rally (when bloodied, regain 3) does not answer A stepping into fire on its own turn; it answers b
    bloodying A on b's turn."""
    rally = reaction("rally", "becomes_bloodied", effect=Outcome(heal_bonus=3), personal=True)
    a = with_powers(HERO, rally, limited=PowerId("rally"))
    enc, rng = scenario(kit, """
        A~...
        .....
        ...b.
    """, sheets={"A": a}, order="Ab")
    who(enc, "A").hp = 17
    rng.script(3)  # the fire: 3 damage, 14 left: bloodied
    events = move(enc, "A", 1, 0)
    assert checks(events, "A") == [("A", "rally", False, "not during A's own turn: only a Personal reaction is")]
    end(enc, "A")
    who(enc, "A").hp = 17
    rng.script(15, 1)  # b comes and hits A for 3: bloodied on b's turn
    move(enc, "b", 2, 1)
    assert resolved(use(enc, "b", "mace", "A")) == [("A", "rally")]


def test_a_spontaneous_reaction_is_not_used_during_its_owners_own_turn(kit: Kit) -> None:
    """Seed 000, line 7: "Reactions can only be used during other character's turns", for every reaction
    (lines 27-48 lift the Limited reaction's budgets from Spontaneous ones, not this); lines 49-52 make
    Personal the one exception. A's grit (Spontaneous: when bloodied, regain 3) does not answer A
    stepping into fire on its own turn: the budget check says why, and nothing is spent; it answers b
    bloodying A on b's turn."""
    grit = reaction("grit", "becomes_bloodied", "spontaneous", effect=Outcome(heal_bonus=3), personal=True)
    a = with_powers(HERO, grit)
    enc, rng = scenario(kit, """
        A~...
        .....
        ...b.
    """, sheets={"A": a}, order="Ab")
    who(enc, "A").hp = 17
    rng.script(3)  # the fire: 3 damage, 14 left: bloodied on A's own turn
    events = move(enc, "A", 1, 0)
    assert checks(events, "A") == [("A", "grit", False, "not during A's own turn: only a Personal reaction is")]
    assert not resolved(events) and who(enc, "A").hp == 14
    budgets: Any = enc.ruleset
    budget = budgets.reactions.budgets[CreatureId("A")]
    assert PowerId("grit") not in budget.used and not budget.nonfree
    end(enc, "A")
    who(enc, "A").hp = 17
    move(enc, "b", 2, 1)
    rng.script(15, 1)  # b hits A for 3: bloodied on b's turn
    events = use(enc, "b", "mace", "A")
    assert resolved(events) == [("A", "grit")] and who(enc, "A").hp == 17


def test_only_the_prepared_limited_reaction_can_trigger(kit: Kit) -> None:
    """Seed 000, lines 8-9: "a character chooses a Reaction power to prepare for the round. That is the
    only Reaction that the character can use that round." b prepared riposte: when missed, its counter
    does not trigger; once b prepares counter at the end of its turn, the roles swap."""
    b = with_powers(MONSTER, RIPOSTE, COUNTER, limited=PowerId("riposte"))
    enc, rng = scenario(kit, "Ab", sheets={"b": b}, order="bA")
    prepare(enc, "b", Preparation(limited=PowerId("counter")))
    rng.script(2, 15, 2)  # A misses b: b's counter hits A for 2
    events = use(enc, "A", "mace", "b")
    assert verdicts(events, "b") == [("counter", True)] and resolved(events) == [("b", "counter")]
    end(enc, "A")
    prepare(enc, "b", Preparation(limited=PowerId("riposte")))
    rng.script(2)  # missed again: counter is not the prepared one now
    events = use(enc, "A", "mace", "b")
    assert checks(events, "b") == [("b", "counter", False, "Limited: not the prepared reaction (prepared: Riposte)")]


def test_a_sheets_default_preparation_applies_before_the_first_turn(kit: Kit) -> None:
    """Ruling 13 / seed 000, lines 68-69: before its first turn a creature has its sheet's default
    preparation: the Limited reaction its sheet names (counter here, not the first listed)."""
    b = with_powers(MONSTER, RIPOSTE, COUNTER, limited=PowerId("counter"))
    enc, rng = scenario(kit, "Ab", sheets={"b": b}, order="Ab")
    assert enc.preparation(CreatureId("b")).limited == "counter"
    rng.script(2, 15, 2)
    assert resolved(use(enc, "A", "mace", "b")) == [("b", "counter")]


# -- seed 000, lines 13-20: automatic triggering and resolution ---------------------------------------


def test_a_reaction_triggers_and_resolves_with_no_player_input(kit: Kit) -> None:
    """Seed 000, lines 13-14 and 17-19: "automatically activated when its trigger condition is met. The
    player has no input at this point"; "automatically resolved once activated". One command of A's,
    and within its events b's reaction triggers, passes its budget check and resolves, with its attack."""
    b = with_powers(MONSTER, RIPOSTE, limited=PowerId("riposte"))
    enc, rng = scenario(kit, "Ab", sheets={"b": b})
    rng.script(15, 3, 15, 2)
    events = use(enc, "A", "mace", "b")
    kinds = names(events)
    assert kinds.index("reaction_triggered") < kinds.index("budget_checked") < kinds.index("reaction_resolved")
    assert [(a.attacker, a.target) for a in of(events, ev.AttackRolled)] == [("A", "b"), ("b", "A")]
    assert enc.state.acting_id == "A"  # nobody was asked anything; it is still A's turn


def test_a_reaction_never_triggers_further_reactions(kit: Kit) -> None:
    """Seed 000, lines 14-16: "a Reaction can never trigger further Reactions, even if it fulfills their
    trigger conditions." b's opportunity attack hits A, whose spontaneous spikes answer hits; while the
    opportunity attack resolves, nothing triggers. On b's own turn the same hit triggers spikes."""
    a = with_powers(HERO, SPIKES)
    enc, rng = scenario(kit, ".Ab..", sheets={"A": a}, order="Ab")
    rng.script(15, 3)  # b's opportunity attack hits A
    events = move(enc, "A", 0, 0)
    assert triggered(events) == [("b", "opportunity_attack")]
    end(enc, "A")
    rng.script(15, 3)  # b walks up and hits A: now spikes answer
    move(enc, "b", 1, 0)
    events = use(enc, "b", "mace", "A")
    assert resolved(events) == [("A", "spikes")]


def test_a_reaction_resolves_after_the_whole_triggering_action(kit: Kit) -> None:
    """Seed 000, lines 17-18: "takes place after the action that triggered it is complete." A's cleave
    hits b, then c; b's riposte, triggered by the first hit, resolves only after A's attack on c."""
    cleave = attack("cleave", max_targets=2)
    b = with_powers(MONSTER, RIPOSTE, limited=PowerId("riposte"))
    enc, rng = scenario(kit, """
        .b.
        .A.
        .c.
    """, sheets={"A": replace(HERO, powers=HERO.powers + (cleave,)), "b": b})
    rng.script(15, 3, 15, 4, 15, 2)  # A hits b, A hits c, then b's riposte hits A
    events = use(enc, "A", "cleave", "b", "c")
    attacks = [(a.attacker, a.target) for a in of(events, ev.AttackRolled)]
    assert attacks == [("A", "b"), ("A", "c"), ("b", "A")]
    kinds = names(events)
    assert kinds.index("reaction_triggered") < kinds.index("reaction_resolved")
    damage_to_c = next(i for i, e in enumerate(events) if isinstance(e, ev.DamageDealt) and e.target == "c")
    assert damage_to_c < kinds.index("reaction_resolved")


# -- seed 000, lines 27-48: Spontaneous, Free, Repeatable ---------------------------------------------


def test_spontaneous_reactions_need_no_preparation_and_do_not_count_against_the_limited_one(kit: Kit) -> None:
    """Seed 000, lines 28-29 and 32-33: "Spontaneous Reactions do not count toward the limit of one
    Reaction per round"; "do not need to be prepared". b has no Limited reaction prepared: its scurry
    fires anyway; and after its riposte (Limited) in A's turn, scurry still fires in B's turn."""
    b = with_powers(MONSTER, RIPOSTE, SCURRY, limited=PowerId("riposte"))
    enc, rng = scenario(kit, """
        A.B
        .b.
    """, sheets={"b": b}, order="ABb")
    rng.script(15, 3, 15, 2)  # A hits b, riposte hits A
    assert resolved(use(enc, "A", "mace", "b")) == [("b", "riposte")]
    end(enc, "A")
    rng.script(2)  # B misses b: scurry
    events = use(enc, "B", "mace", "b")
    assert resolved(events) == [("b", "scurry")] and where(enc, "b") != (1, 1)
    enc2, rng2 = scenario(kit, "Ab.", sheets={"b": b}, preparations={"b": Preparation()})
    rng2.script(2)
    assert resolved(use(enc2, "A", "mace", "b")) == [("b", "scurry")]


def test_one_non_free_reaction_per_character_turn(kit: Kit) -> None:
    """Seed 000, line 30: "a character can only use one Reaction per character turn". In A's turn b's
    scurry (spontaneous) answers a miss; then A walks away and b's opportunity attack is turned down."""
    b = with_powers(MONSTER, SCURRY)
    enc, rng = scenario(kit, """
        #####
        #Ab##
        #..##
    """, sheets={"b": b}, order="Ab")
    rng.script(2)  # A misses: b scurries 1, to one of the two cells below, still next to A
    assert resolved(use(enc, "A", "mace", "b")) == [("b", "scurry")]
    free = (1, 2) if where(enc, "b") == (2, 2) else (2, 2)
    events = move(enc, "A", *free)
    assert checks(events, "b") == [("b", "opportunity_attack", False, "already used its non-Free reaction during A's turn")]


def test_each_spontaneous_power_is_used_once_per_round(kit: Kit) -> None:
    """Seed 000, lines 30-31: "each Reaction power can only be used once per round". b's scurry
    answers A's miss; B's miss in the same round finds it used; after b's own turn (a new round for b,
    ruling 1) it answers again. (Walls leave scurry one cell to go to.)"""
    b = with_powers(MONSTER, SCURRY)
    enc, rng = scenario(kit, """
        #A#
        .b#
        #B#
    """, sheets={"b": b}, order="ABb")
    rng.script(2)
    assert resolved(use(enc, "A", "mace", "b")) == [("b", "scurry")] and where(enc, "b") == (0, 1)
    end(enc, "A")
    rng.script(2)
    events = use(enc, "B", "mace", "b")
    assert checks(events, "b") == [("b", "scurry", False,
                                    "Spontaneous: each power once per round, and this one is not Repeatable")]
    end(enc, "B")
    rng.script(2, 2)  # b steps back: A's and B's opportunity attacks miss
    move(enc, "b", 1, 1)
    end(enc, "b")
    rng.script(2)
    assert resolved(use(enc, "A", "mace", "b")) == [("b", "scurry")]


def test_a_repeatable_reaction_is_used_every_turn_but_once_per_character_turn(kit: Kit) -> None:
    """Seed 000, lines 45-48: Repeatable "can be used any number of times per round, but still only
    once per character turn". b's spikes answer A's hit and B's hit in the same round, but not A's
    second hit in A's turn."""
    b = with_powers(MONSTER, SPIKES)
    enc, rng = scenario(kit, "AbB", sheets={"b": b}, order="ABb")
    rng.script(15, 3)
    assert resolved(use(enc, "A", "mace", "b")) == [("b", "spikes")]
    rng.script(15, 1)  # A's jab (minor) hits too: the Free reaction of A's turn is spent
    events = use(enc, "A", "jab", "b")
    assert checks(events, "b") == [("b", "spikes", False, "already used its Free reaction during A's turn")]
    end(enc, "A")
    rng.script(15, 3)
    assert resolved(use(enc, "B", "mace", "b")) == [("b", "spikes")]
    assert [d.amount for d in of(enc.log, ev.DamageDealt) if d.reason == "Spikes"] == [2, 2]


def test_a_free_reaction_comes_on_top_of_the_non_free_one_of_a_turn(kit: Kit) -> None:
    """Seed 000, lines 40-43: Free reactions "do not count toward the limit of one reaction per character
    turn. A character can use one Free Reaction per character turn, in addition to the usual one
    (non-Free)." In A's turn b uses spikes (Free) when hit and its opportunity attack (non-Free) when
    A walks away."""
    b = with_powers(MONSTER, SPIKES)
    enc, rng = scenario(kit, """
        .....
        .Ab..
        .....
    """, sheets={"b": b}, order="Ab")
    rng.script(15, 3)
    assert resolved(use(enc, "A", "mace", "b")) == [("b", "spikes")]
    rng.script(2)  # b's opportunity attack misses
    events = move(enc, "A", 0, 0)
    assert resolved(events) == [("b", "opportunity_attack")]


def test_a_disabled_spontaneous_reaction_does_not_trigger_until_enabled_again(kit: Kit) -> None:
    """Seed 000, lines 34-36 and 66-67: "A player can choose to disable one or more of their Spontaneous
    Reactions during their turn. These Reactions will not trigger until the player enables them again
    during their turn." b disables its opportunity attack, so A walks away freely; b enables it at
    the end of its next turn, and A's next walk provokes."""
    enc, rng = scenario(kit, """
        .....
        .Ab..
        .....
    """, order="bA")
    prepare(enc, "b", Preparation(disabled=frozenset({PowerId("opportunity_attack")})))
    events = move(enc, "A", 2, 0)
    assert checks(events, "b") == [("b", "opportunity_attack", False, "Spontaneous, but disabled at preparation")]
    end(enc, "A")
    prepare(enc, "b", Preparation())
    rng.script(2)
    assert resolved(move(enc, "A", 4, 0)) == [("b", "opportunity_attack")]


# -- seed 000, lines 49-52: Personal -------------------------------------------------------------------

FOLLOW = reaction("follow_through", "own_action", "personal", effect=Outcome(shift_self=1), personal=True,
                  parameter="standard")
"""Personal (Limited): after you take a standard action, shift 1."""
STEADY = reaction("steady", "becomes_bloodied", "personal spontaneous", effect=Outcome(heal_bonus=3), personal=True)
"""Personal, Spontaneous: when bloodied, regain 3 hit points."""


def test_a_personal_reaction_is_triggered_by_its_owners_own_action_on_its_own_turn(kit: Kit) -> None:
    """Seed 000, lines 50-52: Personal reactions "can be used during the reacting character's turn ...
    They are only triggered by the reacting character's own actions." A's follow-through (prepared)
    shifts it after its own standard action, once the action is over."""
    a = with_powers(HERO, FOLLOW, limited=PowerId("follow_through"))
    enc, rng = scenario(kit, """
        ###.#
        #Ab##
    """, sheets={"A": a}, order="Ab")
    rng.script(15, 3)
    events = use(enc, "A", "mace", "b")
    assert resolved(events) == [("A", "follow_through")]
    kinds = names(events)
    assert kinds.index("damage_dealt") < kinds.index("reaction_resolved")


def test_a_personal_reaction_is_not_used_during_others_turns_nor_for_others_actions(kit: Kit) -> None:
    """Seed 000, lines 50-52: Personal reactions can be used "not during other character's turns" and
    "are only triggered by the reacting character's own actions". A's steady (when bloodied, regain 3):
    b bloodies it on b's turn: no; A's own step into fire bloodies it: yes; b's ongoing fire bloodies it
    at the start of A's own turn: no (not A's doing)."""
    a = with_powers(HERO, STEADY)
    enc, rng = scenario(kit, """
        .b..~
        .A...
    """, sheets={"A": a}, order="bA")
    who(enc, "A").hp = 16
    rng.script(15, 1)  # b hits A for 3: bloodied on b's turn
    events = use(enc, "b", "mace", "A")
    assert checks(events, "A") == [("A", "steady", False, "Personal: only during its own turn")]
    end(enc, "b")
    who(enc, "A").hp = 16  # not bloodied any more
    rng.script(2, 3)  # b's opportunity attack misses; A steps into the fire (1d6: 3), bloodied by its own move
    events = move(enc, "A", 4, 0, path=[(2, 1), (3, 1), (4, 0)])
    assert resolved(events) == [("b", "opportunity_attack"), ("A", "steady")]
    end(enc, "A")
    who(enc, "A").hp = 16
    who(enc, "A").conditions.append(Condition(ConditionKind.ONGOING_DAMAGE, CreatureId("b"), Duration.SAVE_ENDS,
                                              value=3, damage_kind="fire"))
    rng.script(3)  # A's turn starts: ongoing fire 3 (bloodied), then the fire A stands in: 3
    events = end(enc, "b")
    assert checks(events, "A") == [("A", "steady", False, "Personal: only its own actions trigger it")]


# -- seed 000, lines 53-61: Interrupt, at the break points of movement and attacks --------------------


def test_an_interrupt_before_the_attack_roll_can_make_the_attack_impossible(kit: Kit) -> None:
    """Seed 000, lines 54-55 and 59-61: "An Interrupt Reaction resolves in the middle of the action
    that triggered it" (attack break points: target, hit roll, resolution). B's sidestep, on being
    targeted, shifts it out of b's reach before the roll: b's attack is lost, its action spent
    (ruling 6; ruling 14: b does not choose again)."""
    sidestepper = with_powers(HERO, SIDESTEP, limited=PowerId("sidestep"))
    enc, rng = scenario(kit, """
        ####
        .Bb#
        ####
    """, sheets={"B": sidestepper}, order="bB")
    events = use(enc, "b", "mace", "B")
    assert resolved(events) == [("B", "sidestep")] and where(enc, "B") == (0, 1)
    assert not of(events, ev.AttackRolled)
    assert [(f.step, f.reason) for f in of(events, ev.StepFizzled)] == [("attack_roll", "B is out of reach")]
    assert not enc.state.budget.standard


def test_an_interrupt_between_the_hit_roll_and_its_resolution(kit: Kit) -> None:
    """Seed 000, lines 54-55 and 59-61, at the "Hit/miss resolution" break point: B's duck, when hit,
    shifts it away before the hit resolves: the hit deals nothing."""
    ducker = with_powers(HERO, DUCK, limited=PowerId("duck"))
    enc, rng = scenario(kit, """
        ####
        .Bb#
        ####
    """, sheets={"B": ducker}, order="bB")
    rng.script(15)  # b's roll hits B
    events = use(enc, "b", "mace", "B")
    kinds = names(events)
    assert kinds.index("attack_rolled") < kinds.index("reaction_resolved")
    assert where(enc, "B") == (0, 1) and not of(events, ev.DamageDealt)
    assert [(f.step, f.reason) for f in of(events, ev.StepFizzled)] == [("resolve_attack", "B is out of reach")]


def test_an_interrupt_stops_a_move_square_by_square(kit: Kit) -> None:
    """Seed 000, lines 56-58 ("per square basis, interrupt movement") and ruling 6: b's snare, prepared,
    answers A leaving a threatened square before it leaves; it immobilizes A, so the rest of the move
    is lost and the move action stays spent. The built-in opportunity attack, triggered at the same
    moment, is turned down: snare comes first in b's order and takes the one non-Free reaction."""
    b = with_powers(MONSTER, SNARE, limited=PowerId("snare"))
    enc, rng = scenario(kit, """
        ......
        .Ab...
        ......
    """, sheets={"b": b}, order="Ab")
    rng.script(15)  # snare hits: A is immobilized
    events = move(enc, "A", 4, 0, path=[(2, 0), (3, 0), (4, 0)])
    assert verdicts(events, "b") == [("snare", True), ("opportunity_attack", False)]
    assert where(enc, "A") == (1, 1) and not enc.state.budget.move
    assert [(f.step, f.reason) for f in of(events, ev.StepFizzled)] == [
        ("leave_cell", "A can no longer move (and 5 later steps of the action)")]


# -- seed 000, lines 62-69: preparing ------------------------------------------------------------------

SNAP = reaction("snap", "hit_by_attack", "spontaneous", hits=DamageRoll(1, 4))
"""Spontaneous: when hit, strike back."""
SHRUG = reaction("shrug", "hit_by_attack", "spontaneous", effect=Outcome(heal_bonus=2), personal=True)
"""Spontaneous: when hit, regain 2 hit points."""


def test_spontaneous_reactions_triggered_at_once_are_picked_by_priority(kit: Kit) -> None:
    """Seed 000, line 65: "a character orders Spontaneous Reactions by priority"; lines 68-69: the
    sheet's default order applies when the player states none. Hit, b's snap and shrug both trigger;
    one non-Free reaction a turn: the sheet's order picks snap; after b prepares shrug first, shrug."""
    b = with_powers(MONSTER, SNAP, SHRUG, priority=(PowerId("snap"), PowerId("shrug")))
    enc, rng = scenario(kit, "Ab", sheets={"b": b}, order="bA")
    end(enc, "b")
    rng.script(15, 3, 15, 2)  # A hits b; snap hits A
    events = use(enc, "A", "mace", "b")
    assert verdicts(events, "b") == [("snap", True), ("shrug", False)]
    assert checks(events, "b")[1][3] == "a reaction ahead of it in its order takes the non-Free reaction of A's turn"
    end(enc, "A")
    prepare(enc, "b", Preparation(priority=(PowerId("shrug"), PowerId("snap"))))
    rng.script(15, 3)
    events = use(enc, "A", "mace", "b")
    assert verdicts(events, "b") == [("shrug", True), ("snap", False)]


def test_the_limited_reaction_is_chosen_at_the_end_of_turn(kit: Kit) -> None:
    """Seed 000, lines 63-64: "At the end of turn, a character chooses a single Reaction power. That is
    the only Limited Reaction that can trigger that turn." The choice rides on the end of the turn and
    is announced (to its player) as prepared; a choice that is not its Limited reaction is refused,
    and nothing changes."""
    b = with_powers(MONSTER, RIPOSTE, COUNTER, SCURRY)
    enc, rng = scenario(kit, "Ab", sheets={"b": b}, order="bA")
    with pytest.raises(Impossible, match="Scurry is Spontaneous: it needs no preparation"):
        prepare(enc, "b", Preparation(limited=PowerId("scurry")))
    assert enc.state.acting_id == "b"
    events = prepare(enc, "b", Preparation(limited=PowerId("counter")))
    assert [(p.creature, p.limited) for p in of(events, ev.ReactionsPrepared)] == [("b", "counter")]
    assert enc.preparation(CreatureId("b")).limited == "counter"


# -- seed 000, lines 76-111: the automatic decisions ---------------------------------------------------

REPEL = reaction("repel", "hit_by_attack", "spontaneous", effect=Outcome(forced=ForcedMovement(ForcedKind.PUSH, 2)))
"""Spontaneous: when hit, push the attacker 2."""


def test_forced_movement_in_a_reaction_prefers_dangerous_terrain(kit: Kit) -> None:
    """Seed 000, lines 80-82: "If one or more spaces with dangerous terrain are available, choose one
    at random." b's repel pushes A; of the landings, the one in fire is chosen."""
    b = with_powers(MONSTER, REPEL)
    enc, rng = scenario(kit, """
        ~....
        .Ab..
        .....
    """, sheets={"b": b}, order="Ab")
    rng.script(15, 3, 4)  # A hits b; repel pushes A into the fire (1d6: 4)
    events = use(enc, "A", "mace", "b")
    decision = decisions(events, "push A")[0]
    assert decision.chosen == "(0, 0)" and decision.reason.startswith("dangerous terrain")
    assert where(enc, "A") == (0, 0)


def test_forced_movement_in_a_reaction_then_prefers_flanked_not_flanking(kit: Kit) -> None:
    """Seed 000, lines 83-84: "Otherwise, if one or more spaces are available where the target is flanked
    and not flanking, choose one at random." Slid 1, A lands between c and d, which flank it there."""
    shove = reaction("shove", "hit_by_attack", "spontaneous", effect=Outcome(forced=ForcedMovement(ForcedKind.SLIDE, 1)))
    enc, rng = scenario(kit, """
        c....
        .Ab..
        d....
    """, sheets={"b": with_powers(MONSTER, shove)}, order="Abcd")
    rng.script(15, 3)
    events = use(enc, "A", "mace", "b")
    decision = decisions(events, "slide A")[0]
    assert decision.reason == "target flanked and not flanking, 1 of 1" and len(decision.candidates) > 3
    assert where(enc, "A") == (0, 1)


def test_forced_movement_in_a_reaction_otherwise_goes_the_full_distance(kit: Kit) -> None:
    """Seed 000, lines 85-86: "Otherwise, choose an available space at random, at the maximum forced
    movement distance." Pushed up to 2 on open floor: a landing 2 away."""
    b = with_powers(MONSTER, REPEL)
    enc, rng = scenario(kit, """
        .....
        ..Ab.
        .....
    """, sheets={"b": b}, order="Ab")
    rng.script(15, 3)
    events = use(enc, "A", "mace", "b")
    decision = decisions(events, "push A")[0]
    assert decision.reason.startswith("maximum distance 2")
    assert where(enc, "A")[0] == 0 and len(decision.candidates) > 3


HELPING_HAND = replace(reaction("helping_hand", "adjacent_ally_attacked", "spontaneous",
                                effect=Outcome(forced=ForcedMovement(ForcedKind.SLIDE, 1)),
                                target=ReactionTarget.CHOOSE), targets=TargetKind.ALLY)
"""Spontaneous: when an enemy attacks an ally next to you, slide that ally 1."""


def test_forced_movement_of_the_reactors_ally_never_chooses_danger_for_it(kit: Kit) -> None:
    """Ruling (README, "Forced movement of an ally"; DESIGN 15): seed 000, lines 80-86, orders forced
    movement for the reactor's foes: "If one or more spaces with dangerous terrain are available, choose
    one at random. Otherwise, ... where the target is flanked and not flanking". When the reaction moves
    the reactor's ally, the tiers turn round: B's helping hand slides A, whom b attacks, away from the
    three fire cells, to where A flanks b with B; with that cell walled off, to a safe cell at the
    maximum distance, never into the fire."""
    board = """
        .~~~
        ..A.
        .Bb{}
        ....
    """
    sheets = {"B": with_powers(HERO, HELPING_HAND)}
    fire = {"(1, 0)", "(2, 0)", "(3, 0)"}
    enc, rng = scenario(kit, board.format("."), sheets=sheets, order="bAB")
    rng.script(2)  # b misses A; then B slides A
    events = use(enc, "b", "mace", "A")
    decision = decisions(events, "slide A")[0]
    assert fire <= set(decision.candidates)
    assert decision.reason == "ally flanking and not flanked, 1 of 1" and where(enc, "A") == (3, 2)
    enc, rng = scenario(kit, board.format("#"), sheets=sheets, order="bAB")
    rng.script(2)
    events = use(enc, "b", "mace", "A")
    decision = decisions(events, "slide A")[0]
    assert fire <= set(decision.candidates)
    assert decision.reason.startswith("maximum distance 1") and decision.chosen not in fire
    assert not of(events, ev.DamageDealt)


ROLL_AWAY = reaction("roll_away", "missed_by_attack", "spontaneous", effect=Outcome(shift_self=2), personal=True)
"""Spontaneous: when missed, shift 2."""


def test_movement_in_a_reaction_never_ends_in_dangerous_terrain(kit: Kit) -> None:
    """Seed 000, lines 88-90: "Any destination squares that are in Dangerous Terrain ... are not
    considered valid destinations." Every cell b could shift to is fire but one."""
    b = with_powers(MONSTER, ROLL_AWAY)
    enc, rng = scenario(kit, """
        ~~~~#
        ~Ab~.
        ~~~~#
    """, sheets={"b": b}, order="Ab")
    rng.script(2, 3)  # A misses; on its way b crosses the fire (1d6: 3): only destinations count
    events = use(enc, "A", "mace", "b")
    decision = decisions(events, "shift b")[0]
    assert where(enc, "b") == (4, 1) and decision.chosen == "(4, 1)"
    assert len(decision.candidates) > 1


def test_movement_in_a_reaction_prefers_flanking_and_not_flanked(kit: Kit) -> None:
    """Seed 000, lines 93-94: "If one or more destination squares are available where the character is
    flanking and not flanked, choose one at random." b shifts to where it flanks A with c."""
    slip = reaction("slip", "missed_by_attack", "spontaneous", effect=Outcome(shift_self=1), personal=True)
    enc, rng = scenario(kit, """
        .....
        .cA..
        ...b.
    """, sheets={"b": with_powers(MONSTER, slip)}, order="Abc")
    rng.script(2)
    events = use(enc, "A", "mace", "b")
    decision = decisions(events, "shift b")[0]
    assert decision.reason.startswith("flanking and not flanked") and where(enc, "b") == (3, 1)


def test_movement_in_a_reaction_otherwise_goes_the_full_distance(kit: Kit) -> None:
    """Seed 000, lines 95-96: "Otherwise, choose an available space at random, at the maximum allowed
    movement distance." b shifts 2 on open floor: 2 cells."""
    b = with_powers(MONSTER, ROLL_AWAY)
    enc, rng = scenario(kit, """
        .......
        ..Ab...
        .......
    """, sheets={"b": b}, order="Ab")
    rng.script(2)
    events = use(enc, "A", "mace", "b")
    decision = decisions(events, "shift b")[0]
    assert decision.reason.startswith("maximum distance 2")
    landed = where(enc, "b")
    assert max(abs(landed[0] - 3), abs(landed[1] - 1)) == 2


BOLT = reaction("bolt", "missed_by_attack", "spontaneous", effect=Outcome(move_self=3), personal=True)
"""Spontaneous: when missed, move 3 (a move, not a shift)."""
BOLT_SHIFT = reaction("bolt", "missed_by_attack", "spontaneous", effect=Outcome(shift_self=3), personal=True)
"""The same, shifting 3 instead."""
OPEN_FLOOR = """
    ........
    b..B...A
    ........
"""
"""B threatens the column next to it: b (moving 3 from the left edge) can reach B's column only by leaving
a cell B threatens."""


def test_movement_in_a_reaction_never_ends_where_only_provoking_paths_lead(kit: Kit) -> None:
    """Seed 000, lines 88-92: "Any destination squares ... that can only be reached by paths that normally
    provoke Opportunity Attacks are not considered valid destinations. Note: Movement during a reaction
    would not actually provoke Opportunity Attacks." A shoots b and misses; b's bolt moves it 3. The
    cells 3 away are next to B, reached only across cells B threatens: not valid, so b stops 2 away, and
    nobody's reaction triggers. Shifting 3 instead (a shift never provokes), it goes 3."""
    enc, rng = scenario(kit, OPEN_FLOOR, sheets={"b": with_powers(MONSTER, BOLT)}, order="ABb")
    rng.script(2)  # A's bow misses b
    events = use(enc, "A", "bow", "b")
    decision = decisions(events, "move b")[0]
    assert {"(3, 0)", "(3, 2)"} <= set(decision.candidates)
    assert decision.reason.startswith("maximum distance 2") and where(enc, "b")[0] == 2
    assert [m.how for m in of(events, ev.CreatureMoved)] == ["move", "move"]
    assert resolved(events) == [("b", "bolt")] and triggered(events) == [("b", "bolt")]
    enc, rng = scenario(kit, OPEN_FLOOR, sheets={"b": with_powers(MONSTER, BOLT_SHIFT)}, order="ABb")
    rng.script(2)
    events = use(enc, "A", "bow", "b")
    assert decisions(events, "shift b")[0].reason.startswith("maximum distance 3") and where(enc, "b")[0] == 3


def test_movement_in_a_reaction_is_narrowed_by_restrictions_before_the_tiers(kit: Kit) -> None:
    """Seed 000, lines 121-124 ("Movement to destinations as far as possible from a chosen character")
    and 87-96: b's bolt, restricted to move as far as possible from the creature that triggered it,
    keeps of its valid destinations those farthest from A (the left column), then goes the farthest
    among them: 1 cell."""
    away = Restriction(RestrictionKind.MOVE_AWAY, PowerId("bolt"), triggerer=True)
    enc, rng = scenario(kit, OPEN_FLOOR, sheets={"b": with_powers(MONSTER, BOLT)}, order="ABb",
                        preparations={"b": Preparation(restrictions=(away,))})
    rng.script(2)
    events = use(enc, "A", "bow", "b")
    reason = decisions(events, "move b")[0].reason
    assert reason.startswith("restriction: bolt: movement as far as possible from the triggering creature")
    assert "maximum distance 1" in reason and where(enc, "b") in {(0, 0), (0, 2)}


def test_movement_in_a_reaction_stays_put_when_every_destination_provokes(kit: Kit) -> None:
    """Seed 000, lines 88-90: a reaction that moves its user out of an enemy's reach has nowhere valid to
    go, since every path starts by leaving a cell that enemy threatens: b, missed by A's mace, stays put
    and says why; its bolt still resolves (spent), and A's opportunity attack never triggers."""
    enc, rng = scenario(kit, """
        .....
        .Ab..
        .....
    """, sheets={"b": with_powers(MONSTER, BOLT)}, order="Ab")
    rng.script(2)
    events = use(enc, "A", "mace", "b")
    decision = decisions(events, "move b")[0]
    assert (decision.chosen, decision.reason) == ("stays put", "every destination is dangerous or provokes")
    assert where(enc, "b") == (2, 1) and triggered(events) == [("b", "bolt")]


def test_a_move_whose_chosen_cell_an_interrupt_put_out_of_reach_is_lost(kit: Kit) -> None:
    """Ruling 14 (seed 000's "TODO: retriggers") and ruling 6: A's hit-and-run names (5, 1) for its move;
    b's pin, an interrupt when targeted, immobilizes A before the roll. A's attack goes on, but its move
    cannot reach the cell any more: A stays put and does not choose again (no random destination)."""
    pin = reaction("pin", "targeted_by_attack", "interrupt", hit=Outcome(
        conditions=(ConditionSpec(ConditionKind.IMMOBILIZED, Duration.END_OF_TARGET_NEXT_TURN),)))
    enc, rng = scenario(kit, """
        .......
        .bA....
        .......
    """, order="Ab", sheets={"A": replace(HERO, powers=HERO.powers + (HIT_AND_RUN,)),
                             "b": with_powers(MONSTER, pin, limited=PowerId("pin"))})
    rng.script(15, 15, 3)  # b's pin hits A (immobilized); A's hit-and-run hits b (5)
    events = use_and_move(enc, "A", "hit_and_run", "b", 5, 1)
    assert resolved(events) == [("b", "pin")] and of(events, ev.DamageDealt)[0].target == "b"
    decision = decisions(events, "move A")[0]
    assert (decision.chosen, decision.reason) == ("stays put", "the cell chosen, (5, 1), can no longer be reached")
    assert where(enc, "A") == (2, 1) and not of(events, ev.CreatureMoved)


def test_several_reactions_of_one_creature_resolve_in_random_order(kit: Kit) -> None:
    """Seed 000, lines 98-99: "If multiple Reactions are triggered simultaneously for the same character,
    choose one at random to resolve first" (ruling 9: after the priority picks those within budgets).
    Hit, b's snap (non-Free) and spikes (Free) both fit its budgets: a random order is drawn and logged,
    and they resolve in it."""
    b = with_powers(MONSTER, SNAP, SPIKES)
    enc, rng = scenario(kit, "Ab", sheets={"b": b}, order="Ab")
    rng.script(15, 3, 15, 2)  # A hits b; snap hits A
    events = use(enc, "A", "mace", "b")
    order = [c for c in of(events, ev.RandomChoice) if c.purpose == "order of b's reactions"]
    assert len(order) == 1 and order[0].chosen == -1 and sorted(order[0].options) == ["snap", "spikes"]
    assert [p for _, p in resolved(events)] == list(order[0].options)


def test_a_reaction_that_chooses_its_target_picks_one_valid_target_at_random(kit: Kit) -> None:
    """Seed 000, line 101: "If multiple valid targets are available, choose one at random." b's lash
    (when bloodied, attack an adjacent enemy) has A and B in reach."""
    lash = reaction("lash", "becomes_bloodied", "spontaneous", hits=DamageRoll(1, 4), target=ReactionTarget.CHOOSE)
    b = with_powers(replace(MONSTER, hp=20), lash)
    enc, rng = scenario(kit, "AbB", sheets={"b": b}, order="ABb")
    rng.script(15, 8, 15, 2)  # A's mace: 10 damage, b bloodied; lash hits someone for 2
    events = use(enc, "A", "mace", "b")
    decision = decisions(events, "targets of Lash")[0]
    assert decision.candidates == ("A", "B") and decision.reason == "at random, 1 of 2 valid targets"
    assert [a.target for a in of(events, ev.AttackRolled) if a.attacker == "b"] == [decision.chosen]


CLUB = attack("club", basic=True, damage=DamageRoll(1, 6))


def test_an_opportunity_attack_picks_a_basic_attack_at_random_unless_a_default_is_set(kit: Kit) -> None:
    """Seed 000, lines 103-108: "If a Reaction (like an Opportunity Attack) allows a character to use a
    Basic Attack, and the character has multiple powers that can be used in this context, choose one at
    random. Optionally, a player may define a default power ... This default power can be modified
    during the character's turn." b has mace and club; with no default it draws one; set club, club."""
    b = replace(MONSTER, powers=(MACE, CLUB))
    enc, rng = scenario(kit, """
        ......
        ..Ab..
        ......
    """, sheets={"b": b}, order="Ab")
    rng.script(2)
    events = move(enc, "A", 0, 0)
    decision = decisions(events, "opportunity attack of b")[0]
    assert decision.candidates == ("Mace", "Club") and decision.reason == "at random, 1 of 2"
    end(enc, "A")
    prepare(enc, "b", Preparation(opportunity_attack=PowerId("club")))
    move(enc, "A", 2, 1)  # back next to b (coming in provokes nothing)
    end(enc, "A")
    end(enc, "b")
    rng.script(2)
    events = move(enc, "A", 0, 0)
    decision = decisions(events, "opportunity attack of b")[0]
    assert decision.chosen == "Club" and decision.reason == "the default power set at preparation"


def test_a_basic_attack_reaction_uses_the_default_basic_attack_even_a_ranged_one(kit: Kit) -> None:
    """Seed 000, lines 103-108, outside opportunity attacks: a reaction that "allows a character to use a
    Basic Attack" uses the default basic attack, ranged ones included."""
    retort = reaction("retort", "hit_by_attack", "spontaneous", tags=("basic attack",))
    sling = attack("sling", kind=RangeKind.RANGED, range_=5, basic=True, damage=DamageRoll(1, 4))
    b = replace(MONSTER, powers=(MACE, sling, retort))
    enc, rng = scenario(kit, "Ab", sheets={"b": b}, order="Ab",
                        preparations={"b": Preparation(basic_attack=PowerId("sling"))})
    rng.script(15, 3, 15, 2)  # A hits b; b's sling answers
    events = use(enc, "A", "mace", "b")
    assert [(a.attacker, a.power) for a in of(events, ev.AttackRolled)] == [("A", "mace"), ("b", "sling")]
    assert decisions(events, "basic attack of b")[0].reason == "the default power set at preparation"


def test_other_choices_of_a_reaction_are_made_at_random(kit: Kit) -> None:
    """Seed 000, lines 110-111: "If a Reaction presents multiple options not matching the examples
    above, choose one at random": where a reaction's close blast goes, among the placements that
    catch the creature that triggered it."""
    gust = reaction("gust", "hit_by_attack", "spontaneous", hits=DamageRoll(1, 4),
                    reach=Reach(RangeKind.CLOSE_BLAST, size=2), target=ReactionTarget.CHOOSE)
    enc, rng = scenario(kit, """
        .....
        ...A.
        ..b..
        .....
    """, sheets={"b": with_powers(MONSTER, gust)}, order="Ab")
    rng.script(15, 3, 15, 2)
    events = use(enc, "A", "mace", "b")
    decision = decisions(events, "where Gust goes")[0]
    assert decision.reason.startswith("at random, 1 of") and len(decision.candidates) >= 2
    assert all("A" in c.split(": ")[1].split(", ") for c in decision.candidates)


def test_the_table_option_makes_every_choice_at_random(kit: Kit) -> None:
    """Seed 000, lines 71-74: "the following section can be replaced by 'when multiple options are
    available for a Reaction, choose one at random'" (encounter option random_decisions): the push
    does not prefer the fire; it says it chose at random among every landing."""
    b = with_powers(MONSTER, REPEL)
    enc, rng = scenario(kit, """
        ~....
        .Ab..
        .....
    """, sheets={"b": b}, order="Ab", options={"random_decisions": True})
    rng.script(15, 3)
    rng.strict = False  # a landing in the fire rolls its damage from the seeded stream
    events = use(enc, "A", "mace", "b")
    decision = decisions(events, "push A")[0]
    assert decision.reason == "at random (table option)" and decision.candidates == ("(0, 0)", "(0, 1)", "(0, 2)")


# -- seed 000, lines 112-127: restrictions ------------------------------------------------------------


def test_restriction_only_on_attacks_by_non_minions(kit: Kit) -> None:
    """Seed 000, lines 116-117: "Trigger [a power that triggers when hit by an enemy] only on attacks by
    non-minions." b's riposte, so restricted, lets the minion's hit pass and answers the soldier's."""
    b = with_powers(MONSTER, RIPOSTE)
    poke = attack("poke", basic=True, damage=DamageRoll(0, 0, 3))
    minion = replace(HERO, minion=True, hp=1, surges=0, powers=(poke,))
    only = Restriction(RestrictionKind.NON_MINION_ATTACKERS, PowerId("riposte"))
    enc, rng = scenario(kit, "AbB", sheets={"b": b, "A": minion}, order="ABb",
                        preparations={"b": Preparation(limited=PowerId("riposte"), restrictions=(only,))})
    rng.script(15)
    events = use(enc, "A", "poke", "b")
    assert checks(events, "b") == [("b", "riposte", False,
                                    "restriction riposte: only when triggered by a non-minion: A is a minion")]
    end(enc, "A")
    rng.script(15, 3, 15, 2)
    events = use(enc, "B", "mace", "b")
    assert resolved(events) == [("b", "riposte")]
    assert checks(events, "b")[0][3].endswith("restriction met: only when triggered by a non-minion")


def test_restriction_only_while_bloodied(kit: Kit) -> None:
    """Seed 000, line 118: "Trigger [a power that triggers when hit by an enemy] only while bloodied."
    b's riposte waits until b is bloodied."""
    b = with_powers(MONSTER, RIPOSTE)
    only = Restriction(RestrictionKind.WHILE_BLOODIED, PowerId("riposte"))
    enc, rng = scenario(kit, "AbB", sheets={"b": b}, order="ABb",
                        preparations={"b": Preparation(limited=PowerId("riposte"), restrictions=(only,))})
    rng.script(15, 3)  # 5 damage: 25 of 30 left, not bloodied
    events = use(enc, "A", "mace", "b")
    assert checks(events, "b") == [("b", "riposte", False, "restriction riposte: only while bloodied: b is not bloodied")]
    end(enc, "A")
    who(enc, "b").hp = 15  # bloodied when B's hit lands: the restriction is checked at the trigger
    rng.script(15, 3, 15, 2)
    assert resolved(use(enc, "B", "mace", "b")) == [("b", "riposte")]


def test_restriction_forced_movement_toward_or_away_from_a_chosen_creature_or_cell(kit: Kit) -> None:
    """Seed 000, lines 119-120: "Forced movement moves as close as possible to a chosen character or
    object" / "as far as possible from". b's shove slides A 1: toward cell (4, 2) it lands on (3, 2);
    away from c it lands one column farther from c."""
    shove = reaction("shove", "hit_by_attack", "spontaneous", effect=Outcome(forced=ForcedMovement(ForcedKind.SLIDE, 1)))
    b = with_powers(MONSTER, shove)
    board = """
        c....
        ..A..
        ..b..
    """
    toward = Restriction(RestrictionKind.FORCED_TOWARD, PowerId("shove"), cell=kit.SQUARE.offset_to_cell(4, 2))
    enc, rng = scenario(kit, board, sheets={"b": b}, order="Abc", preparations={"b": Preparation(restrictions=(toward,))})
    rng.script(15, 3)
    events = use(enc, "A", "mace", "b")
    assert where(enc, "A") == (3, 2)
    assert "shove: forced movement as close as possible to (4, 2)" in decisions(events, "slide A")[0].reason
    away = Restriction(RestrictionKind.FORCED_AWAY, PowerId("shove"), creature=CreatureId("c"))
    enc, rng = scenario(kit, board, sheets={"b": b}, order="Abc", preparations={"b": Preparation(restrictions=(away,))})
    rng.script(15, 3)
    events = use(enc, "A", "mace", "b")
    assert where(enc, "A")[0] == 3
    assert "shove: forced movement as far as possible from c" in decisions(events, "slide A")[0].reason


def test_restriction_movement_toward_or_away_from_a_chosen_creature_or_the_triggerer(kit: Kit) -> None:
    """Seed 000, lines 121-124: "Movement to destinations as close as possible to a chosen character or
    object" / "as far as possible from". b's roll-away (shift 2 when missed): toward c it ends next to
    c; away from the creature that triggered it (a table's extra anchor) it ends 3 columns from A."""
    b = with_powers(MONSTER, ROLL_AWAY)
    board = """
        .......
        c..Ab..
        .......
    """
    toward = Restriction(RestrictionKind.MOVE_TOWARD, PowerId("roll_away"), creature=CreatureId("c"))
    enc, rng = scenario(kit, board, sheets={"b": b}, order="Abc", preparations={"b": Preparation(restrictions=(toward,))})
    rng.script(2)
    events = use(enc, "A", "mace", "b")
    assert "roll_away: movement as close as possible to c" in decisions(events, "shift b")[0].reason
    assert where(enc, "b") in {(2, 0), (2, 1), (2, 2)}
    away = Restriction(RestrictionKind.MOVE_AWAY, PowerId("roll_away"), triggerer=True)
    enc, rng = scenario(kit, board, sheets={"b": b}, order="Abc", preparations={"b": Preparation(restrictions=(away,))})
    rng.script(2)
    events = use(enc, "A", "mace", "b")
    assert "roll_away: movement as far as possible from the triggering creature" in decisions(events, "shift b")[0].reason
    assert where(enc, "b")[0] == 6


def test_restriction_only_against_a_chosen_creature_a_tables_extra(kit: Kit) -> None:
    """Seed 000, line 125: "Optionally, the DM may allow other restrictions": "only against" a chosen
    creature. b's riposte answers only B."""
    b = with_powers(MONSTER, RIPOSTE)
    only = Restriction(RestrictionKind.ONLY_AGAINST, PowerId("riposte"), creature=CreatureId("B"))
    enc, rng = scenario(kit, "AbB", sheets={"b": b}, order="ABb",
                        preparations={"b": Preparation(limited=PowerId("riposte"), restrictions=(only,))})
    rng.script(15, 3)
    events = use(enc, "A", "mace", "b")
    assert checks(events, "b") == [("b", "riposte", False, "restriction riposte: only when B triggers it: A triggered it")]
    end(enc, "A")
    rng.script(15, 3, 15, 2)
    assert resolved(use(enc, "B", "mace", "b")) == [("b", "riposte")]


def test_a_restriction_that_does_not_fit_the_reaction_is_refused_at_preparation(kit: Kit) -> None:
    """Restrictions are data checked at preparation: a forced-movement restriction on a reaction that
    moves nobody, or one with no anchor, is refused and nothing changes."""
    b = with_powers(MONSTER, RIPOSTE, ROLL_AWAY)
    enc, rng = scenario(kit, "Ab", sheets={"b": b}, order="bA")
    bad = Restriction(RestrictionKind.FORCED_TOWARD, PowerId("riposte"), creature=CreatureId("A"))
    with pytest.raises(Impossible, match="Riposte moves nobody by force"):
        prepare(enc, "b", Preparation(restrictions=(bad,)))
    with pytest.raises(Impossible, match="name exactly one creature"):
        prepare(enc, "b", Preparation(restrictions=(Restriction(RestrictionKind.MOVE_AWAY, PowerId("roll_away")),)))
    assert enc.state.acting_id == "b"


# -- resolution: fizzles, initiative order, retriggers, last acts ---------------------------------------


def test_a_reaction_whose_trigger_no_longer_holds_fizzles_unspent(kit: Kit) -> None:
    """Ruling 10: "A reaction is spent only when it resolves. If its trigger no longer holds when its
    turn to resolve comes, it fizzles and is not spent." b and c both answer A leaving their reach; b's
    opportunity attack drops A, so c's fizzles, unspent: c's reaction of this turn is still there."""
    enc, rng = scenario(kit, """
        .....
        .bAc.
        .....
    """, order="Abc")
    who(enc, "A").hp = 3
    rng.script(15, 6)  # b's opportunity attack: 8 damage, A drops
    events = move(enc, "A", 2, 0)
    assert resolved(events) == [("b", "opportunity_attack")]
    assert [(f.reactor, f.power, f.reason) for f in of(events, ev.ReactionFizzled)] == [
        ("c", "opportunity_attack", "the mover is down")]
    budgets: Any = enc.ruleset
    assert not budgets.reactions.budgets[CreatureId("c")].nonfree


def test_reactions_of_different_creatures_go_in_initiative_order_after_the_actor(kit: Kit) -> None:
    """Ruling 9: "Reactions of different characters: in initiative order after the acting creature." A
    (second in initiative) walks away from b, c and d: c and d (after A) react before b (before A)."""
    enc, rng = scenario(kit, """
        .....
        .bAc.
        ..d..
    """, order="bAcd")
    end(enc, "b")
    rng.script(2, 2, 2)
    events = move(enc, "A", 2, 0)
    assert [r for r, _ in resolved(events)] == ["c", "d", "b"]


def test_one_action_triggers_a_reaction_of_a_creature_once(kit: Kit) -> None:
    """Ruling 14 (the seed's "TODO: retriggers"): one action's steps trigger a given reaction of a given
    creature at most once: A's move leaves two cells b threatens; b's opportunity attack triggers once."""
    enc, rng = scenario(kit, """
        ......
        .Ab...
        ......
    """, order="Ab")
    rng.script(2)
    events = move(enc, "A", 4, 2, path=[(1, 2), (2, 2), (3, 2), (4, 2)])
    assert triggered(events) == [("b", "opportunity_attack")]


def test_a_monsters_reaction_to_dropping_to_zero_is_its_last_act(kit: Kit) -> None:
    """Ruling (README): a reaction triggered by its owner's drop to 0 hit points resolves although its
    owner is down; a monster dies once it is done. b's death throes strike A before b dies."""
    throes = reaction("death_throes", "drops_to_zero", "spontaneous", hits=DamageRoll(1, 4))
    b = with_powers(replace(MONSTER, hp=4), throes)
    enc, rng = scenario(kit, "Ab", sheets={"b": b}, order="Ab")
    rng.script(15, 3, 15, 2)  # A kills b (5); b's throes hit A for 2
    events = use(enc, "A", "mace", "b")
    kinds = names(events)
    assert resolved(events) == [("b", "death_throes")]
    assert kinds.index("dropped_to_zero") < kinds.index("reaction_resolved") < kinds.index("died")
    assert who(enc, "b").dead and who(enc, "A").hp == who(enc, "A").max_hp - 2


def test_a_reaction_to_suffering_a_condition_is_not_stopped_by_that_condition(kit: Kit) -> None:
    """Seed 000, special cases ("Suffer specific character condition (e.g. stunned, dominated)") and
    the README ruling: B's shake-off answers being dazed although dazed creatures take no reactions."""
    daze = attack("daze", hit=Outcome(conditions=(ConditionSpec(ConditionKind.DAZED, Duration.END_OF_SOURCE_NEXT_TURN),)))
    shake = reaction("shake_off", "suffers_condition", "spontaneous", effect=Outcome(shift_self=1), personal=True,
                     parameter="dazed")
    enc, rng = scenario(kit, """
        ####
        .Bb#
        ####
    """, sheets={"B": with_powers(HERO, shake), "b": replace(MONSTER, powers=(MACE, daze))}, order="bB")
    rng.script(15)
    events = use(enc, "b", "daze", "B")
    assert resolved(events) == [("B", "shake_off")] and where(enc, "B") == (0, 1)


def test_a_personal_reaction_to_standing_up_resolves_with_that_action(kit: Kit) -> None:
    """Seed 000, lines 50-52 and 17-18: a Personal reaction to its owner's own move action resolves
    when that action is over, even for an action with no steps of its own (standing up)."""
    spring = reaction("spring_up", "own_action", "personal spontaneous", effect=Outcome(heal_bonus=2),
                      personal=True, parameter="move")
    enc, rng = scenario(kit, "A.b", sheets={"A": with_powers(HERO, spring)}, order="Ab")
    who(enc, "A").conditions.append(Condition(ConditionKind.PRONE, CreatureId("gm"), Duration.ENCOUNTER))
    who(enc, "A").hp = 20
    events = enc.apply(StandUpCommand(CreatureId("A")))
    assert resolved(events) == [("A", "spring_up")] and who(enc, "A").hp == 22
    kinds = names(events)
    assert kinds.index("stood_up") < kinds.index("reaction_resolved")


def test_a_reaction_close_burst_with_a_target_limit_takes_that_many_at_random(kit: Kit) -> None:
    """Seed 000, line 101: "If multiple valid targets are available, choose one at random": a reaction's
    close burst whose file limits it to one target (``max_targets = 1``) catches A and B next to b, and
    strikes only one of them, drawn at random."""
    shove = replace(reaction("shove", "hit_by_attack", "spontaneous", hits=DamageRoll(1, 4),
                             reach=Reach(RangeKind.CLOSE_BURST, size=1), target=ReactionTarget.CHOOSE),
                    max_targets=1, limits_area=True)
    enc, rng = scenario(kit, """
        .....
        .AbB.
        .....
    """, sheets={"b": with_powers(MONSTER, shove)}, order="ABb")
    rng.script(15, 3, 15, 2)  # A hits b; the shove hits the one target drawn
    events = use(enc, "A", "mace", "b")
    decision = decisions(events, "targets of Shove")[0]
    assert decision.candidates == ("A", "B") and decision.reason == "at random, 1 of 2 valid targets"
    assert [a.target for a in of(events, ev.AttackRolled) if a.attacker == "b"] == [decision.chosen]


def test_a_reactors_shift_in_someone_elses_turn_is_not_counted_as_the_acting_creatures_movement(kit: Kit) -> None:
    """Seed 000's turn budget is "what the acting creature may still do this turn": b's scurry (a shift
    when missed) during A's turn moved b, not A, and must not count as cells A moved."""
    b = with_powers(MONSTER, SCURRY)
    enc, rng = scenario(kit, """
        ....
        .Ab.
        ....
    """, sheets={"b": b}, order="Ab")
    rng.script(2)  # A misses b: scurry
    events = use(enc, "A", "mace", "b")
    assert resolved(events) == [("b", "scurry")] and where(enc, "b") != (2, 1)
    assert enc.state.budget.moved_cells == 0
