"""Seed 000's (4E-style) tactical questions over the shared geometry: combat advantage and the power an
opportunity attack is made with."""

from __future__ import annotations

from game.mechanics.tactics.flanking import flank_ally
from game.rulesets.seed000.model import ConditionKind, Power
from game.rulesets.seed000.state import Creature, EncounterState
from game.rulesets.seed000.tactics_rules import opportunity_power_of


def opportunity_power(state: EncounterState, creature: Creature) -> Power | None:
    """The melee power ``creature`` would make an opportunity attack with, if any.

    Its sheet's default opportunity attack when that is a melee power, else its
    first melee basic attack.
    """
    return opportunity_power_of(creature.template)


_ADVANTAGE_CONDITIONS: tuple[tuple[ConditionKind, str], ...] = (
    (ConditionKind.UNCONSCIOUS, "target is unconscious"),
    (ConditionKind.STUNNED, "target is stunned"),
    (ConditionKind.DAZED, "target is dazed"),
    (ConditionKind.DOMINATED, "target is dominated"),
    (ConditionKind.BLINDED, "target is blinded"),
    (ConditionKind.GRANTING_ADVANTAGE, "target grants combat advantage"),
)


def has_combat_advantage(state: EncounterState, attacker: Creature, target: Creature,
                         melee: bool) -> tuple[bool, str]:
    """Whether ``attacker`` has combat advantage against ``target``, and why.

    Flanking (melee attacks only) first, then the target's conditions: dying,
    unconscious, stunned, dazed, dominated, blinded (it cannot see the
    attacker), granting combat advantage, prone (melee attacks only). The
    reason reads like "flanking with Ilsa" or "target is dazed"; "" without
    advantage.
    """
    if melee:
        ally = flank_ally(state, attacker, target)
        if ally is not None:
            return True, f"flanking with {state.creatures[ally.id].name}"
    if target.dying:
        return True, "target is dying"
    for kind, reason in _ADVANTAGE_CONDITIONS:
        if target.has(kind):
            return True, reason
    if melee and target.has(ConditionKind.PRONE):
        return True, "target is prone"
    return False, ""
