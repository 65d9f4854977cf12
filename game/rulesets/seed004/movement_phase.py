"""Seed 004's movement phase, 3 and 3.1-3.2.3 [50-58] (numbers in brackets are the document's lines), as pure
functions the fight calls over :mod:`game.rulesets.seed004.traces`.

* Plotting [51, 53]: one secret question per conscious character (:func:`questions`; a secret group, revealed
  together). The options [58] are: ``stay``; ``to:<col>,<row>``, an end cell it can reach (its trace is the
  least-cost path there, through others' cells, never through walls); ``chase:<id>`` (2" dearer [53], its trace
  runs to the chased one's starting cell and then follows the chased one's trace); ``stop:<id>``, "end my trace
  when I get within weapon reach of <id>" [58] (its trace heads for the other's starting cell and stops as soon
  as it is within its longest melee reach).
* Alertness (ours) [51]: "characters may cease to be alert". An alert character keeps its alertness with any
  option its halved movement allows; an end cell or chase only its full movement reaches is offered too and
  ceases its alertness (the label says so); ``stay unalert`` lets an alert archer drop it where it stands.
  ``stop:<id>`` is a reaction: it keeps alertness and uses the halved movement. Who took a noncombat action
  this round moves half and cannot react [51]; the allowance is :func:`~game.rulesets.seed004.traces.allowance`.
* Resolution [54-57] (:func:`run`): all traces revealed, :class:`~game.rulesets.seed004.traces.Movement` steps by
  fractions; after each step those who just ended and may react are asked (one decision each, its own player)
  whether to attack a character still moving within reach [56], borrowing blows from the next round; the fight
  carries the attack out (``strike``) and says whether the target stops there (ours: felled or fallen stops it).
  "An option other than an attack" [56] is not offered (ours: the smallest reading that plays). Every step is a
  :class:`Frame` (positions after it), so the window can replay it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from game.grid import Cell, Grid
from game.kernel.decisions import PASS, Option, Question
from game.kernel.engine import Impossible
from game.rulesets.seed004.blows import Blow, Blows
from game.rulesets.seed004.sheets import Sheet
from game.rulesets.seed004.traces import CHASE_COST, MAX_MOVERS, MAX_TRACE, Movement, Step, StopWithin, Trace, allowance

TRACE = "trace"
"""The kind of the secret plotting decisions [53]."""
ATTACK_MOVER = "attack mover"
"""The kind of the 3.2.2 decisions [56]: attack one still moving."""
STAY = "stay"
STAY_UNALERT = "stay unalert"
MAX_CELLS = 5000
"""Most cells one search for reachable end cells visits."""
TOWARD = 8
"""How far past its movement the search for a "stop within reach" trace's heading looks (steps)."""


@dataclass(frozen=True, slots=True)
class Mover:
    """What the movement phase reads of one character."""

    id: str
    side: str
    sheet: Sheet
    blows: Blows
    cell: Cell
    noncombat: bool = False
    """Performed a noncombat action this round [51]."""
    name: str = ""
    """Its name at the table (the sheet's when not given)."""

    @property
    def shown(self) -> str:
        return self.name or self.sheet.name

    @property
    def reach(self) -> int:
        """Its longest melee reach (ours: 1 when it has no melee weapon)."""
        return max((w.reach for w in self.sheet.weapons if w.melee), default=1)


@dataclass(frozen=True, slots=True)
class Plan:
    """One plotting option worked out: the trace, the movement it was measured against, and alertness after."""

    trace: Trace
    allowance: int
    alert: bool


@dataclass(frozen=True, slots=True)
class Ground:
    grid: Grid[Any]
    is_open: Callable[[Cell], bool]


def paths_within(ground: Ground, start: Cell, budget: int) -> dict[Cell, tuple[Cell, ...]]:
    """Every open cell within ``budget`` steps of ``start`` -> the least-cost path there (cells after start;
    walls block, characters do not: traces pass through others' cells, as :mod:`traces` reads it)."""
    budget = max(0, min(budget, MAX_TRACE))
    out: dict[Cell, tuple[Cell, ...]] = {start: ()}
    queue: deque[Cell] = deque([start])
    while queue and len(out) < MAX_CELLS:
        here = queue.popleft()
        path = out[here]
        if len(path) >= budget:
            continue
        for n in ground.grid.neighbours(here):
            if n not in out and ground.is_open(n):
                out[n] = path + (n,)
                queue.append(n)
    return out


def straightened(ground: Ground, start: Cell, path: tuple[Cell, ...]) -> tuple[Cell, ...]:
    """``path``, or the straight line to its end when that is as short and open (ours: a trace looks like the
    walk a player would draw, not the search's first-found zigzag)."""
    if not path:
        return path
    line = tuple(ground.grid.line(start, path[-1]))[1:]
    if len(line) == len(path) and all(ground.is_open(c) for c in line):
        return line
    return path


def _key(ground: Ground, cell: Cell) -> str:
    col, row = ground.grid.cell_to_offset(cell)
    return f"to:{col},{row}"


def _budgets(m: Mover) -> tuple[tuple[int, bool], ...]:
    """(allowance, alert afterwards) to try, keeping alertness first [51]."""
    free = allowance(m.sheet, m.blows.with_alert(False), noncombat=m.noncombat)
    if not m.blows.alert:
        return ((free, False),)
    return ((allowance(m.sheet, m.blows, noncombat=m.noncombat), True), (free, False))


def plans(m: Mover, everyone: Sequence[Mover], ground: Ground) -> dict[str, Plan]:
    """Every plotting option of ``m`` [53, 58] -> its plan (see the module's docstring)."""
    out: dict[str, Plan] = {STAY: Plan(Trace(m.id, m.cell), 0, m.blows.alert)}
    if m.blows.alert:
        out[STAY_UNALERT] = Plan(Trace(m.id, m.cell), 0, False)
    taken = {o.cell for o in everyone if o.id != m.id}
    others = [o for o in everyone if o.id != m.id and o.blows.conscious]
    budgets = _budgets(m)
    # one search: a BFS's paths do not depend on where it stops
    near = paths_within(ground, m.cell, max(b for b, _ in budgets) + TOWARD)
    for budget, alert in budgets:
        for cell, path in near.items():
            key = _key(ground, cell)
            if path and len(path) <= budget and cell not in taken and key not in out:
                out[key] = Plan(Trace(m.id, m.cell, straightened(ground, m.cell, path)), budget, alert)
        for o in others:
            key = f"chase:{o.id}"
            path = near.get(o.cell, ())
            if path and len(path) <= budget - CHASE_COST and key not in out:
                out[key] = Plan(Trace(m.id, m.cell, straightened(ground, m.cell, path), chase=o.id), budget, alert)
    budget, alert = budgets[0]
    for o in others:
        toward = _toward(ground, near, m.cell, o.cell, budget)
        out[f"stop:{o.id}"] = Plan(Trace(m.id, m.cell, toward, stop=StopWithin(o.id, m.reach)), budget, alert)
    return out


def _toward(ground: Ground, near: Mapping[Cell, tuple[Cell, ...]], start: Cell, goal: Cell,
            budget: int) -> tuple[Cell, ...]:
    """The least-cost path from ``start`` toward ``goal`` (not onto it), at most ``budget`` cells: to the cell of
    ``near`` (start -> path) nearest ``goal``, fewest steps on ties."""
    best = min(near, key=lambda c: (ground.grid.distance(c, goal) if c != goal else 10**6, len(near[c])))
    return straightened(ground, start, near[best])[:max(0, budget)]


def label(key: str, plan: Plan, was_alert: bool, names: Mapping[str, str]) -> str:
    """What the chooser reads for one option."""
    drop = " (ceases to be alert)" if was_alert and not plan.alert else ""
    if key == STAY:
        return "stay where you are"
    if key == STAY_UNALERT:
        return "stay, ceasing to be alert"
    kind, _, rest = key.partition(":")
    if kind == "chase":
        cells = len(plan.trace.cells)
        return f"chase {names.get(rest, rest)} ({cells}\" to its start, {CHASE_COST}\" for the chase){drop}"
    if kind == "stop":
        return f"stop within reach of {names.get(rest, rest)}"
    return f"move to {rest} ({len(plan.trace.cells)}\"){drop}"


Plans = Mapping[str, Mapping[str, Plan]]
"""Each mover's options worked out (:func:`all_plans`): what a question offers and an answer plots."""


def all_plans(movers: Sequence[Mover], ground: Ground) -> dict[str, dict[str, Plan]]:
    """Every conscious mover's plotting options (work them out once a movement phase: the board and everyone's
    standing do not change while the traces are plotted)."""
    return {m.id: plans(m, movers, ground) for m in movers if m.blows.conscious}


def questions(movers: Sequence[Mover], ground: Ground, table: Plans | None = None) -> tuple[Question, ...]:
    """3.1 [53]: one secret question per conscious character, to be opened together and revealed together
    (``table``: :func:`all_plans`, when already worked out)."""
    if len(movers) > MAX_MOVERS:
        raise Impossible(f"{len(movers)} characters in one movement phase; at most {MAX_MOVERS}")
    names = {m.id: m.shown for m in movers}
    out: list[Question] = []
    for m in movers:
        if not m.blows.conscious:
            continue
        got = table[m.id] if table is not None and m.id in table else plans(m, movers, ground)
        options = tuple(Option(k, label(k, p, m.blows.alert, names)) for k, p in got.items())
        out.append(Question(m.side, m.id, TRACE, "plot your trace", options, secret=True))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Frame:
    """One step of the resolution [55-56], as the window replays it."""

    fraction: Fraction
    ended: tuple[str, ...]
    positions: Mapping[str, Cell]
    """Everyone's cell after the step (before any attack it allowed)."""
    lines: tuple[str, ...]
    """What the log says of the step and its attacks."""


def begin(movers: Sequence[Mover], choices: Mapping[str, str], ground: Ground,
          table: Plans | None = None) -> tuple[Movement, dict[str, bool]]:
    """3.2 [54]: all traces revealed; ``choices`` is who -> option key (unconscious characters and those not
    answering stay). Returns the resolution's start and everyone's alertness after plotting."""
    traces: list[Trace] = []
    allowances: dict[str, int] = {}
    alert: dict[str, bool] = {}
    for m in movers:
        key = choices.get(m.id, STAY)
        if not m.blows.conscious:
            options: Mapping[str, Plan] = {STAY: Plan(Trace(m.id, m.cell), 0, m.blows.alert)}
        else:
            options = table[m.id] if table is not None and m.id in table else plans(m, movers, ground)
        if key not in options:
            raise Impossible(f"{m.id} cannot plot {key!r} now")
        plan = options[key]
        traces.append(plan.trace)
        allowances[m.id] = plan.allowance
        alert[m.id] = plan.alert
    may_react = [m.id for m in movers if alert[m.id] and not m.noncombat and m.blows.conscious]
    return Movement.start(ground.grid, ground.is_open, traces, allowances, may_react), alert


def targets(movement: Movement, step: Step, who: Mover, everyone: Mapping[str, Mover]) -> tuple[str, ...]:
    """3.2.2 [56]: the characters still moving that ``who`` (one who just ended and may react) can attack now:
    within its melee reach, when it can borrow an attack's blows from the next round (ours: its first melee
    weapon in reach sets whether the attack is heavy [34])."""
    if who.id not in step.may_attack:
        return ()
    here = movement.position(who.id)
    out: list[str] = []
    for t in step.still_moving:
        if t in movement.ended:   # stopped by an earlier attack of this step
            continue
        d = movement.grid.distance(here, movement.position(t))
        weapon = next((w for w in who.sheet.weapons if w.melee and w.reach >= d), None)
        if weapon is None or t not in everyone or not everyone[t].blows.conscious:
            continue
        blows = (Blow.ACTIVE, Blow.REACTIVE) if weapon.heavy else (Blow.ACTIVE,)
        if who.blows.why_not_borrow(*blows) is None:
            out.append(t)
    return tuple(out)


def attack_question(movement: Movement, step: Step, who: Mover, everyone: Mapping[str, Mover]) -> Question | None:
    """The 3.2.2 decision of ``who`` [56] (None: nobody to attack): attack one still moving, or pass."""
    got = targets(movement, step, who, everyone)
    if not got:
        return None
    options = (Option(PASS, "let them pass"),) + tuple(
        Option(f"attack:{t}", f"attack {everyone[t].shown} (a blow borrowed from next round)") for t in got)
    return Question(who.side, who.id, ATTACK_MOVER, "attack one still moving?", options)


Choose = Callable[[Movement, Question], str]
"""The fight's asker: the answer to one 3.2.2 question (its player, standing orders or the AI)."""
Strike = Callable[[str, str, Movement], tuple[tuple[str, ...], bool]]
"""The fight's attack [56]: (attacker, target, movement) -> (log lines, whether the target stops where it is)."""


def advance(movement: Movement, everyone: Mapping[str, Mover]) -> tuple[Movement, Step, str]:
    """3.2.1 [55]: one step, with its log line. The fight then asks, in ``step.may_attack``'s order, each
    :func:`attack_question` (against the movement as it stands after earlier attacks) and applies each answer
    with :func:`attacked`; then, while anyone moves, advances again (3.2.3 [57])."""
    movement, step = movement.step()
    return movement, step, _step_line(step, everyone)


def attacked(movement: Movement, target: str, stops: bool,
             everyone: Mapping[str, Mover]) -> tuple[Movement, str | None]:
    """After a 3.2.2 attack [56]: the target stops where it is when the fight says so (with the log line)."""
    if not stops or target in movement.ended:
        return movement, None
    movement = movement.halt(target)
    return movement, f"{_name(target, everyone)} stops at {tuple(movement.position(target))}"


def run(movement: Movement, everyone: Mapping[str, Mover], choose: Choose,
        strike: Strike) -> tuple[Movement, tuple[Frame, ...]]:
    """3.2.1-3.2.3 [55-57] in one call (the AI's look-ahead and the tests; the fight drives :func:`advance` as
    kernel steps): step until nobody moves; after each step ask those who may attack [56], in the order given,
    and halt a target the fight says stops. At most one step per character (each step ends one)."""
    frames: list[Frame] = []
    for _ in range(len(movement.order) + 1):
        if movement.done:
            break
        movement, step, line = advance(movement, everyone)
        lines = [line]
        for who in step.may_attack:
            q = attack_question(movement, step, everyone[who], everyone)
            if q is None:
                continue
            answer = choose(movement, q)
            if answer == PASS:
                continue
            if answer not in {o.key for o in q.options}:
                raise Impossible(f"{who} cannot answer {answer!r} to {q.question}")
            target = answer.partition(":")[2]
            said, stops = strike(who, target, movement)
            lines.extend(said)
            movement, stopped = attacked(movement, target, stops, everyone)
            if stopped is not None:
                lines.append(stopped)
        frames.append(Frame(step.fraction, step.ended, step.positions, tuple(lines)))
    return movement, tuple(frames)


def _name(who: str, everyone: Mapping[str, Mover]) -> str:
    return everyone[who].shown if who in everyone else who


def _step_line(step: Step, everyone: Mapping[str, Mover]) -> str:
    ended = ", ".join(f"{_name(w, everyone)} at {tuple(step.positions[w])}" for w in step.ended)
    return f"movement after {step.fraction} of the remaining traces: {ended} end{'s' if len(step.ended) == 1 else ''}"


def overlaps(positions: Mapping[str, Cell]) -> tuple[Cell, ...]:
    """Cells two characters share (none, ever, after :func:`run`)."""
    seen: set[Cell] = set()
    out: list[Cell] = []
    for c in positions.values():
        if c in seen:
            out.append(c)
        seen.add(c)
    return tuple(out)


def everyone_of(movers: Iterable[Mover]) -> dict[str, Mover]:
    return {m.id: m for m in movers}
