"""Gaps found in the review: hostile configs, untested tie-breaks and the 21 point
line, the player's view of the odds, French card names, the picture."""

from __future__ import annotations

from dataclasses import replace
from math import comb
from typing import Any

import pytest

from mineedu.core import ConfigError, SavedGame, SavedGameError
from mineedu.core.i18n import NBSP
from mineedu.games.coal_mine import CoalMineGame
from mineedu.games.coal_mine.odds import format_odds, odds_report

from .helpers import hand_of, picture, resolve

# --- hostile configs: a ConfigError naming the setting, never a TypeError --------------

BAD_CONFIGS = [
    (dict(jobs=(("miner", "a", 24), ("pipe", 1, 24))), "job card"),
    (dict(jobs=(("miner", 1, 24.5), ("pipe", 1, 24))), "job card"),
    (dict(jobs=(("miner", 1, 24), ("pipe", 1, 24), ("chief", 1.5, 4))), "job card"),
    (dict(jobs=(("miner", True, 24), ("pipe", 1, 24))), "job card"),
    (dict(jobs=("miner", ("pipe", 1, 24))), "job card"),
    (dict(events=(("grisou", "x"),)), "event card"),
    (dict(events=(("grisou", 2.5),)), "event card"),
    (dict(start_hand=(("miner",),)), "starting hand"),
    (dict(start_hand=(("miner", "4"),)), "starting hand"),
    (dict(start_hand=(("miner", -1), ("pipe", 4))), "starting hand"),
    (dict(start_hand=(("miner", 4), ("miner", 4))), "starting hand"),
    (dict(die_cards=((1, "a"),) * 6, variant=True), "die card"),
    (dict(die_cards=((1, 2.5),) * 6, variant=True), "die card"),
    (dict(coal_total=-5, start_coal=0), "coal_total"),
]


@pytest.mark.parametrize("overrides,words", BAD_CONFIGS, ids=[str(i) for i in range(len(BAD_CONFIGS))])
def test_hostile_configs_raise_a_config_error(overrides: dict[str, Any], words: str) -> None:
    with pytest.raises(ConfigError, match=words):
        CoalMineGame(6, **overrides)


def test_a_saved_game_with_a_hostile_config_says_so() -> None:
    data = SavedGame(CoalMineGame(3), 1, []).to_dict()
    data["config"]["jobs"] = [["miner", "one", 24], ["pipe", 1, 24]]
    with pytest.raises(SavedGameError, match="job card"):
        SavedGame.from_dict(data)


# --- end of the game ------------------------------------------------------------------


def test_coal_breaks_a_tie_before_job_cards_in_hand() -> None:
    g = CoalMineGame(2)
    s = resolve(g, [[], []], round=6, caps=(None, 0), coal=(1, 0),
                hands=(hand_of(g, miner=1), hand_of(g, miner=5)))
    assert s.points == (0, 0) and s.winners() == (0,)


def test_exactly_21_points_ends_the_game() -> None:
    g = CoalMineGame(2)
    s = resolve(g, [[("mine", "chief", -1)], []], round=2, caps=(None, 2), coal=(2, 0), points=(19, 0))
    assert s.points == (21, 0) and s.is_terminal() and s.coal == (0, 0)


# --- the odds a player sees --------------------------------------------------------------


def test_a_players_odds_draw_from_the_cards_they_cannot_see() -> None:
    g = CoalMineGame(2)
    s = g.initial_state()
    discard = hand_of(g, chief=1, grisou=2)
    deck = tuple(d - x for d, x in zip(s.deck, discard))
    s = replace(s, deck=deck, discard=discard)
    rep = odds_report(s, player=0)
    # 70 cards - my 8 - player 2's 8 public starting cards - 3 public discards = 51 unseen
    # (card counting: here the deck), 3 chiefs
    assert rep["recruit"]["source"] == "unseen" and rep["recruit"]["pile"] == 51
    assert rep["recruit"]["p_at_least"]["2"]["chief"]["1"]["fraction"] == f"{comb(51, 2) - comb(48, 2)}/{comb(51, 2)}"
    teacher = odds_report(s)
    assert teacher["recruit"]["pile"] == sum(deck) == 51


# --- French text -------------------------------------------------------------------------


def test_the_french_odds_table_names_the_cards_in_french() -> None:
    s = CoalMineGame(4).initial_state()
    fr = format_odds(odds_report(s), "fr")
    for name in ("Chef porion", "Porion", "Mineur", "Tuyauteur", "Grisou", "Grève", "Wagonnet", "Renfort"):
        assert name in fr
    for kind in ("chief", "foreman", "miner", "pipe", "strike", "wagon", "reinforcement"):
        assert f"  {kind} " not in fr
    assert "Chief" in format_odds(odds_report(s), "en")


# --- the picture -------------------------------------------------------------------------


def test_the_picture_uses_no_glyph_a_projector_font_may_lack() -> None:
    g = CoalMineGame(3)
    s = resolve(g, [[("raid", "chief", 1)], [("tower", "pipe", -1)],
                    [("event", "reinforcement", -1), ("recruit", "miner", -1)]])
    assert s.phase == "draw"  # the cards are face up until the end of the round
    for lang in ("fr", "en"):
        svg = picture(s, None, lang)
        assert "⛑" not in svg and "★" not in svg
    assert "Chef porion" in picture(s, None, "fr") and "Chief" in picture(s, None, "en")
    assert "Reinforcement" in picture(s, None, "en") and "Renfort" in picture(s, None, "fr")
    # the helmets of each card are drawn, with a key saying what they are
    assert 'class="helmet"' in picture(s, None, "en") and "helmets" in picture(s, None, "en")
    assert "casques" in picture(s, None, "fr")


def test_the_picture_names_whom_a_raid_targets() -> None:
    g = CoalMineGame(3)
    s = resolve(g, [[("raid", "chief", 1)], [("tower", "pipe", -1)], [("recruit", "miner", -1)]])
    assert "→ P2" in picture(s, None, "en") and "→ J2" in picture(s, None, "fr")
    hidden = g.initial_state().apply(("raid", "pipe", 1))
    assert "→ J2" not in picture(hidden, 1, "fr")  # face down: the target is hidden
    assert "→ J2" in picture(hidden, 0, "fr")


def test_the_picture_of_a_finished_game_names_the_winner() -> None:
    g = CoalMineGame(2)
    s = resolve(g, [[], []], round=6, caps=(None, 0), coal=(3, 1), points=(5, 5))
    assert s.is_terminal() and s.winners() == (0,)
    assert "Winner: P1" in picture(s, None, "en") and f"Gagnant{NBSP}: J1" in picture(s, None, "fr")
    assert "Winner" not in picture(g.initial_state(), None, "en")
    assert "· 3 charbons<" in picture(s, None, "fr") and "· 1 charbon<" in picture(s, None, "fr")


def test_grisou_hits_count_only_mines_that_lost_their_coal() -> None:
    g = CoalMineGame(2)
    s = resolve(g, [[("event", "grisou", -1), ("recruit", "miner", -1)], [("mine", "miner", -1)]])
    assert ("grisou", 1, (0, 1)) in s.log  # nobody laid a pipe-miner
    assert [t[3] for t in s.tally] == [0, 1]  # but only player 2 had a mine to lose
