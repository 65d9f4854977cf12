"""``python -m game validate`` reports everything ``play`` would refuse about a map.

Issue 13, item 9: a map whose creature names a template no content file defines
passed ``validate`` and was then refused by ``play``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.__main__ import main
from game.errors import GameError
from game.session import open_source

MAP = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" width="4" height="3" tilewidth="16" tileheight="16">
 <layer id="1" name="ground" width="4" height="3"><data encoding="csv">0,0,0,0,0,0,0,0,0,0,0,0</data></layer>
 <objectgroup id="2" name="things">
{creatures} </objectgroup>
</map>
"""


def creature(oid: int, name: str, col: int, side: str, template: str | None) -> str:
    props = f'<property name="side" value="{side}"/>'
    if template is not None:
        props += f'<property name="template" value="{template}"/>'
    return (f'  <object id="{oid}" name="{name}" type="creature" x="{col * 16 + 8}" y="8">'
            f'<properties>{props}</properties><point/></object>\n')


def write_map(tmp_path: Path, *creatures: str) -> Path:
    path = tmp_path / "skirmish.tmx"
    path.write_text(MAP.format(creatures="".join(creatures)))
    return path


def test_validate_reports_a_creature_template_that_play_refuses(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = write_map(tmp_path, creature(1, "Ana", 0, "heroes", "goblin_cutter"),
                     creature(2, "Bob", 1, "monsters", "goblin_cuter"))
    assert main(["validate", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines == [f"{path.absolute()}: layer 'things', object 2 'Bob': creature 'Bob' uses template "
                     "'goblin_cuter', which no content file defines"]
    with pytest.raises(GameError) as refused:  # play's own refusal: the very same line
        open_source(path)
    assert str(refused.value) == lines[0]


def test_validate_reports_a_creature_without_template_whose_name_is_no_sheet(tmp_path: Path,
                                                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = write_map(tmp_path, creature(1, "Ana", 0, "heroes", "goblin_cutter"),
                     creature(2, "Zed", 2, "monsters", None), creature(3, "Goblin Cutter", 3, "monsters", None))
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.splitlines() == [f"{path.absolute()}: layer 'things', object 2 'Zed': creature 'Zed' has no "
                                "'template' property and no content file defines a creature 'zed'"]
    with pytest.raises(GameError, match="no content file defines a creature 'zed'"):
        open_source(path)


def test_validate_accepts_a_map_that_play_opens(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_map(tmp_path, creature(1, "Ana", 0, "heroes", "goblin_cutter"),
                     creature(2, "Goblin Cutter", 3, "monsters", None))  # the sheet named like the creature
    assert main(["validate", str(path)]) == 0
    assert ": OK - " in capsys.readouterr().out
    assert len(open_source(path).roster) == 2


def test_validate_reports_a_large_creature_whose_space_play_refuses(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    # a bugbear (size 2) at the last column: its 2x2 space runs off the map, which play refuses
    path = write_map(tmp_path, creature(1, "Ana", 0, "heroes", "goblin_cutter"),
                     creature(2, "Brute", 3, "monsters", "bugbear"))
    assert main(["validate", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    with pytest.raises(GameError) as refused:
        open_source(path)
    assert lines == [str(refused.value)]
    assert "'Brute'" in lines[0] and "cannot stand at [3, 0]" in lines[0]
