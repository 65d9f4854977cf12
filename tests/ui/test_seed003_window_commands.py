"""Seed 003's window offers every command the fight lists, not only abilities, Disengage and Rally: a coup de
grace only when asked for (C), a ready with its trigger (E, T), stabilizing and granting a save by a click on
the ally, sustaining, a stance, a delay and a flee from the bar. Each comes from the fight's legal-commands
query; the window decides no rule.

Seed 003 is ``../shared/seeds/003_c2dc3d650823e22d.txt``; the encounter is
``tests/data/encounters/seed003_hotseat.toml`` (as ``test_seed003_window_marks.py``).
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.grid import Square
from game.kernel.engine import Impossible
from game.rulesets.edits import AddCondition, PlaceCreature, SetHitPoints
from game.rulesets.seed003.commands import Delay, Flee, Ready, Stabilize, SwitchStance, UseAbility
from game.ui.script import post_key
from game.ui.table import Table
from tests.ui.driving import frames, settle
from tests.ui.test_seed003_window_marks import HOTSEAT, fight_of, parts_of, sit_down, to_oriel


@pytest.fixture()
def table() -> Iterator[Table]:
    pygame.display.init()
    pygame.font.init()
    t = Table((1280, 800), skip_setup=True)
    assert t.open(str(HOTSEAT)), t.message
    yield t
    pygame.quit()


def sent(t: Table) -> object:
    assert t.session is not None
    return t.session.played[-1].command


def labels(t: Table) -> list[str]:
    assert t.acting is not None
    return [e.label for e in parts_of(t).bar_entries(t, t.acting)]


def to_tobin_next_to_a_helpless_ash(t: Table) -> None:
    """Ann puts Tobin first in the fast band [83]; the game master puts Cutthroat Ash next to him, helpless."""
    settle(t)
    sit_down(t)
    assert t.session is not None and t.session.question is not None
    t.session.answer(t.session.question.id, "tobin_marsh", by="Ann")
    settle(t)
    sit_down(t)
    assert t.acting is not None and t.acting.id == "tobin_marsh" and t.my_turn()
    t.session.edit(PlaceCreature("cutthroat_ash", Square(6, 11)))
    t.session.edit(AddCondition("cutthroat_ash", "helpless"))
    frames(t, 2)


def test_a_click_on_a_helpless_enemy_attacks_it_and_only_c_makes_it_a_coup_de_grace(table: Table) -> None:
    """Seed 003, line 197: "If you use a Standard Action to attack an engaged, helpless enemy and spend your
    Quick and Move actions alongside it, that attack crits": spending the other actions is the player's
    choice. A click on a helpless enemy with an ability chosen made the coup, because its command came last."""
    to_tobin_next_to_a_helpless_ash(table)
    parts = parts_of(table)
    ash = fight_of(table).creature("cutthroat_ash")
    parts.choose(table, "basic_melee")
    plain = parts.targets(table)[ash.cell]
    assert isinstance(plain, UseAbility) and not plain.coup
    assert "C Coup de grace" in labels(table)
    post_key(pygame.K_c)
    frames(table, 2)
    coup = parts.targets(table)[ash.cell]
    assert isinstance(coup, UseAbility) and coup.coup and coup.targets == ("cutthroat_ash",)
    table.click_board(ash.cell)
    frames(table, 2)
    assert sent(table) == coup
    assert not parts.coup and parts.chosen is None


def test_e_readies_the_ability_chosen_next_with_the_trigger_t_picks(table: Table) -> None:
    """Seed 003, line 99-101 (Ready): an action readied with a trigger; the window readies the next ability
    chosen (E), with the trigger T cycles to."""
    to_oriel(table)
    parts = parts_of(table)
    assert "E Ready" in labels(table)
    post_key(pygame.K_e)
    frames(table, 2)
    post_key(pygame.K_t)
    frames(table, 2)
    assert parts.trigger == "moves" and "an enemy starts to move" in table.message
    parts.choose(table, "basic_ranged")
    frames(table, 2)
    command = sent(table)
    assert command == Ready("oriel_fenwick", "basic_ranged", "moves")
    assert not parts.readying


def test_a_dying_ally_is_stabilized_by_a_click_after_the_bar_entry(table: Table) -> None:
    """Seed 003, line 227: a dying ally next to the creature can be stabilized (a standard action); the bar
    offers it only then, and a click on the ally ringed gives it."""
    to_oriel(table)
    assert table.session is not None
    f = fight_of(table)
    oriel = f.creature("oriel_fenwick")
    assert "Stabilize" not in labels(table)
    for cell in f.state.board.grid.neighbours(oriel.cell):
        try:
            table.session.edit(PlaceCreature("isra_quenn", cell))
            break
        except Impossible:
            continue
    table.session.edit(SetHitPoints("isra_quenn", 0))
    frames(table, 2)
    isra = f.creature("isra_quenn")
    assert isra.dying and f.state.adjacent(oriel, isra) and "Stabilize" in labels(table)
    parts = parts_of(table)
    parts.choose(table, "stabilize")
    assert list(parts.targets(table)) == [isra.cell]
    table.click_board(isra.cell)
    frames(table, 2)
    assert sent(table) == Stabilize("oriel_fenwick", "isra_quenn")


def test_a_stance_is_switched_from_the_bar(table: Table) -> None:
    """Seed 003, line 117: switching stance is a quick action; the bar offers the stance the creature is not
    in, and sends it at once."""
    to_oriel(table)
    assert table.acting is not None
    entries = {e.label: e for e in parts_of(table).bar_entries(table, table.acting)}
    assert "Stance: ranged" not in entries  # Oriel stands in her ranged stance
    entries["Stance: melee"].start()
    frames(table, 2)
    assert sent(table) == SwitchStance("oriel_fenwick", "melee")


def test_a_delay_to_a_lower_band_is_sent_from_the_bar(table: Table) -> None:
    """Seed 003, lines 95-97: Delay moves the creature to a lower band for the rest of the encounter; the bar
    offers the bands below its own (Oriel is fast)."""
    to_oriel(table)
    assert table.acting is not None
    entries = {e.label: e for e in parts_of(table).bar_entries(table, table.acting)}
    delays = [label for label in entries if label.startswith("Delay: ")]
    assert delays == ["Delay: medium", "Delay: slow", "Delay: very slow"]
    entries["Delay: very slow"].start()
    frames(table, 2)
    assert sent(table) == Delay("oriel_fenwick", "very slow")


def test_flee_from_the_bar_asks_the_party(table: Table) -> None:
    """Seed 003, lines 187-189: "Fleeing is an action that the entire party can decide on": the bar's Flee
    proposes it, and the party's decision is opened."""
    to_oriel(table)
    assert table.acting is not None
    entries = {e.label: e for e in parts_of(table).bar_entries(table, table.acting)}
    entries["Flee"].start()
    frames(table, 2)
    assert sent(table) == Flee("oriel_fenwick")
    assert table.session is not None
    question = table.session.question
    assert question is not None and question.kind == "party:flee"


@pytest.mark.parametrize("width", [1280, 1400])
def test_the_bar_shows_a_run_of_its_buttons_without_skipping_one_that_does_not_fit(width: int) -> None:
    """The action bar scrolls when its buttons do not fit: the ones shown are those from the first shown on,
    in order, with none skipped. A long button that did not fit was hidden while a shorter one after it was
    shown in its place (Tobin's "C Coup de grace" gave way to "E Ready", out of reach of the arrows)."""
    pygame.display.init()
    pygame.font.init()
    table = Table((width, 860), skip_setup=True)
    assert table.open(str(HOTSEAT)), table.message
    to_tobin_next_to_a_helpless_ash(table)
    frames(table, 3)
    rest = [button for button, _ in table._bar_powers[:-1]]
    shown = [k for k, button in enumerate(rest) if button.visible]
    assert shown and len(shown) < len(rest), "the bar should scroll at this width"
    assert shown == list(range(shown[0], shown[0] + len(shown)))
    pygame.quit()


def test_the_state_file_lists_the_creatures_with_their_cells_for_any_ruleset(table: Table) -> None:
    """``--state-file`` is for drivers (xdotool under Xvfb): it named seed 000's creatures and cells only, its
    window parts adding them; the table now lists every ruleset's."""
    to_oriel(table)
    snap = table.snapshot()
    f = fight_of(table)
    oriel = f.creature("oriel_fenwick")
    row = next(c for c in snap["creatures"] if c["id"] == "oriel_fenwick")
    assert row["cell"] == list(f.state.board.grid.cell_to_offset(oriel.cell)) and row["side"] == oriel.side
    assert {c["id"] for c in snap["creatures"]} == {c.id for c in f.pieces()}
