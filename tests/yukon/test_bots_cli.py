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
    assert "Points du dé en un tour" in fr and "pips" not in fr.lower(), "French says points du dé, as the text"
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
    from mineedu.games.yukon.board import NEIGHBOURS, RINGS

    from .util import position

    ring = RINGS[0]
    out = next(t for t in NEIGHBOURS[ring[0]] if t not in ring)
    s = position(g, [(out,) + ring[:11], (102,), (211,)], pips=0, rolling=True)
    rep = g.odds_report(s, 0)
    assert rep["ring"]["steps"] == 1 and rep["ring"]["claims"] == [{"claim": 0, "value": g.config.values[0]}]
    # 1 step + 1 pip to claim: any turn gives >= 2 pips, so one turn always does it
    assert rep["ring"]["turns"][0] == {"turns": 1, "p": "1", "float": 1.0}
    assert "Player 1: 1 step(s)" in g.format_odds(rep, "en") and "Joueur 1 : 1 pas" in g.format_odds(rep, "fr")
    np.testing.assert_allclose(sum(r["float"] for r in rep["setup"]["turns"]) + rep["setup"]["beyond"]["float"], 1)


def test_value_per_distance_leaves_the_centre_alone_while_its_team_is_big():
    from mineedu.core import ConfigError
    from mineedu.games.yukon.board import CENTRE, RINGS

    from .util import position

    g = YukonGame(3)
    s = position(g, [RINGS[CENTRE], (102,), (211,)], pips=3)
    rng = np.random.default_rng(0)
    assert ("claim", CENTRE, RINGS[CENTRE][0]) in s.legal_actions()
    assert g.make_bot("nearest-claim").act(s, s.legal_actions(), rng)[:2] == ("claim", CENTRE)
    assert g.make_bot("value-per-distance").act(s, s.legal_actions(), rng)[0] == "step"
    assert g.make_bot("value-per-distance:12").act(s, s.legal_actions(), rng)[:2] == ("claim", CENTRE)
    with pytest.raises(ConfigError):
        g.make_bot("value-per-distance:many")


def test_picture_shows_values_chains_and_claims_in_both_languages():
    from mineedu.core.svg import PLAYER_COLOURS
    from mineedu.games.yukon.board import CELLS, RINGS
    from mineedu.games.yukon.svg import render

    from .util import position

    g = YukonGame(3)
    c19 = CELLS.index((1, 0))
    s = position(g, [RINGS[0], (102,), (211,)], owners={c19: 1}, pips=4)
    fr, en = render(s, lang="fr"), render(s, lang="en")
    assert "4 point(s) de dé à jouer" in fr and "4 pip(s) to play" in en and "Pépites" in fr and "Nuggets" in en
    assert fr.count(PLAYER_COLOURS[0]) >= 12 and PLAYER_COLOURS[1] in fr  # 12 pawns; player 1's claim
    assert fr.count(">6</text>") == 1  # the centre's value


def test_picture_names_players_from_1_with_a_colour_key_and_clean_claim_tints():
    from mineedu.core.svg import PLAYER_COLOURS
    from mineedu.games.yukon.board import CELLS, RINGS
    from mineedu.games.yukon.svg import render

    from .util import position

    g = YukonGame(3)
    c19 = CELLS.index((1, 0))
    s = position(g, [RINGS[0], (102,), (211,)], owners={c19: 1}, turn=1, pips=2)
    fr, en = render(s, lang="fr"), render(s, lang="en")
    # numbered from 1 like the board's seats and the other games' pictures
    assert "Joueur 2 (vermillon) · 2 point(s) de dé à jouer" in fr and "Player 2 (vermilion)" in en
    # the scores double as the colour key: a dot of each player's colour before its name
    for p in range(3):
        assert f'<tspan fill="{PLAYER_COLOURS[p]}">●</tspan>' in fr
    # a claimed hex is tinted over white, so vermilion never blends with the gold into orange
    assert '<polygon points="' in fr and 'fill="#ffffff" stroke="none"' in fr
    # big enough to project: pawns 17 px across, the board about 540 px
    width = float(fr.split('width="')[1].split('"')[0])
    assert width >= 500
    over = position(g, [(), (102,), ()], owners={c19: 1}, done=True)
    assert "winner(s): Player 2 (vermilion)" in render(over, lang="en")
