"""The start page shows a real, small picture of every game, drawn by the game itself."""

from __future__ import annotations

import base64
import re
import time

import mineedu
from mineedu.core import CHANCE
from mineedu.ui import start

# --- the start page: a real picture of each game ---------------------------------------------


def test_start_page_shows_each_games_own_picture():
    page = start._page("fr")
    names = [n for n, _, _ in start.LESSONS]
    assert set(names) == {"gold_mine", "dragon_cave", "yukon", "silver_gold", "coal_mine"}
    rows = re.findall(r"<div class='mineedu-lesson' data-game='(\w+)'.*?<img class=\"mineedu-thumb\" src=\"data:image/svg\+xml;base64,([^\"]+)\" width=\"(\d+)\" height=\"(\d+)\"", page)
    assert [r[0] for r in rows] == names
    for name, data, w, h in rows:
        svg = base64.b64decode(data).decode("utf-8")
        game = mineedu.make(name, players=4)
        state = game.initial_state()
        assert svg.startswith("<svg")
        assert (int(w), int(h)) == start.THUMB_SIZE
        if state.current_player() != CHANCE:  # no deal to make: the picture of the initial state itself
            assert svg == game.render_svg(state, None, "fr")
    assert len({r[1] for r in rows}) == 5  # five different pictures
    assert page.count("(bientôt)") == 4 and start._page("en").count("(coming soon)") == 4


def test_thumbnail_of_a_dealt_game_is_past_the_deal():
    state = start.first_position("silver_gold")
    assert state.current_player() != CHANCE
    assert state == start.first_position("silver_gold")  # the same fixed seed every time


def test_thumbnails_are_cached_and_cheap():
    start.thumbnail.cache_clear()
    t0 = time.perf_counter()
    start._page("fr")
    first = time.perf_counter() - t0
    t0 = time.perf_counter()
    for _ in range(20):
        start._page("fr")
    again = (time.perf_counter() - t0) / 20
    assert first < 2.0 and again < 0.005
    assert start.thumbnail.cache_info().hits >= 100


def test_a_game_that_cannot_draw_itself_keeps_the_stand_in(monkeypatch):
    start.thumbnail.cache_clear()
    monkeypatch.setattr(start, "first_position", lambda name: 1 / 0)
    try:
        assert start.thumbnail("yukon", "fr").startswith("<svg")
    finally:
        start.thumbnail.cache_clear()
