"""Dice and determinism, and a state machine over random small fights.

"One seeded random stream per encounter; every roll and every random choice is
logged (expression, faces, total, purpose). The same seed and the same commands
give the same event log, byte for byte." The logs are compared as the public
JSON lines (``events.to_json``), exactly as ``python -m game run --json``
prints them.

The state machine draws a small board (square or hex, with walls, difficult and
dangerous terrain), a few creatures with hand-made sheets, and a seed; then
applies random *legal-looking* commands: moves and shifts to cells
``tactics.reachable`` gives, powers on targets ``tactics.valid_targets`` gives,
charges, standing up, ending the turn. After every step it checks the
invariants of the rules; at the end it replays the commands on a fresh
encounter with the same seed and compares the logs byte for byte.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule, run_state_machine_as_test

from game.grid import Cell
from game.rulesets.seed000 import events as ev
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.commands import (ChargeCommand, Command, EndTurnCommand, MoveCommand, ShiftCommand,
                                 StandUpCommand, UsePowerCommand)
from game.rulesets.seed000.encounter import Encounter, Impossible
from game.rulesets.seed000.model import (ActionType, Attack, ConditionKind, ConditionSpec, CreatureId, DamageRoll, Defense,
                              Defenses, Duration, ForcedKind, ForcedMovement, Frequency, Outcome, Power, PowerId,
                              Reach, ReactionSpec, ReactionTarget, RangeKind, Restriction, RestrictionKind, Role,
                              TargetKind, Template)
from game.rulesets.seed000.preparation import (Preparation, basic_attacks, default_preparation, is_limited, is_spontaneous,
                                    reaction_powers, restriction_fits)
from game.rulesets.seed000.state import EncounterState

Kit = Any  # the conftest helper object (see conftest.Kit)


# -- sheets --------------------------------------------------------------------------------


def _power(pid: str, kind: RangeKind = RangeKind.MELEE, *, range_: int = 0, size: int = 0,
           damage: DamageRoll | None = DamageRoll(1, 6, 2), conditions: Sequence[ConditionSpec] = (),
           forced: ForcedMovement | None = None, action: ActionType = ActionType.STANDARD, basic: bool = False,
           max_targets: int = 1, frequency: Frequency = Frequency.AT_WILL, marks: bool = False,
           miss: Outcome = Outcome()) -> Power:
    return Power(id=PowerId(pid), name=pid.replace("_", " ").title(), action=action, frequency=frequency,
                 reach=Reach(kind, range=range_, size=size), max_targets=max_targets, attack=Attack(5, Defense.AC),
                 hit=Outcome(damage=damage, conditions=tuple(conditions), forced=forced), miss=miss, basic=basic,
                 marks=marks)


def _cond(kind: ConditionKind, duration: Duration = Duration.SAVE_ENDS, value: int = 0) -> ConditionSpec:
    return ConditionSpec(kind, duration, value=value, damage_kind="fire" if value else "")


MACE = _power("mace", basic=True)
POWERS = {
    "shove": _power("shove", forced=ForcedMovement(ForcedKind.PUSH, 2),
                    conditions=(_cond(ConditionKind.DAZED, Duration.END_OF_SOURCE_NEXT_TURN),)),
    "trip": _power("trip", conditions=(_cond(ConditionKind.PRONE, Duration.ENCOUNTER),), action=ActionType.MINOR,
                   damage=None),
    "pin": _power("pin", conditions=(_cond(ConditionKind.IMMOBILIZED), _cond(ConditionKind.WEAKENED,
                                                                             Duration.END_OF_TARGET_NEXT_TURN))),
    "brand": _power("brand", marks=True, miss=Outcome(half_damage=True)),
    "bow": _power("bow", RangeKind.RANGED, range_=6, max_targets=2, basic=True),
    "hook": _power("hook", RangeKind.RANGED, range_=4, forced=ForcedMovement(ForcedKind.PULL, 2),
                   conditions=(_cond(ConditionKind.SLOWED, Duration.END_OF_TARGET_NEXT_TURN),)),
    "fireball": _power("fireball", RangeKind.AREA_BURST, range_=5, size=1, frequency=Frequency.ENCOUNTER,
                       conditions=(_cond(ConditionKind.ONGOING_DAMAGE, value=2),)),
    "sweep": _power("sweep", RangeKind.CLOSE_BURST, size=1, forced=ForcedMovement(ForcedKind.SLIDE, 1)),
    "gust": _power("gust", RangeKind.CLOSE_BLAST, size=2, forced=ForcedMovement(ForcedKind.PUSH, 1),
                   conditions=(_cond(ConditionKind.STUNNED, Duration.END_OF_SOURCE_NEXT_TURN),),
                   frequency=Frequency.DAILY),
    "dart": Power(id=PowerId("dart"), name="Dart", action=ActionType.STANDARD, frequency=Frequency.AT_WILL,
                  reach=Reach(RangeKind.MELEE), attack=Attack(5, Defense.AC), hit=Outcome(damage=DamageRoll(1, 4)),
                  effect=Outcome(move_self=2)),
    "heal": Power(id=PowerId("heal"), name="Heal", action=ActionType.MINOR, frequency=Frequency.ENCOUNTER,
                  reach=Reach(RangeKind.RANGED, range=5), targets=TargetKind.SELF_OR_ALLY,
                  effect=Outcome(heal_surge=True, heal_bonus=1)),
}


def _reaction(pid: str, trigger: str, keywords: str, *, attack: bool = False, hit: Outcome = Outcome(),
              effect: Outcome = Outcome(), frequency: Frequency = Frequency.AT_WILL, parameter: str = "",
              personal: bool = False) -> Power:
    """A reaction power: a melee 1 attack (``attack``), else an effect on the triggering enemy, or on its
    user (``personal``)."""
    return Power(id=PowerId(pid), name=pid.replace("_", " ").title(), action=ActionType.REACTION,
                 frequency=frequency, reach=Reach(RangeKind.PERSONAL if personal else RangeKind.MELEE),
                 targets=TargetKind.SELF if personal else TargetKind.ENEMY,
                 attack=Attack(5, Defense.AC) if attack else None, hit=hit, effect=effect,
                 reaction=ReactionSpec(trigger, parameter, frozenset(keywords.split()), target=ReactionTarget.TRIGGER))


REACTIONS = {
    "dodge": _reaction("dodge", "targeted_by_attack", "interrupt", effect=Outcome(shift_self=1), personal=True,
                       frequency=Frequency.ENCOUNTER),
    "riposte": _reaction("riposte", "hit_by_attack", "", attack=True, hit=Outcome(damage=DamageRoll(1, 4))),
    "scorch": _reaction("scorch", "hit_by_attack", "spontaneous free repeatable interrupt",
                        effect=Outcome(damage=DamageRoll(0, 0, 2, "fire"))),
    "rally": _reaction("rally", "becomes_bloodied", "spontaneous", effect=Outcome(heal_bonus=3), personal=True),
    "last_strike": _reaction("last_strike", "drops_to_zero", "spontaneous", attack=True,
                             hit=Outcome(damage=DamageRoll(1, 6))),
    "shake_off": _reaction("shake_off", "suffers_condition", "spontaneous", effect=Outcome(shift_self=1),
                           personal=True, parameter="slowed"),
    "surge_boost": _reaction("surge_boost", "spends_surge", "spontaneous free repeatable",
                             effect=Outcome(heal_bonus=1), personal=True),
    "quick": _reaction("quick", "initiative_rolled", "spontaneous free", effect=Outcome(shift_self=1), personal=True),
    "follow_up": _reaction("follow_up", "own_action", "personal", effect=Outcome(shift_self=1), personal=True,
                           parameter="standard"),
    "guard": _reaction("guard", "adjacent_ally_attacked", "spontaneous", attack=True,
                       hit=Outcome(forced=ForcedMovement(ForcedKind.PUSH, 1))),
    "bind": _reaction("bind", "enemy_ends_move_adjacent", "", attack=True,
                      hit=Outcome(conditions=(_cond(ConditionKind.SLOWED, Duration.END_OF_TARGET_NEXT_TURN),))),
    "catch": _reaction("catch", "enemy_leaves_threatened_cell", "interrupt", attack=True,
                       hit=Outcome(forced=ForcedMovement(ForcedKind.SLIDE, 1))),
    "chase": _reaction("chase", "adjacent_ally_attacked", "spontaneous free", effect=Outcome(move_self=2),
                       personal=True),
}
"""Every trigger and every keyword at least once (the opportunity attacks are built in)."""


def _sheet(tid: str, powers: Sequence[str], *, hp: int = 14, speed: int = 5, surges: int = 0,
           minion: bool = False, reactions: Sequence[str] = ()) -> Template:
    return Template(id=tid, name=tid.title(), level=1, role=Role.MINION if minion else Role.SOLDIER, hp=hp,
                    defenses=Defenses(14, 13, 13, 13), speed=speed, initiative=len(tid) % 3,
                    powers=(MACE,) + tuple(POWERS[p] for p in powers) + tuple(REACTIONS[r] for r in reactions),
                    minion=minion, surges=surges)


HEROES = [
    _sheet("fighter", ["shove", "trip", "brand"], hp=18, surges=2,
           reactions=["guard", "riposte", "rally", "catch", "chase"]),
    _sheet("archer", ["bow", "fireball"], hp=12, speed=6, surges=2, reactions=["dodge", "quick", "follow_up"]),
    _sheet("cleric", ["heal", "sweep", "hook"], hp=14, surges=2, reactions=["surge_boost", "shake_off", "bind"]),
]
MONSTERS = [
    _sheet("brute", ["pin", "gust"], hp=16, reactions=["scorch", "last_strike", "riposte"]),
    _sheet("skirmisher", ["bow", "trip", "dart"], hp=10, speed=7, reactions=["dodge", "bind", "shake_off"]),
    _sheet("minion", [], hp=1, minion=True, reactions=["last_strike"]),
]


# -- fights --------------------------------------------------------------------------------


Roster = list[tuple[CreatureId, str, str, Template, Cell]]


def setup(kit: Kit, text: str, sheets: dict[str, Template], hexes: bool = False) -> tuple[EncounterState, Roster]:
    state = kit.state_from(text, hexes=hexes, templates=sheets)
    roster = [(c.id, c.name, c.side, c.template, c.cell) for c in state.creatures.values()]
    return state, roster


def json_lines(encounter: Encounter) -> list[str]:
    return [json.dumps(ev.to_json(e, encounter.offset), separators=(",", ":")) for e in encounter.log]


def simple_policy(encounter: Encounter) -> Command:
    """A deterministic player: attack the first valid target with the first usable power, else walk
    towards the nearest enemy, else end the turn."""
    st_ = encounter.state
    actor = st_.acting
    assert actor is not None
    if actor.has(ConditionKind.PRONE):
        if encounter.ruleset.spend(st_, actor, ActionType.MOVE, check_only=True):
            return StandUpCommand(actor.id)
        return EndTurnCommand(actor.id)
    for power in actor.template.powers:
        if power.reach.kind not in (RangeKind.MELEE, RangeKind.RANGED) or power.targets is not TargetKind.ENEMY:
            continue
        targets = tactics.valid_targets(st_, actor, power)
        if targets:
            command = UsePowerCommand(actor.id, power.id, (targets[0].id,))
            try:
                encounter.check_power(actor, power, command.targets, None)
            except Impossible:
                continue
            if encounter.ruleset.spend(st_, actor, power.action, check_only=True):
                return command
    if encounter.ruleset.spend(st_, actor, ActionType.MOVE, check_only=True) and st_.budget.moved_cells == 0:
        routes = tactics.reachable(st_, actor)
        enemies = [c for c in st_.enemies_of(actor) if not c.is_out]
        if routes and enemies:
            grid = st_.board.grid

            def score(c: Cell) -> tuple[int, int, tuple[int, int]]:
                return (min(grid.distance(c, e.cell) for e in enemies), routes[c].cost, encounter.offset(c))

            return MoveCommand(actor.id, min(routes, key=score))
    return EndTurnCommand(actor.id)


BOARD = """
    ..........
    .A......a.
    .B..,,..b.
    ....~~....
    .C.#..#.c.
    ..........
"""
SHEETS = {"A": HEROES[0], "B": HEROES[1], "C": HEROES[2], "a": MONSTERS[0], "b": MONSTERS[1], "c": MONSTERS[2]}


def play(kit: Kit, seed: int, commands: Sequence[Command] | None = None, *, limit: int = 400) -> tuple[Encounter, list[Command]]:
    """Play BOARD with ``seed``: the given commands, or the simple policy's until the end."""
    state, roster = setup(kit, BOARD, SHEETS)
    encounter = Encounter(state.board, roster, seed=seed, map_name="test board")
    encounter.start()
    played: list[Command] = []
    if commands is not None:
        for command in commands:
            encounter.apply(command)
        return encounter, list(commands)
    while not encounter.state.ended and len(played) < limit:
        command = simple_policy(encounter)
        encounter.apply(command)
        played.append(command)
    return encounter, played


def test_the_same_seed_and_commands_give_the_same_log_byte_for_byte(kit: Kit) -> None:
    """Determinism: "The same seed and the same commands give the same event log, byte for byte"
    (compared as the JSON lines of ``--json``)."""
    first, commands = play(kit, 3)
    assert first.state.ended and len(commands) > 20
    again, _ = play(kit, 3, commands)
    assert json_lines(again) == json_lines(first)
    assert "\n".join(json_lines(again)).encode() == "\n".join(json_lines(first)).encode()


def test_a_different_seed_gives_a_different_log(kit: Kit) -> None:
    """Determinism: another seed, another fight."""
    assert json_lines(play(kit, 3)[0]) != json_lines(play(kit, 4)[0])


def test_every_random_draw_is_logged_with_expression_faces_total_and_purpose(kit: Kit) -> None:
    """Dice: "every roll and every random choice is logged (expression, faces, total, purpose)": the
    encounter's random stream never moves between two events unless the second is the log of a
    roll or a choice; each roll's total is its faces plus its bonus."""
    state, roster = setup(kit, BOARD, SHEETS)
    encounter = Encounter(state.board, roster, seed=11)
    last = [encounter.dice.getstate()]
    unlogged: list[str] = []

    def check(event: ev.Event) -> None:
        now = encounter.dice.getstate()
        if isinstance(event, (ev.DiceRolled, ev.RandomChoice)):
            last[0] = now
        elif now != last[0]:
            unlogged.append(ev.kind_of(event))
            last[0] = now

    encounter.listen(check)
    encounter.start()
    while not encounter.state.ended:
        encounter.apply(simple_policy(encounter))
    assert not unlogged
    rolls = [e for e in encounter.log if isinstance(e, ev.DiceRolled)]
    assert any(r.expression.startswith("1d20") for r in rolls) and any(r.expression == "1d6+2" for r in rolls)
    for r in rolls:
        assert r.purpose and r.expression
        if r.faces:
            count, _, rest = r.expression.partition("d")
            sides, _, bonus = rest.replace("-", "+-").partition("+")
            assert len(r.faces) == int(count) and all(1 <= f <= int(sides) for f in r.faces)
            assert r.total == sum(r.faces) + int(bonus or 0)
    line = json.loads(json_lines(encounter)[[i for i, e in enumerate(encounter.log) if isinstance(e, ev.DiceRolled)][0]])
    assert set(line) == {"event", "expression", "faces", "total", "purpose"}


def test_the_engine_never_uses_the_random_modules_global_stream(kit: Kit, monkeypatch: pytest.MonkeyPatch) -> None:
    """Dice: "one seeded random stream per encounter": the ``random`` module's globals are never
    touched (a fight plays the same with them broken)."""
    expected = json_lines(play(kit, 5)[0])

    def broken(*args: object, **kwargs: object) -> None:
        raise AssertionError("the global random stream was used")

    for name in ("random", "randint", "randrange", "choice", "choices", "shuffle", "sample", "seed", "getrandbits"):
        monkeypatch.setattr(random, name, broken)
    assert json_lines(play(kit, 5)[0]) == expected


# -- the state machine ---------------------------------------------------------------------


@st.composite
def fights(draw: st.DrawFn) -> tuple[str, bool, dict[str, Template]]:
    """A small board with 1-3 heroes and 1-3 monsters, each with a sheet from the pools."""
    hexes = draw(st.booleans())
    width, height = draw(st.integers(4, 7)), draw(st.integers(3, 6))
    cells = draw(st.lists(st.sampled_from("......,,#~"), min_size=width * height, max_size=width * height))
    heroes = draw(st.lists(st.sampled_from("ABC"), min_size=1, max_size=3, unique=True))
    monsters = draw(st.lists(st.sampled_from("abc"), min_size=1, max_size=3, unique=True))
    letters = heroes + monsters
    spots = draw(st.lists(st.integers(0, width * height - 1), min_size=len(letters), max_size=len(letters),
                          unique=True))
    sheets: dict[str, Template] = {}
    for spot, letter in zip(spots, letters):
        cells[spot] = letter
        sheets[letter] = draw(st.sampled_from(HEROES if letter.isupper() else MONSTERS))
    rows = [cells[r * width:(r + 1) * width] for r in range(height)]
    if hexes:
        text = "\n".join((" " if r % 2 else "") + " ".join(row) for r, row in enumerate(rows))
    else:
        text = "\n".join("".join(row) for row in rows)
    return text, hexes, sheets


@st.composite
def preparations(draw: st.DrawFn, encounter: Encounter, actor: Any) -> Preparation:
    """A random legal preparation for ``actor``: any Limited reaction or none, the Spontaneous ones in
    any order, some disabled, any basic attacks, and up to two restrictions that fit."""
    template = actor.template
    reactions = reaction_powers(template)
    limited = draw(st.sampled_from([None] + [p.id for p in reactions if is_limited(p)]))
    spontaneous = [p.id for p in reactions if is_spontaneous(p)]
    priority = tuple(draw(st.permutations(spontaneous)))
    disabled = frozenset(draw(st.lists(st.sampled_from(spontaneous), unique=True))) if spontaneous else frozenset()
    basics = [p.id for p in basic_attacks(template)]
    melee = [p.id for p in basic_attacks(template, melee_only=True)]
    restrictions: list[Restriction] = []
    others = sorted(encounter.state.creatures)
    for _ in range(draw(st.integers(0, 2))):
        power = draw(st.sampled_from(reactions))
        kinds = [k for k in RestrictionKind if not restriction_fits(k, power)]
        if not kinds:
            continue
        kind = draw(st.sampled_from(kinds))
        if kind in (RestrictionKind.NON_MINION_ATTACKERS, RestrictionKind.WHILE_BLOODIED):
            restrictions.append(Restriction(kind, power.id))
        elif kind is RestrictionKind.ONLY_AGAINST:
            restrictions.append(Restriction(kind, power.id, creature=draw(st.sampled_from(others))))
        else:
            anchor = draw(st.integers(0, 2))
            if anchor == 0:
                restrictions.append(Restriction(kind, power.id, creature=draw(st.sampled_from(others))))
            elif anchor == 1:
                restrictions.append(Restriction(kind, power.id, cell=actor.cell))
            else:
                restrictions.append(Restriction(kind, power.id, triggerer=True))
    return Preparation(limited=limited, priority=priority, disabled=disabled,
                       basic_attack=draw(st.sampled_from([None] + basics)),
                       opportunity_attack=draw(st.sampled_from([None] + melee)), restrictions=tuple(restrictions))


def _sorted_cells(encounter: Encounter, cells: Any) -> list[Cell]:
    return sorted(cells, key=lambda c: encounter.offset(c)[::-1])


class _BeforeWatched:
    """The ruleset with its ``before`` hook wrapped; everything else is the ruleset's own (a wrapper, so the
    ruleset the encounter built is left as it was)."""

    def __init__(self, inner: Any, before: Any) -> None:
        self._inner = inner
        self.before = before

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


class EncounterMachine(RuleBasedStateMachine):
    """Random legal commands on a random small fight; the rules' invariants after every step."""

    kit: Kit = None

    def __init__(self) -> None:
        super().__init__()
        self.encounter: Encounter | None = None
        self.commands: list[Command] = []
        self.refused = 0
        self.checked = 0
        self.turn: str = ""
        self.per_turn: dict[tuple[str, bool], int] = {}
        """(reactor, free) -> reactions resolved during the current creature turn."""
        self.per_round: dict[str, list[str]] = {}
        """reactor -> powers it resolved in its current round (since the end of its last turn)."""
        self.prepared: dict[str, str] = {}
        """reactor -> its prepared Limited reaction."""
        self.reaction_steps: set[int] = set()
        """Action numbers of reactions, as seen from their BeginReaction steps."""
        self.considering: Any = None
        self.allowed: list[tuple[str, str]] = []
        self.nested: list[str] = []

    # -- setup ---------------------------------------------------------------------------

    @initialize(fight=fights(), seed=st.integers(0, 2**32 - 1))
    def begin(self, fight: tuple[str, bool, dict[str, Template]], seed: int) -> None:
        self.text, self.hexes, self.sheets = fight
        self.seed = seed
        self.encounter = self.build()
        self.watch_reactions(self.encounter)
        self.encounter.start()

    def build(self) -> Encounter:
        state, roster = setup(self.kit, self.text, self.sheets, self.hexes)
        return Encounter(state.board, roster, seed=self.seed)

    def watch_reactions(self, encounter: Encounter) -> None:
        """Record any reaction triggered while a reaction resolves: at a break point of one of its steps,
        or by an event one of its steps causes. Which steps belong to reactions is read off the stack
        (the actions of BeginReaction steps), not from the reaction system's own bookkeeping."""
        ruleset: Any = encounter.ruleset
        original_before = ruleset.before

        def note_reactions(enc: Encounter) -> None:
            self.reaction_steps |= {s.action for s in enc.pending_steps() if type(s).__name__ == "BeginReaction"}

        def before(enc: Encounter, step: Any) -> list[Any]:
            note_reactions(enc)
            self.considering = step
            try:
                out: list[Any] = original_before(enc, step)
            finally:
                self.considering = None
            note_reactions(enc)
            return out

        def watch(event: ev.Event) -> None:
            note_reactions(encounter)
            if isinstance(event, ev.ReactionTriggered):
                for step in (encounter.current_step, self.considering):
                    if step is not None and step.action in self.reaction_steps:
                        self.nested.append(f"{event} triggered while a reaction resolves ({step})")

        encounter.ruleset = _BeforeWatched(ruleset, before)
        encounter.listen(watch)

    # -- commands ------------------------------------------------------------------------

    @property
    def enc(self) -> Encounter:
        assert self.encounter is not None
        return self.encounter

    def apply(self, command: Command) -> None:
        enc = self.enc
        before = (len(enc.log), self.fingerprint())
        try:
            enc.apply(command)
        except Impossible:
            self.refused += 1
            assert (len(enc.log), self.fingerprint()) == before, f"refused {command} but something changed"
            return
        self.commands.append(command)

    def fingerprint(self) -> Any:
        st_ = self.enc.state
        creatures = tuple((c.id, c.cell, c.hp, c.temp_hp, c.surges, c.dead, c.dying, tuple(
            (k.kind, k.turns_left) for k in c.conditions), tuple(sorted(c.used_powers)))
            for c in st_.creatures.values())
        return (creatures, st_.acting_id, st_.round, st_.budget, self.enc.dice.getstate())

    def acting(self) -> Any:
        return self.enc.state.acting

    def running(self) -> bool:
        return self.encounter is not None and not self.encounter.state.ended

    def can(self, action: ActionType) -> bool:
        """Whether the acting creature has an action of this kind left (a trade included)."""
        actor = self.acting()
        return actor.can_act and self.enc.ruleset.spend(self.enc.state, actor, action, check_only=True) is not None

    @precondition(lambda self: self.running() and self.can(ActionType.MOVE))
    @rule(data=st.data())
    def move(self, data: st.DataObject) -> None:
        actor = self.acting()
        cells = _sorted_cells(self.enc, tactics.reachable(self.enc.state, actor, "move"))
        if cells:
            self.apply(MoveCommand(actor.id, data.draw(st.sampled_from(cells), label="move to")))

    @precondition(lambda self: self.running() and self.can(ActionType.MOVE))
    @rule(data=st.data())
    def shift(self, data: st.DataObject) -> None:
        actor = self.acting()
        cells = _sorted_cells(self.enc, tactics.reachable(self.enc.state, actor, "shift"))
        if cells:
            self.apply(ShiftCommand(actor.id, data.draw(st.sampled_from(cells), label="shift to")))

    @precondition(running)
    @rule(data=st.data())
    def use_power(self, data: st.DataObject) -> None:
        enc, actor = self.enc, self.acting()
        state = enc.state
        powers = [p for p in actor.template.powers if p.action is not ActionType.REACTION and self.can(p.action)
                  and (p.frequency is Frequency.AT_WILL or p.id not in actor.used_powers)]
        if not powers:
            return
        power = data.draw(st.sampled_from(powers), label="power")
        origin: Cell | None = None
        targets: tuple[CreatureId, ...] = ()
        match power.reach.kind:
            case RangeKind.MELEE | RangeKind.RANGED:
                valid = [c.id for c in tactics.valid_targets(state, actor, power)]
                if not valid:
                    return
                targets = tuple(data.draw(st.lists(st.sampled_from(valid), min_size=1, max_size=power.max_targets,
                                                   unique=True), label="targets"))
            case RangeKind.AREA_BURST:
                origins = _sorted_cells(enc, tactics.burst_origins(state, actor, power))
                if not origins:
                    return
                origin = data.draw(st.sampled_from(origins), label="burst centre")
            case RangeKind.CLOSE_BLAST:
                around = [c for c in state.board.grid.neighbours(actor.cell) if c in state.board]
                if not around:
                    return
                origin = data.draw(st.sampled_from(_sorted_cells(enc, around)), label="blast direction")
        self.apply(UsePowerCommand(actor.id, power.id, targets, origin))

    @precondition(lambda self: self.running() and self.can(ActionType.STANDARD))
    @rule(data=st.data())
    def charge(self, data: st.DataObject) -> None:
        enc, actor = self.enc, self.acting()
        state = enc.state
        routes = tactics.reachable(state, actor, "move")
        options = [(e.id, c) for e in state.enemies_of(actor) if not e.is_out
                   for c in _sorted_cells(enc, routes)
                   if state.board.grid.distance(c, e.cell) == 1 and len(routes[c].safest_path) >= 2]
        if options:
            target, to = data.draw(st.sampled_from(options), label="charge")
            self.apply(ChargeCommand(actor.id, target, to))

    @precondition(lambda self: self.running() and self.acting().has(ConditionKind.PRONE))
    @rule()
    def stand_up(self) -> None:
        self.apply(StandUpCommand(self.acting().id))

    @precondition(running)
    @rule(data=st.data())
    def end_turn(self, data: st.DataObject) -> None:
        """End the turn, often with a random preparation (seed 000, Preparing reactions)."""
        actor = self.acting()
        preparation = data.draw(st.one_of(st.none(), preparations(self.enc, actor)), label="preparation")
        self.apply(EndTurnCommand(actor.id, preparation))

    @precondition(running)
    @rule(data=st.data())
    def impossible(self, data: st.DataObject) -> None:
        """A command the rules refuse: it raises Impossible and changes nothing, not even the dice."""
        enc, actor = self.enc, self.acting()
        state = enc.state
        others = [c.id for c in state.creatures.values() if c.id != actor.id]
        walls = [c for c in state.board.special_cells() if state.board.is_wall(c)]
        options: list[Command] = [MoveCommand(actor.id, state.board.grid.offset_to_cell(-1, -1)),
                                  UsePowerCommand(actor.id, "no_such_power"),
                                  ChargeCommand(actor.id, actor.id, actor.cell)]
        options += [EndTurnCommand(o) for o in others] + [MoveCommand(actor.id, w) for w in walls[:2]]
        command = data.draw(st.sampled_from(options), label="impossible command")
        before = (len(enc.log), self.fingerprint())
        with pytest.raises(Impossible):
            enc.apply(command)
        assert (len(enc.log), self.fingerprint()) == before, f"refused {command} but something changed"

    @precondition(lambda self: self.encounter is not None and self.encounter.state.ended)
    @rule()
    def after_the_end(self) -> None:
        """Once the encounter is over, every command is refused."""
        winner = [c for c in self.enc.state.creatures.values() if not c.is_out]
        assert len({c.side for c in winner}) <= 1
        with pytest.raises(Impossible):
            self.enc.apply(EndTurnCommand(next(iter(self.enc.state.creatures))))

    # -- invariants ----------------------------------------------------------------------

    @invariant()
    def nobody_shares_a_cell_stands_in_a_wall_or_off_the_board(self) -> None:
        state = self.enc.state
        seen: dict[Cell, str] = {}
        for c in state.living():
            for cell in state.space(c):
                assert cell in state.board and not state.board.is_wall(cell), f"{c.id} stands on {cell}"
                assert cell not in seen, f"{c.id} and {seen[cell]} share {cell}"
                seen[cell] = c.id

    @invariant()
    def hit_points_never_exceed_the_maximum(self) -> None:
        for c in self.enc.state.creatures.values():
            assert c.hp <= c.max_hp and c.temp_hp >= 0 and c.surges >= 0
            assert not (c.dead and c.dying)
            assert c.dying == (not c.dead and c.hp <= 0), f"{c.id}: hp {c.hp}, dying {c.dying}"

    @invariant()
    def a_dead_creature_never_holds_the_turn(self) -> None:
        acting = self.enc.state.acting
        assert self.enc.state.ended or (acting is not None and not acting.dead)

    @invariant()
    def reaction_budgets_are_never_exceeded(self) -> None:
        """Seed 000's budgets, read off the log: per creature turn at most one non-Free and one Free
        reaction per reactor; per round (ending when the reactor prepares) one Limited reaction, the
        prepared one; any reaction only during other creatures' turns unless Personal (seed 000, line 7);
        Personal ones only during the owner's turn; a Spontaneous power once per round unless Repeatable; and no reaction resolves
        without a trigger and a passed budget check before it."""
        enc = self.enc
        for logged in enc.log[self.checked:]:
            match logged:
                case ev.InitiativeRolled():
                    self.turn, self.per_turn = "", {}
                    for c in enc.state.creatures.values():
                        self.prepared[c.id] = default_preparation(c.template).limited or ""
                case ev.TurnStarted():
                    self.turn, self.per_turn = logged.creature, {}
                case ev.ReactionsPrepared():
                    self.prepared[logged.creature] = logged.limited
                    self.per_round[logged.creature] = []
                case ev.BudgetChecked() if logged.allowed:
                    self.allowed.append((logged.reactor, logged.power))
                case ev.ReactionResolved():
                    who, pid = logged.reactor, logged.power
                    assert (who, pid) in self.allowed, f"{pid} of {who} resolved without a passed budget check"
                    self.allowed.remove((who, pid))
                    power = enc.state.creatures[CreatureId(who)].template.power(pid)
                    spec = power.reaction
                    assert spec is not None
                    key = (who, spec.is_free)
                    self.per_turn[key] = self.per_turn.get(key, 0) + 1
                    assert self.per_turn[key] <= 1, f"{who}: two {'Free' if spec.is_free else 'non-Free'} reactions in one turn"
                    used = self.per_round.setdefault(who, [])
                    if spec.is_limited:
                        assert pid == self.prepared.get(who), f"{who} used {pid}, prepared {self.prepared.get(who)}"
                        assert not any(not enc.state.creatures[CreatureId(who)].template.power(u).reaction.is_spontaneous  # type: ignore[union-attr]
                                       for u in used), f"{who}: two Limited reactions in one round"
                    if not spec.is_personal:
                        assert who != self.turn, f"{who} used {pid} during its own turn (not Personal)"
                    if spec.is_personal:
                        assert who == self.turn, f"{who} used Personal {pid} outside its own turn"
                    if spec.is_spontaneous and not spec.is_repeatable:
                        assert pid not in used, f"{who} used {pid} twice in one round"
                    used.append(pid)
        self.checked = len(enc.log)

    @invariant()
    def no_reaction_starts_while_another_resolves(self) -> None:
        assert not self.nested, self.nested[0]

    def teardown(self) -> None:
        if self.encounter is None:
            return
        replay = self.build()
        replay.start()
        for command in self.commands:
            replay.apply(command)
        assert json_lines(replay) == json_lines(self.encounter), "the replay's log differs"
        log = self.encounter.log
        event(f"ended: {self.encounter.state.ended}")
        for kind in (ev.ReactionResolved, ev.ReactionFizzled, ev.Died, ev.StepFizzled, ev.Decision):
            event(f"has {kind.__name__}: {any(isinstance(e, kind) for e in log)}")
        event(f"commands applied: {min(len(self.commands) // 10 * 10, 30)}+, refused: {min(self.refused, 5)}+")


def test_random_legal_commands_keep_the_rules_invariants_and_replay_exactly(kit: Kit) -> None:
    """State machine over random small encounters with random preparations: no two living creatures
    share a cell, nobody stands in a wall or off the board, hit points never above maximum, seed 000's
    reaction budgets are never exceeded (per creature turn, per round, Limited, Personal, Spontaneous,
    Repeatable, Free), no reaction is triggered while a reaction resolves (seed 000, Trigger: "a
    Reaction can never trigger further Reactions"), a refused command changes nothing, and the same
    seed and commands replay the same log."""
    EncounterMachine.kit = kit
    run_state_machine_as_test(EncounterMachine, settings=settings(
        max_examples=150, stateful_step_count=60, deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]))
