"""The movement and threat rules ``tactics`` is parameterised by: :class:`TacticsRules`, and seed 000's.

``tactics`` knows the geometry (steps between cells, spaces, line of effect,
walls) and the searches (Dijkstra over labels, floods). What a rules system
decides about movement and threat comes from one object held by the
encounter's state (``EncounterState.tactics_rules``), supplied by its ruleset
(``Ruleset.tactics_rules``):

* which kinds of voluntary movement there are (``modes``), whether a creature
  may use one now (``can_move``) and how much movement it has (``budget``);
* which cells may be entered (``passable``) and what entering one costs
  (``enter_cost``: 1 or 2, the costs the searches' bucket queues are built
  for), and whether a diagonal step may pass a wall corner (``cut_corners``);
* who stops a mover (``blocking``: a closed set, so the searches keep their
  array forms);
* what threatens: how far a sheet threatens (``threat_reach``, 0 for nothing:
  worked out once per sheet) and whether a creature threatens now
  (``can_threaten``: read afresh at each query);
* what provokes: whether leaving a threatened position in a mode provokes
  (``provokes``).

Written for five rulesets (see the shared ``RULESETS.md``): seed 000 below;
002 threatens every square it can attack into in melee and provokes per action
tag (a tag is a mode here); 003 provokes from engaged creatures moving without
disengaging; 001 threatens one hex whatever the reach. A ruleset's object must
be immutable and hashable (a frozen dataclass): the encounter's memo keeps
answers worked out from it (``game.rulesets.seed000.memo.TacticsMemo``) and the board
keeps its arrays under it (``Board.derived``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from game.board import Terrain
from game.rulesets.seed000.model import ConditionKind, Power, Template



class Creature(Protocol):
    """What the rules here read of a creature (``game.rulesets.seed000.state.Creature`` has it; the state module
    imports this one, so this one names a protocol rather than importing it back)."""

    @property
    def dead(self) -> bool: ...

    @property
    def can_act(self) -> bool: ...

    @property
    def can_react(self) -> bool: ...

    def has(self, kind: ConditionKind) -> bool: ...

    def speed(self) -> int: ...


class Blocking(Enum):
    """Whose space a mover may not enter (it never ends a move in anyone's: ``EncounterState.can_stand``).
    Dead creatures never block; every other creature on the board does, as this says."""

    ENEMIES = "enemies"
    """Creatures of another side block; allies may be passed through."""
    OTHERS = "others"
    """Every other creature blocks."""
    NOBODY = "nobody"
    """Anyone may be passed through."""


class TacticsRules(Protocol):
    """What a rules system decides about movement, threat and provoking (see the module docstring)."""

    @property
    def modes(self) -> frozenset[str]:
        """The kinds of voluntary movement (a query in another mode is a ValueError)."""
        ...

    @property
    def blocking(self) -> Blocking:
        """Whose space stops a mover."""
        ...

    @property
    def cut_corners(self) -> bool:
        """Square grids: whether a diagonal step may pass a wall corner (True: walls on the two orthogonal
        cells between do not stop it)."""
        ...

    def passable(self, terrain: Terrain) -> bool:
        """Whether a creature's space may hold a cell of this terrain (a wall: no)."""
        ...

    def enter_cost(self, terrain: Terrain) -> int:
        """What a step costs when a cell of the new space is this terrain: 1 or 2 (the highest of the new
        space's cells counts)."""
        ...

    def can_move(self, creature: Creature, mode: str) -> bool:
        """Whether ``creature`` may move in ``mode`` at all now."""
        ...

    def budget(self, creature: Creature, mode: str) -> int:
        """How much movement ``creature`` has for one move in ``mode`` when the caller names none."""
        ...

    def threat_reach(self, sheet: Template) -> int:
        """How far a creature with this sheet threatens (cells from its space; 0: it threatens nothing)."""
        ...

    def can_threaten(self, creature: Creature) -> bool:
        """Whether ``creature`` (alive, with a threat reach) threatens now."""
        ...

    def provokes(self, mode: str) -> bool:
        """Whether moving in ``mode`` out of a threatened position provokes the threatening creatures."""
        ...


def opportunity_power_of(sheet: Template) -> Power | None:
    """Seed 000: the melee power a creature with this sheet makes an opportunity attack with, if any: its
    sheet's default opportunity attack when that is a melee power, else its first melee basic attack."""
    chosen = sheet.reaction_defaults.opportunity_attack
    if chosen is not None:
        for power in sheet.powers:
            if power.id == chosen and power.is_melee:
                return power
    for power in sheet.powers:
        if power.basic and power.is_melee:
            return power
    return None


@dataclass(frozen=True, slots=True)
class Seed000Tactics:
    """Seed 000's rules (and its 4E-style combat's): see ``tactics``' module docstring for the rulings.

    Move, shift and charge; a shift has 1 cell of movement, the others the creature's speed. Walls
    cannot be entered, difficult terrain costs 2, no diagonal past a wall corner, enemies block (allies
    are passed through). A creature threatens the reach of its opportunity power while it can react
    (not dazed, stunned, unconscious, dominated, dying or dead). Moving and charging provoke; shifting
    does not. Prone, immobilized and creatures that cannot act do not move.
    """

    @property
    def modes(self) -> frozenset[str]:
        return _SEED000_MODES

    @property
    def blocking(self) -> Blocking:
        return Blocking.ENEMIES

    @property
    def cut_corners(self) -> bool:
        return False

    def passable(self, terrain: Terrain) -> bool:
        return not terrain.wall

    def enter_cost(self, terrain: Terrain) -> int:
        return 2 if terrain.difficult else 1

    def can_move(self, creature: Creature, mode: str) -> bool:
        return (not creature.dead and creature.can_act and not creature.has(ConditionKind.PRONE)
                and not creature.has(ConditionKind.IMMOBILIZED))

    def budget(self, creature: Creature, mode: str) -> int:
        return 1 if mode == "shift" else creature.speed()

    def threat_reach(self, sheet: Template) -> int:
        power = opportunity_power_of(sheet)
        return power.reach.reach if power is not None else 0

    def can_threaten(self, creature: Creature) -> bool:
        return creature.can_react

    def provokes(self, mode: str) -> bool:
        return mode != "shift"


_SEED000_MODES = frozenset({"move", "shift", "charge"})

SEED000_TACTICS: TacticsRules = Seed000Tactics()
"""Seed 000's rules: the default of every encounter state."""
