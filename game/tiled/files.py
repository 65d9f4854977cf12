"""Opening the files a map refers to, safely: size caps, the project root, image headers.

A map may come from a stranger, so a file is opened only if it is named by a
relative path that stays inside the map's *project root*: as in Tiled, the
``folders`` of the nearest ``*.tiled-project`` file one of whose folders holds
the map, else the map's own folder.
"""

from __future__ import annotations

import json
import os
import struct
from dataclasses import dataclass
from pathlib import Path, PurePosixPath, PureWindowsPath

from game.errors import MapError
from game.files import UserFileError, read_user_file
from game.tiled.model import ProjectRoot

ROOT_HINT = "add its folder to the folders of a .tiled-project file that holds the map, or pass --root DIR"


@dataclass(frozen=True, slots=True)
class Limits:
    """Caps checked before anything large is read or allocated."""

    max_file_bytes: int = 32 * 1024 * 1024
    """Largest map, tileset or template file."""
    max_side: int = 2048
    """Largest map width or height in cells."""
    max_cells: int = 1024 * 1024
    """Largest width x height of a map (also of an infinite map's bounding box)."""
    max_layer_cells: int = 8 * 1024 * 1024
    """Largest sum of width x height over all tile layers (each layer is stored at the map's size)."""
    max_layers: int = 512
    max_objects: int = 100_000
    max_tilesets: int = 256
    max_tiles_per_tileset: int = 1 << 20
    max_tile_entries: int = 1 << 18
    """Most tiles described one by one (properties, images, animations) over all of a map's
    tilesets; an external tileset used twice counts twice."""
    max_object_properties: int = 1 << 22
    """Most custom properties over all of a map's objects, a template's counted once per instance."""
    max_image_side: int = 16384
    max_image_pixels: int = 64 * 1024 * 1024


DEFAULT_LIMITS = Limits()


MAX_PROJECT_FILE_BYTES = 1024 * 1024
"""Largest ``.tiled-project`` file read; a larger one does not count."""
MAX_PROJECT_FILES = 16
"""Most ``.tiled-project`` files looked at in one folder (in name order); the others do not count."""
MAX_PROJECT_FOLDERS = 256
"""Most entries of a project file's ``folders`` list looked at."""


def find_project_root(map_path: Path) -> ProjectRoot:
    """Where ``map_path`` may take files from, as Tiled's project decides it.

    The folders from ``map_path``'s own up to the filesystem's top are searched,
    nearest first, for ``*.tiled-project`` files. A project file counts for the map
    only when one of its ``folders`` holds the map; the root is then all of that
    project's folders. A folder that does not lie inside the project file's own
    folder (``..``, an absolute path) is ignored: a project file grants no more than
    the tree it sits in. With no project file counting, the map's own folder.
    """
    target = map_path.resolve()
    folder = target.parent
    for candidate in (folder, *folder.parents):
        for project in _project_files(candidate):
            folders = _project_folders(project)
            if any(target.is_relative_to(f) for f in folders):
                return ProjectRoot(folders, project)
    return ProjectRoot((folder,))


def _project_files(folder: Path) -> list[Path]:
    try:
        names = sorted(entry.name for entry in os.scandir(folder) if entry.name.endswith(".tiled-project"))
    except OSError:
        return []
    return [folder / name for name in names[:MAX_PROJECT_FILES]]


def _project_folders(project: Path) -> tuple[Path, ...]:
    """The ``folders`` of a project file, resolved, each inside the project file's folder; () when unreadable."""
    try:
        doc = json.loads(read_user_file(project, MAX_PROJECT_FILE_BYTES))
    except (UserFileError, ValueError, RecursionError):
        return ()
    entries = doc.get("folders") if isinstance(doc, dict) else None
    if not isinstance(entries, list):
        return ()
    home = project.parent
    out: list[Path] = []
    for entry in entries[:MAX_PROJECT_FOLDERS]:
        if not isinstance(entry, str) or not entry or PurePosixPath(entry).is_absolute() \
                or PureWindowsPath(entry).is_absolute() or PureWindowsPath(entry).drive:
            continue
        try:
            resolved = (home / entry).resolve()
        except (OSError, ValueError):
            continue
        if resolved.is_relative_to(home) and resolved not in out:
            out.append(resolved)
    return tuple(out)


MAX_NAME_BYTES = 255
"""Longest file or folder name (Linux's NAME_MAX): a longer one is refused before the system is asked."""
MAX_PATH_BYTES = 4096
"""Longest path (Linux's PATH_MAX)."""


def resolve_inside(ref: str, base_dir: Path, root: ProjectRoot, owner: Path, place: str) -> Path:
    """Resolve ``ref`` (as written in ``owner``) against ``base_dir``; refuse escapes from ``root``."""
    if not ref or not ref.strip():
        raise MapError(owner, "empty file path", place)
    if "://" in ref or ref.startswith("qrc:") or ref.startswith(":/"):
        raise MapError(owner, f"'{ref}' is not a relative file path; only files inside {root} can be used", place)
    if PurePosixPath(ref).is_absolute() or PureWindowsPath(ref).is_absolute() or PureWindowsPath(ref).drive:
        raise MapError(owner, f"absolute path '{ref}' refused: maps may name files only by relative paths inside {root}; {ROOT_HINT}", place)
    try:
        resolved = (base_dir / ref).resolve()
    except (OSError, ValueError) as exc:  # a name too long for the system, a NUL character
        raise MapError(owner, f"'{ref[:60]}' cannot be a file path here: "
                       f"{exc.strerror if isinstance(exc, OSError) and exc.strerror else exc}", place) from None
    if len(bytes(resolved)) >= MAX_PATH_BYTES or any(len(part.encode("utf-8", "surrogateescape")) > MAX_NAME_BYTES
                                                    for part in resolved.parts):
        raise MapError(owner, f"'{ref[:60]}...' is longer than a file name or path can be "
                       f"({MAX_NAME_BYTES} bytes a name, {MAX_PATH_BYTES} a path)", place)
    if not root.holds(resolved):
        raise MapError(owner, f"'{ref}' lies outside the project root {root}; {ROOT_HINT}", place)
    return resolved


def read_limited(path: Path, limits: Limits, owner: Path | None = None, place: str = "") -> bytes:
    """Read a whole file with ``game.files.read_user_file`` (regular files only, at most the size cap); every
    failure is a MapError naming ``path`` (``Builder.document`` puts the referring file and place first)."""
    try:
        return read_user_file(path, limits.max_file_bytes)
    except UserFileError as exc:
        raise MapError(path, exc.detail) from None


def image_header_size(path: Path) -> tuple[int, int] | None:
    """Width and height from a PNG, GIF, BMP or JPEG header, without decoding; None if unknown."""
    try:
        with path.open("rb") as fh:
            head = fh.read(32)
            if head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR":
                w, h = struct.unpack(">II", head[16:24])
                return int(w), int(h)
            if head[:6] in (b"GIF87a", b"GIF89a"):
                w, h = struct.unpack("<HH", head[6:10])
                return int(w), int(h)
            if head[:2] == b"BM" and len(head) >= 26:
                w, h = struct.unpack("<ii", head[18:26])
                return abs(int(w)), abs(int(h))
            if head[:2] == b"\xff\xd8":
                return _jpeg_size(fh)
    except (OSError, struct.error):
        return None
    return None


def _jpeg_size(fh: "object") -> tuple[int, int] | None:
    import io

    assert isinstance(fh, io.BufferedReader)
    fh.seek(2)
    for _ in range(10_000):
        marker = fh.read(2)
        if len(marker) < 2 or marker[0] != 0xFF:
            return None
        kind = marker[1]
        if kind in (0xD8, 0x01) or 0xD0 <= kind <= 0xD7:
            continue
        length_bytes = fh.read(2)
        if len(length_bytes) < 2:
            return None
        (length,) = struct.unpack(">H", length_bytes)
        if kind in (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF):
            data = fh.read(5)
            h, w = struct.unpack(">xHH", data)
            return int(w), int(h)
        fh.seek(length - 2, 1)
    return None
