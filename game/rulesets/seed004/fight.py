"""Seed 004's fight object: the kernel's ``Rules`` (steps, break points, decisions) and the table's ``Fight``
(numbers in brackets are seed 004's lines, ``../shared/seeds/004_683255cd0bfe0fc3.txt``).

A round is a combat phase, a noncombat phase and a movement phase [5, 7-13] (:class:`Round` says where it is).
The combat phase is a series of initiative segments [16]: a ``NextSegment`` step determines who holds the
initiative [19-21]; one holder is :attr:`acting` and the table waits for its option (a command); a full tie
opens a ``Declare`` step, a secret decision group of the tied characters' options [21], revealed and carried out
together. With nobody eligible the combat phase ends [19] and the noncombat and movement phases follow.

Hooks for the other phases (s004move), all through :attr:`Seed004Fight.extensions` (each an
:class:`Extension`, asked at every step before the fight's own handling):

* where a phase begins and ends: ``BeginPhase(phase="noncombat")`` resolves, then every extension's
  ``phase_steps(fight, "noncombat")`` runs, then ``EndPhase("noncombat")``; the same for ``"movement"``, whose
  ``EndPhase`` begins the next round (blows back, preparations lost [15, 27]);
* a secret decision group: a step of the extension's own whose ``question`` returns several
  ``Question(..., secret=True)`` (one per character, each answered by its side's player); the kernel opens
  them as one group, hides the answers until all are in and reveals them together; ``resolve`` gets the answers
  in the order asked (:func:`game.rulesets.seed004.rounds.noncombat_questions` builds the noncombat ones);
* an attack from outside the combat phase (an attack on a mover [56]): :meth:`Seed004Fight.why_not_attack` with
  ``borrowed=True`` says whether it may be made, :meth:`Seed004Fight.attack_steps` gives the steps to push
  (blows borrowed from the next round [51, 56], then its parries and the hit procedure, exactly as in the
  combat phase).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping, Protocol, Sequence, cast

from game.board import Board
from game.grid import Cell
from game.kernel.decisions import PASS, Answer, Decision, Option, Question
from game.kernel.engine import Engine, Impossible
from game.kernel.events import Event, to_json
from game.rulesets import edits
from game.rulesets.package import EditView, Entry
from game.rulesets.seed004 import editing
from game.rulesets.seed004 import events as ev
from game.rulesets.seed004 import hit
from game.rulesets.seed004 import preparations as prep
from game.rulesets.seed004.blows import Blow, Blows, BlowRefused, Need, blows_of
from game.rulesets.seed004.commands import (AttackOption, BeginPhase, Command, Declare, DrawWeapon, EndPhase,
                                            GrabObject, ManeuverOption, NextSegment, Parries, PassOption,
                                            PrepareBlow, Step, Strike, TakeOption, key, parse)
from game.rulesets.seed004.initiative import declarations, parry_weapons
from game.rulesets.seed004.maneuvers import Maneuver, maneuver
from game.rulesets.seed004.maneuvers import why_not as why_not_maneuver
from game.rulesets.seed004.ranges import Ground, range_between
from game.rulesets.seed004.rounds import Phase, Round
from game.rulesets.seed004.sheets import AttackMode, Sheet, Weapon, critical_number
from game.rulesets.seed004.state import Character

PARRY = "parry"
"""The kind of a parry decision (standing orders are set per kind)."""


class Extension(Protocol):
    """A part of the fight another module adds (the noncombat and movement phases): asked first at every step.
    ``resolve`` returns True when it has resolved the step itself (the fight then leaves it alone)."""

    def phase_steps(self, fight: Seed004Fight, phase: str) -> list[Any]:
        """The steps of ``phase`` ("noncombat", "movement"), run between its BeginPhase and EndPhase."""
        ...

    def before(self, fight: Seed004Fight, step: Any) -> list[Any]: ...

    def question(self, fight: Seed004Fight, step: Any) -> Sequence[Question]: ...

    def resolve(self, fight: Seed004Fight, step: Any, answers: Sequence[Option]) -> bool: ...

    def after(self, fight: Seed004Fight, step: Any) -> list[Any]: ...

    def ai_answer(self, fight: Seed004Fight, decision: Decision) -> str | None:
        """The AI's answer to a decision of its own kinds (None: not one of them)."""
        ...

    def describe(self, event: Event, name: Any) -> str | None: ...


@dataclass(frozen=True, slots=True)
class Lying:
    """A weapon on the map: dropped [24] or thrown [34] (ours: a thrown weapon lands in its target's cell)."""

    key: str
    """``owner.weapon``: how a grab names it."""
    owner: str
    weapon: Weapon
    cell: Cell


@dataclass(frozen=True, slots=True)
class Pending:
    """An attack between its option and its hit procedure: the parries made so far."""

    attacker: str
    target: str
    weapon: str
    mode: AttackMode
    parries: tuple[tuple[str, str], ...] = ()
    """(parrier, weapon id)."""


class Seed004Fight:
    def __init__(self, board: Board, entries: Sequence[Entry], *, seed: int = 1, map_name: str = "",
                 options: Mapping[str, object] | None = None,
                 starts: Mapping[str, Mapping[str, Any]] | None = None) -> None:
        self.options = dict(options or {})
        self.board = board
        self.chars: dict[str, Character] = {}
        starts = starts or {}
        for e in entries:
            sheet: Sheet = e.sheet  # type: ignore[assignment]
            how = starts.get(e.id, {})
            drawn = how.get("in_hand")
            in_hand = tuple(w.id for w in sheet.weapons
                            if w.natural or (w.id in drawn if drawn is not None else w.drawn))
            sheathed = tuple(w.id for w in sheet.weapons if w.id not in in_hand)
            blows = Blows.start(sheet, alert=bool(how.get("alert", True)), fallen=bool(how.get("fallen", False)))
            self.chars[e.id] = Character(e.id, e.name, e.side, sheet, e.cell, blows, in_hand, sheathed)
        self.engine: Engine[Step, Command] = Engine(seed)
        self.engine.attach(self)
        self.seed = seed
        self.map_name = map_name
        self.rnd = Round()
        self.started = False
        self.finished = False
        self.winner = ""
        self.holder: str | None = None
        """The one character whose option the table waits for."""
        self.chain: str | None = None
        """A character whose thrusting or bow preparation must be followed at once [27]: it keeps the initiative."""
        self.declared: dict[str, frozenset[str]] = {}
        """This segment's declared options' weapons, by declarer (a simultaneous initiative [21])."""
        self.lying: dict[str, Lying] = {}
        self.attacks: dict[int, Pending] = {}
        self.segment_passes: dict[str, bool] = {}
        self.parrying: Pending | None = None
        """The attack whose parries are being asked."""
        self.extensions: list[Extension] = []
        self.library: Mapping[str, object] = {}
        self.ai_memo: dict[Any, Any] = {}
        """What the AI works out once a fight (the exact odds of an attack)."""
        self.ai_answerer: Callable[[Seed004Fight, Decision], str] | None = None
        """The AI's answers to the fight's own decisions (the package sets :func:`game.rulesets.seed004.ai.answer`:
        the fight does not import its AI)."""

    # -- the table's Fight --------------------------------------------------------------------------------

    @property
    def log(self) -> list[Event]:
        return self.engine.log

    def start(self) -> list[Event]:
        self.emit(ev.FightStarted(self.seed, self.map_name,
                                  tuple(sorted((k, str(v)) for k, v in self.options.items()))))
        self.started = True
        self.emit(ev.RoundBegan(1))
        self.emit(ev.PhaseBegan(1, Phase.COMBAT.value))
        self._check_over()
        if not self.finished:
            self.engine.run([NextSegment(self.engine.new_action())])
        return self.engine.take()

    def apply(self, command: Command | Answer | edits.GmEdit | edits.RollDice) -> list[Event]:
        if isinstance(command, edits.TABLE_COMMANDS):
            return editing.carry_out(self, command)
        if self.finished:
            raise Impossible("the fight is over")
        return self.engine.apply(cast("Command | Answer", command))

    # -- the game master's edits (game.rulesets.package.Editing; game.rulesets.seed004.editing) ----------

    def edit_view(self, pid: str) -> EditView | None:
        return editing.edit_view(self, pid)

    def edit_conditions(self) -> tuple[str, ...]:
        return editing.CONDITIONS

    def turn_order(self) -> tuple[str, ...]:
        return editing.turn_order(self)

    def addable(self) -> tuple[tuple[str, str], ...]:
        return editing.addable(self.library)

    def emit(self, event: Event) -> None:
        self.engine.emit(event)

    def char(self, pid: str) -> Character:
        c = self.chars.get(pid)
        if c is None:
            raise Impossible(f"no character '{pid}' in this fight")
        return c

    def put(self, c: Character) -> None:
        self.chars[c.id] = c

    def name(self, pid: str) -> str:
        c = self.chars.get(pid)
        return c.name if c is not None else pid

    def offset(self, cell: Cell) -> tuple[int, int]:
        col, row = self.board.grid.cell_to_offset(cell)
        return col, row

    def describe(self, event: Event) -> str:
        for x in self.extensions:
            line = x.describe(event, self.name)
            if line is not None:
                return line
        return ev.describe(event, self.name, self.offset)

    def event_json(self, event: Event) -> dict[str, Any]:
        return to_json(event, self.offset)

    @property
    def pending(self) -> tuple[Decision, ...]:
        return self.engine.pending

    def ai_answer(self, decision: Decision) -> str:
        keys = [o.key for o in decision.options]
        for x in self.extensions:
            got = x.ai_answer(self, decision)
            if got is not None and got in keys:
                return got
        got = self.ai_answerer(self, decision) if self.ai_answerer is not None else None
        if got in keys:
            return got
        return decision.plain_choice

    @property
    def over(self) -> bool:
        return self.finished

    @property
    def acting(self) -> Character | None:
        if self.finished or self.holder is None or self.engine.waiting:
            return None
        return self.chars[self.holder]

    def piece(self, pid: str) -> Character | None:
        return self.chars.get(pid)

    def pieces(self) -> list[Character]:
        return list(self.chars.values())

    def occupant(self, cell: Cell) -> Character | None:
        for c in self.chars.values():
            if c.cell == cell and not c.dead:
                return c
        return None

    def space_of(self, pid: str) -> tuple[Cell, ...]:
        c = self.chars.get(pid)
        return () if c is None else (c.cell,)

    def next_up(self) -> Character | None:
        return None

    @property
    def turn_mark(self) -> tuple[int, int]:
        return self.rnd.number, self.rnd.segment

    @property
    def round(self) -> int:
        return self.rnd.number if self.started else 0

    # -- reading the board -------------------------------------------------------------------------------

    def fighters(self) -> list[Character]:
        """Everyone in the fight, in the file's order (initiative reads them in this order)."""
        return list(self.chars.values())

    def range_of(self, a: str, b: str) -> int:
        return range_between(self.board.grid, self.chars[a].cell, self.chars[b].cell)

    def ground(self) -> Ground:
        return Ground.of(self.board, (c.cell for c in self.chars.values() if not c.dead))

    def enemies(self, pid: str) -> list[Character]:
        me = self.chars[pid]
        return [c for c in self.chars.values() if c.side != me.side and not c.dead]

    # -- options ------------------------------------------------------------------------------------------

    def attack_mode(self, c: Character, weapon: Weapon, target: Character) -> tuple[AttackMode | None, str]:
        """How ``c`` could attack ``target`` with ``weapon`` now [34], or None and why not."""
        if weapon.id not in c.in_hand:
            return None, f"{weapon.name} is not in hand"
        dist = range_between(self.board.grid, c.cell, target.cell)
        if c.alert:
            if not weapon.melee:
                return None, f"{weapon.name} is not a melee weapon, and only the unalert throw or shoot [34]"
            if dist > weapon.reach:
                return None, f"{target.name} is at range {dist}, beyond {weapon.name}'s reach of {weapon.reach}"
            return AttackMode.MELEE, ""
        if weapon.missile is None:
            return None, f"{c.name} is unalert: only thrown and missile attacks [34]"
        most = weapon.range * (1 + prep.applicable(c.preparation, weapon))
        if dist > most:
            return None, f"{target.name} is at range {dist}, beyond {weapon.name}'s range of {most}"
        return (AttackMode.THROWN if weapon.missile.value == "thrown" else AttackMode.MISSILE), ""

    def why_not(self, option: Command, borrowed: bool = False) -> str | None:
        """Why ``option`` cannot be taken now (None: it can)."""
        c = self.chars.get(option.creature)
        if c is None:
            return f"no character '{option.creature}' in this fight"
        if c.dead:
            return f"{c.name} is unconscious"
        match option:
            case PassOption():
                for wid in option.drop:
                    held = c.weapon(wid)
                    if wid not in c.in_hand or held is None or held.natural:
                        return f"{c.name} holds no {wid} to drop"
                return None
            case DrawWeapon():
                w = c.weapon(option.weapon)
                if w is None or option.weapon not in c.sheathed:
                    return f"{c.name} has no sheathed {option.weapon} to draw"
                return self._blow_problem(c, Need.ACTIVE if w.heavy else Need.ANY)
            case GrabObject():
                item = self.lying.get(option.item)
                if item is None:
                    return f"nothing called {option.item} lies on the map"
                if range_between(self.board.grid, c.cell, item.cell) > 1:
                    return f"{item.weapon.name} is not within reach (ours: in its cell or next to it)"
                return self._blow_problem(c, Need.ACTIVE)
            case PrepareBlow():
                w = c.weapon(option.weapon)
                if w is None or option.weapon not in c.in_hand:
                    return f"{c.name} holds no {option.weapon}"
                why = prep.why_not_prepare(w, option.mode)
                return why or self._blow_problem(c, Need.ACTIVE)
            case ManeuverOption():
                other = self.chars.get(option.other)
                if other is None or other.dead:
                    return f"no character '{option.other}' to maneuver on"
                why = why_not_maneuver(option.maneuver, c, other, option.new_range)
                return why or self._blow_problem(c, Need.ANY)
            case AttackOption():
                return self.why_not_attack(c.id, option.target, option.weapon, option.second, borrowed=borrowed)
        return "not an option"

    def _blow_problem(self, c: Character, need: Need) -> str | None:
        kinds = c.blows.kinds_for(need)
        if not kinds:
            return f"{c.name} has no {'active ' if need is Need.ACTIVE else ''}blow left"
        errors = [c.blows.why_not(k) for k in kinds]
        return None if any(e is None for e in errors) else errors[0]

    def why_not_attack(self, attacker: str, target: str, weapon: str, second: Blow = Blow.REACTIVE, *,
                       borrowed: bool = False) -> str | None:
        """Why ``attacker`` cannot attack ``target`` with ``weapon`` now [34] (None: it can); ``borrowed``: with
        blows borrowed from the next round [56]."""
        c, t = self.chars.get(attacker), self.chars.get(target)
        if c is None or t is None:
            return f"no character '{attacker if c is None else target}' in this fight"
        if t.dead or t.id == c.id:
            return f"{t.name} cannot be attacked"
        w = c.weapon(weapon)
        if w is None:
            return f"{c.name} has no weapon {weapon}"
        mode, why = self.attack_mode(c, w, t)
        if mode is None:
            return why
        blows = (Blow.ACTIVE, second) if w.heavy else (Blow.ACTIVE,)
        return c.blows.why_not_borrow(*blows) if borrowed else c.blows.why_not(*blows)

    def attack_steps(self, attacker: str, target: str, weapon: str, *, borrowed: bool = True) -> list[Step]:
        """The steps of an attack made outside an option (an attack on a mover [56]): push them on the stack."""
        return [TakeOption(self.engine.new_action(), attacker, AttackOption(attacker, target, weapon),
                           borrowed=borrowed)]

    def options_of(self, c: Character) -> list[Command]:
        """Every option ``c`` may take now [24-34], in a fixed order: the passes (plain, becoming alert or
        unalert, falling, dropping each weapon in hand), draws, grabs, preparations, maneuvers, attacks (a heavy
        weapon's with its second blow reactive, then active)."""
        out: list[Command] = [PassOption(c.id), PassOption(c.id, alert=not c.alert)]
        if c.dead:
            return out
        if not c.blows.fallen:
            out.append(PassOption(c.id, fall=True))
        out.extend(PassOption(c.id, drop=(w.id,)) for w in c.wielded() if not w.natural)
        out.extend(DrawWeapon(c.id, wid) for wid in c.sheathed)
        out.extend(GrabObject(c.id, item.key) for item in self.lying.values())
        out.extend(PrepareBlow(c.id, w.id) for w in c.wielded() if w.may_prepare)
        others = [o for o in self.chars.values() if o.id != c.id and not o.dead]
        if c.alert:
            for o in others:
                for m in (Maneuver.CLOSE, Maneuver.OPEN, Maneuver.STEP_CLOSE, Maneuver.STEP_OPEN):
                    out.append(ManeuverOption(c.id, m, o.id))
                if o.blows.fallen and o.side != c.side:
                    out.extend(ManeuverOption(c.id, Maneuver.CHANGE_RANGE, o.id, r) for r in range(1, 7))
        for o in others:
            if o.side == c.side:
                continue
            for w in c.wielded():
                out.append(AttackOption(c.id, o.id, w.id))
                if w.heavy:
                    out.append(AttackOption(c.id, o.id, w.id, Blow.ACTIVE))
        return [o for o in out if self.why_not(o) is None]

    def option_label(self, option: Command) -> str:
        c = self.chars[option.creature]
        match option:
            case PassOption():
                parts = [f"drop {self._wname(c, w)}" for w in option.drop]
                parts += ["fall"] if option.fall else []
                parts += [] if option.alert is None else ["become alert" if option.alert else "become unalert"]
                return "pass" + (": " + ", ".join(parts) if parts else "")
            case DrawWeapon():
                return f"draw {self._wname(c, option.weapon)}"
            case GrabObject():
                item = self.lying.get(option.item)
                return f"grab {item.weapon.name if item is not None else option.item}"
            case PrepareBlow():
                return f"prepare a great blow with {self._wname(c, option.weapon)}"
            case ManeuverOption():
                to = f" to {option.new_range}" if option.new_range is not None else ""
                return f"{option.maneuver.value} on {self.name(option.other)}{to}"
            case AttackOption():
                w = c.weapon(option.weapon)
                second = " (second blow active)" if w is not None and w.heavy and option.second is Blow.ACTIVE else ""
                return f"attack {self.name(option.target)} with {self._wname(c, option.weapon)}{second}"
        return key(option)

    @staticmethod
    def _wname(c: Character, wid: str) -> str:
        w = c.weapon(wid)
        return w.name if w is not None else wid

    # -- the kernel's Rules --------------------------------------------------------------------------------

    def perform(self, command: Command) -> None:
        if not isinstance(command, tuple(_OPTIONS)):
            raise Impossible(f"not a seed 004 command: {type(command).__name__}")
        if self.holder is None or self.rnd.phase is not Phase.COMBAT:
            raise Impossible("nobody has the initiative now")
        if command.creature != self.holder:
            raise Impossible(f"{self.name(self.holder)} has the initiative, not {self.name(command.creature)}")
        why = self.why_not(command)
        if why is not None:
            raise Impossible(why)
        self.holder = None
        self.segment_passes = {command.creature: isinstance(command, PassOption)}
        self.engine.run([TakeOption(self.engine.new_action(), command.creature, command)])

    def settled(self) -> None:
        self._check_over()

    def precondition(self, step: Step) -> str:
        if isinstance(step, TakeOption) and not step.paid:
            return self.why_not(step.option, step.borrowed) or ""
        if isinstance(step, (Parries, Strike)):
            pending = self.attacks.get(step.action)
            if pending is None:
                return "the attack is gone"
            if self.chars[pending.target].dead:
                return f"{self.name(pending.target)} is already down"
        return ""

    def detail(self, step: Step) -> str | None:
        return None

    def before(self, step: Step) -> list[Step]:
        out: list[Step] = []
        for x in self.extensions:
            out.extend(x.before(self, step))
        return out

    def question(self, step: Step) -> Sequence[Question]:
        for x in self.extensions:
            asked = x.question(self, step)
            if asked:
                return asked
        if isinstance(step, Declare):
            tied = [self.chars[h] for h in step.holders]
            return declarations(tied, lambda f: [Option(key(o), self.option_label(o))
                                                 for o in self.options_of(self.chars[f.id])])
        if isinstance(step, Parries):
            self.parrying = self.attacks[step.action]
            return self._parry_questions(step)
        return ()

    def resolve(self, step: Step, answers: Sequence[Option]) -> None:
        for x in self.extensions:
            if x.resolve(self, step, answers):
                return
        match step:
            case NextSegment():
                self._next_segment()
            case Declare():
                self._declared(step, answers)
            case TakeOption():
                self._take(step)
            case Parries():
                self._parried(step, answers)
            case Strike():
                self._strike(step)
            case BeginPhase():
                self.emit(ev.PhaseBegan(self.rnd.number, step.phase))
                self.chars = {k: replace(c, blows=c.blows.new_phase()) for k, c in self.chars.items()}
            case EndPhase():
                self._end_phase(step)

    def after(self, step: Step) -> list[Step]:
        out: list[Step] = []
        for x in self.extensions:
            out.extend(x.after(self, step))
        match step:
            case TakeOption() if isinstance(step.option, AttackOption) and step.action in self.attacks:
                out += [Parries(step.action, step.creature), Strike(step.action, step.creature)]
            case BeginPhase():
                for x in self.extensions:
                    out.extend(x.phase_steps(self, step.phase))
                out.append(EndPhase(self.engine.new_action(), step.phase))
        return out

    def fizzled(self, step: Step, reason: str, dropped: list[Step]) -> None:
        self.engine.report_fizzle(step, reason, len(dropped))
        self.attacks.pop(step.action, None)

    def action_complete(self) -> list[Step]:
        if self.finished:
            return []
        self._check_over()
        if self.finished:
            return []
        if self.rnd.phase is Phase.COMBAT and self.segment_passes:
            self.rnd = self.rnd.options_taken(self.segment_passes)
            self.segment_passes = {}
            self.declared = {}
        if self.holder is not None:
            return []
        if self.rnd.phase is Phase.COMBAT:
            return [NextSegment(self.engine.new_action())]
        return []

    # -- the combat phase ---------------------------------------------------------------------------------

    def _next_segment(self) -> None:
        if self.chain is not None:
            c = self.chars[self.chain]
            if not c.dead and c.preparation is not None and c.preparation.chained and c.blows.has_blow:
                self.holder = c.id
                self.rnd = replace(self.rnd, segment=self.rnd.segment + 1, holders=(c.id,))
                self.emit(ev.SegmentBegan(self.rnd.number, self.rnd.segment, (c.id,),
                                          "a thrusting weapon's or bow's great blow must follow at once [27]"))
                return
            self.chain = None
        fighters = [c for c in self.fighters() if not c.dead]
        self.rnd = self.rnd.begin_segment(fighters)
        if self.rnd.phase is not Phase.COMBAT:
            self.emit(ev.SegmentBegan(self.rnd.number, self.rnd.segment + 1, (), "1.1.1 [19]"))
            self.engine.push([BeginPhase(self.engine.new_action(), Phase.NONCOMBAT.value)])
            return
        holders = self.rnd.holders
        self.emit(ev.SegmentBegan(self.rnd.number, self.rnd.segment, holders, self._why(holders, fighters)))
        if len(holders) == 1:
            self.holder = holders[0]
        else:
            self.engine.push([Declare(self.engine.new_action(), holders)])

    def _why(self, holders: tuple[str, ...], fighters: list[Character]) -> str:
        """Why these hold the initiative [20]: what decided it against the next best eligible."""
        from game.rulesets.seed004.initiative import is_eligible

        eligible = [c for c in fighters if is_eligible(c, self.rnd.passed) and c.id not in holders]
        top = self.chars[holders[0]].blows
        if len(holders) > 1:
            return f"tied on {top.active} active, {top.reactive} reactive blows and EN {top.en}: simultaneous [21]"
        if not eligible:
            return "the only one eligible"
        best = max(eligible, key=lambda c: (c.blows.active, c.blows.reactive, c.blows.en)).blows
        if top.active != best.active:
            return f"most active blows ({top.active} to {best.active})"
        if top.reactive != best.reactive:
            return f"most reactive blows ({top.reactive} to {best.reactive})"
        return f"most EN ({top.en} to {best.en})"

    def _declared(self, step: Declare, answers: Sequence[Option]) -> None:
        """The revealed declarations [21]: every option's blows are spent at once (they were declared together),
        then the options are carried out in the order of the fight's roster."""
        options = [parse(h, a.key) for h, a in zip(step.holders, answers)]
        self.segment_passes = {o.creature: isinstance(o, PassOption) for o in options}
        self.declared = {o.creature: _weapons_used(o) for o in options}
        steps: list[Step] = []
        for o in options:
            if self.why_not(o) is not None:   # an earlier declaration cannot change it, all being spent now
                continue
            self._pay(o)
            steps.append(TakeOption(self.engine.new_action(), o.creature, o, paid=True))
        self.engine.push(steps)

    def _pay(self, option: Command, borrowed: bool = False) -> None:
        c = self.chars[option.creature]
        b = c.blows
        before = b
        spent: tuple[Blow, ...] = ()
        match option:
            case DrawWeapon():
                w = c.weapon(option.weapon)
                spent = (self._one_blow(b, Need.ACTIVE if w is not None and w.heavy else Need.ANY),)
            case GrabObject() | PrepareBlow():
                spent = (Blow.ACTIVE,)
            case ManeuverOption():
                spent = (self._one_blow(b, Need.ANY),)
            case AttackOption():
                w = c.weapon(option.weapon)
                spent = (Blow.ACTIVE, option.second) if w is not None and w.heavy else (Blow.ACTIVE,)
        try:
            b = b.borrow(*spent) if borrowed else (b.spend(*spent) if spent else b)
        except BlowRefused as exc:
            raise Impossible(str(exc)) from None
        self.put(replace(c, blows=b))
        self.emit(ev.OptionChosen(c.id, self.option_label(option), blows_of(spent), before.en - b.en, b.en,
                                  borrowed))

    @staticmethod
    def _one_blow(b: Blows, need: Need) -> Blow:
        """The blow an option spends when either kind will do: a reactive one while it can be paid (ours: keeps
        active blows, which win initiative [20])."""
        kinds = b.kinds_for(need)
        for k in (Blow.REACTIVE, Blow.ACTIVE):
            if k in kinds and b.why_not(k) is None:
                return k
        return kinds[0] if kinds else Blow.ACTIVE

    def _take(self, step: TakeOption) -> None:
        option = step.option
        if not step.paid:
            self._pay(option, step.borrowed)
        c = self.chars[option.creature]
        lost_before = c.preparation
        match option:
            case PassOption():
                self._pass(c, option)
            case DrawWeapon():
                c = self._lose_prep(c, prep.Use.OTHER_BLOW)
                self.put(replace(c, in_hand=c.in_hand + (option.weapon,),
                                 sheathed=tuple(w for w in c.sheathed if w != option.weapon)))
                self.emit(ev.WeaponDrawn(c.id, self._wname(c, option.weapon)))
            case GrabObject():
                self._grab(self._lose_prep(c, prep.Use.OTHER_BLOW), option)
            case PrepareBlow():
                w = c.weapon(option.weapon)
                assert w is not None
                p = prep.prepare(c.preparation, w, option.mode)
                if lost_before is not None and lost_before.weapon != p.weapon:
                    self.emit(ev.PreparationLost(c.id, self._wname(c, lost_before.weapon), "another weapon prepared"))
                self.put(replace(c, preparation=p))
                self.chain = c.id if p.chained else None
                self.emit(ev.BlowPrepared(c.id, w.name, p.count))
            case ManeuverOption():
                self._maneuver(self._lose_prep(c, prep.Use.OTHER_BLOW), option)
            case AttackOption():
                w = c.weapon(option.weapon)
                t = self.chars[option.target]
                assert w is not None
                mode, _ = self.attack_mode(c, w, t)
                self.attacks[step.action] = Pending(c.id, t.id, w.id, mode or AttackMode.MELEE)
        if not isinstance(option, PrepareBlow) and self.chain == c.id:
            self.chain = None

    def _lose_prep(self, c: Character, use: prep.Use) -> Character:
        if c.preparation is None:
            return c
        left = prep.after(c.preparation, use)
        if left is None:
            self.emit(ev.PreparationLost(c.id, self._wname(c, c.preparation.weapon), f"a {use.value}"))
            c = replace(c, preparation=None)
            self.put(c)
        return c

    def _pass(self, c: Character, option: PassOption) -> None:
        c = self._lose_prep(c, prep.Use.PASS)
        names = tuple(self._wname(c, w) for w in option.drop)
        for w in option.drop:
            c = self._lay(c, w, c.cell)
        b = c.blows
        if option.fall:
            b = b.with_fallen(True)
        if option.alert is not None:
            b = b.with_alert(option.alert)
        self.put(replace(c, blows=b))
        self.emit(ev.Passed(c.id, names, option.fall, option.alert))

    def _grab(self, c: Character, option: GrabObject) -> None:
        """[26]: the item comes to hand; alert, only on a D20 DX check (ours: at or below DX). One's own weapon
        is its sheet's again; another's is carried as a copy named ``owner.weapon``."""
        item = self.lying[option.item]
        got = True
        if c.alert:
            got = self.engine.dice.roll(1, 20, 0, f"{c.id}: D20 DX check to grab {item.key}").total <= c.sheet.dx
        if got:
            del self.lying[option.item]
            if item.owner == c.id and c.sheet.weapon(item.weapon.id) is not None:
                self.put(replace(c, in_hand=c.in_hand + (item.weapon.id,)))
            else:
                w = replace(item.weapon, id=item.key)
                self.put(replace(c, in_hand=c.in_hand + (w.id,), carried=c.carried + (w,)))
        self.emit(ev.ObjectGrabbed(c.id, item.weapon.name, got))

    def _lay(self, c: Character, wid: str, cell: Cell) -> Character:
        """``c``'s weapon ``wid`` leaves its hand for the map at ``cell``."""
        w = c.weapon(wid)
        assert w is not None
        carried = next((x for x in c.carried if x.id == wid), None)
        if carried is not None:
            self.lying[wid] = Lying(wid, wid.split(".", 1)[0], replace(carried, id=wid.split(".", 1)[1]), cell)
        else:
            self.lying[f"{c.id}.{wid}"] = Lying(f"{c.id}.{wid}", c.id, w, cell)
        return replace(c, in_hand=tuple(x for x in c.in_hand if x != wid),
                       carried=tuple(x for x in c.carried if x.id != wid))

    def _maneuver(self, c: Character, option: ManeuverOption) -> None:
        other = self.chars[option.other]
        out = maneuver(option.maneuver, c, other, self.ground(), self.engine.dice, option.new_range)
        for call in out.gm_calls:
            self.emit(ev.GmCalled("1.2.3", 0, call, "allowed"))
        self.put(replace(c, cell=out.cell, blows=c.blows.with_fallen(out.fallen_after)))
        self.emit(ev.Maneuvered(c.id, option.maneuver.value, other.id, out.range_before, out.range_after, out.cell,
                                out.rose, out.stumbled, out.fell))

    def _parry_questions(self, step: Parries) -> tuple[Question, ...]:
        """[34]: the target and every alert character within range of the attacker may parry a melee attack,
        each with a blow. Ours: a parrier is alert, not on the attacker's side, holds a weapon that parries and
        (but for the target) reaches the attacker; in a simultaneous segment only weapons its own declared option
        did not use [21]."""
        pending = self.attacks[step.action]
        if pending.mode is not AttackMode.MELEE:
            return ()
        attacker = self.chars[pending.attacker]
        out: list[Question] = []
        for c in self.fighters():
            if c.dead or not c.alert or c.side == attacker.side:
                continue
            if c.blows.why_not(Blow.REACTIVE) is not None and c.blows.why_not(Blow.ACTIVE) is not None:
                continue
            dist = range_between(self.board.grid, c.cell, attacker.cell)
            free = parry_weapons(c.id, [w.id for w in c.wielded()], self.declared)
            usable = [w for w in c.wielded() if w.id in free and w.can_parry
                      and (c.id == pending.target or dist <= w.reach)]
            if not usable:
                continue
            options = tuple(Option(f"parry:{w.id}", f"parry with {w.name} ({w.parry:+d})") for w in usable)
            options += (Option(PASS, "do not parry"),)
            out.append(Question(c.side, c.id, PARRY,
                                f"parry {attacker.name}'s attack on {self.name(pending.target)}?",
                                options))
        return tuple(out)

    def _parried(self, step: Parries, answers: Sequence[Option]) -> None:
        pending = self.attacks[step.action]
        asked = self._parry_questions(step)
        made: list[tuple[str, str]] = []
        for q, a in zip(asked, answers):
            if a.key == PASS:
                continue
            c = self.chars[q.chooser]
            wid = a.key.split(":", 1)[1]
            w = c.weapon(wid)
            assert w is not None and w.parry is not None
            b = c.blows.spend(self._one_blow(c.blows, Need.ANY))
            c = self._lose_prep(replace(c, blows=b), prep.Use.OTHER_BLOW)
            self.put(c)
            made.append((c.id, wid))
            self.emit(ev.ParryMade(c.id, pending.attacker, w.name, w.parry))
        self.attacks[step.action] = replace(pending, parries=tuple(made))

    def _strike(self, step: Strike) -> None:
        pending = self.attacks.pop(step.action)
        c, t = self.chars[pending.attacker], self.chars[pending.target]
        w = c.weapon(pending.weapon)
        assert w is not None
        count = prep.applicable(c.preparation, w)
        surprise = hit.Surprise.of(alert=t.alert, fallen=t.blows.fallen, stationary=True, conscious=not t.dead,
                                   inanimate=t.sheet.inanimate)
        parries = []
        for who, wid in pending.parries:
            pw = self.chars[who].weapon(wid)
            assert pw is not None and pw.parry is not None
            parries.append(hit.Parry(who, pw.name, pw.breakage, pw.parry))
        shield = t.sheet.shield if t.shield_whole else None
        attack = hit.Attack(w, c.sheet.st, t.armour_class(), critical_number(t.armour_class().ac), count, surprise,
                            tuple(parries), shield)
        self.emit(ev.AttackMade(c.id, t.id, w.name, pending.mode.value, self.range_of(c.id, t.id), count,
                                surprise.name.lower()))
        result = hit.resolve(attack, self.engine.dice)
        for call in result.gm_calls:
            self.emit(ev.GmCalled(call.clause, call.roll, call.question, call.default))
        c = replace(c, preparation=prep.after_attack(c.preparation, w))
        if pending.mode is AttackMode.THROWN:
            c = self._lay(c, w.id, t.cell)
        self.put(c)
        tb = t.blows.damaged(result.en_damage, result.bd_damage) if result.hit else t.blows
        t = replace(t, blows=tb)
        self.put(t)
        self.emit(ev.AttackResolved(c.id, t.id, result.faces, result.total, result.required, result.outcome.value,
                                    result.critical, result.en_damage if result.hit else 0,
                                    result.bd_damage if result.hit else 0, tb.en, tb.bd))
        for b in result.broken:
            self._broke(b, c, pending)
        if t.dead:
            self.emit(ev.FellUnconscious(t.id))

    def _broke(self, b: hit.Breakage, attacker: Character, pending: Pending) -> None:
        if b.item is hit.Item.ATTACKING:
            owner, wid = attacker.id, pending.weapon
        elif b.item is hit.Item.SHIELD:
            t = self.chars[pending.target]
            self.put(replace(t, shield_whole=False))
            self.emit(ev.ItemBroke(t.id, b.name, b.item.value))
            return
        else:
            owner = b.owner
            wid = next((w for who, w in pending.parries if who == owner), "")
        c = self.chars[owner]
        self.put(replace(c, in_hand=tuple(x for x in c.in_hand if x != wid), broken=c.broken + (wid,),
                         carried=tuple(x for x in c.carried if x.id != wid)))
        self.emit(ev.ItemBroke(owner, b.name, b.item.value))

    # -- the other phases ---------------------------------------------------------------------------------

    def _end_phase(self, step: EndPhase) -> None:
        if step.phase == Phase.NONCOMBAT.value:
            self.rnd = self.rnd.end_noncombat()
            self.engine.push([BeginPhase(self.engine.new_action(), Phase.MOVEMENT.value)])
            return
        self.rnd = self.rnd.end_movement()
        for k, c in list(self.chars.items()):
            c = self._lose_prep(c, prep.Use.ROUND_END)
            self.chars[k] = replace(c, blows=c.blows.new_round())
        self.chain = None
        self._check_over()
        if self.finished:
            return
        self.emit(ev.RoundBegan(self.rnd.number))
        self.emit(ev.PhaseBegan(self.rnd.number, Phase.COMBAT.value))
        self.engine.push([NextSegment(self.engine.new_action())])

    def _check_over(self) -> None:
        if self.finished or not self.started:
            return
        sides = {c.side for c in self.chars.values() if not c.dead}
        if len(sides) <= 1:
            self.finished = True
            self.holder = None
            self.winner = next(iter(sides), "")
            self.emit(ev.FightEnded(self.winner))


_OPTIONS = (PassOption, DrawWeapon, GrabObject, PrepareBlow, ManeuverOption, AttackOption)


def _weapons_used(option: Command) -> frozenset[str]:
    """The weapons a declared option uses [21] (an attack's, a preparation's, a drawn weapon)."""
    match option:
        case AttackOption() | PrepareBlow() | DrawWeapon():
            return frozenset({option.weapon})
    return frozenset()
