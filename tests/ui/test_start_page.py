"""The start page lists every registered game from the registry and the lesson specs,
with a real picture of each game drawn by the game itself."""

from __future__ import annotations

import base64
import re

import mineedu
from mineedu.core import CHANCE
from mineedu.core.lesson import lesson_spec
from mineedu.ui import start

ROW = re.compile(r"<div class='mineedu-lesson' data-game='(\w+)'.*?<img class=\"mineedu-thumb\" src=\"data:image/svg\+xml;base64,"
                 r"([^\"]+)\" width=\"(\d+)\" height=\"(\d+)\"(.*?)</div></div>")


def test_start_page_shows_every_registered_game_with_its_own_picture():
    page = start._page("fr")
    rows = ROW.findall(page)
    assert sorted(r[0] for r in rows) == mineedu.game_names()
    for name, data, w, h, rest in rows:
        svg = base64.b64decode(data).decode("utf-8")
        assert svg.startswith("<svg") and (int(w), int(h)) == start.THUMB_SIZE
        state = start.first_position(name)
        assert svg == state.game.render_svg(state, None, "fr")
        spec = lesson_spec(name)
        if spec is None:
            assert "(leçon bientôt)" in rest
        else:  # the line and the link come from the game's own lesson spec, carrying the language
            assert spec.blurb["fr"] in rest and f"href='{spec.notebook}?lang=fr'" in rest
    assert len({r[1] for r in rows}) == len(rows)  # different pictures
    assert "href='gold_mine.ipynb?lang=en'" in start._page("en")


def test_lessons_come_first_in_the_games_order():
    names = [n for n, spec in start.lessons() if spec is not None]
    assert names[0] == "gold_mine" and all(spec is None for _, spec in start.lessons()[len(names):])


def test_thumbnail_of_a_dealt_game_is_past_the_deal():
    state = start.first_position("silver_gold")
    assert state.current_player() != CHANCE
    assert state == start.first_position("silver_gold")  # the same fixed seed every time


def test_thumbnails_are_drawn_once_per_kernel():
    start.thumbnail.cache_clear()
    for _ in range(3):
        start._page("fr")
    info = start.thumbnail.cache_info()
    assert info.misses == len(mineedu.game_names()) and info.hits == 2 * len(mineedu.game_names())


def test_a_game_that_cannot_draw_itself_keeps_the_stand_in(monkeypatch):
    start.thumbnail.cache_clear()
    monkeypatch.setattr(start, "first_position", lambda name: 1 / 0)
    try:
        assert start.thumbnail("yukon", "fr").startswith("<svg")
    finally:
        start.thumbnail.cache_clear()


def test_the_address_sets_the_start_pages_language():
    page = start.start_page("fr")
    start.apply_query(page, "lang=en")
    assert page.language.lang == "en"
