"""Reading and writing the user's files: the one way in and the one way out.

Every file a user names (maps, tilesets, templates, images, content files,
encounters, scripts, and later saves) is read by :func:`read_user_file`: only a
regular file, opened without blocking (a FIFO or a device never hangs the
program), and never more than its cap (a file that grows, or a device that
never ends, cannot eat the memory). Every file the program writes for the user
(``--screenshot``, ``--state-file``, ``render --out``, later saves) goes through
:func:`write_user_file`: only over a regular file or a new name, through a
temporary file in the target's own folder that is removed on every failure, so
a device, a FIFO, a folder or a symlink at the path is never replaced.

Both raise :class:`UserFileError`, one line naming the file and what is wrong;
callers that report in their own family (``MapError``, ``ContentError``...)
re-raise its ``detail`` with their place.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from game.errors import GameError

READ_CHUNK = 1024 * 1024
"""Bytes asked of the system per read call."""


class UserFileError(GameError):
    """A user's file that cannot be read or written; ``str()`` is one line: ``path: detail``.

    ``missing`` and ``too_large`` let a caller word those two cases its own way.
    """

    def __init__(self, path: str | Path, detail: str, *, missing: bool = False, too_large: bool = False) -> None:
        self.path = str(path)
        self.detail = detail
        self.missing = missing
        self.too_large = too_large
        super().__init__(f"{self.path}: {detail}")


def kind_of(mode: int) -> str:
    """What a file of this ``st_mode`` is, in words (for "is ..., not a regular file")."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISREG(mode):
        return "a regular file"
    return "a special file"


def _not_regular(mode: int) -> str:
    kind = kind_of(mode)
    return f"is {kind}, not a file" if kind == "a folder" else f"is {kind}, not a regular file"


def _os_detail(exc: OSError) -> str:
    return exc.strerror or str(exc)


def read_user_file(path: str | Path, cap: int) -> bytes:
    """The whole content of the regular file at ``path``, at most ``cap`` bytes.

    Refused with :class:`UserFileError` (one line): a missing file, a folder, a
    FIFO, a device or a socket (checked before opening, and again on the opened
    descriptor, which is opened with ``O_NONBLOCK`` so that nothing waits for a
    writer), a file over ``cap`` bytes (``cap + 1`` bytes are read at most, so a
    file that grows while read is caught too), a path with a NUL character.
    """
    shown = str(path)
    try:
        before = os.stat(path)
    except FileNotFoundError:
        raise UserFileError(shown, "file not found", missing=True) from None
    except ValueError:  # a NUL character in the path
        raise UserFileError(shown.replace("\0", "\\0"), "the path contains a NUL character") from None
    except OSError as exc:
        raise UserFileError(shown, f"cannot open: {_os_detail(exc)}") from None
    if not stat.S_ISREG(before.st_mode):
        raise UserFileError(shown, _not_regular(before.st_mode))
    if before.st_size > cap:
        raise UserFileError(shown, f"file is {before.st_size} bytes, larger than the limit of {cap} bytes",
                            too_large=True)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise UserFileError(shown, f"cannot open: {_os_detail(exc)}") from None
    try:
        opened = os.fstat(fd)
        if not stat.S_ISREG(opened.st_mode):  # replaced between the check and the open
            raise UserFileError(shown, _not_regular(opened.st_mode))
        chunks: list[bytes] = []
        total = 0
        while total <= cap:
            # the first read asks for the whole file: one bytes object, not chunks joined into a second copy
            chunk = os.read(fd, min(max(READ_CHUNK, opened.st_size + 1 - total), cap + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise UserFileError(shown, f"cannot read: {_os_detail(exc)}") from None
    finally:
        os.close(fd)
    if total > cap:
        raise UserFileError(shown, f"file is larger than the limit of {cap} bytes", too_large=True)
    return b"".join(chunks)


def read_user_text(path: str | Path, cap: int, what: str = "a text file") -> str:
    """:func:`read_user_file` decoded as UTF-8 (a BOM is dropped); a bad byte is refused with its line."""
    data = read_user_file(path, cap)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise UserFileError(str(path), f"line {line}: not UTF-8 text (byte {exc.start}); {what} is UTF-8 text") \
            from None


def output_target(path: str | Path) -> Path:
    """Where writing ``path`` lands: the path itself, or a symlink's final target (the link stays).

    Refused with :class:`UserFileError`: an empty path or one ending in a
    separator, a folder, a FIFO, a device, a socket, a missing folder, a
    symlink loop.
    """
    text = os.fspath(path)
    if not text.strip():
        raise UserFileError(text, "an output file needs a name")
    if "\0" in text:
        raise UserFileError(text.replace("\0", "\\0"), "the path contains a NUL character")
    if text.endswith(("/", os.sep)) or (os.altsep is not None and text.endswith(os.altsep)):
        raise UserFileError(text, "names a folder; give a file name")
    given = Path(text)
    target = Path(os.path.realpath(given)) if given.is_symlink() else given
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise UserFileError(text, f"cannot write: {_os_detail(exc)}") from None
    if mode is not None and not stat.S_ISREG(mode):
        what = _not_regular(mode)
        where = "" if target == given else f" (the link's target {target})"
        raise UserFileError(text, f"{what}{where}: output is written only over a regular file or a new name")
    folder = target.parent
    try:
        folder_mode = os.stat(folder).st_mode
    except FileNotFoundError:
        raise UserFileError(text, f"folder {folder} does not exist") from None
    except OSError as exc:
        raise UserFileError(text, f"cannot write in {folder}: {_os_detail(exc)}") from None
    if not stat.S_ISDIR(folder_mode):
        raise UserFileError(text, f"{folder} is not a folder")
    return target


def write_user_file(path: str | Path, data: bytes) -> Path:
    """Write ``data`` as the whole new content of ``path``; returns the file written (a symlink's target).

    Only over a regular file or a new name (see :func:`output_target`). The bytes
    go to a new temporary file in the target's own folder, which then replaces
    the target in one rename; on any failure (a full disk, no permission, an
    interrupt) the temporary file is removed and the target is left as it was.
    The bytes are flushed to the disk (fsync) before the rename.
    A replaced file keeps its permission bits; a new one gets the usual ones
    (0o666 less the umask).
    """
    target = output_target(path)
    shown = os.fspath(path)
    try:
        old_mode: int | None = stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        old_mode = None
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise UserFileError(shown, f"cannot write in {target.parent}: {_os_detail(exc)}") from None
    tmp = Path(tmp_name)
    try:
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())  # on disk before the rename: a crash leaves the old file or the new
            os.chmod(tmp, old_mode if old_mode is not None else 0o666 & ~_umask())
            os.replace(tmp, target)
        except OSError as exc:
            raise UserFileError(shown, f"cannot write: {_os_detail(exc)}") from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return target


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
