"""``python -m game bench``: figures measured against a reference in the same run.

Never a pass/fail test: it prints numbers and ratios for people to read.
"""

from __future__ import annotations

import base64
import importlib
import os
import random
import tempfile
import time
import zlib
from pathlib import Path
from typing import Any, Callable


def generate_map(folder: Path, size: int = 256, layers: int = 3, encoding: str = "csv", seed: int = 7) -> Path:
    """Write a ``size`` x ``size`` orthogonal map with ``layers`` tile layers and a 64-tile tileset."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    tiles = pygame.Surface((8 * 32, 8 * 32))
    rng = random.Random(seed)
    for i in range(64):
        tiles.fill((rng.randrange(256), rng.randrange(256), rng.randrange(256)), ((i % 8) * 32, (i // 8) * 32, 32, 32))
    pygame.image.save(tiles, str(folder / "bench_tiles.png"))
    props = "\n".join(
        f'  <tile id="{i}"><properties><property name="{name}" type="bool" value="true"/></properties></tile>'
        for i, name in ((1, "wall"), (2, "difficult"), (3, "wall"))
    )
    body = []
    for n in range(layers):
        gids = [rng.randrange(0, 65) if n else rng.randrange(1, 65) for _ in range(size * size)]
        if encoding == "csv":
            rows = ",\n".join(",".join(map(str, gids[r * size:(r + 1) * size])) for r in range(size))
            data = f'<data encoding="csv">\n{rows}\n</data>'
        else:
            raw = b"".join(g.to_bytes(4, "little") for g in gids)
            data = f'<data encoding="base64" compression="zlib">{base64.b64encode(zlib.compress(raw)).decode()}</data>'
        body.append(f' <layer id="{n + 1}" name="layer{n}" width="{size}" height="{size}">\n  {data}\n </layer>')
    path = folder / f"bench_{size}_{encoding}.tmx"
    path.write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" '
        f'width="{size}" height="{size}" tilewidth="32" tileheight="32" infinite="0" nextlayerid="{layers + 1}" nextobjectid="1">\n'
        f' <tileset firstgid="1" name="bench" tilewidth="32" tileheight="32" tilecount="64" columns="8">\n'
        f'  <image source="bench_tiles.png" width="256" height="256"/>\n{props}\n </tileset>\n'
        + "\n".join(body) + "\n</map>\n"
    )
    return path


def best_of(repeats: int, fn: Callable[[], object]) -> float:
    """The fastest of ``repeats`` runs, in seconds (the least disturbed by the machine)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def bench_map_loading(repeats: int) -> None:
    import pytmx  # type: ignore[import-untyped]

    from game.tiled import load_map
    from game.tiled.to_board import board_from_map

    with tempfile.TemporaryDirectory() as tmp:
        for encoding in ("csv", "base64-zlib"):
            path = generate_map(Path(tmp), encoding=encoding)
            reference = best_of(repeats, lambda: pytmx.TiledMap(str(path)))
            ours_map = best_of(repeats, lambda: load_map(path))
            ours_board = best_of(repeats, lambda: board_from_map(load_map(path)))
            print(f"map load, 256x256, 3 tile layers, {encoding}:")
            print(f"  pytmx.TiledMap (reference)      {reference * 1000:8.1f} ms")
            print(f"  load_map (checked TiledMap)     {ours_map * 1000:8.1f} ms   ratio {ours_map / reference:5.2f}")
            print(f"  load_map + Board (terrain)      {ours_board * 1000:8.1f} ms   ratio {ours_board / reference:5.2f}   (goal <= 1.3)")


# -- the rules engine --------------------------------------------------------------------------

ENGINE_MAP = 100
ENGINE_CREATURES = 1000
ENGINE_SPEED = 8
ENCOUNTER_GOAL = 50.0
"""Headless sample encounters per second on one core that the engine and the AI aim for."""


def _tcod_path() -> Any | None:
    """tcod's pathfinding module if the ``bench`` extra is installed, else None."""
    try:
        return importlib.import_module("tcod.path")
    except ImportError:
        return None


def crowded_state(size: int = ENGINE_MAP, creatures: int = ENGINE_CREATURES, seed: int = 11) -> tuple[Any, Any]:
    """A seeded ``size`` x ``size`` square encounter state: ~12 % walls, ~8 % difficult, ``creatures`` creatures.

    Half the creatures are heroes and half monsters, scattered at random on
    open floor; each has a reach-1 melee basic attack, so each threatens its
    neighbours. Returns the state and the mover: a speed-8 monster at the
    centre, with nobody next to it.
    """
    from game.board import Board, Terrain
    from game.grid import Cell, Square, SquareGrid
    from game.rules.model import (ActionType, Attack, CreatureId, DamageRoll, Defense, Defenses, Frequency,
                                  Outcome, Power, PowerId, Reach, RangeKind, Role, Template)
    from game.rules.state import Creature, EncounterState

    rng = random.Random(seed)
    terrain: dict[Cell, Terrain] = {}
    for y in range(size):
        for x in range(size):
            roll = rng.random()
            if roll < 0.12:
                terrain[Square(x, y)] = Terrain(wall=True)
            elif roll < 0.20:
                terrain[Square(x, y)] = Terrain(difficult=True)
    centre = Square(size // 2, size // 2)
    terrain.pop(centre, None)
    board = Board(SquareGrid(32, 32), size, size, terrain=terrain)
    axe = Power(PowerId("axe"), "Axe", ActionType.STANDARD, Frequency.AT_WILL, Reach(RangeKind.MELEE),
                attack=Attack(5, Defense.AC), hit=Outcome(damage=DamageRoll(1, 8, 2)), basic=True)

    def sheet(speed: int) -> Template:
        return Template(id=f"bench_{speed}", name="Bench", level=1, role=Role.SOLDIER, hp=30,
                        defenses=Defenses(15, 13, 13, 13), speed=speed, initiative=0, powers=(axe,))

    walker, others = sheet(ENGINE_SPEED), sheet(6)
    around = set(board.grid.within(centre, 1))  # the mover starts out of everyone's reach
    free = [Square(x, y) for y in range(size) for x in range(size)
            if Square(x, y) not in terrain and Square(x, y) not in around]
    spots = rng.sample(free, creatures - 1)
    people: dict[CreatureId, Creature] = {}
    mover = Creature(CreatureId("mover"), "Mover", "monsters", walker, centre, hp=30, surges=0)
    people[mover.id] = mover
    for i, cell in enumerate(spots):
        cid = CreatureId(f"c{i}")
        people[cid] = Creature(cid, cid, "heroes" if i % 2 else "monsters", others, cell, hp=30, surges=0)
    return EncounterState(board, people), mover


def bench_reachable(repeats: int) -> None:
    """``tactics.reachable`` (bounded, with provoking flags) and ``distance_field`` against tcod's C Dijkstra.

    The main reference gives tcod our movement rules through its graph API, so
    it computes the same distances; tcod's simplest flood (``dijkstra2d``,
    whose diagonals cut wall corners) is shown beside it. The timings are
    interleaved (one run of each per round) and the best of each is kept, so
    the ratios compare runs made under the same load.
    """
    import numpy as np

    from game.rules import tactics

    state, mover = crowded_state()
    tactics.distance_field(state, mover)  # warm the board's cached arrays, as in play
    routes = tactics.reachable(state, mover)
    field = tactics.distance_field(state, mover)
    provoking = sum(1 for r in routes.values() if r.provokes)
    keys, values = list(field), list(field.values())
    rounds = max(repeats, 25)
    timed: dict[str, Callable[[], object]] = {
        "reachable": lambda: tactics.reachable(state, mover),
        "field": lambda: tactics.distance_field(state, mover),
        "dict": lambda: dict(zip(keys, values)),  # what building the returned dict alone costs
    }
    path = _tcod_path()
    board = state.board

    def row_col(cell: Any) -> tuple[int, int]:
        col, row = board.grid.cell_to_offset(cell)
        return row, col

    if path is not None:
        cost = np.ones((board.height, board.width), dtype=np.int8)
        wall = np.zeros((board.height, board.width), dtype=np.bool_)
        for cell, t in board.special_cells().items():
            if t.wall:
                cost[row_col(cell)] = 0
                wall[row_col(cell)] = True
            elif t.difficult:
                cost[row_col(cell)] = 2
        for c in state.living():
            if c.side != mover.side:
                cost[row_col(c.cell)] = 0  # enemies block; allies may be passed through
        # our rules for tcod: a diagonal only from cells whose two orthogonal cells towards it are
        # on the board and not walls (creatures do not block a diagonal), cost of entering a cell
        open_ = np.pad(~wall, 1, constant_values=False)
        h, w = board.height, board.width
        graph = path.CustomGraph((h, w))
        graph.add_edges(edge_map=[[0, 1, 0], [1, 0, 1], [0, 1, 0]], cost=cost)
        for dy, dx in ((-1, -1), (-1, 1), (1, -1), (1, 1)):
            corner_free = open_[1 + dy:1 + dy + h, 1:1 + w] & open_[1:1 + h, 1 + dx:1 + dx + w]
            graph.add_edge((dy, dx), 1, cost=cost, condition=corner_free.astype(np.int8))

        def tcod_same_rules() -> Any:
            finder = path.Pathfinder(graph)
            finder.add_root(row_col(mover.cell))
            finder.resolve()
            return finder.distance

        def tcod_corner_cutting() -> Any:
            dist = path.maxarray((board.height, board.width), dtype=np.int32)
            dist[row_col(mover.cell)] = 0
            return path.dijkstra2d(dist, cost, 1, 1, out=dist)

        timed["tcod"] = tcod_same_rules
        timed["tcod2d"] = tcod_corner_cutting
    best = {name: float("inf") for name in timed}
    for _ in range(rounds):
        for name, fn in timed.items():
            start = time.perf_counter()
            fn()
            best[name] = min(best[name], time.perf_counter() - start)
    ours, flood = best["reachable"], best["field"]
    print(f"reachable cells, {ENGINE_MAP}x{ENGINE_MAP} square map, {ENGINE_CREATURES} creatures, speed {ENGINE_SPEED}"
          f" (best of {rounds}, interleaved):")
    print(f"  tactics.reachable (bounded, cheapest + safest paths, provoking flags)"
          f" {ours * 1000:8.2f} ms   ({len(routes)} cells, {provoking} of them only by provoking)")
    print(f"  tactics.distance_field (full map flood)"
          f"{' ' * 32}{flood * 1000:8.2f} ms   ({len(field)} cells; building a dict of that many Cells alone:"
          f" {best['dict'] * 1000:.2f} ms)")
    if path is None:
        print('  tcod reference skipped: tcod is not installed; install the extra with  pip install -e ".[bench]"')
        return
    reference, simple = best["tcod"], best["tcod2d"]
    top = np.iinfo(np.int32).max

    def agreement(dist: Any) -> str:
        reached = int((dist < top).sum())
        same = sum(1 for cell, d in field.items() if int(dist[row_col(cell)]) == d)
        return f"{reached} cells, same distance as distance_field on {same} of {len(field)}"

    print(f"  tcod Pathfinder on a CustomGraph with our rules (reference)"
          f"{' ' * 12}{reference * 1000:8.2f} ms   ({agreement(tcod_same_rules())})")
    print(f"  tcod dijkstra2d, diagonals cutting wall corners (simpler)"
          f"{' ' * 14}{simple * 1000:8.2f} ms   ({agreement(tcod_corner_cutting())})")
    print("    both return a numpy array of distances; ours return dicts keyed by Cell")
    print(f"  ratio reachable / tcod same-rules flood      {ours / reference:6.2f}   (goal < 1;"
          f" against dijkstra2d {ours / simple:.2f})")
    print(f"  ratio distance_field / tcod same-rules flood {flood / reference:6.2f}   (goal <= 1.5;"
          f" against dijkstra2d {flood / simple:.2f})")


def _fresh(loaded: Any, seed: int) -> Any:
    """The loaded encounter again from the start with another seed (map and content loaded once)."""
    from game.rules.encounter import Encounter
    from game.runner import Loaded

    st = loaded.encounter.state
    roster = [(c.id, c.name, c.side, c.template, c.cell) for c in st.creatures.values()]
    return Loaded(loaded.scenario, Encounter(st.board, roster, seed=seed, map_name=loaded.encounter.map_name,
                                             options=st.options))


def bench_encounters(repeats: int) -> None:
    """Whole sample encounters, every side played by the AI, headless, on one core."""
    import cProfile
    import pstats

    import game.rules.ai as ai
    from game.runner import build_encounter, play

    maps = Path(__file__).resolve().parent.parent / "maps"
    runs = {"crypt_skirmish.toml": 10 * repeats, "marsh_ambush.toml": 2 * repeats, "ridge_crossing.toml": 2 * repeats}
    print("headless encounters, 5 v 5, AI on both sides (play --auto), seeds 1..N:")
    square_rate = 0.0
    for name, count in runs.items():
        loaded = build_encounter(maps / name)
        thinking = [0.0, 0]
        choose = ai.choose_command

        def timed(encounter: Any, creature: Any) -> Any:
            start = time.perf_counter()
            command = choose(encounter, creature)
            thinking[0] += time.perf_counter() - start
            thinking[1] += 1
            return command

        rounds = 0
        ai.choose_command = timed
        try:
            start = time.perf_counter()
            for seed in range(1, count + 1):
                rounds += play(_fresh(loaded, seed), auto=True, emit=lambda e: None).state.round
            took = time.perf_counter() - start
        finally:
            ai.choose_command = choose
        rate = count / took
        if name.startswith("crypt"):
            square_rate = rate
        kind = loaded.encounter.state.board.kind.value
        goal = f"   (goal >= {ENCOUNTER_GOAL:.0f})" if name.startswith("crypt") else ""
        print(f"  {name:22} {kind:6} {count:3} fights {rate:7.1f} per second, mean {rounds / count:4.1f} rounds, "
              f"AI {thinking[0] / took:4.0%} of the time ({thinking[0] / max(1, thinking[1]) * 1000:.2f} ms a "
              f"decision){goal}")
    if square_rate >= ENCOUNTER_GOAL:
        return
    loaded = build_encounter(maps / "crypt_skirmish.toml")
    profile = cProfile.Profile()
    start = time.perf_counter()
    profile.enable()
    for seed in range(1, 6):
        play(_fresh(loaded, seed), auto=True, emit=lambda e: None)
    profile.disable()
    total = time.perf_counter() - start
    stats = pstats.Stats(profile)
    table: dict[tuple[str, int, str], tuple[int, int, float, float, dict[Any, Any]]] = stats.stats  # type: ignore[attr-defined]
    print(f"  below the goal; where the time goes (cProfile, 5 square-map fights, {total * 1000:.0f} ms with the"
          f" profiler's overhead; cumulative shares):")
    rows: dict[str, tuple[float, int]] = {}
    for (file, _, func), (_, calls, _, cumulative, _) in table.items():
        module = Path(file).stem
        if Path(file).parent.name == "rules" and module in ("tactics", "ai", "encounter", "dice", "reactions"):
            rows[f"{module}.{func}"] = (cumulative, calls)

    def show(label: str) -> None:
        cumulative, calls = rows.get(label, (0.0, 0))
        if calls:
            print(f"    {label:36} {cumulative / total:5.0%}  {calls:6} calls  {cumulative / calls * 1e6:8.0f} us a call")

    for label in ("ai.choose_command", "encounter.apply", "encounter.check_power", "tactics.burst_origins"):
        show(label)
    print("    tactics queries, all callers (AI and engine):")
    queries = sorted((r for r in rows.items() if r[0].startswith("tactics.") and not r[0].startswith("tactics._")
                      and r[0] != "tactics.burst_origins"), key=lambda r: -r[1][0])
    for label, _ in queries[:8]:
        show(label)


def run_benchmarks(repeats: int = 5) -> None:
    print(f"benchmarks: best of {repeats} runs each; ratios are ours / reference, lower is better")
    bench_map_loading(repeats)
    bench_reachable(repeats)
    bench_encounters(repeats)
