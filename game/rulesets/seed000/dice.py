"""Seed 000's dice: the kernel's seeded, logged stream (game.kernel.dice) plus its named rolls.

Nothing in the engine touches the ``random`` module's globals: dice and random
decisions both come from here, so the same seed and the same commands give
the same log, byte for byte.
"""

from __future__ import annotations

from game.kernel.dice import Dice as KernelDice
from game.kernel.dice import Roll as Roll
from game.kernel.events import DiceRolled
from game.rulesets.seed000.model import DamageRoll


class Dice(KernelDice):
    """The kernel's seeded dice with seed 000's named rolls: a d20 check and a damage roll."""

    def d20(self, bonus: int, purpose: str) -> Roll:
        return self.roll(1, 20, bonus, purpose)

    def damage(self, spec: DamageRoll, purpose: str, critical: bool = False) -> Roll:
        """Roll damage; a critical hit deals the maximum instead of rolling."""
        if critical:
            total = spec.maximum
            self._emit(DiceRolled(spec.expression, (), total, purpose + " (critical: maximum)"))
            return Roll(spec.expression, (), spec.bonus, total)
        return self.roll(spec.count, spec.sides, spec.bonus, purpose)
