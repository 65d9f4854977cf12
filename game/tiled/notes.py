"""The game master's notes on a map (issue 18, item 5): the map's ``description`` and each object's ``note``
(or ``description``) custom property, read for the window to show on hover, to the game master alone.

A note on a creature object follows the creature (by the fight's creature id; a creature object the fight
does not use, when its file places its own, has none); any other object's note
belongs to the cells the object covers (``ObjectCells``: a shape's cells, a point's cell, a polyline's
path). A map may come from a stranger, so every text is cleaned (control characters dropped) and capped
(:data:`MAX_NOTE_CHARS`, :data:`MAX_NOTE_LINES`, :data:`MAX_DESCRIPTION_CHARS`), as are the notes read
(:data:`MAX_NOTES`) and the cells their shapes are tested for (:data:`MAX_NOTE_WORK`); what is cut or
unreadable is said in one line naming the file, the object and what is wrong (:attr:`MapNotes.problems`).
Nothing here imports pygame.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.board import Board
from game.grid import Cell, Grid
from game.tiled import model as m
from game.tiled.files import named, short
from game.tiled.object_cells import ObjectCells

NOTE_PROPERTIES = ("note", "description")
"""An object's note: the first of these string properties it has."""
DESCRIPTION_PROPERTY = "description"
"""The map's own description (a map property)."""
MAX_NOTE_CHARS = 600
MAX_NOTE_LINES = 12
MAX_DESCRIPTION_CHARS = 2000
MAX_NOTES = 1000
"""Objects with a note read from one map; the rest are left out, with one problem line saying so."""
MAX_NOTE_WORK = 200_000
"""Cell tests for the shapes of the objects with notes, all together (``ObjectCells.work``)."""
MAX_PROBLEMS = 20


@dataclass(frozen=True, slots=True)
class Note:
    """One object's note: its title (the object's name, else its id) and its text, cleaned and capped."""

    title: str
    text: str


@dataclass(frozen=True, slots=True)
class MapNotes:
    """What a map holds for the game master."""

    description: str = ""
    """The map's ``description``, cleaned and capped ("" if none)."""
    cells: Mapping[Cell, tuple[Note, ...]] = field(default_factory=dict)
    """The notes of the objects covering each cell, in drawing order."""
    creatures: Mapping[str, Note] = field(default_factory=dict)
    """The notes of creature objects, by the fight's creature id."""
    marks: tuple[Cell, ...] = ()
    """One cell per object with a note (its top row's first cell): where the window marks that a note is."""
    problems: tuple[str, ...] = ()
    """One line per note cut or unreadable: the file, the place, what is wrong."""

    def at(self, cell: Cell) -> tuple[Note, ...]:
        return self.cells.get(cell, ())

    @property
    def empty(self) -> bool:
        return not (self.description or self.cells or self.creatures or self.problems)


def clean(text: str, most: int, lines: int = MAX_NOTE_LINES) -> tuple[str, str]:
    """``text`` as the window may show it: control and bidi characters dropped (tabs become spaces), blank
    lines squeezed, at most ``lines`` lines and ``most`` characters; and what was cut ("" if nothing)."""
    length = len(text)
    text = text[:most * 4]  # a hostile note may be megabytes long: the rest is cut anyway
    kept = "".join(" " if ch == "\t" else ch for ch in text if ch == "\n" or ch == "\t" or ch.isprintable())
    rows = [" ".join(row.split()) for row in kept.split("\n")]
    rows = [row for i, row in enumerate(rows) if row or (i and rows[i - 1])]
    while rows and not rows[-1]:
        rows.pop()
    cut = ""
    if len(rows) > lines:
        rows = rows[:lines]
        cut = f"more than {lines} lines"
    out = "\n".join(rows)
    if len(out) > most:
        out = out[:most - 1].rstrip() + "…"
        cut = f"{length} characters, more than {most}"
    return out, cut


def _text(value: m.PropertyValue, most: int, lines: int, where: str, prop: str,
          problems: list[str]) -> str | None:
    if not isinstance(value, str):
        problems.append(f"{where}: property '{prop}' must be a string, found {type(value).__name__}: note left out")
        return None
    text, cut = clean(value, most, lines)
    if cut:
        problems.append(f"{where}: property '{prop}' cut short ({cut})")
    return text or None


def read_notes(tmap: m.TiledMap, board: Board, creatures: Iterable[tuple[str, str, Cell]] = ()) -> MapNotes:
    """The notes of ``tmap`` (whose board is ``board``). ``creatures``: the fight's (id, name, starting
    cell); a creature object's note goes to the creature of its name that started on its cell."""
    problems: list[str] = []
    file = tmap.path.name
    description = ""
    raw = tmap.properties.get(DESCRIPTION_PROPERTY)
    if raw is not None:
        description = _text(raw, MAX_DESCRIPTION_CHARS, 40, f"{file}: map", DESCRIPTION_PROPERTY, problems) or ""
    grid: Grid[Any] = board.grid
    shapes = ObjectCells(tmap, grid)
    starting = {(name, cell): cid for cid, name, cell in creatures}
    cells: dict[Cell, list[Note]] = {}
    on_creatures: dict[str, Note] = {}
    marks: list[Cell] = []
    read = work = 0
    for layer in tmap.iter_layers():  # the loader capped the layers and the objects
        if not isinstance(layer, m.ObjectLayer):
            continue
        for obj in layer.objects:
            prop = next((p for p in NOTE_PROPERTIES if p in obj.properties), None)
            if prop is None:
                continue
            where = f"{file}: layer {named(layer.base.name)}, object {obj.id}" + (f" {named(obj.name)}" if obj.name else "")
            if read >= MAX_NOTES:
                problems.append(f"{file}: more than {MAX_NOTES} objects with notes: the rest left out")
                break
            text = _text(obj.properties[prop], MAX_NOTE_CHARS, MAX_NOTE_LINES, where, prop, problems)
            if text is None:
                continue
            read += 1
            note = Note(short(obj.name.strip(), 60) if obj.name.strip() else f"object {obj.id}", text)
            anchor = grid.pixel_to_cell(*shapes.anchor(obj))
            cid = starting.get((obj.name.strip(), anchor))
            if cid is not None:
                on_creatures[cid] = note
                continue
            if obj.class_name.lower() == "creature" or "side" in obj.properties:
                continue  # a creature of the map this fight does not use (its file places its own)
            work += shapes.work(obj)
            if work > MAX_NOTE_WORK:
                problems.append(f"{where}: the shapes of the objects with notes need more than {MAX_NOTE_WORK} "
                                "cell tests: this note and the rest left out")
                break
            first: tuple[int, int] | None = None
            for col, row in shapes.covered(obj):
                cell = grid.offset_to_cell(col, row)
                if cell in board:
                    cells.setdefault(cell, []).append(note)
                    first = (row, col) if first is None else min(first, (row, col))
            if first is not None:
                marks.append(grid.offset_to_cell(first[1], first[0]))
        else:
            continue
        break
    if len(problems) > MAX_PROBLEMS:
        problems = problems[:MAX_PROBLEMS - 1] + [f"... and {len(problems) - MAX_PROBLEMS + 1} more problems"]
    return MapNotes(description, {c: tuple(n) for c, n in cells.items()}, on_creatures, tuple(dict.fromkeys(marks)),
                    tuple(problems))
