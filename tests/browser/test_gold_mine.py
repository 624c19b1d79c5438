"""The My Gold Mine lesson and the start page in real Chromium against the real Voilà server
(the checks every lesson passes are in ``test_lessons.py``)."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest

from mineedu.core.i18n import format_number
from mineedu.games.gold_mine import odds

from .helpers import APP, START, new_page
from .lesson import CHOICE, click, displayed_game, import_game, wait_ready

# the review's case (REVIEW.md): J1 on card 4, Dragobert on 5, 54 cards left, 16 eyes and 5 dragons
NEXT_TO_DRAGOBERT = json.dumps({
    "format": "mineedu-saved-game/1", "game": "gold_mine", "players": 4, "config": {}, "seed": 7,
    "moves": [[0, ["explore"]], [-1, "dragon"], [1, ["explore"]], [-1, "dragon"], [2, ["explore"]], [-1, "dragon"],
              [3, ["explore"]], [-1, "lantern"]],
})


def panel_burn(page) -> Fraction | None:
    b = page.locator(".mineedu-panel .odds-burn")
    return Fraction(b.get_attribute("data-exact")) if b.count() else None


def check_panel(page, lang="fr") -> object:
    """The panel's figures against the engine, for the state the page itself exports."""
    _, state = displayed_game(page)
    if state.is_terminal() or state.positions[0] <= 0:
        return state
    burn = odds.burn_risk(state, 0)
    assert panel_burn(page) == burn
    assert page.locator(".mineedu-panel .odds-burn-pct").inner_text() == format_number(burn, lang, percent=True)
    assert Fraction(page.locator(".mineedu-panel .odds-change").get_attribute("data-exact")) == odds.gold_change(state, 0)
    d, n = odds.dragon_fraction(state)
    if n:
        assert page.locator(".mineedu-panel .odds-next").inner_text() == f"{d}/{n}"
    return state


def test_server_preheats_and_culls(server, server_log):
    log = server_log.read_text()
    assert "Kernel pool of gold_mine.ipynb is filled" in log and "Kernel pool of index.ipynb is filled" in log
    assert "Culling kernels with idle durations" in log


def test_next_to_dragobert_the_panel_shows_the_engines_burn_risk(server, page):
    page.goto(server + APP)
    wait_ready(page)
    import_game(page, NEXT_TO_DRAGOBERT)
    wait_ready(page)
    assert page.locator(".mineedu-panel .odds-burn").inner_text() == "21/54"
    assert panel_burn(page) == Fraction(21, 54)
    assert page.locator(".mineedu-panel .odds-burn-pct").inner_text() == "38,9\u00a0%"
    check_panel(page)
    # play on by clicking the picture, checking the panel after every move of ours
    for _ in range(12):
        deck = page.locator(".me-active[data-region='deck:explore'], .me-active[data-region='deck:exit']")
        if not deck.count():
            choice = page.locator(CHOICE).first
            if not choice.count():
                break
            click(page, choice)
        else:
            click(page, deck.last)  # the exit deck: the miner gets out of Dragobert's way
        state = check_panel(page)
        if state.is_terminal():
            break


def test_play_a_whole_game_by_clicking_the_picture(server, page):
    page.goto(server + APP)
    wait_ready(page)
    for _ in range(300):
        if page.locator(".mineedu-over").count():
            break
        explore = page.locator(".me-active[data-region='deck:explore']")
        click(page, explore if explore.count() and (panel_burn(page) or 0) < Fraction(1, 5) else page.locator(CHOICE).last)
    else:
        pytest.fail("the game did not end")
    _, state = displayed_game(page)
    assert state.is_terminal()
    podium = page.locator(".mineedu-podium").inner_text()
    assert "Podium final" in podium and "points" in podium


def test_a_double_click_sends_one_pick_and_waits_for_its_answer(server, page):
    """Two clicks before the kernel answers the first (a double click, or a redraw for another seat's move
    arriving in between at a table): the page sends the first only, and offers nothing until it is answered."""
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda f: sent.append(
        f if isinstance(f, str) else f.decode("utf-8", errors="replace"))))
    page.goto(server + APP)
    wait_ready(page)
    version = page.locator(".me-canvas").first.get_attribute("data-version")
    before = len(sent)
    pending = page.evaluate("""() => { const c = document.querySelector('.me-canvas');
      const o = c.querySelector('.me-active[data-region="deck:explore"]'); o.dispatchEvent(new MouseEvent('click'));
      const p = c.dataset.pending; o.dispatchEvent(new MouseEvent('click')); return p; }""")
    assert pending == "1"  # set at once, before any answer could arrive
    page.wait_for_function("v => { const c = document.querySelector('.me-canvas'); "
                           "return c.dataset.version !== v && c.dataset.pending === '0'; }", arg=version)
    picks = [f for f in sent[before:] if re.search(r'"event":\s*"pick"', f)]
    assert len(picks) == 1, picks
    assert page.locator(".mineedu-message").inner_text().strip() == ""  # no "stale choice" for the second click
    saved, _ = displayed_game(page)
    assert [a for p, a in saved.moves if p == 0] == [("explore",)]  # J1 explored once


def test_the_exact_value_waits_for_a_prediction(server, page):
    page.goto(server + APP)
    reveal = page.locator(".mineedu-reveal button, button.mineedu-reveal").first
    reveal.wait_for()
    assert reveal.is_disabled()
    page.locator(".mineedu-simulate").first.click()
    page.locator(".mineedu-chart-box svg").first.wait_for()
    assert page.locator(".mineedu-exact").first.inner_text() == ""
    assert reveal.is_disabled()
    page.locator(".mineedu-guess input").first.fill("0,3")
    page.locator(".mineedu-commit").first.click()
    page.wait_for_function("b => !b.disabled", arg=reveal.element_handle())
    reveal.click()
    page.locator(".mineedu-exact-value").first.wait_for()
    assert "201/551" in page.locator(".mineedu-exact").first.inner_text()
    assert page.locator(".mineedu-chart-box .chart-exact").count() >= 1


def test_two_pages_draw_different_samples(server, browser):
    results = []
    for _ in range(2):
        page = new_page(browser)
        page.goto(server + APP)
        page.locator(".mineedu-simulate").first.wait_for()
        page.locator(".mineedu-simulate").first.click()
        page.locator(".mineedu-sim-result").first.get_by_text("Simulé").wait_for()
        results.append(page.locator(".mineedu-sim-result").first.inner_text())
        page.close()
    assert results[0] != results[1]  # each page has a seed of its own, shown on the page
    seeds = [re.search(r"Graine de cette page\s:\s(\d+)", r).group(1) for r in results]
    assert seeds[0] != seeds[1]


def test_the_address_and_the_start_page_open_english(server, page):
    page.goto(server + APP + "?lang=en")
    wait_ready(page)
    assert "Your turn" in page.locator(".mineedu-status").inner_text()
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.title().startswith("My Gold Mine")
    page.goto(server + START)
    page.locator(".mineedu-lesson").first.wait_for()
    assert page.evaluate("document.documentElement.lang") == "fr"
    page.locator(".mineedu-lang").get_by_text("English").click()
    page.get_by_text("Open the lesson").first.wait_for()
    page.locator(".mineedu-lesson[data-game='gold_mine'] a.mineedu-lesson-link").click()
    page.wait_for_url("**/gold_mine.ipynb?lang=en")
    wait_ready(page)
    assert "Your turn" in page.locator(".mineedu-status").inner_text()
    assert "P(burned)" in page.locator(".mineedu-panel").inner_text()


def test_start_page_pictures_each_game(server, page):
    """The start page has no board, hence no projector view: no switch, and an address asking for the view
    still shows the lessons (the view folded every text of the page away, leaving it blank)."""
    page.goto(server + START + "?view=projector")
    page.locator(".mineedu-lesson").first.wait_for()
    assert page.locator(".mineedu-lang").is_visible() and not page.locator(".mineedu-project").is_visible()
    assert "mineedu-projector" not in page.evaluate("document.body.className")
    assert "view=" not in page.url
    thumbs = page.locator(".mineedu-lesson img.mineedu-thumb")
    assert thumbs.count() == 5
    loaded = page.evaluate("() => [...document.querySelectorAll('img.mineedu-thumb')].map(i => i.complete && i.naturalWidth > 0)")
    assert loaded == [True] * 5
    assert len(set(thumbs.evaluate_all("imgs => imgs.map(i => i.src)"))) == 5
