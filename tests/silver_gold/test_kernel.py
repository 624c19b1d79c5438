"""Silver & Gold's tournaments on the kernel play the engine's games: the same final state, the same draws.

The rules apply every move through the kernel either way; what is held here is the other path: whole
games on one kernel (:func:`mineedu.core.kernel.playout_hook`, the game's ``Hooks.fast_playout``) with each
bot's ``decide`` (or ``choose``) on the kernel, against :func:`mineedu.core.playout` with its ``act`` on each
observation (the kernel of the view); a bot of a notebook overriding ``choose`` or ``decide`` alone; and
the greedy and open bots' memoized tables (``bots.Slot``) against their definitions (``helpers.gain``,
``helpers.open_placements``), at every decision of 16 games. Every bot of ``BOTS`` (spelled with arguments
too: they take none and ignore them), 2 to 4 players, both settings of the ``returned_to_deck``
variant, and configs that reach the rules' corners (decks that run out, no display, one
card kept, other expedition decks, no cups, a gcd > 1 in a reveal), each
compared seed by seed with the engine by :func:`tests.playout_check.assert_same_games`;
the lesson's tournament and the known-answer one by ``assert_same_tournament``.
"""

from __future__ import annotations

from itertools import cycle, islice

import numpy as np
import pytest

import mineedu
from mineedu.core import BaseBot, RandomBot, play
from mineedu.core.kernel import decider
from mineedu.games.silver_gold import bots, kernel_playout
from mineedu.games.silver_gold.kernel import CHAIN, CROSS, PLACE, SLOT
from mineedu.games.silver_gold.lesson import SPEC
from mineedu.games.silver_gold.rules import CARDS, _action_mask
from tests.known_answers import make
from tests.playout_check import assert_same_games, assert_same_tournament

from .helpers import gain, open_placements, shapes_to_come


def make_game(players, **config):
    """The game, its tournaments played on the kernel (``kernel_playout``)."""
    game = mineedu.make("silver_gold", players, **config)
    assert game.hooks.fast_playout is kernel_playout
    return game

SPECS = {  # every bot of BOTS, with a few arguments (ignored, as the factories do)
    "random": ["random", "random:1", " random "],
    "greedy": ["greedy", "greedy:2"],
    "open": ["open", "open:x"],
}
ALL = [s for specs in SPECS.values() for s in specs]
KEPT = {"returned_to_deck": False}  # the variant a new game offers


def test_every_bot_is_tested():
    assert set(SPECS) == set(bots.BOTS)


def test_the_kernel_playout_is_the_core_s():
    assert kernel_playout.__module__ == "mineedu.core.kernel"
    assert mineedu.make("silver_gold", 3).hooks.fast_playout is kernel_playout


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
    game = make_game(players, **config)
    assert assert_same_games(game, specs, range(games)) == games


@pytest.mark.parametrize(("players", "config"), CONFIGS, ids=[str(c) for _, c in CONFIGS])
def test_same_games_in_other_configs(players, config):
    for shift, p in enumerate(players):
        game = make_game(p, **config)
        assert assert_same_games(game, mixed(p, 5 * shift + len(str(config))), range(100, 104)) == 4


def test_same_games_when_the_memos_start_again(monkeypatch):
    """Tiny memo bounds: the tables are cleared again and again in a game, and the games stay the same."""
    monkeypatch.setattr(bots, "_LIMIT", 3)
    monkeypatch.setattr(bots, "_DECKS", {})
    game = make_game(4)
    assert assert_same_games(game, ["open", "greedy", "random", "open"], range(200, 206)) == 6


def test_the_lesson_tournament_is_the_engine_s():
    t = SPEC.tournament
    assert t is not None
    game = make_game(t.players, **t.config)
    assert_same_tournament(game, list(t.bots), 12, 3)


def test_the_known_answer_tournament_is_the_engine_s():
    players, settings, specs, games, seed = make.TOURNAMENTS["silver_gold"]
    assert_same_tournament(make_game(players, **settings), specs, games, seed)


class Cautious(BaseBot):  # a bot written for the engine alone (no choose): the engine plays it
    name = "cautious"


class Lucky(RandomBot):  # a bot of its own that chooses on the kernel: played there
    pass


def test_what_it_refuses(monkeypatch):
    game = make_game(2)
    hook = game.hooks.fast_playout
    assert hook(game, ("random", None)) is None
    assert hook(game, ("random",)) is None
    monkeypatch.setitem(bots.BOTS, "cautious", lambda arg: Cautious())
    monkeypatch.setitem(bots.BOTS, "lucky", lambda arg: Lucky())
    assert hook(game, ("random", "cautious")) is None
    assert hook(game, ("lucky", "greedy")) is not None
    assert assert_same_games(game, ["lucky", "open"], range(3)) == 3


class Contrary(bots.GreedyBot):
    """A bot of a notebook: greedy's ``decide`` kept, its own ``choose`` (the last legal move)."""

    def choose(self, view, seat, legal, draw):
        return len(legal) - 1


class Mirror(bots.OpenBot):
    """A bot of a notebook overriding ``decide`` alone: the last single box when it has one, else open's move."""

    def decide(self, view, seat, draw):
        if view.phase in (PLACE, CHAIN):
            for s, cid in reversed(list(enumerate(view.cards[seat]))):
                free = CARDS[cid].boxes & ~view.crossed[seat][s] if cid >= 0 else 0
                if free:
                    return CROSS + s * SLOT + free.bit_length() - 1
        return super().decide(view, seat, draw)


def test_a_bot_overriding_choose_or_decide_plays_its_own_moves(monkeypatch):
    assert decider(Contrary()) is None  # its choose is asked, not greedy's decide
    assert decider(Mirror()) is not None and decider(bots.GreedyBot()) is not None
    assert decider(RandomBot()) is None and decider(Cautious()) is None
    monkeypatch.setitem(bots.BOTS, "contrary", lambda arg: Contrary())
    monkeypatch.setitem(bots.BOTS, "mirror", lambda arg: Mirror())
    game = make_game(3)
    assert assert_same_games(game, ["contrary", "mirror", "greedy"], range(4)) == 4
    assert assert_same_games(game, ["mirror", "contrary", "open"], range(4, 6)) == 2
    kernel_moves = [0, 0]

    class Counting(Contrary):
        def choose(self, view, seat, legal, draw):
            kernel_moves[0] += 1
            return super().choose(view, seat, legal, draw)

    class Deciding(Mirror):
        def decide(self, view, seat, draw):
            kernel_moves[1] += 1
            return super().decide(view, seat, draw)

    hook = game.hooks.fast_playout
    monkeypatch.setitem(bots.BOTS, "counting", lambda arg: Counting())
    monkeypatch.setitem(bots.BOTS, "deciding", lambda arg: Deciding())
    hook(game, ("counting", "deciding", "open"))(np.random.default_rng(1))
    assert kernel_moves[0] > 20 and kernel_moves[1] > 20


def greedy_by_definition(obs, legal):
    """``GreedyBot`` as it is defined: the first legal action of the highest :func:`helpers.gain`."""
    return max(legal, key=lambda a: gain(obs, a))


def open_by_definition(obs, legal):
    """``OpenBot`` as it is defined: cards by their room for the deck's shapes; placements (if any) by
    (completes a card, placements of the shapes to come left open, gain)."""
    if legal[0][0] in ("keep", "take"):
        shapes = obs.config.expedition_counts()
        return max(legal, key=lambda a: sum(bots._card_room(CARDS[c], shapes) for c in a[1:]))
    places = [a for a in legal if a[0] == "place"] or list(legal)
    me = obs.me
    left = shapes_to_come(obs)

    def key(a):
        if a[0] == "pass":
            return (0, 0, 0.0)
        card = CARDS[me.cards[a[1]]]
        done = (me.crossed[a[1]] | _action_mask(a, card, obs.shape)) == card.boxes
        return (int(done), open_placements(obs, a, left), gain(obs, a))

    return max(places, key=key)


class Checked(BaseBot):
    """Plays ``bot`` and checks each of its moves against its definition."""

    def __init__(self, bot, definition):
        self.bot, self.definition, self.checked = bot, definition, 0

    def act(self, obs, legal, rng):
        got = self.bot.act(obs, legal, rng)
        assert got == self.definition(obs, legal), (obs.phase, got)
        self.checked += 1
        return got


@pytest.mark.parametrize(("players", "config"), [(4, {}), (3, KEPT), (2, {"display": 1, "deal": 3, "keep": 2}),
                                                (3, {"expedition": (("I2", 2), ("I3", 4), ("L4", 2), ("T4", 2))})])
def test_the_bots_tables_choose_as_their_definitions(players, config):
    game = make_game(players, **config)
    seats = [Checked(bots.GreedyBot(), greedy_by_definition) if p % 2 else Checked(bots.OpenBot(), open_by_definition)
             for p in range(players)]
    for seed in range(4):
        for _ in play(game.initial_state(), seats, np.random.default_rng(seed)):
            pass
    assert all(bot.checked > 100 for bot in seats)
