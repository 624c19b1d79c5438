"""Silver & Gold's own playout (``fast.py``) plays the engine's games: the same final state, the same draws.

Every bot of ``BOTS`` (spelled with arguments too: they take none and ignore
them), 2 to 4 players, both settings of the ``returned_to_deck`` variant, and
configs that reach the rules' corners (decks that run out, no display, one
card kept, other expedition decks, no cups, a gcd > 1 in a reveal), each
compared seed by seed with the engine by :func:`tests.playout_check.assert_same_games`;
the lesson's tournament and the known-answer one by ``assert_same_tournament``.
"""

from __future__ import annotations

import pytest

import mineedu
from mineedu.core import BaseBot, RandomBot
from mineedu.core.compiled import playout_module
from mineedu.games.silver_gold import SilverGold, bots, fast
from mineedu.games.silver_gold.lesson import SPEC
from tests.known_answers import make
from tests.playout_check import assert_same_games, assert_same_tournament
from tests.silver_gold.test_kernel import CONFIGS, TABLES, mixed  # the same tables


def test_the_game_plays_tournaments_with_it():
    hook = mineedu.make("silver_gold", 3).hooks.fast_playout
    assert getattr(hook, "compiled", hook) is playout_module("mineedu.games.silver_gold").fast_playout


@pytest.mark.parametrize(("players", "config", "specs", "games"), TABLES)
def test_same_games_as_the_engine(players, config, specs, games):
    game = mineedu.make("silver_gold", players, **config)
    assert assert_same_games(game, specs, range(games)) == games


@pytest.mark.parametrize(("players", "config"), CONFIGS, ids=[str(c) for _, c in CONFIGS])
def test_same_games_in_other_configs(players, config):
    for shift, p in enumerate(players):
        game = mineedu.make("silver_gold", p, **config)
        assert assert_same_games(game, mixed(p, 5 * shift + len(str(config))), range(100, 104)) == 4


def test_same_games_when_the_memos_start_again(monkeypatch):
    """Tiny memo bounds: the tables are cleared again and again in a game, and the games stay the same."""
    monkeypatch.setattr(fast, "_LIMIT", 3)
    monkeypatch.setattr(fast, "_DECKS", {})
    game = mineedu.make("silver_gold", 4)
    assert assert_same_games(game, ["open", "greedy", "random", "open"], range(200, 206)) == 6


def test_the_lesson_tournament_is_the_engine_s():
    t = SPEC.tournament
    assert t is not None
    game = mineedu.make("silver_gold", t.players, **t.config)
    assert_same_tournament(game, list(t.bots), 12, 3)


def test_the_known_answer_tournament_is_the_engine_s():
    players, settings, specs, games, seed = make.TOURNAMENTS["silver_gold"]
    assert_same_tournament(mineedu.make("silver_gold", players, **settings), specs, games, seed)


class Cautious(BaseBot):
    name = "cautious"


class Lucky(RandomBot):  # a subclass may act otherwise: not played
    pass


class Sub(SilverGold):
    pass


def test_it_refuses_what_it_does_not_play(monkeypatch):
    game = mineedu.make("silver_gold", 2)
    hook = fast.fast_playout
    assert hook(game, ("random", None)) is None
    assert hook(game, ("random",)) is None
    assert hook(Sub(2), ("random", "random")) is None
    monkeypatch.setitem(bots.BOTS, "cautious", lambda arg: Cautious())
    monkeypatch.setitem(bots.BOTS, "lucky", lambda arg: Lucky())
    assert hook(game, ("random", "cautious")) is None
    assert hook(game, ("lucky", "greedy")) is None
    assert hook(game, ("random", "greedy")) is not None
