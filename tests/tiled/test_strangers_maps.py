"""Maps from strangers (issue 23): ordinary-looking input that once raised from Python itself, valid Tiled
files once refused or drawn wrong, and where a map may read.

Hostile files run in a child process under a memory cap (``resource.setrlimit``) and a time bound that
catches a hang, not noise.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
GOOD = REPO / "tests" / "data" / "good_maps"

MEMORY_CAP = 1 << 30
"""Address space of a child process reading hostile files: 1 GiB."""


def run_game(*args: str, cwd: Path = REPO, timeout: float = 120, prelude: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m game ARGS`` in a child process capped at :data:`MEMORY_CAP` (``prelude`` runs first)."""
    code = (f"import resource, sys; resource.setrlimit(resource.RLIMIT_AS, ({MEMORY_CAP}, {MEMORY_CAP}))\n"
            f"{prelude}\nfrom game.__main__ import main\nsys.exit(main(sys.argv[1:]))")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.run([sys.executable, "-c", code, *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout)


# -- class 4: tracebacks from ordinary-looking input ---------------------------------------------------

HUGE_XML = ["9" * 400, "9" * 5000]
HUGE_JSON = [10 ** 400, -10 ** 400]
SWEPT = ["embedded.tmx", "templates.tmx", "groups_and_images.tmx", "infinite_base64.tmx", "hex_flat.tmx",
         "embedded.tmj", "groups_and_images.tmj", "infinite.tmj"]
"""The good maps whose every number (of TMX: every attribute) is swept; between them they use every element."""


def damaged_copies(folder: Path) -> list[Path]:
    """Each attribute of each good TMX map, and each number of each good JSON map, set in turn to a whole
    number of hundreds or thousands of digits: one map file per change, beside the original."""
    made: list[Path] = []
    for source in sorted(p for p in folder.glob("*.tmx") if p.name in SWEPT):
        text = source.read_text()
        elements = list(ET.fromstring(text).iter())
        for index, element in enumerate(elements):
            for key in element.attrib:
                for n, value in enumerate(HUGE_XML):
                    root = ET.fromstring(text)
                    list(root.iter())[index].set(key, value)
                    target = folder / f"{source.stem}__{index}_{key}_{n}.tmx"
                    target.write_bytes(ET.tostring(root, encoding="utf-8", xml_declaration=True))
                    made.append(target)
    for source in sorted(p for p in folder.glob("*.tmj") if p.name in SWEPT):
        original = json.loads(source.read_text())
        numbers: list[tuple[object, ...]] = []

        def walk(node: object, prefix: tuple[object, ...]) -> None:
            items = node.items() if isinstance(node, dict) else enumerate(node[:2]) if isinstance(node, list) else []
            for key, value in items:
                if isinstance(value, (int, float)) and not isinstance(value, bool):
                    numbers.append((*prefix, key))
                walk(value, (*prefix, key))

        walk(original, ())
        for i, where in enumerate(numbers):
            for n, value in enumerate(HUGE_JSON):
                doc = json.loads(json.dumps(original))
                parent = doc
                for key in where[:-1]:
                    parent = parent[key]  # type: ignore[index]
                parent[where[-1]] = value  # type: ignore[index]
                target = folder / f"{source.stem}__{i}_{n}.tmj"
                target.write_text(json.dumps(doc))
                made.append(target)
    return made


def test_numbers_of_hundreds_of_digits_anywhere_in_a_map_give_one_line_in_validate_and_render(tmp_path: Path) -> None:
    project = tmp_path / "good"
    shutil.copytree(GOOD, project, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    files = damaged_copies(project)
    assert len(files) > 300
    result = run_game("validate", *map(str, files), timeout=300)
    output = result.stdout + result.stderr
    assert "Traceback" not in output
    assert "internal error" not in output, [line for line in output.splitlines() if "internal error" in line][:3]
    for line in output.splitlines()[:-1]:
        assert line.startswith(str(project)), line
    # render each of them too, in one child process: drawn or refused in one line each
    loop = ("import contextlib, io\nfrom game.__main__ import main\n"
            "for name in sys.argv[1:]:\n    err = io.StringIO()\n"
            "    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):\n"
            f"        main(['render', name, '--out', {str(tmp_path / 'out.png')!r}])\n"
            "    if err.getvalue().count('\\n') > 1 or 'internal error' in err.getvalue() or 'out of memory' in err.getvalue():\n"
            "        print(name, err.getvalue())\n")
    drawn = run_game(*map(str, files), prelude=loop + "sys.exit(0)", timeout=600)
    assert drawn.returncode == 0 and drawn.stdout == "" and "Traceback" not in drawn.stderr, \
        (drawn.stdout + drawn.stderr)[-2000:]
    assert (tmp_path / "out.png").is_file()  # some of them were drawn


@pytest.mark.parametrize("command", ["render", "play"])
def test_render_and_play_end_an_unexpected_error_in_one_line_naming_the_file(tmp_path: Path, command: str) -> None:
    """The last resort ``validate`` has per map: a MemoryError (or a bug of ours) is one line, never a traceback."""
    target = "game.ui.map_view.render_to_file" if command == "render" else "game.ui.table.run_table"
    module, name = target.rsplit(".", 1)
    prelude = (f"import {module}\ndef boom(*a, **k):\n    raise MemoryError()\n{module}.{name} = boom\n"
               f"import game.__main__\n")
    if command == "play":
        prelude += "import game.ui.table as t; t.run_table = boom\n"
    args = ["render", "maps/square_crypt.tmx", "--out", str(tmp_path / "out.png")] if command == "render" else \
        ["play", "maps/square_crypt.tmx", "--no-setup"]
    result = run_game(*args, prelude=prelude)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith("maps/square_crypt.tmx: out of memory while "), result.stderr


# -- class 9: valid Tiled files once refused ------------------------------------------------------------

def same_map(a: Path, b: Path) -> None:
    from game.tiled import load_map

    first, second = load_map(a), load_map(b)
    assert (first.width, first.height, first.layers, first.properties) == \
        (second.width, second.height, second.layers, second.properties)
    assert [(t.name, t.tile_count, t.tiles) for t in first.tilesets] == \
        [(t.name, t.tile_count, t.tiles) for t in second.tilesets]


@pytest.mark.parametrize("name", ["embedded.tmx", "embedded.tmj", "external_tsx.tmx"])
def test_a_map_beginning_with_a_utf8_byte_order_mark_loads_as_without_it(tmp_path: Path, name: str) -> None:
    project = tmp_path / "good"
    shutil.copytree(GOOD, project, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    marked = project / f"marked{Path(name).suffix}"
    marked.write_bytes(b"\xef\xbb\xbf" + (project / name).read_bytes())
    same_map(marked, project / name)


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_tmx_and_tsx_load_as_their_utf8_originals(tmp_path: Path, codec: str) -> None:
    """Tiled (Qt's XML reader) reads UTF-16 with its byte-order mark; the declaration then says UTF-16."""
    project = tmp_path / "good"
    shutil.copytree(GOOD, project, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    bom = {"utf-16": b"", "utf-16-le": b"\xff\xfe", "utf-16-be": b"\xfe\xff"}[codec]
    tsx = project / "tilesets" / "terrain.tsx"
    original_map = (project / "external_tsx.tmx").read_text(encoding="utf-8")
    for target, text in ((tsx, tsx.read_text(encoding="utf-8")), (project / "wide.tmx", original_map)):
        text = text.replace('encoding="UTF-8"', 'encoding="UTF-16"')
        assert 'encoding="UTF-16"' in text
        target.write_bytes(bom + text.encode(codec))
    (project / "narrow.tmx").write_text(original_map, encoding="utf-8")
    same_map(project / "wide.tmx", project / "narrow.tmx")


LIST_PROPERTIES_TMX = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.12.0" orientation="orthogonal" renderorder="right-down" width="2" height="2"
     tilewidth="16" tileheight="16" infinite="0" nextlayerid="2" nextobjectid="1">
 <properties>
  <property name="music" type="file" value="../music/theme.ogg"/>
  <property name="waves" type="list">
   <item type="int" value="3"/>
   <item value="goblins"/>
   <item type="list"><item type="bool" value="true"/><item type="float" value="0.5"/></item>
   <item type="class" propertytype="Spawn"><properties><property name="count" type="int" value="2"/></properties></item>
  </property>
  <property name="nothing" type="list"/>
 </properties>
 <layer id="1" name="ground" width="2" height="2"><data encoding="csv">0,0,0,0</data></layer>
</map>
"""


def test_list_properties_of_tiled_1_12_are_read_in_tmx_and_json(tmp_path: Path) -> None:
    from game.tiled import load_map
    from game.tiled import model as m

    folder = tmp_path / "maps"
    folder.mkdir()
    (folder / "lists.tmx").write_text(LIST_PROPERTIES_TMX)
    (folder / "lists.tmj").write_text(json.dumps({
        "type": "map", "orientation": "orthogonal", "width": 2, "height": 2, "tilewidth": 16, "tileheight": 16,
        "tilesets": [], "layers": [{"type": "tilelayer", "name": "ground", "width": 2, "height": 2, "data": [0] * 4}],
        "properties": [
            {"name": "music", "type": "file", "value": "../music/theme.ogg"},
            {"name": "waves", "type": "list", "value": [
                {"type": "int", "value": 3}, {"type": "string", "value": "goblins"},
                {"type": "list", "value": [{"type": "bool", "value": True}, {"type": "float", "value": 0.5}]},
                {"type": "class", "propertytype": "Spawn", "value": {"count": 2}}]},
            {"name": "nothing", "type": "list", "value": []}]}))
    for name in ("lists.tmx", "lists.tmj"):
        props = load_map(folder / name).properties
        assert props["waves"] == (3, "goblins", (True, 0.5), m.ClassValue("Spawn", {"count": 2}))
        assert props["nothing"] == ()
        # a file property the program never opens may lead outside the map's folder: kept, not checked
        assert props["music"] == m.FileRef(tmp_path / "music" / "theme.ogg")


def test_a_list_item_of_the_wrong_type_is_one_line_naming_the_item(tmp_path: Path) -> None:
    from game.errors import GameError
    from game.tiled import load_map

    bad = tmp_path / "bad.tmx"
    bad.write_text(LIST_PROPERTIES_TMX.replace('<item type="int" value="3"/>', '<item type="int" value="three"/>'))
    with pytest.raises(GameError, match=r"map, property 'waves', item 0: value 'three' is not a valid int"):
        load_map(bad)


# -- class 9: what is not read is not built -------------------------------------------------------------

UNKNOWN_HEAD = ('<?xml version="1.0" encoding="UTF-8"?>\n<map orientation="orthogonal" width="2" height="2" '
                'tilewidth="16" tileheight="16"><layer name="g" width="2" height="2"><data encoding="csv">0,0,0,0'
                '</data></layer>')


def test_a_million_unknown_elements_are_skipped_without_being_built(tmp_path: Path) -> None:
    """Elements of later Tiled versions, Wang sets, editor settings: skipped, so they cost no memory per element."""
    import tracemalloc

    from game.tiled.documents import parse_document

    data = (UNKNOWN_HEAD + '<wangsets><wangset name="w"/></wangsets>' + '<future a="1"><x/></future>' * 1_000_000
            + "</map>").encode()
    tracemalloc.start()
    try:
        doc = parse_document(data, tmp_path / "m.tmx", "map")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert [layer["name"] for layer in doc["layers"]] == ["g"]
    assert peak < 20 * 1024 * 1024, f"peak {peak / 1e6:.0f} MB"


def test_four_million_nested_unknown_elements_are_refused_at_the_depth_limit(tmp_path: Path) -> None:
    import time

    path = tmp_path / "nested.tmx"
    path.write_text(UNKNOWN_HEAD + "<x>" * 4_000_000 + "</x>" * 4_000_000 + "</map>")  # 28 MB
    started = time.perf_counter()
    result = run_game("validate", str(path))
    elapsed = time.perf_counter() - started
    assert result.stdout == f"{path}: line 2: elements nested too deeply (more than 256 levels)\n", result
    assert elapsed < 20


# -- class 8: where a stranger's map may read -----------------------------------------------------------

def project_file(folder: Path, folders: list[str], name: str = "game.tiled-project") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(json.dumps({"automappingRulesFile": "", "commands": [], "extensionsPath": "extensions",
                                           "folders": folders, "propertyTypes": []}, indent=4))
    return folder / name


def map_using_image(map_path: Path, image_ref: str, image: Path) -> Path:
    """embedded.tmx at ``map_path``, its tileset image named ``image_ref``, the image copied to ``image``."""
    image.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(GOOD / "images" / "terrain.png", image)
    map_path.parent.mkdir(parents=True, exist_ok=True)
    text = (GOOD / "embedded.tmx").read_text().replace('"images/terrain.png"', f'"{image_ref}"')
    text = re.sub(r'<objectgroup id="2" name="things">.*?</objectgroup>', "", text, flags=re.S)  # no creatures
    map_path.write_text(text)
    return map_path


def test_a_project_file_in_an_ancestor_whose_folders_do_not_hold_the_map_does_not_widen_its_root(tmp_path: Path) -> None:
    """~/game.tiled-project (folders: game) and a downloaded ~/Downloads/x/map.tmx whose tileset image is
    ../../private/photo.png: the project does not hold the map, so the map's root is its own folder."""
    from game.errors import MapError
    from game.tiled import find_project_root, load_map

    home = tmp_path / "home"
    project_file(home, ["game"])
    (home / "game").mkdir()
    stranger = map_using_image(home / "Downloads" / "x" / "map.tmx", "../../private/photo.png",
                               home / "private" / "photo.png")
    with pytest.raises(MapError, match=r"'\.\./\.\./private/photo\.png' lies outside the project root"):
        load_map(stranger)
    assert find_project_root(stranger).folders == (stranger.parent.resolve(),)


def test_a_project_file_counts_for_the_maps_its_folders_hold_and_its_root_is_those_folders(tmp_path: Path) -> None:
    from game.errors import MapError
    from game.tiled import load_map

    project = project_file(tmp_path / "game", ["maps", "assets"])
    good = map_using_image(tmp_path / "game" / "maps" / "a.tmx", "../assets/terrain.png",
                           tmp_path / "game" / "assets" / "terrain.png")
    # beside the project's folders, though inside the project file's folder: not the project's
    prying = map_using_image(tmp_path / "game" / "maps" / "b.tmx", "../private/photo.png",
                             tmp_path / "game" / "private" / "photo.png")
    with pytest.raises(MapError, match=r"'\.\./private/photo\.png' lies outside the project root"):
        load_map(prying)
    tmap = load_map(good)
    assert tmap.root.folders == ((tmp_path / "game" / "maps").resolve(), (tmp_path / "game" / "assets").resolve())
    assert tmap.root.project == project


@pytest.mark.parametrize("folders", [["../.."], ["/"], ["C:\\\\"], [".", "../.."]])
def test_a_project_file_grants_no_folder_outside_its_own_folder(tmp_path: Path, folders: list[str]) -> None:
    """A stranger's archive may carry a project file: its folders count only inside the folder it sits in."""
    from game.errors import MapError
    from game.tiled import find_project_root, load_map

    project_file(tmp_path / "Downloads" / "x", folders)
    stranger = map_using_image(tmp_path / "Downloads" / "x" / "map.tmx", "../../private/photo.png",
                               tmp_path / "private" / "photo.png")
    with pytest.raises(MapError, match="lies outside the project root"):
        load_map(stranger)
    assert all(f.is_relative_to(stranger.parent) for f in find_project_root(stranger).folders)


def test_validate_says_which_root_it_used(tmp_path: Path) -> None:
    project = project_file(tmp_path / "game", ["maps", "assets"])
    good = map_using_image(tmp_path / "game" / "maps" / "a.tmx", "../assets/terrain.png",
                           tmp_path / "game" / "assets" / "terrain.png")
    lonely = map_using_image(tmp_path / "lonely" / "b.tmx", "terrain.png", tmp_path / "lonely" / "terrain.png")
    result = run_game("validate", str(good), str(lonely))
    first, second, _ = result.stdout.splitlines()
    folders = f"{(tmp_path / 'game' / 'maps').resolve()} and {(tmp_path / 'game' / 'assets').resolve()}"
    assert f"; files from {folders} (the folders of {project}); creatures: " in first, first
    assert f"; files from {(tmp_path / 'lonely').resolve()}; creatures: " in second, second
