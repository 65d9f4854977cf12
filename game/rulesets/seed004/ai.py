"""Seed 004's AI for the combat phase (numbers in brackets are seed 004's lines): what the character with the
initiative does, what a tied character declares [21], and who parries [34].

The option, in order (ours):

1. an attack, melee or missile, on the enemy in reach with the most expected EN damage (``hit.odds``), counting
   a critical's BD damage double; a heavy weapon spends its second blow reactive while one is left;
2. an archer or thrower who is alert with no melee target and an enemy within its range becomes unalert (a pass)
   so it may shoot [34]; one who is unalert with an enemy within reach of a melee weapon becomes alert;
3. with no enemy in reach, alert, and a blow to spare: step close on the nearest enemy (a close risks a fall);
4. else a pass.

A parry [34]: a character parries when it has a reactive blow left it can pay for, or when it is the target
and has any blow; with the weapon that lowers the modifier most.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from game.kernel.decisions import PASS, Decision
from game.rulesets.seed004 import hit
from game.rulesets.seed004 import preparations as prep
from game.rulesets.seed004.blows import Blow
from game.rulesets.seed004.commands import AttackOption, Command, ManeuverOption, PassOption, key, parse
from game.rulesets.seed004.initiative import DECLARE
from game.rulesets.seed004.maneuvers import Maneuver
from game.rulesets.seed004.ranges import range_between
from game.rulesets.seed004.sheets import critical_number

if TYPE_CHECKING:
    from game.rulesets.seed004.fight import Seed004Fight
    from game.rulesets.seed004.state import Character


def choose_command(fight: Seed004Fight) -> Command | None:
    """The AI's option for the character holding the initiative (None: nobody holds it)."""
    c = fight.acting
    if c is None:
        return None
    return choose(fight, c, fight.options_of(c))


def expected(fight: Seed004Fight, option: AttackOption) -> Fraction:
    """An attack's expected damage (EN, and a critical's BD counted double), from the exact odds."""
    c, t = fight.char(option.creature), fight.char(option.target)
    w = c.weapon(option.weapon)
    assert w is not None
    surprise = hit.Surprise.of(alert=t.alert, fallen=t.blows.fallen, stationary=True, inanimate=t.sheet.inanimate)
    shield = t.sheet.shield if t.shield_whole else None
    attack = hit.Attack(w, c.sheet.st, t.armour_class(), critical_number(t.armour_class().ac),
                        prep.applicable(c.preparation, w), surprise, (), shield)
    memo_key = ("odds", attack)
    got = fight.ai_memo.get(memo_key)
    if got is None:
        o = hit.odds(attack)
        got = fight.ai_memo[memo_key] = o.en_damage + 2 * o.bd_damage
    return got


def choose(fight: Seed004Fight, c: Character, options: list[Command]) -> Command:
    attacks = [o for o in options if isinstance(o, AttackOption) and o.second is Blow.REACTIVE]
    if attacks:
        return max(attacks, key=lambda o: (expected(fight, o), -options.index(o)))
    enemies = fight.enemies(c.id)
    if not enemies:
        return PassOption(c.id)
    dist = {e.id: range_between(fight.board.grid, c.cell, e.cell) for e in enemies}
    nearest = min(enemies, key=lambda e: (dist[e.id], e.id))
    melee = max((w.reach for w in c.wielded() if w.melee), default=0)
    shooting = max((w.range for w in c.wielded() if w.missile is not None), default=0)
    if c.alert and shooting and dist[nearest.id] > melee and dist[nearest.id] <= shooting:
        return PassOption(c.id, alert=False)
    if not c.alert and melee and dist[nearest.id] <= melee:
        return PassOption(c.id, alert=True)
    if not c.alert and not shooting:
        return PassOption(c.id, alert=True)
    steps = [o for o in options if isinstance(o, ManeuverOption) and o.maneuver is Maneuver.STEP_CLOSE
             and o.other == nearest.id]
    if steps and melee and dist[nearest.id] > melee:
        return steps[0]
    return PassOption(c.id)


def answer(fight: Seed004Fight, decision: Decision) -> str:
    """The AI's answer to a declaration [21] or a parry [34]."""
    keys = [o.key for o in decision.options]
    if decision.kind == DECLARE:
        c = fight.char(decision.chooser)
        options = [parse(c.id, k) for k in keys]
        return key(choose(fight, c, options))
    if decision.kind == "parry":
        c = fight.char(decision.chooser)
        b = c.blows
        target = fight.parrying is not None and fight.parrying.target == c.id
        if b.why_not(Blow.REACTIVE) is None or (target and b.has_blow):
            parries = [k for k in keys if k != PASS]
            if parries:
                def modifier(k: str) -> int:
                    w = c.weapon(k.split(":", 1)[1])
                    return w.parry if w is not None and w.parry is not None else 0
                return min(parries, key=lambda k: (modifier(k), k))
        return PASS if PASS in keys else keys[0]
    taking = [k for k in keys if k != PASS]
    return taking[0] if taking else keys[0]
