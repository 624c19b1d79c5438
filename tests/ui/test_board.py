"""The shared board, driven in-process exactly as its browser front end would."""

from __future__ import annotations

import pytest

import mineedu
from mineedu.core import CHANCE, SIMULTANEOUS, SavedGame
from mineedu.ui import Board
from tests.core.toy import ToyGame

from .drive import labels, pick, run_bots, send, tick


def snapshot(board):
    return (board.session.state, list(board.session.moves), board.session.seats)


@pytest.fixture
def board():
    return Board(ToyGame(2), seats=[None, "random"], seed=3)


def test_options_are_the_legal_actions_and_a_pick_plays(board):
    assert "Aucun coup pour l" in board.log.value  # the log says why it is empty, not a bare heading
    assert labels(board) == ["draw", "pass"]
    assert all(o["region"] is None for o in board.canvas.options)  # the toy's picture has no regions: buttons
    pick(board, label="pass")
    s = board.session
    assert s.moves[0] == (0, "pass")
    assert s.state.stopped[0]
    assert board.canvas.tick_ms > 0 and board.canvas.options == []  # the bot moves next, after a pause
    run_bots(board)
    assert "J2" in board.log.value and "au hasard" in board.log.value  # the bot's move and its reason
    assert "Aucun coup" not in board.log.value
    assert board.message.value == ""


def test_tokens_are_opaque_and_say_nothing_of_the_action(board):
    tokens = [o["token"] for o in board.canvas.options]
    assert len(set(tokens)) == 2 and not any("draw" in t or "pass" in t for t in tokens)


def test_the_saved_game_is_sent_only_when_asked(board, monkeypatch):
    from mineedu.core import registry

    monkeypatch.setitem(registry._GAMES, "toy", ToyGame)
    pick(board, label="draw")
    run_bots(board)
    assert board.saved_text.value == ""
    board.export_button.click()
    assert SavedGame.loads(board.saved_text.value).replay() == board.session.state


def test_undo_button(board):
    before = snapshot(board)
    assert board.undo_button.disabled
    pick(board, label="draw")
    run_bots(board)
    assert not board.undo_button.disabled
    board.undo_button.click()
    assert snapshot(board) == before


def test_language_switch_rerenders_every_text(board):
    fr = (board.status.value, board.undo_button.description, board.start_button.description, board.new_toggle.description)
    board.lang_switch.value = "en"
    en = (board.status.value, board.undo_button.description, board.start_button.description, board.new_toggle.description)
    assert all(a != b for a, b in zip(fr, en, strict=True))
    assert "Your turn" in board.status.value and board.seat_boxes[1].description == "Seat 2"
    assert board.canvas.lang == "en"
    board.lang_switch.value = "fr"
    assert (board.status.value, board.undo_button.description, board.start_button.description, board.new_toggle.description) == fr


def test_new_game_dialog(board):
    board.new_toggle.value = True
    assert board.dialog.layout.display is None
    board.players_box.value = "3"
    assert board.seat_boxes[2].layout.display is None
    assert board.seat_boxes[0].label == "humain"  # not a blank box: ipywidgets reads a value of None as no selection
    board.seat_boxes[0].value = "random"
    board.seat_boxes[1].index = 0  # the first option: a human
    board.seat_boxes[2].value = "random"
    board.seed_box.value = 42
    board.start_button.click()
    s = board.session
    assert s.game.num_players == 3 and s.seats == ["random", None, "random"] and s.seed == 42
    assert board.message.value == "" and board.new_toggle.value is False
    run_bots(board)
    assert s.human_to_move() == 1


def test_bots_at_once_when_there_is_no_pause():
    b = Board(ToyGame(3), seats=["random", "random", None], seed=2, bot_pause_ms=0)
    assert b.session.human_to_move() == 2 and b.canvas.tick_ms == 0


def test_a_bots_visible_turn_waits_for_the_pause_and_its_hidden_choice_does_not():
    # seat 0 a bot: its turn (draw or pass) is seen, so the board pauses before it
    b = Board(ToyGame(2), seats=["random", None], seed=2)
    assert b.canvas.tick_ms > 0 and b.session.human_to_move() is None
    # once everyone has stopped, the bot's secret bid shows nothing: it is made with the move before
    # (the human's pass, or the bot's own visible pass) and the human bids without waiting
    s = b.session
    for _ in range(50):
        if s.state.current_player() == SIMULTANEOUS:
            break
        if s.human_to_move() == 1:
            pick(b, label="pass")
        else:
            tick(b)
    assert s.state.current_player() == SIMULTANEOUS and s.human_to_move() == 1 and b.canvas.tick_ms == 0
    assert s.state.bids[0] is not None  # the bot has bid, and the human's board says nothing of what
    assert labels(b) == ["high", "low"]


def test_a_new_silver_gold_table_lets_the_human_keep_cards_at_once():
    game = mineedu.make("silver_gold", 2)
    b = Board(game, seats=[None, "greedy"], seed=5)
    s = b.session
    assert s.state.phase == "keep" and s.human_to_move() == 0 and b.canvas.tick_ms == 0
    assert [e.player for e in s.events if e.player != CHANCE] == [1]  # the bot kept its two cards, unseen
    # a game saved at that table before the bot kept shows that very position once loaded
    before_bot = s.moves[: [m[0] for m in s.moves].index(1)]
    b.receive("import", SavedGame(game, 5, before_bot).dumps())
    assert b.session.moves == before_bot


def test_hot_seat_with_hidden_information_passes_the_screen():
    b = Board(ToyGame(2), seats=[None, None], seed=1)
    # one screen, two humans, secret bids: the screen is covered until the next human says they have it
    assert b.canvas.cover and b.canvas.options == [] and b.viewer() is None
    send(b, "ready")
    assert not b.canvas.cover and b.viewer() == 0 and labels(b) == ["draw", "pass"]
    pick(b, label="pass")
    assert b.canvas.cover and "J2" in b.canvas.cover and b.viewer() is None


# --- hostile client: any message, any widget value ------------------------------


def test_unknown_or_malformed_messages_are_refused(board):
    before = snapshot(board)
    for content in ({"event": "pick"}, {"event": "fly", "token": "x", "version": board.canvas.version}, "pick", None,
                    {"event": "pick", "token": ["o1.0"], "version": board.canvas.version}):
        board.receive("canvas", content)
        assert snapshot(board) == before and board.message.value
    board.receive("execute", "import os")
    assert snapshot(board) == before and "refus" in board.message.value


def test_a_forged_token_is_refused(board):
    before = snapshot(board)
    send(board, "pick", "o999.0")
    assert snapshot(board) == before
    assert "ne correspond plus" in board.message.value


def test_stale_click_is_refused(board):
    board.lang_switch.value = "en"
    old = board.canvas.options[0]["token"], board.canvas.version
    pick(board, label="draw")
    before = snapshot(board)
    send(board, "pick", *old)  # the click that arrives after the position changed
    assert snapshot(board) == before
    assert "no longer matches" in board.message.value


def test_every_input_is_answered_in_the_redraw_that_follows_it(board):
    """``answered`` (what the page waits for before it offers another click) counts the student's inputs, a
    refused one too, not the pauses' ticks; it goes out in the same message as the position it answers."""
    sent: list[dict] = []
    board.canvas.send_state = lambda key=None: sent.append(board.canvas.get_state(key))  # what the comm would send
    assert board.canvas.answered == 0
    pick(board, label="pass")
    assert board.canvas.answered == 1 and any("answered" in m and "options" in m for m in sent)
    tick(board)
    assert board.canvas.answered == 1
    send(board, "pick", "o999.0")  # refused: still answered
    assert board.canvas.answered == 2 and board.message.value
    board.canvas._message(board.canvas, "not a dict", [])
    assert board.canvas.answered == 3


def test_an_input_the_handler_fails_on_is_still_answered(board):
    def fail(_content):
        raise RuntimeError("a bug")

    board.canvas.handler = fail
    with pytest.raises(RuntimeError):
        send(board, "pick", board.canvas.options[0]["token"])
    assert board.canvas.answered == 1  # the page offers its choices again instead of waiting for ever


def test_a_tick_does_not_let_a_human_seat_move(board):
    before = snapshot(board)
    tick(board)  # nobody but the human can move now: a tick does nothing
    assert snapshot(board) == before


def test_show_all_is_the_teachers_only(board):
    board.receive("show_all", True)
    assert board.show_all is False and "enseignant" in board.message.value
    teacher = Board(ToyGame(2), seats=[None, "random"], teacher=True)
    teacher.show_all_box.value = True
    assert teacher.show_all is True


def test_out_of_range_player_count_is_refused(board):
    before = snapshot(board)
    board.receive("players", "50")
    assert "50" in board.message.value and "2–3" in board.message.value
    board.receive("new_game", None)
    assert snapshot(board) == before


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


def test_an_import_refusal_is_worded_in_the_readers_language(board):
    before = snapshot(board)
    board.saved_text.value = "[" * 10_000  # short enough, nested too deep
    board.import_button.click()
    fr = board.message.value
    assert snapshot(board) == before
    board.receive("lang", "en")
    board.import_button.click()
    en = board.message.value
    assert "imbrique plus de 64 niveaux" in fr and "deep" not in fr
    assert "nests brackets or braces more than 64 levels deep" in en and "imbrique" not in en


def test_export_then_import(board, monkeypatch):
    from mineedu.core import registry

    monkeypatch.setitem(registry._GAMES, "toy", ToyGame)
    pick(board, label="draw")
    run_bots(board)
    board.export_button.click()
    state = board.session.state
    board.receive("new_game", None)
    assert board.session.state != state
    board.import_button.click()
    assert board.session.state == state and "chargée" in board.message.value


def test_the_log_puts_each_chapter_heading_above_its_moves_newest_first():
    import re

    import mineedu

    b = Board(mineedu.make("gold_mine", 3), seats=["random"] * 3, seed=4, bot_pause_ms=0)
    log = b.log.value
    headings = [m.start() for m in re.finditer("mineedu-log-chapter", log)]
    titles = re.findall(r"mineedu-log-chapter'><b>([^<]+)<", log)
    assert titles == sorted(titles, reverse=True) and len(titles) >= 2  # newest round first
    first_line = log.index("class='mineedu-log-line'>")
    assert headings[0] < first_line  # a heading opens its group
