"""Encounter files: a map, who fights for whom, who plays each side, options, scripted commands.

A TOML file (format 2; format 1 still reads, as seed 000), validated once with
pydantic and turned into plain engine objects; every problem names the file,
the place and what is wrong. Format 2 names the file's ruleset and may add
content files of its own and where the fight starts (``[start]``, applied by
the ruleset (seed 000: :mod:`game.rulesets.seed000.starting`)). The format is a public interface, documented in the
README ("Encounter files").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal, Mapping

from pydantic import Field, ValidationError, create_model

from game.board import Board, Placement, creature_ids
from game.grid import Cell
from game.content_files import TomlSyntaxError, parse_toml
from game.errors import EncounterFileError as EncounterFileError, quoted, shown_key as shown_key
from game.file_specs import Offset, OptionsSpec, ShortId, StartSpec, StrictModel
from game.files import UserFileError, read_user_file
from game.rulesets import DEFAULT as DEFAULT_RULESET, ruleset, ruleset_problem
from game.rulesets.package import Command, Entry, Sheet

ENCOUNTER_FORMAT = 2
"""The format this program writes about; it reads :data:`FORMATS`."""
FORMATS = (1, 2)
"""1: seed 000, no ``ruleset``, ``content`` or ``[start]``; 2: the file names its ruleset."""
FORMAT_2_KEYS = ("ruleset", "content", "start")
"""Keys a format 1 file may not hold."""
MAX_CONTENT_FILES = 16
"""Most content files of its own an encounter file names."""
MAX_FILE_BYTES = 1024 * 1024
MAX_CREATURES = 1000
"""Most creatures in one fight (the map's and the file's together); a file or map with more is refused
before anything is done per creature."""
MAX_ROUNDS = 1000
"""Largest ``max_rounds``."""
MAX_COMMANDS = 10_000
"""Most scripted commands in one encounter file."""
MAX_MAP_PATH = 1024
"""Longest map path an encounter file may write (a message quotes it, shortened, when it is refused)."""


class SideSpec(StrictModel):
    control: Annotated[str, Field(min_length=1)] = "ai"
    """"ai", or the name of the player who plays the side (never empty)."""


class CreatureSpec(StrictModel):
    name: Annotated[str, Field(max_length=100)]
    side: ShortId
    template: ShortId
    at: Offset
    """Tiled offset coordinates [col, row] of its cell."""


PlayerName = Annotated[str, Field(min_length=1, max_length=40)]
"""A player's name, or "ai"."""


class EncounterSpec(StrictModel):
    format: int
    ruleset: str | None = None
    """Format 2: the rules system the fight is played by (``"seed000"`` ... ``"seed004"``)."""
    map: str
    content: list[str] = []
    """Format 2: content files of the encounter's own, beside it (paths relative to the file)."""
    start: StartSpec | None = None
    """Format 2: a fixed turn order and each creature's starting state."""
    title: str = ""
    gm: PlayerName | None = None
    """The game master: the one who may change who plays what (else the first player)."""
    seed: int = 1
    use_map_creatures: bool = True
    sides: dict[str, SideSpec] = {}
    creature_control: dict[str, PlayerName] = {}
    """Creature id -> who plays that creature, over its side's ``control``."""
    creatures: list[CreatureSpec] = []
    options: OptionsSpec = OptionsSpec()
    preparations: dict[str, Any] = {}
    """Creature id -> its preparation before its first turn (else its sheet's default)."""
    commands: list[Any] = []
    """``options``, ``preparations`` and ``commands`` are placeholders: each ruleset puts its own in their
    place (:meth:`game.rulesets.package.Ruleset.encounter_fields`)."""


@dataclass
class Scenario:
    path: Path
    map_path: Path
    title: str
    seed: int
    sides: dict[str, str]
    """side -> "ai" or a player's name."""
    creatures: list[tuple[str, str, str, tuple[int, int]]]
    """(name, side, template id, offset) from the encounter file (map placements come on top)."""
    use_map_creatures: bool
    options: dict[str, Any]
    commands: list[Any] = field(default_factory=list)
    """The ruleset's scripted commands, as its ``commands`` section validated them."""
    preparations: dict[str, Any] = field(default_factory=dict)
    """Creature id -> the ruleset's preparation entry for it (``[preparations]``)."""
    creature_control: dict[str, str] = field(default_factory=dict)
    """creature id -> "ai" or a player's name, over its side's."""
    gm: str | None = None
    """The game master named by the file, if any."""
    ruleset: str = DEFAULT_RULESET
    """The rules system the fight is played by (a format 1 file's: seed 000)."""
    content: list[Path] = field(default_factory=list)
    """The encounter's own content files, resolved (their templates join the built-in ones)."""
    start: StartSpec | None = None
    """``[start]``: a fixed turn order and starting states, if the file sets them."""

    def control_of(self, cid: str, side: str) -> str:
        """Who plays a creature as the file says: its own ``creature_control``, else its side's."""
        return self.creature_control.get(cid) or self.sides.get(side, "ai")


def load_scenario(path: str | Path) -> Scenario:
    path = Path(path)
    try:
        raw = parse_toml(read_user_file(path, MAX_FILE_BYTES).decode("utf-8"))
    except UserFileError as exc:
        raise EncounterFileError(path, exc.detail) from None
    except UnicodeDecodeError as exc:
        raise EncounterFileError(path, f"not a text file (byte {exc.start} is not UTF-8): an encounter file is "
                                       "TOML text") from None
    except OSError as exc:
        raise EncounterFileError(path, f"cannot read: {exc}") from None
    except TomlSyntaxError as exc:
        raise EncounterFileError(path, exc.detail, exc.place) from None
    for name, cap in (("creatures", MAX_CREATURES), ("commands", MAX_COMMANDS), ("content", MAX_CONTENT_FILES)):
        listed = raw.get(name)
        if isinstance(listed, list) and len(listed) > cap:
            raise EncounterFileError(path, f"{len(listed)} entries, more than the limit of {cap}", name)
    start = raw.get("start")
    if isinstance(start, dict):
        for name in ("order", "creatures"):
            listed = start.get(name)
            if isinstance(listed, (list, dict)) and len(listed) > MAX_CREATURES:
                raise EncounterFileError(path, f"{len(listed)} entries, more than the limit of {MAX_CREATURES}",
                                         f"start.{name}")
    if raw.get("format") == 1:
        for key in FORMAT_2_KEYS:
            if key in raw:
                raise EncounterFileError(path, f"'{key}' is a key of format 2: write format = 2 and "
                                               f'ruleset = "{DEFAULT_RULESET}" (a format 1 file is seed 000)', key)
    elif "format" not in raw and ("powers" in raw or isinstance(raw.get("creatures"), dict)):
        raise EncounterFileError(path, "this is a content file (creatures and powers), not an encounter file: "
                                       "an encounter file names it in 'content'", "format")
    named = raw.get("ruleset")
    model = _spec_model(named if isinstance(named, str) and not ruleset_problem(named) else DEFAULT_RULESET)
    try:
        spec = model.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        place = ".".join(shown_key(x) if isinstance(x, str) else str(x) for x in err["loc"])
        more = f" (and {len(exc.errors()) - 1} more problems)" if len(exc.errors()) > 1 else ""
        raise EncounterFileError(path, f"{err['msg']}{more}", place) from None
    if spec.format not in FORMATS:
        raise EncounterFileError(path, f"format {spec.format} is not supported (this program reads formats "
                                       f"{' and '.join(map(str, FORMATS))})", "format")
    if spec.format >= 2 and spec.ruleset is None:
        raise EncounterFileError(path, f"a format {spec.format} file names its ruleset: add "
                                       f'ruleset = "{DEFAULT_RULESET}" (or the seed it is played by)', "ruleset")
    ruleset = spec.ruleset or DEFAULT_RULESET
    why = ruleset_problem(ruleset)
    if why:
        raise EncounterFileError(path, why, "ruleset")
    if not 1 <= spec.options.max_rounds <= MAX_ROUNDS:
        raise EncounterFileError(path, f"must be between 1 and {MAX_ROUNDS} (a fight lasts at least one round), "
                                       f"found {spec.options.max_rounds}", "options.max_rounds")
    map_path = _map_path(path, spec.map)
    return Scenario(
        path=path, map_path=map_path, title=spec.title, seed=spec.seed,
        sides={name: s.control for name, s in spec.sides.items()},
        creatures=[(c.name, c.side, c.template, c.at) for c in spec.creatures],
        use_map_creatures=spec.use_map_creatures,
        options=spec.options.model_dump(), commands=list(spec.commands), preparations=dict(spec.preparations),
        creature_control=dict(spec.creature_control), gm=spec.gm, ruleset=ruleset,
        content=_content_paths(path, spec.content),
        start=spec.start,
    )


def _map_path(path: Path, written: str) -> Path:
    """The map an encounter file names, resolved against the file's folder; one line for a name no file can
    have (a NUL byte, or a symlink loop, which Python 3.11's ``resolve`` raises as RuntimeError)."""
    if not written or "\0" in written:
        raise EncounterFileError(path, f"{quoted(written)} cannot be a file name" +
                                 (" (it holds a NUL byte)" if written else ""), "map")
    if len(written) > MAX_MAP_PATH:
        raise EncounterFileError(path, f"{quoted(written)} is {len(written)} characters long, more than the limit "
                                       f"of {MAX_MAP_PATH} for a map's path", "map")
    try:
        return (path.parent / written).resolve()
    except (OSError, RuntimeError, ValueError) as exc:
        raise EncounterFileError(path, f"{quoted(written)} cannot be opened: {exc}", "map") from None


def _content_paths(path: Path, written: list[str]) -> list[Path]:
    """The content files an encounter file names (``content``), each once."""
    out: list[Path] = []
    seen: dict[Path, int] = {}
    for i, name in enumerate(written, 1):
        found = _content_path(path, name, f"content[{i}]")
        same = found.resolve()
        if same in seen:
            raise EncounterFileError(path, f"{quoted(name)} is already listed as content[{seen[same]}]",
                                     f"content[{i}]")
        seen[same] = i
        out.append(found)
    return out


def _content_path(path: Path, written: str, place: str) -> Path:
    """A content file an encounter file names: a ``.toml`` file in the encounter's folder or below it, written
    relative to it (no ``..``, not absolute), and still there once symlinks are followed. It is read as every
    user file is (``read_user_file``: a regular file, under the size cap) by the content loader."""
    folder = path.parent

    def refuse(why: str) -> EncounterFileError:
        return EncounterFileError(path, f"{quoted(written)} {why}", place)

    if not written or "\0" in written or len(written) > MAX_MAP_PATH:
        raise refuse("cannot be a content file's name" + (" (it holds a NUL byte)" if "\0" in written else ""))
    given = Path(written)
    if given.is_absolute() or written.startswith(("/", "\\")) or (len(written) > 1 and written[1] == ":"):
        raise refuse("is an absolute path: name a content file beside the encounter file, relative to it")
    if ".." in given.parts or ".." in written.replace("\\", "/").split("/"):
        raise refuse("goes up a folder ('..'): a content file of an encounter lies beside it or below it")
    if given.suffix.lower() != ".toml":
        raise refuse("is not a .toml file: a content file is TOML")
    try:
        resolved = (folder / given).resolve()
        inside = resolved.is_relative_to(folder.resolve())
    except (OSError, RuntimeError, ValueError) as exc:
        raise refuse(f"cannot be opened: {exc}") from None
    if not inside:
        raise refuse("leads out of the encounter file's folder (a symlink): a content file lies beside it")
    if resolved.is_dir():
        raise refuse("is a folder, not a file: name each content file")
    if resolved == path.resolve():
        raise refuse("is this encounter file itself: name a content file (creatures and powers)")
    return folder / given


def check_creature_ids(scenario: Scenario, ids: list[str]) -> None:
    """Every creature the file names in ``[preparations]`` and ``[creature_control]`` is in the fight."""
    known = set(ids)
    for table, names in (("creature_control", scenario.creature_control), ("preparations", scenario.preparations)):
        for cid in names:
            if cid not in known:
                some = ", ".join(sorted(known)[:12]) + (", ..." if len(known) > 12 else "")
                raise EncounterFileError(scenario.path, f"no creature has the id {quoted(cid)} (the ids are: {some})",
                                         f"{table}.{shown_key(cid)}")


def _spec_model(name: str) -> type[EncounterSpec]:
    """The encounter file's model for ruleset ``name``: the shared sections and the ruleset's own."""
    fields: dict[str, Any] = ruleset(name).encounter_fields()
    return create_model(f"EncounterSpec_{name}", __base__=EncounterSpec, **fields)


def scripted(scenario: Scenario, board: Board) -> list[tuple[str, Command]]:
    """The file's scripted commands in engine terms, each with its place in the file."""
    return ruleset(scenario.ruleset).scripted(scenario.commands, board, scenario.path)


def check_round_limit(scenario: Scenario, round_now: int, options: Mapping[str, object], place: str) -> None:
    """Refuse a scripted command (at ``place``) left when the fight is past its ``max_rounds``: the runner
    and the window's session both ask before each one."""
    limit = options.get("max_rounds", 50)
    if isinstance(limit, int) and round_now > limit:
        raise EncounterFileError(scenario.path, f"the fight is past its round limit (options.max_rounds = {limit}) "
                                                "before this command", place)


def sheet_for(placement: Placement, templates: Mapping[str, Sheet]) -> Sheet | str:
    """The creature sheet a placed creature uses, or the reason it has none.

    Its ``template``, else the sheet named like the creature (``Goblin 1`` -> ``goblin_1``).
    ``roster`` refuses a creature without a sheet, and ``validate`` reports it (one check for both).
    """
    derived = placement.name.lower().replace(" ", "_")
    sheet = templates.get(placement.template) or templates.get(derived)
    if sheet is not None:
        return sheet
    if placement.template:
        return (f"creature {quoted(placement.name)} uses template {quoted(placement.template)}, which no "
                "content file defines")
    return (f"creature {quoted(placement.name)} has no 'template' property and no content file defines a "
            f"creature {quoted(derived)}")


def roster(scenario: Scenario, board: Board, templates: Mapping[str, Sheet]) -> list[Entry]:
    """Everyone in the fight: the map's creatures (if used) and the file's, with ids from their names.

    Each creature's whole space (2x2 squares for a large one) must lie on the board, clear of walls and of
    everyone placed before it (:meth:`Board.placement_problem`); else one line names the creature, the cell
    and why."""
    placements: list[Placement] = list(board.placements) if scenario.use_map_creatures else []
    from_map = len(placements)
    if from_map + len(scenario.creatures) > MAX_CREATURES:
        raise EncounterFileError(scenario.path, f"{from_map} creatures from the map and {len(scenario.creatures)} "
                                                f"from the file: more than the limit of {MAX_CREATURES}", "creatures")
    for i, (name, side, template, at) in enumerate(scenario.creatures, 1):
        placements.append(Placement(name, side, template, board.grid.offset_to_cell(*at),
                                    f"creatures[{i}] ({shown_key(name)})"))
    if not placements:
        raise EncounterFileError(scenario.path, "no creatures: the file lists none" + (
            " and the map places none" if scenario.use_map_creatures else " (and use_map_creatures = false)") +
            ", so there is nobody to fight", "creatures")
    ids = creature_ids(placements)
    out: list[Entry] = []
    taken: dict[Cell, str] = {}
    for n, (cid, p) in enumerate(zip(ids, placements)):
        # A map's creature is a problem of the map (its object names the place); a file's, of the file.
        where = scenario.map_path if n < from_map else scenario.path
        sheet = sheet_for(p, templates)
        if isinstance(sheet, str):
            raise EncounterFileError(where, sheet, p.origin)
        why = board.placement_problem(p.cell, sheet.size, taken)
        if why:
            col, row = board.grid.cell_to_offset(p.cell)
            size = f" (size {sheet.size}, template {quoted(sheet.id)})" if sheet.size > 1 else ""
            raise EncounterFileError(where, f"creature {quoted(p.name)}{size} cannot stand at [{col}, {row}]: {why}",
                                     p.origin)
        for cell in board.footprint(p.cell, sheet.size):
            taken[cell] = quoted(p.name)
        out.append(Entry(cid, p.name, p.side, sheet, p.cell))
    return out
