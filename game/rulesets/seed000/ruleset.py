"""Seed 000 ("Rules for Reactions") on a 4th-edition style action economy.

Action economy: a standard, a move and a minor action per turn; a standard can
be traded for a move or a minor, a move for a minor; free actions are
unlimited. A dazed creature takes one action (standard, move or minor) per turn.

Reactions: seed 000's reaction system (``game.rulesets.seed000.reactions``) gets every
break point, every event and every end of turn through this seam.
"""

from __future__ import annotations


from game.mechanics.actions import ActionEconomy
from game.rulesets.seed000.context import Fight
from game.rulesets.seed000.model import ActionType, ConditionKind, CreatureId, Restriction, Template
from game.rulesets.seed000.preparation import Preparation
from game.rulesets.seed000.reactions import ReactionSystem
from game.rulesets.seed000.state import Creature, EncounterState, TurnBudget
from game.rulesets.seed000.steps import BeginReaction, Step
from game.mechanics.tactics.rules import TacticsRules
from game.rulesets.seed000.tactics_rules import SEED000_TACTICS


SEED000_ACTIONS = ActionEconomy(
    per_turn=("standard", "move", "minor"),
    trades={
        ActionType.STANDARD.value: ("standard",),
        ActionType.MOVE.value: ("move", "standard"),
        ActionType.MINOR.value: ("minor", "move", "standard"),
    },
    free=frozenset({ActionType.FREE.value}),
)
"""Seed 000's actions as the shared economy's data: a standard, a move and a minor a turn, a standard paying
for a move or a minor, a move for a minor; free actions cost nothing. Keyed by the action's value (a str:
an ActionType key would be hashed by Enum's Python-level ``__hash__`` at every spend); the kinds that pay
are ``TurnBudget``'s fields."""


class Seed000:
    name = "seed 000"

    def __init__(self) -> None:
        self.reactions = ReactionSystem()

    @property
    def tactics_rules(self) -> TacticsRules[Creature, Template]:
        return SEED000_TACTICS

    def new_budget(self, state: EncounterState, actor: Creature) -> TurnBudget:
        return TurnBudget()

    def spend(self, state: EncounterState, actor: Creature, action: ActionType, *,
              check_only: bool = False) -> str | None:
        if action is ActionType.REACTION:
            return None  # a reaction costs none of the turn's actions, and is no action of the turn
        kind: str = action._value_
        if kind in SEED000_ACTIONS.free:
            return kind
        budget = state.budget
        if actor.has(ConditionKind.DAZED) and not (budget.standard and budget.move and budget.minor):
            return None  # dazed: one action per turn
        paid = SEED000_ACTIONS.pay(budget, kind, check_only=check_only)
        if paid is not None and not check_only and actor.has(ConditionKind.DAZED):
            budget.standard = budget.move = budget.minor = False
        return paid

    # -- the reaction system's seam ------------------------------------------------------

    def attach(self, encounter: Fight) -> None:
        self.reactions.attach(encounter)

    def new_occasion(self) -> None:
        self.reactions.new_occasion()

    def on_initiative(self, encounter: Fight) -> None:
        pass  # initiative_rolled reactions trigger on the InitiativeRolled event itself

    def turn_started(self, encounter: Fight, actor: Creature) -> None:
        self.reactions.turn_started(encounter, actor)

    def prepare(self, encounter: Fight, actor: Creature, preparation: Preparation | None) -> list[str]:
        return self.reactions.prepare(encounter, actor, preparation)

    def set_preparation(self, encounter: Fight, creature: Creature, preparation: Preparation) -> list[str]:
        return self.reactions.set_preparation(encounter, creature, preparation)

    def preparation_problems(self, encounter: Fight, actor: Creature, preparation: Preparation | None) -> list[str]:
        return self.reactions.preparation_problems(encounter, actor, preparation)

    def turn_ended(self, encounter: Fight, actor: Creature) -> None:
        self.reactions.turn_ended(encounter, actor)

    def before(self, encounter: Fight, step: Step) -> list[Step]:
        return self.reactions.before(encounter, step)

    def after(self, encounter: Fight, step: Step) -> list[Step]:
        return self.reactions.after(encounter, step)

    def fizzled(self, encounter: Fight, step: Step, reason: str) -> None:
        self.reactions.fizzled(encounter, step, reason)

    def action_complete(self, encounter: Fight) -> list[Step]:
        return self.reactions.action_complete(encounter)

    def reaction_holds(self, encounter: Fight, step: BeginReaction) -> str:
        return self.reactions.reaction_holds(encounter, step)

    def begin_reaction(self, encounter: Fight, step: BeginReaction) -> list[Step]:
        return self.reactions.begin(encounter, step)

    def reaction_actions(self) -> set[int]:
        return self.reactions.reaction_actions

    def restrictions_of(self, action: int) -> tuple[tuple[Restriction, ...], CreatureId | None]:
        return self.reactions.restrictions_of(action)

    def delays_death(self, encounter: Fight, creature: Creature) -> bool:
        return self.reactions.delays_death(encounter, creature)

    def preparation(self, creature: CreatureId) -> Preparation:
        return self.reactions.preparation(creature)
