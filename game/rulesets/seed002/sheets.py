"""Seed 002's creature sheets (numbers in brackets are seed 002's lines): our own schema, holding what the
document's actions read and nothing more.

The document gives actions, not creatures: a power level ("DC 10 + Power Level" [48]), skills it names
(Athletics [71], Acrobatics [75], Might and Dexterity [80], Endurance [71], Intuition [141], Insight [62]),
defenses that are passive values or checks (Defense [35], Toughness [137], Fortitude, Reflex and Will [46]),
a speed rank [70], attacks close or ranged within reach or range [26, 31], armed or unarmed [26, 122], held in
one or two hands [48], Area powers [10], Surge for heroes [124] and Destiny [113]. A sheet is those numbers;
:mod:`game.rulesets.seed002.content` reads them from TOML.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class AttackKind(enum.Enum):
    """Close: against an opponent within reach [26]; ranged: against a non-adjacent one within range [31]."""

    CLOSE = "close"
    RANGED = "ranged"


class StuntOption(enum.Enum):
    """A Stunt's benefits [47-52], named on an attack the AI likes to stunt with."""

    AFFLICT = "afflict"
    DISARM = "disarm"
    GRAB = "grab"
    PULL = "pull"
    PUSH = "push"
    BREAK = "break"


@dataclass(frozen=True, slots=True)
class Attack:
    """One of a creature's attacks (a weapon, a natural attack or an attack power)."""

    id: str
    name: str
    kind: AttackKind
    bonus: int
    """The attack check's bonus (d20 + bonus against the target's passive Defense [35])."""
    damage: int
    """The damage rank: the target's Toughness check is against 10 + it [135, 137]."""
    armed: bool = True
    """A weapon or a natural weapon. An unarmed close attack threatens no square [122], and makes against an
    armed opponent normally provoke [26]."""
    reach: int = 1
    """Close attacks: squares it reaches (1: adjacent, diagonals included [122])."""
    range: int = 0
    """Ranged attacks: the farthest square it reaches (0 for close attacks)."""
    two_handed: bool = False
    """Held in both hands [48]: a disarm against it is at -2 instead of -1."""
    area: int = 0
    """An Area power's burst radius in squares (0: one target). One Area power a round [10]."""
    stunt: StuntOption | None = None
    """The Stunt [45] the AI likes to make with it (None: it just deals damage)."""
    description: str = ""

    @property
    def is_area(self) -> bool:
        return self.area > 0

    @property
    def threatens(self) -> bool:
        """Whether it lets its holder threaten squares: an armed close attack [122]."""
        return self.kind is AttackKind.CLOSE and self.armed


@dataclass(frozen=True, slots=True)
class Sheet:
    """A creature of seed 002, as its content file describes it."""

    id: str
    name: str
    power_level: int
    """The Power Level: Moderate DCs are 10 + it, Hard 10 + twice it [48, 75]."""
    defense: int
    """Defense rank: attacks are against 10 + it, or a Defend check [35]."""
    toughness: int
    """Toughness: the resistance check against damage [137]."""
    fortitude: int
    reflex: int
    will: int
    attacks: tuple[Attack, ...]
    hero: bool = False
    """A hero: may Surge [124] and spend Destiny [113]."""
    destiny: int = 0
    """Destiny points at the start of an encounter [113]."""
    initiative: int = 0
    """The initiative check's bonus."""
    speed: int = 0
    """Ground speed rank: 0 is 30 feet [70]."""
    athletics: int = 0
    """Run [71]."""
    acrobatics: int = 0
    """Stand as a free action [75], escape [80]."""
    might: int = 0
    """Escape, and resisting one [80]."""
    dexterity: int = 0
    """Resisting an escape [80]."""
    endurance: int = 0
    """Resisting a run's fatigue [71]."""
    intuition: int = 0
    """Hunch [141]."""
    insight: int = 0
    """Assessment [62] (out of scope: kept for the sheet)."""
    hands: int = 2
    """Hands free to hold weapons and grab [48-49]."""
    size: int = 1
    """Squares across (the table and the shared tactics read it)."""
    description: str = ""

    @property
    def may_surge(self) -> bool:
        """"Players can have their heroes use a Surge" [124]."""
        return self.hero

    @property
    def armed(self) -> bool:
        """Whether it holds a weapon (an armed close attack) [26, 122]."""
        return any(a.threatens for a in self.attacks)

    @property
    def threat_reach(self) -> int:
        """Squares it threatens around its space: its longest armed close attack's reach; 0 when unarmed
        (it threatens nothing [122])."""
        return max((a.reach for a in self.attacks if a.threatens), default=0)

    def attack(self, attack_id: str) -> Attack | None:
        return next((a for a in self.attacks if a.id == attack_id), None)

    def close_attacks(self) -> tuple[Attack, ...]:
        return tuple(a for a in self.attacks if a.kind is AttackKind.CLOSE)

    def ranged_attacks(self) -> tuple[Attack, ...]:
        return tuple(a for a in self.attacks if a.kind is AttackKind.RANGED)
