"""Seed 000 ("Rules for Reactions") on a 4th-edition style action economy.

Action economy: a standard, a move and a minor action per turn; a standard can
be traded for a move or a minor, a move for a minor; free actions are
unlimited. A dazed creature takes one action (standard, move or minor) per turn.

Reactions: this module holds the turn bookkeeping and hands break points to
the reaction system (``game.rules.reactions``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.model import ActionType, ConditionKind
from game.rules.reactions import ReactionSystem
from game.rules.state import Creature, EncounterState, TurnBudget
from game.rules.steps import Step

if TYPE_CHECKING:
    from game.rules.encounter import Encounter

_TRADES: dict[ActionType, tuple[str, ...]] = {
    ActionType.STANDARD: ("standard",),
    ActionType.MOVE: ("move", "standard"),
    ActionType.MINOR: ("minor", "move", "standard"),
}


class Seed000:
    name = "seed 000"

    def __init__(self) -> None:
        self.reactions = ReactionSystem()

    def new_budget(self, state: EncounterState, actor: Creature) -> TurnBudget:
        return TurnBudget()

    def spend(self, state: EncounterState, actor: Creature, action: ActionType, *,
              check_only: bool = False) -> str | None:
        if action is ActionType.FREE:
            return "free"
        if action is ActionType.REACTION:
            return None
        budget = state.budget
        if actor.has(ConditionKind.DAZED) and not (budget.standard and budget.move and budget.minor):
            return None  # dazed: one action per turn
        for kind in _TRADES[action]:
            if getattr(budget, kind):
                if not check_only:
                    setattr(budget, kind, False)
                    if actor.has(ConditionKind.DAZED):
                        budget.standard = budget.move = budget.minor = False
                return kind
        return None

    def on_initiative(self, encounter: Encounter) -> None:
        self.reactions.on_initiative(encounter)

    def turn_started(self, encounter: Encounter, actor: Creature) -> None:
        self.reactions.turn_started(encounter, actor)

    def turn_ended(self, encounter: Encounter, actor: Creature) -> None:
        self.reactions.turn_ended(encounter, actor)

    def before(self, encounter: Encounter, step: Step) -> list[Step]:
        return self.reactions.before(encounter, step)

    def after(self, encounter: Encounter, step: Step) -> None:
        self.reactions.after(encounter, step)

    def action_complete(self, encounter: Encounter) -> None:
        self.reactions.action_complete(encounter)
