"""Issue 24, item 7: "at 640x480 the victory banner and the top message are clipped"."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pygame
import pytest

import game.ui.table as table_module
from game.ui.table import Table

REPO = Path(__file__).resolve().parents[2]

DUEL = """format = 1
map = "{map}"
title = "Duel"
seed = 3
use_map_creatures = false

[sides.heroes]
control = "ai"

[sides.monsters]
control = "ai"

[[creatures]]
name = "Brannoc"
side = "heroes"
template = "fighter"
at = [12, 12]

[[creatures]]
name = "Fire beetle"
side = "monsters"
template = "fire_beetle"
at = [12, 11]
"""


@pytest.fixture()
def ended(tmp_path: Path) -> Iterator[Table]:
    """A 640x480 window on a duel the AI has played to its end."""
    path = tmp_path / "duel.toml"
    path.write_text(DUEL.format(map=(REPO / "maps" / "square_crypt.tmx").as_posix()), encoding="utf-8")
    pygame.display.init()
    pygame.font.init()
    t = Table((640, 480), skip_setup=True)
    assert t.open(str(path)), t.message
    t.play_ai_now()
    assert t.session is not None and t.session.encounter.state.ended
    yield t
    pygame.quit()


def test_at_640x480_the_victory_banner_and_the_top_bar_stay_inside_the_window(
        ended: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[tuple[str, pygame.Rect, int]] = []
    real = table_module.draw_text

    def recording(target: pygame.Surface, text: str, pos: tuple[int, int], *args: Any, **kw: Any) -> pygame.Rect:
        rect = real(target, text, pos, *args, **kw)
        drawn.append((text, rect, target.get_width()))
        return rect

    monkeypatch.setattr(table_module, "draw_text", recording)
    ended.update(0.0)
    ended.draw()
    banner = [(rect, width) for text, rect, width in drawn if text.startswith("Victory for")]
    assert banner, [text for text, _, _ in drawn]
    for rect, width in banner:
        assert 0 <= rect.left and rect.right <= width, (rect, width)
    assert ended.message  # "The fight is over: victory for heroes"
    assert 0 < ended.message_rect.width and ended.message_rect.right <= 640
    top = [rect for text, rect, width in drawn if rect.top < table_module.TOP and width == 640]
    assert top and all(rect.right <= 640 for rect in top)
