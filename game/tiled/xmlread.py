"""TMX/TSX/TX (XML) -> the dict shape of Tiled's JSON format.

Both formats then go through one builder (``build.py``), so every check is
written once. The XML is parsed by expat directly. A bare DOCTYPE that only names
an external DTD (``<!DOCTYPE map SYSTEM "http://mapeditor.org/dtd/1.0/map.dtd">``,
which Tiled before 0.10 wrote into every map) is accepted and ignored: the DTD is
never fetched or read. An internal subset, any entity declaration and any
reference to an entity that is not one of XML's five are refused, so nothing is
ever expanded.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, Callable
from xml.parsers import expat

from game.errors import MapError


class _Refused(Exception):
    pass


MAX_DEPTH = 256
"""Deepest nesting of elements, read or skipped (group layers in groups, class properties in class properties)."""

_LAYERS = ("layer", "objectgroup", "imagelayer", "group")
READ_CHILDREN: dict[str, tuple[str, ...]] = {
    "map": ("properties", "tileset", *_LAYERS),
    "template": ("tileset", "object"),
    "tileset": ("tileoffset", "image", "properties", "tile"),
    "tile": ("properties", "image", "animation"),
    "animation": ("frame",),
    "properties": ("property",),
    "property": ("properties", "item"),
    "item": ("properties", "item"),
    "layer": ("properties", "data"),
    "data": ("chunk", "tile"),
    "chunk": ("tile",),
    "objectgroup": ("properties", "object"),
    "object": ("properties", "ellipse", "point", "polygon", "polyline", "text"),
    "imagelayer": ("properties", "image"),
    "group": ("properties", *_LAYERS),
}
"""The elements this reader reads inside each element; any other (Wang sets, a tile's collision shapes, editor
settings, elements of later Tiled versions) is skipped with everything in it, never built."""


class _BareDoctype(Exception):
    """A DOCTYPE that only names an external DTD ends at byte ``end`` (its ``>``)."""

    def __init__(self, end: int) -> None:
        super().__init__(end)
        self.end = end


def parse_xml(data: bytes, path: Path,
              check_root: Callable[[str, dict[str, str]], None] | None = None) -> ET.Element:
    """Parse bytes into an element tree, refusing entities; errors name line and column.

    A DOCTYPE without an internal subset is blanked out (spaces, its line breaks
    kept so that lines keep their numbers) and the file parsed again without it:
    its DTD is never read, and a reference to an entity it might have declared is
    then "undefined", as if it had none. (With the DOCTYPE in place expat would
    drop such a reference from an attribute value without a word.)

    ``check_root`` sees the root element's tag and attributes as soon as expat
    reads its start tag, before anything else of the file is parsed, and may
    raise a :class:`MapError` to stop there (the map's size caps use it).
    """
    try:
        return _parse(data, path, check_root)
    except _BareDoctype as doctype:
        begin = data.rfind(b"<!DOCTYPE", 0, doctype.end)
        if begin < 0:  # not ASCII-compatible text: Tiled writes UTF-8
            raise MapError(path, "a DOCTYPE is only accepted in UTF-8 files") from None
        blank = bytes(c if c in b"\r\n" else 0x20 for c in data[begin:doctype.end + 1])
        return _parse(data[:begin] + blank + data[doctype.end + 1:], path, check_root)


def _parse(data: bytes, path: Path, check_root: Callable[[str, dict[str, str]], None] | None) -> ET.Element:
    parser = expat.ParserCreate()
    builder = ET.TreeBuilder()
    open_tags: list[str] = []  # the elements being built, root first
    skipped = 0  # how deep inside an element that is not read (0: not inside one)

    def start(tag: str, attrs: dict[str, str]) -> None:
        nonlocal skipped
        if skipped:
            skipped += 1
            if len(open_tags) + skipped > MAX_DEPTH:  # expat keeps every open element: 4 million take 0.5 GB
                raise _Refused(f"elements nested too deeply (more than {MAX_DEPTH} levels)")
            return
        if not open_tags:
            if check_root is not None:
                check_root(tag, attrs)
        elif tag not in READ_CHILDREN.get(open_tags[-1], ()):
            skipped = 1  # neither it nor anything inside it is built
            return
        if len(open_tags) >= MAX_DEPTH:
            raise _Refused(f"elements nested too deeply (more than {MAX_DEPTH} levels)")
        open_tags.append(tag)
        builder.start(tag, attrs)

    def end(tag: str) -> None:
        nonlocal skipped
        if skipped:
            skipped -= 1
            return
        open_tags.pop()
        builder.end(tag)

    def characters(text: str) -> None:
        if not skipped:
            builder.data(text)

    def check_doctype(_name: str, _system: str | None, _public: str | None, has_internal_subset: int) -> None:
        if has_internal_subset:
            raise _Refused("a DOCTYPE with an internal subset ([...]) is not allowed in Tiled files: "
                           "it could declare entities")
        raise _BareDoctype(parser.CurrentByteIndex)

    def refuse_entity(*_: object) -> None:
        raise _Refused("entity declarations are not allowed in Tiled files")

    parser.StartDoctypeDeclHandler = check_doctype
    parser.EntityDeclHandler = refuse_entity
    parser.ExternalEntityRefHandler = lambda *_: refuse_entity()  # type: ignore[assignment]
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = characters
    parser.buffer_text = True
    try:
        parser.Parse(data, True)
    except _Refused as exc:
        raise MapError(path, str(exc), f"line {parser.CurrentLineNumber}") from None
    except LookupError:  # expat asks Python's codecs for an encoding it does not know itself
        raise MapError(path, "not valid XML: the declaration names an unknown text encoding "
                       "(Tiled writes UTF-8)", "line 1") from None
    except expat.ExpatError as exc:
        reason = expat.ErrorString(exc.code) if exc.code is not None else str(exc)
        raise MapError(path, f"not valid XML: {reason}", f"line {exc.lineno}, column {exc.offset + 1}") from None
    root = builder.close()
    return root


def _num(value: str) -> int | float | str:
    """Numbers as Tiled's JSON would have them (ints stay ints); malformed text is kept for the builder to refuse."""
    try:
        return int(value)
    except ValueError:
        try:
            return float(value)
        except ValueError:
            return value


_NUMERIC_ATTRS = {
    "width", "height", "tilewidth", "tileheight", "hexsidelength", "firstgid", "tilecount", "columns",
    "spacing", "margin", "id", "x", "y", "offsetx", "offsety", "opacity", "rotation", "gid",
    "imagewidth", "imageheight", "nextlayerid", "nextobjectid", "parallaxx", "parallaxy", "tileid", "duration",
}
_BOOL_ATTRS = {"visible", "infinite", "repeatx", "repeaty"}


def _attrs(el: ET.Element) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in el.attrib.items():
        if key in _BOOL_ATTRS:
            out[key] = value.strip() not in ("0", "false")
        elif key in _NUMERIC_ATTRS:
            out[key] = _num(value)
        else:
            out[key] = value
    return out


def _properties(el: ET.Element) -> list[dict[str, Any]]:
    props = el.find("properties")
    if props is None:
        return []
    return [{"name": p.get("name", ""), **_property_value(p)} for p in props.findall("property")]


def _property_value(p: ET.Element) -> dict[str, Any]:
    """A <property> (or a list's <item>) without its name: its type and value as Tiled's JSON has them."""
    entry: dict[str, Any] = {"type": p.get("type", "string")}
    if p.get("propertytype") is not None:
        entry["propertytype"] = p.get("propertytype")
    if entry["type"] == "class":
        entry["value"] = _properties(p)
        entry["xml_members"] = True
    elif entry["type"] == "list":  # Tiled 1.12: <item type=".." value=".."/> elements, each typed
        entry["value"] = [_property_value(item) for item in p.findall("item")]
    elif "value" in p.attrib:
        entry["value"] = p.get("value")
    else:
        entry["value"] = p.text or ""
    entry["from_text"] = True
    return entry


def _image(el: ET.Element | None, into: dict[str, Any], key: str = "image") -> None:
    if el is None:
        return
    into[key] = el.get("source", "")
    if el.get("width") is not None:
        into["imagewidth"] = _num(el.get("width", ""))
    if el.get("height") is not None:
        into["imageheight"] = _num(el.get("height", ""))
    if el.get("trans") is not None:
        into["transparentcolor"] = el.get("trans")
    if el.find("data") is not None:
        into["embedded_image"] = True


def tileset_dict(el: ET.Element) -> dict[str, Any]:
    """A <tileset> element (embedded, a reference, or a .tsx root) as a JSON-shaped dict."""
    d = _attrs(el)
    if "class" in d or "type" in d:
        d["class"] = d.pop("class", d.pop("type", ""))
    offset = el.find("tileoffset")
    if offset is not None:
        d["tileoffset"] = {"x": _num(offset.get("x", "0")), "y": _num(offset.get("y", "0"))}
    _image(el.find("image"), d)
    d["properties"] = _properties(el)
    tiles = []
    for t in el.findall("tile"):
        td = _attrs(t)
        if "class" in td or "type" in td:
            td["class"] = td.pop("class", td.pop("type", ""))
        td["properties"] = _properties(t)
        _image(t.find("image"), td)
        anim = t.find("animation")
        if anim is not None:
            td["animation"] = [_attrs(f) for f in anim.findall("frame")]
        tiles.append(td)
    d["tiles"] = tiles
    return d


def _data(el: ET.Element) -> dict[str, Any]:
    d: dict[str, Any] = {}
    encoding = el.get("encoding")
    compression = el.get("compression")
    if encoding is None:
        d["encoding"] = "xml"
    else:
        d["encoding"] = encoding
    if compression is not None:
        d["compression"] = compression
    chunks = el.findall("chunk")
    if chunks:
        d["chunks"] = []
        for c in chunks:
            cd = _attrs(c)
            cd["data"] = _payload(c, encoding)
            d["chunks"].append(cd)
    else:
        d["data"] = _payload(el, encoding)
    return d


def _payload(el: ET.Element, encoding: str | None) -> Any:
    if encoding is None:
        return [_num(t.get("gid", "0")) for t in el.findall("tile")]
    return el.text or ""


def _object(el: ET.Element) -> dict[str, Any]:
    d = _attrs(el)
    if "class" in d or "type" in d:
        d["class"] = d.pop("class", d.pop("type", ""))
    d["properties"] = _properties(el)
    if el.find("ellipse") is not None:
        d["ellipse"] = True
    if el.find("point") is not None:
        d["point"] = True
    for kind in ("polygon", "polyline"):
        poly = el.find(kind)
        if poly is not None:
            d[kind] = poly.get("points", "")
    text = el.find("text")
    if text is not None:
        d["text"] = {"text": text.text or ""}
    return d


def _layer(el: ET.Element) -> dict[str, Any] | None:
    kinds = {"layer": "tilelayer", "objectgroup": "objectgroup", "imagelayer": "imagelayer", "group": "group"}
    kind = kinds.get(el.tag)
    if kind is None:
        return None
    d = _attrs(el)
    d.pop("type", None)
    d["type"] = kind
    d["properties"] = _properties(el)
    if kind == "tilelayer":
        data = el.find("data")
        d["data_info"] = _data(data) if data is not None else None
    elif kind == "objectgroup":
        d["objects"] = [_object(o) for o in el.findall("object")]
    elif kind == "imagelayer":
        _image(el.find("image"), d)
    else:
        d["layers"] = [x for x in (_layer(c) for c in el) if x is not None]
    return d


def map_dict(root: ET.Element, path: Path) -> dict[str, Any]:
    if root.tag != "map":
        raise MapError(path, f"not a Tiled map: the root element is <{root.tag}>, expected <map>")
    d = _attrs(root)
    d["properties"] = _properties(root)
    d["tilesets"] = [tileset_dict(t) for t in root.findall("tileset")]
    d["layers"] = [x for x in (_layer(c) for c in root) if x is not None]
    return d


def template_dict(root: ET.Element, path: Path) -> dict[str, Any]:
    if root.tag != "template":
        raise MapError(path, f"not a Tiled template: the root element is <{root.tag}>, expected <template>")
    obj = root.find("object")
    if obj is None:
        raise MapError(path, "template holds no <object>")
    d: dict[str, Any] = {"object": _object(obj)}
    ts = root.find("tileset")
    if ts is not None:
        d["tileset"] = tileset_dict(ts)
    return d


def tileset_file_dict(root: ET.Element, path: Path) -> dict[str, Any]:
    if root.tag != "tileset":
        raise MapError(path, f"not a Tiled tileset: the root element is <{root.tag}>, expected <tileset>")
    return tileset_dict(root)
