"""The conformance checks again, for the variant and the dummy player (the
suite itself only runs the default config)."""

from __future__ import annotations

from typing import Any

import pytest

from mineedu.core import SavedGame, config_from_dict, config_to_dict
from mineedu.games.coal_mine import CoalMineConfig, CoalMineGame

from .. import conformance as c

CONFIGS = [
    dict(variant=True),
    dict(dummy=True),
    dict(dummy=True, dummy_plan="bold", variant=True),
    dict(sold_coal_returns=False, recruit_needs_card=False),
]


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("overrides", CONFIGS, ids=lambda d: ",".join(d))
def test_conformance_with_other_configs(players: int, overrides: dict[str, Any]) -> None:
    game = CoalMineGame(players, **overrides)
    c.check_playouts_end(game, range(4))
    c.check_chance_and_actions(game, range(1), max_states=150)
    c.check_illegal_actions_raise(game, range(1))
    c.check_save_load(game, range(1))
    c.check_bots_play_legally(game, range(1))
    c.check_observations_and_picture(game, 3)


def test_config_round_trips_through_json() -> None:
    cfg = CoalMineConfig(jobs=(("miner", 1, 30), ("pipe", 1, 24), ("chief", 3, 6)), die_cards=((2, 2),) * 6, variant=True)
    again = config_from_dict(CoalMineConfig, config_to_dict(cfg))
    assert again == cfg
    game = CoalMineGame(3, config_to_dict(cfg))
    assert SavedGame.loads(SavedGame(game, 1, []).dumps()).game == game
