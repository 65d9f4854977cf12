"""The scripted seed 001 scenes in ``tests/data/encounters/*_001.toml`` (the window's screenshots use them): each
plays its ``[[commands]]`` and the reaction it stages happens, then the AI plays it to the end."""

from __future__ import annotations

from pathlib import Path

from game.kernel.events import DecisionOpened, Event
from game.rulesets.seed001 import events as ev
from game.rulesets.seed001 import opportunity
from game.rulesets.seed001 import reaction_events as rev
from game.rulesets.seed001.fight import Seed001Fight
from game.runner import build_encounter, play

SCENES = Path(__file__).resolve().parents[2] / "data" / "encounters"


def scene(name: str) -> tuple[Seed001Fight, list[Event]]:
    """The fight after the file's script (its sides are people's: the run stops there)."""
    seen: list[Event] = []
    fight = play(build_encounter(SCENES / name, None), auto=False, emit=seen.append)
    assert isinstance(fight, Seed001Fight)
    return fight, seen


def test_the_impalement_scene_stops_a_charge_two_hexes_out() -> None:
    """Seed 001, line 23: "It also occurs ten feet (two-hexes) away ... If the reaction damage incapacitates the
    attacker first, then the initiating attack is nullified"."""
    f, seen = scene("impale_charge_001.toml")
    goblin = f.creature("marsh_goblin")
    assert goblin.out and f.state.distance(goblin.cell, f.creature("hollin_pikeman").cell) >= 2
    assert [e.what for e in seen if isinstance(e, rev.ReactionUsed)][:1] == ["impalement"]
    assert not [e for e in seen if isinstance(e, ev.AttackRolled) and e.creature == "marsh_goblin"]
    assert not f.over
    assert play(build_encounter(SCENES / "impale_charge_001.toml", None), auto=True, emit=lambda e: None).over


def test_the_dodge_scene_takes_a_success_off_and_the_wound_is_smaller() -> None:
    """Seed 001, line 6: "the reaction has the chance to prevent or lessen the wounding"."""
    f, seen = scene("dodge_001.toml")
    dodged = [e for e in seen if isinstance(e, rev.Defended)]
    assert [(d.skill, d.cancelled) for d in dodged] == [("dodge", True)]
    hurt = [e.amount for e in seen if isinstance(e, ev.Hurt) and e.creature == "wren_quickstep"]
    assert hurt == [dodged[0].after] and 0 < dodged[0].after < dodged[0].before


def test_the_opportunity_scene_offers_the_attack_only_to_the_pikeman_who_stood_still() -> None:
    """Seed 001, line 12: "the character with the potential to use the reaction must be stationary and must have
    been stationary since the last movement option"."""
    f, seen = scene("opportunity_001.toml")
    offered = [e.chooser for e in seen if isinstance(e, DecisionOpened) and e.kind == opportunity.KIND]
    assert offered == ["hollin_pikeman"]
    moved = {e.creature for e in seen if isinstance(e, ev.CreatureMoved)}
    assert {"hollin_pikeman_2", "marsh_goblin"} <= moved and "hollin_pikeman" not in moved
    assert [e.what for e in seen if isinstance(e, rev.ReactionUsed)] == ["attack of opportunity"]


def test_the_stand_up_scene_wraps_around_the_corner_into_the_next_round() -> None:
    """Seed 001, line 34: "if the delay extends beyond end of the round, then use an 'around the corner'
    technique to determine the appropriate second-counter in the following round"."""
    f, seen = scene("standup_wrap_001.toml")
    aldric = f.creature("aldric_lancer")
    scheduled = [e for e in seen if isinstance(e, ev.Scheduled)]
    assert [(e.creature, e.round) for e in scheduled] == [("aldric_lancer", f.counter.now.round + 1)]
    assert aldric.prone and aldric.mount is None
    assert [(s.second, s.offset) for s in f.counter.shown() if "stands" in s.label] == [(scheduled[0].second, 1)]


def test_in_whole_ai_fights_each_reaction_is_an_answered_decision_and_at_most_one_a_round() -> None:
    """Seed 001, line 3: "only one reaction is granted for a like duration"; line 12: "If these conditions are met
    and the player (or NPC) chooses": across both samples and several seeds, every reaction used follows its
    reactor's own decision answered to take it, and no creature uses two in one round."""
    from game.kernel.events import DecisionAnswered

    maps = Path(__file__).resolve().parents[3] / "maps"
    for sample in ("reed_ford_001.toml", "barrow_crypt_001.toml"):
        for seed in (5, 6, 7):
            seen: list[Event] = []
            fight = play(build_encounter(maps / sample, seed), auto=True, emit=seen.append)
            assert fight.over
            answered: list[str] = []
            used: set[tuple[int, str]] = set()
            rnd = 0
            for e in seen:
                if isinstance(e, ev.RoundStarted):
                    rnd = e.round
                elif isinstance(e, DecisionAnswered) and e.option != "pass":
                    answered.append(e.chooser)
                elif isinstance(e, rev.ReactionUsed):
                    assert answered and answered[-1] == e.creature, (sample, seed, e)
                    assert (rnd, e.creature) not in used, (sample, seed, e)
                    used.add((rnd, e.creature))
