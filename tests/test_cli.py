"""The command line: the pygame-ce check, the README's commands, exit codes."""

from __future__ import annotations

import re
import subprocess
import sys
import types
from pathlib import Path

import pytest

from game import __main__ as cli
from game.rulesets.seed000.model import CreatureId

REPO = Path(__file__).resolve().parent.parent


def test_plain_pygame_is_detected_and_the_fix_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = types.ModuleType("pygame")  # plain pygame has no IS_CE attribute
    monkeypatch.setitem(sys.modules, "pygame", fake)
    message = cli.check_pygame_ce()
    assert message is not None
    assert "\n" not in message
    assert "pip install pygame-ce" in message and "uninstall" in message


def test_pygame_ce_passes_the_check() -> None:
    assert cli.check_pygame_ce() is None


def test_plain_pygame_stops_the_window_command_with_exit_code_3(monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "pygame", types.ModuleType("pygame"))
    assert cli.main(["play", "--screenshot", "/nonexistent/x.png"]) == 3
    assert "pygame-ce" in capsys.readouterr().err


def test_readme_opens_with_the_two_commands_and_ci_runs_the_second() -> None:
    readme = (REPO / "README.md").read_text()
    blocks = re.findall(r"```sh\n(.*?)\n```", readme, re.S)
    run, test = blocks[0].strip(), blocks[1].strip()
    assert "python3 -m venv .venv" in run and "pip install -e ." in run and "-m game" in run
    assert "python3 -m venv .venv" in test and '".[test]"' in test and "-m pytest" in test
    ci = (REPO / ".ci" / "run").read_text()
    assert "test-command" in ci, ".ci/run must read the test command from the README"
    marked = re.search(r"<!-- test-command -->\n```sh\n(.*?)\n```\n<!-- /test-command -->", readme, re.S)
    assert marked is not None and marked.group(1).strip() == test


def test_unknown_map_is_one_line_and_exit_code_2() -> None:
    result = subprocess.run([sys.executable, "-m", "game", "render", "no/such/map.tmx", "--out", "/tmp/x.png"],
                            capture_output=True, text=True, cwd=REPO)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "no/such/map.tmx" in result.stderr and "not found" in result.stderr


def test_render_command_writes_tiled_picture_and_overlays_at_scale(tmp_path: Path) -> None:
    import os

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    import pygame

    plain, dressed = tmp_path / "plain.png", tmp_path / "dressed.png"
    base = [sys.executable, "-m", "game", "render", "maps/square_crypt.tmx", "--hide-objects"]
    subprocess.run(base + ["--out", str(plain)], check=True, cwd=REPO, capture_output=True)
    subprocess.run(base + ["--out", str(dressed), "--grid", "--terrain", "--creatures", "--scale", "2"],
                   check=True, cwd=REPO, capture_output=True)
    a, b = pygame.image.load(str(plain)), pygame.image.load(str(dressed))
    assert b.get_width() == 2 * a.get_width() and b.get_height() == 2 * a.get_height()
    small = pygame.transform.scale(b, a.get_size())
    assert pygame.image.tobytes(small, "RGB") != pygame.image.tobytes(a, "RGB"), "overlays drew nothing"
    assert not list(tmp_path.glob(".*.tmp.png")), "a temporary file was left behind"


def test_validate_exits_non_zero_and_names_the_file_for_a_broken_map(tmp_path: Path) -> None:
    broken = tmp_path / "broken.tmx"
    broken.write_text('<map orientation="orthogonal" width="2" height="2" tilewidth="8" tileheight="8">\n<layer')
    good = REPO / "maps" / "square_crypt.tmx"
    result = subprocess.run([sys.executable, "-m", "game", "validate", str(good), str(broken)],
                            capture_output=True, text=True, cwd=REPO)
    assert result.returncode == 1
    assert "Traceback" not in result.stdout + result.stderr
    assert f"{broken}: line 2" in result.stdout and ": OK - " in result.stdout


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", "run", *args], capture_output=True, text=True, cwd=REPO)


def test_run_prints_the_same_log_for_the_same_seed_and_another_for_another_seed() -> None:
    """Issue 3, done when: "two runs with the same seed print identical logs and a different seed a
    different one" (the hex sample, played to the end by the AI)."""
    encounter = str(REPO / "maps" / "marsh_ambush.toml")
    first, again, other = _run(encounter, "--auto", "--seed", "4"), _run(encounter, "--auto", "--seed", "4"), \
        _run(encounter, "--auto", "--seed", "5")
    assert first.returncode == again.returncode == other.returncode == 0
    assert first.stdout == again.stdout and "Encounter over" in first.stdout
    assert other.stdout != first.stdout


def test_run_into_a_closed_pipe_stops_quietly() -> None:
    """``run ... | head`` closes the pipe early: no traceback, exit 0."""
    proc = subprocess.Popen([sys.executable, "-m", "game", "run", str(REPO / "maps" / "crypt_skirmish.toml"), "--auto"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPO)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait() == 0 and "Traceback" not in err


def test_the_readmes_encounter_file_example_loads_and_runs(tmp_path: Path) -> None:
    """The encounter file shown in the README ("Encounter files") is a real one: its preparations fit the
    sheets and its scripted command is legal, so a copy of it runs."""
    from game.runner import build_encounter, play

    text = (REPO / "README.md").read_text(encoding="utf-8")
    block = text[text.index("### Encounter files"):]
    example = block[block.index("```toml\n") + len("```toml\n"):block.index("\n```", block.index("```toml\n"))]
    example = example.replace('map = "square_crypt.tmx"', f'map = "{(REPO / "maps" / "square_crypt.tmx").as_posix()}"')
    path = tmp_path / "example.toml"
    path.write_text(example, encoding="utf-8")
    loaded = build_encounter(path)
    assert loaded.encounter.preparation(CreatureId("mirela")).limited == "warding_gust"
    enc = play(loaded, auto=False, emit=lambda e: None)
    assert any(type(e).__name__ == "CreatureMoved" and e.creature == "ghoul" for e in enc.log)  # type: ignore[attr-defined]


def test_run_refuses_a_file_that_is_neither_map_nor_encounter_in_one_line(tmp_path: Path) -> None:
    """Issue 13, item 14: a non-map file gives a clear line, not a decode error (the window and ``run``
    open files the same way)."""
    picture = tmp_path / "token.png"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe\x00")
    result = _run(str(picture))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip().count("\n") == 0
    assert "not a map or an encounter file" in result.stderr and "decode" not in result.stderr
