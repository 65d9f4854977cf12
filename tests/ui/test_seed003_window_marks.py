"""Seed 003's window part, what issue 15 item 8 left to build: engagement markers, the Nearby area on hover, the
disengage and attack odds shown before the player commits, the log's colours and the board's pictures, abilities
of several targets picked by clicks, and the reaction prompts handed to the person who answers them (hot-seat).

Seed 003 is ``../shared/seeds/003_c2dc3d650823e22d.txt``; the encounter is
``tests/data/encounters/seed003_hotseat.toml`` (Ann plays the party but Hale, Bob plays Hale, Gwen the keepers).
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.grid import Square
from game.rulesets.seed003 import attacks as at
from game.rulesets.seed003 import events as ev
from game.rulesets.seed003 import queries
from game.rulesets.seed003.fight import Seed003Fight
from game.kernel.decisions import PASS
from game.kernel.events import DecisionAnswered
from game.rulesets.seed003.commands import Move, UseAbility
from game.ui.animation import NOTHING
from game.ui.rulesets.seed003 import marks, presentation
from game.ui.rulesets.seed003.parts import Seed003Parts
from game.ui.script import parse_script, post_click, post_key
from game.ui.modes.decide import DecideMode
from game.ui.table import Table
from pygame_gui.elements import UILabel
from tests.ui.driving import REPO, frames, pixel, settle

HOTSEAT = REPO / "tests" / "data" / "encounters" / "seed003_hotseat.toml"
SCRIPT = REPO / "tests" / "data" / "encounters" / "seed003_hotseat.script"


@pytest.fixture()
def table() -> Iterator[Table]:
    pygame.display.init()
    pygame.font.init()
    t = Table((1280, 800), skip_setup=True)
    assert t.open(str(HOTSEAT)), t.message
    yield t
    pygame.quit()


def fight_of(t: Table) -> Seed003Fight:
    assert t.session is not None
    f = t.session.encounter
    assert isinstance(f, Seed003Fight)
    return f


def parts_of(t: Table) -> Seed003Parts:
    assert isinstance(t.parts, Seed003Parts)
    return t.parts


def sit_down(t: Table) -> None:
    """The hot-seat handoff screen: whoever is named presses Enter."""
    for _ in range(3):
        if t.screen_state != "handoff":
            return
        post_key(pygame.K_RETURN, 0, "\r")
        frames(t, 2)


def to_oriel(t: Table) -> None:
    """Ann sits down and puts Oriel first in the fast band [83]: Oriel acts, Ann at the table."""
    settle(t)
    sit_down(t)
    assert t.session is not None and t.session.question is not None
    t.session.answer(t.session.question.id, "oriel_fenwick", by="Ann")
    settle(t)
    sit_down(t)
    assert t.my_turn() and t.acting is not None and t.acting.id == "oriel_fenwick"


def engage_oriel(t: Table) -> None:
    """Oriel walks next to Cutthroat Ash at (9, 11) (Gwen lets her come: her hound may intercept [175])."""
    assert t.session is not None
    t.send(Move("oriel_fenwick", Square(8, 11)))
    for _ in range(5):
        settle(t)
        question = t.session.question
        if question is None:
            break
        t.session.answer(question.id, PASS, by="Gwen")
    settle(t)
    sit_down(t)
    assert fight_of(t).creature("oriel_fenwick").cell == Square(8, 11) and t.my_turn()


def quiet(t: Table) -> None:
    """Nothing animating, the pointer off the board, a fresh frame."""
    t.anim.finish()
    t.hover = None
    frames(t, 2)


def near(colour: pygame.Color, want: tuple[int, int, int], slack: int = 12) -> bool:
    return all(abs(a - b) <= slack for a, b in zip((colour.r, colour.g, colour.b), want))


def around(t: Table, x: int, y: int, want: tuple[int, int, int]) -> bool:
    """Some pixel within 2 of (x, y) has the colour ``want`` (a thick line's pixels sit off its centre)."""
    return any(near(t.screen.get_at((x + dx, y + dy)), want) for dx in range(-2, 3) for dy in range(-2, 3))


def test_engaged_pairs_are_linked_over_their_tokens_and_free_creatures_have_a_green_dot(table: Table) -> None:
    """003 line 151: "Engaged/Next To: Targets who are engaged are at very short range with each other"; line
    157: "A character is considered Free if not engaged with any enemies" (issue 15 item 4: "engagement as a
    relation between creatures shown on the board (a line or ring), Free when engaged with no enemy")."""
    to_oriel(table)
    f = fight_of(table)
    tobin, ash, isra = f.creature("oriel_fenwick"), f.creature("cutthroat_ash"), f.creature("isra_quenn")
    quiet(table)
    (ax, ay), (bx, by) = pixel(table, Square(8, 11)), pixel(table, ash.cell)
    assert not around(table, (ax + bx) // 2, (ay + by) // 2, marks.ENGAGED)  # nobody engaged yet
    engage_oriel(table)
    quiet(table)
    (ax, ay), (bx, by) = pixel(table, tobin.cell), pixel(table, ash.cell)
    assert around(table, (ax + bx) // 2, (ay + by) // 2, marks.ENGAGED)
    assert table.view is not None
    zoom = table.view.camera.zoom

    def dot(cell: Square) -> pygame.Color:
        x, y = pixel(table, cell)
        assert table.view is not None
        return table.screen.get_at((round(x + table.view.cell_w * zoom * 0.36),
                                    round(y - table.view.cell_h * zoom * 0.36)))

    assert near(dot(isra.cell), marks.FREE) and not near(dot(tobin.cell), marks.FREE)
    assert queries.engagements(f) == [("oriel_fenwick", "cutthroat_ash")]
    snap = parts_of(table).snapshot(table, lambda c: None)
    assert snap["engaged"] == [["oriel_fenwick", "cutthroat_ash"]] and "oriel_fenwick" not in snap["free"]
    assert "isra_quenn" in snap["free"]
    table.send(Move("oriel_fenwick", Square(8, 12)))  # walks off, still next to Ash (diagonal): linked
    for _ in range(3):  # Ash's opportunity attack is Gwen's to take [181]: she lets it go
        settle(table)
        if table.session is not None and table.session.question is not None:
            table.session.answer(table.session.question.id, PASS, by="Gwen")
    settle(table)
    sit_down(table)
    quiet(table)
    (ax, ay) = pixel(table, tobin.cell)
    assert around(table, (ax + bx) // 2, (ay + by) // 2, marks.ENGAGED)


def test_pointing_at_a_creature_tints_its_nearby_area_and_names_who_is_nearby(table: Table) -> None:
    """003 line 152: "If two characters are Nearby each other, they can be next to/engaged with each other
    with one move action" (issue 15 item 8: "nearby range on hover")."""
    to_oriel(table)
    f = fight_of(table)
    hound = f.creature("cinder_hound")
    area = queries.nearby_cells(f, hound)
    inside = next(c for c in sorted(area, key=lambda c: (c.x, c.y)) if f.occupant(c) is None and c != hound.cell
                  and all(n in area for n in f.state.board.neighbours(c)) and c not in parts_of(table).moves(table))
    outside = Square(20, 5)
    assert outside not in area
    quiet(table)
    plain_in, plain_out = table.screen.get_at(pixel(table, inside)), table.screen.get_at(pixel(table, outside))
    table.hover = hound.cell
    frames(table, 2)
    tinted = table.screen.get_at(pixel(table, inside))
    assert tinted != plain_in and tinted.b > plain_in.b  # a blue tint over the cell
    assert table.screen.get_at(pixel(table, outside)) == plain_out
    said = parts_of(table).hover_message(table)
    assert said is not None and "Nearby (6 cells" in said
    assert all(f.name(p) in said for p in queries.nearby_creatures(f, hound))


def test_the_disengage_odds_are_on_the_button_and_shown_before_committing(table: Table) -> None:
    """003 line 163: "roll 3d6 against a Difficulty of 11 for one enemy ... you add 1 to the Difficulty for
    every enemy past the first" (issue 15 item 4: "its odds shown before the player commits")."""
    to_oriel(table)
    f = fight_of(table)
    oriel = f.creature("oriel_fenwick")
    entry = next(e for e in table.parts.bar_entries(table, oriel) if e.role == "disengage")
    assert entry.label == "D Disengage"  # engaged with nobody: no odds
    engage_oriel(table)
    quiet(table)
    outlook = queries.disengage_outlook(f, oriel)
    assert outlook is not None and outlook.chance == at.disengage_odds(1)
    entry = next(e for e in table.parts.bar_entries(table, oriel) if e.role == "disengage")
    assert entry.label == f"D Disengage {round(float(at.disengage_odds(1)) * 100)}%" and outlook.text in entry.tip
    post_key(pygame.K_d, 0, "d")
    frames(table, 2)
    assert parts_of(table).chosen == "disengage"
    assert table.message.startswith("Disengage: 11+ on 3d6 (+1 per extra enemy), 1 enemy: 50.0%")
    table.hover = Square(6, 11)
    said = parts_of(table).hover_message(table)
    assert said is not None and said.startswith(outlook.text)
    assert not any(isinstance(e, ev.DisengageRolled) for e in f.log)  # nothing rolled yet


def test_the_hit_chance_against_the_target_under_the_pointer_is_shown_when_an_ability_is_chosen(
        table: Table) -> None:
    """003 line 5: "3d6 + Level + Volition + Escalation ... If your roll matches that value or is higher, you
    hit. If you roll a Natural 17+, you Crit"."""
    to_oriel(table)
    f = fight_of(table)
    oriel, ash = f.creature("oriel_fenwick"), f.creature("cutthroat_ash")
    post_key(pygame.K_1, 0, "1")
    frames(table, 2)
    assert parts_of(table).chosen == "basic_ranged" and ash.cell in parts_of(table).targets(table)
    table.hover = ash.cell
    said = parts_of(table).hover_message(table)
    bonus = oriel.template.level + oriel.volition + f.clock.escalation
    odds = at.attack_odds(bonus, ash.template.ac)
    assert said == (f"Basic Ranged Attack vs Cutthroat Ash: 3d6+{bonus} vs AC {ash.template.ac}: hit "
                    f"{at.odds_text(odds.hits)} (crit {at.odds_text(odds.crit)})")


def test_an_ability_of_two_targets_is_used_on_the_two_creatures_clicked(table: Table) -> None:
    """003 line 7: "If an ability requires you to make attack rolls against multiple targets, roll multiple
    attacks." Two in Flight takes two targets: each click picks one (again: unpicks), the second goes."""
    to_oriel(table)
    f = fight_of(table)
    ash, hound = f.creature("cutthroat_ash"), f.creature("cinder_hound")
    post_key(pygame.K_3, 0, "3")
    frames(table, 2)
    parts = parts_of(table)
    assert parts.chosen == "two_in_flight" and {ash.cell, hound.cell} <= set(parts.targets(table))
    post_click(pixel(table, ash.cell))
    frames(table, 2)
    assert parts.picks == ["cutthroat_ash"] and not any(isinstance(e, ev.AttackRolled) for e in f.log)
    post_click(pixel(table, ash.cell))
    frames(table, 2)
    assert parts.picks == []
    post_click(pixel(table, ash.cell))
    frames(table, 2)
    post_click(pixel(table, hound.cell))
    frames(table, 3)
    rolled = [e for e in f.log if isinstance(e, ev.AttackRolled)]
    assert [e.target for e in rolled] == ["cutthroat_ash", "cinder_hound"]
    assert parts.chosen is None and parts.picks == []


def test_enter_uses_an_ability_of_several_targets_on_fewer_and_esc_drops_the_picks(table: Table) -> None:
    """003 line 7 (several targets); an ability "takes 1 to N targets" (seed 003's orders)."""
    to_oriel(table)
    f = fight_of(table)
    ash = f.creature("cutthroat_ash")
    parts = parts_of(table)
    post_key(pygame.K_3, 0, "3")
    frames(table, 2)
    post_click(pixel(table, ash.cell))
    frames(table, 2)
    post_key(pygame.K_ESCAPE)
    frames(table, 2)
    assert parts.chosen is None and parts.picks == []
    post_key(pygame.K_3, 0, "3")
    frames(table, 2)
    post_click(pixel(table, ash.cell))
    frames(table, 2)
    post_key(pygame.K_RETURN, 0, "\r")
    frames(table, 3)
    assert [e.target for e in f.log if isinstance(e, ev.AttackRolled)] == ["cutthroat_ash"]


def test_the_log_colours_an_attack_by_its_result_and_the_board_shows_seed_003s_events() -> None:
    """003 line 5: hit, miss, "Natural 17+, you Crit", "Natural 3, you Crit Fail"; lines 163-165 (disengage),
    175 (intercept), 181 (opportunity attack), 205-207 (staggered, dying), 221-225 (death saves)."""
    def attack(result: str) -> ev.AttackRolled:
        return ev.AttackRolled("a", "b", "Cut", (3, 3, 3), (3, 3, 3), 0, 1, 2, 0, 0, 12, "AC", 14, result, 17, False)

    colours = {r: presentation.colour_of(attack(r)) for r in ("hit", "miss", "critical hit", "critical failure")}
    assert len(set(colours.values())) == 4
    assert presentation.pictures(attack("critical hit")).floating == ("b", "critical!", colours["critical hit"])
    assert presentation.pictures(attack("miss")).floating == ("b", "miss", colours["miss"])
    assert presentation.pictures(attack("critical failure")).floating == ("b", "critical failure",
                                                                         colours["critical failure"])
    ok, failed = (ev.DisengageRolled("a", ("b",), (6, 4, 1), (6, 4, 1), 0, 11, s) for s in (True, False))
    assert presentation.colour_of(ok) != presentation.colour_of(failed)
    assert presentation.pictures(failed).floating == ("a", "disengage fails", presentation.colour_of(failed))
    death = ev.SaveRolled("a", "death", (1, 2, 3), (1, 2, 3), 0, 0, 13, "failure")
    assert presentation.pictures(death).floating == ("a", "death save: failure", presentation.DOWN)
    shown = [ev.OpportunityAttackMade("a", "b"), ev.Intercepted("a", "b", "c", Square(1, 1)), ev.Staggered("a"),
             ev.Dropped("a", -3, False), ev.Died("a", "hit points"), ev.DamageTaken("a", 4, 10, "x"),
             ev.CreatureMoved("a", Square(0, 0), Square(1, 0))]
    assert all(presentation.pictures(e) != NOTHING for e in shown)
    assert presentation.colour_of(ev.Dropped("a", -3, False)) == presentation.DOWN
    name = str.upper
    opportunity = presentation.reaction_banner(name, [ev.OpportunityAttackMade("a", "b")], 0)
    intercept = presentation.reaction_banner(name, [ev.Intercepted("g", "m", "c", Square(1, 1))], 0)
    assert opportunity is not None and opportunity.headline == "A: opportunity attack on B"
    assert intercept is not None and intercept.headline == "G intercepts M" and intercept.reactor == "g"


def test_the_window_log_and_animation_use_seed_003s_colours_and_pictures(table: Table) -> None:
    """The table colours each line of the log and animates each event by seed 003's window part (line 5's
    results)."""
    to_oriel(table)
    f = fight_of(table)
    table.send(UseAbility("oriel_fenwick", "basic_ranged", ("cutthroat_ash",)))
    frames(table, 1)
    rolled = next(e for e in f.log if isinstance(e, ev.AttackRolled))
    line = next(entry for entry in table.log.entries if entry.text == f.describe(rolled))
    assert line.colour == presentation.RESULT_COLOURS[rolled.result]
    assert table.anim.flashes and any(fl.creature == "cutthroat_ash" for fl in table.anim.flashes)


def test_the_hot_seat_hands_each_reaction_to_its_person_and_back_by_mouse(table: Table) -> None:
    """Issue 15 item 6: "opportunity attacks, intercepts and interrupts open decisions for the reacting
    creature's player ... Hot-seat hands the table to the chooser and back"; 003 line 175 (intercept) and
    line 181 (opportunity attack). The mouse script the screenshots were taken with, checked at its marks."""
    text = SCRIPT.read_text(encoding="utf-8").splitlines()
    marks_at: dict[int, str] = {}
    lines: list[str] = []
    for line in text:
        if line.startswith("#"):
            marks_at[len(lines)] = line[1:]
        else:
            lines.append(line)
    script = parse_script("\n".join(lines), "seed003_hotseat.script")
    seen: dict[str, tuple[str, str | None, str, str]] = {}
    f = fight_of(table)
    for _ in range(20_000):
        script.feed(table)
        frames(table, 1)
        mark = marks_at.get(script.index)
        if mark is not None and mark not in seen and script.waiting <= 0 and (
                script.index == 0 or lines[script.index - 1] != "idle" or table.idle()):
            question = table.session.question if table.session else None
            seen[mark] = (table.screen_state, table.viewer, question.kind if question else "",
                          question.question if question else "")
        if script.done:
            break
    assert script.done
    assert seen["band_prompt"][1:3] == ("Ann", "clock:next_in_band")
    assert seen["handoff_to_gwen"][0] == "handoff" and seen["gwen_intercept_prompt"][1:3] == (
        "Gwen", "reaction:intercept")
    assert seen["handoff_back_to_ann"][0] == "handoff"
    assert seen["oriel_intercept_prompt"][1:3] == ("Ann", "reaction:intercept")
    assert seen["hale_intercept_prompt"][1:3] == ("Bob", "reaction:intercept")
    assert seen["handoff_back_to_gwen"][0] == "handoff"
    assert seen["oa_prompt"][1:3] == ("Ann", "reaction:opportunity_attack")
    assert seen["disengage_odds"][1] == "Bob"
    intercepted = [e for e in f.log if isinstance(e, ev.Intercepted)]
    assert [(e.creature, e.target, e.ally) for e in intercepted] == [("hale_varrow", "cinder_hound", "isra_quenn")]
    assert [(e.creature, e.target) for e in f.log if isinstance(e, ev.OpportunityAttackMade)] == [
        ("tobin_marsh", "cutthroat_ash")]
    assert [e.creature for e in f.log if isinstance(e, ev.DisengageRolled)] == ["hale_varrow"]
    assert f.clock.escalation == 1
    answered = [(e.chooser, e.option, e.by) for e in f.log if isinstance(e, DecisionAnswered)]
    assert answered == [("tobin_marsh", "oriel_fenwick", "player"), ("cinder_hound", PASS, "player"),
                        ("cutthroat_ash", "cinder_hound", "player"), ("oriel_fenwick", PASS, "player"),
                        ("hale_varrow", "intercept", "player"), ("tobin_marsh", "attack", "player"),
                        ("tobin_marsh", "tobin_marsh", "player")]
    two = [(e.attacker, e.target) for e in f.log if isinstance(e, ev.AttackRolled) and e.ability == "Two in Flight"]
    assert two == [("oriel_fenwick", "cutthroat_ash"), ("oriel_fenwick", "cinder_hound")]


def test_the_prompt_names_the_chooser_once_and_wraps_a_long_question(table: Table) -> None:
    """Seed 003's reaction questions start with the chooser's name ("Cinder Hound: intercept ..."): the prompt
    heads them as they are, and a question longer than the prompt is wide is wrapped, not cut (003 line 175's
    intercept asked of Gwen for her hound)."""
    to_oriel(table)
    assert table.session is not None
    table.send(Move("oriel_fenwick", Square(8, 11)))
    settle(table)
    sit_down(table)
    mode = table.mode
    assert isinstance(mode, DecideMode) and table.viewer == "Gwen"
    question = mode.prompt_window.decision.question
    assert question.startswith("Cinder Hound: intercept Oriel Fenwick")
    assert mode.prompt_window.texts[0] == question and mode.prompt(table) == question
    window = mode.prompt_window.window
    assert window is not None
    rows = [e.text for e in window.get_container().elements if isinstance(e, UILabel)]
    assert len(rows) >= 3 and " ".join(rows[:-1]) == question  # the question's rows, then "Every time ..."
