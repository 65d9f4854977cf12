"""What seed 000's reaction system, its automatic decisions and its ruleset seam see of the fight.

They work on the encounter but must not import it (the encounter imports them: that was an import circle,
``encounter <-> decisions <-> reactions <-> rulesets``). They see it through this protocol instead, which
:class:`game.rulesets.seed000.encounter.Encounter` satisfies.
"""

from __future__ import annotations

from typing import Callable, Protocol

from game.grid import Cell
from game.rulesets.seed000 import events as ev
from game.rulesets.seed000.dice import Dice
from game.rulesets.seed000.model import CreatureId, Power
from game.rulesets.seed000.state import Creature, EncounterState
from game.rulesets.seed000.steps import Step


class Fight(Protocol):
    state: EncounterState
    dice: Dice
    cause: CreatureId | None
    """The creature whose command or step is being resolved (None at the start or end of a turn)."""
    last_acts: set[int]
    """Actions whose creature acts although it is down: a reaction to its own drop to 0 hit points."""

    @property
    def current_step(self) -> Step | None: ...

    def name(self, cid: str) -> str: ...

    def offset(self, cell: Cell) -> tuple[int, int]: ...

    def emit(self, event: ev.Event) -> None: ...

    def listen(self, listener: Callable[[ev.Event], None], kinds: tuple[type, ...] | None = None) -> None: ...

    def new_action(self) -> int: ...

    def has_pending(self, action: int, kind: type) -> bool: ...

    def power_steps(self, actor: Creature, power: Power, targets: tuple[CreatureId, ...],
                    origin: Cell | None, bonus: int = 0, action: int | None = None) -> list[Step]: ...

    def die(self, target: Creature) -> None: ...
