"""Seed 004's AI for the noncombat and movement phases (s004fight's ai.py calls these; all ours, deterministic:
no dice, ties broken by option order).

* Noncombat [45-48]: rests when spent (EN below two thirds and rest gives something), else adjusts armour when
  no foe could reach it this round (it has time), else nothing.
* Plotting [53, 58]: badly hurt (EN at a third or less, or BD at half or less) while a foe is not: the
  reachable end cell farthest from its foes (with every foe badly hurt too, it fights on: two spent sides
  fleeing each other never end a fight). A foe badly hurt enough to flee and in chase range: chase it. Alert
  and fit to react: "stop within reach" of the nearest foe (so it can attack it while it moves, 3.2.2).
  Otherwise the reachable end cell nearest the nearest foe (fewest steps to get there on ties); an archer (no
  melee reach) stays and drops alertness to shoot [34].
* 3.2.2 [56]: attacks the weakest foe in reach while the borrowed blow is free, or while it keeps EN above a third.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.kernel.decisions import PASS, Option
from game.rulesets.seed004.movement_phase import STAY, STAY_UNALERT, Ground, Mover, Plan, plans
from game.rulesets.seed004.noncombat import Noncombat
from game.rulesets.seed004.noncombat_phase import Standing


def badly_hurt(blows_en: int, en: int, blows_bd: int, bd: int) -> bool:
    return blows_en * 3 <= en or blows_bd * 2 <= bd


def noncombat_choice(me: Standing, options: Sequence[Option], foe_distance: int | None) -> str:
    """The AI's noncombat option [45-48] among ``options`` (its question's): ``foe_distance`` is how far its
    nearest conscious foe stands."""
    keys = [o.key for o in options]
    spent = me.blows.en * 3 < me.sheet.en * 2
    rest_gives = next((o for o in options if o.key == Noncombat.REST.value), None)
    if spent and rest_gives is not None and "(+0 EN)" not in rest_gives.label:
        return Noncombat.REST.value
    has_time = foe_distance is None or foe_distance > me.sheet.move + 1
    if has_time and Noncombat.ADJUST_ARMOUR.value in keys:
        return Noncombat.ADJUST_ARMOUR.value
    return PASS


def _foes(me: Mover, everyone: Sequence[Mover]) -> list[Mover]:
    return [o for o in everyone if o.side != me.side and o.blows.conscious]


def trace_choice(me: Mover, everyone: Sequence[Mover], ground: Ground,
                 options: Mapping[str, Plan] | None = None) -> str:
    """The AI's plotting option [53, 58] (see the module's docstring); ``options``: its plans when already
    worked out."""
    options = options if options is not None else plans(me, everyone, ground)
    foes = _foes(me, everyone)
    if not foes:
        return STAY
    grid = ground.grid

    def nearest(cell: object) -> int:
        return min(grid.distance(cell, f.cell) for f in foes)

    moves = {k: p for k, p in options.items() if k.startswith("to:")}
    b = me.blows
    healthy = [f for f in foes if not badly_hurt(f.blows.en, f.sheet.en, f.blows.bd, f.sheet.bd)]
    if badly_hurt(b.en, me.sheet.en, b.bd, me.sheet.bd) and healthy:
        best = max(moves, key=lambda k: (nearest(moves[k].trace.cells[-1]), -len(moves[k].trace.cells)), default=STAY)
        return best if best == STAY or nearest(moves[best].trace.cells[-1]) > nearest(me.cell) else STAY
    if not any(w.melee for w in me.sheet.weapons):
        return STAY_UNALERT if STAY_UNALERT in options else STAY
    fleeing = [f for f in foes if badly_hurt(f.blows.en, f.sheet.en, f.blows.bd, f.sheet.bd)
               and f"chase:{f.id}" in options and grid.distance(me.cell, f.cell) > me.reach]
    if fleeing:
        return f"chase:{min(fleeing, key=lambda f: grid.distance(me.cell, f.cell)).id}"
    target = min(foes, key=lambda f: (grid.distance(me.cell, f.cell), f.id))
    if grid.distance(me.cell, target.cell) <= me.reach:
        return STAY
    if b.alert and not me.noncombat and f"stop:{target.id}" in options:
        return f"stop:{target.id}"
    if not moves:
        return STAY

    def score(k: str) -> tuple[int, int, int]:
        p: Plan = moves[k]
        end = p.trace.cells[-1]
        return (grid.distance(end, target.cell), 0 if p.alert == b.alert else 1, len(p.trace.cells))

    best = min(moves, key=score)
    return best if score(best)[0] < grid.distance(me.cell, target.cell) else STAY


def attack_choice(me: Mover, options: Sequence[Option], everyone: Mapping[str, Mover]) -> str:
    """The AI's 3.2.2 answer [56] among ``options`` (its question's): the weakest foe offered, when the borrowed
    blow is worth it."""
    offered = [o.key.partition(":")[2] for o in options if o.key != PASS]
    foes = [everyone[t] for t in offered if t in everyone and everyone[t].side != me.side]
    if not foes:
        return PASS
    free = me.blows.borrowed_active + me.blows.borrowed_reactive == 0
    if not free and me.blows.en * 3 <= me.sheet.en:
        return PASS
    weakest = min(foes, key=lambda f: (f.blows.en, f.id))
    return f"attack:{weakest.id}"
