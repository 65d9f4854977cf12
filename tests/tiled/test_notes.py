"""The game master's notes read from a map (issue 18 item 5, ``game.tiled.notes``): the map's description and
objects' ``note`` properties, on cells or on creatures, cleaned and capped, a bad one named in one line."""

from __future__ import annotations

from pathlib import Path

from game.grid import Square
from game.tiled import load_board
from game.tiled.notes import MAX_NOTE_CHARS, MAX_NOTE_LINES, MAX_NOTES, clean, read_notes
from game.tiled.notes import MapNotes

MAP = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" width="6" height="4"
     tilewidth="32" tileheight="32" infinite="0" nextlayerid="3" nextobjectid="900">
 <properties>
  <property name="description" value="A {description}"/>
 </properties>
 <layer id="1" name="ground" width="6" height="4">
  <data encoding="csv">0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0</data>
 </layer>
 <objectgroup id="2" name="things">
{objects}
 </objectgroup>
</map>
"""


def notes_of(tmp_path: Path, objects: str, description: str = "cellar.",
             creatures: tuple[tuple[str, str, Square], ...] = ()) -> MapNotes:
    path = tmp_path / "cellar.tmx"
    path.write_text(MAP.format(objects=objects, description=description), encoding="utf-8")
    tmap, board = load_board(path)
    return read_notes(tmap, board, creatures)


def test_an_objects_note_lies_on_the_cells_it_covers_and_a_creatures_on_the_creature(tmp_path: Path) -> None:
    notes = notes_of(tmp_path, """
  <object id="1" name="Altar" x="32" y="32" width="64" height="32">
   <properties><property name="note" value="Blood on it."/></properties>
  </object>
  <object id="2" name="Door" x="176" y="16">
   <properties><property name="description">Locked.
Key: the altar.</property></properties><point/>
  </object>
  <object id="3" name="Rat" type="creature" x="16" y="112">
   <properties><property name="note" value="Plague."/><property name="side" value="monsters"/></properties><point/>
  </object>
  <object id="4" name="Ghost" type="creature" x="48" y="112">
   <properties><property name="note" value="Not in this fight."/><property name="side" value="monsters"/>
   </properties><point/>
  </object>""", creatures=(("rat", "Rat", Square(0, 3)),))
    assert notes.description == "A cellar."
    assert [n.text for n in notes.at(Square(1, 1))] == ["Blood on it."] == [n.text for n in notes.at(Square(2, 1))]
    assert notes.at(Square(3, 1)) == () and notes.at(Square(1, 2)) == ()
    assert [(n.title, n.text) for n in notes.at(Square(5, 0))] == [("Door", "Locked.\nKey: the altar.")]
    assert notes.creatures["rat"].text == "Plague."
    assert notes.marks == (Square(1, 1), Square(5, 0))  # one mark per object with a note: its top row's first cell
    # a creature object the fight does not use leaves no note anywhere
    assert notes.at(Square(1, 3)) == () and set(notes.creatures) == {"rat"} and notes.problems == ()


def test_a_note_that_is_not_text_is_left_out_with_one_line_naming_file_object_and_type(tmp_path: Path) -> None:
    notes = notes_of(tmp_path, """
  <object id="7" name="Chest" x="16" y="16">
   <properties><property name="note" type="int" value="12"/></properties><point/>
  </object>""")
    assert notes.at(Square(0, 0)) == ()
    assert notes.problems == ("cellar.tmx: layer 'things', object 7 'Chest': property 'note' must be a string, "
                              "found int: note left out",)


def test_an_oversized_note_from_a_stranger_is_cut_and_said_so(tmp_path: Path) -> None:
    long = "x" * (MAX_NOTE_CHARS * 50)
    notes = notes_of(tmp_path, f"""
  <object id="8" name="Scroll" x="16" y="16">
   <properties><property name="note" value="{long}"/></properties><point/>
  </object>""")
    (note,) = notes.at(Square(0, 0))
    assert len(note.text) == MAX_NOTE_CHARS and note.text.endswith("…")
    assert notes.problems == (f"cellar.tmx: layer 'things', object 8 'Scroll': property 'note' cut short "
                              f"({len(long)} characters, more than {MAX_NOTE_CHARS})",)


def test_control_characters_are_dropped_and_lines_capped() -> None:
    text, cut = clean("a\x1b[31mred\u202e\tb\r\n\n\n\nc", 100)
    assert text == "a[31mred b\n\nc" and cut == ""
    text, cut = clean("\n".join(str(i) for i in range(50)), 1000)
    assert text.split("\n") == [str(i) for i in range(MAX_NOTE_LINES)] and cut == f"more than {MAX_NOTE_LINES} lines"


def test_more_notes_than_the_cap_are_left_out_with_one_line(tmp_path: Path) -> None:
    objects = "\n".join(f'  <object id="{i}" name="n{i}" x="16" y="16"><properties><property name="note" '
                        f'value="{i}"/></properties><point/></object>' for i in range(1, MAX_NOTES + 6))
    notes = notes_of(tmp_path, objects)
    assert len(notes.at(Square(0, 0))) == MAX_NOTES
    assert notes.problems == (f"cellar.tmx: more than {MAX_NOTES} objects with notes: the rest left out",)
