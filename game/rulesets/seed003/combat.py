"""What happens to creatures in seed 003: attack rolls against targets, damage, staggered / dying / dead,
healing with recoveries, conditions with durations and saves (numbers in brackets are seed 003's lines).

:class:`Combat` is a part of the fight object (``fight.py``): it reads the fight's state, clock and dice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from game.kernel.engine import Engine
from game.mechanics.conditions import Lasting, countdown, tick
from game.mechanics.tactics.pieces import PieceId
from game.rulesets.seed003 import attacks as at
from game.rulesets.seed003 import events as ev
from game.rulesets.seed003.clock import BandClock
from game.rulesets.seed003.commands import BASIC_MELEE, BASIC_RANGED
from game.rulesets.seed003.sheets import (Ability, ActionKind, Condition, DamageType, Defense, Effect, Frequency,
                                          Reach, StanceKind)
from game.rulesets.seed003.state import DEATH_FAILURES, HIT_POINTS, Creature, FightState, Held

if TYPE_CHECKING:
    from game.rulesets.seed003.commands import Step

SAVE = 11
"""An ordinary save: 3d6, 11+ (our reading: 3d6 as every roll of the document; 11+ is even odds)."""
DEATH_SAVE = 13
"""A death save is "usually a 13+ Save" [221]."""
ONE_ROUND_SAVE = 13
"""Rally's save against a one-round effect [193]."""

ATTACKER_DISADVANTAGE = (Condition.DAZED, Condition.WEAKENED, Condition.SHAKEN, Condition.STUNNED)
"""Conditions that give their holder 1 Disadvantage on attacks [254, 262, 265, 267]."""
TARGET_ADVANTAGE = (Condition.SOFTENED, Condition.WEAKENED, Condition.STUNNED)
"""Conditions that give attacks against their holder 1 Advantage [263, 265, 267]."""


def tier(level: int) -> int:
    """The tier of a level (our reading; the document names tiers without defining them [31, 253]): 1 for
    levels 1-4, 2 for 5-7, 3 for 8-10."""
    return 1 if level <= 4 else (2 if level <= 7 else 3)


def basic_ability(kind: StanceKind, reach: Reach = Reach.ENGAGED) -> Ability:
    """The basic attacks [13-27]: vs AC, the stance's damage [17], the class's miss damage [19]."""
    if kind is StanceKind.MELEE:
        return Ability(BASIC_MELEE, "Basic Melee Attack", "melee", Frequency.AT_WILL, ActionKind.STANDARD,
                       reach=Reach.ENGAGED, defense=Defense.AC, basic=StanceKind.MELEE)
    return Ability(BASIC_RANGED, "Basic Ranged Attack", "ranged", Frequency.AT_WILL, ActionKind.STANDARD,
                   reach=reach, defense=Defense.AC, basic=StanceKind.RANGED)


def is_ranged(ability: Ability) -> bool:
    """A ranged attack or ranged spell [159]: the basic ranged attack, a ``ranged`` ability, or a spell that
    reaches past the next cell (our reading)."""
    return (ability.basic is StanceKind.RANGED or ability.type == "ranged"
            or (ability.type == "spell" and ability.reach in (Reach.NEARBY, Reach.FAR)))


class Combat:
    engine: Engine[Step, object]
    state: FightState
    clock: BandClock
    turns: int
    sustained: dict[tuple[str, str], int]
    """(user, sustained ability) -> the turn count when it was last started or kept up [136]."""
    edge: set[str]
    """Creatures with 1 Advantage on their next attack this turn, from a Dicey Move [171]."""

    def emit(self, event: object) -> None:
        self.engine.emit(event)

    def creature(self, pid: str) -> Creature:
        return self.state.creatures[PieceId(pid)]

    def escalation_of(self, attacker: Creature) -> int | None:
        """What the escalation die adds to ``attacker``'s attacks (None: it does not add it [91])."""
        if not attacker.template.adds_escalation:
            return None
        return 0 if attacker.has(Condition.SHAKEN) else self.clock.escalation

    def net_against(self, attacker: Creature, target: Creature) -> int:
        """Advantage minus Disadvantage of ``attacker``'s attack on ``target``: one per different condition
        name [251], and 1 Advantage for a grabber against whom it grabs [257]."""
        mine, theirs = attacker.names(), target.names()
        disadvantage = sum(1 for c in ATTACKER_DISADVANTAGE if c in mine)
        advantage = (sum(1 for c in TARGET_ADVANTAGE if c in theirs) + int(attacker.id in target.grabbers())
                     + int(attacker.id in self.edge))
        return at.net_advantage(advantage, disadvantage)

    def attack(self, attacker: Creature, ability: Ability, targets: Sequence[Creature], *, coup: bool = False) -> None:
        """One attack roll per target [7], all rolled before any damage; then each target's hit or miss. A
        coup de grace crits on any roll but a natural 3 [197]."""
        # Invisible: "Anyone trying to attack you has to roll a 11+ save first; if it fails, the attack has no
        # effects" [260].
        unseen = {t.id for t in targets if t.has(Condition.INVISIBLE)
                  and self.save(attacker, f"seeing the invisible {t.name}", SAVE).natural < SAVE}
        checks = [at.roll_check(self.engine.dice, self.net_against(attacker, t),
                                f"{attacker.name}'s {ability.name} against {t.name}") for t in targets]
        self.edge.discard(attacker.id)  # a Dicey Move's Advantage goes to one attack [171]
        escalation = self.escalation_of(attacker)
        bonus = at.attack_bonus(attacker.template.level, attacker.volition, escalation or 0,
                                adds_escalation=escalation is not None)
        defense = ability.defense or Defense.AC
        for target, check in zip(targets, checks):
            if target.dead or target.id in unseen:
                continue
            hit_roll = at.hit_roll(attacker.template, ability)
            types = hit_roll.types if hit_roll is not None else (DamageType.WEAPON,)
            crit_at = at.crit_against(target.template, types, vulnerable=target.has(Condition.VULNERABLE))
            value = target.defense_value(target.template.defense(defense))
            if coup:
                crit_at = at.NATURAL_FAIL + 1  # every roll but a natural 3 (still a critical failure [5])
            result = at.judge(check.natural, check.natural + bonus, value, crit_at)
            rolled, miss_amount = 0, 0
            if result.is_hit and hit_roll is not None:
                rolled = self._roll_damage(hit_roll, f"{ability.name} damage on {target.name}")
            miss = at.miss_roll(attacker.template, ability)
            if result is at.Result.MISS and miss is not None:
                miss_amount = self._roll_damage(miss, f"{ability.name} miss damage on {target.name}")
                types = miss.types
            resist_at = at.resist_threshold(target.template.resistances, types)
            outcome = at.resolve_attack(check, bonus=bonus, defense=value, crit_at=crit_at, resist_at=resist_at,
                                        hit_damage=rolled, miss_amount=miss_amount)
            self.emit(at.attack_rolled(attacker.template, attacker.id, target.id, ability.name, outcome, defense,
                                       escalation=escalation))
            if result.is_hit:
                attacker.hit_this_round.add(target.id)
            if outcome.damage:
                self.damage(target, outcome.damage, f"{ability.name} of {attacker.name}",
                            crit=result is at.Result.CRIT)
            if (attacker.has(Condition.CONFUSED) and check.natural % 2 == 1 and result is not at.Result.CRIT_FAIL
                    and (rolled or miss_amount) // 2 and not attacker.out):
                # Confused: "on a Natural Odd Hit or Miss, you take half of any damage you deal. Calculate this
                # before multiplying/dividing damage" [253].
                self.damage(attacker, (rolled or miss_amount) // 2, "confusion")
            effect = ability.hit if result.is_hit else (ability.miss if result is at.Result.MISS else None)
            if effect is not None and not target.out:
                for condition in effect.conditions:
                    if ability.sustain:
                        self.lay_sustained(target, condition, attacker, ability)
                    else:
                        self.lay(target, condition, attacker)
                if effect.ongoing:
                    self.lay_ongoing(target, effect.ongoing, attacker)

    def take_effect(self, actor: Creature, ability: Ability, targets: Sequence[Creature]) -> None:
        """An ability that makes no attack: a heal using the target's recovery (which brings a dying ally
        back [227]), or popping off an engaged enemy without a check [165]."""
        if actor.has(Condition.CONFUSED) and self.save(actor, "confusion", SAVE).natural < SAVE:
            # "If you use any non-attack abilities ..., roll an 11+ save; on a failure, you deal damage equal
            # to your tier to yourself" [253].
            self.damage(actor, tier(actor.template.level), "confusion")
        for target in targets:
            if ability.effect is Effect.HEAL and not target.dead:
                self.heal(target, ability.name)
            elif ability.effect is Effect.POP_OFF and not target.out:
                actor.popped.add(target.id)
                self.emit(ev.PoppedOff(actor.id, target.id, ability.name))

    def _roll_damage(self, roll: at.DamageRoll, purpose: str) -> int:
        if not roll.count:
            return max(0, roll.bonus)
        return max(0, self.engine.dice.roll(roll.count, roll.sides, roll.bonus, purpose).total)

    def damage(self, target: Creature, amount: int, cause: str, *, crit: bool = False) -> None:
        """Hit points down; staggered at half [205]; a PC at 0 or less is dying, an enemy dead [207]."""
        before = target.hp
        target.hp -= amount
        self.emit(ev.DamageTaken(target.id, amount, target.hp, cause))
        if target.out:
            return
        if HIT_POINTS.reached_half(before, target.hp, target.max_hp):
            self.emit(ev.Staggered(target.id))
        if not HIT_POINTS.is_zero(target.hp):
            return
        if target.template.pc:
            target.dying = True
            target.hard_first_save = crit or target.hp <= -(target.max_hp // 2)
            self.emit(ev.Dropped(target.id, target.hp, target.hard_first_save))
        else:
            target.dead = True
            self.emit(ev.Died(target.id, "0 hit points"))

    def heal(self, creature: Creature, how: str) -> None:
        """Heal using a recovery: its recovery dice, taken at their average [215]; NPCs 1d6 per level is
        not rolled here (NPCs have no recoveries: they heal by level [217]). With none left, half, and -1
        to Volition and defenses [213]. A dying PC heals from 0 [223, 227]."""
        sheet = creature.template
        amount = sheet.recovery_dice.average if sheet.pc else 3 * sheet.level
        if creature.recoveries > 0:
            creature.recoveries -= 1
        else:
            amount //= 2
            creature.worn += 1
        if creature.dying or creature.hp < 0:
            creature.hp = 0
        creature.dying = creature.stabilized = False
        creature.hp = min(creature.max_hp, creature.hp + amount)
        self.emit(ev.Healed(creature.id, amount, creature.hp, creature.recoveries, how))

    # -- conditions and saves ----------------------------------------------------------------------------

    def lay(self, target: Creature, condition: Condition, source: Creature) -> None:
        """A condition from an ability lasts until the end of its target's next turn (our reading: the
        document's conditions are "one-round effects" [193] unless an ability says otherwise)."""
        c = countdown(Lasting.END_OF_NEXT_TURN, target.id, self.clock.holder())  # type: ignore[arg-type]
        target.conditions.append(Held(condition, source.id, Lasting.END_OF_NEXT_TURN, c.ends_on, c.at_start,
                                      c.turns))
        self.emit(ev.ConditionApplied(target.id, condition.value, source.id))

    def lay_sustained(self, target: Creature, condition: Condition, source: Creature, ability: Ability) -> None:
        """A condition from a sustained ability lasts while its user sustains it [136] (``sustain.py``)."""
        target.conditions.append(Held(condition, source.id, Lasting.ENCOUNTER, sustain=ability.id))
        self.sustained[(source.id, ability.id)] = self.turns
        self.emit(ev.ConditionApplied(target.id, condition.value, source.id))

    def lay_ongoing(self, target: Creature, amount: int, source: Creature) -> None:
        """Ongoing damage, save ends [261]."""
        target.conditions.append(Held(None, source.id, Lasting.SAVE_ENDS, ongoing=amount))
        self.emit(ev.ConditionApplied(target.id, f"taking ongoing {amount} damage", source.id))

    def save(self, creature: Creature, against: str, target: int, bonus: int = 0) -> at.Check:
        """A save: 3d6 + ``bonus``, ``target``+; Enervated gives 1 Disadvantage [255]."""
        net = self.save_net(creature)
        check = at.roll_check(self.engine.dice, net, f"{creature.name}'s save against {against}")
        ok = check.natural + bonus >= target
        self.emit(ev.SaveRolled(creature.id, against, check.faces, check.kept, check.net, bonus, target,
                                "success" if ok else "failure"))
        return check

    def save_net(self, creature: Creature) -> int:
        """A save's net advantage: Enervated gives 1 Disadvantage [255]."""
        return -1 if creature.has(Condition.ENERVATED) else 0

    def end_of_turn(self, creature: Creature) -> None:
        """"At the end of your turn, take any ongoing damage, then make saves for any save ends effects"
        [107]; then the conditions lasting to the end of someone's turn count down."""
        if not creature.dead:
            for held in [h for h in creature.conditions if h.ongoing]:
                self.damage(creature, held.ongoing, "ongoing damage")
            for held in [h for h in creature.conditions if h.lasting is Lasting.SAVE_ENDS]:
                if creature.dead:
                    break
                if self.save(creature, held.label, SAVE).natural >= SAVE:
                    creature.conditions.remove(held)
                    self.emit(ev.ConditionEnded(creature.id, held.label, "saved"))
                else:
                    self.save_failed(creature, held)
        held_by = [(c, c.conditions) for c in self.state.creatures.values()]
        for holder, ended in tick(held_by, creature.id, at_start=False):
            self.emit(ev.ConditionEnded(holder.id, ended.label, "its time is up"))

    def save_failed(self, creature: Creature, held: Held) -> None:
        """A save at the end of a turn failed (what an interrupt may answer: ``interrupts.py``)."""

    def death_save(self, creature: Creature) -> bool:
        """The dying PC's death save on its turn [221-225]; True when it may act this turn (a crit)."""
        net = (-2 if creature.hard_first_save else 0) + self.save_net(creature)
        creature.hard_first_save = False
        check = at.roll_check(self.engine.dice, net, f"{creature.name}'s death save")
        if check.natural >= at.NATURAL_CRIT:
            result = "critical success"
        else:
            result = "success" if check.natural >= DEATH_SAVE else "failure"
        self.emit(ev.SaveRolled(creature.id, "death", check.faces, check.kept, check.net, 0, DEATH_SAVE, result))
        if result == "failure" and creature.stabilized:
            return False  # stabilized: "failed Death Saves don't put them at risk of dying" [227]
        if result == "failure":
            creature.death_failures += 1
            if creature.death_failures >= DEATH_FAILURES:
                creature.dying, creature.dead = False, True
                self.emit(ev.Died(creature.id, f"{DEATH_FAILURES} failed death saves"))
            return False
        self.heal(creature, "death save")
        return result == "critical success"

    def rally(self, creature: Creature) -> None:
        """Heal using a recovery, then one save against ongoing damage or a save ends effect (11+), or a
        one-round effect (13+), with the escalation die as a bonus [193]."""
        self.heal(creature, "rally")
        bonus = self.clock.escalation
        held = next((h for h in creature.conditions if h.lasting is Lasting.SAVE_ENDS), None)
        target = SAVE
        if held is None:
            held, target = next(iter(creature.conditions), None), ONE_ROUND_SAVE
        if held is None:
            return
        if self.save(creature, held.label, target, bonus).natural + bonus >= target:
            creature.conditions.remove(held)
            self.emit(ev.ConditionEnded(creature.id, held.label, "saved"))
