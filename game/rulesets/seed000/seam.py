"""Rulesets: the action economy and the reaction system of one rules system, behind one seam.

The engine asks its ruleset what an action costs (``spend``), what a new turn
allows (``new_budget``), and what happens at each break point (``before`` may
return interrupt steps; ``after`` and ``action_complete`` let reactions that
resolve after the action run). Seed 000 is the default; seeds 001-004 plug in
here later.
"""

from __future__ import annotations

from typing import Protocol

from game.rulesets.seed000.context import Fight
from game.rulesets.seed000.model import ActionType, CreatureId, Restriction, Template
from game.rulesets.seed000.preparation import Preparation
from game.rulesets.seed000.state import Creature, EncounterState, TurnBudget
from game.rulesets.seed000.steps import BeginReaction, Step
from game.mechanics.tactics.rules import TacticsRules



class Ruleset(Protocol):
    name: str

    @property
    def tactics_rules(self) -> TacticsRules[Creature, Template]:
        """Its movement, threat and provoking rules, which ``tactics`` applies (``EncounterState.tactics_rules``)."""
        ...

    def attach(self, encounter: Fight) -> None:
        """Called once by the encounter it serves, before anything happens (it may listen to events)."""
        ...

    def new_budget(self, state: EncounterState, actor: Creature) -> TurnBudget: ...

    def spend(self, state: EncounterState, actor: Creature, action: ActionType, *, check_only: bool = False) -> str | None:
        """Spend an action of kind ``action``; returns what was spent (a traded action's kind) or None if none is left."""
        ...

    def new_occasion(self) -> None:
        """A command, or the start or end of a turn, begins: what counts "per action" starts afresh."""
        ...

    def on_initiative(self, encounter: Fight) -> None: ...

    def turn_started(self, encounter: Fight, actor: Creature) -> None: ...

    def prepare(self, encounter: Fight, actor: Creature, preparation: Preparation | None) -> list[str]:
        """A preparation handed in with the end of ``actor``'s turn: its problems ([] = accepted)."""
        ...

    def preparation_problems(self, encounter: Fight, actor: Creature, preparation: Preparation | None) -> list[str]:
        """What ``prepare`` would refuse in ``preparation``, changing nothing."""
        ...

    def set_preparation(self, encounter: Fight, creature: Creature, preparation: Preparation) -> list[str]:
        """A creature's preparation before the encounter starts: its problems ([] = in force)."""
        ...

    def turn_ended(self, encounter: Fight, actor: Creature) -> None: ...

    def before(self, encounter: Fight, step: Step) -> list[Step]:
        """The ``before`` break point of ``step``: interrupt steps to resolve first (may be empty)."""
        ...

    def after(self, encounter: Fight, step: Step) -> list[Step]:
        """The ``after`` break point of ``step``: steps to resolve next, before the rest of the action."""
        ...

    def fizzled(self, encounter: Fight, step: Step, reason: str) -> None: ...

    def action_complete(self, encounter: Fight) -> list[Step]:
        """The stack is empty: steps to resolve now (reactions waiting for the action's end), or []."""
        ...

    def reaction_holds(self, encounter: Fight, step: BeginReaction) -> str:
        """"" if the reaction ``step`` starts may resolve now, else why it fizzles."""
        ...

    def begin_reaction(self, encounter: Fight, step: BeginReaction) -> list[Step]:
        """The reaction resolves: its own steps."""
        ...

    def reaction_actions(self) -> set[int]:
        """Action numbers of the reactions resolving now."""
        ...

    def restrictions_of(self, action: int) -> tuple[tuple[Restriction, ...], CreatureId | None]:
        """The restrictions that narrow the decisions of the reaction resolving as ``action``, and the
        creature that triggered it."""
        ...

    def delays_death(self, encounter: Fight, creature: Creature) -> bool:
        """Whether a creature dropped to 0 stays (dying) until a reaction of its own resolves."""
        ...

    def preparation(self, creature: CreatureId) -> Preparation:
        """The preparation in force for ``creature``."""
        ...


def default_ruleset() -> Ruleset:
    from game.rulesets.seed000.ruleset import Seed000

    return Seed000()
