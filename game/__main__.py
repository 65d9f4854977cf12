"""The command line: ``python -m game [play|render|validate|bench] ...``.

Every problem with a user's file ends as one readable line per problem on
stderr and a non-zero exit code, never a traceback.
"""

from __future__ import annotations

import argparse
import difflib
import errno
import math
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from game.errors import GameError, MapError, MapProblems

if TYPE_CHECKING:
    from game.board import Board
    from game.tiled.model import TiledMap

REPO = Path(__file__).resolve().parent.parent
DEFAULT_MAP = REPO / "maps" / "square_crypt.tmx"
DEFAULT_ENCOUNTER = REPO / "maps" / "crypt_skirmish.toml"


def check_pygame_ce() -> str | None:
    """None if pygame-ce is what ``import pygame`` gives; else the one-line fix."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame
    except ImportError:
        return "pygame-ce is not installed: run  python -m pip install pygame-ce"
    if not getattr(pygame, "IS_CE", False):
        return ("plain pygame is installed where pygame-ce is needed (pygame_gui needs -ce): run  "
                "python -m pip uninstall -y pygame pygame-ce && python -m pip install pygame-ce")
    return None


def _problem_lines(error: GameError) -> list[str]:
    if isinstance(error, MapProblems):
        return [str(p) for p in error.problems]
    return [str(error)]


def cmd_validate(args: argparse.Namespace) -> int:
    from game.tiled import load_board

    failed = 0
    for name in args.maps:
        try:
            if Path(name).suffix.lower() == ".toml":  # an encounter: its map, content and placements
                from game.runner import encounter_summary

                print(encounter_summary(name, root=args.root))
                continue
            tmap, board = load_board(name, root=args.root)
            check_creature_sheets(tmap.path, board)
            check_picture(tmap)
        except GameError as exc:
            failed += 1
            for line in _problem_lines(exc):
                print(line)
            continue
        except Exception as exc:  # a bug of ours must still not look like the user's fault
            failed += 1
            print(last_resort_line(name, "reading this map", exc))
            continue
        print(summary(name, tmap, board))
    if len(args.maps) > 1:
        print(f"{len(args.maps) - failed} of {len(args.maps)} maps OK")
    return 1 if failed else 0


def last_resort_line(name: str, doing: str, exc: BaseException) -> str:
    """The one line for an exception nothing else caught: out of memory, or a bug of ours (never a traceback)."""
    if isinstance(exc, MemoryError):
        return f"{name}: out of memory while {doing}; the file asks for more than this machine can give"
    text = str(exc)
    text = text if len(text) <= 200 else text[:197] + "..."
    return (f"{name}: internal error while {doing} ({type(exc).__name__}: {text}); please report it"
            .replace("\n", "\\n").replace("\r", "\\r"))


def check_picture(tmap: object) -> None:
    """Raise what ``render`` and ``play`` would refuse about the map's picture before drawing it (its size,
    its tile objects scaled and turned, the pictures it draws), with their own sizing: nothing is drawn."""
    from game.tiled.model import TiledMap
    from game.ui.tiled_render import size_picture

    assert isinstance(tmap, TiledMap)
    size_picture(tmap)


def check_creature_sheets(path: Path, board: object) -> None:
    """Raise what ``play`` would refuse about the map's creatures, with ``play``'s own code.

    Every creature whose sheet no content file defines (``scenario.sheet_for``, one line
    each); then the roster ``play`` builds (``scenario.roster``: a large creature's whole
    space on the map, free of walls and of others). A broken content library is reported
    as itself.
    """
    from game.board import Board
    from game.rulesets import DEFAULT, ruleset
    from game.scenario import Scenario, roster, sheet_for
    from game.tiled.loader import problems_error

    assert isinstance(board, Board)
    if not board.placements:
        return
    rules = ruleset(DEFAULT)  # a bare map is played by the default ruleset (game.session.open_source)
    templates = rules.load_content([rules.content_dir()])
    problems = [MapError(path, sheet, p.origin) for p in board.placements
                if isinstance(sheet := sheet_for(p, templates), str)]
    if problems:
        raise problems_error(problems)
    bare = Scenario(path=path, map_path=path, title=board.name, seed=1, sides={}, creatures=[],
                    use_map_creatures=True, options={})
    roster(bare, board, templates)


def summary(name: str, tmap: object, board: object) -> str:
    from game.board import Board
    from game.tiled.model import TiledMap

    assert isinstance(tmap, TiledMap) and isinstance(board, Board)
    grid = board.kind.value
    if tmap.orientation.value == "hexagonal":
        grid += f" (stagger {tmap.stagger_axis.value} {tmap.stagger_index.value}, " + (
            "pointy-top)" if tmap.stagger_axis.value == "y" else "flat-top)")
    counts = board.counts()
    sides: dict[str, int] = {}
    for p in board.placements:
        sides[p.side] = sides.get(p.side, 0) + 1
    creatures = ", ".join(f"{side} {n}" for side, n in sorted(sides.items())) or "none"
    hidden = sum(p.hidden for p in board.placements)
    if hidden:
        creatures += f" ({hidden} hidden)"
    return (f"{name}: OK - {board.name!r}, {grid} grid {board.width}x{board.height} "
            f"({tmap.tile_width}x{tmap.tile_height} px), {len(board)} cells: "
            f"{counts['wall']} wall, {counts['difficult']} difficult, {counts['dangerous']} dangerous; "
            f"files from {tmap.root.described()}; creatures: {creatures}")


def cmd_render(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.tiled import load_map
    from game.tiled.to_board import board_from_map
    from game.ui.map_view import render_to_file

    from game.files import output_target

    output_target(args.out)  # a folder, a device or a missing folder is refused before the map is drawn
    tmap = load_map(args.map, root=args.root)
    if args.players:  # what players may see: the game master's layers and objects left out
        from game.tiled.hidden import players_view

        tmap = players_view(tmap)
    board = board_from_map(tmap) if (args.terrain or args.creatures or args.grid) else None
    render_to_file(tmap, board, Path(args.out), scale=args.scale, hidden_layers=tuple(args.hide_layer),
                   show_objects=not args.hide_objects, grid=args.grid, terrain=args.terrain,
                   creatures=args.creatures)
    print(f"wrote {args.out}")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    controls: dict[str, str] = {}
    for item in args.control:
        side, sep, who = item.partition("=")
        if not sep or not side.strip() or not who.strip():
            raise GameError(f"--control must look like heroes=Ann or monsters=ai, not {item!r}")
        controls[side.strip()] = who.strip()
    replay = getattr(args, "replay", None)
    if args.resume is not None and replay is not None:
        raise GameError("--resume and --replay: resume a save or replay it, not both")
    if args.resume is not None:
        from game.session import Session

        resumed = Session.resume(args.resume)  # a bad save is one line before the window opens
        loaded = None
    elif replay is not None:
        from game.session import Session

        Session.open_replay(replay)  # a bad save is one line before the window opens
        resumed, loaded = None, None
    else:
        resumed, loaded = None, read_map_first(args.map, root=args.root)
    from game.saves import left_by_a_crash, mark_closed, mark_running
    from game.ui.table import run_table
    from game.ui.window import parse_size

    crashed = left_by_a_crash()
    if resumed is not None or replay is not None:
        crashed = None
    if crashed is not None:  # the window offers to resume it (Resume / Start fresh)
        print(f"The last window closed without quitting; its newest autosave: play --resume {crashed}",
              file=sys.stderr)
    mark_running()
    try:
        return run_table(None if resumed or replay else args.map, size=parse_size(args.size),
                         screenshot=args.screenshot, script=args.script, controls=controls, skip_setup=args.no_setup,
                         state_file=args.state_file, loaded=loaded, resumed=resumed, autosave=autosave_folder(),
                         projector=args.projector, root=args.root, replay=replay, crashed=crashed)
    finally:
        mark_closed()


def autosave_folder() -> Path:
    """The window's autosave folder (``game.saves.autosaves_dir``)."""
    from game.saves import autosaves_dir

    return autosaves_dir()


MAP_FILES = (".tmx", ".tmj", ".json")
"""``game.session.MAP_SUFFIXES``, named here without importing the session (and its 30 MB of libraries)."""


def read_map_first(name: str, root: str | None = None) -> tuple[TiledMap, Board] | Exception | None:
    """A bare map's ``load_board`` (or what it raised), before the window's libraries are imported: they take
    ~60 MB, and a hostile map's refusal then costs what ``validate``'s does instead of adding to them (README,
    Maps from strangers). The window shows a refusal as it shows any file it cannot open. None for an
    encounter file, which the window reads itself."""
    if Path(name).suffix.lower() not in MAP_FILES:
        return None
    from game.tiled import load_board

    try:
        return load_board(name, root=root)
    except Exception as exc:  # shown by the window, as Table.open shows what opening a file raised
        exc.__context__ = exc.__cause__ = None  # nor what the loader's frames held (a 28 MB file's bytes)
        return exc.with_traceback(None)


def cmd_run(args: argparse.Namespace) -> int:
    from game.runner import run

    return run(args.encounter, seed=args.seed, auto=args.auto, as_json=args.json,
               random_decisions=True if args.random_decisions else None)


def cmd_replay(args: argparse.Namespace) -> int:
    from game.runner import replay_save

    if args.window:  # replay SAVE --window: as play --replay SAVE
        window = build_parser().parse_args(["play", "--replay", args.save])
        return cmd_play(window)

    return replay_save(args.save, as_json=args.json)


def cmd_simulate(args: argparse.Namespace) -> int:
    from game.simulate import simulate

    return simulate(args.encounter, runs=args.runs, seed=args.seed, jobs=args.jobs, as_json=args.json)


def bounded(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = low - 1
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be a whole number from {low} to {high}, not {text!r}")
        return value
    return parse


def cmd_bench(args: argparse.Namespace) -> int:
    from game.bench import run_benchmarks

    run_benchmarks(repeats=args.repeats)
    return 0


MAX_REPEATS = 1000
"""Largest ``bench --repeats``."""


def positive_scale(text: str) -> float:
    """``render --scale``: a finite number above 0 (how large the picture may get is checked when drawn)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"must be a number above 0, such as 0.5 or 2, not {text!r}")
    return value


def repeat_count(text: str) -> int:
    """``bench --repeats``: a whole number from 1 to :data:`MAX_REPEATS`."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= MAX_REPEATS:
        raise argparse.ArgumentTypeError(f"must be a whole number from 1 to {MAX_REPEATS}, not {text!r}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m game", description="Tactical-combat table for Tiled battle maps.")
    sub = parser.add_subparsers(dest="command")

    root_help = ("take the map's files from inside DIR (default: the folders of the nearest .tiled-project file "
                 "whose folders hold the map, else the map's folder)")
    play = sub.add_parser("play", help="open the table window on an encounter or a map (the default command)")
    play.add_argument("map", nargs="?", default=str(DEFAULT_ENCOUNTER), metavar="MAP_OR_ENCOUNTER")
    play.add_argument("--root", metavar="DIR", help=root_help)
    play.add_argument("--projector", metavar="DISPLAY", nargs="?", type=int, const=-1, default=None,
                      help="open the players' display (F2) at once: fullscreen on display DISPLAY (0, 1...) when "
                           "there are several; --screenshot then also writes it, as NAME-players.png")
    play.add_argument("--screenshot", metavar="PATH",
                      help="write a PNG of every open window after the script and the first frames, and exit")
    play.add_argument("--script", metavar="FILE", help="feed the input events listed in FILE first (clicks, keys)")
    play.add_argument("--control", action="append", default=[], metavar="SIDE=NAME",
                      help="who plays a side: a player's name or ai (repeatable; overrides the encounter file)")
    play.add_argument("--no-setup", action="store_true", help="skip the 'who plays each side' dialog")
    play.add_argument("--state-file", metavar="FILE",
                      help="keep FILE updated with what the window shows, as JSON with window pixels (for drivers)")
    play.add_argument("--size", default="1280x800", help="window size, WIDTHxHEIGHT")
    play.add_argument("--resume", metavar="SAVE", help="resume the fight a save file holds (Ctrl+S, an autosave)")
    play.add_argument("--replay", metavar="SAVE", help="show a save step by step (Left/Right, Home/End); Enter plays "
                                                       "on from the step shown as a new fight")
    play.set_defaults(func=cmd_play)

    render = sub.add_parser("render", help="draw a map to a PNG without opening a window")
    render.add_argument("map")
    render.add_argument("--out", required=True, metavar="FILE.png")
    render.add_argument("--scale", type=positive_scale, default=1.0,
                        help="size factor of the picture (above 0; the picture may be at most 16384 pixels a side "
                             "and 64 megapixels)")
    render.add_argument("--grid", action="store_true", help="outline every cell")
    render.add_argument("--terrain", action="store_true", help="tint walls, difficult and dangerous cells")
    render.add_argument("--creatures", action="store_true", help="draw the creatures placed on the map")
    render.add_argument("--hide-layer", action="append", default=[], metavar="NAME", help="omit a layer (repeatable)")
    render.add_argument("--hide-objects", action="store_true", help="omit every object layer (tile objects included)")
    render.add_argument("--players", action="store_true",
                        help="draw what players may see: omit every layer and object whose 'hidden' property is true")
    render.add_argument("--root", metavar="DIR", help=root_help)
    render.set_defaults(func=cmd_render)

    validate = sub.add_parser("validate", help="check maps and encounter files and print a summary or every problem")
    validate.add_argument("maps", nargs="+", metavar="MAP")
    validate.add_argument("--root", metavar="DIR", help=root_help)
    validate.set_defaults(func=cmd_validate)

    run = sub.add_parser("run", help="play an encounter file headless and print its log")
    run.add_argument("encounter", metavar="ENCOUNTER")
    run.add_argument("--seed", type=int, default=None, help="the random seed (default: the file's)")
    run.add_argument("--auto", action="store_true", help="let the AI play every side to the end")
    run.add_argument("--json", action="store_true", help="one JSON object per event instead of text")
    run.add_argument("--random-decisions", action="store_true",
                     help="seed 000's simpler rule: every automatic choice at random")
    run.set_defaults(func=cmd_run)

    replay = sub.add_parser("replay", help="replay a save headless, print its log and where it parts from the "
                                           "recording")
    replay.add_argument("save", metavar="SAVE")
    replay.add_argument("--json", action="store_true", help="one JSON object per event instead of text")
    replay.add_argument("--window", action="store_true", help="step through it in the window instead "
                                                              "(as play --replay SAVE)")
    replay.set_defaults(func=cmd_replay)

    from game.simulate import MAX_JOBS, MAX_RUNS

    simulate = sub.add_parser("simulate", help="play many AI-against-AI fights of an encounter and sum them up")
    simulate.add_argument("encounter", metavar="ENCOUNTER")
    simulate.add_argument("--runs", type=bounded(1, MAX_RUNS), default=100, help="how many fights (default 100)")
    simulate.add_argument("--seed", type=bounded(-2**62, 2**62), default=1, help="the first fight's seed (default 1)")
    simulate.add_argument("--jobs", type=bounded(1, MAX_JOBS), default=1, help="processes to play them in")
    simulate.add_argument("--json", action="store_true", help="the summary as one JSON object")
    simulate.set_defaults(func=cmd_simulate)

    bench = sub.add_parser("bench", help="print benchmark figures against references measured in the same run")
    bench.add_argument("--repeats", type=repeat_count, default=5, help=f"runs per figure, 1 to {MAX_REPEATS}")
    bench.set_defaults(func=cmd_bench)
    return parser


COMMANDS = ("play", "render", "validate", "run", "replay", "simulate", "bench")
FILE_SUFFIXES = (".toml", ".tmx", ".tmj", ".json")
"""What ``play`` opens: a first word with one of these endings (or an option) means the default command."""


def unknown_command(word: str) -> str | None:
    """The line refusing ``word`` as a first argument, or None when it means ``play WORD`` (the default
    command): an option, a path to something that exists, or a name ending in a map or encounter suffix."""
    if word.startswith("-") or word.lower().endswith(FILE_SUFFIXES) or os.sep in word or "/" in word:
        return None
    try:
        if os.path.lexists(word):
            return None
    except (ValueError, OSError):
        pass
    shown = word if len(word) <= 40 else word[:37] + "..."
    close = difflib.get_close_matches(word.lower(), COMMANDS, n=1)
    hint = f"did you mean '{close[0]}'? " if close else ""
    return (f"python -m game: unknown command {shown!r} ({hint}the commands are {', '.join(COMMANDS)}; "
            f"to open a file of that name: python -m game play {shown})")


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    if not argv or (argv[0] not in COMMANDS and argv[0] not in ("-h", "--help")):
        unknown = unknown_command(argv[0]) if argv else None
        if unknown is not None:
            print(unknown, file=sys.stderr)
            return 2
        argv.insert(0, "play")
    args = parser.parse_args(argv)
    # only the commands that draw import pygame: validate's floor of memory stays ~10 MB lower
    fix = check_pygame_ce() if args.command in ("play", "render", "bench") else None
    if fix is not None:
        print(fix, file=sys.stderr)
        return 3
    try:
        return _run(args)
    except (MemoryError, Exception) as exc:  # the last resort, as validate has for each map
        if args.command not in LAST_RESORT:
            raise
        what, doing = LAST_RESORT[args.command]
        print(last_resort_line(str(getattr(args, what, "")), doing, exc), file=sys.stderr)
        return 1


LAST_RESORT = {"render": ("map", "drawing this map"), "play": ("map", "playing this map or encounter")}
"""Commands whose unexpected exceptions end as one line naming the file (``validate`` has its own, per map)."""


def _run(args: argparse.Namespace) -> int:
    try:
        code = int(args.func(args))
        sys.stdout.flush()  # a full disk shows here, not in the interpreter's last flush
        return code
    except GameError as exc:
        for line in _problem_lines(exc):
            print(line, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # the reader went away (``run ... | head``): stop quietly, as Unix tools do
        _drop_stdout()
        return 0
    except OSError as exc:
        if exc.errno not in OUTPUT_FAILURES:
            raise
        # the output cannot be written (``run > /dev/full``): one line, and no second try at exit
        _drop_stdout()
        print(f"python -m game: cannot write the output: {exc.strerror or exc}", file=sys.stderr)
        return 1


OUTPUT_FAILURES = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO}
"""Errors of writing standard output (a full disk, a quota, a file too large, a failing device): files the
program writes itself report theirs through ``game.files``."""


def _drop_stdout() -> None:
    """Point standard output at the null device, so the interpreter's flush at exit fails no more."""
    try:
        sys.stdout = open(os.devnull, "w")
    except OSError:
        pass


if __name__ == "__main__":
    sys.exit(main())
