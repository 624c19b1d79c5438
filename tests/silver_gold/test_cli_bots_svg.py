"""The generic CLI through this game's hooks, the bots, and the picture."""

from __future__ import annotations

import json

import numpy as np

from mineedu.cli import main
from mineedu.core import tournament
from mineedu.games.silver_gold import CARDS, SilverGold
from mineedu.games.silver_gold.svg import render

from ..conformance import simulate_json_twice
from .helpers import find_cards, standard


def test_cli_odds(capsys):
    assert main(["odds", "silver_gold", "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert "7/8" in out and "L-tetromino" in out
    assert main(["odds", "silver_gold", "--lang", "fr"]) == 0
    assert "tétromino en L" in capsys.readouterr().out
    assert main(["odds", "silver_gold", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["shapes"]["L4"]["orientations"] == 8
    assert report["p_shape_in_a_round"]["T4"]["p"] == "7/8"
    assert main(["odds", "silver_gold", "--players", "2", "--player", "5"]) == 2
    assert "player must be 0..1" in capsys.readouterr().err


def test_cli_simulate_same_seed_same_output(capsys):
    args = ["simulate", "silver_gold", "--players", "3", "--bots", "random,greedy,open", "--games", "6", "--seed", "9", "--json"]
    result, _ = simulate_json_twice(capsys, args)
    assert [row["bot"] for row in result["bots"]] == ["random", "greedy", "open"]
    assert {"win", "score", "coins", "cups", "palms", "cards", "seals", "completed"} <= set(result["bots"][0])


def test_smart_bots_beat_random():
    result = tournament(SilverGold(2), ["random", "greedy"], 10, seed=1)
    assert result["bots"][1]["score"]["mean"] > result["bots"][0]["score"]["mean"] + 10
    result = tournament(SilverGold(2), ["greedy", "open"], 10, seed=1)
    assert result["bots"][1]["score"]["mean"] > result["bots"][0]["score"]["mean"]


def test_open_bot_keeps_most_placements_open():
    s = standard(cards=[find_cards(lambda c: c.colour == "purple" and not c.crosses, 2), find_cards(lambda c: c.colour == "orange", 2)])
    s = s.apply("I2")
    game = s.game
    bot = game.make_bot("open")
    from mineedu.games.silver_gold.bots import open_placements

    obs = s.observation(0)
    legal = s.legal_actions(0)
    choice = bot.act(obs, legal, np.random.default_rng(0))
    assert choice[0] == "place"
    best = max(open_placements(obs, a) for a in legal if a[0] == "place")
    assert open_placements(obs, choice) == best


def test_picture_shows_both_languages_and_hides_hands():
    g = SilverGold(2)
    s = g.initial_state()
    while s.phase != "keep":
        s = s.apply(s.chance_outcomes()[0][0])
    fr = render(s, lang="fr")
    en = render(s, player=0, lang="en")
    assert "Distribution" in fr and "cartes cachées" in fr
    assert "Dealing" in en and "1 hidden" not in en and "4 hidden cards" in en  # only player 1's hand is hidden
    assert "cachées" not in render(s, show_all=True)


def test_picture_lists_the_shapes_out_and_reads_well_in_french():
    from .helpers import everyone

    s = standard(cards=[find_cards(lambda c: c.crosses and c.colour == "purple", 2), find_cards(lambda c: c.colour == "orange", 2)])
    s = s.apply("I2")
    cross = next((r, c) for r in range(4) for c in range(4) if CARDS[s.boards[0].cards[0]].symbol(r, c) == "cross")
    other = next((r, c) for r in range(4) for c in range(4) if CARDS[s.boards[1].cards[0]].is_box(r, c))
    s = everyone(s, [("cross", 0, *cross), ("cross", 0, *other)])
    assert s.phase == "chain"
    fr, en = render(s, lang="fr"), render(s, lang="en")
    assert "Déjà sorties cette manche : domino" in fr and "Already out this round: domino" in en
    assert "· ·" not in fr and "Joueur 1 ▶ · croix rouge : encore 1 case(s)" in fr
    assert "complétées : 0" in fr and "completed: 0" in en
