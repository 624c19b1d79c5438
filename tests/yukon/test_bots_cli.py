"""Bots and the command line: `mineedu odds yukon`, `mineedu simulate yukon`."""

from __future__ import annotations

import json

import numpy as np
import pytest

from mineedu.cli import main
from mineedu.core import tournament
from mineedu.games.yukon import YukonGame


def run(capsys, argv):
    assert main(argv) == 0
    return capsys.readouterr().out


def test_odds_command_shows_the_die_mean_in_both_languages(capsys):
    en = run(capsys, ["odds", "yukon"])
    fr = run(capsys, ["odds", "yukon", "--lang", "fr"])
    assert "21/5" in en and "Mean" in en and "Moyenne" in fr and "rejouer" in fr
    data = json.loads(run(capsys, ["odds", "yukon", "--json"]))
    assert data["die"]["mean"]["exact"] == "21/5" and data["ring"] is None
    assert sum(float(r["float"]) for r in data["die"]["pips"]) + data["die"]["beyond"]["float"] == pytest.approx(1)


def test_simulate_command_same_seed_same_output(capsys):
    argv = ["simulate", "yukon", "--players", "3", "--bots", "nearest-claim,value-per-distance,random",
            "--games", "6", "--seed", "4", "--json", "--no-progress"]
    first = run(capsys, argv)
    assert run(capsys, argv) == first
    data = json.loads(first)
    assert [b["bot"] for b in data["bots"]] == ["nearest-claim", "value-per-distance", "random"]
    assert {"win", "score", "claims", "centre", "rounds"} <= set(data["bots"][0])
    text = run(capsys, argv[:-2] + ["--no-progress"])
    assert "nearest-claim" in text


def test_greedy_bots_gather_more_gold_than_random():
    result = tournament(YukonGame(3, max_rounds=40), ["nearest-claim", "value-per-distance", "random"], 12, seed=8)
    score = {b["bot"]: b["score"]["mean"] for b in result["bots"]}
    assert score["nearest-claim"] > score["random"] and score["value-per-distance"] > score["random"]


def test_odds_report_measures_the_way_to_a_ring():
    g = YukonGame(3)
    from .util import position
    from mineedu.games.yukon.board import RINGS, NEIGHBOURS

    ring = RINGS[0]
    out = next(t for t in NEIGHBOURS[ring[0]] if t not in ring)
    s = position(g, [(out,) + ring[:11], (102,), (211,)], pips=0, rolling=True)
    rep = g.odds_report(s, 0)
    assert rep["ring"]["steps"] == 1 and rep["ring"]["claims"] == [{"claim": 0, "value": g.config.values[0]}]
    # 1 step + 1 pip to claim: any turn gives >= 2 pips, so one turn always does it
    assert rep["ring"]["turns"][0] == {"turns": 1, "p": "1", "float": 1.0}
    assert "Player 0: 1 steps" in g.format_odds(rep, "en")
    np.testing.assert_allclose(sum(r["float"] for r in rep["setup"]["turns"]) + rep["setup"]["beyond"]["float"], 1)
