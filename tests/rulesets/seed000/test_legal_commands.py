"""Legal commands as a query (issue 14 item 6): ``Encounter.why_illegal`` answers "is this command legal now"
with the very reason ``apply`` refuses it with, changing nothing, and ``legal_commands`` lists the acting
creature's commands lazily, each one ``apply`` accepts. Checked along recorded fights (tests/golden)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.command_codec import command_from_line
from game.rulesets.seed000.commands import (ChargeCommand, Command, EndTurnCommand, MoveCommand, ShiftCommand, StandUpCommand,
                                 UsePowerCommand)
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.encounter import Encounter, Impossible
from game.rulesets.seed000.model import ActionType, RangeKind, TargetKind
from tests.golden.recording import FIGHTS, Fight, read_lines


def recorded(fight: Fight) -> tuple[Encounter, list[Command]]:
    loaded = fight.load()
    board = loaded.encounter.state.board
    lines = read_lines(fight.commands_file)
    return loaded.encounter, [command_from_line(line, board, fight.commands_file, f"line {n}")
                              for n, line in enumerate(lines[1:], 2)]


def at(fight: Fight, upto: int) -> Encounter:
    """``fight``'s encounter started and played through its first ``upto`` recorded commands."""
    enc, commands = recorded(fight)
    enc.start()
    for c in commands[:upto]:
        enc.apply(c)
    return enc


def test_every_recorded_command_is_legal_before_it_is_applied_and_asking_changes_nothing() -> None:
    for fight in FIGHTS[::6]:
        enc, commands = recorded(fight)
        enc.start()
        for c in commands:
            log, dice = len(enc.log), enc.dice.getstate()
            assert enc.why_illegal(c) == "", (fight.name, c)
            assert len(enc.log) == log and enc.dice.getstate() == dice
            enc.apply(c)
        assert enc.why_illegal(EndTurnCommand(next(iter(enc.state.creatures)))) == "the encounter is over"


def test_listed_commands_are_accepted_by_apply() -> None:
    fight = FIGHTS[0]
    _, commands = recorded(fight)
    checked = 0
    for upto in range(0, len(commands), max(1, len(commands) // 8)):
        listed = list(at(fight, upto).legal_commands())
        assert listed, f"nothing legal after {upto} commands"
        assert any(isinstance(c, EndTurnCommand) for c in listed)
        for pick in {0, len(listed) // 2, len(listed) - 1}:
            fresh = at(fight, upto)
            fresh.apply(listed[pick])  # raises Impossible if the query listed an illegal command
            checked += 1
    assert checked >= 8


def test_the_query_is_lazy() -> None:
    enc = at(FIGHTS[0], 0)
    legal = enc.legal_commands()
    assert iter(legal) is legal
    assert isinstance(next(legal), EndTurnCommand)


@st.composite
def commands(draw: st.DrawFn, enc: Encounter) -> Command:
    ids = sorted(enc.state.creatures)
    acting = enc.state.acting_id
    who = draw(st.sampled_from(([acting] * len(ids) if acting else []) + ids))  # the acting creature, mostly
    cells = sorted(enc.state.board, key=enc.state.board.grid.cell_to_offset)
    cell = draw(st.sampled_from(cells))
    powers = [p.id for p in enc.state.creatures[who].template.powers] + ["no_such_power"]
    kind = draw(st.sampled_from(["end", "move", "shift", "stand", "power", "charge"]))
    if kind == "end":
        return EndTurnCommand(who)
    if kind == "move":
        return MoveCommand(who, cell)
    if kind == "shift":
        return ShiftCommand(who, cell)
    if kind == "stand":
        return StandUpCommand(who)
    if kind == "charge":
        return ChargeCommand(who, draw(st.sampled_from(ids)), cell)
    targets = tuple(draw(st.lists(st.sampled_from(ids), max_size=3)))
    origin = draw(st.none() | st.just(cell))
    return UsePowerCommand(who, draw(st.sampled_from(powers)), targets, origin)


POINTS = (0, 7, 19)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_why_illegal_says_exactly_what_apply_says(data: st.DataObject) -> None:
    upto = data.draw(st.sampled_from(POINTS))
    enc = at(FIGHTS[0], upto)
    command = data.draw(commands(enc))
    why = enc.why_illegal(command)
    try:
        enc.apply(command)
    except Impossible as e:
        assert why == str(e)
    else:
        assert why == ""


def test_what_the_action_bar_asks_is_what_apply_says() -> None:
    """The window's action bar asks the engine whether a power is usable now, targets aside
    (``power_problem``: spent, or no action of its kind left). Where it says no, apply refuses every use of
    the power, and with the words it gave when the target is valid; where it says yes, apply takes the power
    on a valid target (single-target powers)."""
    refused = taken = 0
    for fight in FIGHTS[::8]:
        enc, commands = recorded(fight)
        enc.start()
        for c in commands[:60]:
            actor = enc.state.acting
            assert actor is not None
            st = enc.state
            for power in actor.template.powers:
                if power.reach.kind not in (RangeKind.MELEE, RangeKind.RANGED) or power.targets is TargetKind.SELF:
                    continue
                problem = enc.power_problem(actor, power)
                for target in st.creatures.values():
                    why = enc.why_illegal(UsePowerCommand(actor.id, power.id, (target.id,)))
                    valid = tactics.is_valid_target(st, actor, power, target)
                    if problem:
                        assert why, (fight.name, power.id, target.id)
                        if valid:
                            assert why == problem
                            refused += 1
                    elif valid and power.action is not ActionType.REACTION:
                        assert why == "", (fight.name, power.id, target.id, why)
                        taken += 1
            enc.apply(c)
    assert refused > 5 and taken > 5, (refused, taken)
