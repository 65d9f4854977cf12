"""What every window of the program shares: the error for "no screen here" and the --size option."""

from __future__ import annotations

from game.errors import GameError


class NoWindowError(GameError):
    """The window cannot open (no display)."""


MIN_SIZE = (480, 320)
"""Smallest window: a smaller ``--size`` is raised to it."""
MAX_SIZE = (5120, 2880)
"""Largest window (a 5K screen): a larger ``--size`` is refused. Bigger windows take long to open and draw
(7680x4320: 39 s to a first screenshot, 880 MB, against 9 s at 1920x1080), and SDL wraps sizes past 2**31
around."""


def parse_size(text: str) -> tuple[int, int]:
    """``--size 1280x800`` -> (1280, 800), at least :data:`MIN_SIZE`, refused over :data:`MAX_SIZE`."""
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise GameError(f"--size must look like 1280x800, not {text!r}") from None
    if w > MAX_SIZE[0] or h > MAX_SIZE[1]:
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise GameError(f"--size {shown}: the window may be at most {MAX_SIZE[0]}x{MAX_SIZE[1]} pixels")
    return max(MIN_SIZE[0], w), max(MIN_SIZE[1], h)
