"""Seed 002's damage and fatigue track, in place of hit points (numbers in brackets are seed 002's lines).

The document names "your highest level of damage or fatigue" [37], a Toughness resistance check "against the
damage of your attack" [137], a passive damage rank "where you just add 10" [135], and fatigue that goes
"fatigued ... exhausted ... incapacitated" [133], without a table of levels. Our smallest track that plays:

* **Damage**: a hit makes the target roll a Toughness resistance check against DC 10 + the damage rank (a
  Smash [135] makes the attacker roll the DC instead: d20 + rank, :func:`damage_dc`'s ``rolled``). A success
  does nothing; each degree of failure adds one level of damage. Levels 1 and 2 are *bruised*, 3 *staggered*,
  4 *incapacitated* (down: no actions, out of the fight); more is 4.
* **Fatigue**: each level moves fresh -> *fatigued* -> *exhausted* -> *incapacitated* (down) [133].
* **Effects**: every level of damage is -1 to Toughness checks; staggered and exhausted each give 1 rank of
  Disadvantage on every check (resistance checks included); fatigued and exhausted are -1 speed rank.
* **Recover** [37]: +1 Stress and one level off the track with the most levels (damage on a tie); nothing to
  remove, no Recover. **Stress** is only counted (shown on the sheet; it does nothing in a fight).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from game.rulesets.seed002 import checks

if TYPE_CHECKING:
    from game.kernel.dice import Dice

DAMAGE_DOWN = 4
"""Damage levels that incapacitate."""
FATIGUE_DOWN = 3
"""Fatigue levels that incapacitate (fatigued, exhausted, incapacitated [133])."""


class DamageState(enum.Enum):
    """What a damage level means, with its word for the players' display."""

    UNHURT = "unhurt"
    BRUISED = "bruised"
    STAGGERED = "staggered"
    INCAPACITATED = "down"


class FatigueState(enum.Enum):
    """What a fatigue level means [133], with its word for the players' display."""

    FRESH = "fresh"
    FATIGUED = "fatigued"
    EXHAUSTED = "exhausted"
    INCAPACITATED = "down"


_DAMAGE_STATES = (DamageState.UNHURT, DamageState.BRUISED, DamageState.BRUISED, DamageState.STAGGERED,
                  DamageState.INCAPACITATED)
_FATIGUE_STATES = (FatigueState.FRESH, FatigueState.FATIGUED, FatigueState.EXHAUSTED, FatigueState.INCAPACITATED)


def damage_dc(rank: int, rolled: int | None = None) -> int:
    """The DC of the Toughness check against damage of ``rank``: passive, 10 + rank; or, when the attacker
    rolled it (Smash [135]: "you make a damage or effect rank check"), the die it rolled + rank."""
    if rolled is None:
        return checks.passive(rank)
    if not 1 <= rolled <= checks.DIE:
        raise ValueError(f"a d20 shows 1 to 20, not {rolled}")
    return rolled + rank


@dataclass(frozen=True, slots=True)
class Track:
    """A creature's damage, fatigue and Stress."""

    damage: int = 0
    """Levels of damage, 0 to :data:`DAMAGE_DOWN`."""
    fatigue: int = 0
    """Levels of fatigue, 0 to :data:`FATIGUE_DOWN`."""
    stress: int = 0
    """Points of Stress, one per Recover [37]; only counted."""

    def __post_init__(self) -> None:
        if not (0 <= self.damage <= DAMAGE_DOWN and 0 <= self.fatigue <= FATIGUE_DOWN and self.stress >= 0):
            raise ValueError(f"no such track: {self.damage} damage, {self.fatigue} fatigue, {self.stress} stress")

    @property
    def damage_state(self) -> DamageState:
        return _DAMAGE_STATES[self.damage]

    @property
    def fatigue_state(self) -> FatigueState:
        return _FATIGUE_STATES[self.fatigue]

    @property
    def is_down(self) -> bool:
        """Incapacitated by damage or fatigue: no actions, out of the fight."""
        return self.damage >= DAMAGE_DOWN or self.fatigue >= FATIGUE_DOWN

    @property
    def disadvantage(self) -> int:
        """Ranks of Disadvantage on every check: 1 if staggered, 1 if exhausted."""
        return ((self.damage_state is DamageState.STAGGERED) + (self.fatigue_state is FatigueState.EXHAUSTED))

    @property
    def toughness_penalty(self) -> int:
        """What Toughness checks lose: 1 per level of damage (bruised), beside :attr:`disadvantage`."""
        return self.damage

    @property
    def speed_change(self) -> int:
        """The change to the speed rank: -1 if fatigued or exhausted."""
        return -1 if self.fatigue_state in (FatigueState.FATIGUED, FatigueState.EXHAUSTED) else 0

    def toughness_bonus(self, toughness: int) -> int:
        """The bonus of a Toughness resistance check by a creature of ``toughness`` in this state."""
        return toughness - self.toughness_penalty - self.disadvantage

    def hurt(self, levels: int) -> Track:
        """``levels`` more levels of damage (at most down)."""
        if levels < 0:
            raise ValueError("damage levels are added, never removed by a hit")
        return replace(self, damage=min(DAMAGE_DOWN, self.damage + levels))

    def tire(self) -> Track:
        """One more level of fatigue: fresh -> fatigued -> exhausted -> incapacitated [133]."""
        return replace(self, fatigue=min(FATIGUE_DOWN, self.fatigue + 1))

    @property
    def can_recover(self) -> bool:
        """Whether Recover has a level to remove."""
        return self.damage > 0 or self.fatigue > 0

    def recover(self) -> Track:
        """Recover [37]: "you gain 1 point of Stress, but remove your highest level of damage or fatigue" (the
        track with more levels; damage on a tie)."""
        if not self.can_recover:
            raise ValueError("no level of damage or fatigue to remove")
        if self.damage >= self.fatigue:
            return replace(self, damage=self.damage - 1, stress=self.stress + 1)
        return replace(self, fatigue=self.fatigue - 1, stress=self.stress + 1)

    @property
    def word(self) -> str:
        """The public word for the players' display: "down", else the damage word, with the fatigue word after
        it when tired ("bruised, fatigued"); "unhurt" when neither."""
        if self.is_down:
            return "down"
        words = [state.value for state, level in ((self.damage_state, self.damage),
                                                  (self.fatigue_state, self.fatigue)) if level]
        return ", ".join(words) or DamageState.UNHURT.value


def levels_from(outcome: checks.Outcome) -> int:
    """Damage levels a Toughness check's outcome adds: one per degree of failure, none on a success."""
    return 0 if outcome.success else outcome.degrees


def resist(dice: Dice, track: Track, toughness: int, dc: int, purpose: str = "toughness",
           *, advantage: int = 0) -> tuple[checks.Outcome, Track]:
    """Roll the Toughness resistance check of a creature of ``toughness`` in state ``track`` against ``dc``
    (:func:`damage_dc`): its outcome and the track after it."""
    outcome = checks.roll(dice, track.toughness_bonus(toughness), dc, purpose, advantage=advantage)
    return outcome, track.hurt(levels_from(outcome))


def damage_chances(track: Track, toughness: int, dc: int, *, advantage: int = 0) -> dict[int, Fraction]:
    """The exact chance of each number of damage levels a Toughness check against ``dc`` adds (0: none)."""
    out: dict[int, Fraction] = {}
    for signed, p in checks.chances(track.toughness_bonus(toughness), dc, advantage=advantage).items():
        added = min(DAMAGE_DOWN - track.damage, max(0, -signed))
        out[added] = out.get(added, Fraction(0)) + p
    return out
