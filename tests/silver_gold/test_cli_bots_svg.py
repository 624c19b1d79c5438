"""The generic CLI through this game's hooks, the bots, and the picture."""

from __future__ import annotations

import json

import numpy as np
import pytest

from mineedu.cli import main
from mineedu.core import SEE_ALL, tournament
from mineedu.games.silver_gold import CARDS, SilverGold
from mineedu.games.silver_gold.svg import render

from ..conformance import simulate_json_twice
from .helpers import find_cards, standard


def test_cli_odds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "silver_gold", "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert "7/8" in out and "L-tetromino" in out
    assert main(["odds", "silver_gold", "--lang", "fr"]) == 0
    assert "tétromino en L" in capsys.readouterr().out
    assert main(["odds", "silver_gold", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["shapes"]["L4"]["orientations"] == 8
    assert report["p_shape_in_a_round"]["T4"] == {"fraction": "7/8", "reduced": "7/8", "float": 0.875}
    assert main(["odds", "silver_gold", "--players", "2", "--player", "5"]) == 2
    assert "player must be 0..1" in capsys.readouterr().err


def test_cli_simulate_same_seed_same_output(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "silver_gold", "--players", "3", "--bots", "random,greedy,open", "--games", "6", "--seed", "9", "--json"]
    result, _ = simulate_json_twice(capsys, args)
    assert [row["bot"] for row in result["bots"]] == ["random", "greedy", "open"]
    assert {"win", "score", "coins", "cups", "palms", "cards", "seals", "completed"} <= set(result["bots"][0])


def test_smart_bots_beat_random() -> None:
    result = tournament(SilverGold(2), ["random", "greedy"], 10, seed=1)
    assert result["bots"][1]["score"]["mean"] > result["bots"][0]["score"]["mean"] + 10
    result = tournament(SilverGold(2), ["greedy", "open"], 10, seed=1)
    assert result["bots"][1]["score"]["mean"] > result["bots"][0]["score"]["mean"]


def test_open_bot_keeps_most_placements_open() -> None:
    s = standard(cards=[find_cards(lambda c: c.colour == "purple" and not c.crosses, 2),
                        find_cards(lambda c: c.colour == "orange", 2)])
    s = s.apply("I2")
    game = s.game
    bot = game.make_bot("open")
    from .helpers import open_placements

    obs = s.observation(0)
    legal = s.legal_actions(0)
    choice = bot.act(obs, legal, np.random.default_rng(0))
    assert choice[0] == "place"
    best = max(open_placements(obs, a) for a in legal if a[0] == "place")
    assert open_placements(obs, choice) == best


def test_picture_shows_both_languages_and_hides_hands() -> None:
    g = SilverGold(2)
    s = g.initial_state()
    while s.phase != "keep":
        s = s.apply(s.chance_outcomes()[0][0])
    fr = render(s.observation(None), "fr")
    en = render(s.observation(0), "en")
    assert "Distribution" in fr and fr.count(">cachée<") == 8  # a spectator sees no dealt card
    assert "Dealing" in en and en.count(">hidden<") == 4  # player 1 sees their own 4 cards, not player 2's
    assert "cachée" not in render(s.observation(SEE_ALL), "fr")
    # each dealt card is a region the keep is clicked on, hidden or not (the geometry is the same for all)
    for p in range(2):
        assert all(f'data-region="hand:{p}:{i}"' in fr for i in range(4))


def test_picture_shows_the_round_and_reads_well_in_french() -> None:
    from .helpers import everyone

    s = standard(cards=[find_cards(lambda c: c.crosses and c.colour == "purple", 2),
                        find_cards(lambda c: c.colour == "orange", 2)])
    s = s.apply("I2")
    cross = next((r, c) for r in range(4) for c in range(4) if CARDS[s.boards[0].cards[0]].symbol(r, c) == "cross")
    other = next((r, c) for r in range(4) for c in range(4) if CARDS[s.boards[1].cards[0]].is_box(r, c))
    s = everyone(s, [("cross", 0, *cross), ("cross", 0, *other)])
    assert s.phase == "chain"
    fr, en = render(s.observation(0), "fr"), render(s.observation(0), "en")
    assert "<title>domino\xa0: en jeu</title>" in fr and "<title>domino: being played</title>" in en
    assert "<title>triomino droit\xa0: encore possible</title>" in fr
    assert "Coupes libres\xa0: 6 5 4 3 2 1" in fr and "Cups left: 6 5 4 3 2 1" in en
    assert "J1 ▶ · croix rouge\xa0: +1" in fr and "P1 ▶ · red cross: +1" in en
    assert "domino\xa0: 2 orientations" in fr
    assert fr.count('data-region="turn:') == 2  # the domino lies or stands
    # the other player's crossed box shows; a box already crossed is no longer a region
    r, c = other
    assert f'data-region="box:1:0:{r}:{c}"' not in fr and 'data-region="box:1:0:' in fr


def test_picture_text_is_never_smaller_than_17_units() -> None:
    import re

    from mineedu.core import RandomBot, sample_outcome
    from mineedu.games.silver_gold.svg import render_narrow

    g = SilverGold(4)
    s, rng, sizes = g.initial_state(), np.random.default_rng(5), set()
    while not s.is_terminal():
        for v in (None, 0, SEE_ALL):
            for draw in (render, render_narrow):
                sizes |= {float(x) for x in re.findall(r'<text [^>]*font-size="([0-9.]+)"', draw(s.observation(v), "fr"))}
        if s.is_chance():
            s = s.apply(sample_outcome(s.chance_outcomes(), rng))
        else:
            p = s.players_to_move()[0]
            s = s.apply(RandomBot().act(None, s.legal_actions(p), rng), player=p)
        for _ in range(30):  # a picture every few moves is enough
            if s.is_terminal() or not s.is_chance():
                break
            s = s.apply(sample_outcome(s.chance_outcomes(), rng))
    # 12 px or more where each is shown: 480 units in a 354 px phone column, 850 units in 600 px or more
    assert sizes and min(sizes) >= 17
