"""Write the known-answer files: seeded playouts and tournaments of every game, as they play today.

    .venv/bin/python tests/known_answers/make.py [game ...]

Each ``tests/known_answers/<game>.json`` holds, per case (players, config
settings, one bot spec per seat), a few seeds with what one playout from
``numpy.random.default_rng(seed)`` gave: the number of moves, a SHA-256 of
the whole move list (every chance outcome and every player's action, as the
saved-game JSON writes them), the final scores and the winners; plus one
small seeded :func:`mineedu.core.tournament` per game, the result
``mineedu simulate --json`` prints. ``tests/test_known_answers.py`` plays
them again and compares: one move that changes changes the hash.

These files were written from the audited engines (branch ``board-layer``,
before any speed work). Run this script again only for a deliberate change
of behaviour, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

import mineedu
from mineedu.core import Action, Game, RandomBot, playout, tournament

HERE = Path(__file__).resolve().parent
SEEDS = (0, 1, 2, 3, 4)

# (players, config settings, one bot spec per seat the bots play). Each lesson's tournament
# bots, the random bot, and the variants a lesson or a new-game dialog offers.
CASES: dict[str, list[tuple[int, dict[str, Any], list[str]]]] = {
    "gold_mine": [
        (4, {}, ["random"] * 4),
        (4, {}, ["threshold:0.15", "cautious:3", "greedy", "threshold:0.3"]),
        (3, {}, ["threshold:0.1", "cautious:2", "random"]),
        (6, {}, ["greedy", "threshold:0.2", "cautious:4", "random", "threshold:0.15", "cautious:3"]),
        (4, {"deck_mode": "face_up"}, ["threshold:0.15", "cautious:3", "greedy", "random"]),
        # the lesson's tournament: bots that measure the burn against bots that measure P(dragon next)
        (4, {}, ["burn:0.2", "threshold:0.15", "burn:0.3", "threshold:0.25"]),
        (5, {"deck_mode": "face_up"}, ["burn:0.1", "threshold:0.1", "burn:0.25", "cautious:2", "greedy"]),
    ],
    "dragon_cave": [
        (4, {}, ["random"] * 4),
        (4, {}, ["turnback:2", "greedy", "odds:0.5", "turnback:1"]),
        (2, {}, ["odds:0.7", "greedy:10"]),
        (3, {"dice_dragon": True}, ["turnback:3", "odds:0.5", "random"]),
        (3, {"dice_movement": True}, ["greedy:8", "odds:0.5", "turnback:2"]),
        (4, {"dice_dragon": True, "dice_movement": True, "blind": True}, ["odds:0.5", "turnback:2", "greedy", "random"]),
    ],
    "yukon": [
        (4, {}, ["random"] * 4),
        (4, {}, ["value-per-distance", "nearest-claim", "value-per-distance:3", "nearest-claim"]),
        (3, {}, ["nearest-claim", "value-per-distance", "random"]),
        (6, {}, ["value-per-distance", "nearest-claim"] * 3),
    ],
    "silver_gold": [
        (4, {}, ["random"] * 4),
        (4, {}, ["greedy", "open", "greedy", "open"]),
        (2, {}, ["open", "random"]),
        (3, {}, ["greedy", "open", "random"]),
    ],
    "coal_mine": [
        (4, {}, ["random"] * 4),
        (4, {}, ["steady", "raider", "mix", "raider:3"]),
        (2, {}, ["mix", "steady"]),
        (6, {}, ["steady", "raider", "mix", "random", "mix", "raider:1"]),
        (3, {"variant": True}, ["mix", "steady", "raider"]),
        (3, {"dummy": True}, ["steady", "mix"]),
        (4, {"dummy": True, "dummy_plan": "bold"}, ["raider", "mix", "steady"]),
    ],
}

# One seeded tournament per game: (players, settings, bot specs, games, seed).
TOURNAMENTS: dict[str, tuple[int, dict[str, Any], list[str], int, int]] = {
    "gold_mine": (4, {}, ["threshold:0.15", "cautious:3", "greedy", "random"], 40, 7),
    "dragon_cave": (4, {"dice_dragon": True}, ["odds:0.5", "turnback:2", "greedy", "random"], 40, 7),
    "yukon": (4, {}, ["value-per-distance", "nearest-claim", "value-per-distance", "nearest-claim"], 8, 7),
    "silver_gold": (4, {}, ["greedy", "open", "random", "greedy"], 8, 7),
    "coal_mine": (4, {}, ["steady", "raider", "mix", "random"], 40, 7),
}


def seat_bots(game: Game, specs: Sequence[str]) -> list[Any]:
    """One bot per seat: the specs on the seats bots play, in order; an idle bot on the rules' own seats."""
    todo = iter(specs)
    auto = set(game.auto_seats())
    return [RandomBot() if p in auto else game.make_bot(next(todo)) for p in range(game.num_players)]


def moves_hash(game: Game, record: Sequence[tuple[int, Action]]) -> str:
    """SHA-256 of the move list, each move ``[player, action as saved-game JSON]``."""
    text = json.dumps([[p, game.action_to_json(a)] for p, a in record], separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


def run_playout(name: str, players: int, settings: dict[str, Any], specs: Sequence[str], seed: int) -> dict[str, Any]:
    """What one seeded playout gives: moves, the hash of the move list, scores, winners."""
    game = mineedu.make(name, players, **settings)
    record: list[tuple[int, Action]] = []
    final = playout(game.initial_state(), seat_bots(game, specs), np.random.default_rng(seed), record=record)
    return {
        "seed": seed,
        "moves": len(record),
        "moves_sha256": moves_hash(game, record),
        "scores": [float(s) for s in final.scores()],
        "winners": [int(w) for w in final.winners()],
    }


def tournament_args(name: str) -> dict[str, Any]:
    return dict(zip(("players", "settings", "bots", "games", "seed"), TOURNAMENTS[name]))


def run_tournament(name: str) -> dict[str, Any]:
    players, settings, specs, games, seed = TOURNAMENTS[name]
    return tournament(mineedu.make(name, players, **settings), specs, games, seed)


def record_game(name: str) -> dict[str, Any]:
    return {
        "game": name,
        "note": "written by tests/known_answers/make.py; checked by tests/test_known_answers.py",
        "playouts": [
            {"players": players, "settings": settings, "bots": specs,
             "runs": [run_playout(name, players, settings, specs, seed) for seed in SEEDS]}
            for players, settings, specs in CASES[name]
        ],
        "tournament": {"args": tournament_args(name),
                       "result": run_tournament(name)},
    }


def dump(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def main(argv: Sequence[str]) -> None:
    for name in argv or sorted(CASES):
        path = HERE / f"{name}.json"
        path.write_text(dump(record_game(name)), encoding="utf-8")
        print(f"wrote {path.relative_to(HERE.parent.parent)}")


if __name__ == "__main__":
    main(sys.argv[1:])
