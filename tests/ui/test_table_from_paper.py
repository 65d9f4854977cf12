"""The window opens a format 2 encounter carried over from paper (issue 14, item 8): its own creatures on the
board, the fixed order and the starting states in the combat log's opening lines, as ``run`` prints them."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.ui.table import Table

REPO = Path(__file__).resolve().parents[2]
FROM_PAPER = REPO / "maps" / "from_paper" / "crypt_from_paper.toml"


def test_the_window_opens_the_fight_from_paper_with_its_starting_state_in_the_log() -> None:
    pygame.display.init()
    pygame.font.init()
    table = Table((1280, 800), controls={"heroes": "Ann", "monsters": "ai"}, skip_setup=True)
    assert table.open(FROM_PAPER), table.message
    session = table.session
    assert session is not None
    st = session.encounter.state
    assert st.initiative == ["vex", "thrall_1", "brannoc", "ghoul", "mirela", "thrall_2"]
    assert st.creatures["thrall_1"].template.id == "drowned_thrall"  # type: ignore[index]
    assert st.creatures["brannoc"].hp == 14  # type: ignore[index]
    texts = [entry.text for entry in table.log.entries[:7]]
    assert texts[1].startswith("Brannoc starts as the encounter file says: 14 of 33 hit points (bloodied)")
    assert "Initiative fixed by the encounter file (no roll): Vex, Thrall 1, Brannoc, Ghoul, Mirela, Thrall 2" in texts
