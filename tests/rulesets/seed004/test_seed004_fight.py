"""Seed 004's fight through the kernel seam: initiative segments, options, parries, the hit procedure's damage,
unconsciousness, the phases of a round and the winner (numbers in brackets are seed 004's lines,
``../shared/seeds/004_683255cd0bfe0fc3.txt``)."""

from __future__ import annotations

import io

import pytest

from game.kernel.decisions import PASS, Answer
from game.kernel.engine import Impossible
from game.rulesets.seed004 import events as ev
from game.rulesets.seed004.commands import AttackOption, PassOption
from game.rulesets.seed004.fight import PARRY
from game.rulesets.seed004.rounds import Phase
from game.runner import build_encounter, play, write_log
from tests.rulesets.seed004.fight004 import events, fight_of


def test_initiative_goes_to_the_most_active_blows_then_reactive_then_en_and_says_why() -> None:
    """Seed 004, line 20, 1.1.2: "initiative goes to the eligible character with the greatest number of active
    blows remaining ... reactive blows ... highest current EN"."""
    f = fight_of(("oswin", "oswin_hale", "company", (2, 2)), ("wolf", "fen_wolf", "beasts", (3, 2)))
    seg = events(f, ev.SegmentBegan)[0]
    assert seg.holders == ("oswin",) and seg.why == "most EN (26 to 16)"
    assert f.acting is not None and f.acting.id == "oswin"
    f2 = fight_of(("oswin", "oswin_hale", "company", (2, 2)),
                  ("wolf", "fen_wolf", "beasts", (3, 2), {"reactive_blows": 2}))
    seg2 = events(f2, ev.SegmentBegan)[0]
    assert seg2.holders == ("wolf",) and seg2.why == "most reactive blows (2 to 1)"


def test_an_attack_spends_an_active_blow_and_a_hit_takes_its_damage_off_en() -> None:
    """Seed 004, line 34, 1.2.5: "Requires expenditure of an active blow"; line 43, 1.2.5.3: "The target's EN is
    reduced by this number"; line 17: the first blow of the round costs no EN."""
    # 2D10 9+9 -> 18 + AC 11 > 15: a hit; D12 1 (no critical); 1d8 -> 8.
    f = fight_of(("oswin", "oswin_hale", "company", (2, 2)), ("wolf", "fen_wolf", "beasts", (3, 2)),
                 faces=(9, 9, 1, 8))
    f.apply(AttackOption("oswin", "wolf", "arming_sword"))
    chosen = events(f, ev.OptionChosen)[0]
    assert (chosen.blows, chosen.en_spent) == ("1 active", 0)
    assert f.char("oswin").blows.active == 1
    resolved = events(f, ev.AttackResolved)[0]
    assert (resolved.outcome, resolved.en_damage, resolved.bd_damage) == ("hit", 8, 0)
    assert f.char("wolf").blows.en == 16 - 8


def test_a_character_at_0_en_falls_unconscious_and_the_side_left_standing_wins() -> None:
    """Seed 004, line 43, 1.2.5.3 (EN reduced); ours: a character is conscious while EN and BD are above 0, and
    the fight is over when one side is left with anyone conscious."""
    f = fight_of(("oswin", "oswin_hale", "company", (2, 2)), ("wolf", "fen_wolf", "beasts", (3, 2), {"en": 5}),
                 faces=(9, 9, 1, 8))
    f.apply(AttackOption("oswin", "wolf", "arming_sword"))
    assert events(f, ev.FellUnconscious) == [ev.FellUnconscious("wolf")]
    assert f.over and f.winner == "company" and events(f, ev.FightEnded) == [ev.FightEnded("company")]


def test_an_attack_out_of_reach_is_refused_and_changes_nothing() -> None:
    """Seed 004, line 34, 1.2.5: only alert characters make melee attacks; ours: a melee weapon strikes at
    ranges up to its reach (an arming sword's is 1)."""
    f = fight_of(("oswin", "oswin_hale", "company", (2, 2)), ("wolf", "fen_wolf", "beasts", (5, 2)))
    before = len(f.log)
    with pytest.raises(Impossible, match="beyond Arming Sword's reach of 1"):
        f.apply(AttackOption("oswin", "wolf", "arming_sword"))
    assert len(f.log) == before and f.char("oswin").blows.active == 2


def test_the_target_and_an_alert_bystander_within_range_are_each_asked_to_parry() -> None:
    """Seed 004, line 34, 1.2.5: "Melee attacks may be parried by the target of the attack or by any alert
    characters within range of the attacker; each parrying character must expend a blow"; line 39: parries
    affect the first modifier."""
    f = fight_of(("wolf", "fen_wolf", "beasts", (3, 2), {"active_blows": 3}),
                 ("oswin", "oswin_hale", "company", (2, 2)), ("garrick", "garrick_thorne", "company", (4, 2)),
                 ("maren", "maren_voss", "company", (9, 9)))
    assert f.acting is not None and f.acting.id == "wolf"
    f.apply(AttackOption("wolf", "oswin", "bite"))
    asked = f.pending
    assert [(d.chooser, d.kind) for d in asked] == [("oswin", PARRY), ("garrick", PARRY)]
    assert len({d.group for d in asked}) == 1
    f.apply(Answer(asked[0].id, PASS))
    f.apply(Answer(asked[1].id, "parry:greataxe"))
    made = events(f, ev.ParryMade)
    assert made == [ev.ParryMade("garrick", "wolf", "Bearded Greataxe", -1)]
    g = f.char("garrick").blows
    assert g.reactive == 0 and g.spent == 1


def test_when_nobody_is_eligible_the_combat_phase_ends_and_the_other_phases_lead_to_the_next_round() -> None:
    """Seed 004, line 19, 1.1.1: "Initiative must go to a conscious character who has not taken a Pass option
    since the most recent option other than a Pass ... If no character is eligible for initiative, the combat
    phase terminates"; line 5: combat, then noncombat, then movement; line 15: each round starts with the
    normal complement of blows."""
    f = fight_of(("oswin", "oswin_hale", "company", (2, 2)), ("wolf", "fen_wolf", "beasts", (5, 2)))
    f.apply(PassOption("oswin"))
    assert f.acting is not None and f.acting.id == "wolf"
    f.apply(PassOption("wolf"))
    phases = [(e.round, e.phase) for e in events(f, ev.PhaseBegan)]
    assert phases == [(1, "combat"), (1, "noncombat"), (1, "movement"), (2, "combat")]
    assert f.rnd.number == 2 and f.rnd.phase is Phase.COMBAT and f.round == 2
    assert f.acting is not None and f.acting.id == "oswin"


def test_an_option_other_than_a_pass_makes_earlier_passers_eligible_again() -> None:
    """Seed 004, line 19, 1.1.1: a character who passed is eligible again once someone takes an option other
    than a pass."""
    f = fight_of(("oswin", "oswin_hale", "company", (2, 2)), ("wolf", "fen_wolf", "beasts", (5, 2)))
    f.apply(PassOption("oswin"))
    from game.rulesets.seed004.commands import ManeuverOption
    from game.rulesets.seed004.maneuvers import Maneuver

    f.apply(ManeuverOption("wolf", Maneuver.STEP_CLOSE, "oswin"))
    assert f.acting is not None and f.acting.id == "oswin"


def test_the_square_sample_plays_to_the_end_and_the_same_seed_gives_the_same_log() -> None:
    """Determinism: the same file and seed give the same log, line for line."""
    def run() -> str:
        loaded = build_encounter("maps/hall_brawl_004.toml", 1)
        out = io.StringIO()
        write_log(loaded, "fight", as_json=False, out=out, drive=lambda emit: play(loaded, auto=True, emit=emit))
        return out.getvalue()

    first = run()
    assert "Fight over:" in first and "parries" in first
    assert run() == first
