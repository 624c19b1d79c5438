"""The saved-game reader is bounded in size and nesting, and says why in French and English."""

from __future__ import annotations

import json

import numpy as np
import pytest

import mineedu
from mineedu.core import RandomBot, SavedGame, SavedGameError, play
from mineedu.core.errors import SAVED_TEXTS
from mineedu.core.i18n import NBSP
from mineedu.core.saved import MAX_CHARS, MAX_DEPTH


def saved_text(moves: int = 6) -> str:
    game = mineedu.make("gold_mine", 4)
    events = list(play(game.initial_state(), [RandomBot()] * 4, np.random.default_rng(3), max_moves=10_000))[:moves]
    return SavedGame(game, 3, [(e.player, e.action) for e in events]).dumps()


@pytest.mark.parametrize("opening", ["[", "{\"a\":", "[{\"b\":"])
def test_400_kb_of_nested_brackets_is_a_clear_error_not_a_recursion_error(opening):
    text = opening * (400_000 // len(opening))
    with pytest.raises(SavedGameError) as err:
        SavedGame.loads(text)
    assert err.value.key == "too_deep"
    assert err.value.text("en") == f"the saved game nests brackets or braces more than {MAX_DEPTH} levels deep"
    assert err.value.text("fr").startswith("la partie sauvegardée imbrique plus de 64 niveaux")


def test_nesting_hidden_in_a_real_saved_game_is_refused_too():
    data = json.loads(saved_text())
    data["moves"][0][1] = json.loads("[" * 200 + "]" * 200)
    with pytest.raises(SavedGameError) as err:
        SavedGame.loads(json.dumps(data))
    assert err.value.key == "too_deep"


def test_brackets_inside_strings_are_text_not_nesting():
    data = json.loads(saved_text())
    data["note"] = "[" * 10_000 + "\\\"{" * 100
    assert SavedGame.loads(json.dumps(data)).moves == SavedGame.loads(saved_text()).moves


def test_a_text_over_the_size_limit_is_refused_before_it_is_parsed():
    text = saved_text()
    padded = text[:-1] + ', "pad": "' + "x" * MAX_CHARS + '"}'
    with pytest.raises(SavedGameError) as err:
        SavedGame.loads(padded)
    assert err.value.key == "too_long" and err.value.fmt["n"] == len(padded)
    assert "au plus" in err.value.text("fr") and "at most" in err.value.text("en")


def test_a_real_saved_game_still_replays():
    text = saved_text(moves=40)
    saved = SavedGame.loads(text)
    assert SavedGame.loads(saved.dumps()).replay() == saved.replay()


@pytest.mark.parametrize("text, key", [
    ("not json", "not_json"),
    ('{"format": "other"}', "not_saved"),
    ('{"format": "mineedu-saved-game/1"}', "lacks"),
    ('{"format": "mineedu-saved-game/1", "game": "gold_mine", "players": 4, "seed": "x", "moves": []}', "bad_seed"),
    ('{"format": "mineedu-saved-game/1", "game": "gold_mine", "players": 4, "moves": {}}', "moves_list"),
    ('{"format": "mineedu-saved-game/1", "game": "gold_mine", "players": 4, "moves": [[true, 1]]}', "bad_move"),
    ('{"format": "mineedu-saved-game/1", "game": "gold_mine", "players": 99, "moves": []}', "corrupt"),
])
def test_every_refusal_has_words_in_both_languages(text, key):
    with pytest.raises(SavedGameError) as err:
        SavedGame.loads(text)
    e = err.value
    assert e.key == key
    fr, en = e.text("fr"), e.text("en")
    assert fr and en and fr != en and str(e) == en


def test_a_move_that_does_not_replay_names_its_number_in_both_languages():
    data = json.loads(saved_text(moves=20))
    k = next(i for i, (p, _) in enumerate(data["moves"]) if p != -1)
    data["moves"][k][0] = -1  # a player's move recorded as chance
    with pytest.raises(SavedGameError) as err:
        SavedGame.loads(json.dumps(data))
    assert err.value.key == "no_replay" and err.value.fmt["i"] == k + 1
    assert err.value.text("fr").startswith(f"le coup {k + 1} de la partie sauvegardée ne se rejoue pas")
    assert err.value.text("en").startswith(f"move {k + 1} of the saved game does not replay")


def test_french_texts_follow_french_typography():
    for key, texts in SAVED_TEXTS.table.items():
        assert " :" not in texts["fr"], key  # a no-break space before the colon
        if ":" in texts["fr"]:
            assert NBSP + ":" in texts["fr"], key


def test_an_error_without_a_key_keeps_its_message():
    e = SavedGameError("a saved game is JSON text")
    assert e.key is None and e.text("fr") == e.text("en") == "a saved game is JSON text"
