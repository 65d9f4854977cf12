"""Aiming a power: its origin (a burst's centre, a blast's square), its targets, where forced movement
lands each target, and where the power's own shift puts the user; then the command goes to the engine."""

from __future__ import annotations

from dataclasses import dataclass

from game.grid import Cell
from game.rulesets.seed000 import tactics
from game.rulesets.seed000.commands import UsePowerCommand
from game.rulesets.seed000.model import ActionType, CreatureId, Power, RangeKind, TargetKind
from game.rulesets.seed000.state import Creature
from game.ui.rulesets.seed000 import highlights
from game.ui.modes.base import FightMode, Host, Mode
from game.ui.rulesets.seed000.seen import acting, encounter, seen
from game.ui.rulesets.seed000.moving import MoveMode

AREA_KINDS = (RangeKind.CLOSE_BURST, RangeKind.CLOSE_BLAST, RangeKind.AREA_BURST)


@dataclass
class Choice:
    """The power being aimed: what is chosen so far."""

    power: Power
    targets: list[CreatureId]
    origin: Cell | None = None
    landings: list[tuple[CreatureId, Cell]] | None = None
    landing_queue: list[CreatureId] | None = None
    """Targets still to choose a landing for (forced movement), first first."""
    shift_cells: dict[Cell, tactics.Route] | None = None
    """While asking where the power's "shift N" puts the user: the legal cells (``tactics.reachable``)."""
    shift_to: Cell | None = None
    """Where the player put the power's shift."""

    @property
    def picks_area_targets(self) -> bool:
        """An area or close power that takes at most N of the creatures in its area: the user picks them."""
        return self.power.reach.kind in AREA_KINDS and self.power.target_limit is not None


@dataclass(eq=False)
class TargetingMode(FightMode):
    """A power picked from the action bar (1-9), being aimed; Esc goes back to ``back``."""

    choice: Choice
    back: MoveMode
    """The moving mode it was picked from (its kind and waypoints are kept)."""

    @classmethod
    def pick(cls, table: Host, index: int) -> None:
        """1-9 or the action bar: aim the acting creature's ``index``-th power (a power on its user alone is
        used at once)."""
        actor = acting(table)
        if actor is None or not table.my_turn():
            return
        powers = usable_powers(actor)
        if not 0 <= index < len(powers):
            return
        power = powers[index]
        why = encounter(table).power_problem(actor, power)
        if why:  # the engine's own reason, as apply would refuse the command with
            table.say(f"{power.name} cannot be used now: {why}", error=True)
            return
        move = table.fight.resting()
        assert isinstance(move, MoveMode)
        aiming = cls(Choice(power, []), move)
        table.follow(table.fight, aiming)
        table.invalidate()
        if power.reach.kind is RangeKind.PERSONAL or power.targets is TargetKind.SELF:
            aiming.choice.targets = [actor.id]
            aiming.aim_done(table)
            return
        table.say(table.prompt())

    def resting(self) -> MoveMode:
        return self.back.resting()

    def click(self, table: Host, cell: Cell, who: Creature | None, actor: Creature) -> Mode | None:
        assert table.session is not None
        st = encounter(table).state
        choice = self.choice
        power = choice.power
        if choice.landing_queue:
            target = choice.landing_queue[0]
            forced = seen(table).forced
            if forced is not None and cell in forced.finals:
                assert choice.landings is not None
                choice.landings.append((target, cell))
                choice.landing_queue.pop(0)
                table.invalidate()
                self.aim_done(table)
            else:
                table.say(f"{encounter(table).name(target)} cannot land there: pick a cyan cell", error=True)
            return None
        if choice.shift_cells and choice.shift_to is None:
            if cell in choice.shift_cells:
                choice.shift_to = cell
                table.invalidate()
                self.aim_done(table)
            else:
                moving = highlights.self_movement(power)
                verb = moving[0] if moving is not None else "shift"
                table.say(f"{actor.name} cannot {verb} there with {power.name}: pick a cyan cell", error=True)
            return None
        kind = power.reach.kind
        if kind in (RangeKind.AREA_BURST, RangeKind.CLOSE_BLAST) and choice.origin is None:
            if cell in seen(table).origins:
                choice.origin = cell
                table.invalidate()
                if choice.picks_area_targets and \
                        len(tactics.valid_targets(st, actor, power, cell)) > (power.target_limit or 1):
                    table.say(self.prompt(table))  # more in the area than it takes: the player picks them
                else:
                    self.aim_done(table)
            else:
                why = tactics.origin_problem(st, actor, power, cell)
                table.say(f"{power.name} cannot be aimed there: {why}", error=True)
            return None
        if kind is RangeKind.CLOSE_BURST and not choice.picks_area_targets:
            self.aim_done(table)
            return None
        if who is None:
            table.say(f"{power.name}: click a creature ringed in yellow", error=True)
            return None
        if who.id not in seen(table).valid:
            why = tactics.target_problem(st, actor, power, who, choice.origin)
            table.say(f"{who.name} is not a valid target of {power.name}: {why}", error=True)
            return None
        if who.id in choice.targets:
            choice.targets.remove(who.id)
        else:
            choice.targets.append(who.id)
        table.invalidate()
        if len(choice.targets) >= min(power.target_limit or 1, len(seen(table).valid)):
            self.aim_done(table)
        else:
            table.say(self.prompt(table))
        return None

    def on_confirm(self, table: Host) -> Mode | None:
        choice = self.choice
        if choice.landing_queue or (choice.shift_cells and choice.shift_to is None):
            # the player's own power: the player chooses, the rules never roll for it
            table.say(self.prompt(table), error=True)
        elif choice.picks_area_targets:
            if choice.origin is None and highlights.needs_origin(choice.power):
                return None
            if not choice.targets and len(seen(table).valid) <= (choice.power.target_limit or 1):
                choice.targets = list(seen(table).valid)  # no more in the area than it takes: all of them
            if choice.targets:
                self.aim_done(table)
        elif choice.power.reach.kind is RangeKind.CLOSE_BURST:
            self.aim_done(table)
        elif choice.targets and not highlights.needs_origin(choice.power):
            self.aim_done(table)
        return None

    def on_cancel(self, table: Host) -> Mode | None:
        self.back.pending = None
        table.invalidate()
        table.say(self.back.prompt(table) if table.my_turn() else "")
        return self.back

    def aim_done(self, table: Host) -> None:
        """Targets (and origin) chosen: ask for landings if the power forces movement, else use it."""
        assert table.session is not None
        actor = acting(table)
        assert actor is not None
        choice = self.choice
        st = encounter(table).state
        if choice.landings is None:
            choice.landings = []
            targets = choice.targets
            if choice.power.reach.kind in AREA_KINDS and not (choice.picks_area_targets and targets):
                targets = [c.id for c in tactics.valid_targets(st, actor, choice.power, choice.origin)]
            choice.landing_queue = [t for t in targets if highlights.forced_power(choice.power) is not None
                                    and highlights.forced_options(st, actor, st.creatures[t], choice.power).finals]
        if choice.landing_queue:
            table.invalidate()
            table.say(self.prompt(table))
            return
        moving = highlights.self_movement(choice.power)
        if moving is not None and choice.shift_to is None:
            # the player's own turn: the player puts the shift or move (never seed 000's decision, which is for
            # reactions), among the cells the engine accepts (a move: at most the user's speed)
            if choice.shift_cells is None:
                mode, distance = moving
                budget = distance if mode == "shift" else min(distance, actor.speed())
                choice.shift_cells = tactics.reachable(st, actor, mode, budget=budget)
            if choice.shift_cells:
                table.invalidate()
                table.say(self.prompt(table))
                return
        self.fire(table)

    def fire(self, table: Host) -> None:
        actor = acting(table)
        choice = self.choice
        if actor is None:
            return
        targets = tuple(choice.targets)
        if choice.power.reach.kind in AREA_KINDS and not choice.picks_area_targets:
            targets = ()  # the engine takes everyone in the area
        table.send(UsePowerCommand(actor.id, choice.power.id, targets, choice.origin, tuple(choice.landings or ()),
                                   shift_to=choice.shift_to))

    def prompt(self, table: Host) -> str:
        choice = self.choice
        actor = acting(table)
        if actor is None or table.session is None:
            return ""
        p = choice.power
        if choice.landing_queue:
            target = encounter(table).name(choice.landing_queue[0])
            return (f"{p.name}: click where {target} lands if the power moves it (cyan cells; pink: dangerous)"
                    "  ·  Esc cancel")
        if choice.shift_cells and choice.shift_to is None:
            moving = highlights.self_movement(p)
            verb = moving[0] if moving is not None else "shift"
            return (f"{p.name}: click where {actor.name} {verb}s to afterwards (cyan cells; pink: dangerous)"
                    "  ·  Esc cancel")
        kind = p.reach.kind
        if kind is RangeKind.AREA_BURST and choice.origin is None:
            return f"{p.name}: click the cell to centre the burst on (blue cells)  ·  Esc cancel"
        if kind is RangeKind.CLOSE_BLAST and choice.origin is None:
            return f"{p.name}: click a cell next to {actor.name} to aim the blast  ·  Esc cancel"
        limit = p.target_limit or 1
        if choice.picks_area_targets:
            chosen = f" ({len(choice.targets)} chosen)" if choice.targets else ""
            return (f"{p.name}: click up to {limit} target{'s' if limit > 1 else ''} ringed in yellow{chosen}, "
                    "Enter when done  ·  Esc cancel")
        if kind is RangeKind.CLOSE_BURST:
            return f"{p.name}: click or press Enter to use it on everyone marked  ·  Esc cancel"
        more = f" (up to {limit}; Enter when done)" if limit > 1 else ""
        return f"{p.name}: click a target ringed in yellow{more}  ·  Esc cancel"


def usable_powers(actor: Creature) -> list[Power]:
    """The action bar: every power but reactions (those are prepared, not used)."""
    return [p for p in actor.template.powers if p.action is not ActionType.REACTION]


def power_ready(table: Host, actor: Creature, power: Power) -> bool:
    """The engine would take a use of it now, targets aside: not spent (encounter / daily) and an action of
    its kind left (``Encounter.power_problem``, the checks a command to use it makes)."""
    return not encounter(table).power_problem(actor, power)
