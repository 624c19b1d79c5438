"""Bots (decisions, reasons, observation only), metrics, and the CLI."""

from __future__ import annotations

import json

import numpy as np
import pytest

import mineedu
from mineedu.cli import main
from mineedu.core import ConfigError, playout
from mineedu.core.i18n import NBSP
from mineedu.games.gold_mine import BURNED, LADDER, RoundResult
from mineedu.games.gold_mine.bots import CautiousBot, GreedyBot, RandomBot, ThresholdBot

from .helpers import at, new, play

RNG = np.random.default_rng(0)
EXPLORE, EXIT = ("explore",), ("exit",)


def decide(bot, s):
    p = s.current_player()
    return bot.act(s.observation(p), s.legal_actions(), RNG)


def test_threshold_bot_explores_while_p_dragon_is_below_its_threshold():
    s = new()  # 8/58 = 13.8 %
    assert decide(ThresholdBot(0.15), s) == EXPLORE
    assert decide(ThresholdBot(0.13), s) == EXIT
    s = at(s, explore=(5, 0, 0, 1))  # 1/6 = 16.7 %
    assert decide(ThresholdBot(0.15), s) == EXIT
    assert ThresholdBot(0.15).why(s.observation(0), EXIT, "en") == "P(dragon) = 1/6 ≈ 16.7% ≥ 15%: I take an exit card"
    assert ThresholdBot(0.15).why(s.observation(0), EXIT, "fr") == \
        "P(dragon) = 1/6 ≈ 16,7\u00a0% ≥ 15\u00a0%\u00a0: je prends une carte Sortie"


def test_cautious_bot_leaves_when_the_dragon_comes_close():
    s = new()
    assert decide(CautiousBot(3), s) == EXPLORE  # dragon 4 cards away
    near = at(s, dragon=6)
    assert decide(CautiousBot(3), near) == EXIT
    assert "2" in CautiousBot(3).why(near.observation(0), EXIT, "en")


def test_bots_pick_the_exit_option_closest_to_the_ladder_and_greedy_takes_the_gold():
    s = play(at(new(), positions=(6, 1, 5, 4)), EXIT, "L1|SWAP")
    assert decide(ThresholdBot(), s) == ("option", "SWAP", 1)
    assert ThresholdBot().why(s.observation(0), ("option", "SWAP", 1), "fr").endswith("j'échange ma place avec J2")
    s = play(new(), EXIT, "GOLD3|L1")
    assert decide(GreedyBot(), s) == ("option", "GOLD3")
    assert decide(CautiousBot(), s) == ("option", "L1")
    assert decide(GreedyBot(), new()) == EXPLORE


def test_when_the_exploration_deck_is_empty_the_bots_say_it_was_the_only_choice():
    s = at(new(), explore=(0, 0, 0, 0))
    for bot in (ThresholdBot(0.9), GreedyBot(), CautiousBot()):
        assert decide(bot, s) == EXIT
        assert bot.why(s.observation(0), EXIT, "en").startswith("the only choice")


def test_the_burn_bot_measures_the_risk_that_matters():
    from mineedu.games.gold_mine.bots import BurnBot

    far = at(new(), explore=(20, 14, 16, 8))
    near = at(new(), positions=(4, 4, 4, 4), dragon=5, explore=(20, 13, 16, 5))  # 21/54 next to Dragobert
    assert decide(ThresholdBot(0.15), near) == ("explore",)  # P(dragon next) = 5/54 < 15 %: explores, into a 38,9 % burn
    assert decide(BurnBot(0.2), near) == EXIT and decide(BurnBot(0.2), far) == ("explore",)
    fr = f"P(grillé) = 7/18 ≈ 38,9{NBSP}% ≥ 20{NBSP}%{NBSP}: je prends une carte Sortie"
    assert BurnBot(0.2).why(near.observation(0), EXIT, "fr") == fr
    assert BurnBot(0.2).why(near.observation(0), EXIT, "en") == "P(burned) = 7/18 ≈ 38.9% ≥ 20%: I take an exit card"


def test_a_risk_exactly_at_the_threshold_is_not_below_it():
    """``0.28 * 25`` is 7.000000000000001 and the float 0.2 is just above 1/5: the bots compare with the
    threshold as written, so 7/25 is not "< 28 %" and 1/5 not "< 20 %", and the reason says so."""
    from mineedu.games.gold_mine.bots import BurnBot

    s = at(new(), explore=(10, 5, 3, 7))  # P(dragon next) = 7/25 exactly
    assert decide(ThresholdBot(0.28), s) == EXIT and decide(ThresholdBot(0.29), s) == EXPLORE
    assert ThresholdBot(0.28).why(s.observation(0), EXIT, "en") == "P(dragon) = 7/25 ≈ 28.0% ≥ 28%: I take an exit card"
    near = at(new(), positions=(4, 4, 4, 4), dragon=5, explore=(10, 6, 2, 2))  # P(burned) = 4/20 = 1/5 exactly
    assert decide(BurnBot(0.2), near) == EXIT and decide(BurnBot(0.21), near) == EXPLORE
    assert BurnBot(0.2).why(near.observation(0), EXIT, "en") == "P(burned) = 1/5 ≈ 20.0% ≥ 20%: I take an exit card"


def test_every_bot_gives_a_reason_in_both_languages():
    game = mineedu.make("gold_mine", 4)
    rng = np.random.default_rng(3)
    for name in game.bots:
        bot = game.make_bot(name)
        s = game.initial_state()
        for _ in range(60):
            if s.is_terminal():
                break
            if s.is_chance():
                from mineedu.core import sample_outcome

                s = s.apply(sample_outcome(s.chance_outcomes(), rng))
                continue
            obs, legal = s.observation(s.turn), s.legal_actions()
            a = bot.act(obs, legal, rng)
            fr, en = bot.why(obs, a, "fr"), bot.why(obs, a, "en")
            assert fr and en and fr != en
            s = s.apply(a)


def test_bot_specs_are_checked():
    game = mineedu.make("gold_mine", 4)
    assert game.make_bot("threshold:0.2").threshold == 0.2
    assert game.make_bot("cautious:2").margin == 2
    with pytest.raises(ConfigError, match="bad bot spec"):
        game.make_bot("threshold:1.5")
    with pytest.raises(ConfigError, match="bad bot spec"):
        game.make_bot("threshold:often")
    with pytest.raises(ConfigError, match="no bot"):
        game.make_bot("reckless")


def test_metrics_escape_rate_and_mean_gold_per_round():
    game = mineedu.make("gold_mine", 3)
    s = at(game.initial_state(), phase="over", tokens=(3, 3, 0), pool=0, results=(
        RoundResult(1, (4, 0, 2), (1, 0, 2), (3, 0, 2), 0),
        RoundResult(2, (0, 5, 1), (0, 1, 2), (0, 3, 2), 1),
        RoundResult(3, (6, 0, 0), (1, 0, 0), (0, 0, 0), 0),
    ), positions=(LADDER, BURNED, BURNED), rungs=(1, 0, 0))
    m = game.metrics(s, 0)
    assert m["escaped"] == pytest.approx(2 / 3) and m["gold"] == pytest.approx(10 / 3)
    assert m["score"] == 9.0 and m["win"] == 1.0
    assert game.metrics(s, 2)["escaped"] == pytest.approx(2 / 3)


def test_greedy_is_burned_more_often_than_cautious():
    game = mineedu.make("gold_mine", 4)
    from mineedu.core import tournament

    r = tournament(game, ["greedy", "cautious", "random", "random"], 200, seed=11)
    greedy, cautious = r["bots"][0], r["bots"][1]
    assert greedy["escaped"]["ci95"][1] < cautious["escaped"]["ci95"][0]


def test_cli_odds_json_shows_8_over_58_from_the_start(capsys):
    assert main(["odds", "gold_mine", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["p_dragon_next"]["fraction"] == "8/58"
    assert report["dragons_in_next_k"]["10"]["0"]["float"] == pytest.approx(0.197, abs=1e-3)
    assert main(["odds", "gold_mine", "--lang", "fr"]) == 0
    assert "8/58" in capsys.readouterr().out


def test_cli_odds_from_a_saved_game(tmp_path, capsys):
    from mineedu.core import SavedGame

    game = mineedu.make("gold_mine", 4)
    moves = [(0, EXPLORE), (-1, "dragon")]
    path = tmp_path / "g.json"
    SavedGame(game, 1, moves).save(path)
    assert main(["odds", "gold_mine", "--state", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["p_dragon_next"]["fraction"] == "7/57"


def test_cli_simulate_is_byte_identical_for_the_same_seed(capsys):
    args = ["simulate", "gold_mine", "--players", "4", "--games", "200", "--seed", "1", "--json", "--no-progress"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0
    assert capsys.readouterr().out == first
    data = json.loads(first)
    assert data["games"] == 200 and {"win", "score", "escaped", "gold"} <= set(data["bots"][0])
    assert main(args[:-3] + ["2", "--json", "--no-progress"]) == 0
    assert capsys.readouterr().out != first


def test_playout_with_mixed_bots_ends_within_max_moves():
    game = mineedu.make("gold_mine", 6, deck_mode="face_up")
    bots = [game.make_bot(b) for b in ("random", "threshold:0.2", "cautious", "greedy", "cautious:1", "random")]
    final = playout(game.initial_state(), bots, np.random.default_rng(4))
    assert final.is_terminal() and final.winners()


def test_random_bot_is_uniform_over_legal_actions():
    rng = np.random.default_rng(1)
    legal = (("option", "L1"), ("option", "SWAP", 1), ("option", "SWAP", 2))
    counts = {a: 0 for a in legal}
    for _ in range(3000):
        counts[RandomBot().act({}, legal, rng)] += 1
    assert all(abs(c - 1000) < 4 * (3000 * 1 / 3 * 2 / 3) ** 0.5 for c in counts.values())
