"""Opening the files a map refers to, safely: size caps, the project root, image headers.

A map may come from a stranger, so a file is opened only if it is named by a
relative path that stays inside the map's *project root*: as in Tiled, the
``folders`` of the nearest ``*.tiled-project`` file one of whose folders holds
the map, else the map's own folder.
"""

from __future__ import annotations

import reprlib

import json
import os
import struct
from dataclasses import dataclass
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import BinaryIO

from game.errors import MapError, escaped
from game.files import UserFileError, read_user_file
from game.tiled.model import ProjectRoot

_BRIEF = reprlib.Repr()
_BRIEF.maxstring = _BRIEF.maxother = 60
_BRIEF.maxlist = _BRIEF.maxtuple = _BRIEF.maxdict = _BRIEF.maxset = 4
_BRIEF.maxlevel = 2


def brief(value: object) -> str:
    """A value as a message quotes it: its repr, cut short (a hostile value may be megabytes long)."""
    return _BRIEF.repr(value)


def short(value: object, most: int = 60) -> str:
    """A name or value from a file as a message shows it: as written, cut short (it may be megabytes long),
    control and bidi characters escaped (:func:`game.errors.escaped`)."""
    text = str(value)
    return escaped(text if len(text) <= most else text[:most - 3] + "...")


def named(value: object) -> str:
    """:func:`short` in quotes: ``layer 'ground'``, ``unknown encoding 'xml'``."""
    return f"'{short(value)}'"


def cut_middle(text: str, most: int = 200) -> str:
    """A message made elsewhere (an exception's) that may quote a long value: at most ``most`` characters,
    its middle left out."""
    return text if len(text) <= most else text[:most // 2] + " ... " + text[-(most // 2 - 5):]


def number_text(value: int | float) -> str:
    """A number as a message quotes it: a whole number of more than 20 digits by its sign and length only."""
    if isinstance(value, int) and not -10**20 < value < 10**20:
        return f"{'-' if value < 0 else ''}a number of {len(str(abs(value))) if abs(value) < 10**4000 else 'over 4000'} digits"
    return str(value)


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
    """Largest width or height of an image (read from its header, before decoding)."""
    max_image_pixels: int = 64 * 1024 * 1024
    """Largest width x height of one image."""
    max_map_image_pixels: int = 256 * 1024 * 1024
    """Largest sum of width x height over all the distinct image files a map uses (each decoded image is
    kept, 4 bytes a pixel, while the map is drawn)."""


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
        raise MapError(owner, f"{named(ref)} is not a relative file path; only files inside {root} can be used", place)
    if PurePosixPath(ref).is_absolute() or PureWindowsPath(ref).is_absolute() or PureWindowsPath(ref).drive:
        raise MapError(owner, f"absolute path {named(ref)} refused: maps may name files only by relative paths inside {root}; {ROOT_HINT}", place)
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
        raise MapError(owner, f"{named(ref)} lies outside the project root {root}; {ROOT_HINT}", place)
    return resolved


def read_limited(path: Path, limits: Limits, owner: Path | None = None, place: str = "") -> bytes:
    """Read a whole file with ``game.files.read_user_file`` (regular files only, at most the size cap); every
    failure is a MapError naming ``path`` (``Builder.document`` puts the referring file and place first)."""
    try:
        return read_user_file(path, limits.max_file_bytes)
    except UserFileError as exc:
        raise MapError(path, exc.detail) from None


IMAGE_FORMATS = ("PNG", "GIF", "JPEG", "BMP", "TGA")
"""The only image formats a map may use: the ones whose size :func:`image_header` reads before decoding."""
MAX_HEADER_STEPS = 100_000
"""Most blocks, markers or skipped bytes walked to find an image's size (GIF frames, JPEG markers)."""


class ImageFormatError(ValueError):
    """An image whose size cannot be read from its header: refused before it is decoded."""


def _u8(fh: BinaryIO) -> int:
    b = fh.read(1)
    if not b:
        raise EOFError
    return b[0]


def image_header(fh: BinaryIO, name: str) -> tuple[str, int, int]:
    """``(format, width, height)`` of an image file, read from its header without decoding it; the largest
    size it may decode to (for a GIF: the screen and every frame with its position; for a JPEG: its first
    frame marker, found by walking the markers as libjpeg does). ``name`` (the file's name) tells a TGA,
    which has no magic bytes, by its ``.tga`` ending. Raises :class:`ImageFormatError` (its text says why)
    for any other format, or a header that does not tell the size within :data:`MAX_HEADER_STEPS` steps.

    The caller must decode it as the format returned (``pygame.image.load(data, "image." + format)``):
    SDL_image then uses that format's loader (a TGA name first of all, other names only when their magic
    bytes match, which they do here). Files that SDL_image could take for AVIF ("ftyp" at byte 4) or SVG
    ("<svg" in the first 4096 bytes) are refused, whatever their first bytes.
    """
    head = fh.read(4096)
    fh.seek(0)
    if head[4:8] == b"ftyp" or b"<svg" in head:
        raise ImageFormatError(_only_formats("one SDL_image may read as AVIF or SVG"))
    try:
        if head[:8] == b"\x89PNG\r\n\x1a\n":
            if head[12:16] != b"IHDR" or len(head) < 24:
                raise ImageFormatError("PNG without its IHDR header")
            w, h = struct.unpack(">II", head[16:24])
            return "PNG", int(w), int(h)
        if head[:6] in (b"GIF87a", b"GIF89a"):
            return ("GIF", *_gif_size(fh))
        if head[:2] == b"BM":
            if len(head) < 26:
                raise ImageFormatError("BMP header cut short")
            (size,) = struct.unpack("<I", head[14:18])
            if size == 12:  # OS/2 1.x BITMAPCOREHEADER: 16-bit sizes
                w, h = struct.unpack("<HH", head[18:22])
            elif size >= 40:  # BITMAPINFOHEADER and later, OS/2 2.x: 32-bit signed sizes
                w, h = struct.unpack("<ii", head[18:26])
            else:
                raise ImageFormatError(f"BMP header of {size} bytes is not one SDL reads")
            return "BMP", abs(int(w)), abs(int(h))
        if head[:2] == b"\xff\xd8":
            return ("JPEG", *_jpeg_size(fh))
        if name.lower().endswith(".tga") and len(head) >= 18:
            w, h = struct.unpack("<HH", head[12:16])
            return "TGA", int(w), int(h)
    except (EOFError, struct.error):
        raise ImageFormatError("the image header is cut short") from None
    raise ImageFormatError(_only_formats("not one of them"))


def _only_formats(found: str) -> str:
    return f"only {', '.join(IMAGE_FORMATS[:-1])} and {IMAGE_FORMATS[-1]} images are read (their size is checked " \
           f"before decoding); this file is {found}"


def _too_many_steps(what: str) -> ImageFormatError:
    return ImageFormatError(f"{what} before the image size, over the limit of {MAX_HEADER_STEPS} "
                            f"(MAX_HEADER_STEPS)")


def _gif_size(fh: BinaryIO) -> tuple[int, int]:
    """The largest of the GIF's screen and its frames (each grown by its position), as SDL_image walks it:
    extension blocks skipped, any other stray byte skipped one by one, up to the trailer or the end."""
    head = fh.read(13)
    w, h, packed = struct.unpack("<HHB", head[6:11])
    if packed & 0x80:
        fh.seek(3 << ((packed & 7) + 1), 1)
    steps = 0

    def sub_blocks() -> None:
        nonlocal steps
        while True:
            n = _u8(fh)
            if not n:
                return
            fh.seek(n, 1)
            steps += 1
            if steps > MAX_HEADER_STEPS:
                raise _too_many_steps("more GIF data blocks")

    try:
        while steps <= MAX_HEADER_STEPS:
            steps += 1
            c = _u8(fh)
            if c == 0x3B:
                break
            if c == 0x21:
                _u8(fh)
                sub_blocks()
            elif c == 0x2C:
                left, top, fw, fh_, flags = struct.unpack("<HHHHB", fh.read(9))
                w, h = max(w, left + fw), max(h, top + fh_)
                if flags & 0x80:
                    fh.seek(3 << ((flags & 7) + 1), 1)
                _u8(fh)
                sub_blocks()
        else:
            raise _too_many_steps("more GIF blocks")
    except (EOFError, struct.error):
        pass  # a cut GIF: SDL_image decodes what it found, no larger than the sizes seen
    return int(w), int(h)


_JPEG_FRAMES = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}


def _jpeg_size(fh: BinaryIO) -> tuple[int, int]:
    """The size in the JPEG's first frame (SOF) marker, walked to as libjpeg does: stray bytes and 0xFF
    fill bytes skipped, every other marker skipped by its length."""
    fh.seek(2)
    steps = 0
    while True:
        steps += 1
        if steps > MAX_HEADER_STEPS:
            raise _too_many_steps("more JPEG markers or stray bytes")
        if _u8(fh) != 0xFF:
            continue  # libjpeg skips stray bytes up to the next 0xFF (with a warning)
        kind = _u8(fh)
        while kind == 0xFF:
            steps += 1
            kind = _u8(fh)
        if kind in (0x00, 0x01, 0xD8) or 0xD0 <= kind <= 0xD7:
            continue
        if kind in (0xD9, 0xDA):
            raise ImageFormatError("JPEG without a frame (SOF) marker before its data")
        (length,) = struct.unpack(">H", fh.read(2))
        if kind in _JPEG_FRAMES:
            h, w = struct.unpack(">xHH", fh.read(5))
            return int(w), int(h)
        if length < 2:
            raise ImageFormatError(f"JPEG marker 0x{kind:02X} has a length of {length}")
        fh.seek(length - 2, 1)


def image_header_size(path: Path) -> tuple[int, int] | None:
    """Width and height of an image file from its header (see :func:`image_header`); None if it cannot be
    opened. A format or header that is refused is a MapError naming the image file."""
    try:
        with path.open("rb") as fh:
            _, w, h = image_header(fh, path.name)
            return w, h
    except OSError:
        return None
    except ImageFormatError as exc:
        raise MapError(path, f"image refused: {exc}") from None
