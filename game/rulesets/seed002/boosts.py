"""Seed 002's Smash [134-135], Slam [136-137], Raise [138-139] and Hunch [140-141] (numbers in brackets are
seed 002's lines): each a reaction, the player's decision at its moment, with what the AI weighs.

Our readings:

* each is a **reaction**, so it is the creature's one reaction of that turn [20], and none is offered while
  a readied action waits [41];
* **Smash** [135]: asked after a hit, before the damage: the attacker rolls d20 + damage rank in place of the
  passive 10 + rank as the DC of the target's Toughness check (``track.damage_dc``'s ``rolled``);
* **Slam** [137]: asked after a hit of an attacker that moved 10 feet or more this round before the attack:
  +1 Advantage per full 10 feet moved, at most +5, added to the damage rank (the document's "without the
  bonus gained for using slam" puts the bonus on the damage); the slammer then makes its own Toughness check
  against the attack's damage without the bonus. Slam is asked first, Smash after it when the reaction is
  still unspent;
* **Raise** [139]: asked before an attack check or a stunt's opposed check, one raise at a time (a second
  asked only after a first, at most two): each +5 to the DC (an opposed check: to the opponent's total),
  +2 degrees on a success, +1 degree on a failure;
* **Hunch** [141]: asked before a skill check (an escape, or holding on against one): an Intuition check
  against DC 10 whose degrees give the skill check Advantage or Disadvantage.

The AI takes each when its exact odds favour it (:func:`smash_gain`, :func:`best_raises`,
:func:`hunch_gain`): the chances come from :mod:`game.rulesets.seed002.checks`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Sequence

from game.kernel.decisions import PASS, Decision, Option, Question
from game.mechanics.tactics.pieces import PieceId
from game.rulesets.seed002 import checks, track
from game.rulesets.seed002 import events as ev
from game.rulesets.seed002.commands import Offer, RollAttack
from game.rulesets.seed002.readying import Part, Seed002Fight
from game.rulesets.seed002.sheets import AttackKind
from game.rulesets.seed002.track import Track, damage_chances

if TYPE_CHECKING:
    from game.rulesets.seed002.state import Creature

SMASH = "reaction:smash"
SLAM = "reaction:slam"
RAISE = "reaction:raise"
HUNCH = "reaction:hunch"
"""The kinds of decision each opens (standing orders are set per kind)."""

SLAM_FEET = 10
"""Feet moved per rank of a Slam's Advantage [137]."""
SLAM_MAX = 5
"""The most Advantage a Slam gives [137]."""


# -- Smash ------------------------------------------------------------------------------------------------


def expected_levels(track: Track, toughness: int, dc: int) -> Fraction:
    """The expected damage levels a Toughness check of a creature in ``track`` against ``dc`` adds."""
    return sum((levels * p for levels, p in damage_chances(track, toughness, dc).items()), Fraction(0))


def smashed_levels(track: Track, toughness: int, rank: int) -> Fraction:
    """The expected damage levels of a smashed hit of ``rank``: the DC is d20 + rank [135]."""
    return sum((expected_levels(track, toughness, die + rank) for die in range(1, checks.DIE + 1)),
               Fraction(0)) / checks.DIE


def smash_gain(track: Track, toughness: int, rank: int) -> Fraction:
    """What a Smash adds to the expected damage levels of a hit of ``rank`` (negative: it loses)."""
    return smashed_levels(track, toughness, rank) - expected_levels(track, toughness, checks.passive(rank))


SMASH_WORTH = Fraction(1, 20)
"""The least gain in expected damage levels for which the AI spends its reaction on a Smash."""


def ai_smashes(track: Track, toughness: int, rank: int) -> bool:
    """The AI smashes when it adds at least :data:`SMASH_WORTH` expected damage levels."""
    return smash_gain(track, toughness, rank) >= SMASH_WORTH


# -- Slam -------------------------------------------------------------------------------------------------


def slam_advantage(feet_moved: int) -> int:
    """"+1 Advantage per 10' moved that round before your attack, gaining up to a maximum bonus of +5" [137]."""
    if feet_moved < 0:
        raise ValueError("feet moved are counted from 0")
    return min(SLAM_MAX, feet_moved // SLAM_FEET)


def slam_self_dc(damage: int) -> int:
    """The DC of the slammer's own Toughness check: the attack's damage without the slam's bonus [137]."""
    return checks.passive(damage)


def slam_gain(target: Track, toughness: int, damage: int, bonus: int, me: Track, my_toughness: int) -> Fraction:
    """Expected levels a Slam of ``bonus`` adds to the target, less those the slammer takes itself."""
    dealt = (expected_levels(target, toughness, checks.passive(damage + bonus))
             - expected_levels(target, toughness, checks.passive(damage)))
    return dealt - expected_levels(me, my_toughness, slam_self_dc(damage))


def ai_slams(target: Track, toughness: int, damage: int, bonus: int, me: Track, my_toughness: int) -> bool:
    """The AI slams when the expected levels dealt beat those it takes by :data:`SMASH_WORTH`."""
    return bonus > 0 and slam_gain(target, toughness, damage, bonus, me, my_toughness) >= SMASH_WORTH


# -- Raise ------------------------------------------------------------------------------------------------


def opposed_raised(total: int, bonus: int, opponent_total: int, opponent_bonus: int, raises: int) -> checks.Outcome:
    """An opposed check with ``raises``: each +5 to the opponent's total, the degrees as [139] says."""
    if not 0 <= raises <= checks.MAX_RAISES:
        raise ValueError(f"{raises} raises: a check takes 0 to {checks.MAX_RAISES} [seed 002, line 139]")
    out = checks.opposed_outcome(total, bonus, opponent_total + checks.RAISE_DC * raises, opponent_bonus)
    extra = 2 * raises if out.success else raises
    return checks.Outcome(out.success, out.degrees + extra, out.total, out.dc)


def opposed_raised_chances(bonus: int, opponent_bonus: int, raises: int) -> dict[int, Fraction]:
    """The exact chance of each outcome (signed degrees) of an opposed check with ``raises``."""
    out: dict[int, Fraction] = {}
    for mine in range(1, checks.DIE + 1):
        for theirs in range(1, checks.DIE + 1):
            key = opposed_raised(mine + bonus, bonus, theirs + opponent_bonus, opponent_bonus, raises).signed
            out[key] = out.get(key, Fraction(0)) + Fraction(1, checks.DIE * checks.DIE)
    return out


def worth_of(chances: dict[int, Fraction], worth: Callable[[int], Fraction | int]) -> Fraction:
    """The expected worth of an outcome, ``worth`` giving each signed degree's."""
    return sum((p * Fraction(worth(k)) for k, p in chances.items()), Fraction(0))


def best_raises(odds: Callable[[int], dict[int, Fraction]], worth: Callable[[int], Fraction | int]) -> int:
    """The number of raises (0 to 2) whose exact odds (``odds(raises)``) give the most expected ``worth``
    (ties: fewer raises)."""
    best, best_worth = 0, worth_of(odds(0), worth)
    for raises in range(1, checks.MAX_RAISES + 1):
        w = worth_of(odds(raises), worth)
        if w > best_worth:
            best, best_worth = raises, w
    return best


def check_odds(bonus: int, dc: int) -> Callable[[int], dict[int, Fraction]]:
    """A check's odds by number of raises, for :func:`best_raises`."""
    return lambda raises: checks.chances(bonus, dc, raises=raises)


def opposed_odds(bonus: int, opponent_bonus: int) -> Callable[[int], dict[int, Fraction]]:
    """An opposed check's odds by number of raises, for :func:`best_raises`."""
    return lambda raises: opposed_raised_chances(bonus, opponent_bonus, raises)


def hit_worth(signed: int) -> int:
    """What an attack check is worth when only hitting counts (a plain attack): 1 for a hit."""
    return 1 if signed > 0 else 0


def push_worth(signed: int) -> int:
    """What a push or pull's opposed check is worth: the squares it moves the target (one per degree)."""
    return max(0, signed)


# -- Hunch ------------------------------------------------------------------------------------------------


def hunch_gain(intuition: int) -> Fraction:
    """The expected ranks (Advantage positive, Disadvantage negative) a Hunch gives the skill check [141]."""
    return sum((ranks * p for ranks, p in checks.granted_chances(intuition, checks.EASY_DC).items()), Fraction(0))


HUNCH_WORTH = Fraction(1, 2)
"""The least expected Advantage for which the AI spends its reaction on a Hunch."""


def ai_hunches(intuition: int) -> bool:
    return hunch_gain(intuition) >= HUNCH_WORTH


# -- events ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Smashed:
    """The damage rank is rolled: the Toughness check is against ``dc`` [135]."""

    creature: str
    target: str
    dc: int


@dataclass(frozen=True, slots=True)
class Slammed:
    """``creature`` slams ``target`` after moving ``feet``: +``bonus`` to the damage; its own Toughness check
    against ``dc`` follows [137]."""

    creature: str
    target: str
    feet: int
    bonus: int
    dc: int


@dataclass(frozen=True, slots=True)
class Raised:
    """``creature`` raises its ``check`` (``raises`` in all): +5 DC each [139]."""

    creature: str
    check: str
    raises: int


@dataclass(frozen=True, slots=True)
class Hunched:
    """A Hunch gives ``creature``'s ``check`` ``ranks`` of Advantage (negative: Disadvantage) [141]."""

    creature: str
    check: str
    ranks: int


def describe(event: object, n: Callable[[str], str]) -> str | None:
    """The log line of one of this module's events (``n``: a creature id's name), or None."""
    match event:
        case Smashed():
            return f"{n(event.creature)} smashes {n(event.target)}: the damage is rolled, DC {event.dc}"
        case Slammed():
            return (f"{n(event.creature)} slams into {n(event.target)} after {event.feet} ft: +{event.bonus} damage, "
                    f"and its own Toughness check against DC {event.dc}")
        case Raised():
            return f"{n(event.creature)} raises its {event.check} ({event.raises} raise{'s' if event.raises > 1 else ''})"
        case Hunched():
            if event.ranks > 0:
                effect = f"+{event.ranks} Advantage"
            elif event.ranks < 0:
                effect = f"{-event.ranks} Disadvantage"
            else:
                effect = "nothing"
            return f"{n(event.creature)} follows a hunch on its {event.check}: {effect}"
    return None


# -- in the fight -----------------------------------------------------------------------------------------

WORTHS: dict[str, Callable[[int], int]] = {"hit": hit_worth, "push": push_worth}


@dataclass(frozen=True, slots=True)
class RaiseContext:
    """What the AI weighs for a raise: the check's bonus and the opposing bonus, what its degrees are worth."""

    creature: str
    check: str
    bonus: int
    opponent: int
    worth: str
    """A key of :data:`WORTHS`."""


class Boosts(Part):
    """Smash and Slam after a hit; Raise before a stunt's opposed check; Hunch before an escape's."""

    def __init__(self) -> None:
        self.raises: dict[int, int] = {}
        """Raises declared, by the check's action number."""
        self.hunches: dict[int, int] = {}
        """A Hunch's ranks, by the check's action number."""
        self._raising: dict[int, RaiseContext] = {}
        self._asked: dict[tuple[str, str], tuple[int, str, str]] = {}
        """(chooser, kind) -> (the check or attack's action, its detail, the other creature) of the offer asked
        last: what the AI weighs."""

    @staticmethod
    def may(creature: Creature) -> bool:
        """Up, with its reaction of this turn free and no readied action waiting [7, 41]."""
        return not creature.out and creature.economy.why_no_reaction() is None

    # -- Smash and Slam ---------------------------------------------------------------------------------------

    def after(self, fight: Seed002Fight, step: Any) -> list[Any]:
        if isinstance(step, Offer) and step.kind == RAISE and step.detail == "1" and self.raises.get(step.about):
            context = self._raising.get(step.about)
            return [Offer(fight.engine.new_action(), step.creature, RAISE, step.target, step.about, "2")] if context else []
        if not isinstance(step, RollAttack) or step.kind == "stunt":
            return []
        outcome = fight.outcomes.get(step.action)
        attacker = fight.creature(step.creature)
        attack = attacker.template.attack(step.attack)
        if outcome is None or not outcome.success or attack is None or not self.may(attacker):
            return []
        out: list[Any] = []
        if attack.kind is AttackKind.CLOSE and slam_advantage(attacker.moved_feet) > 0:
            out.append(Offer(fight.engine.new_action(), attacker.id, SLAM, step.target, step.action, attack.id))
        out.append(Offer(fight.engine.new_action(), attacker.id, SMASH, step.target, step.action, attack.id))
        return out

    def question(self, fight: Seed002Fight, step: Any) -> Sequence[Question]:
        if not isinstance(step, Offer) or step.kind not in (SMASH, SLAM, RAISE, HUNCH):
            return []
        me = fight.creature(step.creature)
        other = fight.creature(step.target) if step.target else None
        second = step.kind == RAISE and step.detail == "2"
        if me.out or (not second and not self.may(me)) or (other is not None and other.out):
            return []
        self._asked[(me.id, step.kind)] = (step.about, step.detail, step.target)
        name = other.name if other is not None else ""
        if step.kind == SLAM:
            attack = me.template.attack(step.detail)
            assert attack is not None
            bonus = slam_advantage(me.moved_feet)
            text = (f"{me.name}: slam into {name} after {me.moved_feet} ft? +{bonus} damage, and a Toughness check "
                    f"against DC {slam_self_dc(attack.damage)} for {me.name}")
            options = (Option("slam", f"slam (+{bonus})"), Option(PASS, "no"))
        elif step.kind == SMASH:
            attack = me.template.attack(step.detail)
            assert attack is not None
            rank = attack.damage + fight.mods_of(step.about).damage_bonus + fight.modifier("damage", me)
            text = f"{me.name}: smash {name}? Roll d20 + {rank} for the damage in place of {checks.passive(rank)}"
            options = (Option("smash", "smash"), Option(PASS, "no"))
        elif step.kind == RAISE:
            context = self._raising.get(step.about)
            if context is None:
                return []
            text = f"{me.name}: raise its {context.check}{' again' if second else ''}? +5 to beat, +2 degrees on a success"
            options = (Option("raise", "raise"), Option(PASS, "no"))
        else:
            text = f"{me.name}: follow a hunch (Intuition against DC 10) before its {step.detail}?"
            options = (Option("hunch", "hunch"), Option(PASS, "no"))
        return [Question(me.side, me.id, step.kind, text, options)]

    def resolve(self, fight: Seed002Fight, step: Any, answers: Sequence[Option]) -> bool:
        if not isinstance(step, Offer) or step.kind not in (SMASH, SLAM, RAISE, HUNCH):
            return False
        if not answers or answers[0].key == PASS:
            return True
        me = fight.creature(step.creature)
        if step.kind == RAISE:
            if step.detail != "2":
                me.economy = me.economy.react()
            self.raises[step.about] = self.raises.get(step.about, 0) + 1
            context = self._raising[step.about]
            fight.emit(Raised(me.id, context.check, self.raises[step.about]))
            return True
        me.economy = me.economy.react()
        if step.kind == HUNCH:
            ranks = checks.hunch(fight.engine.dice, me.template.intuition - me.track.disadvantage,
                                 f"hunch ({me.name})")
            self.hunches[step.about] = ranks
            fight.emit(Hunched(me.id, step.detail, ranks))
            return True
        attack = me.template.attack(step.detail)
        assert attack is not None
        mods = fight.mods_of(step.about)
        if step.kind == SLAM:
            feet, bonus = me.moved_feet, slam_advantage(me.moved_feet)
            mods.damage_bonus += bonus
            dc = slam_self_dc(attack.damage)
            fight.emit(Slammed(me.id, step.target, feet, bonus, dc))
            _, after = track.resist(fight.engine.dice, me.track, me.template.toughness + fight.modifier("toughness", me),
                                    dc, f"toughness ({me.name}, slam)")
            levels, me.track = after.damage - me.track.damage, after
            fight.emit(ev.Hurt(me.id, levels, after.word))
            if me.down:
                fight.went_down(me)
            return True
        thrown = fight.engine.dice.roll(1, checks.DIE, 0, f"smash ({me.name})")
        mods.damage_roll = thrown.faces[0]
        rank = attack.damage + mods.damage_bonus + fight.modifier("damage", me)
        fight.emit(Smashed(me.id, step.target, track.damage_dc(rank, mods.damage_roll)))
        return True

    # -- Raise and Hunch, offered by the stunts ----------------------------------------------------------------

    def offer_raise(self, fight: Seed002Fight, creature: Creature, target: Creature, about: int, check: str,
                    bonus: int, opponent: int, worth: str) -> list[Any]:
        """The offer of a Raise before an opposed check of ``creature``'s (action ``about``) [139]."""
        if not self.may(creature):
            return []
        self._raising[about] = RaiseContext(creature.id, check, bonus, opponent, worth)
        return [Offer(fight.engine.new_action(), creature.id, RAISE, target.id, about, "1")]

    def offer_hunch(self, fight: Seed002Fight, creature: Creature, about: int, check: str) -> list[Any]:
        """The offer of a Hunch before ``creature``'s skill check ``check`` (action ``about``) [141]."""
        if not self.may(creature):
            return []
        return [Offer(fight.engine.new_action(), creature.id, HUNCH, "", about, check)]

    # -- the AI ---------------------------------------------------------------------------------------------

    def ai_answer(self, fight: Seed002Fight, decision: Decision) -> str | None:
        """Each when the exact odds favour it: Slam and Smash for more expected damage levels, Raise to the
        best number of raises, Hunch for at least half a rank of Advantage expected."""
        if decision.kind not in (SMASH, SLAM, RAISE, HUNCH):
            return None
        me = fight.creature(decision.chooser)
        about, detail, target_id = self._asked.get((me.id, decision.kind), (0, "", ""))
        if decision.kind == HUNCH:
            return "hunch" if ai_hunches(me.template.intuition - me.track.disadvantage) else PASS
        if decision.kind == RAISE:
            context = self._raising.get(about)
            if context is None:
                return PASS
            best = best_raises(opposed_odds(context.bonus, context.opponent), WORTHS[context.worth])
            return "raise" if best > self.raises.get(about, 0) else PASS
        attack = me.template.attack(detail)
        foe = fight.state.creatures.get(PieceId(target_id)) if target_id else None
        if attack is None or foe is None:
            return PASS
        toughness = foe.template.toughness + fight.modifier("toughness", foe)
        rank = attack.damage + fight.mods_of(about).damage_bonus + fight.modifier("damage", me)
        if decision.kind == SMASH:
            return "smash" if ai_smashes(foe.track, toughness, rank) else PASS
        mine = me.template.toughness + fight.modifier("toughness", me)
        return "slam" if ai_slams(foe.track, toughness, rank, slam_advantage(me.moved_feet), me.track, mine) else PASS
