"""The lessons in real Chromium against the real Voilà server (marker ``browser``)."""

from __future__ import annotations

from fractions import Fraction

from mineedu.core import SavedGame
from mineedu.core.i18n import format_number
from mineedu.games.gold_mine import odds

from .helpers import APP, START

ACTION = ".mineedu-action >> visible=true"
CHANGED = "old => { const e = document.querySelector('.mineedu-saved-json'); return e && e.innerText !== old; }"


def saved_state(page):
    """The game the app displays, replayed by the engine from the app's saved-game text."""
    text = page.locator(".mineedu-saved-json").inner_text()
    saved = SavedGame.loads(text)
    return saved, saved.replay()


def click_and_wait(page, locator):
    old = page.locator(".mineedu-saved-json").inner_text()
    locator.click()
    page.wait_for_function(CHANGED, arg=old)
    page.locator(ACTION).first.wait_for()


def check_odds_panel(page):
    saved, state = saved_state(page)
    assert saved.game.name == "gold_mine"
    me = 0  # the lesson's seat 0 is the human
    d, n = odds.dragon_fraction(state)
    if n:
        assert page.locator(".odds-next").inner_text() == f"{d}/{n}"
        assert page.locator(".odds-next-pct").inner_text() == format_number(Fraction(d, n), "fr", percent=True)
    else:  # no exploration card left: no "next card" figure
        assert page.locator(".odds-next").count() == 0
    gold = odds.expected_gold_next(state)
    assert Fraction(page.locator(".odds-gold").inner_text()) == gold
    pos = state.positions[me]
    if pos > 0:
        assert page.locator(".odds-reach-table th").all_inner_texts() == ["k", "exacte", "≈"]
        cells = page.locator(".odds-reach")
        approx = page.locator(".odds-reach-pct")
        assert cells.count() == approx.count() > 0
        for i in range(cells.count()):
            k = int(cells.nth(i).get_attribute("data-k"))
            p = odds.p_dragon_reaches(state, pos, k)
            assert Fraction(cells.nth(i).inner_text()) == p
            assert approx.nth(i).inner_text() == format_number(p, "fr", percent=True)  # "< 0,1 %" when tiny, "0 %" when zero
    return state


def test_server_preheats_and_culls(server, server_log):
    log = server_log.read_text()
    assert "Kernel pool of gold_mine.ipynb is filled" in log and "Kernel pool of index.ipynb is filled" in log
    assert "Culling kernels with idle durations > 900 seconds at 60 second intervals" in log


def test_start_page_lists_the_lessons(server, page):
    page.goto(server + START)
    page.locator(".mineedu-lesson").first.wait_for()
    assert page.locator(".mineedu-lesson").count() == 5
    assert "bientôt" in page.locator(".mineedu-lesson[data-game='yukon']").inner_text()
    page.get_by_text("English").click()
    page.get_by_text("coming soon").first.wait_for()
    page.locator("a.mineedu-lesson-link").click()
    page.wait_for_url("**/gold_mine.ipynb")
    page.locator(ACTION).first.wait_for()


def test_play_a_round_with_live_odds_and_language_switch(server, page):
    page.goto(server + APP)
    page.locator(ACTION).first.wait_for()
    check_odds_panel(page)
    clicks = 0
    while page.locator(".mineedu-round-result").count() == 0:
        click_and_wait(page, page.locator(ACTION).first)  # explore, or an exit card's first option
        check_odds_panel(page)
        clicks += 1
        assert clicks < 80
    _, state = saved_state(page)
    result = state.results[0]
    table = page.locator(".mineedu-round-result").inner_text()
    for i, g in enumerate(result.gold):
        assert f"J{i + 1}\t{g}" in table
    # English and back
    page.locator(".mineedu-lang").get_by_text("English").click()
    page.locator(ACTION).get_by_text("Explore: draw an exploration card").wait_for()
    assert "P(next card is a dragon)" in page.locator(".mineedu-odds").inner_text()
    assert "Round 1: scoring" in page.locator(".mineedu-status").inner_text()
    page.locator(".mineedu-lang").get_by_text("Français").click()
    page.locator(ACTION).get_by_text("Explorer : piocher une carte Exploration").wait_for()
    check_odds_panel(page)


def test_hostile_click_on_a_hidden_button(server, page):
    page.goto(server + APP)
    page.locator(ACTION).first.wait_for()
    before = page.locator(".mineedu-saved-json").inner_text()
    # a client un-hides a button that stands for no legal move, and clicks it
    page.evaluate("""() => {
        const hidden = [...document.querySelectorAll('.mineedu-action')].filter(b => getComputedStyle(b).display === 'none');
        hidden[0].style.display = 'inline-block';
        hidden[0].click();
    }""")
    page.locator(".mineedu-message [role=alert]").wait_for()
    assert "ne correspond plus" in page.locator(".mineedu-message").inner_text()
    assert page.locator(".mineedu-saved-json").inner_text() == before


def test_simulation_chart_appears_on_demand(server, page):
    page.goto(server + APP)
    page.locator(".mineedu-simulate").wait_for()
    assert page.locator(".js-plotly-plot").count() == 0
    page.locator(".mineedu-simulate").click()
    page.locator(".js-plotly-plot").wait_for()
    assert "≈" in page.locator(".mineedu-sim-result").inner_text()


TRUNCATED = """() => [...document.querySelectorAll('button')]
    .filter(b => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1)
    .map(b => b.innerText)"""


def test_buttons_fit_their_labels_in_both_languages(server, page):
    page.goto(server + APP)
    page.locator(ACTION).first.wait_for()
    for _ in range(2):  # a human move: undo becomes active
        click_and_wait(page, page.locator(ACTION).first)
    assert page.evaluate(TRUNCATED) == []
    page.locator(".mineedu-lang").get_by_text("English").click()
    page.locator(ACTION).get_by_text("Explore: draw an exploration card").wait_for()
    assert page.evaluate(TRUNCATED) == []


def test_start_page_pictures_each_game(server, page):
    page.goto(server + START)
    page.locator(".mineedu-lesson").first.wait_for()
    thumbs = page.locator(".mineedu-lesson img.mineedu-thumb")
    assert thumbs.count() == 5
    loaded = page.evaluate("() => [...document.querySelectorAll('img.mineedu-thumb')].map(i => i.complete && i.naturalWidth > 0)")
    assert loaded == [True] * 5
    assert len(set(thumbs.evaluate_all("imgs => imgs.map(i => i.src)"))) == 5
