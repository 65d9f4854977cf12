"""What a creature prepares at the end of its turn (seed 000, "Preparing reactions"), as data.

Seed 000: "At the end of turn, a character chooses a single Reaction power.
That is the only Limited Reaction that can trigger that turn"; "orders
Spontaneous Reactions by priority"; "may disable any Spontaneous Reaction";
may "define a default power to use as Basic Attack or for Opportunity
Attacks"; and may state restrictions (``Restriction``). "A character sheet
should state a default priority order for reactions. This is used whenever
the player does not explicitly state one."

This module is plain data and checks: a :class:`Preparation`, the sheet's
default one, the order in which a creature's reactions are considered, which
restriction fits which reaction, and every problem of a proposed preparation
(one line each, for the window, the encounter file loader and the engine's
refusal). The reaction system (``reactions.py``) uses them.

Also here: the two opportunity-attack reactions every creature with a melee
basic attack has (:func:`with_builtin_reactions`), so that test sheets, content
sheets and the window all see the same powers.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable

from game.grid import Cell
from game.rulesets.seed000.model import (ActionType, CreatureId, Frequency, Power, PowerId, RangeKind, Reach, ReactionSpec,
                              Restriction, RestrictionKind, Template)
from game.rulesets.seed000.triggers import TRIGGERS

BASIC_ATTACK_KEYWORD = "basic attack"
"""A reaction power with this keyword and no attack of its own resolves by making a basic attack."""

OPPORTUNITY_ATTACK = Power(
    id=PowerId("opportunity_attack"), name="Opportunity Attack", action=ActionType.REACTION,
    frequency=Frequency.AT_WILL, reach=Reach(RangeKind.MELEE), keywords=frozenset({BASIC_ATTACK_KEYWORD}),
    reaction=ReactionSpec("enemy_leaves_threatened_cell", keywords=frozenset({"spontaneous", "repeatable", "interrupt"}),
                          old_action="opportunity attack"),
    description="A foe that walks out of your reach gives you an opening: you swing at it with a melee basic "
                "attack before it is gone.",
)
OPPORTUNITY_ATTACK_RANGED = Power(
    id=PowerId("opportunity_attack_ranged"), name="Opportunity Attack (shooting in melee)",
    action=ActionType.REACTION, frequency=Frequency.AT_WILL, reach=Reach(RangeKind.MELEE),
    keywords=frozenset({BASIC_ATTACK_KEYWORD}),
    reaction=ReactionSpec("adjacent_enemy_uses_ranged_or_area",
                          keywords=frozenset({"spontaneous", "repeatable", "interrupt"}),
                          old_action="opportunity attack"),
    description="A foe beside you that stops to aim or cast lowers its guard: you strike with a melee basic "
                "attack first.",
)
BUILTIN_REACTIONS: tuple[Power, ...] = (OPPORTUNITY_ATTACK, OPPORTUNITY_ATTACK_RANGED)
"""Reactions every creature with a melee basic attack has (a sheet may define its own under the same ids)."""


def with_builtin_reactions(template: Template) -> Template:
    """``template`` with the built-in opportunity attacks added (after its own powers), if it has a melee
    basic attack and lacks a power of that id. The same object when nothing is added."""
    if not any(p.basic and p.is_melee and p.attack is not None for p in template.powers):
        return template
    have = {p.id for p in template.powers}
    extra = tuple(p for p in BUILTIN_REACTIONS if p.id not in have)
    return replace(template, powers=template.powers + extra) if extra else template


def reaction_powers(template: Template) -> list[Power]:
    """Every reaction power of a sheet, in sheet order."""
    return [p for p in template.powers if p.reaction is not None]


def is_spontaneous(power: Power) -> bool:
    return power.reaction is not None and power.reaction.is_spontaneous


def is_limited(power: Power) -> bool:
    return power.reaction is not None and power.reaction.is_limited


def basic_attacks(template: Template, *, melee_only: bool = False) -> list[Power]:
    """The basic attacks of a sheet (powers marked ``basic`` with an attack roll), in sheet order."""
    return [p for p in template.powers if p.basic and p.attack is not None and p.action is not ActionType.REACTION
            and (p.is_melee or not melee_only)]


def uses_basic_attack(power: Power) -> bool:
    """A reaction that resolves by making a basic attack (an opportunity attack...)."""
    return BASIC_ATTACK_KEYWORD in power.keywords and power.attack is None


@dataclass(frozen=True, slots=True)
class Preparation:
    """A creature's reactions for its next round, stated at the end of its turn."""

    limited: PowerId | None = None
    """The one Limited reaction that may trigger this round (None: none)."""
    priority: tuple[PowerId, ...] = ()
    """Spontaneous reactions, most wanted first; left out ones follow in the sheet's default order."""
    disabled: frozenset[PowerId] = field(default_factory=frozenset)
    """Spontaneous reactions that do not trigger until enabled again."""
    basic_attack: PowerId | None = None
    """The power used when a reaction makes a basic attack (None: chosen at random each time)."""
    opportunity_attack: PowerId | None = None
    """The power used for opportunity attacks (None: chosen at random among the usable melee basic attacks)."""
    restrictions: tuple[Restriction, ...] = ()


def default_preparation(template: Template) -> Preparation:
    """The sheet's default: its ``reaction_defaults``, else its first Limited reaction and sheet order.

    DESIGN ruling 13: "Before a creature's first turn its sheet's default
    preparation applies (the first Limited reaction it lists, the default
    priority order)."
    """
    d = template.reaction_defaults
    reactions = reaction_powers(template)
    limited = d.limited
    if limited is None:
        limited = next((p.id for p in reactions if is_limited(p)), None)
    return Preparation(limited=limited, priority=default_priority(template), disabled=frozenset(d.disabled),
                       basic_attack=d.basic_attack, opportunity_attack=d.opportunity_attack,
                       restrictions=d.restrictions)


def default_priority(template: Template) -> tuple[PowerId, ...]:
    """The sheet's priority order of its Spontaneous reactions: its list first, then the rest in sheet order."""
    spontaneous = [p.id for p in reaction_powers(template) if is_spontaneous(p)]
    listed = [pid for pid in template.reaction_defaults.priority if pid in spontaneous]
    return tuple(dict.fromkeys(listed + spontaneous))


def full_priority(template: Template, preparation: Preparation) -> tuple[PowerId, ...]:
    """The preparation's priority, completed by the sheet's default order for the Spontaneous reactions it
    leaves out ("used whenever the player does not explicitly state one")."""
    spontaneous = default_priority(template)
    stated = [pid for pid in preparation.priority if pid in spontaneous]
    return tuple(dict.fromkeys(stated + list(spontaneous)))


def considered_order(template: Template, preparation: Preparation) -> list[Power]:
    """The order in which a creature's triggered reactions claim its budgets: the prepared Limited
    reaction first (chosen for this round), then the Spontaneous ones by priority, then any other
    (Limited reactions not prepared, which the budget check turns down)."""
    by_id = {p.id: p for p in reaction_powers(template)}
    order: list[PowerId] = []
    if preparation.limited in by_id:
        order.append(preparation.limited)
    order += full_priority(template, preparation)
    order += [pid for pid in by_id if pid not in order]
    return [by_id[pid] for pid in order]


# -- restrictions -----------------------------------------------------------------------------

TRIGGER_RESTRICTIONS = frozenset({RestrictionKind.NON_MINION_ATTACKERS, RestrictionKind.WHILE_BLOODIED,
                                  RestrictionKind.ONLY_AGAINST})
FORCED_RESTRICTIONS = frozenset({RestrictionKind.FORCED_TOWARD, RestrictionKind.FORCED_AWAY})
MOVE_RESTRICTIONS = frozenset({RestrictionKind.MOVE_TOWARD, RestrictionKind.MOVE_AWAY})

RESTRICTION_TEXT: dict[RestrictionKind, str] = {
    RestrictionKind.NON_MINION_ATTACKERS: "only when triggered by a non-minion",
    RestrictionKind.WHILE_BLOODIED: "only while bloodied",
    RestrictionKind.FORCED_TOWARD: "forced movement as close as possible to {anchor}",
    RestrictionKind.FORCED_AWAY: "forced movement as far as possible from {anchor}",
    RestrictionKind.MOVE_TOWARD: "movement as close as possible to {anchor}",
    RestrictionKind.MOVE_AWAY: "movement as far as possible from {anchor}",
    RestrictionKind.ONLY_AGAINST: "only when {anchor} triggers it",
}
"""How each restriction reads (``{anchor}`` is the chosen creature, cell or "the triggering creature")."""


def _moves_itself(power: Power) -> bool:
    return any(o.shift_self > 0 or o.move_self > 0 for o in (power.hit, power.miss, power.effect))


def _forces(power: Power) -> bool:
    return any(o.forced is not None for o in (power.hit, power.miss, power.effect))


def restriction_fits(kind: RestrictionKind, power: Power) -> str:
    """"" if a restriction of this kind can apply to ``power``, else why not."""
    if power.reaction is None:
        return f"{power.name} is not a reaction"
    if kind in (RestrictionKind.NON_MINION_ATTACKERS, RestrictionKind.ONLY_AGAINST):
        if not TRIGGERS[power.reaction.trigger].by_enemy:
            return f"{power.name} is not triggered by an enemy's action"
    elif kind in FORCED_RESTRICTIONS and not _forces(power):
        return f"{power.name} moves nobody by force"
    elif kind in MOVE_RESTRICTIONS and not _moves_itself(power):
        return f"{power.name} does not move its user"
    return ""


def restrictions_for(preparation: Preparation, power: PowerId) -> list[Restriction]:
    """The restrictions that apply to one reaction: those naming it and those naming none."""
    return [r for r in preparation.restrictions if r.power is None or r.power == power]


def describe_restriction(r: Restriction, name: Callable[[str], str] = str,
                         offset: Callable[[Cell], tuple[int, int]] | None = None) -> str:
    if r.creature is not None:
        anchor = name(r.creature)
    elif r.cell is not None:
        anchor = "({}, {})".format(*offset(r.cell)) if offset else str(r.cell)
    else:
        anchor = "the triggering creature"
    text = RESTRICTION_TEXT[r.kind].format(anchor=anchor)
    return f"{r.power}: {text}" if r.power else f"all reactions: {text}"


# -- checking a preparation ---------------------------------------------------------------------


def preparation_problems(template: Template, preparation: Preparation, *,
                         is_creature: Callable[[CreatureId], bool] = lambda cid: True,
                         is_cell: Callable[[Cell], bool] = lambda cell: True) -> list[str]:
    """Every problem of ``preparation`` for a creature with this sheet, one line each ([] = fine).

    ``is_creature`` and ``is_cell`` say whether an anchor exists in the encounter.
    """
    problems: list[str] = []
    reactions = {p.id: p for p in reaction_powers(template)}
    powers = {p.id: p for p in template.powers}
    if preparation.limited is not None:
        power = reactions.get(preparation.limited)
        if power is None:
            problems.append(f"limited: '{preparation.limited}' is not one of {template.name}'s reactions")
        elif not is_limited(power):
            problems.append(f"limited: {power.name} is Spontaneous: it needs no preparation")
    for field_name, ids in (("priority", preparation.priority), ("disabled", tuple(sorted(preparation.disabled)))):
        seen: set[PowerId] = set()
        for pid in ids:
            power = reactions.get(pid)
            if power is None:
                problems.append(f"{field_name}: '{pid}' is not one of {template.name}'s reactions")
            elif not is_spontaneous(power):
                problems.append(f"{field_name}: {power.name} is not Spontaneous (prepare it as the limited reaction)")
            elif pid in seen:
                problems.append(f"{field_name}: {power.name} is listed twice")
            seen.add(pid)
    if preparation.basic_attack is not None:
        power = powers.get(preparation.basic_attack)
        if power is None or power not in basic_attacks(template):
            problems.append(f"basic_attack: '{preparation.basic_attack}' is not a basic attack of {template.name}")
    if preparation.opportunity_attack is not None:
        power = powers.get(preparation.opportunity_attack)
        if power is None or power not in basic_attacks(template, melee_only=True):
            problems.append(f"opportunity_attack: '{preparation.opportunity_attack}' is not a melee basic attack of "
                            f"{template.name}")
    for i, r in enumerate(preparation.restrictions):
        where = f"restrictions[{i}] ({r.kind.value})"
        if r.power is not None:
            power = reactions.get(r.power)
            if power is None:
                problems.append(f"{where}: '{r.power}' is not one of {template.name}'s reactions")
                continue
            why = restriction_fits(r.kind, power)
            if why:
                problems.append(f"{where}: {why}")
        elif not any(not restriction_fits(r.kind, p) for p in reactions.values()):
            problems.append(f"{where}: none of {template.name}'s reactions can take it")
        needs_anchor = r.kind in FORCED_RESTRICTIONS | MOVE_RESTRICTIONS | {RestrictionKind.ONLY_AGAINST}
        if needs_anchor and r.anchors != 1:
            problems.append(f"{where}: name exactly one creature, cell or the triggering creature")
        if not needs_anchor and r.anchors:
            problems.append(f"{where}: takes no creature or cell")
        if r.kind is RestrictionKind.ONLY_AGAINST and r.triggerer:
            problems.append(f"{where}: name the creature")
        if r.creature is not None and not is_creature(r.creature):
            problems.append(f"{where}: there is no creature '{r.creature}'")
        if r.cell is not None and not is_cell(r.cell):
            problems.append(f"{where}: that cell is not on the map")
    return problems
