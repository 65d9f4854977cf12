"""The fight: state plus the single entry point ``apply(command) -> events``.

A command is checked whole before anything changes (a refusal raises
:class:`Impossible` and changes nothing, not even the dice). It then expands
into steps on a stack. The loop pops a step, re-checks it (a step whose
preconditions no longer hold fizzles, with the rest of its action), fires the
``before`` break point (where the ruleset's reaction system may push interrupt
steps on top, which then resolve first), resolves it (which may push follow-up
steps) and fires ``after``. When the stack is empty the reactions queued for
"after the action" run, each as an action of its own.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Sequence

from game.board import Board
from game.grid import Cell
from game.kernel.clock import AdvanceClock
from game.kernel.decisions import PASS, Answer, Decision, Option, Question
from game.rulesets.edits import is_table_command
from game.kernel.engine import Engine
from game.kernel.engine import Impossible as Impossible
from game.rulesets.package import EditView
from game.rulesets.seed000 import editing
from game.rulesets.seed000 import events as ev
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.commanding import Commanding
from game.rulesets.seed000.commands import (ChargeCommand, Command, EndTurnCommand, MoveCommand, ShiftCommand,
                                 StandUpCommand, UsePowerCommand)
from game.rulesets.seed000.dice import Dice
from game.rulesets.seed000.model import ActionType, ConditionKind, CreatureId, Template
from game.rulesets.seed000.preparation import Preparation, with_builtin_reactions
from game.rulesets.seed000.resolution import Resolution
from game.rulesets.seed000.state import Creature, EncounterState
from game.rulesets.seed000.steps import (TURN_STEPS, ApplyEffect, AttackRoll, BeginReaction, ChooseTarget, EnterCell,
                                         LeaveCell, ResolveAttack, SelfMove, StartPower, Step)
from game.rulesets.seed000.turns import Turns

if TYPE_CHECKING:
    from game.rulesets.seed000.seam import Ruleset


class Encounter(Commanding, Resolution, Turns):
    def __init__(self, board: Board, roster: list[tuple[CreatureId, str, str, Template, Cell]], *,
                 seed: int = 0, ruleset: Ruleset | None = None, map_name: str = "",
                 options: dict[str, object] | None = None) -> None:
        """``roster``: (id, name, side, template, cell) per creature, in placement order."""
        from game.rulesets.seed000.seam import default_ruleset

        creatures = {}
        completed: dict[int, Template] = {}
        taken: dict[Cell, str] = {}
        for cid, name, side, template, cell in roster:
            # Every part of everyone's space on open floor, nobody on anyone (the file loaders say where first).
            why = board.placement_problem(cell, template.size, taken)
            if why:
                raise Impossible(f"{name!r} cannot start at {board.grid.cell_to_offset(cell)}: {why}")
            for part in board.footprint(cell, template.size):
                taken[part] = repr(name)
            sheet = completed.get(id(template))
            if sheet is None:
                sheet = completed[id(template)] = with_builtin_reactions(template)
            creatures[cid] = Creature(cid, name, side, sheet, cell, hp=sheet.hp, surges=sheet.surges)
        self.state = EncounterState(board, creatures, options=dict(options or {}))
        self.engine: Engine[Step, Command] = Engine(seed, Dice)
        """The kernel that runs this fight's steps, keeps its log and rolls its dice."""
        self.engine.attach(self)
        self.log = self.engine.log
        self.seed = seed
        self.dice: Dice = self.engine.dice  # type: ignore[assignment]  # made by the Dice class given
        self.ruleset: Ruleset = ruleset if ruleset is not None else default_ruleset()
        self.state.tactics_rules = self.ruleset.tactics_rules
        self.map_name = map_name
        self._command: tuple[Creature, Command] | None = None
        """The command being applied and its creature, until it has settled."""
        self._origins: dict[int, Cell | None] = {}
        """Where each power action is centred, by action number (area powers)."""
        self._landings: dict[CreatureId, Cell] = {}
        """The player's forced-movement landing choices for the command being applied."""
        self._trails: dict[int, list[Cell]] = {}
        """The cells each movement of the command being applied has stood on, by action, start first."""
        self._shift_to: Cell | None = None
        """The player's choice of where a power that shifts its user puts it, for the command being applied."""
        self.cause: CreatureId | None = None
        """The creature whose command or step is being resolved (None at the start or end of a turn)."""
        self.last_acts: set[int] = set()
        """Actions whose creature acts although it is down: a reaction to its own drop to 0 hit points."""
        self.fixed_order: tuple[CreatureId, ...] | None = None
        """A turn order set before ``start`` (every creature once: ``game.starting`` checks it), which
        ``start`` takes instead of rolling initiative."""
        self.opening: list[ev.Event] = []
        """Events set before ``start`` for ``start`` to emit first (a creature's starting state)."""
        self._turn_at: Step | None = None
        """The turn boundary last resolved, until the one after it is scheduled (``Turns._turn_goes_on``)."""
        self.library: Mapping[str, object] = {}
        """The fight's content by sheet id: what the game master may bring in (``editing``)."""
        self.ruleset.attach(self)

    # -- output -------------------------------------------------------------------------

    def emit(self, event: ev.Event) -> None:
        self.engine.emit(event)

    def listen(self, listener: Callable[[ev.Event], None], kinds: tuple[type, ...] | None = None) -> None:
        """Call ``listener`` with every event as it happens (the reaction system's trigger feed); with
        ``kinds``, only with the events of those classes (listeners are called in the order they came)."""
        self.engine.listen(listener, kinds)

    def _take(self) -> list[ev.Event]:
        return self.engine.take()

    @property
    def current_step(self) -> Step | None:
        """The step being resolved (None between steps): what an event happening now is part of."""
        return self.engine.current_step

    def name(self, cid: str) -> str:
        c = self.state.creatures.get(CreatureId(cid))
        return c.name if c else cid

    def offset(self, cell: Cell) -> tuple[int, int]:
        col, row = self.state.board.grid.cell_to_offset(cell)
        return col, row

    def describe(self, event: ev.Event) -> str:
        return ev.describe(event, self.name, self.offset)

    # -- what the table reads (game.rulesets.package.Fight) ---------------------------------

    def event_json(self, event: ev.Event) -> dict[str, Any]:
        return ev.to_json(event, self.offset)

    @property
    def pending(self) -> tuple[Decision, ...]:
        return self.engine.pending

    @property
    def over(self) -> bool:
        return self.state.ended

    @property
    def acting(self) -> Creature | None:
        return self.state.acting

    def piece(self, pid: str) -> Creature | None:
        return self.state.creatures.get(CreatureId(pid))

    def pieces(self) -> list[Creature]:
        return list(self.state.creatures.values())

    def occupant(self, cell: Cell) -> Creature | None:
        return self.state.occupant(cell)

    def space_of(self, pid: str) -> tuple[Cell, ...]:
        creature = self.state.creatures.get(CreatureId(pid))
        return () if creature is None else self.state.space(creature)

    def next_up(self) -> Creature | None:
        """The next living creature in the initiative after the acting one (as the turn passes)."""
        st = self.state
        order = st.initiative
        if st.ended:
            return None
        for k in range(1, len(order) + 1):
            nxt = st.creatures.get(order[(st.turn_index + k) % len(order)])
            if nxt is not None and not nxt.dead:
                return nxt
        return None

    @property
    def winner(self) -> str:
        return self.state.winner

    @property
    def turn_mark(self) -> tuple[int, int]:
        return self.state.round, self.state.turn_index

    @property
    def round(self) -> int:
        return self.state.round

    # -- preparations -------------------------------------------------------------------

    def preparation(self, cid: CreatureId) -> Preparation:
        """The reactions a creature has prepared (private to the player of its side)."""
        return self.ruleset.preparation(cid)

    def set_preparation(self, cid: CreatureId, preparation: Preparation) -> None:
        """A creature's preparation before the encounter starts (an encounter file's ``[preparations]``);
        raises Impossible, changing nothing, if it does not fit the creature's sheet."""
        creature = self.state.creatures.get(cid)
        if creature is None:
            raise Impossible(f"there is no creature '{cid}'")
        if self.state.round:
            raise Impossible("preparations are set this way only before the encounter starts")
        problems = self.ruleset.set_preparation(self, creature, preparation)
        if problems:
            raise Impossible("; ".join(problems))

    # -- start --------------------------------------------------------------------------

    def start(self) -> list[ev.Event]:
        st = self.state
        self.emit(ev.EncounterStarted(self.seed, self.map_name,
                                      tuple(sorted((k, str(v)) for k, v in st.options.items()))))
        for event in self.opening:
            self.emit(event)
        if self.fixed_order is not None:  # an encounter file's [start] order: nobody rolls
            st.initiative = list(self.fixed_order)
            self.ruleset.new_occasion()
            self.emit(ev.InitiativeFixed(tuple(st.initiative)))
        else:
            rolls = []
            for c in st.creatures.values():
                roll = self.dice.d20(c.template.initiative, f"initiative of {c.name}")
                rolls.append((roll.total, c.template.initiative, c))
            ties = self.dice.shuffle([r[2].id for r in rolls], "initiative ties", self.name)
            tie_rank = {cid: i for i, cid in enumerate(ties)}
            rolls.sort(key=lambda r: (-r[0], -r[1], tie_rank[r[2].id]))
            st.initiative = [r[2].id for r in rolls]
            self.ruleset.new_occasion()
            self.emit(ev.InitiativeRolled(tuple(st.initiative), tuple(r[0] for r in rolls)))
        self.ruleset.on_initiative(self)
        self._drain()
        self.engine.run([AdvanceClock(self.new_action(), CreatureId(""))])  # the first round, the first turn
        return self._take()

    # -- commands -----------------------------------------------------------------------

    def apply(self, command: Command | Answer) -> list[ev.Event]:
        """Apply one command (or an answer to an open decision); returns the events it caused. Raises
        Impossible, changing nothing."""
        if is_table_command(command):
            return editing.carry_out(self, command)
        if self.state.ended:
            raise Impossible("the encounter is over")
        return self.engine.apply(command)

    # -- the game master's edits (game.rulesets.package.Editing; game.rulesets.seed000.editing) ----------

    def edit_view(self, pid: str) -> EditView | None:
        return editing.edit_view(self, pid)

    def edit_conditions(self) -> tuple[str, ...]:
        return editing.CONDITIONS

    def turn_order(self) -> tuple[str, ...]:
        return tuple(self.state.initiative)

    def addable(self) -> tuple[tuple[str, str], ...]:
        return editing.addable(self)

    def why_illegal(self, command: Command) -> str:
        """"" if ``command`` is legal now, else why not (the reason ``apply`` would refuse it with); changes
        nothing. The same checks ``apply`` makes, run without carrying anything out."""
        if self.state.ended:
            return "the encounter is over"
        if self.engine.waiting:
            return f"waiting for an answer: {self.engine.pending[0].question}"
        try:
            self._apply(self._actor_of(command), command, dry=True)
        except Impossible as e:
            return str(e)
        return ""

    def legal_commands(self) -> Iterator[Command]:
        """The acting creature's legal commands, worked out lazily as they are read (as python-chess's
        ``board.legal_moves``): ending the turn, standing up, a move or shift to each cell it can reach, each
        use of each power (each target, each combination up to its limit, each area origin) and each
        charge. A move is listed once per destination (its safest path); moves along a path of the
        player's own are legal too when ``why_illegal`` says so."""
        actor = self.state.acting
        if actor is None or self.state.ended or self.engine.waiting:
            return
        for command in self._candidates(actor):
            if not self.why_illegal(command):
                yield command

    def ai_answer(self, decision: Decision) -> str:
        """The AI's answer to an open decision. Seed 000 opens none (its decisions are automatic, made with
        their reasons inside the steps); should one be open, the AI passes when it may."""
        return PASS if decision.may_pass else decision.options[0].key

    def _actor_of(self, command: Command) -> Creature:
        st = self.state
        actor = st.creatures.get(command.creature)
        if actor is None:
            raise Impossible(f"there is no creature '{command.creature}'")
        if actor.id != st.acting_id:
            acting = st.acting
            raise Impossible(f"it is {acting.name if acting else 'nobody'}'s turn, not {actor.name}'s")
        return actor

    def perform(self, command: Command) -> None:
        """The kernel's entry for a command: check it whole, then carry it out."""
        actor = self._actor_of(command)
        self.ruleset.new_occasion()
        self.cause = actor.id
        self._command = (actor, command)
        try:
            self._apply(actor, command)
            self._drain()  # reactions to a command with no steps of its own (standing up: own_action "move")
        finally:
            self.cause = None

    def settled(self) -> None:
        """The kernel's word that the command has run to its end: is the fight over, does the turn pass."""
        st = self.state
        if self._command is None:
            return
        actor, command = self._command
        self._command = None
        self._check_victory()
        if not st.ended and st.acting_id == actor.id and not isinstance(command, EndTurnCommand) \
                and (actor.dead or actor.dying or not actor.can_act):
            # Dropped, killed or stunned during its own turn (an interrupt, dangerous terrain):
            # it can do nothing more, so its turn ends, as a turn that starts that way does.
            self._end_turn()

    def _apply(self, actor: Creature, command: Command, dry: bool = False) -> None:
        """Check ``command`` whole and, unless ``dry``, carry it out (a dry run stops where the first change
        would be made, once every check has passed)."""
        match command:
            case EndTurnCommand():
                problems = (self.ruleset.preparation_problems(self, actor, command.preparation) if dry
                            else self.ruleset.prepare(self, actor, command.preparation))
                if problems:
                    raise Impossible(f"{actor.name}'s preparation: " + "; ".join(problems))
                if not dry:
                    self._end_turn()
            case MoveCommand():
                self._move(actor, command, dry)
            case ShiftCommand():
                self._shift(actor, command, dry)
            case StandUpCommand():
                self._stand_up(actor, dry)
            case UsePowerCommand():
                self._use_power(actor, command, dry)
            case ChargeCommand():
                self._charge(actor, command, dry)

    def _spend(self, actor: Creature, action: ActionType, purpose: str, check_only: bool = False) -> None:
        if not actor.can_act:
            raise Impossible(f"{actor.name} cannot act")
        spent_as = self.ruleset.spend(self.state, actor, action, check_only=check_only)
        if spent_as is None:
            raise Impossible(f"{actor.name} has no {action.value} action left this turn")
        if not check_only:
            self.emit(ev.ActionSpent(actor.id, action.value, spent_as, purpose))

    def new_action(self) -> int:
        """A fresh action number (steps of one action fizzle together)."""
        return self.engine.new_action()

    def pending_steps(self) -> list[Step]:
        """The steps still on the stack, the next to resolve last."""
        return self.engine.pending_steps()

    def has_pending(self, action: int, kind: type) -> bool:
        """Whether a step of class ``kind`` (e.g. ``LeaveCell``) of action ``action`` is still on the stack."""
        return self.engine.has_pending(action, kind)

    # -- the step loop ------------------------------------------------------------------

    def _run(self, steps: list[Step]) -> None:
        self._trails = {}
        self.engine.run(steps)

    def _drain(self) -> None:
        """Resolve the stack, then whatever the ruleset schedules once it is empty (reactions that wait
        for the end of the triggering action), until nothing is left."""
        self.engine.drain()

    def push(self, steps: list[Step]) -> None:
        """Put steps on top of the stack (they resolve next)."""
        self.engine.push(steps)

    # -- the kernel's questions about steps --------------------------------------------------

    def before(self, step: Step) -> list[Step]:
        if isinstance(step, TURN_STEPS):
            return []  # seed 000's reactions catch nothing at a turn's break points (only at its events)
        return self.ruleset.before(self, step)

    def question(self, step: Step) -> list[Question]:
        """Seed 000 asks nobody while a step resolves, nor at a turn's boundaries: its decisions are automatic,
        as its text demands."""
        return []

    def resolve(self, step: Step, answers: Sequence[Option]) -> None:
        if isinstance(step, TURN_STEPS):
            self._resolve_turn(step)  # no creature's doing: the cause stays None
            return
        cause, self.cause = self.cause, step.creature
        try:
            self._resolve(step)
        finally:
            self.cause = cause

    def after(self, step: Step) -> list[Step]:
        if isinstance(step, TURN_STEPS):
            return []  # what a turn boundary set off resolves once the stack is empty, as after an action
        return self.ruleset.after(self, step)

    def action_complete(self) -> list[Step]:
        """The stack is empty: the reactions that wait for it, else the turn boundary that comes next."""
        return self.ruleset.action_complete(self) or self._turn_goes_on()

    def fizzled(self, step: Step, reason: str, dropped: list[Step]) -> None:
        """A step that cannot happen any more: it and the rest of its action are lost."""
        if not isinstance(step, BeginReaction):  # the ruleset says why a reaction fizzles
            self.engine.report_fizzle(step, reason, len(dropped))
        if isinstance(step, (LeaveCell, EnterCell)):
            self._settle(self.state.creatures[step.creature], step.action)
        self.ruleset.fizzled(self, step, reason)

    def _settle(self, creature: Creature, action: int) -> None:
        """A movement stopped where its creature may not stay (passing an ally when an interrupt
        dropped or immobilized it): it goes back to the last cell of its way it may stand on."""
        st = self.state
        if creature.dead or st.can_stand(creature, creature.cell):
            return
        for cell in reversed(self._trails.get(action, [])[:-1]):
            if st.can_stand(creature, cell):
                here, creature.cell = creature.cell, cell
                self.emit(ev.CreatureMoved(creature.id, here, cell, "return"))
                return

    def detail(self, step: Step) -> str | None:
        """The step in words for its break points; None for a turn's boundaries, whose break points seed 000
        keeps out of its log (its log format, pinned by the golden logs, predates them as steps)."""
        if isinstance(step, TURN_STEPS):
            return None
        who = self.name(step.creature)
        match step:
            case LeaveCell():
                return f"{who} leaves {self.offset(step.cell)} ({step.mode})"
            case EnterCell():
                return f"{who} enters {self.offset(step.cell)} ({step.mode})"
            case StartPower():
                return f"{who} starts {step.power}"
            case ChooseTarget():
                return f"{who} targets {self.name(step.target)} with {step.power}"
            case AttackRoll():
                return f"{who} rolls to hit {self.name(step.target)}"
            case ResolveAttack():
                return f"{who} {'hits' if step.hit else 'misses'} {self.name(step.target)}"
            case ApplyEffect():
                return f"{step.power} takes effect on {self.name(step.target)}"
            case SelfMove():
                return f"{who} {step.mode}s up to {step.distance} ({step.power})"
            case BeginReaction():
                return f"{who} reacts with {step.power}"
        return who

    def precondition(self, step: Step) -> str:
        if isinstance(step, TURN_STEPS):
            return ""  # a turn's boundary always comes
        st = self.state
        actor = st.creatures[step.creature]
        match step:
            case LeaveCell():
                if actor.dead or actor.dying:
                    return f"{actor.name} is down"
                if actor.cell != step.cell:
                    return f"{actor.name} is no longer at {self.offset(step.cell)}"
                if step.mode in ("move", "shift", "charge"):
                    if not actor.can_act:
                        return f"{actor.name} can no longer move"
                    if actor.has(ConditionKind.IMMOBILIZED) or actor.has(ConditionKind.PRONE):
                        return f"{actor.name} can no longer move"
                if not st.can_stand(actor, step.to) and not self._may_pass(actor, step):
                    return f"{self.offset(step.to)} is blocked"
            case EnterCell():
                if actor.dead:
                    return f"{actor.name} is dead"
            case StartPower() | ChooseTarget() | AttackRoll() | ResolveAttack():
                if isinstance(step, ResolveAttack) and st.creatures[step.target].dead:
                    return f"{st.creatures[step.target].name} is gone"
                if not actor.can_act and not (step.action in self.last_acts and not actor.dead):
                    return f"{actor.name} can no longer act"
                if isinstance(step, (ChooseTarget, AttackRoll, ResolveAttack)):
                    # Ruling 14: an interrupt that takes the target out of reach, range or the area
                    # (or kills it) makes the rest of the attack on it impossible.
                    target = st.creatures[step.target]
                    if target.dead:
                        return f"{target.name} is gone"
                    power = actor.template.power(step.power)
                    if not tactics.is_valid_target(st, actor, power, target, self._origin_of(step)):
                        return f"{target.name} is out of reach"
            case SelfMove():
                if actor.dead or actor.dying:
                    return f"{actor.name} is down"
            case BeginReaction():
                return self.ruleset.reaction_holds(self, step)
        return ""

    def _origin_of(self, step: Step) -> Cell | None:
        for pending in self.engine.steps_of(step.action):
            if isinstance(pending, StartPower):
                return pending.origin
        return self._origins.get(step.action)

    def _may_pass(self, actor: Creature, step: LeaveCell) -> bool:
        """Moving through an ally's cell is allowed mid-move (the path was checked when commanded)."""
        if step.mode not in ("move", "charge"):
            return False
        st = self.state
        occupancy: dict[Cell, Creature] | None = None
        for cell in st.space_at(actor, step.to):
            if cell not in st.board or st.board.is_wall(cell):
                return False
            if occupancy is None:
                occupancy = st.occupancy()
            other = occupancy.get(cell)
            if other is not None and other.id != actor.id and st.is_enemy(actor, other):
                return False
        return True
