"""Seed 003's sheets as frozen data: what a creature is before a fight (no hit points lost, no conditions).

Every field is named after the document's words (seed 003 lines in brackets): level, hit points, AC / PD / MD,
Volition [5], the initiative band [75-87], recoveries and recovery dice [209-217], the melee and ranged stances
with their damage die and range [11-27], miss damage per class [11, 19], resistances, weaknesses and
vulnerability [67-71], and abilities with Type, Frequency, Action, Provokes, Sustain and Escalation X+ [121-139].
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Band(Enum):
    """The initiative bands, played in this order each round [83]."""

    VERY_FAST = "very fast"
    FAST = "fast"
    MEDIUM = "medium"
    SLOW = "slow"
    VERY_SLOW = "very slow"

    @property
    def rank(self) -> int:
        """0 for Very Fast .. 4 for Very Slow: the order bands are played in."""
        return _BAND_RANK[self]

    def is_lower_than(self, other: Band) -> bool:
        """Whether this band plays after ``other`` in a round (the only way Delay may go [96])."""
        return self.rank > other.rank


_BAND_RANK = {band: index for index, band in enumerate(Band)}


class Defense(Enum):
    """What an attack is compared with [5]."""

    AC = "AC"
    PD = "PD"
    MD = "MD"


class DamageType(Enum):
    """The document's damage types [63-65]; unspecified damage is weapon damage [63]."""

    ACID = "acid"
    COLD = "cold"
    FIRE = "fire"
    FORCE = "force"
    LIGHTNING = "lightning"
    NECROTIC = "necrotic"
    PSYCHIC = "psychic"
    RADIANT = "radiant"
    THUNDER = "thunder"
    WEAPON = "weapon"


class Frequency(Enum):
    """How often an ability may be used [133]; a recharge ability also has its :attr:`Ability.recharge`."""

    AT_WILL = "at-will"
    ENCOUNTER = "encounter"
    DAILY = "daily"
    RECHARGE = "recharge"


class ActionKind(Enum):
    """The action an ability takes [113-119, 134]."""

    STANDARD = "standard"
    MOVE = "move"
    QUICK = "quick"
    FREE = "free"
    INTERRUPT = "interrupt"


class MissDamage(Enum):
    """A class's miss damage: none, or equal to its level [11, 19]."""

    NONE = "none"
    LEVEL = "level"


class StanceKind(Enum):
    MELEE = "melee"
    RANGED = "ranged"


class Reach(Enum):
    """How far an ability or a ranged stance reaches, in the document's positions [147-153]."""

    ENGAGED = "engaged"
    """Engaged / next to [151]."""
    NEARBY = "nearby"
    """Nearby [152] (which includes engaged / next to)."""
    FAR = "far"
    """Far [153] (which includes nearby)."""
    SELF = "self"


class Condition(Enum):
    """The document's conditions and effects [249-267] that an ability may lay on its target."""

    CONFUSED = "confused"
    DAZED = "dazed"
    ENERVATED = "enervated"
    GRABBED = "grabbed"
    HAMPERED = "hampered"
    HELPLESS = "helpless"
    INVISIBLE = "invisible"
    LAST_GASP = "last gasp"
    """Not a lasting condition: the target PC starts making Last Gasp saves [231-233] (``downed.py``)."""
    SHAKEN = "shaken"
    SOFTENED = "softened"
    STUCK = "stuck"
    STUNNED = "stunned"
    VULNERABLE = "vulnerable"
    WEAKENED = "weakened"


class Trigger(Enum):
    """What sets off an interrupt ability, as the table reads it (``on`` in a content file): the document
    leaves triggers to each ability's text [119, 134]; these are the ones a board can tell."""

    ATTACK_ON_ALLY = "attack on ally"
    """An enemy engaged with you attacks an ally next to you (before its attack rolls)."""
    ATTACK_ON_YOU = "attack on you"
    """An enemy attacks you (before its attack rolls)."""
    ENEMY_ENGAGES_YOU = "enemy engages you"
    """An enemy moves next to you (after the step that brings it there)."""
    ALLY_FAILS_SAVE = "ally fails save"
    """An ally nearby fails a save at the end of its turn."""


class Effect(Enum):
    """What an ability that makes no attack does (the few the fight models)."""

    HEAL = "heal"
    """An ally in reach heals using one of its recoveries (Mending Word; healing brings the dying back [227])."""
    POP_OFF = "pop off"
    """Pop off one engaged enemy without a disengage check [165] (Slip the Knot)."""
    REROLL = "reroll"
    """The ally whose failed save set off the interrupt rerolls it (Steady Hands)."""


@dataclass(frozen=True, slots=True)
class Dice:
    """``count`` d ``sides`` (``count`` 0: no dice)."""

    count: int
    sides: int

    @property
    def average(self) -> int:
        """The document's average: each die rounded down [215] (2d8 -> 2 x 4 = 8)."""
        return self.count * (self.sides // 2)

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}"


@dataclass(frozen=True, slots=True)
class Damage:
    """Damage an ability deals: ``dice`` per level (or a fixed number of dice), plus Volition, plus ``flat``.

    The basic attacks deal "X x Level + Volition, where X is the damage die indicated by your stance" [17]:
    ``Damage(stance_die=True, per_level=1, volition=True)``; content files write it "dX per level + volition".
    """

    per_level: int = 0
    """Dice per level of the user (the basic attacks: 1)."""
    fixed_dice: int = 0
    """Dice whatever the level."""
    sides: int = 0
    """The die; 0 with ``stance_die``: the die of the user's stance."""
    stance_die: bool = False
    volition: bool = False
    """Adds the user's Volition."""
    flat: int = 0
    level: bool = False
    """Adds the user's level (miss damage "equal to your Level" [19])."""
    types: tuple[DamageType, ...] = (DamageType.WEAPON,)

    def dice(self, level: int, stance_sides: int) -> Dice:
        """The dice rolled by a user of ``level`` whose stance rolls d``stance_sides``."""
        sides = stance_sides if self.stance_die else self.sides
        return Dice(self.per_level * level + self.fixed_dice, sides)


@dataclass(frozen=True, slots=True)
class Stance:
    """A melee or ranged stance [11]: its damage die and, for a ranged one, its range [23]."""

    kind: StanceKind
    die: int
    """The damage die's sides ("X" of the basic attacks [17])."""
    reach: Reach = Reach.ENGAGED


@dataclass(frozen=True, slots=True)
class Resistance:
    """"Resist [damage type] X+": an attack whose natural roll is below ``threshold`` deals half damage [69]."""

    type: DamageType
    threshold: int

    def __str__(self) -> str:
        return f"Resist {self.type.value} {self.threshold}+"


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a hit or a miss does to its target."""

    damage: Damage | None = None
    conditions: tuple[Condition, ...] = ()
    ongoing: int = 0
    """Ongoing damage laid on the target [261] (save ends)."""


@dataclass(frozen=True, slots=True)
class Ability:
    """An ability entry [123-139]: "Type, Frequency, Action / Provokes, Sustain X, Escalation X+"."""

    id: str
    name: str
    type: str
    """"" or "melee", "ranged", "spell", or a class's own type [132]."""
    frequency: Frequency
    action: ActionKind
    trigger: str = ""
    """The triggering event of a free or interrupt ability [134], in words."""
    on: Trigger | None = None
    """The trigger as the table reads it (an interrupt without one is never offered)."""
    recharge: int = 0
    """Recharge N+ (9, 11 or 13 [133]); 0 for any other frequency."""
    provokes: bool = False
    """Using it provokes opportunity attacks from engaged enemies [135]."""
    sustain: int = 0
    """Sustain N+: the roll that keeps it going [136]; 0 if it is not sustained."""
    spend: int = 0
    """Spend X Power: the Power it costs to use [137]; 0 for none."""
    escalation: int = 0
    """Escalation X+: usable only when the escalation die is at least X [138]; 0 for always."""
    escalation_special: bool = False
    """"Escalation X+ (see special)": usable below X, with a caveat at X [138]."""
    reach: Reach = Reach.ENGAGED
    targets: int = 1
    """How many targets (one attack roll each [7])."""
    defense: Defense | None = None
    """What its attack is against; None: no attack roll."""
    basic: StanceKind | None = None
    """"As a Basic Melee/Ranged Attack": its hit and miss damage are the basic attack's [11]."""
    hit: Outcome = Outcome()
    miss: Outcome = Outcome()
    description: str = ""
    effect: Effect | None = None
    """What it does when it makes no attack (None: an attack, or not modelled)."""

    @property
    def stance(self) -> StanceKind:
        """The stance whose die "dX" names: the basic attack's it is used as; else ranged for a ranged ability
        or one that reaches past engaged enemies, melee otherwise (our reading)."""
        if self.basic is not None:
            return self.basic
        if self.type == "ranged" or self.reach in (Reach.NEARBY, Reach.FAR):
            return StanceKind.RANGED
        return StanceKind.MELEE


@dataclass(frozen=True, slots=True)
class Sheet:
    """A creature of seed 003, as its content file describes it."""

    id: str
    name: str
    pc: bool
    """A player character: acts before the enemies of its band [83], adds the escalation die [91], is dying
    at 0 hit points [207]."""
    level: int
    hp: int
    ac: int
    pd: int
    md: int
    volition: int
    band: Band
    stances: tuple[Stance, ...]
    """At most one melee and one ranged; the first is the stance it starts the fight in."""
    miss_damage: MissDamage = MissDamage.NONE
    recoveries: int = 0
    recovery_dice: Dice = Dice(0, 0)
    adds_escalation: bool = False
    """Adds the escalation die to its attacks: every PC [91]; an NPC only where its sheet says so."""
    resistances: tuple[Resistance, ...] = ()
    weaknesses: frozenset[DamageType] = field(default_factory=frozenset)
    vulnerable: bool = False
    """Weak and vulnerable: attacks of a type it is weak to crit on 15+ [71]."""
    flies: bool = False
    """Flying: intercepted only by flyers [256]."""
    power: int = 0
    """Power at the start of an encounter, what "Spend X Power" abilities spend [137] (0: none)."""
    power_name: str = "Power"
    """What its sheet calls its Power ("Momentum", "Command" [137])."""
    abilities: tuple[Ability, ...] = ()
    class_name: str = ""
    description: str = ""
    size: int = 1
    """Cells across (every sheet of seed 003 fills one cell: the table and the shared tactics read it)."""

    def defense(self, which: Defense) -> int:
        match which:
            case Defense.AC:
                return self.ac
            case Defense.PD:
                return self.pd
            case Defense.MD:
                return self.md

    def stance(self, kind: StanceKind) -> Stance | None:
        return next((s for s in self.stances if s.kind is kind), None)

    def ability(self, ability_id: str) -> Ability | None:
        return next((a for a in self.abilities if a.id == ability_id), None)

    def resistance(self, damage_type: DamageType) -> Resistance | None:
        return next((r for r in self.resistances if r.type is damage_type), None)
