""""Revoir mes décisions" in real Chromium against the real Voilà server: a My Gold Mine game
played to its end by clicking the picture, then the review stepped through decision by decision,
the burn risk it shows at each equal to the engine's on that very state (summed over the
engine's own ``outcomes_after``), the chances of winning drawn, and the progress bar seen moving
(a width strictly between 0 and 100 %, as the worker thread's rollouts report).

With ``MINEEDU_SHOTS=dir`` the review is photographed at the four sizes into that folder."""

from __future__ import annotations

import os
import re
from fractions import Fraction
from pathlib import Path

import pytest

from tests.review.helpers import engine_burn_risk

from .helpers import APP
from .lesson import CHOICE, SIZES, click, displayed_game, wait_ready

HEAD = ".mineedu-review-head"
WATCH_PROGRESS = """() => {
  window.reviewWidths = [];
  const seen = (el) => {
    const m = /width:\\s*([0-9.]+)%/.exec(el.getAttribute('style') || '');
    if (m && el.closest('.mineedu-review-progress')) window.reviewWidths.push(m[1]);
  };
  new MutationObserver((records) => records.forEach((r) => seen(r.target)))
    .observe(document.body, {subtree: true, attributes: true, attributeFilter: ['style']});
}"""


def shown_burn(page) -> Fraction | None:
    cell = page.locator(".mineedu-review-table [data-figure='burn_risk']")
    return Fraction(cell.get_attribute("data-exact")) if cell.count() else None


def test_review_a_game_played_by_clicking(server, page):
    page.goto(server + APP)
    wait_ready(page)
    assert not page.locator(".mineedu-review-open").is_visible()  # not before the end of the game
    for _ in range(300):
        if page.locator(".mineedu-over").count():
            break
        explore = page.locator(".me-active[data-region='deck:explore']")
        burn = page.locator(".mineedu-panel .odds-burn")
        risky = burn.count() and Fraction(burn.get_attribute("data-exact")) >= Fraction(1, 5)
        click(page, explore if explore.count() and not risky else page.locator(CHOICE).last)
    else:
        pytest.fail("the game did not end")
    saved, final = displayed_game(page)
    assert final.is_terminal()
    states = []
    state = saved.game.initial_state()
    for p, a in saved.moves:
        if p == 0:
            states.append(state)
        state = state.apply(a, player=None if p < 0 else p)
    n = len(states)
    page.evaluate(WATCH_PROGRESS)
    page.locator(".mineedu-review-open").click()
    page.locator(HEAD).get_by_text(f"Décision 1 sur {n}").wait_for()
    checked = 0
    for k, state in enumerate(states):
        page.locator(HEAD).get_by_text(f"Décision {k + 1} sur {n}").wait_for()
        page.locator(f".mineedu-review-options[data-decision='{k + 1}']").wait_for()  # the table of that decision
        assert page.locator(".mineedu-review-svg svg").count() == 1
        assert "votre choix" in page.locator(".mineedu-review-table").inner_text()
        if ("explore",) in state.legal_actions(0):
            assert shown_burn(page) == engine_burn_risk(state, 0), k
            checked += 1
        else:
            assert shown_burn(page) is None
        if k + 1 < n:
            page.locator(".mineedu-review-next button, button.mineedu-review-next").first.click()
    assert checked >= 3
    # the last decision's rollouts (short: the game is nearly over) come in, as an interval bar
    page.locator(".mineedu-review-win").first.wait_for(timeout=120_000)
    text = page.locator(".mineedu-review-table").inner_text()
    # a bound may read < 1 % or > 99 %
    assert re.search(r"\d+\u00a0% \[(?:<\u00a0)?\d+\u00a0%\u00a0; (?:>\u00a0)?\d+\u00a0%\]", text), text
    # the progress bar moved in the page while the rollouts ran (the worker thread's updates reached it)
    widths = [float(w) for w in page.evaluate("window.reviewWidths")]
    assert any(0 < w < 100 for w in widths), widths
    shots = os.environ.get("MINEEDU_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        for w, h in SIZES.values():
            page.set_viewport_size({"width": w, "height": h})
            page.wait_for_timeout(800)
            page.locator(".mineedu-review").first.scroll_into_view_if_needed()
            page.screenshot(path=f"{shots}/review-{w}x{h}.png")
