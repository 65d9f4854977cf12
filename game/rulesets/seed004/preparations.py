"""Seed 004's great-blow preparations, 1.2.4 [27] (numbers in brackets are seed 004's lines), as a frozen value.

"Prepare great blow" spends an active blow and names the weapon and its mode of use (one or two handed). It
makes the next attack with that weapon cumulatively -1 to hit, +1 to critical, +2 damage and x(+1) to break
[27]; a missile's ranges are multiplied by one more than the number of preparations [27]. It is lost when the
character uses a blow for anything but a preparation or an attack, or when the round ends; with a thrusting
weapon or a bow it is lost unless another preparation or the attack follows at once (so the fight lets the
preparer go on before initiative is determined again [27]). It cannot be used with a flexible weapon [27].

Ours, where the document is silent:

* one preparation at a time: preparing another weapon, or the same weapon in the other mode, starts a new one
  (the old is lost);
* an attack with another weapon leaves a preparation standing (the document loses it only to a blow used "other
  than for a prepare or attack option"), except for a thrusting weapon or a bow, which must chain;
* a pass (no blow) leaves it standing, except for a thrusting weapon or a bow;
* the preparation applies to an attack with the prepared weapon in the prepared mode, melee, thrown or shot; the
  multiplied ranges are a thrown weapon's as well as a missile weapon's;
* a preparation is spent by the attack it applies to, hit or miss.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from game.rulesets.seed004.sheets import Hands, Weapon


class Use(enum.Enum):
    """What the preparer did next, as a preparation sees it."""

    ATTACK = "attack"
    """An attack (:func:`after_attack` for the weapon)."""
    OTHER_BLOW = "other blow"
    """A blow for anything else: draw, grab, maneuver, a parry [27]."""
    PASS = "pass"
    """An option that spends no blow."""
    ROUND_END = "round end"


class PrepareRefused(ValueError):
    """A preparation that cannot be made: the message says why, in one line."""


@dataclass(frozen=True, slots=True)
class Preparation:
    """Preparations stacked on one weapon in one mode [27]."""

    weapon: str
    """The weapon's id."""
    mode: Hands
    """ONE or TWO: the mode of use specified [27]."""
    count: int
    chained: bool
    """A thrusting weapon or a bow: another preparation or the attack must follow at once [27]."""

    @property
    def to_hit(self) -> int:
        """Taken off the hit roll: -1 each [27, 39]."""
        return -self.count

    @property
    def critical(self) -> int:
        """Added to the critical roll: +1 each [27, 42]."""
        return self.count

    @property
    def damage(self) -> int:
        """Added to the damage: +2 each [27, 43]."""
        return 2 * self.count

    @property
    def breakage(self) -> int:
        """Added to the breakage multiplier: x(+1) each [27, 41]."""
        return self.count

    def missile_range(self, base: int) -> int:
        """A thrown or missile weapon's range, "multiplied by one more than the number of preparations" [27]."""
        return base * (self.count + 1)

    def applies_to(self, weapon: Weapon, mode: Hands) -> bool:
        """Whether an attack with ``weapon`` in ``mode`` is the attack this preparation is for."""
        return weapon.id == self.weapon and mode is self.mode


def mode_of(weapon: Weapon, mode: Hands | None = None) -> Hands:
    """The mode of use: ``mode`` if given, else the weapon's own (ONE for a weapon used either way)."""
    if mode is None:
        return Hands.TWO if weapon.hands is Hands.TWO else Hands.ONE
    return mode


def why_not_prepare(weapon: Weapon, mode: Hands | None = None) -> str | None:
    """Why ``weapon`` cannot be prepared in ``mode`` (None: it can)."""
    if not weapon.may_prepare:
        return f"{weapon.name} is a flexible weapon: a great blow cannot be prepared with it [27]"
    used = mode_of(weapon, mode)
    if used is Hands.EITHER:
        return "a mode of use is one handed or two handed"
    if not weapon.hands.allows(used):
        return f"{weapon.name} is not used {used.value} handed"
    return None


def prepare(current: Preparation | None, weapon: Weapon, mode: Hands | None = None) -> Preparation:
    """One more preparation of ``weapon`` in ``mode``: cumulative on the same weapon and mode, else a new one."""
    why = why_not_prepare(weapon, mode)
    if why is not None:
        raise PrepareRefused(why)
    used = mode_of(weapon, mode)
    if current is not None and current.weapon == weapon.id and current.mode is used:
        return replace(current, count=current.count + 1)
    return Preparation(weapon.id, used, 1, weapon.must_chain)


def applicable(current: Preparation | None, weapon: Weapon, mode: Hands | None = None) -> int:
    """The number of preparations applicable to an attack with ``weapon`` in ``mode`` [39, 41-43]."""
    if current is None or not current.applies_to(weapon, mode_of(weapon, mode)):
        return 0
    return current.count


def after_attack(current: Preparation | None, weapon: Weapon, mode: Hands | None = None) -> Preparation | None:
    """What is left after an attack with ``weapon``: nothing if it was the prepared attack (spent) or the
    preparation had to chain; else the preparation stands (ours)."""
    if current is None or current.applies_to(weapon, mode_of(weapon, mode)) or current.chained:
        return None
    return current


def after(current: Preparation | None, use: Use) -> Preparation | None:
    """What is left after ``use`` (not an attack: see :func:`after_attack`): lost to a blow spent on anything
    else or at the round's end [27]; a pass loses only a preparation that must chain (ours)."""
    if current is None:
        return None
    match use:
        case Use.OTHER_BLOW | Use.ROUND_END:
            return None
        case Use.PASS:
            return None if current.chained else current
        case Use.ATTACK:
            raise ValueError("an attack names its weapon: use after_attack")
