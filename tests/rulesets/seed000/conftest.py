"""Encounter states drawn as ASCII, and small creature sheets, for the rules tests.

Square boards have one character per cell. Hex boards (pointy top, stagger
axis y, odd rows shifted right, as Tiled's default) put a space between cells
and indent the odd rows by one space, so the text looks like the map::

    #  wall          ,  difficult          ~  dangerous (1d6 fire)
    %  difficult and dangerous             .  floor
    A-Z  a hero (side "heroes")            a-z  a monster (side "monsters")

Creatures stand on floor. A letter filling a 2x2 block on a square board is one
large creature; its anchor is the block's top-left cell. A creature's id is
its letter; its name is the letter unless ``names`` says otherwise.

The helpers are plain functions, handed to tests by the session fixture
``kit`` (session-scoped, so hypothesis tests can use it too): ``kit.state_from``,
``kit.template``, ``kit.power``, ``kit.draw``, ``kit.board_text``, ``kit.condition``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from textwrap import dedent

import pytest

from game.board import Board, Damage, Terrain
from game.grid import Cell, GridKind, HexGrid, SquareGrid, StaggerAxis, StaggerIndex
from game.kernel.clock import Cycle
from game.rulesets.seed000.model import (
    ActionType, Attack, ConditionKind, CreatureId, Defense, Defenses, Duration, Frequency, Outcome, Power,
    PowerId, Reach, ReactionDefaults, RangeKind, Role, TargetKind, Template,
)
from game.rulesets.seed000.state import Condition, Creature, EncounterState

SQUARE = SquareGrid(32, 32)
HEX = HexGrid(32, 36, 18, StaggerAxis.Y, StaggerIndex.ODD)

FIRE = Damage(1, 6, 0, "fire")
TERRAIN: dict[str, Terrain] = {
    "#": Terrain(wall=True),
    ",": Terrain(difficult=True),
    "~": Terrain(damage=FIRE),
    "%": Terrain(difficult=True, damage=FIRE),
}


def power(pid: str = "strike", *, kind: RangeKind = RangeKind.MELEE, reach: int = 1, range_: int = 0,
          size: int = 0, targets: TargetKind = TargetKind.ENEMY, basic: bool = False,
          heal: bool = False) -> Power:
    """A power with an attack (or, with ``heal``, a surge-spending heal without one)."""
    return Power(
        id=PowerId(pid), name=pid.replace("_", " ").title(), action=ActionType.STANDARD,
        frequency=Frequency.AT_WILL, reach=Reach(kind, reach=reach, range=range_, size=size),
        targets=targets, attack=None if heal else Attack(5, Defense.AC),
        effect=Outcome(heal_surge=True) if heal else Outcome(), basic=basic,
    )


SWORD = power("sword", basic=True)
"""A melee basic attack, reach 1."""


def template(tid: str = "fighter", *, speed: int = 6, size: int = 1, powers: Iterable[Power] = (SWORD,),
             opportunity: str | None = None) -> Template:
    """A creature sheet; by default speed 6, one cell, a reach-1 melee basic attack."""
    return Template(
        id=tid, name=tid.title(), level=1, role=Role.SOLDIER, hp=30, defenses=Defenses(16, 14, 14, 14),
        speed=speed, initiative=0, powers=tuple(powers), size=size, surges=2,
        reaction_defaults=ReactionDefaults(opportunity_attack=PowerId(opportunity) if opportunity else None),
    )


def condition(kind: ConditionKind, source: str = "gm") -> Condition:
    return Condition(kind, CreatureId(source), Duration.SAVE_ENDS)


def _rows(text: str, hexes: bool) -> list[list[str]]:
    lines = [line for line in dedent(text).splitlines() if line.strip()]
    if hexes:
        return [line.split() for line in lines]
    return [list(line.strip().replace(" ", "")) for line in lines]


def state_from(text: str, *, hexes: bool = False, templates: Mapping[str, Template] | None = None,
               names: Mapping[str, str] | None = None,
               conditions: Mapping[str, Iterable[ConditionKind]] | None = None,
               initiative: str = "") -> EncounterState:
    """An encounter state from an ASCII board (see the module docstring).

    ``templates`` maps letters to sheets (default: :func:`template`, sized to
    the letter's block); ``conditions`` gives letters conditions;
    ``initiative`` is a string of letters in initiative order.
    """
    grid = HEX if hexes else SQUARE
    rows = _rows(text, hexes)
    height, width = len(rows), max(len(r) for r in rows)
    if any(len(r) != width for r in rows):
        raise ValueError("every row of the board must have the same number of cells")
    terrain: dict[Cell, Terrain] = {}
    spots: dict[str, list[Cell]] = {}
    for row, chars in enumerate(rows):
        for col, ch in enumerate(chars):
            cell = grid.offset_to_cell(col, row)
            if ch in TERRAIN:
                terrain[cell] = TERRAIN[ch]
            elif ch.isalpha():
                spots.setdefault(ch, []).append(cell)
            elif ch != ".":
                raise ValueError(f"unknown board character {ch!r}")
    board = Board(grid, width, height, terrain=terrain)
    creatures: dict[CreatureId, Creature] = {}
    for letter in sorted(spots):
        cells = sorted(spots[letter], key=lambda c: grid.cell_to_offset(c)[::-1])
        size = math.isqrt(len(cells))
        if size * size != len(cells) or (size > 1 and grid is HEX):
            raise ValueError(f"creature {letter!r} fills {len(cells)} cells: not a square block")
        sheet = (templates or {}).get(letter) or template(size=size)
        assert sheet.size == size, f"creature {letter!r}: sheet of size {sheet.size} on {len(cells)} cells"
        cid = CreatureId(letter)
        creatures[cid] = Creature(
            id=cid, name=(names or {}).get(letter, letter), side="heroes" if letter.isupper() else "monsters",
            template=sheet, cell=cells[0], hp=sheet.hp, surges=sheet.surges,
            conditions=[condition(k) for k in (conditions or {}).get(letter, ())],
        )
    state = EncounterState(board, creatures, clock=Cycle([CreatureId(c) for c in initiative]))
    for cid, c in creatures.items():
        if set(state.space(c)) != set(spots[cid]):
            raise ValueError(f"creature {cid!r} does not fill a square block")
    return state


def draw(state: EncounterState, marks: Iterable[Cell] | Mapping[Cell, str] = (), mark: str = "*") -> str:
    """The board back as ASCII in :func:`state_from`'s format; ``marks`` drawn over the terrain.

    ``marks`` is a set of cells (drawn as ``mark``), a mapping of cells to
    one-character labels, or any other mapping (its keys drawn as ``mark``).

    Creatures are drawn over marks. Rows are stripped of the surrounding
    whitespace (hex rows keep their one-space indentation), joined with newlines.
    """
    board = state.board
    grid = board.grid
    chars: dict[Cell, str] = {}
    for cell, t in board.special_cells().items():
        chars[cell] = "%" if t.difficult and t.damage else "#" if t.wall else "," if t.difficult else "~"
    if isinstance(marks, Mapping) and all(isinstance(v, str) for v in marks.values()):
        labels = dict(marks)
    else:
        labels = {cell: mark for cell in marks}
    chars.update(labels)
    for c in state.living():
        for cell in state.space(c):
            chars[cell] = c.id
    hexes = board.kind is GridKind.HEX
    lines = []
    for row in range(board.height):
        cells = [chars.get(grid.offset_to_cell(col, row), ".") for col in range(board.width)]
        if hexes:
            lines.append((" " if row % 2 else "") + " ".join(cells))
        else:
            lines.append("".join(cells))
    return "\n".join(lines)


def board_text(text: str) -> str:
    """Normalise a board written in a test (dedent, drop blank lines) for comparison with :func:`draw`."""
    return "\n".join(line.rstrip() for line in dedent(text).splitlines() if line.strip())


class Kit:
    """The helpers, for tests that take them as one fixture: ``kit.state_from(...)``."""

    SQUARE = SQUARE
    HEX = HEX
    SWORD = SWORD
    state_from = staticmethod(state_from)
    template = staticmethod(template)
    power = staticmethod(power)
    draw = staticmethod(draw)
    board_text = staticmethod(board_text)
    condition = staticmethod(condition)


@pytest.fixture(scope="session")
def kit() -> Kit:
    return Kit()
