"""Damaged good maps: every field of a Tiled file set to a wrong value loads or is refused cleanly.

Each JSON value (and each XML attribute) of the good fixtures is in turn
replaced by values of the wrong type or range, or removed; loading must then
either succeed or raise a :class:`GameError` whose lines name a file, never
any other exception (which the CLI would show as an internal error).
"""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, Iterator

import pytest

from game.errors import GameError, MapProblems
from game.tiled import load_board

GOOD = Path(__file__).resolve().parents[2] / "tests" / "data" / "good_maps"

JSON_VALUES: list[Any] = [None, -1, 2.5, 10**12, "x", [], {}]
XML_VALUES = ["", "x", "-1", "1e999", "99999999999"]
REMOVED = object()

JSON_FILES = ["embedded.tmj", "templates.tmj", "groups_and_images.tmj", "infinite.tmj", "hex_flat.tmj",
              "external_tsj.tmj", "tilesets/terrain.tsj"]
XML_FILES = ["embedded.tmx", "templates.tmx", "groups_and_images.tmx", "infinite_base64.tmx", "objects_class.tmx",
             "tilesets/terrain.tsx", "tilesets/tokens.tsx", "templates/barrel.tx", "templates/zone.tx"]
MAP_OF = {"tilesets/terrain.tsj": "external_tsj.tmj", "tilesets/terrain.tsx": "external_tsx.tmx",
          "tilesets/tokens.tsx": "groups_and_images.tmx", "templates/barrel.tx": "templates.tmx",
          "templates/zone.tx": "templates.tmx"}
"""The map that loads a tileset or template file being damaged."""


def json_paths(node: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path into a JSON tree; of a list only the first two items (layer data is long)."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield (*prefix, key)
            yield from json_paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node[:2]):
            yield (*prefix, index)
            yield from json_paths(value, (*prefix, index))


def replaced(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    copy = json.loads(json.dumps(doc))
    parent = copy
    for key in path[:-1]:
        parent = parent[key]
    if value is REMOVED:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return copy


def assert_clean_outcome(map_path: Path, what: str) -> None:
    try:
        load_board(map_path)
    except GameError as exc:
        problems = exc.problems if isinstance(exc, MapProblems) else [exc]
        for line in map(str, problems):
            assert line.startswith(str(map_path.parent)) and "\n" not in line, (what, line)
    except Exception as exc:  # pragma: no cover - the failure message is the point
        pytest.fail(f"{what}: {type(exc).__name__}: {exc}")


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    shutil.copytree(GOOD, tmp_path / "good", ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return tmp_path / "good"


@pytest.mark.parametrize("name", JSON_FILES)
def test_json_file_with_any_field_damaged_loads_or_is_refused_cleanly(project: Path, name: str) -> None:
    target = project / name
    original = json.loads(target.read_text())
    map_path = project / MAP_OF.get(name, name)
    for path in json_paths(original):
        for value in [REMOVED, *JSON_VALUES]:
            target.write_text(json.dumps(replaced(original, path, value)))
            assert_clean_outcome(map_path, f"{name} {path} = {value!r}")


@pytest.mark.parametrize("name", XML_FILES)
def test_xml_file_with_any_attribute_damaged_loads_or_is_refused_cleanly(project: Path, name: str) -> None:
    target = project / name
    text = target.read_text()
    map_path = project / MAP_OF.get(name, name)
    count = len(list(ET.fromstring(text).iter()))
    for index in range(count):
        keys = list(list(ET.fromstring(text).iter())[index].attrib)
        for key in keys:
            for value in [REMOVED, *XML_VALUES]:
                root = ET.fromstring(text)
                element = list(root.iter())[index]
                if value is REMOVED:
                    del element.attrib[key]
                else:
                    element.set(key, value)  # type: ignore[arg-type]
                target.write_bytes(ET.tostring(root, encoding="utf-8", xml_declaration=True))
                assert_clean_outcome(map_path, f"{name} <{element.tag}> {key}={value if value is not REMOVED else 'removed'}")
