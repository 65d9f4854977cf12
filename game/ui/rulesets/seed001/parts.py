"""Seed 001's window parts (``game.ui.parts.WindowParts``; numbers in brackets are seed 001's lines).

Everything offered comes from the fight's legal commands (``legal_commands``), and every preview is a read-only
query of the rules (``game.ui.rulesets.seed001.previews``); nothing is decided here.

* **The second-counter** along the top of the board (a ``game.ui.parts.Strip``): the current round 12..1 with the
  current second lit, each creature at its second (``R`` while its reaction of the round is free, ``r`` once
  spent), scheduled entries (a delayed stand-up [34]) at theirs, wrapping past the gold corner into the next
  round. The players' display draws it too, with the creatures players see.
* **The action bar**: Move (free within the round's movement [32]), each attack (a weapon, a savage attack, a
  monster's move [15]) that attacks from here or, on a target farther away, moves and attacks as one action
  ("rush 25 ft": where the rush began counts for impalement [21]), Withdraw (the action, provoking nothing [11]),
  Stand up (the action, at once [32-34]), Dismount, End turn. The sheet shows the round's one action and one
  reaction [3, 7], used or not, and Body and Endurance.
* **Previews**: with a move, red dots on the hexes where a move passes a stationary enemy able to make an attack
  of opportunity [11-12]; pointing at a hex, the path, a red cross where an attack of opportunity would strike and
  a red "AoO" ring round each enemy who may make it; with a rush, an orange "IMPALE" ring round each pike that may
  impale it [21] and the distance closed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, cast

import pygame

from game.grid import Cell
from game.kernel.decisions import Decision
from game.rulesets.seed001 import commands as cmd
from game.rulesets.seed001 import offers
from game.rulesets.seed001.counter import Kind, Shown, Use
from game.rulesets.seed001.fight import Seed001Fight, attacks_of
from game.rulesets.seed001.sheets import HEX_FEET
from game.rulesets.seed001.state import Creature
from game.ui.animation import BannerText
from game.ui.animation import Shown as Pictures
from game.ui.board_view import Layer, TokenLook, draw_text
from game.ui.map_view import side_colour
from game.ui.modes.base import FightMode, Host, Mode, Piece
from game.ui.parts import BarEntry, Readiness, SlowOverlay, TurnRow
from game.ui.rulesets.seed001 import marks, presentation, previews, timeline

TEXT = (225, 228, 235)
MUTED = (150, 156, 170)
BAR_ATTACKS = 9
REACH = (120, 210, 255, 110)
"""Where a move ends: sky blue, which reads on the marsh's greens."""
WITHDRAW = (150, 120, 250, 95)
RUSH = (240, 150, 60, 100)
TARGET = (250, 220, 60, 255)
LANDING = (60, 220, 230, 120)
DANGER = (235, 70, 60, 200)
RIDER_NUDGE = (-0.2, -0.2)
"""Where a rider's token sits off its mount's hex centre, in cells (the mount's the other way)."""
STRIP_HEIGHT = 108
"""The timeline's height above the board: the axis and four rows of entries."""

KEYS_HELP: tuple[tuple[str, str], ...] = (
    ("click a blue cell", "move there: free within the round's movement [32]; red dots: hexes beside a "
                           "stationary enemy who may make an attack of opportunity [11-12]"),
    ("1-9", "choose an attack, then click a target ringed yellow: in reach, it attacks from here; farther, click "
            "an orange hex to move and attack from (one action, a rush: impalement [21])"),
    ("X", "withdraw: a move that provokes nothing, for the action [11]"),
    ("T", "on a rider's hex, aim at the mount instead of the rider (again: the rider)"),
    ("S", "stand up: the action, at once [32-34]"),
    ("D", "dismount: click a cyan hex beside the mount (the action [17])"),
    ("Space", "end the turn"),
    ("Esc", "back to moving"),
)
FIGHT_KEYS = frozenset((pygame.K_SPACE, *range(pygame.K_1, pygame.K_9 + 1), pygame.K_x, pygame.K_s, pygame.K_d,
                        pygame.K_w, pygame.K_t, pygame.K_ESCAPE))


def fight(table: Host) -> Seed001Fight:
    """The session's fight, seed 001's when these parts are in use."""
    assert table.session is not None
    return cast(Seed001Fight, table.session.encounter)


OFFERED: dict[str, Callable[[cmd.Command], bool]] = {
    "move": lambda c: isinstance(c, cmd.Move) and not c.withdraw,
    "withdraw": lambda c: isinstance(c, cmd.Move) and c.withdraw,
    "stand": lambda c: isinstance(c, cmd.Stand),
    "dismount": lambda c: isinstance(c, cmd.Dismount),
    "end": lambda c: isinstance(c, cmd.EndTurnCommand),
}
"""Which legal commands make each bar role available (an attack's: ``Seed001Parts.readiness``)."""


class Seed001Parts:
    """Seed 001's window parts; one per table (it keeps the choice being made and the legal commands seen)."""

    toggles: Mapping[str, tuple[str, str]] = {}
    layer_order: Mapping[str, int] = {"reach": 10, "rush": 20, "danger": 40, "targets": 50, "landing": 55}
    keys_help = KEYS_HELP
    aiming_help: tuple[str, ...] = (
        "Blue: where a move ends (violet: a withdrawal; orange: where a rush attacks from; cyan: where a dismount "
        "lands). Yellow ring: a target.",
        "Red dot: a hex beside a stationary enemy who may make an attack of opportunity. Red ring (AoO): an enemy "
        "the move previewed lets attack; orange ring (IMPALE): a pike that may impale the rush.")
    fight_keys = FIGHT_KEYS
    theme: dict[str, Any] | None = None

    def __init__(self) -> None:
        self.chosen: str | None = None
        """None (moving), "withdraw", "dismount" or "attack:<weapon id>"."""
        self.rush_target: str | None = None
        """With an attack chosen: the target picked beyond reach, whose rush hexes are shown."""
        self.mount_first = False
        """``T``: a click on a rider's hex aims at its mount, not the rider (they share the hex)."""
        self._legal: tuple[object, list[cmd.Command]] = (None, [])

    # -- the legal commands, once per state --------------------------------------------------------------

    def legal(self, table: Host) -> list[cmd.Command]:
        f = fight(table)
        key = (id(f), len(f.log), f.pending)
        if self._legal[0] != key:
            self._legal = (key, offers.legal_commands(f) if not f.pending and f.acting is not None else [])
        return self._legal[1]

    def first_mode(self) -> FightMode:
        return ChooseMode()

    @property
    def routes(self) -> Mapping[Cell, Any]:
        return {}

    def clear(self) -> None:
        self.chosen, self.rush_target, self._legal, self.mount_first = None, None, (None, []), False

    def drop(self) -> None:
        self.chosen, self.rush_target = None, None

    # -- the strip: the second-counter -------------------------------------------------------------------------

    def strip_height(self, table: Host) -> int:
        return STRIP_HEIGHT

    def draw_strip(self, table: Host, target: pygame.Surface, rect: pygame.Rect,
                   seen: Callable[[str], bool] | None) -> None:
        """The counter as a timeline: the current second lit, who acts when, what is scheduled [34]."""
        counter = fight(table).counter
        timeline.draw_timeline(target, rect, max(1, counter.now.round), counter.now.second,
                               self.strip_marks(table, seen))

    def strip_marks(self, table: Host, seen: Callable[[str], bool] | None) -> list[timeline.Mark]:
        """The timeline's marks: the acting creature at the current second, everyone else at theirs, what is
        scheduled at its second (``seen``: only the creatures players see)."""
        f = fight(table)
        counter = f.counter

        def colour(who: str) -> tuple[int, int, int]:
            c = f.piece(who)
            return side_colour(c.side) if c is not None else MUTED

        down = {c.id for c in f.pieces() if c.out}  # one down acts no more
        entries = tuple(e for e in counter.shown() if e.who not in down)
        acting = f.acting
        if acting is not None:  # its entry was taken when its turn began: it is drawn at the current second
            entries = (Shown(counter.now.second, 0, acting.id, Kind.ACTS, acting.id), *entries)
        return marks.timeline_marks(entries, f.name, colour, lambda who: counter.can(who, Use.REACTION), seen)

    # -- keys and the bar ---------------------------------------------------------------------------------------

    def fight_key(self, table: Host, key: int) -> None:
        actor = table.acting
        if key == pygame.K_SPACE:
            self.end_turn(table)
        elif pygame.K_1 <= key <= pygame.K_9:
            entries = [e for e in self.bar_entries(table, actor) if e.role == "attack"] if actor else []
            if key - pygame.K_1 < len(entries):
                entries[key - pygame.K_1].start()
        elif key == pygame.K_x:
            self.choose(table, "withdraw")
        elif key == pygame.K_d:
            self.choose(table, "dismount")
        elif key == pygame.K_w:
            self.choose(table, "move")
        elif key == pygame.K_t:
            self.mount_first = not self.mount_first
            table.say("A rider's hex: attacks aim at the mount" if self.mount_first else
                      "A rider's hex: attacks aim at the rider")
        elif key == pygame.K_s and actor is not None:
            self.send_now(table, cmd.Stand(actor.id))
        elif key == pygame.K_ESCAPE:
            self.drop()

    def send_now(self, table: Host, command: cmd.Command) -> None:
        """A bar entry that needs no click on the board: sent at once (refused with the fight's reason)."""
        if not table.my_turn():
            return
        if command not in self.legal(table):
            why = fight(table).why_illegal(command) or "not now"
            table.say(why, error=True)
            return
        self.drop()
        table.send(command)

    def choose(self, table: Host, what: str) -> None:
        """A way of moving, the dismount or an attack chosen on the bar (again: back to moving)."""
        actor = table.acting
        if actor is None or not table.my_turn():
            return
        role = "attack" if what.startswith("attack:") else what
        ready = self.readiness(table, actor, BarEntry(what, role, what.partition(":")[2] or None))
        if not ready.available and self.chosen != what:
            table.say(f"{self.attack_name(table, what)}: {ready.why}", error=True)
            return
        self.chosen = None if self.chosen == what or what == "move" else what
        self.rush_target = None
        table.say(self.choice_words(table))

    def attack_name(self, table: Host, what: str) -> str:
        if not what.startswith("attack:"):
            return what.capitalize()
        actor = cast(Creature | None, table.acting)
        wid = what.partition(":")[2]
        found = next((w for w in attacks_of(actor.template) if w.id == wid), None) if actor else None
        return found.name if found is not None else wid

    def choice_words(self, table: Host) -> str:
        chosen = self.chosen
        if chosen is None:
            return "Move: click a blue cell (red dots: a stationary enemy may make an attack of opportunity)"
        if chosen == "withdraw":
            return "Withdraw (the action): click a violet cell; it provokes nothing [11]  ·  Esc: move"
        if chosen == "dismount":
            return "Dismount (the action): click a cyan hex beside the mount  ·  Esc cancel"
        name = self.attack_name(table, chosen)
        if self.rush_target is not None:
            return (f"{name}: move and attack {fight(table).name(self.rush_target)}: click an orange hex to attack "
                    "from  ·  Esc cancel")
        return f"{name}: click a target ringed yellow (farther: then an orange hex, a rush)  ·  Esc cancel"

    def end_turn(self, table: Host) -> None:
        actor = table.acting
        if actor is not None and table.my_turn():
            self.drop()
            table.send(cmd.EndTurnCommand(actor.id))

    # -- what a click does --------------------------------------------------------------------------------------

    def moves(self, table: Host) -> dict[Cell, cmd.Command]:
        """The ends of the legal moves in the way chosen (withdraw, dismount, else move), each with its command."""
        chosen = self.chosen if self.chosen in ("withdraw", "dismount") else "move"
        test = OFFERED[chosen]
        return {c.to: c for c in self.legal(table) if test(c) and isinstance(c, (cmd.Move, cmd.Dismount))}

    def attacks(self, table: Host) -> list[cmd.Attack]:
        """The legal attacks with the weapon chosen."""
        if self.chosen is None or not self.chosen.startswith("attack:"):
            return []
        wid = self.chosen.partition(":")[2]
        return [c for c in self.legal(table) if isinstance(c, cmd.Attack) and c.weapon == wid]

    def targets(self, table: Host) -> dict[Cell, cmd.Attack]:
        """With an attack chosen: each target's hex with the attack from here (else its first rush); with a rush
        target picked, the hexes the rush may attack from."""
        f = fight(table)
        out: dict[Cell, cmd.Attack] = {}
        for c in self.attacks(table):
            if self.rush_target is not None:
                if c.target == self.rush_target and c.to is not None:
                    out.setdefault(c.to, c)
                continue
            target = f.piece(c.target)
            if target is None:
                continue
            here = out.get(target.cell)
            if here is None or self.rank(f, c) < self.rank(f, here):
                out[target.cell] = c
        return out

    def rank(self, f: Seed001Fight, c: cmd.Attack) -> tuple[int, int]:
        """Which of two attacks on one hex a click makes: on a rider's hex the rider (the mount after ``T``), then
        an attack from here before a rush."""
        target = f.piece(c.target)
        mount = target is not None and target.rider is not None
        return (int(mount != self.mount_first), int(c.to is not None))

    def preview(self, table: Host) -> tuple[cmd.Command | None, tuple[Cell, ...]]:
        """The command the pointer previews now and the path it walks (empty if it does not move)."""
        hover = table.hover
        actor = cast(Creature | None, table.acting)
        if hover is None or actor is None or not table.my_turn():
            return None, ()
        f = fight(table)
        command: cmd.Command | None
        if self.chosen is None or self.chosen in ("withdraw", "dismount"):
            command = self.moves(table).get(hover)
        else:
            command = self.targets(table).get(hover)
            if isinstance(command, cmd.Attack) and command.to is not None and self.rush_target is None:
                command = None  # a target beyond reach: the rush's hex is picked next
        if command is None:
            return None, ()
        return command, previews.path_of(f, actor, command)

    # -- the board ----------------------------------------------------------------------------------------------

    def choice_key(self, table: Host) -> object:
        question = table.session.question if table.session is not None else None
        return (self.chosen, self.rush_target, self.mount_first, None if question is None else question.id)

    def decision_cells(self, table: Host, decision: Decision) -> dict[Cell, str]:
        return {}

    def highlights(self, table: Host) -> dict[str, Layer]:
        if not table.my_turn():
            return {}
        actor = cast(Creature | None, table.acting)
        if actor is None:
            return {}
        f = fight(table)
        if self.chosen is None or self.chosen in ("withdraw", "dismount"):
            colour = {"withdraw": WITHDRAW, "dismount": LANDING}.get(self.chosen or "", REACH)
            reach = self.moves(table)
            layers = {"reach": Layer({cell: colour for cell in reach})}
            if self.chosen is None:
                dots = previews.opportunity_hexes(f, actor, set(reach))
                if dots:
                    layers["danger"] = Layer({cell: DANGER for cell in dots}, "dot")
            return layers
        targets = self.targets(table)
        if self.rush_target is not None:
            target = f.piece(self.rush_target)
            layers = {"rush": Layer({cell: RUSH for cell in targets})}
            if target is not None:
                layers["targets"] = Layer({target.cell: TARGET}, "frame")
            return layers
        return {"targets": Layer({cell: TARGET for cell in targets}, "frame")}

    def slow_overlays(self, table: Host, actor: Piece) -> dict[str, SlowOverlay]:
        return {}

    def kept_overlay(self, name: str) -> Layer | None:
        return None

    def marks_key(self, table: Host) -> object:
        return (self.chosen, self.rush_target, self.mount_first)

    def draw_marks(self, table: Host, board: pygame.Surface, *, under_hover: bool) -> None:
        """Over the hover: the previewed path, a cross where an attack of opportunity strikes, the enemies who
        may make one ringed red, the pikes that may impale a rush ringed orange."""
        if under_hover or not table.my_turn():
            return
        f = fight(table)
        actor = cast(Creature | None, table.acting)
        command, path = self.preview(table)
        if command is None or actor is None:
            return
        seen = previews.foresee(f, actor, command, path)
        if path:
            marks.draw_path(table, board, (f.state.mover(actor).cell, *path))
        marks.draw_crosses(table, board, [path[p.index] for p in seen.opportunity if p.index < len(path)])
        marks.draw_rings(table, board, [table.token_centre(f.creature(p.reactor)) for p in seen.opportunity],
                         "AoO", marks.OPPORTUNITY)
        marks.draw_rings(table, board, [table.token_centre(f.creature(i.reactor)) for i in seen.impalement],
                         "IMPALE", marks.IMPALE)

    def draw_over_tokens(self, table: Host, board: pygame.Surface) -> None:
        return

    def hover_message(self, table: Host) -> str | None:
        """The preview in words: the action, where, the distance a rush closes, and who may react."""
        actor = cast(Creature | None, table.acting)
        if actor is None or not table.my_turn():
            return None
        f = fight(table)
        command, path = self.preview(table)
        if command is None:
            return None
        return previews.words(f, actor, command, previews.foresee(f, actor, command, path))

    # -- the action bar -----------------------------------------------------------------------------------------

    def bar_entries(self, table: Host, actor: Piece) -> list[BarEntry]:
        """Move (free), the attacks 1-9 (a weapon, a savage attack, a monster's move), Withdraw, Stand up,
        Dismount, then End turn."""
        creature = cast(Creature, actor)
        out: list[BarEntry] = []

        def entry(label: str, role: str, tip: str, start: Callable[[], None], ident: object = None) -> None:
            out.append(BarEntry(label, role, ident, max(70, min(220, 8 * len(label) + 20)), tip, start))

        def group(words: str) -> None:
            out.append(BarEntry(words, "group", words, max(60, 8 * len(words) + 8), "actions of this kind"))

        group("Free:")
        entry("W Move", "move", "move within the round's movement: free [32]; passing beside a stationary enemy "
              "may allow it an attack of opportunity [11-12]", partial(self.choose, table, "move"))
        group("Action:")
        for i, w in enumerate(attacks_of(creature.template)[:BAR_ATTACKS]):
            note = {"move": " (no AoO)" if not w.provokes else "", "missile": f" ({w.reach * HEX_FEET} ft)"}.get(
                w.kind, "")
            tip = (f"{w.name}: {w.pool}d20, Wgt {w.weight}" + (", heavy" if w.heavy else "")
                   + ("; in reach it attacks from here, farther it moves and attacks (one action: a rush [21])"
                      if w.kind in ("melee", "savage") else "")
                   + ("; a special move: passing provokes no attack of opportunity [15]" if not w.provokes else ""))
            entry(f"{i + 1} {w.name}{note}", "attack", tip, partial(self.choose, table, f"attack:{w.id}"), w.id)
        entry("X Withdraw", "withdraw", "withdraw in a defensive manner: a move that provokes nothing, for the "
              "action [10-11]", partial(self.choose, table, "withdraw"))
        if creature.prone:
            entry("S Stand up", "stand", "stand up at once, no movement penalty (the action) [32-34]",
                  lambda: self.send_now(table, cmd.Stand(creature.id)))
        if creature.mount is not None:
            entry("D Dismount", "dismount", "get down beside the mount (the action; movement penalty) [17]",
                  partial(self.choose, table, "dismount"))
        entry("Space: End turn", "end", "", lambda: self.end_turn(table))
        return out

    def bar_key(self, table: Host, actor: Piece) -> object:
        f = fight(table)
        return (id(f), len(f.log), self.chosen, self.rush_target, self.mount_first, table.my_turn())

    def readiness(self, table: Host, actor: Piece, entry: BarEntry) -> Readiness:
        if entry.role == "group":
            return Readiness(False, "a heading")
        legal = self.legal(table) if table.my_turn() else []
        if entry.role == "attack":
            ok = any(isinstance(c, cmd.Attack) and c.weapon == entry.ident for c in legal)
        else:
            test = OFFERED[entry.role]
            ok = any(test(c) for c in legal)
        chosen = ((entry.role == "attack" and self.chosen == f"attack:{entry.ident}") or entry.role == self.chosen
                  or (entry.role == "move" and self.chosen is None))
        why = "" if ok else why_not(fight(table), cast(Creature, actor), entry.role)
        return Readiness(ok, why, chosen)

    # -- the panels and the log ---------------------------------------------------------------------------------

    def token_shows(self, table: Host, creature: Piece) -> object:
        c = cast(Creature, creature)
        return (c.cell, c.vitals, c.prone, c.mount, c.rider)

    def token_look(self, table: Host, creature: Piece) -> TokenLook:
        """The token's bar is Body; its badges prone, riding, exhausted."""
        c = cast(Creature, creature)
        v = c.vitals
        return TokenLook(c.name, c.side, max(0, v.body), v.body_max, badges(c), 0 < v.body * 2 <= v.body_max,
                         c.out, 1, False)

    def token_nudge(self, creature: Piece) -> tuple[float, float]:
        """A rider is drawn on its mount: up and left of the hex's centre, its mount down and right, both in
        sight (they share the hex; each is targeted on its own)."""
        c = cast(Creature, creature)
        if c.mount is not None:
            return RIDER_NUDGE
        if c.rider is not None:
            return (-RIDER_NUDGE[0], -RIDER_NUDGE[1])
        return (0.0, 0.0)

    def public_health(self, creature: Piece) -> str:
        """What players see of an opponent's health: unhurt, hurt, badly hurt (half its Body or less), down."""
        return public_word(cast(Creature, creature))

    def turn_order_title(self, table: Host) -> str:
        f = fight(table)
        return f"Round {f.round} · second {f.counter.now.second}"

    def turn_order(self, table: Host) -> list[TurnRow]:
        """Everyone in the order they act on the counter: the acting creature, those still to act this round,
        then those who have acted (and the down), with Body and the round's action and reaction ("A R"; small
        letters used)."""
        f = fight(table)
        order = {e.who: i for i, e in enumerate(f.counter.entries) if e.kind.name == "ACTS"}
        acting = f.acting.id if f.acting is not None else None
        rows = []
        for c in sorted(f.pieces(), key=lambda c: (c.out, c.id != acting, order.get(c.id, len(order)))):
            state = f"Body {c.vitals.body}/{c.vitals.body_max}" if not c.out else "down"
            at = f.counter.acts_at(c.id)
            if not c.out:
                state += f" · {marks.uses_text(f.counter.can(c.id, Use.ACTION), f.counter.can(c.id, Use.REACTION))}"
                state += f" · {at.second}" if at is not None and at.round == f.counter.now.round else " · acted"
            rows.append(TurnRow(c.id, c.name, c.side, c.out, state))
        return rows

    def draw_sheet(self, table: Host, creature: Piece, screen: pygame.Surface, x: int, y: int) -> int:
        """Name; Body and Endurance as boxes; the round's action and reaction; Guard, pool, movement, skills;
        conditions; the attacks."""
        c = cast(Creature, creature)
        t = c.template
        f = fight(table)
        y = draw_text(screen, c.name, (x, y), 15, side_colour(c.side), bold=True).bottom
        v = c.vitals
        y = marks.draw_boxes(screen, "Body", v.body, v.body_max, marks.BODY_ON, x, y + 2)
        y = marks.draw_boxes(screen, "Endurance", v.endurance, v.endurance_max, marks.ENDURANCE_ON, x, y) + 2
        if not c.out:
            y = marks.draw_uses(screen, f.counter.can(c.id, Use.ACTION), f.counter.can(c.id, Use.REACTION), x, y)
        skills = ", ".join(f"{s.value.replace('_', ' ')} {r}" for s, r in t.skills.items())
        if t.polearm_style:
            skills = ", ".join(p for p in (skills, "polearm style") if p)
        feet = max(0, f.state.mover(c).feet_left)
        for line in (f"Guard {t.guard} · pool {t.pool}d20 · Str {t.strength:+d} · Agi {t.agility:+d}",
                     f"movement {t.movement_feet} ft ({feet} ft left) · stationary: "
                     f"{'yes' if f.stationary(c.id) else 'no'}",
                     "skills: " + (skills or "none"),
                     "conditions: " + (", ".join(badges(c)) or "none")):
            y = draw_text(screen, line, (x, y), 12, TEXT).bottom
        for w in attacks_of(t):
            y = draw_text(screen, f"  {w.name}: {w.kind}, {w.pool}d20, Wgt {w.weight}"
                          + (", heavy" if w.heavy else "") + ("" if w.provokes else ", no AoO [15]"),
                          (x, y), 12, TEXT).bottom
        return y

    def log_colour(self, event: object) -> tuple[int, int, int]:
        return presentation.colour_of(event)

    def pictures(self, event: object) -> Pictures:
        return presentation.pictures(event)

    def banner(self, table: Host, events: list[Any], i: int) -> BannerText | None:
        return presentation.reaction_banner(fight(table).name, events, i)

    def describe_command(self, command: object, name: Callable[[str], str]) -> str:
        who = getattr(command, "creature", "")
        return f"{name(who)}'s {type(command).__name__.lower().removesuffix('command')}"

    def snapshot(self, table: Host, px: Callable[[Cell], list[int] | None]) -> dict[str, Any]:
        f = fight(table)
        mine = table.my_turn()
        return {"chosen": self.chosen, "rush_target": self.rush_target,
                "reachable": [px(c) for c in self.moves(table)] if mine else [],
                "targets": [px(c) for c in self.targets(table)] if mine else [],
                "counter": {"round": f.counter.now.round, "second": f.counter.now.second,
                            "entries": [[s.second, s.offset, s.label, s.who] for s in f.counter.shown()]}}


def badges(c: Creature) -> tuple[str, ...]:
    """A creature's conditions as its token's badges and its sheet's line."""
    out = []
    if c.prone:
        out.append("prone")
    if c.mount is not None:
        out.append("riding")
    if c.vitals.exhausted:
        out.append("exhausted")
    return tuple(out)


def public_word(c: Creature) -> str:
    """Unhurt, hurt, badly hurt (half its Body or less) or down: what players see of an opponent."""
    v = c.vitals
    if v.incapacitated:
        return "down"
    if v.body >= v.body_max:
        return "unhurt"
    return "badly hurt" if v.body * 2 <= v.body_max else "hurt"


def why_not(f: Seed001Fight, actor: Creature, role: str) -> str:
    """Why a bar entry is not available now."""
    if role in ("attack", "withdraw", "stand", "dismount") and not f.counter.can(actor.id, Use.ACTION):
        return "its one action of the round is used [3]"
    return {"stand": "not prone", "dismount": "rides nothing, or no free hex beside the mount",
            "move": "no movement left this round, or prone (stand up first)"}.get(role, "not now (no target in reach)")


class ChooseMode(FightMode):
    """The fight at rest: a click on a cell of the way of moving moves there; with an attack chosen, a click on
    a target ringed yellow attacks it (beyond reach: then a click on an orange hex moves and attacks)."""

    def click(self, table: Host, cell: Cell, who: Any, actor: Any) -> Mode | None:
        parts = cast(Seed001Parts, table.parts)
        chosen: cmd.Command | None
        if parts.chosen is None or parts.chosen in ("withdraw", "dismount"):
            chosen = parts.moves(table).get(cell)
        else:
            chosen = parts.targets(table).get(cell)
            if isinstance(chosen, cmd.Attack) and chosen.to is not None and parts.rush_target is None:
                parts.rush_target = chosen.target
                table.say(parts.choice_words(table))
                return None
        if chosen is None:
            if who is not None:
                table.selected = who.id
            return None
        parts.drop()
        table.send(chosen)
        return None

    def on_cancel(self, table: Host) -> Mode | None:
        cast(Seed001Parts, table.parts).drop()
        table.say("")
        return None
