"""A Tiled map as plain data, the same whatever file format it was read from.

The readers (``tmx.py`` for XML, ``tmj.py`` for JSON) produce these objects after
every check; the renderer and the Board builder read only these. Nothing here
imports pygame: a map can be loaded and checked headless.

Coordinates are Tiled's: pixels for objects, (column, row) offset coordinates for
tile layers. Tile layer data is always a finite rectangle here; an infinite map's
chunks are merged into the bounding rectangle of all its chunks.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping, Sequence, Union, overload

from game.grid.hex import StaggerAxis as StaggerAxis
from game.grid.hex import StaggerIndex as StaggerIndex

# Global tile ids carry flip flags in their top bits (Tiled's documented layout).
FLIPPED_HORIZONTALLY = 0x80000000
FLIPPED_VERTICALLY = 0x40000000
FLIPPED_DIAGONALLY = 0x20000000
ROTATED_HEXAGONAL_120 = 0x10000000
GID_FLAG_MASK = FLIPPED_HORIZONTALLY | FLIPPED_VERTICALLY | FLIPPED_DIAGONALLY | ROTATED_HEXAGONAL_120
GID_MASK = ~GID_FLAG_MASK & 0xFFFFFFFF


class Orientation(Enum):
    ORTHOGONAL = "orthogonal"
    HEXAGONAL = "hexagonal"


@dataclass(frozen=True, slots=True)
class Color:
    """An RGBA colour; Tiled writes ``#AARRGGBB`` or ``#RRGGBB``."""

    r: int
    g: int
    b: int
    a: int = 255


@dataclass(frozen=True, slots=True)
class FileRef:
    """A ``file`` property: a path resolved against the file that holds it."""

    path: Path


@dataclass(frozen=True, slots=True)
class ObjectRef:
    """An ``object`` property: the id of another object on the map (0 = none)."""

    id: int


PropertyValue = Union[str, int, float, bool, Color, FileRef, ObjectRef, "ClassValue", tuple["PropertyValue", ...]]
"""A custom property's value; a ``list`` property (Tiled 1.12) is a tuple of values, each of its own type."""


@dataclass(frozen=True, slots=True)
class ClassValue:
    """A ``class`` property: a custom type name and its members."""

    type_name: str
    members: Mapping[str, PropertyValue]


Properties = Mapping[str, PropertyValue]


@dataclass(frozen=True, slots=True)
class Image:
    """An image referenced by a tileset, a tile or an image layer."""

    source: Path
    """Resolved absolute path, already checked to lie inside the project root."""
    width: int | None
    """Declared width in pixels; None when the file did not say (read it from the image)."""
    height: int | None
    trans: Color | None = None
    """Colour to treat as transparent, if any."""


@dataclass(frozen=True, slots=True)
class Frame:
    tile_id: int
    duration_ms: int


@dataclass(frozen=True, slots=True)
class Tile:
    """Per-tile data of a tileset (only tiles that declare something appear)."""

    id: int
    """Local id inside its tileset."""
    class_name: str = ""
    properties: Properties = field(default_factory=dict)
    image: Image | None = None
    """Only for image-collection tilesets."""
    rect: tuple[int, int, int, int] | None = None
    """Sub-rectangle (x, y, w, h) of ``image`` (Tiled >= 1.9); None = whole image."""
    animation: tuple[Frame, ...] = ()


@dataclass(frozen=True, slots=True)
class Tileset:
    firstgid: int
    name: str
    source: Path | None
    """The external ``.tsx``/``.tsj`` file, or None for an embedded tileset."""
    tile_width: int
    tile_height: int
    tile_count: int
    columns: int
    spacing: int = 0
    margin: int = 0
    tile_offset: tuple[int, int] = (0, 0)
    object_alignment: str = "unspecified"
    image: Image | None = None
    """None for an image-collection tileset (each tile has its own image)."""
    tiles: Mapping[int, Tile] = field(default_factory=dict)
    properties: Properties = field(default_factory=dict)
    class_name: str = ""
    render_size: str = "tile"
    """Tiled 1.9's ``tilerendersize``: "tile" draws a tile at its own size, "grid" scales it to the map's cell."""
    fill_mode: str = "stretch"
    """Tiled 1.9's ``fillmode`` when a tile is scaled: "stretch", or "preserve-aspect-fit" (centred, not distorted)."""

    def contains(self, gid: int) -> bool:
        """Whether a (flag-free) gid belongs to this tileset's id range."""
        if self.image is None:
            return any(self.firstgid + tid == gid for tid in self.tiles)
        return self.firstgid <= gid < self.firstgid + self.tile_count


@dataclass(frozen=True, slots=True)
class LayerBase:
    id: int
    name: str
    visible: bool = True
    opacity: float = 1.0
    offset: tuple[float, float] = (0.0, 0.0)
    tint: Color | None = None
    properties: Properties = field(default_factory=dict)
    class_name: str = ""
    hidden: bool = False
    """The layer's ``hidden`` property: the game master's, players must not see it (``tiled/hidden.py``)."""


class TileData(Sequence[int]):
    """A tile layer's gids, row-major, flags kept: 4 bytes each, read-only.

    A layer of a million cells holding a million different ids would take 36 MB as a tuple of
    Python ints; here it takes 4 MB. Compares equal to a tuple of the same ids; numpy reads it
    without a copy (``np.asarray(data)``).
    """

    __slots__ = ("_cells",)

    def __init__(self, gids: Iterable[int] = ()) -> None:
        self._cells = array("I", gids)  # always a copy: nobody else can change it (4 bytes an entry)

    def __len__(self) -> int:
        return len(self._cells)

    @overload
    def __getitem__(self, index: int) -> int: ...
    @overload
    def __getitem__(self, index: slice) -> TileData: ...
    def __getitem__(self, index: int | slice) -> int | TileData:
        if isinstance(index, slice):
            return TileData(self._cells[index])
        return self._cells[index]

    def __iter__(self) -> Iterator[int]:
        return iter(self._cells)

    def __contains__(self, gid: object) -> bool:
        return gid in self._cells

    def count(self, gid: Any) -> int:
        return self._cells.count(gid)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, TileData):
            return self._cells == other._cells
        if isinstance(other, tuple):
            return len(other) == len(self._cells) and tuple(self._cells) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self._cells))  # equal to a tuple, so hashed as one

    def __repr__(self) -> str:
        shown = ", ".join(map(str, self._cells[:8])) + (", ..." if len(self._cells) > 8 else "")
        return f"TileData([{shown}], {len(self._cells)} cells)"

    def __array__(self, dtype: Any = None, copy: Any = None) -> Any:
        import numpy as np

        view = np.frombuffer(self._cells, dtype=np.uint32)  # the buffer is borrowed: read-only
        view.flags.writeable = False
        if dtype is not None and np.dtype(dtype) != view.dtype:
            return view.astype(dtype)
        return view.copy() if copy else view


@dataclass(frozen=True, slots=True)
class TileLayer:
    """A rectangle of global tile ids (flip flags kept), row-major."""

    base: LayerBase
    x: int
    """Column of the first entry (non-zero only for infinite maps)."""
    y: int
    width: int
    height: int
    data: Sequence[int]
    """``width * height`` raw gids: a :class:`TileData` as the loader builds it (any sequence in tests)."""

    def gid_at(self, col: int, row: int) -> int:
        """The raw gid (with flags) at map offset coordinates; 0 outside."""
        cx, cy = col - self.x, row - self.y
        if 0 <= cx < self.width and 0 <= cy < self.height:
            return self.data[cy * self.width + cx]
        return 0


class ObjectShape(Enum):
    RECTANGLE = "rectangle"
    ELLIPSE = "ellipse"
    POINT = "point"
    POLYGON = "polygon"
    POLYLINE = "polyline"
    TEXT = "text"
    TILE = "tile"


@dataclass(frozen=True, slots=True)
class MapObject:
    id: int
    name: str
    class_name: str
    """``class`` (Tiled >= 1.9) or ``type`` (older), whichever the file had."""
    shape: ObjectShape
    x: float
    y: float
    width: float
    height: float
    rotation: float = 0.0
    gid: int = 0
    """Raw gid with flip flags, for tile objects; 0 otherwise."""
    visible: bool = True
    points: tuple[tuple[float, float], ...] = ()
    """Polygon / polyline points, relative to (x, y)."""
    text: str = ""
    properties: Properties = field(default_factory=dict)
    template: Path | None = None
    hidden: bool = False
    """The object's own ``hidden`` property: the game master's, players must not see it."""


@dataclass(frozen=True, slots=True)
class ObjectLayer:
    base: LayerBase
    objects: tuple[MapObject, ...]
    draw_order: str = "topdown"
    color: Color | None = None


@dataclass(frozen=True, slots=True)
class ImageLayer:
    base: LayerBase
    image: Image | None
    repeat_x: bool = False
    repeat_y: bool = False


@dataclass(frozen=True, slots=True)
class GroupLayer:
    base: LayerBase
    layers: tuple["Layer", ...]


Layer = Union[TileLayer, ObjectLayer, ImageLayer, GroupLayer]


@dataclass(frozen=True, slots=True)
class ProjectRoot:
    """Where a map may take files from: one or more folders (``game.tiled.files.find_project_root``)."""

    folders: tuple[Path, ...]
    """Resolved absolute folders; a file is allowed when it lies inside one of them."""
    project: Path | None = None
    """The ``.tiled-project`` file whose folders these are; None for the map's own folder or ``--root``."""

    def holds(self, path: Path) -> bool:
        return any(path.is_relative_to(folder) for folder in self.folders)

    def __str__(self) -> str:
        return " and ".join(str(folder) for folder in self.folders)

    def described(self) -> str:
        """The root as ``validate`` names it: its folders, and the project file they come from."""
        return f"{self} (the folders of {self.project})" if self.project else str(self)


@dataclass(frozen=True, slots=True)
class TiledMap:
    path: Path
    """The map file, absolute."""
    root: ProjectRoot
    """The project root every referenced file had to lie inside."""
    orientation: Orientation
    width: int
    """In cells. For an infinite map: the width of the bounding box of its chunks."""
    height: int
    tile_width: int
    tile_height: int
    infinite: bool = False
    origin: tuple[int, int] = (0, 0)
    """Offset coordinates of the top-left cell (non-zero only for infinite maps)."""
    render_order: str = "right-down"
    hex_side_length: int = 0
    stagger_axis: StaggerAxis = StaggerAxis.Y
    stagger_index: StaggerIndex = StaggerIndex.ODD
    background: Color | None = None
    tilesets: tuple[Tileset, ...] = ()
    layers: tuple[Layer, ...] = ()
    properties: Properties = field(default_factory=dict)
    class_name: str = ""

    def tileset_for(self, gid: int) -> Tileset | None:
        """The tileset owning a gid (flags are stripped first); None for 0 or unknown."""
        gid &= GID_MASK
        if gid == 0:
            return None
        owner = None
        for ts in self.tilesets:
            if ts.firstgid <= gid:
                owner = ts
            else:
                break
        return owner

    def iter_layers(self) -> "list[Layer]":
        """Every layer in drawing order, group layers flattened (groups included)."""
        out: list[Layer] = []

        def walk(layers: tuple[Layer, ...]) -> None:
            for layer in layers:
                out.append(layer)
                if isinstance(layer, GroupLayer):
                    walk(layer.layers)

        walk(self.layers)
        return out
