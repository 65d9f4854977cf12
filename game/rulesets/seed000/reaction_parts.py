"""What the parts of seed 000's reaction system (reaction_budgets, reaction_resolving) use of each other.

The reaction system is one object made of mixins, each in a module of its own; each part is written
against this class, which only declares (for the type checker) what the system and the other parts
provide. At run time it adds nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.rulesets.seed000.context import Fight
    from game.rulesets.seed000.model import ConditionKind, CreatureId, Power, PowerId, Template
    from game.rulesets.seed000.preparation import Preparation
    from game.rulesets.seed000.reaction_tickets import Budget, Ticket
    from game.rulesets.seed000.state import Creature
    from game.rulesets.seed000.steps import Step


class ReactionParts:
    if TYPE_CHECKING:
        budgets: dict[CreatureId, Budget]
        tickets: dict[int, Ticket]
        by_action: dict[int, Ticket]
        reaction_actions: set[int]
        now: list[Ticket]
        queue: list[Ticket]
        turn: int
        occasion: int
        seen: set[tuple[int, CreatureId, PowerId]]
        moved: set[int]
        doomed: list[CreatureId]
        _next: int
        _orders: dict[CreatureId, tuple[Template, Preparation, dict[PowerId, int]]]

        def preparation(self, cid: CreatureId) -> Preparation: ...

        def _powers_of(self, creature: Creature) -> list[Power]: ...

        def _reacts_to(self, creature: Creature, trigger: str) -> bool: ...

        def _schedule(self, encounter: Fight, tickets: list[Ticket]) -> list[Step]: ...

        def _release(self, t: Ticket) -> None: ...

        def holds(self, encounter: Fight, t: Ticket) -> str: ...

        def _turn_name(self, encounter: Fight) -> str: ...

        @staticmethod
        def _unable(reactor: Creature, last_act: bool, suffered: ConditionKind | None = None) -> str: ...
