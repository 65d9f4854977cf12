"""Seed 002's checks (numbers in brackets are seed 002's lines): a d20 plus a bonus against a DC, with degrees of
success and failure, Advantage and Disadvantage ranks, Raise [139], opposed checks, Hunch [141] and the exact
chance of every outcome.

The document uses degrees everywhere ("+1 Advantage per degree of success" [55], "two or more degrees impose
-1 Disadvantage per additional degree of failure" [55, 88, 141]) but never defines them. Our readings:

* a check succeeds when its total (d20 + bonus) is at least the DC; a **success** has 1 degree plus 1 per full
  5 points over the DC, a **failure** 1 degree plus 1 per full 5 points under it (a total of DC - 1 fails by
  1 degree, DC - 5 by 2). No natural 1 or 20 rule: the document has none.
* a **passive** value, "where you just add 10" [35, 135], is 10 + rank: the DC of a check against it.
* each rank of **Advantage** is +1 to the check, each rank of **Disadvantage** -1; they are netted
  (:func:`net_ranks`) and the net added to the bonus.
* an **opposed** check: both roll; the actor succeeds when its total is at least the opponent's, with degrees
  counted from the opponent's total as a DC; on a tie the higher bonus wins, and equal bonuses go to the
  opponent (who keeps things as they are) (:func:`opposed`).
* **Raise** [139]: declared before the roll, at most two; each is +5 DC; a success gains +2 degrees per raise,
  a failure +1 degree per raise.

Rolls go through the kernel's :class:`game.kernel.dice.Dice`, so that they are seeded and logged.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.kernel.dice import Dice

DIE = 20
"""The check die: a d20 [seed 002 uses it throughout, e.g. "Easy DC (DC 10)" 55]."""
PASSIVE = 10
"""What a passive value adds to its rank ("where you just add 10" [35])."""
DEGREE_STEP = 5
"""Points per extra degree (our reading)."""
MAX_RAISES = 2
""""You can make up to two raises on a single check" [139]."""
RAISE_DC = 5
""""increase the DC by +5" [139]."""
EASY_DC = 10
"""An Easy DC [55, 141]."""


def moderate_dc(power_level: int) -> int:
    """"a Moderate DC (DC 10 + Power Level)" [48, 71]."""
    return 10 + power_level


def hard_dc(power_level: int) -> int:
    """"a Hard DC (DC 10 + Power Level x 2)" [59, 75]."""
    return 10 + 2 * power_level


def passive(rank: int) -> int:
    """A passive value, 10 + rank [35, 135]: the DC a check against it must meet."""
    return PASSIVE + rank


def net_ranks(advantage: int, disadvantage: int) -> int:
    """Advantage and Disadvantage ranks netted: each Advantage rank +1, each Disadvantage rank -1 (our
    reading: the document gives ranks, "+1 Advantage", "-1 Disadvantage" [39, 84], without their size)."""
    if advantage < 0 or disadvantage < 0:
        raise ValueError("advantage and disadvantage ranks are counted from 0")
    return advantage - disadvantage


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of one check."""

    success: bool
    """Whether the total met the DC."""
    degrees: int
    """Degrees of success (``success``) or of failure (else), 1 or more, raises included."""
    total: int
    """d20 + bonus (Advantage netted in)."""
    dc: int
    """The DC met or missed, raises included."""

    @property
    def signed(self) -> int:
        """Degrees as one number: +n for n degrees of success, -n for n degrees of failure."""
        return self.degrees if self.success else -self.degrees


def degrees(total: int, dc: int) -> Outcome:
    """The outcome of a total against a DC: success at ``total >= dc``, 1 degree plus 1 per full 5 points over
    (success) or under (failure)."""
    if total >= dc:
        return Outcome(True, 1 + (total - dc) // DEGREE_STEP, total, dc)
    return Outcome(False, 1 + (dc - total) // DEGREE_STEP, total, dc)


def _check_raises(raises: int) -> None:
    if not 0 <= raises <= MAX_RAISES:
        raise ValueError(f"{raises} raises: a check takes 0 to {MAX_RAISES} [seed 002, line 139]")


def resolve(die: int, bonus: int, dc: int, *, advantage: int = 0, raises: int = 0) -> Outcome:
    """A check whose d20 showed ``die``: ``bonus`` + ``advantage`` (net ranks) against ``dc``, with ``raises``
    (each +5 DC; +2 degrees on a success, +1 on a failure [139])."""
    if not 1 <= die <= DIE:
        raise ValueError(f"a d20 shows 1 to 20, not {die}")
    _check_raises(raises)
    out = degrees(die + bonus + advantage, dc + RAISE_DC * raises)
    extra = 2 * raises if out.success else raises
    return Outcome(out.success, out.degrees + extra, out.total, out.dc)


def roll(dice: Dice, bonus: int, dc: int, purpose: str, *, advantage: int = 0, raises: int = 0) -> Outcome:
    """Roll a check (logged by ``dice`` under ``purpose``): d20 + ``bonus`` + ``advantage`` against ``dc``
    (+5 per raise)."""
    _check_raises(raises)
    thrown = dice.roll(1, DIE, bonus + advantage, purpose)
    return resolve(thrown.faces[0], bonus, dc, advantage=advantage, raises=raises)


# -- opposed checks --------------------------------------------------------------------------------------


def opposed_outcome(total: int, bonus: int, opponent_total: int, opponent_bonus: int) -> Outcome:
    """The actor's outcome of an opposed check from both totals: the opponent's total is the DC; on a tie the
    higher bonus wins, equal bonuses go to the opponent (1 degree either way)."""
    if total == opponent_total:
        return Outcome(bonus > opponent_bonus, 1, total, opponent_total)
    return degrees(total, opponent_total)


def opposed(dice: Dice, bonus: int, opponent_bonus: int, purpose: str, *, advantage: int = 0,
            opponent_advantage: int = 0) -> Outcome:
    """Both roll (the actor first, then the opponent; both logged): the actor's outcome."""
    mine = dice.roll(1, DIE, bonus + advantage, f"{purpose}")
    theirs = dice.roll(1, DIE, opponent_bonus + opponent_advantage, f"{purpose} (opposing)")
    return opposed_outcome(mine.total, bonus + advantage, theirs.total, opponent_bonus + opponent_advantage)


# -- what assist, gambit and hunch grant ------------------------------------------------------------------


def granted_ranks(outcome: Outcome) -> int:
    """Advantage (positive) or Disadvantage (negative) ranks a check grants, as assist [55], gambit [88] and
    hunch [141] word it: "+1 Advantage per degree of success. One degree of failure provides no modifier, but
    two or more degrees impose -1 Disadvantage per additional degree of failure"."""
    if outcome.success:
        return outcome.degrees
    return -(outcome.degrees - 1)


def hunch(dice: Dice, intuition: int, purpose: str = "hunch") -> int:
    """Hunch [141]: an Intuition check against an Easy DC (10); the ranks of Advantage (positive) or
    Disadvantage (negative) it gives the skill check that triggered it."""
    return granted_ranks(roll(dice, intuition, EASY_DC, purpose))


# -- exact odds -------------------------------------------------------------------------------------------


def chances(bonus: int, dc: int, *, advantage: int = 0, raises: int = 0) -> dict[int, Fraction]:
    """The exact chance of each outcome of a check, by signed degrees (+n: n degrees of success, -n: of
    failure); the chances sum to 1."""
    out: dict[int, Fraction] = {}
    for die in range(1, DIE + 1):
        key = resolve(die, bonus, dc, advantage=advantage, raises=raises).signed
        out[key] = out.get(key, Fraction(0)) + Fraction(1, DIE)
    return out


def opposed_chances(bonus: int, opponent_bonus: int) -> dict[int, Fraction]:
    """The exact chance of each outcome of an opposed check for the actor, by signed degrees (advantage
    ranks already netted into each bonus)."""
    out: dict[int, Fraction] = {}
    for mine in range(1, DIE + 1):
        for theirs in range(1, DIE + 1):
            key = opposed_outcome(mine + bonus, bonus, theirs + opponent_bonus, opponent_bonus).signed
            out[key] = out.get(key, Fraction(0)) + Fraction(1, DIE * DIE)
    return out


def chance_of_success(bonus: int, dc: int, *, advantage: int = 0, raises: int = 0) -> Fraction:
    """The exact chance that a check succeeds."""
    return sum((p for k, p in chances(bonus, dc, advantage=advantage, raises=raises).items() if k > 0),
               Fraction(0))


def granted_chances(bonus: int, dc: int) -> dict[int, Fraction]:
    """The exact chance of each number of ranks :func:`granted_ranks` gives (a hunch: bonus = Intuition,
    dc = 10)."""
    out: dict[int, Fraction] = {}
    for signed, p in chances(bonus, dc).items():
        ranks = signed if signed > 0 else signed + 1
        out[ranks] = out.get(ranks, Fraction(0)) + p
    return out
