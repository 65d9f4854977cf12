"""Seed 003's window parts (``game.ui.parts.WindowParts``): a first, plain version.

Everything the player may do comes from the fight's legal-commands query (``legal_commands``): the reachable
cells are the ends of its legal moves, the targets ringed are those of its legal uses of the chosen ability,
an action bar entry is available when the query lists a command of it. No rule is decided here. The turn
order panel shows the bands and the escalation die (seed 003 lines 81-93); the sheet shows hit points,
staggered, defenses, stance, conditions and abilities.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

import pygame

from game.grid import Cell
from game.rulesets.seed003.commands import Command, Disengage, EndTurnCommand, Move, Rally, UseAbility
from game.rulesets.seed003.fight import Seed003Fight as Fight003
from game.rulesets.seed003.state import Creature
from game.ui.animation import NOTHING, BannerText, Shown
from game.ui.board_view import Layer, TokenLook, draw_text
from game.ui.combat_log import DEFAULT_COLOUR
from game.ui.map_view import side_colour
from game.ui.modes.base import FightMode, Host, Mode, Piece
from game.ui.parts import BarEntry, Readiness, SlowOverlay, TurnRow

TEXT = (225, 228, 235)
MUTED = (150, 156, 170)
BAR_ABILITIES = 9
REACH = (80, 200, 120, 90)
DISENGAGE = (230, 170, 60, 110)
TARGET = (250, 220, 60, 255)

KEYS_HELP: tuple[tuple[str, str], ...] = (
    ("click a green cell", "move there (a move action)"),
    ("1-9", "choose an ability of the action bar, then click a target ringed yellow"),
    ("D", "disengage: click an orange cell to pop off and move there"),
    ("R", "rally (a standard action)"),
    ("Space", "end the turn"),
    ("Esc", "drop the ability or disengage chosen"),
)
FIGHT_KEYS = frozenset((pygame.K_SPACE, *range(pygame.K_1, pygame.K_9 + 1), pygame.K_d, pygame.K_r,
                        pygame.K_ESCAPE))


def fight(table: Host) -> Fight003:
    """The session's fight, seed 003's when these parts are in use."""
    assert table.session is not None
    return cast(Fight003, table.session.encounter)


class Seed003Parts:
    """Seed 003's window parts; one per table (it keeps the choice being made and the legal commands seen)."""

    toggles: Mapping[str, tuple[str, str]] = {}
    layer_order: Mapping[str, int] = {"reach": 10, "disengage": 12, "targets": 50}
    keys_help = KEYS_HELP
    aiming_help: tuple[str, ...] = ("Green: where a move ends. Orange: where a disengage ends. Yellow ring: "
                                    "a target of the chosen ability.",)
    fight_keys = FIGHT_KEYS
    theme: dict[str, Any] | None = None

    def __init__(self) -> None:
        self.chosen: str | None = None
        """The ability chosen on the bar (its id), or "disengage", or None."""
        self._legal: tuple[object, list[Command]] = (None, [])

    # -- the legal commands, once per state --------------------------------------------------------------

    def legal(self, table: Host) -> list[Command]:
        """The fight's legal commands now (worked out once per state shown)."""
        f = fight(table)
        key = (id(f), len(f.log), f.pending)
        if self._legal[0] != key:
            self._legal = (key, list(f.legal_commands()) if not f.pending else [])
        return self._legal[1]

    def first_mode(self) -> FightMode:
        return ChooseMode()

    @property
    def routes(self) -> Mapping[Cell, Any]:
        return {}

    def clear(self) -> None:
        self.chosen, self._legal = None, (None, [])

    def fight_key(self, table: Host, key: int) -> None:
        if key == pygame.K_SPACE:
            self.end_turn(table)
        elif pygame.K_1 <= key <= pygame.K_9:
            actor = table.acting
            entries = [e for e in self.bar_entries(table, actor) if e.role == "ability"] if actor else []
            if key - pygame.K_1 < len(entries):
                entries[key - pygame.K_1].start()
        elif key == pygame.K_d:
            self.choose(table, "disengage")
        elif key == pygame.K_r:
            actor = table.acting
            if actor is not None and table.my_turn():
                table.send(Rally(actor.id))
        elif key == pygame.K_ESCAPE:
            self.chosen = None

    def choose(self, table: Host, what: str) -> None:
        actor = table.acting
        if self.chosen != what and actor is not None:
            role = "disengage" if what == "disengage" else "ability"
            ready = self.readiness(table, actor, BarEntry(what, role, what))
            if not ready.available:
                table.say(f"{what.replace('_', ' ')}: {ready.why}", error=True)
                return
        self.chosen = None if self.chosen == what else what
        if self.chosen == "disengage":
            table.say("Disengage: click an orange cell (3d6 against 11, +1 per enemy past the first)")
        elif self.chosen is not None:
            table.say(f"{self.chosen.replace('_', ' ')}: click a target ringed yellow  ·  Esc cancel")

    def end_turn(self, table: Host) -> None:
        actor = table.acting
        if actor is not None and table.my_turn():
            table.send(EndTurnCommand(actor.id))

    # -- the board ----------------------------------------------------------------------------------

    def choice_key(self, table: Host) -> object:
        return self.chosen

    def moves(self, table: Host) -> dict[Cell, Command]:
        return {c.to: c for c in self.legal(table) if isinstance(c, Move)}

    def disengages(self, table: Host) -> dict[Cell, Command]:
        return {c.to: c for c in self.legal(table) if isinstance(c, Disengage)}

    def targets(self, table: Host) -> dict[Cell, Command]:
        """The cells of the creatures the chosen ability may be used on now, each with its command."""
        out: dict[Cell, Command] = {}
        f = fight(table)
        for c in self.legal(table):
            if isinstance(c, UseAbility) and c.ability == self.chosen and len(c.targets) == 1:
                target = f.piece(c.targets[0])
                if target is not None:
                    out[target.cell] = c
        return out

    def highlights(self, table: Host) -> dict[str, Layer]:
        if not table.my_turn():
            return {}
        if self.chosen == "disengage":
            return {"disengage": Layer({cell: DISENGAGE for cell in self.disengages(table)})}
        if self.chosen is not None:
            return {"targets": Layer({cell: TARGET for cell in self.targets(table)}, "frame")}
        return {"reach": Layer({cell: REACH for cell in self.moves(table)})}

    def slow_overlays(self, table: Host, actor: Piece) -> dict[str, SlowOverlay]:
        return {}

    def kept_overlay(self, name: str) -> Layer | None:
        return None

    def marks_key(self, table: Host) -> object:
        return None

    def draw_marks(self, table: Host, board: pygame.Surface, *, under_hover: bool) -> None:
        return None

    def hover_message(self, table: Host) -> str | None:
        return None

    # -- the action bar -----------------------------------------------------------------------------

    def bar_entries(self, table: Host, actor: Piece) -> list[BarEntry]:
        """The creature's abilities (1-9), Disengage, Rally and End turn."""
        creature = cast(Creature, actor)
        entries = []
        for i, ability in enumerate(fight(table).abilities(creature)[:BAR_ABILITIES]):
            label = f"{i + 1} {ability.name}"
            tip = f"{ability.action.value}, {ability.frequency.value}" + (", provokes" if ability.provokes else "")
            entries.append(BarEntry(label, "ability", ability.id, max(80, min(190, 9 * len(label) + 20)), tip,
                                    lambda a=ability.id: self.choose(table, a)))  # type: ignore[misc]
        entries.append(BarEntry("D Disengage", "disengage", None, 110, "a move action: 3d6 against 11",
                                lambda: self.choose(table, "disengage")))
        entries.append(BarEntry("R Rally", "rally", None, 80, "a standard action: heal with a recovery",
                                lambda: self.fight_key(table, pygame.K_r)))
        entries.append(BarEntry("Space: End turn", "end", None, 130, "", lambda: self.end_turn(table)))
        return entries

    def bar_key(self, table: Host, actor: Piece) -> object:
        f = fight(table)
        return (id(f), len(f.log), self.chosen)

    def readiness(self, table: Host, actor: Piece, entry: BarEntry) -> Readiness:
        legal = self.legal(table) if table.my_turn() else []
        kinds: dict[str, Callable[[Command], bool]] = {
            "ability": lambda c: isinstance(c, UseAbility) and c.ability == entry.ident,
            "disengage": lambda c: isinstance(c, Disengage),
            "rally": lambda c: isinstance(c, Rally),
            "end": lambda c: isinstance(c, EndTurnCommand)}
        test = kinds[entry.role]
        ok = any(test(c) for c in legal)
        chosen = (entry.role == "ability" and entry.ident == self.chosen) or (
            entry.role == "disengage" and self.chosen == "disengage")
        return Readiness(ok, "" if ok else "not now (no action of that kind left, or no target)", chosen)

    # -- the panels and the log ---------------------------------------------------------------------

    def token_shows(self, table: Host, creature: Piece) -> object:
        c = cast(Creature, creature)
        return (c.cell, c.hp, c.dying, c.dead, tuple(sorted(n.value for n in c.names())))

    def token_look(self, table: Host, creature: Piece) -> TokenLook:
        c = cast(Creature, creature)
        conditions = tuple(sorted(n.value for n in c.names()))
        return TokenLook(c.name, c.side, c.hp, c.max_hp, conditions, c.staggered, c.dying, 1, False)

    def public_health(self, creature: Piece) -> str:
        """What players see of an opponent's health: seed 003's words (line 205), no number."""
        c = cast(Creature, creature)
        if c.dead or c.dying or c.hp <= 0:
            return "down"
        return "staggered" if c.staggered else "unhurt"

    def turn_order_title(self, table: Host) -> str:
        f = fight(table)
        return f"Round {f.round} · escalation die {f.clock.escalation}"

    def turn_order(self, table: Host) -> list[TurnRow]:
        """Everyone by band (the order bands play in, lines 81-87), with hit points and band."""
        f = fight(table)
        rows = []
        for c in sorted(f.pieces(), key=lambda c: f.clock.bands[c.id].rank):
            band = f.clock.bands[c.id].value
            state = "dead" if c.dead else ("dying" if c.dying else f"{c.hp}/{c.max_hp} hp")
            rows.append(TurnRow(c.id, c.name, c.side, c.dead, f"{state} · {band}"))
        return rows

    def draw_sheet(self, table: Host, creature: Piece, screen: pygame.Surface, x: int, y: int) -> int:
        """Name, level, hit points (staggered), defenses, stance, recoveries, conditions and abilities."""
        c = cast(Creature, creature)
        t = c.template
        y = draw_text(screen, c.name, (x, y), 15, side_colour(c.side), bold=True).bottom
        hp = "dead" if c.dead else ("dying" if c.dying else f"{c.hp}/{c.max_hp} hp" +
                                     (" (staggered)" if c.staggered else ""))
        stance = c.stance.value if c.stance is not None else "no stance"
        for line in (f"level {t.level} · {hp} · recoveries {c.recoveries}",
                     f"AC {t.ac} PD {t.pd} MD {t.md} · volition {c.volition} · {stance}",
                     "conditions: " + (", ".join(sorted(n.value for n in c.names())) or "none")):
            y = draw_text(screen, line, (x, y), 12, TEXT).bottom
        for ability in fight(table).abilities(c):
            used = ability.id in c.used
            y = draw_text(screen, f"  {ability.name}: {ability.action.value}, {ability.frequency.value}"
                          + (" (used)" if used else ""), (x, y), 12, MUTED if used else TEXT).bottom
        return y

    def log_colour(self, event: object) -> tuple[int, int, int]:
        return DEFAULT_COLOUR

    def pictures(self, event: object) -> Shown:
        return NOTHING

    def banner(self, table: Host, events: list[Any], i: int) -> BannerText | None:
        return None

    def describe_command(self, command: object, name: Callable[[str], str]) -> str:
        who = getattr(command, "creature", "")
        return f"{name(who)}'s {type(command).__name__.lower()}"

    def snapshot(self, table: Host, px: Callable[[Cell], list[int] | None]) -> dict[str, Any]:
        f = fight(table)
        return {"escalation": f.clock.escalation, "chosen": self.chosen,
                "reachable": [px(c) for c in self.moves(table)] if table.my_turn() else [],
                "targets": [px(c) for c in self.targets(table)] if table.my_turn() else []}


class ChooseMode(FightMode):
    """The fight at rest: a click on a green cell moves there, on a target ringed yellow uses the chosen
    ability on it, on an orange cell disengages there."""

    def click(self, table: Host, cell: Cell, who: Any, actor: Any) -> Mode | None:
        parts = cast(Seed003Parts, table.parts)
        if parts.chosen == "disengage":
            chosen = parts.disengages(table).get(cell)
        elif parts.chosen is not None:
            chosen = parts.targets(table).get(cell)
        else:
            chosen = parts.moves(table).get(cell)
        if chosen is None:
            if who is not None:
                table.selected = who.id
            return None
        parts.chosen = None
        table.send(chosen)
        return None
