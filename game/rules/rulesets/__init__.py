"""Rulesets: the action economy and the reaction system of one rules system, behind one seam.

The engine asks its ruleset what an action costs (``spend``), what a new turn
allows (``new_budget``), and what happens at each break point (``before`` may
return interrupt steps; ``after`` and ``action_complete`` let reactions that
resolve after the action run). Seed 000 is the default; seeds 001-004 plug in
here later.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.rules.model import ActionType
from game.rules.state import Creature, EncounterState, TurnBudget
from game.rules.steps import Step

if TYPE_CHECKING:
    from game.rules.encounter import Encounter


class Ruleset(Protocol):
    name: str

    def new_budget(self, state: EncounterState, actor: Creature) -> TurnBudget: ...

    def spend(self, state: EncounterState, actor: Creature, action: ActionType, *, check_only: bool = False) -> str | None:
        """Spend an action of kind ``action``; returns what was spent (a traded action's kind) or None if none is left."""
        ...

    def on_initiative(self, encounter: Encounter) -> None: ...

    def turn_started(self, encounter: Encounter, actor: Creature) -> None: ...

    def turn_ended(self, encounter: Encounter, actor: Creature) -> None: ...

    def before(self, encounter: Encounter, step: Step) -> list[Step]:
        """The ``before`` break point of ``step``: interrupt steps to resolve first (may be empty)."""
        ...

    def after(self, encounter: Encounter, step: Step) -> None: ...

    def action_complete(self, encounter: Encounter) -> None: ...


def default_ruleset() -> Ruleset:
    from game.rules.rulesets.seed000 import Seed000

    return Seed000()
