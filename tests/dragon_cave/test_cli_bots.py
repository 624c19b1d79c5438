"""The CLI through the game's hooks, the bots' behaviour (on their view of the cave), and their reasons."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import numpy as np
import pytest

import mineedu
from mineedu.cli import main
from mineedu.core import ConfigError, play
from mineedu.core.i18n import format_number
from mineedu.games.dragon_cave import DragonCave, DragonCaveView, GreedyDepthBot, OddsBot, TurnBackBot
from mineedu.games.dragon_cave.odds import escape_probability

from .helpers import move, position

RNG = np.random.default_rng(0)
NBSP = "\u00a0"


# --- CLI ----------------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def test_cli_odds_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    en = run(capsys, "odds", "dragon_cave")
    fr = run(capsys, "odds", "dragon_cave", "--lang", "fr")
    assert "expected value 11" in en and "valeur espérée 11" in fr
    report = json.loads(run(capsys, "odds", "dragon_cave", "--json", "--players", "2"))
    assert report["dragon"] == 24 and report["break_even_depth"] == 23
    assert report["families"][3]["expected"] == {"fraction": "66/6", "reduced": "11", "float": 11.0}


def test_cli_simulate_same_seed_same_output(capsys: pytest.CaptureFixture[str]) -> None:
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


def test_unknown_bot_is_refused() -> None:
    with pytest.raises(ConfigError, match="known bots"):
        mineedu.make("dragon_cave", 2).make_bot("cautious")
    with pytest.raises(ConfigError, match="bad bot spec"):
        mineedu.make("dragon_cave", 2).make_bot("turnback:0")


# --- bots act on their view ---------------------------------------------------------------------


def view(**fields: object) -> DragonCaveView:
    return position(**fields).observation(0)  # type: ignore[arg-type]


def test_turnback_bot_takes_n_cards_then_turns() -> None:
    bot = TurnBackBot(2)
    v = view(pos=(4, 9), carried=(((0, 1),), ()))
    assert bot.act(v, v.legal_actions(), RNG) == move(steps=2, capture=True)  # 4 - 2 cards
    v = view(pos=(4, 9), carried=(((0, 1), (1, 4)), ()))
    assert bot.act(v, v.legal_actions(), RNG) == move(back=True, steps=2)
    v = view(pos=(4, 9), returning=(True, False), carried=(((0, 1), (1, 4)), ()))
    assert bot.act(v, v.legal_actions(), RNG) == move(steps=2)


def test_greedy_bot_dives_untouched_then_takes_the_deepest_card() -> None:
    v = view(pos=(4, 9))
    assert GreedyDepthBot().act(v, v.legal_actions(), RNG) == move(steps=4)
    assert GreedyDepthBot(4).act(v, v.legal_actions(), RNG) == move(back=True, steps=3, capture=True)
    blocked = view(pos=(5, 3), dragon=6)
    assert GreedyDepthBot().act(blocked, blocked.legal_actions(), RNG) == move(back=True, steps=3, capture=True)


def test_odds_bot_turns_back_with_a_heavy_load_before_the_dragon_comes() -> None:
    # dice dragon, two Heroic cards, 12 steps from home: turning back now beats diving on
    v = view(pos=(11, 20), carried=(((3, 12), (3, 12)), ()), config={"dice_dragon": True})
    assert OddsBot(0.5).act(v, v.legal_actions(), RNG)[2] is True
    # alone, with nothing and the dragon far away, it goes deeper
    v = view(pos=(2, -1), status=("in", "out"))
    assert OddsBot(0.5).act(v, v.legal_actions(), RNG)[2] is False


# --- bots say why, in words and numbers the reader's way -----------------------------------------


def test_odds_bot_reason_gives_its_numbers_written_the_readers_way() -> None:
    # alone, on card 6 with a Medium 5, the dragon 8 cards from the entrance, dice dragon
    v = view(pos=(5, -1), status=("in", "out"), carried=(((1, 5),), ()), dragon=8, config={"dice_dragon": True})
    bot = OddsBot(0.5)
    a = bot.act(v, v.legal_actions(), RNG)
    pe, ev = bot.value(v, v.after(a), 0)
    fr, en = bot.why(v, a, "fr"), bot.why(v, a, "en")
    assert f"P(sortir) ≈ {format_number(float(pe), 'fr', percent=True)}" in fr and "," in format_number(float(ev), "fr", 2)
    assert f"trésor espéré ≈ {format_number(float(ev), 'fr', 2)}" in fr
    assert f"P(escape) ≈ {format_number(float(pe), 'en', percent=True)}" in en
    assert f"seuil 50{NBSP}%" in fr and "threshold 50%" in en
    assert re.search(r"le meilleur de \d+ choix", fr) and re.search(r"the best of \d+ choices", en)
    # the figure is the bot's own estimate, checked here by hand: turning back now with the card,
    # 6 steps home at 3 a turn, the dragon one die a turn from 8: only a 6 on its first die catches
    back_now = move(back=True, steps=3)
    assert bot.value(v, v.after(back_now), 0) == (Fraction(5, 6), Fraction(5, 6) * 5)
    assert escape_probability(6, 1, 8, v.game.config) == Fraction(5, 6)


def test_turnback_and_greedy_reasons() -> None:
    v = view(pos=(4, 9), carried=(((0, 1), (1, 4)), ()))
    assert TurnBackBot(2).why(v, move(back=True, steps=2), "fr") == f"porte 2 sur les 2 voulues{NBSP}: demi-tour"
    assert TurnBackBot(2).why(v, move(back=True, steps=2), "en") == "carries 2 of the 2 it wants: turns back"
    home = view(pos=(4, 9), returning=(True, False), carried=(((0, 1),), ()))
    assert TurnBackBot(2).why(home, move(steps=3), "fr") == "rentre avec 1 carte, encore 5 pas jusqu'à l'entrée"
    assert TurnBackBot(2).why(home, move(steps=3), "en") == "heading home with 1 card, 5 steps to go"
    deep = view(pos=(4, 9))
    assert GreedyDepthBot(4).why(deep, move(back=True, steps=3, capture=True), "en") == "card 5 reached: turns back with it"
    assert GreedyDepthBot(10).why(deep, move(steps=4), "fr") == "plonge sans rien prendre jusqu'à la carte 11"


@pytest.mark.parametrize("spec", ["random", "turnback:2", "greedy", "greedy:8", "odds", "odds:0.25"])
def test_every_bot_move_of_a_game_comes_with_a_reason_in_both_languages(spec: str) -> None:
    game = DragonCave(3, dice_movement=True, dice_dragon=True)
    bots = [game.make_bot(spec)] * 3
    seen = 0
    for event in play(game.initial_state(), bots, np.random.default_rng(11), explain=True):
        if event.player < 0:
            continue
        assert event.reason is not None, (spec, event.action)
        fr, en = event.reason["fr"], event.reason["en"]
        assert fr and en and fr != en
        assert not re.search(r" [:;%]", fr) and not re.search(r"\d\.\d", fr) and not re.search(r"\d,\d", en)
        seen += 1
    assert seen > 5


def test_bots_are_named_in_words_for_menus_and_charts() -> None:
    game = mineedu.make("dragon_cave", 3)
    assert [game.bot_name(s, "fr") for s in ("random", "turnback:1", "turnback:3", "greedy", "greedy:12", "odds:0.8")] == [
        "au hasard", "retour à 1 carte", "retour à 3 cartes", "plonge au fond", "retour carte 13", f"probabilités 80{NBSP}%"]
    assert [game.bot_name(s, "en") for s in ("turnback:1", "odds", "odds:0.125")] == ["back at 1 card", "odds 50%", "odds 12.5%"]
    assert game.bot_name("turnback:x", "en") == "turnback:x"  # not a bot: spelled as given
    assert all(len(game.bot_name(s, lang)) <= 17 for s in game.bots for lang in ("fr", "en"))  # a chart's label
