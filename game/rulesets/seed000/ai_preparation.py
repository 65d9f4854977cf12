"""How the automatic player prepares the reactions of the creatures it plays (seed 000, at the end of turn).

Like the rest of the AI it draws no random numbers and reads the state only
through the tactics queries, so the same state gives the same preparation:

* **Limited reaction**, among those still usable (an encounter or daily power
  not yet spent): when an enemy could reach the creature before its next
  turn, one that works during other creatures' turns; when none could, a
  Personal one (it pays on the creature's own next turn); the one in force
  first (a table's or an encounter file's choice), then the sheet's default,
  then sheet order.
* **Priority, disabled, basic attacks**: the sheet's defaults.
* **Restrictions**: those in force stay (a table's or an encounter file's
  choices), unless their anchor creature is dead; the sheet's own; and, for
  reactions not yet covered by one of the same family:
  - a reaction that moves an enemy by force: as far as possible from its
    most hurt bloodied ally, if it has one (keep foes off the wounded), else
    as close as possible to the nearest dangerous cell within 6 cells;
  - a reaction that shifts or moves its user: a creature that fights at range (an
    artillery, controller or leader, or one without a melee basic attack)
    moves as far as possible from the creature that triggered it; a melee
    one as close as possible to the nearest enemy;
  - a Limited reaction triggered by an enemy's attack, while the enemies
    include both minions and others: only on attacks by non-minions (do not
    spend the round's one prepared reaction on a minion);
  - a defender's Spontaneous reaction to an enemy attacking an ally next to
    it, while it has marked an enemy: only against that enemy (punish the
    marked foe for ignoring the mark).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.grid import Cell
from game.board import Board
from game.rulesets.seed000 import tactics
from game.mechanics.tactics.memo import per_object
from game.rulesets.seed000.model import Frequency, Power, PowerId, Restriction, RestrictionKind, Role, Template
from game.rulesets.seed000.preparation import (FORCED_RESTRICTIONS, MOVE_RESTRICTIONS, Preparation, basic_attacks,
                                    default_preparation, is_limited, reaction_powers, restriction_fits)
from game.rulesets.seed000.state import Creature
from game.rulesets.seed000.triggers import TRIGGERS

if TYPE_CHECKING:
    from game.rulesets.seed000.encounter import Encounter

DANGER_REACH = 6
"""How far (cells from the reactor) a dangerous cell may be to serve as the anchor of a forced movement."""

_RANGED_ROLES = frozenset({Role.ARTILLERY, Role.CONTROLLER, Role.LEADER})


def _usable(creature: Creature, power: Power) -> bool:
    return power.frequency is Frequency.AT_WILL or power.id not in creature.used_powers


def _fights_at_range(template: Template) -> bool:
    return template.role in _RANGED_ROLES or not basic_attacks(template, melee_only=True)


class _Reaction:
    """What ``prepare`` asks of one reaction power that only its sheet decides."""

    __slots__ = ("power", "forces", "moves", "guards", "on_attack_roll")

    def __init__(self, template: Template, power: Power) -> None:
        assert power.reaction is not None
        self.power = power
        self.forces = not restriction_fits(RestrictionKind.FORCED_TOWARD, power)
        """It moves an enemy by force (a forced-movement restriction fits it)."""
        self.moves = not restriction_fits(RestrictionKind.MOVE_TOWARD, power)
        """It shifts or moves its user (a movement restriction fits it)."""
        self.guards = (template.role is Role.DEFENDER and power.reaction.is_spontaneous
                       and power.reaction.trigger == "adjacent_ally_attacked")
        """A defender's Spontaneous reaction to an enemy attacking an ally next to it."""
        self.on_attack_roll = TRIGGERS[power.reaction.trigger].on_attack_roll


class _Sheet:
    """Everything ``prepare`` works out from a creature's sheet alone (worked out once per sheet)."""

    __slots__ = ("default", "reactions", "limited", "fights_at_range")

    def __init__(self, template: Template) -> None:
        self.default = default_preparation(template)
        self.reactions = [_Reaction(template, p) for p in reaction_powers(template)]
        """Its reaction powers, in sheet order."""
        self.limited = [r.power for r in self.reactions if is_limited(r.power)]
        self.fights_at_range = _fights_at_range(template)


_SHEETS = "ai_preparation.sheets"
"""The name in the encounter's memo (``TacticsMemo.kept``) of the table, per creature sheet
(``memo.per_object``), of its ``_Sheet``. Safe because a sheet is frozen: everything ``_Sheet`` holds is
worked out from the sheet alone."""



def prepare(encounter: Encounter, creature: Creature) -> Preparation:
    """The preparation the AI hands in with the end of ``creature``'s turn."""
    st = encounter.state
    sheets: dict[int, tuple[Template, _Sheet]] = tactics.memo_of(st).kept(_SHEETS, dict)
    sheet = per_object(sheets, creature.template, _Sheet)
    default = sheet.default
    limited = _limited(encounter, creature, sheet.limited)
    kept = [r for r in encounter.preparation(creature.id).restrictions
            if r.creature is None or (r.creature in st.creatures and not st.creatures[r.creature].dead)]
    restrictions = list(dict.fromkeys(kept + list(default.restrictions)))
    covered = {(r.power, r.kind) for r in restrictions}

    def add(r: Restriction) -> None:
        families = (FORCED_RESTRICTIONS if r.kind in FORCED_RESTRICTIONS else
                    MOVE_RESTRICTIONS if r.kind in MOVE_RESTRICTIONS else frozenset({r.kind}))
        if not any((r.power, k) in covered for k in families):
            restrictions.append(r)
            covered.add((r.power, r.kind))

    enemies = [e for e in st.enemies_of(creature) if not e.is_out]
    allies = [a for a in st.allies_of(creature) if not a.is_out]
    for reaction in sheet.reactions:
        power = reaction.power
        if not _usable(creature, power):
            continue
        if reaction.forces:
            hurt = [a for a in allies if a.is_bloodied]
            danger = _nearest_danger(encounter, creature)
            if hurt:
                worst = min(hurt, key=lambda a: (a.hp / a.max_hp, st.distance(a, creature), a.id))
                add(Restriction(RestrictionKind.FORCED_AWAY, power.id, creature=worst.id))
            elif danger is not None:
                add(Restriction(RestrictionKind.FORCED_TOWARD, power.id, cell=danger))
        if reaction.moves:
            if sheet.fights_at_range:
                add(Restriction(RestrictionKind.MOVE_AWAY, power.id, triggerer=True))
            elif enemies:
                near = min(enemies, key=lambda e: (st.distance(e, creature), e.id))
                add(Restriction(RestrictionKind.MOVE_TOWARD, power.id, creature=near.id))
        if reaction.guards:
            marked = [e for e in enemies if e.marked_by == creature.id]
            if marked:
                add(Restriction(RestrictionKind.ONLY_AGAINST, power.id, creature=marked[0].id))
        if (power.id == limited and reaction.on_attack_roll and any(e.is_minion for e in enemies)
                and any(not e.is_minion for e in enemies)):
            add(Restriction(RestrictionKind.NON_MINION_ATTACKERS, power.id))
    return Preparation(limited=limited, priority=default.priority, disabled=default.disabled,
                       basic_attack=default.basic_attack, opportunity_attack=default.opportunity_attack,
                       restrictions=tuple(restrictions))


def _limited(encounter: Encounter, creature: Creature, limited: list[Power]) -> PowerId | None:
    """The Limited reaction to prepare among the sheet's ``limited`` ones: the one in force, else the
    sheet's default, while usable and useful; a Personal one (it pays on its own next turn) when no enemy
    could reach the creature before then, or when nothing else is left."""
    st = encounter.state
    usable = [p for p in limited if _usable(creature, p)]
    if not usable:
        return None
    current = encounter.preparation(creature.id).limited
    default = creature.template.reaction_defaults.limited
    threatened = any(st.distance(e, creature) <= e.speed() + 1 for e in st.enemies_of(creature) if not e.is_out)

    def rank(p: Power) -> tuple[int, int, int]:
        personal = p.reaction is not None and p.reaction.is_personal
        useful = personal != threatened
        return (0 if useful else 1, 0 if p.id == current else 1, 0 if p.id == default else 1)

    return min(usable, key=rank).id


def _nearest_danger(encounter: Encounter, creature: Creature) -> Cell | None:
    """The dangerous cell within ``DANGER_REACH`` nearest the creature (the first in offset order of the
    nearest), if any."""
    st = encounter.state
    best: Cell | None = None
    best_gap = DANGER_REACH + 1
    board = st.board
    for cell in tactics.memo_of(st).kept(_DANGERS, lambda: _danger_cells(board)):
        gap = st.distance_to_cell(creature, cell)
        if gap < best_gap:  # strictly nearer: of equals, the first in offset order stays
            best, best_gap = cell, gap
    return best


_DANGERS = "ai_preparation.dangers"
"""The name in the encounter's memo of the board's dangerous cells that are not walls, in offset order
(``_danger_cells``). Safe because a board never changes once built (and the memo is emptied if the state's
board is replaced)."""


def _danger_cells(board: Board) -> list[Cell]:
    return sorted((cell for cell, terrain in board.special_cells().items()
                   if terrain.damage is not None and not terrain.wall), key=board.grid.cell_to_offset)
