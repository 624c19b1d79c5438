"""The shared board, driven in-process like a browser would: clicks and values."""

from __future__ import annotations

import json

import pytest

from mineedu.core import SavedGame
from mineedu.ui import Board
from tests.core.toy import ToyGame


def visible(board):
    return [b for b in board.buttons if b.layout.display != "none"]


def snapshot(board):
    return (board.session.state, list(board.session.moves), board.session.seats)


@pytest.fixture
def board():
    return Board(ToyGame(2), seats=[None, "random"], seed=3)


def test_buttons_are_the_legal_actions_and_click_plays(board):
    assert [b.description for b in visible(board)] == ["draw", "pass"]
    visible(board)[1].click()  # pass
    s = board.session
    assert s.moves[0] == (0, "pass")
    assert s.state.stopped[0]
    # the log shows the bot's moves after ours
    assert "Place 2" in board.log.value
    assert board.message.value == ""


def test_saved_view_replays_to_the_displayed_state(board):
    visible(board)[0].click()
    data = json.loads(board.saved_view.value.split(">", 1)[1].rsplit("<", 1)[0].replace("&quot;", '"'))
    assert data["moves"] == [[p, a] for p, a in board.session.moves]


def test_undo_button(board):
    before = snapshot(board)
    assert board.undo_button.disabled
    visible(board)[0].click()
    assert not board.undo_button.disabled
    board.undo_button.click()
    assert snapshot(board) == before


def test_language_switch_rerenders_every_text(board):
    fr = (board.status.value, board.undo_button.description, board.odds.value, board.start_button.description)
    board.lang_switch.value = "en"
    en = (board.status.value, board.undo_button.description, board.odds.value, board.start_button.description)
    assert all(a != b for a, b in zip(fr, en))
    assert "Your turn" in board.status.value and board.seat_boxes[1].description == "Seat 2"
    board.lang_switch.value = "fr"
    assert (board.status.value, board.undo_button.description, board.odds.value, board.start_button.description) == fr


def test_new_game_dialog(board):
    board.players_slider.value = 3
    assert board.seat_boxes[2].layout.display is None
    board.seat_boxes[0].value = "random"
    board.seat_boxes[1].value = None
    board.seat_boxes[2].value = "random"
    board.seed_box.value = 42
    board.start_button.click()
    s = board.session
    assert s.game.num_players == 3 and s.seats == ["random", None, "random"] and s.seed == 42
    assert s.human_to_move() == 1 and board.message.value == ""


# --- hostile client: any widget value, any click ------------------------------


def test_click_on_hidden_button_is_refused(board):
    before = snapshot(board)
    board.buttons[5].click()  # hidden: no legal action behind it
    assert snapshot(board) == before
    assert "ne correspond plus" in board.message.value


def test_stale_click_is_refused(board):
    board.lang_switch.value = "en"
    token = board._tokens[0]
    visible(board)[0].click()
    before = snapshot(board)
    board.receive("move", token)  # the click that arrives after the position changed
    assert snapshot(board) == before
    assert "no longer matches" in board.message.value


def test_move_for_a_bots_seat_is_refused(board):
    before = snapshot(board)
    board.receive("move", (1, 0, board.version))
    assert snapshot(board) == before
    assert "robot" in board.message.value


def test_out_of_range_slider_is_refused(board):
    before = snapshot(board)
    # a client may change a slider's bounds and then its value
    board.players_slider.set_state({"max": 99})
    board.players_slider.set_state({"value": 50})
    assert "50" in board.message.value and "2–3" in board.message.value
    board.start_button.click()
    assert snapshot(board) == before
    assert "50" in board.message.value


def test_seat_box_out_of_range_index_does_not_reach_the_game(board):
    from traitlets import TraitError

    before = snapshot(board)
    with pytest.raises(TraitError):
        board.seat_boxes[1].set_state({"index": 17})
    board.start_button.click()
    assert board.session.seats == before[2]


def test_bad_seed_is_refused(board):
    before = snapshot(board)
    board.seed_box.set_state({"value": -5})
    board.start_button.click()
    assert snapshot(board) == before and "-5" in board.message.value


def test_bad_language_value_is_refused(board):
    board.receive("lang", "de")
    assert board.lang == "fr" and "&#x27;de&#x27;" in board.message.value


def test_corrupt_import_is_refused_clearly(board):
    before = snapshot(board)
    board.saved_text.value = '{"format": "mineedu-saved-game/1", "moves": ['
    board.import_button.click()
    assert snapshot(board) == before and "illisible" in board.message.value


def test_oversized_import_is_refused(board):
    before = snapshot(board)
    board.saved_text.value = "[" * 2_000_000
    board.import_button.click()
    assert snapshot(board) == before and "1000000" in board.message.value


def test_export_then_import(board, monkeypatch):
    from mineedu.core import registry

    monkeypatch.setitem(registry._GAMES, "toy", ToyGame)
    visible(board)[0].click()
    board.export_button.click()
    state = board.session.state
    board.receive("new_game", None)
    assert board.session.state != state
    board.import_button.click()
    assert board.session.state == state
    assert SavedGame.loads(board.saved_text.value).replay() == state
