"""``Hooks.fast_playout``: tournaments use a game's own playout where it plays the seating, and
``tests/playout_check.py`` catches a fast playout that plays other games."""

from __future__ import annotations

import numpy as np
import pytest

import mineedu
from mineedu.core import Hooks, RandomBot, playout, tournament
from tests.core.toy import ToyGame
from tests.playout_check import assert_same_games, assert_same_tournament

ASKED: list[tuple[str | None, ...]] = []
PLAYED: list[int] = []


def _honest(game, seats):
    """Plays like the engine (it is the engine) for seatings without the random bot in seat 0."""
    ASKED.append(seats)
    if seats[0] == "random":
        return None

    def run(rng):
        PLAYED.append(1)
        return playout(game.initial_state(), [RandomBot() for _ in seats], rng)

    return run


def _one_draw_more(game, seats):
    def run(rng):
        final = playout(game.initial_state(), [RandomBot() for _ in seats], rng)
        rng.integers(2)
        return final

    return run


def _other_game(game, seats):
    def run(rng):
        final = playout(game.initial_state(), [RandomBot() for _ in seats], rng)
        return final.__class__(**{**final.__dict__, "points": tuple(p + 1 for p in final.points)})

    return run


def _doubled(game, seats):
    """Draws ``integers(2n) // 2`` for ``integers(n)``: the same numbers from the same bits, but other calls."""

    class Doubled:
        def __init__(self, rng):
            self.rng = rng

        def integers(self, n):
            return self.rng.integers(2 * n) // 2

    def run(rng):
        return playout(game.initial_state(), [RandomBot() for _ in seats], Doubled(rng))

    return run


class Doubled(ToyGame):
    hooks = Hooks(fast_playout=_doubled)


class FastToy(ToyGame):
    hooks = Hooks(fast_playout=_honest)


class OneDrawMore(ToyGame):
    hooks = Hooks(fast_playout=_one_draw_more)


class OtherGame(ToyGame):
    hooks = Hooks(fast_playout=_other_game)


def test_a_tournament_plays_the_seatings_the_fast_playout_takes_and_the_engine_the_others():
    ASKED.clear()
    PLAYED.clear()
    game = FastToy(3)
    result = tournament(game, ["random", "random", "random"], 12, 5)
    assert ASKED == [("random",) * 3]  # asked once per seating, and it refused
    assert PLAYED == []
    assert result["bots"] == tournament(ToyGame(3), ["random"] * 3, 12, 5)["bots"]

    ASKED.clear()
    specs = ["random:1", "random", "random"]  # "random:1" is the random bot too (its argument is ignored)
    got = tournament(game, specs, 12, 5)
    assert sorted(ASKED) == sorted({("random:1", "random", "random"), ("random", "random", "random:1"),
                                    ("random", "random:1", "random")})
    assert len(PLAYED) == 4  # the 4 games of the one seating it took ("random:1" in seat 0)
    assert got == tournament(game, specs, 12, 5, fast=False)


def test_the_check_passes_an_honest_fast_playout():
    assert assert_same_games(FastToy(2), ["random:1", "random"], range(30)) == 30
    assert_same_tournament(FastToy(2), ["random:1", "random:2"], 10, 3)


@pytest.mark.parametrize("game", [OneDrawMore(2), OtherGame(2)], ids=["one draw more", "another final state"])
def test_the_check_catches_a_fast_playout_that_plays_other_games(game):
    with pytest.raises(AssertionError):
        assert_same_games(game, ["random", "random"], range(5))


def test_the_check_catches_a_fast_playout_that_refuses_a_seating():
    with pytest.raises(AssertionError, match="refuses"):
        assert_same_games(FastToy(2), ["random", "random:1"], range(2))
    with pytest.raises(AssertionError, match="refuses"):
        assert_same_tournament(FastToy(2), ["random:1", "random"], 4, 1)


def test_one_draw_more_is_seen_even_when_the_final_state_is_the_same():
    game = OneDrawMore(2)
    a, b = np.random.default_rng(0), np.random.default_rng(0)
    bots = [RandomBot(), RandomBot()]
    assert game.hooks.fast_playout is not None
    run = game.hooks.fast_playout(game, ("random", "random"))
    assert run is not None
    assert run(a) == playout(game.initial_state(), bots, b)  # the same game ...
    with pytest.raises(AssertionError, match="other draws"):  # ... but the draws differ
        assert_same_games(game, ["random", "random"], [0])


def test_other_calls_for_the_same_numbers_are_seen_by_the_recorder():
    game = Doubled(2)
    assert assert_same_games(game, ["random", "random"], range(20), recorded=0) == 20  # the state alone: blind
    with pytest.raises(AssertionError, match="call 0 on the generator"):
        assert_same_games(game, ["random", "random"], range(20))


def test_seated_bots_builds_the_bots_of_a_seating_or_refuses_it():
    from mineedu.core.play import seated_bots

    game = ToyGame(2)
    got = seated_bots(game, ("random", "random:3"))
    assert got is not None and all(isinstance(b, RandomBot) for b in got)
    assert seated_bots(game, ("random",)) is None  # the wrong number of seats
    assert seated_bots(game, ("random", None)) is None  # a bot's seat without a spec
    assert seated_bots(game, ("random", "no-such-bot")) is None  # a spec the game cannot build
    coal = mineedu.make("coal_mine", 3, dummy=True)
    auto = coal.auto_seats()
    seats = tuple(None if p in auto else "mix" for p in range(3))
    table = seated_bots(coal, seats)
    assert table is not None and [b is None for b in table] == [p in auto for p in range(3)]
    assert seated_bots(coal, tuple("no-such-bot" if p in auto else "mix" for p in range(3))) is not None
