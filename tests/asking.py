"""An encounter that asks (a test double shared by tests): seed 000 never asks at resolution time, so the
decision path of the table, the session and the runner is driven with this one, which, before each cell a
hero walks, asks the monsters' player whether to strike it (the answer changes nothing else). Imported as
``tests.asking``."""

from __future__ import annotations

from typing import Sequence

from game.kernel.decisions import PASS, Option, Question
from game.rulesets.seed000.encounter import Encounter
from game.rulesets.seed000.steps import LeaveCell, Step


class AskingEncounter(Encounter):
    def question(self, step: Step) -> Sequence[Question]:
        if isinstance(step, LeaveCell) and step.mode == "move" and self.state.creatures[step.creature].side == "heroes":
            watcher = next(c for c in self.state.creatures.values() if c.side == "monsters" and not c.dead)
            return [Question("monsters", watcher.id, "test:watch", f"strike {self.name(step.creature)} as it goes?",
                             (Option("strike", "Strike it"), Option(PASS, "Let it go")))]
        return []
