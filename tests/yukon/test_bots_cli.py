"""Bots (their moves and their reasons) and the command line: `mineedu odds yukon`, `mineedu simulate yukon`."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import numpy as np
import pytest

from mineedu.cli import main
from mineedu.core import ConfigError, from_json, play, tournament
from mineedu.core.i18n import NBSP
from mineedu.games.yukon import GreedyBot, YukonGame
from mineedu.games.yukon.board import CENTRE, NEIGHBOURS, RINGS

from .util import position


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    assert main(argv) == 0
    return capsys.readouterr().out


def test_odds_command_shows_the_die_mean_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    en = run(capsys, ["odds", "yukon"])
    fr = run(capsys, ["odds", "yukon", "--lang", "fr"])
    assert "21/5" in en and "Mean" in en and "Moyenne" in fr and "relancer" in fr
    assert "Points du dé en un tour" in fr and "pips" not in fr.lower(), "French says points du dé, as the text"
    data = json.loads(run(capsys, ["odds", "yukon", "--json"]))
    assert from_json(data["die"]["mean"]) == Fraction(21, 5) and data["ring"] is None
    # the table and its tail are exact: they sum to exactly 1
    assert sum(from_json(r["p"]) for r in data["die"]["pips"]) + from_json(data["die"]["beyond"]["p"]) == 1


def test_simulate_command_same_seed_same_output(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "yukon", "--players", "3", "--bots", "nearest-claim,value-per-distance,random",
            "--games", "6", "--seed", "4", "--json", "--no-progress"]
    first = run(capsys, argv)
    assert run(capsys, argv) == first
    data = json.loads(first)
    assert [b["bot"] for b in data["bots"]] == ["nearest-claim", "value-per-distance", "random"]
    assert {"win", "score", "claims", "centre", "rounds"} <= set(data["bots"][0])
    text = run(capsys, argv[:-2] + ["--no-progress"])
    assert "nearest-claim" in text


def test_greedy_bots_gather_more_gold_than_random() -> None:
    result = tournament(YukonGame(3, max_rounds=40), ["nearest-claim", "value-per-distance", "random"], 12, seed=8)
    score = {b["bot"]: b["score"]["mean"] for b in result["bots"]}
    assert score["nearest-claim"] > score["random"] and score["value-per-distance"] > score["random"]


def test_odds_report_measures_the_way_to_a_ring() -> None:
    g = YukonGame(3)
    ring = RINGS[0]
    out = next(t for t in NEIGHBOURS[ring[0]] if t not in ring)
    s = position(g, [(out,) + ring[:11], (102,), (211,)], pips=0, rolling=True)
    rep = g.odds_report(s, 0)
    assert rep["ring"]["steps"] == 1 and rep["ring"]["claims"] == [{"claim": 0, "value": g.config.values[0]}]
    # 1 step + 1 pip to claim: any turn gives >= 2 pips, so one turn always does it
    assert rep["ring"]["turns"][0]["turns"] == 1 and from_json(rep["ring"]["turns"][0]["p"]) == 1
    assert "Player 1: 1 step to" in g.format_odds(rep, "en") and f"Joueur 1{NBSP}: 1 pas" in g.format_odds(rep, "fr")
    assert sum(from_json(r["p"]) for r in rep["setup"]["turns"]) + from_json(rep["setup"]["beyond"]["p"]) == 1


def test_value_per_distance_leaves_the_centre_alone_while_its_team_is_big() -> None:
    g = YukonGame(3)
    s = position(g, [RINGS[CENTRE], (102,), (211,)], pips=3)
    obs = s.observation(0)
    rng = np.random.default_rng(0)
    assert ("claim", CENTRE, RINGS[CENTRE][0]) in s.legal_actions()
    assert g.make_bot("nearest-claim").act(obs, s.legal_actions(), rng)[:2] == ("claim", CENTRE)
    vpd = g.make_bot("value-per-distance")
    move = vpd.act(obs, s.legal_actions(), rng)
    assert move[0] == "step"
    assert "il laisse le 6 tant que son équipe a plus de 2 pions" in str(vpd.why(obs, move, "fr"))
    assert g.make_bot("value-per-distance:12").act(obs, s.legal_actions(), rng)[:2] == ("claim", CENTRE)
    with pytest.raises(ConfigError):
        g.make_bot("value-per-distance:many")


def test_bots_give_their_reasons_with_the_numbers_they_used() -> None:
    g = YukonGame(3)
    ring = RINGS[0]  # claim 0 is worth 2 nuggets
    out = next(t for t in NEIGHBOURS[ring[0]] if t not in ring)
    s = position(g, [(out,) + ring[:11], (102,), (211,)], pips=3)
    obs = s.observation(0)
    close = ("step", out, ring[11])  # the ring closes: 0 steps left, 1 pip to stake the claim
    assert close in s.legal_actions()
    near, vpd = g.make_bot("nearest-claim"), g.make_bot("value-per-distance")
    assert near.act(obs, s.legal_actions(), np.random.default_rng(0)) == close
    assert near.why(obs, close, "fr") == f"vise le gain n°{NBSP}0 (2 pépites), estimé à 1 point"
    assert near.why(obs, close, "en") == "aims at claim no. 0 (2 nuggets), reckoned 1 pip away"
    # value per pip: 2 nuggets / 1 pip, written the reader's way
    assert str(vpd.why(obs, close, "fr")).startswith(
        f"vise le gain n°{NBSP}0{NBSP}: 2 pépites pour 1 point estimé, soit 2,00 par point")
    assert str(vpd.why(obs, close, "en")).startswith("aims at claim no. 0: 2 nuggets for an estimated 1 pip, 2.00 per pip")
    after = s.apply(close)
    claim = ("claim", 0, after.chains[0][0])
    assert near.why(after.observation(0), claim, "fr") == f"prend le gain le plus riche à sa portée{NBSP}: 2 pépites"
    assert near.why(after.observation(0), claim, "en") == "takes the richest claim within reach: 2 nuggets"


@pytest.mark.parametrize("spec", ["random", "nearest-claim", "value-per-distance"])
def test_every_bot_move_of_a_game_comes_with_a_reason_in_both_languages(spec: str) -> None:
    g = YukonGame(3, max_rounds=6)
    bots = [g.make_bot(spec) for _ in range(3)]
    moves = 0
    for e in play(g.initial_state(), bots, np.random.default_rng(3), explain=True):
        if e.player < 0:
            continue
        assert e.reason is not None and e.reason["fr"] and e.reason["en"]
        assert not re.search(r"\d\.\d", e.reason["fr"]) and not re.search(r"\d,\d", e.reason["en"])
        moves += 1
    assert moves > 30
    assert isinstance(bots[0], GreedyBot) == (spec != "random")
