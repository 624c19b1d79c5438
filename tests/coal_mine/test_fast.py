"""Mine (coal)'s own playout (``fast.py``) plays the engine's games: the same final state, the same draws.

Every bot of ``BOTS`` (the raider with a few card counts), 2 to 6 players, the variant,
the dummy with either plan, and configs that reach the rules' corners (decks that run
dry, hand-limit discards, the early end at ``target_points``, tiebreaks, repeated die
cards, a deck without pipe-miners or with a job card named like an event), each compared
seed by seed with the engine by :func:`tests.playout_check.assert_same_games`; the lesson's
tournament and the known-answer one by :func:`tests.playout_check.assert_same_tournament`.
The corner configs also check, on the engine's own games, that they do reach their corner.
"""

from __future__ import annotations

from typing import Any

import pytest

import mineedu
from mineedu.games.coal_mine import CoalMineGame, bots, fast
from mineedu.games.coal_mine.lesson import SPEC
from tests.coal_mine.test_kernel import CORNERS, SMALL_DECK, TABLES, mixed, reached  # the same tables
from tests.known_answers import make
from tests.playout_check import assert_same_games, assert_same_tournament


@pytest.mark.parametrize(("players", "config", "specs", "games"), TABLES)
def test_same_games_as_the_engine(players: int, config: dict[str, Any], specs: list[str], games: int) -> None:
    game = mineedu.make("coal_mine", players, **config)
    assert assert_same_games(game, specs, range(games)) == games


@pytest.mark.parametrize(("name", "config", "corner"), CORNERS, ids=[c[0] for c in CORNERS])
def test_same_games_in_the_rules_corners(name: str, config: dict[str, Any], corner: str) -> None:
    seen: set[str] = set()
    for players, shift, seeds in ((3, 1, range(8)), (4, 6, range(8)), (4, -1, range(300, 308))):
        game = mineedu.make("coal_mine", players, **config)
        seats = players - len(game.auto_seats())
        specs = mixed(seats, shift) if shift >= 0 else ["random", "steady", "random", "mix"][:seats]
        assert assert_same_games(game, specs, seeds) == len(seeds)
        seen |= reached(game, specs, seeds)
    assert corner in seen


@pytest.mark.parametrize(("players", "config", "specs"), [
    (4, {}, ["random", "steady", "raider", "mix"]),
    (3, {"variant": True, "dummy": True}, ["random", "mix"]),
    (4, {**SMALL_DECK, "hand_limit": 12, "recruit_base": 6, "dummy": True}, ["random", "steady", "mix"]),
    (5, {"dummy": True, "dummy_plan": "bold", "hand_limit": 3, "recruit_base": 5, "start_hand": (("miner", 2), ("pipe", 1))},
     ["random", "raider", "random", "mix"]),
])
def test_the_same_calls_with_the_same_arguments(players: int, config: dict[str, Any], specs: list[str]) -> None:
    """The same numpy calls in the same order, each with the same argument, on every seed here
    (``assert_same_games`` records the first three of every other table)."""
    game = mineedu.make("coal_mine", players, **config)
    assert assert_same_games(game, specs, range(6), recorded=6) == 6


def test_same_tournaments() -> None:
    lesson = SPEC.tournament
    game = mineedu.make("coal_mine", lesson.players, **lesson.config)
    assert_same_tournament(game, list(lesson.bots), 24, 5)
    assert_same_tournament(game, ["steady", "raider", "mix", "mix"], 16, 3)
    players, settings, specs, games, seed = make.TOURNAMENTS["coal_mine"]
    assert_same_tournament(mineedu.make("coal_mine", players, **settings), specs, games, seed)


def test_what_it_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    game = mineedu.make("coal_mine", 4)
    assert fast.fast_playout(game, ("random",) * 4) is not None
    assert fast.fast_playout(game, ("random", None, "steady", "mix")) is None  # not a seat of the rules' own
    assert fast.fast_playout(game, ("random",) * 3) is None
    assert fast.fast_playout(game, ("random", "digger", "steady", "mix")) is None  # no such bot: the engine says so
    assert fast.fast_playout(mineedu.make("gold_mine", 4), ("random",) * 4) is None
    dummy = mineedu.make("coal_mine", 4, dummy=True)
    assert fast.fast_playout(dummy, ("random", "mix", "steady", None)) is not None

    class Bolder(bots.RaiderBot):  # a bot the fast playout was not taught
        pass

    monkeypatch.setattr(CoalMineGame, "bots", dict(bots.BOTS, bolder=lambda arg: Bolder(2)))
    assert fast.fast_playout(game, ("random", "bolder", "steady", "mix")) is None
    assert fast.fast_playout(game, ("random", "raider:2", "steady", "mix")) is not None
