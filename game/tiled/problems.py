"""How many problems of one map are listed: the first :data:`MAX_PROBLEMS`, then one line counting the rest.

Shared by both stages of a load (``build``/``loader``, then ``to_board``), whose lists are joined.
"""

from __future__ import annotations

from pathlib import Path

from game.errors import MapError

MAX_PROBLEMS = 100
"""At most this many problems of one map are listed; the others are only counted."""



class MoreProblems(MapError):
    """The last line of a long list of problems: how many more were found and not listed."""

    def __init__(self, path: str | Path, count: int) -> None:
        super().__init__(path, f"... and {count} more problems (only the first {MAX_PROBLEMS} are listed)")
        self.count = count


def capped(problems: list[MapError]) -> list[MapError]:
    """At most :data:`MAX_PROBLEMS` problems, then one :class:`MoreProblems` line counting the rest.

    ``problems`` may already end in such lines (from an earlier stage of the same
    load): their counts are added up.
    """
    listed = [p for p in problems if not isinstance(p, MoreProblems)]
    more = sum(p.count for p in problems if isinstance(p, MoreProblems)) + max(0, len(listed) - MAX_PROBLEMS)
    if not more:
        return listed
    return [*listed[:MAX_PROBLEMS], MoreProblems(listed[0].path if listed else problems[0].path, more)]
