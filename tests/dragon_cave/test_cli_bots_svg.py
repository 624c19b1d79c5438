"""The CLI through the game's hooks, the bots' behaviour, and the picture."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

import mineedu
from mineedu.cli import main
from mineedu.core import ConfigError
from mineedu.games.dragon_cave import (
    DragonCave,
    GreedyDepthBot,
    OddsBot,
    TurnBackBot,
    render,
)

from .helpers import move, position

RNG = np.random.default_rng(0)


# --- CLI ----------------------------------------------------------------------------------


def run(capsys, *argv):
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def test_cli_odds_text_and_json(capsys):
    en = run(capsys, "odds", "dragon_cave")
    fr = run(capsys, "odds", "dragon_cave", "--lang", "fr")
    assert "expected value 11" in en and "valeur espérée 11" in fr
    report = json.loads(run(capsys, "odds", "dragon_cave", "--json", "--players", "2"))
    assert report["dragon"] == 24 and report["break_even_depth"] == 23


def test_cli_simulate_same_seed_same_output(capsys):
    argv = ["simulate", "dragon_cave", "--players", "4", "--bots", "random,turnback:2,greedy,odds",
            "--games", "30", "--seed", "5", "--no-progress"]
    a = run(capsys, *argv, "--json")
    b = run(capsys, *argv, "--json")
    assert a == b
    result = json.loads(a)
    assert [row["bot"] for row in result["bots"]] == ["random", "turnback:2", "greedy", "odds"]
    for row in result["bots"]:
        assert {"win", "score", "escaped", "eaten", "cards"} <= set(row)
        assert row["escaped"]["mean"] + row["eaten"]["mean"] == pytest.approx(1.0)
    text = run(capsys, *argv)
    assert text.startswith("dragon_cave: 30 games") and "turnback:2" in text
    assert text != run(capsys, *argv[:-3], "--seed", "6", "--no-progress")


def test_unknown_bot_is_refused():
    with pytest.raises(ConfigError, match="known bots"):
        mineedu.make("dragon_cave", 2).make_bot("cautious")
    with pytest.raises(ConfigError, match="bad bot spec"):
        mineedu.make("dragon_cave", 2).make_bot("turnback:0")


# --- bots ---------------------------------------------------------------------------------------


def test_turnback_bot_takes_n_cards_then_turns():
    bot = TurnBackBot(2)
    s = position(pos=(4, 9), carried=(((0, 1),), ()))
    assert bot.act(s, s.legal_actions(), RNG) == move(steps=2, capture=True)  # 4 - 2 cards
    s = position(pos=(4, 9), carried=(((0, 1), (1, 4)), ()))
    assert bot.act(s, s.legal_actions(), RNG) == move(back=True, steps=2)
    s = position(pos=(4, 9), returning=(True, False), carried=(((0, 1), (1, 4)), ()))
    assert bot.act(s, s.legal_actions(), RNG) == move(steps=2)


def test_greedy_bot_dives_untouched_then_takes_the_deepest_card():
    s = position(pos=(4, 9))
    assert GreedyDepthBot().act(s, s.legal_actions(), RNG) == move(steps=4)
    assert GreedyDepthBot(4).act(s, s.legal_actions(), RNG) == move(back=True, steps=3, capture=True)
    blocked = position(pos=(5, 3), dragon=6)
    assert GreedyDepthBot().act(blocked, blocked.legal_actions(), RNG) == move(back=True, steps=3, capture=True)


def test_odds_bot_turns_back_with_a_heavy_load_before_the_dragon_comes():
    # dice dragon, three Heroic cards, 12 steps from home: turning back now beats diving on
    s = position(pos=(11, 20), carried=(((3, 12), (3, 12)), ()), config={"dice_dragon": True})
    a = OddsBot(0.5).act(s, s.legal_actions(), RNG)
    assert a[2] is True
    # alone, with nothing and the dragon far away, it goes deeper
    s = position(pos=(2, -1), status=("in", "out"))
    assert OddsBot(0.5).act(s, s.legal_actions(), RNG)[2] is False


# --- the picture ------------------------------------------------------------------------------------


def test_picture_shows_path_pawns_direction_and_dragon():
    s = position(3, pos=(2, 5, -1), returning=(True, False, False), carried=(((1, 4),), (), ()),
                 path=DragonCave(3).initial_state().path[:20], dragon=17)
    en, fr = render(s, lang="en"), render(s, lang="fr")
    assert en.startswith("<svg") and en.rstrip().endswith("</svg>")
    assert en.count("<rect") == 1 + 1 + 20 + 4  # frame, entrance, 20 cards (the gaps are closed), key
    assert "dragon" in en and "entrance" in en and "entrée" in fr
    assert "◀" in en and "▶" in en  # one coming back, one going deeper
    assert "coming back" in en and "revient" in fr and "M4" in en
    assert 'opacity="0.35"' in en  # cards behind the dragon are dimmed
    assert s._repr_svg_().startswith("<svg")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_family_initials_on_the_cards_are_distinct(lang):
    from mineedu.games.dragon_cave import family_name

    assert len({family_name(f, lang)[0] for f in range(4)}) == 4


def _circles(svg: str) -> list[tuple[float, float, float]]:
    return [tuple(float(x) for x in m) for m in re.findall(r'<circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"', svg)]


def test_picture_pawns_clear_of_the_title_and_of_each_other():
    """Pawns of the first row sit below the title; pawns waiting at the entrance do not pile up."""
    s = position(4, pos=(14, -1, -1, -1))
    svg = render(s, lang="fr")
    title_baseline = float(re.search(r'<text x="[\d.]+" y="([\d.]+)"[^>]*>Au fin fond', svg).group(1))
    pawns = _circles(svg)[:4]  # drawn before the legend's swatches
    assert all(cy - r > title_baseline + 2 for _, cy, r in pawns)
    for i, (x1, y1, r1) in enumerate(pawns):
        for x2, y2, r2 in pawns[i + 1:]:
            assert (x1 - x2) ** 2 + (y1 - y2) ** 2 >= (r1 + r2) ** 2, "two pawns overlap"


def test_picture_numbers_the_cards_and_explains_the_letters():
    s = position(2, path=DragonCave(2).initial_state().path)
    en, fr = render(s, lang="en"), render(s, lang="fr")
    numbers = re.findall(r'font-size="8"[^>]*>(\d+)</text>', en)
    assert numbers == [str(k) for k in range(1, 25)]
    assert "E = Easy (1–3)" in en and "H = Heroic (10–12)" in en
    assert "F = Facile (1–3)" in fr and "H = Héroïque (10–12)" in fr
    assert "Joueur 1 (bleu) : avance" in fr and "Player 1 (blue): going deeper" in en


def test_picture_of_the_end_names_the_winner_and_the_lost_cards():
    s = position(3, status=("out", "eaten", "out"), returning=(True, True, True),
                 carried=(((1, 5),), ((3, 12),), ((2, 7),)))
    assert s.is_terminal()
    fr, en = render(s, lang="fr"), render(s, lang="en")
    assert "gagnant : joueur 3" in fr and "winner: player 3" in en
    assert "dévoré — 0 (cartes perdues : H12)" in fr and "eaten — 0 (cards lost: H12)" in en
    assert "total 7" in en
    everyone = position(2, status=("eaten", "eaten"))
    assert "the dragon ate everyone" in render(everyone, lang="en")
    assert "le dragon a dévoré tout le monde" in render(everyone, lang="fr")


def test_picture_says_which_chance_event_is_next():
    s = position(pos=(5, 9), config={"dice_movement": True})
    assert "player 1 rolls the die" in render(s, lang="en") and "le joueur 1 lance le dé" in render(s, lang="fr")


def test_every_legal_turn_and_chance_outcome_has_words_in_both_languages():
    from mineedu.games.dragon_cave import describe

    s = position(pos=(5, 9), carried=(((2, 8), (3, 12)), ()))
    for a in s.legal_actions():
        fr, en = describe(a, "fr"), describe(a, "en")
        assert fr != en and "move" not in fr and "True" not in en
    assert describe(move(steps=3), "fr") == "j'avance de 3 pas"
    assert describe(move(steps=2), "en", returning=True) == "I go 2 step(s) back toward the entrance"
    assert describe(move(steps=0), "en") == "I stay where I am"
    assert describe(("value", 11), "fr") == "la carte vaut 11" and describe(("die", 6), "en") == "the die shows 6"
