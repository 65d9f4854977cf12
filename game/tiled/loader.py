"""``load_map(path)``: any Tiled map file (TMX or JSON) -> a checked :class:`TiledMap`."""

from __future__ import annotations

from array import array
from pathlib import Path
from typing import Any, Callable

from game.errors import MapError, MapProblems, escaped, has_controls
from game.grid.hex import HexGrid
from game.tiled import model as m
from game.tiled.build import Builder, check_polygon
from game.tiled.documents import Raw, parse_document
from game.tiled.files import DEFAULT_LIMITS, Limits, brief, find_project_root, named, number_text, read_limited, short
from game.tiled.hidden import HIDDEN, hidden_value
from game.tiled.problems import MAX_PROBLEMS, MoreProblems, capped
from game.tiled.tile_data import decode_gids

_REFUSED_ORIENTATIONS = {
    "isometric": "isometric maps are not supported: battle maps must be orthogonal (square) or hexagonal",
    "staggered": "staggered isometric maps are not supported: battle maps must be orthogonal (square) or hexagonal",
}


def load_map(path: str | Path, root: str | Path | None = None, limits: Limits = DEFAULT_LIMITS) -> m.TiledMap:
    """Load and check a Tiled map.

    ``root`` is the folder the map may take files from (default: the folders of
    the nearest ``*.tiled-project`` file that holds the map, else the map's folder). Raises
    :class:`MapError` for a problem that stops the load, :class:`MapProblems`
    listing every problem otherwise.
    """
    tmap, problems = collect_map(path, root=root, limits=limits)
    if problems:
        raise problems_error(problems)
    return tmap


def collect_map(path: str | Path, root: str | Path | None = None,
                limits: Limits = DEFAULT_LIMITS) -> tuple[m.TiledMap, list[MapError]]:
    """Like :func:`load_map`, but return the problems that did not stop the load instead of raising them.

    ``load_board`` uses it to report these together with the Board's own problems.
    """
    path = Path(path).absolute()
    try:
        project_root = m.ProjectRoot((Path(root).resolve(),)) if root is not None else find_project_root(path)
        data = read_limited(path, limits)
        doc = parse_document(data, path, "map", limits)
        builder = Builder(path=path, root=project_root, limits=limits)
        tmap = _build_map(builder, doc)
    except MapError as exc:
        raise one_line(exc) from None
    except RecursionError:
        raise MapError(path, "group layers or class properties are nested too deeply") from None
    return tmap, [one_line(p) for p in builder.found()]


def one_line(error: MapError) -> MapError:
    """The same error with control characters escaped: a layer named with a newline must not split its line."""
    if isinstance(error, MoreProblems) or not has_controls(error.path + error.place + error.detail):
        return error
    return MapError(escaped(error.path), escaped(error.detail), escaped(error.place))


def problems_error(problems: list[MapError]) -> MapError | MapProblems:
    """One problem as itself, several as :class:`MapProblems`: at most :data:`MAX_PROBLEMS`
    of them, then a line saying how many more there were."""
    problems = capped(problems)
    return problems[0] if len(problems) == 1 else MapProblems(problems)


def _build_map(b: Builder, d: Raw) -> m.TiledMap:
    path, lim = b.path, b.limits
    orientation_text = b.str_field(d, "orientation", "map", path, "orthogonal")
    if orientation_text in _REFUSED_ORIENTATIONS:
        raise MapError(path, _REFUSED_ORIENTATIONS[orientation_text], "map")
    try:
        orientation = m.Orientation(orientation_text)
    except ValueError:
        raise MapError(path, f"unknown orientation {named(orientation_text)}", "map") from None
    infinite = b.bool_field(d, "infinite", "map", path, False)
    width = b.int_field(d, "width", "map", path, minimum=0 if infinite else 1, maximum=lim.max_side)
    height = b.int_field(d, "height", "map", path, minimum=0 if infinite else 1, maximum=lim.max_side)
    if width * height > lim.max_cells:
        raise MapError(path, f"the map is {width}x{height} = {width * height} cells, more than the limit of {lim.max_cells}", "map")
    tw = b.int_field(d, "tilewidth", "map", path, minimum=1, maximum=lim.max_image_side)
    th = b.int_field(d, "tileheight", "map", path, minimum=1, maximum=lim.max_image_side)
    hex_side, axis, index = 0, m.StaggerAxis.Y, m.StaggerIndex.ODD
    if orientation is m.Orientation.HEXAGONAL:
        hex_side = b.int_field(d, "hexsidelength", "map", path, default=0, minimum=0, maximum=lim.max_image_side)
        axis_text = b.str_field(d, "staggeraxis", "map", path, "y")
        index_text = b.str_field(d, "staggerindex", "map", path, "odd")
        try:
            axis, index = m.StaggerAxis(axis_text), m.StaggerIndex(index_text)
        except ValueError:
            raise MapError(path, f"staggeraxis must be x or y and staggerindex odd or even, found {named(axis_text)}, {named(index_text)}", "map") from None
        try:
            HexGrid(tw, th, hex_side, axis, index)
        except ValueError as exc:  # the geometry's own check: tile size and hexsidelength that make no hexagon
            raise MapError(path, str(exc), "map") from None
    raw_tilesets = _list_of(d.get("tilesets"), path, "map", "tilesets")
    if len(raw_tilesets) > lim.max_tilesets:
        raise MapError(path, f"{len(raw_tilesets)} tilesets, more than the limit of {lim.max_tilesets}", "map")
    for i, raw in enumerate(raw_tilesets):
        if not isinstance(raw, dict):
            raise MapError(path, f"malformed tileset entry {brief(raw)}", f"tileset {i + 1}")
        b.tilesets.append(b.tileset(raw, f"tileset {i + 1}"))
    b.tilesets.sort(key=lambda ts: ts.firstgid)
    entries = sum(len(ts.tiles) for ts in b.tilesets)
    if entries > lim.max_tile_entries:
        raise MapError(path, f"the map's tilesets describe {entries} tiles one by one, more than the limit of "
                       f"{lim.max_tile_entries} (a tileset used twice counts twice)", "map")

    layers_raw = d.get("layers") or []
    counts = {"layers": 0, "objects": 0, "tile_layers": 0}
    _count(layers_raw, counts, path)
    if counts["layers"] > lim.max_layers:
        raise MapError(path, f"{counts['layers']} layers, more than the limit of {lim.max_layers}", "map")
    if counts["objects"] > lim.max_objects:
        raise MapError(path, f"{counts['objects']} objects, more than the limit of {lim.max_objects}", "map")

    origin = (0, 0)
    if infinite:
        origin, width, height = _infinite_bounds(b, layers_raw)
    if counts["tile_layers"] * width * height > lim.max_layer_cells:
        raise MapError(path, f"{counts['tile_layers']} tile layers of {width}x{height} cells hold "
                       f"{counts['tile_layers'] * width * height} cells, more than the limit of {lim.max_layer_cells}", "map")
    layers = tuple(_layer(b, raw, width, height, origin, infinite, "") for raw in layers_raw)
    _check_gids(b, layers)
    return m.TiledMap(
        path=path,
        root=b.root,
        orientation=orientation,
        width=width,
        height=height,
        tile_width=tw,
        tile_height=th,
        infinite=infinite,
        origin=origin,
        render_order=b.str_field(d, "renderorder", "map", path, "right-down"),
        hex_side_length=hex_side,
        stagger_axis=axis,
        stagger_index=index,
        background=b.color(d.get("backgroundcolor"), "map", path),
        tilesets=tuple(sorted(b.tilesets, key=lambda ts: ts.firstgid)),
        layers=layers,
        properties=b.properties(d.get("properties"), "map", path),
        class_name=b.str_field(d, "class", "map", path),
    )


def _count(layers: Any, counts: dict[str, int], path: Path) -> None:
    if not isinstance(layers, list):
        raise MapError(path, "'layers' must be a list", "map")
    for layer in layers:
        if not isinstance(layer, dict):
            raise MapError(path, f"malformed layer {brief(layer)}", "map")
        counts["layers"] += 1
        counts["tile_layers"] += layer.get("type") == "tilelayer"
        objects = layer.get("objects")
        if isinstance(objects, list):
            counts["objects"] += len(objects)
        if layer.get("type") == "group":
            _count(_list_of(layer.get("layers"), path, f"layer {named(layer.get('name', ''))}", "layers"), counts, path)


def _list_of(value: Any, path: Path, place: str, key: str) -> list[Any]:
    """A JSON list field (absent = empty); anything else is refused with its place."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise MapError(path, f"'{key}' must be a list, found {type(value).__name__}", place)
    return value


def _chunks(layer: Raw) -> list[Raw]:
    info = layer.get("data_info") or {}
    chunks = info.get("chunks")
    return chunks if isinstance(chunks, list) else []


def _infinite_bounds(b: Builder, layers: list[Raw]) -> tuple[tuple[int, int], int, int]:
    """The bounding rectangle of every chunk of every tile layer, checked against the caps first."""
    x0 = y0 = 1 << 62
    x1 = y1 = -(1 << 62)

    def walk(items: list[Raw]) -> None:
        nonlocal x0, y0, x1, y1
        for layer in items:
            if layer.get("type") == "group":
                walk(layer.get("layers") or [])
            if layer.get("type") != "tilelayer":
                continue
            place = f"layer {named(layer.get('name', ''))}"
            for chunk in _chunks(layer):
                if not isinstance(chunk, dict):
                    raise MapError(b.path, f"malformed chunk {brief(chunk)}", place)
                cx = b.int_field(chunk, "x", place + ", chunk", b.path)
                cy = b.int_field(chunk, "y", place + ", chunk", b.path)
                cw = b.int_field(chunk, "width", place + ", chunk", b.path, minimum=1, maximum=b.limits.max_side)
                ch = b.int_field(chunk, "height", place + ", chunk", b.path, minimum=1, maximum=b.limits.max_side)
                x0, y0, x1, y1 = min(x0, cx), min(y0, cy), max(x1, cx + cw), max(y1, cy + ch)

    walk(layers)
    if x1 < x0:
        return (0, 0), 0, 0
    w, h = x1 - x0, y1 - y0
    if w > b.limits.max_side or h > b.limits.max_side or w * h > b.limits.max_cells:
        raise MapError(b.path, f"the infinite map's chunks span {number_text(w)}x{number_text(h)} cells, more than the limit of "
                       f"{b.limits.max_side} a side and {b.limits.max_cells} cells", "map")
    return (x0, y0), w, h


def _base(b: Builder, d: Raw, place: str) -> m.LayerBase:
    path = b.path
    opacity = b.num_field(d, "opacity", place, path, 1.0)
    if not 0.0 <= opacity <= 1.0:
        raise MapError(path, f"opacity {opacity} must lie between 0 and 1", place)
    properties = b.properties(d.get("properties"), place, path)
    return m.LayerBase(
        id=b.int_field(d, "id", place, path, default=0, minimum=0),
        name=b.str_field(d, "name", place, path),
        visible=b.bool_field(d, "visible", place, path, True),
        opacity=opacity,
        offset=(b.num_field(d, "offsetx", place, path, 0.0), b.num_field(d, "offsety", place, path, 0.0)),
        tint=b.color(d.get("tintcolor"), place, path),
        properties=properties,
        class_name=b.str_field(d, "class", place, path),
        hidden=_hidden(b, properties, place),
    )


def _hidden(b: Builder, props: m.Properties, place: str) -> bool:
    """The ``hidden`` property of a layer or an object: a bool, or a problem line naming what it is."""
    value = hidden_value(props)
    if value is None or isinstance(value, bool):
        return bool(value)
    kind = _TILED_KINDS.get(type(value), "a")
    shown = f"'{value.type_name}'" if isinstance(value, m.ClassValue) else brief(value)
    b.problem(f"{place}, property '{HIDDEN}'",
              f"must be a bool property (true or false), found {kind} property {shown}")
    return False


_TILED_KINDS: dict[type, str] = {str: "a string", int: "an int", float: "a float", m.Color: "a color",
                                 m.FileRef: "a file", m.ObjectRef: "an object", m.ClassValue: "a class"}


def _layer(b: Builder, d: Raw, width: int, height: int, origin: tuple[int, int], infinite: bool,
           parent: str) -> m.Layer:
    kind = d.get("type")
    place = f"{parent}layer {named(d.get('name', ''))}"
    base = _base(b, d, place)
    if kind == "tilelayer":
        return _tile_layer(b, d, base, width, height, origin, infinite, place)
    if kind == "objectgroup":
        objects = tuple(_object(b, o, place) for o in _list_of(d.get("objects"), b.path, place, "objects"))
        return m.ObjectLayer(base, objects, b.str_field(d, "draworder", place, b.path, "topdown"),
                             b.color(d.get("color"), place, b.path))
    if kind == "imagelayer":
        return m.ImageLayer(base, b.image(d, b.path.parent, b.path, place),
                            b.bool_field(d, "repeatx", place, b.path, False), b.bool_field(d, "repeaty", place, b.path, False))
    if kind == "group":
        children = tuple(_layer(b, c, width, height, origin, infinite, f"{place} / ") for c in d.get("layers") or [])
        return m.GroupLayer(base, children)
    raise MapError(b.path, f"unknown layer type {brief(kind)}", place)


def _tile_layer(b: Builder, d: Raw, base: m.LayerBase, width: int, height: int,
                origin: tuple[int, int], infinite: bool, place: str) -> m.TileLayer:
    info = d.get("data_info")
    if not isinstance(info, dict):
        raise MapError(b.path, "tile layer has no data", place)
    encoding = info.get("encoding") or "array"
    compression = info.get("compression") or None
    if not isinstance(encoding, str) or (compression is not None and not isinstance(compression, str)):
        raise MapError(b.path, "encoding and compression must be text", place)
    if not infinite:
        lw = b.int_field(d, "width", place, b.path, default=width)
        lh = b.int_field(d, "height", place, b.path, default=height)
        if (lw, lh) != (width, height):
            raise MapError(b.path, f"layer is {number_text(lw)}x{number_text(lh)} but the map is {width}x{height}", place)
        if "chunks" in info:
            raise MapError(b.path, "chunks are only allowed in infinite maps", place)
        gids = decode_gids(info.pop("data", None), encoding, compression, width * height, b.path, place)
        return m.TileLayer(base, 0, 0, width, height, m.TileData(gids))  # the raw data is dropped: 44 MB as JSON
    ox, oy = origin
    cells = array("I", bytes(4 * width * height))
    for chunk in _chunks(d):
        cx, cy = int(chunk["x"]), int(chunk["y"])
        cw, ch = int(chunk["width"]), int(chunk["height"])
        cplace = f"{place}, chunk at ({cx}, {cy})"
        gids = decode_gids(chunk.pop("data", None), encoding, compression, cw * ch, b.path, cplace)
        for row in range(ch):
            start = (cy - oy + row) * width + (cx - ox)
            cells[start:start + cw] = gids[row * cw:(row + 1) * cw]
    return m.TileLayer(base, ox, oy, width, height, m.TileData(cells))


def _object(b: Builder, raw: Any, layer_place: str) -> m.MapObject:
    path = b.path
    if not isinstance(raw, dict):
        raise MapError(path, f"malformed object {brief(raw)}", layer_place)
    place = f"{layer_place}, object {short(raw.get('id', '?'))}"
    if raw.get("name"):
        place += f" {named(raw.get('name'))}"
    d, template = b.apply_template(raw, place)
    if "typed_properties" in d:
        props = d["typed_properties"]
    else:
        props = b.properties(d.get("properties"), place, path)
        b.count_object_properties(len(props), place)
    gid = b.int_field(d, "gid", place, path, default=0, minimum=0, maximum=0xFFFFFFFF)
    points: tuple[tuple[float, float], ...] = ()
    if gid:
        shape = m.ObjectShape.TILE
    elif d.get("point"):
        shape = m.ObjectShape.POINT
    elif d.get("ellipse"):
        shape = m.ObjectShape.ELLIPSE
    elif d.get("polygon") is not None:
        shape, points = m.ObjectShape.POLYGON, check_polygon(d["polygon"], path, place)
    elif d.get("polyline") is not None:
        shape, points = m.ObjectShape.POLYLINE, check_polygon(d["polyline"], path, place)
    elif d.get("text") is not None:
        shape = m.ObjectShape.TEXT
    else:
        shape = m.ObjectShape.RECTANGLE
    text = d.get("text")
    class_name = b.str_field(d, "class", place, path) or b.str_field(d, "type", place, path)
    return m.MapObject(
        id=b.int_field(d, "id", place, path, default=0, minimum=0),
        name=b.str_field(d, "name", place, path),
        class_name=class_name,
        shape=shape,
        x=b.num_field(d, "x", place, path),
        y=b.num_field(d, "y", place, path),
        width=b.num_field(d, "width", place, path),
        height=b.num_field(d, "height", place, path),
        rotation=b.num_field(d, "rotation", place, path),
        gid=gid,
        visible=b.bool_field(d, "visible", place, path, True),
        points=points,
        text=str(text.get("text", "")) if isinstance(text, dict) else "",
        properties=props,
        template=template,
        hidden=_hidden(b, props, place),
    )


def _check_gids(b: Builder, layers: tuple[m.Layer, ...]) -> None:
    """Every gid on a tile layer or tile object must name a tile of some tileset.

    Each unknown tile id is reported once, at its first cell. Linear in the cells
    and done in numpy: a hostile layer may name a million different unknown ids.
    """
    for layer in layers:
        if isinstance(layer, m.GroupLayer):
            _check_gids(b, layer.layers)
        elif isinstance(layer, m.TileLayer):
            _check_layer_gids(b, layer)
        elif isinstance(layer, m.ObjectLayer):
            for obj in layer.objects:
                if obj.gid and not b.gid_known(obj.gid):
                    b.problem(f"layer {named(layer.base.name)}, object {short(obj.id)}",
                              f"tile id {obj.gid & m.GID_MASK} belongs to no tileset of the map")


def _check_layer_gids(b: Builder, layer: m.TileLayer) -> None:
    if len(layer.data) <= _SMALL_LAYER:
        _check_small_layer_gids(b, layer)
        return
    import numpy as np

    data = np.asarray(layer.data, dtype=np.uint32)  # a TileData's own buffer, not a copy
    known_in = _known_gids_test(b)
    unknown: list[Any] = []  # each block's distinct unknown ids: at most 4 bytes a cell in all
    reported: set[int] = set()
    for start in range(0, len(data), _BLOCK):
        gids = data[start:start + _BLOCK] & np.uint32(m.GID_MASK)
        at = np.flatnonzero(~known_in(gids))
        if not len(at):
            continue
        values, first = np.unique(gids[at], return_index=True)  # each unknown id of the block once, at its first cell
        unknown.append(values)
        for i in np.sort(first).tolist():
            if b.is_full():
                break
            gid = int(gids[at[i]])
            if gid in reported:
                continue
            reported.add(gid)
            cell = start + int(at[i])
            col, row = layer.x + cell % layer.width, layer.y + cell // layer.width
            b.problem(f"layer {named(layer.base.name)}, cell ({col}, {row})",
                      f"tile id {gid} belongs to no tileset of the map")
    if unknown:
        ids = np.sort(np.concatenate(unknown))  # sorted by hand: np.unique hashes, slowly, a million distinct ids
        b.more_problems += 1 + int(np.count_nonzero(ids[1:] != ids[:-1])) - len(reported)

_SMALL_LAYER = 1 << 16
"""Layers up to this many cells are checked without numpy (importing it costs more than the check)."""
_BLOCK = 1 << 16
"""Cells of a large layer checked at once: numpy's temporary arrays stay below a few megabytes."""


def _check_small_layer_gids(b: Builder, layer: m.TileLayer) -> None:
    unknown = {gid & m.GID_MASK for gid in set(layer.data) if not b.gid_known(gid)}
    if not unknown:
        return
    reported: set[int] = set()
    for at, raw in enumerate(layer.data):
        gid = raw & m.GID_MASK
        if gid in unknown and gid not in reported:
            reported.add(gid)
            col, row = layer.x + at % layer.width, layer.y + at // layer.width
            b.problem(f"layer {named(layer.base.name)}, cell ({col}, {row})", f"tile id {gid} belongs to no tileset of the map")


def _known_gids_test(b: Builder) -> Callable[[Any], Any]:
    """A test that takes an array of masked gids and tells, for each, whether it is empty or names a
    tile: :meth:`Builder.gid_known`, vectorised. A gid belongs to the tileset with the largest
    ``firstgid`` not above it."""
    import numpy as np

    tilesets = sorted(b.tilesets, key=lambda ts: ts.firstgid)
    firsts = np.array([ts.firstgid for ts in tilesets], dtype=np.int64)
    counts = np.array([ts.tile_count if ts.image is not None else -1 for ts in tilesets], dtype=np.int64)
    ends = [ts.firstgid for ts in tilesets[1:]] + [m.GID_MASK + 1]
    candidates = np.array([ts.firstgid + tid for ts, end in zip(tilesets, ends) if ts.image is None
                           for tid in ts.tiles if ts.firstgid + tid < end], dtype=np.int64)

    def known(gids: Any) -> Any:
        is_known = gids == 0
        if not tilesets:
            return is_known
        owner = np.searchsorted(firsts, gids, side="right") - 1
        has_owner = owner >= 0
        owner = np.maximum(owner, 0)
        local = gids.astype(np.int64) - firsts[owner]
        is_known |= has_owner & (local < counts[owner])
        if len(candidates):
            is_known |= np.isin(gids, candidates) & has_owner & (counts[owner] < 0)
        return is_known

    return known
