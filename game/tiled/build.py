"""JSON-shaped dicts (from a .tmj directly, or from a .tmx via ``xmlread``, see ``documents``) -> checked model.

Every check lives here once, for both formats. Structural problems that make
the rest meaningless (a wrong header, a file that is not there, a cap exceeded)
raise a :class:`MapError` at once; the others (a property of the wrong type,
an unknown tile id, a missing image) are collected so a map maker sees every
problem of a file together, then raised as :class:`MapProblems`.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from game.errors import MapError
from game.tiled import model as m
from game.tiled.documents import Raw, as_list, parse_document
from game.tiled.files import Limits, brief, image_header_size, named, number_text, read_limited, resolve_inside
from game.tiled.problems import MAX_PROBLEMS, MoreProblems
from game.tiled.tile_data import is_gid_text


@dataclass
class Builder:
    """The state of one map's load: its files, the problems found, the tilesets so far."""

    path: Path
    root: m.ProjectRoot
    limits: Limits
    problems: list[MapError] = field(default_factory=list)
    """The first :data:`MAX_PROBLEMS` problems found."""
    more_problems: int = 0
    """How many more were found: counted, not kept (a hostile map may have millions)."""
    tilesets: list[m.Tileset] = field(default_factory=list)
    _tileset_files: dict[Path, Raw] = field(default_factory=dict)
    _templates: dict[Path, Raw] = field(default_factory=dict)
    _tileset_bodies: dict[Path, m.Tileset] = field(default_factory=dict)
    """External tilesets built once each, however many times the map refers to them."""
    _template_properties: dict[Path, dict[str, m.PropertyValue]] = field(default_factory=dict)
    """A template's typed properties, read (and their problems reported) once, not once per instance."""
    _image_files: dict[tuple[str, Path], tuple[Path, bool, tuple[int, int] | None]] = field(default_factory=dict)
    """Each image path as written (and the folder it is read from): where it leads, whether it is a
    file, its size from its header."""
    object_properties: int = 0
    """Custom properties of the objects read so far (see ``Limits.max_object_properties``)."""
    _image_pixels: dict[Path, int] = field(default_factory=dict)
    """Width x height of each distinct image file read so far (see ``Limits.max_map_image_pixels``)."""
    _image_total: int = 0

    # -- small typed readers ------------------------------------------------------------

    def is_full(self) -> bool:
        """True once :data:`MAX_PROBLEMS` problems are kept: a caller may skip composing the next message."""
        return len(self.problems) >= MAX_PROBLEMS

    def problem(self, place: str, detail: str, path: Path | None = None) -> None:
        if self.is_full():
            self.more_problems += 1
        else:
            self.problems.append(MapError(path or self.path, detail, place))

    def add(self, error: MapError) -> None:
        if self.is_full():
            self.more_problems += 1
        else:
            self.problems.append(error)

    def found(self) -> list[MapError]:
        """The problems kept, then a :class:`MoreProblems` line if there were more."""
        return self.problems + ([MoreProblems(self.path, self.more_problems)] if self.more_problems else [])

    def int_field(self, d: Raw, key: str, place: str, path: Path, default: int | None = None,
                  minimum: int | None = None, maximum: int | None = None) -> int:
        value = d.get(key, default)
        if value is None:
            raise MapError(path, f"'{key}' is missing", place)
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            else:
                raise MapError(path, f"'{key}' must be a whole number, found {brief(value)}", place)
        if minimum is not None and value < minimum:
            raise MapError(path, f"'{key}' is {number_text(value)}, it must be at least {minimum}", place)
        if maximum is not None and value > maximum:
            raise MapError(path, f"'{key}' is {number_text(value)}, more than the limit of {maximum}", place)
        return value

    def num_field(self, d: Raw, key: str, place: str, path: Path, default: float = 0.0) -> float:
        value = d.get(key, default)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise MapError(path, f"'{key}' must be a number, found {brief(value)}", place)
        if value != value or value in (float("inf"), float("-inf")):
            raise MapError(path, f"'{key}' must be a finite number, found {brief(value)}", place)
        try:
            return float(value)
        except OverflowError:  # a whole number of 309 digits or more
            raise MapError(path, f"'{key}' is {number_text(value)}, too large for a coordinate or size", place) from None

    def str_field(self, d: Raw, key: str, place: str, path: Path, default: str = "") -> str:
        value = d.get(key, default)
        if value is None:
            return default
        if not isinstance(value, str):
            raise MapError(path, f"'{key}' must be text, found {brief(value)}", place)
        return value

    def bool_field(self, d: Raw, key: str, place: str, path: Path, default: bool) -> bool:
        value = d.get(key, default)
        if isinstance(value, bool):
            return value
        if isinstance(value, int) and value in (0, 1):
            return bool(value)
        raise MapError(path, f"'{key}' must be true or false, found {brief(value)}", place)

    def color(self, text: Any, place: str, path: Path) -> m.Color | None:
        if text is None or text == "":
            return None
        if not isinstance(text, str):
            raise MapError(path, f"a colour must be text like '#ff8800', found {brief(text)}", place)
        return parse_color(text, path, place)

    # -- properties ---------------------------------------------------------------------

    def properties(self, raw: Any, place: str, path: Path) -> dict[str, m.PropertyValue]:
        out: dict[str, m.PropertyValue] = {}
        if raw is None:
            return out
        if isinstance(raw, dict):  # very old JSON: {"name": value}
            raw = [{"name": k, "type": "string", "value": v} for k, v in raw.items()]
        if not isinstance(raw, list):
            self.problem(place, f"properties must be a list, found {type(raw).__name__}", path)
            return out
        for entry in raw:
            if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
                self.problem(place, f"malformed property {brief(entry)}", path)
                continue
            name = entry["name"]
            try:
                out[name] = self.property_value(entry, f"{place}, property {named(name)}", path)
            except MapError as exc:
                self.add(exc)
        return out

    def property_value(self, entry: Raw, place: str, path: Path) -> m.PropertyValue:
        kind = entry.get("type", "string") or "string"
        value = entry.get("value")
        textual = bool(entry.get("from_text"))
        if kind == "string":
            if isinstance(value, str):
                return value
        elif kind == "int":
            if textual and isinstance(value, str):
                try:
                    return int(value.strip())
                except ValueError:
                    pass
            elif isinstance(value, int) and not isinstance(value, bool):
                return value
        elif kind == "float":
            if textual and isinstance(value, str):
                try:
                    number = float(value.strip())
                    if number == number and abs(number) != float("inf"):
                        return number
                except ValueError:
                    pass
            elif isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) < 1e308:
                return float(value)
        elif kind == "bool":
            if textual and value in ("true", "false"):
                return bool(value == "true")
            if isinstance(value, bool):
                return value
        elif kind == "color":
            if isinstance(value, str):
                if value == "":
                    return ""
                return parse_color(value, path, place)
        elif kind == "file":
            if isinstance(value, str):
                if value == "":
                    return ""
                # kept, never opened (music, notes for other tools): so not held to the project root
                return m.FileRef(Path(os.path.normpath(path.parent / value)) if "://" not in value else Path(value))
        elif kind == "list":
            if isinstance(value, list):
                items: list[m.PropertyValue] = []
                for i, item in enumerate(value):
                    if not isinstance(item, dict):
                        raise MapError(path, f"list item {i} must be an object with a type and a value", place)
                    items.append(self.property_value(item, f"{place}, item {i}", path))
                return tuple(items)
        elif kind == "object":
            if textual and isinstance(value, str) and is_gid_text(value):  # an object id is a 32-bit number too
                return m.ObjectRef(int(value))
            if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
                return m.ObjectRef(value)
        elif kind == "class":
            type_name = str(entry.get("propertytype", ""))
            if entry.get("xml_members"):
                return m.ClassValue(type_name, self.properties(value, place, path))
            if isinstance(value, dict):
                return m.ClassValue(type_name, _plain_members(value))
        else:
            raise MapError(path, f"unknown property type {named(kind)} (Tiled's are string, int, float, bool, color, file, object, class, list)", place)
        raise MapError(path, f"value {brief(value)} is not a valid {kind}", place)

    # -- files --------------------------------------------------------------------------

    def document(self, ref: str, base_dir: Path, owner: Path, place: str, kind: str,
                 cache: dict[Path, Raw]) -> tuple[Path, Raw]:
        target = resolve_inside(ref, base_dir, self.root, owner, place)
        if target not in cache:
            try:
                data = read_limited(target, self.limits, owner, place)
                cache[target] = parse_document(data, target, kind)
            except MapError as exc:
                if exc.path != str(target):
                    raise
                # Name the referring file and place first: the line is read as a problem of the map.
                inner = f"{exc.place}: " if exc.place else ""
                raise MapError(owner, f"{ref}: {inner}{exc.detail}", place) from None
        return target, cache[target]

    def image(self, d: Raw, base_dir: Path, owner: Path, place: str, key: str = "image") -> m.Image | None:
        ref = d.get(key)
        if ref is None or ref == "":
            if d.get("embedded_image"):
                self.problem(place, "images embedded in the file are not supported; save the image as a file", owner)
            return None
        if not isinstance(ref, str):
            raise MapError(owner, f"image source must be text, found {brief(ref)}", place)
        known = self._image_files.get((ref, base_dir))
        if known is None:  # an image collection may name one file 200000 times: looked at once
            source = resolve_inside(ref, base_dir, self.root, owner, place)
            try:
                size = image_header_size(source) if source.is_file() else None
            except MapError as exc:
                raise MapError(owner, f"image {ref}: {exc.detail}", place) from None
            known = self._image_files[(ref, base_dir)] = (source, source.is_file(), size)
        source, found, header = known
        width = self.int_field(d, "imagewidth", place, owner, default=0, minimum=0) or None
        height = self.int_field(d, "imageheight", place, owner, default=0, minimum=0) or None
        trans = self.color(d.get("transparentcolor"), place, owner)
        if not found:
            self.problem(place, f"image not found: {ref}", owner)
        else:
            if header is not None:
                w, h = header
                if max(w, h) > self.limits.max_image_side or w * h > self.limits.max_image_pixels:
                    raise MapError(owner, f"image {ref} is {w}x{h} pixels, larger than the limit of "
                                   f"{self.limits.max_image_side} a side / {self.limits.max_image_pixels} pixels", place)
                if source not in self._image_pixels:
                    self._image_pixels[source] = w * h
                    self._image_total += w * h
                if self._image_total > self.limits.max_map_image_pixels:
                    raise MapError(owner, f"image {ref} brings the map's images to {self._image_total} "
                                   f"pixels, over the limit of {self.limits.max_map_image_pixels} pixels for all the "
                                   f"images of a map (Limits.max_map_image_pixels)", place)
                width = width or w
                height = height or h
        return m.Image(source, width, height, trans)

    # -- tilesets -----------------------------------------------------------------------

    def tileset(self, ref: Raw, place: str) -> m.Tileset:
        firstgid = self.int_field(ref, "firstgid", place, self.path, minimum=1, maximum=m.GID_MASK)
        source_ref = ref.get("source")
        if source_ref:
            if not isinstance(source_ref, str):
                raise MapError(self.path, f"tileset source must be text, found {brief(source_ref)}", place)
            file, d = self.document(source_ref, self.path.parent, self.path, place, "tileset", self._tileset_files)
            return self._external_tileset(d, firstgid, file)
        return self._tileset_body(ref, firstgid, None, self.path, f"tileset {named(ref.get('name', ''))}")

    def _external_tileset(self, d: Raw, firstgid: int, file: Path) -> m.Tileset:
        built = self._tileset_bodies.get(file)
        if built is None:
            built = self._tileset_bodies[file] = self._tileset_body(
                d, firstgid, file, file, f"tileset {named(d.get('name', file.name))}")
        return replace(built, firstgid=firstgid)

    def _tileset_body(self, d: Raw, firstgid: int, source: Path | None, owner: Path, place: str) -> m.Tileset:
        base_dir = owner.parent
        tw = self.int_field(d, "tilewidth", place, owner, minimum=1, maximum=self.limits.max_image_side)
        th = self.int_field(d, "tileheight", place, owner, minimum=1, maximum=self.limits.max_image_side)
        spacing = self.int_field(d, "spacing", place, owner, default=0, minimum=0)
        margin = self.int_field(d, "margin", place, owner, default=0, minimum=0)
        image = self.image(d, base_dir, owner, place)
        columns = self.int_field(d, "columns", place, owner, default=0, minimum=0)
        tile_count = self.int_field(d, "tilecount", place, owner, default=0, minimum=0,
                                    maximum=self.limits.max_tiles_per_tileset)
        if image is not None and image.width and image.height:
            fit_cols = max(0, (image.width - margin + spacing) // (tw + spacing))  # as Tiled counts: one margin
            fit_rows = max(0, (image.height - margin + spacing) // (th + spacing))
            columns = columns or fit_cols
            tile_count = tile_count or fit_cols * fit_rows
        elif image is not None and not tile_count:
            self.problem(place, "the tileset gives neither its image size nor its tile count", owner)
        offset = d.get("tileoffset") or {}
        if not isinstance(offset, dict):
            raise MapError(owner, f"'tileoffset' must be an object with x and y, found {brief(offset)}", place)
        tile_offset = (self.int_field(offset, "x", place + ", tileoffset", owner, default=0),
                       self.int_field(offset, "y", place + ", tileoffset", owner, default=0))
        tiles: dict[int, m.Tile] = {}
        for raw_tile in as_list(d.get("tiles"), owner, place):
            if not isinstance(raw_tile, dict):
                raise MapError(owner, f"malformed tile entry {brief(raw_tile)}", place)
            tid = self.int_field(raw_tile, "id", place, owner, minimum=0, maximum=self.limits.max_tiles_per_tileset)
            tplace = f"{place}, tile {tid}"
            tile_image = self.image(raw_tile, base_dir, owner, tplace)
            rect = None
            if "width" in raw_tile and "height" in raw_tile:
                rect = (self.int_field(raw_tile, "x", tplace, owner, default=0, minimum=0),
                        self.int_field(raw_tile, "y", tplace, owner, default=0, minimum=0),
                        self.int_field(raw_tile, "width", tplace, owner, minimum=0),
                        self.int_field(raw_tile, "height", tplace, owner, minimum=0))
            frames = tuple(
                m.Frame(self.int_field(f, "tileid", tplace, owner, minimum=0),
                        self.int_field(f, "duration", tplace, owner, minimum=0))
                for f in as_list(raw_tile.get("animation"), owner, tplace) if isinstance(f, dict)
            )
            tiles[tid] = m.Tile(
                id=tid,
                class_name=self.str_field(raw_tile, "class", tplace, owner) or self.str_field(raw_tile, "type", tplace, owner),
                properties=self.properties(raw_tile.get("properties"), tplace, owner),
                image=tile_image,
                rect=rect,
                animation=frames,
            )
        if image is None:
            tile_count = max(tile_count, max(tiles, default=-1) + 1)
        return m.Tileset(
            firstgid=firstgid,
            name=self.str_field(d, "name", place, owner),
            source=source,
            tile_width=tw,
            tile_height=th,
            tile_count=tile_count,
            columns=columns,
            spacing=spacing,
            margin=margin,
            tile_offset=tile_offset,
            object_alignment=self.str_field(d, "objectalignment", place, owner, "unspecified"),
            image=image,
            tiles=tiles,
            properties=self.properties(d.get("properties"), place, owner),
            class_name=self.str_field(d, "class", place, owner),
            # as Tiled reads them: any other text means the default
            render_size="grid" if self.str_field(d, "tilerendersize", place, owner) == "grid" else "tile",
            fill_mode=("preserve-aspect-fit" if self.str_field(d, "fillmode", place, owner) == "preserve-aspect-fit"
                       else "stretch"),
        )

    def count_object_properties(self, count: int, place: str) -> None:
        """Count properties an object gets; past ``Limits.max_object_properties`` the map is refused
        (a template with 20000 properties and 5000 instances would be a hundred million copies)."""
        self.object_properties += count
        if self.object_properties > self.limits.max_object_properties:
            raise MapError(self.path, f"the map's objects have more than {self.limits.max_object_properties} "
                           "custom properties in all (a template's counted once per object using it)", place)

    def gid_known(self, gid: int) -> bool:
        gid &= m.GID_MASK
        if gid == 0:
            return True
        owner = None
        for ts in self.tilesets:
            if ts.firstgid <= gid:
                owner = ts
        if owner is None:
            return False
        local = gid - owner.firstgid
        if owner.image is None:
            return local in owner.tiles
        return local < owner.tile_count

    # -- templates ----------------------------------------------------------------------

    def apply_template(self, obj: Raw, place: str) -> tuple[Raw, Path | None]:
        ref = obj.get("template")
        if not ref:
            return obj, None
        if not isinstance(ref, str):
            raise MapError(self.path, f"template must be a file path, found {brief(ref)}", place)
        file, tmpl = self.document(ref, self.path.parent, self.path, place, "template", self._templates)
        base = tmpl.get("object")
        if not isinstance(base, dict):
            raise MapError(file, "template holds no object")
        merged: Raw = dict(base)
        merged.pop("id", None)
        for key, value in obj.items():
            if key != "properties":
                merged[key] = value
        tmpl_props = self._template_properties.get(file)
        if tmpl_props is None:
            tmpl_props = self._template_properties[file] = self.properties(
                base.get("properties"), f"template {file.name}", file)
        own_props = self.properties(obj.get("properties"), place, self.path)
        self.count_object_properties(len(tmpl_props) + len(own_props), place)
        merged["typed_properties"] = {**tmpl_props, **own_props}
        if "gid" not in obj and isinstance(base.get("gid"), int) and base["gid"]:
            merged["gid"] = self._template_gid(base["gid"], tmpl, file)
        return merged, file

    def _template_gid(self, gid: int, tmpl: Raw, file: Path) -> int:
        """A template's gid counts in the template's own tileset; find (or add) it in the map's."""
        ref = tmpl.get("tileset")
        if not isinstance(ref, dict) or not ref.get("source"):
            raise MapError(file, "a tile template must name its tileset file")
        tfirst = self.int_field(ref, "firstgid", "tileset", file, minimum=1)
        source = resolve_inside(str(ref["source"]), file.parent, self.root, file, "tileset")
        flags = gid & m.GID_FLAG_MASK
        local = (gid & m.GID_MASK) - tfirst
        for ts in self.tilesets:
            if ts.source == source:
                return (ts.firstgid + local) | flags
        _, d = self.document(str(ref["source"]), file.parent, file, "tileset", "tileset", self._tileset_files)
        next_gid = max((ts.firstgid + max(ts.tile_count, 1) for ts in self.tilesets), default=1)
        ts = self._external_tileset(d, next_gid, source)
        self.tilesets.append(ts)
        return (ts.firstgid + local) | flags


def _plain_members(value: Raw) -> dict[str, m.PropertyValue]:
    out: dict[str, m.PropertyValue] = {}
    for k, v in value.items():
        if isinstance(v, dict):
            out[str(k)] = m.ClassValue("", _plain_members(v))
        elif isinstance(v, (str, int, float, bool)):
            out[str(k)] = v
        else:
            out[str(k)] = json.dumps(v)
    return out


def parse_color(text: str, path: Path, place: str) -> m.Color:
    digits = text.strip().lstrip("#")
    try:
        if len(digits) == 6:
            return m.Color(int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16))
        if len(digits) == 8:
            return m.Color(int(digits[2:4], 16), int(digits[4:6], 16), int(digits[6:8], 16), int(digits[0:2], 16))
    except ValueError:
        pass
    raise MapError(path, f"{named(text)} is not a colour (Tiled writes #RRGGBB or #AARRGGBB)", place)


def check_polygon(points: Any, path: Path, place: str) -> tuple[tuple[float, float], ...]:
    """Polygon points as TMX writes them ("x,y x,y") or JSON does ([{x, y}])."""
    out: list[tuple[float, float]] = []
    try:
        if isinstance(points, str):
            for pair in points.split():
                x, y = pair.split(",")
                out.append((float(x), float(y)))
        elif isinstance(points, list):
            for p in points:
                out.append((float(p["x"]), float(p["y"])))
        else:
            raise ValueError
    except (ValueError, KeyError, TypeError, OverflowError):
        raise MapError(path, f"malformed points {brief(points)}", place) from None
    if any(x != x or y != y or abs(x) == float("inf") or abs(y) == float("inf") for x, y in out):
        raise MapError(path, "points must be finite numbers", place)
    return tuple(out)
