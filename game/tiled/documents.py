"""A map, tileset or template file's bytes -> a JSON-shaped dict, the same shape for both formats.

XML (a .tmx / .tsx / .tx) goes through ``xmlread``; JSON (a .tmj / .tsj / .tj) is read
here and its few structural differences brought in line with what ``xmlread`` makes,
so the builder (``build``) checks one shape. A TMX map's declared size is checked
against the caps before its layers are parsed.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from game.errors import MapError
from game.tiled import xmlread
from game.tiled.files import Limits, brief, number_text

Raw = dict[str, Any]
"""A JSON-shaped dict: a document, or a part of one, before it is checked."""


def parse_document(data: bytes, path: Path, kind: str, limits: Limits | None = None) -> Raw:
    """Bytes of a map / tileset / template file -> JSON-shaped dict; XML or JSON by content.

    With ``limits``, a TMX map's declared size is checked at its ``<map>`` start
    tag, before the rest of the file (its layers) is parsed at all.
    """
    data = _utf8_text(data, path)
    head = data.lstrip()[:1]
    if head == b"<":
        caps = limits

        def check_map_start(tag: str, attrs: dict[str, str]) -> None:
            if tag == "map" and caps is not None:
                check_declared_size(attrs.get("width"), attrs.get("height"), caps, path)

        root = xmlread.parse_xml(data, path, check_map_start if kind == "map" and limits is not None else None)
        if kind == "map":
            return xmlread.map_dict(root, path)
        if kind == "tileset":
            return xmlread.tileset_file_dict(root, path)
        return xmlread.template_dict(root, path)
    if head in (b"{", b"["):
        try:
            doc = json.loads(data)
        except json.JSONDecodeError as exc:
            raise MapError(path, f"not valid JSON: {exc.msg}", f"line {exc.lineno}, column {exc.colno}") from None
        except RecursionError:
            raise MapError(path, "not valid JSON: nested too deeply") from None
        except UnicodeDecodeError as exc:
            raise MapError(path, f"not valid JSON: not UTF-8 text (byte {exc.start})") from None
        except ValueError:  # the parser's int(): Python reads at most sys.get_int_max_str_digits() digits
            raise MapError(path, f"not valid JSON for a map: a number of more than {sys.get_int_max_str_digits()} "
                           "digits") from None
        if not isinstance(doc, dict):
            raise MapError(path, "not a Tiled JSON file: the top level is not an object")
        return _json_normalise(doc, kind, path)
    if not data.strip():
        raise MapError(path, "the file is empty")
    raise MapError(path, "neither XML nor JSON: not a Tiled file")


_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


def _utf8_text(data: bytes, path: Path) -> bytes:
    """The file's bytes without a UTF-8 byte-order mark (Tiled reads files that begin with one); a UTF-16
    file (it begins with its byte-order mark) as UTF-8 without one, its XML declaration's ``encoding=``
    then naming UTF-16 no more."""
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:]
    if not data.startswith(_UTF16_BOMS):
        return data
    try:
        text = data.decode("utf-16")
    except UnicodeDecodeError as exc:
        raise MapError(path, f"not valid UTF-16 text (byte {exc.start})") from None
    if text.startswith("<?xml"):
        end = text.find("?>")
        if end > 0:
            text = re.sub(r"""encoding\s*=\s*["'][^"']*["']""", 'encoding="UTF-8"', text[:end], count=1) + text[end:]
    return text.encode("utf-8", "surrogatepass")


def check_declared_size(width: object, height: object, limits: Limits, path: Path) -> None:
    """Refuse a map whose declared size is over the caps; anything malformed is left to the full check."""
    try:
        w, h = int(str(width)), int(str(height))
    except ValueError:
        return
    for name, value in (("width", w), ("height", h)):
        if value > limits.max_side:
            raise MapError(path, f"'{name}' is {number_text(value)}, more than the limit of {limits.max_side}", "map")
    if w * h > limits.max_cells:
        raise MapError(path, f"the map is {w}x{h} = {w * h} cells, more than the limit of {limits.max_cells}", "map")


def _json_normalise(doc: Raw, kind: str, path: Path) -> Raw:
    """Bring a JSON document's few structural differences in line with the XML reader's output."""
    if kind == "map":
        if doc.get("type", "map") != "map":
            raise MapError(path, f"not a Tiled map: its type is {brief(doc.get('type'))}")
        doc["layers"] = [_json_layer(layer) for layer in as_list(doc.get("layers"), path, "layers")]
    elif kind == "template":
        if "object" not in doc:
            raise MapError(path, "template holds no object")
    return doc


def _json_layer(layer: Any) -> Any:
    if not isinstance(layer, dict):
        return layer
    if layer.get("type") == "tilelayer":
        info: Raw = {"encoding": layer.get("encoding", "array")}
        if "compression" in layer and layer["compression"] != "":
            info["compression"] = layer["compression"]
        if "chunks" in layer:
            info["chunks"] = layer["chunks"]
        else:
            info["data"] = layer.pop("data", None)  # held once: the loader drops it once decoded
        layer["data_info"] = info
        if "startx" in layer:
            layer["x"], layer["y"] = layer.get("startx"), layer.get("starty")
    elif layer.get("type") == "group":
        children = layer.get("layers")
        if isinstance(children, list):  # anything else is refused by the loader, with its place
            layer["layers"] = [_json_layer(child) for child in children]
    return layer


def as_list(value: Any, path: Path, place: str) -> list[Any]:
    """A list as found (none: empty); anything else is refused at ``place``."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise MapError(path, f"expected a list, found {type(value).__name__}", place)
    return value
