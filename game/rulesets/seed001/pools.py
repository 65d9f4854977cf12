"""Seed 001's core (ours; numbers in brackets are seed 001's lines): d20 pools against a target number, Body
and Endurance, the d6 adjustment of the damage-avoiding reactions, and the exact odds the AI reads.

The document gives only reactions; it names d20 pools ("a maximum of 2d20 ... from a standard attack" [14],
"3d20 are rolled" [24]), successes ("both actually succeed" [14]), a target number ("Agility check (TM:10)"
[17]), raw die scores ("any raw die score were 18 or higher" [24]), Body damage [6], Weapon Wgt and the
Strength modifier [14], and a d6 adjustment against "the lowest successful d20" or "the highest roll" [8].
Our smallest reading that makes those figures work:

* a **pool** is some d20s rolled at once against a target number (TM); each die whose raw face is **at or
  above** the TM is a success (high is good, as "raw die score 18 or higher" triggering a heavy weapon's
  effect implies). An attack's TM is the target's Guard (a sheet value).
* a **check** (the Agility check of a dismount [17]) is one d20 + the attribute, a success at or above the TM.
* an attack with at least one success deals **successes + Weapon Wgt + Strength modifier** Body damage (at
  least 1); none, no damage. An **attack of opportunity** rolls at most 2d20 of the pool [14] and its dice deal
  **1 point in all** however many succeed, plus Weight and Strength [14] ("somewhere around five points" at
  best: Weight 2-3, Strength 1-2 in our samples).
* **impalement** rolls 3d20, 4d20 with weapon forte [24]; a **heavy** weapon's pool with any raw face of
  18 or more puts the target under disadvantage for its reaction to that attack [24].
* **dodge, rebuff, deflect** [6-8]: the defender rolls a d6 adjustment (under disadvantage two d6, keep the
  lesser; with an edge two d6, keep the greater [8]) plus its skill rank, and takes it off the attacker's
  lowest or highest successful die (the skill says which); if that die falls below the TM its success is
  lost. The enhancements that "turn back damage" [8] are not modelled.
* **Body** is wounds: at 0 or below the creature is incapacitated. **Endurance** is stamina: unarmed blows
  and exertion take it, not Body (so they trigger no dodge, whose trigger is Body damage [6]); at 0 the
  creature is exhausted and rolls its reaction adjustments under disadvantage.
* a rider thrown from a stopped mount [17] takes a fall of 1d6 Body: none if it spends its reaction and
  passes the Agility check, half (rounded down) if it spends it and fails, all of it (and prone) otherwise.

Rolls go through the kernel's :class:`game.kernel.dice.Dice`, so they are seeded and logged.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.kernel.dice import Dice

DIE = 20
"""The pool die: a d20 ("2d20" [14], "3d20" [24])."""
ADJUSTMENT_DIE = 6
"""The reactions' "d6 adjustment roll" [8]."""
OPPORTUNITY_DICE = 2
"""An attack of opportunity has "a maximum of 2d20" [14]."""
IMPALEMENT_DICE = 3
""""a total of 3d20 are rolled in the reaction" [24]."""
IMPALEMENT_FORTE_DICE = 4
""""if the pikeman has weapon forte in the specific polearm being used, then 4d20 are rolled" [24]."""
HEAVY_FACE = 18
"""A heavy weapon's effect: "if any raw die score were 18 or higher" [24]."""
DISMOUNT_TM = 10
""""a successful Agility check (TM:10)" [17]."""
MOUNT_FALL = 6
"""A thrown rider's fall: 1d6 Body (ours)."""
MAX_POOL = 12
"""The most d20s one pool rolls (a cap on sheets and on loops)."""


class Edge(enum.Enum):
    """How a reaction's d6 is rolled [8]: one d6; two, keep the lesser (disadvantage); two, keep the greater."""

    NONE = "none"
    DISADVANTAGE = "disadvantage"
    ADVANTAGE = "advantage"

    @staticmethod
    def of(disadvantage: bool, advantage: bool = False) -> Edge:
        """Both cancel out (ours)."""
        if disadvantage == advantage:
            return Edge.NONE
        return Edge.DISADVANTAGE if disadvantage else Edge.ADVANTAGE


class Against(enum.Enum):
    """Which successful die a reaction's adjustment is taken off [8]."""

    LOWEST = "lowest"
    HIGHEST = "highest"


def _check_tm(tm: int) -> None:
    if not 1 <= tm <= DIE + 1:
        raise ValueError(f"a target number is 1 to {DIE + 1}, not {tm}")


def _check_count(count: int) -> None:
    if not 0 <= count <= MAX_POOL:
        raise ValueError(f"a pool rolls 0 to {MAX_POOL} d20s, not {count}")


@dataclass(frozen=True, slots=True)
class Pool:
    """A rolled pool: every raw face, the TM, and which dice still count as successes."""

    faces: tuple[int, ...]
    """The raw faces, in the order rolled."""
    tm: int
    """The target number: a face at or above it succeeds."""
    lost: tuple[int, ...] = ()
    """Indices of successful dice a reaction took away."""

    @property
    def successful(self) -> tuple[int, ...]:
        """Indices of the dice that succeed (raw face at or above the TM), less those lost."""
        return tuple(i for i, f in enumerate(self.faces) if f >= self.tm and i not in self.lost)

    @property
    def successes(self) -> int:
        return len(self.successful)

    @property
    def heavy(self) -> bool:
        """Whether a raw face is 18 or more: a heavy weapon's effect conveys [24]."""
        return any(f >= HEAVY_FACE for f in self.faces)

    def pick(self, against: Against) -> int | None:
        """The index of the lowest or highest successful die (the first rolled among equals), None if none."""
        chosen = self.successful
        if not chosen:
            return None
        key = (lambda i: self.faces[i]) if against is Against.LOWEST else (lambda i: -self.faces[i])
        return min(chosen, key=key)

    def adjusted(self, adjustment: int, against: Against) -> Pool:
        """The pool after a reaction's adjustment is taken off the lowest or highest successful die: that die's
        success is lost when its face less the adjustment is below the TM [8]."""
        if adjustment < 0:
            raise ValueError(f"an adjustment is 0 or more, not {adjustment}")
        index = self.pick(against)
        if index is None or self.faces[index] - adjustment >= self.tm:
            return self
        return replace(self, lost=self.lost + (index,))


def pool_of(faces: tuple[int, ...], tm: int) -> Pool:
    """A pool from faces already rolled (tests, replays)."""
    _check_tm(tm)
    _check_count(len(faces))
    if any(not 1 <= f <= DIE for f in faces):
        raise ValueError(f"a d20 shows 1 to {DIE}: {faces}")
    return Pool(faces, tm)


def roll_pool(dice: Dice, count: int, tm: int, purpose: str) -> Pool:
    """Roll ``count`` d20s against ``tm`` (logged by ``dice`` under ``purpose``)."""
    _check_tm(tm)
    _check_count(count)
    return Pool(dice.roll(count, DIE, 0, purpose).faces, tm)


def check_succeeds(face: int, modifier: int, tm: int) -> bool:
    """A check: one d20 + ``modifier`` at or above ``tm`` (the dismount's Agility check, TM 10 [17])."""
    return face + modifier >= tm


def roll_check(dice: Dice, modifier: int, tm: int, purpose: str) -> bool:
    """Roll a check (logged): d20 + ``modifier`` against ``tm``."""
    _check_tm(tm)
    return check_succeeds(dice.roll(1, DIE, modifier, purpose).faces[0], modifier, tm)


def opportunity_dice(pool_size: int) -> int:
    """The d20s an attack of opportunity rolls: the standard attack's pool, at most 2 [14]."""
    return min(OPPORTUNITY_DICE, max(0, pool_size))


def impalement_dice(forte: bool) -> int:
    """The d20s an impalement rolls: 3, 4 with weapon forte in the polearm [24]."""
    return IMPALEMENT_FORTE_DICE if forte else IMPALEMENT_DICE


def attack_damage(successes: int, weight: int, strength: int) -> int:
    """Body damage of a standard attack (ours): none without a success; else successes + Weapon Wgt +
    Strength modifier, at least 1."""
    if successes <= 0:
        return 0
    return max(1, successes + weight + strength)


def opportunity_damage(successes: int, weight: int, strength: int) -> int:
    """Body damage of an attack of opportunity: "limited to the 1 point for that die, the Weapon Wgt value and
    any Strength modifier" [14], however many dice succeed; at least 1 on a success."""
    if successes <= 0:
        return 0
    return max(1, 1 + weight + strength)


def adjustment_expression(edge: Edge) -> tuple[int, int]:
    """(count, keep) of the d6 adjustment roll for the kernel's dice: 1d6, 2d6kl1 or 2d6kh1 [8]."""
    match edge:
        case Edge.NONE:
            return 1, 0
        case Edge.DISADVANTAGE:
            return 2, -1
        case Edge.ADVANTAGE:
            return 2, 1


def roll_adjustment(dice: Dice, edge: Edge, rank: int, purpose: str) -> int:
    """Roll a reaction's adjustment (logged): a d6 (two, keep the lesser or greater) + the skill's rank."""
    count, keep = adjustment_expression(edge)
    return max(0, dice.roll(count, ADJUSTMENT_DIE, rank, purpose, keep=keep).total)


def thrown_rider_fall(fall: int, reacted: bool, landed: bool) -> int:
    """The Body a rider thrown from a stopped mount takes from a fall of ``fall`` [17]: none when it used its
    reaction and passed the Agility check, half (rounded down) when it used its reaction and failed, all
    otherwise."""
    if not reacted:
        return fall
    return 0 if landed else fall // 2


def thrown_rider_prone(reacted: bool) -> bool:
    """Whether a thrown rider ends prone: not when it used its reaction, pass or fail ("will further roll up
    to a standing position" [17])."""
    return not reacted


# -- Body and Endurance ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Vitals:
    """A creature's Body (wounds) and Endurance (stamina), current and most."""

    body: int
    body_max: int
    endurance: int
    endurance_max: int

    @staticmethod
    def fresh(body: int, endurance: int) -> Vitals:
        if body < 1 or endurance < 0:
            raise ValueError(f"Body is 1 or more and Endurance 0 or more, not {body} and {endurance}")
        return Vitals(body, body, endurance, endurance)

    def wounded(self, amount: int) -> Vitals:
        """Body damage taken (never below -Body max)."""
        return replace(self, body=max(-self.body_max, self.body - max(0, amount)))

    def tired(self, amount: int) -> Vitals:
        """Endurance lost (never below 0)."""
        return replace(self, endurance=max(0, self.endurance - max(0, amount)))

    @property
    def incapacitated(self) -> bool:
        """Body at 0 or below (ours)."""
        return self.body <= 0

    @property
    def exhausted(self) -> bool:
        """Endurance at 0 (ours): reaction adjustments are rolled under disadvantage."""
        return self.endurance <= 0


# -- exact odds -------------------------------------------------------------------------------------------


def die_success(tm: int) -> Fraction:
    """The chance that one d20 succeeds against ``tm``."""
    _check_tm(tm)
    return Fraction(DIE + 1 - tm, DIE)


def success_chances(count: int, tm: int) -> dict[int, Fraction]:
    """The exact chance of each number of successes, 0 to ``count``; the chances sum to 1."""
    _check_count(count)
    p = die_success(tm)
    return {k: comb(count, k) * p ** k * (1 - p) ** (count - k) for k in range(count + 1)}


def adjustment_chances(edge: Edge, rank: int = 0) -> dict[int, Fraction]:
    """The exact chance of each adjustment (the d6 as ``edge`` rolls it, + ``rank``, at least 0)."""
    out: dict[int, Fraction] = {}
    for a in range(1, ADJUSTMENT_DIE + 1):
        for b in range(1, ADJUSTMENT_DIE + 1):
            face = {Edge.NONE: a, Edge.DISADVANTAGE: min(a, b), Edge.ADVANTAGE: max(a, b)}[edge]
            value = max(0, face + rank)
            out[value] = out.get(value, Fraction(0)) + Fraction(1, ADJUSTMENT_DIE ** 2)
    return out


def cancel_chance(successes: int, tm: int, against: Against, edge: Edge, rank: int = 0) -> Fraction:
    """The exact chance that a reaction takes one success away from a pool of ``successes`` successful dice
    (each uniform on TM..20): the lowest (or highest) of them, less the adjustment, falls below the TM."""
    if successes <= 0:
        return Fraction(0)
    _check_tm(tm)
    faces = DIE + 1 - tm
    adjustments = adjustment_chances(edge, rank)
    total = Fraction(0)
    for face in range(tm, DIE + 1):
        # the chance that the chosen die (lowest or highest of ``successes``) shows exactly ``face``
        if against is Against.LOWEST:
            at_least = Fraction(DIE + 1 - face, faces) ** successes
            above = Fraction(DIE - face, faces) ** successes
            p_face = at_least - above
        else:
            at_most = Fraction(face - tm + 1, faces) ** successes
            below = Fraction(face - tm, faces) ** successes
            p_face = at_most - below
        p_cancel = sum((p for a, p in adjustments.items() if face - a < tm), Fraction(0))
        total += p_face * p_cancel
    return total


def expected_damage(count: int, tm: int, weight: int, strength: int, *, opportunity: bool = False,
                    reaction: Against | None = None, edge: Edge = Edge.NONE, rank: int = 0) -> Fraction:
    """The exact expected Body damage of a pool of ``count`` d20s against ``tm`` (an attack of opportunity's
    rule if ``opportunity``), when the target answers with a reaction taking its adjustment off the
    ``reaction`` die (None: no reaction)."""
    damage = opportunity_damage if opportunity else attack_damage
    total = Fraction(0)
    for k, p in success_chances(count, tm).items():
        if reaction is None or k == 0:
            total += p * damage(k, weight, strength)
            continue
        c = cancel_chance(k, tm, reaction, edge, rank)
        total += p * ((1 - c) * damage(k, weight, strength) + c * damage(k - 1, weight, strength))
    return total


def reaction_edge(exhausted: bool, struck_heavy: bool, advantage: bool = False) -> Edge:
    """How a damage-avoiding reaction's d6 is rolled: under disadvantage when the reacting creature is
    exhausted (ours) or the blow is a heavy weapon's with a raw face of 18 or more [24]; an edge and a
    disadvantage cancel out (ours)."""
    return Edge.of(exhausted or struck_heavy, advantage)
