"""The ``hidden`` property: layers and objects that are the game master's (issue 13, item 18).

A bool ``hidden`` on an object or a layer (tile, object, image or group layer) marks it as the game
master's. The loader reads and checks it; ``render --players`` leaves it out of the picture;
``validate`` counts the hidden creatures.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import shutil  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402

from game.__main__ import main  # noqa: E402
from game.errors import MapError  # noqa: E402
from game.tiled import load_board, load_map  # noqa: E402
from game.tiled import model as m  # noqa: E402

RENDER_DATA = Path(__file__).resolve().parents[1] / "data" / "render"

HIDDEN = '<properties><property name="hidden" type="bool" value="true"/></properties>'
HIDDEN_CLASS = ('<properties><property name="gm" type="class" propertytype="hidden">'
                '<properties><property name="hidden" type="bool" value="true"/></properties></property></properties>')
"""As Tiled 1.8 writes a property of the project's class ``hidden`` with its member ticked."""

MAP = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" width="4" height="3"
     tilewidth="16" tileheight="16" infinite="0" nextlayerid="9" nextobjectid="9">
 <tileset firstgid="1" name="opaque" tilewidth="16" tileheight="16" tilecount="4" columns="2">
  <image source="opaque.png" width="32" height="32"/>
 </tileset>
 <layer id="1" name="ground" width="4" height="3"><data encoding="csv">1,2,3,4,2,3,4,1,3,4,1,2</data></layer>
{secret} <objectgroup id="3" name="props">
  <object id="1" gid="2" x="0" y="16" width="16" height="16"/>
{hidden_object}  <object id="3" name="Ana" type="creature" x="8" y="8">
   <properties><property name="side" value="heroes"/><property name="template" value="goblin_cutter"/></properties><point/>
  </object>
{hidden_creature} </objectgroup>
{group}{image}</map>
"""

PARTS = {
    "secret": (' <layer id="2" name="secret" width="4" height="3">' + HIDDEN
               + '<data encoding="csv">0,4,0,0,0,0,0,0,0,0,0,4</data></layer>\n'),
    "hidden_object": f'  <object id="2" gid="3" x="32" y="48" width="16" height="16">{HIDDEN}</object>\n',
    "hidden_creature": ('  <object id="4" name="Gob" x="40" y="8"><properties>'
                        '<property name="who" type="class" propertytype="creature"><properties>'
                        '<property name="side" value="monsters"/><property name="template" value="goblin_cutter"/>'
                        '<property name="hidden" type="bool" value="true"/></properties></property>'
                        '</properties><point/></object>\n'),
    "group": (f' <group id="4" name="gm">{HIDDEN_CLASS}\n'
              '  <layer id="5" name="trap" width="4" height="3"><data encoding="csv">0,0,0,0,0,0,1,0,0,0,0,0</data></layer>\n'
              '  <objectgroup id="6" name="lurkers"><object id="5" name="Lurk" type="creature" x="56" y="40">'
              '<properties><property name="side" value="monsters"/><property name="template" value="goblin_cutter"/>'
              '</properties><point/></object></objectgroup>\n'
              ' </group>\n'),
    "image": (f' <imagelayer id="7" name="veil" opacity="0.5">{HIDDEN}<image source="opaque.png" width="32" height="32"/>'
              '</imagelayer>\n'),
}


def write_map(folder: Path, name: str, *, without: tuple[str, ...] = (), **replaced: str) -> Path:
    """The test map with every part, minus the parts named in ``without``; ``opaque.png`` beside it."""
    folder.mkdir(exist_ok=True)
    shutil.copyfile(RENDER_DATA / "opaque.png", folder / "opaque.png")
    parts = {key: ("" if key in without else text) for key, text in PARTS.items()}
    parts.update(replaced)
    path = folder / name
    path.write_text(MAP.format(**parts), encoding="utf-8")
    return path


def layer_named(tmap: m.TiledMap, name: str) -> m.Layer:
    (layer,) = [layer for layer in tmap.iter_layers() if layer.base.name == name]
    return layer


def test_the_loader_reads_hidden_on_objects_layers_and_groups(tmp_path: Path) -> None:
    tmap, board = load_board(write_map(tmp_path, "map.tmx"))
    hidden = {layer.base.name: layer.base.hidden for layer in tmap.iter_layers()}
    # a bool property, or the project's class "hidden" with its member ticked (the group)
    assert hidden == {"ground": False, "secret": True, "props": False, "gm": True, "trap": False,
                      "lurkers": False, "veil": True}
    props = layer_named(tmap, "props")
    assert isinstance(props, m.ObjectLayer)
    assert {obj.id: obj.hidden for obj in props.objects} == {1: False, 2: True, 3: False, 4: True}
    # a creature is placed hidden by its own property (here a member of its creature class) or by a
    # hidden layer around it (Lurk's group)
    assert {p.name: p.hidden for p in board.placements} == {"Ana": False, "Gob": True, "Lurk": True}


@pytest.mark.parametrize(("where", "value", "kind"), [("object", 'value="yes"', "a string property 'yes'"),
                                                        ("object", 'type="int" value="1"', "an int property 1"),
                                                        ("layer", 'value="true"', "a string property 'true'"),
                                                        ("layer", 'type="class" propertytype="terrain"',
                                                         "a class property 'terrain'")])
def test_a_hidden_that_is_not_a_bool_is_one_line_naming_file_place_and_value(tmp_path: Path, where: str, value: str,
                                                                             kind: str) -> None:
    wrong = f'<properties><property name="hidden" {value}/></properties>'
    if where == "object":
        path = write_map(tmp_path, "map.tmx", hidden_object=f'  <object id="2" gid="3" x="32" y="48" width="16" '
                                                            f'height="16">{wrong}</object>\n')
        place = "layer 'props', object 2"
    else:
        path = write_map(tmp_path, "map.tmx", secret=f' <layer id="2" name="secret" width="4" height="3">{wrong}'
                                                     '<data encoding="csv">0,0,0,0,0,0,0,0,0,0,0,0</data></layer>\n')
        place = "layer 'secret'"
    with pytest.raises(MapError) as refused:
        load_map(path)
    assert str(refused.value) == (f"{path}: {place}, property 'hidden': must be a bool property (true or false), "
                                  f"found {kind}")


def picture(path: Path) -> np.ndarray:
    surface = pygame.image.load(str(path))
    w, h = surface.get_size()
    return np.frombuffer(pygame.image.tobytes(surface, "RGBA"), np.uint8).reshape(h, w, 4)


def render(map_path: Path, out: Path, *options: str) -> np.ndarray:
    assert main(["render", str(map_path), "--out", str(out), *options]) == 0
    return picture(out)


@pytest.mark.parametrize("hidden_part", ["secret", "hidden_object", "group", "image"])
def test_render_for_players_leaves_out_a_hidden_layer_or_object(tmp_path: Path, hidden_part: str) -> None:
    # one hidden part at a time: the players' picture is the map without it, pixel for pixel
    others = tuple(key for key in PARTS if key != hidden_part)
    with_it = write_map(tmp_path / "with", "map.tmx", without=others)
    without_it = write_map(tmp_path / "without", "map.tmx", without=tuple(PARTS))
    for_players = render(with_it, tmp_path / "players.png", "--players")
    assert np.array_equal(for_players, render(without_it, tmp_path / "plain.png"))
    # and without --players the game master's picture still shows it
    assert not np.array_equal(render(with_it, tmp_path / "gm.png"), for_players)


def test_render_for_players_leaves_out_every_hidden_part_and_hidden_creature(tmp_path: Path) -> None:
    with_all = write_map(tmp_path / "with", "map.tmx")
    without = write_map(tmp_path / "without", "map.tmx", without=tuple(PARTS))
    assert np.array_equal(render(with_all, tmp_path / "players.png", "--players", "--creatures"),
                          render(without, tmp_path / "plain.png", "--creatures"))


def test_validate_counts_the_hidden_creatures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_map(tmp_path, "map.tmx")
    assert main(["validate", str(path)]) == 0
    assert capsys.readouterr().out.strip().endswith("creatures: heroes 1, monsters 2 (2 hidden)")
    plain = write_map(tmp_path / "plain", "map.tmx", without=("hidden_creature", "group"))
    assert main(["validate", str(plain)]) == 0
    assert capsys.readouterr().out.strip().endswith("creatures: heroes 1")
