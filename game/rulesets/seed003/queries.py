"""Read-only questions the window asks of a seed 003 fight (numbers in brackets are seed 003's lines): who is
engaged with whom and who is Free [151, 155-159], the cells within a creature's Nearby distance [152], the odds
of a disengage check [163] and of an attack [5] before a player commits. Nothing here changes the fight; each
answer is worked out with the fight's own checks and ``attacks.py``'s exact odds.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from game.grid import Cell
from game.mechanics.tactics.pieces import PieceId
from game.rulesets.seed003 import attacks as at
from game.rulesets.seed003.sheets import Condition, DamageType, Defense
from game.rulesets.seed003.state import Creature

if TYPE_CHECKING:
    from game.rulesets.seed003.fight import Seed003Fight

MAX_CELLS = 20_000
"""The most cells a Nearby area lists (a cap on the loop over the distance field)."""


def engagements(fight: Seed003Fight) -> list[tuple[str, str]]:
    """Every engaged pair of enemies, once each, in the fight's order of creatures [151]."""
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    for c in fight.state.creatures.values():
        for e in fight.state.engaged_with(c):
            if e.id not in seen:
                out.append((c.id, e.id))
        seen.add(c.id)
    return out


def is_free(fight: Seed003Fight, creature: Creature) -> bool:
    """Free: up and engaged with no enemy [157]."""
    return not creature.out and fight.state.is_free(creature)


def nearby_cells(fight: Seed003Fight, creature: Creature) -> frozenset[Cell]:
    """The cells within ``creature``'s Nearby distance: those its one move action reaches, walls, difficult
    terrain and enemies counted (the fight's distance field, as ``is_nearby`` reads it [152])."""
    if creature.out:
        return frozenset()
    out: set[Cell] = set()
    for n, (cell, cost) in enumerate(fight.field_of(creature).items()):
        if n >= MAX_CELLS:
            break
        if 0 <= cost <= fight.nearby:
            out.add(cell)
    return frozenset(out)


def nearby_creatures(fight: Seed003Fight, creature: Creature) -> list[str]:
    """The other creatures up and Nearby ``creature`` (engaged / next to, or one move action away) [152]."""
    if creature.out:
        return []
    return [c.id for c in fight.state.creatures.values()
            if c.id != creature.id and not c.out and fight.is_nearby(creature, c)]


@dataclass(frozen=True, slots=True)
class DisengageOutlook:
    """A disengage check as it would be rolled now: from these enemies, against this difficulty, with this
    net advantage, and its exact chance [163, 257]."""

    enemies: tuple[str, ...]
    difficulty: int
    net: int
    chance: Fraction

    @property
    def text(self) -> str:
        """"Disengage: 11+ on 3d6 (+1 per extra enemy), 1 enemy: 62.5%"."""
        dice = f"{at.dice_count(self.net)}d6 keep {'best' if self.net > 0 else 'worst'} 3" if self.net else "3d6"
        n = len(self.enemies)
        extra = f", {abs(self.net)} {'advantage' if self.net > 0 else 'disadvantage'}" if self.net else ""
        return (f"Disengage: {self.difficulty}+ on {dice} (+1 per extra enemy), {n} enem{'y' if n == 1 else 'ies'}"
                f"{extra}: {at.odds_text(self.chance)}")


def disengage_outlook(fight: Seed003Fight, creature: Creature) -> DisengageOutlook | None:
    """The disengage check ``creature`` would roll now, or None when it is engaged with no enemy: every engaged
    enemy at once, Grabbed's Disadvantage when a grabber among them was not hit this round [257] (as the
    fight's ``disengage`` rolls it)."""
    enemies = fight.state.engaged_with(creature)
    if not enemies:
        return None
    ids = tuple(e.id for e in enemies)
    grabbed = any(g in ids and g not in creature.hit_this_round for g in creature.grabbers())
    net = at.disengage_net(grabbed_by_unhit=grabbed)
    return DisengageOutlook(ids, at.disengage_difficulty(len(ids)), net, at.disengage_odds(len(ids), net))


@dataclass(frozen=True, slots=True)
class AttackOutlook:
    """One attack as it would be rolled now against one target [5, 69-71, 251-267]: 3d6 + ``bonus`` against
    ``defense`` ``value``, ``net`` advantage, crits on ``crit_at``+, and the exact odds of each result."""

    target: str
    """The creature the attack goes to (an interceptor's, when it was redirected [175])."""
    bonus: int
    defense: str
    value: int
    net: int
    crit_at: int
    odds: at.AttackOdds
    unseen: bool
    """The target is Invisible: an 11+ save comes first [260] (not in the odds)."""

    def text(self, name: str) -> str:
        """"vs Cutthroat Ash: 3d6+5 vs AC 16: hit 37.5% (crit 4.6%)"."""
        adv = f", {abs(self.net)} {'advantage' if self.net > 0 else 'disadvantage'}" if self.net else ""
        crit = f"crit {at.odds_text(self.odds.crit)}" + (f" on {self.crit_at}+" if self.crit_at != at.NATURAL_CRIT else "")
        seen = ", invisible: an 11+ save first" if self.unseen else ""
        return (f"vs {name}: 3d6+{self.bonus} vs {self.defense} {self.value}{adv}: hit "
                f"{at.odds_text(self.odds.hits)} ({crit}){seen}")


def attack_outlook(fight: Seed003Fight, attacker: Creature, ability_id: str, target_id: str) -> AttackOutlook | None:
    """The attack ``attacker`` would make with ``ability_id`` on ``target_id`` now (None: no such ability, no
    such target, or an ability with no attack roll), the terms the fight's ``attack`` adds."""
    ability = fight.ability_of(attacker, ability_id)
    tid = fight.redirected(attacker, target_id)
    target = fight.state.creatures.get(PieceId(tid))
    if ability is None or ability.defense is None or target is None:
        return None
    escalation = fight.escalation_of(attacker)
    bonus = at.attack_bonus(attacker.template.level, attacker.volition, escalation or 0,
                            adds_escalation=escalation is not None)
    hit = at.hit_roll(attacker.template, ability)
    types = hit.types if hit is not None else (DamageType.WEAPON,)
    crit_at = at.crit_against(target.template, types, vulnerable=target.has(Condition.VULNERABLE))
    defense: Defense = ability.defense
    value = target.defense_value(target.template.defense(defense))
    net = fight.net_against(attacker, target)
    return AttackOutlook(target.id, bonus, defense.value, value, net, crit_at,
                         at.attack_odds(bonus, value, net, crit_at), target.has(Condition.INVISIBLE))
