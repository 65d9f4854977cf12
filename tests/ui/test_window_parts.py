"""The window's generic parts and a ruleset's window parts (issue 14 items 6 and 9).

The table finds the parts by the encounter file's ruleset (``game.ui.rulesets.parts_for``); its action bar
is built from the parts' entries, each enabled as the engine answers (``Encounter.power_problem``,
``action_problem``: the checks a command makes, with apply's own words), and what it highlights is what the
engine's legal-commands query lists.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pygame
import pytest

from game.errors import GameError
from game.rulesets.seed000.commands import MoveCommand, UsePowerCommand
from game.rulesets.seed000.model import RangeKind, TargetKind
from game.ui.modes.handoff import HandoffMode
from game.ui.parts import BarEntry
from game.ui.rulesets import parts_for
from game.ui.rulesets.seed000.parts import Seed000Parts
from game.ui.rulesets.seed000.targeting import usable_powers
from game.ui.script import post_key
from game.ui.table import Table
from tests.ui.driving import frames, settle

REPO = Path(__file__).resolve().parents[2]
CRYPT = REPO / "maps" / "crypt_skirmish.toml"


@pytest.fixture()
def crypt() -> Iterator[Table]:
    """The sample encounter at Ann's first hero's turn, past the handoff."""
    pygame.display.init()
    pygame.font.init()
    table = Table((1280, 800), controls={"heroes": "Ann", "monsters": "ai"}, skip_setup=True)
    assert table.open(CRYPT), table.message
    settle(table)
    if isinstance(table.mode, HandoffMode):
        post_key(pygame.K_RETURN)
        frames(table)
    assert table.my_turn()
    yield table
    pygame.quit()


def test_the_window_takes_the_parts_of_the_files_ruleset_and_refuses_an_unknown_one_in_a_line() -> None:
    """The crypt says ``ruleset = "seed000"``: seed 000's parts; a ruleset without window parts is one line."""
    assert isinstance(parts_for("seed000"), Seed000Parts)
    with pytest.raises(GameError) as refused:
        parts_for("seed009")
    assert "seed009" in str(refused.value) and "\n" not in str(refused.value)


def test_the_table_holds_the_parts_of_the_open_files_ruleset(crypt: Table) -> None:
    assert crypt.ruleset == "seed000" and isinstance(crypt.parts, Seed000Parts)


def test_the_action_bar_is_built_from_the_parts_entries(crypt: Table) -> None:
    """The generic table makes one button per entry the ruleset's parts give, in their order, and a click
    starts what the entry says."""
    table = crypt
    clicked: list[str] = []
    entries = [BarEntry("X Wave", "wave", None, 90, "", lambda: clicked.append("wave")),
               BarEntry("Space: End turn", "end", None, 130, "", lambda: clicked.append("end"))]
    table.parts.bar_entries = lambda table, actor: entries  # type: ignore[method-assign]
    table.invalidate(bar=True)
    frames(table)
    labels = [b.text for b in table.action_buttons if b not in table.bar_arrows]
    assert labels == ["X Wave", "Space: End turn"]
    wave = next(b for b in table.action_buttons if b.text == "X Wave")
    table.on_button(wave)
    assert clicked == ["wave"]


def test_an_unavailable_power_is_disabled_with_the_engines_own_reason(crypt: Table) -> None:
    """Once the hero's standard action is spent, each standard power's bar entry is unavailable, and the
    reason it gives is the engine's (``Encounter.power_problem``, the words ``apply`` refuses with); the
    button is disabled, and the state file says why."""
    table = crypt
    enc = table.session.encounter
    actor = table.acting
    ranged = next(p for p in usable_powers(actor) if p.targets in (TargetKind.CREATURE, TargetKind.ENEMY) and p.reach.kind is RangeKind.RANGED)
    target = next(c for c in enc.legal_commands() if isinstance(c, UsePowerCommand) and c.power == ranged.id)
    assert table.send(target)
    frames(table)
    actor = table.acting
    assert actor is not None and table.my_turn()
    entries = {e.ident: e for e in table.parts.bar_entries(table, actor) if e.ident is not None}
    spent = 0
    for button, entry in table._bar_powers:
        if entry.ident is None:
            continue
        ready = table.parts.readiness(table, actor, entry)
        problem = enc.power_problem(actor, entry.ident)
        assert ready.available == (problem == "") and ready.why == problem
        assert button.is_enabled == ready.available
        spent += not ready.available
    assert spent, "a standard power is unavailable once the standard action is spent"
    powers = {p["id"]: p for p in table.snapshot()["powers"]}
    for power in entries:
        assert powers[power.id]["why"] == enc.power_problem(actor, power)


def test_the_reach_highlight_is_the_engines_legal_moves(crypt: Table) -> None:
    """Every cell highlighted as reachable is the destination of a move the engine lists as legal, and
    every legal move's destination is highlighted."""
    table = crypt
    enc = table.session.encounter
    legal = {c.to for c in enc.legal_commands() if isinstance(c, MoveCommand)}
    assert legal and set(table.routes) == legal


def test_the_targets_ringed_are_the_engines_legal_uses_of_the_power(crypt: Table) -> None:
    """Aiming a single-target power rings exactly the creatures the engine lists a legal use on."""
    table = crypt
    enc = table.session.encounter
    actor = table.acting
    powers = usable_powers(actor)
    index = next(i for i, p in enumerate(powers[:9])
                 if p.targets in (TargetKind.CREATURE, TargetKind.ENEMY) and p.reach.kind is RangeKind.RANGED and not enc.power_problem(actor, p))
    post_key(pygame.K_1 + index)
    frames(table)
    legal = {c.targets[0] for c in enc.legal_commands()
             if isinstance(c, UsePowerCommand) and c.power == powers[index].id}
    assert legal and set(table.parts.seen.valid) == legal


def test_a_key_on_an_unavailable_power_says_the_engines_reason(crypt: Table) -> None:
    """1-9 on a power the engine would refuse: the message gives apply's own words for it, not a guess."""
    table = crypt
    enc = table.session.encounter
    actor = table.acting
    powers = usable_powers(actor)
    ranged = next(p for p in powers if p.targets in (TargetKind.CREATURE, TargetKind.ENEMY)
                  and p.reach.kind is RangeKind.RANGED)
    assert table.send(next(c for c in enc.legal_commands() if isinstance(c, UsePowerCommand) and c.power == ranged.id))
    frames(table)
    actor = table.acting
    index, why = next((i, enc.power_problem(actor, p)) for i, p in enumerate(powers[:9]) if enc.power_problem(actor, p))
    post_key(pygame.K_1 + index)
    frames(table)
    assert table.message_error and table.message == f"{powers[index].name} cannot be used now: {why}"
    assert table.fight.resting() is table.fight, "nothing is aimed"


def test_a_file_of_a_ruleset_without_window_parts_is_one_line_and_the_table_stays(crypt: Table,
                                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening a file whose ruleset has no window parts (here: the crypt, told it is another's) leaves the
    fight on the table as it was, with one line saying why."""
    table = crypt
    session = table.session
    from game.ui import table as table_module

    def other(ruleset: str) -> object:
        raise GameError(f"ruleset {ruleset!r}: the window has no parts for it yet (it has: seed000)")

    monkeypatch.setattr(table_module, "parts_for", other)
    table.ruleset = "seed999"  # as if another ruleset's parts were on the table, so the crypt needs new ones
    assert not table.open(CRYPT)
    assert table.session is session and table.message_error and "\n" not in table.message
    assert "the window has no parts for it" in table.message and CRYPT.name in table.message
