"""Seed 004's AI for the combat phase (numbers in brackets are seed 004's lines): what the character with the
initiative does, what a tied character declares [21], and who parries [34].

The option, in order (ours):

1. an attack, melee or missile, on the enemy in reach with the most expected EN damage (``hit.odds``), counting
   a critical's BD damage double; a heavy weapon spends its second blow reactive while one is left; a thrown
   weapon flies only when its thrower keeps another weapon (or it strikes only thrown). A great blow [27] first
   when one prepared attack is expected to do more than two plain ones (two active blows left);
0. unalert with a foe within reach of a melee weapon in hand: become alert (a pass) first;
2. an archer or thrower who is alert with no melee target and an enemy within its range becomes unalert (a pass)
   so it may shoot [34]; one who is unalert with an enemy within reach of a melee weapon, or with nothing to
   shoot, becomes alert;
3. with nothing in hand to fight with, draw a sheathed weapon;
4. with no enemy in reach, alert, a melee weapon and a blow to spare: step close on the nearest enemy (a close
   risks a fall);
5. else a pass.

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
from game.rulesets.seed004.commands import (AttackOption, Command, DrawWeapon, ManeuverOption, PassOption, PrepareBlow,
                                            key, parse)
from game.rulesets.seed004.initiative import DECLARE
from game.rulesets.seed004.maneuvers import Maneuver
from game.rulesets.seed004.ranges import range_between
from game.rulesets.seed004.sheets import Missile, critical_number

if TYPE_CHECKING:
    from game.rulesets.seed004.fight import Seed004Fight
    from game.rulesets.seed004.state import Character


def choose_command(fight: Seed004Fight) -> Command | None:
    """The AI's option for the character holding the initiative (None: nobody holds it)."""
    c = fight.acting
    if c is None:
        return None
    return choose(fight, c, fight.options_of(c))


def expected(fight: Seed004Fight, option: AttackOption, preparations: int | None = None) -> Fraction:
    """An attack's expected damage (EN, and a critical's BD counted double), from the exact odds; with
    ``preparations`` as if that many were applicable."""
    c, t = fight.char(option.creature), fight.char(option.target)
    w = c.weapon(option.weapon)
    assert w is not None
    surprise = hit.Surprise.of(alert=t.alert, fallen=t.blows.fallen, stationary=True, inanimate=t.sheet.inanimate)
    shield = t.sheet.shield if t.shield_whole else None
    attack = hit.Attack(w, c.sheet.st, t.armour_class(), critical_number(t.armour_class().ac),
                        prep.applicable(c.preparation, w) if preparations is None else preparations, surprise, (),
                        shield)
    memo_key = ("odds", attack)
    got = fight.ai_memo.get(memo_key)
    if got is None:
        o = hit.odds(attack)
        got = fight.ai_memo[memo_key] = o.en_damage + 2 * o.bd_damage
    return got


def _keeps_a_weapon(c: Character, thrown: str) -> bool:
    """Whether ``c`` has another weapon than ``thrown`` to fight on with (in hand or sheathed)."""
    return any(w != thrown for w in (*c.in_hand, *c.sheathed))


def _throwable(c: Character, wid: str) -> bool:
    """A weapon the AI lets fly: a bow or launcher, or a thrown weapon when another is left to fight with."""
    w = c.weapon(wid)
    if w is None or w.missile is None:
        return False
    return w.missile is not Missile.THROWN or not w.melee or _keeps_a_weapon(c, wid)


def _prepared_gain(fight: Seed004Fight, best: AttackOption) -> bool:
    """Whether a great blow before ``best`` pays (ours): with two active blows left, one prepared attack's
    expected damage beats two plain attacks'."""
    c = fight.char(best.creature)
    w = c.weapon(best.weapon)
    if w is None or not w.may_prepare or c.blows.active < 2 or c.blows.why_not(Blow.ACTIVE, Blow.ACTIVE):
        return False
    plain = expected(fight, best)
    ready = prep.prepare(c.preparation, w)
    prepared = expected(fight, best, ready.count)
    return prepared > 2 * plain


def choose(fight: Seed004Fight, c: Character, options: list[Command]) -> Command:
    enemies = fight.enemies(c.id)
    if not enemies:
        return PassOption(c.id)
    dist = {e.id: range_between(fight.board.grid, c.cell, e.cell) for e in enemies}
    nearest = min(enemies, key=lambda e: (dist[e.id], e.id))
    melee = max((w.reach for w in c.wielded() if w.melee), default=0)
    if not c.alert and melee and dist[nearest.id] <= melee:
        return PassOption(c.id, alert=True)   # a foe at hand: parry, and be no easy mark [39]
    attacks = [o for o in options if isinstance(o, AttackOption) and (c.alert or _throwable(c, o.weapon))]
    reactive = [o for o in attacks if o.second is Blow.REACTIVE]
    if attacks:
        best = max(reactive or attacks, key=lambda o: (expected(fight, o), -options.index(o)))
        prepare = PrepareBlow(c.id, best.weapon)
        if prepare in options and _prepared_gain(fight, best):
            return prepare
        return best
    shooting = max((w.range for w in c.wielded() if w.missile is not None and _throwable(c, w.id)), default=0)
    if c.alert and shooting and dist[nearest.id] > melee and dist[nearest.id] <= shooting:
        return PassOption(c.id, alert=False)
    if not c.alert and not shooting:
        return PassOption(c.id, alert=True)
    draws = [o for o in options if isinstance(o, DrawWeapon)]
    if draws and not melee and not shooting:
        return draws[0]
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
            parries = decision.taking
            if parries:
                def modifier(k: str) -> int:
                    w = c.weapon(k.split(":", 1)[1])
                    return w.parry if w is not None and w.parry is not None else 0
                return min(parries, key=lambda k: (modifier(k), k))
        return PASS if PASS in keys else keys[0]
    return decision.plain_choice
