"""Driving a lesson page in Chromium as a student does (shared by the browser tests and benchmarks)."""

from __future__ import annotations

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from mineedu.core import SavedGame

CANVAS = ".me-canvas"
CHOICE = ".me-canvas .me-active, .me-canvas .me-option"
READY = """() => { const c = document.querySelector('.me-canvas');
  return c && c.dataset.waiting === '0'
    && document.querySelectorAll('.me-canvas .me-active, .me-canvas .me-option').length > 0; }"""
CHANGED = """v => { const c = document.querySelector('.me-canvas'); return c && c.dataset.version !== v; }"""


def wait_ready(page, timeout: float = 60_000) -> None:
    """Until the board offers a choice to the human (bots done)."""
    page.wait_for_function(READY, timeout=timeout)


def version(page) -> str:
    return page.locator(CANVAS).first.get_attribute("data-version") or ""


def click(page, locator) -> None:
    """Click a region or button of the board, then let the bots finish, until the human may choose again."""
    v = version(page)
    locator.click()
    page.wait_for_function(CHANGED, arg=v)
    finish_bots(page)


def finish_bots(page) -> None:
    """The board's own "bots play at once" button, when bots are to move."""
    page.wait_for_function("() => document.querySelector('.me-canvas').dataset.version !== undefined")
    for _ in range(50):
        waiting = page.locator(CANVAS).first.get_attribute("data-waiting") == "1"
        over = page.locator(".mineedu-over").count() > 0
        if over or (not waiting and page.locator(CHOICE).count()):
            return
        if waiting and page.locator(".mineedu-finish").is_visible():
            v = version(page)
            try:  # the bots may finish on their own (the browser's pauses) just before the click
                page.locator(".mineedu-finish").click(timeout=3000)
            except PlaywrightTimeout:
                continue
            page.wait_for_function(CHANGED, arg=v)
        else:
            page.wait_for_timeout(200)


def open_saved_box(page) -> None:
    if not page.locator(".mineedu-saved-text textarea").is_visible():
        page.locator(".mineedu-saved-toggle").click()
        page.locator(".mineedu-saved-text textarea").wait_for()


def displayed_game(page) -> tuple[SavedGame, object]:
    """The game the page displays, exported by its own Export button and replayed by the engine."""
    open_saved_box(page)
    box = page.locator(".mineedu-saved-text textarea")
    box.fill("")
    page.locator(".mineedu-export").click()
    page.wait_for_function("() => document.querySelector('.mineedu-saved-text textarea').value.length > 0")
    saved = SavedGame.loads(box.input_value())
    return saved, saved.replay()


def import_game(page, text: str) -> None:
    open_saved_box(page)
    page.locator(".mineedu-saved-text textarea").fill(text)
    v = version(page)
    page.locator(".mineedu-import").click()
    page.wait_for_function(CHANGED, arg=v)
