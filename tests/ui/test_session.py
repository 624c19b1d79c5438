"""GameSession: seats, seeded chance, undo, saved games — with the toy game."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mineedu.core import CHANCE, SavedGame, SavedGameError
from mineedu.ui import GameSession, MoveRefused
from tests.core.toy import ToyGame


def test_bots_move_until_a_human_must_choose():
    s = GameSession(ToyGame(3), seats=["random", None, "random"], seed=5)
    assert s.waiting_for_bots() and s.human_to_move() is None
    s.advance()
    # seat 0 is a bot: it moved before seat 1 was asked
    assert s.moves and s.moves[0][0] == 0
    assert s.human_to_move() == 1
    assert s.state.current_player() == 1


def test_all_bots_play_to_the_end():
    s = GameSession(ToyGame(2), seats=["random", "random"], seed=1)
    s.advance()
    assert s.state.is_terminal() and not s.waiting_for_bots()
    assert s.human_to_move() is None and s.legal() == ()


def test_same_seed_same_game_and_replay_matches():
    a = GameSession(ToyGame(2), seats=[None, "random"], seed=9)
    b = GameSession(ToyGame(2), seats=[None, "random"], seed=9)
    for s in (a, b):
        while s.human_to_move() is not None:
            s.play_index(s.human_to_move(), 0)
            s.advance()
    assert a.moves == b.moves and a.state == b.state
    assert SavedGame(a.game, 9, a.moves).replay() == a.state


def test_events_chain_states():
    s = GameSession(ToyGame(2), seats=[None, "random"], seed=2)
    s.play_index(0, 0)
    s.advance()
    state = s.game.initial_state()
    for e in s.events:
        assert e.before == state
        state = e.after
    assert state == s.state
    assert [(e.player, e.action) for e in s.events] == s.moves
    assert any(e.player == CHANCE for e in s.events)


def test_undo_rewinds_state_moves_and_chance():
    s = GameSession(ToyGame(2), seats=[None, "random"], seed=4)
    start, moves0 = s.state, list(s.moves)
    s.play_index(0, 0)  # draw: a chance card follows
    s.advance()
    after, moves1 = s.state, list(s.moves)
    assert not s.can_undo(1)  # the bot's seat, and nobody else's move, cannot be undone
    s.undo(0)
    assert s.state == start and s.moves == moves0
    s.play_index(0, 0)  # same move, same card: undo does not redraw
    s.advance()
    assert s.state == after and s.moves == moves1
    s.undo(0)
    with pytest.raises(MoveRefused) as exc:
        s.undo(0)
    assert exc.value.key == "nothing_to_undo"
    assert "Rien" in exc.value.text("fr") and "Nothing" in exc.value.text("en")


@pytest.mark.parametrize(
    "player, index, key",
    [
        (1, 0, "bot_seat"),
        (7, 0, "bad_seat"),
        (-1, 0, "bad_seat"),
        ("0", 0, "bad_seat"),
        (True, 0, "bad_seat"),
        (0, 2, "bad_index"),
        (0, -1, "bad_index"),
        (0, "0", "bad_index"),
        (0, 1.0, "bad_index"),
        (0, None, "bad_index"),
    ],
)
def test_hostile_moves_are_refused_and_change_nothing(player, index, key):
    s = GameSession(ToyGame(2), seats=[None, "random"], seed=0)
    state, moves = s.state, list(s.moves)
    with pytest.raises(MoveRefused) as exc:
        s.play_index(player, index)
    assert exc.value.key == key
    assert s.state == state and s.moves == moves and not s.can_undo(0)


def test_not_your_turn_for_a_human_waiting():
    s = GameSession(ToyGame(2), seats=[None, None], seed=0)
    with pytest.raises(MoveRefused) as exc:
        s.play_index(1, 0)
    assert exc.value.key == "not_your_turn"


def test_illegal_action_gives_the_rule():
    s = GameSession(ToyGame(2), seats=[None, "random"], seed=0)
    with pytest.raises(MoveRefused) as exc:
        s.play("fly", 0)
    assert exc.value.key == "illegal" and "legal actions" in exc.value.text("en")


@pytest.fixture
def toy_registered(monkeypatch):
    from mineedu.core import registry

    monkeypatch.setitem(registry._GAMES, "toy", ToyGame)


def test_export_import_round_trip(toy_registered):
    s = GameSession(ToyGame(3), seats=[None, "random", None], seed=11)
    s.play_index(0, 0)
    s.advance()
    t = GameSession.from_text(s.export(), seats=s.seats)
    assert t.state == s.state and t.moves == s.moves and t.seed == 11


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("{not json", "not valid JSON"),
        ('{"format": "other"}', "not a mineedu saved game"),
        ('{"format": "mineedu-saved-game/1", "game": "nope", "players": 2, "moves": []}', "no game named"),
        ('{"format": "mineedu-saved-game/1", "game": "toy", "players": 9, "moves": []}', "2 to 3 players"),
        ('{"format": "mineedu-saved-game/1", "game": "toy", "players": 2, "moves": [[0, "fly"]]}', "move 1"),
        ('{"format": "mineedu-saved-game/1", "game": "toy", "players": 2, "moves": {}}', "moves must be a list"),
        (17, "JSON text"),
    ],
)
def test_corrupt_saved_games_fail_clearly(text, fragment, toy_registered):
    with pytest.raises(SavedGameError) as exc:
        GameSession.from_text(text)
    assert fragment in str(exc.value)


def test_bad_seats_and_seed():
    with pytest.raises(MoveRefused):
        GameSession(ToyGame(2), seats=[None])
    with pytest.raises(MoveRefused):
        GameSession(ToyGame(2), seed="1")  # type: ignore[arg-type]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), picks=st.lists(st.integers(0, 3), max_size=12), undo_at=st.integers(0, 12))
def test_random_play_with_undo_matches_replay(seed, picks, undo_at):
    s = GameSession(ToyGame(3), seats=[None, "random", None], seed=seed)
    history = []
    for k, i in enumerate(picks):
        p = s.human_to_move()
        if p is None:
            break
        history.append((p, s.state, list(s.moves)))
        try:
            s.play_index(p, i)
            s.advance()
        except MoveRefused as exc:
            assert exc.key == "bad_index" and i >= len(s.legal(p))
            history.pop()
        if k == undo_at and s.can_undo(history[-1][0] if history else None):
            s.undo(history[-1][0])
            _, state, moves = history.pop()
            assert s.state == state and s.moves == moves
    assert SavedGame(s.game, seed, s.moves).replay() == s.state


def test_undo_is_only_for_the_player_who_made_the_last_human_move():
    s = GameSession(ToyGame(2), seats=[None, None], seed=3)
    s.play_index(0, 1)  # seat 0 passes; seat 1 (another human) is to move
    assert s.human_to_move() == 1
    assert not s.can_undo(1)
    with pytest.raises(MoveRefused):
        s.undo(1)
    assert s.can_undo(0)


def test_bots_can_be_paced_one_move_at_a_time():
    s = GameSession(ToyGame(3), seats=[None, "random", "random"], seed=8)
    s.play_index(0, 1)  # pass: two bots to go
    made = s.advance(bot_moves=1)
    assert sum(e.player != CHANCE for e in made) == 1
    assert all(e.player == CHANCE for e in made[1:])  # the chance a bot's move calls for follows it at once
    assert made[0].reason == {"fr": "au hasard", "en": "at random"}


def test_listeners_hear_every_change():
    s = GameSession(ToyGame(2), seats=[None, "random"], seed=1)
    heard = []
    s.subscribe(lambda session: heard.append(len(session.events)))
    s.play_index(0, 1)
    s.advance()
    s.undo(0)
    assert len(heard) == 3 and heard[-1] == 0
