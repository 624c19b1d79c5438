"""The class server in real Chromium: every lesson opens playable from the class link; a dead page says so.

Marked ``browser`` and ``server``. Playable means what a student needs: the
board's picture (``.me-canvas svg``) with at least one region or button to
pick (``.me-active``, ``.me-option``), and no guard banner.
"""

from __future__ import annotations

import signal

import pytest

from tests.browser.helpers import new_page

from .conftest import TOKEN, lesson_notebooks

pytestmark = [pytest.mark.server, pytest.mark.browser]

PLAYABLE = ".me-canvas svg"
PICK = ".me-canvas .me-active, .me-canvas .me-option"


def open_lesson(browser, classroom, lesson, query=f"token={TOKEN}"):
    page = new_page(browser)
    page.set_default_timeout(90_000)
    page.goto(f"{classroom.url}/voila/render/{lesson}?{query}")
    page.locator(PLAYABLE).first.wait_for()
    page.locator(PICK).first.wait_for()
    return page


@pytest.mark.parametrize("lesson", lesson_notebooks())
def test_every_lesson_opens_playable_from_the_class_link(browser, classroom, lesson):
    page = open_lesson(browser, classroom, lesson)
    assert page.locator("#mineedu-guard").count() == 0
    before = page.locator(PLAYABLE).first.inner_html()
    page.locator(PICK).first.click()
    page.wait_for_function("old => document.querySelector('.me-canvas svg') && "
                           "document.querySelector('.me-canvas svg').innerHTML !== old", arg=before)
    assert page.locator("#mineedu-guard").count() == 0
    page.close()


def test_a_page_whose_kernel_died_says_so_in_both_languages_and_reloads(browser, classroom, lesson):
    page = open_lesson(browser, classroom, lesson, query=f"token={TOKEN}&lang=en")
    kid = page.evaluate("() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    [proc] = [p for p in classroom.kernels() if any(kid in part for part in p.cmdline())]
    proc.send_signal(signal.SIGKILL)
    banner = page.locator("#mineedu-guard[data-reason=stopped]")
    banner.wait_for(timeout=60_000)
    text = banner.inner_text()
    assert text.index("This page has stopped") < text.index("Cette page s'est arrêtée")  # the page's language first
    page.locator("#mineedu-guard .mineedu-reload").click()
    page.locator(PICK).first.wait_for()
    assert page.locator("#mineedu-guard").count() == 0
    page.close()


def test_a_page_without_the_class_code_asks_for_it(browser, classroom, lesson):
    page = new_page(browser)
    page.goto(f"{classroom.url}/voila/render/{lesson}")
    page.locator("input[name=password]").fill(TOKEN)
    page.locator("form button").click()
    page.locator(PICK).first.wait_for(timeout=90_000)
    page.close()
