"""Seed 001's reactions in the fight (numbers in brackets are seed 001's lines): the :class:`Reactions`
extension of :class:`~game.rulesets.seed001.fight.Seed001Fight`, through its hooks.

Every reaction is a decision put to the reactor's player (a kind per reaction, so standing orders always /
never / ask are set per kind; the AI answers for its sides, :mod:`game.rulesets.seed001.ai_reactions`), spends
the creature's one reaction of the round [3, 7] on the counter, and is logged. The rules themselves are pure
functions in :mod:`~game.rulesets.seed001.opportunity`, :mod:`~game.rulesets.seed001.impalement`,
:mod:`~game.rulesets.seed001.defence`, :mod:`~game.rulesets.seed001.standing` and
:mod:`~game.rulesets.seed001.dismount`; this module reads the fight into their plain data and carries out what
they decide:

* **attack of opportunity** [11-15]: after the mover enters each hex (``EnterHex``), every stationary enemy
  beside that hex it does not challenge is offered one (at most once per move); accepted, it rolls at most
  2d20 [14] at once, before the mover goes on. The one attacked is the creature moving (a mounted rider's
  move: the rider).
* **impalement** [19-25]: on a declared move-and-attack (an attack whose steps include a move), after the
  rusher enters the first hex within a pikeman's impalement range of the one it attacks; on an attack after
  earlier free movement in the turn, before the attack roll, wherever the attacker stands [23]. Incapacitated,
  the attacker loses its attack (its steps fizzle).
* **dodge, rebuff, deflect** [6-8]: asked at ``DealDamage``, "just before receiving the damage" [6], with the
  exact odds of this pool; the adjustment changes the blow's pool.
* **standing up by reaction** [30-35]: offered at the start of each round (second 12) to a prone creature
  with its reaction, and just after it is knocked down (thrown from its mount); a d4 on the counter [34],
  prone until it comes due, then the movement penalty [33].
* **dismount** [16-18]: asked when a rider is thrown (``ThrowRider``): the Agility check, TM 10 [17].
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from game.kernel.decisions import PASS, Decision, Option, Question
from game.kernel.events import Event
from game.rulesets.seed001 import ai_reactions as ai
from game.rulesets.seed001 import defence, dismount, impalement, opportunity, pools, standing
from game.rulesets.seed001 import events as ev
from game.rulesets.seed001 import reaction_events as rev
from game.rulesets.seed001.commands import DealDamage, Due, EnterHex, NewRound, Offer, RollAttack, ThrowRider
from game.rulesets.seed001.counter import Use, stand_up_delay
from game.rulesets.seed001.sheets import Skill, Unhorsing

if TYPE_CHECKING:
    from game.rulesets.seed001.fight import Seed001Fight
    from game.rulesets.seed001.state import Creature

TAKE = {opportunity.KIND: "attack", impalement.KIND: "impale", standing.KIND: "stand", dismount.KIND: "land"}
"""The option that takes each reaction (the other is ``PASS``)."""
RUSHING_KINDS = ("melee", "savage")
"""Attacks a rush ends in: a melee weapon or a savage attack [21] (a monster's move is no rush)."""


@dataclass(slots=True)
class Reactions:
    """The reactions' part of one fight (what it has offered and scheduled)."""

    offered: set[tuple[int, str, str]] = field(default_factory=set)
    """(action, kind, reactor): offered once per move or rush."""
    rising: dict[str, int] = field(default_factory=dict)
    """Creatures getting up by reaction: the movement penalty in feet each pays when it comes due [33-34]."""
    struck: dict[int, Any] = field(default_factory=dict)
    """The blow each ``DealDamage`` dealt (after any dodge), by action: what a drag [ours] reads after it."""
    asked: dict[tuple[str, str], Offer] = field(default_factory=dict)
    """The offer behind each open decision, by (chooser, kind): what the AI reads."""

    # -- the hooks --------------------------------------------------------------------------------------------

    def before(self, fight: Seed001Fight, step: Any) -> list[Any]:
        if isinstance(step, RollAttack) and step.rush is not None and step.kind in RUSHING_KINDS:
            return self._impalements(fight, step.action, step, fight.state.mover(fight.creature(step.creature)).cell,
                                     ())
        return []

    def after(self, fight: Seed001Fight, step: Any) -> list[Any]:
        match step:
            case EnterHex():
                return self._on_enter(fight, step)
            case NewRound():
                return [Offer(step.action, c.id, standing.KIND) for c in fight.state.everyone.values()
                        if self._may_stand(fight, c)]
            case ThrowRider():
                rider = fight.creature(step.creature)
                if self._may_stand(fight, rider):
                    return [Offer(step.action, rider.id, standing.KIND)]
            case DealDamage():
                return self._drag(fight, step, self.struck.pop(step.action, None))
        return []

    def _drag(self, fight: Seed001Fight, step: DealDamage, blow: Any) -> list[Any]:
        """Ours: a savage attack that ``drags`` with 2+ successes left pulls a target on foot down prone; it may
        then stand by reaction "just after being knocked down" [32]."""
        if blow is None or blow.pool.successes < 2:
            return []
        weapon = fight.creature(step.creature).template.weapon(step.weapon)
        target = fight.creature(step.target)
        if weapon is None or not weapon.drags or target.out or target.prone or target.carried \
                or target.rider is not None:
            return []
        target.prone = True
        fight.emit(ev.KnockedProne(target.id, f"dragged down by {fight.name(step.creature)}"))
        return [Offer(step.action, target.id, standing.KIND)] if self._may_stand(fight, target) else []

    def question(self, fight: Seed001Fight, step: Any) -> Sequence[Question]:
        match step:
            case Offer():
                return self._offer_question(fight, step)
            case DealDamage():
                return self._defence_question(fight, step)
            case ThrowRider():
                rider, mount = fight.creature(step.creature), fight.creature(step.mount)
                if dismount.why_not(rider.template, mount.template, Unhorsing(step.cause), fight.can_react(rider.id)):
                    return []
                self.asked[(rider.id, dismount.KIND)] = Offer(step.action, rider.id, dismount.KIND, mount.id)
                return [Question(rider.side, rider.id, dismount.KIND, dismount.question(rider.template, mount.template),
                                 (Option("land", "react: land on its feet"), Option(PASS, "fall")))]
        return []

    def resolve(self, fight: Seed001Fight, step: Any, answers: Sequence[Option]) -> bool:
        taken = bool(answers) and answers[0].key != PASS
        match step:
            case Offer():
                if taken:
                    self._take(fight, step)
                return True
            case DealDamage():
                if taken:
                    self._defend(fight, step, Skill(answers[0].key))
                self.struck[step.action] = fight.blows.get(step.action)
                return False
            case ThrowRider():
                if not taken:
                    return False
                rider = fight.creature(step.creature)
                self._spend(fight, rider, "land on its feet")
                landed = pools.roll_check(fight.engine.dice, rider.template.agility, pools.DISMOUNT_TM,
                                          f"{rider.id}'s landing")
                fight.emit(rev.LandingTried(rider.id, landed))
                fight.land_thrown(step, reacted=True, landed=landed)
                return True
            case Due() if step.creature in self.rising and step.label.endswith(standing.LABEL):
                self._stand(fight, fight.creature(step.creature))
                return True
        return False

    def ai_answer(self, fight: Seed001Fight, decision: Decision) -> str | None:
        offer = self.asked.get((decision.chooser, decision.kind))
        if decision.kind == defence.KIND:
            taking = decision.taking
            step = self.asked.get((decision.chooser, defence.KIND))
            if not taking or step is None:
                return None
            made = self._defence_offer(fight, step.about, fight.creature(decision.chooser))
            return taking[0] if made is not None and ai.take_defence(made.chance) else PASS
        if offer is None:
            return None
        me = fight.creature(decision.chooser)
        keeping = ai.keeping_worth(me.template.skills, me.template.guard, me.vitals.exhausted,
                                   self.threats(fight, me, offer.target))
        take = TAKE.get(decision.kind)
        if decision.kind == opportunity.KIND:
            weapon = me.template.opportunity_weapon()
            ok = weapon is not None and ai.take_opportunity(opportunity.dice(me.template),
                                                            fight.creature(offer.target).template.guard,
                                                            weapon.weight, me.template.strength, keeping)
        elif decision.kind == impalement.KIND:
            weapon = me.template.impaling_weapon()
            ok = weapon is not None and ai.take_impalement(
                pools.impalement_dice(me.template.impalement_forte(weapon)),
                fight.creature(offer.target).template.guard, weapon.weight, me.template.strength, keeping)
        elif decision.kind == standing.KIND:
            ok = ai.take_stand(keeping, self.action_worth(fight, me))
        elif decision.kind == dismount.KIND:
            ok = ai.take_dismount()
        else:
            return None
        return take if ok else PASS

    def describe(self, event: Event, name: Any) -> str | None:
        return rev.describe(event, name)

    # -- reading the fight -------------------------------------------------------------------------------------

    def threats(self, fight: Seed001Fight, me: Creature, passer: str = "") -> list[ai.Threat]:
        """Foes still to act this round that can reach ``me`` (movement + reach), the passer-by left out: what a
        dodge might be needed against [13]."""
        from game.rulesets.seed001.fight import attacks_of
        out: list[ai.Threat] = []
        now = fight.counter.now.round
        for foe in fight.state.enemies(me):
            if foe.id == passer or foe.prone:
                continue
            due = fight.counter.acts_at(foe.id)
            if not fight.counter.can(foe.id, Use.ACTION):
                continue  # it has had its action this round
            if foe.id != fight.holder and (due is None or due.round != now):
                continue
            gap = fight.state.distance(fight.state.mover(foe).cell, fight.state.mover(me).cell)
            for w in attacks_of(foe.template):
                if gap <= fight.state.hexes_left(foe) + w.reach:
                    out.append(ai.Threat(w.pool, w.weight, foe.template.strength, w.delivery))
        return out

    def action_worth(self, fight: Seed001Fight, me: Creature) -> Fraction:
        """What ``me``'s action is worth this round if standing by reaction saves it: its best attack's expected
        damage against the enemy easiest to hit, when its turn comes 4 seconds or more from now (after the d4
        stand-up is surely due [34]); else 0."""
        from game.rulesets.seed001.fight import attacks_of
        due = fight.counter.acts_at(me.id)
        now = fight.counter.now
        if due is None or due.round != now.round or now.second - due.second < 4:
            return Fraction(0)
        if not fight.counter.can(me.id, Use.ACTION):
            return Fraction(0)
        foes = fight.state.enemies(me)
        if not foes:
            return Fraction(0)
        guard = min(f.template.guard for f in foes)
        return max((pools.expected_damage(w.pool, guard, w.weight, me.template.strength)
                    for w in attacks_of(me.template)), default=Fraction(0))

    def _may_stand(self, fight: Seed001Fight, c: Creature) -> bool:
        return not standing.why_not(c.name, c.prone, fight.can_react(c.id), c.id in self.rising, not c.out)

    def _on_enter(self, fight: Seed001Fight, step: EnterHex) -> list[Any]:
        mover = fight.creature(step.creature)
        if mover.out:
            return []
        rest = [s for s in reversed(list(fight.engine.steps_of(step.action)))]
        path_rest = tuple(s.cell for s in rest if isinstance(s, EnterHex))
        attack = next((s for s in rest if isinstance(s, RollAttack)), None)
        out: list[Any] = []
        if attack is not None and attack.rush is not None and attack.kind in RUSHING_KINDS:
            out += self._impalements(fight, step.action, attack, step.cell, path_rest)
        out += self._opportunities(fight, step, mover, attack, path_rest)
        return out

    def _opportunities(self, fight: Seed001Fight, step: EnterHex, mover: Creature, attack: RollAttack | None,
                       path_rest: tuple[Any, ...]) -> list[Any]:
        grid = fight.state.board.grid
        foes = fight.state.enemies(mover)
        if attack is not None:
            challenged = frozenset({attack.target})
        else:
            end = path_rest[-1] if path_rest else step.cell
            challenged = opportunity.challenged_by_plain_move(grid, end, [(f.id, f.cell) for f in foes])
        passage = opportunity.Passage(mover.id, mover.side, step.origin, (step.cell,), challenged,
                                      provokes=step.provokes)
        bystanders = [opportunity.Bystander(f.id, f.side, fight.state.mover(f).cell, f.template,
                                            fight.stationary(f.id), fight.can_react(f.id), not f.out, f.prone)
                      for f in foes if (step.action, opportunity.KIND, f.id) not in self.offered]
        out: list[Any] = []
        for p in opportunity.provoked(grid, bystanders, passage):
            self.offered.add((step.action, opportunity.KIND, p.reactor))
            out.append(Offer(step.action, p.reactor, opportunity.KIND, mover.id, step.action, p.weapon.id))
        return out

    def _impalements(self, fight: Seed001Fight, action: int, attack: RollAttack, here: Any,
                     path_rest: tuple[Any, ...]) -> list[Any]:
        assert attack.rush is not None
        rusher = fight.creature(attack.creature)
        target = fight.creature(attack.target)
        rush = impalement.Rush(rusher.id, rusher.side, attack.rush.start, (here, *path_rest), target.id,
                               fight.state.mover(target).cell, melee=True)
        pikemen = [impalement.Pikeman(p.id, p.side, fight.state.mover(p).cell, p.template, fight.can_react(p.id),
                                      not p.out, p.prone)
                   for p in fight.state.enemies(rusher) if (action, impalement.KIND, p.id) not in self.offered]
        out: list[Any] = []
        for i in impalement.impalers(fight.state.board.grid, pikemen, rush):
            if i.index != 0:
                continue  # it strikes farther along the rush
            self.offered.add((action, impalement.KIND, i.reactor))
            out.append(Offer(action, i.reactor, impalement.KIND, rusher.id, action, i.weapon.id))
        return out

    # -- questions ---------------------------------------------------------------------------------------------

    def _offer_question(self, fight: Seed001Fight, step: Offer) -> Sequence[Question]:
        me = fight.creature(step.creature)
        if me.out or not fight.can_react(me.id):
            return []
        target = fight.creature(step.target) if step.target else None
        if target is not None and target.out:
            return []
        self.asked[(me.id, step.kind)] = step
        if step.kind == opportunity.KIND and target is not None:
            weapon = me.template.weapon(step.detail)
            assert weapon is not None
            words = opportunity.question(me.template, target.name, weapon, target.template.guard)
            options = (Option("attack", f"attack {target.name}"), Option(PASS, "let it pass"))
        elif step.kind == impalement.KIND and target is not None:
            weapon = me.template.weapon(step.detail)
            assert weapon is not None
            dice = pools.impalement_dice(me.template.impalement_forte(weapon))
            words = impalement.question(me.template, target.name, impalement.Impaler(me.id, weapon, dice, 0),
                                        target.template.guard)
            options = (Option("impale", f"impale {target.name}"), Option(PASS, "hold"))
        elif step.kind == standing.KIND:
            if not me.prone or me.id in self.rising:
                return []
            half = standing.penalty(me.template.standard_feet)
            words = (f"stand up by reaction? Up after a d4 seconds on the counter (prone till then), "
                     f"{half} ft less movement that round [33-34]; or stand by its action at once")
            options = (Option("stand", "stand by reaction"), Option(PASS, "stay down"))
        else:
            return []
        return [Question(me.side, me.id, step.kind, words, options)]

    def _defence_offer(self, fight: Seed001Fight, action: int, me: Creature) -> defence.Offer | None:
        blow = fight.blows.get(action)
        if blow is None or blow.target != me.id:
            return None
        made = defence.Blow(blow.pool, blow.weight, blow.strength, blow.delivery, blow.heavy, blow.opportunity)
        who = defence.Defender(me.name, me.template.skills, fight.can_react(me.id), me.vitals.exhausted)
        return defence.offer(who, made)

    def _defence_question(self, fight: Seed001Fight, step: DealDamage) -> Sequence[Question]:
        me = fight.creature(step.target)
        if me.out:
            return []
        made = self._defence_offer(fight, step.action, me)
        if made is None or made.chance == 0:
            return []  # nothing this adjustment can do to this pool: not asked (ours)
        self.asked[(me.id, defence.KIND)] = Offer(step.action, me.id, defence.KIND, step.creature, step.action)
        words = defence.question(defence.Defender(me.name, me.template.skills, True, me.vitals.exhausted),
                                 fight.name(step.creature), made)
        return [Question(me.side, me.id, defence.KIND, words,
                         (Option(made.skill.value, made.skill.value.replace("_", " ")), Option(PASS, "take it")))]

    # -- carrying out --------------------------------------------------------------------------------------

    def _spend(self, fight: Seed001Fight, me: Creature, what: str, target: str = "") -> None:
        fight.spend_reaction(me.id)
        fight.emit(rev.ReactionUsed(me.id, what, target))

    def _take(self, fight: Seed001Fight, step: Offer) -> None:
        me = fight.creature(step.creature)
        if not fight.can_react(me.id):
            return
        if step.kind == opportunity.KIND:
            self._spend(fight, me, "attack of opportunity", step.target)
            n = fight.engine.new_action()
            fight.engine.push(fight.attack_steps(n, me.id, step.target, step.detail, "opportunity",
                                                 dice=opportunity.dice(me.template), opportunity=True))
        elif step.kind == impalement.KIND:
            weapon = me.template.weapon(step.detail)
            assert weapon is not None
            self._spend(fight, me, "impalement", step.target)
            n = fight.engine.new_action()
            fight.engine.push(fight.attack_steps(n, me.id, step.target, weapon.id, "impalement",
                                                 dice=pools.impalement_dice(me.template.impalement_forte(weapon))))
        elif step.kind == standing.KIND:
            self._spend(fight, me, "stand up")
            delay = stand_up_delay(fight.engine.dice)
            fight.schedule(me.id, standing.LABEL, delay)
            self.rising[me.id] = standing.penalty(me.template.standard_feet)

    def _defend(self, fight: Seed001Fight, step: DealDamage, skill: Skill) -> None:
        me = fight.creature(step.target)
        made = self._defence_offer(fight, step.action, me)
        if made is None or made.skill is not skill:
            return
        blow = fight.blows[step.action]
        self._spend(fight, me, skill.value.replace("_", " "), step.creature)
        rolled = pools.roll_adjustment(fight.engine.dice, made.edge, made.rank, f"{me.id}'s {skill.value}")
        pool = blow.pool.adjusted(rolled, skill.against)
        fight.change_blow(step.action, pool)
        dice = {pools.Edge.NONE: "d6", pools.Edge.DISADVANTAGE: "2d6kl1", pools.Edge.ADVANTAGE: "2d6kh1"}[made.edge]
        after = fight.blows[step.action].damage
        fight.emit(rev.Defended(me.id, step.creature, skill.value, f"{dice}+{made.rank}", rolled,
                                pool.successes < blow.pool.successes, made.damage, after))

    def _stand(self, fight: Seed001Fight, me: Creature) -> None:
        feet = self.rising.pop(me.id)
        if me.out or not me.prone:
            return
        me.prone = False
        fight.emit(ev.StoodUp(me.id, "reaction"))
        carrier = fight.state.mover(me)
        carrier.feet_left = max(0, carrier.feet_left - feet)
        fight.emit(rev.MovementPenalised(me.id, feet, "stood up by reaction [33]"))


def install(fight: Seed001Fight) -> Reactions:
    """Add the reactions to ``fight`` (its package does, for every fight)."""
    part = Reactions()
    fight.extensions.append(part)
    return part


def expected_saving(fight: Seed001Fight, me: Creature) -> Fraction:
    """What keeping ``me``'s reaction for a dodge is worth this round (the AI's measure, for the window)."""
    part = next((x for x in fight.extensions if isinstance(x, Reactions)), None)
    if part is None:
        return Fraction(0)
    return ai.keeping_worth(me.template.skills, me.template.guard, me.vitals.exhausted, part.threats(fight, me))

