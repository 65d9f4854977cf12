"""The frame that shows a change of state does only the work the change needs at once.

A move or an end of turn is drawn in the next frame with the reachable cells of the new state; the
threat and flanking overlays, queries about every enemy (196 ms on the bench's map of a thousand
creatures), are computed by the frames after it, one each, and until then the view is not settled.
Once computed they are exactly what the queries answer for the new state.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterator

import pygame
import pytest

from game.rulesets.seed000 import tactics
from game.rulesets.seed000.commands import EndTurnCommand, MoveCommand
from game.ui.rulesets.seed000 import highlights as overlays
from game.ui.table import Table

REPO = Path(__file__).resolve().parents[2]
CRYPT = REPO / "maps" / "crypt_skirmish.toml"


def frame(table: Table) -> None:
    for event in pygame.event.get():
        table.handle(event)
    table.update(0.016)
    table.draw()


@pytest.fixture()
def table() -> Iterator[Table]:
    """The crypt, both sides played by people, looked at from the acting creature's seat."""
    pygame.display.init()
    pygame.font.init()
    out = Table((1280, 800), controls={"heroes": "Ann", "monsters": "Bob"}, skip_setup=True)
    assert out.open(CRYPT), out.message
    assert out.session is not None
    out.viewer = out.session.acting_controller
    for _ in range(5):
        frame(out)
    yield out
    pygame.quit()


def counting(monkeypatch: pytest.MonkeyPatch, name: str, calls: list[str]) -> None:
    real: Callable[..., Any] = getattr(overlays, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(name)
        return real(*args, **kwargs)

    monkeypatch.setattr(overlays, name, counted)


def settle(table: Table) -> int:
    """Frames until the view has settled; how many."""
    assert table.view is not None
    for n in range(1, 50):
        frame(table)
        if table.view.settled:
            return n
    raise AssertionError("the view never settled")


@pytest.mark.parametrize("change", ["move", "end turn"])
def test_a_change_is_drawn_at_once_and_the_overlays_of_every_enemy_follow(
        table: Table, monkeypatch: pytest.MonkeyPatch, change: str) -> None:
    assert table.session is not None and table.view is not None
    settle(table)
    actor = table.acting
    assert actor is not None
    if change == "move":
        cell = next(c for c, r in table.routes.items() if r.cost >= 2 and not r.provokes)
        assert table.send(MoveCommand(actor.id, cell, table.routes[cell].safest_path))
    else:
        assert table.send(EndTurnCommand(actor.id))
        table.viewer = table.session.acting_controller
    table.anim.finish()
    calls: list[str] = []
    for name in ("threat_steps", "flanking_steps"):
        counting(monkeypatch, name, calls)
    frame(table)
    st = table.session.encounter.state
    now = st.acting
    assert now is not None
    assert calls == [], "the frame of the change asked nothing about every enemy"
    assert table.routes == tactics.reachable(st, now), "the reachable cells are the new state's at once"
    assert not table.view.settled, "the overlays still to compute keep the view unsettled"
    settle(table)
    assert sorted(calls) == ["flanking_steps", "threat_steps"], "then each is computed once"
    monkeypatch.undo()
    assert table.view.layers["threat"].cells == overlays.threat_layer(st, now).cells
    flank = overlays.flanking(st, now)
    assert table.parts.flank == flank
    assert table.view.layers["flanking"].cells == overlays.flanking_layer(flank).cells


def test_the_overlays_are_drawn_in_the_same_order_as_before(table: Table) -> None:
    """Layers computed later are still drawn under the grid, in refresh's order."""
    assert table.view is not None
    settle(table)
    names = list(table.view.layers)
    assert names == [n for n in ("terrain", "reach", "reach_danger", "charge", "threat", "flanking", "candidates",
                                 "origins", "grid")
                     if n in names]
    assert "threat" in names and "flanking" in names


def test_with_deferring_off_every_overlay_is_computed_in_the_frame_of_the_change(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """The benchmark's reference: what every frame of a change did before."""
    assert table.session is not None and table.view is not None
    table.defer_overlays = False
    actor = table.acting
    assert actor is not None
    assert table.send(EndTurnCommand(actor.id))
    table.viewer = table.session.acting_controller
    table.anim.finish()
    calls: list[str] = []
    for name in ("threat_steps", "flanking_steps"):
        counting(monkeypatch, name, calls)
    frame(table)
    assert sorted(calls) == ["flanking_steps", "threat_steps"] and not table.view.layers_pending


def test_opening_another_encounter_keeps_nothing_of_the_overlays_before(table: Table) -> None:
    """The overlays kept while the next ones are computed belong to the same fight only: another file's
    creatures are others (its first frame must not draw the crypt's flanking lines, nor fail on them)."""
    assert table.view is not None
    settle(table)
    table.parts.flank = overlays.Flanking((("ghost", "wraith", "nobody"),), frozenset())
    assert table.open(REPO / "maps" / "marsh_ambush.toml"), table.message
    assert table.session is not None
    table.screen_state = "table"
    table.viewer = table.session.acting_controller
    frame(table)
    assert table.parts.flank.pairs == () and "threat" not in table.view.layers
    settle(table)
    st = table.session.encounter.state
    assert st.acting is not None and table.parts.flank == overlays.flanking(st, st.acting)
