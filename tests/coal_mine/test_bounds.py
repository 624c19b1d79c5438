"""Every setting of a Mine (coal) config is bounded: a saved game or a teacher's dialog
cannot ask for a deck of 10^30 cards, a die of a million faces or a million rounds."""

from __future__ import annotations

from typing import Any

import pytest

from mineedu.core import ConfigError, SavedGame, SavedGameError
from mineedu.games.coal_mine import CoalMineConfig, CoalMineGame
from mineedu.games.coal_mine.rules import BOUNDS

HUGE = 10**30

REFUSED: list[tuple[dict[str, Any], str]] = [
    (dict(jobs=(("miner", 1, HUGE), ("pipe", 1, 24))), "job card"),
    (dict(jobs=(("miner", 1, 24), ("pipe", 1, 24), ("giant", 10, 4))), "helmets 1..9"),
    (dict(jobs=tuple((f"k{i}", 1, 1) for i in range(9)) + (("miner", 1, 24), ("pipe", 1, 24))), "1 to 8 job card kinds"),
    (dict(jobs=()), "1 to 8 job card kinds"),
    (dict(jobs=(("miner", 1, 100), ("pipe", 1, 100), ("foreman", 2, 100), ("chief", 3, 100))), "at most 400"),
    (dict(jobs=(("<script>", 1, 24), ("pipe", 1, 24)), start_hand=(("pipe", 4),)), "short name"),
    (dict(jobs=(("x" * 21, 1, 24), ("pipe", 1, 24)), start_hand=(("pipe", 4),)), "short name"),
    (dict(jobs=(("", 1, 24), ("pipe", 1, 24)), start_hand=(("pipe", 4),)), "short name"),
    (dict(events=(("grisou", HUGE),)), "event card"),
    (dict(events=(("grisou", 1), ("strike", 1), ("wagon", 1), ("reinforcement", 1), ("grisou", 1))), "at most 4 event kinds"),
    (dict(start_hand=(("miner", HUGE),)), "starting hand"),
    (dict(die_cards=((1, HUGE),) * 6, variant=True), "die card"),
    (dict(die_cards=((1, 1),) * 13), "at most 12 die cards"),
    (dict(rounds=10**6), "rounds must be a whole number from 1 to 12"),
    (dict(rounds=0), "rounds must be a whole number from 1 to 12"),
    (dict(target_points=30_000), "target_points must be a whole number from 1 to 200"),
    (dict(cards_per_round=9), "cards_per_round"),
    (dict(hand_limit=HUGE), "hand_limit"),
    (dict(coal_total=HUGE), "coal_total"),
    (dict(start_coal=51), "start_coal"),
    (dict(variant_start_coal=HUGE, variant=True), "variant_start_coal"),
    (dict(recruit_base=11), "recruit_base"),
    (dict(wagon_bonus=HUGE), "wagon_bonus"),
    (dict(reinforcement_bonus=-1), "reinforcement_bonus"),
    (dict(strike_penalty=True), "strike_penalty"),
    (dict(variant=1), "variant is true or false"),
    (dict(dummy_plan="x" * 10_000), "dummy_plan"),
    (dict(start_hand=(("x" * 10_000, 1),)), "is not a job card"),
]


@pytest.mark.parametrize("overrides,words", REFUSED, ids=[str(i) for i in range(len(REFUSED))])
def test_out_of_bounds_settings_are_refused_with_a_clear_message(overrides: dict[str, Any], words: str) -> None:
    with pytest.raises(ConfigError, match=words) as caught:
        CoalMineGame(3, CoalMineConfig(**overrides))
    assert str(caught.value).startswith("coal_mine: ")
    assert len(str(caught.value)) < 400  # a huge value is not echoed whole


def test_the_bounds_themselves_are_allowed() -> None:
    """Each setting at its lowest and its highest bound makes a game that plays to its end."""
    import numpy as np

    from mineedu.core import RandomBot, playout

    for name, (lo, hi) in BOUNDS.items():
        for value in (lo, hi):
            overrides: dict[str, Any] = {name: value}
            if name == "hand_limit" and value < 8:
                overrides["start_hand"] = (("miner", value),)
            if name == "coal_total" and value < 6:
                overrides["start_coal"] = 0
            if name == "start_coal":
                overrides["coal_total"] = max(20, 3 * value)
            game = CoalMineGame(3, **overrides)
            final = playout(game.initial_state(), [RandomBot()] * 3, np.random.default_rng(0))
            assert final.is_terminal(), (name, value)


def test_a_saved_game_asking_for_a_huge_deck_is_refused() -> None:
    data = SavedGame(CoalMineGame(3), 1, []).to_dict()
    data["config"]["jobs"] = [["miner", 1, HUGE], ["pipe", 1, 24]]
    with pytest.raises(SavedGameError, match="job card"):
        SavedGame.from_dict(data)
    data = SavedGame(CoalMineGame(3), 1, []).to_dict()
    data["config"]["rounds"] = 10**9
    with pytest.raises(SavedGameError, match="rounds"):
        SavedGame.from_dict(data)
