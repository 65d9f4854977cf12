"""Answers worked out once per immutable object (a board, a creature sheet), kept by the object's identity.

Boards and sheets never change once built, so what depends only on one of them can be worked out once and
kept. The table is keyed by ``id(obj)`` (hashing a frozen dataclass would walk all its fields) and each
entry keeps the object itself, so an id reused by a later object is noticed and not mistaken for it.
"""

from __future__ import annotations

from typing import Callable, TypeVar

T = TypeVar("T")
O = TypeVar("O")


def per_object(table: dict[int, tuple[O, T]], obj: O, make: Callable[[O], T], limit: int = 4096) -> T:
    """``table``'s answer for ``obj``, made by ``make(obj)`` on first use; the table is emptied when it
    reaches ``limit`` entries (objects of finished sessions are then let go)."""
    got = table.get(id(obj))
    if got is None or got[0] is not obj:
        if len(table) >= limit:
            table.clear()
        got = table[id(obj)] = (obj, make(obj))
    return got[1]
