"""Seed 002's window parts (``game.ui.parts.WindowParts``; numbers in brackets are seed 002's lines).

Everything the player may do comes from the fight's legal-commands query: the green cells are the ends of its
legal moves in the way of moving chosen (walk or crawl, run, advance, withdraw), the targets ringed are those of
its legal attacks, charges and aims; a bar entry is available when the query lists a command of it. No rule is
decided here.

* **The action bar** groups the actions by type, standard / move / quick / free / no action [3-8], each with its
  provoking tag as the catalogue prints it (``[OA]``, ``[OA move]`` for "OA from movement", ``[OA some]`` for "OA
  from certain movement" [68, 76]); its keys are in :data:`KEYS_HELP`.
* **The economy display** (``economy_view``): pips on the acting creature's sheet, small on the initiative row.
* **The provoking preview** (``marks``): for the move, charge or [OA] action previewed, the enemies it would
  provoke (the fight's own ``queries.would_provoke``) are ringed red and the squares on its path whose exit
  provokes are crossed; in a way of moving that provokes for leaving, every threatened square in reach is
  dotted. An advance [77] or a withdraw [79] shows no dot and rings nobody where a walk would.
* **The track**: damage levels as the token's bar (4 levels to down), fatigue and Stress on the sheet, the
  public word (bruised, staggered, fatigued, down) on the players' display.
* **Decisions**: the generic prompt; a decision whose options are squares (a push's or pull's landing) is also
  answered by a click on a cyan square (``decision_cells``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, cast

import pygame

from game.grid import Cell
from game.kernel.decisions import Decision
from game.rulesets.seed002 import catalog, queries
from game.rulesets.seed002 import commands as cmd
from game.rulesets.seed002.catalog import ActionType
from game.rulesets.seed002.fight import Seed002Fight
from game.rulesets.seed002.orders import WAY_MODES
from game.rulesets.seed002.readying import IN_REACH, TRIGGERS
from game.rulesets.seed002.sheets import AttackKind
from game.rulesets.seed002.state import Creature
from game.rulesets.seed002.track import DAMAGE_DOWN, FATIGUE_DOWN
from game.ui.animation import BannerText, Shown
from game.ui.board_view import Layer, TokenLook, draw_text
from game.ui.map_view import side_colour
from game.ui.modes.base import FightMode, Host, Mode, Piece
from game.ui.parts import BarEntry, Readiness, SlowOverlay, TurnRow
from game.ui.rulesets.seed002 import economy_view, marks, presentation

TEXT = (225, 228, 235)
MUTED = (150, 156, 170)
BAR_ATTACKS = 9
REACH = (80, 200, 120, 90)
RUN = (200, 210, 80, 90)
ADVANCE = (90, 170, 250, 95)
SQUEEZE = (60, 190, 180, 110)
"""A cell only a squeeze reaches (through a tight space [72]), among the walk's."""
WITHDRAW = (150, 120, 250, 95)
CHARGE = (240, 150, 60, 100)
TARGET = (250, 220, 60, 255)
LANDING = (60, 220, 230, 120)
THREATENED = (235, 70, 60, 200)

WAYS: dict[str, tuple[str, tuple[int, int, int, int]]] = {
    "walk": ("move", REACH), "run": ("run", RUN), "advance": ("advance", ADVANCE), "withdraw": ("withdraw", WITHDRAW)}
"""The ways of moving the bar offers: the shared tactics' mode of each and its colour (walk is crawl when prone)."""

KEYS_HELP: tuple[tuple[str, str], ...] = (
    ("click a green cell", "walk there (crawl when prone): a move action [68-73]; a teal cell only a squeeze "
                           "reaches, through a tight space, at speed -1 rank [72]"),
    ("W / U / A / X", "walk, run, advance, withdraw: the cells shown are that way's; red dots: squares whose exit "
                      "provokes; point at a cell: who it would provoke"),
    ("1-9", "choose an attack, then click a target ringed yellow (a standard action [25, 30])"),
    ("C", "charge: click an enemy ringed yellow, then an orange cell to end on [38-39]"),
    ("F / R", "defend [34-35] / recover [36-37] (a standard action)"),
    ("I", "aim: click the enemy to aim at [83-86]"),
    ("E, then 1-9", "ready that attack [40-42]; T cycles its trigger (in reach, moves near, attacks, ally attacked)"),
    ("K", "stunt [45-53]: K again cycles push, pull, grab, afflict, disarm; click a target ringed yellow; a push or "
          "pull then asks where it lands: click a cyan square"),
    ("G", "surge [123-133]: an additional standard action (the bar: burst, boost a trait); fatigue next turn"),
    ("Z / B", "escape a grab [80] / pick up your dropped weapon [97]"),
    ("S / V / D", "stand up [74] / the free stand, an Acrobatics check [75] / drop prone [108]"),
    ("Y", "delay the whole turn [143-144]"),
    ("Space", "end the turn"),
    ("Esc", "back to walking"),
)
FIGHT_KEYS = frozenset((pygame.K_SPACE, *range(pygame.K_1, pygame.K_9 + 1), pygame.K_w, pygame.K_u, pygame.K_a,
                        pygame.K_x, pygame.K_c, pygame.K_f, pygame.K_r, pygame.K_i, pygame.K_s, pygame.K_d,
                        pygame.K_y, pygame.K_e, pygame.K_t, pygame.K_k, pygame.K_g, pygame.K_z, pygame.K_b,
                        pygame.K_v, pygame.K_ESCAPE))
STUNTS = ("push", "pull", "grab", "afflict", "disarm")
"""The stunt options the K key cycles [47-51] (break [52] is not played)."""

SHORT_TAGS = {catalog.Provoking.ON_USE: "[OA]", catalog.Provoking.LEAVING: "[OA move]",
              catalog.Provoking.LEAVING_EXCEPT: "[OA some]", catalog.Provoking.NEVER: "",
              catalog.Provoking.VARIES: "[OA ?]"}
"""The bar's short form of each provoking tag [68, 76]."""


def fight(table: Host) -> Seed002Fight:
    """The session's fight, seed 002's when these parts are in use."""
    assert table.session is not None
    return cast(Seed002Fight, table.session.encounter)


def tag_of(heading: str) -> str:
    return SHORT_TAGS[catalog.action(heading).provokes]


def tip_of(heading: str, more: str = "") -> str:
    a = catalog.action(heading)
    return f"{a.name} [{a.bracket}] (seed 002, line {a.line})" + (f": {more}" if more else "")


OFFERED: dict[str, Callable[[cmd.Command], bool]] = {
    "walk": lambda c: isinstance(c, cmd.Move) and c.way in ("walk", "crawl", "squeeze"),
    "run": lambda c: isinstance(c, cmd.Move) and c.way == "run",
    "advance": lambda c: isinstance(c, cmd.Advance),
    "withdraw": lambda c: isinstance(c, cmd.Withdraw),
    "charge": lambda c: isinstance(c, cmd.Charge),
    "defend": lambda c: isinstance(c, cmd.Defend),
    "recover": lambda c: isinstance(c, cmd.Recover),
    "aim": lambda c: isinstance(c, cmd.Aim),
    "stand": lambda c: isinstance(c, cmd.Stand) and not c.free,
    "free_stand": lambda c: isinstance(c, cmd.Stand) and c.free,
    "prone": lambda c: isinstance(c, cmd.DropProne),
    "delay": lambda c: isinstance(c, cmd.Delay),
    "end": lambda c: isinstance(c, cmd.EndTurnCommand),
    "ready": lambda c: isinstance(c, cmd.Ready),
    "stunt": lambda c: isinstance(c, cmd.Stunt),
    "escape": lambda c: isinstance(c, cmd.Escape),
    "pickup": lambda c: isinstance(c, cmd.PickUp),
    "surge": lambda c: isinstance(c, cmd.Surge),
}
"""Which legal commands make each bar role available (an attack's: ``Seed002Parts.readiness``)."""


class Seed002Parts:
    """Seed 002's window parts; one per table (it keeps the choice being made and the legal commands seen)."""

    toggles: Mapping[str, tuple[str, str]] = {}
    layer_order: Mapping[str, int] = {"reach": 10, "charge": 20, "provoking": 40, "targets": 50, "landing": 55}
    keys_help = KEYS_HELP
    aiming_help: tuple[str, ...] = (
        "Green: where a walk ends (yellow-green: a run; blue: an advance; violet: a withdraw; orange: a charge). "
        "Yellow ring: a target.",
        "Red dot: a threatened square whose exit provokes in this way of moving. Red ring: an enemy the previewed "
        "action would provoke. Cyan: a square a decision is answered with.")
    fight_keys = FIGHT_KEYS
    theme: dict[str, Any] | None = None

    def __init__(self) -> None:
        self.chosen: str | None = None
        """None (walking), a way of moving ("run", "advance", "withdraw"), "charge", "aim" or "attack:<id>"."""
        self.charge_target: str | None = None
        self.readying = False
        """E: the next attack chosen (1-9) is readied with :attr:`trigger`, not made [40-42]."""
        self.trigger = IN_REACH
        self.stunt = "push"
        """The stunt option of the stunt mode ("stunt" chosen) [47-51]."""
        self._legal: tuple[object, list[cmd.Command]] = (None, [])

    # -- the legal commands, once per state --------------------------------------------------------------

    def legal(self, table: Host) -> list[cmd.Command]:
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
        self.chosen, self.charge_target, self._legal = None, None, (None, [])
        self.readying, self.trigger, self.stunt = False, IN_REACH, "push"

    def drop(self) -> None:
        self.chosen, self.charge_target, self.readying = None, None, False

    def way(self) -> str:
        """The way of moving chosen (walk at rest)."""
        return self.chosen if self.chosen in WAYS else "walk"

    def fight_key(self, table: Host, key: int) -> None:
        actor = table.acting
        if key == pygame.K_SPACE:
            self.end_turn(table)
        elif pygame.K_1 <= key <= pygame.K_9:
            entries = [e for e in self.bar_entries(table, actor) if e.role == "attack"] if actor else []
            if key - pygame.K_1 < len(entries):
                entries[key - pygame.K_1].start()
        elif key in KEY_CHOICES:
            self.choose(table, KEY_CHOICES[key])
        elif key in KEY_NOW and actor is not None:
            self.send_now(table, KEY_NOW[key](actor.id))
        elif key == pygame.K_e:
            self.toggle_ready(table)
        elif key == pygame.K_t:
            self.next_trigger(table)
        elif key == pygame.K_k:
            self.next_stunt(table)
        elif key == pygame.K_g and actor is not None:
            self.send_now(table, cmd.Surge(actor.id, "additional_action"))
        elif key == pygame.K_ESCAPE:
            self.drop()

    def send_now(self, table: Host, command: cmd.Command) -> None:
        """A bar entry that needs no click on the board: sent at once (refused with the fight's reason)."""
        if not table.my_turn():
            return
        why = fight(table).why_illegal(command)
        if why:
            table.say(why, error=True)
            return
        self.drop()
        table.send(command)

    def toggle_ready(self, table: Host) -> None:
        """E: the next attack chosen is readied [40-42] (T: its trigger)."""
        self.readying = not self.readying
        self.chosen, self.charge_target = None, None
        table.say(self.ready_words() if self.readying else "Ready off")

    def ready_words(self) -> str:
        return (f"Ready: choose the attack to ready (1-9); it goes off when "
                f"{TRIGGERS[self.trigger].format(within=2)} (T: another trigger)  ·  Esc cancel")

    def next_trigger(self, table: Host) -> None:
        if not self.readying:
            return
        names = list(TRIGGERS)
        self.trigger = names[(names.index(self.trigger) + 1) % len(names)]
        table.say(self.ready_words())

    def next_stunt(self, table: Host) -> None:
        """K: the stunt mode, then its next option; past the last, off."""
        if self.chosen != "stunt":
            self.stunt = STUNTS[0]
            self.choose(table, "stunt")
            return
        i = STUNTS.index(self.stunt) + 1
        if i >= len(STUNTS):
            self.drop()
            table.say("Stunt off")
            return
        self.stunt = STUNTS[i]
        table.say(self.choice_words(table))

    def choose(self, table: Host, what: str) -> None:
        """A way of moving, the charge, the aim or an attack chosen on the bar (again: back to walking)."""
        actor = table.acting
        if actor is None or not table.my_turn():
            return
        if self.readying and what.startswith("attack:"):
            self.send_now(table, cmd.Ready(actor.id, what.partition(":")[2], self.trigger))
            return
        role = "attack" if what.startswith("attack:") else what
        ready = self.readiness(table, actor, BarEntry(what, role, what.partition(":")[2] or None))
        if not ready.available and self.chosen != what:
            table.say(f"{what.partition(':')[2] or what}: {ready.why}", error=True)
            return
        self.chosen = None if self.chosen == what or what == "walk" else what
        self.charge_target = None
        table.say(self.choice_words(table))

    def choice_words(self, table: Host) -> str:
        chosen = self.chosen
        if chosen is None:
            return "Walk: click a green cell (point at one: who it would provoke)"
        if chosen in WAYS:
            heading = "MOVE" if chosen == "run" else chosen.upper()
            return f"{chosen.capitalize()} {tag_of(heading)}: click a cell  ·  Esc: walk"
        if chosen == "charge":
            return "Charge [OA move]: click an enemy ringed yellow, then an orange cell  ·  Esc cancel"
        if chosen == "aim":
            return "Aim [OA]: click the enemy to aim at  ·  Esc cancel"
        if chosen == "stunt":
            return (f"Stunt [OA] ({self.stunt}, K: another): click a target ringed yellow; the attack is at -1 "
                    "[46]  ·  Esc cancel")
        attack = self.chosen_attack(table)
        name = attack.name if attack is not None else chosen
        return f"{name}: click a target ringed yellow  ·  Esc cancel"

    def chosen_attack(self, table: Host) -> Any:
        actor = cast(Creature | None, table.acting)
        if actor is None or self.chosen is None or not self.chosen.startswith("attack:"):
            return None
        wanted = self.chosen.partition(":")[2]
        return next((a for a in actor.template.attacks if a.id == wanted), None)

    def end_turn(self, table: Host) -> None:
        actor = table.acting
        if actor is not None and table.my_turn():
            self.drop()
            table.send(cmd.EndTurnCommand(actor.id))

    # -- what a click does --------------------------------------------------------------------------------

    def moves(self, table: Host) -> dict[Cell, cmd.Command]:
        """The ends of the legal moves in the way chosen, each with its command."""
        way = self.way()
        test = OFFERED[way]
        return {c.to: c for c in self.legal(table) if test(c) and isinstance(c, (cmd.Move, cmd.Advance, cmd.Withdraw))}

    def targets(self, table: Host) -> dict[Cell, cmd.Command]:
        """The cells the choice on the bar is finished on: an attack's or an aim's targets, a charge's enemies
        (then, with one picked, its end cells)."""
        f = fight(table)
        out: dict[Cell, cmd.Command] = {}
        chosen = self.chosen
        for c in self.legal(table):
            if isinstance(c, cmd.Attack) and chosen == f"attack:{c.attack}":
                who: str | None = c.target
            elif isinstance(c, cmd.Aim) and chosen == "aim":
                who = c.target
            elif isinstance(c, cmd.Stunt) and chosen == "stunt" and c.option == self.stunt:
                who = c.target
            elif isinstance(c, cmd.Charge) and chosen == "charge":
                if self.charge_target is None:
                    who = c.target
                elif c.target == self.charge_target:
                    out.setdefault(c.to, c)
                    continue
                else:
                    continue
            else:
                continue
            target = f.piece(who) if who is not None else None
            if target is not None:
                out.setdefault(target.cell, c)
        return out

    def preview(self, table: Host) -> tuple[cmd.Command | None, tuple[Cell, ...], str]:
        """The command the pointer previews now, the path it walks (empty if it does not move) and the tactics'
        mode of that path."""
        hover = table.hover
        actor = cast(Creature | None, table.acting)
        if hover is None or actor is None or not table.my_turn():
            return None, (), ""
        f = fight(table)
        if self.chosen is None or self.chosen in WAYS:
            command = self.moves(table).get(hover)
            if command is None:
                return None, (), ""
            mode = (WAY_MODES[command.way] if isinstance(command, cmd.Move) and command.way in ("crawl", "squeeze")
                    else WAYS[self.way()][0])
            return command, marks.path_of(f, actor, command, mode), mode
        command = self.targets(table).get(hover)
        if isinstance(command, cmd.Charge) and self.charge_target is not None:
            return command, marks.path_of(f, actor, command, "charge"), "charge"
        if isinstance(command, (cmd.Attack, cmd.Aim, cmd.Stunt)):
            return command, (), ""
        return None, (), ""

    # -- the board ----------------------------------------------------------------------------------------

    def choice_key(self, table: Host) -> object:
        question = table.session.question if table.session is not None else None
        return (self.chosen, self.charge_target, self.stunt, None if question is None else question.id)

    def decision_cells(self, table: Host, decision: Decision) -> dict[Cell, str]:
        """The squares that answer ``decision`` (a push's or pull's landing: each option a square), if any."""
        return marks.decision_cells(fight(table), decision)

    def highlights(self, table: Host) -> dict[str, Layer]:
        session = table.session
        if session is not None and session.question is not None:
            question = session.question
            if session.controller_of(question.chooser) == table.viewer:
                cells = self.decision_cells(table, question)
                if cells:
                    return {"landing": Layer({cell: LANDING for cell in cells})}
        if not table.my_turn():
            return {}
        actor = cast(Creature | None, table.acting)
        if actor is None:
            return {}
        f = fight(table)
        if self.chosen is None or self.chosen in WAYS:
            mode = WAYS[self.way()][0]
            if mode == "move" and actor.prone:
                mode = "crawl"
            reach = self.moves(table)
            layers = {"reach": Layer({cell: SQUEEZE if isinstance(c, cmd.Move) and c.way == "squeeze"
                                      else WAYS[self.way()][1] for cell, c in reach.items()})}
            dots = marks.provoking_squares(f, actor, mode, set(reach) | {actor.cell})
            if dots:
                layers["provoking"] = Layer({cell: THREATENED for cell in dots}, "dot")
            return layers
        targets = self.targets(table)
        if self.chosen == "charge" and self.charge_target is not None:
            target = f.piece(self.charge_target)
            ends = {cell: CHARGE for cell in targets}
            layers = {"charge": Layer(ends)}
            if target is not None:
                layers["targets"] = Layer({target.cell: TARGET}, "frame")
            dots = marks.provoking_squares(f, actor, "charge", set(targets) | {actor.cell})
            if dots:
                layers["provoking"] = Layer({cell: THREATENED for cell in dots}, "dot")
            return layers
        return {"targets": Layer({cell: TARGET for cell in targets}, "frame")}

    def slow_overlays(self, table: Host, actor: Piece) -> dict[str, SlowOverlay]:
        return {}

    def kept_overlay(self, name: str) -> Layer | None:
        return None

    def marks_key(self, table: Host) -> object:
        return (self.chosen, self.charge_target, self.stunt)

    def provoked_now(self, table: Host) -> tuple[tuple[str, ...], tuple[Cell, ...], cmd.Command | None]:
        """Who the previewed command would provoke (the fight's query), and the squares of its path whose exit
        provokes; with nothing under the pointer, an [OA] action chosen (a ranged attack, an aim) shows whom
        using it here provokes."""
        f = fight(table)
        command, path, mode = self.preview(table)
        actor = cast(Creature | None, table.acting)
        if command is None and actor is not None and table.my_turn() and self.chosen is not None \
                and self.chosen not in WAYS and self.chosen != "charge":
            command = next(iter(self.targets(table).values()), None)
        if command is None or actor is None:
            return (), (), None
        who = queries.would_provoke(f, command)
        exits = marks.provoking_exits(f, actor, path, mode) if path else ()
        return who, exits, command

    def draw_marks(self, table: Host, board: pygame.Surface, *, under_hover: bool) -> None:
        """Over the hover: the previewed path, its provoking exits crossed, the provoked enemies ringed."""
        if under_hover or not table.my_turn():
            return
        f = fight(table)
        command, path, _ = self.preview(table)
        who, exits, _ = self.provoked_now(table)
        actor = table.acting
        if path and actor is not None:
            marks.draw_path(table, board, (actor.cell, *path))
        marks.draw_exits(table, board, exits)
        marks.draw_provoked(table, board, f, who)

    def draw_over_tokens(self, table: Host, board: pygame.Surface) -> None:
        return

    def hover_message(self, table: Host) -> str | None:
        """The preview in words: the action, where, and who it provokes (or why it provokes nobody)."""
        actor = cast(Creature | None, table.acting)
        if actor is None or not table.my_turn():
            return None
        f = fight(table)
        who, exits, command = self.provoked_now(table)
        if command is None:
            return None
        heading = heading_of(command)
        what = words_of(f, command)
        if who:
            names = ", ".join(f.name(w) for w in who)
            return f"{what} {tag_of(heading)}: provokes {names}"
        if isinstance(command, (cmd.Advance, cmd.Withdraw)):
            line = catalog.action(heading).line
            return f"{what} {tag_of(heading)}: provokes nobody (no OA for leaving [{line + 1}])"
        return f"{what} {tag_of(heading)}: provokes nobody"

    # -- the action bar -----------------------------------------------------------------------------------

    def bar_entries(self, table: Host, actor: Piece) -> list[BarEntry]:
        """The actions grouped by type, each with its provoking tag: Standard (the attacks 1-9, Charge, Defend,
        Recover), Move (Walk or Crawl, Run, Advance, Withdraw, Stand, Aim), Free (Drop prone), No action (Delay),
        then End turn."""
        creature = cast(Creature, actor)
        out: list[BarEntry] = []

        def entry(label: str, role: str, tip: str, start: Callable[[], None], ident: object = None) -> None:
            out.append(BarEntry(label, role, ident, max(70, min(200, 8 * len(label) + 20)), tip, start))

        def group(words: str) -> None:
            out.append(BarEntry(words, "group", words, max(60, 8 * len(words) + 8), "actions of this type"))

        group("Standard:")
        for i, attack in enumerate(creature.template.attacks[:BAR_ATTACKS]):
            heading = "ATTACK, RANGED" if attack.kind is AttackKind.RANGED else "ATTACK, CLOSE"
            tag = tag_of(heading)
            label = f"{i + 1} {attack.name}" + (f" {tag}" if tag else "")
            more = (f"bonus +{attack.bonus}, damage {attack.damage}"
                    + (f", range {attack.range}" if attack.kind is AttackKind.RANGED else "")
                    + (", unarmed: provokes an armed target [26]" if not attack.armed else ""))
            entry(label, "attack", tip_of(heading, more), partial(self.choose, table, f"attack:{attack.id}"),
                  attack.id)
        entry(f"C Charge {tag_of('CHARGE')}", "charge", tip_of("CHARGE", "speed -1 rank, straight, attack at -1"),
              partial(self.choose, table, "charge"))
        entry("F Defend", "defend", tip_of("DEFEND", "a Defend check is your defense until your next turn"),
              lambda: self.send_now(table, cmd.Defend(creature.id)))
        entry("R Recover", "recover", tip_of("RECOVER", "+1 Stress, your highest level of damage or fatigue off"),
              lambda: self.send_now(table, cmd.Recover(creature.id)))
        entry("E Ready", "ready", tip_of("READY", "then an attack (1-9); T: its trigger; lost at your next turn"),
              lambda: self.toggle_ready(table))
        entry(f"K Stunt {tag_of('STUNT')}", "stunt", tip_of("STUNT", "K again: push, pull, grab, afflict, disarm"),
              lambda: self.next_stunt(table))
        group("Move:")
        entry(f"W {'Crawl' if creature.prone else 'Walk'} {tag_of('MOVE')}", "walk",
              tip_of("MOVE", "walk (crawl when prone: speed -3 ranks)"), partial(self.choose, table, "walk"))
        entry(f"U Run {tag_of('MOVE')}", "run", tip_of("MOVE", "run: an Athletics check for +1 speed rank, may tire"),
              partial(self.choose, table, "run"))
        entry(f"A Advance {tag_of('ADVANCE')}", "advance",
              tip_of("ADVANCE", "speed -3 ranks toward the nearest enemy: no OA for leaving"),
              partial(self.choose, table, "advance"))
        entry(f"X Withdraw {tag_of('WITHDRAW')}", "withdraw",
              tip_of("WITHDRAW", "speed -3 ranks away from the nearest enemy: no OA for leaving"),
              partial(self.choose, table, "withdraw"))
        entry(f"S Stand {tag_of('STAND')}", "stand", tip_of("STAND"), lambda: self.send_now(table, cmd.Stand(creature.id)))
        entry(f"I Aim {tag_of('AIM')}", "aim", tip_of("AIM", "+1 Advantage on your next attack at it, up to +5"),
              partial(self.choose, table, "aim"))
        legal = self.legal(table) if table.my_turn() else []
        if any(isinstance(c, cmd.Escape) for c in legal):
            entry(f"Z Escape {tag_of('ESCAPE')}", "escape", tip_of("ESCAPE", "no OA from your grabber"),
                  lambda: self.send_now(table, cmd.Escape(creature.id)))
        if any(isinstance(c, cmd.PickUp) for c in legal):
            group("Quick:")
            entry("B Pick up", "pickup", tip_of("PICK UP OR MANIPULATE OBJECT", "your dropped weapon"),
                  lambda: self.send_now(table, cmd.PickUp(creature.id)))
        group("Free:")
        if creature.prone:
            dc = 10 + 2 * creature.template.power_level
            entry("V Stand (free)", "free_stand",
                  tip_of("STAND", f"the free stand: an Acrobatics check against DC {dc}, no OA; failing, still prone "
                                  f"(once a turn) [75]"),
                  lambda: self.send_now(table, cmd.Stand(creature.id, free=True)))
        entry("D Drop prone", "prone", tip_of("DROP", "drop prone"),
              lambda: self.send_now(table, cmd.DropProne(creature.id)))
        group("No action:")
        entry("Y Delay", "delay", tip_of("DELAY", "take your whole turn later, after anyone has acted"),
              lambda: self.send_now(table, cmd.Delay(creature.id)))
        surges = [c for c in legal if isinstance(c, cmd.Surge) and c.benefit != "resistance"]
        if creature.template.may_surge:
            group("Reaction:")
            for c in surges or [cmd.Surge(creature.id, "additional_action")]:
                words = {"additional_action": "G Surge: +standard", "burst": "Surge: burst"}.get(
                    c.benefit, f"Surge: +1 {c.trait}")
                entry(words, "surge", tip_of("SURGE", "once a turn; fatigue at the start of your next turn [133]"),
                      partial(self.send_now, table, c), (c.benefit, c.trait))
        entry("Space: End turn", "end", "", lambda: self.end_turn(table))
        return out

    def bar_key(self, table: Host, actor: Piece) -> object:
        f = fight(table)
        return (id(f), len(f.log), self.chosen, self.charge_target, table.my_turn(), self.readying, self.stunt)

    def readiness(self, table: Host, actor: Piece, entry: BarEntry) -> Readiness:
        if entry.role == "group":
            return Readiness(False, "a heading")
        legal = self.legal(table) if table.my_turn() else []
        if entry.role == "attack" and self.readying:
            ok = any(isinstance(c, cmd.Ready) and c.attack == entry.ident for c in legal)
        elif entry.role == "attack":
            ok = any(isinstance(c, cmd.Attack) and c.attack == entry.ident for c in legal)
        elif entry.role == "surge" and isinstance(entry.ident, tuple):
            ok = any(isinstance(c, cmd.Surge) and (c.benefit, c.trait) == entry.ident for c in legal)
        else:
            test = OFFERED[entry.role]
            ok = any(test(c) for c in legal)
        chosen = ((entry.role == "attack" and self.chosen == f"attack:{entry.ident}") or entry.role == self.chosen
                  or (entry.role == "walk" and self.chosen is None and not self.readying)
                  or (entry.role == "ready" and self.readying))
        why = "" if ok else why_not(cast(Creature, actor), entry.role)
        return Readiness(ok, why, chosen)

    # -- the panels and the log -----------------------------------------------------------------------------

    def token_shows(self, table: Host, creature: Piece) -> object:
        c = cast(Creature, creature)
        return (c.cell, c.track, c.prone, c.defending, c.aim, c.delaying)

    def token_look(self, table: Host, creature: Piece) -> TokenLook:
        """The token's bar is the damage track: full unhurt, a quarter gone a level, empty down; its badges
        the fatigue, prone, defending, aiming and delaying."""
        c = cast(Creature, creature)
        return TokenLook(c.name, c.side, DAMAGE_DOWN - c.track.damage, DAMAGE_DOWN, badges(c),
                         c.track.damage_state.value == "staggered", c.out, 1, False)

    def public_health(self, creature: Piece) -> str:
        """What players see of an opponent's health: the track's word (bruised, staggered, fatigued, down)."""
        return cast(Creature, creature).track.word

    def turn_order_title(self, table: Host) -> str:
        return f"Round {fight(table).round} · initiative"

    def turn_order(self, table: Host) -> list[TurnRow]:
        """Everyone in initiative order: the track's word and the economy's small form (pips on the acting
        creature's row; R reaction, A Area power for all)."""
        f = fight(table)
        order = list(f.clock.order)  # the order as it stands: a delayer acting moves in it [144], the GM may reorder
        rank = {pid: i for i, pid in enumerate(order)}
        rows = []
        for c in sorted(f.pieces(), key=lambda c: (c.delaying, rank.get(c.id, len(order)))):
            state = c.track.word
            if c.delaying:
                state += " · delaying"
            if not c.out:
                state += " · " + economy_view.row_text(economy_view.shown(c, f.log))
            rows.append(TurnRow(c.id, c.name, c.side, c.out, state))
        return rows

    def draw_sheet(self, table: Host, creature: Piece, screen: pygame.Surface, x: int, y: int) -> int:
        """Name; the damage and fatigue track as boxes, Stress; defense, Toughness, speed; conditions; the
        economy (pips, reaction, Area power); the attacks with their tags."""
        c = cast(Creature, creature)
        t = c.template
        f = fight(table)
        y = draw_text(screen, c.name, (x, y), 15, side_colour(c.side), bold=True).bottom
        y = marks.draw_track(screen, c.track, x, y + 2) + 2
        defense = f"Defense {c.passive_defense()}" + (" (defending)" if c.defending is not None else "")
        for line in (f"{defense} · Toughness +{t.toughness} · speed rank {c.speed_rank()} · PL {t.power_level}",
                     "conditions: " + (", ".join(badges(c)) or "none")):
            y = draw_text(screen, line, (x, y), 12, TEXT).bottom
        for line in reactions_state(f, c):
            y = draw_text(screen, line[:80], (x, y), 12, presentation.REACTION).bottom
        if not c.out:
            y = marks.draw_economy(screen, economy_view.shown(c, f.log), x, y + 3) + 2
        for attack in t.attacks:
            heading = "ATTACK, RANGED" if attack.kind is AttackKind.RANGED else "ATTACK, CLOSE"
            y = draw_text(screen, f"  {attack.name}: {attack.kind.value} +{attack.bonus}, damage {attack.damage} "
                          f"{tag_of(heading)}", (x, y), 12, TEXT).bottom
        return y

    def reactions_state(self, table: Host) -> list[str]:
        """The sheet's reaction lines of the creature shown (selected, else acting)."""
        f = fight(table)
        c = f.piece(table.selected) if table.selected else None
        c = c if c is not None else cast(Creature | None, table.acting)
        return [] if c is None else reactions_state(f, c)

    def log_colour(self, event: object) -> tuple[int, int, int]:
        return presentation.colour_of(event)

    def pictures(self, event: object) -> Shown:
        return presentation.pictures(event)

    def banner(self, table: Host, events: list[Any], i: int) -> BannerText | None:
        f = fight(table)
        return presentation.reaction_banner(f.name, events, i, f.log)

    def describe_command(self, command: object, name: Callable[[str], str]) -> str:
        who = getattr(command, "creature", "")
        return f"{name(who)}'s {type(command).__name__.lower().removesuffix('command')}"

    def snapshot(self, table: Host, px: Callable[[Cell], list[int] | None]) -> dict[str, Any]:
        f = fight(table)
        mine = table.my_turn()
        who, exits, _ = self.provoked_now(table) if mine else ((), (), None)
        actor = cast(Creature | None, table.acting)
        return {"chosen": self.chosen, "charge_target": self.charge_target,
                "reachable": [px(c) for c in self.moves(table)] if mine else [],
                "targets": [px(c) for c in self.targets(table)] if mine else [],
                "provoked": list(who), "provoking_exits": [px(c) for c in exits],
                "economy": None if actor is None else economy_view.row_text(economy_view.shown(actor, f.log))}


def badges(c: Creature) -> tuple[str, ...]:
    """A creature's conditions as its token's badges and its sheet's line."""
    out = []
    if c.track.fatigue:
        out.append(c.track.fatigue_state.value)
    if c.prone:
        out.append("prone")
    if c.defending is not None:
        out.append(f"defending {c.defending}")
    if c.aim:
        out.append(f"aiming +{c.aim}")
    if c.delaying:
        out.append("delaying")
    return tuple(out)


def reactions_state(f: Seed002Fight, c: Creature) -> list[str]:
    """What s002react's parts hold of a creature: its readied action and trigger [40-42], a Surge's benefit in
    force or its fatigue due [133], a grab [49] and afflictions [47], a dropped weapon [48]."""
    from game.rulesets.seed002.readying import Readying, part
    from game.rulesets.seed002.stunts import Stunts
    from game.rulesets.seed002.surge import Surges

    out: list[str] = []
    try:
        readying, surges, stunts = part(f, Readying), part(f, Surges), part(f, Stunts)
    except LookupError:
        return out
    r = readying.readied.get(c.id)
    if r is not None:
        out.append(f"readied: {readying.what(f, c)}, when {TRIGGERS.get(r.trigger, r.trigger).format(within=r.within)}")
    s = surges.of(c.id)
    if s.fatigue_due:
        out.append("surged: fatigue at the start of the next turn [133]")
    if s.boost:
        out.append(f"surge boost: +1 {s.boost}")
    if s.burst:
        out.append("surge burst: Disadvantages negated")
    grab = stunts.grabs.get(c.id)
    if grab is not None:
        out.append(f"grabbed by {f.name(grab[0])}: {grab[1].name.lower()}")
    held = [f.name(t) for t, (g, _) in stunts.grabs.items() if g == c.id]
    if held:
        out.append("holding " + ", ".join(held))
    if stunts.afflictions.get(c.id):
        out.append("afflicted: " + ", ".join(a.name for a in stunts.afflictions[c.id]))
    if c.id in stunts.dropped:
        out.append(f"disarmed: {stunts.dropped[c.id][0].name} on the ground")
    return out


def why_not(actor: Creature, role: str) -> str:
    """Why a bar entry is not available now, in the economy's words where it is the economy's."""
    kind = {"attack": ActionType.STANDARD, "charge": ActionType.STANDARD, "defend": ActionType.STANDARD,
            "recover": ActionType.STANDARD, "walk": ActionType.MOVE, "run": ActionType.MOVE,
            "advance": ActionType.MOVE, "withdraw": ActionType.MOVE, "stand": ActionType.MOVE,
            "aim": ActionType.MOVE, "ready": ActionType.STANDARD, "stunt": ActionType.STANDARD,
            "escape": ActionType.MOVE, "pickup": ActionType.QUICK}.get(role)
    if kind is not None:
        reason = actor.economy.why_not(kind)
        if reason is not None:
            return reason
    return {"stand": "not prone", "free_stand": "not prone, or already tried this turn [75]",
            "prone": "already prone", "recover": "no damage or fatigue to recover from",
            "delay": "it has already acted this turn [144]",
            "surge": "once a turn, on your own turn [124]"}.get(role, "not now (no target, or no way there)")


def heading_of(command: cmd.Command) -> str:
    """The catalogue heading of a command (its provoking tag's source)."""
    match command:
        case cmd.Move():
            return "MOVE"
        case cmd.Advance():
            return "ADVANCE"
        case cmd.Withdraw():
            return "WITHDRAW"
        case cmd.Charge():
            return "CHARGE"
        case cmd.Aim():
            return "AIM"
        case cmd.Stand():
            return "STAND"
        case cmd.Defend():
            return "DEFEND"
        case cmd.Recover():
            return "RECOVER"
        case cmd.DropProne():
            return "DROP"
        case cmd.Delay():
            return "DELAY"
        case cmd.Stunt():
            return "STUNT"
        case cmd.Escape():
            return "ESCAPE"
        case cmd.Ready():
            return "READY"
    return "ATTACK, CLOSE"


def words_of(f: Seed002Fight, command: cmd.Command) -> str:
    """A previewed command in a few words ("Walk to (5, 7)", "Crossbow on Dock Bruiser")."""
    match command:
        case cmd.Move():
            return f"{command.way.capitalize()} to {f.offset(command.to)}"
        case cmd.Advance() | cmd.Withdraw():
            return f"{type(command).__name__} to {f.offset(command.to)}"
        case cmd.Charge():
            return f"Charge {f.name(command.target)} from {f.offset(command.to)}"
        case cmd.Aim():
            return f"Aim at {f.name(command.target)}"
        case cmd.Stunt():
            return f"Stunt ({command.option}) on {f.name(command.target)}"
        case cmd.Attack():
            actor = f.piece(command.creature)
            attack = next((a for a in actor.template.attacks if a.id == command.attack), None) if actor else None
            heading = heading_of_attack(attack)
            return f"{attack.name if attack else command.attack} on {f.name(command.target)}" + (
                "" if heading else "")
    return type(command).__name__


def heading_of_attack(attack: Any) -> str:
    return "ATTACK, RANGED" if attack is not None and attack.kind is AttackKind.RANGED else "ATTACK, CLOSE"


KEY_CHOICES = {pygame.K_w: "walk", pygame.K_u: "run", pygame.K_a: "advance", pygame.K_x: "withdraw",
               pygame.K_c: "charge", pygame.K_i: "aim"}
KEY_NOW: dict[int, Callable[[str], cmd.Command]] = {
    pygame.K_f: cmd.Defend, pygame.K_r: cmd.Recover, pygame.K_s: cmd.Stand, pygame.K_d: cmd.DropProne,
    pygame.K_y: cmd.Delay, pygame.K_z: cmd.Escape, pygame.K_b: cmd.PickUp,
    pygame.K_v: lambda creature: cmd.Stand(creature, free=True)}


class ChooseMode(FightMode):
    """The fight at rest: a click on a cell of the way of moving moves there; with an attack, an aim or a
    charge chosen, a click on a target ringed yellow (a charge: then on an orange cell) acts."""

    def click(self, table: Host, cell: Cell, who: Any, actor: Any) -> Mode | None:
        parts = cast(Seed002Parts, table.parts)
        if parts.chosen is None or parts.chosen in WAYS:
            chosen = parts.moves(table).get(cell)
        else:
            chosen = parts.targets(table).get(cell)
            if isinstance(chosen, cmd.Charge) and parts.charge_target is None:
                parts.charge_target = chosen.target
                table.say(f"Charge {fight(table).name(chosen.target)}: click an orange cell to end on  ·  Esc cancel")
                return None
        if chosen is None:
            if who is not None:
                table.selected = who.id
            return None
        parts.drop()
        table.send(chosen)
        return None

    def on_cancel(self, table: Host) -> Mode | None:
        cast(Seed002Parts, table.parts).drop()
        table.say("")
        return None
