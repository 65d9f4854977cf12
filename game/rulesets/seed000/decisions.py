"""The automatic choices of seed 000 ("Taking decisions during Reactions"), each with its reason.

"Players can provide no input at the time of resolving a reaction. Decisions
are taken at random, according to the following guidelines": forced movement,
movement, triggering, targeting, basic attacks, other. Each function here
makes one such choice, narrowed first by the restrictions stated at
preparation, draws from the encounter's one random stream (logged), and emits
a :class:`~game.rulesets.seed000.events.Decision` with its reason and every candidate it
chose among. With the encounter option ``random_decisions`` each choice is the
seed's simpler rule instead: "when multiple options are available for a
Reaction, choose one at random" (restrictions still apply: the player stated
them).

The same forced-movement rule decides where a push lands when nobody chose
(the AI's powers, a script without ``landings``), and the movement rule where
a power's "shift yourself" or "move yourself" goes when its user named no cell.
For a shift the movement rule's "paths that normally provoke" never applies
(shifting provokes nothing); for a move (``move_self``) it does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from game.grid import Cell
from game.rulesets.seed000 import events as ev
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.context import Fight
from game.rulesets.seed000.model import ForcedKind, Power, Restriction, RestrictionKind
from game.rulesets.seed000.preparation import FORCED_RESTRICTIONS, MOVE_RESTRICTIONS, describe_restriction
from game.rulesets.seed000.state import Creature


T = TypeVar("T")


def _random_rule(encounter: Fight) -> bool:
    return bool(encounter.state.options.get("random_decisions"))


def _emit(encounter: Fight, actor: Creature, what: str, chosen: str, reason: str, candidates: Sequence[str]) -> None:
    encounter.emit(ev.Decision(actor.id, what, chosen, reason, tuple(candidates)))


def _pick(encounter: Fight, actor: Creature, what: str, tier: Sequence[T], everything: Sequence[T],
          reason: str, label: Callable[[T], str]) -> T:
    """Choose at random within ``tier`` (logged), and emit the decision over ``everything``."""
    chosen = encounter.dice.choose(list(tier), what, label)
    _emit(encounter, actor, what, label(chosen), reason, [label(x) for x in everything])
    return chosen


# -- restrictions -----------------------------------------------------------------------------------


def anchor_cells(encounter: Fight, r: Restriction, triggerer: Creature | None) -> tuple[Cell, ...]:
    """The cells a toward / away restriction measures from (empty: its anchor is gone)."""
    st = encounter.state
    if r.cell is not None:
        return (r.cell,)
    who = st.creatures.get(r.creature) if r.creature is not None else (triggerer if r.triggerer else None)
    if who is None or who.dead:
        return ()
    return st.space(who)


def _narrow(encounter: Fight, mover: Creature, cells: list[Cell], restrictions: Sequence[Restriction],
            kinds: frozenset[RestrictionKind], triggerer: Creature | None) -> tuple[list[Cell], str]:
    """Keep the cells as close to / as far from each restriction's anchor as possible (in order)."""
    st = encounter.state
    grid = st.board.grid
    notes: list[str] = []
    for r in restrictions:
        if r.kind not in kinds or not cells:
            continue
        anchors = anchor_cells(encounter, r, triggerer)
        if not anchors:
            notes.append(f"{describe_restriction(r, encounter.name, encounter.offset)} (its anchor is gone: ignored)")
            continue

        def gap(cell: Cell) -> int:
            return min(grid.distance(a, b) for a in st.space_at(mover, cell) for b in anchors)

        gaps = {c: gap(c) for c in cells}
        toward = r.kind in (RestrictionKind.FORCED_TOWARD, RestrictionKind.MOVE_TOWARD)
        best = min(gaps.values()) if toward else max(gaps.values())
        cells = [c for c in cells if gaps[c] == best]
        notes.append(f"restriction: {describe_restriction(r, encounter.name, encounter.offset)} ({len(cells)} at "
                     f"distance {best})")
    return cells, "; ".join(notes)


def _join(*parts: str) -> str:
    return "; ".join(p for p in parts if p)


# -- forced movement --------------------------------------------------------------------------------


def forced_landing(encounter: Fight, actor: Creature, target: Creature, kind: ForcedKind,
                   options: tactics.ForcedOptions, restrictions: Sequence[Restriction] = (),
                   triggerer: Creature | None = None) -> Cell:
    """Seed 000, Forced movement: "If one or more spaces with dangerous terrain are available, choose one
    at random. Otherwise, if one or more spaces are available where the target is flanked and not
    flanking, choose one at random. Otherwise, choose an available space at random, at the maximum
    forced movement distance." Restrictions ("as close as possible to / as far as possible from a chosen
    character or object") narrow the candidates first.

    Ruling: when the target is the actor's ally (a leader sliding a friend), the
    tiers turn around: safe cells only, where it flanks and is not flanked first.
    """
    st = encounter.state
    cells = sorted(options.finals, key=encounter.offset)
    what = f"{kind.value} {target.name}"
    every = cells

    def label(c: Cell) -> str:
        return "({}, {})".format(*encounter.offset(c))

    cells, narrowed = _narrow(encounter, target, cells, restrictions, FORCED_RESTRICTIONS, triggerer)
    if _random_rule(encounter):
        return _pick(encounter, actor, what, cells, every, _join(narrowed, "at random (table option)"), label)
    finals = options.finals
    if st.is_enemy(actor, target):
        dangerous = [c for c in cells if finals[c].dangerous]
        if dangerous:
            return _pick(encounter, actor, what, dangerous, every,
                         _join(narrowed, f"dangerous terrain, 1 of {len(dangerous)}"), label)
        flanked = [c for c in cells if finals[c].flanked and not finals[c].flanking]
        if flanked:
            return _pick(encounter, actor, what, flanked, every,
                         _join(narrowed, f"target flanked and not flanking, 1 of {len(flanked)}"), label)
    else:
        safe = [c for c in cells if not finals[c].dangerous] or cells
        good = [c for c in safe if finals[c].flanking and not finals[c].flanked]
        if good:
            return _pick(encounter, actor, what, good, every,
                         _join(narrowed, f"ally flanking and not flanked, 1 of {len(good)}"), label)
        cells = safe
    # "at the maximum forced movement distance": the landings that take the most steps to reach at the
    # least (a slide could reach a near cell by doubling back)
    farthest = max(finals[c].steps for c in cells)
    far = [c for c in cells if finals[c].steps == farthest]
    return _pick(encounter, actor, what, far, every,
                 _join(narrowed, f"maximum distance {farthest}, 1 of {len(far)}"), label)


# -- movement ---------------------------------------------------------------------------------------


def destination(encounter: Fight, mover: Creature, routes: dict[Cell, tactics.Route], how: str,
                restrictions: Sequence[Restriction] = (), triggerer: Creature | None = None) -> Cell | None:
    """Seed 000, Movement: "Any destination squares that are in Dangerous Terrain or that can only be
    reached by paths that normally provoke Opportunity Attacks are not considered valid destinations.
    If one or more destination squares are available where the character is flanking and not flanked,
    choose one at random. Otherwise, choose an available space at random, at the maximum allowed
    movement distance." Restrictions narrow the valid destinations first. None: it stays where it is.
    """
    st = encounter.state
    what = f"{how} {mover.name}"
    every = sorted(routes, key=encounter.offset)

    def label(c: Cell) -> str:
        return "({}, {})".format(*encounter.offset(c))

    valid = [c for c in every if not routes[c].provokes
             and not any(st.board.damage_at(x) is not None for x in st.space_at(mover, c))]
    if not valid:
        why = "nowhere to go" if not every else "every destination is dangerous or provokes"
        _emit(encounter, mover, what, "stays put", why, [label(c) for c in every])
        return None
    valid, narrowed = _narrow(encounter, mover, valid, restrictions, MOVE_RESTRICTIONS, triggerer)
    if _random_rule(encounter):
        return _pick(encounter, mover, what, valid, every, _join(narrowed, "at random (table option)"), label)
    flanking = []
    for c in valid:
        flanked, flanks = tactics.flank_status_at(st, mover, c)
        if flanks and not flanked:
            flanking.append(c)
    if flanking:
        return _pick(encounter, mover, what, flanking, every,
                     _join(narrowed, f"flanking and not flanked, 1 of {len(flanking)}"), label)
    farthest = max(len(routes[c].safest_path) for c in valid)
    far = [c for c in valid if len(routes[c].safest_path) == farthest]
    return _pick(encounter, mover, what, far, every,
                 _join(narrowed, f"maximum distance {farthest}, 1 of {len(far)}"), label)


# -- targeting, basic attacks, other ----------------------------------------------------------------


def targets(encounter: Fight, user: Creature, power: Power, valid: Sequence[Creature], count: int) -> list[Creature]:
    """Seed 000, Targeting: "If multiple valid targets are available, choose one at random" (``count``
    of them for a power that takes several)."""
    what = f"targets of {power.name}"
    names = [c.name for c in valid]
    if len(valid) <= count:
        _emit(encounter, user, what, ", ".join(names), "every valid target", names)
        return list(valid)
    chosen = encounter.dice.shuffle(list(valid), what, lambda c: c.name)[:count]
    chosen.sort(key=lambda c: names.index(c.name))
    _emit(encounter, user, what, ", ".join(c.name for c in chosen),
          f"at random, {count} of {len(valid)} valid targets", names)
    return chosen


def basic_attack(encounter: Fight, user: Creature, usable: Sequence[Power], default: Power | None,
                 context: str) -> Power:
    """Seed 000, Basic Attacks: the player's default power if it can be used here, else "choose one at
    random" among the basic attacks usable in this context."""
    what = f"{context} of {user.name}"
    names = [p.name for p in usable]
    if default is not None and default in usable:
        _emit(encounter, user, what, default.name, "the default power set at preparation", names)
        return default
    reason = "the only usable basic attack" if len(usable) == 1 else f"at random, 1 of {len(usable)}"
    if default is not None:
        reason = f"the default {default.name} cannot be used here; " + reason
    return _pick(encounter, user, what, usable, usable, reason, lambda p: p.name)


def other(encounter: Fight, user: Creature, what: str, options: Sequence[T], label: Callable[[T], str],
          reason: str = "") -> T:
    """Seed 000, Other: "If a Reaction presents multiple options not matching the examples above, choose
    one at random"."""
    return _pick(encounter, user, what, options, options, reason or f"at random, 1 of {len(options)}", label)
