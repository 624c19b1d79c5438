"""Known answers: every game plays the stored seeded playouts and tournaments move for move.

The files in ``tests/known_answers/`` were written by ``tests/known_answers/make.py``
from the audited engines. A speed change (or any change) that alters one move,
one chance outcome or one bot's choice changes the stored hash of the move list
and fails here; so does a changed score, winner or tournament figure.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import mineedu
from mineedu.core import playout
from tests.known_answers import make

FILES = Path(make.__file__).resolve().parent


def stored(name: str) -> dict:
    return json.loads((FILES / f"{name}.json").read_text(encoding="utf-8"))


def test_every_game_has_known_answers():
    assert sorted(make.CASES) == mineedu.game_names() == sorted(make.TOURNAMENTS)


@pytest.mark.parametrize("name", sorted(make.CASES))
def test_files_hold_the_cases_of_the_script(name):
    data = stored(name)
    cases = [(c["players"], c["settings"], c["bots"], [r["seed"] for r in c["runs"]]) for c in data["playouts"]]
    assert cases == [(p, s, b, list(make.SEEDS)) for p, s, b in make.CASES[name]]
    assert data["tournament"]["args"] == make.tournament_args(name)


@pytest.mark.parametrize("name", sorted(make.CASES))
def test_seeded_playouts_give_the_known_answers(name):
    for case in stored(name)["playouts"]:
        for want in case["runs"]:
            got = make.run_playout(name, case["players"], case["settings"], case["bots"], want["seed"])
            assert got == want, f"{name} {case['players']} players {case['settings']} {case['bots']} seed {want['seed']}"


@pytest.mark.parametrize("name", sorted(make.CASES))
def test_seeded_tournament_gives_the_known_answer(name):
    assert make.run_tournament(name) == stored(name)["tournament"]["result"]


def test_the_hash_sees_one_changed_move():
    """Replacing one move of a real game by another legal one changes the hash."""
    game = mineedu.make("gold_mine", 4)
    record: list = []
    playout(game.initial_state(), make.seat_bots(game, ["random"] * 4), np.random.default_rng(0), record=record)
    state = game.initial_state()
    for i, (p, a) in enumerate(record):
        if p >= 0 and len(state.legal_actions(p)) > 1:
            other = next(b for b in state.legal_actions(p) if b != a)
            changed = record[:i] + [(p, other)] + record[i + 1:]
            assert make.moves_hash(game, changed) != make.moves_hash(game, record)
            return
        state = state.apply(a, player=None if p < 0 else p)
    raise AssertionError("no decision with a choice in this game")
