"""The Gold am Yukon lesson in real Chromium against the real Voilà server: a whole game played by
clicking the picture, the panel checked against the engine after the human's moves (the checks
every lesson passes are in ``test_lessons.py``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction

from playwright.sync_api import Browser, Page

from mineedu.core.i18n import format_number
from mineedu.games.yukon import YukonState, odds

from .helpers import new_page as _new_page
from .lesson import CHOICE, click, displayed_game, import_game, wait_ready

new_page: Callable[[Browser], Page] = _new_page
APP = "/voila/render/yukon.ipynb"
ROUNDS = 12  # a bounded game (the config's round limit) keeps the test short; the rules are the same
BOUNDED = json.dumps({"format": "mineedu-saved-game/1", "game": "yukon", "players": 3, "config": {"max_rounds": ROUNDS},
                      "seed": 5, "moves": []})


def engine_at_least(k: int) -> Fraction:
    """P(one turn gives at least ``k`` pips), from the rules' own chance outcomes (each throw a chance node)."""
    from mineedu.games.yukon import YukonGame

    s = YukonGame(3).initial_state()
    for space in (0, 102, 211):
        s = s.apply(("start", space))  # player 1 now throws, with room to place every pip

    def p(t: YukonState) -> Fraction:
        if t.pips >= k:
            return Fraction(1)  # more throws only add
        if not t.is_chance():
            return Fraction(0)
        return sum((q * p(t.apply(o)) for o, q in t.chance_outcomes()), Fraction(0))

    return p(s)


def exact(page: Page, selector: str) -> Fraction | None:
    node = page.locator(f".mineedu-panel {selector}")
    return Fraction(str(node.first.get_attribute("data-exact"))) if node.count() else None


def check_panel(page: Page, lang: str = "fr") -> YukonState:
    """The panel's figures against the engine, for the state the page itself exports."""
    _, state = displayed_game(page)
    assert isinstance(state, YukonState)
    if state.is_terminal() or state.is_chance():
        return state
    # the law of one turn: every row of the table is the engine's exact probability
    rows = page.locator(".mineedu-panel tr.odds-pips")
    for i in range(rows.count() - 1):
        row = rows.nth(i)
        k = int(str(row.get_attribute("data-pips")))
        assert Fraction(str(row.get_attribute("data-exact"))) == engine_at_least(k) - engine_at_least(k + 1)
    view = state.observation(None)
    report = odds.view_report(view)
    now = report["now"]
    if view.throws:
        t = sum(view.throws)
        assert exact(page, ".odds-thrown") == engine_at_least(t) - engine_at_least(t + 1)
    if now["phase"] == "move" and now["need"] is not None and not now["within"] and view.pips < now["need"]:
        want = engine_at_least(now["need"] - view.pips)
        assert exact(page, ".odds-next") == want  # the reach probability of the next turn
        assert page.locator(".mineedu-panel .odds-next-pct").inner_text() == format_number(want, lang, percent=True)
    if now["phase"] == "move" and now["within"]:
        assert page.locator(".mineedu-panel .odds-stake").count() == 1
    return state


def test_a_whole_bounded_game_clicked_on_the_picture_with_the_panel_checked(server: str, page: Page) -> None:
    page.goto(server + APP)
    wait_ready(page)
    import_game(page, BOUNDED)
    wait_ready(page)
    assert "Manche 1" in page.locator(".mineedu-status").inner_text()
    clicks = checked = 0
    for _ in range(600):
        if page.locator(".mineedu-over").count():
            break
        claim = page.locator(".me-canvas .me-active[data-region^='claim:']")
        choice = claim.first if claim.count() else page.locator(CHOICE).last
        click(page, choice)
        clicks += 1
        if clicks % 4 == 0:
            check_panel(page)
            checked += 1
    else:
        raise AssertionError("the game did not end")
    _, final = displayed_game(page)
    assert isinstance(final, YukonState) and final.is_terminal() and final.game.config.max_rounds == ROUNDS
    status = page.locator(".mineedu-status").inner_text()
    assert "Partie terminée" in status and "Pépites" in status and "Partie finie" in status
    assert clicks > 30 and checked > 5


def test_the_mean_waits_for_a_prediction_then_shows_the_law(server: str, browser: Browser) -> None:
    page = new_page(browser)
    page.goto(server + APP)
    page.locator(".mineedu-simulate").first.wait_for()
    page.locator(".mineedu-guess input").first.fill("3,5")
    page.locator(".mineedu-commit").first.click()
    page.locator(".mineedu-simulate").first.click()
    page.locator(".mineedu-chart-box svg .chart-bar").first.wait_for()
    reveal = page.locator(".mineedu-reveal button, button.mineedu-reveal").first
    page.wait_for_function("b => !b.disabled", arg=reveal.element_handle())
    reveal.click()
    page.locator(".mineedu-exact-value").first.wait_for()
    shown = page.locator(".mineedu-exact").first.inner_text()
    assert "21/5" in shown and "56/25" in shown
    assert page.locator(".mineedu-chart-box .chart-exact").count() > 5  # the exact law over the histogram
    page.close()
