"""Gold am Yukon's own playout (``fast.py``) plays the engine's games: the same final state, the same draws.

Every bot of ``BOTS`` (a few arguments each), 3 to 6 players, mixed seatings,
and configs that reach the rules' corners (a plain die, a die that throws
again on its top face, one throw a turn, short teams, the centre that does not
send its taker away, nuggets of 0, the round limit), each compared seed by
seed with the engine by :func:`tests.fast_check.assert_same_games`; the
lesson's tournament and the known-answer one by ``assert_same_tournament``.
"""

from __future__ import annotations

from itertools import cycle, islice

import pytest

import mineedu
from mineedu.core import RandomBot
from mineedu.games.yukon import YukonGame, bots, fast
from mineedu.games.yukon.board import CENTRE, DEFAULT_VALUES
from mineedu.games.yukon.lesson import SPEC
from tests.fast_check import assert_same_games, assert_same_tournament
from tests.known_answers import make

SPECS = {  # every bot of BOTS, with a few arguments
    "random": ["random"],
    "nearest-claim": ["nearest-claim"],
    "value-per-distance": ["value-per-distance", "value-per-distance:0", "value-per-distance:5",
                           "value-per-distance:12"],
}
ALL = [s for specs in SPECS.values() for s in specs]
GREEDY = [s for s in ALL if s != "random"]


def test_every_bot_is_tested():
    assert set(SPECS) == set(bots.BOTS)


def mixed(players: int, shift: int, pool: list[str] = ALL) -> list[str]:
    """A seating of ``players`` bots of every kind, shifted through the list of specs."""
    return list(islice(cycle(pool[shift:] + pool[:shift]), players))


SHORT = {"max_rounds": 25}  # games with random bots run to the round limit: keep them short
TABLES = [  # (players, config, specs, games)
    *[(p, {}, mixed(p, 2 * p, GREEDY), 5) for p in range(3, 7)],
    *[(p, SHORT, mixed(p, p), 5) for p in range(3, 7)],
    *[(4, {}, [spec] * 4, 5) for spec in GREEDY],
    (4, SHORT, ["random"] * 4, 3),
    (4, {}, ["value-per-distance", "nearest-claim", "value-per-distance", "nearest-claim"], 12),  # the known answers'
    (3, {}, ["random", "nearest-claim", "value-per-distance"], 10),  # the lesson's tournament bots
]
MANY = [  # many short games: the start spaces and setup, quick claims with teams of 2 and 4
    *[(p, config, mixed(p, 3 * p + k), games) for p in range(3, 7)
      for k, (config, games) in enumerate((({"max_rounds": 5}, 15), ({"pawns": 2}, 15), ({"pawns": 4, "max_rounds": 20}, 10)))],
]
CONFIGS = [  # the rules' corners, each with every kind of bot at the table
    {"reroll": 0},  # a plain die (the variant of the new-game dialog)
    {"centre_leaves": False},  # the other variant: the centre is a claim like any other
    {"sides": 4, "reroll": 4, "max_rolls": 3},  # the top face throws again, up to 3 throws
    {"sides": 20, "reroll": 1},
    {"sides": 2, "max_rolls": 1},  # one throw a turn, whatever the face
    {"pawns": 3},  # short teams: claims after a few steps, the last pawn claims, players run out
    {"pawns": 1, "centre_leaves": False},
    {"values": tuple(v if v != 2 else 0 for v in DEFAULT_VALUES)},  # claims of 0 nuggets: rows of -0.0
    {"values": tuple(range(37)), "pawns": 3},  # a value of its own per claim, short teams
    {"values": tuple(4 if c == CENTRE else v for c, v in enumerate(DEFAULT_VALUES))},  # the centre's value shared
    {"max_rounds": 3},  # the round limit ends games in setup
    {"max_rounds": 16, "pawns": 8, "reroll": 6},
]


@pytest.mark.parametrize(("players", "config", "specs", "games"), TABLES)
def test_same_games_as_the_engine(players, config, specs, games):
    game = mineedu.make("yukon", players, **config)
    assert assert_same_games(game, specs, range(games)) == games


@pytest.mark.parametrize(("players", "config", "specs", "games"), MANY)
def test_same_short_games_as_the_engine(players, config, specs, games):
    game = mineedu.make("yukon", players, **config)
    assert assert_same_games(game, specs, range(games), recorded=1) == games


@pytest.mark.parametrize("config", CONFIGS, ids=[str(c)[:60] for c in CONFIGS])
def test_same_games_in_other_configs(config):
    for players, shift in ((3, 0), (5, 3)):
        game = mineedu.make("yukon", players, **{"max_rounds": 30, **config})
        assert assert_same_games(game, mixed(players, shift + len(config)), range(100, 104), recorded=1) == 4


def test_a_team_blocked_in_setup_loses_its_pips():
    """Seeds where a chain still placing pawns has no free space at either end (``_settle`` in setup)."""
    game = mineedu.make("yukon", 6, max_rounds=25)
    assert assert_same_games(game, ["random", "nearest-claim"] * 3, [28]) == 1
    assert assert_same_games(game, ["random"] * 6, [42]) == 1


def test_a_greedy_bot_offered_only_the_centre_it_leaves_alone():
    """A seed where a greedy bot may only claim the centre, which it leaves alone: it scores the claims
    as moves (``chain_after``), and the fast playout hands that move to the bot itself."""
    game = mineedu.make("yukon", 6, max_rounds=30)
    assert assert_same_games(game, ["nearest-claim", "value-per-distance:0", "random"] * 2, [210], recorded=1) == 1


def test_the_lessons_tournament_and_the_known_answers_one():
    t = SPEC.tournament
    assert t is not None
    assert_same_tournament(mineedu.make("yukon", t.players, **dict(t.config)), list(t.bots), 6, 5)
    players, settings, specs, games, seed = make.TOURNAMENTS["yukon"]
    assert_same_tournament(mineedu.make("yukon", players, **settings), specs, games, seed)


def test_it_refuses_what_it_does_not_play():
    game = mineedu.make("yukon", 3)
    assert fast.fast_playout(game, ("random", "nearest-claim", "no-such-bot")) is None
    assert fast.fast_playout(game, ("random", "nearest-claim", "value-per-distance:-1")) is None
    assert fast.fast_playout(game, ("random", None, "random")) is None
    assert fast.fast_playout(game, ("random", "random")) is None  # one spec per seat
    assert fast.fast_playout(mineedu.make("gold_mine", 3), ("random",) * 3) is None
    assert fast.fast_playout(game, ("random", "nearest-claim", "value-per-distance:3")) is not None


def test_it_refuses_bots_it_does_not_know(monkeypatch):
    """A bot of another class, or a greedy bot whose key falls as the steps grow (``U`` would be wrong)."""
    odd = {**bots.BOTS, "other": lambda arg: RandomBotKind(), "far": lambda arg: bots.GreedyBot("far", lambda v, d: -d)}
    monkeypatch.setattr(YukonGame, "bots", odd)
    game = mineedu.make("yukon", 3)
    assert fast.fast_playout(game, ("random", "other", "random")) is None
    assert fast.fast_playout(game, ("random", "far", "random")) is None
    assert fast.fast_playout(game, ("random", "nearest-claim", "random")) is not None


class RandomBotKind(RandomBot):
    """The random bot's moves, but another class: the fast playout does not know what it does."""
