"""The cave at the shared board, driven in-process exactly as the browser would (``tests/ui/drive.py``)."""

from __future__ import annotations

import html
import json
import re

import numpy as np

import mineedu
from mineedu.core import SavedGame
from mineedu.games.dragon_cave import VARIANTS, Config, DragonCave
from mineedu.ui import Board
from tests.ui.drive import control, pick, run_bots

NBSP = "\u00a0"


def plain(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def test_the_hooks_are_registered_once_and_whole() -> None:
    cls = mineedu.core.game_class("dragon_cave")
    assert cls is DragonCave
    h = cls.hooks
    assert h.picture and h.odds_report and h.format_odds and h.action_label and h.describe_event
    assert h.panel and h.status and h.bots is cls.bots and not h.hidden_information
    assert type(h.choices).__name__ == "CaveChoices"
    assert [v.setting for v in h.variants] == ["blind", "dice_movement", "dice_dragon"] and h.variants == VARIANTS
    for v in h.variants:
        assert isinstance(getattr(Config(), v.setting), bool) and v.words["fr"] != v.words["en"]


def test_whole_games_played_by_clicking_the_picture_and_the_buttons() -> None:
    regions_clicked = 0
    for seed in range(3):
        board = Board(mineedu.make("dragon_cave", 3), seats=[None, "odds", "turnback:2"], seed=seed, bot_pause_ms=0)
        rng = np.random.default_rng(seed)
        for _ in range(200):
            if board.session.state.is_terminal():
                break
            options = board.canvas.options
            assert options and board.canvas.prompt, "a human turn offers choices and says what it asks"
            # destinations and carried cards are places on the picture; small choices are buttons
            keys = [board._tokens[o["token"]][1] for o in options]
            for o, key in zip(options, keys, strict=True):
                is_place = key.startswith("card:") or key == "exit" or (key.startswith("drop:") and key != "drop:none")
                assert (o["region"] == key) if is_place else o["region"] is None, key
            option = options[int(rng.integers(len(options)))]
            regions_clicked += option["region"] is not None
            pick(board, index=options.index(option))
            assert board.message.value == ""
        assert board.session.state.is_terminal()
        log = plain(board.log.value)
        assert f"J2{NBSP}:" in log and "P(sortir)" in log and "Hasard" in log  # bot moves with reasons, chance in words
        assert "Résultats" in plain(board.status.value)
    assert regions_clicked > 5


def test_turning_back_asks_to_confirm_and_can_be_taken_back() -> None:
    board = Board(mineedu.make("dragon_cave", 2), seats=[None, "greedy"], seed=2, bot_pause_ms=0)
    pick(board, region="card:3")  # in, 4 steps
    assert [o["label"] for o in board.canvas.options] == ["Continuer vers le dragon", "Faire demi-tour (une seule fois)"]
    pick(board, label="Faire demi-tour (une seule fois)")
    assert board.canvas.prompt.startswith(f"Demi-tour{NBSP}: vous ne pourrez plus jamais repartir vers le dragon")
    assert [o["label"] for o in board.canvas.options] == ["Oui, je fais demi-tour pour de bon"]
    control(board, "escape")  # "← Back": nothing was played
    assert board.canvas.options[0]["label"] == "Continuer vers le dragon"
    pick(board, label="Faire demi-tour (une seule fois)")
    pick(board, label="Oui, je fais demi-tour pour de bon")
    pick(board, label="La laisser (puis jusqu'à 4 pas)")
    pick(board, region="exit")
    assert board.session.moves[2] == (0, ("move", -1, True, 4, False))
    assert "J1" in plain(board.log.value) and "fait demi-tour (pour de bon)" in plain(board.log.value)


def test_bot_moves_show_one_by_one_with_their_reasons_in_the_reader_s_language() -> None:
    board = Board(mineedu.make("dragon_cave", 2), seats=[None, "odds"], seed=3, lang="en")
    pick(board, region="card:0")
    assert board.canvas.tick_ms > 0  # the bot moves after a pause
    run_bots(board)
    assert "P2: goes" in plain(board.log.value) and "P(escape) ≈ 100%" in plain(board.log.value)
    board.lang_switch.value = "fr"
    assert f"P(sortir) ≈ 100{NBSP}%" in plain(board.log.value)


def test_two_humans_share_the_screen_without_covering_it() -> None:
    board = Board(mineedu.make("dragon_cave", 2), seats=[None, None], bot_pause_ms=0)
    pick(board, region="card:1")
    assert board.canvas.cover == "" and board.session.human_to_move() == 1 and board.canvas.options


def test_a_hostile_saved_game_is_refused_and_changes_nothing() -> None:
    board = Board(mineedu.make("dragon_cave", 2), seats=[None, "random"], bot_pause_ms=0)
    pick(board, region="card:2")
    before = (board.session.state, list(board.session.moves))
    data = json.loads(SavedGame(board.game, 0, []).dumps())
    for config in ({"movement": 30000}, {"families": [[10**30]]}, {"families": [[1] * 5000]}, {"die_sides": 10**9}):
        board.receive("import", json.dumps(dict(data, config=config)))
        assert (board.session.state, list(board.session.moves)) == before
        assert "Partie sauvegardée illisible" in plain(board.message.value), plain(board.message.value)


def test_the_new_game_dialog_offers_the_three_variants_in_words() -> None:
    board = Board(mineedu.make("dragon_cave", 2), seats=[None, "random"], bot_pause_ms=0, lang="en")
    assert [box.description for box in board.variant_boxes] == [v.words["en"] for v in VARIANTS]
    board.new_toggle.value = True
    board.variant_boxes[1].value = True  # the movement die
    board.variant_boxes[2].value = True  # the dragon's die
    board.start_button.click()
    cfg = board.game.config
    assert (cfg.blind, cfg.dice_movement, cfg.dice_dragon) == (False, True, True)
    assert "P1 to move — die " in plain(board.canvas.svg) and "dragon's die (d6)" in plain(board.canvas.svg)
