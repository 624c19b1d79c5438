"""The board layer's conformance, for every registered game (see ``tests/board_conformance.py``)."""

from __future__ import annotations

import pytest

import mineedu
from mineedu.core import game_class
from mineedu.ui import Board

from . import board_conformance as bc

GAMES = mineedu.game_names()


def sizes(name):
    cls = game_class(name)
    return sorted({cls.min_players, min(cls.max_players, 3), cls.max_players})


@pytest.mark.parametrize("name", GAMES)
def test_every_game_opens_at_a_board(name):
    board = Board(mineedu.make(name, game_class(name).min_players), bot_pause_ms=0)
    assert board.canvas.svg.startswith("<svg")
    assert board.canvas.options or board.canvas.cover or board.session.state.is_terminal()


@pytest.mark.parametrize("name", GAMES)
def test_choice_paths_reach_exactly_the_legal_actions(name):
    for n in sizes(name):
        assert bc.check_paths(mineedu.make(name, n), range(3), every=3) > 10


@pytest.mark.parametrize("name", GAMES)
def test_the_board_plays_every_action_it_offers(name):
    game = mineedu.make(name, game_class(name).min_players)
    assert bc.check_board_plays_every_action(game, range(3)) > 10


@pytest.mark.parametrize("name", GAMES)
def test_a_spectator_is_never_told_you(name):
    assert bc.check_spectator_words(mineedu.make(name, min(3, game_class(name).max_players)), range(3)) > 30


@pytest.mark.parametrize("name", GAMES)
def test_no_leak_of_what_the_viewer_may_not_see(name):
    game = mineedu.make(name, min(3, game_class(name).max_players))
    twin = bc.twin_function(game)
    if twin is None:
        assert not game.hidden_information and bc.same_for_every_viewer(game, range(3)), (
            f"{name} hides information: tests/{name}/twins.py must say how to change it")
        return
    assert bc.check_no_leak(game, twin, range(3)) >= 3


@pytest.mark.parametrize("name", [n for n in GAMES if bc.twin_function(mineedu.make(n, game_class(n).min_players))])
def test_no_leak_at_a_shared_table(name, tmp_path):
    """Two seats' pages on one SQLite class store: the other seat's secrets never reach a page."""
    from mineedu.store import open_store

    game = mineedu.make(name, min(3, game_class(name).max_players))
    twin = bc.twin_function(game)
    assert twin is not None
    store = open_store(f"sqlite:///{tmp_path / 'class.db'}")
    assert bc.check_table_no_leak(game, twin, range(1), store, cuts=2) >= 3
