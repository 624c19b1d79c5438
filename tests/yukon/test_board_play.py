"""A whole game at the real board, driven by the messages its browser sends (``tests/ui/drive.py``)."""

from __future__ import annotations

import re
from html import unescape

import numpy as np

import mineedu
from mineedu.ui import Board
from tests.ui.drive import pick, run_bots


def test_a_human_plays_a_whole_game_on_the_picture_against_two_bots() -> None:
    game = mineedu.make("yukon", 3, max_rounds=8)
    board = Board(game, seats=[None, "nearest-claim", "value-per-distance"], seed=3, lang="fr", bot_pause_ms=500)
    rng = np.random.default_rng(0)
    clicks = 0
    prompts: set[str] = set()
    for _ in range(5000):
        state = board.session.state
        if state.is_terminal():
            break
        if board.canvas.tick_ms:
            run_bots(board)
            continue
        options = board.canvas.options
        assert options, "a human to move is offered something"
        assert all(o["region"] is not None for o in options), "every choice is a place on the picture"
        assert all(o["label"] and not o["label"].startswith(("space:", "claim:")) for o in options)
        assert board.canvas.prompt
        prompts.add(board.canvas.prompt.split(":")[0])
        pick(board, index=int(rng.integers(len(options))))
        assert board.message_key is None, board.message.value
        clicks += 1
    assert board.session.state.is_terminal() and clicks >= 30
    assert any(p.startswith("Mise en place") for p in prompts) and any("à jouer" in p for p in prompts)
    status = unescape(re.sub(r"<[^>]+>", " ", board.status.value))
    assert "Partie finie" in status and "Pépites" in status
    log = unescape(re.sub(r"<[^>]+>", "\n", board.log.value))
    assert "Manche 8" in log and "lance le dé" in log and "J2 " in log and "—" in log  # bots' reasons after a dash
    board.receive("lang", "en")
    assert "Round 8" in unescape(board.log.value) and "Game over" in unescape(board.status.value)
