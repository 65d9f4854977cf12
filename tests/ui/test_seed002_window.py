"""Seed 002 in the window (issue 19 item 6): its window parts (``game.ui.rulesets.seed002``).

Seed 002 is ``../shared/seeds/002_1e58761ab2413878.txt``; the encounter is
``tests/data/encounters/seed002_window.toml`` (Ann plays the party, Bob the wharf gang; Wren Ashdown stands two
squares from the Gaff Hooker, whose hook reaches 10 feet).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.grid import Square
from game.kernel.decisions import PASS, Decision, Option
from game.rulesets.seed002 import catalog
from game.rulesets.seed002 import commands as cmd
from game.rulesets.seed002 import events as ev
from game.rulesets.seed002.fight import Seed002Fight
from game.rulesets.seed002.track import Track
from game.ui.combat_log import DEFAULT_COLOUR
from game.ui.modes.decide import DecideMode
from game.ui.rulesets import parts_for
from game.ui.rulesets.seed002 import economy_view, marks, presentation
from game.ui.rulesets.seed002.parts import Seed002Parts
from game.ui.script import post_click, post_key
from game.ui.table import Table
from tests.ui.driving import REPO, frames, pixel, settle

HOTSEAT = REPO / "tests" / "data" / "encounters" / "seed002_window.toml"
WREN, HOOKER = "wren_ashdown", "gaff_hooker"


@pytest.fixture()
def table() -> Iterator[Table]:
    pygame.display.init()
    pygame.font.init()
    t = Table((1280, 800), skip_setup=True)
    assert t.open(str(HOTSEAT)), t.message
    yield t
    pygame.quit()


def fight_of(t: Table) -> Seed002Fight:
    assert t.session is not None
    f = t.session.encounter
    assert isinstance(f, Seed002Fight)
    return f


def parts_of(t: Table) -> Seed002Parts:
    assert isinstance(t.parts, Seed002Parts)
    return t.parts


def sit_down(t: Table) -> None:
    """The hot-seat handoff screen: whoever is named presses Enter."""
    for _ in range(3):
        if t.screen_state != "handoff":
            return
        post_key(pygame.K_RETURN, 0, "\r")
        frames(t, 2)


def to_turn_of(t: Table, who: str) -> None:
    """End every other creature's turn (its player's command; decisions passed) until ``who`` acts, then sit
    its player down."""
    assert t.session is not None
    session = t.session
    for _ in range(40):
        settle(t)
        question = session.question
        if question is not None:
            session.answer(question.id, PASS, by=session.controller_of(question.chooser))
            continue
        acting = t.acting
        if acting is not None and acting.id == who:
            break
        assert acting is not None
        session.apply(cmd.EndTurnCommand(acting.id), by=session.controller_of(acting.id))
    settle(t)
    sit_down(t)
    assert t.my_turn() and t.acting is not None and t.acting.id == who, t.message


def hover(t: Table, col: int, row: int) -> None:
    t.hover = Square(col, row)
    frames(t, 2)


def test_the_window_has_parts_for_seed_002() -> None:
    assert isinstance(parts_for("seed002"), Seed002Parts)


def test_the_bar_groups_the_actions_by_type_each_with_its_provoking_tag(table: Table) -> None:
    """Seed 002, lines 3-8: "ONE STANDARD ACTION / ONE MOVE ACTION / ONE QUICK ACTIONS / FREE ACTIONS ... /
    NO ACTION"; line 68 "MOVE [Move, OA from Movement]", line 76 "ADVANCE [Move, OA from Certain Movement]",
    line 83 "AIM [Move, OA]": each bar entry shows its tag as the catalogue prints it."""
    to_turn_of(table, WREN)
    actor = table.acting
    assert actor is not None
    entries = parts_of(table).bar_entries(table, actor)
    groups = [e.label for e in entries if e.role == "group"]
    assert groups == ["Standard:", "Move:", "Free:", "No action:", "Reaction:"]
    group_of: dict[str, str] = {}
    current = ""
    for e in entries:
        if e.role == "group":
            current = e.label
        else:
            group_of[e.role] = current
    standard = ("attack", "charge", "defend", "recover", "ready", "stunt")
    assert {r: group_of[r] for r in standard} == dict.fromkeys(standard, "Standard:")
    assert group_of["surge"] == "Reaction:"
    assert all(group_of[r] == "Move:" for r in ("walk", "run", "advance", "withdraw", "stand", "aim"))
    assert group_of["prone"] == "Free:" and group_of["delay"] == "No action:"
    label = {e.role: e.label for e in entries if e.role != "attack"}
    assert label["walk"].endswith("[OA move]") and label["run"].endswith("[OA move]")
    assert label["charge"].endswith("[OA move]")
    assert label["advance"].endswith("[OA some]") and label["withdraw"].endswith("[OA some]")
    assert label["stand"].endswith("[OA]") and label["aim"].endswith("[OA]") and label["stunt"].endswith("[OA]")
    assert "[OA" not in label["defend"] and "[OA" not in label["recover"]
    tip = {e.role: e.tip for e in entries}
    assert f"[{catalog.action('ADVANCE').bracket}]" in tip["advance"]
    assert not parts_of(table).readiness(table, actor, next(e for e in entries if e.role == "group")).available


def test_a_walk_off_a_threatened_square_provokes_and_an_advance_or_withdraw_there_does_not(table: Table) -> None:
    """Seed 002, line 69: "Exiting out of a square threatened by another creature provokes"; line 77: advance,
    "As long as you are moving towards the nearest enemy you do not provoke an OA for leaving a threatened
    square"; line 79: withdraw, the same moving away. The preview rings whom the action would provoke (the
    fight's query) and crosses the provoking exits."""
    to_turn_of(table, WREN)
    parts = parts_of(table)
    f = fight_of(table)
    wren = f.piece(WREN)
    assert wren is not None
    # one step toward the Hooker: a walk provokes it (Wren leaves its threatened square), an advance does not
    hover(table, 9, 13)
    who, exits, command = parts.provoked_now(table)
    assert isinstance(command, cmd.Move) and who == (HOOKER,) and exits == (wren.cell,)
    assert "provokes Gaff Hooker" in (parts.hover_message(table) or "")
    assert "provoking" in parts.highlights(table) and wren.cell in parts.highlights(table)["provoking"].cells
    post_key(pygame.K_a)
    frames(table, 2)
    assert parts.chosen == "advance"
    who, exits, command = parts.provoked_now(table)
    assert isinstance(command, cmd.Advance) and who == () and exits == ()
    assert "provokes nobody" in (parts.hover_message(table) or "")
    assert "provoking" not in parts.highlights(table)
    # one step away: a withdraw does not provoke either
    post_key(pygame.K_x)
    frames(table, 2)
    hover(table, 7, 13)
    who, _, command = parts.provoked_now(table)
    assert isinstance(command, cmd.Withdraw) and who == ()
    post_key(pygame.K_w)
    frames(table, 2)
    who, _, command = parts.provoked_now(table)
    assert isinstance(command, cmd.Move) and who == (HOOKER,)


def test_the_economy_shows_a_standard_traded_for_a_move_and_the_reaction(table: Table) -> None:
    """Seed 002, line 10: "a move action (or substitute an additional move action for your standard action)";
    line 7: "REACTIONS One per turn". Two walks: the second is paid with the standard action."""
    to_turn_of(table, WREN)
    assert table.session is not None
    f = fight_of(table)
    wren = f.piece(WREN)
    assert wren is not None
    assert economy_view.row_text(economy_view.shown(wren, f.log)) == "[SMQ] R A"
    table.send(cmd.Withdraw(WREN, Square(7, 13)))
    settle(table)
    walk = next(c for c in parts_of(table).legal(table) if isinstance(c, cmd.Move) and c.way == "walk")
    table.send(walk)
    settle(table)
    seen = economy_view.shown(wren, f.log)
    assert [(p.kind, p.left, p.traded) for p in seen.pips] == [
        ("standard", False, True), ("move", False, False), ("quick", True, False)]
    assert economy_view.row_text(seen) == "[m·Q] R A"
    assert any("standard action spent on a move action" in w for w in economy_view.words(seen))
    rows = {r.creature: r.status for r in parts_of(table).turn_order(table)}
    assert rows[WREN].endswith("[m·Q] R A")


def test_the_track_is_the_token_bar_and_the_public_word(table: Table) -> None:
    """Seed 002, line 133: "fatigued ... exhausted ... incapacitated"; line 37: "your highest level of damage or
    fatigue" (our track: 4 levels of damage to down, README)."""
    f = fight_of(table)
    wren = f.piece(WREN)
    assert wren is not None
    parts = parts_of(table)
    wren.track = Track(damage=3, fatigue=1, stress=2)
    look = parts.token_look(table, wren)
    assert (look.hp, look.max_hp, look.bloodied) == (1, 4, True)
    assert "fatigued" in look.conditions
    assert parts.public_health(wren) == "staggered, fatigued"
    wren.track = Track(damage=4)
    assert parts.public_health(wren) == "down" and parts.token_look(table, wren).out


def test_every_seed_002_event_has_a_colour_and_an_opportunity_attack_has_a_banner() -> None:
    """Seed 002, line 121: OPPORTUNITY ATTACK [Reaction]: the log colours it as a reaction, and a banner names
    who provoked it."""
    classes = [v for v in vars(ev).values() if isinstance(v, type) and v.__module__ == ev.__name__
               and hasattr(v, "__dataclass_fields__")]
    assert classes
    for cls in classes:
        assert cls in presentation.COLOURS or cls in (ev.AttackMade, ev.RunChecked, ev.Hurt), cls.__name__
    oa = ev.AttackMade("gaff_hooker", "wren_ashdown", "hook", 15, 14, True, 1, "opportunity")
    assert presentation.colour_of(oa) == presentation.REACTION != DEFAULT_COLOUR
    provoked = ev.Provoked("wren_ashdown", "move", ("gaff_hooker",))
    banner = presentation.reaction_banner(lambda p: p.replace("_", " "), [provoked, oa], 1)
    assert banner is not None and "opportunity attack on wren ashdown" in banner.headline
    assert "move provoked it" in banner.detail
    later = presentation.reaction_banner(lambda p: p.replace("_", " "), [oa], 0, [provoked])
    assert later is not None and later.detail == "wren ashdown's move provoked it"


def test_the_opportunity_attack_is_bob_s_decision_in_the_prompt(table: Table) -> None:
    """Seed 002, line 122: "An enemy that takes certain actions while in a threatened square provokes an
    Opportunity Attack from you": Wren walks off, the table passes to Bob, whose prompt asks it."""
    to_turn_of(table, WREN)
    assert table.session is not None
    table.send(cmd.Move(WREN, Square(7, 13)))
    settle(table)
    assert table.screen_state == "handoff"
    sit_down(table)
    assert isinstance(table.mode, DecideMode)
    texts = table.mode.prompt_window.texts
    assert texts[0] == "Gaff Hooker: opportunity attack on Wren Ashdown?"
    assert texts[1:3] == ["1. attack Wren Ashdown", "2. let it go"]


def test_a_decision_of_squares_is_answered_by_a_click_on_a_cyan_square(table: Table) -> None:
    """Seed 002, line 51: "PUSH: You push your target 5 feet per degree of success": a decision whose options are
    squares (where the push lands) shows them cyan and takes a click on one as the answer."""
    f = fight_of(table)
    decision = Decision(7, "party", WREN, "stunt:landing", "where does Gaff Hooker land?",
                        (Option("11,13", "at (11, 13)"), Option("12,13", "at (12, 13)"), Option(PASS, "leave it")))
    cells = marks.decision_cells(f, decision)
    assert cells == {Square(11, 13): "11,13", Square(12, 13): "12,13"}
    plain = Decision(8, "party", WREN, "reaction:opportunity_attack", "?", (Option("attack", "a"), Option(PASS, "p")))
    assert marks.decision_cells(f, plain) == {}

    chosen: list[str] = []

    class Prompt:
        def __init__(self, d: Decision) -> None:
            self.decision = d

        def choose(self, key: str) -> None:
            chosen.append(key)

    mode = DecideMode(Prompt(decision))  # type: ignore[arg-type]
    mode.on_click(table, Square(3, 3))
    assert chosen == []
    mode.on_click(table, Square(12, 13))
    assert chosen == ["12,13"]


def test_delay_by_key_and_the_act_now_offer(table: Table) -> None:
    """Seed 002, line 144: "At any point after any other character in the conflict has acted, you can choose to
    take your turn": Y delays Wren; after the next turn Ann is offered "act now"."""
    to_turn_of(table, WREN)
    assert table.session is not None
    post_key(pygame.K_y)
    frames(table, 2)
    f = fight_of(table)
    assert isinstance(f.log[-1], ev.TurnDelayed) or any(isinstance(e, ev.TurnDelayed) for e in f.log[-6:])
    rows = {r.creature: r.status for r in parts_of(table).turn_order(table)}
    assert "delaying" in rows[WREN]
    session = table.session
    for _ in range(10):
        settle(table)
        question = session.question
        if question is not None and question.chooser == WREN:
            break
        acting = table.acting
        assert acting is not None
        session.apply(cmd.EndTurnCommand(acting.id), by=session.controller_of(acting.id))
    settle(table)
    sit_down(table)
    assert isinstance(table.mode, DecideMode)
    texts = table.mode.prompt_window.texts
    assert texts[0] == "Wren Ashdown: take the delayed turn now, after Dock Bruiser?"
    assert "1. act now" in texts


def test_the_initiative_shows_a_delayer_in_its_new_place_once_it_acts(table: Table) -> None:
    """Seed 002, line 144: "Your initiative moves into the new place in the order where you act": the Dock
    Bruiser (first) delays, acts after Isolde Fenwick, and the initiative rows then put it after her."""
    assert table.session is not None
    session = table.session
    settle(table)
    sit_down(table)
    assert table.acting is not None and table.acting.id == "dock_bruiser"
    first = [r.creature for r in parts_of(table).turn_order(table)]
    assert first.index("dock_bruiser") < first.index("isolde_fenwick")
    session.apply(cmd.Delay("dock_bruiser"), by="Bob")
    settle(table)
    session.apply(cmd.EndTurnCommand("isolde_fenwick"), by="Ann")
    settle(table)
    question = session.question
    assert question is not None and question.chooser == "dock_bruiser"
    session.answer(question.id, "act", by="Bob")
    settle(table)
    assert table.acting is not None and table.acting.id == "dock_bruiser"
    after = [r.creature for r in parts_of(table).turn_order(table)]
    assert after.index("isolde_fenwick") < after.index("dock_bruiser") < after.index("gaff_hooker"), after


def test_a_click_on_a_green_cell_walks_there_and_bob_lets_the_opportunity_go(table: Table) -> None:
    """Seed 002, line 70: "WALK: You can move up to your normal speed rank": a click on a green cell walks there
    (the Hooker's opportunity attack, Bob's, is passed)."""
    to_turn_of(table, WREN)
    assert table.session is not None
    post_click(pixel(table, Square(7, 13)))
    frames(table, 3)
    settle(table)
    sit_down(table)
    question = table.session.question
    assert question is not None and question.chooser == HOOKER
    table.session.answer(question.id, PASS, by="Bob")
    settle(table)
    f = fight_of(table)
    wren = f.piece(WREN)
    assert wren is not None and wren.cell == Square(7, 13)


def test_ready_by_keys_holds_the_reaction_and_fires_as_ann_s_decision(table: Table) -> None:
    """Seed 002, line 41: "specify the action you will take and the trigger after which you will take it"; "you
    cannot take any other Reactions" meanwhile. E, T, T (an enemy attacks), 1: Wren readies its blade; the sheet
    and the row show the reaction held; when the Hooker attacks, Ann is asked."""
    to_turn_of(table, WREN)
    assert table.session is not None
    session = table.session
    table.send(cmd.Advance(WREN, Square(9, 13)))
    settle(table)
    for key in (pygame.K_e, pygame.K_t, pygame.K_t, pygame.K_1):
        post_key(key)
        frames(table, 2)
    settle(table)
    f = fight_of(table)
    wren = f.piece(WREN)
    assert wren is not None and wren.economy.readied
    assert any(line.startswith("readied: Warden's Blade, when an enemy attacks")
               for line in parts_of(table).reactions_state(table) if line)
    rows = {r.creature: r.status for r in parts_of(table).turn_order(table)}
    assert rows[WREN].endswith("R! A")
    table.send(cmd.EndTurnCommand(WREN))
    for _ in range(12):
        settle(table)
        question = session.question
        if question is not None:
            if question.chooser == WREN:
                break
            session.answer(question.id, PASS, by=session.controller_of(question.chooser))
            continue
        acting = table.acting
        assert acting is not None
        if acting.id == HOOKER and not acting.acted:
            session.apply(cmd.Attack(HOOKER, WREN, "boat_hook"), by="Bob")
        else:
            session.apply(cmd.EndTurnCommand(acting.id), by=session.controller_of(acting.id))
    settle(table)
    sit_down(table)
    assert isinstance(table.mode, DecideMode)
    texts = table.mode.prompt_window.texts
    assert texts[0] == "Wren Ashdown: take the readied Warden's Blade now, as Gaff Hooker acts?"


def test_a_push_lands_where_ann_clicks_a_cyan_square(tmp_path: Path) -> None:
    """Seed 002, line 51: "PUSH: You push your target 5 feet per degree of success": K chooses the stunt (push),
    a click on the Hooker makes it; on a success Ann picks the landing by a click on a cyan square, the prompt
    at the bottom of the board."""
    pygame.display.init()
    pygame.font.init()
    encounter = tmp_path / "seed3.toml"
    encounter.write_text(HOTSEAT.read_text().replace("seed = 2", "seed = 3").replace(
        '"../../../maps/square_crypt.tmx"', f'"{(REPO / "maps" / "square_crypt.tmx").as_posix()}"'))
    t = Table((1280, 800), skip_setup=True)
    assert t.open(str(encounter)), t.message
    to_turn_of(t, WREN)
    assert t.session is not None
    t.send(cmd.Advance(WREN, Square(9, 13)))
    settle(t)
    post_key(pygame.K_k)
    frames(t, 2)
    assert parts_of(t).chosen == "stunt" and parts_of(t).stunt == "push"
    assert Square(10, 13) in parts_of(t).targets(t)
    post_click(pixel(t, Square(10, 13)))
    frames(t, 3)
    for _ in range(10):
        settle(t)
        sit_down(t)
        question = t.session.question
        if question is None or question.kind == "stunt:landing":
            break
        assert isinstance(t.mode, DecideMode)
        t.mode.prompt_window.choose(PASS)
    question = t.session.question
    assert question is not None and question.kind == "stunt:landing", "seed 3: the push works (2 degrees)"
    assert isinstance(t.mode, DecideMode) and t.mode.prompt_window.low
    landing = parts_of(t).highlights(t)["landing"].cells
    assert set(landing) == {Square(12, 12), Square(12, 13), Square(12, 14)}
    post_click(pixel(t, Square(12, 14)))
    frames(t, 3)
    settle(t)
    hooker = fight_of(t).piece(HOOKER)
    assert hooker is not None and hooker.cell == Square(12, 14)
    pygame.quit()


def test_g_surges_for_a_second_standard_and_the_pips_show_it(table: Table) -> None:
    """Seed 002, line 125: "ADDITIONAL ACTION: Gain an additional standard action during your turn"; line 124:
    a Surge is a Reaction: the reaction shows used; the sheet says the fatigue comes next turn [133]."""
    to_turn_of(table, WREN)
    post_key(pygame.K_g)
    frames(table, 2)
    settle(table)
    f = fight_of(table)
    wren = f.piece(WREN)
    assert wren is not None
    seen = economy_view.shown(wren, f.log)
    assert [p.kind for p in seen.pips if p.left].count("standard") == 2 and seen.reaction == "used"
    assert economy_view.row_text(seen) == "[SSMQ] r A"
    table.selected = WREN
    assert "surged: fatigue at the start of the next turn [133]" in parts_of(table).reactions_state(table)


TIGHT = REPO / "tests" / "data" / "encounters" / "seed002_tight.toml"


def test_a_cell_only_a_squeeze_reaches_is_teal_and_a_click_there_squeezes() -> None:
    """Seed 002, line 72: "SQUEEZE: You can squeeze through tight spaces ... at your normal speed -1 rank": with
    the walk chosen, the cells beyond the wall's tight space at (4, 2) are offered in teal (a squeeze reaches
    them, a walk does not), and a click on one squeezes there."""
    pygame.display.init()
    pygame.font.init()
    t = Table((1280, 800), skip_setup=True)
    assert t.open(str(TIGHT)), t.message
    to_turn_of(t, WREN)
    from game.ui.rulesets.seed002.parts import SQUEEZE

    reach = parts_of(t).highlights(t)["reach"].cells
    assert reach[Square(5, 2)] == SQUEEZE and reach[Square(4, 2)] == SQUEEZE
    assert reach[Square(3, 2)] != SQUEEZE  # a walk reaches it
    post_click(pixel(t, Square(5, 2)))
    frames(t, 3)
    settle(t)
    wren = fight_of(t).piece(WREN)
    assert wren is not None and wren.cell == Square(5, 2)
    assert [e.purpose for e in fight_of(t).log if isinstance(e, ev.ActionSpent)][-1:] == ["squeeze"]
    pygame.quit()


def test_v_tries_the_free_stand_from_prone(table: Table) -> None:
    """Seed 002, line 75: "You can go from prone to standing as a free action (with no Opportunity Action) by
    making an Acrobatics check with a Hard DC": D drops Wren prone, V tries the free stand; the bar offers it
    only while prone."""
    to_turn_of(table, WREN)
    roles = {e.role for e in table.parts.bar_entries(table, table.acting)}  # type: ignore[arg-type]
    assert "free_stand" not in roles
    post_key(pygame.K_d)
    frames(table, 2)
    settle(table)
    wren = fight_of(table).piece(WREN)
    assert wren is not None and wren.prone
    roles = {e.role for e in table.parts.bar_entries(table, table.acting)}  # type: ignore[arg-type]
    assert "free_stand" in roles
    post_key(pygame.K_v)
    frames(table, 2)
    settle(table)
    tried = [e for e in fight_of(table).log if isinstance(e, ev.FreeStandTried)]
    assert [e.creature for e in tried] == [WREN]
    assert wren.prone is not tried[0].stood
