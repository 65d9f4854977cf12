"""Issue 24, items 6 and 7: ``--script`` lines that pygame cannot take are one line naming the file and line;
``key +`` can be written."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pygame
import pytest

from game.ui.script import MAX_TYPE_CHARS, ScriptError, load_script, parse_script
from game.ui.table import Table

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("line, why", [
    ('click 10 "20', "no closing quotation"),
    ("type it's", "no closing quotation"),
    ("click 99999999999999999999 5", "out of range for a pixel coordinate"),
    ("drag 0 0 5 -99999999999999999999", "out of range for a pixel coordinate"),
    ("click 5 5 99999999999", "out of range for a mouse button"),
    ("wait 99999999999999", "out of range for a number of frames"),
    ("wheel 5 5 100000000000", "out of range for a number of wheel steps"),
    ("cell 99999999999999999999 1", "out of range for a cell coordinate"),
    ("type " + "a" * 65_536, f"at most {MAX_TYPE_CHARS}"),
])
def test_a_script_line_pygame_cannot_take_is_one_line_naming_the_file_and_line(tmp_path: Path, line: str,
                                                                              why: str) -> None:
    """Issue 24, item 6: an unclosed quote (ValueError), a click at 99999999999999999999 (OverflowError in
    pygame), a ``type`` line over 65,535 characters (pygame's event queue is full)."""
    path = tmp_path / "steps.txt"
    path.write_text(f"# a script\nwait 1\n{line}\n", encoding="utf-8")
    with pytest.raises(ScriptError) as caught:
        load_script(path)
    message = str(caught.value)
    assert message.startswith(f"{path}, line 3: ") and why in message and "\n" not in message
    assert len(message) < 300


@pytest.fixture()
def table() -> Iterator[Table]:
    pygame.display.init()
    pygame.font.init()
    t = Table((900, 600), controls={"heroes": "Ann", "monsters": "ai"}, skip_setup=True)
    assert t.open(str(REPO / "maps" / "square_crypt.tmx")), t.message
    yield t
    pygame.quit()


def _play(t: Table, text: str) -> None:
    script = parse_script(text, "steps.txt")
    while not script.done:
        script.feed(t)
        for event in pygame.event.get():
            t.handle(event)


def test_key_plus_in_a_script_zooms_in_as_the_plus_key_does(table: Table) -> None:
    """Issue 24, item 7: "``key +`` cannot be written in a script although ``+`` zooms"."""
    assert table.view is not None
    fitted = table.view.camera.zoom
    _play(table, "key +\n")
    assert table.view.camera.zoom > fitted
    _play(table, "key -\n")
    assert table.view.camera.zoom == pytest.approx(fitted)


def test_plus_with_modifiers_is_the_plus_key_with_them() -> None:
    from game.ui.script import key_code

    pygame.display.init()
    assert key_code("+", "x") == (pygame.K_PLUS, 0)
    assert key_code("ctrl++", "x") == (pygame.K_PLUS, pygame.KMOD_CTRL)
    assert key_code("ctrl+shift+a", "x") == (pygame.K_a, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    with pytest.raises(ScriptError, match="unknown modifier"):
        key_code("hyper++", "x")
    pygame.quit()
