"""Steps: what actions are made of, data on a stack, each with a break point before and after.

A step is a frozen dataclass with at least ``action`` (the number of the action it belongs to: when one
step of an action becomes impossible, the rest of that action is dropped with it) and ``creature`` (the
piece it is about). Everything else in a step is its ruleset's.
"""

from __future__ import annotations

from typing import Any, Protocol

from game.kernel.events import snake


class Step(Protocol):
    @property
    def action(self) -> int: ...

    @property
    def creature(self) -> str: ...


_KINDS: dict[type, str] = {}


def step_kind(step: Any) -> str:
    """The step's kind as break points and fizzles name it: its class name in snake case
    (``LeaveCell`` -> "leave_cell"); part of the event format."""
    cls = type(step)
    kind = _KINDS.get(cls)
    if kind is None:
        kind = _KINDS[cls] = snake(cls.__name__)
    return kind
