"""The core on a toy game: protocol, errors, sampling, saved games, tournaments."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from mineedu.core import (
    CHANCE,
    SIMULTANEOUS,
    ConfigError,
    IllegalActionError,
    RandomBot,
    SavedGame,
    SavedGameError,
    bot_step,
    config_from_dict,
    mean_interval,
    sample_outcome,
    tournament,
    wilson_interval,
)
from mineedu.core.i18n import Texts

from .. import conformance as c
from .toy import ToyConfig, ToyGame


@pytest.mark.parametrize("n", [2, 3])
def test_toy_game_passes_the_conformance_suite(n):
    game = ToyGame(n)
    c.check_playouts_end(game, range(20))
    c.check_chance_and_actions(game, range(5))
    c.check_illegal_actions_raise(game, range(3))
    c.check_same_seed_same_game(game, 5)
    c.check_observations_and_picture(game, 3)
    c.check_bots_play_legally(game, range(3))


def test_illegal_action_names_action_and_rule():
    s = ToyGame(2).initial_state()
    with pytest.raises(IllegalActionError, match=r"illegal action 'fly': it is not among the legal actions"):
        s.apply("fly")
    with pytest.raises(IllegalActionError, match="not player 1's turn"):
        s.apply("draw", player=1)
    chance = s.apply("draw")
    assert chance.current_player() == CHANCE
    with pytest.raises(IllegalActionError, match="not a possible outcome"):
        chance.apply("green")
    with pytest.raises(IllegalActionError, match="not a player's move"):
        chance.apply("red", player=0)


def test_simultaneous_choices_are_hidden_until_all_commit():
    s = ToyGame(2, red=0, black=0).initial_state()
    s = s.apply("pass").apply("pass")
    assert s.current_player() == SIMULTANEOUS and s.players_to_move() == (0, 1)
    with pytest.raises(IllegalActionError, match="say which one"):
        s.apply("high")
    s1 = s.apply("high", player=0)
    assert s1.players_to_move() == (1,)
    assert s1.observation(1)["bids"] == ("?", None)
    assert s1.observation(0)["bids"] == ("high", None)
    with pytest.raises(IllegalActionError):
        s1.apply("low", player=0)  # already committed
    end = s1.apply("low", player=1)
    assert end.is_terminal() and end.scores() == (1.0, 0.0) and end.winners() == (0,)


def test_sample_outcome_is_exact_in_distribution():
    outs = ((0, Fraction(1, 6)), (1, Fraction(1, 3)), (2, Fraction(1, 2)))
    rng = np.random.default_rng(42)
    n = 60_000
    counts = Counter(sample_outcome(outs, rng) for _ in range(n))
    for o, p in outs:
        sd = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(counts[o] / n - float(p)) < 4 * sd  # 4 standard deviations, fixed seed


def test_config_from_dict_checks_names_and_types():
    assert config_from_dict(ToyConfig, {"red": 5}) == ToyConfig(5, 2)
    with pytest.raises(ConfigError, match="unknown ToyConfig setting"):
        config_from_dict(ToyConfig, {"blue": 1})
    with pytest.raises(ConfigError, match="must be a int"):
        config_from_dict(ToyConfig, {"red": "many"})
    with pytest.raises(ConfigError, match="played by 2 to 3 players"):
        ToyGame(7)


def test_saved_game_round_trip_and_corruption():
    game = ToyGame(3)
    moves: list = []
    from mineedu.core import playout

    final = playout(game.initial_state(), [RandomBot()] * 3, np.random.default_rng(3), record=moves)
    # the toy game is not registered; saving still works through the object
    text = SavedGame(game, 3, moves).dumps()
    data = json.loads(text)
    assert data["format"] == "mineedu-saved-game/1" and data["seed"] == 3
    assert SavedGame(game, 3, moves).replay() == final
    with pytest.raises(SavedGameError, match="not valid JSON"):
        SavedGame.loads("{oops")
    with pytest.raises(SavedGameError, match="not a mineedu saved game"):
        SavedGame.loads("[1, 2]")
    with pytest.raises(SavedGameError, match="no game named"):
        SavedGame.from_dict(dict(data, game="chess"))


def test_bot_step_stops_at_a_human():
    game = ToyGame(2)
    s, moves = bot_step(game.initial_state(), [None, RandomBot()], np.random.default_rng(0))
    assert s.current_player() == 0 and moves == []
    _, moves = bot_step(s.apply("pass"), [None, RandomBot()], np.random.default_rng(0))
    assert moves and all(p in (1, CHANCE) for p, _ in moves)


def test_tournament_is_reproducible_and_rotates_seats():
    game = ToyGame(2)
    a = tournament(game, ["random", "random"], 200, seed=9)
    b = tournament(game, ["random", "random"], 200, seed=9)
    assert a == b
    win = a["bots"][0]["win"]
    assert win["ci95"][0] <= win["mean"] <= win["ci95"][1]
    # two identical random bots rotating seats: the win shares add to 1 per game
    assert a["bots"][0]["win"]["mean"] + a["bots"][1]["win"]["mean"] == pytest.approx(1.0)
    with pytest.raises(ConfigError, match="one bot per player"):
        tournament(game, ["random"] * 3, 10, seed=1)


def test_intervals_match_textbook_values():
    # Wilson 95% interval for 8 successes in 10 (textbook: 0.4902 .. 0.9433)
    lo, hi = wilson_interval(8, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.4902, 0.9433)
    # no success: the interval starts at 0 exactly; every trial a success: it ends at 1 exactly
    # (floating point alone misses 1 for 10 of 10 trials: a page would say "100 % [72 % ; > 99 %]")
    assert all(wilson_interval(0, n)[0] == 0.0 and wilson_interval(n, n)[1] == 1.0 for n in range(1, 2000))
    assert wilson_interval(10, 10)[0] == pytest.approx(0.7225, abs=1e-4)
    m, lo, hi = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert m == 2.5 and hi - m == pytest.approx(1.959963984540054 * (1.6666666666666667 / 4) ** 0.5)


def test_texts_must_exist_in_both_languages():
    with pytest.raises(ValueError, match="lacks en"):
        Texts({"k": {"fr": "oui"}})
    T = Texts({"k": {"fr": "oui", "en": "yes"}})
    assert T("k", "en") == "yes" and T("k", "de") == "oui"


def test_tournament_keeps_bots_off_the_seats_the_rules_play():
    class SelfPlayingSeat(ToyGame):
        def auto_seats(self):
            return (2,)

    game = SelfPlayingSeat(3)
    with pytest.raises(ConfigError, match=r"one bot per player \(2\)"):
        tournament(game, ["random"] * 3, 5, seed=1)
    result = tournament(game, ["random", "random"], 30, seed=1)
    assert [row["bot"] for row in result["bots"]] == ["random", "random"]
    assert result["players"] == 3


def test_actions_must_match_in_type_not_only_in_value():
    # Python finds True == 1 == 1.0; a hostile client must not slip one in for another
    from dataclasses import dataclass

    from .toy import ToyState

    @dataclass(frozen=True)
    class Numbered(ToyState):
        def legal_actions(self, player=None):
            return (("take", 1), ("take", 2))

    s = Numbered(**ToyGame(2).initial_state().__dict__)
    for sly in [("take", True), ("take", 1.0), ("take", 2.0)]:
        with pytest.raises(IllegalActionError, match="not among the legal actions"):
            s.apply(sly)
    toy = ToyGame(2).initial_state().apply("draw")
    assert toy.apply("red") == toy.apply("red")
    from fractions import Fraction as F

    from mineedu.core.game import same_action

    assert not same_action(1, True) and not same_action(1, 1.0) and not same_action(F(1), 1)
    assert same_action(("a", (1, "b")), ("a", (1, "b")))


def test_replay_checks_who_made_each_move():
    game = ToyGame(2)
    with pytest.raises(SavedGameError, match=r"move 1 .*not player 1's turn"):
        SavedGame(game, 0, [(1, "pass")]).replay()
    with pytest.raises(SavedGameError, match=r"move 1 .*recorded as chance"):
        SavedGame(game, 0, [(CHANCE, "pass")]).replay()
    with pytest.raises(SavedGameError, match=r"move 2 .*not a player's move"):
        SavedGame(game, 0, [(0, "draw"), (0, "red")]).replay()
    assert SavedGame(game, 0, [(0, "draw"), (CHANCE, "red")]).replay().points == (1, 0)


def test_metrics_of_several_final_states_asked_in_turn():
    """``Game.metrics`` works a state's winners and scores out once for the state asked about last
    (``core.game.result``); asking about states in any order gives each its own figures."""
    from tests.core.toy import ToyGame

    game = ToyGame(2)
    a = game.initial_state().__class__(game, (0, 0), stopped=(True, True), points=(2, 1), done=True,
                                       bids=("low", "low"))
    b = game.initial_state().__class__(game, (0, 0), stopped=(True, True), points=(1, 1), done=True,
                                       bids=("low", "low"))
    assert a.winners() == (0,) and b.winners() == (0, 1)
    for state, seat, want in [(a, 0, (1.0, 2.0)), (b, 0, (0.5, 1.0)), (a, 1, (0.0, 1.0)), (b, 1, (0.5, 1.0)),
                              (a, 0, (1.0, 2.0))]:
        m = game.metrics(state, seat)
        assert (m["win"], m["score"]) == want
    c = a.__class__(game, (0, 0), stopped=(True, True), points=(2, 1), done=True, bids=("low", "low"))
    assert c == a and c is not a
    assert game.metrics(c, 0)["win"] == 1.0  # an equal state, another object: worked out again, the same
