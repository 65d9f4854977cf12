"""What a previewed command of seed 001 would let the others do (numbers in brackets are seed 001's lines): the
attacks of opportunity a move allows [11-15] and the impalements a rush allows [19-25], read from the rules' own
functions (``opportunity.provoked``, ``impalement.impalers``) over the fight as it stands. Read-only: nothing here
changes the fight or decides a rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.grid import Cell
from game.rulesets.seed001 import commands as cmd
from game.rulesets.seed001 import impalement, opportunity, queries
from game.rulesets.seed001.fight import Seed001Fight, weaponry
from game.rulesets.seed001.sheets import HEX_FEET, Delivery
from game.rulesets.seed001.state import Creature

MAX_CELLS = 2000
"""Most hexes dotted for attacks of opportunity (a creature's reach is a few hundred)."""


@dataclass(frozen=True, slots=True)
class Foreseen:
    """Who may react to a previewed command, and how far a rush closes."""

    opportunity: tuple[opportunity.Provoked, ...] = ()
    impalement: tuple[impalement.Impaler, ...] = ()
    from_feet: int = 0
    """A rush: feet between where the attacker's movement began and its target [21]."""
    closed_feet: int = 0


def path_of(f: Seed001Fight, actor: Creature, command: cmd.Command) -> tuple[Cell, ...]:
    """The hexes a move or a move-and-attack enters (the fight's own plan: ``queries.path_of``), or ()."""
    return queries.path_of(f, command) or ()


def bystanders(f: Seed001Fight, actor: Creature) -> list[opportunity.Bystander]:
    """The creatures a move of ``actor`` might pass, as the attack of opportunity reads them [11-12]."""
    carrier = f.state.mover(actor)
    return [opportunity.Bystander(c.id, c.side, c.cell, c.template, f.stationary(c.id), f.can_react(c.id),
                                  not c.out, c.prone)
            for c in f.pieces() if c.id not in (actor.id, carrier.id) and c.side != actor.side]


def able(f: Seed001Fight, actor: Creature) -> list[opportunity.Bystander]:
    """The enemies able to make an attack of opportunity now, wherever the mover passes [12-14]: a passage beside
    each that challenges nobody tells."""
    grid = f.state.board.grid
    out = []
    for b in bystanders(f, actor):
        near = grid.neighbours(b.cell)[:1]
        beside = opportunity.Passage(actor.id, actor.side, b.cell, tuple(near))
        if near and not opportunity.why_not(grid, b, beside):
            out.append(b)
    return out


def opportunity_hexes(f: Seed001Fight, actor: Creature, cells: set[Cell]) -> frozenset[Cell]:
    """Of ``cells``, those beside an enemy able to make an attack of opportunity [11-12]: a move through them may
    allow it (unless the move ends there to fight that enemy, which challenges it)."""
    grid = f.state.board.grid
    foes = able(f, actor)
    if not foes:
        return frozenset()
    return frozenset(c for c in list(cells)[:MAX_CELLS] if any(grid.distance(c, b.cell) == 1 for b in foes))


def foresee(f: Seed001Fight, actor: Creature, command: cmd.Command, path: tuple[Cell, ...]) -> Foreseen:
    """Who ``command`` (walking ``path``) lets react: the attacks of opportunity on the way [11-15], and for a
    move-and-attack the pikes that may impale it [21] with the feet it closes."""
    grid = f.state.board.grid
    carrier = f.state.mover(actor)
    start = carrier.cell
    found_opportunity: tuple[opportunity.Provoked, ...] = ()
    if isinstance(command, cmd.Move) and path:
        enemies = [(c.id, c.cell) for c in f.state.enemies(actor)]
        passage = opportunity.Passage(actor.id, actor.side, start, path,
                                      opportunity.challenged_by_plain_move(grid, path[-1], enemies),
                                      withdrawal=command.withdraw)
        found_opportunity = opportunity.provoked(grid, bystanders(f, actor), passage)
    if not isinstance(command, cmd.Attack):
        return Foreseen(found_opportunity)
    weapon = weaponry(actor.template, command.weapon)
    target = f.piece(command.target)
    if weapon is None or target is None:
        return Foreseen()
    if path:
        passage = opportunity.Passage(actor.id, actor.side, start, path, frozenset({target.id}),
                                      provokes=weapon.provokes)
        found_opportunity = opportunity.provoked(grid, bystanders(f, actor), passage)
    began = actor.turn_start if actor.turn_start is not None else start
    end = path[-1] if path else start
    if began == end:
        return Foreseen(found_opportunity)
    from_feet = grid.distance(began, target.cell) * HEX_FEET
    closed = max(0, from_feet - grid.distance(end, target.cell) * HEX_FEET)
    melee = weapon.delivery is Delivery.MELEE and weapon.kind != "move"
    rush = impalement.Rush(actor.id, actor.side, began, path or (end,), target.id, target.cell, melee)
    pikemen = [impalement.Pikeman(c.id, c.side, c.cell, c.template, f.can_react(c.id), not c.out, c.prone)
               for c in f.pieces() if c.side != actor.side]
    return Foreseen(found_opportunity, impalement.impalers(grid, pikemen, rush), from_feet, closed)


def words(f: Seed001Fight, actor: Creature, command: cmd.Command, seen: Foreseen) -> str:
    """The preview in words: "Rush 25 ft: Spear on Bandit from (4, 5): impaled by Hollin Pikeman (3d20); AoO from
    Bog Hound"."""
    match command:
        case cmd.Move(withdraw=True):
            what = f"Withdraw to {f.offset(command.to)} (the action): provokes nothing [11]"
        case cmd.Move():
            what = f"Move to {f.offset(command.to)}"
        case cmd.Dismount():
            return f"Dismount to {f.offset(command.to)} (the action) [17]"
        case cmd.Attack():
            weapon = weaponry(actor.template, command.weapon)
            name = weapon.name if weapon is not None else command.weapon
            if weapon is not None and weapon.kind == "move" and command.to is not None:
                return (f"{name} on {f.name(command.target)} from {f.offset(command.to)}: a special move, no attack "
                        "of opportunity on its way and no impalement [15, 21]")
            if seen.from_feet:
                what = (f"Rush {seen.from_feet} ft (closes {seen.closed_feet}): {name} on {f.name(command.target)}"
                        + (f" from {f.offset(command.to)}" if command.to is not None else ""))
            else:
                what = f"{name} on {f.name(command.target)}"
        case _:
            return type(command).__name__
    parts = [what]
    if seen.impalement:
        parts.append("impaled by " + ", ".join(f"{f.name(i.reactor)} ({i.dice}d20)" for i in seen.impalement))
    elif isinstance(command, cmd.Attack) and seen.from_feet and seen.from_feet < impalement.RUSH_FEET:
        parts.append(f"under {impalement.RUSH_FEET} ft: no impalement [21]")
    if seen.opportunity:
        parts.append("AoO from " + ", ".join(f.name(p.reactor) for p in seen.opportunity))
    return ": ".join(parts[:1]) + ("; " + "; ".join(parts[1:]) if len(parts) > 1 else "")
