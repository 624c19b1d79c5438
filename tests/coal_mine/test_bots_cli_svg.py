"""Bots, the generic CLI through our hooks, and the picture."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest

from mineedu.cli import main
from mineedu.core import SEE_ALL, tournament
from mineedu.games.coal_mine import CoalMineGame
from mineedu.games.coal_mine.odds import raid_mix

from ..conformance import simulate_json_twice
from .helpers import hand_of, picture, resolve


def test_steady_miner_beats_random_players() -> None:
    result = tournament(CoalMineGame(2), ["steady", "random"], 60, seed=11)
    steady, rand = result["bots"]
    assert steady["win"]["ci95"][0] > 0.5
    assert steady["score"]["mean"] > rand["score"]["mean"]


def test_raider_raids_the_richest_rival() -> None:
    g = CoalMineGame(3)
    s = replace(g.initial_state(), coal=(2, 1, 4), hands=(hand_of(g, miner=2, chief=1),) * 3)
    bot = g.make_bot("raider")
    a = bot.act(s.observation(0), s.legal_actions(0), np.random.default_rng(0))
    assert a == ("raid", "chief", 2)


def test_mix_bot_attacks_with_the_equilibrium_probability() -> None:
    # its strongest card is a chief (3 helmets), the richest rival holds 2 coal:
    # the raid game is [[0, 3], [1, 0]] (by hand), so P(attack) = 3/4
    assert raid_mix(3, 3, 2)[0] == Fraction(3, 4)
    g = CoalMineGame(2)
    s = replace(g.initial_state(), coal=(2, 2), hands=(hand_of(g, miner=3, chief=1),) * 2)
    bot = g.make_bot("mix")
    rng = np.random.default_rng(7)
    n = 3000
    attacks = sum(bot.act(s.observation(0), s.legal_actions(0), rng)[0] == "raid" for _ in range(n))
    se = math.sqrt(0.75 * 0.25 / n)
    assert abs(attacks / n - 0.75) < 4 * se


def test_bots_discard_over_the_hand_limit_legally() -> None:
    g = CoalMineGame(2)
    s = resolve(g, [[("recruit", "chief", -1)], []])
    while s.phase == "draw":
        s = s.apply(("draw", "grisou") if s.deck[g.index["grisou"]] else ("draw", "miner"))
    assert s.phase == "discard"
    for name in ("steady", "raider", "mix"):
        a = g.make_bot(name).act(s.observation(0), s.legal_actions(0), np.random.default_rng(0))
        assert a == ("discard", "grisou")  # an event it never plays goes first


def test_cli_odds_and_simulate_same_seed_same_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "coal_mine"]) == 0
    text = capsys.readouterr().out
    assert "Recruitment" in text and "P(attack)" in text
    assert main(["odds", "coal_mine", "--lang", "fr"]) == 0
    assert "Recrutement" in capsys.readouterr().out
    assert main(["odds", "coal_mine", "--json", "--players", "3"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["raid_game"]["2v2"]["p_attack"]["fraction"] == "1/2"
    args = ["simulate", "coal_mine", "--players", "3", "--bots", "steady,raider,mix", "--games", "20", "--seed", "5", "--json"]
    result, first = simulate_json_twice(capsys, args)
    assert [r["bot"] for r in result["bots"]] == ["steady", "raider", "mix"]
    assert {"win", "score", "mined", "stolen", "lost_to_raids"} <= set(result["bots"][0])
    assert main(args[:-1] + ["--seed", "6"]) == 0
    assert capsys.readouterr().out != first


def test_picture_hides_face_down_cards_and_speaks_both_languages() -> None:
    g = CoalMineGame(2)
    s = g.initial_state().apply(("place", "tower", "pipe"))
    other = g.initial_state().apply(("place", "mine", "miner"))
    mine = picture(s, 0, "en")
    theirs = picture(s, 1, "en")
    # the owner sees the card on their Watchtower; the other sees one card back there, whatever it is
    assert '<g data-region="space:tower">' in mine and ">Pipe-miner<" in mine.split('data-region="space:tower"')[1]
    assert "Watchtower" in theirs and "Gear track" in theirs and 'fill="#4a4a4a"' in theirs
    assert picture(replace(s, boards=((("tower", "chief", -1),), ())), 1, "en") == theirs
    assert picture(other, 1, "en") != theirs  # a card on another space: the count per space is public
    assert "Tour de guet" in picture(s, 1, "fr") and "Engrenage" in picture(s, None, "fr")
    assert ">Pipe-miner<" in picture(s, SEE_ALL, "en").split('data-region="target:0"')[1]
    revealed = resolve(g, [[("tower", "pipe", -1)], [("recruit", "miner", -1)]])
    assert ">Pipe-miner<" in picture(revealed, 1, "en")
    assert s._repr_svg_().startswith("<svg")
    assert "J3 (fictif)" in picture(CoalMineGame(3, dummy=True).initial_state())


def test_simulate_with_the_dummy_rotates_bots_over_the_real_seats_only() -> None:
    import mineedu
    from mineedu.core import tournament

    game = mineedu.make("coal_mine", players=3, dummy=True)
    assert game.auto_seats() == (2,)
    result = tournament(game, ["raider", "steady"], 40, seed=3)
    assert [row["bot"] for row in result["bots"]] == ["raider", "steady"]
    # the dummy may win games, so the two bots' win shares add to at most 1
    assert result["bots"][0]["win"]["mean"] + result["bots"][1]["win"]["mean"] <= 1.0 + 1e-9
