"""Seed 003's downed PCs (numbers in brackets are seed 003's lines): attacks on a dying PC [197, 221-227],
Last Gasp saves [231-233], Fighting in Spirit [183-185] and Fleeing [187-189].

:class:`Downed` is a part of the fight object, under the commands (``orders.py``), over the attacks
(``combat.py``). Our readings (README, "Seed 003"):

- A dying PC "can't act" [227]: it is Helpless [259] (so Stunned: attacks on it have 1 Advantage, and it may
  be the target of a Coup de Grace [197]). Damage on a dying PC marks a failed death save, two for a crit;
  four and it dies [225]; a stabilized PC hit is at risk again.
- Last Gasp: an ability's hit that lays ``last gasp`` on a PC starts its Last Gasp saves: it is dying (not
  healable), keeps the hit points it has now, and on its turn rolls the death save (13+; 17+ acts at once).
  A success ends the effect with those hit points; four failures (shared with death saves, in the
  encounter) and the effect takes it for good: permanently out of the fight, not dead. An ally next to it
  may grant a save with a standard action; its failure does not count. On an NPC it does nothing.
- Fight in Spirit: a PC permanently out (lost to a Last Gasp effect) keeps its turns; with its standard
  action it gives an ally 1 Advantage to attacks, 1 Advantage to saves, or 1 Disadvantage to attacks
  against it, until the spirit's next turn starts. (The reason it gives each round is the players'.)
- Flee: a PC that is up proposes it on its turn (a free action); the party's decision ``party:flee`` goes
  to its first other PC that is up (one player answers for the table, as for the band order), the AI
  answering for an AI side. Agreed, the party retreats with its downed: the fight ends, a Campaign Loss, the
  other side holds the field. Declined, nobody proposes again that round.
"""

from __future__ import annotations

from game.kernel.decisions import PASS, Option, Question
from game.kernel.engine import Impossible
from game.mechanics.tactics.pieces import PieceId
from game.rulesets.seed003 import attacks as at
from game.rulesets.seed003 import events as ev
from game.rulesets.seed003.combat import DEATH_SAVE, Combat
from game.rulesets.seed003.commands import AskFlee, FightInSpirit, Flee, GrantSave
from game.rulesets.seed003.sheets import Condition
from game.rulesets.seed003.state import DEATH_FAILURES, Creature

FLEE = "party:flee"
"""The kind of the party's decision on fleeing (standing orders are set per kind)."""
BENEFITS = ("attacks", "saves", "defense")
"""Fight in Spirit's benefits: advantage to attacks, advantage to saves, disadvantage to attacks against [185]."""


class Downed(Combat):
    phase: str
    winner: str
    flee_declined: int = -1
    """The round the party last declined to flee in (nobody proposes again that round)."""

    def pay(self, actor: Creature, kind: str, purpose: str, dry: bool) -> None:
        raise NotImplementedError  # the commands' (orders.py)

    # -- attacks on a dying PC ----------------------------------------------------------------------

    def damage(self, target: Creature, amount: int, cause: str, *, crit: bool = False) -> None:
        """Damage on a dying PC marks failed death saves (two for a crit) and ends a stabilization; else as
        :meth:`Combat.damage`."""
        if not target.dying or target.dead:
            super().damage(target, amount, cause, crit=crit)
            return
        target.hp -= amount
        self.emit(ev.DamageTaken(target.id, amount, target.hp, cause))
        if amount <= 0:
            return
        target.stabilized = False
        marked = 2 if crit else 1
        self.emit(ev.DownedHit(target.id, marked, min(DEATH_FAILURES, target.death_failures + marked)))
        self.fail_death_saves(target, marked)

    def fail_death_saves(self, creature: Creature, count: int) -> None:
        """Mark failed death saves; at four the PC dies [225], or (Last Gasp) is lost to the effect."""
        creature.death_failures += count
        if creature.death_failures < DEATH_FAILURES:
            return
        creature.dying = False
        if creature.gasping:
            creature.gasping = False
            creature.lost = "lost to a Last Gasp effect"
            creature.conditions.clear()
            self.emit(ev.LastGaspEnded(creature.id, False, creature.hp))
        else:
            creature.dead = True
            self.emit(ev.Died(creature.id, f"{DEATH_FAILURES} failed death saves"))

    # -- Last Gasp saves ------------------------------------------------------------------------------

    def lay(self, target: Creature, condition: Condition, source: Creature) -> None:
        """``last gasp`` starts a PC's Last Gasp saves [233]; the other conditions as :meth:`Combat.lay`."""
        if condition is not Condition.LAST_GASP:
            super().lay(target, condition, source)
            return
        if not target.template.pc or target.out:
            return
        target.dying = target.gasping = True
        target.gasp_hp = target.hp
        target.hard_first_save = False
        self.emit(ev.LastGaspBegan(target.id, source.id, target.hp))

    def death_save(self, creature: Creature) -> bool:
        """A Last Gasp save is a death save [233]; a success keeps the hit points it had at the start of the
        effect. Other dying PCs as :meth:`Combat.death_save`."""
        if not creature.gasping:
            return super().death_save(creature)
        return self.last_gasp_save(creature, counts=True)

    def last_gasp_save(self, creature: Creature, *, counts: bool) -> bool:
        """One Last Gasp save; True when the PC may act at once (a crit). ``counts``: a failure is marked (a
        save granted by an ally does not count [233])."""
        check = at.roll_check(self.engine.dice, self.save_net(creature), f"{creature.name}'s last gasp save")
        if check.natural >= at.NATURAL_CRIT:
            result = "critical success"
        else:
            result = "success" if check.natural >= DEATH_SAVE else "failure"
        self.emit(ev.SaveRolled(creature.id, "last gasp", check.faces, check.kept, check.net, 0, DEATH_SAVE, result))
        if result == "failure":
            if counts:
                self.fail_death_saves(creature, 1)
            return False
        creature.dying = creature.gasping = False
        creature.hp = creature.gasp_hp
        self.emit(ev.LastGaspEnded(creature.id, True, creature.hp))
        return result == "critical success"

    def grant_save(self, actor: Creature, command: GrantSave, dry: bool) -> None:
        """"Allies can't bring someone back from Last Gasp saves with healing, but they can grant a save
        with a standard action that doesn't count against the 4 total if it fails" [233]: an ally next to
        it (our reading, as Stabilize [227])."""
        target = self.state.creatures.get(PieceId(command.target))
        if (target is None or target.side != actor.side or target.id == actor.id or not target.gasping
                or not self.state.adjacent(actor, target)):
            raise Impossible(f"{actor.name} grants a save to an ally next to it making Last Gasp saves")
        self.pay(actor, "standard", f"grant {target.name} a save", dry)
        if not dry:
            self.emit(ev.SaveGranted(target.id, actor.id))
            self.last_gasp_save(target, counts=False)

    # -- Fight in Spirit ------------------------------------------------------------------------------

    def fight_in_spirit(self, actor: Creature, command: FightInSpirit, dry: bool) -> None:
        """"If your character is permanently out of a fight ... they can Fight in Spirit on their turn. This
        involves giving an ally advantage to attacks, advantage to saves, or disadvantage to attacks against
        that ally for 1 round" [185]."""
        if not actor.lost:
            raise Impossible(f"{actor.name} is not permanently out of the fight")
        ally = self.state.creatures.get(PieceId(command.ally))
        if ally is None or ally.side != actor.side or ally.id == actor.id or ally.dead or ally.lost:
            raise Impossible(f"{command.ally!r} is no ally in the fight")
        if command.benefit not in BENEFITS:
            raise Impossible(f"the benefit is one of {', '.join(BENEFITS)}")
        self.pay(actor, "standard", "fight in spirit", dry)
        if not dry:
            ally.boons.append((command.benefit, actor.id))
            self.emit(ev.FoughtInSpirit(actor.id, ally.id, command.benefit))

    def spirit_turn_starts(self, creature: Creature) -> None:
        """The benefits a spirit gave last round end when its next turn starts ("for 1 round")."""
        for c in self.state.creatures.values():
            c.boons = [b for b in c.boons if b[1] != creature.id]

    def net_against(self, attacker: Creature, target: Creature) -> int:
        net = super().net_against(attacker, target)
        net += int(any(b == "attacks" for b, _ in attacker.boons)) - int(any(b == "defense" for b, _ in target.boons))
        return at.net_advantage(max(net, 0), max(-net, 0))

    def save_net(self, creature: Creature) -> int:
        """Enervated: 1 Disadvantage [255]; a spirit's advantage to saves: 1 Advantage [185]."""
        return int(any(b == "saves" for b, _ in creature.boons)) - int(creature.has(Condition.ENERVATED))

    # -- Flee -------------------------------------------------------------------------------------------

    def beaten(self, side: str) -> bool:
        """Whether the AI calls a retreat for ``side`` [189]: fewer than half its PCs are up, fewer than the
        enemies up, and the enemies have more than twice its hit points left."""
        pcs = [c for c in self.state.creatures.values() if c.side == side and c.template.pc]
        up = [c for c in pcs if not c.out]
        foes = [c for c in self.state.creatures.values() if c.side != side and not c.out]
        return (bool(up) and bool(foes) and 2 * len(up) < len(pcs) and len(up) < len(foes)
                and sum(f.hp for f in foes) > 2 * sum(c.hp for c in up))

    def propose_flee(self, actor: Creature, command: Flee, dry: bool) -> None:
        """"Fleeing is an action that the entire party can decide on at a given time" [189]: proposed by a
        PC that is up, on its turn; the party decides."""
        if not actor.template.pc or actor.out:
            raise Impossible(f"{actor.name} is no PC in the fight to call a retreat")
        if self.flee_declined == self.clock.round:
            raise Impossible("the party has decided to fight on this round")
        if dry:
            return
        self.emit(ev.FleeProposed(actor.id, actor.side))
        others = [c for c in self.state.creatures.values()
                  if c.side == actor.side and c.template.pc and not c.out and c.id != actor.id]
        chooser = others[0].id if others else actor.id
        self.engine.run([AskFlee(self.engine.new_action(), chooser, actor.side, actor.id)])

    def ask_flee(self, step: AskFlee) -> list[Question]:
        if not any(c.id != step.proposer for c in self.state.standing(step.side) if c.template.pc):
            return []  # nobody else up: the proposer decides alone
        return [Question(step.side, step.creature, FLEE,
                         f"{self.creature(step.proposer).name} calls a retreat: does the party flee, with its "
                         f"downed, for a Campaign Loss?",
                         (Option("flee", "flee (a Campaign Loss)"), Option(PASS, "fight on")))]

    def flee_answered(self, step: AskFlee, answers: list[Option]) -> None:
        if answers and answers[0].key == PASS:
            self.flee_declined = self.clock.round
            self.emit(ev.FleeDeclined(step.side))
            return
        downed = tuple(c.id for c in self.state.creatures.values()
                       if c.side == step.side and (c.dying or c.lost))
        self.emit(ev.PartyFled(step.side, downed))
        left = {c.side for c in self.state.creatures.values() if not c.out and c.side != step.side}
        self.winner = left.pop() if len(left) == 1 else ""
        self.phase = "over"
        self.emit(ev.FightEnded(self.winner))
