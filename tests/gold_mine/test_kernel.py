"""My Gold Mine's tournaments on the kernel play the engine's games: the same final state, the same draws.

The rules apply every move through the kernel either way; what is held here is the other path: whole
games on one kernel (:func:`mineedu.core.kernel.playout_hook`) with each bot's ``choose`` against
:func:`mineedu.core.playout` with its ``act``, for every bot of ``BOTS`` (a few arguments each), 3 to 6
players, both deck modes and configs that reach the rules' corners (the mine collapsing after a few
turns, decks that run out or hold a single kind, one round or five); and the burn bot's closed form
against the odds the rules sum.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import cycle, islice

import numpy as np
import pytest

import mineedu
from mineedu.core import CHANCE, draws, outcomes_after, play, playout
from mineedu.games.gold_mine import bots, kernel, odds
from mineedu.games.gold_mine.cards import BURNED, EXPLORE_ACTION, TURN
from mineedu.games.gold_mine.lesson import SPEC
from mineedu.games.gold_mine.rules import kernel_of
from tests.known_answers import make
from tests.playout_check import assert_same_games, assert_same_tournament

SPECS = {  # every bot of BOTS, with a few arguments
    "random": ["random"],
    "threshold": ["threshold", "threshold:0.1", "threshold:0.3", "threshold:0", "threshold:1"],
    "burn": ["burn", "burn:0.4", "burn:0.05", "burn:0", "burn:1"],
    "cautious": ["cautious", "cautious:1", "cautious:2", "cautious:5"],
    "greedy": ["greedy"],
}
ALL = [s for specs in SPECS.values() for s in specs]
FACE_UP = {"deck_mode": "face_up"}


def test_every_bot_is_tested():
    assert set(SPECS) == set(bots.BOTS)


def mixed(players: int, shift: int) -> list[str]:
    """A seating of ``players`` bots of every kind, shifted through the list of specs."""
    return list(islice(cycle(ALL[shift:] + ALL[:shift]), players))


TABLES = [  # (players, config, specs, games)
    *[(p, mode, mixed(p, 3 * p + 7 * k), 30) for p in range(3, 7) for k, mode in enumerate(({}, FACE_UP))],
    *[(4, mode, [spec] * 4, 12) for mode in ({}, FACE_UP) for spec in ("random", "threshold:0.3", "burn:0.4", "cautious:1",
                                                                       "greedy", "burn:1")],
    (4, {}, ["threshold:0.15", "threshold:0.3", "burn:0.2", "burn:0.4"], 30),  # the lesson's tournament bots
    (4, FACE_UP, ["threshold:0.15", "threshold:0.3", "burn:0.2", "burn:0.4"], 20),
]
CONFIGS = [  # the rules' corners, each with every kind of bot at the table
    {"turn_limit": 3},  # E3: the mine collapses, the burn bots' last turn
    {"turn_limit": 9, "deck_mode": "face_up"},
    {"rounds": 1},
    {"rounds": 5, "token_awards": (5, 1), "deck_mode": "face_up"},
    {"token_awards": ()},
    {"track_length": 4, "cart": 1},
    {"track_length": 12, "cart": 9, "deck_mode": "face_up"},
    {"exploration": (("nugget", 2), ("lantern", 0), ("eyes", 4), ("dragon", 6))},  # decks that run out, a gcd > 1
    {"exploration": (("nugget", 1), ("lantern", 1), ("eyes", 1), ("dragon", 5)), "deck_mode": "face_up"},
    {"exploration": (("nugget", 0), ("lantern", 0), ("eyes", 9), ("dragon", 0))},  # a single kind: no draw
    {"exit_deck": (("L1", 3),)},  # a single exit card: no draw, and an exit card resolved at once (E1)
    {"exit_deck": (("GOLD3|SWAP", 4), ("L2", 1), ("SWAP|ALL1|L1", 2))},  # GOLD3 kept, the discards reshuffled
    {"exit_deck": (("GOLD3|L2", 9), ("ALL1", 1)), "deck_mode": "face_up", "turn_limit": 40},
]


@pytest.mark.parametrize(("players", "config", "specs", "games"), TABLES)
def test_same_games_as_the_engine(players, config, specs, games):
    game = mineedu.make("gold_mine", players, **config)
    assert assert_same_games(game, specs, range(games)) == games


@pytest.mark.parametrize("config", CONFIGS, ids=[str(c) for c in CONFIGS])
def test_same_games_in_other_configs(config):
    for players, shift in ((3, 0), (5, 11)):
        game = mineedu.make("gold_mine", players, **config)
        assert assert_same_games(game, mixed(players, shift + len(str(config))), range(100, 112)) == 12
    game = mineedu.make("gold_mine", 4, **config)
    assert assert_same_games(game, ["random", "greedy", "random", "burn:0.3"], range(200, 208)) == 8


def test_same_tournaments():
    lesson = SPEC.tournament
    assert_same_tournament(mineedu.make("gold_mine", lesson.players, **lesson.config), list(lesson.bots), 16, 5)
    players, settings, specs, games, seed = make.TOURNAMENTS["gold_mine"]
    assert_same_tournament(mineedu.make("gold_mine", players, **settings), specs, games, seed)


def test_numpy_calls_for_another_generator(monkeypatch):
    """Without the PCG64 draws (another bit generator, or numpy drawing otherwise): numpy's own calls, the same games."""
    game = mineedu.make("gold_mine", 4)
    run = game.hooks.fast_playout(game, ("random", "burn:0.2", "greedy", "threshold:0.15"))
    bots_ = [game.make_bot(s) for s in ("random", "burn:0.2", "greedy", "threshold:0.15")]
    for seed in range(6):
        ours, theirs = np.random.Generator(np.random.Philox(seed)), np.random.Generator(np.random.Philox(seed))
        assert run(ours) == playout(game.initial_state(), bots_, theirs)
        np.testing.assert_equal(ours.bit_generator.state, theirs.bit_generator.state)  # Philox's state holds arrays
    monkeypatch.setattr(draws, "_EXACT", [False])
    assert assert_same_games(game, ["random", "burn:0.2", "greedy", "cautious"], range(6)) == 6


def positions(config: dict, specs: list[str], seeds: range):
    """The turns of engine games where the player to move may explore or exit."""
    game = mineedu.make("gold_mine", len(specs), **config)
    table = [game.make_bot(s) for s in specs]
    for seed in seeds:
        for event in play(game.initial_state(), table, np.random.default_rng(seed)):
            s = event.before
            if event.player != CHANCE and s.phase == TURN and len(s.legal_actions()) == 2:
                yield s


def rules_burn_risk(s0) -> Fraction:
    """P(the miner to move is burned if they explore), summed over the rules' own outcomes: out of the mine
    after the draw, or (when the draw ended the round) banked nothing."""
    p, total = s0.turn, Fraction(0)
    for s, q in outcomes_after(s0, EXPLORE_ACTION, p):
        ended = s.phase == "over" or s.round != s0.round
        total += q if (s.results[-1].rungs[p] == 0 if ended else s.positions[p] == BURNED) else 0
    return total


@pytest.mark.parametrize("config", [{}, FACE_UP, {"deck_mode": "face_up", "exploration": (("nugget", 3), ("lantern", 3),
                                                                                   ("eyes", 3), ("dragon", 9))}])
def test_burn_risk_is_the_rules(config):
    """The closed form the burn bot decides by (:func:`kernel.burn_counts`, which :func:`odds.burn_risk` reduces)
    is the sum over the rules' own outcomes: on positions of engine games, with the miner to move on every card
    before Dragobert, on the last turn or not."""
    n = 0
    for k, s0 in enumerate(positions(config, ["greedy", "random", "cautious:1", "random"], range(2))):
        if k % 4:
            continue
        limit = s0.game.config.turn_limit
        for q in range(1, s0.dragon):
            for turns in (s0.turns, limit - 1):
                s = s0._evolve(positions=s0.positions[:s0.turn] + (q,) + s0.positions[s0.turn + 1:], turns=turns)
                num, den = kernel.burn_counts(kernel_of(s), s.turn)
                assert Fraction(num, den) == rules_burn_risk(s) == odds.burn_risk(s), s
                n += 1
    assert n > 80


def test_what_it_refuses(monkeypatch):
    game = mineedu.make("gold_mine", 4)
    hook = game.hooks.fast_playout
    assert hook(game, ("random",) * 4) is not None
    assert hook(game, ("random", None, "greedy", "burn")) is None  # no seat of the rules' own
    assert hook(game, ("random",) * 3) is None

    class Engine(mineedu.core.BaseBot):  # a bot written for the engine alone (no choose)
        def act(self, obs, legal, rng):
            return legal[0]

    monkeypatch.setattr(type(game), "bots", dict(bots.BOTS, engine=lambda arg: Engine()))
    assert hook(game, ("random", "engine", "greedy", "burn")) is None
    specs = ["engine", "greedy", "burn", "random"]  # the engine plays the seatings with it
    assert mineedu.core.tournament(game, specs, 6, 3) == mineedu.core.tournament(game, specs, 6, 3, fast=False)


def decisions(config: dict, specs: list[str], seeds: range):
    """Every decision of engine games (a turn, or an exit card's resolution): the state before it."""
    game = mineedu.make("gold_mine", len(specs), **config)
    table = [game.make_bot(s) for s in specs]
    for seed in seeds:
        for event in play(game.initial_state(), table, np.random.default_rng(seed)):
            if event.player != CHANCE:
                yield event.before


DECIDING = [  # (config, the kinds of decision (phase, legal actions) its games meet)
    ({}, [("turn", 2), ("option", 2)]),
    (FACE_UP, [("turn", 2), ("option", 3)]),
    ({"turn_limit": 5}, [("turn", 2)]),
    ({"exit_deck": (("GOLD3|SWAP", 4), ("L2", 1), ("SWAP|ALL1|L1", 2))}, [("turn", 2), ("option", 4)]),
    ({"exploration": (("nugget", 3), ("lantern", 0), ("eyes", 1), ("dragon", 1))}, [("turn", 1), ("turn", 2)]),  # run out
]


@pytest.mark.parametrize(("config", "met"), DECIDING, ids=[str(c) for c, _ in DECIDING])
def test_each_bot_decides_among_the_rules_legal_actions(config, met):
    """``decide`` names, without listing them, the move the rules' legal actions offer it: a forced move as it
    is, else its exit option (``pick_option``) or its turn (``explores``); the random bot the legal action
    its draw falls on."""
    game = mineedu.make("gold_mine", 4, **config)
    specs = [s for kind in SPECS.values() for s in kind]
    seen = set()
    for s in decisions(config, ["random", "greedy", "cautious:1", "random"], range(4)):
        legal = [game.codes[a] for a in s.legal_actions()]
        k, p = kernel_of(s), s.turn
        for spec in specs:
            bot = game.make_bot(spec)
            if spec == "random":
                for r in range(len(legal)):
                    asked = []
                    assert bot.decide(k, p, lambda n, r=r, asked=asked: asked.append(n) or r) == legal[r]
                    assert asked == [len(legal)]  # one draw over the legal actions
                continue
            if len(legal) == 1:
                want = legal[0]
            elif s.phase == "option":
                want = legal[bot.pick_option(k, p, legal)]
            else:
                want = legal[0 if bot.explores(k, p) else 1]
            assert bot.decide(k, p, lambda n: -1) == want, (spec, s)
        seen.add((s.phase, len(legal)))
    assert set(met) <= seen  # the kinds of decision the case is there for
