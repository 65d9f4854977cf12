"""Seed 003's attack and check arithmetic as pure functions, and their exact odds.

An attack is 3d6 + Level + Volition + Escalation against AC, PD or MD; it hits on equal or more; a natural
17+ crits (double damage); a natural 3 is a critical failure with no miss effects [5]. Weak: crit on 16+;
weak and vulnerable: 15+ [71]; the Vulnerable condition alone: 16+ [266]. Resist X+: half damage when the
natural roll is below X [69]. Several targets: one roll each [7]. The disengage check is 3d6 against 11, +1
per enemy past the first [163]. (Numbers in brackets are seed 003's lines.)

Advantage and Disadvantage are counts the document uses [171, 251-267] without saying what they do to the
dice. Our reading (README, "Seed 003"): they cancel one for one; each net Advantage rolls one more d6 and
keeps the best three, each net Disadvantage one more d6 keeping the worst three. The **natural roll** is the
sum of the three kept dice.

Only :func:`roll_check` and :func:`roll_attacks` touch dice (the kernel's seeded, logged ones); the rest
take faces and numbers and give results, so the window can show exact odds before a player commits.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from itertools import combinations_with_replacement
from math import factorial
from typing import Iterable, Sequence

from game.kernel.dice import Dice as KernelDice
from game.rulesets.seed003.events import AttackRolled, DisengageRolled
from game.rulesets.seed003.sheets import Ability, Damage, DamageType, Defense, MissDamage, Resistance, Sheet, StanceKind

NATURAL_CRIT = 17
"""A natural 17+ crits [5]."""
NATURAL_FAIL = 3
"""A natural 3 is a critical failure [5]."""
DISENGAGE_DIFFICULTY = 11
"""The disengage check's difficulty against one enemy [163]."""
MAX_NET = 12
"""The largest net Advantage or Disadvantage the dice are rolled for (15 d6, keep three): beyond it nothing
changes that matters (12 net advantage already rolls 3 with a chance below 1 in 10^9)."""


class Result(Enum):
    CRIT_FAIL = "critical failure"
    MISS = "miss"
    HIT = "hit"
    CRIT = "critical hit"

    @property
    def is_hit(self) -> bool:
        return self in (Result.HIT, Result.CRIT)


# -- the dice: 3d6 with advantage as counts ------------------------------------------------------------


def net_advantage(advantage: int, disadvantage: int) -> int:
    """Advantage and Disadvantage cancel one for one (our reading); the result is capped at :data:`MAX_NET`."""
    return max(-MAX_NET, min(MAX_NET, advantage - disadvantage))


def dice_count(net: int) -> int:
    """How many d6 a check with ``net`` advantage rolls: three, plus one per net Advantage or Disadvantage."""
    return 3 + abs(max(-MAX_NET, min(MAX_NET, net)))


def kept(faces: Sequence[int], net: int) -> tuple[int, ...]:
    """The three dice that count: the best three with net Advantage, the worst three with net Disadvantage,
    highest first."""
    ordered = sorted(faces, reverse=True)
    return tuple(ordered[:3]) if net >= 0 else tuple(ordered[-3:])


@dataclass(frozen=True, slots=True)
class Check:
    """One 3d6 roll: every die rolled, the three kept, and their sum (the natural roll)."""

    faces: tuple[int, ...]
    kept: tuple[int, ...]
    net: int

    @property
    def natural(self) -> int:
        return sum(self.kept)


def check_from(faces: Sequence[int], net: int) -> Check:
    return Check(tuple(faces), kept(faces, net), net)


def roll_check(dice: KernelDice, net: int, purpose: str) -> Check:
    """Roll 3d6 with ``net`` advantage on the fight's dice (logged with ``purpose``)."""
    return check_from(dice.roll(dice_count(net), 6, 0, purpose, keep=3 if net >= 0 else -3).faces, net)


def roll_attacks(dice: KernelDice, targets: Sequence[str], net: Sequence[int], purpose: str) -> list[Check]:
    """One attack roll per target [7], in the order of ``targets`` (``net[i]``: the advantage against the
    i-th)."""
    return [roll_check(dice, n, f"{purpose} against {t}") for t, n in zip(targets, net, strict=True)]


# -- the attack ---------------------------------------------------------------------------------------


def attack_bonus(level: int, volition: int, escalation: int, *, adds_escalation: bool, shaken: bool = False,
                 other: int = 0) -> int:
    """Level + Volition + Escalation [5] (+ ``other``, the rare bonuses). The escalation die is added only
    by those who add it (every PC, some NPCs [91]); a Shaken attacker counts it as 0 [262]."""
    return level + volition + (escalation if adds_escalation and not shaken else 0) + other


def crit_threshold(*, weak: bool = False, vulnerable: bool = False) -> int:
    """The natural roll from which an attack crits: 17+ [5]; 16+ against the weak [71] or the vulnerable
    [266]; 15+ against the weak and vulnerable [71]."""
    return NATURAL_CRIT - int(weak) - int(vulnerable)


def is_weak_to(weaknesses: Iterable[DamageType], types: Iterable[DamageType]) -> bool:
    """Weak to an attack that deals a type it is weak to, "including attacks that deal multiple types" [71]."""
    weak = set(weaknesses)
    return any(t in weak for t in types)


def resist_threshold(resistances: Iterable[Resistance], types: Sequence[DamageType]) -> int:
    """The X of the target's Resist X+ against an attack dealing ``types``: 0 if it does not resist them.

    Our reading for an attack of several types: it is resisted only when the target resists every one of them,
    and then from the lowest of their thresholds (the document gives the multiple-type rule for weakness only
    [71])."""
    by_type = {r.type: r.threshold for r in resistances}
    if not types or any(t not in by_type for t in types):
        return 0
    return min(by_type[t] for t in types)


def is_resisted(natural: int, threshold: int) -> bool:
    """Resist X+: an attack whose natural roll is less than X deals half damage [69]."""
    return threshold > 0 and natural < threshold


def judge(natural: int, total: int, defense: int, crit_at: int = NATURAL_CRIT) -> Result:
    """The attack's result [5]: a natural 3 is a critical failure, a natural ``crit_at``+ a crit, else a hit
    when ``total`` matches or beats ``defense``. Our reading: the natural roll decides crits and critical
    failures whatever the total (a crit always hits, a natural 3 always misses)."""
    if natural <= NATURAL_FAIL:
        return Result.CRIT_FAIL
    if natural >= crit_at:
        return Result.CRIT
    return Result.HIT if total >= defense else Result.MISS


def damage_dealt(rolled: int, *, crit: bool, resisted: bool) -> int:
    """``rolled`` damage doubled by a crit [5] and halved by a resistance [69], rounded down once at the end
    (our reading: the document gives no rounding; a crit against a resistance deals what was rolled)."""
    amount = rolled * (2 if crit else 1)
    return amount // 2 if resisted else amount


def miss_damage(level: int, *, deals_level: bool) -> int:
    """Miss damage: none, or equal to the attacker's level, per class [11, 19]."""
    return level if deals_level else 0


@dataclass(frozen=True, slots=True)
class AttackOutcome:
    """What one attack roll did to one target."""

    check: Check
    bonus: int
    total: int
    defense: int
    crit_at: int
    result: Result
    resisted: bool
    damage: int
    """Hit damage (doubled on a crit), miss damage on a miss, 0 on a critical failure; after resistance."""


def resolve_attack(check: Check, *, bonus: int, defense: int, crit_at: int = NATURAL_CRIT, resist_at: int = 0,
                   hit_damage: int = 0, miss_amount: int = 0) -> AttackOutcome:
    """One target's attack [5]: ``hit_damage`` is the damage rolled for a hit, ``miss_amount`` the miss
    damage. A critical failure has no miss effects [5]; the resistance halves hit and miss damage alike."""
    total = check.natural + bonus
    result = judge(check.natural, total, defense, crit_at)
    resisted = is_resisted(check.natural, resist_at)
    match result:
        case Result.CRIT | Result.HIT:
            damage = damage_dealt(hit_damage, crit=result is Result.CRIT, resisted=resisted)
        case Result.MISS:
            damage = damage_dealt(miss_amount, crit=False, resisted=resisted)
        case Result.CRIT_FAIL:
            damage = 0
    return AttackOutcome(check, bonus, total, defense, crit_at, result, resisted, damage)


# -- exact odds ---------------------------------------------------------------------------------------


def natural_distribution(net: int) -> dict[int, Fraction]:
    """The exact chance of each natural roll (3..18) with ``net`` advantage: every multiset of faces of the
    dice rolled, weighted by its number of orderings (at most C(20, 5) = 15504 of them)."""
    n = dice_count(net)
    counts: dict[int, int] = {}
    for faces in combinations_with_replacement(range(1, 7), n):
        orderings = factorial(n)
        for face in set(faces):
            orderings //= factorial(faces.count(face))
        total = sum(kept(faces, net))
        counts[total] = counts.get(total, 0) + orderings
    whole = 6 ** n
    return {natural: Fraction(c, whole) for natural, c in sorted(counts.items())}


@dataclass(frozen=True, slots=True)
class AttackOdds:
    crit_fail: Fraction
    miss: Fraction
    hit: Fraction
    crit: Fraction

    @property
    def hits(self) -> Fraction:
        """A hit or a crit."""
        return self.hit + self.crit


def attack_odds(bonus: int, defense: int, net: int = 0, crit_at: int = NATURAL_CRIT) -> AttackOdds:
    """The exact chance of each result of an attack with ``bonus`` against ``defense``."""
    out = {r: Fraction(0) for r in Result}
    for natural, chance in natural_distribution(net).items():
        out[judge(natural, natural + bonus, defense, crit_at)] += chance
    return AttackOdds(out[Result.CRIT_FAIL], out[Result.MISS], out[Result.HIT], out[Result.CRIT])


def disengage_difficulty(enemies: int) -> int:
    """11 for one enemy, +1 for every enemy past the first [163]."""
    return DISENGAGE_DIFFICULTY + max(0, enemies - 1)


def disengage_net(*, grabbed_by_unhit: bool = False, advantage: int = 0, disadvantage: int = 0) -> int:
    """The disengage check's net advantage: Grabbed adds 1 Disadvantage when disengaging from a grabber not hit
    this round [257] (once: conditions of one name do not stack [251]); a Dicey Move may give 1 Advantage
    [171]."""
    return net_advantage(advantage, disadvantage + int(grabbed_by_unhit))


def is_disengaged(check: Check, enemies: int) -> bool:
    """The disengage check succeeds when the roll matches or beats the difficulty (our reading, as attacks
    hit on equal [5])."""
    return check.natural >= disengage_difficulty(enemies)


def disengage_odds(enemies: int, net: int = 0) -> Fraction:
    """The exact chance that disengaging from ``enemies`` enemies at once succeeds."""
    difficulty = disengage_difficulty(enemies)
    return sum((c for natural, c in natural_distribution(net).items() if natural >= difficulty), Fraction(0))


def odds_text(chance: Fraction) -> str:
    """A chance as the window shows it: "62.5%" (one decimal, exact fractions rounded half up)."""
    tenths = (chance * 1000 + Fraction(1, 2)).__floor__()
    return f"{tenths // 10}.{tenths % 10}%"


def disengage_summary(enemies: int, net: int = 0) -> str:
    """The line shown before a player commits to disengaging, e.g. "Disengage from 2 enemies: 3d6 vs 12,
    1 disadvantage: 37.5%"."""
    parts = [f"Disengage from {enemies} enem{'y' if enemies == 1 else 'ies'}: 3d6 vs {disengage_difficulty(enemies)}"]
    if net:
        parts.append(f"{abs(net)} {'advantage' if net > 0 else 'disadvantage'}")
    return ", ".join(parts) + f": {odds_text(disengage_odds(enemies, net))}"


# -- from sheets --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DamageRoll:
    """Damage to roll: ``count`` d ``sides`` + ``bonus``, of ``types``."""

    count: int
    sides: int
    bonus: int
    types: tuple[DamageType, ...]


def damage_roll(damage: Damage, user: Sheet, stance: StanceKind | None = None) -> DamageRoll:
    """What ``damage`` rolls for ``user``: its dice (per level, the stance's die for dX [17]), its Volition,
    its level and a flat bonus as the text says."""
    found = user.stance(stance) if stance is not None else (user.stances[0] if user.stances else None)
    dice = damage.dice(user.level, found.die if found is not None else 0)
    bonus = (user.volition if damage.volition else 0) + (user.level if damage.level else 0) + damage.flat
    return DamageRoll(dice.count, dice.sides, bonus, damage.types)


BASIC_HIT = Damage(per_level=1, stance_die=True, volition=True)
"""The basic attacks' hit: "X x Level + Volition, where X is the damage die indicated by your stance" [17]."""


def hit_roll(user: Sheet, ability: Ability) -> DamageRoll | None:
    """The damage ``ability`` rolls on a hit: its own, or the basic attack's when used "as a Basic
    Melee/Ranged Attack" [11]; None if it deals none."""
    if ability.basic is not None:
        return damage_roll(BASIC_HIT, user, ability.basic)
    if ability.hit.damage is None:
        return None
    return damage_roll(ability.hit.damage, user, ability.stance)


def miss_roll(user: Sheet, ability: Ability) -> DamageRoll | None:
    """The damage ``ability`` deals on a miss: the class's miss damage for a basic attack ("None or Damage
    equal to your Level (see each Class)" [19]), else the ability's own miss damage."""
    if ability.basic is not None:
        amount = miss_damage(user.level, deals_level=user.miss_damage is MissDamage.LEVEL)
        return DamageRoll(0, 0, amount, (DamageType.WEAPON,)) if amount else None
    if ability.miss.damage is None:
        return None
    return damage_roll(ability.miss.damage, user, ability.stance)



def crit_against(target: Sheet, types: Sequence[DamageType], *, vulnerable: bool = False) -> int:
    """The crit threshold of an attack dealing ``types`` against ``target`` [71, 266]: ``vulnerable`` is the
    Vulnerable condition on it now; a sheet's own ``vulnerable`` counts only with a weakness hit [71]."""
    weak = is_weak_to(target.weaknesses, types)
    return crit_threshold(weak=weak, vulnerable=vulnerable or (weak and target.vulnerable))


# -- events -------------------------------------------------------------------------------------------


def attack_rolled(attacker: Sheet, attacker_id: str, target_id: str, ability: str, outcome: AttackOutcome,
                  defense: Defense, *, escalation: int | None, other: int = 0) -> AttackRolled:
    """The event of one attack roll; ``escalation`` is what the die added (None: the attacker does not add
    it [91])."""
    c = outcome.check
    return AttackRolled(attacker_id, target_id, ability, c.faces, c.kept, c.net, attacker.level, attacker.volition,
                        escalation, other, outcome.total, defense.value, outcome.defense, outcome.result.value,
                        outcome.crit_at, outcome.resisted)


def disengage_rolled(creature: str, enemies: Sequence[str], check: Check) -> DisengageRolled:
    return DisengageRolled(creature, tuple(enemies), check.faces, check.kept, check.net,
                           disengage_difficulty(len(enemies)), is_disengaged(check, len(enemies)))
