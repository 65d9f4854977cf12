"""A turn's boundaries are steps (issue 14 item 5): the start and end of a turn and the clock moving on are
resolved from the engine's stack like any other step, so a ruleset can stop there to ask (seed 003 asks which
of a side's characters in an initiative band acts next, and rolls saves at the end of a turn).

Seed 000 itself never asks (seed 000, lines 53-54: "A prepared Reaction is automatically activated when its
trigger condition is met. The player has no input at this point."), so the test double below is seed 000
with two questions added at turn boundaries, answers that change nothing: its fight must be seed 000's
fight, event for event, with the decisions in between.
"""

from __future__ import annotations

from typing import Sequence

import pytest

from game.command_codec import command_from_line
from game.kernel import events as kev
from game.kernel.decisions import Answer, Option, Question
from game.kernel.steps import step_kind
from game.rulesets.seed000 import events as ev
from game.rulesets.seed000.commands import Command, EndTurnCommand
from game.rulesets.seed000.encounter import Encounter, Impossible
from game.rulesets.seed000.steps import Step
from tests.golden.recording import FIGHTS, Fight, read_lines


class AskingAtTurns(Encounter):
    """Seed 000, asking before a turn's end resolves (the creature's player: roll its saves?) and before the
    clock moves on (the side whose turn is over: go on?), as a ruleset with saves or initiative bands asks."""

    def question(self, step: Step) -> list[Question]:
        kind = step_kind(step)
        if kind == "end_turn":
            c = self.state.creatures[step.creature]
            return [Question(c.side, c.id, "test:end_of_turn", f"{c.name}'s turn ends: roll its saves?",
                             (Option("roll", "Roll"),))]
        if kind == "advance_clock" and step.creature:
            c = self.state.creatures[step.creature]
            return [Question(c.side, c.id, "test:next", "who acts next?", (Option("go", "The next in order"),))]
        return []


def commands_of(fight: Fight, encounter: Encounter) -> list[Command]:
    board = encounter.state.board
    out: list[Command] = []
    for n, line in enumerate(read_lines(fight.commands_file)[1:], 2):
        command = command_from_line(line, board, fight.commands_file, f"line {n}")
        assert not isinstance(command, Answer)  # seed 000's recorded fights answer nothing
        out.append(command)
    return out


def without_decisions(events: Sequence[object]) -> list[object]:
    return [e for e in events if not isinstance(e, (kev.DecisionOpened, kev.DecisionAnswered))]


def answer_everything(encounter: Encounter) -> list[object]:
    out: list[object] = []
    for _ in range(1000):
        if not encounter.engine.pending:
            return out
        d = encounter.engine.pending[0]
        out += encounter.apply(Answer(d.id, d.options[0].key))
    raise AssertionError("decisions never stop")


def test_the_end_of_a_turn_and_the_clock_stop_at_a_decision_and_resume_where_they_stopped(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The end of a turn asks before anything of it happens, the clock asks once the turn is over and
    before the next begins; answered, the fight goes on exactly as seed 000's own (a recorded fight)."""
    fight = FIGHTS[0]
    plain = fight.load().encounter
    monkeypatch.setattr("game.rulesets.seed000.package.Encounter", AskingAtTurns)
    asking = fight.load().encounter
    assert isinstance(asking, AskingAtTurns)
    assert without_decisions(asking.start()) == plain.start()
    looked = False
    for command in commands_of(fight, plain):
        expected = plain.apply(command)
        events: list[object] = list(asking.apply(command))
        if isinstance(command, EndTurnCommand):
            who = command.creature
            opened = events[-1]
            assert isinstance(opened, kev.DecisionOpened) and opened.kind == "test:end_of_turn"
            assert not any(isinstance(e, (ev.SavingThrow, ev.TurnEnded)) for e in events)  # nothing of it yet
            assert asking.engine.waiting and asking.state.acting_id == who
            assert list(asking.legal_commands()) == []
            with pytest.raises(Impossible, match="waiting for an answer"):
                asking.apply(command)
            if not looked:  # the first end of a turn: stop by stop
                looked = True
                rest = asking.apply(Answer(opened.decision, "roll"))
                assert [type(e) for e in rest][-2:] == [ev.TurnEnded, kev.DecisionOpened]  # the turn is over...
                assert asking.state.acting_id == who  # ...and the clock has not moved yet
                assert asking.engine.pending[0].kind == "test:next"
                events += rest
            events += answer_everything(asking)
            assert any(isinstance(e, ev.TurnStarted) for e in events) or asking.state.ended
        assert without_decisions(events) == expected, command
    assert looked and asking.state.ended
    assert without_decisions(asking.log) == plain.log
    asked = [e for e in asking.log if isinstance(e, kev.DecisionOpened)]
    ends = [e for e in plain.log if isinstance(e, ev.TurnEnded)]
    # every end of a turn asked, the automatic ones too (a creature that starts its turn unable to act)
    assert sum(e.kind == "test:end_of_turn" for e in asked) == len(ends)


def test_a_turn_boundary_is_a_step_with_break_points_that_seed_000_keeps_out_of_its_log() -> None:
    """Each boundary passes the engine's break points (``before``, ``question``, ``after``), in the order
    start, end, close, clock, start; none of them writes a ``break_point`` event (the golden logs)."""
    fight = FIGHTS[0]
    enc = fight.load().encounter
    seen: list[tuple[str, str]] = []
    original_before, original_after = enc.before, enc.after

    def before(step: Step) -> list[Step]:
        seen.append(("before", step_kind(step)))
        return original_before(step)

    def after(step: Step) -> list[Step]:
        seen.append(("after", step_kind(step)))
        return original_after(step)

    enc.before = before  # type: ignore[method-assign]
    enc.after = after  # type: ignore[method-assign]
    enc.start()
    for command in commands_of(fight, enc):
        if isinstance(command, EndTurnCommand):
            break
        enc.apply(command)
    seen.clear()
    enc.apply(command)
    turn = [s for s in seen if s[1] in ("start_turn", "end_turn", "close_turn", "advance_clock")]
    assert turn[:8] == [("before", "end_turn"), ("after", "end_turn"), ("before", "close_turn"),
                        ("after", "close_turn"), ("before", "advance_clock"), ("after", "advance_clock"),
                        ("before", "start_turn"), ("after", "start_turn")]
    assert not any(isinstance(e, kev.BreakPoint) and e.step in ("start_turn", "end_turn", "close_turn",
                                                                 "advance_clock") for e in enc.log)
