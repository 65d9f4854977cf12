"""Encounter files: a map, who fights for whom, who plays each side, options, scripted commands.

A TOML file (format 1), validated once with pydantic and turned into plain
engine objects; every problem names the file, the place and what is wrong.
The format is a public interface, documented in the README ("Encounter files").
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal, Mapping

from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError

from game.board import Board, Placement
from game.errors import GameError
from game.grid import Cell
from game.rules.commands import (ChargeCommand, Command, EndTurnCommand, MoveCommand, ShiftCommand,
                                 StandUpCommand, UsePowerCommand)
from game.rules.model import CreatureId, PowerId, Restriction, RestrictionKind, Template
from game.rules.preparation import Preparation

ENCOUNTER_FORMAT = 1
MAX_FILE_BYTES = 1024 * 1024


class EncounterFileError(GameError):
    def __init__(self, path: str | Path, detail: str, place: str = "") -> None:
        self.path, self.place, self.detail = str(path), place, detail
        super().__init__(f"{path}: {place}: {detail}" if place else f"{path}: {detail}")


Offset = Annotated[tuple[StrictInt, StrictInt], Field(strict=False)]
"""Tiled offset coordinates ``[col, row]``: TOML writes them as arrays, which strict mode refuses as tuples."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class SideSpec(_Strict):
    control: str = "ai"
    """"ai", or the name of the player who plays the side."""


class CreatureSpec(_Strict):
    name: str
    side: str
    template: str
    at: Offset
    """Tiled offset coordinates [col, row] of its cell."""


class RestrictionSpec(_Strict):
    """``{ kind = "forced_toward", power = "hex_recoil", at = [4, 7] }``: one anchor at most (creature, at or
    triggerer), as the kind needs."""

    kind: Literal["non_minion_attackers", "while_bloodied", "forced_toward", "forced_away", "move_toward",
                  "move_away", "only_against"]
    power: str | None = None
    creature: str | None = None
    at: Offset | None = None
    triggerer: bool = False


class PreparationSpec(_Strict):
    """Seed 000's preparation: the Limited reaction, the Spontaneous ones' priority, the disabled ones,
    the default basic and opportunity attacks, restrictions. What is left out: none / the sheet's order."""

    limited: str | None = None
    priority: list[str] = []
    disabled: list[str] = []
    basic_attack: str | None = None
    opportunity_attack: str | None = None
    restrictions: list[RestrictionSpec] = []


class CommandSpec(_Strict):
    do: Literal["move", "shift", "stand", "power", "charge", "end"]
    creature: str
    to: Offset | None = None
    path: list[Offset] | None = None
    power: str | None = None
    targets: list[str] = []
    target: str | None = None
    at: Offset | None = None
    landings: dict[str, Offset] = {}
    shift_to: Offset | None = None
    """power: where a power that shifts its user puts it (else seed 000's Movement decision)."""
    prepare: PreparationSpec | None = None
    """end: the creature's reactions for its next round (else it keeps the preparation it has)."""


class OptionsSpec(_Strict):
    random_decisions: bool = False
    """Seed 000's simpler rule: every automatic choice at random."""
    max_rounds: int = 50
    """The runner stops a fight that lasts longer (a draw)."""


class EncounterSpec(_Strict):
    format: int
    map: str
    title: str = ""
    seed: int = 1
    use_map_creatures: bool = True
    sides: dict[str, SideSpec] = {}
    creatures: list[CreatureSpec] = []
    options: OptionsSpec = OptionsSpec()
    preparations: dict[str, PreparationSpec] = {}
    """Creature id -> its preparation before its first turn (else its sheet's default)."""
    commands: list[CommandSpec] = []


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
    commands: list[CommandSpec] = field(default_factory=list)
    preparations: dict[str, PreparationSpec] = field(default_factory=dict)


def load_scenario(path: str | Path) -> Scenario:
    path = Path(path)
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise EncounterFileError(path, f"larger than {MAX_FILE_BYTES} bytes")
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise EncounterFileError(path, "file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise EncounterFileError(path, f"cannot read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise EncounterFileError(path, f"not valid TOML: {exc}") from None
    try:
        spec = EncounterSpec.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        place = ".".join(str(x) for x in err["loc"])
        more = f" (and {len(exc.errors()) - 1} more problems)" if len(exc.errors()) > 1 else ""
        raise EncounterFileError(path, f"{err['msg']}{more}", place) from None
    if spec.format != ENCOUNTER_FORMAT:
        raise EncounterFileError(path, f"format {spec.format} is not supported (this program reads format {ENCOUNTER_FORMAT})", "format")
    map_path = (path.parent / spec.map).resolve()
    return Scenario(
        path=path, map_path=map_path, title=spec.title, seed=spec.seed,
        sides={name: s.control for name, s in spec.sides.items()},
        creatures=[(c.name, c.side, c.template, c.at) for c in spec.creatures],
        use_map_creatures=spec.use_map_creatures,
        options=spec.options.model_dump(), commands=list(spec.commands), preparations=dict(spec.preparations),
    )


def to_command(spec: CommandSpec, board: Board, place: str, path: Path) -> Command:
    """A scripted command in engine terms (cells from [col, row])."""
    grid = board.grid

    def cell(value: tuple[int, int] | None, what: str) -> Cell:
        if value is None:
            raise EncounterFileError(path, f"'{spec.do}' needs '{what}'", place)
        return grid.offset_to_cell(*value)  # type: ignore[no-any-return]

    who = CreatureId(spec.creature)
    match spec.do:
        case "move":
            route = tuple(grid.offset_to_cell(*p) for p in spec.path) if spec.path else None
            return MoveCommand(who, cell(spec.to, "to"), route)
        case "shift":
            return ShiftCommand(who, cell(spec.to, "to"))
        case "stand":
            return StandUpCommand(who)
        case "end":
            return EndTurnCommand(who, to_preparation(spec.prepare, board) if spec.prepare is not None else None)
        case "charge":
            if spec.target is None:
                raise EncounterFileError(path, "'charge' needs 'target'", place)
            return ChargeCommand(who, CreatureId(spec.target), cell(spec.to, "to"))
        case "power":
            if spec.power is None:
                raise EncounterFileError(path, "'power' needs 'power'", place)
            origin = grid.offset_to_cell(*spec.at) if spec.at is not None else None
            landings = tuple((CreatureId(k), grid.offset_to_cell(*v)) for k, v in spec.landings.items())
            shift_to = grid.offset_to_cell(*spec.shift_to) if spec.shift_to is not None else None
            return UsePowerCommand(who, spec.power, tuple(CreatureId(t) for t in spec.targets), origin, landings,
                                   shift_to)
    raise EncounterFileError(path, f"unknown command '{spec.do}'", place)


def to_preparation(spec: PreparationSpec, board: Board) -> Preparation:
    """A preparation in engine terms (cells from [col, row]); the engine checks it against the sheet."""
    grid = board.grid
    return Preparation(
        limited=PowerId(spec.limited) if spec.limited else None,
        priority=tuple(PowerId(p) for p in spec.priority), disabled=frozenset(PowerId(p) for p in spec.disabled),
        basic_attack=PowerId(spec.basic_attack) if spec.basic_attack else None,
        opportunity_attack=PowerId(spec.opportunity_attack) if spec.opportunity_attack else None,
        restrictions=tuple(Restriction(RestrictionKind(r.kind), PowerId(r.power) if r.power else None,
                                       CreatureId(r.creature) if r.creature else None,
                                       grid.offset_to_cell(*r.at) if r.at is not None else None, r.triggerer)
                           for r in spec.restrictions),
    )


def sheet_for(placement: Placement, templates: Mapping[str, Template]) -> Template | str:
    """The creature sheet a placed creature uses, or the reason it has none.

    Its ``template``, else the sheet named like the creature (``Goblin 1`` -> ``goblin_1``).
    ``roster`` refuses a creature without a sheet, and ``validate`` reports it (one check for both).
    """
    derived = placement.name.lower().replace(" ", "_")
    sheet = templates.get(placement.template) or templates.get(derived)
    if sheet is not None:
        return sheet
    if placement.template:
        return f"creature '{placement.name}' uses template '{placement.template}', which no content file defines"
    return (f"creature '{placement.name}' has no 'template' property and no content file defines a creature "
            f"'{derived}'")


def roster(scenario: Scenario, board: Board, templates: dict[str, Template]) -> list[tuple[CreatureId, str, str, Template, Cell]]:
    """Everyone in the fight: the map's creatures (if used) and the file's, with ids from their names."""
    from game.rules.encounter import creature_ids

    placements: list[Placement] = list(board.placements) if scenario.use_map_creatures else []
    from_map = len(placements)
    for i, (name, side, template, at) in enumerate(scenario.creatures, 1):
        placements.append(Placement(name, side, template, board.grid.offset_to_cell(*at), f"creatures[{i}] ('{name}')"))
    ids = creature_ids(placements)
    out = []
    taken: dict[Cell, str] = {}
    for n, (cid, p) in enumerate(zip(ids, placements)):
        # A map's creature is a problem of the map (its object names the place); a file's, of the file.
        where = scenario.map_path if n < from_map else scenario.path
        sheet = sheet_for(p, templates)
        if isinstance(sheet, str):
            raise EncounterFileError(where, sheet, p.origin)
        if p.cell not in board or board.is_wall(p.cell):
            raise EncounterFileError(where, f"creature '{p.name}' stands off the map or in a wall", p.origin)
        if p.cell in taken:
            raise EncounterFileError(where, f"creature '{p.name}' shares its cell with '{taken[p.cell]}'", p.origin)
        taken[p.cell] = p.name
        out.append((cid, p.name, p.side, sheet, p.cell))
    return out
