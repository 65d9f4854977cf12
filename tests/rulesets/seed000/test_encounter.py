"""The encounter engine, one rule per test: turns, movement, attacks, damage, conditions, reactions.

Every test builds a small fight from an ASCII board (see ``conftest.py``:
``#`` wall, ``,`` difficult, ``~`` dangerous 1d6 fire, uppercase heroes,
lowercase monsters) with hand-made sheets, and scripts the dice: the
encounter's random stream is a :class:`ScriptedRandom` whose ``randint``
answers come from a queue, so an attack's natural roll is exactly the one the
test needs. After ``start`` the queue is strict: a roll the test did not
script fails the test, so each test also pins down which rolls a rule makes.

Seed clauses are quoted from ``seeds/000_286d0557333318ee.txt`` ("seed 000");
rulings from DESIGN.md ("ruling N").
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any, TypeVar
from unittest.mock import ANY

import pytest

from game.grid import Cell
from game.rulesets.seed000 import events as ev
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.commands import (ChargeCommand, EndTurnCommand, MoveCommand, ShiftCommand,
                                 StandUpCommand, UsePowerCommand)
from game.rulesets.seed000.encounter import Encounter, Impossible
from game.rulesets.seed000.model import (ActionType, Attack, ConditionKind, ConditionSpec, CreatureId, DamageRoll, Defense,
                              Defenses, Duration, ForcedKind, ForcedMovement, Frequency, Outcome, Power, PowerId,
                              Reach, RangeKind, Role, TargetKind, Template)
from game.rulesets.seed000.preparation import Preparation
from game.rulesets.seed000.state import Condition, Creature

Kit = Any  # the conftest helper object (see conftest.Kit)
E = TypeVar("E")


# -- scripted dice -------------------------------------------------------------------------


class ScriptedRandom(random.Random):
    """A random stream whose ``randint`` answers come from a queue (each checked against its range).

    With an empty queue it falls back on the seeded stream, unless ``strict``:
    then an unscripted roll is a test failure. Random *choices* (``randrange``,
    ``shuffle``) always come from the seeded stream.
    """

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.queue: list[int] = []
        self.strict = False

    def script(self, *values: int) -> None:
        self.queue.extend(values)

    def randint(self, a: int, b: int) -> int:
        if self.queue:
            value = self.queue.pop(0)
            assert a <= value <= b, f"scripted {value} is not a possible roll of {a}..{b}"
            return value
        assert not self.strict, f"an unscripted roll of {a}..{b}"
        return super().randint(a, b)


# -- sheets and powers ---------------------------------------------------------------------


def attack(pid: str = "mace", *, kind: RangeKind = RangeKind.MELEE, reach: int = 1, range_: int = 0,
           size: int = 0, bonus: int = 5, damage: DamageRoll | None = DamageRoll(1, 8, 2),
           hit: Outcome | None = None, miss: Outcome = Outcome(), effect: Outcome = Outcome(),
           action: ActionType = ActionType.STANDARD, basic: bool = False, max_targets: int = 1,
           marks: bool = False, targets: TargetKind = TargetKind.ENEMY) -> Power:
    """An at-will attack power: +5 vs AC, 1d8+2 damage, melee 1, unless told otherwise."""
    return Power(
        id=PowerId(pid), name=pid.replace("_", " ").title(), action=action, frequency=Frequency.AT_WILL,
        reach=Reach(kind, reach=reach, range=range_, size=size), targets=targets, max_targets=max_targets,
        attack=Attack(bonus, Defense.AC), hit=hit if hit is not None else Outcome(damage=damage),
        miss=miss, effect=effect, basic=basic, marks=marks,
    )


MACE = attack("mace", basic=True)
"""Melee basic attack: +5 vs AC, 1d8+2."""
BOW = attack("bow", kind=RangeKind.RANGED, range_=10, damage=DamageRoll(1, 6, 1))
"""Ranged 10: +5 vs AC, 1d6+1."""
HEAL = Power(id=PowerId("heal"), name="Heal", action=ActionType.MINOR, frequency=Frequency.AT_WILL,
             reach=Reach(RangeKind.RANGED, range=5), targets=TargetKind.SELF_OR_ALLY,
             effect=Outcome(heal_surge=True, heal_bonus=2))
"""Minor, ranged 5, self or ally: spend a healing surge and regain its value + 2."""
JAB = attack("jab", action=ActionType.MINOR, damage=DamageRoll(1, 4))
SHOUT = Power(id=PowerId("shout"), name="Shout", action=ActionType.FREE, frequency=Frequency.AT_WILL,
              reach=Reach(RangeKind.PERSONAL), targets=TargetKind.SELF)


def sheet(tid: str, *, hp: int = 30, speed: int = 6, surges: int = 0, minion: bool = False, ac: int = 16,
          powers: Sequence[Power] = (MACE,)) -> Template:
    return Template(id=tid, name=tid.title(), level=1, role=Role.MINION if minion else Role.SOLDIER, hp=hp,
                    defenses=Defenses(ac, 14, 14, 14), speed=speed, initiative=0, powers=tuple(powers),
                    minion=minion, surges=surges)


HERO = sheet("hero", surges=2, powers=(MACE, BOW, JAB, HEAL, SHOUT))
"""30 hp (bloodied at 15, surge value 7), 2 surges, speed 6, AC 16."""
MONSTER = sheet("monster", powers=(MACE, BOW))
"""30 hp, no surges: dies at 0."""
MINION = sheet("minion", hp=1, minion=True)


# -- fights --------------------------------------------------------------------------------


def fight(kit: Kit, text: str, *, sheets: Mapping[str, Template] | None = None, order: str = "",
          opening: Iterable[int] = (), hexes: bool = False, preparations: Mapping[str, Preparation] | None = None,
          options: dict[str, object] | None = None) -> tuple[Encounter, ScriptedRandom]:
    """A started encounter on ``text``; initiative in the order of the letters in ``order`` (default
    alphabetical: heroes first). ``opening`` scripts the rolls of the first turn's start;
    ``preparations`` are in force before the first turn; ``options`` are the encounter's."""
    letters = sorted({ch for ch in text if ch.isalpha()})
    templates = {c: (sheets or {}).get(c) or (HERO if c.isupper() else MONSTER) for c in letters}
    state = kit.state_from(text, hexes=hexes, templates=templates)
    roster = [(c.id, c.name, c.side, c.template, c.cell) for c in state.creatures.values()]
    encounter = Encounter(state.board, roster, seed=1, options=options)
    rng = ScriptedRandom(1)
    encounter.dice._random = rng
    for letter, preparation in (preparations or {}).items():
        encounter.set_preparation(CreatureId(letter), preparation)
    order = order or "".join(letters)
    assert sorted(order) == letters, "order must name every creature once"
    rng.script(*(20 - order.index(cid) for cid in state.creatures))
    rng.script(*opening)
    encounter.start()
    assert encounter.state.initiative == [CreatureId(c) for c in order]
    rng.strict = True
    return encounter, rng


def cell(encounter: Encounter, col: int, row: int) -> Cell:
    c: Cell = encounter.state.board.grid.offset_to_cell(col, row)
    return c


def who(encounter: Encounter, letter: str) -> Creature:
    return encounter.state.creatures[CreatureId(letter)]


def where(encounter: Encounter, letter: str) -> tuple[int, int]:
    return encounter.offset(who(encounter, letter).cell)


def move(encounter: Encounter, letter: str, col: int, row: int,
         path: Sequence[tuple[int, int]] | None = None) -> list[ev.Event]:
    route = tuple(cell(encounter, *p) for p in path) if path is not None else None
    return encounter.apply(MoveCommand(CreatureId(letter), cell(encounter, col, row), route))


def shift(encounter: Encounter, letter: str, col: int, row: int) -> list[ev.Event]:
    return encounter.apply(ShiftCommand(CreatureId(letter), cell(encounter, col, row)))


def use(encounter: Encounter, letter: str, power: str, *targets: str) -> list[ev.Event]:
    return encounter.apply(UsePowerCommand(CreatureId(letter), power, tuple(CreatureId(t) for t in targets)))


def end(encounter: Encounter, letter: str) -> list[ev.Event]:
    return encounter.apply(EndTurnCommand(CreatureId(letter)))


def of(events: Iterable[ev.Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def names(events: Iterable[ev.Event]) -> list[str]:
    return [ev.kind_of(e) for e in events]


def provoked(events: Iterable[ev.Event]) -> list[ev.ReactionTriggered]:
    """Opportunity attacks triggered: the built-in reactions of seed 000's "Opportunity attack" row."""
    return [e for e in of(events, ev.ReactionTriggered)
            if e.trigger in ("enemy_leaves_threatened_cell", "adjacent_enemy_uses_ranged_or_area")]


def spent(events: Iterable[ev.Event]) -> list[tuple[str, str]]:
    return [(e.action, e.spent_as) for e in of(events, ev.ActionSpent)]


def give(encounter: Encounter, letter: str, kind: ConditionKind, duration: Duration = Duration.ENCOUNTER,
         source: str = "gm") -> None:
    who(encounter, letter).conditions.append(Condition(kind, CreatureId(source), duration))


# -- initiative and turns ------------------------------------------------------------------


def test_initiative_orders_turns_and_rounds_follow_it(kit: Kit) -> None:
    """Encounter and turns: initiative (d20 + modifier, highest first) orders the turns; after the
    last creature's turn a new round starts with the first."""
    enc, rng = fight(kit, "A.b.C", order="bCA")
    rolled = of(enc.log, ev.InitiativeRolled)[0]
    assert rolled.order == ("b", "C", "A") and rolled.totals == (20, 19, 18)
    assert [d.purpose for d in of(enc.log, ev.DiceRolled)] == [f"initiative of {c}" for c in "ACb"]
    assert enc.state.acting_id == "b"
    turns = [e.creature for e in of(end(enc, "b") + end(enc, "C") + end(enc, "A"), ev.TurnStarted)]
    assert turns == ["C", "A", "b"]
    assert enc.state.round == 2 and of(enc.log, ev.RoundStarted)[-1].round == 2


def test_a_creature_acts_only_on_its_own_turn(kit: Kit) -> None:
    """Encounter and turns: each creature acts on its turn; a command for another is refused, unchanged."""
    enc, rng = fight(kit, "A...b")
    before = len(enc.log)
    with pytest.raises(Impossible, match="turn"):
        move(enc, "b", 3, 0)
    assert len(enc.log) == before and where(enc, "b") == (4, 0)


# -- action economy ------------------------------------------------------------------------


def test_a_turn_has_a_standard_a_move_and_a_minor_action_and_any_free_actions(kit: Kit) -> None:
    """Encounter and turns: a standard, a move and a minor action per turn, and free actions."""
    enc, rng = fight(kit, "A.......b")
    rng.script(2)  # a miss: no damage roll
    events = use(enc, "A", "bow", "b") + move(enc, "A", 1, 0) + use(enc, "A", "heal", "A")
    events += use(enc, "A", "shout") + use(enc, "A", "shout")
    assert spent(events) == [("standard", "standard"), ("move", "move"), ("minor", "minor"),
                             ("free", "free"), ("free", "free")]
    for refused in (lambda: use(enc, "A", "bow", "b"), lambda: move(enc, "A", 2, 0),
                    lambda: use(enc, "A", "heal", "A")):
        with pytest.raises(Impossible, match="left this turn"):
            refused()


def test_a_standard_action_can_be_traded_for_a_move_action(kit: Kit) -> None:
    """Encounter and turns: "a standard can be traded for a move": two moves, then no standard."""
    enc, rng = fight(kit, "A.........b")
    events = move(enc, "A", 3, 0) + move(enc, "A", 6, 0)
    assert spent(events) == [("move", "move"), ("move", "standard")]
    with pytest.raises(Impossible, match="no standard action left"):
        use(enc, "A", "bow", "b")
    assert spent(use(enc, "A", "heal", "A")) == [("minor", "minor")]


def test_standard_and_move_actions_can_be_traded_for_minor_actions(kit: Kit) -> None:
    """Encounter and turns: "a standard can be traded for a minor, a move for a minor": three minors."""
    enc, rng = fight(kit, "Ab")
    events = []
    for _ in range(3):
        rng.script(1)
        events += use(enc, "A", "jab", "b")
    assert spent(events) == [("minor", "minor"), ("minor", "move"), ("minor", "standard")]
    with pytest.raises(Impossible):
        use(enc, "A", "jab", "b")


def test_a_move_action_cannot_be_traded_for_a_standard(kit: Kit) -> None:
    """Encounter and turns: trades go down only (standard -> move -> minor), never up."""
    enc, rng = fight(kit, "A.b")
    rng.script(1)
    use(enc, "A", "bow", "b")
    with pytest.raises(Impossible, match="no standard action left"):
        use(enc, "A", "bow", "b")


def test_a_dazed_creature_takes_one_action_per_turn(kit: Kit) -> None:
    """Conditions, dazed: one action (standard, move or minor) per turn; free actions still allowed."""
    enc, rng = fight(kit, "A.......b")
    give(enc, "A", ConditionKind.DAZED)
    assert spent(move(enc, "A", 2, 0)) == [("move", "move")]
    with pytest.raises(Impossible):
        use(enc, "A", "heal", "A")
    with pytest.raises(Impossible):
        move(enc, "A", 3, 0)
    assert spent(use(enc, "A", "shout")) == [("free", "free")]


# -- movement ------------------------------------------------------------------------------


def test_a_move_goes_up_to_speed_cells(kit: Kit) -> None:
    """Move: up to the creature's speed (6) in cells."""
    enc, rng = fight(kit, """
        A.......
        #######b
    """)
    with pytest.raises(Impossible, match="speed 6"):
        move(enc, "A", 7, 0)
    events = move(enc, "A", 6, 0)
    assert where(enc, "A") == (6, 0) and len(of(events, ev.CreatureMoved)) == 6


def test_difficult_terrain_costs_double(kit: Kit) -> None:
    """Move: "difficult terrain costs double": three difficult cells take all of speed 6."""
    enc, rng = fight(kit, """
        A,,,..
        #####b
    """)
    with pytest.raises(Impossible):
        move(enc, "A", 4, 0)
    move(enc, "A", 3, 0)
    assert where(enc, "A") == (3, 0)
    assert tactics.path_cost(enc.state, who(enc, "A"), [cell(enc, 4, 0)]) == 1


def test_walls_block_movement(kit: Kit) -> None:
    """Move: "no walls": a wall cell is never entered, so the way round is the only way."""
    enc, rng = fight(kit, """
        A#...
        .#...
        ....b
    """)
    with pytest.raises(Impossible):
        move(enc, "A", 1, 0)
    with pytest.raises(Impossible):
        move(enc, "A", 2, 0, path=[(1, 0), (2, 0)])
    move(enc, "A", 2, 0)
    cells = [enc.offset(e.to) for e in of(enc.log, ev.CreatureMoved)]
    assert (1, 0) not in cells and (1, 1) not in cells and cells[-1] == (2, 0)


def test_a_move_passes_through_allies_but_never_ends_on_them(kit: Kit) -> None:
    """Move: "through allies but not ending on them"."""
    enc, rng = fight(kit, """
        AB..
        ####
        ...b
    """, order="ABb")
    with pytest.raises(Impossible):
        move(enc, "A", 1, 0)
    move(enc, "A", 2, 0)
    assert [enc.offset(e.to) for e in of(enc.log, ev.CreatureMoved)] == [(1, 0), (2, 0)]
    assert where(enc, "B") == (1, 0)


def test_a_move_never_passes_through_enemies(kit: Kit) -> None:
    """Move: "never through enemies"."""
    enc, rng = fight(kit, """
        Ab..
        ####
    """)
    with pytest.raises(Impossible):
        move(enc, "A", 2, 0)
    with pytest.raises(Impossible):
        move(enc, "A", 2, 0, path=[(1, 0), (2, 0)])
    assert where(enc, "A") == (0, 0) and not of(enc.log, ev.ActionSpent)


def test_a_shift_moves_one_cell_and_provokes_nothing(kit: Kit) -> None:
    """Shift: one cell, costs a move action, provokes no opportunity attack (DESIGN: threatened cells)."""
    enc, rng = fight(kit, """
        ....
        .Ab.
        ....
    """)
    with pytest.raises(Impossible):
        shift(enc, "A", 3, 1)
    events = shift(enc, "A", 0, 0)
    assert spent(events) == [("move", "move")]
    assert not provoked(events) and not of(events, ev.AttackRolled)
    assert [e.how for e in of(events, ev.CreatureMoved)] == ["shift"]
    with pytest.raises(Impossible):
        shift(enc, "A", 0, 2)  # two cells away from (0, 0)


def test_standing_up_costs_a_move_action_and_a_prone_creature_cannot_move(kit: Kit) -> None:
    """Stand up: a move action ends prone; prone, a creature cannot move or shift."""
    enc, rng = fight(kit, "A...b")
    give(enc, "A", ConditionKind.PRONE)
    for refused in (lambda: move(enc, "A", 2, 0), lambda: shift(enc, "A", 1, 0)):
        with pytest.raises(Impossible, match="prone"):
            refused()
    events = enc.apply(StandUpCommand(CreatureId("A")))
    assert spent(events) == [("move", "move")] and of(events, ev.StoodUp)
    assert not who(enc, "A").has(ConditionKind.PRONE)
    assert spent(move(enc, "A", 2, 0)) == [("move", "standard")]
    with pytest.raises(Impossible, match="not prone"):
        enc.apply(StandUpCommand(CreatureId("A")))


def test_a_charge_moves_then_attacks_at_plus_one_and_ends_the_other_actions(kit: Kit) -> None:
    """Charge: a move of at least 2 cells and a melee basic attack at +1 on an enemy; no move or minor
    after it."""
    enc, rng = fight(kit, """
        A....b
        B#####
    """)
    with pytest.raises(Impossible, match="at least 2"):
        enc.apply(ChargeCommand(CreatureId("A"), CreatureId("b"), cell(enc, 1, 0)))
    with pytest.raises(Impossible, match="charges enemies only"):
        enc.apply(ChargeCommand(CreatureId("A"), CreatureId("B"), cell(enc, 2, 0)))
    rng.script(10, 3)
    events = enc.apply(ChargeCommand(CreatureId("A"), CreatureId("b"), cell(enc, 4, 0)))
    assert spent(events) == [("standard", "standard")]
    assert [e.how for e in of(events, ev.CreatureMoved)] == ["charge"] * 4
    rolled = of(events, ev.AttackRolled)[0]
    assert rolled.total == 10 + 5 + 1 and "+1 charge" in rolled.modifiers and rolled.hit
    for refused in (lambda: move(enc, "A", 3, 0), lambda: use(enc, "A", "heal", "A")):
        with pytest.raises(Impossible):
            refused()
    assert spent(use(enc, "A", "shout")) == [("free", "free")]


# -- break points --------------------------------------------------------------------------


def breakpoints(events: Iterable[ev.Event]) -> list[tuple[str, str]]:
    return [(e.moment, e.step) for e in of(events, ev.BreakPoint)]


def test_a_move_is_one_leave_and_one_enter_break_point_per_cell(kit: Kit) -> None:
    """Break points: "a move is one step per cell, and leaving a cell and entering the next are distinct
    moments" (seed 000, "Move: square by square")."""
    enc, rng = fight(kit, "A...b")
    events = move(enc, "A", 2, 0)
    per_cell = [("before", "leave_cell"), ("after", "leave_cell"), ("before", "enter_cell"), ("after", "enter_cell")]
    assert breakpoints(events) == per_cell * 2
    kinds = [n for n in names(events) if n in ("break_point", "creature_moved")]
    assert kinds == ["break_point"] * 3 + ["creature_moved", "break_point"] + ["break_point"] * 3 + [
        "creature_moved", "break_point"]


def test_an_attack_is_target_roll_resolve_per_target_each_with_break_points(kit: Kit) -> None:
    """Break points: "an attack is target / roll / resolve per target" (seed 000, "Partial attack:
    Target, Hit roll, Hit/miss resolution"), each step with a break point before and after."""
    twin = attack("twin_strike", kind=RangeKind.RANGED, range_=10, max_targets=2, damage=DamageRoll(1, 4))
    enc, rng = fight(kit, "A...b.c", sheets={"A": sheet("archer", surges=1, powers=(MACE, twin))})
    rng.script(15, 2, 1)
    events = use(enc, "A", "twin_strike", "b", "c")
    per_target = [(m, s) for s in ("choose_target", "attack_roll", "resolve_attack") for m in ("before", "after")]
    assert breakpoints(events) == [("before", "start_power"), ("after", "start_power")] + per_target * 2
    rolls = of(events, ev.AttackRolled)
    assert [(r.target, r.natural, r.hit) for r in rolls] == [("b", 15, True), ("c", 1, False)]
    seq = names(events)
    assert seq.index("attack_rolled") < seq.index("damage_dealt") < len(seq) - 1 - seq[::-1].index("attack_rolled")


# -- attacks -------------------------------------------------------------------------------


def test_an_attack_hits_when_the_total_reaches_the_defense(kit: Kit) -> None:
    """Attacks: roll d20 + bonus against the defense; equal hits, one less misses."""
    enc, rng = fight(kit, "A.b")
    rng.script(11, 4)  # 11 + 5 = 16 = AC: hit, then 1d6+1 = 5
    hit = use(enc, "A", "bow", "b")
    end(enc, "A")
    rng.script(10)
    end(enc, "b")
    rng.script(10)  # 15 < 16
    missed = use(enc, "A", "bow", "b")
    assert [(r.total, r.hit) for r in of(hit + missed, ev.AttackRolled)] == [(16, True), (15, False)]
    assert [d.amount for d in of(hit + missed, ev.DamageDealt)] == [5]
    assert who(enc, "b").hp == 25


def test_a_natural_20_is_a_critical_hit_for_maximum_damage(kit: Kit) -> None:
    """Attacks: "natural 20 crits": it hits whatever the defense and deals maximum damage (no dice)."""
    enc, rng = fight(kit, "Ab", sheets={"b": sheet("armoured", ac=40)})
    rng.script(20)
    events = use(enc, "A", "mace", "b")
    rolled = of(events, ev.AttackRolled)[0]
    assert rolled.critical and rolled.hit and rolled.total < 40
    damage_roll = of(events, ev.DiceRolled)[-1]
    assert damage_roll.faces == () and damage_roll.total == 10 and "critical" in damage_roll.purpose
    assert who(enc, "b").hp == 20


def test_a_natural_1_always_misses(kit: Kit) -> None:
    """Attacks: a natural 1 misses even when the total beats the defense."""
    enc, rng = fight(kit, "Ab", sheets={"b": sheet("paper", ac=1)})
    rng.script(1)
    rolled = of(use(enc, "A", "mace", "b"), ev.AttackRolled)[0]
    assert rolled.natural == 1 and rolled.total > 1 and not rolled.hit
    assert who(enc, "b").hp == 30


def test_a_miss_with_half_damage_deals_half_the_hits_damage(kit: Kit) -> None:
    """Attacks: resolve hit or miss; a miss outcome of half damage rolls the hit's damage and halves it."""
    brand = attack("brand", miss=Outcome(half_damage=True))
    enc, rng = fight(kit, "Ab", sheets={"A": sheet("hero", surges=1, powers=(brand,))})
    rng.script(2, 7)  # miss; 7 + 2 = 9 -> 4
    events = use(enc, "A", "brand", "b")
    assert [d.amount for d in of(events, ev.DamageDealt)] == [4]


# -- damage, healing, dying ----------------------------------------------------------------


def test_temporary_hit_points_absorb_damage_first(kit: Kit) -> None:
    """Damage: temporary hit points are lost before real ones."""
    enc, rng = fight(kit, "Ab")
    who(enc, "b").temp_hp = 5
    rng.script(15, 6)  # 6 + 2 = 8 damage: 5 temporary, 3 real
    use(enc, "A", "mace", "b")
    assert (who(enc, "b").temp_hp, who(enc, "b").hp) == (0, 27)


def test_healing_spends_a_surge_and_never_goes_above_maximum(kit: Kit) -> None:
    """Healing: a surge restores the surge value (a quarter of maximum, 7) plus the power's bonus,
    capped at maximum hit points; without surges the surge part is lost."""
    enc, rng = fight(kit, "AB....b", order="ABb")
    a = who(enc, "A")
    a.hp = 10
    events = use(enc, "A", "heal", "A")
    assert (a.hp, a.surges) == (19, 1)
    assert of(events, ev.SurgeSpent) and of(events, ev.Healed)[0] == ev.Healed("A", 9, 19, True)
    a.hp = 29
    end(enc, "A")
    events = use(enc, "B", "heal", "A")
    assert a.hp == 30 and of(events, ev.Healed)[0].amount == 1 and a.surges == 0
    end(enc, "B")
    rng.script(1)
    end(enc, "b")
    a.hp = 10
    events = use(enc, "A", "heal", "A")
    assert a.hp == 12 and of(events, ev.Healed)[0].surge_spent is False


def test_bloodied_at_half_hit_points_is_announced_once(kit: Kit) -> None:
    """Damage: a creature is bloodied at half its hit points or fewer (15 of 30); the event comes
    once, when it crosses the line, not on every later hit."""
    big = attack("big", damage=DamageRoll(1, 10, 10))
    enc, rng = fight(kit, "Ab", sheets={"A": sheet("hero", surges=1, powers=(big, attack("small", damage=DamageRoll(1, 4), action=ActionType.MINOR)))})
    rng.script(15, 4)  # 14 damage: 16 hp, not bloodied
    first = use(enc, "A", "big", "b")
    rng.script(15, 1)  # 1 damage: 15 hp = half: bloodied
    second = use(enc, "A", "small", "b")
    rng.script(15, 1)  # 14 hp: still bloodied, no new event
    third = use(enc, "A", "small", "b")
    assert (of(first, ev.Bloodied), of(second, ev.Bloodied), of(third, ev.Bloodied)) == ([], [ev.Bloodied("b")], [])
    assert who(enc, "b").is_bloodied


def test_a_minion_dies_from_any_damage(kit: Kit) -> None:
    """Damage: "minions die from any damage": one point kills it."""
    enc, rng = fight(kit, "Ab.c", sheets={"b": MINION, "c": MINION})
    tap = attack("tap", damage=DamageRoll(0, 0, 1))
    who(enc, "b").template = replace(MINION, hp=20)
    enc.state.creatures[CreatureId("A")].template = replace(HERO, powers=(tap,))
    rng.script(15)
    events = use(enc, "A", "tap", "b")
    assert [e.amount for e in of(events, ev.DamageDealt)] == [1]
    assert of(events, ev.Died) == [ev.Died("b")] and who(enc, "b").dead


def test_a_minion_is_never_damaged_by_a_miss(kit: Kit) -> None:
    """Damage: a miss never damages a minion, even a power whose miss deals half damage."""
    brand = attack("brand", miss=Outcome(half_damage=True))
    hewn = attack("hewn", miss=Outcome(damage=DamageRoll(1, 4)))
    enc, rng = fight(kit, "Ab", sheets={"A": sheet("hero", surges=1, powers=(brand, hewn)), "b": MINION})
    rng.script(2)
    events = use(enc, "A", "brand", "b")
    end(enc, "A")
    end(enc, "b")
    rng.script(2, 3)
    events += use(enc, "A", "hewn", "b")
    assert not of(events, ev.DamageDealt) and not who(enc, "b").dead


def test_a_monster_dies_at_0_hit_points(kit: Kit) -> None:
    """Dying and death: a monster (no healing surges) dies when it drops to 0."""
    enc, rng = fight(kit, "Ab", sheets={"b": sheet("rat", hp=8)})
    rng.script(15, 6)  # 8 damage
    events = use(enc, "A", "mace", "b")
    assert of(events, ev.DroppedToZero) == [ev.DroppedToZero("b", False)] and of(events, ev.Died)
    assert who(enc, "b").dead and enc.state.occupant(cell(enc, 1, 0)) is None


def test_a_hero_at_0_hit_points_is_dying_unconscious_and_prone(kit: Kit) -> None:
    """Dying and death: a hero at 0 or fewer (but above minus its bloodied value) is dying:
    unconscious and prone, out of the fight but still filling its cell."""
    enc, rng = fight(kit, "bA.c", order="bAc")
    who(enc, "A").hp = 5
    rng.script(15, 4)  # 6 damage: -1
    events = use(enc, "b", "mace", "A")
    a = who(enc, "A")
    assert of(events, ev.DroppedToZero) == [ev.DroppedToZero("A", True)] and not of(events, ev.Died)
    assert a.dying and a.has(ConditionKind.UNCONSCIOUS) and a.has(ConditionKind.PRONE) and a.is_out
    assert enc.state.occupant(cell(enc, 1, 0)) is a
    assert of(events, ev.EncounterEnded) == [ev.EncounterEnded("monsters", 1)]


def test_a_dying_hero_makes_death_saves_and_dies_after_three_failures(kit: Kit) -> None:
    """Dying and death: a dying hero's turn is only a death saving throw (10+ succeeds); the third
    failure kills it."""
    enc, rng = fight(kit, "A.b.C", order="CbA")
    a = who(enc, "A")
    a.hp, a.dying = 0, True
    a.conditions.append(Condition(ConditionKind.UNCONSCIOUS, a.id, Duration.ENCOUNTER))
    saves = []
    for roll in (9, 10, 2, 1):
        end(enc, "C")
        rng.script(roll)  # A's turn follows b's and is only its death saving throw
        saves += of(end(enc, "b"), ev.SavingThrow)
    assert [(s.condition, s.roll, s.success) for s in saves] == [("dying", 9, False), ("dying", 10, True),
                                                                ("dying", 2, False), ("dying", 1, False)]
    assert a.dead and of(enc.log, ev.Died) == [ev.Died("A")]


def test_a_dying_hero_rolling_20_on_a_death_save_spends_a_surge(kit: Kit) -> None:
    """Dying and death: a natural 20 on a death saving throw spends a surge and wakes the hero."""
    enc, rng = fight(kit, "A.b.C", order="CbA")
    a = who(enc, "A")
    a.hp, a.dying = -3, True
    a.conditions.append(Condition(ConditionKind.UNCONSCIOUS, a.id, Duration.ENCOUNTER))
    end(enc, "C")
    rng.script(20)
    events = end(enc, "b")
    assert of(events, ev.Healed) == [ev.Healed("A", 7, 7, True)]
    assert not a.dying and not a.has(ConditionKind.UNCONSCIOUS) and a.hp == 7


def test_a_hero_dies_at_minus_its_bloodied_value(kit: Kit) -> None:
    """Dying and death: a hero dies when its hit points reach minus its bloodied value (-15 of 30),
    at once from a big hit, or later while dying."""
    big = attack("big", damage=DamageRoll(0, 0, 20))
    enc, rng = fight(kit, "CbA...D", order="bACD", sheets={"b": sheet("ogre", powers=(big,))})
    who(enc, "A").hp = 5
    c = who(enc, "C")
    c.hp, c.dying = -12, True
    rng.script(15)
    events = use(enc, "b", "big", "A")  # 5 - 20 = -15
    assert of(events, ev.DroppedToZero) == [ev.DroppedToZero("A", False)] and who(enc, "A").dead
    c.conditions.append(Condition(ConditionKind.ONGOING_DAMAGE, CreatureId("b"), Duration.SAVE_ENDS, value=3))
    events = end(enc, "b")  # A is dead and skipped; C's turn starts with 3 ongoing damage: -15
    assert of(events, ev.Died) == [ev.Died("C")] and not of(events, ev.DroppedToZero) and c.dead
    assert enc.state.acting_id == "D"


def test_healing_a_dying_hero_starts_from_0_and_wakes_it(kit: Kit) -> None:
    """Healing: a dying hero healed counts from 0 hit points and is no longer dying or unconscious."""
    enc, rng = fight(kit, "AB..b", order="BAb")
    a = who(enc, "A")
    a.hp, a.dying = -5, True
    a.conditions += [Condition(ConditionKind.UNCONSCIOUS, a.id, Duration.ENCOUNTER),
                     Condition(ConditionKind.PRONE, a.id, Duration.ENCOUNTER)]
    use(enc, "B", "heal", "A")
    assert a.hp == 9 and not a.dying and not a.has(ConditionKind.UNCONSCIOUS) and a.has(ConditionKind.PRONE)


# -- conditions ----------------------------------------------------------------------------


def test_a_prone_target_grants_combat_advantage_to_melee_attacks(kit: Kit) -> None:
    """Conditions, prone: melee attackers have combat advantage against a prone creature (+2)."""
    enc, rng = fight(kit, "Ab")
    give(enc, "b", ConditionKind.PRONE)
    rng.script(9, 1)
    melee = of(use(enc, "A", "mace", "b"), ev.AttackRolled)[0]
    assert melee.total == 16 and melee.modifiers == ("+2 combat advantage: target is prone",) and melee.hit


def test_prone_modifiers(kit: Kit) -> None:
    """Conditions, prone: "-2 attacker prone" and "+2 defense: target prone against a ranged attack"."""
    enc, rng = fight(kit, "A...b", order="Ab")
    give(enc, "A", ConditionKind.PRONE)
    give(enc, "b", ConditionKind.PRONE)
    rng.script(12)
    rolled = of(use(enc, "A", "bow", "b"), ev.AttackRolled)[0]
    assert rolled.total == 12 + 5 - 2 and "-2 attacker prone" in rolled.modifiers
    assert rolled.defense_value == 18 and not rolled.hit
    assert not any("advantage" in m for m in rolled.modifiers)


@pytest.mark.parametrize("kind", [ConditionKind.DAZED, ConditionKind.STUNNED, ConditionKind.BLINDED,
                                  ConditionKind.GRANTING_ADVANTAGE, ConditionKind.UNCONSCIOUS,
                                  ConditionKind.DOMINATED])
def test_conditions_that_grant_combat_advantage_give_plus_2(kit: Kit, kind: ConditionKind) -> None:
    """Combat advantage from conditions (+2), shown in AttackRolled.modifiers, even for ranged attacks."""
    enc, rng = fight(kit, "A...b")
    give(enc, "b", kind)
    rng.script(9, 1)
    rolled = of(use(enc, "A", "bow", "b"), ev.AttackRolled)[0]
    assert rolled.total == 9 + 5 + 2 and rolled.hit
    assert [m for m in rolled.modifiers if "combat advantage" in m] == [f"+2 combat advantage: target is {kind.value}"
                                                                         if kind is not ConditionKind.GRANTING_ADVANTAGE
                                                                         else "+2 combat advantage: target grants combat advantage"]


def test_flanking_gives_combat_advantage_to_melee_attacks_only(kit: Kit) -> None:
    """Combat advantage from flanking: an ally on the opposite side of the target; +2 for melee,
    nothing for a ranged attack."""
    enc, rng = fight(kit, """
        .....
        .AbB.
        .....
    """, order="ABb")
    rng.script(9, 1)
    melee = of(use(enc, "A", "mace", "b"), ev.AttackRolled)[0]
    assert melee.total == 16 and melee.modifiers == ("+2 combat advantage: flanking with B",)
    end(enc, "A")
    rng.script(10, 9)  # B's bow provokes b's opportunity attack first (ranged power while adjacent)
    rng.script(9)
    events = use(enc, "B", "bow", "b")
    ranged = [r for r in of(events, ev.AttackRolled) if r.attacker == "B"][0]
    assert ranged.modifiers == () and ranged.total == 14


def test_stunned_creatures_lose_their_turn_and_threaten_nothing(kit: Kit) -> None:
    """Conditions, stunned: no actions (its turn passes at once) and no opportunity attacks."""
    enc, rng = fight(kit, "Ab..C", order="CAb")
    give(enc, "A", ConditionKind.STUNNED)
    events = end(enc, "C")
    assert names(events).count("turn_started") == 2 and enc.state.acting_id == "b"
    assert [e.creature for e in of(events, ev.TurnEnded)] == ["C", "A"]
    assert not tactics.threatened_cells(enc.state, who(enc, "A"))


def test_immobilized_creatures_cannot_move_or_shift(kit: Kit) -> None:
    """Conditions, immobilized: no move, no shift (speed 0); it can still attack."""
    enc, rng = fight(kit, "A..b")
    give(enc, "A", ConditionKind.IMMOBILIZED)
    for refused in (lambda: move(enc, "A", 1, 0), lambda: shift(enc, "A", 1, 0)):
        with pytest.raises(Impossible):
            refused()
    rng.script(1)
    assert of(use(enc, "A", "bow", "b"), ev.AttackRolled)


def test_slowed_creatures_move_at_most_2(kit: Kit) -> None:
    """Conditions, slowed: speed 2."""
    enc, rng = fight(kit, "A....b")
    give(enc, "A", ConditionKind.SLOWED)
    with pytest.raises(Impossible, match="speed 2"):
        move(enc, "A", 3, 0)
    move(enc, "A", 2, 0)
    assert where(enc, "A") == (2, 0)


def test_marked_creatures_take_minus_2_against_others_than_the_marker(kit: Kit) -> None:
    """Conditions, marked: -2 to attacks that do not target the creature that marked it."""
    enc, rng = fight(kit, "bA.C", order="bAC")
    give(enc, "b", ConditionKind.MARKED, source="C")
    rng.script(10, 1)
    rolled = of(use(enc, "b", "mace", "A"), ev.AttackRolled)[0]
    assert rolled.total == 13 and rolled.modifiers == ("-2 marked by C",)


def test_marked_creatures_attack_their_marker_normally(kit: Kit) -> None:
    """Conditions, marked: no penalty against the marker."""
    enc, rng = fight(kit, "bC", order="bC")
    give(enc, "b", ConditionKind.MARKED, source="C")
    rng.script(10, 1)
    rolled = of(use(enc, "b", "mace", "C"), ev.AttackRolled)[0]
    assert rolled.total == 15 and rolled.modifiers == ()


def test_a_mark_power_marks_on_a_hit_and_a_new_mark_replaces_the_old(kit: Kit) -> None:
    """Conditions, marked: a creature has one mark at a time; the newest replaces the others."""
    brand = attack("brand", marks=True)
    enc, rng = fight(kit, "AbB", order="ABb", sheets={"A": sheet("a", surges=1, powers=(brand,)),
                                                      "B": sheet("b", surges=1, powers=(brand,))})
    rng.script(15, 1)
    use(enc, "A", "brand", "b")
    end(enc, "A")
    rng.script(15, 1)
    use(enc, "B", "brand", "b")
    marks = [c for c in who(enc, "b").conditions if c.kind is ConditionKind.MARKED]
    assert [(c.source, c.duration) for c in marks] == [("B", Duration.END_OF_SOURCE_NEXT_TURN)]


def test_weakened_creatures_deal_half_damage(kit: Kit) -> None:
    """Conditions, weakened: its attacks deal half damage (rounded down)."""
    enc, rng = fight(kit, "Ab")
    give(enc, "A", ConditionKind.WEAKENED)
    rng.script(15, 7)  # 7 + 2 = 9 -> 4
    assert [d.amount for d in of(use(enc, "A", "mace", "b"), ev.DamageDealt)] == [4]


def test_a_dazed_creature_takes_no_opportunity_attacks(kit: Kit) -> None:
    """Conditions, dazed: no reactions, so leaving the cells it threatens provokes nothing."""
    enc, rng = fight(kit, """
        .....
        .bA..
        .....
    """)
    give(enc, "b", ConditionKind.DAZED)
    events = move(enc, "A", 4, 1)
    assert not provoked(events) and where(enc, "A") == (4, 1)


# -- durations -----------------------------------------------------------------------------


def inflict(pid: str, kind: ConditionKind, duration: Duration, value: int = 0) -> Power:
    """A melee attack without damage that inflicts one condition on a hit."""
    return attack(pid, hit=Outcome(conditions=(ConditionSpec(kind, duration, value=value, damage_kind="fire"
                                                             if value else ""),)))


def turn_of(encounter: Encounter) -> str:
    return str(encounter.state.acting_id)


def test_until_the_end_of_the_sources_next_turn(kit: Kit) -> None:
    """Durations: "until the end of someone's next turn", the source's: inflicted on the source's
    turn, it lasts through the target's turn and ends when the source's next turn ends."""
    daze = inflict("daze", ConditionKind.DAZED, Duration.END_OF_SOURCE_NEXT_TURN)
    enc, rng = fight(kit, "Ab", sheets={"A": sheet("a", surges=1, powers=(daze,))})
    rng.script(15)
    use(enc, "A", "daze", "b")
    end(enc, "A")
    assert who(enc, "b").has(ConditionKind.DAZED)
    end(enc, "b")
    assert who(enc, "b").has(ConditionKind.DAZED)
    events = end(enc, "A")
    assert of(events, ev.ConditionEnded) == [ev.ConditionEnded("b", "dazed", "end of A's turn")]
    assert not who(enc, "b").has(ConditionKind.DAZED)


def test_until_the_end_of_the_targets_next_turn(kit: Kit) -> None:
    """Durations: "until the end of someone's next turn", the target's: it ends with the target's turn."""
    slow = inflict("slow", ConditionKind.SLOWED, Duration.END_OF_TARGET_NEXT_TURN)
    enc, rng = fight(kit, "Ab", sheets={"A": sheet("a", surges=1, powers=(slow,))})
    rng.script(15)
    use(enc, "A", "slow", "b")
    end(enc, "A")
    assert who(enc, "b").speed() == 2
    events = end(enc, "b")
    assert of(events, ev.ConditionEnded) == [ev.ConditionEnded("b", "slowed", "end of b's turn")]


def test_a_condition_inflicted_on_the_targets_own_turn_lasts_until_the_end_of_its_next_one(kit: Kit) -> None:
    """Durations: "the target's next turn" is the one after the current one when inflicted during its
    own turn (here by an opportunity attack)."""
    slow = inflict("slow", ConditionKind.SLOWED, Duration.END_OF_TARGET_NEXT_TURN)
    enc, rng = fight(kit, """
        ......
        .bA...
        ......
    """, order="Ab", sheets={"b": sheet("b", powers=(replace(slow, basic=True),))})
    rng.script(15)
    move(enc, "A", 4, 1)
    assert who(enc, "A").has(ConditionKind.SLOWED)
    end(enc, "A")
    end(enc, "b")
    assert who(enc, "A").has(ConditionKind.SLOWED)
    assert of(end(enc, "A"), ev.ConditionEnded)


def test_until_the_start_of_the_sources_next_turn(kit: Kit) -> None:
    """Durations: "until the start of the source's next turn"."""
    expose = inflict("expose", ConditionKind.GRANTING_ADVANTAGE, Duration.START_OF_SOURCE_NEXT_TURN)
    enc, rng = fight(kit, "Ab", sheets={"A": sheet("a", surges=1, powers=(expose,))})
    rng.script(15)
    use(enc, "A", "expose", "b")
    assert who(enc, "b").has(ConditionKind.GRANTING_ADVANTAGE)
    events = end(enc, "A") + end(enc, "b")
    assert of(events, ev.ConditionEnded) == [
        ev.ConditionEnded("b", "granting combat advantage", "start of A's turn")]
    assert names(events).index("condition_ended") > names(events).index("turn_started")


def test_save_ends_conditions_end_on_a_saving_throw_of_10_or_more(kit: Kit) -> None:
    """Durations: "save ends": a saving throw (d20, 10 or more) at the end of each of the target's
    turns; 9 keeps it."""
    immobilize = inflict("pin", ConditionKind.IMMOBILIZED, Duration.SAVE_ENDS)
    enc, rng = fight(kit, "Ab", sheets={"A": sheet("a", surges=1, powers=(immobilize,))})
    rng.script(15)
    use(enc, "A", "pin", "b")
    end(enc, "A")
    rng.script(9)
    events = end(enc, "b")
    assert of(events, ev.SavingThrow) == [ev.SavingThrow("b", "immobilized", 9, False)]
    assert who(enc, "b").has(ConditionKind.IMMOBILIZED)
    assert [d.purpose for d in of(events, ev.DiceRolled)] == ["saving throw of b against immobilized"]
    end(enc, "A")
    rng.script(10)
    events = end(enc, "b")
    assert of(events, ev.SavingThrow) == [ev.SavingThrow("b", "immobilized", 10, True)]
    assert of(events, ev.ConditionEnded) == [ev.ConditionEnded("b", "immobilized", "saved")]
    assert not who(enc, "b").has(ConditionKind.IMMOBILIZED)


def test_ongoing_damage_hits_at_the_start_of_the_targets_turn(kit: Kit) -> None:
    """Ongoing damage: dealt at the start of each of the target's turns, before it acts (save ends)."""
    burn = inflict("burn", ConditionKind.ONGOING_DAMAGE, Duration.SAVE_ENDS, value=5)
    enc, rng = fight(kit, "Ab", sheets={"A": sheet("a", surges=1, powers=(burn,))})
    rng.script(15)
    events = use(enc, "A", "burn", "b")
    assert of(events, ev.ConditionApplied)[0].condition == "ongoing 5 fire"
    assert who(enc, "b").hp == 30
    events = end(enc, "A")
    assert of(events, ev.DamageDealt) == [ev.DamageDealt("b", 5, "fire", 25, "A", "ongoing damage")]
    assert names(events).index("turn_started") < names(events).index("damage_dealt")
    rng.script(12)
    end(enc, "b")
    assert not who(enc, "b").conditions and of(end(enc, "A"), ev.DamageDealt) == []


def test_a_condition_from_a_dead_source_still_ends_when_its_turn_would_have(kit: Kit) -> None:
    """Durations: a creature killed before "its next turn" ends no longer has turns; what it inflicted
    until the end (or start) of its next turn ends when that turn would have come, not never."""
    daze = inflict("daze", ConditionKind.DAZED, Duration.END_OF_SOURCE_NEXT_TURN)
    expose = inflict("expose", ConditionKind.GRANTING_ADVANTAGE, Duration.START_OF_SOURCE_NEXT_TURN)
    enc, rng = fight(kit, "aBc", order="aBc", sheets={"a": sheet("a", hp=5, powers=(daze, replace(expose, action=ActionType.MINOR)))})
    rng.script(15, 15)
    use(enc, "a", "daze", "B")
    use(enc, "a", "expose", "B")
    end(enc, "a")
    rng.script(15, 8)  # 10 damage: a dies
    use(enc, "B", "mace", "a")
    assert who(enc, "a").dead
    events = end(enc, "B") + end(enc, "c")  # a's turn would have come between c's and B's
    assert sorted(e.condition for e in of(events, ev.ConditionEnded)) == ["dazed", "granting combat advantage"]
    assert not who(enc, "B").conditions and enc.state.acting_id == "B"


# -- dangerous terrain ---------------------------------------------------------------------


def test_dangerous_terrain_deals_its_damage_to_a_creature_entering_it(kit: Kit) -> None:
    """Dangerous terrain: its damage (here 1d6 fire) when a creature enters it, cell by cell."""
    enc, rng = fight(kit, """
        A~~..
        #####
        ....b
    """)
    rng.script(4, 2)
    events = move(enc, "A", 3, 0, path=[(1, 0), (2, 0), (3, 0)])
    assert [(d.amount, d.kind, d.reason) for d in of(events, ev.DamageDealt)] == [
        (4, "fire", "entered dangerous terrain"), (2, "fire", "entered dangerous terrain")]
    assert [d.purpose for d in of(events, ev.DiceRolled)] == ["dangerous terrain under A"] * 2
    assert who(enc, "A").hp == 24 and where(enc, "A") == (3, 0)


def test_a_move_without_a_path_walks_round_dangerous_terrain(kit: Kit) -> None:
    """A move command without a path takes the safest path, which (README's movement ruling) avoids
    dangerous terrain when a harmless path is within speed: no damage, no roll (the dice are strict)."""
    enc, rng = fight(kit, """
        .###..
        A~~~..
        .,....
        .....b
    """)
    rng.strict = True
    events = move(enc, "A", 4, 1)
    assert not of(events, ev.DamageDealt)
    assert where(enc, "A") == (4, 1)


def test_a_shift_command_walks_round_dangerous_terrain(kit: Kit) -> None:
    """A power's "shift 2" to the player's cell takes the safest of its paths, round the lava."""
    step = Power(id=PowerId("slip"), name="Slip", action=ActionType.MINOR, frequency=Frequency.AT_WILL,
                 reach=Reach(RangeKind.PERSONAL), targets=TargetKind.SELF, effect=Outcome(shift_self=2))
    enc, rng = fight(kit, """
        A~.
        ...
        ..b
    """, sheets={"A": sheet("a", powers=(MACE, step))})
    rng.strict = True
    events = enc.apply(UsePowerCommand(CreatureId("A"), "slip", (CreatureId("A"),), shift_to=cell(enc, 2, 0)))
    assert not of(events, ev.DamageDealt)
    assert where(enc, "A") == (2, 0)


def test_dangerous_terrain_deals_its_damage_to_a_creature_starting_its_turn_there(kit: Kit) -> None:
    """Dangerous terrain: its damage when a creature starts its turn there (before it acts)."""
    enc, rng = fight(kit, "A~..b", order="bA")
    who(enc, "A").cell = cell(enc, 1, 0)
    rng.script(3)
    events = end(enc, "b")
    assert of(events, ev.DamageDealt) == [ev.DamageDealt("A", 3, "fire", 27, "A", "starts its turn in dangerous terrain")]
    assert names(events).index("turn_started") < names(events).index("damage_dealt")
    move(enc, "A", 2, 0)
    assert who(enc, "A").hp == 27  # leaving costs nothing


# -- opportunity attacks and interrupts ----------------------------------------------------


def test_leaving_a_threatened_cell_by_moving_provokes_an_opportunity_attack_before_the_step(kit: Kit) -> None:
    """Opportunity attacks (DESIGN, threatened cells): leaving a cell an enemy threatens by moving
    provokes it; the attack is an Interrupt (seed 000, "Opportunity attack: Reaction, Interrupt,
    Spontaneous, Repeatable") and resolves before the mover leaves."""
    enc, rng = fight(kit, """
        ......
        .bA...
        ......
    """)
    rng.script(15, 3)  # b's mace: hit, 5 damage
    events = move(enc, "A", 4, 1)
    assert [(e.by, e.reactor, e.detail) for e in provoked(events)] == [("A", "b", "A leaves (2, 1), which it threatens")]
    seq = names(events)
    first_move = seq.index("creature_moved")
    assert seq.index("reaction_triggered") < seq.index("attack_rolled") < first_move
    rolled = of(events, ev.AttackRolled)[0]
    assert (rolled.attacker, rolled.target, rolled.power, rolled.hit) == ("b", "A", "mace", True)
    assert who(enc, "A").hp == 25 and where(enc, "A") == (4, 1)
    before_leave = [i for i, e in enumerate(events) if isinstance(e, ev.BreakPoint) and e.step == "leave_cell"]
    assert before_leave[0] < seq.index("reaction_triggered") < before_leave[1]


def test_moving_within_threatened_cells_provokes_each_enemy_once_per_move(kit: Kit) -> None:
    """Ruling 14: one action provokes a given reactor at most once, so a move that leaves two cells b
    threatens provokes one opportunity attack."""
    enc, rng = fight(kit, """
        .....
        .Ab..
        .....
    """)
    rng.script(2)
    events = move(enc, "A", 3, 2, path=[(2, 2), (3, 2)])
    assert [e.reactor for e in provoked(events)] == ["b"]
    assert len(of(events, ev.AttackRolled)) == 1 and where(enc, "A") == (3, 2)


def test_a_reactor_takes_one_opportunity_attack_per_creature_turn(kit: Kit) -> None:
    """Ruling 14 / ruling 2: per-turn budget of one non-Free reaction: a second move that provokes the
    same reactor in the same turn gets no second attack; the next turn the budget is fresh."""
    enc, rng = fight(kit, """
        .....
        .Ab..
        .....
    """)
    rng.script(2)
    first = move(enc, "A", 2, 0)  # provokes: b attacks (misses)
    second = move(enc, "A", 2, 2)  # (2, 0) is threatened too: provoked again, no attack
    assert [e.reactor for e in provoked(first + second)] == ["b", "b"]
    assert len(of(first, ev.AttackRolled)) == 1 and not of(second, ev.AttackRolled)
    assert of(second, ev.BudgetChecked) == [
        ev.BudgetChecked("b", "opportunity_attack", False, "already used its non-Free reaction during A's turn")]
    end(enc, "A")
    end(enc, "b")
    rng.script(2)
    assert len(of(move(enc, "A", 4, 2), ev.AttackRolled)) == 1


def test_an_opportunity_attack_that_fizzles_is_not_spent(kit: Kit) -> None:
    """Ruling 10: a reaction is spent only when it resolves. r's opportunity attack pushes the mover out
    of s's reach, so s's fizzles; when the mover later leaves a cell s threatens in the same turn,
    s still has its reaction (r, whose attack resolved, has not)."""
    bash = replace(attack("bash", hit=Outcome(forced=ForcedMovement(ForcedKind.PUSH, 1))), basic=True)
    enc, rng = fight(kit, """
        s.....
        rM....
        ......
    """, order="Mrs", sheets={"r": sheet("r", powers=(bash,))})
    rng.script(15)  # r's bash hits: M is pushed to (2, y), out of s's reach
    events = move(enc, "M", 5, 1)
    assert [e.reactor for e in provoked(events)] == ["r", "s"]
    assert [(f.reactor, f.power) for f in of(events, ev.ReactionFizzled)] == [("s", "opportunity_attack")]
    assert [(f.step, f.actor) for f in of(events, ev.StepFizzled)] == [("leave_cell", "M")]
    landed = where(enc, "M")
    assert landed[0] == 2
    end_at = (2, 0) if landed != (2, 0) else (2, 2)
    rng.script(2)  # s's opportunity attack
    events = move(enc, "M", *end_at, path=[(1, 1), end_at])
    assert [e.reactor for e in provoked(events)] == ["r", "s"]
    assert [(r.attacker, r.target) for r in of(events, ev.AttackRolled)] == [("s", "M")]
    assert [(b.reactor, b.allowed, b.reason) for b in of(events, ev.BudgetChecked)] == [
        ("r", False, "already used its non-Free reaction during M's turn"), ("s", True, ANY)]


def test_a_shift_out_of_threatened_cells_provokes_nothing(kit: Kit) -> None:
    """Opportunity attacks: leaving a threatened cell by shifting provokes nothing."""
    enc, rng = fight(kit, """
        ....
        .bA.
        ....
    """)
    events = shift(enc, "A", 3, 1)
    assert not provoked(events) and where(enc, "A") == (3, 1)


HIT_AND_RUN = attack("hit_and_run", effect=Outcome(move_self=3))
"""Melee: +5 vs AC, 1d8+2; then the user moves up to 3 (a move, ``move_self``)."""


def use_and_move(encounter: Encounter, letter: str, power: str, target: str, col: int, row: int) -> list[ev.Event]:
    return encounter.apply(UsePowerCommand(CreatureId(letter), power, (CreatureId(target),),
                                           shift_to=cell(encounter, col, row)))


def test_a_power_that_moves_its_user_on_its_own_turn_goes_where_the_command_says_and_provokes(kit: Kit) -> None:
    """README (content, ``move_self``): on its user's own turn a power's "move yourself N" goes to the
    cell the command names (``shift_to``), as a real move: leaving a cell an enemy threatens provokes
    (seed 000, line 89: "paths that normally provoke Opportunity Attacks"; unlike a shift). A hits b,
    then moves 3 away, leaving b's reach: b's opportunity attack interrupts the move."""
    enc, rng = fight(kit, """
        .......
        .bA....
        .......
    """, order="Ab", sheets={"A": sheet("a", surges=1, powers=(MACE, HIT_AND_RUN))})
    rng.script(15, 3, 2)  # A hits b (5); b's opportunity attack misses A
    events = use_and_move(enc, "A", "hit_and_run", "b", 5, 1)
    decision = next(d for d in of(events, ev.Decision) if d.what == "move A")
    assert (decision.chosen, decision.reason) == ("(5, 1)", "chosen by the player")
    assert [e.reactor for e in provoked(events)] == ["b"] and where(enc, "A") == (5, 1)
    assert [m.how for m in of(events, ev.CreatureMoved)] == ["move"] * 3
    kinds = names(events)
    assert kinds.index("damage_dealt") < kinds.index("reaction_triggered") < kinds.index("creature_moved")


def test_a_power_that_moves_its_user_refuses_a_cell_that_move_cannot_reach(kit: Kit) -> None:
    """README (content, ``move_self``): a destination the move cannot reach is refused with the reason,
    and nothing changes (no action spent, no roll): 4 cells away is beyond "move 3"; slowed, so is 3
    (a move goes at most the user's speed: slowed, 2); a wall is a wall."""
    enc, rng = fight(kit, """
        ......#
        .bA....
        .......
    """, order="Ab", sheets={"A": sheet("a", surges=1, powers=(MACE, HIT_AND_RUN))})
    with pytest.raises(Impossible, match=r"Hit And Run cannot move A to \(6, 1\): out of reach of a move of up to 3"):
        use_and_move(enc, "A", "hit_and_run", "b", 6, 1)
    with pytest.raises(Impossible, match=r"cannot move A to \(6, 0\): a wall"):
        use_and_move(enc, "A", "hit_and_run", "b", 6, 0)
    give(enc, "A", ConditionKind.SLOWED)
    with pytest.raises(Impossible, match=r"cannot move A to \(5, 1\): out of reach of a move of up to 2"):
        use_and_move(enc, "A", "hit_and_run", "b", 5, 1)
    assert enc.state.budget.standard and where(enc, "A") == (2, 1)


def test_forced_movement_out_of_threatened_cells_provokes_nothing(kit: Kit) -> None:
    """Opportunity attacks: forced movement provokes nothing (DESIGN, geometry rulings: push, pull, slide)."""
    shove = attack("shove", hit=Outcome(forced=ForcedMovement(ForcedKind.PUSH, 1)))
    enc, rng = fight(kit, """
        #####
        #Ab.#
        #####
    """, order="Ab", sheets={"A": sheet("a", surges=1, powers=(MACE, shove))})
    rng.script(15)
    events = use(enc, "A", "shove", "b")
    assert [e.how for e in of(events, ev.CreatureMoved)] == ["push"] and where(enc, "b") == (3, 1)
    assert not provoked(events)


def test_a_ranged_power_used_next_to_an_enemy_provokes_it_once(kit: Kit) -> None:
    """Opportunity attacks: using a ranged power while adjacent to an enemy provokes it, once per
    power even with two targets; the attack resolves before the power's first attack roll."""
    twin = attack("twin_shot", kind=RangeKind.RANGED, range_=10, max_targets=2, damage=DamageRoll(1, 4))
    enc, rng = fight(kit, "Ab..c", sheets={"A": sheet("archer", surges=1, powers=(MACE, twin))})
    rng.script(2)  # b's opportunity attack misses
    rng.script(2, 2)  # A's two attack rolls miss
    events = use(enc, "A", "twin_shot", "b", "c")
    assert [(e.by, e.reactor, e.detail) for e in provoked(events)] == [("A", "b", "A uses Twin Shot (ranged) next to it")]
    assert [(r.attacker, r.target) for r in of(events, ev.AttackRolled)] == [("b", "A"), ("A", "b"), ("A", "c")]
    seq = names(events)
    assert seq.index("reaction_triggered") < seq.index("power_used")


@pytest.mark.parametrize("hexes", [False, True])
def test_an_area_burst_may_be_centred_exactly_where_burst_origins_says(kit: Kit, hexes: bool) -> None:
    """Targets: an area burst's centre is a board cell, not a wall, within range and line of effect;
    ``check_power`` accepts a centre exactly when ``tactics.burst_origins`` lists it (a large user too)."""
    fireball = attack("fireball", kind=RangeKind.AREA_BURST, range_=4, size=1, damage=None, hit=Outcome())
    mage = sheet("mage", surges=1, powers=(MACE, fireball))
    text = """
        . . . # . . . .
         . A . # . . . b
        . . . # # . . .
         . . . . . . # .
        . . . . . . # .
    """ if hexes else """
        ...#....
        .AA#...b
        .AA##...
        ......#.
        ......#.
    """
    big = replace(mage, size=2) if not hexes else mage
    enc, _ = fight(kit, text, sheets={"A": big}, hexes=hexes)
    st, a = enc.state, who(enc, "A")
    origins = tactics.burst_origins(st, a, fireball)
    assert origins and any(st.board.is_wall(c) for c in st.board)
    for c in [*st.board, cell(enc, -1, 0), cell(enc, 8, 4)]:
        try:
            enc.check_power(a, fireball, (), c)
            accepted = True
        except Impossible:
            accepted = False
        assert accepted == (c in origins), c


def test_an_area_burst_provokes_and_a_close_burst_does_not(kit: Kit) -> None:
    """Opportunity attacks: "using a ranged or area power while adjacent" provokes; a close burst is
    not an area power (ruling: as in the 4e rules seed 000 translates from, close attacks do not provoke)."""
    fireball = attack("fireball", kind=RangeKind.AREA_BURST, range_=10, size=1, damage=None, hit=Outcome())
    sweep = attack("sweep", kind=RangeKind.CLOSE_BURST, size=1, damage=None, hit=Outcome(),
                   action=ActionType.MINOR)
    enc, rng = fight(kit, """
        Ab.....
        .......
        .....c.
    """, sheets={"A": sheet("mage", surges=1, powers=(MACE, fireball, sweep))})
    rng.script(2, 2)  # b's opportunity attack, A's attack on c
    events = enc.apply(UsePowerCommand(CreatureId("A"), "fireball", (), cell(enc, 5, 2)))
    assert [e.reactor for e in provoked(events)] == ["b"]
    rng.script(2)
    events = use(enc, "A", "sweep")
    assert not provoked(events) and [r.target for r in of(events, ev.AttackRolled)] == ["b"]


def test_an_opportunity_attack_that_kills_the_mover_stops_the_move_which_stays_spent(kit: Kit) -> None:
    """Ruling 6 (Interrupt): an interrupt that makes the rest of the action impossible: the remaining
    move steps fizzle and the move action stays spent; the creature's turn is over."""
    enc, rng = fight(kit, """
        ......
        .Ba...
        ......
        .....c
    """, order="aBc", sheets={"a": sheet("rat", hp=5)})
    rng.script(15, 5)  # B's mace: 7 damage, the rat dies
    events = move(enc, "a", 5, 1)
    assert spent(events) == [("move", "move")]
    assert of(events, ev.Died) == [ev.Died("a")] and not of(events, ev.CreatureMoved)
    fizzled = of(events, ev.StepFizzled)
    assert [(f.step, f.actor) for f in fizzled] == [("leave_cell", "a")] and "down" in fizzled[0].reason
    assert "5 later steps" in fizzled[0].reason
    assert enc.state.acting_id == "B"


def test_an_opportunity_attack_that_immobilizes_the_mover_stops_the_move_which_stays_spent(kit: Kit) -> None:
    """Ruling 6 (Interrupt) and ruling 14 ("a mover stopped is stopped"): the mover stays where it was,
    the rest of the move fizzles, the move action is spent; its standard action is still there."""
    pin = replace(inflict("pin", ConditionKind.IMMOBILIZED, Duration.SAVE_ENDS), basic=True)
    enc, rng = fight(kit, """
        ......
        .bA...
        ......
    """, sheets={"b": sheet("b", powers=(pin,))})
    rng.script(15)
    events = move(enc, "A", 5, 1)
    assert where(enc, "A") == (2, 1) and not of(events, ev.CreatureMoved)
    assert [f.step for f in of(events, ev.StepFizzled)] == ["leave_cell"]
    assert spent(events) == [("move", "move")] and enc.state.budget.move is False
    with pytest.raises(Impossible):
        move(enc, "A", 3, 1)
    rng.script(2)
    assert spent(use(enc, "A", "mace", "b")) == [("standard", "standard")]


def test_a_move_stopped_in_an_allys_cell_goes_back_to_the_last_cell_it_could_stop_on(kit: Kit) -> None:
    """Move: "through allies but not ending on them", with ruling 6: an interrupt that stops the mover
    while it passes an ally leaves it where it may not stay; it goes back to the last free cell of
    its way (ruling: no two creatures ever share a cell)."""
    pin = replace(inflict("pin", ConditionKind.IMMOBILIZED, Duration.SAVE_ENDS), basic=True)
    enc, rng = fight(kit, """
        #######
        AB....c
        ##b####
    """, order="ABbc", sheets={"b": sheet("b", powers=(pin,))})
    rng.script(15)  # b's opportunity attack as A leaves B's cell: immobilized
    events = move(enc, "A", 4, 1)
    moves = [(e.how, enc.offset(e.origin), enc.offset(e.to)) for e in of(events, ev.CreatureMoved)]
    assert moves == [("move", (0, 1), (1, 1)), ("return", (1, 1), (0, 1))]
    assert where(enc, "A") == (0, 1) and where(enc, "B") == (1, 1)
    assert names(events).index("step_fizzled") < len(events) - 1 - names(events)[::-1].index("creature_moved")


def test_a_large_creature_provokes_when_any_cell_of_its_space_is_threatened(kit: Kit) -> None:
    """Opportunity attacks: a large creature moves as a unit; leaving a position where any cell of its
    space is threatened provokes (tactics ruling), not only its anchor cell."""
    enc, rng = fight(kit, """
        .......
        .gg....
        .gg....
        ...A...
    """, order="gA", sheets={"g": replace(MONSTER, size=2)})
    rng.script(2)
    events = move(enc, "g", 4, 0, path=[(2, 0), (3, 0), (4, 0)])
    assert [e.reactor for e in provoked(events)] == ["A"]


# -- forced movement -----------------------------------------------------------------------


def test_forced_movement_lands_on_dangerous_terrain_first_and_logs_why(kit: Kit) -> None:
    """Seed 000, "Forced movement: If one or more spaces with dangerous terrain are available, choose
    one at random": the choice is a Decision event with its reason and candidate count."""
    shove = attack("shove", hit=Outcome(forced=ForcedMovement(ForcedKind.PUSH, 1)))
    enc, rng = fight(kit, """
        ....~
        ..Ab.
        .....
    """, order="Ab", sheets={"A": sheet("a", surges=1, powers=(MACE, shove))})
    rng.script(15, 6)  # hit; 6 fire on landing
    events = use(enc, "A", "shove", "b")
    decision = of(events, ev.Decision)[0]
    assert decision.what == "push b" and decision.chosen == "(4, 0)"
    assert decision.candidates == ("(4, 0)", "(4, 1)", "(4, 2)")
    assert decision.reason == "dangerous terrain, 1 of 1"
    assert where(enc, "b") == (4, 0)
    assert of(events, ev.DamageDealt) == [ev.DamageDealt("b", 6, "fire", 24, "b", "entered dangerous terrain")]
    seq = names(events)
    assert seq.index("decision") < seq.index("creature_moved") < seq.index("damage_dealt")


def test_forced_movement_without_dangerous_terrain_goes_the_full_distance(kit: Kit) -> None:
    """Seed 000, "Forced movement: Otherwise, choose an available space at random, at the maximum
    forced movement distance"."""
    shove = attack("shove", hit=Outcome(forced=ForcedMovement(ForcedKind.PUSH, 2)))
    enc, rng = fight(kit, """
        .......
        ..Ab...
        .......
    """, order="Ab", sheets={"A": sheet("a", surges=1, powers=(MACE, shove))})
    rng.script(15)
    events = use(enc, "A", "shove", "b")
    decision = of(events, ev.Decision)[0]
    assert decision.reason.startswith("maximum distance 2")
    assert enc.state.board.grid.distance(who(enc, "A").cell, who(enc, "b").cell) == 3
    assert len(of(events, ev.CreatureMoved)) == 2


def test_a_players_landing_choice_overrides_the_automatic_decision(kit: Kit) -> None:
    """Forced movement: a landing the player chose (a legal one) is used, logged as chosen."""
    shove = attack("shove", hit=Outcome(forced=ForcedMovement(ForcedKind.PUSH, 1)))
    enc, rng = fight(kit, """
        ....~
        ..Ab.
        .....
    """, order="Ab", sheets={"A": sheet("a", surges=1, powers=(MACE, shove))})
    rng.script(15)
    events = enc.apply(UsePowerCommand(CreatureId("A"), "shove", (CreatureId("b"),),
                                       landings=((CreatureId("b"), cell(enc, 4, 2)),)))
    assert of(events, ev.Decision)[0].reason == "chosen by the player" and where(enc, "b") == (4, 2)


# -- the end -------------------------------------------------------------------------------


def test_the_encounter_ends_when_one_side_is_left_standing(kit: Kit) -> None:
    """Encounter: victory when every creature of the other sides is dead or dying; then nothing is
    allowed any more."""
    enc, rng = fight(kit, "Ab", sheets={"b": sheet("rat", hp=3)})
    rng.script(15, 1)
    events = use(enc, "A", "mace", "b")
    assert events[-1] == ev.EncounterEnded("heroes", 1)
    assert enc.state.ended and enc.state.winner == "heroes" and enc.state.acting_id is None
    with pytest.raises(Impossible, match="over"):
        end(enc, "A")


# -- how many targets, and why not ---------------------------------------------------------


WORD = Power(id=PowerId("word"), name="Word", action=ActionType.MINOR, frequency=Frequency.AT_WILL,
             reach=Reach(RangeKind.CLOSE_BURST, size=5), targets=TargetKind.SELF_OR_ALLY,
             effect=Outcome(heal_surge=True, heal_bonus=3), max_targets=1, limits_area=True)
"""A close burst 5 heal for "you or one ally": max_targets 1 in its file."""


def test_a_close_burst_with_max_targets_heals_only_the_one_target_named(kit: Kit) -> None:
    """Issue 13, item 4: "You or one ally" (a close burst, max_targets 1) heals the one creature the
    user names, and spends one surge, however many allies stand in the burst."""
    healer = sheet("healer", surges=2, powers=(MACE, WORD))
    enc, _ = fight(kit, """
        A.B.C
        .....
        ....d
    """, sheets={"A": healer, "B": HERO, "C": HERO})
    for c in "ABC":
        who(enc, c).hp = 10
    events = enc.apply(UsePowerCommand(CreatureId("A"), "word", (CreatureId("C"),)))
    assert [h.target for h in of(events, ev.Healed)] == ["C"]
    assert [s.creature for s in of(events, ev.SurgeSpent)] == ["C"]
    assert who(enc, "A").hp == who(enc, "B").hp == 10


def test_an_area_power_refuses_more_targets_than_its_max_or_none_when_its_area_holds_more(kit: Kit) -> None:
    """max_targets holds for every range kind: two names for a one-target burst are refused with the
    reason, and so is naming none when the burst holds more than one (the user must choose)."""
    healer = sheet("healer", surges=2, powers=(MACE, WORD))
    enc, _ = fight(kit, "A.B.C\n....d", sheets={"A": healer})
    with pytest.raises(Impossible, match="at most 1 different target"):
        enc.apply(UsePowerCommand(CreatureId("A"), "word", (CreatureId("B"), CreatureId("C"))))
    with pytest.raises(Impossible, match="takes at most 1 of the 3 creatures in its area"):
        enc.apply(UsePowerCommand(CreatureId("A"), "word", ()))
    with pytest.raises(Impossible, match="d is not a valid target of Word: d is not A or an ally"):
        enc.apply(UsePowerCommand(CreatureId("A"), "word", (CreatureId("d"),)))


def test_an_area_power_without_max_targets_still_takes_everyone_in_it(kit: Kit) -> None:
    """An area or close power whose file gives no max_targets hits every valid creature in its area."""
    burst = attack("whirl", kind=RangeKind.CLOSE_BURST, size=1)
    enc, rng = fight(kit, """
        .b.
        cAd
        ...
    """, sheets={"A": sheet("a", powers=(MACE, burst))})
    rng.script(15, 3, 15, 3, 15, 3)
    events = use(enc, "A", "whirl")
    assert of(events, ev.PowerUsed)[0].targets == ("b", "c", "d")


def test_a_refused_target_says_why(kit: Kit) -> None:
    """Issue 13, item 14: an invalid target is refused with the reason (tactics.target_problem): out of
    range, no line of effect, not an enemy."""
    enc, _ = fight(kit, """
        A.#.b
        B....
        .....
        .....
        .....
        .....
        .....
        ....c
    """)
    with pytest.raises(Impossible, match="b is not a valid target of Mace: out of reach: 4 cells, reach 1"):
        use(enc, "A", "mace", "b")
    with pytest.raises(Impossible, match="b is not a valid target of Bow: no line of effect"):
        use(enc, "A", "bow", "b")
    with pytest.raises(Impossible, match="B is not a valid target of Bow: B is not an enemy"):
        use(enc, "A", "bow", "B")
    with pytest.raises(Impossible, match="c is not a valid target of Jab: out of reach: 7 cells, reach 1"):
        use(enc, "A", "jab", "c")
