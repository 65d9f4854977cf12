"""Seed 000's window parts (``game.ui.parts.WindowParts``): its action bar, its highlights, its sheet and
turn order, its log and pictures, and its fight's keys.

No rule is decided here. Whether an action of the bar is available asks the engine
(``Encounter.power_problem``, ``action_problem``: the checks a command makes, with apply's own words);
every highlighted cell or creature is the answer of a :mod:`game.rulesets.seed000.tactics` query, the
same the engine checks commands with (``game.ui.rulesets.seed000.highlights``), only given a colour.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pygame

from game.grid import Cell
from game.rulesets.seed000 import charging, tactics
from game.rulesets.seed000 import events as ev
from game.rulesets.seed000.commands import EndTurnCommand, StandUpCommand
from game.rulesets.seed000.model import ActionType, ConditionKind, CreatureId, Frequency, Power, RangeKind
from game.rulesets.seed000.state import Creature, EncounterState
from game.ui.animation import BannerText, Shown
from game.ui.board_view import Layer, TokenLook, draw_text, font
from game.ui.map_view import side_colour
from game.ui.modes.base import FightMode, Host, Piece
from game.ui.modes.prepare import PreparationMode
from game.ui.parts import BarEntry, Readiness, SlowOverlay, TurnRow
from game.ui.rulesets.seed000 import highlights, preparation, presentation
from game.ui.rulesets.seed000.charge import ChargeChoice, ChargeMode
from game.ui.rulesets.seed000.moving import MoveMode, danger_text
from game.ui.rulesets.seed000.seen import Seen, acting, action_left, encounter, seen
from game.ui.rulesets.seed000.targeting import Choice, TargetingMode, usable_powers

TEXT = (225, 228, 235)
MUTED = (150, 156, 170)
BAR_POWERS = 9
"""Powers on the action bar at most (keys 1 to 9)."""

KEYS_HELP: tuple[tuple[str, str], ...] = (
    ("M / H", "move / shift mode"),
    ("Shift+click or W", "add a waypoint to the move (again on the last: remove it; click it to go there)"),
    ("Tab", "preview the cheapest path instead of the safest"),
    ("1-9", "use a power of the action bar"),
    ("C", "charge: click an enemy ringed orange, then a violet cell to end on, again to go"),
    ("U", "stand up"),
    ("Space", "end the turn (the reaction preparation opens first)"),
)
AIMING_HELP = ("While aiming a power: valid targets ringed yellow, area cells outlined, burst centres blue.",
               "While choosing a landing: cyan cells (pink: dangerous terrain).",
               "While charging (C): enemies that can be charged ringed orange, the cells to end on violet.")
FIGHT_KEYS = frozenset((pygame.K_SPACE, *range(pygame.K_1, pygame.K_9 + 1), pygame.K_m, pygame.K_h, pygame.K_u,
                        pygame.K_c, pygame.K_w, pygame.K_TAB))
"""The fight's keys (README: the table window): the table sends them to the fight's mode."""
LAYER_ORDER = {"reach": 10, "reach_danger": 15, "charge": 20, "threat": 30, "flanking": 40, "candidates": 50,
               "origins": 60}


class Seed000Parts:
    """Seed 000's window parts; one per table (it keeps the highlights of the state shown, ``seen``)."""

    toggles: Mapping[str, tuple[str, str]] = highlights.OVERLAYS
    layer_order: Mapping[str, int] = LAYER_ORDER
    keys_help = KEYS_HELP
    aiming_help: tuple[str, ...] = AIMING_HELP
    fight_keys = FIGHT_KEYS
    theme: dict[str, Any] | None = preparation.THEME

    def __init__(self) -> None:
        self.seen = Seen()
        self._board_danger: tuple[object, bool] | None = None

    def first_mode(self) -> FightMode:
        return MoveMode()

    # -- what the tests and the snapshot read ---------------------------------------------------------

    @property
    def routes(self) -> dict[Cell, tactics.Route]:
        return self.seen.routes

    @property
    def flank(self) -> highlights.Flanking:
        return self.seen.flank

    @flank.setter
    def flank(self, got: highlights.Flanking) -> None:
        self.seen.flank = got

    def clear(self) -> None:
        self.seen.flank = highlights.Flanking((), frozenset())

    # -- the fight's keys and actions ------------------------------------------------------------------

    def fight_key(self, table: Host, key: int) -> None:
        """The fight's keys, the same in every mode of the fight: each starts a mode or acts at once."""
        if key == pygame.K_SPACE:
            self.end_turn(table)
        elif pygame.K_1 <= key <= pygame.K_9:
            TargetingMode.pick(table, key - pygame.K_1)
        elif key in (pygame.K_m, pygame.K_h):
            set_move_mode(table, "move" if key == pygame.K_m else "shift")
        elif key == pygame.K_u:
            stand_up(table)
        elif key == pygame.K_c:
            ChargeMode.start(table)
        elif key == pygame.K_w:
            if table.hover is not None and table.my_turn():
                add_waypoint(table, table.hover)
        elif key == pygame.K_TAB:
            own = seen(table)
            own.cheapest = not own.cheapest
            table.say("previewing the cheapest paths" if own.cheapest else "previewing the safest paths")

    def end_turn(self, table: Host) -> None:
        """Space: the reaction preparation opens first (a creature with reactions), then the turn ends."""
        actor = acting(table)
        if actor is None or not table.my_turn():
            return
        if table.prep is None and preparation.available(table, actor):
            table.open_panel(PreparationMode(preparation.open_panel(table, actor)))
            return
        table.send(EndTurnCommand(actor.id))

    # -- the highlights -------------------------------------------------------------------------------

    def choice_key(self, table: Host) -> object:
        choice, charge = chosen(table), charging_now(table)
        aimed = None if choice is None else (choice.power.id, tuple(choice.targets), tuple(choice.landing_queue or ()),
                                             choice.origin, choice.shift_cells is None, choice.shift_to)
        return (moving(table).kind, aimed, None if charge is None else (charge.target, len(charge.targets)))

    def highlights(self, table: Host) -> dict[str, Layer]:
        """What a click needs at once: the reachable cells (moving), the cells to end a charge on, the
        landings of a forced movement, where a power's shift puts its user, an area power's origins, or
        the power's valid targets."""
        own = self.seen
        own.routes, own.forced, own.origins, own.valid = {}, None, frozenset(), []
        layers: dict[str, Layer] = {}
        move = moving(table)
        if move.waypoints and move.waypoints_at != len(encounter(table).log):
            move.waypoints = []  # something happened since they were placed: they no longer apply
        actor = acting(table)
        if actor is None or table.screen_state != "table" or not table.my_turn():
            return layers
        st = encounter(table).state
        choice, charge = chosen(table), charging_now(table)
        on = table.overlay_on
        if choice is None and charge is None and action_left(table, actor, ActionType.MOVE):
            own.routes = tactics.reachable(st, actor, moving(table).kind)
            if on["reach"]:
                layers["reach"], layers["reach_danger"] = highlights.reach_layers(
                    st, actor, own.routes, danger=self.board_has_danger(st))
        if charge is not None and charge.target is not None:
            layers["charge"] = highlights.charge_layer(charge.ends)
        if choice is not None:
            if choice.landing_queue:
                target = st.creatures[choice.landing_queue[0]]
                own.forced = highlights.forced_options(st, actor, target, choice.power)
                layers["candidates"] = highlights.candidates_layer(own.forced)
            elif choice.shift_cells and choice.shift_to is None:
                layers["candidates"] = highlights.shift_layer(st, actor, choice.shift_cells)
            elif highlights.needs_origin(choice.power) and choice.origin is None:
                own.origins = highlights.origin_cells(st, actor, choice.power)
                layers["origins"] = highlights.origin_layer(own.origins)
            else:
                own.valid = [c.id for c in tactics.valid_targets(st, actor, choice.power, choice.origin)]
        return layers

    def board_has_danger(self, st: EncounterState) -> bool:
        """``highlights.board_has_danger``, looked up once per board (the terrain does not change in a fight)."""
        got = self._board_danger
        if got is None or got[0] is not st.board:
            got = self._board_danger = (st.board, highlights.board_has_danger(st))
        return got[1]

    def slow_overlays(self, table: Host, actor: Piece) -> dict[str, SlowOverlay]:
        """The threat overlay, a batch of enemies a step (``highlights.threat_steps``), and the flanking
        overlay (lines and dots), a few creatures a step (``highlights.flanking_steps``)."""
        st = encounter(table).state
        creature = st.creatures[CreatureId(actor.id)]
        own = self.seen

        def flanking() -> Iterator[Layer | None]:
            for got in highlights.flanking_steps(st, creature):
                if got is None:
                    yield None
                else:
                    own.flank = got
                    yield highlights.flanking_layer(got)

        return {"threat": lambda: highlights.threat_steps(st, creature), "flanking": flanking}

    def kept_overlay(self, name: str) -> Layer | None:
        return highlights.flanking_layer(self.seen.flank) if name == "flanking" else None

    # -- the marks over the map ------------------------------------------------------------------------

    def marks_key(self, table: Host) -> object:
        charge, choice, move = charging_now(table), chosen(table), moving(table)
        return (move.pending if table.fight is move else None, self.seen.cheapest,
                None if charge is None else (charge.target, charge.pending),
                None if choice is None else (tuple(choice.targets), choice.origin, tuple(choice.landings or ())))

    def draw_marks(self, table: Host, board: pygame.Surface, *, under_hover: bool) -> None:
        """Under the hover: the flanking lines. Over it, on the viewer's turn: the charge's targets and
        path, the move's previewed path and waypoints, or the aimed power's targets, area, shift and
        landings."""
        view = table.view
        assert view is not None
        st = encounter(table).state
        zoom = view.camera.zoom
        if under_hover:
            if table.overlay_on["flanking"]:
                for a, b, _target in self.seen.flank.pairs:
                    ca, cb = st.creatures.get(CreatureId(a)), st.creatures.get(CreatureId(b))
                    if ca is None or cb is None:
                        continue
                    pa = view.camera.to_screen(*table.token_centre(ca))
                    pb = view.camera.to_screen(*table.token_centre(cb))
                    pygame.draw.line(board, (190, 90, 255), pa, pb, max(2, round(3 * zoom)))
            return
        actor = st.acting
        if actor is None or not table.my_turn():
            return
        name = encounter(table).name
        hover = table.hover
        choice, charge, move = chosen(table), charging_now(table), moving(table)
        ring = max(6, round(view.cell_w * zoom * 0.52))
        if charge is not None:
            for cid in charge.targets:
                px, py = view.camera.to_screen(*table.token_centre(st.creatures[cid]))
                colour = (255, 60, 60) if cid == charge.target else (255, 150, 40)
                pygame.draw.circle(board, colour, (px, py), ring, 3)
            cell = charge.pending if charge.pending is not None else hover
            route = charge.ends.get(cell) if cell is not None else None
            if route is not None and cell is not None and charge.target is not None:
                self.draw_route(table, board, actor, cell, route.safest_path, route.safest_provokers,
                                f"charge {name(charge.target)} · cost {route.safest_cost}", pinned=charge.pending == cell)
        elif choice is None:
            pending = move.pending if table.fight is move else None
            cell = pending if pending is not None else hover
            route = move.route_to(table, cell) if cell is not None else None
            if route is None and move.waypoints:
                cell = move.waypoints[-1]
                route = move.route_to(table, cell)
            if route is not None and cell is not None:
                cheapest = self.seen.cheapest
                path = route.path if cheapest else route.safest_path
                provokers = route.provokers if cheapest else route.safest_provokers
                cost = route.cost if cheapest else route.safest_cost
                self.draw_route(table, board, actor, cell, path, provokers, f"cost {cost}", pinned=pending == cell)
            for n, stop in enumerate(move.waypoints, 1):
                px, py = view.camera.to_screen(*view.centre(stop))
                radius = max(7, round(min(view.cell_w, view.cell_h) * zoom * 0.22))
                pygame.draw.circle(board, (10, 10, 10), (px, py), radius + 2)
                pygame.draw.circle(board, (255, 255, 255), (px, py), radius)
                draw_text(board, str(n), (round(px), round(py)), max(10, radius + 3), (10, 10, 10), bold=True,
                          anchor="center")
        else:
            self.draw_aim(table, board, actor, choice)

    def draw_over_tokens(self, table: Host, board: pygame.Surface) -> None:
        """Nothing of seed 000's is drawn over the tokens."""

    def draw_aim(self, table: Host, board: pygame.Surface, actor: Creature, choice: Choice) -> None:
        """The aimed power: its valid targets ringed, its area outlined, where its shift and its forced
        movement put the user and the target."""
        view = table.view
        assert view is not None
        st = encounter(table).state
        zoom = view.camera.zoom
        hover = table.hover
        own = self.seen
        ring = max(6, round(view.cell_w * zoom * 0.52))
        for cid in own.valid:
            px, py = view.camera.to_screen(*table.token_centre(st.creatures[cid]))
            colour = (255, 60, 60) if cid in choice.targets else (255, 230, 80)
            pygame.draw.circle(board, colour, (px, py), ring, 3)
        if hover is not None and hover in own.origins:
            for cell in tactics.area_cells(st, actor, choice.power, hover):
                pygame.draw.polygon(board, (255, 230, 80), view.polygon(cell), 2)
            for c in tactics.valid_targets(st, actor, choice.power, hover):
                px, py = view.camera.to_screen(*table.token_centre(c))
                pygame.draw.circle(board, (255, 60, 60), (px, py), ring, 3)
        if choice.power.reach.kind is RangeKind.CLOSE_BURST:
            # picking some of those in the burst: its cells thin and blue, so the yellow rings stand out
            outline, width = ((120, 170, 255), 1) if choice.picks_area_targets else ((255, 230, 80), 2)
            for cell in tactics.area_cells(st, actor, choice.power):
                pygame.draw.polygon(board, outline, view.polygon(cell), width)
            for c in ([] if choice.picks_area_targets else tactics.valid_targets(st, actor, choice.power)):
                px, py = view.camera.to_screen(*table.token_centre(c))
                pygame.draw.circle(board, (255, 60, 60), (px, py), ring, 3)
        shifts = choice.shift_cells
        if shifts and choice.shift_to is None and hover is not None and hover in shifts:
            route = shifts[hover]
            moved = highlights.self_movement(choice.power)
            verb = moved[0] if moved is not None else "shift"
            self.draw_route(table, board, actor, hover, route.safest_path, route.safest_provokers,
                            f"{actor.name} {verb}s here", pinned=False)
        if own.forced is not None and hover is not None and hover in own.forced.finals and choice.landing_queue:
            target = st.creatures[choice.landing_queue[0]]
            landing = own.forced.finals[hover]
            pts = [view.camera.to_screen(*table.token_centre(target))]
            pts += [view.camera.to_screen(*view.centre(c)) for c in landing.path]
            pygame.draw.lines(board, (40, 210, 230), False, pts, max(2, round(4 * zoom)))
            danger = tactics.danger_under(st, target, hover)
            notes = [n for n, on in ((f"dangerous: {danger}", danger is not None), ("flanked", landing.flanked),
                                     ("flanking", landing.flanking)) if on]
            text = (f"{target.name} lands here ({landing.steps} step{'s' if landing.steps != 1 else ''}"
                    + (", " + ", ".join(notes) if notes else "") + ")")
            table.late_labels.append((text, table.label_spot(board, text, pts[-1])))

    def draw_route(self, table: Host, board: pygame.Surface, actor: Creature, cell: Cell, path: tuple[Cell, ...],
                   provokers: tuple[CreatureId, ...], label: str, *, pinned: bool) -> None:
        """A previewed path (green, orange if it provokes), who it provokes ringed, and a label at its end."""
        view = table.view
        assert view is not None
        zoom = view.camera.zoom
        st = encounter(table).state
        name = encounter(table).name
        pts = [view.camera.to_screen(*table.token_centre(actor))]
        pts += [view.camera.to_screen(*view.centre(c)) for c in path]
        dangers = tactics.path_dangers(st, actor, path)
        hurt = {c for c, _ in dangers}
        colour = (245, 150, 30) if provokers else (255, 60, 200) if dangers else (80, 230, 120)
        pygame.draw.lines(board, (10, 10, 10), False, pts, max(4, round(6 * zoom)))
        pygame.draw.lines(board, colour, False, pts, max(2, round(4 * zoom)))
        for c, p in zip(path, pts[1:]):
            if c in hurt:  # a step into dangerous terrain: a red disc with a dark rim
                pygame.draw.circle(board, (10, 10, 10), p, max(5, round(8 * zoom)))
                pygame.draw.circle(board, (235, 40, 30), p, max(4, round(7 * zoom)))
            else:
                pygame.draw.circle(board, colour, p, max(2, round(4 * zoom)))
        if pinned:
            pygame.draw.polygon(board, (255, 255, 255), view.polygon(cell), 3)
        for pid in provokers:
            who = st.creatures[CreatureId(pid)]
            px, py = view.camera.to_screen(*table.token_centre(who))
            pygame.draw.circle(board, (245, 150, 30), (px, py), max(6, round(view.cell_w * zoom * 0.5)), 3)
        if provokers:
            label += f" · provokes {len(provokers)}: " + ", ".join(name(p) for p in provokers)
        if dangers:
            label += " · " + danger_text(dangers)
        table.late_labels.append((label, table.label_spot(board, label, pts[-1])))

    def hover_message(self, table: Host) -> str | None:
        """The move (or the charge) previewed to the cell under the pointer, before any click."""
        hover, charge, move = table.hover, charging_now(table), moving(table)
        if hover is None:
            return None
        if (table.my_turn() and chosen(table) is None and not (table.fight is move and move.pending is not None)
                and hover in self.seen.routes):
            return move.route_text(table, hover)
        if charge is not None and charge.pending is None and hover in charge.ends:
            fight = table.fight
            return fight.charge_text(table, hover) if isinstance(fight, ChargeMode) else ""
        return None

    # -- the action bar --------------------------------------------------------------------------------

    def bar_entries(self, table: Host, actor: Piece) -> list[BarEntry]:
        """Move, shift, stand up, charge, the creature's powers but reactions (1-9), and End turn."""
        creature = encounter(table).state.creatures[CreatureId(actor.id)]
        entries = [BarEntry("M Move", "move", None, 78, "", lambda: set_move_mode(table, "move")),
                   BarEntry("H Shift", "shift", None, 78, "", lambda: set_move_mode(table, "shift")),
                   BarEntry("U Stand", "stand", None, 78, "", lambda: stand_up(table)),
                   BarEntry("C Charge", "charge", None, 86,
                            "standard action: move 2 cells or more, then a melee basic attack at +1",
                            lambda: ChargeMode.start(table))]
        for i, power in enumerate(usable_powers(creature)[:BAR_POWERS]):
            label = f"{i + 1} {power.name}"
            width = max(80, min(180, font(14).size(label)[0] + 20))
            entries.append(BarEntry(label, "power", power, width, presentation.power_tip(power),
                                    lambda i=i: TargetingMode.pick(table, i)))  # type: ignore[misc]
        entries.append(BarEntry("Space: End turn", "end", None, 130, "", lambda: self.end_turn(table)))
        return entries

    def bar_key(self, table: Host, actor: Piece) -> object:
        creature = encounter(table).state.creatures[CreatureId(actor.id)]
        budget = encounter(table).state.budget
        choice = chosen(table)
        return (budget.standard, budget.move, budget.minor, tuple(sorted(creature.used_powers)), moving(table).kind,
                choice.power.id if choice else None, creature.has(ConditionKind.PRONE),
                charging_now(table) is not None)

    def readiness(self, table: Host, actor: Piece, entry: BarEntry) -> Readiness:
        """Whether the engine would take the entry's command now (``power_problem``, ``action_problem``: the
        checks the command makes before its targets), and the reason when not."""
        enc = encounter(table)
        creature = enc.state.creatures[CreatureId(actor.id)]
        choice, charge, move = chosen(table), charging_now(table), moving(table)
        why = ""
        if isinstance(entry.ident, Power):
            why = enc.power_problem(creature, entry.ident)
        elif entry.role == "stand":
            why = "" if creature.has(ConditionKind.PRONE) else f"{creature.name} is not prone"
        elif entry.role == "charge":
            why = ("" if charging.can_charge(creature) else f"{creature.name} cannot charge (prone, or no melee basic "
                   "attack)") or enc.action_problem(creature, ActionType.STANDARD)
        elif entry.role in ("move", "shift"):
            why = enc.action_problem(creature, ActionType.MOVE)
        picked = (entry.role == move.kind and choice is None and charge is None) or (
            isinstance(entry.ident, Power) and choice is not None and choice.power.id == entry.ident.id) or (
            entry.role == "charge" and charge is not None)
        return Readiness(not why, why, picked)

    # -- the panels, the tokens and the log ------------------------------------------------------------

    def token_shows(self, table: Host, creature: Piece) -> object:
        c = creature
        assert isinstance(c, Creature)
        kinds = tuple([cond.kind for cond in c.conditions]) if c.conditions else ()
        return (c.cell, c.hp, c.dying, c.name, c.side, c.template, kinds)

    def token_look(self, table: Host, creature: Piece) -> TokenLook:
        c = creature
        assert isinstance(c, Creature)
        conditions = tuple(dict.fromkeys(cond.kind.value for cond in c.conditions))
        size = 1 if len(encounter(table).state.space(c)) == 1 else c.template.size
        # names are laid out apart from the sprites (the table's ``name_labels``), so that none covers another
        return TokenLook(c.name, c.side, c.hp, c.max_hp, conditions, c.is_bloodied, c.dying, size, False)

    def public_health(self, creature: Piece) -> str:
        """What players see of an opponent's health (the players' display): seed 000's states, no number."""
        c = creature
        assert isinstance(c, Creature)
        if c.dead or c.dying or c.hp <= 0:
            return "down"
        return "bloodied" if c.is_bloodied else "unhurt"

    def turn_order_title(self, table: Host) -> str:
        return f"Initiative · round {encounter(table).state.round}"

    def turn_order(self, table: Host) -> list[TurnRow]:
        st = encounter(table).state
        rows = []
        for cid in st.initiative:
            c = st.creatures[cid]
            status = "dead" if c.dead else ("dying" if c.dying else f"{c.hp}/{c.max_hp} hp")
            rows.append(TurnRow(cid, c.name, c.side, c.dead, status))
        return rows

    def draw_sheet(self, table: Host, creature: Piece, screen: pygame.Surface, x: int, y: int) -> int:
        """Name, template, hit points, surges, speed, defences, conditions, powers (used ones greyed) and,
        for its own player, the preparation in force."""
        assert table.session is not None
        c = encounter(table).state.creatures[CreatureId(creature.id)]
        t = c.template
        y = draw_text(screen, c.name, (x, y), 15, side_colour(c.side), bold=True).bottom
        role = f"level {t.level} {t.role.value}" + (" (minion)" if t.minion else "")
        y = draw_text(screen, f"{t.name}, {role} · {c.side}, played by {table.session.controller_of(c.id)}",
                      (x, y), 12, MUTED).bottom
        hp = "dead" if c.dead else ("dying" if c.dying else f"{c.hp}/{c.max_hp} hp" +
                                     (" (bloodied)" if c.is_bloodied else ""))
        d = t.defenses
        y = draw_text(screen, f"{hp} · surges {c.surges} · speed {c.speed()} · AC {d.ac} Fort {d.fortitude} "
                              f"Ref {d.reflex} Will {d.will}", (x, y), 12, TEXT).bottom
        if c.conditions:
            y = draw_text(screen, "; ".join(cond.describe() for cond in c.conditions)[:70], (x, y), 12,
                          (210, 160, 255)).bottom
        for power in t.powers[:9]:
            used = power.frequency is not Frequency.AT_WILL and power.id in c.used_powers
            line = f"  {power.name}: {power.action.value}, {power.frequency.value}, {presentation.reach_text(power)}"
            y = draw_text(screen, line[:62] + (" (used)" if used else ""), (x, y), 12,
                          MUTED if used else TEXT).bottom
        secret = preparation.summary(table, c)
        if secret:
            y = draw_text(screen, secret[:64], (x, y), 12, (255, 170, 60)).bottom
        return y

    def log_colour(self, event: object) -> tuple[int, int, int]:
        return presentation.colour_of(event)  # type: ignore[arg-type]

    def pictures(self, event: object) -> Shown:
        return presentation.pictures(event)  # type: ignore[arg-type]

    def banner(self, table: Host, events: list[Any], i: int) -> BannerText | None:
        assert table.session is not None
        return presentation.reaction_banner(table.session, events, i)

    def describe_command(self, command: object, name: Callable[[str], str]) -> str:
        return presentation.describe_command(command, name)  # type: ignore[arg-type]

    def snapshot(self, table: Host, px: Callable[[Cell], list[int] | None]) -> dict[str, Any]:
        """The creatures' hit points, the move preview, the power being aimed, the charge, the action bar's
        powers (ready or not, and why), the reactions resolved."""
        assert table.view is not None
        enc = encounter(table)
        st = enc.state
        grid = table.view.grid
        actor = st.acting
        choice, charge, own = chosen(table), charging_now(table), self.seen
        return {
            "creatures": [{"id": c.id, "name": c.name, "side": c.side, "hp": c.hp, "dead": c.dead, "dying": c.dying,
                           "cell": list(grid.cell_to_offset(c.cell)), "pixel": px(c.cell)}
                          for c in st.creatures.values()],
            "reachable": [{"cell": list(grid.cell_to_offset(c)), "pixel": px(c), "provokes": len(r.safest_provokers)}
                          for c, r in own.routes.items()],
            "aiming": choice.power.id if choice else None,
            "charging": None if charge is None else {
                "target": charge.target,
                "targets": {cid: px(st.creatures[cid].cell) for cid in charge.targets},
                "ends": [px(c) for c in charge.ends]},
            "valid": list(own.valid),
            "origins": [px(c) for c in own.origins],
            "landings": [px(c) for c in (own.forced.finals if own.forced else {})],
            "powers": [] if actor is None else [{"id": p.id, "ready": not (why := enc.power_problem(actor, p)),
                                                  "why": why, "reach": presentation.reach_text(p),
                                                  "forced": highlights.forced_power(p) is not None}
                                                 for p in usable_powers(actor)][:9],
            "reactions_resolved": sum(1 for e in enc.log if isinstance(e, ev.ReactionResolved)),
        }


def chosen(table: Host) -> Choice | None:
    """The power being aimed, if any."""
    fight = table.modes[0]
    return fight.choice if isinstance(fight, TargetingMode) else None


def charging_now(table: Host) -> ChargeChoice | None:
    """The charge being aimed, if any."""
    fight = table.modes[0]
    return fight.charge if isinstance(fight, ChargeMode) else None


def moving(table: Host) -> MoveMode:
    """The moving mode: the fight's, or the one it goes back to (its kind and waypoints are kept)."""
    fight = table.modes[0]
    move = fight.back if isinstance(fight, (TargetingMode, ChargeMode)) else fight
    assert isinstance(move, MoveMode)
    return move


def set_move_mode(table: Host, kind: str) -> None:
    """M / H: moving or shifting; the power or charge being aimed, the preview and the waypoints are dropped."""
    if not table.my_turn():
        return
    move = moving(table)
    move.kind = kind
    move.pending = None
    move.waypoints = []
    table.modes[0] = move
    table.invalidate()
    table.say(table.prompt())


def stand_up(table: Host) -> None:
    actor = acting(table)
    if actor is not None and table.my_turn():
        table.send(StandUpCommand(actor.id))


def add_waypoint(table: Host, cell: Cell) -> None:
    """Shift+click or W: the move goes through ``cell`` (again on the last waypoint: drop it)."""
    fight = table.fight
    if isinstance(fight, MoveMode):
        fight.add_waypoint(table, cell)
