"""Silver & Gold's own playout (``fast.py``) plays the engine's games: the same final state, the same draws.

Every bot of ``BOTS`` (spelled with arguments too: they take none and ignore
them), 2 to 4 players, both settings of the ``returned_to_deck`` variant, and
configs that reach the rules' corners (decks that run out, no display, one
card kept, other expedition decks, no cups, a gcd > 1 in a reveal), each
compared seed by seed with the engine by :func:`tests.playout_check.assert_same_games`;
the lesson's tournament and the known-answer one by ``assert_same_tournament``.
"""

from __future__ import annotations

from itertools import cycle, islice

import pytest

import mineedu
from mineedu.core import BaseBot, RandomBot
from mineedu.core.compiled import playout_module
from mineedu.games.silver_gold import SilverGold, bots, fast
from mineedu.games.silver_gold.lesson import SPEC
from tests.known_answers import make
from tests.playout_check import assert_same_games, assert_same_tournament

SPECS = {  # every bot of BOTS, with a few arguments (ignored, as the factories do)
    "random": ["random", "random:1", " random "],
    "greedy": ["greedy", "greedy:2"],
    "open": ["open", "open:x"],
}
ALL = [s for specs in SPECS.values() for s in specs]
KEPT = {"returned_to_deck": False}  # the variant a new game offers


def test_every_bot_is_tested():
    assert set(SPECS) == set(bots.BOTS)


def test_the_game_plays_tournaments_with_it():
    hook = mineedu.make("silver_gold", 3).hooks.fast_playout
    assert getattr(hook, "compiled", hook) is playout_module("mineedu.games.silver_gold").fast_playout


def mixed(players: int, shift: int) -> list[str]:
    """A seating of ``players`` bots of every kind, shifted through the list of specs."""
    return list(islice(cycle(ALL[shift:] + ALL[:shift]), players))


TABLES = [  # (players, config, specs, games)
    *[(p, mode, mixed(p, 2 * p + 3 * k), 12) for p in (2, 3, 4) for k, mode in enumerate(({}, KEPT))],
    *[(p, {}, [spec] * p, 8) for p in (2, 4) for spec in ("random", "greedy", "open")],
    (3, KEPT, ["open", "open", "open"], 6),
    (4, {}, ["greedy", "open", "greedy", "open"], 12),  # the tournament bots of the benchmark
    (3, {}, ["random", "greedy", "open"], 10),  # the lesson's tournament bots
    # even copies: open ranks a card's actions by the copies over their gcd, and must weigh the cards again to compare them
    (3, {"expedition": (("I2", 2), ("I3", 4), ("L4", 2), ("T4", 2)), "reveals_per_round": 6}, ["open"] * 3, 10),
]
CONFIGS = [  # (players, config): the rules' corners, each with every kind of bot at the table
    ((2, 4), {"display": 0}),  # no replacement: completed cards leave empty places, then passes
    ((2, 3), {"deal": 2, "keep": 2}),  # one keep choice (random still draws from 1)
    ((2, 3), {"deal": 4, "keep": 3}),
    ((2, 4), {"deal": 1, "keep": 1, "display": 1}),
    ((2,), {"cards_per_colour": (("grey", 6), ("green", 6)), "returned_to_deck": False}),  # no deck left after the deal
    ((2,), {"cards_per_colour": (("grey", 6), ("green", 7)), "returned_to_deck": False}),  # a refill of one card: no draw
    ((3, 4), {"cards_per_colour": (("purple", 12), ("orange", 12)), "display": 8, "deal": 2}),
    ((2, 3), {"expedition": (("I1", 2), ("I4", 1), ("S4", 3), ("O4", 0), ("L4", 2)), "reveals_per_round": 8}),  # all
    ((2, 3), {"expedition": (("I2", 16),), "reveals_per_round": 16, "rounds": 1}),  # a single shape: no reveal draw
    ((2, 3), {"expedition": (("T4", 4), ("I2", 4), ("T4", 2)), "reveals_per_round": 5}),  # a gcd > 1; T4 named twice
    ((2, 4), {"reveals_per_round": 8, "rounds": 2}),
    ((2, 3), {"cups": (), "palm_limit": 0, "coin_rows": 0}),
    ((2, 3), {"coin_row_size": 1, "coin_rows": 12, "cups": (9, 9, 3, 0, 7), "palm_limit": 12}),
    ((2, 3), {"seal_values": (("grey", 5), ("green", 0), ("orange", 1), ("purple", 9)), "rounds": 6}),
]
# in all 268 games compared one by one, and two tournaments played both ways


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
