"""Seed 004's hit procedure, 1.2.5.1-1.2.5.3 [36-43] (numbers in brackets are seed 004's lines): one attack
resolved over the fight's dice (every roll logged), and the exact odds the AI reads.

The procedure, as we read it:

1. Before anything is rolled, every breakage number of the attack (the attacking weapon's, each parrying
   weapon's, the target's shield's) is worked out: (1 + preparations + the attacker's ST adjustment) x the
   item's breakage number [41]. One above 100 is a **GM call** ("check with the gamesmaster before resolving
   the attack" [41]); our default: the number stands, so a check of that item always breaks it.
2. The hit roll, 2D10 [36]. Two ones: a D20 and a GM call; the attack misses [37] (our default: nothing more
   happens). Two tens: a D20 and a GM call; the attack hits and goes straight to the critical roll [38] (our
   default: an ordinary hit; no breakage checks, which belong to step 3).
3. Otherwise the 2D10 is doubled against a target not alert or fallen, tripled against one stationary and
   unconscious or inanimate [39]; the target's AC and its first modifier are added (parries and a shield lower
   the modifier), the preparations taken off [39]. Above the number required by the attacker with the weapon:
   a hit. Equal: a hit, and a D100 breakage check for the attacking weapon and each parrying weapon; then for
   the target's shield if there was no parry or every parrying weapon broke [40]. One less: a miss, and a
   breakage check for the attacking weapon; the document's "and any parrying the attack roll a D100 and consult
   the gamesmaster" [40] we read as: each parrier rolls a D100 and the GM rules on it, our default being that
   D100 taken as that parrying weapon's breakage check. Lower: a miss.
   A weapon (or shield) breaks when the D100 does not exceed its breakage number [41]; one whose number is 0
   or less cannot break and rolls nothing (ours: natural weapons have breakage 0).
4. On a hit, the critical roll: a D12, doubled against a stationary unconscious or inanimate target, less the
   target's second modifier, plus the preparations; at or above the critical number for the target's AC it is
   a critical [42].
5. Damage: the weapon's roll plus 2 per preparation, off the target's EN; on a critical off its BD too [43].
   On a critical, when the damage roll (before the preparations) is the maximum possible, or for a heavy weapon
   within one of it, and for a light weapon the unmodified D12 was even, a D20 and a GM call [43] (we read
   "also" as: this follows a critical hit). Our default: nothing more happens.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from game.kernel.dice import Roll
from game.rulesets.seed004.sheets import ArmourClass, DamageDice, Shield, Weapon, strength_breakage

HIT_DICE = (2, 10)
"""The hit roll, "normally 2D10" [36]."""
CRITICAL_DIE = 12
GM_DIE = 20
"""The D20 rolled before consulting the gamesmaster [37, 38, 43]."""
BREAKAGE_DIE = 100


class RollsDice(Protocol):
    """What the procedure rolls with: the kernel's :class:`game.kernel.dice.Dice` (seeded and logged)."""

    def roll(self, count: int, sides: int, bonus: int, purpose: str, keep: int = 0) -> Roll: ...


class Surprise(enum.Enum):
    """How much the target is surprised [39]; the value multiplies the 2D10."""

    NONE = 1
    PARTIAL = 2
    """Not alert, or fallen: the hit roll doubled."""
    FULL = 3
    """Stationary and unconscious, or stationary and inanimate: the hit roll tripled, the D12 doubled [42]."""

    @staticmethod
    def of(*, alert: bool, fallen: bool, stationary: bool = False, conscious: bool = True,
           inanimate: bool = False) -> Surprise:
        """The target's surprise [39]: full beats partial ("triple the 2D10 hit roll instead")."""
        if stationary and (not conscious or inanimate):
            return Surprise.FULL
        if not alert or fallen:
            return Surprise.PARTIAL
        return Surprise.NONE

    @property
    def critical_multiplier(self) -> int:
        return 2 if self is Surprise.FULL else 1


@dataclass(frozen=True, slots=True)
class Parry:
    """One parry of the attack [34]: who parries, with what."""

    who: str
    weapon: str
    """The parrying weapon's name."""
    breakage: int
    """Its breakage number [41]."""
    modifier: int
    """What it adds to the attack's first AC modifier [39] (negative)."""


@dataclass(frozen=True, slots=True)
class Attack:
    """Everything one attack's procedure reads."""

    weapon: Weapon
    """The attacking weapon: its required number [40], damage [43], heavy or light [43], breakage number [41]."""
    attacker_st: int
    target_ac: ArmourClass
    """The target's AC and modifiers as it stands (armour, and a shield if it carries one)."""
    critical_number: int
    """The critical number for the target's AC [42]."""
    preparations: int = 0
    surprise: Surprise = Surprise.NONE
    parries: tuple[Parry, ...] = ()
    shield: Shield | None = None
    """The target's shield, checked for breakage [40]."""

    @property
    def required(self) -> int:
        return self.weapon.to_hit

    @property
    def added(self) -> int:
        """What is added to the multiplied 2D10 [39]: AC, the first modifier with parries, less preparations."""
        return (self.target_ac.ac + self.target_ac.first + sum(p.modifier for p in self.parries)
                - self.preparations)

    @property
    def multiplier(self) -> int:
        """The breakage multiplier: 1 + preparations + the attacker's ST adjustment [41]."""
        return 1 + self.preparations + strength_breakage(self.attacker_st)

    def breakage_number(self, base: int) -> int:
        """An item's modified breakage number [41]."""
        return self.multiplier * base

    def critical_total(self, face: int) -> int:
        """The critical roll's total from the D12's ``face`` [42]."""
        return face * self.surprise.critical_multiplier - self.target_ac.second + self.preparations

    def is_critical(self, face: int) -> bool:
        return self.critical_total(face) >= self.critical_number


class Outcome(enum.Enum):
    """How the hit roll came out [37-40]."""

    FUMBLE = "two ones"
    """Two ones: a miss and a GM call [37]."""
    MISS = "miss"
    NEAR_MISS = "one short"
    """Exactly one less than required: a miss with breakage checks [40]."""
    EDGE_HIT = "exactly"
    """Exactly the required number: a hit with breakage checks [40]."""
    HIT = "hit"
    SURE_HIT = "two tens"
    """Two tens: a hit and a GM call [38]."""

    @property
    def hit(self) -> bool:
        return self in (Outcome.EDGE_HIT, Outcome.HIT, Outcome.SURE_HIT)


class Item(enum.Enum):
    """What a breakage check is for [40]."""

    ATTACKING = "attacking weapon"
    PARRYING = "parrying weapon"
    SHIELD = "shield"


@dataclass(frozen=True, slots=True)
class Breakage:
    """One D100 breakage check [41]."""

    item: Item
    name: str
    """The weapon's or shield's name."""
    owner: str
    """Who holds it ("" for the attacker's weapon and the target's shield: the fight knows them)."""
    number: int
    """The modified breakage number."""
    roll: int
    broke: bool


@dataclass(frozen=True, slots=True)
class GmCall:
    """Where the document says to consult the gamesmaster: the clause, the die rolled for it (0: none), what is
    asked, and the default the engine plays unless the GM rules otherwise."""

    clause: str
    roll: int
    question: str
    default: str


@dataclass(frozen=True, slots=True)
class HitResult:
    """One attack resolved."""

    faces: tuple[int, ...]
    """The 2D10."""
    total: int | None
    """The modified hit roll (None on two ones or two tens, which skip it)."""
    required: int
    outcome: Outcome
    critical_roll: int | None = None
    """The D12's face, on a hit."""
    critical: bool = False
    damage_roll: int | None = None
    """The weapon's damage roll before the preparations [43], on a hit."""
    en_damage: int = 0
    bd_damage: int = 0
    breakages: tuple[Breakage, ...] = ()
    gm_calls: tuple[GmCall, ...] = ()

    @property
    def hit(self) -> bool:
        return self.outcome.hit

    @property
    def broken(self) -> tuple[Breakage, ...]:
        return tuple(b for b in self.breakages if b.broke)


FUMBLE_DEFAULT = "the attack misses and nothing more happens"
SURE_HIT_DEFAULT = "an ordinary hit: on to the critical roll"
HIGH_BREAKAGE_DEFAULT = "the number stands: a breakage check of it always breaks it"
PARRY_ROLL_DEFAULT = "the D100 is that parrying weapon's breakage check"
TELLING_DEFAULT = "nothing more than the critical's damage"


def resolve(attack: Attack, dice: RollsDice) -> HitResult:
    """Resolve ``attack`` [36-43] with ``dice`` (every roll logged by it)."""
    calls: list[GmCall] = []
    items = [(attack.weapon.name, attack.weapon.breakage)] + [(p.weapon, p.breakage) for p in attack.parries]
    if attack.shield is not None:
        items.append((attack.shield.name, attack.shield.breakage))
    for name, base in items:
        if attack.breakage_number(base) > BREAKAGE_DIE:
            calls.append(GmCall("1.2.5.1.3", 0, f"{name}'s breakage number is {attack.breakage_number(base)}, "
                                               f"over 100", HIGH_BREAKAGE_DEFAULT))
    faces = dice.roll(*HIT_DICE, 0, "hit roll").faces
    if faces == (1, 1):
        gm = dice.roll(1, GM_DIE, 0, "two ones: consult the gamesmaster").total
        calls.append(GmCall("1.2.5.1.1", gm, "two ones on the hit roll", FUMBLE_DEFAULT))
        return HitResult(faces, None, attack.required, Outcome.FUMBLE, gm_calls=tuple(calls))
    if faces == (10, 10):
        gm = dice.roll(1, GM_DIE, 0, "two tens: consult the gamesmaster").total
        calls.append(GmCall("1.2.5.1.2", gm, "two tens on the hit roll", SURE_HIT_DEFAULT))
        return _on_hit(attack, dice, faces, None, Outcome.SURE_HIT, (), calls)
    total = sum(faces) * attack.surprise.value + attack.added
    outcome = _outcome(total, attack.required)
    checks: list[Breakage] = []
    if outcome in (Outcome.EDGE_HIT, Outcome.NEAR_MISS):
        checks.append(_check(attack, dice, Item.ATTACKING, attack.weapon.name, "", attack.weapon.breakage))
        for parry in attack.parries:
            check = _check(attack, dice, Item.PARRYING, parry.weapon, parry.who, parry.breakage)
            checks.append(check)
            if outcome is Outcome.NEAR_MISS and check.number > 0:
                calls.append(GmCall("1.2.5.1.3", check.roll, f"{parry.who} parried an attack one short of a hit",
                                    PARRY_ROLL_DEFAULT))
        parried_through = all(c.broke for c in checks if c.item is Item.PARRYING)
        if outcome is Outcome.EDGE_HIT and attack.shield is not None and parried_through:
            checks.append(_check(attack, dice, Item.SHIELD, attack.shield.name, "", attack.shield.breakage))
    if not outcome.hit:
        return HitResult(faces, total, attack.required, outcome, breakages=tuple(checks), gm_calls=tuple(calls))
    return _on_hit(attack, dice, faces, total, outcome, tuple(checks), calls)


def _outcome(total: int, required: int) -> Outcome:
    if total > required:
        return Outcome.HIT
    if total == required:
        return Outcome.EDGE_HIT
    return Outcome.NEAR_MISS if total == required - 1 else Outcome.MISS


def _check(attack: Attack, dice: RollsDice, item: Item, name: str, owner: str, base: int) -> Breakage:
    number = attack.breakage_number(base)
    if number <= 0 or base <= 0:
        return Breakage(item, name, owner, max(0, number), 0, False)
    roll = dice.roll(1, BREAKAGE_DIE, 0, f"breakage check: {name}").total
    return Breakage(item, name, owner, number, roll, roll <= number)


def _on_hit(attack: Attack, dice: RollsDice, faces: tuple[int, ...], total: int | None, outcome: Outcome,
            checks: tuple[Breakage, ...], calls: list[GmCall]) -> HitResult:
    face = dice.roll(1, CRITICAL_DIE, 0, "critical roll").total
    critical = attack.is_critical(face)
    damage = attack.weapon.damage
    raw = max(0, dice.roll(damage.count, damage.sides, damage.bonus, "damage").total)
    dealt = raw + 2 * attack.preparations
    if critical and _telling(damage, attack.weapon.heavy, raw, face):
        gm = dice.roll(1, GM_DIE, 0, "a telling blow: consult the gamesmaster").total
        calls.append(GmCall("1.2.5.3", gm, "a critical with the best damage roll", TELLING_DEFAULT))
    return HitResult(faces, total, attack.required, outcome, face, critical, raw, dealt, dealt if critical else 0,
                     checks, tuple(calls))


def _telling(damage: DamageDice, heavy: bool, raw: int, face: int) -> bool:
    """The maximum-damage clause [43]: the roll at the maximum (a heavy weapon: within one of it), and for a
    light weapon an even unmodified D12."""
    if heavy:
        return raw >= damage.maximum - 1
    return raw == damage.maximum and face % 2 == 0


# -- exact odds -------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Odds:
    """An attack's exact chances, for the AI."""

    hit: Fraction
    critical: Fraction
    """The chance the attack hits and is critical."""
    en_damage: Fraction
    """The expected EN damage."""
    bd_damage: Fraction
    """The expected BD damage."""
    weapon_breaks: Fraction
    """The chance the attacking weapon breaks."""


def hit_chance(attack: Attack) -> Fraction:
    """The chance the attack hits [37-40]."""
    hits = 0
    for a in range(1, HIT_DICE[1] + 1):
        for b in range(1, HIT_DICE[1] + 1):
            if (a, b) == (10, 10):
                hits += 1
            elif (a, b) != (1, 1):
                hits += _outcome((a + b) * attack.surprise.value + attack.added, attack.required).hit
    return Fraction(hits, HIT_DICE[1] ** 2)


def critical_chance(attack: Attack) -> Fraction:
    """The chance a hit is critical [42]."""
    return Fraction(sum(attack.is_critical(f) for f in range(1, CRITICAL_DIE + 1)), CRITICAL_DIE)


def odds(attack: Attack) -> Odds:
    """The exact chances of ``attack`` (over every face of the 2D10, the D12 and the damage dice)."""
    hit = hit_chance(attack)
    crit = critical_chance(attack)
    dist = attack.weapon.damage.distribution()
    ways = sum(dist.values())
    mean = Fraction(sum(total * n for total, n in dist.items()), ways) + 2 * attack.preparations
    checked = 0
    for a in range(1, HIT_DICE[1] + 1):
        for b in range(1, HIT_DICE[1] + 1):
            if (a, b) not in ((1, 1), (10, 10)):
                total = (a + b) * attack.surprise.value + attack.added
                checked += _outcome(total, attack.required) in (Outcome.EDGE_HIT, Outcome.NEAR_MISS)
    number = attack.breakage_number(attack.weapon.breakage) if attack.weapon.breakage > 0 else 0
    breaks = Fraction(checked, HIT_DICE[1] ** 2) * Fraction(min(max(number, 0), BREAKAGE_DIE), BREAKAGE_DIE)
    return Odds(hit, hit * crit, hit * mean, hit * crit * mean, breaks)
