"""``simulate``: many AI fights summed up, the same with one job or several.

Issue 16 item 4: "plays N AI-against-AI fights with a progress bar, and prints the win rate per side with a
confidence interval, rounds, survivors, damage dealt and taken per creature, and how often each reaction
fired or fizzled; --json for tools. --jobs spreads the runs over processes on one machine with results
identical to --jobs 1 for the same seed."
"""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest

from game.rulesets.seed000 import events as ev
from game.rulesets.seed000.package import RULESET
from game.simulate import outcomes, simulate, wilson

REPO = Path(__file__).resolve().parent.parent
DRILL = str(REPO / "maps" / "crypt_drill.toml")


def test_the_wilson_interval_of_8_wins_in_10_is_49_to_94_percent() -> None:
    lo, hi = wilson(8, 10)
    assert lo == pytest.approx(0.4902, abs=1e-4) and hi == pytest.approx(0.9433, abs=1e-4)
    assert wilson(0, 20)[0] == 0.0 and wilson(0, 20)[1] == pytest.approx(0.1611, abs=1e-4)


def test_two_jobs_give_the_same_summary_as_one(tmp_path: Path) -> None:
    one, two = StringIO(), StringIO()
    simulate(DRILL, runs=6, seed=3, jobs=1, as_json=True, out=one, err=StringIO())
    simulate(DRILL, runs=6, seed=3, jobs=2, as_json=True, out=two, err=StringIO())
    assert one.getvalue() == two.getvalue()
    summary = json.loads(one.getvalue())
    assert summary["runs"] == 6 and summary["seeds"] == [3, 8]
    assert sum(s["wins"] for s in summary["sides"].values()) + summary["draws"] + summary["round_limit"] == 6


def test_each_fight_is_the_encounter_played_by_the_ai_with_its_seed() -> None:
    """Fight ``i`` is ``run --auto --seed S+i``: the same winner and rounds."""
    from game.runner import build_encounter, play

    found = list(outcomes(DRILL, 11, 2))
    for outcome in found:
        loaded = build_encounter(DRILL, outcome.seed)
        fight = play(loaded, auto=True, emit=lambda e: None)
        assert (outcome.winner, outcome.rounds, outcome.over) == (fight.winner, fight.round, fight.over)
        taken = sum(e.amount for e in fight.log if isinstance(e, ev.DamageDealt))
        assert sum(outcome.tally["damage taken"].values()) == taken


def test_seed_000_tallies_damage_by_dealer_and_target_and_reactions_fired_and_fizzled() -> None:
    events = [ev.DamageDealt("orc", 5, "fire", 10, "ann", "hit"), ev.DamageDealt("orc", 3, "fire", 7, "", "lava"),
              ev.DamageDealt("ann", 4, "", 20, "orc", "hit"),
              ev.ReactionResolved("orc", "opportunity_attack", False, ()),
              ev.ReactionFizzled("ann", "slip_aside", "gone"), ev.ReactionFizzled("ann", "slip_aside", "gone")]
    assert RULESET.tally(events) == {"damage dealt": {"ann": 5, "orc": 4}, "damage taken": {"orc": 8, "ann": 4},
                                     "reactions fired": {"opportunity_attack": 1},
                                     "reactions fizzled": {"slip_aside": 2}}


def test_simulate_prints_wins_with_an_interval_rounds_survivors_and_counts_by_name() -> None:
    out, err = StringIO(), StringIO()
    assert simulate(DRILL, runs=3, seed=1, jobs=1, as_json=False, out=out, err=err) == 0
    text = out.getvalue()
    assert "95% CI" in text and "rounds:" in text and "standing at the end" in text
    assert "damage dealt (total; per fight):" in text and "reactions fired" in text
    assert "fights/s" in err.getvalue()


def test_simulate_refuses_a_bad_count_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from game.__main__ import main

    with pytest.raises(SystemExit):
        main(["simulate", DRILL, "--runs", "0"])
    assert "must be a whole number from 1 to" in capsys.readouterr().err


def test_simulate_plays_the_toy_ruleset_as_it_plays_seed_000() -> None:
    """Issue 16 item 4: "Works for every ruleset the kernel has". The toy ruleset (a test double of the kernel,
    ``tests/kernel/toy_package.py``) simulated: every fight accounted for, the same summary with two jobs as
    with one, and each fight the toy played by the AI with its seed."""
    from game.runner import Loaded, play
    from tests.kernel.toy_package import toy_encounter

    one, two = StringIO(), StringIO()
    assert simulate("toy", runs=8, seed=2, jobs=1, as_json=True, out=one, err=StringIO(), opener=toy_encounter) == 0
    simulate("toy", runs=8, seed=2, jobs=2, as_json=True, out=two, err=StringIO(), opener=toy_encounter)
    assert one.getvalue() == two.getvalue()
    summary = json.loads(one.getvalue())
    assert set(summary["sides"]) == {"red", "blue"} and summary["seeds"] == [2, 9] and summary["tally"] == {}
    assert sum(s["wins"] for s in summary["sides"].values()) + summary["draws"] + summary["round_limit"] == 8
    found = list(outcomes("toy", 2, 8, opener=toy_encounter))
    assert len({o.winner for o in found}) == 2, "the toy's sides each win some fights: the seeds matter"
    for outcome in found:
        source = toy_encounter("toy")
        source.seed = outcome.seed
        fight = play(Loaded(source.scenario, source.fresh(), source.board), auto=True, emit=lambda e: None,
                     rules=source.rules)
        standing = {side: sum(not p.dead for p in fight.pieces() if p.side == side) for side in ("red", "blue")}
        assert (outcome.winner, outcome.rounds, dict(outcome.standing)) == (fight.winner, fight.round, standing)
    text = StringIO()
    simulate("toy", runs=3, seed=1, jobs=1, as_json=False, out=text, err=StringIO(), opener=toy_encounter)
    assert "red: won" in text.getvalue() and "95% CI" in text.getvalue()
