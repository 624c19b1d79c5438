"""``docs/architecture.md``'s "a sixth game writes": a game folder alone (``tests/core/sixth/pebbles``), put among the
game packages, is found by the registry, passes the core's conformance checks, is fuzzed (the protocol's checks),
and plays its tournaments on its kernel (``core.kernel.playout_hook``) to the engine's very results, with no edit
anywhere else."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import mineedu
import mineedu.games
from mineedu.core import registry, tournament
from tests import conformance as c
from tests.playout_check import assert_same_games

SIXTH = Path(__file__).resolve().parent / "sixth"


@pytest.fixture
def sixth(monkeypatch):
    """The folder as ``mineedu/games/pebbles/`` would be: the registry finds it, then forgets it again."""
    monkeypatch.setattr(mineedu.games, "__path__", [*mineedu.games.__path__, str(SIXTH)])
    registry._load_all.cache_clear()
    yield
    registry._GAMES.pop("pebbles", None)
    for name in [m for m in sys.modules if m.startswith("mineedu.games.pebbles")]:
        del sys.modules[name]
    registry._load_all.cache_clear()


def test_the_registry_finds_a_folder_alone(sixth):
    assert "pebbles" in mineedu.game_names()
    game = mineedu.make("pebbles", 2, pile=7)
    assert game.initial_state().pile == 7
    c.check_playouts_end(game, range(6))
    c.check_chance_and_actions(game, range(3))
    c.check_illegal_actions_raise(game, range(2))
    c.check_same_seed_same_game(game, 3)
    c.check_observations_and_picture(game, 2)
    c.check_bots_play_legally(game, range(3))


def test_the_fuzzer_plays_it(sixth):
    from tests.fuzz.runner import fuzz

    assert fuzz("pebbles", 1, 300).steps >= 300


def test_its_tournaments_play_on_its_kernel(sixth):
    game = mineedu.make("pebbles", 2)
    assert game.hooks.fast_playout is not None
    assert assert_same_games(game, ["greedy", "random"], range(20)) == 20
    assert tournament(game, ["greedy", "random"], 30, 4) == tournament(game, ["greedy", "random"], 30, 4, fast=False)


def test_the_command_gives_its_odds_at_the_rules_own_table(sixth, capsys):
    from mineedu.cli import main

    assert main(["odds", "pebbles"]) == 0
    out, err = capsys.readouterr()
    assert err == "mineedu: pebbles has no lesson: the rules' own table\n"
    assert out.strip() == str(mineedu.make("pebbles", 2).config.pile)
