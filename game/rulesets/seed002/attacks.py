"""Seed 002's attacks (numbers in brackets are seed 002's lines): the attack check against the target's
defense, the hit's damage through the track, and the opportunity attack as its reactor's decision.

An attack is two steps on the stack, so that reactions hook in where the document puts them:
:class:`~game.rulesets.seed002.commands.RollAttack` (its ``before`` break point is "before you roll any dice":
Raise [139], Hunch [141]; its ``after`` one is "when you hit": Smash [135]) and
:class:`~game.rulesets.seed002.commands.DealDamage` (the target's Toughness check). What those reactions change
they write into the attack's :class:`AttackMods` (``fight.mods[action]``) before the roll or the damage.

* The attack check: d20 + the attack's bonus, + Aim's ranks on its aimed target [84], - 1 for a charge [39],
  - the attacker's track Disadvantage, + the mods' Advantage, against the target's defense: 10 + Defense
  rank, or its Defend total [35].
* A hit: the target's Toughness check against 10 + the damage rank (the mods' rolled DC, for Smash), one level
  of damage per degree of failure (``track.resist``).
* Opportunity attack [121-122]: a close attack with the reactor's best armed close attack, the reactor's
  reaction of this turn (one per turn [7, 20]); asked as ``reaction:opportunity_attack``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from game.kernel.decisions import PASS, Option, Question
from game.mechanics.tactics.pieces import PieceId
from game.rulesets.seed002 import checks, track
from game.rulesets.seed002 import events as ev
from game.rulesets.seed002.commands import DealDamage, OfferOpportunity, RollAttack, Step
from game.rulesets.seed002.orders import Orders
from game.rulesets.seed002.sheets import Attack as AttackSheet
from game.rulesets.seed002.state import Creature

OPPORTUNITY = "reaction:opportunity_attack"
"""The decision kind of an opportunity attack (standing orders are set per kind)."""


@dataclass(slots=True)
class AttackMods:
    """What reactions change in one attack (keyed by its action number in ``fight.mods``)."""

    advantage: int = 0
    """Net ranks of Advantage added before the roll (Hunch, Slam, stunts' penalties as negative)."""
    raises: int = 0
    """Raises declared before the roll [139]."""
    damage_roll: int | None = None
    """The die of a rolled damage rank (Smash [135]); None: passive, 10 + rank."""
    damage_bonus: int = 0
    """Ranks added to the damage (Slam [137])."""
    notes: list[str] = field(default_factory=list)


class Attacks(Orders):
    mods: dict[int, AttackMods]
    outcomes: dict[int, checks.Outcome]
    _oa_next: list[Step]

    def modifier(self, what: str, creature: Creature) -> int:
        return 0

    def ranks(self, attacker: Creature, target: Creature, advantage: int, disadvantage: int) -> tuple[int, int]:
        return advantage, disadvantage

    def mods_of(self, action: int) -> AttackMods:
        return self.mods.setdefault(action, AttackMods())

    def best_close(self, creature: Creature, target: Creature | None = None) -> AttackSheet | None:
        """The armed close attack an opportunity attack is made with: of those that reach ``target`` (if
        named), the highest bonus, then damage."""
        armed = [a for a in creature.template.close_attacks() if a.armed and (
            target is None or self.state.gap(creature, target) <= a.reach)]
        return max(armed, key=lambda a: (a.bonus, a.damage), default=None)

    def use_reaction(self, creature: Creature) -> None:
        creature.economy = creature.economy.react()

    # -- the attack --------------------------------------------------------------------------------------

    def roll_attack(self, step: RollAttack) -> None:
        attacker, target = self.creature(step.creature), self.creature(step.target)
        attack = attacker.template.attack(step.attack)
        assert attack is not None
        mods = self.mods_of(step.action)
        aim = 0
        if attacker.aim_target is not None:
            if attacker.aim_target == target.id:
                aim = attacker.aim
            else:
                self.emit(ev.AimSpoiled(attacker.id))
            attacker.aim_target, attacker.aim = None, 0
        adv, dis = self.ranks(attacker, target, aim + max(0, mods.advantage) + self.modifier("attack", attacker),
                              step.penalty + attacker.track.disadvantage + max(0, -mods.advantage)
                              + self.modifier("attack_disadvantage", attacker))
        advantage = adv - dis
        dc = target.passive_defense() + self.modifier("defense", target)
        outcome = checks.roll(self.engine.dice, attack.bonus, dc, f"{attack.name} on {target.name}",
                              advantage=advantage, raises=mods.raises)
        self.outcomes[step.action] = outcome
        self.emit(ev.AttackMade(attacker.id, target.id, attack.name, outcome.total, outcome.dc, outcome.success,
                                outcome.degrees, step.kind))

    def hit(self, step: RollAttack) -> list[Step]:
        """The attack's follow-up: its damage, when it hit."""
        outcome = self.outcomes.get(step.action)
        if outcome is None or not outcome.success or step.kind == "stunt":
            return []  # a stunt's hit goes to its opposed check instead of damage [46] (stunts.py)
        return [DealDamage(step.action, step.creature, step.target, step.attack)]

    def deal_damage(self, step: DealDamage) -> None:
        attacker, target = self.creature(step.creature), self.creature(step.target)
        attack = attacker.template.attack(step.attack)
        assert attack is not None
        mods = self.mods_of(step.action)
        dc = track.damage_dc(attack.damage + mods.damage_bonus + self.modifier("damage", attacker), mods.damage_roll)
        _, after = track.resist(self.engine.dice, target.track,
                                target.template.toughness + self.modifier("toughness", target), dc,
                                f"toughness ({target.name})")
        levels = after.damage - target.track.damage
        target.track = after
        self.emit(ev.Hurt(target.id, levels, after.word))
        if target.down:
            self.went_down(target)

    # -- opportunity attacks -------------------------------------------------------------------------------

    def offers(self, action: int, provoker: str, reactors: Sequence[PieceId | str], label: str) -> list[Step]:
        """Offers of opportunity attacks on ``provoker`` to those of ``reactors`` who may still react."""
        able = [r for r in reactors if self.can_react(self.creature(r)) and self.best_close(self.creature(r))]
        if not able:
            return []
        self.emit(ev.Provoked(provoker, label, tuple(able)))
        return [OfferOpportunity(action, r, provoker) for r in able]

    def ask_opportunity(self, step: OfferOpportunity) -> Sequence[Question]:
        reactor, provoker = self.creature(step.creature), self.creature(step.provoker)
        if not self.can_react(reactor) or provoker.out:
            return []
        return [Question(reactor.side, reactor.id, OPPORTUNITY,
                         f"opportunity attack on {provoker.name}?",
                         (Option("attack", f"attack {provoker.name}"), Option(PASS, "let it go")))]

    def opportunity(self, step: OfferOpportunity, answers: Sequence[Option]) -> None:
        if not answers or answers[0].key != "attack":
            return
        reactor = self.creature(step.creature)
        attack = self.best_close(reactor, self.creature(step.provoker))
        if attack is None or not self.can_react(reactor):
            return
        self.use_reaction(reactor)
        n = self.engine.new_action()
        self._oa_next.append(RollAttack(n, reactor.id, step.provoker, attack.id, "opportunity"))
