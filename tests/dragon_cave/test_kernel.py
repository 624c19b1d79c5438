"""The cave's tournaments on the kernel play the engine's very games, and the odds bot's memos change no choice.

Each case plays seeded games both ways with :func:`tests.playout_check.assert_same_games` (whole games
on one kernel with each bot's ``choose``, against :func:`mineedu.core.playout` with its ``act``: the
same final state, every field, and the same draws): every bot of ``BOTS`` with a few arguments,
every player count, each variant and other numbers of the config, mixed seatings. The odds bot
remembers its choices by what they read: the same games without any memo say the key misses nothing.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import mineedu
from mineedu.core import BaseBot, playout, tournament
from mineedu.games.dragon_cave import BOTS, VARIANTS, Config, DragonCave, bots
from mineedu.games.dragon_cave.lesson import SPEC
from tests.known_answers import make
from tests.playout_check import Recorder, assert_same_games, assert_same_tournament

SHORT = ((1, 2, 3), (5, 6), (9,))
MIXED = ["odds:0.5", "turnback:2", "greedy", "random"]

# (players, config settings, one bot spec per seat, games)
CASES: list[tuple[int, dict[str, Any], list[str], int]] = [
    # random (the default of `mineedu simulate`) at every player count
    (2, {}, ["random"] * 2, 60),
    (3, {}, ["random"] * 3, 40),
    (4, {}, ["random"] * 4, 40),
    (5, {}, ["random"] * 5, 30),
    (6, {}, ["random"] * 6, 30),
    # each bot with a few arguments
    (4, {}, ["turnback:1", "turnback:2", "turnback:3", "turnback"], 12),
    (3, {}, ["greedy", "greedy:5", "greedy:12"], 12),
    (4, {}, ["greedy:0", "greedy:-1", "turnback:4", "greedy:30"], 10),
    (2, {}, ["odds", "odds:0.8"], 12),
    (3, {}, ["odds:0.3", "odds:1", "odds:0"], 10),
    # the brief's measure: the lesson's bots on the game's own numbers
    (4, {}, ["odds:0.5", "turnback:1", "turnback:2", "turnback:3"], 12),
    # each variant, alone and together
    (4, {"blind": True}, MIXED, 30),
    (4, {"dice_movement": True}, MIXED, 30),
    (4, {"dice_dragon": True}, MIXED, 30),
    (3, {"blind": True, "dice_movement": True}, ["random", "odds:0.6", "greedy:8"], 7),
    (5, {"blind": True, "dice_movement": True, "dice_dragon": True},
     ["odds:0.5", "random", "turnback:2", "greedy", "odds:0.7"], 6),
    (6, {"dice_dragon": True}, ["random", "odds:0.4", "turnback:1", "greedy:6", "odds", "turnback:3"], 5),
    # other numbers: a d12, a one-sided die (no draw), short families, a single value, less movement
    (4, {"dice_movement": True, "dice_dragon": True, "die_sides": 12}, MIXED, 5),
    (3, {"dice_movement": True, "dice_dragon": True, "die_sides": 1}, ["random", "odds:0.5", "turnback:1"], 7),
    (3, {"families": SHORT, "movement": 3, "max_carry": 2}, ["odds:0.5", "random", "turnback:1"], 15),
    (2, {"families": ((5,), (1, 1, 1), (4, 4, 8)), "blind": True}, ["odds:0.5", "random"], 15),
    (6, {"families": SHORT, "dice_movement": True, "max_carry": 1}, ["random", "odds", "greedy"] * 2, 20),
    # the turn limit: the dragon charges, and the odds bot weighs the last turn with it
    (4, {"max_turns": 9}, ["odds:0.25", "turnback:1", "odds:1", "random"], 15),
    (6, {"max_turns": 11, "families": ((1, 1, 2), (4, 4, 4, 7), (10, 20), (30,), (0, 0, 50), (99,))},
     ["turnback:1", "odds:1", "turnback:2", "turnback:4", "odds:0.25", "turnback:1"], 10),
]


def _id(case: tuple[int, dict[str, Any], list[str], int]) -> str:
    players, settings, specs, _ = case
    return f"{players}p-{'+'.join(f'{k}={v}' for k, v in settings.items()) or 'default'}-{','.join(specs)}"


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_the_same_games_as_the_engine(case: tuple[int, dict[str, Any], list[str], int]) -> None:
    players, settings, specs, games = case
    game = mineedu.make("dragon_cave", players, **settings)
    assert assert_same_games(game, specs, range(games)) == games


@pytest.mark.parametrize("players, settings, specs", [
    (3, {}, ["random", "odds:0.5", "turnback:2"]),
    (4, {"blind": True, "dice_movement": True, "dice_dragon": True}, ["random", "odds:0.5", "greedy", "turnback:1"]),
    (2, {"families": ((1, 1, 2, 2, 2, 2), (3, 3, 6, 6, 6)), "dice_dragon": True, "die_sides": 4}, ["random", "odds"]),
    # a one-point die: a random miner heading home empty-handed has a single move, and still draws
    (3, {"dice_movement": True, "die_sides": 1, "max_carry": 1}, ["random", "random", "odds:0.5"]),
])
def test_the_same_draws_with_the_same_arguments(players: int, settings: dict[str, Any], specs: list[str]) -> None:
    """Not only the same generator state at the end: the same calls, one by one. The state alone
    hardly sees some mistakes: ``integers(6)`` halved is nearly always what ``integers(3)`` gives
    (unreduced weights), and ``integers(1)`` draws nothing (the random bot's single move)."""
    game = mineedu.make("dragon_cave", players, **settings)
    run = game.hooks.fast_playout(game, tuple(specs))
    assert run is not None
    bots = [game.make_bot(s) for s in specs]
    calls = []
    for seed in range(10):
        engine, mine = Recorder(seed), Recorder(seed)
        want = playout(game.initial_state(), bots, engine)  # type: ignore[arg-type]
        assert run(mine) == want  # type: ignore[arg-type]
        assert mine.calls == engine.calls, f"seed {seed}"
        calls += engine.calls
    assert len(calls) > 50
    if settings.get("die_sides") == 1:
        assert ("integers", (1,), {}) in calls  # the single moves happened


def test_the_cases_cover_every_bot_player_count_and_variant() -> None:
    kinds = {spec.partition(":")[0] for _, _, specs, _ in CASES for spec in specs}
    assert kinds == set(BOTS)
    assert {players for players, _, _, _ in CASES} == set(range(DragonCave.min_players, DragonCave.max_players + 1))
    for variant in VARIANTS:
        assert any(settings.get(variant.setting) is True for _, settings, _, _ in CASES), variant.setting


def test_the_turn_limit_cases_reach_it() -> None:
    """The turn-limit cases end some games by the dragon's charge (else they would test nothing more)."""
    for players, settings, specs, games in CASES:
        if "max_turns" in settings:
            game = mineedu.make("dragon_cave", players, **settings)
            run = game.hooks.fast_playout(game, tuple(specs))
            assert run is not None
            ends = [run(np.random.default_rng(seed)) for seed in range(games)]
            assert any(s.turns == settings["max_turns"] and s.dragon == 0 for s in ends), settings


@pytest.mark.parametrize("players, settings, specs", [
    (4, {}, ["odds:0.5", "turnback:1", "odds:0.8", "random"]),
    (4, {"blind": True, "dice_movement": True, "dice_dragon": True}, ["odds:0.5", "odds:0.7", "random", "turnback:2"]),
    (3, {"max_turns": 9, "dice_dragon": True}, ["odds:0.25", "odds:1", "random"]),
    (3, {"families": SHORT, "movement": 3, "max_carry": 2}, ["odds:0.5", "random", "odds"]),
])
def test_the_odds_bots_memo_changes_no_choice(monkeypatch: pytest.MonkeyPatch, players, settings, specs) -> None:
    """Games with the memos and games that work every choice out afresh (a new memo at every look-up)."""
    game = mineedu.make("dragon_cave", players, **settings)
    run = game.hooks.fast_playout(game, tuple(specs))
    remembered = [run(np.random.default_rng(seed)) for seed in range(12)]
    monkeypatch.setattr(bots, "_memo", lambda t: bots._Memo())
    assert [run(np.random.default_rng(seed)) for seed in range(12)] == remembered


def test_small_memos_give_the_same_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Full memos are emptied and filled again (here after a few entries) without changing a game."""
    game = mineedu.make("dragon_cave", 4, blind=True, dice_movement=True)
    specs = ["odds:0.5", "odds:0.7", "random", "turnback:2"]
    want = [game.hooks.fast_playout(game, tuple(specs))(np.random.default_rng(seed)) for seed in range(15)]
    monkeypatch.setattr(bots, "MEMO_SIZE", 5)
    monkeypatch.setattr(bots, "_MEMOS", {})
    assert [game.hooks.fast_playout(game, tuple(specs))(np.random.default_rng(seed)) for seed in range(15)] == want


def test_a_config_with_lists() -> None:
    """A config built in Python may hold its families as lists (the rules accept them)."""
    game = DragonCave(3, config=Config(families=[[1, 2, 2], [5, 6], [9]]))  # type: ignore[arg-type]
    assert assert_same_games(game, ["odds:0.5", "random", "greedy"], range(15)) == 15


def test_the_lesson_tournament_is_the_same() -> None:
    spec = SPEC.tournament
    assert spec is not None
    game = mineedu.make("dragon_cave", spec.players, **spec.config)
    assert_same_tournament(game, list(spec.bots), spec.games[2], 3)  # the page's default number of games


def test_the_known_answer_tournament_is_the_same() -> None:
    players, settings, specs, games, seed = make.TOURNAMENTS["dragon_cave"]
    assert_same_tournament(mineedu.make("dragon_cave", players, **settings), specs, games, seed)


def test_what_it_refuses_the_engine_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    game = mineedu.make("dragon_cave", 3)
    hook = game.hooks.fast_playout
    assert hook(game, ("random", "odds", "greedy")) is not None
    assert hook(game, ("random", None, "greedy")) is None  # a seat without a bot
    assert hook(game, ("random", "nobody", "greedy")) is None  # not a bot of the game
    assert hook(game, ("random", "greedy")) is None  # a seat short

    class Other(BaseBot):  # a bot written for the engine alone (no choose)
        name = "other"

        def act(self, obs, legal, rng):
            return legal[-1]

    monkeypatch.setitem(BOTS, "other", lambda arg: Other())
    assert hook(game, ("other", "odds", "greedy")) is None
    specs = ["other", "odds", "turnback:2"]
    assert tournament(game, specs, 6, 2) == tournament(game, specs, 6, 2, fast=False)
