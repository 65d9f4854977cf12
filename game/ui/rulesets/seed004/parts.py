"""Seed 004's window parts (``game.ui.parts.WindowParts``; numbers in brackets are seed 004's lines).

Everything the holder of the initiative may do comes from the fight (``options_of``: the options 1.2 [22-34]
legal now; ``why_not``: why one is not): the action bar has Pass (and its variants: become alert or unalert,
fall, drop a weapon [24]), Draw weapon [25], Grab object [26], Prepare great blow [27], the maneuvers (close,
open, step close, step open, change range [28-33]: choose one, then click the other character ringed) and
Attack [34] (choose the weapon, then click the target ringed). No rule is decided here.

The strip along the top shows the round, phase and segment, who holds the initiative and why, and each
character's blows and EN left this phase (``presentation``, ``strip_view``); the tokens say unalert and fallen;
the sheet shows blows, EN and BD. Decisions (parries, a tie's declarations, the noncombat options, the traces,
an attack on a mover) are the generic prompt's, behind handoffs for secret groups (``game.ui.reveals``); a trace's
end cells are lit on the board and clicked there (``marks.decision_cells``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import replace
from functools import partial
from typing import Any, cast

import pygame

from game.grid import Cell
from game.kernel.decisions import Decision
from game.rulesets.seed004.commands import (AttackOption, Command, DrawWeapon, GrabObject, ManeuverOption,
                                            PassOption, PrepareBlow)
from game.rulesets.seed004.events import SegmentBegan
from game.rulesets.seed004.fight import Seed004Fight
from game.rulesets.seed004.maneuvers import Maneuver
from game.rulesets.seed004.state import Character
from game.ui.animation import NOTHING, BannerText, Shown
from game.ui.board_view import BoardView, Layer, TokenLook, draw_text
from game.ui.map_view import side_colour
from game.ui.modes.base import FightMode, Host, Mode, Piece
from game.ui.parts import BarEntry, Readiness, SlowOverlay, TurnRow
from game.ui.rulesets.seed004 import marks, movement_view, presentation, strip_view, traces_view

TEXT = (225, 228, 235)
MUTED = (150, 156, 170)
TARGET = (250, 220, 60, 255)
LIT = (80, 200, 120, 110)
MAX_BAR = 9
"""Entries the number keys reach."""

KEYS_HELP: tuple[tuple[str, str], ...] = (
    ("Space", "pass [24] (the bar has its variants: become alert / unalert, fall, drop)"),
    ("1-9", "the action bar's options in order: draw, grab, prepare a great blow, a maneuver, an attack"),
    ("bar: a maneuver or an attack", "then click the other character ringed yellow"),
    ("a decision", "its prompt (a parry, a tie's declaration, a noncombat option, an attack on a mover)"),
    ("a trace", "click a lit end cell, or stay / chase / stop within reach in the prompt"),
    ("T", "replay the newest movement resolution a step at a time (again: the next step; after the last: off)"),
    ("Esc", "drop the maneuver or attack chosen, or stop the replay"),
)
FIGHT_KEYS = frozenset((pygame.K_SPACE, *range(pygame.K_1, pygame.K_9 + 1), pygame.K_t, pygame.K_ESCAPE))
CHANGE = f"maneuver:{Maneuver.CHANGE_RANGE.value.replace(' ', '-')}"
"""What the bar's "Change range" chooses."""
MAX_RANGE = 6
"""Change range: "to any range between 1 and 6 inclusive" [33]."""
MANEUVERS = (Maneuver.CLOSE, Maneuver.OPEN, Maneuver.STEP_CLOSE, Maneuver.STEP_OPEN, Maneuver.CHANGE_RANGE)


def fight(table: Host) -> Seed004Fight:
    """The session's fight, seed 004's when these parts are in use."""
    assert table.session is not None
    return cast(Seed004Fight, table.session.encounter)


def last_segment(f: Seed004Fight) -> SegmentBegan | None:
    """The newest segment's event (why its initiative went where it did), looking back a bounded way."""
    for event in reversed(f.log[-400:]):
        if isinstance(event, SegmentBegan):
            return event
    return None


class Seed004Parts:
    """Seed 004's window parts; one per table (it keeps the maneuver or attack being chosen)."""

    toggles: Mapping[str, tuple[str, str]] = {}
    layer_order: Mapping[str, int] = {"targets": 50, "trace": 40}
    keys_help = KEYS_HELP
    aiming_help: tuple[str, ...] = ("Yellow ring: whom the chosen maneuver or attack may be aimed at. Green: the end "
                                    "cells a trace may be plotted to.",)
    fight_keys = FIGHT_KEYS
    theme: dict[str, Any] | None = None

    def __init__(self) -> None:
        self.chosen: str | None = None
        """"maneuver:<kind>", "attack:<weapon>" or None."""
        self.change_to = 1
        """The range a chosen "change range" sets (1-6 [33]): choosing it again steps it on, past 6 it is dropped."""
        self._legal: tuple[object, list[Command]] = (None, [])
        self.replay: traces_view.Replay | None = None
        """T: the newest movement resolution replayed, at the frame shown (None: not replaying)."""
        self.replay_of = -1
        """The log index of the resolution replayed."""

    def legal(self, table: Host) -> list[Command]:
        """The holder's options now (once per state shown); none while a decision is open."""
        f = fight(table)
        key = (id(f), len(f.log), f.pending)
        if self._legal[0] != key:
            actor = f.acting
            self._legal = (key, f.options_of(actor) if actor is not None and not f.pending else [])
        return self._legal[1]

    def first_mode(self) -> FightMode:
        return ChooseMode()

    @property
    def routes(self) -> Mapping[Cell, Any]:
        return {}

    def clear(self) -> None:
        self.chosen, self._legal = None, (None, [])
        self.replay, self.replay_of = None, -1

    def drop(self) -> None:
        self.chosen = None
        self.replay = None

    def resolution(self, table: Host) -> movement_view.Resolution | None:
        f = fight(table)

        def colour(cid: str) -> tuple[int, int, int]:
            c = f.piece(cid)
            return side_colour(c.side) if c is not None else MUTED

        return movement_view.newest(f.log, f.name, colour)

    def step_replay(self, table: Host) -> None:
        """T: the newest resolution's first frame (its traces as revealed), then each step; off after the last."""
        got = self.resolution(table)
        if got is None:
            table.say("No movement has been resolved yet", error=True)
            return
        if self.replay is None or self.replay_of != got.at:
            self.replay, self.replay_of = traces_view.Replay(got.frames), got.at
        elif self.replay.at_end:
            self.replay = None
            table.say("")
            return
        else:
            self.replay = self.replay.forward()
        table.say(f"Movement replay: {self.replay.frame.caption}  ·  T next  ·  Esc stop")

    def fight_key(self, table: Host, key: int) -> None:
        actor = table.acting
        if key == pygame.K_SPACE:
            self.end_turn(table)
        elif pygame.K_1 <= key <= pygame.K_9 and actor is not None:
            entries = [e for e in self.bar_entries(table, actor) if e.role != "pass"]
            if key - pygame.K_1 < len(entries):
                entries[key - pygame.K_1].start()
        elif key == pygame.K_t:
            self.step_replay(table)
        elif key == pygame.K_ESCAPE:
            self.drop()

    def send_now(self, table: Host, command: Command) -> None:
        """An option that needs no click on the board: sent at once (refused with the fight's reason)."""
        if not table.my_turn():
            return
        why = fight(table).why_not(command)
        if why:
            table.say(why, error=True)
            return
        self.drop()
        table.send(command)

    def end_turn(self, table: Host) -> None:
        """Space: a plain pass [24]."""
        actor = table.acting
        if actor is not None and table.my_turn():
            self.send_now(table, PassOption(actor.id))

    def choose(self, table: Host, what: str) -> None:
        """A maneuver or a weapon to attack with, finished by a click on the other character. "Change range" sets
        range 1 first; choosing it again steps the range on (2, 3 ... 6 [33]), then drops it."""
        if what == CHANGE and self.chosen == what and self.change_to < MAX_RANGE:
            self.change_to += 1
            table.say(f"change range to {self.change_to}: click a fallen character ringed yellow  ·  "
                      f"choose it again for {self.change_to + 1 if self.change_to < MAX_RANGE else 'none'}  ·  Esc cancel")
            return
        if self.chosen == what:
            self.chosen = None
            table.say("")
            return
        self.change_to = 1
        if not self.targets(table, what):
            table.say(f"{what.replace(':', ' ').replace('-', ' ')}: nobody to aim it at now", error=True)
            return
        self.chosen = what
        if what == CHANGE:
            table.say("change range to 1: click a fallen character ringed yellow  ·  choose it again for 2  ·  Esc cancel")
            return
        table.say(f"{what.split(':')[0]}: click a character ringed yellow  ·  Esc cancel")

    # -- the board ----------------------------------------------------------------------------------

    def targets(self, table: Host, what: str | None = None) -> dict[Cell, Command]:
        """The cells of the characters the chosen maneuver or attack may be aimed at, each with its option."""
        what = self.chosen if what is None else what
        if what is None:
            return {}
        f = fight(table)
        out: dict[Cell, Command] = {}
        kind, _, rest = what.partition(":")
        for c in self.legal(table) if table.my_turn() else []:
            other = None
            if kind == "maneuver" and isinstance(c, ManeuverOption) and c.maneuver.value.replace(" ", "-") == rest:
                if c.maneuver is Maneuver.CHANGE_RANGE and c.new_range not in (None, self.change_to):
                    continue
                other = c.other
            elif kind == "attack" and isinstance(c, AttackOption) and c.weapon == rest:
                other = c.target
            target = f.piece(other) if other is not None else None
            if target is not None and target.cell not in out:
                out[target.cell] = c
        return out

    def choice_key(self, table: Host) -> object:
        return self.chosen

    def decision_cells(self, table: Host, decision: Decision) -> dict[Cell, str]:
        """A trace's end cells (its options ``to:<col>,<row>``), clicked on the board [53, 58]."""
        return marks.decision_cells(fight(table).board, decision)

    def highlights(self, table: Host) -> dict[str, Layer]:
        session = table.session
        if session is not None and session.question is not None:
            question = session.question
            if session.controller_of(question.chooser) == table.viewer:
                cells = self.decision_cells(table, question)
                if cells:
                    return {"trace": Layer({cell: LIT for cell in cells})}
        if not table.my_turn() or self.chosen is None:
            return {}
        return {"targets": Layer({cell: TARGET for cell in self.targets(table)}, "frame")}

    def slow_overlays(self, table: Host, actor: Piece) -> dict[str, SlowOverlay]:
        return {}

    def kept_overlay(self, name: str) -> Layer | None:
        return None

    def marks_key(self, table: Host) -> object:
        return (self.chosen, self.replay)

    def draw_marks(self, table: Host, board: pygame.Surface, *, under_hover: bool) -> None:
        return

    def draw_over_tokens(self, table: Host, board: pygame.Surface) -> None:
        """The newest traces while they are the news (revealed, no option taken since) [54], or the replay's
        frame (T) [55-57]."""
        if table.view is not None:
            self.draw_public(table, board, table.view, frozenset())

    def public_key(self, table: Host) -> object:
        """What the players' display's traces depend on besides the fight: the replay's frame."""
        return self.replay

    def draw_public(self, table: Host, board: pygame.Surface, view: BoardView, hidden: Collection[str]) -> None:
        """The traces (or the replay's frame) on ``board`` as ``view`` places cells: the table's board, or the
        players' display's (without the traces of creatures hidden from players)."""
        got = self.resolution(table)
        if got is None or not (got.current or self.replay is not None):
            return
        if hidden:
            got = replace(got, plots=tuple(p for p in got.plots if p.mover not in hidden),
                          frames=tuple(replace(fr, positions={k: v for k, v in fr.positions.items() if k not in hidden})
                                       for fr in got.frames))
        cells = {c for plot in got.plots for c in plot.cells}
        if self.replay is not None:
            cells |= {c for frame in got.frames for c in frame.positions.values()}
        centres = {c: view.to_screen(c) for c in cells}
        rect = board.get_rect()
        if self.replay is not None and self.replay_of == got.at:
            traces_view.draw_frame(board, rect, centres, got.plots, self.replay.frame)
        else:
            traces_view.draw_traces(board, rect, centres, got.plots)

    def hover_message(self, table: Host) -> str | None:
        f = fight(table)
        who = f.occupant(table.hover) if table.hover is not None else None
        if who is None:
            return None
        actor = table.acting
        gap = f"  ·  range {f.range_of(actor.id, who.id)} from {actor.name}" if actor is not None and \
            actor.id != who.id else ""
        return f"{who.name}: {blows_line(who)}{gap}"

    # -- the strip ------------------------------------------------------------------------------------

    def strip_rows(self, table: Host, seen: Callable[[str], bool] | None) -> tuple[str, str, list[presentation.Row]]:
        f = fight(table)
        shown = [c for c in f.fighters() if seen is None or seen(c.id)]
        rnd = f.rnd
        segment = last_segment(f)
        why = segment.why if segment is not None and segment.holders == rnd.holders and rnd.holders else \
            presentation.initiative_reason(rnd, shown)
        return presentation.headline(rnd, f.name), why, presentation.rows(rnd, shown, f.name)

    def strip_height(self, table: Host) -> int:
        return strip_view.height(min(len(fight(table).fighters()), presentation.MAX_ROWS + 1))

    def draw_strip(self, table: Host, target: pygame.Surface, rect: pygame.Rect,
                   seen: Callable[[str], bool] | None) -> None:
        head, why, rows = self.strip_rows(table, seen)
        f = fight(table)

        def colour(cid: str) -> tuple[int, int, int]:
            c = f.piece(cid)
            return side_colour(c.side) if c is not None else MUTED

        strip_view.draw(target, rect, head, why, rows, colour)

    # -- the action bar -----------------------------------------------------------------------------

    def bar_entries(self, table: Host, actor: Piece) -> list[BarEntry]:
        """Draw, grab, prepare, the maneuvers and the attacks the fight offers now (the number keys reach them in
        order), then the variants of a pass and the plain pass last (Space) [22-34]."""
        c = cast(Character, actor)
        f = fight(table)
        legal = self.legal(table) if table.my_turn() else []
        out: list[BarEntry] = []

        def entry(label: str, role: str, tip: str, start: Callable[[], None], ident: object = None) -> None:
            n = len([e for e in out if e.role != "pass"]) + 1
            shown = f"{n} {label}" if role != "pass" and n <= MAX_BAR else label
            out.append(BarEntry(shown, role, ident, max(56, min(170, 7 * len(shown) + 18)), tip, start))

        for o in legal:
            if isinstance(o, (DrawWeapon, GrabObject, PrepareBlow)):
                entry(short_label(c, o), type(o).__name__.lower(), f"{f.option_label(o)}: a blow [25-27]",
                      partial(self.send_now, table, o), o)
        kinds = {o.maneuver for o in legal if isinstance(o, ManeuverOption)}
        for m in MANEUVERS:
            if m in kinds:
                what = f"maneuver:{m.value.replace(' ', '-')}"
                entry(m.value.capitalize(), "maneuver", "a blow, alert only [28-33]: then click the other character",
                      partial(self.choose, table, what), what)
        weapons = []
        for o in legal:
            if isinstance(o, AttackOption) and o.weapon not in weapons:
                weapons.append(o.weapon)
        for wid in weapons:
            w = c.weapon(wid)
            what = f"attack:{wid}"
            entry(f"Attack: {w.name if w is not None else wid}", "attack",
                  "an active blow (two for a heavy weapon) [34]: then click the target", partial(self.choose, table, what),
                  what)
        for variant, words in ((PassOption(c.id, alert=not c.alert), "unalert" if c.alert else "alert"),
                               (PassOption(c.id, fall=True), "fall"),
                               *((PassOption(c.id, drop=(w.id,)), f"drop {w.name}") for w in c.wielded()
                                 if not w.natural)):
            if f.why_not(variant) is None:
                entry(f"Pass+{words}", "pass", "no blow [24]", partial(self.send_now, table, variant), variant)
        entry("Space: Pass", "pass", "no blow [24]", lambda: self.end_turn(table), PassOption(c.id))
        return out

    def bar_key(self, table: Host, actor: Piece) -> object:
        f = fight(table)
        return (id(f), len(f.log), self.chosen, table.my_turn())

    def readiness(self, table: Host, actor: Piece, entry: BarEntry) -> Readiness:
        if not table.my_turn():
            return Readiness(False, "not your initiative")
        if isinstance(entry.ident, str):
            return Readiness(True, "", entry.ident == self.chosen)
        why = fight(table).why_not(cast(Command, entry.ident)) if entry.ident is not None else None
        return Readiness(why is None, why or "")

    # -- the panels and the log ---------------------------------------------------------------------

    def token_shows(self, table: Host, creature: Piece) -> object:
        c = cast(Character, creature)
        b = c.blows
        return (c.cell, b.en, b.bd, b.alert, b.fallen, b.conscious)

    def token_look(self, table: Host, creature: Piece) -> TokenLook:
        c = cast(Character, creature)
        b = c.blows
        conditions = tuple(word for word, on in (("unalert", not b.alert), ("fallen", b.fallen)) if on)
        return TokenLook(c.name, c.side, b.en, c.sheet.en, conditions, b.en * 2 <= c.sheet.en, not b.conscious, 1,
                         False)

    def public_health(self, creature: Piece) -> str:
        c = cast(Character, creature)
        b = c.blows
        if not b.conscious:
            return "unconscious"
        return "hurt" if b.en < c.sheet.en or b.bd < c.sheet.bd else "unhurt"

    def turn_order_title(self, table: Host) -> str:
        return presentation.headline(fight(table).rnd, fight(table).name)

    def turn_order(self, table: Host) -> list[TurnRow]:
        f = fight(table)
        return [TurnRow(c.id, c.name, c.side, c.dead, blows_line(c)) for c in f.fighters()]

    def draw_sheet(self, table: Host, creature: Piece, screen: pygame.Surface, x: int, y: int) -> int:
        """Name, blows and EN this round and phase, BD, alertness, what is in hand, the preparation."""
        c = cast(Character, creature)
        b = c.blows
        y = draw_text(screen, c.name, (x, y), 15, side_colour(c.side), bold=True).bottom
        lines = [f"active blows {b.active}/{b.per_round_active} · reactive {b.reactive}/{b.per_round_reactive}"
                 + (f" · borrowed {b.borrowed_active + b.borrowed_reactive}" if b.borrowed_active
                    or b.borrowed_reactive else ""),
                 f"EN {b.en}/{c.sheet.en} · may spend {presentation.en_this_phase(c)} more this phase "
                 f"(cap {b.cap}) · BD {b.bd}/{c.sheet.bd}",
                 ", ".join(w for w, on in (("alert", b.alert), ("unalert", not b.alert), ("fallen", b.fallen),
                                          ("unconscious", not b.conscious)) if on),
                 "in hand: " + (", ".join(w.name for w in c.wielded()) or "nothing")]
        if c.sheathed:
            lines.append("sheathed: " + ", ".join(getattr(c.weapon(w), "name", w)
                                                  for w in c.sheathed))
        if c.preparation is not None:
            lines.append(f"great blow prepared: {c.preparation}")
        for line in lines:
            y = draw_text(screen, line[:90], (x, y), 12, TEXT).bottom
        return y

    def log_colour(self, event: object) -> tuple[int, int, int]:
        return presentation.colour_of(event)

    def pictures(self, event: object) -> Shown:
        return NOTHING

    def banner(self, table: Host, events: list[Any], i: int) -> BannerText | None:
        return None

    def describe_command(self, command: object, name: Callable[[str], str]) -> str:
        who = getattr(command, "creature", "")
        return f"{name(who)}'s {type(command).__name__.lower().replace('option', '')}"

    def snapshot(self, table: Host, px: Callable[[Cell], list[int] | None]) -> dict[str, Any]:
        f = fight(table)
        return {"round": f.rnd.shown(), "chosen": self.chosen,
                "targets": [px(c) for c in self.targets(table)] if table.my_turn() else []}


def short_label(c: Character, o: Command) -> str:
    """A bar button's words for a draw, grab or great-blow preparation: "Draw Axe", "Grab ...", "Prep Claws"."""
    match o:
        case DrawWeapon():
            return f"Draw {getattr(c.weapon(o.weapon), 'name', o.weapon)}"
        case GrabObject():
            return f"Grab {o.item.split('/')[-1]}"
        case PrepareBlow():
            return f"Prep {getattr(c.weapon(o.weapon), 'name', o.weapon)}"
    return type(o).__name__


def blows_line(c: Character) -> str:
    """"A 1/2 · R 2/3 · EN 12 · alert" for the turn-order panel and the hover line."""
    b = c.blows
    if not b.conscious:
        return "unconscious"
    marks_ = ", ".join(w for w, on in (("alert", b.alert), ("unalert", not b.alert), ("fallen", b.fallen)) if on)
    return f"A {b.active}/{b.per_round_active} · R {b.reactive}/{b.per_round_reactive} · EN {b.en} · {marks_}"


class ChooseMode(FightMode):
    """The fight at rest: with a maneuver or an attack chosen on the bar, a click on a character ringed yellow
    takes it; else a click selects the character there."""

    def click(self, table: Host, cell: Cell, who: Any, actor: Any) -> Mode | None:
        parts = cast(Seed004Parts, table.parts)
        chosen = parts.targets(table).get(cell)
        if chosen is None:
            if who is not None:
                table.selected = who.id
            return None
        parts.send_now(table, chosen)
        return None

    def on_cancel(self, table: Host) -> Mode | None:
        cast(Seed004Parts, table.parts).drop()
        table.say("")
        return None
