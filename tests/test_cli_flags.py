"""Issue 24, items 6 and 7: flags and first words the command line cannot use are one line, not a traceback,
a wrong command or a 30-second window."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game import __main__ as cli
from tests.hostile import one_line_refusal, run_game as hostile

REPO = Path(__file__).resolve().parent.parent
MAP = str(REPO / "maps" / "square_crypt.tmx")


@pytest.mark.parametrize("scale", ["0", "-1", "nan", "inf", "-inf", "two"])
def test_render_scale_that_is_not_a_number_above_zero_is_refused(tmp_path: Path, scale: str) -> None:
    """Issue 24, item 6: ``render --scale 0``, ``-1``, ``nan``, ``inf`` ended in a ValueError traceback."""
    result = hostile("render", MAP, "--out", str(tmp_path / "m.png"), f"--scale={scale}")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "argument --scale: must be a number above 0" in result.stderr
    assert not (tmp_path / "m.png").exists()


@pytest.mark.parametrize("scale", ["64", "1e9", "1e308"])
def test_render_scale_over_the_picture_budget_is_refused_naming_the_limit(tmp_path: Path, scale: str) -> None:
    """Issue 24, item 6: ``--scale 64`` or ``1e9`` ran pygame out of memory; the picture budget of issue 22
    (16384 pixels a side, 64 megapixels) applies, and the line names it and ``--scale``."""
    result = hostile("render", MAP, "--out", str(tmp_path / "m.png"), "--scale", scale)
    one_line_refusal(result, "square_crypt.tmx", "16384 pixels a side and 64 megapixels", "--scale")
    assert not (tmp_path / "m.png").exists()


def test_render_scale_just_inside_the_budget_is_drawn(tmp_path: Path) -> None:
    from game.ui.tiled_render import MAX_IMAGE_SIDE

    result = hostile("render", MAP, "--out", str(tmp_path / "m.png"), "--scale", "0.25")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "m.png").stat().st_size > 0 and MAX_IMAGE_SIDE == 16384


@pytest.mark.parametrize("repeats", ["0", "-3", "x", "1000000"])
def test_bench_repeats_outside_one_to_a_thousand_is_refused(repeats: str) -> None:
    """Issue 24, item 6: ``bench --repeats 0`` ended in ``max() arg is an empty sequence``."""
    with pytest.raises(SystemExit) as stop:
        cli.build_parser().parse_args(["bench", f"--repeats={repeats}"])
    assert stop.value.code == 2


def test_bench_refuses_zero_repeats_when_called_directly() -> None:
    from game.bench import run_benchmarks
    from game.errors import GameError

    with pytest.raises(GameError, match="at least 1"):
        run_benchmarks(repeats=0)


def test_output_that_cannot_be_written_is_one_line_and_a_non_zero_exit(tmp_path: Path) -> None:
    """Issue 24, item 6: ``run > /dev/full`` ended in an OSError traceback. A full disk is simulated by a
    standard output whose writes fail with ENOSPC (no device is written)."""
    code = f"""
import errno, io, sys
class Full(io.TextIOBase):
    def write(self, text):
        raise OSError(errno.ENOSPC, "No space left on device")
    def flush(self):
        pass
sys.stdout = Full()
from game.__main__ import main
sys.exit(main(["run", {str(REPO / "maps" / "crypt_skirmish.toml")!r}, "--auto"]))
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.strip() == "python -m game: cannot write the output: No space left on device"


def test_a_mistyped_command_is_refused_instead_of_opened_as_a_file(monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 24, item 7: ``python -m game valdiate x.tmx`` opened the window on a file called "valdiate"."""
    opened: list[str] = []
    monkeypatch.setattr(cli, "cmd_play", lambda args: opened.append(args.map) or 0)
    assert cli.main(["valdiate", "x.tmx"]) == 2
    err = capsys.readouterr().err
    assert opened == [] and err.count("\n") == 1
    assert "unknown command 'valdiate'" in err and "did you mean 'validate'?" in err


def test_a_file_as_first_word_still_opens_the_window(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The default command stays: a name ending like a map or an encounter, a path, or an existing file."""
    opened: list[str] = []
    monkeypatch.setattr(cli, "cmd_play", lambda args: opened.append(args.map) or 0)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "arena").write_text("")
    for first in ("fight.toml", "maps/x.tmx", "arena"):
        assert cli.main([first]) == 0
    assert cli.main(["--no-setup"]) == 0
    assert opened == ["fight.toml", "maps/x.tmx", "arena", str(cli.DEFAULT_ENCOUNTER)]


@pytest.mark.parametrize("size", ["100000x100000", "99999999999x1", "1x99999999999", "5121x800"])
def test_a_window_size_over_the_largest_is_refused_at_once(monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str], size: str) -> None:
    """Issue 24, item 7: ``--size 100000x100000`` took 30 s and opened a 16384x16384 window; ``99999999999x1``
    wrapped around."""
    import game.ui.table

    asked: list[tuple[int, int]] = []
    monkeypatch.setattr(game.ui.table, "run_table", lambda path, **kw: asked.append(kw["size"]) or 0)
    assert cli.main(["play", MAP, "--size", size]) == 2
    err = capsys.readouterr().err
    assert asked == [] and err.count("\n") == 1 and "at most 5120x2880" in err and "--size" in err


def test_the_largest_window_size_is_accepted(monkeypatch: pytest.MonkeyPatch) -> None:
    import game.ui.table

    asked: list[tuple[int, int]] = []
    monkeypatch.setattr(game.ui.table, "run_table", lambda path, **kw: asked.append(kw["size"]) or 0)
    assert cli.main(["play", MAP, "--size", "5120x2880"]) == 0
    assert cli.main(["play", MAP, "--size", "10x10"]) == 0
    assert asked == [(5120, 2880), (480, 320)]


def test_play_root_lets_the_window_open_a_map_that_takes_files_from_outside_its_folder(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``play --root DIR`` was accepted and ignored: a map whose template lies outside its project root was
    refused in the window even with ``--root`` naming a folder that holds both."""
    import game.ui.table

    bad = Path(__file__).resolve().parent / "data" / "bad_maps"
    given: list[tuple[object, object]] = []
    monkeypatch.setattr(game.ui.table, "run_table",
                        lambda path, **kw: given.append((kw["loaded"], kw["root"])) or 0)
    assert cli.main(["play", str(bad / "template_outside_root.tmx")]) == 0
    assert cli.main(["play", str(bad / "template_outside_root.tmx"), "--root", str(bad.parent)]) == 0
    (refused, no_root), (loaded, root) = given
    assert isinstance(refused, Exception) and "outside the project root" in str(refused) and no_root is None
    assert isinstance(loaded, tuple) and root == str(bad.parent)
