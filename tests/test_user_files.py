"""Issue 24, items 2 and 3: the user's files are read and written one way (``game.files``).

Input: regular files only, opened without blocking, at most a cap. Output: only
over a regular file or a new name, through a temporary file in the target's own
folder that never outlives a failure. Special files (FIFOs, symlinks) are made
in a temporary folder; hostile inputs run in a subprocess under a memory cap
and a time bound that catches a hang.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from game.files import UserFileError, output_target, read_user_file, write_user_file
from tests.hostile import HANG, memory_cap, one_line_refusal, run_game as hostile

REPO = Path(__file__).resolve().parent.parent

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")


# -- item 3: reading -----------------------------------------------------------------------------------------


@needs_fifo
def test_a_fifo_is_refused_as_not_a_regular_file_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    with pytest.raises(UserFileError, match="FIFO"):
        read_user_file(fifo, 1000)


@needs_fifo
@pytest.mark.parametrize("command", [["run", "{fifo}.toml"], ["validate", "{fifo}.tmx"],
                                     ["play", "--script", "{fifo}.txt", "--screenshot", "{dir}/shot.png"]])
def test_a_fifo_as_encounter_map_or_script_is_one_line_not_a_hang(tmp_path: Path, command: list[str]) -> None:
    """Issue 24, item 3: "a FIFO as encounter, map, ``--script`` ... hangs until killed"."""
    args = [a.format(fifo=tmp_path / "pipe", dir=tmp_path) for a in command]
    os.mkfifo(next(a for a in args if "pipe" in a))
    result = hostile(*args)
    if command[0] == "validate":  # validate prints its problems on stdout, one per line
        assert result.returncode == 1 and "Traceback" not in result.stderr
        assert result.stdout.strip().count("\n") == 0 and "FIFO" in result.stdout
    else:
        one_line_refusal(result, "pipe", "FIFO")


@needs_fifo
def test_a_fifo_opened_by_the_window_is_refused_in_the_window(tmp_path: Path) -> None:
    """The ``play`` path: the window opens and says why, instead of hanging before its first frame."""
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    result = hostile("play", str(fifo), "--no-setup", "--screenshot", str(tmp_path / "shot.png"))
    assert result.returncode == 0 and (tmp_path / "shot.png").stat().st_size > 0, result.stderr


@needs_fifo
def test_a_fifo_among_the_content_files_is_reported_not_read(tmp_path: Path) -> None:
    """``assets/content/*.toml``: a FIFO there is one problem of its own; the loader does not wait on it."""
    os.mkfifo(tmp_path / "more.toml")
    code = ("import sys; from game.rulesets.seed000.content import load_content; from game.errors import GameError\n"
            f"try:\n    load_content([{str(tmp_path)!r}])\nexcept GameError as exc:\n    print(exc)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=HANG,
                            preexec_fn=memory_cap())
    assert "Traceback" not in result.stderr
    assert "more.toml" in result.stdout and "FIFO" in result.stdout


def test_a_script_over_its_cap_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    """``play --script /dev/zero`` ended in MemoryError: a script is read up to its cap, no further."""
    from game.ui.script import MAX_SCRIPT_BYTES, ScriptError, load_script

    big = tmp_path / "big.txt"
    big.write_bytes(b"wait 1\n" * (MAX_SCRIPT_BYTES // 7 + 1))
    with pytest.raises(ScriptError, match="larger than the limit"):
        load_script(big)


def test_a_file_is_read_whole_under_its_cap_and_refused_over_it(tmp_path: Path) -> None:
    path = tmp_path / "f.toml"
    path.write_bytes(b"x" * 100)
    assert read_user_file(path, 100) == b"x" * 100
    with pytest.raises(UserFileError, match="larger than the limit of 99 bytes"):
        read_user_file(path, 99)
    with pytest.raises(UserFileError, match="is a folder"):
        read_user_file(tmp_path, 100)
    with pytest.raises(UserFileError, match="file not found"):
        read_user_file(tmp_path / "nothing.toml", 100)
    with pytest.raises(UserFileError, match="NUL"):
        read_user_file(str(tmp_path / "a\0b.toml"), 100)


# -- item 2: writing -----------------------------------------------------------------------------------------


def _shot(tmp_path: Path, target: str | Path, flag: str = "--screenshot") -> subprocess.CompletedProcess[str]:
    args = ["play", str(REPO / "maps" / "square_crypt.tmx"), "--no-setup", "--size", "640x480", flag, str(target)]
    if flag != "--screenshot":
        args += ["--screenshot", str(tmp_path / "also.png")]
    return hostile(*args, cwd=tmp_path)


def _strays(*folders: Path) -> list[str]:
    return [p.name for folder in folders for p in folder.iterdir() if p.name.endswith(".tmp")
            or ".tmp." in p.name]


@needs_fifo
@pytest.mark.parametrize("flag", ["--screenshot", "--state-file"])
def test_an_output_path_that_is_a_fifo_is_refused_and_stays_a_fifo(tmp_path: Path, flag: str) -> None:
    """Issue 24, item 2: "a FIFO ... given as target is replaced"."""
    fifo = tmp_path / "pipe.png"
    os.mkfifo(fifo)
    one_line_refusal(_shot(tmp_path, fifo, flag), "pipe.png", "FIFO", flag)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert _strays(tmp_path) == []


@pytest.mark.parametrize("flag", ["--screenshot", "--state-file"])
def test_an_output_path_that_is_a_folder_or_in_a_missing_folder_is_one_line_and_leaves_no_temp_file(
        tmp_path: Path, flag: str) -> None:
    """Issue 24, item 2: "a folder or a missing folder gives a traceback and can leave a stray .tmp file in
    another folder"."""
    work = tmp_path / "work"
    (work / "out").mkdir(parents=True)
    one_line_refusal(_shot(work, work / "out", flag), "is a folder", flag)
    one_line_refusal(_shot(work, str(work / "out") + "/", flag), "names a folder", flag)
    one_line_refusal(_shot(work, work / "missing" / "shot.png", flag), "does not exist", flag)
    assert _strays(tmp_path, work, work / "out") == [] and not (work / "missing").exists()


def test_a_screenshot_through_a_symlink_writes_its_target_and_keeps_the_link(tmp_path: Path) -> None:
    """Issue 24, item 2: "for a symlink, write through to its target or refuse, never replace the link"."""
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "shot.png"
    target.write_bytes(b"old")
    link = tmp_path / "link.png"
    link.symlink_to(target)
    result = _shot(tmp_path, link)
    assert result.returncode == 0, result.stderr
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert _strays(tmp_path, tmp_path / "real") == []


def test_render_out_that_is_a_folder_is_refused_before_drawing(tmp_path: Path) -> None:
    result = hostile("render", str(REPO / "maps" / "square_crypt.tmx"), "--out", str(tmp_path))
    one_line_refusal(result, "is a folder")
    assert _strays(tmp_path, tmp_path.parent) == []


def test_a_failed_write_removes_its_temporary_file_and_keeps_the_old_content(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "state.json"
    target.write_text("old")

    def full_disk(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(UserFileError, match="No space left on device"):
        write_user_file(target, b"new")
    assert target.read_text() == "old" and sorted(p.name for p in tmp_path.iterdir()) == ["state.json"]


def test_a_written_file_keeps_its_permissions_and_a_new_one_gets_the_usual_ones(tmp_path: Path) -> None:
    old = tmp_path / "old.json"
    old.write_text("x")
    old.chmod(0o640)
    write_user_file(old, b"y")
    assert old.read_bytes() == b"y" and stat.S_IMODE(old.stat().st_mode) == 0o640
    new = write_user_file(tmp_path / "new.json", b"z")
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE(new.stat().st_mode) == 0o666 & ~mask


def test_a_symlink_loop_as_output_is_refused(tmp_path: Path) -> None:
    loop = tmp_path / "loop.png"
    loop.symlink_to(tmp_path / "loop.png")
    with pytest.raises(UserFileError):
        output_target(loop)
    assert loop.is_symlink()
