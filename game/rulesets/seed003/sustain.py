"""Seed 003's sustained abilities [136] (numbers in brackets are seed 003's lines): :class:`Sustaining`, a part
of the fight object.

"Sustain: To maintain this ability, roll the noted Sustain using the same action as initiating it. Otherwise,
it expires at the end of your turn." A sustained ability's conditions last while it goes on (not until the end
of the target's next turn). The turn it is used, it goes on; on each later turn its user may ``sustain`` it: the
kind of action that started it, and 3d6 against the Sustain number (no Advantage: it is no attack; Hampered
creatures may sustain [258]). Kept up, it goes on to the next turn; not rolled or failed, it ends at the end of
the user's turn, with everything it laid. A user out of the fight (dying or dead) sustains nothing: its
abilities end at the end of the turn then going on.
"""

from __future__ import annotations

from game.kernel.engine import Impossible
from game.rulesets.seed003 import attacks as at
from game.rulesets.seed003 import events as ev
from game.rulesets.seed003.commands import Sustain
from game.rulesets.seed003.orders import Orders
from game.rulesets.seed003.state import Creature


class Sustaining(Orders):
    def sustain(self, actor: Creature, command: Sustain, dry: bool) -> None:
        ability = self.ability_of(actor, command.ability)
        if ability is None or not ability.sustain:
            raise Impossible(f"{actor.name} has no sustained ability {command.ability!r}")
        kept = self.sustained.get((actor.id, ability.id))
        if kept is None:
            raise Impossible(f"{ability.name} is not going on")
        if kept == self.turns:
            raise Impossible(f"{ability.name} goes on this turn already")
        self.pay(actor, ability.action.value, f"sustain {ability.name}", dry)
        if dry:
            return
        check = at.roll_check(self.engine.dice, 0, f"{actor.name}'s sustain roll for {ability.name}")
        up = check.natural >= ability.sustain
        self.emit(ev.SustainRolled(actor.id, ability.name, check.kept, ability.sustain, up))
        if up:
            self.sustained[(actor.id, ability.id)] = self.turns

    def sustain_turn_over(self, creature: Creature) -> None:
        """The end of ``creature``'s turn: its sustained abilities not kept up this turn end, and those of users
        out of the fight; what they laid ends with them."""
        for key in list(self.sustained):
            user, ability_id = key
            if not ((user == creature.id and self.sustained[key] != self.turns) or self.creature(user).out):
                continue
            del self.sustained[key]
            ability = self.ability_of(self.creature(user), ability_id)
            self.emit(ev.SustainEnded(user, ability.name if ability is not None else ability_id))
            for holder in self.state.creatures.values():
                for held in [h for h in holder.conditions if h.source == user and h.sustain == ability_id]:
                    holder.conditions.remove(held)
                    self.emit(ev.ConditionEnded(holder.id, held.label, "its sustained ability ended"))
