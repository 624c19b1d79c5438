"""The store against a model: random sequences of joins, reloads, forged tickets, releases, bots,
moves and ends, on both backends; after each step the table, every ticket and the log agree with the model."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mineedu.store import SeatRefused, StoreError

PLAYERS = 4
STEP = st.one_of(
    st.tuples(st.just("join"), st.integers(0, 6)),       # a new student, or the reload of ticket k
    st.tuples(st.just("forged"), st.integers(0, 6)),     # ticket k with a changed letter
    st.tuples(st.just("release"), st.integers(-1, PLAYERS)),
    st.tuples(st.just("bot"), st.integers(-1, PLAYERS)),
    st.tuples(st.just("human"), st.integers(0, PLAYERS - 1)),
    st.tuples(st.just("append"), st.integers(-1, 1)),    # the next number, one already taken, or a gap
    st.tuples(st.just("finish"), st.just(0)),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(STEP, max_size=30))
def test_the_store_does_what_the_model_says(store, steps):
    store.clear()
    code = store.create_table("gold_mine", PLAYERS, bots=[None, "random", None, None]).code
    bot: list[str | None] = [None, "random", None, None]
    holder: list[str | None] = [None] * PLAYERS  # the ticket holding each seat
    tickets: list[str] = []
    moves, finished = 0, False
    for op, k in steps:
        if op == "join":
            old = tickets[k] if k < len(tickets) else None
            if old is not None and old in holder:
                assert store.join(code, ticket=old) == (holder.index(old), old)
                continue
            free = [p for p in range(PLAYERS) if bot[p] is None and holder[p] is None]
            if finished or not free:
                with pytest.raises(SeatRefused):
                    store.join(code, name="Léa", ticket=old)
                continue
            seat, ticket = store.join(code, name="Léa", ticket=old)
            assert seat == free[0] and ticket not in tickets
            holder[seat] = ticket
            tickets.append(ticket)
        elif op == "forged" and k < len(tickets):
            forged = tickets[k][:-1] + ("B" if tickets[k][-1] == "A" else "A")
            with pytest.raises(SeatRefused):
                store.seat_of(code, forged)
        elif op in ("release", "bot", "human"):
            if not 0 <= k < PLAYERS:
                with pytest.raises(StoreError):
                    store.release(code, k) if op == "release" else store.seat_bot(code, k, "greedy")
                continue
            if op == "release":
                store.release(code, k)
            else:
                store.seat_bot(code, k, "greedy" if op == "bot" else None)
                bot[k] = "greedy" if op == "bot" else None
            holder[k] = None
        elif op == "append":
            number = moves + k
            if k > 0 or number < 0:  # a gap, or no such number
                with pytest.raises(StoreError):
                    store.append(code, number, 0, ["explore"])
            else:
                assert store.append(code, number, 0, ["explore"]) is (k == 0)
                moves += k == 0
        elif op == "finish":
            store.mark_finished(code)
            finished = True
        info = store.table(code)
        assert [s.bot for s in info.seats] == bot
        assert [s.held for s in info.seats] == [h is not None for h in holder]
        assert (info.moves, info.finished) == (moves, finished)
        for t in tickets:
            if t in holder:
                assert store.seat_of(code, t) == holder.index(t)
            else:
                with pytest.raises(SeatRefused):
                    store.seat_of(code, t)
    assert [m.number for m in store.moves(code)] == list(range(moves))
