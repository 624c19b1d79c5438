"""Every registered game, every number of players: the conformance suite."""

from __future__ import annotations

import pytest

import mineedu
from mineedu.core import game_class

from . import conformance as c

CASES = [
    (name, n)
    for name in mineedu.game_names()
    for n in range(game_class(name).min_players, game_class(name).max_players + 1)
]
IDS = [f"{name}-{n}p" for name, n in CASES]


@pytest.fixture(params=CASES, ids=IDS)
def game(request):
    name, n = request.param
    return mineedu.make(name, players=n)


def test_playouts_end(game):
    c.check_playouts_end(game, range(12))


def test_chance_sums_to_one_and_legal_actions_apply(game):
    c.check_chance_and_actions(game, range(3))


def test_illegal_actions_raise(game):
    c.check_illegal_actions_raise(game, range(2))


def test_save_load_round_trip(game):
    c.check_save_load(game, range(3))


def test_same_seed_same_game(game):
    c.check_same_seed_same_game(game, 1234)


def test_observations_and_picture(game):
    c.check_observations_and_picture(game, 7)


def test_every_bot_plays_legally(game):
    c.check_bots_play_legally(game, range(2))


def test_odds_report_is_json(game):
    c.check_odds_report(game)


def test_french_odds_text_has_decimal_commas(game):
    c.check_french_odds_text(game, 5)


@pytest.mark.parametrize("name", mineedu.game_names())
def test_metadata(name):
    cls = game_class(name)
    assert set(cls.title) == {"fr", "en"}
    assert 1 <= cls.min_players <= cls.max_players <= 6
    assert "random" in cls.bots


@pytest.mark.parametrize("name", mineedu.game_names())
def test_actions_have_words_in_both_languages(name):
    """Every player action met in playouts is worded in French and in English, not spelled raw."""
    from mineedu.core.game import spelled

    cls = game_class(name)
    for n in (cls.min_players, cls.max_players):
        game = mineedu.make(name, players=n)
        seen = 0
        for seed in range(3):
            for _state, p, a in c.walk(game, seed):
                if a is None:
                    break
                fr, en = game.action_label(a, "fr"), game.action_label(a, "en")
                assert isinstance(fr, str) and fr.strip() and isinstance(en, str) and en.strip()
                if p is not None and p >= 0:
                    raw = spelled(a)
                    assert fr != raw and en != raw, f"{name}: {a!r} has no words ({fr!r})"
                    seen += 1
        assert seen


@pytest.mark.parametrize("name", mineedu.game_names())
def test_cli_simulate_repeats_byte_for_byte(name, capsys):
    n = game_class(name).min_players
    args = ["simulate", name, "--players", str(n), "--games", "4", "--seed", "7", "--json"]
    result, _ = c.simulate_json_twice(capsys, args)
    assert result["games"] == 4 and len(result["bots"]) == n - len(mineedu.make(name, n).auto_seats())
    assert all({"win", "score"} <= set(row) for row in result["bots"])
