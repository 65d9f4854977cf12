"""Charging (C): an enemy ringed orange, then a violet cell to end on, previewed, then a second click."""

from __future__ import annotations

from dataclasses import dataclass

from game.grid import Cell
from game.rulesets.seed000 import charging, tactics
from game.rulesets.seed000.commands import ChargeCommand
from game.rulesets.seed000.model import ActionType, CreatureId
from game.rulesets.seed000.state import Creature
from game.ui.modes.base import FightMode, Host, Mode
from game.ui.rulesets.seed000.seen import acting, action_left, encounter, seen
from game.ui.rulesets.seed000.moving import MoveMode


@dataclass
class ChargeChoice:
    """A charge being aimed (``game.rulesets.seed000.charging``): the enemies it can reach, then the one chosen."""

    targets: dict[CreatureId, dict[Cell, tactics.Route]]
    """Each enemy that can be charged now, with the cells the charge may end on."""
    target: CreatureId | None = None
    pending: Cell | None = None
    """The end cell previewed by a first click (a second click, or Enter, charges)."""

    @property
    def ends(self) -> dict[Cell, tactics.Route]:
        return self.targets.get(self.target, {}) if self.target is not None else {}


@dataclass(eq=False)
class ChargeMode(FightMode):
    """A charge being aimed; Esc drops the target first, then the charge (back to ``back``)."""

    charge: ChargeChoice
    back: MoveMode

    @classmethod
    def start(cls, table: Host) -> None:
        """``C``: ring the enemies ``charging.charge_targets`` says the acting creature can charge (again
        while charging: as Esc)."""
        actor = acting(table)
        if actor is None or not table.my_turn() or table.session is None:
            return
        if isinstance(table.fight, ChargeMode):
            table.cancel()
            return
        if not charging.can_charge(actor):
            table.say(f"{actor.name} cannot charge (prone, or no melee basic attack)", error=True)
            return
        if not action_left(table, actor, ActionType.STANDARD):
            table.say(f"{actor.name} has no standard action left to charge with", error=True)
            return
        targets = charging.charge_targets(encounter(table).state, actor)
        if not targets:
            table.say(f"{actor.name} can charge nobody: no enemy within a move of 2 cells or more and a reach",
                      error=True)
            return
        move = table.fight.resting()
        assert isinstance(move, MoveMode)
        table.follow(table.fight, cls(ChargeChoice(targets), move))
        table.invalidate()
        table.say(table.prompt())

    def resting(self) -> MoveMode:
        return self.back.resting()

    def click(self, table: Host, cell: Cell, who: Creature | None, actor: Creature) -> Mode | None:
        """An enemy ringed orange becomes the target; a violet cell is previewed, and charges on a second click."""
        assert table.session is not None
        charge = self.charge
        if who is not None and who.id in charge.targets:
            charge.target = who.id
            charge.pending = None
            table.invalidate()
            table.say(self.prompt(table))
            return None
        if charge.target is None:
            table.say("Charge: click an enemy ringed in orange", error=True)
            return None
        route = charge.ends.get(cell)
        if route is None:
            target = encounter(table).name(charge.target)
            table.say(f"a charge at {target} cannot end there: pick a violet cell", error=True)
            return None
        if charge.pending == cell:
            table.send(ChargeCommand(actor.id, charge.target, cell))
        else:
            charge.pending = cell
            table.say(self.charge_text(table, cell))
        return None

    def on_confirm(self, table: Host) -> Mode | None:
        charge, actor = self.charge, acting(table)
        if charge.target is not None and charge.pending is not None and actor is not None:
            table.send(ChargeCommand(actor.id, charge.target, charge.pending))
        return None

    def on_cancel(self, table: Host) -> Mode | None:
        if self.charge.target is not None:
            self.charge.target = None
            self.charge.pending = None
            table.invalidate()
            table.say(self.prompt(table))
            return None
        self.back.pending = None
        table.invalidate()
        table.say(self.back.prompt(table) if table.my_turn() else "")
        return self.back

    def prompt(self, table: Host) -> str:
        actor = acting(table)
        if actor is None or table.session is None:
            return ""
        if self.charge.target is None:
            return f"{actor.name} charges: click an enemy ringed in orange  ·  Esc cancel"
        return (f"Charge {encounter(table).name(self.charge.target)}: click a violet cell to end on, "
                "click it again (or Enter) to charge  ·  Esc: another target")

    def charge_text(self, table: Host, cell: Cell) -> str:
        """"charge Goblin 1: cost 4, provokes 1: Goblin 3" for the charge previewed to ``cell``."""
        charge = self.charge
        if charge.target is None or table.session is None:
            return ""
        route = charge.ends.get(cell)
        if route is None:
            return ""
        name = encounter(table).name
        text = f"charge {name(charge.target)}: cost {route.safest_cost}"
        if route.safest_provokers:
            text += f", provokes {len(route.safest_provokers)}: " + ", ".join(name(p) for p in route.safest_provokers)
        else:
            text += ", provokes nobody"
        actor = acting(table)
        power = charging.charge_attack(actor) if actor is not None else None
        if power is not None:
            text += f"; then {power.name} +1"
        if charge.pending == cell:
            text += "  ·  click again (or Enter) to charge"
        return text
