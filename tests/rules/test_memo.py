"""``game.rules.memo.per_object``: one answer per object, kept by identity, never another object's."""

from __future__ import annotations

from game.rules.memo import per_object


class _Thing:
    def __init__(self, name: str) -> None:
        self.name = name


def test_an_answer_is_made_once_per_object_and_never_given_to_another() -> None:
    table: dict[int, tuple[_Thing, str]] = {}
    made: list[str] = []

    def make(thing: _Thing) -> str:
        made.append(thing.name)
        return thing.name.upper()

    a, b = _Thing("a"), _Thing("b")
    assert per_object(table, a, make) == "A" and per_object(table, a, make) == "A"
    assert per_object(table, b, make) == "B"
    assert made == ["a", "b"]  # each worked out once
    impostor = _Thing("c")
    table[id(impostor)] = table.pop(id(a))  # as if ``a`` had died and ``impostor`` reused its id
    assert per_object(table, impostor, make) == "C"


def test_the_table_is_emptied_at_its_limit() -> None:
    table: dict[int, tuple[_Thing, int]] = {}
    things = [_Thing(str(i)) for i in range(5)]
    for thing in things:
        per_object(table, thing, lambda t: int(t.name), limit=3)
        assert len(table) <= 3
    assert per_object(table, things[0], lambda t: int(t.name), limit=3) == 0
