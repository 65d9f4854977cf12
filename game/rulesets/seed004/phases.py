"""Seed 004's noncombat and movement phases inside the fight (numbers in brackets are the document's lines): an
extension of :class:`game.rulesets.seed004.fight.Seed004Fight` (its ``extensions``), one per fight, holding only
what those phases need between steps (armour fits, who took a noncombat action, the movement being resolved).

Steps, all kernel steps of the fight's stack:

* ``ChooseNoncombat`` [45-49]: one secret group (kind ``noncombat``) of :func:`noncombat_phase.questions`,
  resolved at once by :func:`noncombat_phase.resolve`.
* ``PlotTraces`` [51, 53]: one secret group (kind ``trace``) of :func:`movement_phase.questions`; the answers
  revealed together begin the resolution (a ``TracesPlotted`` event per character: what the window draws).
* ``MoveStep`` [55, 57]: one step of the resolution by fractions (a ``MovementStepped`` event: everyone's cell,
  what the window replays); then an ``AttackMover`` for each who just ended and may attack [56] (kind
  ``attack mover``, its own player's decision), then the next ``MoveStep`` while anyone moves.
* ``AttackMover``: the attack is the fight's own (:meth:`attack_steps`: blows borrowed from the next round, its
  parries, the hit procedure), followed by ``MoverHit``, which stops the target where it is when it is felled
  or fallen (ours) [56].
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from game.board import Board
from game.grid import Cell
from game.kernel.decisions import PASS, Decision, Option, Question
from game.kernel.events import Event
from game.rulesets.seed004 import ai_movement, movement_phase, noncombat_phase
from game.rulesets.seed004.blows import Blow
from game.rulesets.seed004.movement_phase import ATTACK_MOVER, TRACE, Ground, Mover, Plan
from game.rulesets.seed004.noncombat import Fit
from game.rulesets.seed004.noncombat_phase import Standing
from game.rulesets.seed004.rounds import NONCOMBAT
from game.rulesets.seed004.traces import Movement, Step


class FightView(Protocol):
    """What the phases read and change of the fight."""

    chars: dict[str, Any]
    board: Board
    engine: Any

    def emit(self, event: Event) -> None: ...

    def put(self, c: Any) -> None: ...

    def name(self, pid: str) -> str: ...

    def why_not_attack(self, attacker: str, target: str, weapon: str, second: Blow = Blow.REACTIVE, *,
                       borrowed: bool = False) -> str | None: ...

    def attack_steps(self, attacker: str, target: str, weapon: str, *, borrowed: bool = True) -> list[Any]: ...


# -- steps -----------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseNoncombat:
    action: int
    creature: str = ""


@dataclass(frozen=True, slots=True)
class PlotTraces:
    action: int
    creature: str = ""


@dataclass(frozen=True, slots=True)
class MoveStep:
    action: int
    creature: str = ""


@dataclass(frozen=True, slots=True)
class AttackMover:
    action: int
    creature: str


@dataclass(frozen=True, slots=True)
class MoverHit:
    action: int
    creature: str
    """The attacker."""
    target: str


# -- events ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NoncombatTaken:
    """A noncombat option took effect [46-49]."""

    creature: str
    option: str
    text: str


@dataclass(frozen=True, slots=True)
class TracesPlotted:
    """One character's trace, revealed [54]: its start, its path (start first; a chase's includes the chased
    one's), whom it chases, whom its order stops it within reach of, and whether it is alert now [51]."""

    creature: str
    path: tuple[Cell, ...]
    chase: str
    stop: str
    alert: bool


@dataclass(frozen=True, slots=True)
class MovementStepped:
    """One step of 3.2.1 [55]: the fraction of the remaining traces, who ended, where everyone stands."""

    fraction: str
    ended: tuple[str, ...]
    positions: tuple[tuple[str, Cell], ...]


@dataclass(frozen=True, slots=True)
class MoverStopped:
    """A mover stopped where it stood by an attack [56] (ours: felled or fallen)."""

    creature: str
    cell: Cell


# -- the extension -----------------------------------------------------------------------------------------------


@dataclass(slots=True)
class Phases:
    """The noncombat and movement phases of one fight (a fight's extension; nothing outlives the fight)."""

    fits: dict[str, Fit] = field(default_factory=dict)
    acted: set[str] = field(default_factory=set)
    """Who took a noncombat action this round [51]."""
    movement: Movement | None = None
    step: Step | None = None
    """The last step of the resolution (None before the first and once it is over)."""
    chosen: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Attacks on movers chosen and not yet made: attacker -> (target, weapon)."""
    plotting: dict[str, dict[str, Plan]] | None = None
    """The movers' plotting options while their traces are plotted (worked out once: nothing changes meanwhile)."""

    # -- reading the fight

    def fit(self, c: Any) -> Fit:
        return self.fits.get(c.id) or Fit.worn_as_listed(c.sheet.armour)

    def standings(self, fight: FightView) -> list[Standing]:
        return [Standing(c.id, c.side, c.sheet, c.blows, self.fit(c), c.name) for c in fight.chars.values()]

    def movers(self, fight: FightView) -> list[Mover]:
        """Everyone conscious (ours: the unconscious neither move nor hold a cell, as the fight's maneuvers read
        them; one felled during the phase keeps the cell it stopped on until the phase ends)."""
        return [Mover(c.id, c.side, c.sheet, c.blows, c.cell, c.id in self.acted, c.name)
                for c in fight.chars.values() if c.blows.conscious]

    @staticmethod
    def ground(fight: FightView) -> Ground:
        board = fight.board
        return Ground(board.grid, lambda cell: cell in board and not board.terrain(cell).wall)

    # -- the Extension protocol

    def phase_steps(self, fight: FightView, phase: str) -> list[Any]:
        if phase == "noncombat":
            self.acted = set()
            return [ChooseNoncombat(fight.engine.new_action())]
        if phase == "movement":
            return [PlotTraces(fight.engine.new_action())]
        return []

    def before(self, fight: FightView, step: Any) -> list[Any]:
        return []

    def question(self, fight: FightView, step: Any) -> Sequence[Question]:
        match step:
            case ChooseNoncombat():
                return noncombat_phase.questions(self.standings(fight))
            case PlotTraces():
                movers = self.movers(fight)
                self.plotting = movement_phase.all_plans(movers, self.ground(fight))
                return movement_phase.questions(movers, self.ground(fight), self.plotting)
            case AttackMover():
                q = self._attack_question(fight, step.creature)
                return (q,) if q is not None else ()
        return ()

    def resolve(self, fight: FightView, step: Any, answers: Sequence[Option]) -> bool:
        match step:
            case ChooseNoncombat():
                self._noncombat(fight, answers)
            case PlotTraces():
                self._plot(fight, answers)
            case MoveStep():
                self._move(fight)
            case AttackMover():
                self._choose_attack(fight, step.creature, answers)   # the attack's steps follow (after)
            case MoverHit():
                self._hit(fight, step.target)
            case _:
                return False
        return True

    def after(self, fight: FightView, step: Any) -> list[Any]:
        match step:
            case PlotTraces():
                return [MoveStep(fight.engine.new_action())]
            case MoveStep() if self.step is not None:
                return [AttackMover(fight.engine.new_action(), w) for w in self.step.may_attack] + [
                    MoveStep(fight.engine.new_action())]
            case AttackMover() if step.creature in self.chosen:
                target, weapon = self.chosen.pop(step.creature)
                return fight.attack_steps(step.creature, target, weapon, borrowed=True) + [
                    MoverHit(fight.engine.new_action(), step.creature, target)]
        return []

    def ai_answer(self, fight: FightView, decision: Decision) -> str | None:
        c = fight.chars.get(decision.chooser)
        if c is None:
            return None
        if decision.kind == NONCOMBAT:
            me = Standing(c.id, c.side, c.sheet, c.blows, self.fit(c), c.name)
            foes = [o.cell for o in fight.chars.values() if o.side != c.side and o.blows.conscious]
            near = min((fight.board.grid.distance(c.cell, f) for f in foes), default=None)
            return ai_movement.noncombat_choice(me, decision.options, near)
        if decision.kind == TRACE:
            movers = self.movers(fight)
            mover = next((m for m in movers if m.id == c.id), None)
            if mover is None:
                return None
            mine = self.plotting.get(c.id) if self.plotting is not None else None
            return ai_movement.trace_choice(mover, movers, self.ground(fight), mine)
        if decision.kind == ATTACK_MOVER:
            everyone = {m.id: m for m in self.movers(fight)}
            if c.id not in everyone:
                return None
            return ai_movement.attack_choice(everyone[c.id], decision.options, everyone)
        return None

    def describe(self, event: Event, name: Callable[[str], str]) -> str | None:
        match event:
            case NoncombatTaken():
                return event.text
            case TracesPlotted():
                how = (f" chasing {name(event.chase)}" if event.chase else "") + (
                    f", stopping within reach of {name(event.stop)}" if event.stop else "")
                moves = f"{len(event.path) - 1}\" to {tuple(event.path[-1])}" if len(event.path) > 1 else "stays"
                return f"{name(event.creature)}'s trace: {moves}{how}{'' if event.alert else ' (unalert)'}"
            case MovementStepped():
                ended = ", ".join(f"{name(w)} at {tuple(dict(event.positions)[w])}" for w in event.ended)
                return f"movement, {event.fraction} of the remaining traces: {ended} end"
            case MoverStopped():
                return f"{name(event.creature)} stops at {tuple(event.cell)}"
        return None

    # -- the phases

    def _noncombat(self, fight: FightView, answers: Sequence[Option]) -> None:
        standings = self.standings(fight)
        asked = noncombat_phase.questions(standings)
        choices = {q.chooser: a.key for q, a in zip(asked, answers, strict=False)}
        out = noncombat_phase.resolve(standings, choices)
        for who, s in out.after.items():
            if who in choices and choices[who] != PASS:
                fight.put(replace(fight.chars[who], blows=s.blows))
                self.fits[who] = s.fit
                fight.emit(NoncombatTaken(who, choices[who], _line_of(out.lines, fight.chars[who].name)))
        self.acted = set(out.acted)

    def _plot(self, fight: FightView, answers: Sequence[Option]) -> None:
        movers = self.movers(fight)
        ground = self.ground(fight)
        table = self.plotting if self.plotting is not None else movement_phase.all_plans(movers, ground)
        asked = [m.id for m in movers if m.id in table]   # the questions' order
        choices = {who: a.key for who, a in zip(asked, answers, strict=False)}
        movement, alert = movement_phase.begin(movers, choices, ground, table)
        self.plotting = None
        for m in movers:
            c = fight.chars[m.id]
            if c.blows.alert != alert[m.id]:
                fight.put(replace(c, blows=c.blows.with_alert(alert[m.id])))
            key = choices.get(m.id, movement_phase.STAY)
            kind, _, other = key.partition(":")
            fight.emit(TracesPlotted(m.id, movement.paths[m.id], other if kind == "chase" else "",
                                     other if kind == "stop" else "", alert[m.id]))
        self.movement, self.step = movement, None

    def _move(self, fight: FightView) -> None:
        """3.2.1 [55], or, with nobody moving (3.2.3 [57]), the end of the resolution."""
        if self.movement is None or self.movement.done:
            self._finish(fight)
            return
        self.movement, self.step = self.movement.step()
        self._place(fight)
        fight.emit(MovementStepped(str(self.step.fraction), self.step.ended,
                                   tuple(sorted(self.step.positions.items()))))

    def _place(self, fight: FightView) -> None:
        assert self.movement is not None
        for who, cell in self.movement.positions().items():
            c = fight.chars[who]
            if c.cell != cell:
                fight.put(replace(c, cell=cell))

    def _attack_question(self, fight: FightView, who: str) -> Question | None:
        if self.movement is None or self.step is None:
            return None
        everyone = {m.id: m for m in self.movers(fight)}
        if who not in everyone:
            return None
        q = movement_phase.attack_question(self.movement, self.step, everyone[who], everyone)
        if q is None:
            return None
        keep = [o for o in q.options if o.key == PASS or self._weapon(fight, who, o.key.partition(":")[2])]
        return replace(q, options=tuple(keep)) if len(keep) > 1 else None

    def _weapon(self, fight: FightView, who: str, target: str) -> str | None:
        """The first weapon in hand ``who`` may attack ``target`` with, blows borrowed [56]."""
        for w in fight.chars[who].wielded():
            if fight.why_not_attack(who, target, w.id, borrowed=True) is None:
                return str(w.id)
        return None

    def _choose_attack(self, fight: FightView, who: str, answers: Sequence[Option]) -> None:
        if not answers or answers[0].key == PASS:
            return
        target = answers[0].key.partition(":")[2]
        weapon = self._weapon(fight, who, target)
        if weapon is not None:
            self.chosen[who] = (target, weapon)

    def _hit(self, fight: FightView, target: str) -> None:
        if self.movement is None or target in self.movement.ended:
            return
        t = fight.chars[target]
        if t.blows.conscious and not t.blows.fallen:
            return
        self.movement = self.movement.halt(target)
        self._place(fight)
        fight.emit(MoverStopped(target, self.movement.position(target)))

    def _finish(self, fight: FightView) -> None:
        if self.movement is not None:
            self._place(fight)
        self.movement, self.step = None, None


def _line_of(lines: Sequence[str], name: str) -> str:
    return next((line for line in lines if line.startswith(name + " ")), name)
