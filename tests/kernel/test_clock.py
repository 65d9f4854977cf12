"""The kernel's plain turn order (game.kernel.clock.Cycle): properties that hold for any order."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.kernel.clock import Cycle


@given(st.lists(st.booleans(), min_size=1, max_size=12), st.integers(0, 11), st.integers(1, 30))
def test_advance_gives_the_next_piece_still_in_and_counts_rounds(out_flags: list[bool], start: int, steps: int) -> None:
    order = [f"p{i}" for i in range(len(out_flags))]
    out = {p for p, flag in zip(order, out_flags) if flag}
    clock: Cycle[str] = Cycle()
    clock.begin(order)
    clock.index = start % len(order)
    rounds: list[int] = []
    for _ in range(steps):
        before_index, before_round = clock.index, clock.round
        skipped: list[str] = []
        got = clock.advance(lambda p: p in out, skipped.append, rounds.append)
        if len(out) == len(order):
            assert got is None and len(skipped) == len(order) + 1  # one lap and no more
            return
        assert got is not None and got not in out and got == clock.holder()
        # every piece passed over lies strictly between the old holder and the new one, and is out
        walked = [order[(before_index + k) % len(order)] for k in range(1, len(skipped) + 2)]
        assert walked[:-1] == skipped and walked[-1] == got and all(p in out for p in skipped)
        wrapped = before_index + len(skipped) + 1 >= len(order)
        assert clock.round == before_round + (1 if wrapped else 0)
    assert rounds == list(range(2, 2 + len(rounds)))
