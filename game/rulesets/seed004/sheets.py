"""Seed 004's character sheets (numbers in brackets are seed 004's lines): what the detailed sequence reads.

The document leaves the sheet to "the skill descriptions or information sheet" [3]. It names: EL and the EN
die per EL (AD6, AD6+2, AD6+4) with the per-phase EN cap [5]; EN and BD [43]; DX checks [26, 29-30]; ST in
breakage [41]; active and reactive blows per round [15]; AC with a first modifier (parries and shields change
it) and a second modifier [39, 42]; "the number required by the character to hit with the weapon" [40]; "the
critical number required for the target's AC" [42]; weapons that are heavy [25, 34], thrusting, bows,
flexible, slings and staff slings [27], thrown and missile [34], one or two handed [27], each with a
breakage number [41] and damage dice [43]; shields [40]; armour with ENC and WT [48]; the hourly recovery
rate [46]; movement in inches [51] (one cell each, ours). Every number here not in the document is ours and
the README says so. :mod:`game.rulesets.seed004.content` reads sheets from TOML.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from types import MappingProxyType

MAX_RANGE = 6
"""Ranges between two characters run 1..6 ("up to a maximum range of 6" [28]); a melee weapon reaches 1..6."""


class EnDie(enum.Enum):
    """The EN a character gains per EL [5]; it fixes the most EN spent in one phase."""

    AD6 = "AD6"
    AD6_2 = "AD6+2"
    AD6_4 = "AD6+4"

    @property
    def cap_bonus(self) -> int:
        """EL+2 for AD6, EL+4 for AD6+2, EL+6 for AD6+4 [5]."""
        return {EnDie.AD6: 2, EnDie.AD6_2: 4, EnDie.AD6_4: 6}[self]

    def phase_cap(self, el: int) -> int:
        """"The maximum EN that may be expended in each of these phases" [5]."""
        return el + self.cap_bonus


class Missile(enum.Enum):
    """How a weapon leaves the hand, if it does: thrown (a dagger, a javelin), shot from a bow, or another
    missile launcher (a crossbow, a sling) [27, 34]."""

    THROWN = "thrown"
    BOW = "bow"
    OTHER = "other"


class Hands(enum.Enum):
    """How a weapon is held ("the weapon and mode of use (one handed or two handed)" [27])."""

    ONE = "one"
    TWO = "two"
    EITHER = "either"

    def allows(self, mode: Hands) -> bool:
        """Whether the weapon may be used in ``mode`` (ONE or TWO)."""
        return self is Hands.EITHER or self is mode


class AttackMode(enum.Enum):
    """How one attack is made [34]: melee attacks only when alert, thrown and missile attacks only when
    unalert."""

    MELEE = "melee"
    THROWN = "thrown"
    MISSILE = "missile"


@dataclass(frozen=True, slots=True)
class DamageDice:
    """``count`` d ``sides`` + ``bonus`` (a weapon's damage roll [43]; the bonus may be negative, a roll
    never deals less than 0, ours)."""

    count: int
    sides: int
    bonus: int = 0

    @property
    def maximum(self) -> int:
        """"the maximum possible" roll [43]."""
        return max(0, self.count * self.sides + self.bonus)

    @property
    def minimum(self) -> int:
        return max(0, self.count + self.bonus)

    def distribution(self) -> MappingProxyType[int, int]:
        """Every total with the number of ways to roll it (``sides ** count`` ways in all)."""
        ways: dict[int, int] = {0: 1}
        for _ in range(self.count):
            step: dict[int, int] = {}
            for total, n in ways.items():
                for face in range(1, self.sides + 1):
                    step[total + face] = step.get(total + face, 0) + n
            ways = step
        out: dict[int, int] = {}
        for total, n in ways.items():
            out[max(0, total + self.bonus)] = out.get(max(0, total + self.bonus), 0) + n
        return MappingProxyType(dict(sorted(out.items())))

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}" + (f"{self.bonus:+d}" if self.bonus else "")


@dataclass(frozen=True, slots=True)
class Weapon:
    """One weapon a character carries (or a beast's natural weapon). The number to hit is the character's
    with this weapon [40], so it lives here, on the character's own copy."""

    id: str
    name: str
    damage: DamageDice
    to_hit: int
    """"the number required by the character to hit with the weapon" [40]: the hit roll must exceed it."""
    breakage: int
    """The weapon's breakage number [41] (0: it never breaks, a natural weapon's, ours)."""
    reach: int = 1
    """Melee: the farthest range (1..6) it strikes and parries at (ours); 0: not a melee weapon."""
    missile: Missile | None = None
    """Thrown or shot [34]; None for a melee-only weapon."""
    range: int = 0
    """Thrown or missile: the farthest it reaches, in cells (inches, one cell each, ours); multiplied by one
    more than the preparations [27]."""
    heavy: bool = False
    """A heavy weapon: drawn with an active blow [25]; its attack spends a second blow [34]; the maximum-damage
    clause reaches one below the maximum [43]."""
    thrusting: bool = False
    """A preparation must chain straight into another or the attack [27]."""
    flexible: bool = False
    """Flail, whip, sling: cannot be prepared [27] (a staff sling is not flexible)."""
    hands: Hands = Hands.ONE
    parry: int | None = -2
    """What parrying with it adds to the attack's first AC modifier (ours: -2 unless given; None: it cannot
    parry, as a bow or a weapon that only flies)."""
    natural: bool = False
    """A beast's teeth or claws: always in hand, never drawn, never dropped (ours)."""
    drawn: bool = True
    """Wielded when the fight starts; otherwise sheathed or slung, to be drawn [25]."""
    description: str = ""

    @property
    def melee(self) -> bool:
        return self.reach > 0

    @property
    def bow(self) -> bool:
        return self.missile is Missile.BOW

    def modes(self) -> tuple[AttackMode, ...]:
        """The ways it can attack: melee if it reaches, thrown or missile if it flies [34]."""
        out: list[AttackMode] = []
        if self.melee:
            out.append(AttackMode.MELEE)
        if self.missile is Missile.THROWN:
            out.append(AttackMode.THROWN)
        elif self.missile is not None:
            out.append(AttackMode.MISSILE)
        return tuple(out)

    @property
    def can_parry(self) -> bool:
        return self.melee and self.parry is not None

    @property
    def must_chain(self) -> bool:
        """A preparation with a thrusting weapon or a bow is lost unless another preparation or the attack
        follows at once [27]."""
        return self.thrusting or self.bow

    @property
    def may_prepare(self) -> bool:
        """"Cannot be used with flexible weapons" [27]."""
        return not self.flexible


@dataclass(frozen=True, slots=True)
class Armour:
    """Worn armour: how it changes the wearer's AC and its two modifiers [39, 42], its ENC and WT [48]."""

    name: str
    ac: int = 0
    """Added to the wearer's AC (negative: harder to hit)."""
    first: int = 0
    """Added to the first AC modifier (the hit roll [39])."""
    second: int = 0
    """Added to the second AC modifier (taken off the critical roll [42])."""
    enc: int = 0
    """The armour's basic ENC [48]."""
    wt: int = 0
    """Its WT: adjusting worn armour takes WT/2 off its ENC, to no less than half the basic ENC [48] (ours:
    WT is the armour's)."""

    @property
    def least_enc(self) -> int:
        """"not to go below a minimum of half the basic armor ENC" [48] (rounded up, ours)."""
        return (self.enc + 1) // 2

    def adjusted_enc(self, enc: int) -> int:
        """ENC after one "adjust armor" [48] from ``enc``: WT/2 (rounded down) less, never below half the
        basic ENC."""
        return max(self.least_enc, enc - self.wt // 2)


@dataclass(frozen=True, slots=True)
class Shield:
    """A shield: it changes the first AC modifier [39] and may break [40]."""

    name: str
    first: int
    """Added to the first AC modifier while carried (negative)."""
    breakage: int


@dataclass(frozen=True, slots=True)
class ArmourClass:
    """A target's AC with its two modifiers, as one attack sees them [39, 42]."""

    ac: int
    first: int
    """The first modifier: added with the AC to the hit roll [39]; shields and parries lower it."""
    second: int
    """The second modifier: taken off the critical roll [42]."""

    def parried(self, by: int) -> ArmourClass:
        """With a parry's ``by`` (negative) added to the first modifier [39]."""
        return ArmourClass(self.ac, self.first + by, self.second)


AC_RANGE = range(0, 16)
"""The ACs a sheet may come to (ours: 10 an unarmoured human, lower harder to hit)."""

CRITICAL_NUMBERS: MappingProxyType[int, int] = MappingProxyType({ac: 10 + (10 - ac) // 2 for ac in AC_RANGE})
"""The critical number for each AC [42] (the document's information sheet holds its own; this table is ours):
AC 10 needs 10 on the D12, each two points of AC below 10 one more (AC 4: 13, only with preparations or full
surprise), each two above one less (AC 15: 7)."""


def critical_number(ac: int) -> int:
    """The critical number required for a target of AC ``ac`` [42] (ours: :data:`CRITICAL_NUMBERS`, clamped to
    its ends)."""
    return CRITICAL_NUMBERS[min(max(ac, AC_RANGE.start), AC_RANGE.stop - 1)]


def strength_breakage(st: int) -> int:
    """What the attacker's ST adds to a breakage check's multiplier [41]: +1 at 15-16, +2 at 17 or more, -1 at
    3 or less."""
    if st >= 17:
        return 2
    if st >= 15:
        return 1
    return -1 if st <= 3 else 0


@dataclass(frozen=True, slots=True)
class Sheet:
    """A seed 004 character or beast, as its content file describes it."""

    id: str
    name: str
    el: int
    """Experience level [5]."""
    en_die: EnDie
    en: int
    """Maximum EN (endurance): damage comes off it [43]; blows after the first cost it [17]."""
    bd: int
    """Maximum BD (body): a critical hit's damage comes off it too [43]."""
    dx: int
    st: int
    active_blows: int
    """Active blows each round [15]."""
    reactive_blows: int
    """Reactive blows each round [15]."""
    move: int
    """Normal movement in the movement phase, in inches (cells) [51]."""
    recovery: int
    """The hourly recovery rate of EN [46]."""
    ac: int
    """Natural AC, before armour (ours: 10 an unarmoured human)."""
    first_modifier: int
    second_modifier: int
    weapons: tuple[Weapon, ...]
    armour: Armour | None = None
    shield: Shield | None = None
    inanimate: bool = False
    """A thing, not a creature: fully surprised when stationary [39]."""
    description: str = ""

    @property
    def size(self) -> int:
        """Cells across: every seed 004 character fills one (the table's ``Sheet``)."""
        return 1

    @property
    def phase_cap(self) -> int:
        """The most EN it may spend in one phase [5]."""
        return self.en_die.phase_cap(self.el)

    def weapon(self, weapon_id: str) -> Weapon | None:
        return next((w for w in self.weapons if w.id == weapon_id), None)

    def armour_class(self, *, shield: bool = True, armour_worn: bool = True) -> ArmourClass:
        """Its AC and modifiers: natural, plus worn armour, plus a carried shield's first modifier [39]."""
        ac, first, second = self.ac, self.first_modifier, self.second_modifier
        if self.armour is not None and armour_worn:
            ac, first, second = ac + self.armour.ac, first + self.armour.first, second + self.armour.second
        if self.shield is not None and shield:
            first += self.shield.first
        return ArmourClass(ac, first, second)

    def critical_number(self, *, armour_worn: bool = True) -> int:
        """The critical number against it [42]: the table's for its AC (armour included)."""
        return critical_number(self.armour_class(shield=False, armour_worn=armour_worn).ac)
