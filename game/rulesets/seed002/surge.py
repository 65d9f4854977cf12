"""Seed 002's Surge [123-133] (numbers in brackets are seed 002's lines): its benefits, once a turn, and the
fatigue that follows it.

"Using a Surge is a Reaction and can be performed at any time, but is limited to once per turn" [124]; a
hero gains one benefit [125-132]; "At the start of the turn immediately after using a Surge, the character
becomes fatigued. A fatigued character who uses a Surge becomes exhausted and an exhausted character who uses
a Surge is incapacitated. If you spend Destiny before the start of the turn following the Surge to remove the
fatigue (preemptive Recover), the character suffers no adverse effects" [133].

Our readings:

* only a creature whose sheet allows it (a hero [124]) surges; it is its reaction of the turn (one a turn,
  any creature's turn), so a creature with a readied action waiting cannot surge [41]. On its own turn it is a
  command (any benefit); outside it, the table offers it as the hero is attacked, before the attack check (a
  decision of kind :data:`SURGE`: a boost to its Defense or a burst), the moments a board can tell;
* the benefits played (:class:`Benefit`): **additional action** — one more standard action, on the
  surger's own turn only ("during your turn" [125]); **boost** — +1 rank to one trait of :data:`TRAITS` until
  the end of the surger's next turn to *start* after the Surge (surged on its own turn, that is its following
  turn); **burst** — its own Disadvantage ranks and its opponents' Advantage ranks against it count 0 for as
  long; **resistance** — an extra resistance check now against one ongoing effect it suffers (a stunt's
  affliction). Alternate effect, edge, counter and retry [126, 129, 130, 132] need powers, edges and
  effects this table does not have: not offered (:data:`OUT_OF_SCOPE`);
* **the fatigue's turn** (left open by [133]): *the next turn to start in the order*, whoever's it is (the
  literal "turn immediately after"); a Surge made during a turn makes the surger one level more tired
  (:meth:`game.rulesets.seed002.track.Track.tire`: fresh -> fatigued -> exhausted -> incapacitated) when
  the next turn starts, unless it spends a Destiny point first: a decision of kind :data:`DESTINY` asked of
  the surger just before that turn starts (with standing orders; the AI spends one when it has one).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Callable, Sequence

from game.kernel.clock import EndTurn, StartTurn
from game.kernel.decisions import PASS, Decision, Option, Question
from game.kernel.engine import Impossible
from game.rulesets.seed002.commands import Offer, RollAttack
from game.rulesets.seed002.commands import Surge as SurgeCommand
from game.rulesets.seed002.orders import Plan
from game.rulesets.seed002.readying import Part, Readying, Seed002Fight, part, refresh
from game.rulesets.seed002.stunts import Stunts
from game.rulesets.seed002.track import Track

if TYPE_CHECKING:
    from game.rulesets.seed002.state import Creature

SURGE = "reaction:surge"
"""The kind of decision offering a Surge as a hero is attacked outside its turn (before the attack check)."""
GUARD_BOOST = "boost:defense"
"""The option of a Surge offered as a hero is attacked: a boost to its Defense."""
DESTINY = "destiny:surge_fatigue"
"""The kind of decision asking a surger to spend Destiny against the Surge's fatigue [118, 133]."""


class Benefit(enum.Enum):
    """The benefits of a Surge the table plays [125-131], with their words."""

    ADDITIONAL_ACTION = ("additional_action", "an additional standard action")
    BOOST = ("boost", "+1 rank to {trait}")
    BURST = ("burst", "Disadvantages and opponents' Advantages negated")
    RESISTANCE = ("resistance", "an extra check against {trait}")

    def __init__(self, key: str, words: str) -> None:
        self.key = key
        self.words = words

    @classmethod
    def named(cls, key: str) -> Benefit | None:
        return next((b for b in cls if b.key == key), None)


OUT_OF_SCOPE = ("alternate_effect", "edge", "counter", "retry")
"""Benefits that need powers, edges or effects the table does not have [126, 129, 130, 132]."""

TRAITS: dict[str, str] = {
    "attack": "attack checks",
    "damage": "damage rank",
    "defense": "Defense",
    "toughness": "Toughness",
    "speed": "speed rank",
}
"""The traits a Boost may raise by a rank [127], with their words."""


@dataclass(frozen=True, slots=True)
class Surging:
    """What a creature's Surges have left in force."""

    last_turn: int = -1
    """The turn (the fight's count of turns) of its last Surge: one a turn [124]."""
    fatigue_due: bool = False
    """A Surge's fatigue lands when the next turn starts [133]."""
    boost: str = ""
    """The trait a Boost raises ("" for none)."""
    burst: bool = False
    """Under a Burst."""
    started: bool = False
    """Its own next turn has started since the boost or burst began (they end when that turn ends)."""

    @property
    def lasting(self) -> bool:
        return bool(self.boost) or self.burst

    def boosted(self, trait: str) -> int:
        """The ranks a Boost adds to ``trait`` (0 or 1)."""
        return 1 if self.boost == trait else 0


def surge_problem(state: Surging, *, may_surge: bool, turn: int, own_turn: bool, reaction_left: bool,
                  readied: bool, benefit: str, trait: str = "", ongoing: tuple[str, ...] = ()) -> str:
    """Why a creature cannot surge now for ``benefit`` ("" when it can). ``turn``: the fight's count of turns;
    ``own_turn``: it is the surger's; ``reaction_left``: its reaction of this turn is unspent; ``readied``: a
    readied action waits [41]; ``ongoing``: the ongoing effects it suffers (what resistance can check)."""
    if not may_surge:
        return "only heroes surge"
    if readied:
        return "a readied action waits: no other reaction until it is taken"
    if state.last_turn == turn:
        return "one Surge a turn"
    if not reaction_left:
        return "its reaction of this turn is spent"
    chosen = Benefit.named(benefit)
    if chosen is None:
        if benefit in OUT_OF_SCOPE:
            return f"the {benefit.replace('_', ' ')} benefit needs powers the table does not have"
        return f"there is no Surge benefit {benefit!r}; benefits: {', '.join(b.key for b in Benefit)}"
    if chosen is Benefit.ADDITIONAL_ACTION and not own_turn:
        return "an additional action is gained during the surger's own turn"
    if chosen is Benefit.BOOST and trait not in TRAITS:
        return f"a boost names a trait: {', '.join(TRAITS)}"
    if chosen is Benefit.RESISTANCE and trait not in ongoing:
        return "no such ongoing effect to resist" if ongoing else "no ongoing effect to resist"
    return ""


def surged(state: Surging, turn: int, benefit: Benefit, trait: str = "") -> Surging:
    """The state after a Surge in turn ``turn``: fatigue due; a boost or burst begins (replacing one in
    force of the same kind)."""
    out = replace(state, last_turn=turn, fatigue_due=True)
    if benefit is Benefit.BOOST:
        out = replace(out, boost=trait, started=False)
    elif benefit is Benefit.BURST:
        out = replace(out, burst=True, started=False)
    return out


def turn_starts(state: Surging, track: Track, *, own: bool, destiny_spent: bool) -> tuple[Surging, Track]:
    """A turn starts (``own``: the creature's). A Surge's fatigue lands now, unless Destiny was spent
    [133]; a boost or burst notes that its last turn has begun."""
    if state.fatigue_due:
        state = replace(state, fatigue_due=False)
        if not destiny_spent:
            track = track.tire()
    if own and state.lasting:
        state = replace(state, started=True)
    return state, track


def own_turn_ends(state: Surging) -> Surging:
    """The creature's turn ends: a boost or burst whose next turn this was ends [127, 128]."""
    if state.lasting and state.started:
        return replace(state, boost="", burst=False, started=False)
    return state


def burst_ranks(advantage: int, disadvantage: int, *, own_burst: bool, opponent_burst: bool) -> tuple[int, int]:
    """The Advantage and Disadvantage ranks of a check after bursts: the checker's burst negates its
    Disadvantages; a burst of the creature it acts against negates its Advantages [128]."""
    return (0 if opponent_burst else advantage), (0 if own_burst else disadvantage)


def ai_surge(state: Surging, track: Track, *, destiny: int, own_turn: bool, standard_spent: bool,
             enemy_in_reach: bool) -> str:
    """The AI's Surge on its own turn: an additional action when its standard is spent, an enemy is still in
    reach, and the Surge costs no rank of fatigue it cannot afford (fresh, or a Destiny point to spend);
    else "" (none)."""
    if not own_turn or not standard_spent or not enemy_in_reach or state.fatigue_due:
        return ""
    if track.fatigue == 0 or destiny > 0:
        return Benefit.ADDITIONAL_ACTION.key
    return ""


# -- events ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Surged:
    """``creature`` surges for ``benefit`` (a :class:`Benefit` key), ``trait`` naming what it boosts or
    resists."""

    creature: str
    benefit: str
    trait: str = ""


@dataclass(frozen=True, slots=True)
class SurgeFatigued:
    """A Surge's fatigue lands as the next turn starts [133]: ``state`` is the fatigue word now."""

    creature: str
    state: str


@dataclass(frozen=True, slots=True)
class SurgeFatigueAverted:
    """Destiny spent before the next turn started: no fatigue [118, 133]; ``destiny`` left."""

    creature: str
    destiny: int


@dataclass(frozen=True, slots=True)
class SurgeEnded:
    """A boost or burst ends with the surger's turn [127, 128]."""

    creature: str
    benefit: str
    trait: str = ""


def benefit_words(benefit: str, trait: str = "") -> str:
    chosen = Benefit.named(benefit)
    if chosen is None:
        return benefit
    return chosen.words.format(trait=TRAITS.get(trait, trait))


def describe(event: object, n: Callable[[str], str]) -> str | None:
    """The log line of one of this module's events (``n``: a creature id's name), or None."""
    match event:
        case Surged():
            return f"{n(event.creature)} surges: {benefit_words(event.benefit, event.trait)}"
        case SurgeFatigued():
            return f"{n(event.creature)} pays for its Surge: {event.state}"
        case SurgeFatigueAverted():
            return f"{n(event.creature)} spends Destiny: no fatigue from its Surge ({event.destiny} left)"
        case SurgeEnded():
            return f"{n(event.creature)}'s {benefit_words(event.benefit, event.trait)} ends"
    return None


# -- in the fight -----------------------------------------------------------------------------------------


class Surges(Part):
    """Surge in the fight: the command on the surger's turn, its benefits' effects, the fatigue and Destiny
    as the next turn starts."""

    def __init__(self, fight: Seed002Fight) -> None:
        self.state: dict[str, Surging] = {}
        self.destiny: dict[str, int] = {c.id: c.template.destiny for c in fight.state.creatures.values()}

    def of(self, pid: str) -> Surging:
        return self.state.get(pid, Surging())

    def _ongoing(self, fight: Seed002Fight, creature: Creature) -> tuple[str, ...]:
        return tuple(a.name for a in part(fight, Stunts).afflictions.get(creature.id, ()))

    def problem(self, fight: Seed002Fight, creature: Creature, benefit: str, trait: str = "") -> str:
        own = fight.clock.holder() == creature.id and fight.phase == "acting"
        return surge_problem(self.of(creature.id), may_surge=creature.template.may_surge and not creature.out,
                             turn=fight.turns, own_turn=own, reaction_left=not creature.economy.reacted,
                             readied=creature.id in part(fight, Readying).readied, benefit=benefit, trait=trait,
                             ongoing=self._ongoing(fight, creature))

    def plan(self, fight: Seed002Fight, command: Any) -> Plan | None:
        if not isinstance(command, SurgeCommand):
            return None
        actor = fight.actor_of(command)
        why = self.problem(fight, actor, command.benefit, command.trait)
        if why:
            raise Impossible(f"{actor.name}: {why}")
        benefit = Benefit.named(command.benefit)
        assert benefit is not None
        return Plan(None, "surge", (), lambda: self.surge(fight, actor, benefit, command.trait))

    def surge(self, fight: Seed002Fight, creature: Creature, benefit: Benefit, trait: str) -> None:
        """The Surge, as a reaction [124]: its benefit now, its fatigue due at the next turn's start [133]."""
        creature.economy = creature.economy.react()
        self.state[creature.id] = surged(self.of(creature.id), fight.turns, benefit, trait)
        fight.emit(Surged(creature.id, benefit.key, trait))
        if benefit is Benefit.ADDITIONAL_ACTION:
            creature.economy = creature.economy.gain_standard()
        elif benefit is Benefit.RESISTANCE:
            part(fight, Stunts).resist(fight, creature, trait)
        refresh(fight, creature)

    def speed(self, fight: Seed002Fight, creature: Creature) -> int:
        return self.of(creature.id).boosted("speed")

    def candidates(self, fight: Seed002Fight, actor: Creature) -> list[Any]:
        if not actor.template.may_surge:
            return []
        a = actor.id
        return [SurgeCommand(a, Benefit.ADDITIONAL_ACTION.key), SurgeCommand(a, Benefit.BURST.key),
                *[SurgeCommand(a, Benefit.BOOST.key, t) for t in TRAITS],
                *[SurgeCommand(a, Benefit.RESISTANCE.key, t) for t in self._ongoing(fight, actor)]]

    def modifier(self, fight: Seed002Fight, what: str, creature: Creature) -> int:
        return self.of(creature.id).boosted(what) if what in TRAITS else 0

    def ranks(self, fight: Seed002Fight, attacker: Creature, target: Creature, advantage: int,
              disadvantage: int) -> tuple[int, int]:
        return burst_ranks(advantage, disadvantage, own_burst=self.of(attacker.id).burst,
                           opponent_burst=self.of(target.id).burst)

    # -- the turns ------------------------------------------------------------------------------------------

    def before(self, fight: Seed002Fight, step: Any) -> list[Any]:
        if isinstance(step, RollAttack):
            target = fight.creature(step.target)
            if fight.clock.holder() != target.id and self._guards(fight, target):
                return [Offer(fight.engine.new_action(), target.id, SURGE, step.creature, step.action)]
            return []
        if not isinstance(step, StartTurn):
            return []
        due = [pid for pid, s in self.state.items() if s.fatigue_due and not fight.creature(pid).out]
        return [Offer(fight.engine.new_action(), pid, DESTINY) for pid in due]

    def _guards(self, fight: Seed002Fight, creature: Creature) -> list[str]:
        """The Surges a hero may make as it is attacked outside its turn: a boost to its Defense or a burst."""
        return [key for key, benefit, trait in ((GUARD_BOOST, Benefit.BOOST.key, "defense"),
                                                (Benefit.BURST.key, Benefit.BURST.key, ""))
                if not self.problem(fight, creature, benefit, trait)]

    def question(self, fight: Seed002Fight, step: Any) -> Sequence[Question]:
        if isinstance(step, Offer) and step.kind == SURGE:
            me = fight.creature(step.creature)
            keys = self._guards(fight, me)
            if not keys:
                return []
            words = {GUARD_BOOST: "boost its Defense", Benefit.BURST.key: "burst"}
            return [Question(me.side, me.id, SURGE, f"{me.name}: surge as {fight.name(step.target)} attacks?",
                             (*(Option(k, words[k]) for k in keys), Option(PASS, "no")))]
        if not (isinstance(step, Offer) and step.kind == DESTINY):
            return []
        creature = fight.creature(step.creature)
        left = self.destiny.get(creature.id, 0)
        if left < 1 or not self.of(creature.id).fatigue_due or creature.out:
            return []
        return [Question(creature.side, creature.id, DESTINY,
                         f"{creature.name}: spend a Destiny point ({left} left) to shake off the Surge's fatigue?",
                         (Option("spend", "spend Destiny"), Option(PASS, "take the fatigue")))]

    def resolve(self, fight: Seed002Fight, step: Any, answers: Sequence[Option]) -> bool:
        if isinstance(step, StartTurn):
            pid = step.creature
            if self.of(pid).lasting:
                self.state[pid], _ = turn_starts(self.of(pid), Track(), own=True, destiny_spent=True)
            return False
        if isinstance(step, EndTurn):
            self._turn_over(fight, fight.creature(step.creature))
            return False
        if isinstance(step, Offer) and step.kind == SURGE:
            me = fight.creature(step.creature)
            key = answers[0].key if answers else PASS
            if key in self._guards(fight, me):
                benefit, trait = (Benefit.BOOST, "defense") if key == GUARD_BOOST else (Benefit.BURST, "")
                self.surge(fight, me, benefit, trait)
            return True
        if not (isinstance(step, Offer) and step.kind == DESTINY):
            return False
        creature = fight.creature(step.creature)
        state = self.of(creature.id)
        if not state.fatigue_due or creature.out:
            return True
        spent = bool(answers) and answers[0].key == "spend" and self.destiny.get(creature.id, 0) > 0
        self.state[creature.id], creature.track = turn_starts(state, creature.track, own=False, destiny_spent=spent)
        if spent:
            self.destiny[creature.id] -= 1
            fight.emit(SurgeFatigueAverted(creature.id, self.destiny[creature.id]))
            return True
        fight.emit(SurgeFatigued(creature.id, creature.track.word))
        if creature.down:
            fight.went_down(creature)
        return True

    def _turn_over(self, fight: Seed002Fight, creature: Creature) -> None:
        was = self.of(creature.id)
        now = own_turn_ends(was)
        if now == was:
            return
        self.state[creature.id] = now
        if was.boost:
            fight.emit(SurgeEnded(creature.id, Benefit.BOOST.key, was.boost))
        if was.burst:
            fight.emit(SurgeEnded(creature.id, Benefit.BURST.key))
        refresh(fight, creature)

    # -- the AI ---------------------------------------------------------------------------------------------

    def ai_answer(self, fight: Seed002Fight, decision: Decision) -> str | None:
        """The AI spends Destiny against a Surge's fatigue whenever it has some; attacked outside its turn, a
        staggered hero boosts its Defense when it can pay for the Surge (fresh, or a Destiny point to spend)."""
        if decision.kind == DESTINY:
            return "spend"
        if decision.kind == SURGE:
            me = fight.creature(decision.chooser)
            able = me.track.fatigue == 0 or self.destiny.get(me.id, 0) > 0
            return GUARD_BOOST if able and me.track.damage >= 3 else PASS
        return None

    def ai_command(self, fight: Seed002Fight, actor: Creature, stage: str) -> Any | None:
        if stage != "start" or not actor.template.may_surge:
            return None
        reach = [a for a in actor.template.attacks if a.armed or a.kind.value == "ranged"]
        in_reach = any(not fight.in_reach(actor, a, e) for a in reach for e in fight.state.enemies(actor))
        benefit = ai_surge(self.of(actor.id), actor.track, destiny=self.destiny.get(actor.id, 0), own_turn=True,
                           standard_spent=actor.economy.standard < 1, enemy_in_reach=in_reach)
        if not benefit:
            return None
        command = SurgeCommand(actor.id, benefit)
        return None if fight.why_illegal(command) else command
