"""Seed 002's fight state: each creature as it stands now (its damage and fatigue track, prone, aiming,
defending, its action economy) and the board with
who stands where, as the shared tactics read it (numbers in brackets are seed 002's lines).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Mapping

from game.board import Board, Terrain
from game.grid import Cell
from game.mechanics.measure import Diagonals
from game.mechanics.tactics.memo import TacticsMemo
from game.mechanics.tactics.pieces import PieceId
from game.mechanics.tactics.rules import WalledGrid
from game.rulesets.seed002 import speed
from game.rulesets.seed002.economy import Economy
from game.rulesets.seed002.sheets import Sheet
from game.rulesets.seed002.track import Track

MAX_AIM = 5
"""Aim: "up to a maximum bonus of +5 Advantage" [84]."""


@dataclass(eq=False, slots=True)
class Creature:
    id: PieceId
    name: str
    side: str
    template: Sheet
    cell: Cell
    track: Track = field(default_factory=Track)
    prone: bool = False
    economy: Economy = field(default_factory=Economy)
    """Its actions left: this turn's, its reaction of the turn now, its Area power of this round [3-10]."""
    acted: bool = False
    """It has taken an action this turn (it may no longer Delay [144])."""
    aim_target: PieceId | None = None
    aim: int = 0
    """Ranks of Advantage from Aim on its next attack at :attr:`aim_target` [84-86]."""
    defending: int | None = None
    """Its Defend check's total, its defense against each attack until its next turn starts [35]."""
    moved_feet: int = 0
    """Feet moved this round (Slam reads it [137])."""
    run_streak: int = 0
    """Rounds in a row it has run [71]."""
    ran_round: int = 0
    """The last round it ran in."""
    delaying: bool = False
    """It delayed its turn and has not yet taken it [143-144]."""
    speed_bonus: int = 0
    """Ranks its speed rank gains or loses from reactions and stunts (a Surge's boost, hindered) (s002react)."""
    held: bool = False
    """Grabbed: it cannot move but by escaping [49, 80] (s002react's stunts)."""
    free_stand_turn: int = -1
    """The fight's turn count when it last tried the free stand [75] (one try a turn)."""

    @property
    def sheet(self) -> Sheet:
        return self.template

    @property
    def down(self) -> bool:
        """Incapacitated by damage or fatigue: out of the fight."""
        return self.track.is_down

    @property
    def dead(self) -> bool:
        """Off the board for the shared tactics: a creature that is down neither blocks nor threatens."""
        return self.track.is_down

    @property
    def out(self) -> bool:
        return self.track.is_down

    def speed_rank(self) -> int:
        """Its ground speed rank now: the sheet's, with its fatigue's change [70, 133]."""
        return self.template.speed + self.track.speed_change + self.speed_bonus

    def passive_defense(self) -> int:
        """What an attack on it must meet: its Defend total, else 10 + Defense rank [35]."""
        return self.defending if self.defending is not None else 10 + self.template.defense


class FightState:
    """The board and the creatures, as the shared tactics read a state (``tactics.Field``)."""

    def __init__(self, board: Board, creatures: Mapping[PieceId, Creature], tactics_rules: Any) -> None:
        self.board = board
        self.creatures: dict[PieceId, Creature] = dict(creatures)
        self.initiative: list[PieceId] = list(creatures)
        self.tactics_rules = tactics_rules
        self.memo = TacticsMemo()
        self._squeezing: Squeezing | None = None
        self.tight = has_tight(board)
        """Whether the board has a tight space anywhere (a squeeze is offered only then) [72]."""

    @property
    def squeezing(self) -> Squeezing:
        """This state as a squeeze or a crawl moves through it (tight spaces open) [72, 73]."""
        if self._squeezing is None:
            self._squeezing = Squeezing(self)
        return self._squeezing

    def standing(self, side: str) -> list[Creature]:
        return [c for c in self.creatures.values() if c.side == side and not c.out]

    def occupant(self, cell: Cell) -> Creature | None:
        return next((c for c in self.creatures.values() if not c.out and cell in self.space(c)), None)

    def space(self, creature: Creature, at: Cell | None = None) -> tuple[Cell, ...]:
        """The cells ``creature`` fills with its anchor at ``at`` (where it stands): n x n squares from the
        anchor on squares, one hex on hexes (the board's footprint, as the shared tactics read it)."""
        return self.board.footprint(creature.cell if at is None else at, creature.template.size)

    def distance(self, a: Cell, b: Cell) -> int:
        return int(self.board.grid.distance(a, b))

    def gap(self, a: Creature, b: Creature, a_at: Cell | None = None) -> int:
        """Squares between two creatures' spaces (``a`` anchored at ``a_at``, else where it stands): 1 when
        next to each other, diagonals included [122]."""
        if a.template.size <= 1 and b.template.size <= 1:
            return self.distance(a.cell if a_at is None else a_at, b.cell)
        return min(self.distance(x, y) for x in self.space(a, a_at) for y in self.space(b))

    def adjacent(self, a: Creature, b: Creature) -> bool:
        return self.gap(a, b) == 1

    def enemies(self, creature: Creature) -> list[Creature]:
        return [c for c in self.creatures.values() if c.side != creature.side and not c.out]

    def nearest_enemy_distance(self, creature: Creature, at: Cell | None = None) -> int | None:
        """Squares from ``at`` (its cell) to the nearest enemy standing, None if none is."""
        found = [self.gap(creature, e, at) for e in self.enemies(creature)]
        return min(found) if found else None


MODES = {"move": speed.Movement.WALK, "run": speed.Movement.RUN, "squeeze": speed.Movement.SQUEEZE,
         "crawl": speed.Movement.CRAWL,
         "charge": speed.Movement.CHARGE, "advance": speed.Movement.ADVANCE, "withdraw": speed.Movement.WITHDRAW}
"""The shared tactics' modes: each way of moving with its speed rank change [39, 70-79]."""


@dataclass(frozen=True, slots=True)
class Seed002Tactics(WalledGrid):
    """Threatened squares are those a creature can make a close attack into with an armed attack (its reach);
    an unarmed creature threatens nothing [122]; a creature that is down threatens nothing. Moving out of a
    threatened square provokes in the modes tagged [OA from movement] (move, run, squeeze, crawl, charge [39,
    68]);
    advance and withdraw never provoke for leaving (they are legal only toward / away from the nearest enemy
    [77, 79]). Walls stop, difficult terrain costs 2, enemies block, allies may be passed through.

    A tight space (the map's ``tight``) is entered only squeezing or crawling [72, 73]: these rules close it
    (every other way of moving, forced movement too), the rules with :attr:`squeezing` open it
    (:func:`field_for`)."""

    squeezing: bool = False
    """The rules of a squeeze or a crawl: tight spaces may be entered."""

    @property
    def modes(self) -> frozenset[str]:
        return _MODES

    def passable(self, terrain: Terrain) -> bool:
        return not terrain.wall and (self.squeezing or not terrain.tight)

    def can_move(self, creature: Creature, mode: str) -> bool:
        if creature.out or creature.held:
            return False
        return (mode == "crawl") == creature.prone

    def budget(self, creature: Creature, mode: str) -> int:
        return speed.squares(MODES[mode].rank(creature.speed_rank()))

    def threat_reach(self, sheet: Sheet) -> int:
        return sheet.threat_reach

    def can_threaten(self, creature: Creature) -> bool:
        return not creature.out

    def provokes(self, mode: str) -> bool:
        return mode in ("move", "run", "squeeze", "crawl", "charge")

    def can_flank_with(self, sheet: Sheet) -> bool:
        return False

    def can_flank(self, creature: Creature) -> bool:
        return False

    def route_key(self, mover: Creature, creatures: Iterable[Creature]) -> tuple[object, ...]:
        return ((mover.id, mover.cell, mover.side, mover.template, mover.dead, mover.prone, mover.track,
                 mover.speed_bonus, mover.held),
                tuple([(c.id, c.cell, c.side, c.template, c.dead) for c in creatures]))

    diagonals: ClassVar[Diagonals] = Diagonals.ONE
    """A diagonal counts one square: "all squares adjacent to your space (including diagonally)" [122]."""


_MODES = frozenset(MODES)


SQUEEZING_MODES = frozenset({"squeeze", "crawl"})
"""The ways of moving that may enter a tight space: "You can squeeze through tight spaces" [72]; a prone
creature "can only move by crawling" [73], and a crawl (at -3 ranks, slower than a squeeze) goes where a squeeze
goes (our reading)."""


class Squeezing:
    """A fight's state as a squeeze or a crawl moves through it: the same board, creatures and order under
    rules that open tight spaces, with a memo of its own (the tactics' answers depend on the rules)."""

    def __init__(self, state: FightState) -> None:
        self._state = state
        self.tactics_rules = replace(state.tactics_rules, squeezing=True)
        self.memo = TacticsMemo()

    @property
    def board(self) -> Board:
        return self._state.board

    @property
    def creatures(self) -> dict[PieceId, Creature]:
        return self._state.creatures

    @property
    def initiative(self) -> list[PieceId]:
        return self._state.initiative


def has_tight(board: Board) -> bool:
    """Whether any cell of ``board`` is a tight space."""
    return any(t.tight for t in board.terrains())


def field_for(state: FightState, mode: str) -> FightState | Squeezing:
    """What the shared tactics read for a move in ``mode``: the state, or its squeezing view
    (:data:`SQUEEZING_MODES`, on a board with a tight space)."""
    return state.squeezing if state.tight and mode in SQUEEZING_MODES else state
