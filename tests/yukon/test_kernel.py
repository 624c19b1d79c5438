"""Gold am Yukon's tournaments on the kernel play the engine's games, and the greedy bots' search is their score.

Every bot of ``BOTS`` (a few arguments each), 3 to 6 players, mixed seatings, and configs that reach the
rules' corners (a plain die, a die that throws again on its top face, one throw a turn, short teams, the
centre that does not send its taker away, nuggets of 0, the round limit): whole games on one kernel with
each bot's ``decide`` (or ``choose``) against :func:`mineedu.core.playout` with its ``act``
(:func:`tests.playout_check.assert_same_games`), and at every decision of a greedy bot its pruned search
(``bots._Tables.pick``) against scoring every move claim by claim: the same move, the same draws.
"""

from __future__ import annotations

from itertools import cycle, islice

import pytest

import mineedu
from mineedu.core import BaseBot, tournament
from mineedu.games.yukon import YukonGame, bots
from mineedu.games.yukon.board import CENTRE, DEFAULT_VALUES
from mineedu.games.yukon.kernel import CLAIM, kind_of
from mineedu.games.yukon.lesson import SPEC
from tests.known_answers import make
from tests.playout_check import assert_same_games, assert_same_tournament

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


@pytest.fixture
def searched(monkeypatch):
    """Every greedy decision made twice more, by the search and claim by claim (draws recorded, the last of the
    best taken), and compared; then made for real. Yields the number of decisions compared among two moves or
    more that are no claims."""
    decide = bots.GreedyBot.decide
    compared = [0]

    def recording(calls):
        def draw(n):
            calls.append(n)
            return n - 1
        return draw

    def both(self, view, seat, draw):
        fast, slow = [], []
        a = decide(self, view, seat, recording(fast))
        tables = self.tables(view.t.values)
        tables.monotone = False
        try:
            b = decide(self, view, seat, recording(slow))
        finally:
            tables.monotone = True
        legal = view.legal()
        assert (a, fast) == (b, slow), (legal, view.chains[seat])
        compared[0] += sum(kind_of(c) != CLAIM for c in legal) > 1
        return decide(self, view, seat, draw)

    monkeypatch.setattr(bots.GreedyBot, "decide", both)
    yield compared


@pytest.mark.parametrize("config", [{}, *CONFIGS], ids=["default", *(str(c)[:60] for c in CONFIGS)])
def test_the_search_is_the_score(searched, config):
    for players in (3, 6):
        game = mineedu.make("yukon", players, **{"max_rounds": 30, **config})
        tournament(game, mixed(players, players + len(config), GREEDY), 3, 11)
    assert searched[0] > 40


def test_it_refuses_what_it_does_not_play(monkeypatch):
    game = mineedu.make("yukon", 3)
    hook = game.hooks.fast_playout
    assert hook(game, ("random", "nearest-claim", "no-such-bot")) is None
    assert hook(game, ("random", "nearest-claim", "value-per-distance:-1")) is None
    assert hook(game, ("random", None, "random")) is None
    assert hook(game, ("random", "random")) is None  # one spec per seat
    assert hook(game, ("random", "nearest-claim", "value-per-distance:3")) is not None

    class Other(BaseBot):  # a bot written for the engine alone (no choose)
        name = "other"

        def act(self, obs, legal, rng):
            return legal[-1]

    far = bots.GreedyBot("far", lambda v, d: -d)  # its key falls as the steps grow: scored claim by claim
    monkeypatch.setattr(YukonGame, "bots", {**bots.BOTS, "other": lambda arg: Other(), "far": lambda arg: far})
    assert hook(game, ("random", "other", "random")) is None
    assert hook(game, ("random", "far", "random")) is not None
    for specs in (["random", "other", "far"], ["far", "nearest-claim", "far"]):
        g = mineedu.make("yukon", 3, max_rounds=12)
        assert tournament(g, specs, 4, 2) == tournament(g, specs, 4, 2, fast=False)
