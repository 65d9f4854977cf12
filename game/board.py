"""The battle map as the rules see it: a grid, what each cell is, where creatures start.

Plain data built once (from a Tiled map, or from ASCII in tests); no pygame, no
file formats. Cells are the grid's own cell type (``Square`` or axial ``Hex``).
"""

from __future__ import annotations

import re
from array import array
from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Mapping, Sequence

from game.grid import Cell, Grid, GridKind, Square, SquareGrid

_DAMAGE = re.compile(r"^\s*(\d{1,3})d(\d{1,3})\s*(?:([+-])\s*(\d{1,4}))?\s*([a-z][a-z ]*?)?\s*$", re.IGNORECASE | re.ASCII)


@dataclass(frozen=True, slots=True)
class Damage:
    """A damage expression such as ``1d6 fire`` or ``2d4+1 poison``."""

    count: int
    sides: int
    bonus: int = 0
    kind: str = ""
    """The damage type (``fire``, ``poison``...); empty for untyped damage."""

    @classmethod
    def parse(cls, text: str) -> Damage:
        """Parse ``NdM[+K] [type]``; raises ValueError saying what is expected."""
        match = _DAMAGE.match(text)
        if not match:
            raise ValueError(f"'{text}' is not a damage expression like '1d6 fire' or '2d4+1 poison'")
        count, sides, sign, bonus, kind = match.groups()
        if int(count) < 1 or int(sides) < 1:
            raise ValueError(f"'{text}': dice count and sides must be at least 1")
        value = int(bonus or 0) * (-1 if sign == "-" else 1)
        return cls(int(count), int(sides), value, (kind or "").strip().lower())

    def __str__(self) -> str:
        bonus = f"{self.bonus:+d}" if self.bonus else ""
        return f"{self.count}d{self.sides}{bonus}" + (f" {self.kind}" if self.kind else "")


@dataclass(frozen=True, slots=True)
class Terrain:
    """What a cell is, for the rules."""

    wall: bool = False
    """Nothing enters it; it blocks movement."""
    difficult: bool = False
    """Entering it costs one extra square of movement."""
    damage: Damage | None = None
    """Dangerous terrain: the damage dealt on entering or starting a turn there; None = safe."""
    tight: bool = False
    """A tight space: a creature enters it only squeezing (seed 002's squeeze [72]); other rulesets ignore it."""

    @property
    def is_dangerous(self) -> bool:
        return self.damage is not None

    @property
    def is_plain(self) -> bool:
        return not (self.wall or self.difficult or self.damage or self.tight)


PLAIN = Terrain()


@dataclass(frozen=True, slots=True)
class Placement:
    """A creature placed on the map: who, for which side, from which template, where."""

    name: str
    side: str
    template: str
    cell: Cell
    origin: str = ""
    """Where it came from, for messages (e.g. "layer 'creatures', object 7")."""
    hidden: bool = False
    """Placed hidden (Tiled ``hidden`` on the object or a layer around it): players must not see it."""


class Board:
    """A finite map of cells over a grid.

    The cells are those of a ``width`` x ``height`` rectangle of Tiled offset
    coordinates starting at ``origin``; ``terrain`` holds only non-plain cells.

    A large map's terrain may be given compactly instead (``codes`` and ``palette``): one code per cell,
    row by row over the offsets, indexing ``palette``, a list of the distinct terrains with ``PLAIN``
    first. A million wall cells then cost two megabytes, not the two hundred of a dict of cells.
    """

    __slots__ = ("grid", "kind", "width", "height", "origin", "_terrain", "placements", "properties", "name",
                 "_cell_type", "_bounds", "_offsets_are_coordinates", "derived", "_codes", "_palette")

    def __init__(self, grid: Grid[Any], width: int, height: int, *, origin: tuple[int, int] = (0, 0),
                 terrain: Mapping[Cell, Terrain] | None = None, placements: tuple[Placement, ...] = (),
                 properties: Mapping[str, object] | None = None, name: str = "",
                 codes: array[int] | None = None, palette: Sequence[Terrain] = (PLAIN,)) -> None:
        self.grid: Grid[Any] = grid
        self.kind: GridKind = grid.kind
        """The grid's kind, read once (a grid is frozen): the rules ask it in their hot loops."""
        self.width = width
        self.height = height
        self.origin = origin
        ox, oy = origin
        self._cell_type = type(grid.offset_to_cell(ox, oy))
        self._bounds = (ox, ox + width, oy, oy + height)
        """Offsets ``x0 <= col < x1``, ``y0 <= row < y1`` are on the board."""
        self._offsets_are_coordinates = type(grid) is SquareGrid
        """Square grids: a cell's offset is its own ``(x, y)`` (no call to ``cell_to_offset`` needed)."""
        self._terrain: dict[Cell, Terrain] = {c: t for c, t in (terrain or {}).items() if not t.is_plain}
        outside = [c for c in self._terrain if c not in self]
        if outside:
            raise ValueError(f"terrain given for cells outside the board: {sorted(outside)[:3]}")
        self._codes = codes
        """Compact terrain (see the class), or None: then ``_terrain`` holds every non-plain cell."""
        self._palette = tuple(palette)
        if codes is not None:
            if len(codes) != width * height or not self._palette or not self._palette[0].is_plain:
                raise ValueError("compact terrain needs one code per cell and a palette starting with PLAIN")
            if codes and max(codes) >= len(self._palette):
                raise ValueError("a terrain code is not in the palette")
        self.placements = placements
        self.properties: Mapping[str, object] = dict(properties or {})
        self.name = name
        self.derived: dict[object, object] = {}
        """What the rules work out from this board alone (its arrays, line of effect), by key: kept with the
        board and dropped with it, so the encounters played on one board share it. It holds nothing of an
        encounter (no creature, state or sheet): those tables live in ``EncounterState.memo``."""

    def __contains__(self, cell: object) -> bool:
        if type(cell) is not self._cell_type:
            return False
        return self._holds(cell)  # type: ignore[arg-type]

    def _holds(self, cell: Cell) -> bool:
        """Whether a cell of the board's own type lies within its offsets."""
        if self._offsets_are_coordinates:
            assert type(cell) is Square
            col, row = cell.x, cell.y
        else:
            col, row = self.grid.cell_to_offset(cell)
        x0, x1, y0, y1 = self._bounds
        return x0 <= col < x1 and y0 <= row < y1

    def __iter__(self) -> Iterator[Cell]:
        """Every cell, row by row in offset order."""
        ox, oy = self.origin
        for row in range(oy, oy + self.height):
            for col in range(ox, ox + self.width):
                yield self.grid.offset_to_cell(col, row)

    def __len__(self) -> int:
        return self.width * self.height

    def terrain(self, cell: Cell) -> Terrain:
        """The cell's terrain; cells off the board count as walls."""
        if type(cell) is not self._cell_type:
            return _OFF_BOARD
        got = self._terrain.get(cell)
        if got is not None:
            return got  # every cell in _terrain is on the board
        if self._codes is None:
            return PLAIN if self._holds(cell) else _OFF_BOARD
        return self._coded(cell)

    def _coded(self, cell: Cell) -> Terrain:
        """A cell's terrain from the compact store."""
        if self._offsets_are_coordinates:
            assert type(cell) is Square
            col, row = cell.x, cell.y
        else:
            col, row = self.grid.cell_to_offset(cell)
        x0, x1, y0, y1 = self._bounds
        if not (x0 <= col < x1 and y0 <= row < y1):
            return _OFF_BOARD
        assert self._codes is not None
        return self._palette[self._codes[(row - y0) * self.width + col - x0]]

    def is_wall(self, cell: Cell) -> bool:
        return self.terrain(cell).wall

    def is_difficult(self, cell: Cell) -> bool:
        return self.terrain(cell).difficult

    def damage_at(self, cell: Cell) -> Damage | None:
        return self.terrain(cell).damage

    def special_cells(self) -> Mapping[Cell, Terrain]:
        """Only the cells that are not plain floor (a compact store's row by row)."""
        if self._codes is None:
            return dict(self._terrain)
        ox, oy = self.origin
        w, palette, to_cell = self.width, self._palette, self.grid.offset_to_cell
        return {to_cell(ox + i % w, oy + i // w): palette[code] for i, code in enumerate(self._codes) if code}

    def terrains(self) -> frozenset[Terrain]:
        """The kinds of non-plain terrain on the board, each once (a compact board's palette, which no cell is
        looked at for: it may name a kind no cell has)."""
        if self._codes is None:
            return frozenset(self._terrain.values())
        return frozenset(self._palette[1:])

    def footprint(self, anchor: Cell, size: int) -> tuple[Cell, ...]:
        """The cells a creature of ``size`` fills with its anchor at ``anchor``, anchor first: on squares a
        ``size`` x ``size`` block growing toward +x and +y; on hexes one hex whatever the size (a ruling: see
        the README). ``EncounterState.space_at`` asks this for a creature's space."""
        if size <= 1 or self.kind is GridKind.HEX:
            return (anchor,)
        assert isinstance(anchor, Square)
        return tuple(Square(anchor.x + dx, anchor.y + dy) for dy in range(size) for dx in range(size))

    def placement_problem(self, anchor: Cell, size: int, taken: Mapping[Cell, str]) -> str:
        """Why a creature of ``size`` cannot start with its anchor at ``anchor`` ("" if it can): the first
        cell of its space that is off the board, a wall, or in ``taken`` (cell -> the name of whoever
        already fills it). Every way a creature is put on a board (map, encounter file, the game master)
        asks this for its whole space, not only its anchor."""
        cells = self.footprint(anchor, size)
        for cell in cells:
            col, row = self.grid.cell_to_offset(cell)
            which = "its cell" if len(cells) == 1 else f"cell [{col}, {row}] of its {size}x{size} space"
            if cell not in self:
                return f"{which} is off the map"
            if self.is_wall(cell):
                return f"{which} is a wall"
            other = taken.get(cell)
            if other is not None:
                return f"{which} is already filled by {other}"
        return ""

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """The grid neighbours of ``cell`` that lie on the board."""
        return tuple(n for n in self.grid.neighbours(cell) if n in self)

    def counts(self) -> dict[str, int]:
        """How many cells are wall, difficult and dangerous (for summaries)."""
        if self._codes is None:
            kinds: Counter[Terrain] = Counter(self._terrain.values())
        else:
            kinds = Counter()
            for code, n in Counter(self._codes).items():
                kinds[self._palette[code]] += n
        return {
            "wall": sum(n for x, n in kinds.items() if x.wall),
            "difficult": sum(n for x, n in kinds.items() if x.difficult),
            "dangerous": sum(n for x, n in kinds.items() if x.damage is not None),
        }


_OFF_BOARD = Terrain(wall=True)


def creature_ids(placements: Iterable[Placement]) -> list[str]:
    """Stable ids from names: "Goblin 1" -> "goblin_1" (made unique with a suffix: the second "Goblin" is
    "goblin_2", the third "goblin_3", skipping an id already taken). Linear time: the ids taken are a set,
    and each name's next suffix is remembered (ids are never given back, so the search resumes there)."""
    out: list[str] = []
    taken: set[str] = set()
    next_suffix: dict[str, int] = {}
    for p in placements:
        base = re.sub(r"[^a-z0-9]+", "_", p.name.lower()).strip("_") or "creature"
        cid = base
        if cid in taken:
            n = next_suffix.get(base, 2)
            cid = f"{base}_{n}"
            while cid in taken:
                n += 1
                cid = f"{base}_{n}"
            next_suffix[base] = n + 1
        taken.add(cid)
        out.append(cid)
    return out
