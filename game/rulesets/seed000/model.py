"""What creatures and powers are: plain, frozen data, loaded once from content files.

Nothing here changes during a fight; the changing state lives in ``state.py``.
Names follow the tabletop vocabulary: a *power* is anything a creature can use
(an attack, a heal, a mark, a reaction); its *reach* says where it can act, its
*targets* whom, its *attack* how it rolls, and its *hit* / *miss* / *effect*
what it does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import NewType

from game.grid import Cell
from game.mechanics.conditions import Lasting
from game.mechanics.hit_points import HitPointTrack
from game.mechanics.tactics.base import ForcedKind as ForcedKind  # push, pull, slide: the shared forced movement's
from game.mechanics.tactics.pieces import PieceId

CreatureId = PieceId
"""A creature's id: the shared piece id (``game.mechanics.tactics.pieces.PieceId``), so the shared tactics
answer in it."""
PowerId = NewType("PowerId", str)

HIT_POINTS = HitPointTrack(half_name="bloodied", zero_name="dropped")
"""Seed 000's hit points: the shared track, whose half state 4E calls bloodied (at 0 a hero is dying, a
monster dead: the resolution's)."""


class Defense(Enum):
    AC = "ac"
    FORTITUDE = "fortitude"
    REFLEX = "reflex"
    WILL = "will"


class ActionType(Enum):
    """What a power costs. A standard can be traded for a move or a minor, a move for a minor."""

    STANDARD = "standard"
    MOVE = "move"
    MINOR = "minor"
    FREE = "free"
    REACTION = "reaction"
    """Used only when its trigger happens (seed 000's Reactions); costs no action of the turn."""


class Frequency(Enum):
    AT_WILL = "at-will"
    ENCOUNTER = "encounter"
    DAILY = "daily"


class RangeKind(Enum):
    MELEE = "melee"
    """Adjacent targets, or within ``reach``."""
    RANGED = "ranged"
    """A target within ``range`` cells, with line of effect."""
    CLOSE_BURST = "close burst"
    """Every target within ``size`` cells of the user (the user excluded)."""
    CLOSE_BLAST = "close blast"
    """Targets in a ``size``-cell area adjacent to the user, on one side of it."""
    AREA_BURST = "area burst"
    """Targets within ``size`` cells of a chosen cell at most ``range`` away."""
    PERSONAL = "personal"
    """Only the user."""


class TargetKind(Enum):
    CREATURE = "creature"
    ENEMY = "enemy"
    ALLY = "ally"
    """An ally; the user counts as its own ally only for ``SELF_OR_ALLY``."""
    SELF_OR_ALLY = "self or ally"
    SELF = "self"




class ConditionKind(Enum):
    PRONE = "prone"
    DAZED = "dazed"
    STUNNED = "stunned"
    IMMOBILIZED = "immobilized"
    SLOWED = "slowed"
    MARKED = "marked"
    WEAKENED = "weakened"
    BLINDED = "blinded"
    DOMINATED = "dominated"
    GRANTING_ADVANTAGE = "granting combat advantage"
    ONGOING_DAMAGE = "ongoing damage"
    UNCONSCIOUS = "unconscious"


class Duration(Enum):
    """How long a condition lasts, in seed 000's words: the shared :class:`~game.mechanics.conditions.Lasting`
    and whose turn it names (:attr:`lasting`, :attr:`on_source`)."""

    END_OF_SOURCE_NEXT_TURN = "end of source's next turn"
    END_OF_TARGET_NEXT_TURN = "end of target's next turn"
    START_OF_SOURCE_NEXT_TURN = "start of source's next turn"
    SAVE_ENDS = "save ends"
    ENCOUNTER = "encounter"

    @property
    def lasting(self) -> Lasting:
        """The shared duration this is."""
        return _LASTING[self._value_]

    @property
    def on_source(self) -> bool:
        """The turn it names is the source's (else the target's)."""
        return self is not Duration.END_OF_TARGET_NEXT_TURN


_LASTING: dict[str, Lasting] = {
    Duration.END_OF_SOURCE_NEXT_TURN.value: Lasting.END_OF_NEXT_TURN,
    Duration.END_OF_TARGET_NEXT_TURN.value: Lasting.END_OF_NEXT_TURN,
    Duration.START_OF_SOURCE_NEXT_TURN.value: Lasting.START_OF_NEXT_TURN,
    Duration.SAVE_ENDS.value: Lasting.SAVE_ENDS,
    Duration.ENCOUNTER.value: Lasting.ENCOUNTER,
}


class Role(Enum):
    DEFENDER = "defender"
    STRIKER = "striker"
    CONTROLLER = "controller"
    LEADER = "leader"
    BRUTE = "brute"
    SOLDIER = "soldier"
    ARTILLERY = "artillery"
    SKIRMISHER = "skirmisher"
    LURKER = "lurker"
    MINION = "minion"


@dataclass(frozen=True, slots=True)
class DamageRoll:
    """``count``d``sides`` + ``bonus`` of ``kind`` (``kind`` empty = untyped)."""

    count: int
    sides: int
    bonus: int = 0
    kind: str = ""

    @property
    def maximum(self) -> int:
        return self.count * self.sides + self.bonus

    @property
    def expression(self) -> str:
        text = f"{self.count}d{self.sides}" if self.count else ""
        if self.bonus:
            text += f"{self.bonus:+d}" if text else str(self.bonus)
        return text or "0"

    def __str__(self) -> str:
        return self.expression + (f" {self.kind}" if self.kind else "")


@dataclass(frozen=True, slots=True)
class Reach:
    """Where a power can act."""

    kind: RangeKind
    reach: int = 1
    """Melee reach in cells."""
    range: int = 0
    """Ranged range, or how far an area burst's centre may be."""
    size: int = 0
    """Burst radius or blast side."""


@dataclass(frozen=True, slots=True)
class Attack:
    bonus: int
    defense: Defense


@dataclass(frozen=True, slots=True)
class ConditionSpec:
    """A condition a power inflicts, with how long it lasts."""

    kind: ConditionKind
    duration: Duration
    value: int = 0
    """The amount, for ongoing damage."""
    damage_kind: str = ""
    """The damage type, for ongoing damage."""


@dataclass(frozen=True, slots=True)
class ForcedMovement:
    kind: ForcedKind
    distance: int


@dataclass(frozen=True, slots=True)
class Outcome:
    """What happens to each target on a hit, on a miss, or always (``effect``)."""

    damage: DamageRoll | None = None
    half_damage: bool = False
    """On a miss: half the hit's damage."""
    conditions: tuple[ConditionSpec, ...] = ()
    forced: ForcedMovement | None = None
    heal_surge: bool = False
    """The target may spend a healing surge and regains its surge value."""
    heal_bonus: int = 0
    """Extra hit points on top of the surge value (or alone if no surge is spent)."""
    shift_self: int = 0
    """The user may shift this many cells after the attack."""
    move_self: int = 0
    """The user may move this many cells after the attack (a move, not a shift: at most its speed; on its
    own turn leaving a threatened cell provokes; during a reaction seed 000's Movement decision places it)."""

    @property
    def is_empty(self) -> bool:
        return self == _NO_OUTCOME


_NO_OUTCOME = Outcome()
"""The empty outcome, made once (``is_empty`` compares with it for every target of every power used)."""


class ReactionTarget(Enum):
    """Whom a reaction power that targets others is used on."""

    TRIGGER = "trigger"
    """The creature whose action triggered it (the mover, the attacker...); it fizzles if that one is no
    valid target when it resolves."""
    CHOOSE = "choose"
    """Any valid target, picked by seed 000's Targeting decision."""


@dataclass(frozen=True, slots=True)
class ReactionSpec:
    """How a reaction power is used: when it triggers and with which seed-000 keywords.

    The semantics (preparation, budgets, resolution) belong to the reaction
    system (``game.rulesets.seed000.reactions``); here it is only data. ``trigger`` is one
    of the names in ``game.rulesets.seed000.triggers.TRIGGERS``.
    """

    trigger: str
    parameter: str = ""
    """What the trigger is about, where it takes something (a condition name, an action type)."""
    keywords: frozenset[str] = frozenset()
    """Subset of {"spontaneous", "free", "repeatable", "personal", "interrupt"}: after the translation of
    ``old_action``, if any (``game.rulesets.seed000.translation``)."""
    old_action: str = ""
    """The older action type the power was described with, if any (translation source)."""
    target: ReactionTarget = ReactionTarget.TRIGGER

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    @property
    def is_spontaneous(self) -> bool:
        return "spontaneous" in self.keywords

    @property
    def is_limited(self) -> bool:
        """Seed 000: a reaction without Spontaneous is Limited: only the one prepared can trigger."""
        return "spontaneous" not in self.keywords

    @property
    def is_free(self) -> bool:
        return "free" in self.keywords

    @property
    def is_interrupt(self) -> bool:
        return "interrupt" in self.keywords

    @property
    def is_personal(self) -> bool:
        return "personal" in self.keywords

    @property
    def is_repeatable(self) -> bool:
        return "repeatable" in self.keywords


class RestrictionKind(Enum):
    """Seed 000, "Restricting decisions during preparation", plus what the table allows on top."""

    NON_MINION_ATTACKERS = "non_minion_attackers"
    """Trigger only when the creature that triggers it is not a minion."""
    WHILE_BLOODIED = "while_bloodied"
    """Trigger only while the reactor is bloodied."""
    FORCED_TOWARD = "forced_toward"
    """Its forced movement ends as close as possible to the anchor."""
    FORCED_AWAY = "forced_away"
    """Its forced movement ends as far as possible from the anchor."""
    MOVE_TOWARD = "move_toward"
    """Its movement ends as close as possible to the anchor."""
    MOVE_AWAY = "move_away"
    """Its movement ends as far as possible from the anchor."""
    ONLY_AGAINST = "only_against"
    """(A table's extra, as seed 000 allows.) Trigger only when the anchor creature triggers it."""


@dataclass(frozen=True, slots=True)
class Restriction:
    """One restriction stated at preparation: on one reaction (``power``) or on all it fits (None).

    Toward / away restrictions and ``only_against`` take one anchor: a creature, a cell (an object on the
    map), or ``triggerer`` (the creature that triggered the reaction, a table's extra).
    """

    kind: RestrictionKind
    power: PowerId | None = None
    creature: CreatureId | None = None
    cell: Cell | None = None
    triggerer: bool = False

    @property
    def anchors(self) -> int:
        return (self.creature is not None) + (self.cell is not None) + self.triggerer


@dataclass(frozen=True, slots=True)
class Power:
    id: PowerId
    name: str
    action: ActionType
    frequency: Frequency
    reach: Reach
    targets: TargetKind = TargetKind.ENEMY
    max_targets: int = 1
    """How many targets a melee or ranged power may pick; an area or close power too when
    :attr:`limits_area` (else it takes every valid creature in its area). See :attr:`target_limit`."""
    attack: Attack | None = None
    hit: Outcome = Outcome()
    miss: Outcome = Outcome()
    effect: Outcome = Outcome()
    keywords: frozenset[str] = frozenset()
    """Descriptive tags: weapon, implement, fire, ..."""
    basic: bool = False
    """A basic attack: usable for opportunity attacks (melee) and charges."""
    reaction: ReactionSpec | None = None
    marks: bool = False
    """Hit (or effect) marks the target until the end of the user's next turn."""
    description: str = ""
    limits_area: bool = False
    """An area or close power whose file gives ``max_targets``: it takes at most that many of the creatures
    in its area, the user choosing which ("you or one ally in the burst")."""

    @property
    def target_limit(self) -> int | None:
        """At most this many targets, for every range kind; None: every valid creature in the area."""
        if self.reach.kind in (RangeKind.MELEE, RangeKind.RANGED) or self.limits_area:
            return self.max_targets
        if self.reach.kind is RangeKind.PERSONAL or self.targets is TargetKind.SELF:
            return 1
        return None

    @property
    def is_melee(self) -> bool:
        return self.reach.kind is RangeKind.MELEE

    @property
    def is_ranged_or_area(self) -> bool:
        return self.reach.kind in (RangeKind.RANGED, RangeKind.AREA_BURST, RangeKind.CLOSE_BLAST,
                                   RangeKind.CLOSE_BURST)

    @property
    def provokes_when_adjacent(self) -> bool:
        """Ranged and area powers provoke opportunity attacks from adjacent enemies."""
        return self.reach.kind in (RangeKind.RANGED, RangeKind.AREA_BURST)


@dataclass(frozen=True, slots=True)
class Defenses:
    ac: int
    fortitude: int
    reflex: int
    will: int

    def against(self, defense: Defense) -> int:
        # Compared by identity: a dict keyed by the members would hash each with Enum's Python-level __hash__.
        if defense is Defense.AC:
            return self.ac
        if defense is Defense.FORTITUDE:
            return self.fortitude
        if defense is Defense.REFLEX:
            return self.reflex
        return self.will


@dataclass(frozen=True, slots=True)
class ReactionDefaults:
    """A sheet's default preparation (seed 000): used before its first turn and when none is given."""

    limited: PowerId | None = None
    priority: tuple[PowerId, ...] = ()
    basic_attack: PowerId | None = None
    opportunity_attack: PowerId | None = None
    disabled: tuple[PowerId, ...] = ()
    restrictions: tuple[Restriction, ...] = ()
    """Sheet restrictions can only anchor on the triggerer (creatures and cells belong to an encounter)."""


@dataclass(frozen=True, slots=True)
class Template:
    """A creature sheet."""

    id: str
    name: str
    level: int
    role: Role
    hp: int
    defenses: Defenses
    speed: int
    initiative: int
    powers: tuple[Power, ...]
    size: int = 1
    """1 = one cell; 2 = large (2x2 squares; one hex on hex grids)."""
    minion: bool = False
    surges: int = 0
    description: str = ""
    reaction_defaults: ReactionDefaults = field(default_factory=ReactionDefaults)

    @property
    def bloodied_at(self) -> int:
        return HIT_POINTS.half(self.hp)

    @property
    def surge_value(self) -> int:
        return max(1, self.hp // 4)

    def power(self, power_id: str) -> Power:
        for p in self.powers:
            if p.id == power_id:
                return p
        raise KeyError(f"{self.name} has no power '{power_id}'")
