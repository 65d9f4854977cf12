"""What every window of the program shares: the error for "no screen here" and the --size option."""

from __future__ import annotations

from game.errors import GameError


class NoWindowError(GameError):
    """The window cannot open (no display)."""


def parse_size(text: str) -> tuple[int, int]:
    """``--size 1280x800`` -> (1280, 800), at least 480 x 320."""
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise GameError(f"--size must look like 1280x800, not {text!r}") from None
    return max(480, w), max(320, h)
