"""Seed 003's fight state: each creature as it stands now (hit points on the shared track, dying or dead,
recoveries, conditions, stance, its turn's actions) and the board with who stands where, as the shared
tactics read it (numbers in brackets are seed 003's lines).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from game.board import Board
from game.grid import Cell
from game.mechanics.actions import ActionBudget, ActionEconomy
from game.mechanics.conditions import Lasting
from game.mechanics.hit_points import HitPointTrack
from game.mechanics.tactics.memo import TacticsMemo
from game.mechanics.tactics.pieces import PieceId
from game.rulesets.seed003.sheets import Condition, Sheet, StanceKind

HIT_POINTS = HitPointTrack("staggered", "dying")
"""Staggered at half [205]; at 0 a PC is dying, an enemy dead [207]."""

ACTIONS = ActionEconomy(
    per_turn=("standard", "move", "quick"),
    trades={"standard": ("standard",), "move": ("move", "standard"), "quick": ("quick", "move", "standard")},
    free=frozenset({"free"}),
    per_round={"interrupt": 1},
)
"""One quick, one move and one standard action a turn, a better one for a lesser [105, 113]; free actions
[118]; one interrupt outside one's turn [109, 119]."""

DEATH_FAILURES = 4
"""Four failed death saves in one encounter and the character dies [225]."""


@dataclass(slots=True)
class Held:
    """A condition on a creature: its name, who laid it, and when it ends (the shared countdown)."""

    name: Condition | None
    """None for ongoing damage (:attr:`ongoing`)."""
    source: PieceId
    lasting: Lasting
    ends_on: PieceId | None = None
    at_start: bool = False
    turns_left: int = 0
    ongoing: int = 0
    """Ongoing damage taken at the end of the holder's turn [261] (save ends)."""
    sustain: str = ""
    """The sustained ability of :attr:`source` that laid it: it lasts while that is sustained [136]."""

    @property
    def label(self) -> str:
        return self.name.value if self.name is not None else f"ongoing {self.ongoing} damage"


@dataclass(frozen=True, slots=True)
class Readied:
    """A readied action waiting for its trigger [99-101] (``readying.py``)."""

    ability: str
    """The ability readied; "" for a readied move (to :attr:`to`)."""
    kind: str
    """The kind of action spent on it: quick, move or standard."""
    round: int
    """The round it was readied in."""
    trigger: str
    """What sets it off (``readying.TRIGGERS``)."""
    to: Cell | None = None
    """A readied move's destination."""
    watch: str = ""
    """Only this enemy's action sets it off ("" for any enemy's)."""


@dataclass(eq=False, slots=True)
class Creature:
    id: PieceId
    name: str
    side: str
    template: Sheet
    cell: Cell
    hp: int
    recoveries: int
    stance: StanceKind | None
    dead: bool = False
    dying: bool = False
    death_failures: int = 0
    stabilized: bool = False
    """Dying but stabilized: failed death saves do not count [227]."""
    hard_first_save: bool = False
    """Dropped by a crit or to minus half its hit points: 2 Disadvantage on its first death save [221]."""
    conditions: list[Held] = field(default_factory=list)
    budget: ActionBudget = field(default_factory=lambda: ActionBudget({}))
    """This turn's actions left."""
    outside: ActionBudget = field(default_factory=lambda: ACTIONS.new_round())
    """Actions outside its turn: its one interrupt [109]."""
    used: set[str] = field(default_factory=set)
    """Encounter, daily and recharge abilities used this encounter."""
    popped: set[PieceId] = field(default_factory=set)
    """Enemies it has popped off this turn (moving away from them provokes nothing) [165]."""
    hit_this_round: set[PieceId] = field(default_factory=set)
    """Whom it has hit with an attack this round (a grabbed creature who hit its grabber [257])."""
    readied: Readied | None = None
    """A readied action waiting for its trigger [99-101]."""
    barred: str = ""
    """The kind of action it may not use this turn: the one it readied and took before its turn [101]."""
    worn: int = 0
    """Healings taken with no recovery left: -1 Volition and defenses each [213]."""
    power_spent: int = 0
    """Power spent this encounter [137] (its sheet's ``power`` is what it starts with)."""
    gasping: bool = False
    """Making Last Gasp saves (``dying`` too: "as if they were dropped below 0") [231-233]."""
    gasp_hp: int = 0
    """The hit points it had at the start of the Last Gasp effect: kept on a success [233]."""
    lost: str = ""
    """Permanently out of the fight (what took it: "petrified by Stone Gaze"); it may Fight in Spirit [185]."""
    boons: list[tuple[str, PieceId]] = field(default_factory=list)
    """Fight in Spirit's benefits on it: (attacks, saves or defense, the spirit who gives it) [185]."""

    @property
    def sheet(self) -> Sheet:
        return self.template

    @property
    def max_hp(self) -> int:
        return self.template.hp

    @property
    def power(self) -> int:
        """Power left [137]."""
        return self.template.power - self.power_spent

    @property
    def out(self) -> bool:
        """Out of the fight for now: dead, dying (a dying PC acts only to save [221]) or lost for good."""
        return self.dead or self.dying or bool(self.lost)

    @property
    def targetable(self) -> bool:
        """An attack may target it: up, or dying (helpless [259], our reading); not dead, not lost."""
        return not self.dead and not self.lost

    @property
    def staggered(self) -> bool:
        return HIT_POINTS.is_half(self.hp, self.max_hp)

    def has(self, name: Condition) -> bool:
        return any(c.name is name for c in self.conditions)

    def names(self) -> set[Condition]:
        """The different conditions on it: conditions of one name count once [251]."""
        found = {c.name for c in self.conditions if c.name is not None}
        if self.dying:
            found.add(Condition.HELPLESS)  # a dying PC "can't act" [227]: helpless, our reading [259]
        if Condition.HELPLESS in found:
            found.add(Condition.STUNNED)  # "Helpless: You're Stunned" [259]
        return found

    def grabbers(self) -> list[PieceId]:
        return [c.source for c in self.conditions if c.name is Condition.GRABBED]

    @property
    def volition(self) -> int:
        return self.template.volition - self.worn

    def defense_value(self, base: int) -> int:
        return base - self.worn


class FightState:
    """The board and the creatures, as the shared tactics read a state (``tactics.Field``)."""

    def __init__(self, board: Board, creatures: Mapping[PieceId, Creature], tactics_rules: Any) -> None:
        self.board = board
        self.creatures: dict[PieceId, Creature] = dict(creatures)
        self.initiative: list[PieceId] = list(creatures)
        self.tactics_rules = tactics_rules
        self.memo = TacticsMemo()

    def standing(self, side: str) -> list[Creature]:
        return [c for c in self.creatures.values() if c.side == side and not c.out]

    def occupant(self, cell: Cell) -> Creature | None:
        return next((c for c in self.creatures.values() if not c.dead and c.cell == cell), None)

    def adjacent(self, a: Creature, b: Creature) -> bool:
        return self.board.grid.distance(a.cell, b.cell) == 1

    def engaged_with(self, creature: Creature) -> list[Creature]:
        """The enemies engaged with ``creature``: living, not dying, on the next cell [151] (our reading)."""
        return [c for c in self.creatures.values()
                if c.side != creature.side and not c.out and not creature.out and self.adjacent(c, creature)]

    def is_free(self, creature: Creature) -> bool:
        """Free: engaged with no enemy [157]."""
        return not self.engaged_with(creature)
