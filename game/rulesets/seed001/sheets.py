"""Seed 001's creature sheets (ours; numbers in brackets are seed 001's lines): what the document's reactions
read and the core below them needs, nothing more.

The document names: a species' standard movement ("20 feet for human, 15 feet for dwarf" as half of it [33]),
Body damage [6], skills (dodge, deflect missiles, rebuff [6]; "style: polearms" [20]; weapon forte [24]), the
Strength modifier and Weapon Wgt [14], an Agility check [17], a standard attack's d20 pool [14], a weapon at
the ready, the primary hand and a savage attack [12, 14], reach [13], polearms, piercing damage and weapons
that permit impalement [20], its range of two hexes or three with special weaponry [23], heavy weapons [24],
mounts that traverse the ground [18] and monster moves that do not provoke [15]. Movement is in hexes of
5 feet. :mod:`game.rulesets.seed001.content` reads sheets from TOML.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from types import MappingProxyType

from game.rulesets.seed001.pools import Against

HEX_FEET = 5
"""Feet across one hex ("five feet or one-hex" [13])."""

SPECIES_FEET: MappingProxyType[str, int] = MappingProxyType({"human": 40, "dwarf": 30, "elf": 40,
                                                              "halfling": 30})
"""Each species' standard movement in feet: human 40 and dwarf 30 as their halves, "20 feet for human, 15 feet
for dwarf" [33], imply; elf and halfling are ours."""

IMPALEMENT_HEXES = 2
"""Impalement "occurs ten feet (two-hexes) away" [23]."""
SPECIAL_IMPALEMENT_HEXES = 3
""""with special weaponry the range might be fifteen feet" [23]."""
OPPORTUNITY_HEXES = 1
"""An attack of opportunity's range: "five feet or one-hex, even if the armed weapon has a longer reach" [13]."""


def hexes(feet: int) -> int:
    """Feet as whole hexes (rounded down)."""
    return feet // HEX_FEET


class Hand(enum.Enum):
    """Which hand holds a weapon: an attack of opportunity "must come from the primary hand" [14]."""

    PRIMARY = "primary"
    OFF = "off"


class Delivery(enum.Enum):
    """How a blow arrives: "For a melee strike, dodge or rebuff ... If struck by an arrow, then one of the
    deflection skills" [7]."""

    MELEE = "melee"
    MISSILE = "missile"


class Skill(enum.Enum):
    """The damage-avoiding reaction skills [6]."""

    DODGE = "dodge"
    REBUFF = "rebuff"
    DEFLECT_MISSILES = "deflect_missiles"

    @property
    def delivery(self) -> Delivery:
        """What it answers [7]: dodge and rebuff a melee strike, deflection a missile."""
        return Delivery.MISSILE if self is Skill.DEFLECT_MISSILES else Delivery.MELEE

    @property
    def against(self) -> Against:
        """Which successful die its adjustment is taken off [8] (ours: dodge and deflection slip the weakest
        blow, the lowest; rebuff beats aside the best, the highest)."""
        return Against.HIGHEST if self is Skill.REBUFF else Against.LOWEST


class MoveStyle(enum.Enum):
    """Monster moves [15]: "a low-to-the-ground fly-by breath weapon", "attacking from the surface of the
    water and diving back down", "phasing out of stone or earth for a melee strike"; a plain move otherwise."""

    FLY_BY_BREATH = "fly_by_breath"
    SURFACE_AND_DIVE = "surface_and_dive"
    PHASING = "phasing"
    PLAIN = "plain"


class MountKind(enum.Enum):
    """What a mount traverses: the dismount reaction "applies only to mounts that traverse the ground" [18]."""

    GROUND = "ground"
    FLYING = "flying"
    SWIMMING = "swimming"


@dataclass(frozen=True, slots=True)
class Weapon:
    """One weapon or savage (natural) attack."""

    id: str
    name: str
    weight: int
    """Weapon Wgt: added to the damage of a hit [14]."""
    delivery: Delivery = Delivery.MELEE
    reach: int = 1
    """Melee: hexes it reaches (1: adjacent)."""
    range: int = 0
    """Missile: the farthest hex it reaches (0 for melee)."""
    hand: Hand = Hand.PRIMARY
    piercing: bool = False
    """Deals piercing damage: a polearm that does may impale [20]."""
    polearm: bool = False
    heavy: bool = False
    """A raw die of 18 or more puts the target under disadvantage [24]."""
    impales: bool = False
    """Explicitly permits impalement though it does not pierce, as the document's ula does [20]."""
    impalement_range: int = IMPALEMENT_HEXES
    """Hexes away at which its impalement strikes: 2, or 3 for special weaponry [23]."""
    savage: bool = False
    """A savage attack (claws, teeth): always ready, no hand [12]."""
    drags: bool = False
    """Ours, our content's own power (the document gives none): a savage attack that, with 2 or more successes
    left after any reaction, drags a target on foot down prone (something has to knock creatures down for
    standing up [30-35] to play)."""
    description: str = ""

    @property
    def melee(self) -> bool:
        return self.delivery is Delivery.MELEE

    @property
    def may_impale(self) -> bool:
        """A polearm that delivers piercing damage and/or explicitly permits impalement [20]."""
        return self.polearm and self.melee and (self.piercing or self.impales)

    @property
    def for_opportunity(self) -> bool:
        """May make an attack of opportunity: a melee weapon in the primary hand, or a savage attack [12, 14]."""
        return self.melee and (self.savage or self.hand is Hand.PRIMARY)


@dataclass(frozen=True, slots=True)
class Move:
    """A monster's special move or power [15]."""

    id: str
    name: str
    style: MoveStyle
    pool: int
    """d20s it rolls against each target's Guard."""
    weight: int
    """Added to its damage on a hit, as a Weapon Wgt."""
    range: int = 1
    """Hexes: the breath's length, or 1 for a strike."""
    provokes: bool = False
    """Whether passing beside an enemy with it provokes an attack of opportunity (the document's examples do
    not [15]; a plain move does unless the file says otherwise)."""
    description: str = ""


@dataclass(frozen=True, slots=True)
class Sheet:
    """A creature of seed 001, as its content file describes it."""

    id: str
    name: str
    body: int
    """Body: wounds it can take; at 0 it is incapacitated (ours)."""
    endurance: int
    """Endurance: stamina; at 0 it is exhausted (ours)."""
    guard: int
    """The target number of attack dice against it (ours)."""
    pool: int
    """d20s of its standard attack [14]."""
    standard_feet: int
    """Its species' standard movement in feet (the base of the stand-up penalty [33])."""
    movement_feet: int
    """Its own movement in feet, which magic or skills may raise above the species standard [33]."""
    weapons: tuple[Weapon, ...]
    species: str | None = None
    """A species of :data:`SPECIES_FEET`, or None (a beast or monster writes its standard movement)."""
    strength: int = 0
    """The Strength modifier, added to damage [14]."""
    agility: int = 0
    """The Agility modifier of an Agility check [17]."""
    skills: MappingProxyType[Skill, int] = field(default_factory=lambda: MappingProxyType({}))
    """Damage-avoiding reaction skills it has, with their ranks (added to the d6 adjustment)."""
    polearm_style: bool = False
    """"style: polearms" [20]."""
    forte: tuple[str, ...] = ()
    """Weapon ids it has weapon forte in [24]."""
    moves: tuple[Move, ...] = ()
    mount: MountKind | None = None
    """What it traverses when ridden (None: not a mount)."""
    rides: str | None = None
    """The sheet id of the mount it comes riding, if any."""
    description: str = ""

    @property
    def size(self) -> int:
        """Cells across: every creature fills one hex (a rider is carried on its mount's hex, not beside it)."""
        return 1

    @property
    def standard_hexes(self) -> int:
        return hexes(self.standard_feet)

    @property
    def movement_hexes(self) -> int:
        return hexes(self.movement_feet)

    @property
    def stand_penalty_feet(self) -> int:
        """Standing up by reaction costs "half of the standard movement for the creature's species" [33]."""
        return self.standard_feet // 2

    def weapon(self, weapon_id: str) -> Weapon | None:
        return next((w for w in self.weapons if w.id == weapon_id), None)

    def move(self, move_id: str) -> Move | None:
        return next((m for m in self.moves if m.id == move_id), None)

    def skill(self, skill: Skill) -> int | None:
        """Its rank in ``skill``, None when it lacks it ("must have that skill" [7])."""
        return self.skills.get(skill)

    def reaction_skill(self, delivery: Delivery) -> Skill | None:
        """The skill it would answer a blow of ``delivery`` with [7]: the higher-ranked of dodge and rebuff
        against melee (dodge on a tie), deflect missiles against missiles; None if it has none."""
        fits = [s for s in Skill if s.delivery is delivery and s in self.skills]
        return max(fits, key=lambda s: (self.skills[s], s is Skill.DODGE), default=None)

    def opportunity_weapon(self) -> Weapon | None:
        """What its attack of opportunity is made with: the heaviest ready melee weapon in the primary hand or
        savage attack [12, 14]; None if it has none."""
        return max((w for w in self.weapons if w.for_opportunity), key=lambda w: w.weight, default=None)

    def impaling_weapon(self) -> Weapon | None:
        """A weapon it may impale with [20]: it has the polearm style and the weapon may impale (the longest
        impalement range first); None otherwise."""
        if not self.polearm_style:
            return None
        return max((w for w in self.weapons if w.may_impale), key=lambda w: w.impalement_range, default=None)

    def impalement_forte(self, weapon: Weapon) -> bool:
        """Weapon forte "in the specific polearm being used" [24]."""
        return weapon.id in self.forte

    @property
    def ground_mount(self) -> bool:
        """A mount whose abrupt stop lets its rider use the dismount reaction [18]."""
        return self.mount is MountKind.GROUND


class Unhorsing(enum.Enum):
    """Why a rider leaves its mount against its will [17-18]."""

    STOPPED = "stopped"
    """The mount stopped short: netting or another restraint [17]."""
    SLAIN = "slain"
    """"perhaps the beast was suddenly slain" [17]."""
    UNSEATED = "unseated"
    """A special attack designed to remove a rider, such as a ranseur's [18]."""


def may_land(mount: Sheet, cause: Unhorsing) -> bool:
    """Whether a thrown rider may use its reaction to land on its feet: only when its mount traverses the
    ground and stopped or was slain, never against an unseating attack [18]."""
    return mount.ground_mount and cause is not Unhorsing.UNSEATED
