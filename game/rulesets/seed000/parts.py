"""What the parts of the Encounter (game.rulesets.seed000.commanding, resolution, turns) use of each other.

The Encounter is one object made of a few mixins, each in a module of its own, so that no module is a
thousand lines long. Each part is written against this class, which only declares (for the type checker)
what the encounter and the other parts provide; at run time it adds nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from game.grid import Cell
    from game.kernel.engine import Engine
    from game.rulesets.seed000 import events as ev
    from game.rulesets.seed000.commands import Command
    from game.rulesets.seed000.dice import Dice
    from game.rulesets.seed000.model import ActionType, CreatureId, Power
    from game.rulesets.seed000.seam import Ruleset
    from game.rulesets.seed000.state import Creature, EncounterState
    from game.rulesets.seed000.steps import Step


class EncounterParts:
    if TYPE_CHECKING:
        state: EncounterState
        engine: Engine[Step, Command]
        dice: Dice
        ruleset: Ruleset
        cause: CreatureId | None
        last_acts: set[int]
        _origins: dict[int, Cell | None]
        _landings: dict[CreatureId, Cell]
        _trails: dict[int, list[Cell]]
        _shift_to: Cell | None
        _turn_at: Step | None

        @property
        def current_step(self) -> Step | None: ...

        def name(self, cid: str) -> str: ...

        def offset(self, cell: Cell) -> tuple[int, int]: ...

        def emit(self, event: ev.Event) -> None: ...

        def listen(self, listener: Callable[[ev.Event], None], kinds: tuple[type, ...] | None = None) -> None: ...

        def new_action(self) -> int: ...

        def has_pending(self, action: int, kind: type) -> bool: ...

        def push(self, steps: list[Step]) -> None: ...

        def _run(self, steps: list[Step]) -> None: ...

        def _drain(self) -> None: ...

        def _spend(self, actor: Creature, action: ActionType, purpose: str, check_only: bool = False) -> None: ...

        # commanding
        def power_steps(self, actor: Creature, power: Power, targets: tuple[CreatureId, ...],
                        origin: Cell | None, bonus: int = 0, action: int | None = None) -> list[Step]: ...

        def _path_steps(self, actor: Creature, path: tuple[Cell, ...], mode: str,
                        action: int | None = None) -> list[Step]: ...

        # resolution
        def damage(self, target: Creature, amount: int, kind: str, source: str, reason: str) -> None: ...

        def heal(self, target: Creature, bonus: int, *, spend_surge: bool) -> None: ...

        def die(self, target: Creature) -> None: ...

        def _die(self, target: Creature) -> None: ...

        def _cell_label(self, cell: Cell) -> str: ...

        # turns
        def _check_victory(self) -> None: ...

        def _end_turn(self) -> None: ...
