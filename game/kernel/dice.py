"""One seeded random stream per fight; every draw is logged as an event.

Nothing in the engine touches the ``random`` module's globals: dice and random decisions both come from
here, so the same seed and the same commands give the same log, byte for byte. Rulesets add their own
named rolls on top (a subclass or plain functions over :meth:`Dice.roll`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Sequence, TypeVar

from game.kernel.events import DiceRolled, Event, RandomChoice

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Roll:
    expression: str
    faces: tuple[int, ...]
    bonus: int
    total: int


class Dice:
    """Seeded dice. ``emit`` receives a :class:`DiceRolled` / :class:`RandomChoice` for every draw."""

    def __init__(self, seed: int, emit: Callable[[Event], None]) -> None:
        self.seed = seed
        self._random = random.Random(seed)
        self._emit = emit

    def roll(self, count: int, sides: int, bonus: int, purpose: str, keep: int = 0) -> Roll:
        """Roll ``count`` d``sides`` + ``bonus``. ``keep``: total only the ``keep`` highest dice (below 0: the
        ``-keep`` lowest; 0: every die), written ``5d6kh3`` / ``5d6kl3``; ``faces`` still holds every die."""
        faces = tuple(self._random.randint(1, sides) for _ in range(count))
        kept = faces
        dice = f"{count}d{sides}" if count else ""
        if keep and abs(keep) < count:
            ordered = sorted(faces, reverse=keep > 0)
            kept = tuple(ordered[:abs(keep)])
            dice += f"{'kh' if keep > 0 else 'kl'}{abs(keep)}"
        expression = dice + (f"{bonus:+d}" if bonus and count else (str(bonus) if bonus else ""))
        total = sum(kept) + bonus
        self._emit(DiceRolled(expression or "0", faces, total, purpose))
        return Roll(expression or "0", faces, bonus, total)

    def choose(self, options: Sequence[T], purpose: str, label: Callable[[T], str] = str) -> T:
        """Pick one option at random (logged with every option's label)."""
        if not options:
            raise ValueError(f"nothing to choose from for {purpose}")
        index = self._random.randrange(len(options)) if len(options) > 1 else 0
        self._emit(RandomChoice(purpose, tuple(label(o) for o in options), index))
        return options[index]

    def shuffle(self, items: Sequence[T], purpose: str, label: Callable[[T], str] = str) -> list[T]:
        """A random order of ``items`` (logged)."""
        out = list(items)
        self._random.shuffle(out)
        if len(out) > 1:
            self._emit(RandomChoice(purpose, tuple(label(o) for o in out), -1))
        return out

    def getstate(self) -> object:
        return self._random.getstate()

    def setstate(self, state: object) -> None:
        self._random.setstate(state)  # type: ignore[arg-type]
