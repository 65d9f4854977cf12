"""Seed 000's fight at rest: select creatures, preview a move or a shift (through waypoints) and go."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.board import Damage
from game.grid import Cell
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.commands import MoveCommand, ShiftCommand
from game.rulesets.seed000.state import Creature
from game.ui.modes.base import FightMode, Host, Mode
from game.ui.rulesets.seed000.seen import acting, encounter, seen


@dataclass(eq=False)
class MoveMode(FightMode):
    """Moving (or shifting) the acting creature: a click previews the path to a cell, a second click (or
    Enter) goes; Shift+click or W adds waypoints; a click on a creature selects it."""

    kind: str = "move"
    """``move`` or ``shift`` (M / H)."""
    pending: Cell | None = None
    """The cell whose move a first click previewed."""
    waypoints: list[Cell] = field(default_factory=list)
    """Cells the previewed move must pass through, in order (Shift+click or W)."""
    waypoints_at: int = -1
    """The log's length when the waypoints were placed (they are dropped once anything happens)."""
    via: tuple[object, tactics.Route | None] = (None, None)
    """The last route through the waypoints worked out, with its key."""

    def sat_down(self) -> None:
        self.kind = "move"  # a new player starts moving, not shifting

    def resting(self) -> MoveMode:
        self.pending = None
        return self

    def click(self, table: Host, cell: Cell, who: Creature | None, actor: Creature) -> Mode | None:
        if pygame.key.get_mods() & pygame.KMOD_SHIFT:
            self.add_waypoint(table, cell)
            return None
        if self.route_to(table, cell) is not None:
            if self.pending == cell or (self.waypoints and cell == self.waypoints[-1]):
                self.go(table, cell)
            else:
                self.pending = cell
                table.say(self.route_text(table, cell))
            return None
        if who is not None:
            table.selected = who.id
            if who.id == actor.id:
                self.pending = None
            return None
        self.pending = None
        what = "shift" if self.kind == "shift" else "move"
        table.say(f"{actor.name} cannot {what} there", error=True)
        return None

    def on_confirm(self, table: Host) -> Mode | None:
        if self.pending is not None:
            self.go(table, self.pending)
        return None

    def on_cancel(self, table: Host) -> Mode | None:
        if self.waypoints:
            self.waypoints = []  # Esc drops the waypoints first
            self.pending = None
            table.say(self.prompt(table) if table.my_turn() else "")
            return None
        self.pending = None
        table.invalidate()
        table.say(self.prompt(table) if table.my_turn() else "")
        return None

    def prompt(self, table: Host) -> str:
        actor = acting(table)
        if actor is None or table.session is None:
            return ""
        what = "shift 1" if self.kind == "shift" else "move"
        if self.waypoints:
            return (f"{actor.name}: move through {len(self.waypoints)} waypoint"
                    f"{'s' if len(self.waypoints) > 1 else ''}: click the destination (or the last waypoint), "
                    "again to go  ·  Shift+click / W another waypoint  ·  Esc drop them")
        return (f"{actor.name}: click a cell to preview a {what}, click it again to go  ·  Shift+click / W: "
                "waypoint  ·  1-9 powers  ·  Space end turn  ·  F1 help")

    def go(self, table: Host, cell: Cell) -> None:
        actor = acting(table)
        route = self.route_to(table, cell)
        if actor is None or route is None:
            return
        self.waypoints = []
        if self.kind == "shift":
            table.send(ShiftCommand(actor.id, cell))
        else:
            path = route.path if seen(table).cheapest else route.safest_path
            table.send(MoveCommand(actor.id, cell, path))

    def route_to(self, table: Host, cell: Cell) -> tactics.Route | None:
        """The route previewed to ``cell``: ``tactics.reachable``'s, or through the waypoints
        ``tactics.route_via``'s (remembered for the last cell asked, while nothing changes)."""
        if not self.waypoints or table.session is None or self.kind == "shift":
            return seen(table).routes.get(cell)
        actor = acting(table)
        if actor is None or cell not in seen(table).routes and cell != self.waypoints[-1]:
            return None
        stops = self.waypoints if cell == self.waypoints[-1] else [*self.waypoints, cell]
        key = (len(encounter(table).log), actor.id, tuple(stops), self.kind)
        if self.via[0] != key:
            self.via = (key, tactics.route_via(encounter(table).state, actor, stops, self.kind))
        return self.via[1]

    def add_waypoint(self, table: Host, cell: Cell) -> None:
        """Shift+click or W: the move goes through ``cell`` (again on the last waypoint: drop it)."""
        actor = acting(table)
        if actor is None or table.session is None:
            return
        if self.kind == "shift":
            table.say("waypoints are for moves (M): a shift goes one cell", error=True)
            return
        log = len(encounter(table).log)
        if self.waypoints_at != log:
            self.waypoints = []
        if self.waypoints and self.waypoints[-1] == cell:
            self.waypoints.pop()
        elif tactics.route_via(encounter(table).state, actor, [*self.waypoints, cell], self.kind) is None:
            table.say(f"{actor.name} cannot pass there on this move (speed {actor.speed()})", error=True)
            return
        else:
            self.waypoints.append(cell)
        self.waypoints_at = log
        self.pending = None
        table.say(self.route_text(table, cell) if self.waypoints else self.prompt(table))

    def route_text(self, table: Host, cell: Cell) -> str:
        """"safest path, cost 3, provokes 2: Goblin 1, Goblin 3, enters dangerous terrain: 1d6 fire" for the
        path previewed to ``cell`` (through the waypoints, if any)."""
        route = self.route_to(table, cell)
        actor = acting(table)
        if route is None or table.session is None or actor is None:
            return ""
        name = encounter(table).name
        path, cost, provokers = ((route.path, route.cost, route.provokers) if seen(table).cheapest
                                 else (route.safest_path, route.safest_cost, route.safest_provokers))
        which = "cheapest" if seen(table).cheapest else "safest"
        if self.waypoints:
            which += f" path through {len(self.waypoints)} waypoint{'s' if len(self.waypoints) > 1 else ''}"
        else:
            which += " path"
        text = f"{which}, cost {cost}"
        if provokers:
            text += f", provokes {len(provokers)}: " + ", ".join(name(p) for p in provokers)
        else:
            text += ", provokes nobody"
        harm = danger_text(tactics.path_dangers(encounter(table).state, actor, path))
        if harm:
            text += ", " + harm
        if self.pending == cell or (self.waypoints and cell == self.waypoints[-1]):
            text += "  ·  click again (or Enter) to go"
        return text


def danger_text(dangers: tuple[tuple[Cell, Damage], ...]) -> str:
    """"enters dangerous terrain: 1d6 fire x3" for the steps of a path into dangerous terrain (the damage
    the engine rolls on each, ``tactics.path_dangers``; "" for none)."""
    if not dangers:
        return ""
    runs: list[tuple[str, int]] = []
    for _, damage in dangers:
        text = str(damage)
        if runs and runs[-1][0] == text:
            runs[-1] = (text, runs[-1][1] + 1)
        else:
            runs.append((text, 1))
    return "enters dangerous terrain: " + ", ".join(t if n == 1 else f"{t} x{n}" for t, n in runs)
