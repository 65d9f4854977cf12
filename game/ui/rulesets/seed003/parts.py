"""Seed 003's window parts (``game.ui.parts.WindowParts``): a first, plain version.

Everything the player may do comes from the fight's legal-commands query (``legal_commands``): the reachable
cells are the ends of its legal moves, the targets ringed are those of its legal uses of the chosen ability,
an action bar entry is available when the query lists a command of it. No rule is decided here. The turn
order panel shows the bands and the escalation die (seed 003 lines 81-93); the sheet shows hit points,
staggered, defenses, stance, conditions, Free or engaged, and abilities. Over the map (``marks``): engagement
links between engaged pairs, a green dot on each Free creature, the hovered creature's Nearby area, the picked
targets of an ability of several targets. The odds of a disengage and of an attack on the hovered target are
shown before the player commits (``game.rulesets.seed003.queries``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, cast

import pygame

from game.grid import Cell
from game.rulesets.seed003 import queries
from game.rulesets.seed003.commands import (Command, Delay, DiceyMove, Disengage, EndTurnCommand, FightInSpirit, Flee,
                                            GrantSave, Move, Rally, Ready, Stabilize, Sustain, SwitchStance,
                                            UseAbility)
from game.rulesets.seed003.downed import BENEFITS
from game.rulesets.seed003.fight import Seed003Fight as Fight003
from game.rulesets.seed003.readying import IN_REACH, TRIGGERS
from game.rulesets.seed003.sheets import Ability
from game.rulesets.seed003.state import Creature
from game.ui.animation import BannerText, Shown
from game.ui.board_view import Layer, TokenLook, draw_text
from game.ui.map_view import side_colour
from game.ui.modes.base import FightMode, Host, Mode, Piece
from game.ui.parts import BarEntry, Readiness, SlowOverlay, TurnRow
from game.ui.rulesets.seed003 import marks, presentation

TEXT = (225, 228, 235)
MUTED = (150, 156, 170)
BAR_ABILITIES = 9
REACH = (80, 200, 120, 90)
DISENGAGE = (230, 170, 60, 110)
TARGET = (250, 220, 60, 255)

KEYS_HELP: tuple[tuple[str, str], ...] = (
    ("click a green cell", "move there (a move action)"),
    ("1-9", "choose an ability of the action bar, then click a target ringed yellow (several: each, then Enter)"),
    ("D", "disengage (its odds shown first): click an orange cell to pop off and move there"),
    ("point at a creature", "its Nearby area (blue), whom it is engaged with, and the odds against it"),
    ("R", "rally (a standard action)"),
    ("C", "with an ability chosen: a coup de grace on a helpless enemy next to you (spends every action; crits)"),
    ("E", "ready: then an ability (1-9) is readied, not used; T cycles its trigger"),
    ("Y", "a dicey move: click a cell across risky ground (3d6 against the map's Difficulty)"),
    ("bar: Stabilize, Grant save, Spirit", "click the ally ringed yellow"),
    ("bar: Sustain, Stance, Delay, Flee", "at once (Flee asks the party)"),
    ("Space", "end the turn"),
    ("Esc", "drop the ability or disengage chosen"),
)
FIGHT_KEYS = frozenset((pygame.K_SPACE, *range(pygame.K_1, pygame.K_9 + 1), pygame.K_d, pygame.K_r, pygame.K_c,
                        pygame.K_e, pygame.K_t, pygame.K_y, pygame.K_ESCAPE))
PICKED_ON_BOARD = ("disengage", "dicey", "stabilize", "grant_save", *(f"spirit:{b}" for b in BENEFITS))
"""What may be chosen on the bar besides an ability, each finished by a click on the board."""
CHOICE_WORDS = {"disengage": "Disengage", "dicey": "Dicey move", "stabilize": "Stabilize", "grant_save": "Grant a save",
                "spirit:attacks": "Spirit: Advantage on attacks", "spirit:saves": "Spirit: Advantage on saves",
                "spirit:defense": "Spirit: Disadvantage against"}


def _spirit_of(benefit: str, command: Command) -> bool:
    """Whether ``command`` is a Fight in Spirit giving ``benefit``."""
    return isinstance(command, FightInSpirit) and command.benefit == benefit


OFFERED: dict[str, Callable[[Command], bool]] = {
    "disengage": lambda c: isinstance(c, Disengage),
    "rally": lambda c: isinstance(c, Rally),
    "end": lambda c: isinstance(c, EndTurnCommand),
    "coup": lambda c: isinstance(c, UseAbility) and c.coup,
    "ready": lambda c: isinstance(c, Ready),
    "dicey": lambda c: isinstance(c, DiceyMove),
    "sustain": lambda c: isinstance(c, Sustain),
    "stabilize": lambda c: isinstance(c, Stabilize),
    "grant_save": lambda c: isinstance(c, GrantSave),
    "stance": lambda c: isinstance(c, SwitchStance),
    "delay": lambda c: isinstance(c, Delay),
    "flee": lambda c: isinstance(c, Flee),
    **{f"spirit:{b}": partial(_spirit_of, b) for b in BENEFITS}}
"""Which legal commands make each action-bar role but an ability's available (an ability's depends on the
coup or ready being made: ``Seed003Parts.readiness``)."""


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
                                    "a target of the chosen ability; red ring: a target picked.",
                                    "Red link: two enemies engaged. Green dot: a Free creature (engaged with no "
                                    "enemy). Blue: the Nearby area of the creature pointed at.")
    fight_keys = FIGHT_KEYS
    theme: dict[str, Any] | None = None

    def __init__(self) -> None:
        self.chosen: str | None = None
        """The ability chosen on the bar (its id), or "disengage", or None."""
        self.picks: list[str] = []
        """The targets picked so far for the chosen ability, when it takes several [7]."""
        self.coup = False
        """C: the chosen ability is a coup de grace [197] (its targets: the helpless enemies next to the actor)."""
        self.readying = False
        """E: the next ability chosen is readied with :attr:`trigger`, not used [99-101]."""
        self.trigger = IN_REACH
        """T: the trigger of the next ready (``readying.TRIGGERS``)."""
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
        self.chosen, self.picks, self._legal = None, [], (None, [])
        self.coup = self.readying = False
        self.trigger = IN_REACH

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
        elif key == pygame.K_c:
            self.toggle_coup(table)
        elif key == pygame.K_e:
            self.toggle_ready(table)
        elif key == pygame.K_t:
            self.next_trigger(table)
        elif key == pygame.K_y:
            self.choose(table, "dicey")
        elif key == pygame.K_ESCAPE:
            self.drop()

    def drop(self) -> None:
        """Esc: the ability or disengage chosen, and its picks, are dropped (and a coup or a ready begun)."""
        self.chosen, self.picks = None, []
        self.coup = self.readying = False

    def send_now(self, table: Host, command: Command) -> None:
        """A bar entry that needs no click on the board: sent at once (refused with the fight's reason)."""
        if not table.my_turn():
            return
        why = fight(table).why_illegal(command)
        if why:
            table.say(why, error=True)
            return
        self.drop()
        table.send(command)

    def toggle_coup(self, table: Host) -> None:
        """C: the chosen ability (or the next one) goes as a coup de grace on a helpless enemy [197]."""
        self.coup = not self.coup
        self.picks = []
        table.say("Coup de grace: choose an ability (1-9), then click a helpless enemy next to you ringed yellow"
                  if self.coup else "Coup de grace off")

    def toggle_ready(self, table: Host) -> None:
        """E: the next ability chosen is readied [99-101] (T: its trigger)."""
        self.readying = not self.readying
        self.chosen, self.picks = None, []
        table.say(self.ready_words() if self.readying else "Ready off")

    def ready_words(self) -> str:
        return (f"Ready: choose the ability to ready (1-9); it goes off when {TRIGGERS[self.trigger]} "
                "(T: another trigger)  ·  Esc cancel")

    def next_trigger(self, table: Host) -> None:
        """T: the next trigger of the ready being made."""
        if not self.readying:
            return
        names = list(TRIGGERS)
        self.trigger = names[(names.index(self.trigger) + 1) % len(names)]
        table.say(self.ready_words())

    def chosen_ability(self, table: Host) -> Ability | None:
        actor = table.acting
        if actor is None or self.chosen is None or self.chosen in PICKED_ON_BOARD:
            return None
        return fight(table).ability_of(cast(Creature, actor), self.chosen or "")

    def choose(self, table: Host, what: str) -> None:
        actor = table.acting
        if self.readying and what not in PICKED_ON_BOARD and actor is not None:
            self.send_now(table, Ready(actor.id, what, self.trigger))
            return
        if self.chosen != what and actor is not None:
            role = what if what in PICKED_ON_BOARD else "ability"
            ready = self.readiness(table, actor, BarEntry(what, role, what))
            if not ready.available:
                table.say(f"{CHOICE_WORDS.get(what, what.replace('_', ' '))}: {ready.why}", error=True)
                return
        self.chosen = None if self.chosen == what else what
        self.picks = []
        ability = self.chosen_ability(table)
        if self.chosen == "disengage" and actor is not None:
            outlook = queries.disengage_outlook(fight(table), cast(Creature, actor))
            odds = outlook.text if outlook is not None else "Disengage"
            table.say(f"{odds}  ·  click an orange cell  ·  Esc cancel")
        elif self.chosen in PICKED_ON_BOARD:
            table.say(f"{CHOICE_WORDS[self.chosen]}: click a cell ringed on the board  ·  Esc cancel")
        elif ability is not None and ability.targets > 1 and not self.coup:
            table.say(f"{ability.name}: click up to {ability.targets} targets ringed yellow (again: unpick), "
                      "Enter to go with fewer  ·  Esc cancel")
        elif self.chosen is not None:
            table.say(f"{self.chosen.replace('_', ' ')}: click a target ringed yellow  ·  Esc cancel")

    def pick(self, table: Host, who: str) -> None:
        """A click on a target of an ability of several targets: picked (again: unpicked); with as many as it
        takes, the ability is used on them."""
        ability = self.chosen_ability(table)
        if ability is None:
            return
        if who in self.picks:
            self.picks.remove(who)
        else:
            self.picks.append(who)
        if len(self.picks) >= ability.targets:
            self.go(table)
        else:
            names = ", ".join(fight(table).name(p) for p in self.picks) or "none"
            table.say(f"{ability.name}: picked {names} ({len(self.picks)} of up to {ability.targets}); "
                      "Enter to go  ·  Esc cancel")

    def go(self, table: Host) -> None:
        """Enter: the ability of several targets is used on the targets picked (at least one)."""
        actor, ability = table.acting, self.chosen_ability(table)
        if actor is None or ability is None or not self.picks or not table.my_turn():
            return
        command = UseAbility(actor.id, ability.id, tuple(self.picks))
        why = fight(table).why_illegal(command)
        if why:
            table.say(f"{ability.name}: {why}", error=True)
            return
        self.drop()
        table.send(command)

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
        return {c.to: c for c in self.legal(table) if isinstance(c, Disengage) and not c.enemies}

    def targets(self, table: Host) -> dict[Cell, Command]:
        """The cells the choice on the bar is finished on, each with its command: the creatures the chosen
        ability may be used on now (as a coup de grace with C), the allies to stabilize, grant a save or help
        in spirit, the ends of a dicey move."""
        out: dict[Cell, Command] = {}
        f = fight(table)
        chosen = self.chosen
        for c in self.legal(table):
            who: str | None = None
            if isinstance(c, UseAbility) and c.ability == chosen and len(c.targets) == 1 and c.coup == self.coup:
                who = c.targets[0]
            elif isinstance(c, DiceyMove) and chosen == "dicey":
                out[c.to] = c
            elif isinstance(c, Stabilize) and chosen == "stabilize":
                who = c.target
            elif isinstance(c, GrantSave) and chosen == "grant_save":
                who = c.target
            elif isinstance(c, FightInSpirit) and chosen == f"spirit:{c.benefit}":
                who = c.ally
            target = f.piece(who) if who is not None else None
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
        return (self.chosen, tuple(self.picks))

    def draw_marks(self, table: Host, board: pygame.Surface, *, under_hover: bool) -> None:
        """Under the hover's outline: the hovered creature's Nearby area (not while an ability or a disengage
        is chosen: the targets stand out), the engagement lines and the Free dots; over it, the targets
        picked. (The engagement links are drawn over the tokens: ``draw_over_tokens``.)"""
        f = fight(table)
        if under_hover:
            hovered = marks.hovered_creature(table, f) if self.chosen is None else None
            if hovered is not None:
                marks.draw_nearby(table, board, queries.nearby_cells(f, hovered))
            marks.draw_free(table, board, f)
        elif self.picks and table.my_turn():
            marks.draw_picked(table, board, f, self.picks)

    def draw_over_tokens(self, table: Host, board: pygame.Surface) -> None:
        """The engagement links, over the tokens they join."""
        marks.draw_engagement(table, board, fight(table))

    def hover_message(self, table: Host) -> str | None:
        """The odds before committing: of the chosen ability against the target under the pointer, or of the
        disengage chosen; else who the creature under the pointer is engaged with and who is Nearby it."""
        f = fight(table)
        actor = cast(Creature | None, table.acting)
        if actor is not None and table.my_turn():
            if self.chosen == "disengage":
                outlook = queries.disengage_outlook(f, actor)
                return None if outlook is None else f"{outlook.text}  ·  click an orange cell"
            ability = self.chosen_ability(table)
            target = f.occupant(table.hover) if table.hover is not None else None
            if ability is not None and target is not None and table.hover in self.targets(table):
                seen = queries.attack_outlook(f, actor, ability.id, target.id)
                if seen is not None:
                    goes = "" if seen.target == target.id else f" (intercepted: it goes to {f.name(seen.target)})"
                    return f"{ability.name} {seen.text(f.name(seen.target))}{goes}"
        hovered = marks.hovered_creature(table, f)
        if hovered is None:
            return None
        return about(f, hovered)

    # -- the action bar -----------------------------------------------------------------------------

    def bar_entries(self, table: Host, actor: Piece) -> list[BarEntry]:
        """The creature's abilities (1-9), Disengage, Rally, then what it may do now besides (coup de grace,
        ready, dicey move, sustain, stabilize, grant a save, fight in spirit, stance, delay, flee: each only
        when the fight lists a command of it), and End turn."""
        creature = cast(Creature, actor)
        entries = []
        for i, ability in enumerate(fight(table).abilities(creature)[:BAR_ABILITIES]):
            label = f"{i + 1} {ability.name}"
            tip = f"{ability.action.value}, {ability.frequency.value}" + (", provokes" if ability.provokes else "")
            if ability.targets > 1:
                tip += f", up to {ability.targets} targets"
            entries.append(BarEntry(label, "ability", ability.id, max(80, min(190, 9 * len(label) + 20)), tip,
                                    lambda a=ability.id: self.choose(table, a)))  # type: ignore[misc]
        outlook = queries.disengage_outlook(fight(table), creature)
        label = "D Disengage" + ("" if outlook is None else f" {round(float(outlook.chance) * 100)}%")
        tip = ("a move action: 3d6 against 11, +1 per enemy past the first" if outlook is None
               else f"a move action. {outlook.text}")
        entries.append(BarEntry(label, "disengage", None, 150, tip, lambda: self.choose(table, "disengage")))
        entries.append(BarEntry("R Rally", "rally", None, 80, "a standard action: heal with a recovery",
                                lambda: self.fight_key(table, pygame.K_r)))
        entries += self.more_entries(table, creature)
        entries.append(BarEntry("Space: End turn", "end", None, 130, "", lambda: self.end_turn(table)))
        return entries

    def more_entries(self, table: Host, creature: Creature) -> list[BarEntry]:
        """The entries shown only when the fight lists a command of them now (on the acting player's turn)."""
        legal = self.legal(table) if table.my_turn() else []
        out: list[BarEntry] = []

        def entry(label: str, role: str, tip: str, start: Callable[[], None], ident: object = None) -> None:
            out.append(BarEntry(label, role, ident, max(80, min(190, 8 * len(label) + 20)), tip, start))

        offered = {role for role, test in OFFERED.items() if any(test(c) for c in legal)}
        if "coup" in offered:
            entry("C Coup de grace", "coup", "a standard attack on a helpless enemy next to you, spending the "
                  "quick and move actions too: it crits [197]", lambda: self.toggle_coup(table))
        if "ready" in offered:
            entry("E Ready", "ready", "ready an ability: its action is spent now, and it goes off just before the "
                  "trigger (T: which) [99-101]", lambda: self.toggle_ready(table))
        if "dicey" in offered:
            entry("Y Dicey move", "dicey", "a move action across risky ground: 3d6 against the Difficulty; "
                  "success: 1 Advantage on the next attack this turn [169-171]", lambda: self.choose(table, "dicey"))
        f = fight(table)
        for c in legal:
            if isinstance(c, Sustain):
                ability = f.ability_of(creature, c.ability)
                name = ability.name if ability is not None else c.ability
                entry(f"Sustain {name}", "sustain", "roll to keep it going, with the action that started it [136]",
                      partial(self.send_now, table, c), c.ability)
        for role, words in (("stabilize", "a standard action: a dying ally next to you is stabilized [227]"),
                            ("grant_save", "a standard action: an ally next to you making Last Gasp saves makes one "
                             "now; a failure does not count [233]")):
            if role in offered:
                entry(CHOICE_WORDS[role], role, words, partial(self.choose, table, role))
        for benefit in BENEFITS:
            role = f"spirit:{benefit}"
            if role in offered:
                entry(CHOICE_WORDS[role], role, "out of the fight for good: help an ally for a round [183-185]",
                      partial(self.choose, table, role))
        for c in legal:
            if isinstance(c, SwitchStance) and (creature.stance is None or creature.stance.value != c.stance):
                entry(f"Stance: {c.stance}", "stance", "a quick action [117]", partial(self.send_now, table, c),
                      c.stance)
        for c in legal:
            if isinstance(c, Delay):
                entry(f"Delay: {c.band}", "delay", "act in a lower band for the rest of the encounter [95-97]",
                      partial(self.send_now, table, c), c.band)
        if "flee" in offered:
            entry("Flee", "flee", "propose that the party flee: the party decides; a Campaign Loss [187-189]",
                  lambda: self.send_now(table, Flee(creature.id)))
        return out

    def bar_key(self, table: Host, actor: Piece) -> object:
        f = fight(table)
        return (id(f), len(f.log), self.chosen, self.coup, self.readying, self.trigger)

    def readiness(self, table: Host, actor: Piece, entry: BarEntry) -> Readiness:
        legal = self.legal(table) if table.my_turn() else []
        def ability(c: Command) -> bool:
            if self.readying:
                return isinstance(c, Ready) and c.ability == entry.ident
            return isinstance(c, UseAbility) and c.coup == self.coup and c.ability == entry.ident

        test = ability if entry.role == "ability" else OFFERED[entry.role]
        ok = any(test(c) for c in legal)
        chosen = ((entry.role == "ability" and entry.ident == self.chosen) or entry.role == self.chosen
                  or (entry.role == "coup" and self.coup) or (entry.role == "ready" and self.readying))
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
        f = fight(table)
        if not c.out:
            foes = f.state.engaged_with(c)
            if foes:
                outlook = queries.disengage_outlook(f, c)
                line = "engaged with " + ", ".join(e.name for e in foes)
                y = draw_text(screen, line[:70], (x, y), 12, marks.ENGAGED).bottom
                if outlook is not None:
                    y = draw_text(screen, outlook.text[:80], (x, y), 12, marks.ENGAGED).bottom
            else:
                y = draw_text(screen, "Free (engaged with no enemy)", (x, y), 12, marks.FREE).bottom
        for ability in fight(table).abilities(c):
            used = ability.id in c.used
            y = draw_text(screen, f"  {ability.name}: {ability.action.value}, {ability.frequency.value}"
                          + (" (used)" if used else ""), (x, y), 12, MUTED if used else TEXT).bottom
        return y

    def log_colour(self, event: object) -> tuple[int, int, int]:
        return presentation.colour_of(event)

    def pictures(self, event: object) -> Shown:
        return presentation.pictures(event)

    def banner(self, table: Host, events: list[Any], i: int) -> BannerText | None:
        return presentation.reaction_banner(fight(table).name, events, i)

    def describe_command(self, command: object, name: Callable[[str], str]) -> str:
        who = getattr(command, "creature", "")
        return f"{name(who)}'s {type(command).__name__.lower()}"

    def snapshot(self, table: Host, px: Callable[[Cell], list[int] | None]) -> dict[str, Any]:
        f = fight(table)
        return {"escalation": f.clock.escalation, "chosen": self.chosen, "picks": list(self.picks),
                "engaged": [list(p) for p in queries.engagements(f)],
                "free": [c.id for c in f.pieces() if queries.is_free(f, c)],
                "reachable": [px(c) for c in self.moves(table)] if table.my_turn() else [],
                "targets": [px(c) for c in self.targets(table)] if table.my_turn() else []}


class ChooseMode(FightMode):
    """The fight at rest: a click on a green cell moves there, on a target ringed yellow uses the chosen
    ability on it, on an orange cell disengages there."""

    def click(self, table: Host, cell: Cell, who: Any, actor: Any) -> Mode | None:
        parts = cast(Seed003Parts, table.parts)
        ability = parts.chosen_ability(table)
        if ability is not None and ability.targets > 1 and not parts.coup:
            if cell in parts.targets(table) and who is not None:
                parts.pick(table, who.id)
            elif who is not None:
                table.selected = who.id
            return None
        if parts.chosen == "disengage":
            chosen = parts.disengages(table).get(cell)
        elif parts.chosen is not None:  # an ability's target, or the cell of a choice of the bar
            chosen = parts.targets(table).get(cell)
        else:
            chosen = parts.moves(table).get(cell)
        if chosen is None:
            if who is not None:
                table.selected = who.id
            return None
        parts.drop()
        table.send(chosen)
        return None

    def on_confirm(self, table: Host) -> Mode | None:
        """Enter: an ability of several targets goes with the targets picked."""
        cast(Seed003Parts, table.parts).go(table)
        return None

    def on_cancel(self, table: Host) -> Mode | None:
        """Esc: the ability or disengage chosen is dropped."""
        cast(Seed003Parts, table.parts).drop()
        table.say("")
        return None


def about(f: Fight003, c: Creature) -> str:
    """A creature for the top line when pointed at: Free or whom it is engaged with, and who is Nearby it
    [151-157]."""
    foes = f.state.engaged_with(c)
    state = ("engaged with " + ", ".join(e.name for e in foes)) if foes else "Free"
    near = [f.name(p) for p in queries.nearby_creatures(f, c)]
    return (f"{c.name}: {state}  ·  Nearby ({f.nearby} cells of movement, blue): "
            + (", ".join(near) if near else "nobody"))
