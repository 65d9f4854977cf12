"""``--script FILE``: input events fed to the window before anything else, one per line.

Lines (``#`` starts a comment; pixels are window coordinates)::

    click X Y [BUTTON]       press and release a mouse button (1 left, 2 middle, 3 right) at a pixel
    move X Y                 move the mouse to a pixel
    drag X1 Y1 X2 Y2 [BUTTON]  press at one pixel, move, release at another (default: right button)
    wheel X Y STEPS          mouse wheel at a pixel (positive: zoom in)
    key NAME [NAME...]       press and release a key; NAME is pygame's key name (space, return, escape,
                             f1, a, 1, ...), with modifiers written ctrl+z, shift+tab
    type TEXT                type text (into a focused text field)
    cell COL ROW [click|move]  the same as click / move at the centre of the board cell [COL, ROW]
                             (Tiled offset coordinates), wherever the camera puts it now
    wait FRAMES              let frames pass (the AI plays, animations run)
    idle                     wait until nothing moves and no AI is about to act

Every event is a real pygame event posted to the queue, so the window sees
exactly what a mouse and a keyboard would give it.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.errors import GameError
from game.files import UserFileError, read_user_text

if TYPE_CHECKING:
    from game.ui.modes.base import Host


class ScriptError(GameError):
    pass


MODIFIERS = {"ctrl": pygame.KMOD_CTRL, "shift": pygame.KMOD_SHIFT, "alt": pygame.KMOD_ALT}


def key_code(name: str, where: str) -> tuple[int, int]:
    """A key name (``a``, ``ctrl+z``, ``+``, ``ctrl++``) -> (pygame key, modifier bits)."""
    mod = 0
    lowered = name.lower()
    if lowered.endswith("+") and (len(lowered) == 1 or lowered.endswith("++")):
        parts = [*lowered[:-2].split("+"), "+"] if len(lowered) > 1 else ["+"]  # the plus key itself
        if parts[0] == "" and len(parts) > 1:
            parts = parts[1:]
    else:
        parts = lowered.split("+")
    for part in parts[:-1]:
        if part not in MODIFIERS:
            raise ScriptError(f"{where}: unknown modifier '{part}' (ctrl, shift, alt)")
        mod |= MODIFIERS[part]
    try:
        return pygame.key.key_code(parts[-1]), mod
    except ValueError:
        raise ScriptError(f"{where}: unknown key '{parts[-1]}'") from None


def post_click(pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False))


def post_key(key: int, mod: int = 0, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0))


@dataclass
class Script:
    lines: list[tuple[str, list[str], str]]
    """(verb, arguments, place for messages)."""
    index: int = 0
    waiting: int = 0
    log: list[str] = field(default_factory=list)

    @property
    def done(self) -> bool:
        return self.index >= len(self.lines) and self.waiting <= 0

    def feed(self, table: Host) -> None:
        """Post the next line's events (one line per frame; ``wait`` holds for frames)."""
        if self.waiting > 0:
            self.waiting -= 1
            return
        if self.index >= len(self.lines):
            return
        verb, args, where = self.lines[self.index]
        if verb == "idle":
            if not table.idle():
                return
            self.index += 1
            return
        self.index += 1
        self.log.append(" ".join([verb, *args]))
        try:
            self._post(table, verb, args, where)
        except (pygame.error, OverflowError, ValueError) as exc:  # e.g. pygame's event queue is full
            raise ScriptError(f"{where}: '{verb}' could not be played: {exc}") from None

    def _post(self, table: Host, verb: str, args: list[str], where: str) -> None:
        """Post one line's events (checked by :func:`parse_script`)."""
        if verb == "wait":
            self.waiting = int(args[0])
        elif verb == "click":
            post_click((int(args[0]), int(args[1])), int(args[2]) if len(args) > 2 else 1)
        elif verb == "move":
            pos = (int(args[0]), int(args[1]))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False))
        elif verb == "drag":
            x1, y1, x2, y2 = (int(a) for a in args[:4])
            button = int(args[4]) if len(args) > 4 else 3
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x1, y1), button=button, touch=False))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x2, y2), rel=(x2 - x1, y2 - y1),
                                                 buttons=(0, 0, 1), touch=False))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x2, y2), button=button, touch=False))
        elif verb == "wheel":
            pos = (int(args[0]), int(args[1]))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False))
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=int(args[2]), flipped=False,
                                                 precise_x=0.0, precise_y=float(args[2]), touch=False))
        elif verb == "key":
            for name in args:
                key, mod = key_code(name, where)
                post_key(key, mod, name if len(name) == 1 else "")
        elif verb == "type":
            for ch in " ".join(args):
                pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        elif verb == "cell":
            at = table.cell_pixel(int(args[0]), int(args[1]))
            if at is None:
                raise ScriptError(f"{where}: no board cell [{args[0]}, {args[1]}] on screen")
            pos = at
            if len(args) > 2 and args[2] == "move":
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0),
                                                     touch=False))
            else:
                post_click(pos)


ARITY = {"click": (2, 3), "move": (2, 2), "drag": (4, 5), "wheel": (3, 3), "key": (1, 99), "type": (1, 99),
         "cell": (2, 3), "wait": (1, 1), "idle": (0, 0)}

MAX_PIXEL = 100_000
"""Largest pixel coordinate (either sign) a line may name: beyond any window (pygame takes 32-bit numbers)."""
MAX_CELL = 100_000
MAX_WAIT_FRAMES = 60 * 60 * 10
"""``wait`` at most ten minutes at 60 frames a second."""
MAX_WHEEL_STEPS = 100
MAX_TYPE_CHARS = 4096
"""Characters of one ``type`` line (one event each: pygame's queue holds 65,535 events)."""
BUTTONS = range(1, 8)
"""Mouse buttons 1 (left), 2 (middle), 3 (right), 4 to 7 (wheel and side buttons)."""


def _number_bounds(verb: str, count: int) -> list[tuple[str, int, int]]:
    """Per argument of a line: (what it is, lowest, highest)."""
    pixel = ("a pixel coordinate", -MAX_PIXEL, MAX_PIXEL)
    button = ("a mouse button", BUTTONS.start, BUTTONS.stop - 1)
    match verb:
        case "click":
            return [pixel, pixel, button][:count]
        case "move":
            return [pixel, pixel]
        case "drag":
            return [pixel, pixel, pixel, pixel, button][:count]
        case "wheel":
            return [pixel, pixel, ("a number of wheel steps", -MAX_WHEEL_STEPS, MAX_WHEEL_STEPS)]
        case "cell":
            return [("a cell coordinate", -MAX_CELL, MAX_CELL)] * 2
        case "wait":
            return [("a number of frames", 0, MAX_WAIT_FRAMES)]
    return []


def parse_script(text: str, name: str = "script") -> Script:
    lines: list[tuple[str, list[str], str]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        where = f"{name}, line {number}"
        try:
            words = shlex.split(line)
        except ValueError as exc:  # "No closing quotation", "No escaped character"
            raise ScriptError(f"{where}: {str(exc).lower()}") from None
        if not words:
            continue
        verb, args = words[0].lower(), words[1:]
        if verb not in ARITY:
            raise ScriptError(f"{where}: unknown step '{verb}' (one of {', '.join(ARITY)})")
        low, high = ARITY[verb]
        if not low <= len(args) <= high:
            raise ScriptError(f"{where}: '{verb}' takes {low}" + (f" to {high}" if high != low else "") + " arguments")
        for a, (what, low_n, high_n) in zip(args, _number_bounds(verb, len(args))):
            try:
                n = int(a)
            except ValueError:
                shown = a if len(a) <= 40 else a[:37] + "..."
                raise ScriptError(f"{where}: '{shown}' is not a whole number") from None
            if not low_n <= n <= high_n:
                shown = a if len(a) <= 40 else a[:37] + "..."
                raise ScriptError(f"{where}: {shown} is out of range for {what} ({low_n} to {high_n})")
        if verb == "cell" and len(args) > 2 and args[2] not in ("click", "move"):
            raise ScriptError(f"{where}: 'cell' ends with click or move, not '{args[2]}'")
        if verb == "type" and len(" ".join(args)) > MAX_TYPE_CHARS:
            raise ScriptError(f"{where}: 'type' text is {len(' '.join(args))} characters, at most {MAX_TYPE_CHARS} "
                              "a line (split it over several lines)")
        if verb == "key":
            for a in args:
                key_code(a, where)
        lines.append((verb, args, where))
    return Script(lines)


MAX_SCRIPT_BYTES = 1024 * 1024
"""Largest ``--script`` file (a script of 250 lines is about 4 KB)."""


def load_script(path: str | Path) -> Script:
    try:
        text = read_user_text(path, MAX_SCRIPT_BYTES, "a script")
    except UserFileError as exc:
        raise ScriptError(f"{exc.path}: cannot read the script: {exc.detail}") from None
    return parse_script(text, str(path))
