"""The automatic player: what it chooses on small boards, and whole sample fights it plays to the end.

Boards are drawn as ASCII (see ``conftest.py``): ``#`` wall, ``~`` dangerous,
``.`` floor, uppercase letters heroes, lowercase monsters. The creature named
in ``acting`` takes its turn first; ``turn`` asks the AI for commands and
applies them until it ends the turn.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from game.grid import Cell
from game.rulesets.seed000 import events as ev
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.ai import choose_command
from game.rulesets.seed000.commands import (ChargeCommand, Command, EndTurnCommand, MoveCommand, ShiftCommand,
                                 StandUpCommand, UsePowerCommand)
from game.rulesets.seed000.encounter import Encounter
from game.rulesets.seed000.model import (ActionType, Attack, ConditionKind, CreatureId, DamageRoll, Defense, Duration,
                              Outcome, Power, RangeKind, Role, TargetKind, Template)
from game.rulesets.seed000.state import Condition
from game.runner import Loaded, build_encounter, play

Kit = Any  # the conftest helper object (see conftest.Kit)

MAPS = Path(__file__).resolve().parents[3] / "maps"
SAMPLES = ("crypt_skirmish.toml", "marsh_ambush.toml", "ridge_crossing.toml")


# -- helpers -------------------------------------------------------------------------------


def weapon(kit: Kit, pid: str, *, kind: RangeKind = RangeKind.MELEE, range_: int = 0, size: int = 0,
           damage: DamageRoll = DamageRoll(1, 8, 3), basic: bool = False,
           targets: TargetKind = TargetKind.ENEMY) -> Power:
    """A power that rolls +6 against AC and deals ``damage`` on a hit."""
    base: Power = kit.power(pid, kind=kind, range_=range_, size=size, basic=basic, targets=targets)
    return replace(base, attack=Attack(6, Defense.AC), hit=Outcome(damage=damage))


def sheet(kit: Kit, tid: str, powers: list[Power], *, speed: int = 6, role: Role = Role.SOLDIER,
          opportunity: str | None = None) -> Template:
    made: Template = kit.template(tid, speed=speed, powers=powers, opportunity=opportunity)
    return replace(made, role=role)


def brute(kit: Kit, speed: int = 6) -> Template:
    return sheet(kit, "brute", [weapon(kit, "axe", basic=True)], speed=speed)


def encounter(kit: Kit, text: str, *, acting: str, templates: dict[str, Template] | None = None,
              hexes: bool = False) -> Encounter:
    """An encounter on an ASCII board where ``acting`` has just started its turn; everyone has an axe."""
    axe = brute(kit)
    letters = {ch for ch in text if ch.isalpha()}
    sheets = {letter: axe for letter in letters} | dict(templates or {})
    state = kit.state_from(text, hexes=hexes, templates=sheets)
    roster = [(c.id, c.name, c.side, c.template, c.cell) for c in state.creatures.values()]
    enc = Encounter(state.board, roster, seed=3)
    st = enc.state
    st.initiative = [CreatureId(acting)] + sorted(cid for cid in st.creatures if cid != acting)
    st.round, st.turn_index = 1, 0
    return enc


def turn(enc: Encounter) -> tuple[list[Command], list[ev.Event]]:
    """Let the AI play the acting creature's turn to its end; the commands and the events."""
    actor = enc.state.acting
    assert actor is not None
    commands: list[Command] = []
    events: list[ev.Event] = []
    while True:
        command = choose_command(enc, actor)
        commands.append(command)
        events += enc.apply(command)
        if isinstance(command, EndTurnCommand) or enc.state.ended:
            return commands, events
        assert len(commands) < 10, f"the turn does not end: {commands}"


def at(enc: Encounter, col: int, row: int) -> Cell:
    cell: Cell = enc.state.board.grid.offset_to_cell(col, row)
    return cell


def powers_used(events: list[ev.Event], creature: str) -> list[tuple[str, tuple[str, ...]]]:
    return [(e.power, e.targets) for e in events if isinstance(e, ev.PowerUsed) and e.creature == creature]


def provoked(events: list[ev.Event]) -> list[ev.ReactionTriggered]:
    """Opportunity attacks triggered (seed 000: "Opportunity attack: Reaction, Interrupt, Spontaneous, Repeatable")."""
    return [e for e in events if isinstance(e, ev.ReactionTriggered)
            and e.trigger in ("enemy_leaves_threatened_cell", "adjacent_enemy_uses_ranged_or_area")]


# -- moving and attacking --------------------------------------------------------------------


def test_melee_monster_walks_up_to_a_hero_and_attacks_it(kit: Kit) -> None:
    enc = encounter(kit, """
        ........
        .m......
        ........
        ........
        .....A..
    """, acting="m")
    commands, events = turn(enc)
    assert isinstance(commands[0], MoveCommand)
    assert powers_used(events, "m") == [("axe", ("A",))]
    st = enc.state
    assert st.is_adjacent(st.creature(CreatureId("m")), st.creature(CreatureId("A")))
    assert isinstance(commands[-1], EndTurnCommand)


def test_melee_monster_walks_up_and_attacks_on_hexes_too(kit: Kit) -> None:
    enc = encounter(kit, """
        . . . . . . .
         . m . . . . .
        . . . , , . .
         . . . . . A .
        . . . . . . .
    """, acting="m", hexes=True)
    commands, events = turn(enc)
    st = enc.state
    assert isinstance(commands[0], MoveCommand)
    assert st.is_adjacent(st.creature(CreatureId("m")), st.creature(CreatureId("A")))
    assert powers_used(events, "m") == [("axe", ("A",))]


def test_adjacent_melee_monster_attacks_without_moving(kit: Kit) -> None:
    enc = encounter(kit, """
        .....
        .mA..
        .....
    """, acting="m")
    commands, events = turn(enc)
    assert isinstance(commands[0], UsePowerCommand)
    assert not any(isinstance(c, (MoveCommand, ShiftCommand)) for c in commands)
    assert powers_used(events, "m") == [("axe", ("A",))]


def test_melee_monster_prefers_a_flanking_cell_even_one_step_farther(kit: Kit) -> None:
    enc = encounter(kit, """
        ...m...
        .......
        .......
        ...Ab..
        .......
    """, acting="m")
    st = enc.state
    m, hero = st.creature(CreatureId("m")), st.creature(CreatureId("A"))
    flank = at(enc, 2, 3)
    assert tactics.flanking_cells(st, m, hero) == {flank}
    routes = tactics.reachable(st, m)
    assert routes[flank].safest_cost > min(r.safest_cost for c, r in routes.items() if st.board.grid.distance(c, hero.cell) == 1)
    commands, events = turn(enc)
    assert commands[0] == MoveCommand(CreatureId("m"), flank)
    assert tactics.is_flanking(st, m, hero)
    rolls = [e for e in events if isinstance(e, ev.AttackRolled) and e.attacker == "m"]
    assert rolls and any("combat advantage" in mod for mod in rolls[0].modifiers)


def test_melee_monster_takes_the_safe_way_when_a_provoking_one_is_as_useful(kit: Kit) -> None:
    enc = encounter(kit, """
        ..........
        .....m....
        ..........
        ..........
        ###.###.##
        ..B.......
        ..........
        .....A....
    """, acting="m")
    st = enc.state
    m, hero = st.creature(CreatureId("m")), st.creature(CreatureId("A"))
    hero.hp = 9  # the one worth reaching (B, by the gap, is fresh)
    routes = tactics.reachable(st, m)
    beside = {c: r for c, r in routes.items() if st.board.grid.distance(c, hero.cell) == 1}
    trap = at(enc, 4, 6)
    safe = at(enc, 6, 6)
    assert beside[trap].safest_provokers == ("B",) and beside[safe].safest_provokers == ()
    assert beside[trap].safest_cost == beside[safe].safest_cost
    commands, events = turn(enc)
    assert commands[0] == MoveCommand(CreatureId("m"), safe)
    assert provoked(events) == []
    assert powers_used(events, "m") == [("axe", ("A",))]


def test_melee_monster_does_not_end_its_move_in_dangerous_terrain_when_a_safe_cell_serves(kit: Kit) -> None:
    enc = encounter(kit, """
        ..m..
        .....
        ~~.~~
        ~~A~~
        ~~~~~
    """, acting="m")
    commands, events = turn(enc)
    st = enc.state
    m = st.creature(CreatureId("m"))
    assert st.board.damage_at(m.cell) is None
    assert not any(isinstance(e, ev.DamageDealt) and e.target == "m" for e in events)
    assert powers_used(events, "m") == [("axe", ("A",))]


def test_melee_monster_walks_round_a_fire_pit_rather_than_through_it(kit: Kit) -> None:
    """Issue 13, item 1: the AI's move (a command without a path: the safest path, README's movement
    ruling) goes round dangerous terrain when a harmless path within its speed reaches the same cell
    (before, every path it could take there went through the fire, and it stayed put)."""
    enc = encounter(kit, """
        .###.#
        m~~~.A
        .,...#
        ######
    """, acting="m")
    commands, events = turn(enc)
    assert isinstance(commands[0], MoveCommand) and commands[0].path is None
    assert not any(isinstance(e, ev.DamageDealt) and e.target == "m" for e in events)
    assert powers_used(events, "m") == [("axe", ("A",))]


def test_monster_with_nothing_in_reach_closes_in_on_the_nearest_hero_around_walls(kit: Kit) -> None:
    enc = encounter(kit, """
        m.........................
        #########################.
        ..........................
        A.........................
    """, acting="m", templates={"m": brute(kit, speed=5)})
    commands, _ = turn(enc)
    st = enc.state
    m, hero = st.creature(CreatureId("m")), st.creature(CreatureId("A"))
    assert [type(c) for c in commands] == [MoveCommand, MoveCommand, EndTurnCommand]  # a double move
    assert m.cell == at(enc, 10, 0)  # along the corridor toward the gap, the only way round
    assert st.distance(m, hero) == 10  # farther as the crow flies, nearer on foot


def test_prone_monster_stands_up_then_charges_since_its_move_action_is_spent(kit: Kit) -> None:
    enc = encounter(kit, """
        m.....
        ......
        ......
        .....A
    """, acting="m")
    m = enc.state.creature(CreatureId("m"))
    m.conditions.append(Condition(ConditionKind.PRONE, m.id, Duration.SAVE_ENDS))
    commands, events = turn(enc)
    assert isinstance(commands[0], StandUpCommand)
    assert isinstance(commands[1], ChargeCommand) and commands[1].target == "A"
    charge = [e for e in events if isinstance(e, ev.AttackRolled) and e.attacker == "m"]
    assert charge and "+1 charge" in charge[0].modifiers


# -- ranged creatures -------------------------------------------------------------------------


def archer(kit: Kit) -> Template:
    return sheet(kit, "archer", [weapon(kit, "knife", damage=DamageRoll(1, 4), basic=True),
                                 weapon(kit, "bow", kind=RangeKind.RANGED, range_=10,
                                        damage=DamageRoll(1, 10, 4), basic=True)],
                 role=Role.ARTILLERY, opportunity="knife")


def test_archer_next_to_a_hero_shifts_away_before_shooting(kit: Kit) -> None:
    enc = encounter(kit, """
        .......
        ..Aa...
        .......
    """, acting="a", templates={"a": archer(kit)})
    commands, events = turn(enc)
    st = enc.state
    a, hero = st.creature(CreatureId("a")), st.creature(CreatureId("A"))
    assert isinstance(commands[0], ShiftCommand)
    assert not st.is_adjacent(a, hero)
    assert powers_used(events, "a") == [("bow", ("A",))]
    assert provoked(events) == []


def test_archer_in_range_shoots_from_where_it_stands(kit: Kit) -> None:
    enc = encounter(kit, """
        A.......a
    """, acting="a", templates={"a": archer(kit)})
    commands, events = turn(enc)
    assert isinstance(commands[0], UsePowerCommand)
    assert powers_used(events, "a") == [("bow", ("A",))]


def test_archer_out_of_sight_moves_to_where_it_can_shoot_without_coming_adjacent(kit: Kit) -> None:
    enc = encounter(kit, """
        ..........
        ..........
        .###......
        .#a#......
        .###......
        ..........
        .........A
    """, acting="a", templates={"a": archer(kit)})
    # walled in: it cannot see A, and cannot get out (walls all round) -> nothing to do
    commands, _ = turn(enc)
    assert len(commands) == 1 and isinstance(commands[0], EndTurnCommand) and commands[0].creature == "a"
    enc = encounter(kit, """
        ..........
        ..........
        #.#.......
        #.#.......
        #a#.......
        ###.......
        ..........
        .........A
    """, acting="a", templates={"a": archer(kit)})
    commands, events = turn(enc)
    st = enc.state
    a, hero = st.creature(CreatureId("a")), st.creature(CreatureId("A"))
    assert isinstance(commands[0], MoveCommand)
    assert powers_used(events, "a") == [("bow", ("A",))]
    assert st.distance(a, hero) > 1


# -- powers ----------------------------------------------------------------------------------


def test_area_burst_is_centred_to_catch_two_heroes(kit: Kit) -> None:
    caster = sheet(kit, "caster", [weapon(kit, "bolt", kind=RangeKind.RANGED, range_=10, basic=True),
                                   weapon(kit, "fireball", kind=RangeKind.AREA_BURST, range_=10, size=1)])
    enc = encounter(kit, """
        c.........
        ..........
        ......A...
        .......B..
    """, acting="c", templates={"c": caster})
    _, events = turn(enc)
    used = powers_used(events, "c")
    assert used[0][0] == "fireball" and set(used[0][1]) == {"A", "B"}


def test_area_burst_that_would_catch_an_ally_is_not_used(kit: Kit) -> None:
    caster = sheet(kit, "caster", [weapon(kit, "bolt", kind=RangeKind.RANGED, range_=10, basic=True),
                                   weapon(kit, "fireball", kind=RangeKind.AREA_BURST, range_=10, size=1,
                                          targets=TargetKind.CREATURE)])
    enc = encounter(kit, """
        c.........
        ..........
        ......A...
        ......bB..
    """, acting="c", templates={"c": caster})
    _, events = turn(enc)
    assert [p for p, _ in powers_used(events, "c")] == ["bolt"]


def test_the_weakest_hero_in_reach_is_the_one_attacked(kit: Kit) -> None:
    enc = encounter(kit, """
        .A.
        .m.
        .B.
    """, acting="m")
    enc.state.creature(CreatureId("B")).hp = 6
    _, events = turn(enc)
    assert powers_used(events, "m") == [("axe", ("B",))]


def test_leader_heals_a_dying_ally_with_its_minor_action_then_attacks(kit: Kit) -> None:
    heal: Power = replace(kit.power("healing_word", kind=RangeKind.CLOSE_BURST, size=5,
                                    targets=TargetKind.SELF_OR_ALLY, heal=True), action=ActionType.MINOR)
    leader = sheet(kit, "leader", [weapon(kit, "mace", basic=True), heal], role=Role.LEADER)
    enc = encounter(kit, """
        L.D...
        m.....
        ......
    """, acting="L", templates={"L": leader})
    dying = enc.state.creature(CreatureId("D"))
    dying.hp, dying.dying = -3, True
    dying.conditions += [Condition(ConditionKind.PRONE, dying.id, Duration.ENCOUNTER),
                         Condition(ConditionKind.UNCONSCIOUS, dying.id, Duration.ENCOUNTER)]
    commands, events = turn(enc)
    assert isinstance(commands[0], UsePowerCommand) and commands[0].power == "healing_word"
    assert not dying.dying and dying.hp > 0
    assert ("mace", ("m",)) in powers_used(events, "L")


def test_leader_names_the_one_ally_a_one_target_burst_heal_should_heal(kit: Kit) -> None:
    """Issue 13, item 4: a close-burst heal that takes one target (max_targets in its file) heals only
    the ally the AI names, the one it is worth most on (the dying one), not everyone in the burst."""
    heal: Power = replace(kit.power("mending_word", kind=RangeKind.CLOSE_BURST, size=5,
                                    targets=TargetKind.SELF_OR_ALLY, heal=True), action=ActionType.MINOR,
                          max_targets=1, limits_area=True)
    leader = sheet(kit, "leader", [weapon(kit, "mace", basic=True), heal], role=Role.LEADER)
    enc = encounter(kit, """
        L.D.B.
        ......
        .....m
    """, acting="L", templates={"L": leader})
    dying = enc.state.creature(CreatureId("D"))
    dying.hp, dying.dying = -3, True
    dying.conditions += [Condition(ConditionKind.PRONE, dying.id, Duration.ENCOUNTER),
                         Condition(ConditionKind.UNCONSCIOUS, dying.id, Duration.ENCOUNTER)]
    enc.state.creature(CreatureId("B")).hp = 20
    commands, events = turn(enc)
    heals = [c for c in commands if isinstance(c, UsePowerCommand) and c.power == "mending_word"]
    assert [c.targets for c in heals] == [("D",)]
    assert [e.target for e in events if isinstance(e, ev.Healed)] == ["D"]


def test_ai_draws_no_random_numbers_of_its_own(kit: Kit) -> None:
    enc = encounter(kit, """
        ...m...
        .......
        ...Ab..
    """, acting="m")
    before = enc.dice.getstate()
    first = choose_command(enc, enc.state.creature(CreatureId("m")))
    assert enc.dice.getstate() == before
    assert choose_command(enc, enc.state.creature(CreatureId("m"))) == first


# -- whole sample encounters ----------------------------------------------------------------


@pytest.fixture(scope="module")
def samples() -> dict[str, Loaded]:
    return {name: build_encounter(MAPS / name) for name in SAMPLES}


def fresh(loaded: Loaded, seed: int) -> Loaded:
    """The same fight with another seed, from the start (content and map loaded once)."""
    st = loaded.encounter.state
    roster = [(c.id, c.name, c.side, c.template, c.cell) for c in st.creatures.values()]
    return Loaded(loaded.scenario, Encounter(st.board, roster, seed=seed, map_name=loaded.encounter.map_name,
                                             options=st.options), st.board)


@pytest.mark.parametrize("name", SAMPLES)
def test_ai_never_issues_an_impossible_command_in_twenty_seeded_sample_fights(samples: dict[str, Loaded],
                                                                              name: str) -> None:
    limit = int(samples[name].encounter.state.options.get("max_rounds", 50))
    for seed in range(1, 21):
        enc = play(fresh(samples[name], seed), auto=True, emit=lambda e: None)  # Impossible would raise here
        st = enc.state
        assert st.ended or st.round > limit, f"seed {seed}: stopped in round {st.round} without an end"
        cells = [cell for c in st.living() for cell in st.space(c)]
        assert len(cells) == len(set(cells)), f"seed {seed}: two creatures share a cell"


@pytest.mark.parametrize("name", ["crypt_skirmish.toml", "marsh_ambush.toml"])
def test_sample_fight_plays_to_the_end_with_a_winner(samples: dict[str, Loaded], name: str) -> None:
    loaded = samples[name]
    enc = play(fresh(loaded, loaded.scenario.seed), auto=True, emit=lambda e: None)
    assert enc.state.ended
    assert enc.state.winner in ("heroes", "monsters")
    assert enc.state.board.kind.value == ("square" if name.startswith("crypt") else "hex")


def test_same_seed_gives_the_same_fight_twice(samples: dict[str, Loaded]) -> None:
    logs = []
    for _ in range(2):
        events: list[ev.Event] = []
        play(fresh(samples["ridge_crossing.toml"], 4), auto=True, emit=events.append)
        logs.append(events)
    assert logs[0] == logs[1]
