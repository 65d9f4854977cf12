"""``play --root DIR`` reaches the window: a map opened from the table may take its files from inside DIR."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from game.ui.table import Table

REPO = Path(__file__).resolve().parents[2]


def test_the_table_opens_a_map_with_files_outside_its_folder_only_under_a_root_that_holds_them(
        tmp_path: Path) -> None:
    """The marsh map copied away from the project, its tileset still the project's: refused with a message
    and the table unchanged; with the table's root (``play --root``) set to a folder holding both, it opens."""
    tileset = REPO / "assets" / "tilesets" / "hex_pointy.tsx"
    copy = tmp_path / "elsewhere" / "marsh.tmx"
    copy.parent.mkdir()
    text = (REPO / "maps" / "hex_marsh.tmx").read_text(encoding="utf-8")
    copy.write_text(text.replace('source="../assets/tilesets/hex_pointy.tsx"',
                                 f'source="{os.path.relpath(tileset, copy.parent)}"'), encoding="utf-8")
    pygame.display.init()
    pygame.font.init()
    try:
        table = Table((1280, 800), skip_setup=True)
        assert not table.open(copy)
        assert "outside the project root" in table.message and table.session is None
        table.root = os.path.commonpath([tileset, copy])
        assert table.open(copy), table.message
        assert table.session is not None
    finally:
        pygame.quit()
